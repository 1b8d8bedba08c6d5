"""Widget tests run as in a script: no asyncio loop seen running in this thread.

Playwright's sync API (the browser tests' session-wide ``chromium`` fixture, which
runs before these tests in a whole-suite run) leaves its event loop marked as
running in the main thread. The kernel-wide chart start (``widgets/_charts.py``)
would then schedule its waits on a loop that never turns, and ``asyncio.run``
would refuse to start; so each test here hides that loop and puts it back after.
Each test also gets a kernel-wide chart start of its own: a chart an earlier test
started, and nothing reported drawn, does not hold back this test's charts.
"""

from __future__ import annotations

import asyncio

import pytest


@pytest.fixture(autouse=True)
def no_running_loop(monkeypatch):
    from rometools.widgets import _charts

    monkeypatch.setattr(_charts, "_KERNEL_STARTER", _charts.ChartStarter())
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is not None:
        asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        if loop is not None:
            asyncio.events._set_running_loop(loop)
