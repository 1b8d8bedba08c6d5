"""The playtest report page's words, as a fresh user's trial of ``rometools report via_romana --players 3
--compare dangerous_ties=true`` read them: each defect it found, with the text it showed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rometools.charts.report_text import variant_rows
from rometools.core.compare import Figure


def _figure(name: str, unit: str, precision: float, decision: str | None = "equivalent") -> Figure:
    return Figure(name=name, kind="mean", unit=unit, pairs=200, base=17.5, variant=17.6, difference=0.1,
                  low=-0.4, high=0.6, precision=precision, decision=decision, more_needed=0, exact=False,
                  variance_saved=0.5)


def test_a_verdict_of_no_change_as_large_as_one_unit_says_the_unit_in_the_singular():
    """It read "no change as large as 1 turns"."""
    rows = variant_rows(SimpleNamespace(figures=(_figure("game length", "turns", 1.0),
                                                 _figure("game length", "turns", 2.0),
                                                 _figure("win rate P1", "percentage points", 0.01))))
    assert [r[5] for r in rows] == ["no change as large as 1 turn", "no change as large as 2 turns",
                                    "no change as large as 1.0 percentage point"]


def test_the_hot_spots_count_of_clear_intervals_agrees_with_its_verb():
    """It read "1 do here"."""
    from rometools.charts.playtest import multiple_comparisons_text

    rows = [{"lift_low": 0.02 if k < 1 else -0.1, "lift_high": 0.3} for k in range(40)]
    assert "even if no place mattered; 1 does here, so read" in multiple_comparisons_text(rows)
    rows = [{"lift_low": 0.02 if k < 2 else -0.1, "lift_high": 0.3} for k in range(40)]
    assert "even if no place mattered; 2 do here, so read" in multiple_comparisons_text(rows)


def test_the_hot_spots_count_note_names_no_python_parameter():
    """It read "(spot_games sets another count)": a parameter of Python on a page made by the command
    line, which has no flag for it (``rometools report --help``)."""
    from rometools.charts.report_text import spots_count_text

    said = spots_count_text(100, 200)
    assert "spot_games" not in said and "_" not in said
    assert said.endswith("as many games as the seat balance, at most 100 and at least 5.")


def test_the_restricted_plays_count_of_decisions_changed_has_thousands_separators():
    """It read "decisions changed 1058"."""
    import dataclasses

    from rometools.charts.playtest import report_page
    from rometools.core.playtest import playtest

    pt = playtest("via_romana", 4, players=2, restricted_games=2, hole_games=0, spot_games=0, flow_games=0,
                  progress=False)
    pt = dataclasses.replace(pt, restricted=[{**r, "replaced": 1058 + k} for k, r in enumerate(pt.restricted)])
    page = report_page(pt)
    table = page.split("decisions changed</th>")[1].split("</table>")[0]
    assert "<td>1,058</td></tr>" in table and "1058" not in table


@pytest.fixture(scope="module")
def variant_playtest():
    """Via Romana against Dangerous Ties on, as the trial ran it, cut small: some of the game flow's figures
    have no spread in 6 games, so no interval."""
    from rometools.core.playtest import playtest

    return playtest("via_romana", 6, players=3, compare={"dangerous_ties": True}, restricted_games=2, hole_games=0,
                    spot_games=0, flow_games=6, progress=False)


def test_the_flow_comparisons_note_counts_only_the_figures_with_an_interval_and_says_the_odds_in_words(
        variant_playtest):
    """It read "Each of these 13 intervals ... about 0.7 of them would exclude 0 by chance" where two of the
    13 rows said "no spread, so no interval"."""
    import html

    from rometools.charts.playtest import report_page

    table = variant_playtest.flow_comparison
    with_interval = int(table["ci_low"].notna().sum())
    assert 1 < with_interval < len(table)   # the case the trial met: some rows have no interval
    page = html.unescape(report_page(variant_playtest))
    assert (f"Each of these {with_interval} intervals is a 95% interval read on its own, not together: with "
            f"nothing changed, by chance alone about 1 in 20 of them would exclude 0.") in page
    assert f"these {len(table)} intervals" not in page and "would exclude 0 by chance." not in page


def test_the_flow_comparison_says_fewer_of_counts_and_less_of_points():
    """It read "0.82 decisions less", "legal moves less", and both "points fewer" and "points less" in one
    table: counts of things are fewer, amounts (points) less."""
    import pandas as pd

    from rometools.core.paired import comparison_rows

    table = pd.DataFrame({"figure": ["Decisions", "Branching factor", "Deepest deficit", "mean score P1", "Duration"],
                          "a": [110.5, 30.1, 6.8, 40.0, 22.5], "b": [109.68, 27.4, 6.0, 39.0, 21.5],
                          "difference": [-0.82, -2.7, -0.8, -1.0, -1.0], "ci_low": [-1.5, -3.0, -2.5, -3.0, -2.0],
                          "ci_high": [-0.5, -1.0, -0.5, -1.0, -0.5], "note": [""] * 5,
                          "unit": ["decisions", "legal moves", "points", None, "turns"]})
    rows = comparison_rows(table)
    assert [r[3] for r in rows] == ["0.8 decisions fewer", "2.7 legal moves fewer", "0.8 points less",
                                    "1.0 point less", "1.0 turn fewer"]
    assert [r[4] for r in rows] == ["0.5 to 1.5 decisions fewer", "1 to 3 legal moves fewer",
                                    "0.5 to 2.5 points less", "1 to 3 points less", "0.5 to 2.0 turns fewer"]


def test_the_flow_comparisons_values_agree_with_their_difference_in_percentage_points():
    """It read "Won on a tiebreaker 4% 6% 1.0 points higher" (4.5% and 5.5%, rounded half to even) and
    "34.7% 33.3% 1.3 points lower" (shown values 1.4 apart); a rate's difference is in percentage points."""
    import pandas as pd

    from rometools.core.paired import comparison_rows

    table = pd.DataFrame({"figure": ["Won on a tiebreaker", "Time behind", "Comebacks", "Decisions"],
                          "a": [0.045, 0.3465, 0.5, 110.5], "b": [0.055, 0.3335, 0.46, 109.68],
                          "difference": [0.01, -0.013, -0.04, -0.82], "ci_low": [-0.02, -0.03, -0.07, -1.5],
                          "ci_high": [0.04, 0.004, -0.01, -0.5], "note": [""] * 4,
                          "unit": ["share", "share", "share", "decisions"]})
    rows = [r[1:4] for r in comparison_rows(table)]
    assert rows == [["4.5%", "5.5%", "1.0 percentage point higher"],
                    ["34.65%", "33.35%", "1.30 percentage points lower"],
                    ["50%", "46%", "4 percentage points lower"],
                    ["110.5", "109.7", "0.8 decisions fewer"]]
    for a, b, said in rows:   # what is shown adds up
        gap = float(b.rstrip("%")) - float(a.rstrip("%"))
        assert f"{abs(gap):.{len(said.split()[0].partition('.')[2])}f}" == said.split()[0]


def test_the_variants_table_shows_values_that_agree_with_their_difference():
    """The variant's own table (``rometools compare``'s figures) the same: 4.5% and 5.5% said with their
    decimals, the difference in percentage points."""
    rate = Figure(name="win rate P1", kind="rate", unit="percentage points", pairs=200, base=0.045, variant=0.055,
                  difference=0.01, low=-0.02, high=0.04, precision=0.05, decision=None, more_needed=0, exact=False,
                  variance_saved=0.5)
    row = variant_rows(SimpleNamespace(figures=(rate,)))[0]
    assert row[1:5] == ["4.5%", "5.5%", "1.0 percentage point higher",
                        "from 2.0 percentage points lower to 4.0 percentage points higher"]


def test_the_deepest_deficit_paired_over_fewer_games_says_so_and_shows_one_precision():
    """It read "Deepest deficit" 6.5 in the summary and 6.42 in the paired table: the same precision for the
    same figure, and where the paired figure is over fewer games (those whose winner was behind in both
    variants) the row says so, with the game's own figure."""
    from rometools.core.flow import compare_flow, flow
    from rometools.core.paired import comparison_rows

    d = compare_flow("pig", {}, {"target": 60}, 12)
    own = flow("pig", 12, config={}).metrics["deficit"]
    row = d.set_index("figure").loc["Deepest deficit"]
    assert row["pairs"] < own.games   # the case the trial met: a game whose winner was behind in one variant only
    shown = comparison_rows(d[d["figure"] == "Deepest deficit"])[0]
    assert shown[1] == f"{row['a']:.1f}"   # one decimal, as the summary's figure
    assert shown[5] == (f"Over the {int(row['pairs'])} games of 12 that measure it in both the game and the variant; "
                        f"the game's own, over {own.games} games, is {own.value:.1f}")


def test_restricted_plays_win_rates_agree_with_what_the_strategy_costs():
    """It read "34.7% ... 33.3% gains 1.3 points" (shown values 1.4 apart, and a rate's difference in
    "points")."""
    from rometools.charts.playtest import restricted_row

    r = {"forbids": "never builds a fort", "games": 30, "win_rate": 0.3465, "low": 0.2, "high": 0.5,
         "baseline": 0.3335, "loss": 0.3335 - 0.3465, "replaced": 1058}
    row = restricted_row(r)
    assert (row[2], row[4], row[5]) == ("34.65%", "33.35%", "gains 1.30 percentage points of win rate")
    r = {**r, "win_rate": 0.25, "baseline": 0.5, "loss": 0.25}
    assert restricted_row(r)[2:] == ["25.0%", "20.0% to 50.0%", "50.0%", "loses 25.0 percentage points of win rate",
                                     "1,058"]


def test_the_explorers_restricted_table_shows_the_reports_figures():
    """The playtest explorer's restricted table says what the report page says: win rates that agree with
    the cost (34.65% and 33.35%, never 34.7% and 33.3% beside 1.3), in percentage points."""
    import dataclasses
    import html

    from rometools.charts.playtest import restricted_row
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport("via_romana", players=2, games=8, seed=4)
    r = {**ex.playtest.restricted[0], "win_rate": 0.3465, "baseline": 0.3335, "loss": 0.3335 - 0.3465}
    ex._draw(dataclasses.replace(ex.playtest, restricted=[r]))
    cells = [r["forbids"], *restricted_row(r)[1:6]]
    assert cells[2:] == ["34.65%", f"{r['low']:.1%} to {r['high']:.1%}", "33.35%",
                         "gains 1.30 percentage points of win rate"]
    assert "".join(f"<td style='padding:2px 8px'>{html.escape(v)}</td>" for v in cells) in ex._summary.value


def test_a_places_lift_is_said_in_percentage_points():
    """A lift is a difference of win rates: percentage points, as every rate difference on the page."""
    from rometools.core.playtest import lift_words

    assert lift_words(-0.04) == "4 percentage points less often than their seat"
    assert lift_words(0.01) == "1 percentage point more often than their seat"


def test_values_that_agree_at_no_precision_show_the_difference_of_the_shown_values():
    """The trial's run had 104 of 300 against 100 of 300 (thirds): 34.667% and 33.333% differ by 1.333, which
    no rounding of both makes agree; the cost said is then the shown values' difference."""
    from rometools.charts.playtest import restricted_row

    r = {"forbids": "never builds a fort", "games": 300, "win_rate": 104 / 300, "low": 0.3, "high": 0.4,
         "baseline": 100 / 300, "loss": 100 / 300 - 104 / 300, "replaced": 1058}
    row = restricted_row(r)
    assert (row[2], row[4], row[5]) == ("34.7%", "33.3%", "gains 1.4 percentage points of win rate")


def test_the_paired_flow_rows_never_show_three_decimals():
    """The report's "Deepest deficit" row read 18.154 and 12.846, "5.308 points less", "from 11.9 points less
    to 1.33 points more": values and their difference agreed only at three decimals, so three were shown.
    A figure now shows its summary's decimals (one for points, whole percent for rates), at most two where
    those disagree, and its interval no more decimals than its values."""
    import re

    from rometools.core.flow import compare_flow
    from rometools.core.paired import comparison_rows

    deficit = next(r for r in comparison_rows(compare_flow("pig", {}, {"target": 50}, 26))
                   if r[0] == "Deepest deficit")
    assert deficit[1:5] == ["18.2", "12.8", "5.4 points less", "from 11.9 points less to 1.3 points more"]
    rows = comparison_rows(compare_flow("pig", {}, {"target": 50}, 8))   # eighths: 84.250 and 40.875 before
    assert not [r for r in rows if re.search(r"\d\.\d{3}", " ".join(r[1:5]))], rows
    decisions = next(r for r in rows if r[0] == "Decisions")
    assert decisions[1:4] == ["84.2", "40.9", "43.3 decisions fewer"]


def test_a_game_length_with_no_spread_is_said_in_plain_words():
    """trial59 (LOW): the playtest report read "30 turns on average (95% interval no spread)". Every game as
    long: said so, with no interval; with a spread, the interval as before."""
    from types import SimpleNamespace

    from rometools.charts.report_text import length_text
    from rometools.core.flow_metrics import FlowMetric

    def metric(key, value, low, high, interval):
        return FlowMetric(key, key, "", value, low, high, interval, "", 12, "")

    flow = SimpleNamespace(metrics={"duration": metric("duration", 30.0, 30.0, 30.0, "exact"),
                                    "decisions": metric("decisions", 120.0, 120.0, 120.0, "exact")},
                           unit=SimpleNamespace(plural="turns"), n_games=12)
    said = length_text(SimpleNamespace(flow=flow), "unused")
    assert said == ("Game length: 30 turns in every game (no spread, so no interval) [120 decisions a game, every "
                    "seat's move counted], over 12 games.")
    flow.metrics["duration"] = metric("duration", 30.5, 29.5, 31.5, "t")
    said = length_text(SimpleNamespace(flow=flow), "unused")
    assert said.startswith("Game length: 30.5 turns on average (95% interval 29.5 to 31.5) [120 decisions a game")
