"""Execute every notebook headless (nbclient + ipykernel, kernel ``python3``): ``notebooks/``, the
notebooks each registered game declares (``GameSpec(notebooks=...)``), and the designer app's
pages, written from the registry (``rometools.widgets.app``: one per declared explorer, and the
index).

New notebooks are picked up by the glob and the registry; every app explorer page must display a
widget, and every output must read well (``tests/readability_checks.notebook_problems``).
Notebooks are *committed* without outputs: that is checked on the version in git's HEAD,
so the outputs JupyterLab autosaves into a designer's working copy never fail
``make test``. The working copy is executed with its outputs cleared in memory and is
never written back.
"""

import functools
import os
import subprocess
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from readability_checks import notebook_problems

import rometools
from rometools.core.game import game_spec
from rometools.widgets.app import INDEX, app_pages

ROOT = Path(__file__).resolve().parents[1]


def _declared_notebooks() -> list[Path]:
    """The notebooks registered games declare, beside their package (``GameSpec(notebooks=...)``)."""
    import importlib

    out = []
    for gid in rometools.games():
        spec = game_spec(gid)
        folder = Path(importlib.import_module(spec.rules.module.__name__.rsplit(".", 1)[0]).__file__).parent
        out += [folder / name for name in spec.notebooks]
    return out


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + _declared_notebooks()
APP_PAGES = app_pages()


def _committed(path: Path):
    """The notebook as committed in HEAD, or the file itself outside a git checkout."""
    try:
        rel = path.relative_to(ROOT).as_posix()
        text = subprocess.run(["git", "show", f"HEAD:{rel}"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return nbformat.read(path, as_version=4)
    return nbformat.reads(text, as_version=4)


def _cells_with_outputs(nb) -> list[int]:
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.outputs or c.execution_count)]


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds no .ipynb"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebook_is_committed_without_outputs(path):
    dirty = _cells_with_outputs(_committed(path))
    assert not dirty, (f"{path.name} is committed with outputs in cells {dirty}; clear them: "
                       f".venv/bin/jupyter nbconvert --clear-output --inplace {path.relative_to(ROOT)}")


def _committed_notebooks() -> list[Path]:
    """Every notebook in git (``notebooks/``, the browser tests' pages), else those of ``notebooks/``."""
    try:
        names = subprocess.run(["git", "ls-files", "*.ipynb"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        names = []
    return [ROOT / n for n in names] or sorted((ROOT / "notebooks").glob("*.ipynb"))


COMMITTED = _committed_notebooks()


@functools.cache
def lab_metadata() -> dict:
    """The notebook metadata JupyterLab 4 writes for the project's kernel (``python3``, the venv's
    ipykernel) as soon as it opens a notebook: the kernel spec's display name and the kernel's
    ``language_info`` (its ``kernel_info`` reply). A notebook committed with anything else is
    marked changed on opening and autosaved, and ``git status`` lists notebooks the designer never
    edited (trial F2: "Python 3" became "Python 3 (ipykernel)" and ``language_info`` was added).
    Checked in a real JupyterLab: each committed notebook opened and saved unchanged is unchanged."""
    import json
    import sys

    from jupyter_client.kernelspec import get_kernel_spec

    spec = get_kernel_spec("python3")
    # Read in a child process: importing ipykernel.ipkernel here would replace ``comm.create_comm``
    # for the rest of this test process, and every widget made after it (a later test on the same
    # worker) would get a comm with no kernel and send nothing (tests/widgets/test_base.py failed so).
    info = json.loads(subprocess.run(
        [sys.executable, "-c", "import json; from ipykernel.ipkernel import IPythonKernel; "
                               "print(json.dumps(dict(IPythonKernel.language_info)))"],
        capture_output=True, text=True, check=True, timeout=300).stdout)
    return {"kernelspec": {"display_name": spec.display_name, "language": spec.language, "name": "python3"},
            "language_info": info}


def test_reading_the_lab_metadata_leaves_this_process_widgets_sending():
    """``lab_metadata`` asks ipykernel in a child process: imported here, ipykernel would replace
    ``comm.create_comm``, and widgets made afterwards in this process would send nothing."""
    import comm

    before = comm.create_comm
    lab_metadata.cache_clear()
    assert lab_metadata()["language_info"]["name"] == "python"
    assert comm.create_comm is before


def test_every_committed_notebook_is_found():
    assert {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} <= {p.name for p in COMMITTED}


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebook_is_committed_as_jupyterlab_saves_it(path):
    """Opening a committed notebook in JupyterLab (``make lab``) and saving it unchanged leaves it
    unchanged: its metadata is what JupyterLab writes for the project's kernel (:func:`lab_metadata`),
    and its text is what Jupyter's server writes for it (``nbformat.write``: one-space indent, sorted
    keys, sources as lists of lines, a final newline). ``language_info.version`` is the Python of the
    kernel that wrote it: the same in every notebook, the reference machine's (JupyterLab on another
    Python writes its own there)."""
    import io
    import re

    text = subprocess.run(["git", "show", f"HEAD:{path.relative_to(ROOT).as_posix()}"], cwd=ROOT,
                          capture_output=True, text=True).stdout or path.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    expected = lab_metadata()
    version = nb.metadata.get("language_info", {}).get("version", "")
    expected["language_info"]["version"] = version
    fix = ("open and save it in JupyterLab (make lab), or set its metadata to tests/test_notebooks.py's "
           "lab_metadata() and write it with nbformat.write")
    assert re.fullmatch(r"3\.\d+\.\d+", version), f"{path.name}: language_info.version {version!r}; {fix}"
    versions = {_committed(p).metadata.get("language_info", {}).get("version") for p in COMMITTED}
    assert versions == {version}, f"the notebooks were saved by different Pythons: {sorted(map(str, versions))}"
    assert dict(nb.metadata) == expected, f"{path.name}: metadata {dict(nb.metadata)}, JupyterLab writes {expected}"
    saved = io.StringIO()
    nbformat.write(nb, saved, version=nbformat.NO_CONVERT)
    assert text == saved.getvalue(), f"{path.name} is not as Jupyter's server writes it; {fix}"


def _execute(nb, folder: Path, name: str) -> None:
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    # The kernel finds rometools even when the package is not pip-installed into the venv.
    pythonpath = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    client = NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}})
    client.execute(env={**os.environ, "PYTHONPATH": pythonpath})
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.get("output_type") == "error"]
    assert not errors, errors
    # what a designer reads (issue 10): no id, printed dict or tuple, scientific notation,
    # nested brackets; every chart titled, with titled axes and a legend or caption
    problems = notebook_problems(nb, name)
    assert not problems, "\n".join(problems)


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebook_executes_headless(path):
    _execute(nbformat.read(path, as_version=4), path.parent, f"{path.parent.name}/{path.name}")


@pytest.mark.notebook
@pytest.mark.parametrize("name", sorted(APP_PAGES))
def test_app_page_executes_headless_and_displays_its_explorer(name, tmp_path):
    nb = nbformat.from_dict(APP_PAGES[name])
    _execute(nb, tmp_path, f"app/{name}")
    if name != INDEX:
        widgets = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
                   if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
        assert widgets, f"{name} displays no widget"


@pytest.mark.parametrize("name", sorted(APP_PAGES))
def test_app_page_is_a_valid_notebook_without_outputs_linked_from_the_index(name):
    nb = nbformat.from_dict(APP_PAGES[name])
    nbformat.validate(nb)
    assert not _cells_with_outputs(nb)
    index = "\n".join(c.source for c in nbformat.from_dict(APP_PAGES[INDEX]).cells)
    assert name == INDEX or f"({name})" in index


def test_what_if_notebook_names_the_tuning_loss_for_what_it_is():
    """what_if.ipynb called ``Tuning.curve()``'s ``loss`` "farthest off (pp)", but a candidate's loss is
    its largest ``|response|`` (``Candidate.loss``), not the farthest its interval reaches
    (``Candidate.far``)."""
    import re

    from rometools.core.tune import Candidate

    assert "The largest ``|response|``" in Candidate.__doc__
    nb = nbformat.read(ROOT / "notebooks" / "what_if.ipynb", as_version=4)
    names = re.findall(r'"loss": "([^"]*)"', "\n".join(c.source for c in nb.cells if c.cell_type == "code"))
    assert names == ["distance from the target (pp, either side)"], names
