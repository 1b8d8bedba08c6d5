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

Run from the repository root: ``.venv/bin/python benchmarks/bench_draws.py``.
"""

from __future__ import annotations

import platform
import statistics
import string
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


if __name__ == "__main__":
    main()
