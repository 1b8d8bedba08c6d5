"""How often an app page's charts freeze at opening with anywidget's real 2 s start-up.

anywidget 0.11 gives each widget model 2 s (``AbortSignal.timeout(2000)``) to load its
ES module; a plotly ``FigureWidget`` that misses it is drawn once but never redraws
(docs/browser-testing.md).  For each explorer of ``tests/browser/explorers.py`` and
each page of ``ACROSS_EXPLORERS`` in ``tests/browser/test_chart_start_up.py`` (two
explorers in one output; an explorer after a chart never drawn) this serves its
notebook with Voila on 127.0.0.1 and, ``--loads`` times, opens it in a fresh Chromium
context *without* the test browser's longer allowance, waits for every
chart, changes one control and checks that every chart on the page redraws.

Prints, per page, the loads tried, the loads with a frozen chart (and which), the
loads where anywidget reported "Failed to initialize model", and the 1-minute load
average seen.  Run::

    .venv/bin/python benchmarks/bench_chart_start_up.py [--loads 3] [--page balance_lab ...]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import harness  # noqa: E402
from explorers import EXPLORERS  # noqa: E402
from test_chart_start_up import ACROSS_EXPLORERS  # noqa: E402

from rometools.widgets._charts import FIRST_CHART_START_WAIT_S  # noqa: E402

START_UP_FAILURE = "Failed to initialize model"


def one_load(browser, server, case) -> tuple[list[str], bool, str]:
    """(charts that did not redraw, anywidget reported a start-up failure, error text)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    harness.stub_external_requests(context)
    try:
        page = context.new_page()
        log = harness.ConsoleLog(page)
        try:
            page.goto(server.url(f"/voila/render/{case.notebook}"))
            harness.wait_rendered(page, plots=case.plots, timeout=FIRST_CHART_START_WAIT_S + harness.RENDER_S)
            frozen = harness.charts_not_redrawn(page, case.charts, case.change)
            problem = ""
        except (AssertionError, TimeoutError) as exc:
            frozen, problem = list(case.charts), str(exc).splitlines()[0][:160]
        failed = any(START_UP_FAILURE in e for e in log.errors)
        return frozen, failed, problem
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="page loads per explorer")
    parser.add_argument("--page", action="append", help="explorer id (repeatable); default all")
    args = parser.parse_args()
    cases = [c for c in EXPLORERS + ACROSS_EXPLORERS if not args.page or c.id in args.page]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = harness.launch_chromium(pw)
        server = harness.start_voila()
        try:
            print(f"{'page':28} {'charts':>6} {'loads':>5} {'frozen':>6} {'init failed':>11}  load avg  frozen charts")
            for case in cases:
                frozen_loads = failed_loads = 0
                which: Counter[str] = Counter()
                loads: list[float] = []
                notes = []
                for _ in range(args.loads):
                    loads.append(os.getloadavg()[0])
                    frozen, failed, problem = one_load(browser, server, case)
                    frozen_loads += bool(frozen)
                    failed_loads += failed
                    which.update(frozen)
                    if problem:
                        notes.append(problem)
                shown = ", ".join(f"{k} x{v}" for k, v in which.items()) or "-"
                print(f"{case.id:28} {len(case.charts):6} {args.loads:5} {frozen_loads:6} {failed_loads:11}"
                      f"  {min(loads):.1f}-{max(loads):.1f}   {shown}", flush=True)
                for note in notes:
                    print(f"    {note}")
        finally:
            harness.stop_server(server)
            browser.close()


if __name__ == "__main__":
    main()
