"""The Via Romana road-board explorer: the game it plays, the roads it reports, refusals."""

from __future__ import annotations

import pytest

import rometools
from rometools.core.playout import play, turn_states
from rometools.via_romana import road_results, scores
from rometools.widgets import RoadBoardExplorer
from rometools.widgets._html import plain_text


@pytest.fixture(scope="module")
def explorer():
    return RoadBoardExplorer(players=3, seed=1)


def test_it_plays_the_registry_game_of_the_seed(explorer):
    final = play(rometools.load_game("via_romana", players=3), ["greedy"] * 3, 1)
    assert [s.history for s in explorer.states] == [s.history for s in turn_states(final)]
    assert explorer.message == "" and explorer.game.config.the_board() == final.config.the_board()
    assert explorer.set_values(turn=explorer.turns)
    assert "game over" in plain_text(explorer._status.value)
    totals = plain_text(explorer._scores.value)
    assert all(f"P{s + 1} " in totals for s in range(3)) and str(max(scores(final))) in totals


def test_the_status_line_names_the_player_the_search_panel_ranks(explorer):
    """At a step of another player's turn (P3 takes the cards a road gave it in P2's turn) the status
    line said "P2 to play" while the strong-play panel ranked P3's moves: it names who decides now."""
    for turn in range(explorer.turns):
        explorer.set_values(turn=turn)
        state = explorer.state
        mover = explorer.game.current_player(state)
        status = plain_text(explorer._status.value)
        assert status.startswith(f"P{mover + 1} "), (turn, status)
        if mover != state.seat and state.turn:   # (the set-up's forts are placed before any turn)
            assert f"(in P{state.seat + 1}'s game turn {state.turn}," in status, (turn, status)
    explorer.set_values(turn=30)
    assert plain_text(explorer._status.value).startswith(
        "P1 takes cards from the display for a road (in P3's game turn 9, 2 cards played)")


def test_the_road_table_is_what_the_rules_scored_up_to_the_turn(explorer):
    explorer.set_values(turn=explorer.turns)
    results = road_results(explorer.state)
    assert explorer.road_results() == results and len(results) == len(explorer.state.scored)
    first = results[0]
    assert (first["road"], first["completer"], first["winner"], first["pieces"], first["cards"]) == (
        "r12", 0, 0, {0: 2, 1: 1, 2: 1}, {1: 1, 2: 1})   # 2 pieces against 1 and 1: the tile to the completer
    table = plain_text(explorer._roads.value)
    assert "Barium–Venusia road 4 P1" in table and "P1 2, P2 1, P3 1" in table and "P2 1, P3 1" in table
    assert "r12" not in table   # a road by the cities it joins, not its id
    # every card a road gave is a "take" in the history: the table adds up with the game
    takes = sum(1 for a in explorer.state.history if isinstance(a, tuple) and a[0] == "take")
    assert sum(sum(r["cards"].values()) for r in results) == takes
    explorer.set_values(turn=0)
    assert explorer.road_results() == [] and "Barium–Venusia road" in plain_text(explorer._roads.value)


def test_the_chart_draws_the_pieces_and_the_won_roads(explorer):
    explorer.set_values(turn=explorer.turns)
    data = explorer.figure_data()
    state = explorer.state
    for seat in range(3):
        placed = sum(1 for p in state.pieces if p != -1 and p // 2 == seat)
        assert len(data[f"vr-board-pieces-p{seat + 1}"]["x"]) == placed
    winners = {r["winner"] for r in explorer.road_results() if r["winner"] is not None}
    assert {f"vr-board-won-p{w + 1}" for w in winners} <= set(data)
    assert len(data["vr-board-cities"]["x"]) == 20


def test_a_typed_hand_rings_every_build_it_could_make_at_a_build_turn():
    from rometools.via_romana import builds_with

    ex = RoadBoardExplorer(players=2, seed=1)
    turn = next(i for i, s in enumerate(ex.states) if s.agenda and s.agenda[0][0] == "build" and s.turn > 3)
    assert ex.set_values(turn=turn, hand="purple:temple, purple helmet, red:eagle")
    expected = builds_with(ex.state, ["purple:temple", "purple:helmet", "red:eagle"])
    assert ex.builds() == expected and {a[0] for a in expected} >= {"fort", "milestone"}
    ringed = ex.figure_data()["vr-board-builds"]
    spaces = {s for a in expected for s in (a[2:4] if a[0] == "double" else a[1:2])}
    assert len(ringed["x"]) == len(spaces)
    said = plain_text(ex._builds_info.value)
    kinds = {k: sum(a[0] == k for a in expected) for k in ("fort", "milestone", "double", "joker")}
    forts = f"{kinds['fort']} fort{'' if kinds['fort'] == 1 else 's'}"
    assert f"could make {forts}, {kinds['milestone']} milestones" in said
    assert (f"{kinds['joker']} joker builds" in said) == (kinds["joker"] > 1) and " jokers " not in said
    assert ex.set_values(hand="") and ex.builds() == [] and "vr-board-builds" not in ex.figure_data()


@pytest.mark.parametrize("values,words", [
    ({"hand": "blue:dragon"}, "Hand: unknown card 'blue:dragon'"),
    ({"players": 5}, "Players must be 2 to 4, got 5"),
    ({"board": "/no/such/board.toml"}, "cannot be read"),
    ({"bot": "nobody"}, "unknown bot 'nobody'"),
    ({"turn": 100_000}, "Turn must be 0 to"),
])
def test_bad_input_is_a_message_and_changes_nothing(values, words):
    ex = RoadBoardExplorer(players=2, seed=4)
    ex.set_values(turn=5)
    before = (ex.states, ex.values(), ex.figure_data())
    assert not ex.set_values(**values)
    assert words in ex.message and (ex.states, ex.values(), ex.figure_data()) == before


def test_card_odds_are_exact_and_the_simulation_agrees():
    from fractions import Fraction

    from rometools.core.stats import proportion_estimate
    from rometools.widgets import CardOddsExplorer

    ex = CardOddsExplorer(question="any_fort", hand=6, trials=4000, seed=3)
    assert ex.message == "" and ex.exact()[4] == Fraction(4870, 6201)   # the rulebook deck, 55 cards
    assert ex.exact()[1] == 0 and ex.exact()[6] == 1                    # 6 cards of 5 colours: a pair
    simulated = ex.figure_data()["vr-card-simulated"]
    for n, (hits, _low, _high) in zip(simulated["x"], simulated["customdata"], strict=True):
        assert proportion_estimate(int(hits), 4000, confidence=0.999).contains(float(ex.exact()[n]))
    assert ex.set_values(question="card", colour="red", symbol="temple")
    assert ex.exact()[1] == Fraction(2, 55) and "4-card opening hand" in plain_text(ex._answer.value)


@pytest.mark.parametrize("values,words", [
    ({"hand": 16}, "Largest hand must be a whole number 1 to 15"),
    ({"colour": "black"}, "Colour must be one of purple, blue, yellow, red, green, got 'black'"),
    ({"trials": 20_001}, "Simulated hands must be a whole number 0 to 20,000"),
])
def test_card_odds_refuse_bad_input_and_keep_the_chart(values, words):
    from rometools.widgets import CardOddsExplorer

    ex = CardOddsExplorer(trials=100)
    before = (ex.values(), ex.figure_data())
    assert not ex.set_values(**values)
    assert words in ex.message and (ex.values(), ex.figure_data()) == before


@pytest.mark.parametrize("question,colour_used,symbol_used", [
    ("any_fort", False, False), ("fort", True, False), ("card", True, True)])
def test_card_odds_disable_the_controls_the_question_does_not_use(question, colour_used, symbol_used):
    """Colour and Symbol stayed live under "a fort of some colour", which reads neither (the UX report)."""
    from rometools.widgets import CardOddsExplorer

    ex = CardOddsExplorer(trials=0)
    assert ex.set_values(question=question)
    assert (ex._colour.disabled, ex._symbol.disabled) == (not colour_used, not symbol_used)
    for control, used in ((ex._colour, colour_used), (ex._symbol, symbol_used)):
        assert (control.tooltip or "").startswith("not used by the question") == (not used)


def test_card_odds_controls_follow_the_question_dropdown_and_a_refusal_keeps_them():
    from rometools.widgets import CardOddsExplorer

    ex = CardOddsExplorer(trials=0)
    assert ex._colour.disabled and ex._symbol.disabled           # opens on "a fort of some colour"
    ex._question.value = "card"
    assert not ex._colour.disabled and not ex._symbol.disabled
    ex._question.value = "fort"
    assert not ex._colour.disabled and ex._symbol.disabled
    assert not ex.set_values(question="any_fort", hand=16)       # refused: the question shown is still "fort"
    assert ex._question.value == "fort" and not ex._colour.disabled and ex._symbol.disabled
