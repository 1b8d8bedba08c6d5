"""Secret goals, a toy card game that hides hands and goals, for the hidden-information checks.

Nine cards numbered 1 to 9. Each seat is dealt ``hand`` cards (each card a chance node), then
one of four goal tiles (a chance node each: ``odd``, ``even``, ``low`` (4 or less), ``high``
(6 or more)), which it keeps hidden; the others go back unseen. In turn each seat plays a
card face up and draws one (a chance node) while the deck lasts; the game ends when every
hand is empty. A seat scores its played cards, plus 5 at the end if at least half of them
fit its goal.

A seat sees its own hand and goal, every played card, the deck's size and every hand's size:
the game registers ``information_state`` and ``resample`` (the other hands dealt again from
the deck and those hands, the other goals from the tiles the seat has not seen, both in the
cards' and tiles' own order, so twins the seat cannot tell apart resample alike; the history's
hidden entries rewritten to match, so the resampled state is one the game reaches). Written to
the template; registered only inside a test.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from rometools.core.errors import OptionError, refused
from rometools.core.formatting import shown
from rometools.core.game import CHANCE, TERMINAL, Bot, GameSpec, RandomBot
from rometools.core.options import Config, option
from rometools.core.rng import as_generator, integer_below

GAME_ID = "toy_secret_goals"
CARDS = tuple(range(1, 10))
GOALS = ("odd", "even", "low", "high")
FITS = {"odd": lambda c: c % 2 == 1, "even": lambda c: c % 2 == 0, "low": lambda c: c <= 4,
        "high": lambda c: c >= 6}
GOAL_POINTS = 5


@dataclass(frozen=True)
class SecretConfig(Config):
    players: int = option(2, "seats at the table.", low=2, high=3)
    hand: int = option(2, "cards dealt to each seat.", low=1, high=3)

    def resolve(self) -> None:
        if self.players * self.hand > len(CARDS):
            raise OptionError("hand", f"hand: {self.players} seats of {self.hand} cards need more than "
                                      f"{len(CARDS)} cards")


@dataclass(frozen=True)
class SecretState:
    config: SecretConfig
    hands: tuple[tuple[int, ...], ...]   # each seat's cards, in order
    deck: tuple[int, ...] = CARDS        # in order
    played: tuple[tuple[int, ...], ...] = ()
    goals: tuple[str | None, ...] = ()
    goals_left: tuple[str, ...] = GOALS  # in GOALS order
    step: int = 0                        # set-up chance steps done
    turn: int = 0                        # cards played
    drawing: bool = False                # the seat that just played draws (a chance node)
    history: tuple = ()
    start: Any = None
    seed: Any = field(default=None, compare=False)


def new_game(config: SecretConfig | None = None, rng: Any = None) -> SecretState:
    config = config or SecretConfig()
    p = config.players
    return SecretState(config, hands=((),) * p, played=((),) * p, goals=(None,) * p)


def _deals(state: SecretState) -> int:
    return state.config.players * state.config.hand


def current_player(state: SecretState) -> int:
    p = state.config.players
    if state.step < _deals(state) + p or state.drawing:
        return CHANCE
    seat = state.turn % p
    return seat if state.hands[seat] else TERMINAL


def is_over(state: SecretState) -> bool:
    return current_player(state) == TERMINAL


def chance_outcomes(state: SecretState) -> list[tuple[Any, Fraction]]:
    if current_player(state) != CHANCE:
        return []
    if _deals(state) <= state.step < _deals(state) + state.config.players:
        return [(g, Fraction(1, len(state.goals_left))) for g in state.goals_left]
    return [(c, Fraction(1, len(state.deck))) for c in state.deck]


def legal_actions(state: SecretState) -> list:
    player = current_player(state)
    if player == CHANCE:
        return [a for a, _ in chance_outcomes(state)]
    return [] if player == TERMINAL else list(state.hands[player])


def _add(hands: tuple, seat: int, card: int) -> tuple:
    return tuple(tuple(sorted((*h, card))) if k == seat else h for k, h in enumerate(hands))


def apply(state: SecretState, action: Any) -> SecretState:
    if type(action) not in (int, str) or action not in legal_actions(state):
        raise refused(f"{shown(action)} is not allowed now" if not is_over(state) else
                      f"the game is over; {shown(action)} cannot be played",
                      well_formed=type(action) is int and action in CARDS or type(action) is str and action in GOALS)
    p = state.config.players
    history = (*state.history, action)
    if state.step < _deals(state):   # the deal, round the table
        return replace(state, hands=_add(state.hands, state.step % p, action),
                       deck=tuple(c for c in state.deck if c != action), step=state.step + 1, history=history)
    if state.step < _deals(state) + p:   # a goal tile
        seat = state.step - _deals(state)
        return replace(state, goals=tuple(action if k == seat else g for k, g in enumerate(state.goals)),
                       goals_left=tuple(g for g in state.goals_left if g != action), step=state.step + 1,
                       history=history)
    seat = state.turn % p
    if state.drawing:
        return replace(state, hands=_add(state.hands, seat, action), deck=tuple(c for c in state.deck if c != action),
                       drawing=False, turn=state.turn + 1, history=history)
    hands = tuple(tuple(c for c in h if c != action) if k == seat else h for k, h in enumerate(state.hands))
    played = tuple((*r, action) if k == seat else r for k, r in enumerate(state.played))
    if state.deck:
        return replace(state, hands=hands, played=played, drawing=True, history=history)
    return replace(state, hands=hands, played=played, turn=state.turn + 1, history=history)


def action_history(state: SecretState) -> tuple:
    return state.history


def goal_met(goal: str | None, played: tuple[int, ...]) -> bool:
    """At least half the played cards fit the goal tile."""
    return goal is not None and bool(played) and 2 * sum(map(FITS[goal], played)) >= len(played)


def score_parts(state: SecretState) -> list[dict[str, int]]:
    over = is_over(state)
    out = []
    for seat, row in enumerate(state.played):
        goal = GOAL_POINTS if over and goal_met(state.goals[seat], row) else 0
        out.append({"cards": sum(row), "goal": goal, "total": sum(row) + goal})
    return out


# ----------------------------------------------------------------- what a seat knows
def information_state(state: SecretState, seat: int) -> str:
    """The seat's hand and goal, every played card, the deck's and hands' sizes, whose move it is."""
    return (f"seat {seat}; hand {state.hands[seat]}; goal {state.goals[seat]}; played {state.played}; "
            f"deck {len(state.deck)}; hands {[len(h) for h in state.hands]}; "
            f"goals dealt {sum(g is not None for g in state.goals)}; step {state.step}; turn {state.turn}; "
            f"drawing {state.drawing}")


def resample(state: SecretState, seat: int, rng: Any = None) -> SecretState:
    """The other hands dealt again from the cards the seat has not seen, the other goals from the
    tiles it has not seen; both listed in their own order (not where they lie); the history
    rewritten to match (:func:`_history_of`)."""
    rng = as_generator(rng)
    others = [k for k in range(state.config.players) if k != seat]
    unseen = sorted((*state.deck, *(c for k in others for c in state.hands[k])))
    order = [unseen[j] for j in rng.permutation(len(unseen))]
    hands = list(state.hands)
    for k in others:
        hands[k], order = tuple(sorted(order[:len(state.hands[k])])), order[len(state.hands[k]):]
    tiles = {g for g in (*state.goals_left, *(state.goals[k] for k in others)) if g is not None}
    tile_order = [g for g in GOALS if g in tiles]
    tile_order = [tile_order[j] for j in rng.permutation(len(tile_order))]
    goals = list(state.goals)
    for k in others:
        if goals[k] is not None:
            goals[k] = tile_order.pop()
    dealt = replace(state, hands=tuple(hands), deck=tuple(sorted(order)), goals=tuple(goals),
                    goals_left=tuple(g for g in GOALS if g in tile_order))
    return replace(dealt, history=_history_of(dealt, others))


def _history_of(state: SecretState, others: list[int]) -> tuple:
    """The history with the ``others``' hidden entries rewritten canonically from public facts: a
    seat's k-th card received is its k-th card played, its later cards those now in its hand (in
    order); its goal tile the one it now holds. The seat's own entries and every play stay."""
    p, deals = state.config.players, _deals(state)
    got: list[list[int]] = [[] for _ in range(p)]     # history indices of the cards each seat received
    plays: list[list[int]] = [[] for _ in range(p)]
    turn, drawing, received = 0, False, 0
    for i, entry in enumerate(state.history):
        if i < deals + p:
            if i < deals:
                got[i % p].append(i)
                received += 1
        elif drawing:
            got[turn % p].append(i)
            received, drawing, turn = received + 1, False, turn + 1
        else:
            plays[turn % p].append(entry)
            drawing = received < len(CARDS)
            turn += not drawing
    history = list(state.history)
    for k in others:
        cards = [*plays[k], *state.hands[k]]
        for j, i in enumerate(got[k]):
            history[i] = cards[j]
        if deals + k < len(history):
            history[deals + k] = state.goals[k]
    return tuple(history)


# ----------------------------------------------------------------- bots
class GreedyBot(Bot):
    """Plays the card worth most to it: its number, plus 4 if it fits its own goal (ties at random)."""

    name = "greedy"

    def decide(self, state: SecretState, rng: Any) -> int:
        seat = current_player(state)
        goal = state.goals[seat]
        value = {c: c + 4 * FITS[goal](c) for c in state.hands[seat]}
        best = [c for c in state.hands[seat] if value[c] == max(value.values())]
        return best[integer_below(rng, len(best))]


SPEC = GameSpec(id=GAME_ID, title="Secret goals (test)", rules=sys.modules[__name__], config=SecretConfig,
                state=SecretState, bots={"random": RandomBot, "greedy": GreedyBot}, score_parts=score_parts,
                score_bounds=lambda config: (0, sum(CARDS) + GOAL_POINTS), chance_name="a card or goal dealt",
                information_state=information_state, resample=resample,
                public_fields=("played", "step", "turn", "drawing"),
                sample_configs=({}, {"players": 3, "hand": 3}, {"players": 3, "hand": 1}))
