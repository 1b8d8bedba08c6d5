"""The playtest report page's words, as a fresh user's trial of ``rometools report via_romana --players 3
--compare dangerous_ties=true`` read them: each defect it found, with the text it showed."""

from __future__ import annotations

from types import SimpleNamespace

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
