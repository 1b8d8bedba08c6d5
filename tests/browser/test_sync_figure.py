"""sync_figure replaces a live chart's content in the browser, not only in Python.

A shape, an annotation, a title and error bars of the old figure must disappear from
the page when the explorer syncs a figure without them (a merge left them on screen),
and a point label that was blank must be drawn once it has a text (plotly.js removes
a blank label's node and a restyle never adds it back: city names went missing from
the board map after a few turns).
"""

from __future__ import annotations

import harness

_LAYOUT_JS = """
() => {
  const p = document.querySelector('.js-plotly-plot');
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
() => Array.from(document.querySelectorAll('.js-plotly-plot')[1].querySelectorAll('.textpoint text'))
  .map((e) => e.textContent).filter((t) => t)
"""


def test_sync_figure_drops_old_shapes_annotations_title_and_error_bars(voila, page):
    page.goto(voila.url("/voila/render/tests/browser/sync_figure.ipynb"))
    harness.wait_rendered(page, plots=2)
    before = page.evaluate(_LAYOUT_JS)
    assert before["shapes"] == 1 and before["annotations"] == 1 and before["title"] == "old title", before
    assert before["errorBars"] and before["drawnShapes"] == 1 and before["drawnNotes"] == 1, before

    data = harness.plot_data(page, 0)
    page.locator(".widget-slider .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")
    harness.wait_plot_change(page, 0, data)

    after = page.evaluate(_LAYOUT_JS)
    assert after["y"] == [0.4, 0.1], after
    assert (after["shapes"], after["annotations"], after["title"], after["errorBars"]) == (0, 0, None, False), after
    assert (after["drawnShapes"], after["drawnNotes"], after["drawnTitle"]) == (0, 0, None), after
    page.wait_for_function(f"() => ({_LABELS_JS.strip()})().length === 3", polling=100, timeout=10_000)
    assert page.evaluate(_LABELS_JS) == ["A", "B", "C"]
    page.console_log.assert_clean()
