"""The Imperator board: regions per player count, directed arrows, the Action track, file errors.

Rulebook: 004_c0d35faf86920c09.txt, Setup, Action Progression.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from rometools.core.errors import DataFileError
from rometools.imperator import Arrow, Layout, Region, RegionBoard, board_path, load_board


def test_the_bundled_board_by_player_count():
    b = load_board()
    assert b.layout(2).regions == ("latium", "etruria", "campania", "apulia")
    assert b.layout(2).successors == {"latium": ("etruria", "campania"), "etruria": ("latium", "apulia"),
                                      "campania": ("apulia",), "apulia": ("campania",)}
    assert b.layout(3).successors["umbria"] == ("etruria", "apulia")          # samnium is not used with 3
    assert b.layout(5).successors["umbria"] == ("etruria", "samnium", "apulia")
    assert b.layout(5).adjacent("samnium") == ("umbria", "lucania")           # arrows in, none out
    assert sorted(b.layout(4).graph.edges) == sorted((a, t) for a, ts in b.layout(4).successors.items() for t in ts)
    assert b.player_counts == (2, 3, 4, 5) and b.track_end == 8 and b.track_points(8) == 20
    with pytest.raises(ValueError, match="has no region for 6 players"):
        b.layout(6)
    assert RegionBoard.from_dict(b.to_dict()) == b


BROKEN = [
    (lambda: RegionBoard("x", [Region("a", "A"), Region("a", "B")], [], (0,)),
     "region[1] (id='a').id: duplicate region id (also region[0])"),
    (lambda: RegionBoard("x", [Region("a", "A", (9,))], [], (0,)), "region[0] (id='a').players: player counts "
                                                                   "are 1 to 8, got 9"),
    (lambda: RegionBoard("x", [Region("a", "A", ())], [], (0,)), "region[0] (id='a').players: must list"),
    (lambda: RegionBoard("x", [Region("a", "A", (2,), (1.5, 0))], [], (0,)), "region[0] (id='a').position"),
    (lambda: RegionBoard("x", [Region("a", "A")], [Arrow("z", "a")], (0,)), "arrow[0] ('z'->'a').from: unknown "
                                                                            "region 'z'"),
    (lambda: RegionBoard("x", [Region("a", "A")], [Arrow("a", "a")], (0,)), "arrow[0] ('a'->'a'): arrow from "
                                                                            "region 'a' to itself"),
    (lambda: RegionBoard("x", [Region("a", "A"), Region("b", "B")], [Arrow("a", "b")] * 2, (0,)),
     "arrow[1] ('a'->'b'): duplicate arrow (also arrow[0])"),
    (lambda: RegionBoard("x", [Region("a", "A")], [], ()), "track: the Action track needs at least space 0"),
    (lambda: RegionBoard("x", [Region("a", "A")], [], (0, -1)), "track[1].points: must be a whole number"),
    (lambda: RegionBoard("x", [], [], (0,)), "region: a board needs at least one region"),
]


@pytest.mark.parametrize("build,message", BROKEN)
def test_inline_board_errors(build, message):
    with pytest.raises(DataFileError) as err:
        build()
    assert str(err.value).startswith(f"<inline board>: {message}")


def test_board_file_errors(tmp_path):
    text = board_path().read_text()
    cases = [
        (text.replace("space = 2\n", "space = 3\n"), "track[2].space: spaces are numbered 0, 1, 2... in order; "
                                                     "expected 2, got 3"),
        (text.replace('to = "etruria"', 'to = "roma"', 1), "arrow[0] ('latium'->'roma').to: unknown region 'roma'"),
        (text.replace("players = [5]", "players = [5, 5]"), "region[3] (id='samnium').players: a player count "
                                                             "repeats: [5, 5]"),
        (text.replace('provenance = "illustrative"\n', ""), "board.name: has no provenance"),
        (text.replace("points = 4\n", "points = true\n"), "track[3].points: must be a whole number, got True"),
        (text.replace('from = "latium"', 'form = "latium"', 1), "arrow[0].from: is required but missing; also arrow[0].form: is not a known field"),
    ]
    for k, (changed, message) in enumerate(cases):
        p = tmp_path / f"b{k}.toml"
        p.write_text(changed)
        with pytest.raises(DataFileError) as err:
            RegionBoard.from_file(p)
        assert str(err.value).startswith(f"{p}: {message}"), str(err.value)


def test_layout_build_errors():
    with pytest.raises(ValueError, match="regions repeat"):
        Layout.build("aa", [])
    with pytest.raises(ValueError, match="points from a region to itself"):
        Layout.build("ab", [("a", "a")])
    assert Layout.build("ab", [("a", "b")], both_ways=True).successors == {"a": ("b",), "b": ("a",)}


def test_rometools_validate_knows_both_files():
    for name, kind in (("board.toml", "board"), ("components.toml", "components")):
        out = subprocess.run([sys.executable, "-m", "rometools.cli", "validate", str(board_path().with_name(name))],
                             capture_output=True, text=True)
        assert out.returncode == 0 and f"is an Ave Roma: IMPERATOR {kind} file" in out.stdout, out.stdout + out.stderr
