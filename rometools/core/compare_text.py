"""A comparison in words (:func:`rometools.compare`): what changed, what did not, what is undecided
and how many more paired games would decide it, and the seat-balance test's verdict.

* :func:`comparison_text` -- the whole verdict (``Comparison.text``).
* :func:`balance_text` -- the seat-balance test in a sentence (the report's variant section too).

Every amount with its unit, singular for 1 (``"+1.0 percentage point"``); a win rate's difference
in "percentage points", never bare "points". Re-exported by :mod:`rometools.core.compare`.
"""

from __future__ import annotations

from typing import Any

from rometools.core.formatting import counted, evidence, number, quantity
from rometools.core.sequential import MIN_PAIRS

__all__ = ["balance_text", "comparison_text"]


def _amount(f: Any, x: float, signed: bool = True) -> str:
    """A figure's amount, one decimal, a minus sign, never a negative zero (``[\u22121.7, 0.0]``)."""
    from rometools.core.formatting import signed as with_sign

    scale = 100 if f.unit == "percentage points" else 1
    return with_sign(scale * x) if signed else with_sign(scale * x).lstrip("+")


def _with_unit(f: Any, text: str) -> str:
    """An amount with its figure's unit, singular for 1 (``"1.0 percentage point"``, ``"2.0 turns"``):
    a win rate's "percentage points", never bare "points" (a score's, a handicap's)."""
    return quantity(text, f.unit.removesuffix("s")) if f.unit.endswith("s") else f"{text} {f.unit}"


def _said(f: Any) -> str:
    return (f"{f.name} {_with_unit(f, _amount(f, f.difference))} [{_amount(f, f.low)}, {_amount(f, f.high)}] "
            f"({_amount(f, f.base, False)} \u2192 {_amount(f, f.variant, False)})")


def _within(f: Any) -> str:
    return f"{f.name} (within \u00b1{_with_unit(f, _amount(f, f.precision, False))})"


def _more_words(f: Any) -> str:
    """How many more paired games would decide an undecided figure: never "about 0"."""
    if f.more_needed < 0:
        return "no estimate yet"
    if not f.exact and f.pairs < MIN_PAIRS and f.more_needed == MIN_PAIRS - f.pairs:
        return (f"decided from {number(MIN_PAIRS)} paired games on: {number(f.more_needed)} more would decide it "
                f"as it stands")
    return f"about {counted(f.more_needed, 'more paired game')} would decide it"


def balance_text(c: Any) -> str:
    """The seat-balance test's verdict in a sentence: did any seat's win rate change, with the
    evidence the test across seats reached and the evidence it needs (``1 / alpha``).

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.compare import compare
    >>> c = compare("pig", rometools.load_game("pig", target=60), max_games=40, batch=20, progress=False)
    >>> balance_text(c)
    'Seat balance undecided (evidence 2.7 against "no seat changed", 140 needed).'
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
        verdict = (f"undecided (evidence {evidence(b['e_value'])} against \"no seat changed\", "
                   f"{evidence(b['threshold'])} needed)")
    return f"Seat balance {verdict}."


def comparison_text(c: Any) -> str:
    """A comparison's verdict in a few sentences: what changed, what did not, what is undecided.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.compare import compare
    >>> c = compare("pig", rometools.load_game("pig", target=60), max_games=400, progress=False)
    >>> print(comparison_text(c).splitlines()[0])
    Pig, 2 players, greedy: as published against the points that win the game: 60. Paired games: 400; the budget of games ended before every figure was decided (95% for all 7 figures and tests together: each at 0.71%).
    """
    why = {"decided": "stopped because every figure is decided",
           "budget": "the budget of games ended before every figure was decided",
           "stopped": "STOPPED on request before every figure was decided; the intervals hold as they stand"}
    n_tests = len(c.figures) + 1
    lines = [f"{c.title}. Paired games: {number(c.pairs)}; {why[c.stopped]} ({c.confidence:.0%} for all "
             f"{n_tests} figures and tests together: each at {(1 - c.confidence) / n_tests:.2%})."]
    changed = [f for f in c.figures if f.decision == "changed"]
    same = [f for f in c.figures if f.decision == "equivalent"]
    open_ = [f for f in c.figures if f.decision is None]
    if changed:
        lines.append("Changed (B \u2212 A, with its interval): " + "; ".join(_said(f) for f in changed) + ".")
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
