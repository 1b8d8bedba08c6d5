"""The data-file loader: provenance kept per value, bad files named precisely."""

import textwrap

import pytest

from rometools.core.data import data_dir, load_data_file
from rometools.core.errors import DataFileError


def write(tmp_path, text, name="f.toml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def test_provenance_inherited_and_overridden(tmp_path):
    p = write(tmp_path, """
        [meta]
        title = "x"
        [[item]]
        id = "a"
        count = { value = 4, provenance = "inferred", source = "arithmetic" }
        points = [0, 2, 10]
        provenance = "rulebook"
        source = "book.txt, Scoring"
    """)
    f = load_data_file(p)
    assert f.values["item"][0] == {"id": "a", "count": 4, "points": [0, 2, 10]}
    assert f.provenance["item.a.count"].kind == "inferred"
    assert f.provenance["item.a.points"].kind == "rulebook"
    assert f.provenance["item.a.points"].source == "book.txt, Scoring"
    assert "meta.title" not in f.provenance


@pytest.mark.parametrize(
    ("body", "entry", "problem"),
    [
        ("[t]\nx = 1\n", "t.x", "has no provenance"),
        ("[t]\nprovenance = \"guess\"\nx = 1\n", "t.provenance", "must be one of rulebook, inferred, illustrative"),
        ("[t]\nprovenance = \"rulebook\"\nx = 1\n", "t", "needs a source"),
        ("[[c]]\nid = \"capua\"\nprovenance = \"illustrative\"\n[[c]]\nid = \"roma\"\nv = 2\n",
         "c[1] (id='roma').id", "has no provenance"),
    ],
)
def test_bad_provenance_names_file_entry_and_problem(tmp_path, body, entry, problem):
    p = write(tmp_path, body)
    with pytest.raises(DataFileError) as info:
        load_data_file(p)
    err = info.value
    assert err.path == str(p)
    assert err.entry == entry
    assert problem in err.problem
    assert str(p) in str(err) and entry in str(err)


def test_unparseable_and_missing_files(tmp_path):
    with pytest.raises(DataFileError, match="is not valid TOML"):
        load_data_file(write(tmp_path, "[t\n"))
    with pytest.raises(DataFileError, match="cannot be read"):
        load_data_file(tmp_path / "nope.toml")


def test_data_dir_env_override(tmp_path, monkeypatch):
    monkeypatch.setenv("ROMETOOLS_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path
    monkeypatch.delenv("ROMETOOLS_DATA_DIR")
    assert (data_dir() / "caesars_empire" / "components.toml").is_file()


def test_a_newer_file_format_and_a_short_list_are_said_in_words(tmp_path):
    from rometools.caesars_empire.board import Board, board_path

    text = board_path("2-3").read_text(encoding="utf-8")
    newer = tmp_path / "newer.toml"
    newer.write_text(text.replace("schema = 1", "schema = 2", 1), encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        Board.from_file(newer)
    assert str(err.value) == (f"{newer}: meta.schema: is 2, a file format newer than this rometools reads (1); "
                              f"update rometools, or write the file in format 1")
    short = tmp_path / "short.toml"
    short.write_text(text.replace("position = [0.536, 0.545]", "position = [0.536]", 1), encoding="utf-8")
    with pytest.raises(DataFileError, match=r"rome\.position: must hold at least 2 items, got \[0\.536\]$"):
        Board.from_file(short)


def test_a_yaml_key_given_twice_is_refused_not_kept_last(tmp_path):
    from rometools.core.data import load_data_file
    from rometools.core.errors import DataFileError

    path = tmp_path / "dup.yaml"
    path.write_text("board:\n  name: first\n  name: second\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"gives the key 'name' twice in one table \(line 3\)"):
        load_data_file(path)


def test_a_file_swapped_within_the_same_modification_time_is_read_again(tmp_path):
    """The cache's key was (path, modification time): a file replaced by another of the same
    time (``cp -p``, a coarse clock) was served stale."""
    import os

    from rometools.core.data import cached_loader

    path = tmp_path / "table.txt"
    load = cached_loader(lambda p: p.read_text(encoding="utf-8"))
    path.write_text("first", encoding="utf-8")
    stamp = os.stat(path).st_mtime_ns
    assert load(path) == "first"
    replacement = tmp_path / "new.txt"
    replacement.write_text("other", encoding="utf-8")        # the same size, another content
    os.utime(replacement, ns=(stamp, stamp))
    os.replace(replacement, path)
    assert os.stat(path).st_mtime_ns == stamp and load(path) == "other"
