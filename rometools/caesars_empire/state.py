"""Caesar's Empire values: the config, the state, the action types, the route policies.

Plain immutable values and the constants of the game. The rules that change a
state are in :mod:`~rometools.caesars_empire.rules`; the fast engine that
derives facts from a state is :mod:`~rometools.caesars_empire.engine`. Nothing
here computes a rule.

Rules: ``001_a311a49632a27e24.txt``, Set-up, The Turn, Scoring Routes,
2-3 Player Variants.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rometools.caesars_empire.board import Board, load_board
from rometools.caesars_empire.components import MAX_ROADS, Components, load_components
from rometools.core.errors import ArgumentError, OptionError
from rometools.core.formatting import shown
from rometools.core.game import CHANCE, TERMINAL
from rometools.core.options import Config, option

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
    ArgumentError
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
    rometools.core.errors.ArgumentError: route policy 'first' is taken by another function; choose another name
    """
    if not isinstance(name, str) or not name.strip():
        raise ArgumentError(f"a route policy name is a non-empty string, got {shown(name)}")
    if name == PLAYER_CHOICE:
        raise ArgumentError(f"{PLAYER_CHOICE!r} is reserved: the player chooses the route in the action")
    if not callable(policy):
        raise ArgumentError(f"route policy {name!r} must be a function (options, seat, state) -> option")
    old = ROUTE_POLICIES.get(name)
    if old is not None and not _same_definition(old, policy):
        raise ArgumentError(f"route policy {name!r} is taken by another function; choose another name")
    ROUTE_POLICIES[name] = policy


# ===================================================================== config
def _route_policy_names() -> list[str]:
    return [*sorted(ROUTE_POLICIES), PLAYER_CHOICE]


@dataclass(frozen=True)
class GameConfig(Config):
    """Options of one game (:func:`~rometools.core.options.option` declares each).

    Parameters
    ----------
    board : Board, path or bundled name, optional
        Default: the bundled illustrative board for ``players``
        (``board_2_3`` or ``board_4_5``).
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
    components : Components, path or bundled name, optional
        The component set (Treasure tokens, scoring tables, Road bonus):
        default the board's, which is the bundled ``components.toml`` unless
        the board was read with others. ``config.components`` holds it with
        ``roads_per_player`` as configured.

    Raises
    ------
    OptionError
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
    rometools.core.errors.OptionError: Caesar's Empire is for 2 to 5 players, got 6
    >>> d = GameConfig(players=5).to_dict()
    >>> d["board"]["bundled"], GameConfig.from_dict(d) == GameConfig(players=5)
    ('board_4_5.toml', True)
    """

    board: Board | None = option(None, "the board: cities, City tokens and paths (by default the bundled "
                                       "illustrative board for the player count).",
                                 file=Board.from_file, kind=Board, inline=Board.from_dict, depends="components")
    players: int = option(4, "seats at the table: 2 to 5, a player count of the board's side.")
    all_tokens_variant: bool = option(False, "2-3 player variant: all 40 Treasure tokens are shuffled and one "
                                             "placed on each city.")
    sum_complete_colours: bool = option(False, "2-3 player variant: owning every City token of a colour "
                                               "scores their sum.")
    no_move: str = option("pass", "a player with no legal connection passes, or the game ends at once (CE-10).",
                          choices=NO_MOVE_OPTIONS)
    route_policy: str = option("self_then_leader", "how the active player chooses among tied fewest-Roads "
                                                   "routes, or 'player' to choose in the action (CE-14).",
                               choices=_route_policy_names,
                               hint="a game saved with a custom policy loads once register_route_policy() "
                                    "has added it")
    max_chain_paths: int | None = option(None, "the most paths in one chain (a bounded action space, CE-13); "
                                               "None: every chain the rules allow.", kind=int, low=1,
                                         high=MAX_ROADS)
    roads_per_player: int | None = option(None, "Roads each player starts with; None: the component file's.",
                                          kind=int, low=1, high=MAX_ROADS)
    components: Components | None = option(
        None, "the component set: Treasure tokens, scoring tables and the Road bonus.",
        file=load_components, kind=Components)
    _tokens: tuple[tuple[str, int], ...] = field(default=(), compare=False, repr=False)

    def resolve(self) -> None:
        board, comps = self.board, self.components
        if comps is None:
            comps = board.components if board is not None else load_components()
        elif board is not None and board.components != comps:
            board = replace(board, components=comps)
        try:
            side_id = comps.side_for(self.players).id
        except ValueError as err:
            raise OptionError("players", str(err)) from None
        if board is None:
            board = load_board(side_id) if comps == load_components() else Board.from_file(
                load_board(side_id).source, components=comps)
        side = next(s for s in comps.sides if s.id == board.side)
        if self.players not in side.players:  # blamed on the board when one was given
            raise OptionError("board" if self.board is not None else "players", f"board side {board.side!r} is for {list(side.players)} players, "
                                         f"got players={self.players}")
        roads = comps.roads_per_player if self.roads_per_player is None else self.roads_per_player
        set_ = object.__setattr__
        set_(self, "board", board)
        set_(self, "roads_per_player", roads)
        set_(self, "components", comps if comps.roads_per_player == roads else replace(comps, roads_per_player=roads))
        tokens = comps.tokens_in_play(self.players, all_tokens_variant=self.all_tokens_variant)
        set_(self, "_tokens", tuple(tokens.items()))

    @property
    def start_roads(self) -> tuple[int, ...]:
        """Roads each seat starts with: ``roads_per_player``, plus the seat handicap's start bonus
        (one Road per unit, :data:`rometools.caesars_empire.START_BONUS`)."""
        return tuple(self.roads_per_player + self.handicap.bonus(s) for s in range(self.players))

    @property
    def tokens_in_play(self) -> dict[str, int]:
        """Treasure tokens shuffled at set-up, ``{Treasure id: tokens}``."""
        return dict(self._tokens)


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

    def __getstate__(self) -> dict:
        # pickled and deep-copied without the engine's facts: a cache (compiled, which does not
        # pickle), built again from the state on first use
        d = dict(self.__dict__)
        d["_facts"] = None
        return d
