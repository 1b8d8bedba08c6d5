"""Pig's bots: a greedy one that holds at a turn total (the random bot is rometools' own)."""

from __future__ import annotations

from pig.rules import HOLD, ROLL
from rometools.core.game import Bot, RandomBot
from rometools.core.playtest import Restriction


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

#: Strategies a bot can be denied in restricted play (``rometools report pig``).
RESTRICTIONS = (
    Restriction("no_early_hold", "never holds a turn total under 10", lambda s, a: a == HOLD and s.turn_total < 10),
    Restriction("no_late_roll", "never rolls once the turn total is 25 or more",
                lambda s, a: a == ROLL and s.turn_total >= 25),
    Restriction("no_hold_ahead", "never holds while ahead of every other seat",
                lambda s, a: a == HOLD and s.banked[s.seat] > max(b for i, b in enumerate(s.banked) if i != s.seat)),
)
