"""What every module of the conformance suite shares: requiring, expecting an error, running named checks."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rometools.core.errors import ArgumentError
from rometools.core.formatting import shown


def _require(condition: Any, message: str) -> None:
    """``assert`` that survives ``python -O``."""
    if not condition:
        raise AssertionError(message)


def _raises(error: type[BaseException] | tuple[type[BaseException], ...], call: Callable[[], Any], where: str,
            match: str | None = None) -> BaseException:
    """The error ``call()`` raises, which must be an ``error`` (whose text ``match`` searches), else an
    AssertionError naming ``where``."""
    try:
        call()
    except error as err:
        if match is not None and not re.search(match, str(err)):
            raise AssertionError(f"{where}: the message {str(err)!r} does not say {match!r}") from err
        return err
    except Exception as err:
        names = error.__name__ if isinstance(error, type) else " or ".join(e.__name__ for e in error)
        raise AssertionError(f"{where}: raised {type(err).__name__} ({shown(str(err), 200)}), not {names}") from err
    names = error.__name__ if isinstance(error, type) else " or ".join(e.__name__ for e in error)
    raise AssertionError(f"{where}: no {names} was raised")


def _run_checks(table: Mapping[str, tuple[str, Callable[..., Any]]], owner: str, game_id: str,
                checks: Sequence[str] | None, *args: Any, **options: Any) -> list[str]:
    """Run the named checks of ``table`` (``{name: (what it holds, function)}``) in its order, each as
    ``function(*args, **those options it takes)`` (an option that is ``None`` is not given); a
    failure is an AssertionError naming the owner, the game and the check. Returns the names of
    the checks run."""
    wanted = list(table) if checks is None else list(checks)
    if isinstance(checks, str):
        raise ArgumentError(f"checks must be a list of check names, got {shown(checks)}")
    for name in wanted:
        if name not in table:
            raise ArgumentError(f"unknown check {shown(name)}; the checks are {', '.join(table)}")
    ran = []
    for name in (n for n in table if n in wanted):
        what, check = table[name]
        takes = inspect.signature(check).parameters
        given = {k: v for k, v in options.items() if v is not None and k in takes}
        try:
            check(*args, **given)
        except AssertionError as err:
            raise AssertionError(f"{owner}({game_id!r}): check {name!r} ({what}) failed: {err}") from err
        except Exception as err:  # the game raised where the check expected no exception
            raise AssertionError(f"{owner}({game_id!r}): check {name!r} ({what}) failed: "
                                 f"{type(err).__name__}: {err}") from err
        ran.append(name)
    return ran


def checks_doc(summary: str, table: Mapping[str, tuple[str, Any]], example: str, options: str = "") -> str:
    """The numpydoc docstring of a ``check_<area>(game_id, *, checks=None, ...)`` function: its summary,
    its parameters (``options``: more, already indented), the checks of ``table`` listed with what
    each holds, what it returns and raises, and its ``example`` (doctest lines, indented by 4)."""
    listed = "\n".join(f"        * ``{name}``: {what}" for name, (what, _) in table.items())
    return f"""{summary}; raise on the first failure.

    Parameters
    ----------
    game_id : str
        A registered game.
    checks : sequence of str, optional
        Names from its module's ``CHECKS``. Default: all, in this order:

{listed}

{options}    Returns
    -------
    list of str
        The checks that ran (a check of something the game does not declare passes at once).

    Raises
    ------
    AssertionError
        Naming the function, the game, the check and every problem it found.
    ArgumentError
        For an unknown game or check.

    Examples
    --------
{example}
    """
