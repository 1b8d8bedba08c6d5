"""IMPERATOR explorers without a browser: set controls, assert on the figure, the chain and the tables."""

from __future__ import annotations

import pytest

import rometools
from rometools.core.playout import play, turn_states
from rometools.imperator import (
    Arrow,
    GameConfig,
    Region,
    RegionBoard,
    RevealModel,
    Worker,
    apply,
    markers,
    new_game,
    occupants,
    placement_outcomes,
    reveal_curves,
    simulate_reveals,
)
from rometools.widgets import RegionBoardExplorer, TileOddsExplorer


@pytest.fixture(scope="module")
def explorer():
    return RegionBoardExplorer(seed=2)


#: A position after three placements (P1's 5 on Apulia, P2's 5 on Campania, P3's 1 on Lucania, round
#: 1), turn 3 of the explorer started from it: the what-if placements below are made on it (a fixed
#: history, so no change to the bots' choices moves it).
TURN_3 = ["t17", "t05", "t02", "t08", "t10", "t18", ("apulia", 5), ("campania", 5), ("lucania", 1)]


@pytest.fixture(scope="module")
def at_turn_3():
    s = new_game(GameConfig(players=4))
    for action in TURN_3:
        s = apply(s, action)
    return RegionBoardExplorer(start=s, seed=2)


def view(ex):
    return {"controls": {n: getattr(w, "value", None) for n, w in ex._controls.items()}, "state": ex.state,
            "chart": ex.figure_data(), "chain": ex.chain(), "problem": ex.problem, "track": ex._track.value}


def test_the_game_is_the_seeded_bot_game(explorer):
    final = play(rometools.load_game("imperator", players=4), "greedy", 2)
    assert explorer.states == tuple(turn_states(final)) and explorer.turns == 16
    assert explorer.set_values(turn=4)
    assert explorer.state.round == 2 and "P4 receives" in explorer._last_move.value


def test_the_placement_shown_is_the_rules_outcome(at_turn_3):
    assert at_turn_3.set_values(turn=3, seat=3, region="apulia", value=5, influence_zone=1)
    state = at_turn_3.state
    placed = Worker(3, 5, 1, 0)
    out, = placement_outcomes(state.config.layout, markers(state), occupants(state), placed, "apulia")
    assert at_turn_3.chain() == [at_turn_3._named(line) for line in out.describe()] and at_turn_3.problem is None
    assert all("'" + r + "'" not in line for line in at_turn_3.chain() for r in state.config.layout.regions)
    workers = at_turn_3.figure_data()["im-workers"]["customdata"]
    assert sorted(map(tuple, workers)) == sorted((r, w.player, w.value) for r, w in out.occupants)
    assert at_turn_3.figure_data()["im-removed"]["customdata"] == [[1, 5]]          # P2's 5 sent back
    cubes = at_turn_3.figure_data()["im-cubes"]["customdata"]
    assert [c[2] for c in cubes] == [out.track_moves.get(s, 0) for s in range(4)] == [1, 1, 0, 0]
    # step by step: before the placement, then each step
    assert at_turn_3.set_values(step=0)
    assert at_turn_3.figure_data()["im-move"]["x"] == [] and [c[2] for c in at_turn_3.figure_data()["im-cubes"]
                                                            ["customdata"]] == [0, 0, 0, 0]
    assert at_turn_3.set_values(step=2)
    assert len(at_turn_3.figure_data()["im-move"]["x"]) == 3            # the apulia -> campania arrow
    assert "+1" in at_turn_3._track.value


def test_an_illegal_placement_is_explained_in_words(at_turn_3):
    assert at_turn_3.set_values(turn=3, seat=3, region="apulia", value=4, own_influence=True)
    assert at_turn_3.problem == ("P1's 5 holds Apulia: on a marker-5 tile a 5 (P1) is stronger than a 4 (P4)")
    assert "Illegal placement" in at_turn_3._chain.value and at_turn_3.chain() == []
    assert at_turn_3.message == ""                                          # not an input error


def test_bad_input_changes_nothing(at_turn_3):
    at_turn_3.set_values(turn=3, seat=3, region="apulia", value=5, influence_zone=1)
    before = view(at_turn_3)
    for bad, message in (({"region": "rome"}, "unknown region 'rome'"), ({"seat": 4}, "Player (seat) must be 0 to 3"),
                         ({"value": 6}, "a worker's value is 1 to 5"), ({"outcome": 2}, "Outcome must be 1 to 1"),
                         ({"step": 9}, "Chain step must be 0 to 3"), ({"influence_zone": -1}, "Influence zone must be"),
                         ({"turn": 3, "region": "latium", "step": 5}, "Chain step must be 0 to 1")):
        assert at_turn_3.set_values(**bad) is False, bad
        assert message in at_turn_3.message, (bad, at_turn_3.message)
        assert view(at_turn_3) == before


@pytest.mark.parametrize(("box", "typed"), [("influence_zone", "1.5"), ("influence_zone", "-1"),
                                            ("political_influence", "100"), ("political_influence", "x")])
def test_influence_typed_in_its_box_is_refused_in_words(at_turn_3, box, typed):
    """The boxes are typed in once own influence is off; a browser sends the text as typed
    (the generic test in test_explorer_inputs.py skips them while they are disabled)."""
    assert at_turn_3.set_values(turn=3, seat=3, region="apulia", value=5, influence_zone=1)  # own influence off
    control, before = at_turn_3._controls[box], view(at_turn_3)
    kept = control.value
    control.set_state({"value": typed})
    assert f"{at_turn_3.field_label(box)} must be a whole number 0 to 99, got " in at_turn_3.message
    assert typed in at_turn_3.message and control.value == kept and view(at_turn_3) == before
    control.set_state({"value": str(kept + 1)})
    assert control.value == kept + 1 and at_turn_3.message == ""


def test_several_choices_give_several_outcomes_to_pick():
    board = RegionBoard("fork", [Region(r, r.upper(), (3,), (x, 0.5)) for r, x in (("a", 0.2), ("b", 0.6),
                                                                                   ("c", 0.9))],
                        [Arrow("a", "b"), Arrow("a", "c")], (0, 1, 3))
    s = new_game(GameConfig(players=3, board=board, rounds=1))
    for t in ("t01", "t02", "t03"):
        s = apply(s, t)
    s = apply(s, ("a", 3))
    ex = RegionBoardExplorer(start=s, bots=["random"] * 3, seed=1)
    assert ex.set_values(turn=ex.start_turn, seat=1, value=2, region="a")
    assert [label for label, _ in ex._outcome.options] == ["1: P2 to A; P1 to B", "2: P2 to A; P1 to C"]
    assert ex.set_values(outcome=2) and ex.chain()[-1] == "P1's 3 is forced out of A and moves to C"
    assert ex.chain()[0].startswith("P2 places a 2 in A")   # the article "a" is not a region
    assert ex.select_region("b") and ex._region.value == "b"
    regions = next(t for t in ex.figure.data if t.meta == "im-regions")
    click = {"kind": "click", "meta": "im-regions", "index": list(regions.customdata).index("c")}
    ex._charts["figure"].source._handle_custom_msg(click, [])   # what the page sends for a click on C
    assert ex._region.value == "c"


def test_tile_odds_explorer_shows_the_exact_chain_and_its_simulation():
    ex = TileOddsExplorer(players=3, rounds=4, trials=300, seed=5, kinds=("propraetor", "instant_points"))
    data = ex.figure_data()
    curves = reveal_curves(3, 4, kinds=("propraetor", "instant_points"))
    assert data["im-odds-propraetor"]["customdata"] == [str(p) for p in curves["propraetor"].revealed]
    sim = simulate_reveals("propraetor", RevealModel(5, 3), 4, trials=300, rng=5)
    assert [c[0] for c in data["im-odds-sim-propraetor"]["customdata"]] == [e.successes for e in sim.revealed]
    assert "round 4" in data["table"]
    assert ex.set_values(what="on_board", leftover="discard", trials=0)
    data = ex.figure_data()
    assert "im-odds-sim-propraetor" not in data
    on_board = reveal_curves(3, 4, kinds=("propraetor",), leftover="discard")["propraetor"].on_board
    assert data["im-odds-propraetor"]["customdata"] == [str(p) for p in on_board]
    before = ex.figure_data()
    for bad in ({"players": 6}, {"kinds": ()}, {"kinds": ("statue",)}, {"rounds": 0}, {"hold_rounds": -1},
                {"reveal": "later"}):
        assert ex.set_values(**bad) is False and ex.figure_data() == before


@pytest.mark.parametrize("kwargs,message", [
    ({"leftover": "keep"}, "Leftover must be one of stay, discard; got 'keep'"),
    ({"leftover": ["stay"]}, "Leftover must be one of stay, discard; got ['stay']"),
    ({"reveal": "later"}, "Refill must be one of next_round, at_once; got 'later'"),
    ({"trials": -1}, "Simulated games must be a whole number 0 to 20,000, got -1"),
    ({"what": "taken"}, "Count must be 'revealed' (revealed that round) or 'on_board' (on the board that round), "
                        "got 'taken'"),
])
def test_tile_odds_choices_are_refused_with_the_games_own_message(kwargs, message):
    """The same words as the game's config (core.errors.check_choice), not a tuple's repr, naming the
    box the designer sees ("Simulated games", not the argument "trials")."""
    ex = TileOddsExplorer(players=3, rounds=4, trials=0)
    before = ex.figure_data()
    assert ex.set_values(**kwargs) is False
    assert ex.message == f"Cannot update: {message} (the chart still shows the last valid input)"
    assert ex.figure_data() == before and (ex.leftover_input.value, ex.reveal_input.value) == ("stay", "next_round")


def test_a_refused_rounds_box_is_said_put_back_and_the_refusal_goes_at_the_next_edit():
    """Trial finding F5: 99999999999 typed in Rounds was refused and the box put back to 6, but the
    message said "the chart still shows the last valid input" under a box reading 6, and stayed
    there after Enter on 6 (no change reaches the kernel) and after an edit of "Save as"."""
    ex = TileOddsExplorer(players=3, rounds=6, trials=0)
    before = ex.figure_data()
    refusal = ("Cannot update: Rounds must be a whole number 1 to 12, got 99999999999 "
               "(Rounds put back to 6, the value the chart shows)")
    ex.rounds_input.set_state({"value": "99999999999"})      # typed, then Enter
    assert ex.message == refusal and ex.rounds_input.value == 6 and ex.figure_data() == before
    ex.rounds_input.set_state({"value": "6"})                # 6 typed on the 6 it reads: no change
    assert ex.message == refusal
    ex.rounds_input._handle_custom_msg({"event": "submit"}, [])   # ... but the page sends Enter
    assert ex.message == "" and ex.figure_data() == before
    ex.rounds_input.set_state({"value": "2.5"})
    assert ex.message.startswith("Cannot update: Rounds must be a whole number 1 to 12, got 2.5 (Rounds put back")
    ex.counts_editor._path.value = "my_tiles.toml"           # an edit of another box, that draws nothing
    assert ex.message == "" and ex.figure_data() == before
    ex.rounds_input.set_state({"value": "0"})
    ex.rounds_input.set_state({"value": "13"})               # a second refusal in a row: its own words
    assert ex.message.startswith("Cannot update: Rounds must be a whole number 1 to 12, got 13 (Rounds put back to 6")
    ex.leftover_input.value = "discard"                      # another control: drawn, nothing to refuse
    assert ex.message == "" and ex.rounds_input.value == 6
    assert ex.set_values(rounds=99999999999) is False          # never reached the box: the usual words
    assert ex.message.endswith("got 99999999999 (the chart still shows the last valid input)")
