"""The Imperator board: regions per player count, directed arrows, the Action track.

A board is data (``data/imperator/board.toml``, format in ``docs/imperator-format.md``)
read by :meth:`RegionBoard.from_file`. The bundled board is *illustrative*: the
published board is not public, so its seven regions, which player counts use them,
its arrows and its track points are invented. Every rule runs on any board file.

A :class:`Layout` is the board as one player count uses it (the regions that get a
tile, and the arrows between them); the placement rules
(:mod:`rometools.imperator.placement`) work on a layout, so tests build tiny ones
inline with :meth:`Layout.build`.

Rules: ``004_c0d35faf86920c09.txt``, Setup ("reveal and place one tile per region,
following what is indicated on the board according to the number of players"),
Action Progression ("The arrows show the possible directions of movement"; "the
Action track at the bottom of the Imperator board. This track will give points at
the end of the game").
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx
from pydantic import Field

from rometools.core.data import (
    MetaTable,
    Provenance,
    StrictModel,
    bundled_loader,
    json_fields,
    load_data_file,
    parse_model,
    validate_values,
)
from rometools.core.errors import DataFileError

__all__ = ["Arrow", "Layout", "Region", "RegionBoard", "board_path", "load_board"]

_INLINE = "<inline board>"
#: Bounds in a board file (a typo such as 10**12 is an error, not a board).
MAX_PLAYERS = 8
MAX_REGIONS = 100
MAX_TRACK = 100
MAX_POINTS = 10_000


@dataclass(frozen=True)
class Region:
    """A region of the Imperator board.

    Attributes
    ----------
    id : str
        Region id used by arrows and actions.
    name : str
        Display name.
    players : tuple[int, ...]
        Player counts that use the region (it gets a tile; workers may enter it).
    position : tuple[float, float]
        Drawing coordinates, each 0..1 (x right, y up).

    Examples
    --------
    >>> Region("latium", "Latium", (2, 3, 4, 5)).players
    (2, 3, 4, 5)
    """

    id: str
    name: str
    players: tuple[int, ...] = (2, 3, 4, 5)
    position: tuple[float, float] = (0.5, 0.5)


@dataclass(frozen=True)
class Arrow:
    """A directed arrow: a worker forced out of ``source`` may move to ``target``.

    Examples
    --------
    >>> Arrow("latium", "etruria")
    Arrow(source='latium', target='etruria')
    """

    source: str
    target: str


# ----------------------------------------------------------------- file schema
_XY = Field(min_length=2, max_length=2)


class _Header(StrictModel):
    name: str
    description: str | None = None


class _Region(StrictModel):
    id: str
    name: str
    players: list[int] = Field(min_length=1)
    position: list[float] = _XY


class _Arrow(StrictModel):
    source: str = Field(alias="from")
    target: str = Field(alias="to")


class _Space(StrictModel):
    space: int = Field(ge=0, le=MAX_TRACK)
    points: int = Field(ge=0, le=MAX_POINTS)


class _BoardFile(StrictModel):
    meta: MetaTable = MetaTable()
    board: _Header
    region: list[_Region] = Field(min_length=1, max_length=MAX_REGIONS)
    arrow: list[_Arrow] = []
    track: list[_Space] = Field(min_length=1, max_length=MAX_TRACK + 1)


class _ArrowDict(StrictModel):
    source: str
    target: str


class _BoardDict(StrictModel):
    """The inline form of :meth:`RegionBoard.to_dict` (saved games)."""

    name: str
    regions: list[_Region]
    arrows: list[_ArrowDict]
    track: list[int]
    description: str | None = None
    provenance: list[str | None] | None = None
    source: str | None = None


def _fail(source: str, entry: str, problem: str):
    raise DataFileError(source, entry, problem)


# ----------------------------------------------------------------- layout
@dataclass(frozen=True)
class Layout:
    """The regions and arrows in play for one player count (what the placement rules read).

    Build it with :meth:`RegionBoard.layout` or, for tests and what-ifs,
    :meth:`Layout.build`.

    Attributes
    ----------
    regions : tuple[str, ...]
        Region ids in board order.
    successors : Mapping[str, tuple[str, ...]]
        For each region, the regions its arrows point to (file order).
    graph : networkx.DiGraph
        The same arrows as a directed graph (nodes in board order).
    players : int or None
        The player count (``None`` for a layout built inline).

    Examples
    --------
    >>> lay = load_board().layout(3)
    >>> lay.regions, lay.neighbours("campania"), lay.adjacent("campania")
    (('latium', 'etruria', 'umbria', 'campania', 'apulia'), ('apulia',), ('latium', 'apulia'))
    """

    regions: tuple[str, ...]
    successors: Mapping[str, tuple[str, ...]]
    graph: nx.DiGraph = field(repr=False, compare=False)
    players: int | None = None
    index: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def build(cls, regions: Sequence[str], arrows: Iterable[Sequence[str]], *, both_ways: bool = False,
              players: int | None = None) -> Layout:
        """A layout from region ids and ``(from, to)`` arrows.

        Parameters
        ----------
        regions : sequence of str
            Region ids in board order.
        arrows : iterable of (str, str)
            Directed arrows; with ``both_ways`` each also points back.

        Raises
        ------
        ValueError
            For a duplicate region, an arrow to an unknown region or to itself.

        Examples
        --------
        >>> lay = Layout.build("abc", [("a", "b"), ("b", "c")])
        >>> lay.successors["a"], lay.successors["c"]
        (('b',), ())
        >>> Layout.build("ab", [("a", "z")])
        Traceback (most recent call last):
        ...
        ValueError: arrow ('a', 'z') points to an unknown region; regions are ['a', 'b']
        """
        regions = tuple(regions)
        if len(set(regions)) != len(regions):
            raise ValueError(f"regions repeat: {list(regions)}")
        succ: dict[str, list[str]] = {r: [] for r in regions}
        pairs = [tuple(a) for a in arrows]
        if both_ways:
            pairs += [(b, a) for a, b in pairs]
        for a, b in pairs:
            if a not in succ or b not in succ:
                raise ValueError(f"arrow {(a, b)!r} points to an unknown region; regions are {list(regions)}")
            if a == b:
                raise ValueError(f"arrow {(a, b)!r} points from a region to itself")
            if b not in succ[a]:
                succ[a].append(b)
        g = nx.DiGraph(players=players)
        g.add_nodes_from(regions)
        g.add_edges_from((a, b) for a in regions for b in succ[a])
        return cls(regions, {r: tuple(s) for r, s in succ.items()}, g, players,
                   {r: i for i, r in enumerate(regions)})

    def neighbours(self, region: str) -> tuple[str, ...]:
        """The regions a worker forced out of ``region`` may move to (arrow order)."""
        return self.successors[region]

    def adjacent(self, region: str) -> tuple[str, ...]:
        """Regions joined to ``region`` by an arrow either way (board order): the
        advanced game's "neighbouring" regions."""
        near = set(self.successors[region]) | {r for r in self.regions if region in self.successors[r]}
        return tuple(r for r in self.regions if r in near)


# ----------------------------------------------------------------- board
@dataclass(frozen=True)
class RegionBoard:
    """A validated Imperator board (immutable).

    ``__init__`` takes parsed values so tests build tiny boards inline;
    :meth:`from_file` reads a data file. Validation happens once, here.

    Parameters
    ----------
    name : str
    regions : sequence of Region
        In board order (the set-up reveals tiles region by region in this order).
    arrows : sequence of Arrow
        Directed arrows.
    track : sequence of int
        Points of each Action-track space from space 0 (points).
    description : str, optional
    provenance : Provenance, optional
        The bundled board is ``illustrative``.
    source : str, optional
        File the board was read from (used in error messages).

    Attributes
    ----------
    graph : networkx.DiGraph
        Every region (attributes ``name``, ``players``, ``pos``) and arrow.
    player_counts : tuple[int, ...]
        Player counts at least one region is used with.

    Raises
    ------
    DataFileError
        Naming the file, the entry and the problem, for: an empty or duplicate region
        id, a region without player counts or with a count outside 1 to 8, a position
        outside 0..1, an arrow from or to an unknown region or from a region to
        itself, a duplicate arrow, and a track whose spaces are not numbered 0, 1, 2...
        in order or whose points are negative.

    Examples
    --------
    >>> b = RegionBoard("tiny", [Region("a", "A"), Region("b", "B", (3,))], [Arrow("a", "b")], (0, 1, 3))
    >>> b.layout(2).regions, b.layout(3).successors["a"], b.track_points(5)
    (('a',), ('b',), 3)
    >>> RegionBoard("bad", [Region("a", "A")], [Arrow("a", "z")], (0,))
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: <inline board>: arrow[0] ('a'->'z').to: unknown region 'z'
    """

    name: str
    regions: tuple[Region, ...]
    arrows: tuple[Arrow, ...]
    track: tuple[int, ...]
    description: str | None = None
    provenance: Provenance | None = field(default=None, compare=False)
    source: str | None = field(default=None, compare=False)
    graph: nx.DiGraph = field(init=False, repr=False, compare=False)
    player_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _layouts: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        src = self.source or _INLINE
        regions = tuple(Region(r.id, r.name, tuple(r.players), tuple(r.position)) for r in self.regions)
        arrows = tuple(Arrow(a.source, a.target) for a in self.arrows)
        track = tuple(self.track)
        if not regions:
            _fail(src, "region", "a board needs at least one region")
        seen: dict[str, int] = {}
        for i, r in enumerate(regions):
            where = f"region[{i}] (id={r.id!r})"
            if not isinstance(r.id, str) or not r.id:
                _fail(src, f"region[{i}].id", f"must be a non-empty string, got {r.id!r}")
            if r.id in seen:
                _fail(src, f"{where}.id", f"duplicate region id (also region[{seen[r.id]}])")
            seen[r.id] = i
            if not r.players:
                _fail(src, f"{where}.players", "must list at least one player count")
            for p in r.players:
                if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= MAX_PLAYERS:
                    _fail(src, f"{where}.players", f"player counts are 1 to {MAX_PLAYERS}, got {p!r}")
            if len(set(r.players)) != len(r.players):
                _fail(src, f"{where}.players", f"a player count repeats: {list(r.players)}")
            _check_position(src, f"{where}.position", r.position)
        pairs: dict[tuple[str, str], int] = {}
        for j, a in enumerate(arrows):
            where = f"arrow[{j}] ({a.source!r}->{a.target!r})"
            for end, key in ((a.source, "from"), (a.target, "to")):
                if end not in seen:
                    _fail(src, f"{where}.{key}", f"unknown region {end!r}")
            if a.source == a.target:
                _fail(src, where, f"arrow from region {a.source!r} to itself")
            if (a.source, a.target) in pairs:
                _fail(src, where, f"duplicate arrow (also arrow[{pairs[a.source, a.target]}])")
            pairs[a.source, a.target] = j
        if not track:
            _fail(src, "track", "the Action track needs at least space 0")
        for k, pts in enumerate(track):
            if isinstance(pts, bool) or not isinstance(pts, int) or pts < 0:
                _fail(src, f"track[{k}].points", f"must be a whole number of points, 0 or more, got {pts!r}")
        g = nx.DiGraph(name=self.name)
        for r in regions:
            g.add_node(r.id, name=r.name, players=r.players, pos=r.position)
        g.add_edges_from((a.source, a.target) for a in arrows)
        set_ = object.__setattr__
        set_(self, "regions", regions)
        set_(self, "arrows", arrows)
        set_(self, "track", track)
        set_(self, "graph", g)
        set_(self, "player_counts", tuple(sorted({p for r in regions for p in r.players})))
        set_(self, "_layouts", {})

    # ------------------------------------------------------------ constructors
    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> RegionBoard:
        """Read and validate a board file (TOML; YAML with PyYAML), cached per modification time.

        The ``[board]`` table's ``provenance`` (and ``source``) covers the whole file
        unless a table or value sets its own. Format: ``docs/imperator-format.md``.

        Raises
        ------
        DataFileError
            Naming the file, the entry and the problem (see :class:`RegionBoard`), or
            a missing field, a wrong type or a missing provenance.

        Examples
        --------
        >>> b = RegionBoard.from_file(board_path())
        >>> [len(b.layout(n).regions) for n in (2, 3, 4, 5)], b.provenance.kind
        ([4, 5, 6, 7], 'illustrative')
        """
        return load_board(pathlib.Path(path))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = _INLINE) -> RegionBoard:
        """Inverse of :meth:`to_dict` (the inline board of a saved game).

        Raises
        ------
        DataFileError
            For a missing or mistyped entry (named), and as :class:`RegionBoard`.
        """
        raw = validate_values(_BoardDict, data, source)
        prov = raw.provenance
        if prov is not None and (len(prov) != 2 or prov[0] is None):
            raise DataFileError(source, "provenance", f"must be [kind, source], got {prov!r}")
        return cls(raw.name, tuple(Region(r.id, r.name, tuple(r.players), tuple(r.position)) for r in raw.regions),
                   tuple(Arrow(a.source, a.target) for a in raw.arrows), tuple(raw.track), raw.description,
                   Provenance(*prov) if prov else None, raw.source or source)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values; ``RegionBoard.from_dict(b.to_dict()) == b``.

        Examples
        --------
        >>> b = load_board()
        >>> RegionBoard.from_dict(b.to_dict()) == b
        True
        """
        return json_fields(self, ("name", "regions", "arrows", "track", "description", "provenance", "source"))

    # ------------------------------------------------------------ queries
    def layout(self, players: int) -> Layout:
        """The regions and arrows used with ``players`` players (cached).

        Raises
        ------
        ValueError
            If no region is used with that player count.
        """
        lay = self._layouts.get(players)
        if lay is None:
            regions = [r.id for r in self.regions if players in r.players]
            if not regions:
                raise ValueError(f"board {self.name!r} has no region for {players!r} players; it is for "
                                 f"{', '.join(map(str, self.player_counts))} players")
            keep = set(regions)
            arrows = [(a.source, a.target) for a in self.arrows if a.source in keep and a.target in keep]
            lay = self._layouts[players] = Layout.build(regions, arrows, players=players)
        return lay

    def region(self, region_id: str) -> Region:
        """The :class:`Region` with this id.

        Raises
        ------
        KeyError
            If no region has that id.
        """
        for r in self.regions:
            if r.id == region_id:
                return r
        raise KeyError(f"no region {region_id!r} on board {self.name!r}")

    @property
    def track_end(self) -> int:
        """The last space of the Action track (a cube there stays)."""
        return len(self.track) - 1

    def track_points(self, space: int) -> int:
        """Points of a cube on ``space`` (spaces past the end count as the last one).

        Examples
        --------
        >>> load_board().track_points(3), load_board().track_points(99)
        (4, 20)
        """
        return self.track[min(max(space, 0), len(self.track) - 1)]


def _check_position(src: str, where: str, pos: Sequence[float]) -> None:
    try:
        x, y = pos
        ok = 0.0 <= float(x) <= 1.0 and 0.0 <= float(y) <= 1.0
    except (TypeError, ValueError):
        ok = False
    if not ok:
        _fail(src, where, f"must be two drawing coordinates in 0..1, got {pos!r}")


@bundled_loader("imperator", "board.toml")
def load_board(path: pathlib.Path) -> RegionBoard:
    """A board file (default: the bundled illustrative board).

    Raises
    ------
    DataFileError
        As :meth:`RegionBoard.from_file`.

    Examples
    --------
    >>> load_board() is load_board()
    True
    >>> load_board().layout(5).successors["samnium"]
    ()
    """
    datafile = load_data_file(path, default_from="board")
    raw = parse_model(_BoardFile, datafile)
    for k, s in enumerate(raw.track):
        if s.space != k:
            raise DataFileError(path, f"track[{k}].space", f"spaces are numbered 0, 1, 2... in order; "
                                                           f"expected {k}, got {s.space}")
    return RegionBoard(
        name=raw.board.name,
        regions=tuple(Region(r.id, r.name, tuple(r.players), tuple(r.position)) for r in raw.region),
        arrows=tuple(Arrow(a.source, a.target) for a in raw.arrow),
        track=tuple(s.points for s in raw.track),
        description=raw.board.description,
        provenance=datafile.provenance.get("board.name"),
        source=str(path),
    )


#: Path of the bundled ``imperator/board.toml``.
board_path = load_board.bundled_path
