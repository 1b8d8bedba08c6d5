"""Issue 48's table, every row, in one run: each figure beside a calibration measured in the same run.

The calibration is OpenSpiel's Python tic-tac-toe with random play
(``open_spiel.python.games.tic_tac_toe``), decisions per CPU second, measured
between the rounds. Rates are its ratios; CPU seconds are also printed "at the
reference machine", scaled by ``rate in this run / REFERENCE_TTT`` (the quiet
2-core machine of the issue ran tic-tac-toe at about 42,500 decisions per CPU
second), so a figure taken on a busy machine reads as it would on a quiet one.
Each goal's line ends "goal met" or "goal MISSED". No game is named here:
every registered game is measured.

1. greedy decisions per CPU second at every player count, as a ratio to
   tic-tac-toe (goal at least 2.5; the other bots are printed, not judged);
2. 10,000 four-player greedy games (or the nearest count the game takes) with
   ``simulate`` and ``seat_win_rates``, serial, CPU seconds extrapolated from
   ``--headline-games`` (a quarter with ``--quick``) played warm, plus the one-off cost of a
   run (imports, loading the game) once (goal at most 20 s at the reference);
3. MCTS simulations per CPU second from the start of a four-player game: the
   first search in a new process (every cache empty) and the searches after it
   (goal at least 600 at the reference, both);
4. ``check_game(game, n_games=4)``, CPU seconds in a new process (goal at most
   10 s at the reference);
5. with ``--executors``: ``simulate`` with the process executor, 1 and 2
   workers on 2,000 greedy games, wall-clock speed-up (goal at least 1.7 on a
   quiet machine; each call after a call of a few games that starts the pool),
   and the CPU Dask's executor spends beyond serial play on the same games
   (goal at most 15%); beside it, not judged, the speed-up of the call that
   starts the pool and of the next call of 2,000 games on it;
6. with ``--explorers``: every explorer's first display and control change
   (``benchmarks/bench_explorers.py``, this tree only; goals under 1 s and 50 ms);
7. with ``--setup``: ``make setup`` from a fresh clone of this commit, wall
   clock (goal at most 2 minutes quiet, 5 busy).

``make test``'s time is CI's to measure. Run from the repository root::

    .venv/bin/python benchmarks/bench_speed.py [--quick] [--only via_romana] [--rows 1,2,3,4]
                                               [--executors] [--explorers] [--setup]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np

import rometools
from rometools.core.game import game_spec
from rometools.core.playout import play

ROOT = Path(__file__).resolve().parents[1]
#: Where the new processes start: not a checkout, whose rometools would come first on their path
#: (``python -c`` puts the folder it starts in there): they import the interpreter's own install.
NEUTRAL = tempfile.gettempdir()
#: Tic-tac-toe's decisions per CPU second on the issue's quiet 2-core machine: the reference the
#: CPU-second goals are judged at.
REFERENCE_TTT = 42_500
DECISION_GOAL, HEADLINE_GOAL_S, MCTS_GOAL, CHECK_GOAL_S = 2.5, 20.0, 600, 10.0
SPEED_UP_GOAL, DASK_OVERHEAD_GOAL = 1.7, 0.15


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


class Calibration:
    """Tic-tac-toe rates measured through the run; ``scale`` turns CPU seconds here into seconds at
    :data:`REFERENCE_TTT`."""

    def __init__(self, games: int):
        self.games, self.rates = games, []

    def measure(self) -> float | None:
        rate = tic_tac_toe_rate(self.games)
        if rate:
            self.rates.append(rate)
        return rate

    @property
    def scale(self) -> float:
        if not self.rates:
            self.measure()
        return statistics.median(self.rates) / REFERENCE_TTT if self.rates else 1.0


def player_counts(gid: str) -> list[int]:
    """The player counts the game takes with its bundled data (from :func:`rometools.describe`)."""
    span = rometools.describe(gid).players
    return list(range(span[0], span[1] + 1)) if span else [rometools.load_game(gid).players]


def four_or_nearest(gid: str) -> int:
    return min(player_counts(gid), key=lambda c: (abs(c - 4), c))


def decision_rate(gid: str, players: int, bot: str, seconds: float) -> float:
    """Decisions per CPU second of play: seeded games of ``bot`` in every seat for about ``seconds``
    of CPU. Only ``play`` is timed; each game's decisions are counted after it, untimed (the
    registered ``movers``, which for some games replays the game: bookkeeping, not play), and its
    final state is let go, as tic-tac-toe's are. (Until session 57 every final state was kept to the
    end of the round and counted then: the cyclic collector's full passes walked them all, charged
    to play, about 15-20% of Caesar's Empire's CPU in a one-second round and growing with it.)"""
    game = rometools.load_game(gid, players=players)
    spent, decisions, seed = 0.0, 0, 0
    while spent < seconds:
        cpu = time.process_time()
        end = play(game, [bot] * players, seed)
        spent += time.process_time() - cpu
        decisions += len(game.spec.movers(end))
        seed += 1
    return decisions / spent


def headline_seconds(gid: str, games: int) -> tuple[int, float]:
    """(players, CPU seconds for 10,000 greedy games and their seat win rates) from ``games``
    played serially with ``simulate``: what a run of 10,000 games costs in a fresh process, its
    one-off costs (importing pandas, loading the game: about 0.3 s) counted once and its games'
    10,000 times. (Until session 53 the one-off was inside the games timed and multiplied with
    them: 40 times with ``--quick``, some 10 s of Caesar's Empire's or IMPERATOR's row.)"""
    from rometools.core.balance import seat_win_rates
    from rometools.core.simulate import simulate

    players = four_or_nearest(gid)
    bot = "greedy" if "greedy" in game_spec(gid).bots else sorted(game_spec(gid).bots)[0]

    def run(n: int) -> float:
        cpu = time.process_time()
        seat_win_rates(simulate(gid, n, players=players, bots=bot, seed=1, progress=False))
        return time.process_time() - cpu

    first = run(1)        # the one-off costs and one game
    spent = run(games)    # the games, warm
    return players, first - spent / games + spent / games * 10_000


#: Run in a new interpreter: the first MCTS search from the start of a four-player game, then
#: as many more as fit in the seconds given; prints the two rates.
MCTS_CODE = textwrap.dedent("""
    import json, sys, time
    import numpy as np
    import rometools
    from rometools.core.game import CHANCE
    from rometools.core.playout import sample_outcome
    from rometools.core.search import MCTSBot
    gid, players, seconds, depth = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    depth = None if depth == "default" else depth if depth == "end" else int(depth)
    game = rometools.load_game(gid, players=players)
    state = game.new_game(rng=1)
    rng = np.random.default_rng(1)
    while game.current_player(state) == CHANCE:   # past the set-up's chance nodes
        state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
    budget = 50
    cpu = time.process_time()
    MCTSBot(budget=budget, depth=depth).choose(state, rng)
    first = budget / (time.process_time() - cpu)
    cpu, done = time.process_time(), 0
    while time.process_time() - cpu < seconds:
        MCTSBot(budget=budget, depth=depth).choose(state, rng)
        done += budget
    print(json.dumps([first, done / (time.process_time() - cpu)]))
""")


def mcts_rates(gid: str, seconds: float, depth: int | str = "default") -> tuple[float, float]:
    """(first search, later searches) in MCTS simulations per CPU second at the four-player start (or the
    nearest count), in a new process; ``depth``: the playouts' depth ("default": the game's own, "end")."""
    out = subprocess.run([sys.executable, "-c", MCTS_CODE, gid, str(four_or_nearest(gid)), str(seconds), str(depth)],
                         capture_output=True, text=True, check=True, cwd=NEUTRAL)
    return tuple(json.loads(out.stdout.strip().splitlines()[-1]))


CHECK_CODE = textwrap.dedent("""
    import sys, time
    from rometools.testing import check_game
    cpu = time.process_time()
    check_game(sys.argv[1], n_games=4)
    print(time.process_time() - cpu)
""")


def check_game_seconds(gid: str) -> float:
    """CPU seconds of ``check_game(gid, n_games=4)`` in a new process (its caches empty)."""
    out = subprocess.run([sys.executable, "-c", CHECK_CODE, gid], capture_output=True, text=True, check=True,
                         cwd=NEUTRAL)
    return float(out.stdout.strip().splitlines()[-1])


def _cpu_with_children() -> float:
    own = time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + kids.ru_utime + kids.ru_stime


def executor_rows(gid: str, games: int, rounds: int) -> list[str]:
    """The process executor's 1 -> 2 worker speed-up (wall clock, median of ``rounds`` alternating
    pairs, on a pool already started) and Dask's CPU beyond serial play on simulate's kept cluster."""
    import logging

    from rometools.core.simulate import simulate

    players = four_or_nearest(gid)
    kw = {"players": players, "bots": "greedy", "seed": 1, "progress": False}
    cpu = time.process_time()
    serial = simulate(gid, games, **kw)
    serial_cpu = time.process_time() - cpu
    import psutil

    from rometools.core import simulate as module

    ratios, same, cpus = [], True, []
    for r in range(rounds):
        wall = {}
        for w in ((1, 2) if r % 2 == 0 else (2, 1)):
            simulate(gid, 4 * w, executor="process", workers=w, **kw)   # the pool started and warm
            pool_cpu = {p.pid: sum(psutil.Process(p.pid).cpu_times()[:4]) for p in module._POOL[0]._processes.values()}
            own = time.process_time()
            t = time.perf_counter()
            df = simulate(gid, games, executor="process", workers=w, **kw)
            wall[w] = time.perf_counter() - t
            if w == 2:   # this process and the pool's (one started during the run counts whole), over serial
                spent = sum(sum(psutil.Process(p.pid).cpu_times()[:4]) - pool_cpu.get(p.pid, 0)
                            for p in module._POOL[0]._processes.values())
                cpus.append((time.process_time() - own + spent) / serial_cpu)
            same = same and df.equals(serial)
        ratios.append(wall[1] / wall[2])
    rows = [f"  {gid:<16} process executor, 1 -> 2 workers, {games:,} games: speed-up "
            f"{statistics.median(ratios):.2f}x (rounds {', '.join(f'{x:.2f}' for x in ratios)}; CPU of every "
            f"process with 2 workers over serial {statistics.median(cpus):.2f}; the same rows as serial: {same})"
            + _verdict(statistics.median(ratios) >= SPEED_UP_GOAL)]
    # not judged, beside it: the call that starts the pool (its processes forked, their first chunks
    # cold), and a designer's next call of the same size on that pool
    cold, second = [], []
    for r in range(rounds):
        walls = {}
        for w in ((1, 2) if r % 2 == 0 else (2, 1)):
            module.close_pool()
            for label in ("cold", "second"):
                t = time.perf_counter()
                df = simulate(gid, games, executor="process", workers=w, **kw)
                walls[label, w] = time.perf_counter() - t
                same = same and df.equals(serial)
        cold.append(walls["cold", 1] / walls["cold", 2])
        second.append(walls["second", 1] / walls["second", 2])
    module.close_pool()
    rows.append(f"  {gid:<16} process executor, 1 -> 2 workers, {games:,} games, not judged: the call that starts "
                f"the pool {statistics.median(cold):.2f}x (rounds {', '.join(f'{x:.2f}' for x in cold)}), the "
                f"next call on it {statistics.median(second):.2f}x (rounds {', '.join(f'{x:.2f}' for x in second)}); "
                f"the same rows as serial: {same}")
    import distributed  # noqa: F401  (its import sets its loggers' levels: quieten them after it)

    logging.getLogger("distributed").setLevel(logging.ERROR)
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")

    def cpu_of(procs) -> float:   # this process (scheduler, client) and the workers
        return time.process_time() + sum(sum(p.cpu_times()[:4]) for p in procs)

    t = time.perf_counter()
    simulate(gid, 4, executor="dask", workers=2, **kw)   # starts the kept local cluster (simulate's own)
    started = time.perf_counter() - t
    client = module._CLUSTER[1]
    procs = [psutil.Process(pid) for pid in client.run(os.getpid).values()]
    before = cpu_of(procs)
    df = simulate(gid, games, executor="dask", workers=2, **kw)
    used = cpu_of(procs) - before
    module.close_cluster()
    overhead = used / serial_cpu - 1
    rows.append(f"  {gid:<16} Dask, 2 workers, {games:,} games on the kept cluster: {used:.1f} CPU s against "
                f"{serial_cpu:.1f} serial, overhead {overhead:+.0%} (starting it took {started:.1f} s, once a session; "
                f"the same rows as serial: {df.equals(serial)})" + _verdict(overhead <= DASK_OVERHEAD_GOAL))
    return rows


def explorer_rows() -> list[str]:
    """Every explorer's first display and control change, this tree only (``bench_explorers.py``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_explorers as be

    unit = be.calibration()
    rows = [f"  (calibration {be.CALIBRATION}: {unit:.3f} CPU s)"]
    for case in be.CASES:
        got = be.explorer_cpu(ROOT, case, 9)
        change_goal = None if case.plays_games else be.CHANGE_GOAL_S
        rows.append(f"  {case.name:<26} first display {got['first']:6.3f} s ({got['first'] / unit:5.2f})"
                    + _verdict(got["first"] < be.FIRST_DISPLAY_GOAL_S)
                    + f"; control change {got['change'] * 1e3:6.1f} ms ({got['change'] / unit:5.3f})"
                    + (_verdict(got["change"] < change_goal) if change_goal else "  (plays games)"))
    return rows


def setup_row() -> str:
    """``make setup`` from a fresh clone of this commit: wall-clock seconds."""
    with tempfile.TemporaryDirectory(prefix="rometools-setup-") as folder:
        subprocess.run(["git", "clone", "-q", str(ROOT), folder], check=True)
        t = time.perf_counter()
        subprocess.run(["make", "setup"], cwd=folder, check=True, capture_output=True)
        wall = time.perf_counter() - t
    load = os.getloadavg()[0]
    return (f"  make setup from a fresh clone: {wall:.0f} s wall clock (load average {load:.1f} at the end; "
            f"goal at most 120 s quiet, 300 s busy)" + _verdict(wall <= (120 if load < 1.5 else 300)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about a second per figure instead of three")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per figure (the median is printed)")
    parser.add_argument("--headline-games", type=int, default=400, help="greedy games for the headline")
    parser.add_argument("--only", help="one registered game id")
    parser.add_argument("--executors", action="store_true", help="measure the process and Dask executors")
    parser.add_argument("--explorers", action="store_true", help="measure every explorer (a kernel each)")
    parser.add_argument("--setup", action="store_true", help="time make setup from a fresh clone")
    parser.add_argument("--rows", default="1,2,3,4", help="the table's rows 1-4 to measure (default all)")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else 3.0
    cal = Calibration(300 if args.quick else 1000)
    gids = [args.only] if args.only else rometools.games()

    rows = {int(r) for r in args.rows.split(",") if r.strip()}
    if 1 in rows:
        _decision_rows(args, gids, seconds, cal)
    if 2 in rows:
        _headline_rows(args, gids, cal)
    if 3 in rows:
        _mcts_rows(gids, seconds, cal)
    if 4 in rows:
        _check_rows(gids, cal)
    _optional_rows(args, gids)
    if rows & {1, 2, 3, 4}:
        print(f"(tic-tac-toe over the run: {min(cal.rates):,.0f} to {max(cal.rates):,.0f} decisions per CPU "
              f"second)" if cal.rates else "(OpenSpiel is not installed: no calibration, figures as measured)")


def _decision_rows(args, gids, seconds, cal) -> None:
    print(f"1. decisions per CPU second as a ratio to OpenSpiel's Python tic-tac-toe (random play, same run); "
          f"goal: greedy at least {DECISION_GOAL}")
    for gid in gids:
        bots = sorted(game_spec(gid).bots)
        for players in player_counts(gid):
            cells, goal = [], []
            for bot in bots:
                ratios = []
                decision_rate(gid, players, bot, seconds / 2)   # untimed: caches a bot fills as it plays
                for _ in range(args.rounds):
                    base = cal.measure()
                    rate = decision_rate(gid, players, bot, seconds)
                    if base:
                        ratios.append(rate / base)
                cells.append(f"{bot} {statistics.median(ratios):.2f}" if ratios else f"{bot} {rate:,.0f}/s")
                if ratios and bot == "greedy":
                    goal.append(statistics.median(ratios) >= DECISION_GOAL)
            print(f"  {gid:<16} {players} players: " + ", ".join(cells) + (_verdict(all(goal)) if goal else ""),
                  flush=True)
    print(f"  (tic-tac-toe: {statistics.median(cal.rates) if cal.rates else float('nan'):,.0f} decisions per CPU "
          f"second, median; the reference is {REFERENCE_TTT:,}: CPU seconds below x {cal.scale:.2f} = at the "
          f"reference)")


def _headline_rows(args, gids, cal) -> None:
    print(f"2. 10,000 greedy games (four players or the nearest count) with simulate and seat_win_rates, "
          f"serial, CPU seconds from {args.headline_games} games; goal at most {HEADLINE_GOAL_S:g} s at the reference")
    for gid in gids:
        cal.measure()
        players, total = headline_seconds(gid, max(40, args.headline_games // (4 if args.quick else 1)))
        at_ref = total * cal.scale
        print(f"  {gid:<16} {players} players: {total:,.1f} s here, {at_ref:,.1f} s at the reference"
              + _verdict(at_ref <= HEADLINE_GOAL_S), flush=True)


def _mcts_rows(gids, seconds, cal) -> None:
    print(f"3. MCTS simulations per CPU second from the start of a four-player game (new process each; "
          f"goal at least {MCTS_GOAL} at the reference, the first search included)")
    for gid in gids:
        cal.measure()
        first, later = mcts_rates(gid, seconds)
        ref_first, ref_later = first / cal.scale, later / cal.scale
        print(f"  {gid:<16} first search {first:,.0f} ({ref_first:,.0f} at the reference), later {later:,.0f} "
              f"({ref_later:,.0f})" + _verdict(min(ref_first, ref_later) >= MCTS_GOAL), flush=True)


def _check_rows(gids, cal) -> None:
    print(f"4. check_game(game, n_games=4), CPU seconds in a new process; goal at most {CHECK_GOAL_S:g} s "
          f"at the reference")
    for gid in gids:
        cal.measure()
        spent = check_game_seconds(gid)
        print(f"  {gid:<16} {spent:,.1f} s here, {spent * cal.scale:,.1f} s at the reference"
              + _verdict(spent * cal.scale <= CHECK_GOAL_S), flush=True)


def _optional_rows(args, gids) -> None:
    if args.executors:
        print(f"5. executors: wall-clock speed-up 1 -> 2 workers (goal at least {SPEED_UP_GOAL}, judged on a quiet "
              f"machine), Dask's CPU beyond serial (goal at most {DASK_OVERHEAD_GOAL:.0%})")
        for gid in gids:
            for row in executor_rows(gid, 500 if args.quick else 2000, 1 if args.quick else 3):
                print(row, flush=True)
    if args.explorers:
        print("6. explorers: first display and control change, CPU seconds (ratio to bench_explorers' calibration)")
        for row in explorer_rows():
            print(row, flush=True)
    if args.setup:
        print("7. set-up")
        print(setup_row(), flush=True)


if __name__ == "__main__":
    main()
