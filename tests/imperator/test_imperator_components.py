"""The 20 reward tiles exactly as the rulebook's Reward Tile Sheet lists them, the resources,
the totals check and every data-file error.

Rulebook: 004_c0d35faf86920c09.txt, Components, Rewards, Reward Tile Sheet.
"""

from __future__ import annotations

import pytest
from imperator_helpers import SMALL_TILES, tiles_toml

from rometools.core.errors import DataFileError
from rometools.imperator import TILE_KINDS, load_components

# (item, marker, kind, resource, amount, points): the sheet, left to right, top to bottom
SHEET = [
    (1, 1, "usable_once", "denarii", 15, None),          # gold 10 and silver 5 denarii coins
    (2, 1, "usable_once", "denarii", 10, None),          # gold 10 denarius coin
    (3, 5, "usable_once", "dark_grey_sphere", 5, None),
    (4, 5, "usable_once", "green_sphere", 5, None),
    (5, 5, "usable_once", "red_sphere", 5, None),
    (6, 1, "usable_once", "money_bag", 5, None),          # 5 sacks (small bags)
    (7, 1, "instant_points", "wood", None, 1),
    (8, 5, "instant_points", "stone", None, 1),
    (9, 1, "instant_points", "horse", None, 1),
    (10, 5, "instant_points", "grain", None, 1),
    (11, 1, "instant_points", "dark_lump", None, 1),
    (12, 5, "instant_points", "meat", None, 1),
    (13, 1, "instant_points", "money_bag", None, 1),
    (14, 5, "political_influence", None, 1, None),        # statue
    (15, 5, "propraetor", None, 1, None),                 # banner
    (16, 1, "any_worker_value", None, None, None),
    (17, 5, "any_worker_value", None, None, None),
    (18, 1, "instant_points", "dark_grey_sphere", None, 1),
    (19, 5, "instant_points", "green_sphere", None, 1),
    (20, 1, "instant_points", "red_sphere", None, 1),
]


def test_the_twenty_tiles_are_the_rulebooks():
    c = load_components()
    assert [(int(t.id[1:]), t.marker, t.kind, t.resource, t.amount, t.points) for t in c.tiles] == SHEET
    # "Totals: 6 usable-once tiles ..., 10 instant point tiles ..., 1 statue tile ..., 1 Propraetor
    # tile ... and 2 any-value tiles"; ten tiles show a 1 and ten a 5
    assert c.kind_counts == {"usable_once": 6, "instant_points": 10, "political_influence": 1,
                             "propraetor": 1, "any_worker_value": 2}
    assert c.marker_counts == {1: 10, 5: 10}
    assert [t.id for t in c.tiles if t.instant] == [f"t{i:02d}" for i in (7, 8, 9, 10, 11, 12, 13, 14, 18, 19, 20)]


def test_provenance_of_every_tile_value():
    c = load_components()
    for t in c.tiles:
        for field in ("marker", "kind", *(f for f in ("resource", "amount", "points") if getattr(t, f) is not None)):
            prov = c.provenance[f"tile.{t.id}.{field}"]
            if (t.id, field) in (("t01", "amount"), ("t06", "resource")):
                assert prov.kind == "inferred"
            else:
                assert prov.kind == "rulebook"
                assert prov.source == f"004_c0d35faf86920c09.txt, Reward Tile Sheet, item {int(t.id[1:])}"
    assert c.provenance["totals.tiles"].kind == "rulebook"


def test_resources_and_display_names():
    c = load_components()
    assert c.resource_ids == ("wood", "stone", "horse", "grain", "dark_lump", "meat", "money_bag",
                              "dark_grey_sphere", "green_sphere", "red_sphere", "denarii")
    assert [c.resource_name(r) for r in ("dark_lump", "money_bag", "red_sphere")] == [
        "Dark lump", "Money bag", "Red sphere"]
    assert c.describe("t13") == "[1] points per Money bag" and c.describe("t16") == "[1] any worker value"
    with pytest.raises(KeyError, match="unknown resource 'gold'"):
        c.resource_name("gold")
    with pytest.raises(KeyError, match="no reward tile 't21'"):
        c.tile("t21")
    assert not c.has_tile(["t01"]) and c.has_tile("t01")


def _tiles(**change):
    rows = [list(t) for t in SMALL_TILES]
    for i, values in change.items():
        rows[int(i[1:])] = values
    return [tuple(r) for r in rows]


BROKEN = [
    (tiles_toml(_tiles(r0=("t1", 3, "instant_points", "wood", None, 1)), {"marker_1": 2}),
     "tile[0] (id='t1').marker: must be 1 or 5, got 3"),
    (tiles_toml(_tiles(r1=("t1", 5, "instant_points", "stone", None, 1))), "tile[1] (id='t1').id: duplicate tile id"),
    (tiles_toml(_tiles(r0=("t1", 1, "bonus", "wood", None, 1))), "tile[0] (id='t1').kind: unknown kind 'bonus'"),
    (tiles_toml(_tiles(r3=("t4", 5, "usable_once", None, 3, None))), "tile[3] (id='t4').resource: a usable_once "
                                                                     "tile needs a resource"),
    (tiles_toml(_tiles(r3=("t4", 5, "usable_once", "wood", 3, 1))), "tile[3] (id='t4').points: a usable_once "
                                                                    "tile has no points"),
    (tiles_toml(_tiles(r0=("t1", 1, "instant_points", "gold", None, 1))), "tile[0] (id='t1').resource: unknown "
                                                                          "resource 'gold'"),
    (tiles_toml(totals={"tiles": 7}), "tile: 6 tiles listed but totals.tiles says 7"),
    (tiles_toml(totals={"usable_once": 2}), "totals.kind[0] (id='usable_once').count: says 2 usable_once tiles "
                                            "but the list has 1"),
    (tiles_toml(totals={"marker_5": 4}), "totals.marker_5: says 4 marker-5 tiles but the list has 3"),
    (tiles_toml().replace('id = "propraetor"', 'id = "banner"'), "totals.kind[3] (id='banner').id: unknown kind"),
    (tiles_toml().replace("amount = 3", "amount = 0"), "tile[3] (id='t4').amount: must be greater than or "
                                                       "equal to 1, got 0"),
    (tiles_toml().replace("marker = 1", "marker = true", 1), "tile[0] (id='t1').marker: must be a whole number, "
                                                             "got True"),
    (tiles_toml().replace('kind = "instant_points"', 'kind = "instant_points"\ncolour = "red"', 1),
     "tile[0] (id='t1').colour: is not a known field"),
    (tiles_toml().replace('[[resource]]\nid = "stone"', '[[resource]]\nid = "wood"'),
     "resource[1] (id='wood').id: duplicate resource id (also resource[0])"),
]


@pytest.mark.parametrize("text,message", BROKEN)
def test_broken_component_files_name_the_entry(tmp_path, text, message):
    p = tmp_path / "tiles.toml"
    p.write_text(text)
    with pytest.raises(DataFileError) as err:
        load_components(p)
    assert str(err.value) == f"{p}: {message}" or str(err.value).startswith(f"{p}: {message}")


def test_a_designers_tile_set_loads(small_tiles):
    assert small_tiles.kind_counts == dict.fromkeys(TILE_KINDS, 1) | {"instant_points": 2}
    assert load_components(small_tiles.path) is small_tiles        # cached per modification time
