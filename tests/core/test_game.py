"""core/game.py: load_game refuses an option the game does not have, naming it and listing the game's."""

from __future__ import annotations

import dataclasses

import pytest

import rometools
from rometools.core.errors import RulesError
from rometools.core.game import config_options, game_spec
from rometools.core.simulate import simulate

CAESARS_EMPIRE_OPTIONS = ["board", "players", "all_tokens_variant", "sum_complete_colours", "no_move",
                          "route_policy", "max_chain_paths", "roads_per_player"]


def test_options_are_the_config_fields_without_private_ones():
    assert config_options("caesars_empire") == CAESARS_EMPIRE_OPTIONS
    for game in rometools.games():
        fields = [f.name for f in dataclasses.fields(game_spec(game).config) if f.init]
        assert config_options(game) == [f for f in fields if not f.startswith("_")]
        assert "players" in config_options(game)


@pytest.mark.parametrize("game", rometools.games())
def test_an_unknown_option_names_it_and_lists_the_games_options(game):
    spec = game_spec(game)
    expected = f"{spec.title} has no option 'foo'; its options are {', '.join(config_options(game))}"
    with pytest.raises(RulesError) as err:
        rometools.load_game(game, foo=1)
    assert str(err.value) == expected
    with pytest.raises(RulesError) as err:  # simulate(config=...) goes through load_game
        simulate(game, 1, config={"foo": 1}, progress=False)
    assert str(err.value) == expected
    with pytest.raises(RulesError) as err:  # a private field is no option either
        rometools.load_game(game, players=2, **{"_secret": 1})
    assert str(err.value) == expected.replace("'foo'", "'_secret'")


def test_the_caesars_empire_message_in_full_and_known_options_still_load():
    with pytest.raises(RulesError) as err:
        rometools.load_game("caesars_empire", route_polcy="first")
    assert str(err.value) == ("Caesar's Empire has no option 'route_polcy'; its options are board, players, "
                              "all_tokens_variant, sum_complete_colours, no_move, route_policy, max_chain_paths, "
                              "roads_per_player")
    assert rometools.load_game("caesars_empire", players=3, route_policy="first").config.route_policy == "first"
