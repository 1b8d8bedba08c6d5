"""Via Romana's hidden information: what a seat knows, and states it cannot tell apart.

A seat sees its own hand and goal tile, the display, the discard pile, the board, every
hand's size and the cards each seat took from the face-up display (:func:`information_state`);
:func:`resample` deals the other hands and goals again from what the seat has not seen, each
other hand keeping the cards it is known to hold. Registered on the game, so the
information-set MCTS, the OpenSpiel bridge and the strong-play panel never read another hand.
Rules: ``002_2e34de0661bde959.txt``; the rules themselves are in
:mod:`~rometools.via_romana.rules`; the decision: VR-12 in ``docs/rules-decisions.md``.
"""

from __future__ import annotations

from typing import Any

from rometools.core.rng import as_generator
from rometools.via_romana.rules import _t, replace
from rometools.via_romana.state import GameState

__all__ = ["information_state", "resample"]


def information_state(state: GameState, seat: int) -> str:
    """Everything ``seat`` knows: its hand and goal, and every public fact (the display, the
    discard pile, the board, each hand's size and the cards each seat is known to hold, having
    taken them from the display, the deck's size, tiles, signs, whose move it is and every step
    still to come), not the others' hidden cards or goals.

    >>> from rometools.via_romana import new_game
    >>> information_state(new_game(players=2), 0)[:30]
    'seat 0; hand ; goal None; disp'
    """
    t = _t(state.config)
    hands = [sum(h) for h in state.hands]

    def cs(counts):
        return ",".join(f"{t.cards[i]}x{k}" for i, k in enumerate(counts) if k)

    known = "; ".join(f"{k}: {cs(c)}" for k, c in enumerate(state.known_cards) if any(c))
    return (f"seat {seat}; hand {cs(state.hands[seat])}; goal {state.goals[seat]}; display {cs(state.display)}; "
            f"discard {cs(state.discard)}; deck {sum(state.deck)}; hands {hands}; known [{known}]; "
            f"pieces {state.pieces}; tiles {state.tiles}; won {state.won}; signed {sorted(state.signed)}; "
            f"scored {sorted(state.scored)}; signs {state.signs}; forts {state.forts}; "
            f"milestones {state.milestones}; turn {state.turn} seat {state.seat} played {state.played}; "
            f"standard {state.standard} {state.last_turns}; next {state.agenda}; over {state.over}")


def resample(state: GameState, seat: int, rng: Any = None) -> GameState:
    """A state ``seat`` cannot tell from ``state``: the other hands dealt again from the cards it
    has not seen, the other goal tiles from those it has not seen.

    Every public fact is kept: another seat holds the cards it is known to hold
    (``known_cards``: taken from the face-up display, not played since), and the rest of its
    hand, as many cards as it holds beyond them, is dealt at random from the unseen cards (the
    deck and the other hands less their known cards), the deck keeping what is left: every
    deal of those cards equally likely, as the shuffled deck made them. (Exact inference would
    also weigh a deal by how likely it made the plays seen; like information-set search in
    general, this does not.)

    Canonical: the unseen cards and tiles are listed in the components' order, not by where
    they lie, so two states ``seat`` cannot tell apart resample to the same state for the same
    ``rng`` (an information-set search from either is the same search; ``check_game``'s
    ``hidden_information`` check).

    >>> from rometools.via_romana import new_game
    >>> s = new_game(players=2)
    >>> information_state(resample(s, 0, 1), 0) == information_state(s, 0)
    True
    """
    rng = as_generator(rng)
    t = _t(state.config)
    others = [k for k in range(state.config.players) if k != seat]
    known = state.known_cards
    pool = list(state.deck)
    for k in others:   # the cards seat has not seen: the deck and the others' hands but their known cards
        pool = [a + b - c for a, b, c in zip(pool, state.hands[k], known[k], strict=True)]
    flat = [i for i, n in enumerate(pool) if n for _ in range(n)]
    order = rng.permutation(len(flat))
    hands = list(state.hands)
    pos = 0
    for k in others:
        size = sum(state.hands[k]) - sum(known[k])
        h = list(known[k])
        for j in order[pos:pos + size]:
            h[flat[j]] += 1
        pos += size
        hands[k] = tuple(h)
    deck = [0] * len(t.cards)
    for j in order[pos:]:
        deck[flat[j]] += 1
    # the unseen tiles in the components' order, whoever holds them: twins the seat cannot tell
    # apart deal the same goals for the same rng (an order from where they lie leaked them)
    held = {g for g in (*state.goals_left, *(state.goals[k] for k in others)) if g is not None}
    unseen = [g.id for g in t.comps.goals if g.id in held]
    gorder = [unseen[j] for j in rng.permutation(len(unseen))]
    goals = list(state.goals)
    for k in others:
        if goals[k] is not None:
            goals[k] = gorder.pop()
    left = set(gorder)
    return replace(state, hands=tuple(hands), deck=tuple(deck), goals=tuple(goals),
                   goals_left=tuple(g for g in unseen if g in left))
