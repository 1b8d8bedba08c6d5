"""What a designer sees of an explorer page as it opens, checked in a real browser (issue 10).

:func:`assert_readable`: no control text is cut ("City na..."), no control touches
the page's left edge, no chart toolbar covers a chart title, no legend covers a
chart, no text on the page is an id, a traceback or a printed dict; then a
screenshot of the whole page goes to ``artifacts/readable_<name>.png``.
``test_explorers.py`` runs it on every explorer in the same page load as its
reaction to a control (one page load per explorer, not two).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import harness

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from readability_checks import shown_ids  # noqa: E402

_CUT_JS = """
() => {
  const out = [];
  const visible = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
  for (const el of document.querySelectorAll(
      '.rt-explorer .widget-label, .rt-explorer button, .rt-explorer .widget-toggle-button')) {
    if (visible(el) && el.textContent.trim() && el.scrollWidth > el.clientWidth + 1) out.push(el.textContent.trim());
  }
  const span = document.createElement('span');
  span.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
  document.body.appendChild(span);
  for (const sel of document.querySelectorAll('.rt-explorer select')) {
    const opt = sel.options[sel.selectedIndex];
    if (!visible(sel) || sel.multiple || !opt) continue;
    span.style.font = getComputedStyle(sel).font;
    span.textContent = opt.text;
    if (span.getBoundingClientRect().width > sel.clientWidth - 22) out.push(opt.text);
  }
  span.remove();
  return out;
}
"""

_LEFT_EDGE_JS = """
() => Math.min(...Array.from(document.querySelectorAll(
    '.rt-explorer .widget-label, .rt-explorer select, .rt-explorer input, .rt-explorer button'))
  .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
  .map((el) => el.getBoundingClientRect().left))
"""

_TOOLBAR_JS = """
() => Array.from(document.querySelectorAll('.js-plotly-plot')).map((p) => {
  const title = p.querySelector('.gtitle');
  const bar = p.querySelector('.modebar');
  if (!title || !bar) return 0;
  const a = title.getBoundingClientRect(), b = bar.getBoundingClientRect();
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? Math.round(w * h) : 0;
})
"""

_LEGEND_JS = """
() => {
  // a chart's legend must not cover its title, an axis title or a caption
  const out = [];
  for (const p of document.querySelectorAll('.js-plotly-plot')) {
    const legend = p.querySelector('.legend');
    if (!legend) continue;
    const a = legend.getBoundingClientRect();
    if (!a.width || !a.height) continue;
    for (const el of p.querySelectorAll('.gtitle, .xtitle, .ytitle, .annotation[data-index]')) {
      const b = el.getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 2 && h > 2) out.push(el.textContent.trim().slice(0, 60));
    }
  }
  return out;
}
"""

def whole_page(page, name: str):
    """A screenshot of the whole explorer (a tall window: Voila scrolls inside its own page)."""
    height = page.evaluate("() => Math.max(0, ...Array.from(document.querySelectorAll('.rt-explorer'))"
                           ".map((e) => e.getBoundingClientRect().bottom + window.scrollY))")
    page.set_viewport_size({"width": 1280, "height": int(min(max(900, height + 60), 4000))})
    page.wait_for_timeout(600)
    harness.screenshot(page, name)


def assert_readable(page, name: str) -> None:
    """The opened explorer page reads well (see the module); its screenshot is ``readable_<name>``."""
    cut = page.evaluate(_CUT_JS)
    assert not cut, f"cut control texts: {cut}"
    assert page.evaluate(_LEFT_EDGE_JS) >= 8, "a control touches the left edge of the page"
    assert not any(page.evaluate(_TOOLBAR_JS)), "a chart toolbar covers a chart title"
    covered = page.evaluate(_LEGEND_JS)
    assert not covered, f"a legend covers: {covered}"
    text = page.inner_text("body")
    ids = [i for i in shown_ids() if re.search(rf"(?<![\w/.-]){re.escape(i)}(?![\w.])", text)]
    assert not ids, f"ids on the page: {ids}"
    for marker in ("Traceback", "unexpected error", "{'"):
        assert marker not in text
    whole_page(page, f"readable_{name}")
