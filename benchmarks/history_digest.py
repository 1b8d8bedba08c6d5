"""SHA-256 over seeded games' action histories, per game, config and bot: "same game per seed".

A refactor or a speed-up of a game must not change a single game: run this before and after
and compare the digests (``--json`` writes them to a file, ``--against`` compares with one).

    .venv/bin/python benchmarks/history_digest.py --games 200 --json before.json
    .venv/bin/python benchmarks/history_digest.py --games 200 --against before.json

Every registered game, its first two ``sample_configs`` (``--configs N``: the first N), every bot of its own (not MCTS),
seeds 0 to N-1 through :func:`rometools.core.playout.play` (``--only GAME``: that game's only; ``--against``
then compares its digests only).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

import rometools
from rometools.core.game import game_spec
from rometools.core.playout import play


def digests(n_games: int, configs: int = 2, only: str | None = None) -> dict[str, str]:
    out = {}
    for gid in rometools.games():
        if only is not None and gid != only:
            continue
        spec = game_spec(gid)
        for i, options in enumerate(spec.sample_configs[:configs]):
            game = rometools.load_game(gid, **options)
            for bot in sorted(spec.bots):
                h = hashlib.sha256()
                t = time.process_time()
                for seed in range(n_games):
                    end = play(game, bot, rng=seed)
                    h.update(json.dumps([list(a) if isinstance(a, tuple) else a
                                         for a in game.action_history(end)], default=str).encode())
                    h.update(json.dumps(list(game.scores(end))).encode())
                key = f"{gid}[{i}] {bot}"
                out[key] = h.hexdigest()
                print(f"{key:40s} {out[key][:16]}  ({time.process_time() - t:.1f} s CPU)", flush=True)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--configs", type=int, default=2, help="how many of each game's sample_configs")
    ap.add_argument("--only", help="one registered game id (default: every game)")
    ap.add_argument("--json", help="write the digests to this file")
    ap.add_argument("--against", help="compare with digests written earlier")
    args = ap.parse_args(argv)
    d = digests(args.games, args.configs, args.only)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(d, f, indent=1, sort_keys=True)
    if args.against:
        with open(args.against) as f:
            old = json.load(f)
        if args.only:
            old = {k: v for k, v in old.items() if k.startswith(args.only + "[")}
        changed = sorted(k for k in old if d.get(k) != old[k])
        missing = sorted(k for k in old if k not in d)
        print(f"{len(old) - len(changed)} of {len(old)} digests equal" +
              (f"; DIFFERENT: {', '.join(changed)}" if changed else "") +
              (f"; missing now: {', '.join(missing)}" if missing else ""))
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
