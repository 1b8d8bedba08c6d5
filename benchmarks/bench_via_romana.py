"""Speed of the Via Romana rules (issue 30, section 5).

Prints measured figures, not pass/fail:

* ``legal_actions`` on mid-game states (the 4-player state after the 150th action of seeded
  greedy games; goal under 5 ms), median over repeats;
* decisions per CPU second with random and with greedy bots (seeded 4-player games), and the
  same figure for OpenSpiel's Python tic-tac-toe (``open_spiel.python.games.tic_tac_toe``,
  random play) measured in the same run: the printed ratio is Via Romana / tic-tac-toe
  (goal at least 1.0). Both figures are ``bench_speed.py``'s (only play is timed);
* the road board (``RoadBoardExplorer``) opened and stepped one turn on the largest board the
  format accepts (``board.MAX_CITIES`` cities, ``MAX_ROADS`` roads, ``MAX_ROAD_SPACES`` road
  spaces), as a ratio of the same on the bundled board (issue 47, item 9: a 500-road board
  took 28 s to open and 17-34 s a turn before the format was bounded); ``--no-board`` skips it.

Run from the repository root: ``nice -n 10 .venv/bin/python benchmarks/bench_via_romana.py``.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from bench_speed import decision_rate, tic_tac_toe_rate

import rometools
from rometools.core.playout import play, states
from rometools.via_romana import legal_actions

GOAL_S = 0.005


def largest_board(path: Path) -> Path:
    """A board file of the largest size the format accepts: ``MAX_CITIES`` cities in the bundled
    board's provinces and symbols, ``MAX_ROADS`` roads sharing ``MAX_ROAD_SPACES`` road spaces."""
    import random

    from rometools.via_romana.board import MAX_CITIES, MAX_ROAD_SPACES, MAX_ROADS

    rng = random.Random(1)
    provinces, symbols = ["purple", "blue", "yellow", "red", "green"], ["temple", "helmet", "laurel", "eagle"]
    out = ['[meta]\ngame = "via_romana"\nschema = 1\n\n[board]\nname = "Largest"\nprovenance = "illustrative"\n']
    out += [f'[[province]]\nid = "{p}"\nname = "{p.title()}"\n' for p in provinces]
    out += [f'[[city]]\nid = "c{i}"\nname = "City number {i}"\nprovince = "{provinces[i % 5]}"\n'
            f'symbol = "{symbols[i % 4]}"\nmax_value = 3\nposition = [{rng.random():.3f}, {rng.random():.3f}]\n'
            for i in range(MAX_CITIES)]
    per_road = MAX_ROAD_SPACES // MAX_ROADS
    for j in range(MAX_ROADS):
        a, b = j % MAX_CITIES, (j * 7 + 1) % MAX_CITIES
        spaces = ", ".join(f'["{provinces[rng.randrange(5)]}"]' for _ in range(per_road))
        out.append(f'[[road]]\nid = "r{j}"\na = "c{a}"\nb = "c{b if b != a else (b + 1) % MAX_CITIES}"\n'
                   f"spaces = [{spaces}]\n")
    path.write_text("\n".join(out), encoding="utf-8")
    return path


def road_board_seconds(board: str | None) -> tuple[float, float]:
    """Seconds to open the road board on ``board`` (``None``: the bundled one) and to show turn 5."""
    from rometools.widgets import RoadBoardExplorer

    t = time.perf_counter()
    explorer = RoadBoardExplorer(**({"board": board} if board else {}))
    opened = time.perf_counter() - t
    t = time.perf_counter()
    explorer.set_values(turn=5)
    return opened, time.perf_counter() - t


def main() -> None:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-board", action="store_true", help="skip the road board on the largest board")
    args = parser.parse_args()
    if not args.no_board:
        with tempfile.TemporaryDirectory() as folder:
            big = largest_board(Path(folder) / "largest.toml")
            road_board_seconds(None)   # imports, plotly's first figure
            base_open, base_step = road_board_seconds(None)
            big_open, big_step = road_board_seconds(str(big))
        print(f"road board, largest board the format accepts: opened in {big_open:.2f} s "
              f"({big_open / base_open:.1f} x the bundled board's {base_open:.2f} s), a turn in {big_step:.2f} s "
              f"({big_step / base_step:.1f} x the bundled board's {base_step:.2f} s)")
    game = rometools.load_game("via_romana", players=4)
    mids = []
    for seed in range(5):
        end = play(game, "greedy", seed)
        mids.append(list(states(end))[150])
    times = []
    for s in mids:
        for _ in range(20):
            t = time.perf_counter()
            n = len(legal_actions(s))
            times.append(time.perf_counter() - t)
    med = statistics.median(times)
    print(f"legal_actions, mid-game 4-player states: median {med * 1e3:.3f} ms ({med / GOAL_S:.2f} x the 5 ms goal; "
          f"last state {n} actions)")
    base = tic_tac_toe_rate(2000)
    for bot in ("random", "greedy"):
        rate = decision_rate("via_romana", 4, bot, 1.0)
        ratio = f"{rate / base:.2f} x OpenSpiel's Python tic-tac-toe ({base:,.0f}/CPU s)" if base else \
            "(OpenSpiel not installed: no baseline)"
        print(f"decisions per CPU second, {bot} bots: {rate:,.0f}  {ratio}")


if __name__ == "__main__":
    main()
