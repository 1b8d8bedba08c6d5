"""The shared explorer plumbing: holding(), all-or-nothing set_values, charts, layering."""

import ast
import json
from pathlib import Path

import plotly.graph_objects as go
import pytest

from rometools.widgets import BoardExplorer, CollectionExplorer, SetupOddsExplorer
from rometools.widgets._base import (
    Chart,
    plain_text,
    trace_data,
    whole_number,
)
from rometools.widgets._charts import plotly_js

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def board():
    return BoardExplorer(seed=1, bot="greedy")


def board_view(ex):
    """Everything a user sees of a BoardExplorer's game: controls, state, chart, tables."""
    return {
        "controls": {name: getattr(w, "value", None) for name, w in ex._controls.items()},
        "players": tuple(ex._players.options), "turn_max": ex._turn.max,
        "state": ex.state, "turns": ex.turns, "chart": ex.figure_data(),
        "title": ex.figure.layout.title.text, "tables": (ex._last_move.value, ex._scores.value),
    }


# ----------------------------------------------------------------- holding()
def test_holding_restores_every_control_and_the_model_on_error(board):
    board.set_values(turn=6, city=None)
    before, states, figure = board_view(board), board._states, board.figure_data()
    with pytest.raises(RuntimeError, match="downstream"), board.holding():
        board._seed.value = 77                 # no replay while holding
        board._players.options = [2, 3, 4, 5]
        board._players.value = 5
        board._turn.max, board._turn.value = 3, 2
        board._city.options = []
        board._states = []
        assert board.figure_data() == figure    # nothing redrawn inside the block
        raise RuntimeError("downstream failed")
    assert board_view(board) == before
    assert board._states is states and board._hold is False


def test_holding_nests_and_keeps_changes_without_error():
    ex = SetupOddsExplorer(trials=0)
    figure = ex.figure_data()
    with ex.holding():
        with ex.holding():
            ex.seed_input.value = 5
        assert ex._hold is True
        ex.kind_input.value = "wine"
    assert ex._hold is False
    assert (ex.seed_input.value, ex.kind_input.value) == (5, "wine")
    assert ex.figure_data() == figure        # held: the chart waits for update()
    assert ex.update() and ex.figure_data()["title"].startswith("Wine")


def test_holding_can_restore_to_the_last_good_view(board):
    board.set_values(seed=1, turn=4)
    good = board._good
    with board.holding():
        board._seed.value = 3                 # a change kept without redrawing...
    with pytest.raises(ValueError), board.holding(restore_to=good):
        raise ValueError("bad")             # ...then a failure puts back the last good view
    assert board._seed.value == 1 and board.seed == 1


# ----------------------------------------------------------------- all-or-nothing set_values
def test_seed_and_an_impossible_turn_change_nothing(board):
    board.set_values(seed=1, turn=10)
    before = board_view(board)
    assert board.set_values(seed=5, turn=999) is False
    assert "Turn must be 0 to 40 (this game has 40 turns), got 999" in board.message
    after = board_view(board)
    assert after["controls"]["seed"] == 1 and board.seed == 1
    assert after == before                   # seed box, state and chart all at seed 1, turn 10
    assert board.set_values(seed=5, turn=12)  # the same seed with a possible turn plays seed 5
    assert board.seed == 5 and board.state != before["state"]
    board.set_values(seed=1)


@pytest.mark.parametrize("values", [
    {"bot": "random", "city": "atlantis"},
    {"players": 5, "bots": ["greedy", "random"]},
    {"board": "/no/such/board.toml", "seed": 9},
    {"seed": 3, "gold": "double"},
    {"vocabulary": "riches", "labels": "colour"},
])
def test_board_explorer_changes_all_or_nothing(board, values):
    board.set_values(turn=3)
    before = board_view(board)
    assert board.set_values(**values) is False
    assert board.message.startswith("Cannot update:")
    assert board_view(board) == before


def test_collection_explorer_all_or_nothing():
    ex = CollectionExplorer()

    def shown():
        data = ex.figure_data()
        data.pop("message")
        return ex.counts, ex.city_input.value, ex.vocabulary, data

    before = shown()
    assert ex.set_values(counts={"grapes": 1}, vocabulary="riches", city_tokens="red:x") is False
    assert "'x' is not a whole number" in ex.message
    assert shown() == before
    assert ex.counts_inputs["gems"].description == "Gems"   # not relabelled to Riches
    assert ex.set_values(counts={"grapes": 1}, tables={"gold": "0, 4, nine"}) is False
    assert ex.counts["grapes"] == 3 and "nine" in ex.message


def test_setup_odds_explorer_all_or_nothing():
    ex = SetupOddsExplorer(trials=100, seed=2)

    def shown():
        data = ex.figure_data()
        data.pop("message")
        return {n: w.value for n, w in ex._controls.items()}, data

    before = shown()
    for values in ({"players": 2, "kind": "saffron"}, {"seed": 4, "trials": 10**6},
                   {"kind": "wine", "players": 7}, {"vocabulary": "latin", "seed": 1}):
        assert ex.set_values(**values) is False
        assert shown() == before
    assert ex.set_values(trials=-1) is False
    assert "Simulated set-ups must be a whole number 0 to 50,000, got -1" in ex.message


def test_whole_number_names_the_field():
    assert whole_number("trials", 0, 0, 5) == 0
    for bad in (True, 2.0, "2", -1, 6):
        with pytest.raises(ValueError, match=r"^trials must be a whole number 0 to 5, got"):
            whole_number("trials", bad, 0, 5)


@pytest.mark.parametrize("markup,text", [
    ("No seat advantage? p < 0.0001 (the seats differ).<br><small>about 1,799.</small>",
     "No seat advantage? p < 0.0001 (the seats differ). about 1,799."),     # a stray "<" is text
    ("a<3 and 2<b>c</b><BR/>d", "a<3 and 2c d"),                          # "<b" opens a tag, as in HTML
    ("x &lt; 0 <!-- a <b>note</b> --><i>y</i> > z", "x < 0 y > z"),
    ("<div style='color:red'><b>Cannot update:</b> 5 < 6</div>", "Cannot update: 5 < 6"),
])
def test_plain_text_removes_tags_only(markup, text):
    assert plain_text(markup) == text


# ----------------------------------------------------------------- charts
class Sent:
    """What a widget sends to the browser (its comm messages), recorded instead of sent."""

    def __init__(self, widget):
        self.messages: list[tuple[dict, list]] = []
        widget._send = lambda msg, buffers=None: self.messages.append((msg, list(buffers or [])))
        widget.send = lambda content, buffers=None: self.messages.append(
            ({"method": "custom", "content": content}, list(buffers or [])))

    def states(self) -> list[dict]:
        """Each update's state, with a binary value (sent as a buffer) as ``"<bytes>"``."""
        return [{**m["state"], **{path[0]: "<bytes>" for path in m.get("buffer_paths", [])}}
                for m, _ in self.messages if m.get("method") == "update"]


def _figure_of(chart) -> dict:
    return json.loads(bytes(chart.source.figure))


def test_a_chart_sends_each_whole_figure_in_one_message_and_its_view_nothing():
    chart = Chart("rt-a")
    source, view = Sent(chart.source), Sent(chart.view)
    old = go.Figure(go.Scatter(x=[0, 1], y=[0.5, 0.25], meta="sim", error_y={"type": "data", "array": [0.1, 0.1]}),
                    layout={"title": {"text": "old title"}, "shapes": [{"type": "line", "x0": 0, "x1": 1}],
                            "annotations": [{"text": "old note", "x": 0, "y": 0}]})
    chart.show(old)
    chart.show(go.Figure(go.Scatter(x=[0, 1], y=[0.4, 0.6], meta="sim"), layout={"yaxis": {"title": {"text": "p"}}}))
    assert source.states() == [{"figure": "<bytes>", "revision": 1}, {"figure": "<bytes>", "revision": 2}]
    new = _figure_of(chart)                  # the browser draws this whole (Plotly.react): nothing old survives
    assert new["data"] == [{"type": "scatter", "x": [0, 1], "y": [0.4, 0.6], "meta": "sim"}]
    assert set(new["layout"]) - {"template"} == {"yaxis"} and chart.source.revision == 2
    assert trace_data(chart.figure)["sim"]["y"] == [0.4, 0.6]
    chart.computing()
    chart.settled()
    assert source.states()[-2:] == [{"status": "computing"}, {"status": "ready"}]
    assert view.messages == [] and "rt-a" in chart.view._dom_classes  # classes given at construction


def test_a_chart_sends_plotly_js_when_a_page_asks_and_keeps_what_the_page_reports():
    chart = Chart()
    source = Sent(chart.source)
    chart.source._handle_custom_msg({"kind": "plotly.js?"}, [])
    chart.source._handle_custom_msg({"kind": "plotly.js?", "bundle": "cartesian"}, [])
    (full, full_buffers), (cartesian, cartesian_buffers) = source.messages
    assert full["content"]["kind"] == "plotly.js" and full["content"]["bundle"] == "full"
    assert len(full_buffers) == 1 and full_buffers[0] == plotly_js()[1] == plotly_js("full")[1]
    assert cartesian["content"]["bundle"] == "cartesian" and cartesian_buffers[0] == plotly_js("cartesian")[1]
    assert len(cartesian_buffers[0]) < len(full_buffers[0]) / 3   # 1.5 MB against 4.8 MB
    chart.source._handle_custom_msg({"kind": "drawn", "revision": 3}, [])
    chart.source._handle_custom_msg({"kind": "drawn", "revision": 2}, [])   # an older view's report
    chart.source._handle_custom_msg({"kind": "failed", "revision": 4, "error": "x" * 1000}, [])
    chart.source._handle_custom_msg(["not", "a", "dict"], [])
    assert chart.drawn_revision == 3 and chart.failures == [{"revision": 4, "error": "x" * 300}]


def test_a_click_reaches_its_handler_only_for_a_point_the_chart_shows():
    chart = Chart()
    clicked = []
    chart.on_click("cities", clicked.append)
    chart.source._handle_custom_msg({"kind": "click", "meta": "cities", "index": 0}, [])  # nothing shown yet
    chart.show(go.Figure([go.Scatter(x=[1, 2, 3], meta="cities"), go.Scatter(x=[1], meta="rome")]))
    for meta, index in [("cities", 2), ("cities", 3), ("cities", -1), ("cities", True), ("cities", "1"),
                        ("cities", None), ("rome", 0), (None, 0), (["cities"], 0), ("cities", 1)]:
        chart.source._handle_custom_msg({"kind": "click", "meta": meta, "index": index}, [])
    assert clicked == [2, 1]


def test_an_explorer_says_computing_before_it_computes_and_ready_after():
    ex = SetupOddsExplorer(trials=0)
    source = Sent(ex._charts["figure"].source)
    assert ex.set_values(players=4)
    first, second = source.states()
    assert first == {"status": "computing"} and second == {"figure": "<bytes>", "revision": 2, "status": "ready"}
    assert ex.set_values(players=9) is False  # refused before computing: nothing sent
    assert len(source.states()) == 2
    assert ex.figure is ex._charts["figure"].figure and "4 players" in ex.figure.layout.title.text
    with pytest.raises(AttributeError, match="figure is the figure a chart shows"):
        ex.figure = go.Figure()
    collection = CollectionExplorer()
    sources = [Sent(chart.source) for chart in collection._charts.values()]
    collection.counts_inputs["grapes"].value = 9  # typed; refused while computing (4 Grapes at most)
    assert "Cannot update" in collection.message
    for sent in sources:                     # each chart said so, then went back to its figure
        assert sent.states() == [{"status": "computing"}, {"status": "ready"}]


def test_board_explorer_refresh_leaves_no_highlight_of_the_previous_city(board):
    board.set_values(turn=0, city="capua")
    assert board.figure_data()["ce-board-highlight"]["x"]
    board.set_values(turn=40)                # game over: nothing to highlight
    assert board.figure_data()["ce-board-highlight"]["x"] == []
    assert board.figure.layout.title.text.endswith("turn 40 of 40")


# ----------------------------------------------------------------- layering
def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("module", ["_base.py", "_charts.py", "_html.py", "_inputs.py"])
def test_widget_base_imports_no_game(module):
    imported = _imports(ROOT / "rometools" / "widgets" / module)
    games = {m for m in imported if m.startswith("rometools.")  # these are game-agnostic
             and not m.startswith(("rometools.core", "rometools.charts._common", "rometools.widgets._html",
                                   "rometools.widgets._charts", "rometools.widgets._inputs"))}
    assert games == set(), f"widgets/{module} must stay game-agnostic, imports {games}"


def test_charts_never_import_widgets():
    for path in (ROOT / "rometools" / "charts").glob("*.py"):
        widgety = {m for m in _imports(path) if m.startswith(("rometools.widgets", "ipywidgets"))}
        assert widgety == set(), f"{path.name} imports {widgety}"
    # The game-agnostic chart modules (_common and the export and label helpers split out of it)
    # import nothing of rometools beyond core and one another.
    agnostic = ("_common", "export", "labels")
    allowed = ("rometools.core",) + tuple(f"rometools.charts.{m}" for m in agnostic)
    for name in agnostic:
        imported = _imports(ROOT / "rometools" / "charts" / f"{name}.py")
        assert not {m for m in imported if m.startswith("rometools.") and not m.startswith(allowed)}, name
