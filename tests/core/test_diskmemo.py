"""Answers kept on disk between processes (rometools.core.diskmemo), and the Augustus odds kept there."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rometools.core import diskmemo
from rometools.core.diskmemo import CACHE_ENV, DiskMemo


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    return tmp_path


def test_an_answer_is_read_back_by_a_new_memo_of_the_same_name_and_version_only(folder):
    DiskMemo("odds", "v1").put("k", [[3, 23]])
    assert DiskMemo("odds", "v1").get("k") == [[3, 23]]
    assert DiskMemo("odds", "v2").get("k") is None
    assert DiskMemo("other", "v1").get("k") is None
    assert sorted(p.name for p in folder.iterdir()) == ["odds-v1.jsonl"]


def test_a_broken_line_or_a_wrong_shape_is_skipped_never_returned(folder):
    memo = DiskMemo("odds", "v1")
    memo.put("good", [[1, 2]])
    with open(memo.path, "a") as f:
        f.write('["cut", [[1, \n')                     # a process stopped mid-write
        f.write(json.dumps(["bad", [[1, 0]]]) + "\n")  # a denominator of 0: the caller's check refuses it
        f.write(json.dumps({"not": "a pair"}) + "\n")
    again = DiskMemo("odds", "v1")

    def shape(value):
        return all(b > 0 for _, b in value)

    assert again.get("good", shape) == [[1, 2]]
    assert again.get("cut") is None and again.get("bad", shape) is None


def test_lines_of_several_processes_appended_at_once_are_all_kept(folder):
    code = ("import sys; from rometools.core.diskmemo import DiskMemo; m = DiskMemo('odds', 'v1'); "
            "[m.put(f'{sys.argv[1]}-{i}', [[i, 7]]) for i in range(300)]")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(k)]) for k in range(4)]
    assert all(p.wait(timeout=120) == 0 for p in procs)
    memo = DiskMemo("odds", "v1")
    assert all(memo.get(f"{k}-{i}") == [[i, 7]] for k in range(4) for i in range(300))


def test_memory_only_when_the_folder_is_set_empty_or_cannot_be_written(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, "")
    memo = DiskMemo("odds", "v1")
    memo.put("k", [1])
    assert memo.path is None and memo.get("k") == [1]
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv(CACHE_ENV, str(blocked / "below a file"))
    memo = DiskMemo("odds", "v1")
    memo.put("k", [2])
    assert memo.get("k") == [2] and memo.path is None


def test_names_are_checked():
    with pytest.raises(ValueError, match="letters, digits"):
        DiskMemo("../escape", "v1")


def test_augustus_odds_read_from_disk_equal_those_computed(folder):
    """A process computes the laws and keeps them; a second one reads them back: the same Fractions
    as computed here with nothing kept (memory only)."""
    code = ("from rometools.augustus import completion_cdf, expected_draws; "
            "print(repr((completion_cdf({'dagger': 2, 'shield': 1}, 8), expected_draws({'chariot': 2, 'standard': 1}),"
            " completion_cdf({'shield': 2}, 5, reset=False))))")
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    kept = list(folder.glob("augustus-odds-*.jsonl"))
    assert len(kept) == 1 and len(kept[0].read_text().splitlines()) == 3
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    env = {**__import__("os").environ, CACHE_ENV: ""}
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert first == second == fresh and "Fraction(" in fresh
    assert diskmemo.cache_folder() == folder
