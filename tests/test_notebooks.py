"""Execute every notebook in ``notebooks/`` and ``app/`` headless (nbclient + ipykernel, kernel ``python3``).

New notebooks are picked up by the glob; every app explorer notebook must display a widget. Notebooks are committed without outputs; this
test also checks that, and never writes the executed notebook back.
"""

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "app").glob("*.ipynb"))


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds no .ipynb"


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebook_executes_headless(path):
    nb = nbformat.read(path, as_version=4)
    with_outputs = [i for i, c in enumerate(nb.cells)
                    if c.cell_type == "code" and (c.outputs or c.execution_count)]
    assert not with_outputs, f"{path.name}: clear the outputs of cells {with_outputs} before committing"
    # The kernel finds rometools even when the package is not pip-installed into the venv.
    pythonpath = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    client = NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute(env={**os.environ, "PYTHONPATH": pythonpath})
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.get("output_type") == "error"]
    assert not errors, errors
    if path.parent.name == "app" and path.name != "index.ipynb":
        widgets = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
                   if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
        assert widgets, f"{path.name} displays no widget"
