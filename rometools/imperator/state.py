"""IMPERATOR values: workers, chain steps and outcomes, the config, the state, the options.

Plain immutable values and constants. The placement rules are in
:mod:`~rometools.imperator.placement`, the protocol in :mod:`~rometools.imperator.rules`;
nothing here computes a rule.

Rules: ``004_c0d35faf86920c09.txt``, Setup, Action Progression, If the Workers Have
the Same Value, Chain Reaction, Rewards.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rometools.core.errors import ArgumentError, OptionError
from rometools.core.formatting import shown
from rometools.core.game import CHANCE, TERMINAL
from rometools.core.options import Config, option
from rometools.imperator.board import RegionBoard, load_board
from rometools.imperator.components import Components, load_components

__all__ = [
    "CHANCE",
    "DEFAULT_STOCK",
    "LEFTOVER_OPTIONS",
    "PASS",
    "REVEAL_OPTIONS",
    "SKIP",
    "TERMINAL",
    "WORKER_VALUES",
    "GameConfig",
    "GameState",
    "PlacementOutcome",
    "Step",
    "Worker",
    "player_name",
]

#: Worker values ("the order, from strongest, is: 1, 2, 3, 4, 5").
WORKER_VALUES = (1, 2, 3, 4, 5)
#: The action of a seat that does not use the Imperator Action this round.
PASS = "pass"
#: The advanced game: decline the three-identical-icons action.
SKIP = "skip"
#: ``GameConfig.leftover``: what happens to tiles in regions nobody won (IMP-1).
LEFTOVER_OPTIONS = ("stay", "discard")
#: ``GameConfig.reveal``: when new tiles are revealed after round 1 (IMP-2).
REVEAL_OPTIONS = ("next_round", "at_once")
#: What a used Propraetor tile does (option ``propraetor``, IMP-11).
PROPRAETOR_OPTIONS = ("influence_zone", "none")
#: Resources of each kind a seat holds when the config gives no stock (illustrative).
DEFAULT_STOCK = 2


# ===================================================================== placement values
def player_name(player: Hashable) -> str:
    """How a player is named in messages: a seat (int) as ``"P1"``, ``"P2"``...; a colour as is.

    Examples
    --------
    >>> player_name(0), player_name("green")
    ('P1', 'green')
    """
    if isinstance(player, int) and not isinstance(player, bool):
        return f"P{player + 1}"
    return str(player)


@dataclass(frozen=True)
class Worker:
    """A worker with what decides its strength: its value and its owner's influence.

    Attributes
    ----------
    player : hashable
        Its owner: a seat (``0``) or a colour (``"green"``).
    value : int
        1 to 5.
    influence_zone : int
        The owner's unused influence zone on their cards (first tiebreak).
    political_influence : int
        The owner's political influence (second tiebreak).

    Raises
    ------
    ArgumentError
        If the value is not 1 to 5 or an influence figure is not a whole number, 0 or more.

    Examples
    --------
    >>> Worker("green", 3, influence_zone=2)
    Worker(player='green', value=3, influence_zone=2, political_influence=0)
    >>> Worker("green", 6)
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: a worker's value is 1 to 5, got 6
    """

    player: Hashable
    value: int
    influence_zone: int = 0
    political_influence: int = 0

    def __post_init__(self):
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value not in WORKER_VALUES:
            raise ArgumentError(f"a worker's value is 1 to 5, got {shown(self.value)}")
        for name in ("influence_zone", "political_influence"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ArgumentError(f"{name} must be a whole number, 0 or more, got {shown(v)}")
        try:
            hash(self.player)
        except TypeError:
            raise ArgumentError(f"a worker's player must be a seat or a colour name, got {shown(self.player)}") from None

    @classmethod
    def _of_state(cls, player: int, value: int, influence_zone: int, political_influence: int) -> Worker:
        """A worker from figures a state of the rules holds (already valid: not checked again; the
        rules build one per region and value at every decision)."""
        w = object.__new__(cls)
        w.__dict__.update(player=player, value=value, influence_zone=influence_zone,
                          political_influence=political_influence)
        return w


@dataclass(frozen=True)
class Step:
    """One step of a placement's chain reaction.

    Attributes
    ----------
    kind : str
        ``"place"`` (the active player's worker enters ``to``), ``"move"`` (a worker
        forced out of ``origin`` enters ``to``) or ``"remove"`` (a worker forced out of
        ``origin`` has no legal region and goes back to its owner).
    player : hashable
        The worker's owner.
    value : int
        The worker's value.
    origin : str or None
        The region it was forced out of (``None`` for ``"place"``).
    to : str or None
        The region it enters (``None`` for ``"remove"``).
    displaces : hashable or None
        The owner of the worker it forces out of ``to``, if any.
    choices : tuple[str, ...]
        The legal regions the owner could choose from (``"move"``; one for a forced move).

    Examples
    --------
    >>> Step("move", "green", 3, "a", "b", "blue", ("b",)).describe()
    "green's 3 is forced out of 'a' and moves to 'b', forcing out blue"
    """

    kind: str
    player: Hashable
    value: int
    origin: str | None = None
    to: str | None = None
    displaces: Hashable | None = None
    choices: tuple[str, ...] = ()

    def describe(self) -> str:
        """The step in words."""
        who = player_name(self.player)
        out = {"place": f"{who} places a {self.value} in {self.to!r}",
               "move": f"{who}'s {self.value} is forced out of {self.origin!r} and moves to {self.to!r}",
               "remove": f"{who}'s {self.value} is forced out of {self.origin!r}, has no legal region "
                         f"and goes back to its owner"}[self.kind]
        if self.displaces is not None:
            out += f", forcing out {player_name(self.displaces)}"
        return out


@dataclass(frozen=True)
class PlacementOutcome:
    """The result of one placement and its chain reaction.

    Attributes
    ----------
    occupants : tuple[tuple[str, Worker], ...]
        ``(region, worker)`` for every occupied region afterwards, in board order.
    steps : tuple[Step, ...]
        The placement, then each move, ending with a removal or an entry into an empty region.
    removed : Worker or None
        The worker that went back to its owner, if the chain ended that way.
    track : tuple[tuple[hashable, int], ...]
        ``(player, spaces)`` each player moves on the Action track, in the order they
        were first forced out: one space per time forced out of a region.

    Examples
    --------
    >>> from rometools.imperator import Layout, placement_outcomes
    >>> lay = Layout.build("ab", [("a", "b")])
    >>> out, = placement_outcomes(lay, {"a": 5, "b": 1}, {"a": Worker("green", 3)}, Worker("yellow", 4), "a")
    >>> out.board, out.track_moves, out.displacements
    ({'a': 'yellow', 'b': 'green'}, {'green': 1}, 1)
    """

    occupants: tuple[tuple[str, Worker], ...]
    steps: tuple[Step, ...]
    removed: Worker | None = None
    track: tuple[tuple[Hashable, int], ...] = ()

    @property
    def board(self) -> dict[str, Hashable]:
        """``{region: owner}`` after the chain."""
        return {r: w.player for r, w in self.occupants}

    @property
    def workers(self) -> dict[str, Worker]:
        """``{region: worker}`` after the chain."""
        return dict(self.occupants)

    @property
    def track_moves(self) -> dict[Hashable, int]:
        """``{player: Action-track spaces}`` gained."""
        return dict(self.track)

    @property
    def displacements(self) -> int:
        """Workers forced out of a region (each a move or the removal)."""
        return sum(1 for s in self.steps if s.kind != "place")

    def describe(self) -> list[str]:
        """Each step in words."""
        return [s.describe() for s in self.steps]


# ===================================================================== config
#: Largest count a config option takes (a resource stock, an influence): larger is a typo, and a
#: number past what the game's counters hold failed late with an OverflowError.
MAX_COUNT = 10_000


def _whole(value: Any, name: str, *, low: int = 0, high: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise OptionError(name.split("[")[0], f"{name} must be a whole number, {low} to {high:,}, "
                                              f"got {shown(value)}")
    return value


def _per_seat(value: Any, name: str, players: int, default: Any) -> tuple:
    """One value per seat: ``None`` (the default for every seat), one value for every
    seat, or a sequence with one per seat."""
    if value is None:
        return (default,) * players
    if isinstance(value, str) or not isinstance(value, Sequence) or isinstance(value, Mapping):
        return (value,) * players
    if len(value) != players:
        raise OptionError(name, f"{name} needs one entry per seat ({players}), got {len(value)}: {shown(value)}")
    return tuple(value)


def _stock_to_json(stock: tuple[tuple[int, ...], ...], config: GameConfig) -> list[dict[str, int]]:
    return [config.stock_of(s) for s in range(len(stock))]


@dataclass(frozen=True)
class GameConfig(Config):
    """Options of the IMPERATOR sub-game: a few rounds of placements, then rewards.

    Each option is declared once with :func:`~rometools.core.options.option`.

    Parameters
    ----------
    players : int
        Seats, 2 to 5 (a player count of the board). Default 4.
    board : RegionBoard, path or bundled name, optional
        Default: the bundled illustrative board.
    components : Components, path or bundled name, optional
        The reward tiles; default the bundled 20.
    rounds : int
        Rounds played (each: every seat one placement turn, then rewards). Default 4.
    workers : sequence, optional
        One entry per seat: the worker value it places (an int) or the values it may
        choose from (a sequence). Default: every seat may choose 1 to 5.
    influence_zones : int or per-seat sequence
        Unused influence zone on each seat's cards (first tiebreak). Default 0.
    political_influence : int or per-seat sequence
        Each seat's political influence at the start (second tiebreak; the statue tile
        adds 1). Default 0.
    stock : mapping or per-seat sequence of mappings, optional
        ``{resource: count}`` each seat holds (what an instant-points tile counts);
        missing resources count 0. Default: :data:`DEFAULT_STOCK` of every resource
        (illustrative).
    leftover : {"stay", "discard"}
        Tiles in regions nobody won stay for the next round (default) or go to the
        discard pile (IMP-1).
    reveal : {"next_round", "at_once"}
        New tiles are revealed after the round's rewards are resolved and used tiles
        discarded (default), or at once as each region is emptied, before the round's
        tiles reach the discard pile (IMP-2).
    hold_rounds : int
        A held (usable-once, Propraetor, any-value) tile is used in the round this many
        rounds after it was won and discarded at the end of that round's action phase;
        0: kept to the end, never used (IMP-3). Default 1.
    advanced : bool
        The advanced game: once per game, each seat whose worker is on the board may
        gain the reward of a neighbouring region (the tile stays) (IMP-6).

    Raises
    ------
    OptionError
        For an unsupported player count or a mistyped or out-of-range option, naming it.

    Examples
    --------
    >>> c = GameConfig(players=3, influence_zones=(2, 1, 0))
    >>> c.players, len(c.layout.regions), c.workers[0], c.influence_zones
    (3, 5, (1, 2, 3, 4, 5), (2, 1, 0))
    >>> GameConfig(players=6)
    Traceback (most recent call last):
    ...
    rometools.core.errors.OptionError: players: Ave Roma: IMPERATOR: the board 'Illustrative IMPERATOR board' is for 2, 3, 4, 5 players, got 6
    >>> d = GameConfig(players=2).to_dict()
    >>> d["board"]["bundled"], GameConfig.from_dict(d) == GameConfig(players=2)
    ('board.toml', True)
    """

    players: int = option(4, "seats at the table: 2 to 5, a player count of the board.")
    board: RegionBoard | None = option(None, "the region board: regions, their arrows and the Action track.",
                                       file=RegionBoard.from_file, kind=RegionBoard, inline=RegionBoard.from_dict)
    components: Components | None = option(None, "the reward tiles.", file=load_components, kind=Components)
    rounds: int = option(4, "rounds played, each every seat's placement turn and then the rewards.",
                         low=1, high=1000)
    workers: Any = option(None, "per seat, the worker value it places or the values it may choose from; "
                                "None: 1 to 5 for every seat.", kind=object,
                          shape="per seat: a worker value 1 to 5 or a list of them")
    influence_zones: Any = option(0, "unused influence zone on each seat's cards (the first tiebreak), one "
                                     "for every seat or one per seat.", kind=object,
                                  shape="a whole number 0 or more, or one per seat")
    political_influence: Any = option(0, "each seat's political influence at the start (the second "
                                         "tiebreak), one for every seat or one per seat.", kind=object,
                                      shape="a whole number 0 or more, or one per seat")
    stock: Any = option(None, "the resources each seat holds, {resource: count}, for every seat or one per "
                              "seat (what an instant-points tile counts); None: 2 of each.", kind=object,
                        encode=_stock_to_json, shape="{resource: count}, or one per seat")
    leftover: str = option("stay", "tiles in regions nobody won stay for the next round, or are discarded "
                                   "(IMP-1).", choices=LEFTOVER_OPTIONS)
    reveal: str = option("next_round", "new tiles are revealed after the round's rewards, or at once as each "
                                       "region empties (IMP-2).", choices=REVEAL_OPTIONS)
    hold_rounds: int = option(1, "rounds a held tile waits before it is used; 0: kept to the end, never used "
                                 "(IMP-3).", low=0, high=1000)
    advanced: bool = option(False, "the advanced game: once per game a seat may gain a neighbouring "
                                   "region's reward (IMP-6).")
    propraetor: str = option("influence_zone", "what a used Propraetor tile does: gain one influence zone (the "
                                               "first tiebreak) for the rest of the game, or nothing (its action "
                                               "belongs to the base game) (IMP-11).", choices=PROPRAETOR_OPTIONS)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def resolve(self) -> None:
        set_ = object.__setattr__
        board = self.board or load_board()
        comps = self.components or load_components()
        p = self.players
        if p not in board.player_counts or p < 2:
            counts = ", ".join(str(n) for n in board.player_counts if n >= 2)
            raise OptionError("players", f"the board {board.name!r} is for {counts} players, got {shown(p)}")
        regions = len(board.layout(p).regions)
        if regions > len(comps.tiles):
            raise OptionError("players", f"{regions} regions with {p} players but only {len(comps.tiles)} "
                                         f"reward tiles")
        workers = []
        for seat, values in enumerate(_per_seat(self.workers, "workers", p, WORKER_VALUES)):
            if isinstance(values, int) and not isinstance(values, bool):
                values = (values,)
            if isinstance(values, str) or not isinstance(values, Sequence) or not values:
                raise OptionError("workers", f"workers[{seat}] must be a non-empty list of worker values 1 to 5, "
                                             f"got {shown(values)}")
            for v in values:
                if isinstance(v, bool) or not isinstance(v, int) or v not in WORKER_VALUES:
                    raise OptionError("workers", f"workers[{seat}]: a worker's value is 1 to 5, got {shown(v)}")
            workers.append(tuple(sorted(set(values))))
        zones = tuple(_whole(v, f"influence_zones[{s}]") for s, v in
                      enumerate(_per_seat(self.influence_zones, "influence_zones", p, 0)))
        political = tuple(_whole(v, f"political_influence[{s}]") for s, v in
                          enumerate(_per_seat(self.political_influence, "political_influence", p, 0)))
        default_stock = {r: DEFAULT_STOCK for r in comps.resource_ids}
        stock = []
        for seat, held in enumerate(_per_seat(self.stock, "stock", p, default_stock)):
            if not isinstance(held, Mapping):
                raise OptionError("stock", f"stock[{seat}] must be a mapping of resource to count, got {shown(held)}")
            for r, n in held.items():
                if r not in comps.resource_ids:
                    raise OptionError("stock", f"stock[{seat}]: unknown resource {r!r}; expected one of "
                                               f"{list(comps.resource_ids)}")
                _whole(n, f"stock[{seat}][{r!r}]")
            stock.append(tuple(held.get(r, 0) for r in comps.resource_ids))
        set_(self, "board", board)
        set_(self, "components", comps)
        set_(self, "workers", tuple(workers))
        set_(self, "influence_zones", zones)
        set_(self, "political_influence", political)
        set_(self, "stock", tuple(stock))
        set_(self, "_hash", hash((p, board, comps, self.rounds, self.workers, zones, political, self.stock,
                                  self.leftover, self.reveal, self.hold_rounds, self.advanced, self.propraetor)))

    def __hash__(self) -> int:  # computed once: states hash their config often
        return self._hash

    @cached_property
    def layout(self):
        """The board's :class:`~rometools.imperator.board.Layout` for this player count (kept: the
        rules read it at every step)."""
        return self.board.layout(self.players)

    def stock_of(self, seat: int) -> dict[str, int]:
        """The starting stock of a seat, ``{resource: count}``."""
        return dict(zip(self.components.resource_ids, self.stock[seat], strict=True))


# ===================================================================== state
@dataclass(frozen=True)
class GameState:
    """An immutable IMPERATOR position plus its full history.

    Build it with :func:`~rometools.imperator.new_game`; change it only with
    :func:`~rometools.imperator.apply`. Regions are indexed in the layout's board
    order; tiles are ids of the config's components.

    Attributes
    ----------
    config : GameConfig
    round : int
        The round being played (1-based); ``rounds + 1`` once over.
    phase : str
        ``"reveal"`` (a chance node: the next empty region gets a tile), ``"place"``
        (a seat's placement turn), ``"displace"`` (the owner of a forced-out worker
        chooses where it goes), ``"icons"`` (the advanced game's extra action) or
        ``"over"``.
    tiles : tuple[str or None, ...]
        The tile on each region (``None``: none).
    stack : tuple[str, ...]
        Face-down tiles (sorted: the pile's composition; its order is a chance node).
    discard : tuple[str, ...]
        The discard pile (sorted).
    limbo : tuple[str, ...]
        With ``reveal="at_once"``: tiles leaving the board this round that reach the
        discard pile once the regions are refilled.
    occupant : tuple[int, ...]
        Seat of the worker on each region, ``-1`` for none.
    value : tuple[int, ...]
        Value of the worker on each region, ``0`` for none.
    turn : int
        Seats that have had their placement turn this round.
    pending : tuple or None
        In phase ``"displace"``: ``(seat, value, origin region index, forced)``, where
        ``forced`` is the sorted ``(seat, region index)`` pairs forced out so far in the chain.
    political : tuple[int, ...]
        Each seat's political influence now.
    zones : tuple[int, ...]
        Each seat's unused influence zone now (the first tiebreak): the config's, plus one
        for each Propraetor tile it has used (option ``propraetor``, IMP-11).
    stock : tuple[tuple[int, ...], ...]
        Each seat's resources now (components' resource order).
    held : tuple[tuple[tuple[str, int], ...], ...]
        Each seat's held tiles as ``(tile, round won)``.
    icons_used : tuple[bool, ...]
        The advanced game: whether each seat has used its three-identical-icons action.
    points : tuple[int, ...]
        Points from instant tiles so far (points).
    track : tuple[int, ...]
        Each seat's Action-track space.
    history : tuple[tuple, ...]
        Every record since the start (see :func:`~rometools.imperator.rules.action_history`).
    start : None
        Games start from the set-up (no positions).
    seed : int, tuple or None
        Entropy of the generator that dealt the set-up (information only). Not compared.

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = new_game(GameConfig(players=2), rng=1)
    >>> s.round, s.phase, len(s.tiles), len(s.stack), s.track
    (1, 'place', 4, 16, (0, 0))
    """

    config: GameConfig
    round: int
    phase: str
    tiles: tuple[str | None, ...]
    stack: tuple[str, ...]
    discard: tuple[str, ...]
    limbo: tuple[str, ...]
    occupant: tuple[int, ...]
    value: tuple[int, ...]
    turn: int
    pending: tuple | None
    political: tuple[int, ...]
    zones: tuple[int, ...]
    stock: tuple[tuple[int, ...], ...]
    held: tuple[tuple[tuple[str, int], ...], ...]
    icons_used: tuple[bool, ...]
    points: tuple[int, ...]
    track: tuple[int, ...]
    history: tuple[tuple, ...] = ()
    start: None = None
    seed: Any = field(default=None, compare=False)
    _facts: Any = field(default=None, compare=False, repr=False)
