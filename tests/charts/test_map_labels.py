"""No two labels of a board map overlap: every bundled board of every registered game whose explorer
draws one, checked once over the registry (a trial read Mediolanum over Patavium, and Roma against Tibur,
on Via Romana's board when its size was the page's)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from rometools.charts.labels import _overlap, label_boxes
from rometools.core.explorers import explorers
from rometools.core.registry import games


def _overlaps(boxes: dict) -> list[tuple[str, str]]:
    return [(a, b) for (a, box_a), (b, box_b) in combinations(boxes.items(), 2) if _overlap(box_a, box_b) > 0]


def test_label_boxes_are_where_plotly_draws_them_and_an_overlap_is_found():
    import plotly.graph_objects as go

    fig = go.Figure(go.Scatter(x=[0.5, 0.52], y=[0.5, 0.5], mode="markers+text", text=["Roma", "Tibur"], meta="c",
                               textposition=["top center", "top center"], marker={"size": 20}))
    fig.update_layout(width=420, height=420, margin={"l": 10, "r": 10, "t": 10, "b": 10},
                      xaxis={"range": [0, 1]}, yaxis={"range": [0, 1], "scaleanchor": "x"})
    # 400 px a unit; a 12 px label 0.61 x 12 px a character wide, 15.6 px high, 12 px above its point (radius 10 + 2)
    boxes = label_boxes(fig)
    assert boxes == {"c[0]": (185.3, 212.0, 214.7, 227.6), "c[1]": (189.7, 212.0, 226.3, 227.6)}
    assert _overlaps(boxes) == [("c[0]", "c[1]")]


def test_no_two_labels_overlap_on_any_bundled_board_of_any_game():
    checked = []
    for game in games():
        for spec in explorers(game):
            explorer = spec.load()()
            boards = explorer._controls.get("board_file")
            if boards is None:
                continue
            for _label, path in boards.options:
                boards.value = path                               # as a designer picks the board
                assert not explorer.message.startswith("Cannot"), explorer.message   # a note may say the players
                for turn in (0, explorer.turns):                  # the opening and the last turn
                    assert explorer.set_values(turn=turn), explorer.message
                    for chart in explorer._charts:
                        boxes = label_boxes(explorer._chart_figure(chart))
                        assert _overlaps(boxes) == [], (game, Path(path).name, chart, turn)
                        if boxes:
                            checked.append((game, Path(path).name, len(boxes)))
    assert sorted({c[:2] for c in checked}) == [("caesars_empire", "board_2_3.toml"),
                                                ("caesars_empire", "board_4_5.toml"), ("via_romana", "board.toml")]
    assert min(n for g, _, n in checked if g == "via_romana") == 20   # every city of Via Romana's board named
