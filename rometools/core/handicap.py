"""The seat handicap: extra points, or a start bonus the game declares, for chosen seats.

Every game's config has a ``handicap`` option (declared once on
:class:`rometools.core.options.Config`), the parameter designers tune most
("what should the fourth player get to make up for sitting last?"). Seats are
written as designers say them, **from 1** (``P1`` is the first player), in
every form a designer types: ``{4: 2}`` gives the fourth seat 2 points,
``{4: {"points": 2, "bonus": 1}}`` also one start bonus, a list gives every
seat's points in turn (``[0, 0, 0, 2]``), and the text of the OpenSpiel
bridge's ``handicap`` parameter, ``"4:2 1:-1"`` (``seat:points`` entries,
``seat:points/bonus`` with a start bonus). Inside the code a seat is 0-based,
as everywhere else (:meth:`Handicap.points`).

* **Points** are added to the seat's score before the ranking and its
  tiebreaks: :class:`~rometools.core.game.GameSpec` wraps the game's
  ``scores`` and ``score_parts`` (a ``"handicap"`` part) and ranks seats by
  handicapped score, then the tiebreak keys the game declares
  (``GameSpec(tiebreaks=...)``). Negative points are a penalty.
* **A start bonus** is what the game declares as one unit of help at the
  set-up (``GameSpec(start_bonus=StartBonus(...))``: Caesar's Empire one more
  Road, Via Romana one more card in the starting hand...); the game's own
  set-up reads :meth:`Handicap.bonus`. A game that declares none refuses a
  bonus. These bonuses are a design tool, not a rule (``illustrative``,
  recorded in ``docs/rules-decisions.md``).

Examples
--------
>>> h = Handicap.parse({4: 2, "1": -1})
>>> h, h.points(3), h.points(0), h.bonus(3)
(Handicap(seat 1: -1 point; seat 4: +2 points), 2, -1, 0)
>>> h.to_json()
{'1': -1, '4': 2}
>>> Handicap.parse([0, 0, 3]) == Handicap.parse({3: 3}) == Handicap.parse("3:3")
True
>>> Handicap.parse({0: 2})
Traceback (most recent call last):
...
rometools.core.errors.OptionError: handicap: seats are numbered from 1 (P1, the first player), got seat 0
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rometools.core.errors import OptionError
from rometools.core.formatting import counted, shown

__all__ = ["MAX_HANDICAP_POINTS", "Handicap", "StartBonus", "with_handicap"]

#: The largest handicap in points, either way (no game scores near a million; larger is a typo).
MAX_HANDICAP_POINTS = 1_000_000
#: The most seats a handicap names (no game seats more; a longer list is a typo or hostile).
_MAX_SEATS = 64


@dataclass(frozen=True)
class StartBonus:
    """What a game gives a seat for each unit of its handicap's start bonus.

    Parameters
    ----------
    unit : str
        One unit in the rulebook's words, singular (``"Road"``, ``"card"``, ``"legion"``).
    meaning : str
        What one unit does, in one sentence (``"one more Road in the seat's supply at the
        start"``).
    most : int
        The largest bonus a seat may get (a whole number 1 or more).
    units : str, optional
        The plural (default: ``unit + "s"``).

    Examples
    --------
    >>> StartBonus("Road", "one more Road in the seat's supply at the start", most=10).amount(3)
    '3 Roads'
    """

    unit: str
    meaning: str
    most: int
    units: str = ""

    def amount(self, n: int) -> str:
        """``n`` units in words: ``"1 Road"``, ``"3 Roads"``."""
        return counted(n, self.unit, self.units or None)

    def more(self, n: int) -> str:
        """``n`` units as a seat's bonus, in the words of :attr:`meaning`: ``"one more Road"``,
        ``"3 more Roads"`` (a handicap's start bonus in a verdict, never "start bonus 1").

        Examples
        --------
        >>> bonus = StartBonus("Road", "one more Road in the seat's supply at the start", most=10)
        >>> bonus.more(1), bonus.more(3), bonus.more(-1)
        ('one more Road', '3 more Roads', '1 Road fewer')
        """
        if n < 0:
            return f"{self.amount(-n)} fewer"
        return f"one more {self.unit}" if n == 1 else f"{n:,} more {self.units or self.unit + 's'}"


@dataclass(frozen=True)
class Handicap:
    """Extra points and start bonuses per seat: the value of every config's ``handicap`` option.

    Build it with :meth:`parse` (from what a designer types); it is hashable and
    compares by value, so configs with equal handicaps are equal.

    Attributes
    ----------
    entries : tuple of (seat, points, bonus)
        Seats from 1, ascending; only seats with points or a bonus.
    """

    entries: tuple[tuple[int, int, int], ...] = ()

    # ------------------------------------------------------------ reading it
    def points(self, seat: int) -> int:
        """The extra points of a seat (**0-based**, as the code counts seats)."""
        for s, p, _ in self.entries:
            if s == seat + 1:
                return p
        return 0

    def bonus(self, seat: int) -> int:
        """The start bonus (units of the game's :class:`StartBonus`) of a seat (**0-based**)."""
        for s, _, b in self.entries:
            if s == seat + 1:
                return b
        return 0

    def points_per_seat(self, players: int) -> tuple[int, ...]:
        """Every seat's extra points, 0-based: ``(0, 0, 0, 2)``."""
        return tuple(self.points(s) for s in range(players))

    @property
    def has_points(self) -> bool:
        """Whether any seat gets points."""
        return any(p for _, p, _ in self.entries)

    @property
    def has_bonus(self) -> bool:
        """Whether any seat gets a start bonus."""
        return any(b for _, _, b in self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def with_seat(self, seat: int, *, points: int | None = None, bonus: int | None = None) -> Handicap:
        """The same handicap with one seat's (**1-based**) points or bonus changed.

        >>> Handicap().with_seat(4, points=2).with_seat(4, bonus=1).to_json()
        {'4': {'points': 2, 'bonus': 1}}
        """
        found = {s: (p, b) for s, p, b in self.entries}
        p, b = found.get(seat, (0, 0))
        found[seat] = (p if points is None else points, b if bonus is None else bonus)
        return Handicap.parse({s: {"points": p, "bonus": b} for s, (p, b) in found.items()})

    # ------------------------------------------------------------ forms
    def to_json(self) -> dict[str, Any]:
        """The saved form: ``{"4": 2}`` (points only) or ``{"4": {"points": 2, "bonus": 1}}``."""
        return {str(s): (p if not b else {"points": p, "bonus": b}) for s, p, b in self.entries}

    def __str__(self) -> str:
        return self.words()

    def words(self, bonus: StartBonus | None = None) -> str:
        """Each seat's handicap in words, its start bonus in ``bonus``'s words (the game's
        ``GameSpec.start_bonus``) when given, else as "start bonus N".

        Examples
        --------
        >>> h = Handicap.parse({4: {"points": 2, "bonus": 1}})
        >>> str(h)
        'seat 4: +2 points and start bonus 1'
        >>> h.words(StartBonus("Road", "one more Road in the seat's supply at the start", most=10))
        'seat 4: +2 points and one more Road'
        """
        if not self.entries:
            return "none"
        parts = []
        for s, p, b in self.entries:
            words = [f"{p:+,} point{'' if abs(p) == 1 else 's'}"] if p else []
            words += [f"start bonus {b}" if bonus is None else bonus.more(b)] if b else []
            parts.append(f"seat {s}: {' and '.join(words)}")
        return "; ".join(parts)

    def __repr__(self) -> str:
        return f"Handicap({self})"

    @classmethod
    def parse(cls, value: Any, *, option: str = "handicap") -> Handicap:
        """A handicap from what a designer types.

        Parameters
        ----------
        value : None, Handicap, Mapping, sequence or str
            ``None`` or ``{}``: no handicap. A mapping from seat (from 1; an ``int`` or
            its digits as text, as TOML and JSON keys are) to points (a whole number) or
            to ``{"points": p, "bonus": b}``. A list: every seat's points (or
            ``[points, bonus]`` pairs) from the first seat. Text in one of these forms, as
            typed on the command line: ``"{3: 2}"``, ``'{"3": 2}'``, the TOML inline table
            ``"{3 = 2}"`` a saved variant file writes, ``"[0, 0, 2]"``, or the OpenSpiel
            bridge's parameter ``"3:2"`` (``seat:points`` entries separated by spaces or
            commas, ``seat:points/bonus`` with a start bonus: ``"3:2 1:-1/1"``; blank text
            is no handicap, as the parameter's default).
        option : str
            The option's name in messages.

        Raises
        ------
        OptionError
            Naming the option and the seat: a seat that is not a whole number 1 or
            more, points that are not a whole number within
            :data:`MAX_HANDICAP_POINTS`, a bonus that is not a whole number 0 or more,
            an unknown key, more than 64 seats. (The seat range and the bonus the game
            allows are checked by the config, which knows them.)
        """
        if value is None:
            return cls()
        if isinstance(value, Handicap):
            return value
        if isinstance(value, str):
            value = _from_text(value, option)
        if isinstance(value, str | bytes) or not isinstance(value, Mapping | Sequence):
            raise OptionError(option, f"{option} must be a table of seats (from 1) and their points, e.g. "
                                      f"{{4: 2}}, or a list of every seat's points, or seat:points as OpenSpiel's "
                                      f"parameter writes it (4:2 1:-1); got {shown(value)}")
        if len(value) > _MAX_SEATS:
            raise OptionError(option, f"{option} names {len(value):,} seats; no game has more than {_MAX_SEATS}")
        items = value.items() if isinstance(value, Mapping) else enumerate(value, start=1)
        found: dict[int, tuple[int, int]] = {}
        for key, entry in items:
            seat = _seat(key, option)
            where = f"{option}.{seat}"
            if isinstance(entry, Mapping):
                unknown = [k for k in entry if k not in ("points", "bonus")]
                if unknown:
                    raise OptionError(option, f"{where}: {shown(unknown[0], 40)} is not points or bonus")
                points, bonus = entry.get("points", 0), entry.get("bonus", 0)
            elif isinstance(entry, Sequence) and not isinstance(entry, str | bytes) and not isinstance(value, Mapping):
                if len(entry) != 2:
                    raise OptionError(option, f"{where}: a seat's entry is points or [points, bonus], "
                                              f"got {shown(entry)}")
                points, bonus = entry
            else:
                points, bonus = entry, 0
            points = _whole(points, f"{where}" if not isinstance(entry, Mapping) else f"{where}.points",
                            option, low=-MAX_HANDICAP_POINTS, high=MAX_HANDICAP_POINTS)
            bonus = _whole(bonus, f"{where}.bonus", option, low=0, high=MAX_HANDICAP_POINTS)
            if seat in found:
                raise OptionError(option, f"{where}: seat {seat} is given twice")
            found[seat] = (points, bonus)
        return cls(tuple((s, p, b) for s, (p, b) in sorted(found.items()) if p or b))

    def check(self, players: int, start_bonus: StartBonus | None, title: str = "this game",
              option: str = "handicap") -> None:
        """Refuse a seat beyond ``players`` or a bonus the game does not give (:class:`OptionError`).

        >>> Handicap.parse({5: 1}).check(4, None, "Augustus")
        Traceback (most recent call last):
        ...
        rometools.core.errors.OptionError: handicap: seat 5 is not a seat of a 4-player game (seats 1 to 4)
        """
        for s, _, b in self.entries:
            if s > players:
                raise OptionError(option, f"{option}: seat {s} is not a seat of a {players}-player game "
                                          f"(seats 1 to {players})")
            if b and start_bonus is None:
                raise OptionError(option, f"{option}.{s}.bonus: {title} declares no start bonus; give points")
            if b and b > start_bonus.most:
                raise OptionError(option, f"{option}.{s}.bonus: at most {start_bonus.amount(start_bonus.most)} "
                                          f"({start_bonus.meaning}), got {b:,}")


#: Text a handicap is typed as: on the command line (``--set 'handicap={3: 2}'``) or in a widget.
_MAX_TEXT = 4_000
_BARE_KEY = re.compile(r"([{,]\s*)([A-Za-z_0-9]+)\s*:")


#: One seat's entry of the OpenSpiel bridge's parameter: ``4:2``, ``1:-1``, ``4:2/1`` (seat:points/bonus).
_SEAT_ENTRY = re.compile(r"(\d+):([+-]?\d+)(?:/(\d+))?")


def _from_text(text: str, option: str) -> Any:
    """A handicap typed as text, read as the forms the docs show: ``{3: 2}`` (seat: points, keys
    bare), JSON ``{"3": 2}`` or ``[0, 0, 2]``, or the TOML inline table ``{3 = 2}`` a saved
    variant file writes; nested tables (``{3: {points: 2, bonus: 1}}``) in each form; and the
    OpenSpiel bridge's parameter, ``3:2 1:-1/1`` (:func:`_from_entries`).

    Other text is returned as it is, for :meth:`Handicap.parse` to refuse.

    >>> _from_text("{3: 2}", "handicap") == _from_text("{3 = 2}", "handicap") == {"3": 2}
    True
    >>> _from_text("3:2", "handicap")
    {3: 2}
    """
    import json
    import tomllib

    text = text.strip()
    if len(text) > _MAX_TEXT:
        return text
    if not text.startswith(("{", "[")):
        return _from_entries(text, option) if ":" in text or not text else text
    for attempt in (text, _BARE_KEY.sub(r'\1"\2":', text)):
        try:
            return json.loads(attempt)
        except (ValueError, RecursionError):
            pass
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except (tomllib.TOMLDecodeError, RecursionError):
        return text


def _from_entries(text: str, option: str) -> dict[int, int | dict[str, int]]:
    """The OpenSpiel bridge's spelling of a handicap (its string parameter ``handicap``):
    ``seat:points`` entries, seats from 1, separated by spaces or commas, ``seat:points/bonus``
    with a start bonus; blank text is no handicap (the parameter's default).

    Raises
    ------
    OptionError
        Naming the entry that is not ``seat:points`` or ``seat:points/bonus``, or a seat given
        twice. (The ranges are checked by :meth:`Handicap.parse`.)

    >>> _from_entries("4:2 1:-1/1", "handicap")
    {4: 2, 1: {'points': -1, 'bonus': 1}}
    >>> _from_entries("4:two", "handicap")
    Traceback (most recent call last):
    ...
    rometools.core.errors.OptionError: handicap: '4:two' is not seat:points (seats from 1, e.g. 4:2 1:-1, or 4:2/1 with a start bonus)
    """
    found: dict[int, int | dict[str, int]] = {}
    for item in re.split(r"[\s,]+", re.sub(r"\s*([:/])\s*", r"\1", text.strip())):
        if not item:
            continue
        match = _SEAT_ENTRY.fullmatch(item)
        if match is None:
            raise OptionError(option, f"{option}: {shown(item, 40)} is not seat:points (seats from 1, e.g. "
                                      f"4:2 1:-1, or 4:2/1 with a start bonus)")
        digits = match.group(1)
        seat = _seat(int(digits) if len(digits) <= 18 else digits, option)
        if seat in found:
            raise OptionError(option, f"{option}.{seat}: seat {seat} is given twice")
        points = int(match.group(2))
        found[seat] = points if match.group(3) is None else {"points": points, "bonus": int(match.group(3))}
    return found


def _seat(key: Any, option: str) -> int:
    if isinstance(key, str) and key.strip().isdigit() and len(key.strip()) <= 3:
        key = int(key.strip())
    if isinstance(key, bool) or not isinstance(key, int):
        raise OptionError(option, f"{option}: a seat is a whole number from 1 (P1), got {shown(key, 40)}")
    if key < 1:
        raise OptionError(option, f"{option}: seats are numbered from 1 (P1, the first player), got seat {key}")
    if key > _MAX_SEATS:
        raise OptionError(option, f"{option}: no game has seat {key:,}")
    return key


def _whole(value: Any, where: str, option: str, *, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(option, f"{where}: must be a whole number, got {shown(value, 40)}")
    if not low <= value <= high:
        raise OptionError(option, f"{where}: must be a whole number {low:,} to {high:,}, got "
                                  f"{shown(value, 40)}")
    return value


def with_handicap(scores: Sequence[int], handicap: Handicap) -> tuple[int, ...]:
    """Scores with each seat's handicap points added.

    >>> with_handicap((10, 12, 9), Handicap.parse({3: 4}))
    (10, 12, 13)
    """
    if not handicap.has_points:
        return tuple(scores)
    return tuple(s + handicap.points(seat) for seat, s in enumerate(scores))
