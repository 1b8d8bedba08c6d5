"""Augustus (Paolo Mori, Hurrican 2013): the mobilisation bag, objectives, rewards, the game.

Rules: ``003_d241425e5c31f6f1.txt`` (French summary; English summary and component
facts in ``seeds/README.md``). Modules, in the order every rometools game follows
(``docs/architecture.md``): ``components``, ``state``, ``moves`` (what a seat may
do), ``turn`` (an action applied and the game's flow after it), ``rules`` (the
protocol), ``views``, ``scoring``, ``odds``
(with ``tokens``, the bag token by token, ``simulate``, its seeded twins, and ``several``,
several objectives at once),
``bots``. Slots and bags are plain mappings from symbol id to count.

Examples
--------
>>> from rometools.augustus import expected_draws, completion_cdf
>>> expected_draws({"dagger": 1})
Fraction(6, 1)
>>> completion_cdf({"dagger": 2}, 1)
[Fraction(0, 1)]
"""

from rometools.augustus import rules
from rometools.augustus.bots import BOTS, GreedyBot, RandomBot
from rometools.augustus.components import (
    KINDS,
    POWER_KINDS,
    PRODUCES,
    Components,
    Objective,
    ObjectiveSet,
    Power,
    RewardTile,
    TokenKind,
    load_components,
    load_objectives,
)
from rometools.augustus.odds import (
    JOKER_POLICIES,
    card_difficulty,
    completion_cdf,
    completion_law,
    draw_tokens,
    expected_draws,
    next_token_odds,
    register_joker_policy,
)
from rometools.augustus.rules import (
    action_history,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
    new_game,
    open_slots,
)
from rometools.augustus.scoring import final_ranks, score_bounds, score_parts, senators, tiebreaks
from rometools.augustus.several import (
    SeveralObjectivesOdds,
    several_objectives_cdf,
    simulate_several_objectives,
)
from rometools.augustus.simulate import SimulatedCompletion, simulate_completion
from rometools.augustus.state import (
    CHANCE,
    PASS,
    TERMINAL,
    GameConfig,
    GameState,
    Placed,
)
from rometools.augustus.views import (
    action_text,
    bag_drawn,
    final_table,
    game_log,
    legion_counts,
    movers,
    objective_odds,
    replay,
    reward_holders,
    token_counts,
    turn_states,
)
from rometools.core._cython import compiled_or_plain
from rometools.core.game import GameSpec, register_game

__all__ = [
    "BOTS",
    "CHANCE",
    "GAME",
    "START_BONUS",
    "JOKER_POLICIES",
    "KINDS",
    "PASS",
    "POWER_KINDS",
    "PRODUCES",
    "TERMINAL",
    "Components",
    "GameConfig",
    "GameState",
    "GreedyBot",
    "Objective",
    "ObjectiveSet",
    "Placed",
    "Power",
    "RandomBot",
    "RewardTile",
    "SeveralObjectivesOdds",
    "SimulatedCompletion",
    "TokenKind",
    "action_history",
    "apply",
    "bag_drawn",
    "card_difficulty",
    "chance_outcomes",
    "completion_cdf",
    "completion_law",
    "current_player",
    "draw_tokens",
    "expected_draws",
    "final_ranks",
    "final_table",
    "from_json",
    "game_log",
    "initial_state",
    "is_over",
    "legal_actions",
    "legion_counts",
    "load_components",
    "load_objectives",
    "movers",
    "new_game",
    "next_token_odds",
    "objective_odds",
    "open_slots",
    "play_game",
    "register_joker_policy",
    "replay",
    "reward_holders",
    "rules",
    "score_bounds",
    "score_parts",
    "scores",
    "senators",
    "several_objectives_cdf",
    "simulate_completion",
    "simulate_several_objectives",
    "to_json",
    "token_counts",
    "turn_states",
]


def _extras(state: GameState) -> dict[str, int]:
    """Per-game figures for the balance lab: draws, joker resets, completions."""
    return {"draws": state.draws, "resets": sum(1 for e in state.events if e[1] == "reset"),
            "completions": sum(1 for e in state.events if e[1] == "complete")}


#: Augustus in the game registry (``rometools.load_game("augustus", ...)``).
from rometools.augustus.bots import RESTRICTIONS as _RESTRICTIONS  # noqa: E402
from rometools.augustus.bots import action_places as _action_places  # noqa: E402
from rometools.augustus.bots import place_names as _place_names  # noqa: E402
from rometools.augustus.odds import key_odds as _key_odds  # noqa: E402
from rometools.augustus.views import SAFEGUARD as _SAFEGUARD  # noqa: E402
from rometools.augustus.views import TIME_UNIT as _TIME_UNIT  # noqa: E402

# the registry plays the rules' compiled twin where it was built (the same source; hatch_build.py)
_rules = compiled_or_plain("rometools.augustus.rules")
def _draws(state: GameState) -> int:
    """The mobilisation tokens drawn (``state.draws``): a game's length in Augustus' own unit, its rounds."""
    return state.draws

from rometools.core.handicap import StartBonus  # noqa: E402

#: The seat handicap's start bonus (a design tool, not a rule: docs/rules-decisions.md, "Seat handicap").
START_BONUS = StartBonus('legion', "one more legion in the seat's reserve at the start", most=3)

from rometools.augustus.explorers import EXPLORERS as _EXPLORERS  # noqa: E402

GAME = register_game(GameSpec(
    explorers=_EXPLORERS,  # its explorers, by name: rometools.core.explorers
    start_bonus=START_BONUS,
    restrictions=_RESTRICTIONS, action_places=_action_places, place_names=_place_names, key_odds=_key_odds, id="augustus", title="Augustus", rules=_rules, apply_legal=_rules.apply_legal, config=GameConfig, state=GameState,
    bots=BOTS, score_bounds=score_bounds, source="003_d241425e5c31f6f1.txt",
    chance_name="a draw", extras=_extras, tiebreaks=tiebreaks, score_parts=score_parts, movers=movers, action_text=action_text,
    time_unit=_TIME_UNIT, safeguard=_SAFEGUARD,
    random_source=_rules.random_source, game_length=("draws", _draws),
    # MCTS playouts cut after 8 decisions, valued by the provisional ranks: about 6 times as many
    # simulations per CPU second as to the end, and at equal CPU they won 61.7% (95% interval 55.6%
    # to 67.9%, 96 seeds x 2 seats; 51.6%, 40.8% to 62.3% on 32 other seeds) of head-to-head games
    # against full ones (benchmarks/bench_mcts_skill.py)
    mcts_playout_depth=8,
    data_files={"components.toml": load_components, "objectives.toml": load_objectives},
    file_kinds={"objectives": load_objectives, "setup": load_components},
    sample_configs=({}, {"players": 2}, {"players": 6, "first_game": True, "max_draws": 100},
                    {"players": 3, "first_caller": 2, "max_draws": 40,
                     "handicap": {2: {"points": 2, "bonus": 1}}})))   # P2: 2 points and one more legion
#: ``to_json``, ``scores``... and ``play_game``: the protocol functions Augustus leaves to
#: core (:mod:`rometools.core.protocol`), bound to it.
__getattr__ = GAME.package_attribute
