"""Variance saved by pairing two variants on the same seeds, with one chance stream and with a stream
per source of randomness (``GameSpec.random_source``), for each game's natural variant.

Pairing helps only when the two variants see the same luck. With one chance stream, one extra
card dealt shifts every later draw (Via Romana, hand 4 against 5: 0-6% of the variance saved,
issue 43). A game that names its sources draws each from its own stream (a hand, the display, a
bag, each seat's choices), so a variant no longer shifts the others. For each figure (each
seat's mean score and win rate) this prints ``1 - var(B - A) / (var(A) + var(B))`` over the
same paired games, first as the game was played before (``play(..., by_source=False)``: one
chance stream, one bot stream), then by source, both in this run.

    .venv/bin/python benchmarks/bench_pairing.py            # 400 pairs per game and mode
    .venv/bin/python benchmarks/bench_pairing.py --games 2000 --only via_romana
    .venv/bin/python benchmarks/bench_pairing.py --games 0 --speed 200   # the cost of drawing by source
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import rometools
from rometools.core.playout import play
from rometools.core.simulate import game_streams

#: Natural variants: (game, label, players, options of A, options of B, bot).
VARIANTS = (
    ("via_romana", "hand 4 against 5", 3, {"hand": 4}, {"hand": 5}, "greedy"),
    ("via_romana", "dangerous ties off against on", 3, {}, {"dangerous_ties": True}, "greedy"),
    ("augustus", "legions from the box against an endless supply", 3, {}, {"legion_supply": "unlimited"}, "greedy"),
    ("pig", "target 100 against 80", 2, {"target": 100}, {"target": 80}, "greedy"),
    ("caesars_empire", "route policy self_then_leader against first", 4, {}, {"route_policy": "first"}, "greedy"),
)


def paired(variant: tuple, n: int, by_source: bool, seed: int = 1) -> dict[str, float]:
    """Variance saved per figure over ``n`` pairs: ``{figure: 1 - var(d) / (var(a) + var(b))}``."""
    gid, _, players, a_opts, b_opts, bot = variant
    games = [rometools.load_game(gid, players=players, **opts) for opts in (a_opts, b_opts)]
    scores = np.zeros((2, n, players))
    wins = np.zeros((2, n, players))
    for v, game in enumerate(games):
        for i in range(n):
            chance, bots = game_streams(seed, n, i)
            end = play(game, bot, bots, chance_rng=chance, by_source=by_source)
            scores[v, i] = game.scores(end)
            wins[v, i] = [r == 1 for r in game.spec.ranks(end)]
    out = {}
    for label, values in (("mean score", scores), ("win rate", wins)):
        for s in range(players):
            a, b = values[0, :, s], values[1, :, s]
            unpaired = a.var(ddof=1) + b.var(ddof=1)
            out[f"{label} P{s + 1}"] = 1 - (b - a).var(ddof=1) / unpaired if unpaired else float("nan")
    return out


def speed(gid: str, bot: str, games: int, rounds: int = 5) -> float:
    """CPU time per game by source over one stream (a ratio: 1.10 is 10% slower), the median of
    ``rounds`` rounds of ``games`` seeded games each way, alternated."""
    game = rometools.load_game(gid)
    ratios = []
    for r in range(rounds):
        times = {}
        for by_source in (False, True):
            t = time.process_time()
            for i in range(games):
                chance, bots = game_streams(r, games, i)
                play(game, bot, bots, chance_rng=chance, by_source=by_source)
            times[by_source] = time.process_time() - t
        ratios.append(times[True] / times[False])
    return float(np.median(ratios))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="pairs per game and mode (default 400)")
    ap.add_argument("--only", help="one game id")
    ap.add_argument("--speed", type=int, default=0, metavar="GAMES",
                    help="also time GAMES games per round each way for every game that names its sources")
    args = ap.parse_args(argv)
    if args.speed:
        for gid in rometools.games():
            if (args.only and gid != args.only) or rometools.load_game(gid).spec.random_source is None:
                continue
            for bot in ("random", "greedy"):
                print(f"{gid} ({rometools.load_game(gid).players} players), {bot}: CPU per game by source / one "
                      f"stream = {speed(gid, bot, args.speed):.2f}")
    for variant in VARIANTS:
        gid, label, players, *_rest = variant
        if (args.only and gid != args.only) or args.games < 2:
            continue
        has_sources = rometools.load_game(gid).spec.random_source is not None
        t = time.process_time()
        before, after = paired(variant, args.games, False), paired(variant, args.games, True)
        print(f"{gid} ({players} players, greedy), {label}, {args.games} pairs"
              f"{'' if has_sources else ' [declares no sources]'} ({time.process_time() - t:.0f} s CPU):")
        for figure in before:
            print(f"  {figure:14s} one stream {100 * before[figure]:5.1f}%   by source {100 * after[figure]:5.1f}%")
        for kind in ("mean score", "win rate"):
            b = [v for k, v in before.items() if k.startswith(kind)]
            a = [v for k, v in after.items() if k.startswith(kind)]
            print(f"  {kind}s, mean over seats: one stream {100 * np.mean(b):.1f}%, by source {100 * np.mean(a):.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
