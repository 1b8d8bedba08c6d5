"""Plotly figure of a Caesar's Empire board: cities, Rome, paths, Roads, routes.

The figure takes plain values (a :class:`~rometools.caesars_empire.Board` plus
what is on it), so it draws any moment of a game without knowing the rules:

================================  ==========================================
trace ``uid`` (also ``meta``)     what it draws
================================  ==========================================
``ce-board-paths-1``              unbuilt 1-Road paths (dotted, thin)
``ce-board-paths-2``              unbuilt 2-Road paths (dotted, thick)
``ce-board-roads-<seat>``         paths holding a player's Roads, seat colour
``ce-board-cost-2``               a "2" at the middle of every 2-Road path
``ce-board-highlight``            highlighted chains (e.g. cheapest connections)
``ce-board-scoring``              scoring paths back to Rome
``ce-board-cities``               cities: region colour, size by City value,
                                  crossed out once captured; ``customdata`` is
                                  the city id (click events use it)
``ce-board-rome``                 Rome
================================  ==========================================

Positions are the board file's drawing coordinates (0..1, y up). Cities take
their region colour (:func:`~rometools.charts._common.region_colour`: a colour
name the palette lacks draws in the fallback grey instead of failing), Roads their
seat colour (:func:`~rometools.charts._common.seat_colour`), which is never
mistaken for a region colour; scoring paths are black dashes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import plotly.graph_objects as go

from rometools.caesars_empire import Board, Components, load_components
from rometools.charts._common import (
    REGION_COLOURS,
    SEAT_COLOURS,
    TEMPLATE,
    region_colour,
    seat_colour,
)

__all__ = ["REGION_COLOURS", "SEAT_COLOURS", "board_figure"]  # the colours are re-exported from _common

_ROME = "rome"


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
    >>> fig = board_figure(b, highlight=[["rome", b.city_ids[0]]])
    >>> cities = next(t for t in fig.data if t.uid == "ce-board-cities")
    >>> len(cities.x) == len(b.city_ids)
    True
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

    fig = go.Figure(layout={"template": TEMPLATE})
    for cost, width, dash in ((1, 1.2, "dot"), (2, 3.0, "dot")):
        pairs = [p.cities for p in board.paths if p.roads == cost and p.key not in roads]
        xs, ys = _segments(board, pairs)
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines", name=f"unbuilt {cost}-Road path", uid=f"ce-board-paths-{cost}",
            meta=f"ce-board-paths-{cost}", line={"color": "#9e9e9e", "width": width, "dash": dash},
            hoverinfo="skip"))
    for seat in range(n_seats):
        pairs = [p.cities for p in board.paths if roads.get(p.key) == seat]
        xs, ys = _segments(board, pairs)
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines", name=f"{seat_names[seat]} Roads", uid=f"ce-board-roads-{seat}",
            meta=f"ce-board-roads-{seat}", line={"color": seat_colour(seat), "width": 5},
            hoverinfo="skip"))
    twos = [p for p in board.paths if p.roads == 2]
    mids = [tuple((u + v) / 2 for u, v in zip(_xy(board, p.cities[0]), _xy(board, p.cities[1]),
                                                strict=True)) for p in twos]
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
        x=xs, y=ys, mode="lines", name="scoring path", uid="ce-board-scoring", meta="ce-board-scoring",
        line={"color": "#000000", "width": 3, "dash": "dash"}, hoverinfo="skip"))

    cities = board.cities
    text, hover = [], []
    for c in cities:
        t = treasures.get(c.id)
        tname = comps.name(t, vocabulary) if t else ""
        shown = "" if c.id in captured_by else tname
        text.append({"treasure": shown, "name": c.name,
                     "both": f"{c.name}<br>{shown}" if shown else c.name}[labels])
        owner = captured_by.get(c.id)
        if c.id not in captured_by:
            taken = ""
        else:
            taken = " - captured" + ("" if owner is None else f" by {seat_names[owner]}")
        hover.append(f"<b>{c.name}</b> ({c.id})<br>{c.colour} {c.value}"
                     + (f"<br>{tname}" if tname else "") + taken)
    fig.add_trace(go.Scatter(
        x=[c.position[0] for c in cities], y=[c.position[1] for c in cities],
        mode="markers+text", name="cities", uid="ce-board-cities", meta="ce-board-cities",
        customdata=[c.id for c in cities], text=text, textposition="top center",
        textfont={"size": 9}, hovertext=hover, hoverinfo="text",
        marker={
            "size": [9 + 2.2 * c.value for c in cities],
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
    fig.add_trace(go.Scatter(
        x=[board.rome_position[0]], y=[board.rome_position[1]], mode="markers+text", name="Rome",
        uid="ce-board-rome", meta="ce-board-rome", text=["Rome"], textposition="bottom center",
        marker={"symbol": "star", "size": 22, "color": "#b8860b", "line": {"color": "#000", "width": 1}},
        hoverinfo="name"))
    fig.update_layout(
        title=title or board.name, height=620,
        margin={"l": 10, "r": 10, "t": 40, "b": 10}, clickmode="event",
        legend={"orientation": "h", "y": -0.02},
        xaxis={"visible": False, "range": [-0.02, 1.02]},
        yaxis={"visible": False, "range": [-0.02, 1.02], "scaleanchor": "x"},
    )
    return fig
