"""The rometools error family.

Every error a designer can trigger derives from :class:`RometoolsError`, and
each one is also a standard exception (``ValueError``) so plain ``except
ValueError`` keeps working.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any


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


def check_choice(option: str, value: Any, choices: Iterable[str]) -> None:
    """Refuse an option whose value is not one of ``choices``, in the designer's words.

    The one message for a choice option of any game's config, so the
    ``rometools`` command, the API and the explorers say the same thing.

    Parameters
    ----------
    option : str
        The option's name (``"route_policy"``).
    value : object
        What was given.
    choices : iterable of str
        The values the option takes, in the order to list them.

    Raises
    ------
    RulesError
        ``"<option> must be one of <choices>; got <value>"`` when ``value`` is
        not one of ``choices``.

    Examples
    --------
    >>> check_choice("no_move", "pass", ("pass", "end_game"))
    >>> check_choice("no_move", "stop", ("pass", "end_game"))
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: no_move must be one of pass, end_game; got 'stop'
    """
    from rometools.core.formatting import shown

    choices = list(choices)
    if not isinstance(value, str) or value not in choices:
        raise RulesError(f"{option} must be one of {', '.join(choices)}; got {shown(value)}")
