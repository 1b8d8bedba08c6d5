"""``rometools report``: the automated playtest as one HTML page, on the command line (:mod:`rometools.cli`).

::

    rometools report via_romana --games 200 --out report.html
    rometools report via_romana --players 3 --compare dangerous_ties=true --out report.html
    rometools report --variant gold.toml --skill-games 20 --figures figures/ --out gold.html
    rometools report imperator --games 100 --spot-games 400 --out hot.html   # more games for the hot spots

Every argument is checked before a game is played (``--compare`` included: it is loaded as the
game would be), and refused naming its flag (exit code 2). ``--out`` is taken at once and written
whole at the end; a run stopped by Ctrl-C stops every part, writes no page and exits with code 3.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

__all__ = ["add_parser", "check_counts", "run_report"]


def add_parser(sub, whole, option) -> None:
    """Add ``report`` to the command's subparsers (``whole``, ``option``: the command's argparse
    types for a count and a ``KEY=VALUE``)."""
    from rometools.cli import HANDICAP_FORMS

    rep = sub.add_parser("report", help="an automated playtest: seat balance, skill, restricted play, hot spots, rule holes, odds (HTML)")
    rep.add_argument("game", nargs="?", help="a registered game id (rometools games lists them); may be left "
                                             "out with --variant")
    rep.add_argument("--variant", metavar="FILE",
                     help="a saved variant (.toml) to report on; --players given beside it overrides its own")
    rep.add_argument("--games", type=whole, default=200, help="games of the seat-balance run (default 200)")
    rep.add_argument("--players", type=whole, help="players (default: the game's default count)")
    rep.add_argument("--bots", default="greedy", help="the bot every seat plays (default greedy)")
    rep.add_argument("--seed", type=whole, default=0, help="seed of the whole report (default 0)")
    rep.add_argument("--out", required=True, help="the .html file to write (refused if it exists, without --force)")
    rep.add_argument("--force", action="store_true", help="replace the --out file if it exists")
    rep.add_argument("--compare", type=option, action="append", metavar="KEY=VALUE",
                     help="a variant's option to pair with the game on the same seeds (repeatable); "
                          f"{HANDICAP_FORMS}")
    rep.add_argument("--skill-games", type=whole, default=0,
                     help="seeds per budget of the MCTS skill curve (default 0: not measured)")
    rep.add_argument("--spot-games", type=whole, default=None,
                     help="games of the hot spots (the places whose first taker wins most or least often), 0 to "
                          "100,000 (default: --games, at most 100; 0 skips them)")
    rep.add_argument("--shift-games", type=whole, default=0,
                     help="games per player count of the hot spots' shift (default 0: not measured)")
    rep.add_argument("--flow-games", type=whole, default=None,
                     help="games of 'How it plays' (game flow; default: --games; 0 skips it)")
    rep.add_argument("--figures", metavar="FOLDER",
                     help="also write every chart as PNG and SVG into this folder, for a rulebook draft")
    rep.add_argument("--executor", default="serial", choices=["serial", "process", "dask"],
                     help="how the seat-balance games and the skill curve are played (default serial)")
    rep.add_argument("--workers", type=whole, help="worker processes, 1 or more (default: one per core)")
    rep_bar = rep.add_mutually_exclusive_group()
    rep_bar.add_argument("--quiet", action="store_true", help="no progress bars")
    rep_bar.add_argument("--progress", action="store_true",
                         help="progress bars on stderr even when it is not a terminal (default: only on one)")


class _PartBars:
    """``playtest(progress=...)``'s callback on the command line: one bar per part of the report."""

    def __init__(self, title: str, force: bool = False):
        self.title, self.force, self.bars = title, force, {}

    def __call__(self, part: str, done: int, total: int) -> None:
        from rometools.cli import _ProgressBar

        if part not in self.bars:
            for bar in self.bars.values():
                bar.close()
            self.bars[part] = _ProgressBar(f"{self.title}: {part}", force=self.force)
        self.bars[part](done, total)

    def close(self) -> None:
        for bar in self.bars.values():
            bar.close()


def check_counts(args: argparse.Namespace) -> None:
    """Every whole-number flag of ``report`` in its range, refused naming the flag: checked first, before
    ``--out`` and the game (and before a required flag left out is said: :func:`rometools.cli.main`).

    Raises
    ------
    ValueError
        ``--games must be a whole number 1 to 10,000,000, got 0``.
    """
    from rometools.cli import MAX_GAMES, MAX_PART_GAMES, MAX_WORKERS

    for flag, value, low, high in (("--games", args.games, 1, MAX_GAMES), ("--seed", args.seed, 0, 2**63 - 1),
                                   ("--skill-games", args.skill_games, 0, MAX_PART_GAMES),
                                   ("--spot-games", args.spot_games, 0, MAX_PART_GAMES),
                                   ("--shift-games", args.shift_games, 0, MAX_PART_GAMES),
                                   ("--flow-games", args.flow_games, 0, MAX_PART_GAMES),
                                   ("--workers", args.workers, 1, MAX_WORKERS)):
        if value is not None and not low <= value <= high:
            raise ValueError(f"{flag} must be a whole number {low:,} to {high:,}, got {value:,}")


def run_report(args: argparse.Namespace) -> int:
    """``rometools report GAME --out report.html``: :func:`rometools.charts.playtest.report`, the file
    checked before any game is played."""
    from rometools._cli_files import _claim, _release
    from rometools.charts.playtest import report
    from rometools.cli import (
        INTERRUPTED,
        _game,
        _options,
        _typed,
        _variant,
    )
    from rometools.core.game import game_spec

    check_counts(args)
    out = Path(args.out)
    if out.suffix.lower() not in (".html", ".htm"):
        raise ValueError(f"--out {args.out}: write an .html file")
    if not out.parent.is_dir():
        raise ValueError(f"--out {args.out}: folder {str(out.parent)!r} does not exist")
    if out.exists() and not out.is_file():
        raise ValueError(f"--out {args.out}: is not a regular file (a pipe, a device or a folder)")
    variant = _variant(args)
    spec = game_spec(args.game)
    if args.bots not in spec.bots:
        raise ValueError(f"--bots {args.bots}: {spec.title}'s bots are {', '.join(sorted(spec.bots))}")
    figures = None if args.figures is None else Path(args.figures)
    if figures is not None and figures.exists() and not figures.is_dir():
        raise ValueError(f"--figures {args.figures}: not a folder")
    game = _game(args.game, args.players, {}, variant, args.variant)
    compare = _options(args.compare) or None
    if compare:   # every argument before any game: a typo in --compare was found after the seat run
        from rometools.core.playtest import variant_options

        own = variant_options(game)
        typed = {**({key: f"--variant {args.variant}" for key in own} if variant is not None else {}),
                 **_typed(args.compare, "--compare")}
        try:
            _game(args.game, game.players, {**own, **compare}, typed=typed)
        except ValueError as err:
            text = str(err)
            raise ValueError(text if "--compare" in text else f"--compare: {text}") from None
    _claim(out, "--out", args.force)   # the name taken now; the page written whole at the end
    start = time.perf_counter()
    bars = None if args.quiet else _PartBars(game.title, force=args.progress)
    try:
        import warnings

        with warnings.catch_warnings():   # an interruption is said below, with the exit code
            warnings.filterwarnings("ignore", message=".* was interrupted", category=RuntimeWarning)
            report(game, args.games, seed=args.seed, bot=args.bots, out=out, compare=compare,
                   skill_games=args.skill_games, spot_games=args.spot_games, shift_games=args.shift_games,
                   flow_games=args.flow_games,
                   figures=figures, executor=args.executor, workers=args.workers,
                   progress=False if bars is None else bars)
    except KeyboardInterrupt:   # every part stops; no page says it holds games it did not play
        _release(out)
        if bars is not None:
            bars.close()
        print(f"rometools report: INTERRUPTED (Ctrl-C) after {time.perf_counter() - start:.1f} s; nothing was "
              f"written to {out}", file=sys.stderr)
        return INTERRUPTED
    except BaseException:
        _release(out)
        raise
    finally:
        if bars is not None:
            bars.close()
    print(f"{out}: the playtest report of {game.title}, {game.players} players, {args.games:,} games "
          f"(seed {args.seed}), written in {time.perf_counter() - start:.1f} s"
          + (f"; every chart as PNG and SVG in {figures}" if figures is not None else ""))
    return 0
