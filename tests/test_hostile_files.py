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
from rometools.testing import check_data_file

FILES = [(gid, name) for gid in rometools.games() for name in game_spec(gid).data_files]


@pytest.mark.parametrize("game_id,name", FILES, ids=[f"{g}-{n}" for g, n in FILES])
def test_every_broken_variant_is_a_clear_error(game_id, name):
    """``check_game``'s ``data_files`` check, one file per test: every class of breakage a
    ``DataFileError`` naming the file (and, for a wrong value, ending with its key at its own
    entry), or a clean load; never another exception, a hang or a memory blow-up."""
    check_data_file(game_id, name)


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


@pytest.mark.parametrize("game_id,name", FILES, ids=[f"{g}-{n}" for g, n in FILES])
def test_a_huge_number_and_an_html_id_are_refused_naming_the_file(game_id, name, tmp_path):
    """Issue "Hostile input, second pass", classes 4 and 7, for every bundled file of every game:
    a whole number of 5,000 digits (Python's bare ValueError before) and an id holding HTML (loaded
    before) are each a DataFileError naming the file."""
    import re

    from rometools.core.errors import DataFileError

    source = data_dir() / game_id / name
    text = source.read_text(encoding="utf-8")
    loader = game_spec(game_id).data_files[name]
    number = re.search(r"(?m)^\s*\w+\s*=\s*(\{\s*value\s*=\s*)?(\d+)\b", text)
    ident = re.search(r'(?m)^\s*id\s*=\s*"([^"]+)"', text)
    cases = []
    if number:
        cases.append(("huge", text[:number.start(2)] + "9" * 5000 + text[number.end(2):], "more than 4,300 digits"))
    if ident:
        cases.append(("html-id", text[:ident.start(1)] + "<b>x</b>" + text[ident.end(1):], "an id is 1 to 64"))
    assert cases, f"{name}: no number and no id to plant (the check checks nothing)"
    for label, planted, words in cases:
        path = tmp_path / f"{label}-{name}"
        path.write_text(planted, encoding="utf-8")
        with pytest.raises(DataFileError) as err:
            loader(path)
        assert str(path) in str(err.value) and words in str(err.value), f"{label}: {err.value}"
        assert len(str(err.value)) < 400


@pytest.mark.parametrize("game_id", rometools.games())
def test_a_saved_game_with_a_huge_number_is_refused_naming_the_field(game_id):
    import json

    from rometools.core.errors import DataFileError
    from rometools.core.playout import load_saved_game, play, to_json

    game = rometools.load_game(game_id)
    text = to_json(play(game, sorted(game.spec.bots)[0], 1))
    data = json.loads(text)
    data["seed"] = 1
    huge = json.dumps(data).replace('"seed": 1', '"seed": ' + "9" * 5000)
    with pytest.raises(DataFileError, match="more than 4,300 digits"):
        load_saved_game(huge, source="tampered.json")


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
