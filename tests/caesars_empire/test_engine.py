"""The fast engine equals the reference rules, after every move of seeded games.

``engine.py`` promises that each of its functions equals a reference function
of ``rules.py`` (its module docstring lists the pairs). Here seeded games are
played under every route policy, a custom one included, and at every decision
node the engine's answer is compared with the reference's; every incremental
state is compared with the same position rebuilt from scratch.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from rometools.caesars_empire import (
    GameConfig,
    GreedyBot,
    apply,
    connect,
    current_player,
    engine,
    is_over,
    iter_chains,
    legal_actions,
    legal_connections,
    load_board,
    play_game,
    register_route_policy,
    route_points,
    turn_states,
)
from rometools.caesars_empire.state import GameState


def last_route(options, seat, state):
    """A custom policy: the last tied route in path order."""
    return options[-1]


register_route_policy("test_engine_last", last_route)
POLICIES = ["self_then_leader", "first", "test_engine_last", "player"]


def rebuilt(state: GameState) -> GameState:
    """The same position with no carried facts: the engine rebuilds them from scratch."""
    return GameState(state.config, state.treasures, state.city_owner, state.path_owner, state.roads_left,
                     state.route_score, state.seat, state.history, state.start, state.seed)


def games(policy, n=3):
    for board, players in (("4-5", 4), ("2-3", 3)):
        cfg = GameConfig(board=load_board(board), players=players, route_policy=policy)
        for seed in range(n):
            bots = ["greedy", "random", "cheapest", "random"][:players]
            yield play_game(cfg, bots, seed)


def built_graph(state):
    b = state.config.board
    g = nx.Graph()
    g.add_nodes_from(b.locations)
    for e, o in enumerate(state.path_owner):
        if o >= 0:
            a, c = b.paths[e].cities
            g.add_edge(a, c, roads=b.paths[e].roads)
    return g


@pytest.mark.parametrize(("policy", "twins"), [*((p, "compiled") for p in POLICIES),
                                              ("self_then_leader", "plain"), ("first", "plain")])
def test_engine_equals_reference_after_every_move(policy, twins, request):
    """Under the built-in policies the games are played by ``engine.connect``, whose loops
    run compiled (``_connect``) and, in the ``plain`` cases, as plain Python."""
    if twins == "plain":
        request.getfixturevalue("plain_twins")
    assert engine._kernel.COMPILED is (twins == "compiled")
    checked = 0
    for end in games(policy):
        for state in turn_states(end):
            b = state.config.board
            fresh = rebuilt(state)
            # incremental facts == facts rebuilt from scratch
            f, g = engine.facts(state), engine.facts(fresh)
            assert (f.dist, f.leaf, f.inner, f.sources, f.next_deal) == (
                g.dist, g.leaf, g.inner, g.sources, g.next_deal)
            # distances == networkx over built paths
            lengths = nx.single_source_dijkstra_path_length(built_graph(state), "rome", weight="roads")
            assert f.dist == tuple(lengths.get(loc, engine.INF) for loc in b.locations)
            # the seat to move (or the end), which connect decides as it builds the state
            assert current_player(state) == current_player(fresh)
            if is_over(state):
                assert legal_actions(state) == []
                continue
            # legal chains == the reference listing
            fast = {c.chain: c.cost for c in legal_connections(state)}
            assert fast == {c.chain: c.cost for c in iter_chains(state)}
            if fast:
                assert engine.cheapest_new_path(state) == min(fast.values()) or state.roads_left[state.seat] < 2
            # connect == the reference connect for every legal action (half the states with the
            # next steps kept by most_own_roads: connect walks the route with them)
            if checked % 2:
                engine.most_own_roads(state, state.seat)
            for action in legal_actions(state)[:12]:
                if action == "pass":
                    continue
                chain, route = action if policy == "player" else (action, None)
                assert apply(state, action) == connect(state, chain, route)
                if policy in ("self_then_leader", "first"):
                    idx = engine.chain_indices(b, chain)
                    assert engine.connect(state, idx) == connect(state, chain)
                checked += 1
    assert checked > 300


@pytest.mark.parametrize("twins", ["compiled", "plain"])
@pytest.mark.parametrize("no_move", ["pass", "end_game"])
def test_connect_decides_the_seat_to_move_as_the_rules_do(no_move, twins, request):
    """``engine.connect`` sets each state's seat to move (``Facts.player``) and, when it needs
    it, the cheapest new path as it builds the state: both equal what the rules decide on the
    same position rebuilt from scratch (``_game_ends``), after every move of seeded games that
    run the seats' Roads down to the end (CE-10's ``no_move`` both ways, two to five seats)."""
    if twins == "plain":
        request.getfixturevalue("plain_twins")
    checked = ended = 0
    for players in (2, 5):
        cfg = GameConfig(players=players, no_move=no_move)
        for seed in range(3):
            for state in turn_states(play_game(cfg, (["greedy", "cheapest"] * 3)[:players], seed))[1:]:
                f = engine.facts(state)
                fresh = rebuilt(state)
                assert f.player is not None and f.player == current_player(fresh)
                assert f.frontier is None or f.frontier == engine.cheapest_new_path(fresh)
                checked += 1
                ended += f.player < 0
    assert checked > 100 and ended == 6


@pytest.mark.parametrize("twins", ["compiled", "plain"])
def test_bot_route_values_equal_reference_routes(twins, request):
    """most_own_roads (kept with the state, and counted afresh on the position rebuilt: by
    the compiled pass, and by the plain one) / own_roads_after == the best own points over
    route_points options."""
    if twins == "plain":
        request.getfixturevalue("plain_twins")
    assert engine._kernel.COMPILED is (twins == "compiled")
    checked = 0
    for end in games("self_then_leader", n=2):
        for state in turn_states(end)[::3]:
            if is_over(state):
                continue
            b = state.config.board
            seat = state.seat
            roads = {b.paths[e].key: o for e, o in enumerate(state.path_owner) if o >= 0}
            own = engine.most_own_roads(state, seat)
            afresh = engine.most_own_roads(rebuilt(state), seat)
            for i, o in enumerate(state.city_owner, 1):
                if o >= 0:
                    best = max(opt.points.get(seat, 0) for opt in route_points(b, roads, b.locations[i]))
                    assert own[i] == afresh[i] == best
            for idx, _ in engine.legal_chain_indices(state)[:15]:
                chain = engine.chain_ids(b, idx)
                after = dict(roads)
                for a, c in zip(chain, chain[1:], strict=False):
                    after[frozenset((a, c))] = seat
                best = max(opt.points.get(seat, 0) for opt in route_points(b, after, chain[-1]))
                assert engine.own_roads_after(state, idx, own) == best
                checked += 1
    assert checked > 100


def test_first_route_roads_equal_the_first_reference_route():
    """first_route_roads == the seat's points on the first route_points option (the route
    "first" scores), and its next step is that route's second location, for every seat."""
    checked = 0
    for end in games("first", n=2):
        for state in turn_states(end)[::3]:
            b = state.config.board
            roads = {b.paths[e].key: o for e, o in enumerate(state.path_owner) if o >= 0}
            for i, o in enumerate(state.city_owner, 1):
                if o < 0:
                    continue
                option = route_points(b, roads, b.locations[i])[0]
                for seat in range(state.config.players):
                    got, step = engine.first_route_roads(state, seat)
                    assert got[i] == option.points.get(seat, 0)
                    assert b.locations[step[i]] == option.path[1]
                    checked += 1
    assert checked > 500


def test_nth_legal_chain_numbers_every_chain_once():
    for end in games("self_then_leader", n=1):
        for state in turn_states(end)[::4]:
            if is_over(state):
                continue
            b = state.config.board
            total: list[int] = []
            engine.nth_legal_chain(state, lambda n, seen=total: seen.append(n) or 0)
            numbered = [engine.chain_ids(b, engine.nth_legal_chain(state, lambda n, k=k: k)[0])
                        for k in range(total[0] if total else 0)]
            assert sorted(numbered) == sorted(c.chain for c in legal_connections(state))


def test_greedy_bot_choice_is_the_same_on_a_rebuilt_state():
    for end in games("self_then_leader", n=1):
        for state in turn_states(end)[1:-1:5]:
            a = GreedyBot().choose(state, np.random.default_rng(1))
            b = GreedyBot().choose(rebuilt(state), np.random.default_rng(1))
            assert a == b


def test_relax_reads_the_cells_of_an_array_only():
    """``relax`` reads the facts' cells at the address of an ``array('i')``'s buffer when compiled:
    an array's copy relaxes as the facts' own (a path joined, the distances of networkx), and
    anything else is refused, not read as one."""
    from array import array

    state = turn_states(next(games("self_then_leader", n=1)))[6]
    f = engine.facts(state)
    shape = f.shape
    cells = f.cells[:]
    e = state.path_owner.index(-1)  # an unbuilt path, built by seat 0 in the copy
    cells[shape.po + e] = 0
    engine._kernel.relax(shape, cells, list(range(shape.locations)), -1)
    g = built_graph(state)
    a, c = state.config.board.paths[e].cities
    g.add_edge(a, c, roads=state.config.board.paths[e].roads)
    lengths = nx.single_source_dijkstra_path_length(g, "rome", weight="roads")
    dist = tuple(cells[shape.dist:shape.dist + shape.locations])
    assert dist == tuple(lengths.get(loc, engine.INF) for loc in state.config.board.locations)
    assert f.cells[shape.po + e] == -1 and f.dist != dist  # the facts' own cells untouched; this path shortens a route
    if engine._kernel.COMPILED:
        for other in (memoryview(cells), list(cells), array("l", cells)):
            with pytest.raises(TypeError):
                engine._kernel.relax(shape, other, [0], -1)
