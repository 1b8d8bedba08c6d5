"""Via Romana's cards, goal tiles, supply and turn numbers, read from ``data/via_romana/components.toml``.

The deck is 5 colours x (2 temples + 3 of each other symbol) = 55 cards; nothing here is
hard-coded: designers edit the file and call :func:`load_components` on their copy
(format: ``docs/via-romana-format.md``).

Rules: ``002_2e34de0661bde959.txt``, Contents; Preparing to Play.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
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
from rometools.core.errors import DataFileError

__all__ = ["Card", "Components", "GoalTile", "card_name", "components_path", "deck", "load_components"]

MAX_COUNT = 1000

#: A card: ``(colour, symbol)``.
Card = tuple[str, str]


class _Symbol(StrictModel):
    id: str = Field(min_length=1)
    per_colour: int = Field(ge=0, le=MAX_COUNT)


class _Deck(StrictModel):
    colours: list[str] = Field(min_length=1, max_length=50)
    cards: int = Field(ge=1, le=MAX_COUNT)
    symbol: list[_Symbol] = Field(min_length=1, max_length=50)


class _Goal(StrictModel):
    id: str = Field(min_length=1)
    colours: list[str] = Field(min_length=1, max_length=50)


class _Goals(StrictModel):
    points: int = Field(ge=0, le=MAX_COUNT)
    tile: list[_Goal] = Field(min_length=1, max_length=50)


class _Supply(StrictModel):
    road_signs: int = Field(ge=1, le=MAX_COUNT)
    city_tiles: int = Field(ge=0, le=MAX_COUNT)
    standard_points: int = Field(ge=0, le=MAX_COUNT)
    forts_per_player: int = Field(ge=0, le=MAX_COUNT)
    milestones_per_player: int = Field(ge=0, le=MAX_COUNT)


class _Turn(StrictModel):
    hand: int = Field(ge=0, le=50)
    display: int = Field(ge=0, le=50)
    hand_limit: int = Field(ge=1, le=50)
    cards_per_turn: int = Field(ge=1, le=50)
    draw: int = Field(ge=0, le=50)


class _ComponentsFile(StrictModel):
    meta: MetaTable = MetaTable()
    deck: _Deck
    goals: _Goals
    supply: _Supply
    turn: _Turn


@dataclass(frozen=True)
class GoalTile:
    """A goal tile: 5 points (``Components.goal_points``) for city tiles of all its colours.

    >>> load_components().goals[0]
    GoalTile(id='g1', colours=('blue', 'yellow', 'red', 'green'))
    """

    id: str
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Components:
    """Via Romana's components (read-only; build it with :func:`load_components`).

    Attributes
    ----------
    colours : tuple[str, ...]
        The card and province colours.
    symbols : tuple[str, ...]
        Card symbols, in the file's order.
    per_colour : Mapping[str, int]
        Cards of each symbol in each colour (cards).
    goals : tuple[GoalTile, ...]
    goal_points, standard_points : int
        Points (5 and 2).
    road_signs, city_tiles, forts_per_player, milestones_per_player : int
    hand, display, hand_limit, cards_per_turn, draw : int
        Cards dealt, face up, the most held at a turn's start, played per turn, drawn.
    path : Path or None
    provenance : Mapping[str, Provenance]

    Examples
    --------
    >>> c = load_components()
    >>> c.cards, c.per_colour["temple"], c.hand_limit
    (55, 2, 7)
    """

    colours: tuple[str, ...]
    symbols: tuple[str, ...]
    per_colour: Mapping[str, int]
    goals: tuple[GoalTile, ...]
    goal_points: int = 5
    standard_points: int = 2
    road_signs: int = 20
    city_tiles: int = 40
    forts_per_player: int = 4
    milestones_per_player: int = 20
    hand: int = 4
    display: int = 4
    hand_limit: int = 7
    cards_per_turn: int = 3
    draw: int = 2
    path: Path | None = None
    provenance: Mapping[str, Provenance] = field(default_factory=dict, repr=False, compare=False)

    @property
    def cards(self) -> int:
        """Cards in the deck (cards)."""
        return len(self.colours) * sum(self.per_colour.values())

    def deck(self) -> dict[Card, int]:
        """The deck's composition: ``(colour, symbol) -> cards``."""
        return {(c, s): self.per_colour[s] for c in self.colours for s in self.symbols}

    def goal(self, goal_id: str) -> GoalTile:
        """The goal tile with this id (``KeyError`` for another)."""
        for g in self.goals:
            if g.id == goal_id:
                return g
        raise KeyError(goal_id)


@bundled_loader("via_romana", "components.toml")
def load_components(path: Path) -> Components:
    """A component file (default: the bundled one), read once per modification time.

    Raises
    ------
    DataFileError
        Naming the file, the entry and the problem: a value of the wrong type, a
        missing provenance, a colour or symbol listed twice, a card total that the
        colours and symbols do not make, a goal tile with an unknown colour.

    Examples
    --------
    >>> len(load_components().goals)
    5
    """
    datafile = load_data_file(path)
    raw = parse_model(_ComponentsFile, datafile)
    colours = tuple(raw.deck.colours)
    if len(set(colours)) != len(colours):
        raise DataFileError(path, "deck.colours", f"a colour is listed twice: {list(colours)}")
    symbols = tuple(s.id for s in raw.deck.symbol)
    if len(set(symbols)) != len(symbols):
        raise DataFileError(path, "deck.symbol", f"a symbol is listed twice: {list(symbols)}")
    total = len(colours) * sum(s.per_colour for s in raw.deck.symbol)
    if total != raw.deck.cards:
        raise DataFileError(path, "deck.cards", f"is {raw.deck.cards} but the colours and symbols make "
                                                f"{len(colours)} x {sum(s.per_colour for s in raw.deck.symbol)} "
                                                f"= {total} cards")
    seen = set()
    for g in raw.goals.tile:
        if g.id in seen:
            raise DataFileError(path, f"goals.tile.{g.id}", "the id is used twice")
        seen.add(g.id)
        for c in g.colours:
            if c not in colours:
                raise DataFileError(path, f"goals.tile.{g.id}.colours", f"unknown colour {c!r}; the colours are "
                                                                        f"{list(colours)}")
    t, s = raw.turn, raw.supply
    return Components(
        colours, symbols, MappingProxyType({x.id: x.per_colour for x in raw.deck.symbol}),
        tuple(GoalTile(g.id, tuple(g.colours)) for g in raw.goals.tile), raw.goals.points, s.standard_points,
        s.road_signs, s.city_tiles, s.forts_per_player, s.milestones_per_player,
        t.hand, t.display, t.hand_limit, t.cards_per_turn, t.draw, path, datafile.provenance)


#: Path of the bundled ``via_romana/components.toml``.
components_path = load_components.bundled_path


def deck(path: str | os.PathLike[str] | None = None) -> dict[Card, int]:
    """The deck's composition, ``(colour, symbol) -> cards`` (55 cards in the bundled file).

    Rules: ``002_2e34de0661bde959.txt``, Contents.

    Examples
    --------
    >>> d = deck()
    >>> sum(d.values()), d["blue", "temple"], d["blue", "helmet"]
    (55, 2, 3)
    """
    return load_components(path).deck()


def card_name(card: Card) -> str:
    """A card in words: ``"blue temple"``.

    >>> card_name(("blue", "temple"))
    'blue temple'
    """
    return f"{card[0]} {card[1]}"
