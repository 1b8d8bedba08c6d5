"""The inputs of every explorer: toggles, whole-number boxes, busy buttons, files read and uploaded.

* :func:`vocabulary_toggle` -- the Treasures / Riches edition toggle; :func:`inline_toggle`.
* :class:`WholeNumberText` and :func:`whole_number` -- a whole-number box and the one check of a
  whole-number input, worded for a designer; :class:`NumberBoxError`, a box's value refused.
* :class:`PutBackSaidAtRun` -- a box a refusal put back is said at the next click of a run button,
  which plays the boxes as they read now (the balance lab, the playtest report, the what-if studio).
* :class:`CheckedAsTyped` -- the whole-number boxes and the options box of an explorer whose
  results wait for its Run button, checked as typed all the same (the balance lab, the playtest
  report).
* :func:`busy` -- a button that starts slow work says so while it runs (the Run and Search
  buttons).
* :func:`call_with_timeout` -- a data file read and checked within :data:`FILE_TIMEOUT_S`
  seconds; ``_upload`` -- an uploaded file's safe name and bytes, its kind and size checked.

Split out of :mod:`rometools.widgets._base`, which re-exports every public name.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import anywidget
import ipywidgets as widgets
from traitlets import Float, Int, TraitError, Unicode, Union

from rometools.core.data_text import MAX_FILE_BYTES
from rometools.core.errors import RometoolsError
from rometools.core.formatting import number, shown

__all__ = ["FILE_TIMEOUT_S", "INPUT_ERRORS", "CheckedAsTyped", "NumberBoxError", "PutBackSaidAtRun", "WholeNumberText",
           "bundled_file_options", "busy",
           "call_with_timeout", "inline_toggle", "vocabulary_toggle", "whole_number"]

#: Exceptions that mean "the input is bad": shown as a message, never a traceback.
INPUT_ERRORS = (ValueError, TypeError, KeyError, TraitError)

#: Seconds a board or saved-game file may take to read and check before the explorer gives up.
FILE_TIMEOUT_S = 20.0


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


_INTEGER = re.compile(r"[+-]?[0-9]+")


def _typed_number(text: str, _widget: Any = None) -> int | float | str:
    """What a designer typed in a :class:`WholeNumberText`: an ``int`` if it is one, else a
    ``float`` if it reads as one (``1.5``), else the text itself."""
    text = text.strip()
    if _INTEGER.fullmatch(text):
        return int(text)
    try:
        return float(text)
    except ValueError:
        return text


class WholeNumberText(widgets.Text):
    """A number box that hands the kernel what was typed, so a refused value is said, not truncated.

    A browser's integer box would turn ``1.5`` into ``1`` (``parseInt``) so
    that the kernel never saw the ``.5``, and a bounded one would clamp ``-5``
    to ``0`` without a word. This box is a text box in the browser; its
    ``value`` in the kernel is an ``int`` for a whole number and otherwise
    what was typed (a ``float`` such as ``1.5``, or the text). An explorer
    checks it before every update (:meth:`Explorer.number_boxes`), refuses a
    value that is not a whole number in ``low..high`` in words ("Games must be
    a whole number 1 to 100,000, got 1.5") and puts the box back. It sends its
    value on Enter or when it loses focus (``continuous_update=False``).

    Parameters
    ----------
    value : int
        The whole number shown first.
    low, high : int or None
        The range the explorer enforces (``None``: no bound that side; both
        ``None``: the explorer's :attr:`Explorer.NUMBER_BOXES` gives it).
    **kwargs
        As :class:`ipywidgets.Text` (``description``, ``layout``...).

    Examples
    --------
    >>> box = WholeNumberText(value=20, low=1, high=100, description="Games")
    >>> box.value, (box.low, box.high)
    (20, (1, 100))
    >>> _typed_number(" 21 "), _typed_number("1.5"), _typed_number("2O")
    (21, 1.5, '2O')
    >>> box.set_state({"value": "1.5"})      # what a browser sends for a typed 1.5
    >>> box.value
    1.5
    """

    value = Union([Int(), Float(), Unicode()], default_value=0).tag(
        sync=True, to_json=lambda value, _widget: str(value), from_json=_typed_number)

    def __init__(self, value: int = 0, *, low: int | None = None, high: int | None = None, **kwargs: Any):
        kwargs.setdefault("continuous_update", False)
        super().__init__(value=value, **kwargs)
        self.low, self.high = low, high


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
        bounds = (f" {number(low)}" if low is not None and low == high else
                  f" {number(low)} to {number(high)}" if low is not None and high is not None else
                  f" {number(low)} or more" if low is not None else
                  f" {number(high)} or less" if high is not None else "")
        raise ValueError(f"{label} must be a whole number{bounds}, got {shown(value)}")
    return value



class NumberBoxError(RometoolsError, ValueError):
    """A number box's value refused; ``field`` names the box (a control), which goes back.

    :meth:`Explorer.number_boxes` raises it for a value out of a box's fixed
    range; an explorer's :meth:`Explorer._compute` raises it for a range that
    depends on other controls (draws from the bag shown), so that every
    refusal of a whole-number box puts the box back to the value shown.
    A :class:`~rometools.core.errors.RometoolsError`, it pickles whole (its ``field`` and
    message), as every error a designer can trigger does.

    Examples
    --------
    >>> import pickle
    >>> err = pickle.loads(pickle.dumps(NumberBoxError("seed", "Seed must be a whole number 0 to 9, got -1")))
    >>> type(err).__name__, err.field, str(err)
    ('NumberBoxError', 'seed', 'Seed must be a whole number 0 to 9, got -1')
    """

    def __init__(self, field: str, text: str):
        super().__init__(text)
        self.field = field


class PutBackSaidAtRun:
    """A box a refusal put back is said at the next click of a run button (a mixin of an ``Explorer``:
    the balance lab's and the playtest report's **Run**, the what-if studio's **Compare** and **Tune**).

    A click on a button sends a value typed without Enter just before it, so the box is refused and put
    back just before the click arrives. The click plays what the boxes read now and says which box was put
    back, with the value typed and why ("The value typed in Games, 0, was refused (Games must be a whole
    number 1 to 100,000, got 0) and put back: Run plays Games 60, as the box reads now"): it never
    plays the box's old value without a word (trial 4: a typed 999999 and Run once played the last run's
    30 games without a word), nor plays nothing and leaves the refusal on screen (the studio's Tune,
    trial58; the balance lab's and the playtest report's Run, a later trial).

    The put-back is forgotten once a view is drawn (the controls' own) or a good value typed clears the
    refusal (the designer has seen it); a refusal that put nothing back (no view yet) is not one.
    """

    # (box, as typed, how it reads now, why) a refusal put back; why: the refusal's words, as Enter says them
    _refused_back: tuple[str, str, str, str] | None = None

    def _put_back(self, name: str) -> None:
        control = self._controls[name]
        before, typed = (type(control.value), control.value), self._read_back(name)
        super()._put_back(name)
        if (type(control.value), control.value) != before:
            self._refused_back = (self.field_label(name), typed, self._read_back(name), "")

    def _show_refusal(self, err: BaseException, typed: Any) -> None:
        super()._show_refusal(err, typed)
        if self._refused_back is not None and not self._refused_back[3]:   # the put-back's reason, said at a click
            self._refused_back = (*self._refused_back[:3], str(err.args[0]) if err.args else str(err))

    def _show(self, view: Any) -> None:
        super()._show(view)
        self._refused_back = None   # the view shown is the controls': nothing put back to say at a click

    def _put_back_note(self, button: str) -> str:
        """What a click on ``button`` says of a box put back just before it ("" if none), said once.

        Examples
        --------
        >>> from rometools.widgets import BalanceExplorer
        >>> ex = BalanceExplorer(games=4, seed=1, bots="random")
        >>> ex._games.value = 0                  # typed, then Run clicked: refused and put back first
        >>> print(ex._put_back_note("Run"))   # doctest: +NORMALIZE_WHITESPACE
        The value typed in Games, 0, was refused (Games must be a whole number 1 to 100,000, got 0) and
        put back: Run plays Games 4, as the box reads now.
        >>> ex._put_back_note("Run")
        ''
        """
        refused, self._refused_back = self._refused_back, None
        if refused is None:
            return ""
        label, typed, value, why = refused
        # the value typed and why it was refused, as Enter would have said (trial59: "Values as typed was
        # refused" named neither, and read as a plural box's name with a singular verb)
        because = f" ({why.rstrip('.')})" if why else ""
        return (f"The value typed in {label}, {typed}, was refused{because} and put back: {button} plays {label} "
                f"{value}, as the box reads now.")


class CheckedAsTyped(PutBackSaidAtRun):
    """The whole-number boxes of an explorer whose results wait for its **Run** button, checked
    as typed all the same, as every other explorer's boxes are (a mixin of an ``Explorer``: the
    balance lab, the playtest report).

    Controls change no result there until Run, but a box a designer types a bad number in is
    refused at once, in the words every explorer uses ("Games must be a whole number 1 to
    20,000, got 0 (Games put back to 60; ...)"), and goes back to the last run's value: each
    box on its own, so two bad boxes are two refusals, never one said at Run and the other at the
    next Run (trial F6). A click on Run sends a value typed without Enter just before it, so the
    Run right after a refusal plays what the boxes read now and says which box was put back
    (:class:`PutBackSaidAtRun`, as the what-if studio's Compare and Tune). A good value typed clears
    the refusal, so the message never quotes a value no longer typed.

    The explorer calls :meth:`_check_as_typed` with its boxes in its constructor (and
    :meth:`_check_text_as_typed` with the check of its options box: the balance lab's Options A
    and B, the playtest report's Variant), and plays each run with :meth:`_run_attempt`.
    """

    def _check_as_typed(self, *boxes: Any) -> None:
        """Check each of ``boxes`` (registered whole-number controls) whenever a value is typed in it."""
        self._box_refusal = ""   # the message refusing a typed box, while it is shown
        for box in boxes:
            box.observe(self._on_number_box, names="value")

    def _on_number_box(self, _change: Any = None) -> None:
        """A value typed (on Enter or leaving the box): every box checked; a bad one refused and put back."""
        if self._hold:
            return
        try:
            self._check_number_boxes()
        except NumberBoxError as err:
            self._refuse_box(err)
            self._box_refusal = self._message.value
            return
        if self._box_refusal and self._message.value == self._box_refusal:
            self._clear_error()
            self._refused_back = None   # the refusal was seen, and a good value typed since
        self._box_refusal = ""

    def _check_text_as_typed(self, check: Callable[[], Any], *controls: Any) -> None:
        """Check a text box a run reads (options typed, ``key=value``) whenever any of ``controls``
        changes: ``check()`` raises one of :data:`INPUT_ERRORS` naming the box for text the run would
        refuse (an option the game does not have, a value it refuses). Checked on the box itself (on
        Enter or leaving it) and on the controls it depends on (the game, the players), so the message
        stays true for the controls set.

        A refusal is said in the words of Run, the box keeping what was typed (Run refuses it again);
        good text typed clears that refusal (and only it: another message stays). The results stay
        until a run."""
        self._text_refusal = ""   # the message refusing the typed text, while it is shown

        def checked(_change: Any = None) -> None:
            if self._hold:
                return
            try:
                check()
            except INPUT_ERRORS as err:
                self._show_error(err)
                self._text_refusal = self._message.value
                return
            if self._text_refusal and self._message.value == self._text_refusal:
                self._clear_error()
            self._text_refusal = ""

        for control in controls:
            control.observe(checked, names="value")
        self._check_text = checked

    def _run_attempt(self, button: str = "Run") -> bool:
        """Play the run (the explorer's ``_attempt``), saying first a box put back just before the click
        (:meth:`_put_back_note`); a box still refused at its end (nothing to put it back to before a first
        run) is refused again at the next Run, until a good value is typed."""
        said = self._put_back_note(button)

        def say() -> None:   # said as the run starts, and again with its results (a note of the update)
            self._note(said)
            self._show_notes()

        ran = self._attempt(say if said else None)
        self._box_refusal = ""
        if not ran:
            try:
                self._check_number_boxes()
            except NumberBoxError:
                self._box_refusal = self._message.value
        return ran


@contextmanager
def busy(button: widgets.Button, label: str) -> Iterator[None]:
    """While the block runs, ``button`` is disabled and reads ``label``; afterwards it is back as it was.

    The button's label is sent before the work starts (each trait change goes to the page at
    once), so a page shows it during the work, as a chart's "Computing\u2026" (:meth:`Chart.computing`);
    it goes back however the block ends (a result, a refusal, an unexpected error), as
    :meth:`Chart.settled`.

    Examples
    --------
    >>> button = widgets.Button(description="Run")
    >>> with busy(button, "Running\u2026"):
    ...     button.description, button.disabled
    ('Running\u2026', True)
    >>> button.description, button.disabled
    ('Run', False)
    """
    description, disabled = button.description, button.disabled
    button.description, button.disabled = label, True
    try:
        yield
    finally:
        button.description, button.disabled = description, disabled


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


_UPLOAD_SUFFIXES = {"board": (".toml", ".yaml", ".yml"), "saved game": (".json",), "variant": (".toml",)}


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


def bundled_file_options(game: str, options: Mapping[str, Any], field: str, upload: str = "", *,
                         entry: str = "{key}=") -> dict[str, str]:
    """In the designer app, the file options typed in a box (``board=``, ``components=``) name bundled
    files only: ``{option: bundled file name}`` for each, so that no path on the server is read, nor
    said to exist or not (a notebook reads any path: :func:`rometools.core.game.read_file_option`).
``upload`` names the page's upload of such a file, if it has one ("Upload a board"); ``entry`` how
the message names the value (``"edits.{key}.base"``: an uploaded variant file's base of an edited
file, which takes a bundled file's name too).

    Raises
    ------
    ValueError
        Naming ``field``, the option, its bundled files and the value given (cut short).

    Examples
    --------
    >>> bundled_file_options("caesars_empire", {"board": "board_4_5", "hand": 3}, "Options A")
    {'board': 'board_4_5.toml'}
    >>> bundled_file_options("caesars_empire", {"board": "/etc/passwd"}, "Options A", "Upload a board")
    Traceback (most recent call last):
    ...
    ValueError: Options A: board= takes a bundled file in the app (board_2_3, board_4_5; or Upload a board): no file on the server is read, got '/etc/passwd'
    >>> bundled_file_options("caesars_empire", {"components": "/tmp/c.toml"}, "v.toml", entry="edits.{key}.base")
    Traceback (most recent call last):
    ...
    ValueError: v.toml: edits.components.base takes a bundled file's name in the app (components): no file on the server is read, got '/tmp/c.toml'
    """
    from pathlib import Path

    from rometools.core.file_options import bundled_files
    from rometools.core.registry import game_spec

    spec = game_spec(game)
    named = {}
    for key, value in options.items():
        if key not in spec.file_options:
            continue
        bundled = bundled_files(spec, key)
        name = next((n for n in bundled if isinstance(value, str) and value.strip() in (n, Path(n).stem)), None)
        if name is None:
            names = ", ".join(Path(n).stem for n in bundled) or "none"
            also = f"; or {upload}" if upload and key == "board" else ""
            what = f"{key}= takes a bundled file" if entry == "{key}=" else \
                f"{entry.format(key=key)} takes a bundled file's name"
            raise ValueError(f"{field}: {what} in the app ({names}{also}): no file on the "
                             f"server is read, got {shown(value if isinstance(value, str) else repr(value), 60)}")
        named[key] = name
    return named


class UploadName(anywidget.AnyWidget):
    """Gives the page's upload buttons of the class ``css`` the accessible name ``label`` (their
    ``aria-label``), drawn nowhere. A screen reader read such a button as "Upload variant file
    (0)Upload variant file": ipywidgets' text with its count, hidden by :func:`upload_label`'s style
    sheet but still in the button, then the label the style sheet draws (trial). ipywidgets sets a
    FileUpload's text and title only, so the name stays as the count changes."""

    _esm = """
export default {
  render({ model }) {
    const name = () => {
      for (const button of document.querySelectorAll("button." + model.get("css"))) {
        if (button.getAttribute("aria-label") !== model.get("label")) button.setAttribute("aria-label", model.get("label"));
      }
    };
    name();
    const watch = new MutationObserver(name);   // the button may be drawn after this, or again
    watch.observe(document.body, { childList: true, subtree: true });
    return () => watch.disconnect();
  }
};
"""
    css = Unicode("").tag(sync=True)
    label = Unicode("").tag(sync=True)


def upload_label(upload: widgets.FileUpload, label: str, css: str) -> widgets.Box:
    """The label ``upload`` (a button with the class ``css``) shows: ``label`` alone, never ipywidgets' count
    of the files it holds ("Load a variant (0)" before anything was uploaded read as a count, not as what to
    do: trial). ipywidgets 8 draws a FileUpload as "description (count)" and has no trait to drop the count,
    so the button's text is drawn by a style sheet, and a screen reader is given ``label`` as the button's
    name (:class:`UploadName`): the returned box, shown beside the button (it takes no room). The button's
    description is ``label`` too.

    Examples
    --------
    >>> up = widgets.FileUpload()
    >>> style, name = upload_label(up, "Upload variant file", "rt-whatif-upload").children
    >>> up.description, 'content: "Upload variant file"' in style.value, style.layout.display
    ('Upload variant file', True, 'none')
    >>> name.css, name.label
    ('rt-whatif-upload', 'Upload variant file')
    """
    import json

    upload.description = label
    size = "var(--jp-widgets-font-size, 13px)"
    rule = (f"button.{css} {{ font-size: 0 !important; }} button.{css} > i {{ font-size: {size}; margin-right: 4px; }} "
            f"button.{css}::after {{ content: {json.dumps(label)}; font-size: {size}; }}")
    return widgets.Box([widgets.HTML(f"<style>{rule}</style>", layout={"display": "none"}),
                        UploadName(css=css, label=label, layout={"display": "none"})], layout={"display": "none"})
