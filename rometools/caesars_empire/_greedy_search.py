# rometools: compiled twin
"""GreedyBot's search for the best chains: ``GreedyBot.best_chains``.

Private to :mod:`rometools.caesars_empire.bots`, which documents the method
(one search per target city, bounds that prune walks before they are formed).
This module is plain Python that Cython compiles as it is ("pure Python
mode"): the ``cython`` names below type the locals as C integers when it is
compiled, and mean nothing when it is not (:mod:`rometools.core._cython`).
``hatch_build.py`` compiles it at install as ``_greedy_search_c``, which the
bots use while it matches this source (``compiled_or_plain``). Both return
the same values (checked by ``tests/caesars_empire/test_bots.py``, which
plays seeded games with each); ``COMPILED`` tells them apart.

The inputs are the engine's facts, packed in C ints (``_kernel.Facts``; its
``shape`` says where each section starts): per path its owner, per city its
holder, Treasure and City token, per location its distance to Rome and each
seat's most own Roads on a route (``own``), and the board's paths as path
ends. An unbuilt path from a location leads to an available city (a *leaf*
path, which ends a chain) or to an empty city (an *inner* path, which a walk
goes on along); paths into Rome are neither. The Roads the route policy
gives the seat (``exact``) are ``own`` itself, or under ``"first"``
``engine.first_route_roads`` with its next steps and the board's ``rank``.
What a capture is worth: the seat's highest City token per colour and the
marginal value of each Treasure type (``scoring.marginal_list_shared``),
or, in the 2-3 player variant, ``gain_of(colour, value)`` and a Treasure's
value by id.
"""

from __future__ import annotations

from array import array
from threading import Lock

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython
if cython.compiled:  # the facts' cells read at their array's buffer address (_ints)
    from cython.cimports.cpython import array as carray

from rometools.caesars_empire import engine
from rometools.caesars_empire._treasure_memo import _folded_marginal
from rometools.caesars_empire.scoring import marginal_list_shared, marginal_values_shared
from rometools.caesars_empire.state import PASS
from rometools.core.rng import integer_below

__all__ = ["COMPILED", "best_chains", "best_chains_standard", "capture_values", "choose_standard", "search",
           "treasure_values"]

#: True when this module is the compiled extension.
COMPILED = cython.compiled
INF = cython.declare(cython.long, engine.INF)  # a location not joined to Rome (Roads), as a C constant
_ASKED = cython.declare(cython.int, engine.OWN_ASKED)  # the facts' own rows read by a bot at every move
_NODE = cython.declare(cython.Py_ssize_t, 6)  # ints a walk node of search() takes
_ROOM = 64  # walk nodes a shape's buffer starts with room for (it doubles when full)


@cython.cclass
class _Where:
    """The sections of ``Facts.cells`` and the board's cells this module reads, as C ints
    (read once per shape from ``Facts.shape``), and ``3 * locations`` zeros to copy."""

    n: cython.Py_ssize_t
    to: cython.Py_ssize_t
    edge: cython.Py_ssize_t
    cost: cython.Py_ssize_t
    rank: cython.Py_ssize_t
    colour: cython.Py_ssize_t
    value: cython.Py_ssize_t
    colours: cython.Py_ssize_t
    po: cython.Py_ssize_t
    co: cython.Py_ssize_t
    dist: cython.Py_ssize_t
    tslot: cython.Py_ssize_t
    highest: cython.Py_ssize_t
    own: cython.Py_ssize_t
    counts: cython.Py_ssize_t
    types: cython.Py_ssize_t
    gold: cython.Py_ssize_t
    own_ok: cython.Py_ssize_t
    zeros: object
    scratch: object  # best_chains' ``3 * locations`` cells (zeroed at each search; taken while one runs: :func:`_taken`)
    sv: cython.int[::1]  # ``scratch`` as C ints
    walks: object  # search()'s walk nodes, kept between searches (taken while one runs)
    nodes: cython.int[::1]  # ``walks`` as C ints
    pending: object  # the walk nodes still to go on from (a stack of their numbers), room for as many
    stack: cython.int[::1]  # ``pending`` as C ints
    leaves: object  # search()'s step 1 notes here each source's leaf path ends, for step 2 (taken while one runs)
    lv: cython.int[::1]  # ``leaves`` as C ints: ``2 * locations`` bounds (from, to), then the path ends
    busy: object  # a Lock: the buffers are taken (the plain module's test and set)
    held: cython.bint  # the buffers are taken (the compiled module's test and set: no Python call between them)
    shape: object
    config: object  # the last config searched, and what the search reads of it (_best_chains):
    comps: object  # its components,
    tokens: object  # its board's City tokens
    limit: cython.long  # and the most paths a chain may have
    locs: object  # the board's location ids
    board: cython.int[::1]  # the board's cells

    def __init__(self, shape):
        self.n, self.to, self.edge, self.cost = shape.locations, shape.to, shape.edge, shape.cost
        self.rank, self.colour, self.value, self.colours = shape.rank, shape.colour, shape.value, shape.colours
        self.po, self.co, self.dist, self.tslot = shape.po, shape.co, shape.dist, shape.tslot
        self.highest, self.own, self.counts, self.types = shape.highest, shape.own, shape.counts, shape.types
        self.gold, self.own_ok = shape.gold, shape.own_ok
        self.zeros = array("i", [0]) * (3 * shape.locations)
        self.scratch = array("i", [0]) * (3 * shape.locations)
        self.sv = self.scratch
        self.walks = array("i", [0]) * (_NODE * _ROOM)
        self.nodes = self.walks
        self.pending = array("i", [0]) * _ROOM
        self.stack = self.pending
        self.leaves = array("i", [0]) * (2 * shape.locations + shape.cells[shape.locations])
        self.lv = self.leaves
        self.busy = Lock()
        self.held = False
        self.config = self.comps = self.tokens = None
        self.limit = 0
        self.shape = shape
        self.locs = shape.locs
        self.board = shape.cells


_last: list = [None]  # (the last shape read, its _Where): one game's shape serves every move


@cython.cfunc
@cython.inline
def _ints(cells) -> cython.p_int:
    """Facts' cells (an ``array('i')``, else ``TypeError``) as C ints: its buffer's address when
    compiled (no buffer taken and released a search, as a memoryview would; an array of cells is
    never resized), the array itself in a plain module (as ``_kernel._ints``)."""
    if cython.compiled:
        a: carray.array = cython.cast(carray.array, cells, typecheck=True)
        if a.ob_descr.typecode != 105:  # ord("i")
            raise TypeError(f"the cells must be an array('i'), not an array({a.typecode!r})")
        return a.data.as_ints
    return cells


@cython.ccall
def _where(shape) -> _Where:
    """The :class:`_Where` of ``shape`` (kept for the last shape asked)."""
    kept = _last[0]  # one tuple, replaced at once: a thread never pairs a shape with another's _Where
    if kept is None or kept[0] is not shape:
        kept = _last[0] = (shape, _Where(shape))
    return kept[1]


@cython.cfunc
@cython.inline
@cython.boundscheck(False)
@cython.wraparound(False)
def _leaf(w: _Where, b: cython.int[::1], d: cython.p_int, k: cython.Py_ssize_t) -> cython.bint:
    """Whether path end ``k`` is an unbuilt path to an available city (it ends a chain)."""
    u: cython.Py_ssize_t = b[w.to + k]
    return u != 0 and d[w.po + b[w.edge + k]] < 0 and d[w.co + u - 1] < 0


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(t=cython.Py_ssize_t, city=cython.Py_ssize_t, slot=cython.Py_ssize_t, gain=cython.long,
               worth=cython.long, top=cython.long)
def _fill(w: _Where, b: cython.int[::1], d: cython.p_int, t, scratch: cython.int[::1], seat: cython.Py_ssize_t,
          tv, gain_of, tokens, treasures, treasure_value) -> cython.void:
    """Store in ``scratch[t]`` and ``scratch[n + t]`` the token points of capturing city ``t``
    now (the City-token points it adds plus the Treasure's marginal value) and its route
    multiplier (2 if the city holds Gold, else 1)."""
    city = t - 1
    slot = d[w.tslot + city]
    if gain_of is None:  # standard City Points: what the token adds over the seat's highest of its colour
        worth = b[w.value + city]
        top = d[w.highest + seat * w.colours + b[w.colour + city]]
        gain = worth - top if worth > top else 0
        if slot >= 0:
            gain += cython.cast(cython.long, tv[slot])
    else:
        colour, worth = tokens[city]
        gain = gain_of(colour, worth) + treasure_value.get(treasures[city], 0)
    scratch[t] = gain
    scratch[w.n + t] = 2 if slot == w.gold else 1


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(i=cython.Py_ssize_t, out=list)
def _walk(nodes: cython.int[::1], y: cython.Py_ssize_t, i: cython.Py_ssize_t) -> tuple:
    """The walk from ``y`` along node ``i`` and the nodes it goes on to (to the walk's last city)."""
    out = [y]
    while i >= 0:
        out.append(nodes[i * _NODE])
        i = nodes[i * _NODE + 1]
    return tuple(out)


def _grown(walks):
    """``walks`` (or ``pending``) with room for twice as many nodes."""
    return walks + array("i", [0]) * len(walks)


@cython.ccall
def search(where: _Where, b: cython.int[::1], d, sv: cython.int[::1], seat: cython.Py_ssize_t,
           budget: cython.long, limit: cython.long, xv, ex_at: cython.Py_ssize_t, first_step,
           tv, gain_of, tokens, treasures, treasure_value):
    """Steps 1 and 2 of ``GreedyBot.best_chains``, for ``seat`` with ``budget`` Roads and
    at most ``limit`` paths a chain, on the board's cells ``b`` and the facts' cells ``d``
    (an ``array('i')``; their sections: ``where``).

    ``xv[ex_at + v]`` (an ``array('i')``) is what the route policy gives the seat from location ``v``
    (``exact``): ``d`` at its ``own`` row, or the ``"first"`` rows with
    ``first_step``. What a capture is worth: ``tv`` (the marginal value of each
    Treasure type) or ``gain_of``, ``tokens``, ``treasures`` and
    ``treasure_value`` (the 2-3 player variant); ``sv`` (zeros, ``3 * n``) gets
    per location the token points and (at ``n +``) route multiplier of capturing
    it, filled for every city at the end of an unbuilt path from a source, and
    (at ``2 * n +``) the Roads of Rome's unbuilt path to it.

    Returns ``(best, top, cheapest, later)``: ``best`` the best chains so far as
    ``(place, chain)`` (``place`` orders them as the legal chains are listed),
    their points and Roads (``-1`` and ``0`` if none), ``later`` the longer walks
    still to value exactly ``(walk, Roads, bound)``. The caller has taken ``where``'s
    buffers (:func:`_taken`): the walk nodes are its.
    """
    return _search(where, b, _ints(d), sv, seat, budget, limit, _ints(xv), ex_at, first_step, tv, gain_of, tokens,
                   treasures, treasure_value)


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(top=cython.long, cheapest=cython.long, s=cython.Py_ssize_t, u=cython.Py_ssize_t,
               w=cython.Py_ssize_t, x=cython.Py_ssize_t, y=cython.Py_ssize_t, e=cython.long, c=cython.long,
               c2=cython.long, base=cython.long, v=cython.long, gain=cython.long, mult=cython.long, dw=cython.long,
               ow=cython.long, need=cython.long, shortest=cython.long, r=cython.long, roads=cython.long,
               reach=cython.long, slack=cython.long, nc=cython.long, via=cython.long,
               bound=cython.long, y_slack=cython.long, route=cython.long, k=cython.long,
               own_is_exact=cython.bint, i=cython.Py_ssize_t, j=cython.Py_ssize_t, n=cython.Py_ssize_t,
               own_at=cython.Py_ssize_t, at=cython.Py_ssize_t, on=cython.Py_ssize_t, count=cython.Py_ssize_t,
               depth=cython.long, room=cython.Py_ssize_t, found=cython.bint, size=cython.Py_ssize_t, best=list,
               later=list, q=cython.Py_ssize_t)
def _search(where: _Where, b: cython.int[::1], d: cython.p_int, sv: cython.int[::1], seat: cython.Py_ssize_t,
            budget: cython.long, limit: cython.long, xv: cython.p_int, ex_at: cython.Py_ssize_t, first_step,
            tv, gain_of, tokens, treasures, treasure_value) -> tuple:
    """:func:`search`, its walk nodes in ``where.nodes`` (grown when full)."""
    n = where.n
    own_at = where.own + seat * n
    own_is_exact = ex_at == own_at  # ``xv`` is ``d`` at the own row (the "first" rows start at 0)
    best = []
    later = []
    top, cheapest = -1, 0
    found = False  # a chain may be worth less than nothing (a Treasure table that falls: its marginal value)
    nodes: cython.int[::1] = where.nodes
    stack: cython.int[::1] = where.stack
    room = len(where.walks) // _NODE  # nodes ``where.walks`` has room for
    count = 0
    lv: cython.int[::1] = where.lv
    at = 2 * n  # where the next leaf path end goes in ``lv``
    for s in range(n):  # 1. one-path chains; place (source, 0, path index: the board's order)
        if s and d[where.co + s - 1] < 0:
            continue
        base = xv[ex_at + s]
        lv[2 * s] = at
        for k in range(b[s], b[s + 1]):
            if not _leaf(where, b, d, k):
                continue
            lv[at] = k  # for step 2, which reads the same leaf ends from each empty city
            at += 1
            c = b[where.cost + k]
            if c > budget:
                continue
            u, e = b[where.to + k], b[where.edge + k]
            if not sv[n + u]:
                _fill(where, b, d, u, sv, seat, tv, gain_of, tokens, treasures, treasure_value)
            v = (base + c) * sv[n + u] + sv[u]
            if not found or v > top or (v == top and c < cheapest):
                found, top, cheapest, count = True, v, c, 0
            elif v != top or c != cheapest:
                continue
            if 3 * (count + 1) > _NODE * room:  # the tied best so far, as C ints in the walk nodes' buffer
                room *= 2
                where.walks = _grown(where.walks)
                where.nodes = where.walks
                nodes = where.nodes
            nodes[3 * count], nodes[3 * count + 1], nodes[3 * count + 2] = s, u, e
            count += 1
        lv[2 * s + 1] = at
    best = [((nodes[3 * i], 0, nodes[3 * i + 2]), (nodes[3 * i], nodes[3 * i + 1])) for i in range(count)]
    if limit < 2 or not found:  # none: every walk starts with a one-path chain
        return best, top, cheapest, later
    for k in range(b[0], b[1]):  # unbuilt paths out of Rome to empty cities (Rome only starts a walk)
        u = b[where.to + k]
        if d[where.po + b[where.edge + k]] < 0 and d[where.co + u - 1] >= 0:
            sv[2 * n + u] = b[where.cost + k]
    for w in range(1, n):  # 2. walks ending at each empty city with an available city beside it
        if d[where.co + w - 1] < 0:
            continue
        dw, ow = d[where.dist + w], xv[ex_at + w]
        if dw == ow:  # w's route is all the seat's already: no walk gives it more
            continue
        need = shortest = INF  # the least R that can win with some end; the cheapest end
        for q in range(lv[2 * w], lv[2 * w + 1]):  # w's leaf path ends, as step 1 noted them
            k = lv[q]
            u, c2 = b[where.to + k], b[where.cost + k]
            if not sv[n + u]:
                _fill(where, b, d, u, sv, seat, tv, gain_of, tokens, treasures, treasure_value)
            gain, mult = sv[u], sv[n + u]
            r = -((gain - top) // mult) - c2  # ceil((top - gain) / mult) - c2
            if r < need:
                need = r
            if c2 < shortest:
                shortest = c2
        if shortest == INF:  # no available city beside w
            continue
        if need <= ow:  # and more than w's own route gives (else the one-path chain is cheaper)
            need = ow + 1
        if dw < need:  # no walk gives w a route with that many of the seat's Roads
            continue
        # the walks ending at w, depth first: node i of ``walks`` is (its first location, the
        # node it goes on to, Roads, bound D, least slack, paths); node 0 is w itself
        nodes[0], nodes[1], nodes[2], nodes[3], nodes[4], nodes[5] = w, -1, 0, dw, dw - ow, 0
        count = 1
        stack[0] = 0
        size = 1
        while size:
            size -= 1
            i = stack[size]
            at = i * _NODE
            x, roads, reach, slack, depth = nodes[at], nodes[at + 2], nodes[at + 3], nodes[at + 4], nodes[at + 5]
            j = b[x] - 1 if sv[2 * n + x] else b[x]  # Rome's path into x first, then x's inner paths
            while j < b[x + 1]:
                if j < b[x]:
                    y, c = 0, sv[2 * n + x]
                else:
                    y, c = b[where.to + j], b[where.cost + j]
                    if not y or d[where.po + b[where.edge + j]] >= 0 or d[where.co + y - 1] < 0:
                        j += 1
                        continue
                j += 1
                on = i  # is y on the walk already?
                while on >= 0 and nodes[on * _NODE] != y:
                    on = nodes[on * _NODE + 1]
                if on >= 0:
                    continue
                nc = roads + c
                if nc + shortest > budget:
                    continue
                via = d[where.dist + y] + nc
                bound = via if via < reach else reach
                if bound < need:  # R <= bound for this walk and any longer one
                    continue
                y_slack = d[where.dist + y] - d[own_at + y]
                if y_slack > slack:
                    y_slack = slack
                if x == w:  # through one empty city: the route in closed form
                    if via > dw:  # the new path is on no fewest-Roads route of w
                        route = ow
                    elif via < dw:  # it is on all of them
                        route = xv[ex_at + y] + c
                    elif own_is_exact:  # a tie: the seat takes the better
                        route = d[own_at + y] + c
                        if ow > route:
                            route = ow
                    else:  # a tie under "first": the smaller next step's id
                        route = (xv[ex_at + y] + c if b[where.rank + y] < b[where.rank + first_step[w]]
                                 else ow)
                    for e in range(b[w], b[w + 1]):
                        if not _leaf(where, b, d, e):
                            continue
                        u, c2 = b[where.to + e], b[where.cost + e]
                        k = nc + c2
                        if k <= budget:
                            v = (route + c2) * sv[n + u] + sv[u]
                            if v > top or (v == top and k < cheapest):
                                top, cheapest, best = v, k, [((y, 1), (y, w, u))]
                            elif v == top and k == cheapest:
                                best.append(((y, 1), (y, w, u)))
                elif bound - y_slack >= need:
                    later.append((_walk(nodes, y, i), nc, bound - y_slack))
                if y and depth + 2 < limit:  # walk on from y
                    if count == room:
                        room *= 2
                        where.walks = _grown(where.walks)
                        where.nodes = where.walks
                        nodes = where.nodes
                        where.pending = _grown(where.pending)
                        where.stack = where.pending
                        stack = where.stack
                    at = count * _NODE
                    nodes[at], nodes[at + 1], nodes[at + 2], nodes[at + 3], nodes[at + 4], nodes[at + 5] = (
                        y, i, nc, bound, y_slack, depth + 1)
                    stack[size] = count  # fewer pending than nodes: it fits
                    size += 1
                    count += 1
    return best, top, cheapest, later


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(i=cython.Py_ssize_t, a=cython.Py_ssize_t, v=cython.Py_ssize_t, k=cython.Py_ssize_t, c=cython.long)
def _touches(where: _Where, b: cython.int[::1], d: cython.p_int, walk: tuple) -> cython.bint:
    """Whether a path of ``walk`` would shorten or tie a fewest-Roads route (``engine.touches_routes``
    of a chain that goes on from the walk's last city): if not, no route changes, and the chain's
    route is the last city's plus its last path."""
    for i in range(len(walk) - 1):
        a, v = walk[i], walk[i + 1]
        for k in range(b[a], b[a + 1]):
            if b[where.to + k] == v:
                break
        c = b[where.cost + k]
        if d[where.dist + a] + c <= d[where.dist + v] or d[where.dist + v] + c <= d[where.dist + a]:
            return True
    return False


def _by_bound(item):
    return item[2]


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(where=_Where, fields=dict)
def best_chains(state, policy, tv, gain_of, treasure_value):
    """``GreedyBot.best_chains`` for the policies ``"self_then_leader"``, ``"player"`` and
    ``"first"`` (``policy``), given what a capture is worth (``tv``, or ``gain_of`` and
    ``treasure_value``: see :func:`search`; neither: standard City Points,
    :func:`treasure_values`): steps 1 and 2 (:func:`search`), step 3 (the longer walks
    valued exactly) and the tie order. Returns ``(chains, points, cost)``."""
    fields = state.__dict__  # the state's fields, read as one dict (each attribute read looks in its class first)
    f = fields["_facts"] or engine.facts(state)
    return _taken(state, fields, f, _where(f.shape), policy, tv, gain_of, treasure_value)


@cython.cfunc
def _taken(state, fields: dict, f, where: _Where, policy, tv, gain_of, treasure_value) -> tuple:
    """:func:`_best_chains` with ``where``'s buffers taken while it runs, or, when a search is
    under way (another thread's, or a callback's), with buffers of its own."""
    if cython.compiled:  # the GIL is held from the test to the set: no other thread runs between them
        if where.held:
            return _best_chains(state, fields, f, _Where(f.shape), policy, tv, gain_of, treasure_value)
        where.held = True
        try:
            return _best_chains(state, fields, f, where, policy, tv, gain_of, treasure_value)
        finally:
            where.held = False
    if not where.busy.acquire(False):
        return _best_chains(state, fields, f, _Where(f.shape), policy, tv, gain_of, treasure_value)
    try:
        return _best_chains(state, fields, f, where, policy, tv, gain_of, treasure_value)
    finally:
        where.busy.release()


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(seat=cython.Py_ssize_t, budget=cython.long, limit=cython.long, top=cython.long, t=cython.Py_ssize_t,
               cheapest=cython.long, w=cython.Py_ssize_t, u=cython.Py_ssize_t, nc=cython.long,
               bound=cython.long, c2=cython.long, k=cython.long, gain=cython.long, mult=cython.long,
               v=cython.long, route=cython.long, known=cython.bint, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, n=cython.Py_ssize_t, ex_at=cython.Py_ssize_t, item=tuple,
               walk=tuple, chain=tuple, history=tuple, best=list, later=list)
def _best_chains(state, fields: dict, f, where: _Where, policy, tv, gain_of, treasure_value) -> tuple:
    """:func:`best_chains` with ``where``'s buffers (its lock held)."""
    d: cython.p_int = _ints(f.cells)
    if not d[where.own_ok]:  # the seat's most own Roads (filled in place): every bound below
        engine.own_facts(state)
    d[where.own_ok] = _ASKED  # read at every move: the next state's are counted as it is built
    n = where.n
    b: cython.int[::1] = where.board
    seat = fields["seat"]
    config = fields["config"]
    if config is not where.config:  # read once per config (four attribute reads a move)
        lim = config.max_chain_paths
        where.limit = n if lim is None else lim  # a chain has fewer paths than the board has locations
        where.config, where.comps, where.tokens = config, config.components, config.board._city_tokens
    if tv is None and gain_of is None:  # standard City Points
        tv = _marginal_list(where, d, seat, where.comps)
    budget = fields["roads_left"][seat]
    limit = where.limit
    sv: cython.int[::1] = where.sv
    for i in range(3 * n):
        sv[i] = 0
    tokens, treasures = where.tokens, fields["treasures"]
    if policy == "first":  # what the seat gets: the first route in path order
        rows, first_step = engine.first_route_roads(state, seat)
        rows = array("i", rows)
        best, top, cheapest, later = _search(where, b, d, sv, seat, budget, limit, _ints(rows), 0, first_step,
                                             tv, gain_of, tokens, treasures, treasure_value)
    else:  # the seat's choice among tied routes: the most it can get
        best, top, cheapest, later = _search(where, b, d, sv, seat, budget, limit, d, where.own + seat * n, None,
                                             tv, gain_of, tokens, treasures, treasure_value)
    if limit < 2 or not best:
        return [item[1] for item in best], top, cheapest
    if len(later) > 1:
        later.sort(key=_by_bound, reverse=True)  # the likeliest first: a higher best prunes the rest
    for i in range(len(later)):  # 3. longer walks that may still win: valued exactly
        item = later[i]
        walk, nc, bound = item[0], item[1], item[2]
        w = walk[len(walk) - 1]
        known = False
        route = 0
        for j in range(b[w], b[w + 1]):
            if not _leaf(where, b, d, j):
                continue
            u, c2 = b[where.to + j], b[where.cost + j]
            k = nc + c2
            if k > budget:
                continue
            gain, mult = sv[u], sv[n + u]
            v = (bound + c2) * mult + gain
            if v < top or (v == top and k > cheapest):
                continue
            chain = walk + (u,)
            if not known:
                known = True
                if policy != "first" and len(walk) > 2 and not _touches(where, b, d, walk):
                    route = d[where.own + seat * n + w]  # routes unchanged: w's own (engine.own_roads_after)
                elif policy != "first":
                    route = engine.own_roads_after(state, chain) - c2  # (no negative index: wraparound is off)
                else:  # "first": the route the rules score, found by connecting
                    history = engine.connect(state, chain).history  # no negative index: wraparound is off
                    route = history[len(history) - 1][4][seat] // mult - c2
            v = (route + c2) * mult + gain
            if v > top or (v == top and k < cheapest):
                top, cheapest, best = v, k, [((walk[0], 1), chain)]
            elif v == top and k == cheapest:
                best.append(((walk[0], 1), chain))
    j = 0
    for i in range(len(best)):  # the walks among the best (a walk's place is (source, 1))
        item = best[i]
        if cython.cast(tuple, item[0])[1]:
            j += 1
    if j > 1:  # tied walks: the legal chains' walk order from their sources
        best = [(item[0] if not item[0][1] else (item[0][0], 1, _walk_order(where, b, item[1])), item[1])
                for item in best]
    if len(best) > 1:
        best.sort()
    return [item[1] for item in best], top, cheapest


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(i=cython.Py_ssize_t, m=cython.Py_ssize_t, k=cython.Py_ssize_t, a=cython.Py_ssize_t,
               v=cython.Py_ssize_t, slots=list)
def _walk_order(where: _Where, b: cython.int[::1], chain: tuple) -> tuple:
    """Where the walk ``chain`` (a source, empty cities, an available city) comes among the
    walks from its source in ``engine.legal_chain_indices``'s order, without listing them.

    That listing pops a walk off a stack and lists its one-step extensions ending at an
    available city (by next empty city, then by that city's path to the end, each in the
    board's path order), then pushes the extended walks in path order, so the last pushed
    is walked on first: the walks are visited in pre-order, children in reverse path order.
    A chain of paths ``p1 .. pm`` (their places among their locations' path ends, which
    keep the board's order) is listed from the walk over ``p1 .. pm-2``, so its key is
    ``((-p1, .., -pm-2), pm-1, pm)``: the walk's place in that pre-order (a walk's own key
    is a prefix of its extensions', so it comes first), then its place in the walk's list."""
    m = len(chain) - 1
    slots = []
    for i in range(m):  # each path's end at its first location (the board's path order there)
        a, v = chain[i], chain[i + 1]
        for k in range(b[a], b[a + 1]):
            if b[where.to + k] == v:
                break
        slots.append(k)
    return tuple([-slots[i] for i in range(m - 2)]), slots[m - 2], slots[m - 1]


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(t=cython.Py_ssize_t, at=cython.Py_ssize_t)
def _treasure_counts(where: _Where, d: cython.p_int, seat: cython.Py_ssize_t) -> tuple:
    """The seat's Treasure counts (in ``treasure_ids`` order) from the facts' cells ``d``."""
    return _treasure_counts_at(where, d, where.counts + seat * where.types)


#: Most entries of a component set's ``_packed_list_memo`` (:func:`_marginal_list`), as ``scoring``'s memos.
_CACHE = 1 << 16


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(t=cython.Py_ssize_t, at=cython.Py_ssize_t, count=cython.long, key=cython.longlong, memo=dict)
def _marginal_list(where: _Where, d: cython.p_int, seat: cython.Py_ssize_t, comps) -> list:
    """``scoring.marginal_list_shared`` of the seat's Treasure counts in the facts' cells ``d``,
    memoised on ``comps`` by the counts packed into one integer, 6 bits a type (counts below
    64, at most 10 types; else looked up by the counts' tuple): no tuple built and hashed a move.
    A count vector met for the first time is built from its folded counts (:func:`_folded_list`)."""
    at = where.counts + seat * where.types
    if where.types > 10:
        return marginal_list_shared(_treasure_counts(where, d, seat), comps)
    key = 0
    for t in range(where.types):
        count = d[at + t]
        if count >= 64:
            return marginal_list_shared(_treasure_counts(where, d, seat), comps)
        key = key * 64 + count
    memo = comps._packed_list_memo
    out = memo.get(key)
    if out is None:
        out = _folded_list(where, d, at, comps) if comps.equal_non_gold_supply else None
        if out is None:
            out = marginal_list_shared(_treasure_counts(where, d, seat), comps)
        if len(memo) > _CACHE:
            memo.clear()
        memo[key] = out
    return out


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(t=cython.Py_ssize_t, placed=cython.Py_ssize_t, c=cython.int, low=cython.int, prev=cython.int,
               key=cython.longlong, memo=dict, found=tuple, by_count=dict, out=list)
def _folded_list(where: _Where, d: cython.p_int, at: cython.Py_ssize_t, comps) -> list:
    """``scoring.marginal_list_shared`` of the Treasure counts at ``d[at:at + types]`` (each below 64,
    at most 10 types, equal non-Gold supplies) from its folded counts, the Gold count and the
    sorted non-Gold counts packed into one integer: ``_treasure_memo._folded_marginal``
    (``(value of one more token per count held, one more Gold's value or None)``), memoised on
    ``comps`` by that integer, then read per type as ``_treasure_memo._marginal_list`` does."""
    key = d[at + where.gold]
    placed, prev = 0, -1
    while placed < where.types - 1:  # the non-Gold counts in ascending order, each distinct value in turn
        low = 64
        for t in range(where.types):
            c = d[at + t]
            if t != where.gold and prev < c < low:
                low = c
        for t in range(where.types):
            if t != where.gold and d[at + t] == low:
                key = key * 64 + low
                placed += 1
        prev = low
    memo = comps._packed_fold_memo
    found = memo.get(key)
    if found is None:
        found = _folded_marginal(_treasure_counts_at(where, d, at), comps)
        if len(memo) > _CACHE:
            memo.clear()
        memo[key] = found
    by_count = found[0]
    out = [by_count.get(d[at + t], 0) for t in range(where.types)]
    out[where.gold] = 0 if found[1] is None else found[1]
    return out


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(t=cython.Py_ssize_t)
def _treasure_counts_at(where: _Where, d: cython.p_int, at: cython.Py_ssize_t) -> tuple:
    """The Treasure counts at ``d[at:at + types]``, as a tuple."""
    return tuple([d[at + t] for t in range(where.types)])


@cython.cfunc
def _treasure_values(where: _Where, d: cython.p_int, seat: cython.Py_ssize_t, comps) -> dict:
    """:func:`treasure_values` from the facts' cells ``d`` (the seat's Treasure counts)."""
    return marginal_values_shared(_treasure_counts(where, d, seat), comps)


def treasure_values(state) -> dict:
    """The marginal value of each Treasure to the seat to move (``scoring.marginal_values_shared``
    of the Treasure counts the engine keeps with the state's facts); types at their box
    supply are left out."""
    f = state._facts or engine.facts(state)
    return _treasure_values(_where(f.shape), _ints(f.cells), state.seat, state.config.components)


@cython.ccall
def _by_type(values: dict, ids: tuple) -> list:
    """``values`` (``{Treasure id: points}``) as a list in the Treasure order ``ids``."""
    return [values.get(t, 0) for t in ids]


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(n=cython.Py_ssize_t, t=cython.Py_ssize_t, seat=cython.Py_ssize_t, where=_Where)
def capture_values(state, gain_of, treasure_value) -> tuple:
    """``(gains, mults)``: per location, the token points of capturing it now and its route
    multiplier, for every available city (what :func:`search` fills as it goes; 0 elsewhere): standard City Points
    when ``gain_of`` is None (``treasure_value``: :func:`treasure_values`), else the 2-3
    player variant's ``gain_of(colour, value)``."""
    f = state._facts or engine.facts(state)
    shape = f.shape
    where = _where(shape)
    n = where.n
    b: cython.int[::1] = where.board
    d: cython.p_int = _ints(f.cells)
    tv = _by_type(treasure_value, state.config.components.treasure_ids) if gain_of is None else None
    scratch = where.zeros[:]
    sv: cython.int[::1] = scratch
    for t in range(1, n):
        if d[where.co + t - 1] < 0:  # an available city
            _fill(where, b, d, t, sv, state.seat, tv, gain_of, state.config.board._city_tokens, state.treasures,
                  treasure_value)
    return list(scratch[:n]), list(scratch[n:2 * n])


@cython.ccall
def best_chains_standard(state, policy):
    """:func:`best_chains` under standard City Points (:func:`treasure_values`)."""
    return best_chains(state, policy, None, None, None)


@cython.ccall
@cython.locals(where=_Where, fields=dict, best=list)
def choose_standard(state, policy, rng):
    """``GreedyBot.decide`` under standard City Points and the route policy ``policy``
    (``"self_then_leader"`` or ``"first"``): the best chain as location ids (one of
    the tied best drawn uniformly with ``rng.integers``), or ``PASS``."""
    fields = state.__dict__
    f = fields["_facts"] or engine.facts(state)
    where = _where(f.shape)
    best = _taken(state, fields, f, where, policy, None, None, None)[0]
    if not best:
        return PASS
    chain = best[integer_below(rng, len(best))] if len(best) > 1 else best[0]
    locations = where.locs
    return tuple([locations[i] for i in chain])
