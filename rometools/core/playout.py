"""One play loop, replay, the states after each turn, and the saved-game format.

Everything here works through the common game protocol
(:mod:`rometools.core.game`) and imports no game: a game's functions come from
the registry, found from the game id or from a state's type.

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
>>> game = rometools.load_game("caesars_empire")
>>> end = play(game, ["greedy", "random", "random", "random"], rng=3)
>>> game.is_over(end)
True
>>> text = to_json(end)
>>> from_json(text) == end
True
>>> len(turn_states(end)) == 1 + sum(1 for h in end.history if h[0] != "deal")
True
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import is_dataclass, replace
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from rometools.core._cython import compiled_or_plain
from rometools.core.errors import ArgumentError, DataFileError, RulesError
from rometools.core.game import CHANCE, Bot, Game, game_of, game_spec
from rometools.core.rng import NamedStreams, RngLike, as_generator

__all__ = [
    "SAVED_GAME_FORMAT",
    "SAVED_GAME_VERSION",
    "from_json",
    "initial_state",
    "load_saved_game",
    "play",
    "replay",
    "sample_outcome",
    "sample_weighted",
    "saved_game",
    "states",
    "to_json",
    "turn_states",
]

#: The play loop and the chance draw: their compiled twin where it was built (the same source).
_loop = compiled_or_plain("rometools.core._loop")
#: One of ``outcomes``, each drawn with probability its weight / the weights' sum (see ``_loop``).
sample_weighted = _loop.sample_weighted

SAVED_GAME_FORMAT = "rometools.saved_game"
SAVED_GAME_VERSION = 1
_KEYS = ("format", "version", "game", "config", "seed", "start", "history", "sha256")
_SAVED = "<saved game>"


# ===================================================================== chance and play
def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: np.random.Generator) -> Any:
    """One outcome of a chance node, drawn with exactly its probability.

    The probabilities are put over their common denominator ``D`` and one
    integer is drawn uniformly below ``D`` (no floating-point rounding).

    Parameters
    ----------
    outcomes : sequence of (outcome, Fraction)
        A chance node's ``chance_outcomes``; the probabilities sum to 1.
    rng : numpy.random.Generator

    Raises
    ------
    ValueError
        If ``outcomes`` is empty or its probabilities do not sum to 1.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> rng = np.random.default_rng(0)
    >>> sorted({sample_outcome([("a", F(1, 3)), ("b", F(2, 3))], rng) for _ in range(50)})
    ['a', 'b']
    """
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    # numerators and denominators read directly (a Fraction built per outcome per draw was a fifth
    # of a game's CPU in Augustus); the same integers as Fraction(p) * denominator
    fractions = [p if type(p) is Fraction else Fraction(p) for _, p in outcomes]
    denominator = lcm(*(f.denominator for f in fractions))
    weights = [f.numerator * (denominator // f.denominator) for f in fractions]
    if sum(weights) != denominator:
        raise ValueError(f"chance probabilities sum to {Fraction(sum(weights), denominator)}, not 1")
    return _loop.draw([o for o, _ in outcomes], weights, denominator, rng)


def play(game: Game, bots: str | Bot | Sequence[str | Bot] = "random", rng: RngLike = None, *,
         start: Any = None, chance_rng: RngLike = None, by_source: bool = True) -> Any:
    """Play one whole game: chance nodes sampled, each seat's bot moving, until the end.

    Parameters
    ----------
    game : Game
        From :func:`rometools.load_game`.
    bots : str, Bot or sequence
        A bot name (or bot) for every seat, or one per seat.
    rng : None, int or numpy.random.Generator
        One generator for the whole game: ``new_game``'s set-up, every chance
        node and every bot draw from it in a fixed order, so the same seed
        plays the same game.
    start : state, optional
        Play on from this state (a position, or a game in progress) instead
        of a new game.
    chance_rng : None, int or numpy.random.Generator, optional
        A separate generator for the set-up and every chance node, so that
        games with different bots (or bots in other seats) see the same chance
        outcomes as long as the game's course allows ("common random numbers").
        Default: ``rng`` serves both.
    by_source : bool
        For a game that names the source of each chance node (``GameSpec.chance_stream``):
        draw each source (a hand, the display, a bag), the set-up and each seat's bot from
        a stream of its own (:class:`~rometools.core.rng.NamedStreams`, keyed by one number
        drawn from the chance generator and one from the bots'), so that two variants
        see the same luck source by source. ``False`` plays such a game as any other: one
        chance stream and one bot stream (the draws before issue 43). No effect on a game
        that names no sources.

    Returns
    -------
    state
        The final state; its history replays the game.

    Raises
    ------
    ArgumentError
        For an unknown bot or a wrong number of bots.
    InvalidActionError, IllegalActionError
        For a value an untrusted bot returns that is not an action of the
        game, or not legal there.

    Examples
    --------
    >>> import rometools
    >>> g = rometools.load_game("caesars_empire", players=2)
    >>> end = play(g, "greedy", rng=5)
    >>> g.is_over(end), end == play(g, "greedy", rng=5)
    (True, True)
    """
    gen = as_generator(rng)
    chance = gen if chance_rng is None else as_generator(chance_rng)
    rules = game.spec.rules
    seats = game.bots(bots)
    decide = [b.decide for b in seats]
    appliers = [game.spec.apply_legal if b.trusted else rules.apply for b in seats]
    # a drawn outcome is legal: applied unchecked, drawn from whole-number weights (the same draw)
    current, apply, weights = rules.current_player, game.spec.apply_legal, rules.chance_weights
    source = game.spec.random_source
    if source is None or not by_source:
        state = rules.new_game(game.config, chance) if start is None else start
        return _loop.play_bots(state, current, weights, apply, appliers, decide, gen, chance)
    chance_key = int(chance.integers(1 << 63))   # first, so the bots' draw below cannot change it
    gens = NamedStreams(gen)
    # the set-up is drawn through its chance nodes, each from its named source
    state = rules.new_game(game.config) if start is None else start
    return _loop.play_streams(state, current, weights, apply, appliers, decide,
                              [gens[f"seat {p}"] for p in range(len(seats))], source, chance_key, gens.key)


# ===================================================================== replay and turn states
def initial_state(state: Any) -> Any:
    """The state a game's history starts from (a new game, or the position it began at).

    Examples
    --------
    >>> import rometools
    >>> g = rometools.load_game("caesars_empire")
    >>> initial_state(g.new_game(rng=1)) == g.new_game()
    True
    """
    return game_of(state).rules.initial_state(state)


def states(state: Any) -> list[Any]:
    """Every state of a game: the initial state, then the state after each action.

    Examples
    --------
    >>> import rometools
    >>> g = rometools.load_game("caesars_empire", players=2)
    >>> s = g.new_game(rng=1)
    >>> len(states(s)) == 1 + len(g.action_history(s))
    True
    """
    rules = game_of(state).rules
    current = rules.initial_state(state)
    out = [current]
    for action in rules.action_history(state):
        current = rules.apply(current, action)
        out.append(current)
    return out


def turn_states(state: Any) -> list[Any]:
    """The states where a player is to move (and the final one): one per turn.

    Chance nodes are stepped over, so for Caesar's Empire the list starts just
    after the set-up deal and adds the state after each player's action.

    Examples
    --------
    >>> import rometools
    >>> g = rometools.load_game("caesars_empire")
    >>> s = g.apply(g.apply(g.new_game(rng=2), ("rome", "capua")), ("rome", "ariminum"))
    >>> ts = turn_states(s)
    >>> len(ts), ts[-1] == s
    (3, True)
    """
    current_player = game_of(state).rules.current_player
    return [s for s in states(state) if current_player(s) != CHANCE]


def replay(log: str | bytes | Mapping[str, Any] | Any, *, upto: int | None = None,
           game: str | None = None, source: str = _SAVED) -> Any:
    """Rebuild a game from a saved game (or a state) by re-applying its history.

    Parameters
    ----------
    log : str, bytes, Mapping or state
        :func:`to_json` text, the parsed object, or a state (its history).
    upto : int, optional
        Stop after this many actions (0 = the initial state).
    game : str, optional
        The game id the file must hold.
    source : str
        Name of the file, for error messages.

    Raises
    ------
    DataFileError, InvalidActionError, IllegalActionError
        As :func:`load_saved_game`.
    ArgumentError
        For ``upto`` outside ``0..len(history)``.

    Examples
    --------
    >>> import rometools
    >>> g = rometools.load_game("caesars_empire")
    >>> s = g.apply(g.new_game(rng=5), ("rome", "capua"))
    >>> replay(to_json(s), upto=40) == g.new_game(rng=5)
    True
    >>> replay(s, upto=99)
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: upto must be a whole number from 0 to 41 (the actions in the history), got 99
    """
    if isinstance(log, str | bytes | bytearray | Mapping) or log is None:
        return load_saved_game(log, upto=upto, game=game, source=source)
    rules = game_of(log).rules
    history = rules.action_history(log)
    _check_upto(upto, len(history))
    if upto is None:
        return log
    current = rules.initial_state(log)
    for action in history[:upto]:
        current = rules.apply(current, action)
    return current


def _check_upto(upto: Any, n: int) -> None:
    if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= n):
        raise ArgumentError(f"upto must be a whole number from 0 to {n} (the actions in the history), "
                            f"got {upto!r}")


# ===================================================================== saved games
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
