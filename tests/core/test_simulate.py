"""The balance lab: simulate() over the registry, executors, rotation, and the metrics."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import rometools
from rometools.core.balance import (
    game_length_text,
    game_summary,
    games_needed,
    mean_interval,
    points_shares,
    score_summary,
    seat_advantage_test,
    seat_win_rates,
)
from rometools.core.errors import ArgumentError, RometoolsError
from rometools.core.formatting import percent
from rometools.core.paired import compare_variants, paired_differences
from rometools.core.playout import play
from rometools.core.simulate import game_streams, local_cluster, simulate
from rometools.core.stats import proportion_estimate
from rometools.testing import check_simulation


@pytest.mark.parametrize("game_id", rometools.games())
def test_rows_are_the_games_play_gives(game_id):
    check_simulation(game_id, checks=["rows"])


def test_executors_give_identical_results():
    serial = simulate("caesars_empire", 24, bots=["greedy", "random", "cheapest", "random"], seed=3,
                      progress=False)
    process = simulate("caesars_empire", 24, bots=["greedy", "random", "cheapest", "random"], seed=3,
                       executor="process", workers=2, progress=False)
    dask = simulate("caesars_empire", 24, bots=["greedy", "random", "cheapest", "random"], seed=3,
                    executor="dask", workers=2, progress=False)
    pd.testing.assert_frame_equal(serial, process)
    pd.testing.assert_frame_equal(serial, dask)


@pytest.mark.parametrize("workers", [0, -1, "2", True, 1.5])
def test_local_cluster_refuses_a_bad_worker_count_before_starting_one(workers):
    with pytest.raises(ArgumentError, match=f"^workers must be a whole number 1 or more, got {workers!r}$"):
        local_cluster(workers)


def test_an_address_needs_the_dask_executor():
    with pytest.raises(ArgumentError, match="^address 'tcp://127.0.0.1:8786' names a Dask scheduler: it needs "
                                         "executor='dask', not 'process'$"):
        simulate("caesars_empire", 4, bots="random", seed=1, executor="process", address="tcp://127.0.0.1:8786",
                 progress=False)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_dask_address_with_no_scheduler_or_no_workers_is_a_message_not_a_hang():
    """Nothing listening: one line naming the address (not the OSError's traceback); a
    scheduler with no workers: refused after the connect timeout (the games would wait for ever)."""
    import dask
    from dask.distributed import LocalCluster

    nobody = f"tcp://127.0.0.1:{_free_port()}"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}), \
            LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=None,
                         host="127.0.0.1") as empty:
        with pytest.raises(ArgumentError, match=f"^address '{nobody}': nothing listens there \\(connection "
                                                f"refused\\)$"):
            simulate("caesars_empire", 4, bots="random", seed=1, executor="dask", address=nobody, progress=False)
        with pytest.raises(ArgumentError, match=f"^address '{empty.scheduler_address}': the Dask scheduler there "
                                             f"has no workers \\(waited 1s\\)$"):
            simulate("caesars_empire", 4, bots="random", seed=1, executor="dask",
                     address=empty.scheduler_address, progress=False)


def test_a_refused_dask_address_is_said_at_once_and_a_silent_one_after_the_stated_timeout(monkeypatch):
    """A fresh-user trial: ``--address tcp://127.0.0.1:1`` took 43 s to be refused (Dask retries a
    refused connection until its 30 s connect timeout). A refused port is said without a single
    retry; a host that does not answer is waited for the connect timeout, which the message states."""
    import socket

    import dask.distributed

    from rometools.core import executors

    made = []
    monkeypatch.setattr(dask.distributed, "Client", lambda *a, **k: made.append(a))
    nobody = f"tcp://127.0.0.1:{_free_port()}"
    with pytest.raises(ArgumentError, match=f"^address '{nobody}': nothing listens there \\(connection refused\\)$"):
        executors.dask_client(nobody)
    assert made == []   # refused before Dask was asked (Dask would retry for 30 s)
    asked = []

    def silent(where, timeout=None):
        asked.append((where, timeout))
        raise TimeoutError("timed out")

    monkeypatch.setattr(socket, "create_connection", silent)
    with pytest.raises(ArgumentError, match="^address 'tcp://10.1.2.3:8786': no answer within 30 s \\(Dask's "
                                            "connect timeout, distributed.comm.timeouts.connect\\)$"):
        executors.dask_client("tcp://10.1.2.3:8786")
    assert asked == [(("10.1.2.3", 8786), 30)] and made == []


def test_games_on_a_dask_address_are_chunked_for_its_workers_threads(monkeypatch):
    """A scheduler elsewhere: chunks for the threads its workers have (3 here), not this
    machine's cores; the rows are the serial executor's."""
    from dask.distributed import LocalCluster

    from rometools.core import executors

    slots, chunks = [], []

    class Chunker(executors._Chunker):
        def __init__(self, n_games, slots_there):
            slots.append(slots_there)
            super().__init__(n_games, slots_there)

        def take(self):
            chunk = super().take()
            chunks.append(chunk)
            return chunk

    monkeypatch.setattr(executors, "_Chunker", Chunker)
    with LocalCluster(n_workers=1, threads_per_worker=3, processes=False, protocol="tcp", dashboard_address=None,
                      host="127.0.0.1") as cluster:
        dask = simulate("caesars_empire", 40, bots="random", seed=5, executor="dask",
                        address=cluster.scheduler_address, progress=False)
    assert slots == [3]
    # two chunks in flight a thread, of MIN_CHUNK games each until one has been timed; every game once
    assert chunks[:4] == [range(0, 10), range(10, 20), range(20, 30), range(30, 40)]
    assert chunks[4:] == [None] * len(chunks[4:])
    pd.testing.assert_frame_equal(dask, simulate("caesars_empire", 40, bots="random", seed=5, progress=False))


def test_rows_gathered_as_columns_fill_a_column_some_games_lack_with_none():
    """Workers send their rows as columns; a column only some games have (a game's extras)
    is None in the other games' rows, as a DataFrame of one dict per row would have it."""
    from rometools.core.simulate import _Columns

    rows = _Columns()
    rows.add({"game": [0, 0], "score": [3, 5]})
    rows.add({"game": [1, 1], "score": [4, 4], "extra": [7, 7]})
    rows.add({"game": [2], "score": [9]})
    assert rows.data == {"game": [0, 0, 1, 1, 2], "score": [3, 5, 4, 4, 9], "extra": [None, None, 7, 7, None]}
    by_rows = pd.DataFrame([{"game": 0, "score": 3}, {"game": 0, "score": 5}, {"game": 1, "score": 4, "extra": 7},
                            {"game": 1, "score": 4, "extra": 7}, {"game": 2, "score": 9}])
    pd.testing.assert_frame_equal(pd.DataFrame(rows.data), by_rows)


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
        with pytest.raises(RometoolsError, match=message):
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


def _hand_run(shift: int, length, winner=lambda g, r: (g + r) % 2, seed: int = 7, rotations: int = 3):
    """Two games, ``rotations`` rotations, two seats, rows shuffled: the winner scores 10 + 3g + r
    (+ ``shift``), the other seat 4 + g + 2r (+ ``shift``); ``length(g, r)`` decisions."""
    rows = []
    for g in range(2):
        for r in range(rotations):
            for s in range(2):
                win = s == winner(g, r)
                score = (10 + 3 * g + r if win else 4 + g + 2 * r) + shift
                rows.append({"game": g, "seed": seed, "rotation": r, "seat": s, "score": score,
                             "rank": 1 if win else 2, "win": win, "shared_win": False, "length": length(g, r)})
    return pd.DataFrame(rows).sample(frac=1, random_state=shift + 1).reset_index(drop=True)


def test_paired_differences_pair_the_same_game_and_rotation_by_hand():
    """B scores 5 points more than A in every game, seat and rotation and lasts one decision
    longer: each pair's difference is exactly 5 (or 1), so a pair of another game or rotation
    would give a spread; pairs are games x rotations, 2 x 3 = 6."""
    a = _hand_run(0, lambda g, r: 20 + 4 * g + r)
    b = _hand_run(5, lambda g, r: 21 + 4 * g + r)
    d = paired_differences(a, b).set_index("figure")
    assert list(d.index) == ["win rate P1", "win rate P2", "mean score P1", "mean score P2", "game length",
                             "winning margin"]
    assert (d["pairs"] == 6).all()
    for seat in (1, 2):
        row = d.loc[f"mean score P{seat}"]
        scores = a[a["seat"] == seat - 1]["score"]
        assert (row["a"], row["b"]) == (scores.mean(), scores.mean() + 5)
        assert (row["difference"], row["ci_low"], row["ci_high"], row["se_paired"]) == (5, 5, 5, 0)
        assert row["se_unpaired"] == pytest.approx(math.sqrt(2 * scores.var(ddof=1) / 6))
        assert row["variance_reduction"] == 1 and row["note"] == ""
    length = d.loc["game length"]  # lengths 20, 21, 22, 24, 25, 26 in A
    assert (length["a"], length["b"], length["difference"], length["se_paired"]) == (23, 24, 1, 0)
    assert (d.loc["win rate P1", ["a", "b", "difference"]] == [0.5, 0.5, 0]).all()
    # margins: 6 + 2g - r in both variants
    assert (d.loc["winning margin", ["a", "b", "difference"]] == [6, 6, 0]).all()
    # the order of the rows does not matter, only the game and rotation they are labelled with
    sort = ["game", "rotation", "seat"]
    pd.testing.assert_frame_equal(paired_differences(a.sort_values(sort), b.sort_values(sort)),
                                  paired_differences(a, b))


def test_paired_differences_of_a_figure_with_no_spread_say_it_in_words():
    """P1 wins every game in both variants and every game lasts 30 decisions in A, 32 in B:
    the observed difference, no interval (NaN), and a note; the win rates keep their Wilson
    interval, since a seat that won none of 6 games may still win some."""
    a = _hand_run(0, lambda g, r: 30, winner=lambda g, r: 0)
    b = _hand_run(5, lambda g, r: 32, winner=lambda g, r: 0)
    d = paired_differences(a, b).set_index("figure")
    length = d.loc["game length"]
    assert (length["difference"], length["se_unpaired"]) == (2, 0)
    assert math.isnan(length["ci_low"]) and math.isnan(length["ci_high"])
    assert math.isnan(length["variance_reduction"])
    assert length["note"] == ("all 6 games lasted 30 decisions in variant A and all 6 games lasted 32 decisions "
                              "in variant B: no spread in these games, so no interval for the difference")
    none = proportion_estimate(0, 6)
    assert d.loc["win rate P1", "note"] == (f"P1 won every one of 6 games (95% Wilson interval "
                                            f"{percent(1 - none.high)} to 100%) in both variants: no spread in "
                                            f"these games, so no interval for the difference")
    assert d.loc["win rate P2", "note"] == (f"P2 won none of 6 games (95% Wilson interval 0% to "
                                            f"{percent(none.high)}) in both variants: no spread in these games, "
                                            f"so no interval for the difference")
    assert d.loc["mean score P1", "note"] == "" and d.loc["winning margin", "note"] == ""


def test_paired_differences_refuse_runs_that_do_not_pair():
    a = _hand_run(0, lambda g, r: 30)
    for b, message in (
            (_hand_run(5, lambda g, r: 30, seed=8), "variant A was played from seed 7 and variant B from seed 8"),
            (_hand_run(5, lambda g, r: 30, rotations=1), "variant A has 3 rotations and variant B 1: a paired "
                                                         "comparison needs the same rotations"),
            (_hand_run(5, lambda g, r: 30).query("game == 0"), "variant A has 2 games and variant B 1"),
            (_hand_run(5, lambda g, r: 30).query("seat == 0"), "variant A has 2 seats and variant B 1"),
            (pd.concat([_hand_run(5, lambda g, r: 30)] * 2), "variant B's results hold a game, rotation and "
                                                             "seat more than once"),
            ({"score": [1]}, "results must be the DataFrame simulate\\(\\) returns")):
        with pytest.raises(ArgumentError, match=message):
            paired_differences(a, b)


def test_paired_differences_refuse_runs_of_two_games_before_anything_else():
    """Caesar's Empire and Augustus runs of the same shape (3 seats, 4 games, 3 rotations, seed 1)
    paired before would have given figures; the run's game is in ``attrs["game_id"]``, which
    simulate() sets, and it is checked first (here the seeds differ too)."""
    bots = ["greedy", "random", "random"]
    ce = simulate("caesars_empire", 4, players=3, bots=bots, seed=1, rotate=True, progress=False)
    au = simulate("augustus", 4, players=3, bots=bots, seed=1, rotate=True, progress=False)
    assert (ce.attrs["game_id"], au.attrs["game_id"]) == ("caesars_empire", "augustus")
    assert ce[["game", "rotation", "seat"]].equals(au[["game", "rotation", "seat"]])  # the shapes match
    for a, b, message in ((ce, au, "variant A is a run of Caesar's Empire and variant B of Augustus"),
                          (au, ce.assign(seed=2), "variant A is a run of Augustus and variant B of Caesar's Empire")):
        with pytest.raises(ArgumentError) as err:
            paired_differences(a, b)
        assert str(err.value) == f"{message}: a paired comparison needs two runs of the same game"
    a, b = _hand_run(0, lambda g, r: 30), _hand_run(5, lambda g, r: 30)
    a.attrs["game_id"], b.attrs["game_id"] = "chess", "caesars_empire"
    with pytest.raises(ArgumentError, match="^variant A is a run of 'chess' and variant B of Caesar's Empire: "):
        paired_differences(a, b)
    del a.attrs["game_id"]  # one run that does not say its game: only the shapes can be checked
    assert (paired_differences(a, b)["pairs"] == 6).all()


def test_paired_differences_of_runs_read_back_from_a_file_check_their_shapes_only(tmp_path):
    """A CSV keeps no attrs: two runs of the same game read back still pair, the result the same."""
    a = simulate("caesars_empire", 4, players=3, bots="greedy", seed=1, progress=False)
    b = simulate("caesars_empire", 4, players=3, bots="greedy", seed=1, config={"route_policy": "first"},
                 progress=False)
    a.to_csv(tmp_path / "a.csv", index=False)
    b.to_csv(tmp_path / "b.csv", index=False)
    read = [pd.read_csv(tmp_path / f) for f in ("a.csv", "b.csv")]
    assert read[0].attrs == {} and a.attrs == {"game_id": "caesars_empire"}
    pd.testing.assert_frame_equal(paired_differences(*read), paired_differences(a, b))


def test_paired_differences_refuse_runs_of_two_games_read_back_from_files(tmp_path, monkeypatch):
    """Read back from CSV the runs carry no game id; a Caesar's Empire and an Augustus run of the
    same shape (100 games, 4 players, seed 1) paired before and gave a full table. Their per-game
    columns differ, which is refused, naming them, before anything is computed."""
    import rometools.core.paired as paired

    runs = [simulate(g, 100, players=4, seed=1, progress=False) for g in ("caesars_empire", "augustus")]
    for k, run in enumerate(runs):
        run.to_csv(tmp_path / f"{k}.csv", index=False)
    ce, au = (pd.read_csv(tmp_path / f"{k}.csv") for k in range(2))
    assert ce.attrs == au.attrs == {} and ce[["game", "rotation", "seat"]].equals(au[["game", "rotation", "seat"]])
    monkeypatch.setattr(paired, "game_summary", lambda r: pytest.fail("a figure was computed"))
    with pytest.raises(ArgumentError) as err:
        paired_differences(ce, au)
    assert str(err.value) == (
        "the runs have different columns (only variant A has gold_turns, points_route, points_cities, "
        "points_treasures, points_road_bonus; only variant B has draws, resets, completions, points_rewards, "
        "points_objectives, points_powers): they look like runs of different games or different game options, "
        "and a paired comparison needs two runs of the same game")
    with pytest.raises(ArgumentError, match=r"^the runs have different columns \(only variant B has gold_turns\): "):
        paired_differences(ce.drop(columns="gold_turns"), ce)
    with pytest.raises(ArgumentError, match="^variant A is a run of Caesar's Empire and variant B of Augustus: "):
        paired_differences(*runs)  # live runs: their game titles, as before


def test_paired_differences_ignore_the_index_column_a_csv_adds(tmp_path):
    """``to_csv`` without ``index=False`` adds an ``Unnamed: 0`` column when read back: not a sign
    of another game, so such a run still pairs with a live run of the same game."""
    a = simulate("caesars_empire", 4, players=3, bots="greedy", seed=1, progress=False)
    a.to_csv(tmp_path / "a.csv")
    read = pd.read_csv(tmp_path / "a.csv")
    assert "Unnamed: 0" in read.columns
    pd.testing.assert_frame_equal(paired_differences(read, a), paired_differences(a, a))


def test_shared_wins_are_explained_in_one_sentence():
    """IMPERATOR ties for first count once per tied seat: the sentence says how many games (not seat
    wins) ended so, how many seats tied, and the total
    the rates reach (the command and the balance lab print it); none when no first place is shared."""
    from rometools.core.balance import shared_wins_text

    results = simulate("imperator", 200, players=4, bots="greedy", seed=1, progress=False)
    rates = seat_win_rates(results)
    assert (int(rates["shared_wins"].sum()), int(rates["wins"].sum())) == (93, 252)
    tied = results.groupby("game")["shared_win"].sum()
    assert (int((tied > 0).sum()), sorted(set(tied) - {0})) == (41, [2, 3, 4])  # 93 seat wins in 41 games
    assert shared_wins_text(results) == (
        "41 of 200 games (20.5%) ended in a shared win (2, 3 or 4 seats tied for first; 93 seat wins in all); "
        "each tied seat counts a win, so the win rates add up to 126%, not 100%.")
    plain = simulate("caesars_empire", 6, bots="greedy", seed=1, progress=False)
    assert seat_win_rates(plain)["shared_wins"].sum() == 0 and shared_wins_text(plain) == ""


def test_compare_variants_with_rotation_pairs_each_seed_and_rotation():
    """Seat rotation: 3 seeds x 3 rotations = 9 pairs per figure, each pair the same seed index
    and rotation (so the same deal and the same bot in each seat) in A and B."""
    bots = ["greedy", "random", "random"]
    cmp = compare_variants("caesars_empire", {"players": 3}, {"players": 3, "route_policy": "first"}, 3, seed=2,
                           bots=bots, rotate=True)
    assert (cmp["pairs"] == 9).all()
    runs = [simulate("caesars_empire", 3, players=3, bots=bots, seed=2, rotate=True, progress=False, config=c)
            for c in ({}, {"route_policy": "first"})]
    pd.testing.assert_frame_equal(cmp, paired_differences(*runs))
    a, b = (r.set_index(["game", "rotation", "seat"]).sort_index() for r in runs)
    assert list(a.index) == list(b.index) and len(a.index.droplevel("seat").unique()) == 9
    assert (a["bot"] == b["bot"]).all()  # the same bot in the same seat of every pair
    for seat in range(3):
        d = b.xs(seat, level="seat")["score"] - a.xs(seat, level="seat")["score"]
        row = cmp.set_index("figure").loc[f"mean score P{seat + 1}"]
        assert row["difference"] == pytest.approx(d.mean())
        assert row["se_paired"] == pytest.approx(d.std(ddof=1) / 3)


def test_game_length_is_said_plainly_when_every_game_lasts_as_long():
    """Caesar's Empire with greedy bots connects every city once: 40 decisions on the 40-city
    board in every game, so no mean and no interval. Augustus games vary in length."""
    ce_a = simulate("caesars_empire", 12, bots="greedy", seed=1, progress=False)
    ce_b = simulate("caesars_empire", 12, bots="greedy", seed=1, config={"route_policy": "first"}, progress=False)
    assert set(ce_a["length"]) == {40}
    assert game_length_text(ce_a) == "Every game lasted 40 decisions."
    row = paired_differences(ce_a, ce_b).set_index("figure").loc["game length"]
    assert row["difference"] == 0 and math.isnan(row["ci_low"]) and math.isnan(row["ci_high"])
    assert row["note"] == ("all 12 games lasted 40 decisions in both variants: no spread in these games, "
                           "so no interval for the difference")
    au_a = simulate("augustus", 8, players=2, bots="greedy", seed=1, progress=False)
    au_b = simulate("augustus", 8, players=2, bots=["greedy", "random"], seed=1, progress=False)
    lengths = game_summary(au_a)["length"]
    assert lengths.nunique() > 1
    m, lo, hi = mean_interval(lengths)
    draws = au_a.groupby("game")["game_length"].first()   # Augustus' own unit, as compare counts it
    dm, dlo, dhi = mean_interval(draws)
    assert game_length_text(au_a) == (f"Game length: {dm:.1f} draws on average (95% confidence interval {dlo:.1f} "
                                      f"to {dhi:.1f}), from {draws.min()} to {draws.max()} [{m:.1f} decisions a game "
                                      f"on average, every seat's move counted].")
    row = paired_differences(au_a, au_b).set_index("figure").loc["game length"]
    assert row["note"] == "" and row["ci_low"] < row["ci_high"]
    assert row["difference"] == pytest.approx(game_summary(au_b)["length"].mean() - m)


def test_rotation_with_the_same_bot_in_every_seat_is_refused():
    """Rotation moves bots between seats; with one bot everywhere each rotation replays the
    very same game (same chance and bot streams), which would count it once per seat."""
    mixed = simulate("caesars_empire", 2, players=3, bots=["greedy", "greedy", "random"], rotate=True, seed=1,
                     progress=False)
    scores = mixed.pivot_table(index=["game", "rotation"], columns="seat", values="score")
    assert len(scores) == 6 and scores.drop_duplicates().shape[0] > 2  # mixed line-ups: different games
    with pytest.raises(ArgumentError) as err:
        simulate("caesars_empire", 2, players=3, bots="greedy", rotate=True, seed=1, progress=False)
    assert str(err.value) == ("every seat has bot 'greedy', so rotating the bots over the seats would replay each "
                              "game 3 times and count it as 3 games; give the seats different bots, or turn "
                              "rotation off")


@pytest.mark.parametrize("game_id", rometools.games())
def test_any_row_of_a_run_replays_its_game_also_from_the_csv(game_id):
    check_simulation(game_id, checks=["replay_rows"])


def test_a_replay_with_other_options_or_no_such_game_is_refused_in_words():
    df = simulate("caesars_empire", 3, bots="greedy", players=3, seed=2, progress=False)
    with pytest.raises(ArgumentError, match=r"^game 1 of the results \(seed 2, rotation 0\) has 3 seats, but this "
                                         r"game has 4 players; pass the run's options \(players, config\)$"):
        rometools.replay_game("caesars_empire", df, 1)
    with pytest.raises(ArgumentError, match=r"^game 0 of the results \(seed 2, rotation 0\) scored \[\d+, \d+, \d+\], "
                                         r"but Caesar's Empire played again with these options scores "
                                         r"\[\d+, \d+, \d+\]; pass the run's game and options"):
        rometools.replay_game("caesars_empire", df, 0, players=3, config={"roads_per_player": 5})
    with pytest.raises(ArgumentError, match=r"^the results hold no game 7 \(games 0 to 2\)$"):
        rometools.replay_game("caesars_empire", df, 7, players=3)
    with pytest.raises(ArgumentError, match=r"^the results hold game 1 with rotation 0, not 1$"):
        rometools.replay_game("caesars_empire", df, 1, rotation=1, players=3)
    for bad in (True, 1.0, "1", -1):
        with pytest.raises(ArgumentError, match=r"^the game number must be a whole number 0 or more \(the "
                                             r"results' game column\), got "):
            rometools.replay_game("caesars_empire", df, bad, players=3)
    with pytest.raises(ArgumentError, match=r"^the rotation must be a whole number 0 or more \(the results' "
                                         r"rotation column\), got 0.5$"):
        rometools.replay_game("caesars_empire", df, 1, rotation=0.5, players=3)
    with pytest.raises(ArgumentError, match=r"^game 1 of the results \(seed 2, rotation 0\) has rows for seats 0, 2 "
                                         r"but none for seat 1; give every row of the run$"):
        rometools.replay_game("caesars_empire", df[(df["game"] != 1) | (df["seat"] != 1)], 1, players=3)
    with pytest.raises(ArgumentError, match=r"^the results must be the rows simulate\(\) returned \(a pandas "
                                         r"DataFrame\) or the path of their CSV, got list$"):
        rometools.replay_game("caesars_empire", [1, 2], 1, players=3)
    with pytest.raises(ArgumentError, match=r"no/such\.csv: cannot be read as the rows of a run"):
        rometools.replay_game("caesars_empire", "/no/such.csv", 1, players=3)
    with pytest.raises(ArgumentError, match=r"^the results have no bot, score column; "):
        rometools.replay_game("caesars_empire", df.drop(columns=["bot", "score"]), 1, players=3)
    end = rometools.replay_game("caesars_empire", df, 1, players=3)
    assert list(rometools.load_game("caesars_empire", players=3).scores(end)) == \
        df[df["game"] == 1]["score"].tolist()


def test_a_replay_reads_the_file_the_command_wrote(tmp_path):
    from rometools.cli import main

    out = tmp_path / "run.csv"
    assert main(["simulate", "caesars_empire", "--players", "2", "--games", "3", "--seed", "4",
                 "--out", str(out), "--quiet"]) == 0
    rows = pd.read_csv(out)
    end = rometools.replay_game("caesars_empire", str(out), 2, players=2)
    assert list(rometools.load_game("caesars_empire", players=2).scores(end)) == \
        rows[rows["game"] == 2].sort_values("seat")["score"].tolist()


def test_bot_win_rates_pool_the_seats_each_bot_played_by_hand():
    rows = pd.DataFrame({"game": [0, 0, 0, 1, 1, 1], "rotation": 0, "seat": [0, 1, 2] * 2,
                         "bot": ["greedy", "random", "random", "random", "greedy", "random"],
                         "win": [True, False, False, True, True, False],
                         "shared_win": [False, False, False, True, True, False]})
    rates = rometools.bot_win_rates(rows)
    assert rates[["bot", "games", "wins", "shared_wins"]].values.tolist() == [["greedy", 2, 2, 1], ["random", 4, 1, 1]]
    est = proportion_estimate(1, 4)
    assert (rates.loc[1, "win_rate"], rates.loc[1, "ci_low"], rates.loc[1, "ci_high"]) == (est.estimate, est.low,
                                                                                           est.high)
    low, high = _wilson_by_formula(2, 2)
    assert math.isclose(rates.loc[0, "ci_low"], low) and math.isclose(rates.loc[0, "ci_high"], high)
    with pytest.raises(ArgumentError, match="confidence must be between 0 and 1"):
        rometools.bot_win_rates(rows, confidence=1.5)


def _wilson_by_formula(wins: int, n: int, z: float = stats.norm.ppf(0.975)) -> tuple[float, float]:
    """The Wilson score interval by its formula (an independent check of proportion_estimate)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_an_interrupted_run_keeps_the_games_already_played(monkeypatch):
    """Ctrl-C after three games: the three games come back, equal to the same seeds' rows of a
    whole run, marked interrupted, with a warning; an interrupt before any game still raises."""
    import rometools.core.simulate as module

    whole = simulate("pig", 6, bots="greedy", seed=3, progress=False)
    real, calls = module._play_games, []

    def stopping(*args, **kwargs):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "_play_games", stopping)
    with pytest.warns(RuntimeWarning, match="3 of 6 games played and kept"):
        part = simulate("pig", 6, bots="greedy", seed=3, progress=False)
    assert part.attrs["interrupted"] is True
    assert part.reset_index(drop=True).equals(whole[whole.game < 3].reset_index(drop=True))
    calls.clear()
    monkeypatch.setattr(module, "_play_games", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):
        simulate("pig", 6, bots="greedy", seed=3, progress=False)


def test_an_interrupted_comparison_pairs_the_games_both_variants_played(monkeypatch):
    import rometools.core.simulate as module
    from rometools.core.paired import compare_variants

    real, calls = module._play_games, []

    def stopping(*args, **kwargs):
        calls.append(1)
        if len(calls) == 9:       # variant A's 6 games, then B's 2: stopped in B's third
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "_play_games", stopping)
    with pytest.warns(RuntimeWarning, match="2 of 6 paired games kept"):
        part = compare_variants("pig", {"target": 30}, {"target": 60}, 6, seed=1, bots="greedy", progress=False)
    monkeypatch.setattr(module, "_play_games", real)
    whole = compare_variants("pig", {"target": 30}, {"target": 60}, 2, seed=1, bots="greedy", progress=False)
    assert part.attrs["interrupted"] is True and part.equals(whole)   # the same two seeds, the same pairs


def test_process_runs_share_one_kept_pool_until_the_worker_count_or_the_registry_changes():
    """A run of the process executor plays on the pool ``process_pool`` keeps: a second run plays on
    the same pool (no process started), with the same rows as serial play; another worker count, or
    a game registered since, starts a new pool; ``close_pool`` ends it."""
    from rometools.core.simulate import close_pool, process_pool
    from rometools.testing import registered
    from tests.interop import kuhn

    close_pool()
    serial = simulate("pig", 30, bots="greedy", seed=2, progress=False)
    first = simulate("pig", 30, bots="greedy", seed=2, executor="process", workers=2, progress=False)
    pool = process_pool(2)
    second = simulate("pig", 30, bots="greedy", seed=2, executor="process", workers=2, progress=False)
    assert process_pool(2) is pool
    pd.testing.assert_frame_equal(first, serial)
    pd.testing.assert_frame_equal(second, serial)
    assert process_pool(1) is not pool            # another worker count: a new pool
    one = process_pool(1)
    with registered(kuhn.SPEC):                   # a game its workers would not know: a new pool
        assert process_pool(1) is not one
    close_pool()
    assert process_pool(1) is not one
    close_pool()


def test_a_worker_loads_a_runs_game_once_and_another_config_anew():
    """play_chunk (every executor's worker) keeps the game it loaded from a config dict: the chunks
    of a run, and the runs after it with an equal dict, play on it; another dict loads its own game;
    the rows are those of the game loaded afresh."""
    from rometools.core import simulate as module

    four = rometools.load_game("caesars_empire", players=4).config.to_dict()
    three = rometools.load_game("caesars_empire", players=3).config.to_dict()
    first = module.play_chunk("caesars_empire", four, ["greedy"] * 4, 7, 10, range(0, 2), 1)
    game = module._LAST_GAME[0][2]
    again = module.play_chunk("caesars_empire", dict(four), ["greedy"] * 4, 7, 10, range(0, 2), 1)
    assert module._LAST_GAME[0][2] is game and again == first
    module.play_chunk("caesars_empire", three, ["greedy"] * 3, 7, 10, range(0, 1), 1)
    assert module._LAST_GAME[0][2] is not game and module._LAST_GAME[0][2].players == 3
    fresh = module._play_games(rometools.load_game("caesars_empire", players=4), ["greedy"] * 4, 7, range(0, 2), 1)
    assert fresh == first


def test_the_process_pools_chunks_end_small_so_its_workers_finish_together():
    """The process pool's chunks shrink to POOL_TASK_SECONDS of play (a task there costs a fraction
    of a millisecond), not Dask's least TASK_SECONDS: the last chunks of 2,000 games of 0.4 ms are
    about 50 games, where Dask's are 500."""
    from rometools.core.executors import POOL_TASK_SECONDS, TASK_SECONDS, _Chunker

    def sizes(chunker):
        chunker.done(10, 0.004)   # 0.4 ms a game
        out = []
        while (chunk := chunker.take()) is not None:
            out.append(len(chunk))
        return out

    # a quarter of the games left each (2 workers, 2 chunks in flight each), at least 20 ms (50 games)
    assert sizes(_Chunker(2000, 2, POOL_TASK_SECONDS)) == [500, 375, 282, 211, 158, 119, 89, 67, 50, 50, 50, 49]
    assert sizes(_Chunker(2000, 2)) == [500, 500, 500, 500]   # at least 0.2 s: the last 500 on one worker
    assert TASK_SECONDS[0] / POOL_TASK_SECONDS == 10


def test_dask_runs_without_an_address_share_one_kept_cluster():
    from rometools.core import simulate as module
    from rometools.core.simulate import close_cluster

    close_cluster()
    serial = simulate("pig", 12, bots="greedy", seed=4, progress=False)
    first = simulate("pig", 12, bots="greedy", seed=4, executor="dask", workers=1, progress=False)
    cluster = module._CLUSTER[0]
    second = simulate("pig", 12, bots="greedy", seed=4, executor="dask", workers=1, progress=False)
    assert module._CLUSTER[0] is cluster and cluster.status.name == "running"
    pd.testing.assert_frame_equal(first, serial)
    pd.testing.assert_frame_equal(second, serial)
    close_cluster()
    assert module._CLUSTER[0] is None and cluster.status.name == "closed"


def test_game_length_interval_never_goes_below_no_decision():
    """Two Augustus games of 12 and 160 decisions (the trial's ``simulate augustus --games 2``
    said "-53.8 to 225.8"): the t interval's low end is below 0, which no game length can be;
    it is clipped at 0, as flow's figures are."""
    import pandas as pd

    rows = pd.DataFrame({"game": [0, 1], "rotation": 0, "seat": 0, "length": [12, 160], "score": 1, "rank": 1,
                         "win": 1})
    m, lo, hi = mean_interval([12, 160])
    assert lo < 0 and m == 86
    assert game_length_text(rows) == (f"Game length: 86.0 decisions on average (95% confidence interval 0.0 to "
                                      f"{hi:,.1f}), from 12 to 160.")


def test_simulate_counts_the_game_length_in_the_unit_compare_does():
    """``simulate augustus`` said its games lasted 86.8 decisions while ``compare`` counted the same games
    in draws: every run's rows now carry ``game_length`` in the game's own unit (``GameSpec.game_length``),
    the unit compare and tune count, and the sentence says it, the decisions beside it."""
    from rometools.core.compare import compare
    from rometools.core.game import game_spec

    rows = simulate("augustus", 3, players=2, bots="greedy", seed=2, progress=False)
    c = compare(rometools.load_game("augustus", players=2), rometools.load_game("augustus", players=2),
                max_games=10, batch=10, progress=False)
    assert c.figure("game length").unit == "draws" == game_spec("augustus").game_length[0]
    assert (rows["game_length"] < rows["length"]).all()   # draws, not decisions
    assert " draws on average " in game_length_text(rows)
    pig = simulate("pig", 3, bots="greedy", seed=2, progress=False)
    assert (pig["game_length"] == pig["length"]).all() and " decisions on average" in game_length_text(pig)


def test_the_cyclic_collector_is_paused_for_each_game_and_restored_even_when_a_game_fails(monkeypatch):
    """simulate pauses the cyclic garbage collector while a game is played and its row made, and
    resumes it at the game's end (so it collects between games); a game that raises leaves it as it
    found it, and a collector the caller had turned off stays off."""
    import gc

    from rometools.core import simulate as module

    real, seen = module._play_one, []

    def watched(game, seat_bots, seed, index, tally=None):
        seen.append(gc.isenabled())
        if index == 2:
            raise RuntimeError("a rule broke in game 2")
        return real(game, seat_bots, seed, index, tally)

    monkeypatch.setattr(module, "_play_one", watched)
    assert gc.isenabled()
    with pytest.raises(RuntimeError, match="game 2"):
        simulate("caesars_empire", 4, players=2, bots="greedy", seed=1, progress=False)
    assert gc.isenabled() and seen == [False, False, False]
    gc.disable()
    try:
        with pytest.raises(RuntimeError, match="game 2"):
            simulate("caesars_empire", 4, players=2, bots="greedy", seed=1, progress=False)
        assert not gc.isenabled()
    finally:
        gc.enable()
    monkeypatch.setattr(module, "_play_one", real)
    simulate("caesars_empire", 3, players=2, bots="greedy", seed=1, progress=False)   # the same rows: the rows test
    assert gc.isenabled()


@pytest.mark.parametrize("game_id", rometools.games())
def test_a_rows_scores_ranks_and_parts_are_the_games_with_the_parts_computed_once(game_id):
    """simulate's rows read the scores from the score parts where the game's scores are their totals
    (``spec.scores_from_parts``: Augustus, Caesar's Empire, IMPERATOR): the same scores, ranks and
    parts as the game's own functions give, a seat handicap included, and a spec made again from
    another's fields (its parts already handicapped) computes its scores itself."""
    import dataclasses

    from rometools.core.spec import scores_ranks_and_parts

    spec = rometools.load_game(game_id).spec
    assert spec.scores_from_parts == ("scores" not in spec.rules.written())
    players = spec.config().players
    for handicap in ({}, {1: 3, players: -2}):
        game = rometools.load_game(game_id, handicap=handicap)
        for seed in range(3):
            end = play(game, "random", seed)
            assert scores_ranks_and_parts(game.spec, end) == (game.spec.rules.scores(end), game.spec.ranks(end),
                                                              game.spec.score_parts(end))
    again = dataclasses.replace(spec)
    assert not again.scores_from_parts
    assert game_id != "augustus" or spec.scores_from_parts   # the short way in use where the issue measured it
