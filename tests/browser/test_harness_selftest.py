"""The harness proves itself on a throwaway notebook: an IntSlider driving a FigureWidget bar."""

from __future__ import annotations

import harness


def test_voila_selftest_slider_redraws_bar(voila, page):
    page.goto(voila.url("/voila/render/tests/browser/selftest.ipynb"))
    harness.wait_rendered(page, plots=1)
    before = harness.plot_data(page, 0)
    assert before[0]["y"] == [3, 1]

    page.locator(".widget-slider .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")

    after = harness.wait_plot_change(page, 0, before)
    assert after[0]["y"] == [4, 1]
    page.console_log.assert_clean()
