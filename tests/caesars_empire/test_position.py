"""Positions from the table, config defects fixed in Foundation II, route-policy registration.

Rulebook: 001_a311a49632a27e24.txt, The Turn, Scoring Routes, End of Game.
"""

from __future__ import annotations

import re

import pytest

import rometools
from rometools.caesars_empire import (
    Board,
    GameConfig,
    apply,
    board_path,
    cheapest_connections,
    connection_routes,
    from_json,
    legal_actions,
    load_board,
    load_components,
    new_game,
    play_game,
    position,
    register_route_policy,
    replay,
    score_parts,
    to_json,
)
from rometools.caesars_empire.components import components_path
from rometools.core.errors import ArgumentError, DataFileError, InvalidActionError

BOARD = load_board("4-5")
DEAL = dict(zip(BOARD.city_ids, new_game(rng=3).treasures, strict=True))

def test_position_equals_the_same_moves_played():
    played = apply(apply(new_game(rng=3), ("rome", "capua")), ("rome", "ariminum"))
    s = position(treasures=DEAL, owners={"capua": 0, "ariminum": "P2"},
                 roads={("rome", "capua"): "P1", ("ariminum", "rome"): 1},
                 route_score={0: played.route_score[0], 1: played.route_score[1]}, to_move=2)
    for field in ("treasures", "city_owner", "path_owner", "roads_left", "route_score", "seat"):
        assert getattr(s, field) == getattr(played, field), field
    assert s.history == () and legal_actions(s) == legal_actions(played)

def test_position_plays_on_saves_loads_and_replays():
    s = position(treasures=DEAL, owners={"capua": "P1"}, roads={("rome", "capua"): "P1"}, to_move="P2")
    end = play_game(bots="greedy", rng=4, start=s)
    assert end.start is not None and len(end.history) > 30
    assert from_json(to_json(end)) == end
    assert replay(end, upto=0) == s
    assert replay(to_json(end), upto=3) == apply(apply(apply(s, end.history[0][2]), end.history[1][2]),
                                                 end.history[2][2])

INCONSISTENT = [
    (dict(owners={"ostia": "P1"}), "owners: unknown city 'ostia'"),
    (dict(owners={"capua": "P9"}), "owners.capua: a seat is 0 to 3 or 'P1' to 'P4', got 'P9'"),
    (dict(owners={"capua": True}), "owners.capua: a seat is 0 to 3"),
    (dict(roads={("rome", "syracusae"): 0}), "roads: ('rome', 'syracusae') is not a path"),
    (dict(roads={("rome", "capua"): 0}),
     "roads: path 'rome'-'capua' holds P1's Roads but 'capua' is still available"),
    (dict(owners={"capua": 0}), "owners: P1 holds 'capua' but no built route joins it to Rome"),
    (dict(owners={"capua": 0}, roads={("rome", "capua"): 1}),
     "owners: P1 holds 'capua' but has no Roads on a path to it"),
    (dict(owners={"capua": 0}, roads={("rome", "capua"): 0}, roads_left={0: 25}),
     "roads_left: P1 has 25 Roads left, but 25 minus the 1 on the board is 24"),
    (dict(route_score={"P1": -3}), "route_score.P1: must be a whole number 0 or more, got -3"),
    (dict(to_move=4), "to_move: a seat is 0 to 3"),
]

@pytest.mark.parametrize("kwargs,message", INCONSISTENT)
def test_inconsistent_positions_are_named(kwargs, message):
    with pytest.raises(ArgumentError) as info:
        position(treasures=DEAL, **kwargs)
    assert message in str(info.value)

def test_treasures_must_cover_every_city_within_the_tokens_in_play():
    with pytest.raises(ArgumentError, match="treasures: no Treasure given for 1 cities: \\['capua'\\]"):
        position(treasures={k: v for k, v in DEAL.items() if k != "capua"})
    with pytest.raises(ArgumentError, match="treasures: 40 'gold' tokens placed, but only 8 are in play"):
        position(treasures=dict.fromkeys(DEAL, "gold"))
    with pytest.raises(ArgumentError, match="treasures.capua: unknown Treasure type 'spam'"):
        position(treasures={**DEAL, "capua": "spam"})

def test_config_uses_the_components_the_board_names(tmp_path):
    """A board whose component file gives a 7-point Road bonus scores 7, not 10."""
    text = components_path().read_text().replace("[road_bonus]\n", "[road_bonus]\n", 1)
    assert "points = 10" in text
    comps_file = tmp_path / "components.toml"
    comps_file.write_text(text.replace("points = 10", "points = 7", 1))
    comps = load_components(comps_file)
    assert comps.road_bonus == 7
    board = Board.from_file(board_path("4-5"), components=comps)
    cfg = GameConfig(board=board)
    assert cfg.components.road_bonus == 7
    assert [p["road_bonus"] for p in score_parts(new_game(cfg, rng=1))] == [7, 7, 7, 7]
    # the saved game names the component file by content hash and loads it back, from a folder the
    # loader is allowed to read (issue 47, item 11: a saved game names no other file)
    end = play_game(cfg, "random", rng=2)
    assert to_json(end).count(str(comps_file)) == 1 and from_json(to_json(end), allow=[tmp_path]) == end
    with pytest.raises(DataFileError, match="config.components.file: names a file a saved game may not read"):
        from_json(to_json(end))

def test_registering_a_route_policy_twice():
    def worst(options, seat, state):
        return min(options, key=lambda o: o.points.get(seat, 0))

    register_route_policy("test_worst", worst)
    register_route_policy("test_worst", worst)  # the same function: no error (a re-run cell)

    def worst(options, seat, state):  # noqa: F811 - the same definition run again
        return min(options, key=lambda o: o.points.get(seat, 0))

    register_route_policy("test_worst", worst)

    def other(options, seat, state):
        return options[0]

    with pytest.raises(ArgumentError, match="route policy 'test_worst' is taken by another function"):
        register_route_policy("test_worst", other)
    with pytest.raises(ArgumentError, match="'player' is reserved"):
        register_route_policy("player", other)

def test_views_name_a_bad_argument():
    s = new_game(rng=3)
    with pytest.raises(InvalidActionError, match="connection_routes: chain must be a sequence of location ids"):
        connection_routes(s, None)
    with pytest.raises(ArgumentError, match="cheapest_connections: city must be a city id"):
        cheapest_connections(s, ["capua"])
    with pytest.raises(ArgumentError, match="unknown city 'rome' \\(Rome is not a city\\)"):
        cheapest_connections(s, "rome")


@pytest.mark.parametrize("key,value,words", [
    ("route_score", [], "start.route_score: must list one number per seat (2), got 0"),
    ("route_score", [5], "start.route_score: must list one number per seat (2), got 1"),
    ("roads_left", [25, 25, 25], "start.roads_left: must list one number per seat (2), got 3"),
    ("roads", [[]], "start.roads[0]: must be [location, location, seat], got []"),
])
def test_a_saved_start_loads_as_saved_or_is_refused(key, value, words):
    """A short per-seat list read as 0 for the seats it left out: every score reset, silently."""
    from rometools.caesars_empire.position import position_from_dict, position_to_dict
    from rometools.core.errors import DataFileError
    from rometools.core.playout import play, turn_states

    config = GameConfig(players=2)
    start = turn_states(play(rometools.load_game("caesars_empire", config), ["greedy"] * 2, 1))[0]
    b = config.board
    saved = position_to_dict(position(config, treasures=dict(zip(b.city_ids, start.treasures, strict=True)),
                                      roads_left={0: 25, 1: 25}, route_score={0: 5, 1: 3}, to_move=0))
    assert position_from_dict(config, saved, source="x.json").start.route_score == (5, 3)
    with pytest.raises(DataFileError, match=re.escape(words)):
        position_from_dict(config, {**saved, key: value}, source="x.json")


def test_a_saved_start_tampered_inside_is_refused_in_words():
    """Issue 47, item 13: ``start.roads[0][0] = []`` in a saved game was a bare ``TypeError``
    (unhashable type: 'list'). Every entry of a saved start, three levels deep, set to junk of every
    kind (unhashable, nested, a number of 31 digits, 10,000 characters): a DataFileError naming
    ``<saved game>`` or a RulesError, never another exception (``check_saved_game``)."""
    import json

    from rometools.core.errors import DataFileError
    from rometools.core.playout import load_saved_game, play, saved_game, turn_states
    from rometools.testing import check_saved_game

    config = GameConfig(players=2)
    game = rometools.load_game("caesars_empire", config)
    middle = turn_states(play(game, ["greedy"] * 2, 1))[6]
    b = config.board
    start = position(config, treasures=dict(zip(b.city_ids, middle.treasures, strict=True)),
                     owners={c: o for c, o in zip(b.city_ids, middle.city_owner, strict=True) if o >= 0},
                     roads={b.paths[e].cities: o for e, o in enumerate(middle.path_owner) if o >= 0},
                     roads_left=dict(enumerate(middle.roads_left)), route_score=dict(enumerate(middle.route_score)),
                     to_move=middle.seat)
    state = game.apply(start, game.legal_actions(start)[0])
    check_saved_game(state, seed=3)
    data = saved_game(state)
    data["start"]["roads"][0][0] = []
    from rometools.core.saved import _checksum
    data["sha256"] = _checksum(data)
    with pytest.raises(DataFileError, match=re.escape("<saved game>: start.roads[0]: a road's ends are location "
                                                      "ids, got []")):
        load_saved_game(json.dumps(data))
