"""Caesar's Empire board explorer: step a seeded bot game and inspect connections.

:class:`BoardExplorer` wires controls to :mod:`rometools.caesars_empire` (rules,
bots) and :func:`rometools.charts.caesars_empire_board.board_figure`; it holds
no rules. Invalid input (an unreadable board file, a city that is not
available, a player count the board's side does not take) shows a readable
message in the ``rt-message`` widget, never a traceback, and leaves the last
good view in place.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.caesars_empire import (
    BOTS,
    Board,
    GameConfig,
    cheapest_connections,
    connection_routes,
    is_over,
    load_components,
    play_game,
    score_parts,
    turn_states,
)
from rometools.caesars_empire.board import board_path
from rometools.charts.caesars_empire_board import SEAT_COLOURS, board_figure
from rometools.core.data import data_dir
from rometools.widgets._base import (
    INPUT_ERRORS,
    Explorer,
    sync_figure,
    trace_data,
    vocabulary_toggle,
)

__all__ = ["BoardExplorer", "bundled_board_files"]

_GOLD_OPTIONS = (("as dealt", "dealt"), ("Gold", "gold"), ("not Gold", "plain"))


def bundled_board_files() -> dict[str, Path]:
    """Bundled Caesar's Empire board files, ``{file name: path}``.

    Examples
    --------
    >>> sorted(bundled_board_files())
    ['board_2_3.toml', 'board_4_5.toml']
    """
    return {p.name: p for p in sorted((data_dir() / "caesars_empire").glob("board_*.toml"))}


def _seat_label(seat: int) -> str:
    return f"P{seat + 1}"


def _seat_html(seat: int) -> str:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return f'<span style="color:{colour};font-weight:bold">{_seat_label(seat)}</span>'


def _table(header: list[str], rows: list[list[str]], css: str) -> str:
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<table class='{css}' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


class BoardExplorer(Explorer):
    """Step a seeded bot game on a board; inspect a city's cheapest connections.

    Controls (CSS class in brackets): board file (``rt-board-file``) or a path
    typed in ``rt-board-path`` and loaded with ``rt-board-load``; player count
    (``rt-players``); bot for every seat (``rt-bot``); seed (``rt-seed``); the
    turn slider (``rt-turn``, 0 = just after the set-up deal); the city to
    inspect (``rt-city``, also chosen by clicking a city on the chart); the Gold
    toggle (``rt-gold``: score as dealt, as Gold, or as not Gold); the
    vocabulary toggle (``rt-vocabulary``).
    Output: the board chart (``rt-board-chart``; trace ``meta`` as listed in
    :mod:`rometools.charts.caesars_empire_board`), the last move (``rt-last-move``),
    the connections table (``rt-connections``), the live score table
    (``rt-scores``) and the message area (``rt-message``, plus ``rt-error``).

    Parameters
    ----------
    board : str or Path, optional
        A board file; default the bundled ``board_4_5.toml``.
    players : int
        Seats (must suit the board's side). Default 4.
    bot : str
        ``"greedy"``, ``"cheapest"`` or ``"random"`` for every seat.
    seed : int
        Seed of the deal and the bots (same seed, same game).

    Examples
    --------
    >>> ex = BoardExplorer(seed=1)
    >>> ex.turns
    40
    >>> ex.set_values(turn=0, city="capua")
    True
    >>> ex.connections()[0]["chain"], ex.connections()[0]["cost"]
    (('rome', 'capua'), 1)
    >>> ex.set_values(players=3)
    False
    >>> ex.message
    "Cannot update: board side '4-5' is for [4, 5] players, got players=3 (the chart still shows the last valid input)"
    """

    def __init__(self, board: str | Path | None = None, players: int = 4, bot: str = "greedy",
                 seed: int = 1, *, vocabulary: str = "treasures"):
        super().__init__()
        self._init_message()
        self._components = load_components()
        files = bundled_board_files()
        self._board_file = widgets.Dropdown(options=list(files.items()), description="Board",
                                            value=Path(board) if board in files.values() else
                                            files.get("board_4_5.toml"))
        self._board_file.add_class("rt-board-file")
        self._board_path = widgets.Text(placeholder="or a board file path", continuous_update=False,
                                        layout={"width": "260px"})
        self._board_path.add_class("rt-board-path")
        self._board_load = widgets.Button(description="Load", layout={"width": "70px"})
        self._board_load.add_class("rt-board-load")
        self._players = widgets.Dropdown(options=[2, 3, 4, 5], value=players, description="Players")
        self._players.add_class("rt-players")
        self._bot = widgets.Dropdown(options=sorted(BOTS), value=bot, description="Bots")
        self._bot.add_class("rt-bot")
        self._seed = widgets.IntText(value=seed, description="Seed", layout={"width": "180px"})
        self._seed.add_class("rt-seed")
        self._turn = widgets.IntSlider(value=0, min=0, max=0, description="Turn", continuous_update=False,
                                       layout={"width": "520px"})
        self._turn.add_class("rt-turn")
        self._city = widgets.Dropdown(options=[], description="City")
        self._city.add_class("rt-city")
        self._gold = widgets.ToggleButtons(options=_GOLD_OPTIONS, value="dealt", description="Gold",
                                           style={"button_width": "80px"})
        self._gold.add_class("rt-gold")
        self._vocabulary = vocabulary_toggle(vocabulary)
        self._labels = widgets.ToggleButtons(options=[("Treasures", "treasure"), ("City names", "name"),
                                                      ("Both", "both")], value="treasure",
                                             description="Labels", style={"button_width": "90px"})
        self._labels.add_class("rt-labels")
        self._last_move = widgets.HTML()
        self._last_move.add_class("rt-last-move")
        self._connections = widgets.HTML()
        self._connections.add_class("rt-connections")
        self._scores = widgets.HTML()
        self._scores.add_class("rt-scores")
        self.figure = go.FigureWidget()
        self.figure.add_class("rt-board-chart")

        self._states: list = []
        self._board: Board | None = None
        if board is not None and Path(board) not in files.values():
            self._board_path.value = str(board)
        ok = self._load_game(self._selected_board_path())
        if not ok:  # fall back to the bundled board so the explorer always opens
            self._board_path.value = ""
            self._load_game(self._selected_board_path())
        self.update()

        for w in (self._players, self._bot, self._seed):
            w.observe(self._on_game_change, names="value")
        self._board_file.observe(self._on_board_file, names="value")
        self._board_load.on_click(lambda _b: self._on_game_change())
        self._board_path.observe(self._on_game_change, names="value")
        for w in (self._turn, self._city, self._gold, self._vocabulary, self._labels):
            w.observe(self._on_change, names="value")

        self.children = [
            widgets.HBox([self._board_file, self._board_path, self._board_load]),
            widgets.HBox([self._players, self._bot, self._seed]),
            self._turn,
            widgets.HBox([self._city, self._gold]),
            widgets.HBox([self._vocabulary, self._labels]),
            self._message,
            self.figure,
            self._last_move,
            widgets.HTML("<b>Cheapest connections</b> (cost in Roads; points per seat on the scoring "
                         "path after capture)"),
            self._connections,
            widgets.HTML("<b>Scores</b> (as if the game ended at this turn)"),
            self._scores,
        ]

    # ------------------------------------------------------------ game
    def _selected_board_path(self) -> Path:
        typed = self._board_path.value.strip()
        return Path(typed).expanduser() if typed else Path(self._board_file.value)

    def _controls(self) -> tuple:
        return (self._board_file.value, self._board_path.value, self._players.value, self._bot.value,
                self._seed.value)

    def _restore_controls(self) -> None:
        """Put the game controls back to the last game that loaded."""
        self._hold = True
        try:
            board_file, board_path_text, players, bot, seed = self._good
            self._board_file.value = board_file
            self._board_path.value = board_path_text
            self._players.options = self._good_player_options
            self._players.value = players
            self._bot.value = bot
            self._seed.value = seed
        finally:
            self._hold = False

    def _load_game(self, path: Path) -> bool:
        """Load the board, play the seeded game; keep the old one (and its controls) on any error."""
        try:
            board = (Board.bundled(path.stem.removeprefix("board_").replace("_", "-"))
                     if path.parent == board_path().parent and path.name in bundled_board_files()
                     else Board.from_file(path))
            config = GameConfig(board=board, players=int(self._players.value))
            final = play_game(config, bots=[self._bot.value] * config.players, rng=int(self._seed.value))
            states = turn_states(final)
        except INPUT_ERRORS as err:
            self._show_error(err)
            if self._states:
                self._restore_controls()
            return False
        self._board, self._states = board, states
        side = next(s for s in self._components.sides if s.id == board.side)
        self._hold = True
        try:
            self._turn.max = len(states) - 1
            self._turn.value = min(self._turn.value, self._turn.max)
            self._players.options = list(side.players)
            self._players.value = config.players
        finally:
            self._hold = False
        self._good, self._good_player_options = self._controls(), list(side.players)
        return True

    def _on_board_file(self, _change=None) -> None:
        if self._hold:
            return
        self._hold = True
        try:
            self._board_path.value = ""
            side = Board.from_file(self._board_file.value).side
            players = next(s.players for s in self._components.sides if s.id == side)
            if self._players.value not in players:
                self._players.options = list(players)
                self._players.value = players[0]
        except INPUT_ERRORS as err:
            self._show_error(err)
            self._restore_controls()
            return
        finally:
            self._hold = False
        self._on_game_change()

    def _on_game_change(self, _change=None) -> None:
        if self._hold:
            return
        if self._load_game(self._selected_board_path()):
            self.update()

    # ------------------------------------------------------------ public
    @property
    def state(self):
        """The :class:`~rometools.caesars_empire.GameState` at the slider's turn."""
        return self._states[self._turn.value]

    @property
    def turns(self) -> int:
        """Turns played in the current game (the slider's maximum)."""
        return len(self._states) - 1

    def set_values(self, *, board: str | Path | None = None, players: int | None = None,
                   bot: str | None = None, seed: int | None = None, turn: int | None = None,
                   city: str | None = None, gold: str | None = None, vocabulary: str | None = None) -> bool:
        """Set controls programmatically, as a user would; returns whether the view updated.

        Bad values (a board file that fails to load, an unknown bot, a turn
        outside the game, a city that is not available at that turn) show a
        message and change nothing.
        """
        try:
            if board is not None or players is not None or bot is not None or seed is not None:
                if bot is not None and bot not in BOTS:
                    raise ValueError(f"unknown bot {bot!r}; choose one of {sorted(BOTS)}")
                if players is not None and players not in (2, 3, 4, 5):
                    raise ValueError(f"players must be 2 to 5, got {players!r}")
                self._hold = True
                try:
                    if board is not None:
                        self._board_path.value = str(board)
                    if players is not None:
                        if players not in self._players.options:
                            self._players.options = [2, 3, 4, 5]
                        self._players.value = players
                    if bot is not None:
                        self._bot.value = bot
                    if seed is not None:
                        self._seed.value = seed
                finally:
                    self._hold = False
                if not self._load_game(self._selected_board_path()):
                    return False
            if turn is not None and not 0 <= turn <= self.turns:
                raise ValueError(f"turn must be 0 to {self.turns}, got {turn!r}")
            self._hold = True
            try:
                if turn is not None:
                    self._turn.value = turn
                    self._refresh_city_options()
                if city is not None:
                    if city not in [v for _, v in self._city.options]:
                        raise ValueError(f"city {city!r} is not available at turn {self._turn.value}")
                    self._city.value = city
                if gold is not None:
                    self._gold.value = gold
                if vocabulary is not None:
                    self._vocabulary.value = vocabulary
            finally:
                self._hold = False
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        return self.update()

    def select_city(self, city: str) -> bool:
        """Inspect ``city`` (what a click on the chart does)."""
        return self.set_values(city=city)

    def connections(self) -> list[dict]:
        """The rows of the connections table: ``chain``, ``cost`` (Roads), ``routes``
        (each ``(path, {seat: points})``)."""
        return list(self._rows)

    def figure_data(self) -> dict[str, dict]:
        """Current chart data by trace ``meta`` (``x``, ``y``, ``customdata``...)."""
        return trace_data(self.figure)

    # ------------------------------------------------------------ view
    def _refresh_city_options(self) -> None:
        state = self.state
        b = state.config.board
        options = [(f"{c.name} ({c.colour} {c.value})", c.id) for c, o in zip(b.cities, state.city_owner,
                                                                              strict=True) if o < 0]
        keep = self._city.value
        self._city.options = options
        ids = [v for _, v in options]
        self._city.value = keep if keep in ids else (ids[0] if ids else None)

    def update(self) -> bool:
        """Recompute the view from the controls; returns ``False`` (with a message) on bad input."""
        self._hold = True
        try:
            self._refresh_city_options()
        finally:
            self._hold = False
        state = self.state
        city = self._city.value
        gold = {"dealt": None, "gold": True, "plain": False}[self._gold.value]
        rows = []
        try:
            if city is not None and not is_over(state):
                for con in cheapest_connections(state, city):
                    routes = connection_routes(state, con.chain, gold=gold)
                    rows.append({"chain": con.chain, "cost": con.cost,
                                 "routes": [(r.path, dict(r.points)) for r in routes]})
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        self._rows = rows
        b = state.config.board
        fig = board_figure(
            b, treasures=dict(zip(b.city_ids, state.treasures, strict=True)),
            captured={c: o for c, o in zip(b.city_ids, state.city_owner, strict=True) if o >= 0},
            roads={b.paths[e].key: s for e, s in enumerate(state.path_owner) if s >= 0},
            players=[_seat_label(s) for s in range(state.config.players)],
            highlight=[r["chain"] for r in rows],
            scoring=[path for r in rows for path, _ in r["routes"]],
            selected=city, vocabulary=self._vocabulary.value, labels=self._labels.value,
            title=f"{b.name}: turn {self._turn.value} of {self.turns}")
        sync_figure(self.figure, fig)
        self._wire_clicks()
        self._render_tables(state)
        self._clear_error()
        return True

    def _wire_clicks(self) -> None:
        for trace in self.figure.data:
            if trace.meta == "ce-board-cities":
                trace.on_click(self._on_click)  # replaces any earlier handler

    def _on_click(self, trace, points, _selector) -> None:
        if not points.point_inds:
            return
        city = trace.customdata[points.point_inds[0]]
        if city not in [v for _, v in self._city.options]:
            self._show_error(ValueError(f"city {city!r} is already connected at turn {self._turn.value}"))
            return
        self.select_city(city)

    def _render_tables(self, state) -> None:
        comps = self._components
        voc = self._vocabulary.value
        n = self._turn.value
        if n == 0:
            self._last_move.value = "<i>Set-up dealt; no move yet.</i>"
        else:
            h = state.history[-1]
            if h[0] == "connect":
                gained = ", ".join(f"{_seat_html(s)} +{p}" for s, p in enumerate(h[4]) if p)
                city = state.config.board.city(h[2][-1])
                treasure = state.treasures[state.config.board.city_ids.index(city.id)]
                self._last_move.value = (
                    f"Turn {n}: {_seat_html(h[1])} built {' - '.join(h[2])}, took {html.escape(city.name)} "
                    f"({city.colour} {city.value}, {html.escape(comps.name(treasure, voc))}); "
                    f"scoring path {' - '.join(h[3])}: {gained or 'no points'}")
            else:
                self._last_move.value = f"Turn {n}: {_seat_html(h[1])} could not connect and passed."
        seats = range(state.config.players)
        conn_rows = [[" - ".join(r["chain"]), str(r["cost"]),
                      "<br>".join(" - ".join(p) for p, _ in r["routes"]),
                      "<br>".join(", ".join(f"{_seat_html(s)} {pts.get(s, 0)}" for s in seats if pts.get(s))
                                  for _, pts in r["routes"])] for r in self._rows]
        if not conn_rows:
            msg = ("the game is over" if is_over(state) else
                   "no affordable connection for the seat to move" if self._city.value else "no city available")
            self._connections.value = f"<i>{msg}</i>"
        else:
            self._connections.value = _table(["chain", "Roads", "scoring path(s)", "points"], conn_rows,
                                             "rt-connections-table")
        parts = score_parts(state)
        to_move = "" if is_over(state) else state.seat
        rows = [[_seat_html(s) + (" (to move)" if s == to_move else ""), str(p["route"]), str(p["cities"]),
                 str(p["treasures"]), str(p["road_bonus"]), str(state.roads_left[s]), f"<b>{p['total']}</b>"]
                for s, p in enumerate(parts)]
        goods = comps.vocabularies[voc]["goods"]
        self._scores.value = _table(["seat", "routes", "cities", goods, "Road bonus", "Roads left", "total"],
                                    rows, "rt-scores-table")
