"""Augustus data files: values with provenance, every validation error named, designer files."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rometools.augustus import GameConfig, load_components, load_objectives
from rometools.augustus.components import components_path, objectives_path
from rometools.core.errors import DataFileError, OptionError

TEST_CARDS = Path(__file__).parent / "data" / "test_objectives.toml"


def test_the_bag_legions_and_rewards_from_the_rulebook():
    c = load_components()
    assert dict(c.bag) == {"double_sword": 6, "shield": 5, "chariot": 4, "catapult": 3, "standard": 2,
                           "dagger": 1, "joker": 2}
    assert c.bag_total == 23 and c.joker == "joker" and c.legions_per_player == 7
    assert (c.central_row, c.dealt, c.kept, c.first_game_dealt, c.objectives_to_end) == (5, 6, 3, 3, 7)
    kinds = Counter(r.kind for r in c.rewards)
    assert kinds == {"colour": 4, "all_colours": 1, "count": 5, "resource": 2} and len(c.rewards) == 12
    assert {r.need: r.points for r in c.rewards if r.kind == "count"} == {2: 2, 3: 4, 4: 6, 5: 8, 6: 10}
    assert c.reward("gold").points == c.reward("wheat").points == 5


def test_every_value_carries_its_provenance():
    c = load_components()
    prov = c.provenance
    assert prov["bag.total"].kind == "rulebook" and "003_d241425e5c31f6f1.txt" in prov["bag.total"].source
    assert prov["token.dagger.count"].kind == "inferred"
    assert prov["token.catapult.count"].kind == "inferred" and "derived" in prov["token.catapult.count"].source
    assert prov["token.joker.joker"].kind == "rulebook" and prov["token.joker.count"].kind == "inferred"
    assert prov["reward.count_3.points"].kind == "inferred" and prov["reward.count_2.points"].kind == "illustrative"
    assert prov["reward.senators.points"].kind == "illustrative" and prov["reward.senators.need"].kind == "rulebook"
    assert prov["setup.legions_per_player"].kind == "rulebook"
    cards = load_objectives()
    assert {p.kind for p in cards.provenance.values()} == {"illustrative"}


def test_the_illustrative_card_set_has_plausible_distributions():
    cards = load_objectives()
    assert cards.numbers == tuple(range(1, 89))
    assert cards.kind_counts == {"senator": 20, "green": 23, "pink": 23, "orange": 22}
    assert Counter(c.size for c in cards.cards) == {2: 6, 3: 22, 4: 30, 5: 20, 6: 10}
    assert Counter(c.produces for c in cards.cards) == {"none": 64, "gold": 12, "wheat": 12}
    assert {c.power.kind for c in cards.cards} == {"none", "extra_legion", "remove_legion", "symbol_as",
                                                   "points_per_colour", "place_legion"}
    assert all(c.power.kind == "none" for c in cards.cards if c.kind == "senator")
    assert sorted(c.number for c in cards.cards if c.slot_counts.get("dagger") == 2) == [2, 23]


def test_a_designer_file_replaces_the_set():
    cards = load_objectives(TEST_CARDS)
    assert len(cards) == 24 and cards.card(7).power.describe() == "double_sword may fill catapult slots"
    cfg = GameConfig(players=2, objectives=TEST_CARDS)
    assert cfg.cards == cards and cfg.to_dict()["objectives"]["file"] == str(TEST_CARDS)
    assert GameConfig.from_dict(cfg.to_dict()) == cfg
    with pytest.raises(OptionError, match="need 41 objective cards"):
        GameConfig(players=6, objectives=TEST_CARDS)


def _edit(tmp_path, source: Path, old: str, new: str, name: str = "f.toml") -> Path:
    text = source.read_text()
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize("old,new,entry,problem", [
    ('id = "shield"', 'id = "double_sword"', "token[1] (id='double_sword').id", "duplicate token id"),
    ('joker = false\ncount = 5', 'joker = true\ncount = 5', "token", "exactly one token kind"),
    ('total = { value = 23', 'total = { value = 24', "bag.total", "add up to 23"),
    ('id = "count_4"\nkind = "count"\nneed = 4', 'id = "count_4"\nkind = "count"\nneed = 3',
     "reward[7] (id='count_4').need", "also needs 3"),
    ('colour = "pink"', 'colour = "purple"', "reward[2] (id='pink').colour", "must be one of"),
    ('resource = "gold"', 'resource = "oil"', "reward[10] (id='gold').resource", "must be one of"),
    ('kind = "all_colours"', 'kind = "all_colours"\ncolour = "green"', "reward[4] (id='all_colours').colour",
     "is not used"),
    ('kept = { value = 3', 'kept = { value = 7', "setup.kept", "7 kept out of 6"),
    ('players = { value = [2, 6]', 'players = { value = [6, 2]', "setup.players", "fewest, most"),
    ('legions_per_player = { value = 7', 'legions_per_player = { value = "7"', "setup.legions_per_player",
     "must be a whole number, got '7'"),
])
def test_broken_component_files_are_named(tmp_path, old, new, entry, problem):
    path = _edit(tmp_path, components_path(), old, new)
    with pytest.raises(DataFileError) as err:
        load_components(path)
    assert err.value.entry == entry and problem in err.value.problem, str(err.value)


@pytest.mark.parametrize("old,new,entry,problem", [
    ("number = 2\n", "number = 1\n", "objective[1] (number=1).number", "duplicate number"),
    ('kind = "pink"', 'kind = "purple"', "objective[0] (number=1).kind", "must be one of"),
    ('produces = "none"', 'produces = "oil"', "objective[0] (number=1).produces", "must be one of"),
    ("slots = { double_sword = 1, chariot = 1, standard = 1 }", "slots = { joker = 1, chariot = 1 }",
     "objective[0] (number=1).slots.joker", "not a slot symbol"),
    ("slots = { double_sword = 1, chariot = 1, standard = 1 }", "slots = { dagger = 1 }",
     "objective[0] (number=1).slots", "2 to 6 slots"),
    ("slots = { double_sword = 1, chariot = 1, standard = 1 }", "slots = { double_sword = 7 }",
     "objective[0].slots.double_sword", "less than or equal to 6"),  # schema errors: by index
    ('counts_as = "catapult"', 'counts_as = "shield"', "objective[0] (number=1).power.counts_as",
     "must differ"),
    ('power = { kind = "symbol_as"', 'power = { kind = "fly"', "objective[0].power", "tag 'fly'"),
])
def test_broken_objective_files_are_named(tmp_path, old, new, entry, problem):
    path = _edit(tmp_path, objectives_path(), old, new)
    with pytest.raises(DataFileError) as err:
        load_objectives(path)
    assert err.value.entry.startswith(entry) and problem in err.value.problem, str(err.value)


def test_a_missing_provenance_and_a_missing_file_are_named(tmp_path):
    path = _edit(tmp_path, objectives_path(), 'provenance = "illustrative"\n', "")
    with pytest.raises(DataFileError, match="objectives.*required but missing|provenance"):
        load_objectives(path)
    with pytest.raises(DataFileError, match="cannot be read"):
        load_components(tmp_path / "nope.toml")


def test_components_objectives_config_and_a_state_pickle_and_deepcopy_equal():
    """``pickle.dumps`` of a GameConfig, Components, ObjectiveSet or a state raised "cannot pickle
    'mappingproxy' object" (the provenance, the cached ``bag`` and ``by_number``): no worker process,
    Dask or deepcopy could take an Augustus game."""
    import copy
    import pickle
    from types import MappingProxyType

    from rometools.augustus import apply, legal_actions, new_game

    c, o = load_components(), load_objectives()
    assert c.bag["shield"] == 5 and o.by_number[1].number == 1   # the cached read-only tables filled too
    state = new_game(GameConfig(players=3), rng=4)
    for _ in range(3):
        state = apply(state, legal_actions(state)[0])
    for value in (c, o, GameConfig(players=3), state):
        for back in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
            assert back == value and back is not value
    back = pickle.loads(pickle.dumps(c))
    assert type(back.bag) is MappingProxyType and back.bag["shield"] == 5 and back.bag_total == 23
    assert type(back.provenance) is MappingProxyType
    assert back.provenance["setup.legions_per_player"] == c.provenance["setup.legions_per_player"]
    objectives = pickle.loads(pickle.dumps(o))
    assert len(objectives) == 88 and objectives.by_number[88] == o.card(88)
    assert sum(pickle.loads(pickle.dumps(state)).bag_left().values()) == sum(state.bag_left().values())


#: A hand-made components file: 3 shields, 0 daggers and ``{joker}`` jokers (``{total}`` tokens), one reward.
HAND_MADE = """\
[[token]]
id = "shield"
name = "Shield"
name_fr = "Bouclier"
joker = false
count = 3
provenance = "illustrative"

[[token]]
id = "dagger"
name = "Dagger"
name_fr = "Poignard"
joker = false
count = 0
provenance = "illustrative"

[[token]]
id = "joker"
name = "Joker"
name_fr = "Joker"
joker = true
count = {joker}
provenance = "illustrative"

[bag]
total = {total}
provenance = "illustrative"

[setup]
legions_per_player = 7
central_row = 5
dealt = 6
kept = 3
first_game_dealt = 3
objectives_to_end = 7
legions_in_box = 48
players = [2, 6]
provenance = "illustrative"

[[reward]]
id = "count_3"
kind = "count"
need = 3
points = 4
provenance = "illustrative"
"""

#: The loader's words for a bag whose joker count is 0 (AU-15).
NO_JOKER = ("the bag needs at least one joker, got 0: drawing the joker is what puts every token back in the bag "
            "(Le jeton joker), so a bag without one runs out and the game cannot go on")


def test_a_bag_without_a_joker_is_refused_naming_the_file_and_the_joker_count(tmp_path):
    """fix55b (HIGH): a bag with 0 jokers loaded, then every game on it stopped with "chance weights must be one
    whole number > 0 per outcome (0 outcomes)": the joker is the bag's only refill (Le jeton joker, AU-15)."""
    one = tmp_path / "one_joker.toml"
    one.write_text(HAND_MADE.format(joker=1, total=4))
    assert dict(load_components(one).bag) == {"shield": 3, "dagger": 0, "joker": 1}   # 0 daggers: allowed
    none = tmp_path / "no_joker.toml"
    none.write_text(HAND_MADE.format(joker=0, total=3))
    with pytest.raises(DataFileError) as err:
        load_components(none)
    assert (err.value.path, err.value.entry, err.value.problem) == (str(none), "token[2] (id='joker').count", NO_JOKER)
    assert str(err.value) == f"{none}: token[2] (id='joker').count: {NO_JOKER}"
    with pytest.raises(DataFileError, match=re.escape(f"{none}: token[2] (id='joker').count: {NO_JOKER}")):
        GameConfig(players=2, components=none)                                   # nothing half-loaded


@pytest.mark.parametrize("counts", [{"joker": 0}, {"joker": 0, "dagger": 0}], ids=["no joker", "no joker nor dagger"])
def test_validate_and_simulate_refuse_a_bag_without_a_joker(tmp_path, capsys, counts):
    """The trial's file (the bag page's Save, Joker 0): ``validate`` said "valid"; ``simulate`` exited 2 in
    the engine's words naming neither file nor count. Both name the file, the entry and the rule now."""
    from rometools.augustus.components import bag_file_with_counts
    from rometools.cli import main

    path = tmp_path / "aug_joker0.toml"
    path.write_text(bag_file_with_counts({**load_components().bag, **counts}))
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().err == f"invalid: {path}: token[6] (id='joker').count: {NO_JOKER}\n"
    assert main(["simulate", "augustus", "--players", "2", "--games", "5", "--option", f"components={path}",
                 "--quiet"]) == 2
    assert capsys.readouterr().err == (f"rometools simulate: --option components={path}: {path}: "
                                       f"token[6] (id='joker').count: {NO_JOKER}\n")


def test_an_edited_bag_total_says_the_files_comments_describe_the_published_bag():
    """Trial (LOW): a bag downloaded with 25 tokens kept the file's comment "the total is 23" above it,
    unremarked. The edited total says so on its own line; an unchanged total is left as published."""
    from rometools.augustus.components import bag_file_with_counts

    text = bag_file_with_counts({"joker": 3, "dagger": 2})
    line, = (line for line in text.splitlines() if line.startswith("total"))
    assert line.endswith("# edited: 25 tokens; comments elsewhere describe the bag of 23"), line
    assert "the total is 23" in text          # the published comment itself is the file's, kept
    same, = (line for line in bag_file_with_counts({"joker": 2}).splitlines() if line.startswith("total"))
    assert "#" not in same and "value = 23" in same
