"""Hypergeometric laws and folded multiset outcomes of rometools.draws, against hand counts and scipy.

(These were ``rometools.core.exact`` before the draw engine; the values are unchanged.)"""

from fractions import Fraction
from math import comb

import pytest
from scipy.stats import hypergeom, multivariate_hypergeom

from rometools.draws import Bag, hypergeometric_distribution, hypergeometric_pmf, some_absent


def multiset_draws(supply, n, exchangeable=None):
    return Bag(supply).draw(n).outcomes(exchangeable=exchangeable)


def prob_some_kind_absent(supply, n):
    return Bag(supply).draw(n).prob(some_absent())


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


def test_hypergeometric_errors_name_the_arguments():
    with pytest.raises(ValueError, match="population=5, successes=6, draws=2"):
        hypergeometric_pmf(0, 5, 6, 2)
    with pytest.raises(TypeError, match="draws must be an int, got 2.5"):
        hypergeometric_pmf(0, 5, 2, 2.5)
    with pytest.raises(TypeError, match="k must be an int, got '1'"):
        hypergeometric_pmf("1", 5, 2, 2)


@pytest.mark.parametrize("k", [-1, 3, 4, 31, 100])
def test_hypergeometric_pmf_is_zero_outside_the_support(k):
    # 10 tokens, 3 successes, 2 drawn: support 0..2; 40/4/30: support 0..4
    population, successes, draws = (10, 3, 2) if k in (-1, 3, 4) else (40, 4, 30)
    assert hypergeometric_pmf(k, population, successes, draws) == 0
    assert float(hypergeometric_pmf(k, population, successes, draws)) == hypergeom(
        population, successes, draws).pmf(k)


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


def test_prob_some_kind_absent_many_equal_kinds_is_fast_and_exact():
    # 26 kinds of 3, 52 drawn: inclusion-exclusion grouped by the number of missing kinds
    expected = sum((-1) ** (j + 1) * comb(26, j) * comb(78 - 3 * j, 52) for j in range(1, 27))
    assert prob_some_kind_absent({k: 3 for k in range(26)}, 52) == Fraction(expected, comb(78, 52))


def test_mean_of_hypergeometric_is_n_k_over_N():
    law = hypergeometric_distribution(40, 8, 30)
    assert sum(k * p for k, p in law.items()) == Fraction(30 * 8, 40)
    assert Bag({"gold": 8, "other": 32}).draw(30).mean("gold") == Fraction(30 * 8, 40)
