"""Caesar's Empire boards: cities, Rome and the dotted-line paths between them.

A board is data (``data/caesars_empire/board_*.toml``, format in
``docs/board-format.md``) read by :meth:`Board.from_file`. The bundled boards
are *illustrative*: the published map is not public, so they are a plausible
map of the Empire around Rome with 30 (2-3 players) and 40 (4-5 players) cities.

Rules: ``001_a311a49632a27e24.txt``, Set-up (one City token and one Treasure
per city), The Turn (paths cost 1 or 2 Roads), Scoring Routes.
"""

from __future__ import annotations

import os
import pathlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import networkx as nx
from pydantic import Field

from rometools.caesars_empire.components import Components, load_components
from rometools.core.data import (
    MetaTable,
    Provenance,
    StrictModel,
    bundled_file,
    json_fields,
    load_data_file,
    parse_model,
    validate_values,
)
from rometools.core.errors import DataFileError
from rometools.core.formatting import shown

__all__ = ["CITY_ID_PATTERN", "COLOUR_PATTERN", "ROME", "Board", "BoardPath", "City", "board_path", "load_board"]

#: Location id of Rome (paths name their endpoints by ``"rome"`` or a city id).
ROME = "rome"
_INLINE = "<inline board>"
#: What a city id may be: lower-case letters, digits and underscores, starting with a
#: letter, at most 40 characters (``"carthago_nova"``). Ids reach HTML, CSS classes and
#: saved games, so nothing else is let through.
CITY_ID_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,39}")
#: What a City-token colour name may be: letters, then letters, spaces or hyphens, at most
#: 24 characters (``"red"``, ``"dark green"``). Charts draw a name they lack in a fallback colour.
COLOUR_PATTERN = re.compile(r"[A-Za-z][A-Za-z -]{0,23}")


@dataclass(frozen=True)
class City:
    """A city space with its City token.

    Attributes
    ----------
    id : str
        Location id used by paths and actions (not ``"rome"``).
    name : str
        Display name.
    colour : str
        City-token colour (region).
    value : int
        City-token value, 1 to 8 (points).
    position : tuple[float, float]
        Drawing coordinates, each 0..1 (x right, y up).

    Examples
    --------
    >>> City("capua", "Capua", "red", 2, (0.55, 0.62)).value
    2
    """

    id: str
    name: str
    colour: str
    value: int
    position: tuple[float, float] = (0.5, 0.5)


@dataclass(frozen=True)
class BoardPath:
    """A dotted line between two locations.

    Attributes
    ----------
    cities : tuple[str, str]
        Its two endpoints, ``"rome"`` or city ids, as written in the file.
    roads : int
        Road pieces needed to build it: 1 or 2 (Roads). Also the points it
        scores for its owner when on a scoring route.

    Examples
    --------
    >>> BoardPath(("rome", "capua"), 2).key == frozenset({"capua", "rome"})
    True
    """

    cities: tuple[str, str]
    roads: int = 1

    @property
    def key(self) -> frozenset[str]:
        """The unordered endpoint pair, the key used by ``route_points``."""
        return frozenset(self.cities)


# ----------------------------------------------------------------- file schema
_XY = Field(min_length=2, max_length=2)


class _Header(StrictModel):
    name: str
    side: str
    description: str | None = None


class _Rome(StrictModel):
    position: list[float] = _XY


class _City(StrictModel):
    id: str
    name: str
    colour: str
    value: int
    position: list[float] = _XY


class _Path(StrictModel):
    cities: list[str] = _XY
    roads: int


class _BoardFile(StrictModel):
    meta: MetaTable = MetaTable()
    board: _Header
    rome: _Rome
    city: list[_City]
    path: list[_Path]


class _BoardDict(StrictModel):
    """The inline form of :meth:`Board.to_dict` (saved games)."""

    name: str
    side: str
    rome_position: list[float] = _XY
    cities: list[_City]
    paths: list[_Path]
    provenance: list[str | None] | None = None
    source: str | None = None


def _fail(source: str, entry: str, problem: str):
    raise DataFileError(source, entry, problem)


@dataclass(frozen=True)
class Board:
    """A validated Caesar's Empire board (immutable).

    ``__init__`` takes parsed values so tests can build tiny boards inline;
    :meth:`from_file` and :meth:`bundled` read data files. Validation happens
    once, here: nothing is half-built.

    Parameters
    ----------
    name : str
        Board name.
    side : str
        ``"2-3"`` or ``"4-5"`` (a side of ``components.toml``).
    cities : sequence of City
        The cities, in board order (the set-up deal follows this order).
    paths : sequence of BoardPath
        The dotted lines.
    rome_position : tuple[float, float]
        Rome's drawing coordinates (0..1).
    provenance : Provenance, optional
        Where the map comes from; bundled boards are ``illustrative``.
    source : str, optional
        File the board was read from (used in error messages).
    components : Components, optional
        Component set (city-token values and Treasure tokens per side).

    Attributes
    ----------
    city_ids : tuple[str, ...]
        City ids in board order.
    graph : networkx.Graph
        Built once: nodes ``"rome"`` and city ids (attributes of the City,
        ``pos``), edges with ``roads`` and ``index`` (position in ``paths``).
    locations : tuple[str, ...]
        ``("rome", *city_ids)``: the integer index of a location used by the
        rules engine.

    Raises
    ------
    DataFileError
        Naming the file (``source``), the entry and the problem, for: duplicate
        city ids (or a city called ``"rome"``), an id that is not lower-case
        letters, digits and underscores (:data:`CITY_ID_PATTERN`), a missing
        colour or one that is not a word (:data:`COLOUR_PATTERN`), a value
        outside 1 to 8, a position outside 0..1, an unknown side, more cities
        than the side has Treasure tokens, an unknown path endpoint, a path
        from a location to itself, a duplicate path, ``roads`` not 1 or 2, and
        a city that cannot be reached from Rome.

    Examples
    --------
    >>> b = Board("tiny", "2-3",
    ...           [City("capua", "Capua", "red", 2), City("neapolis", "Neapolis", "blue", 3)],
    ...           [BoardPath(("rome", "capua"), 1), BoardPath(("capua", "neapolis"), 2)])
    >>> b.city_ids, b.graph.edges["capua", "neapolis"]["roads"]
    (('capua', 'neapolis'), 2)
    >>> Board("bad", "2-3", [City("capua", "Capua", "red", 9)], [BoardPath(("rome", "capua"))])
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: <inline board>: city[0] (id='capua').value: must be 1 to 8, got 9
    """

    name: str
    side: str
    cities: tuple[City, ...]
    paths: tuple[BoardPath, ...]
    rome_position: tuple[float, float] = (0.5, 0.5)
    provenance: Provenance | None = field(default=None, compare=False)
    source: str | None = field(default=None, compare=False)
    components: Components | None = field(default=None, compare=False, repr=False)
    # derived, built once in __post_init__
    city_ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    locations: tuple[str, ...] = field(init=False, repr=False, compare=False)
    graph: nx.Graph = field(init=False, repr=False, compare=False)
    _index: Mapping[str, int] = field(init=False, repr=False, compare=False)
    _edge: Mapping[tuple[int, int], int] = field(init=False, repr=False, compare=False)
    _ends: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    _cost: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _adj: tuple[tuple[tuple[int, int, int], ...], ...] = field(init=False, repr=False, compare=False)
    _open_start: tuple[tuple[tuple[int, int, int], ...], ...] = field(init=False, repr=False, compare=False)
    _twin: tuple[tuple[tuple[int, int, int], ...], ...] = field(init=False, repr=False, compare=False)
    _entry: Mapping[tuple[int, int], tuple[int, int, int]] = field(init=False, repr=False, compare=False)
    _rank: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _city_tokens: tuple[tuple[str, int], ...] = field(init=False, repr=False, compare=False)
    # the engine's packed form of the board, per player count (``_kernel.shape_of``)
    _shapes: dict = field(init=False, default_factory=dict, repr=False, compare=False)

    def __getstate__(self) -> dict:
        # pickled and deep-copied without the engine's packed shapes: a cache of compiled memoryviews
        # (which do not pickle), rebuilt on first use
        d = dict(self.__dict__)
        d["_shapes"] = {}
        return d

    def __post_init__(self):
        src = self.source or _INLINE
        cities = tuple(self.cities)
        paths = tuple(BoardPath(tuple(p.cities), p.roads) for p in self.paths)
        comps = self.components or load_components()
        sides = {s.id: s for s in comps.sides}
        if self.side not in sides:
            _fail(src, "board.side", f"must be one of {sorted(sides)}, got {self.side!r}")
        lo, hi = comps.city_values
        _check_position(src, "rome.position", self.rome_position)
        seen: dict[str, int] = {}
        for i, c in enumerate(cities):
            where = f"city[{i}] (id={c.id!r})"
            if not isinstance(c.id, str) or not c.id:
                _fail(src, f"city[{i}].id", f"must be a non-empty string, got {c.id!r}")
            if not CITY_ID_PATTERN.fullmatch(c.id):
                _fail(src, f"city[{i}].id", f"must be lower-case letters, digits and underscores, starting "
                                            f"with a letter, at most 40 characters (e.g. 'carthago_nova'), "
                                            f"got {shown(c.id)}")
            if c.id == ROME:
                _fail(src, f"{where}.id", "'rome' is reserved for Rome")
            if c.id in seen:
                _fail(src, f"{where}.id", f"duplicate id {c.id!r} (also city[{seen[c.id]}])")
            seen[c.id] = i
            if not isinstance(c.colour, str) or not c.colour.strip():
                _fail(src, f"{where}.colour", f"missing colour, got {c.colour!r}")
            if not COLOUR_PATTERN.fullmatch(c.colour):
                _fail(src, f"{where}.colour", f"must be a colour name of letters, spaces or hyphens, at most "
                                              f"24 characters (e.g. 'red'), got {shown(c.colour)}")
            if isinstance(c.value, bool) or not isinstance(c.value, int) or not lo <= c.value <= hi:
                _fail(src, f"{where}.value", f"must be {lo} to {hi}, got {c.value!r}")
            _check_position(src, f"{where}.position", c.position)
        tokens = sum(comps.supply.values())
        if len(cities) > tokens or len(cities) > sides[self.side].cities:
            most = min(tokens, sides[self.side].cities)
            _fail(src, "city", f"{len(cities)} cities but side {self.side!r} has only "
                               f"{most} Treasure tokens")
        if not cities:
            _fail(src, "city", "a board needs at least one city")
        locations = (ROME, *(c.id for c in cities))
        index = {loc: i for i, loc in enumerate(locations)}
        edge: dict[tuple[int, int], int] = {}
        ends, cost = [], []
        adj: list[list[tuple[int, int, int]]] = [[] for _ in locations]
        for j, p in enumerate(paths):
            where = f"path[{j}] ({p.cities[0]!r}-{p.cities[1]!r})" if len(p.cities) == 2 else f"path[{j}]"
            if len(p.cities) != 2:
                _fail(src, f"path[{j}].cities", f"must name exactly two locations, got {list(p.cities)!r}")
            a, b = p.cities
            for end in (a, b):
                if end not in index:
                    _fail(src, f"{where}.cities", f"unknown endpoint {end!r} (not 'rome' or a city id)")
            if a == b:
                _fail(src, f"{where}.cities", f"path from {a!r} to itself")
            if isinstance(p.roads, bool) or p.roads not in (1, 2):
                _fail(src, f"{where}.roads", f"must be 1 or 2, got {p.roads!r}")
            ia, ib = index[a], index[b]
            if (ia, ib) in edge:
                k = edge[ia, ib]
                _fail(src, where, f"duplicate path between {a!r} and {b!r} (also path[{k}])")
            edge[ia, ib] = edge[ib, ia] = j
            ends.append((ia, ib))
            cost.append(p.roads)
            adj[ia].append((ib, j, p.roads))
            adj[ib].append((ia, j, p.roads))
        g = nx.Graph(name=self.name, side=self.side)
        g.add_node(ROME, pos=tuple(self.rome_position), kind="rome")
        for c in cities:
            g.add_node(c.id, pos=tuple(c.position), kind="city", name=c.name,
                       colour=c.colour, value=c.value)
        for j, p in enumerate(paths):
            g.add_edge(*p.cities, roads=p.roads, index=j)
        reached = nx.node_connected_component(g, ROME)
        for i, c in enumerate(cities):
            if c.id not in reached:
                _fail(src, f"city[{i}] (id={c.id!r})", "cannot be reached from Rome")
        setattr_ = object.__setattr__
        setattr_(self, "cities", cities)
        setattr_(self, "paths", paths)
        setattr_(self, "rome_position", tuple(self.rome_position))
        setattr_(self, "components", comps)
        setattr_(self, "city_ids", locations[1:])
        setattr_(self, "locations", locations)
        setattr_(self, "graph", g)
        setattr_(self, "_index", index)
        setattr_(self, "_edge", edge)
        setattr_(self, "_ends", tuple(ends))
        setattr_(self, "_cost", tuple(cost))
        adj = tuple(tuple(a) for a in adj)
        setattr_(self, "_adj", adj)
        # per location, parallel to ``_adj``: the same path seen from the other
        # end (the very tuple in the neighbour's ``_adj`` list)
        back = {(x[1], u): x for u, a in enumerate(adj) for x in a}
        setattr_(self, "_twin", tuple(tuple(back[x[1], x[0]] for x in a) for a in adj))
        setattr_(self, "_entry", {(v, x[0]): x for v, a in enumerate(adj) for x in a})  # (from, to)
        rank = [0] * len(locations)  # each location's place in id order (routes sort by path)
        for k, i in enumerate(sorted(range(len(locations)), key=locations.__getitem__)):
            rank[i] = k
        setattr_(self, "_rank", tuple(rank))
        # per location, its paths into cities (not Rome): the rules engine's
        # unbuilt paths to available cities in the opening position
        setattr_(self, "_open_start", tuple(tuple(x for x in a if x[0]) for a in adj))
        setattr_(self, "_city_tokens", tuple((c.colour, c.value) for c in cities))

    # ------------------------------------------------------------ constructors
    @classmethod
    def from_file(cls, path: str | os.PathLike[str], *, components: Components | None = None) -> Board:
        """Read and validate a board file (TOML; YAML with PyYAML).

        The ``[board]`` table's ``provenance`` (and ``source``) covers the whole
        file unless a table or value sets its own. Format: ``docs/board-format.md``.

        Parameters
        ----------
        path : str or PathLike
            The board file.
        components : Components, optional
            Component set; default the bundled ``components.toml``.

        Returns
        -------
        Board

        Raises
        ------
        DataFileError
            Naming the file, the entry and the problem (see :class:`Board`), or
            a missing field / wrong type / missing provenance.

        Examples
        --------
        >>> b = Board.from_file(board_path("4-5"))
        >>> len(b.city_ids), b.provenance.kind
        (40, 'illustrative')
        """
        p = pathlib.Path(path)
        datafile = load_data_file(p, default_from="board")
        raw = parse_model(_BoardFile, datafile)
        return cls(
            name=raw.board.name,
            side=raw.board.side,
            cities=tuple(City(c.id, c.name, c.colour, c.value, tuple(c.position)) for c in raw.city),
            paths=tuple(BoardPath(tuple(q.cities), q.roads) for q in raw.path),
            rome_position=tuple(raw.rome.position),
            provenance=datafile.provenance.get("board.name"),
            source=str(p),
            components=components,
        )

    @classmethod
    def bundled(cls, side_or_players: str | int = "4-5") -> Board:
        """The bundled illustrative board for a side (``"2-3"``/``"4-5"``) or player count.

        Raises
        ------
        ValueError
            For an unknown side or unsupported player count.

        Examples
        --------
        >>> len(Board.bundled(3).city_ids), len(Board.bundled("4-5").city_ids)
        (30, 40)
        """
        return load_board(side_or_players)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, components: Components | None = None,
                  source: str = _INLINE) -> Board:
        """Inverse of :meth:`to_dict` (the inline board of a saved game).

        Raises
        ------
        DataFileError
            For a missing or mistyped entry (named), and as :class:`Board`.

        Examples
        --------
        >>> Board.from_dict({"name": "x"})
        Traceback (most recent call last):
        ...
        rometools.core.errors.DataFileError: <inline board>: side: is required but missing; also rome_position: is required but missing; cities: is required but missing; paths: is required but missing
        """
        raw = validate_values(_BoardDict, data, source)
        prov = raw.provenance
        if prov is not None and (len(prov) != 2 or prov[0] is None):
            raise DataFileError(source, "provenance", f"must be [kind, source], got {prov!r}")
        return cls(
            name=raw.name, side=raw.side,
            cities=tuple(City(c.id, c.name, c.colour, c.value, tuple(c.position)) for c in raw.cities),
            paths=tuple(BoardPath(tuple(p.cities), p.roads) for p in raw.paths),
            rome_position=tuple(raw.rome_position),
            provenance=Provenance(*prov) if prov else None,
            source=raw.source, components=components,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values; ``Board.from_dict(b.to_dict()) == b``.

        Examples
        --------
        >>> b = Board.bundled("2-3")
        >>> Board.from_dict(b.to_dict()) == b
        True
        """
        return json_fields(self, ("name", "side", "rome_position", "cities", "paths", "provenance", "source"))

    # ------------------------------------------------------------ queries
    def city(self, city_id: str) -> City:
        """The :class:`City` with this id.

        Raises
        ------
        KeyError
            If no city has that id.

        Examples
        --------
        >>> load_board("4-5").city("capua").name
        'Capua'
        """
        i = self._index.get(city_id, 0)
        if i == 0:
            raise KeyError(f"no city {city_id!r} on board {self.name!r}")
        return self.cities[i - 1]

    def path_between(self, a: str, b: str) -> BoardPath | None:
        """The path joining locations ``a`` and ``b``, or ``None``.

        Examples
        --------
        >>> load_board("4-5").path_between("capua", "rome").roads
        1
        """
        j = self._edge.get((self._index.get(a, -1), self._index.get(b, -1)))
        return None if j is None else self.paths[j]

    @property
    def total_roads(self) -> int:
        """Road pieces needed to build every path (Roads)."""
        return sum(self._cost)

    @property
    def city_token_values(self) -> tuple[tuple[str, int], ...]:
        """Every City token as ``(colour, value)``, in board order (the board's own tuple).

        Examples
        --------
        >>> load_board("4-5").city_token_values[0]
        ('red', 2)
        """
        return self._city_tokens

    def city_tokens(self) -> list[tuple[str, int]]:
        """Every City token on the board as ``(colour, value)``.

        Examples
        --------
        >>> load_board("4-5").city_tokens()[0]
        ('red', 2)
        """
        return [(c.colour, c.value) for c in self.cities]


def _check_position(src: str, where: str, pos: Sequence[float]) -> None:
    try:
        x, y = pos
        ok = 0.0 <= float(x) <= 1.0 and 0.0 <= float(y) <= 1.0
    except (TypeError, ValueError):
        ok = False
    if not ok:
        _fail(src, where, f"must be two drawing coordinates in 0..1, got {pos!r}")


def board_path(side: str = "4-5") -> pathlib.Path:
    """Path of a bundled board file, ``board_2_3.toml`` or ``board_4_5.toml``.

    Examples
    --------
    >>> board_path("2-3").name
    'board_2_3.toml'
    """
    return bundled_file("caesars_empire", f"board_{side.replace('-', '_')}.toml")


@lru_cache(maxsize=8)
def _bundled(side: str) -> Board:
    return Board.from_file(board_path(side))


def load_board(side_or_players: str | int | os.PathLike[str] = "4-5") -> Board:
    """A board: the bundled illustrative one for a side or a player count (cached), or a board file.

    ``load_board(path)`` reads a board file as every game's ``load_board`` does (one name, one
    meaning across the games); a side or a player count picks the bundled board for it.

    Parameters
    ----------
    side_or_players : str, int or PathLike
        ``"2-3"``, ``"4-5"``, 2 to 5 players, or a board file's path (a ``Path``, or text naming a
        ``.toml``/``.yaml`` file).

    Returns
    -------
    Board

    Raises
    ------
    ValueError
        For an unknown side or unsupported player count.
    DataFileError
        For a board file that does not load (naming the file and the entry).

    Examples
    --------
    >>> load_board(4) is load_board("4-5")
    True
    >>> from rometools.core.data import bundled_file
    >>> load_board(bundled_file("caesars_empire", "board_2_3.toml")) == load_board(3)
    True
    """
    text = os.fspath(side_or_players) if isinstance(side_or_players, os.PathLike) else side_or_players
    if isinstance(side_or_players, os.PathLike) or (
            isinstance(text, str) and text.lower().endswith((".toml", ".yaml", ".yml"))):
        return Board.from_file(text)
    if isinstance(side_or_players, int) and not isinstance(side_or_players, bool):
        side = load_components().side_for(side_or_players).id
    else:
        side = str(side_or_players)
        if side not in {s.id for s in load_components().sides}:
            raise ValueError(f"unknown board side {side!r}; use '2-3', '4-5', 2 to 5 players or a board file's path")
    return _bundled(side)
