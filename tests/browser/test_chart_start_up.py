"""Every app page's charts start with anywidget's real 2 s and redraw after a change.

anywidget gives each widget model 2 s to load its module; plotly's (all of plotly.js)
is compiled anew for every ``FigureWidget``, and a chart whose model misses the 2 s is
drawn once but never redraws (docs/browser-testing.md).  Charts that start together
race for it: the balance lab's three charts missed it in most loads.  Charts therefore
start one at a time, across every explorer of the kernel
(``rometools.widgets._charts.ChartStarter``).

Here the page keeps the real 2 s (the ``real_start_up`` mark: no longer allowance),
and after one control change every chart of the page at opening (``ExplorerCase.charts``)
must redraw.  anywidget's "Failed to initialize model" is a console error, which fails
the test too.  An explorer added to ``explorers.py`` is checked here with nothing more.

Two pages of ``tests/browser/`` (:data:`ACROSS_EXPLORERS`) check the start across
explorers: two explorers in one output (four charts, started one after the other, not
two at once), and an explorer whose first chart never reports itself drawn (built,
never displayed): the charts of the explorer displayed after it still start, after the
kernel's wait (``FIRST_CHART_START_WAIT_S``).
"""

from __future__ import annotations

import harness
import pytest
from explorers import EXPLORERS, ExplorerCase, set_number

from rometools.widgets._charts import FIRST_CHART_START_WAIT_S

APP_PAGES = [c for c in EXPLORERS if c.notebook.startswith("app/")]


def _both(*changes):
    def change(page, step: int) -> None:
        for one in changes:
            one(page, step)

    return change


#: Pages of ``tests/browser/`` whose charts belong to more than one explorer.
ACROSS_EXPLORERS = [
    ExplorerCase(  # CollectionExplorer and DrawOddsExplorer in one VBox: four charts
        id="two_explorers_in_one_output",
        notebook="tests/browser/two_explorers.ipynb",
        chart=".rt-breakdown-chart",
        change=_both(set_number(".rt-count-grapes", [4, 3]), set_number(".rt-draws", [4, 3])),
        plots=4,
        also_redraw=(".rt-marginal-chart", ".rt-law-chart", ".rt-curve-chart"),
    ),
    ExplorerCase(  # a CollectionExplorer never displayed, then one displayed
        id="after_a_chart_never_drawn",
        notebook="tests/browser/never_drawn_chart.ipynb",
        chart=".rt-breakdown-chart",
        change=set_number(".rt-count-grapes", [4, 3]),
        plots=2,
        also_redraw=(".rt-marginal-chart",),
    ),
]


@pytest.mark.real_start_up
@pytest.mark.parametrize("case", APP_PAGES + ACROSS_EXPLORERS, ids=[c.id for c in APP_PAGES + ACROSS_EXPLORERS])
def test_every_chart_starts_and_redraws_with_the_real_start_up(voila, page, case):
    page.goto(voila.url(f"/voila/render/{case.notebook}"))
    # the page after a chart never drawn waits for the kernel's fallback first
    harness.wait_rendered(page, plots=case.plots, timeout=FIRST_CHART_START_WAIT_S + harness.RENDER_S)
    frozen = harness.charts_not_redrawn(page, case.charts, case.change)
    assert not frozen, (f"{frozen} did not redraw after a change: drawn once, never again "
                        f"(missed anywidget's 2 s start-up?); console: {page.console_log.errors}")
    page.console_log.assert_clean()

