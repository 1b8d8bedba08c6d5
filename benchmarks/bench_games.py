"""Full 4-player Caesar's Empire games per second: the split engine against the pre-split one.

Usage::

    .venv/bin/python benchmarks/bench_games.py                 # A/B timings and the same-game check
    .venv/bin/python benchmarks/bench_games.py --instructions  # plus valgrind instruction counts
    .venv/bin/python benchmarks/bench_games.py --profile       # where the time goes (this engine)

Each game is a whole playout on the bundled 4-5 board: the sampled set-up deal,
4 bots of one kind moving until the end (immutable states, every action
recorded) and the final :func:`scores`. Issue "Foundation II" split the engine
(``rules.py`` the readable reference, ``engine.py`` the fast path, one play
loop in ``rometools.core.playout``); its goal is a speed ratio of at least 1.0
against the last commit before the split (:data:`BASELINE`), on the same
games: the script checks that both engines play the same game per seed
(SHA-256 of every history).

Method: the baseline is extracted with ``git archive`` into a temporary
folder; each engine runs in its own fresh interpreter, alternately, several
rounds (A B A B ...), and the rate is games per CPU second of that process
(``time.process_time``: less disturbed by other jobs than wall-clock time).
The ratio is the median of the per-round ratios. ``--instructions`` also
counts instructions with ``valgrind --tool=callgrind`` (the same count every
run, whatever else the machine does): a noise-free ratio.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

from _measure import ROOT, extract_tree, instructions

#: The last commit before the Foundation II split (one 1,800-line rules.py).
BASELINE = "1738b93"
GOALS = {"random": 1000, "greedy": 200}

#: Runs inside a fresh interpreter with the engine under test first on sys.path.
WORKER = textwrap.dedent("""
    import hashlib, json, sys, time
    sys.path.insert(0, sys.argv[1])
    import rometools.caesars_empire as ce
    mode, bot, games, seed0 = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    cfg = ce.GameConfig(board=ce.load_board("4-5"), players=4)
    if mode == "fingerprint":
        h = hashlib.sha256()
        for seed in range(seed0, seed0 + games):
            end = ce.play_game(cfg, [bot] * 4, seed)
            h.update(repr((end.history, ce.scores(end))).encode())
        print(json.dumps({"sha256": h.hexdigest()}))
        raise SystemExit
    for i in range(50):  # warm-up: imports, board load, caches
        ce.scores(ce.play_game(cfg, [bot] * 4, 10**6 + i))
    if mode == "count":
        for seed in range(seed0, seed0 + games):
            ce.scores(ce.play_game(cfg, [bot] * 4, seed))
        raise SystemExit
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(seed0, seed0 + games):
        ce.scores(ce.play_game(cfg, [bot] * 4, seed))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(json.dumps({"cpu": games / cpu, "wall": games / wall}))
""")


def run(engine: Path, mode: str, bot: str, games: int, seed0: int = 0) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", WORKER, str(engine), mode, bot, str(games), str(seed0)],
                         capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout) if out.stdout.strip() else {}


def game_instructions(engine: Path, bot: str, games: int) -> int | None:
    """Instructions for ``games`` games beyond the warm-up (callgrind; None without valgrind)."""
    def count(n: int) -> int | None:
        return instructions([sys.executable, "-c", WORKER, str(engine), "count", bot, str(n), "0"])

    more, none = count(games), count(0)
    return None if more is None else more - none


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per round and bot (random; greedy a fifth)")
    parser.add_argument("--rounds", type=int, default=5, help="A/B rounds per bot")
    parser.add_argument("--instructions", action="store_true", help="also count instructions with valgrind")
    parser.add_argument("--profile", action="store_true", help="cProfile this engine's games")
    args = parser.parse_args(argv)
    here = ROOT
    base = extract_tree(BASELINE)
    print(f"engine under test: {here} (split)   baseline: {BASELINE} (pre-split)"
          + ("" if base else " -- not available (no git or commit); measuring this engine only"))
    for bot, goal in GOALS.items():
        games = args.games if bot == "random" else max(50, args.games // 5)
        new_rates, old_rates, ratios = [], [], []
        for r in range(args.rounds):
            new = run(here, "time", bot, games, seed0=r * games)
            new_rates.append(new["cpu"])
            if base:
                old = run(base, "time", bot, games, seed0=r * games)
                old_rates.append(old["cpu"])
                ratios.append(new["cpu"] / old["cpu"])
        line = (f"{bot:>7}: split {statistics.median(new_rates):7.0f} games/CPU s "
                f"(goal {goal}, ratio to goal {statistics.median(new_rates) / goal:.2f})")
        if base:
            line += (f"; pre-split {statistics.median(old_rates):7.0f}; speed ratio split/pre-split "
                     f"median {statistics.median(ratios):.3f} (rounds {min(ratios):.3f}-{max(ratios):.3f}, "
                     f"goal >= 1.0)")
        print(line)
        if base:
            fp_new = run(here, "fingerprint", bot, 200)["sha256"]
            fp_old = run(base, "fingerprint", bot, 200)["sha256"]
            print(f"         same game per seed (200 seeds, SHA-256 of histories and scores): "
                  f"{'yes' if fp_new == fp_old else 'NO'} ({fp_new[:16]})")
        if args.instructions and base:
            n = 100 if bot == "random" else 30
            i_new, i_old = game_instructions(here, bot, n), game_instructions(base, bot, n)
            if i_new and i_old:
                print(f"         instructions per game (callgrind, {n} games): split {i_new / n:,.0f}, "
                      f"pre-split {i_old / n:,.0f}; ratio pre-split/split {i_old / i_new:.3f} (>= 1.0: no slower)")
    if args.profile:
        sys.path.insert(0, str(ROOT))
        import rometools.caesars_empire as ce

        cfg = ce.GameConfig(board=ce.load_board("4-5"), players=4)
        for bot in GOALS:
            prof = cProfile.Profile()
            prof.enable()
            for seed in range(300):
                ce.scores(ce.play_game(cfg, [bot] * 4, seed))
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
            print(f"--- {bot}\n{out.getvalue()}")
    if base:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
