"""Plumbing shared by every rometools explorer (no game logic here; no game imported).

* :class:`Explorer` -- a ``VBox`` (CSS ``rt-explorer``) with a message area
  (``rt-message``), its controls registered by name, :meth:`Explorer.holding`
  (change several controls without redrawing; put every control back on an
  error) and an all-or-nothing ``set_values``: every value is checked first,
  then all are applied, and on any error every control and the explorer's
  model go back to where they were and the message says why, naming the
  field in the designer's words (:attr:`Explorer.FIELD_LABELS`). No exception
  escapes an explorer: an unexpected one is shown as a message too.
* :class:`PlayoutExplorer` -- the base of every board game's explorer: board,
  players, a bot per seat, seed, a start position and the turn slider; it plays
  the game through the registry (:func:`rometools.load_game`,
  :func:`rometools.core.playout.play`) and lets the subclass draw a state.
  Board and saved-game files come from a typed path (in a notebook: regular
  files under the size limit, read with a timeout) or, in the designer app,
  from an upload control beside the list of the data folder's boards.
* :func:`sync_figure` -- replace a live ``go.FigureWidget``'s content with a freshly
  built ``go.Figure`` in one batched update.
* :func:`trace_data` -- read a FigureWidget's data back by trace ``meta``.
* :func:`vocabulary_toggle` -- the Treasures / Riches edition toggle.
* :func:`html_table`, :func:`seat_html`, :func:`csv_link` -- tables, players and
  downloads as HTML, every text from data escaped.
* :func:`whole_number` -- the one check of a whole-number input, worded for a designer.
"""

from __future__ import annotations

import base64
import html
import inspect
import re
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets
import pandas as pd
import plotly.graph_objects as go
from traitlets import TraitError

from rometools.charts._common import seat_colour
from rometools.core.data import MAX_FILE_BYTES, read_text_file
from rometools.core.errors import DataFileError
from rometools.core.formatting import number, percent, seat_label, shown
from rometools.core.game import Game, game_of, game_spec, load_game
from rometools.core.playout import load_saved_game, play, turn_states
from rometools.core.search import best_moves as search_best_moves

__all__ = [
    "FILE_TIMEOUT_S",
    "INPUT_ERRORS",
    "MAX_MESSAGE",
    "MAX_SEED",
    "NEW_DEAL",
    "PER_SEAT",
    "SEARCH_RANGE",
    "SEARCH_SIMULATIONS",
    "Explorer",
    "PlayoutExplorer",
    "Raw",
    "Snapshot",
    "call_with_timeout",
    "csv_link",
    "html_table",
    "inline_toggle",
    "plain_text",
    "seat_html",
    "sync_figure",
    "trace_data",
    "vocabulary_toggle",
    "whole_number",
]

#: Exceptions that mean "the input is bad": shown as a message, never a traceback.
INPUT_ERRORS = (ValueError, TypeError, KeyError, TraitError)

#: ``set_values(start=NEW_DEAL)`` (the empty string): forget the start, deal a new game.
NEW_DEAL = ""
#: Value of the all-seats bot dropdown when the seats play different bots.
PER_SEAT = "per seat"
#: Largest seed: a browser's number box keeps every digit of it (and so echoes it as typed).
MAX_SEED = 999_999_999
#: Longest message shown (characters); a longer one is cut.
MAX_MESSAGE = 400
#: Seconds a board or saved-game file may take to read and check before the explorer gives up.
FILE_TIMEOUT_S = 20.0
#: Simulations of the "what would a strong player do here?" search: default and range.
SEARCH_SIMULATIONS = 300
SEARCH_RANGE = (10, 5_000)

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
        old.type == t.get("type") and old.meta == t.get("meta") and not _revives_text(old.text, t.get("text"))
        for old, t in zip(fw.data, traces, strict=True))
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


def _revives_text(old, new) -> bool:
    """Whether a restyle from text ``old`` to ``new`` would give an empty label a text.

    plotly.js removes the ``<text>`` node of a point whose label is empty and
    never adds it back on a later restyle, so that label would stay blank
    (a city label that came back after a turn was missing from the map).
    Such a trace is swapped instead of restyled.
    """
    if not isinstance(new, list | tuple):
        return False
    if not isinstance(old, list | tuple):
        return old is not None and not old and any(new)
    return len(old) != len(new) or any(n and not o for o, n in zip(old, new, strict=True))


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
    toggle = inline_toggle(widgets.ToggleButtons(
        options=[("Treasures", "treasures"), ("Riches", "riches")], value=value,
        description="Vocabulary", tooltips=["Caesar's Empire, English edition",
                                            "Drogi do Rzymu, English translation"],
        style={"button_width": "96px", "description_width": "80px"},
    ))
    toggle.add_class("rt-vocabulary")
    return toggle


def inline_toggle(toggle: widgets.ToggleButtons) -> widgets.ToggleButtons:
    """``toggle`` with its description beside its buttons, as every other control has it
    (ipywidgets 8 puts a ToggleButtons' description above them).

    Examples
    --------
    >>> inline_toggle(widgets.ToggleButtons(options=["a", "b"])).layout.display
    'flex'
    """
    toggle.layout.display = "flex"
    toggle.layout.flex_flow = "row nowrap"
    toggle.layout.align_items = "center"
    return toggle


# ===================================================================== inputs and HTML
def whole_number(label: str, value: Any, low: int | None = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number in ``low..high``, else a ``ValueError`` naming ``label``.

    ``label`` is the field as the designer sees it (``"Seed"``); ``True``,
    ``2.5`` and ``"3"`` are refused, not converted.

    Examples
    --------
    >>> whole_number("Seed", 7)
    7
    >>> whole_number("Turn", "3")
    Traceback (most recent call last):
    ...
    ValueError: Turn must be a whole number 0 or more, got '3'
    >>> whole_number("Simulated set-ups", -5, 0, 50_000)
    Traceback (most recent call last):
    ...
    ValueError: Simulated set-ups must be a whole number 0 to 50,000, got -5
    """
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) or (
            high is not None and value > high):
        bounds = (f" {number(low)} to {number(high)}" if low is not None and high is not None else
                  f" {number(low)} or more" if low is not None else
                  f" {number(high)} or less" if high is not None else "")
        raise ValueError(f"{label} must be a whole number{bounds}, got {shown(value)}")
    return value


class Raw(str):
    """Text that :func:`html_table` inserts as HTML, unescaped: only for markup built here
    from safe parts (e.g. :func:`seat_html`), never for text from a data file or a user."""


def seat_html(seat: int) -> Raw:
    """A seat as a designer reads it, ``P1`` ... in its seat colour (bold), as HTML.

    Examples
    --------
    >>> seat_html(0)
    '<span style="color:#1a237e;font-weight:bold">P1</span>'
    """
    return Raw(f'<span style="color:{seat_colour(seat)};font-weight:bold">{seat_label(seat)}</span>')


def _cell(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number(value)
    return html.escape(str(value))


def html_table(rows: Any, css: str, *, columns: Sequence[str] | None = None, highlight: int | None = None,
               dim_after: int | None = None, numeric: Sequence[str] = ()) -> str:
    """An HTML table of ``rows``, every cell escaped (except :class:`Raw` markup).

    Parameters
    ----------
    rows : pandas.DataFrame or sequence of sequences
        The cells; a DataFrame brings its column labels.
    css : str
        CSS class of the ``<table>``.
    columns : sequence of str, optional
        Header labels (default: the DataFrame's columns).
    highlight : int, optional
        Position of a row to highlight (CSS ``rt-current``, pale yellow).
    dim_after : int, optional
        Rows after this position are greyed (e.g. turns not played yet).
    numeric : sequence of str
        Columns aligned right.

    Examples
    --------
    >>> html_table([["<b>x</b>", 1500]], "t", columns=["name", "points"], numeric=["points"])
    "<table class='t' style='border-collapse:collapse'><thead><tr><th style='padding:2px 8px;text-align:left;border-bottom:1px solid #999'>name</th><th style='padding:2px 8px;text-align:right;border-bottom:1px solid #999'>points</th></tr></thead><tbody><tr><td style='padding:2px 8px;text-align:left'>&lt;b&gt;x&lt;/b&gt;</td><td style='padding:2px 8px;text-align:right'>1,500</td></tr></tbody></table>"
    """
    if columns is None:
        columns = [str(c) for c in rows.columns]
    body_rows = rows.itertuples(index=False) if hasattr(rows, "itertuples") else rows
    align = ["right" if c in numeric else "left" for c in columns]
    head = "".join(f"<th style='padding:2px 8px;text-align:{a};border-bottom:1px solid #999'>"
                   f"{html.escape(str(c))}</th>" for c, a in zip(columns, align, strict=True))
    body = []
    for i, row in enumerate(body_rows):
        cls, style = "", ""
        if i == highlight:
            cls, style = " class='rt-current'", " style='background:#fff3c4;font-weight:bold'"
        elif dim_after is not None and i > dim_after:
            cls, style = " class='rt-later'", " style='color:#9e9e9e'"
        cells = "".join(f"<td style='padding:2px 8px;text-align:{a}'>{_cell(v)}</td>"
                        for v, a in zip(row, align, strict=True))
        body.append(f"<tr{cls}{style}>{cells}</tr>")
    return (f"<table class='{html.escape(css)}' style='border-collapse:collapse'><thead><tr>{head}</tr>"
            f"</thead><tbody>{''.join(body)}</tbody></table>")


def csv_link(frame: Any, filename: str, label: str, css: str = "rt-download") -> str:
    """An HTML link that downloads ``frame`` as a CSV file, in the browser (no file on the server).

    Examples
    --------
    >>> import pandas as pd
    >>> link = csv_link(pd.DataFrame({"Turn": [1]}), "log.csv", "Game log (CSV)")
    >>> link.startswith("<a class='rt-download' download='log.csv' href='data:text/csv;base64,"), link[-19:]
    (True, '>Game log (CSV)</a>')
    """
    data = base64.b64encode(frame.to_csv(index=False).encode("utf-8")).decode("ascii")
    return (f"<a class='{html.escape(css)}' download='{html.escape(filename)}' "
            f"href='data:text/csv;base64,{data}'>{html.escape(label)}</a>")


def call_with_timeout(fn: Callable[..., Any], *args: Any, seconds: float = FILE_TIMEOUT_S,
                      what: str = "the file") -> Any:
    """``fn(*args)``, or a ``ValueError`` if it takes longer than ``seconds``.

    Reading a data file goes through here, so a slow disk or a file that takes
    long to check never freezes an explorer. The call goes on in a daemon
    thread; its result is dropped.

    Examples
    --------
    >>> call_with_timeout(sum, [1, 2])
    3
    >>> import time
    >>> call_with_timeout(time.sleep, 2, seconds=0.05, what="board.toml")
    Traceback (most recent call last):
    ...
    ValueError: board.toml: reading and checking it took longer than 0.05 s; is it on a slow or network disk?
    """
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = fn(*args)
        except BaseException as err:  # handed to the caller's thread
            result["error"] = err

    worker = threading.Thread(target=run, daemon=True, name="rometools-read")
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise ValueError(f"{what}: reading and checking it took longer than {seconds:g} s; "
                         "is it on a slow or network disk?")
    if "error" in result:
        raise result["error"]
    return result["value"]


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


def _text_of(err: BaseException) -> str:
    return str(err.args[0]) if getattr(err, "args", None) else str(err)


class Explorer(widgets.VBox):
    """Shared plumbing: message area, named controls, holding, all-or-nothing ``set_values``.

    A subclass calls :meth:`_init_message` first in ``__init__``, registers
    every control with :meth:`_add_control`, puts ``self._message`` among its
    children, and implements:

    * ``set_values(*, field=None, ...)`` -- keyword arguments only, ``None``
      meaning "not given"; it calls :meth:`_set`;
    * :meth:`_compute` -- the whole view from the controls (figures, tables),
      raising one of :data:`INPUT_ERRORS` for bad input; it changes nothing
      on screen; it checks every control value a user can type (a browser
      sends them without :meth:`_check`);
    * :meth:`_draw` -- put a computed view on screen (never fails);
    * optionally :meth:`_check` (one ``set_values`` argument, checked on its
      own before anything changes; refuse, never convert: ``"no"`` is not
      ``False`` and ``2.5`` is not ``2``), :meth:`_assign` (set the controls
      from the checked arguments; may raise for values that depend on others),
      :meth:`values` (when a field has no control of its own name) and
      :attr:`FIELD_LABELS`.

    Control observers call :meth:`_on_change`, which calls :meth:`update`
    unless the explorer is holding. A message names the field as the designer
    sees it (``"Seed must be a whole number 0 to 999,999,999, got 2.5"``);
    a message that does not is prefixed with the field's label. Values are
    quoted cut to a readable length, the whole message to :data:`MAX_MESSAGE`
    characters, and escaped. An exception that is not an input error (a bug)
    is shown as "an unexpected error" with its type and kept in
    :attr:`last_error`, never raised into the notebook or the app.

    Attributes
    ----------
    MODEL : tuple of str
        Attributes (not widgets) that :meth:`holding` saves and restores with the controls.
    FIELD_LABELS : dict
        ``{set_values argument: label}``, the words the designer reads on the
        control (default: the control's description, else the name in words).
    last_error : Exception or None
        The last unexpected error (a bug to report), kept for inspection.

    Examples
    --------
    All or nothing: a good player count and an unknown Treasure type change nothing.

    >>> from rometools.widgets import SetupOddsExplorer
    >>> ex = SetupOddsExplorer(players=3, trials=0)
    >>> ex.set_values(players=2, kind="saffron")
    False
    >>> ex.players_input.value, ex.message.startswith("Cannot update: unknown Treasure type 'saffron'")
    (3, True)
    >>> ex.set_values(seed=2.5), ex.message
    (False, 'Cannot update: Seed must be a whole number 0 to 999,999,999, got 2.5 (the chart still shows the last valid input)')
    """

    MODEL: ClassVar[tuple[str, ...]] = ()
    FIELD_LABELS: ClassVar[dict[str, str]] = {}

    def __init__(self, children: Sequence[widgets.Widget] = (), **kwargs: Any):
        # padded, so that in the app (a page with no margin) the controls keep off the left edge
        kwargs.setdefault("layout", widgets.Layout(padding="6px 18px 6px 18px"))
        super().__init__(list(children), **kwargs)
        self.add_class("rt-explorer")

    # ------------------------------------------------------------ set-up
    def _init_message(self) -> None:
        self._message = widgets.HTML(value="")
        self._message.add_class("rt-message")
        self._hold = False
        self._controls: dict[str, widgets.Widget] = {}
        self._good: Snapshot | None = None
        self._notes: list[str] = []
        self.last_error: BaseException | None = None

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

    # ------------------------------------------------------------ fields
    def set_values(self, **values: Any) -> bool:
        """Set controls programmatically, then update once; all or nothing (see the subclass)."""
        return self._set(values)

    def fields(self) -> tuple[str, ...]:
        """The arguments of :meth:`set_values`, in order.

        Examples
        --------
        >>> from rometools.widgets import SetupOddsExplorer
        >>> SetupOddsExplorer(trials=0).fields()
        ('players', 'all_tokens_variant', 'kind', 'trials', 'seed', 'vocabulary')
        """
        return tuple(p.name for p in inspect.signature(self.set_values).parameters.values()
                     if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD))

    def field_label(self, name: str) -> str:
        """The field ``name`` in the designer's words, as messages name it.

        Examples
        --------
        >>> from rometools.widgets import SetupOddsExplorer
        >>> ex = SetupOddsExplorer(trials=0)
        >>> ex.field_label("trials"), ex.field_label("all_tokens_variant")
        ('Simulated set-ups', 'All-tokens variant')
        """
        if name in self.FIELD_LABELS:
            return self.FIELD_LABELS[name]
        control = self._controls.get(name)
        description = getattr(control, "description", "") if control is not None else ""
        return description or name.replace("_", " ").capitalize()

    def values(self) -> dict[str, Any]:
        """The current value of every field, as :meth:`set_values` takes it.

        Default: the value of the control registered under the field's name.

        Examples
        --------
        >>> from rometools.widgets import SetupOddsExplorer
        >>> SetupOddsExplorer(trials=0, seed=4).values()["seed"]
        4
        """
        return {name: self._controls[name].value for name in self.fields() if name in self._controls}

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

    def _note(self, text: str) -> None:
        """Say what the explorer adjusted (shown after a successful update, never silent)."""
        self._notes.append(text)

    def _show(self, view: Any) -> None:
        self._draw(view)
        if self._notes:
            self._show_notes()
        else:
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
        before), the message says why, and the result is ``False``. Any other
        exception is shown the same way as an unexpected error.
        """
        self._notes = []
        try:
            with self.holding(restore_to):
                if change is not None:
                    change()
                seed = self._controls.get("seed")  # every explorer's seed, typed or set: one range
                if seed is not None and isinstance(getattr(seed, "value", None), int):
                    whole_number(self.field_label("seed"), seed.value, 0, MAX_SEED)
                view = self._compute()
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        except Exception as err:  # a bug: never a traceback in a widget
            self._show_unexpected(err)
            return False
        try:
            self._show(view)
        except Exception as err:  # pragma: no cover - drawing never fails; if it does, say so
            self._show_unexpected(err)
            return False
        return True

    def _set(self, values: Mapping[str, Any]) -> bool:
        """All-or-nothing ``set_values``: check every value, then set them all and redraw once.

        ``None`` means "not given". On any error nothing changes: every
        control and the model are put back, the view stays, the message says
        why, naming the field.
        """
        given = {name: value for name, value in values.items() if value is not None}
        try:
            checked = {name: self._checked(name, value) for name, value in given.items()}
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        except Exception as err:  # a bug: never a traceback in a widget
            self._show_unexpected(err)
            return False
        return self._attempt(lambda: self._assign(checked))

    def _checked(self, name: str, value: Any) -> Any:
        """:meth:`_check`, with an error that does not name the field prefixed by its label."""
        try:
            return self._check(name, value)
        except INPUT_ERRORS as err:
            label = self.field_label(name)
            text = _text_of(err)
            if label.lower().removesuffix("s") in text.lower():  # "City tokens": "City token 'x'..." names it
                raise
            raise ValueError(f"{label}: {text}") from None

    # ------------------------------------------------------------ messages
    def _display_names(self) -> dict[str, str]:
        """``{id: display name}`` used to word error messages; override per explorer."""
        return {}

    def _wording(self, text: str, err: BaseException | None = None) -> str:
        if not isinstance(err, DataFileError | _FileProblem):  # a file's entries are named as in the file
            for key, name in self._display_names().items():
                text = text.replace(repr(key), name)
        if len(text) > MAX_MESSAGE:
            text = text[:MAX_MESSAGE] + f"... ({number(len(text))} characters in all)"
        return text

    def _show_error(self, err: BaseException) -> None:
        text = self._wording(_text_of(err), err)
        self._message.value = (f'<div style="color:#b00020"><b>Cannot update:</b> {html.escape(text)}'
                               f"<br><small>(the chart still shows the last valid input)</small></div>")
        self._message.add_class("rt-error")
        self._message.remove_class("rt-notice")

    def _show_unexpected(self, err: BaseException) -> None:
        self.last_error = err
        self._show_error(ValueError(f"an unexpected error in rometools ({type(err).__name__}: "
                                    f"{shown(_text_of(err), 200)}); please report it"))
        self._message.add_class("rt-unexpected")

    def _show_notes(self) -> None:
        text = " ".join(self._wording(n) for n in self._notes)
        self._message.value = f'<div style="color:#5d4037"><b>Note:</b> {html.escape(text)}</div>'
        self._message.remove_class("rt-error")
        self._message.remove_class("rt-unexpected")
        self._message.add_class("rt-notice")

    def _clear_error(self) -> None:
        self._message.value = ""
        for cls in ("rt-error", "rt-unexpected", "rt-notice"):
            self._message.remove_class(cls)

    def _on_change(self, _change=None) -> None:
        if not self._hold:
            self.update()


# ===================================================================== playouts
_UPLOAD_SUFFIXES = {"board": (".toml", ".yaml", ".yml"), "saved game": (".json",)}


def _upload(item: Mapping[str, Any], what: str) -> tuple[str, bytes]:
    """The (safe) name and bytes of an uploaded file, or a ``ValueError`` for a wrong kind or size."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", str(item.get("name", "upload")))[:80] or "upload"
    if not name.lower().endswith(_UPLOAD_SUFFIXES[what]):
        raise ValueError(f"upload a {what} file ({' or '.join(_UPLOAD_SUFFIXES[what])}), got {shown(name)}")
    content = bytes(item.get("content", b""))
    if len(content) > MAX_FILE_BYTES:
        raise ValueError(f"{name} is {number(len(content))} bytes; a {what} file is at most "
                         f"{number(MAX_FILE_BYTES)} bytes")
    return name, content


class PlayoutExplorer(Explorer):
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

    A subclass sets :attr:`GAME` and implements :meth:`board_files`,
    :meth:`load_board`, :meth:`player_counts`, :meth:`game_options`,
    :meth:`build_view` (its own controls, registered with ``_add_control``),
    :meth:`compute` and :meth:`draw`; it may override :meth:`board_of`,
    :meth:`board_file_of`, :meth:`default_board`, :meth:`check_view`,
    :meth:`assign_view` and :meth:`board_name`, and lays out ``self.children``
    from :meth:`_game_rows` and its own widgets.

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
        self._board_file = self._add_control("board_file", widgets.Dropdown(
            options=[(self._board_option_label(p), p) for p in self.board_files().values()],
            description="Board", style=wide, layout={"width": "560px"}), "rt-board-file")
        self._board_path = self._board_load = self._start_path = self._start_load = None
        self._board_upload = self._start_upload = None
        if files == "path":
            self._board_path = self._add_control("board_path", widgets.Text(
                # 560 + 280 + 64 px (and margins) fit one row of a notebook beside JupyterLab's file browser
                placeholder="or a board file path (Enter or Load)", continuous_update=False,
                layout={"width": "280px"}), "rt-board-path")
            self._board_load = self._add_control("board_load", widgets.Button(
                description="Load", tooltip="Load the board file typed on the left",
                layout={"width": "64px"}), "rt-board-load")
            self._start_path = self._add_control("start_path", widgets.Text(
                placeholder="a saved game (.json) to play on from", continuous_update=False,
                description="Start", style=wide, layout={"width": "400px"}), "rt-start-path")
            self._start_load = widgets.Button(description="Load", layout={"width": "70px"},
                                              tooltip="Play on from the saved game typed on the left")
            self._start_load.add_class("rt-start-load")
        else:
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
        self._seed = self._add_control("seed", widgets.IntText(
            value=1, description="Seed", style=wide, layout={"width": "200px"}), "rt-seed")
        self._start_clear = widgets.Button(description="New deal", layout={"width": "90px"},
                                           tooltip="Forget the start; deal a new game with the seed")
        self._start_clear.add_class("rt-start-clear")
        self._start_info = widgets.HTML()
        self._start_info.add_class("rt-start-info")
        self._turn = self._add_control("turn", widgets.IntSlider(
            value=0, min=0, max=0, description="Turn", continuous_update=False, style=wide,
            layout={"width": "560px"}), "rt-turn")
        self._players.observe(self._show_seats, names="value")
        self._search_budget = widgets.IntText(
            value=SEARCH_SIMULATIONS, description="Simulations", style={"description_width": "84px"},
            layout={"width": "200px"}, tooltip="MCTS simulations (whole games played to the end) before ranking")
        self._search_budget.add_class("rt-best-budget")
        self._search_run = widgets.Button(description="Search", layout={"width": "90px"},
                                          tooltip="Rank the legal moves of the player to move at this turn")
        self._search_run.add_class("rt-best-run")
        self._search_out = widgets.HTML()
        self._search_out.add_class("rt-best-moves")
        self._searched: Any = None       # the state whose ranking is shown
        self._search_good = SEARCH_SIMULATIONS
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
        self._players.observe(lambda _c: self._replay(), names="value")
        self._bot.observe(self._on_all_seats_bot, names="value")
        for w in self._seat_bots:
            w.observe(self._on_seat_bot, names="value")
        self._seed.observe(lambda _c: self._replay(), names="value")
        if files == "path":
            self._board_path.observe(lambda _c: self._load_typed_board(), names="value")
            self._board_load.on_click(lambda _b: self._load_typed_board())
            self._start_path.observe(lambda _c: self._load_typed_start(), names="value")
            self._start_load.on_click(lambda _b: self._load_typed_start())
        else:
            self._board_upload.observe(self._on_board_upload, names="value")
            self._start_upload.observe(self._on_start_upload, names="value")
        self._start_clear.on_click(lambda _b: self._replay(start=NEW_DEAL))
        self._turn.observe(self._on_change, names="value")
        self._search_run.on_click(lambda _b: self.best_moves())

    # ------------------------------------------------------------ what a subclass provides
    def board_files(self) -> dict[str, Any]:  # pragma: no cover - abstract
        """The data folder's board files offered in the dropdown, ``{file name: path}``."""
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

    def board_name(self, board: Any) -> str:
        """The board as the list names it. Default: its ``name`` attribute."""
        return str(getattr(board, "name", "board"))

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

    @property
    def board(self) -> Any:
        """The board in play: the board list's selection (a file path or a board object)."""
        return self._board_file.value

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
                raise ValueError(f"Players must be {_choices(counts)}, got {shown(value)}")
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
                self._start = load_saved_game(text, game=self.GAME, source=str(path))
            except DataFileError as err:
                raise _FileProblem(_file_problem("Start: the saved game", err)) from None
            except ValueError as err:  # a RulesError: an illegal action in the history
                raise ValueError(f"Start: the saved game {shown(str(path), 80)}: {_text_of(err)}") from None
            self._start_label = path.name
            if self._start_path is not None:
                self._start_path.value = str(start)
        else:
            self._start, self._start_label = start, "the position given"

    def _board_type(self) -> type:
        """The type of the game's board objects (what a data-folder file loads as)."""
        return type(self.load_board(next(iter(self.board_files().values()))))

    def _board_option_label(self, source: Any) -> str:
        """How the board list names a board: file and board name, never nested brackets."""
        if isinstance(source, str | Path):
            path = Path(source)
            if path in self.board_files().values():
                return f"{path.name} \u00b7 {self.board_name(self.load_board(path))}"
            return f"{path.name} \u00b7 from {path.parent}"
        return f"{self.board_name(source)} \u00b7 given"

    def _select_board(self, board: Any, *, label: str | None = None) -> None:
        """Select ``board`` (a path or a board object) in the board list, adding it if new."""
        files = self.board_files()
        if isinstance(board, str | Path):
            board = Path(board).expanduser()
        else:
            path = self.board_file_of(board)
            if path is not None and path in files.values():  # a bundled board given as an object
                board = path
        options = list(self._board_file.options)
        if board not in [v for _, v in options]:
            options.append((label or self._board_option_label(board), board))
            self._board_file.options = options
        self._board_file.value = board

    def _selected_board(self) -> Any:
        return self._board_file.value

    def _load(self, source: Any) -> Any:
        """The board of ``source``; a file is read within :data:`FILE_TIMEOUT_S` seconds."""
        if isinstance(source, Path) and source not in self.board_files().values():
            try:
                return call_with_timeout(self.load_board, source, what=source.name or str(source))
            except DataFileError as err:
                raise _FileProblem(_file_problem(f"{self.field_label('board')} file", err)) from None
        return self.load_board(source)

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
                name, fits = self.board_name(board), _choices(counts, "or")
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
                    self._note(f"Players set to {counts[0]}: {name} is for {_choices(counts, 'or')} players.")
                players = counts[0]
            game = load_game(self.GAME, **self.game_options(board, players))
            self._start_turn = 0
        if bots_given is not None and bots_given != game.players:
            raise ValueError(f"Bots per seat: {game.players} players need {game.players} bots, got {bots_given}")
        final = play(game, [w.value for w in self._seat_bots[:game.players]], int(self._seed.value),
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

    def _load_typed_board(self) -> bool:
        """Load the path typed in the board box (Enter, leaving the box, or Load); keep it if it fails."""
        if self._hold:
            return False
        typed = self._board_path.value.strip()
        if not typed:
            self._show_error(ValueError("Board file: type the path of a board file, then Enter or Load"))
            return False
        ok = self._replay(change=lambda: self._select_board(Path(typed).expanduser()))
        if not ok:
            with self.holding():
                self._board_path.value = typed  # a failed load keeps what was typed
        return ok

    def _load_typed_start(self) -> bool:
        if self._hold:
            return False
        typed = self._start_path.value.strip()
        if not typed:
            self._show_error(ValueError("Start: type the path of a saved game (.json), then Enter or Load; "
                                        "New deal forgets the start"))
            return False
        ok = self._replay(start=typed)
        if not ok:
            with self.holding():
                self._start_path.value = typed
        return ok

    def _on_board_upload(self, change) -> None:
        if self._hold or not change["new"]:
            return

        def load() -> None:
            name, content = _upload(change["new"][0], "board")
            with tempfile.TemporaryDirectory(prefix="rometools-upload-") as folder:
                path = Path(folder) / name
                path.write_bytes(content)
                try:
                    board = call_with_timeout(self.load_board, path, what=name)
                except INPUT_ERRORS as err:
                    raise ValueError(_text_of(err).replace(str(path), name)) from None
            self._select_board(board, label=f"{name} \u00b7 uploaded \u00b7 {self.board_name(board)}")

        self._replay(change=load)
        self._clear_upload(self._board_upload)

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

    def _on_board_file(self, _change=None) -> None:
        if self._hold:
            return
        self._replay(adjust_players=True)  # the path box keeps what was typed; the list says what is loaded

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
                                      "board and players come from it.</small>")
        self.draw(view)
        if self._searched is not self.state:
            self._searched = None
            self._search_out.value = self._search_hint()

    # ------------------------------------------------------------ what would a strong player do here?
    def best_moves(self, simulations: int | None = None):
        """Rank the legal moves of the player to move at the slider's turn with MCTS.

        "What would a strong player do here?": :func:`rometools.core.search.best_moves`
        on the state shown, ``simulations`` playouts (greedy bots play them out),
        seeded by the explorer's seed (same seed and turn, same ranking). The
        table (``rt-best-moves``) lists every move the search tried, the most
        visited first; it is cleared when the turn or the game changes.

        Parameters
        ----------
        simulations : int, optional
            Playouts, :data:`SEARCH_RANGE` (default: the ``rt-best-budget`` box,
            first :data:`SEARCH_SIMULATIONS`).

        Returns
        -------
        pandas.DataFrame or None
            Columns ``Rank``, ``Move`` (the game's words), ``Simulations``
            (playouts that began with the move) and ``Win chance`` (estimated,
            as a percentage; ``"only move"`` when there is no choice). ``None``
            when the simulations are out of range (the panel says so in place
            of the ranking and the box goes back to its last good value), and
            with a note in the panel when nobody is to move (chance or the end).

        Examples
        --------
        >>> from rometools.widgets import BoardExplorer
        >>> ex = BoardExplorer(players=2, seed=3)
        >>> table = ex.best_moves(30)
        >>> list(table.columns), table["Rank"].tolist()[:2]
        (['Rank', 'Move', 'Simulations', 'Win chance'], [1, 2])
        >>> ex.best_moves(3), plain_text(ex._search_out.value)[:68]
        (None, 'Cannot search: Simulations must be a whole number 10 to 5,000, got 3')
        """
        value = self._search_budget.value if simulations is None else simulations
        try:
            whole_number("Simulations", value, *SEARCH_RANGE)
            state, game = self.state, self.game
            seat = game.current_player(state)
            if seat < 0:
                self._search_out.value = self._search_hint()
                return None
            ranked = search_best_moves(state, value, rng=self._seed.value)
        except INPUT_ERRORS as err:
            self._search_budget.value = self._search_good
            self._searched = None
            self._search_out.value = (  # next to the box and the button, in place of the old ranking
                f'<div class="rt-error" style="color:#b00020"><b>Cannot search:</b> '
                f"{html.escape(self._wording(_text_of(err), err))}<br><small>(the box is back at "
                f"{number(self._search_good)}; no ranking is shown)</small></div>")
            return None
        except Exception as err:  # a bug: never a traceback in a widget
            self._show_unexpected(err)
            return None
        self._search_good = self._search_budget.value = value
        words = self._spec.action_text
        rows = [{"Rank": i + 1, "Move": words(state, m.action) if words else shown(m.action),
                 "Simulations": m.visits, "Win chance": "only move" if m.visits == 0 else percent(m.value)}
                for i, m in enumerate(ranked)]
        table = pd.DataFrame(rows, columns=["Rank", "Move", "Simulations", "Win chance"])
        self._searched = state
        self._clear_error()
        self._search_out.value = (
            f"<small>{seat_html(seat)} to move at turn {self._turn.value}: {number(value)} simulations "
            f"(MCTS, greedy playouts, seed {self._seed.value}); the most simulated move is the search's "
            "choice. The win chance is the share of those playouts the player won.</small>"
            + html_table(table, "rt-best-moves-table", numeric=["Rank", "Simulations", "Win chance"], highlight=0))
        return table

    def _search_hint(self) -> str:
        seat = self.game.current_player(self.state) if self._game is not None and self._states else -1
        if seat < 0:
            return "<small><i>Nobody is to move at this turn (the game is over): no move to rank.</i></small>"
        return (f"<small><i>Press Search to rank the moves of {seat_html(seat)} at this turn (each "
                "simulation plays the game to its end, so the time grows with the simulations and "
                "with the turns left).</i></small>")

    def _strong_play_rows(self) -> list[widgets.Widget]:
        """The "what would a strong player do here?" panel, for the subclass's children."""
        row = {"flex_flow": "row wrap", "align_items": "center"}
        return [
            widgets.HTML("<b style='font-size:1.05em'>What would a strong player do here?</b> "
                         "<small>the legal moves ranked by a Monte Carlo tree search</small>"),
            widgets.HBox([self._search_budget, self._search_run], layout=row),
            self._search_out,
        ]

    def _game_rows(self) -> list[widgets.Widget]:
        """The game controls laid out in rows, for the subclass's children."""
        row = {"flex_flow": "row wrap", "align_items": "center"}
        if self._files == "path":
            board_row = [self._board_file, self._board_path, self._board_load]
            start_row = [self._start_path, self._start_load, self._start_clear, self._start_info]
        else:
            board_row = [self._board_file, self._board_upload]
            start_row = [self._start_upload, self._start_clear, self._start_info]
        return [
            widgets.HBox(board_row, layout=row),
            widgets.HBox(start_row, layout=row),
            widgets.HBox([self._players, self._bot, self._seed], layout=row),
            widgets.HBox(self._seat_bots, layout=row),
            self._turn,
        ]


class _FileProblem(ValueError):
    """A data file's problem, worded for an explorer (its entries keep the file's ids)."""


def _file_problem(what: str, err: DataFileError) -> str:
    """A data-file error worded for an explorer: what the file is, its (cut) path, entry and problem.

    Examples
    --------
    >>> _file_problem("Board file", DataFileError("/x/b.toml", "city[0].value", "must be 1 to 8, got 9"))
    'Board file /x/b.toml: city[0].value: must be 1 to 8, got 9'
    """
    path = str(err.path)
    path = path if len(path) <= 80 else f"{path[:60]}... ({number(len(path))} characters)"
    return f"{what} {path}: " + (f"{err.entry}: " if err.entry else "") + err.problem


def _choices(values: Sequence[Any], last: str = "to") -> str:
    """``2 to 5`` for a run of counts, else ``2, 3 or 5``."""
    values = list(values)
    if len(values) == 1:
        return str(values[0])
    if last == "to" and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}"
