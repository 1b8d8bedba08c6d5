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


def banked_figure(states, current_turn: int | None = None):
    """Each seat's banked points (solid) and banked plus turn total (dotted) at every decision of a
    game (``states``: :func:`rometools.core.playout.turn_states`), the target as a line; trace metas
    ``pig-banked-p1``..., ``pig-at-risk-p1``..."""
    import plotly.graph_objects as go

    from rometools.charts._common import seat_colour

    config, xs = states[0].config, list(range(len(states)))
    traces = []
    for seat in range(config.players):
        colour, name = seat_colour(seat), f"P{seat + 1}"
        traces.append(go.Scatter(x=xs, y=[s.banked[seat] for s in states], name=f"{name} banked",
                                 meta=f"pig-banked-p{seat + 1}", line={"color": colour}, line_shape="hv"))
        at_risk = [s.banked[seat] + (s.turn_total if s.seat == seat else 0) for s in states]
        traces.append(go.Scatter(x=xs, y=at_risk, name=f"{name} with turn total", meta=f"pig-at-risk-p{seat + 1}",
                                 line={"color": colour, "dash": "dot"}, line_shape="hv"))
    fig = new_figure(*traces)
    fig.add_hline(y=config.target, line_dash="dash", annotation_text=f"target {config.target}")
    if current_turn is not None:
        fig.add_vline(x=current_turn, line_dash="dot")
    fig.update_layout(title=f"Points banked at each decision (target {config.target})",
                      xaxis_title="decision", yaxis_title="points")
    return fig
