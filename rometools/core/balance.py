"""Balance metrics with confidence intervals, read from :func:`rometools.core.simulate.simulate` rows.

Designers playtest by simulating thousands of games and asking: does the first
seat win too often, does a variant change that, how long are games, how close
are they? Every figure here is an estimate with its interval (Wilson score
intervals for proportions, Student t intervals for means), never a bare point
estimate, and :func:`games_needed` says how many games pin a win rate down.

:func:`compare_variants` plays two configs on the same seeds (common random
numbers: each game's chance stream is shared) and reports paired differences,
with the variance reduction the pairing bought against unpaired runs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from rometools.core.errors import RulesError
from rometools.core.stats import proportion_estimate

__all__ = [
    "compare_variants",
    "game_summary",
    "games_needed",
    "mean_interval",
    "points_shares",
    "score_summary",
    "seat_advantage_test",
    "seat_win_rates",
]


def _need_results(results, *columns: str) -> None:
    import pandas as pd

    if not isinstance(results, pd.DataFrame):
        raise RulesError(f"results must be the DataFrame simulate() returns, got {type(results).__name__}")
    missing = [c for c in columns if c not in results.columns]
    if missing:
        raise RulesError(f"results lack the column(s) {missing}: pass what simulate() returns")
    if results.empty:
        raise RulesError("results hold no games")


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): a Student t interval for the mean.

    Examples
    --------
    >>> m, lo, hi = mean_interval([1, 2, 3, 4])
    >>> m, round(lo, 3), round(hi, 3)
    (2.5, 0.446, 4.554)
    """
    from scipy import stats

    x = np.asarray(values, dtype=float)
    m = float(x.mean())
    if len(x) < 2 or float(x.std(ddof=1)) == 0.0:
        return m, m, m
    half = float(stats.t.ppf(0.5 + confidence / 2, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x)))
    return m, m - half, m + half


def seat_win_rates(results, confidence: float = 0.95):
    """Win rate of each seat with its Wilson score interval.

    A win is rank 1 after the rulebook's tiebreakers; a complete tie for first
    counts as a win for every tied seat (``shared_wins`` says how many).

    Parameters
    ----------
    results : pandas.DataFrame
        :func:`~rometools.core.simulate.simulate` rows.
    confidence : float
        Of the interval (0.95: 95%).

    Returns
    -------
    pandas.DataFrame
        Columns ``seat, player, games, wins, shared_wins, win_rate, ci_low,
        ci_high``, one row per seat.

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> rates = seat_win_rates(simulate("caesars_empire", 40, bots="greedy", seed=1, progress=False))
    >>> list(rates.columns), int(rates["games"].sum())
    (['seat', 'player', 'games', 'wins', 'shared_wins', 'win_rate', 'ci_low', 'ci_high'], 160)
    """
    import pandas as pd

    _need_results(results, "seat", "win", "shared_win")
    if not 0 < confidence < 1:
        raise RulesError(f"confidence must be between 0 and 1, got {confidence!r}")
    rows = []
    for seat, group in results.groupby("seat", sort=True):
        wins = int(group["win"].sum())
        est = proportion_estimate(wins, len(group), confidence=confidence)
        rows.append({"seat": int(seat), "player": f"P{int(seat) + 1}", "games": len(group), "wins": wins,
                     "shared_wins": int(group["shared_win"].sum()), "win_rate": est.estimate,
                     "ci_low": est.low, "ci_high": est.high})
    return pd.DataFrame(rows)


def seat_advantage_test(results) -> dict[str, Any]:
    """A chi-square test of "no seat advantage": are outright wins spread evenly over the seats?

    Games whose first place is shared are left out. With few games (an
    expected count under 5 per seat) the exact multinomial test is used.

    Returns
    -------
    dict
        ``wins`` per seat, ``games`` (outright wins counted), ``statistic``,
        ``p_value`` and ``method``. A small p-value (say under 0.01) says the
        seats are not equal.

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> t = seat_advantage_test(simulate("caesars_empire", 30, bots="random", seed=2, progress=False))
    >>> sorted(t), 0 <= t["p_value"] <= 1
    (['games', 'method', 'p_value', 'statistic', 'wins'], True)
    """
    from scipy import stats

    _need_results(results, "seat", "win", "shared_win")
    seats = sorted(results["seat"].unique())
    outright = results[results["win"] & ~results["shared_win"]]
    wins = [int((outright["seat"] == s).sum()) for s in seats]
    n = sum(wins)
    if n == 0:
        raise RulesError("no game has an outright winner to test")
    if n / len(seats) >= 5:
        stat, p = stats.chisquare(wins)
        return {"wins": wins, "games": n, "statistic": float(stat), "p_value": float(p), "method": "chi-square"}
    # exact: the probability, under equal seats, of a table no more likely than the observed one
    from itertools import product

    k = len(seats)
    observed = stats.multinomial.pmf(wins, n, [1 / k] * k)
    p = sum(float(stats.multinomial.pmf(t, n, [1 / k] * k))
            for t in product(range(n + 1), repeat=k) if sum(t) == n
            and stats.multinomial.pmf(t, n, [1 / k] * k) <= observed * (1 + 1e-9))
    return {"wins": wins, "games": n, "statistic": float(observed), "p_value": min(1.0, p),
            "method": "exact multinomial"}


def score_summary(results, confidence: float = 0.95):
    """Scores per seat: mean with its t interval, spread and quantiles (points).

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> s = score_summary(simulate("caesars_empire", 20, seed=3, progress=False))
    >>> list(s.columns)[:5]
    ['seat', 'player', 'mean', 'ci_low', 'ci_high']
    """
    import pandas as pd

    _need_results(results, "seat", "score")
    rows = []
    for seat, group in results.groupby("seat", sort=True):
        m, lo, hi = mean_interval(group["score"], confidence)
        q = group["score"].quantile([0.1, 0.5, 0.9])
        rows.append({"seat": int(seat), "player": f"P{int(seat) + 1}", "mean": m, "ci_low": lo, "ci_high": hi,
                     "sd": float(group["score"].std(ddof=1)) if len(group) > 1 else 0.0,
                     "p10": float(q[0.1]), "median": float(q[0.5]), "p90": float(q[0.9])})
    return pd.DataFrame(rows)


def game_summary(results):
    """One row per game: winning margin, game length and the winner's seat.

    The margin is the winner's score minus the best other score (points; 0
    on a tie for first); the length counts every player decision.

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> g = game_summary(simulate("caesars_empire", 5, seed=3, progress=False))
    >>> list(g.columns), len(g)
    (['game', 'rotation', 'margin', 'length', 'winner'], 5)
    """
    import pandas as pd

    _need_results(results, "game", "rotation", "seat", "score", "rank", "length")
    keys = ["game", "rotation"]
    by_score = results.sort_values([*keys, "score"], ascending=[True, True, False], kind="stable")
    place = by_score.groupby(keys, sort=False).cumcount()
    best = by_score[place == 0].set_index(keys)
    second = by_score[place == 1].set_index(keys)["score"].reindex(best.index)
    margin = (best["score"] - second).fillna(0)  # one seat only: no margin
    winners = results.sort_values([*keys, "rank", "seat"], kind="stable").groupby(keys, sort=False).head(1)
    winner = winners.set_index(keys)["seat"].reindex(best.index)
    out = pd.DataFrame({"margin": margin.astype(int), "length": best["length"].astype(int),
                        "winner": winner.astype(int)}).sort_index().reset_index()
    return out.astype({"game": int, "rotation": int})


def points_shares(results):
    """Share of all points scored in each scoring category (``points_*`` columns).

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> shares = points_shares(simulate("caesars_empire", 5, seed=3, progress=False))
    >>> round(float(shares["share"].sum()), 9)
    1.0
    """
    import pandas as pd

    cols = [c for c in results.columns if c.startswith("points_")]
    if not cols:
        raise RulesError("this game reports no points by category")
    totals = results[cols].sum()
    return pd.DataFrame({"category": [c.removeprefix("points_") for c in cols],
                         "points": [int(totals[c]) for c in cols],
                         "share": [float(totals[c] / totals.sum()) for c in cols]})


def games_needed(half_width: float, confidence: float = 0.95, rate: float = 0.5) -> int:
    """Games needed so the Wilson interval of a win rate is at most ``± half_width``.

    ``rate`` is the win rate expected (0.5 is the worst case; 1/4 for one seat
    of four equal seats).

    Examples
    --------
    >>> games_needed(0.05), games_needed(0.01, rate=0.25)
    (381, 7201)
    """
    from scipy import stats

    if not 0 < half_width < 0.5:
        raise RulesError(f"the half width is a proportion between 0 and 0.5, got {half_width!r}")
    if not 0 < confidence < 1 or not 0 <= rate <= 1:
        raise RulesError("confidence must be in (0, 1) and rate in [0, 1]")
    z = float(stats.norm.ppf(0.5 + confidence / 2))

    def width(n: int) -> float:  # Wilson half width at the expected rate
        return z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)

    n = max(1, int(z * z * rate * (1 - rate) / half_width ** 2) - 5)
    while width(n) > half_width:
        n += 1
    return n


def compare_variants(game: str, config_a: Mapping[str, Any], config_b: Mapping[str, Any], n_games: int,
                     seed: int = 0, *, bots: str | Sequence[str] = "random", players: int | None = None,
                     confidence: float = 0.95, executor: str = "serial", workers: int | None = None,
                     progress: bool = False):
    """Two variants on the same seeds: paired differences with intervals and the variance saved.

    Game ``i`` of both variants draws its chance outcomes from the same stream
    (common random numbers), so luck largely cancels in the per-game
    difference. For each figure (each seat's win rate and mean score, game
    length, winning margin) the result gives both means, the paired mean
    difference (B − A) with its t interval, the standard error an unpaired
    comparison of the same runs would have, and the variance reduction
    ``1 - var(paired) / var(unpaired)``.

    Returns
    -------
    pandas.DataFrame
        Columns ``figure, a, b, difference, ci_low, ci_high, se_paired,
        se_unpaired, variance_reduction``.

    Examples
    --------
    >>> df = compare_variants("caesars_empire", {"players": 3}, {"players": 3, "all_tokens_variant": True},
    ...                       30, seed=1)
    >>> df["figure"].tolist()[:3]
    ['win rate P1', 'win rate P2', 'win rate P3']
    """
    import pandas as pd

    from rometools.core.simulate import simulate

    if players is not None:
        config_a, config_b = {**config_a, "players": players}, {**config_b, "players": players}
    runs = [simulate(game, n_games, bots=bots, seed=seed, config=c, executor=executor, workers=workers,
                     progress=progress) for c in (config_a, config_b)]
    figures: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for seat in sorted(runs[0]["seat"].unique()):
        a, b = (r[r["seat"] == seat].sort_values("game") for r in runs)
        figures[f"win rate P{seat + 1}"] = (a["win"].to_numpy(float), b["win"].to_numpy(float))
    for seat in sorted(runs[0]["seat"].unique()):
        a, b = (r[r["seat"] == seat].sort_values("game") for r in runs)
        figures[f"mean score P{seat + 1}"] = (a["score"].to_numpy(float), b["score"].to_numpy(float))
    summaries = [game_summary(r).sort_values("game") for r in runs]
    figures["game length"] = tuple(s["length"].to_numpy(float) for s in summaries)
    figures["winning margin"] = tuple(s["margin"].to_numpy(float) for s in summaries)
    rows = []
    for name, (a, b) in figures.items():
        d = b - a
        m, lo, hi = mean_interval(d, confidence)
        n = len(d)
        var_paired = float(d.var(ddof=1)) if n > 1 else 0.0
        var_unpaired = (float(a.var(ddof=1)) + float(b.var(ddof=1))) if n > 1 else 0.0
        rows.append({"figure": name, "a": float(a.mean()), "b": float(b.mean()), "difference": m,
                     "ci_low": lo, "ci_high": hi, "se_paired": math.sqrt(var_paired / n),
                     "se_unpaired": math.sqrt(var_unpaired / n),
                     "variance_reduction": 1 - var_paired / var_unpaired if var_unpaired > 0 else 0.0})
    return pd.DataFrame(rows)
