"""Every explorer in Voila: open, run, render, change a control, see the chart change."""

from __future__ import annotations

import harness
import pytest
from explorers import EXPLORERS


@pytest.mark.parametrize("case", EXPLORERS, ids=[c.id for c in EXPLORERS])
def test_explorer_reacts_in_voila(voila, page, case):
    page.goto(voila.url(f"/voila/render/{case.notebook}"))
    harness.wait_rendered(page, plots=case.plots)
    before = harness.plot_data(page, case.chart)
    assert before, f"{case.chart} holds no plotly traces"

    case.change(page, 0)

    after = harness.wait_plot_change(page, case.chart, before)
    assert after != before
    state = harness.render_state(page)
    assert state["loading"] == 0 and state["traceback"] == 0, state
    page.console_log.assert_clean()
