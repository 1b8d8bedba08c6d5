"""Majorities with a tie rule (issue 45, class 5), against brute force and the seeded twin."""

from fractions import Fraction
from itertools import permutations, product

import pytest

from rometools.draws import Bag, Die, Pool, highest, majority, simulate_majority, total

CONFIDENCE = 0.999


def _judge(counts, ties, floor):
    """(wins per player, nobody) of one outcome, by the definitions."""
    best = max(counts)
    top = [i for i, c in enumerate(counts) if c == best]
    wins = [Fraction(0)] * len(counts)
    if best < floor or (ties == "unfriendly" and len(top) > 1):
        return wins, 1
    for i in top:
        wins[i] = Fraction(1, len(top)) if ties == "split" else Fraction(1)
    return wins, 0


def _ranks(counts, ties):
    if ties == "unfriendly":
        return [sum(1 for j, d in enumerate(counts) if d >= c and j != i) + 1 for i, c in enumerate(counts)]
    return [sum(1 for d in counts if d > c) + 1 for c in counts]


def _brute(outcomes, n, ties, floor):
    wins, nobody = [Fraction(0)] * n, Fraction(0)
    ranks = [dict() for _ in range(n)]
    for counts, p in outcomes:
        w, none = _judge(counts, ties, floor)
        wins = [a + p * b for a, b in zip(wins, w, strict=True)]
        nobody += p * none
        for i, r in enumerate(_ranks(counts, ties)):
            ranks[i][r] = ranks[i].get(r, 0) + p
    return tuple(wins), nobody, tuple(dict(sorted(r.items())) for r in ranks)


def _deal_outcomes(bag, sizes, kind):
    tokens = [k for k, c in bag.items() for _ in range(c)]
    seen = {}
    for order in set(permutations(tokens)):
        counts, start = [], 0
        for h in sizes:
            counts.append(sum(1 for t in order[start:start + h] if t == kind))
            start += h
        seen[tuple(counts)] = seen.get(tuple(counts), 0) + 1
    total_ = sum(seen.values())
    return [(c, Fraction(w, total_)) for c, w in seen.items()]


@pytest.mark.parametrize("ties", ["friendly", "unfriendly", "split"])
@pytest.mark.parametrize("floor", [1, 2])
def test_hands_from_one_bag_match_every_deal(ties, floor):
    bag, sizes = {"temple": 3, "other": 5}, [2, 2, 3]
    m = majority(Bag(bag).deal(sizes), of="temple", ties=ties, at_least=floor)
    wins, nobody, ranks = _brute(_deal_outcomes(bag, sizes, "temple"), 3, ties, floor)
    assert (m.wins, m.nobody, m.ranks) == (wins, nobody, ranks)


def _independent(laws):
    for values in product(*[list(law) for law in laws]):
        p = Fraction(1)
        for v, law in zip(values, laws, strict=True):
            p *= law[v]
        yield values, p


@pytest.mark.parametrize("ties", ["friendly", "unfriendly", "split"])
def test_own_rolls_match_every_roll(ties):
    """Three players roll 2d6, 2d6 and a d8; four players keep the best 2 of different pools."""
    players = [Pool([Die.d(6)] * 2), Pool([Die.d(6)] * 2), Pool([Die.d(8)])]
    laws = [p.law(total()) for p in players]
    m = majority(players, of=total(), ties=ties)
    assert (m.wins, m.nobody, m.ranks) == _brute(list(_independent(laws)), 3, ties, 1)
    players = [Pool([Die.d(4)] * 3), Pool([Die.d(6)] * 2), Pool([Die.d(8), Die.d(4)]), Pool([Die.d(10)])]
    laws = [p.law(highest(2)) for p in players]
    m = majority(players, of=highest(2), ties=ties, at_least=8)
    assert (m.wins, m.nobody, m.ranks) == _brute(list(_independent(laws)), 4, ties, 8)


def test_draws_from_own_bags_and_laws():
    """Arcs-like: each player draws 3 cards from their own deck; laws given directly work too."""
    a = Bag({"tycoon": 3, "other": 7}).draw(3)
    b = Bag({"tycoon": 2, "other": 8}).draw(3)
    m = majority([a, b], of="tycoon", ties="unfriendly")
    laws = [a.law("tycoon"), b.law("tycoon")]
    assert majority(laws, ties="unfriendly") == m
    assert (m.wins, m.nobody, m.ranks) == _brute(list(_independent(laws)), 2, "unfriendly", 1)


def test_twins_agree():
    deal = Bag({"temple": 6, "other": 24}).deal([4, 4, 4])
    for ties in ("friendly", "unfriendly", "split"):
        exact = majority(deal, of="temple", ties=ties)
        sim = simulate_majority(deal, 20_000, rng=2, of="temple", ties=ties, confidence=CONFIDENCE)
        assert all(e.contains(p) for e, p in zip(sim.wins, exact.wins, strict=True)), ties
        assert sim.nobody.contains(exact.nobody)
    players = [Pool([Die.d(6)] * 2), Pool([Die.d(8)])]
    sim = simulate_majority(players, 20_000, rng=3, of=total(), ties="split", confidence=CONFIDENCE)
    exact = majority(players, of=total(), ties="split")
    assert all(e.contains(p) for e, p in zip(sim.wins, exact.wins, strict=True))


def test_bad_majorities_are_refused():
    deal = Bag({"temple": 6, "other": 24}).deal([4, 4])
    with pytest.raises(ValueError, match="ties must be one of friendly, unfriendly, split"):
        majority(deal, of="temple", ties="shared")
    with pytest.raises(ValueError, match="of=kind"):
        majority(deal)
    with pytest.raises(ValueError, match="2 to 12 players"):
        majority([Die.d(6)], of=total())
    with pytest.raises(TypeError, match="player 1 must be"):
        majority([Die.d(6), 6], of=total())
