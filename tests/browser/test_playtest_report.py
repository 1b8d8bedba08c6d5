"""The playtest report (``rometools report``) opens in Chromium with no network and no console
error, every chart drawn from the plotly.js inside the page, the hot spots on the board."""

from __future__ import annotations

import harness


def test_the_report_reads_offline_in_a_browser(page, tmp_path):
    from rometools.charts.playtest import SECTIONS, report

    out = tmp_path / "ce.html"
    report("caesars_empire", 10, seed=1, players=3, out=out, skill_games=1, skill_budgets=(3,), shift_games=2)
    page.goto(out.as_uri())
    page.wait_for_function("() => { const p = [...document.querySelectorAll('.js-plotly-plot')];"
                           " return p.length >= 5 && p.every(d => d.data && d.data.length) &&"
                           " p.some(d => d.data.some(t => t.meta === 'report-map-places')); }",
                           timeout=harness.RENDER_S * 1000)
    assert page.locator("h2").all_inner_texts() == list(SECTIONS)
    assert page.stubbed_requests == []            # nothing fetched from the network
    page.console_log.assert_clean()
