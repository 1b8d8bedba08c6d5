"""ruff is configured in pyproject.toml and the whole tree (code, tests, notebooks) is clean."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def test_every_test_module_has_a_name_of_its_own():
    """The test folders have no ``__init__.py``, so pytest imports each test file by its base name:
    two files of one name in different folders make one of them an "import file mismatch" error
    that only shows when both are collected together (tests/browser/test_counts_editor.py beside
    tests/widgets/test_counts_editor.py did, in a mid-session CI)."""
    names: dict[str, list[str]] = {}
    for folder in ("tests", "examples"):
        for path in (ROOT / folder).rglob("test_*.py"):
            if not (path.parent / "__init__.py").exists():
                names.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert {n: p for n, p in names.items() if len(p) > 1} == {}


#: Lines a source module may have: one read in one sitting (the project's bar for a file).
MAX_MODULE_LINES = 800


def test_every_source_module_is_at_most_800_lines():
    """A module of the package (or an example's) that outgrows the bar is split along a seam: the
    what-if studio into mixins (``widgets/what_if.py`` and its ``_what_if_*.py``), IMPERATOR's
    rules into ``rules.py`` and the compiled ``turn.py``, Caesar's Empire's kernel into
    ``_kernel.py`` and ``_route_after.py``, Augustus's ``turn.py`` (its config's facts built in
    ``_turn_facts.py``, its refusals and count reward in ``moves.py``) and ``_greedy.py`` (the rewards a
    card would bring in ``_weights.py``) (docs/architecture.md). Tests are not held to it."""
    long = {}
    for folder in ("rometools", "examples"):
        for path in (ROOT / folder).rglob("*.py"):
            if "tests" in path.relative_to(ROOT).parts or path.name.startswith("test_"):
                continue
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > MAX_MODULE_LINES:
                long[str(path.relative_to(ROOT))] = lines
    assert long == {}, f"split these along a seam: {long}"
