"""Broken data files of every registered game: a clear DataFileError, in bounded time and memory.

Written once over the registry (``GameSpec.data_files``): every bundled data
file of every game is broken in each class of the hostile-input issue, and
loaded in a subprocess with a memory cap and a time limit. The only outcomes
allowed are a ``DataFileError`` that names the file (and, for a bad value,
the entry) or, when the change happens to leave a valid file, a clean load.
Anything else (another exception, a hang, a memory blow-up) fails.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import rometools
from rometools.core.data import MAX_FILE_BYTES, data_dir
from rometools.core.game import game_spec

FILES = [(gid, name) for gid in rometools.games() for name in game_spec(gid).data_files]
MEMORY_CAP = 1_500_000_000  # bytes of address space for the loading process
TIME_LIMIT = 120  # seconds for all variants of one file

WORKER = textwrap.dedent("""
    import json, resource, sys, time
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
    from rometools.core.game import game_spec
    from rometools.core.errors import DataFileError
    load = game_spec(sys.argv[1]).data_files[sys.argv[2]]
    out = []
    for path in json.loads(sys.stdin.read()):
        t = time.perf_counter()
        try:
            load(path)
            out.append(["ok", "", time.perf_counter() - t])
        except DataFileError as err:
            out.append(["DataFileError", str(err), time.perf_counter() - t])
        except BaseException as err:  # noqa: BLE001 - the test reports any other outcome
            out.append([type(err).__name__, str(err)[:300], time.perf_counter() - t])
    print(json.dumps(out))
""").format(cap=MEMORY_CAP)


def variants(text: str, suffix: str, rng: random.Random) -> list[tuple[str, bytes, bool]]:
    """``(class, content, must_fail)`` for each class of breakage."""
    lines = text.splitlines(keepends=True)
    raw = text.encode()
    out: list[tuple[str, bytes, bool]] = [
        ("non-UTF-8 byte", raw[:200] + b"\xff\xfe" + raw[200:], True),
        ("byte-order mark", b"\xef\xbb\xbf" + raw, False),
        ("deep arrays", raw + b"\ndeep = " + b"[" * 500 + b"]" * 500 + b"\n", True),
        ("3,000 dotted keys", raw + b"\n" + b".".join(b"k%d" % i for i in range(3000)) + b" = 1\n", True),
        ("too large", raw + b"\n# " + b"x" * (MAX_FILE_BYTES + 10) + b"\n", True),
        ("empty", b"", True),
        ("not a table", b"= 3\n", True),
    ]
    for cut in sorted(rng.sample(range(1, len(raw)), 6)):
        out.append((f"truncated at {cut}", raw[:cut], False))
    ints = [i for i, line in enumerate(lines) if re.match(r"\s*\w+\s*=\s*-?\d+\s*$", line)]
    for i in rng.sample(ints, min(25, len(ints))):
        key = lines[i].split("=")[0]
        for junk, must_fail in (("true", True), ('"3"', True), ("2.0", True), ("-1", False),
                                ("1000000000000", True), (str(2 ** 63), True)):
            changed = [*lines[:i], f"{key}= {junk}\n", *lines[i + 1:]]
            out.append((f"line {i + 1}: {key.strip()} = {junk}", "".join(changed).encode(), must_fail))
    for i in rng.sample(range(len(lines)), min(40, len(lines))):
        out.append((f"line {i + 1} deleted", "".join(lines[:i] + lines[i + 1:]).encode(), False))
        out.append((f"line {i + 1} twice", "".join(lines[:i + 1] + lines[i:]).encode(), False))
    out.append(("junk appended", raw + b"\n[[city]]\nid = 3\n", True))
    return out


@pytest.mark.parametrize("game_id,name", FILES, ids=[f"{g}-{n}" for g, n in FILES])
def test_every_broken_variant_is_a_clear_error(tmp_path, game_id, name):
    source = data_dir() / game_id / name
    text = source.read_text(encoding="utf-8")
    cases = variants(text, source.suffix, random.Random(f"{game_id}/{name}"))
    paths = []
    for k, (_, content, _) in enumerate(cases):
        p = tmp_path / f"v{k:04d}{source.suffix}"
        p.write_bytes(content)
        paths.append(str(p))
    env = {**os.environ, "PYTHONPATH": str(Path(rometools.__file__).parents[1])}
    proc = subprocess.run([sys.executable, "-c", WORKER, game_id, name], input=json.dumps(paths),
                          capture_output=True, text=True, timeout=TIME_LIMIT, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = json.loads(proc.stdout)
    bad = []
    for (what, _, must_fail), path, (outcome, message, seconds) in zip(cases, paths, results, strict=True):
        if outcome == "DataFileError":
            if not message.startswith(path):
                bad.append(f"{what}: message does not start with the file name: {message}")
        elif outcome != "ok" or must_fail:
            bad.append(f"{what}: {outcome}: {message}")
        if seconds > 5:
            bad.append(f"{what}: took {seconds:.1f} s")
    assert not bad, "\n".join(bad[:20])


def test_value_errors_name_the_entry(tmp_path):
    """A wrong value is reported at its own entry, not at a neighbour's."""
    for game_id, name in FILES:
        source = data_dir() / game_id / name
        lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
        i = next(i for i, line in enumerate(lines) if re.match(r"\s*(value|count|points|roads)\s*=\s*\d+\s*$", line))
        key = lines[i].split("=")[0].strip()
        p = tmp_path / f"{game_id}-{name}"
        p.write_text("".join([*lines[:i], f"{key} = true\n", *lines[i + 1:]]))
        with pytest.raises(rometools.core.errors.DataFileError) as info:
            game_spec(game_id).data_files[name](p)
        assert info.value.entry.endswith(key), (name, info.value.entry)


def test_special_files_are_refused_without_reading(tmp_path):
    from rometools.core.errors import DataFileError

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for game_id, name in FILES:
        load = game_spec(game_id).data_files[name]
        for path, message in (("/dev/zero", "is not a regular file"), (str(fifo), "is not a regular file"),
                              (str(tmp_path), "is not a regular file"),
                              (str(tmp_path / "missing.toml"), "cannot be read")):
            with pytest.raises(DataFileError, match=message):
                load(path)


def test_yaml_aliases_are_refused_quickly(tmp_path):
    from rometools.core.data import load_data_file
    from rometools.core.errors import DataFileError

    bomb = "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(9))
    p = tmp_path / "bomb.yaml"
    p.write_text("provenance: illustrative\n" + bomb)
    with pytest.raises(DataFileError, match=r"uses the YAML alias \*a \(line 3\); aliases are refused"):
        load_data_file(p)


def test_data_dir_variable_must_name_a_folder(monkeypatch, tmp_path):
    from rometools.core.errors import DataFileError

    monkeypatch.setenv("ROMETOOLS_DATA_DIR", str(tmp_path / "nowhere"))
    with pytest.raises(DataFileError, match="ROMETOOLS_DATA_DIR points at .*nowhere.*, which is not a folder"):
        data_dir()
