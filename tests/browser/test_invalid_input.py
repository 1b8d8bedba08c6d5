"""Invalid input in an explorer shows a readable message, never a Python traceback."""

from __future__ import annotations

import harness
from explorers import EXPLORERS

COLLECTION = next(c for c in EXPLORERS if c.id == "caesars_empire_collections")


def test_collection_explorer_rejects_too_many_tokens(voila, page):
    page.goto(voila.url(f"/voila/render/{COLLECTION.notebook}"))
    harness.wait_rendered(page, plots=COLLECTION.plots)
    before = harness.plot_data(page, COLLECTION.chart)

    grapes = page.locator(".rt-count-grapes input").first
    grapes.fill("9")  # the box holds 4 Grapes
    grapes.press("Enter")

    message = page.locator(".rt-message.rt-error")
    message.wait_for(state="visible", timeout=harness.CHANGE_S * 1000)
    text = message.inner_text()
    assert "Cannot update" in text and "9" in text and "4" in text, text
    assert "Traceback" not in text and "Error" not in text.split(":")[0], text

    state = harness.render_state(page)
    assert state["traceback"] == 0, state
    stderr = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
    assert stderr.count() == 0, stderr.all_inner_texts()
    body = page.inner_text("body")
    for marker in ("Traceback", "ValueError", "There was an error when executing cell"):
        assert marker not in body, f"{marker!r} is shown in the page"
    # The chart keeps the last valid input.
    assert harness.plot_data(page, COLLECTION.chart) == before
    message.scroll_into_view_if_needed()
    page.console_log.assert_clean()
