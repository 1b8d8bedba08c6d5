"""The balance lab at scale: games per second, executors, GreedyBot's growth with board size.

Usage::

    .venv/bin/python benchmarks/simulate.py            # everything (a few minutes)
    .venv/bin/python benchmarks/simulate.py --quick    # smaller runs
    .venv/bin/python benchmarks/simulate.py --instructions  # and instruction counts (valgrind)

Prints, for every registered game (issue "Balance lab"):

* games per second on one core (serial executor) with random and greedy bots;
* the speed-up from 1 to 2 workers with the process and the Dask executors
  (goal at least 1.8x), beside the same speed-up of processes that share
  nothing (no executor, no chunks, no results sent back: what this machine
  gives any executor; two busy cores of this VM run each game slower than
  one), and the Dask executor's overhead against serial on
  1,000 short games (the same rows in every case: checked);
* Caesar's Empire GreedyBot games per CPU second on ``board_4_5`` (goal
  1,000), against the same bot valuing every legal chain (``values()``, the
  way it chose before the search per target city) on the same seeds in the
  same run (ratio; the same game per seed: checked); against the GreedyBot
  the issue measured ("today about 210 per CPU second", commit
  :data:`ISSUE_BASELINE`, extracted with ``git archive`` and run in a fresh
  interpreter in the same run), so that the goal reads on any machine as a
  ratio of 1,000 / 210; the same tree with the plain Python modules instead of
  their Cython-compiled twins (``ROMETOOLS_NO_COMPILED=1``); with
  ``--instructions``, machine instructions per game counted by valgrind
  (repeatable on a busy machine, unlike CPU seconds); and the growth exponent of its time per move on
  generated boards of 30 to 240 cities (goal at most 1: linear);
* the headline: 10,000 four-player greedy games of Caesar's Empire with seat
  win rates and intervals, from the command line's code path and from the
  balance explorer, on this machine (goal under 10 s on 2 cores): three runs
  each way, every one printed, the verdict on the median (this VM's speed
  drifts from minute to minute).

Every goal ends its line with a verdict: ``goal met`` or ``goal MISSED``.
Speed-ups alternate 1 and 2 workers over several rounds and report the median
of the per-round ratios (this VM's CPU speed drifts between runs).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import logging
import math
import os
import shutil
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
from _measure import ROOT, extract_tree, instructions

import rometools
from rometools.caesars_empire import (
    PASS,
    Board,
    BoardPath,
    City,
    GameConfig,
    GreedyBot,
    engine,
    load_components,
    play_game,
)
from rometools.core.balance import seat_win_rates
from rometools.core.formatting import percent_column
from rometools.core.simulate import local_cluster, simulate

#: The commit issue "Balance lab" measured GreedyBot at (it listed every legal chain and
#: valued each one): "today about 210 per CPU second"; goal 1,000.
ISSUE_BASELINE = "186d4cd"
ISSUE_RATE, GREEDY_GOAL = 210, 1000


def verdict(value: float, goal: float, *, at_most: bool = False) -> str:
    """``"goal met"`` or ``"goal MISSED"`` for ``value`` against ``goal`` (at least, or ``at_most``)."""
    met = value <= goal if at_most else value >= goal
    return "goal met" if met else "goal MISSED"


def rate(game: str, n: int, bots: str, **kw) -> tuple[float, object]:
    t = time.perf_counter()
    df = simulate(game, n, bots=bots, seed=1, progress=False, **kw)
    return n / (time.perf_counter() - t), df


def speed_up(run_with, rounds: int) -> tuple[float, list[float], list, float, float]:
    """1 against 2 workers, alternately (1, 2, 2, 1, 1, 2, ...), ``rounds`` pairs:
    (median ratio, the ratios, every run's rows, median rates with 1 and 2 workers).
    ``run_with(workers)`` returns (games per second, rows)."""
    ratios, frames, ones, twos = [], [], [], []
    for r in range(rounds):
        got = {}
        for w in ((1, 2) if r % 2 == 0 else (2, 1)):
            got[w] = run_with(w)
            frames.append(got[w][1])
        ones.append(got[1][0])
        twos.append(got[2][0])
        ratios.append(got[2][0] / got[1][0])
    return statistics.median(ratios), ratios, frames, statistics.median(ones), statistics.median(twos)


def _lone_worker(ready, go, done, n_games: int, indices: list[int]) -> None:
    """A process of :func:`lone_processes`: warm up, wait for ``go``, play ``indices``, report seconds."""
    from rometools.core.game import load_game
    from rometools.core.simulate import play_chunk

    config = load_game("caesars_empire").config.to_dict()
    play_chunk("caesars_empire", config, ["greedy"] * 4, 99, 4, [0, 1, 2, 3], 1)
    ready.put(True)
    go.wait()
    t = time.perf_counter()
    play_chunk("caesars_empire", config, ["greedy"] * 4, 1, n_games, indices, 1)
    done.put(time.perf_counter() - t)


def lone_processes(workers: int, n: int) -> tuple[float, None]:
    """Games per second of ``n`` greedy games split evenly over ``workers`` processes that
    share nothing (no executor, no chunks, no results sent back): started and warmed, then
    released at once, timed until the last finishes. What any executor's speed-up on this
    machine is bounded by, up to the VM's drift between runs (two busy cores run each game
    slower than one)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    ready, done, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    procs = [ctx.Process(target=_lone_worker, args=(ready, go, done, n, list(range(k, n, workers))))
             for k in range(workers)]
    for p in procs:
        p.start()
    for _ in procs:
        ready.get()
    go.set()
    slowest = max(done.get() for _ in procs)
    for p in procs:
        p.join()
    return n / slowest, None


def on_fresh_cluster(workers: int, n: int, starts: list[float]) -> tuple[float, object]:
    """Games per second and rows of ``n`` greedy games on a ``local_cluster`` of ``workers``, passed
    as ``address=``: the cluster is started (its seconds appended to ``starts``) and warmed with a
    few games outside the timing, and closed after it, so that no idle cluster shares the cores."""
    t = time.perf_counter()
    with local_cluster(workers) as cluster:
        starts.append(time.perf_counter() - t)
        simulate("caesars_empire", 2 * workers, bots="greedy", seed=99, executor="dask",
                 address=cluster.scheduler_address, workers=workers, progress=False)
        return rate("caesars_empire", n, "greedy", executor="dask", address=cluster.scheduler_address,
                    workers=workers)


ISSUE_WORKER = textwrap.dedent("""
    import json, sys, time
    sys.path.insert(0, sys.argv[1])
    import rometools.caesars_empire as ce
    games, seed0 = int(sys.argv[2]), int(sys.argv[3])
    cfg = ce.GameConfig(board=ce.load_board("4-5"), players=4)
    for i in range(10):  # warm-up: imports, board load, caches
        ce.play_game(cfg, ["greedy"] * 4, 10_000 + i)
    t = time.process_time()
    ends = [ce.play_game(cfg, ["greedy"] * 4, seed) for seed in range(seed0, seed0 + games)]
    rate = games / (time.process_time() - t)
    print(json.dumps({"cpu": rate, "histories": [repr(e.history) for e in ends]}))
""")


@contextlib.contextmanager
def issue_baseline_tree():
    """The folder of :data:`ISSUE_BASELINE`'s ``rometools`` and ``data`` (removed
    afterwards), or ``None`` without git or the commit."""
    folder = extract_tree(ISSUE_BASELINE)
    try:
        yield folder
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def fresh_rates(trees: dict[str, tuple[Path, dict[str, str]]], games: int, rounds: int
                ) -> tuple[dict[str, float], bool]:
    """GreedyBot games per CPU second of each tree ``name: (folder, extra environment)``, each
    in a fresh interpreter, in turn, the median of ``rounds``; and whether every tree played
    the same games."""
    def run(folder: Path, env: dict[str, str], seed0: int) -> dict:
        out = subprocess.run([sys.executable, "-c", ISSUE_WORKER, str(folder), str(games), str(seed0)],
                             capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": "0", **env})
        return json.loads(out.stdout)

    rates: dict[str, list[float]] = {name: [] for name in trees}
    same = True
    for r in range(rounds):
        order = list(trees) if r % 2 == 0 else list(trees)[::-1]
        got = []
        for name in order:
            result = run(*trees[name], r * games)
            rates[name].append(result["cpu"])
            got.append(result["histories"])
        same = same and all(g == got[0] for g in got)
    return {name: statistics.median(v) for name, v in rates.items()}, same


INSTRUCTIONS_WORKER = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    import rometools.caesars_empire as ce
    cfg = ce.GameConfig(board=ce.load_board("4-5"), players=4)
    for i in range(3):  # warm-up: imports, board load, caches
        ce.play_game(cfg, ["greedy"] * 4, 10_000 + i)
    for seed in range(int(sys.argv[2])):
        ce.play_game(cfg, ["greedy"] * 4, seed)
""")


def instructions_per_game(trees: dict[str, tuple[Path, dict[str, str]]], games: int) -> dict[str, float]:
    """Machine instructions per GreedyBot game on ``board_4_5`` for each tree, counted by
    ``valgrind --tool=callgrind``: the count of ``games`` games minus the count of none (the
    start-up), divided by ``games``. Unlike CPU seconds, counts repeat whatever else the
    machine is doing; two runs at a time (one per core)."""
    from concurrent.futures import ThreadPoolExecutor

    def count(folder: Path, env: dict[str, str], n: int) -> int:
        return instructions([sys.executable, "-c", INSTRUCTIONS_WORKER, str(folder), str(n)],
                            {**os.environ, "PYTHONHASHSEED": "0", **env})

    jobs = [(name, n) for name in trees for n in (0, games)]
    with ThreadPoolExecutor(2) as pool:
        counts = dict(zip(jobs, pool.map(lambda job: count(*trees[job[0]], job[1]), jobs), strict=True))
    return {name: (counts[name, games] - counts[name, 0]) / games for name in trees}


def generated_board(cities: int, seed: int = 0) -> Board:
    """A random planar board of ``cities`` cities (Delaunay triangulation, pruned), with a
    component set scaled so every city gets a Treasure token and the tables cover any holding."""
    from scipy.spatial import Delaunay

    rng = np.random.default_rng(seed)
    pts = np.vstack([[0.5, 0.5], rng.uniform(0.02, 0.98, size=(cities, 2))])
    tri = Delaunay(pts)
    edges = set()
    for s in tri.simplices:
        for i in range(3):
            a, b = sorted((int(s[i]), int(s[(i + 1) % 3])))
            edges.add((a, b))
    # prune long edges while keeping every location reachable (a planar, sparse map)
    by_length = sorted(edges, key=lambda e: -math.dist(pts[e[0]], pts[e[1]]))
    degree = {v: 0 for v in range(len(pts))}
    for a, b in edges:
        degree[a] += 1
        degree[b] += 1
    kept = set(edges)
    for a, b in by_length:
        if degree[a] > 3 and degree[b] > 3 and len(kept) > 1.9 * cities:
            kept.discard((a, b))
            degree[a] -= 1
            degree[b] -= 1
    ids = ["rome"] + [f"c{i}" for i in range(cities)]
    comps = load_components()
    per_type = -(-cities // len(comps.treasures)) + 1
    treasures = tuple(dataclasses.replace(t, count=per_type) for t in comps.treasures)
    side = dataclasses.replace(comps.sides[-1], cities=cities, removed={})
    long = tuple(range(1, 100))
    tables = dataclasses.replace(comps.tables, same_type=tuple(comps.tables.same_type) + long[len(comps.tables.same_type):],
                                 different_types=tuple(comps.tables.different_types) + long[len(comps.tables.different_types):],
                                 gold=tuple(comps.tables.gold) + long[len(comps.tables.gold):])
    comps = dataclasses.replace(comps, treasures=treasures, sides=(comps.sides[0], side), tables=tables)
    colours = ("red", "blue", "green", "yellow", "orange", "purple", "white")
    city_list = [City(ids[i], ids[i], colours[i % 7], 1 + i % 8, (float(pts[i][0]), float(pts[i][1])))
                 for i in range(1, len(ids))]
    paths = [BoardPath((ids[a], ids[b]), 2 if math.dist(pts[a], pts[b]) > 0.12 else 1) for a, b in sorted(kept)]
    return Board(f"generated {cities}", side.id, city_list, paths, rome_position=(0.5, 0.5), components=comps)


class ValuingGreedyBot(GreedyBot):
    """The baseline: GreedyBot's choice made by valuing every legal chain (``values()``)."""

    def decide(self, state, rng):
        best, top, cheapest = [], 0, 0
        for ch, value, cost in self.values(state, dominated=False):
            if not best or value > top or (value == top and cost < cheapest):
                top, cheapest, best = value, cost, [ch]
            elif value == top and cost == cheapest:
                best.append(ch)
        if not best:
            return PASS
        chain = best[int(rng.integers(len(best)))] if len(best) > 1 else best[0]
        return engine.chain_ids(state.config.board, chain)


class ReplayBot(GreedyBot):
    """Plays the moves a finished game recorded, without choosing: what a game costs
    the engine alone (set-up, every move applied, the end), the floor under any bot."""

    def __init__(self, end):
        super().__init__()
        history = end.history
        self._moves = {i: PASS if h[0] == PASS else h[2] for i, h in enumerate(history) if h[0] != "deal"}

    def decide(self, state, rng):
        return self._moves[len(state.history)]


def engine_floor(cfg: GameConfig, games: int, rounds: int = 3) -> tuple[float, float, float, bool]:
    """(GreedyBot games per CPU second, the same games replayed by :class:`ReplayBot` per CPU
    second, moves per game), alternately, the median of ``rounds``; and whether every
    replay was the same game."""
    ends = [play_game(cfg, "greedy", seed) for seed in range(games)]
    moves = statistics.mean(sum(1 for h in e.history if h[0] != "deal") for e in ends)
    greedy, replay, same = [], [], True
    for r in range(rounds):
        for name in (("greedy", "replay") if r % 2 == 0 else ("replay", "greedy")):
            t = time.process_time()
            if name == "greedy":
                for seed in range(games):
                    play_game(cfg, "greedy", seed)
                greedy.append(games / (time.process_time() - t))
            else:
                again = [play_game(cfg, [ReplayBot(e)] * 4, seed) for seed, e in enumerate(ends)]
                replay.append(games / (time.process_time() - t))
                same = same and again == ends
    return statistics.median(greedy), statistics.median(replay), moves, same


def greedy_rates(cfg: GameConfig, games: int, rounds: int = 3) -> tuple[float, float, bool]:
    """(GreedyBot, ValuingGreedyBot) games per CPU second on the same seeds, alternately, the
    median of ``rounds``; and whether every game was the same."""
    rates: dict[str, list[float]] = {"search": [], "valuing": []}
    same = True
    for bot in (GreedyBot, ValuingGreedyBot):  # warm-up: imports, the board's memos, the scoring caches
        for seed in range(10):
            play_game(cfg, [bot() for _ in range(4)], 10_000 + seed)
    for r in range(rounds):
        ends = {}
        order = (("search", GreedyBot), ("valuing", ValuingGreedyBot))
        for name, bot in order if r % 2 == 0 else order[::-1]:
            t = time.process_time()
            ends[name] = [play_game(cfg, [bot() for _ in range(4)], r * games + seed) for seed in range(games)]
            rates[name].append(games / (time.process_time() - t))
        same = same and ends["search"] == ends["valuing"]
    return statistics.median(rates["search"]), statistics.median(rates["valuing"]), same


def greedy_growth(sizes=(30, 60, 120, 240), games: int = 6, repeats: int = 3) -> list[tuple[int, float]]:
    """(cities, seconds per GreedyBot move) on generated boards: the fastest of ``repeats``
    timings of the same ``games`` seeded games per size (the least disturbed by other
    work on the machine; a few games per size otherwise swing the fitted exponent)."""
    out = []
    for n in sizes:
        cfg = GameConfig(board=generated_board(n), players=4)
        play_game(cfg, "greedy", 10_000)  # warm-up: the board's memos
        best = math.inf
        for _ in range(repeats):
            moves = 0
            t = time.process_time()
            for seed in range(games):
                end = play_game(cfg, "greedy", seed)
                moves += sum(1 for h in end.history if h[0] != "deal")
            best = min(best, (time.process_time() - t) / moves)
        out.append((n, best))
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--instructions", action="store_true",
                        help="also count GreedyBot's machine instructions per game with valgrind (callgrind)")
    args = parser.parse_args(argv)
    # the clusters' closing chatter (INFO lines of scheduler and nannies) would bury the figures;
    # importing distributed sets its loggers' levels, so quieten them after that import
    import distributed  # noqa: F401

    logging.getLogger("distributed").setLevel(logging.ERROR)
    # and the workers' (processes that read it from the environment): a worker that
    # heartbeats while its cluster closes logs a harmless "Failed to communicate with
    # scheduler during heartbeat" traceback; a task's real error still reaches simulate
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
    n_random, n_greedy = (300, 60) if args.quick else (2000, 400)
    cores = os.cpu_count() or 1
    print(f"machine: {cores} cores")
    for game in rometools.games():
        r, _ = rate(game, n_random, "random")
        g, _ = rate(game, n_greedy, "greedy")
        print(f"{game:>16}: {r:7.0f} random games/s, {g:7.0f} greedy games/s (serial, one core)")

    print("\nexecutors (caesars_empire, greedy bots):")
    n = 300 if args.quick else 3000  # enough games that the executors' fixed costs amortise
    full_rounds = 5  # the VM's speed drifts between runs: a median of 5 rounds
    rounds = 1 if args.quick else full_rounds

    def speed_goal(ratio: float) -> str:
        return f"judged without --quick, over {full_rounds} rounds" if args.quick else verdict(ratio, 1.8)

    serial, base = rate("caesars_empire", n, "greedy")
    print(f"  serial            {serial:7.0f} games/s")
    lone, ratios, _, one, two = speed_up(lambda w: lone_processes(w, n), rounds)
    print(f"  lone processes 1  {one:7.0f} games/s, 2         {two:7.0f} games/s: speed-up {lone:.2f}x "
          f"(rounds {', '.join(f'{x:.2f}' for x in ratios)}): what this machine gives processes that "
          f"share nothing, for reference")
    ratio, ratios, frames, one, two = speed_up(
        lambda w: rate("caesars_empire", n, "greedy", executor="process", workers=w), rounds)
    print(f"  process  1 worker {one:7.0f} games/s, 2 workers {two:7.0f} games/s: speed-up "
          f"{ratio:.2f}x (rounds {', '.join(f'{x:.2f}' for x in ratios)}; goal >= 1.8: "
          f"{speed_goal(ratio)}); rows identical to serial: {all(f.equals(base) for f in frames)}")
    starts = []
    ratio, ratios, frames, one, two = speed_up(lambda w: on_fresh_cluster(w, n, starts), rounds)
    print(f"  dask     1 worker {one:7.0f} games/s, 2 workers {two:7.0f} games/s: speed-up "
          f"{ratio:.2f}x (rounds {', '.join(f'{x:.2f}' for x in ratios)}; goal >= 1.8: "
          f"{speed_goal(ratio)}); rows identical to serial: {all(f.equals(base) for f in frames)}"
          f"\n           (each run on a running local_cluster, as with address=; starting one took "
          f"{min(starts):.1f} to {max(starts):.1f} s, counted in the overhead below)")
    short = 1000
    s_rate, s_df = rate("caesars_empire", short, "random", players=2)
    d_rate, d_df = rate("caesars_empire", short, "random", players=2, executor="dask", workers=2)
    print(f"  Dask overhead on {short:,} short games (2 players, random): serial {short / s_rate:.2f} s, "
          f"dask (2 workers, cluster start included) {short / d_rate:.2f} s; identical: {s_df.equals(d_df)}")

    cfg = GameConfig(board=rometools.caesars_empire.load_board("4-5"), players=4)
    greedy_rate, valuing_rate, same = greedy_rates(cfg, 60 if args.quick else 300)
    print(f"\nGreedyBot on board_4_5, in this process: {greedy_rate:.0f} games per CPU second; valuing every "
          f"chain: {valuing_rate:.0f} games per CPU second (search / valuing: {greedy_rate / valuing_rate:.2f}x); "
          f"same game per seed: {same}")
    print(f"  (the goal, {GREEDY_GOAL:,} games per CPU second on the issue's machine, is judged below as a ratio "
          f"to the issue-time bot measured in this run; each rate below is measured its own way, and each "
          f"ratio compares two rates measured the same way)")
    from rometools.core._cython import compiled_or_plain, find_twins

    compiled = [m.__name__ for m in map(compiled_or_plain, find_twins()) if m.COMPILED]
    print(f"  compiled by Cython at install: {', '.join(compiled) or 'nothing (no C compiler?)'}")
    with issue_baseline_tree() as folder:
        trees = {"now": (ROOT, {}), "plain": (ROOT, {"ROMETOOLS_NO_COMPILED": "1"})}
        if folder is not None:
            trees["issue"] = (folder, {})
        fresh, same = fresh_rates(trees, 60 if args.quick else 150, 1 if args.quick else 3)
        print(f"  in fresh interpreters in this run: {fresh['now']:.0f} games per CPU second; with the plain "
              f"Python modules (ROMETOOLS_NO_COMPILED=1) {fresh['plain']:.0f} (compiled / plain: "
              f"{fresh['now'] / fresh['plain']:.2f}x)")
        if folder is None:
            print(f"  (commit {ISSUE_BASELINE} not available: no comparison with the GreedyBot the issue measured)")
            then = None
        else:
            now, old = fresh["now"], fresh["issue"]
            then = now, old, same
            goal = GREEDY_GOAL / ISSUE_RATE
            print(f"  against the GreedyBot the issue measured ({ISSUE_BASELINE}, 'about {ISSUE_RATE} per CPU "
                  f"second' on its machine): {now:.0f} against {old:.0f} games per CPU second, {now / old:.2f}x "
                  f"(the goal as a ratio, {GREEDY_GOAL:,} / {ISSUE_RATE}: {goal:.2f}x: {verdict(now / old, goal)}; "
                  f"on this machine {goal * old:.0f} games per CPU second); same game per seed: {same}")
        if args.instructions:
            if shutil.which("valgrind") is None:
                print("  (--instructions: valgrind is not installed)")
            else:
                counts = instructions_per_game(trees, 10 if args.quick else 40)
                line = (f"  machine instructions per game (callgrind; repeatable whatever the machine's load): "
                        f"{counts['now'] / 1e6:.1f}M, plain modules {counts['plain'] / 1e6:.1f}M")
                if "issue" in counts:
                    ratio = counts["issue"] / counts["now"]
                    line += (f", the issue-time bot {counts['issue'] / 1e6:.1f}M: {ratio:.2f}x fewer (goal "
                             f"{GREEDY_GOAL / ISSUE_RATE:.2f}x: {verdict(ratio, GREEDY_GOAL / ISSUE_RATE)})")
                print(line)
    greedy_now, floor, moves, same = engine_floor(cfg, 60 if args.quick else 300)
    per_move = 1e6 / (greedy_now * moves)
    choosing = per_move - 1e6 / (floor * moves)
    print(f"  engine floor: the same games replayed move by move, nothing chosen: {floor:.0f} games per CPU "
          f"second (GreedyBot {greedy_now:.0f}; same games: {same}); of a move's {per_move:.0f} us, choosing "
          f"takes {choosing:.0f} us and the engine {per_move - choosing:.0f} us")
    if then is not None:
        target = GREEDY_GOAL / ISSUE_RATE * then[1]  # the goal in this machine's games per CPU second
        left = 1e6 / (target * moves) - 1e6 / (floor * moves)
        if left > 0:
            print(f"  the goal on this machine ({target:.0f} games per CPU second) leaves {left:.0f} us a move "
                  f"for choosing; choosing takes {choosing:.0f} us, "
                  f"{f'{left - choosing:.0f} us under it' if choosing <= left else f'{choosing / left:.1f}x that'}")
        else:
            print(f"  the goal on this machine ({target:.0f} games per CPU second) is above the engine floor "
                  f"in this run: it leaves no time for choosing")
    growth = greedy_growth((30, 60, 120, 240), games=2 if args.quick else 6, repeats=2 if args.quick else 3)
    xs = np.log([c for c, _ in growth])
    ys = np.log([s for _, s in growth])
    exponent = float(np.polyfit(xs, ys, 1)[0])
    for c, s in growth:
        print(f"  generated board, {c:3d} cities: {s * 1e3:6.2f} ms per GreedyBot move")
    print(f"  growth of time per move: cities^{exponent:.2f} (goal: exponent <= 1: {verdict(exponent, 1, at_most=True)})")

    headline = 2000 if args.quick else 10_000
    rounds = 1 if args.quick else 3  # this VM's speed drifts from minute to minute: each run is printed
    from rometools.widgets import BalanceExplorer

    print(f"\nheadline: {headline:,} four-player greedy games with seat win rates on {cores} cores, "
          f"{rounds} run(s) each way (goal: 10,000 in under 10 s)")
    times = {"command line": [], "explorer": []}
    for _ in range(rounds):
        t = time.perf_counter()
        df = simulate("caesars_empire", headline, players=4, bots="greedy", seed=1, executor="process",
                      workers=cores, progress=False)
        rates = seat_win_rates(df)
        times["command line"].append(time.perf_counter() - t)
        ex = BalanceExplorer(games=100, seed=1, bots="greedy", players=4)  # open, as in a notebook
        t = time.perf_counter()
        ran = ex.set_values(games=headline)  # type the number of games and Run (games, metrics, charts, summary)
        times["explorer"].append(time.perf_counter() - t)
        assert ran and ex.results.equals(df), "the explorer's rows differ from the command line's"
    for way, seconds in times.items():
        runs = ", ".join(f"{x:.1f}" for x in seconds)
        middle = statistics.median(seconds)
        goal_text = (f"median {middle:.1f} s: {verdict(middle, 10, at_most=True)}" if headline == 10_000
                     else "the goal is measured without --quick")
        print(f"  from the {way}: {runs} s ({goal_text})")
    print("  the explorer's rows equal the command line's in every run")
    table = rates[["player"]].assign(**{name: percent_column(rates[column]) for name, column in
                                         (("win rate", "win_rate"), ("95% low", "ci_low"), ("95% high", "ci_high"))})
    print(table.to_string(index=False))

if __name__ == "__main__":
    main()
