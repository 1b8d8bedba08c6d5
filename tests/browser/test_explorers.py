"""The app's index lists every explorer.

Each explorer's page is opened, checked to read well and its charts to follow every kind
of control by ``test_stress.py``, on a busy machine.
"""

from __future__ import annotations

import harness
from explorers import EXPLORERS


def test_app_index_lists_every_explorer(voila, page):
    page.goto(voila.url("/voila/render/app/index.ipynb"))
    page.wait_for_selector("text=Caesar's Empire", timeout=harness.RENDER_S * 1000)
    hrefs = page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.getAttribute('href'))")
    for case in EXPLORERS:
        if case.notebook.startswith("app/"):
            assert case.notebook.removeprefix("app/") in hrefs, (case.notebook, hrefs)
    page.console_log.assert_clean()
