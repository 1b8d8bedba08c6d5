"""The balance lab: simulate() over the registry, executors, rotation, and the metrics."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import rometools
from rometools.core.balance import (
    compare_variants,
    game_summary,
    games_needed,
    mean_interval,
    points_shares,
    score_summary,
    seat_advantage_test,
    seat_win_rates,
)
from rometools.core.errors import RulesError
from rometools.core.game import game_spec
from rometools.core.playout import play
from rometools.core.simulate import game_streams, simulate
from rometools.core.stats import proportion_estimate


@pytest.mark.parametrize("game_id", rometools.games())
def test_rows_are_the_games_play_gives(game_id):
    game = rometools.load_game(game_id)
    df = simulate(game_id, 6, bots="greedy", seed=5, progress=False)
    assert len(df) == 6 * game.players
    assert df.groupby("game")["win"].sum().min() >= 1  # every game has a winner
    for i in range(6):
        chance, bots = game_streams(5, 6, i)
        end = play(game, "greedy", bots, chance_rng=chance)
        rows = df[df["game"] == i].sort_values("seat")
        assert rows["score"].tolist() == list(game.scores(end))
        ranks = game_spec(game_id).ranks(end) if game_spec(game_id).ranks else None
        if ranks is not None:
            assert rows["rank"].tolist() == list(ranks)
        assert rows["moves"].sum() == rows["length"].iloc[0]


def test_executors_give_identical_results():
    serial = simulate("caesars_empire", 24, bots=["greedy", "random", "cheapest", "random"], seed=3,
                      progress=False)
    process = simulate("caesars_empire", 24, bots=["greedy", "random", "cheapest", "random"], seed=3,
                       executor="process", workers=2, progress=False)
    dask = simulate("caesars_empire", 24, bots=["greedy", "random", "cheapest", "random"], seed=3,
                    executor="dask", workers=2, progress=False)
    pd.testing.assert_frame_equal(serial, process)
    pd.testing.assert_frame_equal(serial, dask)


def test_rotation_plays_each_seed_once_per_seat_with_the_same_chance():
    df = simulate("caesars_empire", 5, players=3, bots=["greedy", "random", "random"], rotate=True, seed=2,
                  progress=False)
    assert len(df) == 5 * 3 * 3
    for (_, rotation), g in df.groupby(["game", "rotation"]):
        assert g.sort_values("seat")["bot"].tolist() == [["greedy", "random", "random"][(s - rotation) % 3]
                                                          for s in range(3)]
    # the same deal in every rotation: the chance stream is the game's, not the bots'
    game = rometools.load_game("caesars_empire", players=3)
    deals = set()
    for r in range(3):
        chance, bots = game_streams(2, 5, 0)
        seats = [["greedy", "random", "random"][(s - r) % 3] for s in range(3)]
        deals.add(play(game, seats, bots, chance_rng=chance).treasures)
    assert len(deals) == 1


def test_simulate_names_bad_input():
    for kwargs, message in (({"n_games": 0}, "whole number 1 or more"),
                            ({"n_games": 3, "executor": "gpu"}, "unknown executor 'gpu'"),
                            ({"n_games": 3, "bots": "smart"}, "unknown bot 'smart'"),
                            ({"n_games": 3, "seed": -1}, "seed must be a whole number 0 or more"),
                            ({"n_games": 3, "players": 9}, "2 to 5 players")):
        with pytest.raises(RulesError, match=message):
            simulate("caesars_empire", progress=False, **kwargs)


@pytest.fixture(scope="module")
def greedy_runs():
    return simulate("caesars_empire", 60, bots="greedy", seed=11, progress=False)


def test_seat_win_rates_are_wilson_intervals(greedy_runs):
    rates = seat_win_rates(greedy_runs)
    assert rates["games"].tolist() == [60] * 4
    for _, row in rates.iterrows():
        wins = int(greedy_runs[(greedy_runs["seat"] == row["seat"]) & greedy_runs["win"]].shape[0])
        est = proportion_estimate(wins, 60)
        assert (row["wins"], row["win_rate"], row["ci_low"], row["ci_high"]) == (wins, est.estimate, est.low,
                                                                                 est.high)
    assert rates["wins"].sum() >= 60


def test_seat_advantage_test_hand_computed():
    rows = []
    for g, winner in enumerate([0] * 30 + [1] * 10 + [2] * 10 + [3] * 10):
        rows += [{"game": g, "rotation": 0, "seat": s, "win": s == winner, "shared_win": False}
                 for s in range(4)]
    t = seat_advantage_test(pd.DataFrame(rows))
    assert t["wins"] == [30, 10, 10, 10] and t["method"] == "chi-square"
    assert t["statistic"] == pytest.approx(20.0)  # (15^2 + 3 * 5^2) / 15
    assert t["p_value"] == pytest.approx(stats.chi2.sf(20.0, 3))
    few = pd.DataFrame([{"game": g, "rotation": 0, "seat": s, "win": s == w, "shared_win": False}
                        for g, w in enumerate([0, 0, 0, 1]) for s in range(2)])
    exact = seat_advantage_test(few)
    # P(table no more likely than 3-1 under p = 1/2): tables 3-1, 1-3, 4-0, 0-4 = (4+4+1+1)/16
    assert exact["method"] == "exact multinomial" and exact["p_value"] == pytest.approx(10 / 16)


def test_summaries(greedy_runs):
    s = score_summary(greedy_runs)
    seat0 = greedy_runs[greedy_runs["seat"] == 0]["score"]
    lo, hi = stats.t.interval(0.95, len(seat0) - 1, loc=seat0.mean(), scale=stats.sem(seat0))
    assert s.loc[0, "mean"] == pytest.approx(seat0.mean()) and (s.loc[0, "ci_low"], s.loc[0, "ci_high"]) == (
        pytest.approx(lo), pytest.approx(hi))
    g = game_summary(greedy_runs)
    first = greedy_runs[greedy_runs["game"] == 0]["score"].sort_values(ascending=False).tolist()
    assert g.loc[0, "margin"] == first[0] - first[1] and len(g) == 60
    shares = points_shares(greedy_runs)
    assert set(shares["category"]) == {"route", "cities", "treasures", "road_bonus"}
    assert shares["points"].sum() == greedy_runs["score"].sum()


def test_game_summary_by_hand():
    """Margins, lengths and winners of hand-written games: a shared first place (margin 0,
    the lower seat of the best rank wins), a one-seat game, a rotation, rows in any order."""
    import pandas as pd

    rows = [  # game, rotation, seat, score, rank, length
        (1, 0, 0, 30, 1, 40), (1, 0, 1, 30, 1, 40), (1, 0, 2, 12, 3, 40),
        (0, 1, 0, 7, 2, 12), (0, 1, 1, 19, 1, 12),
        (0, 0, 1, 25, 2, 20), (0, 0, 0, 31, 1, 20),
        (2, 0, 0, 5, 1, 3),
    ]
    results = pd.DataFrame(rows, columns=["game", "rotation", "seat", "score", "rank", "length"])
    g = game_summary(results)
    assert g.values.tolist() == [[0, 0, 6, 20, 0], [0, 1, 12, 12, 1], [1, 0, 0, 40, 0], [2, 0, 0, 3, 0]]
    assert list(g.columns) == ["game", "rotation", "margin", "length", "winner"]


def test_games_needed_is_the_smallest_n_with_that_wilson_width():
    for half, rate in ((0.05, 0.5), (0.02, 0.25), (0.1, 0.1)):
        n = games_needed(half, rate=rate)
        z = stats.norm.ppf(0.975)

        def width(k, z=z, rate=rate):
            return z * math.sqrt(rate * (1 - rate) / k + z * z / (4 * k * k)) / (1 + z * z / k)

        assert width(n) <= half < width(n - 1)
    assert games_needed(0.05) == 381


def test_mean_interval_matches_scipy():
    x = np.random.default_rng(1).normal(size=50)
    m, lo, hi = mean_interval(x, 0.9)
    assert (lo, hi) == pytest.approx(stats.t.interval(0.9, 49, loc=x.mean(), scale=stats.sem(x)))


def test_compare_variants_pairs_the_seeds():
    same = compare_variants("caesars_empire", {"players": 3}, {"players": 3}, 20, seed=4)
    assert (same["difference"] == 0).all() and (same["se_paired"] == 0).all()
    diff = compare_variants("caesars_empire", {"players": 3}, {"players": 3, "route_policy": "first"}, 40,
                            seed=4, bots="greedy")
    row = diff.set_index("figure").loc["mean score P1"]
    assert row["ci_low"] <= row["difference"] <= row["ci_high"]
    assert row["difference"] == pytest.approx(row["b"] - row["a"])
    # common random numbers: both variants see the same deals, so the paired comparison of
    # scores is much tighter than an unpaired one
    scores = diff[diff["figure"].str.startswith("mean score")]
    assert (scores["variance_reduction"] > 0.3).all(), scores
