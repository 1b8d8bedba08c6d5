"""rometools: exact odds, scoring and bot playouts for Rome-themed board games.

The package is layered one way: ``widgets -> charts -> games -> core``.
Game packages (``rometools.caesars_empire`` and the later ones) import neither
plotly nor ipywidgets, so they run in any Python process.
"""

__version__ = "0.1.0"

from rometools.core.balance import (  # noqa: E402
    bot_win_rates,
    game_length_text,
    game_summary,
    games_needed,
    points_shares,
    score_summary,
    seat_advantage_test,
    seat_win_rates,
)
from rometools.core.describe import describe  # noqa: E402
from rometools.core.flow import compare_flow, flow, flow_by_players  # noqa: E402
from rometools.core.game import games, load_game, register_game  # noqa: E402
from rometools.core.paired import compare_variants, paired_differences  # noqa: E402
from rometools.core.playtest import (  # noqa: E402
    hot_spots,
    hot_spots_by_players,
    playtest,
    restricted,
    restricted_play,
    rule_holes,
)
from rometools.core.search import best_moves, skill_curve  # noqa: E402
from rometools.core.simulate import replay_game, simulate  # noqa: E402
from rometools.core.variants import Variant, as_variant, load_variant  # noqa: E402

__all__ = [
    "Variant",
    "as_variant",
    "best_moves",
    "bot_win_rates",
    "compare",
    "compare_flow",
    "compare_variants",
    "describe",
    "flow",
    "flow_by_players",
    "game_length_text",
    "game_summary",
    "games",
    "games_needed",
    "hot_spots",
    "hot_spots_by_players",
    "load_game",
    "load_variant",
    "paired_differences",
    "playtest",
    "points_shares",
    "register_game",
    "replay_game",
    "report",
    "restricted",
    "restricted_play",
    "rule_holes",
    "score_summary",
    "seat_advantage_test",
    "seat_win_rates",
    "simulate",
    "skill_curve",
    "tune",
]

# the report draws with plotly: imported when first used, so ``import rometools`` stays light
from rometools.core._lazy import lazy_names  # noqa: E402

# compare and tune too (the what-if studio, issue 43): each brings its statistics only when first used
__getattr__, __dir__ = lazy_names("rometools", {"report": "rometools.charts.playtest", "compare": "rometools.core.compare",
                                                "tune": "rometools.core.tune"}, globals())
