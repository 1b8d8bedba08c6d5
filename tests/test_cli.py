"""The ``rometools`` command (entry point in pyproject.toml): simulate and validate."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

from rometools.cli import main
from rometools.core.data import data_dir


def test_simulate_prints_metrics_and_writes_rows(tmp_path, capsys):
    out = tmp_path / "results.csv"
    code = main(["simulate", "caesars_empire", "--players", "3", "--games", "12", "--bots", "greedy,random,random",
                 "--seed", "1", "--option", "route_policy=first", "--out", str(out), "--quiet"])
    text = capsys.readouterr().out
    assert code == 0
    assert "12 games of caesars_empire" in text and "Seat win rates (95% Wilson intervals)" in text
    assert "No seat advantage?" in text and "Winning margin" in text
    df = pd.read_csv(out)
    assert len(df) == 36 and set(df["bot"]) == {"greedy", "random"}


def test_simulate_reads_as_the_explorer_does(capsys):
    """Players P1..Pn (no 0-based seat), win rates in percent, a readable p-value
    (never "p = 0"), counts with separators and the right plural."""
    code = main(["simulate", "caesars_empire", "--players", "3", "--games", "12", "--bots", "greedy,random,random",
                 "--seed", "1", "--option", "route_policy=first", "--quiet"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[0].startswith("12 games of caesars_empire in ") and lines[0].endswith(" games/s, executor serial)")
    assert lines[2:7] == ["Seat win rates (95% Wilson intervals):",
                          "player games wins shared wins win rate 95% low 95% high",
                          "    P1    12   12           0     100%   75.8%     100%",
                          "    P2    12    0           0       0%      0%    24.2%",
                          "    P3    12    0           0       0%      0%    24.2%"]
    assert lines[8] == "No seat advantage? exact multinomial test: p < 0.0001 over 12 outright wins"
    assert lines[9] == "Winning margin: mean 38.9 points, median 30. Every game lasted 30 decisions."


def test_simulate_one_game_is_singular(tmp_path, capsys):
    out = tmp_path / "one.csv"
    assert main(["simulate", "caesars_empire", "--games", "1", "--seed", "1", "--out", str(out), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1 game of caesars_empire in ")
    assert lines[4:8] == ["    P1     1    0           0       0%      0%    79.3%",
                          "    P2     1    0           0       0%      0%    79.3%",
                          "    P3     1    0           0       0%      0%    79.3%",
                          "    P4     1    1           0     100%   20.7%     100%"]
    assert lines[9] == "No seat advantage? exact multinomial test: p = 1 over 1 outright win"
    assert lines[-1] == f"4 rows written to {out}"


def test_simulate_counts_have_thousands_separators(capsys, monkeypatch):
    import rometools
    from rometools.core.simulate import simulate

    few = simulate("caesars_empire", 3, bots="random", seed=2, config={"players": 2}, progress=False)
    many = pd.concat([few.assign(game=few["game"] + 3 * k) for k in range(4_000)], ignore_index=True)
    monkeypatch.setattr(rometools, "simulate", lambda *a, **k: many)   # 12,000 games without playing them
    assert main(["simulate", "caesars_empire", "--players", "2", "--games", "12000", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("12,000 games of caesars_empire in ")
    assert lines[3:6] == ["player  games  wins shared wins win rate 95% low 95% high",
                          "    P1 12,000 4,000           0    33.3%   32.5%    34.2%",
                          "    P2 12,000 8,000           0    66.7%   65.8%    67.5%"]
    assert lines[7] == "No seat advantage? chi-square test: p < 0.0001 over 12,000 outright wins"


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
])
def test_simulate_refuses_before_playing(monkeypatch, capsys, argv, message):
    """A bad --out or contradicting options are refused before any game, so no run is lost."""
    import rometools

    monkeypatch.setattr(rometools, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    assert main(["simulate", "caesars_empire", "--games", "5", "--quiet", *argv]) == 2
    assert capsys.readouterr().err.strip() == f"rometools simulate: {message}"
