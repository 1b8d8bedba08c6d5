"""The what-if charts' captions say a tolerance or precision of 1 in the singular (trial 58, LOW:
"Dotted: ±1 points")."""

from __future__ import annotations

from rometools.charts.what_if import comparison_figure, response_curve_figure


def _caption(fig) -> str:
    return " ".join(a.text for a in fig.layout.annotations if a.name == "caption").replace("<br>", " ")


def test_a_tolerance_or_precision_of_1_is_said_in_the_singular():
    history = [{"pairs": 200, "mean score P1": (0.5, -1.0, 2.0)}]
    scores = comparison_figure(history, ["mean score P1"], precision=1.0, unit="points", scale=1.0)
    assert "Dotted: \u00b11 point, the change too small to matter." in _caption(scores)
    rates = comparison_figure([{"pairs": 200, "win rate P1": (0.01, -0.02, 0.04)}], ["win rate P1"], precision=0.02)
    assert "Dotted: \u00b12 percentage points, the change too small to matter." in _caption(rates)
    curve = response_curve_figure([0, 5], [-0.2, 0.01], [-0.25, -0.03], [-0.15, 0.05], tolerance=0.01)
    assert "Dotted: \u00b11 percentage point, close enough." in _caption(curve)
    turns = response_curve_figure([40, 60], [-3.0, 2.0], [-4.0, 1.0], [-2.0, 3.0], tolerance=1.0, unit="decisions",
                                  scale=1.0)
    assert "Dotted: \u00b11 decision, close enough." in _caption(turns)
