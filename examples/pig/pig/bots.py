"""Pig's bots: a greedy one that holds at a turn total (the random bot is rometools' own)."""

from __future__ import annotations

from pig.rules import HOLD, ROLL
from rometools.core.game import Bot, RandomBot


class HoldAtBot(Bot):
    """Rolls until the turn total reaches ``hold_at`` (default 20, the classic "hold at 20"), then holds.

    >>> import numpy as np
    >>> from pig.rules import apply, new_game
    >>> HoldAtBot().choose(new_game(), np.random.default_rng(0))
    'roll'
    """

    name = "greedy"
    trusted = True

    def __init__(self, hold_at: int = 20):
        self.hold_at = hold_at

    def decide(self, state, rng):
        return HOLD if state.turn_total >= self.hold_at else ROLL


BOTS = {"random": RandomBot, "greedy": HoldAtBot}
