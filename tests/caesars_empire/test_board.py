"""Board files: loading, the bundled boards, and one test per validation error."""

from __future__ import annotations

import textwrap

import networkx as nx
import pytest

from rometools.caesars_empire import Board, BoardPath, City, load_board
from rometools.caesars_empire.board import CITY_ID_PATTERN, COLOUR_PATTERN, board_path
from rometools.core.errors import DataFileError

HEADER = """
[board]
name = "tiny"
side = "2-3"
provenance = "illustrative"

[rome]
position = [0.5, 0.5]
"""

GOOD_CITIES = """
[[city]]
id = "capua"
name = "Capua"
colour = "red"
value = 2
position = [0.55, 0.62]

[[city]]
id = "neapolis"
name = "Neapolis"
colour = "blue"
value = 3
position = [0.6, 0.7]
"""

GOOD_PATHS = """
[[path]]
cities = ["rome", "capua"]
roads = 1

[[path]]
cities = ["capua", "neapolis"]
roads = 2
"""


def write(tmp_path, text, name="board.toml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def test_issue_format_loads(tmp_path):
    b = Board.from_file(write(tmp_path, HEADER + GOOD_CITIES + GOOD_PATHS))
    assert b.city_ids == ("capua", "neapolis")
    assert b.city("neapolis").value == 3
    assert b.graph.edges["capua", "neapolis"]["roads"] == 2
    assert b.total_roads == 3
    assert b.provenance.kind == "illustrative"
    assert b.path_between("neapolis", "capua").roads == 2
    assert b.path_between("rome", "neapolis") is None


@pytest.mark.parametrize("side,cities", [("2-3", 30), ("4-5", 40)])
def test_bundled_boards(side, cities):
    b = load_board(side)
    assert b.side == side and len(b.city_ids) == cities
    assert b.provenance.kind == "illustrative"
    assert nx.is_connected(b.graph)
    assert {1, 2} == {p.roads for p in b.paths}
    assert len({c.colour for c in b.cities}) >= 6
    assert {c.value for c in b.cities} <= set(range(1, 9))
    degrees = [d for _, d in b.graph.degree()]
    assert min(degrees) >= 2 and max(degrees) <= 5
    x, y = b.rome_position
    assert 0.3 < x < 0.7 and 0.3 < y < 0.7


def test_bundled_4_5_roads_budget():
    # 4 players x 25 Roads = 100; building every path needs fewer, so typical
    # games finish, but long chains can still run players out.
    b = load_board(4)
    assert 60 < b.total_roads <= 100


def test_player_count_picks_side():
    assert load_board(3) is load_board("2-3")
    with pytest.raises(ValueError, match="unknown board side"):
        load_board("3-4")


def test_to_dict_round_trip():
    b = load_board("4-5")
    assert Board.from_dict(b.to_dict()) == b


def test_inline_board():
    b = Board("t", "4-5", [City("a", "A", "red", 1)], [BoardPath(("rome", "a"), 2)])
    assert b.locations == ("rome", "a") and b.paths[0].key == frozenset({"rome", "a"})


BAD = {
    "duplicate id": (
        GOOD_CITIES + '\n[[city]]\nid = "capua"\nname = "C2"\ncolour = "red"\nvalue = 1\nposition = [0.1, 0.1]\n',
        GOOD_PATHS, "city[2] (id='capua').id", "duplicate id 'capua' (also city[0])"),
    "unknown endpoint": (
        GOOD_CITIES, GOOD_PATHS + '\n[[path]]\ncities = ["capua", "ostia"]\nroads = 1\n',
        "path[2] ('capua'-'ostia').cities", "unknown endpoint 'ostia'"),
    "roads not 1 or 2": (
        GOOD_CITIES, GOOD_PATHS.replace("roads = 2", "roads = 3"),
        "path[1] ('capua'-'neapolis').roads", "must be 1 or 2, got 3"),
    "self loop": (
        GOOD_CITIES, GOOD_PATHS + '\n[[path]]\ncities = ["capua", "capua"]\nroads = 1\n',
        "path[2] ('capua'-'capua').cities", "path from 'capua' to itself"),
    "duplicate path": (
        GOOD_CITIES, GOOD_PATHS + '\n[[path]]\ncities = ["capua", "rome"]\nroads = 2\n',
        "path[2] ('capua'-'rome')", "duplicate path between 'capua' and 'rome' (also path[0])"),
    "unreachable": (
        GOOD_CITIES, GOOD_PATHS.split("[[path]]\ncities = [\"capua\", \"neapolis\"]")[0],
        "city[1] (id='neapolis')", "cannot be reached from Rome"),
    "missing colour": (
        GOOD_CITIES.replace('colour = "blue"\n', ""), GOOD_PATHS,
        "city[1] (id='neapolis').colour", "is required but missing"),
    "empty colour": (
        GOOD_CITIES.replace('colour = "blue"', 'colour = " "'), GOOD_PATHS,
        "city[1] (id='neapolis').colour", "missing colour"),
    "value 0": (
        GOOD_CITIES.replace("value = 3", "value = 0"), GOOD_PATHS,
        "city[1] (id='neapolis').value", "must be 1 to 8, got 0"),
    "value 9": (
        GOOD_CITIES.replace("value = 3", "value = 9"), GOOD_PATHS,
        "city[1] (id='neapolis').value", "must be 1 to 8, got 9"),
    "position outside 0..1": (
        GOOD_CITIES.replace("[0.6, 0.7]", "[1.6, 0.7]"), GOOD_PATHS,
        "city[1] (id='neapolis').position", "must be two drawing coordinates in 0..1"),
    "id with HTML": (
        GOOD_CITIES.replace('id = "neapolis"', 'id = "<img src=x onerror=alert(1)>"'),
        GOOD_PATHS.replace('"neapolis"', '"<img src=x onerror=alert(1)>"'),
        "city[1] (id='<img src=x onerror=alert(1)>').id",  # every data file's id rule (core.data.ID_PATTERN)
        "an id is 1 to 64 letters, digits, '_', '-' or '.'"),
    "id with capitals": (
        GOOD_CITIES.replace('id = "neapolis"', 'id = "Neapolis"'), GOOD_PATHS.replace('"neapolis"', '"Neapolis"'),
        "city[1].id", "got 'Neapolis'"),
    "colour with HTML": (
        GOOD_CITIES.replace('colour = "blue"', 'colour = "<b>blue</b>"'), GOOD_PATHS,
        "city[1] (id='neapolis').colour", "must be a colour name of letters, spaces or hyphens"),
    "colour as a long value": (
        GOOD_CITIES.replace('colour = "blue"', f'colour = "{"b" * 5000}"'), GOOD_PATHS,
        "city[1] (id='neapolis').colour", "(5,000 characters)"),
}


def test_a_colour_the_charts_lack_is_a_valid_colour(tmp_path):
    p = write(tmp_path, HEADER + GOOD_CITIES.replace('colour = "blue"', 'colour = "italia"') + GOOD_PATHS)
    assert Board.from_file(p).city("neapolis").colour == "italia"


def test_bundled_boards_follow_the_id_and_colour_patterns():
    for side in ("2-3", "4-5"):
        for c in load_board(side).cities:
            assert CITY_ID_PATTERN.fullmatch(c.id) and COLOUR_PATTERN.fullmatch(c.colour), c


@pytest.mark.parametrize("case", sorted(BAD))
def test_validation_errors_name_file_entry_problem(tmp_path, case):
    cities, paths, entry, problem = BAD[case]
    p = write(tmp_path, HEADER + cities + paths)
    result = None
    with pytest.raises(DataFileError) as info:
        result = Board.from_file(p)
    assert result is None  # nothing half-loaded
    err = info.value
    assert err.path == str(p)
    assert err.entry == entry
    assert problem in err.problem
    assert str(err).startswith(f"{p}: {entry}: ")


def test_too_many_cities_for_side(tmp_path):
    cities = "".join(
        f'\n[[city]]\nid = "c{i}"\nname = "C{i}"\ncolour = "red"\nvalue = 1\nposition = [0.1, 0.1]\n'
        for i in range(31))
    paths = "".join(f'\n[[path]]\ncities = ["rome", "c{i}"]\nroads = 1\n' for i in range(31))
    p = write(tmp_path, HEADER + cities + paths)
    with pytest.raises(DataFileError) as info:
        Board.from_file(p)
    assert info.value.entry == "city"
    assert info.value.problem == "31 cities but side '2-3' has only 30 Treasure tokens"
    # the same cities fit on the 4-5 side (40 tokens)
    b = Board.from_file(write(tmp_path, HEADER.replace('"2-3"', '"4-5"') + cities + paths, "b2.toml"))
    assert len(b.city_ids) == 31


def test_unknown_side_and_missing_provenance(tmp_path):
    with pytest.raises(DataFileError, match=r"board\.side: must be one of \['2-3', '4-5'\], got '6-7'"):
        Board.from_file(write(tmp_path, HEADER.replace('"2-3"', '"6-7"') + GOOD_CITIES + GOOD_PATHS))
    with pytest.raises(DataFileError, match="has no provenance"):
        Board.from_file(write(tmp_path, HEADER.replace('provenance = "illustrative"\n', "")
                              + GOOD_CITIES + GOOD_PATHS, "b3.toml"))


def test_inline_errors_name_the_inline_board():
    with pytest.raises(DataFileError) as info:
        Board("t", "2-3", [City("a", "A", "red", 1), City("b", "B", "red", 1)],
              [BoardPath(("rome", "a"))])
    assert str(info.value) == "<inline board>: city[1] (id='b'): cannot be reached from Rome"


def test_bundled_files_exist():
    assert board_path("2-3").name == "board_2_3.toml" and board_path("2-3").is_file()
