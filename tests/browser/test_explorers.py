"""Every explorer in Voila: open, run, render, read well, change a control, see the chart change."""

from __future__ import annotations

import harness
import pytest
from explorers import EXPLORERS
from readable_page import assert_readable


@pytest.mark.parametrize("case", EXPLORERS, ids=[c.id for c in EXPLORERS])
def test_explorer_reads_well_and_reacts_in_voila(voila, page, case):
    page.goto(voila.url(f"/voila/render/{case.notebook}"))
    harness.wait_rendered(page, plots=case.plots, timeout=max(harness.RENDER_S, 90))
    before = harness.plot_data(page, case.chart)
    assert before, f"{case.chart} holds no plotly traces"
    assert_readable(page, case.id)  # as it opens (issue 10): cut texts, edges, toolbars, ids
    page.console_log.assert_clean()

    case.change(page, 0)

    after = harness.wait_plot_change(page, case.chart, before)
    assert after != before
    state = harness.render_state(page)
    assert state["loading"] == 0 and state["traceback"] == 0, state
    page.console_log.assert_clean()


def test_app_index_lists_every_explorer(voila, page):
    page.goto(voila.url("/voila/render/app/index.ipynb"))
    page.wait_for_selector("text=Caesar's Empire", timeout=harness.RENDER_S * 1000)
    hrefs = page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.getAttribute('href'))")
    for case in EXPLORERS:
        if case.notebook.startswith("app/"):
            assert case.notebook.removeprefix("app/") in hrefs, (case.notebook, hrefs)
    page.console_log.assert_clean()
