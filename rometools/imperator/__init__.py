"""Ave Roma: IMPERATOR expansion: region placement, chain reactions, the Action track, tile odds.

Rules: ``004_c0d35faf86920c09.txt`` (Attila Szőgyi, A-games). Modules, in the order
every rometools game follows (``docs/architecture.md``): ``components`` (the 20 reward
tiles and their resources), ``board`` (regions per player count, arrows, Action
track), ``state``, ``placement`` (strength, placement, chain reactions: the rules a
designer asks about), ``rules`` (the registered protocol game ``"imperator"``),
``views``, ``scoring``, ``odds``, ``bots``. Rules decisions: ``docs/rules-decisions.md``
(IMP-1 to IMP-10); file format: ``docs/imperator-format.md``.

Examples
--------
>>> from rometools.imperator import Layout, Worker, placement_outcomes, prob_kind_revealed
>>> lay = Layout.build(["a", "b"], [("a", "b")])
>>> [o.board for o in placement_outcomes(lay, {"a": 5, "b": 5}, {"a": Worker("green", 3)}, Worker("yellow", 4), "a")]
[{'a': 'yellow', 'b': 'green'}]
>>> prob_kind_revealed("any_worker_value", 7)
Fraction(56, 95)
"""

from rometools.core._cython import compiled_or_plain
from rometools.core.game import GameSpec, register_game
from rometools.imperator import rules
from rometools.imperator.board import Arrow, Layout, Region, RegionBoard, board_path, load_board
from rometools.imperator.bots import BOTS, GreedyBot, RandomBot, tile_value
from rometools.imperator.components import (
    HELD_KINDS,
    INSTANT_KINDS,
    KIND_NAMES,
    MARKERS,
    TILE_KINDS,
    Components,
    Resource,
    RewardTile,
    components_path,
    load_components,
)
from rometools.imperator.odds import (
    RevealModel,
    RevealOdds,
    SimulatedReveals,
    prob_kind_on_board,
    prob_kind_revealed,
    prob_strongest,
    reveal_curves,
    reveal_odds,
    simulate_reveals,
    simulate_reveals_by_kind,
)
from rometools.imperator.placement import (
    CHOICE_POLICIES,
    Contest,
    can_enter,
    check_placement,
    contest,
    distance,
    legal_moves,
    placement_outcomes,
    placement_problem,
    resolve_placement,
)
from rometools.imperator.rules import (
    action_history,
    allowed_values,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
    markers,
    new_game,
    occupants,
    placements,
    worker,
)
from rometools.imperator.scoring import score_bounds, score_parts
from rometools.imperator.state import (
    CHANCE,
    DEFAULT_STOCK,
    LEFTOVER_OPTIONS,
    PASS,
    REVEAL_OPTIONS,
    SKIP,
    TERMINAL,
    WORKER_VALUES,
    GameConfig,
    GameState,
    PlacementOutcome,
    Step,
    Worker,
    player_name,
)
from rometools.imperator.views import (
    Frame,
    action_text,
    bumped_placements,
    movers,
    neighbour_rewards,
    outcome_frames,
    preview_placement,
    round_log,
    tile_labels,
    turn_states,
)

__all__ = [
    "BOTS",
    "CHANCE",
    "CHOICE_POLICIES",
    "DEFAULT_STOCK",
    "GAME",
    "START_BONUS",
    "HELD_KINDS",
    "INSTANT_KINDS",
    "KIND_NAMES",
    "LEFTOVER_OPTIONS",
    "MARKERS",
    "PASS",
    "REVEAL_OPTIONS",
    "SKIP",
    "TERMINAL",
    "TILE_KINDS",
    "WORKER_VALUES",
    "Arrow",
    "Components",
    "Contest",
    "Frame",
    "GameConfig",
    "GameState",
    "GreedyBot",
    "Layout",
    "PlacementOutcome",
    "RandomBot",
    "Region",
    "RegionBoard",
    "Resource",
    "RevealModel",
    "RevealOdds",
    "RewardTile",
    "SimulatedReveals",
    "Step",
    "Worker",
    "action_history",
    "allowed_values",
    "apply",
    "board_path",
    "bumped_placements",
    "can_enter",
    "chance_outcomes",
    "components_path",
    "check_placement",
    "contest",
    "current_player",
    "distance",
    "from_json",
    "initial_state",
    "is_over",
    "legal_actions",
    "legal_moves",
    "load_board",
    "load_components",
    "markers",
    "movers",
    "neighbour_rewards",
    "new_game",
    "occupants",
    "placements",
    "outcome_frames",
    "placement_outcomes",
    "placement_problem",
    "play_game",
    "preview_placement",
    "player_name",
    "prob_kind_on_board",
    "prob_kind_revealed",
    "prob_strongest",
    "resolve_placement",
    "reveal_curves",
    "reveal_odds",
    "round_log",
    "rules",
    "score_bounds",
    "score_parts",
    "scores",
    "simulate_reveals",
    "simulate_reveals_by_kind",
    "tile_labels",
    "tile_value",
    "to_json",
    "turn_states",
    "worker",
]


#: IMPERATOR in the game registry (``rometools.load_game("imperator", ...)``).
from rometools.imperator.bots import RESTRICTIONS as _RESTRICTIONS  # noqa: E402
from rometools.imperator.bots import action_places as _action_places  # noqa: E402
from rometools.imperator.bots import place_map as _place_map  # noqa: E402
from rometools.imperator.bots import place_names as _place_names  # noqa: E402
from rometools.imperator.odds import key_odds as _key_odds  # noqa: E402
from rometools.imperator.views import TIME_UNIT as _TIME_UNIT  # noqa: E402

# the registry plays the rules' compiled twin where it was built (the same source; hatch_build.py)
_rules = compiled_or_plain("rometools.imperator.rules")
from rometools.core.handicap import StartBonus  # noqa: E402

#: The seat handicap's start bonus (a design tool, not a rule: docs/rules-decisions.md, "Seat handicap").
START_BONUS = StartBonus('political influence', "one more political influence at the start (the second tiebreak of every region's contest)", most=3, units='political influence')

from rometools.imperator.explorers import EXPLORERS as _EXPLORERS  # noqa: E402

GAME = register_game(GameSpec(
    explorers=_EXPLORERS,  # its explorers, by name: rometools.core.explorers
    start_bonus=START_BONUS,
    bots_ignore={"board:track.*.points": "the greedy bot rates a placement by the tile it may win; the Action "
                 "track's points go to a worker forced out by a chain reaction, which it does not look ahead to"},
    restrictions=_RESTRICTIONS, action_places=_action_places, place_names=_place_names, place_map=_place_map, key_odds=_key_odds, id="imperator", title="Ave Roma: IMPERATOR", rules=_rules, apply_legal=_rules.apply_legal, config=GameConfig, state=GameState,
    bots=BOTS, score_bounds=score_bounds, source="004_c0d35faf86920c09.txt", chance_name="a tile reveal",
    score_parts=score_parts, movers=movers, action_text=action_text, time_unit=_TIME_UNIT,
    data_files={"components.toml": load_components, "board.toml": RegionBoard.from_file},
    file_kinds={"region": RegionBoard.from_file, "tile": load_components},
    # the first three use scalar options only (the OpenSpiel bridge's parameters take no lists)
    sample_configs=(
        {},
        {"players": 2, "rounds": 6, "leftover": "discard", "reveal": "at_once"},
        {"players": 5, "rounds": 5, "advanced": True, "hold_rounds": 2, "influence_zones": 1, "propraetor": "none"},
        {"players": 5, "rounds": 5, "advanced": True, "influence_zones": (2, 1, 1, 0, 0),
         "political_influence": (0, 1, 0, 1, 0), "hold_rounds": 0},
        {"players": 3, "workers": (3, 4, 3), "influence_zones": (1, 2, 1), "leftover": "discard",
         "handicap": {2: {"bonus": 1}}},   # the seat handicap's start bonus: P2 one more political influence
        {"players": 4, "rounds": 8, "workers": ((1, 5), (1, 5), (3,), (2, 4)), "hold_rounds": 2},
    )))

#: ``to_json``, ``scores``... and ``play_game``: the protocol functions IMPERATOR leaves to
#: core (:mod:`rometools.core.protocol`), bound to it.
__getattr__ = GAME.package_attribute
