"""A game-flow figure: its meaning, its value with a 95% interval, and its sentence.

:data:`MEANINGS` gives each figure of :func:`~rometools.core.flow.flow` its name, its meaning in
one sentence, how it is estimated (a mean with a Student t interval over games, or a share with
a Wilson interval) and its unit; a :class:`FlowMetric` is one figure measured; ``_metric`` makes
one from the games' values and ``_value_text`` / ``_interval_text`` write its value and interval
with one precision (the report, the explorer).

Split out of :mod:`rometools.core.flow`, which re-exports every public name.

Examples
--------
>>> from rometools.core.flow_figures import TURNS
>>> m = _metric("lead_changes", [1, 2, 3], TURNS, None)
>>> m.name, m.value, _value_text(m)
('Lead changes', 2.0, '2.0')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rometools.core.flow_figures import Safeguard, TimeUnit
from rometools.core.formatting import counted, number, numbers_alike, percent, percent_column

__all__ = ["MEANINGS", "FlowMetric"]


# ------------------------------------------------------------------------ meanings
#: Each figure of :func:`flow`: its name, its meaning in one sentence (``{unit}``, ``{units}``:
#: the game's unit), how it is given ("mean" with a Student t interval over games, or "share"
#: with a Wilson interval), and its unit.
MEANINGS: dict[str, tuple[str, str, str, str]] = {
    "duration": ("Duration", "How long a game lasts, counted in {units}.", "mean", "{units}"),
    "decisions": ("Decisions", "How many decisions the players make in a game, all seats together.", "mean",
                  "decisions"),
    "decision_moves": ("Real choices", "The share of decisions at which the player had more than one legal move: "
                                       "how often a decision is a real choice.", "mean", "share"),
    "branching": ("Branching factor", "How many legal moves a player chooses among at a decision, on average.",
                  "mean", "legal moves"),
    "lead_changes": ("Lead changes", "How many times a game the lead on points passes from one player to another "
                                     "(a tie for the lead is not a change).", "mean", "per game"),
    "comeback": ("Comebacks", "The share of games whose winner was behind on points at some point of the second "
                              "half.", "share", "share"),
    "time_behind": ("Time behind", "The share of the game the eventual winner spent behind on points.", "mean",
                    "share"),
    "deficit": ("Deepest deficit", "How far behind the eventual winner was at worst, in the games in which they "
                                   "were behind.", "mean", "points"),
    "decided_at": ("Decided at", "How far into the game the winner took the lead for good (0: from the first "
                                 "decision; 1: only at the end).", "mean", "share"),
    "last_unit": ("Decided in the last {unit}", "The share of games whose winner was behind on points when the "
                                                "last {unit} began.", "share", "share"),
    "drawishness": ("Shared wins", "The share of games that end with first place shared after every tiebreaker.",
                    "share", "share"),
    "tiebreaks": ("Won on a tiebreaker", "The share of games whose top score was tied and a tiebreaker decided "
                                         "the winner.", "share", "share"),
    "completion": ("Completion", "The share of games that end by the rules, not by a safeguard.", "share", "share"),
    "uncertainty": ("Uncertainty", "How open the result looks, averaged over the game: 1 when every player's "
                                   "chance of winning is equal, 0 when one player is sure to win.", "mean", "0 to 1"),
    "stability": ("Swing", "How much a player's chance of winning moves from one sampled point of the game to the "
                           "next: low is steady, high is swingy.", "mean", "percentage points"),
}


@dataclass(frozen=True)
class FlowMetric:
    """One figure of :func:`flow`: its value, its 95% interval and what it means.

    Attributes
    ----------
    key : str
        A key of :data:`MEANINGS`.
    name, meaning : str
        As a designer reads them (the game's unit filled in).
    value, low, high : float
        The estimate and its interval (``nan`` when no game measured it).
    interval : str
        ``"t"`` (a Student t interval for a mean over games), ``"Wilson"`` (a proportion of
        games) or ``"exact"`` (no spread in these games).
    unit : str
    games : int
        Games it is measured over.
    text : str
        The figure in one sentence.
    """

    key: str
    name: str
    meaning: str
    value: float
    low: float
    high: float
    interval: str
    unit: str
    games: int
    text: str


def _fmt(key: str, x: float) -> str:
    if x != x:
        return "-"
    kind = MEANINGS[key][3]
    if kind == "share":
        return f"{100 * x:.0f}%" if abs(x - round(x, 2)) < 1e-9 or 0.01 <= x <= 0.99 else percent(min(max(x, 0), 1))
    if kind == "percentage points":
        return f"{100 * x:.1f}"
    if kind == "0 to 1":
        return f"{x:.2f}"
    return number(round(x, 1))


def _alike(key: str, value: float, low: float, high: float) -> tuple[str, str, str]:
    """A value and its interval's ends with one precision (``99.08%``, ``99.00% to 99.19%``; ``7.5``,
    ``7.1 to 8.0``), never ``99% to 99.19%``."""
    xs = (value, low, high)
    if any(x != x for x in xs):
        return _fmt(key, value), _fmt(key, low), _fmt(key, high)
    kind = MEANINGS[key][3]
    if kind == "share":
        v, lo, hi = (min(max(x, 0.0), 1.0) for x in xs)
        if all(abs(x - round(x, 2)) < 1e-9 or 0.01 <= x <= 0.99 for x in (v, lo, hi)):
            return tuple(f"{100 * x:.0f}%" for x in (v, lo, hi))
        digits = percent_column([v, lo, hi], 2)
        if hi > lo:   # never more digits than the interval's half-width is worth (5.0%, not 5.00%, over 20 games)
            worth = percent_column([v, lo, hi], 2, margin=(hi - lo) / 2)
            digits = worth if len(worth[0]) < len(digits[0]) else digits
        return tuple(digits)
    if kind == "percentage points":
        return tuple(f"{100 * x:.1f}" for x in xs)
    if kind == "0 to 1":
        return tuple(f"{x:.2f}" for x in xs)
    return tuple(numbers_alike(xs, 1))


def _value_text(m: FlowMetric) -> str:
    if m.interval in ("exact", None) or m.value != m.value:
        return _fmt(m.key, m.value)
    return _alike(m.key, m.value, m.low, m.high)[0]


def _interval_text(m: FlowMetric) -> str:
    if m.value != m.value:
        return "-"
    if m.interval == "exact":
        return "no spread"
    _, low, high = _alike(m.key, m.value, m.low, m.high)
    return f"{low} to {high}"


def _sentence(key: str, name: str, value: float, low: float, high: float, interval: str, games: int,
              unit: TimeUnit, guard: Safeguard | None) -> str:
    if value != value:
        if key in ("uncertainty", "stability"):
            return f"{name}: not measured (no game was valued at sampled positions)."
        return f"{name}: no game to measure it in (every game ended with first place shared)."
    v, lo_text, hi_text = (_fmt(key, value), "", "") if interval == "exact" else _alike(key, value, low, high)
    said = "" if interval == "exact" else f" (95% {'Student t' if interval == 't' else interval} interval " \
                                          f"{lo_text} to {hi_text})"
    over = counted(games, "game")
    if key == "duration":
        if interval == "exact":
            return f"Every game lasts {v} {unit.plural if value != 1 else unit.name}, over {over}."
        return f"A game lasts {v} {unit.plural} on average{said}, over {over}."
    if key == "decisions":
        if interval == "exact":
            return f"The players make {v} decisions in every game."
        return f"The players make {v} decisions a game on average{said}."
    if key == "decision_moves":
        return f"{v} of decisions offer a real choice (more than one legal move){said}."
    if key == "branching":
        return f"A player chooses among {v} legal moves at a decision on average{said}."
    if key == "lead_changes":
        return f"The lead on points changes hands {v} times a game on average{said}."
    if key == "comeback":
        return f"The eventual winner was behind on points at some point of the second half in {v} of games{said}, " \
               f"over {over}."
    if key == "time_behind":
        return f"The eventual winner spent {v} of the game behind on points on average{said}."
    if key == "deficit":
        return f"When the eventual winner was behind, they were at worst {v} points behind on average{said}, " \
               f"over {over}."
    if key == "decided_at":
        return f"The winner took the lead for good {v} of the way into the game on average{said}."
    if key == "last_unit":
        return f"In {v} of games the winner was behind when the last {unit.name} began{said}."
    if key == "drawishness":
        return f"{v} of games end with first place shared after every tiebreaker{said}."
    if key == "tiebreaks":
        return f"{v} of games have a tied top score settled by a tiebreaker{said}."
    if key == "completion":
        if guard is None:
            return "Every game ends by its rules: the game declares no safeguard."
        from rometools.core.describe import decision_reference

        means, ref = decision_reference(guard.means.replace(guard.option, "a set number of"))
        return f"{v} of games end by the rules rather than by a safeguard{said}: {means.rstrip('.')}.{ref}"
    if key == "uncertainty":
        return f"Uncertainty {v} on a scale of 0 (one player sure to win) to 1 (all even), averaged over " \
               f"the sampled points of {over}{said}."
    if key == "stability":
        return f"A player's chance of winning moves {v} percentage points between sampled points on average" \
               f"{said}, over {over}."
    return f"{name}: {v}{said}."


def _metric(key: str, values: Sequence[float], unit: TimeUnit, guard: Safeguard | None) -> FlowMetric:
    from rometools.core.balance import mean_interval
    from rometools.core.stats import proportion_estimate

    name, meaning, kind, unit_text = MEANINGS[key]
    kind_unit = unit_text
    fill = {"unit": unit.name, "units": unit.plural}
    name, meaning, unit_text = (t.format(**fill) for t in (name, meaning, unit_text))
    x = np.asarray([v for v in values if v == v], dtype=float)
    n = len(x)
    if n == 0:
        value = low = high = math.nan
        interval = "t" if kind == "mean" else "Wilson"
    elif kind == "share":
        est = proportion_estimate(int(round(x.sum())), n)
        value, low, high, interval = est.estimate, est.low, est.high, "Wilson"
    else:
        value, low, high = mean_interval(x)
        interval = "exact" if low == high else "t"
        # a t interval of a bounded figure is clipped to the values it can take
        bounds = {"share": (0.0, 1.0), "0 to 1": (0.0, 1.0), "percentage points": (0.0, 1.0)}.get(kind_unit, (0.0, math.inf))
        low, high = max(low, bounds[0]), min(high, bounds[1])
    if key == "completion" and guard is None:
        interval = "exact"
    text = _sentence(key, name, value, low, high, interval, n, unit, guard)
    return FlowMetric(key, name, meaning, value, low, high, interval, unit_text, n, text)
