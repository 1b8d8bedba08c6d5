"""BalanceExplorer: runs through simulate() and the balance metrics; results stay until Run."""

from __future__ import annotations

import re

import pytest

import rometools
from rometools.core.balance import seat_win_rates, shared_wins_text
from rometools.core.simulate import simulate
from rometools.widgets import BalanceExplorer
from rometools.widgets._base import WholeNumberText


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
    assert "P1" in explorer.summary and "Seat advantage: " in explorer.summary
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
    ({"options": "route_policy=nowhere"}, "Options A: route_policy must be one of first, "),
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


@pytest.mark.parametrize("kwargs,message", [
    ({"games": 0}, "Games must be a whole number 1 to 100,000, got 0"),
    ({"seed": -1}, "Seed must be a whole number 0 to 999,999,999, got -1"),
    ({"game": "chess"}, "Game must be one of"),
    ({"players": 9}, "is for 2, 3, 4, 5 players, got 9"),
    ({"bots": "smart"}, "unknown bot 'smart'"),
    ({"rotate": "yes"}, "Rotate seats must be True or False"),
])
@pytest.mark.parametrize("run", [False, True])
def test_a_bad_opening_value_is_refused_in_words_not_replaced(kwargs, message, run):
    """BalanceExplorer(games=0) used to open on 200 games without a word: now the value is
    refused as set_values refuses it and the explorer opens on the defaults."""
    ex = BalanceExplorer(**{"bots": "random", **kwargs}, run=run)
    assert message in ex.message
    assert (ex._game.value, ex._games.value, ex._seed.value, ex._players.value) == ("caesars_empire", 200, 1, 4)
    assert ex._rotate.value is False
    if run:  # the defaults were played and are shown
        assert ex.results["game"].nunique() == 200 and ex._bar.value == 200
    else:
        assert ex.results is None


def test_opening_values_are_taken_as_given():
    ex = BalanceExplorer(players=3, bots=["greedy", "random", "cheapest"], games=6, seed=4, rotate=True,
                         compare=True, options_b="all_tokens_variant=true")
    assert ex.message == ""
    assert ex._rotate.value is True and ex.bots == ["greedy", "random", "cheapest"]
    assert sorted(ex.results["rotation"].unique()) == [0, 1, 2] and ex.results["game"].nunique() == 6
    assert set(ex.comparison["pairs"]) == {18}  # 6 seeds x 3 rotations, paired
    assert "3 players, 6 seeds \u00d7 3 seat rotations = 18 games, the bots moving round the seats (seed 4)" \
        in ex.summary


@pytest.mark.parametrize("typed", [0, 100_001, -5])
def test_games_typed_out_of_range_is_refused_as_typed_and_the_next_run_says_the_box_put_back(typed):
    """The Games box is not a BoundedIntText (which would clamp 0 to 1 in the browser
    without a word): what is typed reaches the kernel, which refuses it at once (so the
    message never quotes an earlier value) and puts the box back. A click on Run sends a
    value typed without Enter just before the click, so the Run after a refusal plays the
    box as it reads now and says so (trial 4: it played the last run's games without a word;
    then it played nothing and left the refusal on screen, a later trial); once."""
    ex = BalanceExplorer(games=8, seed=1, bots="random")
    assert type(ex._games) is WholeNumberText and type(ex._seed) is WholeNumberText
    results = ex.results
    ex._games.value = typed                      # what the browser sends on Enter or leaving the box
    assert ex.message == (f"Cannot update: Games must be a whole number 1 to 100,000, got {typed} "
                          "(Games put back to 8; the summary and the charts still show the last run)")
    assert ex.results is results and ex._games.value == 8 and ex._bar.value == 8
    ex._games.value = 2.5                        # a second bad value: the message quotes it
    refusal = ("Cannot update: Games must be a whole number 1 to 100,000, got 2.5 "
               "(Games put back to 8; the summary and the charts still show the last run)")
    assert ex.message == refusal and ex._games.value == 8
    assert ex.run() and ex.results is not results and ex.results["game"].nunique() == 8   # the click's Run
    assert ex.message == ("Note: The value typed in Games, 2.5, was refused (Games must be a whole number 1 to "
                          "100,000, got 2.5) and put back: Run plays Games 8, as the box reads now.")
    assert ex.figure_data()["bl-win-rates"]["name"] == "win rate (8 games)"
    assert ex.run() and ex.message == ""          # said once
    results = ex.results
    ex._games.value = 0
    ex._games.value = 12                         # a good one: the refusal goes, the results stay
    assert ex.message == "" and ex._games.value == 12 and ex.results is results
    assert ex.run() and ex.results["game"].nunique() == 12


def test_seed_typed_out_of_range_is_refused_as_typed_and_the_box_put_back():
    ex = BalanceExplorer(games=8, seed=1, bots="random")
    results = ex.results
    ex._games.value = 9                          # a good change typed beside it stays
    ex._seed.value = -1
    assert ex.message.startswith("Cannot update: Seed must be a whole number 0 to 999,999,999, got -1")
    assert (ex._seed.value, ex._games.value) == (1, 9)
    assert ex.run() and ex.results is not results and ex.results["game"].nunique() == 9
    assert ex.summary.startswith("Caesar's Empire, 4 players, 9 games (seed 1)")
    assert ex.message == ("Note: The value typed in Seed, -1, was refused (Seed must be a whole number 0 to "
                          "999,999,999, got -1) and put back: Run plays Seed 1, as the box reads now.")


def test_a_bad_number_typed_before_the_first_run_is_refused_again_at_run():
    """Opened without a run there is no last value to put back: the box keeps what was typed,
    and every Run refuses it in the same words until a whole number is typed."""
    ex = BalanceExplorer(games=8, seed=1, bots="random", run=False)
    ex._games.value = 0
    refusal = "Cannot update: Games must be a whole number 1 to 100,000, got 0 ("
    assert ex.message.startswith(refusal) and ex.results is None and ex._games.value == 0
    assert ex.run() is False and ex.results is None and ex.message.startswith(refusal)
    assert ex.run() is False and ex.results is None and ex.message.startswith(refusal)
    ex._games.value = 3
    assert ex.message == "" and ex.run() and ex.results["game"].nunique() == 3


@pytest.mark.parametrize("kwargs,field", [({"options": "foo=1"}, "Options A"),
                                          ({"compare": True, "options_b": "foo=1"}, "Options B")])
def test_an_unknown_option_names_the_box_and_lists_the_games_options(kwargs, field):
    ex = BalanceExplorer(games=6, seed=1, bots="random")
    results = ex.results
    assert ex.set_values(**kwargs) is False
    assert ex.message == (f"Cannot update: {field}: Caesar's Empire has no option 'foo'; its options are board, "
                          "players, all_tokens_variant, sum_complete_colours, no_move, route_policy, "
                          "max_chain_paths, roads_per_player, components, handicap (the summary and the charts still show the last run)")
    assert ex.results is results and ex._options_a.value == "" and ex._options_b.value == ""
    assert ex._compare_box.value is False


def test_a_tiny_p_value_is_escaped_and_the_summary_reads_on_after_it():
    ex = BalanceExplorer(games=40, seed=1, bots=["greedy", "random", "random", "random"])
    assert list(ex.results.query("rank == 1")["seat"].unique()) == [0]    # the greedy P1 wins every game
    assert "gives p &lt; 0.0001 over 40 outright wins: the seats differ" in ex._summary.value
    assert ("Seat advantage: a chi-square test of equal outright wins per seat gives p < 0.0001 over 40 outright "
            "wins: the seats differ (at the 1% level); the seats have different bots, so this compares the bots "
            "too (seat rotation plays each seed with every bot in every seat).") in ex.summary
    assert ex.summary.endswith("Games needed to pin a seat's win rate to ±2 percentage points at 95%: about 1,799 at a win "
                               "rate of 25%, the fair share; about 93 at 100%, P1's observed rate (the observed "
                               "rate nearest 50%, whose interval is widest).")


def test_counts_read_with_separators_and_the_right_plural(monkeypatch):
    import pandas as pd

    import rometools.widgets.balance as balance

    ex = BalanceExplorer(players=2, games=1, seed=1, bots="random")
    assert ex.summary.startswith("Caesar's Empire, 2 players, 1 game (seed 1); bots random, random ")
    assert ex.figure_data()["bl-win-rates"]["name"] == "win rate (1 game)"
    few = simulate("caesars_empire", 2, bots="random", seed=1, config={"players": 2}, progress=False)
    many = pd.concat([few.assign(game=few["game"] + 2 * k) for k in range(5_000)], ignore_index=True)
    monkeypatch.setattr(balance, "simulate", lambda *a, **k: many)     # 10,000 games without playing them
    assert ex.set_values(games=10_000)
    assert ex.summary.startswith("Caesar's Empire, 2 players, 10,000 games (seed 1); bots random, random ")
    assert ex.figure_data()["bl-win-rates"]["name"] == "win rate (10,000 games)"


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
    from rometools.core.paired import compare_variants

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
    assert ("In the paired comparison: all 10 games lasted 30 decisions in both variants: no spread in these "
            "games, so no interval for the difference.") in ex._summary.value
    row = ex.comparison.set_index("figure").loc["game length"]
    assert row["difference"] == 0 and row["ci_low"] != row["ci_low"]  # NaN: no interval
    paired = ex.figure_data()["bl-paired"]
    assert paired["x"][paired["y"].index("game length (decisions)")] == 0


def _count_simulate(monkeypatch):
    from rometools.widgets import balance

    calls = []
    real = balance.simulate
    monkeypatch.setattr(balance, "simulate", lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


@pytest.mark.parametrize("values,message", [
    ({"rotate": True}, "Rotate seats: every seat has bot 'random', so rotating the bots over the seats would "
                       "replay each game 4 times and count it as 4 games; give the seats different bots, or turn "
                       "rotation off"),
    ({"compare": True, "options_b": "foo=1"}, "Options B: Caesar's Empire has no option 'foo'"),
    ({"compare": True, "options_b": ""}, "Compare with variant B: Options B give variant A again (the defaults): "
                                         "nothing to compare; write in Options B the options that differ"),
    ({"compare": True, "options": "route_policy=first", "options_b": "route_policy = first"},
     "Compare with variant B: Options B give variant A again (route_policy=first)"),
])
def test_a_run_that_cannot_mean_anything_is_refused_before_any_game(monkeypatch, values, message):
    ex = BalanceExplorer(games=6, seed=1, bots="random")
    results = ex.results
    calls = _count_simulate(monkeypatch)
    assert ex.set_values(**values) is False
    assert message in ex.message
    assert calls == [] and ex.results is results and ex._rotate.value is False and ex._compare_box.value is False


def test_shared_wins_are_shown_and_explain_rates_above_100_percent():
    """IMPERATOR games often end in a shared first place: each tied seat's win counts, so the
    rates add up to more than 100%; the table shows the shared wins and the summary says why."""
    ex = BalanceExplorer("imperator", players=4, games=20, seed=1, bots="random")
    rates = seat_win_rates(ex.results)
    shared, total = int(rates["shared_wins"].sum()), 100 * rates["win_rate"].sum()
    assert shared > 0 and total > 100
    assert "shared wins" in ex._summary.value
    games = int((ex.results.groupby("game")["shared_win"].sum() > 0).sum())
    assert games < shared  # the table's shared wins are seat wins; the sentence counts games
    assert shared_wins_text(ex.results) in ex.summary
    assert ex.summary.count(f"{games} of 20 games (") == 1 and f"{shared} seat wins in all" in ex.summary
    row = rates.iloc[0]
    assert (f"P1 {row['games']} {row['wins']} {row['shared_wins']} " in ex.summary)  # the table reads row by row
    plain = BalanceExplorer(games=6, seed=1, bots="greedy")  # Caesar's Empire's tiebreakers leave no shared first
    assert "shared" not in plain.summary


def test_bad_opening_values_are_all_named_and_the_good_ones_kept():
    ex = BalanceExplorer(games=0, seed=-1, players=3, bots="random", rotate="yes", run=False)
    assert ex.message == ("Cannot open with: Games must be a whole number 1 to 100,000, got 0; Seed must be a whole "
                          "number 0 to 999,999,999, got -1; Rotate seats must be True or False, got 'yes' (opened "
                          "with the other values given and the defaults for these)")
    assert (ex._players.value, ex._games.value, ex._seed.value, ex.bots) == (3, 200, 1, ["random"] * 3)
    ex = BalanceExplorer(games=5, seed=7, players=9, bots="random")  # 9 players: not for this game
    assert ex.message == ("Cannot open with: Players: Caesar's Empire is for 2, 3, 4, 5 players, got 9 (opened "
                          "with the other values given and the defaults for these)")
    assert ex.results["game"].nunique() == 5 and ex._seed.value == 7 and ex._players.value == 4


# ------------------------------------------------------------ the Board file box
_LAST = " (the summary and the charts still show the last run)"


@pytest.mark.parametrize("typed", ["board_2_3", "board_2_3.toml", " board_2_3 "])
def test_a_bundled_boards_name_is_read_as_the_command_reads_it(typed):
    """`rometools simulate caesars_empire --option board=board_2_3` works: so does the box
    (the trial saw "Board file board_2_3: cannot be read (No such file or directory)")."""
    ex = BalanceExplorer(games=6, seed=1, bots="random", run=False)
    assert ex.set_values(players=3, board=typed), ex.message
    assert ex.message == ""
    expected = simulate("caesars_empire", 6, bots="random", seed=1, config={"players": 3, "board": "board_2_3"},
                        progress=False)
    assert ex.results.equals(expected)
    name = typed.strip()
    assert ex.summary.startswith(f"Caesar's Empire, 3 players, 6 games (seed 1); bots random, random, random; "
                                 f"board {name} player")


def test_a_wrong_board_name_lists_the_bundled_boards_and_keeps_the_results():
    ex = BalanceExplorer(players=3, games=6, seed=1, bots="random")
    results, summary = ex.results, ex.summary
    assert ex.set_values(board="board_9") is False
    assert ex.message == ("Cannot update: Board file board_9: no such file; give the path of a board file or a "
                          "bundled board: board_2_3, board_4_5" + _LAST)
    assert ex.results is results and ex.summary == summary and ex._board.value == ""


def test_a_designers_board_file_is_named_in_the_summary(tmp_path):
    from rometools.caesars_empire.board import board_path

    mine = tmp_path / "my_board.toml"
    mine.write_text(board_path("2-3").read_text())
    ex = BalanceExplorer(games=6, seed=1, bots="random", run=False)
    assert ex.set_values(players=3, board=str(mine)) and ex.message == ""
    expected = simulate("caesars_empire", 6, bots="random", seed=1, config={"players": 3, "board": str(mine)},
                        progress=False)
    assert ex.results.equals(expected)
    assert "; bots random, random, random; board my_board.toml player" in ex.summary
    # comparing: the board is that of both variants, beside "variant A: the defaults"
    assert ex.set_values(compare=True, options_b="route_policy=first")
    assert "; bots random, random, random; board my_board.toml; variant A: the defaults player" in ex.summary


def test_no_board_file_names_no_board():
    ex = BalanceExplorer(games=6, seed=1, bots="random")
    assert ex.summary.startswith("Caesar's Empire, 4 players, 6 games (seed 1); bots random, random, random, "
                                 "random player")


def test_an_imperator_board_file_is_read_through_its_board_option(tmp_path):
    """IMPERATOR registers its board as file option "board" (its file kind is "region"): the
    explorer reads it by the option, bundled name or a designer's copy."""
    from rometools.core.data import bundled_file

    ex = BalanceExplorer(game="imperator", games=4, seed=1, bots="random", run=False)
    assert ex.set_values(board="board") and ex.message == ""
    assert ex.results.equals(simulate("imperator", 4, bots="random", seed=1,
                                      config={"players": 4, "board": "board"}, progress=False))
    assert "; bots random, random, random, random; board board player" in ex.summary
    mine = tmp_path / "my_regions.toml"
    mine.write_text(bundled_file("imperator", "board.toml").read_text())
    assert ex.set_values(board=str(mine)) and ex.message == ""
    assert "; board my_regions.toml player" in ex.summary
    results = ex.results
    assert ex.set_values(board="boards") is False
    assert ex.message == ("Cannot update: Board file boards: no such file; give the path of a board file or a "
                          "bundled board: board" + _LAST)
    assert ex.results is results


def test_the_app_lists_an_imperator_games_bundled_board():
    ex = BalanceExplorer(game="imperator", games=4, files="upload", run=False)
    assert [label for label, _ in ex._board.options] == ["the game's own board", "board.toml"]
    assert ex.set_values(board=ex._board.options[1][1]) and "; board board.toml player" in ex.summary


def test_a_game_with_no_board_file_says_so():
    ex = BalanceExplorer(game="augustus", games=4, seed=1, bots="random", run=False)
    assert ex.set_values(board="board_2_3") is False
    assert ex.message == "Cannot update: Board file: Augustus has no board file" + _LAST


# ------------------------------------------------------------ the boxes and the options
@pytest.mark.parametrize("kwargs,field", [({"options": "players=5"}, "Options A"),
                                          ({"compare": True, "options_b": "players=5"}, "Options B")])
def test_players_and_a_players_option_that_disagree_are_refused_as_the_command_refuses_them(kwargs, field):
    """Before: "5 players need 5 bots, got 3". The command says "--players 3 and --option
    players=5 disagree; give one"; the explorer names its boxes the same way."""
    ex = BalanceExplorer(players=3, games=6, seed=1, bots="random")
    results = ex.results
    assert ex.set_values(**kwargs) is False
    assert ex.message == f"Cannot update: Players 3 and {field} players=5 disagree; give one" + _LAST
    assert ex.results is results and ex._players.value == 3 and ex._options_a.value == ""


def test_a_players_option_that_agrees_is_taken():
    ex = BalanceExplorer(players=3, games=6, seed=1, bots="random", options="players=3")
    assert ex.message == "" and ex.results["seat"].nunique() == 3


def test_a_board_box_and_a_board_option_that_disagree_are_refused():
    ex = BalanceExplorer(players=3, games=6, seed=1, bots="random", run=False)
    assert ex.set_values(board="board_2_3", options="board=board_4_5") is False
    assert ex.message == ("Cannot update: Board file board_2_3 and Options A board=board_4_5 disagree; "
                          "give one" + _LAST)
    assert ex.set_values(options="board=board_2_3") and ex.message == ""   # an option alone is read as given


# ------------------------------------------------------------ what the browser sends from a number box
@pytest.mark.parametrize("typed,message", [
    ("1.5", "Games must be a whole number 1 to 100,000, got 1.5"),
    ("-3", "Games must be a whole number 1 to 100,000, got -3"),
    ("2O", "Games must be a whole number 1 to 100,000, got '2O'"),
    ("", "Games must be a whole number 1 to 100,000, got ''"),
    ("0", "Games must be a whole number 1 to 100,000, got 0"),
])
def test_games_typed_as_text_that_is_no_whole_number_is_refused_not_truncated(typed, message):
    """An IntText's front end turns 1.5 into 1 (parseInt), so the trial's 1.5 games played 1
    game without a word. The box now sends the kernel what was typed."""
    ex = BalanceExplorer(games=8, seed=1, bots="random")
    results = ex.results
    ex._games.set_state({"value": typed})          # what the browser sends, through the box's from_json
    refusal = f"Cannot update: {message} (Games put back to 8; the summary and the charts still show the last run)"
    assert ex.message == refusal and ex.results is results
    assert ex._games.value == 8 and ex._games.get_state()["value"] == "8"
    assert ex.run() and ex.results["game"].nunique() == 8 and ex.message == (
        f"Note: The value typed in Games, {typed}, was refused ({message}) and put back: Run plays Games 8, as the "
        "box reads now.")


def test_a_whole_number_typed_is_an_int_in_the_kernel():
    ex = BalanceExplorer(games=8, seed=1, bots="random")
    ex._games.set_state({"value": "12.0"})         # the same number (traitlets' Int takes 12.0 as 12)
    assert ex._games.value == 12 and type(ex._games.value) is int
    ex._games.set_state({"value": " 12 "})
    ex._seed.set_state({"value": "2"})
    assert (ex._games.value, ex._seed.value) == (12, 2)
    assert ex.run() and ex.results["game"].nunique() == 12 and ex.summary.startswith(
        "Caesar's Empire, 4 players, 12 games (seed 2)")
    assert ex._seed.continuous_update is False     # sent on Enter or leaving the box, as an IntText's


def test_the_button_and_bar_say_a_run_is_playing(monkeypatch):
    """A fresh user saw nothing change for 5 s after Run: while the games play the button reads
    "Running…" and the bar names the variant; both are back afterwards, after a failure too."""
    import rometools.widgets.balance as balance

    ex = BalanceExplorer(players=3, games=4, seed=2, bots="random", run=False)
    seen = []
    real = balance.simulate

    def watched(*args, **kwargs):
        seen.append((ex._run.description, ex._bar.description))
        assert ex._run.disabled          # a second press cannot queue a second run
        return real(*args, **kwargs)

    monkeypatch.setattr(balance, "simulate", watched)
    assert ex.set_values(compare=True, options_b="route_policy=first")
    assert seen == [("Running…", "variant A"), ("Running…", "variant B")]
    assert (ex._run.description, ex._bar.description, ex._run.disabled) == ("Run", "", False)

    def broken(*args, **kwargs):
        raise RuntimeError("a worker died")

    monkeypatch.setattr(balance, "simulate", broken)
    assert not ex.run()
    assert (ex._run.description, ex._bar.description, ex._run.disabled) == ("Run", "", False)
    assert "a worker died" in ex.message


def test_a_bot_mix_gets_a_table_of_each_bots_rate_over_the_seats_it_played():
    ex = BalanceExplorer(players=4, games=20, seed=1, bots=["greedy", "random", "random", "random"], rotate=True)
    assert ex.message == ""
    html_bots = ex._summary.value.split("rt-balance-bots-table")[1].split("</table>")[0]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", html_bots)
    rates = rometools.bot_win_rates(ex.results)
    assert rates[["bot", "games"]].values.tolist() == [["greedy", 80], ["random", 240]]
    wins = [str(w) for w in rates["wins"]]
    assert cells[:3] == ["greedy", "80", wins[0]] and cells[6:9] == ["random", "240", wins[1]]
    assert "Bot win rates, over the seats each played:" in ex.summary
    same = BalanceExplorer(players=4, games=5, seed=1, bots="greedy")
    assert "rt-balance-bots-table" not in same._summary.value and "Bot win rates" not in same.summary


# ------------------------------------------------------------ options checked as typed
def test_options_the_game_refuses_are_refused_as_typed_not_at_run():
    """As the playtest report's Variant box (trial F6): ``hand=5`` typed in Options A for Caesar's
    Empire (which has no hand) said nothing until Run. It is refused on Enter in Run's words, the box
    keeping what was typed (Run refuses it again, in the same words); good options typed clear the
    refusal and nothing plays until Run."""
    ex = BalanceExplorer(games=6, seed=1, bots="random")
    results = ex.results
    assert ex._options_a.continuous_update is False and ex._options_b.continuous_update is False
    ex._options_a.value = "hand=5"                 # what the browser sends on Enter or leaving the box
    refusal = ex.message
    assert refusal == ("Cannot update: Options A: Caesar's Empire has no option 'hand'; its options are board, "
                       "players, all_tokens_variant, sum_complete_colours, no_move, route_policy, "
                       "max_chain_paths, roads_per_player, components, handicap" + _LAST)
    assert ex._options_a.value == "hand=5" and ex.results is results
    assert ex.run() is False and ex.message == refusal and ex.results is results
    ex._options_a.value = "players=3"              # the Players box says 4
    assert ex.message == "Cannot update: Players 4 and Options A players=3 disagree; give one" + _LAST
    ex._options_a.value = "route_policy=nowhere"
    assert ex.message.startswith("Cannot update: Options A: route_policy must be one of first, ")
    ex._options_a.value = "route_policy=first"
    assert ex.message == "" and ex.results is results
    assert ex.run() and ex.results is not results


def test_options_b_are_checked_as_typed_while_comparing():
    """Options B count only when comparing, as at Run: typed while not comparing they wait; ticking
    compare checks them, and B typed giving A again is said at once too (compare ticked with B
    still empty is no refusal yet: Run refuses it)."""
    ex = BalanceExplorer(games=6, seed=1, bots="random", run=False)
    ex._options_b.value = "hand=5"
    assert ex.message == ""
    ex._compare_box.value = True
    assert ex.message.startswith("Cannot update: Options B: Caesar's Empire has no option 'hand'; ")
    ex._options_b.value = ""
    assert ex.message == ""
    assert ex.run() is False and ex.message.startswith(
        "Cannot update: Compare with variant B: Options B give variant A again (the defaults): nothing to compare")
    ex._options_b.value = "all_tokens_variant=false"   # the default, written out: variant A again
    assert ex.message.startswith("Cannot update: Compare with variant B: Options B give variant A again "
                                 "(the defaults): nothing to compare")
    ex._options_b.value = "route_policy=first"
    assert ex.message == ""
    ex._compare_box.value = False
    ex._options_b.value = "hand=5"
    assert ex.message == ""


def test_typed_options_are_checked_again_when_the_game_or_players_change():
    """The refusal stays true for the controls set: ``hand=5`` is refused for Caesar's Empire, taken
    for Via Romana (which has a hand), refused again back on Caesar's Empire; a players option agrees
    or disagrees as the Players box changes."""
    ex = BalanceExplorer(games=6, seed=1, bots="random", run=False)
    ex._options_a.value = "hand=5"
    assert ex.message.startswith("Cannot update: Options A: Caesar's Empire has no option 'hand'")
    ex._game.value = "via_romana"
    assert ex.message == "" and ex._options_a.value == "hand=5"
    ex._game.value = "caesars_empire"
    assert ex.message.startswith("Cannot update: Options A: Caesar's Empire has no option 'hand'")
    ex._options_a.value = "players=3"
    assert ex.message == "Cannot update: Players 4 and Options A players=3 disagree; give one" + _LAST
    ex._players.value = 3
    assert ex.message == ""
    ex._players.value = 5
    assert ex.message == "Cannot update: Players 5 and Options A players=3 disagree; give one" + _LAST


def test_options_given_at_opening_that_the_game_refuses_are_said_at_once():
    ex = BalanceExplorer(games=6, seed=1, bots="random", options="hand=5", run=False)
    assert ex.message.startswith("Cannot update: Options A: Caesar's Empire has no option 'hand'")


def test_a_board_option_typed_against_the_board_box_is_refused_as_typed():
    """The Board file box and a board option disagree as at Run (no file is read as typed); with the
    Board file box emptied the option is the board, refused for 3 players as at Run."""
    ex = BalanceExplorer(players=3, games=6, seed=1, bots="random", run=False)
    ex._board.value = "board_2_3"
    assert ex.message == ""
    ex._options_a.value = "board=board_4_5"
    assert ex.message == ("Cannot update: Board file board_2_3 and Options A board=board_4_5 disagree; "
                          "give one" + _LAST)
    ex._board.value = ""
    assert ex.message == ("Cannot update: Options A: board side '4-5' is for [4, 5] players, got players=3"
                          + _LAST)
    assert ex.run() is False and ex.message == ("Cannot update: Options A: board side '4-5' is for [4, 5] "
                                                "players, got players=3" + _LAST)
    ex._options_a.value = "board=board_2_3"
    assert ex.message == ""
