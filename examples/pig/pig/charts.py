"""Pig's chart: the points a turn banks when holding at N, exact beside simulated."""

from __future__ import annotations

from collections import Counter

from pig.odds import turn_points
from rometools.charts._common import exact_bars, new_figure, simulated_trace


def turn_points_figure(hold_at: int, sides: int = 6, simulated: Counter | None = None, trials: int = 0):
    """Bars of :func:`pig.odds.turn_points`; with ``simulated`` turn counts, their frequencies
    with Wilson intervals beside them (trace metas ``pig-exact``, ``pig-simulated``)."""
    law = turn_points(hold_at, sides)
    traces = [exact_bars(law, uid="pig-exact")]
    if simulated:
        traces.append(simulated_trace(simulated, trials, list(law), uid="pig-simulated"))
    fig = new_figure(*traces)
    fig.update_layout(title=f"Points one turn banks, holding at {hold_at} ({sides}-sided die)",
                      xaxis_title="points banked", yaxis_title="probability")
    return fig
