"""One play loop, replay, and the states after each turn (the saved-game format re-exported).

Everything here works through the common game protocol
(:mod:`rometools.core.protocol`) and imports no game: a game's functions come from
the registry, found from the game id or from a state's type.

The saved-game format (``to_json``, ``from_json``, ``load_saved_game``) is
:mod:`rometools.core.saved`, re-exported here.

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

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import lcm
from typing import Any, Protocol

import numpy as np

from rometools.core._cython import compiled_or_plain
from rometools.core.bots import Bot
from rometools.core.protocol import CHANCE
from rometools.core.registry import RegisteredSpec, game_of
from rometools.core.rng import NamedStreams, RngLike, _name_words, as_generator
from rometools.core.saved import (
    _SAVED,
    SAVED_GAME_FORMAT,
    SAVED_GAME_VERSION,
    _check_upto,
    _checksum,  # noqa: F401 - re-exported: tests and check_game recompute a saved game's checksum
    from_json,
    load_saved_game,
    saved_game,
    to_json,
)

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
#: numpy's seeded generators, made faster (the same generators): their compiled twin where it was built.
_seeds = compiled_or_plain("rometools.core._seeds")
#: One of ``outcomes``, each drawn with probability its weight / the weights' sum (see ``_loop``).
sample_weighted = _loop.sample_weighted


class PlayedSpec(RegisteredSpec, Protocol):
    """What :func:`play` reads of a game's :class:`~rometools.core.spec.GameSpec` (which has
    these fields and more)."""

    apply_legal: Callable[[Any, Any], Any]
    random_source: Callable[[Any], str] | None


class PlayedGame(Protocol):
    """What :func:`play` reads of a :class:`~rometools.core.load.Game`: its spec, its config and
    its bots. Named here, not imported, not even for annotations: the Game sits above the play
    loop (its ``play`` calls this module's)."""

    spec: PlayedSpec
    config: Any

    def bots(self, names: str | Bot | Sequence[str | Bot]) -> list[Bot]: ...


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


def play(game: PlayedGame, bots: str | Bot | Sequence[str | Bot] = "random", rng: RngLike = None, *,
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
        For a game that names the source of its randomness (``GameSpec.random_source``):
        draw each source (a hand, the display, a bag, a seat's tie-breaks in a turn) from a
        stream of its own, keyed by one number drawn from the chance generator (the bots'
        from ``rng``), so that two variants see the same luck source by source (issue 43).
        ``False`` plays such a game as any other: one chance stream and one bot stream
        (its draws before issue 43). No effect on a game that names no sources.

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
    gen = _generator(rng)
    chance = gen if chance_rng is None else _generator(chance_rng)
    return _play_seats(game, game.bots(bots), gen, chance, start, by_source)


def _generator(rng: RngLike) -> np.random.Generator:
    """:func:`~rometools.core.rng.as_generator`: a whole-number seed's generator made by
    :func:`rometools.core._seeds.seeded` (the same generator as ``default_rng``'s, its seed sequence's
    entropy the seed), anything else by ``as_generator``."""
    if type(rng) is int and rng >= 0:
        return _seeds.seeded(rng)
    return as_generator(rng)


def _play_seats(game: PlayedGame, seats: Sequence[Bot], gen: np.random.Generator, chance: np.random.Generator,
                start: Any = None, by_source: bool = True, tally: list[int] | None = None) -> Any:
    """:func:`play` with its bots made and its generators given (``simulate``'s games); ``tally``: one
    count per seat, to which each seat's decisions are added as they are made (no wrapper per decision)."""
    rules = game.spec.rules
    decide = [b.decide for b in seats]
    appliers = [game.spec.apply_legal if b.trusted else rules.apply for b in seats]
    # a drawn outcome is legal: applied unchecked, drawn from whole-number weights (the same draw)
    current, apply, weights = rules.current_player, game.spec.apply_legal, rules.chance_weights
    source = game.spec.random_source
    if source is None or not by_source:
        state = rules.new_game(game.config, chance) if start is None else start
        return _loop.play_bots(state, current, weights, apply, appliers, decide, gen, chance, tally)
    chance_key = int(chance.integers(1 << 63))   # first, so the bots' draw below cannot change it
    gens = NamedStreams(gen)
    # the set-up is drawn through its chance nodes, each from its named source
    state = rules.new_game(game.config) if start is None else start
    # each seat's stream, gens[f"seat {p}"] made in about a fifth of the time (the same generator)
    seat_gens = [_seeds.stream((gens.key, *_name_words(f"seat {p}"))) for p in range(len(seats))]
    return _loop.play_streams(state, current, weights, apply, appliers, decide, seat_gens, source, chance_key,
                              gens.key, tally)


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


