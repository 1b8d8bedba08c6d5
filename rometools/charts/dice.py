"""Plotly figures for dice pools (:mod:`rometools.draws.dice`): the law of a statistic of a roll.

Every number comes from :mod:`rometools.draws`; this module only lays it out and returns
a new :class:`plotly.graph_objects.Figure`, never showing it. Probabilities stay exact
(``Fraction``) until here: bars plot ``float(p)`` and the exact fraction rides along in
``customdata`` and the hover. The simulated overlay is the seeded twin of the same
question (``Pool.simulate(trials, rng=...)``), each frequency with its Wilson interval.

Trace names, uids and ``meta`` are stable: :func:`dice_law_figure` draws ``exact``
(``di-law-exact``, bars) and, with ``trials``, ``simulated`` (``di-law-simulated``).
"""

from __future__ import annotations

import textwrap

import plotly.graph_objects as go

from rometools.charts._common import exact_bars, legend_above, new_figure, simulated_trace
from rometools.core.rng import RngLike
from rometools.draws import Pool, Statistic

__all__ = ["dice_law_figure"]

#: Title lines are wrapped at this many characters.
TITLE_CHARS = 70
#: Most values shown one by one on the x axis (ticks every value up to this many).
TICK_EACH = 30

_MARGIN = {"t": 60, "b": 50, "l": 60, "r": 10}


def dice_law_figure(pool: Pool, statistic: Statistic, *, trials: int = 0, rng: RngLike = None,
                    confidence: float = 0.95, label: str | None = None, pool_label: str | None = None) -> go.Figure:
    """The law of a statistic of a roll of ``pool``: exact bars, simulated overlay.

    Calls :meth:`rometools.draws.Pool.law` (exact) and, when ``trials > 0``, the law of
    :meth:`rometools.draws.Pool.simulate` (seeded by ``rng``) for the overlay.

    Parameters
    ----------
    pool : rometools.draws.Pool
        The dice rolled.
    statistic : rometools.draws.Statistic
        What is read off the roll (:func:`~rometools.draws.total`,
        :func:`~rometools.draws.highest`, a count...): whole numbers.
    trials : int
        Simulated rolls for the overlay (0: none; otherwise at least 2).
    rng : None, int or numpy.random.Generator
        Seed of the simulation (SPEC 7).
    confidence : float
        Level of the Wilson interval.
    label : str, optional
        Words for the statistic in the title and axis (default its repr).
    pool_label : str, optional
        Words for the pool in the title (default :meth:`~rometools.draws.Pool.text`).

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``exact`` (uid and meta ``di-law-exact``): x = every value from the lowest
        to the highest possible; y = probability; ``customdata`` = the exact fraction as
        text. With ``trials`` also ``simulated`` (``di-law-simulated``; ``customdata`` =
        ``[successes, low, high]``).

    Raises
    ------
    ValueError
        As :meth:`rometools.draws.Pool.law` (a statistic over values on symbol faces),
        a ``trials`` of 1 or negative, or :class:`rometools.draws.TooLargeError`.

    Examples
    --------
    >>> from rometools.draws import Die, Pool, highest
    >>> fig = dice_law_figure(Pool([Die.d(6)] * 4), highest(3), trials=500, rng=1, label="the best 3 of 4d6")
    >>> fig.data[0].x[0], fig.data[0].customdata[-1], fig.data[1].meta
    (3, '7/432', 'di-law-simulated')
    >>> fig.layout.title.text
    'The best 3 of 4d6: 4d6'
    """
    law = pool.law(statistic)
    simulated = pool.simulate(trials, rng=rng, confidence=confidence).law(statistic) if trials else None
    values = [*law, *(simulated or ())]
    if not all(isinstance(v, int) for v in values):
        raise ValueError(f"{statistic!r} is not a whole number of the roll; chart a count or a total")
    xs = list(range(min(values), max(values) + 1))
    fig = new_figure(exact_bars(law, xs, uid="di-law-exact"))
    if simulated is not None:
        counts = {x: e.successes for x, e in simulated.items()}
        fig.add_trace(simulated_trace(counts, trials, xs, uid="di-law-simulated", confidence=confidence))
    words = repr(statistic) if label is None else label
    pool_words = pool.text() if pool_label is None else pool_label
    lines = textwrap.wrap(f"{words[:1].upper()}{words[1:]}: {pool_words}", TITLE_CHARS) or [""]
    margin = {**_MARGIN, "t": _MARGIN["t"] + 18 * (len(lines) - 1)}
    fig.update_layout(
        height=340 + margin["t"] - _MARGIN["t"], bargap=0.15, showlegend=True, title_text="<br>".join(lines),
        xaxis_title=words, yaxis_title="probability", margin=margin,
        xaxis={"dtick": 1 if len(xs) <= TICK_EACH else None},
    )
    return legend_above(fig)
