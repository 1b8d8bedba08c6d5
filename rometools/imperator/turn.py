# rometools: compiled twin
# cython: annotation_typing=False
"""An IMPERATOR action applied: the decision or the reveal, then every step the rules take on their own
(the chain reaction, the advanced action's turn, the next seat, rewards at the end of the round, the
next reveals, held tiles used).

Rules: ``004_c0d35faf86920c09.txt`` (Action Progression, If the Workers Have the Same Value, Chain
Reaction, Rewards, Usable-Once Rewards, Advanced Game). :mod:`~rometools.imperator.rules` (the
protocol: :func:`~rometools.imperator.rules.new_game`, ``legal_actions``...) takes :func:`apply`,
:func:`apply_legal` and the state's figures (:func:`markers`, :func:`occupants`, :func:`worker`,
:func:`allowed_values`) from here, and calls :func:`start` for the set-up's reveals; the placement
rules themselves are :mod:`~rometools.imperator.placement`.

Each step works on one working copy of the state's fields (a dict copied once per action and handed
to the one new state), with the config's facts in a private :class:`_Facts` built once per config.

Examples
--------
>>> from rometools.imperator import GameConfig, new_game
>>> s = new_game(GameConfig(players=2), rng=3)
>>> s2 = apply(s, ("latium", 3))
>>> s2.occupant[0], s.occupant[0]
(0, -1)
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython
if cython.compiled:   # the C function that gives an object its attribute dict (_state)
    from cython.cimports.cpython.object import PyObject_GenericSetDict

from rometools.core.errors import refused
from rometools.core.formatting import shown
from rometools.imperator.placement import can_enter, placement_problem
from rometools.imperator.state import PASS, SKIP, WORKER_VALUES, GameConfig, GameState, Worker

__all__ = ["allowed_values", "apply", "apply_legal", "displace_options", "markers", "occupants", "start", "worker"]

#: The advanced action's word: ``("icons", region)``.
ICONS = "icons"


# ===================================================================== a config's facts
@cython.final
@cython.cclass
class _Facts:
    """What the rules read of a config at every step, looked up once per config (:func:`_facts`):
    plain dicts and tuples in place of the components' and layout's read-only mappings and
    methods, and the options the steps test. Private to this module; never part of a state.

    Compiled, an extension type whose fields the step functions read as C struct members."""

    config = cython.declare(object, visibility="readonly")
    regions = cython.declare(tuple, visibility="readonly")
    index = cython.declare(dict, visibility="readonly")
    marker = cython.declare(dict, visibility="readonly")
    reward = cython.declare(dict, visibility="readonly")
    successors = cython.declare(tuple, visibility="readonly")
    workers = cython.declare(tuple, visibility="readonly")
    players = cython.declare(cython.long, visibility="readonly")
    track_end = cython.declare(cython.long, visibility="readonly")
    hold_rounds = cython.declare(cython.long, visibility="readonly")
    last_round = cython.declare(cython.long, visibility="readonly")
    advanced = cython.declare(cython.bint, visibility="readonly")
    propraetor_zone = cython.declare(cython.bint, visibility="readonly")
    leftover_discard = cython.declare(cython.bint, visibility="readonly")
    reveal_next_round = cython.declare(cython.bint, visibility="readonly")

    def __init__(self, config: GameConfig):
        lay, comps = config.layout, config.components
        self.config = config
        self.regions = tuple(lay.regions)
        self.index = dict(lay.index)
        self.marker = dict(comps.marker_of)
        resources = comps.resource_ids
        # per tile: (kind, resource index or -1, amount or points, instant); the kinds are validated on load
        self.reward = {t.id: (t.kind, -1 if t.resource is None else resources.index(t.resource),
                              t.points if t.kind == "instant_points" else t.amount, t.instant) for t in comps.tiles}
        self.successors = tuple(tuple(lay.index[s] for s in lay.successors[r]) for r in lay.regions)
        self.workers = tuple(config.workers)
        self.players = config.players
        self.track_end = config.board.track_end
        self.hold_rounds = config.hold_rounds
        self.last_round = config.rounds
        self.advanced = bool(config.advanced)
        self.propraetor_zone = config.propraetor == "influence_zone"
        self.leftover_discard = config.leftover == "discard"
        self.reveal_next_round = config.reveal == "next_round"


#: Each config's :class:`_Facts` by ``id``, with the config itself (the id of a config no longer
#: alive may be reused): the few configs a process plays.
_FACTS: dict = {}
#: ``(config, facts)`` of the config last asked (one tuple, replaced at once: a thread never pairs
#: a config with another's facts).
_LAST: tuple = (None, None)


@cython.cfunc
def _facts(config: GameConfig) -> _Facts:
    """The config's :class:`_Facts`, built on its first step."""
    global _LAST
    kept = _LAST
    if kept[0] is config:
        return kept[1]
    kept = _FACTS.get(id(config))
    if kept is None or kept[0] is not config:
        if len(_FACTS) >= 32:
            _FACTS.clear()
        kept = _FACTS[id(config)] = (config, _Facts(config))
    _LAST = kept
    return kept[1]


@cython.cfunc
def _state(fields: dict) -> GameState:
    """A state holding ``fields`` (an action's working copy of its state's fields, handed over): its
    dict set past the frozen class's guard, as ``object.__setattr__(new, "__dict__", fields)`` sets
    it (compiled: the C function that does, without the call through ``object``)."""
    new = GameState.__new__(GameState)
    if cython.compiled:
        PyObject_GenericSetDict(new, fields, cython.NULL)
    else:
        object.__setattr__(new, "__dict__", fields)
    return new


# ===================================================================== reading a state
def markers(state: GameState) -> dict[str, int]:
    """``{region: marker}`` of every region holding a tile.

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> sorted(set(markers(new_game(rng=1)).values()))
    [1, 5]
    """
    tiles = state.config.components
    return {r: tiles.tile(t).marker for r, t in zip(state.config.layout.regions, state.tiles, strict=True)
            if t is not None}


def worker(state: GameState, seat: int, value: int) -> Worker:
    """Seat ``seat``'s worker of ``value``, with its influence zone and political influence now.

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> worker(new_game(GameConfig(players=2, influence_zones=(2, 0)), rng=0), 0, 3)
    Worker(player=0, value=3, influence_zone=2, political_influence=0)
    """
    return Worker(seat, value, state.zones[seat], state.political[seat])


def _worker(state: GameState, seat: int, value: int) -> Worker:
    """:func:`worker` for a value the state itself gives (not checked again)."""
    return Worker._of_state(seat, value, state.zones[seat], state.political[seat])


def occupants(state: GameState) -> dict[str, Worker]:
    """``{region: Worker}`` of the workers on the board (players are seats).

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = apply(new_game(rng=1), ("latium", 3))
    >>> occupants(s)
    {'latium': Worker(player=0, value=3, influence_zone=0, political_influence=0)}
    """
    return {r: _worker(state, s, v) for r, s, v in zip(state.config.layout.regions, state.occupant, state.value,
                                                      strict=True) if s >= 0}


def allowed_values(state: GameState, seat: int) -> tuple[int, ...]:
    """The worker values ``seat`` may place this round.

    Its config's values; every value 1 to 5 in a round where it uses an "any worker
    value" tile ("When you use this tile, the worker you place will be of any value
    (1 to 5)", Usable-Once Rewards; IMP-3).

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> allowed_values(new_game(GameConfig(players=2, workers=(3, (2, 4))), rng=0), 1)
    (2, 4)
    """
    return _allowed(state.__dict__, _facts(state.config), seat)


@cython.cfunc
@cython.locals(d=dict, f=_Facts, seat=cython.long)
def _allowed(d: dict, f: _Facts, seat: int) -> tuple:
    """:func:`allowed_values` of the fields ``d``."""
    if f.hold_rounds and d["held"][seat]:
        for t in _in_use(d, f, seat):
            if f.reward[t][0] == "any_worker_value":
                return WORKER_VALUES
    return f.workers[seat]


def _is_action(config: GameConfig, action: Any) -> bool:
    """Whether ``action`` is an action of the game with ``config`` at all (what ``apply`` refuses as
    illegal, not invalid): a tile id (a reveal), or a decision of any step: :data:`PASS`,
    :data:`SKIP`, a region id, ``(region, worker value)`` or ``("icons", region)``."""
    regions = config.layout.index
    if isinstance(action, str):
        return action in (PASS, SKIP) or action in regions or action in config.components.tile_ids
    if not (isinstance(action, tuple | list) and len(action) == 2 and isinstance(action[1], str | int)):
        return False
    first, second = action
    if isinstance(first, str) and first == ICONS:
        return isinstance(second, str) and second in regions
    return (isinstance(first, str) and first in regions and isinstance(second, int)
            and not isinstance(second, bool) and second in WORKER_VALUES)


def start(fields: dict, config: GameConfig) -> GameState:
    """The state of ``fields`` (a new game's, its set-up reveals drawn: ``rules.new_game``, handed
    over): the reveals go on while a region lacks a tile and a tile is left, else the first round
    starts.

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> fields = new_game().__dict__.copy()   # no tile revealed yet: the reveals go on
    >>> start(fields, fields["config"]).phase
    'reveal'
    """
    _continue_reveal(fields, _facts(config))
    return _state(fields)


def displace_options(state: GameState) -> list[str]:
    """The region ids the forced-out worker pending in ``state`` may move to, in arrow order (the
    legal actions of its owner's choice).

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = apply(apply(new_game(GameConfig(players=2), rng=1), ("latium", 1)), ("latium", 2))
    >>> s.phase, displace_options(s)   # P1's 1, forced out of latium by P2's 2
    ('displace', ['etruria', 'campania'])
    """
    seat, value, origin, forced = state.pending
    f = _facts(state.config)
    return [f.regions[r] for r in _moves(state.__dict__, f, seat, value, origin, frozenset(forced))]


# ===================================================================== an action's steps
# Each step below works on ``d``, the action's working copy of its state's fields (a dict copied
# once per action from the state's own, changed in place, and handed to the one new state:
# :func:`_state`), with the config's :class:`_Facts` ``f``.
@cython.cfunc
@cython.locals(s=dict, d=dict, f=_Facts, i=cython.Py_ssize_t, j=cython.Py_ssize_t, row=list)
def _reveal(state: GameState, tile: Any) -> GameState:
    s = state.__dict__
    stack, discard = s["stack"], s["discard"]
    pile = stack or discard
    if not isinstance(tile, str) or tile not in pile:
        where = "stack" if stack else "discard pile (reshuffled)"
        raise refused(f"revealing a tile: {shown(tile)} is not in the {where}; it holds {sorted(set(pile))}",
                      well_formed=_is_action(s["config"], tile))
    f = _facts(s["config"])
    d = s.copy()
    history = d["history"]
    if not stack:  # "If the Reward tiles run out, the discard pile is shuffled and a new draw pile is formed."
        history += (("reshuffle", len(discard)),)
        stack, discard = discard, ()
    i = d["tiles"].index(None)
    row = list(d["tiles"])
    row[i] = tile
    d["tiles"] = tuple(row)
    row = list(stack)
    del row[stack.index(tile)]
    d["stack"] = tuple(row)
    d["discard"] = discard
    d["history"] = history + (("reveal", f.regions[i], tile),)
    _continue_reveal(d, f)
    return _state(d)


@cython.cfunc
@cython.locals(d=dict, f=_Facts)
def _continue_reveal(d: dict, f: _Facts) -> None:
    """Stay at the reveal chance node while a region lacks a tile and a tile is left;
    then the used tiles waiting (``limbo``) reach the discard and the round starts."""
    if None in d["tiles"] and (d["stack"] or d["discard"]):
        d["phase"] = "reveal"
        return
    if d["limbo"]:
        d["discard"] = tuple(sorted(d["discard"] + d["limbo"]))
        d["limbo"] = ()
    _start_round(d, f)


@cython.cfunc
@cython.locals(d=dict, f=_Facts, seat=cython.long, held=tuple, stock=list, zones=list, records=list, row=list)
def _start_round(d: dict, f: _Facts) -> None:
    """Held tiles used this round take effect (resources into the stock, a Propraetor's
    influence zone), then the first player places. Usable-Once Rewards: "When you use this
    tile, you gain the denarii, basic resources or surplus shown on the tile" (IMP-3);
    "Propraetor: During the Propraetor action, you may gain an influence zone in the usual
    way. You may use this tile for 1 influence" (IMP-11)."""
    d["phase"], d["turn"], d["pending"] = "place", 0, None
    held = d["held"]
    for seat in range(f.players):
        if held[seat]:
            break
    else:   # nothing held, nothing used
        return
    stock = list(d["stock"])
    zones = list(d["zones"])
    records = []
    for seat in range(f.players):
        for t in _in_use(d, f, seat):
            kind, resource, amount, _ = f.reward[t]
            records.append(("use", seat, t))
            if kind == "usable_once":
                row = list(stock[seat])
                row[resource] += amount
                stock[seat] = tuple(row)
            elif kind == "propraetor" and f.propraetor_zone:
                zones[seat] += 1
    d["stock"], d["zones"], d["history"] = tuple(stock), tuple(zones), d["history"] + tuple(records)


@cython.cfunc
@cython.locals(f=_Facts, h=cython.long, now=cython.long)
def _in_use(d: dict, f: _Facts, seat: int) -> list:
    """Held tiles seat ``seat`` uses this round (won ``hold_rounds`` rounds ago)."""
    h = f.hold_rounds
    if not h:
        return []
    now = d["round"]
    return [t for t, won in d["held"][seat] if won + h == now]


# ===================================================================== placements and chains
@cython.cfunc
@cython.locals(d=dict, f=_Facts, n=cython.long)
def _placing(d: dict, f: _Facts) -> int:
    """The seat to place (``rules.current_player`` at a placement) of the fields ``d``: from the round's
    first player, seat ``(round - 1) % players``."""
    n = f.players
    return ((d["round"] - 1) % n + d["turn"]) % n


@cython.cfunc
@cython.locals(d=dict, f=_Facts, seat=cython.long, value=cython.long, region=cython.Py_ssize_t,
               out_seat=cython.long, out_value=cython.long, occupant=list, value_at=list, track=list)
def _displace(d: dict, f: _Facts, records: list, seat: int, value: int, region: int, forced: frozenset,
              chosen: bool, origin: int | None) -> None:
    """Put seat's worker on ``region`` (``records``: the action's history records so far, appended
    to and joined on the history once); a worker there is forced out and moves one space
    on the Action track ("the player who was forced out of their original region or off
    the board moves their cube one space"), then the chain goes on."""
    occupant, value_at = list(d["occupant"]), list(d["value"])
    out_seat, out_value = occupant[region], value_at[region]
    occupant[region], value_at[region] = seat, value
    d["occupant"], d["value"] = tuple(occupant), tuple(value_at)
    displaced = None if out_seat < 0 else out_seat
    if origin is None:
        records.append(("place", seat, f.regions[region], value, displaced))
    else:
        records.append(("choose" if chosen else "push", seat, f.regions[origin], f.regions[region], displaced))
    if displaced is None:
        d["history"] = d["history"] + tuple(records)
        _after_placement(d, f)
        return
    track = list(d["track"])
    track[out_seat] = min(track[out_seat] + 1, f.track_end)
    d["track"] = tuple(track)
    _chain(d, f, records, out_seat, out_value, region, forced | {(out_seat, region)})


@cython.cfunc
@cython.locals(d=dict, f=_Facts, seat=cython.long, value=cython.long, origin=cython.Py_ssize_t,
               options=list)
def _chain(d: dict, f: _Facts, records: list, seat: int, value: int, origin: int, forced: frozenset) -> None:
    """A forced-out worker's next step: no legal region -> back to its owner; one -> it
    moves there; several -> its owner chooses (a decision node). Chain Reaction: "The
    final result of a chain reaction is either a player being removed from the Action
    board ... or all players being able to occupy a region." (IMP-4 for going back)."""
    options = _moves(d, f, seat, value, origin, forced)
    if not options:
        records.append(("remove", seat, f.regions[origin]))
        d["history"] = d["history"] + tuple(records)
        _after_placement(d, f)
        return
    if len(options) == 1:
        _displace(d, f, records, seat, value, options[0], forced, False, origin)
        return
    d["phase"], d["pending"] = "displace", (seat, value, origin, tuple(sorted(forced)))
    d["history"] = d["history"] + tuple(records)


@cython.cfunc
@cython.locals(d=dict, f=_Facts, seat=cython.long, value=cython.long, origin=cython.Py_ssize_t,
               r=cython.Py_ssize_t, s=cython.long, m=cython.long, mine=cython.long, theirs=cython.long,
               zone=cython.long, political=cython.long, occupant=tuple, tiles=tuple, out=list)
def _moves(d: dict, f: _Facts, seat: int, value: int, origin: int, forced) -> list:
    """The region numbers seat's worker of ``value``, forced out of region ``origin``, may move to,
    in arrow order: :func:`~rometools.imperator.placement.legal_moves` on the fields ``d``
    (``forced``: the ``(seat, region number)`` pairs forced out so far in the chain). A region
    without a tile is closed, and so is one the seat was forced out of; a worker there is beaten
    by one nearer the marker, else equally near with more unused influence zone, else with more
    political influence, else equal (a forced-out worker wins a full tie: ``can_enter``).
    ``tests/imperator`` holds the two equal."""
    occupant, tiles = d["occupant"], d["tiles"]
    zones, politicals, values = d["zones"], d["political"], d["value"]
    zone, political = zones[seat], politicals[seat]
    out = []
    for r in f.successors[origin]:
        t = tiles[r]
        if t is None or (seat, r) in forced:
            continue
        s = occupant[r]
        if s >= 0:
            m = f.marker[t]
            if m != 1 and m != 5:   # can_enter's refusal, in its words
                can_enter(Worker(seat, value, zone, political), Worker(s, values[r], zones[s], politicals[s]), m,
                          displaced=True)
            mine, theirs = abs(value - m), abs(values[r] - m)
            if mine > theirs:
                continue
            if mine == theirs and (zone < zones[s] or (zone == zones[s] and political < politicals[s])):
                continue
        out.append(r)
    return out


@cython.cfunc
@cython.locals(d=dict, f=_Facts, seat=cython.long)
def _icons_open(d: dict, f: _Facts, seat: int) -> list:
    """Advanced Game: regions neighbouring the seat's worker that hold a tile (fields ``d``)."""
    if not f.advanced or d["icons_used"][seat] or seat not in d["occupant"]:
        return []
    lay = f.config.layout
    here = f.regions[d["occupant"].index(seat)]
    tiles, index = d["tiles"], f.index
    return [r for r in lay.adjacent(here) if tiles[index[r]] is not None]


def _icon_regions(state: GameState, seat: int) -> list[str]:
    """Advanced Game: regions neighbouring the seat's worker that hold a tile."""
    return _icons_open(state.__dict__, _facts(state.config), seat)


@cython.cfunc
@cython.locals(d=dict, f=_Facts, seat=cython.long)
def _after_placement(d: dict, f: _Facts) -> None:
    """The advanced action when the seat has one, else the next turn."""
    if f.advanced:
        seat = _placing(d, f)
        if _icons_open(d, f, seat):
            d["phase"], d["pending"] = "icons", (seat,)
            return
    _next_turn(d, f)


@cython.cfunc
@cython.locals(d=dict, f=_Facts)
def _next_turn(d: dict, f: _Facts) -> None:
    """The next seat's placement, or the end of the round after the last seat's."""
    if d["turn"] + 1 == f.players:
        _end_round(d, f)
        return
    d["phase"], d["pending"], d["turn"] = "place", None, d["turn"] + 1


@cython.cfunc
@cython.locals(f=_Facts, seat=cython.long, gained=cython.long, row=list)
def _gain(f: _Facts, seat: int, tile_id: str, points: list, political: list, stock: list, resources: bool) -> int:
    """Apply a tile's reward to seat's figures (lists changed in place; ``stock`` a list of the seats'
    tuples, changed only with ``resources``, so without it the state's own tuple may be passed); the
    points gained. Instant Rewards: "You score points according to your current stock of the
    resource shown on the tile"; "Increase your political influence by 1". With
    ``resources`` a usable-once tile's resources are gained at once (the advanced
    action "immediately gain the reward")."""
    kind, resource, amount, _ = f.reward[tile_id]
    if kind == "instant_points":
        gained = stock[seat][resource] * amount
        points[seat] += gained
        return gained
    if kind == "political_influence":
        political[seat] += amount
    elif kind == "usable_once" and resources:
        row = list(stock[seat])
        row[resource] += amount
        stock[seat] = tuple(row)
    return 0


# ===================================================================== end of the round
@cython.cfunc
@cython.locals(d=dict, f=_Facts, r=cython.long, seat=cython.long, i=cython.Py_ssize_t, n=cython.Py_ssize_t,
               records=list, points=list, political=list, held=list, discard=list, tiles=list, leaving=list,
               occupant=tuple, gained=cython.long)
def _end_round(d: dict, f: _Facts) -> None:
    """Rewards, used tiles to the discard, workers recovered, then the next round's reveals.

    Rewards: "As soon as the Action phase is over ... the players receive the Reward
    tiles corresponding to the regions they have won. A reward can be instant
    (lightning icon) or usable later in the game. Used Reward tiles are gathered into a
    discard pile." Tiles left in regions stay or are discarded (``leftover``, IMP-1);
    new tiles are revealed after the used tiles reach the pile or before (``reveal``,
    IMP-2).
    """
    r = d["round"]
    records = []   # this step's history records, joined to the history once
    points, political = list(d["points"]), list(d["political"])
    held = list(d["held"])
    discard = list(d["discard"])
    for seat in range(f.players):  # held tiles used this round go to the discard pile
        used = set(_in_use(d, f, seat)) if held[seat] else None
        if used:
            discard += [t for t, _ in held[seat] if t in used]
            held[seat] = tuple([(t, w) for t, w in held[seat] if t not in used])
    tiles, leaving = list(d["tiles"]), []
    occupant, stock = d["occupant"], d["stock"]
    n = len(tiles)
    for i in range(n):
        seat, tile = occupant[i], tiles[i]
        if seat >= 0 and tile is not None:
            gained = 0
            if f.reward[tile][3]:  # instant: applied at once, then to the discard pile (the stock is only read)
                gained = _gain(f, seat, tile, points, political, stock, False)
                leaving.append(tile)
            else:  # "Usable-once tiles are held until used"
                held[seat] = (*held[seat], (tile, r))
            records.append(("reward", seat, f.regions[i], tile, gained))
            tiles[i] = None
    if f.leftover_discard:
        leaving += [t for t in tiles if t is not None]
        tiles = [None] * n
    d["round"], d["tiles"], d["occupant"], d["value"] = r + 1, tuple(tiles), (-1,) * n, (0,) * n
    d["turn"], d["pending"] = 0, None
    d["points"], d["political"], d["held"] = tuple(points), tuple(political), tuple(held)
    if r == f.last_round:
        records.append(("end", r))
        d["phase"], d["discard"] = "over", tuple(sorted(discard + leaving))
        d["history"] = d["history"] + tuple(records)
        return
    records.append(("round", r + 1))
    if f.reveal_next_round:
        discard += leaving
    else:
        d["limbo"] = tuple(sorted(leaving))
    # the next round's reveals (a chance node) unless no region lacks a tile or no tile is left
    d["phase"], d["discard"] = "reveal", tuple(sorted(discard))
    d["history"] = d["history"] + tuple(records)
    _continue_reveal(d, f)


# ===================================================================== an action applied
def apply(state: GameState, action: Any) -> GameState:
    """Apply one action and return the new state (``state`` is never changed).

    Raises
    ------
    InvalidActionError
        If the value is no action of the game at all, quoting it: neither a
        tile id of the components, :data:`PASS`, :data:`SKIP`, a region id of
        the layout, ``(region, worker value 1 to 5)`` nor ``("icons", region)``.
    IllegalActionError
        If it is one but the rules forbid it now, saying why: a tile not in
        the stack or at a seat's turn, a decision at a reveal, a worker value
        the seat cannot place this round, a region held by a stronger worker,
        another step's decision, any action once the game is over. ``state``
        is unchanged.

    Examples
    --------
    >>> from rometools.imperator import current_player, new_game
    >>> s = apply(new_game(GameConfig(players=2), rng=3), ("latium", 3))
    >>> s.occupant[0], current_player(s)
    (0, 1)
    >>> apply(s, ("latium", 3))
    Traceback (most recent call last):
    ...
    rometools.core.errors.IllegalActionError: P2 cannot place a 3 in 'latium': P1's 3 holds 'latium': equal value (3), influence zone (0) and political influence (0); placing is forbidden when all three are equal
    """
    phase = state.phase
    if phase == "reveal":
        return _reveal(state, action)
    config = state.config
    if phase == "over":
        raise refused(f"the game is over; no action {shown(action)} can be applied",
                      well_formed=_is_action(config, action))
    lay = config.layout
    if phase == "displace":
        seat, value, origin, forced = state.pending
        options = displace_options(state)
        if not isinstance(action, str) or action not in options:
            raise refused(f"P{seat + 1}'s {value}, forced out of {lay.regions[origin]!r}, may move to "
                          f"{options}; got {shown(action)}", well_formed=_is_action(config, action))
        d, f = state.__dict__.copy(), _facts(config)
        d["phase"], d["pending"] = "place", None
        _displace(d, f, [], seat, value, f.index[action], frozenset(forced), True, origin)
        return _state(d)
    if phase == "icons":
        seat = state.pending[0]
        if isinstance(action, str) and action == SKIP:
            return _then_next_turn(state, (SKIP, seat))
        choices = _icon_regions(state, seat)
        if not (isinstance(action, tuple | list) and len(action) == 2 and action[0] == ICONS
                and isinstance(action[1], str) and action[1] in choices):
            raise refused(f"P{seat + 1} may take the reward of a neighbouring region, ('icons', region) with "
                          f"region one of {choices}, or {SKIP!r}; got {shown(action)}",
                          well_formed=_is_action(config, action))
        f = _facts(config)
        points, political, stock = list(state.points), list(state.political), list(state.stock)
        tile = state.tiles[f.index[action[1]]]
        gained = _gain(f, seat, tile, points, political, stock, True)
        zones = state.zones   # "immediately gain the reward": a Propraetor's influence zone too (IMP-11)
        if f.reward[tile][0] == "propraetor" and f.propraetor_zone:
            zones = zones[:seat] + (zones[seat] + 1,) + zones[seat + 1:]
        d = state.__dict__.copy()
        d["points"], d["political"], d["stock"], d["zones"] = tuple(points), tuple(political), tuple(stock), zones
        d["icons_used"] = state.icons_used[:seat] + (True,) + state.icons_used[seat + 1:]
        d["history"] = (*state.history, (ICONS, seat, action[1], tile, gained))
        _next_turn(d, f)
        return _state(d)
    seat = _placing(state.__dict__, _facts(config))
    if isinstance(action, str) and action == PASS:
        return _then_next_turn(state, (PASS, seat))
    if not (isinstance(action, tuple | list) and len(action) == 2 and isinstance(action[0], str)
            and isinstance(action[1], int) and not isinstance(action[1], bool)):
        raise refused(f"a placement is (region, worker value) such as ('latium', 3), or {PASS!r}; got {shown(action)}",
                      well_formed=_is_action(config, action))
    region, value = action
    if value not in allowed_values(state, seat):
        raise refused(f"P{seat + 1} may place a worker of value {list(allowed_values(state, seat))} this round, "
                      f"not {shown(value)}", well_formed=_is_action(config, action))
    problem = placement_problem(lay, markers(state), occupants(state), worker(state, seat, value), region)
    if problem is not None:
        raise refused(f"P{seat + 1} cannot place a {value} in {shown(region)}: {problem}",
                      well_formed=_is_action(config, action))
    return _placed(state.__dict__, _facts(config), seat, value, lay.index[region])


@cython.cfunc
@cython.locals(s=dict, d=dict, f=_Facts)
def _placed(s: dict, f: _Facts, seat: int, value: int, region: int) -> GameState:
    """The state after seat's worker of ``value`` is placed in region number ``region`` (legal), from
    the state's fields ``s``."""
    d = s.copy()
    _displace(d, f, [], seat, value, region, _NONE_FORCED, False, None)
    return _state(d)


#: No worker forced out yet.
_NONE_FORCED = frozenset()


@cython.cfunc
@cython.locals(d=dict)
def _then_next_turn(state: GameState, record: tuple) -> GameState:
    """The next turn after a step that only adds ``record`` to the history (a pass, a skip)."""
    d = state.__dict__.copy()
    d["history"] = d["history"] + (record,)
    _next_turn(d, _facts(d["config"]))
    return _state(d)


@cython.locals(s=dict, f=_Facts)
def apply_legal(state: GameState, action: Any) -> GameState:
    """:func:`apply` for an action taken from :func:`~rometools.imperator.rules.legal_actions` of ``state``
    (no second check).

    A placement goes straight to its displacements; the board is not checked again and the
    placement not explained again, which was a third of a game's time (``check_game`` holds
    the state equal to :func:`apply`'s after every action of seeded games). A reveal goes
    straight to the reveal (which still checks the tile). Every other action is applied by
    :func:`apply`.

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = new_game(GameConfig(players=2), rng=3)
    >>> apply_legal(s, ("latium", 3)) == apply(s, ("latium", 3))
    True
    """
    s = state.__dict__
    phase = s["phase"]
    if phase == "place" and type(action) is tuple:
        f = _facts(s["config"])
        return _placed(s, f, _placing(s, f), action[1], f.index[action[0]])
    if phase == "reveal":
        return _reveal(state, action)
    return apply(state, action)
