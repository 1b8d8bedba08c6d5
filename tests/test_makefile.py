"""The Makefile's virtual environment: a half-made .venv is repaired or explained, never a
"No module named pip" on every run (the UX report, finding 5).

`python3 -m venv` on Debian or Ubuntu without python3-venv stops before pip and leaves
``.venv/bin/python`` behind. Each test runs the Makefile's ``venv`` target (the check every
set-up runs first) in a folder of its own with a copy of the Makefile.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _make(folder: Path, *args: str) -> subprocess.CompletedProcess:
    shutil.copy(ROOT / "Makefile", folder / "Makefile")
    return subprocess.run(["make", "--no-print-directory", "venv", *args], cwd=folder, capture_output=True,
                          text=True, timeout=300)


def _fake_python(path: Path, stderr: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'#!/bin/sh\necho "{stderr}" >&2\nexit 1\n')
    path.chmod(0o755)


def test_a_venv_without_pip_gets_pip(tmp_path):
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / ".venv")], check=True)
    python = tmp_path / ".venv" / "bin" / "python"
    if subprocess.run([str(python), "-c", "import ensurepip"], capture_output=True).returncode:
        pytest.skip("this Python has no ensurepip")
    done = _make(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert ".venv has no pip (a virtual environment left half-made); adding pip to it with ensurepip." in done.stdout
    assert subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True).returncode == 0
    again = _make(tmp_path)
    assert again.returncode == 0 and again.stdout == ""   # a whole venv: nothing said, nothing done


def test_a_venv_without_pip_or_ensurepip_says_what_to_install(tmp_path):
    _fake_python(tmp_path / ".venv" / "bin" / "python", "No module named pip")
    done = _make(tmp_path)
    assert done.returncode != 0
    assert "Cannot add pip to .venv: this Python has no ensurepip module." in done.stdout
    assert "sudo apt-get install python3-venv python3-dev" in done.stdout and "make clean" in done.stdout
    assert "No module named pip" not in done.stdout + done.stderr


def test_a_venv_that_cannot_be_made_says_what_to_install(tmp_path):
    _fake_python(tmp_path / "python", "ensurepip is not available")
    done = _make(tmp_path, f"PYTHON={tmp_path / 'python'}")
    assert done.returncode != 0
    assert "Could not create .venv with" in done.stdout and "python3-venv" in done.stdout


def test_every_set_up_checks_the_venv_before_pip():
    text = (ROOT / "Makefile").read_text()
    recipe = text[text.index("$(PIP_STAMP):"):text.index("$(STAMP): $(PIP_STAMP)")]
    assert recipe.index("$(CHECK_VENV)") < recipe.index("-m pip install")


def _fake_pytest(folder: Path, unit_exit: int, browser_exit: int) -> None:
    """A .venv whose python logs each pytest run's arguments and exits as told (by the run: browser or not)."""
    python = folder / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\necho "pytest $*" >> "{folder}/runs.log"\n'
                      f'case "$*" in *"-m browser"*) exit {browser_exit};; *) exit {unit_exit};; esac\n')
    python.chmod(0o755)


@pytest.mark.parametrize(("unit_exit", "browser_exit", "opts", "ok"), [
    (0, 0, "", True), (1, 0, "", False), (0, 1, "", False), (1, 1, "", False),
    (0, 5, "", False),               # the browser stage collected nothing: a broken run, not a pass
    (0, 5, "-k odds", True),         # PYTEST_OPTS chose no browser test: nothing to run there
])
def test_make_test_runs_both_parts_and_fails_if_either_fails(tmp_path, unit_exit, browser_exit, opts, ok):
    """`make test`: the tests needing no browser on every core, then the browser stage alone with the
    stress test last; the second always runs, adds to the first's durations, and either failing fails."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    for name in ("pyproject.toml", "hatch_build.py", "rometools/core/_cython.py"):   # set up already:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).touch()
    _fake_pytest(tmp_path, unit_exit, browser_exit)
    for stamp in (".pip-stamp", ".installed-stamp"):   # newer than what they are made from
        (tmp_path / ".venv" / stamp).touch()
        os.utime(tmp_path / ".venv" / stamp, (time.time() + 60, time.time() + 60))
    done = subprocess.run(["make", "--no-print-directory", "test", f"PYTEST_OPTS={opts}", "CHROMIUM=/bin/sh"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert (done.returncode == 0) == ok, done.stdout + done.stderr
    unit, browser = (tmp_path / "runs.log").read_text().splitlines()
    assert unit.startswith("pytest -m pytest -n logical --dist loadfile -m not browser ")
    assert browser.startswith("pytest -m pytest -m browser tests/browser ") and "--add-to-durations" in browser


def test_make_lab_puts_the_venvs_bin_first_on_the_path_its_terminals_inherit():
    """Trial 58 (MEDIUM): JupyterLab's own terminal, started by ``make lab``, answered "rometools:
    command not found". The recipe starts JupyterLab with ``.venv/bin`` first on PATH (a dry run)."""
    done = subprocess.run(["make", "--no-print-directory", "-n", "-o", ".venv/.installed-stamp", "lab"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    line = [x for x in done.stdout.splitlines() if "jupyter lab" in x][0]
    assert line.startswith(f'PATH="{ROOT / ".venv" / "bin"}:$PATH" .venv/bin/jupyter lab --notebook-dir=notebooks')
