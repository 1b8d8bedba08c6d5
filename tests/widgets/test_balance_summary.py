"""BalanceExplorer's summary and messages: what a fresh user of the balance lab read wrong."""

from __future__ import annotations

import re

import pytest

from rometools.core.balance import (
    games_needed_text,
    seat_win_rates,
)
from rometools.core.errors import ArgumentError
from rometools.core.paired import compare_variants, paired_differences_text
from rometools.core.simulate import simulate
from rometools.widgets import BalanceExplorer
from rometools.widgets._base import plain_text


@pytest.mark.parametrize("options,name", [("board=board_2_3", "board_2_3"), ("board = board_2_3.toml", "board_2_3.toml")])
def test_a_board_typed_in_options_a_is_named_in_the_summary(options, name):
    """The Board box's board was named; one typed in Options A was not."""
    ex = BalanceExplorer(players=3, games=6, seed=1, bots="random", options=options)
    assert ex.message == ""
    assert ex.results.equals(simulate("caesars_empire", 6, bots="random", seed=1,
                                      config={"players": 3, "board": "board_2_3"}, progress=False))
    assert ex.summary.startswith(f"Caesar's Empire, 3 players, 6 games (seed 1); bots random, random, random; "
                                 f"board {name} player")


def test_boards_of_two_variants_are_named_each_when_they_differ(tmp_path):
    from rometools.caesars_empire.board import board_path

    mine = tmp_path / "my_board.toml"
    mine.write_text(board_path("2-3").read_text())
    ex = BalanceExplorer(players=3, games=4, seed=1, bots="random", options="board=board_2_3", compare=True,
                         options_b=f"board={mine}, route_policy=first")
    assert ex.message == ""
    assert ("; board board_2_3 in variant A, my_board.toml in variant B; variant A: board=board_2_3 player"
            in ex.summary)
    assert ex.set_values(options="route_policy=first", options_b="board=board_2_3")
    assert ("; board the game's own board in variant A, board_2_3 in variant B; variant A: route_policy=first "
            "player") in ex.summary
    assert ex.set_values(options="board=board_2_3", options_b="board=board_2_3, route_policy=first")
    assert "; board board_2_3; variant A: board=board_2_3 player" in ex.summary


def test_the_two_variant_summary_states_the_paired_differences():
    """The differences B − A were only in the paired chart: the summary states them with their
    intervals, the values compare_variants computes, and names variant A on the score histogram."""
    ex = BalanceExplorer(players=3, games=20, seed=2, bots="greedy", compare=True, options_b="route_policy=first")
    expected = compare_variants("caesars_empire", {"players": 3}, {"players": 3, "route_policy": "first"}, 20,
                                seed=2, bots="greedy")
    headline = paired_differences_text(expected)
    assert headline.startswith("B \u2212 A over 20 paired games (95% confidence intervals): win rate P1 0.0 percentage points "
                               "[\u221215.2, 15.2], P2 +10.0 [\u22124.4, 24.4]")
    assert f"{headline} In the paired comparison: all 20 games lasted 30 decisions" in ex.summary
    assert ex._chart_figure("scores_figure").layout.title.text == "Final scores by seat, variant A"
    assert ex.set_values(compare=False)
    assert "B \u2212 A" not in ex.summary
    assert ex._chart_figure("scores_figure").layout.title.text == "Final scores by seat"


def test_games_needed_in_the_summary_says_its_win_rates():
    ex = BalanceExplorer(games=30, seed=3, bots="greedy")
    assert ex.summary.endswith(games_needed_text(seat_win_rates(ex.results)))
    assert "at a win rate of 25%, the fair share; about " in ex.summary


def test_a_refusal_says_the_summary_and_the_charts_are_kept():
    """The page has a summary and several charts: "the chart still shows" was singular."""
    ex = BalanceExplorer(games=6, seed=1, bots="random")
    assert ex.set_values(games=0) is False
    assert ex.message == ("Cannot update: Games must be a whole number 1 to 100,000, got 0 "
                          f"({BalanceExplorer.KEPT})") == ("Cannot update: Games must be a whole number 1 to 100,000, got 0 (the "
                                           "summary and the charts still show the last run)")
    assert "the chart still shows" not in ex._message.value
    opened = BalanceExplorer(games=5, seed=7, players=9, bots="random")  # a refusal on opening: no kept-text
    assert opened.message == ("Cannot open with: Players: Caesar's Empire is for 2, 3, 4, 5 players, got 9 "
                              "(opened with the other values given and the defaults for these)")


def test_rotation_with_one_bot_is_refused_in_simulates_words_before_any_game(monkeypatch):
    """The explorer's own twin of the check is gone: it calls core's check_rotation, the one
    simulate() calls, so both say the same."""
    import rometools.widgets.balance as balance

    ex = BalanceExplorer(games=6, seed=1, bots="random")
    calls = []
    monkeypatch.setattr(balance, "simulate", lambda *a, **k: calls.append(a))
    assert ex.set_values(rotate=True) is False
    with pytest.raises(ArgumentError) as err:
        simulate("caesars_empire", 6, bots="random", rotate=True, progress=False)
    assert ex.message == f"Cannot update: Rotate seats: {err.value} ({BalanceExplorer.KEPT})"
    assert calls == [] and ex._rotate.value is False


def test_rotation_says_the_intervals_are_approximate_as_the_command_does():
    """The command warned that a seed's rotations are not independent games; the explorer did not."""
    from rometools.core.balance import rotation_caveat_text

    ex = BalanceExplorer(players=3, games=5, seed=1, bots=["greedy", "random", "random"], rotate=True)
    assert ex.message == ""
    caveat = ("The 3 rotations of a seed share its chance outcomes, so they are not independent games, but the "
              "intervals and the test below treat all 15 as if they were: read them as approximate.")
    assert rotation_caveat_text(ex.results) == caveat and caveat in ex.summary
    assert ex.set_values(rotate=False, games=5) and "rotations of a seed" not in ex.summary


def test_a_rate_table_has_one_number_of_decimals():
    """The table read "63% / 56.1% / 3.47%": now every rate of a table has one number of decimals,
    those its intervals warrant (200 games: one, 63.0%, 56.1%, 3.5%), in variant B's table too,
    which now has games and wins."""
    ex = BalanceExplorer(players=4, games=200, seed=1, bots="greedy", compare=True, options_b="route_policy=first")
    assert ex.message == ""
    html_a = ex._summary.value.split("rt-balance-rates-table")[1].split("</table>")[0]
    html_b = ex._summary.value.split("rt-balance-rates-b-table")[1].split("</table>")[0]
    for table in (html_a, html_b):
        rates = re.findall(r"<td[^>]*>(\d+(?:\.\d+)?)%</td>", table)
        assert len(rates) == 12, table
        assert len({len(r.split(".")[1]) if "." in r else 0 for r in rates}) == 1, rates
    assert "<td style='padding:2px 8px'>63.0%</td><td style='padding:2px 8px'>56.1%</td>" in html_a
    assert all(len(r.split(".")[1]) == 1 for r in re.findall(r"<td[^>]*>(\d+\.\d+)%</td>", html_a))
    assert "<th style='padding:2px 8px;text-align:left'>wins</th>" in html_b


def test_the_summary_names_the_options_run_when_not_comparing():
    """Two runs with different options had the same summary line (the UX report)."""
    plain = BalanceExplorer(game="via_romana", players=2, games=4, seed=1, bots="random")
    assert plain.summary.startswith("Via Romana, 2 players, 4 games (seed 1); bots random, random player ")
    ex = BalanceExplorer(game="via_romana", players=2, games=4, seed=1, bots="random",
                         options="dangerous_ties = true, hand=5")
    assert ex.message == ""
    assert ex.summary.startswith("Via Romana, 2 players, 4 games (seed 1); bots random, random; "
                                 "options: dangerous ties on, hand 5 player ")   # as the headlines say them


def test_results_say_they_are_for_the_last_run_once_a_control_changes_until_run():
    """A new Game chosen without Run left Caesar's Empire's results under Via Romana's controls."""
    ex = BalanceExplorer(players=3, games=4, seed=2, bots="random")
    stale = ex._stale
    assert stale.value == ""
    ex._game.value = "via_romana"
    shown = plain_text(stale.value)
    assert shown.startswith("Results below are for the last run: Caesar's Empire, 3 players, 4 games (seed 2)")
    assert shown.endswith("they are not for the controls now set: press Run for the settings above.")
    ex._game.value = "caesars_empire"   # back: the players went to the game's default
    assert stale.value != ""
    ex._players.value = 3
    ex._build_seat_bots("random")
    assert stale.value == ""           # the controls are the last run's again
    for change in ({"_seed": 3}, {"_games": 5}, {"_options_a": "route_policy=first"}, {"_rotate": True}):
        (name, value), = change.items()
        old = getattr(ex, name).value
        getattr(ex, name).value = value
        assert "for the last run" in plain_text(stale.value), name
        getattr(ex, name).value = old
        assert stale.value == "", name
    ex._seat_bots[1].value = "greedy"
    assert "for the last run" in plain_text(stale.value)
    assert ex.run() and stale.value == ""


def test_a_refused_run_leaves_no_stale_mark_on_the_controls_it_puts_back():
    ex = BalanceExplorer(players=3, games=4, seed=2, bots="random")
    assert ex.set_values(options="no_such_option=1") is False
    assert ex._options_a.value == "" and ex._stale.value == ""


def test_nothing_is_marked_before_the_first_run():
    ex = BalanceExplorer(games=4, run=False)
    ex._seed.value = 5
    assert ex._stale.value == ""
