"""The harness proves itself on a throwaway notebook: an IntSlider driving a chart's bar."""

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


def test_console_errors_are_caught_and_only_known_ones_tolerated(chromium, monkeypatch):
    monkeypatch.setitem(harness.TOLERATED_ERRORS, r"^pageerror: \w+\.setData is not a function @ \S*/known-bundle/",
                        "an error proven harmless (this test's own)")
    context = chromium.new_context()
    try:
        page = context.new_page()
        log = harness.ConsoleLog(page)
        page.set_content("<p>x</p>")
        page.evaluate("() => { console.error('boom'); setTimeout(() => { throw new Error('bang'); }); }")
        page.wait_for_timeout(200)
        assert any("boom" in e for e in log.errors) and any("bang" in e for e in log.errors)
        log._add("pageerror: r.setData is not a function @ http://127.0.0.1:1/static/mine.js")
        log._add("pageerror: r.setData is not a function @ http://h/voila/labextensions/known-bundle/static/0.js")
        assert sum("setData" in e for e in log.errors) == 1 and len(log.tolerated) == 1
    finally:
        context.close()


def test_only_requests_leaving_the_machine_are_stubbed(voila, page):
    page.goto(voila.url("/voila/render/tests/browser/selftest.ipynb"))
    fetch = "async (u) => { const r = await fetch(u); return [r.status, (await r.text()).length]; }"
    assert page.evaluate(fetch, "https://cdn.jsdelivr.net/npm/none/x.css") == [200, 0]
    status, length = page.evaluate(fetch, voila.url("/voila/static/voila.js"))
    assert status == 200 and length > 1000
    assert "https://cdn.jsdelivr.net/npm/none/x.css" in page.stubbed_requests
    assert not [u for u in page.stubbed_requests if u.startswith(voila.base)]
