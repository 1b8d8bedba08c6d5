"""A config option that takes a data file (a board): its bundled files, and the file a text names.

:attr:`rometools.core.spec.GameSpec.file_options` lists a game's file options; these
functions read one from the text a designer types (``board=board_2_3`` or a path), for
:func:`rometools.core.load.load_game`, the command's ``--option board=...`` and the balance
lab's Board file box alike.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from rometools.core.registry import RegisteredSpec, spec_from

__all__ = ["FileOptionsSpec", "bundled_files", "file_option_path", "read_file_option"]


class FileOptionsSpec(RegisteredSpec, Protocol):
    """What these functions read of a game's :class:`~rometools.core.spec.GameSpec`: its file
    options and bundled data files. Named here, not imported, not even for annotations: the spec
    sits above this module (it reaches it through the protocol and the options)."""

    title: str
    file_options: Mapping[str, Callable[[Any], Any]]
    data_files: Mapping[str, Callable[[Any], Any]]


def bundled_files(game: str | FileOptionsSpec, option: str) -> list[str]:
    """The bundled files (``data_files`` names) that a file option's loader reads.

    Examples
    --------
    >>> bundled_files("caesars_empire", "board")
    ['board_2_3.toml', 'board_4_5.toml']
    >>> bundled_files("imperator", "board")
    ['board.toml']
    """
    spec = spec_from(game)
    load = spec.file_options[option]
    return [name for name, loader in spec.data_files.items() if loader == load]


def read_file_option(game: str | FileOptionsSpec, option: str, value: str | os.PathLike[str]) -> Any:
    """What a file option's loader reads from ``value``: a file's path, or a bundled file's name.

    The one reading of a file option (:attr:`GameSpec.file_options`) given as
    text: :func:`load_game`, the command's ``--option board=...`` and the
    balance lab's Board file box all go through it.

    Parameters
    ----------
    game : str or GameSpec
    option : str
        One of the game's ``file_options`` (``"board"``).
    value : str or path
        The path of a file (``~`` expanded), or the name of a bundled file the
        option's loader reads (one of :func:`bundled_files`, with or without
        its suffix: ``"board_2_3"`` or ``"board_2_3.toml"``). A file of that
        path comes first.

    Raises
    ------
    DataFileError
        For a value that is neither a file nor a bundled file's name (listing
        the bundled files), or a file that does not load.
    KeyError
        If ``option`` is not one of the game's file options.

    Examples
    --------
    >>> read_file_option("caesars_empire", "board", "board_2_3").side
    '2-3'
    >>> read_file_option("caesars_empire", "board", "board_9")
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: board_9: no such file; give the path of a board file or a bundled board: board_2_3, board_4_5
    """

    spec = spec_from(game)
    return spec.file_options[option](file_option_path(spec, option, value))


def file_option_path(game: str | FileOptionsSpec, option: str, value: str | os.PathLike[str]) -> Path:
    """The file a file option's text names: the path itself, or the bundled file of that name.

    See :func:`read_file_option`, which loads it.

    Raises
    ------
    DataFileError
        For a value that is neither a file nor a bundled file's name (listing
        the bundled files).
    """
    from rometools.core.data import bundled_file
    from rometools.core.errors import DataFileError

    spec = spec_from(game)
    bundled = bundled_files(spec, option)
    text = os.fspath(value)
    path = Path(text).expanduser()
    try:
        present = path.exists()
    except (OSError, ValueError):  # a name too long, a NUL byte: no such file
        present = False
    if present:
        return path
    name = next((n for n in bundled if text in (n, Path(n).stem)), None)
    if name is None:
        names = ", ".join(Path(n).stem for n in bundled)
        hint = (f"; give the path of a {option} file or a bundled {option}: {names}" if names
                else f"; give the path of a {option} file ({spec.title} bundles none)")
        raise DataFileError(text, "", f"no such file{hint}")
    return bundled_file(spec.id, name)
