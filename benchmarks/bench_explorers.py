"""Speed of the Caesar's Empire explorers and scoring (issue 2, section 6).

Prints measured figures, not pass/fail:

* the median time of one ``CollectionExplorer`` update (a count changed, both
  charts recomputed and synced; target under 50 ms);
* ``treasure_points`` calls per second;
* the time of ``treasure_points_distribution`` for n = 8, 10 and 12 tokens
  (target under 1 s each): the first call and the best of 3.

Run from the repository root: ``.venv/bin/python benchmarks/bench_explorers.py`` (the
``make`` set-up installs rometools into ``.venv``; without it, prefix ``PYTHONPATH=.``).
"""

from __future__ import annotations

import statistics
import time

from rometools.caesars_empire import load_components, treasure_points, treasure_points_distribution
from rometools.widgets import CollectionExplorer

UPDATE_TARGET_S = 0.050
DISTRIBUTION_TARGET_S = 1.0


def _report(label: str, seconds: float, target: float) -> None:
    print(f"{label:<48} {seconds * 1000:9.2f} ms   target {target * 1000:6.0f} ms   "
          f"ratio {seconds / target:5.2f}  {'OK' if seconds < target else 'SLOW'}")


def bench_explorer_update(repeats: int = 60) -> float:
    """Median seconds for one user edit of a count (observer -> rules -> charts -> FigureWidgets)."""
    ex = CollectionExplorer()
    box = ex.counts_inputs["grapes"]
    times = []
    for i in range(repeats):
        t0 = time.perf_counter()
        box.value = 1 + i % 4  # always a change, always valid: one full update
        times.append(time.perf_counter() - t0)
    assert ex.message == "", ex.message
    return statistics.median(times)


def bench_treasure_points(seconds: float = 1.0) -> float:
    """``treasure_points`` calls per second on the rulebook example."""
    comps = load_components()
    example = {"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2}
    calls, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(200):
            treasure_points(example, components=comps)
        calls += 200
    return calls / (time.perf_counter() - t0)


def bench_distribution(n: int, repeats: int = 3) -> tuple[float, float]:
    """Seconds of ``treasure_points_distribution(n)``: first call, best of ``repeats``."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        treasure_points_distribution(n)
        times.append(time.perf_counter() - t0)
    return times[0], min(times)


def main() -> None:
    load_components()  # warm the component cache: we time updates, not file parsing
    _report("CollectionExplorer update (median of 60)", bench_explorer_update(), UPDATE_TARGET_S)
    print(f"{'treasure_points calls per second':<48} {bench_treasure_points():9.0f} /s")
    for n in (8, 10, 12):
        first, best = bench_distribution(n)
        _report(f"treasure_points_distribution(n={n}), first call", first, DISTRIBUTION_TARGET_S)
        _report(f"treasure_points_distribution(n={n}), best of 3", best, DISTRIBUTION_TARGET_S)


if __name__ == "__main__":
    main()
