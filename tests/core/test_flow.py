"""Game flow (rometools.core.flow) on games with known answers, then on every registered game.

The Script toy (``tests/toys/script.py``) scores what its script says, so each game's lead,
winner, decisions and branching factor are known by hand: a game whose lead changes exactly
three times, one decided at its first decision, a tie, one cut by its safeguard. Duel with one
bid each is a coin flip to the end (every sampled chance one half); Pig's every decision is
roll or hold. Then every registered game, through the registry, against what ``simulate``
and ``score_history`` say of the same games.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import rometools
from rometools.core.errors import ArgumentError
from rometools.core.flow import (
    BINS,
    MEANINGS,
    TURNS,
    compare_flow,
    flow,
    flow_by_players,
    game_flow,
)
from rometools.core.playout import play
from rometools.core.simulate import simulate
from rometools.core.views import score_history
from rometools.testing import registered
from tests.toys import duel, script


@pytest.fixture
def toy():
    with registered(script.SPEC):
        yield


def _one(**options):
    game = rometools.load_game("toy_script", **options)
    return game_flow(play(game, "random", 0), positions=True)


def test_the_lead_changes_exactly_three_times(toy):
    # P1 +1 (P1 leads), P2 +2 (P2), P1 +2 (P1), P2 +2 (P2), then nothing: 3 changes, P2 wins
    f = _one(script=(1, 2, 2, 2, 0, 0))
    assert f["scores"] == [(0, 0), (1, 0), (1, 2), (3, 2), (3, 4), (3, 4), (3, 4)]
    assert f["lead_changes"] == 3
    assert f["winner"] == 1 and not f["shared"]
    # rounds 0, 1, 2 are the three phases; the changes come after decisions 2 (round 0), 3 and 4 (round 1)
    assert f["units"] == 3 and f["lead_changes_by_phase"] == [1, 2, 0]
    # P2 leads alone from position 4 to the end: decided 4/6 of the way in
    assert f["decided_at"] == pytest.approx(4 / 6)
    # behind at positions 1 and 3 of 0..6; at worst 1 point behind
    assert f["comeback"] == 1 and f["time_behind"] == pytest.approx(2 / 7) and f["deficit"] == 1
    # the last round begins at position 4: P2 ahead then
    assert f["last_unit"] == 0
    assert f["decisions"] == 6 and f["decision_moves"] == 0 and f["branching"] == 1


def test_a_tie_for_the_lead_is_not_a_change(toy):
    # 1-0 (P1), 1-1 (tied), 2-1 (P1 again), 2-3 (P2): one change
    f = _one(script=(1, 1, 1, 2))
    assert f["scores"] == [(0, 0), (1, 0), (1, 1), (2, 1), (2, 3)]
    assert f["lead_changes"] == 1
    # the last round (decisions 2 and 3) begins at position 2, tied 1-1: the winner is not behind
    assert f["last_unit"] == 0
    assert f["decided_at"] == 1.0          # P2 leads alone only at the end


def test_a_game_decided_at_its_first_decision(toy):
    f = _one(script=(5, 0, 1, 1, 1, 1), choices=(3, 2, 2, 1, 1, 1))
    assert f["winner"] == 0 and f["lead_changes"] == 0
    assert f["decided_at"] == pytest.approx(1 / 6)
    assert f["comeback"] == 0 and f["time_behind"] == 0 and math.isnan(f["deficit"])
    assert f["winner_rank"] == [1] * BINS
    assert f["decision_moves"] == pytest.approx(3 / 6) and f["branching"] == pytest.approx(10 / 6)
    assert f["max_branching"] == 3 and f["branching_by_phase"] == [2.5, 1.5, 1.0]
    # the lead through the game: 0 at the start, then 5 or 6 points
    assert f["lead"][0] == 0 and set(f["lead"][3:]) <= {5.0, 6.0} and max(f["lead"]) == 6


def test_the_last_round_overtake_and_a_shared_first_place(toy):
    f = _one(script=(2, 0, 0, 3))         # P2 behind 0-2 when round 2 begins, wins 2-3
    assert f["last_unit"] == 1 and f["winner"] == 1 and f["decided_at"] == 1.0
    tie = _one(script=(1, 1))
    assert tie["shared"] and tie["winner"] == -1
    assert math.isnan(tie["decided_at"]) and math.isnan(tie["comeback"])


def test_figures_over_games_with_their_intervals(toy):
    f = flow("toy_script", 5, progress=False, config={"script": (1, 2, 2, 2, 0, 0)})
    m = f.metrics
    assert list(m) == list(MEANINGS)
    assert m["lead_changes"].value == 3 and m["lead_changes"].interval == "exact"
    assert m["duration"].value == 3 and m["duration"].unit == "rounds"
    assert m["comeback"].interval == "Wilson" and m["comeback"].value == 1
    assert m["comeback"].low == pytest.approx(0.566, abs=0.001)    # Wilson, 5 of 5
    assert m["last_unit"].name == "Decided in the last round"
    assert m["completion"].value == 1 and m["drawishness"].value == 0
    assert "Every game lasts 3 rounds" in m["duration"].text
    assert f.series["winner_rank"][1][0] == 1 and f.series["winner_rank"][2][2] == 1 and f.series["lead_changes"]["mean"] == [1, 2, 0]
    table = f.table()
    assert list(table["figure"])[:3] == ["Duration", "Decisions", "Real choices"]
    assert "rounds" in f.text()


def test_completion_counts_the_games_a_safeguard_ended(toy):
    f = flow("toy_script", 4, progress=False, config={"script": (1, 2, 2, 2, 0, 0), "cut": 4})
    assert f.metrics["completion"].value == 0
    assert "by a safeguard" in f.metrics["completion"].text and "after a set number of decisions" in f.metrics["completion"].text
    assert flow("toy_script", 4, progress=False).metrics["completion"].value == 1


def test_a_coin_flip_to_the_end_is_all_uncertainty():
    with registered(duel.SPEC):
        f = flow("toy_duel", 6, bots="random", progress=False, config={"highest": 1}, value_games=6,
                 value_playouts=40,
                 value_bot="random")
        rows = f.per_game
        # both bids offer no choice; before the coin each seat's chance is about a half
        assert f.metrics["decision_moves"].value == 0
        assert f.metrics["uncertainty"].value == pytest.approx(1, abs=0.25)
        # the chances move only at the end, from about a half to 1 or 0
        assert rows["stability"].between(0.15, 0.35).all()


def test_a_game_written_in_advance_has_no_uncertainty(toy):
    f = flow("toy_script", 3, progress=False, config={"script": (1, 2, 2, 2, 0, 0)}, value_games=3,
             value_points=3, value_playouts=4)
    assert f.metrics["uncertainty"].value == 0 and f.metrics["stability"].value == 0
    assert f.series["chance_mean"] == [1.0, 1.0, 1.0, 1.0]
    assert "4 playouts of greedy bots" in f.value_by


def test_pig_every_decision_is_roll_or_hold():
    f = flow("pig", 12, seed=3, progress=False)
    assert f.metrics["decision_moves"].value == 1 and f.metrics["branching"].value == 2
    assert f.metrics["branching"].interval == "exact"
    assert f.unit is TURNS
    assert f.series["branching"]["mean"] == [2, 2, 2]
    # a Pig turn is one seat's rolls: the turns are the seat changes
    end = play(rometools.load_game("pig"), "greedy", 5)
    movers = rometools.load_game("pig").spec.movers(end)
    turns = 1 + sum(a != b for a, b in zip(movers, movers[1:], strict=False))
    assert game_flow(end)["units"] == turns


@pytest.mark.parametrize("gid", rometools.games())
def test_every_registered_game_plays_the_same_games_as_simulate(gid):
    game = rometools.load_game(gid)
    f = flow(game, 3, seed=2, value_games=1, value_points=2, value_playouts=1, progress=False)
    rows = simulate(game, 3, bots="greedy", seed=2, progress=False)
    per_game = rows.groupby("game").first()
    assert list(f.per_game["decisions"]) == list(per_game["length"])
    winners = rows[rows["win"] & ~rows["shared_win"]].set_index("game")["seat"]
    assert all(f.per_game.loc[i, "winner"] == winners.get(i, -1) for i in range(3))
    for key, m in f.metrics.items():
        assert m.text and m.meaning, key
        assert m.value != m.value or m.low <= m.value <= m.high, key
    assert 0 <= f.metrics["uncertainty"].value <= 1
    assert f.unit == game.spec.time_unit   # the unit the game declares (Augustus: the draw)


@pytest.mark.parametrize("gid", rometools.games())
def test_the_score_through_the_game_is_score_history(gid):
    game = rometools.load_game(gid)
    end = play(game, "greedy", 4)
    f = game_flow(end, positions=True)
    history = score_history(end)
    totals = history.pivot(index="Turn", columns="Player", values="Total")
    expected = [tuple(int(x) for x in row) for row in totals.to_numpy()]
    assert f["scores"] == expected


def test_the_executors_give_the_same_figures():
    a = flow("pig", 6, seed=1, progress=False)
    b = flow("pig", 6, seed=1, progress=False, executor="process", workers=2)
    assert a.per_game.equals(b.per_game)


def test_by_player_count_and_paired_variants():
    by = flow_by_players("pig", 4, counts=[2, 4], seed=1)
    assert sorted(by) == [2, 4] and by[4].game.players == 4
    d = compare_flow("pig", {"target": 20}, {"target": 80}, 8, seed=1).set_index("figure")
    assert d.loc["Duration", "b"] > d.loc["Duration", "a"] and d.loc["Duration", "pairs"] == 8
    assert np.isnan(d.loc["Real choices", "ci_low"])   # 100% in both: no spread
    assert "no spread" in d.loc["Real choices", "note"]


def test_bad_counts_are_refused():
    with pytest.raises(ArgumentError, match="number of games"):
        flow("pig", 0, progress=False)
    with pytest.raises(ArgumentError, match="value_bot"):
        flow("pig", 2, value_bot="wizard", progress=False)
    with pytest.raises(ArgumentError, match="executor"):
        flow("pig", 2, executor="cloud", progress=False)


@pytest.mark.parametrize("gid", rometools.games())
def test_every_game_declares_its_unit_and_its_clock_never_goes_back(gid):
    from rometools.core.flow import safeguard_of, time_unit_of
    from rometools.core.playout import states

    spec = rometools.load_game(gid).spec
    unit = time_unit_of(spec)
    assert spec.time_unit is not None, f"{gid} declares no time unit (GameSpec(time_unit=...))"
    assert unit.name in ("turn", "round", "draw") and unit.plural.startswith(unit.name)
    # one name for one idea: a game counting its length in its own unit (compare, tune) counts it in this one
    assert spec.game_length[0] in ("decisions", unit.plural)
    for config in spec.sample_configs[:2]:
        end = play(rometools.load_game(gid, **config), "greedy", 7)
        if unit.clock is not None:
            ticks = [unit.clock(s) for s in states(end) if spec.rules.current_player(s) >= 0]
            units = game_flow(end)["units"]
            assert ticks == sorted(ticks)
            if spec.game_length[0] == unit.plural:   # counted as the game counts its length: the clock ends on
                # the last unit, and a tick 0 holds only the set-up choices before the first (Via Romana's
                # forts, Augustus' kept objectives)
                assert max(ticks) == units and set(ticks) <= set(range(units + 1))
            else:
                assert len(set(ticks)) == units
        if spec.game_length[0] == unit.plural:
            assert game_flow(end)["units"] == spec.game_length[1](end)
        guard = safeguard_of(spec)
        if guard is not None:        # a game the bots finish well inside the limit ended by the rules
            assert guard.option in rometools.load_game(gid).config.to_dict() and not guard.reached(end)


def test_a_safeguard_that_ends_the_game_is_told_apart():
    aug = play(rometools.load_game("augustus", players=2, max_draws=10), "greedy", 1)
    assert rometools.load_game("augustus").spec.safeguard.reached(aug)
    road = play(rometools.load_game("via_romana", players=2, max_turns=6), "greedy", 1)
    assert rometools.load_game("via_romana").spec.safeguard.reached(road)


def test_a_value_and_its_interval_read_with_one_precision():
    """A trial's report read "99.08% ... (95% Student t interval 99% to 99.19%)" and "7.5 points behind
    (95% Student t interval 7.1 to 8)": the ends now carry the value's precision."""
    from rometools.core.flow import _sentence

    said = _sentence("decision_moves", "Real choices", 0.9908, 0.99, 0.9919, "t", 200, None, None)
    assert said == ("99.08% of decisions offer a real choice (more than one legal move) (95% Student t interval "
                    "99.00% to 99.19%).")
    said = _sentence("deficit", "Deepest deficit", 7.5, 7.1, 8.0, "t", 198, None, None)
    assert said == ("When the eventual winner was behind, they were at worst 7.5 points behind on average (95% "
                    "Student t interval 7.1 to 8.0), over 198 games.")
    assert "(95% Wilson interval 38% to 52%)" in _sentence("comeback", "Comebacks", 0.45, 0.38, 0.52, "Wilson",
                                                           200, None, None)


def test_a_share_over_few_games_gets_no_more_digits_than_its_interval_is_worth():
    """The 5 December trial's report over 20 games read "5.00% of games have a tied top score settled by a
    tiebreaker (95% Wilson interval 0.89% to 23.61%)": 1 game in 20 to two decimals."""
    from rometools.core.flow import _sentence
    from rometools.core.stats import proportion_estimate

    est = proportion_estimate(1, 20)
    said = _sentence("tiebreaks", "Won on a tiebreaker", est.estimate, est.low, est.high, "Wilson", 20, None, None)
    assert said == ("5.0% of games have a tied top score settled by a tiebreaker (95% Wilson interval 0.9% to "
                    "23.6%).")
