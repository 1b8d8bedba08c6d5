"""Coin, a toy game for the statistical tests of rometools.compare: one toss decides the winner.

Seat 0 wins with probability ``percent`` / 100 (a chance node, the only node), seat 1 otherwise; the
winner scores 1. Every figure's true value is known exactly: P1's win rate and mean score are
``percent / 100``, the score spread is always 1 and a game has no decision (length 0). Registered
only inside a test.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from rometools.core.errors import IllegalActionError, InvalidActionError
from rometools.core.game import CHANCE, TERMINAL, GameSpec, RandomBot
from rometools.core.options import Config, option


@dataclass(frozen=True)
class CoinConfig(Config):
    players: int = option(2, "seats: two.", low=2, high=2)
    percent: int = option(50, "the chance, in percent, that seat 0 wins.", low=1, high=99)


@dataclass(frozen=True)
class CoinState:
    config: CoinConfig
    winner: int | None = None
    history: tuple[int, ...] = ()
    start: Any = None
    seed: Any = field(default=None, compare=False)


def new_game(config: CoinConfig | None = None, rng: Any = None) -> CoinState:
    return CoinState(config or CoinConfig())


def current_player(state: CoinState) -> int:
    return CHANCE if state.winner is None else TERMINAL


def chance_outcomes(state: CoinState) -> list[tuple[int, Fraction]]:
    if state.winner is not None:
        return []
    p = Fraction(state.config.percent, 100)
    return [(0, p), (1, 1 - p)]


def chance_weights(state: CoinState) -> tuple[list[int], list[int]]:
    return ([0, 1], [state.config.percent, 100 - state.config.percent]) if state.winner is None else ([], [])


def apply_legal(state: CoinState, action: int) -> CoinState:
    """``apply`` without its checks: the toss drawn by the play loop (the tests play thousands)."""
    return CoinState(state.config, action, (*state.history, action))


def legal_actions(state: CoinState) -> list[int]:
    return [o for o, _ in chance_outcomes(state)]


def apply(state: CoinState, action: Any) -> CoinState:
    if type(action) is not int:
        raise InvalidActionError(f"an action is a seat, got {action!r}")
    if action not in legal_actions(state):
        raise IllegalActionError(f"{action} is not legal here")
    return replace(state, winner=action, history=(*state.history, action))


def scores(state: CoinState) -> tuple[int, int]:
    return (0, 0) if state.winner is None else tuple(int(s == state.winner) for s in range(2))


SPEC = GameSpec(id="toy_coin", title="Coin (test)", rules=sys.modules[__name__], config=CoinConfig,
                state=CoinState, bots={"random": RandomBot}, score_bounds=lambda config: (0, 1),
                chance_name="the toss", apply_legal=apply_legal, movers=lambda state: [])
