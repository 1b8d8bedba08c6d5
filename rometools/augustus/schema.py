"""Augustus data files' vocabularies, bounds and schemas: what ``components.toml`` and
``objectives.toml`` may hold (``docs/augustus-format.md``), checked by pydantic before
:mod:`rometools.augustus.components` builds its values from them and checks across fields.

The public names (``KINDS``, ``PRODUCES``, ``POWER_KINDS``) are re-exported by
:mod:`rometools.augustus.components`; the ``_``-prefixed models are private to it.

Rules: ``003_d241425e5c31f6f1.txt`` (Mise en place).

Examples
--------
>>> KINDS
('senator', 'green', 'pink', 'orange')
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rometools.core.data import MetaTable, StrictModel

__all__ = ["KINDS", "MAX_CARDS", "MAX_PLAYERS", "MAX_POINTS", "MAX_SLOTS", "MAX_TOKENS", "MIN_SLOTS", "POWER_KINDS",
           "PRODUCES"]

#: Objective kinds: the senators and the three province colours ("Vert - Rose - Orange - Sénateur").
KINDS = ("senator", "green", "pink", "orange")
#: What an objective produces (``"none"``, a resource of the gold and wheat rewards, or both:
#: "un objectif produisant de l'or et/ou blé", AU-14).
PRODUCES = ("none", "gold", "wheat", "gold_and_wheat")
#: The power vocabulary (``docs/augustus-format.md``, "Powers").
POWER_KINDS = ("none", "extra_legion", "remove_legion", "symbol_as", "points_per_colour",
               "place_legion")

#: Bounds on values in a data file (a typo such as 10**12 tokens is an error, not a game).
MAX_TOKENS = 99
MAX_POINTS = 100
MAX_PLAYERS = 8
MAX_CARDS = 999
MIN_SLOTS, MAX_SLOTS = 2, 6

_Count = Annotated[int, Field(ge=0, le=MAX_TOKENS)]
_Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]


# ----------------------------------------------------------------- file schemas
class _Token(StrictModel):
    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=80)
    name_fr: str = Field(min_length=1, max_length=80)
    joker: bool
    count: _Count


class _Bag(StrictModel):
    total: int = Field(ge=1, le=MAX_TOKENS * 10)


class _Setup(StrictModel):
    legions_per_player: int = Field(ge=1, le=MAX_SLOTS * 10)
    central_row: int = Field(ge=1, le=20)
    dealt: int = Field(ge=1, le=20)
    kept: int = Field(ge=1, le=20)
    first_game_dealt: int = Field(ge=1, le=20)
    objectives_to_end: int = Field(ge=1, le=50)
    players: list[Annotated[int, Field(ge=1, le=MAX_PLAYERS)]] = Field(min_length=2, max_length=2)
    legions_in_box: int = Field(ge=1, le=MAX_PLAYERS * MAX_SLOTS * 10)


class _Reward(StrictModel):
    id: str = Field(min_length=1, max_length=40)
    kind: Literal["colour", "all_colours", "count", "resource"]
    colour: str | None = None
    resource: str | None = None
    need: int = Field(ge=1, le=50)
    points: _Points


class _ComponentsFile(StrictModel):
    meta: MetaTable = MetaTable()
    token: list[_Token] = Field(min_length=2, max_length=30)
    bag: _Bag
    setup: _Setup
    reward: list[_Reward] = Field(max_length=50)


class _NoPower(StrictModel):
    kind: Literal["none"]


class _ExtraLegion(StrictModel):
    kind: Literal["extra_legion"]
    legions: int = Field(ge=1, le=3)


class _RemoveLegion(StrictModel):
    kind: Literal["remove_legion"]


class _SymbolAs(StrictModel):
    kind: Literal["symbol_as"]
    symbol: str
    counts_as: str


class _PointsPerColour(StrictModel):
    kind: Literal["points_per_colour"]
    colour: str
    points: int = Field(ge=1, le=20)


class _PlaceLegion(StrictModel):
    kind: Literal["place_legion"]
    symbol: str


_PowerModel = Annotated[_NoPower | _ExtraLegion | _RemoveLegion | _SymbolAs | _PointsPerColour
                        | _PlaceLegion, Field(discriminator="kind")]


class _Objective(StrictModel):
    number: int = Field(ge=1, le=MAX_CARDS)
    name: str = Field(min_length=1, max_length=80)
    kind: str
    slots: dict[str, Annotated[int, Field(ge=1, le=MAX_SLOTS)]]
    points: _Points
    produces: str = "none"
    power: _PowerModel = _NoPower(kind="none")


class _SetInfo(StrictModel):
    name: str = Field(min_length=1, max_length=120)
    description: str = ""


class _ObjectivesFile(StrictModel):
    meta: MetaTable = MetaTable()
    objectives: _SetInfo
    objective: list[_Objective] = Field(min_length=1, max_length=MAX_CARDS)
