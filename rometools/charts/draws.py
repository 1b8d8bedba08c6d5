"""Plotly figures for draw odds from any bag, deck or tile stack (:mod:`rometools.draws`).

Every number comes from :mod:`rometools.draws`; these functions only lay it out.
Each returns a new :class:`plotly.graph_objects.Figure` and never shows it.
Probabilities stay exact (``Fraction``) until here: bars and lines plot ``float(p)``
and the exact fraction rides along in ``customdata`` and the hover. A simulated
estimate always comes with its Wilson interval as error bars; its draws are the
seeded twin of the same question (``Draw.simulate(trials, rng=...)``), so the law
chart and the curve, given the same seed, read one and the same simulated sample.

Trace names, uids and ``meta`` are stable (``meta`` repeats the uid: tests and browsers
read a trace's ``meta``):

* :func:`draw_law_figure`: ``exact`` (``dr-law-exact``, bars) and, with
  ``trials``, ``simulated`` (``dr-law-simulated``, markers with error bars);
* :func:`prob_curve_figure`: ``exact`` (``dr-curve``, P(condition) after each
  number of draws), ``exact at n draws`` (``dr-curve-at-n``) and, with
  ``trials``, ``simulated at n draws`` (``dr-curve-simulated``).

Colour carries meaning in both: :data:`~rometools.charts._common.EXACT_COLOUR`
is exact, :data:`~rometools.charts._common.SIMULATED_COLOUR` is simulated, and
the legend says so.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Hashable
from fractions import Fraction

import plotly.graph_objects as go

from rometools.charts._common import (
    EXACT_COLOUR,
    exact_bars,
    legend_above,
    new_figure,
    simulated_trace,
)
from rometools.core.rng import RngLike
from rometools.draws import Bag, Condition

__all__ = ["draw_law_figure", "prob_curve_figure"]

#: Longest exact fraction (characters) put in a curve point's hover; longer ones show as floats.
CURVE_FRACTION_CHARS = 40
#: Title lines are wrapped at this many characters (a long condition would run off the chart).
TITLE_CHARS = 70

_MARGIN = {"t": 60, "b": 50, "l": 60, "r": 10}


def _mode(replace: bool) -> str:
    return "with replacement" if replace else "without replacement"


def _selector_label(selector: object) -> str:
    """Words for the tokens a selector picks: ``red``, ``red + green``, ``selected``."""
    if isinstance(selector, str):
        return selector
    if isinstance(selector, Collection) and not isinstance(selector, tuple | bytes):
        return " + ".join(str(k) for k in selector)
    if callable(selector):
        return "selected"
    return str(selector)


def _title(text: str) -> tuple[str, dict]:
    """The title wrapped at :data:`TITLE_CHARS` (``<br>`` between lines) and margins that fit it."""
    lines = textwrap.wrap(text, TITLE_CHARS) or [""]
    return "<br>".join(lines), {**_MARGIN, "t": _MARGIN["t"] + 18 * (len(lines) - 1)}


def _short_fraction(p: Fraction) -> str:
    text = str(p)
    return text if len(text) <= CURVE_FRACTION_CHARS else ""


def draw_law_figure(bag: Bag, n: int, selector: Hashable | Collection | object, *,
                    replace: bool = False, trials: int = 0, rng: RngLike = None,
                    confidence: float = 0.95, label: str | None = None) -> go.Figure:
    """How many of the selected tokens ``n`` draws hold: exact bars, simulated overlay.

    Calls :meth:`rometools.draws.Draw.law` (exact) and, when ``trials > 0``,
    the law of :meth:`rometools.draws.Draw.simulate` (seeded by ``rng``) for the
    overlay, each frequency with its Wilson interval.

    Parameters
    ----------
    bag : rometools.draws.Bag
        The bag, deck or stack drawn from.
    n : int
        Tokens drawn (draws).
    selector : kind, collection of kinds, or predicate over a kind
        The tokens counted (a collection's tokens are pooled).
    replace : bool
        Draws with replacement (each token goes back before the next draw).
    trials : int
        Simulated draws for the overlay (0: none; otherwise at least 2).
    rng : None, int or numpy.random.Generator
        Seed of the simulation (SPEC 7); the same seed gives the same overlay.
    confidence : float
        Level of the Wilson interval.
    label : str, optional
        Words for the selected tokens in the title and axis (default: the kinds
        joined by ``+``).

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``exact`` (uid and meta ``dr-law-exact``): x = selected tokens
        drawn, 0 to the most possible (tokens); y = probability; ``customdata``
        = the exact fraction as text. With ``trials`` also ``simulated``
        (``dr-law-simulated``; ``customdata`` = ``[successes, low, high]``).

    Raises
    ------
    ValueError
        As :meth:`rometools.draws.Bag.draw` and :meth:`~rometools.draws.Draw.law`
        (too many draws, a kind the bag lacks), ``trials`` of 1 or negative, or
        :class:`rometools.draws.TooLargeError` for a law too large to compute exactly.

    Examples
    --------
    3 red, 2 green, 1 yellow; how many red in 3 draws?

    >>> from rometools.draws import Bag
    >>> fig = draw_law_figure(Bag({"red": 3, "green": 2, "yellow": 1}), 3, "red", trials=500, rng=1)
    >>> list(fig.data[0].x), list(fig.data[0].customdata), fig.data[1].meta
    ([0, 1, 2, 3], ['1/20', '9/20', '9/20', '1/20'], 'dr-law-simulated')
    >>> fig.layout.title.text, fig.layout.xaxis.title.text
    ('How many red in 3 draws (without replacement)', 'red drawn (tokens)')
    """
    draw = bag.draw(n, replace=replace)
    law = draw.law(selector)
    label = _selector_label(selector) if label is None else label
    simulated = None
    if trials:
        simulated = draw.simulate(trials, rng=rng, confidence=confidence).law(selector)
    top = max([*law, *(simulated or ())])
    xs = list(range(top + 1))
    fig = new_figure(exact_bars(law, xs, uid="dr-law-exact"))
    if simulated is not None:
        counts = {x: e.successes for x, e in simulated.items()}
        fig.add_trace(simulated_trace(counts, trials, xs, uid="dr-law-simulated", confidence=confidence))
    title, margin = _title(f"How many {label} in {n} draws ({_mode(replace)})")
    fig.update_layout(
        height=340 + margin["t"] - _MARGIN["t"], bargap=0.15, showlegend=True,
        title_text=title, xaxis_title=f"{label} drawn (tokens)", yaxis_title="probability",
        xaxis={"dtick": 1 if top <= 30 else None}, margin=margin,
    )
    return legend_above(fig)


def prob_curve_figure(bag: Bag, condition: Condition, *, n: int | None = None, replace: bool = False,
                      max_draws: int | None = None, trials: int = 0, rng: RngLike = None,
                      confidence: float = 0.95, label: str | None = None) -> go.Figure:
    """P(condition holds after t draws) for every t: the exact curve, with ``n`` marked.

    Calls :meth:`rometools.draws.Bag.prob_curve` (one pass for every number of
    draws) and, when ``trials > 0`` and ``n`` is given, the seeded twin
    ``bag.draw(n).simulate(trials, rng=rng).prob(condition)``, drawn at ``n``
    with its Wilson interval.

    Parameters
    ----------
    bag : rometools.draws.Bag
    condition : rometools.draws.Condition
        Any condition (it need not stay true once met).
    n : int, optional
        The number of draws asked about (draws): marked on the curve, and
        where the simulated estimate sits.
    replace : bool
        Draws with replacement.
    max_draws : int, optional
        Last number of draws on the curve (draws). Default: the whole bag
        without replacement; ``max(2 n, 10)`` with replacement.
    trials : int
        Simulated draws at ``n`` (0: none; otherwise at least 2).
    rng : None, int or numpy.random.Generator
        Seed of the simulation (SPEC 7).
    confidence : float
        Level of the Wilson interval.
    label : str, optional
        Words for the condition in the title (default: its ``repr``). A long
        title is wrapped at :data:`TITLE_CHARS` characters (``<br>``).

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``exact`` (``dr-curve``): x = draws 0 to ``max_draws``, y =
        probability, ``customdata`` = the exact fraction as text (empty when
        longer than :data:`CURVE_FRACTION_CHARS`). With ``n``: ``exact at n
        draws`` (``dr-curve-at-n``; one point, ``customdata`` = the whole exact
        fraction). With ``n`` and ``trials``: ``simulated at n draws``
        (``dr-curve-simulated``; ``customdata`` = ``[[successes, low, high]]``).

    Raises
    ------
    ValueError
        As :meth:`rometools.draws.Bag.prob_curve`; ``n`` beyond ``max_draws``;
        :class:`rometools.draws.TooLargeError` when too large for exact odds.

    Examples
    --------
    3 red, 2 green, 1 yellow: P(some colour missing) is 7/10 after 3 draws.

    >>> from rometools.draws import Bag, some_absent
    >>> fig = prob_curve_figure(Bag({"red": 3, "green": 2, "yellow": 1}), some_absent(), n=3,
    ...                         trials=400, rng=2, label="some colour missing")
    >>> fig.data[0].customdata[3], fig.data[1].customdata[0], [t.meta for t in fig.data]
    ('7/10', '7/10', ['dr-curve', 'dr-curve-at-n', 'dr-curve-simulated'])
    >>> fig.layout.xaxis.title.text
    'draws (tokens drawn)'
    """
    if max_draws is None:
        max_draws = max(2 * (n or 0), 10) if replace else bag.total
    if n is not None and not 0 <= n <= max_draws:
        raise ValueError(f"n must be 0 to {max_draws} (the curve's last number of draws), got {n}")
    curve = bag.prob_curve(condition, replace=replace, max_draws=max_draws)
    xs = list(curve)
    if label is None:  # the condition's own words if it has them; never its code
        text = getattr(condition, "text", None)
        label = text if isinstance(text, str) and text and "(" not in text else "the condition"
    fig = new_figure(go.Scatter(
        x=xs, y=[float(p) for p in curve.values()], name="exact", uid="dr-curve", meta="dr-curve",
        mode="lines+markers" if len(xs) <= 60 else "lines",
        line={"color": EXACT_COLOUR, "width": 2}, marker={"color": EXACT_COLOUR, "size": 5},
        customdata=[_short_fraction(p) for p in curve.values()],
        hovertemplate="%{x} draws: %{y:.4f} %{customdata}<extra>exact</extra>",
    ))
    if n is not None:
        p = curve[n]
        fig.add_trace(go.Scatter(
            x=[n], y=[float(p)], name=f"exact at {n} draws", uid="dr-curve-at-n", meta="dr-curve-at-n",
            mode="markers", marker={"color": EXACT_COLOUR, "size": 12, "symbol": "circle-open",
                                    "line": {"width": 3}},
            customdata=[str(p)], hovertemplate="%{x} draws: %{y:.4f} = %{customdata}<extra></extra>",
        ))
        if trials:
            est = bag.draw(n, replace=replace).simulate(trials, rng=rng, confidence=confidence).prob(condition)
            fig.add_trace(simulated_trace({n: est.successes}, trials, [n], uid="dr-curve-simulated",
                                          name=f"simulated at {n} draws", confidence=confidence))
    title, margin = _title(f"P({label}) by number of draws ({_mode(replace)})")
    fig.update_layout(
        height=340 + margin["t"] - _MARGIN["t"], showlegend=True,
        title_text=title, xaxis_title="draws (tokens drawn)", yaxis_title="probability",
        yaxis={"range": [0, 1.05]}, margin=margin,
    )
    return legend_above(fig)
