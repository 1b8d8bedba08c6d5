"""The what-if studio's words: the changes as text, and the titles, verdict and recommendation it shows.

* :func:`changes_text`, :func:`parse_changes` and :func:`variant_changes` -- a variant's changes as
  the studio's Changes box writes and reads them (one ``address = value`` a line).
* How the studio lists a value (``_shown_value``, ``_listed``, ``_numeric``) and words a chart's
  title, a comparison's verdict and a tuning's recommendation (``_title``, ``_verdict_html``,
  ``_tuning_html``).

Split out of :mod:`rometools.widgets.what_if`, which re-exports every public name.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from typing import Any

from rometools.charts._common import legend_above
from rometools.core.compare_text import end_decimals
from rometools.core.formatting import counted, number, shown
from rometools.core.sequential import MIN_PAIRS
from rometools.core.variant_file import _edit_value_text as _value_text
from rometools.core.variant_file import _json_value
from rometools.widgets._html import html_table

__all__ = ["changes_text", "parse_changes", "variant_changes"]

#: Lines of changes a variant may have here, and characters of the changes' text.
MAX_CHANGES = 200
MAX_CHANGES_TEXT = 20_000
#: Chart width in an explorer (pixels): two side by side in a notebook beside JupyterLab's file browser.
CHART_WIDTH = 560


# ===================================================================== the changes as text
def changes_text(changes: Mapping[str, Any]) -> str:
    """The changes as the studio's Changes box writes them: one ``address = value`` a line.

    Examples
    --------
    >>> print(changes_text({"hand": 5, "components:goals.points": [5, 6], "route_policy": "first"}))
    hand = 5
    components:goals.points = [5, 6]
    route_policy = first
    """
    return "\n".join(f"{address} = {_value_text(value)}" for address, value in changes.items())


def parse_changes(text: str, label: str = "Changes") -> dict[str, Any]:
    """Changes typed as ``address = value`` lines, each value read as a designer types it
    (:func:`rometools.core.parameters.typed_value`: JSON, a number as typed such as ``+3`` or ``03``,
    else text).

    Blank lines and lines starting with ``#`` are skipped; ``null`` removes a data entry.

    Raises
    ------
    ValueError
        Naming ``label`` and the line: no ``=``, an empty address, an address given twice,
        more than 200 lines or 20,000 characters.

    Examples
    --------
    >>> parse_changes("hand = 5\\n# a note\\ncomponents:tables.gold.points = [0, 4, 9]\\nno_move = end_game")
    {'hand': 5, 'components:tables.gold.points': [0, 4, 9], 'no_move': 'end_game'}
    >>> parse_changes("hand 5")
    Traceback (most recent call last):
    ...
    ValueError: Changes: line 1: write address = value, e.g. hand = 5; got 'hand 5'
    """
    from rometools.core.parameters import typed_value

    if not isinstance(text, str):
        raise ValueError(f"{label} must be text of address = value lines, got {shown(text)}")
    if len(text) > MAX_CHANGES_TEXT:
        raise ValueError(f"{label}: {number(len(text))} characters; a variant changes a few values "
                         f"(at most {number(MAX_CHANGES_TEXT)} characters)")
    out: dict[str, Any] = {}
    for k, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        address, sep, value = line.partition("=")
        address, value = address.strip(), value.strip()
        if not sep or not address:
            raise ValueError(f"{label}: line {k}: write address = value, e.g. hand = 5; got {shown(line, 60)}")
        if address in out:
            raise ValueError(f"{label}: line {k}: {shown(address, 60)} is set twice; keep one line")
        if len(out) >= MAX_CHANGES:
            raise ValueError(f"{label}: more than {MAX_CHANGES} lines; a variant changes a few values")
        try:
            out[address] = typed_value(value)
        except RecursionError:
            out[address] = value
    return out


def variant_changes(variant: Any) -> dict[str, Any]:
    """A :class:`rometools.Variant`'s options (but ``players``) and edits as the studio's changes.

    The handicap becomes one ``handicap.<seat>`` (and ``handicap.<seat>.bonus``) per seat named;
    a data edit ``<file option>:<address>``; ``None`` removes an entry.

    Examples
    --------
    >>> from rometools import Variant
    >>> variant_changes(Variant("caesars_empire", options={"players": 3, "handicap": {3: 2}},
    ...                         edits={"components": {"road_bonus.points": 12}}))
    {'handicap.3': 2, 'components:road_bonus.points': 12}
    """
    from rometools.core.handicap import Handicap

    out: dict[str, Any] = {}
    for key, value in variant.options.items():
        if key == "players":
            continue
        if key == "handicap":
            h = Handicap.parse(_json_value(value))
            for seat in sorted(int(s) for s in h.to_json()):
                if h.points(seat - 1):
                    out[f"handicap.{seat}"] = h.points(seat - 1)
                if h.bonus(seat - 1):
                    out[f"handicap.{seat}.bonus"] = h.bonus(seat - 1)
            continue
        out[key] = _json_value(value)
    for file, changes in variant.edits.items():
        for address, value in changes.items():
            out[f"{file}:{address}"] = _json_value(value)
    return out


def _shown_value(value: Any, limit: int = 60, unset: str | None = None) -> str:
    """A value in a table cell: an unset option in its own words (``unset``: "every chain the rules
    allow", "the bundled file"), lists as written, cut."""
    if value is None:
        return f"unset ({unset})" if unset else "unset"
    text = _value_text(value) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[:limit] + "\u2026"


def _listed(p: Any) -> bool:
    """Whether a parameter is listed in the table and the picker: every option and handicap, and
    the data files' numbers, true/false values and lists of numbers (their text, names and ids,
    are edited by typing the address in Changes)."""
    if p.kind != "data":
        return True
    v = p.published
    if isinstance(v, bool | int | float):
        return True
    return isinstance(v, list) and bool(v) and all(isinstance(x, int | float) and not isinstance(x, bool) for x in v)


def _numeric(p: Any) -> bool:
    """Whether Tune can vary a parameter: a number, a seat's handicap, or an option that takes a
    whole number and is unset by default (``max_chain_paths``)."""
    number_now = isinstance(p.published, int | float) and not isinstance(p.published, bool)
    return number_now or p.kind == "handicap" or (p.kind == "option" and p.published is None
                                                  and "whole number" in p.takes)


def _points(p: float) -> str:
    return f"{p:g} point" + ("" if p == 1 else "s")


def _seat_of(parameter: str) -> tuple[int, bool] | None:
    parts = parameter.split(".")
    if parts[0] == "handicap" and len(parts) in (2, 3) and parts[1].isdigit():
        return int(parts[1]), len(parts) == 3 and parts[2] == "bonus"
    return None


# ===================================================================== words and tables
def _title(what: str, case: str, limit: int = 80, more: str = "") -> str:
    """A chart's title: what it shows, then its case on a smaller second line (and ``more``, the
    variant, under it), all as text (a variant's name is the designer's, never markup), each
    wrapped between words at ``limit`` characters to keep off the chart's toolbar (as
    :func:`~rometools.charts.add_caption` wraps), never cut mid-word; past two lines a part's last
    line ends with "…" (a name of hundreds of characters).

    >>> _title("Win rates", "Caesar's Empire, 4 players", more="as published against Gold 0-4-9-16, "
    ...        "Treasure points 0-1-3-6 and every city worth one point less than the rulebook says")
    "Win rates<br><sup>Caesar's Empire, 4 players</sup><br><sup>as published against Gold 0-4-9-16, Treasure points 0-1-3-6 and every city worth</sup><br><sup>one point less than the rulebook says</sup>"
    """
    import textwrap

    def wrapped(text: str) -> str:
        rows = textwrap.wrap(text, limit) or [""]
        if len(rows) > 2:
            rows = [rows[0], textwrap.shorten(" ".join(rows[1:]), limit, placeholder="\u2026")]
        return "".join(f"<br><sup>{html.escape(row, quote=False)}</sup>" for row in rows)

    return html.escape(what, quote=False) + wrapped(case) + (wrapped(more) if more else "")


def _fitted(fig, width: int):
    """``fig`` at ``width`` pixels, its legend rows above the plot counted for that width."""
    fig.update_layout(width=width)
    return legend_above(fig, width=width)


def _parameter_words(parameter: str, game: str) -> str:
    """A tuned parameter as the chart's axis says it: ``P4's handicap (points)``."""
    from rometools.core.tune import parameter_words

    words, _, plural = parameter_words(parameter, game)
    return f"{words} ({plural})" if plural else words


def _amount(x: float, scale: float, signed: bool = True, decimals: int = 1) -> str:
    if not math.isfinite(x):
        return "\u2014"
    text = f"{scale * x:+,.{decimals}f}" if signed else f"{scale * x:,.{decimals}f}"
    if float(text.replace(",", "")) == 0:   # never a negative zero (a rounded -0.04 read as a loss)
        text = text.lstrip("+-") if signed else text.lstrip("-")
    return text.replace("-", "\u2212")


def _interval(f, scale: float) -> str:
    """A figure's interval, ``low to high``, with the verdict's decimals (:func:`~rometools.core.compare_text.end_decimals`:
    ``\u22121.74 to \u22120.04``, never ``\u22121.7 to 0.0``)."""
    decimals = end_decimals(f)
    return f"{_amount(f.low, scale, True, decimals)} to {_amount(f.high, scale, True, decimals)}"


def _verdict_html(c) -> str:
    """A comparison's verdict: compare's words, then one row per figure."""
    lines = [html.escape(line) for line in c.text.splitlines()]
    rows = []
    for f in c.figures:
        scale = 100.0 if f.unit == "percentage points" else 1.0
        unit = "%" if scale == 100 else ""
        within = f"\u00b1{_amount(f.precision, scale, False)}"
        decision = {"changed": f"changed, by less than {within}" if f.below_precision else "changed",
                    "equivalent": f"no change beyond {within}", None: "undecided"}[f.decision]
        holds = f.holds   # compare's words: no interval before it holds (trial59)
        if f.decision:
            more = "\u2014"
        elif not holds:   # the verdict waits for the interval: no estimate from so few games
            more = f"at least {number(MIN_PAIRS - f.pairs)} (no estimate before its interval holds)"
        elif f.more_needed < 0:
            more = "no estimate yet"
        else:
            more = number(f.more_needed) + (f" (a rough guess from {number(f.pairs)})" if f.pairs < MIN_PAIRS else "")
        interval = _interval(f, scale) if holds else f"no interval yet (it holds from {number(MIN_PAIRS)} paired games)"
        rows.append([f.name, _amount(f.base, scale, False) + unit, _amount(f.variant, scale, False) + unit,
                     _amount(f.difference, scale), interval, decision, more])
    table = html_table(rows, "rt-whatif-figures", columns=[
        "figure", "published", "variant", "variant \u2212 published", "interval", "decision",
        "more paired games to decide"], numeric=["published", "variant", "variant \u2212 published"])
    head = (f"<b>Verdict so far</b>, after {counted(c.pairs, 'paired game')} (the run goes on):"
            if c.stopped == "running" else f"<b>Verdict</b> after {counted(c.pairs, 'paired game')}:")
    return (head + "<br>" + "<br>".join(lines)
            + "<br><small>Win rates in %, their differences and intervals in percentage points; scores in "
              "points.</small>" + table)


def _tuning_html(t, win: bool) -> str:
    scale = 100.0 if win else 1.0
    lines = [html.escape(line) for line in t.text.splitlines()]
    # "0 meets it" above a table whose first row is value 0 read as "the value 0 meets it" (trial58)
    own = t.unit or "the target's unit"
    unit = "percentage points (0 pp off = on target)" if win else f"{own} (0 off = on target)"
    names = t.coordinates if len(t.coordinates) > 1 else ()
    if names:   # every seat's win rate: each seat's column, and the farthest off (a trial saw P1's alone)
        rows = [[_value(c.value), number(c.games),
                 *(f"{_amount(r, scale)} ({_amount(lo, scale)} to {_amount(hi, scale)})"
                   for r, lo, hi in zip(c.response, c.low, c.high, strict=True)),
                 _amount(c.loss, scale, signed=False), c.status] for c in t.candidates]
        table = html_table(rows, "rt-whatif-curve-table",
                           columns=["value", "games", *(f"{name} off (interval)" for name in names),
                                    "farthest off", "status"], numeric=["games", "farthest off"])
    else:
        rows = [[_value(c.value), number(c.games), _amount(c.response[0], scale),
                 f"{_amount(c.low[0], scale)} to {_amount(c.high[0], scale)}", c.status] for c in t.candidates]
        table = html_table(rows, "rt-whatif-curve-table", columns=["value", "games", "off the target", "interval",
                                                                   "status"], numeric=["games", "off the target"])
    head = ("<b>No recommendation</b> (the closest value is surely off the target):" if t.recommended.loss_low
            > t.tolerance else "<b>Recommendation</b>:")   # as the text and the row's status say (trial59)
    return (head + "<br>" + "<br>".join(lines)
            + f"<br><small>Off the target, in {unit}.</small>" + table)


def _value(x: Any) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)

