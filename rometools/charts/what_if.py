"""What-if charts: a comparison's intervals narrowing batch after batch, and a tuning's response curve.

Plain values in (what :func:`rometools.compare` and :func:`rometools.tune` hold: a comparison's
``history``, a tuning's candidates), a :class:`plotly.graph_objects.Figure` out. Trace ``meta``
names are stable, prefixed ``wi-`` (``wi-diff-win rate P1``, ``wi-band-win rate P1``,
``wi-response``, ``wi-recommended``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from numbers import Integral

import plotly.graph_objects as go

from rometools.charts._common import (
    EXACT_COLOUR,
    add_caption,
    empty_figure,
    legend_above,
    new_figure,
    seat_colour,
)
from rometools.core.errors import ArgumentError
from rometools.core.formatting import quantity

__all__ = ["comparison_figure", "response_curve_figure"]

#: Colours of the figures that are no seat's (spread, length, weights), after the seat colours.
_OTHER = ("#555555", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22")


def _colour(name: str, k: int) -> str:
    seat = name.rsplit(" P", 1)
    if len(seat) == 2 and seat[1].isdigit():
        return seat_colour(int(seat[1]) - 1)
    return _OTHER[k % len(_OTHER)]


def comparison_figure(history: Sequence[Mapping], names: Sequence[str], *, precision: float | None = None,
                      unit: str = "percentage points", scale: float = 100.0,
                      title: str = "Variant minus base, as the games went on",
                      minus: str = "variant minus base", holds_from: Mapping[str, int] | None = None) -> go.Figure:
    """The differences (the variant's value minus the base's) of chosen figures, each with its
    confidence interval, after every batch.

    Each figure is a line (its difference after each batch) inside a band (its interval then,
    which holds at every batch at once: a confidence sequence); the band narrows as the games
    go on, and the figure is decided when it leaves 0 (a change) or fits within ``± precision``
    (no change that large), drawn as dotted lines.

    Parameters
    ----------
    history : sequence of Mapping
        After each batch: ``{"pairs": int, name: (difference, low, high), ...}``
        (:attr:`rometools.core.compare.Comparison.history`).
    names : sequence of str
        The figures to draw, all in one unit (``["win rate P1", "win rate P2"]``).
    precision : float, optional
        The change too small to matter, in the figures' own units (a win rate: a proportion).
    unit : str
        The axis's unit after ``scale`` (``"percentage points"`` for win rates, ``"points"``).
    scale : float
        What the values are multiplied by to be drawn (100 for proportions, 1 for points).
    title : str
    minus : str
        What a difference is, in words, for the axis and the hover
        (:attr:`rometools.core.compare.Comparison.minus`: ``"variant minus published"``).
    holds_from : Mapping of str to int, optional
        Per figure, the paired games from which its interval holds (an asymptotic figure's:
        :data:`rometools.core.sequential.MIN_PAIRS`); before them no interval is drawn, and the caption
        says so. Absent: from the first batch. An interval held at one batch only is a bar, not a band.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``wi-band-<name>`` (the interval) and ``wi-diff-<name>`` (the difference) per figure.

    Raises
    ------
    ArgumentError
        For a name the history does not hold.

    Examples
    --------
    >>> h = [{"pairs": 200, "win rate P1": (0.03, -0.05, 0.11)}, {"pairs": 400, "win rate P1": (0.04, 0.0, 0.08)}]
    >>> fig = comparison_figure(h, ["win rate P1"], precision=0.02)
    >>> [t.meta for t in fig.data], list(fig.data[1].y)
    (['wi-band-win rate P1', 'wi-diff-win rate P1'], [3.0, 4.0])
    >>> fig.layout.yaxis.title.text
    'variant minus base (percentage points)'
    """
    if not history:
        return empty_figure(f"{title}: no batch played yet")
    for name in names:
        if name not in history[0]:
            held = [k for k in history[0] if k != "pairs"]
            raise ArgumentError(f"the history holds no figure {name!r}; it holds {', '.join(held)}")
    fig = new_figure()
    pairs = [h["pairs"] for h in history]
    since = dict(holds_from or {})
    shaded, barred, waiting = False, False, []
    for k, name in enumerate(names):
        colour = _colour(name, k)
        diff = [scale * h[name][0] for h in history]
        # an interval only where it holds (finite, and from the figure's ``holds_from`` on): never a band
        # of an asymptotic figure's first batches, whose [0, 0] a later interval lies outside (trial59)
        held = [h["pairs"] >= since.get(name, 0) and math.isfinite(h[name][1]) and math.isfinite(h[name][2])
                for h in history]
        low = [scale * h[name][1] if ok else None for h, ok in zip(history, held, strict=True)]
        high = [scale * h[name][2] if ok else None for h, ok in zip(history, held, strict=True)]
        xs = [x for x, ok in zip(pairs, held, strict=True) if ok]
        if not all(held):
            waiting.append(name)
        lows, highs = [y for y in low if y is not None], [y for y in high if y is not None]
        band = len(xs) >= 2   # one batch's interval is a bar: a band of no width shows nothing
        shaded, barred = shaded or band, barred or len(xs) == 1
        fig.add_trace(go.Scatter(x=xs + xs[::-1] if band else [], y=highs + lows[::-1] if band else [],
                                 fill="toself", fillcolor=colour, opacity=0.18, line={"width": 0},
                                 name=f"{name}: interval", meta=f"wi-band-{name}", uid=f"wi-band-{name}",
                                 hoverinfo="skip", showlegend=False))
        bar = {}
        if len(xs) == 1:
            up = [hi - d if hi is not None else None for hi, d in zip(high, diff, strict=True)]
            down = [d - lo if lo is not None else None for lo, d in zip(low, diff, strict=True)]
            bar = {"error_y": {"type": "data", "visible": True, "color": colour, "array": up, "arrayminus": down}}
        fig.add_trace(go.Scatter(
            x=pairs, y=diff, mode="lines+markers", name=name, meta=f"wi-diff-{name}", uid=f"wi-diff-{name}",
            line={"color": colour}, customdata=[[f"interval {lo:+.2f} to {hi:+.2f}" if lo is not None
                                                 else "no interval yet"] for lo, hi in zip(low, high, strict=True)],
            hovertemplate=(f"{name}<br>%{{x:,}} paired games<br>{minus} %{{y:+.2f}} {unit}"
                           "<br>%{customdata[0]}<extra></extra>"), **bar))
    fig.add_hline(y=0, line={"color": "#333333", "width": 1})
    if precision is not None:
        for y in (-scale * precision, scale * precision):
            fig.add_hline(y=y, line={"color": EXACT_COLOUR, "width": 1, "dash": "dot"})
    fig.update_layout(title_text=title, xaxis_title="paired games played", yaxis_title=f"{minus} ({unit})",
                      height=420)
    fig.update_xaxes(**whole_ticks(pairs))   # games are counted whole: never a tick at 199.5
    legend_above(fig)
    # the caption says what is drawn, no more (trial59: "Shaded" under one batch's dots, no band)
    drawn = {(True, False): "Shaded", (False, True): "Bars", (True, True): "Shaded (a bar where one batch has it)"}
    caption = (f"{drawn[shaded, barred]}: each figure's interval, valid at every batch at once (a confidence "
               f"sequence)." if shaded or barred else "No interval drawn yet")
    if waiting:
        start = max(since.get(name, 0) for name in waiting)
        its = "its" if len(waiting) == 1 else "each one's"
        if shaded or barred:
            whose = "" if len(waiting) == len(names) else " for " + ", ".join(waiting)
            caption += f" No interval{whose} before {start:,} paired games: {its} holds from then on."
        else:   # said once (trial59b: "No interval drawn yet. No interval before 100 paired games: ...")
            caption += f": {its} holds from {start:,} paired games on."
    elif not (shaded or barred):
        caption += "."
    if precision is not None:
        caption += f" Dotted: \u00b1{_amount(scale * precision, unit)}, the change too small to matter."
    return add_caption(fig, caption)


def whole_ticks(xs: Sequence[float], most: int = 12) -> dict:
    """Axis settings for counts (paired games, whole-point values): the values themselves as ticks when
    they are few, else plotly's own ticks written as whole numbers; never a tick at 199.5.

    >>> whole_ticks([200]), whole_ticks(range(0, 2000, 100))["tickformat"]
    ({'tickmode': 'array', 'tickvals': [200], 'ticktext': ['200']}, ',d')
    """
    seen = sorted(set(xs))
    if len(seen) <= most:
        return {"tickmode": "array", "tickvals": seen, "ticktext": [f"{int(x):,}" for x in seen]}
    return {"tickformat": ",d"}


def response_curve_figure(values: Sequence[float], response: Sequence[float], low: Sequence[float],
                          high: Sequence[float], *, games: Sequence[int] | None = None,
                          recommended: float | None = None, tolerance: float | None = None,
                          parameter: str = "value", unit: str = "percentage points", scale: float = 100.0,
                          title: str = "Response to the parameter", names: Sequence[str] | None = None,
                          closest: bool = False) -> go.Figure:
    """A tuning's response curve: each candidate value's distance from the target, with its interval.

    Parameters
    ----------
    values : sequence of float
        The candidates (:attr:`rometools.core.tune.Candidate.value`, one parameter).
    response, low, high : sequence of float
        Each candidate's response minus the goal (0 meets the target) and its interval
        (:attr:`Candidate.response`, ``low``, ``high``, first coordinate).
    games : sequence of int, optional
        The games each played (in the hover: a candidate left the race early has few).
    recommended : float, optional
        The value recommended (drawn as a diamond).
    closest : bool
        The value marked is only the closest found, surely off the target: its diamond is named
        "closest (surely off the target)", never "recommended".
    tolerance : float, optional
        How close meets the target (dotted lines at ``± tolerance``).
    parameter, unit, scale, title
        The x axis's name; the response's unit after ``scale`` (100: proportions as points).
    names : sequence of str, optional
        The coordinates' names (:attr:`rometools.core.tune.Tuning.coordinates`) when there are
        several (every seat's win rate): ``response``, ``low`` and ``high`` then hold one tuple per
        candidate, one entry per name, and each coordinate is its own line, in its seat's colour.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``wi-response`` (every candidate, error bars; with ``names``, ``wi-response P1``
        and so on, one per coordinate) and ``wi-recommended``.

    Raises
    ------
    ArgumentError
        For sequences of different lengths.

    Examples
    --------
    >>> fig = response_curve_figure([0, 1, 2], [-0.06, -0.02, 0.01], [-0.08, -0.03, 0.0], [-0.04, -0.01, 0.02],
    ...                             recommended=2, tolerance=0.02, parameter="handicap.4 (points)")
    >>> [t.meta for t in fig.data], list(fig.data[0].y)
    (['wi-response', 'wi-recommended'], [-6.0, -2.0, 1.0])
    >>> fig = response_curve_figure([0, 10], [(-0.1, 0.1), (0.0, 0.0)], [(-0.12, 0.08), (-0.01, -0.01)],
    ...                             [(-0.08, 0.12), (0.01, 0.01)], recommended=10, names=["P1", "P2"])
    >>> [(t.meta, list(t.y)) for t in fig.data]
    [('wi-response P1', [-10.0, 0.0]), ('wi-response P2', [10.0, 0.0]), ('wi-recommended', [0.0, 0.0])]
    """
    n = len(values)
    if not (len(response) == len(low) == len(high) == n) or (games is not None and len(games) != n):
        raise ArgumentError("values, response, low, high (and games) must have one entry per candidate")
    if not n:
        return empty_figure(f"{title}: no candidate yet")
    if names is not None and any(len(r) != len(names) for part in (response, low, high) for r in part):
        raise ArgumentError("with names, each candidate's response, low and high hold one entry per name")

    def drawn(xs):
        return [scale * x if x is not None and math.isfinite(x) else None for x in xs]

    lines = ([(None, response, low, high)] if names is None else
             [(name, [r[j] for r in response], [r[j] for r in low], [r[j] for r in high])
              for j, name in enumerate(names)])
    played = list(games) if games is not None else [None] * n
    fig, ys = new_figure(), []
    for j, (name, resp, lows, highs) in enumerate(lines):
        y, lo, hi = drawn(resp), drawn(lows), drawn(highs)
        ys.append(y)
        plus = [h - m if h is not None and m is not None else None for h, m in zip(hi, y, strict=True)]
        minus = [m - v if v is not None and m is not None else None for v, m in zip(lo, y, strict=True)]
        meta = "wi-response" if name is None else f"wi-response {name}"
        fig.add_trace(go.Scatter(
            x=list(values), y=y, mode="lines+markers", name=name or "response", meta=meta, uid=meta,
            line={"color": seat_colour(j if name is None or not name[1:].isdigit() else int(name[1:]) - 1)},
            error_y={"type": "data", "array": plus, "arrayminus": minus, "visible": True},
            customdata=[[g] for g in played],
            hovertemplate=(f"{parameter} = %{{x}}<br>{name + ' ' if name else ''}off the target by %{{y:+.2f}} "
                           f"{unit}" + ("<br>%{customdata[0]:,} games" if games is not None else "")
                           + "<extra></extra>")))
    if recommended is not None and recommended in list(values):
        i = list(values).index(recommended)
        said = "closest (surely off the target)" if closest else "recommended"
        fig.add_trace(go.Scatter(x=[recommended] * len(ys), y=[y[i] for y in ys], mode="markers", name=said,
                                 meta="wi-recommended", uid="wi-recommended",
                                 marker={"symbol": "diamond", "size": 14, "color": seat_colour(2) if names is None
                                         else "#333333"},
                                 hovertemplate=f"{said}: {parameter} = %{{x}}<extra></extra>"))
    fig.add_hline(y=0, line={"color": "#333333", "width": 1})
    if tolerance is not None:
        for t in (-scale * tolerance, scale * tolerance):
            fig.add_hline(y=t, line={"color": EXACT_COLOUR, "width": 1, "dash": "dot"})
    fig.update_layout(title_text=title, xaxis_title=parameter, yaxis_title=f"off the target ({unit})", height=420)
    if all(isinstance(v, Integral) for v in values):   # a handicap in points: whole ticks
        fig.update_xaxes(**whole_ticks(list(values)))
    legend_above(fig)
    caption = "Bars: each candidate's interval (valid for every candidate and round at once)."
    if tolerance is not None:
        caption += f" Dotted: \u00b1{_amount(scale * tolerance, unit)}, close enough."
    return add_caption(fig, caption)


def _amount(x: float, unit: str) -> str:
    """``x`` with its unit, singular at 1 (``"1 point"``, never ``"±1 points"``: trial58).

    >>> _amount(1.0, "percentage points"), _amount(2, "points"), _amount(0.5, "")
    ('1\xa0percentage point', '2\xa0points', '0.5')
    """
    text = f"{x:g}"
    # a no-break space: a caption wrapped to the chart's width never parts a number from its unit (trial59
    # read "Dotted: \u00b12" at a line's end and "percentage points" on the next as "\u00b12percentage points")
    return quantity(text, unit.removesuffix("s"), unit).replace(" ", "\u00a0", 1) if unit else text
