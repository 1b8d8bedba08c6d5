"""What a registered game offers, in a designer's words, and short reprs of its objects.

* :func:`describe` -- a game's title, players, bots, options (type, default, allowed
  values, meaning) and data files: the ``rometools games`` command's text, a table in a
  notebook.
* :func:`short_value` -- a value as a repr shows it inside another: a number or a word
  as itself, a board or a component set as its type, name and size ("ObjectiveSet
  'Illustrative set (88 cards)', 88 entries"), never its every entry.
* :func:`install_short_reprs` -- called by :func:`rometools.core.game.register_game`: a
  game's config and state classes, and the types its file options load, get reprs of one
  line that say what they hold (a dataclass's own repr of an Augustus config printed its
  88 objective cards, 22,800 characters).
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

__all__ = ["GameDescription", "describe", "install_short_reprs", "short_value"]

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
    from rometools.core.game import CHANCE, TERMINAL, game_of

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
    ``__repr__`` keeps it. Called by :func:`rometools.core.game.register_game`.
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


@dataclass(frozen=True)
class GameDescription:
    """What a registered game offers: :func:`describe`'s answer.

    ``str()`` is the text ``rometools games GAME`` prints; in a notebook it shows as
    tables (``_repr_html_``). ``options`` rows are dicts with ``option``, ``takes``,
    ``default`` and ``meaning``.
    """

    id: str
    title: str
    players: tuple[int, int] | None
    bots: tuple[str, ...]
    options: tuple[dict, ...]
    data_files: tuple[str, ...]
    source: str

    def __str__(self) -> str:
        import textwrap

        players = f"{self.players[0]} to {self.players[1]} players" if self.players else "players: see options"
        lines = [f"{self.id}: {self.title} ({players})",
                 f"  bots: {', '.join(self.bots)}, mcts, mcts:N (N simulations per move)"]
        if self.source:
            lines.append(f"  rulebook: {self.source}")
        if self.data_files:
            lines.append(f"  bundled data files: {', '.join(self.data_files)}")
        lines.append("  options (--option KEY=VALUE; load_game(GAME, KEY=VALUE)):")
        for o in self.options:
            lines += textwrap.wrap(f"{o['option']} ({o['takes']}; default {o['default']}): {o['meaning']}",
                                   width=100, initial_indent="    ", subsequent_indent="      ")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<{self.title}: {len(self.options)} options, bots {', '.join(self.bots)}>"

    def _repr_html_(self) -> str:
        e = html.escape
        players = f"{self.players[0]} to {self.players[1]} players" if self.players else ""
        rows = "".join(f"<tr><td><code>{e(o['option'])}</code></td><td>{e(o['takes'])}</td>"
                       f"<td>{e(str(o['default']))}</td><td>{e(o['meaning'])}</td></tr>" for o in self.options)
        files = f"<br>Bundled data files: {e(', '.join(self.data_files))}" if self.data_files else ""
        return (f"<b>{e(self.title)}</b> (<code>{e(self.id)}</code>) {e(players)}<br>"
                f"Bots: {e(', '.join(self.bots))}, mcts, mcts:N{files}"
                "<table><thead><tr><th>option</th><th>takes</th><th>default</th><th>meaning</th></tr></thead>"
                f"<tbody>{rows}</tbody></table>")


def _player_range(spec: Any) -> tuple[int, int] | None:
    """The player counts the game takes with its bundled data: those its config accepts, tried
    up to the option's bound (at most 12), as (fewest, most); ``None`` when it has no ``players``."""
    from rometools.core.errors import RometoolsError

    try:
        option = spec.config.option("players")
    except (KeyError, ValueError, AttributeError):
        return None
    low = int(option.low) if option.low is not None else 1
    high = min(int(option.high), 12) if option.high is not None else 12
    counts = []
    for n in range(low, high + 1):
        try:
            spec.config(players=n)
        except (RometoolsError, ValueError, TypeError):
            continue
        counts.append(n)
    return (counts[0], counts[-1]) if counts else None


def describe(game_id: str) -> GameDescription:
    """What the registered game ``game_id`` offers: players, bots, options, data files.

    Parameters
    ----------
    game_id : str
        A registered game (:func:`rometools.games`).

    Returns
    -------
    GameDescription
        Printed, the text of ``rometools games GAME``; in a notebook, a table.

    Raises
    ------
    ArgumentError
        For a game that is not registered (the message lists those that are).

    See Also
    --------
    rometools.core.options.Option.describe : one option's line.

    Examples
    --------
    >>> d = describe("pig")
    >>> d.title, d.players, d.bots
    ('Pig', (2, 6), ('greedy', 'random'))
    >>> print(str(d).splitlines()[0])
    pig: Pig (2 to 6 players)
    >>> [o["option"] for o in describe("caesars_empire").options][:3]
    ['board', 'players', 'all_tokens_variant']
    """
    from rometools.core.game import game_spec

    spec = game_spec(game_id)
    options = spec.config.options()
    span = _player_range(spec)
    rows = []
    for o in options:
        default = ("the bundled one" if o.file is not None and o.default is None
                   else repr(o.default) if isinstance(o.default, str) else str(o.default))
        meaning = o.meaning
        if o.name == "handicap":   # the generic option, with what this game gives as a start bonus
            bonus = spec.start_bonus
            meaning += (f" Start bonus in {spec.title}: {bonus.meaning}, per unit, at most "
                        f"{bonus.amount(bonus.most)} ({{4: {{\"bonus\": 1}}}})." if bonus is not None
                        else f" {spec.title} declares no start bonus: points only.")
        rows.append({"option": o.name, "takes": o.takes(), "default": default, "meaning": meaning})
    return GameDescription(id=spec.id, title=spec.title, players=span, bots=tuple(sorted(spec.bots)),
                           options=tuple(rows), data_files=tuple(spec.data_files), source=spec.source or "")
