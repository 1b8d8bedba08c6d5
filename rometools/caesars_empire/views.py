"""Read-only views of a Caesar's Empire game for charts, explorers and notebooks.

Nothing here changes a state or decides a rule: each view asks
:mod:`~rometools.caesars_empire.rules` what the rules say about a state.

Two kinds of view:

* the game's facts: :func:`cheapest_connections`, :func:`connection_routes`,
  :func:`built_roads`, :func:`why_no_connection`...;
* what a designer reads (display names, never ids; players as ``P1`` to
  ``Pn``; readable column labels): :func:`game_log` (one row per turn),
  :func:`score_history` (the score after every turn, by category),
  :func:`readable` (a score table with readable column labels),
  :func:`location_name`, :func:`chain_text`, :func:`city_token_text`.

Rules: ``001_a311a49632a27e24.txt``, The Turn, Scoring Routes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rometools.caesars_empire.board import ROME, Board
from rometools.caesars_empire.rules import (
    _need_decision,
    _routes_after,
    current_player,
    iter_chains,
)
from rometools.caesars_empire.scoring import holdings, score_parts
from rometools.caesars_empire.state import PASS, TERMINAL, Connection, GameState, RouteOption
from rometools.core import playout
from rometools.core.errors import ArgumentError, InvalidActionError
from rometools.core.flow import TimeUnit
from rometools.core.formatting import join_names, seat_label

__all__ = [
    "action_text",
    "COLUMN_LABELS",
    "SCORE_CATEGORIES",
    "built_roads",
    "chain_text",
    "cheapest_connections",
    "city_token_text",
    "connection_routes",
    "enumerate_chains",
    "game_log",
    "gold_turns",
    "location_name",
    "movers",
    "readable",
    "replay",
    "score_history",
    "turn_states",
    "why_no_connection",
]

#: Readable labels of the score tables' columns (:func:`final_ranking`,
#: :func:`score_parts`), for every table a notebook or explorer shows.
#: ``treasures`` follows the edition vocabulary (:func:`readable`).
COLUMN_LABELS = {
    "player": "Player", "seat": "Seat", "rank": "Rank", "total": "Total",
    "route": "Routes", "cities": "Cities", "same_type": "Same type",
    "different_types": "Different types", "gold": "Gold Coins", "treasures": "Treasures",
    "road_bonus": "Road bonus", "colours": "Colours", "gold_coins": "Gold Coins held",
    "roads_left": "Roads left",
}

#: The score's parts, as :func:`score_parts` names them, in the order charts show them.
SCORE_CATEGORIES = ("route", "cities", "treasures", "road_bonus")

#: Separator of the locations of a chain or route in readable text.
_DASH = " – "


def built_roads(state: GameState) -> dict[frozenset, int]:
    """Paths holding Roads, as ``{frozenset({a, b}): seat}`` (the ``roads`` of ``route_points``).

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> s = apply(new_game(rng=3), ("rome", "capua"))
    >>> [(sorted(pair), seat) for pair, seat in built_roads(s).items()]
    [(['capua', 'rome'], 0)]
    """
    paths = state.config.board.paths
    return {paths[e].key: seat for e, seat in enumerate(state.path_owner) if seat >= 0}


def connection_routes(state: GameState, chain: Sequence[str], *, gold: bool | None = None
                      ) -> list[RouteOption]:
    """The scoring route(s) if the seat to move built ``chain`` now, without applying it.

    Rule: ``001_a311a49632a27e24.txt``, Scoring Routes (fewest Roads; ties are
    the active player's choice; Gold doubles every player's points).

    Parameters
    ----------
    state : GameState
        A decision node.
    chain : sequence of str
        A legal chain (see ``rules.check_chain``).
    gold : bool, optional
        Score as if the city's Treasure were (``True``) or were not (``False``)
        Gold; default: what the city really holds.

    Returns
    -------
    list[RouteOption]
        Every tied fewest-Roads route, with points per seat.

    Raises
    ------
    InvalidActionError, IllegalActionError
        If ``chain`` is no chain at all, or not a legal chain now, as
        ``rules.check_chain`` (the message says why, naming the argument when
        it is not a chain at all); ``state`` is unchanged.
    ArgumentError
        For ``gold`` other than ``True``, ``False`` or ``None``, or at a
        chance or terminal node.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> connection_routes(new_game(rng=3), ("rome", "capua"), gold=True)
    [RouteOption(path=('capua', 'rome'), roads=1, points={0: 2})]
    >>> connection_routes(new_game(rng=3), None)
    Traceback (most recent call last):
    ...
    rometools.core.errors.InvalidActionError: connection_routes: chain must be a sequence of location ids such as ('rome', 'capua'), got None
    """
    _need_decision(state, "connection_routes", ArgumentError)
    if isinstance(chain, str) or not isinstance(chain, Sequence):
        raise InvalidActionError(f"connection_routes: chain must be a sequence of location ids such as "
                                 f"('rome', 'capua'), got {chain!r}")
    if gold is not None and not isinstance(gold, bool):
        raise ArgumentError(f"connection_routes: gold must be True, False or None, got {gold!r}")
    return _routes_after(state, chain, gold=gold)


def cheapest_connections(state: GameState, city: str) -> list[Connection]:
    """Every minimum-cost legal chain to ``city`` for the seat to move.

    A cheapest chain is always one path from Rome or an empty city (any longer
    chain first enters an empty city, and starting there costs less), so this
    never depends on ``max_chain_paths``.

    Returns
    -------
    list[Connection]
        All tied cheapest chains (Roads cost equal), sorted by chain; empty if
        the seat has too few Roads left.

    Raises
    ------
    ArgumentError
        If ``city`` is not a city id, is not available, or at a chance/terminal node.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> cheapest_connections(new_game(rng=1), "capua")
    [Connection(chain=('rome', 'capua'), cost=1)]
    >>> cheapest_connections(new_game(rng=1), ["capua"])
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: cheapest_connections: city must be a city id such as 'capua', got ['capua']
    """
    _need_decision(state, "cheapest_connections", ArgumentError)
    b = state.config.board
    if not isinstance(city, str):
        raise ArgumentError(f"cheapest_connections: city must be a city id such as 'capua', got {city!r}")
    t = b._index.get(city, 0)
    if t == 0:
        raise ArgumentError(f"unknown city {city!r}" + (" (Rome is not a city)" if city == ROME else ""))
    if state.city_owner[t - 1] >= 0:
        raise ArgumentError(f"city {city!r} is already connected")
    found = []
    for u, e, c in b._adj[t]:
        if state.path_owner[e] < 0 and (u == 0 or state.city_owner[u - 1] >= 0):
            found.append((c, (b.locations[u], city)))
    if not found:
        return []
    low = min(c for c, _ in found)
    if low > state.roads_left[state.seat]:
        return []
    return sorted(Connection(ch, c) for c, ch in found if c == low)


def turn_states(state: GameState) -> list[GameState]:
    """The game's states turn by turn: after the deal, then after each action.

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> s = apply(apply(new_game(rng=2), ("rome", "capua")), ("rome", "ariminum"))
    >>> states = turn_states(s)
    >>> len(states), states[-1] == s, states[0].route_score
    (3, True, (0, 0, 0, 0))
    """
    return playout.turn_states(state)


def replay(log, *, upto: int | None = None) -> GameState:
    """A Caesar's Empire game rebuilt from a saved game (or a state) up to ``upto`` actions.

    See :func:`rometools.core.playout.replay`.

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game, to_json
    >>> s = apply(new_game(rng=5), ("rome", "capua"))
    >>> replay(to_json(s), upto=40) == new_game(rng=5)
    True
    """
    return playout.replay(log, upto=upto, game="caesars_empire")


def enumerate_chains(state: GameState, *, max_cost: int | None = None,
                     max_paths: int | None = None, max_chains: int = 10_000) -> list[Connection]:
    """All chains of :func:`iter_chains`, refusing to list more than ``max_chains``.

    Raises
    ------
    ArgumentError
        At a chance or terminal node, or beyond ``max_chains`` chains (tighten
        ``max_cost`` / ``max_paths`` or raise the bound).

    Examples
    --------
    >>> from rometools.caesars_empire import legal_connections, new_game
    >>> s = new_game(rng=1)
    >>> len(enumerate_chains(s)) == len(legal_connections(s))
    True
    """
    out = []
    for c in iter_chains(state, max_cost=max_cost, max_paths=max_paths):
        if len(out) >= max_chains:
            raise ArgumentError(f"more than max_chains={max_chains} legal chains; "
                                f"pass max_cost or max_paths, or a larger max_chains")
        out.append(c)
    return out


def gold_turns(state: GameState) -> dict[str, int]:
    """Per-game figures for the balance lab: ``{"gold_turns": turns whose Treasure was Gold}``.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> gold_turns(new_game(rng=1))
    {'gold_turns': 0}
    """
    comps = state.config.components
    gold = comps.gold_index  # each turn takes one city's Treasure: the Gold held, less what was held at the start
    start = state.start
    before = 0 if start is None else sum(1 for o, t in zip(start.city_owner, start.treasures, strict=True)
                                         if o >= 0 and t == comps.gold_id)
    return {"gold_turns": sum(h.treasures[gold] for h in holdings(state)) - before}


def movers(state: GameState) -> list[int]:
    """The seat of every decision in the history (connections and passes), in order.

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> movers(apply(apply(new_game(rng=2), ("rome", "capua")), ("rome", "ariminum")))
    [0, 1]
    """
    return [h[1] for h in state.history if h[0] != "deal"]


# ===================================================================== what a designer reads
def location_name(board: Board, location: str) -> str:
    """The display name of a location: ``"Rome"`` or the city's name.

    Raises
    ------
    KeyError
        If ``location`` is neither Rome nor a city of ``board``.

    Examples
    --------
    >>> from rometools.caesars_empire import load_board
    >>> location_name(load_board(4), "carthago_nova"), location_name(load_board(4), "rome")
    ('Carthago Nova', 'Rome')
    """
    return "Rome" if location == ROME else board.city(location).name


def chain_text(board: Board, chain: Sequence[str]) -> str:
    """A chain or route as display names joined by dashes: ``"Rome – Capua"``.

    Examples
    --------
    >>> from rometools.caesars_empire import load_board
    >>> chain_text(load_board(4), ("rome", "capua", "rhegium"))
    'Rome – Capua – Rhegium'
    """
    return _DASH.join(location_name(board, loc) for loc in chain)


def city_token_text(board: Board, city: str) -> str:
    """A city's City token as printed: colour and value, ``"red 2"``.

    Examples
    --------
    >>> from rometools.caesars_empire import load_board
    >>> city_token_text(load_board(4), "capua")
    'red 2'
    """
    c = board.city(city)
    return f"{c.colour} {c.value}"


def _chain_roads(board: Board, chain: Sequence[str]) -> int:
    return sum(board.path_between(a, b).roads for a, b in zip(chain, chain[1:], strict=False))


def action_text(state: GameState, action) -> str:
    """A legal action in the rulebook's words, with display names and its cost in Roads.

    Rule: ``001_a311a49632a27e24.txt``, The Turn (connect Rome to an available
    City; with ``route_policy="player"`` the player also names the scoring route).

    Parameters
    ----------
    state : GameState
        The position the action is legal in.
    action : tuple or str
        A chain of locations, ``(chain, route)``, or :data:`PASS`.

    Returns
    -------
    str

    Examples
    --------
    >>> from rometools.caesars_empire import GameConfig, new_game
    >>> action_text(new_game(GameConfig(players=3), rng=1), ("rome", "capua"))
    'connect Rome – Capua (1 Road)'
    >>> action_text(new_game(GameConfig(players=3), rng=1), "pass")
    'pass (no affordable connection)'
    """
    if action == PASS:
        return "pass (no affordable connection)"
    board = state.config.board
    if isinstance(action[0], str):
        roads = _chain_roads(board, action)
        return f"connect {chain_text(board, action)} ({roads} Road{'s' if roads != 1 else ''})"
    chain, route = action
    return f"connect {chain_text(board, chain)}, scoring the route {chain_text(board, route)}"


def game_log(state: GameState, *, vocabulary: str = "treasures"):
    """The game as a designer reads it: one row per turn, display names only.

    Rule: ``001_a311a49632a27e24.txt``, The Turn (a player connects Rome to an
    available City and takes its City token and Treasure) and Scoring Routes
    (the route's Roads score for their owners; Gold doubles every player's
    points on it).

    Parameters
    ----------
    state : GameState
        Any state; its history is logged (a game in progress gives the turns so far).
    vocabulary : {"treasures", "riches"}
        Edition vocabulary of the Treasure names.

    Returns
    -------
    pandas.DataFrame
        One row per turn (a connection or a pass), columns:
        ``Turn`` (1 = the first decision; the explorer's turn slider), ``Player``
        (``"P1"`` ... ``"Pn"``), ``Paths built`` (the chain, e.g.
        ``"Rome – Capua"``), ``Roads used`` (Roads), ``City`` (display
        name), ``City token`` (``"red 2"``), the Treasure (column named by the
        vocabulary: ``Treasure`` or ``Riches``), ``Scoring route``,
        ``Route points`` (``"P1 +2, P3 +1"``), ``Gold doubled`` (``"yes"`` or
        ``"no"``), then one column of points per player (``P1 points`` ...).
        A pass fills ``Paths built`` with "passed (no affordable connection)".

    Examples
    --------
    >>> from rometools.caesars_empire import GameConfig, play_game
    >>> final = play_game(GameConfig(players=3), ["greedy"] * 3, rng=1)
    >>> log = game_log(final)
    >>> log.iloc[0][["Player", "Paths built", "City", "City token", "Route points"]].tolist()
    ['P1', 'Rome – Caralis', 'Caralis', 'white 1', 'P1 +2']
    >>> len(log), int(log["P1 points"].sum()) == final.route_score[0]
    (30, True)
    """
    from rometools.core.tables import designer_table  # every cell whole in a notebook

    cfg = state.config
    board, comps = cfg.board, cfg.components
    good = comps.vocabularies[vocabulary]["good"] if vocabulary in comps.vocabularies else None
    if good is None:
        raise ValueError(f"unknown vocabulary {vocabulary!r}; expected one of {sorted(comps.vocabularies)}")
    labels = [seat_label(s) for s in range(cfg.players)]
    treasure_of = dict(zip(board.city_ids, state.treasures, strict=True))
    rows = []
    turn = 0
    for record in state.history:
        if record[0] == "deal":
            continue
        turn += 1
        seat = record[1]
        row = {"Turn": turn, "Player": labels[seat]}
        if record[0] == PASS:
            row.update({"Paths built": "passed (no affordable connection)", "Roads used": 0, "City": "",
                        "City token": "", good: "", "Scoring route": "", "Route points": "none",
                        "Gold doubled": "no"})
            points = (0,) * cfg.players
        else:
            _, _, chain, route, points = record
            city = chain[-1]
            treasure = treasure_of[city]
            gained = ", ".join(f"{labels[s]} +{p}" for s, p in enumerate(points) if p)
            row.update({"Paths built": chain_text(board, chain), "Roads used": _chain_roads(board, chain),
                        "City": location_name(board, city), "City token": city_token_text(board, city),
                        good: comps.name(treasure, vocabulary) if treasure else "",
                        "Scoring route": chain_text(board, route), "Route points": gained or "none",
                        "Gold doubled": "yes" if treasure == comps.gold_id else "no"})
        row.update({f"{lab} points": int(p) for lab, p in zip(labels, points, strict=True)})
        rows.append(row)
    columns = ["Turn", "Player", "Paths built", "Roads used", "City", "City token", good, "Scoring route",
               "Route points", "Gold doubled", *(f"{lab} points" for lab in labels)]
    return designer_table(rows, columns=columns)


def score_history(state: GameState, *, vocabulary: str = "treasures"):
    """Every player's score after every turn, by category, as if the game ended there.

    Parameters
    ----------
    state : GameState
        Any state; every turn of its history is scored (:func:`turn_states`).
    vocabulary : {"treasures", "riches"}
        Names the Treasure column ("Treasures" or "Riches").

    Returns
    -------
    pandas.DataFrame
        One row per turn and player: ``Turn`` (0 = after the deal or the
        position given), ``Player`` (``"P1"`` ...), ``Routes`` (route points so
        far), ``Cities``, ``Treasures`` (or ``Riches``), ``Road bonus`` (if the
        game ended now), ``Total`` -- all points.

    Examples
    --------
    >>> from rometools.caesars_empire import GameConfig, play_game
    >>> final = play_game(GameConfig(players=3), ["greedy"] * 3, rng=1)
    >>> history = score_history(final)
    >>> history[history["Turn"] == 30][["Player", "Total"]].values.tolist()
    [['P1', 256], ['P2', 207], ['P3', 246]]
    """
    import pandas as pd

    comps = state.config.components
    if vocabulary not in comps.vocabularies:
        raise ValueError(f"unknown vocabulary {vocabulary!r}; expected one of {sorted(comps.vocabularies)}")
    labels = _category_labels(vocabulary, comps)
    rows = []
    for turn, s in enumerate(turn_states(state)):
        for seat, parts in enumerate(score_parts(s)):
            rows.append({"Turn": turn, "Player": seat_label(seat),
                         **{labels[k]: parts[k] for k in SCORE_CATEGORIES}, "Total": parts["total"]})
    return pd.DataFrame(rows, columns=["Turn", "Player", *(labels[k] for k in SCORE_CATEGORIES), "Total"])


def _category_labels(vocabulary: str, comps) -> dict[str, str]:
    goods = comps.vocabularies[vocabulary]["goods"]
    return {**COLUMN_LABELS, "treasures": goods}


def readable(table, *, vocabulary: str = "treasures", labels: Mapping[str, str] | None = None):
    """A copy of a score table with readable column labels, for display.

    Parameters
    ----------
    table : pandas.DataFrame
        E.g. :func:`~rometools.caesars_empire.final_scores` or a DataFrame of
        :func:`~rometools.caesars_empire.score_parts`.
    vocabulary : {"treasures", "riches"}
        The Treasure column reads "Treasures" or "Riches".
    labels : Mapping[str, str], optional
        Extra or different labels, ``{column: label}``.

    Returns
    -------
    pandas.DataFrame
        The same values; columns relabelled by :data:`COLUMN_LABELS` (others kept).

    Examples
    --------
    >>> from rometools.caesars_empire import final_scores, new_game
    >>> list(readable(final_scores(new_game(rng=0))).columns)[:6]
    ['Player', 'Seat', 'Rank', 'Total', 'Routes', 'Cities']
    >>> "Roads left" in readable(final_scores(new_game(rng=0))).columns
    True
    """
    from rometools.caesars_empire.components import load_components

    comps = load_components()
    if vocabulary not in comps.vocabularies:
        raise ValueError(f"unknown vocabulary {vocabulary!r}; expected one of {sorted(comps.vocabularies)}")
    names = {**_category_labels(vocabulary, comps), **(labels or {})}
    return table.rename(columns={c: names.get(c, c) for c in table.columns})


def why_no_connection(state: GameState, city: str) -> str | None:
    """Why the seat to move cannot connect ``city`` now, in display names; ``None`` if it can.

    Rule: ``001_a311a49632a27e24.txt``, The Turn: Roads start "from either an
    empty City space ... or from Rome" and may not "pass through an available
    City". So a city can be reached only along a path from Rome or from a city
    whose tokens are taken, and only with enough Roads left.

    Returns
    -------
    str or None
        ``"every path into Gades starts at a city still holding its tokens
        (Corduba, Carthago Nova): one of them must be taken first"``, or
        ``"Gades needs 2 Roads; P3 has 1 left"``, or ``"the game is over"``;
        ``None`` when :func:`cheapest_connections` finds a connection.

    Raises
    ------
    ArgumentError
        As :func:`cheapest_connections` (not a city, already connected).

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> why_no_connection(new_game(rng=1), "gades")
    'every path into Gades starts at a city still holding its tokens (Carthago Nova, Emerita Augusta): one of them must be taken first'
    >>> why_no_connection(new_game(rng=1), "capua") is None
    True
    """
    if current_player(state) == TERMINAL:
        return "the game is over"
    if cheapest_connections(state, city):
        return None
    b = state.config.board
    t = b._index[city]
    name = b.city(city).name
    starts = [(c, u) for u, e, c in b._adj[t]
              if state.path_owner[e] < 0 and (u == 0 or state.city_owner[u - 1] >= 0)]
    if not starts:
        blocked = [b.locations[u] for u, e, _ in b._adj[t]
                   if state.path_owner[e] < 0 and u and state.city_owner[u - 1] < 0]
        names = join_names(location_name(b, c) for c in blocked)
        return (f"every path into {name} starts at a city still holding its tokens ({names}): "
                "one of them must be taken first")
    low = min(c for c, _ in starts)
    left = state.roads_left[state.seat]
    return (f"{name} needs {low} Road{'s' if low != 1 else ''}; {seat_label(state.seat)} has "
            f"{left} left")


# ------------------------------------------------------------------ game flow (rometools.core.flow)
def _turns(state: GameState) -> int:
    """Each decision is a turn ("During their turn a player must connect Rome to an available
    City", 001_a311a49632a27e24.txt): the records so far (the set-up's deals come first)."""
    return len(state.history)


#: Caesar's Empire is counted in turns, one connection (or a pass) each.
TIME_UNIT = TimeUnit("turn", "turns", _turns, "one player connecting Rome to a City")
