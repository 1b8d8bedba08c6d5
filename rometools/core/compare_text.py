"""A comparison in words (:func:`rometools.compare`): what changed, what did not, what is undecided
and how many more paired games would decide it, and the seat-balance test's verdict.

* :func:`comparison_text` -- the whole verdict (``Comparison.text``).
* :func:`balance_text` -- the seat-balance test in a sentence (the report's variant section too).

Every amount with its unit, singular for 1 (``"+1.0 percentage point"``); a win rate's difference
in "percentage points", never bare "points". Re-exported by :mod:`rometools.core.compare`.
"""

from __future__ import annotations

import math
from typing import Any

from rometools.core.formatting import counted, evidence, number, quantity
from rometools.core.sequential import MIN_PAIRS

__all__ = ["balance_text", "comparison_text", "end_decimals"]


def _amount(f: Any, x: float, signed: bool = True, decimals: int = 1) -> str:
    """A figure's amount, one decimal unless told, a minus sign, never a negative zero."""
    from rometools.core.formatting import signed as with_sign

    scale = 100 if f.unit == "percentage points" else 1
    return with_sign(scale * x, decimals) if signed else with_sign(scale * x, decimals).lstrip("+")


def end_decimals(f: Any) -> int:
    """The decimals a figure's interval ends are shown with: one, more where one decimal would mislead.

    A changed figure's interval excludes 0, so no end is shown as 0 (``[\u22121.7, \u22120.04]``, never
    ``[\u22121.7, 0.0]``); a decided figure's end is never shown on ``\u00b1 precision`` when it is not there
    (trial59c/d: ``[\u22121.0, \u22120.5]`` beside "changed, by less than \u00b11.0", ``\u22122.0 to +1.4``
    beside "no change beyond \u00b12.0" for \u22121.95). The verdict's words and the studio's table use it.

    Examples
    --------
    >>> from types import SimpleNamespace as F
    >>> end_decimals(F(unit="points", precision=1.0, decision="changed", low=-1.74, high=-0.04))
    2
    >>> end_decimals(F(unit="percentage points", precision=0.02, decision="equivalent", low=-0.0197, high=0.014))
    2
    >>> end_decimals(F(unit="points", precision=1.0, decision=None, low=-1.0, high=0.04))
    1
    """
    scale = 100 if f.unit == "percentage points" else 1

    def shown(x: float, d: int) -> float:
        return abs(float(f"{scale * x:.{d}f}"))

    edge = shown(f.precision, 6) if math.isfinite(f.precision) else None

    def unclear(x: float, d: int) -> bool:
        return (f.decision == "changed" and shown(x, d) == 0) or shown(x, d) == edge != shown(x, 6)

    decimals = 1
    while f.decision is not None and decimals < 6 and any(
            math.isfinite(x) and unclear(x, decimals) for x in (f.low, f.high)):
        decimals += 1
    return decimals


def _ends(f: Any) -> str:
    """A figure's interval ``[low, high]`` with :func:`end_decimals` decimals."""
    decimals = end_decimals(f)
    return f"[{_amount(f, f.low, True, decimals)}, {_amount(f, f.high, True, decimals)}]"


def _with_unit(f: Any, text: str) -> str:
    """An amount with its figure's unit, singular for 1 (``"1.0 percentage point"``, ``"2.0 turns"``):
    a win rate's "percentage points", never bare "points" (a score's, a handicap's)."""
    return quantity(text, f.unit.removesuffix("s")) if f.unit.endswith("s") else f"{text} {f.unit}"


def _means(f: Any, c: Any = None) -> str:
    """Both sides' means with their unit, base first: ``"48.0% → 51.2%"``, ``"27.3 → 25.1 turns"``."""
    a, b = _amount(f, f.base, False), _amount(f, f.variant, False)
    if f.unit == "percentage points":
        return f"{a}% → {b}%"
    return f"{a} → {_with_unit(f, b)}"


def _said(f: Any) -> str:
    """A figure's difference with its interval, then both means; a figure whose interval does not hold
    yet (an asymptotic one before :data:`MIN_PAIRS` paired games) shows none: "no interval yet", never
    a zero-width ``[0.0, 0.0]`` that a later interval lies outside (trial59)."""
    ends = f" {_ends(f)}" if f.holds else ", no interval yet"
    return f"{f.name} {_with_unit(f, _amount(f, f.difference))}{ends} ({_means(f)})"


def _on_edge(f: Any) -> bool:
    """Whether an asymptotic figure's difference is shown on (or past) an end of its interval
    (``\u22120.5 points [\u22120.5, \u22120.2]``): its interval is the running intersection of the intervals
    since :data:`MIN_PAIRS`, which the mean of all the games may sit on the edge of."""
    if f.exact or not f.holds or f.decision == "equivalent" or not math.isfinite(f.low):
        return False
    return (_amount(f, f.difference) in _ends(f)[1:-1].split(", ")) or not f.low <= f.difference <= f.high


def _within(f: Any) -> str:
    return f"{f.name} (within ±{_with_unit(f, _amount(f, f.precision, False))}: {_means(f)})"


def _sides(c: Any) -> str:
    """The order of the two means shown: ``"published \u2192 variant"``."""
    names = getattr(c, "names", ("base", "variant"))
    return f"{names[0]} \u2192 {names[1]}"


def _rough(c_or_pairs: Any) -> str:
    """``" (a rough guess from only 50 paired games)"`` before :data:`MIN_PAIRS` paired games, else "":
    an estimate from a few games can be far off (50 games said about 13,828 more where 1,200 decided)."""
    pairs = c_or_pairs if isinstance(c_or_pairs, int) else c_or_pairs.pairs
    return f" (a rough guess from only {counted(pairs, 'paired game')})" if pairs < MIN_PAIRS else ""


def _more_words(f: Any) -> str:
    """How many more paired games would decide an undecided figure: never "about 0". A figure whose
    interval does not hold yet (an asymptotic one: the length) waits for :data:`MIN_PAIRS` paired games,
    says so and gives no estimate (it would rest on the spread of fewer games than the interval needs);
    any other estimate before :data:`MIN_PAIRS` paired games is said to be a rough guess."""
    if not f.holds:
        return (f"its interval holds from {number(MIN_PAIRS)} paired games on, {number(MIN_PAIRS - f.pairs)} more, "
                f"and its verdict waits for it")
    if f.more_needed < 0:
        return "no estimate yet"
    return f"about {counted(f.more_needed, 'more paired game')} would decide it{_rough(f.pairs)}"


def _balance_more(c: Any) -> str:
    """How many more paired games would decide the seat-balance test: it is decided once a seat's win
    rate changed or every seat's is within the precision, so the most any undecided seat needs."""
    open_ = [f for f in c.figures if f.kind == "win rate" and f.decision is None]
    needs = [f.more_needed for f in open_]
    if not needs or min(needs) < 0:
        return "no estimate yet of how many more paired games would decide it"
    return f"about {counted(max(needs), 'more paired game')} would decide it{_rough(c)}"


def balance_text(c: Any) -> str:
    """The seat-balance test's verdict in a sentence: did any seat's win rate change (one test across
    every seat at once), and, while undecided, about how many more paired games would decide it.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.compare import compare
    >>> c = compare("pig", rometools.load_game("pig", target=60), max_games=40, batch=20, progress=False)
    >>> print(balance_text(c))   # doctest: +NORMALIZE_WHITESPACE
    Seat balance (did any seat's win rate change?) undecided: no change is shown yet (the evidence across
    every seat at once that some win rate changed stands at 2.7, where 1 or less is none at all and 140
    would show a change), nor is every seat's win rate shown to stay within ±2.0 percentage points; about
    2,595 more paired games would decide it (a rough guess from only 40 paired games).
    """
    b = c.balance
    if b["decision"] == "changed":
        odds = ": odds of more than a million to one" if b["e_value"] > 1e6 else ""
        verdict = (f"changed (the test across seats reached an evidence of {evidence(b['e_value'])} against "
                   f"\"no seat changed\"{odds}; {evidence(b['threshold'])} needed)" if b["e_value"] >= b["threshold"]
                   else "changed (a seat's win rate changed)")
    elif b["decision"] == "equivalent":
        verdict = "did not change: no seat's win rate changed by as much as the precision"
    else:
        wins = [f for f in c.figures if f.kind == "win rate"]
        within = _with_unit(wins[0], _amount(wins[0], wins[0].precision, False)) if wins else "the precision"
        return (f"Seat balance (did any seat's win rate change?) undecided: no change is shown yet (the "
                f"evidence across every seat at once that some win rate changed stands at {evidence(b['e_value'])}, "
                f"where 1 or less is none at all and {evidence(b['threshold'])} would show a change), nor is every "
                f"seat's win rate shown to stay within \u00b1{within}; {_balance_more(c)}.")
    return f"Seat balance {verdict}."


def comparison_text(c: Any) -> str:
    """A comparison's verdict in a few sentences: what changed, what did not, what is undecided.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.compare import compare
    >>> c = compare("pig", rometools.load_game("pig", target=60), max_games=400, progress=False)
    >>> print(comparison_text(c).splitlines()[0])   # doctest: +NORMALIZE_WHITESPACE
    Pig, 2 players, greedy: as published against target 60. Paired games: 400; the
    budget of games ended before every figure was decided. Every statement below holds at once with 95%
    confidence: the 5% chance that any of them is wrong is shared by the 6 figures and the seat-balance test
    (0.71% each), however often the games were looked at.
    """
    why = {"decided": "stopped because every figure is decided",
           "budget": "the budget of games ended before every figure was decided",
           "stopped": "STOPPED on request before every figure was decided; the intervals hold as they stand"}
    n_tests = len(c.figures) + 1
    alpha = 1 - c.confidence
    played = (f"Paired games so far: {number(c.pairs)}; the run goes on" if c.stopped == "running"
              else f"Paired games: {number(c.pairs)}; {why[c.stopped]}")
    waiting = [f for f in c.figures if not f.holds]
    lines = [f"{c.title}. {played}. Every statement below {'that gives an interval ' if waiting else ''}holds at "
             f"once with {c.confidence:.0%} confidence: the {alpha:.0%} chance that any of them is wrong is shared "
             f"by the {counted(len(c.figures), 'figure')} and the seat-balance test ({alpha / n_tests:.2%} each), "
             f"however often the games were looked at."]
    if waiting:   # an asymptotic interval before MIN_PAIRS holds nothing: never "[0.0, 0.0]" under that sentence
        one = len(waiting) == 1
        lines[0] += (f" {counted(len(waiting), 'figure').capitalize()} ({', '.join(f.name for f in waiting)}) "
                     f"{'has' if one else 'have'} no interval yet: {'its' if one else 'theirs'} holds from "
                     f"{number(MIN_PAIRS)} paired games on, and until then "
                     f"{'its difference is an estimate' if one else 'their differences are estimates'} only.")
    lines.append(f"Each difference is {getattr(c, 'minus', 'variant minus base')}, with its interval [low, "
                 f"high], then both means ({_sides(c)}).")
    if any(_on_edge(f) for f in c.figures):
        lines[-1] += (" An asymptotic interval (a mean score, the spread, the length) is the overlap of its "
                      "intervals at every batch since it began to hold, so its difference may sit on an edge.")
    changed = [f for f in c.figures if f.decision == "changed" and not f.below_precision]
    small = [f for f in c.figures if f.below_precision]
    same = [f for f in c.figures if f.decision == "equivalent"]
    open_ = [f for f in c.figures if f.decision is None]
    if changed:
        lines.append("Changed: " + "; ".join(_said(f) for f in changed) + ".")
    if small:   # surely changed, and surely by less than the precision: both said (trial59b)
        lines.append("Changed, but by less than the precision (too small to matter): "
                     + "; ".join(f"{_said(f)}, within ±{_with_unit(f, _amount(f, f.precision, False))}"
                                 for f in small) + ".")
    if same:
        lines.append("Did not change by as much as the precision: " + ", ".join(_within(f) for f in same) + ".")
    for f in open_:
        more = _more_words(f)
        lines.append(f"Undecided: {_said(f)}; {more}.")
    lines.append(balance_text(c))
    d = c.decisions
    if d["games"] == 0:
        lines.append(f"No decision changed in any of the {counted(c.pairs, 'paired game')}: the bots did not see the "
                     f"variant, so this measures its scoring on the same play.")
    else:
        share = d["changed"] / d["total"] if d["total"] else 0.0
        lines.append(f"The bots decided differently in {number(d['games'])} of {counted(c.pairs, 'paired game')} "
                     f"({share:.0%} of their decisions differ, move by move).")
    return "\n".join(lines)
