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


def test_a_failed_tunes_status_goes_when_a_later_action_replaces_its_message(monkeypatch):
    """Trial 58 (MEDIUM): a Tune that failed left "Failed: see the message above." in the status; a
    later Find and Tune this put a Note in the message, and the status still sent the reader to it.
    (The race's refusal is made here: a candidate the data refuses is now refused as typed in Values.)"""
    import rometools.core.tune

    real, failing = rometools.core.tune.tune, [True]

    def tune(*args, **kwargs):   # a refusal from the race itself, as a value refused while it plays
        if failing[0]:
            raise ValueError("the race refused a candidate")
        return real(*args, **kwargs)

    monkeypatch.setattr(rometools.core.tune, "tune", tune)
    ex = VariantStudio("caesars_empire", players=4, tab="tune", parameter="components:tables.gold.points.4",
                       values="20,30,36", tune_games=200, batch=100, check_games=0)
    assert ex.tune()
    assert ex.message.startswith("Cannot tune: "), ex.message
    assert ex._status.value == "Failed: see the message above."
    ex._find.value = "gold.points.3"
    ex._pick.value = "components:tables.gold.points.3"
    ex._tune_this.click()
    assert ex.message.startswith("Note: Values '20,30,36' do not fit components:tables.gold.points.3: "), ex.message
    assert ex._status.value == ""
    # while the failure's own message is shown, its status stays
    failing[0] = False
    assert ex.tune() and ex._status.value.startswith("Done: ")
    failing[0] = True
    ex.set_values(values="20,30,36", parameter="components:tables.gold.points.4")
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


def test_values_a_data_parameter_refuses_are_refused_as_typed_in_values_each_as_tune_says_it():
    """Trial 58 (MEDIUM): a whole-number handicap's 0:2:0.5 was refused as typed, but Caesar's Empire's
    ``components:road_bonus.points`` (a whole number 0 to 10,000 in the file) took 0:1:0.5, -20:0:10
    and 0:20000:10000 as typed, refused only when Tune was pressed. Every candidate is checked at
    typing as Tune checks one (the variant loaded, no game played): refused as "Values: <parameter> =
    <value>: <reason>", the box put back; a middle candidate refused is found too."""
    address = "components:road_bonus.points"
    ex = VariantStudio("caesars_empire", players=4, tab="tune", parameter=address, values="0:20:10")
    assert ex.message == ""
    edited = "components.toml (as the variant edits it): road_bonus.points: "
    for typed, value, why in (("0:1:0.5", "0.5", "must be a whole number as in the published file (10), got 0.5"),
                              ("-20:0:10", "-20", "must be greater than or equal to 0, got -20"),
                              ("0:20000:10000", "20000", "must be less than or equal to 10000, got 20000"),
                              ("0,10.5,20", "10.5", "must be a whole number as in the published file (10), got 10.5")):
        ex._values.value = typed
        assert ex.message == (f"Cannot update: Values: {address} = {value}: {edited}{why} (Values put back to "
                              "'0:20:10'; the question and the results stay as they were)"), ex.message
        assert ex._values.value == "0:20:10"
    ex._values.value = "0:10000:5000"   # the file's whole range: accepted
    assert ex.message == "" and ex.values()["values"] == "0:10000:5000"
    # an option's candidate in the middle of a list, refused as typed too (the race once refused it mid-run)
    ex = VariantStudio("via_romana", players=3, tab="tune", parameter="hand", values="4,5")
    ex._values.value = "4,6,5"
    assert ex.message == ("Cannot update: Values: hand = 6: hand must be a whole number 4 to 5, got 6 (Values put "
                          "back to '4,5'; the question and the results stay as they were)"), ex.message
