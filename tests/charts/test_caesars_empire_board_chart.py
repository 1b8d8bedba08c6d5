"""The board figure draws exactly what it is given (asserted on fig.data)."""

import pytest

from rometools.caesars_empire.board import Board, BoardPath, City
from rometools.charts.caesars_empire_board import SEAT_COLOURS, board_figure


@pytest.fixture
def tiny():
    return Board("tiny", "2-3",
                 [City("capua", "Capua", "red", 2, (0.6, 0.4)), City("neapolis", "Neapolis", "blue", 5, (0.8, 0.2)),
                  City("ostia", "Ostia", "red", 1, (0.3, 0.5))],
                 [BoardPath(("rome", "capua"), 1), BoardPath(("capua", "neapolis"), 2),
                  BoardPath(("rome", "ostia"), 2)],
                 rome_position=(0.5, 0.5))


def trace(fig, uid):
    return next(t for t in fig.data if t.uid == uid)


def test_paths_split_by_cost_and_owner(tiny):
    fig = board_figure(tiny, roads={frozenset({"rome", "capua"}): 1}, players=["Purple", "Yellow"])
    # one unbuilt 1-Road path left? no: rome-capua is built; so 1-Road trace is empty
    assert [v for v in trace(fig, "ce-board-paths-1").x if v is not None] == []
    assert [v for v in trace(fig, "ce-board-paths-2").x if v is not None] == [0.6, 0.8, 0.5, 0.3]
    yellow = trace(fig, "ce-board-roads-1")
    assert list(yellow.x) == [0.5, 0.6, None] and yellow.line.color == SEAT_COLOURS[1]
    assert yellow.name == "Yellow Roads"
    assert list(trace(fig, "ce-board-roads-0").x) == []
    assert list(trace(fig, "ce-board-cost-2").text) == ["2", "2"]


def test_cities_sized_by_value_coloured_and_crossed_out_when_captured(tiny):
    fig = board_figure(tiny, treasures={"capua": "gems", "neapolis": "gold", "ostia": "meat"},
                       captured={"ostia": 0}, vocabulary="riches", selected="capua")
    cities = trace(fig, "ce-board-cities")
    assert list(cities.customdata) == ["capua", "neapolis", "ostia"]
    assert list(cities.text) == ["Precious Stones", "Gold Coins", ""]
    assert list(cities.marker.symbol) == ["circle", "circle", "circle-x"]
    sizes = list(cities.marker.size)
    assert sizes[1] > sizes[0] and sizes[2] == 14   # by value; a taken city at least 14 px, so its cross shows
    assert list(cities.marker.line.width) == [4, 1, 1]
    assert "tokens taken by P1" in cities.hovertext[2] and "ostia" not in cities.hovertext[2]
    assert list(trace(fig, "ce-board-rome").x) == [0.5]


def test_highlight_and_scoring_chains(tiny):
    fig = board_figure(tiny, highlight=[["rome", "capua", "neapolis"]], scoring=[["neapolis", "capua", "rome"]])
    assert list(trace(fig, "ce-board-highlight").x) == [0.5, 0.6, None, 0.6, 0.8, None]
    assert list(trace(fig, "ce-board-scoring").x) == [0.8, 0.6, None, 0.6, 0.5, None]


def test_unknown_location_raises(tiny):
    with pytest.raises(KeyError, match="carthago"):
        board_figure(tiny, highlight=[["rome", "carthago"]])


def test_labels_by_name_or_both(tiny):
    fig = board_figure(tiny, treasures={"capua": "gems"}, captured=["ostia"], labels="name")
    assert list(trace(fig, "ce-board-cities").text) == ["Capua", "Neapolis", "Ostia"]
    fig = board_figure(tiny, treasures={"capua": "gems"}, captured=["ostia"], labels="both")
    assert list(trace(fig, "ce-board-cities").text) == ["Capua<br>Gems", "Neapolis", "Ostia"]
    with pytest.raises(ValueError, match="labels must be"):
        board_figure(tiny, labels="colour")
