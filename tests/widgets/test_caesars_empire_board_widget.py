"""BoardExplorer without a browser: set controls, assert on the figure and tables."""

import json

import pytest

from rometools.caesars_empire import (
    Board,
    BoardPath,
    City,
    GameConfig,
    cheapest_connections,
    connection_routes,
    new_game,
    play_game,
    position,
    to_json,
    turn_states,
)
from rometools.core.playout import load_saved_game
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
    ({"turn": 99}, "Turn must be 0 to 40 (this game has 40 turns), got 99"),
    ({"players": 3}, "Players must be 4 or 5 with the board Illustrative Empire"),
    ({"players": 9}, "Players must be 2 to 5, got 9"),
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
    assert "City Capua is already taken at turn 40" in explorer.message
    assert explorer.set_values(city="atlantis") is False
    assert "has no city 'atlantis'" in explorer.message


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
    click = {"kind": "click", "meta": "ce-board-cities", "index": cities_trace(ex)["customdata"].index(city)}
    ex._charts["figure"].source._handle_custom_msg(click, [])   # what the page sends for a click on the city
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


def test_the_labels_and_gold_toggles_read_in_the_vocabulary_shown():
    """In the Riches vocabulary the Labels toggle says "Riches" (it said "Treasures" beside
    a "Riches" vocabulary button); the choice made stays, and a refused change puts it back."""
    ex = BoardExplorer(seed=1)
    labels = [label for label, _ in ex._labels.options]
    assert labels == ["Treasures", "City names", "Both"]
    assert ex._gold.tooltips[0] == "Score the route with the city's Treasure as dealt"
    assert ex.set_values(labels="both", vocabulary="riches")
    assert [label for label, _ in ex._labels.options] == ["Riches", "City names", "Both"]
    assert ex._labels.value == "both" and ex._labels.index == 2
    assert ex._gold.tooltips[0] == "Score the route with the city's Riches as dealt"
    assert ex.set_values(labels="x") is False
    assert ex.message.startswith("Cannot update: Labels must be one of 'treasure' (Riches), 'name' (City names), "
                                 "'both' (Both), got 'x'")
    assert ex.set_values(vocabulary="treasures", turn=999) is False          # refused: nothing changes
    assert [label for label, _ in ex._labels.options] == ["Riches", "City names", "Both"]
    assert (ex._vocabulary.value, ex._labels.value) == ("riches", "both")
    ex._vocabulary.value = "treasures"                                       # clicked in the browser
    assert [label for label, _ in ex._labels.options] == ["Treasures", "City names", "Both"]
    assert ex._labels.value == "both" and ex._gold.tooltips[0].endswith("city's Treasure as dealt")


def test_players_offered_are_the_board_sides():
    ex = BoardExplorer(seed=3, bot="cheapest")
    assert list(ex._players.options) == [4, 5]
    ex._board_file.value = ex._board_file.options[0][1]            # board_2_3.toml
    assert list(ex._players.options) == [2, 3] and ex.state.config.players == 2


def test_a_bad_path_typed_in_the_box_keeps_the_path_and_the_game():
    ex = BoardExplorer(seed=3, bot="cheapest")
    before, options = ex.state, ex._board_file.options
    ex._board_path.value = "/no/such/board.toml"                     # as a user types it, then Enter
    assert "/no/such/board.toml: cannot be read" in ex.message
    assert ex._board_path.value == "/no/such/board.toml"             # what was typed stays
    assert ex.state == before and ex._board_file.options == options
    ex._board_load.click()                                           # Load again: the same message
    assert "/no/such/board.toml: cannot be read" in ex.message and "rt-error" in ex._message._dom_classes
    assert ex._board_path.value == "/no/such/board.toml" and ex.state == before


# ----------------------------------------------------------------- bots per seat
MIXED = ["greedy", "random", "cheapest", "random"]


def test_per_seat_bots_play_the_seeded_game():
    ex = BoardExplorer(bots=MIXED, seed=3)
    assert ex.bots == tuple(MIXED) and ex._bot.value == "per seat"
    final = play_game(GameConfig(players=4), MIXED, 3)
    assert ex._states[-1] == final and ex.turns == len(turn_states(final)) - 1
    assert [w.value for w in ex._seat_bots[:4]] == MIXED
    assert [w.layout.display for w in ex._seat_bots] == [None, None, None, None, "none"]
    for seat, w in enumerate(ex._seat_bots):
        assert f"rt-bot-p{seat + 1}" in w._dom_classes and "rt-seat-bot" in w._dom_classes


def test_bot_dropdowns_as_a_user_changes_them():
    ex = BoardExplorer(bots=MIXED, seed=3)
    ex._bot.value = "cheapest"                           # every seat
    assert ex.bots == ("cheapest",) * 4
    assert ex._states[-1] == play_game(GameConfig(players=4), "cheapest", 3)
    ex._seat_bots[1].value = "greedy"                    # one seat
    assert ex._bot.value == "per seat" and ex.bots == ("cheapest", "greedy", "cheapest", "cheapest")
    assert ex._states[-1] == play_game(GameConfig(players=4), list(ex.bots), 3)
    assert ex.set_values(players=5, bots=[*MIXED, "greedy"])
    assert ex._states[-1] == play_game(GameConfig(players=5), [*MIXED, "greedy"], 3)
    assert ex._seat_bots[4].layout.display is None


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": ["greedy"] * 3}, "4 players need 4 bots, got 3"),
    ({"bots": ["greedy", "clever", "random", "random"]}, "Bots per seat: P2's bot 'clever' is unknown"),
    ({"bots": "greedy"}, "Bots per seat must be a list with one bot name per seat"),
])
def test_bad_bots_are_named(explorer, kwargs, message):
    before = explorer.state
    assert explorer.set_values(**kwargs) is False
    assert message in explorer.message and explorer.state == before


# ----------------------------------------------------------------- start from a position or a saved game
@pytest.fixture(scope="module")
def table_position():
    deal = dict(zip(GameConfig().board.city_ids, new_game(rng=3).treasures, strict=True))
    return position(treasures=deal, owners={"capua": "P1", "ariminum": "P2"},
                    roads={("rome", "capua"): "P1", ("rome", "ariminum"): "P2"},
                    route_score={"P1": 1, "P2": 1}, to_move="P3")


def test_starts_from_a_position_object(table_position):
    ex = BoardExplorer(start=table_position, bots=MIXED, seed=7)
    assert ex.message == "" and ex.start is table_position and ex.start_turn == 0
    assert ex.state == table_position and ex.state.seat == 2
    final = play_game(table_position.config, MIXED, 7, start=table_position)
    assert ex._states[-1] == final
    assert ex._states == turn_states(final)
    assert "The position as given; no move yet. The bots play on from here." in ex._last_move.value
    assert "position given" in ex._start_info.value
    assert ex._board_file.disabled and ex._players.disabled and list(ex._players.options) == [4]
    roads = ex.figure_data()
    assert len(roads["ce-board-roads-0"]["x"]) == 3 and len(roads["ce-board-roads-1"]["x"]) == 3


def test_starts_from_a_saved_game_file(tmp_path):
    game = play_game(GameConfig(players=4), "cheapest", 11)
    midway = turn_states(game)[6]                         # six moves into the game
    path = tmp_path / "my_position.json"
    path.write_text(to_json(midway))
    ex = BoardExplorer(start=str(path), bot="greedy", seed=2)
    assert ex.message == "" and ex.start_turn == 6 and ex._turn.value == 6
    assert ex.state == midway
    assert ex._states[:7] == turn_states(midway)          # the saved turns, then the bots' own
    assert ex._states[-1] == play_game(midway.config, "greedy", 2, start=load_saved_game(path.read_text()))
    assert "my_position.json" in ex._start_info.value
    assert ex._start_path.value == str(path)
    assert ex.set_values(seed=4)                          # the seed and bots play on from it
    assert ex._states[6] == midway and ex._states[-1] == play_game(midway.config, "greedy", 4, start=midway)


def test_a_position_saves_and_the_explorer_plays_its_file(tmp_path, table_position):
    path = tmp_path / "table.json"
    path.write_text(to_json(table_position))
    ex = BoardExplorer(start=path, bots=MIXED, seed=7)
    assert ex.state == table_position
    assert ex._states[-1] == play_game(table_position.config, MIXED, 7, start=table_position)


def _edited(tmp_path):
    data = json.loads(to_json(new_game(rng=4)))
    data["history"][0] = data["history"][1]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(("content", "message"), [
    (None, "missing.json: cannot be read (No such file or directory)"),
    ("folder", "folder: is not a regular file (a folder, device or pipe cannot be a saved game)"),
    ("{not json", "bad.json: is not valid JSON"),
    ("null", "bad.json: (top level): must be a JSON object, got null"),
    ("edited", "edited.json: sha256: does not match the content: the file was edited after it was saved"),
])
def test_a_broken_start_file_is_a_message_and_a_new_deal(tmp_path, content, message):
    if content is None:
        path = tmp_path / "missing.json"
    elif content == "folder":
        path = tmp_path / "folder"
        path.mkdir()
    elif content == "edited":
        path = _edited(tmp_path)
    else:
        path = tmp_path / "bad.json"
        path.write_text(content)
    ex = BoardExplorer(start=path, seed=1)
    assert message in ex.message and "Traceback" not in ex.message
    assert "rt-error" in ex._message._dom_classes
    assert ex.start is None and ex.turns == 40      # it opened on the seed-1 new deal
    assert ex._states[-1] == play_game(GameConfig(players=4), "greedy", 1)


def test_a_bad_start_leaves_the_game_alone(explorer, tmp_path):
    explorer.set_values(turn=8)
    before = (explorer.state, explorer.figure_data(), explorer._start_path.value)
    assert explorer.set_values(start=_edited(tmp_path), turn=2) is False
    assert "was edited after it was saved" in explorer.message
    assert (explorer.state, explorer.figure_data(), explorer._start_path.value) == before
    assert explorer.start is None
    assert explorer.set_values(start=object()) is False
    assert "Start must be a Caesar's Empire state" in explorer.message


def test_start_typed_as_a_user_then_a_new_deal(tmp_path, table_position):
    ex = BoardExplorer(seed=5)
    good = tmp_path / "table.json"
    good.write_text(to_json(table_position))
    ex._start_path.value = str(good)                     # typed, then Enter
    assert ex.message == "" and ex.state == table_position and ex._players.disabled
    ex._start_path.value = str(_edited(tmp_path))        # a broken file: the game stays, the path too
    assert "was edited" in ex.message
    assert ex._start_path.value == str(_edited(tmp_path)) and ex.state == table_position
    ex._start_clear.click()                              # "New deal"
    assert ex.start is None and ex._start_path.value == "" and not ex._players.disabled
    assert ex._states[-1] == play_game(GameConfig(players=4), "greedy", 5)
    assert ex.set_values(start=table_position) and ex.set_values(start="")
    assert ex.start is None


def test_a_start_fixes_board_and_players(table_position):
    ex = BoardExplorer(start=table_position)
    assert ex.set_values(players=5) is False
    assert "a start fixes the board and the players (4)" in ex.message
    assert ex.set_values(players=4, seed=9)              # the same count is fine


def test_a_board_object_is_listed_and_played():
    tiny = Board("tiny", "2-3",
                 [City("capua", "Capua", "red", 2, (0.6, 0.4)), City("ostia", "Ostia", "italia", 1, (0.3, 0.5))],
                 [BoardPath(("rome", "capua"), 1), BoardPath(("capua", "ostia"), 1)], rome_position=(0.5, 0.5))
    ex = BoardExplorer(board=tiny, seed=2)
    assert ex.message == "" and ex.state.config.board == tiny and ex.state.config.players == 2
    assert ex._board_file.label == "tiny \u00b7 given"
    assert ex._states[-1] == play_game(GameConfig(board=tiny, players=2), "greedy", 2)
    assert ex.figure_data()["ce-board-cities"]["customdata"] == ["capua", "ostia"]


def test_a_failed_first_load_keeps_its_message_and_opens_anyway():
    ex = BoardExplorer(board="/no/such/board.toml", bot="random", seed=2)
    assert "/no/such/board.toml: cannot be read" in ex.message and "rt-error" in ex._message._dom_classes
    assert ex._states[-1] == play_game(GameConfig(players=4), "random", 2)    # the bundled board instead
    ex = BoardExplorer(bot="clever")
    assert "unknown bot 'clever'" in ex.message and ex.bots == ("greedy",) * 4
    ex = BoardExplorer(players=3)                                           # the bundled board for 3
    assert ex.message == "" and ex.state.config.board.side == "2-3"


def test_a_start_before_the_deal_is_dealt_with_the_seed():
    undealt = new_game(GameConfig(players=2))
    ex = BoardExplorer(start=undealt, seed=4)
    assert ex.message == "" and ex.start_turn == 0 and ex._turn.value == 0
    assert ex._states[-1] == play_game(GameConfig(players=2), "greedy", 4, start=undealt)


def test_the_charts_take_the_width_asked_for_and_a_bad_width_is_refused():
    from rometools.widgets.caesars_empire_board import CHART_WIDTH

    assert BoardExplorer(seed=1).figure.layout.width == CHART_WIDTH == 940   # a notebook beside the file browser
    wide = BoardExplorer(seed=1, width=1160)                                # the app's page
    assert wide.figure.layout.width == wide.score_figure.layout.width == 1160
    for bad in (599, 2401, 1000.0, "1160", True):
        with pytest.raises(ValueError, match=r"^width must be a whole number 600 to 2,400, got "):
            BoardExplorer(seed=1, width=bad)
