"""Duel, a toy game of two turns for the conformance tests.

Seat 0 bids 1 to ``highest``, then seat 1 does; the higher bid scores 1, and a
tie is settled by a coin (a chance node at the end, the only one). With
``highest = 1`` nobody has a choice: only the coin varies. Written to the
template (config on :class:`~rometools.core.options.Config`, the five kernel
functions); registered only inside a test.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from rometools.core.errors import IllegalActionError, InvalidActionError
from rometools.core.formatting import shown
from rometools.core.game import CHANCE, TERMINAL, GameSpec, RandomBot
from rometools.core.options import Config, option


@dataclass(frozen=True)
class DuelConfig(Config):
    players: int = option(2, "seats: two duellists.", low=2, high=2)
    highest: int = option(3, "the highest bid.", low=1, high=9)


@dataclass(frozen=True)
class DuelState:
    config: DuelConfig
    bids: tuple[int, ...] = ()
    coin: int | None = None  # the seat the coin favours, after a tie
    history: tuple[int, ...] = ()
    start: Any = None
    seed: Any = field(default=None, compare=False)


def new_game(config: DuelConfig | None = None, rng: Any = None) -> DuelState:
    return DuelState(config or DuelConfig())


def current_player(state: DuelState) -> int:
    if len(state.bids) < 2:
        return len(state.bids)
    if state.bids[0] == state.bids[1] and state.coin is None:
        return CHANCE
    return TERMINAL


def chance_outcomes(state: DuelState) -> list[tuple[int, Fraction]]:
    return [(0, Fraction(1, 2)), (1, Fraction(1, 2))] if current_player(state) == CHANCE else []


def legal_actions(state: DuelState) -> list[int]:
    player = current_player(state)
    if player == CHANCE:
        return [seat for seat, _ in chance_outcomes(state)]
    return [] if player == TERMINAL else list(range(1, state.config.highest + 1))


def apply(state: DuelState, action: Any) -> DuelState:
    if type(action) is not int:
        raise InvalidActionError(f"an action is a whole number, got {shown(action)}")
    if action not in legal_actions(state):
        raise IllegalActionError(f"{shown(action)} is not legal here (legal: {legal_actions(state)})")
    history = (*state.history, action)
    if current_player(state) == CHANCE:
        return replace(state, coin=action, history=history)
    return replace(state, bids=(*state.bids, action), history=history)


def score_parts(state: DuelState) -> list[dict[str, int]]:
    if current_player(state) != TERMINAL:
        return [{"total": 0}, {"total": 0}]
    a, b = state.bids
    won = state.coin if a == b else int(b > a)
    return [{"total": int(seat == won)} for seat in (0, 1)]


SPEC = GameSpec(id="toy_duel", title="Duel (test)", rules=sys.modules[__name__], config=DuelConfig,
                state=DuelState, bots={"random": RandomBot}, score_parts=score_parts,
                score_bounds=lambda config: (0, 1), chance_name="the coin",
                sample_configs=({}, {"highest": 1}))
