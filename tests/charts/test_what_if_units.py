"""The what-if charts' captions say a tolerance or precision of 1 in the singular (trial 58, LOW:
"Dotted: ±1 points")."""

from __future__ import annotations

from rometools.charts.what_if import comparison_figure, response_curve_figure


def _caption(fig) -> str:
    return " ".join(a.text for a in fig.layout.annotations if a.name == "caption").replace("<br>", " ")


def test_a_tolerance_or_precision_of_1_is_said_in_the_singular():
    history = [{"pairs": 200, "mean score P1": (0.5, -1.0, 2.0)}]
    scores = comparison_figure(history, ["mean score P1"], precision=1.0, unit="points", scale=1.0)
    assert "Dotted: \u00b11\u00a0point, the change too small to matter." in _caption(scores)
    rates = comparison_figure([{"pairs": 200, "win rate P1": (0.01, -0.02, 0.04)}], ["win rate P1"], precision=0.02)
    assert "Dotted: \u00b12\u00a0percentage points, the change too small to matter." in _caption(rates)
    curve = response_curve_figure([0, 5], [-0.2, 0.01], [-0.25, -0.03], [-0.15, 0.05], tolerance=0.01)
    assert "Dotted: \u00b11\u00a0percentage point, close enough." in _caption(curve)
    turns = response_curve_figure([40, 60], [-3.0, 2.0], [-4.0, 1.0], [-2.0, 3.0], tolerance=1.0, unit="decisions",
                                  scale=1.0)
    assert "Dotted: \u00b11\u00a0decision, close enough." in _caption(turns)


def test_a_wrapped_caption_never_parts_a_number_from_its_unit():
    """trial59 (LOW): the tuning chart's caption read "Dotted: \u00b12percentage points": wrapped to the
    chart's width, its first line ended "Dotted: \u00b12" and the next began "percentage points". A no-break
    space holds a number to its unit."""
    curve = response_curve_figure([0, 5], [-0.2, 0.01], [-0.25, -0.03], [-0.15, 0.05], tolerance=0.02)
    lines = next(a.text for a in curve.layout.annotations if a.name == "caption").split("<br>")
    assert lines == ["Bars: each candidate's interval (valid for every candidate and round at once). Dotted:",
                     "\u00b12\u00a0percentage points, close enough."]


def test_the_caption_says_what_is_drawn_bars_at_one_batch_shading_after():
    """trial59: one batch drew dots alone under "Shaded: each figure's interval" (a band one batch wide
    shows nothing). One batch's interval is a bar on the dot, and the caption says "Bars"."""
    one = comparison_figure([{"pairs": 50, "win rate P1": (0.01, -0.02, 0.04)}], ["win rate P1"])
    band, dot = one.data
    assert list(band.x) == [] and dot.error_y.visible and list(dot.error_y.array) == [3.0]
    assert list(dot.error_y.arrayminus) == [3.0]
    assert _caption(one) == "Bars: each figure's interval, valid at every batch at once (a confidence sequence)."
    two = comparison_figure([{"pairs": 50, "win rate P1": (0.01, -0.02, 0.04)},
                             {"pairs": 100, "win rate P1": (0.02, 0.0, 0.04)}], ["win rate P1"])
    band, dot = two.data
    assert list(band.x) == [50, 100, 100, 50] and list(band.y) == [4.0, 4.0, 0.0, -2.0]
    assert not dot.error_y.array
    assert _caption(two).startswith("Shaded: each figure's interval, valid at every batch at once")


def test_no_interval_is_drawn_before_it_holds_and_the_caption_says_so():
    """trial59 (MEDIUM): an asymptotic figure's interval holds from 100 paired games; before, its [0, 0] was
    drawn as an interval that a later one lay outside. Before ``holds_from`` no interval is drawn, the hover
    says "no interval yet" and the caption names the figure."""
    history = [{"pairs": 50, "mean score P3": (0.0, 0.0, 0.0), "mean score P1": (-0.4, -1.6, 0.8)},
               {"pairs": 100, "mean score P3": (-0.3, -0.9, 0.2), "mean score P1": (-0.2, -1.0, 0.5)},
               {"pairs": 150, "mean score P3": (-0.4, -0.8, 0.1), "mean score P1": (-0.2, -0.9, 0.4)}]
    fig = comparison_figure(history, ["mean score P1", "mean score P3"], unit="points", scale=1.0,
                            holds_from={"mean score P3": 100})
    traces = {t.meta: t for t in fig.data}
    assert list(traces["wi-band-mean score P3"].x) == [100, 150, 150, 100]
    assert list(traces["wi-band-mean score P1"].x) == [50, 100, 150, 150, 100, 50]
    assert [c[0] for c in traces["wi-diff-mean score P3"].customdata] == [
        "no interval yet", "interval -0.90 to +0.20", "interval -0.80 to +0.10"]
    assert _caption(fig) == ("Shaded: each figure's interval, valid at every batch at once (a confidence "
                             "sequence). No interval for mean score P3 before 100 paired games: its holds from "
                             "then on.")
    first = comparison_figure(history[:1], ["mean score P3"], unit="points", scale=1.0,
                              holds_from={"mean score P3": 100}, precision=1.0)
    band, dot = first.data
    assert list(band.x) == [] and not dot.error_y.array
    assert _caption(first) == ("No interval drawn yet: its holds from 100 paired games on. Dotted: "
                               "\u00b11\u00a0point, the change too small to matter.")


def test_a_closest_value_surely_off_is_never_marked_recommended():
    """trial59 (MEDIUM): the diamond read "recommended" on a value surely off the target."""
    fig = response_curve_figure([0, 5], [-0.06, -0.05], [-0.09, -0.08], [-0.03, -0.024], recommended=5,
                                tolerance=0.02, closest=True)
    mark = next(t for t in fig.data if t.meta == "wi-recommended")
    assert mark.name == "closest (surely off the target)" and mark.hovertemplate.startswith("closest (surely off")
    assert next(t for t in response_curve_figure([0, 5], [-0.06, 0.0], [-0.09, -0.01], [-0.03, 0.01],
                                                 recommended=5).data if t.meta == "wi-recommended").name == "recommended"
