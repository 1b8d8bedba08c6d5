"""Plumbing shared by every rometools explorer (no game logic here; no game imported).

* :class:`Explorer` -- a ``VBox`` with a message area (``rt-message``), its
  controls registered by name, :meth:`Explorer.holding` (change several controls
  without redrawing; put every control back on an error) and an all-or-nothing
  ``set_values``: every value is checked first, then all are applied, and on
  any error every control and the explorer's model go back to where they were
  and the message says why.
* :class:`PlayoutExplorer` -- the base of every board game's explorer: board,
  players, a bot per seat, seed, a start position and the turn slider; it plays
  the game through the registry (:func:`rometools.load_game`,
  :func:`rometools.core.playout.play`) and lets the subclass draw a state.
* :func:`sync_figure` -- replace a live ``go.FigureWidget``'s content with a freshly
  built ``go.Figure`` in one batched update.
* :func:`trace_data` -- read a FigureWidget's data back by trace ``meta``.
* :func:`vocabulary_toggle` -- the Treasures / Riches edition toggle.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets
import plotly.graph_objects as go
from traitlets import TraitError

from rometools.core.data import read_text_file
from rometools.core.game import Game, game_of, game_spec, load_game
from rometools.core.playout import load_saved_game, play, turn_states

__all__ = [
    "INPUT_ERRORS",
    "NEW_DEAL",
    "PER_SEAT",
    "Explorer",
    "PlayoutExplorer",
    "Snapshot",
    "plain_text",
    "sync_figure",
    "trace_data",
    "vocabulary_toggle",
]

#: Exceptions that mean "the input is bad": shown as a message, never a traceback.
INPUT_ERRORS = (ValueError, TypeError, KeyError, TraitError)

#: ``set_values(start=NEW_DEAL)`` (the empty string): forget the start, deal a new game.
NEW_DEAL = ""
#: Value of the all-seats bot dropdown when the seats play different bots.
PER_SEAT = "per seat"

# Widget traits a snapshot keeps, in the order they are put back: options before
# the value they must contain, bounds before the value they clamp.
_SNAPSHOT_TRAITS = ("options", "min", "max", "value", "disabled")


# ===================================================================== figures
def _replace_props(obj, props: Mapping[str, Any], keep: tuple[str, ...] = ()) -> None:
    """Make ``obj`` (a trace or layout of a FigureWidget) hold exactly ``props``.

    Keys it holds that ``props`` lacks are set to ``None`` (removed, also in the
    browser); every key of ``props`` is assigned whole, not merged, so no stale
    sub-property (an error bar, a marker symbol) survives. Equal values send nothing.
    """
    current = obj.to_plotly_json()
    for key in current.keys() - props.keys() - set(keep):
        obj[key] = None
    for key, value in props.items():
        if key == "template" and current.get(key) == value:
            continue  # validating a template is the slow part; skip it when unchanged
        obj[key] = value


def sync_figure(fw: go.FigureWidget, new: go.Figure) -> None:
    """Replace ``fw``'s traces and layout with ``new``'s (one batched front-end message).

    Nothing of the old figure survives: a shape, an annotation, an error bar,
    a title or any other property ``new`` does not set is removed, in Python
    and in every open view. When the traces keep their types and ``meta`` in
    order, they are updated in place (a restyle, which keeps the widget's
    trace uids and click handlers and redraws smoothly); otherwise the traces
    are swapped.

    A FigureWidget sends edits as one-shot messages and keeps its synced state
    (``_widget_data`` / ``_widget_layout``) at what it was built with. A view
    created later (Voila renders after the notebook ran; a second display)
    would start from that stale state and show empty axes, so both are
    brought up to date here after every sync.

    Parameters
    ----------
    fw : plotly.graph_objects.FigureWidget
        The live figure.
    new : plotly.graph_objects.Figure
        The freshly built figure whose content it takes.

    Examples
    --------
    >>> fw = go.FigureWidget(go.Bar(y=[1], meta="bars", error_y={"array": [0.5]}),
    ...                      layout={"title": {"text": "old"}, "shapes": [{"type": "line"}]})
    >>> sync_figure(fw, go.Figure(go.Bar(y=[1, 2], meta="bars")))
    >>> list(fw.data[0].y), fw.data[0].error_y.array, fw.layout.title.text, fw.layout.shapes
    ([1, 2], None, None, ())
    >>> fw._widget_data[0]["y"]
    [1, 2]
    """
    traces = [t.to_plotly_json() for t in new.data]
    same_shape = len(fw.data) == len(traces) and all(
        old.type == t.get("type") and old.meta == t.get("meta") for old, t in zip(fw.data, traces, strict=True))
    if not same_shape:
        fw.data = []
        fw.add_traces(list(new.data))
    with fw.batch_update():
        if same_shape:
            for old, props in zip(fw.data, traces, strict=True):
                _replace_props(old, {k: v for k, v in props.items() if k not in ("type", "uid")},
                               keep=("type", "uid"))  # the FigureWidget keeps its own uids
        _replace_props(fw.layout, new.layout.to_plotly_json())
    fw._widget_data = deepcopy(fw._data)
    fw._widget_layout = deepcopy(fw._layout_obj._props)


def trace_data(fw: go.FigureWidget) -> dict[str, dict]:
    """A FigureWidget's trace data keyed by trace ``meta``.

    Each value holds ``name``, ``x``, ``y``, ``visible`` and, when set,
    ``customdata`` and ``error_plus`` / ``error_minus``.

    Examples
    --------
    >>> fw = go.FigureWidget(go.Bar(x=["a"], y=[3], meta="bars", name="b"))
    >>> trace_data(fw)["bars"]["y"]
    [3]
    """
    out = {}
    for t in fw.data:
        out[t.meta] = {
            "name": t.name,
            "x": list(t.x) if t.x is not None else [],
            "y": list(t.y) if t.y is not None else [],
            "visible": t.visible is not False,
        }
        if t.customdata is not None:
            cd = t.customdata
            out[t.meta]["customdata"] = (cd.tolist() if hasattr(cd, "tolist") else
                                        [list(c) if isinstance(c, tuple | list) else c for c in cd])
        if getattr(t, "error_y", None) is not None and t.error_y.array is not None:
            out[t.meta]["error_plus"] = list(t.error_y.array)
            out[t.meta]["error_minus"] = list(t.error_y.arrayminus)
    return out


def plain_text(markup: str) -> str:
    """HTML widget text as plain text (``<br>`` becomes a space).

    Examples
    --------
    >>> plain_text("<b>Cannot</b> update:<br>x &lt; 0")
    'Cannot update: x < 0'
    """
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<br\s*/?>", " ", markup))).strip()


def vocabulary_toggle(value: str) -> widgets.ToggleButtons:
    """The Treasures (Caesar's Empire) / Riches (Drogi do Rzymu) toggle, CSS ``rt-vocabulary``.

    Examples
    --------
    >>> vocabulary_toggle("riches").value, "rt-vocabulary" in vocabulary_toggle("riches")._dom_classes
    ('riches', True)
    """
    toggle = widgets.ToggleButtons(
        options=[("Treasures", "treasures"), ("Riches", "riches")], value=value,
        description="Vocabulary", tooltips=["Caesar's Empire (English edition)",
                                            "Drogi do Rzymu (English translation)"],
        style={"button_width": "90px"},
    )
    toggle.add_class("rt-vocabulary")
    return toggle


def whole_number(name: str, value: Any, low: int | None = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number in ``low..high``, else a ``ValueError`` naming ``name``.

    Examples
    --------
    >>> whole_number("seed", 7)
    7
    >>> whole_number("turn", "3")
    Traceback (most recent call last):
    ...
    ValueError: turn must be a whole number 0 or more, got '3'
    """
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) or (
            high is not None and value > high):
        bounds = (f" {low} to {high}" if low is not None and high is not None else
                  f" {low} or more" if low is not None else "")
        raise ValueError(f"{name} must be a whole number{bounds}, got {value!r}")
    return value


# ===================================================================== explorers
@dataclass(frozen=True)
class Snapshot:
    """What :meth:`Explorer.holding` puts back: each control's traits and the model attributes.

    Attributes
    ----------
    controls : dict
        ``{control name: {trait: value}}`` for the traits ``options``, ``min``,
        ``max``, ``value``, ``disabled`` the widget has.
    model : dict
        ``{attribute: value}`` for the explorer's ``MODEL`` attributes (its game,
        states...), which are replaced, never mutated, so a reference is enough.
    """

    controls: dict[str, dict[str, Any]]
    model: dict[str, Any]


class Explorer(widgets.VBox):
    """Shared plumbing: message area, named controls, holding, all-or-nothing ``set_values``.

    A subclass calls :meth:`_init_message` first in ``__init__``, registers
    every control with :meth:`_add_control`, puts ``self._message`` among its
    children, and implements:

    * :meth:`_compute` -- the whole view from the controls (figures, tables),
      raising one of :data:`INPUT_ERRORS` for bad input; it changes nothing
      on screen;
    * :meth:`_draw` -- put a computed view on screen (never fails);
    * optionally :meth:`_check` (one ``set_values`` argument, checked on its
      own before anything changes) and :meth:`_assign` (set the controls from
      the checked arguments; may raise for values that depend on others).

    Its ``set_values(**kwargs)`` calls :meth:`_set`; control observers call
    :meth:`_on_change`, which calls :meth:`update` unless the explorer is
    holding.

    Attributes
    ----------
    MODEL : tuple of str
        Attributes (not widgets) that :meth:`holding` saves and restores with the controls.

    Examples
    --------
    All or nothing: a good player count and an unknown Treasure type change nothing.

    >>> from rometools.widgets import SetupOddsExplorer
    >>> ex = SetupOddsExplorer(players=3, trials=0)
    >>> ex.set_values(players=2, kind="saffron")
    False
    >>> ex.players_input.value, ex.message.startswith("Cannot update: unknown Treasure type 'saffron'")
    (3, True)
    """

    MODEL: ClassVar[tuple[str, ...]] = ()

    # ------------------------------------------------------------ set-up
    def _init_message(self) -> None:
        self._message = widgets.HTML(value="")
        self._message.add_class("rt-message")
        self._hold = False
        self._controls: dict[str, widgets.Widget] = {}
        self._good: Snapshot | None = None

    def _add_control(self, name: str, widget: widgets.Widget, *css: str) -> widgets.Widget:
        """Register ``widget`` as the control ``name`` (snapshotted by :meth:`holding`) with CSS classes."""
        self._controls[name] = widget
        for cls in css:
            widget.add_class(cls)
        return widget

    @property
    def message(self) -> str:
        """The message shown to the user, as plain text ('' when all is well)."""
        return plain_text(self._message.value)

    # ------------------------------------------------------------ hold / snapshot / restore
    def _snapshot(self) -> Snapshot:
        controls = {name: {t: getattr(w, t) for t in _SNAPSHOT_TRAITS if w.has_trait(t)}
                    for name, w in self._controls.items()}
        return Snapshot(controls, {a: getattr(self, a, None) for a in self.MODEL})

    def _restore(self, snapshot: Snapshot) -> None:
        was, self._hold = self._hold, True
        try:
            for name, traits in snapshot.controls.items():
                w = self._controls[name]
                if "options" in traits and tuple(w.options) != tuple(traits["options"]):
                    w.options = traits["options"]
                with w.hold_trait_notifications():  # bounds and value are validated together
                    for t in ("min", "max", "value"):
                        if t in traits:
                            setattr(w, t, traits[t])
                if "disabled" in traits:
                    w.disabled = traits["disabled"]
            for attr, value in snapshot.model.items():
                setattr(self, attr, value)
        finally:
            self._hold = was

    @contextmanager
    def holding(self, restore_to: Snapshot | None = None) -> Iterator[Snapshot]:
        """Change several controls without redrawing; on an error put every control back.

        Inside the block, control observers do not update the view. If the
        block raises, every registered control (value, options, bounds,
        ``disabled``) and every ``MODEL`` attribute go back to ``restore_to``
        (default: as they were when the block began), then the error
        propagates. Blocks nest.

        Parameters
        ----------
        restore_to : Snapshot, optional
            Where to go back to on an error; e.g. ``self._good``, the last view
            drawn, when a user's own change is the one that failed.

        Yields
        ------
        Snapshot
            The state that an error restores.

        Examples
        --------
        >>> from rometools.widgets import SetupOddsExplorer
        >>> ex = SetupOddsExplorer(trials=0)
        >>> try:
        ...     with ex.holding():
        ...         ex.seed_input.value = 99
        ...         raise ValueError("something downstream failed")
        ... except ValueError:
        ...     pass
        >>> ex.seed_input.value
        0
        """
        snapshot = self._snapshot() if restore_to is None else restore_to
        was, self._hold = self._hold, True
        try:
            yield snapshot
        except BaseException:
            self._restore(snapshot)
            raise
        finally:
            self._hold = was

    # ------------------------------------------------------------ the update cycle
    def _compute(self) -> Any:  # pragma: no cover - abstract
        """The whole view from the controls; raise one of :data:`INPUT_ERRORS` for bad input."""
        raise NotImplementedError

    def _draw(self, view: Any) -> None:  # pragma: no cover - abstract
        """Put a view from :meth:`_compute` on screen."""
        raise NotImplementedError

    def _check(self, name: str, value: Any) -> Any:
        """One ``set_values`` argument, checked (and normalised) on its own. Default: as given."""
        return value

    def _assign(self, values: dict[str, Any]) -> None:
        """Set the controls from checked arguments. Default: ``control.value = value`` by name."""
        for name, value in values.items():
            self._controls[name].value = value

    def _show(self, view: Any) -> None:
        self._draw(view)
        self._clear_error()
        self._good = self._snapshot()

    def update(self) -> bool:
        """Recompute the view from the controls (called by every control change).

        Returns
        -------
        bool
            ``False``, with a message and the last good view left in place,
            when the input is invalid.
        """
        return self._attempt()

    def _attempt(self, change: Callable[[], None] | None = None, *,
                 restore_to: Snapshot | None = None) -> bool:
        """Run ``change`` (set controls, replay...) while holding, compute the view and draw it.

        On bad input (one of :data:`INPUT_ERRORS`) nothing is drawn: every
        control and the model go back to ``restore_to`` (default: as they were
        before), the message says why, and the result is ``False``.
        """
        try:
            with self.holding(restore_to):
                if change is not None:
                    change()
                view = self._compute()
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        self._show(view)
        return True

    def _set(self, values: Mapping[str, Any]) -> bool:
        """All-or-nothing ``set_values``: check every value, then set them all and redraw once.

        ``None`` means "not given". On any error nothing changes: every
        control and the model are put back, the view stays, the message says why.
        """
        given = {name: value for name, value in values.items() if value is not None}
        try:
            checked = {name: self._check(name, value) for name, value in given.items()}
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        return self._attempt(lambda: self._assign(checked))

    # ------------------------------------------------------------ messages
    def _display_names(self) -> dict[str, str]:
        """``{id: display name}`` used to word error messages; override per explorer."""
        return {}

    def _show_error(self, err: Exception) -> None:
        text = str(err.args[0]) if getattr(err, "args", None) else str(err)
        for key, name in self._display_names().items():
            text = text.replace(repr(key), name)
        self._message.value = (f'<div style="color:#b00020"><b>Cannot update:</b> {html.escape(text)}'
                               f"<br><small>(the chart still shows the last valid input)</small></div>")
        self._message.add_class("rt-error")

    def _clear_error(self) -> None:
        self._message.value = ""
        self._message.remove_class("rt-error")

    def _on_change(self, _change=None) -> None:
        if not self._hold:
            self.update()


# ===================================================================== playouts
class PlayoutExplorer(Explorer):
    """Base of every board game's explorer: step a seeded bot game, turn by turn.

    It plays the game through the registry: ``rometools.load_game(GAME,
    **game_options(board, players))`` (or the start position's own config),
    :func:`rometools.core.playout.play` with one bot per seat and the seed, and
    keeps :func:`rometools.core.playout.turn_states`. It imports no game.

    Controls (CSS class in brackets): the board file (``rt-board-file``) or a
    path typed in ``rt-board-path`` and loaded with ``rt-board-load``; players
    (``rt-players``); the bot for every seat (``rt-bot``; it reads "per seat"
    when the seats differ) and one per seat (``rt-seat-bot``, ``rt-bot-p1``,
    ``rt-bot-p2``...); the seed (``rt-seed``); a start: a saved-game file
    typed in ``rt-start-path`` and loaded with ``rt-start-load``, cleared
    with ``rt-start-clear`` (what it plays from is said in ``rt-start-info``);
    the turn slider (``rt-turn``, 0 = the first turn of the game's history).
    A start fixes the board and players (their controls are disabled while
    it is set); the bots and the seed play on from it.

    Invalid input shows a message in ``rt-message`` and changes nothing: a
    control a user changed is put back to the last game that played.

    A subclass sets :attr:`GAME` and implements :meth:`board_files`,
    :meth:`load_board`, :meth:`player_counts`, :meth:`game_options`,
    :meth:`build_view` (its own controls, registered with ``_add_control``),
    :meth:`compute` and :meth:`draw`; it may override :meth:`board_of`,
    :meth:`board_file_of`, :meth:`default_board`, :meth:`check_view` and
    :meth:`assign_view`, and lays out ``self.children`` from :meth:`_game_rows`
    and its own widgets.

    Attributes
    ----------
    GAME : str
        The registry id of the game.
    DEFAULT_BOT : str, optional
        The bot every seat starts with (default: the first bot name).

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
    MODEL = ("_game", "_states", "_start", "_start_label", "_start_turn")
    _GAME_FIELDS = ("board", "players", "bot", "bots", "seed", "start")

    def __init__(self, board: Any = None, players: int | None = None, bot: str | None = None,
                 seed: int = 1, *, bots: Sequence[str] | None = None, start: Any = None):
        super().__init__()
        self._init_message()
        self._spec = game_spec(self.GAME)
        self._game: Game | None = None
        self._states: list = []
        self._start: Any = None
        self._start_label = ""
        self._start_turn = 0
        names = sorted(self._spec.bots)
        default_bot = self.DEFAULT_BOT or names[0]
        files = self.board_files()
        counts = self.all_player_counts()
        self._board_file = self._add_control("board_file", widgets.Dropdown(
            options=list(files.items()), description="Board"), "rt-board-file")
        self._board_path = self._add_control("board_path", widgets.Text(
            placeholder="or a board file path", continuous_update=False, layout={"width": "260px"}),
            "rt-board-path")
        self._board_load = self._add_control("board_load", widgets.Button(
            description="Load", layout={"width": "70px"}), "rt-board-load")
        self._players = self._add_control("players", widgets.Dropdown(
            options=list(counts), description="Players", layout={"width": "180px"}), "rt-players")
        self._bot = self._add_control("bot", widgets.Dropdown(
            options=[*names, PER_SEAT], value=default_bot, description="Bots"), "rt-bot")
        self._seat_bots = [self._add_control(f"bot_p{i + 1}", widgets.Dropdown(
            options=names, value=default_bot, description=f"P{i + 1}",
            style={"description_width": "28px"}, layout={"width": "150px"}),
            "rt-seat-bot", f"rt-bot-p{i + 1}") for i in range(max(counts))]
        self._seed = self._add_control("seed", widgets.IntText(
            value=1, description="Seed", layout={"width": "180px"}), "rt-seed")
        self._start_path = self._add_control("start_path", widgets.Text(
            placeholder="a saved game (.json) to play on from", continuous_update=False,
            description="Start", layout={"width": "360px"}), "rt-start-path")
        self._start_load = widgets.Button(description="Load", layout={"width": "70px"})
        self._start_load.add_class("rt-start-load")
        self._start_clear = widgets.Button(description="New deal", layout={"width": "90px"})
        self._start_clear.add_class("rt-start-clear")
        self._start_info = widgets.HTML()
        self._start_info.add_class("rt-start-info")
        self._turn = self._add_control("turn", widgets.IntSlider(
            value=0, min=0, max=0, description="Turn", continuous_update=False,
            layout={"width": "520px"}), "rt-turn")
        self._players.observe(self._show_seats, names="value")
        self.build_view()

        first = {"board": board, "players": players, "bot": bot, "bots": bots, "seed": seed, "start": start}
        if not self._set(first):  # open anyway: without the board/start that failed, then on defaults
            error = self._message.value
            fallbacks = ({**first, "board": None, "start": None},
                         {"board": None, "players": None, "bot": None, "bots": None, "seed": 1, "start": None})
            for fallback in fallbacks:
                if self._set(fallback):
                    break
            self._message.value = error
            self._message.add_class("rt-error")
        self._show_seats()

        self._board_file.observe(self._on_board_file, names="value")
        self._board_path.observe(lambda _c: self._replay(adjust_players=True), names="value")
        self._board_load.on_click(lambda _b: self._replay(adjust_players=True))
        self._players.observe(lambda _c: self._replay(), names="value")
        self._bot.observe(self._on_all_seats_bot, names="value")
        for w in self._seat_bots:
            w.observe(self._on_seat_bot, names="value")
        self._seed.observe(lambda _c: self._replay(), names="value")
        self._start_path.observe(lambda _c: self._replay(start=self._start_path.value), names="value")
        self._start_load.on_click(lambda _b: self._replay(start=self._start_path.value))
        self._start_clear.on_click(lambda _b: self._replay(start=NEW_DEAL))
        self._turn.observe(self._on_change, names="value")

    # ------------------------------------------------------------ what a subclass provides
    def board_files(self) -> dict[str, Any]:  # pragma: no cover - abstract
        """Bundled board files offered in the dropdown, ``{label: path}``."""
        raise NotImplementedError

    def load_board(self, source: Any) -> Any:  # pragma: no cover - abstract
        """The board from a file path (``Path``) or a board object; ``DataFileError`` naming the entry."""
        raise NotImplementedError

    def player_counts(self, board: Any) -> Sequence[int]:  # pragma: no cover - abstract
        """The player counts ``board`` is for."""
        raise NotImplementedError

    def game_options(self, board: Any, players: int) -> dict[str, Any]:  # pragma: no cover - abstract
        """Options of ``rometools.load_game(GAME, **options)`` for a new game on ``board``."""
        raise NotImplementedError

    def board_of(self, config: Any) -> Any:
        """The board of a game config (for a start position). Default ``config.board``."""
        return config.board

    def board_file_of(self, board: Any) -> Path | None:
        """The bundled file holding exactly ``board`` (to select it in the dropdown), or ``None``.

        Default ``None``: a board object is listed as "<name> (given)".
        """
        return None

    def default_board(self, players: int | None) -> Any:
        """The board used when none is given. Default: the dropdown's first file."""
        return next(iter(self.board_files().values()))

    def all_player_counts(self) -> tuple[int, ...]:
        """Every player count the game's boards take (the players dropdown when no board limits it)."""
        return tuple(sorted({n for path in self.board_files().values()
                             for n in self.player_counts(self.load_board(path))}))

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

    # ------------------------------------------------------------ set_values machinery
    def _check(self, name: str, value: Any) -> Any:
        names = sorted(self._spec.bots)
        if name == "players":
            counts = self.all_player_counts()
            if isinstance(value, bool) or value not in counts:
                raise ValueError(f"players must be {counts[0]} to {counts[-1]}, got {value!r}")
        elif name == "bot":
            if value not in names:
                raise ValueError(f"unknown bot {value!r}; choose one of {', '.join(names)}")
        elif name == "bots":
            if isinstance(value, str) or not isinstance(value, Sequence):
                raise ValueError(f"bots must be a list with one bot name per seat, got {value!r}")
            if not 1 <= len(value) <= len(self._seat_bots):
                raise ValueError(f"bots must name 1 to {len(self._seat_bots)} seats' bots, got {len(value)}")
            for seat, b in enumerate(value):
                if b not in names:
                    raise ValueError(f"bots[{seat}] (P{seat + 1}): unknown bot {b!r}; "
                                     f"choose one of {', '.join(names)}")
            value = list(value)
        elif name == "seed":
            whole_number("seed", value, low=None)
        elif name == "turn":
            whole_number("turn", value)
        elif name == "start":
            if not isinstance(value, str | Path):
                try:
                    spec = game_of(value)
                except TypeError:
                    spec = None
                if spec is None or spec.id != self.GAME:
                    raise ValueError(f"start must be a {self._spec.title} state (a position or a game), "
                                     f"a saved-game file or '' for a new deal, got {type(value).__name__}")
        elif name != "board":
            value = self.check_view(name, value)
        return value

    def _assign(self, values: dict[str, Any]) -> None:
        game = {k: values.pop(k) for k in self._GAME_FIELDS if k in values}
        if game or not self._states:
            self._assign_game(game)
            self._play(adjust_players="players" not in game, keep_turn="start" not in game,
                       bots_given=len(game["bots"]) if "bots" in game else None)
        if "turn" in values:
            turn = values.pop("turn")
            if turn > self.turns:
                raise ValueError(f"turn must be 0 to {self.turns}, got {turn!r}")
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
            self._start, self._start_label, self._start_path.value = None, "", ""
            return
        if isinstance(start, str) and start.lstrip().startswith("{"):
            self._start = load_saved_game(start, game=self.GAME, source="<saved game text>")
            self._start_label, self._start_path.value = "the saved game given", ""
        elif isinstance(start, str | Path):
            path = Path(start).expanduser()
            text = read_text_file(path, "saved game")  # regular files only, size checked first
            self._start = load_saved_game(text, game=self.GAME, source=str(path))
            self._start_label, self._start_path.value = path.name, str(start)
        else:
            self._start, self._start_label, self._start_path.value = start, "the position given", ""

    def _select_board(self, board: Any) -> None:
        """Show ``board`` (a path or a board object) in the board controls."""
        files = self.board_files()
        if isinstance(board, str | Path):
            path = Path(board)
            if path in files.values():
                self._board_file.value, self._board_path.value = path, ""
            else:
                self._board_path.value = str(board)
            return
        path = self.board_file_of(board)
        if path is not None and path in files.values():  # a bundled board given as an object
            self._board_file.value, self._board_path.value = path, ""
            return
        option = (f"{getattr(board, 'name', 'board')} (given)", board)
        if board not in [v for _, v in self._board_file.options]:
            self._board_file.options = [*self._board_file.options, option]
        self._board_file.value, self._board_path.value = board, ""

    def _selected_board(self) -> Any:
        typed = self._board_path.value.strip()
        return Path(typed).expanduser() if typed else self._board_file.value

    def _play(self, *, adjust_players: bool = False, keep_turn: bool = True,
              bots_given: int | None = None) -> None:
        """Play the game the controls describe; replace the states (the caller holds and restores)."""
        start = self._start
        if start is not None:
            config = start.config
            self._select_board(self.board_of(config))
            counts = [config.players]
            self._players.options = counts
            game = load_game(self.GAME, config)
            self._start_turn = max(len(turn_states(start)) - 1, 0)  # a chance node (deal) has no turn yet
        else:
            board = self.load_board(self._selected_board())
            counts = list(self.player_counts(board))
            players = self._players.value
            if adjust_players and players not in counts:
                players = counts[0]  # a board picked for other player counts: its first
            game = load_game(self.GAME, **self.game_options(board, players))
            self._start_turn = 0
        if bots_given is not None and bots_given != game.players:
            raise ValueError(f"{game.players} players need {game.players} bots, got {bots_given}")
        final = play(game, [w.value for w in self._seat_bots[:game.players]], int(self._seed.value),
                     start=start)
        self._game, self._states = game, turn_states(final)
        self._players.options = counts
        self._players.value = game.players
        for w in (self._board_file, self._board_path, self._board_load, self._players):
            w.disabled = start is not None
        self._turn.max = len(self._states) - 1
        self._turn.value = min(self._turn.value, self._turn.max) if keep_turn else self._start_turn

    # ------------------------------------------------------------ observers
    def _replay(self, *, adjust_players: bool = False, start: Any = None) -> bool:
        """A game control changed: play again, or put the controls back to the last game and say why.

        ``start``: a new start (a saved-game path, or NEW_DEAL) to load first.
        """
        if self._hold:
            return False

        def change() -> None:
            if start is not None:
                self._set_start(start)
            self._play(adjust_players=adjust_players, keep_turn=start is None)

        return self._attempt(change, restore_to=self._good)

    def _on_board_file(self, _change=None) -> None:
        if self._hold:
            return
        with self.holding():
            self._board_path.value = ""
        self._replay(adjust_players=True)

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
        return self.compute(self.state)

    def _draw(self, view: Any) -> None:
        if self._start is None:
            self._start_info.value = f"<small>A new deal, seed {self._seed.value}.</small>"
        else:
            self._start_info.value = (f"<small>Playing on from {html.escape(self._start_label)} "
                                      f"(turn {self._start_turn}) with seed {self._seed.value}; "
                                      "board and players come from it.</small>")
        self.draw(view)

    def _game_rows(self) -> list[widgets.Widget]:
        """The game controls laid out in rows, for the subclass's children."""
        return [
            widgets.HBox([self._board_file, self._board_path, self._board_load]),
            widgets.HBox([self._start_path, self._start_load, self._start_clear, self._start_info]),
            widgets.HBox([self._players, self._bot, self._seed]),
            widgets.HBox(self._seat_bots),
            self._turn,
        ]
