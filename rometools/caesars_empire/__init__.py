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
from rometools.caesars_empire.board import ROME, Board, BoardPath, City, board_path, load_board  # noqa: E402
from rometools.caesars_empire.rules import (  # noqa: E402
    CHANCE,
    NO_MOVE_OPTIONS,
    PASS,
    ROUTE_POLICIES,
    TERMINAL,
    Connection,
    GameConfig,
    GameState,
    RouteOption,
    apply,
    built_roads,
    chance_outcomes,
    cheapest_connections,
    connection_routes,
    current_player,
    enumerate_chains,
    final_scores,
    from_json,
    is_over,
    iter_chains,
    legal_actions,
    legal_connections,
    new_game,
    register_route_policy,
    replay,
    route_points,
    score_parts,
    scores,
    to_json,
    turn_states,
)

__all__ += [
    "CHANCE",
    "NO_MOVE_OPTIONS",
    "PASS",
    "ROME",
    "ROUTE_POLICIES",
    "TERMINAL",
    "Board",
    "BoardPath",
    "City",
    "Connection",
    "GameConfig",
    "GameState",
    "RouteOption",
    "apply",
    "board_path",
    "chance_outcomes",
    "cheapest_connections",
    "current_player",
    "enumerate_chains",
    "final_scores",
    "from_json",
    "is_over",
    "iter_chains",
    "legal_actions",
    "legal_connections",
    "load_board",
    "new_game",
    "register_route_policy",
    "replay",
    "route_points",
    "score_parts",
    "scores",
    "to_json",
    "turn_states",
    "built_roads",
    "connection_routes",
]

from rometools.caesars_empire.bots import BOTS, CheapestBot, GreedyBot, RandomBot, play_game  # noqa: E402

__all__ += ["BOTS", "CheapestBot", "GreedyBot", "RandomBot", "play_game"]
