"""How much thinking pays: the skill curve of any registered game.

Game-agnostic: the figure is drawn from :func:`rometools.core.search.skill_curve`'s
table, whatever the game. Traces have stable ``meta`` names prefixed
``skill-``.

Examples
--------
>>> import pandas as pd
>>> curve = pd.DataFrame({"budget": [0, 10, 100], "bot": ["greedy", "mcts:10", "mcts:100"],
...                       "games": [200, 200, 200], "wins": [50, 90, 150]})
>>> fig = skill_curve_figure(curve, opponent="greedy")
>>> [t.meta for t in fig.data]
['skill-baseline', 'skill-mcts']
>>> list(fig.data[1].y)
[0.45, 0.75]
"""

from __future__ import annotations

import plotly.graph_objects as go

from rometools.charts._common import SIMULATED_COLOUR, legend_above, new_figure, simulated_trace
from rometools.core.stats import proportion_estimate

__all__ = ["BASELINE_COLOUR", "skill_curve_figure"]

#: Colour of the opponent-against-itself line.
BASELINE_COLOUR = "#7f7f7f"


def skill_curve_figure(curve, *, opponent: str | None = None, title: str | None = None,
                       confidence: float = 0.95) -> go.Figure:
    """The MCTS bot's win rate against the number of simulations per move.

    Markers with Wilson-interval error bars, one per budget, on a log axis; a
    dashed line at the baseline (budget 0: the opponent against itself, the
    rate a seat of equal skill gets), its interval in the hover. Points
    climbing well above the line say skill decides the game; points along
    it say luck does.

    Parameters
    ----------
    curve : pandas.DataFrame
        :func:`rometools.core.search.skill_curve`'s table: columns ``budget``,
        ``games``, ``wins`` (a row with budget 0 is the baseline).
    opponent : str, optional
        The opponent's name for the labels (default: the baseline row's ``bot``).
    title : str, optional
        Figure title (default: "Win rate of MCTS against <opponent>").
    confidence : float
        Of the Wilson intervals, in (0, 1).

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``skill-baseline`` (if the table has budget 0) and
        ``skill-mcts`` (``x`` = budgets, ``y`` = win rates, ``error_y`` the
        intervals, ``customdata`` = ``[wins, low, high]``).

    Raises
    ------
    ValueError
        If ``curve`` lacks a column, has no budget above 0, or its budgets
        do not all play the same number of games.
    """
    missing = [c for c in ("budget", "games", "wins") if c not in getattr(curve, "columns", ())]
    if missing:
        raise ValueError(f"curve must be the table skill_curve() returns; it lacks {missing}")
    rows = curve.sort_values("budget")
    base = rows[rows["budget"] == 0]
    points = rows[rows["budget"] > 0]
    if points.empty:
        raise ValueError("curve has no budget above 0 to draw")
    games = set(points["games"].astype(int))
    if len(games) != 1:
        raise ValueError(f"every budget must play the same number of games, got {sorted(games)}")
    trials = games.pop()
    if opponent is None:
        opponent = str(base["bot"].iloc[0]) if len(base) and "bot" in base.columns else "the opponent"
    budgets = [int(b) for b in points["budget"]]
    mcts = simulated_trace(dict(zip(budgets, (int(w) for w in points["wins"]), strict=True)), trials, budgets,
                           uid="skill-mcts", name="MCTS", confidence=confidence, colour=SIMULATED_COLOUR)
    mcts.update(mode="lines+markers", line={"color": SIMULATED_COLOUR, "width": 1},
                hovertemplate=("%{x} simulations per move: win rate %{y:.3f} (%{customdata[0]} of "
                               f"{trials} games; {confidence:.0%} Wilson interval "
                               "%{customdata[1]:.3f} to %{customdata[2]:.3f})<extra></extra>"))
    traces = []
    if len(base):
        est = proportion_estimate(int(base["wins"].iloc[0]), int(base["games"].iloc[0]), confidence=confidence)
        label = f"{opponent} against itself"
        traces.append(go.Scatter(
            x=[min(budgets), max(budgets)], y=[est.estimate, est.estimate], mode="lines", name=label,
            uid="skill-baseline", meta="skill-baseline", line={"color": BASELINE_COLOUR, "dash": "dash"},
            customdata=[[est.successes, est.low, est.high]] * 2,
            hovertemplate=(f"{label}: %{{y:.3f}} ({est.successes} of {est.trials}; "
                           f"{confidence:.0%} Wilson interval {est.low:.3f} to {est.high:.3f})<extra></extra>")))
    fig = new_figure(*traces, mcts)
    fig.update_layout(
        title=title or f"Win rate of MCTS against {opponent}",
        xaxis={"title": "MCTS simulations per move", "type": "log" if len(budgets) > 1 else "linear",
               "tickvals": budgets},
        yaxis={"title": "win rate (first place)", "range": [0, 1], "tickformat": ".0%"})
    return legend_above(fig)
