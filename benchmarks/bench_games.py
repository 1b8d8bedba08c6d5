"""Full 4-player Caesar's Empire games per second on the bundled 4-5 board.

Usage::

    .venv/bin/python benchmarks/bench_games.py            # timings
    .venv/bin/python benchmarks/bench_games.py --profile  # plus where the time goes

Each game is a whole playout: the sampled set-up deal, 4 bots of one kind
moving until the end (immutable states, every action recorded in the history)
and the final :func:`scores`. One process, one core; the rate is per CPU second
of this process (``time.process_time``), so other jobs on a shared machine
disturb it less than wall-clock time, which is printed too. Goals (issue 3): at least
1,000 games/s with RandomBot and 200 games/s with GreedyBot.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time

from rometools.caesars_empire import GameConfig, load_board, play_game, scores

GOALS = {"random": 1000, "greedy": 200}

#: Where the time goes (cProfile / line_profiler, 2026-11-30, board_4_5, 4 players);
#: ``--profile`` prints the live figures.
WHERE_THE_TIME_GOES = """\
Where the time goes (cProfile shares of a full game, about 40 turns):
  random: ~43% applying the chain (rules._connect: Roads placed; unbuilt-path lists
          updated by index on the board's own path tuples for the chain and the
          captured city's neighbours; Rome distances relaxed only when a new path
          shortens one, ~2%; the route walked back, and on about 1 turn in 3 tied
          routes solved on the fewest-Roads DAG with one-int keys, ~9%),
          ~32% counting the legal chains to draw one uniformly (rules._chain_blocks:
          tree components of empty cities counted in closed form, other components
          and tight Roads budgets walked, ~4%), ~10% building the drawn chain and
          the draw (raw 64-bit words, 64 per numpy call), ~6% final scores, ~2%
          set-up, ~6% the playout loop.
  greedy: ~17% listing every legal chain (rules._fast_chains), ~60% valuing them
          (bots.GreedyBot.values: one-path chains from the per-location best own
          route, ~9%; longer chains by a Dijkstra stopped at the last source and a
          DAG solve, ~27%; token values), ~13% applying the chosen chain."""


def games_per_second(bot: str, games: int, seed0: int = 0) -> tuple[float, float]:
    """(games per CPU second of this process, games per wall-clock second)."""
    config = GameConfig(board=load_board("4-5"), players=4)
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        scores(play_game(config, [bot] * 4, seed0 + i))
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    for bot, goal in GOALS.items():
        games_per_second(bot, 100, seed0=10**6)  # warm-up: imports, board load, caches
        runs = [games_per_second(bot, args.games, seed0=r * args.games) for r in range(args.repeats)]
        cpu = max(r[0] for r in runs)
        wall = max(r[1] for r in runs)
        print(f"{bot:>7}: {cpu:8.1f} full 4-player games per CPU second on board_4_5 "
              f"(goal {goal}/s, ratio {cpu / goal:.2f}; wall clock {wall:.1f}/s)")
        if args.profile:
            prof = cProfile.Profile()
            prof.enable()
            games_per_second(bot, 300)
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
            print(out.getvalue())
    print(WHERE_THE_TIME_GOES)


if __name__ == "__main__":
    main()
