"""Seeded Augustus playthroughs with invariants checked at every state.

1,000 random playthroughs (short: the ``max_draws`` safeguard stops each after
20 draws, enough for joker resets, completions and powers across the runs) and a few dozen
whole games with random and greedy bots. At every state: legions are conserved,
the 23 tokens are accounted for, every card is in exactly one place, and every
completed objective is scored once.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from rometools.augustus import (
    CHANCE,
    GameConfig,
    chance_outcomes,
    current_player,
    is_over,
    legal_actions,
    play_game,
    score_parts,
)
from rometools.augustus import apply as apply_action
from rometools.augustus import new_game as start
from rometools.core.playout import sample_outcome, states

CONFIGS = [GameConfig(players=p, first_game=f, max_draws=20) for p, f in ((2, False), (3, True), (4, False),
                                                                          (5, True), (6, False))]


def check(state, *, points: bool = True) -> None:
    """Every invariant of a state (AssertionError naming the broken one); ``points``: also the
    score parts (the slowest check, done at the end of each game and at every turn state)."""
    cfg = state.config
    comps, card = cfg.components, cfg.cards.card
    # legions conserved: reserve + placed = owned = 7 + extra-legion powers controlled
    for seat in range(cfg.players):
        placed = 0
        for p in state.in_play[seat]:
            placed += sum(p.legions)
            assert all(0 <= k <= n for (_, n), k in zip(card(p.number).slots, p.legions, strict=True)), "slots"
        assert state.reserve[seat] >= 0 and state.reserve[seat] + placed == state.legions[seat], "legions"
        extra = sum(card(n).power.legions for n in state.controlled[seat])
        assert state.legions[seat] == comps.legions_per_player + extra, "extra legions"
    # the 23 tokens: in the bag or drawn since the last reset
    assert all(0 <= d <= t.count for d, t in zip(state.bag, comps.tokens, strict=True))
    assert sum(state.bag_left().values()) + sum(state.bag) == comps.bag_total == 23, "tokens"
    # every card in exactly one place (discards: 3 per seat once kept)
    places = [*state.row, *state.pile, *(n for h in state.hands for n in h),
              *(p.number for ps in state.in_play for p in ps), *(n for c in state.controlled for n in c)]
    if state.current and state.current[1] not in places:  # completed, being resolved
        places.append(state.current[1])
    kept = sum(1 for h in state.history if h[0] == "keep")
    assert len(places) == len(set(places)) and len(places) + kept * 3 == len(cfg.cards), "cards accounted"
    # every completed objective scored once
    completed = [e[3] for e in state.events if e[1] == "complete"]
    controlled = [n for c in state.controlled for n in c]
    assert len(completed) == len(set(completed)) and set(controlled) <= set(completed), "scored once"
    assert set(completed) - set(controlled) <= ({state.current[1]} if state.current else set()), "not controlled"
    for seat, parts in enumerate(score_parts(state) if points else ()):
        assert parts["objectives"] == sum(card(n).points for n in state.controlled[seat]), "points"
    holders = [h for t, h in zip(comps.rewards, state.rewards, strict=True) if t.kind == "count" and h >= 0]
    assert len(holders) == len(set(holders)), "one count reward per player"


def test_a_thousand_random_playthroughs_hold_every_invariant():
    seen = Counter()
    for seed in range(1000):
        cfg = CONFIGS[seed % len(CONFIGS)]
        rng = np.random.default_rng(seed)
        state = start(cfg, rng)
        while not is_over(state):
            chance = current_player(state) == CHANCE
            check(state, points=not chance)
            if chance:
                outcomes = chance_outcomes(state)
                assert sum(p for _, p in outcomes) == 1
                action = sample_outcome(outcomes, rng)
            else:
                legal = legal_actions(state)
                if state.phase == "place":  # a seat with nothing to place is skipped, never asked
                    assert len(legal) > 1
                action = legal[int(rng.integers(len(legal)))]
            state = apply_action(state, action)
        check(state)
        seen.update(e[1] for e in state.events)
        seen.update(h[0] for h in state.history)
    # the runs went through every rule
    for what in ("complete", "reward", "reset", "move", "remove", "power_place", "claim", "decline"):
        assert seen[what] > 0, what


@pytest.mark.parametrize("players,bots", [(2, "greedy"), (4, "random"), (4, ["greedy", "random"] * 2),
                                          (6, "greedy")])
def test_whole_games_end_by_seven_objectives_and_hold_every_invariant(players, bots):
    for seed in range(4):
        end = play_game(GameConfig(players=players), bots, rng=seed)
        assert is_over(end) and max(len(c) for c in end.controlled) >= 7
        for state in states(end)[::7] + [end]:
            check(state)


@pytest.mark.parametrize("players,bots", [(3, "random"), (2, "greedy")])
def test_history_linked_per_action_equals_the_records_rebuilt(players, bots):
    """A state the rules make links its history records to its parent's (state.joined_records):
    its history is the parent's plus the action's one record, read at every state or only at the
    end; the state ending the game holds its tuple; a state rebuilt with the history as a tuple is
    equal, and so is a copy."""
    import copy
    from dataclasses import fields

    from rometools.augustus import GameState

    end = play_game(GameConfig(players=players), bots, rng=11)
    assert "_records" not in vars(end) and "history" in vars(end)   # joined as the game ended
    walk = states(end)   # replayed: no history read on the way
    assert walk[-1].history == end.history and len(walk) == len(end.history) + 1 - len(walk[0].history)
    for before, after in zip(walk, walk[1:], strict=False):
        assert after.history[:-1] == before.history and len(after.history) == len(before.history) + 1
    # a state built by GameState(...) holds its tuple; equal to the linked one, field for field
    mid = states(end)[len(walk) // 2]
    assert "_records" in vars(mid) and "history" not in vars(mid)
    rebuilt = GameState(**{f.name: getattr(mid, f.name) for f in fields(GameState)})
    assert "_records" not in vars(rebuilt) and rebuilt == mid
    assert rebuilt.history == walk[len(walk) // 2].history
    again = copy.copy(states(end)[len(walk) // 2])   # copied with the tuple
    assert again == mid and "_records" not in vars(again) and again.history == mid.history


def test_the_compiled_protocol_answers_as_the_plain_one():
    """The compiled protocol the play loop asks at every step (``current_player``, ``legal_actions``,
    ``random_source``, ``chance_weights``: the phase read once and named, a draw's weights kept per
    config's tokens and bag) answers as the plain module at every state of seeded games (2, 4 and 6
    players, first game, greedy and random); the weights are the exact chance outcomes' odds, in
    their order, as lists of the caller's own (a list changed leaves the next answer alone)."""
    import importlib
    from fractions import Fraction

    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play

    plain = importlib.import_module("rometools.augustus.rules")
    compiled = compiled_or_plain("rometools.augustus.rules")
    draws = 0
    for players, first, bots, seed in ((2, False, "greedy", 3), (4, False, "random", 5), (6, True, "greedy", 2)):
        game = rometools.load_game("augustus", config=GameConfig(players=players, first_game=first))
        for s in states(play(game, bots, rng=seed)):
            assert compiled.current_player(s) == plain.current_player(s)
            assert compiled.legal_actions(s) == plain.legal_actions(s)
            assert compiled.random_source(s) == plain.random_source(s)
            outcomes, weights = compiled.chance_weights(s)
            assert (outcomes, weights) == plain.chance_weights(s)
            exact = chance_outcomes(s)
            assert outcomes == [o for o, _ in exact]
            assert [Fraction(w, sum(weights)) for w in weights] == [p for _, p in exact]
            if s.phase == "draw":
                outcomes.clear()
                weights.append(99)
                assert compiled.chance_weights(s) == plain.chance_weights(s) and len(compiled.chance_weights(s)[0])
                draws += 1
    assert draws > 100
