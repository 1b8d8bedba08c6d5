"""Caesar's Empire (English edition) / Drogi do Rzymu: the reference game.

Rules: ``001_a311a49632a27e24.txt`` (Caesar's Empire) and
``000_9470d6e5062bf7dc.txt`` (Drogi do Rzymu: same game, "Riches" vocabulary).
Modules, in the order every rometools game follows: ``components``, ``board``,
``state``, ``engine``, ``rules``, ``views``, ``position``, ``scoring``, ``odds``, ``bots``
(``docs/architecture.md``).

Examples
--------
>>> from rometools.caesars_empire import treasure_points
>>> treasure_points({"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2}).total
32
"""

from rometools.caesars_empire import (
    rules,
)
from rometools.caesars_empire import rules as _rules
from rometools.caesars_empire.board import (
    ROME,
    Board,
    BoardPath,
    City,
    board_path,
    load_board,
)
from rometools.caesars_empire.bots import (
    BOTS,
    CheapestBot,
    GreedyBot,
    RandomBot,
)
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
from rometools.caesars_empire.position import (
    position,
    position_from_dict,
    position_to_dict,
)
from rometools.caesars_empire.rules import (
    action_history,
    apply,
    apply_legal,
    chance_outcomes,
    check_chain,
    connect,
    current_player,
    initial_state,
    iter_chains,
    legal_actions,
    legal_connections,
    new_game,
    route_choices,
    route_points,
)
from rometools.caesars_empire.scoring import (
    Holding,
    TreasureScore,
    city_points,
    final_ranking,
    final_ranks,
    final_scores,
    holdings,
    marginal_treasure_value,
    road_bonus,
    score_bounds,
    score_parts,
    tiebreaks,
    treasure_points,
)
from rometools.caesars_empire.state import (
    CHANCE,
    NO_MOVE_OPTIONS,
    PASS,
    PLAYER_CHOICE,
    ROUTE_POLICIES,
    TERMINAL,
    Connection,
    GameConfig,
    GameState,
    Position,
    RouteOption,
    register_route_policy,
)
from rometools.caesars_empire.views import (
    action_text,
    built_roads,
    chain_text,
    cheapest_connections,
    connection_routes,
    enumerate_chains,
    game_log,
    gold_turns,
    location_name,
    movers,
    readable,
    replay,
    score_history,
    turn_states,
    why_no_connection,
)
from rometools.core.game import GameSpec, register_game

__all__ = [
    "movers",
    "final_ranks",
    "gold_turns",
    "score_bounds",
    "BOTS",
    "Board",
    "BoardPath",
    "BoardSide",
    "CHANCE",
    "CheapestBot",
    "City",
    "Components",
    "Connection",
    "GAME",
    "GameConfig",
    "GameState",
    "GreedyBot",
    "Holding",
    "NO_MOVE_OPTIONS",
    "PASS",
    "PLAYER_CHOICE",
    "Position",
    "ROME",
    "ROUTE_POLICIES",
    "START_BONUS",
    "RandomBot",
    "RouteOption",
    "ScoringTables",
    "TERMINAL",
    "TREASURE_IDS",
    "TreasureScore",
    "TreasureType",
    "VOCABULARIES",
    "action_history",
    "apply",
    "apply_legal",
    "board_path",
    "built_roads",
    "chance_outcomes",
    "cheapest_connections",
    "check_chain",
    "city_points",
    "connect",
    "connection_routes",
    "current_player",
    "deal_setup",
    "enumerate_chains",
    "final_ranking",
    "final_scores",
    "from_json",
    "holdings",
    "initial_state",
    "is_over",
    "iter_chains",
    "legal_actions",
    "legal_connections",
    "load_board",
    "load_components",
    "marginal_treasure_value",
    "new_game",
    "play_game",
    "position",
    "position_from_dict",
    "position_to_dict",
    "prob_some_type_absent",
    "register_route_policy",
    "replay",
    "road_bonus",
    "route_choices",
    "route_points",
    "rules",
    "sample_treasure_points",
    "score_parts",
    "scores",
    "simulate_setup",
    "to_json",
    "treasure_count_distribution",
    "treasure_points",
    "treasure_points_distribution",
    "turn_states",
    "chain_text",
    "game_log",
    "location_name",
    "readable",
    "score_history",
    "why_no_connection",
]


#: Caesar's Empire in the game registry (``rometools.load_game("caesars_empire", ...)``).
from rometools.caesars_empire.bots import RESTRICTIONS as _RESTRICTIONS  # noqa: E402
from rometools.caesars_empire.bots import action_places as _action_places  # noqa: E402
from rometools.caesars_empire.bots import place_map as _place_map  # noqa: E402
from rometools.caesars_empire.bots import place_names as _place_names  # noqa: E402
from rometools.caesars_empire.explorers import EXPLORERS as _EXPLORERS  # noqa: E402
from rometools.caesars_empire.odds import key_odds as _key_odds  # noqa: E402
from rometools.caesars_empire.views import TIME_UNIT as _TIME_UNIT  # noqa: E402
from rometools.core.handicap import StartBonus  # noqa: E402

#: The seat handicap's start bonus in Caesar's Empire (a design tool, not a rule: docs/rules-decisions.md,
#: "Seat handicap"): each unit is one more Road in the seat's supply.
START_BONUS = StartBonus("Road", "one more Road in the seat's supply at the start (it counts for the Road bonus, "
                                 "the most Roads left; a seat has 25 and has not been seen to run out, so play "
                                 "seldom changes)", most=10)

GAME = register_game(GameSpec(
    explorers=_EXPLORERS,  # its explorers, by name: rometools.core.explorers
    restrictions=_RESTRICTIONS, action_places=_action_places, place_names=_place_names, place_map=_place_map, key_odds=_key_odds, id="caesars_empire", title="Caesar's Empire", rules=_rules, config=GameConfig, state=GameState,
    bots=BOTS, score_bounds=score_bounds, source="001_a311a49632a27e24.txt, 000_9470d6e5062bf7dc.txt",
    chance_name="the set-up deal", apply_legal=apply_legal, position_to_dict=position_to_dict,
    position_from_dict=position_from_dict, extras=gold_turns,
    tiebreaks=tiebreaks, start_bonus=START_BONUS,
    bots_ignore={"components:road_bonus.points": "the greedy bot rates a connection by the points it scores now "
                 "(route points, City tokens, the Treasure's marginal value); the Road bonus is scored at the end "
                 "for the most Roads left and is not weighed against them"},
    score_parts=score_parts, movers=movers, action_text=action_text,
    time_unit=_TIME_UNIT,
    data_files={"components.toml": load_components, "board_2_3.toml": Board.from_file,
                "board_4_5.toml": Board.from_file},
    file_kinds={"board": Board.from_file, "tables": load_components},
    sample_configs=(
        {}, {"players": 2}, {"players": 3, "all_tokens_variant": True, "sum_complete_colours": True},
        {"players": 5, "route_policy": "first", "no_move": "end_game", "roads_per_player": 12,
         "handicap": {2: {"points": 4, "bonus": 2}}},   # the seat handicap: P2 4 points and 2 more Roads
        {"players": 3, "route_policy": "player", "max_chain_paths": 2},
    )))

#: ``to_json``, ``scores``... and ``play_game``: the protocol functions Caesar's Empire leaves to
#: core (:mod:`rometools.core.protocol`), bound to it.
__getattr__ = GAME.package_attribute
