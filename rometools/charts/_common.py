"""What every rometools chart shares: the template, exact and simulated traces, colours.

Game-agnostic: nothing here knows a game's rules. Each game's chart module
builds its figures from these pieces, so every game's charts look alike and
read alike:

* :data:`TEMPLATE`, :func:`new_figure`, :func:`empty_figure` -- a light template
  of our own (plotly's built-in ones are deep-copied into every figure, ~10 ms
  each, which would dominate a live widget update).
* :func:`exact_bars` -- exact probabilities as bars: float heights, the exact
  ``Fraction`` as text in ``customdata`` and the hover (STYLE.md habit 5,
  "exact until the chart").
* :func:`simulated_trace` -- simulated frequencies as markers with Wilson-interval
  error bars (:func:`rometools.core.stats.proportion_estimate`).
* :data:`REGION_COLOURS`, :func:`region_colour` -- the CSS colour of a region
  (City-token) colour name, with :data:`FALLBACK_REGION_COLOUR` for a name the
  palette lacks (a board file may name any colour).
* :data:`SEAT_COLOURS`, :func:`seat_colour` -- seat (turn-order) colours, chosen so
  that no seat colour is mistaken for a region colour: every seat colour is at
  least :data:`MIN_SEAT_REGION_DIFFERENCE` (CIEDE2000) from every region colour
  and the fallback, and the seats at least :data:`MIN_SEAT_DIFFERENCE` from each
  other (:func:`colour_difference`). Seat and colour stay separate (STYLE.md):
  the rulebook's "Purple player" is a seat drawn in its seat colour.
* :func:`add_caption` -- a caption under a chart, whenever colour or a mark
  carries a meaning the legend does not say.
* :func:`place_labels` -- label positions for the points of a map, so that
  labels do not overlap each other or the points (offset, or a leader line): in
  :mod:`rometools.charts.labels`, re-exported here.
* :func:`save_figure`, :func:`notebook_charts`, :data:`PLOT_CONFIG` -- images and
  charts out of the notebook: in :mod:`rometools.charts.export`, re-exported here.
* :func:`scores_over_turns_figure` -- each player's score after every turn, in
  total and by category (any game with a score table per turn).

Every figure has a title, axis titles with units where it has axes, and a
legend or a caption wherever colour carries meaning (``docs/style.md``;
``tests/test_readability.py`` checks every chart function and explorer).

Examples
--------
>>> from fractions import Fraction
>>> fig = new_figure(exact_bars({0: Fraction(1, 3), 1: Fraction(2, 3)}, uid="demo-exact"))
>>> list(fig.data[0].y), list(fig.data[0].customdata)
([0.3333333333333333, 0.6666666666666666], ['1/3', '2/3'])
>>> region_colour("italia") == FALLBACK_REGION_COLOUR
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction

import plotly.graph_objects as go

from rometools.charts.export import (
    IMAGE_FORMATS,
    PLOT_CONFIG,
    notebook_charts,
    save_figure,
    save_figures,
)
from rometools.charts.labels import (
    LabelPlacement,
    add_leader_labels,
    legend_rows,
    place_labels,
    text_size,
)
from rometools.core.formatting import number, percent, probability
from rometools.core.stats import proportion_estimate

__all__ = [
    "EXACT_COLOUR",
    "FALLBACK_REGION_COLOUR",
    "MIN_SEAT_DIFFERENCE",
    "MIN_SEAT_REGION_DIFFERENCE",
    "REGION_COLOURS",
    "SEAT_COLOURS",
    "SIMULATED_COLOUR",
    "TEMPLATE",
    "LabelPlacement",
    "add_caption",
    "add_leader_labels",
    "colour_difference",
    "empty_figure",
    "exact_bars",
    "new_figure",
    "legend_above",
    "legend_rows",
    "mark_turn",
    "place_labels",
    "region_colour",
    "scores_over_turns_figure",
    "seat_colour",
    "simulated_trace",
    "IMAGE_FORMATS",
    "PLOT_CONFIG",
    "notebook_charts",
    "save_figure",
    "save_figures",
    "text_size",
]

#: The charts' template: white background, light grid, left-aligned titles, and the
#: chart toolbar (modebar) upright at the right edge, off the title.
TEMPLATE = {"layout": {
    "plot_bgcolor": "white", "paper_bgcolor": "white", "font": {"size": 12},
    "xaxis": {"showgrid": False, "linecolor": "#444", "ticks": "outside"},
    "yaxis": {"gridcolor": "#e5e5e5", "zerolinecolor": "#999", "rangemode": "tozero"},
    "title": {"x": 0.02, "xanchor": "left", "font": {"size": 15}},
    "modebar": {"orientation": "v"},
}}

#: Colour of exact-probability bars.
EXACT_COLOUR = "#8c564b"
#: Colour of simulated markers and their error bars.
SIMULATED_COLOUR = "#1f77b4"

#: CSS colour drawn for each region (City-token) colour name; names are matched
#: case-insensitively. A name not listed draws as :data:`FALLBACK_REGION_COLOUR`.
REGION_COLOURS = {
    "red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "yellow": "#e8c300",
    "orange": "#ff7f0e", "purple": "#9467bd", "white": "#f2f2f2", "black": "#333333",
    "brown": "#8c564b", "pink": "#e377c2", "grey": "#7f7f7f", "gray": "#7f7f7f",
}
#: Drawn for a region colour name :data:`REGION_COLOURS` lacks (hover still names it).
FALLBACK_REGION_COLOUR = "#c7c7c7"

#: Seat colours, seat 0 (P1) first: navy, cyan, raspberry, olive, dark teal. None is
#: a region colour's hue family; see :func:`colour_difference` for the margins.
SEAT_COLOURS = ("#1a237e", "#17becf", "#c51b7d", "#808000", "#006d5b")
#: Least CIEDE2000 difference between a seat colour and any region colour or the fallback.
MIN_SEAT_REGION_DIFFERENCE = 20.0
#: Least CIEDE2000 difference between two seat colours.
MIN_SEAT_DIFFERENCE = 25.0


# ===================================================================== figures
def new_figure(*traces: go.BaseTraceType) -> go.Figure:
    """A figure holding ``traces`` on :data:`TEMPLATE` (passing it skips plotly's default template).

    Examples
    --------
    >>> fig = new_figure(go.Bar(y=[1]))
    >>> len(fig.data), fig.layout.template.layout.plot_bgcolor
    (1, 'white')
    """
    return go.Figure(data=list(traces), layout={"template": TEMPLATE})


def empty_figure(title: str | None = None) -> go.Figure:
    """An empty figure on :data:`TEMPLATE`: what a chart shows before it has anything to show.

    Parameters
    ----------
    title : str, optional
        What the chart will show, and how to fill it, when it stays on screen empty.

    Examples
    --------
    >>> fig = empty_figure()
    >>> len(fig.data), fig.layout.template.layout.plot_bgcolor
    (0, 'white')
    >>> empty_figure("Paired differences: compare two variants").layout.title.text
    'Paired differences: compare two variants'
    """
    fig = new_figure()
    if title:  # a chart waiting for its data: one empty trace, so a browser draws it as a chart
        fig.add_trace(go.Scatter(x=[], y=[], name="", showlegend=False, hoverinfo="skip", meta="placeholder"))
        fig.update_layout(title_text=title, height=220, xaxis_visible=False, yaxis_visible=False)
    return fig


# ===================================================================== probability traces
def exact_bars(law: Mapping[Hashable, Fraction], xs: Iterable[Hashable] | None = None, *, uid: str,
               name: str = "exact", colour: str = EXACT_COLOUR) -> go.Bar:
    """Exact probabilities as bars: float heights, the exact fraction on hover.

    Parameters
    ----------
    law : Mapping[x, Fraction]
        Probability of each outcome (exact; ``int`` 0 and 1 are accepted).
    xs : iterable, optional
        Outcomes to draw, in order (an outcome missing from ``law`` gets 0).
        Default: the keys of ``law``.
    uid : str
        Trace ``uid`` and ``meta`` (tests and browsers find the trace by ``meta``).
    name : str
        Trace name (legend). Default ``"exact"``.
    colour : str
        Bar colour.

    Returns
    -------
    plotly.graph_objects.Bar
        ``y`` = ``float(p)`` per outcome (probability); ``customdata`` = the
        exact fraction as text (``"7/195"``; ``Fraction(text)`` reads it back);
        the hover reads it as a designer does (``"7/195 = 1 in 28 (3.6%)"``,
        :func:`rometools.core.formatting.probability`).

    Raises
    ------
    TypeError
        If a probability is a float (it would not be exact).

    Examples
    --------
    >>> bars = exact_bars({2: Fraction(1, 4), 4: Fraction(3, 4)}, [0, 2, 4], uid="pts")
    >>> list(bars.x), list(bars.y), list(bars.customdata), bars.meta
    ([0, 2, 4], [0.0, 0.25, 0.75], ['0', '1/4', '3/4'], 'pts')
    """
    xs = list(law) if xs is None else list(xs)
    ps = []
    for x in xs:
        p = law.get(x, 0)
        if isinstance(p, float):
            raise TypeError(f"exact_bars takes exact probabilities (Fraction), got {p!r} for {x!r}")
        ps.append(Fraction(p))
    return go.Bar(
        x=xs, y=[float(p) for p in ps], name=name, uid=uid, meta=uid, marker_color=colour,
        opacity=0.75, customdata=[str(p) for p in ps], hovertext=[probability(p) for p in ps],
        hovertemplate="%{x}: %{hovertext}<extra>" + html.escape(name) + "</extra>",
    )


def simulated_trace(counts: Mapping[Hashable, int], trials: int, xs: Iterable[Hashable] | None = None, *,
                    uid: str, name: str = "simulated", confidence: float = 0.95,
                    colour: str = SIMULATED_COLOUR) -> go.Scatter:
    """Simulated frequencies as markers with their Wilson interval as error bars.

    Each outcome's frequency is ``counts[x] / trials`` with its own interval,
    so the same trace shows a simulated distribution (counts summing to
    ``trials``) or separate rates (wins per seat out of ``trials`` games).

    Parameters
    ----------
    counts : Mapping[x, int]
        Runs in which each outcome happened.
    trials : int
        Runs in all (at least 1).
    xs : iterable, optional
        Outcomes to draw, in order (missing ones count 0). Default: the keys of ``counts``.
    uid : str
        Trace ``uid`` and ``meta``.
    name : str
        Trace name. Default ``"simulated"``.
    confidence : float
        Level of the Wilson interval, in (0, 1).
    colour : str
        Marker and error-bar colour.

    Returns
    -------
    plotly.graph_objects.Scatter
        ``y`` = frequency; ``error_y`` up to the interval's ``high`` and down to
        its ``low``; ``customdata`` = ``[successes, low, high]`` per outcome.

    Raises
    ------
    ValueError
        If ``trials < 1`` or a count is not in ``0..trials``
        (:func:`~rometools.core.stats.proportion_estimate`).

    Examples
    --------
    >>> sim = simulated_trace({"P1": 30, "P2": 70}, 100, uid="wins")
    >>> list(sim.y), [round(v, 3) for v in sim.customdata[0][1:]]
    ([0.3, 0.7], [0.219, 0.396])
    """
    xs = list(counts) if xs is None else list(xs)
    estimates = [proportion_estimate(int(counts.get(x, 0)), trials, confidence=confidence) for x in xs]
    return go.Scatter(
        x=xs, y=[e.estimate for e in estimates], name=name, uid=uid, meta=uid, mode="markers",
        marker={"color": colour, "size": 8, "symbol": "diamond"},
        error_y={"type": "data", "symmetric": False,
                 "array": [e.high - e.estimate for e in estimates],
                 "arrayminus": [e.estimate - e.low for e in estimates],
                 "color": colour},
        customdata=[[e.successes, e.low, e.high] for e in estimates],
        hovertext=[f"{percent(e.estimate)} ({e.successes:,} of {trials:,} runs; {confidence:.0%} Wilson "
                   f"interval {percent(e.low)} to {percent(e.high)})" for e in estimates],
        hovertemplate="%{x}: %{hovertext}<extra>" + html.escape(name) + "</extra>",
    )


# ===================================================================== colours
def region_colour(name: str) -> str:
    """The CSS colour drawn for a region (City-token) colour name.

    Parameters
    ----------
    name : str
        A board file's colour name (``"red"``, ``"Purple"``...), any case.

    Returns
    -------
    str
        ``REGION_COLOURS[name]``, or :data:`FALLBACK_REGION_COLOUR` for a name
        the palette lacks (``"italia"``, a typo): the chart draws it instead of
        failing on a colour plotly cannot read.

    Examples
    --------
    >>> region_colour("Red"), region_colour("italia")
    ('#d62728', '#c7c7c7')
    """
    key = name.strip().lower() if isinstance(name, str) else name
    return REGION_COLOURS.get(key, FALLBACK_REGION_COLOUR)


def seat_colour(seat: int) -> str:
    """The colour of a seat (0-based turn order: seat 0 is P1).

    Seats beyond :data:`SEAT_COLOURS` cycle through it.

    Raises
    ------
    ValueError
        If ``seat`` is not a whole number 0 or more.

    Examples
    --------
    >>> seat_colour(0) == SEAT_COLOURS[0], seat_colour(5) == seat_colour(0)
    (True, True)
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"a seat is a whole number 0 or more, got {seat!r}")
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of a ``#rrggbb`` sRGB colour."""
    text = colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"colours are compared as '#rrggbb', got {colour!r}")
    rgb = [int(text[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference of two CIELAB colours (Sharma, Wu and Dalal, 2005)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dh = h2p - h1p
    if c1p * c2p == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    r_t = -math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2)))) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2
                     + r_t * (d_c / s_c) * (d_h / s_h))


def colour_difference(a: str, b: str) -> float:
    """How different two colours look: CIEDE2000 difference of two ``#rrggbb`` sRGB colours.

    About 1 is the smallest difference the eye sees side by side; above 20
    the two read as different colours. The seat palette is checked with it.

    Raises
    ------
    ValueError
        If a colour is not ``#rrggbb``.

    Examples
    --------
    >>> colour_difference("#d62728", "#d62728")
    0.0
    >>> colour_difference(seat_colour(1), REGION_COLOURS["blue"]) > MIN_SEAT_REGION_DIFFERENCE
    True
    """
    return _ciede2000(_lab(a), _lab(b))


# ===================================================================== captions
def add_caption(fig: go.Figure, text: str, *, offset: int | None = None, margin: int = 30) -> go.Figure:
    """Write ``text`` under the chart (an annotation named ``"caption"``) and make room for it.

    Use it whenever colour or a mark carries a meaning the legend does not
    say ("green: the best pick"). ``text`` is escaped (markup in it is shown as
    written, never as a line break); a new line (``"\\n"``) starts a second line.
    A line wider than the figure (its ``width``, default 700 pixels, less its left
    margin) is wrapped between words, so no caption runs past the chart's edge.

    Parameters
    ----------
    offset : int, optional
        Pixels between the bottom of the plot area and the caption (below the
        x axis's ticks and title, or a legend). Default 48, or 70 when the x
        axis has a title.
    margin : int
        Pixels added to the bottom margin for it.

    Examples
    --------
    >>> fig = add_caption(new_figure(go.Bar(y=[1])), "Green: the best pick")
    >>> [(a.name, a.text) for a in fig.layout.annotations], fig.layout.margin.b
    ([('caption', 'Green: the best pick')], 74)
    >>> long = add_caption(new_figure(go.Bar(y=[1])).update_layout(width=300), "word " * 30)
    >>> long.layout.annotations[0].text.count("<br>") >= 3
    True
    """
    import textwrap

    if offset is None:
        titled = fig.layout.xaxis.title.text if fig.layout.xaxis and fig.layout.xaxis.title else None
        offset = 70 if titled else 48
    width = fig.layout.width or 700
    left = fig.layout.margin.l if fig.layout.margin.l is not None else 80
    per_line = max(20, int((width - left - 12) / (0.61 * 11)))
    lines = [wrapped for line in text.split("\n") for wrapped in (textwrap.wrap(line, per_line) or [""])]
    fig.add_annotation(
        text="<br>".join(html.escape(line, quote=False) for line in lines), name="caption", xref="paper",
        yref="paper", x=0, y=0, xanchor="left", yanchor="top", yshift=-offset,
        showarrow=False, align="left", font={"size": 11, "color": "#555555"})
    current = fig.layout.margin.b if fig.layout.margin.b is not None else 40
    fig.update_layout(margin={"b": max(current + margin, offset + 16 * len(lines) + 10)})
    return fig


# ===================================================================== legends
#: Pixels plotly.js draws a title of several lines above where it draws a one-line title at the same
#: ``pad`` (``yanchor="top"``, the default 17-pixel title font; measured in kaleido's PNG): the padding
#: :func:`legend_above` adds so that the top line is not cut off.
MULTILINE_TITLE_SHIFT = 14


def legend_above(fig: go.Figure, *, width: int | None = None) -> go.Figure:
    """A horizontal legend in rows just above the plot, the title above it: neither covers the other.

    The title moves to the top of the figure and the top margin grows to hold
    the title's lines and the legend's rows (estimated from the trace names and
    ``width``); a fixed ``height`` grows by as much, so the plot keeps its size.

    Parameters
    ----------
    width : int, optional
        Figure width (pixels) to estimate the legend's rows; default the
        layout's width, or 700.

    Examples
    --------
    >>> fig = legend_above(new_figure(go.Bar(y=[1], name="exact"), go.Bar(y=[1], name="simulated")))
    >>> fig.layout.legend.orientation, fig.layout.legend.yanchor, fig.layout.title.yref, fig.layout.margin.t
    ('h', 'bottom', 'container', 60)
    """
    title = fig.layout.title.text or ""
    lines = title.count("<br>") + 1 if title else 0
    names = [t.name for t in fig.data if t.name and t.showlegend is not False]
    room = (width or fig.layout.width or 700) - 140
    rows, used = 1, 0
    for name in names:      # about 7 pixels a character and 40 for the symbol and the gap
        item = 7 * len(name) + 40
        if used and used + item > room:
            rows, used = rows + 1, 0
        used += item
    # plotly.js anchors a title of several lines (<br>) MULTILINE_TITLE_SHIFT pixels higher than one of
    # one line: without more padding its top line was cut off in the image (the studio's PNG) and on screen
    shift = MULTILINE_TITLE_SHIFT if lines > 1 else 0
    need = 12 + shift + 24 * lines + 24 * rows + 6
    old = fig.layout.margin.t if fig.layout.margin.t is not None else 60
    top = max(old, need)
    fig.update_layout(
        legend={"orientation": "h", "y": 1.0, "yanchor": "bottom", "x": 0, "xanchor": "left"},
        title={"yref": "container", "y": 1.0, "yanchor": "top", "pad": {"t": 12 + shift}},
        margin={"t": top})
    if fig.layout.height is not None:
        fig.update_layout(height=fig.layout.height + top - old)
    return fig


# ===================================================================== scores over turns
def _held_bonus(values, panel: str) -> int:
    """The bonus of a held score column: its one value other than 0 (0 if nobody ever holds it)."""
    bonus = {int(v) for v in values} - {0}
    if len(bonus) > 1:
        raise ValueError(f"{panel} is drawn as who holds it, but takes {len(bonus) + 1} values: "
                         f"{sorted(bonus | {0})}")
    return bonus.pop() if bonus else 0


def scores_over_turns_figure(history, categories: Sequence[str], *, current_turn: int | None = None,
                             title: str | None = None, uid: str = "scores", width: int | None = None,
                             held: Sequence[str] = ()) -> go.Figure:
    """Each player's score after every turn: the total, then one panel per category.

    Game-agnostic: any game whose explorer can list the score after each turn
    (Caesar's Empire: :func:`rometools.caesars_empire.score_history`).

    Parameters
    ----------
    history : pandas.DataFrame
        One row per turn and player with columns ``Turn``, ``Player``
        (``"P1"`` ...), ``Total`` and every column of ``categories`` (points).
    categories : sequence of str
        The category columns, one panel each, after the total.
    held : sequence of str
        Categories that are a bonus a player holds or not (every value 0 or
        the bonus, like Caesar's Empire's Road bonus): drawn as who holds it.
    current_turn : int, optional
        Marked by a dotted vertical line on every panel.
    title : str, optional
        Default "Score after each turn, by category".
    uid : str
        Prefix of the trace ``meta``: ``<uid>-<panel>-<player>``, e.g.
        ``scores-Total-P1``.
    width : int, optional
        Pixels (default: the page's width).

    Returns
    -------
    plotly.graph_objects.Figure
        One line per player and panel in the player's seat colour; the legend
        names the players once; x = turn, y = points. A ``held`` category is
        drawn as who holds it instead: one row per player, a bar over each
        turn the player holds it (x = turn, y = the player's row; the panel
        title gives the points), since lines jumping between 0 and the bonus
        would cover each other.

    Raises
    ------
    ValueError
        If a ``held`` category is not among ``categories``, or takes other
        values than 0 and one bonus.

    Examples
    --------
    >>> import pandas as pd
    >>> h = pd.DataFrame({"Turn": [0, 0, 1, 1], "Player": ["P1", "P2", "P1", "P2"],
    ...                   "Routes": [0, 0, 2, 0], "Total": [10, 10, 12, 10]})
    >>> fig = scores_over_turns_figure(h, ["Routes"], current_turn=1)
    >>> [t.meta for t in fig.data], list(fig.data[0].y)
    (['scores-Total-P1', 'scores-Total-P2', 'scores-Routes-P1', 'scores-Routes-P2'], [10, 12])
    """
    from plotly.subplots import make_subplots

    panels = ["Total", *categories]
    players = list(dict.fromkeys(history["Player"]))
    bonus = {panel: _held_bonus(history[panel], panel) for panel in held if panel in categories}
    if set(held) - set(categories):
        raise ValueError(f"held categories {sorted(set(held) - set(categories))} are not among {list(categories)}")
    titles = [p if p not in bonus else f"{p}<br><sup>who holds "
              + (f"its {number(bonus[p])} points" if bonus[p] else "it") + "</sup>" for p in panels]
    fig = make_subplots(rows=1, cols=len(panels), subplot_titles=titles, shared_xaxes=True,
                        horizontal_spacing=0.045)
    for col, panel in enumerate(panels, start=1):
        for seat, player in enumerate(players):
            rows = history[history["Player"] == player]
            common = {"name": player, "legendgroup": player, "showlegend": col == 1,
                      "uid": f"{uid}-{panel}-{player}", "meta": f"{uid}-{panel}-{player}"}
            if panel in bonus:  # a bar from each turn the player holds it to the next
                row_y = len(players) - seat
                xs, ys = [], []
                for turn, value in zip(rows["Turn"], rows[panel], strict=True):
                    if not value:
                        continue
                    if xs and xs[-2] == int(turn):  # the run goes on
                        xs[-2] = int(turn) + 1
                    else:
                        xs += [int(turn), int(turn) + 1, None]
                        ys += [row_y, row_y, None]
                fig.add_trace(go.Scatter(
                    x=xs, y=ys, mode="lines", line={"color": seat_colour(seat), "width": 7}, **common,
                    hovertemplate=f"{html.escape(player)} holds it after turn %{{x}}<extra>"
                                  f"{html.escape(panel)}</extra>"), row=1, col=col)
                continue
            fig.add_trace(go.Scatter(
                x=list(rows["Turn"]), y=[int(v) for v in rows[panel]], mode="lines", **common,
                line={"color": seat_colour(seat), "width": 2, "shape": "hv"},
                hovertemplate=f"{html.escape(player)}, turn %{{x}}: %{{y}} points<extra>"
                              f"{html.escape(panel)}</extra>"), row=1, col=col)
        fig.update_xaxes(title_text="turn", row=1, col=col)
        if panel in bonus:
            fig.update_yaxes(tickvals=[len(players) - s for s in range(len(players))], ticktext=players,
                             range=[0.4, len(players) + 0.6], showgrid=False, row=1, col=col)
    fig.update_yaxes(title_text="points", row=1, col=1)
    fig.update_layout(
        # the legend in a row under the panels: at the right, the chart toolbar would cover it
        # (plot area 180 px high: the legend's top 61 px under it, below the axis titles; the caption 92 px)
        template=TEMPLATE, height=345, width=width, title_text=title or "Score after each turn, by category",
        legend={"orientation": "h", "x": 0, "y": -0.34, "yanchor": "top", "title": {"text": "player"}},
        margin={"t": 70, "b": 95, "l": 60, "r": 45})  # r: room for the chart toolbar
    if current_turn is not None:
        marked = mark_turn(fig.to_plotly_json(), current_turn)["layout"]
        fig.update_layout(shapes=marked["shapes"], annotations=marked["annotations"], margin=marked["margin"])
    return fig


def mark_turn(figure: Mapping, turn: int) -> dict:
    """A :func:`scores_over_turns_figure` (as plotly JSON) with ``turn`` marked on every panel.

    A dotted vertical line on each panel and the caption saying which turn it is, in
    place of any earlier mark. It works on the figure's JSON (``fig.to_plotly_json()``),
    not on a ``go.Figure``: an explorer stepping through a game builds the figure once
    per game and marks each turn shown in microseconds, where plotly's checks of a new
    figure took most of a turn's update.

    Examples
    --------
    >>> import pandas as pd
    >>> h = pd.DataFrame({"Turn": [0, 0, 1, 1], "Player": ["P1", "P2", "P1", "P2"],
    ...                   "Routes": [0, 0, 2, 0], "Total": [10, 10, 12, 10]})
    >>> marked = mark_turn(scores_over_turns_figure(h, ["Routes"], current_turn=0).to_plotly_json(), 1)
    >>> [(s["xref"], s["x0"]) for s in marked["layout"]["shapes"]], marked["layout"]["annotations"][-1]["text"][:19]
    ([('x', 1), ('x2', 1)], 'Dotted line: turn 1')
    """
    layout = figure["layout"]
    panels = sorted(int(k.removeprefix("xaxis") or 1) for k in layout if k.startswith("xaxis"))
    line = {"color": "#757575", "dash": "dot", "width": 1}
    shapes = [{"type": "line", "x0": turn, "x1": turn, "y0": 0, "y1": 1, "line": line,
               "xref": f"x{n if n > 1 else ''}", "yref": f"y{n if n > 1 else ''} domain"} for n in panels]
    caption = (f"Dotted line: turn {turn}. Each score counts as if the game ended at that turn "
               "(Road bonus included).")
    notes = [a for a in layout.get("annotations", ()) if a.get("name") != "caption"]
    notes.append({"text": html.escape(caption, quote=False), "name": "caption", "xref": "paper", "yref": "paper",
                  "x": 0, "y": 0, "xanchor": "left", "yanchor": "top", "yshift": -92, "showarrow": False,
                  "align": "left", "font": {"size": 11, "color": "#555555"}})
    margin = {**layout.get("margin", {}), "b": max(layout.get("margin", {}).get("b", 0), 118)}
    return {**figure, "layout": {**layout, "shapes": shapes, "annotations": notes, "margin": margin}}
