"""Every app page's charts start with anywidget's real 2 s and redraw after a change.

anywidget gives each widget model 2 s to load its module; plotly's (all of plotly.js)
is compiled anew for every ``FigureWidget``, and a chart whose model misses the 2 s is
drawn once but never redraws (docs/browser-testing.md).  Charts that start together
race for it: the balance lab's three charts missed it in most loads.  An explorer's
charts therefore start one at a time (``rometools.widgets._base.ChartQueue``).

Here the page keeps the real 2 s (the ``real_start_up`` mark: no longer allowance),
and after one control change every chart of the page at opening (``ExplorerCase.charts``)
must redraw.  anywidget's "Failed to initialize model" is a console error, which fails
the test too.  An explorer added to ``explorers.py`` is checked here with nothing more.
"""

from __future__ import annotations

import harness
import pytest
from explorers import EXPLORERS

APP_PAGES = [c for c in EXPLORERS if c.notebook.startswith("app/")]


@pytest.mark.real_start_up
@pytest.mark.parametrize("case", APP_PAGES, ids=[c.id for c in APP_PAGES])
def test_every_chart_starts_and_redraws_with_the_real_start_up(voila, page, case):
    page.goto(voila.url(f"/voila/render/{case.notebook}"))
    harness.wait_rendered(page, plots=case.plots)
    frozen = harness.charts_not_redrawn(page, case.charts, case.change)
    assert not frozen, (f"{frozen} did not redraw after a change: drawn once, never again "
                        f"(missed anywidget's 2 s start-up?); console: {page.console_log.errors}")
    page.console_log.assert_clean()
