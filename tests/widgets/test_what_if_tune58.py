"""Trial 58 of the what-if studio's Tune tab: the table's heading, the status beside the message, the
Values box, the first Tune this."""

from __future__ import annotations

from rometools.widgets._base import plain_text
from rometools.widgets.what_if import VariantStudio


def test_the_tune_tables_heading_says_0_off_is_on_target_not_that_the_value_0_meets_it():
    """Trial 58 (MEDIUM): "Off the target in percentage points: 0 meets it." sat above a table whose
    first row is the value 0, and read as "the value 0 meets it"."""
    ex = VariantStudio("pig", tab="tune", parameter="handicap.2", values="0:10:10", tune_games=200, batch=100,
                       check_games=0, seed=0)
    assert ex.tune(), ex.message
    text = plain_text(ex._recommendation.value)
    assert "Off the target, in percentage points (0 pp off = on target)." in text
    assert "0 meets it" not in text
    ex = VariantStudio("pig", tab="tune", parameter="target", values="40:60:20", target="length=60",
                       tune_games=200, batch=100, check_games=0, seed=0)
    assert ex.tune(), ex.message
    assert "Off the target, in decisions (0 off = on target)." in plain_text(ex._recommendation.value)
