"""Plotly figures for Augustus: completion odds, card difficulty, the bag, a game in progress.

Every number comes from :mod:`rometools.augustus`; these functions only lay it
out. Each returns a new :class:`plotly.graph_objects.Figure` and never shows it.
Probabilities stay exact until here: lines and bars plot ``float(p)`` and carry
the exact fraction in ``customdata`` (and the hover); simulated values come with
their Wilson interval as error bars. Template and traces are the shared ones of
:mod:`rometools.charts._common`.

Trace ``meta`` (= ``uid``) names are stable, prefixed ``au-``:

* :func:`completion_cdf_figure`: ``au-cdf-<i>`` per objective (exact),
  ``au-cdf-noreset-<i>`` (exact, without the joker reset), ``au-cdf-sim-<i>``
  (simulated, Wilson error bars);
* :func:`difficulty_figure`: ``au-difficulty``;
* :func:`bag_figure`: ``au-bag-left`` (tokens left) and ``au-next-token`` (exact odds);
* :func:`game_odds_figure`: ``au-game-odds-p1``, ``au-game-odds-p2``... per seat (P1 first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from rometools.augustus import (
    completion_cdf,
    expected_draws,
    load_components,
    next_token_odds,
    simulate_completion,
)
from rometools.augustus.components import slots_text, symbol_text
from rometools.charts._common import (
    EXACT_COLOUR,
    REGION_COLOURS,
    add_caption,
    exact_bars,
    legend_above,
    new_figure,
    seat_colour,
    simulated_trace,
)
from rometools.core.formatting import exact_mean, probability
from rometools.core.rng import RngLike

__all__ = [
    "KIND_COLOURS",
    "OBJECTIVE_COLOURS",
    "bag_figure",
    "completion_cdf_figure",
    "difficulty_figure",
    "game_odds_figure",
    "slots_text",
    "symbol_text",
]

#: Bar colour of each objective kind (senators grey-brown; the three province colours).
KIND_COLOURS = {"senator": REGION_COLOURS["brown"], "green": REGION_COLOURS["green"],
                "pink": REGION_COLOURS["pink"], "orange": REGION_COLOURS["orange"]}
#: Line colours of the objectives compared in :func:`completion_cdf_figure`, in order.
OBJECTIVE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b")


def completion_cdf_figure(objectives: Mapping[str, Mapping[str, int]], max_draws: int = 30, *,
                          compare_reset: bool = False, joker_policy: str = "rarest",
                          trials: int = 0, rng: RngLike = None,
                          bag: Mapping[str, int] | None = None) -> go.Figure:
    """P(complete within n draws) of one or more objectives side by side.

    Parameters
    ----------
    objectives : Mapping[str, Mapping[str, int]]
        ``{label: slots}``; up to 5 objectives.
    max_draws : int
        Last n (draws), 1 or more.
    compare_reset : bool
        Also draw each objective without the joker reset (dashed).
    joker_policy : str
        As :func:`rometools.augustus.completion_cdf`.
    trials : int
        Simulated objectives per curve (0: none), seeded by ``rng``.
    rng : None, int or numpy.random.Generator
    bag : Mapping[str, int], optional
        The full bag; default the Augustus bag.

    Returns
    -------
    plotly.graph_objects.Figure
        Lines ``au-cdf-<i>`` (``customdata``: the exact fractions; the hover
        reads them as :func:`~rometools.core.formatting.probability`), dashed
        ``au-cdf-noreset-<i>`` with ``compare_reset``, markers ``au-cdf-sim-<i>``
        with ``trials``; the title gives each exact expected draws.

    Raises
    ------
    ValueError
        For a bad objective (named by its label), ``max_draws`` below 1, more than 5 objectives.

    Examples
    --------
    >>> fig = completion_cdf_figure({"one dagger": {"dagger": 1}}, 5)
    >>> fig.data[0].meta, fig.data[0].customdata[0], round(fig.data[0].y[0], 4)
    ('au-cdf-0', '3/23', 0.1304)
    """
    if isinstance(max_draws, bool) or not isinstance(max_draws, int) or max_draws < 1:
        raise ValueError(f"max_draws must be a whole number 1 or more, got {max_draws!r}")
    if not objectives or len(objectives) > len(OBJECTIVE_COLOURS):
        raise ValueError(f"give 1 to {len(OBJECTIVE_COLOURS)} objectives, got {len(objectives)}")
    xs = list(range(1, max_draws + 1))
    traces: list[go.BaseTraceType] = []
    means = []
    for i, (label, slots) in enumerate(objectives.items()):
        colour = OBJECTIVE_COLOURS[i]
        try:
            cdf = completion_cdf(slots, max_draws, joker_policy=joker_policy, bag=bag)
            mean = expected_draws(slots, joker_policy=joker_policy, bag=bag)
        except ValueError as err:
            raise ValueError(f"{label}: {err}") from None
        means.append(f"{label}: {float(mean):.2f}")
        words = slots_text(slots)
        traces.append(_cdf_line(xs, cdf, label if label == words else f"{label} ({words})", f"au-cdf-{i}", colour))
        if compare_reset:
            no_reset = completion_cdf(slots, max_draws, joker_policy=joker_policy, reset=False, bag=bag)
            traces.append(_cdf_line(xs, no_reset, f"{label}, no joker reset", f"au-cdf-noreset-{i}", colour,
                                    dash="dash"))
        if trials:
            sim = simulate_completion(slots, max_draws, trials, rng=rng, joker_policy=joker_policy, bag=bag)
            done = {n: int((sim.draws <= n).sum()) for n in xs}
            traces.append(simulated_trace(done, trials, xs, uid=f"au-cdf-sim-{i}", name=f"{label}, simulated",
                                          colour=colour))
    fig = new_figure(*traces)
    fig.update_layout(title={"text": "P(objective complete within n draws); expected draws " + ", ".join(means)},
                      xaxis_title="tokens drawn", yaxis_title="probability", yaxis_range=[0, 1.02],
                      hovermode="x unified")
    return legend_above(fig)


def _cdf_line(xs: list[int], cdf: Sequence[Fraction], name: str, uid: str, colour: str,
              dash: str = "solid") -> go.Scatter:
    return go.Scatter(x=xs, y=[float(p) for p in cdf], name=name, uid=uid, meta=uid, mode="lines+markers",
                      line={"color": colour, "dash": dash}, marker={"size": 4},
                      customdata=[str(p) for p in cdf], text=[probability(p, digits=6) for p in cdf],
                      hovertemplate="within %{x} draws: %{text}<extra>" + name + "</extra>")


def difficulty_figure(rows: Sequence[Mapping[str, Any]], *, top: int | None = None) -> go.Figure:
    """Expected draws per card, hardest at the top: the set's difficulty ranking.

    Parameters
    ----------
    rows : sequence of Mapping
        :func:`rometools.augustus.card_difficulty` rows (``number``, ``name``,
        ``kind``, ``slots``, ``points``, ``expected_draws``), hardest first.
    top : int, optional
        Only the ``top`` hardest.

    Returns
    -------
    plotly.graph_objects.Figure
        One horizontal bar trace ``au-difficulty``: ``x`` = expected draws
        (float), ``y`` = ``"#number name"``, coloured by kind, ``customdata`` =
        ``[exact fraction, slots, points, kind, the mean as the hover reads it
        (:func:`~rometools.core.formatting.exact_mean`)]``.

    Examples
    --------
    >>> from rometools.augustus import card_difficulty
    >>> fig = difficulty_figure(card_difficulty(), top=5)
    >>> fig.data[0].meta, len(fig.data[0].x)
    ('au-difficulty', 5)
    """
    rows = list(rows)[:top] if top is not None else list(rows)
    rows = rows[::-1]  # plotly draws the first category at the bottom
    bars = go.Bar(
        x=[float(r["expected_draws"]) for r in rows], y=[f"#{r['number']} {r['name']}" for r in rows],
        orientation="h", uid="au-difficulty", meta="au-difficulty", name="expected draws",
        marker_color=[KIND_COLOURS.get(r["kind"], EXACT_COLOUR) for r in rows],
        customdata=[[str(r["expected_draws"]), r["slots"], r["points"], r["kind"],
                     exact_mean(r["expected_draws"], digits=6)] for r in rows],
        hovertemplate=("%{y}: %{customdata[4]} draws<br>slots %{customdata[1]}, "
                       "%{customdata[2]} points, %{customdata[3]}<extra></extra>"),
    )
    fig = new_figure(bars)
    fig.update_layout(title={"text": "Expected draws to complete each card alone, exact"},
                      xaxis_title="expected draws", yaxis_title="objective card",
                      height=max(300, 22 * len(rows) + 120), margin={"l": 220})
    return add_caption(fig, "Bar colour: the card's kind (brown: a senator; green, pink, orange: "
                            "a province of that colour).", offset=60)


def bag_figure(left: Mapping[str, int], *, full: Mapping[str, int] | None = None,
               title: str | None = None) -> go.Figure:
    """The bag now: tokens left per kind (out of the full bag) and the exact next-token odds.

    Parameters
    ----------
    left : Mapping[str, int]
        Tokens left, ``{token id: tokens}``.
    full : Mapping[str, int], optional
        The full bag (drawn as outlines); default the Augustus bag.
    title : str, optional

    Returns
    -------
    plotly.graph_objects.Figure
        ``au-bag-full`` (outline), ``au-bag-left`` (tokens left, left axis) and
        ``au-next-token`` (exact probability, right axis; ``customdata`` the fraction).

    Examples
    --------
    >>> fig = bag_figure({"double_sword": 5, "shield": 5, "joker": 2}, full={"double_sword": 6, "shield": 5,
    ...                                                                      "joker": 2})
    >>> [t.meta for t in fig.data], list(fig.data[2].customdata)
    (['au-bag-full', 'au-bag-left', 'au-next-token'], ['5/12', '5/12', '1/6'])
    """
    full = dict(load_components().bag) if full is None else dict(full)
    kinds = list(full)
    odds = next_token_odds({k: left.get(k, 0) for k in kinds})
    words = [symbol_text(k) for k in kinds]
    outline = go.Bar(x=words, y=[full[k] for k in kinds], name="full bag", uid="au-bag-full",
                     meta="au-bag-full", marker={"color": "rgba(0,0,0,0)", "line": {"color": "#999", "width": 1}},
                     hovertemplate="%{x}: %{y} in a full bag<extra></extra>")
    now = go.Bar(x=words, y=[left.get(k, 0) for k in kinds], name="tokens left", uid="au-bag-left",
                 meta="au-bag-left", marker_color="#7f7f7f", opacity=0.6,
                 hovertemplate="%{x}: %{y} left<extra></extra>")
    nxt = exact_bars({symbol_text(k): p for k, p in odds.items()}, words, uid="au-next-token",
                     name="next token (exact)")
    nxt.update(yaxis="y2", width=0.3)
    fig = new_figure(outline, now, nxt)
    fig.update_layout(title={"text": title or f"The bag: {sum(left.values())} of {sum(full.values())} tokens left"},
                      barmode="overlay", yaxis_title="tokens", xaxis_title="token",
                      yaxis2={"title": "P(next token)", "overlaying": "y", "side": "right", "showgrid": False,
                              "range": [0, max(0.3, 1.15 * max(float(p) for p in odds.values()))],
                              "tickmode": "auto", "nticks": 6, "tickformat": ".2f"},
                      )
    return legend_above(fig)


def game_odds_figure(seats: Sequence[Sequence[Mapping[str, Any]]], *, within: int = 5,
                     title: str | None = None) -> go.Figure:
    """Each player's objectives in play and their exact chance of completion within ``within`` draws.

    Parameters
    ----------
    seats : sequence of sequences of Mapping
        Per seat, :func:`rometools.augustus.objective_odds` rows (``number``,
        ``name``, ``open``, ``cdf`` with at least ``within`` values, ``points``).
    within : int
        Draws ahead (draws).
    title : str, optional

    Returns
    -------
    plotly.graph_objects.Figure
        One bar trace per seat, ``au-game-odds-p1`` for P1 (seat 0) and so on:
        ``x`` = ``"P1 #card"``, ``y`` = probability, ``customdata`` = ``[exact
        fraction, open slots, points, card name, the probability as the hover
        reads it (:func:`~rometools.core.formatting.probability`)]``. With no objective in play (before
        the set-up choice) the axes are hidden under a note
        (annotation ``au-game-odds-empty``).

    Examples
    --------
    >>> from rometools.augustus import GameConfig, new_game, objective_odds
    >>> s = new_game(GameConfig(players=2, first_game=True), rng=1)
    >>> fig = game_odds_figure([objective_odds(s, seat, 5) for seat in range(2)])
    >>> [t.meta for t in fig.data], len(fig.data[0].x)
    (['au-game-odds-p1', 'au-game-odds-p2'], 3)
    """
    traces = []
    for seat, rows in enumerate(seats):
        ps = [r["cdf"][within - 1] if len(r["cdf"]) >= within else Fraction(0) for r in rows]
        traces.append(go.Bar(
            x=[f"P{seat + 1} #{r['number']}" for r in rows], y=[float(p) for p in ps], name=f"P{seat + 1}",
            uid=f"au-game-odds-p{seat + 1}", meta=f"au-game-odds-p{seat + 1}",
            marker_color=seat_colour(seat),
            customdata=[[str(p), slots_text(r["open"]), r["points"], r["name"], probability(p, digits=6)]
                        for p, r in zip(ps, rows, strict=True)],
            hovertemplate=("%{x} %{customdata[3]}: %{customdata[4]}<br>open: %{customdata[1]}; "
                           "%{customdata[2]} points<extra></extra>")))
    fig = new_figure(*traces)
    fig.update_layout(title={"text": title or f"P(each objective complete within {within} draws), exact"},
                      yaxis_title="probability", yaxis_range=[0, 1], xaxis_title="objective in play")
    if not any(seats):  # before the players keep their objectives: say so instead of empty axes
        fig.update_layout(xaxis_visible=False, yaxis_visible=False, showlegend=False, height=260)
        fig.add_annotation(text="No objective in play yet: each player keeps objectives from the set-up "
                                "deal first.<br>Move the turn on to see their odds.",
                           name="au-game-odds-empty", x=0.5, y=0.5, xref="paper", yref="paper",
                           showarrow=False, font={"size": 13, "color": "#555"})
        return fig
    return legend_above(fig)
