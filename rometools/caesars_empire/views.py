"""Read-only views of a Caesar's Empire game for charts, explorers and notebooks.

Nothing here changes a state or decides a rule: each view asks
:mod:`~rometools.caesars_empire.rules` what the rules say about a state.

Rules: ``001_a311a49632a27e24.txt``, The Turn, Scoring Routes.
"""

from __future__ import annotations

from collections.abc import Sequence

from rometools.caesars_empire.board import ROME
from rometools.caesars_empire.rules import _need_decision, _routes_after, iter_chains
from rometools.caesars_empire.state import Connection, GameState, RouteOption
from rometools.core import playout
from rometools.core.errors import RulesError

__all__ = [
    "built_roads",
    "cheapest_connections",
    "connection_routes",
    "enumerate_chains",
    "gold_turns",
    "movers",
    "replay",
    "turn_states",
]


def built_roads(state: GameState) -> dict[frozenset, int]:
    """Paths holding Roads, as ``{frozenset({a, b}): seat}`` (the ``roads`` of ``route_points``).

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
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
        A legal chain (see ``rules.check_chain``).
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
        If ``chain`` is not a legal chain (the message says why, naming the
        argument when it is not a chain at all); ``state`` is unchanged.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> connection_routes(new_game(rng=3), ("rome", "capua"), gold=True)
    [RouteOption(path=('capua', 'rome'), roads=1, points={0: 2})]
    >>> connection_routes(new_game(rng=3), None)
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: connection_routes: chain must be a sequence of location ids such as ('rome', 'capua'), got None
    """
    _need_decision(state, "connection_routes")
    if isinstance(chain, str) or not isinstance(chain, Sequence):
        raise RulesError(f"connection_routes: chain must be a sequence of location ids such as "
                         f"('rome', 'capua'), got {chain!r}")
    if gold is not None and not isinstance(gold, bool):
        raise RulesError(f"connection_routes: gold must be True, False or None, got {gold!r}")
    return _routes_after(state, chain, gold=gold)


def cheapest_connections(state: GameState, city: str) -> list[Connection]:
    """Every minimum-cost legal chain to ``city`` for the seat to move.

    A cheapest chain is always one path from Rome or an empty city (any longer
    chain first enters an empty city, and starting there costs less), so this
    never depends on ``max_chain_paths``.

    Returns
    -------
    list[Connection]
        All tied cheapest chains (Roads cost equal), sorted by chain; empty if
        the seat has too few Roads left.

    Raises
    ------
    RulesError
        If ``city`` is not a city id, is not available, or at a chance/terminal node.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> cheapest_connections(new_game(rng=1), "capua")
    [Connection(chain=('rome', 'capua'), cost=1)]
    >>> cheapest_connections(new_game(rng=1), ["capua"])
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: cheapest_connections: city must be a city id such as 'capua', got ['capua']
    """
    _need_decision(state, "cheapest_connections")
    b = state.config.board
    if not isinstance(city, str):
        raise RulesError(f"cheapest_connections: city must be a city id such as 'capua', got {city!r}")
    t = b._index.get(city, 0)
    if t == 0:
        raise RulesError(f"unknown city {city!r}" + (" (Rome is not a city)" if city == ROME else ""))
    if state.city_owner[t - 1] >= 0:
        raise RulesError(f"city {city!r} is already connected")
    found = []
    for u, e, c in b._adj[t]:
        if state.path_owner[e] < 0 and (u == 0 or state.city_owner[u - 1] >= 0):
            found.append((c, (b.locations[u], city)))
    if not found:
        return []
    low = min(c for c, _ in found)
    if low > state.roads_left[state.seat]:
        return []
    return sorted(Connection(ch, c) for c, ch in found if c == low)


def turn_states(state: GameState) -> list[GameState]:
    """The game's states turn by turn: after the deal, then after each action.

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> s = apply(apply(new_game(rng=2), ("rome", "capua")), ("rome", "ariminum"))
    >>> states = turn_states(s)
    >>> len(states), states[-1] == s, states[0].route_score
    (3, True, (0, 0, 0, 0))
    """
    return playout.turn_states(state)


def replay(log, *, upto: int | None = None) -> GameState:
    """A Caesar's Empire game rebuilt from a saved game (or a state) up to ``upto`` actions.

    See :func:`rometools.core.playout.replay`.

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game, to_json
    >>> s = apply(new_game(rng=5), ("rome", "capua"))
    >>> replay(to_json(s), upto=40) == new_game(rng=5)
    True
    """
    return playout.replay(log, upto=upto, game="caesars_empire")


def enumerate_chains(state: GameState, *, max_cost: int | None = None,
                     max_paths: int | None = None, max_chains: int = 10_000) -> list[Connection]:
    """All chains of :func:`iter_chains`, refusing to list more than ``max_chains``.

    Raises
    ------
    RulesError
        At a chance or terminal node, or beyond ``max_chains`` chains (tighten
        ``max_cost`` / ``max_paths`` or raise the bound).

    Examples
    --------
    >>> from rometools.caesars_empire import legal_connections, new_game
    >>> s = new_game(rng=1)
    >>> len(enumerate_chains(s)) == len(legal_connections(s))
    True
    """
    out = []
    for c in iter_chains(state, max_cost=max_cost, max_paths=max_paths):
        if len(out) >= max_chains:
            raise RulesError(f"more than max_chains={max_chains} legal chains; "
                             f"pass max_cost or max_paths, or a larger max_chains")
        out.append(c)
    return out


def gold_turns(state: GameState) -> dict[str, int]:
    """Per-game figures for the balance lab: ``{"gold_turns": turns whose Treasure was Gold}``.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> gold_turns(new_game(rng=1))
    {'gold_turns': 0}
    """
    b = state.config.board
    gold = sum(1 for h in state.history if h[0] == "connect"
               and state.treasures[b.city_ids.index(h[2][-1])] == "gold")
    return {"gold_turns": gold}


def movers(state: GameState) -> list[int]:
    """The seat of every decision in the history (connections and passes), in order.

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> movers(apply(apply(new_game(rng=2), ("rome", "capua")), ("rome", "ariminum")))
    [0, 1]
    """
    return [h[1] for h in state.history if h[0] != "deal"]
