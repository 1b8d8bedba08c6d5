"""Figures and charts shared by every explorer (no game logic here; no game imported).

* :func:`sync_figure` -- replace a live ``go.FigureWidget``'s content with a freshly
  built ``go.Figure`` in one batched update.
* :func:`trace_data` -- read a FigureWidget's data back by trace ``meta``.
* :class:`Chart`, :class:`ChartQueue`, :class:`ChartWidget` -- an explorer's charts,
  whose ``FigureWidget`` models start in the browser one at a time (several starting
  together miss anywidget's 2 s start-up and then never redraw).

Re-exported by :mod:`rometools.widgets._base`, where :class:`~rometools.widgets._base.Explorer`
uses them.
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import deepcopy
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

__all__ = ["Chart", "ChartQueue", "ChartWidget", "sync_figure", "trace_data"]


# ===================================================================== figures
def _replace_props(obj, props: Mapping[str, Any], keep: tuple[str, ...] = ()) -> None:
    """Make ``obj`` (a trace or layout of a FigureWidget) hold exactly ``props``.

    Keys it holds that ``props`` lacks are set to ``None`` (removed, also in the
    browser); every key of ``props`` is assigned whole, not merged, so no stale
    sub-property (an error bar, a marker symbol) survives. Equal values send nothing.
    """
    current = obj.to_plotly_json()
    for key in current.keys() - props.keys() - set(keep):
        obj[key] = None
    for key, value in props.items():
        if key == "template" and current.get(key) == value:
            continue  # validating a template is the slow part; skip it when unchanged
        obj[key] = value


def sync_figure(fw: go.FigureWidget, new: go.Figure) -> None:
    """Replace ``fw``'s traces and layout with ``new``'s (one batched front-end message).

    Nothing of the old figure survives: a shape, an annotation, an error bar,
    a title or any other property ``new`` does not set is removed, in Python
    and in every open view. When the traces keep their types and ``meta`` in
    order, they are updated in place (a restyle, which keeps the widget's
    trace uids and click handlers and redraws smoothly); otherwise the traces
    are swapped.

    A FigureWidget sends edits as one-shot messages and keeps its synced state
    (``_widget_data`` / ``_widget_layout``) at what it was built with. A view
    created later (Voila renders after the notebook ran; a second display)
    would start from that stale state and show empty axes, so both are
    brought up to date here after every sync.

    Parameters
    ----------
    fw : plotly.graph_objects.FigureWidget
        The live figure.
    new : plotly.graph_objects.Figure
        The freshly built figure whose content it takes.

    Examples
    --------
    >>> fw = go.FigureWidget(go.Bar(y=[1], meta="bars", error_y={"array": [0.5]}),
    ...                      layout={"title": {"text": "old"}, "shapes": [{"type": "line"}]})
    >>> sync_figure(fw, go.Figure(go.Bar(y=[1, 2], meta="bars")))
    >>> list(fw.data[0].y), fw.data[0].error_y.array, fw.layout.title.text, fw.layout.shapes
    ([1, 2], None, None, ())
    >>> fw._widget_data[0]["y"]
    [1, 2]
    """
    traces = [t.to_plotly_json() for t in new.data]
    same_shape = len(fw.data) == len(traces) and all(
        old.type == t.get("type") and old.meta == t.get("meta") and not _revives_text(old.text, t.get("text"))
        for old, t in zip(fw.data, traces, strict=True))
    if not same_shape:
        fw.data = []
        fw.add_traces(list(new.data))
    with fw.batch_update():
        if same_shape:
            for old, props in zip(fw.data, traces, strict=True):
                _replace_props(old, {k: v for k, v in props.items() if k not in ("type", "uid")},
                               keep=("type", "uid"))  # the FigureWidget keeps its own uids
        _replace_props(fw.layout, new.layout.to_plotly_json())
    fw._widget_data = deepcopy(fw._data)
    fw._widget_layout = deepcopy(fw._layout_obj._props)


def _revives_text(old, new) -> bool:
    """Whether a restyle from text ``old`` to ``new`` would give an empty label a text.

    plotly.js removes the ``<text>`` node of a point whose label is empty and
    never adds it back on a later restyle, so that label would stay blank
    (a city label that came back after a turn was missing from the map).
    Such a trace is swapped instead of restyled.
    """
    if not isinstance(new, list | tuple):
        return False
    if not isinstance(old, list | tuple):
        return old is not None and not old and any(new)
    return len(old) != len(new) or any(n and not o for o, n in zip(old, new, strict=True))


def trace_data(fw: go.FigureWidget | go.Figure) -> dict[str, dict]:
    """A FigureWidget's (or figure's) trace data keyed by trace ``meta``.

    Each value holds ``name``, ``x``, ``y``, ``visible`` and, when set,
    ``customdata`` and ``error_plus`` / ``error_minus``.

    Examples
    --------
    >>> fw = go.FigureWidget(go.Bar(x=["a"], y=[3], meta="bars", name="b"))
    >>> trace_data(fw)["bars"]["y"]
    [3]
    """
    out = {}
    for t in fw.data:
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


# ===================================================================== charts started one at a time
class Chart:
    """One chart of an explorer: its place on the page and a ``go.FigureWidget`` made when its turn comes.

    In a browser, anywidget gives each widget model 2 s to load its module, and plotly's
    (all of plotly.js, about 4.6 MB) is compiled anew for every ``FigureWidget``. Several
    charts starting together on a 2-core machine miss it; such a chart is drawn once and
    never redraws (docs/browser-testing.md). So an explorer's charts start one at a time
    (:class:`ChartQueue`): a chart's ``FigureWidget`` is made when the chart first has a
    figure to show and no earlier chart of the explorer is still starting in the browser.
    Until then :attr:`place` holds a blank area of the figure's height, and :meth:`show`
    keeps the figure to start with.

    Attributes
    ----------
    place : ipywidgets.Box
        What the explorer lays out among its children; it holds the ``FigureWidget``
        once started (CSS ``display: contents``: the chart sits in the layout as if
        placed there itself).
    """

    def __init__(self, queue: ChartQueue, *css: str):
        self._queue = queue
        self._css = css
        self._pending: go.Figure | None = None
        self._widget: go.FigureWidget | None = None
        self._blank = widgets.Box(layout={"height": "360px", "width": "100%"})  # plotly's default height
        self.place = widgets.Box([self._blank], layout={"display": "contents"})
        queue._charts.append(self)

    @property
    def started(self) -> bool:
        """Whether the ``FigureWidget`` exists (it then shows every later figure at once)."""
        return self._widget is not None

    @property
    def widget(self) -> go.FigureWidget:
        """The chart's ``FigureWidget``, made now if it is not yet (a caller wants it: a test, a notebook)."""
        if self._widget is None:
            self._start()
        assert self._widget is not None
        return self._widget

    @property
    def figure(self) -> go.Figure | None:
        """What the chart shows or will show at its start (``None``: nothing yet), without starting it."""
        return self._widget if self._widget is not None else self._pending

    def show(self, fig: go.Figure) -> None:
        """Show ``fig``: in the live chart (:func:`sync_figure`), or at the chart's start."""
        if self._widget is not None:
            sync_figure(self._widget, fig)
            return
        self._pending = fig
        height, width = fig.layout.height, fig.layout.width
        self._blank.layout.height = f"{int(height)}px" if height else "360px"
        self._blank.layout.width = f"{int(width)}px" if width else "100%"
        self._queue.start_next()

    def _start(self) -> None:
        fw = go.FigureWidget(self._pending if self._pending is not None else _blank_figure())
        for cls in self._css:
            fw.add_class(cls)
        self._widget, self._pending = fw, None
        self.place.children = [fw]
        self._blank.close()

    def _on_browser(self, change: Mapping[str, Any]) -> None:
        if change["new"] is None:  # plotly resets the message once handled
            return
        self._widget.unobserve(self._on_browser, names=_DRAWN_MESSAGES)
        self._queue.drawn(self)


#: What plotly's front end sends once it has drawn a FigureWidget (its module loaded and run).
_DRAWN_MESSAGES = ["_js2py_traceDeltas", "_js2py_layoutDelta"]


def _blank_figure() -> go.Figure:
    return go.Figure(layout={"template": "none", "xaxis": {"visible": False}, "yaxis": {"visible": False}})


class ChartQueue:
    """An explorer's charts, started one at a time in the browser (:class:`Chart`).

    A chart starts (its ``FigureWidget`` is made) when it has a figure to show and no
    chart started before it is still waiting for the browser; plotly's front end
    reports a chart drawn (``_js2py_traceDeltas``), which starts the next. With no
    browser (a test, a script) only the first chart starts by itself; reading
    :attr:`Chart.widget` starts any other at once.

    Examples
    --------
    >>> queue = ChartQueue()
    >>> first, second = Chart(queue, "rt-a"), Chart(queue, "rt-b")
    >>> second.show(go.Figure(go.Bar(y=[2])))
    >>> first.show(go.Figure(go.Bar(y=[1])))
    >>> second.started, first.started, "rt-a" in first.widget._dom_classes
    (True, False, True)
    """

    def __init__(self) -> None:
        self._charts: list[Chart] = []
        self._starting: Chart | None = None

    def start_next(self) -> None:
        """Start the first chart with a figure and no ``FigureWidget``, unless one is starting."""
        if self._starting is not None:
            return
        chart = next((c for c in self._charts if not c.started and c._pending is not None), None)
        if chart is not None:
            chart._start()
            self._starting = chart
            chart._widget.observe(chart._on_browser, names=_DRAWN_MESSAGES)

    def drawn(self, chart: Chart) -> None:
        """``chart`` is drawn in a browser: start the next one."""
        if self._starting is chart:
            self._starting = None
            self.start_next()


class ChartWidget:
    """An explorer's class attribute that reads one of its charts' ``FigureWidget`` (:class:`Chart`).

    ``figure = ChartWidget()`` in the class body and ``self._add_chart("figure", css)`` in
    ``__init__``; reading ``explorer.figure`` gives the ``FigureWidget``, made at once if
    its turn has not come yet. The explorer itself draws with :meth:`Explorer._show_chart`.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        return obj._charts[self._name].widget

    def __set__(self, obj: Any, value: Any) -> None:
        raise AttributeError(f"{self._name} is a chart's FigureWidget: register it with _add_chart "
                             "and draw with _show_chart")
