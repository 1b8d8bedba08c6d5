"""Balance metrics with confidence intervals, read from :func:`rometools.core.simulate.simulate` rows.

Designers playtest by simulating thousands of games and asking: does the first
seat win too often, does a variant change that, how long are games, how close
are they? Every figure here is an estimate with its interval (Wilson score
intervals for proportions, Student t intervals for means), never a bare point
estimate, and :func:`games_needed` says how many games pin a win rate down.

:func:`compare_variants` plays two configs on the same seeds (common random
numbers: each game's chance stream is shared) and reports paired differences,
with the variance reduction the pairing bought against unpaired runs;
:func:`paired_differences` does the pairing and the statistics on two runs
already played (the balance lab's explorer plays each variant once).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from rometools.core.errors import RulesError
from rometools.core.formatting import counted, join_names, number, percent, percent_column, shown
from rometools.core.stats import proportion_estimate

__all__ = [
    "bot_win_rates",
    "compare_variants",
    "game_length_text",
    "game_summary",
    "games_needed",
    "games_needed_text",
    "mean_interval",
    "paired_differences",
    "paired_differences_text",
    "points_shares",
    "rate_columns",
    "rotation_caveat_text",
    "score_summary",
    "seat_advantage_test",
    "seat_win_rates",
    "shared_wins_text",
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


def bot_win_rates(results, confidence: float = 0.95):
    """Win rate of each bot with its Wilson score interval: the bot mix, seats pooled.

    With seat rotation (``simulate(..., rotate=True)``) every bot plays every
    seat, so this is the bot's own strength with the seat advantage averaged
    out, which the per-seat table mixes with the seats' (a seat's rows then
    hold every bot). Counted per seat a bot played: a bot in three seats of a
    game plays three rows of it (a win is rank 1, a shared first place a win
    for each tied seat), and its fair share is then about seats / players.

    Parameters
    ----------
    results : pandas.DataFrame
        :func:`~rometools.core.simulate.simulate` rows (``bot``, ``win``,
        ``shared_win``).
    confidence : float
        Of the interval (0.95: 95%).

    Returns
    -------
    pandas.DataFrame
        Columns ``bot, games, wins, shared_wins, win_rate, ci_low, ci_high``,
        one row per bot by name; ``games`` counts the seats it played.

    Raises
    ------
    RulesError
        For results without those columns, or a confidence not between 0 and 1.

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> df = simulate("caesars_empire", 10, players=2, bots=["greedy", "random"], rotate=True, seed=1,
    ...               progress=False)
    >>> rates = bot_win_rates(df)
    >>> rates[["bot", "games", "wins"]].values.tolist()
    [['greedy', 20, 18], ['random', 20, 2]]
    """
    import pandas as pd

    _need_results(results, "bot", "win", "shared_win")
    if not 0 < confidence < 1:
        raise RulesError(f"confidence must be between 0 and 1, got {confidence!r}")
    rows = []
    for bot, group in results.groupby("bot", sort=True):
        wins = int(group["win"].sum())
        est = proportion_estimate(wins, len(group), confidence=confidence)
        rows.append({"bot": str(bot), "games": len(group), "wins": wins,
                     "shared_wins": int(group["shared_win"].sum()), "win_rate": est.estimate,
                     "ci_low": est.low, "ci_high": est.high})
    return pd.DataFrame(rows)


def rotation_caveat_text(results) -> str:
    """What seat rotation does to the intervals, in one sentence (``""`` without rotation).

    The rotations of a seed share its chance outcomes (:func:`~rometools.core.simulate.simulate`,
    ``rotate=True``), so they are not independent games, while the Wilson
    intervals and the seat-advantage test count every row as one. The command
    line and the balance lab's explorer say it in these words.

    Parameters
    ----------
    results : pandas.DataFrame
        What :func:`~rometools.core.simulate.simulate` returns (its ``game`` and ``rotation`` columns).

    Examples
    --------
    >>> import pandas as pd
    >>> rows = pd.DataFrame({"game": [0, 0, 1, 1], "rotation": [0, 1, 0, 1]})
    >>> rotation_caveat_text(rows)
    'The 2 rotations of a seed share its chance outcomes, so they are not independent games, but the intervals and the test below treat all 4 as if they were: read them as approximate.'
    >>> rotation_caveat_text(rows[rows["rotation"] == 0])
    ''
    """
    _need_results(results, "game", "rotation")
    rotations = int(results["rotation"].nunique())
    if rotations < 2:
        return ""
    games = results[["game", "rotation"]].drop_duplicates().shape[0]
    return (f"The {rotations} rotations of a seed share its chance outcomes, so they are not independent games, "
            f"but the intervals and the test below treat all {number(games)} as if they were: read them as approximate.")


def rate_columns(rates, columns: Sequence[str] = ("win_rate", "ci_low", "ci_high")):
    """A copy of a win-rate table with its rate columns as text, one number of decimals for all of them.

    A table read as one: ``63.0%`` beside ``56.1%`` and ``3.5%``, not
    ``63%``, ``56.1%`` and ``3.47%`` (:func:`~rometools.core.formatting.percent_column`
    over every value of ``columns`` together). With interval columns
    (``ci_low``, ``ci_high``) the decimals are those the narrowest interval's
    half-width needs for two significant digits (one decimal from a few
    hundred games, two from ten thousand): a rate from 40 games reads
    ``60.0%``, not ``60.000%``.

    Parameters
    ----------
    rates : pandas.DataFrame
        What :func:`seat_win_rates` returns (or any table with ``columns``).
    columns : sequence of str
        The rate columns.

    Examples
    --------
    >>> import pandas as pd
    >>> t = rate_columns(pd.DataFrame({"win_rate": [0.63, 0.0347], "ci_low": [0.561, 0.02], "ci_high": [0.7, 0.05]}))
    >>> t.to_dict("list")
    {'win_rate': ['63.0%', '3.5%'], 'ci_low': ['56.1%', '2.0%'], 'ci_high': ['70.0%', '5.0%']}
    """
    _need_results(rates, *columns)
    table = rates.copy()
    margin = None
    if {"ci_low", "ci_high"} <= set(rates.columns):
        halves = [(hi - lo) / 2 for lo, hi in zip(rates["ci_low"], rates["ci_high"], strict=True) if hi > lo]
        margin = min(halves, default=None)
    texts = percent_column([v for c in columns for v in rates[c]], margin=margin)
    n = len(rates)
    for i, column in enumerate(columns):
        table[column] = texts[i * n:(i + 1) * n]
    return table


def shared_wins_text(results) -> str:
    """Why the seats' win rates add up to more than 100%, in one sentence; ``""`` when no first place was shared.

    Counted in games (a game won jointly by 2 seats is one game, and 2 seat
    wins); the ``rometools simulate`` command and the balance lab print it
    under the win-rate table, whose ``shared wins`` column counts seat wins.

    Parameters
    ----------
    results : pandas.DataFrame
        :func:`~rometools.core.simulate.simulate` rows (columns ``game``,
        ``rotation``, ``win`` and ``shared_win`` are read); a game is a
        seed and rotation.

    Returns
    -------
    str
        How many games (and what share of them) ended in a shared first
        place, how many seats tied, the seat wins those games gave, and what
        the win rates add up to.

    Examples
    --------
    Four 2-seat games, the last two won jointly by both seats:

    >>> import pandas as pd
    >>> rows = pd.DataFrame({"game": [0, 0, 1, 1, 2, 2, 3, 3], "rotation": 0, "seat": [0, 1] * 4,
    ...                      "win": [True, False, False, True, True, True, True, True],
    ...                      "shared_win": [False, False, False, False, True, True, True, True]})
    >>> shared_wins_text(rows)
    '2 of 4 games (50%) ended in a shared win (2 seats tied for first; 4 seat wins in all); each tied seat counts a win, so the win rates add up to 150%, not 100%.'
    >>> shared_wins_text(rows[rows["game"] < 2])
    ''
    """
    _need_results(results, "game", "rotation", "win", "shared_win")
    tied = results.groupby(["game", "rotation"], sort=False)["shared_win"].sum()  # tied seats per game
    games, shared = len(tied), int((tied > 0).sum())
    if not shared:
        return ""
    sizes = [str(k) for k in sorted({int(t) for t in tied if t})]
    seats = sizes[0] if len(sizes) == 1 else f"{', '.join(sizes[:-1])} or {sizes[-1]}"
    total = f"{100 * int(results['win'].sum()) / games:.1f}".removesuffix(".0")  # 108.5%, not a rounded 108%
    return (f"{number(shared)} of {counted(games, 'game')} ({percent(Fraction(shared, games), 3)}) ended in a "
            f"shared win ({seats} seats tied for first; {counted(int(tied.sum()), 'seat win')} in all); "
            f"each tied seat counts a win, so the win rates add up to {total}%, not 100%.")


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


def game_length_text(results, confidence: float = 0.95) -> str:
    """How long the games were, in one sentence (decisions: every seat's move counts, chance does not).

    When every game lasted the same number of decisions the sentence says so
    and gives no mean or interval, which would only look like an estimate:
    Caesar's Empire connects every city once, so greedy bots' games on the
    40-city board all last 40 decisions. Otherwise it gives the mean with its
    t interval and the shortest and longest game.

    Parameters
    ----------
    results : pandas.DataFrame
        :func:`~rometools.core.simulate.simulate` rows.
    confidence : float
        Of the interval (0.95: 95%).

    Returns
    -------
    str
        ``"Every game lasted 40 decisions."`` or ``"Game length: 83.0 decisions on
        average (95% confidence interval 76.2 to 89.8), from 77 to 91."``; with as
        many decimals as the interval's ends need to differ (up to 4).

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> game_length_text(simulate("caesars_empire", 5, bots="greedy", seed=3, progress=False))
    'Every game lasted 40 decisions.'
    >>> game_length_text(simulate("augustus", 5, players=2, bots="greedy", seed=3, progress=False))
    'Game length: 83.0 decisions on average (95% confidence interval 76.2 to 89.8), from 77 to 91.'
    >>> import pandas as pd
    >>> rows = pd.DataFrame({"game": range(1000), "rotation": 0, "seat": 0, "length": [43] + [40] * 999,
    ...                      "score": 1, "rank": 1, "win": 1})
    >>> game_length_text(rows)
    'Game length: 40.00 decisions on average (95% confidence interval 40.00 to 40.01), from 40 to 43.'
    """
    if not 0 < confidence < 1:
        raise RulesError(f"confidence must be between 0 and 1, got {confidence!r}")
    lengths = game_summary(results)["length"]
    shortest, longest = int(lengths.min()), int(lengths.max())
    if shortest == longest:
        return f"Every game lasted {number(shortest)} {'decision' if shortest == 1 else 'decisions'}."
    m, lo, hi = mean_interval(lengths, confidence)
    places = 1  # enough decimals that the interval's ends differ ("40.0 to 40.0" read as no interval)
    while places < 4 and f"{lo:.{places}f}" == f"{hi:.{places}f}":
        places += 1
    return (f"Game length: {m:,.{places}f} decisions on average ({confidence:.0%} confidence interval "
            f"{lo:,.{places}f} to {hi:,.{places}f}), from {number(shortest)} to {number(longest)}.")


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


def games_needed_text(rates, half_width: float = 0.02, confidence: float = 0.95) -> str:
    """How many games pin a seat's win rate to ``± half_width``, saying which win rates that assumes.

    The games needed depend on the win rate (:func:`games_needed`: the
    nearer 50%, the more), so the sentence gives them at the fair share
    ``1 / players`` that equal seats would win, then at the observed rate
    nearest 50% (the seat whose interval is widest), naming the seat.

    Parameters
    ----------
    rates : pandas.DataFrame
        What :func:`seat_win_rates` returns.
    half_width : float
        Of the interval wanted (0.02: ± 2 percentage points).
    confidence : float
        Of the interval (0.95: 95%).

    Examples
    --------
    >>> import pandas as pd
    >>> games_needed_text(pd.DataFrame({"player": ["P1", "P2", "P3", "P4"], "win_rate": [0.4, 0.3, 0.2, 0.1]}))
    "Games needed to pin a seat's win rate to ±2 percentage points at 95%: about 1,799 at a win rate of 25%, the fair share; about 2,302 at 40%, P1's observed rate (the observed rate nearest 50%, whose interval is widest)."
    >>> games_needed_text(pd.DataFrame({"player": ["P1", "P2"], "win_rate": [0.5, 0.5]}))
    "Games needed to pin a seat's win rate to ±2 percentage points at 95%: about 2,398 at a win rate of 50%, the fair share, which every seat's observed rate is."
    """
    _need_results(rates, "player", "win_rate")
    fair = 1 / len(rates)
    worst = rates.loc[(rates["win_rate"] * (1 - rates["win_rate"])).idxmax()]
    points = f"{100 * half_width:g} percentage point{'' if 100 * half_width == 1 else 's'}"
    head = (f"Games needed to pin a seat's win rate to ±{points} at {confidence:.0%}: about "
            f"{number(games_needed(half_width, confidence, fair))} at a win rate of {percent(fair, 3)}, the fair "
            f"share")
    if np.allclose(rates["win_rate"], fair):
        return f"{head}, which every seat's observed rate is."
    rate = float(worst["win_rate"])
    return (f"{head}; about {number(games_needed(half_width, confidence, rate))} at {percent(rate, 3)}, "
            f"{worst['player']}'s observed rate (the observed rate nearest 50%, whose interval is widest).")


_PAIR_COLUMNS = ("game", "rotation", "seat", "score", "rank", "win", "length")
#: The column ``pd.read_csv`` makes of an index written with the rows (``to_csv`` without ``index=False``).
_INDEX_COLUMN = re.compile(r"Unnamed: \d+")


def _constant_note(name: str, a: float, b: float, n: int, confidence: float = 0.95) -> str:
    """What a figure with no spread in either variant's ``n`` games was, in words (``a``, ``b``:
    its one value), and that no interval comes from them. A win rate of 0 or 1 in ``n`` games
    is still an estimate: its Wilson interval is given."""
    games = counted(n, "game")

    def said(v: float) -> str:
        if name == "game length":
            return f"all {games} lasted {counted(int(v), 'decision')}" if n > 1 else \
                f"the game lasted {counted(int(v), 'decision')}"
        if name == "winning margin":
            return f"all {games} ended in a tie for first" if v == 0 else \
                f"every one of {games} was won by {counted(int(v), 'point')}"
        player = name.rsplit(" ", 1)[-1]
        if name.startswith("win rate"):
            est = proportion_estimate(int(v) * n, n, confidence=confidence)
            return (f"{player} won {'every one' if v == 1 else 'none'} of {games} "
                    f"({confidence:.0%} Wilson interval {percent(est.low)} to {percent(est.high)})")
        return f"{player} scored {counted(int(v), 'point')} in every one of {games}"
    tail = "no spread in these games, so no interval for the difference"
    if a == b:
        return f"{said(a)} in both variants: {tail}"
    return f"{said(a)} in variant A and {said(b)} in variant B: {tail}"


def _game_title(game_id: Any) -> str:
    """A run's game as a designer knows it: the registered title, else the id quoted."""
    from rometools.core.game import game_spec

    try:
        return game_spec(game_id).title
    except RulesError:
        return shown(game_id)


def _pairing_keys(results, variant: str) -> None:
    _need_results(results, *_PAIR_COLUMNS)
    if results.duplicated(["game", "rotation", "seat"]).any():
        raise RulesError(f"variant {variant}'s results hold a game, rotation and seat more than once: "
                         f"pass one run of simulate()")


def paired_differences(results_a, results_b, confidence: float = 0.95):
    """Paired differences B − A of two runs played on the same seeds, with intervals and the variance saved.

    Game ``i`` of both runs is paired with game ``i`` of the other, rotation
    ``r`` with rotation ``r`` (``simulate(..., rotate=True)`` plays every seed
    once per rotation, labelled in the ``rotation`` column), so a run of
    ``n`` games with ``k`` rotations gives ``n * k`` pairs per figure. When the
    runs share their seed (common random numbers), luck largely cancels in
    each pair's difference. For each figure (each seat's win rate and mean
    score, game length, winning margin) the result gives both means, the
    paired mean difference (B − A) with its t interval, the standard error an
    unpaired comparison of the same runs would have, and the variance
    reduction ``1 - var(paired) / var(unpaired)``.

    A figure with no spread in either run gives no t interval (Caesar's
    Empire connects every city once, so greedy bots' games on the 40-city
    board all last 40 decisions; only a seat that must pass adds one; or a
    seat that won none of a few games): its row keeps the observed
    difference, ``ci_low`` and ``ci_high`` NaN, a ``variance_reduction`` of
    NaN and a ``note`` saying what was seen and that no interval comes from
    it ("all 4 games lasted 30 decisions in both variants: no spread in these
    games, so no interval for the difference"); a win rate of 0 or 1 there
    comes with its Wilson interval, since it is still an estimate. Every
    other row's ``note`` is empty.

    Parameters
    ----------
    results_a, results_b : pandas.DataFrame
        :func:`~rometools.core.simulate.simulate` rows of variants A and B:
        the same games (seed and game indices), rotations and seats.
    confidence : float
        Of the intervals (0.95: 95%).

    Returns
    -------
    pandas.DataFrame
        Columns ``figure, pairs, a, b, difference, ci_low, ci_high,
        se_paired, se_unpaired, variance_reduction, note``: one row per seat's
        win rate (as a proportion), per seat's mean score (points), then game
        length (decisions) and winning margin (points).

    Raises
    ------
    RulesError
        When either is not what ``simulate()`` returns, or the runs cannot be
        paired: runs of two different games (``attrs["game_id"]``, which
        ``simulate()`` sets; runs read back from a file have none, so their
        columns are compared: a game's extras and points by category differ
        from another's, and the message names the columns only one run has),
        another seed, other games, rotations or seats (the message says
        which). Nothing is computed before these checks.

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> bots = ["greedy", "random", "random"]
    >>> a = simulate("caesars_empire", 4, players=3, bots=bots, seed=1, rotate=True, progress=False)
    >>> b = simulate("caesars_empire", 4, players=3, bots=bots, seed=1, rotate=True, progress=False,
    ...              config={"route_policy": "first"})
    >>> d = paired_differences(a, b).set_index("figure")
    >>> int(d.loc["win rate P1", "pairs"])  # 4 games, 3 rotations each
    12
    >>> d.loc["game length", "note"]
    'all 12 games lasted 30 decisions in both variants: no spread in these games, so no interval for the difference'
    >>> paired_differences(a, simulate("caesars_empire", 4, players=3, seed=2, progress=False))
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: variant A was played from seed 1 and variant B from seed 2: a paired comparison needs the same seed
    >>> paired_differences(a, simulate("augustus", 4, players=3, bots=bots, seed=1, rotate=True, progress=False))
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: variant A is a run of Caesar's Empire and variant B of Augustus: a paired comparison needs two runs of the same game
    """
    import pandas as pd

    if not 0 < confidence < 1:
        raise RulesError(f"confidence must be between 0 and 1, got {confidence!r}")
    _pairing_keys(results_a, "A")
    _pairing_keys(results_b, "B")
    ids = [r.attrs.get("game_id") for r in (results_a, results_b)]
    if None not in ids and ids[0] != ids[1]:
        titles = [_game_title(i) for i in ids]
        raise RulesError(f"variant A is a run of {titles[0]} and variant B of {titles[1]}: a paired comparison "
                         f"needs two runs of the same game")
    only = [[c for c in r.columns if c not in other.columns and not _INDEX_COLUMN.fullmatch(str(c))]
            for r, other in ((results_a, results_b), (results_b, results_a))]
    if any(only):  # read back from files, the runs carry no game id: their per-game columns tell
        said = "; ".join(f"only variant {v} has {join_names(cols)}" for v, cols in zip("AB", only, strict=True)
                         if cols)
        raise RulesError(f"the runs have different columns ({said}): they look like runs of different games or "
                         f"different game options, and a paired comparison needs two runs of the same game")
    if "seed" in results_a.columns and "seed" in results_b.columns:
        seeds = [sorted(int(s) for s in r["seed"].unique()) for r in (results_a, results_b)]
        if seeds[0] != seeds[1]:
            raise RulesError(f"variant A was played from seed {', '.join(map(str, seeds[0]))} and variant B "
                             f"from seed {', '.join(map(str, seeds[1]))}: a paired comparison needs the same seed")
    for column, what, advice in (("seat", "seat", "the same number of players"),
                                 ("rotation", "rotation", "seat rotation, or neither"),
                                 ("game", "game", "the same number of games")):
        held = [sorted(int(v) for v in r[column].unique()) for r in (results_a, results_b)]
        if held[0] != held[1]:
            counts = (f"variant A has {counted(len(held[0]), what)} and variant B {number(len(held[1]))}"
                      if len(held[0]) != len(held[1]) else f"variants A and B hold different {what}s")
            raise RulesError(f"{counts}: a paired comparison needs the same {what}s; play both variants with "
                             f"{advice}")
    keys = ["game", "rotation"]
    a_keys = set(map(tuple, results_a[[*keys, "seat"]].to_numpy().tolist()))
    if a_keys != set(map(tuple, results_b[[*keys, "seat"]].to_numpy().tolist())):
        raise RulesError("variants A and B hold different games, rotations or seats: a paired comparison "
                         "needs the same ones")
    seats = sorted(int(s) for s in results_a["seat"].unique())
    per_seat = results_a[[*keys, "seat", "win", "score"]].merge(
        results_b[[*keys, "seat", "win", "score"]], on=[*keys, "seat"], suffixes=("_a", "_b"), validate="1:1")
    per_game = game_summary(results_a).merge(game_summary(results_b), on=keys, suffixes=("_a", "_b"),
                                             validate="1:1")
    figures: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for column, label in (("win", "win rate"), ("score", "mean score")):
        for seat in seats:
            pairs = per_seat[per_seat["seat"] == seat]
            figures[f"{label} P{seat + 1}"] = (pairs[f"{column}_a"].to_numpy(float),
                                               pairs[f"{column}_b"].to_numpy(float))
    for column, label in (("length", "game length"), ("margin", "winning margin")):
        figures[label] = (per_game[f"{column}_a"].to_numpy(float), per_game[f"{column}_b"].to_numpy(float))
    rows = []
    for name, (a, b) in figures.items():
        n = len(a)
        if np.ptp(a) == 0 and np.ptp(b) == 0:  # no spread in either run: no t interval from these games
            d = float(b[0] - a[0])
            rows.append({"figure": name, "pairs": n, "a": float(a[0]), "b": float(b[0]), "difference": d,
                         "ci_low": math.nan, "ci_high": math.nan, "se_paired": 0.0, "se_unpaired": 0.0,
                         "variance_reduction": math.nan,
                         "note": _constant_note(name, a[0], b[0], n, confidence)})
            continue
        d = b - a
        m, lo, hi = mean_interval(d, confidence)
        var_paired = float(d.var(ddof=1)) if n > 1 else 0.0
        var_unpaired = (float(a.var(ddof=1)) + float(b.var(ddof=1))) if n > 1 else 0.0
        rows.append({"figure": name, "pairs": n, "a": float(a.mean()), "b": float(b.mean()), "difference": m,
                     "ci_low": lo, "ci_high": hi, "se_paired": math.sqrt(var_paired / n),
                     "se_unpaired": math.sqrt(var_unpaired / n),
                     "variance_reduction": 1 - var_paired / var_unpaired if var_unpaired > 0 else 0.0,
                     "note": ""})
    return pd.DataFrame(rows)


def _signed(x: float, decimals: int = 1) -> str:
    """``+2.1``, ``−4.0`` (a minus sign, not a hyphen), ``0.0`` (no sign, nor for a rounded −0.04)."""
    text = f"{x:+.{decimals}f}"
    return text.lstrip("+-") if float(text) == 0 else text.replace("-", "\u2212")


def paired_differences_text(comparison, confidence: float = 0.95) -> str:
    """The headline of a paired comparison in one sentence: each difference B − A with its interval.

    Win rates are said in percentage points, mean scores and the winning
    margin in points, game length in decisions; then the variance reduction
    the pairing bought against unpaired runs of the same games. A figure with
    no spread in either variant has no interval and is left out here: its
    row's ``note`` says it in words.

    Parameters
    ----------
    comparison : pandas.DataFrame
        What :func:`paired_differences` or :func:`compare_variants` returns.
    confidence : float
        Of its intervals (said in the sentence).

    Returns
    -------
    str
        ``""`` when no figure has an interval.

    Examples
    --------
    >>> import pandas as pd
    >>> rows = pd.DataFrame({"figure": ["win rate P1", "win rate P2", "mean score P1", "mean score P2",
    ...                                 "game length", "winning margin"], "pairs": 200,
    ...                      "difference": [-0.04, 0.04, 2.1, -2.1, 0.0, 1.25],
    ...                      "ci_low": [-0.061, 0.019, 1.3, -2.9, math.nan, 0.5],
    ...                      "ci_high": [-0.019, 0.061, 2.9, -1.3, math.nan, 2.0],
    ...                      "variance_reduction": [0.42, 0.4, 0.81, 0.8, math.nan, 0.65]})
    >>> paired_differences_text(rows)
    'B − A over 200 paired games (95% confidence intervals): win rate P1 −4.0 percentage points [−6.1, −1.9], P2 +4.0 [1.9, 6.1]; mean score P1 +2.1 points [1.3, 2.9], P2 −2.1 [−2.9, −1.3]; winning margin +1.2 points [0.5, 2.0]. Pairing the games reduced the variance of these differences by 40% to 81% against unpaired runs.'
    """
    _need_results(comparison, "figure", "pairs", "difference", "ci_low", "ci_high", "variance_reduction")
    shown_rows = comparison[comparison["ci_low"].notna()]
    if shown_rows.empty:
        return ""
    groups = []
    for label, unit, scale in (("win rate", "percentage points", 100), ("mean score", "points", 1),
                               ("game length", "decisions", 1), ("winning margin", "points", 1)):
        rows = shown_rows[shown_rows["figure"].str.startswith(label)]
        parts = []
        for k, (_, row) in enumerate(rows.iterrows()):
            seat = row["figure"].removeprefix(label).strip()
            parts.append(f"{seat + ' ' if seat else ''}{_signed(scale * row['difference'])}"
                         f"{' ' + unit if k == 0 else ''} [{_signed(scale * row['ci_low']).lstrip('+')}, "
                         f"{_signed(scale * row['ci_high']).lstrip('+')}]")
        if parts:
            groups.append(f"{label} {', '.join(parts)}")
    reductions = [float(v) for v in shown_rows["variance_reduction"] if not math.isnan(v)]
    low, high = (_signed(100 * v, 0).lstrip("+") + "%" for v in (min(reductions), max(reductions)))
    saved = low if low == high else f"{low} to {high}"
    why = (" (below 0%: for that figure the pairing did not help, by chance or because the variant changes "
           "the games' course from the first moves)" if min(reductions) < 0 else "")
    return (f"B \u2212 A over {counted(int(comparison['pairs'].iloc[0]), 'paired game')} "
            f"({confidence:.0%} confidence intervals): {'; '.join(groups)}. Pairing the games reduced the "
            f"variance of these differences by {saved} against unpaired runs{why}.")


def compare_variants(game: str, config_a: Mapping[str, Any], config_b: Mapping[str, Any], n_games: int,
                     seed: int = 0, *, bots: str | Sequence[str] = "random", players: int | None = None,
                     rotate: bool = False, confidence: float = 0.95, executor: str = "serial",
                     workers: int | None = None, progress: bool = False):
    """Two variants on the same seeds: paired differences with intervals and the variance saved.

    Plays ``n_games`` seeded games of each variant with
    :func:`~rometools.core.simulate.simulate` and pairs them with
    :func:`paired_differences`, which reads the result (already have both
    runs? call it on them: nothing is played twice). Game ``i`` of both
    variants draws its chance outcomes from the same stream (common random
    numbers), so luck largely cancels in the per-game difference; with
    ``rotate`` every seed is played once per rotation of the bots over the
    seats and pairs are the same game *and* rotation, ``n_games * players``
    pairs per figure.

    Parameters
    ----------
    game : str
        A registered game id.
    config_a, config_b : Mapping
        The two variants' options (``{"players": 3, "route_policy": "first"}``).
    n_games : int
        Seeds to play per variant.
    seed : int
        The run's seed, the same for both variants.
    bots : str or sequence of str
        A bot name for every seat, or one per seat.
    players : int, optional
        Seats, for both variants (overrides their ``players``).
    rotate : bool
        Play each seed once per cyclic rotation of the bots over the seats.
    confidence : float
        Of the intervals.
    executor, workers, progress
        As for :func:`~rometools.core.simulate.simulate`.

    Returns
    -------
    pandas.DataFrame
        What :func:`paired_differences` returns: columns ``figure, pairs, a, b,
        difference, ci_low, ci_high, se_paired, se_unpaired,
        variance_reduction, note`` (a figure with no spread in either variant,
        such as Caesar's Empire's game length, is stated exactly in ``note``).

    Examples
    --------
    >>> df = compare_variants("caesars_empire", {"players": 3}, {"players": 3, "all_tokens_variant": True},
    ...                       30, seed=1, bots="greedy")
    >>> df["figure"].tolist()[:3]
    ['win rate P1', 'win rate P2', 'win rate P3']
    >>> float(df.set_index("figure").loc["game length", "difference"])
    0.0
    >>> df.set_index("figure").loc["game length", "note"]
    'all 30 games lasted 30 decisions in both variants: no spread in these games, so no interval for the difference'
    """
    from rometools.core.simulate import simulate

    if players is not None:
        config_a, config_b = {**config_a, "players": players}, {**config_b, "players": players}
    runs = [simulate(game, n_games, bots=bots, seed=seed, config=c, rotate=rotate, executor=executor,
                     workers=workers, progress=progress) for c in (config_a, config_b)]
    return paired_differences(*runs, confidence=confidence)
