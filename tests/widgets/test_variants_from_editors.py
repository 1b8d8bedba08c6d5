"""Every editor that exists turns its edit into a Variant (issue 43, item 1).

The counts editor (BagExplorer, TileOddsExplorer), the collection explorer's scoring tables
and a designer's own board file each give a :class:`rometools.Variant` holding only the
values they change, which loads the same data the editor shows.
"""

from __future__ import annotations

import pytest

from rometools import Variant
from rometools.core.data import bundled_file


def test_bag_explorer_counts_become_a_variant():
    from rometools.widgets import BagExplorer

    ex = BagExplorer()
    assert ex.set_values(counts={"joker": 3, "dagger": 2})
    v = ex.counts_editor.variant()
    assert v.game == "augustus" and dict(v.edits["components"]) == {
        "token.joker.count": 3, "token.dagger.count": 2, "bag.total": 25}
    assert v.name == "edited mix: dagger 2, joker 3"
    assert v.load().config.components.bag == ex.counts_editor.build()[0].bag
    assert Variant.from_toml(v.to_toml()) == v


def test_tile_explorer_counts_become_a_variant():
    from rometools.widgets import TileOddsExplorer

    ex = TileOddsExplorer(trials=0)
    assert ex.set_values(counts={"propraetor": 3})
    v = ex.counts_editor.variant("three propraetors")
    edited = ex.counts_editor.build()[0]
    loaded = v.load().config.components
    assert loaded.kind_counts == edited.kind_counts and loaded.kind_counts["propraetor"] == 3
    assert sorted(t.id for t in loaded.tiles) == sorted(t.id for t in edited.tiles)
    assert Variant.from_toml(v.to_toml()) == v
    # nothing edited: the published game
    assert ex.set_values(counts={"propraetor": ex.counts_editor.published["propraetor"]})
    assert ex.counts_editor.variant() == Variant("imperator", "the published mix")


def test_collection_explorer_tables_become_a_variant():
    from rometools.widgets import CollectionExplorer

    ex = CollectionExplorer()
    assert ex.set_values(tables={"same_type": [0, 3, 10, 20]})
    v = ex.variant()
    assert dict(v.edits["components"]) == {"tables.same_type.points": (0, 3, 10, 20)}
    assert v.load().config.components.tables.same_type == (0, 3, 10, 20)
    assert v.name == "scoring tables: same_type 0, 3, 10, 20"
    # a table the explorer shows but the components file refuses (gold must cover 8 Gold Coins)
    ex.table_inputs["gold"].value = "0, 4, 9"
    with pytest.raises(ValueError, match="Gold"):
        ex.variant()


def test_a_board_file_becomes_a_variant(tmp_path):
    """A designer's own board (a copy of the bundled one with a path removed and a city's value
    changed) as the two edits it makes."""
    import tomllib

    import tomlkit

    text = bundled_file("caesars_empire", "board_4_5.toml").read_text(encoding="utf-8")
    doc = tomlkit.parse(text)
    paths = doc["path"]
    gone = next(i for i, p in enumerate(paths) if list(p["cities"]) == ["rome", "capua"])
    del paths[gone]
    next(c for c in doc["city"] if c["id"] == "capua")["value"] = 5
    mine = tmp_path / "my_board.toml"
    mine.write_text(tomlkit.dumps(doc), encoding="utf-8")
    v = Variant.from_edited_file("caesars_empire", "board", mine, name="my board")
    assert dict(v.edits["board"]) == {"city.capua.value": 5, "path.rome-capua": None}
    board = v.load().config.board
    from rometools.caesars_empire import Board

    assert board == Board.from_file(mine)
    assert tomllib.loads(v.to_toml())["edits"]["board"]["base"] == "board_4_5.toml"
