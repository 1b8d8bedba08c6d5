"""Via Romana's explorer: a seeded bot game on the road board, turn by turn.

:class:`RoadBoardExplorer` is a :class:`~rometools.widgets._playout.PlayoutExplorer`:
the board file, players, a bot per seat, seed, a saved-game start and the turn slider come
from the base; it shows the board (:func:`rometools.charts.via_romana.road_board_figure`),
who won each road and what everyone else received
(:func:`rometools.via_romana.road_results`), the hands and the scores. Rules:
``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.charts.via_romana import road_board_figure
from rometools.core.formatting import shown
from rometools.via_romana import (
    CHANCE,
    Board,
    GameState,
    builds_with,
    cards,
    current_player,
    game_log,
    road_pieces,
    road_results,
    road_status,
    score_parts,
)
from rometools.widgets._base import (
    MAX_SEED,
    ChartFigure,
    Explorer,
    WholeNumberText,
    trace_data,
    whole_number,
)
from rometools.widgets._html import html_table, seat_html
from rometools.widgets._playout import PlayoutExplorer

__all__ = ["CardOddsExplorer", "RoadBoardExplorer"]


@dataclass(frozen=True)
class _View:
    state: GameState
    figure: go.Figure
    results: tuple
    builds: tuple = ()
    hand: bool = False


def _parse_hand(text: str, config: Any) -> list[str]:
    """Cards typed as ``colour:symbol`` (or ``colour symbol``) separated by commas; refused naming the Hand box."""
    from rometools.via_romana import cards as card_ids

    known = card_ids(config) if config is not None else card_ids()
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        card = ":".join(part.replace(":", " ").split())
        if card not in known:
            raise ValueError(f"Hand: unknown card {shown(part)}; a card is colour:symbol, e.g. {known[0]}")
        out.append(card)
    if len(out) > 55:
        raise ValueError(f"Hand: {len(out)} cards; the deck has 55")
    return out


def _pieces_text(pieces: dict[int, int]) -> str:
    return ", ".join(f"P{seat + 1} {n}" for seat, n in pieces.items()) or "-"


#: What the player deciding does at a step of another player's turn (the agenda's item).
_STEPS = {"take": "takes cards from the display for a road", "tile": "chooses the city tile won with a road",
          "order": "chooses the order of the roads completed", "setup": "places a fort"}


def _phase_text(state: GameState) -> str:
    """Who decides now, in whose turn: the turn's player, or another player at a step of it (a road's
    cards or tile), or a card drawn. ``turn`` is the game's count of turns (the slider counts steps).

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play, turn_states
    >>> from rometools.widgets._html import plain_text
    >>> steps = turn_states(play(rometools.load_game("via_romana", players=3), "greedy", 1))
    >>> [plain_text(_phase_text(steps[k])) for k in (0, 3, 30)]  # doctest: +NORMALIZE_WHITESPACE
    ['P1 places a fort (the set-up)', 'P1 to play (game turn 1, 0 cards played)',
     "P1 takes cards from the display for a road (in P3's game turn 9, 2 cards played)"]
    """
    mover, seat, kind = current_player(state), state.seat, state.agenda[0][0]
    where = (f"game turn {state.turn}, {state.played} card{'' if state.played == 1 else 's'} played"
             if state.turn else "the set-up")
    if mover == seat and kind in ("build", "discard"):
        return f"{seat_html(seat)} to play ({where})"
    if mover == CHANCE:
        return f"a card is drawn (in {seat_html(seat)}'s {where})" if state.turn else "a card is dealt (the set-up)"
    step = _STEPS.get(kind, "decides")
    if not state.turn:
        return f"{seat_html(mover)} {step} ({where})"
    return f"{seat_html(mover)} {step} (in {seat_html(seat)}'s {where})"


#: How the builds line names each kind of build action: a joker is counted per pair of cards and
#: space ("30 joker builds" from three cards), not per joker card.
_BUILD_WORDS = {"double": "double milestone", "joker": "joker build"}


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
    pieces on them), the hands (``rt-vr-hands``), the scores (``rt-vr-scores``) and the log
    (``rt-vr-log``: the last steps up to the turn, :func:`rometools.via_romana.game_log`).

    Parameters
    ----------
    board : str, Path or Board, optional
        A board file (default the bundled illustrative board) or a loaded board.
    players : int, optional
        2 to 4 (default 3; a start gives its own).
    bot : str
        A bot of the game's own for every seat (``"greedy"`` or ``"random"``; MCTS plays in the
        strong-play panel, whose search is per move).
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
    ['r12', 'r11', 'r03']
    >>> ex.set_values(players=5), ex.state.over
    (False, True)
    """

    figure = ChartFigure()

    GAME = "via_romana"
    DEFAULT_BOT = "greedy"
    DEFAULT_PLAYERS = 3

    def __init__(self, board: str | Path | Board | None = None, players: int | None = None, bot: str = "greedy",
                 seed: int = 1, *, bots: list[str] | None = None, start: GameState | str | Path | None = None,
                 files: str = "path"):
        self._results: tuple = ()
        self._builds: tuple = ()
        super().__init__(board, players, bot, seed, bots=bots, start=start, files=files)
        self.children = [
            *self._game_rows(), self._hand, self._message, self._status, self._builds_info,
            self._charts["figure"].view,
            widgets.HTML("<b>Roads</b> (scored up to this turn: the most pieces on the road and in both "
                         "end cities takes a city tile, each other player takes a card per piece; "
                         "then the open roads)"), self._roads,
            *self._strong_play_rows(),
            widgets.HTML("<b>Hands</b> (the explorer sees every hand)"), self._hands,
            widgets.HTML("<b>Scores</b> (as if the game ended now)"), self._scores,
            widgets.HTML("<b>Log</b> (the last steps up to this turn)"), self._log,
        ]
        self.add_class("rt-vr-road-board-explorer")

    # the board's hooks are PlayoutExplorer's defaults, from the registry (BoardChoice)

    # ------------------------------------------------------------ the view
    def build_view(self) -> None:
        self._hand = self._add_control("hand", widgets.Text(
            value="", placeholder="a hand: purple:temple, purple:helmet (Enter)", description="Hand",
            continuous_update=False, style={"description_width": "64px"}, layout={"width": "560px"}), "rt-vr-hand")
        self._hand.observe(self._on_change, names="value")
        self._builds_info = widgets.HTML()
        self._builds_info.add_class("rt-vr-builds")
        self._status = widgets.HTML()
        self._status.add_class("rt-vr-status")
        self._roads = widgets.HTML()
        self._roads.add_class("rt-vr-roads")
        self._hands = widgets.HTML()
        self._hands.add_class("rt-vr-hands")
        self._scores = widgets.HTML()
        self._scores.add_class("rt-vr-scores")
        self._log = widgets.HTML()
        self._log.add_class("rt-vr-log")
        self._add_chart("figure", "rt-vr-board-chart")

    FIELD_LABELS = {**PlayoutExplorer.FIELD_LABELS, "hand": "Hand"}

    def check_view(self, name: str, value: Any) -> Any:
        if name == "hand":
            if not isinstance(value, str):
                raise ValueError(f"Hand must be text: cards as colour:symbol separated by commas, got {shown(value)}")
            _parse_hand(value, self.game.config if self._states else None)
        return value

    def set_values(self, *, board: str | Path | Board | None = None, players: int | None = None,
                   bot: str | None = None, bots: list[str] | None = None, seed: int | None = None,
                   start: GameState | str | Path | None = None, turn: int | None = None,
                   hand: str | None = None) -> bool:
        """Set controls as a user would; all or nothing. Returns whether the view updated.

        Parameters
        ----------
        board, players, bot, bots, seed, start
            As in the constructor (``start=""`` for a new deal).
        turn : int, optional
            0 to :attr:`turns`.
        hand : str, optional
            Cards as ``colour:symbol`` separated by commas (``""``: none): every build the
            seat to move could make with them is ringed on the board.
        """
        return self._set({"board": board, "players": players, "bot": bot, "bots": bots, "seed": seed,
                          "start": start, "turn": turn, "hand": hand})

    def road_results(self) -> list[dict]:
        """The roads scored up to the turn shown (:func:`rometools.via_romana.road_results`)."""
        return [dict(r) for r in self._results]

    def figure_data(self) -> dict[str, dict]:
        """The chart's traces by ``meta``."""
        return trace_data(self._chart_figure("figure"))

    def builds(self) -> list:
        """The builds the seat to move could make with the Hand box's cards (``[]`` without a hand)."""
        return list(self._builds)

    def compute(self, state: GameState) -> _View:
        results = tuple(road_results(state))
        board = state.config.the_board()
        hand = _parse_hand(self._hand.value, state.config)
        builds = builds_with(state, hand) if hand else []
        title = (f"Turn {self._turn.value} of {self.turns}: {len(results)} of {len(board.roads)} roads "
                 f"scored, {state.signs} road signs left")
        return _View(state, road_board_figure(state, title=title, results=list(results), builds=builds),
                     results, tuple(builds), bool(hand))

    def draw(self, view: _View) -> None:
        state, results = view.state, view.results
        self._results = results
        self._builds = view.builds
        if not view.hand:
            self._builds_info.value = ""
        elif not (state.agenda and state.agenda[0][0] == "build") or state.over:
            self._builds_info.value = ("<small>The hand's builds are shown at a turn where a player is building "
                                       "(move the Turn slider).</small>")
        else:
            kinds = {}
            for a in view.builds:
                kinds[a[0]] = kinds.get(a[0], 0) + 1
            said = ", ".join(f"{n} {_BUILD_WORDS.get(k, k)}{'s' if n != 1 else ''}" for k, n in kinds.items()) \
                or "no build"
            self._builds_info.value = (f"<small>With this hand {seat_html(state.seat)} could make {said} now "
                                       "(ringed on the board).</small>")
        self._show_chart("figure", view.figure)
        n = state.config.players
        if state.over:
            phase = "game over"
        elif 0 <= state.seat < n:
            phase = _phase_text(state)
        else:
            phase = "the deal"
        self._status.value = (f"{phase}; deck {sum(state.deck)} cards, discard {sum(state.discard)}, "
                              f"display {sum(state.display)}; road signs left {state.signs}"
                              + (f"; the legionary standard: {seat_html(state.standard)}"
                                 if state.standard is not None else "") + ".")
        board = state.config.the_board()
        rows = [[board.road_name(r["road"]), r["turn"], seat_html(r["completer"]), _pieces_text(r["pieces"]),
                 seat_html(r["winner"]) if r["winner"] is not None else "nobody (a tie)",
                 ", ".join(f"P{s + 1} {k}" for s, k in r["cards"].items()) or "-"] for r in results]
        for road in board.roads:
            status = road_status(state, road.id)
            if status in ("open", "complete"):
                rows.append([board.road_name(road.id), "", "-", _pieces_text(road_pieces(state, road.id)),
                             status, ""])
        self._roads.value = html_table(rows, "rt-vr-roads-table", columns=[
            "road", "scored on turn", "completed by", "pieces", "tile to", "cards to the others"])
        kinds = cards(state.config)
        self._hands.value = html_table(
            [[seat_html(s), sum(hand), ", ".join(f"{k.replace(':', ' ')} x{c}" if c > 1 else k.replace(":", " ")
                                                for k, c in zip(kinds, hand, strict=True) if c) or "-",
              state.forts[s], state.milestones[s]] for s, hand in enumerate(state.hands)],
            "rt-vr-hands-table", columns=["seat", "cards", "hand", "forts left", "milestones left"],
            numeric=["cards", "forts left", "milestones left"])
        log = game_log(state).tail(14)
        self._log.value = html_table(log, "rt-vr-log-table", numeric=["Turn", "Round"]) if len(log) else \
            "<i>the set-up deal</i>"
        parts = score_parts(state)
        self._scores.value = html_table(
            [[seat_html(s), p["tiles"], p["forts"], p["standard"], p["goal"], p["total"]] for s, p in enumerate(parts)],
            "rt-vr-scores-table", columns=["seat", "city tiles", "forts", "standard", "goal tile", "total"],
            numeric=["city tiles", "forts", "standard", "goal tile", "total"])


# ===================================================================== card odds
class CardOddsExplorer(Explorer):
    """How often a hand of Via Romana cards can build: exact odds by hand size, a simulation beside.

    Controls (CSS class in brackets): the question (``rt-vr-question``: a fort of a colour,
    a fort of some colour, a colour-and-symbol card for two milestones), the colour
    (``rt-vr-colour``), the symbol (``rt-vr-symbol``; each disabled while the question does not
    use it, :attr:`QUESTION_USES`), the largest hand (``rt-vr-hand``,
    1 to 15 cards), the simulated hands per size (``rt-vr-trials``, 0 to 20,000) and the
    seed (``rt-seed``). Output: the answer for a 4-card opening hand (``rt-vr-answer``)
    and the chart (``rt-vr-card-chart``; traces ``vr-card-exact``, ``vr-card-simulated``).
    The odds are :mod:`rometools.via_romana.odds` (exact ``Fraction``s through
    :mod:`rometools.draws`); the simulation deals seeded hands from the 55-card deck.
    Rules: ``002_2e34de0661bde959.txt`` (Contents; Detailed Building Rules).

    Examples
    --------
    >>> ex = CardOddsExplorer(trials=0)
    >>> ex.exact()[4]
    Fraction(4870, 6201)
    >>> ex.set_values(question="card", colour="blue", symbol="temple"), ex.exact()[4]
    (True, Fraction(14, 99))
    >>> ex.set_values(hand=16), "Largest hand" in ex.message
    (False, True)
    """

    figure = ChartFigure()

    #: The controls each question reads: the others are disabled while it is asked.
    QUESTION_USES = {"fort": ("colour",), "any_fort": (), "card": ("colour", "symbol")}
    FIELD_LABELS = {"question": "Question", "colour": "Colour", "symbol": "Symbol", "hand": "Largest hand",
                    "trials": "Simulated hands", "seed": "Seed"}
    MAX_HAND = 15
    MAX_TRIALS = 20_000

    def __init__(self, question: str = "any_fort", colour: str | None = None, symbol: str | None = None,
                 hand: int = 8, *, trials: int = 2000, seed: int = 1):
        from rometools.via_romana import load_components

        self._init_message()
        self.components = load_components()
        wide = {"description_width": "110px"}
        self._question = self._add_control("question", widgets.Dropdown(
            options=[("A fort of the colour chosen (2 cards of it)", "fort"),
                     ("A fort of some colour (2 cards of one colour)", "any_fort"),
                     ("The colour-and-symbol card (two milestones from that city)", "card")],
            value="any_fort", description="Question", style=wide, layout={"width": "560px"}), "rt-vr-question")
        self._colour = self._add_control("colour", widgets.Dropdown(
            options=list(self.components.colours), description="Colour", style=wide, layout={"width": "260px"}),
            "rt-vr-colour")
        self._symbol = self._add_control("symbol", widgets.Dropdown(
            options=list(self.components.symbols), description="Symbol", style=wide, layout={"width": "260px"}),
            "rt-vr-symbol")
        self._hand = self._add_control("hand", widgets.IntSlider(
            value=8, min=1, max=self.MAX_HAND, description="Largest hand", continuous_update=False, style=wide),
            "rt-vr-hand")
        self._trials = self._add_control("trials", WholeNumberText(
            value=2000, low=0, high=self.MAX_TRIALS, description="Simulated hands", style=wide,
            layout={"width": "260px"}), "rt-vr-trials")
        self._seed = self._add_control("seed", WholeNumberText(
            value=1, low=0, high=MAX_SEED, description="Seed", style=wide, layout={"width": "260px"}), "rt-seed")
        self._answer = widgets.HTML()
        self._answer.add_class("rt-vr-answer")
        self._add_chart("figure", "rt-vr-card-chart")
        self._exact: dict[int, Any] = {}
        super().__init__([widgets.HBox([self._question]), widgets.HBox([self._colour, self._symbol, self._hand]),
                          widgets.HBox([self._trials, self._seed]), self._message, self._answer,
                          self._charts["figure"].view])
        self.add_class("rt-vr-card-odds-explorer")
        opening = {"question": question, "colour": colour, "symbol": symbol, "hand": hand, "trials": trials,
                   "seed": seed}
        if not self._set(opening):
            error = self._message.value
            self._set({"question": "any_fort", "hand": 8, "trials": 2000, "seed": 1})
            self._message.value = error
        for w in (self._question, self._colour, self._symbol, self._hand, self._trials, self._seed):
            w.observe(self._on_change, names="value")

    def set_values(self, *, question: str | None = None, colour: str | None = None, symbol: str | None = None,
                   hand: int | None = None, trials: int | None = None, seed: int | None = None) -> bool:
        """Set controls as a user would; all or nothing. Returns whether the view updated."""
        return self._set({"question": question, "colour": colour, "symbol": symbol, "hand": hand,
                          "trials": trials, "seed": seed})

    def exact(self) -> dict[int, Any]:
        """The exact probability for each hand size shown, ``{cards: Fraction}``."""
        return dict(self._exact)

    def figure_data(self) -> dict[str, dict]:
        """The chart's traces by ``meta``."""
        return trace_data(self._chart_figure("figure"))

    def _check(self, name: str, value: Any) -> Any:
        if name == "question":
            from rometools.charts.via_romana import CARD_QUESTIONS

            if value not in CARD_QUESTIONS:
                raise ValueError(f"Question must be one of {', '.join(CARD_QUESTIONS)}, got {shown(value)}")
        elif name in ("colour", "symbol"):
            allowed = self.components.colours if name == "colour" else self.components.symbols
            if value not in allowed:
                raise ValueError(f"{self.field_label(name)} must be one of {', '.join(allowed)}, got {shown(value)}")
        elif name == "hand":
            whole_number("Largest hand", value, 1, self.MAX_HAND)
        elif name == "trials":
            whole_number("Simulated hands", value, 0, self.MAX_TRIALS)
        elif name == "seed":
            whole_number("Seed", value, 0, MAX_SEED)
        return value

    def _question_text(self) -> str:
        from rometools.charts.via_romana import CARD_QUESTIONS

        return CARD_QUESTIONS[self._question.value].format(colour=self._colour.value, symbol=self._symbol.value)

    def _compute(self):
        import numpy as np

        from rometools.charts.via_romana import card_odds_figure
        from rometools.via_romana.odds import prob_card, prob_fort, prob_same_colour_pair

        key, colour, symbol = self._question.value, self._colour.value, self._symbol.value
        ask = {"fort": lambda n: prob_fort(colour, n), "any_fort": prob_same_colour_pair,
               "card": lambda n: prob_card(colour, symbol, n)}[key]
        sizes = range(1, self._hand.value + 1)
        exact = {n: ask(n) for n in sizes}
        trials = self._trials.value
        simulated: dict[int, int] = {}
        if trials:
            deck = [k for k, c in self.components.deck().items() for _ in range(c)]
            colours = np.array([self.components.colours.index(k[0]) for k in deck])
            target = np.array([k == (colour, symbol) for k in deck])
            gen = np.random.default_rng(self._seed.value)
            order = np.argsort(gen.random((trials, len(deck))), axis=1)  # one seeded shuffle per hand
            for n in sizes:
                hands = order[:, :n]
                if key == "card":
                    simulated[n] = int(target[hands].any(axis=1).sum())
                else:
                    per_colour = np.stack([(colours[hands] == c).sum(axis=1) for c in range(len(self.components.colours))],
                                          axis=1)
                    wanted = per_colour[:, self.components.colours.index(colour)] if key == "fort" else per_colour.max(axis=1)
                    simulated[n] = int((wanted >= 2).sum())
        fig = card_odds_figure(exact, question=self._question_text(), simulated=simulated, trials=trials)
        return exact, fig

    def _draw(self, view) -> None:
        from rometools.core.formatting import probability

        exact, fig = view
        self._exact = exact
        for name, control in (("colour", self._colour), ("symbol", self._symbol)):  # a control the question ignores
            control.disabled = name not in self.QUESTION_USES[self._question.value]
            control.tooltip = f"not used by the question: {self._question.label}" if control.disabled else None
        self._show_chart("figure", fig)
        four = exact.get(4)
        self._answer.value = (f"A 4-card opening hand holds {html.escape(self._question_text())}: "
                              f"<b>{html.escape(probability(four))}</b> (exact)." if four is not None else
                              f"Hands of 1 to {self._hand.value} cards.")
