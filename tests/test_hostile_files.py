"""Broken data files of every registered game: a clear DataFileError, in bounded time and memory.

Written once over the registry (``GameSpec.data_files``): every bundled data
file of every game is broken in each class of the hostile-input issue, and
loaded in a subprocess with a memory cap and a time limit. The only outcomes
allowed are a ``DataFileError`` that names the file (and, for a bad value,
the entry) or, when the change happens to leave a valid file, a clean load.
Anything else (another exception, a hang, a memory blow-up) fails.
"""

from __future__ import annotations

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
