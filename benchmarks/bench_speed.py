"""Every registered game's play speed as ratios to OpenSpiel's Python tic-tac-toe, in one run.

Issue "Augustus and IMPERATOR at Caesar's Empire's speed" measures three things, each here
for every game the registry lists (no game named in this file):

* decisions per CPU second with each of the game's own bots at every player count, as a
  ratio to OpenSpiel's Python tic-tac-toe with random play measured in the same run
  (``open_spiel.python.games.tic_tac_toe``; goal at least 1.0);
* the balance lab's headline: 10,000 greedy games (four players, or the most the game takes
  below four), serial, CPU seconds extrapolated from ``--headline-games`` played (goal under 60 s);
* MCTS simulations per CPU second from the start of a four-player game (goal at least 300).

Every goal's line ends "goal met" or "goal MISSED" (a decision-rate line judges the random and
greedy bots; a game's other bots are printed only). Rates are CPU time (``time.process_time``) medians of ``--rounds`` rounds, the baseline
measured between the rounds, so a busy machine changes the ratios little. Each rate's rounds
follow an untimed half round: a bot's caches start empty in a new process (Augustus's greedy
bot plays its first CPU second at about a fifth of its rate while it fills them), and a
designer's long runs play with them full; the headline's 10,000 games include that start. ``--quick`` plays
fewer games. Run from the repository root::

    .venv/bin/python benchmarks/bench_speed.py [--quick] [--only via_romana]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import rometools
from rometools.core.game import CHANCE, game_spec
from rometools.core.playout import play, sample_outcome

#: The bots the decision-rate goal names (a game's other bots are printed, not judged).
GOAL_BOTS = ("random", "greedy")


def _verdict(met: bool) -> str:
    return "  goal met" if met else "  goal MISSED"


def tic_tac_toe_rate(games: int) -> float | None:
    """Decisions per CPU second of OpenSpiel's Python tic-tac-toe, random play (``None``: not installed)."""
    try:
        from open_spiel.python.games import tic_tac_toe
    except ImportError:
        return None
    game = tic_tac_toe.TicTacToeGame()
    rng = np.random.default_rng(0)
    cpu, decisions = time.process_time(), 0
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return decisions / (time.process_time() - cpu)


def player_counts(gid: str) -> list[int]:
    """The player counts the game takes with its bundled data (from :func:`rometools.describe`)."""
    span = rometools.describe(gid).players
    return list(range(span[0], span[1] + 1)) if span else [rometools.load_game(gid).players]


def decision_rate(gid: str, players: int, bot: str, seconds: float) -> float:
    """Decisions per CPU second of play: seeded games of ``bot`` in every seat for about ``seconds``
    of CPU. Only ``play`` is timed; the decisions are counted afterwards (the registered
    ``movers``, which for some games replays the game: bookkeeping, not play)."""
    game = rometools.load_game(gid, players=players)
    spent, ends, seed = 0.0, [], 0
    while spent < seconds:
        cpu = time.process_time()
        ends.append(play(game, [bot] * players, seed))
        spent += time.process_time() - cpu
        seed += 1
    return sum(len(game.spec.movers(end)) for end in ends) / spent


def headline_seconds(gid: str, games: int) -> tuple[int, float]:
    """(players, CPU seconds for 10,000 greedy games) from ``games`` played serially."""
    counts = player_counts(gid)
    players = 4 if 4 in counts else max(c for c in counts if c < 4) if any(c < 4 for c in counts) else counts[0]
    bot = "greedy" if "greedy" in game_spec(gid).bots else sorted(game_spec(gid).bots)[0]
    game = rometools.load_game(gid, players=players)
    cpu = time.process_time()
    for seed in range(games):
        play(game, [bot] * players, seed)
    return players, (time.process_time() - cpu) / games * 10_000


def mcts_rate(gid: str, seconds: float) -> float:
    """MCTS simulations per CPU second from the start of a four-player game (or the nearest count)."""
    from rometools.core.search import MCTSBot

    counts = player_counts(gid)
    players = min(counts, key=lambda c: abs(c - 4))
    game = rometools.load_game(gid, players=players)
    state = game.new_game(rng=1)
    rng = np.random.default_rng(1)
    while game.current_player(state) == CHANCE:   # past the set-up's chance nodes
        state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
    budget, cpu, done = 50, time.process_time(), 0
    while time.process_time() - cpu < seconds:
        MCTSBot(budget=budget).choose(state, rng)
        done += budget
    return done / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about a second per figure instead of three")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per figure (the median is printed)")
    parser.add_argument("--headline-games", type=int, default=200, help="greedy games for the headline")
    parser.add_argument("--only", help="one registered game id")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else 3.0
    base_games = 300 if args.quick else 1000
    gids = [args.only] if args.only else rometools.games()
    bases = []
    print("decisions per CPU second as a ratio to OpenSpiel's Python tic-tac-toe (random play, same run); "
          "goal at least 1.0")
    for gid in gids:
        bots = sorted(game_spec(gid).bots)
        for players in player_counts(gid):
            cells, goal = [], []
            for bot in bots:
                ratios = []
                decision_rate(gid, players, bot, seconds / 2)   # untimed: caches a bot fills as it plays
                for _ in range(args.rounds):
                    base = tic_tac_toe_rate(base_games)
                    rate = decision_rate(gid, players, bot, seconds)
                    if base:
                        bases.append(base)
                        ratios.append(rate / base)
                cells.append(f"{bot} {statistics.median(ratios):.2f}" if ratios else f"{bot} {rate:,.0f}/s")
                if ratios and bot in GOAL_BOTS:
                    goal.append(statistics.median(ratios) >= 1.0)
            print(f"  {gid:<16} {players} players: " + ", ".join(cells) + (_verdict(all(goal)) if goal else ""))
    if bases:
        print(f"  (tic-tac-toe: {statistics.median(bases):,.0f} decisions per CPU second, median)")
    print(f"balance lab headline: 10,000 greedy games, serial, CPU seconds extrapolated from "
          f"{args.headline_games} (goal under 60 s)")
    for gid in gids:
        players, total = headline_seconds(gid, max(20, args.headline_games // (4 if args.quick else 1)))
        print(f"  {gid:<16} {players} players: {total:,.0f} s" + _verdict(total < 60))
    print("MCTS simulations per CPU second from the start of a four-player game (goal at least 300)")
    for gid in gids:
        rate = mcts_rate(gid, seconds)
        print(f"  {gid:<16} {rate:,.0f}" + _verdict(rate >= 300))


if __name__ == "__main__":
    main()
