"""Trial 58 (MEDIUM): after a refused input, the draw-odds boxes showed values the answer did not use
(kind 'purple' beside an answer for red, Draws 2 beside an answer for 3 draws) under a message naming one
of them. Every box that reads otherwise than the answer is named, and applies once all are valid."""

from __future__ import annotations

from fractions import Fraction

from rometools.widgets import DrawOddsExplorer


def test_every_box_not_in_use_after_a_refusal_is_named_and_applies_once_the_inputs_are_valid():
    ex = DrawOddsExplorer(trials=0)   # red:3, green:2, yellow:1; 3 draws; exactly 0 red or 0 green or 0 yellow
    ex._bag.value = ""
    assert ex.message == ("Cannot update: Bag: the bag is empty; give at least one token, e.g. red:3 (the charts "
                          "still show the last valid input)")
    ex._rows[0].kinds.value = "purple"
    ex._rows[0].k.value = 99
    ex._draws.value = 2
    ex._bag.value = "red:3, green:2, yellow:1"
    assert ex.message == (
        "Cannot update: Condition row 1's count must be a whole number 0 to 6 (the bag holds 6), got 99 (Condition "
        "row 1's count put back to 0, the value the charts show; not in use until every input is valid together: "
        "Draws 2 (the answer's: 3), Condition row 1's kinds 'purple' (the answer's: 'red'))"), ex.message
    assert ex.view.draws == 3 and ex.words == "exactly 0 red or exactly 0 green or exactly 0 yellow"
    ex._law_of.value = "blue"   # another refused box: both it and the boxes typed before are named
    assert ex.message.startswith("Cannot update: Condition row 1: 'purple' is not a kind of the bag"), ex.message
    assert ex.message.endswith("not in use until every input is valid together: Draws 2 (the answer's: 3), Chart "
                               "the count of 'blue' (the answer's: empty))"), ex.message
    ex._rows[0].kinds.value = "red"
    assert ex.message.endswith("(the charts still show the last valid input; not in use until every input is valid "
                               "together: Draws 2 (the answer's: 3))"), ex.message
    ex._law_of.value = ""   # every input valid together: Draws 2 applies
    assert ex.message == "" and ex.view.draws == 2
    # P(no red or no green or no yellow) in 2 draws of 6: every pair misses a colour
    assert ex.probability == Fraction(1)
