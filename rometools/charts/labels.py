"""Labels on a map that do not overlap: positions around each point, or a leader line.

* :func:`place_labels` -- a position for each label of a map's points (above, below, beside,
  then the corners), the most crowded points first; a label with no room moves away on a leader
  line (:class:`LabelPlacement`).
* :func:`add_leader_labels` -- draws the labels moved away, each joined to its point.
* :func:`text_size`, :func:`legend_rows` -- a label's size and a legend's rows, estimated in
  pixels.
* :func:`map_scale` -- pixels per data unit of a map of fixed size (equal axes or a set ratio);
  :func:`label_boxes` -- every label of a drawn map as a box in pixels, as :func:`place_labels`
  sizes them, to check that no two overlap.

Game-agnostic: the boards of Caesar's Empire and Via Romana and the report's hot-spot map use it.
Also re-exported by :mod:`rometools.charts._common`, where it lived.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["LabelPlacement", "add_leader_labels", "label_boxes", "legend_rows", "map_scale", "place_labels",
           "text_size"]

#: plotly's margins (pixels) where a figure sets none.
_PLOTLY_MARGIN = {"l": 80, "r": 80, "t": 100, "b": 80}

#: Where a label may sit around its point, in order of preference (plotly ``textposition``),
#: with the direction it moves in (x right, y up).
_POSITIONS = (
    ("top center", (0, 1)), ("bottom center", (0, -1)), ("middle right", (1, 0)), ("middle left", (-1, 0)),
    ("top right", (1, 1)), ("top left", (-1, 1)), ("bottom right", (1, -1)), ("bottom left", (-1, -1)),
)


@dataclass(frozen=True)
class LabelPlacement:
    """Where each label of :func:`place_labels` goes.

    Attributes
    ----------
    positions : list of str
        A plotly ``textposition`` per point; ``""`` when the label moves to a leader line.
    leaders : dict
        ``{point index: (dx, dy)}``: labels drawn away from their point, at an
        offset in pixels (x right, y down, as plotly's annotation ``ax``/``ay``),
        joined to it by a line.
    """

    positions: list[str]
    leaders: dict[int, tuple[int, int]]


def _box(cx: float, cy: float, w: float, h: float) -> tuple[float, float, float, float]:
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _beside(cx: float, cy: float, r: float, w: float, h: float,
            direction: tuple[int, int]) -> tuple[float, float, float, float]:
    """The box of a ``w`` by ``h`` label beside a point of radius ``r`` at (cx, cy), pixels with y up, in
    ``direction`` (one of :data:`_POSITIONS`' moves; (0, 0): on the point)."""
    dx, dy = direction
    gap = r + 2
    x = cx + dx * (gap + w / 2) if dx else cx
    y = cy + dy * (gap + h / 2) if dy else cy
    if dx and dy:  # corners: plotly puts the text's corner at the marker's edge
        x, y = cx + dx * (r * 0.7 + w / 2), cy + dy * (r * 0.7 + h / 2)
    return _box(x, y, w, h)


def _leader_box(cx: float, cy: float, dx: float, dy: float, w: float, h: float) -> tuple[float, float, float, float]:
    """The box of a label on a leader line ending (dx, dy) pixels (y up) from its point at (cx, cy)."""
    bx = cx + dx + (w / 2 if dx > 2 else -w / 2 if dx < -2 else 0)
    by = cy + dy + (h / 2 if dy > 2 else -h / 2 if dy < -2 else 0)
    return _box(bx, by, w + 4, h + 2)


def map_scale(width: float, height: float, margin: dict, xrange: tuple[float, float], yrange: tuple[float, float],
              ratio: float | None = 1.0) -> tuple[float, float]:
    """Pixels per data unit along x and y of a plot ``width`` by ``height`` pixels with these margins.

    With ``ratio`` (the y axis anchored to x, ``scaleratio``: a map's equal axes) the axes keep it and the
    tighter one sets the scale, plotly widening the other's range; ``None``: each axis fills its side.

    Examples
    --------
    >>> map_scale(500, 400, {"l": 50, "r": 50, "t": 50, "b": 50}, (0, 2), (0, 1))
    (200.0, 200.0)
    >>> map_scale(500, 400, {"l": 50, "r": 50, "t": 50, "b": 50}, (0, 2), (0, 1), None)
    (200.0, 300.0)
    """
    side = {k: (margin.get(k) if margin.get(k) is not None else v) for k, v in _PLOTLY_MARGIN.items()}
    pw, ph = width - side["l"] - side["r"], height - side["t"] - side["b"]
    sx, sy = pw / (xrange[1] - xrange[0]), ph / (yrange[1] - yrange[0])
    if ratio is None:
        return sx, sy
    sx = min(sx, sy / ratio)
    return sx, sx * ratio


def label_boxes(fig: Any) -> dict[str, tuple[float, float, float, float]]:
    """Every label of a map drawn at a fixed size, as its box in pixels (x right, y up), by name.

    The labels are the texts of each trace whose ``textposition`` is a list (placed by
    :func:`place_labels`), named ``"<trace meta>[i]"``, and each annotation drawn on a leader line or
    named ``...-label-...``, by its name; sized as :func:`place_labels` sizes them (:func:`text_size`),
    where plotly draws them on this figure's plot area (its width, height, margins and axis ranges).

    Raises
    ------
    ValueError
        For a figure with labels whose size is the page's (``width`` or ``height`` unset): where its
        labels fall depends on the page, so none can be placed for it. A figure with no labels: ``{}``.

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 0], mode="markers+text", text=["A", "B"], meta="m",
    ...                            textposition=["top center", "top center"], marker={"size": 10}))
    >>> _ = fig.update_layout(width=300, height=300, margin={"l": 0, "r": 0, "t": 0, "b": 0},
    ...                       xaxis={"range": [0, 1]}, yaxis={"range": [0, 1], "scaleanchor": "x"})
    >>> label_boxes(fig)
    {'m[0]': (-3.6, 7.0, 3.6, 22.6), 'm[1]': (296.4, 7.0, 303.6, 22.6)}
    """
    layout = fig.layout
    traces = [t for t in fig.data if isinstance(getattr(t, "textposition", None), tuple | list) and t.text is not None]
    notes = [n for n in layout.annotations
             if n.xref != "paper" and (n.showarrow or (n.name and "-label-" in n.name))]
    if not traces and not notes:
        return {}
    if layout.width is None or layout.height is None:
        raise ValueError("the figure's size is the page's (width or height unset): its labels cannot be placed")
    margin = {k: getattr(layout.margin, k) for k in "lrtb"}
    xrange, yrange = tuple(layout.xaxis.range), tuple(layout.yaxis.range)
    ratio = (layout.yaxis.scaleratio or 1.0) if layout.yaxis.scaleanchor == "x" else None
    sx, sy = map_scale(layout.width, layout.height, margin, xrange, yrange, ratio)

    def px(x: float, y: float) -> tuple[float, float]:
        return (x - xrange[0]) * sx, (y - yrange[0]) * sy

    moves = dict(_POSITIONS)
    boxes: dict[str, tuple[float, float, float, float]] = {}
    for trace in traces:
        font = (trace.textfont.size if trace.textfont and trace.textfont.size else 12)
        sizes = trace.marker.size if trace.marker.size is not None else 6
        for i, (x, y, text, where) in enumerate(zip(trace.x, trace.y, trace.text, trace.textposition, strict=True)):
            if text:
                size = sizes[i] if isinstance(sizes, tuple | list) else sizes
                boxes[f"{trace.meta}[{i}]"] = _beside(*px(x, y), size / 2, *text_size(text, font), moves[where])
    for note in notes:   # its markup (<b>Rome</b>) is not drawn
        w, h = text_size(re.sub(r"<(?!br>)[^>]*>", "", note.text), note.font.size or 12)
        cx, cy = px(note.x, note.y)
        if note.showarrow:
            boxes[note.name] = _leader_box(cx, cy, note.ax, -note.ay, w, h)
        else:
            boxes[note.name] = _box(cx + (note.xshift or 0), cy + (note.yshift or 0), w, h)
    return {name: tuple(round(v, 1) for v in box) for name, box in boxes.items()}


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def text_size(text: str, font_px: float) -> tuple[float, float]:
    """Estimated width and height of a plotly label in pixels (``<br>`` breaks lines).

    Examples
    --------
    >>> text_size("Carthago Nova", 10)
    (79.3, 13.0)
    """
    lines = text.split("<br>") if text else [""]
    width = max(len(html.unescape(line)) for line in lines) * 0.61 * font_px
    return round(width, 1), round(len(lines) * 1.3 * font_px, 1)


def legend_rows(names: Sequence[str], width: float, font_px: float = 12) -> int:
    """Rows a horizontal plotly legend of ``names`` takes in ``width`` pixels.

    Each entry is its text (:func:`text_size`) plus about 48 pixels of symbol
    and gap; entries wrap like words.

    Examples
    --------
    >>> legend_rows(["P1 Roads", "P2 Roads"], 900), legend_rows(["unbuilt 1-Road path"] * 8, 900)
    (1, 2)
    """
    rows, used = 1, 0.0
    for name in names:
        w = text_size(name, font_px)[0] + 48
        if used and used + w > width:
            rows, used = rows + 1, 0.0
        used += w
    return rows


def place_labels(points: Sequence[tuple[float, float]], texts: Sequence[str], radii: Sequence[float], *,
                 xrange: tuple[float, float], yrange: tuple[float, float], width: float = 1000,
                 height: float = 560, font_px: float = 10, obstacles: Sequence[tuple[float, float, float]] = (),
                 ) -> LabelPlacement:
    """Positions for the labels of points on a map, so that no two labels overlap.

    Each label takes the first of eight positions around its point (above,
    below, right, left, then the corners) that overlaps no label placed
    before it, no point and stays inside the plot; the most crowded points
    choose first. A label with no free position moves away from its point,
    to the nearest free spot within about 90 pixels, drawn with a leader line
    (:attr:`LabelPlacement.leaders`); if even that fails it keeps its least
    crowded position. Sizes are estimated for a plot area of ``width`` by
    ``height`` pixels (:func:`text_size`).

    Parameters
    ----------
    points : sequence of (x, y)
        Data coordinates of the labelled points.
    texts : sequence of str
        The labels (``""`` for none); ``<br>`` breaks a line.
    radii : sequence of float
        Each point's marker radius in pixels.
    xrange, yrange : (float, float)
        The axes' ranges (data coordinates).
    width, height : float
        The plot area in pixels.
    font_px : float
        Label font size in pixels.
    obstacles : sequence of (x, y, radius)
        Other marks labels must not cover (e.g. a star), radius in pixels.

    Returns
    -------
    LabelPlacement

    Examples
    --------
    Two points close together: the second label goes below its point.

    >>> p = place_labels([(0.5, 0.5), (0.5, 0.53)], ["Capua", "Roma"], [5, 5],
    ...                  xrange=(0, 1), yrange=(0, 1), width=500, height=500)
    >>> p.positions, p.leaders
    (['bottom center', 'top center'], {})
    """
    def px(x: float, y: float) -> tuple[float, float]:
        return ((x - xrange[0]) / (xrange[1] - xrange[0]) * width,
                (y - yrange[0]) / (yrange[1] - yrange[0]) * height)

    import numpy as np

    centres = [px(x, y) for x, y in points]
    blocks = [_box(cx, cy, 2 * r, 2 * r) for (cx, cy), r in zip(centres, radii, strict=True)]
    blocks += [_box(*px(x, y), 2 * r, 2 * r) for x, y, r in obstacles]
    sizes = [text_size(t, font_px) for t in texts]
    # every box a label must not cover, as one array: a candidate is scored against all at once
    fixed = np.array(blocks, dtype=float).reshape(-1, 4)
    taken = np.empty((len(points), 4))  # the boxes of the labels placed so far, in their order

    def candidate(i: int, direction: tuple[int, int]) -> tuple[float, float, float, float]:
        return _beside(*centres[i], radii[i], *sizes[i], direction)

    def covered(box: tuple[float, float, float, float], boxes) -> np.ndarray:
        w = np.minimum(boxes[:, 2], box[2]) - np.maximum(boxes[:, 0], box[0])
        h = np.minimum(boxes[:, 3], box[3]) - np.maximum(boxes[:, 1], box[1])
        return np.where((w > 0) & (h > 0), w * h, 0.0)

    def cost(box: tuple[float, float, float, float], placed: list, own: int) -> float:
        """Area of ``box`` over the labels placed, the points but ``own`` and outside the plot (x 2)."""
        out = float(covered(box, taken[:len(placed)]).sum()) if placed else 0.0
        on_fixed = covered(box, fixed)
        if own < len(on_fixed):
            on_fixed[own] = 0.0
        out += float(on_fixed.sum())
        inside = _overlap(box, (0, 0, width, height))
        return out + ((box[2] - box[0]) * (box[3] - box[1]) - inside) * 2

    def place(box: tuple[float, float, float, float]) -> None:
        taken[len(placed)] = box
        placed.append(box)

    crowd = [sum(1 for (ox, oy) in centres if abs(ox - cx) < 90 and abs(oy - cy) < 40) for cx, cy in centres]
    order = sorted((i for i, t in enumerate(texts) if t), key=lambda i: -crowd[i])
    positions = [""] * len(points)
    leaders: dict[int, tuple[int, int]] = {}
    placed: list[tuple[float, float, float, float]] = []
    for i in order:
        scored = [(cost(candidate(i, d), placed, i), k) for k, (_, d) in enumerate(_POSITIONS)]
        best, k = min(scored)
        if best <= 0.5:
            positions[i] = _POSITIONS[k][0]
            place(candidate(i, _POSITIONS[k][1]))
            continue
        spot = _leader_spot(i, centres, sizes, placed, blocks, cost)
        if spot is None:
            positions[i] = _POSITIONS[k][0]
            place(candidate(i, _POSITIONS[k][1]))
        else:
            (dx, dy), box = spot
            leaders[i] = (dx, -dy)  # annotation offsets count y downwards
            place(box)
    return LabelPlacement(positions, leaders)


def add_leader_labels(fig: Any, placement: LabelPlacement, points: Sequence[tuple[float, float]],
                      texts: Sequence[str], radii: Sequence[float], names: Sequence[str], *,
                      font_px: float = 10) -> None:
    """Draw the labels :func:`place_labels` moved away from their points, each on a leader line.

    Each label of ``placement.leaders`` becomes an annotation at its offset, on the side away
    from its point (anchored left of a label pushed right, below one pushed up...), joined to
    the point by a thin grey line that stops at the marker's edge, on a pale background.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        Changed in place.
    placement : LabelPlacement
        From :func:`place_labels` with the same points.
    points : sequence of (x, y)
        Data coordinates of the labelled points.
    texts : sequence of str
        The labels.
    radii : sequence of float
        Each point's marker size in pixels (the line stops at half of it).
    names : sequence of str
        Each annotation's ``name`` (a stable id tests and browsers read: ``"ce-label-capua"``).
    font_px : float
        Label font size in pixels.

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> fig = go.Figure()
    >>> add_leader_labels(fig, LabelPlacement(["", "top center"], {0: (30, -12)}), [(0.2, 0.3), (0.5, 0.5)],
    ...                   ["Ostia", "Roma"], [10, 10], ["x-label-ostia", "x-label-roma"])
    >>> [(a.text, a.name, a.xanchor, a.yanchor) for a in fig.layout.annotations]
    [('Ostia', 'x-label-ostia', 'left', 'bottom')]
    """
    for i, (dx, dy) in placement.leaders.items():
        x, y = points[i]
        fig.add_annotation(  # the label sits beyond the line's end, on the side away from its point
            x=x, y=y, ax=dx, ay=dy, text=texts[i], name=names[i],
            xanchor="left" if dx > 2 else "right" if dx < -2 else "center",
            yanchor="top" if dy > 2 else "bottom" if dy < -2 else "middle",
            showarrow=True, arrowhead=0, arrowwidth=0.8, arrowcolor="#757575", standoff=radii[i] / 2,
            font={"size": font_px}, bgcolor="rgba(255,255,255,0.85)", borderpad=1)


def _leader_spot(i, centres, sizes, placed, blocks, cost):
    """The nearest free box for label ``i`` within ~90 px, as ((dx, dy) pixels, box), or ``None``."""
    (cx, cy), (w, h) = centres[i], sizes[i]
    for distance in (28, 40, 55, 70, 90):
        for step in range(16):
            angle = math.pi / 2 + step * math.pi / 8
            dx, dy = round(distance * math.cos(angle)), round(distance * math.sin(angle))
            # the label's box sits beyond the line's end, on the side the line comes from
            box = _leader_box(cx, cy, dx, dy, w, h)
            if cost(box, placed, i) <= 0.5:
                return (dx, dy), box
    return None
