"""Set-up odds: exact Fractions, cross-checked against icepool and seeded Monte Carlo.

Rulebook: 001_a311a49632a27e24.txt, Set-up and 2-3 Player Variants.
"""

from collections import Counter
from fractions import Fraction
from math import comb

import icepool
import pytest
from scipy.stats import chisquare

from rometools.caesars_empire import (
    deal_setup,
    load_components,
    prob_some_type_absent,
    sample_treasure_points,
    simulate_setup,
    treasure_count_distribution,
    treasure_points,
    treasure_points_distribution,
)
from rometools.core.stats import proportion_estimate

COMPONENTS = load_components()
DECK = icepool.Deck(dict(COMPONENTS.supply))
# Monte Carlo tolerance: every exact probability must lie inside the 99.9% Wilson
# interval of the seeded simulation (a fixed seed makes the check deterministic).
CONFIDENCE = 0.999


def test_fixed_setups_are_certain():
    assert treasure_count_distribution("gold", players=4) == {8: 1}
    assert treasure_count_distribution("gems", players=5) == {4: 1}
    assert treasure_count_distribution("gold", players=2) == {6: 1}
    assert treasure_count_distribution("precious_stones", players=3) == {3: 1}
    assert prob_some_type_absent(players=2) == 0 and prob_some_type_absent(players=5) == 0


def test_variant_count_hand_value():
    d = treasure_count_distribution("meat", players=3, all_tokens_variant=True)
    assert d[0] == Fraction(comb(36, 30), comb(40, 30))
    assert d[4] == Fraction(comb(36, 26), comb(40, 30))
    assert sum(d.values()) == 1


@pytest.mark.parametrize("kind", ["meat", "gold"])
def test_variant_count_matches_icepool_deal(kind):
    die = DECK.deal(30).keep_outcomes([kind]).size()
    assert treasure_count_distribution(kind, players=2, all_tokens_variant=True) == {
        k: die.probability(k) for k in die.outcomes()}


def test_some_type_absent_matches_icepool_deal():
    absent = DECK.deal(30).expand().map(lambda hand: len(set(hand)) < len(COMPONENTS.supply))
    exact = prob_some_type_absent(players=3, all_tokens_variant=True)
    assert exact == absent.probability(True) == Fraction(31389, 1708993)


def test_setup_exact_odds_match_deal_setup_monte_carlo():
    trials = 4000
    sim = simulate_setup(players=3, all_tokens_variant=True, trials=trials, rng=20261130)
    est = proportion_estimate(sim["_absent"][True], trials, confidence=CONFIDENCE)
    assert est.contains(prob_some_type_absent(players=3, all_tokens_variant=True))
    for kind in ("meat", "gold"):
        exact = treasure_count_distribution(kind, players=3, all_tokens_variant=True)
        for k, p in exact.items():
            assert proportion_estimate(sim[kind][k], trials, confidence=CONFIDENCE).contains(p), (kind, k)
        # and jointly: a chi-square goodness-of-fit test does not reject the exact law
        observed = [sim[kind][k] for k in exact]
        expected = [float(p) * trials for p in exact.values()]
        assert chisquare(observed, expected).pvalue > 0.001


def test_deal_setup_is_seeded_and_uses_the_right_tokens():
    cities = [f"c{i}" for i in range(30)]
    a = deal_setup(cities, players=3, rng=7)
    assert a == deal_setup(cities, players=3, rng=7)
    assert a != deal_setup(cities, players=3, rng=8)
    assert list(a) == cities
    assert Counter(a.values()) == Counter({**dict.fromkeys(COMPONENTS.non_gold_ids, 3), "gold": 6})
    full = deal_setup([f"c{i}" for i in range(40)], players=4, rng=1)
    assert Counter(full.values()) == Counter(COMPONENTS.supply)


@pytest.mark.parametrize(("cities", "players", "message"), [
    ([f"c{i}" for i in range(31)], 2, "31 cities but only 30 Treasure tokens"),
    (["a", "a"], 4, "city ids repeat: \\['a'\\]"),
    (["a"], 6, "2 to 5 players, got 6"),
])
def test_deal_setup_bad_input(cities, players, message):
    with pytest.raises(ValueError, match=message):
        deal_setup(cities, players=players, rng=0)


def _icepool_points_law(n, deck=DECK):
    def points(hand):
        return treasure_points(Counter(hand)).total
    die = deck.deal(n).expand().map(points)
    return {k: die.probability(k) for k in die.outcomes()}


@pytest.mark.parametrize("n", [0, 1, 3, 5])
def test_points_distribution_matches_icepool(n):
    assert treasure_points_distribution(n, players=4) == _icepool_points_law(n)


def test_points_distribution_two_three_players_uses_the_reduced_set():
    reduced = icepool.Deck(dict(COMPONENTS.tokens_in_play(3)))
    assert treasure_points_distribution(4, players=3) == _icepool_points_law(4, reduced)
    # the all-tokens variant is a uniform draw from all 40
    assert treasure_points_distribution(4, players=3, all_tokens_variant=True) == \
        treasure_points_distribution(4, players=4)


def test_points_distribution_matches_seeded_monte_carlo():
    n, trials = 10, 3000
    exact = treasure_points_distribution(n)
    assert sum(exact.values()) == 1
    sim = sample_treasure_points(n, trials=trials, rng=11)
    mean_exact = sum(k * p for k, p in exact.items())
    mean_sim = sum(k * c for k, c in sim.items()) / trials
    sd = sum((k - mean_exact) ** 2 * p for k, p in exact.items()) ** 0.5
    assert abs(mean_sim - float(mean_exact)) < 4 * float(sd) / trials ** 0.5
    for k, p in exact.items():
        if p > Fraction(1, 50):
            assert proportion_estimate(sim[k], trials, confidence=CONFIDENCE).contains(p), k


@pytest.mark.parametrize("n", [-1, 41, 2.5])
def test_points_distribution_rejects_impossible_counts(n):
    with pytest.raises(ValueError, match="n_tokens must be 0 to 40"):
        treasure_points_distribution(n)
