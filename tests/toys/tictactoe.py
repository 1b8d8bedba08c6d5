"""Tic-tac-toe, a toy game for the conformance tests: no chance at all and no boolean option.

Written to the template (``docs/architecture.md``): the config derives from
:class:`rometools.core.options.Config`, the rules write the five kernel
functions only (``is_over``, ``scores``, ``action_history``, saved games come
from :mod:`rometools.core.protocol`), and the score parts are registered.
Registered only inside a test, with ``rometools.testing.registered(SPEC)``.

Its tree is published: 255,168 games, 1,440 of them won by X on the fifth move,
so :func:`rometools.testing.perft` has golden counts to meet.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from typing import Any

from rometools.core.errors import IllegalActionError, InvalidActionError
from rometools.core.formatting import shown
from rometools.core.game import TERMINAL, Bot, GameSpec, RandomBot
from rometools.core.options import Config, option

#: The cells in a row, a column or a diagonal (cells 0 to 8, row by row).
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True)
class TicTacToeConfig(Config):
    players: int = option(2, "seats: X and O.", low=2, high=2)


@dataclass(frozen=True)
class TicTacToeState:
    config: TicTacToeConfig
    history: tuple[int, ...] = ()  # the cells played, X first
    start: Any = None
    seed: Any = field(default=None, compare=False)


def winner(history: tuple[int, ...]) -> int | None:
    """The seat with three in a line, if any."""
    for seat in (0, 1):
        cells = set(history[seat::2])
        if any(set(line) <= cells for line in LINES):
            return seat
    return None


def new_game(config: TicTacToeConfig | None = None, rng: Any = None) -> TicTacToeState:
    return TicTacToeState(config or TicTacToeConfig())


def current_player(state: TicTacToeState) -> int:
    if winner(state.history) is not None or len(state.history) == 9:
        return TERMINAL
    return len(state.history) % 2


def legal_actions(state: TicTacToeState) -> list[int]:
    if current_player(state) == TERMINAL:
        return []
    return [cell for cell in range(9) if cell not in state.history]


def chance_outcomes(state: TicTacToeState) -> list:
    return []


def apply(state: TicTacToeState, action: Any) -> TicTacToeState:
    if type(action) is not int or not 0 <= action <= 8:
        raise InvalidActionError(f"an action is a cell 0 to 8, got {shown(action)}")
    if action not in legal_actions(state):
        raise IllegalActionError(f"cell {shown(action)} is taken or the game is over")
    return replace(state, history=(*state.history, action))


def score_parts(state: TicTacToeState) -> list[dict[str, int]]:
    won = winner(state.history)
    return [{"total": int(won == seat)} for seat in (0, 1)]


class CentreBot(Bot):
    """Takes the centre if free, else the first free cell."""

    name = "centre"

    def decide(self, state: TicTacToeState, rng: Any) -> int:
        legal = legal_actions(state)
        return 4 if 4 in legal else legal[0]


SPEC = GameSpec(id="toy_tictactoe", title="Tic-tac-toe (test)", rules=sys.modules[__name__],
                config=TicTacToeConfig, state=TicTacToeState, bots={"random": RandomBot, "centre": CentreBot},
                score_parts=score_parts, score_bounds=lambda config: (0, 1))
