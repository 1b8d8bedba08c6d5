"""DiceOddsExplorer without a browser: set control values, assert on the chart, the table and the answer."""

from fractions import Fraction

import icepool
import pytest

from rometools.draws import Die, Pool, count, highest, total
from rometools.widgets import DiceOddsExplorer


def controls(ex):
    return {name: (getattr(w, "value", None), getattr(w, "disabled", None)) for name, w in ex._controls.items()}


def exact_law(ex):
    data = ex.figure_data()["di-law-exact"]
    return {x: Fraction(c) for x, c in zip(data["x"], data["customdata"], strict=True) if Fraction(c)}


def test_opens_on_four_d6_drop_the_lowest():
    ex = DiceOddsExplorer(trials=0)
    d = icepool.d6.pool(4).highest(3).sum()
    assert exact_law(ex) == {k: Fraction(d.quantity(k), d.denominator()) for k in d.outcomes()}
    data = ex.figure_data()
    assert ex.view.at_least == Fraction(25, 108)
    assert data["title"] == "The sum of the 3 highest: 4d6"
    assert "P(the sum of the 3 highest of 4d6 ≥ 15) = 25/108" in data["summary"]
    assert "mean 15869/1296 ≈ 12.24 (exact)" in data["summary"]
    assert data["table"].startswith("value exact % at least")
    assert "18 7/432 1.62% 1.62%" in data["table"]
    assert data["message"] == ""
    assert ex._faces.disabled and not ex._keep.disabled


def test_the_simulation_is_the_pools_seeded_twin():
    ex = DiceOddsExplorer(trials=3000, seed=5)
    sim = Pool([Die.d(6)] * 4).simulate(3000, rng=5).law(highest(3))
    data = ex.figure_data()["di-law-simulated"]
    shown = {x: round(y * 3000) for x, y in zip(data["x"], data["y"], strict=True) if y}
    assert shown == {v: e.successes for v, e in sim.items()}
    hits = sum(e.successes for v, e in sim.items() if v >= 15)
    assert f"simulated: {hits:,} of 3,000 rolls reach 15" in ex.figure_data()["summary"]
    assert DiceOddsExplorer(trials=3000, seed=6).figure_data()["di-law-simulated"] != data


@pytest.mark.parametrize("statistic, keep, expected", [
    ("total", 1, total()), ("highest", 2, highest(2)), ("lowest", 1, None), ("maximum", 1, None)])
def test_each_statistic_of_a_mixed_pool(statistic, keep, expected):
    ex = DiceOddsExplorer(trials=0)
    assert ex.set_values(pool="2d6 + d8 + d10", statistic=statistic, keep=keep), ex.message
    pool = Pool([Die.d(6), Die.d(6), Die.d(8), Die.d(10)])
    if expected is not None:
        assert exact_law(ex) == pool.law(expected)
    assert sum(exact_law(ex).values()) == 1


def test_successes_on_symbol_dice_and_rerolls():
    ex = DiceOddsExplorer(trials=0)
    assert ex.set_values(pool="5[hit, hit, miss]", statistic="count", faces="hit", target=3)
    assert ex.view.at_least == Fraction(64, 81)
    assert not ex._faces.disabled and ex._keep.disabled
    assert ex.set_values(pool="3d6", statistic="total", reroll="1", target=10)
    assert exact_law(ex) == Pool([Die.d(6).reroll(1)] * 3).law(total())
    assert "re-rolling 1 once" in ex.figure_data()["title"]


def test_refusals_name_the_field_and_keep_the_view():
    ex = DiceOddsExplorer(trials=0)
    before, shown = controls(ex), ex.figure_data()
    for values, words in [
        ({"pool": "2d6 + 3x"}, "Pool: '3x' is not a die"),
        ({"pool": "70d6"}, "Pool: a pool here holds at most 60 dice"),
        ({"pool": "2[hit, miss]", "statistic": "total"}, "Statistic: the total reads numbers, but the face"),
        ({"keep": 5}, "Keep: the pool has 4 dice, so keep 1 to 4, got 5"),
        ({"statistic": "count", "faces": "7"}, "Faces counted: '7' is not a face of the pool"),
        ({"reroll": "0"}, "Re-roll once: '0' is not a face of the pool"),
        ({"trials": 1}, "Simulated rolls must be 0 (no simulation) or 2 or more"),
        ({"pool": "d200"}, "Pool: a die here has at most 120 faces"),
        ({"statistic": "median"}, "Statistic must be one of total, highest"),
    ]:
        assert not ex.set_values(**values), values
        assert words in ex.message, (values, ex.message)
        assert controls(ex) == before and ex.figure_data()["di-law-exact"] == shown["di-law-exact"]


def test_a_pool_too_large_for_exact_odds_says_so():
    ex = DiceOddsExplorer(trials=0)
    assert not ex.set_values(pool="60d120", statistic="highest", keep=30)
    assert "too large for exact odds here" in ex.message


def test_the_twin_of_a_count_matches():
    ex = DiceOddsExplorer(pool="6d10", statistic="count", faces="8, 9, 10", target=3, trials=2000, seed=2)
    assert exact_law(ex) == Pool([Die.d(10)] * 6).law(count([8, 9, 10]))
    assert ex.figure_data()["di-law-simulated"]["name"] == "simulated"
