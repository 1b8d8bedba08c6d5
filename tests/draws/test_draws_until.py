"""rometools.draws: draws until a condition (without and with replacement)."""

from fractions import Fraction

import pytest

from rometools.draws import (
    Bag,
    absent,
    any_at_least,
    at_least,
    at_most,
    exactly,
    hypergeometric_pmf,
    n_distinct,
    present,
    score,
    some_absent,
)

JACKS = Bag({"jack": 4, "other": 48})


def test_law_is_consistent():
    until = JACKS.draws_until(at_least("jack", 3))
    pmf = until.pmf()
    assert sum(pmf.values()) == 1
    assert min(pmf) == 3 and max(pmf) == 51
    assert until.mean() == sum(t * p for t, p in pmf.items()) == Fraction(159, 5)
    # P(T <= n) = P(at least 3 jacks among n cards)
    for n in (2, 3, 10, 26, 51, 52):
        hyper = sum(hypergeometric_pmf(k, 52, 4, n) for k in range(3, 5))  # 0 outside the support
        assert until.cdf(n) == hyper
    q = until.quantile(Fraction(1, 2))
    assert until.cdf(q - 1) < Fraction(1, 2) <= until.cdf(q)


def test_first_of_a_kind_is_uniform_position():
    pmf = Bag({"x": 1, "y": 3}).draws_until(present("x")).pmf()
    assert pmf == {t: Fraction(1, 4) for t in range(1, 5)}


def test_condition_met_before_any_draw():
    until = JACKS.draws_until(at_least("jack", 0))
    assert until.pmf() == {0: 1} and until.mean() == 0


def test_quantile_for_a_pair_of_some_colour():
    # five colours of 8 tiles: 5 tiles miss a pair with 8^5 * 5! / (40*39*38*37*36)
    until = Bag({c: 8 for c in "RGBYK"}).draws_until(any_at_least(2))
    assert until.survival(5) == Fraction(8 ** 5 * 120, 40 * 39 * 38 * 37 * 36)
    assert until.quantile(0.95) == 5 and until.quantile(0.99) == 6


@pytest.mark.parametrize("cond", [at_most("jack", 2), exactly("jack", 1), absent("jack"),
                                  some_absent(), at_least("jack", 1) & at_most("other", 5),
                                  ~at_least("jack", 2)])
def test_conditions_that_can_turn_false_are_refused(cond):
    with pytest.raises(ValueError, match="stays true once met"):
        JACKS.draws_until(cond)


def test_scores_are_refused():
    with pytest.raises(ValueError, match="a score"):
        JACKS.draws_until(score({"jack": [0, 1, 2, 3, 4]}) >= 2)


def test_harmless_upper_bound_is_accepted():
    # at most 4 jacks is always true: the condition is still monotone
    until = JACKS.draws_until(at_least("jack", 1) & at_most("jack", 4))
    assert until.mean() == JACKS.draws_until(present("jack")).mean() == Fraction(53, 5)


def test_unmet_conditions_say_so():
    until = Bag({"a": 2, "b": 2}).draws_until(at_least("a", 3))
    assert until.cdf(4) == 0
    with pytest.raises(ValueError, match="still unmet after drawing all 4 tokens"):
        until.mean()
    with pytest.raises(ValueError, match="at most"):
        until.quantile(0.5)


# ---------------------------------------------------------------- with replacement
def test_coupon_collector_on_a_die():
    until = Bag({f: 1 for f in range(1, 7)}).draws_until(n_distinct() >= 6, replace=True)
    assert until.mean() == Fraction(147, 10)  # 6 * (1 + 1/2 + ... + 1/6)
    assert until.cdf(5) == 0 and until.cdf(6) == Fraction(720, 6 ** 6)
    pmf = until.pmf(max_draws=40)
    assert pmf[6] == Fraction(720, 6 ** 6) and 1 - sum(pmf.values()) == until.survival(40)


def test_negative_binomial_and_geometric():
    die = Bag({"six": 1, "other": 5})
    assert die.draws_until(at_least("six", 3), replace=True).mean() == 18
    geometric = die.draws_until(present("six"), replace=True)
    assert geometric.pmf(max_draws=3) == {1: Fraction(1, 6), 2: Fraction(5, 36), 3: Fraction(25, 216)}
    assert geometric.quantile(Fraction(1, 2)) == 4  # 1 - (5/6)^4 = 0.518


def test_with_replacement_needs_max_draws_and_a_reachable_condition():
    die = Bag({"six": 1, "other": 5, "never": 0})
    with pytest.raises(ValueError, match="pass max_draws"):
        die.draws_until(present("six"), replace=True).pmf()
    with pytest.raises(ValueError, match="can stay unmet forever"):
        die.draws_until(present("never"), replace=True).mean()


def test_mean_with_replacement_equals_tail_sum_of_cdf():
    bag = Bag({"a": 2, "b": 1, "c": 1})
    until = bag.draws_until(at_least("a", 2) & present("c"), replace=True)
    tail = sum(until.survival(t) for t in range(400))
    assert abs(float(until.mean() - tail)) < 1e-12
    # the same survival from fixed draws with replacement
    for t in (0, 1, 3, 7):
        assert until.survival(t) == 1 - bag.draw(t, replace=True).prob(at_least("a", 2) & present("c"))


@pytest.mark.parametrize("p", [float("inf"), float("-inf"), float("nan"), 2, -1, 0, 10 ** 400, "0.5", None, True])
def test_quantile_refuses_a_p_that_is_not_a_probability_in_words(p):
    """Issue 47, item 13: ``quantile(inf)`` raised Python's ``OverflowError`` (cannot convert Infinity to
    integer ratio), ``quantile(nan)`` a bare ValueError, ``quantile("0.5")`` answered, ``quantile(None)``
    a TypeError. The exact question and its simulated twin refuse each the same way."""
    from rometools.core.errors import ArgumentError
    from rometools.draws import Bag, any_at_least

    until = Bag({c: 8 for c in "RGBYK"}).draws_until(any_at_least(2))
    for question in (until, until.simulate(200, rng=1)):
        with pytest.raises(ArgumentError, match=r"^p must be a number in \(0, 1\], got "):
            question.quantile(p)
    assert until.quantile(0.99) == 6 and until.quantile(1) >= 6
