# rometools: compiled twin
# cython: annotation_typing=False
"""GreedyBot's choice: ``GreedyBot.decide``.

Private to :mod:`rometools.imperator.bots`, which documents the bot. This module is
plain Python that Cython compiles as it is (``hatch_build.py``, as ``_greedy_c``;
``annotation_typing=False`` keeps Python's meaning of every annotation), and the bot
uses the compiled twin while it matches this source
(:func:`rometools.core._cython.compiled_or_plain`): the same choices, several times
faster. It reads the rules the registry plays, their own twin where it was built.
``tests/imperator/test_imperator_bots.py`` checks the choices on hand-built positions,
and ``benchmarks/history_digest.py`` that seeded games stay the same.
"""

from __future__ import annotations

import numpy as np

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

from rometools.core._cython import compiled_or_plain
from rometools.core.rng import integer_below
from rometools.imperator.state import PASS, SKIP, GameState

__all__ = ["choose", "pick", "tile_value"]

#: The rules as the registry plays them: their compiled twin where it was built (the same source).
rules = compiled_or_plain("rometools.imperator.rules")


def tile_value(state: GameState, seat: int, tile_id: str) -> int:
    """What a tile is worth to ``seat`` now, the greedy bot's yardstick (points).

    An instant-points tile: its points now (stock times laurel). A usable-once tile: its amount
    times the laurels of the instant tiles counting its resource, at least 1
    (``Components.usable_points_of``: the points it may add later). Any other tile: 1 (a
    heuristic: political influence breaks ties). Read from the components as loaded, so a
    variant's points and amounts change the bot's choices.

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = new_game(rng=0)
    >>> tile_value(s, 0, "t07"), tile_value(s, 0, "t14"), tile_value(s, 0, "t04")
    (2, 1, 5)
    """
    comps = state.config.components
    rule = comps.instant_points_of.get(tile_id)
    return comps.usable_points_of.get(tile_id, 1) if rule is None else state.stock[seat][rule[0]] * rule[1]


def pick(options: list, rng: np.random.Generator):
    """One of ``options`` uniformly; no draw from ``rng`` when there is only one."""
    return options[0] if len(options) == 1 else options[integer_below(rng, len(options))]


@cython.locals(value=cython.long, best=cython.long, d=cython.long, nearest=cython.long, v=cython.long,
               marker=cython.long, found=cython.bint)
def _placement(state: GameState, rng: np.random.Generator, seat: int, index, tiles, marker_of):
    """The placement (or :data:`PASS` when there is none): the highest tile value (:func:`tile_value`),
    then the worker value nearest the marker (``distance()``), ties drawn in ``legal_actions``' order.
    One pass over the placements: each region's tile is rated once, not once per worker value, and a
    higher value met later starts the ties again."""
    points_of, stock = state.config.components.instant_points_of, state.stock[seat]
    usable = state.config.components.usable_points_of
    best, nearest, found = 0, 0, False
    picks: list = []
    for region, values in rules.placements(state):
        t = tiles[index[region]]
        rule = points_of.get(t)   # tile_value(), inline
        value = usable.get(t, 1) if rule is None else stock[rule[0]] * rule[1]
        if found and value < best:
            continue
        if not found or value > best:
            best, found, picks = value, True, []
            nearest = 1 << 30
        marker = marker_of[t]
        for v in values:
            d = abs(v - marker)
            if d < nearest:
                nearest, picks = d, [(region, v)]
            elif d == nearest:
                picks.append((region, v))
    return pick(picks, rng) if picks else PASS


def choose(state: GameState, rng: np.random.Generator):
    """GreedyBot's action at a decision node (see :class:`~rometools.imperator.bots.GreedyBot`)."""
    index, tiles = state.config.layout.index, state.tiles
    marker_of = state.config.components.marker_of
    seat = rules.current_player(state)
    if state.phase == "place":
        return _placement(state, rng, seat, index, tiles, marker_of)
    acts = rules.legal_actions(state)
    values: dict = {}
    if state.phase == "displace":
        value = state.pending[1]
        for r in acts:
            t = tiles[index[r]]
            values[r] = (tile_value(state, seat, t), -abs(value - marker_of[t]))
    else:  # the advanced action
        for a in acts:
            if a != SKIP:
                values[a] = tile_value(state, seat, tiles[index[a[1]]])
        if not values or max(values.values()) <= 0:
            return SKIP
    top = max(values.values())
    return pick([a for a, v in values.items() if v == top], rng)
