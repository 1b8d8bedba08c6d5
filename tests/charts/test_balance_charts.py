"""charts/balance.py: the paired-differences chart keeps room for its long figure names."""

from __future__ import annotations

import pytest

from rometools.charts.balance import paired_difference_figure
from rometools.charts.labels import text_size
from rometools.core.paired import compare_variants


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
    assert fig.layout.margin.l == 228                            # the labels, the axis title set off, a gap
    assert fig.layout.margin.l > longest + 30 + fig.layout.yaxis.title.standoff
    assert fig.layout.yaxis.title.standoff == 14                # off the labels (plotly's own put it on them)
    assert fig.layout.xaxis.title.text == "difference B − A, in each row's unit"  # short: the labels give units


def test_the_margin_follows_the_longest_label_shown(comparison):
    fig = paired_difference_figure(comparison[comparison["figure"] == "game length"])
    assert list(fig.data[0].y) == ["game length (decisions)"]
    assert fig.layout.yaxis.automargin is True and fig.layout.margin.l == 220


def test_score_and_margin_histograms_hand_plotly_counts_not_every_score():
    """Each distinct score (margin) with its count, summed by plotly over bins shared by
    every trace, so the overlays line up; the counts are the games'."""
    import pandas as pd

    from rometools.charts.balance import margin_histogram_figure, score_histogram_figure
    from rometools.core.balance import game_summary

    rows = [{"game": g, "seed": 0, "rotation": 0, "seat": s, "player": f"P{s + 1}", "bot": "random",
             "score": score, "rank": 1 + (s != w), "win": s == w, "shared_win": False, "moves": 1, "length": 2}
            for g, (scores, w) in enumerate([((30, 20), 0), ((30, 35), 1), ((12, 30), 1), ((30, 20), 0)])
            for s, score in enumerate(scores)]
    df = pd.DataFrame(rows)
    fig = score_histogram_figure(df)
    p1, p2 = fig.data
    assert (p1.histfunc, list(p1.x), list(p1.y)) == ("sum", [12, 30], [1, 3])
    assert (list(p2.x), list(p2.y)) == ([20, 30, 35], [2, 1, 1])
    assert p1.xbins == p2.xbins and p1.xbins.start == 11.5 and p1.xbins.size >= 1
    assert p1.xbins.size == int(p1.xbins.size)  # whole points
    margins = margin_histogram_figure(df, df)
    a, b = margins.data
    assert list(a.x) == [5, 10, 18] and list(a.y) == [1, 2, 1] and a.xbins == b.xbins
    assert sum(a.y) == len(game_summary(df))


def test_two_variants_sit_side_by_side_at_each_seat():
    from rometools.charts.balance import seat_win_rate_figure
    from rometools.core.simulate import simulate

    a = simulate("caesars_empire", 6, players=3, bots="greedy", seed=1, progress=False)
    b = simulate("caesars_empire", 6, players=3, bots="greedy", seed=1, config={"route_policy": "first"},
                 progress=False)
    two = seat_win_rate_figure(a, b)
    assert two.layout.scattermode == "group"
    assert [(t.meta, t.offsetgroup) for t in two.data] == [("bl-win-rates-a", "a"), ("bl-win-rates-b", "b"),
                                                           ("bl-fair", None)]
    # the fair share runs edge to edge on a hidden axis of its own, not in a third slot at each seat
    fair = two.data[2]
    assert (fair.xaxis, list(fair.x), list(fair.y)) == ("x2", [-0.5, 2.5], [1 / 3, 1 / 3])
    assert two.layout.xaxis2.overlaying == "x" and list(two.layout.xaxis2.range) == [-0.5, 2.5]
    assert two.layout.xaxis2.visible is False
    one = seat_win_rate_figure(a)
    assert one.layout.scattermode is None and [t.offsetgroup for t in one.data] == [None, None]
