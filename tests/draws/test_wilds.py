"""Wilds assigned to maximise a score (issue 45, class 7), against brute force and the twin.

7 Wonders' science (a set of three symbols scores 7, each symbol its count squared) with a
free symbol; Risk's card sets (three of a kind, or one of each) with wild cards.
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import pytest

from rometools.draws import Bag, Die, Pool, with_wilds

SYMBOLS = ["tablet", "compass", "gear"]
CONFIDENCE = 0.999


def science(c) -> int:
    return sum(n * n for n in c.values()) + 7 * min(c.values())


def risk_sets(c) -> int:
    """The most sets a hand makes: three of a kind, or one of each."""
    best = 0
    for mixed in range(min(c.values()) + 1):
        best = max(best, mixed + sum((n - mixed) // 3 for n in c.values()))
    return best


def _best(points, counts, wilds, kinds):
    out = None
    for extra in product(range(wilds + 1), repeat=len(kinds)):
        if sum(extra) == wilds:
            v = points({k: counts.get(k, 0) + e for k, e in zip(kinds, extra, strict=True)})
            out = v if out is None else max(out, v)
    return out


def _by_hands(bag, n, fn):
    tokens = [k for k, c in bag.items() for _ in range(c)]
    law: dict = {}
    hands = list(combinations(range(len(tokens)), n))
    for hand in hands:
        v = fn(Counter(tokens[i] for i in hand))
        law[v] = law.get(v, 0) + 1
    return {v: Fraction(c, len(hands)) for v, c in sorted(law.items())}


@pytest.mark.parametrize("n", [3, 5, 7])
def test_seven_wonders_science_with_a_free_symbol(n):
    """Science cards drawn from an age's deck (4 of each symbol) with 2 free-symbol cards."""
    bag = {"tablet": 4, "compass": 4, "gear": 4, "free": 2}
    law = Bag(bag).draw(n).law(with_wilds(science, "free", SYMBOLS))
    assert law == _by_hands(bag, n, lambda c: _best(science, c, c["free"], SYMBOLS))


@pytest.mark.parametrize("n", [3, 5, 6])
def test_risk_sets_with_wild_cards(n):
    """Risk's 44 cards (14 of each army, 2 wild), cut to 3 x 5 + 2 for a brute force that is quick."""
    bag = {"infantry": 5, "cavalry": 5, "artillery": 5, "wild": 2}
    stat = with_wilds(risk_sets, "wild", ["infantry", "cavalry", "artillery"])
    law = Bag(bag).draw(n).law(stat)
    assert law == _by_hands(bag, n, lambda c: _best(risk_sets, c, c["wild"],
                                                    ["infantry", "cavalry", "artillery"]))
    full = Bag({"infantry": 14, "cavalry": 14, "artillery": 14, "wild": 2}).draw(5)
    # five cards always make a set: no one of each means two armies at most, so three of one
    assert full.prob(stat >= 1) == 1
    assert full.prob(stat >= 2) == 0


def test_wild_symbols_on_dice_and_the_twin():
    die = Die(["tablet", "compass", "gear", "free", "blank", "blank"])
    pool = Pool([die] * 4)
    stat = with_wilds(science, "free", SYMBOLS)
    law = pool.law(stat)
    brute: dict = {}  # faces are weighted (two blanks)
    weights = die.weights
    for faces in product(die.faces, repeat=4):
        p = Fraction(1)
        for f in faces:
            p *= Fraction(weights[f], 6)
        c = Counter(faces)
        v = _best(science, c, c["free"], SYMBOLS)
        brute[v] = brute.get(v, 0) + p
    assert law == dict(sorted(brute.items()))
    sim = pool.simulate(20_000, rng=6, confidence=CONFIDENCE)
    assert sim.mean(stat).contains(pool.mean(stat))
    hand = Bag({"tablet": 4, "compass": 4, "gear": 4, "free": 2}).draw(5)
    assert hand.simulate(20_000, rng=7, confidence=CONFIDENCE).mean(stat).contains(hand.mean(stat))


def test_bad_wilds_are_refused():
    with pytest.raises(ValueError, match="at least one kind"):
        with_wilds(science, "free", [])
    with pytest.raises(TypeError, match="points must be a callable"):
        with_wilds(3, "free", SYMBOLS)
    with pytest.raises(ValueError, match="both wild and a kind"):
        Bag({"tablet": 1, "free": 1}).draw(1).law(with_wilds(science, "free", ["tablet", "free"]))
    with pytest.raises(TypeError, match="points must return an int"):
        Bag({"tablet": 1, "free": 1}).draw(1).law(with_wilds(lambda c: 0.5, "free", ["tablet"]))
