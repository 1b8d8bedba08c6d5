"""The skill-curve chart: read back from fig.data and fig.layout."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import pytest

from rometools.charts.strength import BASELINE_COLOUR, skill_curve_figure
from rometools.core.stats import proportion_estimate

CURVE = pd.DataFrame({"budget": [0, 30, 3, 300], "bot": ["greedy", "mcts:30", "mcts:3", "mcts:300"],
                      "games": [200, 200, 200, 200], "wins": [100, 150, 90, 180]})


def test_points_are_sorted_by_budget_with_wilson_error_bars():
    fig = skill_curve_figure(CURVE)
    assert isinstance(fig, go.Figure)
    base, mcts = fig.data
    assert (base.meta, mcts.meta) == ("skill-baseline", "skill-mcts")
    assert list(mcts.x) == [3, 30, 300] and list(mcts.y) == [0.45, 0.75, 0.9]
    e = proportion_estimate(150, 200)
    assert mcts.customdata[1] == [150, e.low, e.high]
    assert mcts.error_y.array[1] == pytest.approx(e.high - 0.75)
    assert mcts.error_y.arrayminus[1] == pytest.approx(0.75 - e.low)
    assert mcts.mode == "lines+markers"


def test_the_baseline_is_the_opponent_against_itself():
    fig = skill_curve_figure(CURVE)
    base = fig.data[0]
    assert list(base.x) == [3, 300] and list(base.y) == [0.5, 0.5]
    assert base.name == "greedy against itself" and base.line.color == BASELINE_COLOUR
    assert "100 of 200" in base.hovertemplate
    assert fig.layout.title.text == "Win rate of MCTS against greedy"
    assert fig.layout.xaxis.type == "log" and list(fig.layout.xaxis.tickvals) == [3, 30, 300]
    assert tuple(fig.layout.yaxis.range) == (0, 1)


def test_a_curve_without_baseline_and_named_labels():
    fig = skill_curve_figure(CURVE[CURVE["budget"] == 30], opponent="cheapest", title="Skill")
    assert [t.meta for t in fig.data] == ["skill-mcts"]
    assert fig.layout.title.text == "Skill" and fig.layout.xaxis.type == "linear"


@pytest.mark.parametrize("curve,message", [
    (CURVE.drop(columns="wins"), r"lacks \['wins'\]"),
    ([1, 2], "lacks"),
    (CURVE[CURVE["budget"] == 0], "no budget above 0"),
    (CURVE.assign(games=[200, 200, 100, 200]), r"same number of games, got \[100, 200\]"),
])
def test_bad_tables_are_refused(curve, message):
    with pytest.raises(ValueError, match=message):
        skill_curve_figure(curve)
