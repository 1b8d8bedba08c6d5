"""A chart in a live view (``rometools.widgets._charts.Chart``), as only a browser shows it.

* A new figure *replaces* the chart: a shape, an annotation, a title and error bars of the
  old figure are gone from the page, and a point label that was blank is drawn once it has
  a text (plotly.js removes a blank label's node; with plotly's FigureWidget a restyle
  never added it back, and city names went missing from the board map).
* While the kernel computes, the chart says "Computing…" and is dimmed; then it shows
  the new figure and says nothing.
* When drawing fails, the chart says so in words with a Redraw button, and Redraw draws
  the kernel's latest figure.
* A figure of a trace type plotly.js's cartesian bundle lacks (the page's first charts loaded that
  bundle) is drawn with the full plotly.js, which its chart then asks for.
"""

from __future__ import annotations

import harness
import plotly

NOTEBOOK = "tests/browser/chart_states.ipynb"
MAIN, LABELS = ".rt-main-chart", ".rt-labels-chart"
_PLOTLY = plotly.__version__   # the charts' key of plotly.js in the page (window.__rometoolsPlotly)

_LAYOUT_JS = """
(where) => {
  const p = document.querySelector(where + ' .js-plotly-plot');
  const t = p.data[0];
  const title = p.layout.title;
  return {shapes: (p.layout.shapes || []).length, annotations: (p.layout.annotations || []).length,
          title: (title && typeof title === 'object' ? title.text : title) || null,
          errorBars: !!(t.error_y && t.error_y.array && t.error_y.array.length),
          y: Array.from(t.y),
          drawnShapes: p.querySelectorAll('.shapelayer path').length,
          drawnNotes: p.querySelectorAll('.annotation').length,
          drawnTitle: (p.querySelector('.gtitle') || {}).textContent || null};
}
"""

_LABELS_JS = """
() => Array.from(document.querySelectorAll('.rt-labels-chart .textpoint text'))
  .map((e) => e.textContent).filter((t) => t)
"""

_STATUS_JS = """
(where) => {
  const el = document.querySelector(where);
  const status = el.querySelector('.rt-chart-status');
  return {state: el.dataset.rtState, shown: status.classList.contains('rt-shown'),
          dimmed: el.classList.contains('rt-chart-stale'), words: status.querySelector('span').textContent,
          redraw: getComputedStyle(el.querySelector('.rt-chart-redraw')).display !== 'none'};
}
"""

#: Makes plotly's next draw in this page fail, once (as a browser or a figure might).
_FAIL_ONCE_JS = """
async () => {
  const cache = window.__rometoolsPlotly;
  const Plotly = await cache[Object.keys(cache)[0]];
  const react = Plotly.react;
  Plotly.react = () => { Plotly.react = react; return Promise.reject(new Error('test: the drawing failed')); };
}
"""


def _open(voila, page):
    page.goto(voila.url(f"/voila/render/{NOTEBOOK}"))
    harness.wait_rendered(page, plots=2)
    page.wait_for_function(f"() => document.querySelector('{MAIN}').dataset.rtState === 'ready'"
                           f" && document.querySelector('{LABELS}').dataset.rtState === 'ready'",
                           timeout=harness.RENDER_S * 1000)


def _step(page, key="ArrowRight"):
    handle = page.locator(".rt-step .noUi-handle").first
    handle.focus()
    handle.press(key)


def _title_is(page, text: str) -> None:
    page.wait_for_function(f"(t) => ({_LAYOUT_JS.strip()})('{MAIN}').title === t", arg=text,
                           timeout=harness.CHANGE_S * 1000, polling=50)


def test_a_new_figure_replaces_the_old_one_in_the_page(voila, page):
    _open(voila, page)
    before = page.evaluate(_LAYOUT_JS, MAIN)
    assert before["shapes"] == 1 and before["annotations"] == 1 and before["title"] == "old title", before
    assert before["errorBars"] and before["drawnShapes"] == 1 and before["drawnNotes"] == 1, before

    _step(page)
    _title_is(page, "step 1")
    after = page.evaluate(_LAYOUT_JS, MAIN)
    assert after["y"] == [0.4, 0.1], after
    assert (after["shapes"], after["annotations"], after["errorBars"]) == (0, 0, False), after
    assert (after["drawnShapes"], after["drawnNotes"], after["drawnTitle"]) == (0, 0, "step 1"), after
    page.wait_for_function(f"() => ({_LABELS_JS.strip()})().length === 3", polling=100, timeout=10_000)
    assert page.evaluate(_LABELS_JS) == ["A", "B", "C"]
    page.console_log.assert_clean()


def test_a_chart_says_it_is_computing_until_the_kernel_sends_its_figure(voila, page):
    _open(voila, page)
    page.locator(".rt-slow input[type=checkbox]").first.click()
    page.wait_for_timeout(500)  # the box's change reaches the kernel (it redraws nothing)
    _step(page)
    page.wait_for_function(f"() => ({_STATUS_JS.strip()})('{MAIN}').shown", timeout=2500, polling=50)
    computing = page.evaluate(_STATUS_JS, MAIN)
    assert computing == {"state": "computing", "shown": True, "dimmed": True, "words": "Computing\u2026",
                         "redraw": False}, computing
    assert page.evaluate(_LAYOUT_JS, MAIN)["title"] == "old title"  # the old figure, said to be old
    _title_is(page, "step 1")
    page.wait_for_function(f"() => !({_STATUS_JS.strip()})('{MAIN}').shown", timeout=5000, polling=50)
    assert page.evaluate(_STATUS_JS, MAIN) == {"state": "ready", "shown": False, "dimmed": False,
                                               "words": "Computing\u2026", "redraw": False}
    page.console_log.assert_clean()


def test_a_chart_says_when_it_could_not_draw_and_redraw_draws_it(voila, page):
    _open(voila, page)
    page.evaluate(_FAIL_ONCE_JS)
    _step(page)
    page.wait_for_function(f"() => ['{MAIN}', '{LABELS}'].some((w) => ({_STATUS_JS.strip()})(w).redraw)",
                           timeout=harness.CHANGE_S * 1000, polling=50)
    failed = next(w for w in (MAIN, LABELS) if page.evaluate(_STATUS_JS, w)["redraw"])
    status = page.evaluate(_STATUS_JS, failed)
    assert status == {"state": "failed", "shown": True, "dimmed": True, "redraw": True,
                      "words": "This chart could not be drawn: test: the drawing failed."}, status
    page.locator(f"{failed} .rt-chart-redraw").click()
    page.wait_for_function(f"() => ({_STATUS_JS.strip()})('{failed}').state === 'ready'",
                           timeout=harness.CHANGE_S * 1000, polling=50)
    _title_is(page, "step 1")
    page.wait_for_function(f"() => ({_LABELS_JS.strip()})().length === 3", polling=100, timeout=10_000)
    assert not page.evaluate(_STATUS_JS, failed)["shown"]
    page.console_log.assert_clean()


def test_a_figure_the_cartesian_bundle_cannot_draw_is_drawn_with_the_full_plotly_js(voila, page):
    # The page loads plotly.js's cartesian bundle for its bar, scatter and histogram charts (1.5 MB
    # against 4.8 MB); a polar chart needs the full one, which the chart then asks for and draws with.
    _open(voila, page)
    assert page.evaluate("() => Object.keys(window.__rometoolsPlotly)") == [f"{_PLOTLY}:cartesian"]
    for _ in range(2):
        _step(page)
    _title_is(page, "step 2")
    page.wait_for_function(
        "() => { const el = document.querySelector('.rt-polar-chart'); const p = el.querySelector('.js-plotly-plot');"
        " return el.dataset.rtState === 'ready' && p && p.data && p.data[0].type === 'scatterpolar'; }",
        timeout=harness.CHANGE_S * 1000, polling=50)
    assert sorted(page.evaluate("() => Object.keys(window.__rometoolsPlotly)")) == [_PLOTLY, f"{_PLOTLY}:cartesian"]
    assert page.evaluate("() => document.querySelectorAll('.rt-polar-chart .polar .trace').length") == 1, \
        page.evaluate("() => Array.from(document.querySelectorAll('.rt-polar-chart g[class]'), (g) => g.getAttribute('class')).join(' ')")
    page.console_log.assert_clean()
