"""Refusals of a game's options read the same for every registered game (the UX report, finding 6).

Written once, in ``rometools.testing.check_options`` (and ``check_general_explorers`` for the
balance lab), and run here over the registry: a refused player count names the game; a file
option given a name that is neither a file nor a bundled file lists the game's bundled files; the
example in a "write options as key=value" hint is one of the chosen game's own options, on the
command line and in the balance lab and the playtest explorer alike.
"""

from __future__ import annotations

import pytest

import rometools
from rometools.cli import main
from rometools.core.errors import DataFileError
from rometools.core.game import game_spec
from rometools.testing import check_general_explorers, check_options

GAMES = rometools.games()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [99, 1, 0])
def test_a_refused_player_count_names_the_game(game, players):
    check_options(game, checks=["player_counts"], players=[players])


@pytest.mark.parametrize("game", GAMES)
def test_a_player_count_of_the_wrong_type_names_the_game(game):
    check_options(game, checks=["player_type"])


@pytest.mark.parametrize("game,option", [(g, o) for g in GAMES for o in game_spec(g).file_options])
def test_a_file_option_naming_no_file_lists_the_bundled_files(game, option):
    check_options(game, checks=["file_options"], options=[option])


def test_via_romana_board_9_lists_its_bundled_board():
    """The report's own case: only "board_9: no such file" where Caesar's Empire listed its boards."""
    with pytest.raises(DataFileError, match="^board_9: no such file; give the path of a board file or a "
                                            "bundled board: board$"):
        rometools.load_game("via_romana", board="board_9")


@pytest.mark.parametrize("game", GAMES)
def test_every_option_example_is_taken_by_its_game_and_is_not_the_default(game):
    check_options(game, checks=["examples"])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("flag", ["--option", "--compare"])
def test_the_commands_key_value_hint_gives_the_chosen_games_own_option(game, flag):
    check_options(game, checks=["command_line"], flags=[flag])


def test_the_commands_hint_for_another_game_never_names_caesars_empires_option(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "pig", "--games", "1", "--option", "nonsense"])
    assert "route_policy" not in capsys.readouterr().err


@pytest.mark.parametrize("game", GAMES)
def test_the_balance_labs_key_value_hint_and_placeholders_give_the_chosen_games_own_options(game):
    check_general_explorers(game)


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


@pytest.mark.parametrize("gid", ["augustus", "caesars_empire", "imperator"])
def test_another_games_config_is_named_by_its_module_not_gameconfig_twice(gid):
    """Stop 55 (LOW): a game's ``new_game`` given another game's config said "config must be a
    GameConfig, got GameConfig". It names both by their modules."""
    import importlib

    from rometools.core.errors import ArgumentError

    rules = importlib.import_module(f"rometools.{gid}.rules")
    other = importlib.import_module(f"rometools.{'imperator' if gid != 'imperator' else 'augustus'}.rules")
    with pytest.raises(ArgumentError) as err:
        rules.new_game(other.GameConfig())
    said = str(err.value)
    assert said.startswith(f"config must be rometools.{gid}.") and "(this game's), got rometools." in said, said
    assert said.endswith(".GameConfig (another game's)"), said


def test_a_yes_no_option_takes_true_or_false_in_the_words_the_table_and_files_write(capsys):
    """``--set dangerous_ties=maybe`` said "must be True or False" (and refused a typed ``True``) while the
    studio's table showed the value ``false``: the command line, the table's takes column, the studio's
    refusal and ``rometools games`` now all say ``true or false`` (default ``false``), as the files write it."""
    from rometools.widgets._base import plain_text
    from rometools.widgets.what_if import VariantStudio

    assert main(["compare", "via_romana", "--set", "dangerous_ties=maybe"]) == 2
    assert capsys.readouterr().err.strip() == ("rometools compare: --set dangerous_ties=maybe: dangerous_ties must be "
                                               "true or false, got 'maybe'")
    assert main(["games", "via_romana"]) == 0
    assert "dangerous_ties (true or false; default false): Dangerous Ties variant" in capsys.readouterr().out
    studio = VariantStudio("via_romana")
    assert "; dangerous_ties false false true or false ;" in plain_text(studio._table.value)
    for typed in ("maybe", "True"):
        studio._changes_box.value = f"dangerous_ties = {typed}"
        assert studio.message.startswith(f"Cannot update: Changes: dangerous_ties must be true or false, got '{typed}'")
    studio._changes_box.value = "dangerous_ties = true"
    assert studio.values()["changes"] == {"dangerous_ties": True} and not studio.message
