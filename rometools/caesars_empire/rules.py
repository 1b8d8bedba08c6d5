"""Caesar's Empire rules: legal connections, route scoring and the whole game.

Pure functions on an immutable :class:`GameState`; every move returns a new
state. The interface is the common rometools one (OpenSpiel's
``kuhn_poker.py`` shape): :func:`new_game`, :func:`current_player`,
:func:`legal_actions`, :func:`chance_outcomes`, :func:`apply`, :func:`is_over`,
:func:`scores`.

Rules: ``001_a311a49632a27e24.txt``, sections Set-up, The Turn, Scoring Routes,
Going Through Cities, 2-3 Player Variants and End of Game.

Model
-----
* **Seats.** Seat 0 is the first player ("draw one at random. This is the
  first player": the random draw only names who sits in seat 0), play goes
  0, 1, 2, ... clockwise.
* **Chance.** The set-up deal is a sequence of chance nodes, one per city in
  board order; each lists ``[(treasure id, Fraction)]`` from the tokens not yet
  placed, so the deal can be enumerated exactly. ``new_game(config, rng)``
  samples the whole deal at once when ``rng`` is given (same law) and records
  each draw in the history.
* **Actions.** At a chance node an action is a Treasure id. At a decision node
  it is a *chain*: a tuple of location ids from its start (``"rome"`` or an
  empty city) through empty cities to an available city, e.g.
  ``("rome", "capua")`` or ``("capua", "neapolis", "tarentum")``; or
  :data:`PASS` when the player has no legal connection (option ``no_move``).
* **Action space.** By default every legal chain is a legal action, as long
  as the Roads allow (the rulebook: "your Roads can be built through one or
  more empty City spaces"). Chains only run over *unbuilt* paths between
  empty cities, so on the bundled boards there are at most ~75 per turn. On a
  dense board the number of simple chains can explode: then set
  ``GameConfig.max_chain_paths`` (e.g. 2, enough for the rulebook's "Going
  Through Cities" example) to bound the paths per chain, or enumerate lazily
  with :func:`iter_chains`. A cheapest chain is always a single path (a
  longer chain starts with a path into an empty city, and starting from that
  city instead is cheaper), so no bound ever hides a cheapest connection.
"""

from __future__ import annotations

import heapq
import json
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from operator import itemgetter
from typing import Any

import networkx as nx

from rometools.caesars_empire.board import ROME, Board, load_board
from rometools.caesars_empire.components import Components, load_components
from rometools.caesars_empire.scoring import city_points, final_ranking, road_bonus, treasure_points
from rometools.core.errors import RulesError
from rometools.core.rng import RngLike, as_generator

__all__ = [
    "CHANCE",
    "NO_MOVE_OPTIONS",
    "PASS",
    "ROUTE_POLICIES",
    "TERMINAL",
    "Connection",
    "GameConfig",
    "GameState",
    "RouteOption",
    "apply",
    "built_roads",
    "chance_outcomes",
    "cheapest_connections",
    "connection_routes",
    "current_player",
    "enumerate_chains",
    "final_scores",
    "from_json",
    "is_over",
    "iter_chains",
    "legal_actions",
    "legal_connections",
    "new_game",
    "register_route_policy",
    "replay",
    "route_points",
    "score_parts",
    "scores",
    "to_json",
    "turn_states",
]

#: :func:`current_player` at a chance node (the set-up deal).
CHANCE = -1
#: :func:`current_player` once the game is over.
TERMINAL = -4
#: The action of a player with no legal connection (``no_move="pass"``).
PASS = "pass"
#: Values of ``GameConfig.no_move``.
NO_MOVE_OPTIONS = ("pass", "end_game")
_JSON_FORMAT = "rometools.caesars_empire.game"
_INF = 1 << 30


class _cached:
    """``functools.cached_property`` without its lock (states are immutable, and
    the lock dominated the profile): computed on first access, then read from
    the instance ``__dict__``."""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


def _relax(board: Board, path_owner: Sequence[int], dist: list[int], seeds) -> tuple[int, ...]:
    """Dijkstra over built paths from ``seeds`` (locations whose ``dist`` may have
    dropped); edges are only ever added, so distances only decrease."""
    adj = board._adj
    heap = [(dist[v], v) for v in seeds]
    heapq.heapify(heap)
    while heap:
        d, v = heapq.heappop(heap)
        if d > dist[v]:
            continue
        for u, e, c in adj[v]:
            if path_owner[e] >= 0 and d + c < dist[u]:
                dist[u] = d + c
                heapq.heappush(heap, (d + c, u))
    return tuple(dist)


# ===================================================================== routes
@dataclass(frozen=True)
class RouteOption:
    """One fewest-Roads route from a city back to Rome, and what it scores.

    Attributes
    ----------
    path : tuple[str, ...]
        Locations from the captured city to ``"rome"``.
    roads : int
        Road pieces on the route (Roads), the same for every tied option.
    points : dict
        ``{owner: points}`` for every owner with Roads on the route: 1 point per
        Road piece (a 2-Road path scores 2), doubled when Gold was taken.

    Examples
    --------
    >>> RouteOption(("capua", "rome"), 1, {"yellow": 1}).points["yellow"]
    1
    """

    path: tuple[str, ...]
    roads: int
    points: dict


def route_points(board: Board, roads: Mapping[Any, Hashable], city: str, *,
                 gold: bool = False) -> list[RouteOption]:
    """Every fewest-Roads route from ``city`` to Rome over built paths, with its points.

    Rule: ``001_a311a49632a27e24.txt``, Scoring Routes: "Each Road included in
    the route will score one point for the player it belongs to ... the one with
    the fewest Roads is scored. If there are multiple routes that include the
    same amount of Roads ... the active player may choose ... if you claimed a
    Gold Treasure token this turn, points scored from Roads are doubled for all
    players!"

    Parameters
    ----------
    board : Board
        The board.
    roads : Mapping[pair, owner]
        Built paths: an unordered pair of endpoint ids (``frozenset`` or any
        2-item iterable) mapped to the owner of the Roads on it.
    city : str
        The city just connected.
    gold : bool
        The turn's Treasure is Gold: every owner's points are doubled.

    Returns
    -------
    list[RouteOption]
        One per tied fewest-Roads path, sorted by path (ties return them all).

    Raises
    ------
    RulesError
        If ``city`` is not a city of the board, a pair is not a path of the
        board, or no built route joins ``city`` to Rome.

    Examples
    --------
    >>> b = load_board("4-5")
    >>> route_points(b, {("rome", "capua"): "yellow"}, "capua", gold=True)
    [RouteOption(path=('capua', 'rome'), roads=1, points={'yellow': 2})]
    """
    built: dict[frozenset, Hashable] = {}
    for pair, owner in roads.items():
        key = frozenset(pair)
        ends = sorted(key)
        if len(ends) != 2 or board.path_between(*ends) is None:
            raise RulesError(f"{tuple(pair)!r} is not a path of board {board.name!r}")
        built[key] = owner
    if city == ROME or city not in board.graph:
        raise RulesError(f"unknown city {city!r}")

    def weight(u, v, data):
        return data["roads"] if frozenset((u, v)) in built else None

    try:
        found = sorted(tuple(p) for p in nx.all_shortest_paths(board.graph, city, ROME, weight=weight))
    except nx.NetworkXNoPath:
        raise RulesError(f"city {city!r} has no built route to Rome") from None
    mult = 2 if gold else 1
    out = []
    for p in found:
        pts: dict = {}
        total = 0
        for a, b in zip(p, p[1:], strict=False):
            r = board.graph.edges[a, b]["roads"]
            total += r
            owner = built[frozenset((a, b))]
            pts[owner] = pts.get(owner, 0) + r * mult
        out.append(RouteOption(p, total, pts))
    return out


# ===================================================================== route-choice policies
RoutePolicy = Callable[[Sequence[RouteOption], int, "GameState"], RouteOption]


def _self_then_leader(options: Sequence[RouteOption], seat: int, state: GameState) -> RouteOption:
    """Most points for the active seat, then fewest for the leader, then first by path."""
    pts = state.route_points
    others = [s for s in range(len(pts)) if s != seat]
    leader = max(others, key=lambda s: (pts[s], -s)) if others else seat
    return min(options, key=lambda o: (-o.points.get(seat, 0), o.points.get(leader, 0)))


def _first(options: Sequence[RouteOption], seat: int, state: GameState) -> RouteOption:
    """The first tied route in path order (a fixed, choice-free reference)."""
    return options[0]


#: Named route-choice policies: ``name -> policy(options, seat, state) -> RouteOption``.
#: ``state`` is the state before the turn's points are added.
ROUTE_POLICIES: dict[str, RoutePolicy] = {
    "self_then_leader": _self_then_leader,
    "first": _first,
}


def register_route_policy(name: str, policy: RoutePolicy) -> None:
    """Add a named route-choice policy, usable as ``GameConfig(route_policy=name)``.

    Raises
    ------
    ValueError
        If ``name`` is already registered.

    Examples
    --------
    >>> register_route_policy("last", lambda options, seat, state: options[-1])
    >>> GameConfig(route_policy="last").route_policy
    'last'
    """
    if name in ROUTE_POLICIES:
        raise ValueError(f"route policy {name!r} already exists")
    ROUTE_POLICIES[name] = policy


# ===================================================================== config and state
@dataclass(frozen=True)
class GameConfig:
    """Options of one game.

    Parameters
    ----------
    board : Board, optional
        Default: the bundled illustrative board for ``players``.
    players : int
        2 to 5 (must be a player count of the board's side). Default 4.
    all_tokens_variant : bool
        2-3 Player Variants: shuffle all 40 Treasure tokens, place one per city.
    sum_complete_colours : bool
        2-3 Player Variants: owning every City token of a colour scores their sum.
    no_move : {"pass", "end_game"}
        What happens when the player to move has no legal connection (for
        example, out of Roads); the rulebook does not say. ``"pass"`` (default):
        the player's only legal action is :data:`PASS`, and the game ends early
        when no player can connect any city. ``"end_game"``: the game ends at once.
        Cities never connected are scored by nobody.
    route_policy : str
        Name in :data:`ROUTE_POLICIES` of how the active player chooses among
        tied fewest-Roads routes. Default ``"self_then_leader"``.
    max_chain_paths : int or None
        Most paths in one chain (a bounded action space; see the module
        docstring). Default ``None``: no bound, every chain the rules allow.
    roads_per_player : int, optional
        Roads each player starts with (Roads). Default: the component file's 25.

    Raises
    ------
    ValueError
        For an unsupported player count or an unknown option value.

    Examples
    --------
    >>> c = GameConfig()
    >>> c.players, c.board.side, c.roads_per_player
    (4, '4-5', 25)
    >>> GameConfig(players=3).board.side
    '2-3'
    """

    board: Board | None = None
    players: int = 4
    all_tokens_variant: bool = False
    sum_complete_colours: bool = False
    no_move: str = "pass"
    route_policy: str = "self_then_leader"
    max_chain_paths: int | None = None
    roads_per_player: int | None = None
    _components: Components | None = field(default=None, compare=False, repr=False)
    _tokens: tuple[tuple[str, int], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self):
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ValueError(f"players must be an int, got {self.players!r}")
        comps = load_components()
        board = self.board if self.board is not None else load_board(comps.side_for(self.players).id)
        side = next(s for s in comps.sides if s.id == board.side)
        if self.players not in side.players:
            raise ValueError(f"board side {board.side!r} is for {list(side.players)} players, "
                             f"got players={self.players}")
        if self.no_move not in NO_MOVE_OPTIONS:
            raise ValueError(f"no_move must be one of {NO_MOVE_OPTIONS}, got {self.no_move!r}")
        if self.route_policy not in ROUTE_POLICIES:
            raise ValueError(f"unknown route_policy {self.route_policy!r}; "
                             f"registered: {sorted(ROUTE_POLICIES)}")
        if self.max_chain_paths is not None and (
                isinstance(self.max_chain_paths, bool) or not isinstance(self.max_chain_paths, int)
                or self.max_chain_paths < 1):
            raise ValueError(f"max_chain_paths must be a positive int or None, got {self.max_chain_paths!r}")
        roads = comps.roads_per_player if self.roads_per_player is None else self.roads_per_player
        if isinstance(roads, bool) or not isinstance(roads, int) or roads < 1:
            raise ValueError(f"roads_per_player must be a positive int, got {roads!r}")
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "roads_per_player", roads)
        if comps.roads_per_player != roads:
            comps = replace(comps, roads_per_player=roads)
        object.__setattr__(self, "_components", comps)
        tokens = comps.tokens_in_play(self.players, all_tokens_variant=self.all_tokens_variant)
        object.__setattr__(self, "_tokens", tuple(tokens.items()))

    @property
    def components(self) -> Components:
        """The component set, with ``roads_per_player`` as configured."""
        return self._components

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (a bundled board is stored by side, any other in full).

        Examples
        --------
        >>> d = GameConfig(players=5).to_dict()
        >>> d["board"], GameConfig.from_dict(d) == GameConfig(players=5)
        ({'bundled': '4-5'}, True)
        """
        b = self.board
        bundled = b == load_board(b.side)
        return {
            "board": {"bundled": b.side} if bundled else b.to_dict(),
            "players": self.players,
            "all_tokens_variant": self.all_tokens_variant,
            "sum_complete_colours": self.sum_complete_colours,
            "no_move": self.no_move,
            "route_policy": self.route_policy,
            "max_chain_paths": self.max_chain_paths,
            "roads_per_player": self.roads_per_player,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameConfig:
        """Inverse of :meth:`to_dict`."""
        d = dict(data)
        b = d.pop("board")
        board = load_board(b["bundled"]) if "bundled" in b else Board.from_dict(b)
        return cls(board=board, **d)


@dataclass(frozen=True)
class GameState:
    """An immutable Caesar's Empire position plus its full history.

    Build it with :func:`new_game`; change it only with :func:`apply`.

    Attributes
    ----------
    config : GameConfig
    treasures : tuple[str or None, ...]
        Treasure id on each city (board order); ``None`` before the deal.
    city_owner : tuple[int, ...]
        Seat holding each city's tokens; ``-1`` while the city is available.
    path_owner : tuple[int, ...]
        Seat whose Roads are on each path (``board.paths`` order); ``-1`` unbuilt.
    roads_left : tuple[int, ...]
        Unplaced Roads per seat (Roads).
    route_points : tuple[int, ...]
        Points scored from routes so far, per seat (points).
    seat : int
        Seat to move once the deal is done.
    history : tuple[tuple, ...]
        Every chance outcome and action: ``("deal", city, treasure)``,
        ``("connect", seat, chain, route, points)`` with ``route`` the scored
        path and ``points`` the per-seat points it gave, ``("pass", seat)``.
    """

    config: GameConfig
    treasures: tuple[str | None, ...]
    city_owner: tuple[int, ...]
    path_owner: tuple[int, ...]
    roads_left: tuple[int, ...]
    route_points: tuple[int, ...]
    seat: int = 0
    history: tuple[tuple, ...] = ()
    _dist: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    _open: tuple | None = field(default=None, compare=False, repr=False)

    @_cached
    def open_adjacency(self) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """Per location (``locations`` order), its unbuilt paths as
        ``(neighbour, path index, Roads)``."""
        if self._open is not None:
            return self._open
        po = self.path_owner
        return tuple(tuple(x for x in nb if po[x[1]] < 0) for nb in self.config.board._adj)

    @_cached
    def route_dist(self) -> tuple[int, ...]:
        """Fewest Roads from Rome to each location over built paths (``locations``
        order; a large number for locations not yet joined). Kept incrementally."""
        if self._dist is not None:
            return self._dist
        b = self.config.board
        dist = [_INF] * len(b.locations)
        dist[0] = 0
        return _relax(b, self.path_owner, dist, [0])

    # ---- derived facts, computed once per state (states never change)
    @_cached
    def _open_split(self) -> tuple[tuple, tuple]:
        """``(leaf, inner)``: per location, its unbuilt paths ``(neighbour, path
        index, Roads)`` to an available city (``leaf``) and to an empty city
        (``inner``); paths into Rome are in neither (a chain never enters Rome).
        Kept incrementally by :func:`_connect`; a chain is a source, a walk over
        ``inner`` paths, then one ``leaf`` path."""
        b = self.config.board
        po, co = self.path_owner, self.city_owner
        if max(co) < 0 and max(po, default=-1) < 0:  # the opening position: one table per board
            return b._open_start, ((),) * len(b.locations)
        leaf, inner = [], []
        for nb in b._adj:
            lv, iv = [], []
            for x in nb:
                u = x[0]
                if u and po[x[1]] < 0:
                    (lv if co[u - 1] < 0 else iv).append(x)
            leaf.append(tuple(lv))
            inner.append(tuple(iv))
        return tuple(leaf), tuple(inner)

    @_cached
    def _sources(self) -> tuple[int, ...]:
        """Where a chain can start: Rome and every empty city (location indices,
        ascending). Kept incrementally."""
        return (0, *[i for i, o in enumerate(self.city_owner, 1) if o >= 0])

    @_cached
    def _next_deal(self) -> int:
        t = self.treasures
        return t.index(None) if None in t else -1

    @_cached
    def _frontier_cost(self) -> int:
        """Cheapest single path from a source to an available city (0 if none)."""
        leaf = self._open_split[0]
        best = 0
        for s in self._sources:
            for _, _, cost in leaf[s]:
                if best == 0 or cost < best:
                    best = cost
                    if cost == 1:
                        return 1
        return best

    @_cached
    def _over(self) -> bool:
        if self._next_deal >= 0:
            return False
        if -1 not in self.city_owner:
            return True
        rl = self.roads_left
        # a connection costs 1 or 2 Roads: with 2 left nobody is stuck (no search needed)
        if max(rl) >= 2 and (rl[self.seat] >= 2 or self.config.no_move != "end_game"):
            return False
        need = self._frontier_cost
        if max(rl) < need:
            return True
        return self.config.no_move == "end_game" and rl[self.seat] < need

    @_cached
    def _chains(self) -> list[tuple[tuple[int, ...], int]]:
        if self._next_deal >= 0 or self._over:
            return []
        leaf, inner = self._open_split
        return _fast_chains(leaf, inner, self._sources, self._path_limit,
                            self.roads_left[self.seat])

    @property
    def _path_limit(self) -> int:
        limit = self.config.max_chain_paths
        return len(self.city_owner) + 1 if limit is None else limit


# ===================================================================== chains
@dataclass(frozen=True, order=True)
class Connection:
    """A legal chain of paths and its cost.

    Attributes
    ----------
    chain : tuple[str, ...]
        Locations from the start (Rome or an empty city) to the available city.
    cost : int
        Road pieces it needs (Roads).
    city : str
        The city it connects (``chain[-1]``).

    Examples
    --------
    >>> Connection(("rome", "capua", "neapolis"), 3).city
    'neapolis'
    """

    chain: tuple[str, ...]
    cost: int

    @property
    def city(self) -> str:
        return self.chain[-1]


def _iter_int_chains(state: GameState, max_paths: int | None, budget: int
                     ) -> Iterator[tuple[tuple[int, ...], int]]:
    """Depth-first enumeration of legal chains as location indices, with cost."""
    b = state.config.board
    adj, co, po = b._adj, state.city_owner, state.path_owner
    limit = len(b.locations) if max_paths is None else max_paths

    def walk(v, chain, cost):
        for u, e, c in adj[v]:
            if po[e] >= 0 or u == 0:
                continue
            nc = cost + c
            if nc > budget or u in chain:
                continue
            if co[u - 1] < 0:
                yield (*chain, u), nc
            elif len(chain) < limit:
                yield from walk(u, (*chain, u), nc)

    def gen():
        for s in range(len(b.locations)):
            if s == 0 or co[s - 1] >= 0:
                yield from walk(s, (s,), 0)

    return gen()


def _fast_chains(leaf, inner, sources, limit: int, budget: int) -> list[tuple[tuple[int, ...], int]]:
    """Every legal chain as ``(location indices, cost)``: the hot path behind
    :func:`legal_actions`. From each source (Rome, then empty cities in board
    order) a depth-first walk over unbuilt paths between empty cities
    (``inner``), each walk ending with one unbuilt path to an available city
    (``leaf``); ``limit`` bounds the paths per chain. A walk only goes on from
    a city with another way out (see ``GameState._open_split``)."""
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


def _stems(leaf, inner, path: tuple[int, ...], cost: int, limit: int, budget: int, record) -> int:
    """Depth-first from ``path`` (a walk costing ``cost`` Roads) over ``inner``
    paths: ``record((k, walk, cost))`` for each walk that ``k`` legal chains
    finish with one ``leaf`` path (within the budget, in ``leaf`` order); the
    number of chains."""
    total = 0
    stack = [(path, cost)]
    pop, push = stack.pop, stack.append
    while stack:
        path, cost = pop()
        v = path[-1]
        ends = leaf[v]
        if ends and cost < budget:
            k = len(ends) if budget - cost >= 2 else sum(1 for x in ends if x[2] == 1)
            if k:
                record((k, path, cost))
                total += k
        if len(path) < limit:
            for w, _, c in inner[v]:
                if cost + c < budget and w not in path:
                    push(((*path, w), cost + c))
    return total


def _chain_blocks(leaf, inner, sources, limit: int, budget: int) -> tuple[int, list]:
    """Count the legal chains without listing them, in blocks.

    Empty cities joined by unbuilt paths form components of the "inner" graph,
    nearly always trees. In a tree every city reaches every other by exactly
    one walk, so when neither the Roads budget nor ``limit`` can bind, a tree
    component ``C`` starts ``len(C) * L`` chains (``L``: its unbuilt paths to
    available cities) and each of Rome's unbuilt paths into it starts ``L``
    more. Other components are walked depth first (:func:`_stems`).

    Returns ``(total, blocks)``, each block ``(count, kind, data)``."""
    blocks = []
    total = 0
    if budget < 1:
        return 0, blocks
    comp = [-1] * len(leaf)
    shapes = []  # per component: (cities, L, Roads on its paths, is a tree)
    alone = []  # one-city components with unbuilt paths to available cities
    alone_ends = 0  # their unbuilt paths to available cities
    for s in sources[1:]:
        if not inner[s]:
            n = len(leaf[s])
            if n:
                alone.append(s)
                alone_ends += n
            continue
        if comp[s] >= 0:
            continue
        cid = len(shapes)
        cities = [s]
        comp[s] = cid
        twice = ends = 0
        for v in cities:  # breadth first; the list grows as it is read
            nb = inner[v]
            twice += len(nb)
            ends += len(leaf[v])
            for w, _, _ in nb:
                if comp[w] < 0:
                    comp[w] = cid
                    cities.append(w)
        size = len(cities)
        tree = twice == 2 * (size - 1) and size + 1 <= limit
        # Roads on the component's paths: at most 2 a path; summed only when that bound binds
        roads = 2 * (size - 1)
        if roads + 4 > budget:
            roads = sum([c for v in cities for _, _, c in inner[v]]) // 2
        shapes.append((cities, ends, roads, tree))
        if tree and roads + 2 <= budget:
            if ends:
                blocks.append((size * ends, "tree", (cities, ends)))
                total += size * ends
        elif ends:
            stems = []  # every city of the component is a source
            k = sum([_stems(leaf, inner, (v,), 0, limit, budget, stems.append) for v in sorted(cities)])
            if k:
                blocks.append((k, "stems", stems))
                total += k
    if alone:
        if budget >= 2:
            k = alone_ends
            blocks.append((k, "alone", alone))
        else:
            k = sum([1 for s in alone for x in leaf[s] if x[2] == 1])
            if k:
                blocks.append((k, "stems", [(sum(1 for x in leaf[s] if x[2] == 1), (s,), 0)
                                            for s in alone]))
        total += k
    # Rome: its own unbuilt paths to available cities, then one block per path into an empty city
    k = len(leaf[0]) if budget >= 2 else sum(1 for x in leaf[0] if x[2] == 1)
    if k:
        blocks.append((k, "stems", [(k, (0,), 0)]))
        total += k
    if limit >= 2:
        for x, _, c in inner[0]:
            if c >= budget:
                continue
            cid = comp[x]
            cities, ends, roads, tree = shapes[cid] if cid >= 0 else ([x], len(leaf[x]), 0, True)
            if tree and c + roads + 2 <= budget:
                if ends:
                    blocks.append((ends, "rome", (x, c, cities, ends)))
                    total += ends
            else:
                stems = []
                k = _stems(leaf, inner, (0, x), c, limit, budget, stems.append)
                if k:
                    blocks.append((k, "stems", stems))
                    total += k
    return total, blocks


def _tree_walk(inner, start: int, end: int) -> tuple[tuple[int, ...], int]:
    """The one walk from ``start`` to ``end`` in a tree component of ``inner``
    paths, and its Roads."""
    back = {start: None}
    queue = [start]
    for v in queue:
        if v == end:
            break
        for w, _, c in inner[v]:
            if w not in back:
                back[w] = v, c
                queue.append(w)
    walk, roads = [end], 0
    step = back[end]
    while step is not None:
        v, c = step
        walk.append(v)
        roads += c
        step = back[v]
    walk.reverse()
    return tuple(walk), roads


def _nth_chain(state: GameState, pick: Callable[[int], int]) -> tuple[tuple[int, ...], int] | None:
    """The legal chain number ``pick(n)`` (``0 <= pick(n) < n``) of the ``n``
    legal chains, as ``(location indices, cost)``; ``None`` if there are none.

    Counts the chains by blocks (:func:`_chain_blocks`) instead of listing
    them, then builds only the chosen one. Every legal chain has exactly one
    index, so a uniform ``pick`` gives a uniform legal chain. (The numbering is
    not the order of :func:`legal_actions`.)"""
    if state._next_deal >= 0 or state._over:
        return None
    leaf, inner = state._open_split
    budget = state.roads_left[state.seat]
    total, blocks = _chain_blocks(leaf, inner, state._sources, state._path_limit, budget)
    if not total:
        return None
    r = pick(total)
    for count, kind, data in blocks:
        if r >= count:
            r -= count
            continue
        if kind == "stems":
            for k, path, cost in data:
                if r < k:
                    for u, _, c in leaf[path[-1]]:
                        if cost + c <= budget:
                            if r == 0:
                                return (*path, u), cost + c
                            r -= 1
                r -= k
        elif kind == "alone":  # one-city components, every path within the budget
            for v in data:
                if r < len(leaf[v]):
                    u, _, c = leaf[v][r]
                    return (v, u), c
                r -= len(leaf[v])
        elif kind == "tree":
            cities, ends = data
            start = cities[r // ends]
            r %= ends
            for w in cities:
                if r < len(leaf[w]):
                    u, _, c = leaf[w][r]
                    walk, roads = _tree_walk(inner, start, w)
                    return (*walk, u), roads + c
                r -= len(leaf[w])
        else:  # "rome": Rome, one path into a tree component, a walk in it
            x, c0, cities, ends = data
            for w in cities:
                if r < len(leaf[w]):
                    u, _, c = leaf[w][r]
                    walk, roads = _tree_walk(inner, x, w)
                    return (0, *walk, u), c0 + roads + c
                r -= len(leaf[w])
        break
    raise AssertionError("chain index out of range")  # pragma: no cover


def _ids(board: Board, chain: Sequence[int]) -> tuple[str, ...]:
    if len(chain) > 1:  # one C call (itemgetter of several items returns a tuple)
        return itemgetter(*chain)(board.locations)
    return tuple(map(board.locations.__getitem__, chain))


def _need_decision(state: GameState, what: str) -> None:
    if state._next_deal >= 0:
        raise RulesError(f"{what}: the set-up deal is still pending (a chance node)")
    if state._over:
        raise RulesError(f"{what}: the game is over")


def legal_connections(state: GameState) -> list[Connection]:
    """Every legal connection of the seat to move, within ``max_chain_paths``.

    Rule: ``001_a311a49632a27e24.txt``, The Turn and Going Through Cities. A
    chain of unbuilt paths starts at Rome or an empty city, may cross empty
    cities but never an available city (nor Rome), ends at an available city
    and costs no more Roads than the seat has left.

    Returns
    -------
    list[Connection]
        In a fixed order (by start location, then board path order); empty at
        chance and terminal nodes or when the seat cannot connect anything.

    Examples
    --------
    >>> s = new_game(rng=1)
    >>> cons = legal_connections(s)
    >>> all(c.chain[0] == "rome" for c in cons), min(c.cost for c in cons)
    (True, 1)
    """
    b = state.config.board
    return [Connection(_ids(b, ch), cost) for ch, cost in state._chains]


def iter_chains(state: GameState, *, max_cost: int | None = None,
                max_paths: int | None = None) -> Iterator[Connection]:
    """Lazily enumerate *all* legal chains of the seat to move (no config bound).

    The number of simple chains can grow exponentially with the empty cities;
    consume it with a bound (``itertools.islice``) or use :func:`enumerate_chains`.

    Parameters
    ----------
    max_cost : int, optional
        Only chains costing at most this many Roads (and never more than the
        seat has left).
    max_paths : int, optional
        Only chains of at most this many paths.

    Yields
    ------
    Connection

    Raises
    ------
    RulesError
        At a chance or terminal node.

    Examples
    --------
    >>> from itertools import islice
    >>> s = new_game(rng=1)
    >>> [c.chain for c in islice(iter_chains(s, max_cost=1), 2)]
    [('rome', 'capua'), ('rome', 'ariminum')]
    """
    _need_decision(state, "iter_chains")
    budget = state.roads_left[state.seat]
    if max_cost is not None:
        budget = min(budget, max_cost)
    b = state.config.board
    for ch, cost in _iter_int_chains(state, max_paths, budget):
        yield Connection(_ids(b, ch), cost)


def enumerate_chains(state: GameState, *, max_cost: int | None = None,
                     max_paths: int | None = None, max_chains: int = 10_000) -> list[Connection]:
    """All legal chains of the seat to move, with a guard against explosion.

    Parameters
    ----------
    max_cost, max_paths
        As :func:`iter_chains`.
    max_chains : int
        Refuse to list more than this many chains.

    Returns
    -------
    list[Connection]

    Raises
    ------
    RulesError
        At a chance or terminal node.
    ValueError
        If there are more than ``max_chains`` chains (tighten ``max_cost`` /
        ``max_paths`` or raise the bound).

    Examples
    --------
    >>> s = new_game(rng=1)
    >>> len(enumerate_chains(s)) == len(legal_connections(s))
    True
    """
    out = []
    for c in iter_chains(state, max_cost=max_cost, max_paths=max_paths):
        if len(out) >= max_chains:
            raise ValueError(f"more than max_chains={max_chains} legal chains; "
                             f"pass max_cost or max_paths, or a larger max_chains")
        out.append(c)
    return out


def cheapest_connections(state: GameState, city: str) -> list[Connection]:
    """Every minimum-cost legal chain to ``city`` for the seat to move.

    A cheapest chain is always one path from Rome or an empty city (any longer
    chain first enters an empty city, and starting there costs less), so this
    never depends on ``max_chain_paths``.

    Parameters
    ----------
    state : GameState
    city : str
        An available city.

    Returns
    -------
    list[Connection]
        All tied cheapest chains (Roads cost equal), sorted by chain; empty if
        the seat has too few Roads left.

    Raises
    ------
    RulesError
        If ``city`` is unknown or not available, or at a chance/terminal node.

    Examples
    --------
    >>> s = new_game(rng=1)
    >>> cheapest_connections(s, "capua")
    [Connection(chain=('rome', 'capua'), cost=1)]
    """
    _need_decision(state, "cheapest_connections")
    b = state.config.board
    t = b._index.get(city, 0)
    if t == 0:
        raise RulesError(f"unknown city {city!r}")
    if state.city_owner[t - 1] >= 0:
        raise RulesError(f"city {city!r} is already connected")
    found = []
    for u, e, c in b._adj[t]:
        if state.path_owner[e] < 0 and (u == 0 or state.city_owner[u - 1] >= 0):
            found.append((c, (u, t)))
    if not found:
        return []
    low = min(c for c, _ in found)
    if low > state.roads_left[state.seat]:
        return []
    return sorted(Connection(_ids(b, ch), c) for c, ch in found if c == low)


# ===================================================================== interface
def new_game(config: GameConfig | None = None, rng: RngLike = None, *,
             deal: Mapping[str, str] | None = None) -> GameState:
    """Start a game.

    Parameters
    ----------
    config : GameConfig, optional
        Default ``GameConfig()``: the bundled 4-5 board, 4 players.
    rng : None, int or numpy.random.Generator
        If given, the set-up deal is sampled from it (Set-up: "shuffle them.
        Then, place one on each City token, randomly") and recorded in the
        history; otherwise the returned state is a chance node.
    deal : Mapping[city id, Treasure id], optional
        A fixed deal instead (tests, what-ifs); every city must get a token.

    Returns
    -------
    GameState

    Raises
    ------
    RulesError
        If ``deal`` misses a city or places tokens that are not in play.

    Examples
    --------
    >>> s = new_game()
    >>> current_player(s) == CHANCE, len(chance_outcomes(s))
    (True, 9)
    >>> s = new_game(rng=7)
    >>> current_player(s), s.roads_left
    (0, (25, 25, 25, 25))
    """
    config = config or GameConfig()
    b = config.board
    n = len(b.city_ids)
    state = GameState(config, (None,) * n, (-1,) * n, (-1,) * len(b.paths),
                      (config.roads_per_player,) * config.players, (0,) * config.players)
    if deal is not None:
        missing = [c for c in b.city_ids if c not in deal]
        extra = [c for c in deal if c not in b._index or c == ROME]
        if missing or extra:
            raise RulesError(f"deal must name every city once; missing {missing}, unknown {extra}")
        for c in b.city_ids:
            state = apply(state, deal[c])
        return state
    if rng is None:
        return state
    gen = as_generator(rng)
    supply = _tokens_in_play(config)
    tokens = [t for t, k in supply.items() for _ in range(k)]
    order = gen.permutation(len(tokens))[:n]
    placed = tuple(tokens[i] for i in order)
    history = tuple(("deal", c, t) for c, t in zip(b.city_ids, placed, strict=True))
    return replace(state, treasures=placed, history=history)


def _tokens_in_play(config: GameConfig) -> dict[str, int]:
    return dict(config._tokens)


def current_player(state: GameState) -> int:
    """Seat to move, :data:`CHANCE` during the deal, :data:`TERMINAL` once over.

    Examples
    --------
    >>> current_player(new_game()), current_player(new_game(rng=0))
    (-1, 0)
    """
    if state._next_deal >= 0:
        return CHANCE
    if state._over:
        return TERMINAL
    return state.seat


def chance_outcomes(state: GameState) -> list[tuple[str, Fraction]]:
    """The pending chance node: ``[(Treasure id, probability)]`` for the next city.

    Rule: ``001_a311a49632a27e24.txt``, Set-up (and 2-3 Player Variants for
    the token set). Cities are dealt in board order from the tokens left.

    Returns
    -------
    list[tuple[str, Fraction]]
        Outcomes with non-zero probability, summing to exactly 1; empty when no
        chance node is pending.

    Examples
    --------
    >>> dict(chance_outcomes(new_game()))["gold"]
    Fraction(1, 5)
    """
    if state._next_deal < 0:
        return []
    left = Counter(_tokens_in_play(state.config))
    left.subtract(t for t in state.treasures if t is not None)
    total = sum(left.values())
    return [(t, Fraction(k, total)) for t, k in left.items() if k > 0]


def legal_actions(state: GameState) -> list:
    """Legal actions at any node.

    Returns
    -------
    list
        Chance node: the Treasure ids that can be dealt next. Decision node:
        the chains of :func:`legal_connections` (tuples of location ids), or
        ``[PASS]`` when there are none. Terminal: ``[]``.

    Examples
    --------
    >>> s = new_game(rng=3)
    >>> ("rome", "capua") in legal_actions(s)
    True
    """
    if state._next_deal >= 0:
        return [t for t, _ in chance_outcomes(state)]
    if state._over:
        return []
    b = state.config.board
    chains = [_ids(b, ch) for ch, _ in state._chains]
    return chains or [PASS]


def is_over(state: GameState) -> bool:
    """Whether the game has ended.

    Rule: ``001_a311a49632a27e24.txt``, End of Game: "Once all Cities have been
    connected to Rome". Also (option ``no_move``, not in the rules) when no seat
    can connect any city, or with ``"end_game"`` when the seat to move cannot.

    Examples
    --------
    >>> is_over(new_game(rng=0))
    False
    """
    return state._over


def _check_chain(state: GameState, action) -> tuple[tuple[int, ...], int]:
    b = state.config.board
    if isinstance(action, str) or not isinstance(action, Sequence) or len(action) < 2:
        raise RulesError(f"a connection is a chain of at least two locations such as "
                         f"('rome', 'capua'), or {PASS!r}; got {action!r}")
    idx = []
    for loc in action:
        i = b._index.get(loc) if isinstance(loc, str) else None
        if i is None:
            raise RulesError(f"unknown location {loc!r} on board {b.name!r}")
        idx.append(i)
    co, po = state.city_owner, state.path_owner
    if len(set(idx)) != len(idx):
        twice = next(loc for loc in action if action.count(loc) > 1)
        raise RulesError(f"chain visits {twice!r} twice")
    start, end = idx[0], idx[-1]
    if start != 0 and co[start - 1] < 0:
        raise RulesError(f"a chain starts at Rome or an empty city; city {action[0]!r} is still "
                         f"available")
    for loc, i in zip(action[1:-1], idx[1:-1], strict=True):
        if i == 0:
            raise RulesError("Rome can start a chain but cannot be crossed")
        if co[i - 1] < 0:
            raise RulesError(f"city {loc!r} is still available and cannot be crossed")
    if end == 0:
        raise RulesError("a chain must end at an available city, not at Rome")
    if co[end - 1] >= 0:
        raise RulesError(f"city {action[-1]!r} is already connected (its tokens are taken)")
    cost = 0
    for (a, i), (c, j) in zip(zip(action, idx, strict=True), zip(action[1:], idx[1:], strict=True),
                              strict=False):
        e = b._edge.get((i, j))
        if e is None:
            raise RulesError(f"no path between {a!r} and {c!r}")
        if po[e] >= 0:
            raise RulesError(f"path {a!r}-{c!r} already holds Roads (seat {po[e]})")
        cost += b._cost[e]
    limit = state.config.max_chain_paths
    if limit is not None and len(idx) - 1 > limit:
        raise RulesError(f"chain of {len(idx) - 1} paths is longer than max_chain_paths={limit}")
    if cost > state.roads_left[state.seat]:
        raise RulesError(f"chain costs {cost} Roads but seat {state.seat} has only "
                         f"{state.roads_left[state.seat]} left")
    return tuple(idx), cost


def _int_routes(board: Board, path_owner: Sequence[int], target: int,
                dist: Sequence[int] | None = None) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Fewest-Roads routes target -> Rome over built paths: (locations, path indices).

    ``dist`` (fewest Roads from Rome, as ``GameState.route_dist``) is computed
    if not given.
    """
    adj = board._adj
    if dist is None:
        d0 = [_INF] * len(board.locations)
        d0[0] = 0
        dist = _relax(board, path_owner, d0, [0])
    assert dist[target] < _INF, "a captured city is always joined to Rome"

    out = []
    stack = [((target,), ())]
    while stack:
        locs, edges = stack.pop()
        v = locs[-1]
        if v == 0:
            out.append((locs, edges))
            continue
        dv = dist[v]
        for u, e, c in adj[v]:
            if path_owner[e] >= 0 and dist[u] + c == dv:
                stack.append(((*locs, u), (*edges, e)))
    return out



def _score_routes(state: GameState, path_owner: Sequence[int], target: int, gold: bool,
                  dist: Sequence[int] | None = None, routes=None) -> list[RouteOption]:
    b = state.config.board
    mult = 2 if gold else 1
    options = []
    if routes is None:
        routes = _int_routes(b, path_owner, target, dist)
    for locs, edges in routes:
        pts: dict[int, int] = {}
        total = 0
        for e in edges:
            r = b._cost[e]
            total += r
            o = path_owner[e]
            pts[o] = pts.get(o, 0) + r * mult
        options.append(RouteOption(_ids(b, locs), total, pts))
    options.sort(key=lambda o: o.path)
    return options


def apply(state: GameState, action) -> GameState:
    """Apply one action and return the new state (``state`` is never changed).

    Rule: ``001_a311a49632a27e24.txt``, The Turn, in order: place the Roads;
    take the City and Treasure tokens; score the fewest-Roads route to Rome
    (Scoring Routes), doubled for every player when the Treasure is Gold; the
    next seat plays. At a chance node the action is the Treasure id dealt to
    the next city (Set-up).

    Parameters
    ----------
    state : GameState
    action : str or tuple[str, ...]
        A Treasure id (chance node), a chain of location ids, or :data:`PASS`.

    Returns
    -------
    GameState

    Raises
    ------
    RulesError
        If the action is illegal, saying why and quoting the offending value;
        ``state`` is unchanged.

    Examples
    --------
    >>> s = new_game(rng=3)
    >>> t = apply(s, ("rome", "capua"))
    >>> t.city_owner[t.config.board.city_ids.index("capua")], t.roads_left[0], t.route_points[0] >= 1
    (0, 24, True)
    >>> apply(t, ("rome", "ariminum", "aquileia"))
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: city 'ariminum' is still available and cannot be crossed
    """
    nxt = state._next_deal
    if nxt >= 0:
        left = dict(chance_outcomes(state))
        if not isinstance(action, str) or action not in left:
            raise RulesError(f"the set-up deal needs a Treasure id for city "
                             f"{state.config.board.city_ids[nxt]!r}; {action!r} is not among the "
                             f"tokens left {sorted(left)}")
        treasures = state.treasures[:nxt] + (action,) + state.treasures[nxt + 1:]
        return replace(state, treasures=treasures,
                       history=(*state.history, ("deal", state.config.board.city_ids[nxt], action)))
    if state._over:
        raise RulesError(f"the game is over; no action {action!r} can be applied")
    players = state.config.players
    if isinstance(action, str) and action == PASS:
        if state._chains:
            raise RulesError(f"seat {state.seat} cannot pass: it has a legal connection, "
                             f"e.g. {_ids(state.config.board, state._chains[0][0])!r}")
        return replace(state, seat=(state.seat + 1) % players,
                       history=(*state.history, (PASS, state.seat)))
    chain, cost = _check_chain(state, action)
    return _connect(state, chain, cost)


_new_state = object.__new__
_add = int.__add__
_by_path = itemgetter(1)
#: Route-choice keys pack (-own points, leader's points) as -own * _KEY + leader's.
_KEY = 1 << 40


def _choose_route(state: GameState, po: Sequence[int], target: int, mult: int,
                  dist: Sequence[int], prefix: list[int] | None = None,
                  prefix_points: list[int] | None = None) -> tuple[list[int], tuple[str, ...]]:
    """Tied fewest-Roads routes: the active player's choice by the route policy,
    as ``(points per seat, path)``.

    The two built-in policies are solved on the fewest-Roads DAG without listing
    the routes: the best ``(-own points, leader's points)`` from each location
    (nearest Rome first), then a walk from the captured city taking the
    smallest location id among the best next steps, which is the first best
    option in path order -- the same choice as the policy makes on the sorted
    :class:`RouteOption` list. Any other policy gets that list. ``prefix``
    (locations from the captured city to the first tie, which every tied route
    shares) and its ``prefix_points`` let the search start at that tie."""
    b = state.config.board
    seat = state.seat
    n = len(state.route_points)
    policy = ROUTE_POLICIES[state.config.route_policy]
    if policy is not _self_then_leader and policy is not _first:
        options = _score_routes(state, po, target, mult == 2, dist)
        chosen = policy(options, seat, state)
        return [chosen.points.get(o, 0) for o in range(n)], chosen.path
    adj, rank = b._adj, b._rank
    if policy is _self_then_leader:
        rp = state.route_points
        me, leader = seat, -1
        for s in range(n):  # the other seat with the most route points, ties to the lowest
            if s != seat and (leader < 0 or rp[s] > rp[leader]):
                leader = s
    else:  # path order only
        me = leader = -1
    if prefix is None:
        prefix, prefix_points = [target], [0] * n
    start = prefix[-1]
    # best[v] = (key, next location, path index, points) over the fewest-Roads
    # DAG from v to Rome; key = (-own points, leader's points) as one int
    # (-own * _KEY + leader's), ties to the next location first in id order
    # (the first route in path order)
    best: dict[int, tuple] = {0: (0, None, None, 0)}
    scale = len(rank)

    def solve(v):
        dv = dist[v]
        top = None
        low = 0
        for u, e, c in adj[v]:
            if dist[u] + c == dv and po[e] >= 0:
                bu = best.get(u) or solve(u)
                o = po[e]
                w = c * mult
                k = bu[0]
                if o == me:
                    k -= w * _KEY
                elif o == leader:
                    k += w
                kr = k * scale + rank[u]  # (key, id order) as one int
                if top is None or kr < low:
                    top, low = (k, u, e, w), kr
        best[v] = top
        return top

    solve(start)
    pts = list(prefix_points)
    path = list(prefix)
    v = start
    while v:
        _, v, e, w = best[v]
        pts[po[e]] += w
        path.append(v)
    return pts, _ids(b, path)


def _connect(state: GameState, chain: tuple[int, ...], cost: int) -> GameState:
    """Place the chain's Roads, take the tokens and score the route (validated input).

    Incremental: only the chain's locations and the captured city's neighbours
    change their unbuilt-path lists; distances to Rome are relaxed from the
    chain only when a new path shortens one (otherwise only the captured city,
    a leaf of the built network, gets a distance); the route is walked back
    from the captured city, enumerating all tied routes only when there is a tie.
    The new state is a new frozen :class:`GameState` (built without the
    dataclass ``__init__``, with its known derived facts filled in).
    """
    b = state.config.board
    seat = state.seat
    edge_of, cost_of, adj = b._edge, b._cost, b._adj
    po = list(state.path_owner)
    old = state.route_dist
    target = chain[-1]
    improves = False
    a = chain[0]
    for v in chain[1:]:
        e = edge_of[a, v]
        po[e] = seat
        if v != target:
            c = cost_of[e]
            da, dv = old[a], old[v]
            if da + c < dv or dv + c < da:
                improves = True
        a = v
    last = e
    if improves:
        dist = _relax(b, po, list(old), chain)
    else:  # no new path shortens a route: only the captured (leaf) city gets a distance
        dist = list(old)
        dist[target] = old[chain[-2]] + cost_of[last]
        dist = tuple(dist)
    co = list(state.city_owner)
    co[target - 1] = seat
    co = tuple(co)
    mult = 2 if state.treasures[target - 1] == "gold" else 1
    gained = [0] * len(state.route_points)
    # walk the fewest-Roads route back to Rome; fall back to every tied route on a tie
    locs = [target]
    gained[seat] = cost_of[last] * mult
    v = chain[-2]
    while v:
        locs.append(v)
        dv = dist[v]
        step = None
        for u, e, c in adj[v]:
            if dist[u] + c == dv and po[e] >= 0:
                if step is not None:
                    step = False
                    break
                step = u, e, c
        if not step:
            break
        v, e, c = step
        gained[po[e]] += c * mult
    else:
        locs.append(0)
    if v:  # a tie at v: the active player chooses among the tied routes from v on
        gained, path = _choose_route(state, po, target, mult, dist, locs, gained)
    else:
        path = _ids(b, locs)
    pts = tuple(map(_add, state.route_points, gained))
    roads_left = list(state.roads_left)
    roads_left[seat] -= cost
    gained = tuple(gained)
    record = ("connect", seat, _ids(b, chain), path, gained)
    # unbuilt-path lists: drop the chain's paths, and the captured city turns
    # from a leaf into an inner location for each of its neighbours
    leaf, inner = state._open_split
    leaf, inner = list(leaf), list(inner)
    entry = b._entry
    a = chain[0]
    for v in chain[1:]:
        x = entry[a, v]
        if v == target:
            t = leaf[a]
            i = t.index(x)
            leaf[a] = t[:i] + t[i + 1:]
        else:
            t = inner[a]
            i = t.index(x)
            inner[a] = t[:i] + t[i + 1:]
        if a:  # Rome is in no list
            t = inner[v]
            i = t.index(entry[v, a])
            inner[v] = t[:i] + t[i + 1:]
        a = v
    for x, y in zip(adj[target], b._twin[target], strict=True):  # ``y``: the path as ``u`` lists it
        e = x[1]
        if po[e] < 0:
            u = x[0]
            t = leaf[u]
            i = t.index(y)
            leaf[u] = t[:i] + t[i + 1:]
            t = inner[u]
            i = bisect_left(t, e, key=_by_path)  # board order
            inner[u] = (*t[:i], y, *t[i:])
    sources = list(state._sources)
    insort(sources, target)
    rl = tuple(roads_left)
    nxt = (seat + 1) % len(gained)
    new = _new_state(GameState)
    facts = new.__dict__
    if -1 not in co:
        facts["_over"] = True
    elif max(rl) >= 2 and (rl[nxt] >= 2 or state.config.no_move != "end_game"):
        facts["_over"] = False  # as GameState._over decides, without the search
    facts.update({
        "config": state.config, "treasures": state.treasures, "city_owner": co,
        "path_owner": tuple(po), "roads_left": rl, "route_points": pts,
        "seat": nxt, "history": (*state.history, record), "_dist": dist,
        "_open": None, "route_dist": dist, "_next_deal": -1,
        "_open_split": (tuple(leaf), tuple(inner)), "_sources": tuple(sources),
    })
    return new


# ===================================================================== scoring
def _holdings(state: GameState):
    b = state.config.board
    n = state.config.players
    treasures = {p: Counter() for p in range(n)}
    tokens: dict[int, list[tuple[str, int]]] = {p: [] for p in range(n)}
    for city, owner, t in zip(b.cities, state.city_owner, state.treasures, strict=True):
        if owner >= 0:
            treasures[owner][t] += 1
            tokens[owner].append((city.colour, city.value))
    return treasures, tokens


#: ``scoring.treasure_points(...).total`` by scoring tables, then by Treasure counts (in
#: ``treasure_ids`` order): holdings repeat across games.
_TREASURE_TOTALS: dict = {}
#: ``scoring.city_points`` by a seat's sorted City tokens (standard scoring).
_CITY_TOTALS: dict = {}


#: Per component set (by ``id``; the set is kept alive here): (set, non-Gold ids,
#: Gold id, whether every non-Gold type has the same box supply).
_TREASURE_SHAPES: dict = {}


def _treasure_shape(comps: Components) -> tuple[tuple[str, ...], str, bool]:
    """``(non-Gold ids, Gold id, symmetric)``. Treasure points depend on the
    non-Gold counts only as a multiset (``scoring._score``: a sum over types and
    rows of different types); with equal box supplies, counts can be sorted
    before caching without changing any result or validation."""
    shape = _TREASURE_SHAPES.get(id(comps))
    if shape is None or shape[0] is not comps:
        supply = comps.supply
        ids = comps.non_gold_ids
        shape = _TREASURE_SHAPES[id(comps)] = (comps, ids, comps.gold_id,
                                               len({supply[t] for t in ids}) == 1)
    return shape[1:]


def score_parts(state: GameState) -> list[dict[str, int]]:
    """Each seat's points by part, as if the game ended now.

    Uses :func:`~rometools.caesars_empire.scoring.city_points`,
    :func:`~rometools.caesars_empire.scoring.treasure_points` and
    :func:`~rometools.caesars_empire.scoring.road_bonus` (End of Game).

    Returns
    -------
    list[dict[str, int]]
        Per seat: ``route``, ``cities``, ``treasures``, ``road_bonus``, ``total`` (points).

    Examples
    --------
    >>> parts = score_parts(new_game(rng=0))
    >>> parts[0]
    {'route': 0, 'cities': 0, 'treasures': 0, 'road_bonus': 10, 'total': 10}
    """
    cfg = state.config
    comps = cfg.components
    n = cfg.players
    ids = comps.treasure_ids
    slot = {t: i for i, t in enumerate(ids)}
    held = [[0] * len(ids) for _ in range(n)]  # Treasure tokens per seat, in ``ids`` order
    tokens: list[list[tuple[str, int]]] = [[] for _ in range(n)]
    for token, owner, t in zip(cfg.board._city_tokens, state.city_owner, state.treasures, strict=True):
        if owner >= 0:
            held[owner][slot[t]] += 1
            tokens[owner].append(token)
    non_gold, gold, symmetric = _treasure_shape(comps)
    gold_slot = slot[gold]
    totals = _TREASURE_TOTALS.setdefault((comps.tables, symmetric), {})
    in_play = cfg.board.city_tokens() if cfg.sum_complete_colours else None
    bonus = road_bonus(dict(enumerate(state.roads_left)), components=comps)
    out = []
    for p in range(cfg.players):
        if in_play is None:  # only the tokens held matter: cached on them
            key = tuple(sorted(tokens[p]))
            cities = _CITY_TOTALS.get(key)
            if cities is None:
                if len(_CITY_TOTALS) >= 1 << 16:  # holdings vary a lot: keep the cache bounded
                    _CITY_TOTALS.clear()
                cities = _CITY_TOTALS[key] = city_points(key)
        else:
            cities = city_points(tokens[p], sum_complete_colours=cfg.sum_complete_colours,
                                 tokens_in_play=in_play)
        key = tuple(held[p])
        if symmetric:
            gold_count = key[gold_slot]
            key = (*sorted(key[:gold_slot] + key[gold_slot + 1:]), gold_count)
        ts = totals.get(key)
        if ts is None:
            counts = (dict(zip(non_gold, key, strict=False)) | {gold: key[-1]} if symmetric
                      else dict(zip(ids, key, strict=True)))
            ts = totals[key] = treasure_points(counts, components=comps).total
        route = state.route_points[p]
        out.append({"route": route, "cities": cities, "treasures": ts, "road_bonus": bonus[p],
                    "total": route + cities + ts + bonus[p]})
    return out


def scores(state: GameState) -> tuple[int, ...]:
    """Total points per seat: final scores once :func:`is_over`, provisional before.

    Examples
    --------
    >>> scores(new_game(rng=0))
    (10, 10, 10, 10)
    """
    return tuple(p["total"] for p in score_parts(state))


def final_scores(state: GameState):
    """The final score table with the rulebook tiebreakers, via ``scoring.final_ranking``.

    Returns
    -------
    pandas.DataFrame
        One row per seat (``player`` is the seat number), best first; see
        :func:`~rometools.caesars_empire.scoring.final_ranking`.

    Examples
    --------
    >>> final_scores(new_game(rng=0))["total"].tolist()
    [10, 10, 10, 10]
    """
    cfg = state.config
    treasures, tokens = _holdings(state)
    n = cfg.players
    return final_ranking(
        dict(enumerate(state.route_points)), {p: dict(treasures[p]) for p in range(n)}, tokens,
        dict(enumerate(state.roads_left)), sum_complete_colours=cfg.sum_complete_colours,
        tokens_in_play=cfg.board.city_tokens(), components=cfg.components)


# ===================================================================== json and replay
def to_json(state: GameState) -> str:
    """Serialise a game (config + history) to JSON; :func:`from_json` inverts it exactly.

    Examples
    --------
    >>> s = apply(new_game(rng=5), ("rome", "capua"))
    >>> from_json(to_json(s)) == s
    True
    """
    return json.dumps({"format": _JSON_FORMAT, "version": 1, "config": state.config.to_dict(),
                       "history": [_entry_to_json(h) for h in state.history]})


def _entry_to_json(h: tuple) -> list:
    return [list(x) if isinstance(x, tuple) else x for x in h]


def from_json(text: str) -> GameState:
    """Rebuild a game from :func:`to_json` output (by replaying it).

    Raises
    ------
    RulesError
        If the log is malformed or an entry is illegal or disagrees with the rules.

    Examples
    --------
    >>> s = new_game(rng=1)
    >>> from_json(to_json(s)) == s
    True
    """
    return replay(text)


def replay(log: str | Mapping[str, Any], *, upto: int | None = None) -> GameState:
    """Rebuild a game by re-applying its history, checking every recorded result.

    Parameters
    ----------
    log : str or Mapping
        :func:`to_json` output or the parsed dict.
    upto : int, optional
        Stop after this many history entries (step a game back and forth).

    Returns
    -------
    GameState

    Raises
    ------
    RulesError
        If an entry is illegal, or a recorded route / points differ from what
        the rules give (quoting the entry number).

    Examples
    --------
    >>> s = apply(new_game(rng=5), ("rome", "capua"))
    >>> replay(to_json(s), upto=40) == new_game(rng=5)
    True
    """
    data = json.loads(log) if isinstance(log, str) else log
    if data.get("format") != _JSON_FORMAT:
        raise RulesError(f"not a Caesar's Empire game log (format {data.get('format')!r})")
    config = GameConfig.from_dict(data["config"])
    state = new_game(config)
    entries = data["history"] if upto is None else data["history"][:upto]
    for k, h in enumerate(entries):
        kind = h[0]
        if kind == "deal":
            if state._next_deal < 0 or state.config.board.city_ids[state._next_deal] != h[1]:
                raise RulesError(f"history[{k}]: deal to {h[1]!r} out of order")
            state = apply(state, h[2])
        elif kind == PASS:
            if current_player(state) != h[1]:
                raise RulesError(f"history[{k}]: seat {h[1]!r} passes out of turn")
            state = apply(state, PASS)
        elif kind == "connect":
            if current_player(state) != h[1]:
                raise RulesError(f"history[{k}]: seat {h[1]!r} plays out of turn")
            state = apply(state, tuple(h[2]))
            got = state.history[-1]
            if tuple(h[3]) != got[3] or tuple(h[4]) != got[4]:
                raise RulesError(f"history[{k}]: recorded route {h[3]!r} / points {h[4]!r} differ "
                                 f"from the rules' {got[3]!r} / {got[4]!r}")
        else:
            raise RulesError(f"history[{k}]: unknown entry {h!r}")
    return state


# ===================================================================== views for charts and explorers
def built_roads(state: GameState) -> dict[frozenset, int]:
    """Paths holding Roads, as ``{frozenset({a, b}): seat}`` (the ``roads`` of :func:`route_points`).

    Examples
    --------
    >>> s = apply(new_game(rng=3), ("rome", "capua"))
    >>> [(sorted(pair), seat) for pair, seat in built_roads(s).items()]
    [(['capua', 'rome'], 0)]
    """
    paths = state.config.board.paths
    return {paths[e].key: seat for e, seat in enumerate(state.path_owner) if seat >= 0}


def connection_routes(state: GameState, chain: Sequence[str], *, gold: bool | None = None
                      ) -> list[RouteOption]:
    """The scoring route(s) if the seat to move built ``chain`` now, without applying it.

    Rule: ``001_a311a49632a27e24.txt``, Scoring Routes (fewest Roads; ties are
    the active player's choice; Gold doubles every player's points).

    Parameters
    ----------
    state : GameState
        A decision node.
    chain : sequence of str
        A legal chain (see :func:`apply`).
    gold : bool, optional
        Score as if the city's Treasure were (``True``) or were not (``False``)
        Gold; default: what the city really holds.

    Returns
    -------
    list[RouteOption]
        Every tied fewest-Roads route, with points per seat.

    Raises
    ------
    RulesError
        If the chain is illegal (the message says why); ``state`` is unchanged.

    Examples
    --------
    >>> s = new_game(rng=3)
    >>> connection_routes(s, ("rome", "capua"), gold=True)
    [RouteOption(path=('capua', 'rome'), roads=1, points={0: 2})]
    """
    _need_decision(state, "connection_routes")
    idx, _ = _check_chain(state, tuple(chain))
    b = state.config.board
    roads = built_roads(state)
    for a, c in zip(chain, chain[1:], strict=False):
        roads[frozenset((a, c))] = state.seat
    if gold is None:
        gold = state.treasures[idx[-1] - 1] == "gold"
    return route_points(b, roads, chain[-1], gold=gold)


def turn_states(state: GameState) -> list[GameState]:
    """The game's states turn by turn: after the deal, then after each action.

    Parameters
    ----------
    state : GameState
        Any state of a game (usually the final one); its history is re-applied.

    Returns
    -------
    list[GameState]
        ``[after deal, after turn 1, ...]``; the last equals ``state``.

    Examples
    --------
    >>> s = apply(apply(new_game(rng=2), ("rome", "capua")), ("rome", "ariminum"))
    >>> states = turn_states(s)
    >>> len(states), states[-1] == s, states[0].route_points
    (3, True, (0, 0, 0, 0))
    """
    deals = sum(1 for h in state.history if h[0] == "deal")
    current = replay(json.loads(to_json(state)), upto=deals)
    out = [current]
    for h in state.history[deals:]:
        current = apply(current, PASS if h[0] == PASS else tuple(h[2]))
        out.append(current)
    return out
