"""Bots, and the seeded random playthrough: 1,000 games over both bundled boards.

Rulebook: 001_a311a49632a27e24.txt, The Turn, Scoring Routes, End of Game.
"""

from __future__ import annotations

import hashlib
import sys

import numpy as np
import pytest

from rometools.caesars_empire import (
    PASS,
    CheapestBot,
    GameConfig,
    GreedyBot,
    RandomBot,
    apply,
    bots,
    engine,
    final_scores,
    is_over,
    legal_actions,
    legal_connections,
    load_board,
    new_game,
    play_game,
    replay,
    route_points,
    score_parts,
    scores,
    to_json,
    turn_states,
)
from rometools.caesars_empire.scoring import city_points, marginal_treasure_value
from rometools.core import _cython
from rometools.core._cython import compiled_or_plain
from rometools.core.errors import ArgumentError

GAMES = 1000
BOT_MIX = (["random", "random", "cheapest", "random", "random"],
           ["cheapest", "random", "random", "cheapest", "random"],
           ["greedy", "random", "cheapest", "random", "greedy"],
           ["random", "cheapest", "random", "random", "cheapest"])


def config_for(i: int) -> GameConfig:
    """500 games on each bundled board, cycling player counts and options."""
    big = i % 2 == 0
    players = (4, 5)[(i // 2) % 2] if big else (2, 3)[(i // 2) % 2]
    return GameConfig(
        board=load_board("4-5" if big else "2-3"),
        players=players,
        all_tokens_variant=not big and i % 3 == 0,
        sum_complete_colours=not big and i % 5 == 0,
        no_move="end_game" if i % 7 == 0 else "pass",
        max_chain_paths=(None, None, 2, 1, 3)[i % 5],
        roads_per_player=9 if i % 11 == 0 else None,  # short of Roads: passes and early ends
    )


def check_invariants(state):
    cfg = state.config
    b = cfg.board
    assert is_over(state)
    connects = [h for h in state.history if h[0] == "connect"]
    # every city captured at most once, by the seat that connected it; all of them
    # unless the game stopped because nobody (or, with end_game, the seat) could move
    targets = [h[2][-1] for h in connects]
    assert len(targets) == len(set(targets))
    for city, owner in zip(b.city_ids, state.city_owner, strict=True):
        who = [h[1] for h in connects if h[2][-1] == city]
        assert [owner] == who if owner >= 0 else who == []
    if len(targets) < len(b.city_ids):  # stopped early: too few Roads for any connection
        stuck = state.roads_left if cfg.no_move == "pass" else [state.roads_left[state.seat]]
        assert max(stuck) < 2
    # Roads conserved: placed + left = Roads per player, for every seat
    for seat in range(cfg.players):
        placed = sum(p.roads for p, o in zip(b.paths, state.path_owner, strict=True) if o == seat)
        assert placed + state.roads_left[seat] == cfg.roads_per_player
        assert state.roads_left[seat] >= 0
    # route points are the sum of the recorded turns; scores the sum of the parts
    for seat in range(cfg.players):
        assert state.route_score[seat] == sum(h[4][seat] for h in connects)
    parts = score_parts(state)
    assert scores(state) == tuple(p["route"] + p["cities"] + p["treasures"] + p["road_bonus"]
                                  for p in parts)
    assert sum(p["road_bonus"] > 0 for p in parts) >= 1


def check_routes_with_networkx(state):
    """The engine's incremental routes agree with the networkx ``route_points``."""
    b = state.config.board
    roads = {}
    treasure = dict(zip(b.city_ids, state.treasures, strict=True))
    for h in state.history:
        if h[0] != "connect":
            continue
        _, seat, chain, route, gained = h
        for a, c in zip(chain, chain[1:], strict=False):
            roads[frozenset((a, c))] = seat
        options = route_points(b, roads, chain[-1], gold=treasure[chain[-1]] == "gold")
        chosen = [o for o in options if o.path == route]
        assert len(chosen) == 1
        assert tuple(chosen[0].points.get(s, 0) for s in range(len(gained))) == gained
        # default policy: no tied option gives the active seat more
        assert all(o.points.get(seat, 0) <= gained[seat] for o in options)


def test_seeded_random_playthrough_1000_games():
    seeds = np.random.SeedSequence(20261130).spawn(GAMES)
    stats = {"passes": 0, "early_end": 0, "gold_turns": 0, "ties": 0}
    for i, seed in enumerate(seeds):
        cfg = config_for(i)
        bots = BOT_MIX[i % 4][:cfg.players]
        state = play_game(cfg, bots, np.random.default_rng(seed))
        check_invariants(state)
        stats["passes"] += sum(h[0] == PASS for h in state.history)
        stats["early_end"] += any(o < 0 for o in state.city_owner)
        if i % 10 == 0:
            check_routes_with_networkx(state)
        if i % 25 == 0:
            assert replay(to_json(state)) == state
            df = final_scores(state)
            assert dict(zip(df["seat"], df["total"], strict=True)) == dict(enumerate(scores(state)))
            assert list(df["player"]) == [f"P{s + 1}" for s in df["seat"]]
        if i % 50 == 0:  # same seed, same game
            again = play_game(cfg, bots, np.random.default_rng(seed))
            assert again == state and to_json(again) == to_json(state)
    # the playthrough really exercised the no-move option
    assert stats["passes"] > 0 and stats["early_end"] > 0


def test_random_bot_is_uniform_and_seeded():
    s = new_game(rng=4)
    acts = legal_actions(s)
    picks = [RandomBot().choose(s, k) for k in range(400)]
    assert set(picks) <= set(acts)
    assert len(set(picks)) == len(acts)  # every legal action drawn
    assert [RandomBot().choose(s, 9) for _ in range(3)] == [RandomBot().choose(s, 9) for _ in range(3)]


def test_cheapest_bot_takes_a_cheapest_connection():
    s = new_game(rng=5)
    for _ in range(30):
        chain = CheapestBot().choose(s, 1)
        costs = {c.chain: c.cost for c in legal_connections(s)}
        assert costs[chain] == min(costs.values())
        s = apply(s, chain)


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3, "max_chain_paths": 2},
                                     {"players": 5, "roads_per_player": 12, "no_move": "end_game"}])
def test_cheapest_chains_are_the_fewest_roads_legal_chains_in_their_order(options):
    """engine.cheapest_chains (CheapestBot's choices, listed with the fewest Roads as the budget)
    == the legal chains of the least cost, in legal_chain_indices' order, after every move of
    seeded games; [] when the seat cannot connect anything."""
    cfg = GameConfig(**options)
    checked = ties = 0
    for seed in range(3):
        end = play_game(cfg, ["cheapest", "greedy", "random", "cheapest", "random"][:cfg.players], seed)
        for state in turn_states(end):
            if is_over(state):
                continue
            chains = engine.legal_chain_indices(state)
            low = min((c for _, c in chains), default=None)
            assert engine.cheapest_chains(state) == [(ch, c) for ch, c in chains if c == low]
            ties += sum(1 for _, c in chains if c == low) > 1
            checked += 1
    assert checked > 50 and ties > 10


@pytest.mark.parametrize("policy", ["self_then_leader", "first"])
def test_greedy_values_match_what_the_rules_give(policy):
    """GreedyBot's route value equals the points the seat really scores under the
    game's route policy (under "first" the most the seat could get is not what it gets)."""
    checked = 0
    for seed in range(3):
        s = play_game(GameConfig(route_policy=policy), rng=seed)
        # walk the same game again, checking every legal chain at a few turns
        t = replay(to_json(s), upto=40 + 8 * (seed + 1))
        for _ in range(3):
            bot = GreedyBot()
            cfg = t.config
            seat = t.seat
            b = cfg.board
            mine = {}
            cities = []
            for city, o, tr in zip(b.cities, t.city_owner, t.treasures, strict=True):
                if o == seat:
                    mine[tr] = mine.get(tr, 0) + 1
                    cities.append((city.colour, city.value))
            mv = marginal_treasure_value(mine)
            for ch, value, cost in bot.values(t):
                chain = tuple(b.locations[i] for i in ch)
                after = apply(t, chain)
                target = b.cities[ch[-1] - 1]
                token = mv.get(t.treasures[ch[-1] - 1], 0)
                city_gain = city_points([*cities, (target.colour, target.value)]) - city_points(cities)
                assert value == after.history[-1][4][seat] + token + city_gain
                assert cost == t.roads_left[seat] - after.roads_left[seat]
                checked += 1
            t = apply(t, bot.choose(t, 0))
    assert checked > 50


def _best_chains_are_the_tied_best(bot, state) -> tuple[list, int]:
    """Assert GreedyBot.best_chains(state) is the tied best of values(state), in the same order
    (``([], -1, 0)`` when nothing can be connected); the chains and their points."""
    ranked = bot.values(state)
    chains, points, cost = bot.best_chains(state)
    if not ranked:
        assert (chains, points, cost) == ([], -1, 0)
        return chains, points
    top = max(v for _, v, _ in ranked)
    cheapest = min(c for _, v, c in ranked if v == top)
    assert (points, cost) == (top, cheapest)
    assert chains == [ch for ch, v, c in ranked if (v, c) == (top, cheapest)]
    return chains, top


@pytest.mark.parametrize("search", ["compiled", "plain"])
@pytest.mark.parametrize("options", [
    {"players": 4},
    {"players": 5, "route_policy": "player"},
    {"players": 3, "sum_complete_colours": True},
    {"players": 2, "max_chain_paths": 3},
    {"players": 4, "route_policy": "first"},
])
def test_greedy_best_chains_equal_the_best_of_every_valued_chain(options, search, request):
    """GreedyBot.best_chains (bounds, most chains never valued) == the tied best of
    values() (every legal chain valued), in the same order, after every move; with the
    search and the own-roads pass compiled by Cython and as plain Python."""
    if search == "plain":
        request.getfixturevalue("plain_twins")
    assert bots._greedy_search.COMPILED is engine._kernel.COMPILED is (search == "compiled")
    cfg = GameConfig(**options)
    bot = GreedyBot()
    checked = long_best = walk_ties = 0
    for seed in range(4):
        end = play_game(cfg, ["greedy", "random", "greedy", "cheapest", "greedy"][:cfg.players], seed)
        for state in turn_states(end):
            if is_over(state):
                continue
            chains, _ = _best_chains_are_the_tied_best(bot, state)
            if not chains:
                continue
            long_best += any(len(ch) > 3 for ch in chains)
            walk_ties += sum(len(ch) > 2 for ch in chains) > 1
            checked += 1
    assert checked > 100
    if cfg.route_policy != "first":
        assert walk_ties > 0  # several walks tied: ordered as the legal chains list them
    if cfg.max_chain_paths is None:
        assert long_best > 0  # the bounded, exactly valued chains were among the best


@pytest.mark.parametrize("search", ["compiled", "plain"])
def test_best_chains_read_each_config_afresh_when_configs_share_a_board(search, request):
    """The search keeps what it reads of a config (chain limit, components, City tokens) with the
    board's buffers until another config comes: configs on one board and player count (one shape)
    with chain limits None, 2 and 1, searched in turn, each give the tied best of its own values()."""
    if search == "plain":
        request.getfixturevalue("plain_twins")
    assert bots._greedy_search.COMPILED is (search == "compiled")
    board = load_board("4-5")
    limits = (None, 2, 1)
    games = [turn_states(play_game(GameConfig(board=board, players=4, max_chain_paths=limit),
                                   ["greedy", "random", "greedy", "cheapest"], seed))
             for seed, limit in enumerate(limits)]
    bot = GreedyBot()
    longest = dict.fromkeys(limits, 0)
    for step in range(min(len(g) for g in games)):
        for limit, states in zip(limits, games, strict=True):  # the configs in turn, move by move
            if is_over(states[step]):
                continue
            chains, _ = _best_chains_are_the_tied_best(bot, states[step])
            longest[limit] = max([longest[limit], *(len(ch) - 1 for ch in chains)])
    assert longest[1] == 1 and longest[2] == 2 and longest[None] > 2  # each config's own limit held


def test_carried_own_roads_equal_a_fresh_count():
    """engine.most_own_roads kept with a state's facts and carried by connect through
    connections that change no route but the captured city's == the count on the same
    position rebuilt from scratch; connect's route walk over the kept next steps == the
    walk from scratch."""
    from rometools.caesars_empire.state import GameState

    carried = 0
    for seed in range(3):
        state = new_game(GameConfig(players=4), rng=seed)
        rng = np.random.default_rng(seed)
        while not is_over(state):
            for seat in range(4):
                fresh = GameState(state.config, state.treasures, state.city_owner, state.path_owner,
                                  state.roads_left, state.route_score, state.seat, state.history,
                                  state.start, state.seed)
                known = engine.facts(state).own
                carried += bool(known and seat in known)
                assert engine.most_own_roads(state, seat) == engine.most_own_roads(fresh, seat)
            bot = GreedyBot() if state.seat % 2 == 0 else RandomBot()  # random: long chains too
            action = bot.choose(state, rng)
            after = apply(state, action)  # walks the route with the kept next steps when it can
            assert after == apply(fresh, action)  # ... the same route and points as a walk from scratch
            state = after
    assert carried > 300


def test_greedy_beats_random_on_average():
    wins = 0
    for seed in range(20):
        end = play_game(bots=["greedy", "random", "random", "random"], rng=seed)
        wins += scores(end)[0] == max(scores(end))
    assert wins >= 12  # a real difference, not noise: random would win ~5 of 20


def test_play_game_checks_bots():
    with pytest.raises(ArgumentError, match="4 players need 4 bots, got 2"):
        play_game(bots=["random", "random"], rng=0)
    with pytest.raises(ArgumentError, match="unknown bot 'smart' for Caesar's Empire; choose one of "
                                         "cheapest, greedy, random"):
        play_game(bots=["smart"] * 4, rng=0)
    # a trusted bot's actions skip the second check; checking them changes nothing
    checked = [type(f"Checked{b.__name__}", (b,), {"trusted": False})()
               for b in (RandomBot, GreedyBot, CheapestBot, RandomBot)]
    a = play_game(bots=checked, rng=8)
    b = play_game(bots=[RandomBot(), GreedyBot(), CheapestBot(), RandomBot()], rng=8)
    assert a == b and len(a.history) > 40


@pytest.mark.parametrize("bot", [RandomBot, CheapestBot, GreedyBot])
def test_bots_refuse_chance_and_terminal_nodes(bot):
    with pytest.raises(ArgumentError, match="a chance node \\(the set-up deal\\) is pending"):
        bot().choose(new_game(), 0)
    with pytest.raises(ArgumentError, match="the game is over"):
        bot().choose(play_game(rng=1), 0)


def test_bots_play_the_player_route_policy():
    """With route_policy="player" an action carries the chosen route; every bot plays it."""
    cfg = GameConfig(players=3, route_policy="player")
    end = play_game(cfg, ["random", "cheapest", "greedy"], rng=4)
    assert is_over(end) and replay(to_json(end)) == end


def _mid_game_states():
    """Decision nodes from seeded games on both boards, with and without bounds."""
    for board, players, limit, roads in (("4-5", 4, None, None), ("4-5", 5, 2, None),
                                         ("2-3", 3, None, 9), ("2-3", 2, 3, None)):
        cfg = GameConfig(board=load_board(board), players=players, max_chain_paths=limit,
                         roads_per_player=roads)
        for seed in range(3):
            end = play_game(cfg, ["greedy", "random", "cheapest", "random", "random"][:players], seed)
            yield from (s for s in turn_states(end) if not is_over(s))


def test_random_bot_numbering_is_one_to_one_with_legal_actions():
    """RandomBot counts chains instead of listing them (engine.nth_legal_chain):
    every index names a different legal action and every legal action has an
    index, so a uniform index is a uniform legal action."""
    _nth_chain = engine.nth_legal_chain
    checked = 0
    for s in _mid_game_states():
        acts = legal_actions(s)
        locs = s.config.board.locations
        total = []
        first = _nth_chain(s, lambda n, seen=total: seen.append(n) or 0)
        if acts == [PASS]:
            assert first is None and total == []
            continue
        got = [tuple(locs[i] for i in _nth_chain(s, lambda n, k=k: k)[0]) for k in range(total[0])]
        assert sorted(got) == sorted(acts)
        checked += 1
    assert checked > 100


def test_random_bot_choice_is_uniform_chi_square():
    from scipy.stats import chisquare
    s = next(t for t in _mid_game_states() if len(legal_actions(t)) >= 25)
    acts = legal_actions(s)
    bot, rng = RandomBot(), np.random.default_rng(2026)
    draws = 200 * len(acts)
    counts = {a: 0 for a in acts}
    for _ in range(draws):
        counts[bot.choose(s, rng)] += 1
    assert chisquare(list(counts.values())).pvalue > 0.001


@pytest.mark.parametrize("twins", ["compiled", "plain"])
def test_kept_holdings_equal_a_fresh_count(twins, request):
    """The engine keeps each seat's Treasure counts and highest City token per colour with
    the state's facts (carried by connect: compiled, and plain); GreedyBot reads them
    (``_greedy_search.treasure_values``, ``capture_values``). They equal what
    scoring.holdings counts afresh, after every move and on the position rebuilt."""
    from rometools.caesars_empire.scoring import holdings, marginal_values
    from rometools.caesars_empire.state import GameState

    if twins == "plain":
        request.getfixturevalue("plain_twins")
    checked = 0
    for config, bot_names, seed in ((GameConfig(players=4), "greedy", 7), (GameConfig(players=3), "random", 8),
                                    (GameConfig(players=5, route_policy="first"), "greedy", 9)):
        for state in turn_states(play_game(config, bot_names, seed)):
            rebuilt = GameState(state.config, state.treasures, state.city_owner, state.path_owner, state.roads_left,
                                state.route_score, state.seat, state.history, state.start, state.seed)
            for s in (state, rebuilt):
                f = engine.facts(s)
                shape = f.shape
                comps = s.config.components
                colours = sorted({c for c, _ in s.config.board.city_tokens()})
                for seat, mine in enumerate(holdings(s)):
                    at = shape.counts + seat * shape.types
                    assert tuple(f.cells[at:at + shape.types]) == mine.treasures
                    at = shape.highest + seat * shape.colours
                    highest = dict(zip(colours, f.cells[at:at + shape.colours], strict=True))
                    for colour in colours:
                        assert highest[colour] == max([v for c, v in mine.city_tokens if c == colour], default=0)
                mine = holdings(s, s.seat)
                assert bots._greedy_search.treasure_values(s) == marginal_values(mine.treasures, comps)
                checked += 1
    assert checked > 200


def test_walk_nodes_grow_and_a_search_inside_a_search_keeps_its_own(plain_twins, monkeypatch):
    """GreedyBot's search keeps its walk nodes in one buffer per board shape: it grows when full
    (here from room for one node), and a search run while another is under way (a City-gain
    callback of the 2-3 player variant that searches again) takes a buffer of its own. The
    best chains are those of every chain valued, as always."""
    search = plain_twins["_greedy_search"]
    monkeypatch.setattr(search, "_ROOM", 1)
    monkeypatch.setattr(search, "_last", [None])  # a fresh buffer of that room
    cfg = GameConfig(players=3, sum_complete_colours=True)
    states = [s for s in turn_states(play_game(cfg, ["greedy", "random", "greedy"], 5)) if not is_over(s)]
    bot = GreedyBot()

    def best_of_every_chain(state):
        ranked = bot.values(state)
        top = max(v for _, v, _ in ranked)
        cheapest = min(c for _, v, c in ranked if v == top)
        return [ch for ch, v, c in ranked if (v, c) == (top, cheapest)], top, cheapest

    expected = [best_of_every_chain(s) for s in states]
    assert [bot.best_chains(s) for s in states] == expected
    assert len(search._last[0][1].walks) > 6  # it grew from one node (6 ints)
    capture_values = GreedyBot._capture_values
    nested: list = []  # (state index, what the inner search chose)
    inside = [False]

    def searching_again(self, state):
        gain_of, treasure_value = capture_values(self, state)

        def gain(colour, value):
            if not inside[0]:  # one level deep: the inner search's own callbacks search no further
                inside[0] = True
                k = len(nested) % len(states)
                nested.append((k, GreedyBot().best_chains(states[k])))
                inside[0] = False
            return gain_of(colour, value)

        return gain, treasure_value

    monkeypatch.setattr(GreedyBot, "_capture_values", searching_again)
    assert [bot.best_chains(s) for s in states] == expected
    assert len(nested) > 50
    assert all(chosen == expected[k] for k, chosen in nested)


@pytest.mark.parametrize("twins", ["compiled", "plain"])
def test_games_played_in_threads_are_the_games_played_alone(twins, request):
    """GreedyBot's search shares its walk-node buffer between searches of one board shape
    (a lock tells a search under way): games played in several threads at once (a Dask
    worker with threads, say) are the same as played one by one."""
    from concurrent.futures import ThreadPoolExecutor

    if twins == "plain":
        request.getfixturevalue("plain_twins")
    cfg = GameConfig(players=4)
    alone = [play_game(cfg, "greedy", seed).history for seed in range(8)]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda seed: play_game(cfg, "greedy", seed).history, range(8)))
    assert together == alone


def test_compiled_or_plain_uses_the_twin_only_while_it_matches_the_source(tmp_path, monkeypatch):
    package = tmp_path / "twins"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = "NAME = 'plain'\n"
    (package / "m.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert compiled_or_plain("twins.m").NAME == "plain"  # no twin built
    sha = hashlib.sha256(source.encode()).hexdigest()
    (package / "m_c.py").write_text(f"NAME = 'twin'\nSOURCE_SHA256 = {sha!r}\n")
    assert compiled_or_plain("twins.m").NAME == "twin"
    (package / "n.py").write_text("NAME = 'edited'\n")
    (package / "n_c.py").write_text(f"NAME = 'twin'\nSOURCE_SHA256 = {sha!r}\n")
    with pytest.warns(RuntimeWarning, match=r"twins.n_c was compiled from an older n.py, so the plain "
                                            r"module runs .*make setup"):
        assert compiled_or_plain("twins.n").NAME == "edited"
    monkeypatch.setenv("ROMETOOLS_NO_COMPILED", "1")  # asked for the plain module
    assert compiled_or_plain("twins.m").NAME == "plain"


def test_setup_reports_the_compiled_modules(monkeypatch):
    """``make setup`` prints this line after the install (pip hides the build hook's own)."""
    twins = ", ".join(_cython.find_twins())
    assert "rometools.caesars_empire._greedy_search, rometools.caesars_empire._kernel" in twins
    assert _cython.report() == f"compiled by Cython: {twins}"
    monkeypatch.setenv("ROMETOOLS_NO_COMPILED", "1")
    assert _cython.report() == (
        f"WARNING: {twins} run as plain Python (ROMETOOLS_NO_COMPILED is set): the same results, several "
        f"times slower")
    monkeypatch.setattr(_cython, "find_twins", lambda: ("twins_not_built.m",))
    monkeypatch.delenv("ROMETOOLS_NO_COMPILED")
    monkeypatch.setitem(sys.modules, "twins_not_built", type(sys)("twins_not_built"))
    monkeypatch.setitem(sys.modules, "twins_not_built.m", type(sys)("twins_not_built.m"))
    assert _cython.report() == ("WARNING: twins_not_built.m run as plain Python (not built at install: no C "
                                "compiler?): the same results, several times slower; install "
                                "gcc and run `make setup` again")


def test_setup_report_tells_a_stale_twin_from_a_missing_one(tmp_path, monkeypatch):
    """A twin compiled from an older source is named as such (not as a missing C compiler)."""
    package = tmp_path / "twins_stale"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "m.py").write_text("NAME = 'edited'\n")
    (package / "m_c.py").write_text("NAME = 'twin'\nSOURCE_SHA256 = 'an older source'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(_cython, "find_twins", lambda: ("twins_stale.m",))
    assert _cython.report() == ("WARNING: twins_stale.m run as plain Python (compiled from an older source: "
                                "twins_stale.m edited since the install): the same results, several times "
                                "slower; run `make setup` again (and restart a running notebook kernel)")


@pytest.mark.parametrize("search", ["compiled", "plain"])
@pytest.mark.parametrize("options", [{"players": 4}, {"players": 4, "route_policy": "first"},
                                     {"players": 3, "sum_complete_colours": True}])
def test_greedy_connects_when_every_connection_is_worth_less_than_nothing(options, search, request):
    """A Treasure table that falls (components built in Python; a data file's must not fall)
    makes a Treasure's marginal value negative, and late in a game every legal connection
    can be worth less than nothing. GreedyBot still connects (passing is then illegal: The
    Turn) and plays the tied best of values(). It used to pass, as on benchmarks/simulate.py's
    generated 60-city board with seed 11 and 4 players ("P4 cannot pass")."""
    import dataclasses

    if search == "plain":
        request.getfixturevalue("plain_twins")
    board = load_board("4-5" if options["players"] > 3 else "2-3")
    comps = board.components
    tables = dataclasses.replace(comps.tables, same_type=(0, 1) + (0,) * 20, different_types=(0,) * 12, gold=(20,) + (0,) * 20)
    board = dataclasses.replace(board, components=dataclasses.replace(comps, tables=tables))
    cfg = GameConfig(board=board, **options)
    bot = GreedyBot()
    all_negative = 0
    for seed in range(6):
        end = play_game(cfg, "greedy", seed)   # no IllegalActionError
        for state in turn_states(end):
            if is_over(state):
                continue
            chains, top = _best_chains_are_the_tied_best(bot, state)
            if chains and top < 0:
                all_negative += 1
                assert bot.choose(state, seed) != PASS
    assert all_negative > 0


def test_folded_marginal_list_equals_the_scoring_memo(plain_twins):
    """A Treasure-count vector GreedyBot's search meets for the first time is valued from its
    folded counts (the Gold count and the sorted non-Gold counts packed into one integer,
    ``_greedy_search._folded_list``): the same list as ``scoring.marginal_list_shared``, for
    every count vector of a seeded sample up to the box supply and a shuffle of its non-Gold
    counts (the folded memo filled, then read)."""
    from array import array

    from rometools.caesars_empire.scoring import marginal_list_shared

    search = plain_twins["_greedy_search"]
    state = new_game(rng=1)
    comps = state.config.components
    assert comps.equal_non_gold_supply
    where = search._Where(engine.facts(state).shape)
    supply = [comps.supply[t] for t in comps.treasure_ids]
    gold = comps.gold_index
    rng = np.random.default_rng(3)
    seen = set()
    for _ in range(400):
        counts = [int(rng.integers(0, s + 1)) for s in supply]
        others = [int(c) for c in rng.permutation(counts[:gold] + counts[gold + 1:])]
        for order in (counts, others[:gold] + [counts[gold]] + others[gold:]):
            cells = array("i", [7, *order, 7])  # the counts at 1, as in a facts array
            assert search._folded_list(where, cells, 1, comps) == marginal_list_shared(tuple(order), comps), order
        seen.add((counts[gold], *sorted(others)))
    assert len(seen) > 100 and len(comps._packed_fold_memo) >= len(seen)


@pytest.mark.parametrize("search", ["compiled", "plain"])
def test_the_search_reads_the_facts_cells_of_an_array_of_ints(search, request):
    """The search reads the facts' cells at their ``array('i')``'s buffer address when compiled:
    given the array (or a copy of it) it finds the best one-path chains, and given any other buffer
    of the same numbers (or a list) the compiled search refuses it rather than read it as one."""
    from array import array

    if search == "plain":
        request.getfixturevalue("plain_twins")
    gs = bots._greedy_search
    assert gs.COMPILED is (search == "compiled")
    state = new_game(rng=1)
    f = engine.facts(state)
    engine.own_facts(state)
    where = gs._Where(f.shape)
    n = f.shape.locations
    tv = gs._by_type(gs.treasure_values(state), state.config.components.treasure_ids)

    def run(cells):  # seat 0, its Roads, one-path chains (at the start every chain is one: Rome's)
        return gs.search(where, f.shape.cells, cells, array("i", [0]) * (3 * n), 0, state.roads_left[0], 1, cells,
                         f.shape.own, None, tv, None, None, None, None)

    best, top, cheapest, later = run(f.cells[:])
    assert ([chain for _, chain in best], top, cheapest) == GreedyBot().best_chains(state) and later == []
    assert len(best) == 1 and top > 0
    for other in (memoryview(f.cells), array("l", f.cells), list(f.cells)):
        if gs.COMPILED:
            with pytest.raises(TypeError):
                run(other)
        else:
            assert run(other)[:3] == (best, top, cheapest)
