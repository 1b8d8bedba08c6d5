"""The ``rometools`` command: self-play from the shell, and data-file checks.

::

    rometools simulate caesars_empire --players 4 --games 10000 --bots greedy --seed 1 \\
        --executor process --out results.csv
    rometools validate my_board.toml

``simulate`` prints the seat win rates with their Wilson intervals, the
no-seat-advantage test and the game summary, and writes one row per game and
seat to ``--out`` (``.csv``; ``.parquet`` when pyarrow is installed).
``--option board=...`` takes a board file's path or a bundled board's name
(``board_2_3``) for every game with a board. Every flag is checked before a
game is played; a bad value is refused naming its flag (exit code 2).
``validate`` loads a data file of any registered game and prints what it
holds, or the error naming the file, the entry and the problem (exit code 1).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

__all__ = ["main"]


def _option(text: str) -> tuple[str, object]:
    """``key=value`` with ``value`` read as JSON when it can be (``true``, ``2``), else a string."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"an option is key=value, e.g. route_policy=first; got {text!r}")
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return key.strip(), parsed


def _game(game_id: str, players: int | None, options: dict[str, object]):
    """The game ``--players`` and the ``--option`` flags describe, built before any game is played.

    A value the game refuses is reported with the flag that gave it (the
    message is the game's own, as the API and the explorers give it); when no
    flag fails alone, every flag that took part is named.
    """
    from rometools.core.errors import RometoolsError
    from rometools.core.game import game_spec, load_game

    game_spec(game_id)  # an unknown game is said as such, not blamed on a flag
    base = {} if players is None else {"players": players}
    flags = [(f"--players {players}", base)] if base else []
    flags += [(f"--option {key}={value if isinstance(value, str) else json.dumps(value)}", {key: value})
              for key, value in options.items()]
    try:
        return load_game(game_id, **base, **options)
    except (RometoolsError, ValueError, TypeError) as err:
        together = err
    for flag, given in flags:
        try:
            load_game(game_id, **{**base, **given})
        except (RometoolsError, ValueError, TypeError) as err:
            raise ValueError(f"{flag}: {err}") from None
    raise ValueError(f"{' with '.join(flag for flag, _ in flags)}: {together}") from None


def _simulate(args) -> int:
    import rometools
    from rometools.core.balance import (
        game_length_text,
        game_summary,
        seat_advantage_test,
        seat_win_rates,
    )
    from rometools.core.formatting import counted, number, p_value, percent

    for flag, value, low in (("--games", args.games, 1), ("--seed", args.seed, 0), ("--workers", args.workers, 1),
                             ("--players", args.players, 1)):
        if value is not None and value < low:  # the flag named, as a designer typed it
            raise ValueError(f"{flag} must be a whole number {low} or more, got {value}")
    bots = args.bots.split(",") if "," in args.bots else args.bots
    options = dict(args.option or [])
    if args.players is not None and "players" in options and options["players"] != args.players:
        raise ValueError(f"--players {args.players} and --option players={options['players']} disagree; give one")
    if args.out:  # checked before any game is played: a run is not lost to a typo in the path
        out = Path(args.out)
        if out.suffix not in (".csv", ".parquet"):
            raise ValueError(f"--out {args.out}: write a .csv or .parquet file")
        if not out.parent.is_dir():
            raise ValueError(f"--out {args.out}: folder {str(out.parent)!r} does not exist")
        if out.suffix == ".parquet":
            import importlib.util

            if importlib.util.find_spec("pyarrow") is None:
                raise ValueError(f"--out {args.out}: a .parquet file needs pyarrow (pip install pyarrow); "
                                 f"or write a .csv file")
    game = _game(args.game, args.players, options)
    start = time.perf_counter()
    df = rometools.simulate(game, args.games, bots=bots, seed=args.seed, executor=args.executor,
                            workers=args.workers, address=args.address, rotate=args.rotate,
                            progress=not args.quiet)
    seconds = max(time.perf_counter() - start, 1e-6)
    games = df[["game", "rotation"]].drop_duplicates().shape[0]
    print(f"{counted(games, 'game')} of {game.title} in {seconds:.1f} s ({number(round(games / seconds))} games/s, "
          f"executor {args.executor})")
    rates = seat_win_rates(df)
    print("\nSeat win rates (95% Wilson intervals):")
    table = rates[["player", "games", "wins", "shared_wins", "win_rate", "ci_low", "ci_high"]].rename(
        columns={"shared_wins": "shared wins", "win_rate": "win rate", "ci_low": "95% low", "ci_high": "95% high"})
    print(table.to_string(index=False, formatters={
        **{c: number for c in ("games", "wins", "shared wins")},
        **{c: (lambda x: percent(float(x), 3)) for c in ("win rate", "95% low", "95% high")}}))
    test = seat_advantage_test(df)
    print(f"\nNo seat advantage? {test['method']} test: {p_value(test['p_value'])} over "
          f"{counted(int(test['games']), 'outright win')}")
    summary = game_summary(df)
    print(f"Winning margin: mean {summary['margin'].mean():.1f} points, median {summary['margin'].median():.0f}. "
          f"{game_length_text(df)}")
    if args.out:  # ``out``: checked before the games
        if out.suffix == ".parquet":
            df.to_parquet(out, index=False)
        else:
            df.to_csv(out, index=False)
        print(f"\n{counted(len(df), 'row')} written to {out}")
    return 0


def _validate(args) -> int:
    from rometools.core.data import _read
    from rometools.core.errors import DataFileError
    from rometools.core.game import game_spec, games

    try:
        raw = _read(Path(args.file))
        game_id = args.game or (raw.get("meta") or {}).get("game")
        if game_id is None:
            raise DataFileError(args.file, "meta.game", f"names no game; add [meta] game = \"...\" or pass "
                                                        f"--game (one of {', '.join(games())})")
        spec = game_spec(game_id)
        kind = next((k for k in spec.file_kinds if k in raw), None)
        if kind is None:
            raise DataFileError(args.file, "", f"is not a {spec.title} data file I know: it has none of the "
                                               f"tables {sorted(spec.file_kinds)}")
        value = spec.file_kinds[kind](args.file)
    except Exception as err:  # noqa: BLE001 - the command reports every failure in words
        print(f"invalid: {err}", file=sys.stderr)
        return 1
    print(f"valid: {args.file} is a {spec.title} {kind} file ({type(value).__name__})")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the ``rometools`` command; returns the exit code."""
    parser = argparse.ArgumentParser(prog="rometools", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play many seeded bot games and print balance metrics")
    sim.add_argument("game", help="a registered game id, e.g. caesars_empire")
    sim.add_argument("--players", type=int)
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--bots", default="random", help="one bot for every seat, or one per seat: greedy,random,...")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--executor", default="serial", choices=["serial", "process", "dask"])
    sim.add_argument("--workers", type=int)
    sim.add_argument("--address", help="a running Dask scheduler (with --executor dask)")
    sim.add_argument("--rotate", action="store_true", help="play each seed once per seat rotation")
    sim.add_argument("--option", type=_option, action="append", metavar="KEY=VALUE",
                     help="a game option, e.g. --option route_policy=first or --option board=my_board.toml "
                          "(repeatable)")
    sim.add_argument("--out", help="write the rows to a .csv (or .parquet) file")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    val = sub.add_parser("validate", help="check a data file of any registered game")
    val.add_argument("file")
    val.add_argument("--game", help="the game, when the file's [meta] table does not say")
    args = parser.parse_args(argv)
    try:
        return _simulate(args) if args.command == "simulate" else _validate(args)
    except Exception as err:  # noqa: BLE001 - a designer's typo is a message, not a traceback
        from rometools.core.errors import RometoolsError

        if not isinstance(err, RometoolsError | ValueError | TypeError):
            raise
        print(f"rometools {args.command}: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
