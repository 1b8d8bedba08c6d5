"""Plotly figures of the balance lab: seat win rates, score and margin histograms, paired differences.

Every figure takes what :func:`rometools.core.simulate.simulate` and
:mod:`rometools.core.balance` return, for any registered game, and returns a
new ``go.Figure`` (never shown). Estimates always carry their interval: win
rates with Wilson error bars, paired differences with t intervals.

Trace ``meta`` (stable, for tests and browsers):

* :func:`seat_win_rate_figure`: ``bl-win-rates`` (one trace per variant:
  ``bl-win-rates-a``/``-b`` when two are given), ``bl-fair`` (the 1/seats line);
* :func:`score_histogram_figure`: ``bl-scores-P1`` ... per seat;
* :func:`margin_histogram_figure`: ``bl-margins`` (and ``bl-margins-b``);
* :func:`paired_difference_figure`: ``bl-paired``.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from rometools.charts._common import (
    SIMULATED_COLOUR,
    legend_above,
    new_figure,
    seat_colour,
    simulated_trace,
)
from rometools.charts.labels import text_size
from rometools.core.balance import game_summary, seat_win_rates
from rometools.core.formatting import counted

__all__ = [
    "margin_histogram_figure",
    "paired_difference_figure",
    "score_histogram_figure",
    "seat_win_rate_figure",
]

_VARIANT_COLOURS = (SIMULATED_COLOUR, "#d95f02")
#: Pixels a vertical axis title takes beside the tick labels (12-pixel font), and its gap from them.
_Y_TITLE_PX, _Y_TITLE_STANDOFF = 30, 14


def _shared_bins(*samples) -> dict[str, float]:
    """Whole-point bins shared by every sample (numpy's "auto" rule, widened to a whole
    number of points), as a plotly ``xbins``: overlaid histograms line up."""
    values = np.concatenate([np.asarray(v, dtype=float) for v in samples])
    edges = np.histogram_bin_edges(values, bins="auto")
    size = max(1.0, float(np.round(edges[1] - edges[0]))) if len(edges) > 1 else 1.0
    start = float(np.floor(values.min())) - 0.5
    return {"start": start, "end": float(values.max()) + size, "size": size}


def _counted_histogram(values, xbins: dict[str, float], **trace) -> go.Histogram:
    """A histogram of ``values`` handed to plotly as each distinct value with its count
    (``histfunc="sum"``): 10,000 games' scores become a hundred pairs, not 40,000 numbers
    for the browser to bin."""
    distinct, counts = np.unique(np.asarray(values), return_counts=True)
    return go.Histogram(x=distinct.tolist(), y=counts.tolist(), histfunc="sum", xbins=xbins,
                        hovertemplate="%{x}: %{y} games<extra>%{fullData.name}</extra>", **trace)


def seat_win_rate_figure(results, other=None, *, labels: tuple[str, str] = ("A", "B"),
                         confidence: float = 0.95, title: str | None = None) -> go.Figure:
    """Each seat's win rate with its Wilson interval, and the fair share 1/seats.

    Parameters
    ----------
    results : pandas.DataFrame
        :func:`~rometools.core.simulate.simulate` rows.
    other : pandas.DataFrame, optional
        A second variant's rows, drawn beside the first.
    labels : (str, str)
        Legend names of the two variants.

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> fig = seat_win_rate_figure(simulate("caesars_empire", 20, seed=1, progress=False))
    >>> [t.meta for t in fig.data], fig.layout.yaxis.title.text
    (['bl-win-rates', 'bl-fair'], 'win rate (95% Wilson interval)')
    """
    runs = [results] if other is None else [results, other]
    traces = []
    seats = 0
    for k, run in enumerate(runs):
        rates = seat_win_rates(run, confidence)
        seats = max(seats, len(rates))
        games = int(rates["games"].iloc[0])
        meta = "bl-win-rates" if other is None else f"bl-win-rates-{'ab'[k]}"
        name = f"win rate ({counted(games, 'game')})" if other is None else f"{labels[k]} ({counted(games, 'game')})"
        traces.append(simulated_trace(dict(zip(rates["player"], rates["wins"], strict=True)), games,
                                      list(rates["player"]), uid=meta, name=name, confidence=confidence,
                                      colour=_VARIANT_COLOURS[k]))
    players = [f"P{s + 1}" for s in range(seats)]
    traces.append(go.Scatter(x=players, y=[1 / seats] * seats, mode="lines", name=f"fair share 1/{seats}",
                             uid="bl-fair", meta="bl-fair", line={"color": "#777", "dash": "dot"}))
    fig = new_figure(*traces)
    if other is not None:  # A and B side by side at each seat, the fair-share line across both
        fig.update_layout(scattermode="group", scattergap=0.6)
        for trace, group in zip(fig.data[:2], ("a", "b"), strict=True):
            trace.offsetgroup = group
        # the line on a hidden axis of its own, edge to edge: on the seats' axis it would
        # take a third slot beside A and B at each seat
        fig.data[2].update(x=[-0.5, seats - 0.5], y=[1 / seats] * 2, xaxis="x2",
                           hovertemplate=f"fair share 1/{seats}: %{{y:.1%}}<extra></extra>")
        fig.update_layout(xaxis2={"overlaying": "x", "range": [-0.5, seats - 0.5], "visible": False,
                                  "fixedrange": True})
    fig.update_layout(
        title=title or "Seat win rates", xaxis_title="seat (turn order)",
        yaxis_title=f"win rate ({confidence:.0%} Wilson interval)",
        yaxis={"rangemode": "tozero", "tickformat": ".0%"})
    return legend_above(fig)


def score_histogram_figure(results, *, title: str | None = None) -> go.Figure:
    """Final scores per seat as overlaid histograms (points), one colour per seat.

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> fig = score_histogram_figure(simulate("caesars_empire", 10, seed=1, progress=False))
    >>> [t.meta for t in fig.data]
    ['bl-scores-P1', 'bl-scores-P2', 'bl-scores-P3', 'bl-scores-P4']
    >>> sum(fig.data[0].y)  # each distinct score with its count: P1's 10 games
    10
    """
    traces = []
    xbins = _shared_bins(results["score"])
    for seat, group in results.groupby("seat", sort=True):
        player = f"P{int(seat) + 1}"
        traces.append(_counted_histogram(group["score"], xbins, name=player, uid=f"bl-scores-{player}",
                                         meta=f"bl-scores-{player}", opacity=0.6,
                                         marker={"color": seat_colour(int(seat))}))
    fig = new_figure(*traces)
    fig.update_layout(barmode="overlay", title=title or "Final scores by seat",
                      xaxis_title="final score (points)", yaxis_title="games",
                      legend={"title": {"text": "seat"}})
    return fig


def margin_histogram_figure(results, other=None, *, labels: tuple[str, str] = ("A", "B"),
                            title: str | None = None) -> go.Figure:
    """How close games are: the winner's lead over the best other score (points).

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> fig = margin_histogram_figure(simulate("caesars_empire", 10, seed=1, progress=False))
    >>> fig.data[0].meta, fig.layout.xaxis.title.text
    ('bl-margins', "winning margin (points: winner's score minus the next best)")
    """
    runs = [results] if other is None else [results, other]
    margins = [game_summary(run)["margin"] for run in runs]
    xbins = _shared_bins(*margins)
    traces = []
    for k, margin in enumerate(margins):
        meta = "bl-margins" if k == 0 else "bl-margins-b"
        traces.append(_counted_histogram(margin, xbins, name=labels[k] if other is not None else "games",
                                         uid=meta, meta=meta, opacity=0.65, marker={"color": _VARIANT_COLOURS[k]}))
    fig = new_figure(*traces)
    fig.update_layout(barmode="overlay", title=title or "How close are games?",
                      xaxis_title="winning margin (points: winner's score minus the next best)",
                      yaxis_title="games", showlegend=other is not None)
    return fig


def paired_difference_figure(comparison, *, title: str | None = None) -> go.Figure:
    """Paired differences B − A of :func:`~rometools.core.paired.compare_variants`, with intervals.

    Each figure (a seat's win rate, a seat's mean score, game length, margin)
    is a point at its mean difference with its t interval; a dotted line marks
    "no difference". Win rates are in percentage points, the rest in their units.
    A figure with no spread in either variant (its ``note`` is not empty) is
    drawn at its exact difference with no interval, and its hover gives the
    note instead of the variance reduction.

    Examples
    --------
    >>> from rometools.core.paired import compare_variants
    >>> cmp = compare_variants("caesars_empire", {"players": 3}, {"players": 3, "route_policy": "first"}, 10)
    >>> fig = paired_difference_figure(cmp)
    >>> fig.data[0].meta, len(fig.data[0].y) == len(cmp)
    ('bl-paired', True)
    >>> fig.layout.yaxis.automargin, fig.layout.margin.l
    (True, 228)
    """
    names = list(comparison["figure"])
    scale = [100.0 if n.startswith("win rate") else 1.0 for n in names]
    diff = [d * s for d, s in zip(comparison["difference"], scale, strict=True)]
    low = [d - lo * s for d, lo, s in zip(diff, comparison["ci_low"], scale, strict=True)]
    high = [hi * s - d for d, hi, s in zip(diff, comparison["ci_high"], scale, strict=True)]
    labels = [f"{n} ({'pct points' if n.startswith('win rate') else 'points' if 'score' in n or 'margin' in n else 'decisions'})"
              for n in names]
    # a figure with no spread in either variant has no variance to reduce: its note says what it was
    notes = comparison["note"] if "note" in comparison else [""] * len(names)
    reduction = [note or f"variance reduction {v:.0%}"
                 for v, note in zip(comparison["variance_reduction"], notes, strict=True)]
    fig = new_figure(go.Scatter(
        x=diff, y=labels, mode="markers", name="B − A (paired, 95% t interval)", uid="bl-paired",
        meta="bl-paired", orientation="h", customdata=reduction, hovertemplate="%{y}: %{x:.2f}<br>%{customdata}",
        error_x={"type": "data", "symmetric": False, "array": high, "arrayminus": low, "color": SIMULATED_COLOUR},
        marker={"color": SIMULATED_COLOUR, "size": 9}))
    fig.add_vline(x=0, line={"color": "#777", "dash": "dot"})
    # the labels ("win rate P1 (pct points)") sit left of the plot: a margin that holds the
    # longest one and the axis title, set off from them (plotly's own placement put the title on
    # the labels in the app), and automargin to grow it should a font be wider; the labels name
    # each row's unit, so the x title stays short enough not to be clipped
    left = round(max((text_size(t, 12)[0] for t in labels), default=0) + _Y_TITLE_PX + _Y_TITLE_STANDOFF + 8)
    fig.update_layout(title=title or "Variant B against A on the same seeds",
                      xaxis_title="difference B − A, in each row's unit",
                      yaxis={"autorange": "reversed", "automargin": True,
                             "title": {"text": "what is compared (unit)", "standoff": _Y_TITLE_STANDOFF}},
                      margin={"l": max(left, 80)}, height=160 + 28 * len(names), showlegend=True)
    return legend_above(fig)
