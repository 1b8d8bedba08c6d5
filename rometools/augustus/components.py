"""Augustus components, read from ``data/augustus/components.toml`` and ``objectives.toml``.

The component file holds the mobilisation bag (23 tokens), the legions and
set-up sizes, and the twelve reward tiles. The objective file holds the cards
(number, name, kind, slots, points, production, power). Nothing is hard-coded:
a designer edits a copy and passes its path to :func:`load_components` /
:func:`load_objectives` (or to :class:`~rometools.augustus.GameConfig`).
The file formats are documented in ``docs/augustus-format.md``; their vocabularies,
bounds and pydantic schemas are in :mod:`rometools.augustus.schema`, and the words for
symbols and slots (and the bag file with new counts) in :mod:`rometools.augustus.text`:
every public name of both is re-exported here.

Rules: ``003_d241425e5c31f6f1.txt`` (Mise en place, Le jeton joker, Réclamez une
récompense, Fin de la partie).
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar

from rometools.augustus.schema import (
    KINDS,
    MAX_SLOTS,
    MIN_SLOTS,
    POWER_KINDS,
    PRODUCES,
    _ComponentsFile,
    _ObjectivesFile,
)
from rometools.augustus.text import bag_file_with_counts, slots_text, symbol_text, symbols_text
from rometools.core.collection import ComponentSet
from rometools.core.data import (
    Provenance,
    bundled_loader,
    cached_loader,
    load_data_file,
    parse_model,
)
from rometools.core.errors import ArgumentError, DataFileError

__all__ = [
    "KINDS",
    "POWER_KINDS",
    "PRODUCES",
    "Components",
    "bag_file_with_counts",
    "Objective",
    "ObjectiveSet",
    "Power",
    "RewardTile",
    "TokenKind",
    "components_path",
    "load_components",
    "load_objectives",
    "objectives_path",
    "slots_text",
    "symbol_text",
    "symbols_text",
]

# ----------------------------------------------------------------- public values
@dataclass(frozen=True)
class TokenKind:
    """One kind of mobilisation token.

    Attributes
    ----------
    id : str
        Symbol id (``"double_sword"``, ..., ``"joker"``).
    name, name_fr : str
        Display names (English, French).
    joker : bool
        The joker "remplace n'importe quelle catégorie" and resets the bag.
    count : int
        Tokens of this kind in the bag (tokens).

    Examples
    --------
    >>> load_components().token("joker").joker
    True
    """

    id: str
    name: str
    name_fr: str
    joker: bool
    count: int


@dataclass(frozen=True)
class RewardTile:
    """One reward tile.

    Attributes
    ----------
    id : str
        ``"senators"``, ``"count_3"``, ``"gold"``...
    kind : str
        ``"colour"`` (first to control ``need`` objectives of ``colour``),
        ``"all_colours"`` (first to control one of each kind), ``"count"``
        (claimed at exactly ``need`` controlled objectives), ``"resource"``
        (majority of objectives producing ``resource``).
    colour : str or None
        The objective kind of a colour reward.
    resource : str or None
        ``"gold"`` or ``"wheat"`` for a resource reward.
    need : int
        Objectives needed (objectives).
    points : int
        Points at the end (points).

    Examples
    --------
    >>> tile = load_components().reward("count_6")
    >>> tile.kind, tile.need, tile.points
    ('count', 6, 10)
    """

    id: str
    kind: str
    colour: str | None
    resource: str | None
    need: int
    points: int


@dataclass(frozen=True)
class Power:
    """An objective's power, from the documented vocabulary :data:`POWER_KINDS`.

    Attributes
    ----------
    kind : str
        ``"none"``; ``"extra_legion"`` (``legions`` more legions, from the box, on
        completion); ``"remove_legion"`` (on completion, return one legion an
        opponent has placed to that opponent's reserve); ``"symbol_as"`` (from
        now on the owner may place a ``symbol`` token on a ``counts_as`` slot);
        ``"points_per_colour"`` (``points`` at the end per controlled objective of
        kind ``colour``); ``"place_legion"`` (on completion, place one legion from
        the reserve on an open ``symbol`` slot, ``"any"`` for any symbol).
    legions, points : int
    symbol, counts_as, colour : str or None

    Examples
    --------
    >>> Power("points_per_colour", colour="green", points=2).describe()
    '2 points per green objective at the end'
    """

    kind: str = "none"
    legions: int = 0
    points: int = 0
    symbol: str | None = None
    counts_as: str | None = None
    colour: str | None = None

    def describe(self) -> str:
        """One line of English for charts and logs."""
        return {
            "none": "no power",
            "extra_legion": f"+{self.legions} legion(s)",
            "remove_legion": "remove one legion of an opponent",
            "symbol_as": f"{self.symbol} may fill {self.counts_as} slots",
            "points_per_colour": f"{self.points} points per {self.colour} objective at the end",
            "place_legion": f"place one legion on a {self.symbol} slot",
        }[self.kind]


@dataclass(frozen=True)
class Objective:
    """One objective card.

    Attributes
    ----------
    number : int
        1..88 in the bundled set; completions at the same time resolve in increasing number.
    name : str
    kind : str
        One of :data:`KINDS`.
    slots : tuple[tuple[str, int], ...]
        The symbol slots as ``(symbol, count)`` pairs in bag order (2 to 6 slots).
    points : int
        Points at the end (points).
    produces : str
        One of :data:`PRODUCES`.
    power : Power

    Examples
    --------
    >>> card = load_objectives().card(1)
    >>> card.size >= 2, card.slot_counts == dict(card.slots)
    (True, True)
    """

    number: int
    name: str
    kind: str
    slots: tuple[tuple[str, int], ...]
    points: int
    produces: str
    power: Power

    @property
    def size(self) -> int:
        """Slots on the card (slots)."""
        return sum(n for _, n in self.slots)

    def yields(self, resource: str) -> bool:
        """Whether the objective produces ``resource`` (``"gold"`` or ``"wheat"``); one producing
        ``"gold_and_wheat"`` counts for both rewards ("de l'or et/ou blé", AU-14).

        >>> import dataclasses
        >>> card = dataclasses.replace(load_objectives().card(1), produces="gold_and_wheat")
        >>> card.yields("gold"), card.yields("wheat"), load_objectives().card(1).yields("gold")
        (True, True, False)
        """
        return self.produces == resource or (self.produces == "gold_and_wheat" and resource in ("gold", "wheat"))

    @property
    def slot_counts(self) -> dict[str, int]:
        """``{symbol: slots}``."""
        return dict(self.slots)

    def capacities(self) -> tuple[int, ...]:
        """Legions each slot group holds when full, in bag order (``legions`` equal to it: complete).

        >>> load_objectives().card(2).capacities()
        (1, 1, 2)
        """
        return self._shape[1]

    def symbols(self) -> tuple[str, ...]:
        """The slot symbols, in bag order."""
        return self._shape[0]

    @cached_property   # kept on the (frozen) card: asked for at every placement and after every token
    def _shape(self) -> tuple[tuple[str, ...], tuple[int, ...]]:
        return tuple(s for s, _ in self.slots), tuple(n for _, n in self.slots)


@dataclass(frozen=True)
class Components:
    """Everything in the Augustus box except the objective cards.

    Build it with :func:`load_components`.

    Examples
    --------
    >>> c = load_components()
    >>> c.bag["double_sword"], c.bag_total, c.joker
    (6, 23, 'joker')
    >>> c.symbols
    ('double_sword', 'shield', 'chariot', 'catapult', 'standard', 'dagger')
    >>> c.legions_per_player, c.legions_in_box, c.reward("count_3").points
    (7, 48, 4)
    """

    tokens: tuple[TokenKind, ...]
    rewards: tuple[RewardTile, ...]
    legions_per_player: int
    central_row: int
    dealt: int
    kept: int
    first_game_dealt: int
    objectives_to_end: int
    players: tuple[int, int]
    legions_in_box: int = 48
    path: Path | None = None
    provenance: Mapping[str, Provenance] = field(default_factory=dict, repr=False)

    @cached_property
    def bag(self) -> Mapping[str, int]:
        """The full bag, ``{token id: tokens}`` in file order."""
        return MappingProxyType({t.id: t.count for t in self.tokens})

    @cached_property
    def bag_total(self) -> int:
        """Tokens in the full bag (tokens)."""
        return sum(t.count for t in self.tokens)

    @cached_property
    def joker(self) -> str:
        """The joker's token id."""
        return next(t.id for t in self.tokens if t.joker)

    @cached_property
    def symbols(self) -> tuple[str, ...]:
        """The non-joker symbols (what slots can show), in bag order."""
        return tuple(t.id for t in self.tokens if not t.joker)

    def token(self, token_id: str) -> TokenKind:
        """The token kind ``token_id``.

        Raises
        ------
        ArgumentError
            Naming the token ids when ``token_id`` is not one.
        """
        for t in self.tokens:
            if t.id == token_id:
                return t
        raise ArgumentError(f"unknown token {token_id!r}; expected one of {[t.id for t in self.tokens]}")

    def reward(self, reward_id: str) -> RewardTile:
        """The reward tile ``reward_id``.

        Raises
        ------
        ArgumentError
            Naming the tiles when ``reward_id`` is not one.
        """
        for r in self.rewards:
            if r.id == reward_id:
                return r
        raise ArgumentError(f"unknown reward {reward_id!r}; expected one of {[r.id for r in self.rewards]}")


@dataclass(frozen=True)
class ObjectiveSet(ComponentSet):
    """A set of objective cards (the bundled illustrative 88, or a designer's file).

    Build it with :func:`load_objectives`.

    Attributes
    ----------
    name : str
    cards : tuple[Objective, ...]
        In increasing number.
    path : Path or None
    provenance : Mapping[str, Provenance]
        Of every value, keyed like ``"objective.3.points"`` (list items by index).

    Examples
    --------
    >>> s = load_objectives()
    >>> len(s), s.cards[0].number, s.cards[-1].number
    (88, 1, 88)
    >>> sorted(s.kind_counts), s[0] is s.cards[0], [c.number for c in s][:3]
    (['green', 'orange', 'pink', 'senator'], True, [1, 2, 3])
    """

    ITEMS: ClassVar[str] = "cards"  # a ComponentSet: iterate, index and count the cards

    name: str
    cards: tuple[Objective, ...]
    path: Path | None = None
    provenance: Mapping[str, Provenance] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def _by_number(self) -> dict[int, Objective]:   # private, never handed out: a plain dict is the fastest get
        return {c.number: c for c in self.cards}

    @cached_property
    def by_number(self) -> Mapping[int, Objective]:
        """Every card by its number, read-only: for the rules' loops, which look cards up by the
        hundred thousand with numbers a state holds (:meth:`card` checks a number and says what is wrong)."""
        return MappingProxyType(self._by_number)

    @cached_property
    def numbers(self) -> tuple[int, ...]:
        """The card numbers, increasing."""
        return tuple(c.number for c in self.cards)

    def card(self, number: int) -> Objective:
        """The card numbered ``number``.

        Raises
        ------
        ArgumentError
            If no card has that number.
        """
        if type(number) is int:  # the fast path (bool is not a card number)
            card = self._by_number.get(number)
            if card is not None:
                return card
        elif isinstance(number, numbers.Integral) and not isinstance(number, bool):
            return self.card(int(number))
        raise ArgumentError(f"no objective numbered {number!r} in the set {self.name!r}")

    @cached_property
    def kind_counts(self) -> dict[str, int]:
        """Cards per kind, ``{kind: cards}`` (a property, as every game's ``kind_counts``)."""
        out: dict[str, int] = {}
        for c in self.cards:
            out[c.kind] = out.get(c.kind, 0) + 1
        return out


# ----------------------------------------------------------------- building
@bundled_loader("augustus", "components.toml")
def load_components(path: Path) -> Components:
    """Load and validate an Augustus component file.

    Parameters
    ----------
    path : str or PathLike, optional
        Default: the bundled ``data/augustus/components.toml``.

    Returns
    -------
    Components
        Cached per file and modification time.

    Raises
    ------
    DataFileError
        Naming the file, the entry and the problem: a duplicate token or reward
        id, not exactly one joker, a joker count of 0 (the joker is the bag's only
        refill: "Après avoir tiré le Joker, tous les jetons mobilisation sont remis
        dans le sac", Le jeton joker; ``docs/rules-decisions.md`` AU-15), a bag of
        jokers only, ``bag.total`` not the sum of the counts, a
        reward with a missing or unused ``colour``/``resource``, two count
        rewards for the same number, a count reward beyond the objectives that
        end the game, more kept than dealt.

    Examples
    --------
    >>> load_components().provenance["setup.legions_per_player"].kind
    'rulebook'
    """
    datafile = load_data_file(path)
    raw = parse_model(_ComponentsFile, datafile)
    ids = [t.id for t in raw.token]
    for i, t in enumerate(raw.token):
        where = f"token[{i}] (id={t.id!r})"
        if not t.id.isidentifier():
            raise DataFileError(path, f"{where}.id", "must be an identifier (letters, digits, _)")
        if t.id in ids[:i]:
            raise DataFileError(path, f"{where}.id", f"duplicate token id (also token[{ids.index(t.id)}])")
        if t.id == "any":
            raise DataFileError(path, f"{where}.id", "'any' is reserved (place_legion on any symbol)")
    jokers = [t.id for t in raw.token if t.joker]
    if len(jokers) != 1:
        raise DataFileError(path, "token", f"exactly one token kind must be the joker (joker = true), "
                                           f"got {jokers}")
    joker_at = next(i for i, t in enumerate(raw.token) if t.joker)
    if raw.token[joker_at].count == 0:   # AU-15: the joker is the bag's only refill
        raise DataFileError(path, f"token[{joker_at}] (id={jokers[0]!r}).count",
                            "the bag needs at least one joker, got 0: drawing the joker is what puts every token "
                            "back in the bag (Le jeton joker), so a bag without one runs out and the game "
                            "cannot go on")
    if not any(t.count for t in raw.token if not t.joker):
        raise DataFileError(path, "token", "the bag needs at least one token that is not the joker")
    total = sum(t.count for t in raw.token)
    if total != raw.bag.total:
        raise DataFileError(path, "bag.total", f"is {raw.bag.total} but the token counts add up to {total}")
    s = raw.setup
    lo, hi = s.players
    if lo > hi:
        raise DataFileError(path, "setup.players", f"must be [fewest, most], got {[lo, hi]}")
    if s.kept > s.dealt:
        raise DataFileError(path, "setup.kept", f"{s.kept} kept out of {s.dealt} dealt")
    rids = [r.id for r in raw.reward]
    for i, r in enumerate(raw.reward):
        where = f"reward[{i}] (id={r.id!r})"
        if r.id in rids[:i]:
            raise DataFileError(path, f"{where}.id", f"duplicate reward id (also reward[{rids.index(r.id)}])")
        wanted = {"colour": "colour", "resource": "resource"}.get(r.kind)
        for key in ("colour", "resource"):
            value = getattr(r, key)
            if key == wanted and value is None:
                raise DataFileError(path, f"{where}.{key}", f"is required for a {r.kind} reward")
            if key != wanted and value is not None:
                raise DataFileError(path, f"{where}.{key}", f"is not used by a {r.kind} reward")
        if r.kind == "colour" and r.colour not in KINDS:
            raise DataFileError(path, f"{where}.colour", f"must be one of {list(KINDS)}, got {r.colour!r}")
        if r.kind == "resource" and r.resource not in PRODUCES[1:]:
            raise DataFileError(path, f"{where}.resource", f"must be one of {list(PRODUCES[1:])}, "
                                                           f"got {r.resource!r}")
        if r.kind == "count" and any(q.kind == "count" and q.need == r.need for q in raw.reward[:i]):
            raise DataFileError(path, f"{where}.need", f"another count reward also needs {r.need} objectives")
        if r.kind == "count" and not 1 <= r.need <= s.objectives_to_end:
            raise DataFileError(path, f"{where}.need", f"a count reward needs 1 to "
                                                       f"{s.objectives_to_end} objectives, got {r.need}")
    if s.legions_in_box < hi * s.legions_per_player:
        raise DataFileError(path, "setup.legions_in_box", f"{hi} players are dealt {s.legions_per_player} legions "
                                                           f"each: the box needs at least {hi * s.legions_per_player}, "
                                                           f"got {s.legions_in_box}")
    return Components(
        tokens=tuple(TokenKind(t.id, t.name, t.name_fr, t.joker, t.count) for t in raw.token),
        rewards=tuple(RewardTile(r.id, r.kind, r.colour, r.resource, r.need, r.points) for r in raw.reward),
        legions_per_player=s.legions_per_player, central_row=s.central_row, dealt=s.dealt, kept=s.kept,
        first_game_dealt=s.first_game_dealt, objectives_to_end=s.objectives_to_end, players=(lo, hi),
        legions_in_box=s.legions_in_box, path=path, provenance=datafile.provenance,
    )


#: Path of the bundled ``augustus/components.toml``.
components_path = load_components.bundled_path


def _power(raw, symbols: tuple[str, ...], path: Path, where: str) -> Power:
    kind = raw.kind
    if kind == "symbol_as":
        for key in ("symbol", "counts_as"):
            if getattr(raw, key) not in symbols:
                raise DataFileError(path, f"{where}.{key}", f"must be a slot symbol {list(symbols)}, "
                                                            f"got {getattr(raw, key)!r}")
        if raw.symbol == raw.counts_as:
            raise DataFileError(path, f"{where}.counts_as", "must differ from symbol")
        return Power(kind, symbol=raw.symbol, counts_as=raw.counts_as)
    if kind == "place_legion":
        if raw.symbol not in (*symbols, "any"):
            raise DataFileError(path, f"{where}.symbol", f"must be a slot symbol {list(symbols)} or 'any', "
                                                         f"got {raw.symbol!r}")
        return Power(kind, symbol=raw.symbol)
    if kind == "points_per_colour":
        if raw.colour not in KINDS:
            raise DataFileError(path, f"{where}.colour", f"must be one of {list(KINDS)}, got {raw.colour!r}")
        return Power(kind, colour=raw.colour, points=raw.points)
    if kind == "extra_legion":
        return Power(kind, legions=raw.legions)
    return Power(kind)


def _build_objectives(path: Path, components: Components) -> ObjectiveSet:
    datafile = load_data_file(path, default_from="objectives")
    raw = parse_model(_ObjectivesFile, datafile)
    symbols = components.symbols
    order = {s: i for i, s in enumerate(symbols)}
    numbers = [o.number for o in raw.objective]
    cards = []
    for i, o in enumerate(raw.objective):
        where = f"objective[{i}] (number={o.number})"
        if o.number in numbers[:i]:
            raise DataFileError(path, f"{where}.number", f"duplicate number (also objective[{numbers.index(o.number)}])")
        if o.kind not in KINDS:
            raise DataFileError(path, f"{where}.kind", f"must be one of {list(KINDS)}, got {o.kind!r}")
        if o.produces not in PRODUCES:
            raise DataFileError(path, f"{where}.produces", f"must be one of {list(PRODUCES)}, got {o.produces!r}")
        for sym in o.slots:
            if sym not in order:
                raise DataFileError(path, f"{where}.slots.{sym}", f"is not a slot symbol; expected one of "
                                                                  f"{list(symbols)} (the joker fills any slot)")
        size = sum(o.slots.values())
        if not MIN_SLOTS <= size <= MAX_SLOTS:
            raise DataFileError(path, f"{where}.slots", f"an objective has {MIN_SLOTS} to {MAX_SLOTS} slots, "
                                                        f"got {size}")
        if size > components.legions_per_player:
            raise DataFileError(path, f"{where}.slots", f"{size} slots but a player has only "
                                                        f"{components.legions_per_player} legions")
        slots = tuple(sorted(o.slots.items(), key=lambda kv: order[kv[0]]))
        cards.append(Objective(o.number, o.name, o.kind, slots, o.points, o.produces,
                               _power(o.power, symbols, path, f"{where}.power")))
    return ObjectiveSet(raw.objectives.name, tuple(sorted(cards, key=lambda c: c.number)), path,
                        datafile.provenance)


_load_objectives = cached_loader(lambda p: _build_objectives(p, load_components()),
                                 bundled=("augustus", "objectives.toml"))
#: Path of the bundled illustrative ``augustus/objectives.toml``.
objectives_path = _load_objectives.bundled_path


def load_objectives(path: str | os.PathLike[str] | None = None, *,
                    components: Components | None = None) -> ObjectiveSet:
    """Load and validate an objective-card file.

    Parameters
    ----------
    path : str or PathLike, optional
        Default: the bundled illustrative ``data/augustus/objectives.toml`` (88
        cards; the real list is not public).
    components : Components, optional
        The bag whose symbols the slots must use; default the bundled components.

    Returns
    -------
    ObjectiveSet
        Cached per file and modification time (bundled components).

    Raises
    ------
    DataFileError
        Naming the file, the entry and the problem: a duplicate number, an
        unknown kind, production or slot symbol (the joker is not a slot), fewer
        than 2 or more than 6 slots (or more than a player's legions), a power
        naming an unknown symbol or colour.

    Examples
    --------
    >>> card = load_objectives().card(12)
    >>> card.kind in KINDS and 2 <= card.size <= 6
    True
    >>> load_objectives().provenance["objective.0.points"].kind
    'illustrative'
    """
    if components is None:
        return _load_objectives(path)
    return _build_objectives(Path(path) if path is not None else objectives_path(), components)
