"""Issue 2's real-browser check: Voila serves the Caesar's Empire notebook, and a changed
Treasure count redraws the collection explorer's chart, drawn with the page's own plotly.js."""

from __future__ import annotations

import harness

NOTEBOOK = "notebooks/caesars_empire_collections.ipynb"
CHART = ".rt-collection-explorer .rt-breakdown-chart"


def test_voila_notebook_treasure_count_redraws_chart(voila, page):
    page.goto(voila.url(f"/voila/render/{NOTEBOOK}"))
    # Every figure of the notebook, the explorers' three charts included.
    harness.wait_rendered(page, plots=3, timeout=90)
    before = harness.wait_plot_data(page, CHART)
    # The explorers draw with the plotly.js the notebook's static figures put in the page (window.Plotly):
    # the page fetches and compiles no second copy of it from the kernel.
    assert page.evaluate("async () => { const c = window.__rometoolsPlotly || {}; const k = Object.keys(c);"
                         " return k.length === 1 && (await c[k[0]]) === window.Plotly; }"), "a second plotly.js"

    grapes = page.locator(".rt-collection-explorer .rt-count-grapes input").first
    grapes.scroll_into_view_if_needed()
    grapes.fill("4")  # the rulebook example holds 3 Grapes
    grapes.press("Enter")

    after = harness.wait_plot_change(page, CHART, before)
    assert after[0]["y"] != before[0]["y"], (before, after)
    assert sum(after[0]["y"]) > sum(before[0]["y"]), "a fourth Grape must add points"
    grapes.scroll_into_view_if_needed()
    page.console_log.assert_clean()
