"""Every explorer on a busy machine: every chart shows the answer for the controls on screen.

With every core held busy by four spinning processes per core (``harness.busy_cpu``,
started before the first page of this module and stopped after the last), each page of
``stress.STRESS_CASES`` (every app page, and every notebook of ``notebooks/`` holding an
explorer) is opened in Voila with the real front end, nothing given more time than a
designer's browser gives it. Each chart must first show what the same explorer made in
this process (the *twin*) shows; then, for each change of every kind of control the
explorer has, the gesture is made on the page and the same change on the twin, and each
chart must show the twin's new figure (title, and each trace's ``meta``, name, x and y)
within :data:`CHANGE_S`, and say it is ready. A chart that does not is *stale*; the counts
and the slowest redraws are printed at the end of the run (``conftest.py``) and written to
``artifacts/stress.json``. An app page is also checked to read well as it opens
(``readable_page.assert_readable``: cut texts, the left edge, toolbars, ids).
"""

from __future__ import annotations

import contextlib
import json
import time

import harness
import pytest
from readable_page import assert_readable
from stress import STRESS_CASES, SUMMARY_JS, summary, twin_charts

#: Seconds for a page to show every chart right after it was asked for, on the busy machine,
#: every page of the module asked for at once (Voila runs the notebooks side by side, then the
#: browser draws each).
OPEN_S = 240.0
#: Seconds for every chart to follow one change, on the busy machine.
CHANGE_S = 30.0

#: (page, change, chart, seconds to show the twin's figure or None if stale), filled as the tests run.
RESULTS: list[tuple[str, str, str, float | None]] = []


@pytest.fixture(scope="module")
def opened(voila, chromium):
    """Every page of :data:`STRESS_CASES` on the busy machine, each in its own browser context.

    The spinners start first; then every page is asked for at once (as a designer opening
    the app's pages in tabs), so that Voila runs the notebooks side by side rather than one
    after the other behind the spinners. ``{case id: (page, when asked)}``; on leaving, each
    page's screenshot is taken, its context closed and its kernels shut down, then the
    spinners stop.
    """
    with harness.busy_cpu(), contextlib.ExitStack() as stack:
        time.sleep(2)  # the spinners run before the first page is asked for
        pages = {}
        for case in STRESS_CASES:
            page = stack.enter_context(harness.browser_page(chromium, f"stress_{case.id}"))
            asked = time.monotonic()
            page.goto(voila.url(f"/voila/render/{case.notebook}"), wait_until="commit", timeout=OPEN_S * 1000)
            pages[case.id] = (page, asked)
        yield pages


def _drawn(page, where: str) -> dict | None:
    return page.evaluate(SUMMARY_JS, where)


def _wait_for(page, expected: dict[str, str], timeout: float, since: float | None = None) -> dict[str, float | None]:
    """Seconds (from ``since``, default now) until each chart shows its expected summary and says it
    is ready, waiting until ``timeout`` seconds after ``since``; ``None``: it never did."""
    start = time.monotonic() if since is None else since
    done: dict[str, float | None] = {}
    first = True
    while len(done) < len(expected) and (first or time.monotonic() - start < timeout):
        first = False
        for where, want in expected.items():
            if where in done:
                continue
            now = _drawn(page, where)
            if now and now["state"] == "ready" and summary(now["figure"]) == want:
                done[where] = time.monotonic() - start
        if len(done) < len(expected):
            page.wait_for_timeout(100)
    return {where: done.get(where) for where in expected}


def _record(case_id: str, change: str, waited: dict[str, float | None]) -> list[str]:
    stale = []
    for where, seconds in waited.items():
        RESULTS.append((case_id, change, where, seconds))
        if seconds is None:
            stale.append(where)
    return stale


@pytest.mark.parametrize("case", STRESS_CASES, ids=[c.id for c in STRESS_CASES])
def test_every_chart_follows_every_kind_of_control_on_a_busy_machine(opened, case):
    page, asked = opened[case.id]
    twin = case.twin()
    assert twin.message == "", twin.message
    late = _record(case.id, "opening", _wait_for(page, twin_charts(twin, case.root), OPEN_S, since=asked))
    state = harness.render_state(page)
    assert not state["jsError"] and not state["traceback"], state
    assert not late, f"{case.id}: {late} did not show the explorer's opening charts within {OPEN_S:.0f} s"
    if case.notebook.startswith("app/"):
        assert_readable(page, case.id)  # as it opens (issue 10): cut texts, edges, toolbars, ids
    stale = []
    for step in case.steps:
        for part in step.parts:
            part.mirror(case.widget(twin, part.control))
        expected = twin_charts(twin, case.root)
        for part in step.parts:
            part.act(page, case.selector(twin, part.control))
        stale += [f"{step.label}: {where}" for where in _record(case.id, step.label,
                                                                 _wait_for(page, expected, CHANGE_S))]
    page.console_log.assert_clean()
    assert not stale, f"{case.id}: charts stale after a change (not the controls' answer within {CHANGE_S:.0f} s): {stale}"


def report() -> list[str]:
    """The lines printed at the end of the run: stale charts, and the slowest redraws, per page."""
    if not RESULTS:
        return []
    harness.ARTIFACTS.mkdir(exist_ok=True)
    (harness.ARTIFACTS / "stress.json").write_text(json.dumps(
        [{"page": p, "change": c, "chart": w, "seconds": s} for p, c, w, s in RESULTS], indent=1))
    lines = [f"stress test ({harness.BUSY_PER_CORE} busy processes per core): charts checked, stale, slowest "
             "seconds to the controls' answer"]
    for case_id in dict.fromkeys(p for p, *_ in RESULTS):
        rows = [r for r in RESULTS if r[0] == case_id]
        changes = [r for r in rows if r[1] != "opening"]
        stale = sum(r[3] is None for r in rows)
        opening = max((r[3] for r in rows if r[1] == "opening" and r[3] is not None), default=float("nan"))
        slowest = max((r[3] for r in changes if r[3] is not None), default=float("nan"))
        lines.append(f"  {case_id:24} {len(rows):3} checked  {stale} stale  opening {opening:5.1f} s  "
                     f"slowest change {slowest:5.1f} s ({len({r[1] for r in changes})} changes)")
    total = sum(r[3] is None for r in RESULTS)
    lines.append(f"  all pages: {len(RESULTS)} chart checks, {total} stale")
    return lines
