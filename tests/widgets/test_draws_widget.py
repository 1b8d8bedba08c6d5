"""DrawOddsExplorer without a browser: set control values, assert on the figures and the shown answer."""

from fractions import Fraction
from math import comb

import plotly.graph_objects as go
import pytest

from rometools.caesars_empire import load_components, treasure_count_distribution
from rometools.draws import Bag, at_least, at_most, exactly
from rometools.widgets import GAME_BAGS, DrawOddsExplorer, GameBag
from rometools.widgets.draws import OWN_BAG, format_bag, parse_bag, parse_kinds

VARIANT, PLAYERS_5 = (bag.label for bag in GAME_BAGS[:2])


@pytest.fixture
def explorer():
    return DrawOddsExplorer(trials=0)


def controls(ex):
    return {name: (getattr(w, "value", None), getattr(w, "disabled", None)) for name, w in ex._controls.items()}


def exact_law(ex):
    data = ex.figure_data()["dr-law-exact"]
    return dict(zip(data["x"], (Fraction(c) for c in data["customdata"]), strict=True))


# ----------------------------------------------------------------- the opening question
def test_opens_on_some_colour_missing_from_three_draws():
    ex = DrawOddsExplorer(trials=2000, seed=3)
    data = ex.figure_data()
    assert ex.probability == Fraction(7, 10)
    assert ex.words == "exactly 0 red or exactly 0 green or exactly 0 yellow"
    assert "= 7/10 ≈ 70.00% (exact)" in data["summary"]
    assert "in 3 draws without replacement from 6 tokens" in data["summary"]
    assert exact_law(ex) == {0: Fraction(1, 20), 1: Fraction(9, 20), 2: Fraction(9, 20), 3: Fraction(1, 20)}
    assert data["dr-curve"]["customdata"] == ["1", "1", "1", "7/10", "2/5", "1/6", "0"]
    assert data["dr-curve-at-n"]["customdata"] == ["7/10"]
    assert data["law_title"] == "How many red in 3 draws (without replacement)"
    assert data["curve_title"].startswith("P(exactly 0 red or exactly 0 green or exactly 0 yellow) by number")
    assert data["message"] == ""
    assert isinstance(ex.law_figure, go.Figure) and isinstance(ex.curve_figure, go.Figure)


def test_simulated_estimate_sits_beside_the_exact_value():
    ex = DrawOddsExplorer(trials=2000, seed=3)
    data, est = ex.figure_data(), ex.view.simulated
    expected = Bag({"red": 3, "green": 2, "yellow": 1}).draw(3).simulate(2000, rng=3).prob(ex.view.condition)
    assert (est.successes, est.low, est.high) == (expected.successes, expected.low, expected.high)
    assert est.contains(Fraction(7, 10))
    assert data["dr-curve-simulated"]["y"] == [est.estimate]
    assert f"simulated: {est.successes:,} of 2,000 draws" in data["summary"]
    assert "95% Wilson interval" in data["summary"] and "(seed 3)" in data["summary"]
    assert sum(data["dr-law-simulated"]["y"]) == pytest.approx(1)
    assert DrawOddsExplorer(trials=2000, seed=3).figure_data()["dr-law-simulated"] == data["dr-law-simulated"]
    assert DrawOddsExplorer(trials=2000, seed=4).figure_data()["dr-law-simulated"] != data["dr-law-simulated"]


def test_no_simulated_draws_hides_the_simulation(explorer):
    data = explorer.figure_data()
    assert "dr-law-simulated" not in data and "dr-curve-simulated" not in data
    assert "simulated" not in data["summary"] and explorer.view.simulated is None


# ----------------------------------------------------------------- controls, as a user changes them
def test_draws_and_replacement(explorer):
    explorer._draws.value = 4  # a user typing in the Draws box
    assert explorer.probability == Fraction(2, 5)
    explorer._replace.value = True
    # all three colours in 3 draws with replacement: 3! (3/6)(2/6)(1/6) = 1/6
    explorer._draws.value = 3
    assert explorer.probability == Fraction(5, 6)
    assert "with replacement" in explorer.figure_data()["summary"]
    assert exact_law(explorer)[3] == Fraction(1, 8)  # (3/6)^3
    assert explorer.figure_data()["dr-curve"]["x"] == list(range(11))


def test_rows_join_with_and_or_and_before_or(explorer):
    assert explorer.set_values(rows=[("at least", 1, "red"), ("and", "at least", 1, "green")])
    assert explorer.probability == Fraction(3, 4)  # 1 - (no red 1/20 + no green 4/20)
    assert explorer.words == "at least 1 red and at least 1 green"
    assert explorer._rows[2].kinds.disabled and not explorer._rows[1].kinds.disabled
    assert explorer.set_values(rows=[("at least", 2, "red"), ("and", "at most", 0, "yellow"),
                                     ("or", "exactly", 2, "green")])
    bag = Bag({"red": 3, "green": 2, "yellow": 1})
    expected = (at_least("red", 2) & at_most("yellow", 0)) | exactly("green", 2)
    # of the 20 draws: 2 red + 1 green (6) or 3 red (1); 2 green + 1 other (4); never both
    assert explorer.probability == bag.draw(3).prob(expected) == Fraction(11, 20)
    # reading "or" first would give 2 red and (no yellow or 2 green): 7/20
    assert explorer.words == "(at least 2 red and at most 0 yellow) or exactly 2 green"


def test_a_row_pools_its_kinds_and_kinds_match_without_case(explorer):
    assert explorer.set_values(rows=[("exactly", 3, "Red,  GREEN")])
    assert explorer.probability == Fraction(1, 2)  # C(5, 3) / C(6, 3)
    assert explorer.words == "exactly 3 of red + green"
    assert exact_law(explorer) == {0: 0, 1: 0, 2: Fraction(1, 2), 3: Fraction(1, 2)}


def test_a_row_switched_off_is_ignored_even_when_unfinished(explorer):
    row = explorer._rows[3]
    row.kinds.value = "purple"  # typed into a row that is off
    assert explorer.message == "" and explorer.probability == Fraction(7, 10)
    row.join.value = "or"  # switching it on reads it
    assert "Condition row 4: 'purple' is not a kind of the bag" in explorer.message
    assert explorer.probability == Fraction(7, 10)
    row.join.value = "off"
    assert explorer.message == ""


def test_law_chart_counts_the_kinds_asked_for(explorer):
    explorer._law_of.value = "green, yellow"
    assert exact_law(explorer) == {0: Fraction(1, 20), 1: Fraction(9, 20), 2: Fraction(9, 20),
                                   3: Fraction(1, 20)}
    assert explorer.figure_data()["law_title"] == "How many green + yellow in 3 draws (without replacement)"
    assert explorer.probability == Fraction(7, 10)  # the condition is unchanged
    explorer._law_of.value = ""
    assert explorer.figure_data()["law_title"].startswith("How many red")


# ----------------------------------------------------------------- game bags
def test_caesars_empire_all_tokens_variant_bag():
    ex = DrawOddsExplorer(game_bag=VARIANT, trials=0)
    comps = load_components()
    assert parse_bag(ex._bag.value) == {comps.name(t): n for t, n in comps.supply.items()}
    assert ex._draws.value == comps.side_for(2).cities == 30
    law = treasure_count_distribution("meat", players=2, all_tokens_variant=True)
    assert ex.words == "exactly 0 Meat"
    assert ex.probability == law[0] == Fraction(21, 9139)
    assert exact_law(ex) == {k: law.get(k, 0) for k in range(5)}


def test_picking_a_game_bag_loads_its_question(explorer):
    explorer._source.value = PLAYERS_5  # the dropdown, as a user picks it
    assert explorer.message == ""
    assert "Gold Coins:8" in explorer._bag.value and explorer._draws.value == 5
    # at least 2 of the 8 Gold Coins in 5 of 40 tokens
    expected = 1 - Fraction(comb(32, 5) + 8 * comb(32, 4), comb(40, 5))
    assert explorer.probability == expected == Fraction(21119, 82251)
    assert explorer.figure_data()["law_title"] == "How many Gold Coins in 5 draws (without replacement)"


def test_editing_a_game_bag_makes_it_your_own(explorer):
    explorer.set_values(game_bag=PLAYERS_5)
    explorer._bag.value = explorer._bag.value.replace("Gold Coins:8", "Gold Coins:4")
    assert explorer._source.value == OWN_BAG
    assert explorer.probability == Bag({"x": 32, "Gold Coins": 4}).draw(5).prob(at_least("Gold Coins", 2))


def test_a_game_adds_its_bag_with_one_entry():
    dice = GameBag("Dice game: one die", lambda: {"six": 1, "other": 5}, draws=2,
                   rows=(("at least", 1, "six"),))
    ex = DrawOddsExplorer(trials=0, game_bags=(*GAME_BAGS, dice))
    assert ex.set_values(game_bag="Dice game: one die", replace=True)
    assert ex.probability == Fraction(11, 36)
    assert ex._source.value == "Dice game: one die"


def test_a_game_bag_that_fails_puts_the_dropdown_back():
    broken = GameBag("Broken: two tokens, five draws", lambda: {"a": 1, "b": 1}, draws=5)
    ex = DrawOddsExplorer(trials=0, game_bags=(broken,))
    before, figures = controls(ex), ex.figure_data()
    ex._source.value = broken.label
    assert "Draws: cannot draw 5 tokens from a bag of 2" in ex.message
    assert controls(ex) == before
    assert {k: v for k, v in ex.figure_data().items() if k != "message"} == {
        k: v for k, v in figures.items() if k != "message"}


# ----------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"bag": "red:3, green:-2"}, "Bag: 'green:-2': the count must be a whole number 0 or more"),
        ({"bag": {"red": -1}}, "Bag: the count of 'red' must be a whole number 0 or more, got -1"),
        ({"bag": ""}, "Bag: the bag is empty"),
        ({"bag": "red:0, green:0"}, "Bag: the bag is empty"),
        ({"bag": "red 3"}, "Bag: 'red 3': write each kind as kind:count"),
        ({"bag": "red:3, Red:2"}, "Bag: the kind 'Red' is listed twice (also as 'red')"),
        ({"bag": "red:300"}, "Bag: 300 tokens is more than the 200"),
        ({"draws": 7}, "Draws: cannot draw 7 tokens from a bag of 6 without replacement"),
        ({"draws": -1}, "Draws must be a whole number 0 to 200, got -1"),
        ({"draws": 51, "replace": True}, "Draws: at most 50 draws with replacement"),
        ({"rows": [("at least", 1, "purple")]}, "Condition row 1: 'purple' is not a kind of the bag "
                                                "(kinds: red, green, yellow)"),
        ({"rows": [("at least", 1, "red"), ("and", "at least", 1, "red, blue")]},
         "Condition row 2: 'blue' is not a kind of the bag"),
        ({"rows": [("at least", 1, "")]}, "Condition row 1: name the kind(s) to count"),
        ({"rows": [("at least", -1, "red")]}, "Condition row 1's count must be a whole number 0 or more, got -1"),
        ({"rows": [("sometimes", 1, "red")]}, "Condition row 1: 'sometimes' is not one of at least, at most"),
        ({"rows": [("at least", 1, "red"), ("at least", 1, "green")]},
         "Condition row 2: write it as (join, quantifier, k, kinds)"),
        ({"rows": [("at least", 1, "red"), ("xor", "at least", 1, "green")]},
         "Condition row 2: join it with 'and' or 'or'"),
        ({"rows": [("at least", 1, "red")] + [("or", "at least", 1, "red")] * 4}, "at most 4 condition rows"),
        ({"law_of": "blue"}, "Chart the count of: 'blue' is not a kind of the bag"),
        ({"law_of": 5}, "Chart the count of: give kinds as text"),
        ({"game_bag": ["Caesar's Empire"]}, "unknown game bag ["),
        ({"bag": 6}, "Bag: give the bag as text (red:3, green:2) or a mapping"),
        ({"rows": "at least 1 red"}, "rows must be a list of condition rows"),
        ({"trials": 1}, "Simulated draws must be 0 (no simulation) or 2 or more"),
        ({"trials": 10**6}, "Simulated draws must be a whole number 0 to 100,000"),
        ({"seed": "x"}, "Seed must be a whole number"),
        ({"game_bag": "Augustus"}, "unknown game bag 'Augustus'"),
        ({"game_bag": VARIANT, "bag": "red:1"}, "give a bag or a game bag, not both"),
        ({"bag": "a:50, b:50, c:50, d:50", "draws": 100,
          "rows": [("at least", 45, "a"), ("or", "at most", 45, "b"), ("or", "exactly", 45, "c")]},
         "Condition: this question is too large for exact odds in the explorer"),
    ],
)
def test_bad_input_names_the_field_and_changes_nothing(explorer, change, fragment, capsys):
    before, figures = controls(explorer), explorer.figure_data()
    assert explorer.set_values(**change) is False
    after = explorer.figure_data()
    assert after["message"].startswith("Cannot update: ")
    assert fragment in after["message"]
    assert "Traceback" not in after["message"]
    assert "rt-error" in explorer._message._dom_classes
    assert controls(explorer) == before
    assert {k: v for k, v in after.items() if k != "message"} == {
        k: v for k, v in figures.items() if k != "message"}
    assert explorer.probability == Fraction(7, 10)
    assert capsys.readouterr().out == ""


def test_all_or_nothing_a_good_value_with_a_bad_one_changes_nothing(explorer):
    assert explorer.set_values(draws=4, bag="red:3, green:2, yellow:1, blue:1",
                               rows=[("at least", 1, "purple")]) is False
    assert explorer._draws.value == 3 and explorer._bag.value == "red:3, green:2, yellow:1"


def test_user_typing_a_bad_bag_keeps_the_chart_and_a_fix_clears_the_message(explorer):
    figures = explorer.figure_data()
    explorer._bag.value = "red:3, green:2, yellow:-1"  # the observer path, as in the browser
    assert "Bag: 'yellow:-1'" in explorer.message
    assert explorer.figure_data()["dr-curve"] == figures["dr-curve"]
    assert explorer._bag.value == "red:3, green:2, yellow:-1"  # left for the user to fix
    explorer._bag.value = "red:3, green:2, yellow:2"
    assert explorer.message == "" and "rt-error" not in explorer._message._dom_classes
    assert explorer.probability == 1 - Fraction(3 * 2 * 2, comb(7, 3))


def test_a_bad_opening_shows_its_message_on_the_default_question():
    ex = DrawOddsExplorer("red:2", draws=5, trials=0)
    assert "Draws: cannot draw 5 tokens from a bag of 2" in ex.message
    assert ex.probability == Fraction(7, 10)


def test_a_typed_bag_opens_on_at_least_one_of_its_first_kind():
    ex = DrawOddsExplorer({"jack": 4, "other card": 48}, draws=5, trials=0)
    assert ex.words == "at least 1 jack"
    assert ex.probability == 1 - Fraction(comb(48, 5), comb(52, 5))


# ----------------------------------------------------------------- text and classes
def test_bag_text_round_trips():
    counts = {"red": 3, "Gold Coins": 8}
    assert parse_bag(format_bag(counts)) == counts
    assert parse_bag("red=3;\ngreen : 2") == {"red": 3, "green": 2}
    assert parse_kinds("red, green") == ["red", "green"]


def test_stable_css_classes(explorer):
    classes = {name: w._dom_classes for name, w in explorer._controls.items()}
    assert "rt-bag-source" in classes["bag_source"] and "rt-bag" in classes["bag"]
    assert "rt-draws" in classes["draws"] and "rt-replace" in classes["replace"]
    assert "rt-row-quantifier-1" in classes["row1_quantifier"] and "rt-row-k-1" in classes["row1_k"]
    assert "rt-row-kinds-4" in classes["row4_kinds"] and "rt-row-join-2" in classes["row2_join"]
    assert "rt-law-kinds" in classes["law_of"]
    assert "rt-trials" in classes["trials"] and "rt-seed" in classes["seed"]
    assert "rt-law-chart" in explorer._charts["law_figure"].view._dom_classes
    assert "rt-curve-chart" in explorer._charts["curve_figure"].view._dom_classes
    assert "rt-draw-summary" in explorer._summary._dom_classes
    assert "rt-draw-odds-explorer" in explorer._dom_classes


@pytest.mark.parametrize("label_start,expected", [
    ("Augustus", Fraction(6, 23)),  # at least one Dagger in 6 of 23 tokens: 1 - C(22, 6) / C(23, 6)
    ("Ave Roma IMPERATOR", Fraction(1, 4)),  # the one Propraetor among 5 of 20 tiles
])
def test_later_games_bags_are_offered(label_start, expected):
    bag = next(b for b in GAME_BAGS if b.label.startswith(label_start))
    ex = DrawOddsExplorer()
    assert ex.set_values(game_bag=bag.label)
    assert ex.probability == expected
