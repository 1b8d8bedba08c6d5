"""The rometools error family.

Every error a designer can trigger derives from :class:`RometoolsError`, and
each one is also a standard exception (``ValueError``) so plain ``except
ValueError`` keeps working.
"""

from __future__ import annotations

from pathlib import Path


class RometoolsError(Exception):
    """Base class of every error rometools raises on purpose."""


class RulesError(RometoolsError, ValueError):
    """An action or request breaks the rules of the game.

    The message says which rule, quoting the offending value, e.g.
    ``city 'capua' is still available and cannot be crossed``.
    The state the action was applied to is never modified.
    """


class DataFileError(RometoolsError, ValueError):
    """A data file (board, components, tables) is malformed.

    Parameters
    ----------
    path : str or Path
        The file that failed to load.
    entry : str
        Where in the file, e.g. ``"treasure[2] (id='gems').count"``.
    problem : str
        What is wrong with it.

    Examples
    --------
    >>> err = DataFileError("board.toml", "city[3] (id='capua').value", "must be 1 to 8, got 9")
    >>> str(err)
    "board.toml: city[3] (id='capua').value: must be 1 to 8, got 9"
    """

    def __init__(self, path: str | Path, entry: str, problem: str):
        self.path = str(path)
        self.entry = entry
        self.problem = problem
        super().__init__(f"{self.path}: {entry}: {problem}" if entry else f"{self.path}: {problem}")
