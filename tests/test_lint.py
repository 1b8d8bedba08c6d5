"""ruff is configured in pyproject.toml and the whole tree (code, tests, notebooks) is clean."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
