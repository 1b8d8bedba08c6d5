"""Two pools against each other (issue 45, class 3): Risk's pairs and roll-offs, checked three ways."""

from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rometools.draws import (
    Die,
    Pool,
    contest,
    highest,
    roll_off,
    simulate_contest,
    simulate_roll_off,
)

CONFIDENCE = 0.999


class _EvalRisk(icepool.MultisetEvaluator):
    """icepool's own Risk evaluator (its notebook ``risk.ipynb``): every pair, ties to nobody."""

    def initial_state(self, order, outcomes, a_size, b_size):
        return 0, 0, 0

    def next_state(self, state, order, outcome, a, b):
        score_a, score_b, advantage = state
        if advantage > 0:
            score_a += min(b, advantage)
        elif advantage < 0:
            score_b += min(a, -advantage)
        advantage += a - b
        return score_a, score_b, advantage

    def final_outcome(self, final_state, order, outcomes, a_size, b_size):
        return final_state[:2]

    def order(self, *_):
        return -1


def _law(die) -> dict:
    return {k: Fraction(die.quantity(k), die.denominator()) for k in die.outcomes() if die.quantity(k)}


@pytest.mark.parametrize("na, nb", [(3, 2), (3, 3), (2, 1), (12, 11)])
def test_every_pair_equals_icepools_risk_evaluator(na, nb):
    ours = contest(Pool([Die.d(6)] * na), Pool([Die.d(6)] * nb), ties="none")
    assert ours == _law(_EvalRisk().evaluate(icepool.d6.pool(na), icepool.d6.pool(nb)))


def test_risk_with_the_defender_winning_ties():
    """Risk 3 vs 2 (the published 2890 / 2611 / 2275 of 7776) and 1 vs 1 (defender 7/12)."""
    law = contest(Pool([Die.d(6)] * 3), Pool([Die.d(6)] * 2), ties="b")
    assert law == {(2, 0): Fraction(2890, 7776), (1, 1): Fraction(2611, 7776), (0, 2): Fraction(2275, 7776)}
    assert contest(Die.d(6), Die.d(6), ties="b") == {(0, 1): Fraction(7, 12), (1, 0): Fraction(5, 12)}


def _brute_contest(a_dice, b_dice, k, ties):
    out: dict = {}
    laws_a, laws_b = [d.law() for d in a_dice], [d.law() for d in b_dice]
    for fa in product(*[list(law) for law in laws_a]):
        pa = Fraction(1)
        for f, law in zip(fa, laws_a, strict=True):
            pa *= law[f]
        for fb in product(*[list(law) for law in laws_b]):
            p = pa
            for f, law in zip(fb, laws_b, strict=True):
                p *= law[f]
            sa, sb = sorted(fa, reverse=True)[:k], sorted(fb, reverse=True)[:k]
            wa = sum(x > y or (x == y and ties == "a") for x, y in zip(sa, sb, strict=True))
            wb = sum(y > x or (x == y and ties == "b") for x, y in zip(sa, sb, strict=True))
            out[(wa, wb)] = out.get((wa, wb), 0) + p
    return dict(sorted(out.items()))


SIDES = st.lists(st.sampled_from([3, 4, 6, 8]), min_size=1, max_size=3)


@settings(max_examples=40, deadline=None)
@given(SIDES, SIDES, st.sampled_from(["a", "b", "none"]), st.integers(0, 3))
def test_mixed_pools_and_fewer_pairs_match_brute_force(sa, sb, ties, k):
    a, b = [Die.d(n) for n in sa], [Die.d(n) for n in sb]
    k = min(k, len(a), len(b))
    assert contest(Pool(a), Pool(b), pairs=k, ties=ties) == _brute_contest(a, b, k, ties)


def test_symbol_faces_with_values():
    """A d8 of values against a d6: values give each face its number."""
    strong = Die(["axe", "axe", "sword", "shield"])
    values = {"axe": 3, "sword": 2, "shield": 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
    law = contest(Pool([strong] * 2), Pool([Die.d(6)]), ties="b", values=values)
    brute = _brute_contest([Die([3, 3, 2, 1])] * 2, [Die.d(6)], 1, "b")
    assert law == brute


def test_contest_twin():
    a, b = Pool([Die.d(6)] * 3), Pool([Die.d(8)] * 2)
    exact = contest(a, b, ties="b")
    sim = simulate_contest(a, b, 20_000, rng=3, ties="b", confidence=CONFIDENCE)
    assert set(sim) <= set(exact)
    assert all(est.contains(exact[key]) for key, est in sim.items())


# ---------------------------------------------------------------- roll-offs
def _brute_roll_off(laws, ties):
    """Roll every contestant once; ties re-rolled solved as a fixed point by hand for two players."""
    n = len(laws)
    win = [Fraction(0)] * n
    tie_all = Fraction(0)
    for values in product(*[list(law) for law in laws]):
        p = Fraction(1)
        for v, law in zip(values, laws, strict=True):
            p *= law[v]
        best = max(values)
        top = [i for i, v in enumerate(values) if v == best]
        if len(top) == 1:
            win[top[0]] += p
        elif ties == "shared":
            for i in top:
                win[i] += p / len(top)
        elif ties == "all":
            for i in top:
                win[i] += p
        elif ties == "reroll":
            assert len(top) == n  # two players: a tie is everyone
            tie_all += p
    if ties == "reroll":
        return [w / (1 - tie_all) for w in win]
    return win


@pytest.mark.parametrize("ties", ["reroll", "shared", "all", "none"])
@pytest.mark.parametrize("sides", [(6, 6), (8, 6), (4, 12), (20, 20)])
def test_two_player_roll_offs_match_brute_force(sides, ties):
    dice = [Die.d(n) for n in sides]
    assert roll_off(dice, ties=ties) == _brute_roll_off([d.law() for d in dice], ties)


def test_three_player_roll_off_with_rerolls():
    """A d6, a d8 and 2d4: ties re-rolled among the tied only; the chances add up to 1."""
    players = [Die.d(6), Die.d(8), Pool([Die.d(4)] * 2)]
    chances = roll_off(players)
    assert sum(chances) == 1
    shared = roll_off(players, ties="shared")
    assert sum(shared) == 1
    # each tie set, re-rolled, splits as its own roll-off: check one set by hand
    two = roll_off([Die.d(6), Die.d(8)])
    assert two == _brute_roll_off([Die.d(6).law(), Die.d(8).law()], "reroll")
    sim = simulate_roll_off(players, 30_000, rng=5, confidence=CONFIDENCE)
    assert all(est.contains(p) for est, p in zip(sim, chances, strict=True))


def test_roll_off_of_kept_dice():
    """Each player rolls 3d6 and keeps the best 2: the statistic is any statistic."""
    a, b = Pool([Die.d(6)] * 3), Pool([Die.d(6)] * 2)
    chances = roll_off([a, b], statistic=highest(2))
    laws = [a.law(highest(2)), b.law(highest(2))]
    assert chances == _brute_roll_off(laws, "reroll")


def test_bad_contests_are_refused():
    with pytest.raises(ValueError, match="ties must be one of a, b, none"):
        contest(Die.d(6), Die.d(6), ties="defender")
    with pytest.raises(ValueError, match="pairs must be 0 to 1"):
        contest(Die.d(6), Die.d(6), pairs=2)
    with pytest.raises(TypeError, match="a must be a Pool"):
        contest(6, Die.d(6))
    with pytest.raises(ValueError, match="2 to 12 contestants"):
        roll_off([Die.d(6)])
    with pytest.raises(ValueError, match="always tie again"):
        roll_off([Die([3]), Die([3])])
