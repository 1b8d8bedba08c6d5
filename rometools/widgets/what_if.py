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
  every control that would change the question is disabled meanwhile. Stop, the progress bar and
  the status line sit beside the tab's button; each tab shows its own last run's progress.
* The results stay on screen while the question changes afterwards, with a line over them
  saying which run they are for (``rt-whatif-stale``), until the next run.

The studio is this module and its mixins: the runs (:mod:`rometools.widgets._what_if_runs`), the
table of values and the picker (:mod:`~rometools.widgets._what_if_values`), the variant file
(:mod:`~rometools.widgets._what_if_files`), the question checked and built
(:mod:`~rometools.widgets._what_if_question`) and the words (:mod:`~rometools.widgets._what_if_text`,
whose public names are re-exported here).

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

import contextlib
import html
import threading
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

import rometools
from rometools.charts._common import empty_figure
from rometools.core.data_text import MAX_FILE_BYTES
from rometools.core.formatting import counted, number, quantity, shown
from rometools.core.game import game_spec, load_game
from rometools.core.playtest import player_counts
from rometools.core.variant_file import rometools_command
from rometools.widgets._base import (
    MAX_SEED,
    ChartFigure,
    Explorer,
    NumberBoxError,
    WholeNumberText,
    _as_read,
    _text_of,
    html_table,
    in_kernel,
    inline_toggle,
    plain_text,
    trace_data,
)
from rometools.widgets._download import DownloadButton
from rometools.widgets._inputs import upload_label
from rometools.widgets._what_if_files import StudioFiles
from rometools.widgets._what_if_question import (  # noqa: F401 (re-exported)
    PRECISIONS,
    SCORE_PRECISIONS,
    TARGETS,
    StudioQuestion,
)
from rometools.widgets._what_if_runs import StudioRuns
from rometools.widgets._what_if_text import (  # noqa: F401 (re-exported)
    CHART_WIDTH,
    MAX_CHANGES,
    MAX_CHANGES_TEXT,
    _json_value,
    _numeric,
    _points,
    _shown_value,
    _title,
    _value_text,
    changes_text,
    parse_changes,
    variant_changes,
)
from rometools.widgets._what_if_values import PICKER_ROWS, TABLE_ROWS, StudioValues  # noqa: F401 (re-exported)

__all__ = ["VariantStudio", "changes_text", "parse_changes", "variant_changes"]

#: The most paired games one comparison may budget here (the command line allows more).
MAX_PAIRS = 1_000_000
#: The most games one tuning race may budget here.
MAX_TUNE_GAMES = 10_000_000
#: The most fresh games the recommendation of a tuning is checked on.
MAX_CHECK_GAMES = 1_000_000
#: The most paired games (or games per candidate) between two looks.
MAX_BATCH = 100_000
#: The upload button's label (what to do, never a count of files: upload_label) and its tooltip.
UPLOAD_LABEL = "Upload variant file"
UPLOAD_TOOLTIP = (f"Load a variant file (.toml, at most {number(MAX_FILE_BYTES)} bytes) saved here or by rometools: "
                  "its question goes into the controls, and the line beside the buttons says it is loaded")


# ===================================================================== the studio
#: The boxes of the Compare and Tune tabs (the tab's row, then each tab's own): a message about one of them
#: is said under them, over the run's button.
RUN_FIELDS = ("tab", "seed", "precision", "batch", "score_precision", "max_games", "parameter", "values", "target",
              "tune_games", "check_games")


class VariantStudio(StudioRuns, StudioValues, StudioFiles, StudioQuestion, Explorer):
    """A game's every editable value, a variant of it compared with the published game until the
    answer is clear, and one value tuned to a target: the what-if studio (issue 43).

    Controls (CSS class in brackets): game (``rt-whatif-game``), players (``rt-players``), bots
    (``rt-whatif-bots``, one for every seat), the variant's changes (``rt-whatif-changes``, one
    ``address = value`` a line) and name (``rt-whatif-name``); to edit a value: Find
    (``rt-whatif-find``), the value picked (``rt-whatif-pick``), its new value
    (``rt-whatif-value``), **Set** (``rt-whatif-set``), **Published** (``rt-whatif-unset``: back to
    the published value) and **Tune this** (``rt-whatif-tune-this``); the variant file
    (``rt-whatif-file`` with **Save** ``rt-whatif-save`` and **Load** ``rt-whatif-load`` in a
    notebook; in the app a download button ``rt-whatif-download`` and an upload
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
        app, by a download button and an upload (no path on the server is typed).
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

    MODEL = ("comparison", "tuning", "_changes", "_name_for")
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
        self._fit_cache: dict[tuple, str | None] = {}   # Values' candidates checked: refusal or None
        self._changes_refused: str | None = None   # the Changes box's text last refused, while it stays there
        self._name_for: tuple[str, dict] | None = None   # a name given with its changes (not typed): (name, changes)
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
        self._set_button.on_click(lambda _b: self._picker_attempt(self._set_picked, refused_box="new_value"))
        self._unset_button = self._button("Published", "rt-whatif-unset", "undo",
                                          "put the value picked back to its published value")
        self._unset_button.on_click(lambda _b: self._picker_attempt(self._unset_picked))
        self._tune_this = self._button("Tune this", "rt-whatif-tune-this", "sliders",
                                       "tune the value picked (the Tune tab)")
        self._tune_this.on_click(lambda _b: self._picker_attempt(self._tune_picked))
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
            self._download = DownloadButton(   # the file built at the click, from the controls then
                "Save the variant (TOML)", self._variant_file, mime="application/toml", css=("rt-whatif-download",),
                tooltip="Download the variant the controls describe, named after it: load it here with Upload "
                        f"variant file, or play it with {rometools_command()} simulate --variant FILE",
                explorer=self, say=self._say_file)
            # ipywidgets 8 draws a FileUpload as "description (files held)": its label is drawn without the
            # count, saying what to do (upload_label); the count is kept true all the same, 1 while the
            # question shown is the file's (_keep_upload_count), as the file line says "Loaded ..."
            self._upload = widgets.FileUpload(accept=".toml", multiple=False, tooltip=UPLOAD_TOOLTIP,
                                              layout={"width": "170px"})
            self._uploaded: dict[str, Any] | None = None   # the question the file held, while it is shown
            self._upload.add_class("rt-whatif-upload")
            self._upload.observe(self._on_upload, names="value")
            file_row = [self._download, self._upload, upload_label(self._upload, UPLOAD_LABEL, "rt-whatif-upload")]
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
            # of win rate: "percentage points", as the verdict says, never bare "points" (a score's; trial59c)
            options=[(quantity(f"{p:g}", "percentage point"), p) for p in PRECISIONS], value=2,
            description="Precision",
            tooltip="a change of a win rate too small to matter (Compare); how close to the fair share is "
                    "close enough (Tune, equal seats)", layout={"width": "260px"}), "rt-whatif-precision")
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
        # each tab: its controls; then the run's row (its button, Stop, the progress of its own last run);
        # then its results. Stop sits beside the button that started the run, in view as it plays.
        self._compare_box = widgets.VBox([
            widgets.HBox([self._score_precision, self._max_games], layout={"flex_flow": "row wrap"})])
        self._tune_box = widgets.VBox([
            widgets.HBox([self._parameter, self._values, self._target], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._tune_games, self._check_games], layout={"flex_flow": "row wrap"})],
            layout={"display": "none"})
        self._tune_button.layout.display = "none"
        self._progress = {kind: {"value": 0, "max": 1, "status": ""} for kind in ("compare", "tune")}
        self._message.observe(self._message_changed, names="value")   # a failure's status lives with its message
        run_row = self._run_row = widgets.HBox([self._compare_button, self._tune_button, self._stop, self._bar,
                                                self._status], layout={"flex_flow": "row wrap", "align_items": "center"})
        self._compare_results = widgets.VBox([self._compare_stale, self._verdict,
                                              widgets.HBox([rates, scores], layout={"flex_flow": "row wrap"})])
        self._tune_results = widgets.VBox([self._tune_stale, self._recommendation, curve], layout={"display": "none"})
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
            self._compare_box, self._tune_box, run_row, self._compare_results, self._tune_results,
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
                if "parameter" not in values:   # the last seat of the players it will have (a loaded file's)
                    values = {**values, "parameter": f"handicap.{values.get('players', self._players.value)}"}
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
        if "name" in values:   # a name given (a file's, the page's) names the changes given with it
            try:
                self._name_for = (self._name.value.strip(), parse_changes(self._changes_box.value))
            except ValueError:
                self._name_for = None
            if not self._name_for or not self._name_for[0]:
                self._name_for = None

    def _compute(self) -> dict[str, Any]:
        try:   # typed in the page: refused and put back, as a number box is
            self._check_name(self._name.value)
        except ValueError as err:
            raise NumberBoxError("name", _text_of(err)) from None
        text, refused = self._changes_box.value, None
        try:
            changes = parse_changes(text)
            base, variant = self._build(changes)
        except ValueError as err:
            if self._good is None or text != self._changes_refused:
                self._changes_refused = text   # a mistake just typed in Changes: refused, the lines kept to mend
                raise
            # another box edited while the lines refused stay in Changes: the edit applies, to the changes
            # accepted last (the variant shown), and the message says so (_show)
            refused, changes = _text_of(err).removeprefix("Changes: "), dict(self._changes)
            try:
                base, variant = self._build(changes)
            except ValueError as again:
                raise ValueError(f"Changes as typed are refused ({refused}), and the changes accepted before them "
                                 f"do not fit either: {_text_of(again).removeprefix('Changes: ')}") from None
        if refused is None and self._name_stale(changes):   # named after its changes now, said
            self._note(f"Variant name {shown(self._name.value.strip(), 60)} cleared: it named changes no longer "
                       "made; the variant is named after its changes (type a name in Variant name to give it one).")
            self._name.value, self._name_for = "", None
            base, variant = self._build(changes)
        changes = self._as_held(changes, variant)
        parameters = self._parameters(variant)
        # a refused text box of Tune goes back to the value the view was drawn with, as a number box does:
        # its refusal is said once, and never again as if new when another box is edited
        checks = (("values", lambda: self._parse_values(self._values.value)),
                  ("target", lambda: self._parse_target(self._target.value)),
                  ("parameter", lambda: self._tune_parameter(variant, parameters)))
        got = {}
        for field, check in checks:
            try:
                got[field] = check()
            except ValueError as err:
                raise NumberBoxError(field, _text_of(err)) from None
        parameter = got["parameter"]
        try:   # each value's kind as the parameter takes it (a handicap's whole points), said of Values (trial58)
            self._values_fit(variant, parameter, got["values"])
        except ValueError as err:
            raise NumberBoxError("values", _text_of(err)) from None
        if self._batch.value > self._max_games.value and self._tab.value == "compare":
            self._note(f"Batch {number(self._batch.value)} is more than Budget {number(self._max_games.value)}: "
                       f"Compare plays the {number(self._max_games.value)} paired games in one batch, with no look "
                       "between (a smaller Batch stops as soon as the answer is clear).")
        return {"changes": changes, "base": base, "variant": variant, "parameters": parameters,
                "parameter": parameter, "refused": refused}

    def _name_stale(self, changes: Mapping[str, Any]) -> bool:
        """Whether the Variant name was given (a loaded file's, the page's) with a change that ``changes`` no
        longer hold, or hold with another value: the name no longer fits them (a change added leaves it true).
        A name typed in the box is the designer's, kept whatever the changes."""
        if self._name_for is None:
            return False
        if self._name.value.strip() != self._name_for[0]:
            self._name_for = None
            return False
        missing = object()
        return any(changes.get(address, missing) != value for address, value in self._name_for[1].items())

    def _show(self, view: dict[str, Any]) -> None:
        """As the explorers' own; while lines refused stay in Changes, the message says what was drawn
        for the box edited meanwhile, and that the lines are still refused (a refusal, in red)."""
        edited = [] if self._good is None else [
            name for name in ("game", "players", "bots", "find", "name", "tab", "seed", "precision",
                              "score_precision", "max_games", "batch", "parameter", "values", "target", "tune_games",
                              "check_games")
            if self._good.controls[name].get("value") != self._controls[name].value]
        super()._show(view)
        self._clear_file_status()   # a file action says its outcome after this
        if view["refused"] is None:
            self._changes_refused = None
            return
        said = " and ".join(f"{self.field_label(name)} is now {_as_read(self._controls[name])}"
                            for name in edited[:3]) or "The question is drawn again"
        accepted = changes_text(view["changes"]).replace("\n", "; ")
        accepted = f"the changes accepted before, {shown(accepted, 120)}" if accepted else "no change, the published game"
        notes = " ".join(self._wording(n) for n in self._notes)
        self._show_error(ValueError(f"Changes are still refused as typed: {view['refused']}"),
                         kept=f"{said}, applied with {accepted}; the refused lines stay in Changes to mend or empty"
                              + (f". Note: {notes}" if notes else ""))

    def _show_error(self, err: BaseException, kept: str | None = None, value_given: bool = True) -> None:
        """As the explorers' own; the file line, about an earlier action, is emptied (a refused file is
        said here once, naming it). A refusal of a box of the Compare or Tune tab is said under the tab's
        boxes (:meth:`_place_near`)."""
        super()._show_error(err, kept, value_given)
        self._clear_file_status()
        self._place_near(_text_of(err), getattr(err, "field", None))

    def _show_notes(self) -> None:
        super()._show_notes()
        self._place_near(self._notes[0] if self._notes else "")

    def _place_near(self, text: str, field: str | None = None) -> None:
        """The message under the Compare or Tune tab's boxes, just over the run's button, when it is about
        one of them (a box put back, its field, or its name first: "Values ...", "Seed ..."), or a run's
        outcome; else in its place under the variant's boxes. A trial found the refusal of Tune's Values
        330 px above the box, over the question and the table of values."""
        labels = tuple(self.field_label(f) for f in RUN_FIELDS)
        near = (field in RUN_FIELDS or any(label in labels for label, _ in self._box_back or ())
                or text.startswith(tuple(f"{label}{end}" for label in labels for end in (" ", ":")))
                or text.startswith(tuple(f"The value typed in {label}," for label in labels)))   # a put-back's note
        self._place_message(*((self, self._run_row) if near else ()))

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
            self._keep_upload_count()
        for kind, widgets_of_tab in (("compare", (self._compare_box, self._compare_button, self._compare_results)),
                                     ("tune", (self._tune_box, self._tune_button, self._tune_results))):
            for w in widgets_of_tab:
                w.layout.display = None if self._tab.value == kind else "none"
        self._show_progress()
        self._show_stale()

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
