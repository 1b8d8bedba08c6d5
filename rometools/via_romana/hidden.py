"""Via Romana's hidden information: what a seat knows, and states it cannot tell apart.

A seat sees its own hand and goal tile, the display, the discard pile, the board and every
hand's size (:func:`information_state`); :func:`resample` deals the other hands and goals
again from what the seat has not seen. Registered on the game, so the information-set MCTS,
the OpenSpiel bridge and the strong-play panel never read another hand. Rules:
``002_2e34de0661bde959.txt``; the rules themselves are in :mod:`~rometools.via_romana.rules`.
"""

from __future__ import annotations

from typing import Any

from rometools.core.rng import as_generator
from rometools.via_romana.rules import _t, replace
from rometools.via_romana.state import GameState

__all__ = ["information_state", "resample"]


def information_state(state: GameState, seat: int) -> str:
    """Everything ``seat`` knows: its hand and goal, the display, the discard pile, the board,
    hand sizes, deck size, tiles, signs and whose move it is (not the others' hands or goals).

    >>> from rometools.via_romana import new_game
    >>> information_state(new_game(players=2), 0)[:30]
    'seat 0; hand ; goal None; disp'
    """
    t = _t(state.config)
    hands = [sum(h) for h in state.hands]

    def cs(counts):
        return ",".join(f"{t.cards[i]}x{k}" for i, k in enumerate(counts) if k)

    agenda = [x if x[0] not in ("deal", "draw", "take") else x[:2] for x in state.agenda[:1]]
    return (f"seat {seat}; hand {cs(state.hands[seat])}; goal {state.goals[seat]}; display {cs(state.display)}; "
            f"discard {cs(state.discard)}; deck {sum(state.deck)}; hands {hands}; pieces {state.pieces}; "
            f"tiles {state.tiles}; won {state.won}; signed {sorted(state.signed)}; scored {sorted(state.scored)}; "
            f"turn {state.turn} seat {state.seat} played {state.played}; standard {state.standard} "
            f"{state.last_turns}; next {agenda}; over {state.over}")


def resample(state: GameState, seat: int, rng: Any = None) -> GameState:
    """A state ``seat`` cannot tell from ``state``: the other hands dealt again from the cards
    it has not seen (the deck and those hands), the other goal tiles from those it has not seen.

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
    pool = list(state.deck)
    for k in others:
        pool = [a + b for a, b in zip(pool, state.hands[k], strict=False)]
    flat = [i for i, n in enumerate(pool) if n for _ in range(n)]
    order = rng.permutation(len(flat))
    hands = list(state.hands)
    pos = 0
    for k in others:
        size = sum(state.hands[k])
        h = [0] * len(t.cards)
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
