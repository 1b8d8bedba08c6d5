"""The playtest report (``rometools report``) opens in Chromium with no network and no console
error, every chart drawn from the plotly.js inside the page, the hot spots on the board; and, for
every registered game, the report a publisher reads: every drawn label read back from the page
(no two overlapping, none a raw ``<br>``, no caption past its chart's edge, no axis label cut, no
reference label over a bar) and no id on the page where a name exists (a city's id, "road r13")."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import harness
import pytest
from explorers import EXPLORERS

import rometools

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from readability_checks import shown_ids  # noqa: E402


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


#: Every drawn label of every chart on the page, read back from the SVG plotly drew.
_LABELS_JS = """
() => {
  const out = [];
  const hit = (a, b, m) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > m
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > m;
  document.querySelectorAll('.js-plotly-plot').forEach((plot, k) => {
    const svg = plot.querySelector('.main-svg').getBoundingClientRect();
    const title = (plot.querySelector('.gtitle') || {}).textContent || `chart ${k + 1}`;
    const texts = Array.from(plot.querySelectorAll('text')).filter((e) => e.textContent.trim());
    const problems = [];
    for (const e of texts) {
      const t = e.textContent;
      if (/<br|&lt;|&gt;|<\\/?[a-z]/i.test(t)) problems.push(`raw markup shown: ${t.slice(0, 60)}`);
    }
    // labels on the plot: point labels and annotations (the caption apart) must not overlap
    const notes = (plot.layout && plot.layout.annotations) || [];
    const annotations = Array.from(plot.querySelectorAll('.annotation[data-index]'))
      .filter((a) => (notes[+a.dataset.index] || {}).name !== 'caption')
      .map((a) => a.querySelector('.annotation-text'));
    const placed = Array.from(plot.querySelectorAll('.textpoint text')).concat(annotations)
      .filter((e) => e && e.textContent.trim() && getComputedStyle(e).opacity !== '0');
    const labels = placed.map((e) => [e.textContent.trim(), e.getBoundingClientRect()]);
    for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++)
      if (hit(labels[i][1], labels[j][1], 1.5)) problems.push(`labels overlap: ${labels[i][0]} / ${labels[j][0]}`);
    // a reference label is never drawn over a bar
    const bars = Array.from(plot.querySelectorAll('.bars .point path')).map((p) => p.getBoundingClientRect());
    for (const [text, box] of labels) for (const b of bars) if (b.width > 0 && hit(box, b, 2)) {
      problems.push(`label over a bar: ${text}`); break;
    }
    // captions and axis labels inside the chart: nothing cut at its edges
    for (const e of texts) {
      const b = e.getBoundingClientRect();
      if (b.width === 0) continue;
      if (b.right > svg.right + 2 || b.left < svg.left - 2) problems.push(`cut at the chart's edge: ${e.textContent.slice(0, 60)}`);
    }
    if (problems.length) out.push([title, problems]);
  });
  return out;
}
"""


@pytest.mark.parametrize("gid", rometools.games())
def test_every_games_report_reads_as_a_publisher_would(page, tmp_path, gid):
    from rometools.charts.playtest import report

    out = tmp_path / f"{gid}.html"
    report(gid, 24, seed=2, out=out, shift_games=2, value_games=2)
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(out.as_uri())
    page.wait_for_function("() => { const p = [...document.querySelectorAll('.js-plotly-plot')];"
                           " return p.length >= 8 && p.every(d => d.data && d.querySelector('.main-svg')); }",
                           timeout=harness.RENDER_S * 1000)
    page.wait_for_timeout(500)
    problems = page.evaluate(_LABELS_JS)
    assert not problems, "\n".join(f"{title}: {p}" for title, ps in problems for p in ps)
    text = page.inner_text("body")
    ids = [i for i in shown_ids() if re.search(rf"(?<![\w/.-]){re.escape(i)}(?![\w.])", text)]
    assert not ids, f"ids on the report page: {ids}"
    assert not re.search(r"\broad r\d+", text), "a road named by its id"
    named = [r for r in rometools.load_game(gid).spec.restrictions if re.search(rf"\b{r}\b", text)]
    assert not named, f"restrictions by their id, not their sentence: {named}"
    assert "How it plays" in text and "<br>" not in text
    page.console_log.assert_clean()


def test_a_report_chart_saves_as_svg_and_png_from_its_links(page, tmp_path):
    from rometools.charts.playtest import report

    out = tmp_path / "pig.html"
    report("pig", 6, seed=1, out=out, flow_games=0)
    page.goto(out.as_uri())
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 2",
                           timeout=harness.RENDER_S * 1000)
    for fmt, head in (("SVG", b"<svg"), ("PNG", b"\x89PNG")):
        with page.expect_download(timeout=harness.RENDER_S * 1000) as got:
            page.locator("p.export a", has_text=fmt).first.click()
        saved = tmp_path / got.value.suggested_filename
        got.value.save_as(saved)
        assert saved.name.startswith("01-seat-win-rates") and saved.read_bytes()[:4] == head[:4]
    page.console_log.assert_clean()


def test_an_explorer_chart_saves_as_svg_from_its_toolbar(voila, page, tmp_path):
    page.goto(voila.url("/voila/render/app/draw_odds.ipynb"))
    harness.wait_rendered(page, plots=2)
    chart = page.locator(".rt-law-chart .js-plotly-plot").first
    chart.hover()
    button = chart.locator(".modebar-btn[data-title^='Download plot as an SVG']")
    assert button.count() == 1
    titles = chart.locator(".modebar-btn").evaluate_all("(bs) => bs.map((b) => b.dataset.title || '')")
    assert sum(t.startswith("Download plot") for t in titles) == 2, titles   # plotly's camera (a PNG) and the SVG
    with page.expect_download(timeout=harness.RENDER_S * 1000) as got:
        button.click()
    saved = tmp_path / got.value.suggested_filename
    got.value.save_as(saved)
    assert saved.suffix == ".svg" and saved.read_bytes()[:4] == b"<svg"


def test_the_playtest_pages_number_boxes_are_refused_as_typed(voila, page):
    """Trial F6: on the app's playtest page Games = 0 and Seed = -1 said nothing until Run, which
    named Games only. Each box is refused on Enter, in every explorer's words, and put back."""
    playtest = next(c for c in EXPLORERS if c.id == "playtest_report")
    page.goto(voila.url(f"/voila/render/{playtest.notebook}"))
    harness.wait_rendered(page, plots=playtest.plots)
    summary = page.locator(".rt-playtest-summary").first.inner_text()
    message = page.locator(".rt-message.rt-error").first
    games = page.locator(".rt-games input").first
    games.fill("0")
    games.press("Enter")
    message.wait_for(timeout=harness.CHANGE_S * 1000)
    said = " ".join(message.inner_text().split())   # the "(... put back ...)" line is a line of its own
    assert "Games must be a whole number 1 to 20,000, got 0 (Games put back to 60;" in said, said
    page.wait_for_function("() => document.querySelector('.rt-games input').value === '60'",
                           timeout=harness.CHANGE_S * 1000)
    seed = page.locator(".rt-seed input").first
    seed.fill("-1")
    seed.press("Enter")
    page.wait_for_function("() => (document.querySelector('.rt-message.rt-error') || {}).textContent"
                           "?.includes('got -1')", timeout=harness.CHANGE_S * 1000)
    said = " ".join(message.inner_text().split())
    assert "Seed must be a whole number 0 to 999,999,999, got -1 (Seed put back to 1;" in said, said
    assert page.locator(".rt-playtest-summary").first.inner_text() == summary
    page.console_log.assert_clean()
