"""Pig's rules: the kernel a game writes (rometools.core.protocol's five functions) and the config.

Pig (John Scarne, 1945) for 2 to 6 players with one die. On your turn you roll as often as you
like, adding each roll to your turn total; a 1 (the pig) loses the turn total and ends the turn.
Holding banks the turn total. The first to reach ``target`` points wins: the game ends as soon
as your banked points plus the turn total reach it, without holding (the rule as most tables
play it, and it keeps every score below ``target + sides``).

Model: seat 0 starts; a roll is a chance node listing the die's faces, each ``1/sides``; the
history's records are the actions themselves (``"roll"``, ``"hold"``, a face), so the core's
default ``action_history`` serves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rometools.core.errors import IllegalActionError, InvalidActionError
from rometools.core.formatting import shown
from rometools.core.game import CHANCE, TERMINAL
from rometools.core.options import Config, option

ROLL, HOLD = "roll", "hold"


@dataclass(frozen=True)
class PigConfig(Config):
    """Pig's options, each declared once (:func:`rometools.core.options.option`).

    Examples
    --------
    >>> PigConfig(players=3).target
    100
    >>> PigConfig(target=0)
    Traceback (most recent call last):
    ...
    rometools.core.errors.OptionError: target must be a whole number 1 to 10,000, got 0
    """

    players: int = option(2, "seats at the table.", low=2, high=6)
    target: int = option(100, "the points that win the game.", low=1, high=10_000)
    sides: int = option(6, "faces of the die, 1 (the pig) to sides.", low=2, high=20)


@dataclass(frozen=True)
class PigState:
    """A position: banked points per seat, the seat to move, its turn total, a roll pending."""

    config: PigConfig
    banked: tuple[int, ...]
    seat: int = 0
    turn_total: int = 0
    rolling: bool = False
    history: tuple = ()
    start: None = None
    seed: Any = field(default=None, compare=False)


def new_game(config: PigConfig | None = None, rng: Any = None) -> PigState:
    """A new game: nothing is random at the start, so ``rng`` changes nothing.

    >>> new_game().banked
    (0, 0)
    """
    config = config or PigConfig()
    return PigState(config, (0,) * config.players)


def _over(state: PigState) -> bool:
    return max(state.banked) >= state.config.target


def current_player(state: PigState) -> int:
    """The seat to move, ``CHANCE`` while a roll is pending, ``TERMINAL`` once someone reached the target."""
    if _over(state):
        return TERMINAL
    return CHANCE if state.rolling else state.seat


def chance_outcomes(state: PigState) -> list[tuple[int, Fraction]]:
    """The die's faces, each ``1/sides``, while a roll is pending; ``[]`` elsewhere."""
    if not state.rolling or _over(state):
        return []
    sides = state.config.sides
    return [(face, Fraction(1, sides)) for face in range(1, sides + 1)]


def chance_weights(state: PigState) -> tuple[list[int], list[int]]:
    """:func:`chance_outcomes` as whole-number weights (1 per face): the play loop draws from these,
    without a ``Fraction`` per face per roll."""
    if not state.rolling or _over(state):
        return [], []
    return list(range(1, state.config.sides + 1)), [1] * state.config.sides


def random_source(state: PigState) -> str:
    """Where the randomness at ``state`` comes from (``GameSpec.random_source``): each seat's die,
    ``"die 0"``, and each seat's choices, ``"seat 0"``. A variant that changes one seat's play
    (holds earlier, a lower target) leaves the other seat's rolls as they were.

    >>> random_source(new_game()), random_source(apply(new_game(), "roll"))
    ('seat 0', 'die 0')
    """
    return ("die " if state.rolling else "seat ") + str(state.seat)


def legal_actions(state: PigState) -> list:
    """Roll or hold (holding a turn total of 0 is allowed: it passes); the faces at a roll."""
    if state.rolling:
        return [face for face, _ in chance_outcomes(state)]
    return [] if _over(state) else [ROLL, HOLD]


def _next(state: PigState, banked: tuple[int, ...], seat: int, turn_total: int, rolling: bool,
          history: tuple) -> PigState:
    # dataclasses.replace spelled out: replace looks every field up by name, half of a game's time
    return PigState(state.config, banked, seat, turn_total, rolling, history, state.start, state.seed)


def _end_turn(state: PigState, banked: tuple[int, ...], history: tuple) -> PigState:
    return _next(state, banked, (state.seat + 1) % state.config.players, 0, False, history)


def apply(state: PigState, action: Any) -> PigState:
    """The state after ``action``; ``state`` is never changed.

    Raises
    ------
    InvalidActionError
        For anything that is not a Pig action (not "roll", "hold" or a face).
    IllegalActionError
        For a Pig action the state does not allow now (a face when no roll is pending...).

    >>> s = apply(apply(new_game(), "roll"), 5)
    >>> s.turn_total, apply(s, "hold").banked
    (5, (5, 0))
    """
    faces = range(1, state.config.sides + 1)
    is_face = type(action) is int and action in faces
    if not (is_face or (isinstance(action, str) and action in (ROLL, HOLD))):
        raise InvalidActionError(f"a Pig action is 'roll', 'hold' or a face 1 to {state.config.sides}, "
                                 f"got {shown(action)}")
    if _over(state):
        raise IllegalActionError(f"the game is over; {shown(action)} cannot be played")
    if state.rolling != is_face:
        raise IllegalActionError(f"{shown(action)} is not allowed now: "
                                 f"{'the die is rolling' if state.rolling else 'no roll is pending'}")
    history = (*state.history, action)
    if action == ROLL:
        return _next(state, state.banked, state.seat, state.turn_total, True, history)
    if action == HOLD:
        banked = list(state.banked)
        banked[state.seat] += state.turn_total
        return _end_turn(state, tuple(banked), history)
    if action == 1:  # the pig: the turn total is lost
        return _end_turn(state, state.banked, history)
    total = state.turn_total + action
    if state.banked[state.seat] + total >= state.config.target:  # the target reached: the game ends
        banked = list(state.banked)
        banked[state.seat] += total
        return _next(state, tuple(banked), state.seat, 0, False, history)
    return _next(state, state.banked, state.seat, total, False, history)


def scores(state: PigState) -> tuple[int, ...]:
    """Banked points per seat (the turn total is not yet points)."""
    return state.banked


def score_bounds(config: PigConfig) -> tuple[int, int]:
    """Every score lies in it: below ``target`` until the roll that reaches it, which adds at most ``sides``."""
    return 0, config.target - 1 + config.sides


def action_text(state: PigState, action: Any) -> str:
    """A decision in the rules' words (the log, the explorers' strong-player table, OpenSpiel).

    >>> s = apply(apply(new_game(), "roll"), 5)
    >>> action_text(s, "roll"), action_text(s, "hold")
    ('roll the die', 'hold: bank the 5 points of this turn')
    """
    return "roll the die" if action == "roll" else f"hold: bank the {state.turn_total} points of this turn"
