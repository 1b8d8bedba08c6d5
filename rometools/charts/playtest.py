"""The automated playtest drawn: hot spots as bars and on the board, and the one-page report.

* :func:`hot_spots_figure` -- the places whose first taker wins most or least often, as bars
  with Wilson intervals.
* :func:`hot_spots_map_figure` -- the same places on the board (``GameSpec(place_map=...)``):
  each drawn where it lies, its colour the first taker's win rate against a fair seat's,
  its size how often it is taken.
* :func:`report_page` -- a :class:`~rometools.core.playtest.Playtest` as one self-contained
  HTML page (plotly.js inside: it reads offline); :func:`report` plays and writes it
  (``rometools report GAME``).

Every figure takes plain values, so the explorer (:class:`rometools.widgets.PlaytestReport`)
and the page draw the same ones.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

from rometools.charts._common import add_caption, new_figure
from rometools.charts.export import PLOT_CONFIG, save_figures
from rometools.charts.labels import add_leader_labels, place_labels
from rometools.charts.report_text import (  # the page's text helpers, re-exported where they lived
    VARIANT_COLUMNS,
    balance_note,
    decision_rows,
    flow_comparison_note,
    length_text,
    options_text,
    page_table,
    restricted_count_text,
    run_description,
    spots_count_text,
    variant_note,
    variant_of,
    variant_rows,
)
from rometools.core.formatting import (
    counted,
    difference_places,
    number,
    probability,
    shown_difference,
)
from rometools.core.paired import comparison_rows
from rometools.core.playtest import lift_words, loss_words, place_names

__all__ = ["LATE", "SECTIONS", "VARIANT_COLUMNS", "balance_note", "decision_rows", "figure_file_name", "options_text",
           "run_description", "flow_section", "hot_spots_figure", "hot_spots_map_figure", "multiple_comparisons_text",
           "report", "report_page", "restricted_row", "flow_comparison_note", "length_text", "restricted_count_text", "shift_rows", "spots_count_text",
           "variant_note", "variant_rows"]

#: The hot-spot map's size and margins (pixels), its plot area (the colour bar takes the right margin),
#: the y:x drawing ratio of a board map and the labels' font size.
_MAP_SIZE, _MAP_MARGIN, _MAP_RATIO, _MAP_FONT = (760, 580), {"l": 20, "r": 110, "t": 70, "b": 110}, 0.6, 10
_MAP_PLOT = (_MAP_SIZE[0] - _MAP_MARGIN["l"] - _MAP_MARGIN["r"], _MAP_SIZE[1] - _MAP_MARGIN["t"] - _MAP_MARGIN["b"])
#: A hot spot first taken past this share of the game (on average) is "taken late": its lift is
#: said on the report page to measure who is winning by then as much as the place's worth.
LATE = 0.5


def _interval(r: Mapping[str, Any]) -> str:
    return (f"{r['taker_win_rate']:.0%} ({r['low']:.0%} to {r['high']:.0%}); their seats win "
            f"{r['seat_expected']:.0%} anyway: the first taker wins {lift_words(r['lift'])}")


def multiple_comparisons_text(rows: Sequence[Mapping[str, Any]], confidence: float = 0.95) -> str:
    """What chance alone does to a ranking of many places: how many intervals would clear zero with
    no place mattering, against how many do.

    Examples
    --------
    >>> rows = [{"lift_low": 0.02 if k < 5 else -0.1, "lift_high": 0.3} for k in range(40)]
    >>> multiple_comparisons_text(rows)
    'With 40 places ranked, about 2 would show a 95% interval clear of zero by chance alone even if no place mattered; 5 do here, so read a single place as a lead to check with more games, not a finding.'
    """
    n = len(rows)
    clear = sum(1 for r in rows if r["lift_low"] > 0 or r["lift_high"] < 0)
    expected = (1 - confidence) * n
    about = f"{expected:.0f}" if expected >= 1 else "fewer than 1"
    verdict = ("so read a single place as a lead to check with more games, not a finding" if clear <= 3 * max(expected, 1)
               else "more than chance would give, so some of these places matter")
    return (f"With {n} places ranked, about {about} would show a {confidence:.0%} interval clear of zero by chance "
            f"alone even if no place mattered; {clear} {'does' if clear == 1 else 'do'} here, {verdict}.")


def hot_spots_figure(rows: Sequence[Mapping[str, Any]], *, title: str | None = None, top: int = 15) -> go.Figure:
    """The ``top`` places of :func:`~rometools.core.playtest.hot_spots` as bars: what taking each
    first is worth beyond the taker's seat (the lift: the first taker's win rate minus what
    their seats win anyway), with its 95% interval.

    Parameters
    ----------
    rows : sequence of dict
        :func:`~rometools.core.playtest.hot_spots` rows (the most telling first).
    title : str, optional
    top : int
        Bars drawn.

    Returns
    -------
    plotly.graph_objects.Figure
        Trace ``report-hot-spots`` (``x`` the lifts, ``y`` the places, the most telling on top).

    Examples
    --------
    >>> from rometools.core.playtest import hot_spots
    >>> fig = hot_spots_figure(hot_spots("imperator", 4, players=2))
    >>> fig.data[0].meta, fig.layout.xaxis.title.text
    ('report-hot-spots', "the first taker's win rate minus their seat's (95% interval)")
    """
    shown = list(rows)[:top][::-1]
    fig = new_figure(go.Bar(
        x=[r["lift"] for r in shown], y=[html.escape(r["place"]) for r in shown], orientation="h",
        meta="report-hot-spots", uid="report-hot-spots", name="lift",
        marker={"color": ["#c0392b" if r["lift"] > 0 else "#2e6da4" for r in shown]},
        error_x={"type": "data", "symmetric": False, "array": [r["lift_high"] - r["lift"] for r in shown],
                 "arrayminus": [r["lift"] - r["lift_low"] for r in shown]},
        hovertext=[f"{html.escape(r['place'])}: taken in {r['taken']} of {r['games']} games, on average "
                   f"{r['when']:.0%} of the way in; its first taker wins {_interval(r)}" for r in shown],
        hoverinfo="text"))
    fig.add_vline(x=0, line_dash="dash", line_color="#777")
    games = shown[0]["games"] if shown else 0
    fig.update_layout(title=title or f"What taking each place first is worth, {counted(games, 'game')}",
                      xaxis_title="the first taker's win rate minus their seat's (95% interval)",
                      xaxis={"tickformat": "+.0%"}, yaxis={"title": {"text": "place"}, "automargin": True},
                      width=760, height=max(320, 26 * len(shown) + 140))
    return add_caption(fig, "Red: worth more to the first taker than their seat wins anyway; blue: less. "
                            "Dashed line: worth nothing beyond the seat.")


def hot_spots_map_figure(rows: Sequence[Mapping[str, Any]], positions: Mapping[str, tuple[float, float]],
                         links: Sequence[tuple[str, str]] = (), *, names: Mapping[str, str] | None = None,
                         title: str | None = None, labels: int = 12) -> go.Figure:
    """The hot spots on the board: each place where it lies, coloured by what taking it first is worth.

    Parameters
    ----------
    rows : sequence of dict
        :func:`~rometools.core.playtest.hot_spots` rows (each keyed by its ``id``, shown by its
        ``place``; a row without an ``id`` is keyed by its ``place``).
    positions : mapping of str to (float, float)
        Each place's drawing position by id (0..1, y up), from ``GameSpec(place_map=...)``; a
        place with no row (never taken, or not a place of the game's actions) is drawn grey.
    links : sequence of (str, str)
        Lines between places (paths, roads, arrows), as pairs of ids.
    names : mapping of str to str, optional
        The name shown for each place with no row, by id
        (:func:`~rometools.core.playtest.place_names`); default: its id.
    title : str, optional
    labels : int
        The most telling places named on the map (every place is named on hover).

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``report-map-links`` (the lines), ``report-map-quiet`` (places never taken)
        and ``report-map-places`` (``customdata`` the place ids, in the rows' order; colour the first taker's
        win rate minus what their seats win anyway (the ``lift``); size the share of games it is
        taken in).

    Raises
    ------
    ValueError
        If a row's place has no position (the game's ``place_map`` and ``action_places``
        disagree).

    Examples
    --------
    >>> fig = hot_spots_map_figure([{"place": "A", "games": 10, "taken": 5, "share": 0.5, "when": 0.2,
    ...     "taker_wins": 4, "taker_win_rate": 0.8, "low": 0.38, "high": 0.96, "fair": 0.5,
    ...     "seat_expected": 0.5, "lift": 0.3, "lift_low": -0.12, "lift_high": 0.46}],
    ...     {"A": (0.1, 0.2), "B": (0.5, 0.5)}, [("A", "B")])
    >>> [t.meta for t in fig.data], list(fig.data[2].customdata), list(fig.data[1].customdata)
    (['report-map-links', 'report-map-quiet', 'report-map-places'], ['A'], ['B'])
    """
    key = [r.get("id", r["place"]) for r in rows]
    missing = [r["place"] for r, k in zip(rows, key, strict=True) if k not in positions]
    if missing:
        raise ValueError(f"the board map has no position for {', '.join(map(repr, missing[:5]))}: the game's "
                         f"place_map and action_places name places differently")
    xs: list = []
    ys: list = []
    for a, b in links:
        if a in positions and b in positions:
            (x0, y0), (x1, y1) = positions[a], positions[b]
            xs += [x0, x1, None]
            ys += [y0, y1, None]
    quiet = [p for p in positions if p not in set(key)]
    names = names or {}
    taken = list(rows)
    at = [positions[k] for k in key]
    reach = max([abs(r["lift"]) for r in taken] + [0.05])
    sizes = [8 + 24 * r["share"] for r in taken]
    texts = [html.escape(r["place"]) if i < labels else "" for i, r in enumerate(taken)]
    # labels placed so none overlaps another, a place or a never-taken place; with no room, on a leader line
    xrange, yrange = (-0.05, 1.05), (-0.08, 1.08)
    plot_w, plot_h = _MAP_PLOT
    scale = min(plot_w / (xrange[1] - xrange[0]), plot_h / ((yrange[1] - yrange[0]) * _MAP_RATIO))
    placement = place_labels(
        at, texts, [z / 2 for z in sizes], xrange=xrange, yrange=yrange,
        width=scale * (xrange[1] - xrange[0]), height=scale * _MAP_RATIO * (yrange[1] - yrange[0]),
        font_px=_MAP_FONT, obstacles=[(*positions[p], 4) for p in quiet])
    fig = new_figure(
        go.Scatter(x=xs, y=ys, mode="lines", line={"color": "#c8c8c8", "width": 1.5}, hoverinfo="skip",
                   name="paths", meta="report-map-links", uid="report-map-links", showlegend=False),
        go.Scatter(x=[positions[p][0] for p in quiet], y=[positions[p][1] for p in quiet], mode="markers",
                   marker={"size": 7, "color": "#bbbbbb", "line": {"color": "#888", "width": 1}},
                   customdata=quiet,
                   hovertext=[f"{html.escape(names.get(p, p))}: never taken first in these games" for p in quiet],
                   hoverinfo="text", name="never taken", meta="report-map-quiet", uid="report-map-quiet",
                   showlegend=False),
        go.Scatter(
            x=[x for x, _ in at], y=[y for _, y in at], mode="markers+text", customdata=key,
            text=[t if placement.positions[i] else "" for i, t in enumerate(texts)],
            textposition=[p or "top center" for p in placement.positions], textfont={"size": _MAP_FONT},
            marker={"size": sizes,
                    "color": [r["lift"] for r in taken], "cmin": -reach, "cmax": reach,
                    "colorscale": "RdBu", "reversescale": True, "line": {"color": "#444", "width": 1},
                    "colorbar": {"title": {"text": "first taker's<br>win rate minus<br>their seat's"},
                                 "tickformat": "+.0%", "len": 0.8}},
            hovertext=[f"{html.escape(r['place'])}: taken in {r['taken']} of {r['games']} games, on average "
                       f"{r['when']:.0%} of the way in; its first taker wins {_interval(r)}"
                       for r in taken],
            hoverinfo="text", name="places", meta="report-map-places", uid="report-map-places", showlegend=False))
    games = taken[0]["games"] if taken else 0
    fig.update_layout(title=title or f"Hot spots on the board, {counted(games, 'game')}",
                      xaxis={"visible": False, "range": list(xrange)},
                      yaxis={"visible": False, "range": list(yrange), "scaleanchor": "x", "scaleratio": _MAP_RATIO},
                      width=_MAP_SIZE[0], height=_MAP_SIZE[1], margin=dict(_MAP_MARGIN))
    add_leader_labels(fig, placement, at, texts, sizes,
                      [f"report-map-label-{i}" for i in range(len(taken))], font_px=_MAP_FONT)
    return add_caption(fig, "Red: the first to take it wins more often than their seat does anyway; blue: less "
                            "often.\nLarger: taken in more games. Small grey: never taken first (hover for any "
                            "place).", offset=24)


def shift_rows(shift: Mapping[int, Sequence[Mapping[str, Any]]], *, top: int = 12) -> tuple[list[str], list[list[str]]]:
    """How the hot spots shift with the player count, as a table: the places most telling at any
    count, and at each count how often they are taken and their lift (the first taker's win rate
    minus their seat's).

    Returns
    -------
    (list of str, list of list of str)
        Column headers and rows (``"-"``: not taken at that count).

    Examples
    --------
    >>> row = {"place": "A", "games": 4, "taken": 2, "share": 0.5, "when": 0.1, "taker_wins": 1,
    ...        "taker_win_rate": 0.5, "low": 0.1, "high": 0.9, "fair": 0.5, "seat_expected": 0.4, "lift": 0.1}
    >>> shift_rows({2: [row], 3: []})
    (['place', '2 players', '3 players'], [['A', 'taken in 50%; first taker wins 10 percentage points more often than their seat', '-']])
    """
    counts = sorted(shift)
    order: list[str] = []
    shown: dict[str, str] = {}
    for rank in range(top):
        for n in counts:
            if rank < len(shift[n]):
                r = shift[n][rank]
                if r.get("id", r["place"]) not in shown:
                    order.append(r.get("id", r["place"]))
                    shown[order[-1]] = r["place"]
    order = order[:top]
    at = {n: {r.get("id", r["place"]): r for r in shift[n]} for n in counts}
    rows = [[shown[p]] + [f"taken in {at[n][p]['share']:.0%}; first taker wins {lift_words(at[n][p]['lift'])}"
                          if p in at[n] else "-" for n in counts] for p in order]
    return ["place"] + [f"{n} players" for n in counts], rows


def flow_section(pt: Any, chart: Any) -> list[str]:
    """The report's "How it plays" section: the game-flow sentences, a table of every figure with its
    meaning and interval, a chart per figure, and the player counts and the variant when measured.

    Parameters
    ----------
    pt : Playtest
    chart : callable
        ``chart(fig) -> str``: the page's HTML for a figure.

    Returns
    -------
    list of str
        HTML pieces.
    """
    from rometools.charts.flow import flow_by_players_figure, flow_comparison_figure, flow_figures

    f = pt.flow
    if f is None:
        return ["<p>Not measured in this report: no game-flow games were asked for.</p>"]
    unit = f.unit
    intro = (f"<p>{counted(f.n_games, 'game')} of {html.escape(', '.join(sorted(set(f.bots))))} bots, the "
             f"seat-balance games played again and read decision by decision. Length is counted in "
             f"{html.escape(unit.plural)}" + (f" ({html.escape(unit.name)}: {html.escape(unit.means)})" if unit.means
                                               else "") + "; the phases are the thirds of a game by "
             f"{html.escape(unit.plural)}. The lead is the score's: the leader's points minus the "
             f"second player's.</p>")
    parts = [intro, "<ul>" + "".join(f"<li>{html.escape(m.text)}</li>" for m in f.metrics.values()) + "</ul>"]
    from rometools.core.flow import _interval_text, _value_text

    parts.append(page_table([[m.name, _value_text(m), _interval_text(m),
                          {"t": "Student t", "Wilson": "Wilson", "exact": "none: no spread"}[m.interval], m.games,
                          m.meaning] for m in f.metrics.values()],
                        ["figure", "value", "95% interval", "interval", "games", "what it means"]))
    for fig in flow_figures(f).values():
        parts.append(chart(fig))
    how = (f"Uncertainty and swing: each seat's chance of winning at {counted(f.valued, 'valued game')}' sampled "
           f"points, estimated by {f.value_by} (the estimate sees the whole state, hidden hands included)."
           if f.valued else "Uncertainty and swing are not measured here: no game was asked to be valued.")
    parts.append(f"<p class='note'>{how} After Ludii's evaluation metrics and C. Browne's measures of game "
                 "quality (2008), read from the game's own score.</p>")
    if pt.flow_by_players:
        counts = sorted(pt.flow_by_players)
        parts.append("<h3>At every player count</h3>")
        parts.append(chart(flow_by_players_figure(pt.flow_by_players)))
        parts.append(page_table([[pt.flow_by_players[counts[0]].metrics[k].name]
                             + [_value_text(pt.flow_by_players[n].metrics[k]) for n in counts]
                             for k in pt.flow_by_players[counts[0]].metrics],
                            ["figure"] + [f"{n} players" for n in counts]))
    if pt.flow_comparison is not None and len(pt.flow_comparison):
        said = options_text(pt.game, pt.compare)
        # not the variant section's own heading ("The variant ..., paired on the same seeds") again
        parts.append(f"<h3>How it plays under the variant {html.escape(said)}, paired on the same seeds</h3>")
        parts.append(chart(flow_comparison_figure(pt.flow_comparison)))
        parts.append(page_table(comparison_rows(pt.flow_comparison),
                            ["figure", "the game", "the variant", "the variant's difference", "95% interval",
                             "note"]))
        parts.append(f"<p class='note'>{html.escape(flow_comparison_note(pt.flow_comparison))}</p>")
    return parts


def restricted_row(r: Mapping[str, Any]) -> list[str]:
    """One strategy of restricted play as the report's table shows it: the win rates with the decimals at
    which they agree with what the strategy costs
    (:func:`~rometools.core.formatting.difference_places`), counts with thousands separators.

    Examples
    --------
    >>> r = {"forbids": "never builds a fort", "games": 1200, "win_rate": 0.3465, "low": 0.32, "high": 0.37,
    ...      "baseline": 0.3335, "loss": -0.013, "replaced": 1058}
    >>> restricted_row(r)
    ['a bot that never builds a fort', '1,200', '34.65%', '32.0% to 37.0%', '33.35%', \
'gains 1.30 percentage points of win rate', '1,058']
    """
    places = difference_places(100 * r["baseline"], 100 * r["win_rate"], -100 * r["loss"], 1)
    return [f"a bot that {r['forbids']}", number(r["games"]), f"{100 * r['win_rate']:.{places}f}%",
            f"{r['low']:.1%} to {r['high']:.1%}", f"{100 * r['baseline']:.{places}f}%",
            loss_words(shown_difference(100 * r["win_rate"], 100 * r["baseline"], places) / 100, places),
            number(r["replaced"])]


#: The page's sections, in order (h2 headings); a part not asked for says so in one line.
SECTIONS = ("Seat balance", "Score spread and game length", "How it plays", "Skill: does thinking pay?",
            "Restricted play: what each strategy is worth", "Hot spots: the places that matter",
            "How the hot spots shift with the player count", "Rule holes", "Exact odds")


def figure_file_name(fig: go.Figure, k: int) -> str:
    """A chart's file name for an export: its number on the page and its title, in lower case.

    Examples
    --------
    >>> figure_file_name(new_figure().update_layout(title="The lead through the game: Pig, 2 players"), 3)
    '03-the-lead-through-the-game-pig-2-players'

    A long title is cut after 70 characters at most, at the end of a word:

    >>> figure_file_name(new_figure().update_layout(
    ...     title="How it plays: Caesar's Empire, 3 players, greedy bots, 20 games valued over 6 of them"), 1)
    '01-how-it-plays-caesar-s-empire-3-players-greedy-bots-20-games-valued'
    """
    import re

    title = fig.layout.title.text or "chart"
    words = re.sub(r"[^a-z0-9]+", "-", html.unescape(title).lower()).strip("-")
    if len(words) > 70:  # cut at a word's end, never inside one ("...-20-games-valu")
        cut = words[:71].rfind("-")
        words = words[:cut] if cut > 0 else words[:70]
    return f"{k:02d}-{words.rstrip('-')}"


def report_page(pt: Any, *, figures: list | None = None) -> str:
    """A :class:`~rometools.core.playtest.Playtest` as one self-contained HTML page.

    Every chart has plotly's toolbar (its camera saves a PNG) and links under it that save it as
    PNG or SVG, for a rulebook draft.

    Parameters
    ----------
    pt : Playtest
        What :func:`~rometools.core.playtest.playtest` measured.
    figures : list, optional
        Receives ``(file name, figure)`` for every chart drawn, in the page's order (``report``'s
        ``figures`` writes them as images).

    Returns
    -------
    str
        The page: plotly.js inside once, every chart and table, headings :data:`SECTIONS`
        (and the variant's, with ``compare``).

    Examples
    --------
    >>> from rometools.core.playtest import playtest
    >>> page = report_page(playtest("pig", 10))
    >>> page.startswith("<!DOCTYPE html>"), page.count("<h2>") >= len(SECTIONS)
    (True, True)
    """
    import plotly.io as pio

    from rometools.charts.balance import score_histogram_figure, seat_win_rate_figure
    from rometools.core.balance import (
        game_length_text,
        seat_advantage_text,
        seat_win_rates,
        sensitivity_text,
    )

    game = pt.game
    drawn: list[str] = []

    def chart(fig: go.Figure) -> str:   # numbered ids (not plotly's random ones): the same run, the same page
        k = len(drawn) + 1
        div, name = f"report-chart-{k}", figure_file_name(fig, k)
        size = {"width": fig.layout.width or 700, "height": fig.layout.height or 500}
        config = {**PLOT_CONFIG, "toImageButtonOptions": {**PLOT_CONFIG["toImageButtonOptions"], "filename": name}}
        page = pio.to_html(fig, include_plotlyjs=not drawn, full_html=False, config=config, div_id=div)
        links = " · ".join(
            f"<a href='#' onclick=\"Plotly.downloadImage('{div}', {{format: '{fmt}', scale: {scale}, "
            f"width: {size['width']}, height: {size['height']}, filename: '{name}'}}); return false;\">{fmt.upper()}</a>"
            for fmt, scale in (("png", 2), ("svg", 1)))
        drawn.append(page)
        if figures is not None:
            figures.append((name, fig))
        return f"{page}\n<p class='export'>Save this chart for a rulebook draft: {links}</p>"

    variant = variant_of(game)
    title = f"Playtest report: {game.title}" + ("" if variant is None else f", variant {variant.name!r}"
                                                if variant.name else ", a variant") + f", {game.players} players"
    rates = seat_win_rates(pt.results)
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
             "<style>body{font-family:sans-serif;max-width:980px;margin:2em auto;padding:0 1em}td,th{padding:2px 8px;"
             "border-bottom:1px solid #ddd;text-align:left}p.note{color:#555}p.export{font-size:small;color:#555;"
             "margin-top:0}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>", *run_description(game, pt.seed, pt.bot, pt.n_games),
             "<h2>Seat balance</h2>",
             chart(seat_win_rate_figure(pt.results, title=f"Seat win rates, {counted(pt.n_games, 'game')} "
                                                          f"of {pt.bot} bots")),
             page_table([[r.player, r.games, r.wins, f"{r.win_rate:.1%}", f"{r.ci_low:.1%} to {r.ci_high:.1%}"]
                     for r in rates.itertuples()], ["seat", "games", "wins", "win rate", "95% interval"]),
             f"<p>{html.escape(seat_advantage_text(pt.results))}</p>",
             f"<p class='note'>{html.escape(sensitivity_text(pt.n_games, game.players))}</p>",
             "<h2>Score spread and game length</h2>", chart(score_histogram_figure(pt.results)),
             f"<p>{html.escape(length_text(pt, game_length_text(pt.results)))}</p>",
             "<h2>How it plays</h2>", *flow_section(pt, chart),
             "<h2>Skill: does thinking pay?</h2>"]
    if pt.skill is not None:
        from rometools.charts.strength import skill_curve_figure

        parts.append(chart(skill_curve_figure(pt.skill, opponent=pt.bot)))
        parts.append(page_table([["baseline" if r.budget == 0 else f"MCTS, {r.budget} simulations a move", r.games,
                              f"{r.win_rate:.0%}", f"{r.ci_low:.0%} to {r.ci_high:.0%}"]
                             for r in pt.skill.itertuples()], ["player", "games", "win rate", "95% interval"]))
        parts.append("<p class='note'>One MCTS seat against the other bots, each seed played with it in every "
                     "seat. Points well above the baseline: skill decides; along it: luck does.</p>")
    else:
        parts.append("<p>Not measured in this report: no skill-curve games were asked for "
                     "(<code>rometools report --skill-games N</code>, or Skill-curve games in the explorer, "
                     "measures it).</p>")
    parts.append("<h2>Restricted play: what each strategy is worth</h2>")
    if pt.restricted:
        parts.append(page_table([restricted_row(r) for r in pt.restricted],
                            ["strategy denied", "games", "win rate", "95% interval", "unrestricted",
                             "what it costs", "decisions changed"]))
        parts.append(f"<p class='note'>{html.escape(restricted_count_text(pt))}</p>")
        parts.append("<p class='note'>A restricted bot plays as the base bot does, except that a forbidden choice "
                     "is replaced by a random allowed action; the loss is the win rate it gives up against "
                     "unrestricted bots on the same seeds (Jaffe et al., AIIDE 2012), an upper bound of the "
                     "strategy's weight.</p>")
    elif game.spec.restrictions:
        parts.append("<p>Not measured in this report: no restricted-play games were asked for.</p>")
    else:
        parts.append("<p>This game declares no restrictions (<code>GameSpec(restrictions=...)</code>).</p>")
    if pt.comparison is not None:
        said = options_text(game, pt.compare)
        parts.append(f"<h2>The variant {html.escape(said)}, paired on the same seeds</h2>")
        parts.append(page_table(variant_rows(pt.comparison), VARIANT_COLUMNS))
        parts.append(f"<p>{html.escape(balance_note(pt.comparison))}</p>")
        parts.append(f"<p>{html.escape(variant_note(pt.comparison))}</p>")
    parts.append("<h2>Hot spots: the places that matter</h2>")
    if pt.spots:
        if game.spec.place_map is not None:
            positions, links = game.spec.place_map(game.config)
            parts.append(chart(hot_spots_map_figure(pt.spots, positions, links, names=place_names(game))))
        parts.append(chart(hot_spots_figure(pt.spots)))
        parts.append(page_table([[r["place"], f"{r['share']:.0%}", f"{r['when']:.0%}", f"{r['taker_win_rate']:.0%}",
                              f"{r['low']:.0%} to {r['high']:.0%}", f"{r['seat_expected']:.0%}",
                              lift_words(r["lift"])]
                             for r in pt.spots[:20]],
                            ["place", "taken in", "when (share of the game)", "first taker wins",
                             "95% interval", "their seats win anyway", "the first taker wins"]))
        if len(pt.spots) >= 10:
            parts.append(f"<p class='note'>{html.escape(multiple_comparisons_text(pt.spots))}</p>")
        spot_n = pt.spots[0]["games"]
        if spot_n != pt.n_games:
            parts.append(f"<p class='note'>{html.escape(spots_count_text(spot_n, pt.n_games))}</p>")
        parts.append("<p class='note'>A place is taken by the first seat whose action names it. The lift is "
                     "what taking it first is worth beyond the seat: with a first-seat advantage, the place "
                     "the first seat always takes first wins often and is worth nothing by itself.</p>")
        late = [r["place"] for r in pt.spots[:20] if r["when"] > LATE]
        if late:
            parts.append(f"<p class='note'>Taken late (on average past {LATE:.0%} of the game): "
                         f"{html.escape(', '.join(late))}. A late first take is made by whoever is ahead by then, "
                         "so these lifts measure who is already winning as much as what the place is worth; "
                         "the lifts of places taken early say more about the places themselves.</p>")
    elif game.spec.action_places is None:
        parts.append("<p>This game names no places (<code>GameSpec(action_places=...)</code>).</p>")
    else:
        parts.append("<p>Not measured in this report: no hot-spot games were asked for.</p>")
    parts.append("<h2>How the hot spots shift with the player count</h2>")
    if pt.spots_by_players:
        columns, rows = shift_rows(pt.spots_by_players)
        games = next(iter(pt.spots_by_players.values()))[0]["games"] if next(iter(pt.spots_by_players.values())) else 0
        parts.append(page_table(rows, columns))
        parts.append(f"<p class='note'>{counted(games, 'game')} at each player count, the same seeds: how often "
                     f"each place is taken, and how often its first taker wins.</p>")
    elif game.spec.action_places is None:
        parts.append("<p>This game names no places.</p>")
    else:
        parts.append("<p>Not measured in this report: no games at other player counts were asked for "
                     "(<code>rometools report --shift-games N</code>, or Games per player count in the explorer, "
                     "measures it).</p>")
    parts.append("<h2>Rule holes</h2>")
    from rometools.core.playtest import HOLE_TITLES

    parts.append(page_table([[HOLE_TITLES.get(kind, kind), h["means"], h["count"], "" if h["seed"] is None else
                          f"seed {h['seed'][0]}, game {h['seed'][1]}, {h['bot']} bots"] for kind, h in pt.holes.items()],
                        ["kind", "means", "games", "first found"]))
    if any(h["saved_game"] for h in pt.holes.values()):
        parts.append("<p class='note'>Each hole's saved game: <code>rometools.playtest(...).holes[kind]"
                     "['saved_game']</code>, loaded with <code>load_saved_game</code>.</p>")
    parts.append("<h3>Where a recorded rules decision settles moves</h3>")
    if pt.decisions:
        parts.append(page_table(decision_rows(game, pt.decisions),
                            ["rules decision", "as played", "the other reading", "games", "a move changed",
                             "the winner changed", "first change (decision)"]))
        parts.append("<p class='note'>The same seeds played under each other reading of a rules decision "
                     "(<code>docs/rules-decisions.md</code>): where the moves differ, that decision settled "
                     "them; each row's first such game is kept as a saved game "
                     "(<code>rometools.playtest(...).decisions</code>).</p>")
    else:
        parts.append("<p>No rules decision of this game is a choice option to compare.</p>")
    parts.append("<h2>Exact odds</h2>")
    if pt.odds:
        parts.append(page_table([[q, probability(p)] for q, p in pt.odds], ["question", "exact probability"]))
    else:
        parts.append("<p>This game declares no key odds (<code>GameSpec(key_odds=...)</code>).</p>")
    spent = ", ".join(f"{k} {v:.1f} s" for k, v in pt.seconds.items())
    parts.append(f"<p class='note'>CPU time: {html.escape(spent)}.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def report(game: Any, n_games: int = 200, *, out: Any = None, figures: Any = None, **options: Any) -> str:
    """Play the automated playtest and return (and with ``out``, write) its one-page HTML report.

    Parameters
    ----------
    game : str or Game
    n_games : int
        Games of the seat-balance run.
    out : str or Path, optional
        Also write the page there (UTF-8), whole or not at all (a temporary file beside it,
        renamed over it): an interrupted run (Ctrl-C: ``KeyboardInterrupt`` from any part, as
        :func:`~rometools.core.playtest.playtest` raises it) writes nothing.
    figures : str or Path, optional
        A folder (made if missing) to write every chart of the page into as PNG and SVG, for a
        rulebook draft (:func:`~rometools.charts.export.save_figures`: kaleido and Chromium).
    **options
        As :func:`rometools.core.playtest.playtest` (``seed``, ``bot``, ``players``,
        ``compare``, ``skill_games``, ``shift_games``, ``executor``, ``progress``...).

    Returns
    -------
    str
        The page (:func:`report_page`).

    Raises
    ------
    ArgumentError
        As :func:`~rometools.core.playtest.playtest`.

    See Also
    --------
    rometools.core.playtest.playtest : the figures without the page.
    rometools.widgets.PlaytestReport : the same in a notebook.

    Examples
    --------
    >>> page = report("pig", 20, bot="greedy")
    >>> page.startswith("<!DOCTYPE html>"), "Seat balance" in page, "Rule holes" in page
    (True, True, True)
    """
    from pathlib import Path

    from rometools.core.playtest import playtest

    drawn: list = []
    page = report_page(playtest(game, n_games, **options), figures=drawn)
    if out is not None:   # whole or not at all: a temporary file beside it, then renamed over it
        from rometools.core.data import write_text_atomically

        write_text_atomically(out, page)
    if figures is not None:
        folder = Path(figures)
        folder.mkdir(parents=True, exist_ok=True)
        save_figures([fig for _, fig in drawn for _ in (0, 1)],
                     [folder / f"{name}.{ext}" for name, _ in drawn for ext in ("png", "svg")])
    return page

