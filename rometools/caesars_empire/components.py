"""Caesar's Empire components, read from ``data/caesars_empire/components.toml``.

The component file holds the Treasure types (with both edition vocabularies),
token counts, the three scoring tables, the Road bonus, Roads per player and the
two board sides. Nothing here is hard-coded: designers edit the file and call
:func:`load_components` on their copy.

Rules: ``001_a311a49632a27e24.txt`` (Caesar's Empire, English edition) and
``000_9470d6e5062bf7dc.txt`` (Drogi do Rzymu, same game, "Riches" vocabulary).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field, field_validator

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
    "TREASURE_IDS",
    "VOCABULARIES",
    "BoardSide",
    "Components",
    "ScoringTables",
    "TreasureType",
    "components_path",
    "load_components",
]

#: Canonical Treasure ids, in rulebook order (the component file must use these).
TREASURE_IDS = ("meat", "wheat", "gems", "olives", "grapes", "wood", "oil", "wine", "gold")
#: Edition vocabularies: ``treasures`` (Caesar's Empire) and ``riches`` (Drogi do Rzymu).
VOCABULARIES = ("treasures", "riches")


# ----------------------------------------------------------------- file schema
class _Vocabulary(StrictModel):
    edition: str
    goods: str
    good: str


#: Bounds on counts in a component file (a typo such as 10**12 Roads is an error, not a game).
MAX_TOKENS = 99
MAX_PLAYERS = 8
MAX_POINTS = 10_000
MAX_ROADS = 500


class _Treasure(StrictModel):
    id: str
    gold: bool
    names: dict[Literal["treasures", "riches"], str]
    count: int = Field(ge=1, le=MAX_TOKENS)
    aliases: list[str] = []

    @field_validator("names")
    @classmethod
    def _both_vocabularies(cls, v):
        missing = [voc for voc in VOCABULARIES if voc not in v]
        if missing:
            raise ValueError(f"missing display name for vocabulary {missing}")
        return v


class _Table(StrictModel):
    points: list[int] = Field(min_length=1, max_length=MAX_TOKENS)

    @field_validator("points")
    @classmethod
    def _non_negative_non_decreasing(cls, v):
        if any(p < 0 or p > MAX_POINTS for p in v):
            raise ValueError(f"points must be 0 to {MAX_POINTS}, got {v}")
        if any(b < a for a, b in zip(v, v[1:], strict=False)):
            raise ValueError(f"points must not decrease with the collection size, got {v}")
        return v


class _Tables(StrictModel):
    different_types: _Table
    same_type: _Table
    gold: _Table


class _RoadBonus(StrictModel):
    points: int = Field(ge=0, le=MAX_POINTS)


class _Roads(StrictModel):
    per_player: int = Field(ge=1, le=MAX_ROADS)
    total_in_box: int = Field(ge=1, le=MAX_ROADS * MAX_PLAYERS)


class _Side(StrictModel):
    id: str
    players: list[Annotated[int, Field(ge=1, le=MAX_PLAYERS)]] = Field(min_length=1)
    cities: int = Field(ge=1, le=MAX_TOKENS * 10)
    removed: dict[str, int] = {}


class _CityTokens(StrictModel):
    values: list[Annotated[int, Field(ge=1, le=MAX_TOKENS)]] = Field(min_length=2, max_length=2)


class _ComponentsFile(StrictModel):
    meta: MetaTable = MetaTable()
    vocabulary: dict[Literal["treasures", "riches"], _Vocabulary]
    treasure: list[_Treasure]
    tables: _Tables
    road_bonus: _RoadBonus
    roads: _Roads
    side: list[_Side]
    city_tokens: _CityTokens


# ----------------------------------------------------------------- public values
@dataclass(frozen=True)
class TreasureType:
    """One of the nine Treasure (Riches) types.

    Attributes
    ----------
    id : str
        Canonical id, one of ``TREASURE_IDS``.
    is_gold : bool
        Gold Coins score on their own table and double route points.
    names : Mapping[str, str]
        Display name per vocabulary (``"treasures"``, ``"riches"``).
    count : int
        Tokens of this type in the box (tokens).
    aliases : tuple[str, ...]
        Other accepted ids (``precious_stones``, ``gold_coins``).
    """

    id: str
    is_gold: bool
    names: Mapping[str, str]
    count: int
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoringTables:
    """The three Treasure scoring tables (points).

    ``same_type[k-1]`` is the score of ``k`` tokens of one non-gold type,
    ``different_types[k-1]`` the score of one row holding ``k`` different
    non-gold types, ``gold[k-1]`` the score of ``k`` Gold Coins. A collection of
    0 scores 0. Rulebook: ``001_a311a49632a27e24.txt``, End of Game, Treasure Points.

    Examples
    --------
    >>> t = load_components().tables
    >>> t.score("same_type", 3), t.score("different_types", 4), t.score("gold", 2)
    (10, 9, 4)
    """

    same_type: tuple[int, ...]
    different_types: tuple[int, ...]
    gold: tuple[int, ...]

    def score(self, table: str, k: int) -> int:
        """Points of a collection of ``k`` tokens on ``table``.

        Raises
        ------
        ValueError
            If ``k`` is negative or longer than the table.
        """
        points = getattr(self, table)
        if not 0 <= k <= len(points):
            raise ValueError(f"the {table} table scores 0 to {len(points)} tokens, got {k}")
        return 0 if k == 0 else points[k - 1]

    @classmethod
    def coerce(cls, tables: ScoringTables | Mapping[str, object] | None, default: ScoringTables):
        """Build tables from a partial mapping, filling the rest from ``default``.

        Raises
        ------
        ValueError
            If a table name is unknown or a table holds a negative or non-int value.
        """
        if tables is None:
            return default
        if isinstance(tables, ScoringTables):
            return tables
        unknown = set(tables) - {"same_type", "different_types", "gold"}
        if unknown:
            raise ValueError(f"unknown scoring table(s) {sorted(unknown)}; "
                             f"use same_type, different_types, gold")
        out = {}
        for name in ("same_type", "different_types", "gold"):
            points = tuple(tables.get(name, getattr(default, name)))
            for p in points:
                if isinstance(p, bool) or not isinstance(p, int) or p < 0:
                    raise ValueError(f"the {name.replace('_', '-')} table must hold whole numbers of points, "
                                     f"0 or more; got {p!r}")
            out[name] = points
        return cls(**out)


@dataclass(frozen=True)
class BoardSide:
    """One side of the double-sided board.

    Attributes
    ----------
    id : str
        ``"2-3"`` or ``"4-5"``.
    players : tuple[int, ...]
        Player counts that use this side.
    cities : int
        City spaces on this side (one Treasure token each).
    removed : Mapping[str, int]
        Treasure tokens put back in the box in the standard set-up.
    """

    id: str
    players: tuple[int, ...]
    cities: int
    removed: Mapping[str, int]


@dataclass(frozen=True)
class Components:
    """Everything in the Caesar's Empire box that rules and odds need.

    Build it with :func:`load_components`. All fields are read-only.

    Examples
    --------
    >>> c = load_components()
    >>> c.supply["gold"], sum(c.supply.values())
    (8, 40)
    >>> c.canonical("Precious Stones"), c.canonical("gold_coins")
    ('gems', 'gold')
    >>> c.side_for(3).id, c.tokens_in_play(3)["gold"]
    ('2-3', 6)
    """

    treasures: tuple[TreasureType, ...]
    tables: ScoringTables
    road_bonus: int
    roads_per_player: int
    sides: tuple[BoardSide, ...]
    city_values: tuple[int, int]
    vocabularies: Mapping[str, Mapping[str, str]]
    path: Path | None = None
    provenance: Mapping[str, Provenance] = field(default_factory=dict, repr=False)

    @cached_property
    def supply(self) -> Mapping[str, int]:
        """Tokens of each Treasure type in the box, ``{id: tokens}``."""
        return MappingProxyType({t.id: t.count for t in self.treasures})

    @cached_property
    def treasure_ids(self) -> tuple[str, ...]:
        """Treasure ids in rulebook order (the order of every count vector)."""
        return tuple(t.id for t in self.treasures)

    @cached_property
    def treasure_slot(self) -> Mapping[str, int]:
        """Position of each Treasure id in :attr:`treasure_ids`, ``{id: index}``."""
        return MappingProxyType({t: i for i, t in enumerate(self.treasure_ids)})

    @cached_property
    def non_gold_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.treasures if not t.is_gold)

    @cached_property
    def gold_id(self) -> str:
        return next(t.id for t in self.treasures if t.is_gold)

    @cached_property
    def gold_index(self) -> int:
        """Position of Gold in :attr:`treasure_ids`."""
        return self.treasure_ids.index(self.gold_id)

    @cached_property
    def equal_non_gold_supply(self) -> bool:
        """Whether every non-Gold type has the same box supply.

        Treasure points depend on the non-Gold counts only as a multiset (a sum
        over types, and rows of different types), so with equal supplies a
        cache may key on the sorted counts without changing any result.
        """
        return len({t.count for t in self.treasures if not t.is_gold}) == 1

    @cached_property
    def _marginal_memo(self) -> dict:
        """``scoring.marginal_values`` per Treasure-count vector, for this component set (bounded there)."""
        return {}

    @cached_property
    def _marginal_list_memo(self) -> dict:
        """``scoring.marginal_list_shared`` per Treasure-count vector (bounded there)."""
        return {}

    @cached_property
    def _packed_list_memo(self) -> dict:
        """``scoring.marginal_list_shared`` per Treasure-count vector packed into one integer
        (GreedyBot's search, ``_greedy_search._marginal_list``; bounded there)."""
        return {}

    @cached_property
    def _packed_fold_memo(self) -> dict:
        """``_treasure_memo._folded_marginal`` per sorted non-Gold counts and Gold count packed into
        one integer (GreedyBot's search, ``_greedy_search._folded_list``; bounded there)."""
        return {}

    @cached_property
    def _fold_memo(self) -> dict:
        """``_treasure_memo._folded_marginal`` per sorted non-Gold counts and Gold count (bounded there)."""
        return {}

    @cached_property
    def _names(self) -> Mapping[str, str]:
        """Every accepted spelling (normalised) -> canonical id, built once."""
        out = {}
        for t in self.treasures:
            for n in (t.id, *t.aliases, *t.names.values()):
                out[_normalise(n)] = t.id
        return MappingProxyType(out)

    def canonical(self, name: str) -> str:
        """Canonical id of a Treasure given by id, alias or display name.

        Matching ignores case, spaces and hyphens (``"Precious Stones"`` ->
        ``"gems"``).

        Raises
        ------
        ArgumentError
            If ``name`` names no Treasure type.
        """
        try:
            return self._names[name]
        except KeyError:
            pass
        except TypeError:
            raise ArgumentError(f"unknown Treasure type {name!r}; expected one of {list(self.treasure_ids)}") from None
        tid = self._names.get(_normalise(name))
        if tid is None:
            raise ArgumentError(f"unknown Treasure type {name!r}; expected one of {list(self.treasure_ids)}")
        return tid

    def name(self, treasure: str, vocabulary: str = "treasures") -> str:
        """Display name of a Treasure in an edition vocabulary.

        Examples
        --------
        >>> load_components().name("gems", "riches")
        'Precious Stones'
        """
        if vocabulary not in VOCABULARIES:
            raise ArgumentError(f"unknown vocabulary {vocabulary!r}; expected one of {VOCABULARIES}")
        tid = self.canonical(treasure)
        return next(t.names[vocabulary] for t in self.treasures if t.id == tid)

    def side_for(self, players: int) -> BoardSide:
        """The board side used with ``players`` players.

        Raises
        ------
        ArgumentError
            If no side lists that player count.
        """
        for side in self.sides:
            if players in side.players:
                return side
        counts = sorted(p for s in self.sides for p in s.players)
        raise ArgumentError(f"Caesar's Empire is for {counts[0]} to {counts[-1]} players, got {players!r}")

    def tokens_in_play(self, players: int, *, all_tokens_variant: bool = False) -> Mapping[str, int]:
        """Treasure tokens shuffled for the set-up, ``{id: tokens}``.

        With the standard 2-3 player set-up the side's ``removed`` tokens go back
        in the box first; with the all-tokens variant (or 4-5 players) every
        token is shuffled and only as many as there are cities get placed.
        """
        side = self.side_for(players)
        removed = {} if all_tokens_variant else side.removed
        return MappingProxyType({t: n - removed.get(t, 0) for t, n in self.supply.items()})


def _normalise(name: object) -> str:
    return str(name).strip().lower().replace(" ", "_").replace("-", "_")


@bundled_loader("caesars_empire", "components.toml")
def load_components(path: Path) -> Components:
    """Load and validate a Caesar's Empire component file.

    Parameters
    ----------
    path : str or PathLike, optional
        A components TOML file; default the bundled
        ``data/caesars_empire/components.toml``.

    Returns
    -------
    Components
        Cached per file and modification time, so repeated calls are free.

    Raises
    ------
    DataFileError
        If the file is malformed, naming the file, the entry and the problem.

    Examples
    --------
    >>> c = load_components()
    >>> c.tables.different_types
    (0, 2, 5, 9, 14, 20, 32, 46)
    >>> c.provenance["treasure.meat.count"].kind
    'inferred'
    """
    datafile = load_data_file(path)
    raw = parse_model(_ComponentsFile, datafile)
    ids = [t.id for t in raw.treasure]
    for i, t in enumerate(raw.treasure):
        where = f"treasure[{i}] (id={t.id!r})"
        if t.id not in TREASURE_IDS:
            raise DataFileError(path, f"{where}.id", f"unknown Treasure id; expected one of {list(TREASURE_IDS)}")
        if t.id in ids[:i]:
            raise DataFileError(path, f"{where}.id", f"duplicate Treasure id (also treasure[{ids.index(t.id)}])")
        if t.gold != (t.id == "gold"):
            raise DataFileError(path, f"{where}.gold", "only the 'gold' Treasure has gold = true")
    missing = [t for t in TREASURE_IDS if t not in ids]
    if missing:
        raise DataFileError(path, "treasure", f"missing Treasure type(s) {missing}")
    missing = [v for v in VOCABULARIES if v not in raw.vocabulary]
    if missing:
        raise DataFileError(path, "vocabulary", f"missing vocabulary table(s) {missing}; both editions "
                                                f"{list(VOCABULARIES)} are needed")
    spelled: dict[str, tuple[int, str]] = {}  # every accepted spelling -> (treasure entry, how)
    for i, t in enumerate(raw.treasure):
        for how, name in [("id", t.id), *(("alias", a) for a in t.aliases),
                          *((f"names.{v}", n) for v, n in t.names.items())]:
            key = _normalise(name)
            if not key:
                raise DataFileError(path, f"treasure[{i}] (id={t.id!r}).{how}", "must not be empty")
            other = spelled.get(key)
            if other is not None and other[0] != i:
                j, how_j = other
                raise DataFileError(path, f"treasure[{i}] (id={t.id!r}).{how}",
                                    f"{name!r} also names treasure[{j}] (id={raw.treasure[j].id!r}).{how_j}; "
                                    "every id, alias and display name must name one type")
            spelled[key] = (i, how)
    treasures = tuple(
        TreasureType(t.id, t.gold, MappingProxyType(dict(t.names)), t.count, tuple(t.aliases))
        for t in sorted(raw.treasure, key=lambda t: TREASURE_IDS.index(t.id))
    )
    supply = {t.id: t.count for t in treasures}
    non_gold_max = max(t.count for t in treasures if not t.is_gold)
    n_non_gold = sum(1 for t in treasures if not t.is_gold)
    checks = [
        ("tables.same_type.points", len(raw.tables.same_type.points) >= non_gold_max,
         f"must cover collections up to {non_gold_max} tokens (the largest non-gold supply)"),
        ("tables.different_types.points", len(raw.tables.different_types.points) >= n_non_gold,
         f"must cover rows of up to {n_non_gold} types"),
        ("tables.gold.points", len(raw.tables.gold.points) >= supply["gold"],
         f"must cover up to {supply['gold']} Gold Coins"),
    ]
    for entry, ok, problem in checks:
        if not ok:
            raise DataFileError(path, entry, problem)
    side_ids = [s.id for s in raw.side]
    for i, s in enumerate(raw.side):
        where = f"side[{i}] (id={s.id!r})"
        if side_ids.count(s.id) > 1:
            raise DataFileError(path, where, "duplicate side id")
        for tid, n in s.removed.items():
            if tid not in supply:
                raise DataFileError(path, f"{where}.removed.{tid}", "unknown Treasure type")
            if not 0 <= n <= supply[tid]:
                raise DataFileError(path, f"{where}.removed.{tid}", f"must be 0 to {supply[tid]}, got {n}")
        in_play = sum(supply.values()) - sum(s.removed.values())
        if s.cities > sum(supply.values()):
            raise DataFileError(path, f"{where}.cities",
                                f"{s.cities} cities but only {sum(supply.values())} Treasure tokens")
        if in_play != s.cities:
            raise DataFileError(path, f"{where}.cities",
                                f"{s.cities} cities but {in_play} Treasure tokens in play after removal")
    players = [p for s in raw.side for p in s.players]
    if len(players) != len(set(players)):
        raise DataFileError(path, "side", f"a player count is listed on two sides: {players}")
    most = max(players)
    if raw.roads.per_player * most > raw.roads.total_in_box:
        raise DataFileError(path, "roads.per_player", f"{raw.roads.per_player} Roads for each of {most} players "
                                                      f"is more than the {raw.roads.total_in_box} in the box")
    lo, hi = raw.city_tokens.values
    if not 1 <= lo <= hi:
        raise DataFileError(path, "city_tokens.values", f"must be [low, high] with 1 <= low <= high, got {[lo, hi]}")
    return Components(
        treasures=treasures,
        tables=ScoringTables(
            same_type=tuple(raw.tables.same_type.points),
            different_types=tuple(raw.tables.different_types.points),
            gold=tuple(raw.tables.gold.points),
        ),
        road_bonus=raw.road_bonus.points,
        roads_per_player=raw.roads.per_player,
        sides=tuple(BoardSide(s.id, tuple(s.players), s.cities, MappingProxyType(dict(s.removed)))
                    for s in raw.side),
        city_values=(lo, hi),
        vocabularies=MappingProxyType({k: MappingProxyType(v.model_dump()) for k, v in raw.vocabulary.items()}),
        path=path,
        provenance=datafile.provenance,
    )


#: Path of the bundled ``caesars_empire/components.toml``.
components_path = load_components.bundled_path
