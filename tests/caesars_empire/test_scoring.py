"""Final scoring, table-driven from the rulebook example and hand-computed cases.

Rulebook: 001_a311a49632a27e24.txt, End of Game (worked example: 18 + 14 + 22 = 54).
"""

import pytest

from rometools.caesars_empire import (
    TreasureScore,
    city_points,
    final_ranking,
    marginal_treasure_value,
    road_bonus,
    treasure_points,
)

RULEBOOK_TREASURES = {"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2}
RULEBOOK_CITIES = [("red", 3), ("red", 2), ("blue", 6), ("green", 2), ("yellow", 2), ("purple", 3),
                   ("orange", 6), ("orange", 1)]


def test_rulebook_worked_example_is_54_points():
    score = treasure_points(RULEBOOK_TREASURES)
    assert score == TreasureScore(same_type=14, different_types=14, gold=4, total=32)
    # The rulebook groups gold with same-type collections: 10 + 2 + 2 + 4 = 18.
    assert score.same_type + score.gold == 18
    assert city_points(RULEBOOK_CITIES) == 22
    assert score.total + city_points(RULEBOOK_CITIES) == 54


def test_drogi_do_rzymu_vocabulary_gives_same_score():
    riches = {"Grapes": 3, "precious_stones": 2, "Meat": 2, "Wine": 1, "gold_coins": 2}
    assert treasure_points(riches) == treasure_points(RULEBOOK_TREASURES)


@pytest.mark.parametrize(("treasures", "expected"), [
    ({}, (0, 0, 0)),
    ({"meat": 1}, (0, 0, 0)),
    ({"meat": 4}, (20, 0, 0)),                         # 4 same: 20; rows of one type: 0 each
    ({t: 1 for t in ["meat", "wheat", "gems", "olives", "grapes", "wood", "oil", "wine"]}, (0, 46, 0)),
    ({t: 4 for t in ["meat", "wheat", "gems", "olives", "grapes", "wood", "oil", "wine"]},
     (160, 184, 0)),                                   # 8 x 20; 4 rows of 8 types x 46
    ({"gold": 8}, (0, 0, 64)),
    ({"meat": 2, "wheat": 1, "gold": 1}, (2, 2, 0)),   # row1 {meat, wheat} = 2, row2 {meat} = 0
    # same: 10 + 10 + 2 = 22; rows: {m,w,g} = 5, {m,w,g} = 5, {m,w} = 2 -> 12
    ({"meat": 3, "wheat": 3, "gems": 2}, (22, 12, 0)),
])
def test_hand_computed_treasure_scores(treasures, expected):
    s = treasure_points(treasures)
    assert (s.same_type, s.different_types, s.gold) == expected
    assert s.total == sum(expected)


def test_what_if_tables_replace_rulebook_tables():
    flat = {"same_type": [1, 2, 3, 4]}
    s = treasure_points(RULEBOOK_TREASURES, tables=flat)
    assert s.same_type == 3 + 2 + 2 + 1  # grapes 3, gems 2, meat 2, wine 1
    assert s.different_types == 14 and s.gold == 4


@pytest.mark.parametrize(("treasures", "tables", "message"), [
    ({"silk": 1}, None, "unknown Treasure type 'silk'"),
    ({"meat": -1}, None, "must not be negative, got -1"),
    ({"meat": 5}, None, "5 'meat' tokens is more than the 4 in the box"),
    ({"gold": 9}, None, "9 'gold' tokens is more than the 8"),
    ({"meat": 1.5}, None, "must be an int, got 1.5"),
    ({"gems": 1, "precious_stones": 1}, None, "given twice"),
    ({"meat": 4}, {"same_type": [0, 2]}, "scores 0 to 2 tokens, got 4"),
    ({"meat": 1}, {"colours": [1]}, "unknown scoring table"),
    ({"meat": 1}, {"gold": [0, -4]}, "whole numbers of points, 0 or more; got -4"),
])
def test_bad_treasure_input_is_named(treasures, tables, message):
    with pytest.raises(ValueError, match=message):
        treasure_points(treasures, tables=tables)


def test_marginal_value_is_difference_of_totals():
    owned = {"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2}
    values = marginal_treasure_value(owned)
    base = treasure_points(owned).total
    for t, v in values.items():
        more = dict(owned)
        more[t] = more.get(t, 0) + 1
        assert treasure_points(more).total - base == v
    # hand values: 4th grape 20-10 same + row4 {grapes} 0 = 10; 3rd gold 9-4 = 5;
    # a new type (olives): row1 goes from 4 to 5 types: 14-9 = 5
    assert (values["grapes"], values["gold"], values["olives"]) == (10, 5, 5)


def test_marginal_value_skips_exhausted_types():
    assert "meat" not in marginal_treasure_value({"meat": 4})


def test_city_points_variant_sums_complete_colours():
    in_play = [("red", 1), ("red", 4), ("blue", 2), ("blue", 5)]
    mine = [("red", 1), ("red", 4), ("blue", 5)]
    assert city_points(mine) == 4 + 5
    assert city_points(mine, sum_complete_colours=True, tokens_in_play=in_play) == 5 + 5


@pytest.mark.parametrize(("tokens", "kwargs", "message"), [
    ([("red", 0)], {}, "positive int, got 0"),
    (["red"], {}, "must be \\(colour, value\\) pairs"),
    ([("red", 1)], {"sum_complete_colours": True}, "needs tokens_in_play"),
    ([("red", 9)], {"sum_complete_colours": True, "tokens_in_play": [("red", 1)]}, "not among the tokens"),
])
def test_city_points_bad_input(tokens, kwargs, message):
    with pytest.raises(ValueError, match=message):
        city_points(tokens, **kwargs)


def test_road_bonus_ties_all_get_ten():
    assert road_bonus({"a": 0, "b": 0}) == {"a": 10, "b": 10}
    assert road_bonus({"a": 1, "b": 0, "c": 1}) == {"a": 10, "b": 0, "c": 10}
    with pytest.raises(ValueError, match="0 to 25, got 26"):
        road_bonus({"a": 26})


def test_final_ranking_tiebreakers_in_rulebook_order():
    # Three players total 30 points; the tiebreakers decide between them.
    players = ["A", "B", "C", "D"]
    route = {"A": 10, "B": 10, "C": 6, "D": 6}
    treasures = {"A": {}, "B": {}, "C": {"gold": 2}, "D": {"gold": 2}}
    cities = {"A": [("red", 5), ("blue", 5)],          # 2 colours
              "B": [("red", 6), ("red", 4)],           # 1 colour
              "C": [("red", 5), ("blue", 5)],          # 2 colours, 2 gold
              "D": [("red", 5), ("blue", 5)]}          # 2 colours, 2 gold
    roads = {"A": 3, "B": 3, "C": 3, "D": 3}           # all tie on Roads: 10 each
    df = final_ranking(route, treasures, cities, roads)
    assert df["total"].tolist() == [30, 30, 30, 26]
    rows = {r.player: r for r in df.itertuples()}
    assert rows["C"].total == rows["D"].total == 6 + 4 + 10 + 10
    assert rows["A"].total == 10 + 10 + 10
    assert rows["B"].total == 10 + 6 + 10
    order = df["player"].tolist()
    # A vs B: 30 vs 26. C, D: 30 too -> C and D beat A on gold (same colours).
    assert order[:3] in (["C", "D", "A"], ["D", "C", "A"])
    assert rows["C"].rank == rows["D"].rank == 1 and rows["A"].rank == 3 and rows["B"].rank == 4
    assert set(players) == set(order)


def test_final_ranking_last_tiebreaker_is_roads_left():
    df = final_ranking({"A": 0, "B": 2}, {"A": {}, "B": {}}, {"A": [("red", 1)], "B": [("red", 1)]},
                       {"A": 5, "B": 3})
    # A: 0 + 1 + 10 bonus = 11; B: 2 + 1 = 3
    assert df["player"].tolist() == ["A", "B"]
    df = final_ranking({"A": 10, "B": 10}, {"A": {}, "B": {}}, {"A": [("red", 1)], "B": [("red", 1)]},
                       {"A": 0, "B": 0})
    assert df["rank"].tolist() == [1, 1]


def test_final_ranking_player_mismatch():
    with pytest.raises(ValueError, match="roads_left names players"):
        final_ranking({"A": 1}, {"A": {}}, {"A": []}, {"B": 1})


def test_score_parts_kept_with_the_state_are_copies():
    """score_parts is computed once per state (a simulation asks it three times);
    what a caller does to the dicts it gets does not reach the next caller."""
    from rometools.caesars_empire import engine, play_game, score_parts

    end = play_game(bots="greedy", rng=2)
    first = score_parts(end)
    assert engine.facts(end).parts == first
    first[0]["total"] = -1
    again = score_parts(end)
    assert again[0]["total"] != -1
    assert again == score_parts(end.__class__(end.config, end.treasures, end.city_owner, end.path_owner,
                                              end.roads_left, end.route_score, end.seat, end.history,
                                              end.start, end.seed))  # rebuilt: computed afresh


def test_marginal_values_memo_hands_out_copies():
    from rometools.caesars_empire import load_components
    from rometools.caesars_empire.scoring import marginal_values

    comps = load_components()
    counts = (2, 0, 2, 0, 3, 0, 0, 1, 2)
    first = marginal_values(counts, comps)
    assert first == marginal_treasure_value({"meat": 2, "gems": 2, "grapes": 3, "wine": 1, "gold": 2})
    first["gold"] = -99
    assert marginal_values(list(counts), comps)["gold"] != -99


def test_marginal_values_closed_form_equal_difference_of_totals():
    """The memoised marginal values (one more token's ``same_type`` and row deltas, in closed
    form) equal the difference of two full totals, for seeded count vectors and for tables
    whose values fall (a designer's)."""
    import random

    from rometools.caesars_empire import load_components
    from rometools.caesars_empire._treasure_memo import _marginal, _treasure_total
    from rometools.caesars_empire.components import ScoringTables
    from rometools.caesars_empire.scoring import marginal_values

    comps = load_components()
    ids = comps.treasure_ids
    rng = random.Random(48)
    for _ in range(300):
        counts = [rng.randint(0, comps.supply[t]) for t in ids]
        held = {t: c for t, c in zip(ids, counts, strict=True) if c}
        base = treasure_points(held).total
        expected = {t: treasure_points({**held, t: held.get(t, 0) + 1}).total - base
                    for t, c in zip(ids, counts, strict=True) if c < comps.supply[t]}
        assert marginal_values(counts, comps) == expected
    falling = ScoringTables(same_type=(5, 3, 9, 1), different_types=(1, 7, 2, 2, 8, 0, 4, 6), gold=(3, 1, 4))
    for _ in range(300):
        non_gold = tuple(sorted(rng.randint(0, 4) for _ in range(8)))
        gold = rng.randint(0, 3)
        base = _treasure_total(falling, non_gold, gold)
        by_count = {}
        for i, c in enumerate(non_gold):
            if c < 4 and c not in by_count:
                more = tuple(sorted((*non_gold[:i], c + 1, *non_gold[i + 1:])))
                by_count[c] = _treasure_total(falling, more, gold) - base
        gold_value = _treasure_total(falling, non_gold, gold + 1) - base if gold < 3 else None
        assert _marginal(falling, non_gold, gold, (4,) * 8, 3) == (by_count, gold_value)
