"""Game flow's cost (issue 46): CPU seconds per 1,000 games for every registered game, as a ratio to
playing the same games, and the playtest report's time with the flow against the report without it.

Two measures, each in one run so the machine's load cancels in the ratios:

* **flow per 1,000 games** (default): for every game of the registry, ``flow(game, n)`` (the
  games played, then replayed decision by decision: the score, the legal moves, the unit at
  every decision) against the calibration ``simulate(game, n)`` of the same games (the same seeds
  and bots), median of ``--rounds`` alternated rounds; then the cost of one *valued* game (its
  sampled positions' playouts: uncertainty and swing), as a ratio to one game played;
* **the report** (``--report``): ``rometools.report(game, --games)`` with this tree against the
  same call on the tree of ``--baseline`` (default: where this branch left ``main``), each in a
  fresh interpreter, alternately, CPU seconds; the issue's goal is a ratio under 2 at 2,000 games.

Run from the repository root::

    .venv/bin/python benchmarks/bench_flow.py [--games 200] [--rounds 3] [--only via_romana]
    .venv/bin/python benchmarks/bench_flow.py --report [--games 2000] [--only via_romana]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from _measure import ROOT, extract_tree

import rometools
from rometools.core.flow import flow
from rometools.core.simulate import simulate

#: Runs the report in a fresh interpreter with the tree under test first on sys.path.
WORKER = textwrap.dedent("""
    import json, sys, time
    sys.path.insert(0, sys.argv[1])
    from rometools.charts.playtest import report
    cpu = time.process_time()
    page = report(sys.argv[2], int(sys.argv[3]), seed=0)
    print(json.dumps({"cpu": time.process_time() - cpu, "mb": len(page) / 1e6}))
""")


def _cpu(run) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def flow_costs(gids: list[str], games: int, rounds: int, valued: int) -> None:
    print(f"game flow, CPU seconds per 1,000 games (greedy bots, {games:,} games a round, median of {rounds} "
          "rounds), and the ratio to playing the same games (simulate, same seeds and bots, same run)")
    for gid in gids:
        game = rometools.load_game(gid)
        flow(game, 2, progress=False)                     # caches warm (Augustus's greedy memos)
        ratios, per = [], []
        for _ in range(rounds):
            base = _cpu(lambda g=game: simulate(g, games, bots="greedy", seed=1, progress=False))
            spent = _cpu(lambda g=game: flow(g, games, seed=1, progress=False))
            ratios.append(spent / base)
            per.append(spent * 1000 / games)
        one = _cpu(lambda g=game: simulate(g, valued, bots="greedy", seed=2, progress=False)) / valued
        with_values = _cpu(lambda g=game: flow(g, valued, seed=2, value_games=valued, progress=False)) / valued
        print(f"  {gid:<16} {game.players} players: {statistics.median(per):7.2f} s per 1,000 games, "
              f"{statistics.median(ratios):4.2f} x playing them; a valued game (5 points x 8 playouts) "
              f"{with_values / one:5.1f} x one game played")


def _copy_twins(tree: Path) -> None:
    """The compiled twins of this tree, copied beside the same sources in the baseline's tree: a twin
    built from another source is refused on import (its hash), so the baseline runs compiled where
    the source is unchanged and plain elsewhere, as its own install would."""
    for so in (ROOT / "rometools").rglob("*_c.*.so"):
        target = tree / so.relative_to(ROOT)
        if target.parent.is_dir():
            shutil.copy2(so, target)


def report_costs(gids: list[str], games: int, rounds: int, baseline: str) -> None:
    tree = extract_tree(baseline)
    if tree is None:
        print(f"no git, or no commit {baseline}: the report's before/after is not measured")
        return
    _copy_twins(tree)
    try:
        print(f"the playtest report for {games:,} games: this tree against {baseline} (before the game flow), "
              f"CPU seconds, fresh interpreters, alternated, median of {rounds} rounds")
        for gid in gids:
            package = Path(rometools.load_game(gid).spec.rules.module.__file__)
            if ROOT / "rometools" not in package.parents:
                print(f"  {gid:<16} not measured: its package ({package.parent.name}) is installed apart from "
                      f"rometools, so the baseline's tree would run today's game on yesterday's core")
                continue
            runs: dict[str, list] = {"before": [], "after": []}
            for _ in range(rounds):
                for label, path in (("before", tree), ("after", ROOT)):
                    out = subprocess.run([sys.executable, "-c", WORKER, str(path), gid, str(games)],
                                         capture_output=True, text=True, check=True, cwd=ROOT)
                    runs[label].append(json.loads(out.stdout.strip().splitlines()[-1]))
            before = statistics.median(r["cpu"] for r in runs["before"])
            after = statistics.median(r["cpu"] for r in runs["after"])
            print(f"  {gid:<16} before {before:8.1f} s  after {after:8.1f} s  ratio {after / before:4.2f}"
                  f"{'  goal met (under 2)' if after / before < 2 else '  goal MISSED'}  "
                  f"(page {runs['after'][-1]['mb']:.1f} MB)")
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per measure (default 200; --report: 2,000)")
    parser.add_argument("--rounds", type=int, default=3, help="alternated rounds (default 3; --report: 1)")
    parser.add_argument("--valued", type=int, default=4, help="valued games for a valued game's cost (default 4)")
    parser.add_argument("--only", help="one registered game id")
    parser.add_argument("--report", action="store_true", help="time the report before and after the game flow")
    parser.add_argument("--baseline", help="the commit to compare the report against (default: git merge-base "
                                           "HEAD main)")
    args = parser.parse_args()
    gids = [args.only] if args.only else rometools.games()
    if args.report:
        base = args.baseline or subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True,
                                               text=True, check=True).stdout.strip()[:12]
        report_costs(gids, args.games or 2000, args.rounds if args.rounds != 3 else 1, base)
    else:
        flow_costs(gids, args.games or 200, args.rounds, args.valued)


if __name__ == "__main__":
    main()
