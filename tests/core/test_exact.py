"""Exact multiset / hypergeometric helpers, against hand counts and scipy."""

from fractions import Fraction
from math import comb

import pytest
from scipy.stats import hypergeom, multivariate_hypergeom

from rometools.core.exact import (
    expectation,
    hypergeometric_distribution,
    hypergeometric_pmf,
    multiset_draws,
    prob_some_kind_absent,
)


@pytest.mark.parametrize(
    ("population", "successes", "draws"),
    [(40, 4, 30), (40, 8, 30), (10, 3, 2), (5, 5, 5), (7, 0, 3), (23, 6, 1)],
)
def test_hypergeometric_matches_scipy(population, successes, draws):
    law = hypergeometric_distribution(population, successes, draws)
    assert sum(law.values()) == 1
    for k, p in law.items():
        assert float(p) == pytest.approx(hypergeom(population, successes, draws).pmf(k), rel=1e-12)


def test_hypergeometric_hand_value():
    # P(no Meat among 30 of 40) = C(36,30) / C(40,30)
    assert hypergeometric_pmf(0, 40, 4, 30) == Fraction(comb(36, 30), comb(40, 30))


@pytest.mark.parametrize("bad", [(0, 5, 6, 2), (0, 5, 2, 6), (0, -1, 0, 0)])
def test_hypergeometric_rejects_impossible_counts(bad):
    with pytest.raises(ValueError, match="impossible"):
        hypergeometric_pmf(*bad)


def test_multiset_draws_is_multivariate_hypergeometric():
    supply = {"a": 3, "b": 2, "c": 4}
    law = list(multiset_draws(supply, 4))
    assert sum(p for _, p in law) == 1
    assert len(law) == len({tuple(c.values()) for c, _ in law})
    for counts, p in law:
        expected = multivariate_hypergeom.pmf(x=list(counts.values()), m=list(supply.values()), n=4)
        assert float(p) == pytest.approx(expected, rel=1e-12)


def test_folded_draws_equal_unfolded_law_of_a_symmetric_statistic():
    supply = {"x": 4, "y": 4, "z": 4, "g": 8}

    def stat(counts):
        return (max(counts["x"], counts["y"], counts["z"]), counts["g"])

    plain, folded = {}, {}
    for counts, p in multiset_draws(supply, 7):
        plain[stat(counts)] = plain.get(stat(counts), 0) + p
    for counts, p in multiset_draws(supply, 7, exchangeable=lambda k: k == "g"):
        folded[stat(counts)] = folded.get(stat(counts), 0) + p
    assert plain == folded
    assert sum(folded.values()) == 1


def test_multiset_draws_rejects_overdraw_and_negative_supply():
    with pytest.raises(ValueError, match="cannot draw 4 tokens from a bag of 3"):
        list(multiset_draws({"a": 3}, 4))
    with pytest.raises(ValueError, match="'a'"):
        list(multiset_draws({"a": -1}, 0))


def test_prob_some_kind_absent_by_enumeration():
    supply = {"a": 2, "b": 3, "c": 1, "d": 4}
    for n in range(0, 11):
        by_enumeration = sum(p for counts, p in multiset_draws(supply, n) if 0 in counts.values())
        assert prob_some_kind_absent(supply, n) == by_enumeration


def test_expectation_of_hypergeometric_is_n_k_over_N():
    assert expectation(hypergeometric_distribution(40, 8, 30)) == Fraction(30 * 8, 40)
