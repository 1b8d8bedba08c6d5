"""JupyterLab 4 itself: the ipywidgets front end and the explorers' charts load and react.

Lab runs with throwaway settings (autosave off, no news, no windowing), workspaces
and checkpoints, so the repository notebook never gets outputs written into it;
the test checks its bytes afterwards.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import harness
import pytest
from explorers import EXPLORERS

CASE = next(c for c in EXPLORERS if c.id == "caesars_empire_collections")
NOTEBOOK = harness.REPO / CASE.notebook


@pytest.fixture
def lab(chromium, tmp_path):
    server = harness.start_lab(tmp_path)
    with harness.running(server):
        yield server


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_jupyterlab_runs_explorer_notebook(lab, page):
    before_bytes = _digest(NOTEBOOK)
    checkpoints = NOTEBOOK.parent / ".ipynb_checkpoints"
    had_checkpoints = checkpoints.exists()
    page.goto(lab.url(f"/lab/tree/{CASE.notebook}"))
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.sessionContext",
        timeout=60_000,
    )
    harness.lab_wait_kernel_idle(page)
    harness.lab_run_all(page)
    harness.wait_rendered(page, plots=CASE.plots)
    before = harness.plot_data(page, CASE.chart)
    assert before, "the explorer's chart holds no traces in JupyterLab"

    CASE.change(page, 0)

    after = harness.wait_plot_change(page, CASE.chart, before)
    assert after != before
    page.console_log.assert_clean()
    assert _digest(NOTEBOOK) == before_bytes, f"JupyterLab wrote into {NOTEBOOK}"
    assert had_checkpoints or not checkpoints.exists(), f"JupyterLab left {checkpoints}"


DOWNLOAD_NOTEBOOK = "tests/browser/download_in_lab.ipynb"


def test_a_download_typed_then_clicked_holds_the_value_in_jupyterlab(lab, page):
    """The app's download button (the file built in the kernel at the click) in JupyterLab: a count typed
    without Enter or Tab and the button clicked at once, the file saved holds the count typed."""
    from rometools.augustus.components import load_components
    from rometools.core.data import load_text

    page.goto(lab.url(f"/lab/tree/{DOWNLOAD_NOTEBOOK}"))
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.sessionContext",
        timeout=60_000,
    )
    harness.lab_wait_kernel_idle(page)
    harness.lab_run_all(page)
    harness.wait_rendered(page, plots=1)
    box = page.locator(".rt-count-joker input").first
    box.fill("5")
    with page.expect_download(timeout=int(harness.CHANGE_S * 1000)) as download:
        page.locator(".rt-counts-download button.rt-download-button").first.click()
    assert download.value.suggested_filename == "my_bag.toml"
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert load_text(load_components, text, "d.toml").bag["joker"] == 5
    page.console_log.assert_clean()
