"""BalanceExplorer: runs through simulate() and the balance metrics; results stay until Run."""

from __future__ import annotations

import pytest

from rometools.core.balance import seat_win_rates
from rometools.core.simulate import simulate
from rometools.widgets import BalanceExplorer


@pytest.fixture(scope="module")
def explorer():
    return BalanceExplorer(games=30, seed=3, bots="greedy")


def test_opens_on_the_seeded_run(explorer):
    expected = simulate("caesars_empire", 30, bots="greedy", seed=3, config={"players": 4}, progress=False)
    assert explorer.results.equals(expected)
    rates = seat_win_rates(expected)
    data = explorer.figure_data()["bl-win-rates"]
    assert data["x"] == ["P1", "P2", "P3", "P4"] and data["y"] == list(rates["win_rate"])
    assert data["error_plus"] == pytest.approx(list(rates["ci_high"] - rates["win_rate"]))
    assert "P1" in explorer.summary and "No seat advantage?" in explorer.summary
    assert explorer._bar.value == 30


def test_controls_do_not_change_results_until_run():
    ex = BalanceExplorer(games=10, seed=1, bots="random")
    before = ex.results
    ex._seed.value = 2
    ex._games.value = 12
    assert ex.results is before
    assert ex.run() and ex.results["game"].nunique() == 12 and not ex.results.equals(before)


@pytest.mark.parametrize("kwargs,message", [
    ({"games": 0}, "Games must be a whole number 1 to 100,000, got 0"),
    ({"games": 2.5}, "Games must be a whole number"),
    ({"seed": -1}, "Seed must be a whole number 0 to 999,999,999, got -1"),
    ({"seed": 10**30}, "Seed must be a whole number 0 to 999,999,999"),
    ({"options": "<img src=x>=1"}, "Options A: "),
    ({"options": "route_policy"}, "Options A: write options as key=value"),
    ({"options": "route_policy=nowhere"}, "unknown route_policy 'nowhere'"),
    ({"bots": "smart"}, "unknown bot 'smart'"),
    ({"players": 9}, "is for 2, 3, 4, 5 players, got 9"),
    ({"game": "chess"}, "Game must be one of"),
    ({"board": "/dev/zero"}, "Board file /dev/zero: is not a regular file"),
    ({"compare": "yes"}, "Compare with variant B must be True or False"),
    ({"seed": 5, "games": 0}, "Games must be a whole number"),
])
def test_bad_input_is_a_message_and_changes_nothing(kwargs, message):
    ex = BalanceExplorer(games=8, seed=1, bots="random")
    results, seed, games, players = ex.results, ex._seed.value, ex._games.value, ex._players.value
    assert ex.set_values(**kwargs) is False
    assert message in ex.message
    assert ex.results is results and (ex._seed.value, ex._games.value, ex._players.value) == (seed, games, players)
    assert len(ex.bots) == players


def test_compare_two_variants_on_the_same_seeds():
    ex = BalanceExplorer(players=3, games=20, seed=2, bots="greedy", run=False)
    assert ex.set_values(compare=True, options_b="route_policy=first")
    assert ex.results_b is not None and ex.comparison is not None
    data = ex.figure_data()
    assert {"bl-win-rates-a", "bl-win-rates-b", "bl-paired"} <= set(data)
    assert len(data["bl-paired"]["y"]) == len(ex.comparison)
    assert "Variant B" in ex.summary


def test_players_and_bots_per_seat():
    ex = BalanceExplorer(games=6, seed=1, run=False)
    assert ex.set_values(players=3, bots=["greedy", "random", "cheapest"])
    assert ex.bots == ["greedy", "random", "cheapest"]
    assert sorted(ex.results["bot"].unique()) == ["cheapest", "greedy", "random"]
    assert ex.set_values(players=3, bots=["greedy", "random"]) is False
    assert "3 players need 3 bots, got 2" in ex.message and ex.bots == ["greedy", "random", "cheapest"]


def test_many_games_play_in_worker_processes_with_the_same_rows(monkeypatch):
    """From PROCESS_FROM games (more than one core) the explorer plays them in worker
    processes; the rows and the progress bar are those of the serial run."""
    import rometools.core.simulate as simulate_module
    import rometools.widgets.balance as balance

    used = []
    real = simulate_module.simulate

    def spy(*args, **kwargs):
        used.append(kwargs.get("executor", "serial"))
        return real(*args, **kwargs)

    monkeypatch.setattr(balance, "simulate", spy)
    monkeypatch.setattr(balance, "PROCESS_FROM", 16)
    monkeypatch.setattr(balance.os, "cpu_count", lambda: 2)
    ex = BalanceExplorer(games=16, seed=4, bots="greedy")
    assert used == ["process"]
    expected = simulate("caesars_empire", 16, bots="greedy", seed=4, config={"players": 4}, progress=False)
    assert ex.results.equals(expected) and ex._bar.value == 16
    assert ex.set_values(games=15) and used == ["process", "serial"]


def test_compare_pairs_the_two_runs_already_played(monkeypatch):
    """Compare with variant B plays each variant once (simulate is called twice, never by a
    comparison of its own), with seat rotation paired by game and rotation; the comparison
    is what compare_variants gives on the same inputs."""
    import pandas as pd

    import rometools.core.simulate as simulate_module
    import rometools.widgets.balance as balance
    from rometools.core.balance import compare_variants

    calls = []
    real = simulate_module.simulate

    def counted(*args, **kwargs):
        calls.append(kwargs.get("config"))
        return real(*args, **kwargs)

    monkeypatch.setattr(balance, "simulate", counted)
    monkeypatch.setattr(simulate_module, "simulate", counted)  # what compare_variants would call
    ex = BalanceExplorer(players=3, games=6, seed=2, bots=["greedy", "random", "random"], run=False)
    assert ex.set_values(compare=True, options_b="route_policy=first", rotate=True)
    assert calls == [{"players": 3}, {"players": 3, "route_policy": "first"}]
    assert ex._bar.value == ex._bar.max == 12
    monkeypatch.setattr(simulate_module, "simulate", real)
    expected = compare_variants("caesars_empire", {"players": 3}, {"players": 3, "route_policy": "first"}, 6,
                                seed=2, bots=["greedy", "random", "random"], rotate=True)
    pd.testing.assert_frame_equal(ex.comparison, expected)
    assert (ex.comparison["pairs"] == 18).all()  # 6 seeds x 3 rotations


def test_game_length_that_never_varies_is_said_plainly(explorer):
    # the summary's HTML: its plain text cuts from an unescaped "p < 0.0001" to the next tag
    assert "Every game lasted 40 decisions." in explorer._summary.value
    assert "decisions on average" not in explorer._summary.value
    ex = BalanceExplorer(players=3, games=10, seed=2, bots="greedy", run=False)
    assert ex.set_values(compare=True, options_b="route_policy=first")
    assert ("In the paired comparison: every game lasted 30 decisions in both variants: no difference to "
            "estimate.") in ex._summary.value
    row = ex.comparison.set_index("figure").loc["game length"]
    assert (row["difference"], row["ci_low"], row["ci_high"]) == (0, 0, 0)
    paired = ex.figure_data()["bl-paired"]
    assert paired["x"][paired["y"].index("game length (decisions)")] == 0
