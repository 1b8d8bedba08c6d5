"""IMPERATOR bots: what the greedy bot values, legal random choices, whole games."""

from __future__ import annotations

import numpy as np
import pytest
from imperator_helpers import board

import rometools
from rometools.core.errors import ArgumentError
from rometools.imperator import (
    PASS,
    SKIP,
    GameConfig,
    GreedyBot,
    RandomBot,
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
    play_game,
    tile_value,
)


def reveal(state, *tiles):
    for t in tiles:
        state = apply(state, t)
    return state


def test_greedy_takes_the_tile_worth_most_with_its_strongest_worker():
    b = board(["a", "b", "c"], [("a", "b"), ("a", "c")], players=(2,))
    cfg = GameConfig(players=2, board=b, stock=({"wood": 5, "stone": 1}, {"stone": 4}))
    s = reveal(new_game(cfg), "t08", "t07", "t14")      # stone points (5), wood points (1), statue (5)
    assert [tile_value(s, 0, t) for t in s.tiles] == [1, 5, 1]
    assert GreedyBot().choose(s, 1) == ("b", 1)   # wood: 5 points; 1 on a marker-1 tile
    s = apply(s, ("b", 1))
    assert [tile_value(s, 1, t) for t in s.tiles] == [4, 0, 1]
    assert GreedyBot().choose(s, 1) == ("a", 5)


def test_greedy_sends_a_forced_out_worker_to_the_best_tile_and_passes_only_when_stuck():
    b = board(["a", "b", "c"], [("a", "b"), ("a", "c")], players=(3,))
    cfg = GameConfig(players=3, board=b, stock={"wood": 3, "horse": 0}, workers=(3, 2, 5))
    s = reveal(new_game(cfg), "t11", "t09", "t07")       # all marker 1: dark lump, horse, wood
    s = apply(apply(s, ("a", 3)), ("a", 2))              # P2 forces P1 out: b (horse: 0) or c (wood: 3)
    assert legal_actions(s) == ["b", "c"] and GreedyBot().choose(s, 0) == "c"
    s = apply(s, "c")
    assert [a for a in legal_actions(s) if a != PASS] == [("b", 5)] and GreedyBot().choose(s, 0) == ("b", 5)
    stuck = GameConfig(players=2, board=board(["a"], [], players=(2,)), workers=(1, 1))
    t = apply(reveal(new_game(stuck), "t07"), ("a", 1))
    assert legal_actions(t) == [PASS] and GreedyBot().choose(t, 0) == PASS


def test_greedy_uses_the_advanced_action_only_for_something():
    b = board(["a", "b"], [("a", "b")], players=(2,))
    s = apply(reveal(new_game(GameConfig(players=2, board=b, advanced=True, stock={"wood": 0})), "t08", "t07"),
              ("a", 5))
    assert s.phase == "icons" and GreedyBot().choose(s, 0) == SKIP        # wood points with no wood: 0
    s = apply(reveal(new_game(GameConfig(players=2, board=b, advanced=True)), "t08", "t07"), ("a", 5))
    assert GreedyBot().choose(s, 0) == ("icons", "b")


def test_random_bot_is_legal_and_reproducible():
    s = new_game(GameConfig(players=5), rng=3)
    picks = [RandomBot().choose(s, np.random.default_rng(k)) for k in range(30)]
    assert all(p in legal_actions(s) for p in picks) and len(set(picks)) > 5
    assert picks == [RandomBot().choose(s, np.random.default_rng(k)) for k in range(30)]
    with pytest.raises(ArgumentError, match="no decision to make: a chance node"):
        RandomBot().choose(new_game(), 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_games_end_and_greedy_beats_random(players):
    end = play_game(GameConfig(players=players), ["greedy"] + ["random"] * (players - 1), rng=players)
    assert is_over(end) and end.round == 5
    df = rometools.simulate("imperator", 40, players=players, bots=["greedy"] + ["random"] * (players - 1),
                            seed=1, rotate=False, progress=False)
    mean = df.groupby("bot")["score"].mean()
    assert mean["greedy"] > mean["random"]


def test_greedy_placement_is_its_rule_over_the_legal_placements():
    """At every placement of seeded games in every sample config, GreedyBot's choice (read off the
    state's figures in one pass) is its rule applied to legal_actions: the highest tile_value, then
    the worker value nearest the tile's marker, ties drawn in legal_actions' order with the same
    draw (PASS with no placement legal: test_greedy_sends_a_forced_out_worker_to_the_best_tile_and_passes_only_when_stuck)."""
    from rometools.core.playout import play, states
    from rometools.core.rng import integer_below

    checked = ties = 0
    for options in rometools.core.game.game_spec("imperator").sample_configs:
        g = rometools.load_game("imperator", **options)
        for seed in range(8):
            for s in states(play(g, (["greedy", "random"] * 3)[:g.players], rng=seed)):
                if s.phase != "place":
                    continue
                seat, lay, marker = current_player(s), s.config.layout, s.config.components.marker_of
                places = [a for a in legal_actions(s) if a != PASS]
                want = PASS
                if places:
                    worth = {r: tile_value(s, seat, s.tiles[lay.index[r]]) for r, _ in places}
                    top = [(r, v) for r, v in places if worth[r] == max(worth.values())]
                    near = min(abs(v - marker[s.tiles[lay.index[r]]]) for r, v in top)
                    top = [(r, v) for r, v in top if abs(v - marker[s.tiles[lay.index[r]]]) == near]
                    want = top[0] if len(top) == 1 else top[integer_below(np.random.default_rng(seed), len(top))]
                    ties += len(top) > 1
                assert GreedyBot().choose(s, np.random.default_rng(seed)) == want
                checked += 1
    assert checked > 500 and ties > 50
