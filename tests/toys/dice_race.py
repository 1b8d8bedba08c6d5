"""Dice race, a toy game for the conformance tests: a random set-up, chance every turn, a data file.

Each turn the seat to move chooses to roll one or two dice (its decision),
then rolls (a chance node: the exact law of the sum of the weighted dice of
``dice.toml``) and moves that many steps; the first to reach ``target`` ends
the game. With ``first_by_roll`` (the default) a die roll chooses the first
seat (a chance node at the start), else seat 0 starts (no chance before the
first decision). The die is a data file with key names no bundled game uses
(``pips``, ``weight``), read through :mod:`rometools.core.data` like a bundled
game's file. Written to the template; registered only inside a test, with the
data folder of ``tests/toys/data`` reachable through ``ROMETOOLS_DATA_DIR``.
"""

from __future__ import annotations

import os
import sys
import tomllib
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import Field

from rometools.core.data import (
    MetaTable,
    StrictModel,
    bundled_file,
    cached_loader,
    load_data_file,
    parse_model,
)
from rometools.core.errors import DataFileError, IllegalActionError, InvalidActionError, OptionError
from rometools.core.formatting import shown
from rometools.core.game import CHANCE, TERMINAL, Bot, GameSpec, RandomBot
from rometools.core.options import Config, option

GAME_ID = "toy_dice_race"


# ----------------------------------------------------------------- the data file
class _Face(StrictModel):
    pips: int = Field(ge=1, le=100)
    weight: int = Field(ge=1, le=1000)


class _Die(StrictModel):
    name: str
    face: list[_Face] = Field(min_length=1, max_length=20)


class _DiceFile(StrictModel):
    meta: MetaTable = MetaTable()
    die: _Die


@dataclass(frozen=True)
class Dice:
    """The die: ``faces`` as ``(pips, weight)`` pairs; ``path`` the file it was read from."""

    name: str
    faces: tuple[tuple[int, int], ...]
    path: str | None = field(default=None, compare=False)

    def law(self, n: int) -> list[tuple[int, Fraction]]:
        """The exact law of the sum of ``n`` rolls: ``[(sum, probability)]`` by sum."""
        total = sum(w for _, w in self.faces)
        law = {0: Fraction(1)}
        for _ in range(n):
            step: dict[int, Fraction] = {}
            for s, p in law.items():
                for pips, w in self.faces:
                    step[s + pips] = step.get(s + pips, Fraction(0)) + p * Fraction(w, total)
            law = step
        return sorted(law.items())


def _build(path: Path) -> Dice:
    raw = parse_model(_DiceFile, load_data_file(path))
    seen: list[int] = []
    for i, f in enumerate(raw.die.face):
        if f.pips in seen:
            raise DataFileError(path, f"die.face[{i}].pips", f"{f.pips} pips twice (also die.face[{seen.index(f.pips)}])")
        seen.append(f.pips)
    return Dice(raw.die.name, tuple((f.pips, f.weight) for f in raw.die.face), str(path))


_load = cached_loader(_build)


def load_dice(path: str | os.PathLike[str]) -> Dice:
    """The die of a dice file (``DataFileError`` naming the file and the entry)."""
    return _load(path)


def load_dice_carelessly(path: str | os.PathLike[str]) -> Dice:
    """A loader that trusts its file (a planted defect): ``KeyError``, ``TOMLDecodeError``..."""
    raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    return Dice(raw["die"]["name"], tuple((f["pips"], f["weight"]) for f in raw["die"]["face"]), str(path))


# ----------------------------------------------------------------- config and state
@dataclass(frozen=True)
class DiceRaceConfig(Config):
    players: int = option(2, "seats at the table.", low=2, high=4)
    target: int = option(20, "the steps that end the race.", low=5, high=100)
    first_by_roll: bool = option(True, "a die roll chooses the first seat (else seat 0 starts).")
    dice: Dice | None = option(None, "the die (by default the bundled dice.toml).", file=load_dice, kind=Dice)

    def resolve(self) -> None:
        if self.dice is None:
            object.__setattr__(self, "dice", load_dice(bundled_file(GAME_ID, "dice.toml")))
        if len(self.dice.faces) < 2:
            raise OptionError("dice", "dice: a race needs a die of two faces or more")


@dataclass(frozen=True)
class DiceRaceState:
    config: DiceRaceConfig
    positions: tuple[int, ...]
    first: int | None = None  # the seat that starts; None until rolled
    turn: int = 0  # turns played
    rolling: int = 0  # dice about to be rolled (a chance node), else 0
    history: tuple[int, ...] = ()
    start: Any = None
    seed: Any = field(default=None, compare=False)


# ----------------------------------------------------------------- the kernel
def new_game(config: DiceRaceConfig | None = None, rng: Any = None) -> DiceRaceState:
    config = config or DiceRaceConfig()
    return DiceRaceState(config, (0,) * config.players, first=None if config.first_by_roll else 0)


def current_player(state: DiceRaceState) -> int:
    if max(state.positions) >= state.config.target:
        return TERMINAL
    if state.first is None or state.rolling:
        return CHANCE
    return (state.first + state.turn) % state.config.players


def chance_outcomes(state: DiceRaceState) -> list[tuple[int, Fraction]]:
    if current_player(state) != CHANCE:
        return []
    if state.first is None:
        return [(seat, Fraction(1, state.config.players)) for seat in range(state.config.players)]
    return state.config.dice.law(state.rolling)


def legal_actions(state: DiceRaceState) -> list[int]:
    player = current_player(state)
    if player == CHANCE:
        return [a for a, _ in chance_outcomes(state)]
    return [] if player == TERMINAL else [1, 2]


def apply(state: DiceRaceState, action: Any) -> DiceRaceState:
    if type(action) is not int:
        raise InvalidActionError(f"an action is a whole number, got {shown(action)}")
    if action not in legal_actions(state):
        raise IllegalActionError(f"{shown(action)} is not legal here (legal: {legal_actions(state)})")
    history = (*state.history, action)
    if state.first is None:
        return replace(state, first=action, history=history)
    if not state.rolling:
        return replace(state, rolling=action, history=history)
    seat = (state.first + state.turn) % state.config.players
    positions = tuple(p + action if s == seat else p for s, p in enumerate(state.positions))
    return replace(state, positions=positions, turn=state.turn + 1, rolling=0, history=history)


def score_parts(state: DiceRaceState) -> list[dict[str, int]]:
    return [{"total": min(p, state.config.target)} for p in state.positions]


class BoldBot(Bot):
    """Rolls two dice when behind the leader, one otherwise."""

    name = "bold"

    def decide(self, state: DiceRaceState, rng: Any) -> int:
        seat = current_player(state)
        return 2 if state.positions[seat] < max(state.positions) else 1


SPEC = GameSpec(id=GAME_ID, title="Dice race (test)", rules=sys.modules[__name__], config=DiceRaceConfig,
                state=DiceRaceState, bots={"random": RandomBot, "bold": BoldBot}, score_parts=score_parts,
                score_bounds=lambda config: (0, config.target), chance_name="a roll",
                data_files={"dice.toml": load_dice},
                sample_configs=({}, {"players": 3, "first_by_roll": False, "target": 12}, {"players": 4}))
