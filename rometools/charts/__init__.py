"""Plotly charts: functions that build and return a ``go.Figure``, never show it.

Charts call the game packages for every number; they hold no rules. Each trace
has a stable ``name`` and ``uid`` (repeated in ``meta``) so tests (and a real
browser) can find it.

* :mod:`rometools.charts._common` -- what every game's charts share: the
  template, exact-probability bars, simulated traces with Wilson error bars,
  region colours (with a fallback) and seat colours that never reuse them,
  captions, label placement, and each player's score over the turns.
* :mod:`rometools.charts.caesars_empire` -- Treasure collections, marginal
  values, points distributions and set-up odds for Caesar's Empire.
* :mod:`rometools.charts.imperator` -- the IMPERATOR region board (tiles, markers, arrows,
  workers, a chain step, the Action track) and reward-tile odds by round.
* :mod:`rometools.charts.caesars_empire_board` -- the Caesar's Empire board:
  cities, Rome, paths by cost and owner, highlighted chains and scoring paths.
* :mod:`rometools.charts.augustus` -- Augustus completion odds side by side (with
  and without the joker reset), card difficulty, the bag, a game's objectives.
* :mod:`rometools.charts.draws` -- draw odds from any bag (:mod:`rometools.draws`):
  the law of a count as bars, P(condition) by number of draws as a curve, each
  with its seeded simulation.
* :mod:`rometools.charts.strength` -- any game's skill curve: MCTS win rate per
  simulation budget against the opponent-against-itself baseline.

Examples
--------
>>> from rometools.charts import collection_breakdown_figure
>>> fig = collection_breakdown_figure({"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2})
>>> list(fig.data[0].y)
[14, 14, 4, 0]
"""

from rometools.charts._common import (
    FALLBACK_REGION_COLOUR,
    REGION_COLOURS,
    SEAT_COLOURS,
    TEMPLATE,
    add_caption,
    colour_difference,
    empty_figure,
    exact_bars,
    new_figure,
    place_labels,
    region_colour,
    scores_over_turns_figure,
    seat_colour,
    simulated_trace,
)
from rometools.charts.augustus import (
    bag_figure,
    completion_cdf_figure,
    difficulty_figure,
    game_odds_figure,
)
from rometools.charts.caesars_empire import (
    BREAKDOWN_PARTS,
    collection_breakdown_figure,
    marginal_value_figure,
    points_distribution_figure,
    setup_odds_figure,
)
from rometools.charts.caesars_empire_board import board_figure, board_labels
from rometools.charts.draws import draw_law_figure, prob_curve_figure
from rometools.charts.imperator import region_board_figure, tile_odds_figure
from rometools.charts.strength import skill_curve_figure

__all__ = [
    "BREAKDOWN_PARTS",
    "FALLBACK_REGION_COLOUR",
    "REGION_COLOURS",
    "SEAT_COLOURS",
    "TEMPLATE",
    "add_caption",
    "bag_figure",
    "board_figure",
    "board_labels",
    "collection_breakdown_figure",
    "colour_difference",
    "draw_law_figure",
    "completion_cdf_figure",
    "difficulty_figure",
    "empty_figure",
    "exact_bars",
    "game_odds_figure",
    "marginal_value_figure",
    "new_figure",
    "place_labels",
    "points_distribution_figure",
    "prob_curve_figure",
    "region_board_figure",
    "region_colour",
    "scores_over_turns_figure",
    "seat_colour",
    "setup_odds_figure",
    "simulated_trace",
    "skill_curve_figure",
    "tile_odds_figure",
]
