"""Plotly figures of the Ave Roma IMPERATOR expansion: the region board and reward-tile odds.

Both take plain values (a board layout and what is on it; exact odds from
:mod:`rometools.imperator.odds`), so they hold no rules. Trace ``meta`` names (also
the ``uid``) start with ``im-``:

====================================  ==============================================
``region_board_figure``               what it draws
====================================  ==============================================
``im-arrows``                         every arrow of the layout (grey, with a head)
``im-move``                           the move of the step shown (thick, orange)
``im-regions``                        regions: a square per region, the tile's label;
                                      ``customdata`` = region id (clicks use it)
``im-markers``                        each tile's 1 (top left) or 5 (top right)
``im-workers``                        workers in their seat colour, the value inside;
                                      ``customdata`` = ``[region, seat, value]``
``im-removed``                        a worker sent back to its owner (beside the board)
``im-track``                          the Action track's spaces and points
``im-cubes``                          each seat's cube on the track (seat colour);
                                      ``customdata`` = ``[seat, space, gained]``
====================================  ==============================================

``tile_odds_figure``: one exact-bar trace per tile kind (``im-odds-<kind>``, exact
fraction in ``customdata``) by round, and, when simulated, one marker trace per kind
with Wilson error bars (``im-odds-sim-<kind>``) in the same bar group.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction

import plotly.graph_objects as go

from rometools.charts._common import (
    TEMPLATE,
    add_caption,
    exact_bars,
    legend_above,
    new_figure,
    seat_colour,
    simulated_trace,
)
from rometools.imperator import KIND_NAMES, Layout, RegionBoard

__all__ = ["KIND_COLOURS", "region_board_figure", "tile_odds_figure"]

#: One colour per reward-tile kind (the odds chart).
KIND_COLOURS = {"usable_once": "#8c564b", "instant_points": "#2ca02c", "political_influence": "#9467bd",
                "propraetor": "#d62728", "any_worker_value": "#ff7f0e"}
_MARKER_FILL = {1: "#fff3d6", 5: "#dbe9f6"}    # tile squares: the side of the strongest value
_BOARD_BOTTOM = 0.22                            # regions are drawn above the track


def _xy(board: RegionBoard, region: str) -> tuple[float, float]:
    x, y = board.region(region).position
    return x, _BOARD_BOTTOM + (1 - _BOARD_BOTTOM) * y * 0.9


def _shortened(a: tuple[float, float], b: tuple[float, float], cut: float = 0.045):
    """The segment a -> b with ``cut`` taken off both ends (arrowheads stay outside the squares)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    return (a[0] + ux * cut, a[1] + uy * cut), (b[0] - ux * cut, b[1] - uy * cut)


def _arrow_trace(board: RegionBoard, arrows: Sequence[tuple[str, str]], *, uid: str, name: str, colour: str,
                 width: float) -> go.Scatter:
    xs: list = []
    ys: list = []
    symbols: list = []
    for a, b in arrows:
        (x0, y0), (x1, y1) = _shortened(_xy(board, a), _xy(board, b))
        xs += [x0, x1, None]
        ys += [y0, y1, None]
        symbols += ["circle", "arrow", "circle"]
    return go.Scatter(x=xs, y=ys, mode="lines+markers", name=name, uid=uid, meta=uid, hoverinfo="skip",
                      line={"color": colour, "width": width},
                      marker={"symbol": symbols, "angleref": "previous", "size": [0, 2 * width + 11, 0] * len(arrows),
                              "color": colour})


def region_board_figure(
    board: RegionBoard,
    layout: Layout,
    *,
    tiles: Mapping[str, tuple[int, str]] | None = None,
    occupants: Mapping[str, tuple[int, int]] | None = None,
    move: tuple[str, str] | None = None,
    removed: tuple[int, int] | None = None,
    track: Sequence[int] = (),
    gained: Sequence[int] = (),
    players: Sequence[str] | None = None,
    selected: str | None = None,
    title: str | None = None,
) -> go.Figure:
    """Draw the Imperator board as one player count uses it, and what is on it.

    Parameters
    ----------
    board : RegionBoard
        Region names, drawing positions (0..1) and the Action track's points.
    layout : Layout
        The regions and arrows in play (``board.layout(players)``).
    tiles : Mapping[str, (int, str)], optional
        ``{region: (marker, label)}`` for every region holding a tile.
    occupants : Mapping[str, (int, int)], optional
        ``{region: (seat, worker value)}``.
    move : (str, str), optional
        An arrow to highlight (the step shown: ``(from, to)``; for a placement,
        ``(to, to)`` rings the region instead).
    removed : (int, int), optional
        ``(seat, value)`` of a worker sent back to its owner, drawn beside the board.
    track : sequence of int
        Each seat's Action-track space.
    gained : sequence of int
        Spaces each seat gained in the chain shown (hover and labels).
    players : sequence of str, optional
        Seat labels (default ``"P1"``, ``"P2"``...).
    selected : str, optional
        A region to ring (where the worker is placed).

    Returns
    -------
    plotly.graph_objects.Figure

    Raises
    ------
    KeyError
        If a mapping names a region that is not on the board.

    Examples
    --------
    >>> from rometools.imperator import load_board
    >>> b = load_board()
    >>> fig = region_board_figure(b, b.layout(2), tiles={"latium": (5, "stone")},
    ...                           occupants={"latium": (0, 4)}, track=[1, 0])
    >>> [t.meta for t in fig.data]
    ['im-arrows', 'im-move', 'im-regions', 'im-markers', 'im-workers', 'im-removed', 'im-track', 'im-cubes']
    >>> list(next(t for t in fig.data if t.meta == "im-workers").customdata)
    [['latium', 0, 4]]
    """
    tiles = dict(tiles or {})
    occupants = dict(occupants or {})
    seats = max([len(players or ()), len(track)] + [s + 1 for s, _ in occupants.values()])
    names = list(players or ()) + [f"P{i + 1}" for i in range(len(players or ()), seats)]
    fig = go.Figure(layout={"template": TEMPLATE})
    arrows = [(a, b) for a in layout.regions for b in layout.successors[a]]
    fig.add_trace(_arrow_trace(board, arrows, uid="im-arrows", name="arrows", colour="#757575", width=1.5))
    shown = [move] if move is not None and move[0] != move[1] else []
    fig.add_trace(_arrow_trace(board, shown, uid="im-move", name="this step", colour="#ff7f0e", width=4))

    regions = list(layout.regions)
    pos = [_xy(board, r) for r in regions]
    text, hover = [], []

    def name(r: str) -> str:
        return html.escape(board.region(r).name, quote=False)

    for r in regions:
        tile = tiles.get(r)
        label = html.escape(tile[1], quote=False) if tile else "no tile"
        text.append(f"<b>{name(r)}</b><br>{label}")
        hover.append(f"<b>{name(r)}</b><br>"
                     + (f"marker {tile[0]}: {label}" if tile else "no tile: cannot be entered")
                     + f"<br>arrows to: {', '.join(name(s) for s in layout.successors[r]) or 'none (an edge)'}")
    ring = selected if selected is not None else (move[1] if move is not None and move[0] == move[1] else None)
    fig.add_trace(go.Scatter(
        x=[p[0] for p in pos], y=[p[1] for p in pos], mode="markers+text", name="regions", uid="im-regions",
        meta="im-regions", customdata=regions, text=text, textposition="bottom center", textfont={"size": 10},
        hovertext=hover, hoverinfo="text",
        marker={"symbol": "square", "size": 46, "opacity": 1,
                "color": [_MARKER_FILL.get(tiles[r][0], "#eeeeee") if r in tiles else "#f7f7f7" for r in regions],
                "line": {"color": ["#000000" if r == ring else "#616161" for r in regions],
                         "width": [4 if r == ring else 1 for r in regions]}}))
    mk = [r for r in regions if r in tiles]
    fig.add_trace(go.Scatter(
        x=[_xy(board, r)[0] + (-0.028 if tiles[r][0] == 1 else 0.028) for r in mk],
        y=[_xy(board, r)[1] + 0.04 for r in mk], mode="text", text=[str(tiles[r][0]) for r in mk],
        textfont={"size": 12, "color": "#b8860b"}, name="markers", uid="im-markers", meta="im-markers",
        hoverinfo="skip", showlegend=False))
    occ = [r for r in regions if r in occupants]
    fig.add_trace(go.Scatter(
        x=[_xy(board, r)[0] for r in occ], y=[_xy(board, r)[1] for r in occ], mode="markers+text",
        name="workers", uid="im-workers", meta="im-workers",
        customdata=[[r, occupants[r][0], occupants[r][1]] for r in occ],
        text=[str(occupants[r][1]) for r in occ], textfont={"color": "white", "size": 13},
        hovertext=[f"{names[occupants[r][0]]}'s worker of value {occupants[r][1]} in {name(r)}"
                   for r in occ], hoverinfo="text",
        marker={"size": 26, "color": [seat_colour(occupants[r][0]) for r in occ],
                "line": {"color": "white", "width": 2}}))
    fig.add_trace(go.Scatter(
        x=[1.02] if removed else [], y=[0.95] if removed else [], mode="markers+text", name="sent back",
        uid="im-removed", meta="im-removed", customdata=[list(removed)] if removed else [],
        text=[f"{names[removed[0]]}'s {removed[1]} sent back"] if removed else [], textposition="bottom center",
        marker={"symbol": "x", "size": 18, "color": seat_colour(removed[0]) if removed else "#000"},
        hoverinfo="text"))
    spaces = len(board.track)
    sx = [0.06 + 0.88 * k / max(spaces - 1, 1) for k in range(spaces)]
    fig.add_trace(go.Scatter(
        x=sx, y=[0.05] * spaces, mode="markers+text", name="Action track", uid="im-track", meta="im-track",
        text=[f"{p}" for p in board.track], textposition="bottom center", textfont={"size": 9},
        hovertext=[f"space {k}: {p} points at the end" for k, p in enumerate(board.track)], hoverinfo="text",
        marker={"symbol": "square-open", "size": 22, "color": "#616161"}))
    gained = list(gained) + [0] * (len(track) - len(gained))
    cubes = [(s, min(t, spaces - 1)) for s, t in enumerate(track)]
    fig.add_trace(go.Scatter(
        x=[sx[t] + 0.012 * (s - (len(track) - 1) / 2) for s, t in cubes],
        y=[0.05 + 0.03 + 0.022 * s for s, _ in cubes], mode="markers+text", name="cubes", uid="im-cubes",
        meta="im-cubes", customdata=[[s, t, gained[s]] for s, t in cubes],
        text=[f"+{gained[s]}" if gained[s] else "" for s, _ in cubes], textposition="middle right",
        textfont={"size": 10, "color": "#ff7f0e"},
        hovertext=[f"{names[s]}: space {t} ({board.track[t]} points)"
                   + (f", +{gained[s]} in this chain" if gained[s] else "") for s, t in cubes], hoverinfo="text",
        marker={"symbol": "square", "size": 11, "color": [seat_colour(s) for s, _ in cubes]}))
    fig.update_layout(
        title=html.escape(title or board.name, quote=False), height=560,
        margin={"l": 10, "r": 10, "t": 40, "b": 10}, clickmode="event", showlegend=False,
        xaxis={"visible": False, "range": [-0.06, 1.12]},
        yaxis={"visible": False, "range": [-0.04, 1.06]},
    )
    return add_caption(fig, "Regions: yellow for a marker-1 tile, blue for a marker-5 tile, pale without a tile. Circles: "
                            "workers in their player's colour, with their value. Small squares above the "
                            "Action track: each player's cube.", offset=6, margin=24)


def tile_odds_figure(odds: Mapping[str, Sequence[Fraction]], *, simulated: Mapping[str, Sequence[int]] | None = None,
                     trials: int = 0, what: str = "revealed", title: str | None = None) -> go.Figure:
    """Reveal probability of each tile kind, round by round: exact bars, simulated markers.

    Parameters
    ----------
    odds : Mapping[str, sequence of Fraction]
        ``{kind: [P(round 1), P(round 2), ...]}`` (exact, e.g. ``RevealOdds.revealed``).
    simulated : Mapping[str, sequence of int], optional
        ``{kind: [runs in which it happened, per round]}`` out of ``trials``.
    trials : int
        Simulated runs (needed with ``simulated``).
    what : str
        What the probability is of, for the axis title (``"revealed"``, ``"on the board"``).

    Returns
    -------
    plotly.graph_objects.Figure
        ``x`` = round (1, 2, ...), bars grouped by kind.

    Examples
    --------
    >>> fig = tile_odds_figure({"propraetor": [Fraction(1, 5), Fraction(1, 10)]})
    >>> fig.data[0].meta, list(fig.data[0].customdata)
    ('im-odds-propraetor', ['1/5', '1/10'])
    """
    fig = new_figure()
    for kind, ps in odds.items():
        rounds = list(range(1, len(ps) + 1))
        bars = exact_bars(dict(zip(rounds, ps, strict=True)), rounds, uid=f"im-odds-{kind}",
                          name=KIND_NAMES.get(kind, kind), colour=KIND_COLOURS.get(kind, "#7f7f7f"))
        bars.update(offsetgroup=kind, hovertemplate=f"{KIND_NAMES.get(kind, kind)}, round "
                                                   "%{x}: %{hovertext}<extra></extra>")
        fig.add_trace(bars)
    for kind, counts in (simulated or {}).items():
        rounds = list(range(1, len(counts) + 1))
        sim = simulated_trace(dict(zip(rounds, counts, strict=True)), trials, rounds, uid=f"im-odds-sim-{kind}",
                              name="simulated (95% Wilson interval)", colour="#000000")
        sim.update(offsetgroup=kind, showlegend=kind == next(iter(simulated)), legendgroup="simulated",
                   marker={"size": 6}, hovertemplate=f"{KIND_NAMES.get(kind, kind)}, round " + sim.hovertemplate)
        fig.add_trace(sim)
    fig.update_layout(
        title=title or f"P(at least one tile of the kind is {what}), by round", barmode="group",
        scattermode="group", bargap=0.2, height=430,
        xaxis={"title": {"text": "round"}, "dtick": 1},
        yaxis={"title": {"text": f"P({what})"}, "range": [0, 1.05]},
    )
    return legend_above(fig)
