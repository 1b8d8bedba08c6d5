"""Charts shared by every explorer: a plotly figure drawn in the browser by a small view of our own.

* :class:`Chart` -- one chart of an explorer: :meth:`Chart.show` sends a freshly built
  ``go.Figure``; the browser draws it with ``Plotly.react`` (what the figure no longer
  holds, a shape, a title, an error bar, is gone from the page); while the kernel
  computes or the browser draws it, the chart says so, and if drawing fails it says so in
  words with a **Redraw** button.
* :class:`ChartFigure` -- an explorer's class attribute that reads the figure a chart shows.
* :func:`trace_data` -- a figure's trace data by trace ``meta``.

How a chart reaches the page, and why
-------------------------------------
plotly's own ``FigureWidget`` is an anywidget whose module embeds all of plotly.js
(~4.8 MB), compiled anew for every chart; anywidget gives a model 2 s to load it, and a
model that misses it drops every later message, so its chart never redraws (seen at load
averages of 4 to 7, and with several charts starting together even at 0.8). Here each chart
is two widgets:

* a :class:`ChartSource`, a *core* ipywidgets model holding the figure as JSON bytes, its
  revision and the kernel's state (``"computing"`` or ``"ready"``): its messages are
  applied whatever the load, since no module has to load for it;
* a :class:`ChartView`, an anywidget whose module (``_chart.js``, a few kilobytes) only
  draws: it reads everything from the source and the kernel sends the view nothing after
  making it, so even a view whose start-up missed anywidget's 2 s still follows every
  figure. plotly.js is asked of the kernel once per page (``{"kind": "plotly.js?", "bundle":
  "cartesian"}``, answered with plotly.js's cartesian bundle, 1.5 MB, as a binary buffer, or
  ``plotly.min.js`` for a figure of another trace type) and kept for every later chart; a page
  that already holds the same plotly.js as ``window.Plotly`` (a notebook whose static figures
  plotly's notebook output drew) draws with that one and asks for nothing.

The browser tells the kernel what it drew (``{"kind": "drawn", "revision": n}``), what it
could not draw (``{"kind": "failed", ...}``, kept in :attr:`Chart.failures`) and which point
was clicked (``{"kind": "click", "meta": ..., "index": ...}``, handed to the handler given
to :meth:`Chart.on_click`). ``docs/browser-testing.md`` gives the measurements behind the
choice.

Re-exported by :mod:`rometools.widgets._base`, where :class:`~rometools.widgets._base.Explorer`
uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import plotly
import plotly.graph_objects as go
import plotly.io as pio
from plotly.offline import get_plotlyjs_version
from traitlets import Bytes, Instance, Int, Unicode

__all__ = [
    "Chart",
    "ChartFigure",
    "ChartSource",
    "ChartView",
    "plotly_js",
    "trace_data",
]

_HERE = Path(__file__).parent
#: What a chart without a height of its own is drawn at (pixels; plotly's FigureWidget default).
DEFAULT_HEIGHT = 360


#: plotly.js's cartesian bundle (npm ``plotly.js-cartesian-dist-min``, MIT licence in its header): the
#: trace types of :data:`CARTESIAN_TRACES` in 1.5 MB, which a page compiles in a third of the full
#: bundle's time (0.35 against 0.9-1.4 s). Used only while its version is the one plotly (Python) ships.
CARTESIAN_JS = _HERE / "plotly-cartesian.min.js"
#: The trace types of :data:`CARTESIAN_JS` (``_chart.js`` holds the same list); every rometools chart's.
CARTESIAN_TRACES = frozenset({"bar", "box", "contour", "heatmap", "histogram", "histogram2d", "histogram2dcontour",
                              "image", "pie", "scatter", "scatterternary", "violin"})


def plotly_js(bundle: str = "full") -> tuple[str, bytes]:
    """``(bundle, source)``: the plotly.js a chart draws with, as a page asks for it (once per page).

    ``"full"``: the bundle plotly (Python) ships, about 4.8 MB. ``"cartesian"``: :data:`CARTESIAN_JS`
    (every trace type a rometools chart draws), if it is the same plotly.js version, else the full one.

    Examples
    --------
    >>> import plotly.offline
    >>> version = plotly.offline.get_plotlyjs_version()
    >>> kind, js = plotly_js()
    >>> kind, f"plotly.js v{version}" in js[:100].decode()
    ('full', True)
    >>> kind, js = plotly_js("cartesian")
    >>> kind, f"plotly.js (cartesian - minified) v{version}" in js[:100].decode(), len(js) < 2_000_000
    ('cartesian', True, True)
    """
    from plotly.offline.offline import get_plotlyjs

    if bundle == "cartesian":
        js = CARTESIAN_JS.read_bytes()
        if f" v{get_plotlyjs_version()}\n".encode() in js[:100]:
            return "cartesian", js
    return "full", get_plotlyjs().encode("utf-8")


class ChartSource(widgets.Widget):
    """A chart's figure and state, on a core ipywidgets model (no front-end module to load).

    Attributes
    ----------
    figure : bytes
        The figure as plotly JSON (UTF-8); empty before the first :meth:`Chart.show`.
    revision : int
        0 before the first figure, then one more for each figure sent.
    status : str
        ``"computing"`` while the explorer computes what the chart will show, else ``"ready"``.
    """

    figure = Bytes(b"").tag(sync=True)
    revision = Int(0).tag(sync=True)
    status = Unicode("ready").tag(sync=True)


class ChartView(anywidget.AnyWidget):
    """Draws its :class:`ChartSource` with plotly.js in the browser (``_chart.js``); laid out among an explorer's children.

    The kernel sends this widget nothing after making it (see the module): its CSS classes
    are given at construction.
    """

    _esm = (_HERE / "_chart.js").read_text(encoding="utf-8")
    _css = (_HERE / "_chart.css").read_text(encoding="utf-8")
    source = Instance(ChartSource).tag(sync=True, **widgets.widget_serialization)
    plotly_version = Unicode(plotly.__version__).tag(sync=True)
    #: The plotly.js version :func:`plotly_js` holds: a page that already has this very plotly.js (a
    #: notebook's static figures, plotly's own notebook output) draws with it instead of asking for it.
    plotly_js_version = Unicode(get_plotlyjs_version()).tag(sync=True)


#: ``callback(index)``: the index of the clicked point in the trace it was given for.
ClickHandler = Callable[[int], None]


class Chart:
    """One chart of an explorer: :attr:`view` on the page, :meth:`show` to draw a figure there.

    Parameters
    ----------
    *css : str
        CSS classes of the chart's place on the page (``"rt-board-chart"``), which tests
        and a designer's own styles find it by.

    Attributes
    ----------
    view : ChartView
        What the explorer lays out among its children.
    source : ChartSource
        The figure and state the view draws.
    drawn_revision : int
        The last revision a browser reported drawn (0: none yet, or no browser).
    failures : list of dict
        What a browser reported it could not draw: ``{"revision": int, "error": str}``.

    Examples
    --------
    >>> chart = Chart("rt-demo")
    >>> chart.show(go.Figure(go.Bar(y=[1, 2], meta="bars")))
    >>> chart.source.revision, trace_data(chart.figure)["bars"]["y"], "rt-demo" in chart.view._dom_classes
    (1, [1, 2], True)
    >>> import json
    >>> json.loads(chart.source.figure)["data"][0]["meta"]
    'bars'
    """

    def __init__(self, *css: str):
        self.source = ChartSource()
        self.view = ChartView(source=self.source, _dom_classes=tuple(css))
        self._figure: go.Figure | None = None
        self._clicks: dict[str, ClickHandler] = {}
        self.drawn_revision = 0
        self.failures: list[dict[str, Any]] = []
        self.source.on_msg(self._on_message)

    @property
    def figure(self) -> go.Figure | None:
        """The figure the chart shows (the last one given to :meth:`show`; ``None`` before).

        A figure shown as plotly JSON becomes a ``go.Figure`` when first read here.
        """
        if isinstance(self._figure, Mapping):
            self._figure = go.Figure(self._figure)
        return self._figure

    def show(self, fig: go.Figure | Mapping[str, Any]) -> None:
        """Send ``fig`` to every open view of the chart (one message: figure, revision, state).

        ``fig`` is a ``go.Figure``, or its plotly JSON (``{"data": [...], "layout": {...}}``),
        which is sent as it is: an explorer that changes a few marks of a large figure
        (the turn on a score chart) skips plotly's checks of a whole new figure.
        """
        payload = pio.to_json(fig, validate=False).encode("utf-8")
        with self.source.hold_sync():
            self.source.figure = payload
            self.source.revision += 1
            self.source.status = "ready"
        self._figure = fig

    def computing(self) -> None:
        """Say that the explorer is computing this chart's next figure (sent at once)."""
        self.source.status = "computing"

    def settled(self) -> None:
        """The computing is over (without a new figure if the input was refused: the chart shows what it showed)."""
        if self.source.status != "ready":
            self.source.status = "ready"

    def on_click(self, meta: str, callback: ClickHandler) -> None:
        """Call ``callback(index)`` when a point of the trace whose ``meta`` is ``meta`` is clicked.

        ``index`` is checked against the trace of the figure shown: a message from the page
        naming no such point is ignored.
        """
        self._clicks[meta] = callback

    def close(self) -> None:
        """Close the view and its source (in every open page)."""
        self.view.close()
        self.source.close()

    def _on_message(self, _widget: Any, content: Mapping[str, Any], buffers: Sequence[Any]) -> None:
        kind = content.get("kind") if isinstance(content, Mapping) else None
        if kind == "plotly.js?":
            bundle, js = plotly_js(str(content.get("bundle", "full")))
            self.source.send({"kind": "plotly.js", "version": plotly.__version__, "bundle": bundle}, buffers=[js])
        elif kind == "drawn" and isinstance(content.get("revision"), int):
            self.drawn_revision = max(self.drawn_revision, content["revision"])
        elif kind == "failed":
            self.failures.append({"revision": content.get("revision"), "error": str(content.get("error"))[:300]})
            del self.failures[:-20]
        elif kind == "click":
            self._clicked(content.get("meta"), content.get("index"))

    def _clicked(self, meta: Any, index: Any) -> None:
        callback = self._clicks.get(meta) if isinstance(meta, str) else None
        if callback is None or self._figure is None or isinstance(index, bool) or not isinstance(index, int):
            return
        trace = next((t for t in self.figure.data if t.meta == meta), None)
        points = next((v for v in (getattr(trace, "x", None), getattr(trace, "customdata", None)) if v is not None), ())
        size = len(points)
        if 0 <= index < size:
            callback(index)


class ChartFigure:
    """An explorer's class attribute that reads the figure one of its charts shows.

    ``figure = ChartFigure()`` in the class body and ``self._add_chart("figure", css)`` in
    ``__init__``; ``explorer.figure`` is then the ``go.Figure`` on screen (``None`` before
    the first). The explorer draws with :meth:`Explorer._show_chart`.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        return obj._charts[self._name].figure

    def __set__(self, obj: Any, value: Any) -> None:
        raise AttributeError(f"{self._name} is the figure a chart shows: register the chart with "
                             "_add_chart and draw with _show_chart")


def trace_data(fig: go.Figure) -> dict[str, dict]:
    """A figure's trace data keyed by trace ``meta``.

    Each value holds ``name``, ``x``, ``y``, ``visible`` and, when set,
    ``customdata`` and ``error_plus`` / ``error_minus``.

    Examples
    --------
    >>> trace_data(go.Figure(go.Bar(x=["a"], y=[3], meta="bars", name="b")))["bars"]["y"]
    [3]
    """
    out = {}
    for t in fig.data:
        out[t.meta] = {
            "name": t.name,
            "x": list(t.x) if t.x is not None else [],
            "y": list(t.y) if t.y is not None else [],
            "visible": t.visible is not False,
        }
        if t.customdata is not None:
            cd = t.customdata
            out[t.meta]["customdata"] = (cd.tolist() if hasattr(cd, "tolist") else
                                        [list(c) if isinstance(c, tuple | list) else c for c in cd])
        if getattr(t, "error_y", None) is not None and t.error_y.array is not None:
            out[t.meta]["error_plus"] = list(t.error_y.array)
            out[t.meta]["error_minus"] = list(t.error_y.arrayminus)
    return out
