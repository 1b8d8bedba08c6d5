"""The draw-odds explorer: any bag, deck or tile stack, a condition built from rows, exact odds.

* :class:`DrawOddsExplorer` -- type a bag (``red:3, green:2, yellow:1``) or pick a
  game's bag, choose the draws (with or without replacement), build a condition
  from up to four rows ("at least / at most / exactly k of kind(s)", joined by
  *and* / *or*), and read the exact probability (fraction and percentage), the
  law of the count of the selected kinds as bars, P(condition) by number of
  draws as a curve, and a seeded simulation with its Wilson interval beside
  each exact value.
* :data:`GAME_BAGS` -- the games' bags offered in the explorer's "Bag" dropdown,
  one :class:`GameBag` entry per bag (see :class:`GameBag` for how a game adds one).
* :func:`parse_bag`, :func:`format_bag`, :func:`parse_kinds` -- the text the
  designer types.

The explorer holds no probability: every number comes from :mod:`rometools.draws`
through :mod:`rometools.charts.draws`. Bad input (a negative count, an empty bag,
more draws than the bag holds without replacement, a kind the bag lacks, a row
without kinds) shows a message naming the field in the designer's words, in the
``rt-message`` widget, and leaves every chart as it was.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.caesars_empire import load_components
from rometools.charts.draws import draw_law_figure, prob_curve_figure
from rometools.core.formatting import number
from rometools.core.stats import ProportionEstimate
from rometools.draws import Bag, Condition, TooLargeError, at_least, at_most, exactly
from rometools.widgets._base import (
    MAX_SEED,
    ChartFigure,
    Explorer,
    NumberBoxError,
    WholeNumberText,
    _text_of,
    plain_text,
    trace_data,
    whole_number,
)
from rometools.widgets._draws_text import (
    _kind_key,
    format_bag,
    parse_bag,
    parse_kinds,
    unused_boxes,
)

__all__ = [
    "GAME_BAGS",
    "DrawOddsExplorer",
    "DrawOddsView",
    "GameBag",
    "format_bag",
    "parse_bag",
    "parse_kinds",
]

#: The row quantifiers, in the dropdown's order, with the condition each builds.
QUANTIFIERS: dict[str, Callable[[Any, int], Condition]] = {
    "at least": at_least, "at most": at_most, "exactly": exactly}
#: How a row joins the rows above it (rows 2 and on): ``off`` ignores the row.
JOINS = ("off", "and", "or")
#: Condition rows shown.
MAX_ROWS = 4
#: Most tokens a typed bag may hold here (a 108-card deck fits; answers stay within seconds).
MAX_TOKENS = 200
#: Most draws with replacement (the curve runs to twice that).
MAX_DRAWS_WITH_REPLACEMENT = 50
#: The Draws box's range ends here: no bag here lets more be drawn, with replacement or without.
MAX_DRAWS = max(MAX_TOKENS, MAX_DRAWS_WITH_REPLACEMENT)
#: Size guard of one question, without and with replacement: an upper bound of the
#: exact engine's work, (tracked values per row, multiplied over the rows) x (curve
#: length)^2, measured on this 2-core machine to keep an answer under about 2 s and
#: 300 MB. Larger questions are refused with a message before any work is done (the
#: engine's own TooLargeError can take a minute to come); a notebook can still ask
#: them of :mod:`rometools.draws`, or simulate them.
EXACT_WORK_LIMIT = {False: 1.5e9, True: 1e7}
#: Most simulated draws.
MAX_TRIALS = 100_000
#: ``bag_source`` value of a bag typed by the designer (not a game's).
OWN_BAG = ""

_EMPTY_ROW = ("off", "at least", 1, "")


def _percent(p: Fraction | float) -> str:
    """A probability as a readable percentage: ``70.00%``, ``0.0012%``, ``1.2e-07%``."""
    pct = 100 * float(p)
    if pct in (0, 100):
        return f"{pct:.0f}%"
    return f"{pct:.2f}%" if pct >= 0.01 else f"{pct:.2g}%"


def _fraction_text(p: Fraction, limit: int = 60) -> str:
    text = str(p)
    if len(text) <= limit:
        return text
    return (f"{str(p.numerator)[:6]}…/{str(p.denominator)[:6]}… "
            f"(a {len(str(p.denominator))}-digit denominator)")


# ----------------------------------------------------------------- the games' bags
@dataclass(frozen=True)
class GameBag:
    """One game's bag in the explorer's "Bag" dropdown, with the question it opens on.

    A game adds its bag with one entry in :data:`GAME_BAGS`, whose ``counts``
    reads the game's own data files (its ``load_components()``), so the
    explorer holds no component numbers of its own::

        GameBag("Augustus: mobilisation bag", lambda: augustus_bag_counts(),
                draws=5, rows=(("at least", 1, "dagger"),))

    Attributes
    ----------
    label : str
        The dropdown text: the game, then the bag in the rulebook's words.
    counts : callable
        ``counts() -> {kind: tokens}``: kinds in the rulebook's words (strings
        without ``,`` ``;`` ``:`` ``=``), read from the game's data files.
    draws : int or callable, optional
        The draws the question opens with (a callable reads them from the data).
        Default 1.
    rows : tuple of rows, optional
        The condition it opens with, as :meth:`DrawOddsExplorer.set_values` takes
        ``rows``. Default: at least 1 of the first kind.
    source : str
        Where the bag comes from (rulebook file and section).

    Examples
    --------
    >>> bag = GAME_BAGS[0]
    >>> bag.label.startswith("Caesar's Empire"), sum(bag.counts().values()), bag.opening_draws()
    (True, 40, 30)
    """

    label: str
    counts: Callable[[], Mapping[str, int]]
    draws: int | Callable[[], int] = 1
    rows: tuple = ()
    source: str = ""

    def opening_draws(self) -> int:
        """The draws the question opens with (draws)."""
        return self.draws() if callable(self.draws) else self.draws


def _caesars_empire_treasures(players: int, all_tokens_variant: bool = False) -> dict[str, int]:
    """Caesar's Empire Treasure tokens shuffled at set-up, by display name (the box's data file)."""
    comps = load_components()
    return {comps.name(t): n for t, n in
            comps.tokens_in_play(players, all_tokens_variant=all_tokens_variant).items()}


def _caesars_empire_cities(players: int) -> int:
    """Cities of the board side used with ``players`` (one Treasure token placed on each)."""
    return load_components().side_for(players).cities


def _augustus_bag() -> dict[str, int]:
    """The 23 Augustus mobilisation tokens by display name (the game's component file)."""
    from rometools.augustus import load_components as load_augustus

    comps = load_augustus()
    return {comps.token(t).name: n for t, n in comps.bag.items()}


def _imperator_tiles() -> dict[str, int]:
    """The 20 IMPERATOR reward tiles by kind (the expansion's component file)."""
    from rometools.imperator import load_components as load_imperator

    return {kind.replace("_", " "): n for kind, n in load_imperator().kind_counts.items()}


def _via_romana_deck() -> dict[str, int]:
    """The 55 Via Romana cards by colour and symbol (the game's component file)."""
    from rometools.via_romana import card_name, deck

    return {card_name(card): n for card, n in deck().items()}


#: The games' bags, in the dropdown's order. A game adds its bag with one entry.
GAME_BAGS: tuple[GameBag, ...] = (
    GameBag("Caesar's Empire: Treasure tokens, all-tokens variant (30 of 40 placed)",
            lambda: _caesars_empire_treasures(2, all_tokens_variant=True),
            draws=lambda: _caesars_empire_cities(2), rows=(("exactly", 0, "Meat"),),
            source="001_a311a49632a27e24.txt, Set-up and 2-3 Player Variants"),
    GameBag("Caesar's Empire: Treasure tokens, all 40 (a player's 5 random tokens)",
            lambda: _caesars_empire_treasures(4), draws=5, rows=(("at least", 2, "Gold Coins"),),
            source="001_a311a49632a27e24.txt, Set-up"),
    GameBag("Augustus: mobilisation bag (23 tokens, 6 draws)", _augustus_bag, draws=6,
            rows=(("at least", 1, "Dagger"),),
            source="003_d241425e5c31f6f1.txt, Matériel; counts in seeds/README.md"),
    GameBag("Ave Roma IMPERATOR: reward-tile stack (20 tiles, 5 regions revealed)", _imperator_tiles,
            draws=5, rows=(("at least", 1, "propraetor"),),
            source="004_c0d35faf86920c09.txt, reward tiles"),
    GameBag("Via Romana: the 55 cards (a 4-card hand)", _via_romana_deck, draws=4,
            rows=(("at least", 1, "blue temple"),),
            source="002_2e34de0661bde959.txt, Contents; Preparing to Play (Cards)"),
)


# ----------------------------------------------------------------- the explorer
@dataclass(frozen=True)
class _Row:
    join: widgets.Dropdown | None  # None on row 1
    quantifier: widgets.Dropdown
    k: WholeNumberText
    kinds: widgets.Text


@dataclass(frozen=True)
class DrawOddsView:
    """What the explorer shows: the question and its exact and simulated answers.

    Attributes
    ----------
    bag : rometools.draws.Bag
    draws : int
        Tokens drawn (draws).
    replace : bool
    condition : rometools.draws.Condition
    words : str
        The condition in the designer's words.
    law_kinds : tuple of str
        The kinds whose count the law chart shows (pooled).
    probability : Fraction
        Exact P(condition) after ``draws`` draws.
    simulated : ProportionEstimate or None
        The seeded simulation's estimate with its Wilson interval (``None``
        without simulated draws).
    law_figure, curve_figure : plotly.graph_objects.Figure
    """

    bag: Bag
    draws: int
    replace: bool
    condition: Condition
    words: str
    law_kinds: tuple[str, ...]
    probability: Fraction
    simulated: ProportionEstimate | None
    law_figure: go.Figure
    curve_figure: go.Figure


class DrawOddsExplorer(Explorer):
    """Exact odds of a condition on a draw from any bag, with the law, the curve and a simulation.

    Controls (CSS class in brackets): the bag's source (``rt-bag-source``: your
    own bag, or a game's from :data:`GAME_BAGS`, which also sets its opening
    question); the bag typed as ``kind:count`` pairs (``rt-bag``; editing a
    game's bag makes it your own); draws (``rt-draws``); with replacement
    (``rt-replace``); condition rows 1 to 4 (``rt-row-1`` ...), each a
    quantifier (``rt-row-quantifier-1``: at least, at most, exactly), a number
    of tokens (``rt-row-k-1``) and the kinds counted, pooled
    (``rt-row-kinds-1``: ``red`` or ``red, green``); rows 2 to 4 start with
    how they join the rows above (``rt-row-join-2``: off, and, or; *and* binds
    before *or*); the kinds whose count the law chart shows (``rt-law-kinds``;
    empty: row 1's kinds); simulated draws (``rt-trials``; 0 hides the
    simulation) and the seed (``rt-seed``).
    Output: the answer (``rt-draw-summary``), the message area (``rt-message``,
    plus ``rt-error`` while it shows an error), the law chart
    (``rt-law-chart``; trace ``meta`` ``dr-law-exact``, ``dr-law-simulated``)
    and the curve (``rt-curve-chart``; ``dr-curve``, ``dr-curve-at-n``,
    ``dr-curve-simulated``).

    Parameters
    ----------
    bag : str or Mapping[str, int], optional
        The bag, as typed text or ``{kind: tokens}``. Default ``red:3, green:2,
        yellow:1``, asked whether some colour is missing from 3 draws.
    draws : int, optional
        Tokens drawn (draws). Default 3, or the game bag's opening draws.
    replace : bool
        Draws with replacement (each token goes back: dice, "draw and return").
    rows : sequence of rows, optional
        The condition: the first row ``(quantifier, k, kinds)``, each later row
        ``(join, quantifier, k, kinds)`` with ``join`` ``"and"`` or ``"or"``.
        ``kinds`` is ``"red"``, ``"red, green"`` or a list. Default: at least 1
        of the bag's first kind (the game bag's opening question for a game bag).
    game_bag : str, optional
        A :class:`GameBag` label (instead of ``bag``): its bag and opening question.
    law_of : str or list of str
        The kinds whose count the law chart shows ('' for row 1's kinds).
    trials : int
        Simulated draws (0: none; else 2 to :data:`MAX_TRIALS`).
    seed : int
        Seed of the simulation; the same seed draws the same estimate.
    game_bags : sequence of GameBag
        The bags offered (default :data:`GAME_BAGS`).

    Examples
    --------
    3 red, 2 green, 1 yellow; draw 3: some colour is missing with probability 7/10.

    >>> ex = DrawOddsExplorer(trials=0)
    >>> ex.probability, ex.words
    (Fraction(7, 10), 'exactly 0 red or exactly 0 green or exactly 0 yellow')
    >>> ex.set_values(draws=7)
    False
    >>> ex.message
    'Cannot update: Draws: cannot draw 7 tokens from a bag of 6 without replacement (tick "with replacement" to put each token back) (the charts still show the last valid input)'
    >>> ex.set_values(rows=[("at least", 1, "red"), ("and", "at least", 1, "green")]), ex.probability
    (True, Fraction(3, 4))
    """

    law_figure = ChartFigure()
    curve_figure = ChartFigure()

    FIELD_LABELS = {"bag": "Bag", "game_bag": "Game bag", "draws": "Draws", "replace": "With replacement",
                    "rows": "Condition rows", "law_of": "Chart the count of", "trials": "Simulated draws",
                    "seed": "Seed", **{f"row{i}_k": f"Condition row {i}'s count"
                                       for i in range(1, MAX_ROWS + 1)}}
    DEFAULT_BAG = "red:3, green:2, yellow:1"
    DEFAULT_ROWS = (("exactly", 0, "red"), ("or", "exactly", 0, "green"), ("or", "exactly", 0, "yellow"))

    def __init__(self, bag: str | Mapping[str, int] | None = None, draws: int | None = None, *,
                 replace: bool = False, rows: Sequence[Sequence[Any]] | None = None,
                 game_bag: str | None = None, law_of: str | Sequence[str] = "", trials: int = 4000,
                 seed: int = 0, game_bags: Sequence[GameBag] = GAME_BAGS):
        self._game_bags = {gb.label: gb for gb in game_bags}
        self._preset_counts: dict[str, dict[str, int]] = {}
        self._view: DrawOddsView | None = None
        self._init_message()

        self._source = self._add_control("bag_source", widgets.Dropdown(
            options=[("Your own bag (type it below)", OWN_BAG), *((label, label) for label in self._game_bags)],
            value=OWN_BAG, description="Bag", layout={"width": "640px"}), "rt-bag-source")
        self._bag = self._add_control("bag", widgets.Textarea(
            value="", placeholder="kind:count, e.g. red:3, green:2, yellow:1", continuous_update=False,
            description="Tokens", rows=2, layout={"width": "640px"}), "rt-bag")
        self._draws = self._add_control("draws", WholeNumberText(
            value=0, low=0, high=MAX_DRAWS, description="Draws", layout={"width": "170px"}), "rt-draws")
        self._replace = self._add_control("replace", widgets.Checkbox(
            value=False, description="with replacement (each token goes back)", indent=False), "rt-replace")
        self._rows: list[_Row] = []
        row_boxes = []
        for i in range(1, MAX_ROWS + 1):
            join = None if i == 1 else self._add_control(f"row{i}_join", widgets.Dropdown(
                options=[("—", "off"), ("and", "and"), ("or", "or")], value="off",
                layout={"width": "80px"}), f"rt-row-join-{i}")
            row = _Row(
                join,
                self._add_control(f"row{i}_quantifier", widgets.Dropdown(
                    options=list(QUANTIFIERS), layout={"width": "100px"}), f"rt-row-quantifier-{i}"),
                self._add_control(f"row{i}_k", WholeNumberText(
                    value=1, low=0, layout={"width": "70px"}), f"rt-row-k-{i}"),
                self._add_control(f"row{i}_kinds", widgets.Text(
                    value="", placeholder="kind(s), e.g. red or red, green", continuous_update=False,
                    layout={"width": "300px"}), f"rt-row-kinds-{i}"),
            )
            self._rows.append(row)
            lead = widgets.HTML("<b>Condition</b>", layout={"width": "80px"}) if join is None else join
            box = widgets.HBox([lead, row.quantifier, row.k, widgets.HTML("&nbsp;of&nbsp;"), row.kinds])
            box.add_class(f"rt-row-{i}")
            row_boxes.append(box)
        self._law_of = self._add_control("law_of", widgets.Text(
            value="", placeholder="kinds (default: row 1's)", continuous_update=False,
            description="Chart the count of", style={"description_width": "130px"},
            layout={"width": "460px"}), "rt-law-kinds")
        self._trials = self._add_control("trials", WholeNumberText(
            value=0, low=0, high=MAX_TRIALS, description="Simulated draws",
            style={"description_width": "110px"}, layout={"width": "230px"}), "rt-trials")
        self._seed = self._add_control("seed", WholeNumberText(
            value=0, low=0, high=MAX_SEED, description="Seed", layout={"width": "170px"}), "rt-seed")

        self._summary = widgets.HTML()
        self._summary.add_class("rt-draw-summary")
        self._add_chart("law_figure", "rt-law-chart")
        self._add_chart("curve_figure", "rt-curve-chart")
        super().__init__([
            self._source, self._bag,
            widgets.HBox([self._draws, self._replace]),
            *row_boxes,
            widgets.HTML("<small>Rows join in order; <i>and</i> binds before <i>or</i>. "
                         "Kinds in one row are pooled: <code>red, green</code> counts both.</small>"),
            widgets.HBox([self._law_of, self._trials, self._seed]),
            self._message, self._summary,
            widgets.HBox([self._charts["law_figure"].view, self._charts["curve_figure"].view], layout={"flex_flow": "row wrap"}),
        ])
        self.add_class("rt-draw-odds-explorer")

        if bag is None and game_bag is None:
            bag = self.DEFAULT_BAG
            rows = self.DEFAULT_ROWS if rows is None else rows
        elif bag is not None and rows is None:
            rows = _opening_rows(bag)
        first = {"bag": bag, "game_bag": game_bag, "draws": 3 if draws is None and bag is not None else draws,
                 "replace": replace, "rows": rows, "law_of": law_of, "trials": trials, "seed": seed}
        if not self._set(first):  # open anyway, on the default question, and say what failed
            error = self._message.value
            self._set({"bag": self.DEFAULT_BAG, "draws": 3, "replace": False, "rows": self.DEFAULT_ROWS,
                       "law_of": "", "trials": 0, "seed": 0})
            self._message.value = error
            self._message.add_class("rt-error")

        self._source.observe(self._on_source, names="value")
        for name, control in self._controls.items():
            if name != "bag_source":
                control.observe(self._on_change, names="value")

    # ------------------------------------------------------------ reading
    @property
    def view(self) -> DrawOddsView | None:
        """The question and answers on screen (``None`` before the first good input)."""
        return self._view

    @property
    def probability(self) -> Fraction:
        """Exact P(condition) shown."""
        return self._view.probability

    @property
    def words(self) -> str:
        """The condition shown, in words."""
        return self._view.words

    @property
    def bag(self) -> Bag:
        """The bag shown."""
        return self._view.bag

    def figure_data(self) -> dict[str, object]:
        """Both charts' data keyed by trace ``meta``, plus titles, the answer and the message.

        Returns
        -------
        dict
            ``{"dr-law-exact": {"name", "x", "y", "visible", "customdata"},
            "dr-law-simulated": {..., "error_plus", "error_minus"},
            "dr-curve": {...}, "dr-curve-at-n": {...}, "dr-curve-simulated": {...},
            "law_title": str, "curve_title": str, "summary": str, "message": str}``
            (the simulated traces only with simulated draws).
        """
        out: dict[str, object] = {**trace_data(self._chart_figure("law_figure")), **trace_data(self._chart_figure("curve_figure"))}
        out["law_title"] = self._chart_figure("law_figure").layout.title.text
        out["curve_title"] = self._chart_figure("curve_figure").layout.title.text
        out["summary"] = plain_text(self._summary.value)
        out["message"] = self.message
        return out

    # ------------------------------------------------------------ writing
    def set_values(self, *, bag: str | Mapping[str, int] | None = None, game_bag: str | None = None,
                   draws: int | None = None, replace: bool | None = None,
                   rows: Sequence[Sequence[Any]] | None = None, law_of: str | Sequence[str] | None = None,
                   trials: int | None = None, seed: int | None = None) -> bool:
        """Set controls programmatically, then update once; all or nothing.

        Parameters are those of the class (``None``: leave as is). ``rows``
        replaces every row (rows not given are switched off); ``game_bag``
        loads that bag and its opening question, and the other arguments then
        change that question.

        Returns
        -------
        bool
            True if the answer and charts were updated; False if any input was
            invalid (the message area says why; every control and chart keeps
            its last state).

        Examples
        --------
        >>> ex = DrawOddsExplorer(trials=0)
        >>> ex.set_values(bag="red:3, green:-2")
        False
        >>> ex.message.split(" (the chart")[0]
        "Cannot update: Bag: 'green:-2': the count must be a whole number 0 or more, got '-2'"
        """
        return self._set({"bag": bag, "game_bag": game_bag, "draws": draws, "replace": replace,
                          "rows": rows, "law_of": law_of, "trials": trials, "seed": seed})

    def _check(self, name: str, value: Any) -> Any:
        if name == "bag":
            text = value if isinstance(value, str) else format_bag(_as_counts(value))
            parse_bag(text)
            return text
        if name == "game_bag":
            if not isinstance(value, str) or value not in self._game_bags:
                raise ValueError(f"unknown game bag {value!r}; choose one of: {'; '.join(self._game_bags)}")
            return value
        if name == "draws":
            return whole_number("Draws", value, 0, MAX_DRAWS)
        if name == "replace":
            if not isinstance(value, bool):
                raise ValueError(f"With replacement must be True or False, got {value!r}")
            return value
        if name == "rows":
            return _check_rows(value)
        if name == "law_of":
            if not isinstance(value, str) and not (isinstance(value, list | tuple)
                                                   and all(isinstance(k, str) for k in value)):
                raise ValueError(f"Chart the count of: give kinds as text such as 'red, green' or a list "
                                 f"of kind names, got {value!r}")
            return ", ".join(parse_kinds(value))
        if name == "trials":
            whole_number("Simulated draws", value, 0, MAX_TRIALS)
            if value == 1:
                raise ValueError("Simulated draws must be 0 (no simulation) or 2 or more, got 1")
            return value
        if name == "seed":
            return whole_number("Seed", value, 0, MAX_SEED)
        return value

    def _assign(self, values: dict[str, Any]) -> None:
        if "game_bag" in values:
            if "bag" in values:
                raise ValueError("give a bag or a game bag, not both")
            self._load_game_bag(values.pop("game_bag"))
        if "bag" in values:
            self._bag.value = values.pop("bag")
        if "rows" in values:
            self._assign_rows(values.pop("rows"))
        super()._assign(values)

    def _assign_rows(self, rows: list[tuple[str, str, int, str]]) -> None:
        for i, row in enumerate(self._rows):
            join, quantifier, k, kinds = rows[i] if i < len(rows) else _EMPTY_ROW
            if row.join is not None:
                row.join.value = join
            row.quantifier.value, row.k.value, row.kinds.value = quantifier, k, kinds

    def _load_game_bag(self, label: str) -> None:
        """Show a game's bag and its opening question (the caller holds and restores)."""
        preset = self._game_bags[label]
        counts = self._game_counts(label)
        self._source.value = label
        self._bag.value = format_bag(counts)
        self._draws.value = preset.opening_draws()
        self._replace.value = False
        self._assign_rows(_check_rows(preset.rows or _opening_rows(counts) or (("at least", 1, ""),)))
        self._law_of.value = ""

    def _game_counts(self, label: str) -> dict[str, int]:
        if label not in self._preset_counts:
            self._preset_counts[label] = dict(self._game_bags[label].counts())
        return self._preset_counts[label]

    def _on_source(self, change) -> None:
        if self._hold:
            return
        if change["new"] == OWN_BAG:
            self.update()
        else:
            self._attempt(lambda: self._load_game_bag(change["new"]), restore_to=self._good)

    def _show_error(self, err: BaseException, kept: str | None = None, value_given: bool = True) -> None:
        """As every explorer's, naming besides every box that reads otherwise than the answer shown
        (:func:`~rometools.widgets._draws_text.unused_boxes`): typed after or with the refused one, not in use."""
        if kept is None and self._good is not None:
            unused = unused_boxes(self._controls, self._good.controls, self.FIELD_LABELS, self._wording(_text_of(err)))
            if unused:
                kept = f"{self._kept()}; {unused}"
        super()._show_error(err, kept, value_given)

    # ------------------------------------------------------------ the update cycle
    def _compute(self) -> DrawOddsView:
        counts = parse_bag(self._bag.value)
        source = self._source.value
        if source != OWN_BAG and counts != self._game_counts(source):
            self._source.value = OWN_BAG  # a game's bag, edited: now the designer's own
        if not any(counts.values()):
            raise ValueError("Bag: the bag is empty; give at least one token, e.g. red:3")
        total = sum(counts.values())
        if total > MAX_TOKENS:
            raise ValueError(f"Bag: {total} tokens is more than the {MAX_TOKENS} this explorer takes")
        bag = Bag(counts)
        n, replace = self._draws.value, self._replace.value  # a whole number 0 to MAX_DRAWS (number_boxes)
        if replace and n > MAX_DRAWS_WITH_REPLACEMENT:  # NumberBoxError: the box goes back, as for 1.5
            raise NumberBoxError("draws", f"Draws: at most {MAX_DRAWS_WITH_REPLACEMENT} draws with "
                                          f"replacement here, got {n}")
        if not replace and n > total:
            raise NumberBoxError("draws", f"Draws: cannot draw {n} tokens from a bag of {total} without "
                                          'replacement (tick "with replacement" to put each token back)')
        names = {_kind_key(k): k for k in counts}
        horizon = max(2 * n, 10) if replace else total
        condition, words, first_kinds, tracked = self._condition(names, counts, horizon if replace else None)
        if tracked * (horizon + 1) ** 2 > EXACT_WORK_LIMIT[replace]:
            raise ValueError("Condition: this question is too large for exact odds in the explorer "
                             "(large counts in several rows over a big bag or many draws); use fewer rows, "
                             "smaller numbers of tokens, or fewer tokens or draws")
        law_kinds = (_known_kinds(parse_kinds(self._law_of.value), names, "Chart the count of")
                     or first_kinds)
        selector = law_kinds[0] if len(law_kinds) == 1 else list(law_kinds)
        trials, seed = self._trials.value, self._seed.value  # whole numbers in range (number_boxes)
        if trials == 1:  # typed: no _check
            raise NumberBoxError("trials", "Simulated draws must be 0 (no simulation) or 2 or more, got 1")
        try:
            law_fig = draw_law_figure(bag, n, selector, replace=replace, trials=trials, rng=seed,
                                      label=" + ".join(law_kinds))
            curve_fig = prob_curve_figure(bag, condition, n=n, replace=replace, max_draws=horizon,
                                          trials=trials, rng=seed, label=words)
        except TooLargeError:
            raise ValueError("this question is too large for exact odds here; try fewer kinds, "
                             "tokens or draws") from None
        probability = Fraction(curve_fig.data[1].customdata[0])
        simulated = None
        if trials:
            successes, low, high = curve_fig.data[2].customdata[0]
            simulated = ProportionEstimate(int(successes), trials, successes / trials, low, high, 0.95)
        return DrawOddsView(bag, n, replace, condition, words, tuple(law_kinds), probability, simulated,
                            law_fig, curve_fig)

    def _condition(self, names: Mapping[str, str], counts: Mapping[str, int], draws_cap: int | None
                   ) -> tuple[Condition, str, list[str], int]:
        """The rows' condition, its words, row 1's kinds and a bound of the values it tracks.

        Errors name the row. The bound multiplies, over the rows, the counts a row
        tells apart (0 to k, and "more"), each at most the row's tokens in the
        bag (or ``draws_cap`` draws with replacement), plus one.
        """
        groups: list[list[tuple[Condition, str]]] = []
        first_kinds: list[str] = []
        tracked, total = 1, sum(counts.values())
        for i, row in enumerate(self._rows, start=1):
            join = "and" if row.join is None else row.join.value
            if join == "off":
                continue
            where = f"Condition row {i}"
            k = row.k.value  # a whole number 0 or more (number_boxes); at most what a row can count:
            high, why = ((MAX_DRAWS_WITH_REPLACEMENT, f"at most {MAX_DRAWS_WITH_REPLACEMENT} draws with "
                          "replacement") if draws_cap is not None else (total, f"the bag holds {total}"))
            if k > high:
                raise NumberBoxError(f"row{i}_k", f"{self.field_label(f'row{i}_k')} must be a whole number "
                                                  f"0 to {number(high)} ({why}), got {k}")
            typed = parse_kinds(row.kinds.value)
            if not typed:
                raise ValueError(f"{where}: name the kind(s) to count, e.g. red, or red, green for both")
            kinds = _known_kinds(typed, names, where)
            if not first_kinds:
                first_kinds = kinds
            reach = draws_cap if draws_cap is not None else sum(counts[kind] for kind in kinds)
            tracked *= min(k, reach) + 2
            q = row.quantifier.value
            selector = kinds[0] if len(kinds) == 1 else list(kinds)
            part = (QUANTIFIERS[q](selector, k),
                    f"{q} {k} {kinds[0]}" if len(kinds) == 1 else f"{q} {k} of {' + '.join(kinds)}")
            if join == "or" or not groups:
                groups.append([part])
            else:
                groups[-1].append(part)
        conditions, words = [], []
        for group in groups:
            cond = group[0][0]
            for c, _ in group[1:]:
                cond = cond & c
            conditions.append(cond)
            text = " and ".join(w for _, w in group)
            words.append(f"({text})" if len(group) > 1 and len(groups) > 1 else text)
        condition = conditions[0]
        for c in conditions[1:]:
            condition = condition | c
        return condition, " or ".join(words), first_kinds, tracked

    def _draw(self, view: DrawOddsView) -> None:
        self._view = view
        for row in self._rows[1:]:
            off = row.join.value == "off"
            row.quantifier.disabled = row.k.disabled = row.kinds.disabled = off
        mode = "with" if view.replace else "without"
        p = view.probability
        lines = [f"P({html.escape(view.words)}) in {view.draws} draws {mode} replacement from "
                 f"{view.bag.total} tokens = <b>{html.escape(_fraction_text(p))}</b> &asymp; "
                 f"<b>{_percent(p)}</b> (exact)"]
        est = view.simulated
        if est is not None:
            lines.append(f"simulated: {est.successes:,} of {est.trials:,} draws = {_percent(est.estimate)}, "
                         f"95% Wilson interval {_percent(est.low)} to {_percent(est.high)} "
                         f"(seed {self._seed.value})")
        self._summary.value = "<br>".join(lines)
        self._show_chart("law_figure", view.law_figure)
        self._show_chart("curve_figure", view.curve_figure)


# ----------------------------------------------------------------- helpers
def _opening_rows(bag: Any) -> tuple | None:
    """At least 1 of the bag's first kind (``None`` when the bag does not read: its check says why)."""
    try:
        counts = parse_bag(bag) if isinstance(bag, str) else _as_counts(bag)
    except ValueError:
        return None
    return (("at least", 1, next(iter(counts))),) if counts else None


def _as_counts(value: Any) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ValueError(f"Bag: give the bag as text (red:3, green:2) or a mapping {{kind: tokens}}, "
                         f"got {type(value).__name__}")
    out = {}
    for kind, n in value.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"Bag: the count of {kind!r} must be a whole number 0 or more, got {n!r}")
        out[str(kind)] = n
    return out


def _known_kinds(typed: list[str], names: Mapping[str, str], where: str) -> list[str]:
    """The bag's spelling of each typed kind; a ``ValueError`` naming ``where`` for one it lacks."""
    out = []
    for kind in typed:
        known = names.get(_kind_key(kind))
        if known is None:
            raise ValueError(f"{where}: {kind!r} is not a kind of the bag "
                             f"(kinds: {', '.join(names.values())})")
        if known not in out:
            out.append(known)
    return out


def _check_rows(rows: Any) -> list[tuple[str, str, int, str]]:
    """``set_values(rows=...)`` checked and normalised to ``(join, quantifier, k, kinds text)``."""
    if isinstance(rows, str) or not isinstance(rows, Sequence) or not rows:
        raise ValueError("rows must be a list of condition rows, e.g. [('at least', 1, 'red')]")
    if len(rows) > MAX_ROWS:
        raise ValueError(f"at most {MAX_ROWS} condition rows, got {len(rows)}")
    out = []
    for i, row in enumerate(rows, start=1):
        where = f"Condition row {i}"
        if isinstance(row, str) or not isinstance(row, Sequence) or len(row) != (3 if i == 1 else 4):
            shape = "(quantifier, k, kinds)" if i == 1 else "(join, quantifier, k, kinds)"
            raise ValueError(f"{where}: write it as {shape}, e.g. "
                             + ("('at least', 1, 'red')" if i == 1 else "('and', 'at most', 2, 'green')")
                             + f", got {row!r}")
        join, quantifier, k, kinds = ("and", *row) if i == 1 else row
        if join not in ("and", "or"):
            raise ValueError(f"{where}: join it with 'and' or 'or', got {join!r}")
        if quantifier not in QUANTIFIERS:
            raise ValueError(f"{where}: {quantifier!r} is not one of {', '.join(QUANTIFIERS)}")
        whole_number(f"{where}'s count", k)
        if not isinstance(kinds, str) and not (isinstance(kinds, Iterable)
                                               and all(isinstance(x, str) for x in kinds)):
            raise ValueError(f"{where}: kinds must be text such as 'red, green' or a list of kind names, "
                             f"got {kinds!r}")
        out.append(("off" if i == 1 else join, quantifier, k, ", ".join(parse_kinds(kinds))))
    return out
