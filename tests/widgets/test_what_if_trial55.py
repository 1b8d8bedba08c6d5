"""The what-if studio after a fresh-user trial (fix55c): messages that describe the current state,
a loaded file's Tune parameter, Published and Tune this on an entry of a list changed whole, and the
New value box of an unset value."""

from __future__ import annotations

from datetime import datetime

from rometools import Variant
from rometools.widgets.what_if import VariantStudio

GOLD = "components:tables.gold.points"
FLAT = [0, 4, 9, 16, 16, 16, 16, 16]
STEEP = Variant("caesars_empire", "steep gold").with_value(f"{GOLD}.7", -49).to_toml()


def _file(name: str, content: bytes) -> tuple[dict]:
    return ({"name": name, "type": "text/plain", "size": len(content), "content": memoryview(content),
             "last_modified": datetime(2026, 12, 5)},)


# ----------------------------------------------------------------- 1, 2: a file's refusal, said once, then gone
def test_a_refused_upload_is_said_once_and_goes_at_the_next_action():
    ex = VariantStudio(files="upload")
    ex._upload.value = _file("steep.toml", STEEP.encode())
    assert ex.message.startswith("Cannot update: Variant file: steep.toml: edits.components.set: "
                                 "tables.gold.points.7 = -49: components.toml refuses it")
    assert ex._file_status.value == ""     # said once: no "Cannot load steep.toml: see the message below."
    ex._pick.value = "handicap.4"
    ex._new_value.value = "2"
    ex._set_button.click()                 # a valid Set: nothing about the file any more
    assert ex.values()["changes"] == {"handicap.4": 2}
    assert ex.message == "" and ex._file_status.value == ""
    ex._upload.value = _file("steep.toml", STEEP.encode())
    ex._new_value.value = "2.5"            # refused for another reason: only that reason on the page
    ex._set_button.click()
    assert ex.message.startswith("Cannot update: New value: handicap.4: must be a whole number")
    assert ex._file_status.value == "" and "steep.toml" not in ex.message


def test_a_loaded_file_line_goes_once_the_question_changes():
    ex = VariantStudio(files="upload")
    ok = Variant("caesars_empire", "flat gold").with_value(GOLD, FLAT).to_toml()
    ex._upload.value = _file("flat.toml", ok.encode())
    assert "Loaded flat.toml" in ex._file_status.value
    ex._changes_box.value = "hand = 5"     # refused: the file line no longer stands beside it
    assert ex.message.startswith("Cannot update: Changes: ") and ex._file_status.value == ""


def test_in_a_notebook_a_refused_load_goes_at_the_next_save(tmp_path):
    ex = VariantStudio("via_romana", players=3, changes={"hand": 5})
    ex._file.value = str(tmp_path / "nonexist.toml")
    ex._load_button.click()
    assert ex.message.startswith("Cannot update: Variant file: ") and "nonexist.toml" in ex.message
    assert ex._file_status.value == ""     # said once, in the message
    ex._file.value = str(tmp_path / "hand5.toml")
    ex._save_button.click()
    assert "Saved" in ex._file_status.value and ex.message == ""
    ex._save_button.click()                # refused: the file exists
    assert "exists and the studio never replaces a file" in ex._file_status.value
    assert ex.message == "" and "nonexist" not in ex._file_status.value


# ----------------------------------------------------------------- 3: a loaded file's players aim Tune
def test_loading_another_games_variant_aims_tune_at_its_last_seat(tmp_path):
    five = Variant("via_romana", "hand five", {"players": 4, "hand": 5})
    path = five.save(tmp_path / "hand_five.toml")
    ex = VariantStudio("augustus")
    assert ex.load(path)
    assert (ex._game.value, ex._players.value, ex.values()["parameter"]) == ("via_romana", 4, "handicap.4")
    app = VariantStudio("augustus", files="upload")
    app._upload.value = _file("hand_five.toml", five.to_toml().encode())
    assert (app._players.value, app.values()["parameter"]) == (4, "handicap.4")
    three = Variant("via_romana", "hand five", {"players": 3, "hand": 5})   # the same game, fewer players
    assert ex.load(three) and ex.values()["parameter"] == "handicap.3"


# ----------------------------------------------------------------- 4: Published on an entry of a whole list
def test_published_on_an_entry_of_a_list_changed_whole_is_refused_naming_why():
    ex = VariantStudio(changes={GOLD: FLAT})
    ex._pick.value = f"{GOLD}.4"
    ex._unset_button.click()
    assert ex.message.startswith(
        f"Cannot update: Published: {GOLD}.4 is held by the change {GOLD} = [0, 4, 9, 16, 16, 16, 16, 16] (the "
        "whole list); its published 25 there is refused: components.toml (as the variant edits it): "
        "tables.gold.points: points must not decrease with the collection size, got [0, 4, 9, 16, 25, 16, 16, 16]")
    assert ex.values()["changes"] == {GOLD: FLAT} and ex._pick.value == f"{GOLD}.4"


def test_published_on_an_entry_of_a_list_changed_whole_puts_it_back_in_the_list():
    ex = VariantStudio(changes={GOLD: [0, 4, 9, 16, 30, 40, 49, 64]})
    ex._pick.value = f"{GOLD}.4"
    ex._unset_button.click()
    assert ex.values()["changes"] == {GOLD: [0, 4, 9, 16, 25, 40, 49, 64]}
    assert ex._changes_box.value == f"{GOLD} = [0, 4, 9, 16, 25, 40, 49, 64]"
    assert ex.message == f"Note: {GOLD}.4 put back to its published 25 inside the change {GOLD}."
    ex._pick.value = f"{GOLD}.5"
    ex._unset_button.click()               # the whole list published again: the line goes
    assert ex.values()["changes"] == {}
    assert ex.message.endswith("(now the published list: that line is gone).")
    ex._pick.value = "route_policy"
    ex._unset_button.click()               # nothing to put back: said, not silent
    assert ex.message == "Note: route_policy is already its published value (self_then_leader): nothing to put back."


def test_published_on_a_whole_list_drops_its_entries_changed_one_by_one():
    ex = VariantStudio(changes={f"{GOLD}.4": 30, f"{GOLD}.7": 70})
    ex._pick.value = GOLD
    ex._unset_button.click()
    assert ex.values()["changes"] == {} and ex.message == ""


# ----------------------------------------------------------------- 5: Tune this offers Values the data accepts
def test_tune_this_offers_values_the_data_accepts():
    ex = VariantStudio()
    ex._pick.value = f"{GOLD}.4"           # published [0, 4, 9, 16, 25, 36, 49, 64]: 16 to 36 keep it rising
    ex._tune_this.click()
    assert (ex._tab.value, ex._parameter.value, ex._values.value) == ("tune", f"{GOLD}.4", "20:35:5")
    assert ex.message.startswith(f"Note: Values '0:60:10' do not fit {GOLD}.4: 0 is refused (components.toml")
    assert ex.message.endswith("Values set to 20:35:5 (around 25), each accepted.")
    ex._values.value = "0:60:10"           # refused as typed for gold.points.4 (0 does not fit it, trial58)
    assert ex._values.value == "20:35:5" and ex.message.startswith(f"Cannot update: Values: {GOLD}.4 = 0: ")
    ex._pick.value = "handicap.4"          # 0:60:10 fits a handicap: kept, nothing said
    assert ex.set_values(parameter="handicap.4", values="0:60:10")
    ex._tune_this.click()
    assert (ex._parameter.value, ex._values.value, ex.message) == ("handicap.4", "0:60:10", "")
    ex._pick.value = "roads_per_player"    # unset: around what the game plays, the component file's 25
    ex._tune_this.click()
    assert ex._values.value == "5:50:5" and ex.message.startswith(
        "Note: Values '0:60:10' do not fit roads_per_player: 0 is refused (roads_per_player must be a whole number "
        "1 to 500")
    assert ex.set_values(parameter="handicap.4", values="0:60:10")
    ex._pick.value = "max_chain_paths"     # unset, every chain the rules allow: from its lowest, 1
    ex._tune_this.click()
    assert ex._values.value == "1:6:1" and ex.message.endswith("Values set to 1:6:1 (around 1), each accepted.")


def test_tune_this_says_at_once_when_no_value_fits():
    ex = VariantStudio(changes={GOLD: FLAT})
    ex._pick.value = f"{GOLD}.4"           # 16 between 16 and 16: it cannot vary
    ex._tune_this.click()                  # refused, nothing changed: Values never kept where they do not fit
    assert (ex._parameter.value, ex._values.value, ex._tab.value) == ("handicap.4", "0:60:10", "compare")
    assert ex.message.startswith(f"Cannot update: Values '0:60:10' do not fit {GOLD}.4: 0 is refused")
    assert ex.message.endswith(f"only 16 itself is accepted, no value around it: {GOLD}.4 cannot vary in this variant "
                               "(change the values beside it first) (the question and the results stay as they were)")


# ----------------------------------------------------------------- 6: an unset value greyed in New value
def test_an_unset_value_shows_what_the_game_uses_greyed():
    ex = VariantStudio()
    assert ex._pick.value == "board" and ex._new_value.value == ""
    assert ex._new_value.placeholder == "board_4_5"
    ex.set_values(players=3)
    ex._pick.value = "components"
    ex._pick.value = "board"
    assert ex._new_value.placeholder == "board_2_3"
    ex._pick.value = "max_chain_paths"
    assert ex._new_value.placeholder == "unset (every chain the rules allow)"
