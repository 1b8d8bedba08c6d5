"""Caesar's Empire explorers: thin ipywidgets that wire controls to the rules and charts.

* :class:`CollectionExplorer` -- count inputs per Treasure type and City tokens,
  a Treasures / Riches vocabulary toggle, editable scoring tables shown against
  the rulebook's, a live breakdown chart and a marginal-value chart.
* :class:`SetupOddsExplorer` -- player count, all-tokens variant and Treasure
  type; the exact distribution of that type's tokens on the board with a seeded
  simulation overlaid (Wilson intervals as error bars).

The explorers hold no rules: every number comes from
:mod:`rometools.caesars_empire` through :mod:`rometools.charts.caesars_empire`.
Invalid input (a negative count, too many tokens, an unreadable City token or
table) shows a readable message in the ``rt-message`` widget, never a
traceback, and leaves the last good chart in place.

Stable CSS classes (for a browser test): see each class's docstring.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from pathlib import Path

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.caesars_empire import (
    Components,
    ScoringTables,
    load_components,
    prob_some_type_absent,
)
from rometools.charts.caesars_empire import (
    collection_breakdown_figure,
    marginal_value_figure,
    setup_odds_figure,
)
from rometools.core.data import data_dir
from rometools.core.formatting import join_names, number, percent, probability, seed_text, shown
from rometools.widgets._base import (
    MAX_SEED,
    ChartFigure,
    Explorer,
    WholeNumberText,
    plain_text,
    trace_data,
    vocabulary_toggle,
    whole_number,
)

__all__ = [
    "MAX_TABLE_POINTS",
    "CollectionExplorer",
    "SetupOddsExplorer",
    "city_token_colours",
    "format_city_tokens",
    "parse_city_tokens",
    "parse_table",
]

_TABLES = ("same_type", "different_types", "gold")
_TOKEN_SPLIT = re.compile(r"[,;\n]+")
#: Width of each of the collection explorer's two charts (pixels).
CHART_WIDTH = 580
#: Most points one entry of an edited scoring table may give (the rulebook's largest is 64).
MAX_TABLE_POINTS = 10_000
#: Longest whole number read from typed text (Python's int() refuses beyond 4,300 digits).
_MAX_DIGITS = 4000


def city_token_colours() -> tuple[str, ...]:
    """The City-token colours of the data folder's boards, sorted (what a typed City token may be).

    Examples
    --------
    >>> city_token_colours()
    ('blue', 'green', 'orange', 'purple', 'red', 'white', 'yellow')
    """
    from rometools.caesars_empire import Board

    colours = set()
    for path in sorted((data_dir() / "caesars_empire").glob("board_*.toml")):
        colours |= {c.colour.lower() for c in Board.from_file(path).cities}
    return tuple(sorted(colours))


# ----------------------------------------------------------------- text input parsing
def parse_city_tokens(text: str) -> list[tuple[str, int]]:
    """Read City tokens typed as ``"red:3, blue:6"``.

    Pairs are separated by commas, semicolons or new lines; colour and value by
    ``:`` or ``=`` (or a space). Colours are lower-cased.

    Raises
    ------
    ValueError
        Naming the unreadable pair, e.g. ``City token 'red:x': the value 'x' is
        not a whole number``.

    Examples
    --------
    >>> parse_city_tokens("Red:3, blue=6; green 2")
    [('red', 3), ('blue', 6), ('green', 2)]
    >>> parse_city_tokens("  ")
    []
    """
    out = []
    for item in _TOKEN_SPLIT.split(text or ""):
        item = item.strip()
        if not item:
            continue
        parts = re.split(r"\s*[:=]\s*|\s+", item)
        if len(parts) != 2 or not parts[0]:
            raise ValueError(f"City token {shown(item)}: write it as colour:value, e.g. red:3")
        colour, value = parts
        if not re.fullmatch(r"[+-]?\d+", value):
            raise ValueError(f"City token {shown(item)}: the value {shown(value)} is not a whole number")
        if len(value.lstrip("+-")) > _MAX_DIGITS:  # beyond what int() reads; far out of any range
            raise ValueError(f"City token {shown(item)}: the value must be a whole number of at most "
                             f"{_MAX_DIGITS} digits, got {number(len(value.lstrip('+-')))} digits")
        out.append((colour.lower(), int(value)))
    return out


def format_city_tokens(tokens: Iterable[tuple[str, int]]) -> str:
    """Inverse of :func:`parse_city_tokens`.

    Examples
    --------
    >>> format_city_tokens([("red", 3), ("blue", 6)])
    'red:3, blue:6'
    """
    return ", ".join(f"{c}:{v}" for c, v in tokens)


def parse_table(text: str, label: str = "table", *, needs: int = 1) -> tuple[int, ...]:
    """Read a scoring table typed as comma-separated points for 1, 2, ... tokens.

    A table is refused, never adjusted: each entry a whole number of points
    from 0 to :data:`MAX_TABLE_POINTS`, never going down as the collection
    grows, and at least ``needs`` entries (the largest collection it scores).

    Raises
    ------
    ValueError
        Naming the table and the entry: empty, not a whole number, negative or
        too large, smaller than the entry before, or too short.

    Examples
    --------
    >>> parse_table("0, 2, 10, 20")
    (0, 2, 10, 20)
    >>> parse_table("20, 10, 5, 0", "Same type table")
    Traceback (most recent call last):
    ...
    ValueError: Same type table: points must not go down as the collection grows (20 for 1 token, then 10 for 2)
    """
    if not isinstance(text, str):
        raise ValueError(f"{label}: give the points for 1, 2, ... tokens as text or a list of whole "
                         f"numbers, e.g. 0, 2, 10, 20; got {shown(text)}")
    items = [s.strip() for s in re.split(r"[,;\s]+", text) if s.strip()]
    if not items:
        raise ValueError(f"{label}: give the points for 1, 2, ... tokens, e.g. 0, 2, 10, 20")
    out = []
    for s in items:
        if not re.fullmatch(r"[+-]?\d+", s):
            raise ValueError(f"{label}: {shown(s)} is not a whole number of points")
        points = int(s) if len(s.lstrip("+-")) <= _MAX_DIGITS else None  # None: far out of range
        if points is None or not 0 <= points <= MAX_TABLE_POINTS:
            raise ValueError(f"{label}: points must be 0 to {number(MAX_TABLE_POINTS)}, "
                             f"got {number(points) if points is not None else shown(s)}")
        if out and points < out[-1]:
            k = len(out)
            raise ValueError(f"{label}: points must not go down as the collection grows "
                             f"({out[-1]} for {k} token{'s' if k > 1 else ''}, then {points} for {k + 1})")
        out.append(points)
    if len(out) < needs:
        raise ValueError(f"{label}: give the points for 1 to {needs} tokens (a collection can reach "
                         f"{needs}), got {len(out)}")
    return tuple(out)


def _table_text(points: Iterable[int]) -> str:
    return ", ".join(str(p) for p in points)


# ----------------------------------------------------------------- collection explorer
class CollectionExplorer(Explorer):
    """Explore final Treasure (Riches) and City points of one player's collection.

    Controls (CSS class in brackets): one whole-number count box per Treasure type
    (``rt-count-<id>``, e.g. ``rt-count-grapes``, ``rt-count-gold``); City tokens
    as ``red:3, blue:6`` text (``rt-city-tokens``); the vocabulary toggle
    (``rt-vocabulary``); one text field per scoring table
    (``rt-table-same_type``, ``rt-table-different_types``, ``rt-table-gold``)
    beside the rulebook's values, and a reset button (``rt-reset-tables``).
    Output: the totals line (``rt-total``), the message area (``rt-message``,
    plus ``rt-error`` while it shows an error), the breakdown chart
    (``rt-breakdown-chart``, trace ``meta`` ``ce-breakdown`` and
    ``ce-breakdown-reference``) and the marginal-value chart
    (``rt-marginal-chart``, trace ``meta`` ``ce-marginal``).

    Parameters
    ----------
    treasures : Mapping[str, int], optional
        Starting counts per Treasure type (default: the rulebook's worked example).
    city_tokens : iterable of (colour, value) or str, optional
        Starting City tokens (default: the rulebook's worked example).
    vocabulary : {"treasures", "riches"}
        Starting edition vocabulary.
    components : Components, optional
        Component set; default the bundled file.

    Examples
    --------
    >>> ex = CollectionExplorer()
    >>> ex.figure_data()["ce-breakdown"]["y"]
    [14, 14, 4, 22]
    >>> ex.set_values(counts={"grapes": 9})
    False
    >>> ex.message
    'Cannot update: Counts: Grapes must be a whole number 0 to 4, got 9 (the charts still show the last valid input)'
    >>> ex.figure_data()["ce-breakdown"]["y"]
    [14, 14, 4, 22]
    """

    breakdown_figure = ChartFigure()
    marginal_figure = ChartFigure()

    FIELD_LABELS = {"counts": "Counts", "city_tokens": "City tokens", "tables": "Scoring tables",
                    "vocabulary": "Vocabulary"}
    RULEBOOK_EXAMPLE = {"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2}
    RULEBOOK_CITIES = (("red", 3), ("blue", 6), ("green", 2), ("yellow", 2), ("purple", 3), ("orange", 6))

    def __init__(self, treasures: Mapping[str, int] | None = None,
                 city_tokens: Iterable[tuple[str, int]] | str | None = None, *,
                 vocabulary: str = "treasures", components: Components | None = None):
        self.components = comps = components or load_components()
        self._init_message()
        start = dict(self.RULEBOOK_EXAMPLE if treasures is None else treasures)
        start = {comps.canonical(k): v for k, v in start.items()}

        self.counts_inputs: dict[str, WholeNumberText] = {}
        for tid in comps.treasure_ids:
            box = WholeNumberText(value=0, low=0, high=comps.supply[tid], description=tid,
                                  style={"description_width": "110px"},
                                  layout=widgets.Layout(width="190px"))
            self._add_control(f"count_{tid}", box, "rt-count", f"rt-count-{tid}")
            box.observe(self._on_change, names="value")
            self.counts_inputs[tid] = box
        cities = self.RULEBOOK_CITIES if city_tokens is None else city_tokens
        self.city_input = widgets.Text(
            value=cities if isinstance(cities, str) else format_city_tokens(cities),
            description="City tokens", placeholder="red:3, blue:6", continuous_update=False,
            style={"description_width": "110px"}, layout=widgets.Layout(width="560px"))
        self._add_control("city_tokens", self.city_input, "rt-city-tokens")
        self.city_input.observe(self._on_change, names="value")

        self.vocabulary_toggle = self._add_control("vocabulary", vocabulary_toggle(vocabulary))
        self.vocabulary_toggle.observe(self._on_change, names="value")

        self.table_inputs: dict[str, widgets.Text] = {}
        self._table_notes: dict[str, widgets.HTML] = {}
        table_rows = []
        for name in _TABLES:
            text = widgets.Text(value=_table_text(getattr(comps.tables, name)), description=name,
                                continuous_update=False, style={"description_width": "130px"},
                                layout=widgets.Layout(width="420px"))
            self._add_control(f"table_{name}", text, f"rt-table-{name}")
            text.observe(self._on_change, names="value")
            note = widgets.HTML()
            self.table_inputs[name] = text
            self._table_notes[name] = note
            table_rows.append(widgets.HBox([text, note]))
        self.reset_button = widgets.Button(description="Reset to rulebook tables", icon="undo",
                                           layout=widgets.Layout(width="220px"))
        self.reset_button.add_class("rt-reset-tables")
        self.reset_button.on_click(lambda _b: self.set_values(tables=self.components.tables))

        self._heading = widgets.HTML()
        self._tables_heading = widgets.HTML()
        self._total = widgets.HTML()
        self._total.add_class("rt-total")
        self._add_chart("breakdown_figure", "rt-breakdown-chart")
        self._add_chart("marginal_figure", "rt-marginal-chart")

        counts_grid = widgets.GridBox(list(self.counts_inputs.values()),
                                      layout=widgets.Layout(grid_template_columns="repeat(3, 200px)"))
        super().__init__([
            self._heading, self.vocabulary_toggle, counts_grid, self.city_input,
            self._tables_heading, *table_rows, self.reset_button,
            self._message, self._total,
            widgets.HBox([self._charts["breakdown_figure"].view, self._charts["marginal_figure"].view],
                         layout=widgets.Layout(flex_flow="row wrap")),
        ])
        self.add_class("rt-collection-explorer")
        #: The vocabulary of the charts shown (the last valid input's): the headings and the count boxes'
        #: names follow it, never a toggle whose update was refused (a trial read "Riches" over charts of "Gems")
        self._shown_vocabulary = vocabulary
        self._relabel()
        if not self._set({"counts": start}):  # checked as set_values checks them, never converted
            error = self._message.value
            self.update()  # open on no Treasures, and say what was refused
            self._message.value = error
            self._message.add_class("rt-error")

    # -- reading the controls
    @property
    def vocabulary(self) -> str:
        """The edition vocabulary shown (``"treasures"`` or ``"riches"``)."""
        return self.vocabulary_toggle.value

    @property
    def counts(self) -> dict[str, int]:
        """Current ``{Treasure id: tokens}`` from the count inputs."""
        return {tid: box.value for tid, box in self.counts_inputs.items()}

    def _tables(self) -> dict[str, tuple[int, ...]]:
        labels, needs = self._table_labels(), self._table_needs()
        return {name: parse_table(self.table_inputs[name].value, f"{labels[name]} scoring table",
                                  needs=needs[name]) for name in _TABLES}

    def variant(self, name: str = ""):
        """The scoring tables as edited here, as a :class:`rometools.Variant` of Caesar's Empire: only
        the tables that differ from the components' (``tables.<name>.points``), checked as the
        edited components file would be, to save, compare or tune.

        Raises
        ------
        ValueError
            Naming the scoring table a typed table or the edited file's check refuses.

        Examples
        --------
        >>> ex = CollectionExplorer()
        >>> ex.set_values(tables={"gold": [0, 5, 10, 17, 26, 37, 50, 65]})
        True
        >>> v = ex.variant("gold +1")
        >>> dict(v.edits["components"]), v.load().config.components.tables.gold[1]
        ({'tables.gold.points': (0, 5, 10, 17, 26, 37, 50, 65)}, 5)
        """
        from rometools.core.data import bundled_file, edited_file_of
        from rometools.core.errors import DataFileError
        from rometools.core.variants import Variant

        comps = self.components
        tables = self._tables()   # a typed table that does not parse: refused in words
        changed = {f"tables.{n}.points": list(tables[n]) for n in _TABLES
                   if tuple(tables[n]) != tuple(getattr(comps.tables, n))}
        options: dict[str, str] = {}
        bundled = bundled_file("caesars_empire", "components.toml")
        if comps.path is not None and Path(comps.path).resolve() != bundled.resolve():
            if edited_file_of(comps) is not None:
                raise ValueError("Scoring tables: these components come from a variant's edits; edit that "
                                 "variant's tables instead (Variant.with_value)")
            options["components"] = str(comps.path)
        label = name or ("the published tables" if not changed else
                         "scoring tables: " + "; ".join(f"{n} {_table_text(tables[n])}" for n in _TABLES
                                                        if f"tables.{n}.points" in changed))
        variant = Variant("caesars_empire", label[:200], options, {"components": changed} if changed else {})
        try:
            variant.load()
        except DataFileError as err:
            raise ValueError(f"Scoring tables: refused as the edited components file would be: {err.entry}: "
                             f"{err.problem}") from None
        return variant

    def _table_needs(self) -> dict[str, int]:
        """The largest collection each table scores with these components (its least length)."""
        comps = self.components
        return {"same_type": max(comps.supply[t] for t in comps.non_gold_ids),
                "different_types": len(comps.non_gold_ids), "gold": comps.supply[comps.gold_id]}

    def _city_tokens(self, text: str) -> list[tuple[str, int]]:
        """City tokens typed as text, each of a board colour and a value the components allow."""
        tokens = parse_city_tokens(text)
        colours = city_token_colours()
        lo, hi = self.components.city_values
        for colour, value in tokens:
            if colour not in colours:
                raise ValueError(f"City token {shown(f'{colour}:{value}')}: unknown colour {shown(colour)}; "
                                 f"the boards' City tokens are {join_names(colours, 10)}")
            if not lo <= value <= hi:
                raise ValueError(f"City token {shown(f'{colour}:{value}')}: the value must be {lo} to {hi} "
                                 f"(the City tokens in the box), got {shown(value)}")
        return tokens

    def _table_labels(self, vocabulary: str | None = None) -> dict[str, str]:
        return {"same_type": "Same type", "different_types": "Different types",
                "gold": self.components.name(self.components.gold_id, vocabulary or self.vocabulary)}

    # -- writing
    def set_values(self, *, counts: Mapping[str, int] | None = None,
                   city_tokens: Iterable[tuple[str, int]] | str | None = None,
                   tables: Mapping[str, Iterable[int] | str] | object | None = None,
                   vocabulary: str | None = None) -> bool:
        """Set controls programmatically, then update once; all or nothing.

        Parameters
        ----------
        counts : Mapping[str, int], optional
            Counts to change (other types keep theirs), keyed by id, alias or
            display name.
        city_tokens : iterable of (colour, value) or str, optional
            Replaces the City tokens.
        tables : Mapping or ScoringTables, optional
            Tables to change: sequences of points or comma-separated text.
        vocabulary : {"treasures", "riches"}, optional

        Returns
        -------
        bool
            True if the charts were updated; False if any input was invalid
            (the message area says why; every control and both charts keep
            their last state).
        """
        return self._set({"counts": counts, "city_tokens": city_tokens, "tables": tables,
                          "vocabulary": vocabulary})

    def _check(self, name: str, value):
        comps = self.components
        if name == "counts":
            if not isinstance(value, Mapping):
                raise ValueError(f"Counts must map each {self._good_word()} type to its tokens, e.g. "
                                 f"{{'grapes': 3, 'gold': 1}}, got {shown(value)}")
            checked = {}
            for key, count in value.items():
                try:
                    tid = comps.canonical(key)
                except ValueError:
                    raise ValueError(f"Counts: unknown {self._good_word()} type {shown(key)}; choose one of "
                                     f"{', '.join(self._display_names().values())}") from None
                whole_number(f"Counts: {comps.name(tid, self.vocabulary)}", count, 0, comps.supply[tid])
                checked[tid] = count
            return checked
        if name == "city_tokens":
            if isinstance(value, str):
                text = value
            elif isinstance(value, Iterable) and not isinstance(value, Mapping | bytes):
                pairs = list(value)
                if not all(isinstance(p, tuple | list) and len(p) == 2 and isinstance(p[0], str)
                           and isinstance(p[1], int) and not isinstance(p[1], bool) for p in pairs):
                    raise ValueError(f"City tokens must be (colour, value) pairs such as ('red', 3), "
                                     f"got {shown(pairs)}")
                lo, hi = comps.city_values
                for colour, v in pairs:
                    if not lo <= v <= hi:
                        raise ValueError(f"City token ({shown(colour)}, {shown(v)}): the value must be {lo} to "
                                         f"{hi} (the City tokens in the box)")
                text = format_city_tokens(pairs)
            else:
                raise ValueError(f"City tokens must be text such as 'red:3, blue:6' or a list of "
                                 f"(colour, value) pairs, got {shown(value)}")
            self._city_tokens(text)
            return text
        if name == "tables":
            if isinstance(value, ScoringTables):
                value = {table: getattr(value, table) for table in _TABLES}
            if not isinstance(value, Mapping):
                raise ValueError(f"Scoring tables must map a table ({', '.join(_TABLES)}) to its points, e.g. "
                                 f"{{'same_type': '0, 2, 10, 20'}}, got {shown(value)}")
            labels, needs = self._table_labels(), self._table_needs()
            checked = {}
            for table, points in value.items():
                if table not in self.table_inputs:
                    raise ValueError(f"Scoring tables: unknown table {shown(table)}; use {', '.join(_TABLES)}")
                if not isinstance(points, str):
                    if isinstance(points, Mapping) or not isinstance(points, Iterable) or not all(
                            isinstance(p, int) and not isinstance(p, bool) for p in points):
                        raise ValueError(f"{labels[table]} scoring table: give whole numbers of points for 1, "
                                         f"2, ... tokens, got {shown(points)}")
                    points = _table_text(points)
                parse_table(points, f"{labels[table]} scoring table", needs=needs[table])
                checked[table] = points
            return checked
        if name == "vocabulary" and (not isinstance(value, str) or value not in comps.vocabularies):
            raise ValueError(f"Vocabulary must be 'treasures' (Caesar's Empire) or 'riches' (Drogi do Rzymu), "
                             f"got {shown(value)}")
        return value

    def field_label(self, name: str) -> str:
        """As :meth:`Explorer.field_label`; a count box by the name it shows, in the vocabulary shown.

        A count typed in its box is refused, and put back, as every explorer's number box is:
        "Grapes must be a whole number 0 to 4, got 9 (Grapes put back to 3, the value the charts
        show)"; ``set_values(counts=...)`` names its field too: "Counts: Grapes must be ...".

        Examples
        --------
        >>> ex = CollectionExplorer()
        >>> ex.counts_inputs["grapes"].value = 9      # as typed in the box
        >>> ex.message
        'Cannot update: Grapes must be a whole number 0 to 4, got 9 (Grapes put back to 3, the value the charts show)'
        """
        if name.startswith("count_"):   # as the box reads (the vocabulary of the charts shown)
            return self.components.name(name.removeprefix("count_"), self._shown_vocabulary)
        return super().field_label(name)

    def _good_word(self) -> str:
        return self.components.vocabularies[self.vocabulary]["good"]

    def values(self) -> dict:
        """The current value of every field: ``counts`` (every type), ``city_tokens`` and
        ``tables`` as text, ``vocabulary``."""
        return {"counts": self.counts, "city_tokens": self.city_input.value,
                "tables": {name: self.table_inputs[name].value for name in _TABLES},
                "vocabulary": self.vocabulary}

    def _assign(self, values: dict) -> None:
        if "vocabulary" in values:
            self.vocabulary_toggle.value = values["vocabulary"]
        for tid, count in values.get("counts", {}).items():
            self.counts_inputs[tid].value = count
        if "city_tokens" in values:
            self.city_input.value = values["city_tokens"]
        for table, text in values.get("tables", {}).items():
            self.table_inputs[table].value = text

    def _display_names(self) -> dict[str, str]:
        return {t: self.components.name(t, self.vocabulary) for t in self.components.treasure_ids}

    def update(self) -> bool:
        """Recompute both charts from the controls (called by every control change).

        Returns
        -------
        bool
            False, with a message and unchanged charts, when the input is invalid.
        """
        self._relabel()
        return super().update()

    def _compute(self) -> tuple[go.Figure, go.Figure, str]:
        comps, voc = self.components, self.vocabulary
        counts = self.counts
        tokens = self._city_tokens(self.city_input.value)
        tables = self._tables()
        breakdown = collection_breakdown_figure(counts, tokens, tables=tables, reference_tables=comps.tables,
                                                vocabulary=voc, components=comps)
        marginal = marginal_value_figure(counts, tables=tables, vocabulary=voc, components=comps)
        for fig in (breakdown, marginal):  # side by side in a 1280-pixel window (a live chart cannot measure it)
            fig.update_layout(width=CHART_WIDTH, height=380)
        return breakdown, marginal, voc

    def _draw(self, view: tuple[go.Figure, go.Figure, str]) -> None:
        breakdown, marginal, self._shown_vocabulary = view
        self._relabel()
        self._show_chart("breakdown_figure", breakdown)
        self._show_chart("marginal_figure", marginal)
        parts = dict(zip(breakdown.data[0].customdata, breakdown.data[0].y, strict=True))
        goods = self.components.vocabularies[self._shown_vocabulary]["goods"]
        treasure = parts["same_type"] + parts["different_types"] + parts["gold"]
        self._total.value = (f"<b>{html.escape(goods)}: {treasure} points</b> + <b>Cities: {parts['cities']} points</b>"
                             f" = <b>{treasure + parts['cities']} points</b>"
                             " (add route points and the Road bonus for the final score)"
                             f"<br><small>The rulebook's \"same type\" line includes Gold Coins: "
                             f"{parts['same_type']} + {parts['gold']} = {parts['same_type'] + parts['gold']}"
                             "</small>")

    def _relabel(self) -> None:
        """The headings and the boxes' names in the vocabulary of the charts shown (the last valid input's);
        each scoring table's "edited" mark as its box reads now."""
        comps, voc = self.components, self._shown_vocabulary
        vocab = comps.vocabularies[voc]
        for tid, box in self.counts_inputs.items():
            box.description = comps.name(tid, voc)
        labels = self._table_labels(voc)
        for name, text in self.table_inputs.items():
            text.description = labels[name]
            rule = _table_text(getattr(comps.tables, name))
            edited = re.sub(r"\s", "", text.value) != re.sub(r"\s", "", rule)
            mark = ' <b style="color:#d62728">edited</b>' if edited else ""
            self._table_notes[name].value = f"<small>rulebook: {rule}</small>{mark}"
        self._heading.value = (f"<h4>{html.escape(vocab['goods'])} and City tokens of one player "
                               f"<small>&middot; {html.escape(vocab['edition'])}</small></h4>")
        self._tables_heading.value = ("<b>Scoring tables</b> <small>(points for 1, 2, 3, ... tokens; "
                                      "edit to try a variant)</small>")

    def figure_data(self) -> dict[str, object]:
        """The charts' current data, keyed by trace ``meta``, plus titles and the message.

        Returns
        -------
        dict
            ``{"ce-breakdown": {"name", "x", "y", "visible", "customdata"},
            "ce-breakdown-reference": {...}, "ce-marginal": {...},
            "breakdown_title": str, "marginal_title": str, "message": str}``.
        """
        out: dict[str, object] = {**trace_data(self._chart_figure("breakdown_figure")), **trace_data(self._chart_figure("marginal_figure"))}
        out["breakdown_title"] = self._chart_figure("breakdown_figure").layout.title.text
        out["marginal_title"] = self._chart_figure("marginal_figure").layout.title.text
        out["message"] = self.message
        return out


# ----------------------------------------------------------------- set-up odds explorer
class SetupOddsExplorer(Explorer):
    """How many tokens of a Treasure type does set-up put on the board?

    Controls (CSS class in brackets): player count slider 2-5 (``rt-players``),
    all-tokens variant checkbox (``rt-all-tokens``), Treasure type dropdown
    (``rt-setup-type``), simulated set-ups (``rt-trials``; 0 hides the
    overlay), seed (``rt-seed``), vocabulary toggle (``rt-vocabulary``).
    Output: the exact-vs-simulated summary (``rt-setup-summary``), the message
    area (``rt-message``) and the chart (``rt-setup-chart``; trace ``meta``
    ``ce-setup-exact`` and ``ce-setup-simulated``).

    Parameters
    ----------
    players : int
        2 to 5.
    all_tokens_variant : bool
        The 2-3 player variant: shuffle all 40 tokens, place 30.
    kind : str
        Treasure id, alias or display name.
    trials : int
        Simulated set-ups (seeded by ``seed``).
    seed : int
        Seed of the simulation; the same seed draws the same chart.
    vocabulary : {"treasures", "riches"}
    components : Components, optional

    Examples
    --------
    >>> ex = SetupOddsExplorer(players=3, all_tokens_variant=True, kind="gold", trials=200)
    >>> sorted(ex.figure_data())[:2]
    ['ce-setup-exact', 'ce-setup-simulated']
    >>> ex.figure_data()["ce-setup-exact"]["customdata"][0]
    '1/1708993'
    """

    figure = ChartFigure()

    def __init__(self, players: int = 3, all_tokens_variant: bool = True, kind: str = "gold", *,
                 trials: int = 2000, seed: int = 0, vocabulary: str = "treasures",
                 components: Components | None = None):
        self.components = comps = components or load_components()
        self._init_message()
        counts = sorted(p for side in comps.sides for p in side.players)
        self.players_input = widgets.IntSlider(value=players, min=counts[0], max=counts[-1],
                                               description="Players", continuous_update=False)
        self._add_control("players", self.players_input, "rt-players")
        self.variant_input = widgets.Checkbox(value=all_tokens_variant, indent=False,
                                              description="All-tokens variant (2-3 players)")
        self._add_control("all_tokens_variant", self.variant_input, "rt-all-tokens")
        self.vocabulary_toggle = self._add_control("vocabulary", vocabulary_toggle(vocabulary))
        self.kind_input = widgets.Dropdown(options=self._kind_options(vocabulary),
                                           value=comps.canonical(kind), description="Type")
        self._add_control("kind", self.kind_input, "rt-setup-type")
        self.trials_input = WholeNumberText(value=trials, low=0, high=self.MAX_TRIALS,
                                            description="Simulated set-ups", style={"description_width": "120px"},
                                            layout=widgets.Layout(width="230px"))
        self._add_control("trials", self.trials_input, "rt-trials")
        self.seed_input = WholeNumberText(value=seed, low=0, high=MAX_SEED, description="Seed",
                                          layout=widgets.Layout(width="200px"))
        self._add_control("seed", self.seed_input, "rt-seed")
        for control in (self.players_input, self.variant_input, self.vocabulary_toggle,
                        self.kind_input, self.trials_input, self.seed_input):
            control.observe(self._on_change, names="value")
        self._summary = widgets.HTML()
        self._summary.add_class("rt-setup-summary")
        self._add_chart("figure", "rt-setup-chart")
        super().__init__([
            self.vocabulary_toggle,
            widgets.HBox([self.players_input, self.variant_input]),
            widgets.HBox([self.kind_input, self.trials_input, self.seed_input]),
            self._message, self._summary, self._charts["figure"].view,
        ])
        self.add_class("rt-setup-odds-explorer")
        self.update()

    def _kind_options(self, vocabulary: str) -> list[tuple[str, str]]:
        return [(self.components.name(t, vocabulary), t) for t in self.components.treasure_ids]

    def set_values(self, *, players: int | None = None, all_tokens_variant: bool | None = None,
                   kind: str | None = None, trials: int | None = None, seed: int | None = None,
                   vocabulary: str | None = None) -> bool:
        """Set controls programmatically, then update once; all or nothing.

        Returns
        -------
        bool
            True if the chart was updated; False if any input was invalid (the
            message area says why; every control and the chart keep their last state).
        """
        return self._set({"players": players, "all_tokens_variant": all_tokens_variant, "kind": kind,
                          "trials": trials, "seed": seed, "vocabulary": vocabulary})

    FIELD_LABELS = {"players": "Players", "all_tokens_variant": "All-tokens variant", "kind": "Treasure type",
                    "trials": "Simulated set-ups", "seed": "Seed", "vocabulary": "Vocabulary"}
    #: Most simulated set-ups one update runs.
    MAX_TRIALS = 50_000

    def field_label(self, name: str) -> str:
        """As :meth:`Explorer.field_label`; the type in the vocabulary shown ("Riches type")."""
        if name == "kind":
            return f"{self.components.vocabularies[self.vocabulary_toggle.value]['good']} type"
        return super().field_label(name)

    def _check(self, name: str, value):
        comps = self.components
        if name == "players":
            whole_number("Players", value, self.players_input.min, self.players_input.max)
        elif name == "all_tokens_variant":
            if not isinstance(value, bool):
                raise ValueError(f"All-tokens variant must be True or False, got {shown(value)}")
        elif name == "kind":
            label, vocabulary = self.field_label("kind"), self.vocabulary_toggle.value
            if not isinstance(value, str):
                raise ValueError(f"{label} must be a type's name such as "
                                 f"{comps.name(comps.gold_id, vocabulary)!r}, got {shown(value)}")
            try:
                value = comps.canonical(value)
            except ValueError:
                names = [comps.name(t, vocabulary) for t in comps.treasure_ids]
                raise ValueError(f"unknown {label} {shown(value)}; choose one of {', '.join(names)}") from None
        elif name == "trials":
            whole_number("Simulated set-ups", value, 0, self.MAX_TRIALS)
        elif name == "seed":
            whole_number("Seed", value, 0, MAX_SEED)
        elif name == "vocabulary" and (not isinstance(value, str) or value not in comps.vocabularies):
            raise ValueError(f"Vocabulary must be 'treasures' (Caesar's Empire) or 'riches' (Drogi do Rzymu), "
                             f"got {shown(value)}")
        return value

    def _compute(self):
        comps, voc = self.components, self.vocabulary_toggle.value
        # a browser sends typed numbers without _check
        whole_number("Simulated set-ups", self.trials_input.value, 0, self.MAX_TRIALS)
        whole_number("Seed", self.seed_input.value, 0, MAX_SEED)
        kind = self.kind_input.value
        if [o[0] for o in self.kind_input.options] != [o[0] for o in self._kind_options(voc)]:
            with self.holding():
                self.kind_input.options = self._kind_options(voc)
                self.kind_input.value = kind
        players, variant = self.players_input.value, self.variant_input.value
        fig = setup_odds_figure(kind, players=players, all_tokens_variant=variant,
                                trials=self.trials_input.value, rng=self.seed_input.value,
                                vocabulary=voc, components=comps)
        absent = prob_some_type_absent(players=players, all_tokens_variant=variant, components=comps)
        return fig, absent

    def _draw(self, view) -> None:
        fig, absent = view
        comps, voc = self.components, self.vocabulary_toggle.value
        players, variant = self.players_input.value, self.variant_input.value
        self._show_chart("figure", fig)
        name = comps.name(self.kind_input.value, voc)
        exact0 = Fraction(fig.data[0].customdata[0])
        trials = self.trials_input.value
        lines = [f"Chance of no {html.escape(name)} on the board: <b>{html.escape(probability(exact0))}</b> (exact)"]
        if len(fig.data) > 1:
            sim = fig.data[1]
            successes, low, high = sim.customdata[0]
            lines.append(html.escape(
                f"Simulated: {number(successes)} of {number(trials)} set-ups, {percent(sim.y[0])} "
                f"(95% Wilson interval {percent(low)} to {percent(high)}; seed {seed_text(self.seed_input.value)})"))
        else:
            lines.append("<small>No simulation: Simulated set-ups is 0.</small>")
        lines.append(f"Chance that some {html.escape(comps.vocabularies[voc]['good'])} type is absent: "
                     f"<b>{html.escape(probability(absent))}</b> (exact)")
        if variant and not comps.side_for(players).removed:
            lines.append(f"<small>With {players} players every token is placed; "
                         "the variant changes nothing.</small>")
        self._summary.value = "<br>".join(lines)

    def figure_data(self) -> dict[str, object]:
        """The chart's current data keyed by trace ``meta``, plus the title, summary and message.

        Returns
        -------
        dict
            ``{"ce-setup-exact": {"name", "x", "y", "visible", "customdata"},
            "ce-setup-simulated": {..., "error_plus", "error_minus"} (when
            simulated), "title": str, "summary": str, "message": str}``.
        """
        out: dict[str, object] = dict(trace_data(self._chart_figure("figure")))
        out["title"] = self._chart_figure("figure").layout.title.text
        out["summary"] = plain_text(self._summary.value)
        out["message"] = self.message
        return out
