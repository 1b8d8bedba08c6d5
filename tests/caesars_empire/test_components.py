"""The bundled component file and what a broken copy reports."""

import re

import pytest

from rometools.caesars_empire.components import TREASURE_IDS, components_path, load_components
from rometools.core.errors import DataFileError


def test_bundled_components_values():
    c = load_components()
    assert c.treasure_ids == TREASURE_IDS
    assert dict(c.supply) == {**dict.fromkeys(TREASURE_IDS[:-1], 4), "gold": 8}
    assert c.road_bonus == 10 and c.roads_per_player == 25
    assert c.side_for(2).cities == 30 and c.side_for(5).cities == 40
    assert sum(c.tokens_in_play(3).values()) == 30
    assert sum(c.tokens_in_play(3, all_tokens_variant=True).values()) == 40
    assert c.name("gems", "treasures") == "Gems" and c.name("gems", "riches") == "Precious Stones"
    assert c.name("gold", "riches") == "Gold Coins"
    assert c.vocabularies["riches"]["goods"] == "Riches"
    assert c.vocabularies["treasures"]["goods"] == "Treasures"


def test_every_value_has_provenance_and_counts_are_inferred():
    c = load_components()
    kinds = {p.kind for p in c.provenance.values()}
    assert kinds <= {"rulebook", "inferred", "illustrative"}
    assert c.provenance["treasure.gold.count"].kind == "inferred"
    assert c.provenance["tables.gold.points"].kind == "rulebook"
    assert "Road Bonus" in c.provenance["road_bonus.points"].source
    assert c.provenance["side.2-3.removed.gold"].kind == "rulebook"
    assert c.provenance["side.2-3.cities"].kind == "inferred"


@pytest.mark.parametrize(("alias", "canonical"), [
    ("precious_stones", "gems"), ("gold_coins", "gold"), ("Precious Stones", "gems"),
    ("GOLD COINS", "gold"), ("wine", "wine")])
def test_aliases(alias, canonical):
    assert load_components().canonical(alias) == canonical


def test_unknown_type_and_player_count():
    c = load_components()
    with pytest.raises(ValueError, match="unknown Treasure type 'silk'"):
        c.canonical("silk")
    with pytest.raises(ValueError, match="2 to 5 players, got 6"):
        c.side_for(6)


BROKEN = [
    # (old, new, entry, problem)
    ('points = [0, 2, 10, 20]', 'points = [0, 2, 10]', "tables.same_type.points", "up to 4 tokens"),
    ('points = [0, 2, 10, 20]', 'points = [0, 2, -10, 20]', "tables.same_type.points", "must be 0 to 10000"),
    ('points = 10\n', 'points = "ten"\n', "road_bonus.points", "must be a whole number, got 'ten'"),
    ('id = "wine"', 'id = "beer"', "treasure[7] (id='beer').id", "unknown Treasure id"),
    ('id = "wine"', 'id = "oil"', "treasure[7] (id='oil').id", "duplicate Treasure id"),
    ('removed = { gold = 2,', 'removed = { gold = 3,', "side[0] (id='2-3').cities", "29 Treasure tokens"),
    ('provenance = "rulebook"\nsource = "001_a311a49632a27e24.txt, End of Game, Road Bonus"',
     'provenance = "printed"', "road_bonus.provenance", "must be one of"),
]


@pytest.mark.parametrize(("old", "new", "entry", "problem"), BROKEN)
def test_broken_copy_names_file_entry_problem(tmp_path, old, new, entry, problem):
    text = components_path().read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "components.toml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_components(broken)
    assert info.value.path.endswith("components.toml")
    assert info.value.entry == entry
    assert problem in info.value.problem, info.value.problem
    assert re.search(re.escape(str(broken)), str(info.value))
