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
from rometools.imperator.state import PASS, SKIP, WORKER_VALUES, GameState

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


#: (the config last asked, its :func:`_table`): one game's config serves every move.
_TABLE: list = [None]


def _table(config) -> tuple:
    """``(config, ratings, actions, players, hold_rounds)`` for a config: its components'
    :func:`_ratings`, and ``actions[i][v]``, the placement ``(region, v)`` of region number ``i``
    (the one tuple every decision returns). Kept for the last config asked."""
    kept = _TABLE[0]   # one tuple, replaced at once, as _RATED's
    if kept is None or kept[0] is not config:
        actions = tuple(tuple((r, v) for v in range(max(WORKER_VALUES) + 1)) for r in config.layout.regions)
        kept = _TABLE[0] = (config, _ratings(config.components), actions, config.players, config.hold_rounds)
    return kept


@cython.cfunc
@cython.locals(value=cython.long, best=cython.long, nearest=cython.long, v=cython.long, dv=cython.long,
               dmin=cython.long, held=cython.long, marker=cython.long, found=cython.bint, edge=cython.bint,
               i=cython.Py_ssize_t, r=cython.long, k=cython.long, s=cython.long, seat=cython.long,
               players=cython.long, zone=cython.long, political=cython.long, theirs=cython.long,
               rounds=cython.long, turn=cython.long, d=dict, kept=tuple, rated=dict,
               rating=tuple, tiles=tuple, occupant=tuple, held_values=tuple, stock=tuple, zones=tuple,
               politicals=tuple, allowed=tuple, picks=list, acts=tuple)
def _placement(state: GameState, rng: np.random.Generator):
    """The placement (or :data:`PASS` when there is none): the highest tile value (:func:`tile_value`),
    then the worker value nearest the marker (``distance()``), ties drawn in ``legal_actions``' order.
    One pass over the regions, in :func:`~rometools.imperator.rules.placements`' order, on the
    state's fields: each region's tile is rated first, and whether the seat's nearest worker value
    may go there (``rules.open_values``: it beats the worker there, and so does every value as
    near) is asked only of a region worth at least the best so far; a higher value met later
    starts the ties again."""
    d = state.__dict__
    kept = _TABLE[0]
    if kept is None or kept[0] is not d["config"]:
        kept = _table(d["config"])
    rated, players = kept[1], kept[3]
    rounds, turn = d["round"], d["turn"]
    seat = ((rounds - 1) % players + turn) % players   # rules.current_player at a placement
    occupant = d["occupant"]
    if seat in occupant:   # at most one worker on the board: no placement
        return PASS
    # a seat holding no tile uses none this round: its config's values (rules.allowed_values)
    allowed = state.config.workers[seat] if not d["held"][seat] or not kept[4] else rules.allowed_values(state, seat)
    stock, tiles, held_values = d["stock"][seat], d["tiles"], d["value"]
    zones, politicals = d["zones"], d["political"]
    zone, political = zones[seat], politicals[seat]
    best, nearest, found = 0, 0, False
    picks = []
    for i in range(len(tiles)):
        t = tiles[i]
        if t is None:
            continue
        rating = rated[t]   # tile_value(), inline
        r, k = rating[0], rating[1]
        value = k if r < 0 else stock[r] * k
        if found and value < best:
            continue
        marker = rating[2]
        dmin = 1 << 30   # the seat's nearest value to the marker
        for v in allowed:
            dv = abs(v - marker)
            if dv < dmin:
                dmin = dv
        s = occupant[i]
        if s >= 0:   # rules.open_values: nearer the marker, else as near with more zone, else more influence
            held = abs(held_values[i] - marker)
            theirs = zones[s]
            edge = zone > theirs if zone != theirs else political > politicals[s]
            if dmin > held or (dmin == held and not edge):   # a worker there none of the seat's can force out
                continue
        if not found or value > best:
            best, found, picks = value, True, []
            nearest = 1 << 30
        if dmin > nearest:
            continue
        if dmin < nearest:
            nearest, picks = dmin, []
        acts = kept[2][i]
        for v in allowed:
            if abs(v - marker) == dmin:
                picks.append(acts[v])
    if not picks:
        return PASS
    return picks[0] if len(picks) == 1 else picks[integer_below(rng, len(picks))]   # pick(), inline


def choose(state: GameState, rng: np.random.Generator):
    """GreedyBot's action at a decision node (see :class:`~rometools.imperator.bots.GreedyBot`)."""
    if state.__dict__["phase"] == "place":
        return _placement(state, rng)
    index, tiles = state.config.layout.index, state.tiles
    marker_of = state.config.components.marker_of
    seat = rules.current_player(state)
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
