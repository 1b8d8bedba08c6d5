"""Read-only views of a Via Romana game for notebooks, explorers and charts (no rule here).

Rules: ``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

from typing import Any

from rometools.core._cython import compiled_or_plain
from rometools.core.errors import ArgumentError
from rometools.core.flow import Safeguard, TimeUnit
from rometools.core.formatting import shown
from rometools.via_romana.scoring import score_road
from rometools.via_romana.state import END, GameConfig, GameState

__all__ = ["builds_with", "game_log", "milestone_colours", "road_pieces", "road_results"]

#: The rules as the registry plays them (road_results replays a game's builds with them).
_rules = compiled_or_plain("rometools.via_romana.rules")


def game_log(state: Any):
    """Every decision of the game up to ``state``, in the game's words, one row each.

    Returns
    -------
    pandas.DataFrame
        Columns ``Turn`` (1 for the first decision; the same name and numbering as the
        other games' ``game_log``), ``Round`` (the game's own turn count then), ``Player``
        (``"P1"``...) and ``Action`` (in words: "fort at Capua with yellow helmet + yellow
        laurel"). The cards drawn and the goal tiles dealt are chance, not rows.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> end = play(rometools.load_game("via_romana", players=2), ["greedy", "greedy"], 1)
    >>> log = game_log(end)
    >>> list(log.columns), log.iloc[0].Action
    (['Turn', 'Round', 'Player', 'Action'], 'fort at Ostia (set-up)')
    """
    from rometools.core.game import game_of
    from rometools.core.playout import states
    from rometools.core.tables import designer_table  # every cell whole in a notebook

    spec = game_of(state)
    rows = []
    for node, action in zip(states(state), spec.rules.action_history(state), strict=False):
        player = spec.rules.current_player(node)
        if player < 0:
            continue
        rows.append({"Turn": len(rows) + 1, "Round": node.turn, "Player": f"P{player + 1}",
                     "Action": spec.action_text(node, action)})
    return designer_table(rows, columns=["Turn", "Round", "Player", "Action"])


def road_pieces(state: GameState, road: str) -> dict[int, int]:
    """Each seat's pieces on ``road``: its road spaces and both end cities (the pieces that score it).

    >>> from rometools.via_romana import new_game
    >>> road_pieces(new_game(players=2), "r01")
    {}
    """
    t = _rules._t(state.config)
    a, b = t.road_ends[road]
    counts: dict[int, int] = {}
    for i in (a, b, *t.road_spaces[road]):
        if state.pieces[i] != -1:
            counts[state.pieces[i] // 2] = counts.get(state.pieces[i] // 2, 0) + 1
    return dict(sorted(counts.items()))


def road_results(state: GameState) -> list[dict]:
    """Every road scored so far, in the order scored: who completed it, the pieces that scored it,
    who took a tile and the cards each other player received (rulebook, "Scoring Roads").

    The game is replayed from its start; at each build that completes roads, the pieces are
    counted before any is taken off and scored with :func:`~rometools.via_romana.scoring.score_road`,
    as :func:`~rometools.via_romana.rules.apply` does.

    Returns
    -------
    list of dict
        ``road``, ``step`` (the index of the completing build in ``state.history``),
        ``turn`` (the game's turn then), ``completer`` (seat), ``pieces`` (seat: count),
        ``winner`` (seat or ``None``: a Dangerous Ties tie) and ``cards`` (seat: cards taken).

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> end = play(rometools.load_game("via_romana", players=3), ["greedy"] * 3, 13)
    >>> first = road_results(end)[0]
    >>> first["road"], first["completer"], first["winner"], first["pieces"], first["cards"]  # a tie: the completer wins
    ('r14', 1, 1, {0: 2, 1: 2}, {0: 2})
    >>> {r["road"] for r in road_results(end)} == set(end.scored)
    True
    """
    from rometools.core.playout import states

    t = _rules._t(state.config)
    n = state.config.players
    out: list[dict] = []
    nodes = states(state)
    for step, (before, action) in enumerate(zip(nodes, state.history[len(nodes[0].history):], strict=False)):
        if not before.agenda or before.agenda[0][0] != "build" or action == END:
            continue
        built = _rules._build(_rules.replace(before), t, action)   # a copy: _build changes the state it is given
        item = built.agenda[0]
        if item[0] not in ("auto", "order"):
            continue
        for road in ((item[2],) if item[0] == "auto" else item[2]):
            pieces = road_pieces(built, road)
            result = score_road(pieces, completer=before.seat, seat_order=range(n),
                                dangerous_ties=state.config.dangerous_ties)
            out.append({"road": road, "step": len(nodes[0].history) + step, "turn": before.turn,
                        "completer": before.seat, "pieces": pieces, "winner": result.winner,
                        "cards": dict(result.cards)})
    return out


def builds_with(state: GameState, hand: Any) -> list:
    """Every build the seat to move could make now if it held ``hand`` instead of its own cards.

    For a designer's "what can this hand reach?": the same rules as
    :func:`~rometools.via_romana.rules.legal_actions`
    (Detailed Building Rules), with the seat's cards replaced. ``hand`` is a list of card ids
    (``"purple:temple"``, a card twice for two of it) or ``{card id: count}``.

    Returns
    -------
    list
        The build actions (forts, milestones, doubles, jokers), ``END`` left out; ``[]`` when
        the seat to move is not at its build step (a draw, a discard, a scoring, the end).

    Raises
    ------
    ArgumentError
        For a card id the deck does not have, a count that is no whole number 0 or more, or a
        hand given as one text instead of a list.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play, turn_states
    >>> state = next(s for s in turn_states(play(rometools.load_game("via_romana", players=2), "greedy", 1))
    ...              if s.agenda and s.agenda[0][0] == "build")
    >>> [a[1] for a in builds_with(state, ["purple:temple", "purple:helmet"]) if a[0] == "fort"]  # the vacant purple cities
    ['roma', 'tibur', 'praeneste']
    >>> builds_with(state, [])
    []
    """
    t = _rules._t(state.config)
    if isinstance(hand, str):
        raise ArgumentError(f"a hand is a list of card ids (or {{card id: count}}), got the text {hand!r}; "
                            f"for one card write [{hand!r}]")
    counts = dict(hand) if isinstance(hand, dict) else {}
    if not isinstance(hand, dict):
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
    for card, k in counts.items():
        if card not in t.card_index:
            raise ArgumentError(f"unknown card {card!r}; a card is colour:symbol, e.g. {t.cards[0]!r}")
        if type(k) is not int or k < 0:
            raise ArgumentError(f"the count of {card!r} must be a whole number 0 or more, got {k!r}")
    if state.over or not state.agenda or state.agenda[0][0] != "build" or _rules.current_player(state) < 0:
        return []
    cards_held = tuple(counts.get(c, 0) for c in t.cards)
    as_if = _rules.replace(state, hands=_rules._set(state.hands, state.seat, cards_held))
    return [a for a in _rules._build_actions(as_if, t) if a != END]


def milestone_colours(config: GameConfig, space: str) -> tuple[str, ...]:
    """The card colours that place a single milestone on ``space``, under the config's reading.

    A city takes a card of its province's colour (How to Play: "a milestone on a road or city
    space of the color of the card"). A road space takes a card of one of its own edge colours
    (``milestone_colour="space"``, the default) or of any colour of its road
    (``milestone_colour="road"``: "Play 1 card matching one of the road's colors", building
    rule 3); VR-13 in ``docs/rules-decisions.md``. A joker (two cards of different colours)
    ignores colours; a double milestone matches its city's card.

    Parameters
    ----------
    config : GameConfig
    space : str
        A city id (``"roma"``) or a road space id (``"r16.0"``: road r16's first space).

    Returns
    -------
    tuple of str
        Province colours: a road's in the order the board file gives them along the road.

    Raises
    ------
    ArgumentError
        For a space the board does not have.

    Examples
    --------
    >>> milestone_colours(GameConfig(), "r16.0"), milestone_colours(GameConfig(), "r16.1")
    (('purple',), ('purple', 'blue'))
    >>> milestone_colours(GameConfig(milestone_colour="road"), "r16.0")
    ('purple', 'blue')
    >>> milestone_colours(GameConfig(milestone_colour="road"), "roma")
    ('purple',)
    """
    t = _rules._t(config)
    i = t.index.get(space) if isinstance(space, str) else None
    if i is None:
        raise ArgumentError(f"unknown space {shown(space)}; a space is a city id ({t.city_ids[0]!r}) or a road "
                            f"space id ({t.spaces[-1]!r})")
    return t.milestone_colours[config.milestone_colour][i]


# ------------------------------------------------------------------ game flow (rometools.core.flow)
def _turn(state: GameState) -> int:
    return state.turn


def _max_turns_reached(state: GameState) -> bool:
    """Whether ``max_turns`` ended the game (VR-9), not the last sign's last turns: the turn limit
    reached while no last turn was due. A game in which the limit and the rules' last turn fall
    together counts as ended by the rules."""
    return state.turn >= state.config.max_turns and state.last_turns != 0


#: Via Romana's length is counted in turns (the state's turn counter: "Each player's turn
#: consists of three phases", 002_2e34de0661bde959.txt).
TIME_UNIT = TimeUnit("turn", "turns", _turn, "one player's discard, build and draw")
#: The option that ends a game its rules would let run on (VR-9).
SAFEGUARD = Safeguard("max_turns", "a limit not in the rulebook that ends the game after max_turns turns (VR-9)",
                      _max_turns_reached)
