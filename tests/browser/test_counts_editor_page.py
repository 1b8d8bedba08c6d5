"""The counts editor in a real browser (Augustus's bag): each count input is labelled with its kind, and a
count that breaks the bag goes back to the value the chart shows, said in the box's and the game's words,
under the count boxes; in the app the mix is kept by a download, never a path on the server."""

from __future__ import annotations

from pathlib import Path

import harness
import pytest
from explorers import EXPLORERS
from readable_page import assert_readable

from rometools.augustus.components import load_components as load_augustus
from rometools.core.data import load_text
from rometools.imperator.components import load_components as load_imperator

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


@pytest.mark.parametrize("page_id, kind, count", [("augustus_bag", "joker", "3"), ("imperator_tile_odds", "propraetor", "3")])
def test_the_app_page_offers_the_mix_as_a_download_and_no_path_box(voila, page, page_id, kind, count):
    """trial55 (HIGH): the app's "Save as" wrote any path on the server. The app page has no box for a
    path and no Save: a download button saves the mix the boxes show, and follows an edited count."""
    case = next(c for c in EXPLORERS if c.id == page_id)
    page.goto(voila.url(f"/voila/render/{case.notebook}"))
    harness.wait_rendered(page, plots=case.plots)
    assert page.locator(".rt-counts-path, button.rt-counts-save").count() == 0
    labels = page.eval_on_selector_all(
        ".rt-counts-editor input[type=text]", "els => els.map(e => (e.labels && e.labels[0] ? e.labels[0].innerText : '')"
        " + ' ' + (e.placeholder || ''))")
    assert not any("save" in t.lower() or "toml" in t.lower() or "file" in t.lower() for t in labels), labels
    link = page.locator(".rt-counts-download button.rt-download-button").first
    assert link.is_visible() and link.inner_text().strip() == "Download the mix (TOML)"
    assert_readable(page, f"{page_id}_download")   # the row reads whole: nothing cut, nothing off the page
    before = harness.wait_plot_data(page, case.chart)
    box = page.locator(f".rt-count-{kind} input").first
    box.fill(count)
    box.press("Enter")
    harness.wait_plot_change(page, case.chart, before)
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename.endswith(".toml")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    loaded = {"augustus_bag": lambda t: load_text(load_augustus, t, "d.toml").bag,
              "imperator_tile_odds": lambda t: load_text(load_imperator, t, "d.toml").kind_counts}[page_id](text)
    assert loaded[kind] == int(count), loaded
    page.console_log.assert_clean()
