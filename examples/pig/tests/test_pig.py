"""Pig's own tests: its rules by hand-worked cases and its odds against a seeded simulation."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from pig import rolls_until_pig, turn_points
from pig.rules import PigConfig, apply, current_player, legal_actions, new_game, scores

from rometools.core.errors import IllegalActionError, InvalidActionError
from rometools.core.game import CHANCE, TERMINAL
from rometools.core.stats import proportion_estimate


def play(*actions, config=None):
    state = new_game(config)
    for a in actions:
        state = apply(state, a)
    return state


@pytest.mark.parametrize("actions,banked,seat,turn_total", [
    (("roll", 4, "roll", 3), (0, 0), 0, 7),             # rolls add up
    (("roll", 4, "roll", 3, "hold"), (7, 0), 1, 0),     # holding banks the turn total
    (("roll", 4, "roll", 1), (0, 0), 1, 0),             # the pig loses it
    (("hold",), (0, 0), 1, 0),                          # holding nothing passes
    (("roll", 6, "hold", "roll", 2, "hold", "roll", 1), (6, 2), 1, 0),
])
def test_a_turn_by_hand(actions, banked, seat, turn_total):
    s = play(*actions)
    assert (s.banked, s.seat, s.turn_total) == (banked, seat, turn_total)


def test_reaching_the_target_ends_the_game_at_once():
    s = play("roll", 6, "roll", 6, config=PigConfig(target=10))
    assert current_player(s) == TERMINAL and scores(s) == (12, 0) and legal_actions(s) == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(s, "roll")


def test_chance_is_the_die_and_actions_are_checked():
    s = play("roll")
    assert current_player(s) == CHANCE and legal_actions(s) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(IllegalActionError, match="the die is rolling"):
        apply(s, "hold")
    with pytest.raises(IllegalActionError, match="no roll is pending"):
        apply(new_game(), 3)
    for junk in (None, 7, 3.0, True, "pass", ("roll",)):
        with pytest.raises(InvalidActionError):
            apply(new_game(), junk)


def test_odds_by_hand():
    assert rolls_until_pig().pmf(max_draws=3) == {1: Fraction(1, 6), 2: Fraction(5, 36), 3: Fraction(25, 216)}
    assert turn_points(1) == {0: Fraction(1, 6), **{f: Fraction(1, 6) for f in range(2, 7)}}
    assert turn_points(20)[0] == 1 - sum(p for k, p in turn_points(20).items() if k)


def test_holding_at_20_against_a_seeded_simulation():
    """Each exact probability inside the 99.9% Wilson interval of 20,000 simulated turns."""
    rng, trials = np.random.default_rng(7), 20_000
    counts: Counter = Counter()
    for _ in range(trials):
        total = 0
        while total < 20:
            face = int(rng.integers(1, 7))
            if face == 1:
                total = 0
                break
            total += face
        counts[total] += 1
    for points, p in turn_points(20).items():
        est = proportion_estimate(counts[points], trials, confidence=0.999)
        assert est.low <= p <= est.high, (points, p, est)

