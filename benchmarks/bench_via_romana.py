"""Speed of the Via Romana rules (issue 30, section 5).

Prints measured figures, not pass/fail:

* ``legal_actions`` on mid-game states (the 4-player state after the 150th action of seeded
  greedy games; goal under 5 ms), median over repeats;
* decisions per CPU second with random and with greedy bots (seeded 4-player games), and the
  same figure for OpenSpiel's Python tic-tac-toe (``open_spiel.python.games.tic_tac_toe``,
  random play) measured in the same run: the printed ratio is Via Romana / tic-tac-toe
  (goal at least 1.0). Both figures are ``bench_speed.py``'s (only play is timed).

Run from the repository root: ``nice -n 10 .venv/bin/python benchmarks/bench_via_romana.py``.
"""

from __future__ import annotations

import statistics
import time

from bench_speed import decision_rate, tic_tac_toe_rate

import rometools
from rometools.core.playout import play, states
from rometools.via_romana import legal_actions

GOAL_S = 0.005


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
    base = tic_tac_toe_rate(2000)
    for bot in ("random", "greedy"):
        rate = decision_rate("via_romana", 4, bot, 1.0)
        ratio = f"{rate / base:.2f} x OpenSpiel's Python tic-tac-toe ({base:,.0f}/CPU s)" if base else \
            "(OpenSpiel not installed: no baseline)"
        print(f"decisions per CPU second, {bot} bots: {rate:,.0f}  {ratio}")


if __name__ == "__main__":
    main()
