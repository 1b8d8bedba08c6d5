"""Trial 58 of the what-if studio's Tune tab: the table's heading, the status beside the message, the
Values box, the first Tune this."""

from __future__ import annotations

from rometools.widgets._base import plain_text
from rometools.widgets.what_if import VariantStudio


def test_the_tune_tables_heading_says_0_off_is_on_target_not_that_the_value_0_meets_it():
    """Trial 58 (MEDIUM): "Off the target in percentage points: 0 meets it." sat above a table whose
    first row is the value 0, and read as "the value 0 meets it"."""
    ex = VariantStudio("pig", tab="tune", parameter="handicap.2", values="0:10:10", tune_games=200, batch=100,
                       check_games=0, seed=0)
    assert ex.tune(), ex.message
    text = plain_text(ex._recommendation.value)
    assert "Off the target, in percentage points (0 pp off = on target)." in text
    assert "0 meets it" not in text
    ex = VariantStudio("pig", tab="tune", parameter="target", values="40:60:20", target="length=60",
                       tune_games=200, batch=100, check_games=0, seed=0)
    assert ex.tune(), ex.message
    assert "Off the target, in decisions (0 off = on target)." in plain_text(ex._recommendation.value)


def test_a_failed_tunes_status_goes_when_a_later_action_replaces_its_message():
    """Trial 58 (MEDIUM): a Tune that failed left "Failed: see the message above." in the status; a
    later Find and Tune this put a Note in the message, and the status still sent the reader to it."""
    ex = VariantStudio("caesars_empire", players=4, tab="tune", parameter="components:tables.gold.points.4",
                       values="16,40,36", tune_games=200, batch=100, check_games=0)
    assert ex.tune()   # the ends are accepted; 40 (above the next table entry, 36) is refused as the race builds it
    assert ex.message.startswith("Cannot tune: "), ex.message
    assert ex._status.value == "Failed: see the message above."
    ex._find.value = "gold.points.3"
    ex._pick.value = "components:tables.gold.points.3"
    ex._tune_this.click()
    assert ex.message.startswith("Note: Values '16,40,36' do not fit components:tables.gold.points.3: "), ex.message
    assert ex._status.value == ""
    # while the failure's own message is shown, its status stays
    assert ex.tune() and ex._status.value.startswith("Done: ")
    ex.set_values(values="16,40,36", parameter="components:tables.gold.points.4")
    assert ex.tune() and ex._status.value == "Failed: see the message above."
    ex._tab.value = "compare"   # an update empties the message: the status pointing at it goes too
    ex._tab.value = "tune"
    assert ex.message == "" and ex._status.value == ""


def test_values_a_whole_number_parameter_cannot_take_are_refused_as_typed_in_values():
    """Trial 58 (LOW): Values 0:2:0.5 for handicap.4 (whole points) were accepted as typed and refused only
    at Tune, naming the parameter. Refused at once, as "Values: ...", the box put back."""
    ex = VariantStudio("caesars_empire", players=4, tab="tune", parameter="handicap.4", values="0:20:10")
    ex._values.value = "0:2:0.5"
    assert ex.message == ("Cannot update: Values: handicap.4 = 0.5: must be a whole number, got 0.5 (Values put "
                          "back to '0:20:10'; the question and the results stay as they were)"), ex.message
    assert ex._values.value == "0:20:10"
    assert not ex.set_values(values="-1:1:0.5") and ex.message.startswith(
        "Cannot update: Values: handicap.4 = -0.5: must be a whole number, got -0.5")
    ex._values.value = "0:2:1"
    assert ex.message == "" and ex.values()["values"] == "0:2:1"


def test_tune_this_on_the_default_non_numeric_value_says_to_pick_a_numeric_one_then_press_again():
    """Trial 58 (LOW): the first Tune this, on the default Value "board", said "... (pick one and press
    Tune this)": the button just pressed."""
    ex = VariantStudio("caesars_empire", players=4)
    assert ex._pick.value == "board"
    ex._tune_this.click()
    assert ex.message == ("Cannot update: Value: board is not a number Tune can vary (it takes a file: its path, or a "
                          "bundled one (board_2_3, board_4_5)); pick a numeric value in Value (e.g. handicap.4), then "
                          "press Tune this again (the question and the results stay as they were)"), ex.message
    assert ex._parameter.value == "handicap.4" and ex._tab.value == "compare"   # nothing changed
    ex._pick.value = "handicap.4"
    ex._tune_this.click()
    assert ex.message == "" and ex._tab.value == "tune" and ex._parameter.value == "handicap.4"
