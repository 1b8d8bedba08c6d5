"""Refusals of a game's options read the same for every registered game (the UX report, finding 6).

Written once over the registry, never per game: a refused player count names the game; a file
option given a name that is neither a file nor a bundled file lists the game's bundled files; the
example in a "write options as key=value" hint is one of the chosen game's own options, on the
command line and in the balance lab and the playtest explorer alike.
"""

from __future__ import annotations

import contextlib
import json

import pytest

import rometools
from rometools.cli import main
from rometools.core.errors import DataFileError, OptionError
from rometools.core.game import bundled_files, game_spec
from rometools.core.options import option_example, option_examples

GAMES = rometools.games()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [99, 1, 0])
def test_a_refused_player_count_names_the_game(game, players):
    title = game_spec(game).title
    with pytest.raises(OptionError) as info:
        rometools.load_game(game, players=players)
    assert info.value.option == "players"
    assert title in str(info.value) and f"got {players}" in str(info.value), str(info.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_player_count_of_the_wrong_type_names_the_game(game):
    with pytest.raises(OptionError, match=f"^players: {game_spec(game).title}"):
        rometools.load_game(game, players="3")


@pytest.mark.parametrize("game,option", [(g, o) for g in GAMES for o in game_spec(g).file_options])
def test_a_file_option_naming_no_file_lists_the_bundled_files(game, option):
    bundled = bundled_files(game, option)
    default = game_spec(game).config.option(option).default
    if default is None:  # the game reads a bundled file when none is given: it is listed
        assert bundled, f"{game}'s {option} option reads a bundled file that data_files does not list for it"
    with pytest.raises(DataFileError) as info:
        rometools.load_game(game, **{option: "no_such_file_9"})
    text = str(info.value)
    assert text.startswith("no_such_file_9: no such file; give the path of a ")
    for name in bundled:
        assert name.removesuffix(".toml").removesuffix(".yaml") in text


def test_via_romana_board_9_lists_its_bundled_board():
    """The report's own case: only "board_9: no such file" where Caesar's Empire listed its boards."""
    with pytest.raises(DataFileError, match="^board_9: no such file; give the path of a board file or a "
                                            "bundled board: board$"):
        rometools.load_game("via_romana", board="board_9")


@pytest.mark.parametrize("game", GAMES)
def test_every_option_example_is_taken_by_its_game_and_is_not_the_default(game):
    spec = game_spec(game)
    examples = option_examples(spec.config)
    assert option_example(game) == (examples[0] if examples else "players=3")
    default = rometools.load_game(game).config
    for example in examples:
        key, _, value = example.partition("=")
        with contextlib.suppress(json.JSONDecodeError):
            value = json.loads(value)
        assert rometools.load_game(game, **{key: value}).config != default, example


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("flag", ["--option", "--compare"])
def test_the_commands_key_value_hint_gives_the_chosen_games_own_option(game, flag, capsys):
    command = ["simulate", game, "--games", "1"] if flag == "--option" else ["report", game, "--out", "x.html"]
    with pytest.raises(SystemExit) as info:
        main([*command, flag, "nonsense"])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert f"argument {flag}: an option is key=value, e.g. {option_example(game)}; got 'nonsense'" in err
    if game != "caesars_empire":
        assert "route_policy" not in err


@pytest.mark.parametrize("game", GAMES)
def test_the_balance_labs_key_value_hint_and_placeholders_give_the_chosen_games_own_options(game):
    from rometools.widgets import BalanceExplorer

    ex = BalanceExplorer(game=game, games=2, run=False)
    examples = option_examples(game_spec(game).config) or ["players=3"]
    assert ex._options_a.placeholder == f"e.g. {examples[0]}"
    assert ex.set_values(options="nonsense") is False
    assert f"Options A: write options as key=value, e.g. {examples[0]}; got 'nonsense'" in ex.message


def test_the_balance_labs_placeholders_follow_the_game_dropdown():
    from rometools.widgets import BalanceExplorer

    ex = BalanceExplorer(games=2, run=False)
    ex._game.value = "via_romana"
    assert ex._options_a.placeholder == "e.g. obstinate_hands=true"
    assert ex._options_b.placeholder == "e.g. dangerous_ties=true"


def test_the_playtest_variant_hint_gives_the_chosen_games_own_option():
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport(game="via_romana", run=False)
    assert ex._variant.placeholder.startswith("e.g. obstinate_hands=true")
    assert ex.set_values(variant="nonsense") is False
    assert "Variant: write options as key=value, e.g. obstinate_hands=true; got 'nonsense'" in ex.message
