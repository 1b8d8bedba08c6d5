"""Positions: a Caesar's Empire game as it stands at the table, not only from the start.

:func:`position` builds a validated :class:`~rometools.caesars_empire.state.GameState`
from a description (who holds which city, whose Roads are on which path, the
Treasure on every city, who is to move). It plays on with the same rules and
bots, and saves, loads and replays like any game: the saved game records the
position as its ``start``.

Rules: ``001_a311a49632a27e24.txt``, The Turn (a path is built to connect a
city; its Roads come from the player's supply), Scoring Routes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import networkx as nx

from rometools.caesars_empire.board import ROME, Board
from rometools.caesars_empire.state import GameConfig, GameState, Position
from rometools.core.errors import ArgumentError, DataFileError
from rometools.core.formatting import shown

__all__ = ["position", "position_from_dict", "position_to_dict"]


def _seat(value: Any, players: int, where: str) -> int:
    """A seat given as 0-based int or as ``"P1"``..``"Pn"``."""
    if isinstance(value, str) and value[:1] in "Pp" and value[1:].isdigit():
        seat = int(value[1:]) - 1
    elif isinstance(value, int) and not isinstance(value, bool):
        seat = value
    else:
        raise ArgumentError(f"{where}: a seat is 0 to {players - 1} or 'P1' to 'P{players}', got {value!r}")
    if not 0 <= seat < players:
        raise ArgumentError(f"{where}: a seat is 0 to {players - 1} or 'P1' to 'P{players}', got {value!r}")
    return seat


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ArgumentError(f"{where}: must be a whole number 0 or more, got {value!r}")
    return value


def position(config: GameConfig | Board | None = None, *, treasures: Mapping[str, str],
             owners: Mapping[str, Any] | None = None, roads: Mapping[Any, Any] | None = None,
             roads_left: Mapping[Any, int] | None = None, route_score: Mapping[Any, int] | None = None,
             to_move: Any = 0, players: int | None = None) -> GameState:
    """A validated game state built from the position on the table.

    Parameters
    ----------
    config : GameConfig or Board, optional
        The game's config, or a board (then ``players`` seats, default the
        side's first count, standard options). Default ``GameConfig()``.
    treasures : Mapping[city id, Treasure id]
        The Treasure token on every city (captured cities included: it is the
        token their holder took). Aliases are accepted (``"gold_coins"``).
    owners : Mapping[city id, seat], optional
        Captured cities and the seat holding their City and Treasure tokens.
        A seat is 0-based (``0``) or named ``"P1"``.
    roads : Mapping[(location, location), seat], optional
        Built paths and whose Roads are on them.
    roads_left : Mapping[seat, int], optional
        Roads each seat has not placed (Roads); default what ``roads`` leaves
        of ``roads_per_player``. Given, it must agree.
    route_score : Mapping[seat, int], optional
        Points each seat has scored from routes so far (points); default 0.
    to_move : seat
        The seat to move. Default seat 0 (P1).
    players : int, optional
        Seats, when ``config`` is a board.

    Returns
    -------
    GameState
        A decision node (or terminal), with an empty history that starts here.

    Raises
    ------
    ArgumentError
        Naming the entry, for: an unknown city, Treasure or path; a city
        without a Treasure; more tokens of a type than are in play; a seat out
        of range; a built path with an available city at an end (a path is
        built only to connect a city, so both ends are Rome or captured
        cities); a captured city no built route joins to Rome, or whose holder
        has no Roads on a path to it; Roads that do not add up.

    Examples
    --------
    >>> from rometools.caesars_empire import load_board, new_game, apply
    >>> deal = dict(zip(load_board("4-5").city_ids, new_game(rng=3).treasures))
    >>> s = position(treasures=deal, owners={"capua": "P1"}, roads={("rome", "capua"): "P1"},
    ...              route_score={"P1": 1}, to_move="P2")
    >>> s.seat, s.roads_left, s.route_score
    (1, (24, 25, 25, 25), (1, 0, 0, 0))
    >>> played = apply(new_game(rng=3), ("rome", "capua"))
    >>> (s.city_owner, s.path_owner) == (played.city_owner, played.path_owner)
    True
    >>> position(treasures=deal, owners={"rhegium": "P1"}, roads={("capua", "rhegium"): "P1"})
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: roads: path 'capua'-'rhegium' holds P1's Roads but 'capua' is still available (a path is built to connect a city: both ends are Rome or captured cities)
    """
    if isinstance(config, Board):
        config = GameConfig(board=config, **({"players": players} if players is not None else {}))
    elif config is None:
        config = GameConfig(**({"players": players} if players is not None else {}))
    elif not isinstance(config, GameConfig):
        raise ArgumentError(f"config must be a GameConfig or a Board, got {type(config).__name__}")
    b, comps, n = config.board, config.components, config.players
    index = b._index

    def city_index(city: Any, where: str) -> int:
        i = index.get(city, 0) if isinstance(city, str) else 0
        if i == 0:
            raise ArgumentError(f"{where}: unknown city {city!r} on board {b.name!r}")
        return i

    # Treasures: one on every city, no more of a type than are in play
    if not isinstance(treasures, Mapping):
        raise ArgumentError(f"treasures: must map every city to its Treasure, got {type(treasures).__name__}")
    dealt: list[str | None] = [None] * len(b.city_ids)
    for city, t in treasures.items():
        i = city_index(city, "treasures")
        try:
            dealt[i - 1] = comps.canonical(t)
        except ValueError as err:
            raise ArgumentError(f"treasures.{city}: {err}") from None
    missing = [c for c, t in zip(b.city_ids, dealt, strict=True) if t is None]
    if missing:
        raise ArgumentError(f"treasures: no Treasure given for {len(missing)} cities: {missing[:5]}")
    in_play = config.tokens_in_play
    for t, k in Counter(dealt).items():
        if k > in_play.get(t, 0):
            raise ArgumentError(f"treasures: {k} {t!r} tokens placed, but only {in_play.get(t, 0)} are in play")

    city_owner = [-1] * len(b.city_ids)
    for city, seat in (owners or {}).items():
        city_owner[city_index(city, "owners") - 1] = _seat(seat, n, f"owners.{city}")
    path_owner = [-1] * len(b.paths)
    for pair, seat in (roads or {}).items():
        ends = tuple(pair) if not isinstance(pair, str) else ()
        p = b.path_between(*ends) if len(ends) == 2 and all(isinstance(x, str) for x in ends) else None
        if p is None:
            raise ArgumentError(f"roads: {pair!r} is not a path of board {b.name!r}")
        e = b._edge[index[ends[0]], index[ends[1]]]
        path_owner[e] = _seat(seat, n, f"roads.{ends[0]}-{ends[1]}")
        for end in ends:
            if end != ROME and city_owner[index[end] - 1] < 0:
                raise ArgumentError(f"roads: path {ends[0]!r}-{ends[1]!r} holds P{path_owner[e] + 1}'s Roads "
                                    f"but {end!r} is still available (a path is built to connect a city: "
                                    "both ends are Rome or captured cities)")

    # every captured city is joined to Rome, and its holder built a path to it
    built = nx.Graph([b.paths[e].cities for e, o in enumerate(path_owner) if o >= 0])
    built.add_node(ROME)
    joined = nx.node_connected_component(built, ROME)
    for city, o in zip(b.city_ids, city_owner, strict=True):
        if o < 0:
            continue
        if city not in joined:
            raise ArgumentError(f"owners: P{o + 1} holds {city!r} but no built route joins it to Rome")
        if not any(path_owner[b._edge[index[city], index[u]]] == o for u in built.neighbors(city)):
            raise ArgumentError(f"owners: P{o + 1} holds {city!r} but has no Roads on a path to it")

    used = [0] * n
    for e, o in enumerate(path_owner):
        if o >= 0:
            used[o] += b._cost[e]
    begin = config.start_roads   # roads_per_player, plus a seat handicap's Roads
    left = [begin[s] - u for s, u in enumerate(used)]
    for s, u in enumerate(used):
        if u > begin[s]:
            raise ArgumentError(f"roads: P{s + 1} has {u} Roads on the board but starts with "
                                f"{begin[s]}")
    for seat, k in (roads_left or {}).items():
        s = _seat(seat, n, "roads_left")
        if _whole(k, f"roads_left.P{s + 1}") != left[s]:
            raise ArgumentError(f"roads_left: P{s + 1} has {k} Roads left, but {begin[s]} minus "
                                f"the {used[s]} on the board is {left[s]}")
    score = [0] * n
    for seat, k in (route_score or {}).items():
        s = _seat(seat, n, "route_score")
        score[s] = _whole(k, f"route_score.P{s + 1}")
    start = Position(tuple(dealt), tuple(city_owner), tuple(path_owner), tuple(left), tuple(score),
                     _seat(to_move, n, "to_move"))
    return GameState(config, start.treasures, start.city_owner, start.path_owner, start.roads_left,
                     start.route_score, start.seat, (), start)


def position_to_dict(state: GameState) -> dict[str, Any] | None:
    """The ``start`` of a saved game: the position a state's history began at (``None``: a new game).

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> position_to_dict(new_game(rng=1)) is None
    True
    """
    p = state.start
    if p is None:
        return None
    b = state.config.board
    return {
        "treasures": dict(zip(b.city_ids, p.treasures, strict=True)),
        "owners": {c: o for c, o in zip(b.city_ids, p.city_owner, strict=True) if o >= 0},
        "roads": [[*b.paths[e].cities, o] for e, o in enumerate(p.path_owner) if o >= 0],
        "roads_left": list(p.roads_left),
        "route_score": list(p.route_score),
        "to_move": p.seat,
    }


def position_from_dict(config: GameConfig, data: Mapping[str, Any], *, source: str = "<position>"
                       ) -> GameState:
    """Inverse of :func:`position_to_dict`.

    Raises
    ------
    DataFileError
        Naming ``start.<entry>``: a missing or unknown key, a wrong type, or
        any inconsistency :func:`position` refuses.
    """
    keys = ("treasures", "owners", "roads", "roads_left", "route_score", "to_move")
    for key in keys:
        if key not in data:
            raise DataFileError(source, f"start.{key}", "is required but missing")
    for key in data:
        if key not in keys:
            raise DataFileError(source, f"start.{key}", "is not a position entry (misspelt?)")
    try:
        for key, kind in (("treasures", Mapping), ("owners", Mapping), ("roads", list),
                          ("roads_left", list), ("route_score", list)):
            if not isinstance(data[key], kind):
                raise ArgumentError(f"{key}: must be {'an object' if kind is Mapping else 'a list'}, "
                                    f"got {type(data[key]).__name__}")
        for key in ("roads_left", "route_score"):  # one per seat: a short list silently meant 0 for the rest
            if len(data[key]) != config.players:
                raise ArgumentError(f"{key}: must list one number per seat ({config.players}), "
                                    f"got {len(data[key])}")
        roads = {}
        for k, r in enumerate(data["roads"]):
            if not (isinstance(r, list) and len(r) == 3):
                raise ArgumentError(f"roads[{k}]: must be [location, location, seat], got {shown(r)}")
            roads[(r[0], r[1])] = r[2]
        return position(config, treasures=data["treasures"], owners=data["owners"], roads=roads,
                        roads_left=dict(enumerate(data["roads_left"])),
                        route_score=dict(enumerate(data["route_score"])), to_move=data["to_move"])
    except ArgumentError as err:
        field, _, problem = str(err).partition(": ")
        raise DataFileError(source, f"start.{field}", problem or str(err)) from None
