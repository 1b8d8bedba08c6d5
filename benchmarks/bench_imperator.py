"""Speed of the IMPERATOR rules (issue 14, section 5): ``placement_outcomes`` on a full 5-player board.

Prints measured figures, not pass/fail. The goal: ``placement_outcomes`` under 5 ms on a full
5-player board (the bundled illustrative board's 7 regions, every region with a tile, four
workers on it and the fifth player's worker placed). Rows:

* the rulebook's worked example (two regions), for scale;
* the most branching of 3,000 seeded random full 5-player positions (four workers, random
  markers, values and influence; of the legal placements that force someone out, the one
  with the most outcomes), and the median and 99th percentile over all of those;
* a hand-made worst case: equal workers, so every displaced worker wins every full tie and
  the chain branches at each step;
* ``resolve_placement`` (one chain) and the protocol's ``legal_actions`` at a 5-player turn;
* the exact reveal chain (``reveal_curves``) for 5 players and 6 rounds, first call and warm;
* seeded games of the sub-game with random and greedy bots (ms per game).

``first`` is the first call in the process, ``median`` the median of ``REPEATS`` more.
Run from the repository root: ``.venv/bin/python benchmarks/bench_imperator.py``.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

import rometools
from rometools.core.playout import play
from rometools.imperator import (
    Layout,
    Worker,
    legal_actions,
    load_board,
    new_game,
    placement_outcomes,
    placement_problem,
    resolve_placement,
    reveal_curves,
)
from rometools.imperator.odds import _CHAINS

REPEATS = 50
GOAL_S = 0.005


def timed(fn: Callable[[], object], repeats: int = REPEATS) -> tuple[float, float, object]:
    t = time.perf_counter()
    out = fn()
    first = time.perf_counter() - t
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return first, statistics.median(times), out


def row(name: str, first: float, median: float, note: str = "", goal: float | None = GOAL_S) -> None:
    verdict = "" if goal is None else f"  {median / goal:5.2f} x goal ({'under' if median < goal else 'OVER'})"
    print(f"{name:<58} first {first * 1e3:8.3f} ms  median {median * 1e3:8.3f} ms{verdict}  {note}")


def random_full_positions(n: int, seed: int = 14):
    """Seeded full 5-player positions: every region with a tile, four workers, a fifth placed."""
    lay = load_board().layout(5)
    rng = np.random.default_rng(seed)
    for _ in range(n):
        markers = {r: int(rng.choice([1, 5])) for r in lay.regions}
        spots = rng.permutation(len(lay.regions))[:4]
        board = {lay.regions[i]: Worker(p, int(rng.integers(1, 6)), int(rng.integers(0, 3)),
                                        int(rng.integers(0, 2))) for p, i in enumerate(spots)}
        placed = Worker(4, int(rng.integers(1, 6)), int(rng.integers(0, 3)), int(rng.integers(0, 2)))
        for region in lay.regions:
            if region in board and placement_problem(lay, markers, board, placed, region) is None:
                yield lay, markers, board, placed, region


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}; "
          f"rometools {getattr(rometools, '__version__', '')}; goal {GOAL_S * 1e3:.0f} ms")
    print()
    # the rulebook's example
    lay2 = Layout.build(["left", "right"], [("left", "right")])
    example = (lay2, {"left": 5, "right": 5}, {"left": Worker("green", 3, 2), "right": Worker("blue", 3, 1)},
               Worker("yellow", 4), "left")
    first, median, outs = timed(lambda: placement_outcomes(*example))
    row("placement_outcomes: the rulebook's example (2 regions)", first, median, f"{len(outs)} outcome")

    # seeded random full 5-player positions
    cases = list(random_full_positions(3000))
    costs = []
    for case in cases:
        t = time.perf_counter()
        outs = placement_outcomes(*case)
        costs.append((time.perf_counter() - t, len(outs), max(o.displacements for o in outs), case))
    slow = max(costs, key=lambda c: (c[1], c[2]))  # most outcomes, then the longest chain
    first, median, outs = timed(lambda: placement_outcomes(*slow[3]))
    row("placement_outcomes: most branching random full 5-player board", first, median,
        f"{len(outs)} outcomes, chains up to {max(o.displacements for o in outs)} pushes")
    ms = sorted(c[0] for c in costs)
    print(f"{'':<58} over {len(costs)} legal displacing placements: median {statistics.median(ms) * 1e3:.3f} ms, "
          f"99th percentile {ms[int(0.99 * len(ms))] * 1e3:.3f} ms, max outcomes {max(c[1] for c in costs)}")

    # a hand-made worst case: equal workers, full ties everywhere
    lay5 = load_board().layout(5)
    equal = {r: Worker(p, 3) for p, r in enumerate(["etruria", "umbria", "apulia", "lucania"])}
    worst = (lay5, dict.fromkeys(lay5.regions, 1), equal, Worker(4, 2), "etruria")
    first, median, outs = timed(lambda: placement_outcomes(*worst))
    row("placement_outcomes: equal workers, every full tie won", first, median,
        f"{len(outs)} outcomes, chains up to {max(o.displacements for o in outs)} pushes")
    first, median, _ = timed(lambda: resolve_placement(*worst, "random", rng=1))
    row("resolve_placement (one chain), same position", first, median)

    # the protocol at a 5-player turn
    state = play(rometools.load_game("imperator", players=5, rounds=1), "greedy", rng=3)
    mid = new_game(state.config, rng=3)
    first, median, acts = timed(lambda: legal_actions(mid))
    row("legal_actions at a 5-player placement turn", first, median, f"{len(acts)} actions")

    # the exact reveal chain
    _CHAINS.clear()
    t = time.perf_counter()
    reveal_curves(5, rounds=6)
    first = time.perf_counter() - t
    _, median, _ = timed(lambda: reveal_curves(5, rounds=6), repeats=5)
    row("reveal_curves(5 players, 6 rounds, 5 kinds), exact", first, median, "warm: cached chains", goal=None)

    # whole games
    for bots in ("random", "greedy"):
        game = rometools.load_game("imperator", players=5)
        t = time.perf_counter()
        for seed in range(200):
            play(game, bots, rng=seed)
        per = (time.perf_counter() - t) / 200
        print(f"{'a 4-round 5-player game, ' + bots + ' bots':<58} {per * 1e3:8.3f} ms per game")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
