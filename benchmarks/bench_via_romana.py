"""Speed of the Via Romana rules (issue 30, section 5).

Prints measured figures, not pass/fail:

* ``legal_actions`` on mid-game states (the 4-player state after the 150th action of seeded
  greedy games; goal under 5 ms), median over repeats;
* decisions per CPU second with random and with greedy bots (seeded 4-player games), and the
  same figure for OpenSpiel's Python tic-tac-toe (``open_spiel.python.games.tic_tac_toe``,
  random play) measured in the same run: the printed ratio is Via Romana / tic-tac-toe
  (goal at least 1.0).

Run from the repository root: ``nice -n 10 .venv/bin/python benchmarks/bench_via_romana.py``.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

import rometools
from rometools.core.playout import play, states
from rometools.via_romana import legal_actions

GOAL_S = 0.005


def decisions_per_cpu_second(bot: str, games: int) -> float:
    game = rometools.load_game("via_romana", players=4)
    cpu = time.process_time()
    decisions = 0
    for seed in range(games):
        end = play(game, bot, seed)
        decisions += len(game.spec.movers(end))
    return decisions / (time.process_time() - cpu)


def tic_tac_toe_decisions_per_cpu_second(games: int = 2000) -> float | None:
    try:
        from open_spiel.python.games import tic_tac_toe
    except ImportError:
        return None
    game = tic_tac_toe.TicTacToeGame()
    rng = np.random.default_rng(0)
    cpu = time.process_time()
    decisions = 0
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return decisions / (time.process_time() - cpu)


def main() -> None:
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
    base = tic_tac_toe_decisions_per_cpu_second()
    for bot, games in (("random", 20), ("greedy", 5)):
        rate = decisions_per_cpu_second(bot, games)
        ratio = f"{rate / base:.2f} x OpenSpiel's Python tic-tac-toe ({base:,.0f}/CPU s)" if base else \
            "(OpenSpiel not installed: no baseline)"
        print(f"decisions per CPU second, {bot} bots: {rate:,.0f}  {ratio}")


if __name__ == "__main__":
    main()
