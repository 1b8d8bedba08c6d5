"""The dice-odds explorer in a real browser: it opens on 4d6 keep 3, follows a control, refuses a bad pool."""

from __future__ import annotations

from fractions import Fraction

import harness
from explorers import EXPLORERS

from rometools.draws import Die, Pool, highest

CASE = next(c for c in EXPLORERS if c.id == "dice_odds")


def _exact(data: list[dict]) -> dict[int, float]:
    """The exact bars as drawn: {value: height} (the exact fraction's float)."""
    trace = next(t for t in data if t.get("name") == "exact")  # di-law-exact (uid set by the page)
    return {x: round(y, 12) for x, y in zip(trace["x"], trace["y"], strict=True) if y}


def _floats(law: dict[int, Fraction]) -> dict[int, float]:
    return {x: round(float(p), 12) for x, p in law.items()}


def test_dice_odds_page_follows_its_controls(voila, page):
    page.goto(voila.url(f"/voila/render/{CASE.notebook}"))
    harness.wait_rendered(page, plots=CASE.plots)
    before = harness.wait_plot_data(page, CASE.chart)
    assert _exact(before) == _floats(Pool([Die.d(6)] * 4).law(highest(3)))

    CASE.change(page, 0)  # keep 2 of 4d6
    after = harness.wait_plot_change(page, CASE.chart, before)
    assert _exact(after) == _floats(Pool([Die.d(6)] * 4).law(highest(2)))

    box = page.locator(".rt-pool input").first
    box.fill("2d6 + 3x")
    box.press("Enter")
    message = page.locator(".rt-message.rt-error")
    message.wait_for(state="visible", timeout=harness.CHANGE_S * 1000)
    assert "Pool: '3x' is not a die" in message.inner_text()
    assert _exact(harness.plot_data(page, CASE.chart)) == _exact(after)
    page.console_log.assert_clean()
