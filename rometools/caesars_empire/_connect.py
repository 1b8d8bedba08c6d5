"""The loops of ``engine.connect``: a chain's paths placed, distances relaxed, the route walked.

Private to :mod:`rometools.caesars_empire.engine`, which documents what
:func:`~rometools.caesars_empire.engine.connect` computes (incrementally: only
the chain's locations and the captured city's neighbours change their
unbuilt-path lists, distances are relaxed only when a new path shortens a
route, tied routes are solved only from the first tie). Like
:mod:`~rometools.caesars_empire._greedy_search` this is plain Python that
Cython compiles as it is (``hatch_build.py``; the engine uses the compiled twin
while it matches this source). Both give the same states
(``tests/caesars_empire/test_engine.py`` checks ``engine.connect`` against the
reference ``rules.connect`` after every move, compiled and plain).

Locations are board indices (0 is Rome); ``adj`` is ``Board._adj`` (per
location its paths ``(neighbour, path index, Roads)``), ``edge_of`` and
``entry`` map ``(from, to)`` to the path index and to the ``adj`` entry,
``twin`` is ``Board._twin`` (each ``adj`` entry as the neighbour lists it),
``cost_of`` the Roads of each path, ``path_owner`` the seat owning each path
(``-1`` unbuilt), ``dist`` the fewest Roads to Rome (``engine.INF`` if not
joined).
"""

from __future__ import annotations

import heapq
from bisect import insort

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

__all__ = ["COMPILED", "KEY", "choose_route", "connect", "place", "relax", "unbuilt_after"]

#: True when this module is the compiled extension.
COMPILED = cython.compiled
#: Route-choice keys pack (-own points, leader's points) as -own * KEY + leader's.
KEY = 1 << 40


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(stop=cython.Py_ssize_t, d=cython.long, du=cython.long, v=cython.Py_ssize_t,
               u=cython.Py_ssize_t, e=cython.Py_ssize_t, c=cython.long, o=cython.long, i=cython.Py_ssize_t,
               x=tuple, nb=tuple, heap=list)
def relax(adj: tuple, path_owner, dist: list, seeds, stop) -> list:
    """Dijkstra over built paths from ``seeds`` (locations whose ``dist`` may have dropped),
    in place; with ``stop >= 0`` it ends once every location nearer Rome than ``stop``
    is final. Returns ``dist``."""
    heap = [(dist[v], v) for v in seeds]
    heapq.heapify(heap)
    while heap:
        x = heapq.heappop(heap)
        d, v = x[0], x[1]
        if stop >= 0 and d >= dist[stop]:
            return dist
        if d > dist[v]:
            continue
        nb = adj[v]
        for i in range(len(nb)):
            x = nb[i]
            u, e, c = x[0], x[1], x[2]
            du, o = dist[u], path_owner[e]
            if d + c < du and o >= 0:
                dist[u] = d + c
                heapq.heappush(heap, (d + c, u))
    return dist


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(seat=cython.Py_ssize_t, mult=cython.long, seats=cython.Py_ssize_t, n=cython.Py_ssize_t,
               i=cython.Py_ssize_t, a=cython.Py_ssize_t, v=cython.Py_ssize_t, u=cython.Py_ssize_t,
               e=cython.Py_ssize_t, last=cython.Py_ssize_t, target=cython.Py_ssize_t, c=cython.long,
               cost=cython.long, da=cython.long, dv=cython.long, du=cython.long, o=cython.long, improves=cython.bint, ties=cython.bint,
               several=cython.bint, po=list, dist=list, gained=list, locs=list, x=tuple, nb=tuple, step=tuple)
def place(adj: tuple, edge_of: dict, cost_of: tuple, path_owner: tuple, old: tuple, up, chain: tuple,
          seat, mult, seats):
    """Build ``chain`` (location indices, a legal chain) for ``seat`` and walk its route back.

    Returns ``(po, dist, gained, locs, tie, cost, ties)``: the path owners and
    distances after the move (lists), the route points per seat so far
    (``mult``: 2 for a Gold city), the locations walked from the captured city
    towards Rome, ``tie`` the location where tied fewest-Roads routes part (0 if
    the route is unique, ending at Rome), the chain's Roads, and whether a path
    before the last shortens or ties a route. ``up`` is each location's one next
    step towards Rome (``engine.Facts.up``) or ``None``; it is used only when
    no route changes.
    """
    po = list(path_owner)
    n = len(chain)
    target = chain[n - 1]
    improves = ties = False
    cost = 0
    a = chain[0]
    e = -1
    for i in range(1, n):
        v = chain[i]
        e = edge_of[a, v]
        po[e] = seat
        c = cost_of[e]
        cost += c
        if v != target:
            da, dv = old[a], old[v]
            if da + c <= dv or dv + c <= da:  # a new fewest-Roads route (or a tied one)
                ties = True
                if da + c < dv or dv + c < da:
                    improves = True
        a = v
    last = e
    if improves:
        dist = relax(adj, po, list(old), chain, -1)
    else:  # no new path shortens a route: only the captured (leaf) city gets a distance
        dist = list(old)
        dist[target] = old[chain[n - 2]] + cost_of[last]
    gained = [0] * seats
    locs = [target]
    gained[seat] = cost_of[last] * mult
    v = chain[n - 2]
    if up is not None and not ties:  # routes unchanged: each location's one next step
        while v:
            locs.append(v)
            step = up[v]
            if step is None:  # two or more next steps
                break
            v, e, c = step[0], step[1], step[2]
            gained[po[e]] += c * mult
        else:
            locs.append(0)
    else:
        while v:
            locs.append(v)
            dv = dist[v]
            several = False
            step = None
            nb = adj[v]
            for i in range(len(nb)):
                x = nb[i]
                u, e, c = x[0], x[1], x[2]
                du, o = dist[u], po[e]
                if du + c == dv and o >= 0:
                    if step is not None:
                        several = True
                        break
                    step = x
            if several or step is None:
                break
            v, e, c = step[0], step[1], step[2]
            gained[po[e]] += c * mult
        else:
            locs.append(0)
    return po, dist, gained, locs, v, cost, ties


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(v=cython.Py_ssize_t, mult=cython.long, me=cython.long, leader=cython.long,
               scale=cython.longlong, dv=cython.long, u=cython.Py_ssize_t, e=cython.Py_ssize_t,
               c=cython.long, o=cython.long, w=cython.long, du=cython.long, i=cython.Py_ssize_t, k=cython.longlong,
               kr=cython.longlong, low=cython.longlong, key=cython.longlong, top=tuple, bu=tuple,
               x=tuple, nb=tuple)
def _solve(v, adj: tuple, rank: tuple, po: list, dist: list, best: dict, mult, me, leader, scale,
           key) -> tuple:
    """The best ``(key, next location, path, points)`` from ``v`` on the fewest-Roads DAG, memoised in ``best``."""
    dv = dist[v]
    top = None
    low = 0
    nb = adj[v]
    for i in range(len(nb)):
        x = nb[i]
        u, e, c = x[0], x[1], x[2]
        du, o = dist[u], po[e]
        if du + c == dv and o >= 0:
            bu = best.get(u)
            if bu is None:
                bu = _solve(u, adj, rank, po, dist, best, mult, me, leader, scale, key)
            w = c * mult
            k = bu[0]
            if o == me:
                k -= w * key
            elif o == leader:
                k += w
            kr = k * scale + rank[u]  # (key, id order) as one int
            if top is None or kr < low:
                top, low = (k, u, e, w), kr
    best[v] = top
    return top


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(start=cython.Py_ssize_t, v=cython.Py_ssize_t, e=cython.Py_ssize_t, w=cython.long,
               step=tuple, best=dict, pts=list, path=list)
def choose_route(adj: tuple, rank: tuple, po: list, dist: list, mult, me, leader, key, prefix: list,
                 prefix_points: list):
    """Tied fewest-Roads routes from ``prefix[-1]``: the built-in policy's choice, as
    ``(points per seat, locations)`` (``engine._choose_route`` documents the keys: the
    best ``(-own points, leader's points)`` from each location packed as
    ``-own * key + leader's``; ``me = leader = -1`` under ``"first"``), then the
    smallest ``rank`` among the best next steps.

    The packed keys stay below 2**63: own and leader points are at most a route's
    Roads doubled, times ``key`` (2**40) and ``len(rank)``.
    """
    start = prefix[len(prefix) - 1]
    best = {0: (0, None, None, 0)}
    _solve(start, adj, rank, po, dist, best, mult, me, leader, len(rank), key)
    pts = list(prefix_points)
    path = list(prefix)
    v = start
    while v:
        step = best[v]
        v, e, w = step[1], step[2], step[3]
        pts[po[e]] += w
        path.append(v)
    return pts, path


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t, a=cython.Py_ssize_t,
               v=cython.Py_ssize_t, u=cython.Py_ssize_t, e=cython.Py_ssize_t, target=cython.Py_ssize_t,
               x=tuple, y=tuple, t=tuple, nb=tuple, tw=tuple, leaf=list, inner=list)
def unbuilt_after(adj: tuple, twin: tuple, entry: dict, leaf_in: tuple, inner_in: tuple, chain: tuple,
                  po: list):
    """The unbuilt-path lists ``(leaf, inner)`` after building ``chain``: its paths leave
    them, and the captured city turns from a leaf into an inner location for each of
    its neighbours (``po``: path owners after the move)."""
    leaf, inner = list(leaf_in), list(inner_in)
    n = len(chain)
    target = chain[n - 1]
    a = chain[0]
    for j in range(1, n):
        v = chain[j]
        x = entry[a, v]
        t = leaf[a] if v == target else inner[a]
        i = t.index(x)
        if v == target:
            leaf[a] = t[:i] + t[i + 1:]
        else:
            inner[a] = t[:i] + t[i + 1:]
        if a:  # Rome is in no list
            t = inner[v]
            i = t.index(entry[v, a])
            inner[v] = t[:i] + t[i + 1:]
        a = v
    nb, tw = adj[target], twin[target]
    for j in range(len(nb)):  # ``y``: the path as ``u`` lists it
        x = nb[j]
        e = x[1]
        if po[e] < 0:
            y = tw[j]
            u = x[0]
            t = leaf[u]
            i = t.index(y)
            leaf[u] = t[:i] + t[i + 1:]
            t = inner[u]
            i = 0
            while i < len(t) and cython.cast(tuple, t[i])[1] < e:  # board order (by path index)
                i += 1
            inner[u] = t[:i] + (y,) + t[i:]
    return tuple(leaf), tuple(inner)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(seat=cython.Py_ssize_t, seats=cython.Py_ssize_t, target=cython.Py_ssize_t,
               start=cython.Py_ssize_t, last=cython.Py_ssize_t, s=cython.Py_ssize_t, me=cython.long,
               leader=cython.long, mult=cython.long, cost=cython.long, roads=cython.long, tie=cython.Py_ssize_t,
               i=cython.Py_ssize_t, ties=cython.bint, po=list, dist=list, gained=list, locs=list, co=list,
               roads_left=list, sources=list, rows=list, up=list, path=tuple, rs=tuple, own=dict, carried=dict,
               locations=tuple)
def connect(state, chain: tuple, ids, facts_type, state_type):
    """``engine.connect``: the state after ``seat`` builds ``chain`` (a legal chain, location
    indices), with its facts carried forward (``facts_type``: ``engine.Facts``;
    ``state_type``: ``GameState``, built without its dataclass ``__init__``)."""
    b = state.config.board
    seat = state.seat
    f = state._facts
    rs = state.route_score
    seats = len(rs)
    locations = b.locations
    target = chain[len(chain) - 1]
    mult = 2 if state.treasures[target - 1] == "gold" else 1
    po, dist, gained, locs, tie, cost, ties = place(b._adj, b._edge, b._cost, state.path_owner, f.dist, f.up,
                                                    chain, seat, mult, seats)
    if tie:  # the active player chooses among the tied routes from the tie on
        if state.config.route_policy == "self_then_leader":
            me, leader = seat, -1
            for s in range(seats):  # the other seat with the most route points, ties to the lowest
                if s != seat and (leader < 0 or rs[s] > rs[leader]):
                    leader = s
        else:  # "first": path order only
            me = leader = -1
        gained, locs = choose_route(b._adj, b._rank, po, dist, mult, me, leader, KEY, locs, gained)
    path = tuple([locations[i] for i in locs])
    co = list(state.city_owner)
    co[target - 1] = seat
    roads_left = list(state.roads_left)
    roads_left[seat] -= cost
    points = tuple([rs[i] + gained[i] for i in range(seats)])
    record = ("connect", seat, ids if ids else tuple([locations[i] for i in chain]), path, tuple(gained))
    leaf, inner = unbuilt_after(b._adj, b._twin, b._entry, f.leaf, f.inner, chain, po)
    sources = list(f.sources)
    insort(sources, target)
    after = facts_type(-1, tuple(dist), leaf, inner, tuple(sources))
    own = f.own
    if own and not ties:  # no new path is on a fewest-Roads route: only the captured leaf is new
        start = chain[len(chain) - 2]
        last = b._edge[start, target]
        roads = b._cost[last]
        carried = {}
        for s, rows_t in own.items():
            rows = list(rows_t)
            rows[target] = rows[start] + roads if s == seat else rows[start]
            carried[s] = tuple(rows)
        after.own = carried
        if f.up is not None:
            up = list(f.up)
            up[target] = (start, last, roads)
            after.up = tuple(up)
    new = object.__new__(state_type)  # a frozen GameState without the dataclass __init__
    new.__dict__.update({
        "config": state.config, "treasures": state.treasures, "city_owner": tuple(co),
        "path_owner": tuple(po), "roads_left": tuple(roads_left), "route_score": points,
        "seat": (seat + 1) % seats, "history": state.history + (record,),
        "start": state.start, "seed": state.seed,
        "_facts": after,
    })
    return new
