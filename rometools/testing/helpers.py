"""Helpers for a game's own tests: a toy game in the registry for a ``with`` block, golden counts."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from rometools.core.errors import ArgumentError
from rometools.core.formatting import shown
from rometools.core.registry import game_of, game_spec, games, register_game, unregister_game

if TYPE_CHECKING:
    from rometools.core.spec import GameSpec

__all__ = ["perft", "registered"]


@contextlib.contextmanager
def registered(spec: GameSpec) -> Iterator[GameSpec]:
    """A game in the registry for the duration of a ``with`` block (a test's toy game).

    Inside the block the game is one of :func:`rometools.games`: ``load_game``,
    saved games, bots, :func:`check_game` and the OpenSpiel bridge find it;
    after it, the registry is as before (the OpenSpiel bridge keeps a game it
    registered: OpenSpiel cannot forget one).

    Parameters
    ----------
    spec : GameSpec
        Not registered yet (its id, state type and config type free).

    Yields
    ------
    GameSpec
        ``spec``.

    Raises
    ------
    ValueError
        If the id, the state type or the config type is another game's.

    See Also
    --------
    rometools.core.game.register_game, rometools.core.game.unregister_game

    Examples
    --------
    The smallest game: two seats add 1 or 2 to a count in turn; who reaches
    the goal scores 1. Its rules write the five kernel functions only.

    >>> import types
    >>> from dataclasses import dataclass, field, replace
    >>> import rometools
    >>> from rometools.core.errors import RulesError
    >>> from rometools.core.game import TERMINAL, GameSpec, RandomBot
    >>> from rometools.core.options import Config, option
    >>> @dataclass(frozen=True)
    ... class CountConfig(Config):
    ...     players: int = option(2, "seats at the table.", low=2, high=2)
    ...     goal: int = option(4, "the count that ends the game.", low=1, high=20)
    >>> @dataclass(frozen=True)
    ... class CountState:
    ...     config: CountConfig
    ...     history: tuple = ()
    ...     start: object = None
    ...     seed: object = field(default=None, compare=False)
    >>> count = types.ModuleType("count")
    >>> count.new_game = lambda config=None, rng=None: CountState(config or CountConfig())
    >>> count.current_player = lambda s: TERMINAL if sum(s.history) >= s.config.goal else len(s.history) % 2
    >>> count.legal_actions = lambda s: [] if count.current_player(s) == TERMINAL else [1, 2]
    >>> count.chance_outcomes = lambda s: []
    >>> def apply(state, action):
    ...     if type(action) is not int or action not in count.legal_actions(state):
    ...         raise RulesError(f"{action!r} is not a legal action here")
    ...     return replace(state, history=(*state.history, action))
    >>> count.apply = apply
    >>> def score_parts(s):
    ...     won = count.current_player(s) == TERMINAL
    ...     return [{"total": int(won and seat == (len(s.history) - 1) % 2)} for seat in (0, 1)]
    >>> spec = GameSpec(id="count", title="Count", rules=count, config=CountConfig, state=CountState,
    ...                 bots={"random": RandomBot}, score_parts=score_parts, score_bounds=lambda c: (0, 1))
    >>> from rometools.testing import check_game
    >>> with registered(spec):
    ...     print(check_game("count", configs=[{}, {"goal": 1}], n_games=5,
    ...                      checks=["playthroughs", "round_trips", "same_seed"]))
    count: 3 checks passed on 2 configs
      config 0 {}: playthroughs, round_trips, same_seed
      config 1 {'goal': 1}: playthroughs, round_trips, same_seed
      note: no chance node in 5 games of config 0 {}
      note: no chance node in 5 games of config 1 {'goal': 1}
      note: config 0 {}: not pickled: rometools.testing.helpers.CountConfig is defined where pickle cannot find it by name (process executors cannot send it)
      note: config 1 {'goal': 1}: not pickled: rometools.testing.helpers.CountConfig is defined where pickle cannot find it by name (process executors cannot send it)
    >>> "count" in rometools.games()
    False
    """
    games()  # every entry point first: a game of that id registered later would clash
    if spec.id in games():
        raise ValueError(f"game id {spec.id!r} is taken by {game_spec(spec.id).rules.__name__}")
    register_game(spec)
    try:
        yield spec
    finally:
        unregister_game(spec.id)


def perft(state: Any, depth: int) -> int:
    """The number of action sequences of exactly ``depth`` actions from ``state`` (python-chess's perft).

    Every legal action counts, chance outcomes too (one each, whatever its
    probability); a game that ends sooner adds nothing. A golden count for a
    test: a change to ``legal_actions`` or ``apply`` anywhere in the first
    ``depth`` actions changes it. Every action is applied with ``apply``, so a
    legal action that ``apply`` refuses raises.

    Parameters
    ----------
    state : game state
        Of a registered game.
    depth : int
        Actions, 0 or more (0 counts ``state`` itself: 1).

    Returns
    -------
    int

    Raises
    ------
    ArgumentError
        For a depth that is not a whole number 0 or more.
    RulesError
        If ``apply`` refuses one of the listed legal actions.

    See Also
    --------
    check_game

    Examples
    --------
    The set-up deal of Caesar's Empire puts one of the 9 Treasure types on a city, then another:

    >>> import rometools
    >>> game = rometools.load_game("caesars_empire")
    >>> perft(game.new_game(), 1), perft(game.new_game(), 2)
    (9, 81)
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ArgumentError(f"depth must be a whole number 0 or more, got {shown(depth)}")
    rules = game_of(state).rules

    def count(s: Any, d: int) -> int:
        legal = rules.legal_actions(s)
        if d == 1:
            return len(legal)
        return sum(count(rules.apply(s, a), d - 1) for a in legal)

    return 1 if depth == 0 else count(state, depth)
