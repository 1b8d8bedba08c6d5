"""Hostile saved games: a state's saved game tampered with every way is refused in words.

:func:`check_saved_game` is the ``tampered_saves`` check of
:func:`~rometools.testing.check_game`, for one state: call it on a position or a finished
game of your own (a position that starts from a described ``start``, a game of a variant).
:func:`check_hand_built_states` holds a state built by hand to "saves only if it loads";
:func:`check_huge_numbers` a saved game holding a number Python cannot read to a
``DataFileError``.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from rometools.core.errors import DataFileError, RulesError
from rometools.core.registry import game_of
from rometools.core.saved import _checksum, load_saved_game, saved_game
from rometools.testing._common import _require

if TYPE_CHECKING:
    from rometools.core.spec import GameSpec

__all__ = ["SAVED_JUNK", "check_hand_built_states", "check_huge_numbers", "check_saved_game"]

#: Values a tampered saved game's entries are set to.
SAVED_JUNK = (None, [], {}, 0, -1, 2.5, "x", True, [[]], {"a": 1}, "9" * 40)
#: Values that replace an action of the history: never an action, so always a RulesError.
_JUNK_ACTIONS = (None, 2.5, True, {"a": 1}, {})


def _reseal(data: dict) -> dict:
    with contextlib.suppress(TypeError, ValueError, KeyError):
        data["sha256"] = _checksum(data)
    return data


def _config_edits(spec: GameSpec, config: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """A changed value for each option whose saved value has an obvious other value of its kind,
    from the declared options (a boolean flipped, a number moved within its range, another choice);
    an option of any other kind is skipped, and if none is left the first option becomes a string."""
    found = False
    for o in spec.config.options():
        value = config.get(o.name)
        other: Any = None
        if isinstance(value, bool):
            other = not value
        elif isinstance(value, int):
            other = value + 1 if o.high is None or value + 1 <= o.high else value - 1
        elif isinstance(value, float):
            other = value / 2 if value else 1.0
        elif isinstance(value, str):
            other = next((c for c in o.allowed() if c != value), value + "x")
        if other is not None:
            found = True
            yield o.name, other
    if not found and config:
        name = next(iter(config))
        yield name, "edited" if config[name] != "edited" else "changed"


def _saved_mutations(spec: GameSpec, data: dict, rng: random.Random) -> Iterator[tuple[str, Any, str | None]]:
    """``(what, tampered object or text, the outcome it must have or None for any clean one)``."""
    text = json.dumps(data)
    for cut in sorted(rng.sample(range(1, len(text)), min(8, len(text) - 1))):
        yield f"truncated at {cut}", text[:cut], "DataFileError"
    for key in data:
        yield f"without {key}", {k: v for k, v in data.items() if k != key}, "DataFileError"
        for junk in SAVED_JUNK:
            yield f"{key} = {junk!r}", _reseal({**data, key: junk}), None
    history = data["history"]
    n = len(history)
    for _ in range(12 if n else 0):
        if n >= 2:
            i, j = sorted(rng.sample(range(n), 2))
            swapped = list(history)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            if swapped != history:  # two equal actions: no change
                yield f"actions {i} and {j} swapped, not resealed", {**data, "history": swapped}, "DataFileError"
                yield f"actions {i} and {j} swapped", _reseal({**data, "history": swapped}), None
        k = rng.randrange(n)
        yield f"action {k} removed", _reseal({**data, "history": history[:k] + history[k + 1:]}), None
        yield f"action {k} twice", _reseal({**data, "history": history[:k + 1] + history[k:]}), None
        junk = rng.choice(_JUNK_ACTIONS)
        yield (f"action {k} = {junk!r}", _reseal({**data, "history": [*history[:k], junk, *history[k + 1:]]}),
               "RulesError")
        yield (f"action {k} edited, not resealed", {**data, "history": [*history[:k], "x", *history[k + 1:]]},
               "DataFileError")
    for key in data["config"]:
        for junk in SAVED_JUNK:
            yield f"config.{key} = {junk!r}", _reseal({**data, "config": {**data["config"], key: junk}}), None
    for name, value in _config_edits(spec, data["config"]):
        edited = {**data, "config": {**data["config"], name: value}}
        yield f"config.{name} changed to {value!r}, not resealed", edited, "DataFileError"
        yield f"config.{name} changed to {value!r}", _reseal(dict(edited)), None
    yield "resealed, nothing changed", _reseal(dict(data)), "ok"


def _load_outcome(data: Any) -> tuple[str, Any]:
    try:
        state = load_saved_game(data)
    except DataFileError as err:
        _require(str(err).startswith("<saved game>"), f"a DataFileError that does not name <saved game>: {err}")
        return "DataFileError", None
    except RulesError:
        return "RulesError", None
    return "ok", state


def check_saved_game(state: Any, *, seed: int | str = 0) -> None:
    """The ``tampered_saves`` check of :func:`~rometools.testing.check_game` for one state's saved game.

    The saved game of ``state`` (:func:`rometools.core.saved.saved_game`) is tampered with in
    every class of hostile edit: truncated, each key removed or set to each of
    :data:`SAVED_JUNK`, two actions swapped, an action removed, doubled or replaced by a value
    that is no action, each option set to junk or changed to another value of its kind
    (from the config's declared options: a boolean flipped, a number moved within its
    range, another choice), with and without a fresh checksum. Each must load as
    :func:`rometools.core.saved.load_saved_game` promises: a ``DataFileError`` naming
    ``<saved game>`` or a ``RulesError``, never another exception; an edit without a fresh
    checksum is refused; a resealed one loads only as a legal game (not stuck), and the
    untouched file resealed loads as ``state``.

    Parameters
    ----------
    state : game state
        Of a registered game; usually a finished game (its history is what is tampered with).
    seed : int or str
        Chooses the cuts, swaps and actions; the same seed tampers the same way.

    Raises
    ------
    AssertionError
        Naming the edit and what its load did.

    See Also
    --------
    rometools.testing.check_game : runs it on a played game of every config.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> check_saved_game(play(rometools.load_game("pig", target=20), "greedy", rng=1))
    """
    spec = game_of(state)
    rules = spec.rules
    data = saved_game(state)
    rng = random.Random(f"{spec.id} {seed}")
    for what, tampered, expected in _saved_mutations(spec, data, rng):
        try:
            outcome, loaded = _load_outcome(tampered)
        except AssertionError as err:
            raise AssertionError(f"{what}: {err}") from err
        except Exception as err:
            raise AssertionError(f"{what}: {type(err).__name__} ({err}), not a DataFileError or "
                                 f"RulesError") from err
        _require(expected is None or outcome == expected, f"{what}: {outcome}, expected {expected}")
        if outcome == "ok":  # only a change the rules accept: it loads as a legal game
            _require(rules.is_over(loaded) or rules.legal_actions(loaded), f"{what}: loaded a game that is stuck")
            if expected == "ok":
                _require(loaded == state, f"{what}: loaded a different game")


def check_hand_built_states(game_id: str) -> int:
    """A state built by hand that saves must load back equal, or refuse to save in words.

    Each field of a played game's state (the config, the history and what no rule reads
    aside) is set by hand to its value at the start: the state either saves and loads back
    equal, or ``to_json`` refuses it with an ``ArgumentError`` saying it "cannot be saved" and
    naming the game.

    Returns
    -------
    int
        The hand-built states refused.

    Raises
    ------
    AssertionError
        For a state that saves but loads as another, or a refusal in other words; or when no
        hand-built state was refused (the check checked nothing).

    Examples
    --------
    >>> check_hand_built_states("pig") > 0
    True
    """
    import dataclasses

    from rometools.core.errors import ArgumentError
    from rometools.core.load import load_game
    from rometools.core.playout import play

    game = load_game(game_id, players=2)
    end = play(game, "random", rng=3)
    start = game.new_game(rng=3)
    refused = 0
    for f in dataclasses.fields(end):
        if f.name in ("config", "history", "seed", "start") or f.name.startswith("_") or not f.compare:
            continue
        if getattr(start, f.name) == getattr(end, f.name):
            continue
        try:
            hybrid = dataclasses.replace(end, **{f.name: getattr(start, f.name)})
        except (ValueError, TypeError):   # the state's own checks refuse it: nothing to save
            continue
        try:
            text = game.to_json(hybrid)
        except ArgumentError as err:
            _require("cannot be saved" in str(err) and game.title in str(err), f"{f.name}: refused saying {err}")
            refused += 1
            continue
        _require(game.from_json(text) == hybrid, f"{f.name}: saved, but loads as another state")
    _require(refused > 0, "no field set by hand was refused: the check did not run")
    return refused


def check_huge_numbers(game_id: str) -> None:
    """A saved game holding a whole number of 5,000 digits (Python refuses to read it) is a
    ``DataFileError`` saying so, not Python's bare ``ValueError``.

    Raises
    ------
    AssertionError
        Naming what the load raised.

    Examples
    --------
    >>> check_huge_numbers("pig")
    """
    from rometools.core.load import load_game
    from rometools.core.playout import play
    from rometools.testing._common import _raises

    game = load_game(game_id)
    data = {**saved_game(play(game, sorted(game.spec.bots)[0], 1)), "seed": 1}
    huge = json.dumps(data).replace('"seed": 1', '"seed": ' + "9" * 5000)
    _raises(DataFileError, lambda: load_saved_game(huge, source="tampered.json"), "a seed of 5,000 digits",
            match="more than 4,300 digits")
