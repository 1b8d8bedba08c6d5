"""Caesar's Empire rules: the reference a reader checks against the rulebook.

Rules: ``001_a311a49632a27e24.txt`` (Set-up, The Turn, Scoring Routes, Going
Through Cities, 2-3 Player Variants, End of Game); the same rules in
``000_9470d6e5062bf7dc.txt`` (Drogi do Rzymu). Each rule below stands beside
its quote. The values (config, state, actions) are in
:mod:`~rometools.caesars_empire.state`; the fast engine that plays the same
rules is :mod:`~rometools.caesars_empire.engine`, and a test checks after every
move of seeded games that the two agree.

The interface is the common rometools protocol (:mod:`rometools.core.game`):
:func:`new_game`, :func:`current_player`, :func:`legal_actions`,
:func:`chance_outcomes`, :func:`apply`, :func:`is_over`, :func:`scores`,
:func:`action_history`, :func:`initial_state`, :func:`to_json`, :func:`from_json`.

Model
-----
* **Seats.** Seat 0 is the first player ("draw one at random. This is the
  first player": the draw only names who sits in seat 0); play goes 0, 1, 2...
* **Chance.** The set-up deal is a chance node per city in board order, each
  listing ``[(Treasure id, Fraction)]`` from the tokens not yet placed.
  ``new_game(config, rng)`` samples the whole deal at once (same law) and
  records each draw.
* **Actions.** At a chance node, a Treasure id. At a decision node, a *chain*:
  location ids from its start (``"rome"`` or an empty city) through empty
  cities to an available city, e.g. ``("rome", "capua")``; :data:`PASS` when
  the player has no legal connection (option ``no_move``). With
  ``route_policy="player"`` an action is ``(chain, route)``: the chain and
  the tied fewest-Roads route the player chooses to score.
* **Action space.** Every legal chain is an action while the Roads allow (at
  most ~75 a turn on the bundled boards; ``max_chain_paths`` bounds it, CE-13).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import repeat
from typing import Any

import networkx as nx

from rometools.caesars_empire import engine
from rometools.caesars_empire.board import ROME, Board
from rometools.caesars_empire.state import (
    CHANCE,
    PASS,
    PLAYER_CHOICE,
    ROUTE_POLICIES,
    TERMINAL,
    Connection,
    GameConfig,
    GameState,
    RouteOption,
)
from rometools.core.errors import (
    ArgumentError,
    IllegalActionError,
    InvalidActionError,
    refused,
    wrong_config,
)
from rometools.core.formatting import shown
from rometools.core.rng import RngLike, as_generator, seed_entropy

__all__ = [
    "action_history",
    "apply",
    "apply_legal",
    "chance_outcomes",
    "check_chain",
    "connect",
    "current_player",
    "initial_state",
    "iter_chains",
    "legal_actions",
    "legal_connections",
    "new_game",
    "route_choices",
    "route_points",
]

_BUILT_IN = ("self_then_leader", "first")  # route policies the engine solves itself
_connect = engine._kernel.connect  # ``engine.connect`` without its Python frame (:func:`apply_legal`)


# ===================================================================== route scoring
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
        One per tied fewest-Roads path, sorted by path.

    Raises
    ------
    ArgumentError
        If ``city`` is not a city of the board, a pair is not a path of the
        board, or no built route joins ``city`` to Rome.

    Examples
    --------
    >>> from rometools.caesars_empire import load_board
    >>> route_points(load_board("4-5"), {("rome", "capua"): "yellow"}, "capua", gold=True)
    [RouteOption(path=('capua', 'rome'), roads=1, points={'yellow': 2})]
    """
    built: dict[frozenset, Hashable] = {}
    for pair, owner in roads.items():
        key = frozenset(pair)
        ends = sorted(key)
        if len(ends) != 2 or board.path_between(*ends) is None:
            raise ArgumentError(f"{shown(tuple(pair))} is not a path of board {board.name!r}")
        built[key] = owner
    if not isinstance(city, str) or city == ROME or city not in board.graph:
        raise ArgumentError(f"unknown city {shown(city)}")

    def weight(u, v, data):  # only built paths carry a route
        return data["roads"] if frozenset((u, v)) in built else None

    try:
        found = sorted(tuple(p) for p in nx.all_shortest_paths(board.graph, city, ROME, weight=weight))
    except nx.NetworkXNoPath:
        raise ArgumentError(f"city {shown(city)} has no built route to Rome") from None
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


# ===================================================================== chains
def _need_decision(state: GameState, what: str, error: type[Exception]) -> None:
    """Refuse a decision node's request at a chance or terminal node: ``error`` is
    :class:`IllegalActionError` for a move (:func:`connect`), :class:`ArgumentError`
    for a listing (:func:`iter_chains`)."""
    if engine.next_deal(state) >= 0:
        raise error(f"{what}: the set-up deal is still pending (a chance node)")
    if current_player(state) == TERMINAL:
        raise error(f"{what}: the game is over")


def _read_chain(board: Board, action: Any) -> list[int]:
    """A chain's location indices; :class:`InvalidActionError` if it is no chain of ``board`` at all
    (not a sequence of at least two of its location ids)."""
    if isinstance(action, str) or not isinstance(action, Sequence) or len(action) < 2:
        raise InvalidActionError(f"a connection is a chain of at least two locations such as "
                                 f"('rome', 'capua'), or {PASS!r}; got {shown(action)}")
    idx = []
    for loc in action:
        i = board._index.get(loc) if isinstance(loc, str) else None
        if i is None:
            raise InvalidActionError(f"unknown location {shown(loc)} on board {board.name!r}")
        idx.append(i)
    return idx


def _read_route(board: Board, route: Any) -> tuple[str, ...]:
    """A chosen route as a tuple; :class:`InvalidActionError` if it is no sequence of ``board``'s location ids."""
    if isinstance(route, str) or not isinstance(route, Sequence):
        raise InvalidActionError(f"a route is a sequence of location ids from the city to Rome, got {shown(route)}")
    for loc in route:
        if not isinstance(loc, str) or loc not in board._index:
            raise InvalidActionError(f"unknown location {shown(loc)} on board {board.name!r} in the route {shown(route)}")
    return tuple(route)


def _read_choice(config: GameConfig, action: Any) -> None:
    """:class:`InvalidActionError` unless ``action`` is ``(chain, route)`` of ``config``'s board
    (the decision's form with ``route_policy="player"``)."""
    if not (isinstance(action, Sequence) and len(action) == 2
            and all(isinstance(x, Sequence) and not isinstance(x, str) for x in action)):
        raise InvalidActionError(f"route_policy='player': an action is (chain, route), e.g. "
                                 f"(('rome', 'capua'), ('capua', 'rome')); got {shown(action)}")
    _read_chain(config.board, action[0])
    _read_route(config.board, action[1])


def _action_problem(config: GameConfig, action: Any) -> str | None:
    """Why ``action`` is no action of the game with ``config`` at all (neither a Treasure id
    nor a decision's form); ``None`` if it is one."""
    if isinstance(action, str) and (action == PASS or action in config.components.treasure_ids):
        return None
    try:
        if config.route_policy == PLAYER_CHOICE:
            _read_choice(config, action)
        else:
            _read_chain(config.board, action)
    except InvalidActionError as err:
        return str(err)
    return None


def check_chain(state: GameState, action: Any) -> tuple[tuple[int, ...], int]:
    """Check a chain for the seat to move; its location indices and cost (Roads).

    Rule: ``001_a311a49632a27e24.txt``, The Turn and Going Through Cities: a
    chain of unbuilt paths starts at Rome or at an empty city (whose tokens are
    taken), may cross empty cities but never an available city nor Rome, ends
    at an available city and costs no more Roads than the player has left.

    Raises
    ------
    InvalidActionError
        If ``action`` is no chain at all: not a sequence of at least two
        location ids of the board.
    IllegalActionError
        Saying which rule the chain breaks, quoting the offending value.

    Examples
    --------
    >>> s = new_game(rng=3)
    >>> check_chain(s, ("rome", "capua"))
    ((0, 1), 1)
    >>> check_chain(s, ("rome", "ariminum", "aquileia"))
    Traceback (most recent call last):
    ...
    rometools.core.errors.IllegalActionError: city 'ariminum' is still available and cannot be crossed
    >>> check_chain(s, ("rome", "ostia"))
    Traceback (most recent call last):
    ...
    rometools.core.errors.InvalidActionError: unknown location 'ostia' on board 'Illustrative Empire (4-5 players, 40 cities)'
    """
    b = state.config.board
    idx = _read_chain(b, action)
    owner = state.city_owner
    if len(set(idx)) != len(idx):
        raise IllegalActionError(f"chain visits {next(x for x in action if action.count(x) > 1)!r} twice")
    if idx[0] != 0 and owner[idx[0] - 1] < 0:
        raise IllegalActionError(f"a chain starts at Rome or an empty city; city {action[0]!r} is still available")
    for loc, i in zip(action[1:-1], idx[1:-1], strict=True):
        if i == 0:
            raise IllegalActionError("Rome can start a chain but cannot be crossed")
        if owner[i - 1] < 0:
            raise IllegalActionError(f"city {loc!r} is still available and cannot be crossed")
    if idx[-1] == 0:
        raise IllegalActionError("a chain must end at an available city, not at Rome")
    if owner[idx[-1] - 1] >= 0:
        raise IllegalActionError(f"city {action[-1]!r} is already connected (its tokens are taken)")
    cost = 0
    for k in range(len(idx) - 1):
        e = b._edge.get((idx[k], idx[k + 1]))
        if e is None:
            raise IllegalActionError(f"no path between {action[k]!r} and {action[k + 1]!r}")
        if state.path_owner[e] >= 0:
            raise IllegalActionError(f"path {action[k]!r}-{action[k + 1]!r} already holds Roads "
                             f"(P{state.path_owner[e] + 1})")
        cost += b._cost[e]
    limit = state.config.max_chain_paths
    if limit is not None and len(idx) - 1 > limit:
        raise IllegalActionError(f"chain of {len(idx) - 1} paths is longer than max_chain_paths={limit}")
    if cost > state.roads_left[state.seat]:
        raise IllegalActionError(f"chain costs {cost} Roads but P{state.seat + 1} has only "
                         f"{state.roads_left[state.seat]} left")
    return tuple(idx), cost


def iter_chains(state: GameState, *, max_cost: int | None = None,
                max_paths: int | None = None) -> Iterator[Connection]:
    """Lazily enumerate the legal chains of the seat to move (the reference listing).

    Rule: ``001_a311a49632a27e24.txt``, Going Through Cities: "your Roads can be
    built through one or more empty City spaces". A depth-first walk from Rome
    and from every empty city over unbuilt paths, through empty cities only,
    to an available city.

    Parameters
    ----------
    max_cost : int, optional
        Only chains costing at most this many Roads (never more than the seat has).
    max_paths : int, optional
        Only chains of at most this many paths (never more than ``max_chain_paths``).

    Yields
    ------
    Connection

    Raises
    ------
    ArgumentError
        At a chance or terminal node.

    Examples
    --------
    >>> from itertools import islice
    >>> [c.chain for c in islice(iter_chains(new_game(rng=1), max_cost=1), 2)]
    [('rome', 'capua'), ('rome', 'ariminum')]
    """
    _need_decision(state, "iter_chains", ArgumentError)
    cfg = state.config
    b = cfg.board
    budget = state.roads_left[state.seat] if max_cost is None else min(max_cost, state.roads_left[state.seat])
    bounds = [x for x in (max_paths, cfg.max_chain_paths) if x is not None]
    limit = min(bounds) if bounds else len(b.locations)
    owner = dict(zip(b.city_ids, state.city_owner, strict=True))

    def walk(chain: tuple[str, ...], cost: int) -> Iterator[Connection]:
        for nxt in b.graph.neighbors(chain[-1]):
            roads = b.graph.edges[chain[-1], nxt]["roads"]
            built = state.path_owner[b.graph.edges[chain[-1], nxt]["index"]] >= 0
            if built or nxt == ROME or nxt in chain or cost + roads > budget:
                continue
            if owner[nxt] < 0:  # an available city ends the chain
                yield Connection((*chain, nxt), cost + roads)
            elif len(chain) < limit:  # an empty city can be crossed
                yield from walk((*chain, nxt), cost + roads)

    for start in (ROME, *[c for c in b.city_ids if owner[c] >= 0]):
        yield from walk((start,), 0)


def legal_connections(state: GameState) -> list[Connection]:
    """Every legal connection of the seat to move (:func:`iter_chains`, by the fast engine).

    Returns
    -------
    list[Connection]
        In the engine's fixed order (by start, then board path order); empty at
        chance and terminal nodes or when the seat cannot connect anything.

    Examples
    --------
    >>> cons = legal_connections(new_game(rng=1))
    >>> all(c.chain[0] == "rome" for c in cons), min(c.cost for c in cons)
    (True, 1)
    """
    if engine.next_deal(state) >= 0 or current_player(state) == TERMINAL:
        return []
    b = state.config.board
    return [Connection(engine.chain_ids(b, ch), cost) for ch, cost in engine.legal_chain_indices(state)]


# ===================================================================== the turn
def connect(state: GameState, chain: Sequence[str], route: Sequence[str] | None = None) -> GameState:
    """One connection, as the rulebook words it (the reference :func:`apply` agrees with).

    Rule: ``001_a311a49632a27e24.txt``, The Turn: "place your Roads ... take the
    City token and the Treasure token"; Scoring Routes: the fewest-Roads route
    scores 1 point per Road piece for its owner, doubled for every player when
    the Treasure is Gold; on a tie the active player chooses (``route``, or the
    config's route policy); then the next player plays.

    Parameters
    ----------
    state : GameState
        A decision node.
    chain : sequence of str
        A legal chain (checked by :func:`check_chain`).
    route : sequence of str, optional
        The tied route the player chooses (``route_policy="player"``).

    Raises
    ------
    InvalidActionError
        If ``chain`` is no chain of the board, ``route`` no sequence of its
        location ids, or ``route`` is missing with ``route_policy="player"``.
    IllegalActionError
        At a chance or terminal node, for an illegal chain, a ``route``
        that is not a fewest-Roads route, or one that scores what an earlier
        tied route scores for every seat (:func:`route_choices` lists that
        one for both, and so does :func:`legal_actions`).

    Examples
    --------
    >>> s = connect(new_game(rng=3), ("rome", "capua"))
    >>> s.route_score, s.roads_left, s.history[-1][3]
    ((1, 0, 0, 0), (24, 25, 25, 25), ('capua', 'rome'))
    """
    cfg, seat = state.config, state.seat
    b = cfg.board
    _read_chain(b, chain)  # not a move at all: said before any rule
    if route is not None:
        route = _read_route(b, route)
    elif cfg.route_policy == PLAYER_CHOICE:
        raise InvalidActionError("route_policy='player': the action must be (chain, route)")
    _need_decision(state, "connect", IllegalActionError)
    idx, cost = check_chain(state, tuple(chain))
    path_owner = list(state.path_owner)
    for a, c in zip(idx, idx[1:], strict=False):  # place the Roads
        path_owner[b._edge[a, c]] = seat
    city = idx[-1]
    city_owner = list(state.city_owner)
    city_owner[city - 1] = seat  # take the City token and the Treasure token
    roads = {b.paths[e].key: owner for e, owner in enumerate(path_owner) if owner >= 0}
    options = route_points(b, roads, b.locations[city], gold=state.treasures[city - 1] == "gold")
    if route is not None:
        chosen = next((o for o in options if o.path == route), None)
        if chosen is None:
            raise IllegalActionError(f"route {shown(route)} is not a fewest-Roads route to Rome; choose one of "
                                     f"{shown([o.path for o in _distinct_outcomes(options)], 400)}")
        stands = next(o for o in options if o.points == chosen.points)
        if stands is not chosen:  # legal_actions lists one route per scoring outcome: the first
            raise IllegalActionError(f"route {shown(route)} scores what {stands.path!r} scores for every seat; "
                                     f"the choice between them is {stands.path!r}")
    else:
        chosen = ROUTE_POLICIES[cfg.route_policy](options, seat, state)
    gained = tuple(chosen.points.get(s, 0) for s in range(cfg.players))
    roads_left = list(state.roads_left)
    roads_left[seat] -= cost
    return replace(state, city_owner=tuple(city_owner), path_owner=tuple(path_owner),
                   roads_left=tuple(roads_left),
                   route_score=tuple(map(int.__add__, state.route_score, gained)),
                   seat=(seat + 1) % cfg.players, _facts=None,
                   history=(*state.history, ("connect", seat, tuple(chain), chosen.path, gained)))


def _routes_after(state: GameState, chain: Sequence[str], *, gold: bool | None = None) -> list[RouteOption]:
    """Every tied fewest-Roads route if the seat to move built ``chain`` now (nothing
    applied); ``gold`` scores as if the Treasure were (not) Gold. ``check_chain``'s
    errors for a chain that is not legal now. Public as ``views.connection_routes``."""
    idx, _ = check_chain(state, tuple(chain))
    b = state.config.board
    roads = {b.paths[e].key: o for e, o in enumerate(state.path_owner) if o >= 0}
    for a, c in zip(chain, chain[1:], strict=False):
        roads[frozenset((a, c))] = state.seat
    if gold is None:
        gold = state.treasures[idx[-1] - 1] == "gold"
    return route_points(b, roads, chain[-1], gold=gold)


def route_choices(state: GameState, chain: Sequence[str]) -> list[RouteOption]:
    """The distinct scoring outcomes the player can choose between after ``chain``.

    Tied fewest-Roads routes that give every seat the same points are one
    choice (the first in path order stands for them).

    Examples
    --------
    >>> [o.path for o in route_choices(new_game(rng=3), ("rome", "capua"))]
    [('capua', 'rome')]
    """
    return _distinct_outcomes(_routes_after(state, chain))


def _distinct_outcomes(options: Sequence[RouteOption]) -> list[RouteOption]:
    """The first of each group of ``options`` that give every seat the same points (the choice
    :func:`legal_actions` lists for them all)."""
    seen, out = set(), []
    for option in options:
        key = tuple(sorted(option.points.items()))
        if key not in seen:
            seen.add(key)
            out.append(option)
    return out


# ===================================================================== interface
def new_game(config: GameConfig | None = None, rng: RngLike = None, *,
             deal: Mapping[str, str] | None = None) -> GameState:
    """Start a game.

    Rule: ``001_a311a49632a27e24.txt``, Set-up: "shuffle them. Then, place one
    on each City token, randomly" (2-3 Player Variants for the token set).

    Parameters
    ----------
    config : GameConfig, optional
        Default ``GameConfig()``: the bundled 4-5 board, 4 players.
    rng : None, int or numpy.random.Generator
        If given, the set-up deal is sampled from it and recorded in the
        history; otherwise the returned state is a chance node.
    deal : Mapping[city id, Treasure id], optional
        A fixed deal instead (tests, what-ifs); every city must get a token.

    Raises
    ------
    ArgumentError
        If ``config`` is not a :class:`GameConfig`, or ``deal`` misses a city
        or places tokens that are not in play.

    Examples
    --------
    >>> s = new_game()
    >>> current_player(s) == CHANCE, len(chance_outcomes(s))
    (True, 9)
    >>> s = new_game(rng=7)
    >>> current_player(s), s.roads_left, s.seed
    (0, (25, 25, 25, 25), 7)
    """
    config = config or GameConfig()
    if not isinstance(config, GameConfig):
        raise wrong_config(GameConfig, config)
    b = config.board
    n = len(b.city_ids)
    state = GameState(config, (None,) * n, (-1,) * n, (-1,) * len(b.paths),
                      config.start_roads, (0,) * config.players)
    if deal is not None:
        missing = [c for c in b.city_ids if c not in deal]
        extra = [c for c in deal if c not in b.city_ids]
        if missing or extra:
            raise ArgumentError(f"deal must name every city once; missing {missing}, unknown {extra}")
        try:
            for c in b.city_ids:
                state = apply(state, deal[c])
        except (InvalidActionError, IllegalActionError) as err:  # the argument is wrong, not a move
            raise ArgumentError(str(err)) from None
        return state
    if rng is None:
        return state
    gen = as_generator(rng)
    tokens = [t for t, k in config._tokens for _ in range(k)]
    placed = tuple([tokens[i] for i in gen.permutation(len(tokens))[:n].tolist()])
    history = tuple(zip(repeat("deal"), b.city_ids, placed))  # ("deal", city, Treasure) per city, in board order
    return GameState(config, placed, state.city_owner, state.path_owner, state.roads_left,
                     state.route_score, 0, history, None, seed_entropy(rng))


def initial_state(state: GameState) -> GameState:
    """The state the history starts from: a new game, or the position it began at.

    Examples
    --------
    >>> initial_state(new_game(rng=1)) == new_game()
    True
    """
    if state.start is None:
        return new_game(state.config)
    p = state.start
    return GameState(state.config, p.treasures, p.city_owner, p.path_owner, p.roads_left,
                     p.route_score, p.seat, (), p)


def current_player(state: GameState) -> int:
    """Seat to move, :data:`CHANCE` during the deal, :data:`TERMINAL` once over.

    Decided once per state (the engine keeps it with the state's facts).

    Examples
    --------
    >>> current_player(new_game()), current_player(new_game(rng=0))
    (-1, 0)
    """
    f = state._facts or engine.facts(state)
    player = f.player
    if player is None:
        player = f.player = CHANCE if f.next_deal >= 0 else TERMINAL if _game_ends(state) else state.seat
    return player


def chance_outcomes(state: GameState) -> list[tuple[str, Fraction]]:
    """The pending chance node: ``[(Treasure id, probability)]`` for the next city.

    Rule: ``001_a311a49632a27e24.txt``, Set-up: cities are dealt in board order
    from the tokens left.

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
    if engine.next_deal(state) < 0:
        return []
    left = Counter(state.config.tokens_in_play)
    left.subtract(t for t in state.treasures if t is not None)
    total = sum(left.values())
    return [(t, Fraction(k, total)) for t, k in left.items() if k > 0]


def legal_actions(state: GameState) -> list:
    """Legal actions at any node.

    Returns
    -------
    list
        Chance node: the Treasure ids that can be dealt next. Decision node:
        the chains of :func:`legal_connections` (with ``route_policy="player"``
        one ``(chain, route)`` per distinct scoring outcome of each chain), or
        ``[PASS]`` when there are none. Terminal: ``[]``.

    Examples
    --------
    >>> ("rome", "capua") in legal_actions(new_game(rng=3))
    True
    """
    if engine.next_deal(state) >= 0:
        return [t for t, _ in chance_outcomes(state)]
    if current_player(state) == TERMINAL:
        return []
    if state.config.route_policy == PLAYER_CHOICE:
        actions = [(c.chain, o.path) for c in legal_connections(state) for o in route_choices(state, c.chain)]
    else:
        b = state.config.board
        actions = [engine.chain_ids(b, ch) for ch, _ in engine.legal_chain_indices(state)]
    return actions or [PASS]


def _game_ends(state: GameState) -> bool:
    """End of Game: "Once all Cities have been connected to Rome"; also (option
    ``no_move``, CE-10) when no seat can connect a city (``"pass"``), or the
    seat to move cannot (``"end_game"``). The deal is done."""
    if -1 not in state.city_owner:
        return True
    rl = state.roads_left
    roads = rl[state.seat] if state.config.no_move == "end_game" else max(rl)
    # a path costs 1 or 2 Roads, and while a city is available some unbuilt path
    # reaches one from Rome or an empty city: 2 Roads always connect something
    return roads < 2 and not 0 < engine.cheapest_new_path(state) <= roads


def apply(state: GameState, action: Any) -> GameState:
    """Apply one action and return the new state (``state`` is never changed).

    Rule: ``001_a311a49632a27e24.txt``, The Turn (see :func:`connect`); at a
    chance node the action is the Treasure id dealt to the next city (Set-up).
    Connections go through :func:`check_chain`, then the engine's
    :func:`~rometools.caesars_empire.engine.connect` (built-in route policies)
    or :func:`connect` (any other policy, and ``"player"``).

    Raises
    ------
    InvalidActionError
        If the value is no action of the game at all, saying why: neither a
        Treasure id of the components, :data:`PASS`, nor a chain of the
        board's location ids (``(chain, route)`` with ``route_policy="player"``).
    IllegalActionError
        If it is one but the rules forbid it now, saying why: a Treasure id
        with no token left or at a player's turn, a chain during the deal or
        one :func:`check_chain` refuses, a pass with a connection left, any
        action once the game is over. ``state`` is unchanged.

    Examples
    --------
    >>> t = apply(new_game(rng=3), ("rome", "capua"))
    >>> t.roads_left[0], t.route_score[0]
    (24, 1)
    >>> apply(t, ("rome", "ariminum", "aquileia"))
    Traceback (most recent call last):
    ...
    rometools.core.errors.IllegalActionError: city 'ariminum' is still available and cannot be crossed
    >>> apply(t, ("rome", "ostia"))
    Traceback (most recent call last):
    ...
    rometools.core.errors.InvalidActionError: unknown location 'ostia' on board 'Illustrative Empire (4-5 players, 40 cities)'
    """
    nxt = engine.next_deal(state)
    cfg = state.config
    if nxt >= 0:
        left = dict(chance_outcomes(state))
        if not isinstance(action, str) or action not in left:
            raise refused(f"the set-up deal needs a Treasure id for city {cfg.board.city_ids[nxt]!r}; "
                          f"{shown(action)} is not among the tokens left {sorted(left)}",
                          well_formed=_action_problem(cfg, action) is None)
        treasures = state.treasures[:nxt] + (action,) + state.treasures[nxt + 1:]
        return replace(state, treasures=treasures, _facts=None,
                       history=(*state.history, ("deal", cfg.board.city_ids[nxt], action)))
    if current_player(state) == TERMINAL:
        problem = _action_problem(cfg, action)
        raise refused(problem or f"the game is over; no action {shown(action)} can be applied",
                      well_formed=problem is None)
    if isinstance(action, str) and action == PASS:
        if legal_connections(state):
            raise IllegalActionError(f"P{state.seat + 1} cannot pass: it has a legal connection, e.g. "
                                     f"{legal_connections(state)[0].chain!r}")
        return replace(state, seat=(state.seat + 1) % cfg.players, _facts=None,
                       history=(*state.history, (PASS, state.seat)))
    if isinstance(action, str) and action in cfg.components.treasure_ids:
        raise IllegalActionError(f"P{state.seat + 1} is to connect a city: a Treasure ({shown(action)}) is dealt only "
                                 f"at the set-up")
    if cfg.route_policy == PLAYER_CHOICE:
        _read_choice(cfg, action)
        return connect(state, action[0], action[1])
    idx, _ = check_chain(state, action)
    if cfg.route_policy in _BUILT_IN:
        return engine.connect(state, idx, tuple(action))
    return connect(state, action)


def apply_legal(state: GameState, action: Any) -> GameState:
    """:func:`apply` for an action known to be legal (the play loop's trusted bots).

    Skips :func:`check_chain`; anything else goes through :func:`apply`. A chain goes
    straight to the engine's kernel (``engine.connect``), which reads its location indices
    from its ids and decides the seat to move next (:func:`current_player`) as it builds
    the state.
    """
    fields = state.__dict__
    if action.__class__ is tuple and fields["config"].route_policy in _BUILT_IN:
        if fields["_facts"] is None:
            engine.facts(state)
        return _connect(state, None, action, GameState)
    return apply(state, action)


def action_history(state: GameState) -> tuple:
    """The actions applied since the start (deal outcomes included), for replay and saving.

    Examples
    --------
    >>> s = apply(new_game(rng=3), ("rome", "capua"))
    >>> action_history(s)[0] == s.treasures[0], action_history(s)[-1]
    (True, ('rome', 'capua'))
    """
    player = state.config.route_policy == PLAYER_CHOICE
    out = []
    for h in state.history:
        if h[0] == "deal":
            out.append(h[2])
        elif h[0] == PASS:
            out.append(PASS)
        else:
            out.append((h[2], h[3]) if player else h[2])
    return tuple(out)


# ===================================================================== scores
