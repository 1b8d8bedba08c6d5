"""Views used by charts and explorers: built_roads, connection_routes, turn_states."""

import pytest

from rometools.caesars_empire import (
    Board,
    BoardPath,
    City,
    GameConfig,
    apply,
    built_roads,
    connection_routes,
    new_game,
    play_game,
    turn_states,
)
from rometools.core.errors import IllegalActionError


@pytest.fixture
def square():
    # rome - a (1) - c (1); rome - b (1) - c (1)
    b = Board("square", "2-3",
              [City("a", "A", "red", 1), City("b", "B", "blue", 2), City("c", "C", "red", 3)],
              [BoardPath(("rome", "a"), 1), BoardPath(("rome", "b"), 1), BoardPath(("a", "c"), 1),
               BoardPath(("b", "c"), 1)])
    return new_game(GameConfig(board=b, players=2), deal={"a": "meat", "b": "gold", "c": "gold"})


def test_connection_routes_preview_equals_what_apply_scores(square):
    s = apply(apply(square, ("rome", "a")), ("rome", "b"))     # seat 0 owns rome-a, seat 1 rome-b
    preview = connection_routes(s, ("a", "c"))                  # seat 0 to move; c holds Gold
    # b-c is unbuilt, so the only route is c-a-rome (2 Roads of seat 0), doubled by Gold
    assert [(r.path, r.roads, r.points) for r in preview] == [(("c", "a", "rome"), 2, {0: 4})]
    assert connection_routes(s, ("a", "c"), gold=False)[0].points == {0: 2}
    after = apply(s, ("a", "c"))
    assert after.history[-1][3] == ("c", "a", "rome") and after.history[-1][4] == (4, 0)
    assert s.city_owner == (0, 1, -1)                            # preview changed nothing


def test_connection_routes_rejects_illegal_chain_and_leaves_state(square):
    with pytest.raises(IllegalActionError, match="city 'a' is still available and cannot be crossed"):
        connection_routes(square, ("rome", "a", "c"))
    assert built_roads(square) == {}


def test_turn_states_steps_through_the_whole_game():
    final = play_game(bots=["cheapest"] * 4, rng=8)
    states = turn_states(final)
    assert states[-1] == final
    assert len(states) == 1 + sum(1 for h in final.history if h[0] != "deal")
    assert states[0].route_score == (0, 0, 0, 0) and all(o < 0 for o in states[0].city_owner)
    for before, after in zip(states, states[1:], strict=False):
        assert sum(o >= 0 for o in after.city_owner) == sum(o >= 0 for o in before.city_owner) + 1
        assert len(built_roads(after)) > len(built_roads(before))


def test_gold_turns_count_the_turns_that_took_gold():
    """gold_turns (the Gold held, less what a described position started with) == the
    connections in the history whose captured city held Gold."""
    from rometools.caesars_empire import GameConfig, gold_turns, play_game, position

    def counted(end):
        index = end.config.board._index
        return sum(1 for h in end.history if h[0] == "connect" and end.treasures[index[h[2][-1]] - 1] == "gold")

    games = [play_game(GameConfig(players=p), ["greedy", "random", "cheapest", "random", "greedy"][:p], seed)
             for p, seed in ((2, 1), (3, 2), (4, 3), (5, 4))]
    board = games[2].config.board
    deal = dict(zip(board.city_ids, games[2].treasures, strict=True))
    near = next(c for c in board.city_ids if board.graph.has_edge("rome", c))  # a city beside Rome holds Gold
    far = next(c for c, t in deal.items() if t == "gold")
    deal[near], deal[far] = deal[far], deal[near]
    start = position(treasures=deal, owners={near: "P1"}, roads={("rome", near): "P1"})
    games.append(play_game(bots="greedy", rng=5, start=start))  # the Gold held at the start is no turn's
    for end in games:
        assert gold_turns(end) == {"gold_turns": counted(end)}
    assert sum(counted(end) for end in games) > 5
