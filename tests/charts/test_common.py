"""The shared chart pieces: template, exact and simulated traces, region and seat colours."""

import itertools
from fractions import Fraction

import pandas as pd
import plotly.graph_objects as go
import pytest

from rometools.caesars_empire.board import Board, BoardPath, City
from rometools.charts import (
    FALLBACK_REGION_COLOUR,
    REGION_COLOURS,
    SEAT_COLOURS,
    TEMPLATE,
    board_figure,
    colour_difference,
    exact_bars,
    new_figure,
    points_distribution_figure,
    region_colour,
    scores_over_turns_figure,
    seat_colour,
    setup_odds_figure,
    simulated_trace,
)
from rometools.charts._common import MIN_SEAT_DIFFERENCE, MIN_SEAT_REGION_DIFFERENCE, _ciede2000
from rometools.core.stats import proportion_estimate


def test_exact_bars_plot_floats_and_keep_the_fraction():
    law = {0: Fraction(1, 7), 3: Fraction(6, 7)}
    bars = exact_bars(law, [0, 1, 3], uid="x-exact")
    assert isinstance(bars, go.Bar)
    assert (bars.name, bars.uid, bars.meta) == ("exact", "x-exact", "x-exact")
    assert list(bars.y) == [1 / 7, 0.0, 6 / 7]
    assert [Fraction(c) for c in bars.customdata] == [Fraction(1, 7), 0, Fraction(6, 7)]
    assert list(bars.hovertext) == ["1/7 (14%)", "0 (never)", "6/7 (86%)"]
    assert list(exact_bars(law, uid="u").x) == [0, 3]


def test_exact_bars_refuse_a_float():
    with pytest.raises(TypeError, match="exact probabilities"):
        exact_bars({1: 0.5}, uid="u")


def test_simulated_trace_carries_wilson_intervals():
    sim = simulated_trace({"a": 12, "c": 3}, 40, ["a", "b", "c"], uid="x-sim", confidence=0.9)
    assert (sim.name, sim.meta) == ("simulated", "x-sim")
    assert list(sim.y) == [12 / 40, 0.0, 3 / 40]
    for k, x in enumerate("abc"):
        e = proportion_estimate({"a": 12, "c": 3}.get(x, 0), 40, confidence=0.9)
        assert sim.error_y.array[k] == pytest.approx(e.high - e.estimate)
        assert sim.error_y.arrayminus[k] == pytest.approx(e.estimate - e.low)
        assert list(sim.customdata[k]) == [e.successes, e.low, e.high]
    assert sim.hovertext[0] == "30% (12 of 40 runs; 90% Wilson interval 20% to 43%)"
    with pytest.raises(ValueError, match="successes <= trials"):
        simulated_trace({"a": 5}, 4, uid="u")


def test_caesars_empire_charts_use_the_shared_template_and_traces():
    fig = setup_odds_figure("gold", players=3, all_tokens_variant=True, trials=50, rng=1)
    assert fig.layout.template.layout.plot_bgcolor == TEMPLATE["layout"]["plot_bgcolor"]
    exact, sim = fig.data
    assert exact.hovertemplate == exact_bars({}, uid="u").hovertemplate
    assert sim.error_y.symmetric is False and sim.marker.symbol == "diamond"
    pts = points_distribution_figure(3, trials=20, rng=2)
    assert [t.meta for t in pts.data] == ["ce-points-exact", "ce-points-simulated"]
    assert new_figure().layout.template.layout.title.x == 0.02


# ----------------------------------------------------------------- colours
@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    # Sharma, Wu and Dalal (2005), Table 1: pairs 1, 7, 17, 19, 25, 33
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_matches_the_published_pairs(lab1, lab2, expected):
    assert _ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_seat_palette_never_reuses_a_region_colour():
    regions = {*REGION_COLOURS.values(), FALLBACK_REGION_COLOUR}
    assert not {c.lower() for c in SEAT_COLOURS} & {c.lower() for c in regions}
    for seat, region in itertools.product(SEAT_COLOURS, regions):
        assert colour_difference(seat, region) >= MIN_SEAT_REGION_DIFFERENCE, (seat, region)
    for a, b in itertools.combinations(SEAT_COLOURS, 2):
        assert colour_difference(a, b) >= MIN_SEAT_DIFFERENCE, (a, b)
    # the old palette drew P2 yellow and P5 green: both now fail the check
    assert colour_difference("#d4a600", REGION_COLOURS["yellow"]) < MIN_SEAT_REGION_DIFFERENCE
    assert colour_difference("#1b7837", REGION_COLOURS["green"]) < MIN_SEAT_REGION_DIFFERENCE


def test_seat_colour_cycles_and_refuses_a_bad_seat():
    assert [seat_colour(s) for s in range(5)] == list(SEAT_COLOURS)
    assert seat_colour(len(SEAT_COLOURS)) == SEAT_COLOURS[0]
    for bad in (-1, 1.0, True, "P1"):
        with pytest.raises(ValueError, match="a seat is a whole number"):
            seat_colour(bad)


def test_region_colour_names_any_case_and_fallback():
    assert region_colour("Purple") == region_colour(" purple ") == REGION_COLOURS["purple"]
    assert region_colour("italia") == FALLBACK_REGION_COLOUR
    with pytest.raises(ValueError, match="#rrggbb"):
        colour_difference("red", "#ffffff")


def test_an_unknown_region_colour_draws_with_the_fallback():
    board = Board("odd colours", "2-3",
                  [City("capua", "Capua", "italia", 2, (0.6, 0.4)), City("ostia", "Ostia", "Red", 1, (0.3, 0.5))],
                  [BoardPath(("rome", "capua"), 1), BoardPath(("rome", "ostia"), 1)],
                  rome_position=(0.5, 0.5))
    fig = board_figure(board, roads={frozenset({"rome", "ostia"}): 1})
    cities = next(t for t in fig.data if t.meta == "ce-board-cities")
    assert list(cities.marker.color) == [FALLBACK_REGION_COLOUR, REGION_COLOURS["red"]]
    assert "italia 2" in cities.hovertext[0]  # the name the file gave is still shown
    roads = next(t for t in fig.data if t.meta == "ce-board-roads-1")
    assert roads.line.color == seat_colour(1)
    assert fig.layout.template.layout.plot_bgcolor == "white"


def test_scores_over_turns_draws_an_all_or_nothing_bonus_as_who_holds_it():
    # P1 holds the 10-point bonus after turns 0-1, P2 after 2, both after 3 (a tie)
    h = pd.DataFrame({"Turn": [0, 0, 1, 1, 2, 2, 3, 3], "Player": ["P1", "P2"] * 4,
                      "Total": [10, 0, 12, 0, 2, 10, 14, 12], "Bonus": [10, 0, 10, 0, 0, 10, 10, 10]})
    fig = scores_over_turns_figure(h, ["Bonus"], current_turn=2, held=["Bonus"])
    traces = {t.meta: t for t in fig.data}
    assert list(traces["scores-Total-P1"].y) == [10, 12, 2, 14]               # points, as before
    p1, p2 = traces["scores-Bonus-P1"], traces["scores-Bonus-P2"]
    assert list(p1.x) == [0, 2, None, 3, 4, None] and list(p1.y) == [2, 2, None, 2, 2, None]
    assert list(p2.x) == [2, 4, None] and list(p2.y) == [1, 1, None]         # one run over turns 2-3
    assert fig.layout.xaxis2.title.text == "turn"
    assert list(fig.layout.yaxis2.ticktext) == ["P1", "P2"] and list(fig.layout.yaxis2.tickvals) == [2, 1]
    assert "who holds its 10 points" in fig.layout.annotations[1].text
    plain = scores_over_turns_figure(h, ["Bonus"])                              # not declared held: points
    assert list({t.meta: t for t in plain.data}["scores-Bonus-P1"].y) == [10, 10, 0, 10]
    with pytest.raises(ValueError, match=r"Total is drawn as who holds it, but takes 5 values"):
        scores_over_turns_figure(h, ["Total"], held=["Total"])
    with pytest.raises(ValueError, match=r"held categories \['Cities'\] are not among \['Bonus'\]"):
        scores_over_turns_figure(h, ["Bonus"], held=["Cities"])
