"""Via Romana (Goldsieber 2008): card-driven road building, road majorities, hidden hands, card odds.

Rules: ``002_2e34de0661bde959.txt``. Modules, in the order every rometools game follows
(``docs/architecture.md``): ``components`` (the deck, goal tiles, supply), ``board``
(provinces, cities, roads), ``state``, ``scoring`` (:func:`score_road`, the final
scoring), ``rules`` (the registered protocol game ``"via_romana"``), ``odds``, ``bots``.
Rules decisions: ``docs/rules-decisions.md`` (VR-1 to VR-14); file format:
``docs/via-romana-format.md``.

Examples
--------
>>> from rometools.via_romana import deck, score_road
>>> sum(deck().values())
55
>>> score_road({"blue": 3, "yellow": 2, "red": 2}, completer="blue", seat_order=["blue", "yellow", "red"]).winner
'blue'
"""

from rometools.core._cython import compiled_or_plain
from rometools.core.game import GameSpec, register_game
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
from rometools.via_romana.hidden import information_state, resample
from rometools.via_romana.odds import prob_at_least, prob_card, prob_fort, prob_same_colour_pair
from rometools.via_romana.rules import (
    apply,
    cards,
    chance_outcomes,
    current_player,
    legal_actions,
    new_game,
    road_status,
)
from rometools.via_romana.scoring import (
    RoadResult,
    ranks,
    score_bounds,
    score_parts,
    score_road,
    tiebreaks,
)
from rometools.via_romana.state import (
    CHANCE,
    END,
    KEEP,
    TERMINAL,
    GameConfig,
    GameState,
    card_id,
    parse_card,
    playable_problem,
)
from rometools.via_romana.views import (
    builds_with,
    game_log,
    milestone_colours,
    road_pieces,
    road_results,
)

__all__ = [
    "BOTS", "CHANCE", "END", "GAME", "KEEP", "START_BONUS", "TERMINAL", "Board", "Card", "City", "Components", "GameConfig",
    "GameState", "GoalTile", "GreedyBot", "RandomBot", "Road", "RoadResult", "apply", "board_path", "builds_with",
    "card_id",
    "card_name", "cards", "chance_outcomes", "components_path", "current_player", "deck", "from_json", "game_log",
    "information_state", "initial_state", "is_over", "legal_actions", "load_board", "load_components",
    "milestone_colours",
    "new_game", "parse_card", "play_game", "playable_problem", "prob_at_least", "prob_card", "prob_fort", "prob_same_colour_pair",
    "ranks", "resample", "road_pieces", "road_results", "road_status", "score_bounds", "score_parts", "score_road", "scores", "to_json",
]


def _action_text(state, action) -> str:
    """An action in the rulebook's words, places by name (the strong-play panel, logs, OpenSpiel).

    >>> import rometools
    >>> s = rometools.load_game("via_romana", players=2).new_game(rng=1)
    >>> _action_text(s, ("fort", "capua", "yellow:helmet", "yellow:laurel"))
    'fort at Capua with yellow helmet + yellow laurel'
    >>> _action_text(s, ("double", "roma", "r01.0", "r01.1", "purple:temple"))
    'two milestones from Roma (the Roma–Tibur road, spaces 1 and 2) with purple temple'
    """
    board = state.config.the_board()
    names = {c.id: c.name for c in board.cities}
    roads = {r.id for r in board.roads}

    def place(space: str) -> str:
        if space in names:
            return names[space]
        road, _, k = space.partition(".")
        return f"the {board.road_name(road)}, space {int(k) + 1}" if k.isdigit() and road in roads else space

    def cards_text(items) -> str:
        return " + ".join(str(c).replace(":", " ") for c in items)

    if not isinstance(action, tuple):
        return {"end": "ends the turn (draws 2)", "keep": "keeps the hand"}.get(str(action), str(action).replace(":", " "))
    kind, rest = action[0], action[1:]
    if kind == "fort" and len(rest) == 3:
        return f"fort at {place(rest[0])} with {cards_text(rest[1:])}"
    if kind == "milestone" and len(rest) == 2:
        return f"milestone on {place(rest[0])} with {cards_text(rest[1:])}"
    if kind == "joker" and len(rest) == 3:
        return f"milestone on {place(rest[0])} with a joker: {cards_text(rest[1:])}"
    if kind == "double" and len(rest) == 4:
        road = rest[1].partition(".")[0]
        spaces = " and ".join(str(int(x.partition(".")[2]) + 1) for x in rest[1:3])
        on = f"the {board.road_name(road)}" if road in roads else road
        return f"two milestones from {place(rest[0])} ({on}, spaces {spaces}) with {cards_text(rest[3:])}"
    if kind == "setup" and len(rest) == 1:
        return f"fort at {place(rest[0])} (set-up)"
    if kind == "tile" and len(rest) == 1:
        return f"takes {place(rest[0])}'s tile"
    if kind in ("take", "discard") and len(rest) == 1:
        return f"{kind}s {cards_text(rest)}"
    if kind == "order" and len(rest) == 1:
        return f"scores the {board.road_name(rest[0])} first" if rest[0] in roads else f"scores road {rest[0]} first"
    return " ".join(str(x) for x in action)


#: Via Romana in the game registry (``rometools.load_game("via_romana", ...)``).
from rometools.via_romana.bots import RESTRICTIONS as _RESTRICTIONS  # noqa: E402
from rometools.via_romana.bots import action_places as _action_places  # noqa: E402
from rometools.via_romana.bots import place_map as _place_map  # noqa: E402
from rometools.via_romana.bots import place_names as _place_names  # noqa: E402
from rometools.via_romana.odds import key_odds as _key_odds  # noqa: E402
from rometools.via_romana.views import SAFEGUARD as _SAFEGUARD  # noqa: E402
from rometools.via_romana.views import TIME_UNIT as _TIME_UNIT  # noqa: E402

# the registry plays the rules' compiled twin where it was built (the same source; hatch_build.py)
_rules = compiled_or_plain("rometools.via_romana.rules")
def _turns(state: GameState) -> int:
    """The turns a game took (``state.turn``): its length in Via Romana's own unit."""
    return state.turn

from rometools.core.handicap import StartBonus  # noqa: E402

#: The seat handicap's start bonus (a design tool, not a rule: docs/rules-decisions.md, "Seat handicap").
START_BONUS = StartBonus('card', "one more card dealt to the seat's starting hand", most=3)

from rometools.via_romana.explorers import EXPLORERS as _EXPLORERS  # noqa: E402

GAME = register_game(GameSpec(
    explorers=_EXPLORERS,  # its explorers, by name: rometools.core.explorers
    start_bonus=START_BONUS,
    restrictions=_RESTRICTIONS, action_places=_action_places, place_names=_place_names, place_map=_place_map, key_odds=_key_odds, id="via_romana", title="Via Romana", rules=_rules, config=GameConfig, state=GameState, bots=BOTS,
    score_bounds=score_bounds, source="002_2e34de0661bde959.txt", chance_name="a card drawn",
    apply_legal=_rules.apply_legal, tiebreaks=tiebreaks, score_parts=score_parts, action_text=_action_text,
    data_files={"board.toml": Board.from_file, "components.toml": load_components},
    file_kinds={"road": Board.from_file, "deck": load_components},
    information_state=information_state, resample=resample, time_unit=_TIME_UNIT, safeguard=_SAFEGUARD,
    random_source=_rules.random_source, game_length=("turns", _turns),
    # MCTS playouts cut after 64 decisions, valued by the provisional ranks: about 2.1 times as many
    # simulations per CPU second as to the end at a four-player start (about 890 against 433 at the
    # reference), and at equal CPU one cut bot against three full ones won 24.6% (95% interval 20.4%
    # to 28.8%, 120 seeds x 4 seats, seed 4000) of four-player games, 25% being equal strength; earlier
    # runs: 27.1% (21.5% to 32.7%, 60 seeds, seed 2000) and 25.8% (19.5% to 32.1%, 60 seeds, seed 3000:
    # 0.5 points short of the 5-point margin) (benchmarks/bench_mcts_skill.py --players 4 --depths 64)
    mcts_playout_depth=64,
    public_fields=("display", "discard", "known_cards", "pieces", "tiles", "won", "signed", "scored", "signs",
                   "forts", "milestones", "seat", "played", "agenda", "standard", "last_turns", "turn", "over"),
    sample_configs=(
        {},
        {"players": 2},
        {"players": 3, "obstinate_hands": True, "dangerous_ties": True, "start_player": 1},
        {"players": 4, "hand": 5, "dangerous_ties": True, "milestone_colour": "road",
         "handicap": {2: {"points": 3, "bonus": 2}}},   # the seat handicap: P2 3 points and 2 more cards
    )))

#: ``to_json``, ``scores``... and ``play_game``: the protocol functions Via Romana leaves to core.
__getattr__ = GAME.package_attribute
