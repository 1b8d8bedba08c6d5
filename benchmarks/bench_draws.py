"""Speed of the exact draw engine (``rometools.draws``) against icepool (issue 8, section 4).

Prints measured figures, not pass/fail. For every question of the issue it times
``rometools.draws`` and, in the same run, icepool on the same question where icepool
can express it, checks that both give the same exact Fraction, and prints:

* ``first``: the first call in this process (after imports; nothing of that
  question computed before, but each library's module-level caches may already
  hold pieces computed for earlier rows);
* ``median``: the median of ``REPEATS`` further calls (warm: icepool's evaluation
  caches and rometools' ``lru_cache`` of multinomial patterns are then populated;
  rometools keeps no cache of answers);
* ``ratio``: ours / icepool, medians (goal <= 1), and whether ours is under 100 ms.

icepool has no "draws until", so those rows give it the tail sum
``sum_n P(not yet after n draws)`` over its deals (the same quantity); the display
split uses a small ``MultisetEvaluator`` over a ``MultiDeal``.

The second table (issue 45) runs icepool's own pool examples side by side: its tutorial's
4d6 drop lowest and ``Pool([d4, d4, d6, d6]).sum()``, ``3 @ d6`` (hello_3d6), AD&D's method
II (``(3 @ d6).highest(12, 6)``), keep-highest on larger and mixed pools, and two pools
compared by its Risk notebook's evaluator (3 vs 2, 12 vs 11). Each is timed in CPU seconds
(``time.process_time``) two ways, the same for both libraries:

* ``cold``: the first call in a fresh interpreter (libraries imported first, not timed),
  the median of ``COLD_RUNS`` interpreters, ours and icepool's taken in turn: neither
  library's memo (icepool keeps its evaluations; rometools keeps its answers) holds
  anything of the question;
* ``warm``: the median of ``REPEATS`` calls in one process after a first one: both answer
  from their memo.

Every answer must equal icepool's (the script stops on a mismatch); the goal is a ratio
(ours / icepool) of at most 1 on each, cold and warm.

Run from the repository root: ``.venv/bin/python benchmarks/bench_draws.py``
(``--pools`` for the second table alone).
"""

from __future__ import annotations

import platform
import statistics
import string
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction

import icepool
from icepool import MultisetEvaluator

from rometools.draws import (
    Bag,
    any_at_least,
    at_least,
    exactly,
    n_distinct,
    some_absent,
)

REPEATS = 15
GOAL_S = 0.100


def _p(die, value=True) -> Fraction:
    return Fraction(die.quantity(value), die.denominator())


def _law(die) -> dict:
    return {k: die.probability(k) for k in die.outcomes() if die.quantity(k)}


class _YellowSplit(MultisetEvaluator):
    """Yellow tiles per display, sorted (icepool has no split primitive)."""

    def next_state(self, state, order, outcome, counts):
        return tuple(sorted(counts, reverse=True)) if outcome == "yellow" else state


def _two_two_or_ones(law: dict) -> Fraction:
    return law.get((2, 2, 0, 0, 0), 0) + law.get((1, 1, 1, 1, 0), 0)


RGY = {"red": 3, "green": 2, "yellow": 1}
SUITS = dict.fromkeys("SHDC", 13)
JACKS = {"jack": 4, "other": 48}
TILES = {"vowel": 40, "consonant": 60}
DISPLAYS = {"yellow": 4, "other": 16}
CATEGORIES = dict.fromkeys("ABCDEFGHIJKL", 9)
ALPHABET = dict.fromkeys(string.ascii_lowercase, 3)
RANKS = dict.fromkeys(range(13), 4)

# (question, ours, icepool or None)
QUESTIONS: list[tuple[str, Callable[[], object], Callable[[], object] | None]] = [
    ("3R 2G 1Y, draw 3: P(some colour missing)",
     lambda: Bag(RGY).draw(3).prob(some_absent()),
     lambda: 1 - _p(icepool.Deck(RGY).deal(3).issuperset(list(RGY)))),
    ("3R 2G 1Y, draw 3: law of distinct colours",
     lambda: Bag(RGY).draw(3).law(n_distinct()),
     lambda: _law(icepool.Deck(RGY).deal(3).unique().size())),
    ("52 cards, 4 suits: E[draws until every suit]",
     lambda: Bag(SUITS).draws_until(n_distinct() >= 4).mean(),
     lambda: sum(1 - _p(icepool.Deck(SUITS).deal(n).issuperset(list(SUITS))) for n in range(52))),
    ("52 cards, 4 jacks: E[draws until 3rd jack]",
     lambda: Bag(JACKS).draws_until(at_least("jack", 3)).mean(),
     lambda: sum(_p(icepool.Deck(JACKS).deal(n).keep_outcomes(["jack"]).size() < 3) for n in range(52))),
    ("40 vowels 60 consonants: 6 tiles all one sort",
     lambda: Bag(TILES).draw(6).prob(exactly("vowel", 6) | exactly("consonant", 6)),
     lambda: _p(icepool.Deck(TILES).deal(6).unique().size() == 1)),
    ("5 displays of 4, 4 yellow: split 2-2 or 1-1-1-1",
     lambda: _two_two_or_ones(Bag(DISPLAYS).deal([4] * 5).split("yellow", sort=True)),
     lambda: _two_two_or_ones(_law(_YellowSplit().evaluate(icepool.Deck(DISPLAYS).deal([4] * 5))))),
    ("108 cards, 12 x 9, 27 drawn: >= 1 H and >= 1 K",
     lambda: Bag(CATEGORIES).draw(27).prob(at_least("H", 1) & at_least("K", 1)),
     lambda: _p(icepool.Deck(CATEGORIES).deal(27).issuperset(["H", "K"]))),
    ("26 kinds of 3, 52 drawn: some kind missing",
     lambda: Bag(ALPHABET).draw(52).prob(some_absent()),
     lambda: 1 - _p(icepool.Deck(ALPHABET).deal(52).issuperset(list(ALPHABET)))),
    ("13 kinds of 4: E[draws until four of a kind]",
     lambda: Bag(RANKS).draws_until(any_at_least(4)).mean(),
     lambda: sum(_p(icepool.Deck(RANKS).deal(n).largest_count() < 4) for n in range(40))),
    # beyond the list: ours only (icepool takes ~7 s on the first, has no second)
    ("4 hands of 5 from 13 x 4: an opponent has a pair",
     lambda: Bag(RANKS).deal([5] * 4).prob_any(any_at_least(2), hands=[1, 2, 3]),
     None),
    ("d6 with replacement: E[rolls until all faces]",
     lambda: Bag(dict.fromkeys(range(1, 7), 1)).draws_until(n_distinct() >= 6, replace=True).mean(),
     None),
]


def _time(fn: Callable[[], object], repeats: int) -> tuple[object, float, float]:
    t0 = time.perf_counter()
    value = fn()
    first = time.perf_counter() - t0
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return value, first, statistics.median(times)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.3f}"


def _answer(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    text = str(value)
    return text if len(text) <= 24 else f"{float(value):.10f}"


def main() -> None:
    print(f"rometools.draws vs icepool {icepool.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()}; times in ms, median of {REPEATS} warm repeats after a first call")
    header = (f"{'question':<50} {'exact answer':<26} {'ours 1st':>8} {'ours med':>8} "
              f"{'ice 1st':>8} {'ice med':>8} {'ratio':>7}  goal")
    print(header)
    print("-" * len(header))
    slow = []
    for label, ours, theirs in QUESTIONS:
        value, first, median = _time(ours, REPEATS)
        if theirs is None:
            ice_first = ice_median = None
            ratio = "   n/a"
        else:
            ice_value, ice_first, ice_median = _time(theirs, max(3, REPEATS // 3))
            if ice_value != value:
                sys.exit(f"MISMATCH on {label!r}: rometools {value} vs icepool {ice_value}")
            ratio = f"{median / ice_median:7.3f}"
        ok = median < GOAL_S and (ice_median is None or median <= ice_median)
        if not ok:
            slow.append(label)
        print(f"{label:<50} {_answer(value)[:26]:<26} {_ms(first)} {_ms(median)} "
              f"{_ms(ice_first) if ice_first is not None else '     n/a'} "
              f"{_ms(ice_median) if ice_median is not None else '     n/a'} {ratio}  "
              f"{'OK' if ok else 'MISSED'}")
    print("every exact answer equals icepool's where both ran; goals: < 100 ms and ratio <= 1: "
          + ("all met" if not slow else f"missed on {slow}"))


# ---------------------------------------------------------------- pools (issue 45): icepool's own examples
OURS_SETUP = "from rometools.draws import Die, Pool, contest, highest, total"
ICE_SETUP = """
import icepool
from fractions import Fraction
from icepool import d4, d6, d8, d10, d12, Pool


def law(die):
    return {k: Fraction(die.quantity(k), die.denominator()) for k in die.outcomes() if die.quantity(k)}


class EvalRisk(icepool.MultisetEvaluator):  # icepool's notebooks/risk.ipynb, as written there
    def initial_state(self, order, outcomes, a_size, b_size):
        return 0, 0, 0

    def next_state(self, state, order, outcome, a, b):
        score_a, score_b, advantage = state
        if advantage > 0:
            score_a += min(b, advantage)
        elif advantage < 0:
            score_b += min(a, -advantage)
        advantage += a - b
        return score_a, score_b, advantage

    def final_outcome(self, final_state, order, outcomes, a_size, b_size):
        return final_state[:2]

    def order(self, *_):
        return -1
"""
D6 = "Die.d(6)"
# (question, ours, icepool): Python expressions after OURS_SETUP / ICE_SETUP
POOLS: list[tuple[str, str, str]] = [
    ("4d6 drop lowest (tutorial ch. 5)", f"Pool([{D6}] * 4).law(highest(3))", "law(d6.pool(4)[-3:].sum())"),
    ("2d4 + 2d6, sum (tutorial ch. 5)", "Pool([Die.d(4)] * 2 + [Die.d(6)] * 2).law(total())",
     "law(Pool([d4, d4, d6, d6]).sum())"),
    ("3d6 (hello_3d6)", f"Pool([{D6}] * 3).law(total())", "law(3 @ d6)"),
    ("3d6 x 12, keep 6 (AD&D method II)",
     f"Pool([Die.from_law(Pool([{D6}] * 3).law(total()))] * 12).law(highest(6))", "law((3 @ d6).highest(12, 6))"),
    ("10d6 keep 3", f"Pool([{D6}] * 10).law(highest(3))", "law(d6.pool(10).highest(3).sum())"),
    ("30d6 keep 10", f"Pool([{D6}] * 30).law(highest(10))", "law(d6.pool(30).highest(10).sum())"),
    ("d4 d6 d8 d10 d12, keep 2", "Pool([Die.d(n) for n in (4, 6, 8, 10, 12)]).law(highest(2))",
     "law(Pool([d4, d6, d8, d10, d12]).highest(2).sum())"),
    ("Risk 3 vs 2, pairs won (risk.ipynb)", f"contest(Pool([{D6}] * 3), Pool([{D6}] * 2), ties='none')",
     "law(EvalRisk().evaluate(d6.pool(3), d6.pool(2)))"),
    ("Risk 12 vs 11, pairs won (risk.ipynb)", f"contest(Pool([{D6}] * 12), Pool([{D6}] * 11), ties='none')",
     "law(EvalRisk().evaluate(d6.pool(12), d6.pool(11)))"),
]
COLD_RUNS = 5
_COLD = """
import sys, time
{setup}
t0 = time.process_time()
value = {expr}
sys.stdout.write(repr(time.process_time() - t0))
"""


def _cold(setup: str, expr: str) -> float:
    """CPU seconds of ``expr``'s first evaluation in a fresh interpreter (imports not timed)."""
    out = subprocess.run([sys.executable, "-c", _COLD.format(setup=setup, expr=expr)], capture_output=True,
                         text=True, check=True)
    return float(out.stdout)


def _warm(fn: Callable[[], object], repeats: int) -> tuple[object, float]:
    value = fn()
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return value, statistics.median(times)


def pools() -> list[str]:
    """Print the pools table; return the questions that missed a goal."""
    ours_env: dict = {}
    ice_env: dict = {}
    exec(OURS_SETUP, ours_env)
    exec(ICE_SETUP, ice_env)
    print(f"\npools: icepool's own examples; CPU ms; cold = first call in a fresh interpreter (median of "
          f"{COLD_RUNS}), warm = median of {REPEATS} repeats")
    header = (f"{'question':<40} {'ours cold':>9} {'ice cold':>9} {'ratio':>6} {'ours warm':>9} "
              f"{'ice warm':>9} {'ratio':>6}  goal")
    print(header)
    print("-" * len(header))
    missed = []
    for label, ours, theirs in POOLS:
        value, ours_warm = _warm(lambda ours=ours: eval(ours, ours_env), REPEATS)
        ice_value, ice_warm = _warm(lambda theirs=theirs: eval(theirs, ice_env), max(3, REPEATS // 3))
        if value != ice_value:
            sys.exit(f"MISMATCH on {label!r}: rometools {value} vs icepool {ice_value}")
        ours_cold, ice_cold = [], []
        for _ in range(COLD_RUNS):  # in turn, so a busy moment of the machine falls on both
            ours_cold.append(_cold(OURS_SETUP, ours))
            ice_cold.append(_cold(ICE_SETUP, theirs))
        oc, ic = statistics.median(ours_cold), statistics.median(ice_cold)
        cold_ratio, warm_ratio = oc / ic, ours_warm / ice_warm
        ok = cold_ratio <= 1 and warm_ratio <= 1
        if not ok:
            missed.append(label)
        print(f"{label:<40} {_ms(oc):>9} {_ms(ic):>9} {cold_ratio:6.3f} {_ms(ours_warm):>9} {_ms(ice_warm):>9} "
              f"{warm_ratio:6.3f}  {'OK' if ok else 'MISSED'}")
    print(f"every answer equals icepool's ({len(POOLS)} of {len(POOLS)}); goal ratio <= 1 cold and warm: "
          + ("all met" if not missed else f"missed on {missed}"))
    return missed


if __name__ == "__main__":
    if "--pools" not in sys.argv:
        main()
    pools()
