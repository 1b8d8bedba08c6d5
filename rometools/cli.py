"""The ``rometools`` command: self-play from the shell, and data-file checks.

::

    rometools simulate caesars_empire --players 4 --games 10000 --bots greedy --seed 1 \\
        --executor process --out results.csv
    rometools validate my_board.toml my_tiles.toml my_variant.toml
    rometools simulate --variant my_variant.toml --games 2000 --bots greedy   # a saved variant
    rometools games                  # every registered game: players, bots, options
    rometools games augustus         # one game's options in full
    rometools report via_romana --games 200 --out report.html   # an automated playtest
    rometools compare via_romana --players 3 --set hand=5      # until every figure is decided
    rometools tune caesars_empire --parameter handicap.4 --values 0:60 --target equal-seats

``simulate`` prints the seat win rates with their Wilson intervals, the
no-seat-advantage test and the game summary, and writes one row per game and
seat to ``--out`` (``.csv``; ``.parquet`` when pyarrow is installed).
The progress bar goes to stderr only when stderr is a terminal (``--progress``
shows it anyway, ``--quiet`` never). ``--option board=...`` takes a board
file's path or a bundled board's name (``board_2_3``) for every game with a
board. ``--variant v.toml`` (``simulate``, ``report``) plays a saved variant
(:class:`rometools.Variant`: options, a seat handicap, data edits); the game
argument may then be left out, and ``--players`` and ``--option`` given beside
it override its options. Every flag is checked before a game is played; a bad value is refused
naming its flag (exit code 2). ``validate`` loads data files of any registered
game, and variant files, and prints what each holds (a board, components or
objectives file, a variant), or the error naming the file, the entry and the
problem (exit code 1 when any file fails). A pipe closed early (``rometools simulate ... | head -1``)
ends the command quietly (exit code 1), as Python's "Note on SIGPIPE" advises.

``--out`` (``simulate``, ``report``) is taken at once, before any game: a second run writing the
same name is refused while the first runs, and a name that cannot be created is refused then;
the file is written whole at the end (a temporary file beside it, renamed over it), and a run
that was killed leaves a claim the next run takes over. A run stopped by Ctrl-C says so and exits
with code 3: ``simulate`` prints the figures of the games it played and writes no ``--out``;
``report`` stops every part and writes no page. ``--bots mcts:N`` takes at most 10,000
simulations per move here, and the report's ``--shift-games`` and ``--skill-games`` at most
100,000 games.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

from rometools._cli_files import _claim, _claimed_by, _release

__all__ = ["main"]

#: Longest value of one ``--option`` (a board or a stock table is given as a file or a short JSON).
MAX_OPTION_CHARS = 10_000
#: Most games one run plays, and most worker processes (larger is a typo, not a plan).
MAX_GAMES = 10_000_000
MAX_WORKERS = 1_024
#: Most games of one of the report's extra parts (``--shift-games`` plays them at every player count,
#: ``--skill-games`` at every budget): 10,000,000 was hours of greedy games, not a report.
MAX_PART_GAMES = 100_000
#: Most simulations per move of an ``mcts:N`` bot given on the command line: mcts:1000000 plays a
#: move in minutes and a game in hours; the Python API (``MCTSBot``) takes up to a million.
MAX_COMMAND_BUDGET = 10_000
#: The bot of every seat when ``--bots`` is not given: the same in ``simulate``, ``compare``, ``tune`` and
#: ``report``, so a variant's win rates read the same in each (random bots gave P4 22% where greedy gave 5%).
DEFAULT_BOTS = "greedy"
#: Exit code of a run stopped by Ctrl-C (``simulate``, ``report``; ``compare`` and ``tune`` too).
INTERRUPTED = 3
#: How a seat handicap is typed, for the help of every flag that takes a game option.
HANDICAP_FORMS = ("a seat handicap is handicap={4: 2}, handicap=4:2 as OpenSpiel's handicap parameter writes it "
                  "('handicap=4:2 1:-1' for two seats, 4:2/1 with a start bonus), or handicap.4=2")
def _option(text: str) -> tuple[str | None, object]:
    """``key=value`` with ``value`` read as a designer types it (:func:`rometools.core.parameters.typed_value`:
    JSON such as ``true`` or ``2``, a number as typed such as ``+3`` or ``03``, else a string), as the
    what-if studio reads a line of its Changes.

    Text that is not ``key=value`` is ``(None, text)``, refused by :func:`_refuse_malformed` once
    the game is known, with an example of that game's own options.
    """
    from rometools.core.formatting import shown
    from rometools.core.parameters import typed_value

    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        return None, text
    if len(value) > MAX_OPTION_CHARS:
        raise argparse.ArgumentTypeError(f"the value of {shown(key.strip())} is {len(value):,} characters long; "
                                         f"an option's value is at most {MAX_OPTION_CHARS:,} (a file: give its path)")
    try:
        parsed = typed_value(value)
    except RecursionError:
        raise argparse.ArgumentTypeError(f"the value of {shown(key.strip())} is nested too deeply") from None
    if isinstance(parsed, str) and value.strip().lstrip("+-").isdigit():   # more digits than Python reads
        raise argparse.ArgumentTypeError(f"the value of {shown(key.strip())} is a number of "
                                         f"{len(value.strip()):,} digits; no option takes one that large")
    if isinstance(parsed, str) and parsed == value.strip():   # not JSON nor a number (a word, a path): as typed
        parsed = value
    return key.strip(), parsed


def _options(pairs) -> dict[str, object]:
    """The ``(key, value)`` pairs of ``--option``/``--set``/``--compare`` as options, a seat's
    handicap given as ``handicap.3=2`` (as ``tune --parameter`` names it) or ``handicap.3.bonus=1``
    folded into the ``handicap`` table, as ``handicap={3: 2}`` gives it.

    >>> _options([("hand", 5), ("handicap.3", 2), ("handicap.4.bonus", 1)])
    {'hand': 5, 'handicap': {'3': 2, '4': {'bonus': 1}}}
    """
    options: dict[str, object] = {}
    seats: dict[str, dict[str, object]] = {}
    for key, value in pairs or []:
        seat = _handicap_seat(key)
        if seat is not None:
            seats.setdefault(seat[0], {})[seat[1]] = value
        else:
            options[key] = value
    if seats:
        if "handicap" in options:
            raise ValueError("give the handicap either as handicap={3: 2} or as handicap.3=2, not both")
        table: dict[str, object] = {}
        for seat, entry in seats.items():
            table[seat] = entry["points"] if list(entry) == ["points"] else entry
        options["handicap"] = table
    return options


def _handicap_seat(key: object) -> tuple[str, str] | None:
    """``(seat, "points" or "bonus")`` of a key naming one seat's handicap (``handicap.3``,
    ``handicap.3.bonus``), as ``tune --parameter`` names it; ``None`` for any other key."""
    parts = key.split(".") if isinstance(key, str) else [key]
    if len(parts) in (2, 3) and parts[0] == "handicap" and parts[1].strip().isdigit() \
            and parts[2:] in ([], ["bonus"], ["points"]):
        return parts[1].strip(), parts[2] if parts[2:] else "points"
    return None


def _typed(pairs, flag: str) -> dict[str, str]:
    """Each option of ``pairs`` (``--option``/``--set``/``--compare``, as :func:`_option` read them)
    with the flag that gave it, as typed: a refusal names what the designer wrote, a seat's
    handicap given one seat at a time included.

    >>> _typed([("hand", 5), ("handicap.3", 2), ("handicap.4", 1)], "--set")
    {'hand': '--set hand=5', 'handicap': '--set handicap.3=2 --set handicap.4=1'}
    """
    out: dict[str, str] = {}
    for key, value in pairs or []:
        name = "handicap" if _handicap_seat(key) is not None else key
        text = f"{flag} {key}={value if isinstance(value, str) else json.dumps(value)}"
        out[name] = f"{out[name]} {text}" if name in out else text
    return out


@contextlib.contextmanager
def _named_by(flags: Mapping[str, str | None]) -> Iterator[None]:
    """A rometools error raised inside, about an argument a flag gave
    (:attr:`~rometools.core.errors.RometoolsError.argument`: ``"values"``, ``"bots"``), said with
    that flag as typed in front (``--values 4:6: hand must be a whole number 4 to 5, got 6``);
    any other error passes as it is. A message that opens by naming the argument and its value
    (``address 'tcp://h:1': no Dask scheduler answered``) says them once, as the flag:
    ``--address tcp://h:1: no Dask scheduler answered``.

    >>> from rometools.core.errors import ArgumentError
    >>> try:
    ...     with _named_by({"address": "--address tcp://h:1"}):
    ...         raise ArgumentError("address 'tcp://h:1': no Dask scheduler answered", argument="address")
    ... except ValueError as err:
    ...     print(err)
    --address tcp://h:1: no Dask scheduler answered
    """
    from rometools.core.errors import RometoolsError
    from rometools.core.formatting import shown

    try:
        yield
    except RometoolsError as err:
        flag = flags.get(err.argument or "")
        if not flag:
            raise
        text, value = str(err), flag.partition(" ")[2]
        for named in {f"{err.argument} {repr(value)}", f"{err.argument} {shown(value, 80)}"}:
            if value and text.startswith(named + ": "):
                text = text[len(named) + 2:]
            elif value and text.startswith(named + " "):
                text = text[len(named) + 1:]
        raise ValueError(f"{flag}: {text}") from None


def _check_address(args) -> None:
    """``--address`` without ``--executor dask``, refused in the same words by every command that takes it
    (simulate, compare, tune), the address cut short if long.

    >>> _check_address(argparse.Namespace(address="tcp://127.0.0.1:8786", executor="process"))
    Traceback (most recent call last):
    ValueError: --address tcp://127.0.0.1:8786 names a Dask scheduler: give --executor dask too
    """
    from rometools.core.formatting import shown

    if args.address is not None and args.executor != "dask":
        address = args.address if len(args.address) <= 80 and args.address.isprintable() else shown(args.address, 80)
        raise ValueError(f"--address {address} names a Dask scheduler: give --executor dask too")


def _refuse_malformed(args, parser: argparse.ArgumentParser) -> None:
    """An ``--option`` or ``--compare`` that is not key=value, refused as argparse refuses a flag's value."""
    from rometools.core.formatting import shown
    from rometools.core.options import option_example

    for flag in ("option", "compare", "set"):
        for key, text in getattr(args, flag, None) or []:
            if key is None:
                parser.error(f"argument --{flag}: an option is key=value, e.g. {option_example(args.game)}; "
                             f"got {shown(text)}")
    if "variant" in args and args.game is None and args.variant is None:
        parser.error("give a game (rometools games lists them) or --variant FILE (a saved variant)")


def _check_game(args, parser: argparse.ArgumentParser) -> None:
    """The game argument is a registered game: a ``KEY=VALUE`` taken for it (its flag left out, or typed
    before the game where the subcommand does not take it) is said to go after its flag, a misspelt id
    answered with the nearest one.

    Raises
    ------
    ValueError
        ``unknown game 'hand=5'; registered games: ...; 'hand=5' is an option: give it after its
        flag, --option hand=5``.
    """
    import difflib

    from rometools.core.formatting import shown
    from rometools.core.game import games

    game = getattr(args, "game", None)
    positional = any(a.dest == "game" and not a.option_strings for a in parser._actions)
    if not isinstance(game, str) or not positional:   # validate's --game is said by validate, per file
        return
    registered = list(games())
    if game in registered:
        return
    if "=" in game:
        flags = [f for f in ("--set", "--option", "--compare") if any(f in a.option_strings for a in parser._actions)]
        hint = (f"; {shown(game)} is an option: give it after its flag, "
                + " or ".join(f"{f} {shown(game)[1:-1]}" for f in flags))
    else:
        near = difflib.get_close_matches(game, registered, n=1, cutoff=0.6)
        hint = f"; did you mean {near[0]}?" if near else ""
    raise ValueError(f"unknown game {shown(game)}; registered games: {', '.join(registered)}{hint}")


def _variant(args):
    """The saved variant ``--variant`` names (``None`` without it), checked against the game argument.

    Raises
    ------
    ValueError
        Naming ``--variant`` and the file: a variant file that does not load (its entry and
        problem), or a variant of another game than the one given.
    """
    from rometools.core.errors import DataFileError
    from rometools.core.variants import Variant

    if getattr(args, "variant", None) is None:
        return None
    try:
        variant = Variant.from_toml(Path(args.variant))
    except DataFileError as err:
        raise ValueError(f"--variant {args.variant}: {err.entry + ': ' if err.entry else ''}{err.problem}") from None
    if args.game is not None and args.game != variant.game:
        raise ValueError(f"--variant {args.variant} is a variant of {variant.game}, not {args.game}; give "
                         f"{variant.game} or leave the game out")
    args.game = variant.game
    return variant


def _game(game_id: str, players: int | None, options: dict[str, object], variant=None, variant_file=None,
          typed: Mapping[str, str] | None = None):
    """The game ``--players``, the ``--option`` flags and ``--variant`` describe, built before any game
    is played. Options given beside a variant override its own (``--players 3`` plays the variant
    with 3 players); its data edits stay.

    A value the game refuses is reported with the flag that gave it, found from the error's
    option (:class:`~rometools.core.errors.OptionError`); the message is the game's own, as the
    API and the explorers give it. An error about an option no flag set names every flag.
    ``typed``: an option's flag as the designer typed it (:func:`_typed`), where it was not
    ``--option KEY=VALUE`` (``--set``, ``--compare``, ``--option handicap.3=2``).
    """
    from rometools.core.errors import DataFileError, OptionError, RometoolsError
    from rometools.core.game import game_spec, load_game
    from rometools.core.variant_file import _edit_refused
    from rometools.core.variants import Variant

    game_spec(game_id)  # an unknown game is said as such, not blamed on a flag
    base = {} if players is None else {"players": players}
    flags = {key: f"--variant {variant_file}" for key in (variant.options if variant is not None else ())}
    if variant is not None:
        flags.update({file: f"--variant {variant_file}" for file in variant.edits})
    flags.update({"players": f"--players {players}"} if base else {})
    flags.update({key: f"--option {key}={value if isinstance(value, str) else json.dumps(value)}"
                  for key, value in options.items()})
    flags.update(typed or {})
    try:
        if variant is not None:
            mine = Variant(variant.game, variant.name, {**variant.options, **base, **options}, variant.edits,
                           variant.bases)
            return mine.load()
        return load_game(game_id, **base, **options)
    except OptionError as err:
        flag = flags.get(err.option) or " with ".join(flags.values())
        if variant is not None and flag == f"--variant {variant_file}":   # as validate says it: the file's key
            flag = f"{flag}: options.{err.option}"
        raise ValueError(f"{flag}: {err}" if flag else str(err)) from None
    except DataFileError as err:
        one = None if variant is None else _edit_refused(mine, f"{err.path}: {err.entry}", err.problem)
        if one is not None:   # a list checked whole: the one key the file set, first (as validate says it)
            raise ValueError(f"--variant {variant_file}: edits.{one[0]}.{one[1]}: {one[2]}") from None
        raise _flagged(err, flags, variant, variant_file) from None
    except (RometoolsError, ValueError, TypeError) as err:  # a data file named by --option or --variant
        raise _flagged(err, flags, variant, variant_file) from None


def _flagged(err: Exception, flags: Mapping[str, str], variant, variant_file) -> ValueError:
    """``err`` of a data file named by ``--option`` or ``--variant`` (:func:`_game`), said with the flag that named it."""
    flag = flags.get(getattr(err, "option", None)) or (f"--variant {variant_file}" if variant is not None
                                                        else " with ".join(dict.fromkeys(flags.values())))
    return ValueError(f"{flag}: {err}" if flag else str(err))


class _ProgressBar:
    """The command's progress bar, ``simulate(progress=...)``'s callback: on stderr only when it is a
    terminal (tqdm's ``disable=None``), so a log or a pipe gets no bar redraws, unless ``force``
    (``--progress``). A terminal's tqdm, not ``tqdm.auto``: ``simulate(progress=True)`` keeps the
    notebook's widget bar. Started at the first game played, after every check that can refuse the run.
    """

    def __init__(self, desc: str, force: bool = False):
        self.desc, self.force, self.bar = desc, force, None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=self.desc, unit="game", disable=False if self.force else None)
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _check_budgets(flag: str, text: str, bots: list) -> None:
    """Refuse an ``mcts:N`` bot over :data:`MAX_COMMAND_BUDGET` simulations per move, naming the flag."""
    for bot in bots:
        budget = getattr(bot, "budget", None)
        if isinstance(budget, int) and budget > MAX_COMMAND_BUDGET:
            raise ValueError(f"{flag} {text}: at most {MAX_COMMAND_BUDGET:,} simulations per move from the command "
                             f"line (mcts:{budget:,} plays a game in hours); rometools.simulate from Python takes "
                             f"more")


def _simulate(args) -> int:
    import rometools
    from rometools.core.balance import (
        bot_win_rates,
        game_length_text,
        game_summary,
        rate_columns,
        rotation_caveat_text,
        seat_advantage_text,
        seat_win_rates,
        shared_wins_text,
    )
    from rometools.core.errors import RometoolsError
    from rometools.core.formatting import counted, number

    for flag, value, low in (("--games", args.games, 1), ("--seed", args.seed, 0), ("--workers", args.workers, 1),
                             ("--players", args.players, 1)):
        if value is not None and value < low:  # the flag named, as a designer typed it
            raise ValueError(f"{flag} must be a whole number {low} or more, got {value}")
    for flag, value, high in (("--games", args.games, MAX_GAMES), ("--workers", args.workers, MAX_WORKERS)):
        if value is not None and value > high:
            raise ValueError(f"{flag} must be at most {high:,}, got {value:,}")
    _check_address(args)
    args.bots_given = args.bots is not None
    if args.bots is None:   # as compare, tune and report: a variant's win rates read the same in all four
        args.bots = DEFAULT_BOTS
    bots = args.bots.split(",") if "," in args.bots else args.bots
    variant = _variant(args)
    options = _options(args.option)
    if args.players is not None and "players" in options and options["players"] != args.players:
        raise ValueError(f"--players {args.players} and --option players={options['players']} disagree; give one")
    if args.out:  # checked before any game is played: a run is not lost to a typo in the path
        out = Path(args.out)
        if out.suffix not in (".csv", ".parquet"):
            raise ValueError(f"--out {args.out}: write a .csv or .parquet file")
        if not out.parent.is_dir():
            raise ValueError(f"--out {args.out}: folder {str(out.parent)!r} does not exist")
        if out.is_dir():
            raise ValueError(f"--out {args.out}: is a folder; give a file name in it, e.g. {out / 'results.csv'}")
        if out.exists() and not out.is_file():
            raise ValueError(f"--out {args.out}: is not a regular file (a pipe or a device); give a file name")
        if out.exists() and not args.force and _claimed_by(out) is None:
            raise ValueError(f"--out {args.out}: the file exists (another run's rows?); give another name, "
                             "or --force to replace it")
        if not os.access(out.parent, os.W_OK):
            raise ValueError(f"--out {args.out}: folder {str(out.parent)!r} cannot be written to")
        if out.suffix == ".parquet":
            import importlib.util

            if importlib.util.find_spec("pyarrow") is None:
                raise ValueError(f"--out {args.out}: a .parquet file needs pyarrow (pip install pyarrow); "
                                 f"or write a .csv file")
    game = _game(args.game, args.players, options, variant, args.variant, _typed(args.option, "--option"))
    try:
        seated = game.bots(bots)  # names and count, refused naming the flag before any game is played
    except (RometoolsError, ValueError, TypeError) as err:
        raise ValueError(f"--bots {args.bots}: {err}") from None
    _check_budgets("--bots", args.bots, seated)
    if args.out:  # claim the name now: a second run writing it is refused at once
        _claim(out, "--out", args.force)
    start = time.perf_counter()
    bar = None if args.quiet else _ProgressBar(f"{game.title}: {game.players} players", force=args.progress)
    try:
        import warnings

        with warnings.catch_warnings():   # an interruption is said below, on stdout, with the exit code
            warnings.filterwarnings("ignore", message=".* was interrupted", category=RuntimeWarning)
            with _named_by({"address": f"--address {args.address}", "bots": f"--bots {args.bots}"}):
                df = rometools.simulate(game, args.games, bots=bots, seed=args.seed, executor=args.executor,
                                        workers=args.workers, address=args.address, rotate=args.rotate,
                                        progress=False if bar is None else bar)
    except BaseException:
        if args.out:
            _release(out)
        raise
    finally:
        if bar is not None:
            bar.close()
    seconds = max(time.perf_counter() - start, 1e-6)
    interrupted = bool(df.attrs.get("interrupted"))
    if interrupted:   # the rows of some games are no run's rows: nothing is written, the games are said
        played = df[["game", "rotation"]].drop_duplicates().shape[0]
        total = args.games * (int(df["rotation"].nunique()) if args.rotate else 1)
        print(f"INTERRUPTED (Ctrl-C) after {counted(played, 'game')} of {number(total)}: the figures below are "
              f"of those games only" + (f"; nothing was written to {args.out}" if args.out else "") + ".\n")
        if args.out:
            _release(out)
    elif args.out:  # ``out``: checked before the games; written before anything is printed, so that a
        # reader that stops early (``| head -1``) loses none of the games
        partial = out.with_name(f".{out.name}.{os.getpid()}.partial")  # whole or not at all
        if out.suffix == ".parquet":
            df.to_parquet(partial, index=False)
        else:
            df.to_csv(partial, index=False)
        os.replace(partial, out)
    games = df[["game", "rotation"]].drop_duplicates().shape[0]
    seeds, rotations = int(df["game"].nunique()), int(df["rotation"].nunique())
    played = (f"{counted(seeds, 'seed')} × {counted(rotations, 'seat rotation')} = {counted(games, 'game')}"
              if args.rotate else counted(games, "game"))
    started = ", starting its cluster included" if args.executor == "dask" and args.address is None else ""
    named = f" (variant {variant.name!r})" if variant is not None and variant.name else (
        " (a variant)" if variant is not None else "")
    default = " (the default, as compare, tune and report play)" if not args.bots_given else ""
    named += _given_words(game, variant, options, args.players)
    print(f"{played} of {game.title}{named}, {_bots_text(args.bots, game.players)}{default}, in {seconds:.1f} s "
          f"({_rate(games / seconds)} games/s, executor {args.executor}{started})")
    caveat = rotation_caveat_text(df)  # simulate()'s docstring: the rotations of a seed are not independent
    if caveat:
        print(caveat)
    rates = seat_win_rates(df)
    print("\nSeat win rates (95% Wilson intervals):")
    table = rate_columns(rates)[["player", "games", "wins", "shared_wins", "win_rate", "ci_low", "ci_high"]].rename(
        columns={"shared_wins": "shared wins", "win_rate": "win rate", "ci_low": "95% low", "ci_high": "95% high"})
    print(table.to_string(index=False, formatters={c: number for c in ("games", "wins", "shared wins")}))
    if df["bot"].nunique() > 1:  # the bot mix: each bot's rate over the seats it played
        by_bot = rate_columns(bot_win_rates(df))[["bot", "games", "wins", "win_rate", "ci_low", "ci_high"]].rename(
            columns={"games": "seats played", "win_rate": "win rate", "ci_low": "95% low", "ci_high": "95% high"})
        print("\nBot win rates, over the seats each played (95% Wilson intervals):")
        print(by_bot.to_string(index=False, formatters={c: number for c in ("seats played", "wins")}))
    shared = shared_wins_text(df)
    if shared:
        print(shared)
    print(f"\n{seat_advantage_text(df)}")
    summary = game_summary(df)
    print(f"Winning margin: mean {summary['margin'].mean():.1f} points, median {summary['margin'].median():g}. "
          f"{game_length_text(df)}")
    if args.out and not interrupted:
        print(f"\n{counted(len(df), 'row')} written to {out}")
    return INTERRUPTED if interrupted else 0


def _given_words(game, variant, options: dict, players: int | None = None) -> str:
    """Every option a run was given (the variant's, ``--option``'s, ``--players``), each by its short name
    and its value as the games played it (:func:`~rometools.core.describe.options_short`), for its first
    line: saved output names what was played, and a variant's player count overridden by ``--players``
    is said as played, not as the variant saved it.

    >>> import rometools
    >>> _given_words(rometools.load_game("caesars_empire", handicap={4: 40}), None, {"handicap": {"4": 40}})
    ' with handicap seat 4: +40 points'
    >>> _given_words(rometools.load_game("via_romana", players=3, start_player=2), None, {"start_player": 2}, 3)
    ' with 3 players, start player P3'
    >>> _given_words(rometools.load_game("pig"), None, {})
    ''
    """
    from rometools.core.describe import options_short

    given = {**(dict(getattr(variant, "options", None) or {})), **options}
    if players is not None:
        given["players"] = players
    files = game.spec.file_options
    # each value as the config the games used holds it (a file option by the file it was given: its name)
    played = {k: v if k in files or not hasattr(game.config, k) else getattr(game.config, k) for k, v in given.items()}
    played = dict(sorted(played.items(), key=lambda kv: kv[0] != "players"))   # the player count first
    words = options_short(game, played)
    return f" with {words}" if words else ""


def _bots_text(text: str, players: int) -> str:
    """The bots a ``simulate`` run played, for its first line: win rates differ by bot (random bots
    gave P4 22% where greedy gave 5% in one variant), so the line always names them.

    >>> _bots_text("random", 4), _bots_text("greedy,random", 2)
    ('random bots in every seat', 'bots P1 greedy, P2 random')
    """
    names = [b.strip() for b in text.split(",")] if "," in text else [text.strip()] * players
    if len(set(names)) == 1:
        return f"{names[0]} bots in every seat"
    return "bots " + ", ".join(f"P{seat} {name}" for seat, name in enumerate(names, 1))


def _whole(text: str) -> int:
    """An argparse type: a whole number as typed (``12``), refused in the house words otherwise.

    The range is checked where the value is used (``--games must be a whole number 1 or
    more, got 0``); argparse's own refusal read "invalid int value: '1.5'".
    """
    from rometools.core.formatting import shown

    digits = text.strip()
    if len(digits) > 18:  # no count a run needs has more digits (and Python parses long ones slowly)
        raise argparse.ArgumentTypeError(f"must be a whole number of at most 18 digits, got {shown(text)}")
    try:
        return int(digits, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {shown(text)}") from None


def _signed_values(words: list[str]) -> list[str]:
    """``--values -5:0`` (a penalty's range) read as ``--values=-5:0``: argparse takes a word that starts
    with a minus and is not one plain number for a flag, and said "expected one argument".

    >>> _signed_values(["tune", "pig", "--values", "-5:0", "--values", "-1,-2", "--seed", "-1"])
    ['tune', 'pig', '--values=-5:0', '--values=-1,-2', '--seed', '-1']
    """
    out: list[str] = []
    for word in words:
        if out and out[-1] == "--values" and len(word) > 1 and word[0] == "-" and (word[1].isdigit() or word[1] == "."):
            out[-1] = f"--values={word}"
        else:
            out.append(word)
    return out


class _Parser(argparse.ArgumentParser):
    """argparse's parser, its refusals in one line (``rometools simulate: argument --games: must be
    a whole number, got 'abc'``) instead of the usage block, which ``--help`` gives."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _as_typed(extra: list[str], argv: list[str], game: str | None) -> list[str]:
    """The unrecognized arguments as typed: a flag the subcommand does not take, typed before the
    game (``report --option hand=5 via_romana``), had its value taken for the game and the game left
    over; the flag is said with its own value (``--option hand=5``) and the game dropped.

    >>> _as_typed(["--option", "via_romana"], ["report", "--option", "hand=5", "via_romana"], "hand=5")
    ['--option hand=5']
    >>> _as_typed(["--gamez", "3"], ["simulate", "pig", "--gamez", "3"], "pig")
    ['--gamez', '3']
    """
    extra = list(extra)
    if game is None or game in extra:
        return extra
    for k, word in enumerate(argv[:-1]):
        if word in extra and word.startswith("--") and "=" not in word and argv[k + 1] == game:
            extra[extra.index(word)] = f"{word} {game}"
            left = [w for w in extra[extra.index(f"{word} {game}") + 1:] if not w.startswith("-")]
            if left:
                extra.remove(left[0])   # the game argparse had no place for
            break
    return extra


#: The flags that take a game option, as :func:`_refuse_unknown` names them for an option typed bare.
_OPTION_FLAGS = {"--option": "plays with it", "--set": "the variant's option",
                 "--compare": "compares the game against it"}


def _refuse_unknown(command: argparse.ArgumentParser, extra: list[str]) -> None:
    """Arguments a subcommand does not take, refused by it (``rometools report: unrecognized arguments:
    --option hand=5 (see rometools report --help)``), with its flags nearest to each mistyped one."""
    import difflib

    from rometools.core.formatting import shown

    flags = [f for action in command._actions for f in action.option_strings if f.startswith("--")]
    near = []
    for word in extra:
        if word.startswith("--"):
            near += difflib.get_close_matches(word.split()[0].partition("=")[0], flags, n=2, cutoff=0.7)
    hint = f"; did you mean {' or '.join(dict.fromkeys(near))}?" if near else ""
    loose = [w for w in extra if not w.startswith("-") and "=" in w]   # `report via_romana hand=5`
    if not near and loose:
        takes = [f"{f} {shown(loose[0], 40)[1:-1]} ({_OPTION_FLAGS[f]})" for f in _OPTION_FLAGS if f in flags]
        hint = (f"; {shown(loose[0], 40)} is an option: give it after its flag, " + " or ".join(takes)
                if takes else f"; {shown(loose[0], 40)} is an option, and this command takes none")
        if "--option" not in flags and "--variant" in flags:
            hint += "; or --variant FILE to run on a variant with it (saved by rometools.Variant)"
    if not near and any(w.split()[0].partition("=")[0] == "--option" for w in extra) and "--variant" in flags:
        hint = ("; it takes no --option: save the options as a variant (rometools.Variant) and give --variant FILE"
                + (", or --compare KEY=VALUE to pair the game with them" if "--compare" in flags else ""))
    command.error(f"unrecognized arguments: {shown(' '.join(extra), 80)}{hint}")


def _rate(per_second: float) -> str:
    """A rate as a designer reads it: two significant digits below 10, whole numbers above.

    >>> _rate(0.5912), _rate(3.14159), _rate(0.0042), _rate(12.6), _rate(48213.2)
    ('0.59', '3.1', '0.0042', '13', '48,213')
    """
    from rometools.core.formatting import number

    if per_second >= 10:
        return number(round(per_second))
    return f"{per_second:.2g}" if per_second >= 0.001 else "under 0.001"


def _games(args: argparse.Namespace) -> int:
    """``rometools games``: every registered game in a few lines; ``rometools games GAME``: one in full."""
    from rometools.core.describe import describe
    from rometools.core.game import games

    if args.game is not None:
        print(describe(args.game))
        return 0
    for gid in games():
        d = describe(gid)
        players = f"{d.players_text()} players" if d.players else "players: see its options"
        depth = "" if d.mcts_playout_depth is None else f" (playouts cut at {d.mcts_playout_depth} decisions)"
        print(f"{gid}: {d.title} ({players}); bots {', '.join(d.bots)}, mcts:N{depth}; "
              f"options {', '.join(o['option'] for o in d.options)}")
    print("\n`rometools games GAME` lists one game's options in full (what each takes, its default and meaning).\n"
          "mcts:N:depth=D cuts MCTS playouts at D decisions, mcts:N:depth=end plays them to the end.")
    return 0


class _SimulateParser(_Parser):
    """``simulate``'s parser: its ``--help`` ends with every registered game's options, each as
    the game declares it (:func:`rometools.core.options.describe_options`), read only when asked."""

    def format_help(self) -> str:
        import textwrap

        from rometools.core.game import game_spec, games
        from rometools.core.options import describe_options

        lines = ["", "games and their options (--option KEY=VALUE):"]
        for gid in games():
            spec = game_spec(gid)
            depth = "" if spec.mcts_playout_depth is None else f" (playouts cut at {spec.mcts_playout_depth} decisions)"
            lines.append(f"  {gid}: {spec.title}, bots {', '.join(sorted(spec.bots))}, mcts:N{depth}")
            for text in describe_options(spec.config):
                lines += textwrap.wrap(text, width=100, initial_indent="    ", subsequent_indent="      ")
        return super().format_help() + "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Run the ``rometools`` command; returns the exit code."""
    parser = _Parser(prog="rometools", description=__doc__.splitlines()[0].replace("``", ""))
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play many seeded bot games and print balance metrics")
    sim.__class__ = _SimulateParser  # its --help lists the games' options
    sim.add_argument("game", nargs="?", help="a registered game id (listed below), e.g. caesars_empire; may be "
                                             "left out with --variant")
    sim.add_argument("--variant", metavar="FILE",
                     help="a saved variant (.toml: options, a seat handicap, data edits; docs/what-if.md); "
                          "--players and --option given beside it override its options")
    sim.add_argument("--players", type=_whole, help="players in each game (default: the game's default count)")
    sim.add_argument("--games", type=_whole, default=1000, help="games to play, 1 or more (default 1000)")
    sim.add_argument("--bots", default=None,
                     help="one bot for every seat, or one per seat: greedy,random,mcts:50,... (default greedy, as "
                          "compare, tune and report play; rometools.simulate from Python defaults to random); "
                          "mcts:N:depth=D|end "
                          "cuts MCTS playouts at D decisions or plays them to the end (default: the game's, "
                          "listed below)")
    sim.add_argument("--seed", type=_whole, default=0,
                     help="seed of the whole run, 0 or more: the same seed plays the same games (default 0)")
    sim.add_argument("--executor", default="serial", choices=["serial", "process", "dask"],
                     help="where the games play: this process, worker processes, or Dask (same rows in every case)")
    sim.add_argument("--workers", type=_whole, help="worker processes, 1 or more (default: one per core)")
    sim.add_argument("--address", help="a running Dask scheduler (with --executor dask)")
    sim.add_argument("--rotate", action="store_true", help="play each seed once per seat rotation")
    sim.add_argument("--option", type=_option, action="append", metavar="KEY=VALUE",
                     help="a game option, e.g. --option route_policy=first or --option board=my_board.toml "
                          f"(repeatable); {HANDICAP_FORMS}")
    sim.add_argument("--out", help="write the rows to a .csv (or .parquet) file, one per game and seat; "
                                   "rometools.replay_game(game, rows, GAME) plays a row's game again")
    sim.add_argument("--force", action="store_true", help="replace the --out file if it exists (default: refuse)")
    shown_bar = sim.add_mutually_exclusive_group()
    shown_bar.add_argument("--quiet", action="store_true", help="no progress bar")
    shown_bar.add_argument("--progress", action="store_true",
                           help="a progress bar on stderr even when it is not a terminal (default: only on one)")
    from rometools import _cli_report

    _cli_report.add_parser(sub, _whole, _option)
    gam = sub.add_parser("games", help="list the registered games: players, bots, options, data files")
    gam.add_argument("game", nargs="?", help="one registered game id: its options in full")
    val = sub.add_parser("validate", help="check data files and variant files of any registered game")
    val.add_argument("files", nargs="+", metavar="file",
                     help="TOML or YAML data files (boards, components, tables) or variant files (.toml)")
    val.add_argument("--game", help="the game of every file, when their [meta] tables do not say")
    from rometools import _cli_validate, _cli_what_if

    _cli_what_if.add_parsers(sub, _whole, _option)
    words = _signed_values(list(sys.argv[1:] if argv is None else argv))
    # a required flag left out is said after a flag the command does not take (`report --option hand=5
    # via_romana`: the --option first, not the --out): argparse checks both while parsing
    required = [] if {"-h", "--help"} & set(words) else \
        [a for p in sub.choices.values() for a in p._actions if a.required and a.option_strings]
    for action in required:
        action.required = False
    try:
        args, extra = parser.parse_known_args(words)
    finally:
        for action in required:
            action.required = True
    if extra:   # refused by the subcommand that was given them, pointing at its own --help
        typed = _as_typed(extra, words, getattr(args, "game", None))
        if not any(w.startswith("-") for w in typed):   # `simulate hand=5 via_romana`: the game is the problem
            try:
                _check_game(args, sub.choices[args.command])
            except ValueError as err:
                print(f"rometools {args.command}: {err}", file=sys.stderr)
                return 2
        _refuse_unknown(sub.choices[args.command], typed)
    missing = [a for a in required if a in sub.choices[args.command]._actions and getattr(args, a.dest) is None]
    if missing:
        # a value typed wrong is said first, naming its flag, as it would be with the flag given
        # (`report --games 0` said only that --out was missing, and then the --games 0)
        counts = {"report": _cli_report.check_counts, "tune": _cli_what_if.check_counts}.get(args.command)
        try:
            if counts is not None:
                counts(args)
        except ValueError as err:
            print(f"rometools {args.command}: {err}", file=sys.stderr)
            return 2
        sub.choices[args.command].error("the following arguments are required: "
                                        + ", ".join("/".join(a.option_strings) for a in missing))
    _refuse_malformed(args, sub.choices[args.command])
    try:
        try:
            _check_game(args, sub.choices[args.command])
            code = {"simulate": _simulate, "validate": _cli_validate.run_validate, "games": _games,
                    "report": _cli_report.run_report, "compare": _cli_what_if.run_compare,
                    "tune": _cli_what_if.run_tune}[args.command](args)
        except Exception as err:  # noqa: BLE001 - a designer's typo is a message, not a traceback
            from rometools.core.errors import RometoolsError

            if not isinstance(err, RometoolsError | ValueError | TypeError):
                raise
            print(f"rometools {args.command}: {err}", file=sys.stderr)
            return 2
        sys.stdout.flush()  # a closed pipe is found here, not at exit
    except KeyboardInterrupt:   # Ctrl-C before a game was played (after one, each command says what it kept)
        print(f"rometools {args.command}: interrupted (Ctrl-C)", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (``| head -1``): the Python docs' "Note on SIGPIPE"
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes stdout at exit
        return 1
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
