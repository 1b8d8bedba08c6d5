"""The shared explorer plumbing: holding(), all-or-nothing set_values, sync_figure, layering."""

import ast
from pathlib import Path

import plotly.graph_objects as go
import pytest

from rometools.charts import empty_figure
from rometools.widgets import BoardExplorer, CollectionExplorer, SetupOddsExplorer
from rometools.widgets._base import (
    Chart,
    ChartQueue,
    plain_text,
    sync_figure,
    trace_data,
    whole_number,
)

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


# ----------------------------------------------------------------- sync_figure
def test_sync_figure_replaces_shapes_annotations_titles_and_error_bars():
    old = go.Figure(go.Scatter(x=[0, 1], y=[0.5, 0.25], meta="sim", visible=False,
                               error_y={"type": "data", "array": [0.1, 0.1]}, marker={"symbol": "diamond"}),
                    layout={"template": empty_figure().layout.template, "title": {"text": "old title"},
                            "shapes": [{"type": "line", "x0": 0, "x1": 1, "y0": 0, "y1": 1}],
                            "annotations": [{"text": "old note", "x": 0, "y": 0}],
                            "xaxis": {"range": [0, 9]}})
    fw = go.FigureWidget(empty_figure())
    sync_figure(fw, old)
    uid = fw.data[0].uid
    assert fw.layout.title.text == "old title" and len(fw.layout.shapes) == 1
    new = go.Figure(go.Scatter(x=[0, 1], y=[0.4, 0.6], meta="sim", marker={"size": 7}),
                    layout={"template": empty_figure().layout.template, "yaxis": {"title": {"text": "p"}}})
    sync_figure(fw, new)
    trace = fw.data[0]
    assert (fw.layout.title.text, fw.layout.shapes, fw.layout.annotations) == (None, (), ())
    assert fw.layout.xaxis.range is None and fw.layout.yaxis.title.text == "p"
    assert trace.error_y.array is None and trace.visible is None and trace.marker.symbol is None
    assert list(trace.y) == [0.4, 0.6] and trace.marker.size == 7
    assert trace.uid == uid                  # same traces: updated in place, uid kept
    # a view opened later (Voila) starts from the synced state: nothing old in it
    state = str(fw._widget_layout) + str(fw._widget_data)
    for stale in ("old title", "old note", "diamond", "0.1", "'range'"):
        assert stale not in state
    assert fw._widget_data[0]["y"] == [0.4, 0.6]


def test_sync_figure_swaps_traces_of_another_shape():
    fw = go.FigureWidget(go.Bar(y=[1], meta="a"))
    sync_figure(fw, go.Figure([go.Scatter(y=[2], meta="b"), go.Bar(y=[3], meta="c")]))
    assert [(t.type, t.meta) for t in fw.data] == [("scatter", "b"), ("bar", "c")]
    assert trace_data(fw)["c"]["y"] == [3]
    assert [t["meta"] for t in fw._widget_data] == ["b", "c"]


def test_sync_figure_swaps_a_trace_whose_blank_label_gets_a_text():
    # plotly.js never re-adds the text node of a label restyled from "" to a text
    fw = go.FigureWidget(go.Scatter(y=[1, 2], text=["A", ""], mode="markers+text", meta="m"))
    uid = fw.data[0].uid
    sync_figure(fw, go.Figure(go.Scatter(y=[1, 2], text=["", "B"], mode="markers+text", meta="m")))
    assert fw.data[0].uid != uid and list(fw.data[0].text) == ["", "B"]
    uid = fw.data[0].uid
    sync_figure(fw, go.Figure(go.Scatter(y=[1, 3], text=["", "C"], mode="markers+text", meta="m")))
    assert fw.data[0].uid == uid and list(fw.data[0].text) == ["", "C"]  # no label revived: restyled


# ----------------------------------------------------------------- charts started one at a time
def _drawn_in_browser(fw):
    """What plotly's front end sends once it has drawn a FigureWidget."""
    fw._js2py_traceDeltas = {"trace_deltas": [{"uid": t.uid} for t in fw.data],
                             "trace_edit_id": fw._last_trace_edit_id}


def test_an_explorers_charts_start_one_at_a_time():
    queue = ChartQueue()
    a, b, c = Chart(queue, "rt-a"), Chart(queue, "rt-b"), Chart(queue, "rt-c")
    b.show(go.Figure(go.Bar(y=[2], meta="b")))
    a.show(go.Figure(go.Bar(y=[1], meta="a")))
    assert (a.started, b.started, c.started) == (False, True, False)  # b had a figure first
    assert a.place.children[0].layout.height == "360px" and trace_data(a.figure)["a"]["y"] == [1]
    a.show(go.Figure(go.Bar(y=[5], meta="a"), layout={"height": 500}))  # kept for its start
    assert a.place.children[0].layout.height == "500px"
    fw_b = b.place.children[0]
    assert isinstance(fw_b, go.FigureWidget) and "rt-b" in fw_b._dom_classes
    _drawn_in_browser(fw_b)                  # b drawn: a starts with its last figure
    assert a.started and not c.started and trace_data(a.place.children[0])["a"]["y"] == [5]
    _drawn_in_browser(a.place.children[0])
    assert not c.started and c.figure is None  # nothing to show: no FigureWidget
    c.show(go.Figure(go.Bar(y=[3], meta="c")))
    assert c.started
    a.show(go.Figure(go.Bar(y=[6], meta="a")))  # a started chart shows a figure at once
    assert list(a.widget.data[0].y) == [6]


def test_reading_a_chart_widget_starts_it_at_once():
    queue = ChartQueue()
    a, b = Chart(queue), Chart(queue, "rt-b")
    a.show(go.Figure(go.Bar(y=[1])))
    b.show(go.Figure(go.Bar(y=[2], meta="b")))
    assert not b.started
    assert trace_data(b.widget)["b"]["y"] == [2] and b.place.children == (b.widget,)
    _drawn_in_browser(a.widget)              # nothing left waiting: no error
    assert a.started and b.started


def test_an_explorer_starts_its_first_chart_and_the_others_when_asked():
    ex = BoardExplorer(seed=1, bot="greedy")
    assert ex.set_values(turn=1)
    charts = ex._charts
    assert charts["figure"].started and not charts["score_figure"].started  # no browser reported
    assert ex.start_charts() == [ex.figure, ex.score_figure]
    assert ex.score_figure.layout.shapes[0].x0 == 1  # the last figure shown: turn 1
    with pytest.raises(AttributeError, match="figure is a chart's FigureWidget"):
        ex.figure = go.FigureWidget()


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


@pytest.mark.parametrize("module", ["_base.py", "_charts.py", "_html.py"])
def test_widget_base_imports_no_game(module):
    imported = _imports(ROOT / "rometools" / "widgets" / module)
    games = {m for m in imported if m.startswith("rometools.")  # these are game-agnostic
             and not m.startswith(("rometools.core", "rometools.charts._common", "rometools.widgets._html",
                                   "rometools.widgets._charts"))}
    assert games == set(), f"widgets/{module} must stay game-agnostic, imports {games}"


def test_charts_never_import_widgets():
    for path in (ROOT / "rometools" / "charts").glob("*.py"):
        widgety = {m for m in _imports(path) if m.startswith(("rometools.widgets", "ipywidgets"))}
        assert widgety == set(), f"{path.name} imports {widgety}"
    common = _imports(ROOT / "rometools" / "charts" / "_common.py")
    assert not {m for m in common if m.startswith("rometools.") and not m.startswith("rometools.core")}
