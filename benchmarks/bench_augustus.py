"""Speed of the Augustus odds and game engine (issue 12, section 5).

Prints measured figures, not pass/fail:

* ``completion_cdf`` of a 6-slot objective up to 40 draws (goal: under 50 ms), for a
  typical card (two double swords, two shields, a chariot, a catapult) and the
  hardest shape (one slot of each of the six symbols: 64 open-slot states). ``cold``
  clears every cache of :mod:`rometools.augustus.odds` first (the draw-engine laws,
  the legs and the answers) and is the figure against the goal; ``warm`` is the
  median of ``REPEATS`` calls with the legs cached (the answer cache bypassed);
* the same for ``expected_draws`` and the no-reset comparison;
* ``several_objectives_cdf`` of three objectives, 7 and 4 legions (exact);
* full games per CPU second, 4 players: greedy bots, random bots.

Times are process (CPU) time, so a busy machine does not inflate them.
Run from the repository root: ``.venv/bin/python benchmarks/bench_augustus.py``.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time

from rometools.augustus import (
    GameConfig,
    completion_cdf,
    expected_draws,
    play_game,
    several_objectives_cdf,
)
from rometools.augustus import odds as _odds

REPEATS = 9
GOAL_S = 0.050
GAMES = 30
CACHES = ("_capped_ways", "_leg", "_sub_states", "_left_table", "_joker_table", "_cdf")


def clear() -> None:
    for name in CACHES:
        getattr(_odds, name).cache_clear()


def cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def cold_and_warm(fn) -> tuple[float, float]:
    clear()
    cold = cpu(fn)
    warm = []
    for _ in range(REPEATS):
        _odds._cdf.cache_clear()  # keep the legs, recompose the answer
        warm.append(cpu(fn))
    return cold, statistics.median(warm)


def main() -> None:
    print(f"Augustus benchmarks: Python {sys.version.split()[0]}, {platform.machine()}, CPU time")
    print()
    shapes = {
        "typical 6-slot {2 double_sword, 2 shield, chariot, catapult}":
            {"double_sword": 2, "shield": 2, "chariot": 1, "catapult": 1},
        "hardest 6-slot {one of each of the 6 symbols}":
            {s: 1 for s in ("double_sword", "shield", "chariot", "catapult", "standard", "dagger")},
    }
    print(f"{'question':<60} {'cold ms':>8} {'warm ms':>8}  cold < {GOAL_S * 1000:.0f} ms")
    for name, slots in shapes.items():
        print(name)
        rows = [
            ("  completion_cdf(slots, 40)", lambda s=slots: completion_cdf(s, 40)),
            ("  expected_draws(slots)", lambda s=slots: expected_draws(s)),
            ("  completion_cdf(slots, 23, reset=False)", lambda s=slots: completion_cdf(s, 23, reset=False)),
        ]
        for label, fn in rows:
            cold, warm = cold_and_warm(fn)
            mark = "yes" if cold < GOAL_S else "NO"
            print(f"{label:<60} {cold * 1000:8.1f} {warm * 1000:8.1f}  {mark}")
    objectives = [{"double_sword": 2, "shield": 1}, {"chariot": 1, "catapult": 2}, {"shield": 2, "dagger": 1}]
    for legions in (7, 4):
        result = [None]

        def run(legions=legions, result=result):
            result[0] = several_objectives_cdf(objectives, 20, legions=legions)

        seconds = cpu(run)
        print(f"{f'several_objectives_cdf(3 objectives, 20 draws, {legions} legions)':<60} {seconds * 1000:8.1f}"
              f"          {result[0].method}, {result[0].states} states")
    print()
    for bots in ("greedy", "random"):
        seconds = cpu(lambda bots=bots: [play_game(GameConfig(players=4), bots, rng=seed) for seed in range(GAMES)])
        print(f"full 4-player games, {bots} bots: {GAMES / seconds:.1f} games per CPU second "
              f"({seconds / GAMES * 1000:.0f} ms a game)")


if __name__ == "__main__":
    main()
