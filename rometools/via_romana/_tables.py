# rometools: compiled twin
# cython: annotation_typing=False
"""Via Romana's index tables: the board and the components by index, built once per config.

The rules (:mod:`~rometools.via_romana.rules`), the board facts (:mod:`~rometools.via_romana.facts`),
what may be done (:mod:`~rometools.via_romana.moves`) and the greedy bot read a board's spaces, roads
and the card kinds as small integers: :func:`_t` finds the tables for a config (kept on the frozen
config), :func:`replace` copies a state with some fields changed. Rules: ``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

from rometools.via_romana.state import GameConfig, GameState, card_id

__all__ = ["cards", "replace"]


class _Tables:
    """Index tables for one board and component set (built once, cached)."""

    def __init__(self, board, comps):
        self.board, self.comps = board, comps
        self.cards = tuple(card_id(c, s) for c in comps.colours for s in comps.symbols)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.card_colour = tuple(c for c in comps.colours for _ in comps.symbols)
        self.card_symbol = tuple(s for _ in comps.colours for s in comps.symbols)
        self.deck = tuple(comps.per_colour[s] for _ in comps.colours for s in comps.symbols)
        self.takes = tuple(("take", c) for c in self.cards)   # the actions of taking each card kind
        self.spaces = board.spaces
        self.index = {s: i for i, s in enumerate(self.spaces)}
        self.ncities = len(board.cities)
        self.city_ids = tuple(c.id for c in board.cities)
        self.colours = tuple(frozenset(board.space_colours[s]) for s in self.spaces)
        self.neigh = tuple(tuple(self.index[n] for n in board.neighbours[s]) for s in self.spaces)
        self.no_cards = (0,) * len(self.cards)
        self.road_of = tuple(board.space_road[s].id if s in board.space_road else None for s in self.spaces)
        self.road_spaces = {r.id: tuple(self.index[s] for s in r.space_ids) for r in board.roads}
        self.road_ends = {r.id: (self.index[r.a], self.index[r.b]) for r in board.roads}
        #: Each road with the places that complete it: its end cities, then its spaces.
        self.road_places = tuple((r.id, (self.index[r.a], self.index[r.b], *self.road_spaces[r.id]))
                                 for r in board.roads)
        self.places_of = dict(self.road_places)
        #: Each road's place in board order (the order ``board_facts`` lists roads in).
        self.road_rank = {r: k for k, (r, _) in enumerate(self.road_places)}
        self.roads_at = {self.index[c]: board.roads_at[c] for c in self.city_ids}
        #: Per city index, each road at it with its spaces in order from the city: ``(road, spaces)``.
        self.roads_from = {i: tuple((r, self.road_spaces[r] if self.road_ends[r][0] == i else self.road_spaces[r][::-1])
                                    for r in roads) for i, roads in self.roads_at.items()}
        #: The city each card matches (its colour and symbol: a double milestone's), -1 for none.
        city_of = {(c.province, c.symbol): self.index[c.id] for c in board.cities}
        self.card_city = tuple(city_of.get(pair, -1) for pair in zip(self.card_colour, self.card_symbol, strict=True))
        #: Per space, the card colours that place a milestone on it, by reading of VR-13: a city's
        #: colour, and a road space's own edge colours ("space") or every colour of its road
        #: ("road"), in the order the board file gives them along the road.
        along = {r.id: tuple(dict.fromkeys(c for edge in r.spaces for c in edge)) for r in board.roads}
        own = tuple(tuple(board.space_colours[s]) for s in self.spaces)
        self.milestone_colours = {
            "space": own,
            "road": tuple(own[i] if self.road_of[i] is None else along[self.road_of[i]] for i in range(len(own)))}
        #: Per reading, per colour, whether each space takes a card of it for a milestone.
        self.takes_colour = {reading: {col: tuple(col in c for c in colours) for col in comps.colours}
                             for reading, colours in self.milestone_colours.items()}
        #: Each goal tile's colours by id (the first tile of an id, as ``Components.goal`` finds it).
        self.goal_need: dict = {}
        for g in comps.goals:
            self.goal_need.setdefault(g.id, frozenset(g.colours))
        #: Each city's province, by index (the cities are the first spaces).
        self.province = tuple(c.province for c in board.cities)
        #: The cities a fort of each colour may go on (its colour among the city's), in board order.
        self.colour_cities = {col: tuple(i for i in range(self.ncities) if col in self.colours[i])
                              for col in comps.colours}


_TABLES: dict = {}


_STATE_FIELDS = frozenset(f.name for f in fields(GameState))


def replace(state: GameState, **changes: Any) -> GameState:
    """``dataclasses.replace`` for a :class:`GameState`, without its per-call checks.

    A state has no ``__post_init__`` and its fields are plain values, so a copy of its
    ``__dict__`` with the changes is the same state ``dataclasses.replace`` builds, about
    eight times faster: it was the largest cost of play (13 us a call, several per action).
    A field name it does not know is refused as ``dataclasses.replace`` refuses it.

    >>> import dataclasses
    >>> from rometools.via_romana.rules import new_game
    >>> s = new_game(players=2)
    >>> replace(s, seat=1) == dataclasses.replace(s, seat=1)
    True
    """
    unknown = changes.keys() - _STATE_FIELDS
    if unknown:
        raise TypeError(f"GameState has no field {sorted(unknown)[0]!r}")
    new = object.__new__(GameState)
    fields = state.__dict__.copy()
    history = changes.pop("history", fields)
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    if history is not fields:   # kept as a log of its own (state.py, _write_history)
        object.__setattr__(new, "history", history)   # the property's setter (the class is frozen)
    return new


@cython.ccall
def _t(config: GameConfig) -> _Tables:
    t = config.__dict__.get("_tables")  # kept on the (frozen) config: found again without a file lookup
    if t is not None:
        return t
    t = _tables(config)
    object.__setattr__(config, "_tables", t)
    return t


def _tables(config: GameConfig) -> _Tables:
    board, comps = config.the_board(), config.the_components()
    key = (id(board), id(comps))
    t = _TABLES.get(key)
    if t is None or t.board is not board or t.comps is not comps:
        if len(_TABLES) > 16:
            _TABLES.clear()
        t = _TABLES[key] = _Tables(board, comps)
    return t


def cards(config: GameConfig | None = None) -> tuple[str, ...]:
    """The card kinds, in the order of a state's count tuples.

    >>> cards()[:3]
    ('purple:temple', 'purple:helmet', 'purple:laurel')
    """
    return _t(config or GameConfig()).cards

