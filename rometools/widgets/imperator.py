"""Ave Roma IMPERATOR explorers: place a worker and watch the chain; reward-tile odds by round.

* :class:`RegionBoardExplorer` -- a :class:`~rometools.widgets._playout.PlayoutExplorer`:
  the base plays a seeded bot game of the ``"imperator"`` sub-game (board, players,
  a bot per seat, seed, start, turn slider); this module adds a what-if placement on
  the board of the turn shown: who is forced out where, step by step, the Action-track
  moves, or why the placement is illegal, in words.
* :class:`TileOddsExplorer` -- an :class:`~rometools.widgets._base.Explorer`: exact
  probability that each tile kind is revealed (or on the board), round by round, for
  2 to 5 players under the rules options, with a seeded simulation overlaid.

Both call :mod:`rometools.imperator` for every rule and number and
:mod:`rometools.charts.imperator` for the figures; they hold no rules. Bad input is a
message in ``rt-message``, never a traceback; the last good view stays.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.charts._common import seat_colour
from rometools.charts.imperator import region_board_figure, tile_odds_figure
from rometools.core.errors import check_choice
from rometools.core.formatting import probability, shown
from rometools.imperator import (
    KIND_NAMES,
    LEFTOVER_OPTIONS,
    REVEAL_OPTIONS,
    TILE_KINDS,
    WORKER_VALUES,
    GameState,
    RegionBoard,
    RevealModel,
    Worker,
    current_player,
    load_board,
    load_components,
    markers,
    occupants,
    placement_outcomes,
    placement_problem,
    reveal_curves,
    round_log,
    score_parts,
    simulate_reveals_by_kind,
)
from rometools.imperator.components import tile_file_with_counts
from rometools.imperator.views import outcome_frames, tile_labels
from rometools.widgets._base import (
    MAX_SEED,
    ChartFigure,
    Explorer,
    WholeNumberText,
    plain_text,
    trace_data,
    whole_number,
)
from rometools.widgets._counts import CountsEditor, CountsField
from rometools.widgets._playout import PlayoutExplorer

__all__ = ["RegionBoardExplorer", "TileOddsExplorer"]


def _seat_html(seat: int) -> str:
    return f'<span style="color:{seat_colour(seat)};font-weight:bold">P{seat + 1}</span>'


def _table(header: list[str], rows: list[list[str]], css: str) -> str:
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table class='{css}' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


@dataclass(frozen=True)
class _View:
    """What :meth:`RegionBoardExplorer.compute` hands to :meth:`RegionBoardExplorer.draw`."""

    state: GameState
    figure: go.Figure
    problem: str | None
    steps: list[str]
    step: int
    track_rows: list[list[str]]
    last_move: str
    scores: str


class RegionBoardExplorer(PlayoutExplorer):
    """Place a worker on the Imperator board of a seeded game and watch the chain reaction.

    Controls (CSS class in brackets): those of
    :class:`~rometools.widgets._playout.PlayoutExplorer` -- board file (``rt-board-file``,
    or a path in ``rt-board-path`` loaded with ``rt-board-load``), a saved game to play
    on from (``rt-start-path``...), players (``rt-players``), bots (``rt-bot``,
    ``rt-seat-bot``), seed (``rt-seed``), the turn slider (``rt-turn``) -- and the
    placement: the player (``rt-place-seat``), the worker value (``rt-place-value``),
    the region (``rt-place-region``; also chosen by clicking a region), whether the
    worker has its seat's own influence (``rt-place-own``) or the influence zone
    (``rt-place-zone``) and political influence (``rt-place-political``) typed; the
    outcome when the forced-out owners have choices (``rt-outcome``); the chain step
    shown (``rt-step``, 0 = before the placement).
    Output: the board chart (``rt-region-chart``, trace ``meta`` as in
    :mod:`rometools.charts.imperator`), the chain in words or why the placement is
    illegal (``rt-chain``), the Action-track changes (``rt-track``), what happened at
    the turn (``rt-last-move``), the scores (``rt-scores``) and the message area.

    Parameters
    ----------
    board : str, Path or RegionBoard, optional
        Default: the bundled illustrative board.
    players : int, optional
        2 to 5. Default 4.
    bot, seed, bots, start
        As for every :class:`~rometools.widgets._playout.PlayoutExplorer`.
    seat, value, region
        The placement to show: seat (0 = P1), worker value 1 to 5, region id.

    Examples
    --------
    Turn 3 of a greedy game: P4 to move, P2's 5 holds Apulia (a marker-5 tile).

    >>> ex = RegionBoardExplorer(seed=2)
    >>> ex.set_values(turn=3, region="apulia", value=5)
    True
    >>> ex.problem
    "P2's 5 holds Apulia: equal value (5), influence zone (0) and political influence (0); placing is forbidden when all three are equal"
    >>> ex.set_values(influence_zone=1)          # one more unused influence zone wins the tie
    True
    >>> for line in ex.chain(): print(line)
    P4 places a 5 in Apulia, forcing out P2
    P2's 5 is forced out of Apulia and moves to Campania, forcing out P3
    P3's 5 is forced out of Campania, has no legal region and goes back to its owner
    >>> ex.set_values(step=1), [c[:2] for c in ex.figure_data()["im-cubes"]["customdata"]]
    (True, [[0, 0], [1, 1], [2, 0], [3, 0]])
    >>> ex.set_values(region="rome")
    False
    >>> ex.message
    "Cannot update: Region: unknown region 'rome'; with 4 players the regions are Latium, Etruria, Umbria, Campania, Apulia, Lucania (the chart still shows the last valid input)"
    """

    figure = ChartFigure()

    GAME = "imperator"
    DEFAULT_BOT = "greedy"
    DEFAULT_PLAYERS = 4
    FIELD_LABELS = {**PlayoutExplorer.FIELD_LABELS, "seat": "Player", "value": "Value", "region": "Region",
                    "own_influence": "Own influence", "influence_zone": "Influence zone",
                    "political_influence": "Political influence", "outcome": "Outcome", "step": "Chain step"}

    def __init__(self, board: str | Path | RegionBoard | None = None, players: int | None = None,
                 bot: str = "greedy", seed: int = 1, *, bots: list[str] | None = None,
                 start: GameState | str | Path | None = None, seat: int = 0, value: int = 3,
                 region: str | None = None, files: str = "path"):
        self._initial = {"seat": seat, "value": value, "region": region}
        super().__init__(board, players, bot, seed, bots=bots, start=start, files=files)
        if (seat, value, region) != (0, 3, None):
            self.set_values(seat=seat, value=value, region=region)
        self.children = [
            *self._game_rows(),
            widgets.HTML("<b>Place a worker</b> on the board of the turn shown"),
            widgets.HBox([self._seat, self._value, self._region]),
            widgets.HBox([self._own, self._zone, self._political]),
            widgets.HBox([self._outcome, self._step]),
            self._message,
            self._charts["figure"].view,
            self._chain,
            widgets.HTML("<b>Action track</b> (one space for every time a worker is forced out)"),
            self._track,
            self._last_move,
            *self._strong_play_rows(),
            widgets.HTML("<b>Scores</b> (instant tiles + Action track, as if the game ended here)"),
            self._scores,
        ]

    # ------------------------------------------------------------ the game (PlayoutExplorer hooks)
    def player_counts(self, board: RegionBoard) -> tuple[int, ...]:
        tiles = len(load_components().tiles)
        return tuple(n for n in board.player_counts if n >= 2 and len(board.layout(n).regions) <= tiles)

    # ------------------------------------------------------------ the view
    def build_view(self) -> None:
        init = self._initial
        self._seat = self._add_control("seat", widgets.Dropdown(
            options=[("P1", 0)], value=0, description="Player", layout={"width": "160px"}), "rt-place-seat")
        self._value = self._add_control("value", widgets.ToggleButtons(
            options=list(WORKER_VALUES), value=3, description="Value", style={"button_width": "36px"}),
            "rt-place-value")
        self._region = self._add_control("region", widgets.Dropdown(
            options=[], description="Region", layout={"width": "240px"}), "rt-place-region")
        self._own = self._add_control("own_influence", widgets.Checkbox(
            value=True, indent=False, description="the seat's own influence"), "rt-place-own")
        self._zone = self._add_control("influence_zone", WholeNumberText(
            value=0, low=0, high=99, description="Influence zone", style={"description_width": "100px"},
            layout={"width": "170px"}), "rt-place-zone")
        self._political = self._add_control("political_influence", WholeNumberText(
            value=0, low=0, high=99, description="Political infl.", style={"description_width": "100px"},
            layout={"width": "170px"}), "rt-place-political")
        self._outcome = self._add_control("outcome", widgets.Dropdown(
            options=[("the only outcome", 0)], value=0, description="Outcome", layout={"width": "420px"}),
            "rt-outcome")
        self._step = self._add_control("step", widgets.IntSlider(
            value=0, min=0, max=0, description="Chain step", continuous_update=False), "rt-step")
        self._chain = widgets.HTML()
        self._chain.add_class("rt-chain")
        self._track = widgets.HTML()
        self._track.add_class("rt-track")
        self._last_move = widgets.HTML()
        self._last_move.add_class("rt-last-move")
        self._scores = widgets.HTML()
        self._scores.add_class("rt-scores")
        self._add_chart("figure", "rt-region-chart")
        self._charts["figure"].on_click("im-regions", self._on_click)
        self._chain_key: tuple | None = None
        self._turn_seen: int | None = None
        self._seat_given = False
        self._strict: dict[str, int] = {}
        self._steps: list[str] = []
        self._problem: str | None = None
        for w in (self._seat, self._value, self._region, self._own, self._zone, self._political,
                  self._outcome, self._step):
            w.observe(self._on_change, names="value")
        self._value.value = init["value"] if init["value"] in WORKER_VALUES else 3

    def check_view(self, name: str, value: Any) -> Any:
        if name == "seat":
            whole_number("Player (seat)", value, 0, 4)
        elif name == "value" and (isinstance(value, bool) or value not in WORKER_VALUES):
            raise ValueError(f"Value: a worker's value is 1 to 5, got {shown(value)}")
        elif name == "region":
            if not isinstance(value, str):
                raise ValueError(f"Region must be a region's name or id such as 'Latium', got {shown(value)}")
            value = self._region_id(value)
        elif name in ("influence_zone", "political_influence"):
            whole_number(self.field_label(name), value, 0, 99)
        elif name == "own_influence" and not isinstance(value, bool):
            raise ValueError(f"Own influence must be True or False, got {shown(value)}")
        elif name in ("outcome", "step"):
            whole_number(self.field_label(name), value, 1 if name == "outcome" else 0, 999)
        return value

    def _region_id(self, value: str) -> str:
        """A region id from an id or a display name of the board in play (as given if neither)."""
        if not self._states:
            return value
        board = self.game.config.board
        by_name = {r.name.casefold(): r.id for r in board.regions}
        return by_name.get(value.strip().casefold(), value)

    def _display_names(self) -> dict[str, str]:
        if not self._states:
            return {}
        return {r.id: r.name for r in self.game.config.board.regions}

    def _named(self, text: str, bare: bool = False) -> str:
        """``text`` with region ids written as the regions' names: quoted ids (``'apulia'``)
        anywhere; with ``bare``, also bare ids after "in", "from", "to", "into" or "of" (the
        rules' log lines name regions that way)."""
        names = self._display_names()
        if not names:
            return text
        ids = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
        text = re.sub(rf"'({ids})'", lambda m: names[m.group(1)], text)
        if not bare:
            return text
        return re.sub(rf"\b(in|from|to|into|of) ({ids})\b", lambda m: f"{m.group(1)} {names[m.group(2)]}", text)

    def values(self) -> dict[str, Any]:
        """The current value of every field; ``outcome`` counts from 1, as ``set_values`` takes it."""
        out = super().values()
        if "outcome" in out:
            out["outcome"] = self._outcome.value + 1
        return out

    def assign_view(self, values: dict[str, Any]) -> None:
        self._refresh_options(self.state)
        if "seat" in values and values["seat"] >= self.game.players:
            raise ValueError(f"Player (seat) must be 0 to {self.game.players - 1} (P1 to P{self.game.players}), "
                             f"got {values['seat']}")
        if "region" in values and values["region"] not in self.game.config.layout.regions:
            names = self._display_names()
            raise ValueError(f"Region: unknown region {shown(values['region'])}; with {self.game.players} players "
                             f"the regions are {', '.join(names[r] for r in self.game.config.layout.regions)}")
        if ("influence_zone" in values or "political_influence" in values) and "own_influence" not in values:
            values["own_influence"] = False
        self._strict = {k: values.pop(k) for k in ("outcome", "step") if k in values}
        self._seat_given = "seat" in values
        super().assign_view(values)

    # ------------------------------------------------------------ public
    def set_values(self, *, board: str | Path | RegionBoard | None = None, players: int | None = None,
                   bot: str | None = None, bots: list[str] | None = None, seed: int | None = None,
                   start: GameState | str | Path | None = None, turn: int | None = None,
                   seat: int | None = None, value: int | None = None, region: str | None = None,
                   own_influence: bool | None = None, influence_zone: int | None = None,
                   political_influence: int | None = None, outcome: int | None = None,
                   step: int | None = None) -> bool:
        """Set controls as a user would; all or nothing; returns whether the view updated.

        Parameters
        ----------
        board, players, bot, bots, seed, start, turn
            The game (see :class:`~rometools.widgets._playout.PlayoutExplorer`).
        seat : int, optional
            The placing player, 0 (P1) to players - 1.
        value : int, optional
            Worker value 1 to 5.
        region : str, optional
            A region id in play.
        own_influence : bool, optional
            Use the seat's influence zone and political influence at that turn.
        influence_zone, political_influence : int, optional
            The placed worker's figures (giving one turns ``own_influence`` off).
        outcome : int, optional
            Which outcome to show, 1 to the number of outcomes.
        step : int, optional
            The chain step shown, 0 (before the placement) to the number of steps.

        Returns
        -------
        bool
            ``False`` (with a message, nothing changed) for a bad value: an unknown
            region, a seat beyond the players, an outcome or step out of range...
            An illegal placement is not bad input: it is explained in ``rt-chain``.
        """
        return self._set({"board": board, "players": players, "bot": bot, "bots": bots, "seed": seed,
                          "start": start, "turn": turn, "seat": seat, "value": value, "region": region,
                          "own_influence": own_influence, "influence_zone": influence_zone,
                          "political_influence": political_influence, "outcome": outcome, "step": step})

    def select_region(self, region: str) -> bool:
        """Place in ``region`` (what a click on the chart does)."""
        return self.set_values(region=region)

    def chain(self) -> list[str]:
        """The steps of the chain shown, in words (empty for an illegal placement)."""
        return list(self._steps)

    @property
    def problem(self) -> str | None:
        """Why the placement shown is illegal, or ``None``."""
        return self._problem

    def figure_data(self) -> dict[str, dict]:
        """Current chart data by trace ``meta``."""
        return trace_data(self._chart_figure("figure"))

    # ------------------------------------------------------------ compute and draw
    def _refresh_options(self, state: GameState) -> None:
        cfg = state.config
        names = {r.id: r.name for r in cfg.board.regions}
        with self.holding():
            seats = [(f"P{s + 1}", s) for s in range(cfg.players)]
            if list(self._seat.options) != seats:
                keep = self._seat.value
                self._seat.options = seats
                self._seat.value = keep if keep is not None and keep < cfg.players else 0
            regions = [(names[r], r) for r in cfg.layout.regions]
            if list(self._region.options) != regions:
                keep = self._region.value if self._region.value is not None else self._initial["region"]
                self._region.options = regions
                self._region.value = keep if keep in cfg.layout.regions else regions[0][1]

    def compute(self, state: GameState) -> _View:
        self._refresh_options(state)
        cfg = state.config
        if self._turn.value != self._turn_seen and not self._seat_given and current_player(state) >= 0:
            with self.holding():
                self._seat.value = current_player(state)      # a new turn: the seat to move places
        self._turn_seen, self._seat_given = self._turn.value, False
        seat, value, region = self._seat.value, self._value.value, self._region.value
        if self._own.value:
            zone, political = state.zones[seat], state.political[seat]
        else:
            zone, political = self._zone.value, self._political.value
        placed = Worker(seat, value, zone, political)          # ArgumentError (a ValueError) for bad figures
        occ, mk = occupants(state), markers(state)
        problem = placement_problem(cfg.layout, mk, occ, placed, region)
        outcomes = [] if problem else placement_outcomes(cfg.layout, mk, occ, placed, region)
        strict, self._strict = self._strict, {}
        if "outcome" in strict and strict["outcome"] > max(len(outcomes), 1):
            raise ValueError(f"Outcome must be 1 to {len(outcomes)} for this placement, got {strict['outcome']}"
                             if outcomes else "Outcome: this placement is illegal: it has no outcome to choose")
        key = (self._turn.value, seat, value, region, zone, political)
        with self.holding():
            self._zone.disabled = self._political.disabled = self._own.value
            if self._own.value:
                self._zone.value, self._political.value = zone, political
            names = self._display_names()
            options = [(f"{i + 1}: " + "; ".join(f"{'P' + str(p + 1)} to {names.get(r, r)}" for r, p in o.board.items()
                                                 if r not in occ or occ[r].player != p)
                        + (f"; P{o.removed.player + 1} sent back" if o.removed else ""), i)
                       for i, o in enumerate(outcomes)] or [("no outcome (illegal placement)", 0)]
            if list(self._outcome.options) != options:
                self._outcome.options = options
            if "outcome" in strict:
                self._outcome.value = strict["outcome"] - 1
            elif self._chain_key is None or key != self._chain_key[:-1]:
                self._outcome.value = 0
            self._outcome.disabled = len(outcomes) < 2
            chosen = outcomes[self._outcome.value] if outcomes else None
            frames = outcome_frames(occ, placed, chosen) if chosen else []
            last = max(len(frames) - 1, 0)
            if "step" in strict and strict["step"] > last:
                raise ValueError(f"Chain step must be 0 to {last} for this chain, got {strict['step']}")
            self._step.max = last
            chain_key = (*key, self._outcome.value)
            if "step" in strict:
                self._step.value = strict["step"]
            elif chain_key != self._chain_key:
                self._step.value = last                        # a new chain: show its end
            self._chain_key = chain_key
        step = self._step.value
        frame = frames[step] if frames else None
        shown = frame.occupants if frame else occ
        gained = frame.gained if frame else {}
        track = [min(t + gained.get(s, 0), cfg.board.track_end) for s, t in enumerate(state.track)]
        fig = region_board_figure(
            cfg.board, cfg.layout, tiles=tile_labels(state),
            occupants={r: (w.player, w.value) for r, w in shown.items()},
            move=frame.move if frame else None,
            removed=(frame.removed.player, frame.removed.value) if frame and frame.removed else None,
            track=track, gained=[gained.get(s, 0) for s in range(cfg.players)], selected=region,
            title=f"{cfg.board.name}: turn {self._turn.value} of {self.turns}, round "
                  f"{min(state.round, cfg.rounds)}")
        track_rows = [[_seat_html(s), str(state.track[s]), f"+{gained.get(s, 0)}" if gained.get(s) else "",
                       f"{cfg.board.track_points(state.track[s])} &rarr; {cfg.board.track_points(track[s])}"]
                      for s in range(cfg.players)]
        return _View(state, fig, self._named(problem) if problem else problem,
                     [self._named(f.text) for f in frames[1:]], step, track_rows,
                     self._describe_turn(state), self._score_table(state))

    def _describe_turn(self, state: GameState) -> str:
        n = self._turn.value
        if n == 0:
            return "<i>The tiles are revealed; no placement yet.</i>"
        lines = round_log(state)[len(self.states[n - 1].history):]  # one line per record since the last turn
        return "<b>Since the last turn:</b> " + html.escape(self._named("; ".join(lines), bare=True))

    def _score_table(self, state: GameState) -> str:
        rows = [[_seat_html(s), str(p["instant"]), str(p["track"]), f"<b>{p['total']}</b>"]
                for s, p in enumerate(score_parts(state))]
        return _table(["seat", "instant tiles", "Action track", "total"], rows, "rt-scores-table")

    def draw(self, view: _View) -> None:
        self._problem, self._steps = view.problem, view.steps
        self._show_chart("figure", view.figure)
        if view.problem:
            self._chain.value = (f"<div style='color:#8a4b00'><b>Illegal placement:</b> "
                                 f"{html.escape(view.problem)}</div>")
        else:
            bold = " style='font-weight:bold'"
            items = "".join(f"<li{bold if i + 1 == view.step else ''}>{html.escape(t)}</li>"
                            for i, t in enumerate(view.steps))
            self._chain.value = f"<b>Chain</b> (step {view.step} of {len(view.steps)} shown)<ol>{items}</ol>"
        self._track.value = _table(["seat", "space", "this chain", "track points"], view.track_rows,
                                   "rt-track-table")
        self._last_move.value = view.last_move
        self._scores.value = view.scores

    def _on_click(self, index: int) -> None:
        """A click on the ``index``-th region of the board (its ``customdata`` is the region)."""
        regions = next(t for t in self.figure.data if t.meta == "im-regions")
        self.select_region(regions.customdata[index])


# ===================================================================== tile odds
_WHAT = (("revealed that round", "revealed"), ("on the board that round", "on_board"))


class TileOddsExplorer(CountsField, Explorer):
    """How likely is each reward-tile kind to appear, round after round?

    Exact odds from the reveal chain (:func:`rometools.imperator.reveal_curves`; the
    won tiles are a uniform choice among those on the board, one per player) with a
    seeded simulation (:func:`rometools.imperator.simulate_reveals_by_kind`: every kind in the same
    trials) overlaid.

    Controls (CSS class in brackets): players (``rt-players``, 2 to 5, the bundled
    board's regions), rounds (``rt-rounds``), what is counted (``rt-odds-what``:
    revealed that round, or on the board), the kinds shown (``rt-odds-kinds``), the
    readings ``leftover`` (``rt-leftover``) and ``reveal`` (``rt-reveal``), rounds a
    held tile is kept (``rt-hold``; 0 = to the end), simulated games (``rt-trials``;
    0 hides them), seed (``rt-seed``).
    Output: the chart (``rt-odds-chart``; trace ``meta`` ``im-odds-<kind>`` and
    ``im-odds-sim-<kind>``), a table of the exact fractions (``rt-odds-table``) and the
    message area. The tile mix is edited in a :class:`~rometools.widgets._counts.CountsEditor`,
    kept by a typed path and Save (``files="path"``, a notebook) or a download
    (``files="upload"``, the designer app: no path on the server is typed).

    Examples
    --------
    >>> ex = TileOddsExplorer(players=2, rounds=2, trials=0)
    >>> ex.figure_data()["im-odds-any_worker_value"]["customdata"]
    ['7/19', '37/190']
    >>> ex.set_values(players=6)
    False
    """

    figure = ChartFigure()

    def __init__(self, players: int = 4, rounds: int = 6, *, what: str = "revealed",
                 kinds: tuple[str, ...] = TILE_KINDS, leftover: str = "stay", reveal: str = "next_round",
                 hold_rounds: int = 1, trials: int = 1000, seed: int = 0, counts: dict[str, int] | None = None,
                 files: str = "path"):
        self._init_message()
        self._board = load_board()
        self._published = load_components()
        seats = [n for n in self._board.player_counts if n >= 2]
        self.players_input = self._add_control("players", widgets.Dropdown(
            options=seats, value=players if players in seats else seats[0], description="Players",
            layout={"width": "160px"}), "rt-players")
        self.rounds_input = self._add_control("rounds", WholeNumberText(
            value=rounds, low=1, high=12, description="Rounds", layout={"width": "160px"}), "rt-rounds")
        self.what_input = self._add_control("what", widgets.ToggleButtons(
            options=list(_WHAT), value=what, description="Count", style={"button_width": "200px"}),
            "rt-odds-what")
        self.kinds_input = self._add_control("kinds", widgets.SelectMultiple(
            options=[(KIND_NAMES[k], k) for k in TILE_KINDS], value=tuple(kinds), description="Kinds",
            rows=5, layout={"width": "360px"}), "rt-odds-kinds")
        self.leftover_input = self._add_control("leftover", widgets.Dropdown(
            options=[("unwon tiles stay", "stay"), ("unwon tiles discarded", "discard")], value=leftover,
            description="Leftover"), "rt-leftover")
        self.reveal_input = self._add_control("reveal", widgets.Dropdown(
            options=[("after the round's discards", "next_round"), ("at once, before them", "at_once")],
            value=reveal, description="Refill"), "rt-reveal")
        self.hold_input = self._add_control("hold_rounds", WholeNumberText(
            value=hold_rounds, low=0, high=10, description="Hold rounds"), "rt-hold")
        self.trials_input = self._add_control("trials", WholeNumberText(
            value=trials, low=0, high=20_000, description="Simulated games", layout={"width": "230px"},
            style={"description_width": "115px"}),
            "rt-trials")
        self.seed_input = self._add_control("seed", WholeNumberText(
            value=seed, low=0, high=MAX_SEED, description="Seed", layout={"width": "160px"}), "rt-seed")
        # the tile mix: the published counts beside the edited ones (tile_file_with_counts)
        self.counts_editor = CountsEditor(
            self, kinds=[(k, KIND_NAMES[k]) for k in TILE_KINDS], unit="tiles", published=self._published.kind_counts,
            text_with=tile_file_with_counts, loader=load_components, file_name="my_tiles.toml", high=40,
            game="imperator", files=files)
        for w in self._controls.values():
            w.observe(self._on_change, names="value")
        self._table = widgets.HTML()
        self._table.add_class("rt-odds-table")
        self._add_chart("figure", "rt-odds-chart")
        super().__init__([
            widgets.HBox([self.players_input, self.rounds_input, self.trials_input, self.seed_input]),
            self.what_input,
            widgets.HBox([self.kinds_input, widgets.VBox([self.leftover_input, self.reveal_input,
                                                          self.hold_input])]),
            self.counts_editor.view,
            self._message, self._charts["figure"].view, self._table,
        ])
        self.add_class("rt-tile-odds-explorer")
        opened = self.update() if counts is None else self.set_values(counts=counts)
        if not opened:  # a number given out of range or not whole: said, and opened on the defaults
            error = self._message.value
            with self.holding():
                for box, default in ((self.rounds_input, 6), (self.hold_input, 1), (self.trials_input, 1000),
                                     (self.seed_input, 0)):
                    box.value = default
            self.update()
            self._message.value = error
            self._message.add_class("rt-error")

    def set_values(self, *, players: int | None = None, rounds: int | None = None, what: str | None = None,
                   kinds: tuple[str, ...] | None = None, leftover: str | None = None, reveal: str | None = None,
                   hold_rounds: int | None = None, trials: int | None = None, seed: int | None = None,
                   counts: dict[str, int] | None = None) -> bool:
        """Set controls programmatically, then update once; all or nothing.

        Parameters
        ----------
        players : int, optional
            2 to 5.
        rounds : int, optional
            1 to 12.
        what : {"revealed", "on_board"}, optional
        kinds : tuple of str, optional
            Tile kinds shown (at least one).
        leftover, reveal : str, optional
            The readings IMP-1 and IMP-2.
        hold_rounds : int, optional
            0 (kept to the end) to 10.
        trials : int, optional
            0 to 20,000 simulated games per kind.
        seed : int, optional
        counts : dict, optional
            Reward tiles of each kind (``{"propraetor": 3}``; kinds not given keep their count):
            the counts editor's boxes. The published mix is shown beside them.

        Returns
        -------
        bool
            ``False`` (a message, nothing changed) for a bad value.
        """
        return self._set({"players": players, "rounds": rounds, "what": what, "kinds": kinds,
                          "leftover": leftover, "reveal": reveal, "hold_rounds": hold_rounds, "trials": trials,
                          "seed": seed, "counts": counts})

    def _check(self, name: str, value: Any) -> Any:
        label = self.field_label(name)   # the box's words in every message, never the argument's
        if name == "players" and value not in self.players_input.options:
            raise ValueError(f"{label} must be one of {list(self.players_input.options)} (the board's player "
                             f"counts), got {shown(value)}")
        if name == "rounds":
            whole_number(label, value, 1, 12)
        elif name == "what" and value not in [v for _, v in _WHAT]:
            raise ValueError(f"{label} must be " + " or ".join(f"{v!r} ({text})" for text, v in _WHAT)
                             + f", got {shown(value)}")
        elif name == "kinds":
            if isinstance(value, str) or not value or any(k not in TILE_KINDS for k in value):
                raise ValueError(f"{label} must be a non-empty list of {list(TILE_KINDS)}, got {shown(value)}")
            value = tuple(value)
        elif name == "leftover":
            check_choice(label, value, LEFTOVER_OPTIONS)
        elif name == "reveal":
            check_choice(label, value, REVEAL_OPTIONS)
        elif name == "hold_rounds":
            whole_number(label, value, 0, 10)
        elif name == "trials":
            whole_number(label, value, 0, 20_000)
        elif name == "seed":
            whole_number(label, value, 0, MAX_SEED)
        elif name == "counts":
            return self.counts_editor.check(value, label)
        return value

    def _compute(self):
        kinds = tuple(self.kinds_input.value)
        if not kinds:
            raise ValueError("choose at least one tile kind")
        players, rounds, what = self.players_input.value, self.rounds_input.value, self.what_input.value
        hold = self.hold_input.value
        built = self.counts_editor.build()
        comps = built[0] if built else self._published
        regions = len(self._board.layout(players).regions)
        if regions > len(comps.tiles):   # the count (or Players) just changed is put back
            self.counts_editor.refuse(f"would leave {len(comps.tiles)} tiles for the {regions} regions of "
                                      f"{players} players, one tile a region")
        curves = reveal_curves(players, rounds, board=self._board, kinds=kinds, leftover=self.leftover_input.value,
                               reveal=self.reveal_input.value, hold_rounds=hold, components=comps)
        odds = {k: getattr(curves[k], what) for k in kinds}
        trials = self.trials_input.value
        simulated = None
        if trials:
            regions = len(self._board.layout(players).regions)
            model = RevealModel(regions, min(players, regions), self.leftover_input.value,
                                self.reveal_input.value, hold, comps)
            runs = simulate_reveals_by_kind(kinds, model, rounds, trials=trials, rng=self.seed_input.value)
            simulated = {k: [e.successes for e in getattr(run, what)] for k, run in zip(kinds, runs, strict=True)}
        label = next(text for text, v in _WHAT if v == what)
        mix = (f", edited mix of {len(comps.tiles)} tiles" if built else "")
        fig = tile_odds_figure(odds, simulated=simulated, trials=trials, what=label,
                               title=f"{players} players ({len(self._board.layout(players).regions)} regions, "
                                     f"{players} tiles won a round{mix}): P(a kind is {label})")
        return fig, odds

    def _draw(self, view) -> None:
        fig, odds = view
        self._show_chart("figure", fig)
        rounds = len(next(iter(odds.values())))
        rows = [[html.escape(KIND_NAMES[k])] + [probability(p, digits=4) for p in ps] for k, ps in odds.items()]
        self._table.value = _table(["kind"] + [f"round {r}" for r in range(1, rounds + 1)], rows, "rt-odds-table")

    def figure_data(self) -> dict[str, object]:
        """The chart's data by trace ``meta``, plus ``"title"`` and the table as plain text."""
        out: dict[str, object] = dict(trace_data(self._chart_figure("figure")))
        out["title"] = self._chart_figure("figure").layout.title.text
        out["table"] = plain_text(self._table.value)
        return out
