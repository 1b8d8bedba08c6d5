"""Hostile input held to the contract over the registry: values built to break a game, refused in words.

Five checks of :func:`~rometools.testing.check_game` (issue 47, "Hostile input, third pass"),
each written for any registered game and assuming nothing about what it has:

* ``listed`` (:func:`check_listed`) -- in fuzzed play, every action ``apply`` accepts is one
  ``legal_actions`` lists, or one it records as a listed action (the same state as applying
  that one): offered at every node of seeded games, the actions of earlier nodes and variants
  of the node's own (reversed, swapped, crossed with each other). Caesar's Empire with
  ``route_policy="player"`` accepted a tied route it did not list and saved it.
* ``hostile_actions`` (:func:`check_hostile_actions`) -- at the start, a chance node, a
  decision and the end: an action nested 100,000 deep, a string of a million characters, a
  tuple of a million items, a whole number of 5,000 digits, a legal action with a huge part...
  each a ``RulesError`` whose message is at most :data:`MAX_MESSAGE` characters, the state
  unchanged (a ``RecursionError``, or a message echoing megabytes, before).
* ``hostile_options`` (:func:`check_hostile_options`) -- every option the game declares, set
  to each of those values and to ``inf``, ``nan``, a NUL byte: refused naming it in at most
  :data:`MAX_MESSAGE` characters, or accepted and then a game of random bots plays to its end
  (a Road count of 10^5000 was accepted and crashed the engine).
* ``saved_game_files`` (:func:`check_saved_game_files`) -- a saved game's file option
  (``{file: path, sha256}``) naming a file outside the bundled data and the saved game's own
  folder (missing, a folder, ``/dev/zero``, a pipe, too large, readable, through ``..``): one
  message, the same for all, so an uploaded saved game cannot map the server's files;
  a bundled file named by its path, and a copy beside the saved game, still load.
* ``playable_data`` (:func:`check_playable_files`) -- no data file takes a number that is not
  finite; a data file that loads gives a game that plays, or one the game refuses to set up in
  words: each bundled file a file option takes, cut
  to one entry per array of tables and with whole numbers set to 0 and 1, at the fewest and the
  most players (Via Romana's component file with one goal tile loaded, then every game crashed).

Examples
--------
>>> from rometools.testing import check_game
>>> print(check_game("pig", configs=[{}], n_games=1, checks=["listed", "hostile_actions"]))
pig: 2 checks passed on 1 config
  config 0 {}: listed, hostile_actions
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rometools.core.errors import DataFileError, RometoolsError, RulesError
from rometools.core.formatting import shown
from rometools.core.load import load_game
from rometools.core.playout import play, states
from rometools.core.protocol import CHANCE
from rometools.core.registry import game_spec
from rometools.core.saved import _checksum, load_saved_game, saved_game
from rometools.testing._common import _node_name, _require, _snapshot, _unchanged

__all__ = ["LISTED_GAMES", "LISTED_PROBES", "MAX_MESSAGE", "PLAYABLE_NUMBERS", "check_hostile_actions",
           "check_hostile_options", "check_listed", "check_playable_files", "check_saved_game_files", "hostile_values",
           "kept_values"]

#: Longest message a refusal of a hostile value may have (characters): "a few hundred".
MAX_MESSAGE = 600
#: Seeded games ``listed`` plays per config (at most ``n_games``), and the most values it offers at one node.
LISTED_GAMES, LISTED_PROBES = 3, 40


def _deep(levels: int) -> Any:
    value: Any = "x"
    for _ in range(levels):
        value = (value,)
    return value


#: The big values of :func:`hostile_values` while :func:`kept_values` is in force (``None``: made
#: afresh each time). All are immutable, so a check may be handed the same object again: making a
#: 100,000-deep tuple, and freeing it, took two thirds of ``hostile_actions``' CPU (45 times for
#: Caesar's Empire's five configs, 2 of its 6 CPU seconds in ``check_game``).
_KEPT: dict[str, Any] | None = None


@contextmanager
def kept_values() -> Iterator[None]:
    """Within the block, :func:`hostile_values` makes each of its big values once and hands the
    same (immutable) object out again; they are let go at the end. :func:`check_game` runs its
    checks in one.

    >>> with kept_values():
    ...     a, b = dict(hostile_values()), dict(hostile_values())
    >>> a["nested 100,000 deep"] is b["nested 100,000 deep"], a == b
    (True, True)
    """
    global _KEPT
    outer = _KEPT is None
    if outer:
        _KEPT = {}
    try:
        yield
    finally:
        if outer:
            _KEPT = None


_MAKERS = {
    "deep": lambda: _deep(100_000),
    "string": lambda: "x" * 1_000_000,
    "range": lambda: tuple(range(1_000_000)),
}


def _big(kind: str) -> Any:
    """One of :data:`_MAKERS`' values: kept within :func:`kept_values`, else made now."""
    if _KEPT is None:
        return _MAKERS[kind]()
    value = _KEPT.get(kind)
    if value is None:
        value = _KEPT[kind] = _MAKERS[kind]()
    return value


def hostile_values(example: Any = None) -> Iterator[tuple[str, Any]]:
    """``(name, value)``: values built to break a game's input handling, made when asked (some are
    megabytes; within :func:`kept_values`, once). ``example`` (a legal action) adds copies of it
    with one part made huge.

    Examples
    --------
    >>> [name for name, _ in hostile_values()][:3]
    ['nested 100,000 deep', 'a string of 1,000,000 characters', 'a tuple of 1,000,000 items']
    """
    yield "nested 100,000 deep", _big("deep")
    yield "a string of 1,000,000 characters", _big("string")
    yield "a tuple of 1,000,000 items", _big("range")
    yield "a tuple of three 1,000,000-character strings", (_big("string"),) * 3
    yield "a whole number of 5,000 digits", 10 ** 5000
    yield "a list nested in lists around a long string", [[[[["x" * 100_000]]]]]
    yield "a NUL byte", "pass\x00"
    if type(example) is tuple and example:
        for i in range(min(len(example), 4)):
            yield f"a legal action with part {i} 1,000,000 characters", (*example[:i], _big("string"), *example[i + 1:])
            yield f"a legal action with part {i} nested 100,000 deep", (*example[:i], _big("deep"), *example[i + 1:])
        yield "a legal action followed by 1,000,000 items", example + _big("range")
    elif example is not None:
        yield "a legal action in a tuple of 1,000,000", (example,) * 1_000_000


# ===================================================================== listed
def _key(action: Any) -> Any:
    """A hashable key equal only for the same JSON action (``True`` is not ``1``)."""
    if type(action) is tuple:
        return ("t", tuple(_key(a) for a in action))
    try:
        hash(action)
    except TypeError:
        return ("r", repr(action))
    return (type(action).__name__, action)


def _variants(legal: list, rng: random.Random) -> list:
    """Values near the legal actions: a number's neighbours; a tuple reversed, with two parts swapped,
    crossed with another."""
    tuples = [a for a in legal if type(a) is tuple and len(a) >= 2]
    out: list[Any] = [a + d for a in legal if type(a) is int for d in (-1, 1)]
    for a in rng.sample(tuples, min(len(tuples), 8)):
        out.append(a[::-1])
        i, j = sorted(rng.sample(range(len(a)), 2))
        out.append((*a[:i], a[j], *a[i + 1:j], a[i], *a[j + 1:]))
        out += [(*a[:k], a[k][::-1], *a[k + 1:]) for k in range(len(a)) if type(a[k]) is tuple and len(a[k]) > 1]
    for _ in range(min(len(tuples) * (len(tuples) - 1), 8)):
        a, b = rng.sample(tuples, 2)
        if len(a) == len(b):
            k = rng.randrange(1, len(a))
            out.append((*a[:k], *b[k:]))
    return out


def check_listed(spec: Any, game: Any, seed: int, n_games: int) -> None:
    """``apply`` accepts only what ``legal_actions`` lists (issue 47, item 10), in fuzzed play.

    ``min(n_games, LISTED_GAMES)`` seeded games of random bots; at every node, up to
    :data:`LISTED_PROBES` values not listed there: actions listed at earlier nodes (of this game
    and the ones before it) and :func:`_variants` of the node's own. An accepted one must be
    recorded as a listed action: the state it gives equals the state that listed action gives
    (a game may take a build's two cards in either order and record the listed one), so a saved
    game never holds an action the rules did not offer.

    Raises
    ------
    AssertionError
        Naming the seed, the node and the action accepted.
    """
    rules = spec.rules
    bot = game.bot("random") if "random" in spec.bots else None
    pool: dict[Any, Any] = {}
    order: list = []   # the pool's keys in the order met: sampled by place, not listed whole at every node
    rng = random.Random(f"listed {spec.id} {seed}")
    for k in range(min(n_games, LISTED_GAMES)):
        end = play(game, bot or game.bot(sorted(spec.bots)[0]), rng=seed + k)
        for state in states(end):
            legal = rules.legal_actions(state)
            listed = {_key(a): a for a in legal}
            # a uniform sample of the earlier actions not listed here, drawn by place: enough places
            # that, the listed ones dropped, LISTED_PROBES // 2 are left when the pool holds them
            # (listing the whole pool at every node was a third of the check in long games)
            picks = rng.sample(range(len(order)), min(len(order), LISTED_PROBES // 2 + len(listed)))
            offered = [pool[order[i]] for i in picks if order[i] not in listed][:LISTED_PROBES // 2]
            offered += [v for v in _variants(legal, rng) if _key(v) not in listed][:LISTED_PROBES - len(offered)]
            for action in offered:
                try:
                    after = rules.apply(state, action)
                except RulesError:
                    continue
                at = f"the game of seed {seed + k}, {_node_name(rules, state)}"
                recorded = rules.action_history(after)[-1]
                _require(_key(recorded) in listed and after == rules.apply(state, recorded),
                         f"{at}: apply accepted {shown(action, 200)}, which legal_actions does not list, "
                         f"and recorded {shown(recorded, 200)}: a saved game would hold an action the rules "
                         f"never offered")
            for key, a in listed.items():
                if key not in pool:
                    pool[key] = a
                    order.append(key)


# ===================================================================== hostile actions
def _nodes(rules: Any, end: Any) -> list[tuple[str, Any]]:
    every = states(end)
    picks = [("the start", every[0]),
             ("a chance node", next((s for s in every if rules.current_player(s) == CHANCE), None)),
             ("the first decision", next((s for s in every if rules.current_player(s) >= 0), None)),
             ("a decision half-way", next((s for s in every[len(every) // 2:] if rules.current_player(s) >= 0), None)),
             ("the end", end)]
    return [(name, s) for name, s in picks if s is not None]


def check_hostile_actions(spec: Any, game: Any, seed: int, notes: list[str]) -> None:
    """Every :func:`hostile_values` value at the start, a chance node, two decisions and the end of a
    seeded game of random bots: a ``RulesError`` of at most :data:`MAX_MESSAGE` characters, the
    state unchanged; never another exception (``RecursionError``, ``TypeError``, ``ValueError``).

    Raises
    ------
    AssertionError
        Naming the node, the value and what happened.
    """
    rules = spec.rules
    end = play(game, game.bot("random") if "random" in spec.bots else game.bot(sorted(spec.bots)[0]), rng=seed)
    nodes = _nodes(rules, end)
    if not any(rules.current_player(s) == CHANCE for _, s in nodes):
        notes.append(f"hostile actions were not offered at a chance node (none in the game of seed {seed})")
    for where, state in nodes:
        legal = rules.legal_actions(state)
        snap = _snapshot(state, rules)
        for name, value in hostile_values(legal[0] if legal else None):
            at = f"the game of seed {seed}, {where} ({_node_name(rules, state)}): apply(state, {name})"
            try:
                rules.apply(state, value)
            except RulesError as err:
                text = str(err)
                _require(len(text) <= MAX_MESSAGE, f"{at}: a message of {len(text):,} characters "
                                                   f"(at most {MAX_MESSAGE}): {text[:200]!r}...")
                continue
            except RecursionError:
                raise AssertionError(f"{at}: RecursionError, not a RulesError") from None
            except Exception as err:  # noqa: BLE001 - any other escape is the failure
                raise AssertionError(f"{at}: {type(err).__name__} ({shown(str(err), 200)}), "
                                     f"not a RulesError") from None
            _require(False, f"{at}: accepted")
        _require(_unchanged(state, snap, rules), f"the game of seed {seed}, {where}: refusing changed the state")


# ===================================================================== hostile options
def _option_values() -> Iterator[tuple[str, Any]]:
    yield from ((n, v) for n, v in hostile_values() if n != "a NUL byte")
    yield "infinity", float("inf")
    yield "not a number", float("nan")
    yield "a whole number of 30 digits below zero", -10 ** 30
    yield "2 to the 63", 2 ** 63
    yield "a NUL byte in a path", "/tmp/board\x00.toml"
    yield "a list of 100,000 items", [1] * 100_000


def check_hostile_options(game_id: str) -> None:
    """Every option of the game's config, set alone to each hostile value: refused with a
    ``RometoolsError`` (``OptionError``, ``DataFileError``) of at most :data:`MAX_MESSAGE`
    characters, or accepted, and then a game of random bots plays to its end.

    Raises
    ------
    AssertionError
        Naming the option, the value and what happened.
    """
    spec = game_spec(game_id)
    for o in spec.config.options():
        for name, value in _option_values():
            at = f"{o.name} = {name}"
            try:
                game = load_game(game_id, **{o.name: value})
            except RometoolsError as err:
                text = str(err)
                _require(len(text) <= MAX_MESSAGE, f"{at}: a message of {len(text):,} characters "
                                                   f"(at most {MAX_MESSAGE}): {text[:200]!r}...")
                _require(o.name in text, f"{at}: the message does not name the option: {text[:200]!r}")
                continue
            except RecursionError:
                raise AssertionError(f"{at}: RecursionError, not an OptionError") from None
            except Exception as err:  # noqa: BLE001 - any other escape is the failure
                raise AssertionError(f"{at}: {type(err).__name__} ({shown(str(err), 200)}), "
                                     f"not an OptionError") from None
            try:
                play(game, "random" if "random" in spec.bots else sorted(spec.bots)[0], rng=1)
            except Exception as err:  # noqa: BLE001
                raise AssertionError(f"{at}: accepted, then a game failed: {type(err).__name__} "
                                     f"({shown(str(err), 200)})") from None


# ===================================================================== saved games naming files
def _outside_paths(folder: Path, spec: Any, option: str) -> list[tuple[str, str]]:
    """``(what, path)``: files a saved game in ``folder / "games"`` must not make the loader read or
    describe."""
    from rometools.core.data import data_dir
    from rometools.core.file_options import bundled_files

    outside = folder / f"outside-{option}"
    outside.mkdir()
    fifo = outside / "pipe.toml"
    os.mkfifo(fifo)
    big = outside / "big.toml"
    big.write_bytes(b"#" * 2_000_000)
    names = bundled_files(spec, option)
    readable = outside / (names[0] if names else "file.toml")
    if names:
        shutil.copyfile(data_dir() / spec.id / names[0], readable)
    else:
        readable.write_text("provenance = 'illustrative'\n", encoding="utf-8")
    beside = folder / "games"
    return [("a missing file", str(outside / "missing.toml")), ("a folder", str(outside)),
            ("/dev/zero", "/dev/zero"), ("a pipe", str(fifo)), ("a file over 1 MB", str(big)),
            ("a readable file outside", str(readable)), ("/etc/passwd", "/etc/passwd"),
            ("a path out of the data folder by ..", str(data_dir() / spec.id / ".." / ".." / "pyproject.toml")),
            ("a path out of the saved game's folder by ..", str(beside / ".." / outside.name / readable.name)),
            ("a relative path", os.path.relpath(readable)), ("a NUL byte", str(outside) + "/x\x00.toml"),
            ("a path of 10,000 characters", "/" + "x" * 10_000)]


def check_saved_game_files(game_id: str, notes: list[str] | None = None) -> None:
    """A saved game's file options name only the bundled data and files beside the saved game.

    For each of the game's ``file_options``: a saved game of its first sample config with the
    option's entry set to ``{file: path, sha256}`` for each of :func:`_outside_paths` is refused
    with one ``DataFileError``, word for word the same for every path (nothing about what is
    there); a bundled file named by its path loads, and so does a copy of it beside the saved game
    (``beside=``) or in a folder given in ``allow=``.

    Raises
    ------
    AssertionError
        Naming the option and the path that was told apart or read.
    """
    spec = game_spec(game_id)
    if not spec.file_options:
        if notes is not None:
            notes.append(f"{spec.id} has no file options: no saved game of it names a file")
        return
    from rometools.core.data import data_dir
    from rometools.core.file_options import bundled_files

    game = load_game(game_id, **dict(spec.sample_configs[0]))
    data = saved_game(game.new_game())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "games").mkdir()
        save = folder / "games" / "run.json"
        for option in spec.file_options:
            def with_file(path: str, option: str = option) -> dict:
                edited = json.loads(json.dumps(data))
                edited["config"][option] = {"file": path, "sha256": "0" * 64}
                edited["sha256"] = _checksum(edited)
                return edited

            messages = {}
            for what, path in _outside_paths(folder, spec, option):
                try:
                    load_saved_game(with_file(path), beside=save)
                except DataFileError as err:
                    messages[what] = str(err)
                except Exception as err:  # noqa: BLE001
                    raise AssertionError(f"{option}: {what}: {type(err).__name__} ({shown(str(err), 200)}), "
                                         f"not a DataFileError") from None
                else:
                    raise AssertionError(f"{option}: {what}: a saved game read {shown(path, 120)}")
            _require(len(set(messages.values())) == 1,
                     f"{option}: the messages tell the paths apart: " + "; ".join(
                         f"{what}: {m!r}" for what, m in messages.items()))
            names = bundled_files(spec, option)
            saved_as = data["config"][option]
            name = saved_as["bundled"] if isinstance(saved_as, dict) and "bundled" in saved_as else (names or [None])[0]
            if name is None:
                continue
            bundled = data_dir() / spec.id / name
            copy = folder / "games" / name
            shutil.copyfile(bundled, copy)
            allowed = folder / f"allowed-{option}"
            allowed.mkdir()
            shutil.copyfile(bundled, allowed / name)
            for what, path, kwargs in (("the bundled file by its path", str(bundled), {}),
                                       ("a copy beside the saved game", str(copy), {"beside": save}),
                                       ("a copy in a folder of allow=", str(allowed / name), {"allow": [allowed]})):
                edited = with_file(path)
                edited["config"][option]["sha256"] = _file_sha(path)
                edited["sha256"] = _checksum(edited)
                try:
                    load_saved_game(edited, **kwargs)
                except RometoolsError as err:
                    raise AssertionError(f"{option}: {what} is refused: {err}") from None


def _file_sha(path: str) -> str:
    import hashlib

    return hashlib.sha256(Path(path).read_text(encoding="utf-8").encode("utf-8")).hexdigest()



# ===================================================================== data files that load play
#: Whole numbers per data file that ``playable_data`` sets to 0 and to 1.
PLAYABLE_NUMBERS = 12


def _small_variants(text: str, suffix: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    """``(what, text)``: the file with each array of tables cut to its first entry, and with
    whole numbers set to 0 and to 1: the smallest files of its shape, which still load."""
    from rometools.testing.data_files import _number_lines

    lines = text.splitlines(keepends=True)
    if suffix not in (".yaml", ".yml"):
        headers = [(i, m.group(1)) for i, line in enumerate(lines) if (m := re.match(r"\s*\[\[([\w.-]+)\]\]", line))]
        starts = [i for i, line in enumerate(lines) if re.match(r"\s*\[", line)]
        for table in dict.fromkeys(name for _, name in headers):
            blocks = [i for i, name in headers if name == table]
            if len(blocks) < 2:
                continue
            dropped: set[int] = set()
            for i in blocks[1:]:
                end = next((j for j in starts if j > i), len(lines))
                dropped.update(range(i, end))
            yield f"[[{table}]] cut to its first entry", "".join(x for k, x in enumerate(lines) if k not in dropped)
    sep = ": " if suffix in (".yaml", ".yml") else " = "
    numbers = _number_lines(lines, suffix)
    for i, key in rng.sample(numbers, min(PLAYABLE_NUMBERS, len(numbers))):
        indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
        for value in (0, 1):
            yield (f"line {i + 1}: {key} = {value}",
                   "".join([*lines[:i], f"{indent}{key}{sep}{value}\n", *lines[i + 1:]]))


#: A decimal number on a line of a data file (not in a comment, not a part of an id).
_DECIMAL = re.compile(r"(?<![\w.\-])-?\d+\.\d+(?:[eE][-+]?\d+)?(?![\w.])")


def _non_finite_variants(text: str, suffix: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    """``(what, text)``: one decimal number of the file made NaN, infinity or 1e308 (up to 4 numbers)."""
    spots, offset = [], 0
    for line in text.splitlines(keepends=True):
        body = line.split("#", 1)[0]
        spots += [(offset + m.start(), offset + m.end()) for m in _DECIMAL.finditer(body)]
        offset += len(line)
    values = (".nan", ".inf", "1e308") if suffix in (".yaml", ".yml") else ("nan", "inf", "1e308")
    for start, end in rng.sample(spots, min(4, len(spots))):
        for value in values:
            yield f"{text[start:end]} at offset {start} made {value}", text[:start] + value + text[end:]


def _long_variant(text: str, suffix: str) -> tuple[str, str] | None:
    """``(what, text)``: the file's first array of tables with its first entry repeated until the
    file is about 900 kB (past any schema's bound on entries), or ``None`` for a file with none."""
    from rometools.core.data import MAX_FILE_BYTES

    if suffix in (".yaml", ".yml"):
        return None
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if re.match(r"\s*\[", line)]
    first = next((i for i in starts if re.match(r"\s*\[\[", lines[i])), None)
    if first is None:
        return None
    block = "".join(lines[first:next((j for j in starts if j > first), len(lines))])
    copies = max(2, (MAX_FILE_BYTES * 9 // 10 - len(text)) // max(len(block), 1))
    return f"its first [[table]] entry repeated {copies:,} times", text + "\n" + block * copies


def check_playable_files(game_id: str, seed: int = 0, notes: list[str] | None = None) -> None:
    """A data file that loads gives a game that plays, or one the game refuses to set up in words.

    Every bundled data file with one of its decimal numbers made NaN or infinity is refused
    (Via Romana took NaN and infinite city positions); with an entry repeated past the schema's
    bound it is refused in at most :data:`MAX_MESSAGE` characters (the message quoted every entry).
    Then, for each bundled data file a file
    option takes (``GameSpec.file_options``), its smallest
    variants (:func:`_small_variants`: each array of tables cut to one entry, whole numbers set to
    0 and 1): a variant that loads is given to the option, for the fewest and the most players of
    the game's sample configs; the game is refused (a ``RometoolsError``) or a game of random bots
    plays to its end with no other exception. Via Romana's component file with one goal tile
    loaded, and then every game crashed at the deal with a bare ``ValueError``.

    Raises
    ------
    AssertionError
        Naming the file, the variant, the player count and what happened.
    """
    from rometools.core.data import bundled_file
    from rometools.core.errors import ArgumentError

    spec = game_spec(game_id)
    counts = [c.get("players") for c in spec.sample_configs if isinstance(c, dict)]
    players = sorted({c for c in counts if isinstance(c, int)} or {None})
    players = [players[0], players[-1]] if len(players) > 1 else players
    options = {loader: option for option, loader in spec.file_options.items()}
    bot = "random" if "random" in spec.bots else sorted(spec.bots)[0]
    rng = random.Random(f"playable {game_id} {seed}")
    tried = 0
    for name, loader in spec.data_files.items():
        source = bundled_file(spec.id, name)
        with tempfile.TemporaryDirectory() as folder:   # a number that is not finite never loads
            for k, (what, text) in enumerate(_non_finite_variants(source.read_text(encoding="utf-8"),
                                                                   source.suffix, rng)):
                path = Path(folder) / f"n{k}{source.suffix}"
                path.write_text(text, encoding="utf-8")
                try:
                    loader(path)
                except DataFileError:
                    continue
                if "1e308" not in what:
                    raise AssertionError(f"{name}, {what}: loaded; a number that is not finite has no "
                                         f"meaning in a data file (a position, a weight)")
        long = _long_variant(source.read_text(encoding="utf-8"), source.suffix)
        if long is not None:   # a message that quoted the whole list ran to hundreds of kilobytes
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / f"long{source.suffix}"
                path.write_text(long[1], encoding="utf-8")
                try:
                    loader(path)
                except DataFileError as err:
                    _require(len(str(err)) <= MAX_MESSAGE, f"{name}, {long[0]}: a message of {len(str(err)):,} "
                                                           f"characters (at most {MAX_MESSAGE})")
        option = options.get(loader)
        if option is None:
            continue
        with tempfile.TemporaryDirectory() as folder:
            for k, (what, text) in enumerate(_small_variants(source.read_text(encoding="utf-8"), source.suffix, rng)):
                path = Path(folder) / f"v{k}{source.suffix}"
                path.write_text(text, encoding="utf-8")
                try:
                    loader(path)
                except DataFileError:
                    continue
                for n in players:
                    at = f"{name}, {what}, {n if n is not None else 'the default'} players"
                    try:
                        game = load_game(game_id, **{option: str(path)}, **({"players": n} if n else {}))
                    except (RometoolsError, ArgumentError):
                        continue
                    except Exception as err:  # noqa: BLE001
                        raise AssertionError(f"{at}: the file loads, then setting up a game raised "
                                             f"{type(err).__name__} ({shown(str(err), 200)})") from None
                    tried += 1
                    try:
                        play(game, bot, rng=seed)
                    except Exception as err:  # noqa: BLE001
                        raise AssertionError(f"{at}: the file loads and the game is set up, then a game of "
                                             f"{bot} bots raised {type(err).__name__} ({shown(str(err), 200)}): "
                                             f"refuse the file, naming the entry, when it loads") from None
    if notes is not None and not tried:
        notes.append(f"{spec.id}: no small variant of a data file loaded and set up a game")
