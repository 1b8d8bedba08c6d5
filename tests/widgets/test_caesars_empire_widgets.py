"""Widget tests without a browser: set control values, assert on the charts' figures."""

import json

import plotly.graph_objects as go
import pytest

from rometools.caesars_empire import (
    load_components,
    prob_some_type_absent,
    treasure_count_distribution,
)
from rometools.core.formatting import probability
from rometools.widgets import CollectionExplorer, SetupOddsExplorer

COMPS = load_components()


@pytest.fixture
def explorer():
    return CollectionExplorer()


def breakdown(ex):
    return ex.figure_data()["ce-breakdown"]["y"]


def test_starts_on_the_rulebook_example(explorer):
    data = explorer.figure_data()
    assert breakdown(explorer) == [14, 14, 4, 22]
    assert data["breakdown_title"] == "Treasures and Cities: 54 points"
    assert data["ce-breakdown-reference"]["visible"] is False
    assert data["message"] == ""
    assert isinstance(explorer.breakdown_figure, go.Figure)
    assert "54 points" in explorer._total.value


def test_count_input_updates_the_charts(explorer):
    explorer.counts_inputs["gold"].value = 3  # a user typing in the Gold Coins box
    assert breakdown(explorer) == [14, 14, 9, 22]
    marginal = dict(zip(explorer.figure_data()["ce-marginal"]["customdata"],
                        explorer.figure_data()["ce-marginal"]["y"], strict=True))
    assert marginal["gold"] == 16 - 9


def test_set_values_counts_and_cities(explorer):
    assert explorer.set_values(counts={"grapes": 4, "precious_stones": 0}, city_tokens="red:3, red:5")
    assert explorer.counts["grapes"] == 4 and explorer.counts["gems"] == 0
    # grapes 4 -> 20; meat 2 -> 2; rows: {grapes, meat, wine} 5, {grapes, meat} 2, {grapes} 0, {grapes} 0
    assert breakdown(explorer) == [22, 7, 4, 5]
    marginal = explorer.figure_data()["ce-marginal"]
    assert dict(zip(marginal["customdata"], marginal["y"], strict=True))["grapes"] is None


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"counts": {"grapes": 5}}, "Counts: Grapes must be a whole number 0 to 4, got 5"),
        ({"counts": {"meat": -1}}, "Counts: Meat must be a whole number 0 to 4, got -1"),
        ({"counts": {"meat": "lots"}}, "Counts: Meat must be a whole number"),
        ({"counts": {"saffron": 1}}, "Counts: unknown Treasure type 'saffron'; choose one of Meat, Wheat"),
        ({"city_tokens": "red:x"}, "'x' is not a whole number"),
        ({"city_tokens": "red:0"}, "City token 'red:0': the value must be 1 to 8"),
        ({"city_tokens": "red"}, "colour:value"),
        ({"city_tokens": "bleu:6"}, "unknown colour 'bleu'; the boards' City tokens are blue, green"),
        ({"city_tokens": "red:99999"}, "the value must be 1 to 8 (the City tokens in the box), got 99999"),
        ({"city_tokens": [("red", 10**30)]}, "the value must be 1 to 8"),
        ({"tables": {"same_type": "0, 2, ten"}}, "'ten' is not a whole number"),
        ({"tables": {"same_type": "0, 2"}}, "Same type scoring table: give the points for 1 to 4 tokens"),
        ({"tables": {"gold": "0, -4"}}, "Gold Coins scoring table: points must be 0 to 10,000, got -4"),
        ({"tables": {"same_type": "20, 10, 5, 0"}}, "points must not go down as the collection grows (20"),
        ({"tables": {"bonus": "1"}}, "Scoring tables: unknown table 'bonus'"),
        ({"tables": "0,2"}, "Scoring tables must map a table"),
        ({"tables": 5}, "Scoring tables must map a table"),
        ({"counts": 5}, "Counts must map each Treasure type to its tokens"),
    ],
)
def test_invalid_input_shows_a_message_and_keeps_the_chart(explorer, change, fragment, capsys):
    before = explorer.figure_data()
    assert explorer.set_values(**change) is False
    after = explorer.figure_data()
    assert fragment in after["message"]
    assert after["message"].startswith("Cannot update:")
    assert "Traceback" not in after["message"]
    assert after["ce-breakdown"] == before["ce-breakdown"]
    assert after["ce-marginal"] == before["ce-marginal"]
    assert "rt-error" in explorer._message._dom_classes
    assert capsys.readouterr().out == ""


def test_user_typing_invalid_value_does_not_raise(explorer):
    explorer.city_input.value = "blue:six"  # the observer path, as in the browser
    assert "'six' is not a whole number" in explorer.message
    assert breakdown(explorer) == [14, 14, 4, 22]
    explorer.city_input.value = "blue:6"  # a fix clears the message
    assert explorer.message == ""
    assert breakdown(explorer) == [14, 14, 4, 6]
    assert "rt-error" not in explorer._message._dom_classes


def test_vocabulary_toggle_relabels_everything(explorer):
    explorer.vocabulary_toggle.value = "riches"
    data = explorer.figure_data()
    assert explorer.counts_inputs["gems"].description == "Precious Stones"
    assert "Precious Stones" in data["ce-marginal"]["x"]
    assert data["breakdown_title"].startswith("Riches and Cities")
    assert "Riches" in data["marginal_title"]
    assert "Riches" in explorer._heading.value
    assert breakdown(explorer) == [14, 14, 4, 22]  # labels change, points do not
    explorer.set_values(vocabulary="treasures")
    assert explorer.counts_inputs["gems"].description == "Gems"
    assert "Gems" in explorer.figure_data()["ce-marginal"]["x"]


def test_headings_and_charts_keep_the_last_valid_inputs_words_while_a_line_is_refused(explorer):
    """A trial toggled to Riches while the City tokens box held a refused line: the heading and the count
    boxes read "Riches" / "Precious Stones" over charts of "Treasures" / "Gems". Headings, boxes, total and
    charts now all keep the last valid input's words until the input is valid again, and the message says
    the charts show the last valid input."""
    from rometools.widgets._base import plain_text

    explorer.city_input.value = "red:99"                                      # a refused line
    explorer.vocabulary_toggle.value = "riches"                               # then the other vocabulary
    assert explorer.message == ("Cannot update: City token 'red:99': the value must be 1 to 8 (the City tokens "
                                "in the box), got 99 (the charts still show the last valid input)")
    data = explorer.figure_data()
    assert "Gems" in data["ce-marginal"]["x"] and data["breakdown_title"].startswith("Treasures and Cities")
    assert plain_text(explorer._heading.value) == ("Treasures and City tokens of one player · Caesar's Empire "
                                                   "(English edition)")
    assert explorer.counts_inputs["gems"].description == "Gems"
    assert plain_text(explorer._total.value).startswith("Treasures: 32 points + Cities: 22 points = 54 points")
    explorer.counts_inputs["gems"].value = 9                                  # named as its box reads
    assert explorer.message.startswith("Cannot update: Gems must be a whole number 0 to 4, got 9")
    explorer.city_input.value = "blue:6"                                      # valid again: all in Riches words
    data = explorer.figure_data()
    assert explorer.message == "" and "Precious Stones" in data["ce-marginal"]["x"]
    assert plain_text(explorer._heading.value).startswith("Riches and City tokens of one player")
    assert explorer.counts_inputs["gems"].description == "Precious Stones"
    assert plain_text(explorer._total.value).startswith("Riches: 32 points + Cities: 6 points = 38 points")


def test_edited_tables_are_shown_against_the_rulebook(explorer):
    assert explorer.set_values(tables={"gold": [0, 5, 10, 15, 20, 25, 30, 35]})
    data = explorer.figure_data()
    assert data["ce-breakdown"]["y"] == [14, 14, 5, 22]
    assert data["ce-breakdown-reference"]["visible"] is True
    assert data["ce-breakdown-reference"]["y"] == [14, 14, 4, 22]
    assert "edited" in explorer._table_notes["gold"].value
    assert "rulebook: 0, 4, 9" in explorer._table_notes["gold"].value
    explorer.reset_button.click()
    data = explorer.figure_data()
    assert data["ce-breakdown"]["y"] == [14, 14, 4, 22]
    assert data["ce-breakdown-reference"]["visible"] is False
    assert "edited" not in explorer._table_notes["gold"].value


def test_stable_css_classes():
    ex = CollectionExplorer(vocabulary="riches")
    for tid in COMPS.treasure_ids:
        assert f"rt-count-{tid}" in ex.counts_inputs[tid]._dom_classes
    assert "rt-city-tokens" in ex.city_input._dom_classes
    assert "rt-vocabulary" in ex.vocabulary_toggle._dom_classes
    assert "rt-breakdown-chart" in ex._charts["breakdown_figure"].view._dom_classes
    assert "rt-marginal-chart" in ex._charts["marginal_figure"].view._dom_classes
    assert "rt-table-same_type" in ex.table_inputs["same_type"]._dom_classes
    assert "rt-collection-explorer" in ex._dom_classes


def test_setup_odds_explorer_exact_and_simulated():
    ex = SetupOddsExplorer(players=3, all_tokens_variant=True, kind="gold", trials=500, seed=4)
    data = ex.figure_data()
    law = treasure_count_distribution("gold", players=3, all_tokens_variant=True)
    assert data["ce-setup-exact"]["y"] == [float(law.get(k, 0)) for k in range(9)]
    sim = data["ce-setup-simulated"]
    assert sum(sim["y"]) == pytest.approx(1)
    assert len(sim["error_plus"]) == 9
    absent = prob_some_type_absent(players=3, all_tokens_variant=True)
    assert f"Chance that some Treasure type is absent: {probability(absent)} (exact)" in data["summary"]
    assert probability(absent) == "31,389/1,708,993 = 1 in 54 (1.8%)"
    assert "Chance of no Gold Coins on the board: 1/1,708,993 = 1 in 1,708,993 (< 0.0001%)" in data["summary"]
    assert "seed 4)" in data["summary"]
    again = SetupOddsExplorer(players=3, all_tokens_variant=True, kind="gold", trials=500, seed=4)
    assert again.figure_data()["ce-setup-simulated"] == sim  # seeded


def test_setup_odds_explorer_controls():
    ex = SetupOddsExplorer(trials=200)
    assert ex.set_values(players=4, kind="wine")
    assert ex.figure_data()["ce-setup-exact"]["y"] == [0, 0, 0, 0, 1.0]
    assert "variant changes nothing" in ex.figure_data()["summary"]
    assert ex.set_values(trials=0)
    assert list(ex.figure_data()) == ["ce-setup-exact", "title", "summary", "message"]
    assert ex.set_values(trials=300, players=2, all_tokens_variant=True)
    assert "ce-setup-simulated" in ex.figure_data()
    ex.set_values(vocabulary="riches", kind="gems")
    assert ex.kind_input.value == "gems"
    assert "Precious Stones" in ex.figure_data()["title"]
    assert dict(ex.kind_input.options)["Precious Stones"] == "gems"


def test_setup_odds_explorer_invalid_input_is_a_message():
    ex = SetupOddsExplorer(trials=100)
    before = ex.figure_data()
    assert ex.set_values(players=7) is False
    assert ex.set_values(kind="saffron") is False
    assert "saffron" in ex.message
    assert ex.figure_data()["ce-setup-exact"] == before["ce-setup-exact"]
    for cls in ("rt-players", "rt-all-tokens", "rt-setup-type", "rt-trials", "rt-seed"):
        assert any(cls in w._dom_classes for w in (ex.players_input, ex.variant_input, ex.kind_input,
                                                    ex.trials_input, ex.seed_input))
    assert "rt-setup-chart" in ex._charts["figure"].view._dom_classes


def test_a_view_opened_later_draws_the_latest_figure(explorer):
    """A view rendered after the updates (Voila, a second display) draws what the chart's
    source holds: the whole latest figure, not the one it was made with."""
    explorer.set_values(counts={"grapes": 4})
    sent = json.loads(bytes(explorer._charts["breakdown_figure"].source.figure))
    state = {t["meta"]: t for t in sent["data"]}
    assert list(state["ce-breakdown"]["y"]) == [24, 14, 4, 22]
    assert sent["layout"]["title"]["text"] == "Treasures and Cities: 64 points"
    marginal = {t["meta"]: t for t in json.loads(bytes(explorer._charts["marginal_figure"].source.figure))["data"]}
    assert dict(zip(marginal["ce-marginal"]["customdata"], marginal["ce-marginal"]["y"], strict=True))["grapes"] is None
    setup = SetupOddsExplorer(trials=50)
    assert [t["meta"] for t in json.loads(bytes(setup._charts["figure"].source.figure))["data"]] == [
        "ce-setup-exact", "ce-setup-simulated"]


@pytest.mark.parametrize("vocabulary,word", [("treasures", "Treasure"), ("riches", "Riches")])
def test_setup_odds_names_the_type_in_the_vocabulary_shown(vocabulary, word):
    ex = SetupOddsExplorer(vocabulary=vocabulary, trials=0)
    shown_before = ex.kind_input.value
    assert ex.set_values(kind="saffron") is False
    assert ex.message.startswith(f"Cannot update: unknown {word} type 'saffron'; choose one of Meat, Wheat, ")
    assert ("Precious Stones" in ex.message) == (vocabulary == "riches")
    assert ex.set_values(kind=3) is False
    assert f"{word} type must be a type's name such as 'Gold Coins', got 3" in ex.message
    assert ex.kind_input.value == shown_before and ex.field_label("kind") == f"{word} type"
