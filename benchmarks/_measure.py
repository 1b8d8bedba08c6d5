"""What the benchmark scripts share: an older commit's tree to measure against, and
instruction counts.

``extract_tree(commit)`` gives that commit's ``rometools/`` and ``data/`` (``git
archive`` into a temporary folder), which a fresh interpreter puts first on
``sys.path``. ``instructions(args)`` counts the machine instructions of a
command with ``valgrind --tool=callgrind``: the same count every run, whatever
else the machine is doing, so a ratio of two counts is free of the VM's noise.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def extract_tree(commit: str) -> Path | None:
    """``commit``'s ``rometools/`` and ``data/`` in a new temporary folder (the caller
    removes it), or ``None`` without git or the commit."""
    if shutil.which("git") is None:
        return None
    archive = subprocess.run(["git", "archive", commit, "rometools", "data"], cwd=ROOT, capture_output=True)
    if archive.returncode != 0:
        return None
    folder = Path(tempfile.mkdtemp(prefix=f"rometools-{commit}-"))
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def instructions(args: list[str], env: dict[str, str] | None = None) -> int | None:
    """Machine instructions that running ``args`` takes (callgrind), or ``None`` without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args],
                         capture_output=True, text=True, check=True, env=env)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))
