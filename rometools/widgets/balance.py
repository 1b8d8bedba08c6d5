"""The balance lab explorer: many seeded bot games of any registered game, with intervals.

:class:`BalanceExplorer` wires controls to :func:`rometools.core.simulate.simulate`,
:mod:`rometools.core.balance` and :mod:`rometools.charts.balance`; it holds no
rule and no statistic of its own. Nothing runs until **Run** is pressed: the
results stay on screen while the designer changes controls, until the next run,
and while the controls differ from the last run's a line over the results says
which run they are for (``rt-balance-stale``). The summary names everything run:
game, players, games, seed, bots, board and options.
Bad input (an unknown option, a number of games out of range, a board file
that does not load) shows a message naming the field and leaves the last
results in place.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

import ipywidgets as widgets

import rometools
from rometools.charts._common import empty_figure
from rometools.charts.balance import (
    margin_histogram_figure,
    paired_difference_figure,
    score_histogram_figure,
    seat_win_rate_figure,
)
from rometools.core.balance import (
    bot_win_rates,
    game_length_text,
    game_summary,
    games_needed_text,
    rate_columns,
    rotation_caveat_text,
    seat_advantage_text,
    seat_win_rates,
    shared_wins_text,
)
from rometools.core.data import data_dir
from rometools.core.errors import ArgumentError, DataFileError
from rometools.core.formatting import counted, number, seed_text, shown
from rometools.core.game import bundled_files, game_spec, read_file_option
from rometools.core.options import option_example, option_examples
from rometools.core.paired import paired_differences, paired_differences_text
from rometools.core.simulate import check_rotation, simulate
from rometools.widgets._balance_text import _board_name, _boards_text, _options_text, _table
from rometools.widgets._base import (
    INPUT_ERRORS,
    MAX_SEED,
    ChartFigure,
    CheckedAsTyped,
    Explorer,
    WholeNumberText,
    _text_of,
    _upload,
    busy,
    call_with_timeout,
    plain_text,
    stale_note,
    trace_data,
    whole_number,
)
from rometools.widgets._inputs import bundled_file_options, upload_label

__all__ = ["BalanceExplorer", "parse_options"]

MAX_GAMES = 100_000
#: From this many games (per variant), on a machine with more than one core, the games are
#: played in worker processes (``simulate(executor="process")``): the same rows as serial.
PROCESS_FROM = 2_000
_MAX_SEATS = 8


def parse_options(text: str, field: str = "options", game: str | None = None) -> dict[str, Any]:
    """Game options typed as ``key=value, key=value`` (values read as JSON when they can be).

    ``game`` (a registered id) gives the example of a refusal: one of its own options.

    Raises
    ------
    ValueError
        Naming the field and the item that is not ``key=value``.

    Examples
    --------
    >>> parse_options("route_policy=first, all_tokens_variant=true, max_chain_paths=2")
    {'route_policy': 'first', 'all_tokens_variant': True, 'max_chain_paths': 2}
    >>> parse_options("")
    {}
    >>> parse_options("dangerous_ties", "Options A", "via_romana")
    Traceback (most recent call last):
    ...
    ValueError: Options A: write options as key=value, e.g. obstinate_hands=true; got 'dangerous_ties'
    """
    out: dict[str, Any] = {}
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"{field}: write options as key=value, e.g. {option_example(game or '')}; "
                             f"got {item[:60]!r}")
        value = value.strip()
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value
    return out


def _player_counts(game_id: str) -> list[int]:
    spec = game_spec(game_id)
    counts = []
    for p in range(1, 9):
        try:
            spec.config(players=p)
        except (ValueError, TypeError):  # OptionError is a ValueError
            continue
        counts.append(p)
    return counts


def _data_folder_boards(game_id: str) -> list[Path]:
    """The data folder's board files of a game (its bundled files of the ``board`` option)."""
    if "board" not in game_spec(game_id).file_options:
        return []
    return [data_dir() / game_id / name for name in bundled_files(game_id, "board")]


def _board_loader(game_id: str) -> Any:
    """The loader of a game's ``board`` option (:attr:`~rometools.core.game.GameSpec.file_options`)."""
    spec = game_spec(game_id)
    if "board" not in spec.file_options:
        raise ValueError(f"Board file: {spec.title} has no board file")
    return spec.file_options["board"]


class BalanceExplorer(CheckedAsTyped, Explorer):
    """Run many seeded bot games and read seat balance, score spread and closeness, with intervals.

    Controls (CSS class in brackets): game (``rt-balance-game``), players
    (``rt-players``), a bot per seat (``rt-seat-bot``, ``rt-bot-p1``...), a
    board file for games with boards (``rt-balance-board``), options of
    variant A (``rt-options-a``, ``key=value, ...``), the compare toggle and
    variant B's options (``rt-compare``, ``rt-options-b``), games
    (``rt-games``), seed (``rt-seed``), seat rotation (``rt-rotate``), the
    **Run** button (``rt-balance-run``) and a progress bar
    (``rt-balance-progress``).
    Output: the summary (``rt-balance-summary``: seat win rates with Wilson
    intervals, the no-seat-advantage test, games needed, game length and
    margin), the win-rate chart (``rt-balance-rates``; trace ``meta`` as in
    :mod:`rometools.charts.balance`), score and margin histograms
    (``rt-balance-scores``, ``rt-balance-margins``), the paired-differences
    chart when comparing (``rt-balance-paired``) and the message area
    (``rt-message``).

    The controls change no result until Run, but what is typed is checked at once: a bad
    number in Games or Seed is refused and its box put back
    (:class:`~rometools.widgets._base.CheckedAsTyped`), and options the game refuses, typed in
    Options A or (when comparing) Options B, are refused on Enter in Run's words, the box keeping
    what was typed; they are checked again when the game, the players, the board or the compare
    toggle change.

    Parameters
    ----------
    game : str
        A registered game id.
    players : int, optional
    bots : str or list of str
        A bot for every seat, or one per seat.
    games : int
        Seeds to play (1 to 100,000).
    seed : int
    options, options_b : str
        Variant options as ``key=value, ...``; ``options_b`` with ``compare``.
    compare : bool
        Also play variant B on the same seeds and show the paired differences.
    rotate : bool
        Play each seed once per seat rotation of the bots (the comparison pairs
        by seed and rotation).
    board : str
        A board file's path or a bundled board's name (``"board_2_3"``), read as
        :func:`~rometools.core.game.load_game` reads ``board=``, for games with a
        ``board`` file option; default the game's own board. The summary names it.
    run : bool
        Run once on opening. Default ``True``.

    A value that ``set_values`` would refuse is refused here too, in words
    naming the field (every such value, in one message): the explorer opens
    with the other values given and the defaults for the refused ones (never a
    silent change of a value given).
    files : {"path", "upload"}
        How a board file is given: a typed path (a notebook), or, in the designer
        app, a list of the data folder's boards and an upload control
        (``rt-balance-board-upload``): no path on the server can be typed.

    Examples
    --------
    >>> ex = BalanceExplorer(games=20, seed=1, bots="greedy")
    >>> ex.results["game"].nunique(), "bl-win-rates" in ex.figure_data()
    (20, True)
    >>> ex.set_values(games=0)
    False
    >>> ex.message
    'Cannot update: Games must be a whole number 1 to 100,000, got 0 (the summary and the charts still show the last run)'
    >>> ex.results["game"].nunique()
    20
    >>> BalanceExplorer(games=0, seed=-1, players=3, run=False).message
    'Cannot open with: Games must be a whole number 1 to 100,000, got 0; Seed must be a whole number 0 to 999,999,999, got -1 (opened with the other values given and the defaults for these)'
    """

    MODEL = ("results", "results_b", "comparison")
    rates_figure = ChartFigure()
    scores_figure = ChartFigure()
    margins_figure = ChartFigure()
    paired_figure = ChartFigure()  # drawn from the first comparison on
    FIELD_LABELS = {"game": "Game", "players": "Players", "bots": "Bots", "games": "Games", "seed": "Seed",
                    "options": "Options A", "options_b": "Options B", "compare": "Compare with variant B",
                    "rotate": "Rotate seats", "board": "Board file"}
    NUMBER_BOXES = {"games": (1, MAX_GAMES), "seed": (0, MAX_SEED)}
    KEPT = "the summary and the charts still show the last run"  # a summary and several charts

    def __init__(self, game: str = "caesars_empire", players: int | None = None, bots: Any = "greedy",
                 games: int = 200, seed: int = 1, *, options: str = "", options_b: str = "",
                 compare: bool = False, rotate: bool = False, board: str = "", run: bool = True,
                 files: str = "path"):
        if files not in ("path", "upload"):
            raise ValueError(f"files must be 'path' (a notebook) or 'upload' (the app), got {shown(files)}")
        super().__init__()
        self._init_message()
        self._files = files
        self._uploaded: dict[str, Any] = {}
        self.results = self.results_b = self.comparison = None
        self._hold = True
        ids = rometools.games()
        self._game = self._add_control("game", widgets.Dropdown(
            options=[(game_spec(g).title, g) for g in ids], value="caesars_empire" if "caesars_empire" in ids
            else ids[0], description="Game"), "rt-balance-game")
        counts = _player_counts(self._game.value)
        self._players = self._add_control("players", widgets.Dropdown(
            options=counts, value=counts[min(2, len(counts) - 1)], description="Players"), "rt-players")
        self._bot_box = widgets.HBox(layout={"flex_flow": "row wrap"})
        self._seat_bots: list[widgets.Dropdown] = []
        if files == "path":
            self._board = self._add_control("board", widgets.Text(
                value="", description="Board file", placeholder="bundled board",
                style={"description_width": "80px"}, layout={"width": "360px"}), "rt-balance-board")
            self._board_upload = None
        else:
            self._board = self._add_control("board", widgets.Dropdown(
                options=self._board_options(), description="Board", style={"description_width": "80px"},
                layout={"width": "360px"}), "rt-balance-board")
            self._board_upload = widgets.FileUpload(accept=".toml,.yaml,.yml", multiple=False,
                                                    description="Upload a board", layout={"width": "180px"})
            self._board_upload.add_class("rt-balance-board-upload")
            self._board_upload.observe(self._on_board_upload, names="value")
        self._options_a = self._add_control("options", widgets.Text(
            value="", description="Options A", style={"description_width": "80px"}, layout={"width": "420px"},
            continuous_update=False), "rt-options-a")   # sent on Enter or leaving the box: checked then
        self._compare_box = self._add_control("compare", widgets.Checkbox(
            value=False, description="compare with variant B", indent=False), "rt-compare")
        self._options_b = self._add_control("options_b", widgets.Text(
            value="", description="Options B", style={"description_width": "80px"}, layout={"width": "420px"},
            continuous_update=False), "rt-options-b")
        self._games = self._add_control("games", WholeNumberText(
            value=200, description="Games", layout={"width": "200px"}), "rt-games")
        self._seed = self._add_control("seed", WholeNumberText(
            value=1, description="Seed", layout={"width": "220px"}), "rt-seed")
        self._rotate = self._add_control("rotate", widgets.Checkbox(
            value=False, description="rotate seats (each seed once per seat)", indent=False), "rt-rotate")
        self._run = widgets.Button(description="Run", button_style="primary", icon="play",
                                   layout={"width": "110px"})
        self._run.add_class("rt-balance-run")
        self._run.on_click(lambda _b: self.run())
        self._bar = widgets.IntProgress(value=0, min=0, max=1, description="", layout={"width": "300px"})
        self._bar.add_class("rt-balance-progress")
        self._summary = widgets.HTML()
        self._summary.add_class("rt-balance-summary")
        self._stale = widgets.HTML()  # the results are not for the controls now set: says so
        self._stale.add_class("rt-balance-stale")
        self._ran: tuple[dict[str, Any], str] | None = None  # the last run's settings and its summary line
        # the paired chart is shown from the first comparison on
        rates = self._add_chart("rates_figure", "rt-balance-rates")
        scores = self._add_chart("scores_figure", "rt-balance-scores")
        margins = self._add_chart("margins_figure", "rt-balance-margins")
        self._paired_box = widgets.Box([self._add_chart("paired_figure", "rt-balance-paired")],
                                       layout={"display": "none"})  # shown when comparing
        self._build_seat_bots(None)
        self._game.observe(self._on_game, names="value")
        self._game.observe(self._show_examples, names="value")
        self._show_examples()
        self._players.observe(self._show_seats, names="value")
        self._check_as_typed(self._games, self._seed)   # refused as typed, not at Run
        # options typed are checked at once too, as Run would check them ("Options A: Pig has no option
        # 'hand'; ..."): they are the game's, at its players, with the board set; B's only when comparing
        self._check_text_as_typed(lambda: self._variants(self._board_named(), typed=True), self._options_a,
                                  self._options_b, self._compare_box, self._game, self._players, self._board)
        for control in self._controls.values():  # every control: are the results still its results?
            control.observe(self._show_stale, names="value")
        self.children = [
            widgets.HTML("<b>Balance lab</b>: seeded bot games; every rate with its 95% interval. "
                         "Change the controls, then press <b>Run</b>."),
            widgets.HBox([self._game, self._players, self._board,
                          *([self._board_upload, upload_label(self._board_upload, "Upload a board",
                                                              "rt-balance-board-upload")]
                            if self._board_upload is not None else [])],
                         layout={"flex_flow": "row wrap"}),
            self._bot_box,
            widgets.HBox([self._options_a], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._compare_box, self._options_b], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._games, self._seed, self._rotate], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._run, self._bar]),
            self._message, self._stale, self._summary, rates,
            widgets.HBox([scores, margins], layout={"flex_flow": "row wrap"}),
            self._paired_box,
        ]
        self.layout.padding = "0 0 0 8px"
        self.add_class("rt-balance-explorer")
        self._hold = False
        # the controls start on the defaults; the given values go through the same checks as
        # set_values: each bad one is refused in words, the good ones are kept
        given = {"game": game, "players": players, "bots": bots, "games": games, "seed": seed,
                 "options": options, "options_b": options_b, "compare": compare, "rotate": rotate,
                 "board": board}
        given = {name: value for name, value in given.items() if value is not None}
        refused = []
        for name, value in list(given.items()):
            try:
                given[name] = self._checked(name, value)
            except INPUT_ERRORS as err:
                refused.append(self._wording(_text_of(err), err))
                del given[name]
        applied = self._opening(given, run)
        if not applied:  # a value the others make impossible (9 players of a 2-5 player game)
            refused.append(plain_text(self._message.value).removeprefix("Cannot update: ").removesuffix(
                f" ({self.KEPT})"))
            # keep the rest without the one value that does not fit them, else the defaults
            for name in list(given):
                if self._opening({k: v for k, v in given.items() if k != name}, run):
                    applied = True
                    break
            else:
                self._opening({}, run)
        if refused:
            self._message.value = ('<div style="color:#b00020"><b>Cannot open with:</b> '
                                   + html.escape("; ".join(refused))
                                   + ("<br><small>(opened on the defaults instead)</small></div>" if not applied else
                                      "<br><small>(opened with the other values given and the defaults for "
                                      "these)</small></div>"))
            self._message.add_class("rt-error")
        elif not run:   # options given that the game refuses are said at once, as typed ones are
            self._check_text()

    def _opening(self, values: dict[str, Any], run: bool) -> bool:
        """Set the opening values (checked) and, with ``run``, play them; ``False`` (the message
        saying why, every control put back) if they do not go together."""
        if run:
            return self._set(values)
        try:
            with self.holding():
                self._assign(values)
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        return True

    # ------------------------------------------------------------ controls
    def _bot_names(self) -> list[str]:
        return sorted(game_spec(self._game.value).bots)

    def _build_seat_bots(self, bots: Any = None) -> None:
        """Set the per-seat bot dropdowns (one per possible seat, the first ``players`` shown)."""
        names = self._bot_names()
        default = "greedy" if "greedy" in names else names[0]
        if not self._seat_bots:
            for s in range(_MAX_SEATS):
                d = widgets.Dropdown(options=names, value=default, description=f"P{s + 1}",
                                     style={"description_width": "28px"}, layout={"width": "150px"})
                self._add_control(f"bot_p{s + 1}", d, "rt-seat-bot", f"rt-bot-p{s + 1}")
                self._seat_bots.append(d)
        wanted = [None] * _MAX_SEATS if bots is None else [bots] * _MAX_SEATS if isinstance(bots, str) else list(bots)
        for s, d in enumerate(self._seat_bots):
            keep = wanted[s] if s < len(wanted) and wanted[s] is not None else d.value
            if tuple(d.options) != tuple(names):
                d.options = names
            d.value = keep if keep in names else default
        self._show_seats()

    def _show_seats(self, _change=None) -> None:
        self._bot_box.children = [widgets.HTML("Bots:"), *self._seat_bots[:self._players.value]]

    def _on_game(self, _change=None) -> None:
        if self._hold:
            return
        counts = _player_counts(self._game.value)
        with self.holding():
            self._players.options = counts
            self._players.value = counts[min(2, len(counts) - 1)]
            self._build_seat_bots("greedy")
            if self._files == "upload":
                self._board.options = self._board_options()
                self._board.value = ""

    def _show_examples(self, _change=None) -> None:
        """The options boxes' placeholders: examples of the chosen game's own options."""
        examples = option_examples(game_spec(self._game.value).config) or ["players=3"]
        self._options_a.placeholder = f"e.g. {examples[0]}"
        self._options_b.placeholder = f"e.g. {examples[1 if len(examples) > 1 else 0]}"

    def _board_options(self) -> list[tuple[str, str]]:
        """In the app: the game's own board, the data folder's boards, then every board uploaded."""
        game = self._game.value
        options = [("the game's own board", "")]
        options += [(p.name, str(p)) for p in _data_folder_boards(game)]
        options += [(f"{name} \u00b7 uploaded", key) for key, (gid, name, _) in self._uploaded.items() if gid == game]
        return options

    def _on_board_upload(self, change) -> None:
        """A board uploaded in the app: checked, listed and selected (the results wait for Run)."""
        if self._hold or not change["new"]:
            return
        import tempfile

        try:
            name, content = _upload(change["new"][0], "board")
            load = _board_loader(self._game.value)
            with tempfile.TemporaryDirectory(prefix="rometools-upload-") as folder:
                path = Path(folder) / name
                path.write_bytes(content)
                try:
                    board = call_with_timeout(load, path, what=name)
                except DataFileError as err:
                    raise ValueError(f"Board file {str(err).replace(str(path), name)}") from None
        except INPUT_ERRORS as err:
            self._show_error(err)
            return
        finally:
            was, self._hold = self._hold, True
            try:
                self._board_upload.value = ()
            finally:
                self._hold = was
        key = f"upload:{len(self._uploaded) + 1}:{name}"
        self._uploaded[key] = (self._game.value, name, board)
        with self.holding():
            self._board.options = self._board_options()
            self._board.value = key
        self._clear_error()

    def _on_change(self, _change=None) -> None:
        """Controls change no result: results stay until the next run (:meth:`_show_stale` says so)."""

    def _settings(self) -> dict[str, Any]:
        """What a run plays, from the controls (the bots of the seats shown; Options B when comparing)."""
        compare = self._compare_box.value
        return {"game": self._game.value, "players": self._players.value, "bots": self.bots,
                "board": self._board.value, "options": self._options_a.value.strip(), "compare": compare,
                "options_b": self._options_b.value.strip() if compare else None, "games": self._games.value,
                "seed": self._seed.value, "rotate": self._rotate.value}

    def _show_stale(self, _change=None) -> None:
        """Over the results: nothing while the controls are the last run's; else that the results are
        the last run's (its summary line) and not for the controls now set (``rt-balance-stale``)."""
        if self._ran is None or self._settings() == self._ran[0]:
            self._stale.value = ""
            return
        self._stale.value = stale_note(self._ran[1])

    @property
    def bots(self) -> list[str]:
        """The bot of each seat."""
        return [d.value for d in self._seat_bots[:self._players.value]]

    # ------------------------------------------------------------ set_values / run
    def set_values(self, *, game: str | None = None, players: int | None = None, bots: Any = None,
                   games: int | None = None, seed: int | None = None, options: str | None = None,
                   options_b: str | None = None, compare: bool | None = None, rotate: bool | None = None,
                   board: str | None = None) -> bool:
        """Set controls as a user would, then run (all or nothing).

        Returns
        -------
        bool
            ``True`` when the new results are shown; ``False`` (a message, every
            control and the last results as they were) for bad input.
        """
        return self._set({"game": game, "players": players, "bots": bots, "games": games, "seed": seed,
                          "options": options, "options_b": options_b, "compare": compare, "rotate": rotate,
                          "board": board})

    def _check(self, name: str, value: Any) -> Any:
        if name == "game":
            if not isinstance(value, str) or value not in rometools.games():
                raise ValueError(f"Game must be one of {', '.join(rometools.games())}, got {shown(value)}")
        elif name == "games":
            return whole_number("Games", value, 1, MAX_GAMES)
        elif name == "seed":
            return whole_number("Seed", value, 0, MAX_SEED)
        elif name in ("compare", "rotate"):
            if not isinstance(value, bool):
                raise ValueError(f"{self.field_label(name)} must be True or False, got {shown(value)}")
        elif name == "board" and self._files == "upload":
            choices = [v for _, v in self._board.options]
            if value not in choices:
                raise ValueError(f"Board must be one of the listed boards ({', '.join(map(repr, choices))}), "
                                 f"got {shown(value)}; upload a board file to add one")
        elif name in ("options", "options_b", "board"):
            if not isinstance(value, str):
                what = "a board file's path or a bundled board's name" if name == "board" else "text such as key=value"
                raise ValueError(f"{self.field_label(name)} must be {what}, got {shown(value)}")
            if name != "board":
                parse_options(value, self.field_label(name), self._game.value)
        elif name == "players":
            whole_number("Players", value, 1)
        elif name == "bots" and not (isinstance(value, str) or (
                isinstance(value, list | tuple) and all(isinstance(b, str) for b in value))):
            raise ValueError(f"Bots must be a bot name or a list with one per seat, got {shown(value)}")
        return value

    def _assign(self, values: dict[str, Any]) -> None:
        if "game" in values:
            self._game.value = values["game"]
            counts = _player_counts(values["game"])
            self._players.options = counts
            if self._files == "upload":  # the game's boards (the observer is held)
                self._board.options = self._board_options()
        if "players" in values:
            if values["players"] not in self._players.options:
                raise ValueError(f"Players: {game_spec(self._game.value).title} is for "
                                 f"{', '.join(map(str, self._players.options))} players, got {values['players']}")
            self._players.value = values["players"]
        if "game" in values or "players" in values or "bots" in values:
            bots = values.get("bots")
            if bots is not None:
                names = self._bot_names()
                for b in [bots] if isinstance(bots, str) else bots:
                    if b not in names:
                        raise ValueError(f"Bots: unknown bot {shown(b)}; choose one of {', '.join(names)}")
                if not isinstance(bots, str) and len(bots) != self._players.value:
                    raise ValueError(f"Bots: {self._players.value} players need {self._players.value} bots, "
                                     f"got {len(bots)}")
            self._build_seat_bots(bots)
        for name in ("games", "seed", "options", "options_b", "compare", "rotate", "board"):
            if name in values:
                self._controls[name].value = values[name]

    def _read_board(self) -> tuple[str, Any] | None:
        """The Board file box's board and its name for the summary (``None``: the game's own).

        A typed path or bundled board's name (``board_2_3``) is read as ``load_game`` reads
        ``board=`` (:func:`~rometools.core.game.read_file_option`), once per run.
        """
        named = self._board_named()
        if named is None:
            return None
        text = self._board.value.strip()
        if text in self._uploaded:
            _game, name, board = self._uploaded[text]
            return name, board
        _board_loader(self._game.value)  # a game with no board file says so
        name = named[0]
        try:
            return name, call_with_timeout(read_file_option, self._game.value, "board", text, what=name)
        except DataFileError as err:
            raise ValueError(f"Board file {err}") from None

    def _board_named(self) -> tuple[str, None] | None:
        """The Board file box's board by the name the summary gives it, not read: ``(name, None)``
        (``None``: the game's own)."""
        text = (self._board.value or "").strip()
        if not text:
            return None
        return (self._uploaded[text][1] if text in self._uploaded else Path(text).name or text), None

    def _config(self, options_text: str, field: str, board: tuple[str, Any] | None) -> dict[str, Any]:
        """The options of a variant: its box, the Players box and the Board file box (which the
        box's options may not contradict: the command's "disagree; give one")."""
        options = typed = parse_options(options_text, field, self._game.value)
        if self._files == "upload":   # a shipped file's path from here on: said as typed (never a server path)
            options = self._bundled_only(options, field)
        players = self._players.value
        if "players" in options and options["players"] != players:
            raise ValueError(f"Players {players} and {field} players={options['players']} disagree; "
                             f"give one")
        if board is not None:
            if "board" in options:
                raise ValueError(f"Board file {board[0]} and {field} board={typed['board']} "
                                 f"disagree; give one")
            options["board"] = board[1]
        return {"players": players, **options}

    def _bundled_only(self, options: dict[str, Any], field: str) -> dict[str, Any]:
        """In the app (``files="upload"``), a file option typed in Options names a bundled file only,
        read from the data folder (:func:`~rometools.widgets._inputs.bundled_file_options`)."""
        from rometools.core.data import bundled_file

        named = bundled_file_options(self._game.value, options, field, "Upload a board")
        return {**options, **{key: bundled_file(self._game.value, name) for key, name in named.items()}}

    def _variants(self, board: tuple[str, Any] | None, *, typed: bool = False
                  ) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The configs of variant A and, when comparing, B, each checked as the game loads it with the
        players and the board set (a ``ValueError`` naming Options A or B: an option the game does not
        have, a value it refuses, a board or player count the box contradicts, B giving A again).

        ``board`` is the Board file box's ``(name, board)``; a board not read (the check as typed,
        which reads no file) is ``(name, None)``: the options are then checked on the game's own board.
        ``typed``: B giving A again is said only once something is typed in Options B (compare just
        ticked, with B still empty, is no refusal yet; Run refuses it).
        """
        game = self._game.value
        compare = self._compare_box.value
        config_a = self._config(self._options_a.value, "Options A", board)
        config_b = self._config(self._options_b.value, "Options B", board) if compare else None
        # every option checked before a game is played (a typo in B must not wait for A's games)
        configs = {}
        for field, options in (("Options A", config_a), ("Options B", config_b)):
            if options is not None:
                try:
                    configs[field] = rometools.load_game(game, **{k: v for k, v in options.items()
                                                                  if not (k == "board" and v is None)}).config
                except INPUT_ERRORS as err:  # an option the game does not take: say which field
                    raise ValueError(f"{field}: {err.args[0] if err.args else err}") from None
        if compare and configs["Options A"] == configs["Options B"] and not (
                typed and not self._options_b.value.strip()):
            raise ValueError(f"Compare with variant B: Options B give variant A again "
                             f"({self._options_a.value.strip() or 'the defaults'}): nothing to compare; "
                             f"write in Options B the options that differ")
        return config_a, config_b

    def _compute(self) -> dict[str, Any]:
        game = self._game.value
        compare = self._compare_box.value
        board = self._read_board()
        config_a, config_b = self._variants(board)
        whole_number("Seed", self._seed.value, 0, MAX_SEED)  # typed in a browser: no _check
        bots = self.bots
        if self._rotate.value:  # simulate() refuses it too, in these words, but only when it is called
            try:
                check_rotation(bots)
            except ArgumentError as err:
                raise ValueError(f"Rotate seats: {err}") from None
        self._bar.max, self._bar.value = self._games.value * (2 if compare else 1), 0

        def tick(done: int, total: int, base: int = 0) -> None:
            self._bar.value = base + done

        common = {"bots": bots, "seed": self._seed.value, "rotate": self._rotate.value}
        if self._games.value >= PROCESS_FROM and (os.cpu_count() or 1) > 1:
            common["executor"] = "process"
        # while the games play, the button and the bar say so (the last run's results stay below)
        self._bar.description = "variant A" if compare else "playing"
        try:
            with busy(self._run, "Running…"):
                results = simulate(game, self._games.value, config=config_a, progress=tick, **common)
                results_b = comparison = None
                if compare:
                    n = self._games.value
                    self._bar.description = "variant B"
                    results_b = simulate(game, n, config=config_b, progress=lambda d, t: tick(d, t, base=n),
                                         **common)
                    # the two runs already played, paired by game and rotation: nothing is played twice
                    comparison = paired_differences(results, results_b)
        finally:
            self._bar.description = ""
        boards = [_board_name(board, c) for c in (config_a, config_b) if c is not None]
        return {"results": results, "results_b": results_b, "comparison": comparison, "boards": boards}

    def run(self) -> bool:
        """Play the games the controls describe and show the results (``False`` on bad input).

        Right after a Games or Seed box refused what was typed and was put back (:class:`CheckedAsTyped`),
        Run plays the boxes as they read now and says so: "The value typed in Games, 0, was refused (Games
        must be a whole number 1 to 100,000, got 0) and put back: Run plays Games 8, as the box reads now."
        """
        return self._run_attempt()

    def update(self) -> bool:
        """Same as :meth:`run`."""
        return self.run()

    # ------------------------------------------------------------ view
    def _draw(self, view: dict[str, Any]) -> None:
        self._show_seats()
        self.results, self.results_b, self.comparison = view["results"], view["results_b"], view["comparison"]
        r, b = self.results, self.results_b
        self._show_chart("rates_figure", seat_win_rate_figure(r, b))
        self._show_chart("scores_figure", score_histogram_figure(
            r, title="Final scores by seat, variant A" if b is not None else None))
        self._show_chart("margins_figure", margin_histogram_figure(r, b))
        if self.comparison is not None:
            self._show_chart("paired_figure", paired_difference_figure(self.comparison))
            self._paired_box.layout.display = None
        elif self._chart_figure("paired_figure") is not None:
            self._show_chart("paired_figure", empty_figure(
                "Paired differences, variant B \u2212 A: tick \"compare with variant B\" and Run"))
            self._paired_box.layout.display = "none"
        rates = seat_win_rates(r)
        summary = game_summary(r)
        n = int(rates["games"].iloc[0])
        counts = {"games": number, "wins": number, "shared_wins": number}
        shared = int(rates["shared_wins"].sum())
        columns = {"player": "player", "games": "games", "wins": "wins",
                   **({"shared_wins": "shared wins"} if shared else {}),
                   "win_rate": "win rate", "ci_low": "95% low", "ci_high": "95% high"}
        median = float(summary["margin"].median())
        board = _boards_text(view["boards"])
        rotations = int(r["rotation"].nunique())
        played = (f"{counted(n // rotations, 'seed')} \u00d7 {counted(rotations, 'seat rotation')} = "
                  f"{counted(n, 'game')}, the bots moving round the seats" if rotations > 1 else counted(n, "game"))
        options = self._options_a.value.strip()
        named = _options_text(self._game.value, parse_options(options, "Options A", self._game.value))
        variant_a = (f"; variant A: {html.escape(options or 'the defaults')}" if self.comparison is not None
                     else f"; options: {html.escape(named)}" if named else "")
        text = [f"<b>{html.escape(game_spec(self._game.value).title)}</b>, {counted(len(rates), 'player')}, "
                f"{played} (seed {seed_text(self._seed.value)}); bots {html.escape(', '.join(self.bots))}"
                f"{board}{variant_a}"]
        caveat = rotation_caveat_text(r)  # the rotations of a seed share its deal: as the command says it
        if caveat:
            text.append(f"<small>{html.escape(caveat)}</small>")
        text.append(_table(rate_columns(rates), columns, "rt-balance-rates-table", counts))
        if r["bot"].nunique() > 1:  # the bot mix: each bot's rate over the seats it played, as the command prints it
            text.append("Bot win rates, over the seats each played:")
            text.append(_table(rate_columns(bot_win_rates(r)), {
                "bot": "bot", "games": "seats played", "wins": "wins", "win_rate": "win rate", "ci_low": "95% low",
                "ci_high": "95% high"}, "rt-balance-bots-table", counts))
        if shared:  # the rates add up to more than 100%: say why
            text.append(html.escape(shared_wins_text(r)))
        text += [html.escape(seat_advantage_text(r)),
                 f"{game_length_text(r)} Winning margin: "
                 f"mean {summary['margin'].mean():.1f}, median {median:g} point{'' if median == 1 else 's'}.",
                 f"<small>{html.escape(games_needed_text(rates))}</small>"]
        if self.comparison is not None:
            rates_b = seat_win_rates(b)
            text.append("<b>Variant B</b> (" + html.escape(self._options_b.value.strip() or "the defaults") + "):")
            text.append(_table(rate_columns(rates_b), {"player": "player", "games": "games", "wins": "wins",
                                                       "win_rate": "win rate", "ci_low": "95% low",
                                                       "ci_high": "95% high"}, "rt-balance-rates-b-table", counts))
            headline = paired_differences_text(self.comparison)
            if headline:
                text.append(html.escape(headline))
            notes = [note for note in self.comparison["note"] if note]
            if notes:  # figures with no spread: said in words, not as an interval
                text.append("In the paired comparison: " + html.escape("; ".join(notes)) + ".")
        self._summary.value = "<br>".join(text)
        self._ran = (self._settings(), plain_text(text[0]))
        self._show_stale()

    # ------------------------------------------------------------ reading back
    def figure_data(self) -> dict[str, dict]:
        """The charts' data by trace ``meta`` (win rates, histograms, paired differences)."""
        out: dict[str, dict] = {}
        for name in ("rates_figure", "scores_figure", "margins_figure", "paired_figure"):
            fig = self._chart_figure(name)
            if fig is not None:  # no paired chart before the first comparison
                out.update(trace_data(fig))
        return out

    @property
    def summary(self) -> str:
        """The summary as plain text."""
        return plain_text(self._summary.value)
