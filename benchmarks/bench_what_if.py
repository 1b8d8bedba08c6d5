"""The CPU time :func:`rometools.compare` takes to decide a seat shift of about 2 points at 95%, per game,
as a ratio to OpenSpiel's Python tic-tac-toe measured in the same run.

For every registered game (its default player count, greedy bots), the variant gives the last seat
the smallest whole handicap, in points, that moves its win rate by at least 2 percentage points
(found on pilot games: each game's final scores ranked again with the points added), in the share
of the games (chosen by a hash of each game's history) that makes the shift 2 points exactly,
as the pilot measures it. The handicap is applied to the ranking only, so both variants play the
same games and the comparison measures the shift alone (``rometools.core.handicap``'s handicap also adds the points to the seat's score; the
win rate moves the same way). The comparison runs serially with ``precision=0.02`` and
``confidence=0.95`` until the seat's win-rate figure is decided (its confidence sequence excludes
0), or ``--max-games`` pairs. Printed per game: the handicap, the shift it makes, the pairs and CPU
seconds taken, and the CPU time as a ratio to the calibration: the CPU seconds of 100,000 random
tic-tac-toe decisions (``open_spiel.python.games.tic_tac_toe``, as ``bench_speed.py`` measures its
baseline), measured before and after the games (their median).

``--tune GAMES`` also runs issue 43's check: Caesar's Empire, 4 players, greedy, the handicap of P4
(0 to 60 points) that brings its win rate within 2 points of 25% (:func:`rometools.tune`), played
again on ``GAMES`` fresh seeds (``tests/core/test_tune.py`` runs a coarse version).

    .venv/bin/python benchmarks/bench_what_if.py [--only caesars_empire] [--max-games 40000] [--tune 20000]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
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


def _share(state, actions) -> float:
    """A number in [0, 1) fixed by a game's history: which games a thinned handicap applies to (the same
    game in both variants, since the handicap changes no move)."""
    digest = hashlib.blake2b(repr(actions(state)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") / 2 ** 64


def _ranked_with(points: int, seat: int, spec, share: float = 1.0):
    """Ranks by score with ``points`` more for ``seat`` (in the games whose :func:`_share` is below
    ``share``), the game's own ranking breaking ties."""
    ranks, scores, actions = spec.ranks, spec.rules.scores, spec.rules.action_history

    def ranked(state):
        own = ranks(state)
        bonus = points if share >= 1 or _share(state, actions) < share else 0
        handicapped = [s + (bonus if k == seat else 0) for k, s in enumerate(scores(state))]
        return tuple(1 + sum(1 for j in range(len(own)) if (-handicapped[j], own[j]) < (-handicapped[k], own[k]))
                     for k in range(len(own)))
    return ranked


def shifted_game(gid: str, points: int, share: float = 1.0):
    """The game (unregistered, played in this process) with the last seat's ``points`` added before
    ranking, in a ``share`` of the games."""
    spec = game_spec(gid)
    game = rometools.load_game(gid)
    seat = game.players - 1
    return Game(dataclasses.replace(spec, ranks=_ranked_with(points, seat, spec, share)), game.config), seat


def pilot(gid: str, n: int, seed: int = 99) -> tuple[int, float]:
    """The smallest handicap (points) whose shift of the last seat's win rate is at least :data:`SHIFT`
    over ``n`` pilot games, and that shift."""
    game = rometools.load_game(gid)
    seat = game.players - 1
    ends = [play(game, "greedy", bots, chance_rng=chance) for chance, bots in
            (game_streams(seed, n, i) for i in range(n))]
    base = np.mean([game.spec.ranks(e)[seat] == 1 for e in ends])
    for points in range(1, 400):
        ranked = _ranked_with(points, seat, game.spec)
        shift = np.mean([ranked(e)[seat] == 1 for e in ends]) - base
        if shift >= SHIFT:
            return points, float(shift)
    raise SystemExit(f"{gid}: no handicap up to 400 points moves P{seat + 1}'s win rate {100 * SHIFT:g} points")


def decide(gid: str, points: int, share: float, max_games: int) -> tuple[int, float, str]:
    """(pairs, CPU seconds, decision) for :func:`compare` to decide the last seat's win rate."""
    variant, seat = shifted_game(gid, points, share)
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


def tune_check(games: int) -> str:
    """Issue 43's check: Caesar's Empire, 4 players, greedy: the handicap of P4 (points before the
    ranking, whole numbers 0 to 60) that brings its win rate within 2 points of 25%, and that
    recommendation played again on fresh seeds."""
    from rometools.core.tune import tune

    spec, game = game_spec("caesars_empire"), rometools.load_game("caesars_empire")

    def at(points):
        return Game(dataclasses.replace(spec, ranks=_ranked_with(points, 3, spec)), game.config)

    t0 = time.process_time()
    t = tune(at, "handicap.4", list(range(0, 61)), target="equal-seats", tolerance=0.02, max_games=400_000,
             batch=400, check_games=games, progress=False)
    return f"{t.text}\n({t.games:,} games in the race, {time.process_time() - t0:.0f} s CPU with the check)"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="one game id")
    ap.add_argument("--max-games", type=int, default=40_000, help="pairs at most per game (default 40,000)")
    ap.add_argument("--pilot", type=int, default=2000, help="pilot games to choose the handicap (default 2,000)")
    ap.add_argument("--tune", type=int, default=0, metavar="GAMES",
                    help="also tune Caesar's Empire P4's handicap to 25%% +- 2 points, checked on GAMES fresh games")
    args = ap.parse_args(argv)
    import warnings

    warnings.simplefilter("ignore", RuntimeWarning)   # "compare was stopped": the benchmark stops it
    before = calibration()
    rows = []
    for gid in rometools.games():
        if args.only and gid != args.only:
            continue
        points, shift = pilot(gid, args.pilot)
        share = min(1.0, SHIFT / shift)   # the handicap in that share of the games: a 2-point shift
        pairs, seconds, decision = decide(gid, points, share, args.max_games)
        rows.append((gid, points, share, pairs, seconds, decision))
    unit = statistics.median([before, calibration()])
    print(f"calibration: {CALIBRATION_DECISIONS:,} random tic-tac-toe decisions (OpenSpiel) = {unit:.2f} s CPU")
    for gid, points, share, pairs, seconds, decision in rows:
        players = rometools.load_game(gid).players
        print(f"{gid:15s} {players} players, greedy: P{players} +{points} points in {share:.0%} of the games "
              f"(a {100 * SHIFT:g}-point shift, pilot): {decision} after {pairs:,} pairs, {seconds:.1f} s CPU = "
              f"{seconds / unit:.1f} x the calibration")
    if args.tune:
        print(tune_check(args.tune))
    return 0


if __name__ == "__main__":
    sys.exit(main())
