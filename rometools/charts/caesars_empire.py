"""Plotly figures for Caesar's Empire Treasure (Riches) collections and set-up odds.

Every number comes from :mod:`rometools.caesars_empire`; these functions only
lay it out. Each returns a new :class:`plotly.graph_objects.Figure` and never
shows it. Probabilities stay exact (``Fraction``) until here: bars plot
``float(p)`` and the hover text carries the exact fraction. Simulated
frequencies always come with their Wilson interval as error bars. The template,
the exact and simulated traces are the shared ones of :mod:`rometools.charts._common`.

Trace names, uids and ``meta`` are stable, so a test or a browser can find them
(``meta`` repeats the uid: tests and browsers read a trace's ``meta``):

* :func:`collection_breakdown_figure`: ``points`` (``ce-breakdown``) and, with
  reference tables, ``rulebook tables`` (``ce-breakdown-reference``);
* :func:`marginal_value_figure`: ``next token`` (``ce-marginal``);
* :func:`points_distribution_figure`: ``exact`` (``ce-points-exact``) and
  ``simulated`` (``ce-points-simulated``);
* :func:`setup_odds_figure`: ``exact`` (``ce-setup-exact``) and ``simulated``
  (``ce-setup-simulated``).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

import plotly.graph_objects as go

from rometools.caesars_empire import (
    Components,
    ScoringTables,
    city_points,
    load_components,
    marginal_treasure_value,
    sample_treasure_points,
    simulate_setup,
    treasure_count_distribution,
    treasure_points,
    treasure_points_distribution,
)
from rometools.charts._common import (
    SIMULATED_COLOUR,
    add_caption,
    exact_bars,
    legend_above,
    new_figure,
    simulated_trace,
)

__all__ = [
    "BREAKDOWN_PARTS",
    "collection_breakdown_figure",
    "marginal_value_figure",
    "points_distribution_figure",
    "setup_odds_figure",
]

#: Bars of :func:`collection_breakdown_figure`, in order (also its ``customdata``).
BREAKDOWN_PARTS = ("same_type", "different_types", "gold", "cities")
#: Bar colour of the best pick in :func:`marginal_value_figure` (its caption says so), and of the others.
BEST_COLOUR, OTHER_COLOUR = "#2ca02c", "#9edae5"


def _goods(comps: Components, vocabulary: str) -> tuple[str, str]:
    """``(plural, singular)`` word for Treasures in ``vocabulary``, HTML-escaped (plotly draws HTML in
    titles and labels; the words come from the components file)."""
    if vocabulary not in comps.vocabularies:
        raise ValueError(f"unknown vocabulary {vocabulary!r}; expected one of {sorted(comps.vocabularies)}")
    voc = comps.vocabularies[vocabulary]
    return html.escape(voc["goods"]), html.escape(voc["good"])


def _breakdown_values(treasures, tokens, tables, comps, sum_complete_colours, tokens_in_play):
    score = treasure_points(treasures, tables=tables, components=comps)
    cities = city_points(tokens, sum_complete_colours=sum_complete_colours, tokens_in_play=tokens_in_play)
    return [score.same_type, score.different_types, score.gold, cities]


def collection_breakdown_figure(
    treasures: Mapping[str, int],
    city_tokens: Iterable[tuple[str, int]] = (),
    *,
    tables: ScoringTables | Mapping | None = None,
    reference_tables: ScoringTables | Mapping | None = None,
    sum_complete_colours: bool = False,
    tokens_in_play: Iterable[tuple[str, int]] | None = None,
    vocabulary: str = "treasures",
    components: Components | None = None,
) -> go.Figure:
    """Bar chart of final points by kind: same type, different types, Gold Coins, Cities.

    Parameters
    ----------
    treasures : Mapping[str, int]
        Tokens owned per Treasure type (id, alias or display name).
    city_tokens : iterable of (colour, value)
        The player's City tokens (see :func:`rometools.caesars_empire.city_points`).
    tables : ScoringTables or Mapping, optional
        Scoring tables in use (default: the rulebook's).
    reference_tables : ScoringTables or Mapping, optional
        If given, a second trace ``"rulebook tables"`` shows the same collection
        scored with these tables; it is ``visible`` only when they differ from
        ``tables``.
    sum_complete_colours, tokens_in_play
        The 2-3 player City variant.
    vocabulary : {"treasures", "riches"}
        Edition vocabulary for labels.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace 0 (uid and meta ``ce-breakdown``): y = points for ``BREAKDOWN_PARTS``
        (points); trace 1 only with ``reference_tables``.

    Raises
    ------
    ValueError
        Whatever the scoring functions reject (unknown type, bad count, bad
        table, malformed City token), or an unknown vocabulary.

    Examples
    --------
    The rulebook's worked example: 18 + 14 + 22 = 54 points (its 18 counts
    the 4 points of the Gold Coins with the same-type collections).

    >>> fig = collection_breakdown_figure(
    ...     {"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2},
    ...     [("red", 3), ("blue", 6), ("green", 2), ("yellow", 2), ("purple", 3), ("orange", 6)])
    >>> list(fig.data[0].y), fig.layout.title.text
    ([14, 14, 4, 22], 'Treasures and Cities: 54 points')
    """
    comps = components or load_components()
    goods, _ = _goods(comps, vocabulary)
    tokens = list(city_tokens)
    in_play = list(tokens_in_play) if tokens_in_play is not None else None
    in_use = ScoringTables.coerce(tables, comps.tables)
    values = _breakdown_values(treasures, tokens, in_use, comps, sum_complete_colours, in_play)
    labels = ["Same type", "Different types", comps.name(comps.gold_id, vocabulary), "Cities"]
    fig = new_figure()
    fig.add_trace(go.Bar(
        x=labels, y=values, name="points", uid="ce-breakdown", meta="ce-breakdown",
        customdata=list(BREAKDOWN_PARTS),
        text=[str(v) for v in values], textposition="auto", marker_color=SIMULATED_COLOUR,
        hovertemplate="%{x}: %{y} points<extra></extra>",
    ))
    differs = False
    if reference_tables is not None:
        ref = ScoringTables.coerce(reference_tables, comps.tables)
        differs = ref != in_use
        ref_values = _breakdown_values(treasures, tokens, ref, comps, sum_complete_colours, in_play)
        fig.add_trace(go.Bar(
            x=labels, y=ref_values, name="rulebook tables", uid="ce-breakdown-reference",
            meta="ce-breakdown-reference",
            customdata=list(BREAKDOWN_PARTS), text=[str(v) for v in ref_values], textposition="auto",
            marker_color="#c7c7c7", visible=differs,
            hovertemplate="%{x}: %{y} points with the rulebook tables<extra></extra>",
        ))
        fig.data[0].name = "your tables" if differs else "points"
    fig.update_layout(
        barmode="group", showlegend=differs, height=340,
        title_text=f"{goods} and Cities: {sum(values)} points",
        yaxis_title="points", xaxis_title="part of the final score",
        margin={"t": 60, "b": 50, "l": 50, "r": 10},
    )
    return legend_above(fig)


def marginal_value_figure(
    treasures: Mapping[str, int],
    *,
    tables: ScoringTables | Mapping | None = None,
    vocabulary: str = "treasures",
    components: Components | None = None,
) -> go.Figure:
    """Bar chart: the points one more token of each type would add.

    Calls :func:`rometools.caesars_empire.marginal_treasure_value`. Types whose
    box supply is used up get no bar (``y`` is ``None``) and the text "none left".
    The best types are highlighted in :data:`BEST_COLOUR`, and a caption under
    the chart says so.

    Parameters
    ----------
    treasures : Mapping[str, int]
        Tokens owned per Treasure type.
    tables : ScoringTables or Mapping, optional
        Scoring tables in use.
    vocabulary : {"treasures", "riches"}
        Edition vocabulary for labels.

    Returns
    -------
    plotly.graph_objects.Figure
        One trace (uid and meta ``ce-marginal``): x = display names in rulebook
        order, y = points, ``customdata`` = canonical ids.

    Raises
    ------
    ValueError
        As :func:`rometools.caesars_empire.treasure_points`.

    Examples
    --------
    >>> fig = marginal_value_figure({"grapes": 2, "gold": 1}, vocabulary="riches")
    >>> dict(zip(fig.data[0].customdata, fig.data[0].y))["grapes"], fig.data[0].x[2]
    (8, 'Precious Stones')
    """
    comps = components or load_components()
    _, good = _goods(comps, vocabulary)
    values = marginal_treasure_value(treasures, tables=tables, components=comps)
    ids = list(comps.treasure_ids)
    ys = [values.get(t) for t in ids]
    best = max((v for v in ys if v is not None), default=None)
    colours = [BEST_COLOUR if v is not None and v == best else OTHER_COLOUR for v in ys]
    fig = new_figure(go.Bar(
        x=[comps.name(t, vocabulary) for t in ids], y=ys, customdata=ids,
        name="next token", uid="ce-marginal", meta="ce-marginal", marker_color=colours,
        text=["none left" if v is None else f"+{v}" for v in ys], textposition="outside",
        hovertemplate="one more %{x}: %{text} points<extra></extra>",
    ))
    fig.update_layout(
        showlegend=False, height=340,
        title_text=f"What is the next {good} token worth?",
        yaxis_title="points added", xaxis_title=f"{good} type",
        margin={"t": 50, "b": 50, "l": 50, "r": 10},
    )
    return add_caption(fig, "Dark green: the best pick (most points added). \"none left\": the box holds no "
                            "more of that type.", offset=70)


def points_distribution_figure(
    n_tokens: int,
    *,
    players: int = 4,
    all_tokens_variant: bool = False,
    tables: ScoringTables | Mapping | None = None,
    trials: int = 0,
    rng=None,
    confidence: float = 0.95,
    vocabulary: str = "treasures",
    components: Components | None = None,
) -> go.Figure:
    """Exact law of Treasure points for ``n_tokens`` random tokens, optional simulation.

    Calls :func:`rometools.caesars_empire.treasure_points_distribution` (exact)
    and, when ``trials > 0``, :func:`rometools.caesars_empire.sample_treasure_points`
    (seeded by ``rng``) for the overlay.

    Parameters
    ----------
    n_tokens : int
        Treasure tokens the player ends with (tokens).
    players : int
        2 to 5.
    all_tokens_variant : bool
        The 2-3 player all-tokens variant.
    tables : optional
        Scoring tables in use.
    trials : int
        Simulated games for the overlay (0: none).
    rng : None, int or numpy.random.Generator
        Seed for the simulation (SPEC 7).
    confidence : float
        Level of the Wilson interval drawn as error bars.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``exact`` (bars, y = probability, ``customdata`` = the exact
        fraction as text); with ``trials`` also ``simulated`` (markers with
        error bars). x = points.

    Raises
    ------
    ValueError
        As the functions it calls.

    Examples
    --------
    >>> fig = points_distribution_figure(2, trials=200, rng=1)
    >>> [t.name for t in fig.data], list(fig.data[0].x), fig.data[0].customdata[2]
    (['exact', 'simulated'], [0, 2, 4], '7/195')
    """
    comps = components or load_components()
    _, good = _goods(comps, vocabulary)
    law = treasure_points_distribution(n_tokens, players=players, all_tokens_variant=all_tokens_variant,
                                       tables=tables, components=comps)
    sim = None
    if trials:
        sim = sample_treasure_points(n_tokens, players=players, all_tokens_variant=all_tokens_variant,
                                     trials=trials, rng=rng, tables=tables, components=comps)
    xs = sorted(set(law) | set(sim or ()))
    fig = new_figure(exact_bars(law, xs, uid="ce-points-exact"))
    if sim is not None:
        fig.add_trace(simulated_trace(sim, trials, xs, uid="ce-points-simulated", confidence=confidence))
    mean = sum(x * p for x, p in law.items())
    fig.update_layout(
        height=340, bargap=0.15,
        title_text=f"{good} points with {n_tokens} random tokens, {players} players: "
                   f"mean {float(mean):.2f} points",
        xaxis_title=f"{good} points at the end", yaxis_title="probability", yaxis_tickformat=".2~%",
        margin={"t": 60, "b": 50, "l": 60, "r": 10},
    )
    return legend_above(fig)


def setup_odds_figure(
    kind: str,
    *,
    players: int,
    all_tokens_variant: bool = False,
    trials: int = 0,
    rng=None,
    confidence: float = 0.95,
    vocabulary: str = "treasures",
    components: Components | None = None,
) -> go.Figure:
    """How many ``kind`` tokens are on the board after set-up: exact bars, simulated overlay.

    Calls :func:`rometools.caesars_empire.treasure_count_distribution` (exact)
    and, when ``trials > 0``, :func:`rometools.caesars_empire.simulate_setup`
    (seeded by ``rng``); each simulated frequency carries its Wilson interval
    (:func:`rometools.core.stats.proportion_estimate`) as error bars.

    Parameters
    ----------
    kind : str
        Treasure id, alias or display name.
    players : int
        2 to 5.
    all_tokens_variant : bool
        The 2-3 player all-tokens variant (30 of all 40 tokens placed).
    trials : int
        Simulated set-ups (0: no overlay).
    rng : None, int or numpy.random.Generator
        Seed for the simulation (SPEC 7).
    confidence : float
        Level of the Wilson interval.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``exact`` (uid ``ce-setup-exact``): x = tokens of ``kind`` on the
        board, 0 to the box supply; y = probability. With ``trials`` also
        ``simulated`` (uid ``ce-setup-simulated``).

    Raises
    ------
    ValueError
        Unknown type, unsupported player count, or ``trials`` not a positive int.

    Examples
    --------
    >>> fig = setup_odds_figure("gold", players=2, all_tokens_variant=True, trials=300, rng=7)
    >>> len(fig.data), list(fig.data[0].x), fig.data[0].customdata[0]
    (2, [0, 1, 2, 3, 4, 5, 6, 7, 8], '1/1708993')
    """
    comps = components or load_components()
    tid = comps.canonical(kind)
    law = treasure_count_distribution(tid, players=players, all_tokens_variant=all_tokens_variant,
                                      components=comps)
    xs = list(range(comps.supply[tid] + 1))
    fig = new_figure(exact_bars(law, xs, uid="ce-setup-exact"))
    if trials:
        sim = simulate_setup(players=players, all_tokens_variant=all_tokens_variant, trials=trials,
                             rng=rng, components=comps)
        fig.add_trace(simulated_trace(sim[tid], trials, xs, uid="ce-setup-simulated",
                                      confidence=confidence))
    name = comps.name(tid, vocabulary)
    variant = ", all-tokens variant" if all_tokens_variant and comps.side_for(players).removed else ""
    fig.update_layout(
        height=340, bargap=0.15,
        title_text=f"{name} tokens on the board after set-up: {players} players{variant}",
        xaxis_title=f"{name} tokens on the board", yaxis_title="probability", yaxis_tickformat=".2~%",
        xaxis={"dtick": 1}, margin={"t": 60, "b": 50, "l": 60, "r": 10},
    )
    return legend_above(fig)
