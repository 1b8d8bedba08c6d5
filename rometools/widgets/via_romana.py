"""Via Romana's explorer: a seeded bot game on the road board, turn by turn.

:class:`RoadBoardExplorer` is a :class:`~rometools.widgets._playout.PlayoutExplorer`:
the board file, players, a bot per seat, seed, a saved-game start and the turn slider come
from the base; it shows the board (:func:`rometools.charts.via_romana.road_board_figure`),
who won each road and what everyone else received
(:func:`rometools.via_romana.road_results`), the hands and the scores. Rules:
``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.charts.via_romana import road_board_figure
from rometools.via_romana import (
    Board,
    GameState,
    board_path,
    cards,
    load_board,
    road_pieces,
    road_results,
    road_status,
    score_parts,
)
from rometools.widgets._base import ChartFigure, trace_data
from rometools.widgets._html import html_table, seat_html
from rometools.widgets._playout import PlayoutExplorer

__all__ = ["RoadBoardExplorer"]


@dataclass(frozen=True)
class _View:
    state: GameState
    figure: go.Figure
    results: tuple


def _pieces_text(pieces: dict[int, int]) -> str:
    return ", ".join(f"P{seat + 1} {n}" for seat, n in pieces.items()) or "-"


class RoadBoardExplorer(PlayoutExplorer):
    """Step a seeded Via Romana bot game: the road board, road winners, hands and scores.

    Controls (CSS class in brackets): those of
    :class:`~rometools.widgets._playout.PlayoutExplorer` -- the board (``rt-board-file``;
    a path in ``rt-board-path`` loaded with ``rt-board-load``, or ``rt-board-upload`` in
    the app), a saved game to play on from, players (``rt-players``, 2 to 4), the bots
    (``rt-bot``, ``rt-bot-p1``...), the seed (``rt-seed``) and the turn (``rt-turn``).
    Output: the status (``rt-vr-status``), the board chart (``rt-vr-board-chart``; traces
    as :func:`~rometools.charts.via_romana.road_board_figure` names them), the roads
    (``rt-vr-roads``: every road scored up to the turn, who completed it, the pieces, who
    took a tile and the cards each other player received; then the open roads with the
    pieces on them), the hands (``rt-vr-hands``) and the scores (``rt-vr-scores``).

    Parameters
    ----------
    board : str, Path or Board, optional
        A board file (default the bundled illustrative board) or a loaded board.
    players : int, optional
        2 to 4 (default 3; a start gives its own).
    bot : str
        A bot for every seat (``"greedy"``, ``"random"``, ``"mcts"``...).
    seed : int
    bots : list of str, optional
        One bot per seat.
    start : GameState, str or Path, optional
        A state or saved game to play on from.
    files : {"path", "upload"}
        Typed paths (a notebook) or upload controls (the designer app).

    See Also
    --------
    rometools.via_romana.road_results, rometools.charts.via_romana.road_board_figure

    Examples
    --------
    >>> ex = RoadBoardExplorer(players=3, seed=1)
    >>> ex.set_values(turn=ex.turns), ex.state.over
    (True, True)
    >>> [r["road"] for r in ex.road_results()][:3]
    ['r07', 'r02', 'r29']
    >>> ex.set_values(players=5), ex.state.over
    (False, True)
    """

    figure = ChartFigure()

    GAME = "via_romana"
    DEFAULT_BOT = "greedy"

    def __init__(self, board: str | Path | Board | None = None, players: int | None = None, bot: str = "greedy",
                 seed: int = 1, *, bots: list[str] | None = None, start: GameState | str | Path | None = None,
                 files: str = "path"):
        if players is None and start is None:
            players = 3
        self._results: tuple = ()
        super().__init__(board, players, bot, seed, bots=bots, start=start, files=files)
        self.children = [
            *self._game_rows(), self._message, self._status, self._charts["figure"].view,
            widgets.HTML("<b>Roads</b> (scored up to this turn: the most pieces on the road and in both "
                         "end cities takes a city tile, each other player takes a card per piece; "
                         "then the open roads)"), self._roads,
            *self._strong_play_rows(),
            widgets.HTML("<b>Hands</b> (the explorer sees every hand)"), self._hands,
            widgets.HTML("<b>Scores</b> (as if the game ended now)"), self._scores,
        ]

    # ------------------------------------------------------------ the game (PlayoutExplorer hooks)
    def board_files(self) -> dict[str, Path]:
        return {"board.toml (illustrative)": board_path()}

    def load_board(self, source: Any) -> Board:
        if isinstance(source, Board):
            return source
        if not isinstance(source, str | Path):
            raise TypeError(f"Board must be a board file or a Board, got {type(source).__name__}")
        return load_board(Path(source))

    def board_of(self, config: Any) -> Board:
        return config.the_board()

    def board_file_of(self, board: Board) -> Path | None:
        path = board.path
        return board_path() if path is not None and Path(path).resolve() == board_path().resolve() else None

    def player_counts(self, board: Board) -> tuple[int, ...]:
        players = self._spec.config.option("players")
        return tuple(range(int(players.low), int(players.high) + 1))

    def game_options(self, board: Board, players: int) -> dict[str, Any]:
        return {"players": players, "board": board}

    # ------------------------------------------------------------ the view
    def build_view(self) -> None:
        self._status = widgets.HTML()
        self._status.add_class("rt-vr-status")
        self._roads = widgets.HTML()
        self._roads.add_class("rt-vr-roads")
        self._hands = widgets.HTML()
        self._hands.add_class("rt-vr-hands")
        self._scores = widgets.HTML()
        self._scores.add_class("rt-vr-scores")
        self._add_chart("figure", "rt-vr-board-chart")

    def set_values(self, *, board: str | Path | Board | None = None, players: int | None = None,
                   bot: str | None = None, bots: list[str] | None = None, seed: int | None = None,
                   start: GameState | str | Path | None = None, turn: int | None = None) -> bool:
        """Set controls as a user would; all or nothing. Returns whether the view updated.

        Parameters
        ----------
        board, players, bot, bots, seed, start
            As in the constructor (``start=""`` for a new deal).
        turn : int, optional
            0 to :attr:`turns`.
        """
        return self._set({"board": board, "players": players, "bot": bot, "bots": bots, "seed": seed,
                          "start": start, "turn": turn})

    def road_results(self) -> list[dict]:
        """The roads scored up to the turn shown (:func:`rometools.via_romana.road_results`)."""
        return [dict(r) for r in self._results]

    def figure_data(self) -> dict[str, dict]:
        """The chart's traces by ``meta``."""
        return trace_data(self._chart_figure("figure"))

    def compute(self, state: GameState) -> _View:
        results = tuple(road_results(state))
        board = state.config.the_board()
        title = (f"Turn {self._turn.value} of {self.turns}: {len(results)} of {len(board.roads)} roads "
                 f"scored, {state.signs} road signs left")
        return _View(state, road_board_figure(state, title=title, results=list(results)), results)

    def draw(self, view: _View) -> None:
        state, results = view.state, view.results
        self._results = results
        self._show_chart("figure", view.figure)
        n = state.config.players
        if state.over:
            phase = "game over"
        elif 0 <= state.seat < n:
            phase = f"{seat_html(state.seat)} to play (turn {state.turn}, {state.played} cards played)"
        else:
            phase = "the deal"
        self._status.value = (f"{phase}; deck {sum(state.deck)} cards, discard {sum(state.discard)}, "
                              f"display {sum(state.display)}; road signs left {state.signs}"
                              + (f"; the legionary standard: {seat_html(state.standard)}"
                                 if state.standard is not None else "") + ".")
        rows = [[r["road"], r["turn"], seat_html(r["completer"]), _pieces_text(r["pieces"]),
                 seat_html(r["winner"]) if r["winner"] is not None else "nobody (a tie)",
                 ", ".join(f"P{s + 1} {k}" for s, k in r["cards"].items()) or "-"] for r in results]
        board = state.config.the_board()
        names = {c.id: c.name for c in board.cities}
        for road in board.roads:
            status = road_status(state, road.id)
            if status in ("open", "complete"):
                rows.append([road.id, "", f"{names[road.a]} - {names[road.b]}", _pieces_text(road_pieces(state, road.id)),
                             status, ""])
        self._roads.value = html_table(rows, "rt-vr-roads-table", columns=[
            "road", "scored on turn", "completed by / ends", "pieces", "tile to", "cards to the others"])
        kinds = cards(state.config)
        self._hands.value = html_table(
            [[seat_html(s), sum(hand), ", ".join(f"{k.replace(':', ' ')} x{c}" if c > 1 else k.replace(":", " ")
                                                for k, c in zip(kinds, hand, strict=True) if c) or "-",
              state.forts[s], state.milestones[s]] for s, hand in enumerate(state.hands)],
            "rt-vr-hands-table", columns=["seat", "cards", "hand", "forts left", "milestones left"],
            numeric=["cards", "forts left", "milestones left"])
        parts = score_parts(state)
        self._scores.value = html_table(
            [[seat_html(s), p["tiles"], p["forts"], p["standard"], p["goal"], p["total"]] for s, p in enumerate(parts)],
            "rt-vr-scores-table", columns=["seat", "city tiles", "forts", "standard", "goal tile", "total"],
            numeric=["city tiles", "forts", "standard", "goal tile", "total"])
