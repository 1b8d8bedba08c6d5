"""The what-if studio's variant file: the variant the controls describe, saved and loaded.

:class:`StudioFiles` is mixed into :class:`~rometools.widgets.what_if.VariantStudio`: in a
notebook a typed path with **Save** and **Load**; in the designer app a download button and an
upload (no path on the server is typed). A loaded variant goes into the controls all or nothing.
"""

from __future__ import annotations

import html
import os
import re
import shlex
from pathlib import Path
from typing import Any

import rometools
from rometools.core.formatting import shown
from rometools.core.game import load_game
from rometools.core.variant_file import _checked_load, rometools_command
from rometools.widgets._base import INPUT_ERRORS, _text_of, _upload
from rometools.widgets._inputs import bundled_file_options
from rometools.widgets._what_if_text import parse_changes, variant_changes

__all__ = ["StudioFiles"]


class StudioFiles:
    """The variant file of :class:`~rometools.widgets.what_if.VariantStudio` (a mixin)."""

    @property
    def variant(self):
        """The variant the controls describe (:class:`rometools.Variant`), checked as it loads.

        Raises
        ------
        ValueError
            Saying what in the changes is refused.
        """
        return self._build(parse_changes(self._changes_box.value))[1]

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Save the variant as a TOML file (:meth:`rometools.Variant.save`; never replaces a file).

        Raises
        ------
        ValueError
            For a path that is not ``.toml``, a missing folder, an existing file, or changes refused.
        """
        return self.variant.save(path)

    def load(self, source: Any) -> bool:
        """Show a variant: a :class:`rometools.Variant`, a variant file's path or its TOML text.

        Its game, players (the game's default when it names none), changes and name go into the
        controls, all or nothing (``False``, with the message saying why). A variant that does not
        load (an edit its game's file refuses) is refused as a variant file is
        (:func:`rometools.load_variant`): naming the file (``<variant>`` for text), the entry and the
        problem, never the Changes box it did not reach.
        """
        from rometools.core.variants import Variant

        try:
            if isinstance(source, Variant):
                v = _checked_load(source, "<variant>")
            elif isinstance(source, str) and "\n" in source:
                v = _checked_load(Variant.from_toml(source), "<variant>")
            else:   # as load_variant reads it
                v = _checked_load(Variant.from_toml(Path(source)), os.fspath(source))
        except INPUT_ERRORS as err:
            self._show_error(ValueError(f"Variant file: {_text_of(err)}"), value_given=False)
            return False
        players = v.options.get("players", load_game(v.game).players)
        return self._set({"game": v.game, "players": players, "changes": variant_changes(v), "name": v.name})

    def _say_file(self, text: str, error: bool = False) -> None:
        """The file line says what a file action did; a file's refusal left in the message is stale then
        (a trial saw "Cannot update: Variant file: ...: cannot be read" under the newest save), and goes."""
        if self.message.startswith("Cannot update: Variant file: "):
            self._clear_error()
        self._file_status.value = (f"<div class='rt-error' style='color:#b00020'>{html.escape(text)}</div>" if error
                                   else f"<small>{html.escape(text)}</small>")

    def _clear_file_status(self) -> None:
        """The file line emptied: what it said was about an earlier action (every later update, shown or
        refused, clears it; a file action then says its own outcome)."""
        self._file_status.value = ""

    def _save_clicked(self) -> None:
        text = self._file.value.strip()
        try:
            if not text:
                raise ValueError("type the file's name, e.g. my_variant.toml")
            path = Path(text).expanduser()
            if path.suffix == ".toml" and path.exists():   # said in the studio's words: it has no force=True
                raise ValueError(f"{shown(str(path), 80)} exists and the studio never replaces a file; type "
                                 "another name in Variant file and press Save again")
            where = self.save(text)
        except INPUT_ERRORS as err:
            self._say_file(f"Cannot save: {self._wording(_text_of(err))}", error=True)
            return
        except OSError as err:   # a name too long for the system: said, nothing written
            self._say_file(f"Cannot save: cannot write {shown(text, 80)}: "
                           f"{err.strerror or err}; the variant is not saved", error=True)
            return
        # the command as it runs from anywhere (rometools_command: the script's whole path, always: the
        # kernel's PATH is not the designer's shell's, trial58), the whole path saved (a name alone was the notebook folder's,
        # wrong from the project's: trial57), quoted for a shell when it needs it
        self._say_file(f"Saved {where}: load it here with Load, or play it with {rometools_command()} simulate --variant "
                       f"{shlex.quote(str(Path(where).resolve()))}")

    def _load_clicked(self) -> None:
        text = self._file.value.strip()
        if not text:   # said as every refusal of a file to load is, in the message ("Cannot load:" was a second wording)
            self._show_error(ValueError("Variant file: type the variant file's name, e.g. my_variant.toml"),
                             value_given=False)
            return
        if self.load(text):   # refused: the message says it, once, naming the file (the file line is emptied)
            self._say_file(f"Loaded {shown(text, 80)}.")

    def _on_upload(self, change) -> None:
        if self._hold or not change["new"]:
            return
        self._uploaded = None
        from rometools.core.variants import Variant

        try:   # read and loaded here, so that a refusal names the uploaded file (not "<variant>", nor Changes);
            # every refusal of the file (its kind, size, bytes that are not text, TOML) said in the message,
            # where the others are (a binary file's was on the file line, under the message: trial)
            name, content = _upload(change["new"][0], "variant")
            try:
                text = content.decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError(f"{name} is not UTF-8 text: a variant file is TOML text") from None
            read = Variant.from_toml(text if "\n" in text else text + "\n", source=name)
            if read.game in rometools.games():   # a file option or an edited file's base names a bundled file,
                bundled_file_options(read.game, read.options, f"{name}: options")   # never a server path
                bundled_file_options(read.game, read.bases, name, entry="edits.{key}.base")
            uploaded = _checked_load(read, name)
        except INPUT_ERRORS as err:   # said once, in the message (the file line is emptied)
            self._clear_upload()
            self._show_error(ValueError(f"Variant file: {_text_of(err)}"), value_given=False)
            return
        if self.load(uploaded):
            self._uploaded = self._file_question()   # the button's count stays 1 while this is shown
            self._say_file(f"Loaded {name}.")
        else:
            self._clear_upload()

    def _file_question(self) -> dict[str, Any]:
        """What a variant file sets of the question: its game, players, changes and name."""
        return {"game": self._game.value, "players": self._players.value, "changes": dict(self._changes),
                "name": self._name.value}

    def _clear_upload(self) -> None:
        """The upload button holds no file: its count reads 0 (and the same file uploaded again loads again)."""
        self._uploaded = None
        was, self._hold = self._hold, True
        try:
            self._upload.value = ()
        finally:
            self._hold = was

    def _keep_upload_count(self) -> None:
        """The upload button's count kept true (ipywidgets draws it; no trait hides it): 1 while the
        question shown is the file's, 0 once the question is changed (the file then loads again)."""
        if self._upload.value and self._uploaded is not None and self._file_question() != self._uploaded:
            self._clear_upload()

    def _variant_file(self) -> tuple[str, bytes]:
        """The app's download, built when it is clicked: the variant the controls describe then
        (:attr:`variant`, checked as it loads), named after it.

        Raises
        ------
        ValueError
            Saying what in the changes is refused.
        """
        variant = self.variant
        data = variant.to_toml().encode("utf-8")
        return f"{file_stem(variant.name, typed=bool(self._name.value.strip()), data=data)}.toml", data


def file_stem(name: str, *, typed: bool, data: bytes) -> str:
    """The name a downloaded variant file is offered under (without ``.toml``): the variant's name,
    each run of characters a file name should not hold as one ``_``, at most 40 characters. A name
    not typed (the changes in words) also gets the first 8 hex digits of the file's SHA-256, so two
    variants whose changes read alike up to the cut are offered under two names.

    >>> file_stem("Gold 0-4-9-16, no more", typed=True, data=b"")
    'Gold_0-4-9-16_no_more'
    >>> file_stem("components:tables.gold_points = [0, 4, 9, 16, 25, 36, 49, 49]", typed=False, data=b"x")
    'components_tables_gold_points_0_4_9_16_2_2d711642'
    """
    import hashlib

    stem = re.sub(r"[^0-9A-Za-z-]+", "_", name)[:40].strip("_") or "variant"
    return stem if typed else f"{stem}_{hashlib.sha256(data).hexdigest()[:8]}"
