"""The playtest report (``rometools report``) opens in Chromium with no network and no console
error, its chart drawn from the plotly.js inside the page."""

from __future__ import annotations

import harness


def test_the_report_reads_offline_in_a_browser(page, tmp_path):
    from rometools.core.playtest import report

    out = tmp_path / "pig.html"
    report("pig", 20, seed=1, out=out)
    page.goto(out.as_uri())
    page.wait_for_function("() => { const p = document.querySelector('.js-plotly-plot');"
                           " return p && p.data && p.data[0].meta === 'report-seat-win-rates'; }",
                           timeout=harness.RENDER_S * 1000)
    assert page.locator("h2").all_inner_texts() == [
        "Seat balance", "Restricted play: what each strategy is worth", "Hot spots: the places that matter",
        "Rule holes"]
    assert page.stubbed_requests == []            # nothing fetched from the network
    page.console_log.assert_clean()
