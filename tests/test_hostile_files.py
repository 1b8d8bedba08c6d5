"""Broken data files of every registered game: a clear DataFileError, in bounded time and memory.

Written once over the registry (``GameSpec.data_files``): every bundled data
file of every game is broken in each class of the hostile-input issue, and
loaded in a subprocess with a memory cap and a time limit. The only outcomes
allowed are a ``DataFileError`` that names the file (and, for a bad value,
the entry) or, when the change happens to leave a valid file, a clean load.
Anything else (another exception, a hang, a memory blow-up) fails.
"""

from __future__ import annotations

import os

import pytest

import rometools
from rometools.core.data import data_dir
from rometools.core.game import game_spec
from rometools.testing import (
    check_data_file,
    check_huge_numbers,
    check_planted_values,
    check_special_files,
)

FILES = [(gid, name) for gid in rometools.games() for name in game_spec(gid).data_files]


@pytest.mark.parametrize("game_id,name", FILES, ids=[f"{g}-{n}" for g, n in FILES])
def test_every_broken_variant_is_a_clear_error(game_id, name):
    """``check_game``'s ``data_files`` check, one file per test: every class of breakage a
    ``DataFileError`` naming the file (and, for a wrong value, ending with its key at its own
    entry), or a clean load; never another exception, a hang or a memory blow-up."""
    check_data_file(game_id, name)


@pytest.mark.parametrize("game_id,name", FILES, ids=[f"{g}-{n}" for g, n in FILES])
def test_special_files_are_refused_without_reading(game_id, name):
    """/dev/zero, a FIFO, a folder and a missing file: refused by every loader, saying why."""
    check_special_files(game_id, name)


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


@pytest.mark.parametrize("game_id,name", FILES, ids=[f"{g}-{n}" for g, n in FILES])
def test_a_huge_number_and_an_html_id_are_refused_naming_the_file(game_id, name):
    """Issue "Hostile input, second pass", classes 4 and 7, for every bundled file of every game:
    a whole number of 5,000 digits (Python's bare ValueError before) and an id holding HTML (loaded
    before) are each a DataFileError naming the file."""
    assert check_planted_values(game_id, name)


@pytest.mark.parametrize("game_id", rometools.games())
def test_a_saved_game_with_a_huge_number_is_refused_naming_the_field(game_id):
    check_huge_numbers(game_id)


# ---------------------------------------------------------------- variant files (docs/what-if.md)
_VARIANT_WORKER = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
from rometools.core.errors import DataFileError
from rometools.core.variants import load_variant
for path in json.loads(sys.stdin.read()):
    start = time.process_time()
    try:
        load_variant(path)
        row = ["ok", "", ""]
    except DataFileError as err:
        row = ["DataFileError", str(err), err.entry]
    except BaseException as err:  # noqa: BLE001 - reported, and the test fails on it
        row = [type(err).__name__, str(err)[:300], ""]
    print(json.dumps(row + [time.process_time() - start]), flush=True)
"""


def _hostile_variants(game_id: str) -> list[tuple[str, bytes, str]]:
    """``(what, file bytes, words the refusal holds)`` for one game: every class of hostile input."""
    from rometools import Variant

    spec = game_spec(game_id)
    head = f'[variant]\ngame = "{game_id}"\n'
    cases = [
        ("an unknown game", b'[variant]\ngame = "chess"\n', "unknown game 'chess'"),
        ("an unknown option", (head + "[options]\nno_such = 1\n").encode(), "has no option 'no_such'"),
        ("an unknown table", (head + "[option]\nplayers = 2\n").encode(), "is not a table of a variant file"),
        ("a handicap seat 0", (head + "[options]\nhandicap = {0 = 1}\n").encode(), "seats are numbered from 1"),
        ("a huge handicap", (head + "[options]\nhandicap = {1 = 99999999999}\n").encode(), "-1,000,000 to"),
        ("5,000 digits", (head + "[options]\nplayers = " + "9" * 5000 + "\n").encode(), "TOML"),
        ("a huge player count", (head + "[options]\nplayers = 1000000000000000\n").encode(), "players"),
        ("nesting 600 deep", (head + "[options]\nplayers = " + "[" * 600 + "]" * 600 + "\n").encode(),
         "nested too deeply"),
        ("a 1 MB name", (head.replace("\n", "\nname = '" + "x" * 1_000_100 + "'\n", 1)).encode(),
         "1,000,000 bytes"),
        ("a 900 KB option text", (head + "[options]\nplayers = '" + "x" * 900_000 + "'\n").encode(),
         "text of 900,000 characters"),
        ("not UTF-8", head.encode() + b"name = '\xff'\n", "UTF-8"),
        ("a newer format", (head + "format = 99\n").encode(), "format newer than this rometools"),
        ("an edit of a file the game has not", (head + "[edits.no_file.set]\na = 1\n").encode(),
         "is not one of"),
    ]
    files = list(spec.file_options)
    if files:
        file = files[0]
        ints = [p for p in Variant(game_id).parameters() if p.address.startswith(f"{file}:")
                and isinstance(p.published, int) and not isinstance(p.published, bool)]
        address = ints[0].address.partition(":")[2]
        cases += [
            ("an address that does not exist", (head + f"[edits.{file}.set]\n'no_such.entry' = 1\n").encode(),
             "no such entry"),
            ("a value of the wrong type", (head + f"[edits.{file}.set]\n'{address}' = 'ten'\n").encode(),
             "must be a whole number as in the published file"),
            ("a billion", (head + f"[edits.{file}.set]\n'{address}' = 1000000000\n").encode(),
             "beyond any game's values"),
            ("an address of 1,000 dots", (head + f"[edits.{file}.set]\n'" + "a." * 500 + "b' = 1\n").encode(),
             "at most 300 characters"),
            ("a base the options do not play", (head + f"[edits.{file}]\nbase = 'no_such_file'\n"
                                                 f"[edits.{file}.set]\n'{address}' = 1\n").encode(),
             f"edits.{file}.base: 'no_such_file': no such file"),
            ("2,000 edits", (head + f"[edits.{file}.set]\n" + "".join(f"'a{i}' = 1\n" for i in range(2000))
                             ).encode(), "more than 1,000 edits"),
        ]
    return cases


@pytest.mark.parametrize("game_id", rometools.games())
def test_hostile_variant_files_are_refused_naming_file_entry_problem(game_id, tmp_path):
    """Issue 43: a variant file of every class of hostile input (an unknown game or option, an address
    that does not exist, a wrong type, huge values, deep nesting, 1 MB strings, not UTF-8, special
    files) is a DataFileError starting with the file's path and saying what is wrong, within a memory
    cap, in a subprocess; never another exception or a blow-up."""
    import json
    import subprocess
    import sys

    from rometools.testing import MEMORY_CAP, VARIANT_TIME_LIMIT

    cases = _hostile_variants(game_id)
    paths = []
    for k, (_, content, _) in enumerate(cases):
        path = tmp_path / f"v{k:02d}.toml"
        path.write_bytes(content)
        paths.append(str(path))
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for what, path, words in (("a folder", str(tmp_path), "is not a regular file"),
                              ("a FIFO", str(fifo), "is not a regular file"),
                              ("/dev/zero", "/dev/zero", "is not a regular file"),
                              ("a missing file", str(tmp_path / "missing.toml"), "cannot be read")):
        cases.append((what, b"", words))
        paths.append(path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    proc = subprocess.run([sys.executable, "-c", _VARIANT_WORKER.format(cap=MEMORY_CAP)], input=json.dumps(paths),
                          capture_output=True, text=True, timeout=600, env=env)
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(rows) == len(cases), proc.stderr[-1500:]
    bad = []
    for (what, _, words), path, (outcome, message, _entry, seconds) in zip(cases, paths, rows, strict=True):
        if outcome != "DataFileError" or not message.startswith(path) or words not in message:
            bad.append(f"{what}: {outcome}: {message[:300]}")
        elif len(message) > 600:
            bad.append(f"{what}: a message of {len(message):,} characters")
        if seconds > VARIANT_TIME_LIMIT:
            bad.append(f"{what}: took {seconds:.1f} s")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game_id,name", FILES, ids=[f"{g}-{n}" for g, n in FILES])
def test_a_nul_byte_or_a_huge_name_is_refused_naming_the_file(game_id, name):
    """Issue 47, item 13: a NUL byte in a path was Python's bare ``ValueError: embedded null byte``.
    Every loader of every game: a DataFileError, the name quoted with the byte shown as ``\\x00``;
    a name of 100,000 characters is cut in the message."""
    from rometools.core.errors import DataFileError

    load = game_spec(game_id).data_files[name]
    with pytest.raises(DataFileError) as err:
        load(f"/tmp/{name}\x00.toml")
    assert str(err.value) == f"'/tmp/{name}\\x00.toml': cannot be read (a file name holds no NUL character)"
    with pytest.raises(DataFileError) as err:
        load("/tmp/" + "x" * 100_000 + ".toml")
    assert len(str(err.value)) < 400 and "(100,010 characters)" in str(err.value)


@pytest.mark.parametrize("game_id", [g for g in rometools.games() if game_spec(g).file_options])
def test_a_file_option_with_a_nul_byte_is_refused_naming_the_option(game_id):
    from rometools.core.errors import DataFileError

    option = next(iter(game_spec(game_id).file_options))
    with pytest.raises(DataFileError, match=r"^'/tmp/x\\x00y\.toml': no such file; give the path of a "):
        rometools.load_game(game_id, **{option: "/tmp/x\x00y.toml"})


def test_a_broken_variants_time_is_its_cpu_time_and_a_runaway_is_stopped():
    """F9 of the 5 December trial: each variant's limit was measured by the clock, so on a busy machine
    (load 25) a cheap load "took 5.0 s" and ``check_game`` failed. The loading subprocess now counts the
    CPU a load takes (a load that waits costs nothing), stops one that keeps computing, and stops one that
    waits without computing (a read that blocks) after a few seconds in a row."""
    import base64
    import json
    import pickle
    import subprocess
    import sys

    from rometools.testing.data_files import _WORKER_SOURCE

    paths = ["any(i < 0 for i in range(10 ** 12))",   # computes until stopped
             "__import__('time').sleep(1.5)",           # waits 1.5 s on the clock, no CPU
             "__import__('time').sleep(60)"]            # waits without computing (a read that blocks): stopped
    job = json.dumps({"game": "", "name": "", "loader": base64.b64encode(pickle.dumps(eval)).decode(),
                      "paths": paths})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    proc = subprocess.run([sys.executable, "-c", _WORKER_SOURCE.format(cap=2_000_000_000, stop_after=0.5,
                                                                        idle_after=2)],
                          input=job, capture_output=True, text=True, timeout=300, env=env)
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    (spun, spun_msg, _, spun_cpu), (slept, _, _, slept_cpu), (waited, waited_msg, _, _) = rows
    assert (spun, spun_msg) == ("Stopped", "still loading after 0.5 s of CPU: stopped")
    # stopped by its CPU time, not at once: ITIMER_PROF is charged by clock ticks sampled while the process
    # runs, process_time exactly, so on a busy machine the two part by tenths (0.399 s in one CI run)
    assert 0.25 <= spun_cpu < 5
    assert slept == "ok" and slept_cpu < 0.5
    assert (waited, waited_msg) == ("Stopped", "waiting without computing for 2 s (a read that blocks?): stopped")
