"""The rometools error family.

Every error a designer can trigger derives from :class:`RometoolsError`, and
each one is also a standard exception (``ValueError``) so plain ``except
ValueError`` keeps working.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


class RometoolsError(Exception):
    """Base class of every error rometools raises on purpose.

    Attributes
    ----------
    argument : str or None
        The argument of the call the error is about, as the function names it (``"values"``,
        ``"address"``, ``"candidate[1]"``), or ``None``. A caller that took the value under
        another name (the command line's ``--values``) names it from this, never from the
        message, which stays the function's own.
    """

    argument: str | None = None

    def __reduce__(self):
        """Pickled as its class, its ``args`` and its fields, never by calling ``__init__`` again.

        A subclass whose ``__init__`` takes other arguments than its message (``OptionError(option,
        message)``, ``DataFileError(path, entry, problem)``) round-trips all the same: a process
        executor sends an error raised in a worker back to the caller whole, its message and its
        fields (``option``, ``path``, ``argument``...) as raised.

        Examples
        --------
        >>> import pickle
        >>> err = pickle.loads(pickle.dumps(OptionError("hand", "hand must be 3 to 6, got 9")))
        >>> type(err).__name__, err.option, str(err)
        ('OptionError', 'hand', 'hand must be 3 to 6, got 9')
        """
        return _unpickled, (type(self), self.args), self.__dict__ or None


def _unpickled(cls: type[RometoolsError], args: tuple) -> RometoolsError:
    """An error of ``cls`` holding ``args``, made without its ``__init__`` (its fields follow, as pickled)."""
    err = cls.__new__(cls, *args)
    err.args = args
    return err


class RulesError(RometoolsError, ValueError):
    """An action or request breaks the rules of the game.

    The message says which rule, quoting the offending value, e.g.
    ``city 'capua' is still available and cannot be crossed``.
    The state the action was applied to is never modified.
    """


class IllegalActionError(RulesError):
    """A move that the rules do not allow now ("this move is not allowed here").

    The action is a well-formed action of the game (a chain of cities, a
    placement, a card), but the state forbids it: the city is taken, the
    seat has no legion left, the game is over. python-chess's
    ``IllegalMoveError``.
    """


class InvalidActionError(RulesError):
    """A value that is not an action of the game at all ("this is not a move").

    ``None``, ``3.5``, ``{"a": 1}``, an unknown city or card id, a tuple of
    the wrong shape. python-chess's ``InvalidMoveError``.
    """


def refused(message: str, *, well_formed: bool) -> RulesError:
    """The error ``apply`` raises for an action it refuses, by the python-chess rule.

    A value that is an action of the game in some state (a decision of any
    phase or a chance outcome: its type and shape, and ids the game's board
    and components have) is *well formed*, and refused only because this
    state forbids it; any other value is no move at all.

    Parameters
    ----------
    message : str
        Why the action is refused, quoting it.
    well_formed : bool
        Whether the value is an action of the game at all.

    Returns
    -------
    IllegalActionError or InvalidActionError
        :class:`IllegalActionError` for a well-formed action ("not allowed
        now"), :class:`InvalidActionError` otherwise ("not a move").

    Examples
    --------
    >>> type(refused("city 'capua' is already connected", well_formed=True)).__name__
    'IllegalActionError'
    >>> refused("unknown location 'ostia'", well_formed=False)
    InvalidActionError("unknown location 'ostia'")
    """
    return (IllegalActionError if well_formed else InvalidActionError)(message)


class ArgumentError(RometoolsError, ValueError):
    """A wrong argument to a function: a value out of range, of the wrong type, an unknown name.

    Not a rules matter: the call itself is wrong (``games_needed(0.7)``,
    ``players=9``, ``trials=-1``). The message names the argument, or the box
    an explorer shows it in; ``argument=`` names it for a caller
    (:attr:`RometoolsError.argument`).

    Examples
    --------
    >>> err = ArgumentError("values holds 1 twice", argument="values")
    >>> str(err), err.argument
    ('values holds 1 twice', 'values')
    """

    def __init__(self, *args: object, argument: str | None = None):
        super().__init__(*args)
        if argument is not None:
            self.argument = argument


@contextmanager
def about(argument: str) -> Iterator[None]:
    """Name ``argument`` on a rometools error raised inside the block that names none yet
    (:attr:`RometoolsError.argument`); the error itself, its type and message, are unchanged.

    >>> try:
    ...     with about("bots"):
    ...         raise ArgumentError("unknown bot 'gredy'")
    ... except ArgumentError as err:
    ...     print(err.argument)
    bots
    """
    try:
        yield
    except RometoolsError as err:
        if err.argument is None:
            err.argument = argument
        raise


class OptionError(ArgumentError):
    """A game option the game refuses.

    Parameters
    ----------
    option : str
        The option's name (``"route_policy"``): the saved-game loader names
        ``config.<option>`` from it, never from the message.
    message : str
        What is wrong, naming the option
        (``"route_policy must be one of first, player; got 'foo'"``).

    Examples
    --------
    >>> err = OptionError("players", "players: Augustus is for 2 to 6 players, got 7")
    >>> err.option, str(err)
    ('players', 'players: Augustus is for 2 to 6 players, got 7')
    """

    def __init__(self, option: str, message: str):
        self.option = option
        self.message = message
        super().__init__(message)


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
        where = _path_text(self.path)
        super().__init__(f"{where}: {entry}: {problem}" if entry else f"{where}: {problem}")


#: Longest file name a message shows as it is; a longer one, or one with a control
#: character (a NUL byte, a line break), is quoted and cut (:func:`~rometools.core.formatting.shown`).
_PATH_SHOWN = 300


def _path_text(path: str) -> str:
    """A file's name for a message: as it is, or quoted and cut when long or holding control characters."""
    if len(path) <= _PATH_SHOWN and path.isprintable():
        return path
    from rometools.core.formatting import shown

    return shown(path, _PATH_SHOWN)


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
    OptionError
        ``"<option> must be one of <choices>; got <value>"`` when ``value`` is
        not one of ``choices``.

    Examples
    --------
    >>> check_choice("no_move", "pass", ("pass", "end_game"))
    >>> check_choice("no_move", "stop", ("pass", "end_game"))
    Traceback (most recent call last):
    ...
    rometools.core.errors.OptionError: no_move must be one of pass, end_game; got 'stop'
    """
    from rometools.core.formatting import shown

    choices = list(choices)
    if not isinstance(value, str) or value not in choices:
        raise OptionError(option, f"{option} must be one of {', '.join(choices)}; got {shown(value)}")


def wrong_config(expected: type, value: Any) -> ArgumentError:
    """The error for ``config=`` given a value that is not the game's own config: another game's
    ``GameConfig`` is named by its module, never "must be a GameConfig, got GameConfig".

    Parameters
    ----------
    expected : type
        The game's config class.
    value : object
        What was given.

    Returns
    -------
    ArgumentError
        To raise, naming the argument ``config``.

    Examples
    --------
    >>> class GameConfig: ...
    >>> str(wrong_config(GameConfig, 3))
    'config must be a GameConfig, got int'
    >>> from rometools.augustus.rules import GameConfig as Other
    >>> str(wrong_config(GameConfig, Other()))   # doctest: +ELLIPSIS
    "config must be ...errors.GameConfig (this game's), got rometools.augustus.state.GameConfig (another game's)"
    """
    got = type(value)
    if got.__name__ != expected.__name__:
        return ArgumentError(f"config must be a {expected.__name__}, got {got.__name__}", argument="config")
    return ArgumentError(f"config must be {expected.__module__}.{expected.__qualname__} (this game's), got "
                         f"{got.__module__}.{got.__qualname__} (another game's)", argument="config")
