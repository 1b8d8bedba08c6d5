"""Fixtures of the real-browser stage (``pytest -m browser``).

* ``chromium`` (session): Playwright driving Debian's Chromium.  Skips with the
  install command when Chromium or playwright is missing, but fails when ``CI=true``
  so a missing install step cannot hide as a skip.
* ``voila`` (session): one Voila server on 127.0.0.1 (free port, token) serving the
  repository; stopped with ``os.killpg`` at the end, even on failure.
* ``page`` (per test): a fresh browser context; every JavaScript console error fails
  the test; a full-page screenshot goes to ``artifacts/<test name>.png``; the kernels
  the page used are asked to shut down when it closes (``harness.shut_down_kernels_soon``).  Requests
  that leave 127.0.0.1 (Font Awesome from a CDN) get an empty answer, so the tests
  never depend on the network.  The page's front end is the real one: no widget start-up
  or other time is given more room than in a designer's browser.

At the end of the run the stress test's counts are printed (``test_stress.report``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import harness  # noqa: E402


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        # Headless notebook runs of app/ live here too but need no browser.
        if here in Path(str(item.fspath)).parents and not item.get_closest_marker("notebook"):
            item.add_marker(pytest.mark.browser)
    # The stress test runs after every other test of the run: its busy processes hold every core,
    # and the pages it leaves behind (kernels being shut down) must not slow another test.
    stress = here / "test_stress.py"
    items.sort(key=lambda item: Path(str(item.fspath)) == stress)   # a stable sort: the rest keep their order


@pytest.fixture(scope="session")
def chromium():
    reason = harness.missing_browser_reason()
    if reason:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true and the browser stage cannot run: {reason}", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = harness.launch_chromium(pw)
        try:
            yield browser
        finally:
            _close_forked_pool()
            with harness.killed_after(STOP_S, "Playwright's driver"):
                browser.close()
    finally:
        # Playwright's stop waits for its driver to exit, which a process holding its pipes (a forked
        # pool's worker: _close_forked_pool) left waiting for ever after every test had passed: the
        # driver is killed if it has not gone in STOP_S
        with harness.killed_after(STOP_S, "Playwright's driver"):
            pw.stop()


def _close_forked_pool() -> None:
    """Close the process pool ``simulate(executor="process")`` keeps, if this process started one.

    Its workers are forked from this process, so each holds a copy of the pipes to Playwright's
    driver, and the driver ends only when every copy is closed: with the pool kept until the
    interpreter exits, Playwright's stop waited for a driver that could not end, :data:`STOP_S`
    at the end of every run, until it was killed (issue 48).
    """
    simulate = sys.modules.get("rometools.core.simulate")
    if simulate is not None:
        simulate.close_pool()


#: Seconds the browser's close and Playwright's stop may take at the end of the run.
STOP_S = 60


@pytest.fixture(scope="session")
def voila(chromium):
    from rometools.widgets.app import write_app

    write_app(harness.REPO / "app")   # the app's pages, from the registry's declared explorers
    server = harness.start_voila()
    with harness.running(server):
        yield server


@pytest.fixture
def page(chromium, request):
    with harness.browser_page(chromium, request.node.name) as pg:
        yield pg
    if pg.console_log.tolerated:
        print("tolerated console errors:", *pg.console_log.tolerated, sep="\n  ")
    if pg.stubbed_requests:
        print("stubbed external requests:", *sorted(set(pg.stubbed_requests)), sep="\n  ")
    # Errors are checked after the screenshot so a red test still leaves its picture.
    if not pg.console_log.checked:
        pg.console_log.assert_clean()


def pytest_terminal_summary(terminalreporter):
    stress = sys.modules.get("test_stress")
    lines = stress.report() if stress is not None else []
    if lines:
        terminalreporter.section("stress test")
        for line in lines:
            terminalreporter.write_line(line)
