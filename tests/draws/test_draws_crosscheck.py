"""rometools.draws cross-checked three ways: icepool, brute-force enumeration, seeded simulation.

* icepool (an independent exact library) on the same questions, where it can express them;
* brute-force enumeration of every subset / sequence on random small bags (hypothesis);
* the ``simulate`` twins: every exact value lies inside the 99.9% Wilson (or t) interval
  of a seeded simulation (fixed seeds make the checks deterministic).
"""

import string
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations, product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from icepool import MultisetEvaluator

from rometools.draws import (
    Bag,
    absent,
    any_at_least,
    at_least,
    at_most,
    exactly,
    n_distinct,
    n_kinds_at_least,
    present,
    some_absent,
)

CONFIDENCE = 0.999
RGY = {"red": 3, "green": 2, "yellow": 1}


def _probability(die, value=True) -> Fraction:
    return Fraction(die.quantity(value), die.denominator())


def _law(die) -> dict:
    return {k: die.probability(k) for k in die.outcomes() if die.quantity(k)}


# ---------------------------------------------------------------- icepool
def test_icepool_small_bag():
    deal = icepool.Deck(RGY).deal(3)
    draw = Bag(RGY).draw(3)
    assert draw.prob(some_absent()) == 1 - _probability(deal.issuperset(list(RGY))) == Fraction(7, 10)
    assert draw.law(n_distinct()) == _law(deal.unique().size())
    assert draw.law("red") == _law(deal.keep_outcomes(["red"]).size())


def test_icepool_categories_and_alphabet():
    cats = dict.fromkeys("ABCDEFGHIJKL", 9)
    p = Bag(cats).draw(27).prob(at_least("H", 1) & at_least("K", 1))
    assert p == _probability(icepool.Deck(cats).deal(27).issuperset(["H", "K"]))
    alphabet = dict.fromkeys(string.ascii_lowercase, 3)
    p = Bag(alphabet).draw(52).prob(some_absent())
    assert p == 1 - _probability(icepool.Deck(alphabet).deal(52).issuperset(list(alphabet)))


def test_icepool_four_of_a_kind_and_jacks_by_tail_sums():
    ranks = dict.fromkeys(range(13), 4)
    deck = icepool.Deck(ranks)
    tail = sum(_probability(deck.deal(n).largest_count() < 4) for n in range(40))
    assert Bag(ranks).draws_until(any_at_least(4)).mean() == tail
    jacks = icepool.Deck({"jack": 4, "other": 48})
    until = Bag({"jack": 4, "other": 48}).draws_until(at_least("jack", 3))
    for n in (5, 20, 40):
        assert until.cdf(n) == _probability(jacks.deal(n).keep_outcomes(["jack"]).size() >= 3)


def test_icepool_points_law():
    points = {"red": [0, 1, 3, 6], "green": [0, -1, 4], "yellow": [0, 2]}

    def total(hand):
        c = Counter(hand)
        return sum(points[k][c[k]] for k in points)

    assert Bag(RGY).draw(3).law(points) == _law(icepool.Deck(RGY).deal(3).expand().map(total))


def test_icepool_with_replacement():
    die = icepool.Die(RGY)  # quantities are the supplies
    draw = Bag(RGY).draw(4, replace=True)
    assert draw.law(n_distinct()) == _law(die.pool(4).unique().size())
    assert draw.prob(any_at_least(3)) == _probability(die.pool(4).largest_count() >= 3)


class _Yellow(MultisetEvaluator):
    def next_state(self, state, order, outcome, counts):
        return tuple(sorted(counts, reverse=True)) if outcome == "yellow" else state


class _AnyPair(MultisetEvaluator):
    def next_state(self, state, order, outcome, counts):
        state = state or (False,) * len(counts)
        return tuple(s or c >= 2 for s, c in zip(state, counts, strict=True))


def test_icepool_deals():
    tiles = {"yellow": 4, "other": 16}
    split = _law(_Yellow().evaluate(icepool.Deck(tiles).deal([4] * 5)))
    assert Bag(tiles).deal([4] * 5).split("yellow", sort=True) == split
    ranks = dict.fromkeys(range(6), 3)
    flags = _AnyPair().evaluate(icepool.Deck(ranks).deal([3, 3, 3]))
    p = _probability(flags.map(lambda s: any(s[1:])))
    assert Bag(ranks).deal([3, 3, 3]).prob_any(any_at_least(2), hands=[1, 2]) == p


# ---------------------------------------------------------------- brute force (hypothesis)
def _subsets(supply: dict, n: int):
    tokens = [k for k, c in supply.items() for _ in range(c)]
    for chosen in combinations(range(len(tokens)), n):
        yield Counter(tokens[i] for i in chosen)


def _sequences(supply: dict, n: int):
    tokens = [k for k, c in supply.items() for _ in range(c)]
    for seq in product(range(len(tokens)), repeat=n):
        yield Counter(tokens[i] for i in seq)


KINDS = "abcd"
bags = st.dictionaries(st.sampled_from(KINDS), st.integers(0, 4), min_size=1, max_size=4)
kind_sets = st.lists(st.sampled_from(KINDS), min_size=1, max_size=3, unique=True)


def _atoms(supply: dict):
    """Atoms of a random condition with their plain-Python tests."""
    kinds = list(supply)
    sel = st.one_of(st.sampled_from(kinds), st.lists(st.sampled_from(kinds), min_size=1, unique=True))

    def total(c, s):
        return c[s] if isinstance(s, str) else sum(c[k] for k in s)

    return st.one_of(
        st.tuples(sel, st.integers(0, 4)).map(lambda a: (at_least(*a), lambda c: total(c, a[0]) >= a[1])),
        st.tuples(sel, st.integers(0, 4)).map(lambda a: (at_most(*a), lambda c: total(c, a[0]) <= a[1])),
        st.tuples(sel, st.integers(0, 4)).map(lambda a: (exactly(*a), lambda c: total(c, a[0]) == a[1])),
        sel.map(lambda s: (absent(s), lambda c: total(c, s) == 0)),
        st.just((some_absent(), lambda c: any(c[k] == 0 for k in kinds))),
        st.integers(1, 3).map(lambda k: (any_at_least(k), lambda c: any(c[x] >= k for x in kinds))),
        st.integers(0, 4).map(lambda k: (n_distinct() >= k, lambda c: sum(c[x] > 0 for x in kinds) >= k)),
    )


@st.composite
def questions(draw, replace=False):
    supply = draw(bags)
    total = sum(supply.values())
    n = draw(st.integers(0, 3 if replace else total)) if (total or not replace) else 0
    atoms = draw(st.lists(_atoms(supply), min_size=1, max_size=3))
    cond, test = atoms[0]
    for other, other_test in atoms[1:]:
        if draw(st.booleans()):
            cond, test = cond & other, (lambda a, b: lambda c: a(c) and b(c))(test, other_test)
        else:
            cond, test = cond | other, (lambda a, b: lambda c: a(c) or b(c))(test, other_test)
    if draw(st.booleans()):
        cond, test = ~cond, (lambda a: lambda c: not a(c))(test)
    return supply, n, cond, test


@settings(max_examples=120, deadline=None)
@given(questions())
def test_random_conditions_match_enumeration(question):
    supply, n, cond, test = question
    outcomes = list(_subsets(supply, n))
    expected = Fraction(sum(bool(test(c)) for c in outcomes), len(outcomes))
    assert Bag(supply).draw(n).prob(cond) == expected


@settings(max_examples=60, deadline=None)
@given(questions(replace=True))
def test_random_conditions_with_replacement_match_enumeration(question):
    supply, n, cond, test = question
    if not sum(supply.values()):
        return
    outcomes = list(_sequences(supply, n))
    expected = Fraction(sum(bool(test(c)) for c in outcomes), len(outcomes))
    assert Bag(supply).draw(n, replace=True).prob(cond) == expected


@settings(max_examples=60, deadline=None)
@given(bags, st.data())
def test_random_laws_and_means_match_enumeration(supply, data):
    n = data.draw(st.integers(0, sum(supply.values())))
    tables = {k: data.draw(st.lists(st.integers(-3, 5), min_size=n + 1, max_size=n + 1)) for k in supply}
    threshold = data.draw(st.integers(1, 3))
    outcomes = list(_subsets(supply, n))
    draw = Bag(supply).draw(n)

    def law_of(f):
        found = Counter(f(c) for c in outcomes)
        return {v: Fraction(found[v], len(outcomes)) for v in sorted(found)}

    points = law_of(lambda c: sum(tables[k][c[k]] for k in supply))
    assert draw.law(tables) == points
    assert draw.mean(tables) == sum(v * p for v, p in points.items())
    reach = law_of(lambda c: sum(c[k] >= threshold for k in supply))
    assert draw.law(n_kinds_at_least(threshold)) == reach
    assert draw.mean(n_kinds_at_least(threshold)) == sum(v * p for v, p in reach.items())


@settings(max_examples=40, deadline=None)
@given(bags, kind_sets, st.integers(1, 3))
def test_random_draws_until_match_permutations(supply, kinds, k):
    kinds = [x for x in kinds if x in supply] or list(supply)[:1]
    cond = at_least(kinds, k) & present(kinds[0])
    tokens = [x for x, c in supply.items() for _ in range(c)]
    if len(tokens) > 7:
        return
    firsts = Counter()
    orders = list(permutations(range(len(tokens))))
    for order in orders:
        seen = Counter()
        t = None
        for i in range(len(order) + 1):
            if sum(seen[x] for x in kinds) >= k and seen[kinds[0]] >= 1:
                t = i
                break
            if i < len(order):
                seen[tokens[order[i]]] += 1
        firsts[t] += 1
    until = Bag(supply).draws_until(cond)
    never = Fraction(firsts.pop(None, 0), len(orders))
    assert until.survival(len(tokens)) == never
    if not never:
        assert until.pmf() == {t: Fraction(c, len(orders)) for t, c in sorted(firsts.items())}


# ---------------------------------------------------------------- seeded simulation
def test_simulated_draw_contains_exact_values():
    draw = Bag({c: 9 for c in "ABCDEFGHIJKL"}).draw(27)
    sim = draw.simulate(4000, rng=20261201, confidence=CONFIDENCE)
    cond = at_least("H", 1) & at_least("K", 1)
    assert sim.prob(cond).contains(draw.prob(cond))
    exact = draw.law(n_distinct())
    for v, p in exact.items():
        if p > Fraction(1, 50):  # rare values: too few hits for a per-value interval
            assert sim.law(n_distinct())[v].contains(p), v
    points = {c: [0, 1, 3, 6, 10, 15, 21, 28, 36, 45] for c in "ABC"}
    assert sim.mean(points).contains(draw.mean(points))


def test_simulated_draw_with_replacement():
    draw = Bag(RGY).draw(5, replace=True)
    sim = draw.simulate(4000, rng=7, confidence=CONFIDENCE)
    assert sim.prob(some_absent()).contains(draw.prob(some_absent()))
    for v, est in sim.law("red").items():
        assert est.contains(draw.law("red")[v]), v


def test_simulated_draws_until():
    until = Bag(dict.fromkeys(range(13), 4)).draws_until(any_at_least(4))
    sim = until.simulate(3000, rng=11, confidence=CONFIDENCE)
    assert sim.mean().contains(until.mean())
    for n in (10, 20, 30):
        assert sim.cdf(n).contains(until.cdf(n)), n
    die = Bag(dict.fromkeys(range(1, 7), 1)).draws_until(n_distinct() >= 6, replace=True)
    sim = die.simulate(3000, rng=12, confidence=CONFIDENCE)
    assert sim.mean().contains(die.mean())
    assert sim.cdf(14).contains(die.cdf(14))


def test_simulated_deal():
    deal = Bag({"yellow": 4, "other": 16}).deal([4] * 5)
    sim = deal.simulate(4000, rng=3, confidence=CONFIDENCE)
    exact = deal.split("yellow", sort=True)
    for shape, est in sim.split("yellow", sort=True).items():
        assert est.contains(exact[shape]), shape
    cards = Bag(dict.fromkeys(range(13), 4)).deal([5, 5, 5, 5])
    sim = cards.simulate(3000, rng=4, confidence=CONFIDENCE)
    assert sim.prob_any(any_at_least(2), hands=[1, 2, 3]).contains(
        cards.prob_any(any_at_least(2), hands=[1, 2, 3]))


def test_simulation_is_seeded():
    draw = Bag(RGY).draw(3)
    a = draw.simulate(500, rng=1).prob(some_absent())
    assert a == draw.simulate(500, rng=1).prob(some_absent())
    assert a != draw.simulate(500, rng=2).prob(some_absent())
    with pytest.raises(ValueError, match="trials must be an int >= 2"):
        draw.simulate(1)
    with pytest.raises(TypeError, match="rng must be"):
        draw.simulate(10, rng=1.5)


def test_simulated_prob_curve():
    bag = Bag({"yellow": 4, "other": 16})
    cond = at_least("yellow", 2)
    exact = bag.prob_curve(cond)
    curve = bag.simulate(3000, rng=13, confidence=CONFIDENCE).prob_curve(cond)
    assert list(curve) == list(exact)
    for n in (0, 4, 8, 12, 20):
        assert curve[n].contains(exact[n]), n
    die = Bag(dict.fromkeys(range(1, 7), 1))
    exact = die.prob_curve(n_distinct() >= 3, replace=True, max_draws=8)
    curve = die.simulate(3000, rng=14, replace=True, max_draws=8, confidence=CONFIDENCE).prob_curve(
        n_distinct() >= 3)
    assert all(curve[n].contains(exact[n]) for n in range(9))
