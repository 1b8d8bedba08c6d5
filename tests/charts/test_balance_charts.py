"""charts/balance.py: the paired-differences chart keeps room for its long figure names."""

from __future__ import annotations

import pytest

from rometools.charts._common import text_size
from rometools.charts.balance import paired_difference_figure
from rometools.core.balance import compare_variants


@pytest.fixture(scope="module")
def comparison():
    return compare_variants("caesars_empire", {"players": 4}, {"players": 4, "route_policy": "first"}, 8)


def test_paired_difference_labels_are_not_clipped(comparison):
    fig = paired_difference_figure(comparison)
    labels = list(fig.data[0].y)
    assert labels == [*(f"win rate P{s} (pct points)" for s in range(1, 5)),
                      *(f"mean score P{s} (points)" for s in range(1, 5)),
                      "game length (decisions)", "winning margin (points)"]
    assert fig.layout.yaxis.automargin is True
    longest = max(text_size(t, 12)[0] for t in labels)          # "win rate P1 (pct points)": 176 pixels
    assert longest == pytest.approx(175.7)
    assert fig.layout.margin.l == 222                            # the labels, the axis title and a gap
    assert fig.layout.margin.l > longest + 24


def test_the_margin_follows_the_longest_label_shown(comparison):
    fig = paired_difference_figure(comparison[comparison["figure"] == "game length"])
    assert list(fig.data[0].y) == ["game length (decisions)"]
    assert fig.layout.yaxis.automargin is True and fig.layout.margin.l == 214
