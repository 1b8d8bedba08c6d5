"""The what-if studio: every editable value of a game, a variant compared until the answer is clear, a value tuned.

:class:`VariantStudio` wires controls to :class:`rometools.Variant` (the question),
:func:`rometools.compare` and :func:`rometools.tune` (the answers) and
:mod:`rometools.charts.what_if` (the charts); it holds no rule and no statistic of its own.

* **The question** is a game, its players and bots, and the variant's *changes*: one line per
  value, ``address = value``, addressed as :meth:`rometools.Variant.with_value` takes them (an
  option ``hand``, a seat's handicap ``handicap.4``, a data value
  ``components:tables.gold.points``). Every change of a control checks the whole question at
  once, exactly as the variant would load, and redraws the table of values (the published
  value beside the variant's) and the list of what the variant changes.
* **Compare** plays the published game and the variant on the same seeds, a batch at a time,
  and redraws the differences' intervals after every batch until every figure is decided or
  the budget ends; **Stop** ends it keeping every game played (its intervals hold as they
  stand: they are confidence sequences). **Tune** races candidate values of one parameter
  and draws the response curve round after round. In a notebook's or the app's page, the
  games play in a thread, so the page stays live (Stop is heard, the progress bar moves);
  every control that would change the question is disabled meanwhile.
* The results stay on screen while the question changes afterwards, with a line over them
  saying which run they are for (``rt-whatif-stale``), until the next run.

Examples
--------
>>> ex = VariantStudio("pig", changes={"target": 80}, max_games=200, batch=100)
>>> ex.compare()
True
>>> ex.comparison.pairs, ex.comparison.figure("game length").decision
(200, 'changed')
>>> ex.verdict[:31]
'Verdict after 200 paired games:'
>>> ex.set_values(changes={"target": 0})
False
>>> ex.message[:60]
'Cannot update: Changes: target must be a whole number 1 to 1'
"""

from __future__ import annotations

import base64
import contextlib
import html
import json
import math
import os
import threading
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

import rometools
from rometools.charts._common import empty_figure, legend_above
from rometools.charts.what_if import comparison_figure, response_curve_figure
from rometools.core.errors import DataFileError
from rometools.core.formatting import counted, number, seed_text, shown
from rometools.core.game import game_spec, load_game
from rometools.core.playtest import player_counts
from rometools.core.sequential import MIN_PAIRS
from rometools.widgets._base import (
    INPUT_ERRORS,
    MAX_SEED,
    ChartFigure,
    Explorer,
    WholeNumberText,
    _text_of,
    _upload,
    html_table,
    in_kernel,
    inline_toggle,
    plain_text,
    stale_note,
    trace_data,
    whole_number,
)
from rometools.widgets.balance import PROCESS_FROM

__all__ = ["VariantStudio", "changes_text", "parse_changes", "variant_changes"]

#: The most paired games one comparison may budget here (the command line allows more).
MAX_PAIRS = 1_000_000
#: The most games one tuning race may budget here.
MAX_TUNE_GAMES = 10_000_000
#: The most fresh games the recommendation of a tuning is checked on.
MAX_CHECK_GAMES = 1_000_000
#: The most paired games (or games per candidate) between two looks.
MAX_BATCH = 100_000
#: Lines of changes a variant may have here, and characters of the changes' text.
MAX_CHANGES = 200
MAX_CHANGES_TEXT = 20_000
#: Values listed in the table and the picker at once (Find narrows them).
TABLE_ROWS = 60
PICKER_ROWS = 200
#: Precisions offered, in percentage points of win rate (Compare; Tune's tolerance for equal seats).
PRECISIONS = (0.5, 1, 2, 3, 5, 10)
#: Precisions offered for mean scores and the score spread, in points.
SCORE_PRECISIONS = (0.5, 1, 2, 5, 10, 20)
#: Chart width in an explorer (pixels): two side by side in a notebook beside JupyterLab's file browser.
CHART_WIDTH = 560
#: What Tune aims at: equal seats (the fair share), or a mean game length.
TARGETS = "equal-seats or length=<number> (a mean game length in the game's own unit, e.g. length=40)"


# ===================================================================== the changes as text
def _json_value(value: Any) -> Any:
    """A variant's value as plain JSON-able Python (tuples as lists, read-only mappings as dicts)."""
    if isinstance(value, Mapping):
        return {str(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    return value


def _value_text(value: Any) -> str:
    """One value as a line of the changes writes it (JSON; text bare when it cannot be read otherwise)."""
    value = _json_value(value)
    if isinstance(value, str):
        try:
            json.loads(value)
        except ValueError:
            if value and value == value.strip() and "\n" not in value:
                return value
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(value, ensure_ascii=False)


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
    """Changes typed as ``address = value`` lines (values read as JSON when they can be, else as text).

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
            out[address] = json.loads(value)
        except (ValueError, RecursionError):
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


# ===================================================================== the studio
class VariantStudio(Explorer):
    """A game's every editable value, a variant of it compared with the published game until the
    answer is clear, and one value tuned to a target: the what-if studio (issue 43).

    Controls (CSS class in brackets): game (``rt-whatif-game``), players (``rt-players``), bots
    (``rt-whatif-bots``, one for every seat), the variant's changes (``rt-whatif-changes``, one
    ``address = value`` a line) and name (``rt-whatif-name``); to edit a value: Find
    (``rt-whatif-find``), the value picked (``rt-whatif-pick``), its new value
    (``rt-whatif-value``), **Set** (``rt-whatif-set``), **Published** (``rt-whatif-unset``: back to
    the published value) and **Tune this** (``rt-whatif-tune-this``); the variant file
    (``rt-whatif-file`` with **Save** ``rt-whatif-save`` and **Load** ``rt-whatif-load`` in a
    notebook; in the app a download link ``rt-whatif-download`` and an upload
    ``rt-whatif-upload``); Compare or Tune (``rt-whatif-tab``); seed (``rt-seed``), precision
    (``rt-whatif-precision``, percentage points of win rate), score precision
    (``rt-whatif-score-precision``, points), budget (``rt-whatif-budget``, paired games at most),
    batch (``rt-whatif-batch``), **Compare** (``rt-whatif-compare``); Tune's parameter
    (``rt-whatif-parameter``), values (``rt-whatif-values``: ``low:high:step`` or ``1,2,5``),
    target (``rt-whatif-target``), budget (``rt-whatif-tune-budget``), check games
    (``rt-whatif-check``), **Tune** (``rt-whatif-tune``); **Stop** (``rt-whatif-stop``), the
    progress bar (``rt-whatif-progress``) and what is running (``rt-whatif-status``).
    Output: the question (``rt-whatif-question``: what the variant changes, the published value
    beside each), the table of values (``rt-whatif-values-table``), the verdict
    (``rt-whatif-verdict``: compare's words and a table of every figure), the differences'
    intervals after each batch (``rt-whatif-rates``: win rates, traces ``wi-band-win rate P1``,
    ``wi-diff-win rate P1``...; ``rt-whatif-scores``: mean scores and the spread), the
    recommendation (``rt-whatif-recommendation``) and the response curve (``rt-whatif-curve``,
    traces ``wi-response``, ``wi-recommended``), the message area (``rt-message``).

    Parameters
    ----------
    game : str
        A registered game id.
    players : int, optional
        Players in both the published game and the variant (default: the game's).
    bots : str
        The bot of every seat (one of the game's).
    changes : Mapping[str, object], optional
        The variant: ``{address: value}`` as :meth:`rometools.Variant.with_value` takes them
        (``{"hand": 5}``, ``{"handicap.4": 2}``, ``{"components:tables.gold.points.7": 49}``;
        ``None`` as a value removes a data entry). Not ``players``: it is the Players box.
    name : str
        The variant's name (default: its changes in words).
    tab : {"compare", "tune"}
        The tab shown.
    seed : int
        Game ``i`` of both variants draws from the seed's stream ``i`` (0 to 999,999,999).
    precision : float
        A change of a win rate too small to matter, in percentage points (one of 0.5, 1, 2, 3, 5,
        10); for Tune with the target ``equal-seats``, how close to the fair share is close enough.
    score_precision : float
        The same for mean scores and the score spread, in points (0.5, 1, 2, 5, 10, 20).
    max_games : int
        Compare's budget: paired games at most, 10 to 1,000,000.
    batch : int
        Paired games between two looks (Tune: games per candidate per round), 10 to 100,000.
    parameter : str, optional
        Tune's parameter: a numeric value of the game (default: the last seat's handicap).
    values : str
        Its candidates: ``low:high``, ``low:high:step`` or ``1,2,5`` (at most 400).
    target : str
        ``equal-seats`` (the handicapped seat's win rate at its fair share) or ``length=<number>``.
    tune_games : int
        Tune's budget: games of all candidates together, 10 to 10,000,000.
    check_games : int
        Fresh games the recommendation is played again on, 0 to 1,000,000.
    files : {"path", "upload"}
        How a variant file is saved and loaded: by a typed path (a notebook), or, in the designer
        app, by a download link and an upload (no path on the server is typed).
    background : bool, optional
        Whether a button's run plays in a thread (the page stays live, **Stop** is heard).
        Default: in a Jupyter kernel, yes; elsewhere (a script, a test) the run plays in the
        caller. :meth:`compare` and :meth:`tune` called from code always play in the caller.

    A value that ``set_values`` refuses is refused here too: the studio opens on its defaults
    and says why ("Cannot open with: ...").

    Examples
    --------
    >>> ex = VariantStudio("via_romana", players=3, changes={"hand": 5}, max_games=40, batch=20)
    >>> ex.variant.options["hand"], ex.values()["changes"]
    (5, {'hand': 5})
    >>> ex.set_values(changes={"players": 4})
    False
    >>> ex.message.startswith("Cannot update: Changes: players is the Players box")
    True
    """

    MODEL = ("comparison", "tuning", "_changes")
    rates_figure = ChartFigure()
    scores_figure = ChartFigure()
    curve_figure = ChartFigure()
    FIELD_LABELS = {"game": "Game", "players": "Players", "bots": "Bots", "changes": "Changes",
                    "name": "Variant name", "tab": "Show", "seed": "Seed", "precision": "Precision",
                    "score_precision": "Score precision", "max_games": "Budget", "batch": "Batch",
                    "parameter": "Parameter", "values": "Values", "target": "Target",
                    "tune_games": "Tune budget", "check_games": "Check games"}
    NUMBER_BOXES = {"seed": (0, MAX_SEED), "max_games": (10, MAX_PAIRS), "batch": (10, MAX_BATCH),
                    "tune_games": (10, MAX_TUNE_GAMES), "check_games": (0, MAX_CHECK_GAMES)}
    KEPT = "the question and the results stay as they were"

    def __init__(self, game: str = "caesars_empire", players: int | None = None, bots: str = "greedy",
                 changes: Mapping[str, Any] | None = None, name: str = "", *, tab: str = "compare",
                 seed: int = 0, precision: float = 2, score_precision: float = 1, max_games: int = 2000,
                 batch: int = 200, parameter: str | None = None, values: str = "0:60:10",
                 target: str = "equal-seats", tune_games: int = 20_000, check_games: int = 1000,
                 files: str = "path", background: bool | None = None):
        if files not in ("path", "upload"):
            raise ValueError(f"files must be 'path' (a notebook) or 'upload' (the app), got {shown(files)}")
        super().__init__()
        self._init_message()
        self._files = files
        self._background = in_kernel() if background is None else bool(background)
        self.comparison = self.tuning = None
        self._changes: dict[str, Any] = {}
        self._variant = None
        self._running: str | None = None
        self._thread: threading.Thread | None = None
        self._stop_event = threading.Event()
        self._release: contextlib.ExitStack | None = None
        self._ran: dict[str, tuple[dict[str, Any], str]] = {}
        self._block_run = False
        self._hold = True
        ids = rometools.games()
        first = "caesars_empire" if "caesars_empire" in ids else ids[0]
        box = {"description_width": "90px"}
        self._game = self._add_control("game", widgets.Dropdown(
            options=[(game_spec(g).title, g) for g in ids], value=first, description="Game", style=box,
            layout={"width": "320px"}), "rt-whatif-game")
        counts = player_counts(first)
        self._players = self._add_control("players", widgets.Dropdown(
            options=counts, value=load_game(first).players, description="Players", layout={"width": "150px"}),
            "rt-players")
        self._bots = self._add_control("bots", widgets.Dropdown(
            options=self._bot_names(first), value="greedy", description="Bots", layout={"width": "200px"}),
            "rt-whatif-bots")
        self._changes_box = self._add_control("changes", widgets.Textarea(
            value="", description="Changes", rows=4, style=box, layout={"width": "700px"},
            continuous_update=False), "rt-whatif-changes")
        self._name = self._add_control("name", widgets.Text(
            value="", description="Variant name", placeholder="its changes in words", style=box,
            layout={"width": "420px"}, continuous_update=False), "rt-whatif-name")
        # to edit one value: find it, pick it, type its new value, Set
        self._find = self._add_control("find", widgets.Text(
            value="", description="Find", placeholder="gold, hand, handicap\u2026", style=box,
            layout={"width": "300px"}, continuous_update=False), "rt-whatif-find")
        self._pick = self._add_control("pick", widgets.Dropdown(
            options=[], description="Value", layout={"width": "420px"}), "rt-whatif-pick")
        self._new_value = self._add_control("new_value", widgets.Text(
            value="", description="New value", layout={"width": "300px"}, continuous_update=False),
            "rt-whatif-value")
        self._set_button = self._button("Set", "rt-whatif-set", "check", "set the value picked to the new value")
        self._set_button.on_click(lambda _b: self._attempt(self._set_picked, restore_to=self._good))
        self._unset_button = self._button("Published", "rt-whatif-unset", "undo",
                                          "put the value picked back to its published value")
        self._unset_button.on_click(lambda _b: self._attempt(self._unset_picked, restore_to=self._good))
        self._tune_this = self._button("Tune this", "rt-whatif-tune-this", "sliders",
                                       "tune the value picked (the Tune tab)")
        self._tune_this.on_click(lambda _b: self._attempt(self._tune_picked, restore_to=self._good))
        # the variant file
        self._file_status = widgets.HTML("")
        self._file_status.add_class("rt-whatif-file-status")
        if files == "path":
            self._file = widgets.Text(value="", description="Variant file", placeholder="my_variant.toml",
                                      style=box, layout={"width": "420px"})
            self._file.add_class("rt-whatif-file")
            self._save_button = self._button("Save", "rt-whatif-save", "save", "save the variant as a TOML file")
            self._save_button.on_click(lambda _b: self._save_clicked())
            self._load_button = self._button("Load", "rt-whatif-load", "folder-open", "load a variant file")
            self._load_button.on_click(lambda _b: self._load_clicked())
            file_row = [self._file, self._save_button, self._load_button]
        else:
            self._download = widgets.HTML("")
            self._download.add_class("rt-whatif-download")
            self._upload = widgets.FileUpload(accept=".toml", multiple=False, description="Load a variant",
                                              layout={"width": "170px"})
            self._upload.add_class("rt-whatif-upload")
            self._upload.observe(self._on_upload, names="value")
            file_row = [self._download, self._upload]
        self._question = widgets.HTML("")
        self._question.add_class("rt-whatif-question")
        self._table = widgets.HTML("")
        self._table.add_class("rt-whatif-values-table")
        # compare or tune
        self._tab = self._add_control("tab", inline_toggle(widgets.ToggleButtons(
            options=[("Compare", "compare"), ("Tune", "tune")], value="compare", description="Show",
            tooltips=["the variant against the published game, until the answer is clear",
                      "the value of one parameter that meets a target"],
            style={"button_width": "110px", "description_width": "50px"})), "rt-whatif-tab")
        self._seed = self._add_control("seed", WholeNumberText(
            value=0, description="Seed", layout={"width": "190px"}), "rt-seed")
        self._precision = self._add_control("precision", widgets.Dropdown(
            options=[(_points(p), p) for p in PRECISIONS], value=2, description="Precision",
            tooltip="a change of a win rate too small to matter (Compare); how close to the fair share is "
                    "close enough (Tune, equal seats)", layout={"width": "200px"}), "rt-whatif-precision")
        self._score_precision = self._add_control("score_precision", widgets.Dropdown(
            options=[(_points(p), p) for p in SCORE_PRECISIONS], value=1, description="Score precision",
            style={"description_width": "110px"}, layout={"width": "230px"}), "rt-whatif-score-precision")
        self._max_games = self._add_control("max_games", WholeNumberText(
            value=2000, description="Budget", layout={"width": "200px"},
            tooltip="paired games at most"), "rt-whatif-budget")
        self._batch = self._add_control("batch", WholeNumberText(
            value=200, description="Batch", layout={"width": "180px"},
            tooltip="paired games between two looks (Tune: games per candidate per round)"), "rt-whatif-batch")
        self._compare_button = self._button("Compare", "rt-whatif-compare", "play",
                                             "play both on the same seeds until every figure is decided",
                                             style="primary")
        self._compare_button.on_click(lambda _b: self._clicked("compare"))
        self._parameter = self._add_control("parameter", widgets.Text(
            value="", description="Parameter", placeholder="handicap.4", style=box, layout={"width": "330px"},
            continuous_update=False), "rt-whatif-parameter")
        self._values = self._add_control("values", widgets.Text(
            value="0:60:10", description="Values", placeholder="0:60:10 or 1,2,5", layout={"width": "250px"},
            continuous_update=False), "rt-whatif-values")
        self._target = self._add_control("target", widgets.Text(
            value="equal-seats", description="Target", placeholder="equal-seats or length=40",
            layout={"width": "260px"}, continuous_update=False), "rt-whatif-target")
        self._tune_games = self._add_control("tune_games", WholeNumberText(
            value=20_000, description="Tune budget", style={"description_width": "90px"},
            layout={"width": "220px"}, tooltip="games of every candidate together"), "rt-whatif-tune-budget")
        self._check_games = self._add_control("check_games", WholeNumberText(
            value=1000, description="Check games", style={"description_width": "90px"},
            layout={"width": "220px"}, tooltip="fresh games the recommendation is played again on"),
            "rt-whatif-check")
        self._tune_button = self._button("Tune", "rt-whatif-tune", "play",
                                         "race the values on shared seeds; recommend the one that meets the target",
                                         style="primary")
        self._tune_button.on_click(lambda _b: self._clicked("tune"))
        self._stop = self._button("Stop", "rt-whatif-stop", "stop", "end the run, keeping every game played")
        self._stop.disabled = True
        self._stop.on_click(lambda _b: self.stop())
        self._bar = widgets.IntProgress(value=0, min=0, max=1, layout={"width": "260px"})
        self._bar.add_class("rt-whatif-progress")
        self._status = widgets.HTML("")
        self._status.add_class("rt-whatif-status")
        self._verdict = widgets.HTML("")
        self._verdict.add_class("rt-whatif-verdict")
        self._compare_stale = widgets.HTML("")
        self._compare_stale.add_class("rt-whatif-stale")
        self._recommendation = widgets.HTML("")
        self._recommendation.add_class("rt-whatif-recommendation")
        self._tune_stale = widgets.HTML("")
        self._tune_stale.add_class("rt-whatif-stale")
        rates = self._add_chart("rates_figure", "rt-whatif-rates")
        scores = self._add_chart("scores_figure", "rt-whatif-scores")
        curve = self._add_chart("curve_figure", "rt-whatif-curve")
        self._compare_box = widgets.VBox([
            widgets.HBox([self._score_precision, self._max_games], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._compare_button]), self._compare_stale, self._verdict,
            widgets.HBox([rates, scores], layout={"flex_flow": "row wrap"})])
        self._tune_box = widgets.VBox([
            widgets.HBox([self._parameter, self._values, self._target], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._tune_games, self._check_games], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._tune_button]), self._tune_stale, self._recommendation, curve],
            layout={"display": "none"})
        self.children = [
            widgets.HTML("<b>What-if studio</b>: change a value of the game, then press <b>Compare</b>: the "
                         "published game and your variant play the same seeds until every figure is decided "
                         "(each interval holds however often it is read), or the budget ends. <b>Tune</b> finds "
                         "the value of one parameter that meets a target."),
            widgets.HBox([self._game, self._players, self._bots], layout={"flex_flow": "row wrap"}),
            self._changes_box,
            widgets.HBox([self._find, self._pick], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._new_value, self._set_button, self._unset_button, self._tune_this],
                         layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._name, *file_row], layout={"flex_flow": "row wrap"}),
            self._file_status, self._message, self._question, self._table,
            widgets.HBox([self._tab, self._seed, self._precision, self._batch], layout={"flex_flow": "row wrap"}),
            self._compare_box, self._tune_box,
            widgets.HBox([self._stop, self._bar, self._status], layout={"flex_flow": "row wrap",
                                                                       "align_items": "center"}),
        ]
        self.add_class("rt-whatif-studio")
        self._show_chart("rates_figure", self._waiting(_title("Win rates, variant minus published",
                                                              "change a value, then press Compare")))
        self._show_chart("scores_figure", self._waiting(_title("Mean scores and spread, variant minus published",
                                                               "press Compare")))
        self._show_chart("curve_figure", self._waiting(_title("Response curve of one parameter",
                                                              "choose it and its values, then press Tune")))
        self._parameter.value = f"handicap.{self._players.value}"
        self._game.observe(self._on_game, names="value")
        self._players.observe(self._on_players, names="value")
        self._pick.observe(self._on_pick, names="value")
        self._find.observe(self._on_find, names="value")
        for control in ("bots", "changes", "name", "tab", "seed", "precision", "score_precision",
                        "max_games", "batch", "parameter", "values", "target", "tune_games", "check_games"):
            self._controls[control].observe(self._on_change, names="value")
        self._hold = False
        given = {"game": game, "players": players, "bots": bots, "changes": changes, "name": name, "tab": tab,
                 "seed": seed, "precision": precision, "score_precision": score_precision,
                 "max_games": max_games, "batch": batch, "parameter": parameter, "values": values,
                 "target": target, "tune_games": tune_games, "check_games": check_games}
        defaults = self._set({})
        if not self._set(given) and defaults:
            said = plain_text(self._message.value).removeprefix("Cannot update: ").removesuffix(f" ({self.KEPT})")
            self._set({})
            self._message.value = ('<div style="color:#b00020"><b>Cannot open with:</b> ' + html.escape(said)
                                   + "<br><small>(opened on the defaults instead)</small></div>")
            self._message.add_class("rt-error")

    # ------------------------------------------------------------ small builders
    @staticmethod
    def _button(label: str, css: str, icon: str, tooltip: str, style: str = "") -> widgets.Button:
        b = widgets.Button(description=label, icon=icon, tooltip=tooltip, button_style=style,
                           layout={"width": "auto", "min_width": "100px"})
        b.add_class(css)
        return b

    @staticmethod
    def _waiting(title: str):
        fig = empty_figure(title)
        fig.update_layout(width=CHART_WIDTH)
        return fig

    @staticmethod
    def _bot_names(game: str) -> list[str]:
        return sorted(game_spec(game).bots)

    # ------------------------------------------------------------ fields
    def set_values(self, *, game: str | None = None, players: int | None = None, bots: str | None = None,
                   changes: Mapping[str, Any] | None = None, name: str | None = None, tab: str | None = None,
                   seed: int | None = None, precision: float | None = None, score_precision: float | None = None,
                   max_games: int | None = None, batch: int | None = None, parameter: str | None = None,
                   values: str | None = None, target: str | None = None, tune_games: int | None = None,
                   check_games: int | None = None) -> bool:
        """Set the question (all or nothing); nothing plays until :meth:`compare` or :meth:`tune`.

        Returns
        -------
        bool
            ``True`` when the question is shown; ``False`` (a message naming the field; every
            control as it was) for a value refused.
        """
        return self._set({"game": game, "players": players, "bots": bots, "changes": changes, "name": name,
                          "tab": tab, "seed": seed, "precision": precision, "score_precision": score_precision,
                          "max_games": max_games, "batch": batch, "parameter": parameter, "values": values,
                          "target": target, "tune_games": tune_games, "check_games": check_games})

    def values(self) -> dict[str, Any]:
        """Every field's value, the changes as a mapping (as :meth:`set_values` takes them)."""
        out = {name: self._controls[name].value for name in self.fields() if name != "changes"}
        out["changes"] = dict(self._changes)
        return {name: out[name] for name in self.fields()}

    def _check(self, name: str, value: Any) -> Any:
        if name == "game":
            if not isinstance(value, str) or value not in rometools.games():
                raise ValueError(f"Game must be one of {', '.join(rometools.games())}, got {shown(value)}")
        elif name == "players":
            whole_number("Players", value, 1, 64)
        elif name == "changes":
            if not isinstance(value, Mapping):
                raise ValueError(f"Changes must be a mapping of address to value, e.g. {{'hand': 5}}, got "
                                 f"{shown(value)}")
            if len(value) > MAX_CHANGES:
                raise ValueError(f"Changes: {number(len(value))} values; a variant changes a few "
                                 f"(at most {MAX_CHANGES})")
            for key in value:
                if not isinstance(key, str) or not key.strip() or "\n" in key or "=" in key:
                    raise ValueError(f"Changes: an address is text such as 'hand' or 'handicap.4', got "
                                     f"{shown(key, 60)}")
            try:
                text = changes_text(value)
            except (TypeError, ValueError, RecursionError):
                raise ValueError("Changes: a value of a kind a variant cannot hold; give numbers, text, true/false, "
                                 "lists or tables") from None
            if len(text) > MAX_CHANGES_TEXT:
                raise ValueError(f"Changes: {number(len(text))} characters; a variant changes a few values")
            if parse_changes(text) != _json_value(dict(value)):
                raise ValueError(f"Changes: a value that does not read back as written, in {shown(text, 80)}; "
                                 "give numbers, text, true/false, lists or tables")
        elif name in ("bots", "name", "parameter", "values", "target"):
            if not isinstance(value, str):
                raise ValueError(f"{self.field_label(name)} must be text, got {shown(value)}")
            if name == "name" and len(value) > 200:
                raise ValueError(f"Variant name is at most 200 characters, got {shown(value)}")
            if name == "values":
                self._parse_values(value)
            if name == "target":
                self._parse_target(value)
        elif name == "tab":
            if value not in ("compare", "tune"):
                raise ValueError(f"Show must be 'compare' or 'tune', got {shown(value)}")
        elif name in self.NUMBER_BOXES:
            low, high = self.NUMBER_BOXES[name]
            return whole_number(self.field_label(name), value, low, high)
        elif name in ("precision", "score_precision"):
            offered = PRECISIONS if name == "precision" else SCORE_PRECISIONS
            if isinstance(value, bool) or not isinstance(value, int | float) or value not in offered:
                raise ValueError(f"{self.field_label(name)} must be one of {', '.join(f'{p:g}' for p in offered)} "
                                 f"points, got {shown(value)}")
        return value

    def _assign(self, values: dict[str, Any]) -> None:
        old = self._game.value
        game_changed = "game" in values and values["game"] != old
        if "game" in values:
            self._game.value = values["game"]
            counts = player_counts(values["game"])
            self._players.options = counts
            self._bots.options = self._bot_names(values["game"])
            if game_changed:
                if "players" not in values:
                    self._players.value = load_game(values["game"]).players
                if "bots" not in values:
                    self._bots.value = "greedy" if "greedy" in self._bots.options else self._bots.options[0]
                if "changes" not in values and self._changes:
                    self._note(f"Changes cleared: they were {game_spec(old).title}'s.")
                    values = {**values, "changes": {}}
                if "name" not in values and self._name.value.strip():
                    # a name is a variant's of one game: "cheaper gold, P4 +2" must not label a Via Romana one
                    self._note(f"Variant name {shown(self._name.value.strip(), 60)} cleared: it named a variant of "
                               f"{game_spec(old).title}.")
                    values = {**values, "name": ""}
                if "parameter" not in values:
                    values = {**values, "parameter": f"handicap.{self._players.value}"}
                self._find.value = ""
        if "players" in values:
            if values["players"] not in self._players.options:
                raise ValueError(f"Players: {game_spec(self._game.value).title} is for "
                                 f"{', '.join(map(str, self._players.options))} players, got {values['players']}")
            was = self._players.value
            self._players.value = values["players"]
            if "parameter" not in values and self._parameter.value == f"handicap.{was}":
                self._parameter.value = f"handicap.{values['players']}"
        if "bots" in values:
            if values["bots"] not in self._bots.options:
                raise ValueError(f"Bots: {shown(values['bots'])} is not one of {game_spec(self._game.value).title}'s "
                                 f"bots ({', '.join(self._bots.options)})")
            self._bots.value = values["bots"]
        if "changes" in values:
            self._changes_box.value = changes_text(values["changes"])
        for name in ("name", "tab", "seed", "precision", "score_precision", "max_games", "batch", "parameter",
                     "values", "target", "tune_games", "check_games"):
            if name in values:
                self._controls[name].value = values[name]

    # ------------------------------------------------------------ the question
    def _build(self, changes: Mapping[str, Any]):
        """The published game and the variant of these changes, both loaded (checked) now.

        Raises
        ------
        ValueError
            "Changes: ..." naming the address and what is wrong, as the variant's own check says it.
        """
        from rometools.core.variants import Variant

        game, players = self._game.value, self._players.value
        if "players" in changes:
            raise ValueError("Changes: players is the Players box (the published game and the variant have the "
                             "same players: a comparison needs them); remove that line")
        base = Variant(game, "as published", {"players": players})
        variant = base
        for address, value in changes.items():
            try:
                variant = variant.with_value(address, value)
            except INPUT_ERRORS as err:
                raise ValueError(f"Changes: {address}: {_text_of(err)}" if address not in _text_of(err)
                                 else f"Changes: {_text_of(err)}") from None
        label = self._name.value.strip() or (
            "; ".join(f"{a} = {_value_text(v)}" for a, v in changes.items())[:200] or "as published")
        variant = Variant(game, label[:200], variant.options, variant.edits)
        try:
            played = variant.load()
            base.load()
        except DataFileError as err:
            raise ValueError(f"Changes: {err}") from None
        except INPUT_ERRORS as err:
            raise ValueError(f"Changes: {_text_of(err)}") from None
        if played.players != players:
            raise ValueError(f"Changes: the variant plays {played.players} players, the Players box {players}")
        return base, variant

    def _parameters(self, variant) -> list:
        """The variant's every editable value (:meth:`rometools.Variant.parameters`), kept for the last few."""
        cache = self.__dict__.setdefault("_parameter_cache", {})
        if variant not in cache:
            if len(cache) > 8:
                cache.clear()
            cache[variant] = variant.parameters()
        return cache[variant]

    @staticmethod
    def _parse_values(text: Any) -> list:
        from argparse import ArgumentTypeError

        from rometools._cli_what_if import parse_values

        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"Values: give low:high, low:high:step or a list such as 0,2,5; got {shown(text)}")
        try:
            return parse_values(text)   # a value given twice included
        except ArgumentTypeError as err:
            raise ValueError(f"Values: {err}") from None

    @staticmethod
    def _parse_target(text: Any) -> str:
        if text == "equal-seats":
            return text
        if isinstance(text, str) and text.startswith("length="):
            try:
                goal = float(text.split("=", 1)[1])
            except ValueError:
                goal = math.nan
            if math.isfinite(goal) and 0 < goal <= 1e9:
                return text
        raise ValueError(f"Target must be {TARGETS}, got {shown(text)}")

    def _tune_parameter(self, variant, parameters) -> str:
        """Tune's parameter, checked: a numeric value the variant lists (``""``: none chosen yet)."""
        text = self._parameter.value.strip()
        if not text:
            return ""
        numeric = {p.address for p in parameters if _numeric(p)}
        if text not in numeric:
            examples = ", ".join(a for a in (f"handicap.{self._players.value}", *sorted(numeric)[:2]) if a)
            raise ValueError(f"Parameter: {shown(text, 60)} is not a numeric value of "
                             f"{game_spec(variant.game).title}; e.g. {examples} (pick one and press Tune this)")
        return text

    def _compute(self) -> dict[str, Any]:
        changes = parse_changes(self._changes_box.value)
        base, variant = self._build(changes)
        parameters = self._parameters(variant)
        self._parse_values(self._values.value)
        self._parse_target(self._target.value)
        parameter = self._tune_parameter(variant, parameters)
        return {"changes": changes, "base": base, "variant": variant, "parameters": parameters,
                "parameter": parameter}

    # ------------------------------------------------------------ view of the question
    def _draw(self, view: dict[str, Any]) -> None:
        self._changes, self._variant = view["changes"], view["variant"]
        variant, parameters = view["variant"], view["parameters"]
        changed = [p for p in parameters if p.changed and p.address != "players"]
        by_address = {p.address: p for p in parameters}
        spec = game_spec(variant.game)
        head = (f"<b>{html.escape(spec.title)}</b>, {counted(self._players.value, 'player')}, "
                f"{html.escape(self._bots.value)} bots in every seat.")
        if not self._changes:
            text = [head, "No value changed yet: pick a value below, type its new value and press <b>Set</b> "
                          "(or type <code>address = value</code> lines in Changes), then press <b>Compare</b>."]
        else:
            rows = []
            for address, value in self._changes.items():
                p = by_address.get(address)
                rows.append([address, _shown_value(p.published, unset=p.unset) if p is not None else "\u2014",
                             "removed" if value is None else _shown_value(value)])
            text = [head + f" The variant <b>{html.escape(variant.name)}</b> changes "
                           f"{counted(len(self._changes), 'value')} of the published game:",
                    html_table(rows, "rt-whatif-changes-table", columns=["value", "published", "variant"])]
            ignored = [f"{key}: {why}" for key, why in spec.bots_ignore.items()
                       if any(a == key or a.startswith(key + ".") for a in self._changes)]
            if ignored:
                text.append("<small>The greedy bot does not read " + html.escape("; ".join(ignored))
                            + ": Compare measures this change's scoring on the same play.</small>")
        self._question.value = "<br>".join(text)
        self._draw_table(parameters, changed)
        self._draw_picker(parameters)
        if self._files == "upload":
            self._draw_download(variant)
        self._compare_box.layout.display = None if self._tab.value == "compare" else "none"
        self._tune_box.layout.display = None if self._tab.value == "tune" else "none"
        self._show_stale()

    def _matches(self, parameters) -> list:
        find = self._find.value.strip().lower()
        return [p for p in parameters if _listed(p) and p.address != "players"
                and (not find or find in p.address.lower())]

    def _draw_table(self, parameters, changed) -> None:
        listed = [p for p in parameters if _listed(p) and p.address != "players"]
        matches = self._matches(parameters)
        rows = [p for p in changed if _listed(p)] + [p for p in matches if not p.changed]
        shown_rows = rows[:TABLE_ROWS]
        cells = [[p.address, _shown_value(p.published, unset=p.unset), _shown_value(p.current, unset=p.unset), p.takes,
                  p.provenance or ""]
                 for p in shown_rows]
        find = self._find.value.strip()
        said = (f"{counted(len(listed), 'value')} to edit (options, each seat's handicap, and the data files' "
                f"numbers, addressed by the files' own keys)")
        if find:
            said += f"; {number(len(matches))} match {html.escape(shown(find, 40))}"
        if len(rows) > TABLE_ROWS:
            said += f"; the first {TABLE_ROWS} shown: type in Find to narrow them"
        table = html_table(cells, "rt-whatif-parameters", columns=["value", "published", "this variant", "takes",
                                                                   "provenance"],
                           highlight=None)
        marked = table
        for p in shown_rows:   # the changed rows in pale yellow
            if p.changed:
                cell = f"<td style='padding:2px 8px;text-align:left'>{html.escape(p.address)}</td>"
                marked = marked.replace(f"<tr>{cell}", f"<tr class='rt-current' style='background:#fff3c4'>{cell}", 1)
        self._table.value = (f"<small>{said}.</small><div style='max-height:240px;overflow:auto;"
                             f"border:1px solid #ddd'>{marked}</div>")

    def _draw_picker(self, parameters) -> None:
        matches = self._matches(parameters)[:PICKER_ROWS]
        options = [(f"{p.address} \u00b7 {_shown_value(p.current, 30, p.unset)}"[:90], p.address) for p in matches]
        was, self._hold = self._hold, True
        try:
            keep = self._pick.value
            if [o[1] for o in self._pick.options] != [o[1] for o in options] or list(self._pick.options) != options:
                self._pick.options = options
            listed = [o[1] for o in options]
            changed = [a for a in self._changes if a in listed]
            if keep in listed:
                self._pick.value = keep
            elif options:   # a value the variant changes first, else the first listed
                self._pick.value = changed[0] if changed else listed[0]
            self._fill_new_value()
        finally:
            self._hold = was

    def _fill_new_value(self) -> None:
        """The New value box: the picked value as the variant has it (the designer edits it)."""
        address = self._pick.value
        if address is None or self._variant is None:
            return
        if address in self._changes:
            value = self._changes[address]
        else:
            p = next((p for p in self._parameters(self._variant) if p.address == address), None)
            value = None if p is None else p.current
        was, self._hold = self._hold, True
        try:
            self._new_value.value = "" if value is None else _value_text(value)
        finally:
            self._hold = was

    def _draw_download(self, variant) -> None:
        data = base64.b64encode(variant.to_toml().encode("utf-8")).decode("ascii")
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in (variant.name or "variant"))[:40] or "variant"
        self._download.value = (f"<a class='rt-download' download='{html.escape(stem)}.toml' "
                                f"href='data:application/toml;base64,{data}'>Save the variant (TOML)</a>")

    # ------------------------------------------------------------ the picker's buttons
    def _picked(self) -> str:
        address = self._pick.value
        if not address:
            raise ValueError("Value: nothing picked; type in Find to list the values")
        return address

    def _set_picked(self) -> None:
        address = self._picked()
        text = self._new_value.value.strip()
        if not text:
            raise ValueError(f"New value: type the new value of {address}")
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            value = text
        changes = {**self._changes, address: value}
        p = next((p for p in self._parameters(self._variant) if p.address == address), None)
        if p is not None and _json_value(value) == _json_value(p.published):
            changes.pop(address)   # back to the published value: no change
        # checked here, so that a refusal names the box the designer typed in (New value), not Changes
        try:
            self._build(parse_changes(changes_text(changes)))
        except ValueError as err:
            raise ValueError("New value: " + _text_of(err).removeprefix("Changes: ")) from None
        self._changes_box.value = changes_text(changes)

    def _unset_picked(self) -> None:
        address = self._picked()
        self._changes_box.value = changes_text({a: v for a, v in self._changes.items() if a != address})

    def _tune_picked(self) -> None:
        self._parameter.value = self._picked()
        self._tab.value = "tune"

    def _on_pick(self, _change=None) -> None:
        if not self._hold:
            self._fill_new_value()

    def _on_find(self, _change=None) -> None:
        """Find narrows the value table and the picker whatever else the page holds: while a line of
        Changes is refused, the values listed are those of the last variant shown (the message still
        says what is refused)."""
        if self._hold:
            return
        if self.update() or self._variant is None:
            return
        self._draw_table(self._parameters(self._variant), [p for p in self._parameters(self._variant)
                                                           if p.changed and p.address != "players"])
        self._draw_picker(self._parameters(self._variant))

    def _on_game(self, _change=None) -> None:
        """A game picked in the page: its players, bots and Tune parameter; the changes cleared."""
        if self._hold:
            return
        game = self._game.value
        previous = self._good.controls["game"]["value"] if self._good is not None else game

        def change() -> None:
            self._game.value = previous
            self._assign({"game": game})

        self._attempt(change, restore_to=self._good)

    def _on_players(self, _change=None) -> None:
        if self._hold:
            return
        players = self._players.value
        previous = self._good.controls["players"]["value"] if self._good is not None else players

        def change() -> None:
            self._players.value = previous
            self._assign({"players": players})

        self._attempt(change, restore_to=self._good)

    # ------------------------------------------------------------ the variant
    @property
    def variant(self):
        """The variant the controls describe (:class:`rometools.Variant`), checked as it loads.

        Raises
        ------
        ValueError
            Saying what in the changes is refused.
        """
        return self._build(parse_changes(self._changes_box.value))[1]

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Save the variant as a TOML file (:meth:`rometools.Variant.save`; never replaces a file).

        Raises
        ------
        ValueError
            For a path that is not ``.toml``, a missing folder, an existing file, or changes refused.
        """
        return self.variant.save(path)

    def load(self, source: Any) -> bool:
        """Show a variant: a :class:`rometools.Variant`, a variant file's path or its TOML text.

        Its game, players (the game's default when it names none), changes and name go into the
        controls, all or nothing (``False``, with the message saying why).
        """
        from rometools.core.variants import Variant, load_variant

        try:
            if isinstance(source, Variant):
                v = source
            elif isinstance(source, str) and "\n" in source:
                v = Variant.from_toml(source)
            else:
                v = load_variant(source)
        except INPUT_ERRORS as err:
            self._show_error(ValueError(f"Variant file: {_text_of(err)}"))
            return False
        players = v.options.get("players", load_game(v.game).players)
        return self._set({"game": v.game, "players": players, "changes": variant_changes(v), "name": v.name})

    def _say_file(self, text: str, error: bool = False) -> None:
        self._file_status.value = (f"<div class='rt-error' style='color:#b00020'>{html.escape(text)}</div>" if error
                                   else f"<small>{html.escape(text)}</small>")

    def _save_clicked(self) -> None:
        text = self._file.value.strip()
        try:
            if not text:
                raise ValueError("type the file's name, e.g. my_variant.toml")
            where = self.save(text)
        except INPUT_ERRORS as err:
            self._say_file(f"Cannot save: {self._wording(_text_of(err))}", error=True)
            return
        self._say_file(f"Saved {where}: load it here with Load, or play it with rometools simulate --variant "
                       f"{where.name}.")

    def _load_clicked(self) -> None:
        text = self._file.value.strip()
        if not text:
            self._say_file("Cannot load: type the variant file's name, e.g. my_variant.toml", error=True)
            return
        if self.load(text):
            self._say_file(f"Loaded {shown(text, 80)}.")
        else:
            self._say_file(f"Cannot load {shown(text, 80)}: see the message below.", error=True)

    def _on_upload(self, change) -> None:
        if self._hold or not change["new"]:
            return
        try:
            name, content = _upload(change["new"][0], "variant")
            try:
                text = content.decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError(f"{name} is not UTF-8 text") from None
        except INPUT_ERRORS as err:
            self._say_file(f"Cannot load: {_text_of(err)}", error=True)
            return
        finally:
            was, self._hold = self._hold, True
            try:
                self._upload.value = ()
            finally:
                self._hold = was
        from rometools.core.variants import Variant

        try:   # read here, so that a refusal names the uploaded file, not "<variant>"
            uploaded = Variant.from_toml(text if "\n" in text else text + "\n", source=name)
        except INPUT_ERRORS as err:
            self._show_error(ValueError(f"Variant file: {_text_of(err)}"))
            self._say_file(f"Cannot load {name}: see the message below.", error=True)
            return
        if self.load(uploaded):
            self._say_file(f"Loaded {name}.")
        else:
            self._say_file(f"Cannot load {name}: see the message below.", error=True)

    # ------------------------------------------------------------ runs
    def update(self) -> bool:
        """Recompute the question from the controls (refused while a run plays)."""
        if self._refuse_while_running():
            return False
        return super().update()

    def _show(self, view: Any) -> None:
        super()._show(view)
        self._block_run = False   # the question shown is the controls': a click plays it

    def _put_back(self, name: str) -> None:
        """A typed number refused: the box goes back, and the next Compare or Tune plays nothing (a click
        on the button sends a value typed without Enter just before it: it must not play the box's old
        value without a word, as the balance lab's Run once did); the one after plays what is shown."""
        super()._put_back(name)
        self._block_run = True

    def _set(self, values: Mapping[str, Any]) -> bool:
        if self._refuse_while_running():
            return False
        return super()._set(values)

    def _refuse_while_running(self) -> bool:
        if not self._running:
            return False
        self._show_error(ValueError(f"a {'comparison' if self._running == 'compare' else 'tuning'} is playing: "
                                    "press Stop, or wait for its answer, before changing the question"))
        return True

    def compare(self, *, wait: bool = True) -> bool:
        """Play the published game and the variant on the same seeds until every figure is decided
        (:func:`rometools.compare`), drawing the intervals after every batch.

        Parameters
        ----------
        wait : bool
            Play in the caller (``True``) or in a thread (``False``: :meth:`wait` joins it).

        Returns
        -------
        bool
            ``True`` when the comparison ran (or started); ``False``, with the message saying why,
            when the question is refused or nothing differs from the published game.
        """
        return self._run("compare", wait)

    def tune(self, *, wait: bool = True) -> bool:
        """Race the Values of the Parameter on shared seeds (:func:`rometools.tune`), drawing the
        response curve after every round; ``False`` (a message) when the question is refused."""
        return self._run("tune", wait)

    def stop(self) -> None:
        """Ask the run to end after the games under way: every game played is kept."""
        if self._running:
            self._stop_event.set()
            self._status.value = "Stopping after the games under way\u2026"

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a run playing in a thread; ``True`` when none is playing any more."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self._running

    @property
    def running(self) -> str | None:
        """``"compare"`` or ``"tune"`` while a run plays, else ``None``."""
        return self._running

    def _clicked(self, kind: str) -> None:
        self._run(kind, wait=not self._background)

    def _job(self, kind: str) -> dict[str, Any]:
        """The run's arguments from the controls, every one checked before any game."""
        view = self._compute()
        base, variant = view["base"], view["variant"]
        if kind == "compare":
            if not view["changes"] or not any(p.changed for p in view["parameters"] if p.address != "players"):
                raise ValueError("Changes: the variant is the published game: nothing to compare; set a value first")
            return {"base": base, "variant": variant}
        parameter = view["parameter"]
        if not parameter:
            raise ValueError("Parameter: choose the value to tune (pick it and press Tune this, or type "
                             f"handicap.{self._players.value})")
        candidates = self._parse_values(self._values.value)
        seat = _seat_of(parameter)
        if seat is not None and seat[0] > self._players.value:
            raise ValueError(f"Parameter: {parameter} names seat {seat[0]}, but "
                             f"{counted(self._players.value, 'player')} play")
        for value in (candidates[0], candidates[-1]):   # the ends checked now; the rest as the race builds them
            try:
                variant.with_value(parameter, value).load()
            except INPUT_ERRORS as err:
                raise ValueError(f"Values: {parameter} = {shown(value)}: {_text_of(err)}") from None
        return {"variant": variant, "parameter": parameter, "values": candidates,
                "target": self._parse_target(self._target.value)}

    def _settings(self, kind: str) -> dict[str, Any]:
        """What a run plays, from the controls (its stale line compares them)."""
        common = {k: self._controls[k].value for k in ("game", "players", "bots", "seed", "batch")}
        common["changes"] = self._changes_box.value.strip()
        common["name"] = self._name.value.strip()
        if kind == "compare":
            return {**common, **{k: self._controls[k].value for k in ("precision", "score_precision", "max_games")}}
        return {**common, **{k: self._controls[k].value for k in ("precision", "parameter", "values", "target",
                                                                 "tune_games", "check_games")}}

    def _run(self, kind: str, wait: bool) -> bool:
        if self._running:
            self._refuse_while_running()
            return False
        if self._block_run:   # the refusal of a number typed just before the click stays on screen
            self._block_run = False
            return False
        if not self.update():
            return False
        try:
            job = self._job(kind)
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        except Exception as err:  # a bug: never a traceback in a widget
            self._show_unexpected(err)
            return False
        self._running, self._stop_event = kind, threading.Event()
        self._show_stale()   # the results below are now this run's, drawn as it plays
        settings = self._settings(kind)
        self._release = contextlib.ExitStack()
        self._release.enter_context(self._held())   # nothing that would change the question, while it plays
        self._stop.disabled = False
        charts = ("rates_figure", "scores_figure") if kind == "compare" else ("curve_figure",)
        for name in charts:
            self._charts[name].computing()
        budget = self._max_games.value if kind == "compare" else self._tune_games.value
        self._bar.max, self._bar.value = max(budget, 1), 0
        self._status.value = html.escape(
            f"Comparing: up to {counted(budget, 'paired game')}, the intervals redrawn after each batch of "
            f"{number(self._batch.value)}\u2026" if kind == "compare" else
            f"Tuning: up to {counted(budget, 'game')} in the race, then "
            f"{counted(self._check_games.value, 'fresh game')} to check the recommendation\u2026")
        if wait:
            self._work(kind, job, settings, charts)
            return True
        self._thread = threading.Thread(target=self._work, args=(kind, job, settings, charts), daemon=True,
                                        name=f"rometools-{kind}")
        self._thread.start()
        return True

    def _executor(self, budget: int) -> str:
        return "process" if budget >= PROCESS_FROM and (os.cpu_count() or 1) > 1 else "serial"

    def _tick(self, done: int, total: int) -> None:
        self._bar.max, self._bar.value = max(total, 1), min(done, total)

    def _work(self, kind: str, job: dict[str, Any], settings: dict[str, Any], charts: tuple[str, ...]) -> None:
        """Play the run (in the caller or a thread); draw as it goes; say how it ended, whatever happens."""
        from rometools.core.compare import compare
        from rometools.core.tune import tune

        said = None
        try:
            with warnings.catch_warnings():   # a stop is said on the page, not as a warning
                warnings.simplefilter("ignore", RuntimeWarning)
                if kind == "compare":
                    result = compare(job["base"], job["variant"], bots=self._bots.value, seed=self._seed.value,
                                     precision=self._precision.value / 100,
                                     score_precision=float(self._score_precision.value),
                                     max_games=self._max_games.value, batch=self._batch.value,
                                     executor=self._executor(self._max_games.value), progress=self._tick,
                                     on_batch=self._draw_comparison, stop=self._stop_event)
                else:
                    tolerance = self._precision.value / 100 if job["target"] == "equal-seats" else None
                    result = tune(job["variant"], job["parameter"], job["values"], target=job["target"],
                                  bots=self._bots.value, seed=self._seed.value, tolerance=tolerance,
                                  max_games=self._tune_games.value, batch=self._batch.value,
                                  check_games=self._check_games.value,
                                  executor=self._executor(self._tune_games.value), progress=self._tick,
                                  on_round=self._draw_tuning, stop=self._stop_event)
        except INPUT_ERRORS as err:
            self._status.value = ""
            self._say_failed(kind, err)
        except Exception as err:  # a bug: said in words, never a traceback
            self._status.value = ""
            self._show_unexpected(err)
        else:
            if kind == "compare":
                self._draw_comparison(result)
                summary = plain_text(result.title) + f", seed {seed_text(self._seed.value)}"
            else:
                self._draw_tuning(result)
                summary = (f"{result.title}: {result.parameters[0]} = {self._values.value.strip()} for "
                           f"{result.target}, seed {seed_text(self._seed.value)}")
            self._ran[kind] = (settings, summary)
            played = result.pairs if kind == "compare" else result.games
            noun = "paired game" if kind == "compare" else "game"
            why = {"decided": "every figure decided" if kind == "compare" else "the race decided",
                   "budget": "the budget ended"}.get(result.stopped, "")
            said = html.escape(   # said once the controls are free again (below): "Stopped" means usable
                f"Stopped after {counted(played, noun)}: the results keep them." if result.stopped == "stopped" else
                f"Done: {counted(played, noun)} ({why}).")
        finally:
            self._running = None
            for name in charts:
                self._charts[name].settled()
            release, self._release = self._release, None
            if release is not None:
                release.close()
            self._stop.disabled = True
            self._show_stale()
        if said is not None:
            self._status.value = said

    def _say_failed(self, kind: str, err: BaseException) -> None:
        text = self._wording(_text_of(err), err)
        self._message.value = (f'<div style="color:#b00020"><b>Cannot {kind}:</b> {html.escape(text)}'
                               f"<br><small>(the results below are from the last {kind} that ran)</small></div>")
        self._message.add_class("rt-error")

    # ------------------------------------------------------------ drawing the answers
    def _draw_comparison(self, c) -> None:
        """A comparison as it stands (after each batch, and at its end): the verdict and both charts."""
        self.comparison = c
        players = [f for f in c.figures if f.kind == "win rate"]
        scores = [f.name for f in c.figures if f.kind in ("mean score", "score spread")]
        win = players[0] if players else None
        # "<game>, N players, <bots>: <A> against <B>" (a variant's label may hold ": " itself)
        case = c.title.split(" players, ", 1)[-1].split(": ", 1)[-1]
        spec = game_spec(self._game.value)
        where = f"{spec.title}, {counted(self._players.value, 'player')}, {self._bots.value} bots"
        fig = comparison_figure(c.history, [f.name for f in players], precision=win.precision if win else None,
                                title=_title(f"Win rates, {c.minus}", where, more=case), minus=c.minus)
        self._show_chart("rates_figure", _fitted(fig, CHART_WIDTH))
        spread = next((f for f in c.figures if f.kind == "score spread"), None)
        fig = comparison_figure(c.history, scores, precision=spread.precision if spread else None, unit="points",
                                scale=1.0, title=_title(f"Mean scores and spread, {c.minus}", where, more=case),
                                minus=c.minus)
        self._show_chart("scores_figure", _fitted(fig, CHART_WIDTH))
        self._verdict.value = _verdict_html(c)

    def _draw_tuning(self, t) -> None:
        """A tuning as it stands (after each round, and at its end): the recommendation and the curve."""
        self.tuning = t
        parameter = t.parameters[0]
        win = t.target.startswith(("P", "every"))
        cands = t.candidates
        fig = response_curve_figure([c.value for c in cands], [c.response[0] for c in cands],
                                    [c.low[0] for c in cands], [c.high[0] for c in cands],
                                    games=[c.games for c in cands], recommended=t.recommended.value,
                                    tolerance=t.tolerance, parameter=_parameter_words(parameter, self._game.value),
                                    unit="percentage points" if win else game_spec(self._game.value).game_length[0],
                                    scale=100.0 if win else 1.0,
                                    title=_title(f"Off the target: {t.target}",
                                                 f"{t.title.partition('; ')[0]}: {parameter}",
                                                 more=t.title.partition("; ")[2]))
        self._show_chart("curve_figure", _fitted(fig, CHART_WIDTH + 200))
        self._recommendation.value = _tuning_html(t, win)
        racing = any(c.status == "in the race" for c in cands)
        if self._running == "tune" and not racing and not t.check and self._check_games.value:
            self._status.value = html.escape(   # the race has ended: the status no longer says "in the race"
                f"The race ended after {counted(t.games, 'game')}: checking the recommendation on "
                f"{counted(self._check_games.value, 'fresh game')}\u2026")

    def _show_stale(self, _change=None) -> None:
        """Over each result: nothing while the controls are its run's; else which run it is for."""
        for kind, box, button in (("compare", self._compare_stale, "Compare"), ("tune", self._tune_stale, "Tune")):
            ran = self._ran.get(kind)
            box.value = "" if ran is None or self._running or self._settings(kind) == ran[0] else \
                stale_note(ran[1], button=button)

    # ------------------------------------------------------------ reading back
    def figure_data(self) -> dict[str, dict]:
        """The charts' data by trace ``meta``."""
        out: dict[str, dict] = {}
        for name in ("rates_figure", "scores_figure", "curve_figure"):
            fig = self._chart_figure(name)
            if fig is not None:
                out.update(trace_data(fig))
        return out

    @property
    def verdict(self) -> str:
        """The verdict shown, as plain text ('' before the first comparison)."""
        return plain_text(self._verdict.value)

    @property
    def recommendation(self) -> str:
        """The tuning's recommendation shown, as plain text."""
        return plain_text(self._recommendation.value)

    @property
    def question(self) -> str:
        """What the variant changes, as plain text."""
        return plain_text(self._question.value)


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


def _amount(x: float, scale: float, signed: bool = True) -> str:
    if not math.isfinite(x):
        return "\u2014"
    text = f"{scale * x:+,.1f}" if signed else f"{scale * x:,.1f}"
    if float(text.replace(",", "")) == 0:   # never a negative zero (a rounded -0.04 read as a loss)
        text = text.lstrip("+-") if signed else text.lstrip("-")
    return text.replace("-", "\u2212")


def _verdict_html(c) -> str:
    """A comparison's verdict: compare's words, then one row per figure."""
    lines = [html.escape(line) for line in c.text.splitlines()]
    rows = []
    for f in c.figures:
        scale = 100.0 if f.unit == "percentage points" else 1.0
        unit = "%" if scale == 100 else ""
        decision = {"changed": "changed", "equivalent": f"no change beyond \u00b1{_amount(f.precision, scale, False)}",
                    None: "undecided"}[f.decision]
        more = "\u2014" if f.decision else ("no estimate yet" if f.more_needed < 0 else number(f.more_needed))
        if not f.decision and not f.exact and f.pairs < MIN_PAIRS:   # compare's words: the verdict waits
            more += f" (its verdict waits for at least {number(MIN_PAIRS)} paired games)"
        rows.append([f.name, _amount(f.base, scale, False) + unit, _amount(f.variant, scale, False) + unit,
                     _amount(f.difference, scale), f"{_amount(f.low, scale)} to {_amount(f.high, scale)}", decision,
                     more])
    table = html_table(rows, "rt-whatif-figures", columns=[
        "figure", "published", "variant", "variant \u2212 published", "interval", "decision",
        "more paired games to decide"], numeric=["published", "variant", "variant \u2212 published"])
    return (f"<b>Verdict</b> after {counted(c.pairs, 'paired game')}:<br>" + "<br>".join(lines)
            + "<br><small>Win rates in %, their differences and intervals in percentage points; scores in "
              "points.</small>" + table)


def _tuning_html(t, win: bool) -> str:
    scale = 100.0 if win else 1.0
    lines = [html.escape(line) for line in t.text.splitlines()]
    rows = [[_value(c.value), number(c.games), _amount(c.response[0], scale),
             f"{_amount(c.low[0], scale)} to {_amount(c.high[0], scale)}", c.status] for c in t.candidates]
    unit = "percentage points" if win else "the target's unit"
    table = html_table(rows, "rt-whatif-curve-table", columns=["value", "games", "off the target", "interval",
                                                               "status"], numeric=["games", "off the target"])
    return ("<b>Recommendation</b>:<br>" + "<br>".join(lines)
            + f"<br><small>Off the target in {unit}: 0 meets it.</small>" + table)


def _value(x: Any) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)

