"""Two variants of a game on the same seeds: paired differences with confidence intervals.

:func:`compare_variants` plays two configs on the same seeds (common random
numbers: each game's chance stream is shared) and reports paired differences,
with the variance reduction the pairing bought against unpaired runs;
:func:`paired_differences` does the pairing and the statistics on two runs
already played (the balance lab's explorer plays each variant once), and
:func:`paired_differences_text` says the headline in words. The one-run
metrics are :mod:`rometools.core.balance`'s.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from rometools.core.balance import _need_results, game_summary, mean_interval
from rometools.core.errors import ArgumentError
from rometools.core.formatting import (
    counted,
    difference_places,
    join_names,
    number,
    percent,
    quantity,
    shown,
    shown_difference,
)
from rometools.core.stats import proportion_estimate

__all__ = ["compare_variants", "comparison_rows", "comparison_table", "difference_words", "interval_words",
           "paired_differences", "paired_differences_text", "paired_row"]


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
    from rometools.core.registry import game_spec

    try:
        return game_spec(game_id).title
    except ArgumentError:
        return shown(game_id)


def _pairing_keys(results, variant: str) -> None:
    _need_results(results, *_PAIR_COLUMNS)
    if results.duplicated(["game", "rotation", "seat"]).any():
        raise ArgumentError(f"variant {variant}'s results hold a game, rotation and seat more than once: "
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
    ArgumentError
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
    rometools.core.errors.ArgumentError: variant A was played from seed 1 and variant B from seed 2: a paired comparison needs the same seed
    >>> paired_differences(a, simulate("augustus", 4, players=3, bots=bots, seed=1, rotate=True, progress=False))
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: variant A is a run of Caesar's Empire and variant B of Augustus: a paired comparison needs two runs of the same game
    """
    import pandas as pd

    if not 0 < confidence < 1:
        raise ArgumentError(f"confidence must be between 0 and 1, got {confidence!r}")
    _pairing_keys(results_a, "A")
    _pairing_keys(results_b, "B")
    ids = [r.attrs.get("game_id") for r in (results_a, results_b)]
    if None not in ids and ids[0] != ids[1]:
        titles = [_game_title(i) for i in ids]
        raise ArgumentError(f"variant A is a run of {titles[0]} and variant B of {titles[1]}: a paired comparison "
                            f"needs two runs of the same game")
    only = [[c for c in r.columns if c not in other.columns and not _INDEX_COLUMN.fullmatch(str(c))]
            for r, other in ((results_a, results_b), (results_b, results_a))]
    if any(only):  # read back from files, the runs carry no game id: their per-game columns tell
        said = "; ".join(f"only variant {v} has {join_names(cols)}" for v, cols in zip("AB", only, strict=True)
                         if cols)
        raise ArgumentError(f"the runs have different columns ({said}): they look like runs of different games or "
                            f"different game options, and a paired comparison needs two runs of the same game")
    if "seed" in results_a.columns and "seed" in results_b.columns:
        seeds = [sorted(int(s) for s in r["seed"].unique()) for r in (results_a, results_b)]
        if seeds[0] != seeds[1]:
            raise ArgumentError(f"variant A was played from seed {', '.join(map(str, seeds[0]))} and variant B "
                                f"from seed {', '.join(map(str, seeds[1]))}: a paired comparison needs the same seed")
    for column, what, advice in (("seat", "seat", "the same number of players"),
                                 ("rotation", "rotation", "seat rotation, or neither"),
                                 ("game", "game", "the same number of games")):
        held = [sorted(int(v) for v in r[column].unique()) for r in (results_a, results_b)]
        if held[0] != held[1]:
            counts = (f"variant A has {counted(len(held[0]), what)} and variant B {number(len(held[1]))}"
                      if len(held[0]) != len(held[1]) else f"variants A and B hold different {what}s")
            raise ArgumentError(f"{counts}: a paired comparison needs the same {what}s; play both variants with "
                                f"{advice}")
    keys = ["game", "rotation"]
    a_keys = set(map(tuple, results_a[[*keys, "seat"]].to_numpy().tolist()))
    if a_keys != set(map(tuple, results_b[[*keys, "seat"]].to_numpy().tolist())):
        raise ArgumentError("variants A and B hold different games, rotations or seats: a paired comparison "
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
    rows = [paired_row(name, a, b, confidence) for name, (a, b) in figures.items()]
    return pd.DataFrame(rows)


def paired_row(name: str, a: Any, b: Any, confidence: float = 0.95, *, note: str | None = None) -> dict:
    """One figure of a paired comparison: ``a[i]`` and ``b[i]`` are the same game (seed) in variants A
    and B; the row :func:`paired_differences` gives for it.

    Parameters
    ----------
    name : str
        The figure, as the table names it (``"game length"``).
    a, b : array-like of float
        Its value in each pair, variant A and variant B (the same length, 1 or more).
    confidence : float
        Of the t interval of the mean difference B - A.
    note : str, optional
        What to say when neither variant has any spread (no interval comes from the games);
        default: the sentence :func:`paired_differences` writes for its own figures, or a plain
        one for any other name.

    Returns
    -------
    dict
        ``figure, pairs, a, b, difference, ci_low, ci_high, se_paired, se_unpaired,
        variance_reduction, note``.

    Examples
    --------
    >>> row = paired_row("rounds", [5, 6, 7], [6, 8, 8])
    >>> row["difference"], round(row["ci_low"], 2), row["note"]
    (1.3333333333333333, -0.1, '')
    >>> paired_row("rounds", [5, 5], [6, 6])["note"]
    'rounds was 5 in every one of 2 games of variant A and 6 in variant B: no spread in these games, so no interval for the difference'
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    n = len(a)
    if np.ptp(a) == 0 and np.ptp(b) == 0:  # no spread in either run: no t interval from these games
        d = float(b[0] - a[0])
        if note is None:
            standard = name in ("game length", "winning margin") or name.startswith(("win rate", "mean score"))
            note = _constant_note(name, a[0], b[0], n, confidence) if standard else (
                f"{name} was {number(float(a[0]))} in every one of {counted(n, 'game')} of variant A and "
                f"{number(float(b[0]))} in variant B: no spread in these games, so no interval for the difference")
        return {"figure": name, "pairs": n, "a": float(a[0]), "b": float(b[0]), "difference": d,
                "ci_low": math.nan, "ci_high": math.nan, "se_paired": 0.0, "se_unpaired": 0.0,
                "variance_reduction": math.nan, "note": note}
    d = b - a
    m, lo, hi = mean_interval(d, confidence)
    var_paired = float(d.var(ddof=1)) if n > 1 else 0.0
    var_unpaired = (float(a.var(ddof=1)) + float(b.var(ddof=1))) if n > 1 else 0.0
    return {"figure": name, "pairs": n, "a": float(a.mean()), "b": float(b.mean()), "difference": m,
            "ci_low": lo, "ci_high": hi, "se_paired": math.sqrt(var_paired / n),
            "se_unpaired": math.sqrt(var_unpaired / n),
            "variance_reduction": 1 - var_paired / var_unpaired if var_unpaired > 0 else 0.0, "note": ""}


def difference_words(figure: str, difference: float, unit: str | None = None, decimals: int | None = None) -> str:
    """A paired difference (variant minus game) said as what it is: ``"3.1 percentage points higher"``.

    Win rates and shares (``unit`` ``"share"``) are said in percentage points; scores and margins
    in points; game length in decisions; any other figure in its ``unit`` (``"rounds"``,
    ``"legal moves"``). A count of things is ``fewer``, an amount (points) ``less``. ``decimals``:
    as many as the values shown beside it
    (:func:`~rometools.core.formatting.difference_places`); default 1 for a rate, else up to 2.

    Examples
    --------
    >>> difference_words("win rate P1", -0.031), difference_words("game length", 2.0)
    ('3.1 percentage points lower', '2 decisions longer')
    >>> difference_words("Duration", 1.5, "rounds"), difference_words("Comebacks", 0.05, "share")
    ('1.5 rounds more', '5.0 percentage points higher')
    >>> difference_words("Won on a tiebreaker", 0.013, "share", 2), difference_words("Decisions", -0.8, "decisions", 1)
    ('1.30 percentage points higher', '0.8 decisions fewer')
    >>> difference_words("mean score P1", -1.0), difference_words("Duration", 1.0, "rounds")
    ('1 point less', '1 round more')
    >>> difference_words("Decisions", -0.82, "decisions"), difference_words("Deepest deficit", -0.8, "points")
    ('0.82 decisions fewer', '0.8 points less')
    >>> difference_words("Branching factor", -2.7, "legal moves"), difference_words("Lead changes", -0.5, "per game")
    ('2.7 legal moves fewer', '0.5 fewer')
    >>> difference_words("Duration", 0.0, "rounds")
    'no difference'
    """
    if difference != difference:
        return "-"
    if difference == 0:
        return "no difference"
    up = difference > 0
    size = abs(difference)
    said = (f"{size:,.{decimals}f}" if decimals is not None else f"{size:.1f}" if size >= 10 else
            f"{size:.2f}".rstrip("0").rstrip(".") if size >= 0.005 else "< 0.01")
    if figure.startswith("win rate") or unit == "share":
        return f"{quantity(f'{100 * size:.{1 if decimals is None else decimals}f}', 'percentage point')} " \
               f"{'higher' if up else 'lower'}"
    if unit == "percentage points":
        return f"{quantity(f'{100 * size:.{1 if decimals is None else decimals}f}', 'percentage point')} " \
               f"{'more' if up else 'less'}"
    if figure == "game length":
        return f"{quantity(said, 'decision')} {'longer' if up else 'shorter'}"
    # an amount (points, a scale) is less; a count of things (decisions, legal moves, turns, lead changes) fewer
    less = "less" if unit in (None, "", "0 to 1", "points") or figure.startswith(("mean score", "winning margin")) \
        else "fewer"
    if figure.startswith(("mean score", "winning margin")):
        return f"{quantity(said, 'point')} {'more' if up else less}"
    if unit in (None, "", "0 to 1", "per game"):
        return f"{said} {'more' if up else less}"
    return f"{quantity(said, unit.removesuffix('s')) if unit.endswith('s') else f'{said} {unit}'} " \
           f"{'more' if up else less}"


def interval_words(figure: str, low: float, high: float, unit: str | None = None, decimals: int | None = None) -> str:
    """A paired difference's interval in words: ``"1.0 to 7.0 percentage points lower"``, or from one side of
    zero to the other.

    Examples
    --------
    >>> interval_words("win rate P1", -0.07, -0.01), interval_words("Duration", -0.5, 1.5, "rounds")
    ('1.0 to 7.0 percentage points lower', 'from 0.5 rounds fewer to 1.5 rounds more')
    >>> interval_words("mean score P1", -3.0, -1.0), interval_words("Duration", 1.5, 2.0, "rounds")
    ('1 to 3 points less', '1.5 to 2.0 rounds more')
    >>> interval_words("Deepest deficit", -11.94, 1.326, "points", 1)   # as many decimals as the values beside it
    'from 11.9 points less to 1.3 points more'
    """
    if decimals is not None:   # no more decimals than the values beside it ("11.9 to 1.3", never "1.33")
        low, high = round(low, decimals), round(high, decimals)
    a, b = difference_words(figure, low, unit), difference_words(figure, high, unit)
    (na, _, ra), (nb, _, rb) = a.partition(" "), b.partition(" ")

    def plural(rest: str) -> str:   # "point less" (1 point) and "points less", "legal move fewer" and "legal moves fewer"
        unit, _, comparative = rest.rpartition(" ")
        return f"{unit}s {comparative}" if unit and not unit.endswith("s") else rest

    if plural(ra) == plural(rb) and a != "no difference" and "<" not in a + b:
        places = max(len(na.partition(".")[2]), len(nb.partition(".")[2]))   # one precision: "7.1 to 8.0"
        small, large = (f"{x:.{places}f}" for x in sorted((float(na), float(nb))))
        return f"{small} to {large} {plural(ra) if small != '1' or large != '1' else ra}"
    return f"from {a} to {b}"


def comparison_rows(table: Any) -> list[list[str]]:
    """A paired comparison (:func:`~rometools.core.paired.compare_variants` or
    :func:`~rometools.core.flow.compare_flow`, whose ``unit`` column says each figure's unit) as table
    rows a designer reads: the figure, both values, the difference in words and its interval. Both
    values and the difference are shown with the decimals at which they agree
    (:func:`~rometools.core.formatting.difference_places`): at least a rate's whole percent, or one
    decimal.

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"figure": ["win rate P1"], "a": [0.5], "b": [0.46], "difference": [-0.04],
    ...                   "ci_low": [-0.07], "ci_high": [-0.01], "note": [""]})
    >>> comparison_rows(t)
    [['win rate P1', '50%', '46%', '4 percentage points lower', '1.0 to 7.0 percentage points lower', '']]
    >>> t = pd.DataFrame({"figure": ["Won on a tiebreaker"], "a": [0.045], "b": [0.055], "difference": [0.01],
    ...                   "ci_low": [-0.02], "ci_high": [0.04], "note": [""], "unit": ["share"]})
    >>> comparison_rows(t)[0][1:4]   # never 4% and 6% (half to even) beside a difference of 1
    ['4.5%', '5.5%', '1.0 percentage point higher']
    """
    out = []
    units = table["unit"] if "unit" in table.columns else [None] * len(table)
    for r, unit in zip(table.itertuples(), units, strict=True):
        rate = r.figure.startswith("win rate") or unit == "share"
        scale = 100 if rate or unit == "percentage points" else 1
        least = 0 if rate else 1   # a figure as its summary shows it, up to 2 decimals where that disagrees
        places = difference_places(scale * r.a, scale * r.b, scale * r.difference, least, 2)
        a, b = (f"{scale * x:,.{places}f}{'%' if rate else ''}" for x in (r.a, r.b))
        interval = "" if r.ci_low != r.ci_low else interval_words(r.figure, r.ci_low, r.ci_high, unit,
                                                                 None if rate else places)
        said = shown_difference(scale * r.a, scale * r.b, places) / scale if r.difference == r.difference else r.difference
        out.append([r.figure, a, b, difference_words(r.figure, said, unit, places), interval, r.note])
    return out


def comparison_table(table: Any):
    """A paired comparison as a table a designer reads (a notebook's): :func:`comparison_rows` with
    its column names.

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"figure": ["game length"], "a": [40.0], "b": [38.5], "difference": [-1.5],
    ...                   "ci_low": [-2.0], "ci_high": [-1.0], "note": [""]})
    >>> list(comparison_table(t).iloc[0])
    ['game length', '40.0', '38.5', '1.5 decisions shorter', '1 to 2 decisions shorter', '']
    """
    from rometools.core.tables import designer_table

    return designer_table(comparison_rows(table), columns=["figure", "variant A", "variant B", "B's difference",
                                                           "95% interval", "note"])


def _signed(x: float, decimals: int = 1) -> str:
    """``+2.1``, ``−4.0`` (a minus sign, not a hyphen), ``0.0`` (no sign, nor for a rounded −0.04):
    :func:`rometools.core.formatting.signed`."""
    from rometools.core.formatting import signed

    return signed(x, decimals)


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
                     workers: int | None = None, progress: bool = True):
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
        As for :func:`~rometools.core.simulate.simulate` (a progress bar by default: a
        comparison can take minutes). Interrupted (Ctrl-C, a notebook's Stop), it keeps
        the games played in both variants, pairs those, marks the result
        ``attrs["interrupted"]`` and warns.

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
    import warnings

    def run(config, games):
        with warnings.catch_warnings():  # an interruption is said once, below
            warnings.simplefilter("ignore", RuntimeWarning)
            return simulate(game, games, bots=bots, seed=seed, config=config, rotate=rotate, executor=executor,
                            workers=workers, progress=progress)

    a = run(config_a, n_games)
    stopped = bool(a.attrs.get("interrupted"))
    # stopped during A: B plays as many games (its seeds are the same games'); the pairs are the games both have
    b = run(config_b, int(a["game"].max()) + 1 if stopped else n_games)
    stopped = stopped or bool(b.attrs.get("interrupted"))
    if stopped:
        common = set(a["game"]) & set(b["game"])
        a, b = (r[r["game"].isin(common)].reset_index(drop=True) for r in (a, b))
        for r in (a, b):
            r.attrs["game_id"] = game if isinstance(game, str) else game.spec.id
    out = paired_differences(a, b, confidence=confidence)
    if stopped:
        out.attrs["interrupted"] = True
        warnings.warn(f"compare_variants was interrupted: {len(common):,} of {n_games:,} paired games kept "
                      "(the attrs['interrupted'] of the result is True)", RuntimeWarning, stacklevel=2)
    return out
