# rometools: compiled twin
# cython: boundscheck=False, wraparound=False
"""The engine's kernel: a state's facts packed in one array of C ints, and the loops over them.

Private to :mod:`rometools.caesars_empire.engine`, which documents what each function computes
(:func:`~rometools.caesars_empire.engine.connect`, :func:`~rometools.caesars_empire.engine.most_own_roads`,
:func:`~rometools.caesars_empire.engine.own_roads_after`); GreedyBot's search
(:mod:`~rometools.caesars_empire._greedy_search`) reads the same arrays. Like it, this is plain Python
that Cython compiles as it is ("pure Python mode", ``hatch_build.py``; the engine uses the compiled twin
while it matches this source), with no bounds checks and no negative indices (the second line's
directives: every index is from the start): ``tests/caesars_empire/test_engine.py`` checks both against
the reference rules after every move of seeded games.

Why packed arrays: a move used to build a dozen tuples and a dict of facts, and most of its time went
on making and freeing them. Here a state's facts are one ``array('i')`` (copied with one ``memcpy`` a
move) read as C ints at its buffer's address, and the board is another, built once (read through a
typed memoryview kept on its :class:`Shape`). :class:`Shape` says where
each section starts:

board cells (one per board and player count, :func:`shape_of`)
    ``start`` (locations + 1: where each location's paths begin in the next four
    sections), then per path end, in board order (``Board._adj``): ``to`` (the
    neighbour), ``edge`` (the path index), ``cost`` (its Roads), ``back`` (the same
    path as the neighbour lists it); per location ``rank`` (its place in id order);
    per city ``colour`` (its City token's colour, numbered) and ``value``.
facts cells (one per state, :class:`Facts`)
    ``po`` (the seat owning each path, -1 unbuilt), ``co`` (the seat holding each
    city, -1 available), ``dist`` (fewest Roads from Rome, :data:`INF` if not
    joined), ``tslot`` (each city's Treasure, as its place in the component set's
    Treasure ids; -1 before the deal), ``counts`` (per seat its Treasure tokens per
    type), ``highest`` (per seat its highest City token per colour, 0 if none),
    ``own`` (per seat, per location its most Roads on a fewest-Roads route to Rome)
    and ``up`` (per location its one next step towards Rome as a path end, -1
    where there are several or none); ``own`` and ``up`` hold only once
    ``cells[shape.own_ok]`` is 1.

Locations are board indices: 0 is Rome, city ``i`` is location ``i + 1``.
"""

from __future__ import annotations

import heapq
from array import array
from bisect import insort

from rometools.core.protocol import TERMINAL

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython
if cython.compiled:  # connect's new state made and given its dict by C calls (as via_romana/rules.py)
    from cython.cimports.cpython import array as carray
    from cython.cimports.cpython.object import PyObject, PyObject_GenericSetDict
    from cython.cimports.cpython.ref import Py_XDECREF, Py_XINCREF
    from cython.cimports.cpython.sequence import PySequence_Fast_ITEMS
    from cython.cimports.cpython.tuple import PyTuple_New
    from cython.cimports.cpython.type import PyType_GenericAlloc
    from cython.cimports.libc.string import memcpy

__all__ = ["ASKED", "COMPILED", "INF", "KEY", "Facts", "Shape", "cheapest_new_path", "connect", "own_rows", "relax",
           "shape_of"]

#: True when this module is the compiled extension.
COMPILED = cython.compiled
#: Distance of a location not yet joined to Rome (Roads).
INF = 1 << 30
#: Route-choice keys pack (-own points, leader's points) as -own * KEY + leader's.
KEY = 1 << 40
_KEY = cython.declare(cython.longlong, KEY)  # KEY as a C constant (the compiled loops multiply by it)
#: ``cells[shape.own_ok]`` once a bot has read the ``own`` rows of a state (1: known, not read yet):
#: :func:`connect` then counts the next state's rows at once when a new path changes a route.
ASKED = 2
_ASKED = cython.declare(cython.int, ASKED)


@cython.cclass
class Shape:
    """Where the sections of the packed arrays start, for one board and player count, and the
    board's cells (``cells``, an ``array('i')``). Read-only; shared by every state of a game."""

    locations = cython.declare(cython.Py_ssize_t, visibility="readonly")
    paths = cython.declare(cython.Py_ssize_t, visibility="readonly")
    cities = cython.declare(cython.Py_ssize_t, visibility="readonly")
    colours = cython.declare(cython.Py_ssize_t, visibility="readonly")
    seats = cython.declare(cython.Py_ssize_t, visibility="readonly")
    types = cython.declare(cython.Py_ssize_t, visibility="readonly")
    gold = cython.declare(cython.Py_ssize_t, visibility="readonly")
    start = cython.declare(cython.Py_ssize_t, visibility="readonly")
    to = cython.declare(cython.Py_ssize_t, visibility="readonly")
    edge = cython.declare(cython.Py_ssize_t, visibility="readonly")
    cost = cython.declare(cython.Py_ssize_t, visibility="readonly")
    back = cython.declare(cython.Py_ssize_t, visibility="readonly")
    rank = cython.declare(cython.Py_ssize_t, visibility="readonly")
    colour = cython.declare(cython.Py_ssize_t, visibility="readonly")
    value = cython.declare(cython.Py_ssize_t, visibility="readonly")
    po = cython.declare(cython.Py_ssize_t, visibility="readonly")
    co = cython.declare(cython.Py_ssize_t, visibility="readonly")
    dist = cython.declare(cython.Py_ssize_t, visibility="readonly")
    tslot = cython.declare(cython.Py_ssize_t, visibility="readonly")
    counts = cython.declare(cython.Py_ssize_t, visibility="readonly")
    highest = cython.declare(cython.Py_ssize_t, visibility="readonly")
    own = cython.declare(cython.Py_ssize_t, visibility="readonly")
    up = cython.declare(cython.Py_ssize_t, visibility="readonly")
    own_ok = cython.declare(cython.Py_ssize_t, visibility="readonly")
    size = cython.declare(cython.Py_ssize_t, visibility="readonly")
    cells = cython.declare(object, visibility="readonly")
    adj = cython.declare(object, visibility="readonly")
    twin = cython.declare(object, visibility="readonly")
    entry = cython.declare(object, visibility="readonly")
    locs = cython.declare(object, visibility="readonly")
    index = cython.declare(object, visibility="readonly")
    no_keys = cython.declare(object, visibility="readonly")
    no_steps = cython.declare(object, visibility="readonly")
    view: cython.int[::1]  # ``cells`` as C ints (compiled code reads the board through it)
    # compiled scratch (_choose_route's memo, _own_rows' joined cities) reset at each use: no buffer taken
    # a call, and C code that calls no Python (no other thread runs while it is in use)
    keys: cython.longlong[::1]
    steps: cython.int[::1]
    joined: cython.int[::1]

    def __init__(self, board, seats, types, gold):
        adj = board._adj
        n = len(adj)
        ends = sum([len(a) for a in adj])
        colours = sorted({c for c, _ in board._city_tokens})
        self.locations, self.paths, self.cities, self.colours = n, len(board._cost), n - 1, len(colours)
        self.seats, self.types, self.gold = seats, types, gold
        self.start = 0
        self.to = n + 1
        self.edge = self.to + ends
        self.cost = self.edge + ends
        self.back = self.cost + ends
        self.rank = self.back + ends
        self.colour = self.rank + n
        self.value = self.colour + n - 1
        starts, to, edge, cost, back, where = [], [], [], [], [], {}
        for v, a in enumerate(adj):
            starts.append(len(to))
            for u, e, c in a:
                where[v, u] = len(to)
                to.append(u)
                edge.append(e)
                cost.append(c)
        starts.append(len(to))
        for v, a in enumerate(adj):
            for u, _, _ in a:
                back.append(where[u, v])
        number = {c: i for i, c in enumerate(colours)}
        self.cells = array("i", [*starts, *to, *edge, *cost, *back, *board._rank,
                                 *[number[c] for c, _ in board._city_tokens],
                                 *[v for _, v in board._city_tokens]])
        self.view = self.cells
        self.adj, self.twin, self.entry = adj, board._twin, board._entry
        self.locs, self.index = board.locations, board._index  # the location ids, and each id's index
        self.no_keys = array("q", [0]) * n  # _choose_route's memo, copied per route solved
        self.no_steps = array("i", [-2]) * n
        self.keys, self.steps, self.joined = self.no_keys[:], self.no_steps[:], array("i", [0]) * n
        # the facts' sections
        self.po = 0
        self.co = self.paths
        self.dist = self.co + self.cities
        self.tslot = self.dist + n
        self.counts = self.tslot + self.cities
        self.highest = self.counts + seats * types
        self.own = self.highest + seats * self.colours
        self.up = self.own + seats * n
        self.own_ok = self.up + n
        self.size = self.own_ok + 1


@cython.cfunc
@cython.inline
def _board(shape: Shape) -> cython.int[::1]:
    """The board's cells as C ints: the memoryview kept on the shape when compiled (a
    plain module reads ``cells``, which a compiled shape also has)."""
    if cython.compiled:
        return shape.view
    return shape.cells


@cython.cfunc
@cython.inline
def _ints(cells) -> cython.p_int:
    """A facts' cells (an ``array('i')``, else ``TypeError``) as C ints: its buffer's address when
    compiled (no buffer taken and released a call, as a memoryview would; an array of cells is never
    resized), the array itself in a plain module."""
    if cython.compiled:
        a: carray.array = cython.cast(carray.array, cells, typecheck=True)
        if a.ob_descr.typecode != 105:  # ord("i")
            raise TypeError(f"the cells must be an array('i'), not an array({a.typecode!r})")
        return a.data.as_ints
    return cells


def shape_of(board, seats, types, gold) -> Shape:
    """The :class:`Shape` of ``board`` for ``seats`` seats and ``types`` Treasure types (``gold``:
    Gold's place among them), made once and kept on the board."""
    kept = board._shapes
    key = (seats, types, gold, COMPILED)  # a plain module's and a compiled one's apart
    shape = kept.get(key)
    if shape is None:
        shape = kept[key] = Shape(board, seats, types, gold)
    return shape


@cython.cclass
class Facts:
    """Facts derived from one state, never changed once the state is built (the engine's
    ``Facts``, documented there); ``cells`` packs them as :class:`Shape` says."""

    next_deal = cython.declare(object, visibility="public")
    cells = cython.declare(object, visibility="readonly")
    shape = cython.declare(Shape, visibility="readonly")
    chains = cython.declare(object, visibility="public")
    first = cython.declare(object, visibility="public")
    frontier = cython.declare(object, visibility="public")
    player = cython.declare(object, visibility="public")
    parts = cython.declare(object, visibility="public")
    held = cython.declare(object, visibility="public")
    _open = cython.declare(object)
    _dist = cython.declare(object)

    def __init__(self, shape, cells, next_deal):
        self.shape = shape
        self.cells = cells
        self.next_deal = next_deal
        self.chains = self.first = self.frontier = self.player = self.parts = self.held = None
        self._open = self._dist = None

    @property
    def dist(self) -> tuple:
        """Fewest Roads from Rome to each location over built paths (``INF`` if none)."""
        if self._dist is None:
            s = self.shape
            self._dist = tuple(self.cells[s.dist:s.dist + s.locations])
        return self._dist

    @property
    def leaf(self) -> tuple:
        """Per location, its unbuilt paths ``(neighbour, path index, Roads)`` to an available city."""
        return self._paths()[0]

    @property
    def inner(self) -> tuple:
        """Per location, its unbuilt paths ``(neighbour, path index, Roads)`` to an empty city."""
        return self._paths()[1]

    @property
    def sources(self) -> tuple:
        """Where a chain can start: Rome and every empty city, ascending."""
        return self._paths()[2]

    def _paths(self):
        if self._open is None:  # derived once (``_scratch``), then carried by connect
            from rometools.core._cython import compiled_or_plain   # one way: the engine imports the kernel

            self._open = compiled_or_plain("rometools.caesars_empire._scratch").open_paths(self)
        return self._open

    @property
    def known_paths(self) -> tuple | None:
        """``(leaf, inner, sources)`` once derived (and then carried by ``connect``), else ``None``."""
        return self._open

    @property
    def own(self) -> dict | None:
        """``{seat: most own Roads per location}`` once known (``engine.most_own_roads``), else ``None``."""
        s = self.shape
        if not self.cells[s.own_ok]:
            return None
        n = s.locations
        return {seat: tuple(self.cells[s.own + seat * n:s.own + (seat + 1) * n]) for seat in range(s.seats)}

    @property
    def up(self) -> tuple | None:
        """Per location its one next step towards Rome ``(location, path index, Roads)``, or
        ``None`` where there are several or none; ``None`` until ``own`` is known."""
        s = self.shape
        if not self.cells[s.own_ok]:
            return None
        b = s.cells
        return tuple(None if k < 0 else (b[s.to + k], b[s.edge + k], b[s.cost + k])
                     for k in self.cells[s.up:s.up + s.locations])


@cython.cfunc
@cython.inline
def _facts(shape: Shape, cells, next_deal) -> Facts:
    f: Facts = Facts.__new__(Facts)
    f.shape = shape
    f.cells = cells
    f.next_deal = next_deal
    f.chains = f.first = f.frontier = f.player = f.parts = f.held = None
    f._open = f._dist = None
    return f


@cython.ccall
@cython.locals(dv=cython.long, v=cython.Py_ssize_t, u=cython.Py_ssize_t, k=cython.Py_ssize_t,
               c=cython.long, top=cython.Py_ssize_t, at=cython.Py_ssize_t, stop=cython.Py_ssize_t, x=tuple,
               heap=list)
def relax(shape: Shape, cells, seeds, stop) -> cython.void:
    """Dijkstra over built paths from ``seeds`` (locations whose distance may have dropped),
    in place on the ``dist`` section of ``cells``. Paths are only ever added, so distances
    only decrease. With ``stop >= 0`` the search ends once every location nearer Rome than
    ``stop`` is final (labels at or beyond its distance may stay too high); ``cells``: an ``array('i')``."""
    b: cython.int[::1] = _board(shape)
    d: cython.p_int = _ints(cells)
    at = shape.dist
    if shape.locations <= 64:  # the open locations as one 64-bit mask: no heap of tuples
        _relax_mask(shape, b, d, seeds, stop)
        return
    heap = [(d[at + v], v) for v in seeds]
    heapq.heapify(heap)
    while heap:
        x = heapq.heappop(heap)
        dv, v = x[0], x[1]
        if stop >= 0 and dv >= d[at + stop]:
            return
        if dv > d[at + v]:
            continue
        top = b[v + 1]
        for k in range(b[v], top):
            u, c = b[shape.to + k], b[shape.cost + k]
            if dv + c < d[at + u] and d[shape.po + b[shape.edge + k]] >= 0:
                d[at + u] = dv + c
                heapq.heappush(heap, (dv + c, u))


@cython.cfunc
@cython.locals(d=cython.long, v=cython.Py_ssize_t, u=cython.Py_ssize_t, k=cython.Py_ssize_t, c=cython.long,
               at=cython.Py_ssize_t, n=cython.Py_ssize_t, i=cython.Py_ssize_t, best=cython.long,
               mask=cython.ulonglong, one=cython.ulonglong)
def _relax_mask(shape: Shape, b: cython.int[::1], cells: cython.p_int, seeds, stop) -> cython.void:
    """:func:`relax` on a board of at most 64 locations: the open locations (seeded, or whose
    distance dropped and that are not visited since) are the bits of one integer, and the next
    visited is the least ``(distance, location)`` among them: the order in which the heap of
    ``(distance, location)`` pairs visits them (its stale pairs are skipped, and the search ends
    at the same one), so every distance comes out the same."""
    at = shape.dist
    n = shape.locations
    one = 1
    mask = 0
    for i in range(len(seeds)):
        v = seeds[i]
        mask |= one << v
    while mask:
        v = -1
        best = 0
        for i in range(n):
            if (mask >> i) & one and (v < 0 or cells[at + i] < best):
                v, best = i, cells[at + i]
        mask &= ~(one << v)
        d = best
        if stop >= 0 and d >= cells[at + stop]:
            return
        for k in range(b[v], b[v + 1]):
            u, c = b[shape.to + k], b[shape.cost + k]
            if d + c < cells[at + u] and cells[shape.po + b[shape.edge + k]] >= 0:
                cells[at + u] = d + c
                mask |= one << u


@cython.cfunc
@cython.inline
@cython.locals(k=cython.Py_ssize_t)
def _end(shape: Shape, b: cython.int[::1], a: cython.Py_ssize_t, v: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The path end from ``a`` to ``v`` (``a``'s entry for the path between them)."""
    for k in range(b[a], b[a + 1]):
        if b[shape.to + k] == v:
            return k
    raise ValueError(f"no path between locations {a} and {v}")


@cython.ccall
@cython.locals(f=Facts, shape=Shape, n=cython.Py_ssize_t, i=cython.Py_ssize_t, a=cython.Py_ssize_t, v=cython.Py_ssize_t,
               u=cython.Py_ssize_t, k=cython.Py_ssize_t, e=cython.Py_ssize_t, c=cython.long, target=cython.Py_ssize_t,
               seat=cython.Py_ssize_t, seats=cython.Py_ssize_t, s=cython.Py_ssize_t, mult=cython.long,
               cost=cython.long, da=cython.long, dv=cython.long, last=cython.Py_ssize_t, tie=cython.Py_ssize_t,
               improves=cython.bint, ties=cython.bint, several=cython.bint, step=cython.Py_ssize_t,
               me=cython.long, leader=cython.long, slot=cython.Py_ssize_t, colour=cython.Py_ssize_t,
               value=cython.int, loc=cython.Py_ssize_t, o=cython.Py_ssize_t, nl=cython.Py_ssize_t,
               known=cython.bint, gained=list, locs=list, rs=tuple, chain=tuple, roads_left=tuple, owners=tuple,
               scores=tuple, route=tuple,
               fields=dict)
def connect(state, chain, ids, state_type):
    """``engine.connect``: the state after the seat to move builds ``chain`` (a legal chain,
    location indices; ``None``: read from its location ids ``ids``), with its facts carried
    forward (``state_type``: ``GameState``, built without its dataclass ``__init__``), the
    seat to move after it among them (:func:`_player_after`).

    Place the chain's Roads (noting whether a path before the last shortens or ties a
    route), relax distances only if one shortens, walk the route back from the captured
    city (with the kept next steps when no route changed), and solve tied routes from the
    first tie (:func:`_choose_route`).
    """
    fields = state.__dict__  # the state's fields, read as one dict (each attribute read looks in its class first)
    f = fields["_facts"]
    shape = f.shape
    b: cython.int[::1] = _board(shape)
    cells = f.cells[:]
    g = _facts(shape, cells, -1)
    d: cython.p_int = _ints(cells)
    seat = fields["seat"]
    config = fields["config"]
    rs = fields["route_score"]
    seats = len(rs)
    if chain is None:
        index = shape.index
        chain = tuple([index[x] for x in ids])
    n = len(chain)
    nl = shape.locations
    target = chain[n - 1]
    mult = 2 if d[shape.tslot + target - 1] == shape.gold else 1
    improves = ties = False
    cost = 0
    a = chain[0]
    k = -1
    for i in range(1, n):  # place the Roads
        v = chain[i]
        k = _end(shape, b, a, v)
        e = b[shape.edge + k]
        d[shape.po + e] = seat
        c = b[shape.cost + k]
        cost += c
        if v != target:
            da, dv = d[shape.dist + a], d[shape.dist + v]
            if da + c <= dv or dv + c <= da:  # a new fewest-Roads route (or a tied one)
                ties = True
                if da + c < dv or dv + c < da:
                    improves = True
        a = v
    last = k
    if improves:
        relax(shape, cells, chain, -1)
    else:  # no new path shortens a route: only the captured (leaf) city gets a distance
        d[shape.dist + target] = d[shape.dist + chain[n - 2]] + b[shape.cost + last]
    gained = [0] * seats
    locs = [target]
    gained[seat] = b[shape.cost + last] * mult
    v = chain[n - 2]
    known = d[shape.own_ok] != 0 and not ties
    while v:  # the route back towards Rome, while it is the only one
        locs.append(v)
        if known:  # routes unchanged: each location's one next step, as kept
            step = d[shape.up + v]
        else:
            step = -1
            several = False
            for k in range(b[v], b[v + 1]):
                u = b[shape.to + k]
                if d[shape.dist + u] + b[shape.cost + k] == d[shape.dist + v] and d[shape.po + b[shape.edge + k]] >= 0:
                    if step >= 0:
                        several = True
                        break
                    step = k
            if several:
                step = -1
        if step < 0:  # two or more next steps
            break
        gained[d[shape.po + b[shape.edge + step]]] += b[shape.cost + step] * mult
        v = b[shape.to + step]
    else:
        locs.append(0)
    tie = v
    if tie:  # the active player chooses among the tied routes from the tie on
        if config.route_policy == "self_then_leader":
            me, leader = seat, -1
            for s in range(seats):  # the other seat with the most route points, ties to the lowest
                if s != seat and (leader < 0 or rs[s] > rs[leader]):
                    leader = s
        else:  # "first": path order only
            me = leader = -1
        _choose_route(shape, b, d, tie, mult, me, leader, locs, gained)
    # the captured city: its tokens, its own Roads and next step when they were kept
    loc = target - 1
    d[shape.co + loc] = seat
    slot = d[shape.tslot + loc]
    if slot >= 0:
        d[shape.counts + seat * shape.types + slot] += 1
    colour, value = b[shape.colour + loc], b[shape.value + loc]
    if value > d[shape.highest + seat * shape.colours + colour]:
        d[shape.highest + seat * shape.colours + colour] = value
    if d[shape.own_ok] and not ties:  # no new path is on a fewest-Roads route: only the captured leaf is new
        a = chain[n - 2]
        c = b[shape.cost + last]
        for s in range(seats):
            o = shape.own + s * nl
            d[o + target] = d[o + a] + (c if s == seat else 0)
        d[shape.up + target] = b[shape.back + last]
        d[shape.own_ok] = 1
    elif d[shape.own_ok] == _ASKED:  # a bot reads them at every move (GreedyBot): counted again at once
        _own_rows(shape, b, d)
    else:  # derived again only if asked (a random playout never asks)
        d[shape.own_ok] = 0
    if f._open is not None:  # the unbuilt-path lists were asked for (RandomBot): carried, not derived again
        g._open = _open_after(shape, f._open, chain, d)
    locations = shape.locs
    if cython.compiled:  # the small tuples built in place: the parent's Roads and route points, one list less each
        roads_left = _copied(fields["roads_left"])
        _put(roads_left, seat, roads_left[seat] - cost)
        route = (ids if ids else _picked(locations, list(chain)), _picked(locations, locs))
        scores = _copied(rs)
        for s in range(seats):
            if gained[s]:
                _put(scores, s, rs[s] + gained[s])
    else:
        roads_left = list(fields["roads_left"])
        roads_left[seat] -= cost
        roads_left = tuple(roads_left)
        route = (ids if ids else tuple([locations[i] for i in chain]), tuple([locations[i] for i in locs]))
        scores = tuple([rs[s] + gained[s] for s in range(seats)])
    record = ("connect", seat, route[0], route[1], tuple(gained))
    g.player = _player_after(shape, g, d, config.no_move, roads_left, (seat + 1) % seats)
    after = fields.copy()  # the same keys (config, treasures, start and seed unchanged), the rest replaced
    if cython.compiled:  # the parent's owners copied, then the seat's where the chain placed it
        mine = fields["seat"]
        owners = after["city_owner"] = _copied(fields["city_owner"])
        _put(owners, target - 1, mine)
        owners = after["path_owner"] = _copied(fields["path_owner"])
        a = chain[0]
        for i in range(1, n):
            _put(owners, b[shape.edge + _end(shape, b, a, chain[i])], mine)
            a = chain[i]
    else:
        after["city_owner"] = tuple(d[shape.co:shape.co + shape.cities])
        after["path_owner"] = tuple(d[shape.po:shape.po + shape.paths])
    after["roads_left"] = roads_left
    after["route_score"] = scores
    after["seat"] = (seat + 1) % seats
    after["history"] = fields["history"] + (record,)
    after["_facts"] = g
    if cython.compiled:  # what object.__new__ does for the class, and the dict set past its frozen guard
        new = PyType_GenericAlloc(state_type, 0)
        PyObject_GenericSetDict(new, after, cython.NULL)
    else:  # a frozen GameState without the dataclass __init__: its fields at once
        new = _new_object(state_type)
        _set_attribute(new, "__dict__", after)
    return new


@cython.cfunc
@cython.locals(i=cython.Py_ssize_t, roads=cython.long, best=cython.long)
def _player_after(shape: Shape, g: Facts, d: cython.p_int, no_move, roads_left: tuple, seat: cython.Py_ssize_t):
    """The seat to move in the state :func:`connect` builds (``seat``, its seat to move), or
    ``TERMINAL``: ``rules.current_player`` (its ``_game_ends``) from the facts ``g`` (cells
    ``d``) at hand, with the cheapest new path kept as ``g.frontier`` when it is needed."""
    for i in range(shape.cities):
        if d[shape.co + i] < 0:
            break
    else:
        return TERMINAL  # every city is connected
    if no_move == "end_game":
        roads = roads_left[seat]
    else:
        roads = roads_left[0]
        for i in range(1, len(roads_left)):
            if roads_left[i] > roads:
                roads = roads_left[i]
    if roads >= 2:  # a path costs 1 or 2 Roads: 2 always connect something while a city is available
        return seat
    best = cheapest_new_path(g)
    g.frontier = best
    return seat if 0 < best <= roads else TERMINAL


@cython.cfunc
@cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t)
def _copied(parent: tuple) -> tuple:
    """A new tuple of ``parent``'s items: their pointers copied at once, each referenced once more."""
    n = len(parent)
    out = PyTuple_New(n)
    items: cython.pointer(cython.pointer(PyObject)) = PySequence_Fast_ITEMS(out)
    memcpy(items, PySequence_Fast_ITEMS(parent), n * cython.sizeof(cython.pointer(PyObject)))
    for i in range(n):
        Py_XINCREF(items[i])
    return out


@cython.cfunc
@cython.inline
def _put(t: tuple, i: cython.Py_ssize_t, x) -> cython.void:
    """Item ``i`` of ``t`` (a tuple :func:`_copied` made, held nowhere else yet) replaced by ``x``."""
    items: cython.pointer(cython.pointer(PyObject)) = PySequence_Fast_ITEMS(t)
    Py_XDECREF(items[i])  # the parent tuple still holds it
    items[i] = cython.cast(cython.pointer(PyObject), x)
    Py_XINCREF(items[i])


@cython.cfunc
@cython.locals(j=cython.Py_ssize_t, n=cython.Py_ssize_t, i=cython.Py_ssize_t)
def _picked(items: tuple, at: list) -> tuple:
    """``tuple([items[i] for i in at])``, built in place (compiled only)."""
    n = len(at)
    out = PyTuple_New(n)
    src: cython.pointer(cython.pointer(PyObject)) = PySequence_Fast_ITEMS(items)
    dst: cython.pointer(cython.pointer(PyObject)) = PySequence_Fast_ITEMS(out)
    for j in range(n):
        i = at[j]
        dst[j] = src[i]
        Py_XINCREF(dst[j])
    return out


#: ``object.__new__`` and ``object.__setattr__``, looked up once (:func:`connect` builds a state with them).
_new_object, _set_attribute = object.__new__, object.__setattr__


@cython.cfunc
@cython.locals(dv=cython.long, k=cython.Py_ssize_t, u=cython.Py_ssize_t, c=cython.long, o=cython.long,
               w=cython.long, key=cython.longlong, kr=cython.longlong, low=cython.longlong, top=cython.Py_ssize_t,
               topkey=cython.longlong)
def _solve(shape: Shape, b: cython.int[::1], d: cython.p_int, v: cython.Py_ssize_t, keys: cython.longlong[::1],
           steps: cython.int[::1], mult: cython.long, me: cython.long, leader: cython.long) -> cython.longlong:
    """The best key from ``v`` on the fewest-Roads DAG (memoised in ``keys``; ``steps[v]`` the
    path end taken): the least ``-own * KEY + leader's`` points, then the smallest ``rank``
    among the best next steps."""
    if steps[v] != -2:
        return keys[v]
    dv = d[shape.dist + v]
    top = -1
    low = 0
    topkey = 0
    for k in range(b[v], b[v + 1]):
        u, c = b[shape.to + k], b[shape.cost + k]
        o = d[shape.po + b[shape.edge + k]]
        if d[shape.dist + u] + c == dv and o >= 0:
            key = _solve(shape, b, d, u, keys, steps, mult, me, leader) if u else 0
            w = c * mult
            if o == me:
                key -= w * _KEY
            elif o == leader:
                key += w
            kr = key * shape.locations + b[shape.rank + u]  # (key, id order) as one int
            if top < 0 or kr < low:
                top, low, topkey = k, kr, key
    keys[v] = topkey
    steps[v] = top
    return topkey


@cython.cfunc
@cython.locals(v=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _choose_route(shape: Shape, b: cython.int[::1], d: cython.p_int, start: cython.Py_ssize_t, mult: cython.long,
                  me: cython.long, leader: cython.long, locs: list, gained: list) -> cython.void:
    """Tied fewest-Roads routes from ``start``: the built-in policy's choice, appended to
    ``locs`` (locations) and added to ``gained`` (points per seat). The best
    ``(-own points, leader's points)`` from each location is packed as ``-own * KEY +
    leader's`` (``me = leader = -1`` under ``"first"``: all keys equal), then the smallest
    ``rank`` among the best next steps: the first best option in path order, which is the
    policy's choice on the sorted ``RouteOption`` list. The packed keys stay below 2**63:
    own and leader points are at most a route's Roads doubled, times ``KEY`` (2**40) and
    the number of locations."""
    if cython.compiled:  # the shape's scratch, reset
        kv: cython.longlong[::1] = shape.keys
        sv: cython.int[::1] = shape.steps
        for v in range(shape.locations):
            sv[v] = -2
    else:  # a thread may run between two lines of the plain module: arrays of its own
        kv, sv = shape.no_keys[:], shape.no_steps[:]
    _solve(shape, b, d, start, kv, sv, mult, me, leader)
    v = start
    while v:
        k = sv[v]
        gained[d[shape.po + b[shape.edge + k]]] += b[shape.cost + k] * mult
        v = b[shape.to + k]
        locs.append(v)


@cython.ccall
@cython.locals(f=Facts, shape=Shape)
def own_rows(f) -> cython.void:
    """Fill the ``own`` and ``up`` sections of ``f`` (once): per seat its most Roads on a
    fewest-Roads route from each location (0 where none), and per location its one next
    step towards Rome, or -1 where there are several or none. The joined cities are
    visited nearest Rome first, so each step's location is done before it."""
    shape = f.shape
    if f.cells[shape.own_ok]:  # known
        return
    _own_rows(shape, _board(shape), _ints(f.cells))


@cython.cfunc
@cython.locals(n=cython.Py_ssize_t, seats=cython.Py_ssize_t, m=cython.Py_ssize_t, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, v=cython.Py_ssize_t, u=cython.Py_ssize_t, k=cython.Py_ssize_t,
               o=cython.Py_ssize_t, s=cython.Py_ssize_t, c=cython.long, dv=cython.long, more=cython.long,
               step=cython.Py_ssize_t, found=cython.bint)
def _own_rows(shape: Shape, b: cython.int[::1], d: cython.p_int) -> cython.void:
    """:func:`own_rows` on the board's cells ``b`` and the facts' cells ``d``."""
    n, seats = shape.locations, shape.seats
    jv: cython.int[::1] = shape.joined if cython.compiled else array("i", [0]) * shape.cities  # Shape.joined
    m = 0
    for i in range(shape.cities):  # the joined (empty) cities, by distance (insertion sort)
        if d[shape.co + i] >= 0:
            v = i + 1
            j = m
            while j > 0 and d[shape.dist + jv[j - 1]] > d[shape.dist + v]:
                jv[j] = jv[j - 1]
                j -= 1
            jv[j] = v
            m += 1
    for s in range(seats):
        for v in range(n):
            d[shape.own + s * n + v] = 0
    for v in range(n):
        d[shape.up + v] = -1
    for i in range(m):
        v = jv[i]
        dv = d[shape.dist + v]
        found = False
        step = -1
        for k in range(b[v], b[v + 1]):
            u, c = b[shape.to + k], b[shape.cost + k]
            o = d[shape.po + b[shape.edge + k]]
            if o < 0 or d[shape.dist + u] + c != dv:
                continue
            if not found:
                for s in range(seats):
                    d[shape.own + s * n + v] = d[shape.own + s * n + u]
                d[shape.own + o * n + v] += c
                found, step = True, k
            else:
                for s in range(seats):
                    more = d[shape.own + s * n + u] + (c if s == o else 0)
                    if more > d[shape.own + s * n + v]:
                        d[shape.own + s * n + v] = more
                step = -1
        d[shape.up + v] = step
    d[shape.own_ok] = 1


@cython.cfunc
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t, a=cython.Py_ssize_t,
               v=cython.Py_ssize_t, u=cython.Py_ssize_t, e=cython.Py_ssize_t, target=cython.Py_ssize_t,
               x=tuple, y=tuple, t=tuple, nb=tuple, tw=tuple, leaf=list, inner=list, sources=list)
def _open_after(shape: Shape, opened: tuple, chain: tuple, d: cython.p_int) -> tuple:
    """``_scratch.open_paths`` after ``chain`` is built (``opened``: before it; ``d``: the cells
    after it): the chain's paths leave the lists, and the captured city turns from a leaf
    into an inner location for each of its neighbours (kept in board order, by path index)."""
    leaf, inner, sources = list(opened[0]), list(opened[1]), list(opened[2])
    entry = shape.entry
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
    nb, tw = shape.adj[target], shape.twin[target]
    for j in range(len(nb)):  # ``y``: the path as ``u`` lists it
        x = nb[j]
        e = x[1]
        if d[shape.po + e] < 0:
            y = tw[j]
            u = x[0]
            t = leaf[u]
            i = t.index(y)
            leaf[u] = t[:i] + t[i + 1:]
            t = inner[u]
            i = 0
            while i < len(t) and cython.cast(tuple, t[i])[1] < e:
                i += 1
            inner[u] = t[:i] + (y,) + t[i:]
    insort(sources, target)
    return tuple(leaf), tuple(inner), tuple(sources)


@cython.ccall
@cython.locals(f=Facts, shape=Shape, v=cython.Py_ssize_t, u=cython.Py_ssize_t, k=cython.Py_ssize_t, c=cython.long,
               best=cython.long)
def cheapest_new_path(f) -> cython.long:
    """Cheapest unbuilt path from Rome or an empty city to an available city (Roads; 0 if none)."""
    shape = f.shape
    d: cython.p_int = _ints(f.cells)
    b: cython.int[::1] = _board(shape)
    best = 0
    for v in range(shape.locations):
        if v and d[shape.co + v - 1] < 0:
            continue
        for k in range(b[v], b[v + 1]):
            u, c = b[shape.to + k], b[shape.cost + k]
            if u and d[shape.po + b[shape.edge + k]] < 0 and d[shape.co + u - 1] < 0 and (best == 0 or c < best):
                best = c
        if best == 1:
            break
    return best
