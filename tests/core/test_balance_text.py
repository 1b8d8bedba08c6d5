"""The balance lab's sentences (core.balance), which the command and the explorer both print."""

from __future__ import annotations

import pandas as pd
import pytest

from rometools.core.balance import (
    games_needed,
    games_needed_text,
    seat_win_rates,
    shared_wins_text,
)
from rometools.core.errors import ArgumentError
from rometools.core.paired import compare_variants, paired_differences_text
from rometools.core.simulate import check_rotation, simulate


def _games(winners: list[tuple[int, ...]], seats: int = 3, rotation: int = 0) -> list[dict]:
    """Rows of hand-made games: each game's winning seats (more than one: a shared first place)."""
    return [{"game": g, "rotation": rotation, "seat": s, "win": s in won, "shared_win": s in won and len(won) > 1}
            for g, won in enumerate(winners) for s in range(seats)]


def test_shared_wins_are_counted_in_games_not_seats():
    """The trial read "153 shared wins" as games: a game won jointly by 2 seats counted twice.
    20 hand-made 3-seat games: 17 won outright, 2 shared by 2 seats, 1 by all 3 seats."""
    winners = [(g % 3,) for g in range(17)] + [(0, 1), (1, 2), (0, 1, 2)]
    results = pd.DataFrame(_games(winners))
    rates = seat_win_rates(results)
    assert int(rates["shared_wins"].sum()) == 7 and round(100 * rates["win_rate"].sum(), 9) == 120  # seat wins
    assert shared_wins_text(results) == (
        "3 of 20 games (15%) ended in a shared win (2 or 3 seats tied for first; 7 seat wins in all); each tied "
        "seat counts a win, so the win rates add up to 120%, not 100%.")


def test_shared_wins_one_game_each_rotation_and_a_total_to_one_decimal():
    """A seed's rotations are games of their own; one shared game is singular; 108.5%, not 108%."""
    one = _games([(0,), (1, 2)], rotation=0) + _games([(2,), (1,)], rotation=1)
    assert shared_wins_text(pd.DataFrame(one)) == (
        "1 of 4 games (25%) ended in a shared win (2 seats tied for first; 2 seat wins in all); each tied seat "
        "counts a win, so the win rates add up to 125%, not 100%.")
    winners = [(g % 4,) for g in range(183)] + [(0, 1)] * 17   # 17 extra seat wins in 200 games
    assert shared_wins_text(pd.DataFrame(_games(winners, seats=4))).endswith(
        "so the win rates add up to 108.5%, not 100%.")
    assert shared_wins_text(pd.DataFrame(_games([(0,), (1,)]))) == ""
    with pytest.raises(ArgumentError, match=r"lack the column\(s\) \['rotation'\]"):
        shared_wins_text(pd.DataFrame(_games([(0, 1)])).drop(columns="rotation"))


def test_games_needed_says_which_win_rate_it_assumes():
    """The advice took the fair share 1/players without a word: it now says so, and gives beside
    it the count at the observed rate nearest 50% (the widest interval), naming the seat."""
    greedy_first = simulate("caesars_empire", 40, bots=["greedy", "random", "random", "random"], seed=1,
                            progress=False)
    rates = seat_win_rates(greedy_first)
    assert list(rates["win_rate"]) == [1, 0, 0, 0]   # the greedy P1 wins every game: no rate near 50%
    assert games_needed_text(rates) == (
        "Games needed to pin a seat's win rate to ±2 percentage points at 95%: about 1,799 at a win rate of 25%, the fair "
        "share; about 93 at 100%, P1's observed rate (the observed rate nearest 50%, whose interval is widest).")
    rates = pd.DataFrame({"player": ["P1", "P2", "P3"], "win_rate": [0.2, 0.45, 0.35]})
    assert games_needed_text(rates, half_width=0.01) == (
        f"Games needed to pin a seat's win rate to ±1 percentage point at 95%: about {games_needed(0.01, rate=1 / 3):,} at "
        f"a win rate of 33.3%, the fair share; about {games_needed(0.01, rate=0.45):,} at 45%, P2's observed "
        f"rate (the observed rate nearest 50%, whose interval is widest).")
    assert games_needed(0.01, rate=0.45) > games_needed(0.01, rate=1 / 3)


def test_the_paired_headline_states_each_difference_with_its_interval():
    """The two-variant summary had the differences only in the paired chart: the sentence gives
    each with its interval, the values compare_variants computed, and the variance saved."""
    cmp = compare_variants("caesars_empire", {"players": 3}, {"players": 3, "route_policy": "first"}, 20, seed=2,
                           bots="greedy")
    text = paired_differences_text(cmp)
    assert text == (
        "B \u2212 A over 20 paired games (95% confidence intervals): win rate P1 0.0 percentage points [\u221215.2, 15.2], P2 +10.0 "
        "[\u22124.4, 24.4], P3 \u221210.0 [\u221224.4, 4.4]; mean score P1 \u221214.4 points [\u221229.0, 0.2], "
        "P2 \u22125.1 [\u221214.1, 3.9], P3 \u221217.4 [\u221234.0, \u22120.8]; winning margin +6.6 points "
        "[\u22123.8, 17.0]. Pairing the games reduced the variance of these differences by 0% to 94% against "
        "unpaired runs.")
    row = cmp.set_index("figure").loc["mean score P3"]
    assert (round(row["difference"], 1), round(row["ci_low"], 1), round(row["ci_high"], 1)) == (-17.4, -34.0, -0.8)
    assert round(100 * cmp["variance_reduction"].max()) == 94
    assert "game length" not in text  # no spread: its note says so instead
    no_spread = cmp.assign(ci_low=float("nan"))
    assert paired_differences_text(no_spread) == ""


def test_the_rotation_check_is_one_function():
    """simulate() and the balance explorer refuse rotation with one bot through check_rotation."""
    check_rotation(["greedy", "random", "random"])
    with pytest.raises(ArgumentError) as err:
        check_rotation(["random"] * 4)
    with pytest.raises(ArgumentError) as played:
        simulate("caesars_empire", 2, bots="random", rotate=True, progress=False)
    assert str(err.value) == str(played.value) == (
        "every seat has bot 'random', so rotating the bots over the seats would replay each game 4 times and "
        "count it as 4 games; give the seats different bots, or turn rotation off")


def test_a_negative_variance_reduction_is_explained():
    """A designer read "reduced the variance ... by −2% to 10%" without a word on what below 0% means."""
    rows = pd.DataFrame({"figure": ["win rate P1", "mean score P1"], "pairs": 50, "difference": [0.02, -1.0],
                         "ci_low": [-0.05, -3.0], "ci_high": [0.09, 1.0], "variance_reduction": [-0.02, 0.1]})
    assert paired_differences_text(rows) == (
        "B \u2212 A over 50 paired games (95% confidence intervals): win rate P1 +2.0 percentage points "
        "[\u22125.0, 9.0]; mean score P1 \u22121.0 points [\u22123.0, 1.0]. Pairing the games reduced the variance "
        "of these differences by \u22122% to 10% against unpaired runs (below 0%: for that figure the pairing did "
        "not help, by chance or because the variant changes the games' course from the first moves).")
