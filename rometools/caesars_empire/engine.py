"""The fast Caesar's Empire engine: incremental facts, legal chains, connect, route values.

:mod:`~rometools.caesars_empire.rules` is the reference a reader checks
against the rulebook; this module computes the same things faster, for play
and bots. Each public function here equals a reference function, and
``tests/caesars_empire/test_engine.py`` checks that after every move of seeded
games, under every route policy:

====================================  ===============================================
engine                                equals (reference)
====================================  ===============================================
:func:`legal_chain_indices`           ``rules.legal_connections`` (same chains)
:func:`legal_chains_from`             the part of it from some sources
:func:`nth_legal_chain`               one chain of it, numbered one-to-one
:func:`connect`                       ``rules.connect`` (built-in route policies)
:func:`route_distances`               ``networkx`` shortest paths over built paths
:func:`cheapest_new_path`             the cheapest cost in ``legal_connections``
:func:`most_own_roads`                max own Roads over ``rules.route_points`` options
:func:`first_route_roads`             own Roads on the first ``rules.route_points`` option
:func:`own_roads_after`               the same, after building a chain
====================================  ===============================================

This is the documented engine API the bots use. Locations are integers here:
``board.locations[i]`` (0 is Rome, city ``i`` is ``board.cities[i - 1]``);
:func:`chain_ids` and :func:`chain_indices` convert.

Incremental facts
-----------------
A :class:`~rometools.caesars_empire.state.GameState` holds fields only. The
facts derived from them are kept in a :class:`Facts` object that the engine
attaches to the state (``state._facts``, never compared): built from scratch
the first time a state is asked (:func:`facts`), or carried forward by
:func:`connect`, which updates only what a move changes: the chain's paths
leave the unbuilt-path lists, the captured city turns from a leaf into an
inner location for its neighbours, and distances to Rome are relaxed only
when a new path shortens one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from rometools.caesars_empire._chain_count import nth_chain as _nth_chain
from rometools.caesars_empire.board import Board
from rometools.caesars_empire.state import GameState
from rometools.core._cython import compiled_or_plain

__all__ = [
    "INF",
    "Facts",
    "chain_ids",
    "chain_indices",
    "cheapest_new_path",
    "connect",
    "facts",
    "first_route_roads",
    "legal_chain_indices",
    "legal_chains_from",
    "most_own_roads",
    "next_deal",
    "nth_legal_chain",
    "own_roads_after",
    "route_distances",
    "touches_routes",
]

#: Distance of a location not yet joined to Rome (Roads).
INF = 1 << 30
#: The pass of :func:`most_own_roads`: compiled by Cython at install, else plain Python.
_own_roads = compiled_or_plain("rometools.caesars_empire._own_roads")
#: The loops of :func:`connect` and :func:`relax`: compiled by Cython at install, else plain Python.
_connect = compiled_or_plain("rometools.caesars_empire._connect")


class Facts:
    """Facts derived from one state (never changed once the state is built).

    Attributes
    ----------
    next_deal : int
        Index of the next city to deal to, ``-1`` once the deal is done.
    dist : tuple[int, ...]
        Fewest Roads from Rome to each location over built paths (``INF`` if none).
    leaf, inner : tuple[tuple[tuple[int, int, int], ...], ...]
        Per location, its unbuilt paths ``(neighbour, path index, Roads)`` to an
        available city (``leaf``) and to an empty city (``inner``); paths into
        Rome are in neither (a chain never enters Rome). A chain is a source, a
        walk over ``inner`` paths, then one ``leaf`` path.
    sources : tuple[int, ...]
        Where a chain can start: Rome and every empty city, ascending.
    chains : list or None
        The legal chains once listed (:func:`legal_chain_indices`).
    frontier : int or None
        Cheapest unbuilt path from a source to an available city, once asked.
    player : int or None
        ``rules.current_player(state)``, once the rules have decided it.
    own : dict[int, tuple[int, ...]] or None
        :func:`most_own_roads` per seat, once asked; :func:`connect` carries
        it through a connection none of whose paths before the last shortens
        or ties a route (only the captured leaf city's routes are new).
    up : tuple or None
        Per location, its one next step towards Rome on a fewest-Roads route
        ``(location, path index, Roads)``, or ``None`` where there are several
        (or none); kept by :func:`most_own_roads` and carried with ``own``.
        :func:`connect` walks a route with it when the move changes no route.
    first : tuple or None
        :func:`first_route_roads` for every seat, once asked: ``(roads per
        seat, next step per location)``.
    parts : list[dict[str, int]] or None
        ``scoring.score_parts(state)``, once asked (a simulation asks it for
        the scores, the ranks and the points by part of one final state).
    """

    __slots__ = ("chains", "dist", "first", "frontier", "inner", "leaf", "next_deal", "own", "parts", "player",
                 "sources", "up")

    def __init__(self, next_deal, dist, leaf, inner, sources):
        self.next_deal = next_deal
        self.dist = dist
        self.leaf = leaf
        self.inner = inner
        self.sources = sources
        self.chains = None
        self.first = None
        self.frontier = None
        self.player = None
        self.own = None
        self.parts = None
        self.up = None


def _from_scratch(state: GameState) -> Facts:
    b = state.config.board
    po, co, t = state.path_owner, state.city_owner, state.treasures
    dist = [INF] * len(b.locations)
    dist[0] = 0
    dist = relax(b, po, dist, [0])
    if max(co) < 0 and max(po, default=-1) < 0:  # the opening position: one table per board
        leaf, inner = b._open_start, ((),) * len(b.locations)
    else:
        leaf, inner = [], []
        for nb in b._adj:
            lv, iv = [], []
            for x in nb:
                u = x[0]
                if u and po[x[1]] < 0:
                    (lv if co[u - 1] < 0 else iv).append(x)
            leaf.append(tuple(lv))
            inner.append(tuple(iv))
        leaf, inner = tuple(leaf), tuple(inner)
    sources = (0, *[i for i, o in enumerate(co, 1) if o >= 0])
    return Facts(t.index(None) if None in t else -1, dist, leaf, inner, sources)


def facts(state: GameState) -> Facts:
    """The state's derived facts: carried by :func:`connect`, else built once and attached.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> f = facts(new_game(rng=1))
    >>> f.next_deal, f.dist[0], f.sources
    (-1, 0, (0,))
    """
    f = state._facts
    if f is None:
        f = _from_scratch(state)
        object.__setattr__(state, "_facts", f)
    return f


def next_deal(state: GameState) -> int:
    """Index of the next city the set-up deal fills, ``-1`` once dealt."""
    return facts(state).next_deal


def relax(board: Board, path_owner: Sequence[int], dist: list[int], seeds, stop: int | None = None
          ) -> tuple[int, ...] | list[int]:
    """Dijkstra over built paths from ``seeds`` (locations whose ``dist`` may have dropped).

    Paths are only ever added, so distances only decrease. With ``stop``,
    the search ends once every location nearer Rome than ``stop`` is final
    (enough for the fewest-Roads routes to ``stop``; labels at or beyond its
    distance may stay too high) and the list is returned; otherwise a tuple.
    The search runs in ``_connect.relax`` (compiled by Cython at install).
    """
    if stop is not None:
        return _connect.relax(board._adj, path_owner, dist, seeds, stop)
    return tuple(_connect.relax(board._adj, path_owner, dist, seeds, -1))


def route_distances(state: GameState) -> tuple[int, ...]:
    """Fewest Roads from Rome to each location over built paths (:data:`INF` if not joined).

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> s = apply(new_game(rng=3), ("rome", "capua"))
    >>> d = route_distances(s)
    >>> d[s.config.board.locations.index("capua")]
    1
    """
    return facts(state).dist


# ===================================================================== chains
def chain_ids(board: Board, chain: tuple[int, ...]) -> tuple[str, ...]:
    """Location ids of a chain given as a tuple of indices.

    One C call (``itemgetter`` of several items returns a tuple); a memo of
    chains both ways measured 8% slower over whole random-bot games (it grows
    to tens of thousands of entries that lookups then miss in the CPU cache).
    """
    if len(chain) > 1:
        return itemgetter(*chain)(board.locations)
    return tuple(map(board.locations.__getitem__, chain))


def chain_indices(board: Board, chain: tuple[str, ...]) -> tuple[int, ...]:
    """Location indices of a chain given as ids (ids assumed valid), as :func:`chain_ids` does it."""
    if len(chain) > 1:
        return itemgetter(*chain)(board._index)
    return tuple(map(board._index.__getitem__, chain))


def _path_limit(state: GameState) -> int:
    limit = state.config.max_chain_paths
    return len(state.city_owner) + 1 if limit is None else limit


def legal_chain_indices(state: GameState) -> list[tuple[tuple[int, ...], int]]:
    """Every legal chain of the seat to move as ``(location indices, cost in Roads)``.

    The same chains as ``rules.legal_connections`` and in its order (by
    source: Rome, then empty cities ascending; each source's one-path chains
    first, then walks over empty cities depth first). Call it at a decision
    node only; listed once per state.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> chains = legal_chain_indices(new_game(rng=1))
    >>> chains[0][0][0], min(c for _, c in chains)
    (0, 1)
    """
    f = state._facts or facts(state)
    chains = f.chains
    if chains is None:
        chains = f.chains = _fast_chains(f.leaf, f.inner, f.sources, _path_limit(state),
                                         state.roads_left[state.seat])
    return chains


def legal_chains_from(state: GameState, sources: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """The legal chains starting at ``sources`` (ascending location indices), as
    :func:`legal_chain_indices` lists them and in its order.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> s = new_game(rng=1)
    >>> legal_chains_from(s, [0]) == legal_chain_indices(s)  # at the start every chain leaves Rome
    True
    """
    f = state._facts or facts(state)
    return _fast_chains(f.leaf, f.inner, sources, _path_limit(state), state.roads_left[state.seat])


def _fast_chains(leaf, inner, sources, limit: int, budget: int) -> list[tuple[tuple[int, ...], int]]:
    """From each source a depth-first walk over ``inner`` paths, each walk
    ending with one ``leaf`` path; ``limit`` bounds the paths per chain. A walk
    only goes on from a city with another way out."""
    out = []
    append, extend = out.append, out.extend
    for s in sources:
        if budget >= 2:  # every path costs 1 or 2 Roads
            extend([((s, u), c) for u, _, c in leaf[s]])
        else:
            extend([((s, u), c) for u, _, c in leaf[s] if c <= budget])
        if not inner[s] or limit < 2:
            continue
        stack = [((s,), 0)]
        pop, push = stack.pop, stack.append
        while stack:
            path, cost = pop()
            v = path[-1]
            onward = 1 if v else 0  # Rome is in no inner list: from Rome, any way out is onward
            deeper = len(path) + 1 < limit
            for w, _, c in inner[v]:
                nc = cost + c
                if nc < budget and w not in path:
                    walk = (*path, w)
                    ends = leaf[w]
                    if ends:
                        if nc + 2 <= budget:
                            extend([((*walk, u), nc + c2) for u, _, c2 in ends])
                        else:
                            for u, _, c2 in ends:
                                if nc + c2 <= budget:
                                    append(((*walk, u), nc + c2))
                    if deeper and len(inner[w]) > onward:
                        push((walk, nc))
    return out


def nth_legal_chain(state: GameState, pick: Callable[[int], int]) -> tuple[tuple[int, ...], int] | None:
    """The legal chain number ``pick(n)`` of the ``n`` legal chains, without listing them.

    Every legal chain has exactly one number (not its place in
    :func:`legal_chain_indices`), so a uniform ``pick`` draws a uniform legal
    chain. ``None`` when the seat cannot connect anything.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> s = new_game(rng=1)
    >>> chain, cost = nth_legal_chain(s, lambda n: 0)
    >>> chain_ids(s.config.board, chain)[0]
    'rome'
    """
    f = state._facts or facts(state)
    limit = state.config.max_chain_paths
    return _nth_chain(f.leaf, f.inner, f.sources, len(f.leaf) if limit is None else limit,
                      state.roads_left[state.seat], pick)


def cheapest_new_path(state: GameState) -> int:
    """Cheapest unbuilt path from Rome or an empty city to an available city (Roads; 0 if none).

    A cheapest connection is always one such path, so a seat with fewer
    Roads left cannot connect anything.
    """
    f = facts(state)
    best = f.frontier
    if best is None:
        best = 0
        for s in f.sources:
            for _, _, cost in f.leaf[s]:
                if best == 0 or cost < best:
                    best = cost
            if best == 1:
                break
        f.frontier = best
    return best


# ===================================================================== connect
def connect(state: GameState, chain: tuple[int, ...], ids: tuple[str, ...] | None = None) -> GameState:
    """``rules.connect`` for the built-in route policies, incrementally.

    Place the chain's Roads, take the tokens, score the fewest-Roads route
    (the policy's choice on a tie), pass the turn. ``chain`` is a legal chain
    as location indices (not checked again). Only the chain's locations and
    the captured city's neighbours change their unbuilt-path lists; distances
    are relaxed from the chain only when a new path shortens a route
    (otherwise only the captured city, a leaf of the built network, gets a
    distance); the route is walked back from the captured city, and tied
    routes are solved only from the first tie. ``ids``: the chain's location
    ids, when the caller has them.

    Tied routes are solved on the fewest-Roads DAG without listing them: the
    best ``(-own points, leader's points)`` from each location (``"first"``:
    all keys equal), then a walk from the first tie taking the smallest
    location id among the best next steps, which is the first best option in
    path order -- the policy's choice on the sorted ``RouteOption`` list.
    It all runs in ``_connect.connect`` (compiled by Cython at install).
    """
    if state._facts is None:
        facts(state)
    return _connect.connect(state, chain, ids, Facts, GameState)


# ===================================================================== route values for bots
def most_own_roads(state: GameState, seat: int) -> tuple[int, ...]:
    """Per location, the most Roads of ``seat`` on any fewest-Roads route to Rome.

    Equals the best ``RouteOption.points[seat]`` (undoubled) over
    ``rules.route_points`` for every joined location; 0 for others.
    Computed for every seat in one pass over the fewest-Roads routes
    (``_own_roads.own_rows``, compiled by Cython at install), kept with the
    state's facts and carried by :func:`connect` through connections that
    change no route but the captured city's.
    """
    f = state._facts or facts(state)
    known = f.own
    if known is not None:
        own = known.get(seat)
        if own is not None:
            return own
    dist = f.dist
    known, f.up = _own_roads.own_rows(state.config.board._adj, state.path_owner, dist,
                                      sorted(f.sources[1:], key=dist.__getitem__), len(state.route_score))
    f.own = known
    return known[seat]


def first_route_roads(state: GameState, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per location, the Roads of ``seat`` on its first fewest-Roads route to Rome in
    path order (the route ``route_policy="first"`` scores), and that route's next step.

    Returns ``(roads, step)``: ``roads[v]`` (Roads, undoubled) equals
    ``rules.route_points(...)[0].points[seat]`` for every joined city ``v`` (the
    options are sorted by path, so the first one takes, at every location, the
    next step with the smallest id); 0 elsewhere. ``step[v]`` is that next
    step's location (-1 for Rome and cities not joined). Computed for every
    seat in one pass and kept with the state's facts.

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> s = apply(new_game(rng=3), ("rome", "capua"))
    >>> capua = s.config.board.locations.index("capua")
    >>> roads, step = first_route_roads(s, 0)
    >>> roads[capua], step[capua]
    (1, 0)
    """
    f = state._facts or facts(state)
    known = f.first
    if known is None:
        b = state.config.board
        adj, po, rank = b._adj, state.path_owner, b._rank
        dist = f.dist
        rows = [(0,) * len(state.route_score)] * len(dist)  # per location, each seat's Roads
        step = [-1] * len(dist)
        for v in sorted(f.sources[1:], key=dist.__getitem__):  # the joined cities, nearest Rome first
            d = dist[v]
            pick = None
            low = 0
            for x in adj[v]:
                u, e, c = x
                if po[e] >= 0 and dist[u] + c == d and (pick is None or rank[u] < low):
                    pick, low = x, rank[u]
            u, e, c = pick
            row = list(rows[u])
            row[po[e]] += c
            rows[v] = tuple(row)
            step[v] = u
        known = f.first = (dict(enumerate(zip(*rows, strict=True))), tuple(step))
    return known[0][seat], known[1]


def touches_routes(state: GameState, chain: tuple[int, ...]) -> bool:
    """Whether a path of ``chain`` before its last one would shorten or tie a fewest-Roads route.

    If not, building the chain changes no route to Rome of a location already
    joined: the captured city's route is the last source's plus the last
    path, exactly as the one-path chain from that source, which costs fewer
    Roads. (A bot maximising points, then fewest Roads, never prefers such a
    chain.)
    """
    b = state.config.board
    edge_of, cost_of = b._edge, b._cost
    dist = (state._facts or facts(state)).dist  # route_distances(state), inlined: bots call it per chain
    for i in range(len(chain) - 2):
        a, v = chain[i], chain[i + 1]
        c = cost_of[edge_of[a, v]]
        if dist[a] + c <= dist[v] or dist[v] + c <= dist[a]:
            return True
    return False


def own_roads_after(state: GameState, chain: tuple[int, ...], own: Sequence[int], *,
                    touches: bool | None = None) -> int:
    """The most Roads of the seat to move on a fewest-Roads route from the captured
    city, if it built ``chain`` (indices) now.

    ``own`` is :func:`most_own_roads` for that seat; ``touches`` is
    :func:`touches_routes` of the chain when the caller knows it. Equals the
    best ``RouteOption.points[seat]`` (undoubled) of ``rules.route_points``
    after the chain is built.
    """
    b = state.config.board
    edge_of, cost_of = b._edge, b._cost
    dist = (state._facts or facts(state)).dist  # route_distances(state), inlined: bots call it per chain
    last = cost_of[edge_of[chain[-2], chain[-1]]]
    if len(chain) == 2:  # one new path to a leaf: the start's route plus it
        return own[chain[0]] + last
    if len(chain) == 3:  # a new path into an empty city S, then to the target
        s0, s, _ = chain
        c1 = cost_of[edge_of[s0, s]]
        via = dist[s0] + c1
        if via < dist[s]:
            best = own[s0] + c1
        elif via == dist[s]:
            best = max(own[s], own[s0] + c1)
        else:
            best = own[s]
        return best + last
    # longer chains: if no new path between the chain's sources shortens or ties
    # a route, routes are unchanged: the last source's route plus the last path
    if not (touches_routes(state, chain) if touches is None else touches):
        return own[chain[-2]] + last
    po = list(state.path_owner)  # otherwise: search from the chain, only as far as the last source
    for a, c in zip(chain, chain[1:], strict=False):
        po[edge_of[a, c]] = state.seat
    new_dist = relax(b, po, list(dist), chain[:-1], stop=chain[-2])
    new_dist[chain[-1]] = new_dist[chain[-2]] + last
    # a location nearer Rome than every new path's far end keeps its routes
    near = min([max(new_dist[a], new_dist[c]) for a, c in zip(chain, chain[1:], strict=False)])
    return _own_roads.most_own_on_dag(b._adj, po, new_dist, chain[-1], state.seat, own, near)
