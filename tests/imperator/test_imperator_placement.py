"""Strength, placement, chain reactions and the Action track, table-driven.

Rulebook: 004_c0d35faf86920c09.txt, Action Progression, If the Workers Have the Same
Value, Chain Reaction (and its worked example).
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from rometools.core.errors import ArgumentError, IllegalActionError, InvalidActionError
from rometools.imperator import (
    CHOICE_POLICIES,
    Layout,
    PlacementOutcome,
    Step,
    Worker,
    can_enter,
    check_placement,
    contest,
    distance,
    legal_moves,
    placement_outcomes,
    placement_problem,
    resolve_placement,
)


# ----------------------------------------------------------------- strength
@pytest.mark.parametrize("marker,order", [(1, [1, 2, 3, 4, 5]), (5, [5, 4, 3, 2, 1])])
def test_strength_order_from_strongest(marker, order):
    # "the order, from strongest, is: 1, 2, 3, 4, 5" / "workers of value 5 are the strongest"
    assert sorted(range(1, 6), key=lambda v: distance(v, marker)) == order
    for stronger, weaker in zip(order, order[1:], strict=False):
        assert contest(Worker("a", stronger), Worker("b", weaker), marker).winner == "challenger"
        assert contest(Worker("a", weaker), Worker("b", stronger), marker).winner == "occupant"


W = Worker
CONTESTS = [
    # (challenger (value, zone, political), occupant, marker, winner, decided by)
    ((4, 0, 0), (3, 0, 0), 5, "challenger", "value"),
    ((2, 0, 0), (3, 0, 0), 5, "occupant", "value"),
    ((2, 0, 0), (3, 0, 0), 1, "challenger", "value"),
    ((5, 9, 9), (1, 0, 0), 1, "occupant", "value"),        # value first, whatever the influence
    ((1, 0, 0), (5, 9, 9), 1, "challenger", "value"),
    ((3, 2, 0), (3, 1, 5), 1, "challenger", "influence_zone"),  # zone before political influence
    ((3, 1, 5), (3, 2, 0), 5, "occupant", "influence_zone"),
    ((3, 1, 2), (3, 1, 1), 1, "challenger", "political_influence"),
    ((3, 1, 1), (3, 1, 2), 5, "occupant", "political_influence"),
    ((3, 1, 1), (3, 1, 1), 1, None, "tie"),
    ((5, 0, 0), (5, 0, 0), 5, None, "tie"),
]


@pytest.mark.parametrize("a,b,marker,winner,decided_by", CONTESTS)
def test_every_strength_and_tie_case(a, b, marker, winner, decided_by):
    c = contest(W("a", *a), W("b", *b), marker)
    assert (c.winner, c.decided_by) == (winner, decided_by)
    # a placed worker needs a win; a displaced one also wins the full tie
    assert can_enter(W("a", *a), W("b", *b), marker, displaced=False) is (winner == "challenger")
    assert can_enter(W("a", *a), W("b", *b), marker, displaced=True) is (winner in ("challenger", None))


def test_contest_texts_name_the_deciding_factor():
    assert contest(W(0, 2), W(1, 3), 5).text == "on a marker-5 tile a 3 (P2) is stronger than a 2 (P1)"
    assert contest(W("y", 3, 1, 0), W("g", 3, 1, 2), 1).text == (
        "equal values (3) and influence zones (1); g has more political influence (2 against 0)")
    with pytest.raises(ArgumentError, match="a tile's marker is 1 or 5, got 3"):
        contest(W("a", 1), W("b", 2), 3)


# ----------------------------------------------------------------- placement
TWO = Layout.build("ab", [("a", "b")])


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("marker", [1, 5])
def test_any_value_goes_into_an_empty_region(value, marker):
    out, = placement_outcomes(TWO, {"a": marker, "b": 1}, {}, W("y", value), "a")
    assert out.board == {"a": "y"} and out.steps == (Step("place", "y", value, None, "a"),)
    assert out.track == () and out.removed is None


PROBLEMS = [
    # (placed (value, zone, political), occupant, marker, problem or None)
    ((4, 0, 0), (3, 0, 0), 5, None),
    ((3, 0, 0), (4, 0, 0), 5, "green's 4 holds 'a': on a marker-5 tile a 4 (green) is stronger than a 3 (yellow)"),
    ((3, 2, 0), (3, 1, 0), 5, None),                     # equal value, more influence zone
    ((3, 1, 1), (3, 1, 0), 1, None),                     # equal value and zone, more political influence
    ((3, 0, 5), (3, 1, 0), 1, "green's 3 holds 'a': equal values (3); green has more unused influence zone "
                              "(1 against 0)"),
    # the forbidden equal placement: "Players are not allowed to place new workers if the value of the
    # worker, the influence zone and the political influence are all equal to the original occupant."
    ((3, 1, 2), (3, 1, 2), 5, "green's 3 holds 'a': equal value (3), influence zone (1) and political "
                              "influence (2); placing is forbidden when all three are equal"),
]


@pytest.mark.parametrize("placed,held,marker,problem", PROBLEMS)
def test_placement_into_an_occupied_region(placed, held, marker, problem):
    args = (TWO, {"a": marker, "b": marker}, {"a": W("green", *held)}, W("yellow", *placed), "a")
    assert placement_problem(*args) == problem
    if problem is None:
        check_placement(*args)
        outs = placement_outcomes(*args)
        assert outs and all(o.board["a"] == "yellow" for o in outs)
    else:
        with pytest.raises(IllegalActionError) as err:
            placement_outcomes(*args)
        assert str(err.value) == problem


def test_other_placement_problems():
    mk = {"a": 1, "b": 5}
    occ = {"b": W("yellow", 2)}
    assert placement_problem(TWO, mk, occ, W("yellow", 3), "a") == (
        "yellow already has a worker on the Imperator board (in 'b'); a player has at most one")
    assert placement_problem(TWO, {"a": 1}, {}, W("y", 3), "b") == "region 'b' has no reward tile"
    assert placement_problem(TWO, mk, {}, W("y", 3), "zz") == "unknown region 'zz'; the regions are ['a', 'b']"
    assert placement_problem(TWO, mk, {}, W("y", 3), ["a"]).startswith("unknown region ['a']")
    bad_boards = [
        ({"z": 1}, {}, "markers: unknown region 'z'"),
        ({"a": 2}, {}, "markers: the tile on 'a' has marker 2; a marker is 1 or 5"),
        ({"a": 1}, {"b": W("x", 1)}, "occupants: region 'b' has a worker but no reward tile"),
        (mk, {"a": W("x", 1), "b": W("x", 2)}, "occupants: x has workers in 'a' and 'b'"),
        (mk, {"a": ("x", 1)}, "occupants: 'a' must hold a Worker"),
    ]
    for markers, occupants, message in bad_boards:
        with pytest.raises(ArgumentError, match=message):
            placement_outcomes(TWO, markers, occupants, W("y", 3), "a")
    for bad in (0, 6, 2.5, True, None):
        with pytest.raises(ArgumentError, match="a worker's value is 1 to 5"):
            W("y", bad)
    with pytest.raises(ArgumentError, match="influence_zone must be a whole number"):
        W("y", 3, -1)


# ----------------------------------------------------------------- the rulebook's worked example
def test_the_rulebook_example_step_by_step():
    """'The yellow player attacks the region occupied by the green player. There is a 5 on the reward
    tile, so a worker of value 4 is stronger than a worker of value 3. ... Green attacks the blue
    player. Their workers have identical values, so the green player wins because they have more
    unused influence zones on their cards. The blue player takes their worker back, because they
    cannot attack any neighbouring region. The green and blue players ... move their cubes one space.'"""
    lay = Layout.build(["green_region", "blue_region", "elsewhere"],
                       [("green_region", "blue_region"), ("blue_region", "elsewhere")])
    markers = {"green_region": 5, "blue_region": 1, "elsewhere": 5}
    green, blue, red = W("green", 3, influence_zone=2), W("blue", 3, influence_zone=1), W("red", 5)
    board = {"green_region": green, "blue_region": blue, "elsewhere": red}
    yellow = W("yellow", 4)
    # step 1: on the marker-5 tile a 4 is stronger than a 3
    assert contest(yellow, green, 5).winner == "challenger"
    # step 2: green's only arrow leads to blue; equal values, green has more unused influence zone
    assert legal_moves(lay, markers, {**board, "green_region": yellow}, green, "green_region") == ("blue_region",)
    assert contest(green, blue, 1).decided_by == "influence_zone"
    # step 3: blue cannot move: its only neighbour holds red's 5, stronger on a marker-5 tile
    assert legal_moves(lay, markers, {**board, "blue_region": green}, blue, "blue_region") == ()
    outs = placement_outcomes(lay, markers, board, yellow, "green_region")
    assert len(outs) == 1
    out = outs[0]
    assert out.steps == (
        Step("place", "yellow", 4, None, "green_region", "green"),
        Step("move", "green", 3, "green_region", "blue_region", "blue", ("blue_region",)),
        Step("remove", "blue", 3, "blue_region"),
    )
    assert out.board == {"green_region": "yellow", "blue_region": "green", "elsewhere": "red"}
    assert out.removed == blue
    assert out.track_moves == {"green": 1, "blue": 1}      # both green and blue advance, once each
    assert out.describe()[1] == "green's 3 is forced out of 'green_region' and moves to 'blue_region', forcing out blue"
    assert resolve_placement(lay, markers, board, yellow, "green_region") == out


# ----------------------------------------------------------------- chains
def test_a_chain_of_three_pushes():
    lay = Layout.build("abcd", [("a", "b"), ("b", "c"), ("c", "d")])
    markers = dict.fromkeys("abcd", 5)
    board = {"a": W("p1", 3), "b": W("p2", 2), "c": W("p3", 1)}
    out, = placement_outcomes(lay, markers, board, W("p0", 4), "a")
    assert [(s.kind, s.player, s.origin, s.to, s.displaces) for s in out.steps] == [
        ("place", "p0", None, "a", "p1"),
        ("move", "p1", "a", "b", "p2"),
        ("move", "p2", "b", "c", "p3"),
        ("move", "p3", "c", "d", None),
    ]
    assert out.board == {"a": "p0", "b": "p1", "c": "p2", "d": "p3"}
    assert out.track_moves == {"p1": 1, "p2": 1, "p3": 1} and out.displacements == 3 and out.removed is None


@pytest.mark.parametrize("arrows,markers,others,removed_from", [
    ([], {"a": 1}, {}, "a"),                                              # no arrow leaves the region
    ([("b", "a")], {"a": 1, "b": 1}, {}, "a"),                            # arrows only point in
    ([("a", "b")], {"a": 1}, {}, "a"),                                    # the neighbour has no tile
    ([("a", "b")], {"a": 1, "b": 1}, {"b": W("z", 1)}, "a"),              # the neighbour holds a stronger worker
])
def test_removal_at_a_board_edge(arrows, markers, others, removed_from):
    lay = Layout.build("ab", arrows)
    out, = placement_outcomes(lay, markers, {"a": W("x", 3), **others}, W("y", 2), "a")
    assert out.steps[-1] == Step("remove", "x", 3, removed_from)
    assert out.removed == W("x", 3) and out.track_moves == {"x": 1}
    assert "x" not in out.board.values()


def test_several_neighbour_choices_give_several_outcomes():
    # green's 4 is forced out of a: b is empty, c holds blue's weaker 1 (marker 5), d holds a stronger 5
    lay = Layout.build("abcde", [("a", "b"), ("a", "c"), ("a", "d"), ("c", "e")])
    markers = {"a": 5, "b": 1, "c": 5, "d": 5, "e": 1}
    board = {"a": W("green", 4), "c": W("blue", 1), "d": W("red", 5)}
    outs = placement_outcomes(lay, markers, board, W("yellow", 5), "a")
    assert [o.board for o in outs] == [
        {"a": "yellow", "b": "green", "c": "blue", "d": "red"},
        {"a": "yellow", "c": "green", "d": "red", "e": "blue"},
    ]
    assert [o.track_moves for o in outs] == [{"green": 1}, {"green": 1, "blue": 1}]
    assert outs[0].steps[1].choices == ("b", "c")
    # the owner's choice, each way, gives the same outcomes
    assert resolve_placement(lay, markers, board, W("yellow", 5), "a", {"green": "c"}) == outs[1]
    assert resolve_placement(lay, markers, board, W("yellow", 5), "a", "empty") == outs[0]
    assert resolve_placement(lay, markers, board, W("yellow", 5), "a", "first") == outs[0]
    assert resolve_placement(lay, markers, board, W("yellow", 5), "a", "strongest") == outs[1]  # 4 is nearer 5 than 1
    random_picks = {resolve_placement(lay, markers, board, W("yellow", 5), "a", "random", rng=seed)
                    for seed in range(20)}
    assert random_picks == set(outs)


def test_a_displaced_worker_wins_the_full_tie_but_never_goes_back():
    # equal workers on the loop a <-> b: displaced workers win full ties, so without IMP-4 (no going
    # back into a region left in this chain) they would push each other round forever
    lay = Layout.build("xab", [("x", "a"), ("a", "b"), ("b", "a")])
    markers = dict.fromkeys("xab", 1)
    board = {"x": W("p", 3), "a": W("q", 3), "b": W("s", 3)}
    out, = placement_outcomes(lay, markers, board, W("r", 2), "x")
    assert [(s.kind, s.player, s.origin, s.to, s.displaces) for s in out.steps] == [
        ("place", "r", None, "x", "p"),
        ("move", "p", "x", "a", "q"),
        ("move", "q", "a", "b", "s"),
        ("move", "s", "b", "a", "p"),
        ("move", "p", "a", "b", "q"),
        ("remove", "q", "b", None, None),     # q was forced out of a already: it may not go back
    ]
    assert out.board == {"x": "r", "a": "s", "b": "p"}
    assert out.track_moves == {"p": 2, "q": 2, "s": 1} and out.displacements == 5


def test_resolve_placement_refuses_bad_policies():
    lay = Layout.build("abc", [("a", "b"), ("a", "c")])
    args = (lay, dict.fromkeys("abc", 1), {"a": W("g", 3)}, W("y", 2), "a")
    with pytest.raises(ArgumentError, match="unknown choice policy 'best'"):
        resolve_placement(*args, "best")
    with pytest.raises(InvalidActionError, match=r"sent g's worker to 'z'; the legal regions are \['b', 'c'\]"):
        resolve_placement(*args, lambda mover, options, occ, mk, rng: "z")
    with pytest.raises(IllegalActionError, match=r"sent g's worker to 'a'; the legal regions are \['b', 'c'\]"):
        resolve_placement(*args, lambda mover, options, occ, mk, rng: "a")
    with pytest.raises(ArgumentError, match="choose must be a policy name"):
        resolve_placement(*args, 3)
    assert set(CHOICE_POLICIES) == {"first", "empty", "strongest", "random"}


# ----------------------------------------------------------------- many random placements
def _random_case(rng: np.random.Generator):
    n = int(rng.integers(2, 7))
    regions = [f"r{i}" for i in range(n)]
    arrows = [(a, b) for a in regions for b in regions if a != b and rng.random() < 0.35]
    lay = Layout.build(regions, arrows)
    markers = {r: int(rng.choice([1, 5])) for r in regions if rng.random() < 0.9}
    tiled = [r for r in regions if r in markers]
    players = list(range(int(rng.integers(0, min(len(tiled), 4) + 1))))
    spots = rng.permutation(len(tiled))[:len(players)]
    occupants = {tiled[i]: W(p, int(rng.integers(1, 6)), int(rng.integers(0, 3)), int(rng.integers(0, 2)))
                 for p, i in zip(players, spots, strict=True)}
    placed = W(99, int(rng.integers(1, 6)), int(rng.integers(0, 3)), int(rng.integers(0, 2)))
    return lay, markers, occupants, placed, regions[int(rng.integers(n))]


def test_ten_thousand_seeded_random_placements_hold_the_invariants():
    rng = np.random.default_rng(2026)
    start = time.perf_counter()
    legal = chains = 0
    for _ in range(10_000):
        lay, markers, occupants, placed, region = _random_case(rng)
        problem = placement_problem(lay, markers, occupants, placed, region)
        if problem is not None:
            error = InvalidActionError if problem.startswith("unknown region") else IllegalActionError
            with pytest.raises(error):
                placement_outcomes(lay, markers, occupants, placed, region)
            continue
        legal += 1
        outs = placement_outcomes(lay, markers, occupants, placed, region)
        assert outs
        before = {w.player: w for w in occupants.values()} | {placed.player: placed}
        for out in outs:
            assert isinstance(out, PlacementOutcome)
            owners = [w.player for _, w in out.occupants]
            assert len(owners) == len(set(owners))                      # at most one worker per player
            after = {w.player: w for _, w in out.occupants}
            if out.removed is not None:
                assert out.removed.player not in after
                after[out.removed.player] = out.removed
            assert after == before                                      # workers conserved, values unchanged
            assert sum(out.track_moves.values()) == out.displacements  # one space per forced-out
            assert all(markers.get(r) is not None for r, _ in out.occupants)
            assert out.board[region] == placed.player or out.displacements > 1
            assert (out.removed is None) == (out.steps[-1].kind != "remove")
            chains += out.displacements > 1
        one = resolve_placement(lay, markers, occupants, placed, region, "random", rng=rng)
        assert one in outs
    assert legal > 5_000 and chains > 300
    assert time.perf_counter() - start < 20
