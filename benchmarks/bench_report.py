"""How long the automated playtest report takes for every registered game (issue "Automated
playtest report": the report's time for 2,000 games per game).

For each game (read from the registry), :func:`rometools.charts.playtest.report` is timed in CPU
seconds with ``--games`` seat-balance games (restricted play and the hot spots and rule-hole
searches scaled as the report scales them), and the time for 2,000 games is extrapolated
linearly from it. Run from the repository root::

    .venv/bin/python benchmarks/bench_report.py [--games 200] [--only via_romana]
"""

from __future__ import annotations

import argparse
import time

import rometools
from rometools.charts.playtest import report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seat-balance games per report (default 200)")
    parser.add_argument("--only", help="one registered game id")
    args = parser.parse_args()
    print(f"playtest report, CPU seconds for {args.games:,} games, and extrapolated to 2,000")
    for gid in [args.only] if args.only else rometools.games():
        game = rometools.load_game(gid)
        cpu = time.process_time()
        page = report(game, args.games, seed=0)
        spent = time.process_time() - cpu
        print(f"  {gid:<16} {game.players} players: {spent:8.1f} s  -> {spent * 2000 / args.games:9,.0f} s "
              f"for 2,000  ({len(page) / 1e6:.1f} MB page)")


if __name__ == "__main__":
    main()
