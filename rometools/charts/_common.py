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

import math
from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction

import plotly.graph_objects as go

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
    "colour_difference",
    "empty_figure",
    "exact_bars",
    "new_figure",
    "region_colour",
    "seat_colour",
    "simulated_trace",
]

#: The charts' template: white background, light grid, left-aligned titles.
TEMPLATE = {"layout": {
    "plot_bgcolor": "white", "paper_bgcolor": "white", "font": {"size": 12},
    "xaxis": {"showgrid": False, "linecolor": "#444", "ticks": "outside"},
    "yaxis": {"gridcolor": "#e5e5e5", "zerolinecolor": "#999", "rangemode": "tozero"},
    "title": {"x": 0.02, "font": {"size": 15}},
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


def empty_figure() -> go.Figure:
    """An empty figure on :data:`TEMPLATE`: the start of a ``go.FigureWidget``.

    Examples
    --------
    >>> fig = empty_figure()
    >>> len(fig.data), fig.layout.template.layout.plot_bgcolor
    (0, 'white')
    """
    return new_figure()


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
        Trace ``uid`` and ``meta`` (a ``go.FigureWidget`` replaces uids with its
        own, so tests and browsers find the trace by ``meta``).
    name : str
        Trace name (legend). Default ``"exact"``.
    colour : str
        Bar colour.

    Returns
    -------
    plotly.graph_objects.Bar
        ``y`` = ``float(p)`` per outcome (probability); ``customdata`` = the
        exact fraction as text (``"7/195"``; ``Fraction(text)`` reads it back).

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
        opacity=0.75, customdata=[str(p) for p in ps],
        hovertemplate="%{x}: %{y:.4f} = %{customdata}<extra></extra>",
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
        hovertemplate=("%{x}: %{y:.4f} (%{customdata[0]} of " + str(trials)
                       + f" runs; {confidence:.0%} Wilson interval "
                       + "%{customdata[1]:.4f} to %{customdata[2]:.4f})<extra></extra>"),
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
