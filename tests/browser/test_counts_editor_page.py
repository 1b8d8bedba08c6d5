"""The counts editor in a real browser (Augustus's bag): each count input is labelled with its kind, and a
count that breaks the bag goes back to the value the chart shows, said in the box's and the game's words,
under the count boxes."""

from __future__ import annotations

import harness
from explorers import EXPLORERS

CASE = next(c for c in EXPLORERS if c.id == "augustus_bag")


def test_count_inputs_are_labelled_and_a_count_breaking_the_bag_is_put_back(voila, page):
    page.goto(voila.url(f"/voila/render/{CASE.notebook}"))
    harness.wait_rendered(page, plots=CASE.plots)
    labels = page.eval_on_selector_all(
        ".rt-count input", "els => els.map(e => e.labels && e.labels[0] ? e.labels[0].innerText.trim() : '')")
    assert labels == ["Double sword", "Shield", "Chariot", "Catapult", "Standard", "Dagger", "Joker"], labels

    before = harness.wait_plot_data(page, CASE.chart)
    for kind in ("double_sword", "shield", "chariot", "catapult", "standard"):
        box = page.locator(f".rt-count-{kind} input").first
        box.fill("0")
        box.press("Enter")
        before = harness.wait_plot_change(page, CASE.chart, before)
    dagger = page.locator(".rt-count-dagger input").first
    dagger.fill("0")
    dagger.press("Enter")
    message = page.locator(".rt-message.rt-error")
    message.wait_for(state="visible", timeout=harness.CHANGE_S * 1000)
    text = message.inner_text()
    assert "Dagger tokens 0 would make a mix the rules refuse" in text and "Dagger tokens put back to 1" in text, text
    assert "toml" not in text and "bag.total" not in text, text
    # said beside the boxes it refers to (trial54b: far above them, over the chart): under the Joker box,
    # over Published mix
    said = message.bounding_box()
    joker = page.locator(".rt-count-joker input").first.bounding_box()
    reset = page.locator("button.rt-counts-reset").first.bounding_box()
    assert joker["y"] + joker["height"] <= said["y"] + 1 and said["y"] + said["height"] <= reset["y"] + 1, \
        (joker, said, reset)
    assert said["y"] - (joker["y"] + joker["height"]) < 40, (joker, said)
    page.wait_for_function("() => document.querySelector('.rt-count-dagger input').value === '1'",
                           timeout=harness.CHANGE_S * 1000)
    assert harness.plot_data(page, CASE.chart) == before
    page.console_log.assert_clean()
