"""rometools.draws: the issue's hand-checkable values, the API, and its errors.

Every value below was checked independently (by hand from binomial coefficients,
or by brute-force enumeration in tests/draws/test_draws_crosscheck.py).
"""

from fractions import Fraction
from math import comb

import pytest

from rometools.draws import (
    Bag,
    Condition,
    TooLargeError,
    absent,
    any_at_least,
    at_least,
    at_most,
    count,
    exactly,
    n_distinct,
    n_kinds_at_least,
    present,
    score,
    some_absent,
)

RGY = Bag({"red": 3, "green": 2, "yellow": 1})


# ---------------------------------------------------------------- the values
def test_some_colour_missing_is_7_10():
    # complement: one of each colour, 3 * 2 * 1 of C(6, 3) = 20
    assert RGY.draw(3).prob(some_absent()) == Fraction(7, 10)
    assert 1 - Fraction(3 * 2 * 1, comb(6, 3)) == Fraction(7, 10)


def test_distinct_colours_law():
    assert RGY.draw(3).law(n_distinct()) == {1: Fraction(1, 20), 2: Fraction(13, 20), 3: Fraction(3, 10)}


def test_vowels_or_consonants_hand():
    hand = Bag({"vowel": 40, "consonant": 60}).draw(6)
    p = hand.prob(exactly("vowel", 6) | exactly("consonant", 6))
    assert p == Fraction(comb(40, 6) + comb(60, 6), comb(100, 6)) == Fraction(5066, 112035)


def test_yellow_split_over_five_displays():
    law = Bag({"yellow": 4, "other": 16}).deal([4] * 5).split("yellow", sort=True)
    # 2-2: C(5,2) C(4,2)^2 = 360 ways; 1-1-1-1: C(5,4) 4^4 = 1280 ways; of C(20,4) = 4845
    assert law[(2, 2, 0, 0, 0)] == Fraction(360, 4845)
    assert law[(1, 1, 1, 1, 0)] == Fraction(1280, 4845)
    assert law[(2, 2, 0, 0, 0)] + law[(1, 1, 1, 1, 0)] == Fraction(328, 969)
    assert sum(law.values()) == 1


def test_hand_checkable_draws_until():
    suits = Bag({s: 13 for s in "SHDC"})
    assert suits.draws_until(n_distinct() >= 4).mean() == Fraction(4829, 630)
    assert suits.draws_until(~some_absent()).mean() == Fraction(4829, 630)
    # third of 4 jacks in 52: 3 * 53 / 5 (order statistics of uniform positions)
    assert Bag({"jack": 4, "other": 48}).draws_until(at_least("jack", 3)).mean() == Fraction(159, 5)


def test_benchmark_questions_values():
    deck = Bag({c: 9 for c in "ABCDEFGHIJKL"})
    p = deck.draw(27).prob(at_least("H", 1) & at_least("K", 1))
    # inclusion-exclusion on the two kinds
    expected = 1 - Fraction(2 * comb(99, 27) - comb(90, 27), comb(108, 27))
    assert p == expected
    alphabet = Bag({c: 3 for c in "abcdefghijklmnopqrstuvwxyz"})
    missing = sum((-1) ** (j + 1) * comb(26, j) * comb(78 - 3 * j, 52) for j in range(1, 27))
    assert alphabet.draw(52).prob(some_absent()) == Fraction(missing, comb(78, 52))
    ranks = Bag({r: 4 for r in range(13)})
    assert ranks.draws_until(any_at_least(4)).mean() == Fraction(68719476736, 2748462675)


# ---------------------------------------------------------------- Bag
def test_bag_is_an_immutable_mapping():
    assert RGY.total == 6 and len(RGY) == 3 and list(RGY) == ["red", "green", "yellow"]
    assert Bag(dict(RGY)) == RGY and hash(RGY) == hash(Bag(dict(RGY)))
    with pytest.raises(TypeError):
        RGY["red"] = 4  # type: ignore[index]
    assert RGY.remove({"red": 2}) == Bag({"red": 1, "green": 2, "yellow": 1})
    assert RGY["red"] == 3


@pytest.mark.parametrize(("counts", "error", "message"), [
    ({"red": -1}, ValueError, "supply of 'red' must be a non-negative int, got -1"),
    ({"red": 1.5}, ValueError, "supply of 'red' must be a non-negative int, got 1.5"),
    ({"red": True}, ValueError, "supply of 'red'"),
    (["red", "red"], TypeError, "Counter"),
])
def test_bag_rejects_bad_counts(counts, error, message):
    with pytest.raises(error, match=message):
        Bag(counts)


@pytest.mark.parametrize(("n", "replace", "message"), [
    (7, False, "cannot draw 7 tokens from a bag of 6 without replacement"),
    (-1, False, "negative number of tokens, got n=-1"),
])
def test_draw_rejects_impossible_sizes(n, replace, message):
    with pytest.raises(ValueError, match=message):
        RGY.draw(n, replace=replace)


def test_empty_bag():
    empty = Bag({})
    assert empty.draw(0).prob(some_absent()) == 0
    with pytest.raises(ValueError, match="from a bag of 0"):
        empty.draw(1)
    with pytest.raises(ValueError, match="empty bag"):
        empty.draw(2, replace=True)


def test_remove_errors():
    with pytest.raises(ValueError, match="cannot remove 4 'red' from a bag holding 3"):
        RGY.remove({"red": 4})
    with pytest.raises(ValueError, match="'blue': not a kind"):
        RGY.remove({"blue": 1})


# ---------------------------------------------------------------- selectors
def test_selectors_kind_collection_predicate_and_attribute_tuples():
    deck = Bag({(colour, symbol): 2 for colour in ("red", "blue") for symbol in ("temple", "road")})
    draw = deck.draw(3)
    pooled = draw.law([("red", "temple"), ("red", "road")])
    by_predicate = draw.law(lambda card: card[0] == "red")
    assert pooled == by_predicate == {0: Fraction(1, 14), 1: Fraction(3, 7), 2: Fraction(3, 7),
                                      3: Fraction(1, 14)}
    assert draw.law(("red", "temple")) == {0: Fraction(5, 14), 1: Fraction(15, 28), 2: Fraction(3, 28)}
    both = draw.prob(present(lambda c: c[0] == "red") & present(lambda c: c[1] == "temple"))
    assert 0 < both < 1


def test_unknown_kind_is_named():
    with pytest.raises(ValueError, match="'blue' is not a kind of this bag \\(kinds: 'red', 'green', 'yellow'\\)"):
        RGY.draw(2).prob(at_least("blue", 1))
    with pytest.raises(ValueError, match="names 'blue'"):
        RGY.draw(2).law(["red", "blue"])
    with pytest.raises(ValueError, match="points name 'blue'"):
        RGY.draw(2).law({"blue": [0, 1, 2]})


# ---------------------------------------------------------------- conditions
def test_conditions_combine_and_have_no_truth_value():
    cond = at_least("red", 2) & ~absent("green") | exactly("yellow", 1)
    assert isinstance(cond, Condition)
    with pytest.raises(TypeError, match="no truth value"):
        bool(cond)
    with pytest.raises(TypeError, match="conditions combine only with conditions"):
        _ = at_least("red", 1) & True
    with pytest.raises(TypeError, match="k must be an int, got 1.5"):
        at_least("red", 1.5)
    assert repr(at_least("H", 1) & at_least("K", 1)) == "(at_least('H', 1) & at_least('K', 1))"


@pytest.mark.parametrize(("cond", "expected"), [
    (at_least("red", 2), Fraction(1, 2)),
    (at_most("red", 1), Fraction(1, 2)),
    (exactly("red", 1), Fraction(9, 20)),
    (present("yellow"), Fraction(1, 2)),
    (absent("red"), Fraction(1, 20)),
    (some_absent(["red", "green"]), Fraction(1, 4)),
    (any_at_least(2), Fraction(7, 10)),
    (n_distinct() == 2, Fraction(13, 20)),
    (n_distinct() != 2, Fraction(7, 20)),
    (count(["green", "yellow"]) > 1, Fraction(1, 2)),
    (count("red") < 1, Fraction(1, 20)),
    (at_least(n_kinds_at_least(2), 1), Fraction(7, 10)),
    (~(at_least("red", 2) | present("yellow")), Fraction(3, 20)),
])
def test_each_condition_on_the_small_bag(cond, expected):
    assert RGY.draw(3).prob(cond) == expected


def test_probabilities_of_complements_add_to_one():
    cond = (at_least("red", 1) & at_most("green", 1)) | exactly("yellow", 1)
    d = RGY.draw(4)
    assert d.prob(cond) + d.prob(~cond) == 1


# ---------------------------------------------------------------- laws, means, points
def test_law_of_a_condition_points_at_prob():
    with pytest.raises(TypeError, match="is a condition: ask draw.prob"):
        RGY.draw(3).law(at_least("red", 1))
    with pytest.raises(TypeError, match="expected a condition"):
        RGY.draw(3).prob(n_distinct())


def test_law_and_mean_of_a_count():
    d = RGY.draw(3)
    assert d.law("red") == {0: Fraction(1, 20), 1: Fraction(9, 20), 2: Fraction(9, 20), 3: Fraction(1, 20)}
    assert d.mean("red") == Fraction(3, 2)
    assert d.mean(n_distinct()) == sum(k * p for k, p in d.law(n_distinct()).items())


def test_points_tables_mappings_callables_and_negative_points():
    d = RGY.draw(3)
    points = {"red": [0, 1, 3, 6], "yellow": lambda c: -2 * c, "green": {2: 5}}
    law = d.law(points)
    assert sum(law.values()) == 1
    assert d.mean(points) == sum(v * p for v, p in law.items())
    assert min(law) < 0
    assert d.law(score(points)) == law


def test_points_table_too_short_or_not_int():
    with pytest.raises(ValueError, match="points table for 'red' scores 0 to 2 tokens, but the draw can hold 3 'red'"):
        RGY.draw(3).law({"red": [0, 1, 2]})
    with pytest.raises(TypeError, match="points for 1 'red' must be an int, got 0.5"):
        RGY.draw(3).law({"red": [0, 0.5, 1, 2]})


def test_with_replacement_is_multinomial():
    d = Bag({"red": 3, "green": 2}).draw(6, replace=True)
    assert d.prob(at_least("red", 6)) == Fraction(3, 5) ** 6
    assert d.law("red") == {k: comb(6, k) * Fraction(3, 5) ** k * Fraction(2, 5) ** (6 - k) for k in range(7)}
    assert d.mean("green") == Fraction(12, 5)
    die = Bag({face: 1 for face in range(1, 7)}).draw(3, replace=True)
    assert die.prob(n_distinct() == 3) == Fraction(6 * 5 * 4, 6 ** 3)
    assert die.law({f: (lambda c, f=f: f * c) for f in range(1, 7)})[18] == Fraction(1, 216)


def test_outcomes_enumerate_the_multivariate_law():
    law = list(RGY.draw(2).outcomes())
    assert sum(p for _, p in law) == 1 and len(law) == 5
    folded = list(Bag({"x": 2, "y": 2, "z": 1}).draw(2).outcomes(exchangeable=lambda k: 0))
    assert sum(p for _, p in folded) == 1 and len(folded) == 3


def test_prob_curve_matches_single_draws():
    cond = some_absent() | at_least("red", 3)
    curve = RGY.prob_curve(cond)
    assert curve == {n: RGY.draw(n).prob(cond) for n in range(7)}
    curve_r = RGY.prob_curve(present("yellow"), replace=True, max_draws=4)
    assert curve_r[4] == 1 - Fraction(5, 6) ** 4
    with pytest.raises(ValueError, match="pass max_draws"):
        RGY.prob_curve(present("yellow"), replace=True)


def test_too_large_points_at_simulate():
    with pytest.raises(TooLargeError, match=r"simulate\(trials, rng=\.\.\.\)"):
        Bag({"a": 100_000, "b": 100_000}).draw(100_000).prob(at_least("a", 50_000))
    with pytest.raises(TooLargeError, match="states"):
        Bag({i: 1 for i in range(40)}).draw(20).law({i: [0, 3 ** i] for i in range(40)})


def test_caesars_empire_value_through_the_engine():
    # 40 Treasure tokens (8 types of 4 + 8 Gold), 30 placed: some type missing
    bag = Bag({**{f"t{i}": 4 for i in range(8)}, "gold": 8})
    assert bag.draw(30).prob(some_absent()) == Fraction(31389, 1708993)
