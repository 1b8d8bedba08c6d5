"""Augustus explorers without a browser: set controls as a user would, assert on figures and tables."""

import re
from fractions import Fraction
from pathlib import Path

import pytest

from rometools.augustus import (
    GameConfig,
    completion_cdf,
    draw_tokens,
    expected_draws,
    load_objectives,
    objective_odds,
    play_game,
    to_json,
    turn_states,
)
from rometools.core.formatting import percent_column, probability
from rometools.widgets import AugustusPlayoutExplorer, BagExplorer, ObjectiveOddsExplorer

TEST_CARDS = Path(__file__).parents[1] / "augustus" / "data" / "test_objectives.toml"


# ----------------------------------------------------------------- objective odds
def test_the_chart_is_the_exact_cdf_and_the_summary_the_exact_mean():
    ex = ObjectiveOddsExplorer(slots={"shield": 2, "dagger": 1}, max_draws=12)
    line = ex.figure_data()["au-cdf-0"]
    assert [Fraction(c) for c in line["customdata"]] == completion_cdf({"shield": 2, "dagger": 1}, 12)
    assert ex.expected_draws() == [expected_draws({"shield": 2, "dagger": 1})]
    assert str(expected_draws({"shield": 2, "dagger": 1})) in ex._summary.value


def test_picking_a_card_fills_the_counts_and_editing_a_count_goes_back_to_custom():
    ex = ObjectiveOddsExplorer()
    ex._card.value = 2  # as a user picks it
    assert ex.slots() == {"chariot": 1, "catapult": 1, "dagger": 2}
    assert ex.figure_data()["au-cdf-0"]["name"].startswith("#2 ")
    ex._slots["shield"].value = 1  # as a user types a count
    assert ex._card.value == 0 and ex.slots() == {"shield": 1, "chariot": 1, "catapult": 1, "dagger": 2}
    assert ex.figure_data()["au-cdf-0"]["name"].startswith("your objective")


def test_the_joker_toggle_adds_the_no_reset_curves_and_a_second_card_compares():
    ex = ObjectiveOddsExplorer(slots={"dagger": 2})
    assert ex.set_values(no_reset=True, compare=23, max_draws=25)
    data = ex.figure_data()
    assert sorted(data) == ["au-cdf-0", "au-cdf-1", "au-cdf-noreset-0", "au-cdf-noreset-1"]
    assert [Fraction(c) for c in data["au-cdf-noreset-0"]["customdata"]] == completion_cdf(
        {"dagger": 2}, 25, reset=False)
    assert "expected draws without the reset" in ex._summary.value
    ex.set_values(slots={"dagger": 2, "standard": 3})
    assert "infinite: stays incomplete with probability 1/3" in ex._summary.value


def _columns(table_html: str) -> tuple[list[str], list[list[str]]]:
    """A table's headings and its rows' cells, as HTML."""
    rows = re.findall(r"<tr>(.*?)</tr>", table_html)
    return re.findall(r"<th[^>]*>(.*?)</th>", rows[0]), [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in rows[1:]]


def test_each_odds_column_has_one_format_true_to_its_heading(playout):
    """A trial read "≈ 7.05" under "expected draws (exact)" beside "2,378/275 ≈ 8.65", and "87% (exact,
    rounded)" beside "1 in 30 (3.3%)": each column is now exact values, rounded in one format, headed so;
    a fraction short enough to read is the cell's hover."""
    ex = ObjectiveOddsExplorer(card=1, compare=4, no_reset=True)   # #1 Pergamum, #4 Cyrenaica
    head, rows = _columns(ex._summary.value)
    assert head[2:] == ["expected draws (exact, rounded)", "P(within 10 draws) (exact, rounded)",
                        "expected draws without the reset (exact, rounded)"]
    assert [r[2:] for r in rows] == [["<b><span title='exact: 317,762/45,045'>7.05</span></b>", "87.1%",
                                      "<span title='exact: 45,482/6,435'>7.07</span>"],
                                     ["<b><span title='exact: 2,378/275'>8.65</span></b>", "72.4%",
                                      "<span title='exact: 663/77'>8.61</span>"]]
    assert expected_draws({"shield": 1, "catapult": 2}) == Fraction(2378, 275)   # #4's slots
    ex.set_values(card=23, compare=None)   # 2 daggers: 12 draws exactly, shown as the column shows values
    assert _columns(ex._summary.value)[1][0][2] == "<b><span title='exact: 12'>12.00</span></b>"
    playout.set_values(turn=20, within=4)
    head, rows = _columns(playout._objectives.value)
    assert head[-2:] == ["P(within 4 draws) (exact, rounded)", "expected draws (exact, rounded)"]
    odds = [r for seat_rows in playout.objectives() for r in seat_rows]
    assert [r[-2] for r in rows] == percent_column([r["cdf"][-1] for r in odds])
    assert [r[-2] for r in rows] == ["53.85%", "0%", "1.26%", "48.53%", "1.64%", "19.16%"]   # never "1 in 30 (3.3%)"
    assert [re.sub("<[^>]+>", "", r[-1]) for r in rows] == [f"{float(r['expected_draws']):.2f}" for r in odds]


@pytest.mark.parametrize("values,message", [
    ({"card": 99}, "Card must be a card number"), ({"slots": {"sword": 1}}, "unknown symbol 'sword'"),
    ({"slots": {"dagger": -1}}, "dagger must be a whole number"), ({"slots": {}}, "at least one slot"),
    ({"joker_policy": "best"}, "unknown joker policy"), ({"max_draws": 100}, "Draws must be a whole number 5 to 60, got 100"),
    ({"trials": -5}, "Simulated objectives must be a whole number 0 to 20,000, got -5")])
def test_bad_input_is_a_message_and_changes_nothing(values, message):
    ex = ObjectiveOddsExplorer(slots={"shield": 1})
    before = ex.figure_data()
    assert not ex.set_values(**{"max_draws": 20, **values})
    assert message in ex.message and ex._max_draws.value == 30 and ex.figure_data() == before
    assert ex.set_values(max_draws=20) and ex.message == ""


def test_a_simulation_overlay_with_a_seed():
    ex = ObjectiveOddsExplorer(slots={"shield": 2}, trials=400, seed=5, max_draws=10)
    sim = ex.figure_data()["au-cdf-sim-0"]
    assert len(sim["y"]) == 10 and all(p >= 0 for p in sim["error_minus"])


# ----------------------------------------------------------------- the bag
def test_the_bag_follows_the_seeded_draws_and_refills_after_a_joker():
    steps = draw_tokens(40, rng=4)
    joker = next(s["draw"] for s in steps if s["reset"])
    ex = BagExplorer(seed=4, draws=joker - 1)
    assert ex.bag_left() == {k: v - (k == steps[joker - 2]["token"]) for k, v in steps[joker - 2]["before"].items()}
    assert ex.draw_one() and ex.draws == joker
    assert sum(ex.bag_left().values()) == 23 and "the bag is full again" in ex._log.value
    odds = ex.figure_data()["au-next-token"]["customdata"]
    assert odds[0] == "6/23" and odds[-1] == "2/23"


def test_the_bag_refuses_bad_input():
    ex = BagExplorer(seed=1, draws=3)
    assert not ex.set_values(draws=-1) and ex.draws == 3 and "Drawn must be a whole number 0 to 80, got -1" in ex.message
    assert not ex.set_values(seed="x") and ex.draws == 3


# ----------------------------------------------------------------- the playout
@pytest.fixture(scope="module")
def playout():
    return AugustusPlayoutExplorer(players=2, seed=3)


def test_the_game_is_the_seeded_bot_game(playout):
    end = play_game(GameConfig(players=2), "greedy", rng=3)
    states = turn_states(end)
    assert playout.turns == len(states) - 1 and playout.states[-1] == end
    assert playout.set_values(turn=10) and playout.state == states[10]


def test_objectives_show_their_exact_odds_from_the_bag_now(playout):
    playout.set_values(turn=20, within=4)
    state = playout.state
    rows = playout.objectives()
    assert rows == [objective_odds(state, seat, 4) for seat in range(2)]
    trace = playout.figure_data()["au-game-odds-p1"]
    p = rows[0][0]["cdf"][3]
    assert trace["y"][0] == float(p) and Fraction(trace["customdata"][0][0]) == p
    assert trace["customdata"][0][4] == probability(p, digits=6)
    assert "rt-au-objectives-table" in playout._objectives.value and "available" in playout._rewards.value
    # the table reads as a designer reads odds, never a 12-digit fraction; reward tiles by name
    assert percent_column([r["cdf"][-1] for seat_rows in rows for r in seat_rows])[0] in playout._objectives.value
    assert not re.search(r"\d{7,}", playout._objectives.value.replace(",", ""))
    assert "3 objectives" in playout._rewards.value and "count_3" not in playout._rewards.value
    assert "Draw" in playout._status.value and playout._log.value.count("<tr>") >= 2


def test_before_anyone_keeps_an_objective_the_chart_says_so(playout):
    playout.set_values(turn=0)
    assert playout.objectives() == [[], []]
    notes = [a.text for a in playout.figure.layout.annotations]
    assert len(notes) == 1 and notes[0].startswith("No objective in play yet")
    assert playout.figure.layout.xaxis.visible is False


def test_the_end_of_the_game_shows_the_rewards_and_scores(playout):
    playout.set_values(turn=playout.turns, within=5)
    assert "game over" in playout._status.value
    assert "<b>" in playout._scores.value and "rt-au-scores-table" in playout._scores.value


def test_a_card_file_a_saved_game_and_bad_input(tmp_path):
    ex = AugustusPlayoutExplorer(cards=TEST_CARDS, players=2, seed=1)
    assert ex.game.config.cards == load_objectives(TEST_CARDS)
    assert not ex.set_values(players=4)  # 24 cards: 5 + 4 x 6 are needed for the set-up
    assert "Players must be 2 or 3 with the cards" in ex.message and ex.game.players == 2
    assert "4 players need 29 objective cards" in ex.message
    saved = tmp_path / "game.json"
    partial = turn_states(play_game(GameConfig(players=3), "greedy", rng=2))[30]
    saved.write_text(to_json(partial))
    assert ex.set_values(start=str(saved))
    assert ex.game.players == 3 and ex.states[ex.start_turn] == partial
    assert not ex.set_values(within=0) and "within" in ex.message
