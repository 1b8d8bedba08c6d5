"""The words of a comparison's verdict (:mod:`rometools.core.compare_text`) and the "more paired
games would decide it" estimate behind them, on hand-made figures and sequences."""

from __future__ import annotations

import numpy as np

from rometools.core.compare import Figure
from rometools.core.compare_text import _said
from rometools.core.sequential import BoundedSequence


def _figure(low: float, high: float, decision: str | None, unit: str = "points", precision: float = 1.0) -> Figure:
    return Figure("mean score P4", "mean score", unit, 400, 30.0, 29.1, (low + high) / 2, low, high, precision,
                  decision, 0, True, 0.5)


def test_a_changed_interval_never_shows_an_end_as_0():
    """A trial read "Changed: mean score P4 \u22120.9 points [\u22121.7, 0.0]": the end, \u22120.04, was
    rounded to 0. A changed interval (which excludes 0) shows the digits that tell it from 0."""
    assert "[\u22121.74, \u22120.04]" in _said(_figure(-1.74, -0.04, "changed"))
    assert "[+0.004, +2.100]" in _said(_figure(0.004, 2.1, "changed"))
    win = _figure(-0.0171, -0.0004, "changed", unit="percentage points")   # -1.71 to -0.04 percentage points
    assert "[\u22121.71, \u22120.04]" in _said(win)
    # undecided or not near 0: one decimal, as ever
    assert "[\u22121.7, +0.4]" in _said(_figure(-1.74, 0.44, None))
    assert "[\u22121.7, \u22120.5]" in _said(_figure(-1.74, -0.46, "changed"))


def test_the_estimate_of_more_games_is_never_below_what_the_interval_as_it_stands_needs():
    """After a Stop, "win rate P2 [\u22122.7, +0.4] ... about 1 more paired game would decide it": the
    estimate took bets tuned for its own target, not the ones played (tuned for the whole budget), and
    said 1. An interval of half-width h needs about n (h / w)^2 games in all to reach half-width w."""
    rng = np.random.default_rng(7)
    cs = BoundedSequence(-1, 1, alpha=0.05 / 13, precision=0.02, budget=20_000)
    for _ in range(10):
        cs.update(rng.choice([-1.0, 0.0, 1.0], size=100, p=[0.2, 0.6115, 0.1885]))
    assert not cs.decided()
    half, width = (cs.high - cs.low) / 2, max(abs(cs.mean), cs.precision - abs(cs.mean))
    assert half > width   # undecided: the interval is wider than the half-width that decides
    floor = cs.n * (half / width) ** 2 - cs.n
    assert cs.more_needed() >= floor > 100


def test_the_studio_table_shows_a_changed_interval_apart_from_0_too():
    from rometools.widgets._what_if_text import _interval

    assert _interval(_figure(-1.74, -0.04, "changed"), 1.0) == "\u22121.74 to \u22120.04"
    assert _interval(_figure(-1.74, 0.44, None), 1.0) == "\u22121.7 to +0.4"


def test_a_score_whose_first_differences_are_all_0_never_gets_an_interval_back_to_front():
    """trial58b: Caesar's Empire with one more Road for seat 4 read "mean score P3 \u22120.5 points
    [0.000000, \u22120.236303]". P3's first paired differences were all 0 (no spread: a point [0, 0]),
    that point was folded into the running intersection, and a later mean of \u22120.5 left low above
    high. Now the intersection takes no point and starts at MIN_PAIRS observations: low <= high at
    every step, and a clear shift is still found."""
    from rometools.core.sequential import MIN_PAIRS, AsymptoticSequence

    rng = np.random.default_rng(3)
    cs = AsymptoticSequence(alpha=0.05 / 11, precision=1.0, t_opt=500)
    cs.update(np.zeros(MIN_PAIRS + 20))          # the first 120 pairs: no difference at all
    assert (cs.low, cs.high) == (0.0, 0.0)       # a point, said as it is
    for _ in range(30):
        cs.update(rng.choice([-4.0, 0.0, 0.0, 0.0, 1.0], size=100))
        assert cs.low <= cs.high
    assert cs.decided() == "changed" and cs.high < 0 and cs.low > -1.2   # mean -0.6: found, and not [0, -0.24]
    # the same in the verdict's words: a figure made of it reads low first
    f = _figure(cs.low, cs.high, cs.decided())
    low_text, high_text = _said(f).split("[")[1].split("]")[0].split(", ")
    assert float(low_text.replace("\u2212", "-")) < float(high_text.replace("\u2212", "-")) < 0


def test_the_asymptotic_interval_still_intersects_once_it_holds():
    """From MIN_PAIRS observations on, with some spread, the interval kept is the intersection of every
    one since (a confidence sequence's running intersection): it never widens again."""
    from rometools.core.sequential import MIN_PAIRS, AsymptoticSequence

    rng = np.random.default_rng(5)
    cs = AsymptoticSequence(alpha=0.05, precision=0.5, t_opt=2000)
    cs.update(rng.normal(0.0, 3.0, size=MIN_PAIRS))
    widths = []
    for _ in range(20):
        cs.update(rng.normal(0.0, 3.0, size=50))
        widths.append(cs.high - cs.low)
    assert all(b <= a for a, b in zip(widths, widths[1:], strict=False))


# ----------------------------------------------------------------- trial59: no interval before it holds
def _pig(max_games: int, batch: int):
    import rometools
    from rometools.core.compare import compare

    return compare("pig", rometools.load_game("pig", target=60), max_games=max_games, batch=batch, progress=False)


def test_a_figure_whose_interval_does_not_hold_yet_shows_none_and_is_left_out_of_the_95_percent_sentence():
    """trial59 (MEDIUM): at 50 paired games the verdict said "Every statement below holds at once with 95%
    confidence" over "mean score P3 0.0 points [0.0, 0.0] ... its interval holds from then on", and at 1,200
    games the same figure read [\u22120.5, \u22120.2], outside it. A figure with an asymptotic interval shows no
    interval before 100 paired games, the sentence covers only the statements that give one, and names
    the figures that have none yet."""
    c = _pig(60, 60)
    length = c.figure("game length")
    assert not length.exact and length.pairs == 60 and not length.holds
    assert all(f.holds for f in c.figures if f.exact)
    first = c.text.splitlines()[0]
    assert ("Every statement below that gives an interval holds at once with 95% confidence: the 5% chance that "
            "any of them is wrong is shared by the 6 figures and the seat-balance test (0.71% each), however often "
            "the games were looked at. 1 figure (game length) has no interval yet: its holds from 100 paired games "
            "on, and until then its difference is an estimate only.") in first
    line = next(s for s in c.text.splitlines() if "game length" in s and s.startswith("Undecided"))
    assert line == ("Undecided: game length \u221237.9 decisions, no interval yet (79.3 \u2192 41.4 decisions); its "
                    "interval holds from 100 paired games on, 40 more, and its verdict waits for it.")
    assert "[" not in line and "would decide it" not in line   # no interval, and no estimate from 60 games
    # from 100 paired games on, the interval holds: shown, and the sentence covers every statement again
    d = _pig(100, 100)
    assert d.figure("game length").holds and "no interval yet" not in d.text
    assert "Every statement below holds at once with 95% confidence" in d.text


def test_an_estimate_of_more_games_before_100_paired_games_is_said_to_be_rough():
    """trial59: "about 13,828 more paired games" after 50 games, where the default run decided everything at
    1,200. Before 100 paired games an estimate is said to be a rough guess, with how few games it rests on;
    from 100 on it is said as before."""
    c = _pig(60, 60)
    win = c.figure("win rate P1")
    assert win.holds and win.decision is None and win.more_needed > 0
    assert (f"win rate P1 +8.3 percentage points [\u221226.0, +42.7] (53.3% \u2192 61.7%); about "
            f"{win.more_needed:,} more paired games would decide it (a rough guess from only 60 paired games).") in c.text
    balance = next(s for s in c.text.splitlines() if s.startswith("Seat balance"))
    assert balance.endswith("would decide it (a rough guess from only 60 paired games).")
    d = _pig(400, 200)
    assert "rough guess" not in d.text and "more paired games would decide it." in d.text


def test_a_difference_shown_on_its_interval_s_edge_is_explained_once():
    """trial59 (LOW): "mean score P3 \u22120.5 points [\u22120.5, \u22120.2]": the interval is the running
    intersection of the intervals since it began to hold, which the mean may sit on the edge of. The text
    says so when a difference is shown on an edge, and not otherwise."""
    import dataclasses

    from rometools.core.compare import comparison_text

    c = _pig(400, 200)
    note = "its difference may sit on an edge."
    assert note not in c.text
    length = c.figure("game length")
    edge = dataclasses.replace(length, decision="changed", difference=-0.5, low=-0.5, high=-0.2)
    text = comparison_text(dataclasses.replace(c, figures=(*[f for f in c.figures if f is not length], edge)))
    assert "game length \u22120.5 decisions [\u22120.5, \u22120.2]" in text
    assert text.splitlines()[1].endswith("An asymptotic interval (a mean score, the spread, the length) is the "
                                         "overlap of its intervals at every batch since it began to hold, so its "
                                         "difference may sit on an edge.")


def test_the_studio_table_shows_no_interval_before_it_holds_and_a_rough_estimate():
    """The studio's table said "0.0 to 0.0" where the verdict waited for 100 paired games (trial59)."""
    import re

    from rometools.widgets._what_if_text import _verdict_html

    c = _pig(60, 60)
    cells = [re.sub("<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", _verdict_html(c))]
    at = cells.index("game length")
    assert cells[at + 4:at + 7] == ["no interval yet (it holds from 100 paired games)", "undecided",
                                    "at least 40 (no estimate before its interval holds)"]
    win = c.figure("win rate P1")
    at = cells.index("win rate P1")
    assert cells[at + 4] == "\u221226.0 to +42.7"
    assert cells[at + 6] == f"{win.more_needed:,} (a rough guess from 60)"


def test_a_change_surely_smaller_than_the_precision_is_said_so_not_headed_changed():
    """trial59b (MEDIUM): "Changed: mean score P1 \u22120.4 points [\u22120.6, \u22120.1]" beside a chart
    whose dotted lines said \u00b11 point is "the change too small to matter". Both hold: it changed, and by
    less than the precision; the words, the studio's table and the report say both."""
    from types import SimpleNamespace

    from rometools.charts.report_text import variant_rows
    from rometools.core.compare_text import comparison_text
    from rometools.widgets._what_if_text import _verdict_html

    small, big, edge = (_figure(-0.6, -0.1, "changed"), _figure(-1.7, -0.5, "changed"),
                        _figure(-1.0, -0.2, "changed"))
    assert small.below_precision and not big.below_precision and not edge.below_precision   # edge: -1.0 not inside
    assert not _figure(-0.6, 0.4, "equivalent").below_precision and not _figure(-0.6, -0.1, None).below_precision
    c = SimpleNamespace(title="Pig, 2 players, greedy", pairs=400, stopped="decided", confidence=0.95,
                        figures=(small, big), names=("published", "variant"), minus="variant minus published",
                        decisions={"games": 0, "changed": 0, "total": 0},
                        balance={"decision": None, "e_value": 1.0, "threshold": 40.0, "more_needed": -1})
    lines = comparison_text(c).splitlines()
    assert "Changed: mean score P4 \u22121.1 points [\u22121.7, \u22120.5] (30.0 \u2192 29.1 points)." in lines
    assert ("Changed, but by less than the precision (too small to matter): mean score P4 \u22120.3 points "
            "[\u22120.6, \u22120.1] (30.0 \u2192 29.1 points), within \u00b11.0 point.") in lines
    assert ">changed, by less than \u00b11.0<" in _verdict_html(SimpleNamespace(**vars(c), text="")).replace(
        "</td>", "<").replace("<td>", ">")
    assert [row[5] for row in variant_rows(c)] == ["changed, by less than 1 point", "changed"]


def test_a_changed_interval_never_shows_an_end_on_the_precision_that_is_not():
    """trial59c (LOW): "Changed: mean score P2 \u22120.8 points [\u22121.0, \u22120.5]" at a precision of 1 point,
    while "[\u22120.6, \u22120.1]" read "changed, by less than \u00b11.0": the low end, past \u22121.0, was rounded
    onto it. An end shown on \u00b1 precision is one that is there; else it shows the digits that tell."""
    from rometools.widgets._what_if_text import _interval

    past, inside, on = _figure(-1.012, -0.5, "changed"), _figure(-0.98, -0.5, "changed"), _figure(-1.0, -0.5, "changed")
    assert "[\u22121.01, \u22120.50]" in _said(past) and not past.below_precision
    assert "[\u22120.98, \u22120.50]" in _said(inside) and inside.below_precision
    assert "[\u22121.0, \u22120.5]" in _said(on)
    assert (_interval(past, 1.0), _interval(inside, 1.0), _interval(on, 1.0)) == (
        "\u22121.01 to \u22120.50", "\u22120.98 to \u22120.50", "\u22121.0 to \u22120.5")
    # trial59d (LOW): the same for a figure that did not change: "\u22122.0 to +1.4 | no change beyond \u00b12.0"
    # for a low end of \u22121.95 percentage points (here \u22121.97)
    same = _figure(-0.0197, 0.014, "equivalent", unit="percentage points", precision=0.02)
    assert "[\u22121.97, +1.40]" in _said(same) and _interval(same, 100.0) == "\u22121.97 to +1.40"
    assert "[\u22121.5, +1.4]" in _said(_figure(-0.015, 0.014, "equivalent", "percentage points", 0.02))
