"""The game protocol: what a game's rules write, and the generic defaults of the rest.

Every rometools game is a module of pure functions over immutable states, in
the shape of OpenSpiel's ``python/games/kuhn_poker.py`` (STYLE.md, habit 2).
A game's rules module writes the five functions that *are* its rules
(:data:`KERNEL`); the other seven (:data:`DEFAULTED`) come from here, and a game
writes one only where its rules change it (pgx's split: the base owns the
generic policy, each game a small kernel).

=======================================  ==============================================
written by every game (:data:`KERNEL`)
``new_game(config, rng=None)``           a new state; with ``rng`` the set-up chance
                                         nodes may be sampled at once (same law)
``current_player(state)``                the seat to move, :data:`CHANCE` or :data:`TERMINAL`
``legal_actions(state)``                 the legal actions (at a chance node: the outcomes)
``chance_outcomes(state)``               ``[(outcome, Fraction)]`` summing to 1 at a
                                         chance node, ``[]`` elsewhere
``apply(state, action)``                 a new state (the old one is never changed);
                                         ``InvalidActionError`` for a value that is not
                                         an action, ``IllegalActionError`` for one the
                                         state forbids
defaulted here (:data:`DEFAULTED`)
``is_over(state)``                       ``current_player(state) == TERMINAL``
``scores(state)``                        each seat's ``"total"`` of the game's registered
                                         ``score_parts(state)`` (provisional before the end)
``action_history(state)``                ``tuple(state.history)``: a game whose history
                                         records are not the actions themselves writes it
``initial_state(state)``                 ``new_game(state.config)``: a game whose states
                                         can start from a position writes it
``to_json(state)`` / ``from_json(text)`` the saved game (:mod:`rometools.core.saved`)
``chance_weights(state)``                ``(outcomes, weights)``: ``chance_outcomes`` with
                                         whole-number weights in proportion to the
                                         probabilities; a game whose draws are counts
                                         (cards left of each kind) writes it to skip
                                         building a ``Fraction`` per outcome per draw
=======================================  ==============================================

:func:`resolve_rules` makes the :class:`Rules` a registered game is played
through (``GameSpec.rules``): the module's own function where it has one, the
default otherwise. The game's package exports the resolved functions under the
usual names, so ``rometools.augustus.to_json`` is there whether or not
``augustus/rules.py`` writes it.

Actions are JSON values: ``str``, ``int``, or tuples of them (tuples become
JSON arrays in a saved game and arrays become tuples again on loading).

Examples
--------
>>> import rometools
>>> rules = rometools.load_game("augustus").spec.rules
>>> rules.module.__name__.removesuffix("_c"), rules.is_over.__module__   # rules_c: its compiled twin
('rometools.augustus.rules', 'rometools.core.protocol')
>>> state = rules.new_game(rng=1)
>>> rules.is_over(state), rules.initial_state(state) == rules.new_game()
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import lcm
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "CHANCE",
    "DEFAULTED",
    "KERNEL",
    "PROTOCOL",
    "TERMINAL",
    "GameModule",
    "Rules",
    "ranks_by_keys",
    "ranks_by_score",
    "resolve_rules",
]

#: :func:`current_player` at a chance node (a draw, a deal, a shuffle).
CHANCE = -1
#: :func:`current_player` once the game is over.
TERMINAL = -4

#: The functions every game's rules module writes: its rules.
KERNEL = ("new_game", "current_player", "legal_actions", "chance_outcomes", "apply")
#: The functions :func:`resolve_rules` gives a game that does not write them.
DEFAULTED = ("is_over", "scores", "action_history", "initial_state", "to_json", "from_json", "chance_weights")
#: Every protocol function, as a registered game's :class:`Rules` has them.
PROTOCOL = KERNEL + DEFAULTED


@runtime_checkable
class GameModule(Protocol):
    """The functions a game's rules module writes (structural type of :data:`KERNEL`)."""

    def new_game(self, config: Any = None, rng: Any = None) -> Any: ...
    def current_player(self, state: Any) -> int: ...
    def legal_actions(self, state: Any) -> list: ...
    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]: ...
    def apply(self, state: Any, action: Any) -> Any: ...


class Rules:
    """A registered game's protocol functions: the rules module's own, else the defaults.

    Attributes
    ----------
    module : module
        The game's rules module.
    game_id : str
        The registry id.
    new_game, current_player, legal_actions, chance_outcomes, apply : callable
        The module's (:data:`KERNEL`).
    is_over, scores, action_history, initial_state, to_json, from_json : callable
        The module's where it writes them, else the defaults of this module
        (:data:`DEFAULTED`).

    See Also
    --------
    resolve_rules : builds it.
    rometools.core.game.GameSpec : holds it as ``spec.rules``.
    """

    __slots__ = ("game_id", "module", *PROTOCOL)

    def __init__(self, game_id: str, module: ModuleType, functions: dict[str, Callable]):
        self.game_id = game_id
        self.module = module
        for name in PROTOCOL:
            setattr(self, name, functions[name])

    @property
    def __name__(self) -> str:  # the module's, for messages
        return self.module.__name__

    def written(self) -> list[str]:
        """The protocol functions the game's module writes itself (the rest are defaults).

        Examples
        --------
        >>> import rometools
        >>> rometools.load_game("augustus").spec.rules.written()
        ['new_game', 'current_player', 'legal_actions', 'chance_outcomes', 'apply', 'action_history', 'chance_weights']
        """
        return [name for name in PROTOCOL if callable(getattr(self.module, name, None))]

    def __repr__(self) -> str:
        return f"<Rules of {self.game_id!r}: {self.module.__name__}>"


def ranks_by_score(scores: Sequence[int]) -> tuple[int, ...]:
    """Each seat's rank by score alone: 1 for the highest, equal scores sharing a rank.

    The default of ``GameSpec.ranks`` for a game whose rulebook has no tiebreaker.

    Examples
    --------
    >>> ranks_by_score([10, 30, 10, 20])
    (3, 1, 3, 2)
    """
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


def ranks_by_keys(keys: Sequence[tuple]) -> tuple[int, ...]:
    """Each seat's rank by its key (the score, then the tiebreaks; larger is better): 1 for the
    highest, equal keys sharing a rank.

    How core ranks a game that declares ``GameSpec(tiebreaks=...)``: the key is the score with
    the seat handicap's points, then the game's tiebreak values.

    Examples
    --------
    >>> ranks_by_keys([(10, 2), (10, 3), (12, 0), (10, 3)])
    (4, 2, 1, 2)
    """
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def resolve_rules(game_id: str, module: ModuleType,
                  score_parts: Callable[[Any], list[dict[str, int]]] | None = None) -> Rules:
    """The :class:`Rules` of a game: the module's protocol functions, the defaults for the rest.

    Parameters
    ----------
    game_id : str
        The registry id (``from_json`` refuses a saved game of another game).
    module : module
        The rules module; it must write every function of :data:`KERNEL`.
    score_parts : callable, optional
        ``score_parts(state) -> [{category: points, ..., "total": points}]``, one
        dict per seat: the default ``scores`` reads each seat's ``"total"``.

    Returns
    -------
    Rules

    Raises
    ------
    TypeError
        If the module lacks a function of :data:`KERNEL`, or writes neither
        ``scores`` nor is given ``score_parts``.

    Examples
    --------
    >>> import types
    >>> resolve_rules("toy", types.ModuleType("toy"))
    Traceback (most recent call last):
    ...
    TypeError: game 'toy': module toy lacks ['new_game', 'current_player', 'legal_actions', 'chance_outcomes', 'apply']
    """
    missing = [name for name in KERNEL if not callable(getattr(module, name, None))]
    if missing:
        raise TypeError(f"game {game_id!r}: module {module.__name__} lacks {missing}")
    own = {name: getattr(module, name) for name in PROTOCOL if callable(getattr(module, name, None))}
    if "scores" not in own and score_parts is None:
        raise TypeError(f"game {game_id!r}: write scores(state) in {module.__name__} or register score_parts")
    new_game, current_player = own["new_game"], own["current_player"]

    def is_over(state: Any) -> bool:
        """Whether the game has ended: ``current_player(state) == TERMINAL``."""
        return current_player(state) == TERMINAL

    def scores(state: Any) -> tuple[int, ...]:
        """Points per seat (each seat's ``"total"`` score part): final once over, provisional before."""
        return tuple(p["total"] for p in score_parts(state))

    def action_history(state: Any) -> tuple:
        """The actions applied since the start, chance outcomes included (the history's records)."""
        return tuple(state.history)

    def initial_state(state: Any) -> Any:
        """The state the history starts from: ``new_game(state.config)``."""
        return new_game(state.config)

    def to_json(state: Any) -> str:
        """The saved game (:func:`rometools.core.saved.to_json`); ``from_json`` inverts it."""
        from rometools.core.saved import to_json as saved

        return saved(state)

    def from_json(text: Any, *, source: str = "<saved game>") -> Any:
        """Load a saved game of this game, replaying and checking every action.

        Raises
        ------
        DataFileError, InvalidActionError, IllegalActionError
            As :func:`rometools.core.saved.load_saved_game`, the entry named;
            a saved game of another game is refused.
        """
        from rometools.core.saved import from_json as load

        return load(text, game=game_id, source=source)

    chance_outcomes = own["chance_outcomes"]

    def chance_weights(state: Any) -> tuple[list, list[int]]:
        """``chance_outcomes`` as ``(outcomes, weights)``: each probability's numerator over the
        common denominator (:func:`rometools.core.playout.sample_weighted` draws from them)."""
        outcomes = chance_outcomes(state)
        fractions = [p if type(p) is Fraction else Fraction(p) for _, p in outcomes]
        denominator = lcm(*(f.denominator for f in fractions))
        return [o for o, _ in outcomes], [f.numerator * (denominator // f.denominator) for f in fractions]

    defaults = {"is_over": is_over, "scores": scores, "action_history": action_history,
                "initial_state": initial_state, "to_json": to_json, "from_json": from_json,
                "chance_weights": chance_weights}
    return Rules(game_id, module, {**defaults, **own})
