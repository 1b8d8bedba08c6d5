"""BoardExplorer without a browser: set controls, assert on the figure and tables."""

import pytest

from rometools.caesars_empire import (
    GameConfig,
    cheapest_connections,
    connection_routes,
    play_game,
    turn_states,
)
from rometools.widgets import BoardExplorer


@pytest.fixture(scope="module")
def explorer():
    return BoardExplorer(seed=1, bot="greedy")


def cities_trace(ex):
    return ex.figure_data()["ce-board-cities"]


def test_opens_on_the_bundled_4_5_board_after_the_deal(explorer):
    explorer.set_values(turn=0)
    assert explorer.turns == 40
    assert len(cities_trace(explorer)["customdata"]) == 40
    assert explorer.state.route_score == (0, 0, 0, 0)
    assert "no move yet" in explorer._last_move.value


def test_the_game_is_the_seeded_bot_game(explorer):
    final = play_game(GameConfig(players=4), bots=["greedy"] * 4, rng=1)
    states = turn_states(final)
    explorer.set_values(turn=40)
    assert explorer.state == states[40] == final
    assert explorer.set_values(turn=7)
    assert explorer.state == states[7]


def test_city_connections_and_scoring_paths_match_the_rules(explorer):
    assert explorer.set_values(turn=5, city="capua", gold="dealt")
    state = explorer.state
    cons = cheapest_connections(state, "capua")
    rows = explorer.connections()
    assert [r["chain"] for r in rows] == [c.chain for c in cons]
    assert [r["cost"] for r in rows] == [c.cost for c in cons]
    routes = connection_routes(state, cons[0].chain)
    assert rows[0]["routes"] == [(r.path, r.points) for r in routes]
    highlight = explorer.figure_data()["ce-board-highlight"]["x"]
    assert len([x for x in highlight if x is None]) == sum(len(c.chain) - 1 for c in cons)


def test_gold_toggle_doubles_every_seat(explorer):
    explorer.set_values(turn=12, city="capua", gold="plain")
    plain = explorer.connections()[0]["routes"][0][1]
    explorer.set_values(gold="gold")
    doubled = explorer.connections()[0]["routes"][0][1]
    assert doubled == {seat: 2 * pts for seat, pts in plain.items()}
    explorer.set_values(gold="dealt")


def test_slider_redraws_the_roads(explorer):
    explorer.set_values(turn=0)
    before = explorer.figure_data()
    assert before["ce-board-roads-0"]["x"] == []
    explorer.set_values(turn=20)
    after = explorer.figure_data()
    built = sum(len(after[f"ce-board-roads-{s}"]["x"]) // 3 for s in range(4))
    assert built == sum(1 for o in explorer.state.path_owner if o >= 0) > 0


def test_score_table_shows_each_seat(explorer):
    explorer.set_values(turn=40)
    html = explorer._scores.value
    assert html.count("<tr>") == 5
    for total in (p for p in explorer.state.route_score):
        assert str(total) in html


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"turn": 99}, "turn must be 0 to 40, got 99"),
    ({"players": 3}, "is for [4, 5] players, got players=3"),
    ({"players": 9}, "players must be 2 to 5"),
    ({"bot": "clever"}, "unknown bot 'clever'"),
    ({"board": "/no/such/board.toml"}, "cannot be read"),
])
def test_bad_input_shows_a_message_and_changes_nothing(explorer, kwargs, message):
    explorer.set_values(turn=3, city=None)
    before_state, before_fig = explorer.state, explorer.figure_data()
    assert explorer.set_values(**kwargs) is False
    assert message in explorer.message
    assert explorer.state == before_state
    assert explorer.figure_data() == before_fig
    assert explorer.set_values(turn=3)
    assert explorer.message == ""


def test_connected_city_is_refused(explorer):
    explorer.set_values(turn=40)
    assert explorer.set_values(city="capua") is False
    assert "not available at turn 40" in explorer.message


def test_broken_board_file_is_named(tmp_path):
    bad = tmp_path / "board.toml"
    bad.write_text('[board]\nname = "x"\nside = "2-3"\nprovenance = "illustrative"\n'
                   '[rome]\nposition = [0.5, 0.5]\n[[city]]\nid = "capua"\nname = "Capua"\n'
                   'colour = "red"\nvalue = 9\nposition = [0.6, 0.5]\n'
                   '[[path]]\ncities = ["rome", "capua"]\nroads = 1\n')
    ex = BoardExplorer(seed=2, bot="cheapest")
    assert ex.set_values(board=bad, players=2) is False
    assert "board.toml: city[0] (id='capua').value: must be 1 to 8, got 9" in ex.message
    assert ex.state.config.players == 4


def test_two_three_board_and_click_selection():
    ex = BoardExplorer(seed=4, bot="random")
    ex._board_file.value = ex._board_file.options[0][1]   # board_2_3.toml, as a user picks it
    assert ex.state.config.players in (2, 3)
    assert len(cities_trace(ex)["customdata"]) == 30
    ex.set_values(turn=0)
    city = ex._city.options[-1][1]

    class Points:  # what plotly passes to on_click
        point_inds = [cities_trace(ex)["customdata"].index(city)]

    ex._on_click(ex.figure.data[[t.meta for t in ex.figure.data].index("ce-board-cities")], Points, None)
    assert ex._city.value == city
    assert ex.figure_data()["ce-board-cities"]["customdata"]


def city_labels(ex):
    return list(ex.figure.data[[t.meta for t in ex.figure.data].index("ce-board-cities")].text)


def test_vocabulary_relabels_treasures(explorer):
    explorer.set_values(turn=0, vocabulary="treasures")
    english = city_labels(explorer)
    explorer.set_values(vocabulary="riches")
    polish = city_labels(explorer)
    assert "Gems" in english and "Gems" not in polish
    assert english.count("Gems") == polish.count("Precious Stones") > 0
    explorer.set_values(vocabulary="treasures")


def test_players_offered_are_the_board_sides():
    ex = BoardExplorer(seed=3, bot="cheapest")
    assert list(ex._players.options) == [4, 5]
    ex._board_file.value = ex._board_file.options[0][1]            # board_2_3.toml
    assert list(ex._players.options) == [2, 3] and ex.state.config.players == 2


def test_a_bad_path_typed_in_the_box_restores_the_controls():
    ex = BoardExplorer(seed=3, bot="cheapest")
    before = ex.state
    ex._board_path.value = "/no/such/board.toml"                     # as a user types it
    assert "cannot be read" in ex.message
    assert ex._board_path.value == "" and ex.state == before
