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
:func:`cheapest_chains`               the part of it costing the fewest Roads
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
facts derived from them are kept in a ``Facts`` object that the engine
attaches to the state (``state._facts``, never compared): built from scratch
the first time a state is asked (:func:`facts`), or carried forward by
:func:`connect`, which updates only what a move changes (the chain's paths,
the captured city and its tokens, distances to Rome only when a new path
shortens one, each seat's most own Roads when no route changed).

The facts are packed in one array of C ints (``_kernel.Facts``: ``cells``,
laid out as its ``shape`` says), which the compiled kernel reads and copies
in one piece a move. ``Facts`` attributes, as Python values:

next_deal : int
    Index of the next city to deal to, ``-1`` once the deal is done.
dist : tuple[int, ...]
    Fewest Roads from Rome to each location over built paths (``INF`` if none).
leaf, inner : tuple[tuple[tuple[int, int, int], ...], ...]
    Per location, its unbuilt paths ``(neighbour, path index, Roads)`` to an
    available city (``leaf``) and to an empty city (``inner``); paths into
    Rome are in neither (a chain never enters Rome). A chain is a source, a
    walk over ``inner`` paths, then one ``leaf`` path. Derived once asked.
sources : tuple[int, ...]
    Where a chain can start: Rome and every empty city, ascending.
own : dict[int, tuple[int, ...]] or None
    :func:`most_own_roads` per seat, once asked; :func:`connect` carries it
    through a connection none of whose paths before the last shortens or ties
    a route (only the captured leaf city's routes are new), and counts it
    again for the next state through any other connection once a bot has read
    it (:data:`OWN_ASKED`: GreedyBot reads it at every move).
up : tuple or None
    Per location, its one next step towards Rome on a fewest-Roads route
    ``(location, path index, Roads)``, or ``None`` where there are several
    (or none); kept with ``own``. :func:`connect` walks a route with it when
    the move changes no route.
chains, frontier, player, first, parts, held
    The legal chains (:func:`legal_chain_indices`), the cheapest new path
    (:func:`cheapest_new_path`), ``rules.current_player``,
    :func:`first_route_roads`, ``scoring.score_parts`` and ``scoring.holdings``
    (every seat's), each once asked; :func:`connect` sets ``player`` (the seat
    to move, or ``TERMINAL``) as it builds the state, and ``frontier`` when it
    needs it for that.

Each seat's Treasure counts and highest City token per colour are kept in
the cells too (GreedyBot reads them: ``_greedy_search.standard_values``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from rometools.caesars_empire.board import Board
from rometools.caesars_empire.state import GameState
from rometools.core._cython import compiled_or_plain

__all__ = [
    "INF",
    "chain_ids",
    "chain_indices",
    "cheapest_chains",
    "cheapest_new_path",
    "connect",
    "facts",
    "first_route_roads",
    "legal_chain_indices",
    "legal_chains_from",
    "most_own_roads",
    "next_deal",
    "nth_legal_chain",
    "own_facts",
    "own_roads_after",
    "route_distances",
    "touches_routes",
]

#: The packed facts and the loops over them: compiled by Cython at install, else plain Python.
_kernel = compiled_or_plain("rometools.caesars_empire._kernel")
#: The facts derived from a state's fields where connect did not carry them (compiled or plain).
_scratch = compiled_or_plain("rometools.caesars_empire._scratch")
#: A chain a bot considers, not built: whether it touches a route, the seat's route after it (compiled or plain).
_route_after = compiled_or_plain("rometools.caesars_empire._route_after")
#: RandomBot's chain count and draw: its compiled twin where it was built (the same source).
_nth_chain = compiled_or_plain("rometools.caesars_empire._chain_count").nth_chain
#: Distance of a location not yet joined to Rome (Roads).
INF = _kernel.INF
#: The value of the facts' ``own_ok`` cell once a bot reads :func:`most_own_roads` at every move
#: (GreedyBot's search sets it): :func:`connect` then counts the next state's rows as it builds it,
#: where it would otherwise leave them to be derived when asked (1: known, not read yet).
OWN_ASKED = _kernel.ASKED


def facts(state: GameState):
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
        cfg = state.config
        comps = cfg.components
        shape = _kernel.shape_of(cfg.board, len(state.route_score), len(comps.treasure_ids), comps.gold_index)
        f = _scratch.from_scratch(state, shape, _kernel)
        object.__setattr__(state, "_facts", f)
    return f


def next_deal(state: GameState) -> int:
    """Index of the next city the set-up deal fills, ``-1`` once dealt."""
    return facts(state).next_deal


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
    leaf, inner, _ = f.known_paths or _scratch.open_paths(f)  # derived, not kept: GreedyBot asks it rarely
    return _fast_chains(leaf, inner, sources, _path_limit(state), state.roads_left[state.seat])


def cheapest_chains(state: GameState) -> list[tuple[tuple[int, ...], int]]:
    """The legal chains costing the fewest Roads, as :func:`legal_chain_indices` lists them
    and in its order, without listing a costlier one.

    A chain ends with an unbuilt path from a source (Rome or an empty city) to an
    available city, itself a legal chain from that source, so the fewest Roads are
    :func:`cheapest_new_path`'s; listing with that budget prunes every walk that
    already costs as much before its last path (CheapestBot's choices: an
    empty list when the seat cannot connect anything).

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> s = new_game(rng=1)
    >>> low = min(c for _, c in legal_chain_indices(s))
    >>> cheapest_chains(s) == [(ch, c) for ch, c in legal_chain_indices(s) if c == low]
    True
    """
    low = cheapest_new_path(state)
    if not 0 < low <= state.roads_left[state.seat]:
        return []
    f = state._facts or facts(state)
    return _fast_chains(f.leaf, f.inner, f.sources, _path_limit(state), low)


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
        best = f.frontier = _kernel.cheapest_new_path(f)
    return best


# ===================================================================== connect
def connect(state: GameState, chain: tuple[int, ...] | None, ids: tuple[str, ...] | None = None) -> GameState:
    """``rules.connect`` for the built-in route policies, incrementally.

    Place the chain's Roads, take the tokens, score the fewest-Roads route
    (the policy's choice on a tie), pass the turn. ``chain`` is a legal chain
    as location indices (not checked again; ``None``: read from ``ids``).
    Distances are relaxed from the
    chain only when a new path shortens a route (otherwise only the captured
    city, a leaf of the built network, gets a distance); the route is walked
    back from the captured city, and tied routes are solved only from the
    first tie. ``ids``: the chain's location ids, when the caller has them.

    Tied routes are solved on the fewest-Roads DAG without listing them: the
    best ``(-own points, leader's points)`` from each location (``"first"``:
    all keys equal), then a walk from the first tie taking the smallest
    location id among the best next steps, which is the first best option in
    path order -- the policy's choice on the sorted ``RouteOption`` list.
    It all runs in ``_kernel.connect`` (compiled by Cython at install).
    """
    if state._facts is None:
        facts(state)
    return _kernel.connect(state, chain, ids, GameState)


# ===================================================================== route values for bots
def own_facts(state: GameState):
    """The state's facts with :func:`most_own_roads` known for every seat (one pass over
    the fewest-Roads routes, ``_kernel.own_rows``, unless :func:`connect` carried them).

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> own_facts(new_game(rng=1)).own[0][0]
    0
    """
    f = state._facts or facts(state)
    _kernel.own_rows(f)
    return f


def most_own_roads(state: GameState, seat: int) -> tuple[int, ...]:
    """Per location, the most Roads of ``seat`` on any fewest-Roads route to Rome.

    Equals the best ``RouteOption.points[seat]`` (undoubled) over
    ``rules.route_points`` for every joined location; 0 for others.
    Computed for every seat in one pass over the fewest-Roads routes
    (:func:`own_facts`), kept with the state's facts and carried by
    :func:`connect` through connections that change no route but the
    captured city's.

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> s = apply(new_game(rng=3), ("rome", "capua"))
    >>> most_own_roads(s, 0)[s.config.board.locations.index("capua")]
    1
    """
    shape = own_facts(state).shape
    at = shape.own + seat * shape.locations
    return tuple(state._facts.cells[at:at + shape.locations])


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
    return _route_after.touches(state._facts or facts(state), chain)


def own_roads_after(state: GameState, chain: tuple[int, ...], own: Sequence[int] | None = None, *,
                    touches: bool | None = None) -> int:
    """The most Roads of the seat to move on a fewest-Roads route from the captured
    city, if it built ``chain`` (indices) now.

    ``own`` is :func:`most_own_roads` for that seat (computed when not given);
    ``touches`` is :func:`touches_routes` of the chain when the caller knows it.
    Equals the best ``RouteOption.points[seat]`` (undoubled) of
    ``rules.route_points`` after the chain is built. A chain of three paths or
    more is valued by ``_route_after.own_after``: the last source's route plus the
    last path when no path touches a route, else a solve on the fewest-Roads
    DAG after the chain.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> s = new_game(rng=3)
    >>> b = s.config.board
    >>> own_roads_after(s, chain_indices(b, ("rome", "capua")))
    1
    """
    if len(chain) > 3 and touches is None:  # the kernel checks whether routes change, and solves if they do
        return _route_after.own_after(own_facts(state), chain, state.seat, _kernel.relax)
    b = state.config.board
    edge_of, cost_of = b._edge, b._cost
    if own is None:
        own = most_own_roads(state, state.seat)
    last = cost_of[edge_of[chain[-2], chain[-1]]]
    if len(chain) == 2:  # one new path to a leaf: the start's route plus it
        return own[chain[0]] + last
    if len(chain) == 3:  # a new path into an empty city S, then to the target
        dist = (state._facts or facts(state)).dist
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
    if not touches:
        return own[chain[-2]] + last
    return _route_after.own_after(own_facts(state), chain, state.seat, _kernel.relax)
