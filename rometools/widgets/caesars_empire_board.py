"""Caesar's Empire board explorer: step a seeded bot game and inspect connections.

:class:`BoardExplorer` is a :class:`~rometools.widgets._playout.PlayoutExplorer`:
the base plays the game through the registry (board, players, a bot per seat,
seed, a start position, the turn slider); this module adds the Caesar's Empire
view, wired to :mod:`rometools.caesars_empire` (views, scoring) and
:mod:`rometools.charts`. It holds no rules.
Invalid input (an unreadable board or saved-game file, a city that is not
available, a player count the board's side does not take) shows a readable
message in the ``rt-message`` widget, never a traceback, and leaves the last
good view and controls in place. Everything shown uses display names (never
ids) and players ``P1`` to ``Pn``; text from a board file is escaped.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pandas as pd
import plotly.graph_objects as go

from rometools.caesars_empire import (
    Board,
    GameState,
    chain_text,
    cheapest_connections,
    connection_routes,
    final_scores,
    game_log,
    is_over,
    load_components,
    readable,
    score_history,
    score_parts,
    why_no_connection,
)
from rometools.caesars_empire.views import SCORE_CATEGORIES, city_token_text, location_name
from rometools.charts._common import mark_turn, scores_over_turns_figure
from rometools.charts.caesars_empire_board import board_figure
from rometools.core.data import data_dir
from rometools.core.formatting import seat_label, shown, spreadsheet_safe
from rometools.widgets._base import (
    ChartFigure,
    Raw,
    csv_link,
    html_table,
    inline_toggle,
    seat_html,
    trace_data,
    vocabulary_toggle,
    whole_number,
)
from rometools.widgets._playout import PlayoutExplorer

__all__ = ["BoardExplorer", "bundled_board_files"]

_GOLD_OPTIONS = (("as dealt", "dealt"), ("Gold", "gold"), ("not Gold", "plain"))
_GOLD_TOOLTIPS = ("Score the route with the city's Treasure as dealt", "Score it as if it were Gold",
                  "Score it as if it were not Gold")
#: Default width of the explorer's charts (pixels): a live chart cannot measure the page.
#: 940 fits a JupyterLab notebook in a 1400-pixel window with the file browser open; the
#: designer app (a page of its own) passes ``width=1160``.
CHART_WIDTH = 940
#: Turns before the one shown that the game-log table keeps (earlier ones are left out so
#: that its box opens on the turn shown, even under rows of long routes; the CSV has every turn).
LOG_TURNS_BEFORE = 2
#: Widths the ``width`` argument accepts (pixels).
WIDTH_RANGE = (600, 2400)
_LABEL_OPTIONS = (("Treasures", "treasure"), ("City names", "name"), ("Both", "both"))


def bundled_board_files() -> dict[str, Path]:
    """The data folder's Caesar's Empire board files, ``{file name: path}``.

    Examples
    --------
    >>> sorted(bundled_board_files())
    ['board_2_3.toml', 'board_4_5.toml']
    """
    return {p.name: p for p in sorted((data_dir() / "caesars_empire").glob("board_*.toml"))}


@dataclass(frozen=True)
class _View:
    """What :meth:`BoardExplorer.compute` hands to :meth:`BoardExplorer.draw`."""

    state: GameState
    rows: list[dict]
    why: str | None
    figure: go.Figure
    scores: dict  # plotly JSON: the game's score chart with the turn marked (charts._common.mark_turn)


class BoardExplorer(PlayoutExplorer):
    """Step a seeded bot game on a board; inspect a city's cheapest connections.

    Controls (CSS class in brackets): those of
    :class:`~rometools.widgets._playout.PlayoutExplorer` -- the board list
    (``rt-board-file``) and a path typed in ``rt-board-path`` and loaded with
    ``rt-board-load`` (or, in the app, ``rt-board-upload``); a saved game to
    play on from (``rt-start-path``, ``rt-start-load``, ``rt-start-clear``,
    shown in ``rt-start-info``); player count (``rt-players``); the bot for
    every seat (``rt-bot``) and one per seat (``rt-seat-bot``, ``rt-bot-p1``
    ...); seed (``rt-seed``); the turn slider (``rt-turn``, 0 = just after the
    set-up deal, or the position given) -- and: the city to inspect
    (``rt-city``, also chosen by clicking a city on the chart); the Gold
    toggle (``rt-gold``: score as dealt, as Gold, or as not Gold); the
    vocabulary toggle (``rt-vocabulary``); the city labels (``rt-labels``).
    Output: the board chart (``rt-board-chart``; trace ``meta`` as listed in
    :mod:`rometools.charts.caesars_empire_board`), the last move
    (``rt-last-move``), the connections table (``rt-connections``; why none
    when there is none), the live score table (``rt-scores``), the game log
    (``rt-game-log``: one row per turn, the slider's turn highlighted,
    ``rt-current``), the score chart (``rt-score-chart``: each player's score
    after every turn, by category), CSV downloads of the log and the scores
    (``rt-export``) and the message area (``rt-message``, plus ``rt-error``
    or ``rt-notice``).

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
        Seed of the deal and the bots (same seed, same game), 0 to 999,999,999.
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
    files : {"path", "upload"}
        A typed file path (a notebook) or an upload control (the designer app).
    width : int
        Width of the map and the score chart, pixels, 600 to 2,400 (default
        940, a notebook beside JupyterLab's file browser; labels are placed
        for it).

    Raises
    ------
    ValueError
        If ``width`` is not a whole number 600 to 2,400 (before anything is built).

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
    "Cannot update: Players must be 4 or 5 with the board Illustrative Empire (4-5 players, 40 cities): board side '4-5' is for [4, 5] players, got players=3; for 3 players, first choose a board for them (the charts still show the last valid input)"
    >>> ex.set_values(seed=5, turn=999), ex.seed
    (False, 1)
    >>> ex.log().iloc[0][["Player", "Paths built", "City"]].tolist()
    ['P1', 'Rome \u2013 Caralis', 'Caralis']

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

    figure = ChartFigure()
    score_figure = ChartFigure()

    GAME = "caesars_empire"
    DEFAULT_BOT = "greedy"
    FIELD_LABELS = {**PlayoutExplorer.FIELD_LABELS, "city": "City", "gold": "Gold", "vocabulary": "Vocabulary",
                    "labels": "Labels"}

    def __init__(self, board: str | Path | Board | None = None, players: int | None = None,
                 bot: str = "greedy", seed: int = 1, *, bots: list[str] | None = None,
                 start: GameState | str | Path | None = None, vocabulary: str = "treasures",
                 files: str = "path", width: int = CHART_WIDTH):
        self.width = whole_number("width", width, *WIDTH_RANGE)
        self._initial_vocabulary = vocabulary
        super().__init__(board, players, bot, seed, bots=bots, start=start, files=files)
        row = {"flex_flow": "row wrap", "align_items": "center"}
        heading = "<b style='font-size:1.05em'>{}</b> <small>{}</small>".format
        self.children = [
            *self._game_rows(),
            widgets.HBox([self._city, self._gold], layout=row),
            widgets.HBox([self._vocabulary, self._labels], layout=row),
            self._message,
            self._charts["figure"].view,
            self._last_move,
            widgets.HTML(heading("Cheapest connections", "for the player to move: cost in Roads, and the "
                                 "points each player scores on the route after the capture")),
            self._connections,
            *self._strong_play_rows(),
            widgets.HTML(heading("Scores", "as if the game ended at this turn (points)")),
            self._scores,
            widgets.HTML(heading("Game log", "one row per turn; the slider's turn is highlighted, later "
                                 "turns are grey")),
            self._log,
            self._charts["score_figure"].view,
            self._export,
        ]

    # ------------------------------------------------------------ the game (PlayoutExplorer hooks)
    def player_counts(self, board: Board) -> tuple[int, ...]:
        return next(s.players for s in board.components.sides if s.id == board.side)

    def default_board(self, players: int | None) -> Path:
        side = self._components.side_for(players).id if players in self.all_player_counts() else "4-5"
        return self.board_files()[f"board_{side.replace('-', '_')}.toml"]

    # ------------------------------------------------------------ the view
    def build_view(self) -> None:
        self._components = load_components()
        wide = {"description_width": "64px"}
        self._city = self._add_control("city", widgets.Dropdown(
            options=[], description="City", style=wide, layout={"width": "420px"}), "rt-city")
        self._gold = self._add_control("gold", inline_toggle(widgets.ToggleButtons(
            options=_GOLD_OPTIONS, value="dealt", description="Gold", tooltips=list(_GOLD_TOOLTIPS),
            style={"button_width": "84px", "description_width": "64px"})), "rt-gold")
        self._vocabulary = self._add_control("vocabulary", vocabulary_toggle(self._initial_vocabulary))
        self._labels = self._add_control("labels", inline_toggle(widgets.ToggleButtons(
            options=_LABEL_OPTIONS, value="treasure", description="Labels",
            style={"button_width": "104px", "description_width": "64px"})), "rt-labels")
        self._last_move = widgets.HTML()
        self._last_move.add_class("rt-last-move")
        self._connections = widgets.HTML()
        self._connections.add_class("rt-connections")
        self._scores = widgets.HTML()
        self._scores.add_class("rt-scores")
        self._log = widgets.HTML()
        self._log.add_class("rt-game-log")
        self._export = widgets.HTML()
        self._export.add_class("rt-export")
        self._add_chart("figure", "rt-board-chart")
        self._charts["figure"].on_click("ce-board-cities", self._on_click)
        self._add_chart("score_figure", "rt-score-chart")
        self._rows: list[dict] = []
        self._tables_of: tuple[Any, Any, Any] | None = None  # (final state, vocabulary, (log, history))
        self._scores_of: tuple[tuple, dict] | None = None    # ((final state, vocabulary, width), chart JSON)
        for w in (self._city, self._gold, self._vocabulary, self._labels):
            w.observe(self._on_change, names="value")

    def check_view(self, name: str, value: Any) -> Any:
        allowed = {"gold": [v for _, v in _GOLD_OPTIONS], "labels": [v for _, v in _LABEL_OPTIONS],
                   "vocabulary": sorted(self._components.vocabularies)}
        shown_as = {"gold": _GOLD_OPTIONS, "labels": tuple(self._labels.options),  # in the vocabulary shown
                    "vocabulary": (("Treasures", "treasures"), ("Riches", "riches"))}
        if name in allowed and (not isinstance(value, str) or value not in allowed[name]):
            choices = ", ".join(f"{v!r} ({label})" for label, v in shown_as[name])
            raise ValueError(f"{self.field_label(name)} must be one of {choices}, got {shown(value)}")
        if name == "city":
            if not isinstance(value, str):
                raise ValueError(f"City must be a city's name or id such as 'Capua', got {shown(value)}")
            return self._city_id(value)
        return value

    def _city_id(self, value: str) -> str:
        """A city id from an id or a display name of the current board (as given if neither)."""
        board = self.state.config.board if self._states else None
        if board is None or value in board.city_ids:
            return value
        by_name = {c.name.casefold(): c.id for c in board.cities}
        return by_name.get(value.strip().casefold(), value)

    def assign_view(self, values: dict[str, Any]) -> None:
        city = values.pop("city", None)
        if city is not None:
            self._refresh_city_options(self.state)
            if city not in [v for _, v in self._city.options]:
                board = self.state.config.board
                if city in board.city_ids:
                    raise ValueError(f"City {board.city(city).name} is already taken at turn {self._turn.value}")
                raise ValueError(f"City: {board.name} has no city {shown(city)}")
            self._city.value = city
        super().assign_view(values)

    def _display_names(self) -> dict[str, str]:
        if not self._states:
            return {}
        return {c.id: c.name for c in self.state.config.board.cities}

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
            A board that does not suit the current players needs ``players`` too.
        start : GameState, str or Path, optional
            A state or saved-game file to play on from; ``""`` for a new deal.
        turn : int, optional
            0 to :attr:`turns`.
        city : str, optional
            A city available at the turn, by id or name (``"capua"`` or ``"Capua"``).
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
        return trace_data(self._chart_figure("figure"))

    def log(self):
        """The game log of the game shown (every turn), :func:`rometools.caesars_empire.game_log`."""
        return self._tables()[0]

    def scores(self):
        """The score table at the slider's turn, readable labels (what ``rt-scores`` shows)."""
        return readable(final_scores(self.state), vocabulary=self._vocabulary.value)

    def export_csv(self, folder: str | Path = ".") -> tuple[Path, Path]:
        """Write the game log and the final scores as CSV files in ``folder``.

        Returns
        -------
        (Path, Path)
            ``game_log_seed<seed>.csv`` and ``final_scores_seed<seed>.csv``.
        """
        folder = Path(folder)
        log_path = folder / f"game_log_seed{self.seed}.csv"
        scores_path = folder / f"final_scores_seed{self.seed}.csv"
        spreadsheet_safe(self.log()).to_csv(log_path, index=False)  # names from data files stay text
        spreadsheet_safe(readable(final_scores(self._states[-1]), vocabulary=self._vocabulary.value)).to_csv(
            scores_path, index=False)
        return log_path, scores_path

    # ------------------------------------------------------------ compute and draw
    def _tables(self) -> tuple[pd.DataFrame, pd.DataFrame]:
        final, voc = self._states[-1], self._vocabulary.value
        if self._tables_of is None or self._tables_of[0] is not final or self._tables_of[1] != voc:
            self._tables_of = (final, voc, (game_log(final, vocabulary=voc),
                                            score_history(final, vocabulary=voc)))
        return self._tables_of[2]

    def _refresh_city_options(self, state: GameState) -> None:
        b = state.config.board
        options = [(f"{c.name} (City token {c.colour} {c.value})", c.id)
                   for c, o in zip(b.cities, state.city_owner, strict=True) if o < 0]
        keep = self._city.value
        with self.holding():
            self._city.options = options
            ids = [v for _, v in options]
            self._city.value = keep if keep in ids else (ids[0] if ids else None)

    def _word_labels(self, vocabulary: str) -> None:
        """The Labels toggle in the vocabulary chosen: its first button reads "Riches", not
        "Treasures", in the Drogi do Rzymu vocabulary (its value stays ``"treasure"``). Called
        while holding, so a failed update puts the options back with the vocabulary."""
        options = ((self._components.vocabularies[vocabulary]["goods"], "treasure"), *_LABEL_OPTIONS[1:])
        if tuple(self._labels.options) != options:
            value = self._labels.value
            self._labels.options = options  # a ToggleButtons selects its first option on new options
            self._labels.value = value

    def compute(self, state: GameState) -> _View:
        self._refresh_city_options(state)
        self._word_labels(self._vocabulary.value)
        city = self._city.value
        gold = {"dealt": None, "gold": True, "plain": False}[self._gold.value]
        rows, why = [], None
        if city is not None and not is_over(state):
            for con in cheapest_connections(state, city):
                routes = connection_routes(state, con.chain, gold=gold)
                rows.append({"chain": con.chain, "cost": con.cost,
                             "routes": [(r.path, dict(r.points)) for r in routes]})
            why = why_no_connection(state, city)
        b = state.config.board
        voc = self._vocabulary.value
        fig = board_figure(
            b, treasures=dict(zip(b.city_ids, state.treasures, strict=True)),
            captured={c: o for c, o in zip(b.city_ids, state.city_owner, strict=True) if o >= 0},
            roads={b.paths[e].key: s for e, s in enumerate(state.path_owner) if s >= 0},
            players=[seat_label(s) for s in range(state.config.players)],
            highlight=[r["chain"] for r in rows],
            scoring=[path for r in rows for path, _ in r["routes"]],
            selected=city, vocabulary=voc, labels=self._labels.value,
            title=f"{b.name}: turn {self._turn.value} of {self.turns}", width=self.width)
        return _View(state, rows, why, fig, mark_turn(self._score_chart(), self._turn.value))

    def _score_chart(self) -> dict:
        """The score chart of the game shown (plotly JSON), built once per game, vocabulary and width."""
        key = (self._states[-1], self._vocabulary.value, self.width)
        old = self._scores_of[0] if self._scores_of is not None else None
        if old is None or old[0] is not key[0] or old[1:] != key[1:]:
            _, history = self._tables()
            goods = self._components.vocabularies[key[1]]["goods"]
            labels = {"route": "Routes", "cities": "Cities", "treasures": goods, "road_bonus": "Road bonus"}
            fig = scores_over_turns_figure(history, [labels[k] for k in SCORE_CATEGORIES], uid="ce-scores",
                                           width=self.width, held=[labels["road_bonus"]])
            self._scores_of = (key, fig.to_plotly_json())
        return self._scores_of[1]

    def draw(self, view: _View) -> None:
        self._rows = view.rows
        good = self._components.vocabularies[self._vocabulary.value]["good"]
        self._gold.tooltips = [f"Score the route with the city's {good} as dealt", *_GOLD_TOOLTIPS[1:]]
        self._show_chart("figure", view.figure)
        self._show_chart("score_figure", view.scores)
        self._render_tables(view)

    def _on_click(self, index: int) -> None:
        """A click on the ``index``-th city of the map (its ``customdata`` is the city's id)."""
        cities = next(t for t in self.figure.data if t.meta == "ce-board-cities")
        self.select_city(cities.customdata[index])

    def _render_tables(self, view: _View) -> None:
        state = view.state
        b = state.config.board
        comps = self._components
        voc = self._vocabulary.value
        n = self._turn.value
        took_over = (" The bots play on from here." if self.start is not None and n == self.start_turn
                     else "")
        if n == 0 or not any(h[0] != "deal" for h in state.history):
            first = "Set-up dealt" if state.start is None else "The position as given"
            self._last_move.value = f"<i>{first}; no move yet.{took_over}</i>"
        else:
            h = state.history[-1]
            if h[0] == "connect":
                gained = ", ".join(f"{seat_html(s)} +{p}" for s, p in enumerate(h[4]) if p)
                city = h[2][-1]
                treasure = state.treasures[b.city_ids.index(city)]
                gold = " (Gold: route points doubled)" if treasure == comps.gold_id else ""
                self._last_move.value = (
                    f"<b>Turn {n}:</b> {seat_html(h[1])} built {html.escape(chain_text(b, h[2]))} and took "
                    f"{html.escape(location_name(b, city))} (City token {html.escape(city_token_text(b, city))}, "
                    f"{html.escape(comps.name(treasure, voc))}{gold}); scoring route "
                    f"{html.escape(chain_text(b, h[3]))}: {gained or 'no points'}.{html.escape(took_over)}")
            else:
                self._last_move.value = (f"<b>Turn {n}:</b> {seat_html(h[1])} could not connect any city and "
                                         f"passed.{html.escape(took_over)}")
        seats = range(state.config.players)
        conn_rows = [[chain_text(b, r["chain"]), r["cost"],
                      Raw("<br>".join(html.escape(chain_text(b, p)) for p, _ in r["routes"])),
                      Raw("<br>".join(", ".join(f"{seat_html(s)} +{pts[s]}" for s in seats if pts.get(s))
                                      or "no points" for _, pts in r["routes"]))] for r in self._rows]
        if conn_rows:
            self._connections.value = html_table(conn_rows, "rt-connections-table",
                                                 columns=["Roads built", "Roads", "Scoring route(s)", "Points"],
                                                 numeric=["Roads"])
        else:
            city = self._city.value
            if is_over(state):
                msg = "The game is over."
            elif city is None:
                msg = "No city is available."
            else:
                msg = f"No connection to {b.city(city).name} for {seat_label(state.seat)} now: {view.why}."
            self._connections.value = f"<i>{html.escape(msg)}</i>"
        parts = score_parts(state)
        to_move = None if is_over(state) else state.seat
        goods = comps.vocabularies[voc]["goods"]
        score_rows = [[Raw(seat_html(s) + (" <small>(to move)</small>" if s == to_move else "")), p["route"],
                       p["cities"], p["treasures"], p["road_bonus"], state.roads_left[s], Raw(f"<b>{p['total']}</b>")]
                      for s, p in enumerate(parts)]
        numeric = ["Routes", "Cities", goods, "Road bonus", "Roads left", "Total"]
        self._scores.value = html_table(score_rows, "rt-scores-table",
                                        columns=["Player", *numeric], numeric=numeric)
        log, _ = self._tables()
        shown_log = log.drop(columns=[c for c in log.columns if c.endswith(" points")])
        shown_log = shown_log.assign(Player=[seat_html(int(p[1:]) - 1) for p in shown_log["Player"]])
        # the box opens on the turn shown (a widget cannot scroll it there): the turns long
        # before it are left out of the table, and the line above it says so
        first = max(0, n - 1 - LOG_TURNS_BEFORE)
        current = n - 1 - first if n >= 1 else None
        table = html_table(shown_log.iloc[first:], "rt-game-log-table", highlight=current,
                           dim_after=-1 if current is None else current,  # at turn 0 every turn is later
                           numeric=["Turn", "Roads used"]) if len(log) else "<i>No turn played.</i>"
        earlier = (f"<div class='rt-log-earlier'><small>Turns 1 to {first} are left out here: move the "
                   "slider back to read them, or download the game log (every turn).</small></div>"
                   if first else "")
        self._log.value = (f"{earlier}<div style='max-height:420px;overflow-y:auto;border:1px solid #e0e0e0'>"
                           f"{table}</div>")
        final = self._states[-1]
        finals = readable(final_scores(final), vocabulary=voc)
        seed = self.seed
        self._export.value = ("<b>Download</b> (CSV): "
                              + csv_link(log, f"game_log_seed{seed}.csv", "the game log") + " \u00b7 "
                              + csv_link(finals, f"final_scores_seed{seed}.csv", "the final scores")
                              + " <small>(the whole game, whatever the turn shown)</small>")
