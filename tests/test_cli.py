"""The ``rometools`` command (entry point in pyproject.toml): simulate and validate."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd

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
