"""A tiny game that hides hands, written to the rometools protocol for the tests only.

Kuhn poker (as OpenSpiel's ``python/games/kuhn_poker.py``): three cards, one
dealt to each of two seats (chance nodes), each seat antes 1; then seat 0
passes or bets 1, and a bet is called (``"bet"``) or folded (``"pass"``); after
a pass seat 1 may bet too. The higher card wins the pot at a showdown. Each
seat sees its own card and the bets: the game registers ``information_state``
and ``resample``. :func:`registered` puts it in the registry for one test.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from rometools.core.errors import refused
from rometools.core.game import CHANCE, TERMINAL, Bot, GameSpec
from rometools.core.options import Config, option

CARDS = ("jack", "queen", "king")
MOVES = ("pass", "bet")
ENDINGS = {("pass", "pass"), ("bet", "bet"), ("bet", "pass"), ("pass", "bet", "pass"),
           ("pass", "bet", "bet")}


@dataclass(frozen=True)
class KuhnConfig(Config):
    players: int = option(2, "seats: Kuhn poker is for two.", low=2, high=2)


@dataclass(frozen=True)
class KuhnState:
    config: KuhnConfig
    cards: tuple[str, ...] = ()
    bets: tuple[str, ...] = ()
    start: Any = None
    seed: Any = field(default=None, compare=False)


def new_game(config=None, rng=None):
    return KuhnState(config or KuhnConfig())


def is_over(state):
    return state.bets in ENDINGS


def current_player(state):
    if len(state.cards) < 2:
        return CHANCE
    return TERMINAL if is_over(state) else len(state.bets) % 2


def chance_outcomes(state):
    if len(state.cards) >= 2:
        return []
    left = [c for c in CARDS if c not in state.cards]
    return [(c, Fraction(1, len(left))) for c in left]


def legal_actions(state):
    p = current_player(state)
    if p == CHANCE:
        return [c for c, _ in chance_outcomes(state)]
    return [] if p == TERMINAL else list(MOVES)


def apply(state, action):
    if not isinstance(action, str) or action not in legal_actions(state):  # a card or a move: illegal
        raise refused(f"{action!r} is not a legal action here", well_formed=action in (*CARDS, *MOVES))
    if current_player(state) == CHANCE:
        return replace(state, cards=(*state.cards, action))
    return replace(state, bets=(*state.bets, action))


def scores(state):
    if not is_over(state):
        return (0, 0)
    pot = [1, 1]
    for k, b in enumerate(state.bets):
        pot[k % 2] += b == "bet"
    if state.bets[-1] == "pass" and "bet" in state.bets:  # a fold: the last seat to bet wins
        winner = (len(state.bets) - 2) % 2
    else:
        winner = 0 if CARDS.index(state.cards[0]) > CARDS.index(state.cards[1]) else 1
    return tuple(pot[1 - s] if s == winner else -pot[s] for s in (0, 1))


def action_history(state):
    return (*state.cards, *state.bets)


def information_state(state, seat):
    card = state.cards[seat] if len(state.cards) > seat else "?"
    return f"seat {seat} card {card} bets {' '.join(state.bets) or '-'}"


def resample(state, seat, rng):
    if len(state.cards) < 2:
        return state
    others = [c for c in CARDS if c != state.cards[seat]]
    other = others[int(rng.integers(len(others)))]
    cards = (state.cards[0], other) if seat == 0 else (other, state.cards[1])
    return replace(state, cards=cards)


class RandomBot(Bot):
    name = "random"

    def decide(self, state, rng):
        return MOVES[int(rng.integers(2))]


class BetBot(Bot):
    """Always bets (or calls): the test's fixed opponent."""

    name = "greedy"

    def decide(self, state, rng):
        return "bet"


import sys  # noqa: E402

SPEC = GameSpec(id="kuhn_test", title="Kuhn poker (test)", rules=sys.modules[__name__], config=KuhnConfig,
                state=KuhnState, bots={"random": RandomBot, "greedy": BetBot},
                score_bounds=lambda config: (-2, 2), chance_name="the deal",
                information_state=information_state, resample=resample, public_fields=("bets",))


def registered():
    """The game in the registry for the duration of a ``with`` block."""
    from rometools.testing import registered as in_registry

    return in_registry(SPEC)
