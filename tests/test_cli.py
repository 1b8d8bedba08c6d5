"""The ``rometools`` command (entry point in pyproject.toml): simulate and validate."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import rometools
from rometools.caesars_empire import ROUTE_POLICIES
from rometools.cli import main
from rometools.core.data import data_dir
from rometools.core.simulate import simulate


def test_simulate_prints_metrics_and_writes_rows(tmp_path, capsys):
    out = tmp_path / "results.csv"
    code = main(["simulate", "caesars_empire", "--players", "3", "--games", "12", "--bots", "greedy,random,random",
                 "--seed", "1", "--option", "route_policy=first", "--out", str(out), "--quiet"])
    text = capsys.readouterr().out
    assert code == 0
    assert "12 games of Caesar's Empire" in text and "Seat win rates (95% Wilson intervals)" in text
    assert "Seat advantage: " in text and "Winning margin" in text
    df = pd.read_csv(out)
    assert len(df) == 36 and set(df["bot"]) == {"greedy", "random"}


def test_simulate_names_every_option_and_the_handicap_in_its_first_line(capsys):
    """A trial's ``--option handicap=4:40`` and ``--option route_policy=first`` printed only "400 games
    of Caesar's Empire, greedy bots in every seat": saved output could not be told apart."""
    assert main(["simulate", "caesars_empire", "--games", "2", "--option", "handicap=4:40",
                 "--option", "route_policy=first", "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("2 games of Caesar's Empire with ")
    assert "handicap seat 4: +40 points" in first
    assert "route" in first and "first" in first and "route_policy" not in first
    assert main(["simulate", "caesars_empire", "--games", "2", "--option", "handicap.3=5", "--quiet"]) == 0
    assert "seat 3: +5 points" in capsys.readouterr().out.splitlines()[0]


def test_simulate_headline_says_each_option_short_and_as_played(capsys, tmp_path):
    """A fresh-user trial: a variant saved at 4 players run with ``--players 3`` printed "seats at the
    table: 2 to 5, a player count of the board's side: 4" (the option's description and the variant's
    count) over three seats' rows; ``--option start_player=2`` printed the option's whole description
    and "2" for the seat the results call P3. The headline names each option by its short name and the
    value the games used."""
    from rometools import Variant

    Variant("caesars_empire", name="Gold 0-4-9-16", options={"players": 4},
            edits={"components": {"tables.gold.points.1": 4}}).save(tmp_path / "gold.toml")
    assert main(["simulate", "caesars_empire", "--variant", str(tmp_path / "gold.toml"), "--players", "3",
                 "--games", "2", "--quiet"]) == 0
    text = capsys.readouterr().out
    first = text.splitlines()[0]
    assert first.startswith("2 games of Caesar's Empire (variant 'Gold 0-4-9-16') with 3 players, greedy bots"), first
    assert "seats at the table" not in first and "4" not in first.split(", greedy")[0].split("with ")[1]
    assert " P3 " in text and " P4 " not in text   # three seats played, as the headline says
    assert main(["simulate", "via_romana", "--option", "start_player=2", "--players", "3", "--games", "2",
                 "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("2 games of Via Romana with 3 players, start player P3, greedy bots"), first
    assert main(["simulate", "caesars_empire", "--option", "players=3", "--option", "all_tokens_variant=true",
                 "--games", "2", "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("2 games of Caesar's Empire with 3 players, all tokens variant on, greedy bots"), first


def test_simulate_plays_greedy_by_default_as_compare_tune_and_report_do(capsys):
    """A trial read P4 22% from simulate (random bots, then its default) beside 5% from compare
    (greedy): a designer expects the same default bots in every command. simulate now plays greedy
    by default, as compare, tune and report, and its first line names the bots and says so."""
    from rometools import _cli_report, _cli_what_if
    from rometools.cli import DEFAULT_BOTS

    assert main(["simulate", "caesars_empire", "--players", "3", "--games", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games of Caesar's Empire with 3 players, greedy bots in every seat (the default, as compare, tune "
                          "and report play), in ")
    assert "random" not in out
    assert main(["simulate", "caesars_empire", "--players", "3", "--games", "2", "--bots", "random", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games of Caesar's Empire with 3 players, random bots in every seat, in ") and "default" not in out
    import argparse

    sub = argparse.ArgumentParser().add_subparsers()
    _cli_what_if.add_parsers(sub, int, str)
    _cli_report.add_parser(sub, int, str)
    for command in ("compare", "tune", "report"):
        bots = next(a for a in sub.choices[command]._actions if a.dest == "bots")
        assert bots.default == DEFAULT_BOTS == "greedy", command


def test_simulate_reads_as_the_explorer_does(capsys):
    """Players P1..Pn (no 0-based seat), win rates in percent, a readable p-value
    (never "p = 0"), counts with separators and the right plural."""
    code = main(["simulate", "caesars_empire", "--players", "3", "--games", "12", "--bots", "greedy,random,random",
                 "--seed", "1", "--option", "route_policy=first", "--quiet"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[0].startswith("12 games of Caesar's Empire with 3 players, route policy first, bots P1 greedy, "
                               "P2 random, P3 random, in ")
    assert lines[0].endswith(" games/s, executor serial)")
    assert lines[2:7] == ["Seat win rates (95% Wilson intervals):",
                          "player games wins shared wins win rate 95% low 95% high",
                          "    P1    12   12           0     100%     76%     100%",
                          "    P2    12    0           0       0%      0%      24%",
                          "    P3    12    0           0       0%      0%      24%"]
    assert lines[8:12] == ["Bot win rates, over the seats each played (95% Wilson intervals):",
                           "   bot seats played wins win rate 95% low 95% high",
                           "greedy           12   12     100%   75.8%     100%",
                           "random           24    0       0%      0%    13.8%"]
    assert lines[13] == ("Seat advantage: an exact multinomial test of equal outright wins per seat gives "
                         "p < 0.0001 over 12 outright wins: the seats differ (at the 1% level); the seats have "
                         "different bots, so this compares the bots too (seat rotation plays each seed with every "
                         "bot in every seat).")
    assert lines[14] == "Winning margin: mean 38.9 points, median 30.5. Every game lasted 30 decisions."


def test_simulate_one_game_is_singular(tmp_path, capsys):
    out = tmp_path / "one.csv"
    assert main(["simulate", "caesars_empire", "--games", "1", "--seed", "1", "--bots", "random", "--out", str(out),
                 "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1 game of Caesar's Empire, random bots in every seat, in ")
    assert lines[4:8] == ["    P1     1    0           0       0%      0%      79%",
                          "    P2     1    0           0       0%      0%      79%",
                          "    P3     1    0           0       0%      0%      79%",
                          "    P4     1    1           0     100%     21%     100%"]
    assert lines[9] == ("Seat advantage: an exact multinomial test of equal outright wins per seat gives p = 1 "
                        "over 1 outright win: no clear difference (at the 1% level).")
    assert lines[-1] == f"4 rows written to {out}"


def test_simulate_counts_have_thousands_separators(capsys, monkeypatch):
    import rometools

    few = simulate("caesars_empire", 3, bots="random", seed=2, config={"players": 2}, progress=False)
    many = pd.concat([few.assign(game=few["game"] + 3 * k) for k in range(4_000)], ignore_index=True)
    monkeypatch.setattr(rometools, "simulate", lambda *a, **k: many)   # 12,000 games without playing them
    assert main(["simulate", "caesars_empire", "--players", "2", "--games", "12000", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("12,000 games of Caesar's Empire with 2 players, greedy bots in every seat (the default, ")
    assert lines[3:6] == ["player  games  wins shared wins win rate 95% low 95% high",
                          "    P1 12,000 4,000           0   33.33%  32.50%   34.18%",
                          "    P2 12,000 8,000           0   66.67%  65.82%   67.50%"]
    assert lines[7] == ("Seat advantage: a chi-square test of equal outright wins per seat gives p < 0.0001 "
                        "over 12,000 outright wins: the seats differ (at the 1% level).")


def test_validate(tmp_path, capsys):
    assert main(["validate", str(data_dir() / "caesars_empire" / "board_2_3.toml")]) == 0
    assert "is a Caesar's Empire board file" in capsys.readouterr().out
    broken = tmp_path / "broken.toml"
    broken.write_text((data_dir() / "caesars_empire" / "board_2_3.toml").read_text().replace("value = 2", "value = true", 1))
    assert main(["validate", str(broken)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"invalid: {broken}: city[") and ".value:" in err
    assert main(["validate", str(tmp_path / "missing.toml")]) == 1
    assert "cannot be read" in capsys.readouterr().err


def test_bad_arguments_are_messages(capsys):
    assert main(["simulate", "chess", "--games", "3", "--quiet"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert main(["simulate", "caesars_empire", "--games", "3", "--bots", "smart", "--quiet"]) == 2
    assert "unknown bot 'smart'" in capsys.readouterr().err
    assert main(["simulate", "caesars_empire", "--games", "3", "--address", "tcp://127.0.0.1:8786", "--quiet"]) == 2
    assert capsys.readouterr().err == ("rometools simulate: --address tcp://127.0.0.1:8786 names a Dask scheduler: "
                                       "give --executor dask too\n")


def test_the_entry_point_is_installed():
    out = subprocess.run([sys.executable, "-m", "rometools.cli", "validate",
                          str(data_dir() / "caesars_empire" / "components.toml")], capture_output=True, text=True)
    assert out.returncode == 0 and "valid:" in out.stdout


def test_simulate_says_plainly_when_every_game_lasts_as_long(capsys):
    assert main(["simulate", "caesars_empire", "--players", "3", "--games", "4", "--bots", "greedy", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "Every game lasted 30 decisions." in text and "game length: mean" not in text
    assert main(["simulate", "augustus", "--players", "2", "--games", "4", "--bots", "greedy", "--quiet"]) == 0
    assert "Game length: " in capsys.readouterr().out


@pytest.mark.parametrize("argv,message", [
    (["--out", "/nonexistent/dir/r.csv"], "--out /nonexistent/dir/r.csv: folder '/nonexistent/dir' does not exist"),
    (["--out", "results.txt"], "--out results.txt: write a .csv or .parquet file"),
    (["--players", "3", "--option", "players=4"], "--players 3 and --option players=4 disagree; give one"),
    (["--games", "0"], "--games must be a whole number 1 or more, got 0"),
    (["--seed", "-1"], "--seed must be a whole number 0 or more, got -1"),
    (["--workers", "0"], "--workers must be a whole number 1 or more, got 0"),
    (["--players", "9"], "--players 9: Caesar's Empire is for 2 to 5 players, got 9"),
    (["--option", "no_move=skip"], "--option no_move=skip: no_move must be one of pass, end_game; got 'skip'"),
    (["--option", "max_chain_paths=0"], "--option max_chain_paths=0: max_chain_paths must be a whole number 1 to 500, or None, "
                                        "got 0"),
    (["--option", "route_policy=first", "--option", "board=board_2_3"],
     "--option board=board_2_3: board side '2-3' is for [2, 3] players, got players=4"),
    (["--option", "colour=red"], "--option colour=red: Caesar's Empire has no option 'colour'; its options are "
                                 "board, players, all_tokens_variant, sum_complete_colours, no_move, route_policy, "
                                 "max_chain_paths, roads_per_player, components, handicap"),
])
def test_simulate_refuses_before_playing(monkeypatch, capsys, argv, message):
    """A bad --out or contradicting options are refused before any game, so no run is lost."""
    import rometools

    monkeypatch.setattr(rometools, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    assert main(["simulate", "caesars_empire", "--games", "5", "--quiet", *argv]) == 2
    assert capsys.readouterr().err.strip() == f"rometools simulate: {message}"


def _no_games(monkeypatch):
    import rometools

    monkeypatch.setattr(rometools, "simulate", lambda *a, **k: pytest.fail("a game was played"))


def test_an_unknown_choice_names_the_flag_the_value_and_the_choices(monkeypatch, capsys):
    """The game's own message (the API and the explorer give the same), after the flag; exit 2."""
    _no_games(monkeypatch)
    assert main(["simulate", "caesars_empire", "--games", "5", "--quiet", "--option", "route_policy=foo"]) == 2
    policies = ", ".join(sorted(ROUTE_POLICIES))  # first, self_then_leader (and any a test registered)
    assert capsys.readouterr().err == (f"rometools simulate: --option route_policy=foo: route_policy must be one "
                                       f"of {policies}, player; got 'foo'\n")
    assert main(["simulate", "imperator", "--games", "5", "--quiet", "--option", "leftover=keep"]) == 2
    assert capsys.readouterr().err == ("rometools simulate: --option leftover=keep: leftover must be one of stay, "
                                       "discard; got 'keep'\n")


@pytest.mark.parametrize("board", ["board_2_3", "board_2_3.toml", str(data_dir() / "caesars_empire" / "board_2_3.toml")])
def test_the_board_option_takes_a_bundled_name_or_a_board_file(tmp_path, capsys, board):
    out = tmp_path / "r.csv"
    assert main(["simulate", "caesars_empire", "--players", "3", "--games", "3", "--bots", "greedy", "--seed", "2",
                 "--option", f"board={board}", "--out", str(out), "--quiet"]) == 0
    assert "Every game lasted 30 decisions." in capsys.readouterr().out  # the 30-city 2-3 board
    expected = simulate("caesars_empire", 3, players=3, bots="greedy", seed=2, progress=False)
    pd.testing.assert_frame_equal(pd.read_csv(out), expected, check_dtype=False)


def test_the_board_option_takes_a_designers_file_of_every_game_with_a_board(tmp_path, capsys):
    """A copy of the bundled board with one city's value changed plays on that board (a
    different score), for Caesar's Empire and IMPERATOR alike, through the registry."""
    ce = tmp_path / "my_board.toml"
    ce.write_text((data_dir() / "caesars_empire" / "board_2_3.toml").read_text().replace("value = 2", "value = 7", 1))
    out = tmp_path / "ce.csv"
    assert main(["simulate", "caesars_empire", "--players", "3", "--games", "2", "--bots", "greedy", "--quiet",
                 "--option", f"board={ce}", "--out", str(out)]) == 0
    bundled = simulate("caesars_empire", 2, players=3, bots="greedy", progress=False)
    assert not pd.read_csv(out)["score"].equals(bundled["score"])
    imp = tmp_path / "my_region_board.yaml"
    imp.write_text((data_dir() / "imperator" / "board.toml").read_text())  # TOML text: not YAML
    assert main(["simulate", "imperator", "--games", "2", "--quiet", "--option", f"board={imp}"]) == 2
    assert capsys.readouterr().err.startswith(f"rometools simulate: --option board={imp}: {imp}: ")
    imp = tmp_path / "my_region_board.toml"
    imp.write_text((data_dir() / "imperator" / "board.toml").read_text())
    assert main(["simulate", "imperator", "--games", "2", "--quiet", "--option", f"board={imp}"]) == 0
    assert capsys.readouterr().out.startswith("2 games of Ave Roma: IMPERATOR with board "
                                              "my_region_board.toml, greedy bots in every seat (the default, ")


def test_a_missing_or_broken_board_file_names_the_file_and_the_entry(tmp_path, monkeypatch, capsys):
    """Refused before any game is played; the message names the flag, the file and the entry."""
    _no_games(monkeypatch)
    missing = tmp_path / "none.toml"
    assert main(["simulate", "caesars_empire", "--quiet", "--option", f"board={missing}"]) == 2
    assert capsys.readouterr().err == (f"rometools simulate: --option board={missing}: {missing}: no such file; "
                                       f"give the path of a board file or a bundled board: board_2_3, board_4_5\n")
    broken = tmp_path / "broken.toml"
    broken.write_text((data_dir() / "caesars_empire" / "board_2_3.toml").read_text()
                      .replace("value = 2", "value = true", 1))
    assert main(["simulate", "caesars_empire", "--players", "3", "--quiet", "--option", f"board={broken}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rometools simulate: --option board={broken}: {broken}: city[") and ".value: " in err
    assert main(["simulate", "imperator", "--quiet", "--option", "board=board_4_5"]) == 2
    assert capsys.readouterr().err == ("rometools simulate: --option board=board_4_5: board_4_5: no such file; "
                                       "give the path of a board file or a bundled board: board\n")


def test_shared_first_places_explain_win_rates_above_100_percent(capsys):
    """IMPERATOR's ties for first count once per tied seat: the sentence under the table says so, in
    games (the table's "shared wins" are seat wins: 106 of them in 45 games)
    (core.balance.shared_wins_text, which the balance lab says too); a column of rates has one
    number of decimals ("27.0%" beside "28.5%", not "27%"), as do the columns beside it. (The
    Propraetor as it was read before IMP-11, so that the games, and this table, are the same.)"""
    assert main(["simulate", "imperator", "--players", "4", "--games", "200", "--bots", "greedy", "--seed", "1",
                 "--option", "propraetor=none", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3:9] == ["player games wins shared wins win rate 95% low 95% high",
                          "    P1   200   68          26    34.0%   27.8%    40.8%",
                          "    P2   200   57          19    28.5%   22.7%    35.1%",
                          "    P3   200   54          26    27.0%   21.3%    33.5%",
                          "    P4   200   82          35    41.0%   34.4%    47.9%",
                          "45 of 200 games (22.5%) ended in a shared win (2, 3 or 4 seats tied for first; 106 seat "
                          "wins in all); each tied seat counts a win, so the win rates add up to 130.5%, not 100%."]


def test_the_rate_columns_share_one_number_of_decimals(capsys):
    """Win rate and both interval ends read as one table, with the decimals the intervals
    warrant: 200 games pin a rate to a few points, so one decimal (63.0%, not 63.00% or 63%)."""
    assert main(["simulate", "caesars_empire", "--players", "4", "--games", "200", "--bots", "greedy",
                 "--seed", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[4:8] == ["    P1   200  126           0    63.0%   56.1%    69.4%",
                          "    P2   200   33           0    16.5%   12.0%    22.3%",
                          "    P3   200   29           0    14.5%   10.3%    20.0%",
                          "    P4   200   12           0     6.0%    3.5%    10.2%"]


def test_rotation_says_seeds_times_rotations_and_that_they_are_not_independent(capsys):
    assert main(["simulate", "caesars_empire", "--players", "3", "--games", "4", "--bots", "greedy,random,random",
                 "--seed", "1", "--rotate", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("4 seeds × 3 seat rotations = 12 games of Caesar's Empire with 3 players, bots P1 "
                               "greedy, P2 random, P3 random, in ")
    assert lines[1] == ("The 3 rotations of a seed share its chance outcomes, so they are not independent games, "
                        "but the intervals and the test below treat all 12 as if they were: read them as "
                        "approximate.")
    assert lines[5].split()[:2] == ["P1", "12"]  # 12 rows a seat: every rotation counted
    assert main(["simulate", "caesars_empire", "--players", "3", "--games", "4", "--bots", "greedy", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("4 games of Caesar's Empire with 3 players, greedy bots in every seat, in ") and \
        "rotation" not in text


def test_rotation_with_one_bot_and_an_unknown_bot_are_refused_in_words(capsys):
    """Both refused by simulate() before its first game."""
    assert main(["simulate", "imperator", "--games", "5", "--bots", "greedy", "--rotate", "--quiet"]) == 2
    assert capsys.readouterr().err == (
        "rometools simulate: every seat has bot 'greedy', so rotating the bots over the seats would replay each "
        "game 4 times and count it as 4 games; give the seats different bots, or turn rotation off\n")
    assert main(["simulate", "imperator", "--games", "5", "--bots", "smart", "--quiet"]) == 2
    assert capsys.readouterr().err == (
        "rometools simulate: --bots smart: unknown bot 'smart' for Ave Roma: IMPERATOR; choose one of greedy, "
        "random, mcts or mcts:N (Monte Carlo tree search, N simulations per move)\n")
    assert main(["simulate", "imperator", "--games", "5", "--bots", "greedy,greedy", "--quiet"]) == 2
    assert capsys.readouterr().err == "rometools simulate: --bots greedy,greedy: 4 players need 4 bots, got 2\n"


@pytest.mark.parametrize("game", rometools.games())
def test_a_misspelt_bot_is_refused_with_the_near_name(game, capsys):
    """``--bots gredy``: the refusal suggests the bot meant, as a misspelt game or option does; every game."""
    from rometools.core.game import game_spec

    bot = sorted(game_spec(game).bots)[0]
    typo = bot[:-1] + ("x" if bot[-1] != "x" else "y")
    assert main(["simulate", game, "--games", "2", "--bots", typo, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"unknown bot '{typo}' for " in err and f"(did you mean {bot}?); choose one of " in err, err
    assert main(["simulate", game, "--games", "2", "--bots", "zzzz", "--quiet"]) == 2
    assert "did you mean" not in capsys.readouterr().err


@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_a_closed_pipe_ends_the_command_quietly(unbuffered):
    """``rometools ... | head -1``: the reader goes away; no BrokenPipeError traceback (the Python
    docs' note on SIGPIPE), exit code 1. The pipe is closed before the command writes, so the
    write fails every time (at the print when unbuffered, at the final flush when buffered)."""
    import os

    read, write = os.pipe()
    os.close(read)
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    try:
        out = subprocess.run([sys.executable, "-m", "rometools.cli", "validate",
                              str(data_dir() / "caesars_empire" / "components.toml")],
                             stdout=write, stderr=subprocess.PIPE, text=True, env=env)
    finally:
        os.close(write)
    assert (out.returncode, out.stderr) == (1, "")


def test_a_closed_pipe_still_gets_the_out_file_written(tmp_path):
    """``rometools simulate ... --out r.csv | head -1``: the games are played, so their rows are
    written before anything is printed, whatever happens to the printout (exit 1, no traceback)."""
    import os

    out_file = tmp_path / "r.csv"
    read, write = os.pipe()
    os.close(read)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    try:
        out = subprocess.run([sys.executable, "-m", "rometools.cli", "simulate", "caesars_empire", "--players", "2",
                              "--games", "3", "--seed", "1", "--quiet", "--out", str(out_file)],
                             stdout=write, stderr=subprocess.PIPE, text=True, env=env)
    finally:
        os.close(write)
    assert (out.returncode, out.stderr) == (1, "")
    assert len(pd.read_csv(out_file)) == 3 * 2  # one row per game and seat


def test_validate_names_each_file_with_the_right_article(capsys):
    files = [data_dir() / "augustus" / "objectives.toml", data_dir() / "caesars_empire" / "board_2_3.toml",
             data_dir() / "imperator" / "board.toml"]
    assert main(["validate", *map(str, files)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"valid: {files[0]} is an Augustus objectives file",
        f"valid: {files[1]} is a Caesar's Empire board file",
        f"valid: {files[2]} is an Ave Roma: IMPERATOR board file"]


def test_validate_says_when_meta_game_disagrees_with_the_contents(tmp_path, capsys):
    """[meta] game says one game, the tables are another's: said so, with the fix, whether the
    named game knows none of the tables (Augustus objectives as IMPERATOR's) or shares a table
    name with them (IMPERATOR's board has a [board] table, as Caesar's Empire's board has)."""
    objectives = tmp_path / "objectives.toml"
    objectives.write_text((data_dir() / "augustus" / "objectives.toml").read_text()
                          .replace('game = "augustus"', 'game = "imperator"', 1))
    board = tmp_path / "board.toml"
    board.write_text((data_dir() / "imperator" / "board.toml").read_text()
                     .replace('game = "imperator"', 'game = "caesars_empire"', 1))
    assert main(["validate", str(objectives)]) == 1
    assert capsys.readouterr().err == (f"invalid: {objectives}: meta.game: 'imperator' disagrees with the contents, "
                                       f"which are an Augustus objectives file; set [meta] game = \"augustus\"\n")
    assert main(["validate", str(board)]) == 1
    assert capsys.readouterr().err == (f"invalid: {board}: meta.game: 'caesars_empire' disagrees with the contents, "
                                       f"which are an Ave Roma: IMPERATOR board file; set [meta] game = "
                                       f"\"imperator\"\n")
    bundled = data_dir() / "imperator" / "board.toml"
    assert main(["validate", str(bundled), "--game", "caesars_empire"]) == 1
    assert capsys.readouterr().err == (f"invalid: {bundled}: --game caesars_empire disagrees with the contents, "
                                       f"which are an Ave Roma: IMPERATOR board file; pass --game imperator\n")


def test_validate_reports_every_file_and_fails_if_any_fails(tmp_path, capsys):
    good = data_dir() / "caesars_empire" / "components.toml"
    missing = tmp_path / "missing.toml"
    assert main(["validate", str(missing), str(good)]) == 1
    out, err = capsys.readouterr()
    assert out == f"valid: {good} is a Caesar's Empire components file\n"
    assert err.startswith(f"invalid: {missing}: ") and "cannot be read" in err
    assert err.endswith("\n1 of 2 files invalid\n")


#: What ``validate`` calls each bundled data file: the kind a designer knows it by (a
#: components file is not "a tables file", IMPERATOR's regions are its board file).
def _kind_wording(game: str, name: str) -> str:
    """How ``validate`` names a bundled file: its game's title and the file's kind, the file name
    without its player-count suffix ("board_2_3.toml" is a board file)."""
    from rometools.core.game import game_spec

    title = game_spec(game).title
    kind = re.sub(r"(_\d+)+$", "", Path(name).stem)
    return f"{'an' if title[:1].lower() in 'aeiou' else 'a'} {title} {kind} file"


def test_validate_names_every_bundled_files_kind(capsys):
    """Every game's bundled files (the registry's ``data_files``), each named by its kind once."""
    from rometools.core.game import game_spec, games

    bundled = [(g, name) for g in games() for name in game_spec(g).data_files]
    assert ("augustus", "objectives.toml") in bundled and ("caesars_empire", "board_2_3.toml") in bundled
    assert _kind_wording("augustus", "objectives.toml") == "an Augustus objectives file"
    assert _kind_wording("caesars_empire", "board_2_3.toml") == "a Caesar's Empire board file"
    files = [data_dir() / g / name for g, name in bundled]
    assert main(["validate", *map(str, files)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"valid: {file} is {_kind_wording(*key)}"
                                                    for file, key in zip(files, bundled, strict=True)]


_QUICK_RUN = ["simulate", "caesars_empire", "--players", "2", "--games", "3", "--seed", "1"]


def test_the_progress_bar_is_drawn_only_on_a_terminal(capsys, monkeypatch):
    """A log or a pipe (stderr not a terminal) gets no bar redraws, as tqdm's ``disable=None``
    decides; ``--progress`` draws it anyway, ``--quiet`` never, and the two together are refused."""
    import io

    assert main(_QUICK_RUN) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("3 games of Caesar's Empire with 2 players, greedy bots in every seat "
                                        "(the default, ")
    assert main([*_QUICK_RUN, "--progress"]) == 0
    err = capsys.readouterr().err
    assert "Caesar's Empire: 2 players: 100%" in err and "3/3" in err

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(_QUICK_RUN) == 0
    assert "Caesar's Empire: 2 players: 100%" in terminal.getvalue() and "3/3" in terminal.getvalue()
    terminal.truncate(0)
    assert main([*_QUICK_RUN, "--quiet"]) == 0 and terminal.getvalue() == ""
    with pytest.raises(SystemExit):
        main([*_QUICK_RUN, "--quiet", "--progress"])
    assert "argument --progress: not allowed with argument --quiet" in terminal.getvalue()


def test_a_refused_run_draws_no_bar(capsys):
    """The bar starts at the first game played: a run refused by simulate() leaves none behind."""
    assert main(["simulate", "imperator", "--games", "5", "--bots", "greedy", "--rotate", "--progress"]) == 2
    assert capsys.readouterr().err.startswith("rometools simulate: every seat has bot 'greedy'")


def test_the_notebooks_bar_is_untouched(monkeypatch):
    """``simulate(progress=True)`` still makes tqdm.auto's bar (a widget in a notebook), not the
    command's terminal-only one."""
    import tqdm.auto

    from rometools.core import simulate as simulate_module

    made = []

    class Spy(tqdm.auto.tqdm):
        def __init__(self, *args, **kwargs):
            made.append(kwargs)
            super().__init__(*args, **{**kwargs, "disable": True})

    monkeypatch.setattr(tqdm.auto, "tqdm", Spy)
    simulate_module.simulate("caesars_empire", 2, players=2, seed=1)
    assert made == [{"total": 2, "desc": "Caesar's Empire: 2 players", "unit": "game"}]


def test_a_count_that_is_no_whole_number_is_refused_in_words(capsys):
    """argparse's own refusal read "invalid int value: '1.5'"; a margin's median keeps its half."""
    for flag, typed in (("--games", "1.5"), ("--seed", "1e3"), ("--players", "four"), ("--workers", "2.0")):
        with pytest.raises(SystemExit) as exit_info:
            main(["simulate", "caesars_empire", flag, typed, "--quiet"])
        assert exit_info.value.code == 2
        assert capsys.readouterr().err == (  # one line, not argparse's usage block (--help has it)
            f"rometools simulate: argument {flag}: must be a whole number, got {typed!r} "
            f"(see rometools simulate --help)\n")
    assert main(["simulate", "caesars_empire", "--players", "4", "--games", "300", "--bots", "greedy",
                 "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Winning margin: mean 41.0 points, median 31.5. " in out


def test_validate_names_the_file_of_a_misspelt_game(tmp_path, capsys):
    from rometools.caesars_empire.board import board_path

    bad = tmp_path / "misspelt.toml"
    bad.write_text(board_path("2-3").read_text(encoding="utf-8").replace(
        'game = "caesars_empire"', 'game = "caesar_empire"'), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert capsys.readouterr().err == (f"invalid: {bad}: meta.game: unknown game 'caesar_empire'; registered "
                                       f"games: {', '.join(rometools.games())}\n")
    assert main(["validate", "--game", "chess", str(board_path("2-3"))]) == 1
    assert capsys.readouterr().err == ("invalid: --game chess: unknown game 'chess'; registered games: "
                                       f"{', '.join(rometools.games())}\n")


def test_out_is_checked_before_any_game_and_never_replaced_silently(tmp_path, capsys, monkeypatch):
    """A folder, a pipe, an existing file (without --force) or an uncreatable path is refused before
    the first game; two runs writing one file: the second is refused, nothing of the first is lost."""
    import os

    from rometools.core import simulate as simulate_module

    played = []
    real = simulate_module.simulate
    monkeypatch.setattr(rometools, "simulate", lambda *a, **k: played.append(1) or real(*a, **k))
    (tmp_path / "folder.csv").mkdir()
    os.mkfifo(tmp_path / "pipe.csv")
    first = tmp_path / "rows.csv"
    base = ["simulate", "pig", "--games", "3", "--seed", "1", "--quiet", "--out"]
    for target, words in ((tmp_path / "folder.csv", "is a folder"), (tmp_path / "pipe.csv", "is not a regular file"),
                          (tmp_path / "no" / "rows.csv", "does not exist")):
        assert main([*base, str(target)]) == 2
        assert words in capsys.readouterr().err
    assert played == []
    assert main([*base, str(first)]) == 0 and played == [1]
    kept = first.read_text()
    assert main([*base, str(first), "--seed", "2"]) == 2 and played == [1]
    assert "the file exists" in capsys.readouterr().err and first.read_text() == kept
    assert main([*base, str(first), "--seed", "2", "--force"]) == 0 and first.read_text() != kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.csv", "pipe.csv", "rows.csv"]  # no partial file


@pytest.mark.parametrize("argv,words", [
    (["--games", "20000000"], "--games must be at most 10,000,000, got 20,000,000"),
    (["--games", "9" * 5000], "must be a whole number of at most 18 digits, got '999"),
    (["--workers", "5000"], "--workers must be at most 1,024"),
    (["--bots", "mcts:2000000"], "the MCTS budget must be a whole number of simulations, 1 to 1,000,000"),
    (["--option", "target=" + "9" * 5000], "the value of 'target' is a number of 5,000 digits"),
    (["--option", "x=" + "y" * 20_000], "is 20,000 characters long"),
])
def test_numbers_past_any_plan_are_refused_in_a_short_message(argv, words, capsys):
    try:
        code = main(["simulate", "pig", "--quiet", *argv])
    except SystemExit as exit_:  # argparse's own refusal of a flag's value
        code = exit_.code
    assert code == 2
    err = capsys.readouterr().err
    assert words in err and len(err) < 400


# ---------------------------------------------------------------- --variant (docs/what-if.md)
def _variant_file(tmp_path, **kwargs):
    from rometools import Variant

    return Variant(**kwargs).save(tmp_path / "v.toml")


def test_simulate_plays_a_saved_variant_and_options_beside_it_override(tmp_path, capsys, monkeypatch):
    import rometools

    path = _variant_file(tmp_path, game="via_romana", name="hand 5", options={"hand": 5, "players": 3},
                         edits={"components": {"goals.points": 7}})
    played = {}

    def fake(game, n, **kwargs):
        played["game"] = game
        return real(game, n, **kwargs)

    real = rometools.simulate
    monkeypatch.setattr(rometools, "simulate", fake)
    assert main(["simulate", "--variant", str(path), "--games", "4", "--quiet", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "4 games of Via Romana (variant 'hand 5')" in out
    config = played["game"].config
    assert (config.hand, config.players, config.the_components().goal_points) == (5, 3, 7)
    # --players and --option beside it override the variant's options; its edits stay
    assert main(["simulate", "via_romana", "--variant", str(path), "--players", "2", "--option", "hand=4",
                 "--games", "2", "--quiet"]) == 0
    config = played["game"].config
    assert (config.hand, config.players, config.the_components().goal_points) == (4, 2, 7)


@pytest.mark.parametrize("argv, message", [
    (["simulate", "augustus", "--variant", "{path}"], "--variant {path} is a variant of via_romana, not augustus"),
    (["simulate", "--variant", "no/such.toml"], "--variant no/such.toml: cannot be read"),
    (["simulate", "--variant", "{path}", "--option", "hand=-1"], "--option hand=-1: hand must be"),
    (["simulate", "--variant", "{broken}"], "--variant {broken}: components.toml (as the variant edits it): "
                                            "goals.pointz: no such entry"),
])
def test_a_bad_variant_flag_is_refused_naming_it(tmp_path, capsys, monkeypatch, argv, message):
    import rometools

    monkeypatch.setattr(rometools, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    path = _variant_file(tmp_path, game="via_romana", options={"hand": 5})
    broken = tmp_path / "broken.toml"
    broken.write_text("[variant]\ngame = 'via_romana'\n[edits.components.set]\n'goals.pointz' = 7\n")
    argv = [a.format(path=path, broken=broken) for a in argv]
    assert main([*argv, "--games", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message.format(path=path, broken=broken) in err, err


@pytest.mark.parametrize("command", [["simulate"], ["report", "--out", "{out}"]])
def test_a_bad_variant_is_said_as_validate_says_it(tmp_path, capsys, command):
    """simulate and report named the whole list a one-key edit broke, and an option without its
    ``options.`` key (trial55); validate, compare, tune and the studio name the key the file set."""
    steep = tmp_path / "steep.toml"
    steep.write_text("[variant]\ngame = 'caesars_empire'\n[edits.components.set]\n'tables.gold.points.7' = -49\n")
    hand = tmp_path / "hand9.toml"
    hand.write_text("[variant]\ngame = 'via_romana'\n[options]\nhand = 9\n")
    out = str(tmp_path / "r.html")
    argv = [a.format(out=out) for a in command]
    assert main([*argv, "--variant", str(steep), "--games", "2"]) == 2
    assert (f"--variant {steep}: edits.components.set: tables.gold.points.7 = -49: components.toml refuses it at "
            "tables.gold.points: points must be 0 to 10000") in capsys.readouterr().err
    assert main([*argv, "--variant", str(hand), "--games", "2"]) == 2
    assert f"--variant {hand}: options.hand: hand must be a whole number 4 to 5, got 9" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()


def test_simulate_needs_a_game_or_a_variant(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "2"])
    assert "give a game (rometools games lists them) or --variant FILE" in capsys.readouterr().err


def test_validate_reads_variant_files(tmp_path, capsys):
    path = _variant_file(tmp_path, game="caesars_empire", name="gold", options={"handicap": {4: 2}},
                         edits={"components": {"tables.gold.points.1": 3, "road_bonus.points": 12}})
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.strip() == (f"valid: {path} is a Caesar's Empire variant 'gold' (1 option, "
                                               "2 edits of components.toml)")
    assert main(["validate", "--game", "augustus", str(path)]) == 1
    assert "variant.game: is 'caesars_empire', but --game augustus was given" in capsys.readouterr().err


def test_report_takes_a_variant(tmp_path, capsys, monkeypatch):
    import rometools.charts.playtest as playtest

    seen = {}
    monkeypatch.setattr(playtest, "report", lambda game, *a, **k: seen.setdefault("game", game))
    path = _variant_file(tmp_path, game="pig", options={"target": 30, "handicap": {2: 5}})
    assert main(["report", "--variant", str(path), "--out", str(tmp_path / "r.html"), "--quiet"]) == 0
    assert seen["game"].config.target == 30 and seen["game"].config.handicap.points(1) == 5


def test_an_argument_a_subcommand_does_not_take_names_the_subcommand(capsys):
    """``report --option`` read "rometools: unrecognized arguments ... (see rometools --help)"."""
    with pytest.raises(SystemExit) as stop:
        main(["report", "via_romana", "--option", "hand=5", "--out", "never.html"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith("rometools report: unrecognized arguments: '--option hand=5'; "
                                                   "it takes no --option: save the options as a variant")
    assert err.rstrip().endswith("(see rometools report --help)") and not Path("never.html").exists()
    with pytest.raises(SystemExit):
        main(["simulate", "pig", "--gamez", "3"])
    assert capsys.readouterr().err == ("rometools simulate: unrecognized arguments: '--gamez 3'; did you mean "
                                       "--games? (see rometools simulate --help)\n")


def test_a_flag_before_the_game_is_quoted_with_its_own_value_and_the_game_must_be_registered(capsys):
    """A trial's ``report --option hand=5 via_romana`` was refused as "'--option via_romana'": argparse
    took ``hand=5`` for the game. The refusal now quotes the pair as typed, and a game that is not
    registered is refused as such, a ``KEY=VALUE`` said to go after its flag."""
    with pytest.raises(SystemExit) as stop:
        main(["report", "--option", "hand=5", "via_romana", "--out", "never.html"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith("rometools report: unrecognized arguments: '--option hand=5'; "
                                                   "it takes no --option"), err
    assert "via_romana" not in err.split(";")[0] and not Path("never.html").exists()
    games = "augustus, caesars_empire, imperator, pig, via_romana"
    for argv, flags in ((["simulate", "hand=5", "--games", "2"], "--option hand=5"),
                        (["report", "hand=5", "--out", "never.html"], "--compare hand=5"),
                        (["compare", "hand=5"], "--set hand=5 or --option hand=5"),
                        (["tune", "hand=5", "--parameter", "hand", "--values", "4,5"], "--option hand=5")):
        assert main(argv) == 2
        assert capsys.readouterr().err == (f"rometools {argv[0]}: unknown game 'hand=5'; registered games: {games}; "
                                           f"'hand=5' is an option: give it after its flag, {flags}\n")
    assert main(["simulate", "hand=5", "via_romana"]) == 2   # read "unrecognized arguments: 'via_romana'"
    assert capsys.readouterr().err == (f"rometools simulate: unknown game 'hand=5'; registered games: {games}; "
                                       f"'hand=5' is an option: give it after its flag, --option hand=5\n")
    assert main(["games", "via_romna"]) == 2
    assert capsys.readouterr().err == (f"rometools games: unknown game 'via_romna'; registered games: {games}; did "
                                       f"you mean via_romana?\n")


def test_validate_reports_every_problem_of_a_variant_file(tmp_path, capsys):
    """A misspelt option and a misspelt table name in one variant file: both said, in one pass."""
    typo = tmp_path / "typo.toml"
    typo.write_text('[variant]\ngame = "caesars_empire"\nname = "typo"\n\n[options]\nplayers = 4\nhandicapp = {4 = 2}\n\n'
                    '[edits.components]\nbase = "components.toml"\n\n[edits.components.set]\n'
                    '"tables.gold.pionts.1" = 3\n')
    assert main(["validate", str(typo)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"invalid: {typo}: 2 problems"
    assert lines[1].startswith(f"invalid: {typo}: options.handicapp: Caesar's Empire has no option 'handicapp' "
                               "(did you mean handicap?)")
    assert lines[2] == (f"invalid: {typo}: edits.components.set: tables.gold.pionts.1 = 3: components.toml refuses it "
                        "at tables.gold.pionts: no such entry; tables.gold has points")   # the key the file set, first


def test_a_seat_handicap_is_taken_in_every_form_a_designer_types(capsys):
    """A trial's ``--option 'handicap={4: 2}'`` was refused, its message's own example with it, and
    ``handicap.3=2`` (as tune names the parameter) was "no option 'handicap.3'"; OpenSpiel's
    parameter writes ``4:2`` (trial F7), which one parser takes too."""
    outs = []
    for form in ("handicap={2: 3}", "handicap={2:3}", "handicap={2 = 3}", 'handicap={"2": 3}', "handicap=[0, 3]",
                 "handicap.2=3", "handicap=2:3", "handicap=2:3 1:0", "handicap=2:3,1:0"):
        assert main(["simulate", "pig", "--games", "20", "--option", form, "--quiet"]) == 0, form
        outs.append(capsys.readouterr().out.split("\n", 1)[1])   # past the line with the time taken
    assert len(set(outs)) == 1
    assert main(["simulate", "pig", "--games", "20", "--quiet"]) == 0
    assert capsys.readouterr().out.split("\n", 1)[1] != outs[0]   # the handicap played: 3 points change who wins
    assert main(["simulate", "pig", "--games", "2", "--option", "handicap=four", "--quiet"]) == 2
    assert capsys.readouterr().err == (
        "rometools simulate: --option handicap=four: handicap must be a table of seats (from 1) and their points, "
        "e.g. {4: 2}, or a list of every seat's points, or seat:points as OpenSpiel's parameter writes it "
        "(4:2 1:-1); got 'four'\n")
    assert main(["simulate", "pig", "--games", "2", "--option", "handicap=2:x", "--quiet"]) == 2
    assert capsys.readouterr().err == ("rometools simulate: --option handicap=2:x: handicap: '2:x' is not "
                                       "seat:points (seats from 1, e.g. 4:2 1:-1, or 4:2/1 with a start bonus)\n")
    assert main(["simulate", "pig", "--games", "2", "--option", "handicap=4:2", "--quiet"]) == 2
    assert "--option handicap=4:2: handicap: seat 4 is not a seat of a 2-player game" in capsys.readouterr().err
    for command in ("simulate", "compare", "tune", "report"):   # every flag taking an option says the forms
        assert "handicap=4:2 as OpenSpiel's handicap parameter writes it" in " ".join(main_help(command).split())
    assert main(["simulate", "pig", "--games", "2", "--option", "handicap={2: 1}", "--option", "handicap.2=3",
                 "--quiet"]) == 2
    assert capsys.readouterr().err == ("rometools simulate: give the handicap either as handicap={3: 2} or as "
                                       "handicap.3=2, not both\n")


def test_a_refused_flag_is_said_before_a_missing_one_and_a_bare_option_names_its_flags(capsys):
    """``report --option hand=5 via_romana`` said only "--out is required"; ``report via_romana hand=5``
    said only "unrecognized arguments: 'hand=5'"."""
    with pytest.raises(SystemExit) as stop:
        main(["report", "--option", "hand=5", "via_romana"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith("rometools report: unrecognized arguments: '--option hand=5'; "
                                                   "it takes no --option"), err
    with pytest.raises(SystemExit):
        main(["report", "via_romana", "hand=5", "--out", "never.html"])
    assert capsys.readouterr().err == (
        "rometools report: unrecognized arguments: 'hand=5'; 'hand=5' is an option: give it after its flag, "
        "--compare hand=5 (compares the game against it); or --variant FILE to run on a variant with it "
        "(saved by rometools.Variant) (see rometools report --help)\n")
    with pytest.raises(SystemExit):
        main(["report", "via_romana"])   # a required flag is still required
    assert capsys.readouterr().err == ("rometools report: the following arguments are required: --out "
                                       "(see rometools report --help)\n")
    assert not Path("never.html").exists()


@pytest.mark.parametrize(("argv", "said"), [
    (["report", "pig", "--games", "0"], "rometools report: --games must be a whole number 1 to 10,000,000, got 0\n"),
    (["report", "pig", "--games", "5", "--skill-games", "200000"],
     "rometools report: --skill-games must be a whole number 0 to 100,000, got 200,000\n"),
    (["tune", "pig", "--values", "1,2", "--confidence", "40"],
     "rometools tune: --confidence must be a percentage 50 to 99.99, got 40\n"),
])
def test_a_value_typed_wrong_is_said_before_a_required_flag_left_out(capsys, argv, said):
    """``report --games 0`` without ``--out`` said only that --out was missing; with --out given it then
    said the --games 0: the value is refused first, naming its flag, as with every flag given."""
    assert main(argv) == 2
    assert capsys.readouterr().err == said
    with pytest.raises(SystemExit) as stop:   # the same flags with a good value: the missing flag is said
        main([{"0": "5", "200000": "0", "40": "95"}.get(w, w) for w in argv])
    assert stop.value.code == 2 and "the following arguments are required" in capsys.readouterr().err


def test_the_game_listing_says_each_games_mcts_playout_depth(capsys):
    """Augustus cuts MCTS playouts at 8 decisions by default; the listing said nothing of it."""
    from rometools.core.game import game_spec

    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for gid in rometools.games():
        depth = game_spec(gid).mcts_playout_depth
        line = next(x for x in lines if x.startswith(f"{gid}: "))
        assert ("playouts cut at" in line) == (depth is not None)
        if depth is not None:
            assert f"mcts:N (playouts cut at {depth} decisions)" in line
        assert main(["games", gid]) == 0
        text = capsys.readouterr().out
        assert "mcts:N:depth=D" in text
        assert (f"playouts cut at {depth} decisions by default, mcts:N:depth=D|end sets it" in text) == (
            depth is not None)
    assert "mcts:N:depth=D cuts MCTS playouts at D decisions, mcts:N:depth=end plays them to the end" in lines[-1]
    assert "mcts:N:depth=D|end" in " ".join(main_help("simulate").split())


def main_help(command: str) -> str:
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), pytest.raises(SystemExit):
        main([command, "--help"])
    return buffer.getvalue()


@pytest.mark.parametrize("command", [["simulate", "pig", "--games", "3"], ["compare", "pig", "--set", "target=60"],
                                     ["tune", "pig", "--parameter", "target", "--values", "50,60"]])
def test_an_address_without_the_dask_executor_is_refused_in_one_wording(command, capsys):
    """simulate said "give --executor dask too", compare and tune "it names a Dask scheduler and needs
    --executor dask": one message now, written once (cli._check_address); a long address cut short."""
    assert main([*command, "--address", "tcp://127.0.0.1:8786", "--quiet"]) == 2
    assert capsys.readouterr().err == (f"rometools {command[0]}: --address tcp://127.0.0.1:8786 names a Dask "
                                       "scheduler: give --executor dask too\n")
    assert main([*command, "--address", "tcp://" + "h" * 5000, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rometools {command[0]}: --address 'tcp://hhh") and len(err) < 300, err


@pytest.mark.parametrize("text", ["", "\n# only a comment\n"])
def test_an_empty_variant_file_is_worded_alike_by_validate_and_the_app(tmp_path, capsys, text):
    """validate read an empty variant file as a data file ("meta.game: names no game; add [meta] game")
    while the studio said "variant: the [variant] table is required": both now give
    :func:`~rometools.core.variant_file.empty_variant_file`'s words, after the file's name."""
    from datetime import datetime

    from rometools.widgets.what_if import VariantStudio

    said = 'is empty; a variant file needs at least its [variant] table with the game (game = "...")'
    path = tmp_path / "empty.toml"
    path.write_text(text)
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().err == f"invalid: {path}: {said}\n"
    assert main(["simulate", "--variant", str(path), "--games", "2"]) == 2
    assert f"--variant {path}: {said}" in capsys.readouterr().err
    studio = VariantStudio("pig", files="upload")
    studio._upload.value = ({"name": "empty.toml", "type": "text/plain", "size": len(text),
                             "content": memoryview(text.encode()), "last_modified": datetime(2026, 12, 6)},)
    assert studio.message.startswith(f"Cannot update: Variant file: empty.toml: {said} (")
    studio = VariantStudio("pig")
    assert not studio.load(str(path))
    assert studio.message.startswith(f"Cannot update: Variant file: {path}: {said} (")
