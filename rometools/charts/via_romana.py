"""Via Romana's road board: cities by province, roads and their spaces, every seat's pieces.

Rules: ``002_2e34de0661bde959.txt`` (the board, building, scoring roads). The bundled
board is illustrative (``data/via_romana/board.toml``); the figure draws any board file.
"""

from __future__ import annotations

import functools
import html
from typing import Any

import plotly.graph_objects as go

from rometools.charts._common import add_caption, new_figure, region_colour, seat_colour
from rometools.charts.labels import add_leader_labels, legend_rows, map_scale, place_labels

__all__ = ["CARD_QUESTIONS", "card_odds_figure", "road_board_figure"]

#: Marker per piece kind: milestones are circles, forts squares (the rulebook's wooden shapes).
PIECE_SYMBOLS = {"milestone": "circle", "fort": "square"}
#: The board's default width and its plot area's height in pixels (the figure is as tall as the plot area,
#: the title and, under the map, the legend and the caption make it), its margins but the bottom one, its
#: city marker and label font sizes. The size is the figure's own, never the page's: the city labels are
#: placed for the plot area it gives (a trial saw Mediolanum over Patavium when the page set it).
_WIDTH, _PLOT_HEIGHT, _MARGIN, _CITY_PX, _LABEL_FONT = 760, 400, {"l": 20, "r": 20, "t": 60}, 20, 12


def _fitted_ranges(points) -> tuple[tuple[float, float], tuple[float, float]]:
    """Axis ranges around ``points`` (x, y), with room for labels at the edges."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    span_x, span_y = max(max(xs) - min(xs), 0.05), max(max(ys) - min(ys), 0.05)
    return ((min(xs) - 0.1 * span_x, max(xs) + 0.1 * span_x), (min(ys) - 0.1 * span_y, max(ys) + 0.1 * span_y))


def _space_points(board) -> dict[str, tuple[float, float]]:
    """Where each board space is drawn: a city at its position, a road space evenly along its road."""
    where = {c.id: c.position for c in board.cities}
    for road in board.roads:
        (xa, ya), (xb, yb) = where[road.a], where[road.b]
        m = len(road.space_ids)
        for k, space in enumerate(road.space_ids, 1):
            where[space] = (xa + (xb - xa) * k / (m + 1), ya + (yb - ya) * k / (m + 1))
    return where


def _space_names(board) -> dict[str, str]:
    """Each board space as a designer names it: a city by its name, a road space as "the Roma–Tibur road, space 2"."""
    names = {c.id: c.name for c in board.cities}
    for road in board.roads:
        for k, space in enumerate(road.space_ids, 1):
            names[space] = f"the {board.road_name(road.id)}, space {k}"
    return names


@functools.lru_cache(maxsize=8)
def _city_labels(board, scale: tuple[float, float]) -> Any:
    """Where the city names go on ``board`` drawn at ``scale`` (pixels per unit along x and y:
    :func:`map_scale` of the figure) (:func:`place_labels`): the board's and the size's alone, so worked
    out once, not at every turn drawn (on a large board it was most of a turn's time)."""
    where = _space_points(board)
    xrange, yrange = _fitted_ranges(where.values())
    return place_labels(
        [c.position for c in board.cities], [html.escape(c.name) for c in board.cities],
        [_CITY_PX / 2] * len(board.cities), xrange=xrange, yrange=yrange,
        width=scale[0] * (xrange[1] - xrange[0]), height=scale[1] * (yrange[1] - yrange[0]),
        font_px=_LABEL_FONT, obstacles=[(*where[s], 5) for r in board.roads for s in r.space_ids])


def road_board_figure(state: Any, *, title: str | None = None, results: list[dict] | None = None,
                      builds: list | None = None, width: int | None = None) -> go.Figure:
    """The board of a Via Romana state: roads, vacant spaces by colour, pieces by seat, cities.

    Parameters
    ----------
    state : rometools.via_romana.GameState
        Any position (its config's board is drawn).
    title : str, optional
        Default "Via Romana: <board name>".
    results : list of dict, optional
        :func:`rometools.via_romana.road_results` of the game: a scored road is drawn in its
        winner's colour.
    builds : list, optional
        Build actions (:func:`rometools.via_romana.builds_with`): the spaces they build on are
        ringed (trace ``vr-board-builds``; hover: each build there, in words).
    width : int, optional
        Pixels (default 760); the height follows from it (the map's plot area is 400 pixels high), so that
        the city labels are placed for the size drawn (:func:`~rometools.charts.labels.label_boxes`).

    Returns
    -------
    plotly.graph_objects.Figure
        Traces (``meta``): ``vr-board-roads`` (open roads), ``vr-board-signed`` (roads with a
        road sign, dotted), ``vr-board-won-p1``... (scored roads by winner),
        ``vr-board-spaces`` (vacant road spaces in their edge colour), ``vr-board-pieces-p1``...
        (milestones as circles, forts as squares, in the seat's colour) and
        ``vr-board-cities`` (cities in their province's colour; hover: symbol, tiles left).
        Names from the board file are HTML-escaped.

    See Also
    --------
    rometools.via_romana.road_results, rometools.widgets.RoadBoardExplorer

    Examples
    --------
    >>> import rometools
    >>> s = rometools.load_game("via_romana", players=2).new_game(rng=1)
    >>> fig = road_board_figure(s)
    >>> sorted({t.meta for t in fig.data})
    ['vr-board-cities', 'vr-board-pieces-p1', 'vr-board-pieces-p2', 'vr-board-roads', 'vr-board-signed', 'vr-board-spaces']
    >>> len(fig.data[-1].x)  # the cities of the bundled (illustrative) board
    20
    """
    from rometools.via_romana.rules import road_status
    from rometools.via_romana.views import milestone_colours

    board = state.config.the_board()
    where = _space_points(board)
    named = _space_names(board)
    index = {space: i for i, space in enumerate(board.spaces)}
    winners = {r["road"]: r["winner"] for r in results or ()}
    lines: dict[str, tuple[list, list, list]] = {}
    for road in board.roads:
        status = road_status(state, road.id)
        winner = winners.get(road.id)
        key = f"vr-board-won-p{winner + 1}" if status == "scored" and winner is not None else \
            "vr-board-signed" if status in ("signed", "scored") else "vr-board-roads"
        xs, ys, texts = lines.setdefault(key, ([], [], []))
        (xa, ya), (xb, yb) = where[road.a], where[road.b]
        text = f"the {html.escape(board.road_name(road.id))}: {status}"
        xs += [xa, xb, None]
        ys += [ya, yb, None]
        texts += [text, text, None]
    traces = []
    for key in sorted(lines, key=lambda k: (not k.startswith("vr-board-roads"), k)):
        xs, ys, texts = lines[key]
        if key.startswith("vr-board-won-p"):
            seat = int(key.rsplit("p", 1)[1]) - 1
            line, name = {"color": seat_colour(seat), "width": 4}, f"road won by P{seat + 1}"
        elif key == "vr-board-signed":
            line, name = {"color": "#555555", "width": 2, "dash": "dot"}, "road with a road sign"
        else:
            line, name = {"color": "#b0b0b0", "width": 2}, "open road"
        traces.append(go.Scatter(x=xs, y=ys, mode="lines", line=line, name=name, meta=key, text=texts,
                                 hoverinfo="text"))
    vacant = [s for r in board.roads for s in r.space_ids if state.pieces[index[s]] == -1]
    traces.append(go.Scatter(
        x=[where[s][0] for s in vacant], y=[where[s][1] for s in vacant], mode="markers", meta="vr-board-spaces",
        name="vacant road space", marker={"size": 7, "symbol": "diamond", "line": {"width": 1, "color": "#444"},
                                          "color": [region_colour(board.space_colours[s][0]) for s in vacant]},
        text=[f"{html.escape(named[s])}: {html.escape(' or '.join(milestone_colours(state.config, s)))}"
              for s in vacant],
        hoverinfo="text"))
    for seat in range(state.config.players):
        held = [s for s in board.spaces if state.pieces[index[s]] != -1 and state.pieces[index[s]] // 2 == seat]
        kinds = ["fort" if state.pieces[index[s]] % 2 else "milestone" for s in held]
        traces.append(go.Scatter(
            x=[where[s][0] for s in held], y=[where[s][1] for s in held], mode="markers",
            meta=f"vr-board-pieces-p{seat + 1}", name=f"P{seat + 1} pieces",
            marker={"size": [15 if k == "fort" else 10 for k in kinds], "color": seat_colour(seat),
                    "symbol": [PIECE_SYMBOLS[k] for k in kinds], "line": {"width": 1, "color": "white"}},
            text=[f"P{seat + 1} {k} on {html.escape(named[s])}" for s, k in zip(held, kinds, strict=True)],
            hoverinfo="text"))
    if builds:
        from rometools.core.game import game_of

        text_of = game_of(state).action_text
        at: dict[str, list[str]] = {}
        for action in builds:
            for space in (action[2:4] if action[0] == "double" else action[1:2]):
                at.setdefault(space, []).append(html.escape(text_of(state, action)))
        traces.append(go.Scatter(
            x=[where[s][0] for s in at], y=[where[s][1] for s in at], mode="markers", meta="vr-board-builds",
            name="a build the hand can make", hoverinfo="text",
            marker={"size": 24, "symbol": "circle-open", "color": "#ff7f0e", "line": {"width": 3}},
            text=["<br>".join(texts[:6]) + (f"<br>... and {len(texts) - 6} more" if len(texts) > 6 else "")
                  for texts in at.values()]))
    cities = board.cities
    tiles_left = state.tiles
    xrange, yrange = _fitted_ranges(where.values())
    names = [html.escape(c.name) for c in cities]
    traces.append(go.Scatter(
        x=[c.position[0] for c in cities], y=[c.position[1] for c in cities], mode="markers+text",
        meta="vr-board-cities", name="city", textfont={"size": _LABEL_FONT},
        hovertext=[f"{html.escape(c.name)} ({html.escape(c.province)}, {html.escape(c.symbol)}): "
                   f"{tiles_left[i]} tile{'s' if tiles_left[i] != 1 else ''} left"
                   for i, c in enumerate(cities)],
        hoverinfo="text",
        marker={"size": _CITY_PX, "color": [region_colour(c.province) for c in cities], "opacity": 0.35,
                "line": {"width": 2, "color": [region_colour(c.province) for c in cities]}}))
    fig = new_figure(*traces)
    width = width or _WIDTH
    fig.update_layout(title=title or f"Via Romana: {html.escape(board.name or 'board')}", width=width,
                      margin=dict(_MARGIN), legend={"orientation": "h", "y": -0.01, "yanchor": "top", "x": 0},
                      xaxis={"visible": False, "range": list(xrange)},
                      yaxis={"visible": False, "scaleanchor": "x", "range": list(yrange)},
                      hovermode="closest")
    # under the map, the legend's rows, then the caption: the figure as tall as they and the plot area make it
    rows = legend_rows([t.name for t in fig.data if t.showlegend is not False], width - 40)
    where_cards = ("the colour\na card must have to build there" if state.config.milestone_colour == "space" else
                   "their edge\ncolour (a card of any colour of the road builds there, VR-13)")
    add_caption(fig, "Cities (circles) in their province's colour; vacant road spaces (diamonds) in "
                     f"{where_cards}: {html.escape(', '.join(board.provinces))}.\n"
                     "Milestones are dots, forts squares, in the player's colour.", offset=14 + 22 * rows, margin=0)
    fig.update_layout(height=_MARGIN["t"] + _PLOT_HEIGHT + fig.layout.margin.b)
    # labels placed so that none overlaps another, a city or a road space, at the scale this size draws the
    # map (the axes equal, the tighter side setting it)
    scale = map_scale(width, fig.layout.height, dict(_MARGIN, b=fig.layout.margin.b), xrange, yrange)
    placement = _city_labels(board, scale)
    fig.update_traces(selector={"meta": "vr-board-cities"},
                      textposition=[pos or "top center" for pos in placement.positions],
                      text=[t if placement.positions[i] else "" for i, t in enumerate(names)])
    add_leader_labels(fig, placement, [c.position for c in cities], names, [_CITY_PX] * len(cities),
                      [f"vr-label-{c.id}" for c in cities], font_px=_LABEL_FONT)
    return fig


#: The card-odds questions, ``{key: the question in words}`` (``{colour}``, ``{symbol}`` filled in).
CARD_QUESTIONS = {
    "fort": "a fort of {colour}: 2 {colour} cards",
    "any_fort": "a fort of some colour: 2 cards of one colour",
    "card": "the {colour} {symbol} card: two milestones from a {colour} {symbol} city",
}


def card_odds_figure(exact: dict[int, Any], *, question: str, simulated: dict[int, int] | None = None,
                     trials: int = 0, title: str | None = None) -> go.Figure:
    """P(a hand can build ...) by hand size: exact bars, a seeded simulation beside them.

    Parameters
    ----------
    exact : dict[int, Fraction]
        ``{hand size: probability}`` (:mod:`rometools.via_romana.odds`).
    question : str
        The question in words (the legend and the title).
    simulated : dict[int, int], optional
        ``{hand size: hands that could}`` out of ``trials`` simulated hands each.
    trials : int
        Simulated hands per size.
    title : str, optional

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``vr-card-exact`` and (with a simulation) ``vr-card-simulated``; x = cards
        in hand, y = probability.

    Examples
    --------
    >>> from fractions import Fraction
    >>> fig = card_odds_figure({4: Fraction(4870, 6201)}, question="a fort")
    >>> fig.data[0].meta, list(fig.data[0].customdata)
    ('vr-card-exact', ['4870/6201'])
    """
    from rometools.charts._common import exact_bars, legend_above, simulated_trace

    sizes = sorted(exact)
    traces = [exact_bars(exact, sizes, uid="vr-card-exact", name="exact")]
    if simulated and trials:
        traces.append(simulated_trace(simulated, trials, sizes, uid="vr-card-simulated",
                                      name=f"simulated ({trials:,} hands each)"))
    fig = new_figure(*traces)
    fig.update_layout(title=title or f"P(a hand holds {html.escape(question)})", xaxis_title="cards in hand",
                      yaxis_title="probability", yaxis_range=[0, 1.05])
    return legend_above(fig)  # a legend at the right runs under the chart's toolbar
