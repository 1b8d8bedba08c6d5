"""IMPERATOR reward tiles and resources, read from ``data/imperator/components.toml``.

The file lists the 20 reward tiles exactly as the rulebook's Reward Tile Sheet does
(marker, kind, resource or amount), the base-game resources the tiles show (ids from
the rulebook's descriptions of the icons, with display names) and the rulebook's
totals, which the loader checks the tile list against. Nothing here is hard-coded:
designers edit the file and call :func:`load_components` on their copy (format:
``docs/imperator-format.md``).

Rules: ``004_c0d35faf86920c09.txt``, Components, Rewards, Reward Tile Sheet.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

from pydantic import Field

from rometools.core.data import (
    MetaTable,
    Provenance,
    StrictModel,
    bundled_loader,
    load_data_file,
    parse_model,
)
from rometools.core.errors import ArgumentError, DataFileError

__all__ = [
    "HELD_KINDS",
    "INSTANT_KINDS",
    "KIND_NAMES",
    "MARKERS",
    "TILE_KINDS",
    "Components",
    "Resource",
    "RewardTile",
    "components_path",
    "load_components",
    "tile_file_with_counts",
]

#: Reward-tile kinds, in the rulebook's order of the Totals line.
TILE_KINDS = ("usable_once", "instant_points", "political_influence", "propraetor", "any_worker_value")
#: Kinds that apply at once when received ("Instant Rewards (lightning icon)").
INSTANT_KINDS = ("instant_points", "political_influence")
#: Kinds held until used ("Usable-Once Rewards").
HELD_KINDS = ("usable_once", "propraetor", "any_worker_value")
#: Display names of the kinds.
KIND_NAMES = MappingProxyType({
    "usable_once": "Usable once (denarii, resources)",
    "instant_points": "Points by current stock",
    "political_influence": "Political influence (statue)",
    "propraetor": "Propraetor (banner)",
    "any_worker_value": "Any worker value",
})
#: The two value markers a tile can show ("a 1 at the top left or a 5 at the top right").
MARKERS = (1, 5)

#: Bounds on numbers in a component file (a typo such as 10**12 is an error, not a tile).
MAX_TILES = 200
MAX_AMOUNT = 1000


# ----------------------------------------------------------------- file schema
class _KindTotal(StrictModel):
    id: str
    count: int = Field(ge=0, le=MAX_TILES)


class _Totals(StrictModel):
    tiles: int = Field(ge=1, le=MAX_TILES)
    marker_1: int = Field(ge=0, le=MAX_TILES)
    marker_5: int = Field(ge=0, le=MAX_TILES)
    kind: list[_KindTotal]


class _Resource(StrictModel):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    description: str = ""


class _Tile(StrictModel):
    id: str = Field(min_length=1)
    marker: int
    kind: str
    resource: str | None = None
    amount: int | None = Field(None, ge=1, le=MAX_AMOUNT)
    points: int | None = Field(None, ge=1, le=MAX_AMOUNT)
    text: str = ""


class _ComponentsFile(StrictModel):
    meta: MetaTable = MetaTable()
    totals: _Totals
    resource: list[_Resource] = Field(min_length=1)
    tile: list[_Tile] = Field(min_length=1, max_length=MAX_TILES)


# ----------------------------------------------------------------- public values
@dataclass(frozen=True)
class Resource:
    """A base-game resource a reward tile shows.

    Attributes
    ----------
    id : str
        Canonical id (``"wood"``, ``"dark_grey_sphere"``...), from the rulebook's
        description of the icon (the tiles print no names).
    name : str
        Display name.
    description : str
        The rulebook's description of the icon.

    Examples
    --------
    >>> load_components().resources[0]
    Resource(id='wood', name='Wood', description='logs')
    """

    id: str
    name: str
    description: str = ""


@dataclass(frozen=True)
class RewardTile:
    """One reward tile.

    Attributes
    ----------
    id : str
        Tile id (``"t01"`` ... ``"t20"`` in the sheet's order).
    marker : int
        1 or 5: the value that is strongest on this tile ("A worker is considered
        stronger if its value is closest to the value marked on the corresponding tile").
    kind : str
        One of :data:`TILE_KINDS`.
    resource : str or None
        The resource a ``usable_once`` tile gives or an ``instant_points`` tile counts.
    amount : int or None
        Resources (or denarii) a ``usable_once`` tile gives; the political influence of
        the statue; the influence of the Propraetor tile.
    points : int or None
        An ``instant_points`` tile's laurel: points per resource in stock (points).
    text : str
        The rulebook's words for the tile.

    Examples
    --------
    >>> t = load_components().tile("t08")
    >>> t.marker, t.kind, t.resource, t.points, t.instant
    (5, 'instant_points', 'stone', 1, True)
    """

    id: str
    marker: int
    kind: str
    resource: str | None = None
    amount: int | None = None
    points: int | None = None
    text: str = ""

    @property
    def instant(self) -> bool:
        """Whether the tile applies at once when received (lightning icon)."""
        return self.kind in INSTANT_KINDS


@dataclass(frozen=True)
class Components:
    """The IMPERATOR reward tiles and the resources they show.

    Build it with :func:`load_components`. All fields are read-only.

    Attributes
    ----------
    tiles : tuple[RewardTile, ...]
        In the sheet's order.
    resources : tuple[Resource, ...]
    path : Path or None
        The file read.
    provenance : Mapping[str, Provenance]
        Provenance of every value, e.g. ``"tile.t01.amount"``.

    Examples
    --------
    >>> c = load_components()
    >>> len(c.tiles), c.kind_counts["instant_points"], c.marker_counts
    (20, 10, {1: 10, 5: 10})
    >>> c.resource_name("dark_grey_sphere")
    'Dark grey sphere'
    """

    tiles: tuple[RewardTile, ...]
    resources: tuple[Resource, ...]
    path: Path | None = None
    provenance: Mapping[str, Provenance] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def tile_ids(self) -> tuple[str, ...]:
        """Tile ids in the sheet's order."""
        return tuple(t.id for t in self.tiles)

    @cached_property
    def sorted_tile_ids(self) -> tuple[str, ...]:
        """Tile ids sorted: a new game's face-down stack (a state holds a pile as its composition)."""
        return tuple(sorted(self.tile_ids))

    @cached_property
    def resource_ids(self) -> tuple[str, ...]:
        """Resource ids in file order."""
        return tuple(r.id for r in self.resources)

    @cached_property
    def _by_id(self) -> Mapping[str, RewardTile]:
        return MappingProxyType({t.id: t for t in self.tiles})

    @cached_property
    def marker_of(self) -> Mapping[str, int]:
        """Each tile's marker, ``{tile id: 1 or 5}`` (read-only; the rules read it per region at
        every placement decision)."""
        return MappingProxyType({t.id: t.marker for t in self.tiles})

    @cached_property
    def instant_points_of(self) -> Mapping[str, tuple[int, int]]:
        """Each ``instant_points`` tile's rule as numbers, ``{tile id: (resource index, points per
        resource)}``, the index into :attr:`resource_ids` (read-only; the greedy bot rates tiles
        at every decision)."""
        return MappingProxyType({t.id: (self.resource_ids.index(t.resource), t.points) for t in self.tiles
                                 if t.kind == "instant_points"})

    @cached_property
    def usable_points_of(self) -> Mapping[str, int]:
        """Each ``usable_once`` tile's worth to the greedy bot, ``{tile id: points}``: its amount
        times the points per resource of every ``instant_points`` tile counting that resource, at
        least 1 (a resource no tile counts, denarii: 1). Read from the tiles as loaded, so a variant's
        amounts and points change it (read-only; the bot rates tiles at every decision).

        >>> c = load_components()
        >>> c.usable_points_of["t04"], c.usable_points_of["t01"]
        (5, 1)
        """
        laurels: dict[str, int] = {}
        for t in self.tiles:
            if t.kind == "instant_points":
                laurels[t.resource] = laurels.get(t.resource, 0) + t.points
        return MappingProxyType({t.id: max(1, t.amount * laurels.get(t.resource, 0)) for t in self.tiles
                                 if t.kind == "usable_once"})

    @cached_property
    def kind_counts(self) -> dict[str, int]:
        """Tiles of each kind, ``{kind: tiles}`` (every kind listed)."""
        counts = Counter(t.kind for t in self.tiles)
        return {k: counts[k] for k in TILE_KINDS}

    @cached_property
    def marker_counts(self) -> dict[int, int]:
        """Tiles with each marker, ``{1: tiles, 5: tiles}``."""
        counts = Counter(t.marker for t in self.tiles)
        return {m: counts[m] for m in MARKERS}

    def tile(self, tile_id: str) -> RewardTile:
        """The tile with this id.

        Raises
        ------
        KeyError
            If no tile has that id.
        """
        try:
            return self._by_id[tile_id]
        except (KeyError, TypeError):
            raise KeyError(f"no reward tile {tile_id!r}; tiles are {self.tile_ids[0]!r} to "
                           f"{self.tile_ids[-1]!r}") from None

    def has_tile(self, tile_id: object) -> bool:
        """Whether ``tile_id`` is a tile id (any value; never raises)."""
        return isinstance(tile_id, str) and tile_id in self._by_id

    def resource_name(self, resource: str) -> str:
        """Display name of a resource id.

        Raises
        ------
        KeyError
            If ``resource`` is not a resource id.
        """
        for r in self.resources:
            if r.id == resource:
                return r.name
        raise KeyError(f"unknown resource {resource!r}; expected one of {list(self.resource_ids)}")

    def describe(self, tile_id: str) -> str:
        """A short readable label of a tile: its marker in brackets, then what it gives.

        Examples
        --------
        >>> c = load_components()
        >>> c.describe("t08"), c.describe("t01"), c.describe("t14")
        ('[5] points per Stone', '[1] 15 Denarii', '[5] +1 political influence')
        """
        t = self.tile(tile_id)
        if t.kind == "instant_points":
            body = f"points per {self.resource_name(t.resource)}" if t.points == 1 else \
                f"{t.points} points per {self.resource_name(t.resource)}"
        elif t.kind == "usable_once":
            body = f"{t.amount} {self.resource_name(t.resource)}"
        elif t.kind == "political_influence":
            body = f"+{t.amount} political influence"
        elif t.kind == "propraetor":
            body = f"Propraetor ({t.amount} influence)"
        else:
            body = "any worker value"
        return f"[{t.marker}] {body}"


@bundled_loader("imperator", "components.toml")
def load_components(path: Path) -> Components:
    """Load and validate an IMPERATOR component file (reward tiles and resources).

    Parameters
    ----------
    path : str or PathLike, optional
        A components TOML (or YAML) file; default the bundled
        ``data/imperator/components.toml``.

    Returns
    -------
    Components
        Cached per file and modification time.

    Raises
    ------
    DataFileError
        Naming the file, the entry and the problem: a missing or mistyped field, a
        duplicate id, a marker other than 1 or 5, an unknown kind or resource, a
        field a kind does not have (or lacks), or a tile list that does not match the
        ``[totals]`` table (tiles, kinds, markers).

    Examples
    --------
    >>> c = load_components()
    >>> c.kind_counts
    {'usable_once': 6, 'instant_points': 10, 'political_influence': 1, 'propraetor': 1, 'any_worker_value': 2}
    >>> c.provenance["tile.t06.resource"].kind, c.provenance["tile.t06.amount"].kind
    ('inferred', 'rulebook')
    """
    datafile = load_data_file(path)
    raw = parse_model(_ComponentsFile, datafile)
    res_ids: list[str] = []
    for i, r in enumerate(raw.resource):
        if r.id in res_ids:
            raise DataFileError(path, f"resource[{i}] (id={r.id!r}).id",
                                f"duplicate resource id (also resource[{res_ids.index(r.id)}])")
        res_ids.append(r.id)
    ids: list[str] = []
    for i, t in enumerate(raw.tile):
        where = f"tile[{i}] (id={t.id!r})"
        if t.id in ids:
            raise DataFileError(path, f"{where}.id", f"duplicate tile id (also tile[{ids.index(t.id)}])")
        ids.append(t.id)
        if t.marker not in MARKERS:
            raise DataFileError(path, f"{where}.marker", f"must be 1 or 5, got {t.marker}")
        if t.kind not in TILE_KINDS:
            raise DataFileError(path, f"{where}.kind", f"unknown kind {t.kind!r}; expected one of {list(TILE_KINDS)}")
        needs = {"usable_once": ("resource", "amount"), "instant_points": ("resource", "points"),
                 "political_influence": ("amount",), "propraetor": ("amount",), "any_worker_value": ()}[t.kind]
        for name in ("resource", "amount", "points"):
            given = getattr(t, name) is not None
            if name in needs and not given:
                raise DataFileError(path, f"{where}.{name}", f"a {t.kind} tile needs a {name}")
            if name not in needs and given:
                raise DataFileError(path, f"{where}.{name}", f"a {t.kind} tile has no {name}")
        if t.resource is not None and t.resource not in res_ids:
            raise DataFileError(path, f"{where}.resource", f"unknown resource {t.resource!r}; expected one of "
                                                           f"{res_ids}")
    tiles = tuple(RewardTile(t.id, t.marker, t.kind, t.resource, t.amount, t.points, t.text) for t in raw.tile)
    _check_totals(path, raw.totals, tiles)
    return Components(tiles=tiles, resources=tuple(Resource(r.id, r.name, r.description) for r in raw.resource),
                      path=path, provenance=datafile.provenance)


def _check_totals(path: Path, totals: _Totals, tiles: tuple[RewardTile, ...]) -> None:
    """The rulebook's Totals line against the tile list (every mismatch named)."""
    seen: list[str] = []
    for i, k in enumerate(totals.kind):
        if k.id not in TILE_KINDS:
            raise DataFileError(path, f"totals.kind[{i}] (id={k.id!r}).id",
                                f"unknown kind; expected one of {list(TILE_KINDS)}")
        if k.id in seen:
            raise DataFileError(path, f"totals.kind[{i}] (id={k.id!r}).id", "kind listed twice")
        seen.append(k.id)
    missing = [k for k in TILE_KINDS if k not in seen]
    if missing:
        raise DataFileError(path, "totals.kind", f"missing total(s) for {missing}")
    if len(tiles) != totals.tiles:
        raise DataFileError(path, "tile", f"{len(tiles)} tiles listed but totals.tiles says {totals.tiles}")
    kinds = Counter(t.kind for t in tiles)
    for i, k in enumerate(totals.kind):
        if kinds[k.id] != k.count:
            raise DataFileError(path, f"totals.kind[{i}] (id={k.id!r}).count",
                                f"says {k.count} {k.id} tiles but the list has {kinds[k.id]}")
    markers = Counter(t.marker for t in tiles)
    for m in MARKERS:
        want = getattr(totals, f"marker_{m}")
        if markers[m] != want:
            raise DataFileError(path, f"totals.marker_{m}", f"says {want} marker-{m} tiles but the list has "
                                                             f"{markers[m]}")


#: Path of the bundled ``imperator/components.toml``.
components_path = load_components.bundled_path


def tile_file_with_counts(counts: Mapping[str, int], path: str | os.PathLike[str] | None = None) -> str:
    """The text of the component file at ``path`` (default: the bundled one) with ``counts`` reward
    tiles of each kind: a kind grows by copies of its last tile (new ids, marked ``illustrative``:
    tiles the published sheet does not have) and shrinks by its last tiles; ``[totals]`` follows
    (tiles, kinds and markers, each changed total marked ``illustrative``); comments and
    everything else kept. Check it with :func:`rometools.core.data.load_text` (as the file would
    be checked) and save it to keep it.

    Parameters
    ----------
    counts : mapping of str to int
        Tiles of each kind (:data:`TILE_KINDS`); kinds not given keep their count.
    path : str or PathLike, optional

    Returns
    -------
    str

    Raises
    ------
    ArgumentError
        For an unknown kind, a count that is not a whole number 0 or more, or more tiles of a kind
        the file has none of (no tile to copy).

    See Also
    --------
    rometools.widgets.TileOddsExplorer : its counts editor writes this.

    Examples
    --------
    >>> from rometools.core.data import load_text
    >>> c = load_text(load_components, tile_file_with_counts({"propraetor": 3, "instant_points": 8}), "mix.toml")
    >>> c.kind_counts["propraetor"], c.kind_counts["instant_points"], len(c.tiles)
    (3, 8, 20)
    """
    import tomlkit

    from rometools.core.data import bundled_file, edited, plain_value

    source = Path(path) if path is not None else bundled_file("imperator", "components.toml")
    doc = tomlkit.parse(source.read_text(encoding="utf-8"))
    tiles = doc["tile"]
    have = {k: [t for t in tiles if t["kind"] == k] for k in TILE_KINDS}
    for kind, n in counts.items():
        if kind not in TILE_KINDS:
            raise ArgumentError(f"counts: unknown tile kind {kind!r}; the kinds are {', '.join(TILE_KINDS)}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ArgumentError(f"counts: {kind} must be a whole number 0 or more, got {n!r}")
        if n > len(have[kind]) and not have[kind]:
            raise ArgumentError(f"counts: {source.name} has no {KIND_NAMES[kind]} tile to copy")
    ids = {t["id"] for t in tiles}
    for kind, n in counts.items():
        mine = have[kind]
        for t in mine[n:]:                        # fewer: the last tiles of the kind go
            tiles.remove(t)
        for _ in range(len(mine), n):             # more: copies of the kind's last tile
            copy = tomlkit.table()
            copy.update({key: value for key, value in mine[-1].items() if key not in ("provenance", "source")})
            number = 1
            while f"{mine[-1]['id']}_copy{number}" in ids:
                number += 1
            copy["id"] = f"{mine[-1]['id']}_copy{number}"
            ids.add(copy["id"])
            copy["provenance"] = "illustrative"
            copy["source"] = f"counts editor, from {source.name}: a copy of tile {mine[-1]['id']}"
            tiles.append(copy)
    totals = doc["totals"]
    now = {"tiles": len(tiles), **{f"marker_{m}": sum(1 for t in tiles if plain_value(t["marker"]) == m)
                                   for m in (1, 5)}}
    for key, value in now.items():
        if plain_value(totals[key]) != value:
            totals[key] = tomlkit.inline_table()
            totals[key].update(edited(value, "counts editor: the edited tile list"))
    for entry in totals["kind"]:
        n = sum(1 for t in tiles if t["kind"] == entry["id"])
        was = plain_value(entry["count"])   # read before the entry is replaced (it said "{} -> 5")
        if was != n:
            entry["count"] = tomlkit.inline_table()
            entry["count"].update(edited(n, f"counts editor, from {source.name}: {was} -> {n}"))
    return tomlkit.dumps(doc)
