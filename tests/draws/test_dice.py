"""Dice pools and order statistics (issue 45, classes 1 and 2), checked three ways.

* icepool (an independent exact library) on its own pool questions: keep-highest,
  keep-lowest, drops, sums, successes, matching sets; exact equality;
* brute force: every face of every die (``itertools.product``) on random small pools,
  every subset of tokens on random small bags (hypothesis);
* the seeded simulation twins: every exact value inside a 99.9% interval.
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rometools.draws import (
    Bag,
    Die,
    Pool,
    TooLargeError,
    any_at_least,
    count,
    highest,
    kth_highest,
    kth_lowest,
    lowest,
    maximum,
    minimum,
    n_distinct,
    score,
    total,
    with_wilds,
)

CONFIDENCE = 0.999
ICE = {n: icepool.d(n) for n in (4, 6, 8, 10, 12, 20)}


def _law(die) -> dict:
    return {k: Fraction(die.quantity(k), die.denominator()) for k in die.outcomes() if die.quantity(k)}


def _pool(sides):
    return Pool([Die.d(n) for n in sides]), icepool.Pool([ICE[n] for n in sides])


# ---------------------------------------------------------------- icepool, class 1 (pools)
@pytest.mark.parametrize("sides, keep, drop", [
    ([6] * 4, 3, 0),            # 4d6 drop lowest (icepool's tutorial, chapter 5)
    ([6] * 10, 3, 0),           # 10d6 keep 3
    ([6] * 30, 10, 0),
    ([4, 6, 8, 10, 12], 2, 0),  # a mixed pool
    ([6, 6, 8, 8, 8], 1, 1),    # the second highest
    ([20, 20], 1, 0),           # advantage
])
def test_keep_highest_equals_icepool(sides, keep, drop):
    ours, theirs = _pool(sides)
    assert ours.law(highest(keep, drop=drop)) == _law(theirs.highest(keep, drop).sum())


@pytest.mark.parametrize("sides, keep, drop", [
    ([6] * 7, 3, 0), ([4, 6, 8, 10, 12], 2, 0), ([6, 6, 8, 8, 8], 2, 1), ([20, 20], 1, 0)])
def test_keep_lowest_equals_icepool(sides, keep, drop):
    ours, theirs = _pool(sides)
    assert ours.law(lowest(keep, drop=drop)) == _law(theirs.lowest(keep, drop).sum())


@pytest.mark.parametrize("sides", [[4, 4, 6, 6], [6] * 3, [6] * 100, [6, 6, 8, 10]])
def test_sums_equal_icepool(sides):
    ours, theirs = _pool(sides)
    assert ours.law(total()) == _law(theirs.sum())


def test_successes_and_sets_equal_icepool():
    ours, theirs = _pool([10] * 6)
    assert ours.law(count([8, 9, 10])) == _law(theirs.keep_outcomes([8, 9, 10]).size())
    ours, theirs = _pool([6] * 5)
    assert ours.law(n_distinct()) == _law(theirs.unique().size())
    assert ours.prob(any_at_least(3)) == _law(theirs.largest_count() >= 3)[True]
    largest = {k: p for k, p in _law(theirs.largest_count()).items()}
    for k in range(1, 6):
        assert ours.prob(any_at_least(k) & ~any_at_least(k + 1)) == largest.get(k, 0)


def test_rerolls_and_explosions_equal_icepool():
    d6 = Die.d(6)
    assert d6.reroll([1, 2]).law() == _law(ICE[6].reroll([1, 2], depth=1))
    assert d6.reroll(1, times=3).law() == _law(ICE[6].reroll([1], depth=3))
    assert d6.reroll(1, times=None).law() == _law(ICE[6].reroll([1], depth="inf"))
    assert d6.explode(6, depth=2).law() == _law(ICE[6].explode([6], depth=2))
    rerolled = Pool([d6] * 3).reroll(1).law(total())
    assert rerolled == _law(3 @ ICE[6].reroll([1], depth=1))


def test_a_law_as_a_die_keep_six_of_twelve_sums():
    """AD&D method II (icepool's notebook): 3d6 twelve times, keep the six highest."""
    three = Die.from_law(Pool([Die.d(6)] * 3).law(total()))
    assert Pool([three] * 12).law(highest(6)) == _law((3 @ ICE[6]).highest(12, 6))


# ---------------------------------------------------------------- icepool, class 2 (order statistics of a draw)
def test_order_statistics_of_a_draw_equal_icepool_decks():
    deck = {1: 3, 2: 2, 5: 1, 7: 4}
    for n in (2, 3, 5):
        draw, dealt = Bag(deck).draw(n), icepool.Deck(deck).deal(n)
        assert draw.law(maximum()) == _law(dealt.highest(1).sum())
        assert draw.law(minimum()) == _law(dealt.lowest(1).sum())
        assert draw.law(highest(2)) == _law(dealt.highest(2).sum())
        assert draw.law(lowest(2, drop=1)) == _law(dealt.lowest(2, 1).sum())
        assert draw.law(total()) == _law(dealt.sum())


def test_ticket_to_ride_lowest_of_three_tickets():
    """Three destination tickets from 30 worth 4 to 22 points: the law of the lowest, by values."""
    points = {f"ticket {i}": 4 + (i * 7) % 19 for i in range(30)}
    draw = Bag(dict.fromkeys(points, 1)).draw(3)
    law = draw.law(minimum(points))
    brute = Counter(min(points[t] for t in hand) for hand in combinations(points, 3))
    assert law == {v: Fraction(c, 4060) for v, c in sorted(brute.items())}
    assert draw.law(kth_highest(2, points)) == _by_subsets(points, 3, lambda vals: sorted(vals)[-2])


def _by_subsets(points, n, fn):
    brute = Counter(fn([points[t] for t in hand]) for hand in combinations(points, n))
    total_ = sum(brute.values())
    return {v: Fraction(c, total_) for v, c in sorted(brute.items())}


# ---------------------------------------------------------------- brute force on random pools
FACES = st.lists(st.integers(-2, 6), min_size=1, max_size=4)


def _rolls(dice):
    """Every roll of the dice with its probability (faces^dice)."""
    laws = [die.law() for die in dice]
    for faces in product(*[list(law) for law in laws]):
        p = Fraction(1)
        for face, law in zip(faces, laws, strict=True):
            p *= law[face]
        yield faces, p


def _brute(dice, fn) -> dict:
    out: dict = {}
    for faces, p in _rolls(dice):
        v = fn(list(faces))
        out[v] = out.get(v, 0) + p
    return {v: out[v] for v in sorted(out)}


@settings(max_examples=60, deadline=None)
@given(st.lists(FACES, min_size=1, max_size=4), st.integers(1, 3), st.integers(0, 2))
def test_random_pools_match_every_roll(faces, keep, drop):
    dice = [Die(f) for f in faces]
    pool = Pool(dice)

    def top(vals):
        return sum(sorted(vals, reverse=True)[drop:drop + keep])

    def bottom(vals):
        return sum(sorted(vals)[drop:drop + keep])

    assert pool.law(highest(keep, drop=drop)) == _brute(dice, top)
    assert pool.law(lowest(keep, drop=drop)) == _brute(dice, bottom)
    assert pool.law(total()) == _brute(dice, sum)
    assert pool.law(maximum()) == _brute(dice, max)
    assert pool.law(count(lambda f: f >= 3)) == _brute(dice, lambda v: sum(x >= 3 for x in v))
    assert pool.law(n_distinct()) == _brute(dice, lambda v: len(set(v)))
    both = (highest(keep) >= 4) & (count(lambda f: f == 0) >= 1)
    assert pool.prob(both) == sum(p for fs, p in _rolls(dice)
                                  if sum(sorted(fs, reverse=True)[:keep]) >= 4 and 0 in fs)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.integers(0, 9), st.integers(0, 3), min_size=1, max_size=5), st.integers(0, 4),
       st.booleans())
def test_random_draws_order_statistics_match_every_subset(bag, n, replace):
    tokens = [k for k, c in bag.items() for _ in range(c)]
    if not replace and n > len(tokens) or replace and not tokens and n:
        return
    draw = Bag(bag).draw(n, replace=replace)
    hands = list(product(tokens, repeat=n)) if replace else list(combinations(tokens, n))
    for stat, fn in [(maximum(), lambda h: max(h, default=0)), (minimum(), lambda h: min(h, default=0)),
                     (highest(2), lambda h: sum(sorted(h)[-2:])), (lowest(2), lambda h: sum(sorted(h)[:2])),
                     (total(), sum), (kth_lowest(2), lambda h: sorted(h)[1] if len(h) > 1 else 0)]:
        brute = Counter(fn(list(h)) for h in hands)
        assert draw.law(stat) == {v: Fraction(c, len(hands)) for v, c in sorted(brute.items())}, stat


# ---------------------------------------------------------------- symbols, scores and wilds on dice
def test_symbol_dice_counts_and_scores():
    attack = Die(["hit", "hit", "crit", "blank", "blank", "shield"])
    pool = Pool([attack] * 3 + [Die.d(6)])
    brute = _brute(list(pool), lambda faces: faces.count("hit") + 2 * faces.count("crit"))
    assert pool.law(score({"hit": lambda c: c, "crit": lambda c: 2 * c})) == brute
    assert pool.law(count({"hit", "crit"})) == _brute(list(pool), lambda f: f.count("hit") + f.count("crit"))
    with pytest.raises(ValueError, match="reads numbers, but the kind 'hit' is not one"):
        pool.law(total())


def test_wild_faces_take_the_best_assignment():
    """A set-collection die with a wild face: the best score, tried every way."""
    die = Die(["red", "red", "blue", "blue", "green", "wild"])

    def sets(c):
        return 3 * min(c.values()) + max(c.values())

    stat = with_wilds(sets, "wild", ["red", "blue", "green"])

    def best(faces):
        base = Counter(f for f in faces if f != "wild")
        w = faces.count("wild")
        out = None
        for extra in product(range(w + 1), repeat=3):
            if sum(extra) == w:
                c = {k: base[k] + e for k, e in zip(["red", "blue", "green"], extra, strict=True)}
                out = max(out or -1, sets(c))
        return out

    assert Pool([die] * 4).law(stat) == _brute([die] * 4, best)


# ---------------------------------------------------------------- simulation twins
def test_pool_twin_agrees_within_intervals():
    pool = Pool([Die.d(6), Die.d(6), Die.d(8), Die.d(10)])
    sim = pool.simulate(20_000, rng=7, confidence=CONFIDENCE)
    for stat in (total(), highest(2), lowest(1), count([1, 2])):
        exact = pool.law(stat)
        for v, est in sim.law(stat).items():
            assert est.contains(exact[v]), (stat, v)
        assert sim.mean(stat).contains(pool.mean(stat))
    cond = (highest(2) >= 14) & (minimum() <= 2)
    assert sim.prob(cond).contains(pool.prob(cond))


def test_draw_twin_reads_order_statistics():
    tickets = Bag({v: 2 for v in range(4, 23)})
    draw = tickets.draw(3)
    sim = draw.simulate(20_000, rng=3, confidence=CONFIDENCE)
    assert sim.mean(minimum()).contains(draw.mean(minimum()))
    assert sim.prob(maximum() >= 20).contains(draw.prob(maximum() >= 20))
    assert sim.prob((minimum() >= 8) & (total() <= 40)).contains(draw.prob((minimum() >= 8) & (total() <= 40)))


def test_same_seed_same_rolls():
    pool = Pool([Die.d(6)] * 3)
    assert (pool.simulate(500, rng=4).counts == pool.simulate(500, rng=4).counts).all()


# ---------------------------------------------------------------- hand-computed values and refusals
def test_hand_computed_values():
    assert Pool([Die.d(6)] * 2).law(maximum())[6] == Fraction(11, 36)
    assert Pool([Die.d(6)] * 4).law(highest(3))[18] == Fraction(21, 1296)  # 6666 + 4 x 666k (k < 6) x 5
    # advantage: E[max] = sum_k P(max >= k) = 20 - sum_{j<20} j^2 / 400 = 20 - 2470/400 = 13.825
    assert Pool([Die.d(20)] * 2).mean(maximum()) == Fraction(553, 40)
    assert Pool([]).law(total()) == {0: Fraction(1)}


def test_bad_dice_and_pools_are_refused():
    with pytest.raises(TypeError, match="not the string"):
        Die("123456")
    with pytest.raises(ValueError, match="at least one face"):
        Die({})
    with pytest.raises(ValueError, match="weight of face 'x' must be a whole number"):
        Die({"x": -1})
    with pytest.raises(ValueError, match="1 to 10,000 sides"):
        Die.d(0)
    with pytest.raises(TypeError, match="item 1 of the pool is not a Die"):
        Pool([Die.d(6), 6])
    with pytest.raises(ValueError, match="is not a face"):
        Die.d(6).reroll(7)
    with pytest.raises(ValueError, match="every face is re-rolled"):
        Die.d(2).reroll([1, 2], times=None)


def test_too_large_pools_are_refused_fast():
    huge = Pool([Die.d(1000)] * 500)
    with pytest.raises(TooLargeError, match=r"pool\.simulate"):
        huge.law(highest(250))
    with pytest.raises(TooLargeError, match=r"pool\.simulate"):
        Pool([Die.d(10_000)] * 200).law(total())
