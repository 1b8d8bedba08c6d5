# rometools: compiled twin
# cython: annotation_typing=False
"""GreedyBot's choice: ``GreedyBot.decide``.

Private to :mod:`rometools.via_romana.bots`, which documents the bot. This module is plain
Python that Cython compiles as it is (``hatch_build.py``, as ``_greedy_c``;
``annotation_typing=False`` keeps Python's meaning of every annotation), and the bot uses the
compiled twin while it matches this source (:func:`rometools.core._cython.compiled_or_plain`):
the same choices, faster. It plays the rules the registry plays, their own twin where it was
built. ``tests/test_compiled_twins.py`` checks that seeded games are the same either way.

A build is rated by what it changes in the scores. :func:`gains` works that change out from
the state as it is, as the rules would leave it (Scoring Roads, End of the Game): the bot
applied every road-completing build and scored the whole table before and after, which was
half of a greedy game's time. ``tests/test_via_romana.py`` holds :func:`gains` equal to that
full apply-and-score at every build of seeded games in every sample config.
"""

from __future__ import annotations

from rometools.core._cython import compiled_or_plain
from rometools.via_romana.state import END, KEEP

__all__ = ["choose", "gains", "rules"]

#: The rules as the registry plays them: their compiled twin where it was built (the same source).
rules = compiled_or_plain("rometools.via_romana.rules")
#: The scoring rules (a road's result), as the rules play them.
_scoring = compiled_or_plain("rometools.via_romana.scoring")

#: A build's bonus by kind, added to its points (the greedy bot's yardstick).
KIND_BONUS = {"fort": 0.4, "double": 0.6, "milestone": 0.3, "joker": 0.1}


def _short_roads(state, t) -> tuple[dict, dict]:
    """The open roads (neither signed nor scored) one or two pieces short of complete.

    Returns ``(single, pair)``: ``single`` maps a vacant place (an end city or a road space)
    to the roads it alone would complete; ``pair`` maps a road two places short to those two
    places, in board order.
    """
    p = state.pieces
    single: dict = {}
    pair: dict = {}
    for r, (a, b) in t.road_ends.items():
        if r in state.scored or r in state.signed:
            continue
        vacant = [j for j in (a, b) if p[j] == -1]
        if len(vacant) > 2:
            continue
        for j in t.road_spaces[r]:
            if p[j] == -1:
                vacant.append(j)
                if len(vacant) > 2:
                    break
        if len(vacant) == 1:
            single.setdefault(vacant[0], []).append(r)
        elif len(vacant) == 2:
            pair[r] = (min(vacant), max(vacant))
    return single, pair


def _completed(t, single: dict, pair: dict, action: tuple) -> list:
    """The roads a legal build completes (the rules' ``_build`` finds the same, in the same order)."""
    if action[0] == "double":
        x, y = t.index[action[2]], t.index[action[3]]
        r = t.road_of[x]   # both spaces lie on one road (VR-5)
        return [r] if pair.get(r) == (min(x, y), max(x, y)) else []
    return single.get(t.index[action[1]], [])


def _gains(state, t, seat: int, action: tuple, roads: list) -> list:
    """Each seat's points gained by ``action`` (a build by ``seat`` completing ``roads``), as the
    rules leave them once the build is applied and play stops for a decision or a draw."""
    n = state.config.players
    comps = t.comps
    gained = [0] * n
    tiles = state.tiles
    fort = t.index[action[1]] if action[0] == "fort" else -1
    if fort >= 0:
        gained[seat] += tiles[fort] + 1   # a fort is worth its city's top value (at least 1)
    if len(roads) != 1:
        return gained   # none, or the completing player orders several: nothing scored yet
    road = roads[0]
    a, b = t.road_ends[road]
    placed = (t.index[action[2]], t.index[action[3]]) if action[0] == "double" else (t.index[action[1]],)
    p = state.pieces
    counts = [0] * n
    for i in (a, b, *t.road_spaces[road]):
        counts[seat if i in placed else p[i] // 2] += 1
    result = _scoring._road_result({k: c for k, c in enumerate(counts) if c}, seat, list(range(n)),
                                   state.config.dangerous_ties)
    winner = result.winner
    if winner is not None:
        with_tiles = [c for c in (a, b) if tiles[c]]
        if len(with_tiles) == 1:   # the only tile left is taken at once (two: the winner chooses later)
            c = with_tiles[0]
            gained[winner] += tiles[c] + 1
            owner = seat * 2 + 1 if c == fort else p[c]
            if owner >= 0 and owner % 2:
                gained[owner // 2] -= 1   # a fort there drops to the next tile's value
            goal = state.goals[winner]
            if goal is not None:
                board = t.board
                have = {board.tile_entry(w)[0] for w in state.won[winner]}
                need = set(comps.goal(goal).colours)
                if not need <= have and need <= have | {board.city(t.spaces[c]).province}:
                    gained[winner] += comps.goal_points
    if state.signs == 1:   # the last sign: the standard goes to the completing player
        gained[seat] += comps.standard_points
    return gained


def gains(state, action) -> tuple[int, ...]:
    """Each seat's points gained by a legal build, as :func:`rules.scores` would show once it is
    applied and play stops (a road it completes scored, unless its winner must choose a tile).

    Raises ``KeyError`` or ``IndexError`` for an action that is no build (it is not checked).

    >>> import rometools
    >>> from rometools.core.playout import play, turn_states
    >>> state = next(s for s in turn_states(play(rometools.load_game("via_romana", players=2), "greedy", 1))
    ...              if s.agenda and s.agenda[0][0] == "build")
    >>> fort = next(a for a in rules.legal_actions(state) if a[0] == "fort")
    >>> fort, gains(state, fort)   # seat 0's fort at Neapolis: its top tile, 2
    (('fort', 'neapolis', 'yellow:helmet', 'yellow:laurel'), (2, 0))
    """
    t = rules._t(state.config)
    single, pair = _short_roads(state, t)
    return tuple(_gains(state, t, state.seat, action, _completed(t, single, pair, action)))


def _points(state, t, seat: int, action: tuple, single: dict, pair: dict) -> float:
    """A build's points for the greedy yardstick: the seat's gain less half the most another seat gains."""
    roads = _completed(t, single, pair, action) if single or pair else ()
    if roads:   # a scoring
        got = _gains(state, t, seat, action, roads)
        return got[seat] - 0.5 * max((got[k] for k in range(len(got)) if k != seat), default=0)
    # no road completes: only a fort's own points change (its city's top value, at least 1)
    return float(state.tiles[t.index[action[1]]] + 1 if action[0] == "fort" else 0)   # = gained - 0.5 * 0


def _best_build(state, rng, legal: list, seat: int):
    """The best-rated build (``END`` when none rates above 0), ties drawn at random in legal order.

    A build's rating depends only on its kind and the places it fills, not on the cards it spends,
    so each kind and place is rated once (``rated``).
    """
    t = rules._t(state.config)
    single, pair = _short_roads(state, t)
    best, best_value = [END], 0.0
    rated: dict = {"fort": {}, "milestone": {}, "joker": {}, "double": {}}
    points: dict = {}   # by the pieces placed: a fort (city,), or milestones on a space or two (x, y)
    for a in legal:
        if not isinstance(a, tuple):   # END
            continue
        kind = a[0]
        seen = rated[kind]
        where = a[1] if kind != "double" else a[2:4]
        value = seen.get(where)
        if value is None:
            placed = (where,) if kind == "fort" else where
            value = points.get(placed)
            if value is None:
                value = points[placed] = _points(state, t, seat, a, single, pair)
            value += KIND_BONUS[kind]
            if kind == "fort":
                value += 0.2 * state.tiles[t.index[where]]
            seen[where] = value
        if value > best_value + 1e-9:
            best, best_value = [a], value
        elif value >= best_value - 1e-9:
            best.append(a)
    return best[int(rng.integers(len(best)))]


def choose(state, rng):
    """GreedyBot's action at a decision node (see :class:`~rometools.via_romana.bots.GreedyBot`)."""
    legal = rules.legal_actions(state)
    seat = rules.current_player(state)
    if len(legal) == 1:
        return legal[0]
    kind = state.agenda[0][0]
    if kind == "discard":
        if KEEP in legal and sum(state.hands[seat]) <= 5:
            return KEEP
        return legal[int(rng.integers(len([a for a in legal if a != KEEP])))]
    if kind == "tile":
        t = rules._t(state.config)
        return max(legal, key=lambda a: state.tiles[t.index[a[1]]])
    if kind == "build":
        return _best_build(state, rng, legal, seat)
    return legal[int(rng.integers(len(legal)))]
