"""Figures and charts shared by every explorer (no game logic here; no game imported).

* :func:`sync_figure` -- replace a live ``go.FigureWidget``'s content with a freshly
  built ``go.Figure`` in one batched update.
* :func:`trace_data` -- read a FigureWidget's data back by trace ``meta``.
* :class:`Chart`, :class:`ChartQueue`, :class:`ChartWidget`, :class:`ChartStarter` --
  charts whose ``FigureWidget`` models start in the browser one at a time, across every
  explorer of the kernel (several starting together miss anywidget's 2 s start-up and
  then never redraw); a chart that never reports itself drawn holds the others back
  only for :data:`CHART_START_WAIT_S` seconds.

Re-exported by :mod:`rometools.widgets._base`, where :class:`~rometools.widgets._base.Explorer`
uses them.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
from collections.abc import Callable, Mapping
from copy import deepcopy
from typing import Any, Protocol

import ipywidgets as widgets
import plotly.graph_objects as go

__all__ = [
    "CHART_START_WAIT_S",
    "FIRST_CHART_START_WAIT_S",
    "Chart",
    "ChartQueue",
    "ChartStarter",
    "ChartWidget",
    "kernel_chart_starter",
    "sync_figure",
    "trace_data",
]


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
#: Seconds a started chart may take to report itself drawn, once some chart of the kernel has
#: been drawn (its front end is loaded), before the next chart starts anyway.  A chart whose
#: front end failed, whose output was cleared, that was never displayed or sits in a background
#: tab never reports; without a limit every later chart of the kernel would stay a blank slot.
#: Measured in Voila at a load average of about 1, a page's second and third charts were drawn
#: 2.0 to 3.5 s after they started (plotly's module, compiled anew for each, takes about 2 s).
#: Shorter would start the next chart while a slow one still loads, the race that freezes
#: charts; longer would keep a designer looking at blank slots after a chart that never draws.
CHART_START_WAIT_S = 8.0

#: The same limit while no chart of the kernel has been drawn yet: the page may still be
#: loading (Voila runs the whole notebook before the browser connects).  Measured as above,
#: a page's first chart was drawn 3.3 to 5.9 s after it started in the kernel.
FIRST_CHART_START_WAIT_S = 20.0


class Timer(Protocol):
    """What a ``call_later`` returns: a pending callback that can be cancelled."""

    def cancel(self) -> object: ...


#: ``call_later(delay_s, callback)``: run ``callback`` after ``delay_s`` seconds; ``None`` if it cannot.
CallLater = Callable[[float, Callable[[], None]], Timer | None]


def call_later_on_running_loop(delay_s: float, callback: Callable[[], None]) -> asyncio.TimerHandle | None:
    """Run ``callback`` after ``delay_s`` seconds on this thread's running asyncio loop; ``None`` if none runs.

    ipykernel (JupyterLab, Notebook, Voila, nbclient) runs cells and the browser's widget
    messages on one asyncio loop in its main thread, so ``callback`` runs there as well,
    while no cell runs, and sends its widget messages from the thread that sends all the
    others. A script, a test or a thread of its own has no running loop: no timer.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.call_later(delay_s, callback)


class ChartStarter:
    """Starts the charts of every :class:`ChartQueue` one at a time (one per kernel: :func:`kernel_chart_starter`).

    Two explorers shown in one output, or two cells displayed together, each have a queue;
    their first charts would otherwise start together and race for anywidget's 2 s. A
    started chart holds the start until plotly's front end reports it drawn, until its
    widget is closed, or for at most :attr:`wait_s` seconds (:attr:`first_wait_s` while no
    chart of the kernel has been drawn); the next chart then starts anyway. The next is
    the earliest-made chart with a figure to show whose explorer has no chart starting;
    charts of an explorer whose last chart ran out of time (likely not on screen) come
    after the others' until one of its charts reports drawn.

    Where no timer can be set (no running event loop: a script, a test), no front end can
    report a chart drawn either; a started chart then holds back only the later charts of
    its own explorer, which start when read (:attr:`Chart.widget`).

    Parameters
    ----------
    call_later : callable, optional
        ``call_later(delay_s, callback)`` runs ``callback`` after ``delay_s`` seconds and
        returns a handle with ``cancel()``, or returns ``None`` when it cannot. Default
        :func:`call_later_on_running_loop`; a test passes a clock it drives.
    wait_s, first_wait_s : float
        Seconds; default :data:`CHART_START_WAIT_S` and :data:`FIRST_CHART_START_WAIT_S`.

    Examples
    --------
    A chart that never reports itself drawn (no browser here) lets the next start after
    ``wait_s``:

    >>> async def page():
    ...     queue = ChartQueue(ChartStarter(wait_s=0.01, first_wait_s=0.01))
    ...     first, second = Chart(queue), Chart(queue)
    ...     first.show(go.Figure()), second.show(go.Figure())
    ...     waited = second.started
    ...     await asyncio.sleep(0.05)
    ...     return first.started, waited, second.started
    >>> asyncio.run(page())
    (True, False, True)
    """

    def __init__(self, call_later: CallLater | None = None, *, wait_s: float = CHART_START_WAIT_S,
                 first_wait_s: float = FIRST_CHART_START_WAIT_S):
        self.wait_s, self.first_wait_s = wait_s, first_wait_s
        self._call_later = call_later if call_later is not None else call_later_on_running_loop
        self._waiting: dict[Chart, None] = {}  # charts with a figure and no FigureWidget, in no order
        self._starting: Chart | None = None    # holds the start for every queue (only with a timer)
        self._timer: Timer | None = None
        self._seen_drawn = False

    @property
    def starting(self) -> Chart | None:
        """The chart that holds back every other (``None``: the next chart with a figure starts)."""
        return self._starting

    def wait(self, chart: Chart) -> None:
        """``chart`` has a figure to start with: start it when its turn comes (now, if nothing holds the start)."""
        if not chart.started and not chart._closed and not chart._queue._closed:
            self._waiting[chart] = None
        self.start_next()

    def start_next(self) -> None:
        """Start the next waiting chart (see the class), unless a chart holds the start."""
        while self._starting is None:
            ready = [c for c in self._waiting if c._queue._starting is None]
            if not ready:
                return
            self._begin(min(ready, key=lambda c: (c._queue._stalled, c._order)))

    def _begin(self, chart: Chart) -> None:
        del self._waiting[chart]
        chart._start()
        chart._queue._starting = chart
        chart._widget.observe(chart._on_browser, names=_DRAWN_MESSAGES)
        wait = self.wait_s if self._seen_drawn else self.first_wait_s
        timer = self._call_later(wait, lambda: self._ran_out(chart))
        if timer is not None:
            self._starting, self._timer = chart, timer

    def drawn(self, chart: Chart) -> None:
        """``chart`` is drawn in a browser: the next starts (if ``chart`` still held the start)."""
        self._seen_drawn = True
        chart._queue._stalled = False
        self._release(chart)

    def drop(self, chart: Chart) -> None:
        """``chart`` is closed: it no longer waits, nor holds back any other chart.

        The next chart starts a moment later (a timer of 0 s), not from inside the close:
        ``Widget.close_all()`` would otherwise start every waiting chart while it closes
        them. With no timer it starts at the next :meth:`wait` or when read.
        """
        self._waiting.pop(chart, None)
        self._release(chart, start=False)
        self._call_later(0, self.start_next)

    def _ran_out(self, chart: Chart) -> None:
        if self._starting is chart:
            chart._queue._stalled = True
            self._release(chart)

    def _release(self, chart: Chart, start: bool = True) -> None:
        if self._starting is chart:
            if self._timer is not None:
                self._timer.cancel()
            self._starting = self._timer = None
        if chart._queue._starting is chart:
            chart._queue._starting = None
        if start:
            self.start_next()


class Chart:
    """One chart of an explorer: its place on the page and a ``go.FigureWidget`` made when its turn comes.

    In a browser, anywidget gives each widget model 2 s to load its module, and plotly's
    (all of plotly.js, about 4.6 MB) is compiled anew for every ``FigureWidget``. Several
    charts starting together on a 2-core machine miss it; such a chart is drawn once and
    never redraws (docs/browser-testing.md). So charts start one at a time, across every
    explorer of the kernel (:class:`ChartStarter`): a chart's ``FigureWidget`` is made
    when the chart first has a figure to show and its turn has come. Until then
    :attr:`place` holds a blank area of the figure's height, and :meth:`show` keeps the
    figure to start with. A chart whose place or ``FigureWidget`` is closed leaves the
    start.

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
        self._order = next(_CHART_ORDER)
        self._pending: go.Figure | None = None
        self._widget: go.FigureWidget | None = None
        self._closed = False
        self._blank = widgets.Box(layout={"height": "360px", "width": "100%"})  # plotly's default height
        self.place = widgets.Box([self._blank], layout={"display": "contents"})
        self.place.observe(self._on_close, names="comm")
        queue._charts.append(self)

    @property
    def started(self) -> bool:
        """Whether the ``FigureWidget`` exists (it then shows every later figure at once)."""
        return self._widget is not None

    @property
    def widget(self) -> go.FigureWidget:
        """The chart's ``FigureWidget``, made now if it is not yet (a caller wants it: a test, a notebook)."""
        if self._widget is None:
            self._queue._starter._waiting.pop(self, None)
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
        self._queue._starter.wait(self)

    def _start(self) -> None:
        fw = go.FigureWidget(self._pending if self._pending is not None else _blank_figure())
        for cls in self._css:
            fw.add_class(cls)
        self._widget, self._pending = fw, None
        self.place.children = [fw]
        self._blank.close()
        fw.observe(self._on_close, names="comm")

    def _on_browser(self, change: Mapping[str, Any]) -> None:
        if change["new"] is None:  # plotly resets the message once handled
            return
        self._widget.unobserve(self._on_browser, names=_DRAWN_MESSAGES)
        self._queue.drawn(self)

    def _on_close(self, change: Mapping[str, Any]) -> None:
        if change["new"] is None and not sys.is_finalizing():  # ipywidgets drops a closed widget's comm
            self._closed = True
            self._queue._starter.drop(self)


#: What plotly's front end sends once it has drawn a FigureWidget (its module loaded and run).
_DRAWN_MESSAGES = ["_js2py_traceDeltas", "_js2py_layoutDelta"]

#: Charts start in the order they were made (an explorer's in its order, explorers in theirs).
_CHART_ORDER = itertools.count()


def _blank_figure() -> go.Figure:
    return go.Figure(layout={"template": "none", "xaxis": {"visible": False}, "yaxis": {"visible": False}})


class ChartQueue:
    """An explorer's charts (:class:`Chart`), started one at a time with every other explorer's.

    A chart starts (its ``FigureWidget`` is made) when it has a figure to show, no chart
    of the explorer started before it is still waiting for the browser, and no chart of
    any explorer holds the kernel's start (:class:`ChartStarter`); plotly's front end
    reports a chart drawn (``_js2py_traceDeltas``), which starts the next, and a chart
    that never reports holds the others back for :data:`CHART_START_WAIT_S` at most.
    With no event loop (a test, a script) only an explorer's first chart starts by
    itself; reading :attr:`Chart.widget` starts any other at once.

    Parameters
    ----------
    starter : ChartStarter, optional
        Default: the kernel's (:func:`kernel_chart_starter`).

    Examples
    --------
    >>> queue = ChartQueue()
    >>> first, second = Chart(queue, "rt-a"), Chart(queue, "rt-b")
    >>> second.show(go.Figure(go.Bar(y=[2])))
    >>> first.show(go.Figure(go.Bar(y=[1])))
    >>> second.started, first.started, "rt-a" in first.widget._dom_classes
    (True, False, True)
    """

    def __init__(self, starter: ChartStarter | None = None) -> None:
        self._starter = starter if starter is not None else kernel_chart_starter()
        self._charts: list[Chart] = []
        self._starting: Chart | None = None  # holds back the explorer's later charts
        self._stalled = False                # its last chart ran out of time, none drawn since
        self._closed = False

    def start_next(self) -> None:
        """Start the next chart with a figure and no ``FigureWidget``, if its turn has come."""
        self._starter.start_next()

    def drawn(self, chart: Chart) -> None:
        """``chart`` is drawn in a browser: start the next one."""
        self._starter.drawn(chart)

    def close(self) -> None:
        """Close every chart of the explorer (its places and FigureWidgets): none waits or holds back another."""
        self._closed = True
        for chart in self._charts:
            if chart._widget is not None:
                chart._widget.close()
            chart._blank.close()
            chart.place.close()


_KERNEL_STARTER = ChartStarter()


def kernel_chart_starter() -> ChartStarter:
    """The process's (the kernel's) :class:`ChartStarter`, which every :class:`ChartQueue` uses by default."""
    return _KERNEL_STARTER


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
