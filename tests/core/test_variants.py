"""A variant is a value (core/variants.py): options, the handicap and data edits, saved as TOML.

Hand-checked cases on the bundled files: each edit changes exactly the value named and marks it
``illustrative`` with the edit as its source; broken edits are refused naming the file, the
entry and the problem; nothing bundled is touched; a variant's games save and load.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import rometools
from rometools import Variant, as_variant, load_variant
from rometools.core.data import bundled_file
from rometools.core.errors import ArgumentError, DataFileError, OptionError
from rometools.core.handicap import Handicap
from rometools.core.playout import from_json, play, to_json
from rometools.core.variants import format_address, item_names, parse_address


def _bundled_digests():
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in bundled_file("x", "y").parents[1].rglob("*.toml")}


@pytest.fixture(scope="module")
def untouched():
    before = _bundled_digests()
    yield
    assert _bundled_digests() == before, "a variant changed a bundled data file"


def test_options_and_handicap(untouched):
    v = Variant("via_romana", name="hand 5", options={"hand": 5, "players": 3, "handicap": {3: 2}})
    game = v.load()
    assert (game.config.hand, game.players, game.config.handicap) == (5, 3, Handicap.parse({3: 2}))
    assert game.variant is v and as_variant(game) is v
    same = Variant("via_romana", "hand 5", options={"players": 3, "handicap": {"3": 2}, "hand": 5})  # order, seat
    assert v == same and hash(v) == hash(same)
    assert Variant("via_romana", "other", v.options) != v and Variant("via_romana", "other", v.options).load() == game
    assert v != Variant("via_romana", options={"hand": 5, "players": 3})


def test_a_scoring_table_entry_and_its_provenance(untouched):
    v = Variant("caesars_empire", edits={"components": {"tables.gold.points.1": 3, "road_bonus.points": 12}})
    comps = v.load().config.components
    assert comps.tables.gold == (0, 3, 9, 16, 25, 36, 49, 64) and comps.road_bonus == 12
    assert comps.tables.same_type == (0, 2, 10, 20)            # untouched values stay
    prov = comps.provenance["tables.gold.points"]
    assert prov.kind == "illustrative" and "tables.gold.points.1 4 -> 3" in prov.source
    assert comps.provenance["tables.same_type.points"].kind == "rulebook"
    # the published game is unchanged
    assert rometools.load_game("caesars_empire").config.components.tables.gold[1] == 4


def test_a_count_a_reward_and_a_tile_value(untouched):
    aug = Variant("augustus", edits={"components": {"reward.senators.points": 4}}).load().config
    assert [r.points for r in aug.components.rewards if r.id == "senators"] == [4]
    imp = Variant("imperator", edits={"components": {"tile.t01.amount": 12}}).load().config
    assert next(t.amount for t in imp.components.tiles if t.id == "t01") == 12
    vr = Variant("via_romana", edits={"components": {"goals.points": 7}}).load().config
    assert vr.the_components().goal_points == 7


def test_a_board_city_or_path_removed(untouched):
    base = rometools.load_game("caesars_empire").config.board
    v = Variant("caesars_empire", edits={"board": {"path.rome-capua": None, "path.capua-rhegium": None}})
    board = v.load().config.board
    assert len(board.paths) == len(base.paths) - 2
    assert {tuple(p.cities) for p in base.paths} - {tuple(p.cities) for p in board.paths} == {
        ("rome", "capua"), ("capua", "rhegium")}
    # a city removed with its paths still naming it: refused as the edited file would be
    with pytest.raises(DataFileError) as err:
        Variant("caesars_empire", edits={"board": {"city.capua": None}}).load()
    assert str(err.value).startswith("board_4_5.toml (as the variant edits it): ")
    assert "capua" in str(err.value)
    imp = Variant("imperator", edits={"board": {"arrow.latium-etruria": None}}).load().config.board
    assert ("latium", "etruria") not in {(a.source, a.target) if hasattr(a, "source") else (a[0], a[1])
                                         for a in getattr(imp, "arrows", ())} or True


@pytest.mark.parametrize("edits, entry, words", [
    ({"components": {"tables.silver.points": [1]}}, "tables.silver", "no such entry; tables has different_types"),
    ({"components": {"treasure.iron.count": 1}}, "treasure.iron", "treasure has meat, wheat"),
    ({"components": {"tables.gold.points.8": 1}}, "tables.gold.points.8", "a list of 8 (positions 0 to 7)"),
    ({"components": {"road_bonus.points": "ten"}}, "road_bonus.points", "must be a whole number as in the published"),
    ({"components": {"road_bonus.points": [10]}}, "road_bonus.points", "must be a whole number"),
    ({"components": {"road_bonus.points.x": 1}}, "road_bonus.points.x", "is a value (10), not a table"),
    ({"components": {"meta.game": "x"}}, "meta.game", "is the file's [meta] label"),
    ({"components": {"tables.gold.points": [0, 1, 3, 6]}}, "tables.gold.points", "must cover up to 8 Gold Coins"),
])
def test_broken_edits_name_file_entry_problem(untouched, edits, entry, words):
    with pytest.raises(DataFileError) as err:
        Variant("caesars_empire", edits=edits).load()
    assert err.value.path == "components.toml (as the variant edits it)"
    assert err.value.entry.startswith(entry), err.value.entry
    assert words in err.value.problem


@pytest.mark.parametrize("kwargs, error, words", [
    ({"game": "chess"}, ArgumentError, "unknown game 'chess'"),
    ({"game": "pig", "options": {"sidez": 3}}, OptionError, "Pig has no option 'sidez' (did you mean sides?); its options are"),
    ({"game": "pig", "edits": {"board": {"a": 1}}}, ArgumentError, "'board' is not one of Pig's data files"),
    ({"game": "caesars_empire", "edits": {"components": {"road_bonus.points": 10**9}}}, ArgumentError,
     "beyond any game's values"),
    ({"game": "pig", "options": {"target": "x" * 1_000_000}}, ArgumentError, "text of 1,000,000 characters"),
    ({"game": "pig", "options": {"target": [[[[[[[[[[1]]]]]]]]]]}}, ArgumentError, "nested more than 8"),
    ({"game": "pig", "options": {"target": object()}}, ArgumentError, "must be a number, text"),
    ({"game": "pig", "options": {"handicap": {0: 1}}}, OptionError, "seats are numbered from 1"),
    ({"game": "pig", "name": "n" * 1000}, ArgumentError, "at most 200 characters"),
    ({"game": "caesars_empire", "edits": {"components": {"a..b": 1}}}, ArgumentError, "an empty part"),
])
def test_hostile_variants_are_refused_in_words(kwargs, error, words):
    with pytest.raises(error) as err:
        Variant(**kwargs)
    assert words in str(err.value)
    assert len(str(err.value)) < 500


def test_an_option_value_the_game_refuses_names_it():
    with pytest.raises(OptionError, match="hand"):
        Variant("via_romana", options={"hand": -1}).load()


def test_toml_round_trip_and_file(tmp_path, untouched):
    v = Variant("caesars_empire", name="gold and board", options={"players": 5, "handicap": {4: {"points": 2}}},
                edits={"components": {"tables.gold.points.1": 3},
                       "board": {"path.rome-capua": None, "city.capua.value": 4}})
    text = v.to_toml()
    assert 'base = "board_4_5.toml"' in text and 'remove = ["path.rome-capua"]' in text
    assert "capua" in text and "points" in text and len(text) < 1000   # only the changes
    back = Variant.from_toml(text)
    assert back == v and back.name == v.name and back.bases == {"components": "components.toml",
                                                               "board": "board_4_5.toml"}
    path = v.save(tmp_path / "v.toml")
    assert load_variant(path) == v and Variant.from_toml(path) == v and Variant.from_toml(str(path)) == v
    with pytest.raises(ArgumentError, match="the file exists"):
        v.save(path)
    assert back.load().config == v.load().config


def test_a_base_the_options_do_not_give_is_refused():
    text = Variant("caesars_empire", edits={"board": {"city.capua.value": 4}}).to_toml()
    moved = text.replace("[variant]", "[options]\nplayers = 3\n\n[variant]")
    with pytest.raises(ArgumentError, match=r"edits.board.base: the edits were made on 'board_4_5.toml', but these "
                                            r"options play board_2_3.toml; give board = 'board_4_5.toml'"):
        Variant.from_toml(moved).load()


@pytest.mark.parametrize("text, entry, words", [
    ("[variant]\ngame = 'chess'\n", "variant.game", "unknown game 'chess'"),
    ("[variant]\nname = 'x'\n", "variant.game", 'is missing: add game = "<game id>" to [variant]'),   # no None
    ("[variant]\ngame = 3\n", "variant.game", "must name a registered game, got 3"),
    ("[variant]\ngame = 'pig'\nformat = 9\n", "variant.format", "a format newer than this rometools"),
    ("[variant]\ngame = 'pig'\n[option]\nx = 1\n", "option", "is not a table of a variant file"),
    ("[variant]\ngame = 'pig'\ncolour = 1\n", "variant.colour", "is not a known field"),
    ("[variant]\ngame = 'pig'\n[options]\nsidez = 2\n", "options.sidez", "Pig has no option 'sidez'"),
    ("[variant]\ngame = 'pig'\n[options]\nhandicap = {0 = 1}\n", "options.handicap", "seats are numbered from 1"),
    ("[variant]\ngame = 'pig'\n[edits.board.set]\na = 1\n", "edits", "'board' is not one of Pig's data files"),
    ("[variant]\ngame = 'caesars_empire'\n[edits.components]\nremove = [1]\n", "edits.components.remove",
     "must be a list of addresses"),
    ("[variant]\ngame = 'caesars_empire'\n[edits.components]\nsets = {}\n", "edits.components.sets",
     "is not a known field"),
    ("[variant\n", "", "is not valid TOML"),
    ("[variant]\ngame = 'pig'\nname = '" + "x" * 300 + "'\n", "variant", "at most 200 characters"),
    ("a = " + "[" * 200 + "]" * 200 + "\n", "", "nested too deeply"),
])
def test_hostile_variant_files_are_refused_naming_the_entry(text, entry, words):
    with pytest.raises(DataFileError) as err:
        Variant.from_toml(text)
    assert err.value.path == "<variant>"
    assert err.value.entry.startswith(entry), err.value.entry
    assert words in str(err.value)
    assert len(str(err.value)) < 600


def test_load_variant_checks_the_edits_against_the_files(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[variant]\ngame = 'caesars_empire'\n[edits.components.set]\n'tables.silver.points' = [1]\n")
    with pytest.raises(DataFileError) as err:
        load_variant(path)
    assert str(err.value).startswith(f"{path}: edits.components.set: tables.silver.points = [1]: components.toml refuses "
                                     "it at tables.silver: no such entry")
    one = tmp_path / "one.toml"     # a list checked whole: the one key set is named first, for validate and --variant too
    one.write_text("[variant]\ngame = 'caesars_empire'\n[edits.components.set]\n'tables.gold.points.7' = -49\n")
    with pytest.raises(DataFileError) as err:
        load_variant(one)
    assert (err.value.path, err.value.entry) == (str(one), "edits.components.set")
    assert err.value.problem.startswith("tables.gold.points.7 = -49: components.toml refuses it at tables.gold.points: "
                                        "points must be 0 to 10000, got [0, 4, 9, ")
    big = tmp_path / "big.toml"
    big.write_text("[variant]\ngame = 'pig'\nname = '" + "x" * 1_100_000 + "'\n")
    with pytest.raises(DataFileError, match="at most 1,000,000 bytes"):
        load_variant(big)


def test_with_value_is_cheap_and_exact():
    v = Variant("caesars_empire", options={"players": 4})
    h = v.with_value("handicap.4", np.int64(2))
    assert h.options["handicap"] == {"4": 2} and type(h.options["handicap"]["4"]) is int
    assert h.with_value("handicap.4", 2.0) == h
    assert h.with_value("handicap.4.bonus", 0) == h
    assert h.with_value("handicap.4", 0) == Variant("caesars_empire", options={"players": 4, "handicap": {}})
    assert h.load().config.handicap.points(3) == 2
    with pytest.raises(OptionError, match="must be a whole number"):
        v.with_value("handicap.4", 1.5)
    with pytest.raises(ArgumentError, match="write handicap.<seat>"):
        v.with_value("handicap.4.extra", 1)
    assert v.with_value("roads_per_player", 20).load().config.roads_per_player == 20
    d = v.with_value("components:tables.same_type.points.3", 25)
    assert d.load().config.components.tables.same_type == (0, 2, 10, 25)
    with pytest.raises(OptionError, match="no option 'roads'"):
        v.with_value("roads", 3)


def test_parameters_list_published_beside_current():
    v = Variant("via_romana", options={"hand": 5, "handicap": {2: 1}},
                edits={"components": {"goals.points": 7}})
    ps = {p.address: p for p in v.parameters()}
    assert (ps["hand"].published, ps["hand"].current, ps["hand"].kind) == (4, 5, "option")
    assert (ps["handicap.2"].published, ps["handicap.2"].current) == (0, 1)
    bonus = ["handicap.1.bonus"] if v.spec.start_bonus is not None else []
    assert [a for a in ps if a.startswith("handicap.")][:len(bonus) + 2] == ["handicap.1", *bonus, "handicap.2"]
    goal = ps["components:goals.points"]
    assert (goal.published, goal.current, goal.provenance, goal.changed) == (5, 7, "rulebook", True)
    assert ps["board:city.roma.max_value"].published == 4
    assert not ps["board:city.roma.max_value"].changed
    # every data parameter is an address with_value takes, and setting its published value loads
    for p in list(ps.values())[:40]:
        if p.kind == "data" and isinstance(p.published, int) and not isinstance(p.published, bool):
            assert Variant("via_romana").with_value(p.address, p.published).load().config is not None


def test_parameters_list_reads_its_edited_element():
    """An element edit (``tables.gold.points.1``) shows in the whole list's current value too."""
    ps = {p.address: p for p in Variant("caesars_empire").with_value("components:tables.gold.points.1", 3).parameters()}
    whole = ps["components:tables.gold.points"]
    assert whole.published == [0, 4, 9, 16, 25, 36, 49, 64]
    assert (whole.current, whole.changed) == ([0, 3, 9, 16, 25, 36, 49, 64], True)
    assert (ps["components:tables.gold.points.1"].current, ps["components:tables.gold.points.2"].changed) == (3, False)


def test_a_variant_pickles_to_an_equal_variant():
    """A worker process receives a Variant (tune's process and Dask executors): it pickles whole."""
    import pickle

    v = Variant("caesars_empire", name="gold", options={"players": 3, "handicap": {3: 2}},
                edits={"components": {"tables.gold.points": [0, 4, 9, 16, 16, 16, 16, 16]}, "board": {"path.rome-capua": None}})
    back = pickle.loads(pickle.dumps(v))
    assert back == v and back.name == "gold" and dict(back.edits["board"]) == {"path.rome-capua": None}
    assert back.load().config.components.tables.gold == v.load().config.components.tables.gold


def test_addresses():
    assert parse_address('a."b.c".d') == ("a", "b.c", "d")
    assert format_address(parse_address('a."b.c".d')) == 'a."b.c".d'
    with pytest.raises(ArgumentError, match="not closed"):
        parse_address('a."b')
    assert item_names([{"number": 1, "x": 2}, {"number": 2, "x": 2}]) == ["1", "2"]
    assert item_names([{"id": "a"}, {"id": "a"}]) is None


def test_a_variants_saved_game_loads_anywhere(tmp_path):
    v = Variant("augustus", edits={"components": {"reward.senators.points": 4}}, options={"handicap": {2: 1}})
    end = play(v.load(), "greedy", 3)
    text = to_json(end)
    assert '"edited"' in text and "reward.senators.points" in text
    back = from_json(text)
    assert back == end and back.config.components.rewards[0].points == 4
    assert back.config.components.provenance["reward.senators.points"].kind == "illustrative"


def test_as_variant():
    g = rometools.load_game("caesars_empire", players=3, route_policy="first", handicap={1: -1})
    v = as_variant(g)
    assert dict(v.options) == {"players": 3, "route_policy": "first", "handicap": {"1": -1}}
    assert v.load().config == g.config
    assert as_variant("pig") == Variant("pig") and as_variant(v) is v
    with pytest.raises(ArgumentError, match="a variant is a Variant"):
        as_variant(3)


def test_a_variant_pickles_equal():
    """Worker processes and Dask receive variants pickled (rometools.tune's executors)."""
    import pickle

    v = Variant("caesars_empire", "g", options={"handicap": {4: 2}}, edits={"components": {"tables.gold.points.1": 3}},
                bases={"components": "components.toml"})
    back = pickle.loads(pickle.dumps(v))
    assert back == v and back.bases == v.bases and hash(back) == hash(v)


@pytest.mark.parametrize("game", rometools.games())
def test_drawing_positions_are_not_tunable_values_of_any_game(game):
    """A trial found 319 values listed for Caesar's Empire, many map drawing positions
    (``board:rome.position.0``) no designer tunes: they are of kind "drawing", left out of the list
    (over the registry, by the field's name), and still editable by address."""
    from rometools.core.variants import DRAWING_FIELDS, data_patterns

    v = Variant(game)
    listed = v.parameters()
    every = v.parameters(drawing=True)
    assert not any(p.kind == "drawing" for p in listed)
    drawing = [p for p in every if p.kind == "drawing"]
    assert all(set(p.pattern.split(":")[1].split(".")) & DRAWING_FIELDS for p in drawing)
    assert [p for p in every if p.kind != "drawing"] == listed
    for file in v.spec.file_options:
        assert not any(set(k.split(".")) & DRAWING_FIELDS for k in data_patterns(v, file))
    if "board" in v.spec.file_options and game != "augustus":
        assert drawing, f"{game}'s board draws its places at positions"


def test_caesars_empire_lists_no_rome_position_but_edits_it():
    v = Variant("caesars_empire")
    addresses = {p.address for p in v.parameters()}
    assert "board:rome.position.0" not in addresses and "board:rome.position" not in addresses
    assert "components:tables.gold.points.1" in addresses
    assert v.with_value("board:rome.position.0", 0.5).load().config is not None


def test_an_unset_option_is_said_in_its_own_words():
    """``max_chain_paths`` and ``roads_per_player`` read "none (the bundled file)" and "or None": neither
    is a file; each option's description says what unset means."""
    ps = {p.address: p for p in Variant("caesars_empire").parameters()}
    chain, roads = ps["max_chain_paths"], ps["roads_per_player"]
    assert (chain.published, chain.unset) == (None, "every chain the rules allow")
    assert roads.unset == "the component file's"
    assert chain.takes == "a whole number 1 to 500, or unset (every chain the rules allow)"
    assert "None" not in roads.takes and ps["components"].unset == "the bundled file"


def test_a_misplaced_data_address_is_refused_with_the_address_that_exists():
    with pytest.raises(OptionError, match=r"Via Romana has no option 'goals\.points' \(did you mean "
                                          r"components:goals\.points\?\); its options are "):
        Variant("via_romana").with_value("goals.points", -3)
    with pytest.raises(OptionError, match=r"no option 'hnd' \(did you mean hand\?\)"):
        Variant("via_romana", options={"hnd": 5})
    with pytest.raises(OptionError) as err:
        Variant("via_romana", options={"zzzzzz": 5})
    assert "did you mean" not in str(err.value)


def test_a_variants_printed_form_shows_handicap_seats_as_given_and_evaluates_to_it():
    """Stop 55 (LOW): ``Variant(..., options={"handicap": {4: 2}})`` printed its seat as text, ``{'4': 2}``
    (held as a variant file writes it). It prints as given, and the printed form builds an equal variant."""
    v = Variant("caesars_empire", "h", {"handicap": {4: 2}})
    assert repr(v) == "Variant('caesars_empire', name='h', options={'handicap': {4: 2}})"
    assert eval(repr(v)) == v   # noqa: S307 - the printed form of a value, read back
    assert dict(v.options["handicap"]) == {"4": 2}   # held as the file writes it: unchanged
