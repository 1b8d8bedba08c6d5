"""JupyterLab 4 itself: the ipywidgets front end and the explorers' charts load and react.

Lab runs with throwaway settings (autosave off, no news, no windowing), workspaces
and checkpoints, so the repository notebook never gets outputs written into it;
the test checks its bytes afterwards.
"""

from __future__ import annotations

import hashlib

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
