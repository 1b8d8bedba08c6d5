"""A toy game with a planted rule hole, for the rule-hole search (issue "Automated playtest report").

Duel's bids (:mod:`tests.toys.duel`), except that after seat 0 bids ``highest`` seat 1 is to
move with no legal bid: a state the rules do not cover, which
:func:`rometools.core.playtest.rule_holes` must find. Registered only inside a test.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from typing import Any

from rometools.core.errors import IllegalActionError, InvalidActionError
from rometools.core.formatting import shown
from rometools.core.game import TERMINAL, GameSpec, RandomBot
from rometools.core.options import Config, option


@dataclass(frozen=True)
class HoleConfig(Config):
    players: int = option(2, "seats: two bidders.", low=2, high=2)
    highest: int = option(3, "the highest bid; after seat 0 bids it, seat 1 has no move.", low=1, high=9)


@dataclass(frozen=True)
class HoleState:
    config: HoleConfig
    bids: tuple[int, ...] = ()
    history: tuple[int, ...] = ()
    start: Any = None
    seed: Any = field(default=None, compare=False)


def new_game(config: HoleConfig | None = None, rng: Any = None) -> HoleState:
    return HoleState(config or HoleConfig())


def current_player(state: HoleState) -> int:
    return len(state.bids) if len(state.bids) < 2 else TERMINAL


def chance_outcomes(state: HoleState) -> list:
    return []


def legal_actions(state: HoleState) -> list[int]:
    player = current_player(state)
    if player == TERMINAL or (player == 1 and state.bids[0] == state.config.highest):  # the hole
        return []
    return list(range(1, state.config.highest + 1))


def apply(state: HoleState, action: Any) -> HoleState:
    if type(action) is not int:
        raise InvalidActionError(f"an action is a whole number, got {shown(action)}")
    if action not in legal_actions(state):
        raise IllegalActionError(f"{shown(action)} is not legal here (legal: {legal_actions(state)})")
    return replace(state, bids=(*state.bids, action), history=(*state.history, action))


def score_parts(state: HoleState) -> list[dict[str, int]]:
    if current_player(state) != TERMINAL:
        return [{"total": 0}, {"total": 0}]
    a, b = state.bids
    return [{"total": int(a > b)}, {"total": int(b > a)}]


SPEC = GameSpec(id="toy_hole", title="Hole (test)", rules=sys.modules[__name__], config=HoleConfig,
                state=HoleState, bots={"random": RandomBot}, score_bounds=lambda config: (0, 1),
                score_parts=score_parts)
