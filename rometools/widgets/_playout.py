"""The base of every board game's explorer: a seeded bot game, stepped turn by turn.

:class:`PlayoutExplorer` -- board, players, a bot per seat, seed, a start
position and the turn slider; it plays the game through the registry
(:func:`rometools.load_game`, :func:`rometools.core.playout.play`) and lets the
subclass draw a state. Board and saved-game files come from a typed path (in a
notebook: regular files under the size limit, read with a timeout) or, in the
designer app, from an upload control beside the list of the data folder's
boards. Its "what would a strong player do here?" panel is
:class:`~rometools.widgets._strong_play.StrongPlayPanel`; the explorer plumbing
(messages, ``holding``, all-or-nothing ``set_values``) is
:class:`~rometools.widgets._base.Explorer`. No game is imported here.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets
from traitlets import TraitError

from rometools.core.data import MAX_FILE_BYTES, read_text_file
from rometools.core.errors import ArgumentError, DataFileError
from rometools.core.formatting import count_choices, number, seat_label, shown
from rometools.core.game import Game, game_of, game_spec, load_game
from rometools.core.playout import load_saved_game, play, turn_states
from rometools.widgets._base import (
    INPUT_ERRORS,
    MAX_SEED,
    Explorer,
    Snapshot,
    WholeNumberText,
    _FileProblem,
    _text_of,
    _upload,
    call_with_timeout,
    whole_number,
)
from rometools.widgets._inputs import upload_label
from rometools.widgets._playout_boards import BoardChoice, _file_problem
from rometools.widgets._strong_play import StrongPlayPanel

__all__ = ["NEW_DEAL", "PER_SEAT", "PlayoutExplorer"]

#: ``set_values(start=NEW_DEAL)`` (the empty string): forget the start, deal a new game.
NEW_DEAL = ""
#: Value of the all-seats bot dropdown when the seats play different bots.
PER_SEAT = "per seat"


class PlayoutExplorer(BoardChoice, StrongPlayPanel, Explorer):
    """Base of every board game's explorer: step a seeded bot game, turn by turn.

    It plays the game through the registry: ``rometools.load_game(GAME,
    **game_options(board, players))`` (or the start position's own config),
    :func:`rometools.core.playout.play` with one bot per seat and the seed, and
    keeps :func:`rometools.core.playout.turn_states`. It imports no game.

    Controls (CSS class in brackets): the board (``rt-board-file``: the data
    folder's boards, then every board loaded, the one in play selected); in a
    notebook (``files="path"``) a board file path typed in ``rt-board-path``
    and loaded with Enter or ``rt-board-load``, in the designer app
    (``files="upload"``) an upload control ``rt-board-upload`` instead (no
    path on the server can be typed); players (``rt-players``); the bot for
    every seat (``rt-bot``; it reads "per seat" when the seats differ) and one
    per seat (``rt-seat-bot``, ``rt-bot-p1``, ``rt-bot-p2``...); the seed
    (``rt-seed``); a start: a saved-game file typed in ``rt-start-path`` and
    loaded with ``rt-start-load`` (or uploaded with ``rt-start-upload``),
    cleared with ``rt-start-clear`` (what it plays from is said in
    ``rt-start-info``); the turn slider (``rt-turn``, 0 = the first turn of
    the game's history). A start fixes the board and players (their controls
    are disabled while it is set); the bots and the seed play on from it.
    "What would a strong player do here?" (:meth:`best_moves`, laid out by
    :meth:`_strong_play_rows`): the simulations (``rt-best-budget``), the
    Search button (``rt-best-run``) and the ranked moves (``rt-best-moves``).

    Files. A typed path reads only a regular file of at most
    :data:`rometools.core.data.MAX_FILE_BYTES` bytes, within
    :data:`FILE_TIMEOUT_S` seconds; a failed load keeps the typed path and
    says why, and Load tries it again (it never falls back silently). A board
    loaded from a file is added to the board list and selected there.
    Picking another board in the list when the player count does not suit it
    sets the players to its first count and says so; loading a board file
    (or ``set_values(board=...)`` without ``players``) that does not suit the
    player count fails with a message instead.

    Invalid input shows a message in ``rt-message`` and changes nothing: a
    control a user changed is put back to the last game that played.

    A subclass sets :attr:`GAME` and writes :meth:`build_view` (its own controls, registered
    with ``_add_control``), :meth:`compute` and :meth:`draw`, and lays out ``self.children``
    from :meth:`_game_rows` and its own widgets; it may override :meth:`check_view`,
    :meth:`assign_view`. The board comes from the registry
    (:class:`~rometools.widgets._playout_boards.BoardChoice`): the config option
    :attr:`BOARD_OPTION` (``"board"``; Augustus's objective cards: ``"objectives"``) names
    the loader (``GameSpec.file_options``) and the bundled files it reads are the board list,
    so :meth:`board_files`, :meth:`load_board`, :meth:`game_options`, :meth:`board_of` and
    :meth:`board_file_of` need writing only where a game's boards differ; a game whose boards
    are each for some player counts writes :meth:`player_counts` (default: the config's
    ``players`` range), and may write :meth:`default_board` and :meth:`board_name`.

    A game with no board (a card or dice game) sets ``HAS_BOARD = False``:
    there is no board list, path box or upload; the players come from its
    config's ``players`` option range (:meth:`player_counts`), the game from
    ``load_game(GAME, players=...)`` (:meth:`game_options`), and a ``board``
    given to it is refused with an :class:`~rometools.core.errors.ArgumentError`
    ("Pig has no board"), so its subclass writes only :meth:`build_view`,
    :meth:`compute` and :meth:`draw` (``examples/pig``, ``docs/new-game.md``).

    Parameters
    ----------
    files : {"path", "upload"}
        How a designer gives a board or saved-game file: a typed path (a
        notebook) or an upload control (the designer app, ``app/``).

    Attributes
    ----------
    GAME : str
        The registry id of the game.
    DEFAULT_BOT : str, optional
        The bot every seat starts with (default: the first bot name).
    DEFAULT_PLAYERS : int, optional
        The player count it opens with when neither ``players`` nor a start is given, and
        falls back to when the given opening values do not go together (default ``None``:
        the count the default board gives, else the fewest the game allows).
    HAS_BOARD : bool
        Whether the game has a board (or a board-like file) to choose (default ``True``).

    Examples
    --------
    :class:`~rometools.widgets.BoardExplorer` is one; a bot per seat plays the
    same game as :func:`rometools.core.playout.play` with the same seed:

    >>> import rometools
    >>> from rometools.core.playout import play
    >>> from rometools.widgets import BoardExplorer
    >>> bots = ["greedy", "random", "cheapest", "random"]
    >>> ex = BoardExplorer(bots=bots, seed=3)
    >>> ex.bots == tuple(bots), ex._bot.value
    (True, 'per seat')
    >>> ex.states[-1] == play(rometools.load_game("caesars_empire"), bots, 3)
    True
    """

    GAME: ClassVar[str] = ""
    DEFAULT_BOT: ClassVar[str | None] = None
    DEFAULT_PLAYERS: ClassVar[int | None] = None
    HAS_BOARD: ClassVar[bool] = True
    MODEL = ("_game", "_states", "_start", "_start_label", "_start_turn")
    FIELD_LABELS: ClassVar[dict[str, str]] = {
        "board": "Board", "players": "Players", "bot": "Bots", "bots": "Bots per seat", "seed": "Seed",
        "start": "Start", "turn": "Turn"}
    _GAME_FIELDS = ("board", "players", "bot", "bots", "seed", "start")

    def __init__(self, board: Any = None, players: int | None = None, bot: str | None = None,
                 seed: int = 1, *, bots: Sequence[str] | None = None, start: Any = None,
                 files: str = "path"):
        if files not in ("path", "upload"):
            raise ValueError(f"files must be 'path' (a notebook) or 'upload' (the app), got {shown(files)}")
        super().__init__()
        self._init_message()
        self._spec = game_spec(self.GAME)
        if board is not None and not self.HAS_BOARD:
            raise ArgumentError(self._no_board())
        self._files = files
        self._game: Game | None = None
        self._states: list = []
        self._start: Any = None
        self._start_label = ""
        self._start_turn = 0
        names = sorted(self._spec.bots)
        default_bot = self.DEFAULT_BOT or names[0]
        counts = self.all_player_counts()
        wide = {"description_width": "64px"}
        self._board_file = self._board_path = self._board_load = self._start_path = self._start_load = None
        self._board_upload = self._start_upload = None
        if self.HAS_BOARD:
            self._board_file = self._add_control("board_file", widgets.Dropdown(
                options=[(self._board_option_label(p), p) for p in self.board_files().values()],
                description="Board", style=wide, layout={"width": "560px"}), "rt-board-file")
        if files == "path" and self.HAS_BOARD:
            self._board_path = self._add_control("board_path", widgets.Text(
                # 560 + 280 + 64 px (and margins) fit one row of a notebook beside JupyterLab's file browser
                placeholder="or a board file path (Enter or Load)", continuous_update=False,
                layout={"width": "280px"}), "rt-board-path")
            self._board_load = self._add_control("board_load", widgets.Button(
                description="Load", tooltip="Load the board file typed on the left",
                layout={"width": "64px"}), "rt-board-load")
        if files == "path":
            self._start_path = self._add_control("start_path", widgets.Text(
                placeholder="a saved game (.json) to play on from", continuous_update=False,
                description="Start", style=wide, layout={"width": "400px"}), "rt-start-path")
            self._start_load = widgets.Button(description="Load", layout={"width": "70px"},
                                              tooltip="Play on from the saved game typed on the left")
            self._start_load.add_class("rt-start-load")
        else:
            if self.HAS_BOARD:
                self._board_upload = widgets.FileUpload(
                    accept=".toml,.yaml,.yml", multiple=False, description="Upload a board",
                    tooltip=f"A board file (.toml or .yaml, at most {number(MAX_FILE_BYTES)} bytes)",
                    layout={"width": "180px"})
                self._board_upload.add_class("rt-board-upload")
            self._start_upload = widgets.FileUpload(
                accept=".json", multiple=False, description="Upload a saved game",
                tooltip="A saved game (.json) to play on from", layout={"width": "210px"})
            self._start_upload.add_class("rt-start-upload")
        self._players = self._add_control("players", widgets.Dropdown(
            options=list(counts), description="Players", style=wide, layout={"width": "170px"}),
            "rt-players")
        self._bot = self._add_control("bot", widgets.Dropdown(
            options=[*names, PER_SEAT], value=default_bot, description="Bots", style=wide,
            layout={"width": "220px"}), "rt-bot")
        self._seat_bots = [self._add_control(f"bot_p{i + 1}", widgets.Dropdown(
            options=names, value=default_bot, description=f"P{i + 1}",
            style={"description_width": "28px"}, layout={"width": "150px"}),
            "rt-seat-bot", f"rt-bot-p{i + 1}") for i in range(max(counts))]
        self._seed = self._add_control("seed", WholeNumberText(
            value=1, low=0, high=MAX_SEED, description="Seed", style=wide, layout={"width": "200px"}), "rt-seed")
        self._start_clear = widgets.Button(description="New deal", layout={"width": "90px"},
                                           tooltip="Forget the start; deal a new game with the seed")
        self._start_clear.add_class("rt-start-clear")
        self._start_info = widgets.HTML()
        self._start_info.add_class("rt-start-info")
        self._turn = self._add_control("turn", widgets.IntSlider(
            value=0, min=0, max=0, description="Turn", continuous_update=False, style=wide,
            layout={"width": "560px"}), "rt-turn")
        self._players.observe(self._show_seats, names="value")
        self._build_strong_play()
        self.build_view()

        if players is None and start is None:
            players = self.DEFAULT_PLAYERS
        first = {"board": board, "players": players, "bot": bot, "bots": bots, "seed": seed, "start": start}
        if not self._set(first):  # open anyway: without the board/start that failed, then on defaults
            error = self._message.value
            fallbacks = ({**first, "board": None, "start": None},
                         {"board": None, "players": self.DEFAULT_PLAYERS, "bot": None, "bots": None, "seed": 1,
                          "start": None})
            opened = "the defaults instead"
            for k, fallback in enumerate(fallbacks):
                if self._set(fallback):
                    if k == 0:
                        opened = ("the other values given, on the default board and a new deal" if self.HAS_BOARD
                                  else "the other values given, on a new deal")
                    break
            # said as an opening, not an update: nothing was shown before it
            self._message.value = error.replace("<b>Cannot update:</b>", "<b>Cannot open with:</b>").replace(
                f"({html.escape(self._kept())})", f"(opened with {opened})")
            self._message.add_class("rt-error")
        self._show_seats()

        if self.HAS_BOARD:
            self._board_file.observe(self._on_board_file, names="value")
        self._players.observe(lambda _c: self._replay(), names="value")
        self._bot.observe(self._on_all_seats_bot, names="value")
        for w in self._seat_bots:
            w.observe(self._on_seat_bot, names="value")
        self._seed.observe(lambda _c: self._replay(), names="value")
        if self._board_path is not None:
            self._board_path.observe(lambda _c: self._load_typed_board(), names="value")
            self._board_load.on_click(lambda _b: self._load_typed_board())
        if self._board_upload is not None:
            self._board_upload.observe(self._on_board_upload, names="value")
        if files == "path":
            self._start_path.observe(lambda _c: self._load_typed_start(), names="value")
            self._start_load.on_click(lambda _b: self._load_typed_start())
        else:
            self._start_upload.observe(self._on_start_upload, names="value")
        self._start_clear.on_click(lambda _b: self._replay(start=NEW_DEAL))
        self._turn.observe(self._on_change, names="value")

    # ------------------------------------------------------------ what a subclass provides
    # (the board's hooks are BoardChoice's, in _playout_boards.py)
    def build_view(self) -> None:
        """Create and register the subclass's own controls and outputs (called before the first game)."""

    def check_view(self, name: str, value: Any) -> Any:
        """Check one ``set_values`` argument of the subclass's own controls. Default: as given."""
        return value

    def assign_view(self, values: dict[str, Any]) -> None:
        """Set the subclass's own controls (after the game and turn are set). Default: by name."""
        Explorer._assign(self, values)

    def compute(self, state: Any) -> Any:  # pragma: no cover - abstract
        """Everything the view of ``state`` needs; raise one of :data:`INPUT_ERRORS` for bad input.

        It may change the subclass's own controls (inside :meth:`holding`) but nothing on screen.
        """
        raise NotImplementedError

    def draw(self, view: Any) -> None:  # pragma: no cover - abstract
        """Put a view from :meth:`compute` on screen (never fails)."""
        raise NotImplementedError

    # ------------------------------------------------------------ public
    @property
    def game(self) -> Game:
        """The :class:`~rometools.core.game.Game` being played (registry game and config)."""
        return self._game

    @property
    def state(self) -> Any:
        """The game state at the slider's turn."""
        return self._states[self._turn.value]

    @property
    def states(self) -> tuple:
        """Every turn's state of the game, the slider's 0 to :attr:`turns`
        (:func:`rometools.core.playout.turn_states` of the final state)."""
        return tuple(self._states)

    @property
    def turns(self) -> int:
        """Turns in the current game (the slider's maximum)."""
        return len(self._states) - 1

    @property
    def seed(self) -> int:
        """The seed of the game shown (the deal, chance nodes and the bots' draws)."""
        return self._seed.value

    @property
    def bots(self) -> tuple[str, ...]:
        """The bot of each seat, seat 0 (P1) first."""
        return tuple(w.value for w in self._seat_bots[:self._players.value])

    @property
    def start(self) -> Any:
        """The state the bots play on from (a position or a saved game), or ``None`` for a new deal."""
        return self._start

    @property
    def start_turn(self) -> int:
        """The turn (slider value) where the bots took over: 0 for a new deal or a position."""
        return self._start_turn

    @property
    def board(self) -> Any:
        """The board in play: the board list's selection (a file path or a board object); ``None`` board-less."""
        return self._board_file.value if self._board_file is not None else None

    def fields(self) -> tuple[str, ...]:
        """The arguments of :meth:`set_values`, in order; ``board`` only for a game with a board."""
        return tuple(f for f in Explorer.fields(self) if self.HAS_BOARD or f != "board")

    def values(self) -> dict[str, Any]:
        """The current value of every field, as :meth:`set_values` takes it.

        ``board`` is the board list's selection (a file path or a board
        object), ``start`` the start state (``None`` for a new deal).
        """
        out = Explorer.values(self)
        out.update({"board": self.board, "players": self._players.value, "bot": self._bot.value,
                    "bots": list(self.bots), "seed": self.seed, "start": self._start, "turn": self._turn.value})
        return {name: out[name] for name in self.fields() if name in out}

    # ------------------------------------------------------------ set_values machinery
    def _check(self, name: str, value: Any) -> Any:
        names = sorted(self._spec.bots)
        if name == "players":
            counts = self.all_player_counts()
            if isinstance(value, bool) or value not in counts:
                raise ValueError(f"Players must be {count_choices(counts)}, got {shown(value)}")
        elif name == "bot":
            if not isinstance(value, str) or value not in names:
                raise ValueError(f"Bots: unknown bot {shown(value)}; choose one of {', '.join(names)}")
        elif name == "bots":
            if isinstance(value, str) or not isinstance(value, Sequence):
                raise ValueError(f"Bots per seat must be a list with one bot name per seat, got {shown(value)}")
            if not 1 <= len(value) <= len(self._seat_bots):
                raise ValueError(f"Bots per seat must name 1 to {len(self._seat_bots)} seats' bots, "
                                 f"got {len(value)}")
            for seat, b in enumerate(value):
                if not isinstance(b, str) or b not in names:
                    raise ValueError(f"Bots per seat: {seat_label(seat)}'s bot {shown(b)} is unknown; "
                                     f"choose one of {', '.join(names)}")
            value = list(value)
        elif name == "seed":
            whole_number("Seed", value, 0, MAX_SEED)
        elif name == "turn":
            whole_number("Turn", value)
        elif name == "start":
            if not isinstance(value, str | Path):
                try:
                    spec = game_of(value)
                except TypeError:
                    spec = None
                if spec is None or spec.id != self.GAME:
                    raise ValueError(f"Start must be a {self._spec.title} state (a position or a game), "
                                     f"a saved-game file or '' for a new deal, got {type(value).__name__}")
        elif name == "board":
            if not self.HAS_BOARD:
                raise ArgumentError(self._no_board())
            label = self.field_label("board")
            if not isinstance(value, str | Path) and not isinstance(value, self._board_type()):
                raise ValueError(f"{label} must be a file path or a loaded {self._spec.title} "
                                 f"{label.lower()} ({self._board_type().__name__}), got {type(value).__name__} "
                                 f"{shown(value)}")
        else:
            value = self.check_view(name, value)
        return value

    def _assign(self, values: dict[str, Any]) -> None:
        game = {k: values.pop(k) for k in self._GAME_FIELDS if k in values}
        if game or not self._states:
            first = not self._states
            self._assign_game(game)
            self._play(adjust_players=first and "players" not in game, keep_turn="start" not in game,
                       bots_given=len(game["bots"]) if "bots" in game else None,
                       changed="players" if "players" in game and "board" not in game else "board")
        if "turn" in values:
            turn = values.pop("turn")
            if turn > self.turns:
                raise ValueError(f"Turn must be 0 to {self.turns} (this game has {self.turns} turns), "
                                 f"got {turn!r}")
            self._turn.value = turn
        self.assign_view(values)

    def _assign_game(self, game: dict[str, Any]) -> None:
        if "start" in game:
            self._set_start(game["start"])
        if self._start is not None and ("board" in game or (
                "players" in game and game["players"] != self._start.config.players)):
            raise ValueError(f"a start fixes the board and the players ({self._start.config.players}); "
                             "give a start, or a board and players, not both")
        if "board" in game:
            self._select_board(game["board"])
        elif self._start is None and not self._states:
            self._select_board(self.default_board(game.get("players")))
        if "players" in game:
            if game["players"] not in self._players.options:
                self._players.options = list(self.all_player_counts())
            self._players.value = game["players"]
        if "bots" in game:
            for w, b in zip(self._seat_bots, game["bots"], strict=False):
                w.value = b
            self._sync_all_seats_bot()
        elif "bot" in game:
            self._bot.value = game["bot"]
            for w in self._seat_bots:
                w.value = game["bot"]
        if "seed" in game:
            self._seed.value = game["seed"]

    def _set_start(self, start: Any) -> None:
        """Set the start from a state, a saved-game file (or its JSON text), or NEW_DEAL."""
        if isinstance(start, str | Path) and str(start).strip() == NEW_DEAL:
            self._start, self._start_label = None, ""
            if self._start_path is not None:
                self._start_path.value = ""
            return
        if isinstance(start, str) and start.lstrip().startswith("{"):
            self._start = load_saved_game(start, game=self.GAME, source="<saved game text>")
            self._start_label = "the saved game given"
        elif isinstance(start, str | Path):
            path = Path(start).expanduser()
            try:
                text = call_with_timeout(read_text_file, path, "saved game", what=path.name or str(path))
                self._start = load_saved_game(text, game=self.GAME, source=str(path), beside=path)
            except DataFileError as err:
                raise _FileProblem(_file_problem("Start: the saved game", err)) from None
            except ValueError as err:  # an illegal or invalid action in the history
                raise ValueError(f"Start: the saved game {shown(str(path), 80)}: {_text_of(err)}") from None
            self._start_label = path.name
            if self._start_path is not None:
                self._start_path.value = str(start)
        else:
            self._start, self._start_label = start, "the position given"

    def _selected_board(self) -> Any:
        return self.board

    def _play(self, *, adjust_players: bool = False, keep_turn: bool = True,
              bots_given: int | None = None, changed: str = "board") -> None:
        """Play the game the controls describe; replace the states (the caller holds and restores).

        ``adjust_players``: a board that does not take the player count sets it to its
        first count (and says so); else that is an error about the ``changed`` control.
        """
        start = self._start
        if start is not None:
            config = start.config
            self._select_board(self.board_of(config))
            counts = [config.players]
            self._players.options = counts
            game = load_game(self.GAME, config)
            self._start_turn = max(len(turn_states(start)) - 1, 0)  # a chance node (deal) has no turn yet
        else:
            board = self._load(self._selected_board())
            counts = list(self.player_counts(board))
            players = self._players.value
            if players not in counts:
                name, fits = self.board_name(board), count_choices(counts, "or")
                what = self.field_label("board").lower()
                a_what = what if what.endswith("s") else f"a {what}"   # "cards", "a board"
                if changed == "players":
                    try:  # the game's own reason, when it gives one
                        load_game(self.GAME, **self.game_options(board, players))
                        reason = ""
                    except INPUT_ERRORS as err:
                        reason = f": {_text_of(err)}"
                    raise ValueError(f"Players must be {fits} with the {what} {name}{reason}; for {players} "
                                     f"players, first choose {a_what} for them")
                if not adjust_players:
                    raise ValueError(
                        f"{name} is {a_what} for {fits} players, and Players is {players}: first choose "
                        f"{a_what} for {fits} players in the {self.field_label('board')} list (Players "
                        f"follows it), then load this one again; in code, give players with it")
                if self._states:
                    self._note(f"Players set to {counts[0]}: {name} is for {count_choices(counts, 'or')} players.")
                players = counts[0]
            game = load_game(self.GAME, **self.game_options(board, players))
            self._start_turn = 0
        if bots_given is not None and bots_given != game.players:
            raise ValueError(f"Bots per seat: {game.players} players need {game.players} bots, got {bots_given}")
        final = play(game, [w.value for w in self._seat_bots[:game.players]], self._seed.value,
                     start=start)
        self._game, self._states = game, turn_states(final)
        self._players.options = counts
        self._players.value = game.players
        for w in (self._board_file, self._board_path, self._board_load, self._board_upload, self._players):
            if w is not None:
                w.disabled = start is not None
        self._turn.max = len(self._states) - 1
        self._turn.value = min(self._turn.value, self._turn.max) if keep_turn else self._start_turn

    # ------------------------------------------------------------ observers
    def _replay(self, *, adjust_players: bool = False, start: Any = None,
                change: Callable[[], None] | None = None, new_start: bool = False) -> bool:
        """A game control changed: play again, or put the controls back to the last game and say why.

        ``start``: a new start (a saved-game path, or NEW_DEAL) to load first;
        ``change``: anything else to do first (select a loaded board; with
        ``new_start``, set a start: the slider then goes to where it begins).
        """
        if self._hold:
            return False

        def replay() -> None:
            if change is not None:
                change()
            if start is not None:
                self._set_start(start)
            whole_number("Seed", self._seed.value, 0, MAX_SEED)  # typed in the browser: no _check
            self._play(adjust_players=adjust_players, keep_turn=start is None and not new_start)

        return self._attempt(replay, restore_to=self._good)

    def _load_typed_start(self) -> bool:
        if self._hold:
            return False
        typed = self._start_path.value.strip()
        if not typed:
            self._show_error(ValueError("Start: type the path of a saved game (.json), then Enter or Load; "
                                        "New deal forgets the start"))
            return False
        self._keep_typed("start_path", typed)
        return self._replay(start=typed)

    def _keep_typed(self, name: str, typed: str) -> None:
        """A failed load puts the controls back to the last view but keeps the path typed in ``name``.

        The box is never reset and re-set (the browser could show it empty
        beside the error message in between): the view to go back to holds the
        typed path already.
        """
        if self._good is not None and name in self._good.controls:
            controls = {**self._good.controls, name: {**self._good.controls[name], "value": typed}}
            self._good = Snapshot(controls, self._good.model)

    def _on_start_upload(self, change) -> None:
        if self._hold or not change["new"]:
            return

        def load() -> None:
            name, content = _upload(change["new"][0], "saved game")
            try:
                text = content.decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError(f"{name} is not UTF-8 text; a saved game is a JSON file") from None
            self._start = load_saved_game(text, game=self.GAME, source=name)
            self._start_label = name

        self._replay(change=load, new_start=True)
        self._clear_upload(self._start_upload)

    def _clear_upload(self, upload: widgets.FileUpload) -> None:
        was, self._hold = self._hold, True
        try:
            upload.value = ()
        except TraitError:  # pragma: no cover - older ipywidgets keep the last upload
            pass
        finally:
            self._hold = was

    def _on_all_seats_bot(self, change) -> None:
        if self._hold or change["new"] == PER_SEAT:
            return
        with self.holding():
            for w in self._seat_bots:
                w.value = change["new"]
        self._replay()

    def _on_seat_bot(self, _change=None) -> None:
        if self._hold:
            return
        with self.holding():
            self._sync_all_seats_bot()
        self._replay()

    def _sync_all_seats_bot(self) -> None:
        seats = {w.value for w in self._seat_bots[:self._players.value]}
        self._bot.value = seats.pop() if len(seats) == 1 else PER_SEAT

    def _show_seats(self, _change=None) -> None:
        for i, w in enumerate(self._seat_bots):
            w.layout.display = None if i < (self._players.value or 0) else "none"

    # ------------------------------------------------------------ the update cycle
    def _compute(self) -> Any:
        whole_number("Seed", self._seed.value, 0, MAX_SEED)
        return self.compute(self.state)

    def _draw(self, view: Any) -> None:
        if self._start is None:
            self._start_info.value = f"<small>A new deal, seed {self._seed.value}.</small>"
        else:
            self._start_info.value = (f"<small>Playing on from {html.escape(self._start_label)} "
                                      f"(turn {self._start_turn}) with seed {self._seed.value}; "
                                      f"{'board and players come' if self.HAS_BOARD else 'players come'} "
                                      "from it.</small>")
        self.draw(view)
        self._refresh_strong_play()

    def _game_rows(self) -> list[widgets.Widget]:
        """The game controls laid out in rows, for the subclass's children."""
        row = {"flex_flow": "row wrap", "align_items": "center"}
        if self._files == "path":
            board_row = [self._board_file, self._board_path, self._board_load]
            start_row = [self._start_path, self._start_load, self._start_clear, self._start_info]
        else:
            # each upload labelled with what to do alone, never ipywidgets' "(0)" (upload_label)
            board_row = [self._board_file, self._board_upload, self._board_upload and upload_label(
                self._board_upload, "Upload a board", "rt-board-upload")]
            start_row = [self._start_upload, upload_label(self._start_upload, "Upload a saved game", "rt-start-upload"),
                         self._start_clear, self._start_info]
        board_row = [w for w in board_row if w is not None]
        return [
            *([widgets.HBox(board_row, layout=row)] if board_row else []),
            widgets.HBox(start_row, layout=row),
            widgets.HBox([self._players, self._bot, self._seed], layout=row),
            widgets.HBox(self._seat_bots, layout=row),
            self._turn,
        ]
