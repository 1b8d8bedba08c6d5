"""The board of a playout explorer: the hooks a game with a board provides, and choosing a board.

:class:`BoardChoice` is mixed into :class:`~rometools.widgets._playout.PlayoutExplorer`: the
board list (the data folder's boards, then every board loaded), a typed board path or an
uploaded board file, and the hooks a subclass writes for its game's board (:meth:`board_files`,
:meth:`load_board`, :meth:`player_counts`, :meth:`game_options`; optional :meth:`board_of`,
:meth:`board_file_of`, :meth:`board_name`, :meth:`default_board`). A game with no board
(``HAS_BOARD = False``) writes none of them.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from rometools.core.errors import ArgumentError, DataFileError
from rometools.widgets._base import INPUT_ERRORS, _FileProblem, _text_of, _upload, call_with_timeout

__all__ = ["BoardChoice"]


class BoardChoice:
    """The board of a :class:`~rometools.widgets._playout.PlayoutExplorer` (a mixin: the explorer
    holds the controls ``_board_file``, ``_board_path``, ``_board_upload`` and the game's ``_spec``)."""

    #: The config option that holds the board (one of the game's ``GameSpec.file_options``): its
    #: loader reads a board file, and the bundled files it reads (``data_files``) are the board list.
    #: Augustus's playout explorer chooses its objective cards this way (``"objectives"``).
    BOARD_OPTION: ClassVar[str] = "board"

    # ------------------------------------------------------------ the board's hooks (defaults from the registry)
    def board_files(self) -> dict[str, Path]:
        """The data folder's board files offered in the dropdown, ``{file name: path}``.

        Default: the bundled files the game's :attr:`BOARD_OPTION` reads
        (:func:`rometools.core.file_options.bundled_files`); none for a board-less game
        (``HAS_BOARD = False``).
        """
        if not self.HAS_BOARD:
            return {}
        from rometools.core.data import bundled_file
        from rometools.core.file_options import bundled_files

        return {name: bundled_file(self._spec.id, name) for name in bundled_files(self._spec, self.BOARD_OPTION)}

    def load_board(self, source: Any) -> Any:
        """The board from a file path (``str`` or ``Path``) or a board object; ``DataFileError`` naming the entry.

        Default: a path read by the loader of :attr:`BOARD_OPTION` (``GameSpec.file_options``), a
        board object of the bundled boards' type as it is, anything else a ``TypeError``; a
        board-less game's "board" is ``None``.
        """
        if not self.HAS_BOARD:
            return None
        if isinstance(source, str | Path):
            return self._spec.file_options[self.BOARD_OPTION](Path(source))
        kind = self._board_type()
        if isinstance(source, kind):
            return source
        label = self.field_label("board")
        raise TypeError(f"{label} must be a {label.lower().removesuffix('s')} file or a {kind.__name__}, "
                        f"got {type(source).__name__}")

    def player_counts(self, board: Any) -> Sequence[int]:
        """The player counts ``board`` is for.

        Default: the config's ``players`` option range (``option("players").low`` to
        ``.high``), whatever the board; a game whose boards are each for some counts writes it.
        """
        players = self._spec.config.option("players")
        return tuple(range(int(players.low), int(players.high) + 1))

    def game_options(self, board: Any, players: int) -> dict[str, Any]:
        """Options of ``rometools.load_game(GAME, **options)`` for a new game on ``board``.

        Default: ``{"players": players, BOARD_OPTION: board}`` (``{"players": players}`` board-less).
        """
        return {"players": players, self.BOARD_OPTION: board} if self.HAS_BOARD else {"players": players}

    def board_of(self, config: Any) -> Any:
        """The board of a game config (for a start position).

        Default: the config's ``the_<BOARD_OPTION>()`` where it has one (the board it plays when
        the option is not given), else the option's value, else the default board; ``None`` board-less.
        """
        if not self.HAS_BOARD:
            return None
        the = getattr(config, f"the_{self.BOARD_OPTION}", None)
        board = the() if callable(the) else getattr(config, self.BOARD_OPTION)
        return board if board is not None else self.load_board(self.default_board(config.players))

    def board_file_of(self, board: Any) -> Path | None:
        """The bundled file holding exactly ``board`` (to select it in the dropdown), or ``None``.

        Default: the bundled file it was read from (its ``path`` or ``source``), else the bundled
        file that loads as an equal board with equal components; ``None`` for any other board
        (listed as "<name> · given").
        """
        read_from = getattr(board, "path", None) or getattr(board, "source", None)
        for path in self.board_files().values():
            loaded = self.load_board(path)
            same = (read_from is not None and _same_file(read_from, path)) or loaded == board
            if same and getattr(loaded, "components", None) == getattr(board, "components", None):
                return path
        return None

    def board_name(self, board: Any) -> str:
        """The board as the list names it. Default: its ``name`` attribute."""
        return str(getattr(board, "name", "board"))

    def default_board(self, players: int | None) -> Any:
        """The board used when none is given. Default: the dropdown's first file (``None`` board-less)."""
        return next(iter(self.board_files().values())) if self.HAS_BOARD else None

    def all_player_counts(self) -> tuple[int, ...]:
        """Every player count the game's boards take (the players dropdown when no board limits it)."""
        if not self.HAS_BOARD:
            return tuple(self.player_counts(None))
        return tuple(sorted({n for path in self.board_files().values()
                             for n in self.player_counts(self.load_board(path))}))

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

    def _no_board(self) -> str:
        return (f"{self.field_label('board')}: {self._spec.title} has no board; choose the players, "
                "bots, seed or a start instead")

    def _select_board(self, board: Any, *, label: str | None = None) -> None:
        """Select ``board`` (a path or a board object) in the board list, adding it if new."""
        if not self.HAS_BOARD:
            if board is not None:
                raise ArgumentError(self._no_board())
            return
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

    def _load(self, source: Any) -> Any:
        """The board of ``source``; a file is read within :data:`FILE_TIMEOUT_S` seconds."""
        if isinstance(source, Path) and source not in self.board_files().values():
            try:
                return call_with_timeout(self.load_board, source, what=source.name or str(source))
            except DataFileError as err:
                raise _FileProblem(_file_problem(f"{self.field_label('board')} file", err)) from None
        return self.load_board(source)

    def _load_typed_board(self) -> bool:
        """Load the path typed in the board box (Enter, leaving the box, or Load); keep it if it fails."""
        if self._hold:
            return False
        typed = self._board_path.value.strip()
        if not typed:
            self._show_error(ValueError("Board file: type the path of a board file, then Enter or Load"))
            return False
        self._keep_typed("board_path", typed)
        return self._replay(change=lambda: self._select_board(Path(typed).expanduser()))

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

    def _on_board_file(self, _change=None) -> None:
        if self._hold:
            return
        self._replay(adjust_players=True)  # the path box keeps what was typed; the list says what is loaded


def _file_problem(what: str, err: DataFileError) -> str:
    """A data-file error worded for an explorer: what the file is, its path, entry and problem. A path
    of more than 80 characters is cut to ``...`` and its last 60, so the message still names the file.

    Examples
    --------
    >>> _file_problem("Board file", DataFileError("/x/b.toml", "city[0].value", "must be 1 to 8, got 9"))
    'Board file /x/b.toml: city[0].value: must be 1 to 8, got 9'
    >>> _file_problem("Board file", DataFileError("/home" + "/boards" * 12 + "/b.toml", "", "cannot be read"))
    'Board file ...ards/boards/boards/boards/boards/boards/boards/boards/b.toml: cannot be read'
    """
    path = str(err.path)
    path = path if len(path) <= 80 else f"...{path[-60:]}"
    return f"{what} {path}: " + (f"{err.entry}: " if err.entry else "") + err.problem


def _same_file(a: Any, b: Any) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except (OSError, TypeError, ValueError):
        return False
