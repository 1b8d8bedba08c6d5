"""A whole number refused in any box: the same words (field and range) and the box goes back.

Found by a fresh user: a huge number in a scoring table was "not a whole number", the
Draws box kept ``99999999999`` (it went back for ``1.5``), and a condition row counted
``99999999999`` tokens of a 6-token bag without a word.
"""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from rometools.widgets import CollectionExplorer, DrawOddsExplorer
from rometools.widgets.caesars_empire import parse_city_tokens, parse_table
from rometools.widgets.draws import MAX_DRAWS

KEPT = " (the charts still show the last valid input)"   # a value that never reached the box


def back(label: str, value: int) -> str:
    """The end of a refusal under a box put back: true for the box as it reads now."""
    return f" ({label} put back to {value}, the value the charts show)"


def typed(box, text: str) -> None:
    """What a browser sends when ``text`` is typed in ``box`` and Enter pressed."""
    box.set_state({"value": text})


# ----------------------------------------------------------------- the collection explorer
@pytest.mark.parametrize(("text", "got"), [("99999999999", "99,999,999,999"), ("-3", "-3"),
                                           ("10001", "10,001"), ("+99999999999", "99,999,999,999")])
def test_a_huge_or_negative_table_entry_is_out_of_range(text, got):
    ex = CollectionExplorer()
    before = ex.figure_data()["ce-breakdown"]["y"]
    ex.table_inputs["same_type"].value = f"0, 2, {text}"
    assert ex.message == f"Cannot update: Same type scoring table: points must be 0 to 10,000, got {got}{KEPT}"
    assert ex.figure_data()["ce-breakdown"]["y"] == before


def test_a_table_entry_of_thousands_of_digits_is_out_of_range_too():
    with pytest.raises(ValueError, match=r"^t: points must be 0 to 10,000, got '1111.*\(5,000 characters\)$"):
        parse_table("1" * 5000, "t")
    with pytest.raises(ValueError, match=r"^t: '2O' is not a whole number of points$"):
        parse_table("1, 2O", "t")


def test_a_huge_city_token_value_is_reported_as_typed():
    ex = CollectionExplorer()
    ex.city_input.value = "red:99999999999999999999999"  # once reported as 1000000000000000000
    assert ex.message == ("Cannot update: City token 'red:99999999999999999999999': the value must be 1 to 8 "
                          f"(the City tokens in the box), got 99999999999999999999999{KEPT}")
    with pytest.raises(ValueError, match="at most 4000 digits, got 5,000 digits"):
        parse_city_tokens("red:" + "9" * 5000)


@pytest.mark.parametrize("text", ["99999999999", "-3", "1.5", "5"])
def test_a_count_box_refuses_and_goes_back(text):
    ex = CollectionExplorer()
    box = ex.counts_inputs["grapes"]
    typed(box, text)
    assert ex.message == f"Cannot update: Grapes must be a whole number 0 to 4, got {text}{back('Grapes', 3)}"
    assert box.value == 3


def test_a_count_box_is_named_in_the_vocabulary_shown():
    ex = CollectionExplorer(vocabulary="riches")
    name = ex.components.name("grapes", "riches")
    typed(ex.counts_inputs["grapes"], "9")
    assert ex.message == f"Cannot update: {name} must be a whole number 0 to 4, got 9{back(name, 3)}"


def test_every_control_of_the_collection_explorer_clears_a_refusal_at_its_next_edit():
    """After a count refused and put back, an edit of any control clears the refusal, Enter in a
    box on the value it reads included: the count boxes, the City tokens, every scoring table and
    the vocabulary. Each is watched, none added after the refusal goes unwatched."""
    ex = CollectionExplorer()
    edits = {name: (lambda w=w: w._handle_custom_msg({"event": "submit"}, [])) if isinstance(w, widgets.Text)
             else (lambda w=w: setattr(w, "index", 1 - w.index))     # the vocabulary toggle, flipped
             for name, w in ex._controls.items()}
    assert len(edits) == len(ex.counts_inputs) + 1 + 1 + len(ex.table_inputs)
    for name, edit in edits.items():
        typed(ex.counts_inputs["grapes"], "9")
        assert ex.message.startswith("Cannot update: Grapes must be"), name
        edit()
        assert ex.message == "", name
        ex.set_values(vocabulary="treasures")


# ----------------------------------------------------------------- the draw-odds explorer
@pytest.fixture
def draws():
    return DrawOddsExplorer(trials=0)   # red:3, green:2, yellow:1, 3 draws


@pytest.mark.parametrize("text", ["1.5", "99999999999", "-1", str(MAX_DRAWS + 1)])
def test_the_draws_box_refuses_out_of_its_range_and_goes_back(draws, text):
    p = draws.probability
    typed(draws._draws, text)
    assert draws.message == f"Cannot update: Draws must be a whole number 0 to 200, got {text}{back('Draws', 3)}"
    assert draws._draws.value == 3 and draws.probability == p


def test_the_draws_box_goes_back_when_the_bag_is_too_small(draws):
    typed(draws._draws, "7")
    assert draws.message == ('Cannot update: Draws: cannot draw 7 tokens from a bag of 6 without replacement '
                             f'(tick "with replacement" to put each token back){back("Draws", 3)}')
    assert draws._draws.value == 3
    draws._replace.value = True
    typed(draws._draws, "51")
    assert draws.message == f"Cannot update: Draws: at most 50 draws with replacement here, got 51{back('Draws', 3)}"
    assert draws._draws.value == 3


def test_set_values_draws_refuses_the_same_range(draws):
    assert not draws.set_values(draws=99999999999)
    assert draws.message == f"Cannot update: Draws must be a whole number 0 to 200, got 99999999999{KEPT}"
    assert draws._draws.value == 3


@pytest.mark.parametrize("text", ["99999999999", "7"])
def test_a_condition_count_is_at_most_the_bag_and_the_box_goes_back(draws, text):
    words = draws.words
    typed(draws._rows[0].k, text)
    assert draws.message == ("Cannot update: Condition row 1's count must be a whole number 0 to 6 (the bag "
                             f"holds 6), got {text} (Condition row 1's count put back to 0, the value the charts "
                             "show)")
    assert draws._rows[0].k.value == 0 and draws.words == words
    typed(draws._rows[0].k, "6")  # the whole bag: allowed (and impossible for red)
    assert draws.message == "" and draws.words.startswith("exactly 6 red or")


def test_a_condition_count_with_replacement_is_at_most_the_draws_allowed(draws):
    draws._replace.value = True
    typed(draws._rows[0].k, "51")
    assert draws.message == ("Cannot update: Condition row 1's count must be a whole number 0 to 50 (at most "
                             "50 draws with replacement), got 51 (Condition row 1's count put back to 0, the "
                             "value the charts show)")
    assert draws._rows[0].k.value == 0
    assert not draws.set_values(rows=[("at least", 51, "red")])
    assert draws.message.startswith("Cannot update: Condition row 1's count must be a whole number 0 to 50 "
                                    "(at most 50 draws with replacement), got 51")
    assert draws._rows[0].k.value == 0


def test_one_simulated_draw_is_refused_and_the_box_goes_back(draws):
    typed(draws._trials, "1")
    assert draws.message == ("Cannot update: Simulated draws must be 0 (no simulation) or 2 or more, got 1"
                             f"{back('Simulated draws', 0)}")
    assert draws._trials.value == 0
