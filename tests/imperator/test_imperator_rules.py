"""The IMPERATOR protocol game: reveals, placements, chains, rewards, the tile stack, options.

Rulebook: 004_c0d35faf86920c09.txt, Setup, Action Progression, Chain Reaction, Rewards,
Advanced Game; rules decisions IMP-1 to IMP-8.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from imperator_helpers import board

from rometools.core.errors import (
    ArgumentError,
    DataFileError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    RometoolsError,
)
from rometools.core.playout import play, replay
from rometools.imperator import (
    CHANCE,
    PASS,
    SKIP,
    TERMINAL,
    GameConfig,
    action_history,
    allowed_values,
    apply,
    chance_outcomes,
    current_player,
    from_json,
    is_over,
    legal_actions,
    load_board,
    markers,
    neighbour_rewards,
    new_game,
    occupants,
    round_log,
    score_bounds,
    scores,
    to_json,
)
from rometools.imperator.rules import worker
from rometools.imperator.views import movers, preview_placement


def reveal(state, *tiles):
    for t in tiles:
        assert current_player(state) == CHANCE
        state = apply(state, t)
    return state


def play_actions(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


# ----------------------------------------------------------------- set-up and reveals
def test_setup_reveals_one_tile_per_region_from_a_shuffled_stack():
    s = new_game(GameConfig(players=3))
    assert current_player(s) == CHANCE and s.round == 1
    outcomes = chance_outcomes(s)
    assert len(outcomes) == 20 and {p for _, p in outcomes} == {Fraction(1, 20)}
    assert legal_actions(s) == [t for t, _ in outcomes]
    s = reveal(s, "t03", "t14", "t07", "t20", "t01")
    assert s.tiles == ("t03", "t14", "t07", "t20", "t01") and len(s.stack) == 15
    assert markers(s) == {"latium": 5, "etruria": 5, "umbria": 1, "campania": 1, "apulia": 1}
    assert current_player(s) == 0 and s.phase == "place"
    assert [h for h in s.history if h[0] == "reveal"][0] == ("reveal", "latium", "t03")
    with pytest.raises(IllegalActionError, match=r"revealing a tile: 't03' is not in the stack"):
        apply(reveal(new_game(GameConfig(players=3)), "t03"), "t03")  # a tile of the game, revealed already
    with pytest.raises(InvalidActionError, match=r"revealing a tile: 't99' is not in the stack"):
        apply(new_game(GameConfig(players=3)), "t99")
    with pytest.raises(IllegalActionError, match=r"revealing a tile: \('latium', 3\) is not in the stack"):
        apply(new_game(GameConfig(players=3)), ("latium", 3))  # a placement, while a tile is revealed
    seeded = new_game(GameConfig(players=3), rng=4)
    assert seeded.seed == 4 and replay(seeded, upto=0) == new_game(GameConfig(players=3))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_sampled_setup_is_its_reveals_drawn_one_by_one(players):
    """new_game(rng=...) reveals every region's tile in one state: the same tiles, stack, history
    and first player as the set-up's chance nodes drawn one at a time from the same generator."""
    import numpy as np

    for seed in range(20):
        config, gen = GameConfig(players=players), np.random.default_rng(seed)
        state = new_game(config)
        while current_player(state) == CHANCE:
            pile = state.stack or state.discard
            state = apply(state, pile[int(gen.integers(len(pile)))])
        sampled = new_game(config, rng=np.random.default_rng(seed))
        assert sampled == replace(state, seed=seed) and sampled.phase == "place"
        assert len(sampled.stack) == 20 - len(config.layout.regions)


# ----------------------------------------------------------------- the rulebook example, played
def test_the_rulebook_example_in_the_protocol_game():
    b = board(["left", "right", "spare"], [("left", "right")], track=(0, 1, 3), players=(3,))
    cfg = GameConfig(players=3, board=b, rounds=1, influence_zones=(2, 1, 0))  # green, blue, yellow
    s = reveal(new_game(cfg), "t08", "t10", "t01")  # marker 5 (stone), marker 5 (grain), marker 1
    s = play_actions(s, ("left", 3), ("right", 3))
    assert occupants(s)["right"].value == 3
    s = apply(s, ("left", 4))  # yellow attacks green: on a marker-5 tile a 4 beats a 3
    assert s.history[-6:] == (
        ("place", 2, "left", 4, 0),
        ("push", 0, "left", "right", 1),   # green takes blue's region: more unused influence zone
        ("remove", 1, "right"),            # blue cannot move: it takes its worker back
        ("reward", 2, "left", "t08", 2),   # end of the round: stone in stock 2 x laurel 1
        ("reward", 0, "right", "t10", 2),
        ("end", 1),
    )
    assert s.track == (1, 1, 0)            # green and blue move one space each
    assert is_over(s) and current_player(s) == TERMINAL
    assert scores(s) == (2 + 1, 0 + 1, 2)  # instant points (stock 2 x laurel 1) + track points
    assert "P2's worker cannot move from right and goes back to its owner" in round_log(s)


# ----------------------------------------------------------------- chains with choices
def test_a_forced_out_worker_with_several_regions_is_its_owners_decision():
    b = board(["a", "b", "c"], [("a", "b"), ("a", "c")], players=(3,))
    s = reveal(new_game(GameConfig(players=3, board=b, rounds=1)), "t01", "t02", "t03")  # markers 1, 1, 5
    s = play_actions(s, ("a", 3), ("a", 2))
    assert s.phase == "displace" and current_player(s) == 0 and legal_actions(s) == ["b", "c"]
    assert s.track == (1, 0, 0)
    with pytest.raises(IllegalActionError, match=r"P1's 3, forced out of 'a', may move to \['b', 'c'\]; got 'a'"):
        apply(s, "a")
    with pytest.raises(IllegalActionError, match=r"may move to \['b', 'c'\]; got 'pass'"):  # another step's
        apply(s, "pass")
    with pytest.raises(InvalidActionError, match=r"may move to \['b', 'c'\]; got 'z'"):
        apply(s, "z")
    t = apply(s, "c")
    assert t.history[-1] == ("choose", 0, "a", "c", None) and current_player(t) == 2
    assert occupants(t)["c"].player == 0 and action_history(t)[-1] == "c"
    assert movers(t) == [0, 1, 0]


def test_preview_placement_lists_the_outcomes_without_applying():
    b = board(["a", "b", "c"], [("a", "b"), ("a", "c")], players=(3,))
    s = play_actions(reveal(new_game(GameConfig(players=3, board=b)), "t01", "t02", "t03"), ("a", 3))
    outs = preview_placement(s, "a", 2)
    assert [o.board for o in outs] == [{"a": 1, "b": 0}, {"a": 1, "c": 0}]
    with pytest.raises(IllegalActionError, match="equal value"):
        preview_placement(s, "a", 3)
    with pytest.raises(InvalidActionError, match="unknown region 'z'"):
        preview_placement(s, "z", 3)
    with pytest.raises(ArgumentError, match="a worker's value is 1 to 5, got 6"):
        preview_placement(s, "a", 6)


# ----------------------------------------------------------------- rewards and the tile stack
def small_game(small_tiles, **options):
    b = board(["a", "b"], [("a", "b"), ("b", "a")], players=(2,))
    return GameConfig(players=2, board=b, components=small_tiles, **options)


def three_rounds(cfg):
    """Round 1: a<-t3 (statue), b<-t4 (3 wood, held); round 2: a<-t5 (any value), b<-t6
    (Propraetor); round 3: a<-t1 (wood points), b<-t2 (stone points). Seat 0 always takes a."""
    s = reveal(new_game(cfg), "t3", "t4")
    s = play_actions(s, ("a", 1), ("b", 5))                       # round 1: seat 0 first
    s = reveal(s, "t5", "t6")
    s = play_actions(s, ("b", 5), ("a", 1))                       # round 2: seat 1 first
    s = reveal(s, "t1", "t2")
    return play_actions(s, ("a", 1), ("b", 5))                    # round 3


@pytest.mark.parametrize("propraetor", ["influence_zone", "none"])
def test_a_used_propraetor_tile_gains_an_influence_zone_that_wins_a_tie(small_tiles, propraetor):
    """004, Usable-Once Rewards: "Propraetor: During the Propraetor action, you may gain an
    influence zone in the usual way. You may use this tile for 1 influence"; Action Progression:
    on equal values "the player with the greater amount of unused influence zone on their cards
    is considered the stronger", and "Players are not allowed to place new workers if the value
    of the worker, the influence zone and the political influence are all equal" (IMP-11)."""
    gains = propraetor == "influence_zone"
    cfg = small_game(small_tiles, rounds=4, propraetor=propraetor)
    s = reveal(new_game(cfg), "t4", "t6")                          # a <- 3 wood (held), b <- Propraetor
    s = play_actions(s, ("a", 1), ("b", 5))                        # round 1: seat 1 wins the Propraetor
    assert s.zones == (0, 0) and s.held[1] == (("t6", 1),)
    s = reveal(s, "t1", "t2")                                      # round 2: used at the round's start
    assert s.zones == ((0, 1) if gains else (0, 0)) and ("use", 1, "t6") in s.history
    s = play_actions(s, ("a", 1), ("b", 5))                        # round 2: seat 1 places first
    s = reveal(s, "t3", "t5")
    assert s.zones == ((0, 1) if gains else (0, 0))                # kept for the rest of the game
    s = play_actions(s, ("a", 3))                                  # round 3: seat 0's 3 holds a
    if gains:   # seat 1's 3 is stronger by its influence zone: seat 0's worker is pushed on to b
        t = apply(s, ("a", 3))
        assert t.history[-6:-2] == (("place", 0, "a", 3, None), ("place", 1, "a", 3, 0), ("push", 0, "a", "b", None),
                                    ("reward", 1, "a", "t3", 0))
        assert worker(t, 1, 3).influence_zone == 1 and worker(t, 0, 3).influence_zone == 0
    else:
        with pytest.raises(IllegalActionError, match="all three are equal"):
            apply(s, ("a", 3))


def test_rewards_held_tiles_and_the_reshuffle(small_tiles):
    s = reveal(new_game(small_game(small_tiles, rounds=4)), "t3", "t4")
    s = play_actions(s, ("a", 1), ("b", 5))
    # the statue applies at once (+1 political influence), then goes to the discard pile;
    # the usable-once tile is held
    assert s.political == (1, 0) and s.held == ((), (("t4", 1),)) and s.discard == ("t3",)
    assert s.round == 2 and current_player(s) == CHANCE and set(s.stack) == {"t1", "t2", "t5", "t6"}
    s = reveal(s, "t5", "t6")
    # round 2: seat 1 uses t4 (3 wood) at the round's start
    assert ("use", 1, "t4") in s.history and s.stock[1][0] == 2 + 3
    s = play_actions(s, ("b", 5), ("a", 1))
    assert s.discard == ("t3", "t4")                               # used during round 2
    s = reveal(s, "t1", "t2")
    # round 3: seat 0 uses the any-value tile: every value; seat 1 uses the Propraetor: one more
    # influence zone for the rest of the game (IMP-11)
    assert allowed_values(s, 0) == (1, 2, 3, 4, 5)
    assert s.zones == (0, 1) and ("use", 1, "t6") in s.history
    s = play_actions(s, ("a", 1), ("b", 5))
    assert [h for h in s.history if h[0] == "reward"][-2:] == [("reward", 0, "a", "t1", 2),
                                                               ("reward", 1, "b", "t2", 2)]
    # round 4: the stack is empty: the discard pile (every tile used so far) is reshuffled
    assert s.stack == () and current_player(s) == CHANCE
    assert chance_outcomes(s) == [(t, Fraction(1, 6)) for t in ("t1", "t2", "t3", "t4", "t5", "t6")]
    t = apply(s, "t4")
    assert t.history[-2:] == (("reshuffle", 6), ("reveal", "a", "t4")) and len(t.stack) == 5
    assert "the stack ran out: the discard pile (6 tiles) is shuffled into a new stack" in round_log(t)


def test_reveal_at_once_refills_before_the_rounds_tiles_reach_the_pile(small_tiles):
    s = three_rounds(small_game(small_tiles, rounds=4, reveal="at_once"))
    # t1 and t2 were just used: they wait in limbo while the regions are refilled
    assert s.limbo == ("t1", "t2") and s.discard == ("t3", "t4", "t5", "t6")
    assert [t for t, _ in chance_outcomes(s)] == ["t3", "t4", "t5", "t6"]
    s = reveal(s, "t5", "t3")
    assert s.limbo == () and s.discard == ("t1", "t2") and s.stack == ("t4", "t6")
    default = three_rounds(small_game(small_tiles, rounds=4))
    assert [t for t, _ in chance_outcomes(default)] == ["t1", "t2", "t3", "t4", "t5", "t6"]


def test_leftover_tiles_stay_or_go_to_the_discard_pile(small_tiles):
    for leftover, refilled, discard in (("stay", ["a"], ("t1",)), ("discard", ["a", "b"], ("t1", "t2"))):
        s = reveal(new_game(small_game(small_tiles, rounds=2, leftover=leftover)), "t1", "t2")
        s = play_actions(s, ("a", 1), PASS)                        # nobody takes b
        assert s.discard == discard
        assert [i for i, t in zip("ab", s.tiles, strict=True) if t is None] == refilled


def test_hold_rounds_zero_keeps_held_tiles_to_the_end(small_tiles):
    s = three_rounds(small_game(small_tiles, rounds=4, hold_rounds=0))
    assert s.held == ((("t5", 2),), (("t4", 1), ("t6", 2)))
    assert not any(h[0] == "use" for h in s.history) and s.stock[1][0] == 2
    assert [t for t, _ in chance_outcomes(s)] == ["t1", "t2", "t3"]


def test_a_region_without_a_tile_cannot_be_entered(small_tiles):
    b = board(["a", "b", "c", "d"], [("a", "b")], players=(2,))
    cfg = GameConfig(players=2, board=b, components=small_tiles, rounds=3, hold_rounds=0)
    s = reveal(new_game(cfg), "t4", "t5", "t6", "t1")
    s = play_actions(s, ("a", 1), ("b", 1))          # two held tiles won for good
    s = reveal(s, "t2", "t3")                        # the stack is empty now
    s = play_actions(s, ("c", 1), ("d", 1))          # the third held tile; t1 to the discard pile
    s = reveal(s, "t1")                              # 'c' gets the reshuffled t1; nothing is left for 'd'
    assert s.tiles == ("t2", "t3", "t1", None) and s.phase == "place"
    assert s.stack == () and s.discard == ()
    assert all(a == PASS or a[0] != "d" for a in legal_actions(s))
    with pytest.raises(IllegalActionError, match="region 'd' has no reward tile"):
        apply(s, ("d", 1))


def test_a_cube_on_the_last_space_of_the_action_track_stays_there(small_tiles):
    # 004_c0d35faf86920c09.txt, Action Progression: "the player who was forced out of their original
    # region or off the board moves their cube one space on the Action track at the bottom of the
    # Imperator board. This track will give points at the end of the game."
    # The rulebook prints no track length; the cap is rules decision IMP-8 (docs/rules-decisions.md):
    # "A cube on the last space stays there."
    b = board(["a"], [], track=(0, 4), players=(2,))          # spaces 0 and 1: space 1 is the last
    assert b.track_end == 1
    s = reveal(new_game(GameConfig(players=2, board=b, components=small_tiles, rounds=3)), "t2")  # marker 5
    s = play_actions(s, ("a", 3), ("a", 4))                   # round 1: on a marker 5 a 4 beats a 3
    assert [h for h in s.history if h[0] in ("place", "remove")] == [
        ("place", 0, "a", 3, None), ("place", 1, "a", 4, 0), ("remove", 0, "a")]  # no neighbour: removed
    assert s.track == (1, 0)                                  # one space: P1 is on the last space
    s = reveal(s, "t4")                                       # round 2 (P2 first): a marker-5 tile
    s = play_actions(s, PASS, PASS)                           # nobody enters: the tile stays (IMP-1)
    s = play_actions(s, ("a", 3), ("a", 4))                   # round 3 (P1 first): P1 forced out again
    assert [h for h in s.history if h[0] == "remove"] == [("remove", 0, "a"), ("remove", 0, "a")]
    assert is_over(s)
    assert s.track == (1, 0)                                  # forced out twice, yet still on space 1
    assert scores(s)[0] == 4                                  # the last space's points, nothing beyond


# ----------------------------------------------------------------- the advanced game
def test_three_identical_icons_gain_a_neighbouring_reward_once(small_tiles):
    cfg = small_game(small_tiles, rounds=2, advanced=True)
    s = reveal(new_game(cfg), "t1", "t3")
    s = apply(s, ("a", 1))
    assert s.phase == "icons" and current_player(s) == 0
    assert legal_actions(s) == [("icons", "b"), SKIP] and neighbour_rewards(s, 0) == [("b", "t3")]
    t = apply(s, ("icons", "b"))                     # the statue: +1 political influence, the tile stays
    assert t.political == (1, 0) and t.tiles == ("t1", "t3") and t.icons_used == (True, False)
    assert action_history(t)[-1] == ("icons", "b")
    t = apply(t, ("b", 1))                           # seat 1: equal values; seat 0 now has more influence
    assert t.phase == "icons" and current_player(t) == 1
    t = apply(t, SKIP)
    assert t.round == 2
    with pytest.raises(IllegalActionError, match=r"\('icons', region\) with region one of \['b'\]"):
        apply(s, ("icons", "a"))


def test_three_identical_icons_take_the_reward_of_a_neighbour_another_player_occupies(small_tiles):
    # 004_c0d35faf86920c09.txt, Advanced Game: "a player may immediately gain the reward provided by a
    # region neighbouring the one already occupied by the active player. The Reward tile used stays in
    # place. The Reward tile is also usable if the region is already occupied by another player."
    stock = ({"wood": 2, "stone": 0}, {"wood": 5, "stone": 0})
    s = reveal(new_game(small_game(small_tiles, rounds=1, advanced=True, stock=stock)), "t1", "t3")
    s = play_actions(s, ("a", 1), SKIP)              # P1 holds a (t1: wood points), keeps its action
    s = apply(s, ("b", 1))                           # P2 on b (t3: the statue); a is P1's
    assert s.phase == "icons" and current_player(s) == 1
    assert occupants(s)["a"].player == 0
    assert legal_actions(s) == [("icons", "a"), SKIP] and neighbour_rewards(s, 1) == [("a", "t1")]
    s = apply(s, ("icons", "a"))                     # P2 scores its own wood stock (5) x laurel 1
    assert [h for h in s.history if h[0] == "icons"] == [("icons", 1, "a", "t1", 5)]
    assert is_over(s)
    assert s.points == (2, 5)                        # P1 still wins t1 at the round's end: its wood 2
    assert [h for h in s.history if h[0] == "reward"] == [("reward", 0, "a", "t1", 2),
                                                          ("reward", 1, "b", "t3", 0)]
    assert s.political == (0, 1) and s.icons_used == (False, True)


# ----------------------------------------------------------------- bad input
def test_junk_actions_are_refused_at_every_node_and_change_nothing(small_tiles):
    cfg = small_game(small_tiles, rounds=2, advanced=True)
    states = [new_game(cfg)]
    states.append(reveal(states[0], "t1", "t3"))
    states.append(apply(states[-1], ("a", 1)))                    # icons
    b3 = board(["a", "b", "c"], [("a", "b"), ("a", "c")], players=(3,))
    s = reveal(new_game(GameConfig(players=3, board=b3)), "t01", "t02", "t03")
    states.append(play_actions(s, ("a", 3), ("a", 2)))            # displace
    states.append(play(__import__("rometools").load_game("imperator", players=2, rounds=1), "random", rng=1))
    for state in states:
        before = to_json(state)
        for junk in (None, 12, 3.5, True, "no such action", ("rome",), [["x"]], {"a": 1}, ("zz", "yy"),
                     ("a", True), ("a", 3.0), ("a", 9), ("icons", ["b"]), ("icons",), b"t1"):
            with pytest.raises(InvalidActionError):
                apply(state, junk)
        assert to_json(state) == before


def test_placement_errors_say_why():
    s = new_game(GameConfig(players=2, workers=((2, 4), (3,))), rng=0)
    with pytest.raises(IllegalActionError, match=r"P1 may place a worker of value \[2, 4\] this round, not 3"):
        apply(s, ("latium", 3))
    with pytest.raises(InvalidActionError, match=r"P1 may place a worker of value \[2, 4\] this round, not 9"):
        apply(s, ("latium", 9))
    with pytest.raises(IllegalActionError, match=r"a placement is \(region, worker value\)"):
        apply(s, "latium")  # a forced-out worker's choice, not a placement
    with pytest.raises(IllegalActionError, match=r"a placement is \(region, worker value\)"):
        apply(s, "t01")  # a tile id: an outcome of the game, not a decision
    with pytest.raises(InvalidActionError, match=r"a placement is \(region, worker value\)"):
        apply(s, "t99")
    with pytest.raises(InvalidActionError, match="unknown region 'umbria'"):   # a 3-player region
        apply(s, ("umbria", 2))


# ----------------------------------------------------------------- config and saved games
@pytest.mark.parametrize("options,message", [
    ({"players": 6}, "is for 2, 3, 4, 5 players, got 6"),
    ({"players": 1}, "is for 2, 3, 4, 5 players, got 1"),
    ({"rounds": 0}, "^rounds must be a whole number 1 to 1,000, got 0$"),
    ({"rounds": True}, "^rounds must be a whole number 1 to 1,000, got True$"),
    ({"rounds": 1001}, "^rounds must be a whole number 1 to 1,000, got 1001$"),
    ({"players": 2, "workers": (1, 2, 3)}, r"workers needs one entry per seat \(2\), got 3"),
    ({"players": 2, "workers": (1, 6)}, r"workers\[1\]: a worker's value is 1 to 5, got 6"),
    ({"players": 2, "workers": ((), 1)}, r"workers\[0\] must be a non-empty list"),
    ({"influence_zones": -1}, r"influence_zones\[0\] must be a whole number, 0 to 10,000, got -1"),
    ({"stock": {"grain": 10**100}}, r"stock\[0\]\['grain'\] must be a whole number, 0 to 10,000, got 1000000"),
    ({"political_influence": 1.5}, r"political_influence\[0\] must be a whole number"),
    ({"stock": {"gold": 1}}, r"stock\[0\]: unknown resource 'gold'"),
    ({"stock": 3}, r"stock\[0\] must be a mapping"),
    ({"leftover": "keep"}, "^leftover must be one of stay, discard; got 'keep'$"),
    ({"reveal": "later"}, "^reveal must be one of next_round, at_once; got 'later'$"),
    ({"hold_rounds": -1}, "^hold_rounds must be a whole number 0 to 1,000, got -1$"),
    ({"hold_rounds": None}, "^hold_rounds must be a whole number 0 to 1,000, got None$"),
    ({"advanced": 1}, "^advanced must be true or false, got 1$"),
    ({"board": 3}, "^board must be a RegionBoard or a file's path, got int$"),
    ({"board": "no_such_board"}, "no_such_board: no such file; give the path of a board file or a bundled "
                                 "board: board"),
    ({"components": {}}, "^components must be a Components or a file's path, got dict$"),
])
def test_config_errors_name_the_option(options, message):
    with pytest.raises(RometoolsError, match=message) as info:
        GameConfig(**options)
    if isinstance(info.value, OptionError):
        assert info.value.option == list(options)[-1]
    else:  # a file option's text that names no file
        assert isinstance(info.value, DataFileError)


def test_config_round_trip_and_saved_game_errors(tmp_path, small_tiles):
    custom = GameConfig(players=2, board=board(["a", "b"], [("a", "b")], players=(2,)),
                        components=small_tiles, workers=(3, (2, 4)), stock={"wood": 4})
    for cfg in (GameConfig(), GameConfig(players=5, leftover="discard", hold_rounds=0), custom):
        assert GameConfig.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg
    d = GameConfig().to_dict()
    cases = [
        ({k: v for k, v in d.items() if k != "rounds"}, "config.rounds: is required but missing"),
        ({**d, "colour": "red"}, "config.colour: is not an Ave Roma: IMPERATOR option"),
        ({**d, "players": "4"}, "config.players: must be a whole number, got '4'"),
        ({**d, "workers": [[1, 2]] * 3}, "config.workers: workers needs one entry per seat"),
        ({**d, "board": {"bundled": "board.toml", "sha256": "0" * 64}},
         "config.board: the bundled board.toml has changed"),
        ({**d, "board": {"bundled": "4-5", "sha256": "0"}}, "config.board.bundled: is not a bundled board file"),
        ({**d, "board": {"bundled": "board.toml"}}, "config.board: must be null, "),
        ({**d, "components": {"file": str(tmp_path / "none.toml"), "sha256": "x"}}, "config.components: cannot read"),
        ({**d, "leftover": "keep"}, "config.leftover: leftover must be one of"),
    ]
    for data, message in cases:
        with pytest.raises(DataFileError, match=message):
            GameConfig.from_dict(data)
    inline = custom.to_dict()
    inline["board"]["inline"]["name"] = "edited"
    with pytest.raises(DataFileError, match="config.board: the board was edited after the game was saved"):
        GameConfig.from_dict(inline)


def test_saved_games_replay_every_option():
    import rometools

    for options in rometools.core.game.game_spec("imperator").sample_configs:
        g = rometools.load_game("imperator", **options)
        end = play(g, ["greedy"] + ["random"] * (g.players - 1), rng=9)
        assert from_json(to_json(end)) == end and replay(end, upto=0) == new_game(g.config)
        low, high = score_bounds(g.config)
        assert all(low <= x <= high for x in scores(end))


def test_default_board_layouts_and_track():
    b = load_board()
    assert [len(b.layout(p).regions) for p in (2, 3, 4, 5)] == [4, 5, 6, 7]
    assert b.layout(5).successors["samnium"] == () and b.track == (0, 1, 2, 4, 6, 9, 12, 16, 20)
    assert b.provenance.kind == "illustrative"


# ----------------------------------------------------------------- rules the tests lacked (issue 32)
def test_the_action_track_stops_at_its_last_space(small_tiles):
    """004, Action Progression: the player forced out "moves their cube one space on the Action
    track"; IMP-8: a cube on the last space stays there. Seat 1's equal worker wins every tie by
    its influence zone; seat 0 is forced out of a in rounds 1, 3 and 5: three moves on a track whose
    last space is 2 (points 0, 1, 3)."""
    b = board(["a", "b"], [("a", "b"), ("b", "a")], track=(0, 1, 3), players=(2,))
    cfg = GameConfig(players=2, board=b, components=small_tiles, rounds=5, influence_zones=(0, 1))
    s = new_game(cfg)
    while not is_over(s):
        if current_player(s) == CHANCE:
            s = apply(s, chance_outcomes(s)[0][0])
            continue
        seat_0_first = s.round % 2 == 1
        s = apply(s, ("a", 3) if current_player(s) == 1 or seat_0_first else ("b", 3))
    assert [h[1:] for h in s.history if h[0] == "push"] == [(0, "a", "b", None)] * 3
    assert s.track == (2, 0) and b.track_end == 2                 # 3 moves, capped at the last space
    assert scores(s)[0] - s.points[0] == 3                         # the last space's points


def test_three_identical_icons_may_take_an_occupied_neighbours_reward(small_tiles):
    """004, Advanced Game: "The Reward tile is also usable if the region is already occupied by
    another player." Round 2: seat 1 holds b; seat 0 then places on a and takes b's tile's reward,
    which stays in place for seat 1."""
    cfg = small_game(small_tiles, rounds=2, advanced=True)
    s = reveal(new_game(cfg), "t4", "t5")
    s = play_actions(s, ("a", 1), SKIP, ("b", 5), SKIP)           # round 1: both decline the icons
    s = reveal(s, "t1", "t3")                                      # a <- wood points, b <- the statue
    s = play_actions(s, ("b", 5), SKIP, ("a", 1))                 # round 2: seat 1 first, on b
    assert occupants(s)["b"].player == 1 and s.phase == "icons" and current_player(s) == 0
    assert ("icons", "b") in legal_actions(s)
    t = apply(s, ("icons", "b"))
    assert t.political[0] == 1 and ("icons", 0, "b", "t3", 0) in t.history
    assert ("reward", 1, "b", "t3", 0) in t.history                # the tile stayed: seat 1 still wins it


def test_listed_placements_are_the_placement_rule_in_words_at_every_decision():
    """legal_actions lists a seat's placements from the state's own figures (rules.placements);
    they are exactly the (region, value) pairs placement_problem, the rule put in words, finds no
    problem with, in board order then value order, after every action of seeded games in every
    sample config (ties on value, influence zone and political influence included)."""
    import rometools
    from rometools.core.playout import states
    from rometools.imperator.placement import placement_problem

    checked = contested = 0
    for options in rometools.core.game.game_spec("imperator").sample_configs:
        g = rometools.load_game("imperator", **options)
        for seed in range(6):
            for s in states(play(g, (["greedy", "random"] * 3)[:g.players], rng=seed)):
                if s.phase != "place":
                    continue
                seat = current_player(s)
                lay, mk, occ = s.config.layout, markers(s), occupants(s)
                expected = [(r, v) for r in lay.regions for v in allowed_values(s, seat)
                            if placement_problem(lay, mk, occ, worker(s, seat, v), r) is None]
                assert legal_actions(s) == [*expected, PASS]
                checked += 1
                contested += sum(1 for r, _ in expected if r in occ)
    assert checked > 500 and contested > 100   # the figures do decide contests


def _seeded_states(games: int = 8):
    """Every state of seeded games in every sample config, greedy and random seats mixed."""
    import rometools
    from rometools.core.playout import states

    for options in rometools.core.game.game_spec("imperator").sample_configs:
        g = rometools.load_game("imperator", **options)
        for seed in range(games):
            yield from states(play(g, (["random", "greedy"] * 3)[:g.players], rng=seed))


def test_a_forced_out_workers_regions_are_the_placement_rule_at_every_choice():
    """The regions a forced-out worker's owner may choose (the rules read them off the state's
    figures) are exactly placement.legal_moves' on the board in words: its arrows, regions with a
    tile, the tiebreaks, and never back where the chain forced it out (IMP-4)."""
    from rometools.imperator.placement import legal_moves

    checked = 0
    for s in _seeded_states():
        if s.phase != "displace":
            continue
        seat, value, origin, forced = s.pending
        lay = s.config.layout
        expected = legal_moves(lay, markers(s), occupants(s), worker(s, seat, value), lay.regions[origin],
                               {(p, lay.regions[i]) for p, i in forced})
        assert legal_actions(s) == list(expected) and len(expected) > 1
        checked += 1
    assert checked > 20


def test_a_placement_ends_on_a_board_the_placement_rule_finds():
    """After every placement of seeded games whose chain needs no choice, the board, the worker
    sent back and the Action-track moves are placement.placement_outcomes' only outcome (the chain
    in words); with a choice to make, the chain stops at one of its steps."""
    from rometools.imperator.placement import placement_outcomes

    chains = 0
    for s in _seeded_states():
        if s.phase != "place" or s.turn + 1 == s.config.players:   # the last placement ends the round
            continue
        seat, lay = current_player(s), s.config.layout
        for action in legal_actions(s)[:-1]:
            outcomes = placement_outcomes(lay, markers(s), occupants(s), worker(s, seat, action[1]), action[0])
            after = apply(s, action)
            if after.phase == "displace":
                assert len(outcomes) > 1
                continue
            if after.phase == "icons":
                after = apply(after, SKIP)
            assert len(outcomes) == 1
            out, = outcomes
            assert occupants(after) == out.workers
            assert {p: after.track[p] - s.track[p] for p in range(s.config.players)
                    if after.track[p] != s.track[p]} == {p: min(n, s.config.board.track_end - s.track[p])
                                                         for p, n in out.track_moves.items()
                                                         if s.track[p] < s.config.board.track_end}
            chains += len(out.steps) > 1
    assert chains > 100
