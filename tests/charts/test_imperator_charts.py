"""IMPERATOR charts: the region board and the reward-tile odds, asserted on fig.data."""

from __future__ import annotations

from fractions import Fraction

from rometools.charts import region_board_figure, seat_colour, tile_odds_figure
from rometools.imperator import load_board


def trace(fig, meta):
    return next(t for t in fig.data if t.meta == meta)


def test_region_board_figure_draws_regions_arrows_workers_and_the_track():
    b = load_board()
    lay = b.layout(5)
    fig = region_board_figure(b, lay, tiles={"latium": (1, "points per Wood"), "samnium": (5, "15 Denarii")},
                              occupants={"latium": (0, 2), "samnium": (4, 5)}, move=("umbria", "samnium"),
                              removed=(2, 3), track=[0, 1, 8, 9, 0], gained=[0, 1, 0, 0, 0])
    regions = trace(fig, "im-regions")
    assert list(regions.customdata) == list(lay.regions) and "no tile" in regions.text[1]
    arrows = trace(fig, "im-arrows")
    assert len(arrows.x) == 3 * sum(len(v) for v in lay.successors.values())      # a segment and a gap each
    assert list(arrows.marker.symbol[:3]) == ["circle", "arrow", "circle"]
    assert len(trace(fig, "im-move").x) == 3
    assert [list(c) for c in trace(fig, "im-workers").customdata] == [["latium", 0, 2], ["samnium", 4, 5]]
    assert list(trace(fig, "im-workers").marker.color) == [seat_colour(0), seat_colour(4)]
    assert list(trace(fig, "im-markers").text) == ["1", "5"]
    assert trace(fig, "im-markers").x[0] < 0.1 < trace(fig, "im-markers").x[1]   # a 1 on the left, a 5 right
    assert [list(c) for c in trace(fig, "im-cubes").customdata] == [[0, 0, 0], [1, 1, 1], [2, 8, 0], [3, 8, 0],
                                                                     [4, 0, 0]]   # a cube stays on the last space
    assert list(trace(fig, "im-track").text) == [str(p) for p in b.track]
    assert list(trace(fig, "im-removed").customdata) == [[2, 3]]
    placed = region_board_figure(b, lay, move=("latium", "latium"))
    assert list(trace(placed, "im-move").x) == [] and trace(placed, "im-regions").marker.line.width[0] == 4


def test_tile_odds_figure_groups_exact_bars_and_simulated_markers_by_kind():
    fig = tile_odds_figure({"propraetor": [Fraction(7, 20), Fraction(1, 4)], "usable_once": [1, Fraction(1, 2)]},
                           simulated={"propraetor": [70, 52], "usable_once": [200, 99]}, trials=200, what="revealed")
    assert [t.meta for t in fig.data] == ["im-odds-propraetor", "im-odds-usable_once", "im-odds-sim-propraetor",
                                          "im-odds-sim-usable_once"]
    assert list(fig.data[0].x) == [1, 2] and list(fig.data[0].customdata) == ["7/20", "1/4"]
    assert fig.data[2].offsetgroup == "propraetor" and fig.layout.scattermode == "group"
    assert list(fig.data[2].y) == [0.35, 0.26] and fig.data[2].error_y.array is not None
    assert fig.layout.yaxis.title.text == "P(revealed)"
