"""The OpenSpiel bridge and the MCTS bots: overhead per move, simulations per second, strength.

Usage::

    .venv/bin/python benchmarks/bench_openspiel.py            # everything (~10 minutes on 2 cores)
    .venv/bin/python benchmarks/bench_openspiel.py --quick    # smaller runs (~2 minutes)

Prints four tables:

1. **Bridge overhead per move** (goal: under 2x). Whole random Caesar's Empire
   games (set-up deal included) played natively (``legal_actions``, a uniform
   index, ``apply_legal`` / ``apply``) and through the bridge (``legal_actions``
   ids, the same index, ``apply_action``), and through the bridge cloning the
   state before each move as OpenSpiel's MCTS does. Both draw the same indices
   from the same seeds, so they play the same games: the script checks the
   histories match. Rounds alternate native and bridge; times are CPU seconds
   of this process (``time.process_time``); the ratio is the median of the
   per-round ratios.
2. **MCTS simulations per second** from the first decision of seeded deals:
   rometools' own search (:mod:`rometools.core.search`) with random and with
   greedy playouts, and OpenSpiel's ``MCTSBot`` with random rollouts through
   the bridge.
3. **Strength per budget against greedy** in short 2-player games (6 Roads each,
   MCTS in both seats): rometools MCTS with greedy and with random playouts,
   OpenSpiel's MCTS through the bridge, with Wilson intervals and seconds per game.
4. **The skill curve** (:func:`rometools.core.search.skill_curve`) of the full
   4-player game: one MCTS bot against three greedy bots, every seat in turn.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import rometools
from rometools.core.game import Bot
from rometools.core.playout import play
from rometools.core.search import best_moves, skill_curve
from rometools.core.stats import proportion_estimate

try:
    import pyspiel
    from open_spiel.python.algorithms import mcts as os_mcts

    import rometools.interop.openspiel as bridge
except ImportError as err:  # pragma: no cover
    raise SystemExit(f"{err}") from None


# ===================================================================== 1. overhead per move
def native_games(game, seeds) -> tuple[int, list]:
    rules, apply_legal = game.spec.rules, game.spec.apply_legal
    current, legal, apply = rules.current_player, rules.legal_actions, rules.apply
    moves, histories = 0, []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        s = game.new_game()
        while (p := current(s)) != -4:
            actions = legal(s)
            s = (apply if p == -1 else apply_legal)(s, actions[int(rng.integers(len(actions)))])
            moves += 1
        histories.append(rules.action_history(s))
    return moves, histories


def bridge_games(ogame, seeds, clone: bool) -> tuple[int, list]:
    moves, histories = 0, []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        s = ogame.new_initial_state()
        while not s.is_terminal():
            ids = s.legal_actions()
            a = ids[int(rng.integers(len(ids)))]
            if clone:
                s = s.clone()
            s.apply_action(a)
            moves += 1
        histories.append(ogame.spec.rules.action_history(s.rometools_state))
    return moves, histories


def overhead(players: int, games: int, rounds: int) -> dict:
    game = rometools.load_game("caesars_empire", players=players)
    ogame = bridge.load("caesars_empire", players=players)
    per = {"native": [], "bridge": [], "bridge+clone": []}
    for r in range(rounds):
        seeds = range(r * games, (r + 1) * games)
        results = {}
        for name, run, args in (("native", native_games, (game, seeds)),
                                ("bridge", bridge_games, (ogame, seeds, False)),
                                ("bridge+clone", bridge_games, (ogame, seeds, True))):
            t = time.process_time()
            moves, histories = run(*args)
            per[name].append((time.process_time() - t) / moves)
            results[name] = histories
        assert results["native"] == results["bridge"] == results["bridge+clone"], "not the same games"
    us = {k: statistics.median(v) * 1e6 for k, v in per.items()}
    ratio = statistics.median(b / n for b, n in zip(per["bridge"], per["native"], strict=True))
    ratio_clone = statistics.median(b / n for b, n in zip(per["bridge+clone"], per["native"], strict=True))
    return {"players": players, "native us/move": us["native"], "bridge us/move": us["bridge"],
            "ratio": ratio, "bridge+clone us/move": us["bridge+clone"], "ratio with clone": ratio_clone}


# ===================================================================== 2. simulations per second
def sims_per_second(players: int, budget: int, deals: int) -> dict:
    game = rometools.load_game("caesars_empire", players=players)
    ogame = bridge.load("caesars_empire", players=players)
    out = {"players": players, "budget": budget}
    timings = {"rometools, greedy playouts": [], "rometools, random playouts": [],
               "OpenSpiel MCTSBot via bridge, random rollouts": []}
    for seed in range(deals):
        state = game.new_game(rng=seed)
        for name, rollout in (("rometools, greedy playouts", "greedy"), ("rometools, random playouts", "random")):
            t = time.process_time()
            best_moves(state, budget, rng=seed, rollout=rollout)
            timings[name].append(time.process_time() - t)
        bot = os_mcts.MCTSBot(ogame, 0.7, budget, os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                              solve=False, random_state=np.random.RandomState(seed))
        t = time.process_time()
        bot.step(bridge.from_rometools(ogame, state))
        timings["OpenSpiel MCTSBot via bridge, random rollouts"].append(time.process_time() - t)
    for name, ts in timings.items():
        out[name] = budget * len(ts) / sum(ts)
    return out


# ===================================================================== 3. strength per budget
class OpenSpielMCTS(Bot):
    """OpenSpiel's MCTSBot (random rollouts) through the bridge, as a rometools bot."""

    trusted = True

    def __init__(self, budget: int):
        self.budget, self.name = budget, f"openspiel-mcts:{budget}"
        self._games: dict = {}

    def decide(self, state, rng):
        spec = rometools.core.game.game_of(state)
        key = (spec.id, repr(state.config.to_dict()))
        ogame = self._games.get(key) or self._games.setdefault(key, bridge.load(spec.id, **_options(state)))
        seed = int(rng.integers(2**31))
        bot = os_mcts.MCTSBot(ogame, 0.7, self.budget,
                              os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                              solve=False, random_state=np.random.RandomState(seed + 1))
        ostate = bridge.from_rometools(ogame, state)
        return bridge.action_of(ostate, bot.step(ostate))


def _options(state) -> dict:
    return {"players": state.config.players, "roads_per_player": state.config.roads_per_player}


def strength(bot_factory, label: str, seeds: int, config: dict) -> dict:
    game = rometools.load_game("caesars_empire", **config)
    wins = games = 0
    t = time.perf_counter()
    for seed in range(seeds):
        for seat in range(game.players):
            bots = ["greedy"] * game.players
            bots[seat] = bot_factory()
            chance, moves = np.random.SeedSequence(seed).spawn(2)
            end = play(game, bots, np.random.default_rng(moves), chance_rng=np.random.default_rng(chance))
            wins += game.spec.ranks(end)[seat] == 1
            games += 1
    est = proportion_estimate(wins, games)
    return {"bot": label, "games": games, "wins": wins, "win rate": est.estimate, "ci_low": est.low,
            "ci_high": est.high, "s/game": (time.perf_counter() - t) / games}


def table(rows: list[dict], title: str) -> None:
    import pandas as pd

    print(f"\n## {title}\n")
    print(pd.DataFrame(rows).to_string(index=False, float_format=lambda v: f"{v:.3f}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    args = parser.parse_args()
    q = args.quick
    print(f"open_spiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}".strip())

    table([overhead(p, 40 if q else 150, 3 if q else 5) for p in (2, 4)],
          "1. Bridge overhead per move (whole random games; goal: ratio under 2)")
    table([sims_per_second(p, 100 if q else 300, 2 if q else 5) for p in (2, 4)],
          "2. MCTS simulations per second (CPU), first decision of seeded deals")

    short = {"players": 2, "roads_per_player": 6}
    seeds = 20 if q else 60
    rows = [strength(lambda: "greedy", "greedy (baseline)", seeds, short)]
    for budget in (10, 30) if q else (10, 30, 100):
        rows.append(strength(lambda b=budget: f"mcts:{b}", f"rometools mcts:{budget}, greedy playouts", seeds, short))
        rows.append(strength(lambda b=budget: f"mcts:{b}:rollout=random", f"rometools mcts:{budget}, random playouts",
                             seeds, short))
        rows.append(strength(lambda b=budget: OpenSpielMCTS(b), f"OpenSpiel MCTSBot {budget}, random rollouts",
                             seeds, short))
    table(rows, "3. Win rate against greedy, 2 players, 6 Roads each (MCTS in each seat in turn)")

    budgets = [3, 10] if q else [3, 10, 30]
    n = 10 if q else 25
    curve = skill_curve("caesars_empire", budgets, n_games=n, seed=1, players=4, executor="process")
    table(curve.to_dict("records"),
          f"4. Skill curve: 4 players, full game, one MCTS bot against 3 greedy bots ({n} deals x 4 seats)")


if __name__ == "__main__":
    main()
