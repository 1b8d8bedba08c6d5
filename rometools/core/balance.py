"""Balance metrics with confidence intervals, read from :func:`rometools.core.simulate.simulate` rows.

Designers playtest by simulating thousands of games and asking: does the first
seat win too often, does a variant change that, how long are games, how close
are they? Every figure here is an estimate with its interval (Wilson score
intervals for proportions, Student t intervals for means), never a bare point
estimate, and :func:`games_needed` says how many games pin a win rate down.

Two variants on the same seeds (paired differences, common random numbers) are
:mod:`rometools.core.paired`'s.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from rometools.core.errors import ArgumentError
from rometools.core.formatting import counted, number, percent, percent_column
from rometools.core.stats import proportion_estimate

__all__ = [
    "bot_win_rates",
    "detectable_difference",
    "game_length_text",
    "game_summary",
    "games_needed",
    "games_needed_text",
    "games_to_detect",
    "mean_interval",
    "points_shares",
    "rate_columns",
    "rotation_caveat_text",
    "score_summary",
    "seat_advantage_test",
    "seat_table",
    "seat_win_rates",
    "sensitivity_text",
    "shared_wins_text",
]


def _need_results(results, *columns: str) -> None:
    import pandas as pd

    if not isinstance(results, pd.DataFrame):
        raise ArgumentError(f"results must be the DataFrame simulate() returns, got {type(results).__name__}")
    missing = [c for c in columns if c not in results.columns]
    if missing:
        raise ArgumentError(f"results lack the column(s) {missing}: pass what simulate() returns")
    if results.empty:
        raise ArgumentError("results hold no games")


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): a Student t interval for the mean.

    Examples
    --------
    >>> m, lo, hi = mean_interval([1, 2, 3, 4])
    >>> m, round(lo, 3), round(hi, 3)
    (2.5, 0.446, 4.554)
    """
    # Student t quantile, as scipy.stats.t.ppf (without scipy.stats' 1 s import)
    from scipy.special import stdtrit

    x = np.asarray(values, dtype=float)
    m = float(x.mean())
    if len(x) < 2 or float(x.std(ddof=1)) == 0.0:
        return m, m, m
    half = float(stdtrit(len(x) - 1, 0.5 + confidence / 2) * x.std(ddof=1) / math.sqrt(len(x)))
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
    return _win_rates(results, "seat", confidence, lambda seat: {"seat": int(seat), "player": f"P{int(seat) + 1}"})


def _win_rates(results, by: str, confidence: float, key) -> Any:
    """One row per value of the column ``by``: ``key(value)``'s columns, then games, wins,
    shared wins and the win rate with its Wilson interval."""
    import pandas as pd

    _need_results(results, by, "win", "shared_win")
    if not 0 < confidence < 1:
        raise ArgumentError(f"confidence must be between 0 and 1, got {confidence!r}")
    rows = []
    for value, group in results.groupby(by, sort=True):
        wins = int(group["win"].sum())
        est = proportion_estimate(wins, len(group), confidence=confidence)
        rows.append({**key(value), "games": len(group), "wins": wins, "shared_wins": int(group["shared_win"].sum()),
                     "win_rate": est.estimate, "ci_low": est.low, "ci_high": est.high})
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
    ArgumentError
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
    return _win_rates(results, "bot", confidence, lambda bot: {"bot": str(bot)})


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
    total = _percent_over_100(Fraction(100 * int(results["win"].sum()), games))
    return (f"{number(shared)} of {counted(games, 'game')} ({percent(Fraction(shared, games), 3)}) ended in a "
            f"shared win ({seats} seats tied for first; {counted(int(tied.sum()), 'seat win')} in all); "
            f"each tied seat counts a win, so the win rates add up to {total}%, not 100%.")


def _percent_over_100(total: Fraction) -> str:
    """A total above 100 (percent) with as many decimals as it takes not to read 100: "108.5",
    "100.01" (10,001 seat wins in 10,000 games), never a rounded "100".

    Examples
    --------
    >>> _percent_over_100(Fraction(217, 2)), _percent_over_100(Fraction(1000100, 10000)), _percent_over_100(Fraction(150))
    ('108.5', '100.01', '150')
    """
    for places in range(1, 12):
        text = f"{float(total):.{places}f}".rstrip("0").rstrip(".")
        if text != "100":
            return text
    return f"{float(total):.12f}"


def seat_advantage_text(results) -> str:
    """The test of "no seat advantage" (:func:`seat_advantage_test`) in one sentence.

    When the seats had different bots and were not rotated, it says that the
    test then compares the bots as much as the seats.

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> seat_advantage_text(simulate("caesars_empire", 40, bots="greedy", seed=2, progress=False))
    'Seat advantage: a chi-square test of equal outright wins per seat gives p < 0.0001 over 40 outright wins: the seats differ (at the 1% level).'
    >>> seat_advantage_text(simulate("caesars_empire", 6, bots=["greedy", "random"], players=2, seed=2,
    ...                              progress=False))  # doctest: +ELLIPSIS
    'Seat advantage: an exact multinomial test ... the seats have different bots, so this compares the bots too (seat rotation plays each seed with every bot in every seat).'
    """
    from rometools.core.formatting import p_value

    test = seat_advantage_test(results)
    verdict = "the seats differ (at the 1% level)" if test["p_value"] < 0.01 else "no clear difference (at the 1% level)"
    bots = results.groupby("seat")["bot"].agg(lambda b: tuple(sorted(set(b))))
    confounded = ("; the seats have different bots, so this compares the bots too (seat rotation plays each seed "
                  "with every bot in every seat)") if bots.nunique() > 1 else ""  # seats and bots confounded
    return (f"Seat advantage: {'an' if test['method'][0] in 'aeiou' else 'a'} {test['method']} test of equal "
            f"outright wins per seat gives {p_value(test['p_value'])} over {counted(int(test['games']), 'outright win')}: "
            f"{verdict}{confounded}.")


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
    _need_results(results, "seat", "win", "shared_win")
    seats = sorted(results["seat"].unique())
    outright = results[results["win"] & ~results["shared_win"]]
    wins = [int((outright["seat"] == s).sum()) for s in seats]
    n = sum(wins)
    if n == 0:
        raise ArgumentError("no game has an outright winner to test")
    k = len(seats)
    if n / k >= 5:  # Pearson's chi-square against equal seats, as scipy.stats.chisquare
        # the chi-square survival function (without scipy.stats' 1 s import)
        from scipy.special import chdtrc

        stat = sum((w - n / k) ** 2 / (n / k) for w in wins)
        return {"wins": wins, "games": n, "statistic": float(stat), "p_value": float(chdtrc(k - 1, stat)),
                "method": "chi-square"}
    # exact: the probability, under equal seats, of a table no more likely than the observed one
    # (each table's probability n! / (w1! ... wk!) / k^n, in exact integers)
    from itertools import product

    def weight(table) -> int:
        out = math.factorial(n)
        for w in table:
            out //= math.factorial(w)
        return out

    observed = weight(wins)
    tail = sum(weight(t) for t in product(range(n + 1), repeat=k) if sum(t) == n and weight(t) <= observed)
    return {"wins": wins, "games": n, "statistic": float(Fraction(observed, k ** n)),
            "p_value": min(1.0, float(Fraction(tail, k ** n))), "method": "exact multinomial"}


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
    """How long the games were, in one sentence, in the game's own unit (``GameSpec.game_length``: Augustus
    draws, Via Romana turns), as ``compare`` and ``tune`` count it, with the decisions (every seat's move;
    chance does not count) beside it; a game counted in decisions (or rows without ``game_length``) in
    decisions alone.

    When every game lasted the same number of decisions the sentence says so
    and gives no mean or interval, which would only look like an estimate:
    Caesar's Empire connects every city once, so greedy bots' games on the
    40-city board all last 40 decisions. Otherwise it gives the mean with its
    t interval (clipped at 0: no game lasts less than no decision, as
    :func:`~rometools.core.flow.flow` clips its figures) and the shortest and
    longest game.

    Parameters
    ----------
    results : pandas.DataFrame
        :func:`~rometools.core.simulate.simulate` rows.
    confidence : float
        Of the interval (0.95: 95%).

    Returns
    -------
    str
        ``"Every game lasted 40 decisions."``; when 99% of the games or more lasted
        the same, that length and the others counted; else ``"Game length: 85.4
        decisions on average (95% confidence interval 75.8 to 95.0), from 76 to
        92."``, with as many decimals as the interval's ends need to differ (up to 4).

    Examples
    --------
    >>> from rometools.core.simulate import simulate
    >>> game_length_text(simulate("caesars_empire", 5, bots="greedy", seed=3, progress=False))
    'Every game lasted 40 decisions.'
    >>> print(game_length_text(simulate("augustus", 5, players=2, bots="greedy", seed=3, progress=False)))
    ... # doctest: +NORMALIZE_WHITESPACE
    Game length: 41.4 draws on average (95% confidence interval 31.6 to 51.2), from 28 to 48 [86.8 decisions
    a game on average, every seat's move counted].
    >>> import pandas as pd
    >>> rows = pd.DataFrame({"game": range(1000), "rotation": 0, "seat": 0, "length": [43, 41, 41] + [40] * 997,
    ...                      "score": 1, "rank": 1, "win": 1})
    >>> game_length_text(rows)
    '997 of 1,000 games lasted 40 decisions; of the others, 2 lasted 41, 1 lasted 43.'
    >>> game_length_text(rows.assign(length=[43] * 20 + [40] * 980))
    'Game length: 40.1 decisions on average (95% confidence interval 40.0 to 40.1), from 40 to 43.'
    >>> game_length_text(rows.head(2).assign(length=[12, 160]))
    'Game length: 86.0 decisions on average (95% confidence interval 0.0 to 1,026.3), from 12 to 160.'
    """
    if not 0 < confidence < 1:
        raise ArgumentError(f"confidence must be between 0 and 1, got {confidence!r}")
    lengths = game_summary(results)["length"]
    unit = _length_unit(results)
    if unit != "decisions":   # the game's own unit, as compare counts it; the decisions beside it
        own = results.groupby(["game", "rotation"], sort=True)["game_length"].first()
        said = _length_sentence(own.reset_index(drop=True), confidence, unit)
        return (f"{said[:-1]} [{float(lengths.mean()):,.1f} decisions a game on average, every seat's move "
                f"counted].")
    return _length_sentence(lengths, confidence, "decisions")


def _length_unit(results) -> str:
    """The unit of a run's ``game_length`` column (its game's ``GameSpec.game_length``), or ``"decisions"``
    for rows without it."""
    game_id = getattr(results, "attrs", {}).get("game_id")
    if "game_length" not in getattr(results, "columns", ()) or game_id is None:
        return "decisions"
    from rometools.core.game import game_spec

    try:
        return game_spec(game_id).game_length[0]
    except ArgumentError:   # rows of a game no longer registered (a test's toy): said in decisions
        return "decisions"


def _length_sentence(lengths, confidence: float, unit: str) -> str:
    """:func:`game_length_text`'s sentence of per-game ``lengths`` counted in ``unit`` (a plural)."""
    one = unit.removesuffix("s")
    shortest, longest = int(lengths.min()), int(lengths.max())
    if shortest == longest:
        return f"Every game lasted {number(shortest)} {one if shortest == 1 else unit}."
    counts = lengths.value_counts()
    usual, most = int(counts.index[0]), int(counts.iloc[0])
    if most >= 0.99 * len(lengths):  # nearly every game alike: a mean such as 40.0001 would only puzzle
        others = ", ".join(f"{number(games)} lasted {number(length)}"
                           for length, games in sorted((int(k), int(n)) for k, n in counts.items() if k != usual))
        return (f"{number(most)} of {counted(len(lengths), 'game')} lasted {number(usual)} {unit}; "
                f"of the others, {others}.")
    m, lo, hi = mean_interval(lengths, confidence)
    lo = max(lo, 0.0)  # a t interval of a length is clipped to the lengths a game can have (as flow.py does)
    places = 1  # enough decimals that the interval's ends differ ("40.0 to 40.0" read as no interval)
    while places < 4 and f"{lo:.{places}f}" == f"{hi:.{places}f}":
        places += 1
    return (f"Game length: {m:,.{places}f} {unit} on average ({confidence:.0%} confidence interval "
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
        raise ArgumentError("this game reports no points by category")
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
    from statistics import NormalDist

    if not 0 < half_width < 0.5:
        raise ArgumentError(f"the half width is a proportion between 0 and 0.5, got {half_width!r}")
    if not 0 < confidence < 1 or not 0 <= rate <= 1:
        raise ArgumentError("confidence must be in (0, 1) and rate in [0, 1]")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)

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


def detectable_difference(n_games: int, rate: float, confidence: float = 0.95, power: float = 0.8) -> float:
    """The smallest difference from ``rate`` a seat's win rate over ``n_games`` games shows: the
    true difference a two-sided test at ``1 - confidence`` finds with probability ``power``
    (the normal approximation: ``(z_conf + z_power) * sqrt(rate (1 - rate) / n)``).

    Parameters
    ----------
    n_games : int
        Games played (1 or more).
    rate : float
        The win rate a fair seat has (``1 / players``).
    confidence, power : float
        Of the test (0.95, 0.8: a 5% test that finds the difference 4 times in 5).

    Returns
    -------
    float
        A proportion (0.12: 12 percentage points).

    Examples
    --------
    >>> round(detectable_difference(100, 0.5), 3), round(detectable_difference(100, 0.25), 3)
    (0.14, 0.121)
    """
    from statistics import NormalDist

    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ArgumentError(f"the number of games must be a whole number 1 or more, got {n_games!r}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2) + NormalDist().inv_cdf(power)
    return z * math.sqrt(rate * (1 - rate) / n_games)


def games_to_detect(difference: float, rate: float, confidence: float = 0.95, power: float = 0.8) -> int:
    """Games that show a seat's win rate ``difference`` away from ``rate`` (the inverse of
    :func:`detectable_difference`, rounded up).

    Examples
    --------
    >>> games_to_detect(0.05, 0.25), games_to_detect(0.05, 0.5)
    (589, 785)
    """
    from statistics import NormalDist

    if not 0 < difference < 1:
        raise ArgumentError(f"the difference is a proportion between 0 and 1, got {difference!r}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2) + NormalDist().inv_cdf(power)
    return math.ceil(z * z * rate * (1 - rate) / difference ** 2)


def sensitivity_text(n_games: int, players: int, target: float = 0.05) -> str:
    """What a run of ``n_games`` can and cannot see of a seat's advantage, in one sentence: the
    smallest difference from the fair share it finds 4 times in 5 with a 5% test
    (:func:`detectable_difference`), and the games that would see ``target``.

    Examples
    --------
    >>> sensitivity_text(100, 2)
    'What these games can see: at 100 games a seat whose true win rate is within about 14 percentage points of the fair 50% looks like the others (a 5% test finds a difference that size 4 times in 5); about 785 games would see a difference of 5 percentage points.'
    """
    fair = 1 / players
    seen = detectable_difference(n_games, fair)
    need = games_to_detect(target, fair)
    more = "" if need > n_games else " (these games already do)"
    return (f"What these games can see: at {number(n_games)} games a seat whose true win rate is within about "
            f"{100 * seen:.0f} percentage points of the fair {percent(fair, 3)} looks like the others (a 5% test finds a "
            f"difference that size 4 times in 5); about {number(need)} games would see a difference of "
            f"{100 * target:.0f} percentage points{more}.")   # of win rate, never bare "points" (a score's)


def seat_table(rates, *, digits: int = 1):
    """:func:`seat_win_rates` as a table a designer reads (a notebook's, the report's): seat, games,
    wins, shared wins, the win rate and its 95% Wilson interval as percentages.

    Examples
    --------
    >>> import pandas as pd
    >>> rates = pd.DataFrame({"player": ["P1"], "games": [40], "wins": [13], "shared_wins": [1],
    ...                       "win_rate": [0.325], "ci_low": [0.201], "ci_high": [0.48]})
    >>> seat_table(rates).to_dict("records")
    [{'seat': 'P1', 'games': 40, 'wins': 13, 'shared wins': 1, 'win rate': '32.5%', '95% interval': '20.1% to 48.0%'}]
    """
    from rometools.core.tables import designer_table

    _need_results(rates, "player", "games", "wins", "win_rate", "ci_low", "ci_high")
    rows = [{"seat": r.player, "games": int(r.games), "wins": int(r.wins),
             **({"shared wins": int(r.shared_wins)} if "shared_wins" in rates.columns else {}),
             "win rate": f"{r.win_rate:.{digits}%}", "95% interval": f"{r.ci_low:.{digits}%} to {r.ci_high:.{digits}%}"}
            for r in rates.itertuples()]
    return designer_table(rows)
