"""Via Romana (Goldsieber 2008): card-driven road building, road majorities, hidden hands, card odds.

Rules: ``002_2e34de0661bde959.txt``. Modules, in the order every rometools game follows
(``docs/architecture.md``): ``components`` (the deck, goal tiles, supply), ``board``
(provinces, cities, roads), ``state``, ``scoring`` (:func:`score_road`, the final
scoring), ``rules`` (the registered protocol game ``"via_romana"``), ``odds``, ``bots``.
Rules decisions: ``docs/rules-decisions.md`` (VR-1 to VR-12); file format:
``docs/via-romana-format.md``.

Examples
--------
>>> from rometools.via_romana import deck, score_road
>>> sum(deck().values())
55
>>> score_road({"blue": 3, "yellow": 2, "red": 2}, completer="blue", seat_order=["blue", "yellow", "red"]).winner
'blue'
"""

from rometools.core.game import GameSpec, register_game
from rometools.via_romana import rules as _rules
from rometools.via_romana.board import Board, City, Road, board_path, load_board
from rometools.via_romana.bots import BOTS, GreedyBot, RandomBot
from rometools.via_romana.components import (
    Card,
    Components,
    GoalTile,
    card_name,
    components_path,
    deck,
    load_components,
)
from rometools.via_romana.odds import prob_at_least, prob_card, prob_fort, prob_same_colour_pair
from rometools.via_romana.rules import (
    apply,
    cards,
    chance_outcomes,
    current_player,
    information_state,
    legal_actions,
    new_game,
    resample,
    road_pieces,
    road_results,
    road_status,
)
from rometools.via_romana.scoring import RoadResult, ranks, score_bounds, score_parts, score_road
from rometools.via_romana.state import (
    CHANCE,
    END,
    KEEP,
    TERMINAL,
    GameConfig,
    GameState,
    card_id,
    parse_card,
)

__all__ = [
    "BOTS", "CHANCE", "END", "GAME", "KEEP", "TERMINAL", "Board", "Card", "City", "Components", "GameConfig",
    "GameState", "GoalTile", "GreedyBot", "RandomBot", "Road", "RoadResult", "apply", "board_path", "card_id",
    "card_name", "cards", "chance_outcomes", "components_path", "current_player", "deck", "from_json",
    "information_state", "initial_state", "is_over", "legal_actions", "load_board", "load_components",
    "new_game", "parse_card", "play_game", "prob_at_least", "prob_card", "prob_fort", "prob_same_colour_pair",
    "ranks", "resample", "road_pieces", "road_results", "road_status", "score_bounds", "score_parts", "score_road", "scores", "to_json",
]


def _action_text(state, action) -> str:
    if isinstance(action, tuple):
        return " ".join(str(x) for x in action)
    return str(action)


#: Via Romana in the game registry (``rometools.load_game("via_romana", ...)``).
from rometools.via_romana.bots import RESTRICTIONS as _RESTRICTIONS  # noqa: E402

GAME = register_game(GameSpec(
    restrictions=_RESTRICTIONS, id="via_romana", title="Via Romana", rules=_rules, config=GameConfig, state=GameState, bots=BOTS,
    score_bounds=score_bounds, source="002_2e34de0661bde959.txt", chance_name="a card drawn",
    apply_legal=_rules.apply_legal, ranks=ranks, score_parts=score_parts, action_text=_action_text,
    data_files={"board.toml": load_board, "components.toml": load_components},
    file_kinds={"road": load_board, "deck": load_components},
    information_state=information_state, resample=resample,
    sample_configs=(
        {},
        {"players": 2},
        {"players": 3, "obstinate_hands": True, "dangerous_ties": True},
        {"players": 4, "hand": 5, "dangerous_ties": True},
    )))

#: ``to_json``, ``scores``... and ``play_game``: the protocol functions Via Romana leaves to core.
__getattr__ = GAME.package_attribute
