"""A download clicked right after typing in a box, with no Enter and no Tab, holds the value typed
(fresh-user trial, HIGH).

The boxes sync on blur; the downloads were ``data:`` links the kernel built from the values before,
so the click saved the old file before the kernel heard the new value. Here each download is typed
into and clicked as a designer does it, in the app (Voila) and Chromium: the box filled, the button
clicked at once, and the file Chromium saves read back. A second edit and click saves a second file
(Chromium's limit on a page's automatic downloads never stops one: each is a click); a value refused
as typed saves nothing and the click says so.
"""

from __future__ import annotations

from pathlib import Path

import harness
import pytest
from explorers import EXPLORERS

from rometools import Variant
from rometools.augustus.components import load_components as load_augustus
from rometools.core.data import load_text
from rometools.imperator.components import load_components as load_imperator

WAIT_MS = int(harness.CHANGE_S * 1000)
MIX = {"augustus_bag": ("joker", lambda t: load_text(load_augustus, t, "d.toml").bag),
       "imperator_tile_odds": ("propraetor", lambda t: load_text(load_imperator, t, "d.toml").kind_counts)}


def _saved(download) -> str:
    return Path(download.value.path()).read_text(encoding="utf-8")


@pytest.mark.parametrize("page_id", list(MIX))
def test_the_mix_downloaded_holds_the_count_typed_without_enter(voila, page, page_id):
    kind, counts_of = MIX[page_id]
    case = next(c for c in EXPLORERS if c.id == page_id)
    page.goto(voila.url(f"/voila/render/{case.notebook}"))
    harness.wait_rendered(page, plots=case.plots)
    button = page.locator(".rt-counts-download button.rt-download-button").first
    assert button.inner_text().strip() == "Download the mix (TOML)" and button.is_visible()
    box = page.locator(f".rt-count-{kind} input").first
    published = int(box.input_value())
    saved = []
    page.on("download", lambda d: saved.append(d))
    for count in (published + 2, published + 3):    # two edits, two files: each click saves its own
        box.fill(str(count))                        # no Enter, no Tab: the click blurs the box
        with page.expect_download(timeout=WAIT_MS) as download:
            button.click()
        assert download.value.suggested_filename.endswith(".toml")
        assert counts_of(_saved(download))[kind] == count
    # typed out of its range: refused and put back; the click says so and saves nothing
    box.fill("999")
    button.click()
    status = page.locator(".rt-counts-status .rt-error").first
    status.wait_for(state="visible", timeout=WAIT_MS)
    assert status.inner_text().startswith("Nothing downloaded: the last value given was refused")
    page.wait_for_function(f"() => document.querySelector('.rt-count-{kind} input').value === '{published + 3}'",
                           timeout=WAIT_MS)
    assert len(saved) == 2
    with page.expect_download(timeout=WAIT_MS) as download:   # the next click saves what the boxes show
        button.click()
    assert counts_of(_saved(download))[kind] == published + 3
    page.console_log.assert_clean()


def test_the_studio_saves_the_name_and_changes_typed_without_tab(voila, page):
    case = next(c for c in EXPLORERS if c.id == "what_if_studio")
    page.goto(voila.url(f"/voila/render/{case.notebook}"))
    harness.wait_rendered(page, plots=case.plots)
    button = page.locator(".rt-whatif-download button.rt-download-button").first
    assert button.inner_text().strip() == "Save the variant (TOML)"
    page.locator(".rt-whatif-name input").first.fill("Gold to 36")
    page.locator(".rt-whatif-changes textarea").first.fill(
        "components:tables.gold.points = [0, 4, 9, 16, 25, 36, 36, 36]")   # typed last: no Tab, then the click
    with page.expect_download(timeout=WAIT_MS) as download:
        button.click()
    assert download.value.suggested_filename == "Gold_to_36.toml"
    variant = Variant.from_toml(_saved(download))
    assert variant.name == "Gold to 36"
    assert dict(variant.edits["components"]) == {"tables.gold.points": (0, 4, 9, 16, 25, 36, 36, 36)}
    # changes refused as typed stay in the box: the click says why and saves nothing
    saved = []
    page.on("download", lambda d: saved.append(d))
    page.locator(".rt-whatif-changes textarea").first.fill("components:tables.gold.points = 7")
    button.click()
    status = page.locator(".rt-whatif-file-status .rt-error").first
    status.wait_for(state="visible", timeout=WAIT_MS)
    assert status.inner_text().startswith("Nothing downloaded: the refusal the message shows still stands"), \
        status.inner_text()   # said once, in the message: its words are not repeated on the file line
    message = page.locator(".rt-message").first.inner_text()
    assert message.startswith("Cannot update: Changes: ") and "tables.gold.points" in message, message
    assert saved == []
    page.console_log.assert_clean()
