"""Caesar's Empire (English edition) / Drogi do Rzymu: the reference game.

Rules: ``001_a311a49632a27e24.txt`` (Caesar's Empire) and
``000_9470d6e5062bf7dc.txt`` (Drogi do Rzymu: same game, "Riches" vocabulary).
Modules, in the order every rometools game follows: ``components``, ``board``,
``rules``, ``scoring``, ``odds``, ``bots``.

Examples
--------
>>> from rometools.caesars_empire import treasure_points
>>> treasure_points({"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2}).total
32
"""

from rometools.caesars_empire.components import (
    TREASURE_IDS,
    VOCABULARIES,
    BoardSide,
    Components,
    ScoringTables,
    TreasureType,
    load_components,
)
from rometools.caesars_empire.odds import (
    deal_setup,
    prob_some_type_absent,
    sample_treasure_points,
    simulate_setup,
    treasure_count_distribution,
    treasure_points_distribution,
)
from rometools.caesars_empire.scoring import (
    TreasureScore,
    city_points,
    final_ranking,
    marginal_treasure_value,
    road_bonus,
    treasure_points,
)

__all__ = [
    "TREASURE_IDS",
    "VOCABULARIES",
    "BoardSide",
    "Components",
    "ScoringTables",
    "TreasureScore",
    "TreasureType",
    "city_points",
    "deal_setup",
    "final_ranking",
    "load_components",
    "marginal_treasure_value",
    "prob_some_type_absent",
    "road_bonus",
    "sample_treasure_points",
    "simulate_setup",
    "treasure_count_distribution",
    "treasure_points",
    "treasure_points_distribution",
]

# --- board, rules and bots (issue 3) are exported below this line ---
