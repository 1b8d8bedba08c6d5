"""The kernel's one-at-a-time chart start (``rometools.widgets._charts.ChartStarter``).

Every explorer's charts start one after the other, across explorers; a chart that never
reports itself drawn holds the others back only for a bounded wait; a closed chart
neither waits nor holds anything back.  The timer is driven by :class:`Clock` (no
sleeping), and once on a real asyncio loop and in a real ipykernel.
"""

from __future__ import annotations

import asyncio
import textwrap

import nbformat
import plotly.graph_objects as go
import pytest
from nbclient import NotebookClient

from rometools.widgets import _charts
from rometools.widgets._charts import (
    CHART_START_WAIT_S,
    FIRST_CHART_START_WAIT_S,
    Chart,
    ChartQueue,
    ChartStarter,
    call_later_on_running_loop,
)


class Clock:
    """A ``call_later`` whose callbacks run only when the test moves the time on (:meth:`advance`)."""

    class Timer:
        def __init__(self, when: float, callback):
            self.when, self.callback, self.cancelled = when, callback, False

        def cancel(self) -> None:
            self.cancelled = True

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[Clock.Timer] = []

    def call_later(self, delay_s: float, callback) -> Clock.Timer:
        timer = Clock.Timer(self.now + delay_s, callback)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        """Move the time on by ``seconds``, running every callback due by then in time order."""
        end = self.now + seconds
        while due := [t for t in self.timers if not t.cancelled and t.when <= end]:
            timer = min(due, key=lambda t: t.when)
            self.timers.remove(timer)
            self.now = max(self.now, timer.when)
            timer.callback()
        self.now = end

    def pending(self) -> list[float]:
        """When the callbacks not yet run nor cancelled are due."""
        return sorted(t.when for t in self.timers if not t.cancelled)


def _drawn_in_browser(fw: go.FigureWidget) -> None:
    """What plotly's front end sends once it has drawn a FigureWidget."""
    fw._js2py_traceDeltas = {"trace_deltas": [{"uid": t.uid} for t in fw.data],
                             "trace_edit_id": fw._last_trace_edit_id}


def _fig(y: int) -> go.Figure:
    return go.Figure(go.Bar(y=[y], meta="bars"))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def starter(clock) -> ChartStarter:
    return ChartStarter(clock.call_later)


def _charts_of(starter: ChartStarter, n: int) -> list[Chart]:
    queue = ChartQueue(starter)
    charts = [Chart(queue, f"rt-{i}") for i in range(n)]
    for i, chart in enumerate(charts):
        chart.show(_fig(i))
    return charts


def test_the_waits_are_bounded_and_allow_a_slow_page():
    assert 3.5 < CHART_START_WAIT_S <= 10  # a later chart was drawn 2.0 to 3.5 s after its start
    assert 5.9 < FIRST_CHART_START_WAIT_S <= 30  # a page's first chart: 3.3 to 5.9 s


def test_a_chart_never_reported_drawn_lets_the_next_start_after_the_wait(clock, starter):
    a, b, c, d = _charts_of(starter, 4)
    assert (a.started, b.started) == (True, False) and starter.starting is a
    clock.advance(FIRST_CHART_START_WAIT_S - 0.1)  # nothing drawn in the kernel yet: the long wait
    assert not b.started
    clock.advance(0.2)                       # a never reported: b starts anyway
    assert b.started and not c.started and starter.starting is b
    _drawn_in_browser(a.widget)              # a late report of a changes nothing
    assert starter.starting is b and not c.started
    _drawn_in_browser(b.widget)
    assert c.started and starter.starting is c
    clock.advance(CHART_START_WAIT_S - 0.1)  # a front end has drawn charts now: the short wait
    assert not d.started
    clock.advance(0.2)
    assert d.started and starter.starting is d


def test_a_chart_drawn_in_time_starts_the_next_at_once_and_cancels_its_wait(clock, starter):
    a, b = _charts_of(starter, 2)
    clock.advance(1.0)
    _drawn_in_browser(a.widget)
    assert b.started and starter.starting is b
    assert clock.pending() == [1.0 + CHART_START_WAIT_S]  # a's wait is cancelled, b's runs
    _drawn_in_browser(b.widget)
    assert starter.starting is None and clock.pending() == []


def test_two_explorers_charts_start_in_one_sequence(clock, starter):
    first = ChartQueue(starter)
    second = ChartQueue(starter)
    a1, a2 = Chart(first, "rt-a1"), Chart(first, "rt-a2")
    b1, b2 = Chart(second, "rt-b1"), Chart(second, "rt-b2")
    for chart in (b1, a1, b2, a2):           # the explorers draw in any order, even interleaved
        chart.show(_fig(1))
    started = []
    for _ in range(4):
        now = [c for c in (a1, a2, b1, b2) if c.started and c not in started]
        assert len(now) == 1, f"started together: {[c._css for c in now]}"
        started += now
        _drawn_in_browser(now[0].widget)
    # b1 showed first, so it started first; then the charts in the order they were made
    assert [c._css[0] for c in started] == ["rt-b1", "rt-a1", "rt-a2", "rt-b2"]


def test_two_real_explorers_start_their_charts_one_at_a_time(clock, monkeypatch):
    from rometools.widgets import CollectionExplorer

    monkeypatch.setattr(_charts, "_KERNEL_STARTER", ChartStarter(clock.call_later))
    explorers = [CollectionExplorer(), CollectionExplorer()]  # e.g. widgets.VBox(explorers) in one cell
    charts = [chart for ex in explorers for chart in ex._charts.values()]
    order = []
    while len(order) < len(charts):
        now = [c for c in charts if c.started and c not in order]
        assert len(now) == 1, f"{len(now)} charts started together"
        order += now
        _drawn_in_browser(now[0].widget)
    assert order == charts                   # the first explorer's two, then the second's
    assert explorers[1].breakdown_figure.data  # reading a chart still gives its FigureWidget


def test_an_explorer_whose_chart_ran_out_of_time_comes_after_the_others(clock, starter):
    hidden = ChartQueue(starter)             # built but never displayed: nothing reports drawn
    h1, h2 = Chart(hidden), Chart(hidden)
    h1.show(_fig(1)), h2.show(_fig(2))
    shown = ChartQueue(starter)
    s1, s2 = Chart(shown), Chart(shown)
    s1.show(_fig(3)), s2.show(_fig(4))
    clock.advance(FIRST_CHART_START_WAIT_S)
    assert s1.started and not h2.started     # h2 was made before s1, but h1 never drew
    _drawn_in_browser(s1.widget)
    assert s2.started and not h2.started
    _drawn_in_browser(s2.widget)
    assert h2.started                        # nothing else waits: the hidden explorer's turn
    _drawn_in_browser(h1.widget)             # a report (the tab came to the front) clears the mark
    assert not hidden._stalled


def test_closed_charts_leave_the_start(clock, starter):
    a, b, c = _charts_of(starter, 3)
    b.place.close()                          # closed while waiting: never starts
    a.widget.close()                         # the starting chart closed: c starts, not after the wait
    assert not c.started                     # not from inside the close ...
    clock.advance(0)                         # ... but a moment later
    assert c.started and not b.started and starter.starting is c


def test_closing_an_explorers_queue_frees_the_start_for_the_others(clock, starter):
    closed = ChartQueue(starter)
    x1, x2 = Chart(closed), Chart(closed)
    x1.show(_fig(1)), x2.show(_fig(2))
    other = ChartQueue(starter)
    y1 = Chart(other)
    y1.show(_fig(3))
    closed.close()                           # e.g. the explorer closed before its charts drew
    clock.advance(0)
    assert y1.started and starter.starting is y1
    x2.show(_fig(4))                         # a closed explorer's chart does not wait again
    _drawn_in_browser(y1.widget)
    assert not x2.started and starter.starting is None
    assert x1.widget.comm is None and x1.place.comm is None


def test_with_no_event_loop_a_chart_holds_back_only_its_own_explorers_charts():
    starter = ChartStarter()                 # the default timer: none here (no running loop)
    assert call_later_on_running_loop(1.0, lambda: None) is None
    (a1, a2), (b1, b2) = _charts_of(starter, 2), _charts_of(starter, 2)
    assert (a1.started, a2.started, b1.started, b2.started) == (True, False, True, False)
    assert starter.starting is None          # nothing holds every explorer: no front end, no timer
    _drawn_in_browser(a1.widget)
    assert a2.started and not b2.started


def test_the_wait_runs_on_a_running_asyncio_loop():
    async def page():
        starter = ChartStarter(wait_s=0.02, first_wait_s=0.02)
        (a1, a2), (b1,) = _charts_of(starter, 2), _charts_of(starter, 1)
        before = (a1.started, a2.started, b1.started)
        await asyncio.sleep(0.5)             # neither a1 nor a2 reports drawn
        return before, (a2.started, b1.started)

    assert asyncio.run(page()) == ((True, False, False), (True, True))


KERNEL_CELLS = [
    """\
    from rometools.widgets import CollectionExplorer, _charts
    starter = _charts.kernel_chart_starter()
    starter.wait_s = starter.first_wait_s = 0.2  # no browser: no chart ever reports drawn
    explorers = [CollectionExplorer(), CollectionExplorer()]
    charts = [c for ex in explorers for c in ex._charts.values()]
    print([c.started for c in charts])
    """,
    "import asyncio\nawait asyncio.sleep(2)  # the kernel's loop runs the timers meanwhile",
    "print([c.started for c in charts])",
]


@pytest.mark.notebook
def test_in_a_kernel_every_chart_starts_though_none_reports_drawn():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(textwrap.dedent(c)) for c in KERNEL_CELLS])
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [c.outputs[0]["text"].strip() for c in nb.cells if c.outputs]
    assert outputs == ["[True, False, False, False]", "[True, True, True, True]"]


def test_closing_an_explorer_closes_its_charts_and_frees_the_start(clock, monkeypatch):
    """``Explorer.close()`` closes its charts too: the next explorer's chart starts a moment
    later, not after the wait."""
    from rometools.widgets import CollectionExplorer, SetupOddsExplorer

    monkeypatch.setattr(_charts, "_KERNEL_STARTER", ChartStarter(clock.call_later))
    first, second = CollectionExplorer(), SetupOddsExplorer(trials=0)
    waiting = second._charts["figure"]
    assert not waiting.started
    first.close()
    clock.advance(0)
    assert waiting.started
    assert all(c.place.comm is None for c in first._charts.values()) and first.comm is None


def test_a_refusal_names_what_stays_on_screen():
    """One chart: "the chart still shows"; several: "the charts still show"; the balance lab
    says its own (a summary and several charts)."""
    from rometools.widgets import BalanceExplorer, CollectionExplorer, SetupOddsExplorer

    one, two = SetupOddsExplorer(trials=0), CollectionExplorer()
    assert not one.set_values(seed=2.5) and one.message.endswith("(the chart still shows the last valid input)")
    two._show_error(ValueError("x"))
    assert two.message == "Cannot update: x (the charts still show the last valid input)"
    lab = BalanceExplorer()
    lab._show_error(ValueError("x"))
    assert lab.message == "Cannot update: x (the summary and the charts still show the last run)"
