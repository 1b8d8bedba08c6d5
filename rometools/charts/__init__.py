"""Plotly charts: functions that build and return a ``go.Figure``, never show it.

Charts call the game packages for every number; they hold no rules. Each trace
has a stable ``name`` and ``uid`` (repeated in ``meta``) so tests (and a real
browser) can find it.

* :mod:`rometools.charts._common` -- what every game's charts share: the
  template, exact-probability bars, simulated traces with Wilson error bars,
  region colours (with a fallback) and seat colours that never reuse them,
  captions, and each player's score over the turns.
* :mod:`rometools.charts.labels` -- labels on a map that overlap nothing (a position around
  each point, or a leader line), label and legend sizes in pixels.
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
* :mod:`rometools.charts.dice` -- dice pools (:mod:`rometools.draws.dice`): the law of a
  statistic of a roll as bars, with its seeded simulation.
* :mod:`rometools.charts.via_romana` -- the Via Romana road board: cities by province,
  roads (open, signed, won), vacant spaces by colour, every seat's milestones and forts.
* :mod:`rometools.charts.flow` -- how any game plays (:mod:`rometools.core.flow`): the lead
  through the game, where the eventual winner stood, lead changes and branching by phase, the
  winner's chances, every figure at a glance, by player count and two variants paired.
* :mod:`rometools.charts.export` saves any chart as PNG or SVG (``save_figure``) and keeps a
  notebook's charts readable outside JupyterLab (``notebook_charts``).
* :mod:`rometools.charts.strength` -- any game's skill curve: MCTS win rate per
  simulation budget against the opponent-against-itself baseline.
* :mod:`rometools.charts.what_if` -- a comparison's intervals narrowing batch by batch
  (:func:`rometools.compare`), a tuning's response curve (:func:`rometools.tune`).

Examples
--------
>>> from rometools.charts import collection_breakdown_figure
>>> fig = collection_breakdown_figure({"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2})
>>> list(fig.data[0].y)
[14, 14, 4, 0]
"""

# Each name is imported from its module when first used (PEP 562): a chart module brings only
# its own game (importing every game's charts took a second of CPU before any explorer opened).
from rometools.core._lazy import lazy_names

_LAZY = {
    "FALLBACK_REGION_COLOUR": "rometools.charts._common",
    "REGION_COLOURS": "rometools.charts._common",
    "SEAT_COLOURS": "rometools.charts._common",
    "TEMPLATE": "rometools.charts._common",
    "add_caption": "rometools.charts._common",
    "colour_difference": "rometools.charts._common",
    "empty_figure": "rometools.charts._common",
    "exact_bars": "rometools.charts._common",
    "new_figure": "rometools.charts._common",
    "notebook_charts": "rometools.charts.export",
    "save_figure": "rometools.charts.export",
    "save_figures": "rometools.charts.export",
    "place_labels": "rometools.charts.labels",
    "region_colour": "rometools.charts._common",
    "scores_over_turns_figure": "rometools.charts._common",
    "seat_colour": "rometools.charts._common",
    "simulated_trace": "rometools.charts._common",
    "bag_figure": "rometools.charts.augustus",
    "completion_cdf_figure": "rometools.charts.augustus",
    "difficulty_figure": "rometools.charts.augustus",
    "game_odds_figure": "rometools.charts.augustus",
    "BREAKDOWN_PARTS": "rometools.charts.caesars_empire",
    "collection_breakdown_figure": "rometools.charts.caesars_empire",
    "marginal_value_figure": "rometools.charts.caesars_empire",
    "points_distribution_figure": "rometools.charts.caesars_empire",
    "setup_odds_figure": "rometools.charts.caesars_empire",
    "board_figure": "rometools.charts.caesars_empire_board",
    "board_labels": "rometools.charts.caesars_empire_board",
    "dice_law_figure": "rometools.charts.dice",
    "draw_law_figure": "rometools.charts.draws",
    "prob_curve_figure": "rometools.charts.draws",
    "region_board_figure": "rometools.charts.imperator",
    "tile_odds_figure": "rometools.charts.imperator",
    "skill_curve_figure": "rometools.charts.strength",
    "hot_spots_figure": "rometools.charts.playtest",
    "hot_spots_map_figure": "rometools.charts.playtest",
    "report": "rometools.charts.playtest",
    "report_page": "rometools.charts.playtest",
    "lead_figure": "rometools.charts.flow",
    "winner_rank_figure": "rometools.charts.flow",
    "branching_figure": "rometools.charts.flow",
    "lead_changes_figure": "rometools.charts.flow",
    "duration_figure": "rometools.charts.flow",
    "chances_figure": "rometools.charts.flow",
    "flow_summary_figure": "rometools.charts.flow",
    "flow_by_players_figure": "rometools.charts.flow",
    "flow_comparison_figure": "rometools.charts.flow",
    "flow_figures": "rometools.charts.flow",
    "road_board_figure": "rometools.charts.via_romana",
    "card_odds_figure": "rometools.charts.via_romana",
    "comparison_figure": "rometools.charts.what_if",
    "response_curve_figure": "rometools.charts.what_if",
}

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
    "card_odds_figure",
    "collection_breakdown_figure",
    "dice_law_figure",
    "colour_difference",
    "comparison_figure",
    "draw_law_figure",
    "completion_cdf_figure",
    "difficulty_figure",
    "empty_figure",
    "exact_bars",
    "game_odds_figure",
    "hot_spots_figure",
    "hot_spots_map_figure",
    "marginal_value_figure",
    "new_figure",
    "place_labels",
    "points_distribution_figure",
    "prob_curve_figure",
    "region_board_figure",
    "region_colour",
    "report",
    "report_page",
    "response_curve_figure",
    "road_board_figure",
    "scores_over_turns_figure",
    "seat_colour",
    "setup_odds_figure",
    "simulated_trace",
    "skill_curve_figure",
    "lead_figure",
    "winner_rank_figure",
    "branching_figure",
    "lead_changes_figure",
    "duration_figure",
    "chances_figure",
    "flow_summary_figure",
    "flow_by_players_figure",
    "flow_comparison_figure",
    "flow_figures",
    "notebook_charts",
    "save_figure",
    "save_figures",
    "tile_odds_figure",
]


__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals())
