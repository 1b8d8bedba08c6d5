"""Plotly charts: functions that build and return a ``go.Figure``, never show it.

Charts call the game packages for every number; they hold no rules. Each trace
has a stable ``name`` and ``uid`` so tests (and a real browser) can find it.

* :mod:`rometools.charts.caesars_empire` -- Treasure collections, marginal
  values, points distributions and set-up odds for Caesar's Empire.
* :mod:`rometools.charts.caesars_empire_board` -- the Caesar's Empire board:
  cities, Rome, paths by cost and owner, highlighted chains and scoring paths.

Examples
--------
>>> from rometools.charts import collection_breakdown_figure
>>> fig = collection_breakdown_figure({"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2})
>>> list(fig.data[0].y)
[14, 14, 4, 0]
"""

from rometools.charts.caesars_empire import (
    BREAKDOWN_PARTS,
    collection_breakdown_figure,
    empty_figure,
    marginal_value_figure,
    points_distribution_figure,
    setup_odds_figure,
)
from rometools.charts.caesars_empire_board import board_figure

__all__ = [
    "BREAKDOWN_PARTS",
    "board_figure",
    "collection_breakdown_figure",
    "empty_figure",
    "marginal_value_figure",
    "points_distribution_figure",
    "setup_odds_figure",
]
