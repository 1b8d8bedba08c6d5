"""A counts editor: a component mix edited as a table of kinds and counts, inside an explorer.

A designer who wants IMPERATOR with three Propraetor tiles, or an Augustus bag with a third
joker, edits a count in a table instead of a data file's ``[totals]`` and entries. The editor
shows the published count beside each edited one; the edited mix is written by the game's
own function (``tile_file_with_counts``, ``bag_file_with_counts``), checked exactly as the
file would be (:func:`rometools.core.data.load_text`), and saved, on request, as a file the
designer keeps and can load anywhere a data file goes: in a notebook by a typed path and
**Save** (``files="path"``), in the designer app by a download (``files="upload"``: no path on
the server is ever typed, written or named).

Each count box is a control of the explorer (``count_<kind>``), so a refused count is said in
words naming the kind as the editor shows it with the rulebook's noun ("Propraetor (banner) tiles",
"Joker tokens"), the box is put back and nothing else changes (the explorer contract).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import ipywidgets as widgets

from rometools.core.data import load_text
from rometools.core.errors import DataFileError
from rometools.core.formatting import shown
from rometools.widgets._base import WholeNumberText, _as_read, _text_of
from rometools.widgets._download import DownloadButton
from rometools.widgets._inputs import NumberBoxError

__all__ = ["CountsEditor", "CountsField"]


class CountsEditor:
    """The count boxes of ``explorer`` for a component mix, and their view.

    Parameters
    ----------
    explorer : Explorer
        The explorer the boxes belong to (registered as its controls ``count_<kind>``).
    kinds : sequence of (str, str)
        Each kind's id and display name, in the order shown.
    unit : str
        What is counted, in the rulebook's word, plural (``"tiles"``, ``"tokens"``): it heads the
        kinds' column ("Tiles") and follows a kind's name in a message ("Propraetor (banner) tiles
        must be a whole number 0 to 40, got 41"), whether the box was typed in or given to
        ``set_values(counts=...)``.
    published : mapping of str to int
        The published count of each kind (the bundled file's).
    text_with : callable
        ``text_with(counts) -> str``: the data file's text with these counts.
    loader : callable
        The game's loader of that kind of file (``load_components``).
    file_name : str
        The name the edited file is checked and offered under (``"my_tiles.toml"``).
    high : int
        The largest count of one kind.
    game : str, optional
        The registered game whose ``option`` file this mix is: :meth:`variant` needs it.
    option : str
        The file option the edited file goes in (``"components"``).
    files : {"path", "upload"}
        How the edited mix is kept: a typed path and **Save** (a notebook), or, in the designer
        app, a download button (``rt-counts-download``) whose file is built when it is clicked, from
        the boxes then (:class:`~rometools.widgets._download.DownloadButton`): no path on the
        server is typed, written or named.

    Examples
    --------
    >>> from rometools.widgets import TileOddsExplorer
    >>> ex = TileOddsExplorer(trials=0)
    >>> ex.set_values(counts={"propraetor": 3})
    True
    >>> ex.counts_editor.counts()["propraetor"], ex.counts_editor.edited()
    (3, True)
    >>> ex.field_label("count_propraetor")
    'Propraetor (banner) tiles'
    """

    def __init__(self, explorer: Any, *, kinds: Sequence[tuple[str, str]], unit: str, published: Mapping[str, int],
                 text_with: Callable[[Mapping[str, int]], str], loader: Callable[[Path], Any], file_name: str,
                 high: int = 99, game: str | None = None, option: str = "components", files: str = "path"):
        if files not in ("path", "upload"):
            raise ValueError(f"files must be 'path' (a notebook) or 'upload' (the app), got {shown(files)}")
        self.files = files
        self._explorer, self.kinds, self.unit, self.published = explorer, list(kinds), unit, dict(published)
        self.game, self.option = game, option
        self._text_with, self._loader, self.file_name, self.high = text_with, loader, file_name, high
        self._built: tuple[tuple, Any, str] | None = None
        self.boxes: dict[str, WholeNumberText] = {}
        # each box named as the designer reads its row, with the rulebook's noun ("Propraetor (banner)
        # tiles must be ..."), as set_values(counts=...) names it (check)
        explorer.FIELD_LABELS = {**explorer.FIELD_LABELS, **{f"count_{k}": self.label(k) for k, _ in self.kinds}}
        # each box carries its kind's name as its description, the label a screen reader and a
        # browser's labels[0] give the input (the row reads: name, box, published count)
        rows = [widgets.HTML("<table style='border-collapse:collapse'><tr><th style='text-align:right;"   # as the names
                             f"width:230px;padding-right:8px'>{html.escape(unit.capitalize())}</th><th style='width:70px'>"
                             "edited</th><th style='padding-left:12px'>published</th></tr></table>")]
        self._published_cells: dict[str, widgets.HTML] = {}
        for kind, name in self.kinds:
            box = WholeNumberText(value=self.published[kind], low=0, high=high, description=name,
                                  layout={"width": "300px"}, style={"description_width": "230px"})
            explorer._add_control(f"count_{kind}", box, "rt-count", f"rt-count-{kind}")
            self.boxes[kind] = box
            self._published_cells[kind] = widgets.HTML(self._published_cell(kind))
            rows.append(widgets.HBox([box, self._published_cells[kind]]))
            box.observe(lambda _change, kind=kind: self._mark(kind), "value")
        self._reset = widgets.Button(description="Published mix", icon="undo", layout={"width": "140px"})
        self._reset.add_class("rt-counts-reset")
        self._reset.on_click(lambda _b: explorer._attempt(lambda: self.assign(self.published)))
        self.status = widgets.HTML("")
        self.status.add_class("rt-counts-status")
        if files == "path":
            self._path = widgets.Text(value="", placeholder=file_name, description="Save as",
                                      layout={"width": "300px"}, style={"description_width": "60px"})
            self._path.add_class("rt-counts-path")
            self._save = widgets.Button(description="Save", icon="save", layout={"width": "90px"})
            self._save.add_class("rt-counts-save")
            self._save.on_click(lambda _b: self._save_clicked())
            self.buttons_row = widgets.HBox([self._reset, self._path, self._save])
            keep = "<b>Save</b> keeps the edited mix as a data file."
        else:   # the app: the file is downloaded, never written on the server, built at the click
            self._download = DownloadButton(
                "Download the mix (TOML)", self._download_file, mime="application/toml", css=("rt-counts-download",),
                tooltip=f"Download the mix the boxes show as {file_name}: load it with the game's {option}= option "
                        "or rometools validate", explorer=explorer, say=self._say)
            self.buttons_row = widgets.HBox([self._reset, self._download])
            keep = "<b>Download</b> keeps the mix shown as a data file."
        self.view = widgets.VBox([
            widgets.HTML(f"<b>Component mix</b>: edit a count, and every figure follows; {keep}"),
            *rows, self.buttons_row, self.status])
        self.view.add_class("rt-counts-editor")

    # ------------------------------------------------------------ the published column
    def _published_cell(self, kind: str) -> str:
        """The published count of ``kind``, marked "edited" with the difference when its box differs
        (a trial could not tell which of the bag's counts it had changed from the published game).

        Examples
        --------
        >>> from rometools.widgets import BagExplorer
        >>> ex = BagExplorer()
        >>> ex.counts_editor.boxes["joker"].value = 3
        >>> ex.counts_editor._published_cell("joker")   # doctest: +ELLIPSIS
        "<span ...>2</span> <span class='rt-count-edited' ...>edited (+1)</span>"
        """
        published, shown_now = self.published[kind], self.boxes[kind].value
        cell = f"<span style='display:inline-block;width:70px;text-align:center'>{published}</span>"
        if shown_now == published or not isinstance(shown_now, int):
            return cell
        return (f"{cell} <span class='rt-count-edited' style='background:#fff3c4;padding:0 4px'>"
                f"edited ({shown_now - published:+d})</span>")

    def _mark(self, kind: str) -> None:
        """The published column follows the box: an edited count marked, a count back to the published one
        (typed, put back after a refusal, or **Published mix**) unmarked."""
        self._published_cells[kind].value = self._published_cell(kind)

    # ------------------------------------------------------------ values
    def label(self, kind: str) -> str:
        """The count box of ``kind`` in the designer's words: its name and the unit ("Joker tokens")."""
        return f"{dict(self.kinds)[kind]} {self.unit}"

    def counts(self) -> dict[str, Any]:
        """Each kind's count as its box holds it."""
        return {kind: box.value for kind, box in self.boxes.items()}

    def edited(self) -> bool:
        """Whether any count differs from the published one."""
        return self.counts() != self.published

    def check(self, value: Any, label: str = "Counts") -> dict[str, int]:
        """A ``set_values(counts=...)`` argument: a mapping of known kinds to whole numbers 0 to ``high``.

        Raises
        ------
        ValueError
            Naming ``label`` and the kind.
        """
        if not isinstance(value, Mapping) or not value:
            raise ValueError(f"{label} must be a mapping of kind to count naming at least one kind, e.g. "
                             f"{{'{self.kinds[0][0]}': 2}}, got {shown(value)}")
        names = dict(self.kinds)
        for kind, n in value.items():
            if kind not in names:
                raise ValueError(f"{label}: unknown kind {shown(kind)}; the kinds are {', '.join(names)}")
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.high:
                raise ValueError(f"{label}: {self.label(kind)} must be a whole number 0 to {self.high}, got {shown(n)}")
        return dict(value)

    def assign(self, counts: Mapping[str, int]) -> None:
        """Set the boxes (inside the explorer's ``holding``)."""
        for kind, n in counts.items():
            self.boxes[kind].value = n

    # ------------------------------------------------------------ the edited file
    def build(self) -> tuple[Any, str] | None:
        """The edited components and their file text, checked as the file is; ``None`` when nothing
        is edited (the explorer uses the published components).

        Raises
        ------
        NumberBoxError
            Saying, in the game's words, what the file's check refused and which count made it
            (:meth:`refuse`).
        """
        if not self.edited():
            return None
        key = tuple(sorted(self.counts().items()))
        if self._built is None or self._built[0] != key:
            if not any(self.counts().values()):
                self.refuse(f"would leave no {self.unit} at all")
            text = self._text_with(self.counts())
            try:
                value = load_text(self._loader, text, self.file_name)
            except DataFileError as err:   # the game's words, never the file's name or keys
                self.refuse(f"would make a mix the rules refuse: {err.problem}")
            self._built = (key, value, text)
        return self._built[1], self._built[2]

    def refuse(self, why: str) -> NoReturn:
        """Refuse the mix the boxes show, naming the edit that made it: the count boxes (else the control)
        changed since the view shown, with their values, then ``why`` in the game's words.

        The error is a :class:`~rometools.widgets._inputs.NumberBoxError` naming the first such
        control, so the explorer puts it back to the value the chart shows and says so, as for a
        count out of its box's range ("Dagger tokens 0 would make a mix the rules refuse: the bag needs
        at least one token that is not the joker (Dagger tokens put back to 1, the value the chart
        shows)"). Call it from the explorer's ``_compute`` for a rule the mix breaks with the other
        controls (too few tiles for the players' regions).

        Raises
        ------
        NumberBoxError
            Always.

        Examples
        --------
        >>> from rometools.widgets import BagExplorer
        >>> ex = BagExplorer()
        >>> for kind in ("double_sword", "shield", "chariot", "catapult", "standard", "dagger"):
        ...     ex.counts_editor.boxes[kind].value = 0          # typed in each box in turn
        >>> ex.counts_editor.counts()["dagger"], ex.message
        (1, 'Cannot update: Dagger tokens 0 would make a mix the rules refuse: the bag needs at least one token that is not the joker (Dagger tokens put back to 1, the value the chart shows)')
        """
        explorer = self._explorer
        good = explorer._good.controls if explorer._good is not None else {
            f"count_{kind}": {"value": n} for kind, n in self.published.items()}
        changed = [name for name, w in explorer._controls.items()
                   if name in good and "value" in good[name] and w.value != good[name]["value"]]
        counts = [name for name in changed if name.startswith("count_")] or changed
        said = " and ".join(f"{explorer.field_label(name)} {_as_read(explorer._controls[name])}" for name in counts[:3])
        if len(counts) > 3:
            said += f" and {len(counts) - 3} more"
        raise NumberBoxError(counts[0] if counts else "counts", f"{said or 'The edited mix'} {why}")

    def variant(self, name: str = ""):
        """The edited mix as a :class:`rometools.Variant` of the game: only the values it changes
        (:meth:`rometools.Variant.from_edited_file`), to save, compare or tune.

        Raises
        ------
        ValueError
            When the edited mix is refused as a file would be (:meth:`refuse`).

        Examples
        --------
        >>> from rometools.widgets import BagExplorer
        >>> ex = BagExplorer()
        >>> ex.set_values(counts={"joker": 3})
        True
        >>> dict(ex.counts_editor.variant("three jokers").edits["components"])
        {'token.joker.count': 3, 'bag.total': 24}
        """
        from rometools.core.variants import Variant

        if self.game is None:
            raise ValueError("this counts editor names no game; give CountsEditor(game=...)")
        built = self.build()   # refused in words as the file would be
        label = name or ("the published mix" if built is None else "edited mix: " + ", ".join(
            f"{kind} {n}" for kind, n in self.counts().items() if n != self.published[kind]))
        if built is None:
            return Variant(self.game, label[:200])
        return Variant.from_edited_file(self.game, self.option, built[1], name=label[:200])

    def text(self) -> str:
        """The data file of the mix the boxes show (the published file's text when nothing is edited).

        Raises
        ------
        NumberBoxError
            When the mix is refused as the file would be (:meth:`build`).
        """
        built = self.build()
        return built[1] if built else self._text_with({})

    def save(self, path: str | Path) -> Path:
        """Write the edited mix as a data file (refused: not ``.toml``, an existing file, a missing folder,
        a name the system refuses); a notebook's editor only (``files="path"``).

        Raises
        ------
        ValueError
            In words naming the field (Save as) and the path, cut short; no file is written.

        Examples
        --------
        >>> from rometools.widgets import BagExplorer
        >>> ex = BagExplorer()
        >>> ex.counts_editor.save("x" * 300 + ".toml")   # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: Save as: cannot write 'xxx...' (305 characters): File name too long; the mix is not saved
        """
        if self.files != "path":
            raise ValueError("Save as: in the designer app the mix is downloaded (its Download button); "
                             "no file is written on the server")
        path = Path(path)
        if path.suffix.lower() != ".toml":
            raise ValueError(f"Save as: write a .toml file, got {shown(str(path), 80)}")
        try:
            if path.exists():
                raise ValueError(f"Save as: {shown(str(path), 80)} exists; give another name")
            if not path.parent.is_dir():
                raise ValueError(f"Save as: folder {shown(str(path.parent), 80)} does not exist")
            text = self.text()
            with path.open("x", encoding="utf-8") as out:   # never replaces a file
                out.write(text)
        except FileExistsError:
            raise ValueError(f"Save as: {shown(str(path), 80)} exists; give another name") from None
        except OSError as err:   # a name too long, a folder not writable: said, nothing written
            raise ValueError(f"Save as: cannot write {shown(str(path), 80)}: {err.strerror or err}; "
                             "the mix is not saved") from None
        return path

    def drawn(self) -> None:
        """The mix the boxes show is the view's (computed, about to be drawn): a download's refusal said
        under the buttons is over."""
        if self.files == "upload":
            self.status.value = ""

    def _download_file(self) -> tuple[str, bytes]:
        """The app's download, built when it is clicked: the mix the boxes show then, checked as the file is.

        Raises
        ------
        NumberBoxError
            When the mix is refused (:meth:`build`).
        """
        return self.file_name, self.text().encode("utf-8")

    def _say(self, text: str, error: bool) -> None:
        self.status.value = (f"<span class='rt-error' style='color:#b00020'>{html.escape(text)}</span>" if error
                             else html.escape(text))

    def _save_clicked(self) -> None:
        try:
            where = self.save(self._path.value.strip() or self.file_name)
        except ValueError as err:
            self.status.value = f"<span style='color:#b00020'>{html.escape(str(err))}</span>"
            return
        self.status.value = (f"Saved {html.escape(str(where))}: load it with the game's "
                             f"<code>{html.escape(self.option)}=</code> option or <code>rometools validate</code>.")


class CountsField:
    """The ``counts`` field of an explorer holding a :class:`CountsEditor` as ``counts_editor``:
    shown by :meth:`values`, set by ``_assign`` with the other fields (all or nothing). Put it
    before :class:`~rometools.widgets._base.Explorer` among the bases."""

    counts_editor: CountsEditor

    def values(self) -> dict[str, Any]:
        """Every field's value, the counts editor's as ``counts``."""
        return {**super().values(), "counts": self.counts_editor.counts()}

    def _assign(self, values: dict[str, Any]) -> None:
        counts = values.pop("counts", None)
        super()._assign(values)
        if counts is not None:
            self.counts_editor.assign(counts)

    def _show(self, view: Any) -> None:
        self.counts_editor.drawn()
        super()._show(view)

    # ------------------------------------------------------------ where a refusal is said
    def _show_error(self, err: BaseException, kept: str | None = None, value_given: bool = True) -> None:
        """A refusal of the mix is said beside the count boxes it puts back (a trial found it far above
        them, over the chart); any other refusal where the explorer says it."""
        super()._show_error(err, kept, value_given)
        labels = tuple(self.field_label(f"count_{kind}") for kind in self.counts_editor.boxes)
        field = getattr(err, "field", None)
        near = ((isinstance(field, str) and (field.startswith("count_") or field == "counts"))
                or any(label in labels for label, _ in self._box_back or ())
                or _text_of(err).startswith(("Counts", *labels)))
        self._place_message(*((self.counts_editor.view, self.counts_editor.buttons_row) if near else ()))

    def _show_notes(self) -> None:
        super()._show_notes()
        self._place_message()
