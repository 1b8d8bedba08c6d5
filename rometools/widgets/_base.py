"""Plumbing shared by every rometools explorer (no game logic here; no game imported).

* :class:`Explorer` -- a ``VBox`` (CSS ``rt-explorer``) with a message area
  (``rt-message``), its controls registered by name, :meth:`Explorer.holding`
  (change several controls without redrawing; put every control back on an
  error) and an all-or-nothing ``set_values``: every value is checked first,
  then all are applied, and on any error every control and the explorer's
  model go back to where they were and the message says why, naming the
  field in the designer's words (:attr:`Explorer.FIELD_LABELS`). No exception
  escapes an explorer: an unexpected one is shown as a message too.
* The explorers of a seeded game build on it: :class:`~rometools.widgets._playout.PlayoutExplorer`
  (board, players, bots, seed, start, turn slider) with its "what would a strong
  player do here?" panel (:mod:`rometools.widgets._strong_play`).
* :class:`Chart`, :class:`ChartFigure`, :func:`trace_data` -- charts drawn in the browser
  by a small view of our own, which say when they are computing, drawing or could not
  draw (in :mod:`rometools.widgets._charts`, re-exported here).
* :func:`html_table`, :func:`seat_html`, :func:`csv_link`, :func:`plain_text` -- tables,
  players and downloads as HTML, every text from data escaped, and HTML read back as
  text (in :mod:`rometools.widgets._html`, re-exported here).
* :func:`vocabulary_toggle`, :class:`WholeNumberText`, :func:`whole_number`, :func:`busy`,
  :func:`call_with_timeout` -- the edition toggle, whole-number boxes and their one check, a
  button that says so while its slow work runs, a data file read within a time limit (in
  :mod:`rometools.widgets._inputs`, re-exported here).
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.core.errors import DataFileError
from rometools.core.formatting import number, shown
from rometools.widgets._charts import Chart, ChartFigure, trace_data  # noqa: F401 (re-exported)
from rometools.widgets._html import Raw, csv_link, html_table, plain_text, seat_html, stale_note  # noqa: F401 (re-exported)

# The inputs (toggles, whole-number boxes, busy buttons, files read and uploaded), in their own module,
# re-exported here where they were first written.
from rometools.widgets._inputs import (  # noqa: F401 (re-exported)
    FILE_TIMEOUT_S,
    INPUT_ERRORS,
    CheckedAsTyped,
    NumberBoxError,
    WholeNumberText,
    _typed_number,
    _upload,
    busy,
    call_with_timeout,
    inline_toggle,
    vocabulary_toggle,
    whole_number,
)

__all__ = [
    "FILE_TIMEOUT_S",
    "INPUT_ERRORS",
    "MAX_MESSAGE",
    "MAX_SEED",
    "Chart",
    "ChartFigure",
    "CheckedAsTyped",
    "NumberBoxError",
    "Explorer",
    "Raw",
    "Snapshot",
    "WholeNumberText",
    "busy",
    "call_with_timeout",
    "csv_link",
    "html_table",
    "inline_toggle",
    "plain_text",
    "seat_html",
    "stale_note",
    "trace_data",
    "vocabulary_toggle",
    "whole_number",
]

#: Largest seed: a browser's number box keeps every digit of it (and so echoes it as typed).
MAX_SEED = 999_999_999
#: Widgets with a value that the explorer shows, never one a designer edits.
_SHOWN_ONLY = (widgets.HTML, widgets.HTMLMath, widgets.Label, widgets.IntProgress, widgets.FloatProgress,
               widgets.Valid)

#: Longest message shown (characters); a longer one is cut.
MAX_MESSAGE = 400
# Widget traits a snapshot keeps, in the order they are put back: options before
# the value they must contain, bounds before the value they clamp.
_SNAPSHOT_TRAITS = ("options", "min", "max", "value", "disabled")


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


class _FileProblem(ValueError):
    """A data file's problem, worded for an explorer (its entries keep the file's ids)."""


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
    NUMBER_BOXES : dict
        ``{field: (low, high)}``: the range of number boxes (a
        :class:`WholeNumberText`, never a browser's integer box, which turns
        ``1.5`` into ``1`` and clamps without a word) that do not carry their
        own ``low``/``high``. Every box of :meth:`number_boxes` is checked
        before every update; a value typed out of range or not whole is
        refused with a message naming the field, and the box goes back to the
        value of the view shown. Default: the seed, 0 to :data:`MAX_SEED`.
    FIELD_LABELS : dict
        ``{set_values argument: label}``, the words the designer reads on the
        control (default: the control's description, else the name in words).
    KEPT : str or None
        What a refusal says stays on screen; default "the chart still shows
        the last valid input" (or "the charts still show ..." for an
        explorer of several charts).
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
    NUMBER_BOXES: ClassVar[dict[str, tuple[int | None, int | None]]] = {"seed": (0, MAX_SEED)}
    KEPT: ClassVar[str | None] = None

    def __init__(self, children: Sequence[widgets.Widget] = (), **kwargs: Any):
        # padded, so that in the app (a page with no margin) the controls keep off the left edge
        kwargs.setdefault("layout", widgets.Layout(padding="6px 18px 6px 18px"))
        super().__init__(list(children), **kwargs)
        self.add_class("rt-explorer")

    # ------------------------------------------------------------ set-up
    _message_at: tuple[widgets.Box, widgets.Widget] | None = None   # where _place_message moved the message to
    _message_home = 0   # its place among the children, while it is moved

    def _init_message(self) -> None:
        self._message = widgets.HTML(value="")
        self._message.add_class("rt-message")
        self._hold = False
        self._controls: dict[str, widgets.Widget] = {}
        self._good: Snapshot | None = None
        self._notes: list[str] = []
        self.last_error: BaseException | None = None
        self._charts: dict[str, Chart] = {}
        self._box_back: list[tuple[str, str]] | None = None   # controls a refusal put back: (label, value)
        self._refusals = 0                              # values refused so far (a download says a new one)
        self._watching: tuple = ((), None, None)        # what clears the message at the next edit

    @contextmanager
    def _held(self) -> Iterator[None]:
        """While the block runs, every control of the explorer is disabled in the page; afterwards
        each is back as it was, however the block ends.

        For a long computation in the kernel that no chart waits for (a search): the kernel reads
        no control until it ends, so a control changed meanwhile would leave the charts behind
        it with nothing on screen saying so. Each change is sent to the page at once, before the
        work starts (as :func:`busy`).

        Examples
        --------
        >>> ex = Explorer([widgets.Dropdown(options=[1, 2]), widgets.VBox([widgets.IntSlider(disabled=True)])])
        >>> with ex._held():
        ...     ex.children[0].disabled, ex.children[1].children[0].disabled
        (True, True)
        >>> ex.children[0].disabled, ex.children[1].children[0].disabled
        (False, True)
        """
        held, todo = [], list(self.children)
        while todo:
            w = todo.pop()
            todo.extend(getattr(w, "children", ()))
            if w.has_trait("disabled"):
                held.append((w, w.disabled))
        for w, _ in held:
            w.disabled = True
        try:
            yield
        finally:
            for w, was in held:
                w.disabled = was

    def close(self) -> None:
        """Close the explorer with its charts (their views and sources)."""
        for chart in getattr(self, "_charts", {}).values():
            chart.close()
        super().close()

    def _add_control(self, name: str, widget: widgets.Widget, *css: str) -> widgets.Widget:
        """Register ``widget`` as the control ``name`` (snapshotted by :meth:`holding`) with CSS classes."""
        self._controls[name] = widget
        for cls in css:
            widget.add_class(cls)
        return widget

    def _add_chart(self, name: str, *css: str) -> widgets.Widget:
        """Register the chart ``name`` (a :class:`ChartFigure` of the class) with CSS classes; its view.

        Lay the returned view out among the children.
        """
        chart = self._charts[name] = Chart(*css)
        return chart.view

    def _show_chart(self, name: str, fig: go.Figure) -> None:
        """Show ``fig`` in the chart ``name``."""
        self._charts[name].show(fig)

    def _chart_figure(self, name: str) -> go.Figure | None:
        """The figure the chart ``name`` shows (``None``: nothing yet)."""
        return self._charts[name].figure

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

        Meanwhile every chart of the explorer says it is computing (sent before the
        computing starts); a chart that gets no new figure goes back to what it showed.
        """
        for chart in self._charts.values():
            chart.computing()
        try:
            return self._compute_and_show(change, restore_to)
        finally:
            for chart in self._charts.values():
                chart.settled()

    def _compute_and_show(self, change: Callable[[], None] | None, restore_to: Snapshot | None) -> bool:
        self._notes = []
        typed = self._values_now()
        try:
            with self.holding(restore_to):
                if change is not None:
                    change()
                self._check_number_boxes()
                view = self._compute()
        except NumberBoxError as err:
            self._put_back(err.field)
            self._show_refusal(err, typed)
            return False
        except INPUT_ERRORS as err:
            self._show_refusal(err, typed)
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

    def number_boxes(self) -> dict[str, tuple[int | None, int | None]]:
        """The whole-number boxes checked before every update, ``{control name: (low, high)}``.

        Each registered :class:`WholeNumberText` with its own ``low``/``high``,
        and each control of :attr:`NUMBER_BOXES` (``None``: no bound that side).

        Examples
        --------
        >>> from rometools.widgets import SetupOddsExplorer
        >>> SetupOddsExplorer(trials=0).number_boxes()
        {'seed': (0, 999999999), 'trials': (0, 50000)}
        """
        boxes = {name: bounds for name, bounds in self.NUMBER_BOXES.items() if name in self._controls}
        boxes.update({name: (w.low, w.high) for name, w in self._controls.items()
                      if isinstance(w, WholeNumberText) and (w.low, w.high) != (None, None)})
        return boxes

    def _check_number_boxes(self) -> None:
        """Every :meth:`number_boxes` value, typed or set, in its range (else a :class:`NumberBoxError`)."""
        for name, (low, high) in self.number_boxes().items():
            box = self._controls[name]
            if getattr(box, "value", None) is None:
                continue
            try:
                whole_number(self.field_label(name), box.value, low, high)
            except ValueError as err:
                raise NumberBoxError(name, _text_of(err)) from None

    def _put_back(self, name: str) -> None:
        """The control ``name`` back to its value in the view shown (as typed when none is shown yet)."""
        if self._good is not None and name in self._good.controls:
            self._restore(Snapshot({name: self._good.controls[name]}, {}))

    def _refuse_box(self, err: NumberBoxError) -> None:
        """A number box refused outside an update (a box checked as typed, read only at Run): the box
        back to the view's value (:meth:`_put_back`), said as :meth:`_show_refusal` says it."""
        typed = self._values_now()
        self._put_back(err.field)
        self._show_refusal(err, typed)

    def _values_now(self) -> dict[str, tuple[type, Any]]:
        """``{control name: (type, value)}``, to tell afterwards which controls a refusal put back."""
        return {name: (type(w.value), w.value) for name, w in self._controls.items() if w.has_trait("value")}

    def _read_back(self, name: str) -> str:
        """How a control a refusal put back reads now, in the message (default :func:`_as_read`)."""
        return _as_read(self._controls[name])

    def _show_refusal(self, err: BaseException, typed: Mapping[str, tuple[type, Any]]) -> None:
        """The message of a refusal, true for the controls as they read now.

        A control the refusal put back (its value now differs from ``typed``, as the designer
        left it: a number box, or every control of a replay that restores the game shown) is
        named with the value it reads again: "Rounds must be a whole number 1 to 12, got
        99999999999 (Rounds put back to 6, the value the chart shows)", never "the chart still
        shows the last valid input" under a box that already reads it. That message goes at the
        designer's next edit of any control of the explorer (:meth:`_clear_at_next_edit`). A value
        refused before it reached a control (``set_values``) leaves the controls as they were:
        the usual message.

        Examples
        --------
        >>> from rometools.widgets import SetupOddsExplorer
        >>> ex = SetupOddsExplorer(trials=0)
        >>> ex.seed_input.value = 2.5     # as typed in the box
        >>> ex.seed_input.value, ex.message
        (0, 'Cannot update: Seed must be a whole number 0 to 999,999,999, got 2.5 (Seed put back to 0, the value the chart shows)')
        >>> ex.players_input.value = 2    # the next edit, of any control
        >>> ex.message
        ''
        """
        back = [name for name, (kind, value) in typed.items()
                if (type(self._controls[name].value), self._controls[name].value) != (kind, value)]
        self._box_back = [(self.field_label(name), self._read_back(name)) for name in back] or None
        try:
            self._show_error(err)
        finally:
            self._box_back = None
        if back:
            self._clear_at_next_edit()

    def _clear_at_next_edit(self) -> None:
        """The message now shown goes at the next edit of any control of the explorer: a value
        changed, or Enter in a text box (a browser sends no change for a value typed again)."""
        self._stop_watching()
        said = self._message.value
        todo, watched = list(self.children), []
        while todo:
            w = todo.pop()
            todo.extend(getattr(w, "children", ()))
            if isinstance(w, widgets.Widget) and w.has_trait("value") and not isinstance(w, _SHOWN_ONLY):
                watched.append(w)

        def edited(_change: Any = None) -> None:
            if self._watching[1] is not edited:   # a later refusal watches now (observers of one change
                return                            # run in turn, an unobserved one too)
            self._stop_watching()
            if self._message.value == said:
                self._clear_error()

        def entered(_widget: Any, content: Any, _buffers: Any = None) -> None:
            if isinstance(content, dict) and content.get("event") == "submit":   # Enter, as a page sends it
                edited()

        for w in watched:
            w.observe(edited, names="value")
            if isinstance(w, widgets.Text):
                w.on_msg(entered)
        self._watching = (watched, edited, entered)

    def _stop_watching(self) -> None:
        """No more clearing at the next edit (:meth:`_clear_at_next_edit`)."""
        watched, edited, entered = self._watching
        for w in watched:
            w.unobserve(edited, names="value")
            if isinstance(w, widgets.Text):
                w.on_msg(entered, remove=True)
        self._watching = ((), None, None)

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

    def _show_error(self, err: BaseException, kept: str | None = None, value_given: bool = True) -> None:
        """Say a refusal: ``err``'s words, and what is on screen (``kept``; default :meth:`_kept`).
        ``value_given=False``: a file refused (an upload, a load), not a value typed in a control, so a
        download's next click is not held back by it (it counts in :attr:`_refusals` only otherwise)."""
        text = self._wording(_text_of(err), err)
        kept = self._kept() if kept is None else kept
        if value_given:
            self._refusals += 1
        self._message.value = (f'<div style="color:#b00020"><b>Cannot update:</b> {html.escape(text)}'
                               f"<br><small>({html.escape(kept)})</small></div>")
        self._message.add_class("rt-error")
        self._message.remove_class("rt-notice")

    def _kept(self) -> str:
        """What a refusal leaves on screen: :attr:`KEPT` if the class says, else its chart or charts."""
        if self._box_back:   # a control reads the view's value again: say so, not "the last valid input"
            put = " and ".join(f"{label} put back to {value}" for label, value in self._box_back[:3])
            if len(self._box_back) > 3:
                put += f" and {len(self._box_back) - 3} more controls put back"
            if self.KEPT:
                return f"{put}; {self.KEPT}"
            values = "value" if len(self._box_back) == 1 else "values"
            return f"{put}, the {values} the {'charts show' if len(self._charts) > 1 else 'chart shows'}"
        if self.KEPT:
            return self.KEPT
        if len(self._charts) > 1:
            return "the charts still show the last valid input"
        return "the chart still shows the last valid input"

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

    def _place_message(self, box: widgets.Box | None = None, before: widgets.Widget | None = None) -> None:
        """The message area moved into ``box`` just before ``before``, so that a refusal is said beside the
        boxes it is about (trials found refusals said far above them: a mix's count boxes, the studio's Tune
        boxes), or, with no ``box``, back to its place among the explorer's children."""
        message, at = self._message, self._message_at
        if (box is None and at is None) or (at is not None and box is at[0] and before is at[1]):
            return
        if at is None:
            if message in self.children:
                self._message_home = list(self.children).index(message)
                self.children = tuple(c for c in self.children if c is not message)
        else:
            at[0].children = tuple(c for c in at[0].children if c is not message)
        if box is None:
            self.children = (*self.children[:self._message_home], message, *self.children[self._message_home:])
        else:
            i = list(box.children).index(before)
            box.children = (*box.children[:i], message, *box.children[i:])
        self._message_at = None if box is None else (box, before)

    def _clear_error(self) -> None:
        self._message.value = ""
        for cls in ("rt-error", "rt-unexpected", "rt-notice"):
            self._message.remove_class(cls)

    def _on_change(self, _change=None) -> None:
        if not self._hold:
            self.update()


def _as_read(control: widgets.Widget) -> str:
    """A control's value as the designer reads it on screen: a choice's label, a box's text.

    Examples
    --------
    >>> _as_read(widgets.Dropdown(options=[("Treasures", "treasures")], value="treasures"))
    'Treasures'
    >>> _as_read(WholeNumberText(value=6)), _as_read(widgets.Checkbox(value=True)), _as_read(widgets.Text("x"))
    ('6', 'ticked', "'x'")
    """
    if isinstance(control, widgets.Checkbox | widgets.ToggleButton):
        return "ticked" if control.value else "unticked"
    label = getattr(control, "label", None)
    if isinstance(label, str):
        return label if label.strip() else shown(label)
    if isinstance(label, tuple):
        return ", ".join(label) or "none"
    if isinstance(control.value, str) and not isinstance(control, WholeNumberText):
        return shown(control.value)
    return str(control.value)


def in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (a notebook, the app): then a button's long run plays
    in a thread, so the page stays live."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
