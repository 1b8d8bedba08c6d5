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
