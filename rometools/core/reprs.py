"""Short reprs of a game's objects: a value in a few words, a state in one line.

* :func:`short_value` -- a value as a repr shows it inside another: a number or a word
  as itself, a board or a component set as its type, name and size ("ObjectiveSet
  'Illustrative set (88 cards)', 88 entries"), never its every entry.
* :func:`install_short_reprs` -- called when a :class:`~rometools.core.spec.GameSpec` is
  made: a game's config and state classes, and the types its file options load, get reprs
  of one line that say what they hold (a dataclass's own repr of an Augustus config printed
  its 88 objective cards, 22,800 characters).
"""

from __future__ import annotations

import os
from dataclasses import fields, is_dataclass
from typing import Any

from rometools.core.protocol import CHANCE, TERMINAL
from rometools.core.registry import game_of

__all__ = ["SHORT", "install_short_reprs", "short_value"]

#: Longest repr of a value inside another (longer is cut with "...").
SHORT = 60


def _sized(value: Any) -> int | None:
    try:
        return len(value)
    except TypeError:
        return None


def short_value(value: Any) -> str:
    """``value`` in a few words: itself when short, else its type, name and size.

    Examples
    --------
    >>> short_value(4), short_value("first"), short_value((1, 2))
    ('4', "'first'", '(1, 2)')
    >>> from rometools.augustus import load_objectives
    >>> short_value(load_objectives())
    "ObjectiveSet 'Illustrative set (88 cards)', 88 entries"
    >>> short_value("x" * 100)[-30:]
    'xxxxxxxxxx... (100 characters)'
    """
    if value is None or isinstance(value, bool | int | float):
        return repr(value)
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
        return repr(value) if len(value) <= SHORT else repr(f"...{value[-(SHORT - 8):]}")
    if isinstance(value, str):
        text = repr(value)
        return text if len(text) <= SHORT else f"{text[:SHORT - 3]}... ({len(value):,} characters)"
    name = getattr(value, "name", None)
    size = _sized(value)
    if isinstance(name, str) and not isinstance(value, tuple | list | dict | set | frozenset):
        words = f"{type(value).__name__} {name[:SHORT]!r}"
        return words + (f", {size:,} entries" if size is not None else "")
    text = repr(value) if type(value).__repr__ is not _short_repr else f"{type(value).__name__}"
    if len(text) <= SHORT:
        return text
    return f"{type(value).__name__} of {size:,}" if size is not None else f"{type(value).__name__}(...)"


def _short_repr(self: Any) -> str:
    """A dataclass's repr with every field value in a few words (:func:`short_value`)."""
    if not is_dataclass(self):
        return object.__repr__(self)
    from rometools.core.options import GENERIC_OPTIONS

    parts = [f"{f.name}={short_value(getattr(self, f.name, None))}" for f in fields(self)
             if f.repr and not (f.name in GENERIC_OPTIONS and not getattr(self, f.name, None))]  # no handicap: unsaid
    return f"{type(self).__name__}({', '.join(parts)})"


def _state_repr(self: Any) -> str:
    """A state in one line: its game, players, actions played, whose turn (or over)."""
    spec = game_of(self)
    try:
        player = spec.rules.current_player(self)
        history = spec.rules.action_history(self)
    except Exception:  # noqa: BLE001 - a repr never raises (a half-built state in a debugger)
        return f"<{spec.title} state>"
    now = "over" if player == TERMINAL else "chance to act" if player == CHANCE else f"P{player + 1} to act"
    players = getattr(getattr(self, "config", None), "players", None)
    seats = f"{players} players, " if isinstance(players, int) else ""
    return f"<{spec.title} state: {seats}{len(history):,} actions played, {now}>"


def _uses_dataclass_repr(cls: type) -> bool:
    """Whether ``cls`` has the repr ``@dataclass`` wrote (not one of its own, not ours)."""
    own = cls.__dict__.get("__repr__")
    code = getattr(getattr(own, "__wrapped__", own), "__code__", None)
    return code is not None and code.co_filename == "<string>"  # written by dataclasses' exec, not a file


def install_short_reprs(spec: Any) -> None:
    """Give a registered game's config, state and file-option types one-line reprs.

    Only a class whose repr is the one ``@dataclass`` wrote gets it; a class with its own
    ``__repr__`` keeps it. Called when a :class:`~rometools.core.spec.GameSpec` is made.
    """
    if _uses_dataclass_repr(spec.state):
        spec.state.__repr__ = _state_repr
    kinds = [spec.config]
    options = getattr(spec.config, "options", None)
    if callable(options):
        kinds += [o.kind for o in options() if o.file is not None and isinstance(o.kind, type)]
    for kind in kinds:
        if _uses_dataclass_repr(kind):
            kind.__repr__ = _short_repr
