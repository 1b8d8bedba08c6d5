"""The dice-odds explorer: a pool of any dice, a statistic of the roll, its exact law.

* :class:`DiceOddsExplorer` -- write the pool as designers do (``2d6 + d8``,
  ``3[hit, hit, blank, blank, blank, crit]``), pick what is read off the roll (the total,
  the sum of the ``k`` highest or lowest, the highest or lowest die, successes: the dice
  showing some faces), optionally re-roll some faces once, and read the exact law as bars
  and as a table of fractions, the mean, the chance of reaching a target, and a seeded
  simulation beside each exact value.

The explorer holds no probability: every number comes from :mod:`rometools.draws` through
:mod:`rometools.charts.dice`. Bad input (a term that is no die, a statistic over symbols,
more dice than the explorer takes, a face no die shows) shows a message naming the field in
the designer's words and leaves the chart and the table as they were.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.charts.dice import dice_law_figure
from rometools.core.formatting import probability
from rometools.draws import (
    Pool,
    Statistic,
    TooLargeError,
    count,
    highest,
    lowest,
    maximum,
    minimum,
    total,
)
from rometools.widgets._base import (
    MAX_SEED,
    ChartFigure,
    Explorer,
    NumberBoxError,
    WholeNumberText,
    plain_text,
    trace_data,
    whole_number,
)
from rometools.widgets._html import html_table

__all__ = ["STATISTICS", "DiceOddsExplorer", "DiceOddsView"]

#: The statistics offered, in the dropdown's order: ``{value: dropdown label}``.
STATISTICS = {
    "total": "the total",
    "highest": "the sum of the highest (keep)",
    "lowest": "the sum of the lowest (keep)",
    "maximum": "the highest die",
    "minimum": "the lowest die",
    "count": "successes: dice showing the faces counted",
}
#: Most dice a pool may hold here (the exact answers stay within about a second).
MAX_DICE = 60
#: Most faces of one die here.
MAX_FACES = 120
#: Most simulated rolls.
MAX_TRIALS = 100_000
#: The target's range (a statistic of a pool here stays within it).
TARGET_RANGE = (-10_000, 10_000)


@dataclass(frozen=True)
class DiceOddsView:
    """What the explorer shows: the question and its exact and simulated answers.

    Attributes
    ----------
    pool : rometools.draws.Pool
        The dice rolled, re-rolls applied.
    pool_text : str
        The pool as the designer wrote it, with the re-roll in words.
    statistic : rometools.draws.Statistic
    words : str
        The statistic in the designer's words (``"the sum of the 3 highest"``).
    law : dict[int, Fraction]
        Exact law of the statistic.
    mean : Fraction
        Its exact mean.
    target : int
    at_least : Fraction
        Exact P(statistic >= target).
    simulated : dict or None
        ``{value: ProportionEstimate}`` of the seeded simulation (``None`` without one).
    figure : plotly.graph_objects.Figure
    table : str
        The law as an HTML table (exact fractions).
    """

    pool: Pool
    pool_text: str
    statistic: Statistic
    words: str
    law: dict
    mean: Fraction
    target: int
    at_least: Fraction
    simulated: dict | None
    figure: go.Figure
    table: str


class DiceOddsExplorer(Explorer):
    """Exact odds of any pool of dice: the law of a statistic of the roll, its table and a simulation.

    Controls (CSS class in brackets): the pool (``rt-pool``: ``2d6 + d8``,
    ``3[hit, hit, blank, blank, blank, crit]``, ``4dF``); the statistic (``rt-statistic``,
    :data:`STATISTICS`); how many dice are kept (``rt-keep``, for the highest and lowest);
    the faces counted (``rt-faces``, for successes: ``5, 6`` or ``hit, crit``); faces
    re-rolled once (``rt-reroll``: ``1``, or empty); the target (``rt-target``: the chance
    of at least this much); simulated rolls (``rt-trials``; 0 hides the simulation) and the
    seed (``rt-seed``). Output: the answer (``rt-dice-summary``), the message area
    (``rt-message``), the law chart (``rt-dice-chart``; trace ``meta`` ``di-law-exact``,
    ``di-law-simulated``) and the law's exact table (``rt-dice-table``).

    Parameters
    ----------
    pool : str
        The pool in dice notation. Default ``4d6``.
    statistic : str
        A key of :data:`STATISTICS`. Default ``"highest"``.
    keep : int
        Dice kept for ``"highest"`` / ``"lowest"``, 1 to the pool's dice. Default 3.
    faces : str
        Faces counted for ``"count"`` (``"5, 6"``). Default ``"6"``.
    reroll : str
        Faces re-rolled once, each die that has them (``""``: none).
    target : int
        The chance of at least this value is given. Default 15.
    trials : int
        Simulated rolls (0: none; else 2 to :data:`MAX_TRIALS`).
    seed : int
        Seed of the simulation.

    Examples
    --------
    D&D's 4d6, drop the lowest: the chance of 15 or more.

    >>> ex = DiceOddsExplorer(trials=0)
    >>> ex.view.at_least, ex.view.words
    (Fraction(25, 108), 'the sum of the 3 highest')
    >>> ex.set_values(pool="2d6 + 3x")
    False
    >>> ex.message.split(" (the chart")[0]
    "Cannot update: Pool: '3x' is not a die: write NdS (2d6), NdF or N[faces] (3[hit, hit, miss]), joined by +"
    >>> ex.set_values(pool="3d6", statistic="total", target=10), ex.view.at_least
    (True, Fraction(5, 8))
    """

    chart = ChartFigure()

    FIELD_LABELS = {"pool": "Pool", "statistic": "Statistic", "keep": "Keep", "faces": "Faces counted",
                    "reroll": "Re-roll once", "target": "At least", "trials": "Simulated rolls", "seed": "Seed"}

    def __init__(self, pool: str = "4d6", statistic: str = "highest", *, keep: int = 3, faces: str = "6",
                 reroll: str = "", target: int = 15, trials: int = 4000, seed: int = 0):
        self._view: DiceOddsView | None = None
        self._init_message()
        self._pool = self._add_control("pool", widgets.Text(
            value="", placeholder="2d6 + d8, or 3[hit, hit, blank, blank, blank, crit]", continuous_update=False,
            description="Pool", layout={"width": "520px"}), "rt-pool")
        self._statistic = self._add_control("statistic", widgets.Dropdown(
            options=[(label, key) for key, label in STATISTICS.items()], value="total",
            description="Statistic", layout={"width": "420px"}), "rt-statistic")
        self._keep = self._add_control("keep", WholeNumberText(
            value=1, low=1, high=MAX_DICE, description="Keep", layout={"width": "150px"}), "rt-keep")
        self._faces = self._add_control("faces", widgets.Text(
            value="", placeholder="5, 6  or  hit, crit", continuous_update=False, description="Faces counted",
            style={"description_width": "100px"}, layout={"width": "320px"}), "rt-faces")
        self._reroll = self._add_control("reroll", widgets.Text(
            value="", placeholder="1  (empty: none)", continuous_update=False, description="Re-roll once",
            style={"description_width": "100px"}, layout={"width": "260px"}), "rt-reroll")
        self._target = self._add_control("target", WholeNumberText(
            value=0, low=TARGET_RANGE[0], high=TARGET_RANGE[1], description="At least",
            layout={"width": "170px"}), "rt-target")
        self._trials = self._add_control("trials", WholeNumberText(
            value=0, low=0, high=MAX_TRIALS, description="Simulated rolls",
            style={"description_width": "110px"}, layout={"width": "230px"}), "rt-trials")
        self._seed = self._add_control("seed", WholeNumberText(
            value=0, low=0, high=MAX_SEED, description="Seed", layout={"width": "170px"}), "rt-seed")
        self._summary = widgets.HTML()
        self._summary.add_class("rt-dice-summary")
        self._table = widgets.HTML()
        self._table.add_class("rt-dice-table")
        chart_view = self._add_chart("chart", "rt-dice-chart")
        super().__init__([
            self._pool,
            widgets.HBox([self._statistic, self._keep]),
            widgets.HBox([self._faces, self._reroll]),
            widgets.HBox([self._target, self._trials, self._seed]),
            widgets.HTML("<small>Terms join with <code>+</code>: <code>NdS</code> (numbered 1 to S), "
                         "<code>NdF</code> (-1, 0, +1), <code>N[faces]</code> (any faces, numbers or words; "
                         "a face listed twice comes up twice as often).</small>"),
            self._message, self._summary,
            widgets.HBox([chart_view, self._table], layout={"flex_flow": "row wrap"}),
        ])
        self.add_class("rt-dice-odds-explorer")
        first = {"pool": pool, "statistic": statistic, "keep": keep, "faces": faces, "reroll": reroll,
                 "target": target, "trials": trials, "seed": seed}
        if not self._set(first):  # open anyway, on the default question, and say what failed
            error = self._message.value
            self._set({"pool": "4d6", "statistic": "highest", "keep": 3, "faces": "6", "reroll": "", "target": 15,
                       "trials": 0, "seed": 0})
            self._message.value = error
            self._message.add_class("rt-error")
        for control in self._controls.values():
            control.observe(self._on_change, names="value")

    # ------------------------------------------------------------ reading
    @property
    def view(self) -> DiceOddsView | None:
        """The question and answers on screen (``None`` before the first good input)."""
        return self._view

    def figure_data(self) -> dict[str, object]:
        """The chart's data keyed by trace ``meta``, plus its title, the answer, the table and the message.

        Returns
        -------
        dict
            ``{"di-law-exact": {"name", "x", "y", "visible", "customdata"},
            "di-law-simulated": {..., "error_plus", "error_minus"} (with simulated rolls),
            "title": str, "summary": str, "table": str, "message": str}`` (text without markup).
        """
        fig = self._chart_figure("chart")
        return {**trace_data(fig), "title": fig.layout.title.text, "summary": plain_text(self._summary.value),
                "table": plain_text(self._table.value), "message": self.message}

    def set_values(self, *, pool: str | None = None, statistic: str | None = None, keep: int | None = None,
                   faces: str | None = None, reroll: str | None = None, target: int | None = None,
                   trials: int | None = None, seed: int | None = None) -> bool:
        """Set controls programmatically, then update once; all or nothing.

        Parameters are those of the class (``None``: leave as is).

        Returns
        -------
        bool
            True if the answer, chart and table were updated; False if any input was
            invalid (the message says why; every control, the chart and the table keep
            their last state).

        Examples
        --------
        >>> ex = DiceOddsExplorer(trials=0)
        >>> ex.set_values(statistic="count", pool="5[hit, hit, miss]", faces="hit", target=3)
        True
        >>> ex.view.at_least
        Fraction(64, 81)
        >>> ex.set_values(statistic="total")
        False
        >>> ex.message.split(" (the chart")[0]
        "Cannot update: Statistic: the total reads numbers, but the face 'hit' is not one (choose successes to count faces)"
        """
        return self._set({"pool": pool, "statistic": statistic, "keep": keep, "faces": faces, "reroll": reroll,
                          "target": target, "trials": trials, "seed": seed})

    def _check(self, name: str, value: Any) -> Any:
        if name in ("pool", "faces", "reroll"):
            if not isinstance(value, str):
                raise ValueError(f"{self.FIELD_LABELS[name]} is text, got {type(value).__name__}")
            if name == "pool":
                _as_pool(value)
            return value
        if name == "statistic":
            if not isinstance(value, str) or value not in STATISTICS:
                raise ValueError(f"Statistic must be one of {', '.join(STATISTICS)}, got {value!r:.40}")
            return value
        if name == "keep":
            return whole_number("Keep", value, 1, MAX_DICE)
        if name == "target":
            return whole_number("At least", value, *TARGET_RANGE)
        if name == "trials":
            whole_number("Simulated rolls", value, 0, MAX_TRIALS)
            if value == 1:
                raise ValueError("Simulated rolls must be 0 (no simulation) or 2 or more, got 1")
            return value
        if name == "seed":
            return whole_number("Seed", value, 0, MAX_SEED)
        return value

    # ------------------------------------------------------------ the update cycle
    def _compute(self) -> DiceOddsView:
        pool = _as_pool(self._pool.value)
        pool_text = pool.text()
        for die in pool.dice:
            if die.sides > MAX_FACES:
                raise ValueError(f"Pool: a die here has at most {MAX_FACES} faces, got {die.sides}")
        reroll = _faces(self._reroll.value)
        if reroll:
            known = {str(f): f for f in pool.kinds}
            unknown = [f for f in reroll if f not in known]
            if unknown:
                raise ValueError(f"Re-roll once: {unknown[0]!r:.40} is not a face of the pool "
                                 f"(faces: {', '.join(map(str, pool.kinds))[:200]})")
            pool = pool.reroll([known[f] for f in reroll])
            pool_text += f", re-rolling {' or '.join(reroll)} once"
        key, k = self._statistic.value, self._keep.value
        if key in ("highest", "lowest") and k > len(pool):
            raise NumberBoxError("keep", f"Keep: the pool has {len(pool)} dice, so keep 1 to {len(pool)}, got {k}")
        statistic, words = self._statistic_of(pool, key, k)
        if key != "count":
            symbols = [f for f in pool.kinds if isinstance(f, str)]
            if symbols:
                raise ValueError(f"Statistic: {STATISTICS[key].split(' (')[0]} reads numbers, but the face "
                                 f"{symbols[0]!r:.40} is not one (choose successes to count faces)")
        trials, seed = self._trials.value, self._seed.value
        if trials == 1:
            raise NumberBoxError("trials", "Simulated rolls must be 0 (no simulation) or 2 or more, got 1")
        try:
            law = pool.law(statistic)
            figure = dice_law_figure(pool, statistic, trials=trials, rng=seed, label=words, pool_label=pool_text)
        except TooLargeError:
            raise ValueError("Pool: this question is too large for exact odds here; "
                             "use fewer dice or fewer faces") from None
        simulated = pool.simulate(trials, rng=seed).law(statistic) if trials else None
        target = self._target.value
        at_least = sum((p for v, p in law.items() if v >= target), Fraction(0))
        mean = sum((v * p for v, p in law.items()), Fraction(0))
        return DiceOddsView(pool, pool_text, statistic, words, law, mean, target, at_least, simulated, figure,
                            _law_table(law, simulated, trials))

    def _statistic_of(self, pool: Pool, key: str, k: int) -> tuple[Statistic, str]:
        if key == "total":
            return total(), "the total"
        if key == "highest":
            return highest(k), f"the sum of the {k} highest" if k > 1 else "the highest die"
        if key == "lowest":
            return lowest(k), f"the sum of the {k} lowest" if k > 1 else "the lowest die"
        if key == "maximum":
            return maximum(), "the highest die"
        if key == "minimum":
            return minimum(), "the lowest die"
        faces = _faces(self._faces.value)
        if not faces:
            raise ValueError("Faces counted: name the faces that count as successes, e.g. 5, 6 or hit")
        known = {str(f): f for f in pool.kinds}
        unknown = [f for f in faces if f not in known]
        if unknown:
            raise ValueError(f"Faces counted: {unknown[0]!r:.40} is not a face of the pool "
                             f"(faces: {', '.join(map(str, pool.kinds))[:200]})")
        chosen = [known[f] for f in faces]
        return count(chosen), "dice showing " + " or ".join(faces)

    def _draw(self, view: DiceOddsView) -> None:
        self._view = view
        statistic_key = self._statistic.value
        self._keep.disabled = statistic_key not in ("highest", "lowest")
        self._faces.disabled = statistic_key != "count"
        pool_text = html.escape(view.pool_text)
        words = html.escape(view.words)
        mean = str(view.mean)
        mean_text = f"{mean} &asymp; {float(view.mean):.4g}" if len(mean) <= 30 else f"&asymp; {float(view.mean):.4g}"
        lines = [f"P({words} of {pool_text} &ge; {view.target}) = <b>{html.escape(probability(view.at_least))}</b>"
                 f" (exact); mean {mean_text} (exact)"]
        if view.simulated is not None:
            hits = sum(est.successes for v, est in view.simulated.items() if v >= view.target)
            trials = self._trials.value
            lines.append(f"simulated: {hits:,} of {trials:,} rolls reach {view.target} "
                         f"({100 * hits / trials:.2f}%), seed {self._seed.value}")
        self._summary.value = "<br>".join(lines)
        self._table.value = view.table
        self._show_chart("chart", view.figure)


# ----------------------------------------------------------------- helpers
def _as_pool(text: str) -> Pool:
    try:
        return Pool.from_text(text, max_dice=MAX_DICE)
    except ValueError as err:
        raise ValueError(f"Pool: {err}") from None


def _faces(text: str) -> list[str]:
    """The faces named in a text box (``"5, 6"`` -> ``["5", "6"]``), spaces trimmed, in order, once each."""
    out: list[str] = []
    for part in text.split(","):
        face = part.strip()
        if face and face not in out:
            out.append(face)
    return out


def _short(p: Fraction, limit: int = 30) -> str:
    text = str(p)
    return text if len(text) <= limit else f"{float(p):.6g}"


def _law_table(law: dict, simulated: dict | None, trials: int) -> str:
    """The law as an HTML table: each value, its exact probability, P(at least it), the simulated share."""
    rows, tail = [], Fraction(1)
    for v, p in law.items():
        row = [v, _short(p, 24), f"{100 * float(p):.3g}%", f"{100 * float(tail):.3g}%"]
        if simulated is not None:
            est = simulated.get(v)
            row.append(f"{100 * est.successes / trials:.3g}%" if est is not None else "0%")
        rows.append(row)
        tail -= p
    columns = ["value", "exact", "%", "at least"] + (["simulated"] if simulated is not None else [])
    return html_table(rows, "rt-dice-law-table", columns=columns, numeric=columns)
