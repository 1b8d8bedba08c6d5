"""Results kept on disk between processes, keyed by the data they were computed from.

Some exact answers cost milliseconds each and are asked for again by every new
process: an Augustus completion law for one open-slot multiset, say. A process
pool's workers, a notebook kernel, each MCTS search's first playouts would all
compute the same laws again. :class:`DiskMemo` keeps them in one file per kind
and version under the user's cache folder, so each is computed once per
machine.

* The **key** is a string the caller builds from every value the answer depends
  on (the bag, the slots, the horizon...); the **version** names the code that
  computes it (the computing module's SHA-256, :func:`source_version`), so a
  changed algorithm starts a new file and never reads an old answer.
* The file is a JSON-lines log: each new answer is one line appended with a
  single write, so several processes may add to it at once. A line that cannot
  be read (cut short, edited by hand) is skipped; a value of the wrong shape is
  the caller's to refuse (:meth:`DiskMemo.get` takes a check). Nothing is ever
  executed from the file.
* The folder is ``$ROMETOOLS_CACHE_DIR``, else ``$XDG_CACHE_HOME/rometools``,
  else ``~/.cache/rometools``. ``ROMETOOLS_CACHE_DIR=""`` (set and empty) keeps
  answers in memory only, as does a folder that cannot be written.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["CACHE_ENV", "DiskMemo", "cache_folder", "source_version"]

#: The folder of the files (set and empty: memory only).
CACHE_ENV = "ROMETOOLS_CACHE_DIR"


def cache_folder() -> Path | None:
    """Where :class:`DiskMemo` keeps its files, or ``None`` when ``ROMETOOLS_CACHE_DIR`` is set and empty.

    >>> import os
    >>> os.environ.get(CACHE_ENV) is not None or cache_folder().name == "rometools"
    True
    """
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rometools"


def source_version(module_file: str) -> str:
    """The first 16 hex digits of the SHA-256 of a module's source: a :class:`DiskMemo` version that
    changes whenever the code computing the answers does.

    >>> len(source_version(__file__))
    16
    """
    return hashlib.sha256(Path(module_file).read_bytes()).hexdigest()[:16]


class DiskMemo:
    """Answers by key, read from and appended to ``<cache folder>/<name>-<version>.jsonl``.

    Parameters
    ----------
    name : str
        The kind of answer (letters, digits, ``-`` and ``_``): ``"augustus-odds"``.
    version : str
        The code's version (:func:`source_version`).

    Examples
    --------
    >>> import os, tempfile
    >>> before = os.environ.get(CACHE_ENV)
    >>> os.environ[CACHE_ENV] = tempfile.mkdtemp()
    >>> memo = DiskMemo("example", "v1")
    >>> memo.get("odds of 1") is None
    True
    >>> memo.put("odds of 1", [3, 23])
    >>> DiskMemo("example", "v1").get("odds of 1")      # another process reads it back
    [3, 23]
    >>> DiskMemo("example", "v2").get("odds of 1") is None   # another version: nothing
    True
    >>> if before is None: del os.environ[CACHE_ENV]
    ... else: os.environ[CACHE_ENV] = before
    """

    def __init__(self, name: str, version: str):
        if not name or not all(c.isalnum() or c in "-_" for c in name + version):
            raise ValueError(f"a memo's name and version are letters, digits, - and _; got {name!r}, {version!r}")
        folder = cache_folder()
        self.path = None if folder is None else folder / f"{name}-{version}.jsonl"
        self._values: dict[str, Any] | None = None
        self._lock = threading.Lock()

    def _load(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        if self.path is not None:
            try:
                with open(self.path, encoding="utf-8") as f:
                    for line in f:
                        try:
                            entry = json.loads(line)
                        except ValueError:   # a line cut short by a process that stopped mid-write
                            continue
                        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str):
                            values[entry[0]] = entry[1]
            except OSError:   # no file yet, or one that cannot be read: start empty
                pass
        return values

    def get(self, key: str, check: Callable[[Any], bool] | None = None) -> Any:
        """The answer kept for ``key``, or ``None`` (also when ``check(value)`` is false: a value of the
        wrong shape is never returned)."""
        values = self._values
        if values is None:
            with self._lock:
                if self._values is None:
                    self._values = self._load()
                values = self._values
        value = values.get(key)
        if value is None or (check is not None and not check(value)):
            return None
        return value

    def put(self, key: str, value: Any) -> None:
        """Keep ``value`` (JSON: numbers, strings, lists) for ``key``: in memory, and one line appended
        to the file when it can be written."""
        if self._values is None:
            self.get(key)
        self._values[key] = value
        if self.path is None:
            return
        line = json.dumps([key, value], separators=(",", ":")) + "\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line.encode())   # one write: lines of several processes never interleave
            finally:
                os.close(fd)
        except OSError:   # a read-only or full disk: the answer stays in memory
            self.path = None
