"""Depth-limited MCTS playouts against full ones at equal CPU: the skill curve behind the playout depth.

Issue 48 asks for at least 600 MCTS simulations per CPU second at a four-player start, every
game, and allows cheaper playouts "where that keeps or improves its strength at equal CPU".
A playout cut after ``depth`` decisions (``MCTSBot(depth=...)``) is valued by the game's
provisional results there (``game_results`` of that state): cheaper, and noisier where the
provisional ranks say little. This script measures both sides, for every registered game whose
MCTS runs under the goal (measured here, no game named):

1. **Speed.** MCTS simulations per CPU second from the start of a four-player game (or the
   nearest count the game takes), the first search in a new process and the searches after it
   (``bench_speed``'s row 3), for full playouts and each depth, with the ratio to OpenSpiel's
   Python tic-tac-toe (decisions per CPU second, measured in the same run, as
   ``bench_speed.py`` does) and the figure "at the reference machine".
2. **Equal CPU.** Each depth's cost per simulation, as a ratio to a full playout's, measured on
   positions along a seeded greedy game of the match's player count (the start, a quarter, half
   and three quarters of the way: a full playout is cheaper late in a game, a cut one is not).
   Equal CPU is then **simulation counts scaled by that measured ratio**: full playouts get
   ``--budget`` simulations a move, depth ``d`` gets ``round(budget * cost(full) / cost(d))``.
   Counts, not a CPU-time limit per move, so every game replays from its seed whatever the
   machine's load; the ratio is printed.
3. **Strength.** The depth-``d`` bot against the full bot in a game of the smallest player
   count the game takes (two for every bundled game: head to head), ``--games`` seeds, seats
   rotated (each seed played once with each bot in each seat, on the same chance outcomes),
   the same seeds at every depth. The figure is the depth bot's *win share* (1 for a win,
   ``1/k`` for a tie of ``k`` for first), averaged per seed over the rotations (a seed's
   rotations share their luck, so the seed is the unit), with a Student t 95% interval over the
   seeds (:func:`rometools.core.balance.mean_interval`). 50% is equal strength.

A depth *holds its strength* when its interval's low end is at least 50% minus ``--margin``
(5 points unless told) and reaches the goal (600 simulations per CPU second at the
reference, first search included). The matches are two-player games unless ``--players`` says
otherwise, while the speed goal is measured at four players: a Via Romana greedy game has about
74 decisions at two players and 163 at four, so a depth is a far deeper cut at four players than
in the matches, and a depth near the two-player length (printed) is barely a cut in them. Each depth is one test at the stated margin, not corrected
for the several depths tried: a depth that passes once is a candidate to confirm on other seeds
(``--seed``) before it becomes a default. With the default 48 seeds the interval is about ±10
points wide (±6 with 96), which the output states: a depth that fails the test is not shown
weaker, only not shown as strong. The comparison is at a small budget (16 full simulations a
move, so a run takes about 12 CPU minutes for two games); larger budgets are not measured. Run
from the repository root::

    nice -n 10 .venv/bin/python benchmarks/bench_mcts_skill.py [--games 48] [--budget 16]
        [--depths 8,16,32,64] [--only GAME] [--players N] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_speed  # noqa: E402  (the calibration and the four-player start are bench_speed's)

import rometools  # noqa: E402
from rometools.core.balance import mean_interval  # noqa: E402
from rometools.core.game import CHANCE, game_spec  # noqa: E402
from rometools.core.mcts import best_moves  # noqa: E402
from rometools.core.playout import sample_outcome  # noqa: E402
from rometools.core.simulate import simulate  # noqa: E402

#: Run in a new interpreter: the first search from the start of a game with the given depth
#: ("end": to the end, "default": the game's own), then as many more as fit in the seconds given; prints the two rates.


def rates(gid: str, seconds: float, depth: int | str) -> tuple[float, float]:
    """(first search, later searches) in simulations per CPU second at the four-player start, new process."""
    return bench_speed.mcts_rates(gid, seconds, depth)


def positions(game, seed: int = 7) -> list:
    """Decision nodes at the start, a quarter, half and three quarters of a seeded greedy game."""
    bot = game.bot("greedy" if "greedy" in game.spec.bots else "random")
    rng = np.random.default_rng(seed)
    state, nodes = game.new_game(rng=seed), []
    while not game.is_over(state):
        if game.current_player(state) == CHANCE:
            state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
            continue
        nodes.append(state)
        state = game.apply(state, bot.choose(state, rng))
    return [nodes[int(len(nodes) * f)] for f in (0.0, 0.25, 0.5, 0.75)]


def mean_decisions(game, seeds: int = 10) -> float:
    """The decisions (a seat to move) in a seeded greedy game (random where the game has no greedy
    bot), the mean over ``seeds`` seeds: what a playout depth is to be read against."""
    from rometools.core.playout import play, turn_states

    bot = "greedy" if "greedy" in game.spec.bots else "random"
    counts = [sum(1 for s in turn_states(play(game, bot, rng=k)) if not game.is_over(s)) for k in range(seeds)]
    return sum(counts) / len(counts)


def cost_per_simulation(states: list, depth: int | str, sims: int) -> float:
    """CPU seconds per simulation of a search (tree and playouts) over ``states``."""
    cpu = time.process_time()
    for i, state in enumerate(states):
        best_moves(state, sims, rng=i, depth=depth)
    return (time.process_time() - cpu) / (sims * len(states))


def cost_ratio(states: list, depth: int, sims: int = 60, rounds: int = 5) -> float:
    """A depth-``depth`` simulation's CPU over a full one's: the median over ``rounds`` rounds, each
    timing both on the same positions one after the other (a busy machine slows both alike)."""
    return float(np.median([cost_per_simulation(states, depth, sims) / cost_per_simulation(states, "end", sims)
                            for _ in range(rounds)]))


def win_shares(results, bot: str) -> np.ndarray:
    """Per seed: ``bot``'s win share averaged over the rotations (1/k for a tie of k for first)."""
    winners = results.groupby(["game", "rotation"])["win"].transform("sum")
    share = results["win"] / winners
    mine = results.assign(share=share)[results["bot"] == bot]
    return mine.groupby("game")["share"].mean().to_numpy()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=48, help="seeds per depth (each played once per seat)")
    ap.add_argument("--budget", type=int, default=16, help="simulations a move for full playouts")
    ap.add_argument("--depths", default="8,16,32,64")
    ap.add_argument("--margin", type=float, default=0.05, help="strength kept: interval low >= 0.5 - margin")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per speed figure")
    ap.add_argument("--only", help="measure this game only (still only if under the goal)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, help="seats of the matches (default: the fewest the game takes)")
    args = ap.parse_args(argv)
    depths = [int(d) for d in args.depths.split(",")]
    cal = bench_speed.Calibration(300)
    cal.measure()
    scale = cal.scale
    ttt = cal.rates[-1] if cal.rates else None
    print("MCTS playout depth at equal CPU (issue 48). Calibration: OpenSpiel Python tic-tac-toe "
          + (f"{ttt:,.0f} decisions per CPU s; 'ref' = at the reference machine ({bench_speed.REFERENCE_TTT:,})"
             if ttt else "not installed: figures as measured"), flush=True)
    gids = [args.only] if args.only else rometools.games()
    print(f"\n1. MCTS simulations per CPU s at a four-player start (goal {bench_speed.MCTS_GOAL} at the "
          f"reference, first search included): full playouts, then the game's default where it cuts them")

    def line(label: str, first: float, later: float) -> str:
        return (f"  {label:24s} first {first:7,.0f} ({first / ttt if ttt else math.nan:.3f}x ttt, ref "
                f"{first / scale:,.0f})   later {later:7,.0f} ({later / ttt if ttt else math.nan:.3f}x ttt, ref "
                f"{later / scale:,.0f})")

    slow = []
    for gid in gids:
        first, later = rates(gid, args.seconds, "end")
        under = min(first, later) / scale < bench_speed.MCTS_GOAL
        print(line(gid, first, later) + ("   under the goal: measured below" if under else ""), flush=True)
        depth = game_spec(gid).mcts_playout_depth
        if depth is not None:
            first, later = rates(gid, args.seconds, "default")
            print(line(f"  default depth={depth}", first, later) + bench_speed._verdict(
                min(first, later) / scale >= bench_speed.MCTS_GOAL), flush=True)
        if under:
            slow.append(gid)
    for gid in slow:
        _game_rows(gid, depths, args, scale, ttt)
    cal.measure()
    print(f"\ncalibration at the end: {cal.rates[-1]:,.0f} tic-tac-toe decisions per CPU s" if cal.rates else "")
    return 0


def _game_rows(gid: str, depths: list[int], args, scale: float, ttt: float | None) -> None:
    players = args.players or min(bench_speed.player_counts(gid))
    game = rometools.load_game(gid, players=players)
    states = positions(game)
    print(f"\n== {game.spec.title}: {players} players (equal strength: {1 / players:.0%}), {args.games} seeds x {players} seat rotations, "
          f"full playouts {args.budget} simulations a move", flush=True)
    speed_players = bench_speed.four_or_nearest(gid)
    here, there = mean_decisions(game), mean_decisions(rometools.load_game(gid, players=speed_players))
    print(f"  a greedy game has {here:.0f} decisions at {players} players, {there:.0f} at {speed_players} (the speed "
          f"figures'): a depth near {here:.0f} barely cuts the matches' playouts, so their verdict says little "
          f"of the speed figures' {speed_players}-player playouts", flush=True)
    full = f"mcts:{args.budget}:depth=end"
    print(f"  {'depth':>6s} {'cost':>6s} {'sims':>5s} {'first/s':>8s} {'later/s':>8s} {'xttt':>6s} "
          f"{'win share vs full, 95% t interval':>36s}  verdict")
    for depth in depths:
        cost = cost_ratio(states, depth)
        sims = max(1, round(args.budget / cost))
        first, later = rates(gid, args.seconds, depth)
        ref = min(first, later) / scale
        cpu = time.process_time()
        results = simulate(game, args.games, bots=[f"mcts:{sims}:depth={depth}", full] + [full] * (players - 2),
                           seed=args.seed, rotate=True, progress=False)
        spent = time.process_time() - cpu
        shares = win_shares(results, f"mcts:{sims}:depth={depth}")
        mean, low, high = mean_interval(shares)
        low, high = max(low, 0.0), min(high, 1.0)  # a share lies in [0, 1]
        holds = low >= 1 / players - args.margin  # equal strength: one seat's share, 1/players
        fast = ref >= bench_speed.MCTS_GOAL
        verdict = ("holds its strength" if holds else "not shown to hold") + \
            (", meets the speed goal" if fast else ", under the speed goal")
        print(f"  {depth:6d} {cost:6.3f} {sims:5d} {first:8,.0f} {later:8,.0f} "
              f"{min(first, later) / ttt if ttt else float('nan'):6.3f} "
              f"{mean:8.1%} ({low:6.1%} to {high:6.1%}), ±{(high - low) / 2:.1%}  {verdict}  "
              f"[{spent:.0f} CPU s]", flush=True)


if __name__ == "__main__":
    sys.exit(main())
