"""Augustus chart tests: assert on ``fig.data`` / ``fig.layout`` values, no browser."""

from fractions import Fraction
from math import comb

import pytest

from rometools.augustus import GameConfig, card_difficulty, completion_cdf, new_game, objective_odds
from rometools.charts import bag_figure, completion_cdf_figure, difficulty_figure, game_odds_figure
from rometools.charts.augustus import slots_text
from rometools.core.formatting import exact_mean, probability


def test_completion_cdf_lines_carry_the_exact_fractions():
    fig = completion_cdf_figure({"A": {"dagger": 1}, "B": {"dagger": 2}}, 10, compare_reset=True)
    assert [t.meta for t in fig.data] == ["au-cdf-0", "au-cdf-noreset-0", "au-cdf-1", "au-cdf-noreset-1"]
    one = fig.data[0]
    assert list(one.x) == list(range(1, 11))
    assert [Fraction(c) for c in one.customdata] == [1 - Fraction(comb(20, n), comb(23, n)) for n in range(1, 11)]
    assert one.y[4] == pytest.approx(float(Fraction(one.customdata[4])))
    assert one.text[4] == probability(Fraction(one.customdata[4]), digits=6)            # the hover
    assert [Fraction(c) for c in fig.data[2].customdata] == completion_cdf({"dagger": 2}, 10)
    assert fig.data[3].line.dash == "dash" and fig.data[0].line.dash == "solid"
    assert "A: 6.00" in fig.layout.title.text and "B: 12.00" in fig.layout.title.text


def test_completion_cdf_simulated_markers_have_wilson_error_bars():
    fig = completion_cdf_figure({"A": {"shield": 2}}, 8, trials=500, rng=3)
    sim = fig.data[1]
    assert sim.meta == "au-cdf-sim-0" and len(sim.x) == 8
    assert all(lo <= y <= hi for y, (_, lo, hi) in zip(sim.y, sim.customdata, strict=True))


def test_completion_cdf_errors_name_the_objective():
    with pytest.raises(ValueError, match="B: slot symbol 'sword'"):
        completion_cdf_figure({"A": {"dagger": 1}, "B": {"sword": 1}}, 5)
    with pytest.raises(ValueError, match="max_draws"):
        completion_cdf_figure({"A": {"dagger": 1}}, 0)


def test_difficulty_ranks_hardest_first_at_the_top():
    rows = card_difficulty()
    fig = difficulty_figure(rows, top=10)
    bars = fig.data[0]
    assert bars.meta == "au-difficulty" and len(bars.x) == 10
    assert bars.y[-1] == f"#{rows[0]['number']} {rows[0]['name']}"  # the top bar is the hardest
    assert Fraction(bars.customdata[-1][0]) == rows[0]["expected_draws"]
    assert bars.customdata[-1][4] == exact_mean(rows[0]["expected_draws"], digits=6)   # the hover: no 14-digit terms


def test_bag_figure_shows_the_tokens_left_and_the_exact_odds():
    left = {"double_sword": 4, "shield": 5, "chariot": 4, "catapult": 3, "standard": 2, "dagger": 0, "joker": 2}
    fig = bag_figure(left)
    assert list(fig.data[1].y) == list(left.values())
    assert fig.data[2].customdata[0] == "1/5" and fig.data[2].customdata[5] == "0"
    assert fig.layout.title.text == "The bag: 20 of 23 tokens left"


def test_game_odds_one_trace_per_seat():
    s = new_game(GameConfig(players=3, first_game=True), rng=2)
    fig = game_odds_figure([objective_odds(s, seat, 5) for seat in range(3)])
    assert [t.meta for t in fig.data] == ["au-game-odds-p1", "au-game-odds-p2", "au-game-odds-p3"]
    row = objective_odds(s, 0, 5)[0]
    assert Fraction(fig.data[0].customdata[0][0]) == row["cdf"][4] and slots_text({}) == "nothing"
    assert fig.data[0].customdata[0][4] == probability(row["cdf"][4], digits=6)          # the hover
    assert fig.data[0].y[0] == float(row["cdf"][4]) and not fig.layout.annotations


def test_game_odds_with_no_objective_in_play_says_so_instead_of_empty_axes():
    fig = game_odds_figure([[], []])
    assert [t.meta for t in fig.data] == ["au-game-odds-p1", "au-game-odds-p2"]   # same traces: syncs in place
    (note,) = fig.layout.annotations
    assert note.name == "au-game-odds-empty" and note.text.startswith("No objective in play yet")
    assert fig.layout.xaxis.visible is False and fig.layout.yaxis.visible is False
