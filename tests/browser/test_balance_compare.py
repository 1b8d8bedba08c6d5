"""The balance lab's paired-differences chart in the app: it draws when comparing two variants.

The paired chart is hidden until the first comparison (with plotly's ``FigureWidget``, a
chart made then missed anywidget's 2 s start-up and kept its placeholder after Run); it
must draw after Run, and again after a second Run.
"""

from __future__ import annotations

import harness
from explorers import EXPLORERS

BALANCE = next(c for c in EXPLORERS if c.id == "balance_lab")

_PAIRED_JS = """
() => {
  const p = document.querySelector('.js-plotly-plot.rt-balance-paired, .rt-balance-paired .js-plotly-plot');
  if (!p || !Array.isArray(p.data)) return null;
  return {title: (p.layout && p.layout.title && p.layout.title.text) || null, width: p.offsetWidth,
          traces: p.data.map((t) => ({meta: t.meta ?? null, points: t.y ? t.y.length : 0}))};
}
"""


def _paired(page, timeout: float = harness.CHANGE_S) -> dict | None:
    """The paired chart's traces once it holds ``bl-paired`` with points (else its last state)."""
    deadline = harness.time.monotonic() + timeout
    state = None
    while harness.time.monotonic() < deadline:
        state = page.evaluate(_PAIRED_JS)
        if state and any(t["meta"] == "bl-paired" and t["points"] for t in state["traces"]):
            return state
        page.wait_for_timeout(250)
    return state


def test_paired_chart_draws_after_a_comparison_run(voila, page):
    page.goto(voila.url(f"/voila/render/{BALANCE.notebook}"))
    harness.wait_rendered(page, plots=BALANCE.plots)

    page.locator(".rt-compare input").first.check()
    options_b = page.locator(".rt-options-b input").first
    options_b.fill("all_tokens_variant=true")
    options_b.press("Enter")
    games = page.locator(".rt-games input").first
    games.fill("20")  # fill() replaces the box's text (200), it does not append to it
    assert games.input_value() == "20"
    games.press("Enter")
    page.locator("button.rt-balance-run").first.click()
    page.locator(".rt-balance-rates-b-table").wait_for(timeout=harness.CHANGE_S * 1000)
    page.wait_for_function("() => /20 games/.test(document.querySelector('.rt-balance-summary').innerText)",
                           timeout=harness.CHANGE_S * 1000)

    text = page.locator(".rt-balance-summary").first.inner_text()
    assert "B \u2212 A over 20 paired games (95% confidence intervals): win rate P1 " in text  # the headline, in words
    state = _paired(page)
    assert state and any(t["meta"] == "bl-paired" and t["points"] for t in state["traces"]), state
    assert state["width"] > 0 and "tick" not in (state["title"] or ""), state
    page.locator(".rt-balance-paired").first.scroll_into_view_if_needed()

    # a second run redraws it too (the screenshot, taken at the end, shows this 21)
    games.fill("21")
    games.press("Enter")
    page.locator("button.rt-balance-run").first.click()
    page.wait_for_function("() => /21 games/.test(document.querySelector('.rt-balance-summary').innerText)",
                           timeout=harness.CHANGE_S * 1000)
    assert _paired(page)["traces"][0]["meta"] == "bl-paired"
    page.console_log.assert_clean()


def test_games_typed_as_a_fraction_is_refused_in_words_and_the_results_kept(voila, page):
    """An IntText's front end sent 1.5 as 1 (one game played without a word); the Games box
    sends what was typed, and the kernel refuses it on Enter, and again when Run is clicked
    (which sends a value typed without Enter first): the click then plays the box as it reads now
    and says so, never the old value without a word (trial 4), nor nothing at all (a later trial)."""
    page.goto(voila.url(f"/voila/render/{BALANCE.notebook}"))
    harness.wait_rendered(page, plots=BALANCE.plots)
    summary = page.locator(".rt-balance-summary").first.inner_text()
    games = page.locator(".rt-games input").first
    games.fill("1.5")
    games.press("Enter")
    message = page.locator(".rt-message.rt-error").first
    message.wait_for(timeout=harness.CHANGE_S * 1000)
    assert "Games must be a whole number 1 to 100,000, got 1.5" in message.inner_text()
    # true for the box as it reads now (put back), and "charts", not "the chart"
    assert "(Games put back to 200; the summary and the charts still show the last run)" in message.inner_text()
    games.fill("999999")                                   # typed, then Run clicked without Enter
    page.locator("button.rt-balance-run").first.click()
    page.wait_for_function("() => document.querySelector('.rt-games input').value === '200'",
                           timeout=harness.CHANGE_S * 1000)  # the box put back; the click plays it, and says so
    page.wait_for_function("() => /^Note: The value typed in Games, 999999, was refused \\(Games must be a whole "
                           "number 1 to 100,000, got 999999\\) and put back: Run plays Games 200, as the "
                           "box reads now\\.$/.test(document.querySelector('.rt-message').innerText.trim())",
                           timeout=harness.CHANGE_S * 1000)
    page.wait_for_function("() => { const b = document.querySelector('button.rt-balance-run');"
                           " return !b.disabled && b.innerText.trim() === 'Run'; }", timeout=2 * harness.CHANGE_S * 1000)
    assert page.locator(".rt-message").first.inner_text().startswith("Note: The value typed in Games, 999999, was refused")
    assert page.locator(".rt-balance-summary").first.inner_text() == summary   # the same 200 games, played again
    page.console_log.assert_clean()
