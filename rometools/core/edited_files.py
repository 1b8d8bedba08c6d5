"""A designer's edits to a data file: an edited value, an edited text, an edited file.

:func:`edited` marks one value a designer changed (``illustrative``, the edit as its source);
:func:`load_text` checks a file's text exactly as the file would be checked; an
:class:`EditedFile` is a data file's text edited in memory, what a
:class:`~rometools.core.variants.Variant` gives a file option: it is read from a file named by
its content (:func:`edited_path`, :func:`load_edited`), so equal edits load equal values, and a
loaded value leads back to its edit (:func:`edited_file_of`: a saved game keeps its text).

Split out of :mod:`rometools.core.data`, which re-exports every public name.

Examples
--------
>>> edit = EditedFile("components.toml", "a = 1\\n")
>>> edited_file_of(type("Loaded", (), {"path": edited_path(edit)})()) == edit
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rometools.core.data_text import MAX_FILE_BYTES, read_text_file
from rometools.core.errors import DataFileError
from rometools.core.formatting import shown

__all__ = ["EditedFile", "edited", "edited_file_of", "edited_path", "load_edited", "load_text"]


def edited(value: Any, source: str) -> dict[str, Any]:
    """A value a designer edited, as a data file writes it: ``{value, provenance = "illustrative",
    source}`` (the override form every loader reads).

    Examples
    --------
    >>> edited(4, "counts editor: 6 -> 4")
    {'value': 4, 'provenance': 'illustrative', 'source': 'counts editor: 6 -> 4'}
    """
    return {"value": value, "provenance": "illustrative", "source": source}


def load_text(loader: Callable[[Path], Any], text: str, name: str) -> Any:
    """Check a data file's text exactly as the file would be checked: written under ``name`` in a
    temporary folder and read with ``loader`` (a :class:`DataFileError` names ``name``).

    Examples
    --------
    >>> from rometools.augustus.components import load_components
    >>> from rometools.core.data import bundled_file
    >>> text = bundled_file("augustus", "components.toml").read_text(encoding="utf-8")
    >>> load_text(load_components, text, "my_bag.toml").bag_total
    23
    """
    import tempfile

    from rometools.core.errors import DataFileError

    with tempfile.TemporaryDirectory(prefix="rometools-edit-") as folder:
        path = Path(folder) / Path(name).name
        path.write_text(text, encoding="utf-8")
        try:
            value = loader(path)
        except DataFileError as err:   # named as the designer will save it, not the temporary copy
            raise DataFileError(Path(name).name, err.entry, err.problem) from None
    return value


@dataclass(frozen=True)
class EditedFile:
    """A data file's text edited in memory, named as the file it was made from.

    What a :class:`~rometools.core.variants.Variant` gives a file option (``load_game(GAME,
    components=EditedFile("components.toml", text))``): the config reads it with the option's
    loader exactly as it reads a file (:func:`load_edited`), and a saved game keeps its text
    (``{"edited": {"name", "text"}, "sha256"}``), so a game of a variant saves and loads
    anywhere. Nothing bundled is touched.

    Parameters
    ----------
    name : str
        The file's name, no folder (``"components.toml"``): errors name it.
    text : str
        The whole file, at most :data:`MAX_FILE_BYTES` bytes of UTF-8.
    named : str, optional
        How load errors name it (``"components.toml (as the variant edits it)"``); default ``name``.

    Raises
    ------
    DataFileError
        For a name with a folder or another suffix than ``.toml``, ``.yaml``, ``.yml``, or a
        text too long.

    Examples
    --------
    >>> EditedFile("../x.toml", "")
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: '../x.toml': is not a data file's name (a name such as components.toml, no folder)
    """

    name: str
    text: str = field(repr=False)
    named: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        name = self.name
        if (not isinstance(name, str) or Path(name).name != name or len(name) > 100
                or Path(name).suffix.lower() not in (".toml", ".yaml", ".yml") or "\x00" in name):
            raise DataFileError(shown(name, 100), "", "is not a data file's name (a name such as components.toml, "
                                                      "no folder)")
        if not isinstance(self.text, str):
            raise DataFileError(name, "", f"the edited text must be text, got {type(self.text).__name__}")
        if len(self.text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
            raise DataFileError(name, "", f"the edited text is more than {MAX_FILE_BYTES:,} bytes; a data file is "
                                          "at most that")

    @property
    def sha256(self) -> str:
        """The SHA-256 of the text (hex): equal texts, equal files."""
        import hashlib

        return hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()


#: Edited files made in this process, by the path they are loaded from (newest last, at most 256).
_EDITED: dict[str, EditedFile] = {}


def _edited_root() -> Path:
    """This user's folder of edited files (``<temp>/rometools-edited-<uid>``, private to the user)."""
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else "user"
    root = Path(tempfile.gettempdir()) / f"rometools-edited-{uid}"
    root.mkdir(mode=0o700, exist_ok=True)
    if hasattr(os, "getuid") and (root.is_symlink() or root.stat().st_uid != os.getuid()):
        raise DataFileError(root, "", "belongs to another user; remove it or set TMPDIR to a folder of your own")
    return root


def edited_path(edit: EditedFile) -> Path:
    """The file an :class:`EditedFile` is read from: ``<temp>/rometools-edited-<uid>/<sha256>/<name>``.

    The same text always has the same path, so a loaded value (whose ``path`` is this) equals
    the value loaded again from the same edit (a saved game reloaded, a variant loaded twice),
    and the loaders' caches read it once. Written atomically when missing or different.
    """
    folder = _edited_root() / edit.sha256[:40]
    folder.mkdir(mode=0o700, exist_ok=True)
    path = folder / edit.name
    data = edit.text.encode("utf-8", "surrogatepass")
    try:
        same = path.is_file() and not path.is_symlink() and path.read_bytes() == data
    except OSError:
        same = False
    if not same:
        partial = folder / f".{edit.name}.{os.getpid()}.partial"
        partial.write_bytes(data)
        os.replace(partial, path)
    key = str(path)
    _EDITED.pop(key, None)
    _EDITED[key] = edit
    while len(_EDITED) > 256:
        _EDITED.pop(next(iter(_EDITED)))
    return path


def load_edited(loader: Callable[[Path], Any], edit: EditedFile, *, named: str | None = None) -> Any:
    """A data file's edited text read with ``loader``, checked exactly as the file would be.

    Parameters
    ----------
    loader : callable
        ``loader(path) -> value`` (a file option's loader, with what it depends on).
    edit : EditedFile
    named : str, optional
        How errors name the file (default: ``edit.name``).

    Raises
    ------
    DataFileError
        The loader's, naming the file as ``named`` (never the temporary path).

    Examples
    --------
    >>> from rometools.caesars_empire.components import load_components
    >>> from rometools.core.data import bundled_file
    >>> text = bundled_file("caesars_empire", "components.toml").read_text(encoding="utf-8")
    >>> edit = EditedFile("components.toml", text.replace("points = 10", "points = 12"))
    >>> load_edited(load_components, edit).road_bonus, load_edited(load_components, edit) == load_edited(load_components, edit)
    (12, True)
    """
    path = edited_path(edit)
    try:
        return loader(path)
    except DataFileError as err:
        if Path(err.path) == path or err.path == str(path):
            raise DataFileError(named or edit.named or edit.name, err.entry, err.problem) from None
        raise


def edited_file_of(value: Any) -> EditedFile | None:
    """The :class:`EditedFile` a loaded value was read from (its ``path`` or ``source``), else ``None``."""
    for attribute in ("path", "source"):
        where = getattr(value, attribute, None)
        if where is None or not isinstance(where, str | os.PathLike):
            continue
        key = str(where)
        if key in _EDITED:
            return _EDITED[key]
        path = Path(where)
        try:
            inside = path.parent.parent == _edited_root() and path.parent.name.startswith(tuple("0123456789abcdef"))
        except (OSError, DataFileError):
            inside = False
        if inside and path.is_file():
            edit = EditedFile(path.name, read_text_file(path))
            if edit.sha256[:40] == path.parent.name:
                return edit
    return None
