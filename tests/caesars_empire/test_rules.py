"""Caesar's Empire rules on tiny inline boards, with hand-computed values.

Rulebook: 001_a311a49632a27e24.txt, The Turn, Scoring Routes, Going Through
Cities, End of Game.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

import rometools
from rometools.caesars_empire import (
    CHANCE,
    PASS,
    ROUTE_POLICIES,
    TERMINAL,
    Board,
    BoardPath,
    City,
    Connection,
    GameConfig,
    RouteOption,
    apply,
    chance_outcomes,
    cheapest_connections,
    current_player,
    enumerate_chains,
    final_scores,
    from_json,
    is_over,
    iter_chains,
    legal_actions,
    new_game,
    play_game,
    replay,
    route_points,
    score_parts,
    scores,
    to_json,
)
from rometools.core.errors import (
    ArgumentError,
    DataFileError,
    IllegalActionError,
    InvalidActionError,
)

CITIES = [City("a", "A", "red", 2), City("b", "B", "blue", 3), City("c", "C", "red", 5),
          City("d", "D", "green", 1)]
PATHS = [BoardPath(("rome", "a"), 1), BoardPath(("a", "b"), 1), BoardPath(("rome", "b"), 2),
         BoardPath(("b", "c"), 1), BoardPath(("c", "d"), 2)]
X = Board("X", "2-3", CITIES, PATHS)
DEAL = {"a": "gold", "b": "meat", "c": "wheat", "d": "gold"}


def game(**options):
    board = options.pop("board", X)
    deal = options.pop("deal", DEAL)
    return new_game(GameConfig(board=board, players=2, **options), deal=deal)


def play(state, *chains):
    for ch in chains:
        state = apply(state, ch)
    return state


# ----------------------------------------------------------------- route_points
# A small board for route scoring: two 1-Road paths in parallel to c, and a
# 2-Road path e that ties with two 1-Road paths.
R = Board("R", "2-3",
          [City("a", "A", "red", 1), City("b", "B", "red", 1), City("c", "C", "red", 1),
           City("d", "D", "red", 1), City("e", "E", "red", 1)],
          [BoardPath(("rome", "a"), 1), BoardPath(("rome", "b"), 1), BoardPath(("a", "c"), 1),
           BoardPath(("b", "c"), 1), BoardPath(("a", "d"), 2), BoardPath(("rome", "e"), 2),
           BoardPath(("a", "e"), 1)])

DEAL_R = {"a": "meat", "b": "wheat", "c": "gems", "d": "oil", "e": "wine"}

ROUTE_CASES = [
    # (name, built roads, city, gold, expected [(path, roads, points)])
    ("tie of two fewest-Roads paths",
     {("rome", "a"): "Y", ("a", "c"): "Y", ("rome", "b"): "P", ("b", "c"): "P"}, "c", False,
     [(("c", "a", "rome"), 2, {"Y": 2}), (("c", "b", "rome"), 2, {"P": 2})]),
    ("rulebook Scoring Routes: Yellow and Purple 1 each",
     {("rome", "a"): "Y", ("a", "c"): "P"}, "c", False,
     [(("c", "a", "rome"), 2, {"Y": 1, "P": 1})]),
    ("a 2-Road path scores 2",
     {("rome", "a"): "Y", ("a", "d"): "P"}, "d", False,
     [(("d", "a", "rome"), 3, {"Y": 1, "P": 2})]),
    ("Gold doubles every player's points",
     {("rome", "a"): "Y", ("a", "d"): "P"}, "d", True,
     [(("d", "a", "rome"), 3, {"Y": 2, "P": 4})]),
    ("one 2-Road path ties with two 1-Road paths",
     {("rome", "a"): "Y", ("a", "e"): "P", ("rome", "e"): "G"}, "e", False,
     [(("e", "a", "rome"), 2, {"Y": 1, "P": 1}), (("e", "rome"), 2, {"G": 2})]),
    ("fewest Roads beats fewest paths",
     {("rome", "a"): "Y", ("a", "c"): "Y", ("rome", "b"): "P", ("b", "c"): "P", ("a", "d"): "G"},
     "a", True, [(("a", "rome"), 1, {"Y": 2})]),
]


@pytest.mark.parametrize("name,roads,city,gold,expected", ROUTE_CASES, ids=[c[0] for c in ROUTE_CASES])
def test_route_points(name, roads, city, gold, expected):
    got = route_points(R, roads, city, gold=gold)
    assert got == [RouteOption(p, r, pts) for p, r, pts in expected]


def test_route_points_errors():
    with pytest.raises(ArgumentError, match="city 'c' has no built route to Rome"):
        route_points(R, {("rome", "a"): "Y"}, "c")
    with pytest.raises(ArgumentError, match=r"\('rome', 'c'\) is not a path"):
        route_points(R, {("rome", "c"): "Y"}, "c")
    with pytest.raises(ArgumentError, match="unknown city 'ostia'"):
        route_points(R, {}, "ostia")


# ----------------------------------------------------------------- a whole game by hand
def test_hand_played_game_with_crossing_tie_and_gold():
    s = game()
    assert current_player(s) == 0 and legal_actions(s) == [("rome", "a"), ("rome", "b")]
    s = apply(s, ("rome", "a"))          # a holds Gold: 1 Road doubled
    assert s.route_score == (2, 0) and s.roads_left == (24, 25)
    assert legal_actions(s) == [("rome", "b"), ("a", "b")]
    s = apply(s, ("a", "b"))             # route b-a-rome: 1 point each
    assert s.route_score == (3, 1)
    # Going Through Cities: seat 0 builds rome-b (2) and b-c (1) through empty b.
    assert ("rome", "b", "c") in legal_actions(s)
    s = apply(s, ("rome", "b", "c"))     # tie c-b-rome {0: 3} vs c-b-a-rome {0: 2, 1: 1}
    assert s.history[-1] == ("connect", 0, ("rome", "b", "c"), ("c", "b", "rome"), (3, 0))
    assert s.route_score == (6, 1) and s.roads_left == (21, 24)
    s = apply(s, ("c", "d"))             # Gold; seat 1 takes the route worth 6 to it
    assert s.history[-1] == ("connect", 1, ("c", "d"), ("d", "c", "b", "a", "rome"), (4, 6))
    assert s.route_score == (10, 7) and s.roads_left == (21, 22)
    assert is_over(s) and current_player(s) == TERMINAL and legal_actions(s) == []
    # cities: seat 0 red 2 + red 5 -> 5; seat 1 blue 3 + green 1 -> 4; one Gold and
    # one other token each score 0; seat 1 has most Roads left: +10.
    assert score_parts(s) == [
        {"route": 10, "cities": 5, "treasures": 0, "road_bonus": 0, "total": 15},
        {"route": 7, "cities": 4, "treasures": 0, "road_bonus": 10, "total": 21}]
    assert scores(s) == (15, 21)
    df = final_scores(s)
    assert df[["player", "seat", "rank", "total"]].values.tolist() == [["P2", 1, 1, 21], ["P1", 0, 2, 15]]
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(s, ("c", "d"))
    with pytest.raises(InvalidActionError, match="unknown location 'ostia'"):  # not a move, over or not
        apply(s, ("c", "ostia"))


def test_route_policy_is_replaceable():
    s = play(game(route_policy="first"), ("rome", "a"), ("a", "b"), ("rome", "b", "c"))
    assert s.history[-1][3:] == (("c", "b", "a", "rome"), (2, 1))
    assert s.route_score == (5, 2)


def test_sum_complete_colours_variant():
    s = play(game(sum_complete_colours=True), ("rome", "a"), ("a", "b"), ("b", "c"), ("c", "d"))
    # seat 0 owns both red tokens (2 and 5): the variant scores 7 instead of 5
    assert score_parts(s)[0]["cities"] == 7
    assert score_parts(play(game(), ("rome", "a"), ("a", "b"), ("b", "c"), ("c", "d")))[0]["cities"] == 5


# ----------------------------------------------------------------- illegal actions
# an action of the game (a chain of the board's locations, a Treasure id, "pass") that the rules
# forbid now is illegal; a value that is no action of the game at all is invalid
ILL, INV = IllegalActionError, InvalidActionError
ILLEGAL = [
    ((), ("rome", "a", "b"), ILL, "city 'a' is still available and cannot be crossed"),
    ((), ("a", "b"), ILL, "a chain starts at Rome or an empty city; city 'a' is still available"),
    ((), ("rome", "c"), ILL, "no path between 'rome' and 'c'"),
    ((), ("rome", "ostia"), INV, "unknown location 'ostia'"),
    ((), ("rome",), INV, "a connection is a chain of at least two locations"),
    ((), "capua", INV, "a connection is a chain of at least two locations"),
    ((), "gold", ILL, "a Treasure ('gold') is dealt only at the set-up"),  # an outcome of the game, not now
    ((), PASS, ILL, "P1 cannot pass: it has a legal connection"),
    ((("rome", "a"),), ("rome", "a"), ILL, "city 'a' is already connected"),
    ((("rome", "a"),), ("b", "a", "rome"), ILL, "a chain starts at Rome or an empty city; city 'b'"),
    ((("rome", "a"), ("a", "b")), ("rome", "a", "b", "c"), ILL, "path 'rome'-'a' already holds Roads (P1)"),
    ((("rome", "a"), ("a", "b")), ("a", "rome", "b", "c"), ILL, "Rome can start a chain but cannot be crossed"),
    ((("rome", "a"), ("a", "b")), ("b", "a", "b", "c"), ILL, "chain visits 'b' twice"),
    ((("rome", "a"), ("a", "b")), ("a", "b"), ILL, "city 'b' is already connected"),
]


@pytest.mark.parametrize("before,action,error,message", ILLEGAL)
def test_illegal_action_raises_and_leaves_state_unchanged(before, action, error, message):
    s = play(game(), *before)
    snapshot = to_json(s)
    with pytest.raises(error) as info:
        apply(s, action)
    assert type(info.value) is error and message in str(info.value)
    assert to_json(s) == snapshot and s == from_json(snapshot)


def test_chain_length_bound():
    s = play(game(max_chain_paths=1), ("rome", "a"), ("a", "b"))
    assert ("rome", "b", "c") not in legal_actions(s)
    with pytest.raises(IllegalActionError, match="chain of 2 paths is longer than max_chain_paths=1"):
        apply(s, ("rome", "b", "c"))
    # the reference listing keeps the bound too; a tighter one can be asked for
    assert [c.chain for c in enumerate_chains(s)] == [("b", "c")]
    t = play(game(), ("rome", "a"), ("a", "b"))
    assert [c.chain for c in enumerate_chains(t)] == [("rome", "b", "c"), ("b", "c")]
    assert [c.chain for c in enumerate_chains(t, max_paths=1)] == [("b", "c")]


# ----------------------------------------------------------------- running out of Roads
E = Board("E", "2-3", [*CITIES, City("e", "E", "blue", 4)], [*PATHS, BoardPath(("b", "e"), 1)])
DEAL_E = {**DEAL, "e": "wine"}


def test_running_out_of_roads_pass():
    s = game(board=E, deal=DEAL_E, roads_per_player=2)
    s = apply(s, ("rome", "b"))          # seat 0 spends both Roads
    s = apply(s, ("rome", "a"))          # seat 1 has 1 left
    assert s.roads_left == (0, 1) and not is_over(s)
    assert legal_actions(s) == [PASS] and cheapest_connections(s, "c") == []
    with pytest.raises(IllegalActionError, match="chain costs 1 Roads but P1 has only 0 left"):
        apply(s, ("b", "e"))
    s = apply(s, PASS)
    assert s.history[-1] == ("pass", 0) and current_player(s) == 1
    s = apply(s, ("b", "c"))             # seat 1's last Road
    assert s.roads_left == (0, 0)
    assert is_over(s)                    # nobody can connect d or e any more
    assert [s.city_owner[E.city_ids.index(c)] for c in ("d", "e")] == [-1, -1]
    assert scores(s) == tuple(p["total"] for p in score_parts(s))
    assert replay(to_json(s)) == s


def test_running_out_of_roads_end_game():
    s = game(board=E, deal=DEAL_E, roads_per_player=2, no_move="end_game")
    s = play(s, ("rome", "b"), ("rome", "a"))
    assert is_over(s) and legal_actions(s) == [] and current_player(s) == TERMINAL
    # road bonus: seat 1 has the most Roads left (1 vs 0)
    assert [p["road_bonus"] for p in score_parts(s)] == [0, 10]


def test_too_expensive_for_roads_left():
    s = game(roads_per_player=1)
    assert legal_actions(s) == [("rome", "a")]  # rome-b costs 2
    with pytest.raises(IllegalActionError, match="chain costs 2 Roads but P1 has only 1 left"):
        apply(s, ("rome", "b"))


# ----------------------------------------------------------------- cheapest / enumeration
def test_cheapest_connections():
    s = game()
    assert cheapest_connections(s, "b") == [Connection(("rome", "b"), 2)]
    s = apply(s, ("rome", "a"))
    assert cheapest_connections(s, "b") == [Connection(("a", "b"), 1)]
    with pytest.raises(ArgumentError, match="city 'a' is already connected"):
        cheapest_connections(s, "a")
    with pytest.raises(ArgumentError, match="unknown city 'rome'"):
        cheapest_connections(s, "rome")
    s = play(game(board=R, deal=DEAL_R),
             ("rome", "a"), ("rome", "b"))
    assert cheapest_connections(s, "c") == [Connection(("a", "c"), 1), Connection(("b", "c"), 1)]


def test_enumeration_is_bounded():
    s = play(game(board=R, deal=DEAL_R),
             ("rome", "a"), ("rome", "b"))
    everything = enumerate_chains(s)
    assert len(everything) == len(list(iter_chains(s)))
    assert [c.chain for c in enumerate_chains(s, max_cost=1)] == [("a", "c"), ("a", "e"), ("b", "c")]
    assert [(c.chain, c.cost) for c in everything] == [
        (("rome", "e"), 2), (("a", "c"), 1), (("a", "d"), 2), (("a", "e"), 1), (("b", "c"), 1)]
    with pytest.raises(ValueError, match="more than max_chains=2 legal chains"):
        enumerate_chains(s, max_chains=2)


# ----------------------------------------------------------------- chance and set-up
def test_chance_nodes_list_exact_outcomes():
    s = new_game()
    assert current_player(s) == CHANCE
    outcomes = dict(chance_outcomes(s))
    assert outcomes["gold"] == Fraction(8, 40) and outcomes["meat"] == Fraction(4, 40)
    assert sum(outcomes.values()) == 1
    s = apply(s, "gold")
    assert dict(chance_outcomes(s))["gold"] == Fraction(7, 39)
    assert s.history == (("deal", s.config.board.city_ids[0], "gold"),)
    # standard 2-3 set-up removes 2 Gold and one of each other type: 30 tokens
    assert dict(chance_outcomes(new_game(GameConfig(players=3))))["gold"] == Fraction(6, 30)
    assert dict(chance_outcomes(new_game(GameConfig(players=3, all_tokens_variant=True))))["gold"] \
        == Fraction(8, 40)
    with pytest.raises(IllegalActionError, match="needs a Treasure id"):  # a move of the game, not now
        apply(s, ("rome", "capua"))
    with pytest.raises(InvalidActionError, match="needs a Treasure id"):
        apply(s, ("rome", "ostia"))
    with pytest.raises(InvalidActionError, match="'spam' is not among the tokens left"):
        apply(s, "spam")


def test_exhausted_token_cannot_be_dealt():
    s = new_game(GameConfig(board=X, players=2))
    s = play(s, "meat", "meat", "meat")  # the 2-3 set-up keeps 3 Meat
    assert "meat" not in legal_actions(s) and dict(chance_outcomes(s))["gold"] == Fraction(6, 27)
    with pytest.raises(IllegalActionError, match="'meat' is not among the tokens left"):
        apply(s, "meat")
    s = apply(s, "gold")
    assert current_player(s) == 0 and s.treasures == ("meat", "meat", "meat", "gold")


def test_deal_sampling_is_seeded_and_uses_every_token():
    a, b = new_game(rng=11), new_game(rng=11)
    assert a == b and a != new_game(rng=12)
    assert sorted(a.treasures).count("gold") == 8 and len(a.history) == 40


def test_config_errors():
    with pytest.raises(ValueError, match="board side '2-3' is for \\[2, 3\\] players, got players=4"):
        GameConfig(board=X, players=4)
    with pytest.raises(ValueError, match="^no_move must be one of pass, end_game; got 'skip'$"):
        GameConfig(no_move="skip")
    with pytest.raises(ValueError) as err:
        GameConfig(route_policy="best")
    policies = ", ".join(sorted(ROUTE_POLICIES))  # other tests may register more
    assert str(err.value) == f"route_policy must be one of {policies}, player; got 'best'"


def test_default_game_is_bundled_4_5_with_4_players():
    s = new_game()
    assert s.config.board.side == "4-5" and s.config.players == 4 and len(s.treasures) == 40


# ----------------------------------------------------------------- json and replay
def test_json_round_trip_and_replay():
    end = play_game(bots=["random", "greedy", "cheapest", "random"], rng=21)
    text = to_json(end)
    assert from_json(text) == end
    assert to_json(from_json(text)) == text
    assert replay(text, upto=45) == replay(json.loads(text), upto=45)
    assert len(replay(text, upto=45).history) == 45
    inline = play(game(), ("rome", "a"))
    assert from_json(to_json(inline)) == inline  # a non-bundled board travels in full


def test_replay_rejects_a_tampered_log():
    from rometools.core.playout import _checksum

    end = play_game(rng=2)
    data = json.loads(to_json(end))
    k = 45  # a connection after the 40 deal outcomes
    data["history"][k] = ["rome", "capua"]
    with pytest.raises(DataFileError, match="sha256: does not match the content: the file was edited"):
        replay(data)
    data["sha256"] = _checksum(data)  # resealed by hand: the rules still refuse the move
    with pytest.raises(IllegalActionError, match=f"history\\[{k}\\]: city 'capua' is already connected"):
        replay(data)


def test_chains_cross_several_empty_cities_by_default():
    board = Board("L", "2-3",
                  [City("a", "A", "red", 1), City("b", "B", "red", 2), City("c", "C", "red", 3),
                   City("e", "E", "blue", 1)],
                  [BoardPath(("rome", "a"), 1), BoardPath(("rome", "b"), 1), BoardPath(("rome", "e"), 1),
                   BoardPath(("a", "b"), 1), BoardPath(("b", "c"), 1), BoardPath(("e", "a"), 1)])
    deal = {"a": "meat", "b": "wheat", "c": "gems", "e": "oil"}
    s = play(new_game(GameConfig(board=board, players=2), deal=deal),
             ("rome", "a"), ("rome", "b"), ("rome", "e"))
    assert legal_actions(s) == [("a", "b", "c"), ("b", "c"), ("e", "a", "b", "c")]
    t = apply(s, ("e", "a", "b", "c"))   # 3 paths through empty a and b
    assert t.roads_left == (23, 21)
    # fewest Roads from c: c-b-rome (2), not the new 4-Road chain back through e
    assert t.history[-1] == ("connect", 1, ("e", "a", "b", "c"), ("c", "b", "rome"), (0, 2))
    short = play(new_game(GameConfig(board=board, players=2, max_chain_paths=2), deal=deal),
                 ("rome", "a"), ("rome", "b"), ("rome", "e"))
    assert legal_actions(short) == [("a", "b", "c"), ("b", "c")]


@pytest.mark.parametrize("seed", [78006, 92006])
def test_apply_accepts_only_the_routes_legal_actions_lists(seed):
    """Issue 47, item 10: with ``route_policy="player"``, legal_actions lists one route per scoring
    outcome of a chain (the first of the tied routes in path order), but apply also took a tied
    route with the same points for every seat; a saved game then held a route the rules never
    offered (found at seeds 78006 and 92006, 3 players, random bots). Every action listed at any
    earlier node, offered at every node: apply accepts it only where it is listed now."""
    from rometools.core.errors import RulesError
    from rometools.core.playout import play, states

    game = rometools.load_game("caesars_empire", players=3, route_policy="player")
    seen, offered = [], 0
    for state in states(play(game, "random", rng=seed)):
        legal = game.legal_actions(state)
        if game.current_player(state) >= 0:
            for action in seen:
                if action not in legal:
                    offered += 1
                    with pytest.raises(RulesError):
                        game.apply(state, action)
        seen += [a for a in legal if a not in seen]
    assert offered > 1000


def test_a_tied_route_with_the_same_points_is_refused_naming_the_listed_one():
    from rometools.caesars_empire.rules import route_choices
    from rometools.caesars_empire.views import connection_routes
    from rometools.core.playout import play, states

    game = rometools.load_game("caesars_empire", players=3, route_policy="player")
    for state in states(play(game, "random", rng=78006)):
        if game.current_player(state) < 0:
            continue
        for chain, _ in game.legal_actions(state):
            tied = connection_routes(state, chain)
            listed = {o.path for o in route_choices(state, chain)}
            other = next((o for o in tied if o.path not in listed), None)
            if other is None:
                continue
            first = next(o.path for o in tied if o.points == other.points)
            with pytest.raises(IllegalActionError, match=re.escape(
                    f"scores what {first!r} scores for every seat; the choice between them is {first!r}")):
                game.apply(state, (chain, other.path))
            return
    raise AssertionError("no tied route with the same points met: the test checked nothing")
