"""Plotly figure of a Caesar's Empire board: cities, Rome, paths, Roads, routes.

The figure takes plain values (a :class:`~rometools.caesars_empire.Board` plus
what is on it), so it draws any moment of a game without knowing the rules:

================================  ==========================================
trace ``uid`` (also ``meta``)     what it draws
================================  ==========================================
``ce-board-paths-1``              unbuilt 1-Road paths (dotted, thin)
``ce-board-paths-2``              unbuilt 2-Road paths (dotted, thick)
``ce-board-roads-<seat>``         paths holding a player's Roads, seat colour
``ce-board-road-owners``          the owner (``P1``...) at the middle of every
                                  built path, in the seat colour
``ce-board-cost-2``               a "2" at the middle of every 2-Road path
``ce-board-highlight``            highlighted chains (e.g. cheapest connections)
``ce-board-scoring``              scoring paths back to Rome
``ce-board-cities``               cities: region colour, size by City value,
                                  crossed out once captured; ``customdata`` is
                                  the city id (click events use it)
``ce-board-rome``                 Rome
================================  ==========================================

Positions are the board file's drawing coordinates (0..1, y up), stretched to
the chart's width; the view is fitted to the board's content. Cities take
their region colour (:func:`~rometools.charts._common.region_colour`: a colour
name the palette lacks draws in the fallback grey instead of failing), Roads their
seat colour (:func:`~rometools.charts._common.seat_colour`), which is never
mistaken for a region colour, and every built path is labelled with its owner,
so a road is told apart from a region without the legend; scoring paths are
black dashes. City labels are placed so that none overlaps another or a city
(:func:`~rometools.charts.labels.place_labels`); a label with no room beside
its city is drawn a little away, joined to it by a thin leader line (an
annotation named ``ce-label-<city id>``). Every name is HTML-escaped, and a
caption under the map says what colours, sizes and marks mean.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence

import plotly.graph_objects as go

from rometools.caesars_empire import Board, Components, load_components
from rometools.charts._common import (
    REGION_COLOURS,
    SEAT_COLOURS,
    TEMPLATE,
    add_caption,
    region_colour,
    seat_colour,
)
from rometools.charts.labels import add_leader_labels, legend_rows, place_labels, text_size

__all__ = ["REGION_COLOURS", "SEAT_COLOURS", "board_figure", "board_labels"]  # the colours are re-exported from _common

_ROME = "rome"
#: The plot area the labels are placed for (pixels): the map in a 1280-pixel-wide page.
_PLOT_WIDTH, _PLOT_HEIGHT = 1080, 520
_LABEL_FONT = 10


def _xy(board: Board, location: str) -> tuple[float, float]:
    return tuple(board.rome_position) if location == _ROME else tuple(board.city(location).position)


def _segments(board: Board, pairs: Iterable[tuple[str, str]]) -> tuple[list, list]:
    xs: list = []
    ys: list = []
    for a, b in pairs:
        (x0, y0), (x1, y1) = _xy(board, a), _xy(board, b)
        xs += [x0, x1, None]
        ys += [y0, y1, None]
    return xs, ys


def _chain_pairs(chain: Sequence[str]) -> list[tuple[str, str]]:
    return list(zip(chain, chain[1:], strict=False))


def board_figure(
    board: Board,
    *,
    treasures: Mapping[str, str] | None = None,
    captured: Mapping[str, object] | Iterable[str] = (),
    roads: Mapping[frozenset, int] | None = None,
    players: Sequence[str] | None = None,
    highlight: Iterable[Sequence[str]] = (),
    scoring: Iterable[Sequence[str]] = (),
    selected: str | None = None,
    vocabulary: str = "treasures",
    labels: str = "treasure",
    title: str | None = None,
    height: int | None = None,
    width: int | None = None,
    components: Components | None = None,
) -> go.Figure:
    """Draw a board and what is on it.

    Parameters
    ----------
    board : Board
        The board (cities, paths, Rome, drawing positions in 0..1).
    treasures : Mapping[str, str], optional
        Treasure id on each city (``{city id: treasure id}``), shown as labels.
    captured : Mapping[str, seat] or iterable of str
        Cities whose tokens are taken (drawn crossed out); a mapping also
        gives the capturing seat, shown on hover.
    roads : Mapping[frozenset[str], int], optional
        Built paths: unordered endpoint pair -> owning seat (0-based).
    players : sequence of str, optional
        Seat labels (default ``"P1"``, ``"P2"``, ...).
    highlight : iterable of sequence of str
        Chains to highlight, each a sequence of locations (``"rome"`` or city ids).
    scoring : iterable of sequence of str
        Scoring paths from a city back to Rome.
    selected : str, optional
        A city id to ring.
    vocabulary : str
        ``"treasures"`` or ``"riches"`` for the labels.
    labels : {"treasure", "name", "both"}
        What each city is labelled with: the Treasure on it (captured cities
        get none), the city's name, or both.
    title : str, optional
        Default: the board's name (escaped: plain text, not markup).
    height : int, optional
        Pixels; default fitted to the board (at most 640).
    width : int, optional
        Pixels; default the page's width (an explorer gives it: charts side by
        side, or a notebook beside JupyterLab's file browser).

    Returns
    -------
    plotly.graph_objects.Figure

    Raises
    ------
    KeyError
        If a chain or mapping names a location that is not on the board.
    ValueError
        If ``labels`` is not one of ``"treasure"``, ``"name"``, ``"both"``.

    Examples
    --------
    >>> from rometools.caesars_empire import Board
    >>> b = Board.bundled("2-3")
    >>> fig = board_figure(b, highlight=[["rome", b.city_ids[0]]], labels="both")
    >>> cities = next(t for t in fig.data if t.uid == "ce-board-cities")
    >>> len(cities.x) == len(b.city_ids), len(board_labels(fig)) == len(b.city_ids)
    (True, True)
    """
    comps = components or load_components()
    if labels not in ("treasure", "name", "both"):
        raise ValueError(f"labels must be 'treasure', 'name' or 'both', got {labels!r}")
    treasures = dict(treasures or {})
    roads = dict(roads or {})
    captured_by = dict(captured) if isinstance(captured, Mapping) else dict.fromkeys(captured)
    seats = [s for s in (*roads.values(), *captured_by.values()) if isinstance(s, int)]
    n_seats = max([len(players or ())] + [s + 1 for s in seats])
    seat_names = list(players or ()) + [f"P{i + 1}" for i in range(len(players or ()), n_seats)]
    cities = board.cities
    xrange, yrange = _fitted_ranges(board)
    plot_width = _PLOT_WIDTH if width is None else width - 50
    if height is None:
        aspect = (yrange[1] - yrange[0]) / (xrange[1] - xrange[0])
        # tall enough for the board's shape, but a board of a few cities gets a small chart
        height = int(min(640, 260 + 12 * len(cities), max(320, 180 + plot_width * aspect * 0.5)))
        height = max(height, 320)
    plot_height = height - 130

    fig = go.Figure(layout={"template": TEMPLATE})
    for cost, line_width, dash in ((1, 1.2, "dot"), (2, 3.0, "dot")):
        pairs = [p.cities for p in board.paths if p.roads == cost and p.key not in roads]
        xs, ys = _segments(board, pairs)
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines", name=f"unbuilt {cost}-Road path", uid=f"ce-board-paths-{cost}",
            meta=f"ce-board-paths-{cost}", line={"color": "#9e9e9e", "width": line_width, "dash": dash},
            hoverinfo="skip"))
    for seat in range(n_seats):
        pairs = [p.cities for p in board.paths if roads.get(p.key) == seat]
        xs, ys = _segments(board, pairs)
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines", name=f"{seat_names[seat]} Roads", uid=f"ce-board-roads-{seat}",
            meta=f"ce-board-roads-{seat}", line={"color": seat_colour(seat), "width": 5},
            hoverinfo="skip"))
    built = [p for p in board.paths if p.key in roads]
    owner_mids = [_middle(board, p) for p in built]
    twos = [p for p in board.paths if p.roads == 2 and p.key not in roads]
    mids = [_middle(board, p) for p in twos]
    fig.add_trace(go.Scatter(
        x=[m[0] for m in mids], y=[m[1] for m in mids], mode="text", text=["2"] * len(mids),
        name="2-Road paths", uid="ce-board-cost-2", meta="ce-board-cost-2",
        textfont={"size": 9, "color": "#616161"}, hoverinfo="skip", showlegend=False))
    xs, ys = _segments(board, [pair for chain in highlight for pair in _chain_pairs(chain)])
    fig.add_trace(go.Scatter(
        x=xs, y=ys, mode="lines", name="cheapest connection", uid="ce-board-highlight",
        meta="ce-board-highlight", line={"color": "#ff7f0e", "width": 9}, opacity=0.45, hoverinfo="skip"))
    xs, ys = _segments(board, [pair for chain in scoring for pair in _chain_pairs(chain)])
    fig.add_trace(go.Scatter(
        x=xs, y=ys, mode="lines", name="scoring route", uid="ce-board-scoring", meta="ce-board-scoring",
        line={"color": "#000000", "width": 3, "dash": "dash"}, hoverinfo="skip"))

    fig.add_trace(go.Scatter(
        x=[m[0] for m in owner_mids], y=[m[1] for m in owner_mids], mode="markers+text",
        text=[html.escape(seat_names[roads[p.key]]) for p in built], textposition="middle center",
        textfont={"size": 9, "color": [seat_colour(roads[p.key]) for p in built]},
        marker={"symbol": "square", "size": 17, "color": "white",
                "line": {"color": [seat_colour(roads[p.key]) for p in built], "width": 1.5}},
        name="Road owner", uid="ce-board-road-owners", meta="ce-board-road-owners",
        hovertext=[f"{html.escape(seat_names[roads[p.key]])}'s Roads ({p.roads})" for p in built],
        hoverinfo="text", showlegend=False))
    text, hover = [], []
    for c in cities:
        t = treasures.get(c.id)
        tname = html.escape(comps.name(t, vocabulary)) if t else ""
        name = html.escape(c.name)
        shown = "" if c.id in captured_by else tname
        text.append({"treasure": shown, "name": name, "both": f"{name}<br>{shown}" if shown else name}[labels])
        owner = captured_by.get(c.id)
        if c.id not in captured_by:
            taken = ""
        else:
            taken = "<br>tokens taken" + ("" if owner is None else f" by {html.escape(seat_names[owner])}")
        hover.append(f"<b>{name}</b><br>City token: {html.escape(c.colour)} {c.value}"
                     + (f"<br>{tname}" if tname else "") + taken)
    # bigger for a higher value; a taken city at least 14 px, so its cross shows
    sizes = [max(9 + 2.2 * c.value, 14) if c.id in captured_by else 9 + 2.2 * c.value for c in cities]
    placement = place_labels(
        [c.position for c in cities], text, [sz / 2 for sz in sizes], xrange=xrange, yrange=yrange,
        width=plot_width, height=plot_height, font_px=_LABEL_FONT,
        obstacles=[(*board.rome_position, 13)] + [(*m, 8) for m in owner_mids] + [(*m, 4) for m in mids])
    shown_text = [t if placement.positions[i] else "" for i, t in enumerate(text)]
    fig.add_trace(go.Scatter(
        x=[c.position[0] for c in cities], y=[c.position[1] for c in cities],
        mode="markers+text", name="cities", uid="ce-board-cities", meta="ce-board-cities",
        customdata=[c.id for c in cities], text=shown_text,
        textposition=[pos or "top center" for pos in placement.positions],
        textfont={"size": _LABEL_FONT}, hovertext=hover, hoverinfo="text", showlegend=False,
        marker={
            "size": sizes,
            "color": [region_colour(c.colour) for c in cities],
            # captured: crossed out, keeping the region colour (an open marker in a pale
            # region colour such as white would vanish)
            "symbol": ["circle-x" if c.id in captured_by else "circle" for c in cities],
            "line": {"color": ["#000000" if c.id == selected else "#424242" for c in cities],
                     "width": [4 if c.id == selected else 1 for c in cities]},
            # plotly.js draws an array of sizes as a bubble chart at 0.7 opacity: paths
            # would show through the cities
            "opacity": 1,
        }))
    add_leader_labels(fig, placement, [c.position for c in cities], text, sizes,
                      [f"ce-label-{c.id}" for c in cities], font_px=_LABEL_FONT)
    fig.add_trace(go.Scatter(
        x=[board.rome_position[0]], y=[board.rome_position[1]], mode="markers", name="Rome",
        uid="ce-board-rome", meta="ce-board-rome", text=["Rome"], hovertext=["<b>Rome</b>"],
        marker={"symbol": "star", "size": 24, "color": "#b8860b", "line": {"color": "#000", "width": 1}},
        hoverinfo="text", showlegend=False))
    fig.add_annotation(x=board.rome_position[0], y=board.rome_position[1], text="<b>Rome</b>",
                       name="ce-label-rome", showarrow=False, yshift=-19, font={"size": 11})
    fig.update_layout(
        title=html.escape(title or board.name, quote=False), height=height, width=width,
        margin={"l": 10, "r": 40, "t": 45, "b": 30}, clickmode="event",
        legend={"orientation": "h", "y": -0.01, "yanchor": "top", "x": 0},
        xaxis={"visible": False, "range": list(xrange), "fixedrange": False},
        yaxis={"visible": False, "range": list(yrange)},
    )
    # room under the map for the legend's rows and the caption's lines at this width
    room = plot_width + 40
    rows = legend_rows([t.name for t in fig.data if t.showlegend is not False], room)
    cities_note = "Cities: their City-token colour, bigger for a higher value; crossed out once taken."
    roads_note = "Roads: the owner's colour, labelled P1, P2 ...; a '2' marks an unbuilt 2-Road path."
    one_line = text_size(f"{cities_note} {roads_note}", 11)[0] <= room
    extra = 20 * (rows - 1) + (0 if one_line else 16)
    add_caption(fig, cities_note + (" " if one_line else "\n") + roads_note, offset=34 + 20 * (rows - 1),
                margin=40 + extra)
    fig.update_layout(height=height + extra)
    return fig


def board_labels(fig: go.Figure) -> dict[str, str]:
    """The label shown for each city of a :func:`board_figure`, ``{city id: label}``.

    A label sits beside its city (the cities trace's ``text``) or, when there
    was no room, away from it with a leader line (an annotation named
    ``ce-label-<city id>``). Cities without a label are left out.

    Examples
    --------
    >>> from rometools.caesars_empire import Board
    >>> labels = board_labels(board_figure(Board.bundled("4-5"), labels="name"))
    >>> labels["carthago_nova"]
    'Carthago Nova'
    """
    cities = next(t for t in fig.data if t.meta == "ce-board-cities")
    out = {cid: text for cid, text in zip(cities.customdata, cities.text, strict=True) if text}
    for note in fig.layout.annotations:
        if note.name and note.name.startswith("ce-label-") and note.name != "ce-label-rome":
            out[note.name.removeprefix("ce-label-")] = note.text
    return out


def _middle(board: Board, path) -> tuple[float, float]:
    (x0, y0), (x1, y1) = _xy(board, path.cities[0]), _xy(board, path.cities[1])
    return (x0 + x1) / 2, (y0 + y1) / 2


def _fitted_ranges(board: Board) -> tuple[tuple[float, float], tuple[float, float]]:
    """Axis ranges around the board's content, with room for labels at the edges."""
    xs = [c.position[0] for c in board.cities] + [board.rome_position[0]]
    ys = [c.position[1] for c in board.cities] + [board.rome_position[1]]
    span_x = max(max(xs) - min(xs), 0.05)
    span_y = max(max(ys) - min(ys), 0.05)
    return ((min(xs) - 0.07 * span_x, max(xs) + 0.07 * span_x),
            (min(ys) - 0.09 * span_y, max(ys) + 0.09 * span_y))
