"""The counts editor (issue "What a designer tripped on"): a component mix edited as a table of
kinds and counts beside the published one, checked as the file is, saved as a file a designer
keeps; in TileOddsExplorer (IMPERATOR's tile mix) and BagExplorer (Augustus's bag)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from rometools.augustus.components import bag_file_with_counts
from rometools.augustus.components import load_components as load_augustus
from rometools.augustus.odds import draw_tokens
from rometools.cli import main
from rometools.core.data import load_text
from rometools.imperator import reveal_curves
from rometools.imperator.components import load_components as load_imperator
from rometools.imperator.components import tile_file_with_counts
from rometools.widgets import BagExplorer, TileOddsExplorer
from rometools.widgets._base import plain_text

#: load_components' refusal of a bag whose joker count is 0 (AU-15), as the bag page quotes it.
NO_JOKER = ("the bag needs at least one joker, got 0: drawing the joker is what puts every token back in the bag "
            "(Le jeton joker), so a bag without one runs out and the game cannot go on")

def test_three_propraetor_tiles_change_the_exact_odds_as_the_hypergeometric_says():
    ex = TileOddsExplorer(players=2, rounds=2, trials=0)
    assert ex.figure_data()["im-odds-propraetor"]["customdata"][0] == "1/5"       # 1 of 20, 4 regions
    assert ex.set_values(counts={"propraetor": 3}) is True
    # 22 tiles now, 3 of them Propraetors: 1 - C(19, 4) / C(22, 4) in round 1
    assert Fraction(ex.figure_data()["im-odds-propraetor"]["customdata"][0]) == 1 - Fraction(comb(19, 4), comb(22, 4))
    edited = load_text(load_imperator, tile_file_with_counts({"propraetor": 3}), "mix.toml")
    curve = reveal_curves(2, 2, kinds=["propraetor"], components=edited)["propraetor"].revealed
    assert ex.figure_data()["im-odds-propraetor"]["customdata"] == [str(p) for p in curve]
    assert "edited mix of 22 tiles" in ex.figure_data()["title"]
    assert ex.values()["counts"] == {**load_imperator().kind_counts, "propraetor": 3}
    ex.counts_editor._reset.click()                                                # "Published mix"
    assert ex.figure_data()["im-odds-propraetor"]["customdata"][0] == "1/5" and not ex.counts_editor.edited()


def test_the_edited_mix_agrees_with_a_seeded_simulation():
    ex = TileOddsExplorer(players=3, rounds=3, trials=4000, seed=5, counts={"any_worker_value": 5})
    data = ex.figure_data()
    exact = [Fraction(p) for p in data["im-odds-any_worker_value"]["customdata"]]
    hits = data["im-odds-sim-any_worker_value"]["y"]
    for p, rate in zip(exact, hits, strict=True):     # each round within 4 standard errors of the exact value
        assert abs(rate - float(p)) < 4 * (float(p) * (1 - float(p)) / 4000) ** 0.5 + 1e-9


def test_a_mix_the_file_check_refuses_is_said_and_changes_nothing():
    ex = TileOddsExplorer(players=4, rounds=2, trials=0)
    before = (ex.values(), ex.figure_data())
    assert ex.set_values(counts={k: 0 for k in ex.values()["counts"]}) is False
    assert ex.message == ("Cannot update: Usable once (denarii, resources) tiles 0 and Points by current stock tiles 0 "
                          "and Political influence (statue) tiles 0 and 2 more would leave no tiles at all (the chart "
                          "still shows the last valid input)")
    assert (ex.values(), ex.figure_data()) == before
    assert ex.set_values(counts={"propraetor": 2.5}) is False
    assert "Counts: Propraetor (banner) tiles must be a whole number 0 to 40, got 2.5" in ex.message
    ex.counts_editor.boxes["propraetor"].value = 41                               # typed in the box
    assert "Propraetor (banner) tiles must be a whole number 0 to 40, got 41" in ex.message
    assert ex.counts_editor.boxes["propraetor"].value == 1 and (ex.values(), ex.figure_data()) == before


def test_the_saved_mix_is_a_data_file_a_designer_keeps(tmp_path, capsys):
    ex = TileOddsExplorer(players=2, rounds=2, trials=0, counts={"instant_points": 8, "propraetor": 3})
    out = ex.counts_editor.save(tmp_path / "my_tiles.toml")
    kept = load_imperator(out)
    assert kept.kind_counts == {**load_imperator().kind_counts, "instant_points": 8, "propraetor": 3}
    assert "counts editor" in out.read_text(encoding="utf-8")
    assert main(["validate", str(out)]) == 0
    with pytest.raises(ValueError, match="exists; give another name"):
        ex.counts_editor.save(out)
    ex.counts_editor._path.value = str(tmp_path / "notes.txt")
    ex.counts_editor._save.click()
    assert "write a .toml file" in plain_text(ex.counts_editor.status.value)


def test_a_third_joker_in_the_bag_draws_as_the_rule_says():
    ex = BagExplorer(seed=3, draws=0, counts={"joker": 3})
    assert ex.figure_data()["au-next-token"]["customdata"][-1] == "1/8"          # 3 jokers of 24 tokens
    bag = {**load_augustus().bag, "joker": 3}
    assert ex.set_values(draws=6) is True
    steps = draw_tokens(6, rng=3, bag=bag)
    left = dict(steps[-1]["before"]) if not steps[-1]["reset"] else dict(bag)
    if not steps[-1]["reset"]:
        left[steps[-1]["token"]] -= 1
    assert ex.bag_left() == left
    text = bag_file_with_counts({"joker": 3})
    assert load_text(load_augustus, text, "my_bag.toml").bag_total == 24
    assert ex.set_values(counts={"joker": "3"}) is False and "Counts: Joker tokens must be a whole number" in ex.message


def test_the_file_editors_refuse_unknown_kinds_and_keep_the_published_file_when_nothing_changes():
    from rometools.core.data import bundled_file
    from rometools.core.errors import ArgumentError

    published = bundled_file("imperator", "components.toml").read_text(encoding="utf-8")
    assert tile_file_with_counts({}) == published and tile_file_with_counts(load_imperator().kind_counts) == published
    with pytest.raises(ArgumentError, match="unknown tile kind 'statue'"):
        tile_file_with_counts({"statue": 1})
    with pytest.raises(ArgumentError, match="unknown token 'sword'"):
        bag_file_with_counts({"sword": 1})
    fewer = load_text(load_imperator, tile_file_with_counts({"instant_points": 4}), "fewer.toml")
    assert len(fewer.tiles) == 14 and sum(t.marker == 1 for t in fewer.tiles) + sum(
        t.marker == 5 for t in fewer.tiles) == 14


def test_an_edited_tile_count_records_the_count_it_replaced():
    """The provenance of an edited count names the published count and the new one (it said "{} -> 5":
    the entry was read after it was replaced; trial56a)."""
    import tomlkit

    published = load_imperator().kind_counts["propraetor"]
    doc = tomlkit.parse(tile_file_with_counts({"propraetor": 5}))
    count = next(e["count"] for e in doc["totals"]["kind"] if e["id"] == "propraetor")
    assert count["value"] == 5 and count["source"].endswith(f"components.toml: {published} -> 5")
    assert published == 1


@pytest.mark.parametrize(("make", "kind", "name", "unit"), [
    (lambda: TileOddsExplorer(players=2, rounds=2, trials=0), "propraetor", "Propraetor (banner)", "tiles"),
    (lambda: TileOddsExplorer(players=2, rounds=2, trials=0), "usable_once", "Usable once (denarii, resources)",
     "tiles"),
    (lambda: BagExplorer(), "joker", "Joker", "tokens"),
    (lambda: BagExplorer(), "double_sword", "Double sword", "tokens"),
])
def test_a_count_box_is_named_as_its_row_reads_with_the_rulebooks_noun(make, kind, name, unit):
    """A refused count named its box "Count of Joker": the kind as its row reads, with the rulebook's noun
    (IMPERATOR's Reward tiles, Augustus's Mobilisation tokens), typed in the box or given to set_values
    alike; the kinds' column is headed by that noun."""
    ex = make()
    assert ex.field_label(f"count_{kind}") == f"{name} {unit}"
    assert f">{unit.capitalize()}</th>" in ex.counts_editor.view.children[1].value
    published = ex.counts_editor.published[kind]
    ex.counts_editor.boxes[kind].value = 41                                       # typed in the box
    assert ex.message == (f"Cannot update: {name} {unit} must be a whole number 0 to 40, got 41 ({name} {unit} put "
                          f"back to {published}, the value the chart shows)")
    assert ex.set_values(counts={kind: 41}) is False
    assert ex.message.startswith(f"Cannot update: Counts: {name} {unit} must be a whole number 0 to 40, got 41 (")



def test_a_count_that_breaks_the_bag_is_put_back_to_the_value_the_chart_shows():
    """Trial: 0 typed in every count box in turn left "Dagger 0" and "Joker 0" in the boxes under a chart
    of dagger 1, joker 2, with a message naming my_bag.toml (only the Save as box's placeholder) and the
    file's keys (token:, bag.total). The box that breaks the mix goes back; the message says why in the
    box's and the game's words."""
    ex = BagExplorer()
    said = {}
    for kind, box in ex.counts_editor.boxes.items():
        box.value = 0                                                             # typed in the box
        said[kind] = ex.message
        assert ex.bag_left() == ex.counts_editor.counts()                         # the chart's bag is the boxes'
    assert said["dagger"] == ("Cannot update: Dagger tokens 0 would make a mix the rules refuse: the bag needs at least "
                              "one token that is not the joker (Dagger tokens put back to 1, the value the chart shows)")
    assert said["joker"] == (f"Cannot update: Joker tokens 0 would make a mix the rules refuse: {NO_JOKER} "
                             "(Joker tokens put back to 2, the value the chart shows)")
    assert ex.counts_editor.counts() == {"double_sword": 0, "shield": 0, "chariot": 0, "catapult": 0, "standard": 0,
                                         "dagger": 1, "joker": 2}
    assert ex.figure_data()["au-next-token"]["customdata"] == ["0", "0", "0", "0", "0", "1/3", "2/3"]
    assert not any("toml" in m or "bag.total" in m or "token:" in m for m in said.values())


def test_a_count_or_a_player_count_leaving_too_few_tiles_is_put_back():
    """Trial (IMPERATOR, 4 players): Usable once 0, then Points by current stock 0 left 4 tiles for 6 regions;
    the box kept 0 under a chart of "edited mix of 10 tiles". Now the box goes back to 10; so does Players
    when more players would need more regions than the edited mix has tiles."""
    ex = TileOddsExplorer(players=4, rounds=2, trials=0)
    ex.counts_editor.boxes["usable_once"].value = 0
    assert ex.message == "" and "edited mix of 14 tiles" in ex.figure_data()["title"]
    ex.counts_editor.boxes["instant_points"].value = 0
    assert ex.message == ("Cannot update: Points by current stock tiles 0 would leave 4 tiles for the 6 regions of "
                          "4 players, one tile a region (Points by current stock tiles put back to 10, the value the "
                          "chart shows)")
    assert ex.counts_editor.counts()["instant_points"] == 10 and sum(ex.counts_editor.counts().values()) == 14
    assert "edited mix of 14 tiles" in ex.figure_data()["title"]
    small = TileOddsExplorer(players=2, rounds=2, trials=0, counts={"usable_once": 0, "instant_points": 0})
    assert "4 regions" in small.figure_data()["title"] and "edited mix of 4 tiles" in small.figure_data()["title"]
    small.players_input.value = 5
    assert small.message == ("Cannot update: Players 5 would leave 4 tiles for the 7 regions of 5 players, one tile a "
                             "region (Players put back to 2, the value the chart shows)")
    assert small.players_input.value == 2


@pytest.mark.parametrize("make", [lambda: TileOddsExplorer(players=2, rounds=2, trials=0), BagExplorer])
def test_each_count_box_is_labelled_with_its_kind(make):
    """Trial: the count inputs had no accessible name (labels[0].innerText empty in the browser): each box
    carries its kind's name as its description, the label ipywidgets gives its input."""
    ex = make()
    for kind, name in ex.counts_editor.kinds:
        assert ex.counts_editor.boxes[kind].description == name


def test_the_tile_odds_table_says_an_exact_value_is_exact_however_long_its_fraction():
    """Trial: 11919/12920, too long for the table, read "about 92.3%", the word of a simulated estimate."""
    ex = TileOddsExplorer(players=4, rounds=2, trials=0)
    assert ex.figure_data()["im-odds-usable_once"]["customdata"] == ["11919/12920", "3844/4845"]
    assert float(Fraction(11919, 12920)) == pytest.approx(0.92252, abs=1e-5)
    table = ex.figure_data()["table"]
    assert "Usable once (denarii, resources) 92.3% (exact, rounded) 3,844/4,845 (79%);" in table
    assert "about" not in table


def test_a_joker_count_of_0_is_put_back_in_the_loaders_words(tmp_path):
    """fix55b (HIGH): 12 tokens drawn, Joker 0 was accepted and Save wrote a bag the game cannot play
    (simulate: "chance weights must be one whole number > 0 per outcome (0 outcomes)"). The joker is the
    bag's only refill (AU-15): load_components refuses the file, so the box goes back, in its words, at any
    number of draws; set_values and the constructor are refused the same, 0 daggers too."""
    from rometools.widgets import BagExplorer

    ex = BagExplorer()
    for _ in range(12):
        ex.draw_one()
    before = (ex.bag_left(), ex.figure_data())
    ex.counts_editor.boxes["joker"].value = 0                                     # typed in the box
    assert ex.message == (f"Cannot update: Joker tokens 0 would make a mix the rules refuse: {NO_JOKER} "
                          "(Joker tokens put back to 2, the value the chart shows)")
    assert ex.counts_editor.counts()["joker"] == 2 and not ex.counts_editor.edited()
    assert ex.draws == 12 and (ex.bag_left(), ex.figure_data()) == before
    ex.counts_editor._path.value = str(tmp_path / "aug_joker0.toml")                 # Save: the mix the boxes show
    ex.counts_editor._save.click()
    assert ex.counts_editor.status.value.startswith(f"Saved {tmp_path / 'aug_joker0.toml'}")
    assert load_augustus(tmp_path / "aug_joker0.toml").bag["joker"] == 2
    assert main(["validate", str(tmp_path / "aug_joker0.toml")]) == 0
    assert ex.set_values(counts={"joker": 0}) is False
    assert ex.message == (f"Cannot update: Joker tokens 0 would make a mix the rules refuse: {NO_JOKER} "
                          "(the chart still shows the last valid input)")
    assert ex.counts_editor.counts()["joker"] == 2 and (ex.bag_left(), ex.figure_data()) == before
    fresh = BagExplorer(counts={"dagger": 0, "joker": 0})
    assert fresh.message.startswith(f"Cannot update: Dagger tokens 0 and Joker tokens 0 would make a mix the rules "
                                    f"refuse: {NO_JOKER}")
    assert fresh.counts_editor.counts() == fresh.counts_editor.published
    no_dagger = BagExplorer(counts={"dagger": 0}, draws=30)                     # jokers left: a bag the rules allow
    assert no_dagger.message == "" and no_dagger.counts_editor.counts()["dagger"] == 0 and no_dagger.draws == 30


@pytest.mark.parametrize("make", [BagExplorer, TileOddsExplorer], ids=["bag", "tiles"])
def test_a_refused_count_is_said_beside_the_count_boxes_and_another_refusal_where_it_was(make):
    """trial54b: the bag page's refusal of a count appeared far above its boxes, over the chart. A
    refusal of the mix is said under the count boxes (above Published mix and Save); a refusal of
    another control, or of set_values(seed=...), back where the explorer says it; the boxes are put
    back as before."""
    ex = make()
    home = list(ex.children).index(ex._message)
    view = ex.counts_editor.view
    last = list(ex.counts_editor.boxes.values())[-1]
    last.value = 500
    assert ex.message.startswith("Cannot update: ") and "put back to" in ex.message
    rows = list(view.children)
    assert ex._message not in ex.children and ex._message in rows
    at = rows.index(ex._message)
    assert last in rows[at - 1].children and rows[at + 1] is ex.counts_editor.buttons_row   # under the last box
    ex._controls["seed"].value = -1
    assert ex.message.startswith("Cannot update: Seed must be a whole number")
    assert ex._message not in view.children and list(ex.children).index(ex._message) == home
    assert ex.set_values(counts={next(iter(ex.counts_editor.boxes)): 99}) is False    # set_values names Counts
    assert ex.message.startswith("Cannot update: Counts: ") and ex._message in view.children
    assert ex.set_values(seed=-2) is False and list(ex.children).index(ex._message) == home


def test_an_edited_count_is_marked_beside_its_published_one():
    """A trial could not tell which of the bag's counts differed from the published game: the published
    column now marks each edited count with its difference, and the mark follows the box (put back after
    a refusal, or Published mix)."""
    ex = BagExplorer()
    editor = ex.counts_editor
    cells = editor._published_cells

    def column() -> dict[str, str]:
        return {kind: plain_text(cell.value) for kind, cell in cells.items()}

    published = {"double_sword": "6", "shield": "5", "chariot": "4", "catapult": "3", "standard": "2", "dagger": "1",
                 "joker": "2"}
    assert column() == published and "rt-count-edited" not in "".join(c.value for c in cells.values())
    editor.boxes["joker"].value = 3                                               # typed: a third joker
    editor.boxes["shield"].value = 0
    assert column() == {**published, "joker": "2 edited (+1)", "shield": "5 edited (-5)"}
    assert "class='rt-count-edited'" in cells["joker"].value and ex.bag_left()["joker"] == 3
    assert ex.set_values(counts={"joker": 2}) and column() == {**published, "shield": "5 edited (-5)"}
    for kind in ("double_sword", "chariot", "catapult", "standard"):
        editor.boxes[kind].value = 0
    editor.boxes["dagger"].value = 0                                              # refused: put back to 1, unmarked
    assert ex.message.startswith("Cannot update: Dagger tokens 0 would make a mix the rules refuse")
    assert column() == {"double_sword": "6 edited (-6)", "shield": "5 edited (-5)", "chariot": "4 edited (-4)",
                        "catapult": "3 edited (-3)", "standard": "2 edited (-2)", "dagger": "1", "joker": "2"}
    editor._reset.click()                                                         # "Published mix"
    assert column() == published
    tiles = TileOddsExplorer(trials=0)                                            # the other editor, same marks
    assert tiles.set_values(counts={"propraetor": 3})
    assert plain_text(tiles.counts_editor._published_cells["propraetor"].value) == "1 edited (+2)"
