"""A file option's values: read once per version of the file, saved in a saved game, read back safely.

What :meth:`Option.load <rometools.core.options.Option.load>`,
:meth:`~rometools.core.options.Option.to_json` and :meth:`~rometools.core.options.Option.from_json`
do for a file option (a board, a component mix): a file's value is kept by the file's version
(so ``Config.from_dict`` in a worker does not parse a board again); a saved game names a bundled
file by its name, an edited file by its whole text, an inline value written out, or another file
by its path, each with its SHA-256; and a path is read back only from :func:`file_folders` (the
bundled data, the saved game's own folder, ``allow=``, ``ROMETOOLS_FILE_FOLDERS``).

Split out of :mod:`rometools.core.options`, which re-exports every public name.

Examples
--------
>>> _jsonable(((1, 2), {"a": (3,)}))
[[1, 2], {'a': [3]}]
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rometools.core.errors import DataFileError, OptionError
from rometools.core.formatting import shown

#: A file option, :class:`~rometools.core.options.Option` (that module sits above this one and
#: imports it, so it is not imported here, not even for annotations: the modules import one way).
_Option = Any

__all__ = ["FILE_FOLDERS_VARIABLE", "file_folders"]


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


#: File options' values read (:meth:`Option.load`), by option, file version and value depended on.
_FILE_VALUES: dict[tuple, tuple[Any, Any]] = {}


def _file_key(o: _Option, path: str | os.PathLike[str], dep: Any) -> tuple | None:
    """What :meth:`Option.load` keys a file's value by, or ``None`` for a file it cannot look at."""
    try:
        p = Path(path)
        st = p.stat()
        return o.owner, o.name, str(p.resolve()), st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino, id(dep)
    except (OSError, TypeError, ValueError):
        return None


def _sha256_file(path: str | os.PathLike[str]) -> str:
    from rometools.core.data import read_text_file

    return hashlib.sha256(read_text_file(path).encode("utf-8")).hexdigest()


def _sha256_json(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _bundled(o: _Option) -> list[tuple[str, Path]]:
    """``(name, path)`` of the game's bundled files this option's loader reads."""
    from rometools.core.data import bundled_file
    from rometools.core.registry import spec_of_config

    spec = spec_of_config(o.owner)
    return [(name, bundled_file(spec.id, name)) for name, load in spec.data_files.items() if load == o.file]


def _read_file(o: _Option, value: str | os.PathLike[str], config: Any) -> Any:
    """A file option's value from a path, or from a bundled file's name (``board_2_3``), loaded
    with the option it depends on (:attr:`Option.depends`) as the config has it."""
    from rometools.core.file_options import file_option_path
    from rometools.core.registry import spec_of_config

    return o.load(file_option_path(spec_of_config(o.owner), o.name, value), config)


def _file_to_json(o: _Option, value: Any) -> Any:
    """A file option's value in a saved game: the bundled file it is (by path, else by content),
    else written out in full (``inline``), else the file it was read from."""
    if value is None:
        return None
    path = getattr(value, "path", None)
    for name, bundled in _bundled(o):
        if (path is not None and _same_file(path, bundled)) or (path is None and o.load(bundled) == value):
            return {"bundled": name, "sha256": _sha256_file(bundled)}
    from rometools.core.data import edited_file_of

    edit = edited_file_of(value)
    if edit is not None:  # a variant's edited file: its whole text, so the game loads anywhere
        return {"edited": {"name": edit.name, "text": edit.text}, "sha256": edit.sha256}
    if o.inline is not None and hasattr(value, "to_dict"):
        data = value.to_dict()
        return {"inline": data, "sha256": _sha256_json(data)}
    if path is None:
        raise OptionError(o.name, f"{o.name}: a value built in code cannot be saved; load it from a file")
    return {"file": str(path), "sha256": _sha256_file(path)}


def _same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except (OSError, ValueError):
        return False


#: The environment variable naming more folders (``os.pathsep`` between them) whose files a
#: saved game may name, for the app and the command, where no code passes ``allow=``.
FILE_FOLDERS_VARIABLE = "ROMETOOLS_FILE_FOLDERS"


def file_folders(beside: str | os.PathLike[str] | None = None,
                 allow: Iterable[str | os.PathLike[str]] = ()) -> tuple[Path, ...]:
    """The folders whose files a saved game's file option (``{file: path}``) may name.

    The bundled data folder; the folder of the saved game itself (``beside``, the saved
    game's file); each folder of ``allow``; each folder of the environment variable
    ``ROMETOOLS_FILE_FOLDERS`` (separated by ``os.pathsep``). Nothing else: a saved game
    uploaded to the app cannot make the server read, or say anything about, another file.

    Examples
    --------
    >>> from rometools.core.data import data_dir
    >>> file_folders()[0] == data_dir()
    True
    >>> file_folders("/tmp/games/run.json", allow=["/tmp/boards"])[1:]
    (PosixPath('/tmp/games'), PosixPath('/tmp/boards'))
    """
    from rometools.core.data import data_dir

    folders = [data_dir()]
    if beside is not None:
        folders.append(Path(beside).expanduser().parent)
    folders += [Path(f).expanduser() for f in allow]
    folders += [Path(f) for f in os.environ.get(FILE_FOLDERS_VARIABLE, "").split(os.pathsep) if f.strip()]
    out: list[Path] = []
    for f in folders:
        try:
            f = Path(os.path.abspath(f))
        except (OSError, ValueError):
            continue
        if f not in out:
            out.append(f)
    return tuple(out)


def _within(path: str, folders: tuple[Path, ...]) -> Path | None:
    """``path`` (a relative one from the current folder, as when it was saved), if it lies in one of
    ``folders`` as written (``..`` taken away first, so it cannot climb out), or is a file inside one
    of them once the links of both are followed (a bundled file is saved by its real path, and a data
    folder may be made of links); else ``None``. A link inside a folder is followed: only the saved
    game is someone else's, the folders and what is in them are the designer's."""
    try:
        written = Path(os.path.abspath(Path(path).expanduser()))
        if any(written.is_relative_to(f) for f in folders):
            return written
        real = written.resolve()
        inside = [f for f in folders if real.is_relative_to(f.resolve())]
        if not inside and folders:  # a bundled game's folder that is a link (a test's data folder)
            inside = [g for g in _linked_game_folders(folders[0]) if real.is_relative_to(g)]
    except (OSError, ValueError, RuntimeError):  # a NUL byte, a name too long, a link loop
        return None
    return written if inside else None


def _linked_game_folders(data: Path) -> list[Path]:
    """The real folders of the data folder's game folders that are links."""
    try:
        return [g.resolve() for g in data.iterdir() if g.is_symlink() and g.is_dir()]
    except OSError:
        return []


def _file_from_json(o: _Option, data: Any, source: str, folders: tuple[Path, ...] | None = None) -> Any:
    entry = f"config.{o.name}"
    if data is None:
        return None
    if not isinstance(data, Mapping) or "sha256" not in data or len(data) != 2 or not (
            {"bundled", "inline", "file", "edited"} & set(data)):
        raise DataFileError(source, entry, "must be null, {bundled: name, sha256}, {inline: {...}, sha256}, "
                                           "{edited: {name, text}, sha256} or {file: path, sha256}")
    sha = data["sha256"]
    if "edited" in data:
        from rometools.core.data import EditedFile

        edit = data["edited"]
        if (not isinstance(edit, Mapping) or set(edit) != {"name", "text"} or not isinstance(edit["name"], str)
                or not isinstance(edit["text"], str)):
            raise DataFileError(source, f"{entry}.edited", f"must be {{name, text}}: the {o.name} file's name "
                                                           "and its whole edited text")
        try:
            edited = EditedFile(edit["name"], edit["text"])
        except DataFileError as err:
            raise DataFileError(source, f"{entry}.edited", f"{err.path}: {err.problem}") from None
        if edited.sha256 != sha:
            raise DataFileError(source, entry, f"the edited {o.name} was changed after the game was saved "
                                               "(SHA-256 differs)")
        return edited  # read when the config is made, with what it depends on
    if "bundled" in data:
        names = dict(_bundled(o))
        if data["bundled"] not in names:
            raise DataFileError(source, f"{entry}.bundled", f"is not a bundled {o.name} file; the bundled ones are "
                                                            f"{', '.join(names)}, got {shown(data['bundled'])}")
        path = names[data["bundled"]]
        if _sha256_file(path) != sha:
            raise DataFileError(source, entry, f"the bundled {data['bundled']} has changed since the game was "
                                               f"saved (SHA-256 differs)")
        return str(path)  # read when the config is made, with what it depends on
    if "inline" in data:
        if o.inline is None or not isinstance(data["inline"], Mapping):
            raise DataFileError(source, f"{entry}.inline", f"must be a {o.name} written out in full")
        if _sha256_json(data["inline"]) != sha:
            raise DataFileError(source, entry, f"the {o.name} was edited after the game was saved (SHA-256 differs)")
        try:
            return o.inline(data["inline"], source=source)
        except DataFileError as err:
            raise DataFileError(source, f"{entry}.inline.{err.entry}", err.problem) from None
    path = data["file"]
    if not isinstance(path, str):
        raise DataFileError(source, f"{entry}.file", f"must be a file's path, got {shown(path)}")
    if folders is not None:
        found = _within(path, folders)
        if found is None:  # the same words whatever is at that path: nothing about it leaks
            raise DataFileError(source, f"{entry}.file", f"names a file a saved game may not read: a saved game "
                                                         f"names a bundled {o.name}, a file in its own folder, or "
                                                         f"one under a folder given in allow= (or "
                                                         f"{FILE_FOLDERS_VARIABLE})")
        path = str(found)
    try:
        changed = _sha256_file(path) != sha
    except DataFileError as err:
        raise DataFileError(source, entry, f"cannot read {shown(path)}: {err.problem}") from None
    if changed:
        raise DataFileError(source, entry, f"{path} has changed since the game was saved (SHA-256 differs)")
    return path  # read when the config is made, with what it depends on
