"""What a game offers, discoverable without provoking an error: ``rometools games``,
``rometools.describe`` and one-line reprs, for every registered game."""

from __future__ import annotations

import pytest

import rometools
from rometools.cli import main
from rometools.core.describe import short_value
from rometools.testing import check_description

GAMES = rometools.games()


def test_games_lists_every_registered_game_with_its_players_bots_and_options(capsys):
    for gid in GAMES:
        check_description(gid, checks=["listing"])
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "pig: Pig (2 to 6 players); bots greedy, random, mcts:N; options players, target, sides, handicap" in lines
    assert "caesars_empire: Caesar's Empire (2 to 5 players)" in "\n".join(lines)


@pytest.mark.parametrize("gid", GAMES)
def test_one_game_lists_each_option_with_what_it_takes_its_default_and_meaning(gid):
    check_description(gid, checks=["options_text"])


def test_an_unknown_game_is_refused_naming_the_registered_ones(capsys):
    assert main(["games", "monopoly"]) == 2
    assert "unknown game 'monopoly'; registered games: " + ", ".join(GAMES) in capsys.readouterr().err


def test_the_help_shows_no_markup_and_names_the_games_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out and "The rometools command" in out and "games" in out


def test_describe_reads_as_a_table_in_a_notebook():
    d = rometools.describe("pig")
    assert (d.players, d.bots) == ((2, 6), ("greedy", "random"))
    assert [o["option"] for o in d.options] == ["players", "target", "sides", "handicap"]
    assert "<td><code>target</code></td><td>a whole number 1 to 10,000</td><td>100</td>" in d._repr_html_()
    assert repr(d) == "<Pig: 4 options, bots greedy, random>"


@pytest.mark.parametrize("gid", GAMES)
def test_configs_states_and_data_read_in_one_line(gid):
    check_description(gid, checks=["reprs"])


def test_a_component_set_is_named_with_its_size_not_listed():
    config = rometools.load_game("augustus").config
    assert "objectives=ObjectiveSet 'Illustrative set (88 cards)', 88 entries" in repr(config)
    assert len(repr(config)) < 200        # the dataclass repr printed all 88 cards: 22,800 characters
    assert short_value("x" * 100).endswith("... (100 characters)")
