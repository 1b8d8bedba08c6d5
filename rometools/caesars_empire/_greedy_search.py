"""GreedyBot's search for the best chains: steps 1 and 2 of ``GreedyBot.best_chains``.

Private to :mod:`rometools.caesars_empire.bots`, which documents the method
(one search per target city, bounds that prune walks before they are formed).
This module is plain Python that Cython compiles as it is ("pure Python
mode"): the ``cython`` names below type the locals as C integers when it is
compiled, and mean nothing when it is not (:mod:`rometools.core._cython`).
``hatch_build.py`` compiles it at install as ``_greedy_search_c``, which the
bots use while it matches this source (``compiled_or_plain``). Both return
the same values (checked by ``tests/caesars_empire/test_bots.py``, which
plays seeded games with each); ``COMPILED`` tells them apart.

The inputs are the engine's facts (``engine.Facts``: per location its
unbuilt paths ``(neighbour, path index, Roads)`` to an available city
(``leaf``) and to an empty city (``inner``), distances to Rome ``dist``, the
``sources``), the seat's most own Roads per location (``own``), the Roads
the route policy gives it (``exact``: ``own`` itself, or under ``"first"``
``engine.first_route_roads`` with ``first_step`` and the board's ``rank``),
and what a capture is worth: ``tokens`` (``board.city_token_values``), the
seat's highest City token per colour (``highest``) or, in the 2-3 player
variant, ``gain_of(colour, value)``; the cities' Treasures (``treasures``)
and their marginal values to the seat (``treasure_value``).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

from rometools.caesars_empire import engine
from rometools.caesars_empire.engine import INF
from rometools.caesars_empire.scoring import holdings, marginal_values_shared

__all__ = ["COMPILED", "best_chains", "best_chains_standard", "fill", "held", "search", "standard_values"]

#: True when this module is the compiled extension.
COMPILED = cython.compiled
# The functions below read a few private attributes of the package's own classes
# (``GameConfig._components``, ``Board._city_tokens``, ``Board._index``, ``Board._rank``)
# rather than the public properties that return them: a property is a Python call, once
# or more per move.


@cython.ccall
@cython.locals(t=cython.Py_ssize_t, worth=cython.long, top=cython.long, gain=cython.long, token=tuple)
def fill(t, gains: list, mults: list, tokens: tuple, highest, gain_of, treasures: tuple,
         treasure_value: dict) -> cython.void:
    """Store in ``gains[t]`` and ``mults[t]`` the token points of capturing city ``t`` now
    (the City-token points it adds plus the Treasure's marginal value) and its route
    multiplier (2 if the city holds Gold, else 1)."""
    token = tokens[t - 1]
    colour, worth = token[0], token[1]
    if gain_of is None:
        top = cython.cast(dict, highest).get(colour, 0)
        gain = worth - top if worth > top else 0
    else:
        gain = gain_of(colour, worth)
    treasure = treasures[t - 1]
    gains[t] = gain + treasure_value.get(treasure, 0)
    mults[t] = 2 if treasure == "gold" else 1


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(budget=cython.long, limit=cython.long, top=cython.long, cheapest=cython.long,
               s=cython.Py_ssize_t, u=cython.Py_ssize_t, w=cython.Py_ssize_t, x=cython.Py_ssize_t,
               y=cython.Py_ssize_t, e=cython.long, c=cython.long, c2=cython.long, base=cython.long,
               v=cython.long, gain=cython.long, mult=cython.long, dw=cython.long, ow=cython.long,
               need=cython.long, shortest=cython.long, r=cython.long, roads=cython.long,
               reach=cython.long, slack=cython.long, nc=cython.long, via=cython.long,
               bound=cython.long, y_slack=cython.long, route=cython.long, k=cython.long,
               own_is_exact=cython.bint, rome_c=cython.long, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, ends=tuple, preds=tuple, p=tuple, item=tuple, walk_x=tuple,
               walk=tuple, stack=list, best=list, later=list, from_rome=dict)
def search(leaf: tuple, inner: tuple, dist: tuple, sources: tuple, own: tuple, exact: tuple,
           first_step, rank, budget, limit, tokens: tuple, highest, gain_of, treasures: tuple,
           treasure_value: dict):
    """Steps 1 and 2 of ``GreedyBot.best_chains``.

    Returns ``(best, top, cheapest, later, gains, mults)``: ``best`` the best
    chains so far as ``(place, chain)`` (``place`` orders them as the legal
    chains are listed), their points and Roads (``-1`` and ``0`` if none),
    ``later`` the longer walks still to value exactly ``(walk, Roads, bound)``,
    and per location the token points and route multiplier of capturing it
    (filled for every city at the end of an unbuilt path from a source).
    """
    n = len(leaf)
    gains: list = [0] * n
    mults: list = [0] * n
    best: list = []
    later: list = []
    top, cheapest = -1, 0
    own_is_exact = exact is own
    for s in sources:  # 1. one-path chains; place (source, 0, path index: the lists' board order)
        base = exact[s]
        ends = leaf[s]
        for i in range(len(ends)):
            p = ends[i]
            u, e, c = p[0], p[1], p[2]
            if c <= budget:
                if not mults[u]:
                    fill(u, gains, mults, tokens, highest, gain_of, treasures, treasure_value)
                v = (base + c) * mults[u] + gains[u]
                if v > top or (v == top and c < cheapest):
                    top, cheapest, best = v, c, [((s, 0, e), (s, u))]
                elif v == top and c == cheapest:
                    best.append(((s, 0, e), (s, u)))
    if limit < 2 or top < 0:
        return best, top, cheapest, later, gains, mults
    from_rome = {}  # unbuilt paths out of Rome (Rome only starts a walk)
    for p in inner[0]:
        from_rome[p[0]] = p[2]
    for w in sources[1:]:  # 2. walks ending at each empty city with an available city beside it
        ends = leaf[w]
        if not ends:
            continue
        dw, ow = dist[w], exact[w]
        if dw == ow:  # w's route is all the seat's already: no walk gives it more
            continue
        need = shortest = INF  # the least R that can win with some end; the cheapest end
        for i in range(len(ends)):
            p = ends[i]
            u, c2 = p[0], p[2]
            if not mults[u]:
                fill(u, gains, mults, tokens, highest, gain_of, treasures, treasure_value)
            gain, mult = gains[u], mults[u]
            r = -((gain - top) // mult) - c2  # ceil((top - gain) / mult) - c2
            if r < need:
                need = r
            if c2 < shortest:
                shortest = c2
        if need <= ow:  # and more than w's own route gives (else the one-path chain is cheaper)
            need = ow + 1
        if dw < need:  # no walk gives w a route with that many of the seat's Roads
            continue
        stack = [(w, (w,), 0, dw, dw - ow)]  # (first location, walk, Roads, bound D, least slack)
        while stack:
            item = stack.pop()
            x, walk_x, roads, reach, slack = item[0], item[1], item[2], item[3], item[4]
            preds = inner[x]
            if x in from_rome:
                rome_c = from_rome[x]
                preds = ((0, -1, rome_c),) + preds
            for j in range(len(preds)):
                p = preds[j]
                y, c = p[0], p[2]
                if y in walk_x:
                    continue
                nc = roads + c
                if nc + shortest > budget:
                    continue
                via = dist[y] + nc
                bound = via if via < reach else reach
                if bound < need:  # R <= bound for this walk and any longer one
                    continue
                walk = (y,) + walk_x
                y_slack = dist[y] - own[y]
                if y_slack > slack:
                    y_slack = slack
                if x == w:  # through one empty city: the route in closed form
                    if via > dw:  # the new path is on no fewest-Roads route of w
                        route = ow
                    elif via < dw:  # it is on all of them
                        route = exact[y] + c
                    elif own_is_exact:  # a tie: the seat takes the better
                        route = own[y] + c
                        if ow > route:
                            route = ow
                    else:  # a tie under "first": the smaller next step's id
                        route = exact[y] + c if rank[y] < rank[first_step[w]] else ow
                    for i in range(len(ends)):
                        p = ends[i]
                        u, c2 = p[0], p[2]
                        k = nc + c2
                        if k <= budget:
                            v = (route + c2) * mults[u] + gains[u]
                            if v > top or (v == top and k < cheapest):
                                top, cheapest, best = v, k, [((y, 1), walk + (u,))]
                            elif v == top and k == cheapest:
                                best.append(((y, 1), walk + (u,)))
                elif bound - y_slack >= need:
                    later.append((walk, nc, bound - y_slack))
                if y and len(walk) < limit:
                    stack.append((y, walk, nc, bound, y_slack))
    return best, top, cheapest, later, gains, mults


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(seat=cython.Py_ssize_t, n=cython.Py_ssize_t, at=cython.Py_ssize_t, city=cython.Py_ssize_t,
               value=cython.long, i=cython.Py_ssize_t, history=tuple, record=tuple, chain=tuple, more=list,
               highest=dict, tokens=tuple, treasures=tuple, index=dict)
def held(seen: dict, state):
    """The seat to move's Treasure counts and highest City token per colour, kept by GreedyBot.

    ``seen`` maps a seat to ``(history length, its last record, counts, highest)``
    as last seen; counts are brought up to date from the moves recorded since
    when ``state`` descends from that state (its record at that length is the
    same object), else counted afresh (``scoring.holdings``).
    """
    seat, history = state.seat, state.history
    n = len(history)
    last = seen.get(seat)
    at = last[0] if last is not None else 0
    if 0 < at <= n and history[at - 1] is last[1]:
        counts, highest = last[2], last[3]
        if at < n:
            b = state.config.board
            slot = state.config._components.treasure_slot
            tokens, treasures, index = b._city_tokens, state.treasures, b._index
            more = list(counts)
            for i in range(at, n):
                record = history[i]
                if record[0] == "connect" and record[1] == seat:
                    chain = record[2]  # the location ids; no negative index: wraparound is off
                    city = index[chain[len(chain) - 1]] - 1  # the captured city (location index - 1)
                    more[slot[treasures[city]]] += 1
                    colour, value = tokens[city]
                    if value > highest.get(colour, 0):
                        highest = {**highest, colour: value}
            counts = tuple(more)
    else:
        mine = holdings(state, seat)
        counts, highest = mine.treasures, {}
        for colour, value in mine.city_tokens:
            if value > highest.get(colour, 0):
                highest[colour] = value
    if n:
        seen[seat] = (n, history[n - 1], counts, highest)
    return counts, highest


def _by_bound(item):
    return item[2]


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(seat=cython.Py_ssize_t, budget=cython.long, limit=cython.long, top=cython.long,
               cheapest=cython.long, w=cython.Py_ssize_t, u=cython.Py_ssize_t, nc=cython.long,
               bound=cython.long, c2=cython.long, k=cython.long, gain=cython.long, mult=cython.long,
               v=cython.long, route=cython.long, known=cython.bint, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, ends=tuple, p=tuple, item=tuple, walk=tuple, chain=tuple,
               history=tuple, best=list, later=list, gains=list, mults=list, leaf=tuple)
def best_chains(state, policy, highest, gain_of, treasure_value: dict):
    """``GreedyBot.best_chains`` for the policies ``"self_then_leader"``, ``"player"`` and
    ``"first"`` (``policy``), given what a capture is worth (``GreedyBot._capture_values``):
    steps 1 and 2 (:func:`search`), step 3 (the longer walks valued exactly) and the
    tie order. Returns ``(chains, points, cost)``."""
    f = state._facts
    if f is None:
        f = engine.facts(state)
    leaf = f.leaf
    seat = state.seat
    budget = state.roads_left[seat]
    lim = state.config.max_chain_paths
    limit = len(state.city_owner) + 1 if lim is None else lim
    own = engine.most_own_roads(state, seat)  # the most the seat can get: every bound below
    if policy == "first":  # what the seat gets: the first route in path order
        exact, first_step = engine.first_route_roads(state, seat)
        rank = state.config.board._rank
    else:  # the seat's choice among tied routes: the most it can get
        exact, first_step, rank = own, None, None
    best, top, cheapest, later, gains, mults = search(
        leaf, f.inner, f.dist, f.sources, own, exact, first_step, rank, budget, limit,
        state.config.board._city_tokens, highest, gain_of, state.treasures, treasure_value)
    if limit < 2 or top < 0:
        return [item[1] for item in best], top, cheapest
    if len(later) > 1:
        later.sort(key=_by_bound, reverse=True)  # the likeliest first: a higher best prunes the rest
    for i in range(len(later)):  # 3. longer walks that may still win: valued exactly
        item = later[i]
        walk, nc, bound = item[0], item[1], item[2]
        w = walk[len(walk) - 1]
        known = False
        route = 0
        ends = leaf[w]
        for j in range(len(ends)):
            p = ends[j]
            u, c2 = p[0], p[2]
            k = nc + c2
            if k > budget:
                continue
            gain, mult = gains[u], mults[u]
            v = (bound + c2) * mult + gain
            if v < top or (v == top and k > cheapest):
                continue
            chain = walk + (u,)
            if not known:
                known = True
                if exact is own:
                    route = engine.own_roads_after(state, chain, own) - c2
                else:  # "first": the route the rules score, found by connecting
                    history = engine.connect(state, chain).history  # no negative index: wraparound is off
                    route = history[len(history) - 1][4][seat] // mult - c2
            v = (route + c2) * mult + gain
            if v > top or (v == top and k < cheapest):
                top, cheapest, best = v, k, [((walk[0], 1), chain)]
            elif v == top and k == cheapest:
                best.append(((walk[0], 1), chain))
    walks = [item[1] for item in best if item[0][1]]
    if len(walks) > 1:  # tied walks: their order is the legal chains' walk order from their sources
        order = {}
        for i, item in enumerate(engine.legal_chains_from(state, sorted({chain[0] for chain in walks}))):
            order[item[0]] = i
        best = [(item[0] if not item[0][1] else (item[0][0], 1, order[item[1]]), item[1]) for item in best]
    best.sort()
    return [item[1] for item in best], top, cheapest


@cython.ccall
def standard_values(seen: dict, state):
    """``(highest, treasure_value)`` under standard City Points (``GreedyBot._capture_values``): the
    seat's highest City token per colour and the marginal value of each Treasure
    (``scoring.marginal_values_shared``), from its holdings as :func:`held` keeps them in ``seen``."""
    counts, highest = held(seen, state)
    return highest, marginal_values_shared(counts, state.config._components)


def best_chains_standard(seen: dict, state, policy):
    """:func:`best_chains` under standard City Points, what a capture is worth given by
    :func:`standard_values`."""
    highest, values = standard_values(seen, state)
    return best_chains(state, policy, highest, None, values)
