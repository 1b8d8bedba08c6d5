"""Game flow drawn (:mod:`rometools.core.flow`): a chart per figure, for the report and the explorer.

* :func:`lead_figure` -- the lead on points through the game: its average and the band of the
  middle 80% of games, and how far behind the eventual winner was (drama).
* :func:`winner_rank_figure` -- the eventual winner's place through the game, as the share of
  games in which they stood 1st, 2nd, ... (decisiveness, comebacks).
* :func:`branching_figure` -- legal moves per decision by phase of the game (early, middle,
  late), with t intervals, and the share of real choices.
* :func:`lead_changes_figure` -- lead changes per game by phase, with t intervals.
* :func:`duration_figure` -- games by length, in the game's unit.
* :func:`chances_figure` -- the eventual winner's estimated chance of winning at the sampled
  points (uncertainty and swing).
* :func:`flow_summary_figure` -- every figure that is a share (real choices, comebacks, time
  behind, decided at, decided in the last round, shared wins, tiebreaks, completion,
  uncertainty) with its 95% interval, on one scale.
* :func:`flow_by_players_figure` -- the same shares at each player count.
* :func:`flow_comparison_figure` -- two variants paired: each difference with its interval.

Every function takes plain values (a :class:`~rometools.core.flow.Flow`, a dict of them, a
:func:`~rometools.core.flow.compare_flow` table) and returns a ``go.Figure``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go

from rometools.charts._common import (
    SEAT_COLOURS,
    SIMULATED_COLOUR,
    add_caption,
    legend_above,
    new_figure,
)
from rometools.core.formatting import counted

__all__ = ["SUMMARY_KEYS", "branching_figure", "chances_figure", "duration_figure", "flow_by_players_figure",
           "flow_comparison_figure", "flow_figures", "flow_summary_figure", "lead_changes_figure", "lead_figure",
           "winner_rank_figure"]

#: The figures :func:`flow_summary_figure` draws: each a share of games, of decisions or of the game, 0 to 1.
SUMMARY_KEYS = ("decision_moves", "comeback", "time_behind", "decided_at", "last_unit", "drawishness", "tiebreaks",
                "completion", "uncertainty")
#: Width of every flow chart (pixels): the report's and the explorer's.
WIDTH = 760
_BAND = "rgba(31, 119, 180, 0.18)"
_PHASE_NAMES = ("early third", "middle third", "late third")


def _where(f: Any) -> str:
    return f"{f.game.title}, {f.game.players} players, {counted(f.n_games, 'game')}"


def _share_axis() -> dict:
    return {"tickformat": ".0%", "range": [0, 1], "title": {"text": "point of the game (share of its decisions)"}}


def lead_figure(f: Any) -> go.Figure:
    """The lead on points through the game: the leader's score minus the second's, averaged over
    games, with the band holding the middle 80% of games (10% to 90%); and the eventual winner's
    deficit (how far behind the leader they were, 0 when leading), averaged over the games with
    one winner.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``flow-lead-band`` (the band), ``flow-lead`` (the average lead) and
        ``flow-winner-deficit``; ``x`` the point of the game (0 to 1), ``y`` points.

    Examples
    --------
    >>> from rometools.core.flow import flow
    >>> fig = lead_figure(flow("pig", 6, progress=False))
    >>> [t.meta for t in fig.data]
    ['flow-lead-band', 'flow-lead', 'flow-winner-deficit']
    """
    s = f.series
    at = s["at"]
    fig = new_figure(
        go.Scatter(x=at + at[::-1], y=s["lead_high"] + s["lead_low"][::-1], fill="toself", fillcolor=_BAND,
                   line={"width": 0}, hoverinfo="skip", name="middle 80% of games", meta="flow-lead-band",
                   uid="flow-lead-band"),
        go.Scatter(x=at, y=s["lead_mean"], mode="lines+markers", line={"color": SIMULATED_COLOUR, "width": 2},
                   name="average lead", meta="flow-lead", uid="flow-lead",
                   hovertemplate="%{x:.0%} of the way in: the leader is %{y:.1f} points ahead on average"
                                 "<extra></extra>"),
        go.Scatter(x=at, y=s["deficit_mean"] or [math.nan] * len(at), mode="lines", name="eventual winner behind by",
                   line={"color": SEAT_COLOURS[2], "width": 2, "dash": "dash"}, meta="flow-winner-deficit",
                   uid="flow-winner-deficit",
                   hovertemplate="%{x:.0%} of the way in: the eventual winner is %{y:.1f} points behind the "
                                 "leader on average<extra></extra>"))
    fig.update_layout(title=f"The lead through the game: {_where(f)}", xaxis=_share_axis(),
                      yaxis_title="points", width=WIDTH, height=420)
    legend_above(fig)
    return add_caption(fig, "Solid: the leader's points minus the second player's, averaged over games; "
                            "shaded: the middle 80% of games.\nDashed: how far the eventual winner was "
                            "behind the leader (0 when leading).")


def winner_rank_figure(f: Any) -> go.Figure:
    """The eventual winner's place on points through the game: at each point, the share of games in
    which they stood 1st (a tie for the lead counts as 1st), 2nd, ..., stacked.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``flow-winner-rank-1``, ``flow-winner-rank-2``, ... (``y`` shares of games).

    Examples
    --------
    >>> from rometools.core.flow import flow
    >>> fig = winner_rank_figure(flow("pig", 6, progress=False))
    >>> [t.meta for t in fig.data]
    ['flow-winner-rank-1', 'flow-winner-rank-2']
    """
    s = f.series
    names = {1: "1st", 2: "2nd", 3: "3rd"}
    traces = []
    for rank, shares in s["winner_rank"].items():
        label = names.get(rank, f"{rank}th")
        traces.append(go.Scatter(
            x=s["at"], y=shares, mode="lines", stackgroup="rank", name=f"winner {label}",
            line={"width": 0.5, "color": SEAT_COLOURS[(rank - 1) % len(SEAT_COLOURS)]},
            meta=f"flow-winner-rank-{rank}", uid=f"flow-winner-rank-{rank}",
            hovertemplate=f"%{{x:.0%}} of the way in: the eventual winner stood {label} in %{{y:.0%}} "
                          "of games<extra></extra>"))
    fig = new_figure(*traces)
    fig.update_layout(title=f"Where the eventual winner stood: {_where(f)}", xaxis=_share_axis(),
                      yaxis={"title": {"text": "share of games"}, "tickformat": ".0%", "range": [0, 1]},
                      width=WIDTH, height=400)
    legend_above(fig)
    return add_caption(fig, "Each colour: the share of games in which the eventual winner held that place on "
                            "points (a tie for the lead counts as 1st).")


def _phase_bars(f: Any, key: str, meta: str, title: str, axis: str, hover: str) -> go.Figure:
    s = f.series[key]
    shown = [not math.isnan(m) for m in s["mean"]]
    xs = [p for p, ok in zip(_PHASE_NAMES, shown, strict=True) if ok]
    mean = [m for m, ok in zip(s["mean"], shown, strict=True) if ok]
    low = [lo for lo, ok in zip(s["low"], shown, strict=True) if ok]
    high = [hi for hi, ok in zip(s["high"], shown, strict=True) if ok]
    fig = new_figure(go.Bar(
        x=xs, y=mean, marker={"color": SIMULATED_COLOUR}, name=axis, meta=meta, uid=meta,
        error_y={"type": "data", "symmetric": False, "array": [h - m for h, m in zip(high, mean, strict=True)],
                 "arrayminus": [m - lo for m, lo in zip(mean, low, strict=True)]},
        customdata=[[lo, hi] for lo, hi in zip(low, high, strict=True)],
        hovertemplate=hover + " (95% t interval %{customdata[0]:.2f} to %{customdata[1]:.2f})<extra></extra>"))
    fig.update_layout(title=f"{title}: {_where(f)}", xaxis_title=f"phase of the game (by {f.unit.plural})",
                      yaxis_title=axis, width=WIDTH, height=380)
    return fig


def branching_figure(f: Any) -> go.Figure:
    """Legal moves per decision in each third of the game (by the game's unit), with 95% t intervals
    over games; the caption gives the share of decisions that are a real choice.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``flow-branching`` (``x`` the phases, ``y`` legal moves).

    Examples
    --------
    >>> from rometools.core.flow import flow
    >>> fig = branching_figure(flow("pig", 6, progress=False))
    >>> list(fig.data[0].x), list(fig.data[0].y)
    (['early third', 'middle third', 'late third'], [2.0, 2.0, 2.0])
    """
    fig = _phase_bars(f, "branching", "flow-branching", "Legal moves per decision", "legal moves per decision",
                      "%{x}: %{y:.1f} legal moves per decision on average")
    real = f.metrics["decision_moves"]
    return add_caption(fig, f"Bars: the average over games of the legal moves a player chose among; whiskers: "
                            f"95% t intervals.\n{real.name}: {real.text}")


def lead_changes_figure(f: Any) -> go.Figure:
    """Lead changes per game in each third of the game, with 95% t intervals over games.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``flow-lead-changes``.

    Examples
    --------
    >>> from rometools.core.flow import flow
    >>> lead_changes_figure(flow("pig", 6, progress=False)).data[0].meta
    'flow-lead-changes'
    """
    fig = _phase_bars(f, "lead_changes", "flow-lead-changes", "When the lead changes hands",
                      "lead changes per game", "%{x}: the lead changed hands %{y:.2f} times a game on average")
    return add_caption(fig, "A change: the lead on points passes from one player to another (a tie for the "
                            "lead is not one).\n" + f.metrics["lead_changes"].text)


def duration_figure(f: Any) -> go.Figure:
    """Games by length in the game's unit (rounds, turns), as bars.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``flow-duration`` (``x`` the length, ``y`` games).

    Examples
    --------
    >>> from rometools.core.flow import flow
    >>> duration_figure(flow("pig", 6, progress=False)).layout.xaxis.title.text
    'length (turns)'
    """
    counts = f.per_game["units"].value_counts().sort_index()
    fig = new_figure(go.Bar(
        x=[int(x) for x in counts.index], y=[int(y) for y in counts.to_numpy()], marker={"color": SIMULATED_COLOUR},
        name="games", meta="flow-duration", uid="flow-duration",
        hovertemplate=f"%{{y}} games lasted %{{x}} {f.unit.plural}<extra></extra>"))
    fig.update_layout(title=f"How long a game lasts: {_where(f)}", xaxis_title=f"length ({f.unit.plural})",
                      yaxis_title="games", width=WIDTH, height=360, bargap=0.1)
    unit = f" ({f.unit.name}: {f.unit.means})" if f.unit.means else ""
    return add_caption(fig, f.metrics["duration"].text + unit)


def chances_figure(f: Any) -> go.Figure:
    """The eventual winner's estimated chance of winning at the sampled points of the valued games
    (then 1 at the end), averaged, with 95% t intervals.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``flow-chances`` (``x`` the point of the game, ``y`` the chance), or an empty chart
        saying it was not measured.

    Examples
    --------
    >>> from rometools.core.flow import flow
    >>> fig = chances_figure(flow("pig", 4, value_games=2, value_playouts=2, progress=False))
    >>> fig.data[0].meta, fig.data[0].x[-1]
    ('flow-chances', 1.0)
    """
    from rometools.charts._common import empty_figure

    s = f.series
    if not s["chance_at"]:
        return empty_figure("The winner's chances through the game: not measured (value some games: "
                            "value_games)")
    fig = new_figure(go.Scatter(
        x=s["chance_at"], y=s["chance_mean"], mode="lines+markers", line={"color": SIMULATED_COLOUR},
        error_y={"type": "data", "symmetric": False,
                 "array": [h - m for h, m in zip(s["chance_high"], s["chance_mean"], strict=True)],
                 "arrayminus": [m - lo for m, lo in zip(s["chance_mean"], s["chance_low"], strict=True)]},
        name="eventual winner's chance", meta="flow-chances", uid="flow-chances",
        hovertemplate="%{x:.0%} of the way in: the eventual winner's estimated chance %{y:.0%}<extra></extra>"))
    fair = 1 / f.game.players
    fig.add_hline(y=fair, line_dash="dot", line_color="#888")
    fig.update_layout(title=f"The eventual winner's chance through the game: {f.game.title}, "
                            f"{counted(f.valued, 'game')} valued",
                      xaxis=_share_axis(), yaxis={"title": {"text": "estimated chance of winning"},
                                                  "tickformat": ".0%", "range": [0, 1.05]},
                      width=WIDTH, height=400)
    return add_caption(fig, f"Each point: the chance estimated by {f.value_by}; whiskers: 95% t intervals; "
                            f"dotted: an even chance ({fair:.0%}).\n{f.metrics['uncertainty'].text}")


def flow_summary_figure(f: Any) -> go.Figure:
    """Every figure of :data:`SUMMARY_KEYS` that was measured, with its 95% interval, on one 0-100% scale.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``flow-summary`` (``y`` the figures' names, ``x`` their values).

    Examples
    --------
    >>> from rometools.core.flow import flow
    >>> fig = flow_summary_figure(flow("pig", 6, progress=False))
    >>> fig.data[0].meta, "Completion" in fig.data[0].y
    ('flow-summary', True)
    """
    shown = [f.metrics[k] for k in SUMMARY_KEYS if f.metrics[k].value == f.metrics[k].value][::-1]
    fig = new_figure(go.Scatter(
        x=[m.value for m in shown], y=[m.name for m in shown], mode="markers",
        marker={"color": SIMULATED_COLOUR, "size": 10, "symbol": "diamond"},
        error_x={"type": "data", "symmetric": False, "array": [m.high - m.value for m in shown],
                 "arrayminus": [m.value - m.low for m in shown]},
        hovertext=[m.text for m in shown], hoverinfo="text", name="figure", meta="flow-summary", uid="flow-summary"))
    fig.update_layout(title=f"How it plays at a glance: {_where(f)}",
                      xaxis={"title": {"text": "share (95% interval)"}, "tickformat": ".0%", "range": [-0.02, 1.02]},
                      yaxis={"title": {"text": "figure"}, "automargin": True}, width=WIDTH, height=max(300, 34 * len(shown) + 150),
                      margin={"l": 190})
    return add_caption(fig, "Shares of games, of decisions or of the game. Whiskers: Wilson intervals for shares "
                            "of games, Student t intervals for averages. Hover for each figure in words.")


def flow_by_players_figure(by: Mapping[int, Any], keys: tuple[str, ...] = SUMMARY_KEYS) -> go.Figure:
    """The shares of :data:`SUMMARY_KEYS` at each player count (:func:`~rometools.core.flow.flow_by_players`),
    one marker per count, with 95% intervals.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``flow-players-2``, ``flow-players-3``, ...

    Examples
    --------
    >>> from rometools.core.flow import flow_by_players
    >>> fig = flow_by_players_figure(flow_by_players("pig", 4, counts=[2, 3]))
    >>> [t.meta for t in fig.data]
    ['flow-players-2', 'flow-players-3']
    """
    traces = []
    counts = sorted(by)
    for k, n in enumerate(counts):
        f = by[n]
        shown = [f.metrics[key] for key in keys if f.metrics[key].value == f.metrics[key].value][::-1]
        traces.append(go.Scatter(
            x=[m.value for m in shown], y=[m.name for m in shown], mode="markers", name=f"{n} players",
            marker={"color": SEAT_COLOURS[k % len(SEAT_COLOURS)], "size": 9},
            error_x={"type": "data", "symmetric": False, "array": [m.high - m.value for m in shown],
                     "arrayminus": [m.value - m.low for m in shown]},
            hovertext=[f"{n} players: {m.text}" for m in shown], hoverinfo="text",
            meta=f"flow-players-{n}", uid=f"flow-players-{n}"))
    first = by[counts[0]] if counts else None
    fig = new_figure(*traces)
    fig.update_layout(title=f"How it plays at each player count: {first.game.title if first else ''}, "
                            f"{counted(first.n_games if first else 0, 'game')} each",
                      xaxis={"title": {"text": "share (95% interval)"}, "tickformat": ".0%", "range": [-0.02, 1.02]},
                      yaxis={"title": {"text": "figure"}, "automargin": True}, width=WIDTH, scattermode="group",
                      height=max(320, 40 * len(keys) + 170), margin={"l": 190})
    legend_above(fig)
    return add_caption(fig, "The same seeds at every player count; whiskers: 95% intervals.")


def flow_comparison_figure(table: Any) -> go.Figure:
    """Two variants' game flow paired on the same seeds (:func:`~rometools.core.flow.compare_flow`):
    the difference the variant makes to each share (real choices, comebacks, time behind, decided
    at, the last round, shared wins, tiebreaks, completion), in percentage points, with its 95% t
    interval; a share with no spread in either variant is left out (its table row says so), and
    figures in other units (rounds, moves, points) are in the table only.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``flow-comparison`` (``y`` the figures, ``x`` the differences in percentage points).

    Examples
    --------
    >>> from rometools.core.flow import compare_flow
    >>> fig = flow_comparison_figure(compare_flow("pig", {"target": 20}, {"target": 60}, 6))
    >>> fig.data[0].meta, fig.layout.xaxis.title.text
    ('flow-comparison', 'the variant minus the game, percentage points (95% t interval)')
    """
    rows = table[table["ci_low"].notna() & (table["unit"] == "share")].iloc[::-1]
    fig = new_figure(go.Scatter(
        x=list(100 * rows["difference"]), y=list(rows["figure"]), mode="markers",
        marker={"color": SIMULATED_COLOUR, "size": 9, "symbol": "diamond"},
        error_x={"type": "data", "symmetric": False, "array": list(100 * (rows["ci_high"] - rows["difference"])),
                 "arrayminus": list(100 * (rows["difference"] - rows["ci_low"]))},
        hovertemplate="%{y}: the variant minus the game, %{x:.1f} percentage points<extra></extra>",
        name="difference", meta="flow-comparison", uid="flow-comparison"))
    fig.add_vline(x=0, line_dash="dot", line_color="#888")
    pairs = int(table["pairs"].max()) if len(table) else 0
    fig.update_layout(title=f"What the variant changes, {counted(pairs, 'paired game')}",
                      xaxis_title="the variant minus the game, percentage points (95% t interval)",
                      yaxis={"title": {"text": "figure"}, "automargin": True}, width=WIDTH, height=max(300, 30 * len(rows) + 170),
                      margin={"l": 190})
    return add_caption(fig, "Right of the dotted line: more often with the variant; left: less often. "
                            "Figures in rounds, moves or points are in the table.")


def flow_figures(f: Any) -> dict[str, go.Figure]:
    """Every chart of one :class:`~rometools.core.flow.Flow`, by name, in the report's order.

    Examples
    --------
    >>> from rometools.core.flow import flow
    >>> list(flow_figures(flow("pig", 4, progress=False)))
    ['summary', 'lead', 'winner_rank', 'lead_changes', 'branching', 'duration', 'chances']
    """
    return {"summary": flow_summary_figure(f), "lead": lead_figure(f), "winner_rank": winner_rank_figure(f),
            "lead_changes": lead_changes_figure(f), "branching": branching_figure(f),
            "duration": duration_figure(f), "chances": chances_figure(f)}
