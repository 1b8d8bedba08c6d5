"""Counts from a record (issue 45, class 8): a log's wins give simulate's seat-balance figures."""

from fractions import Fraction
from itertools import product
from math import factorial

import pandas as pd
import pytest

from rometools.core.balance import score_summary, seat_advantage_test, seat_win_rates
from rometools.core.simulate import simulate
from rometools.draws import Record

CONFIDENCE = 0.999


@pytest.mark.parametrize("game, games, players", [("caesars_empire", 60, 3), ("pig", 80, 2)])
def test_a_record_of_simulated_games_gives_simulates_figures(game, games, players):
    """Keep only who won each simulated game; the record's figures equal simulate's own."""
    rows = simulate(game, games, players=players, bots="random", seed=11, progress=False)
    winners = [tuple(g.loc[g["win"], "seat"].tolist()) for _, g in rows.groupby("game", sort=True)]
    record = Record.from_games(winners, players=players)
    ours, theirs = record.win_rates(), seat_win_rates(rows)
    pd.testing.assert_frame_equal(ours, theirs, check_dtype=False)
    assert record.seat_test() == seat_advantage_test(rows)


def _brute_exact(wins):
    n, k = sum(wins), len(wins)

    def weight(t):
        out = factorial(n)
        for x in t:
            out //= factorial(x)
        return out

    observed = weight(wins)
    tail = sum(weight(t) for t in product(range(n + 1), repeat=k) if sum(t) == n and weight(t) <= observed)
    return Fraction(tail, k ** n)


@pytest.mark.parametrize("wins", [[9, 1], [6, 2, 1], [12, 9, 5], [4, 4, 3, 0], [20, 14, 6]])
def test_exact_seat_test_matches_every_table(wins):
    record = Record.from_counts(wins)
    assert record.exact_seat_test()["p_value"] == _brute_exact(wins)


def test_exact_test_agrees_with_cores_exact_branch():
    """Few games (under 5 expected per seat): core uses the same exact test, in floats."""
    record = Record.from_counts([6, 2, 1])
    core = record.seat_test()
    assert core["method"] == "exact multinomial"
    assert float(record.exact_seat_test()["p_value"]) == pytest.approx(core["p_value"], rel=1e-12)


def test_twin_of_the_exact_test():
    record = Record.from_counts([37, 25, 18])
    est = record.simulate_seat_test(20_000, rng=3, confidence=CONFIDENCE)
    assert est.contains(record.exact_seat_test()["p_value"])


def test_shared_wins_and_scores():
    record = Record.from_games([{0: 10, 1: 7}, {0: 5, 1: 5}, {0: 3, 1: 9}], players=2)
    assert record.winners == ((0,), (0, 1), (1,))
    assert record.shares() == {0: Fraction(2, 3), 1: Fraction(2, 3)}
    rows = record.results()
    assert rows["shared_win"].tolist() == [False, False, True, True, False, False]
    assert rows["rank"].tolist() == [1, 2, 1, 1, 2, 1]
    assert score_summary(rows)["mean"].tolist() == [6.0, 7.0]
    assert "shared win" in record.seat_text()


def test_a_playtest_log_file(tmp_path):
    log = tmp_path / "playtests.csv"
    log.write_text("game,seat,win\nA,0,1\nA,1,0\nB,0,0\nB,1,true\nC,0,1\nC,1,0\n")
    assert Record.from_csv(log).outright_wins() == [2, 1]
    scored = tmp_path / "scores.csv"
    scored.write_text("game,seat,score\n1,0,40\n1,1,38\n2,0,30\n2,1,44\n")
    assert Record.from_csv(scored).winners == ((0,), (1,))
    bad = tmp_path / "bad.csv"
    bad.write_text("game,seat,win\nA,0,1\nA,x,0\n")
    with pytest.raises(ValueError, match=r"bad\.csv.*row 3.*whole numbers"):
        Record.from_csv(bad)
    missing = tmp_path / "missing.csv"
    missing.write_text("game,seat,win\nA,0,1\nA,1,0\nB,0,1\n")
    with pytest.raises(ValueError, match=r"game 'B'.*every seat"):
        Record.from_csv(missing)
    nowin = tmp_path / "nowin.csv"
    nowin.write_text("game,seat,win\nA,0,0\nA,1,0\n")
    with pytest.raises(ValueError, match=r"has no winner"):
        Record.from_csv(nowin)


def test_bad_records_are_refused():
    with pytest.raises(ValueError, match="seat 3 does not exist"):
        Record.from_games([0, 3], players=3)
    with pytest.raises(ValueError, match="players must be 2 to 12"):
        Record.from_games([0], players=1)
    with pytest.raises(ValueError, match="at least one game"):
        Record.from_counts([0, 0])
    with pytest.raises(ValueError, match="whole number >= 0"):
        Record.from_counts([3, -1])
    with pytest.raises(ValueError, match="outright winner"):
        Record.from_games([(0, 1)], players=2).exact_seat_test()
    with pytest.raises(ValueError, match="at most 1,000,000 games"):
        Record.from_counts([10**30, 1])


def test_a_refused_seat_is_said_counted_from_0_and_as_p1_to_pn(tmp_path):
    """Seats counted from 0 are said as the rest of rometools says them, "a seat 0 to 2 (P1 to P3)"
    (core.formatting.seat_range; docs/rules-decisions.md VR-14), never "seat 0 to n-1" alone."""
    with pytest.raises(ValueError, match=r"^game 1: seat 3 does not exist \(seats are 0 to 2 \(P1 to P3\)\)$"):
        Record.from_games([0, 3], players=3)
    with pytest.raises(ValueError, match=r"^game 0: give a score for every seat 0 to 2 \(P1 to P3\), got seats"):
        Record.from_games([{0: 1, 1: 2}], players=3)
    missing = tmp_path / "missing.csv"
    missing.write_text("game,seat,win\nA,0,1\nA,1,0\nA,2,0\nB,0,1\n")
    with pytest.raises(ValueError, match=r"game 'B': needs a row for every seat 0 to 2 \(P1 to P3\)$"):
        Record.from_csv(missing)
    far = tmp_path / "far.csv"
    far.write_text("game,seat,win\nA,0,1\nA,12,0\n")
    with pytest.raises(ValueError, match=r"row 3: seat 12 is out of range 0 to 11 \(P1 to P12\)$"):
        Record.from_csv(far)
