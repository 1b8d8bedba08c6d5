"""The balance metrics' statistics against scipy.stats, which they no longer import.

``seat_advantage_test``, ``mean_interval`` and ``games_needed`` use scipy.special's
distribution functions, exact integers and the standard library's normal quantile
(scipy.stats took about 1 s of CPU to import, most of the balance lab's opening); here
each agrees with the scipy.stats function it replaces.
"""

from fractions import Fraction
from itertools import product

import pandas as pd
import pytest
from scipy import stats

from rometools.core.balance import games_needed, mean_interval, seat_advantage_test


def _results(wins: list[int]) -> pd.DataFrame:
    """One row per game and seat: game g won outright by the seat its position in ``wins`` gives."""
    rows = []
    winners = [s for s, w in enumerate(wins) for _ in range(w)]
    for g, winner in enumerate(winners):
        rows += [{"game": g, "seat": s, "win": s == winner, "shared_win": False} for s in range(len(wins))]
    return pd.DataFrame(rows)


@pytest.mark.parametrize("wins", [[30, 22, 25, 23], [12, 3, 5], [50, 50], [9, 11, 6, 2, 8]])
def test_chi_square_agrees_with_scipy(wins):
    test = seat_advantage_test(_results(wins))
    stat, p = stats.chisquare(wins)
    assert test["method"] == "chi-square" and test["wins"] == wins
    assert test["statistic"] == pytest.approx(float(stat), rel=1e-12) and test["p_value"] == pytest.approx(float(p), rel=1e-9)


@pytest.mark.parametrize("wins", [[3, 0, 1], [2, 2], [1, 0, 0, 4], [0, 5, 1, 2, 1]])
def test_exact_multinomial_agrees_with_scipy(wins):
    test = seat_advantage_test(_results(wins))
    n, k = sum(wins), len(wins)
    pmf = [stats.multinomial.pmf(t, n, [1 / k] * k) for t in product(range(n + 1), repeat=k) if sum(t) == n]
    observed = stats.multinomial.pmf(wins, n, [1 / k] * k)
    p = sum(float(x) for x in pmf if x <= observed * (1 + 1e-9))
    assert test["method"] == "exact multinomial"
    assert test["statistic"] == pytest.approx(float(observed), rel=1e-12) and test["p_value"] == pytest.approx(p, rel=1e-9)


def test_exact_multinomial_hand_value():
    # 3 games, 2 seats, 3-0: tables 3-0 and 0-3 are as likely (1/8 each), the others more: p = 1/4
    test = seat_advantage_test(_results([3, 0]))
    assert Fraction(test["statistic"]) == Fraction(1, 8) and test["p_value"] == 0.25


@pytest.mark.parametrize("values", [[1, 2, 3, 4], [10.5, 3, 7, 7, 1, 0], list(range(40))])
@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_mean_interval_agrees_with_scipy(values, confidence):
    m, low, high = mean_interval(values, confidence)
    lo, hi = stats.t.interval(confidence, len(values) - 1, loc=m, scale=stats.sem(values))
    assert (low, high) == (pytest.approx(lo, rel=1e-12), pytest.approx(hi, rel=1e-12))


@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_games_needed_uses_the_normal_quantile(confidence):
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    n = games_needed(0.02, confidence=confidence, rate=0.3)
    width = lambda n: z * (0.3 * 0.7 / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)  # noqa: E731
    assert width(n) <= 0.02 < width(n - 1)
