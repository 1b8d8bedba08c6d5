"""``rometools compare`` and ``rometools tune``: the what-if studio on the command line (:mod:`rometools.cli`).

::

    rometools compare via_romana --players 3 --set hand=5 --max-games 20000 --out compare.json
    rometools compare augustus --variant doubled.toml [--base house.toml] --precision 2
    rometools tune caesars_empire --players 4 --parameter handicap.4 --values 0:60 --target equal-seats

Every argument is checked before a game is played, and refused naming its flag (exit code 2).
``--out`` is written atomically (a temporary file beside it, then renamed), so a reader never sees
half a file. A run interrupted (Ctrl-C) keeps and prints what was played and exits with code 3.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_parsers", "check_counts", "parse_values"]

#: Exit code of a comparison or tuning stopped before its end (Ctrl-C): what was played is kept.
INTERRUPTED = 3
#: Most candidate values ``--values`` may give.
MAX_VALUES = 400


def parse_values(text: str) -> list:
    """``--values`` as a list: ``"0:6"`` (0 to 6 by 1), ``"0:1:0.25"`` (with a step), ``"1,2,5"``.

    Whole numbers stay whole (a handicap in points); a step or an end with a decimal point gives
    decimals.

    Raises
    ------
    argparse.ArgumentTypeError
        For anything else, more than 400 values or a value given twice, in words.

    Examples
    --------
    >>> parse_values("0:6"), parse_values("0:1:0.25"), parse_values("1, 2,5"), parse_values("+3,05")
    ([0, 1, 2, 3, 4, 5, 6], [0.0, 0.25, 0.5, 0.75, 1.0], [1, 2, 5], [3, 5])
    >>> parse_values("6:0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a range runs upward: write low:high or low:high:step, got '6:0'
    >>> parse_values("1,2,1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 1 is given twice, got '1,2,1'
    """
    from rometools.core.formatting import shown
    from rometools.core.parameters import typed_value

    def number(word: str) -> int | float:   # as --set and the studio read a typed value: 03 and +3 are 3
        word = word.strip()
        if len(word) > 30:
            raise argparse.ArgumentTypeError(f"a value of at most 30 characters, got {shown(word)}")
        x = typed_value(word)
        if isinstance(x, bool) or not isinstance(x, int | float):
            raise argparse.ArgumentTypeError(f"values are numbers, got {shown(word)}")
        if not math.isfinite(x):
            raise argparse.ArgumentTypeError(f"values are finite numbers, got {shown(word)}")
        return x

    if ":" in text:
        parts = [number(p) for p in text.split(":")]
        if len(parts) not in (2, 3):
            raise argparse.ArgumentTypeError(f"a range is low:high or low:high:step, got {shown(text)}")
        low, high = parts[0], parts[1]
        step = parts[2] if len(parts) == 3 else 1
        if not high > low:
            raise argparse.ArgumentTypeError(f"a range runs upward: write low:high or low:high:step, got {shown(text)}")
        if not step > 0:
            raise argparse.ArgumentTypeError(f"a range's step is above 0, got {shown(text)}")
        count = int(math.floor((high - low) / step + 1e-9)) + 1
        if count > MAX_VALUES:
            raise argparse.ArgumentTypeError(f"{count:,} values; at most {MAX_VALUES} (a larger step?)")
        if all(isinstance(p, int) for p in parts):
            return [low + k * step for k in range(count)]
        return [float(round(low + k * step, 12)) for k in range(count)]
    values = [number(p) for p in text.split(",") if p.strip()]
    if not values:
        raise argparse.ArgumentTypeError(f"give values as low:high, low:high:step or a list 1,2,5; got {shown(text)}")
    if len(values) > MAX_VALUES:
        raise argparse.ArgumentTypeError(f"{len(values):,} values; at most {MAX_VALUES}")
    twice = next((x for k, x in enumerate(values) if x in values[:k]), None)
    if twice is not None:
        raise argparse.ArgumentTypeError(f"{twice:g} is given twice, got {shown(text)}")
    return values


class _Values(list):
    """``--values`` read (:func:`parse_values`), with the text typed: a candidate the game refuses
    is said with the flag as typed (``--values 4:6``)."""

    text = ""


def _typed_values(text: str) -> _Values:
    """``--values``' argparse type: :func:`parse_values`, keeping the text."""
    values = _Values(parse_values(text))
    values.text = text
    return values


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


class _Typed(float):
    """A number flag's value read, with the text typed: a refusal echoes it as typed (``got 40``, never
    ``got 40.0``; ``got 1e-9``, never ``1e-09``)."""

    text = ""


def _as_typed(value: float) -> str:
    """A number flag's value as the designer typed it (cut short), else as written by :func:`_checked`.

    >>> _as_typed(_unit_interval("40")), _as_typed(_unit_interval(" 1e-9")), _as_typed(2.5)
    ('40', '1e-9', '2.5')
    """
    from rometools.core.formatting import shown

    typed = getattr(value, "text", "").strip()
    if typed:
        return typed if len(typed) <= 30 else shown(typed, 30)
    return f"{value:,}" if isinstance(value, int) or (float(value).is_integer() and abs(value) < 1e18) else f"{value:g}"


def _unit_interval(text: str) -> float:
    try:
        x = _Typed(text)
    except ValueError:
        meant = text.strip().removesuffix("%").strip()
        if text.strip().endswith("%") and meant and _is_number(meant):   # "2%": the unit is in the flag's help
            raise argparse.ArgumentTypeError(f"write it without the % sign, e.g. {meant[:20]}; got {text[:30]!r}") from None
        raise argparse.ArgumentTypeError(f"must be a number, got {text[:30]!r}") from None
    if not math.isfinite(x):
        raise argparse.ArgumentTypeError(f"must be a finite number, got {text[:30]!r}")
    x.text = text
    return x


def add_parsers(sub, whole, option) -> None:
    """Add ``compare`` and ``tune`` to the command's subparsers (``whole``, ``option``: the
    command's argparse types for a count and a ``KEY=VALUE``)."""
    from rometools.cli import HANDICAP_FORMS

    cmp_ = sub.add_parser("compare", help="compare a variant with the game until every figure is decided "
                                          "(paired games, anytime-valid intervals)")
    cmp_.add_argument("game", nargs="?", help="a registered game id (rometools games lists them); may be left out "
                                              "with --variant or --base (the file names its game)")
    cmp_.add_argument("--variant", help="the variant: a variant file (.toml) saved by rometools.Variant; --players "
                                        "and --option apply to it too (an option the file sets itself is refused)")
    cmp_.add_argument("--base", help="the base: a variant file (default: the game as published, with --option); "
                                     "--players and --option apply to it too")
    cmp_.add_argument("--set", type=option, action="append", metavar="KEY=VALUE",
                      help="an option of the variant, on top of the base (repeatable), e.g. --set hand=5; "
                           f"{HANDICAP_FORMS}")
    cmp_.add_argument("--option", type=option, action="append", metavar="KEY=VALUE",
                      help="an option of both (repeatable)")
    cmp_.add_argument("--players", type=whole, help="players in both (default: the game's)")
    cmp_.add_argument("--bots", default="greedy", help="one bot for every seat, or one per seat (default greedy)")
    cmp_.add_argument("--seed", type=whole, default=0, help="seed, 0 or more (default 0)")
    cmp_.add_argument("--precision", type=_unit_interval, default=2.0,
                      help="a change in win rate too small to matter, in percentage points, 0.1 to 50 (default 2)")
    cmp_.add_argument("--score-precision", type=_unit_interval, default=1.0,
                      help="the same for scores, in points, above 0 (default 1)")
    cmp_.add_argument("--length-precision", type=_unit_interval, default=1.0,
                      help="the same for the game length, in the game's unit, above 0 (default 1)")
    cmp_.add_argument("--confidence", type=_unit_interval, default=95.0,
                      help="of the whole comparison, in percent, 50 to 99.99 (default 95)")
    cmp_.add_argument("--max-games", type=whole, default=20_000, help="paired games at most, 1 to 10,000,000 "
                                                                      "(default 20,000)")
    cmp_.add_argument("--batch", type=whole, default=200, help="paired games between two looks, 10 to 100,000 "
                                                               "(default 200)")
    cmp_.add_argument("--restriction", action="append", help="a restricted strategy whose weight to compare "
                                                             "(repeatable; rometools games GAME lists them)")
    _executor_flags(cmp_, whole)
    tun = sub.add_parser("tune", help="find the value of a parameter that meets a target (equal seats, a length)")
    tun.add_argument("game", nargs="?", help="a registered game id; may be left out with --variant (the file "
                                             "names its game)")
    tun.add_argument("--variant", help="tune this variant file (default: the game as published, with --option); "
                                       "--players and --option apply to it too (an option the file sets itself is "
                                       "refused)")
    tun.add_argument("--parameter", action="append", required=True,
                     help="the parameter: an option, handicap.<seat> (seats from 1) or <file option>:<address>; "
                          "twice for two (a grid)")
    tun.add_argument("--values", action="append", required=True, type=_typed_values,
                     help="its candidates: low:high, low:high:step or 1,2,5 (once per --parameter; a penalty's "
                          "range as -5:0)")
    tun.add_argument("--target", default="equal-seats",
                     help="equal-seats (a handicap parameter: the handicapped seat's win rate at its fair share; "
                          "any other parameter: every seat's win rate at its fair share) or length=N "
                          "(default equal-seats)")
    tun.add_argument("--tolerance", type=_unit_interval,
                     help="how close meets the target: percentage points for equal-seats (default 2), else the "
                          "target's unit (default 1)")
    tun.add_argument("--option", type=option, action="append", metavar="KEY=VALUE",
                     help=f"an option (repeatable); {HANDICAP_FORMS}")
    tun.add_argument("--players", type=whole, help="players (default: the game's)")
    tun.add_argument("--bots", default="greedy", help="one bot for every seat, or one per seat (default greedy)")
    tun.add_argument("--seed", type=whole, default=0, help="seed, 0 or more (default 0)")
    tun.add_argument("--confidence", type=_unit_interval, default=95.0,
                     help="of the whole race, in percent, 50 to 99.99 (default 95)")
    tun.add_argument("--max-games", type=whole, default=100_000,
                     help="games of the race, all candidates together, 1 to 100,000,000 (default 100,000)")
    tun.add_argument("--batch", type=whole, default=200, help="games per candidate per round, 10 to 100,000 "
                                                              "(default 200)")
    tun.add_argument("--check-games", type=whole, default=2000,
                     help="fresh games the recommendation plays again, 0 to 10,000,000 (default 2,000)")
    _executor_flags(tun, whole)


def _executor_flags(p, whole) -> None:
    p.add_argument("--executor", default="serial", choices=["serial", "process", "dask"],
                   help="where the games play (default serial)")
    p.add_argument("--workers", type=whole, help="worker processes, 1 to 1,024 (default: one per core)")
    p.add_argument("--address", help="a running Dask scheduler (with --executor dask)")
    p.add_argument("--out", help="write the result as JSON to this file (written whole or not at all)")
    p.add_argument("--force", action="store_true", help="replace the --out file if it exists")
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--quiet", action="store_true", help="no progress bar")
    bar.add_argument("--progress", action="store_true", help="a progress bar on stderr even when it is not a terminal")


def _check_out(out: str | None, force: bool) -> Path | None:
    if out is None:
        return None
    path = Path(out)
    if path.suffix.lower() != ".json":
        raise ValueError(f"--out {out}: write a .json file")
    if not path.parent.is_dir():
        raise ValueError(f"--out {out}: folder {str(path.parent)!r} does not exist")
    if path.exists() and (not path.is_file() or not force):
        raise ValueError(f"--out {out}: " + ("is not a regular file" if not path.is_file() else
                                             "the file exists; give another name, or --force to replace it"))
    return path


def _checked(flag: str, value: float | None, low: float, high: float, what: str) -> None:
    if value is not None and not low <= value <= high:
        raise ValueError(f"{flag} must be {what} {_as_typed(low)} to {_as_typed(high)}, got {_as_typed(value)}")


def _common_checks(args) -> None:
    _checked("--seed", args.seed, 0, 2 ** 63 - 1, "a whole number")
    _checked("--workers", args.workers, 1, 1024, "a whole number")
    _checked("--batch", args.batch, 10, 100_000, "a whole number")
    _checked("--confidence", args.confidence, 50, 99.99, "a percentage")
    from rometools.cli import _check_address

    _check_address(args)


def _load_variant(flag: str, path: str, game_id: str | None):
    """The variant file ``path`` gives, of the game ``game_id`` (``None``: the file's own game); a file
    that does not load is refused naming ``flag``."""
    from rometools.core.errors import DataFileError
    from rometools.core.variants import load_variant

    try:
        variant = load_variant(path)
    except DataFileError as err:
        raise ValueError(f"{flag} {path}: {err.entry + ': ' if err.entry else ''}{err.problem}") from None
    if game_id is not None and variant.game != game_id:
        raise ValueError(f"{flag} {path}: a variant of {variant.game}, not {game_id}")
    return variant


def _from_file(flag: str, path: str, args, options: dict, typed: dict[str, str]):
    """The variant file ``path`` (given as ``flag``) with ``--players`` and ``--option`` applied to it
    too, as ``simulate --variant`` applies them (they were silently left out: ``tune --variant v.toml
    --players 3`` tuned at the file's 2 players, ``compare --variant v.toml --option target=50`` set
    it in the base only). A :class:`~rometools.core.variants.Variant`, its name and data edits kept, checked
    by loading it first (a refused value named with its flag). An ``--option`` the file sets itself is
    refused: the variant's name would then say what it no longer plays."""
    import dataclasses

    from rometools.cli import _game as cli_game

    variant = _load_variant(flag, path, args.game)
    if args.players is None and not options:
        return variant
    clash = [key for key in options if key in variant.options]
    if clash:
        raise ValueError(f"{typed.get(clash[0], f'--option {clash[0]}')}: {flag} {path} sets {clash[0]} itself; "
                         f"change it in the file, or leave the flag out")
    cli_game(variant.game, args.players, options, variant, path, typed)
    players = {} if args.players is None else {"players": args.players}
    return dataclasses.replace(variant, options={**variant.options, **players, **options})


def _game_from_files(args, *flags: str) -> None:
    """The game argument left out: the game the first variant file given names (``--variant``, then
    ``--base``); both files must be of one game. Without a game or a file, a ``ValueError``."""
    for flag in flags:
        path = getattr(args, flag.lstrip("-"), None)
        if path is not None and args.game is None:
            args.game = _load_variant(flag, path, None).game
    if args.game is None:
        raise ValueError("give a game (rometools games lists them) or " + " or ".join(f"{f} FILE" for f in flags)
                         + " (a saved variant names its game)")


def _game(args, options: dict, typed: dict[str, str]):
    from rometools.cli import _game as cli_game

    return cli_game(args.game, args.players, options, typed=typed)


def _progress(title: str, args):
    if args.quiet:
        return False, None
    from rometools.cli import _ProgressBar

    bar = _ProgressBar(title, force=args.progress)
    return bar, bar


def _bots_checked(text: str, bots: Any, game: Any) -> None:
    """``--bots`` refused before any game when an ``mcts:N`` asks more simulations per move than the
    command line plays (``rometools.cli.MAX_COMMAND_BUDGET``)."""
    from rometools.cli import _check_budgets

    game = getattr(game, "game", game)   # a Variant holds its Game
    if hasattr(game, "bots"):
        try:
            seated = game.bots(bots)
        except (ValueError, TypeError):   # compare and tune refuse it (argument "bots": --bots named)
            return
        _check_budgets("--bots", text, seated)


def _json(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


def run_compare(args) -> int:
    """``rometools compare``: :func:`rometools.core.compare.compare`, every flag checked first."""
    from rometools.core.compare import MAX_GAMES, compare
    from rometools.core.data import write_text_atomically

    _common_checks(args)
    _checked("--max-games", args.max_games, 1, MAX_GAMES, "a whole number")
    _checked("--precision", args.precision, 0.1, 50, "percentage points")
    for flag, value in (("--score-precision", args.score_precision), ("--length-precision", args.length_precision)):
        if not 0 < value <= 1e9:
            raise ValueError(f"{flag} must be a number above 0, got {_as_typed(value)}")
    out = _check_out(args.out, args.force)
    from rometools.cli import _named_by, _options, _typed

    options = _options(args.option)
    if args.variant is None and not args.set:
        raise ValueError("give the variant: --variant FILE, or --set KEY=VALUE for its options")
    if args.variant is not None and args.set:
        raise ValueError("give the variant either as --variant FILE or as --set options, not both")
    _game_from_files(args, "--variant", "--base")
    typed = _typed(args.option, "--option")
    if args.variant is not None:
        variant = _from_file("--variant", args.variant, args, options, typed)
        if args.base is None and args.players is None and "players" in variant.options:
            args.players = variant.options["players"]   # the game as published at the variant's player count
    if args.base is not None:
        base = _from_file("--base", args.base, args, options, typed)
    else:
        base = _game(args, options, typed)
    if args.variant is None:
        typed_set = _typed(args.set, "--set")
        variant = _game(args, {**options, **_options(args.set)}, {**typed, **typed_set})
    bots = args.bots.split(",") if "," in args.bots else args.bots
    _bots_checked(args.bots, bots, variant if hasattr(variant, "bots") else base)
    bar, shown = _progress("compare", args)
    flags = {"bots": f"--bots {args.bots}", "address": f"--address {args.address}",
             "restrictions": " ".join(f"--restriction {r}" for r in args.restriction or ()),
             "variant": f"--variant {args.variant}" if args.variant is not None else " ".join(typed_set.values()),
             "base": f"--base {args.base}" if args.base is not None else None}
    try:
        with _named_by(flags):
            result = compare(base, variant, bots=bots, seed=args.seed, precision=args.precision / 100,
                             score_precision=args.score_precision, length_precision=args.length_precision,
                             confidence=args.confidence / 100, max_games=args.max_games, batch=args.batch,
                             restrictions=args.restriction or (), executor=args.executor, workers=args.workers,
                             address=args.address, progress=bar)
    except KeyboardInterrupt:
        print("rometools compare: interrupted before a game was played", file=sys.stderr)
        return INTERRUPTED
    finally:
        if shown is not None:
            shown.close()
    print(result.text)
    if out is not None:
        data = {"format": "rometools.comparison", "version": 1, "title": result.title, "pairs": result.pairs,
                "stopped": result.stopped, "confidence": result.confidence, "text": result.text,
                "figures": [f.__dict__ for f in result.figures], "balance": result.balance,
                "decisions": result.decisions, "history": list(result.history)}
        write_text_atomically(out, json.dumps(_json(data), indent=1))
        print(f"{out}: the comparison as JSON")
    return INTERRUPTED if result.stopped == "stopped" else 0


def check_counts(args) -> None:
    """``tune``'s number flags in their ranges, refused naming the flag: checked first (and before a
    required flag left out, ``--parameter`` or ``--values``, is said: :func:`rometools.cli.main`).

    Raises
    ------
    ValueError
        ``--confidence must be a percentage 50 to 99.99, got 40``.
    """
    _common_checks(args)
    _checked("--max-games", args.max_games, 1, 100_000_000, "a whole number")
    _checked("--check-games", args.check_games, 0, 10_000_000, "a whole number")


def run_tune(args) -> int:
    """``rometools tune``: :func:`rometools.core.tune.tune`, every flag checked first; a candidate
    the game refuses is said with the ``--parameter`` and ``--values`` that gave it."""
    from rometools.cli import _named_by, _options, _typed
    from rometools.core.data import write_text_atomically
    from rometools.core.tune import tune

    check_counts(args)
    if len(args.parameter) > 2:
        raise ValueError("--parameter: at most two (a grid of two)")
    if len(args.values) != len(args.parameter):
        raise ValueError(f"give one --values per --parameter: {len(args.parameter)} --parameter, "
                         f"{len(args.values)} --values")
    if args.target != "equal-seats" and not args.target.startswith("length="):
        raise ValueError(f"--target {args.target[:40]}: equal-seats or length=N")
    if args.target.startswith("length="):
        goal = args.target.partition("=")[2].strip()
        if not _is_number(goal) or not 0 < float(goal) < math.inf:
            raise ValueError(f"--target {args.target[:40]}: the length is a number above 0, in the game's unit "
                             f"(rometools games GAME says it), e.g. length=40")
    tolerance = args.tolerance
    if tolerance is not None:
        if args.target == "equal-seats":
            _checked("--tolerance", tolerance, 0.01, 50, "percentage points")
            tolerance /= 100
        elif not tolerance > 0:
            raise ValueError(f"--tolerance must be a number above 0, got {_as_typed(tolerance)}")
    out = _check_out(args.out, args.force)
    _game_from_files(args, "--variant")
    options, typed = _options(args.option), _typed(args.option, "--option")
    game = _from_file("--variant", args.variant, args, options, typed) if args.variant else _game(args, options, typed)
    values = args.values[0] if len(args.parameter) == 1 else tuple(args.values)
    pairs = [f"--parameter {p} --values {v.text}" for p, v in zip(args.parameter, args.values, strict=True)]
    flags = {"parameter": " ".join(f"--parameter {p}" for p in args.parameter),
             "values": " ".join(f"--values {v.text}" for v in args.values),
             "candidate": " ".join(pairs), "target": f"--target {args.target}",
             "tolerance": None if args.tolerance is None else f"--tolerance {_as_typed(args.tolerance)}",
             "bots": f"--bots {args.bots}", "address": f"--address {args.address}",
             "game": f"--variant {args.variant}" if args.variant else None}
    for k, (p, v) in enumerate(zip(args.parameter, args.values, strict=True)):
        flags.update({f"parameter[{k}]": f"--parameter {p}", f"values[{k}]": f"--values {v.text}",
                      f"candidate[{k}]": pairs[k]})
    parameter = args.parameter[0] if len(args.parameter) == 1 else tuple(args.parameter)
    bots = args.bots.split(",") if "," in args.bots else args.bots
    _bots_checked(args.bots, bots, game)
    bar, shown = _progress("tune", args)
    try:
        with _named_by(flags):
            result = tune(game, parameter, values, target=args.target, bots=bots, seed=args.seed,
                          tolerance=tolerance, confidence=args.confidence / 100, max_games=args.max_games,
                          batch=args.batch, check_games=args.check_games, executor=args.executor,
                          workers=args.workers, address=args.address, progress=bar)
    except KeyboardInterrupt:
        print("rometools tune: interrupted before a game was played", file=sys.stderr)
        return INTERRUPTED
    finally:
        if shown is not None:
            shown.close()
    print(result.text)
    if out is not None:
        data = {"format": "rometools.tuning", "version": 1, "title": result.title,
                "parameters": list(result.parameters), "target": result.target, "tolerance": result.tolerance,
                "stopped": result.stopped, "games": result.games, "text": result.text,
                "candidates": [c.__dict__ for c in result.candidates], "recommended": result.recommended.__dict__,
                "value_interval": result.value_interval, "meets": result.meets, "check": result.check}
        write_text_atomically(out, json.dumps(_json(data), indent=1))
        print(f"{out}: the tuning as JSON")
    return INTERRUPTED if result.stopped == "stopped" else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit("run it as rometools compare / rometools tune")
