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


#: (the components last asked, their :func:`_ratings`): one game's components serve every move.
_RATED: list = [None]


def _ratings(comps) -> dict:
    """Per tile id, ``(resource index, points per resource, marker)`` for an instant-points tile
    and ``(-1, value, marker)`` for any other: :func:`tile_value` and the marker in one plain dict
    look-up (the components' read-only mappings cost a method call each, per region per move).
    Kept for the last components asked."""
    kept = _RATED[0]   # one tuple, replaced at once: a thread never pairs components with another's dict
    if kept is None or kept[0] is not comps:
        rated = {}
        for t in comps.tile_ids:
            rule = comps.instant_points_of.get(t)
            worth = (-1, comps.usable_points_of.get(t, 1)) if rule is None else rule
            rated[t] = (worth[0], worth[1], comps.marker_of[t])
        kept = _RATED[0] = (comps, rated)
    return kept[1]


@cython.locals(value=cython.long, best=cython.long, d=cython.long, nearest=cython.long, v=cython.long,
               marker=cython.long, found=cython.bint, i=cython.Py_ssize_t, r=cython.long, k=cython.long,
               rated=dict, rating=tuple)
def _placement(state: GameState, rng: np.random.Generator, seat: int, tiles):
    """The placement (or :data:`PASS` when there is none): the highest tile value (:func:`tile_value`),
    then the worker value nearest the marker (``distance()``), ties drawn in ``legal_actions``' order.
    One pass over the regions, in :func:`~rometools.imperator.rules.placements`' order: each region's
    tile is rated first, and which worker values may go there (``rules.open_values``) is asked only
    of a region worth at least the best so far; a higher value met later starts the ties again."""
    occupant = state.occupant
    if seat in occupant:   # at most one worker on the board: no placement
        return PASS
    rated, stock = _ratings(state.config.components), state.stock[seat]
    regions = state.config.layout.regions
    allowed = rules.allowed_values(state, seat)
    zone, political = state.zones[seat], state.political[seat]
    best, nearest, found = 0, 0, False
    picks: list = []
    for i in range(len(tiles)):
        t = tiles[i]
        if t is None:
            continue
        rating = rated[t]   # tile_value(), inline
        r, k = rating[0], rating[1]
        value = k if r < 0 else stock[r] * k
        if found and value < best:
            continue
        values = allowed
        if occupant[i] >= 0:
            values = rules.open_values(state, i, allowed, zone, political)
            if not values:   # a worker there none of the seat's can force out
                continue
        if not found or value > best:
            best, found, picks = value, True, []
            nearest = 1 << 30
        marker = rating[2]
        for v in values:
            d = abs(v - marker)
            if d < nearest:
                nearest, picks = d, [(regions[i], v)]
            elif d == nearest:
                picks.append((regions[i], v))
    return pick(picks, rng) if picks else PASS


def choose(state: GameState, rng: np.random.Generator):
    """GreedyBot's action at a decision node (see :class:`~rometools.imperator.bots.GreedyBot`)."""
    index, tiles = state.config.layout.index, state.tiles
    marker_of = state.config.components.marker_of
    seat = rules.current_player(state)
    if state.phase == "place":
        return _placement(state, rng, seat, tiles)
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
