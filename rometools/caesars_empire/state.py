"""Caesar's Empire values: the config, the state, the action types, the route policies.

Plain immutable values and the constants of the game. The rules that change a
state are in :mod:`~rometools.caesars_empire.rules`; the fast engine that
derives facts from a state is :mod:`~rometools.caesars_empire.engine`. Nothing
here computes a rule.

Rules: ``001_a311a49632a27e24.txt``, Set-up, The Turn, Scoring Routes,
2-3 Player Variants.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rometools.caesars_empire.board import Board, load_board
from rometools.caesars_empire.components import Components, components_path, load_components
from rometools.core.errors import DataFileError, RulesError, check_choice
from rometools.core.game import CHANCE, TERMINAL

__all__ = [
    "CHANCE",
    "NO_MOVE_OPTIONS",
    "PASS",
    "PLAYER_CHOICE",
    "ROUTE_POLICIES",
    "TERMINAL",
    "Connection",
    "GameConfig",
    "GameState",
    "Position",
    "RouteOption",
    "register_route_policy",
]

#: The action of a player with no legal connection (``no_move="pass"``).
PASS = "pass"
#: Values of ``GameConfig.no_move``.
NO_MOVE_OPTIONS = ("pass", "end_game")
#: ``GameConfig.route_policy`` value that makes the tied-route choice part of the action.
PLAYER_CHOICE = "player"


# ===================================================================== action types
@dataclass(frozen=True, order=True)
class Connection:
    """A legal chain of paths and its cost.

    Attributes
    ----------
    chain : tuple[str, ...]
        Locations from the start (Rome or an empty city) to the available city.
    cost : int
        Road pieces it needs (Roads).

    Examples
    --------
    >>> Connection(("rome", "capua", "neapolis"), 3).city
    'neapolis'
    """

    chain: tuple[str, ...]
    cost: int

    @property
    def city(self) -> str:
        """The city it connects (``chain[-1]``)."""
        return self.chain[-1]


@dataclass(frozen=True)
class RouteOption:
    """One fewest-Roads route from a city back to Rome, and what it scores.

    Attributes
    ----------
    path : tuple[str, ...]
        Locations from the captured city to ``"rome"``.
    roads : int
        Road pieces on the route (Roads), the same for every tied option.
    points : dict
        ``{owner: points}`` for every owner with Roads on the route: 1 point per
        Road piece (a 2-Road path scores 2), doubled when Gold was taken.

    Examples
    --------
    >>> RouteOption(("capua", "rome"), 1, {"yellow": 1}).points["yellow"]
    1
    """

    path: tuple[str, ...]
    roads: int
    points: dict


# ===================================================================== route-choice policies
RoutePolicy = Callable[[Sequence[RouteOption], int, "GameState"], RouteOption]


def self_then_leader(options: Sequence[RouteOption], seat: int, state: GameState) -> RouteOption:
    """Most points for the active seat, then fewest for the leader, then first by path.

    The leader is the other seat with the most route points (ties: the lowest seat).
    """
    pts = state.route_score
    others = [s for s in range(len(pts)) if s != seat]
    leader = max(others, key=lambda s: (pts[s], -s)) if others else seat
    return min(options, key=lambda o: (-o.points.get(seat, 0), o.points.get(leader, 0)))


def first(options: Sequence[RouteOption], seat: int, state: GameState) -> RouteOption:
    """The first tied route in path order (a fixed, choice-free reference)."""
    return options[0]


#: Named route-choice policies: ``name -> policy(options, seat, state) -> RouteOption``.
#: ``options`` are sorted by path; ``state`` is the state before the turn's points are
#: added. :data:`PLAYER_CHOICE` is not a policy: the route is part of the action.
ROUTE_POLICIES: dict[str, RoutePolicy] = {"self_then_leader": self_then_leader, "first": first}


def _code_key(code: Any) -> tuple:
    """A code object's bytecode, names and constants (nested code included), without line numbers."""
    consts = tuple(_code_key(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    return code.co_code, code.co_names, consts


def _same_definition(f: Callable, g: Callable) -> bool:
    """The same function object, or the same definition run again (a re-run notebook cell)."""
    if f is g:
        return True
    fc, gc = getattr(f, "__code__", None), getattr(g, "__code__", None)
    return (fc is not None and gc is not None and f.__qualname__ == g.__qualname__
            and f.__module__ == g.__module__ and _code_key(fc) == _code_key(gc))


def register_route_policy(name: str, policy: RoutePolicy) -> None:
    """Add a named route-choice policy, usable as ``GameConfig(route_policy=name)``.

    Registering the same function again (or the same definition, as when a
    notebook cell runs twice) is allowed: the newer definition is kept.

    Raises
    ------
    RulesError
        If ``name`` is not a non-empty string, is ``"player"``, or is taken by
        a different function; or if ``policy`` is not callable.

    Examples
    --------
    >>> def last(options, seat, state):
    ...     return options[-1]
    >>> register_route_policy("last", last)
    >>> register_route_policy("last", last)  # a re-run cell: no error
    >>> GameConfig(route_policy="last").route_policy
    'last'
    >>> register_route_policy("first", last)
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: route policy 'first' is taken by another function; choose another name
    """
    if not isinstance(name, str) or not name.strip():
        raise RulesError(f"a route policy name is a non-empty string, got {name!r}")
    if name == PLAYER_CHOICE:
        raise RulesError(f"{PLAYER_CHOICE!r} is reserved: the player chooses the route in the action")
    if not callable(policy):
        raise RulesError(f"route policy {name!r} must be a function (options, seat, state) -> option")
    old = ROUTE_POLICIES.get(name)
    if old is not None and not _same_definition(old, policy):
        raise RulesError(f"route policy {name!r} is taken by another function; choose another name")
    ROUTE_POLICIES[name] = policy


# ===================================================================== config
_CONFIG_TYPES = {"players": int, "all_tokens_variant": bool, "sum_complete_colours": bool,
                 "no_move": str, "route_policy": str, "max_chain_paths": (int, type(None)),
                 "roads_per_player": int}


def _file_sha256(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _board_sha256(board_dict: Mapping[str, Any]) -> str:
    content = {k: v for k, v in board_dict.items() if k != "source"}
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@dataclass(frozen=True)
class GameConfig:
    """Options of one game.

    Parameters
    ----------
    board : Board, optional
        Default: the bundled illustrative board for ``players``. The board's
        component set (its Road bonus, Roads, tables, Treasure tokens) is the
        game's.
    players : int
        2 to 5 (must be a player count of the board's side). Default 4.
    all_tokens_variant : bool
        2-3 Player Variants: shuffle all 40 Treasure tokens, place one per city.
    sum_complete_colours : bool
        2-3 Player Variants: owning every City token of a colour scores their sum.
    no_move : {"pass", "end_game"}
        What happens when the player to move has no legal connection (the
        rulebook does not say; ``docs/rules-decisions.md`` CE-10). ``"pass"``
        (default): the only legal action is :data:`PASS`, and the game ends
        when no seat can connect any city. ``"end_game"``: the game ends at once.
    route_policy : str
        How the active player chooses among tied fewest-Roads routes: a name
        in :data:`ROUTE_POLICIES` (default ``"self_then_leader"``), or
        ``"player"``: the choice is part of the action (CE-14).
    max_chain_paths : int or None
        Most paths in one chain (a bounded action space, CE-13). Default
        ``None``: every chain the rules allow.
    roads_per_player : int, optional
        Roads each player starts with (Roads). Default: the component file's 25.

    Raises
    ------
    RulesError
        For an unsupported player count or an unknown or mistyped option,
        naming the option.

    Examples
    --------
    >>> c = GameConfig()
    >>> c.players, c.board.side, c.roads_per_player
    (4, '4-5', 25)
    >>> GameConfig(players=3).board.side
    '2-3'
    >>> GameConfig(players=6)
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: Caesar's Empire is for 2 to 5 players, got 6
    """

    board: Board | None = None
    players: int = 4
    all_tokens_variant: bool = False
    sum_complete_colours: bool = False
    no_move: str = "pass"
    route_policy: str = "self_then_leader"
    max_chain_paths: int | None = None
    roads_per_player: int | None = None
    _components: Components | None = field(default=None, compare=False, repr=False)
    _tokens: tuple[tuple[str, int], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self):
        for name, kind in _CONFIG_TYPES.items():
            value = getattr(self, name)
            if name == "roads_per_player" and value is None:
                continue
            if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
                wanted = {int: "a whole number", bool: "True or False", str: "a string"}.get(
                    kind, "a whole number or None")
                raise RulesError(f"{name} must be {wanted}, got {value!r}")
        if self.board is not None and not isinstance(self.board, Board):
            raise RulesError(f"board must be a Board (Board.from_file(path)), got {type(self.board).__name__}")
        comps = self.board.components if self.board is not None else load_components()
        try:
            side_id = comps.side_for(self.players).id
        except ValueError as err:
            raise RulesError(str(err)) from None
        board = self.board if self.board is not None else load_board(side_id)
        side = next(s for s in comps.sides if s.id == board.side)
        if self.players not in side.players:
            raise RulesError(f"board side {board.side!r} is for {list(side.players)} players, "
                             f"got players={self.players}")
        check_choice("no_move", self.no_move, NO_MOVE_OPTIONS)
        check_choice("route_policy", self.route_policy, [*sorted(ROUTE_POLICIES), PLAYER_CHOICE])
        if self.max_chain_paths is not None and self.max_chain_paths < 1:
            raise RulesError(f"max_chain_paths must be 1 or more, or None, got {self.max_chain_paths!r}")
        roads = comps.roads_per_player if self.roads_per_player is None else self.roads_per_player
        if roads < 1:
            raise RulesError(f"roads_per_player must be 1 or more, got {roads!r}")
        set_ = object.__setattr__
        set_(self, "board", board)
        set_(self, "roads_per_player", roads)
        if comps.roads_per_player != roads:
            comps = replace(comps, roads_per_player=roads)
        set_(self, "_components", comps)
        tokens = comps.tokens_in_play(self.players, all_tokens_variant=self.all_tokens_variant)
        set_(self, "_tokens", tuple(tokens.items()))

    @property
    def components(self) -> Components:
        """The component set (the board's), with ``roads_per_player`` as configured."""
        return self._components

    @property
    def tokens_in_play(self) -> dict[str, int]:
        """Treasure tokens shuffled at set-up, ``{Treasure id: tokens}``."""
        return dict(self._tokens)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values.

        A bundled board is stored by side and content hash, any other board
        inline (with its hash); components other than the bundled file by path
        and content hash.

        Examples
        --------
        >>> d = GameConfig(players=5).to_dict()
        >>> d["board"]["bundled"], GameConfig.from_dict(d) == GameConfig(players=5)
        ('4-5', True)
        """
        b = self.board
        board = b.to_dict()
        sha = _board_sha256(board)
        bundled = b == load_board(b.side) and b.components == load_components()
        comps_path = self.components.path
        out = {
            "board": {"bundled": b.side, "sha256": sha} if bundled else {"inline": board, "sha256": sha},
            "players": self.players,
            "all_tokens_variant": self.all_tokens_variant,
            "sum_complete_colours": self.sum_complete_colours,
            "no_move": self.no_move,
            "route_policy": self.route_policy,
            "max_chain_paths": self.max_chain_paths,
            "roads_per_player": self.roads_per_player,
        }
        if not bundled and comps_path is not None and Path(comps_path).resolve() != components_path().resolve():
            out["components"] = {"file": str(comps_path), "sha256": _file_sha256(comps_path)}
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = "<config>") -> GameConfig:
        """Inverse of :meth:`to_dict`, checking every entry.

        Raises
        ------
        DataFileError
            Naming ``config.<option>`` and the problem: a missing board, an
            unknown option, a wrong type (``true`` is not a number, ``"3"`` is
            not 3), a bundled board or component file whose content changed
            since saving (by SHA-256), an unknown route policy.

        Examples
        --------
        >>> GameConfig.from_dict({"board": {"bundled": "4-5"}, "players": "4"})
        Traceback (most recent call last):
        ...
        rometools.core.errors.DataFileError: <config>: config.players: must be a whole number, got '4'
        """
        def fail(entry: str, problem: str):
            raise DataFileError(source, f"config.{entry}" if entry else "config", problem)

        if not isinstance(data, Mapping):
            fail("", f"must be an object, got {type(data).__name__}")
        known = {"board", "components", *_CONFIG_TYPES}
        for key in data:
            if key not in known:
                fail(str(key), "is not a Caesar's Empire option (misspelt?)")
        for key, kind in _CONFIG_TYPES.items():
            if key in data:
                v = data[key]
                if (isinstance(v, bool) and kind is not bool) or not isinstance(v, kind):
                    wanted = {int: "a whole number", bool: "true or false", str: "a string"}.get(
                        kind, "a whole number or null")
                    fail(key, f"must be {wanted}, got {v!r}")
        comps = None
        if "components" in data:
            c = data["components"]
            if not isinstance(c, Mapping) or set(c) != {"file", "sha256"}:
                fail("components", "must be {file, sha256}")
            try:
                if _file_sha256(c["file"]) != c["sha256"]:
                    fail("components", f"{c['file']} has changed since the game was saved (SHA-256 differs)")
            except (OSError, TypeError):
                fail("components", f"cannot read {c['file']!r}")
            comps = load_components(c["file"])
        if "board" not in data:
            fail("board", "is required but missing")
        b = data["board"]
        if not isinstance(b, Mapping):
            fail("board", f"must be an object, got {b!r}")
        if "bundled" in b:
            try:
                board = load_board(b["bundled"])
            except (ValueError, TypeError):
                fail("board.bundled", f"unknown bundled board {b['bundled']!r}; use '2-3' or '4-5'")
            if "sha256" in b and b["sha256"] != _board_sha256(board.to_dict()):
                fail("board", f"the bundled board {b['bundled']!r} has changed since the game was saved "
                              "(SHA-256 differs)")
        elif "inline" in b:
            if not isinstance(b["inline"], Mapping):
                fail("board.inline", "must be a board object")
            if "sha256" in b and b["sha256"] != _board_sha256(b["inline"]):
                fail("board", "the inline board was edited after the game was saved (SHA-256 differs)")
            try:
                board = Board.from_dict(b["inline"], components=comps)
            except DataFileError as err:
                fail(f"board.inline.{err.entry}", err.problem)
        else:
            fail("board", "must be {bundled: side} or {inline: {...}}")
        options = {k: data[k] for k in _CONFIG_TYPES if k in data}
        try:
            return cls(board=board, **options)
        except RulesError as err:
            named = [k for k in _CONFIG_TYPES if k in str(err)]
            hint = ("; a game saved with a custom policy loads once register_route_policy() has added it"
                    if named[:1] == ["route_policy"] else "")
            fail(named[0] if named else "", f"{err}{hint}")


# ===================================================================== state
@dataclass(frozen=True)
class Position:
    """Where a game's history starts when it starts from a described position.

    The same fields as :class:`GameState` (see :func:`~rometools.caesars_empire.position`).
    """

    treasures: tuple[str, ...]
    city_owner: tuple[int, ...]
    path_owner: tuple[int, ...]
    roads_left: tuple[int, ...]
    route_score: tuple[int, ...]
    seat: int


@dataclass(frozen=True)
class GameState:
    """An immutable Caesar's Empire position plus its full history.

    Build it with :func:`~rometools.caesars_empire.new_game` or
    :func:`~rometools.caesars_empire.position`; change it only with
    :func:`~rometools.caesars_empire.apply`. It holds fields only: the facts
    derived from them (distances to Rome, unbuilt paths, legal chains) are
    the engine's (:mod:`~rometools.caesars_empire.engine`), attached to the
    state once computed and never compared.

    Attributes
    ----------
    config : GameConfig
    treasures : tuple[str or None, ...]
        Treasure id on each city (board order); ``None`` before the deal.
    city_owner : tuple[int, ...]
        Seat holding each city's tokens; ``-1`` while the city is available.
    path_owner : tuple[int, ...]
        Seat whose Roads are on each path (``board.paths`` order); ``-1`` unbuilt.
    roads_left : tuple[int, ...]
        Unplaced Roads per seat (Roads).
    route_score : tuple[int, ...]
        Points scored from routes so far, per seat (points).
    seat : int
        Seat to move once the deal is done.
    history : tuple[tuple, ...]
        Every chance outcome and action since the start: ``("deal", city,
        treasure)``, ``("connect", seat, chain, route, points)`` with ``route``
        the scored path and ``points`` the per-seat points it gave,
        ``("pass", seat)``.
    start : Position or None
        The described position the history starts from; ``None`` for a new game.
    seed : int, tuple or None
        Entropy of the generator that dealt the game (information only; the
        history replays it). Not compared.
    """

    config: GameConfig
    treasures: tuple[str | None, ...]
    city_owner: tuple[int, ...]
    path_owner: tuple[int, ...]
    roads_left: tuple[int, ...]
    route_score: tuple[int, ...]
    seat: int = 0
    history: tuple[tuple, ...] = ()
    start: Position | None = None
    seed: Any = field(default=None, compare=False)
    _facts: Any = field(default=None, compare=False, repr=False)
