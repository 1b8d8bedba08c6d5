"""Hostile data files: every bundled data file of a game, broken every way, is refused in words.

:func:`check_data_file` is the ``data_files`` check of :func:`~rometools.testing.check_game`
for one file: a broken file must give a :class:`~rometools.core.errors.DataFileError` naming
the file (and the entry, for a wrong value), or load cleanly when the change leaves a valid
file; never another exception, a hang or a memory blow-up.
"""

from __future__ import annotations

import base64
import json
import os
import pickle
import random
import re
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from rometools.core.registry import game_spec
from rometools.testing._common import _require

__all__ = ["FILE_TIME_LIMIT", "MEMORY_CAP", "SPECIAL_FILES", "VARIANT_TIME_LIMIT", "check_data_file", "check_planted_values",
           "check_special_files"]

#: Bytes of address space for the process that loads broken data files.
MEMORY_CAP = 1_500_000_000
#: Seconds for loading every broken variant of one data file (wall clock: the guard against a read
#: that blocks, which takes no CPU), and CPU seconds for one variant (the work a file costs, whatever
#: else the machine is doing: a busy laptop or CI runner gives the same verdict as a quiet one).
FILE_TIME_LIMIT, VARIANT_TIME_LIMIT = 120, 5


def _number_lines(lines: list[str], suffix: str) -> list[tuple[int, str]]:
    """``(line index, key)`` of every line setting a key to a whole number, whatever the key."""
    pattern = r"\s*([\w-]+)\s*:\s*-?\d+\s*$" if suffix in (".yaml", ".yml") else r"\s*([\w-]+)\s*=\s*-?\d+\s*$"
    return [(i, m.group(1)) for i, line in enumerate(lines) if (m := re.match(pattern, line))]


def _broken_variants(text: str, suffix: str, rng: random.Random) -> list[tuple[str, bytes, bool, str | None]]:
    """``(what, content, must_fail, key)``: the file broken in each class of hostile input; ``key``
    is the key given a wrong value, which the error's entry must end with."""
    lines = text.splitlines(keepends=True)
    raw = text.encode()
    yaml = suffix in (".yaml", ".yml")
    sep = ": " if yaml else " = "
    out: list[tuple[str, bytes, bool, str | None]] = [
        ("non-UTF-8 byte", raw[:200] + b"\xff\xfe" + raw[200:], True, None),
        ("byte-order mark", b"\xef\xbb\xbf" + raw, False, None),
        ("deep arrays", raw + b"\ndeep" + sep.encode() + b"[" * 500 + b"]" * 500 + b"\n", True, None),
        ("3,000 dotted keys", raw + b"\n" + b".".join(b"k%d" % i for i in range(3000)) + b" = 1\n", True, None),
        ("too large", raw + b"\n# " + b"x" * (_max_file_bytes() + 10) + b"\n", True, None),
        ("empty", b"", True, None),
        ("not a table", b"= 3\n", True, None),
    ]
    for cut in sorted(rng.sample(range(1, len(raw)), min(6, len(raw) - 1))):
        out.append((f"truncated at {cut}", raw[:cut], False, None))
    numbers = _number_lines(lines, suffix)
    for i, key in rng.sample(numbers, min(25, len(numbers))):
        indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
        for junk, must_fail in (("true", True), ('"3"', True), ("2.0", True), ("-1", False),
                                ("1000000000000", True), (str(2 ** 63), True)):
            changed = [*lines[:i], f"{indent}{key}{sep}{junk}\n", *lines[i + 1:]]
            out.append((f"line {i + 1}: {key} = {junk}", "".join(changed).encode(), must_fail,
                        key if junk == "true" else None))
    for i in rng.sample(range(len(lines)), min(40, len(lines))):
        out.append((f"line {i + 1} deleted", "".join(lines[:i] + lines[i + 1:]).encode(), False, None))
        out.append((f"line {i + 1} twice", "".join(lines[:i + 1] + lines[i:]).encode(), False, None))
    if not yaml:  # an entry no schema has, in the file's own array of tables if it has one
        table = next((m.group(1) for line in lines if (m := re.match(r"\s*\[\[([\w.-]+)\]\]", line))), "junk")
        out.append(("junk entry appended", raw + f"\n[[{table}]]\nnot_a_field_of_any_entry = 3\n".encode(),
                    True, None))
    return out


def _max_file_bytes() -> int:
    from rometools.core.data import MAX_FILE_BYTES

    return MAX_FILE_BYTES


#: Seconds in a row a load may wait without computing (a read that blocks) before it is stopped: a
#: load that computes, however slowly a busy machine runs it, gets CPU every second.
IDLE_LIMIT = 5
#: The loading subprocess's code, with ``{cap}`` (bytes), ``{stop_after}`` (CPU seconds) and
#: ``{idle_after}`` (seconds without CPU) to fill in.
_WORKER_SOURCE = textwrap.dedent("""
    import base64, json, pickle, resource, signal, sys, time
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
    from rometools.core.errors import DataFileError

    class Stopped(BaseException):
        pass

    def stop(signum, frame):
        raise Stopped(f"still loading after {stop_after} s of CPU: stopped")

    idle = [0.0, 0]   # CPU seconds at the last second's tick; seconds in a row without computing

    def tick(signum, frame):
        now = time.process_time()
        idle[1] = idle[1] + 1 if now - idle[0] < 0.002 else 0
        idle[0] = now
        if idle[1] >= {idle_after}:
            raise Stopped(f"waiting without computing for {idle_after} s (a read that blocks?): stopped")

    signal.signal(signal.SIGPROF, stop)
    signal.signal(signal.SIGALRM, tick)
    job = json.loads(sys.stdin.read())
    try:
        load = pickle.loads(base64.b64decode(job["loader"]))
    except Exception:  # not picklable: the registry of this process has the game (an entry point)
        from rometools.core.registry import game_spec
        load = game_spec(job["game"]).data_files[job["name"]]
    for path in job["paths"]:
        t = time.process_time()
        idle[:] = [t, 0]
        try:
            signal.setitimer(signal.ITIMER_PROF, {stop_after})
            signal.setitimer(signal.ITIMER_REAL, 1, 1)
            try:
                load(path)
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
                signal.setitimer(signal.ITIMER_REAL, 0)
            row = ["ok", "", ""]
        except DataFileError as err:
            row = ["DataFileError", str(err), err.entry]
        except BaseException as err:  # reported: only DataFileError is allowed
            row = [type(err).__name__, str(err)[:300], ""]
        print(json.dumps(row + [time.process_time() - t]), flush=True)
""")
_WORKER = _WORKER_SOURCE.format(cap=MEMORY_CAP, stop_after=2 * VARIANT_TIME_LIMIT, idle_after=IDLE_LIMIT)


def check_data_file(game_id: str, name: str, *, seed: int = 0) -> None:
    """The ``data_files`` check of :func:`~rometools.testing.check_game` for one bundled data file.

    The file (``GameSpec.data_files[name]``, read from
    :func:`rometools.core.data.bundled_file`) is broken in every class of
    hostile input: a non-UTF-8 byte, a byte-order mark, arrays nested 500
    deep, 3,000 dotted keys, more than ``MAX_FILE_BYTES``, empty, not a table,
    truncated, lines deleted or doubled, whole numbers (of any key) made
    ``true``, ``"3"``, ``2.0``, ``-1``, too large, an entry no schema has; and
    its loader is given ``/dev/zero``, a FIFO, a folder and a missing file.
    Every variant is loaded by the game's loader in one subprocess whose
    address space is capped at :data:`MEMORY_CAP` bytes, within
    ``FILE_TIME_LIMIT`` seconds in all and ``VARIANT_TIME_LIMIT`` CPU seconds
    each (a load still running at twice that much CPU is stopped, and
    reported, as is one that waits :data:`IDLE_LIMIT` seconds in a row
    without computing: a read that blocks). CPU time, not the clock: a busy
    machine gives the same verdict.

    Parameters
    ----------
    game_id : str
        A registered game.
    name : str
        One of its ``data_files`` (``"components.toml"``).
    seed : int
        Chooses the cuts and lines broken; the same seed breaks the same ones.

    Raises
    ------
    AssertionError
        Listing (up to 20) variants whose load raised anything but a
        :class:`~rometools.core.errors.DataFileError` whose message starts
        with the file's path (and, for a wrong value, whose entry ends with
        its key), loaded though it must fail, or took too long; or naming the
        variant being loaded when the time ran out or the process died.
    ArgumentError
        For an unknown game; ``KeyError`` for a name not in its ``data_files``.

    See Also
    --------
    rometools.testing.check_game : every check, this one for each of the game's files.
    rometools.core.data.load_data_file : what refuses most of these.

    Notes
    -----
    The loader reaches the subprocess pickled (a module's function or a
    class's method pickles by name), else through the registry of the
    subprocess (a game of an entry point); the subprocess sees this
    process's ``sys.path``.

    Examples
    --------
    >>> check_data_file("caesars_empire", "components.toml")
    """
    from rometools.core.data import bundled_file

    spec = game_spec(game_id)
    load = spec.data_files[name]
    source = bundled_file(spec.id, name)
    cases = _broken_variants(source.read_text(encoding="utf-8"), source.suffix,
                             random.Random(f"{spec.id}/{name}/{seed}"))
    try:
        loader = base64.b64encode(pickle.dumps(load)).decode()
    except Exception:  # noqa: BLE001 - the subprocess finds it in its registry instead
        loader = None
    with tempfile.TemporaryDirectory(prefix="rometools-broken-") as tmp:
        paths = []
        for k, (_, content, _, _) in enumerate(cases):
            p = Path(tmp) / f"v{k:04d}{source.suffix}"
            p.write_bytes(content)
            paths.append(str(p))
        special = [("a folder", tmp), ("a missing file", str(Path(tmp) / f"missing{source.suffix}"))]
        if Path("/dev/zero").exists():
            special.append(("/dev/zero", "/dev/zero"))
        if hasattr(os, "mkfifo"):
            fifo = Path(tmp) / f"pipe{source.suffix}"
            os.mkfifo(fifo)
            special.append(("a FIFO", str(fifo)))
        cases += [(what, b"", True, None) for what, _ in special]
        paths += [path for _, path in special]
        path_entries = [p for p in sys.path if p]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(path_entries)}
        job = json.dumps({"game": spec.id, "name": name, "loader": loader, "paths": paths})
        try:
            proc = subprocess.run([sys.executable, "-c", _WORKER], input=job, capture_output=True, text=True,
                                  timeout=FILE_TIME_LIMIT, env=env)
            stdout, died = proc.stdout, proc.returncode != 0
        except subprocess.TimeoutExpired as err:
            done = (err.stdout.decode() if isinstance(err.stdout, bytes) else err.stdout or "").splitlines()
            raise AssertionError(f"{source.name}: loading its broken variants took over {FILE_TIME_LIMIT} s; "
                                 f"stuck on: {cases[len(done)][0]}") from None
        rows = [json.loads(line) for line in stdout.splitlines()]
        if died:
            where = cases[len(rows)][0] if len(rows) < len(cases) else "after the last variant"
            raise AssertionError(f"{source.name}: the loading process died (exit {proc.returncode}) on "
                                 f"{where}: {proc.stderr[-1500:]}")
        bad = []
        for (what, _, must_fail, key), path, (outcome, message, entry, seconds) in zip(cases, paths, rows,
                                                                                       strict=True):
            if outcome == "DataFileError":
                if not message.startswith(path):
                    bad.append(f"{what}: the message does not start with the file's path: {message}")
                elif key is not None and not entry.endswith(key):
                    bad.append(f"{what}: the error names the entry {entry!r}, not {key!r}")
            elif outcome != "ok" or must_fail:
                bad.append(f"{what}: {outcome}{': ' + message if message else ' (it must fail)'}")
            if seconds > VARIANT_TIME_LIMIT:
                bad.append(f"{what}: took {seconds:.1f} s of CPU")
    _require(not bad, f"{source.name}, {len(bad)} of {len(cases)} broken variants:\n  " + "\n  ".join(bad[:20]))


#: What each special file must be refused with, by its loader, without being read.
SPECIAL_FILES = {"/dev/zero": "is not a regular file", "a FIFO": "is not a regular file",
                 "a folder": "is not a regular file", "a missing file": "cannot be read"}


def check_special_files(game_id: str, name: str) -> None:
    """A bundled data file's loader refuses ``/dev/zero``, a FIFO, a folder and a missing file
    without reading them, each a ``DataFileError`` saying why (:data:`SPECIAL_FILES`).

    Raises
    ------
    AssertionError
        Naming the file given and what the loader did.

    Examples
    --------
    >>> check_special_files("caesars_empire", "components.toml")
    """
    from rometools.core.errors import DataFileError
    from rometools.testing._common import _raises

    load = game_spec(game_id).data_files[name]
    with tempfile.TemporaryDirectory(prefix="rometools-special-") as tmp:
        fifo = Path(tmp) / f"pipe{Path(name).suffix}"
        paths = {"a folder": tmp, "a missing file": str(Path(tmp) / f"missing{Path(name).suffix}")}
        if hasattr(os, "mkfifo"):
            os.mkfifo(fifo)
            paths["a FIFO"] = str(fifo)
        if Path("/dev/zero").exists():
            paths["/dev/zero"] = "/dev/zero"
        for what, path in paths.items():
            _raises(DataFileError, lambda path=path: load(path), f"{name} loader given {what}",
                    match=SPECIAL_FILES[what])


def check_planted_values(game_id: str, name: str) -> list[str]:
    """A whole number of 5,000 digits (Python's bare ``ValueError``) and an id holding HTML planted
    in a bundled data file are each a ``DataFileError`` naming the file, in a short message.

    The first ``key = N`` (or ``key = {value = N ...}``) line and the first ``id = "..."`` line
    are planted, whatever their keys.

    Returns
    -------
    list of str
        The plantings tried (``"huge"``, ``"html-id"``).

    Raises
    ------
    AssertionError
        If the file has neither (the check would check nothing), or a planting is not refused
        naming the file.

    Examples
    --------
    >>> check_planted_values("caesars_empire", "components.toml")
    ['huge', 'html-id']
    """
    from rometools.core.data import bundled_file
    from rometools.core.errors import DataFileError
    from rometools.testing._common import _raises

    source = bundled_file(game_id, name)
    text = source.read_text(encoding="utf-8")
    loader = game_spec(game_id).data_files[name]
    number = re.search(r"(?m)^\s*\w+\s*=\s*(\{\s*value\s*=\s*)?(\d+)\b", text)
    ident = re.search(r'(?m)^\s*id\s*=\s*"([^"]+)"', text)
    cases = []
    if number:
        cases.append(("huge", text[:number.start(2)] + "9" * 5000 + text[number.end(2):], "more than 4,300 digits"))
    if ident:
        cases.append(("html-id", text[:ident.start(1)] + "<b>x</b>" + text[ident.end(1):], "an id is 1 to 64"))
    _require(cases, f"{name}: no number and no id to plant (the check checks nothing)")
    with tempfile.TemporaryDirectory(prefix="rometools-planted-") as tmp:
        for label, planted, words in cases:
            path = Path(tmp) / f"{label}-{name}"
            path.write_text(planted, encoding="utf-8")
            err = _raises(DataFileError, lambda path=path: loader(path), f"{name} with {label}")
            _require(str(path) in str(err) and words in str(err), f"{label}: {err}")
            _require(len(str(err)) < 400, f"{label}: a message of {len(str(err))} characters")
    return [label for label, _, _ in cases]
