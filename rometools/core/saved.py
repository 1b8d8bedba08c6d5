"""The saved-game format: a game's history as checked JSON, and loading it back by replaying it.

Saved games
-----------
A saved game is a JSON object (format version 1)::

    {"format": "rometools.saved_game", "version": 1,
     "game": "caesars_empire",            # registry id
     "config": {...},                     # the game's config.to_dict(); a custom board inline,
                                          # a bundled one by name and content hash
     "seed": 7,                           # entropy of the generator that dealt the game, or null
     "start": null,                       # or a position description (games with positions)
     "history": [...],                    # every action since the start, chance outcomes included
     "sha256": "..."}                     # SHA-256 of the canonical JSON of everything above

Loading replays the history through ``apply``, so a saved game that loads is
a legal game. Every failure names the entry: invalid JSON, ``null``, a missing
or unknown key, a wrong type, an unknown game, a bad checksum (the file was
edited after saving), a bad config option, an illegal action
(``history[12]: ...``), or ``upto`` outside the history. The errors are
:class:`~rometools.core.errors.DataFileError` (the file's structure),
:class:`~rometools.core.errors.InvalidActionError` or
:class:`~rometools.core.errors.IllegalActionError` (an action of the history:
not an action of the game, or one its rules forbid there) and
:class:`~rometools.core.errors.ArgumentError` (``upto``); never
``KeyError``, ``IndexError``, ``AttributeError`` or a bare ``JSONDecodeError``.

Examples
--------
>>> import rometools
>>> state = rometools.load_game("caesars_empire").new_game(rng=4)
>>> from_json(to_json(state)) == state
True
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping
from dataclasses import is_dataclass, replace
from typing import Any

import numpy as np

from rometools.core.errors import ArgumentError, DataFileError, RulesError
from rometools.core.registry import game_of, game_spec

__all__ = ["SAVED_GAME_FORMAT", "SAVED_GAME_VERSION", "from_json", "load_saved_game", "saved_game", "to_json"]

SAVED_GAME_FORMAT = "rometools.saved_game"
SAVED_GAME_VERSION = 1
_KEYS = ("format", "version", "game", "config", "seed", "start", "history", "sha256")
_SAVED = "<saved game>"


def _check_upto(upto: Any, n: int) -> None:
    if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= n):
        raise ArgumentError(f"upto must be a whole number from 0 to {n} (the actions in the history), "
                            f"got {upto!r}")


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.integer):
        return int(value)
    return value


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def _checksum(body: Mapping[str, Any]) -> str:
    canonical = json.dumps({k: body[k] for k in _KEYS if k != "sha256"}, sort_keys=True,
                           separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def saved_game(state: Any, *, check: bool = True) -> dict[str, Any]:
    """The saved-game object of a state (see the module docstring).

    Parameters
    ----------
    state
        A state of a registered game.
    check : bool
        Load the saved game before giving it (default): a state that saves must load. A
        state built by hand whose history does not replay to it (an action its rules refuse,
        a field set that no action sets) is refused here, in words, not when the file is
        opened later.

    Raises
    ------
    ArgumentError
        With ``check``, for a state its own saved game does not give back: the message names
        the history entry that does not replay, or says that the replayed state differs.

    Examples
    --------
    >>> import rometools
    >>> d = saved_game(rometools.load_game("caesars_empire").new_game(rng=4))
    >>> d["game"], d["seed"], len(d["history"]), len(d["sha256"])
    ('caesars_empire', 4, 40, 64)
    """
    spec = game_of(state)
    rules = spec.rules
    body = {
        "format": SAVED_GAME_FORMAT,
        "version": SAVED_GAME_VERSION,
        "game": spec.id,
        "config": state.config.to_dict(),
        "seed": _jsonable(getattr(state, "seed", None)),
        "start": spec.position_to_dict(state) if spec.position_to_dict else None,
        "history": [_jsonable(a) for a in rules.action_history(state)],
    }
    body["sha256"] = _checksum(body)
    if check:
        from rometools.core.errors import RometoolsError

        try:
            again = load_saved_game(body, game=spec.id)
        except (RometoolsError, ValueError) as err:
            raise ArgumentError(f"this {spec.title} state cannot be saved: its saved game would not load "
                                f"({err}); a state that is saved must be reached by legal actions from a new "
                                f"game or a start position") from None
        if again != state:
            raise ArgumentError(f"this {spec.title} state cannot be saved: replaying its history gives a "
                                f"different state (a field set by hand that no action sets?); a state that is "
                                f"saved must be reached by legal actions from a new game or a start position")
    return body


def to_json(state: Any) -> str:
    """A saved game as JSON text; :func:`from_json` gives the state back.

    Examples
    --------
    >>> import rometools
    >>> s = rometools.load_game("caesars_empire").new_game(rng=4)
    >>> from_json(to_json(s)) == s
    True
    """
    return json.dumps(saved_game(state))


def from_json(text: str | bytes | Mapping[str, Any], *, game: str | None = None,
              source: str = _SAVED) -> Any:
    """Load a saved game (replaying every action). See :func:`load_saved_game`."""
    return load_saved_game(text, game=game, source=source)


def _fail(source: str, entry: str, problem: str):
    raise DataFileError(source, entry, problem)


def _describe(value: Any) -> str:
    text = "null" if value is None else type(value).__name__ if not isinstance(value, str | int) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def load_saved_game(data: str | bytes | Mapping[str, Any] | None, *, upto: int | None = None,
                    game: str | None = None, source: str = _SAVED) -> Any:
    """Check and replay a saved game.

    Parameters
    ----------
    data : str, bytes or Mapping
        The JSON text or its parsed object.
    upto : int, optional
        Stop after this many actions of the history.
    game : str, optional
        Refuse a saved game of another game.
    source : str
        Name of the file, used in error messages.

    Returns
    -------
    state

    Raises
    ------
    DataFileError
        Naming the entry, for invalid JSON, a top level that is not an
        object, a missing or unknown key, a wrong format or version, a wrong
        type, an unknown game, a checksum that does not match (the file was
        edited after saving) and a bad config or start position.
    InvalidActionError, IllegalActionError
        For an action of the history that is not an action of the game, or
        one its rules forbid there (``history[k]: ...``, the class ``apply``
        raised).
    ArgumentError
        For ``upto`` outside the history.

    Examples
    --------
    >>> load_saved_game("null")
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: <saved game>: (top level): must be a JSON object, got null
    """
    if isinstance(data, bytes | bytearray):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            _fail(source, "", f"is not UTF-8 text (byte {exc.start})")
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            _fail(source, "", f"is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
        except RecursionError:
            _fail(source, "", "is nested too deeply to be a saved game")
        except ValueError as exc:  # int("9" * 5000) is refused by Python: no saved game holds one
            if "integer string conversion" not in str(exc):
                raise
            _fail(source, "", f"holds a whole number of more than {sys.get_int_max_str_digits():,} digits; "
                              "no seed, count or action is that large")
    if not isinstance(data, Mapping):
        _fail(source, "(top level)", f"must be a JSON object, got {_describe(data)}")
    for key in _KEYS:
        if key not in data:
            _fail(source, key, "is required but missing")
    unknown = sorted(str(k) for k in data if k not in _KEYS)
    if unknown:
        _fail(source, unknown[0], "is not a saved-game key (misspelt?)")
    if data["format"] != SAVED_GAME_FORMAT:
        _fail(source, "format", f"must be {SAVED_GAME_FORMAT!r}, got {_describe(data['format'])}")
    if type(data["version"]) is not int or data["version"] != SAVED_GAME_VERSION:
        _fail(source, "version", f"this rometools reads version {SAVED_GAME_VERSION}, "
                                 f"got {_describe(data['version'])}")
    for key, kind, name in (("game", str, "a string"), ("config", Mapping, "an object"),
                            ("history", list, "a list"), ("sha256", str, "a string")):
        if not isinstance(data[key], kind):
            _fail(source, key, f"must be {name}, got {_describe(data[key])}")
    seed = data["seed"]
    if not (seed is None or type(seed) is int or (
            isinstance(seed, list) and seed and all(type(x) is int for x in seed))):
        _fail(source, "seed", f"must be null, a whole number or a list of them, got {_describe(seed)}")
    if data["start"] is not None and not isinstance(data["start"], Mapping):
        _fail(source, "start", f"must be null or an object, got {_describe(data['start'])}")
    try:
        spec = game_spec(data["game"])
    except ArgumentError as err:
        _fail(source, "game", str(err))
    if game is not None and spec.id != game:
        _fail(source, "game", f"is {spec.id!r}, but a {game!r} saved game was expected")
    try:
        checksum = _checksum(data)
    except (TypeError, ValueError) as exc:  # NaN, or a value json cannot write back
        _fail(source, "", f"holds a value that is not plain JSON ({exc})")
    if checksum != data["sha256"]:
        _fail(source, "sha256", "does not match the content: the file was edited after it was saved")
    config = spec.config.from_dict(data["config"], source=source)
    if data["start"] is None:
        state = spec.rules.new_game(config)
    elif spec.position_from_dict is None:
        _fail(source, "start", f"{spec.title} has no positions to start from; use null")
    else:
        state = spec.position_from_dict(config, data["start"], source=source)
    history = data["history"]
    _check_upto(upto, len(history))
    apply = spec.rules.apply
    for k, entry in enumerate(history if upto is None else history[:upto]):
        try:
            state = apply(state, _tupled(entry))
        except RulesError as err:  # the same class (invalid or illegal), the entry named
            raise type(err)(f"history[{k}]: {err}") from None
    if seed is not None and is_dataclass(state) and hasattr(state, "seed"):
        state = replace(state, seed=seed if isinstance(seed, int) else tuple(seed))
    return state
