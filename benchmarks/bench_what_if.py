"""The CPU time :func:`rometools.compare` takes to decide a seat shift of about 2 points at 95%, per game,
as a ratio to OpenSpiel's Python tic-tac-toe measured in the same run.

For every registered game (its default player count, greedy bots), the variant gives the last seat
the smallest whole handicap, in points, that moves its win rate by at least 2 percentage points
(found on pilot games: each game's final scores ranked again with the points added). The handicap
is applied to the ranking only, so both variants play the same games and the comparison measures
the shift alone (``rometools.core.handicap``'s handicap also adds the points to the seat's score; the
win rate moves the same way). The comparison runs serially with ``precision=0.02`` and
``confidence=0.95`` until the seat's win-rate figure is decided (its confidence sequence excludes
0), or ``--max-games`` pairs. Printed per game: the handicap, the shift it makes, the pairs and CPU
seconds taken, and the CPU time as a ratio to the calibration: the CPU seconds of 100,000 random
tic-tac-toe decisions (``open_spiel.python.games.tic_tac_toe``, as ``bench_speed.py`` measures its
baseline), measured before and after the games (their median).

    .venv/bin/python benchmarks/bench_what_if.py [--only caesars_empire] [--max-games 40000]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_speed import tic_tac_toe_rate  # noqa: E402

import rometools  # noqa: E402
from rometools.core.compare import compare  # noqa: E402
from rometools.core.game import Game, game_spec  # noqa: E402
from rometools.core.playout import play  # noqa: E402
from rometools.core.simulate import game_streams  # noqa: E402

#: Random tic-tac-toe decisions whose CPU seconds are the unit of every ratio printed.
CALIBRATION_DECISIONS = 100_000
#: The seat shift the comparison must decide (a proportion).
SHIFT = 0.02


def calibration() -> float:
    """CPU seconds of :data:`CALIBRATION_DECISIONS` random tic-tac-toe decisions (OpenSpiel's Python game)."""
    rate = tic_tac_toe_rate(5000)
    if rate is None:
        raise SystemExit("bench_what_if needs open_spiel (the calibration): pip install open_spiel")
    return CALIBRATION_DECISIONS / rate


def _ranked_with(points: int, seat: int, ranks, scores):
    """Ranks by (score, with ``points`` more for ``seat``), the game's own ranking breaking ties."""
    def ranked(state):
        own = ranks(state)
        handicapped = [s + (points if k == seat else 0) for k, s in enumerate(scores(state))]
        order = sorted(range(len(own)), key=lambda k: (-handicapped[k], own[k]))
        out = [0] * len(own)
        for place, k in enumerate(order):
            tied = place and (handicapped[k], own[k]) == (handicapped[order[place - 1]], own[order[place - 1]])
            out[k] = out[order[place - 1]] if tied else place + 1
        return tuple(out)
    return ranked


def shifted_game(gid: str, points: int):
    """The game (unregistered, played in this process) with the last seat's ``points`` added before ranking."""
    spec = game_spec(gid)
    game = rometools.load_game(gid)
    seat = game.players - 1
    new = dataclasses.replace(spec, ranks=_ranked_with(points, seat, spec.ranks, spec.rules.scores))
    return Game(new, game.config), seat


def pilot(gid: str, n: int, seed: int = 99) -> tuple[int, float]:
    """The smallest handicap (points) whose shift of the last seat's win rate is at least :data:`SHIFT`
    over ``n`` pilot games, and that shift."""
    game = rometools.load_game(gid)
    seat = game.players - 1
    ends = [play(game, "greedy", bots, chance_rng=chance) for chance, bots in
            (game_streams(seed, n, i) for i in range(n))]
    base = np.mean([game.spec.ranks(e)[seat] == 1 for e in ends])
    for points in range(1, 200):
        ranked = _ranked_with(points, seat, game.spec.ranks, game.spec.rules.scores)
        shift = np.mean([ranked(e)[seat] == 1 for e in ends]) - base
        if shift >= SHIFT:
            return points, float(shift)
    return 200, float(shift)


def decide(gid: str, points: int, max_games: int) -> tuple[int, float, str]:
    """(pairs, CPU seconds, decision) for :func:`compare` to decide the last seat's win rate."""
    variant, seat = shifted_game(gid, points)
    base = rometools.load_game(gid)
    name = f"win rate P{seat + 1}"
    found: dict = {}

    def on_batch(c):
        f = c.figure(name)
        if f.decision and not found:
            found.update(pairs=c.pairs, decision=f.decision)

    t = time.process_time()
    c = compare(base, variant, max_games=max_games, batch=200, precision=SHIFT, confidence=0.95, progress=False,
                on_batch=on_batch, stop=lambda: bool(found))   # stopped once the seat's figure is decided
    seconds = time.process_time() - t
    return found.get("pairs", c.pairs), seconds, found.get("decision", "undecided")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="one game id")
    ap.add_argument("--max-games", type=int, default=40_000, help="pairs at most per game (default 40,000)")
    ap.add_argument("--pilot", type=int, default=2000, help="pilot games to choose the handicap (default 2,000)")
    args = ap.parse_args(argv)
    import warnings

    warnings.simplefilter("ignore", RuntimeWarning)   # "compare was stopped": the benchmark stops it
    before = calibration()
    rows = []
    for gid in rometools.games():
        if args.only and gid != args.only:
            continue
        points, shift = pilot(gid, args.pilot)
        pairs, seconds, decision = decide(gid, points, args.max_games)
        rows.append((gid, points, shift, pairs, seconds, decision))
    unit = statistics.median([before, calibration()])
    print(f"calibration: {CALIBRATION_DECISIONS:,} random tic-tac-toe decisions (OpenSpiel) = {unit:.2f} s CPU")
    for gid, points, shift, pairs, seconds, decision in rows:
        players = rometools.load_game(gid).players
        print(f"{gid:15s} {players} players, greedy: P{players} +{points} points shifts its win rate by "
              f"{100 * shift:+.1f} points (pilot); {decision} after {pairs:,} pairs, {seconds:.1f} s CPU = "
              f"{seconds / unit:.1f} x the calibration")
    return 0


if __name__ == "__main__":
    sys.exit(main())
