"""The Via Romana board: provinces, cities, roads and their spaces, read from ``data/via_romana/board.toml``.

A *space* is a city (its id: one space per city, VR-2) or a road space (``"<road>.<k>"``, ``k``
counted from the road's city ``a``). Two spaces are adjacent when they follow each other
along a road (city ``a``, ``<road>.0``, ``<road>.1``, ..., city ``b``).

Rules: ``002_2e34de0661bde959.txt``, Preparing to Play; Detailed Building Rules.
Format: ``docs/via-romana-format.md``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Annotated

from pydantic import Field

from rometools.core.data import (
    MetaTable,
    Provenance,
    StrictModel,
    bundled_loader,
    load_data_file,
    parse_model,
)
from rometools.core.errors import DataFileError

__all__ = ["MAX_CITIES", "MAX_ROADS", "MAX_ROAD_SPACES", "MAX_SPACES_PER_ROAD", "PLAYERS", "Board", "City", "Road",
           "board_path", "load_board"]

#: The player counts Via Romana is played with (``002_2e34de0661bde959.txt``, Contents: 2-4 players).
PLAYERS = (2, 4)
#: The largest board the format takes: a board far above the published one's size (20 cities,
#: 30 roads, 75 road spaces in the illustrative one) that every view still draws in about a
#: second. A board of 500 roads and 25,500 spaces took 28 s to open in the road board and
#: 17-34 s per turn (issue 47, item 9); ``benchmarks/bench_via_romana.py`` times the largest.
MAX_CITIES, MAX_ROADS, MAX_SPACES_PER_ROAD, MAX_ROAD_SPACES = 100, 200, 10, 1_000


class _BoardMeta(StrictModel):
    name: str = ""
    description: str = ""


class _Province(StrictModel):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)


class _City(StrictModel):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    province: str
    symbol: str = Field(min_length=1)
    max_value: int = Field(ge=1, le=100)
    # drawing coordinates: each 0..1 (NaN, infinity, 1e308 and negatives drew nothing, or everything off)
    position: list[Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]] = Field(min_length=2, max_length=2)


class _Road(StrictModel):
    id: str = Field(min_length=1)
    a: str
    b: str
    spaces: list[list[str]] = Field(min_length=1, max_length=MAX_SPACES_PER_ROAD)
    blocked_with: list[Annotated[int, Field(ge=PLAYERS[0], le=PLAYERS[1])]] = Field(default=[], max_length=3)


class _BoardFile(StrictModel):
    meta: MetaTable = MetaTable()
    board: _BoardMeta
    province: list[_Province] = Field(min_length=1, max_length=50)
    city: list[_City] = Field(min_length=2, max_length=MAX_CITIES)
    road: list[_Road] = Field(min_length=1, max_length=MAX_ROADS)


@dataclass(frozen=True)
class City:
    """A city: its province (colour), symbol and tile stack ``2..max_value`` (the 1 is printed).

    >>> load_board().city("roma")
    City(id='roma', name='Roma', province='purple', symbol='temple', max_value=4, position=(0.44, 0.9))
    """

    id: str
    name: str
    province: str
    symbol: str
    max_value: int
    position: tuple[float, float] = (0.0, 0.0)

    @property
    def tiles(self) -> tuple[int, ...]:
        """The city's tile stack, bottom to top (values 2..max_value, points)."""
        return tuple(range(2, self.max_value + 1))


@dataclass(frozen=True)
class Road:
    """A road between cities ``a`` and ``b``: its spaces' edge colours, from ``a`` to ``b``.

    >>> r = load_board().road("r01")
    >>> r.a, r.b, r.spaces, r.space_ids
    ('roma', 'tibur', (('purple',), ('purple',)), ('r01.0', 'r01.1'))
    """

    id: str
    a: str
    b: str
    spaces: tuple[tuple[str, ...], ...]
    blocked_with: tuple[int, ...] = ()

    @property
    def space_ids(self) -> tuple[str, ...]:
        """The road spaces' ids, from ``a`` to ``b``."""
        return tuple(f"{self.id}.{k}" for k in range(len(self.spaces)))

    def other(self, city: str) -> str:
        """The road's other end city."""
        return self.b if city == self.a else self.a


@dataclass(frozen=True)
class Board:
    """The board: build it with :meth:`from_file` or inline from :class:`City` and :class:`Road` values.

    Attributes
    ----------
    provinces : tuple[str, ...]
        Province colours.
    cities : tuple[City, ...]
    roads : tuple[Road, ...]
    name : str
    path : Path or None
    provenance : Mapping[str, Provenance]

    Raises
    ------
    DataFileError
        (from :meth:`from_file`) an id used twice, a road id with a ``.``, a city in an
        unknown province, a position outside 0..1 (or not a number), a road to an unknown
        city or from a city to itself, a space colour that is no province, a player count
        outside 2..4 in ``blocked_with``, every road blocked at some player count, more than
        :data:`MAX_CITIES` cities, :data:`MAX_ROADS` roads, :data:`MAX_SPACES_PER_ROAD`
        spaces on a road or :data:`MAX_ROAD_SPACES` road spaces in all.

    Examples
    --------
    >>> b = load_board()
    >>> len(b.cities), len(b.roads), sum(len(c.tiles) for c in b.cities)
    (20, 30, 40)
    >>> len(b.blocked(2)), len(b.blocked(3)), len(b.blocked(4))
    (10, 5, 0)
    """

    provinces: tuple[str, ...]
    cities: tuple[City, ...]
    roads: tuple[Road, ...]
    name: str = ""
    path: Path | None = None
    provenance: Mapping[str, Provenance] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Board:
        """Read and validate a board file (cached per modification time); see :func:`load_board`."""
        return load_board(path)

    @cached_property
    def _city(self) -> dict[str, City]:
        return {c.id: c for c in self.cities}

    @cached_property
    def _road(self) -> dict[str, Road]:
        return {r.id: r for r in self.roads}

    def city(self, city_id: str) -> City:
        """The city with this id (``KeyError`` for another)."""
        return self._city[city_id]

    def road(self, road_id: str) -> Road:
        """The road with this id (``KeyError`` for another)."""
        return self._road[road_id]

    def road_name(self, road_id: str) -> str:
        """A road as the rulebook names it, by the cities it joins: ``"Ravenna–Ancona road"``
        (``KeyError`` for an id the board lacks). Two roads joining the same two cities (a board
        file may have them) are told apart by their id.

        >>> load_board().road_name("r04")
        'Ravenna–Ancona road'
        """
        road = self._road[road_id]
        name = f"{self.city(road.a).name}\u2013{self.city(road.b).name} road"
        twins = [r for r in self.roads if {r.a, r.b} == {road.a, road.b}]
        return name if len(twins) == 1 else f"{name} ({road.id})"

    @cached_property
    def _tile_entries(self) -> dict[str, tuple[str, int]]:
        return {}

    def tile_entry(self, entry: str) -> tuple[str, int]:
        """A won tile as a state records it, ``"roma=4"``, read as ``(province, value)`` (each read once).

        Raises ``KeyError`` for a city not on the board, ``ValueError`` for a value that is no number.
        """
        got = self._tile_entries.get(entry)
        if got is None:
            city, _, value = entry.partition("=")
            got = self._tile_entries[entry] = (self.city(city).province, int(value))
        return got

    def blocked(self, players: int) -> tuple[str, ...]:
        """The roads signed at set-up with ``players`` players."""
        return tuple(r.id for r in self.roads if players in r.blocked_with)

    @cached_property
    def roads_at(self) -> dict[str, tuple[str, ...]]:
        """Each city's roads."""
        out: dict[str, list[str]] = {c.id: [] for c in self.cities}
        for r in self.roads:
            out[r.a].append(r.id)
            out[r.b].append(r.id)
        return {c: tuple(v) for c, v in out.items()}

    @cached_property
    def space_road(self) -> dict[str, Road]:
        """Each road space's road."""
        return {s: r for r in self.roads for s in r.space_ids}

    @cached_property
    def space_colours(self) -> dict[str, tuple[str, ...]]:
        """Every space's colours: a road space's edge colour(s), a city's province."""
        out = {c.id: (c.province,) for c in self.cities}
        for r in self.roads:
            out.update(zip(r.space_ids, r.spaces, strict=False))
        return out

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Every space's adjacent spaces (along the roads)."""
        out: dict[str, list[str]] = {s: [] for s in self.space_colours}
        for r in self.roads:
            chain = (r.a, *r.space_ids, r.b)
            for x, y in zip(chain, chain[1:], strict=False):
                out[x].append(y)
                out[y].append(x)
        return {s: tuple(v) for s, v in out.items()}

    @cached_property
    def spaces(self) -> tuple[str, ...]:
        """Every space: the cities, then the road spaces in road order."""
        return tuple(self.space_colours)


@bundled_loader("via_romana", "board.toml")
def load_board(path: Path) -> Board:
    """A board file (default: the bundled illustrative board), read once per modification time.

    Raises
    ------
    DataFileError
        As :class:`Board` lists, naming the file, the entry and the problem.

    Examples
    --------
    >>> load_board().city("ostia").max_value
    2
    """
    datafile = load_data_file(path, default_from="board")
    raw = parse_model(_BoardFile, datafile)
    provinces = tuple(p.id for p in raw.province)
    if len(set(provinces)) != len(provinces):
        raise DataFileError(path, "province", f"a province id is used twice: {list(provinces)}")
    ids: set[str] = set()
    for c in raw.city:
        if c.id in ids:
            raise DataFileError(path, f"city.{c.id}", "the id is used twice")
        if "." in c.id:
            raise DataFileError(path, f"city.{c.id}.id", "a city id may not contain '.' (road spaces use it)")
        if c.province not in provinces:
            raise DataFileError(path, f"city.{c.id}.province", f"unknown province {c.province!r}; the provinces "
                                                               f"are {list(provinces)}")
        ids.add(c.id)
    roads: set[str] = set()
    for r in raw.road:
        if r.id in roads or r.id in ids:
            raise DataFileError(path, f"road.{r.id}", "the id is used twice (or is a city's id)")
        if "." in r.id:  # its spaces are "<road>.<k>": "r1.0" would be road "r1"'s first space too
            raise DataFileError(path, f"road.{r.id}.id", "a road id may not contain '.' (its spaces' ids are "
                                                         "'<road>.<k>')")
        roads.add(r.id)
        for end in ("a", "b"):
            if getattr(r, end) not in ids:
                raise DataFileError(path, f"road.{r.id}.{end}", f"unknown city {getattr(r, end)!r}")
        if r.a == r.b:
            raise DataFileError(path, f"road.{r.id}", f"a road joins two cities, got {r.a!r} twice")
        for k, cols in enumerate(r.spaces):
            if not cols or len(cols) > 2 or any(c not in provinces for c in cols):
                raise DataFileError(path, f"road.{r.id}.spaces[{k}]", f"a space has 1 or 2 province colours, "
                                                                      f"got {cols}; the provinces are {list(provinces)}")
    spaces = sum(len(r.spaces) for r in raw.road)
    if spaces > MAX_ROAD_SPACES:
        raise DataFileError(path, "road", f"{spaces:,} road spaces in all; a board has at most {MAX_ROAD_SPACES:,}")
    for players in range(PLAYERS[0], PLAYERS[1] + 1):
        if all(players in r.blocked_with for r in raw.road):
            raise DataFileError(path, "road.blocked_with", f"every road is blocked with {players} players: no road "
                                                           f"is left to build on")
    return Board(provinces,
                 tuple(City(c.id, c.name, c.province, c.symbol, c.max_value, tuple(c.position)) for c in raw.city),
                 tuple(Road(r.id, r.a, r.b, tuple(tuple(s) for s in r.spaces), tuple(r.blocked_with))
                       for r in raw.road),
                 raw.board.name, path, datafile.provenance)


#: Path of the bundled ``via_romana/board.toml``.
board_path = load_board.bundled_path
