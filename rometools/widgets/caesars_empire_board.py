"""Caesar's Empire board explorer: step a seeded bot game and inspect connections.

:class:`BoardExplorer` is a :class:`~rometools.widgets._base.PlayoutExplorer`:
the base plays the game through the registry (board, players, a bot per seat,
seed, a start position, the turn slider); this module adds the Caesar's Empire
view, wired to :mod:`rometools.caesars_empire` (views, scoring) and
:func:`rometools.charts.caesars_empire_board.board_figure`. It holds no rules.
Invalid input (an unreadable board or saved-game file, a city that is not
available, a player count the board's side does not take) shows a readable
message in the ``rt-message`` widget, never a traceback, and leaves the last
good view and controls in place.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.caesars_empire import (
    Board,
    GameState,
    cheapest_connections,
    connection_routes,
    is_over,
    load_components,
    score_parts,
)
from rometools.caesars_empire.board import board_path
from rometools.charts._common import empty_figure, seat_colour
from rometools.charts.caesars_empire_board import board_figure
from rometools.core.data import data_dir
from rometools.widgets._base import (
    PlayoutExplorer,
    sync_figure,
    trace_data,
    vocabulary_toggle,
)

__all__ = ["BoardExplorer", "bundled_board_files"]

_GOLD_OPTIONS = (("as dealt", "dealt"), ("Gold", "gold"), ("not Gold", "plain"))
_LABEL_OPTIONS = (("Treasures", "treasure"), ("City names", "name"), ("Both", "both"))


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
    return f'<span style="color:{seat_colour(seat)};font-weight:bold">{_seat_label(seat)}</span>'


def _table(header: list[str], rows: list[list[str]], css: str) -> str:
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<table class='{css}' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


@dataclass(frozen=True)
class _View:
    """What :meth:`BoardExplorer.compute` hands to :meth:`BoardExplorer.draw`."""

    state: GameState
    rows: list[dict]
    figure: go.Figure


class BoardExplorer(PlayoutExplorer):
    """Step a seeded bot game on a board; inspect a city's cheapest connections.

    Controls (CSS class in brackets): those of
    :class:`~rometools.widgets._base.PlayoutExplorer` -- board file
    (``rt-board-file``) or a path typed in ``rt-board-path`` and loaded with
    ``rt-board-load``; a saved game to play on from (``rt-start-path``,
    ``rt-start-load``, ``rt-start-clear``, shown in ``rt-start-info``); player
    count (``rt-players``); the bot for every seat (``rt-bot``) and one per seat
    (``rt-seat-bot``, ``rt-bot-p1`` ...); seed (``rt-seed``); the turn slider
    (``rt-turn``, 0 = just after the set-up deal, or the position given) --
    and: the city to inspect (``rt-city``, also chosen by clicking a city on
    the chart); the Gold toggle (``rt-gold``: score as dealt, as Gold, or as
    not Gold); the vocabulary toggle (``rt-vocabulary``); the city labels
    (``rt-labels``).
    Output: the board chart (``rt-board-chart``; trace ``meta`` as listed in
    :mod:`rometools.charts.caesars_empire_board`), the last move (``rt-last-move``),
    the connections table (``rt-connections``), the live score table
    (``rt-scores``) and the message area (``rt-message``, plus ``rt-error``).

    Parameters
    ----------
    board : str, Path or Board, optional
        A board file or a :class:`~rometools.caesars_empire.Board`; default the
        bundled board for ``players`` (``board_4_5.toml`` when not given).
    players : int, optional
        Seats (must suit the board's side). Default: the board's first player
        count (4 on the bundled 4-5 board).
    bot : str
        ``"greedy"``, ``"cheapest"`` or ``"random"`` for every seat.
    seed : int
        Seed of the deal and the bots (same seed, same game).
    bots : list of str, optional
        One bot per seat, P1 first (instead of ``bot``).
    start : GameState, str or Path, optional
        Play on from here instead of dealing a new game: a state
        (:func:`rometools.caesars_empire.position`, or a game in progress) or a
        saved-game file written by :func:`rometools.core.playout.to_json`. It
        fixes the board and players. A file that fails to load is named in the
        message and the explorer opens on a new deal.
    vocabulary : {"treasures", "riches"}
        Edition vocabulary of the labels and tables.

    Examples
    --------
    >>> ex = BoardExplorer(seed=1)
    >>> ex.turns, ex.bots
    (40, ('greedy', 'greedy', 'greedy', 'greedy'))
    >>> ex.set_values(turn=0, city="capua")
    True
    >>> ex.connections()[0]["chain"], ex.connections()[0]["cost"]
    (('rome', 'capua'), 1)
    >>> ex.set_values(players=3)
    False
    >>> ex.message
    "Cannot update: board side '4-5' is for [4, 5] players, got players=3 (the chart still shows the last valid input)"
    >>> ex.set_values(seed=5, turn=999), ex.seed
    (False, 1)

    Play on from a position:

    >>> from rometools.caesars_empire import position
    >>> deal = dict(zip(ex.state.config.board.city_ids, ex.state.treasures))
    >>> s = position(treasures=deal, owners={"capua": "P1"}, roads={("rome", "capua"): "P1"},
    ...              route_score={"P1": 1}, to_move="P2")
    >>> ex.set_values(start=s, bots=["random", "greedy", "greedy", "cheapest"])
    True
    >>> ex.state == s, ex.state.seat
    (True, 1)
    """

    GAME = "caesars_empire"
    DEFAULT_BOT = "greedy"

    def __init__(self, board: str | Path | Board | None = None, players: int | None = None,
                 bot: str = "greedy", seed: int = 1, *, bots: list[str] | None = None,
                 start: GameState | str | Path | None = None, vocabulary: str = "treasures"):
        self._initial_vocabulary = vocabulary
        super().__init__(board, players, bot, seed, bots=bots, start=start)
        self.children = [
            *self._game_rows(),
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

    # ------------------------------------------------------------ the game (PlayoutExplorer hooks)
    def board_files(self) -> dict[str, Path]:
        return bundled_board_files()

    def load_board(self, source: Any) -> Board:
        if isinstance(source, Board):
            return source
        if not isinstance(source, str | Path):
            raise TypeError(f"board must be a board file or a Board, got {type(source).__name__}")
        path = Path(source)
        if path.parent == board_path().parent and path.name in bundled_board_files():
            return Board.bundled(path.stem.removeprefix("board_").replace("_", "-"))
        return Board.from_file(path)

    def board_file_of(self, board: Board) -> Path | None:
        bundled = Board.bundled(board.side)
        if board == bundled and board.components == bundled.components:
            return bundled_board_files().get(f"board_{board.side.replace('-', '_')}.toml")
        return None

    def player_counts(self, board: Board) -> tuple[int, ...]:
        return next(s.players for s in board.components.sides if s.id == board.side)

    def game_options(self, board: Board, players: int) -> dict[str, Any]:
        return {"board": board, "players": players}

    def default_board(self, players: int | None) -> Path:
        side = self._components.side_for(players).id if players in self.all_player_counts() else "4-5"
        return bundled_board_files()[f"board_{side.replace('-', '_')}.toml"]

    # ------------------------------------------------------------ the view
    def build_view(self) -> None:
        self._components = load_components()
        self._city = self._add_control("city", widgets.Dropdown(options=[], description="City"), "rt-city")
        self._gold = self._add_control("gold", widgets.ToggleButtons(
            options=_GOLD_OPTIONS, value="dealt", description="Gold", style={"button_width": "80px"}),
            "rt-gold")
        self._vocabulary = self._add_control("vocabulary", vocabulary_toggle(self._initial_vocabulary))
        self._labels = self._add_control("labels", widgets.ToggleButtons(
            options=_LABEL_OPTIONS, value="treasure", description="Labels",
            style={"button_width": "90px"}), "rt-labels")
        self._last_move = widgets.HTML()
        self._last_move.add_class("rt-last-move")
        self._connections = widgets.HTML()
        self._connections.add_class("rt-connections")
        self._scores = widgets.HTML()
        self._scores.add_class("rt-scores")
        self.figure = go.FigureWidget(empty_figure())
        self.figure.add_class("rt-board-chart")
        self._rows: list[dict] = []
        for w in (self._city, self._gold, self._vocabulary, self._labels):
            w.observe(self._on_change, names="value")

    def check_view(self, name: str, value: Any) -> Any:
        allowed = {"gold": [v for _, v in _GOLD_OPTIONS], "labels": [v for _, v in _LABEL_OPTIONS],
                   "vocabulary": sorted(self._components.vocabularies)}
        if name in allowed and value not in allowed[name]:
            raise ValueError(f"{name} must be one of {allowed[name]}, got {value!r}")
        if name == "city" and not isinstance(value, str):
            raise ValueError(f"city must be a city id such as 'capua', got {value!r}")
        return value

    def assign_view(self, values: dict[str, Any]) -> None:
        city = values.pop("city", None)
        if city is not None:
            self._refresh_city_options(self.state)
            if city not in [v for _, v in self._city.options]:
                raise ValueError(f"city {city!r} is not available at turn {self._turn.value}")
            self._city.value = city
        super().assign_view(values)

    # ------------------------------------------------------------ public
    def set_values(self, *, board: str | Path | Board | None = None, players: int | None = None,
                   bot: str | None = None, bots: list[str] | None = None, seed: int | None = None,
                   start: GameState | str | Path | None = None, turn: int | None = None,
                   city: str | None = None, gold: str | None = None, vocabulary: str | None = None,
                   labels: str | None = None) -> bool:
        """Set controls programmatically, as a user would; returns whether the view updated.

        All or nothing: every value is checked, then all are set and the game
        replayed if a game control changed. Bad values (a board or saved-game
        file that fails to load, an unknown bot, a turn outside the game, a city
        that is not available at that turn) show a message and change nothing:
        every control, the game and the chart stay as they were.

        Parameters
        ----------
        board, players, bot, bots, seed
            As in the constructor; ``bot`` sets every seat, ``bots`` one per seat.
        start : GameState, str or Path, optional
            A state or saved-game file to play on from; ``""`` for a new deal.
        turn : int, optional
            0 to :attr:`turns`.
        city : str, optional
            A city id available at the turn.
        gold : {"dealt", "gold", "plain"}, optional
        vocabulary : {"treasures", "riches"}, optional
        labels : {"treasure", "name", "both"}, optional

        Returns
        -------
        bool
            ``True`` if the view was updated.
        """
        return self._set({"board": board, "players": players, "bot": bot, "bots": bots, "seed": seed,
                          "start": start, "turn": turn, "city": city, "gold": gold,
                          "vocabulary": vocabulary, "labels": labels})

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

    # ------------------------------------------------------------ compute and draw
    def _refresh_city_options(self, state: GameState) -> None:
        b = state.config.board
        options = [(f"{c.name} ({c.colour} {c.value})", c.id) for c, o in zip(b.cities, state.city_owner,
                                                                              strict=True) if o < 0]
        keep = self._city.value
        with self.holding():
            self._city.options = options
            ids = [v for _, v in options]
            self._city.value = keep if keep in ids else (ids[0] if ids else None)

    def compute(self, state: GameState) -> _View:
        self._refresh_city_options(state)
        city = self._city.value
        gold = {"dealt": None, "gold": True, "plain": False}[self._gold.value]
        rows = []
        if city is not None and not is_over(state):
            for con in cheapest_connections(state, city):
                routes = connection_routes(state, con.chain, gold=gold)
                rows.append({"chain": con.chain, "cost": con.cost,
                             "routes": [(r.path, dict(r.points)) for r in routes]})
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
        return _View(state, rows, fig)

    def draw(self, view: _View) -> None:
        self._rows = view.rows
        sync_figure(self.figure, view.figure)
        self._wire_clicks()
        self._render_tables(view.state)

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

    def _render_tables(self, state: GameState) -> None:
        comps = self._components
        voc = self._vocabulary.value
        n = self._turn.value
        took_over = (" The bots play on from here." if self.start is not None and n == self.start_turn
                     else "")
        if n == 0:
            first = "Set-up dealt" if state.start is None else "The position as given"
            self._last_move.value = f"<i>{first}; no move yet.{took_over}</i>"
        else:
            h = state.history[-1]
            if h[0] == "connect":
                gained = ", ".join(f"{_seat_html(s)} +{p}" for s, p in enumerate(h[4]) if p)
                city = state.config.board.city(h[2][-1])
                treasure = state.treasures[state.config.board.city_ids.index(city.id)]
                self._last_move.value = (
                    f"Turn {n}: {_seat_html(h[1])} built {' - '.join(h[2])}, took {html.escape(city.name)} "
                    f"({city.colour} {city.value}, {html.escape(comps.name(treasure, voc))}); "
                    f"scoring path {' - '.join(h[3])}: {gained or 'no points'}.{took_over}")
            else:
                self._last_move.value = f"Turn {n}: {_seat_html(h[1])} could not connect and passed.{took_over}"
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
