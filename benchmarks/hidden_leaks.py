"""Via Romana's hidden-information leaks, counted: decisions that change when only another seat's goal changes.

A seat does not see the other seats' goal tiles (Preparing to Play, Goal tiles), so neither a
bot's move nor an MCTS decision may depend on them. Twins of a decision differ in one other
seat's goal tile alone, swapped with a tile nobody holds (``goal_twins`` of
``tests/test_via_romana_hidden.py``); each count is of decisions that change between a state
and its twins with the same seed:

* ``greedy, build steps``: the greedy bot at every build step of seeded games, every twin;
* ``greedy, a goal-deciding position``: the built position of ``goal_deciding_position``
  (another seat's goal tile decides whether a build is worth playing), the twin in which the
  winner holds another tile, 40 seeds;
* ``mcts``: :class:`rometools.core.search.MCTSBot` (information-set MCTS through the game's
  ``resample``) at 24 build steps, one twin each.

``0`` is the only right count. Run from the repository's root:

    .venv/bin/python benchmarks/hidden_leaks.py
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rometools  # noqa: E402
from rometools.core.search import MCTSBot  # noqa: E402
from tests.test_via_romana_hidden import _build_steps, goal_deciding_position, goal_twins  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="seeded games per player count (default 6)")
    parser.add_argument("--budget", type=int, default=12, help="MCTS simulations per decision (default 12)")
    args = parser.parse_args(argv)
    changed = total = steps = 0
    for players in (2, 3, 4):
        game = rometools.load_game("via_romana", players=players)
        bot = game.bot("greedy")
        for s in _build_steps(game, range(args.games), "greedy"):
            steps += 1
            move = bot.choose(s, np.random.default_rng(0))
            for twin in goal_twins(s):
                total += 1
                changed += bot.choose(twin, np.random.default_rng(0)) != move
    print(f"greedy, build steps: {changed}/{total} moves changed by another seat's goal alone ({steps} build steps)")
    state, _, winner = goal_deciding_position()
    bot = rometools.load_game("via_romana", players=4).bot("greedy")
    twin = next(t for t in goal_twins(state) if t.goals[winner] != state.goals[winner])
    moved = sum(bot.choose(state, np.random.default_rng(seed)) != bot.choose(twin, np.random.default_rng(seed))
                for seed in range(40))
    print(f"greedy, a goal-deciding position: {moved}/40 moves changed (40 seeds) by the winner's goal alone")
    game = rometools.load_game("via_romana", players=3)
    steps_ = list(_build_steps(game, range(3), "greedy"))
    picks = steps_[:: max(1, len(steps_) // 24)][:24]
    mcts = sum(MCTSBot(args.budget).choose(s, np.random.default_rng(7))
               != MCTSBot(args.budget).choose(goal_twins(s)[0], np.random.default_rng(7)) for s in picks)
    print(f"mcts:{args.budget}: {mcts}/{len(picks)} decisions changed by another seat's goal alone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
