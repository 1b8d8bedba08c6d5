"""Script, a toy game whose score follows a written script: the game-flow tests' known answers.

Seats move in turn (decision ``k`` by seat ``k % players``). Decision ``k`` scores
``script[k]`` points for its seat whatever is chosen among its ``choices[k]`` legal moves
(``1`` to ``choices[k]``, default one move), so the lead, the winner, the decisions and the
branching factor of every game are known in advance. A round is one decision by every seat
(the game's time unit); option ``cut`` is a safeguard that ends the game after that many
decisions (``reached`` when it cuts the script short). Registered only inside a test.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from typing import Any

from rometools.core.errors import IllegalActionError, InvalidActionError
from rometools.core.flow import Safeguard, TimeUnit
from rometools.core.game import TERMINAL, GameSpec, RandomBot
from rometools.core.options import Config, option


@dataclass(frozen=True)
class ScriptConfig(Config):
    players: int = option(2, "seats.", low=2, high=4)
    script: Any = option((1, 2, 2, 2, 0, 0), "points scored by each decision in turn (a tuple of whole numbers).")
    choices: Any = option(None, "legal moves at each decision (a tuple; None: one each).")
    cut: int = option(0, "a safeguard: the game ends after this many decisions (0: none).", low=0, high=1000)


@dataclass(frozen=True)
class ScriptState:
    config: ScriptConfig
    points: tuple[int, ...]
    history: tuple[int, ...] = ()
    start: Any = None
    seed: Any = field(default=None, compare=False)


def new_game(config: ScriptConfig | None = None, rng: Any = None) -> ScriptState:
    config = config or ScriptConfig()
    return ScriptState(config, (0,) * config.players)


def _length(config: ScriptConfig) -> int:
    n = len(config.script)
    return min(n, config.cut) if config.cut else n


def current_player(state: ScriptState) -> int:
    k = len(state.history)
    return TERMINAL if k >= _length(state.config) else k % state.config.players


def chance_outcomes(state: ScriptState) -> list:
    return []


def legal_actions(state: ScriptState) -> list[int]:
    if current_player(state) == TERMINAL:
        return []
    choices = state.config.choices
    return list(range(1, (choices[len(state.history)] if choices else 1) + 1))


def apply(state: ScriptState, action: Any) -> ScriptState:
    if type(action) is not int or action < 1:
        raise InvalidActionError(f"a Script move is a whole number 1 or more, got {action!r}")
    if action not in legal_actions(state):
        raise IllegalActionError(f"{action} is not legal here")
    k = len(state.history)
    points = list(state.points)
    points[k % state.config.players] += state.config.script[k]
    return replace(state, points=tuple(points), history=(*state.history, action))


def scores(state: ScriptState) -> tuple[int, ...]:
    return state.points


def _round(state: ScriptState) -> int:
    return len(state.history) // state.config.players


def _cut(state: ScriptState) -> bool:
    return bool(state.config.cut) and state.config.cut < len(state.config.script)


SPEC = GameSpec(id="toy_script", title="Script (test)", rules=sys.modules[__name__], config=ScriptConfig,
                state=ScriptState, bots={"random": RandomBot, "greedy": RandomBot},
                score_bounds=lambda c: (0, sum(c.script)),
                time_unit=TimeUnit("round", "rounds", _round, "one decision by every seat"),
                safeguard=Safeguard("cut", "a limit that ends the game after cut decisions", _cut))
