"""Everything generic in rometools works for Pig untouched: it is registered by its entry point
only (examples/pig/pyproject.toml), and no file outside examples/pig names it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pig.widgets import PigPlayoutExplorer

import rometools
from rometools.core.paired import compare_variants
from rometools.core.playout import play, to_json, turn_states
from rometools.core.search import best_moves
from rometools.core.simulate import simulate
from rometools.testing import check_game


def test_pig_is_registered_by_its_entry_point_and_passes_the_conformance_suite():
    assert "pig" in rometools.games()
    check_game("pig", n_games=5, seed=3)


def test_the_command_line_plays_pig_and_agrees_with_simulate():
    command = Path(sys.executable).with_name("rometools")   # the installed console script
    out = subprocess.run([command, "simulate", "pig", "--games", "30", "--seed", "4", "--bots", "greedy,random"],
                         capture_output=True, text=True, check=True).stdout
    df = simulate("pig", 30, bots=["greedy", "random"], seed=4, progress=False)
    wins = df.groupby("player").win.sum()
    assert out.startswith("30 games of Pig, bots P1 greedy, P2 random, in "), out[:200]
    for player in ("P1", "P2"):
        row = next(line.split() for line in out.splitlines() if line.split()[:1] == [player])
        assert (int(row[1]), int(row[2])) == (30, wins[player])


def test_simulate_is_seeded_and_the_greedy_bot_beats_random_play():
    df = simulate("pig", 60, bots=["random", "greedy"], seed=1, progress=False)
    assert df.equals(simulate("pig", 60, bots=["random", "greedy"], seed=1, progress=False))
    rates = df.groupby("bot").win.mean()
    assert rates["greedy"] > 0.8 > 0.2 > rates["random"]   # holding at 20 against rolling or holding at random
    assert set(df.score[df.win]) <= set(range(100, 106))    # a winner reaches the target, below target + sides


def test_compare_variants_pairs_a_shorter_target_with_shorter_games():
    table = compare_variants("pig", {"target": 30}, {"target": 100}, 20, seed=2, bots="greedy").set_index("figure")
    length = table.loc["game length"]
    assert length.pairs == 20 and length.a < length.b
    assert length.a == simulate("pig", 20, bots="greedy", seed=2, config={"target": 30},
                                progress=False).groupby("game").length.first().mean()


def test_search_prefers_rolling_to_passing_at_the_start_and_mcts_plays_a_whole_game():
    game = rometools.load_game("pig")
    ranked = best_moves(game.new_game(rng=1), 200, rng=1)
    assert [m.action for m in ranked] == ["roll", "hold"] and sum(m.visits for m in ranked) == 200
    end = game.spec.play_game(game.config, ["mcts:30", "random"], rng=3)
    assert game.is_over(end) and max(end.banked) >= 100


def test_the_balance_lab_opens_on_pig_with_the_same_rows_as_simulate():
    from rometools.widgets import BalanceExplorer

    lab = BalanceExplorer(game="pig", games=40, seed=1, bots="greedy")
    wins = simulate("pig", 40, bots="greedy", seed=1, progress=False).groupby("player").win.sum()
    assert lab.message == "" and lab.summary.startswith("Pig, 2 players, 40 games (seed 1)")
    assert f"P1 40 {wins['P1']} " in lab.summary and f"P2 40 {wins['P2']} " in lab.summary
    assert {"bl-win-rates", "bl-scores-P1", "bl-scores-P2"} <= set(lab.figure_data())


def test_the_playout_explorer_plays_the_registry_game_without_a_board():
    ex = PigPlayoutExplorer(players=3, bots=["greedy", "random", "greedy"], seed=5)
    final = play(rometools.load_game("pig", players=3), ["greedy", "random", "greedy"], 5)
    assert ex.states == tuple(turn_states(final)) and ex.fields() == (
        "players", "bot", "bots", "seed", "start", "turn")
    assert ex.set_values(turn=ex.turns) and ex.state.banked == final.banked
    data = ex._chart_figure("figure").to_dict()["data"]
    banked = {t["meta"]: list(t["y"]) for t in data}
    assert banked["pig-banked-p2"][-1] == final.banked[1] and len(banked) == 6
    assert "Decision" in ex._status.value and "game over" in ex._status.value


@pytest.mark.parametrize("values,words", [
    ({"board": "pig.toml"}, "Board: Pig has no board"),
    ({"players": 7}, "Players must be 2 to 6, got 7"),
    ({"turn": 10_000}, "Turn must be 0 to"),
])
def test_the_playout_explorer_refuses_bad_input_and_keeps_the_game(values, words):
    ex = PigPlayoutExplorer(seed=2)
    ex.set_values(turn=4)
    before = (ex.states, ex.values())
    assert not ex.set_values(**values)
    assert words in ex.message and (ex.states, ex.values()) == before


def test_the_playout_explorer_plays_on_from_a_saved_game():
    game = rometools.load_game("pig", players=2, target=40)
    middle = turn_states(play(game, ["random", "random"], 7))[6]
    ex = PigPlayoutExplorer(start=to_json(middle), seed=3)
    assert ex.start_turn == 6 and ex.states[6] == middle and ex.game.config.target == 40
    assert ex.states[-1] == play(game, ["greedy", "greedy"], 3, start=middle)


def _code_lines(path: Path) -> int:
    """Lines of code: not blank, not a comment, not inside a docstring."""
    import ast

    text = path.read_text(encoding="utf-8")
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and ast.get_docstring(node) is not None:
            docstrings.update(range(node.body[0].lineno, node.body[0].end_lineno + 1))
    return sum(1 for i, line in enumerate(text.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and i not in docstrings)


def test_the_whole_game_is_under_300_lines_of_code_as_the_docs_say():
    """The one place Pig's size is checked: the counts docs/new-game.md (step 1), the README and
    docs/architecture.md state are the ones measured here."""
    import re

    package = Path(__file__).resolve().parents[1] / "pig"
    repository = Path(__file__).resolve().parents[3]
    counts = {p.name: _code_lines(p) for p in package.glob("*.py")}
    assert set(counts) == {"__init__.py", "bots.py", "charts.py", "widgets.py", "odds.py", "rules.py"}
    assert sum(counts.values()) < 300, counts
    guide = " ".join((repository / "docs" / "new-game.md").read_text(encoding="utf-8").split())
    said = re.search(r"The whole game is (\d+) lines of Python code \(docstrings, comments and blank lines not "
                     r"counted: (.*?)\);", guide)
    assert said, "docs/new-game.md no longer states Pig's lines of code"
    assert {name: int(n) for name, n in re.findall(r"`(\w+\.py)` (\d+)", said.group(2))} == counts
    assert int(said.group(1)) == sum(counts.values())
    readme = " ".join((repository / "README.md").read_text(encoding="utf-8").split())
    assert f"an installable package of its own ({sum(counts.values())} lines of code:" in readme
    architecture = " ".join((repository / "docs" / "architecture.md").read_text(encoding="utf-8").split())
    assert f"is the whole of such an explorer ({counts['widgets.py']} lines of code)" in architecture
