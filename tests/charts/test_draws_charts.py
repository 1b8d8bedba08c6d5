"""Draw-odds charts: exact values in fig.data, simulated overlays, titles and axes with units."""

from fractions import Fraction

import pytest

from rometools.charts import draw_law_figure, prob_curve_figure
from rometools.charts._common import EXACT_COLOUR, SIMULATED_COLOUR
from rometools.draws import Bag, at_least, some_absent

COLOURS = Bag({"red": 3, "green": 2, "yellow": 1})


def by_meta(fig):
    return {t.meta: t for t in fig.data}


def test_law_figure_exact_bars_of_one_kind():
    fig = draw_law_figure(COLOURS, 3, "red")
    (bars,) = fig.data
    assert bars.meta == "dr-law-exact" and bars.name == "exact" and bars.type == "bar"
    assert list(bars.x) == [0, 1, 2, 3]
    # C(3, r) C(3, 3 - r) / C(6, 3): 1, 9, 9, 1 of 20
    assert list(bars.customdata) == ["1/20", "9/20", "9/20", "1/20"]
    assert list(bars.y) == [0.05, 0.45, 0.45, 0.05]
    assert bars.marker.color == EXACT_COLOUR
    assert fig.layout.title.text == "How many red in 3 draws (without replacement)"
    assert fig.layout.xaxis.title.text == "red drawn (tokens)"
    assert fig.layout.yaxis.title.text == "probability"
    assert fig.layout.showlegend is True


def test_law_figure_pools_a_collection_of_kinds():
    fig = draw_law_figure(COLOURS, 3, ["red", "green"])
    # 5 red-or-green of 6: 3 of them with C(5, 3) = 10 of 20 draws, else 2
    assert list(fig.data[0].customdata) == ["0", "0", "1/2", "1/2"]
    assert fig.layout.xaxis.title.text == "red + green drawn (tokens)"


def test_law_figure_with_replacement_is_binomial():
    fig = draw_law_figure(Bag({"six": 1, "other": 5}), 3, "six", replace=True, label="sixes")
    assert [Fraction(c) for c in fig.data[0].customdata] == [
        Fraction(125, 216), Fraction(75, 216), Fraction(15, 216), Fraction(1, 216)]
    assert fig.layout.title.text == "How many sixes in 3 draws (with replacement)"


def test_law_figure_simulated_overlay_is_seeded_and_brackets_the_exact_law():
    fig = draw_law_figure(COLOURS, 3, "red", trials=3000, rng=11, confidence=0.999)
    exact, sim = by_meta(fig)["dr-law-exact"], by_meta(fig)["dr-law-simulated"]
    assert sim.name == "simulated" and sim.marker.color == SIMULATED_COLOUR
    assert list(sim.x) == list(exact.x)
    assert sum(c[0] for c in sim.customdata) == 3000
    assert sum(sim.y) == pytest.approx(1)
    for p, (_, low, high) in zip(exact.customdata, sim.customdata, strict=True):
        assert low <= float(Fraction(p)) <= high
    assert len(sim.error_y.array) == 4 and len(sim.error_y.arrayminus) == 4
    again = draw_law_figure(COLOURS, 3, "red", trials=3000, rng=11, confidence=0.999)
    assert list(again.data[1].y) == list(sim.y)
    other = draw_law_figure(COLOURS, 3, "red", trials=3000, rng=12, confidence=0.999)
    assert list(other.data[1].y) != list(sim.y)


def test_curve_figure_exact_curve_and_the_asked_draws():
    fig = prob_curve_figure(COLOURS, some_absent(), n=3, label="some colour missing")
    curve, at_n = by_meta(fig)["dr-curve"], by_meta(fig)["dr-curve-at-n"]
    assert list(curve.x) == [0, 1, 2, 3, 4, 5, 6]
    assert list(curve.customdata) == ["1", "1", "1", "7/10", "2/5", "1/6", "0"]
    assert curve.line.color == EXACT_COLOUR and curve.name == "exact"
    assert list(at_n.x) == [3] and list(at_n.customdata) == ["7/10"] and list(at_n.y) == [0.7]
    assert at_n.name == "exact at 3 draws"
    assert fig.layout.title.text == "P(some colour missing) by number of draws (without replacement)"
    assert fig.layout.xaxis.title.text == "draws (tokens drawn)"
    assert fig.layout.yaxis.title.text == "probability"
    assert tuple(fig.layout.yaxis.range) == (0, 1.05)


def test_curve_figure_simulated_point_is_the_draws_twin():
    cond = at_least("red", 1) & at_least("green", 1)
    fig = prob_curve_figure(COLOURS, cond, n=3, trials=2000, rng=5)
    sim = by_meta(fig)["dr-curve-simulated"]
    est = COLOURS.draw(3).simulate(2000, rng=5).prob(cond)
    assert sim.name == "simulated at 3 draws" and sim.marker.color == SIMULATED_COLOUR
    assert list(sim.x) == [3] and list(sim.y) == [est.estimate]
    assert list(sim.customdata[0]) == [est.successes, est.low, est.high]
    assert est.contains(Fraction(3, 4))
    # the law chart with the same seed reads the same simulated draws
    law = draw_law_figure(COLOURS, 3, "red", trials=2000, rng=5)
    assert [c[0] for c in law.data[1].customdata] == [
        int((COLOURS.draw(3).simulate(2000, rng=5).counts[:, 0] == r).sum()) for r in range(4)]


def test_curve_figure_with_replacement_runs_to_twice_the_draws():
    fig = prob_curve_figure(COLOURS, some_absent(), n=8, replace=True)
    assert list(fig.data[0].x) == list(range(17))
    assert fig.data[1].customdata[0] == str(COLOURS.draw(8, replace=True).prob(some_absent()))
    assert fig.layout.title.text.endswith("(with replacement)")


def test_curve_figure_keeps_long_fractions_out_of_the_hover_but_not_out_of_the_asked_point():
    big = Bag({"a": 100, "b": 100})
    fig = prob_curve_figure(big, at_least("a", 50), n=120)
    assert "" in list(fig.data[0].customdata)  # too long for a hover
    assert Fraction(fig.data[1].customdata[0]) == big.draw(120).prob(at_least("a", 50))


def test_curve_figure_refuses_draws_beyond_the_curve():
    with pytest.raises(ValueError, match="n must be 0 to 6"):
        prob_curve_figure(COLOURS, some_absent(), n=7)
    with pytest.raises(ValueError, match="cannot draw 7 tokens from a bag of 6"):
        draw_law_figure(COLOURS, 7, "red")
    with pytest.raises(ValueError, match="'purple' is not a kind of this bag"):
        draw_law_figure(COLOURS, 3, "purple")


def test_a_long_condition_wraps_the_title_and_makes_room_for_it():
    words = "at least 1 red and at least 1 green or exactly 0 yellow and at most 2 red"
    fig = prob_curve_figure(COLOURS, some_absent(), n=3, label=words)
    lines = fig.layout.title.text.split("<br>")
    assert len(lines) == 2 and all(len(line) <= 70 for line in lines)
    assert " ".join(lines) == f"P({words}) by number of draws (without replacement)"
    # two title lines and a legend row above the plot; the plot keeps its 280 pixels
    # (and the 14 pixels plotly.js draws a title of several lines higher: legend_above's padding)
    assert fig.layout.margin.t == 12 + 14 + 2 * 24 + 24 + 6 and fig.layout.height - fig.layout.margin.t == 340 - 60
