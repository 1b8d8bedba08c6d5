"""Strength, placement and chain reactions on the Imperator board: the reference rules.

Pure functions over a :class:`~rometools.imperator.board.Layout` (regions and arrows),
the tile marker on each region (``{region: 1 or 5}``; a region without a tile is
absent or ``None``) and the workers on the board (``{region: Worker}``). The
protocol game (:mod:`~rometools.imperator.rules`) plays the same rules one decision
at a time; the explorer and the notebook call these directly.

Rules: ``004_c0d35faf86920c09.txt``, Action Progression, If the Workers Have the Same
Value, Chain Reaction. Each rule below stands beside its quote.

Examples
--------
The rulebook's worked example: yellow 4 attacks green 3 on a marker-5 tile; green
moves into blue's region (equal value 3, green has more unused influence zone); blue
cannot move and is removed; green and blue each move one space on the Action track.

>>> from rometools.imperator import Layout, Worker, placement_outcomes
>>> lay = Layout.build(["left", "right"], [("left", "right")])
>>> green, blue = Worker("green", 3, influence_zone=2), Worker("blue", 3, influence_zone=1)
>>> out, = placement_outcomes(lay, {"left": 5, "right": 5}, {"left": green, "right": blue},
...                           Worker("yellow", 4), "left")
>>> for line in out.describe(): print(line)
yellow places a 4 in 'left', forcing out green
green's 3 is forced out of 'left' and moves to 'right', forcing out blue
blue's 3 is forced out of 'right', has no legal region and goes back to its owner
>>> out.board, out.track_moves
({'left': 'yellow', 'right': 'green'}, {'green': 1, 'blue': 1})
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rometools.core.errors import ArgumentError, refused
from rometools.core.formatting import shown
from rometools.core.rng import RngLike, as_generator, integer_below
from rometools.imperator.board import Layout
from rometools.imperator.state import PlacementOutcome, Step, Worker, player_name

__all__ = [
    "CHOICE_POLICIES",
    "player_name",
    "Contest",
    "can_enter",
    "check_placement",
    "contest",
    "distance",
    "legal_moves",
    "placement_outcomes",
    "placement_problem",
    "resolve_placement",
]

Markers = Mapping[str, int | None]
Occupants = Mapping[str, Worker]


# ===================================================================== strength
def distance(value: int, marker: int) -> int:
    """A worker value's distance to a tile's marker: smaller is stronger.

    Rule: "A worker is considered stronger if its value is closest to the value marked
    on the corresponding tile. On tiles marked with a value of 1 ... the order, from
    strongest, is: 1, 2, 3, 4, 5 ... On tiles marked with a value of 5 on the right,
    workers of value 5 are the strongest." (Action Progression)

    Examples
    --------
    >>> [distance(v, 1) for v in (1, 2, 3, 4, 5)], [distance(v, 5) for v in (1, 2, 3, 4, 5)]
    ([0, 1, 2, 3, 4], [4, 3, 2, 1, 0])
    """
    return abs(value - marker)


@dataclass(frozen=True)
class Contest:
    """Who is stronger on a tile, and what decided it.

    Attributes
    ----------
    winner : str or None
        ``"challenger"``, ``"occupant"``, or ``None`` for a full three-way tie.
    decided_by : str
        ``"value"``, ``"influence_zone"``, ``"political_influence"`` or ``"tie"``.
    text : str
        The comparison in words.

    Examples
    --------
    >>> contest(Worker("a", 4), Worker("b", 3), 5)
    Contest(winner='challenger', decided_by='value', text='on a marker-5 tile a 4 (a) is stronger than a 3 (b)')
    """

    winner: str | None
    decided_by: str
    text: str


def contest(challenger: Worker, occupant: Worker, marker: int) -> Contest:
    """Compare a worker entering a region with the worker already there.

    Rule: strength by distance to the marker (:func:`distance`); "If the newly placed
    or dislodged worker has the same value as the one already present in a region, the
    player with the greater amount of unused influence zone on their cards is considered
    the stronger. If the tie persists, the player with the stronger political influence
    wins." (If the Workers Have the Same Value)

    Returns
    -------
    Contest

    Raises
    ------
    ArgumentError
        If ``marker`` is not 1 or 5.

    Examples
    --------
    >>> c = contest(Worker("yellow", 3, 1), Worker("green", 3, 2), 5)
    >>> c.winner, c.decided_by
    ('occupant', 'influence_zone')
    >>> c.text
    'equal values (3); green has more unused influence zone (2 against 1)'
    """
    if marker not in (1, 5):
        raise ArgumentError(f"a tile's marker is 1 or 5, got {shown(marker)}")
    a, b = challenger, occupant
    da, db = distance(a.value, marker), distance(b.value, marker)
    winner, decided_by = _winner(a, b, marker)
    if decided_by == "value":
        stronger, weaker = (a, b) if da < db else (b, a)
        return Contest(winner, decided_by,
                       f"on a marker-{marker} tile a {stronger.value} ({player_name(stronger.player)}) is stronger than a "
                       f"{weaker.value} ({player_name(weaker.player)})")
    if decided_by == "influence_zone":
        stronger, weaker = (a, b) if winner == "challenger" else (b, a)
        return Contest(winner, decided_by,
                       f"equal values ({a.value}); {player_name(stronger.player)} has more unused influence zone "
                       f"({stronger.influence_zone} against {weaker.influence_zone})")
    if decided_by == "political_influence":
        stronger, weaker = (a, b) if winner == "challenger" else (b, a)
        return Contest(winner, decided_by,
                       f"equal values ({a.value}) and influence zones ({a.influence_zone}); {player_name(stronger.player)} "
                       f"has more political influence ({stronger.political_influence} against "
                       f"{weaker.political_influence})")
    return Contest(None, "tie", f"equal value ({a.value}), influence zone ({a.influence_zone}) and political "
                                f"influence ({a.political_influence})")


def _winner(a: Worker, b: Worker, marker: int) -> tuple[str | None, str]:
    """:func:`contest`'s ``(winner, decided_by)`` without the words (a rules' check asks it per
    region and worker value, and wants only the answer)."""
    da, db = abs(a.value - marker), abs(b.value - marker)
    if da != db:
        return ("challenger" if da < db else "occupant"), "value"
    if a.influence_zone != b.influence_zone:
        return ("challenger" if a.influence_zone > b.influence_zone else "occupant"), "influence_zone"
    if a.political_influence != b.political_influence:
        return ("challenger" if a.political_influence > b.political_influence else "occupant"), "political_influence"
    return None, "tie"


def can_enter(worker: Worker, occupant: Worker | None, marker: int, *, displaced: bool) -> bool:
    """Whether ``worker`` may enter a region holding ``occupant`` (``None``: empty).

    Rules: "Any worker value may be placed on an empty region." "If all 3 factors
    (worker value, influence zone, political influence) are equal when moving into a
    new region, then the other player is removed from the region as if their worker
    were weaker." "Players are not allowed to place new workers if the value of the
    worker, the influence zone and the political influence are all equal to the
    original occupant." So a displaced worker wins a full tie; a newly placed one
    does not.

    Parameters
    ----------
    displaced : bool
        ``True`` for a worker forced out of a region, ``False`` for a new placement.

    Examples
    --------
    >>> w, o = Worker("a", 3), Worker("b", 3)
    >>> can_enter(w, None, 1, displaced=False), can_enter(w, o, 1, displaced=False), can_enter(w, o, 1, displaced=True)
    (True, False, True)
    """
    if occupant is None:
        return True
    if marker not in (1, 5):
        raise ArgumentError(f"a tile's marker is 1 or 5, got {shown(marker)}")
    winner, _ = _winner(worker, occupant, marker)
    return winner == "challenger" or (winner is None and displaced)


# ===================================================================== placement
def _check_board(layout: Layout, markers: Markers, occupants: Occupants) -> None:
    if not isinstance(layout, Layout):
        raise ArgumentError(f"layout must be a Layout (board.layout(players) or Layout.build(...)), got "
                            f"{type(layout).__name__}")
    if not isinstance(markers, Mapping) or not isinstance(occupants, Mapping):
        raise ArgumentError("markers must map region -> 1 or 5 and occupants region -> Worker")
    for r, m in markers.items():
        if r not in layout.index:
            raise ArgumentError(f"markers: unknown region {shown(r)}; regions are {list(layout.regions)}")
        if m is not None and (isinstance(m, bool) or m not in (1, 5)):
            raise ArgumentError(f"markers: the tile on {shown(r)} has marker {shown(m)}; a marker is 1 or 5")
    owners: dict[Hashable, str] = {}
    for r, w in occupants.items():
        if r not in layout.index:
            raise ArgumentError(f"occupants: unknown region {shown(r)}; regions are {list(layout.regions)}")
        if not isinstance(w, Worker):
            raise ArgumentError(f"occupants: {shown(r)} must hold a Worker, got {shown(w)}")
        if markers.get(r) is None:
            raise ArgumentError(f"occupants: region {shown(r)} has a worker but no reward tile")
        if w.player in owners:
            raise ArgumentError(f"occupants: {player_name(w.player)} has workers in {owners[w.player]!r} and {r!r}; a player "
                                f"has at most one worker on the Imperator board")
        owners[w.player] = r


def placement_problem(layout: Layout, markers: Markers, occupants: Occupants, worker: Worker,
                      region: str) -> str | None:
    """Why ``worker`` may not be placed in ``region``, in words; ``None`` if it may.

    Rules: "Players may have at most one worker on the Imperator Action." "No other
    player occupies that region. Any worker value may be placed on an empty region."
    "The region is already occupied by another player. In that case, the active player
    must place a worker of equal or greater strength." "For the new placement of a
    worker of equal value, superiority in influence zone or in political influence is
    necessary." (Action Progression; If the Workers Have the Same Value)

    Raises
    ------
    ArgumentError
        If the board itself is inconsistent (an unknown region, a marker other than
        1 or 5, a worker on a region without a tile, a player with two workers), or
        ``worker`` is not a :class:`Worker`.

    Examples
    --------
    >>> lay = Layout.build("ab", [("a", "b")])
    >>> placement_problem(lay, {"a": 5, "b": 1}, {"a": Worker("green", 3)}, Worker("yellow", 2), "a")
    "green's 3 holds 'a': on a marker-5 tile a 3 (green) is stronger than a 2 (yellow)"
    >>> placement_problem(lay, {"a": 5, "b": 1}, {"a": Worker("green", 3)}, Worker("yellow", 3), "a")
    "green's 3 holds 'a': equal value (3), influence zone (0) and political influence (0); placing is forbidden when all three are equal"
    >>> placement_problem(lay, {"a": 5, "b": 1}, {"a": Worker("green", 3)}, Worker("yellow", 4), "a") is None
    True
    """
    _check_board(layout, markers, occupants)
    if not isinstance(worker, Worker):
        raise ArgumentError(f"worker must be a Worker, got {shown(worker)}")
    return _placement_problem(layout, markers, occupants, worker, region)


def _may_place(layout: Layout, markers: Markers, occupants: Occupants, worker: Worker, region: str) -> bool:
    """Whether ``worker`` may be placed in ``region`` (a region of ``layout``): the player has no
    worker on the board yet (a player has at most one) and :func:`_may_enter` the region. The rule
    :func:`placement_problem` explains, here without words."""
    return (region in layout.index and not any(w.player == worker.player for w in occupants.values())
            and _may_enter(markers, occupants, worker, region))


def _may_enter(markers: Markers, occupants: Occupants, worker: Worker, region: str) -> bool:
    """The region's half of :func:`_may_place`: it has a tile, and it is empty or ``worker`` beats
    its occupant (:func:`contest`; a full tie forbids a new placement)."""
    marker = markers.get(region)
    if marker is None:
        return False
    occupant = occupants.get(region)
    return occupant is None or _winner(worker, occupant, marker)[0] == "challenger"


def _placement_problem(layout: Layout, markers: Markers, occupants: Occupants, worker: Worker,
                       region: str) -> str | None:
    """:func:`placement_problem` for a board already known to be consistent: the rule is
    :func:`_may_place`'s; this puts a refusal in words."""
    if not isinstance(region, str) or region not in layout.index:
        return f"unknown region {shown(region)}; the regions are {list(layout.regions)}"
    if _may_place(layout, markers, occupants, worker, region):
        return None
    if markers.get(region) is None:
        return f"region {shown(region)} has no reward tile"
    for r, w in occupants.items():
        if w.player == worker.player:
            return (f"{player_name(worker.player)} already has a worker on the Imperator board (in {r!r}); a player has at "
                    f"most one")
    occupant = occupants[region]
    c = contest(worker, occupant, markers[region])
    where = f"{player_name(occupant.player)}'s {occupant.value} holds {region!r}: "
    if c.winner is None:
        return where + c.text + "; placing is forbidden when all three are equal"
    return where + c.text


def check_placement(layout: Layout, markers: Markers, occupants: Occupants, worker: Worker, region: str) -> None:
    """Refuse a placement the rules forbid, saying why (see :func:`placement_problem`).

    Raises
    ------
    InvalidActionError
        If ``region`` is not a region of ``layout`` (no placement at all).
    IllegalActionError
        If the rules forbid the placement, saying why.
    ArgumentError
        If the board itself is inconsistent (as :func:`placement_problem`).

    Examples
    --------
    >>> lay = Layout.build("ab", [])
    >>> check_placement(lay, {"a": 1}, {}, Worker("yellow", 2), "b")
    Traceback (most recent call last):
    ...
    rometools.core.errors.IllegalActionError: region 'b' has no reward tile
    """
    problem = placement_problem(layout, markers, occupants, worker, region)
    if problem is not None:
        raise refused(problem, well_formed=isinstance(region, str) and region in layout.index)


def legal_moves(layout: Layout, markers: Markers, occupants: Occupants, mover: Worker, origin: str,
                forced: Sequence[tuple[Hashable, str]] = ()) -> tuple[str, ...]:
    """The regions a worker forced out of ``origin`` may move to (arrow order).

    Rules: "the other player must move their worker to a neighbouring region. The
    arrows show the possible directions of movement. The same two rules also apply to
    the neighbouring region (empty or occupied)", with the displaced worker winning a
    full tie (:func:`can_enter`). A region without a tile cannot be entered. A worker
    may not come back into a region it was forced out of during the same chain
    reaction (``forced``; IMP-4).

    Parameters
    ----------
    occupants : Mapping[str, Worker]
        The board without the mover (``origin`` holds the worker that forced it out).
    forced : sequence of (player, region)
        Who has been forced out of where so far in this chain.

    Examples
    --------
    >>> lay = Layout.build("abc", [("a", "b"), ("a", "c")])
    >>> legal_moves(lay, {"a": 1, "b": 1, "c": 5}, {"b": Worker("x", 1)}, Worker("y", 2), "a")
    ('c',)
    """
    out = []
    for r in layout.successors[origin]:
        m = markers.get(r)
        if m is None or (mover.player, r) in forced:
            continue
        if can_enter(mover, occupants.get(r), m, displaced=True):
            out.append(r)
    return tuple(out)


def _finish(layout: Layout, occ: Mapping[str, Worker], steps: tuple[Step, ...],
            removed: Worker | None) -> PlacementOutcome:
    track: dict[Hashable, int] = {}
    for s in steps:
        if s.kind != "place":
            track[s.player] = track.get(s.player, 0) + 1
    occupants = tuple((r, occ[r]) for r in layout.regions if r in occ)
    return PlacementOutcome(occupants, steps, removed, tuple(track.items()))


def _key(outcome: PlacementOutcome) -> tuple:
    return outcome.occupants, outcome.removed, frozenset(outcome.track)


def placement_outcomes(layout: Layout, markers: Markers, occupants: Occupants, worker: Worker,
                       region: str) -> list[PlacementOutcome]:
    """Every distinct outcome of a placement, each with the steps of one chain giving it.

    Rules: Action Progression and Chain Reaction: "The player who was removed from a
    region moves to a new region, where they in turn push out another player, and so
    on ... The final result of a chain reaction is either a player being removed from
    the Action board (so their worker is recovered and the marker advances on the
    Action track), or all players being able to occupy a region." "the player who was
    forced out of their original region or off the board moves their cube one space on
    the Action track." Where a forced-out worker has several legal regions the choice
    is its owner's, so every choice is followed.

    Parameters
    ----------
    layout : Layout
        Regions and arrows (``board.layout(players)``).
    markers : Mapping[str, int or None]
        The marker (1 or 5) of the tile on each region; a region without a tile is
        absent or ``None`` and cannot be entered.
    occupants : Mapping[str, Worker]
        The workers on the board.
    worker : Worker
        The worker placed.
    region : str
        Where it is placed.

    Returns
    -------
    list[PlacementOutcome]
        Distinct by final board, removed worker and Action-track moves, in the order
        the choices are explored (arrow order); the steps are those of the first chain
        found for each outcome.

    Raises
    ------
    InvalidActionError, IllegalActionError
        For an unknown region or an illegal placement (the message says why), as
        :func:`check_placement`.
    ArgumentError
        For an inconsistent board.

    Examples
    --------
    Green, forced out of ``a``, may go to the empty ``b`` or the empty ``c``:

    >>> lay = Layout.build("abc", [("a", "b"), ("a", "c")])
    >>> outs = placement_outcomes(lay, {"a": 1, "b": 1, "c": 1}, {"a": Worker("green", 3)},
    ...                           Worker("yellow", 2), "a")
    >>> [o.board for o in outs]
    [{'a': 'yellow', 'b': 'green'}, {'a': 'yellow', 'c': 'green'}]
    """
    check_placement(layout, markers, occupants, worker, region)
    occ = dict(occupants)
    occupant = occ.get(region)
    occ[region] = worker
    first = Step("place", worker.player, worker.value, None, region, None if occupant is None else occupant.player)
    if occupant is None:
        return [_finish(layout, occ, (first,), None)]
    found: dict[tuple, PlacementOutcome] = {}

    def walk(occ: dict[str, Worker], mover: Worker, origin: str, forced: frozenset, steps: tuple[Step, ...]):
        options = legal_moves(layout, markers, occ, mover, origin, forced)
        if not options:
            out = _finish(layout, occ, (*steps, Step("remove", mover.player, mover.value, origin)), mover)
            found.setdefault(_key(out), out)
            return
        for r in options:
            there = occ.get(r)
            nxt = dict(occ)
            nxt[r] = mover
            step = Step("move", mover.player, mover.value, origin, r, None if there is None else there.player,
                        options)
            if there is None:
                out = _finish(layout, nxt, (*steps, step), None)
                found.setdefault(_key(out), out)
            else:
                walk(nxt, there, r, forced | {(there.player, r)}, (*steps, step))

    walk(occ, occupant, region, frozenset({(occupant.player, region)}), (first,))
    return list(found.values())


# ===================================================================== one chain, by a policy
ChoicePolicy = Callable[[Worker, tuple[str, ...], Mapping[str, Worker], Markers, np.random.Generator], str]


def _first(mover, options, occupants, markers, rng):
    return options[0]


def _empty(mover, options, occupants, markers, rng):
    return next((r for r in options if r not in occupants), options[0])


def _strongest(mover, options, occupants, markers, rng):
    return min(options, key=lambda r: distance(mover.value, markers[r]))


def _random(mover, options, occupants, markers, rng):
    return options[integer_below(rng, len(options))]


#: Named choice policies for :func:`resolve_placement`:
#: ``policy(mover, options, occupants, markers, rng) -> region``.
#: ``"first"``: the first legal region in arrow order; ``"empty"``: an empty region if
#: any (the chain stops), else the first; ``"strongest"``: the region whose tile the
#: worker is closest to (first on a tie); ``"random"``: uniform, from ``rng``.
CHOICE_POLICIES: dict[str, ChoicePolicy] = {"first": _first, "empty": _empty, "strongest": _strongest,
                                            "random": _random}


def resolve_placement(layout: Layout, markers: Markers, occupants: Occupants, worker: Worker, region: str,
                      choose: str | ChoicePolicy | Mapping[Hashable, Any] = "first", *,
                      rng: RngLike = None) -> PlacementOutcome:
    """One outcome of a placement, following a choice policy, with its step-by-step chain.

    The same rules as :func:`placement_outcomes`; where a forced-out worker has several
    legal regions, ``choose`` picks one.

    Parameters
    ----------
    choose : str, callable or Mapping
        A name in :data:`CHOICE_POLICIES`, a callable
        ``(mover, options, occupants, markers, rng) -> region``, or ``{player: region}``
        naming where each player's worker goes when it has a choice (players not named,
        or whose region is not legal at that point, take the first legal region).
    rng : None, int or numpy.random.Generator
        For the ``"random"`` policy.

    Returns
    -------
    PlacementOutcome
        One of :func:`placement_outcomes`'s outcomes (same board, removal and track moves).

    Raises
    ------
    InvalidActionError, IllegalActionError
        For an illegal placement (as :func:`check_placement`), or a policy returning
        a region that is not among the legal ones (not a region of the layout at all:
        invalid).
    ArgumentError
        For an unknown policy, or an inconsistent board.

    Examples
    --------
    >>> lay = Layout.build("abc", [("a", "b"), ("a", "c")])
    >>> out = resolve_placement(lay, {"a": 1, "b": 1, "c": 1}, {"a": Worker("green", 3)},
    ...                         Worker("yellow", 2), "a", {"green": "c"})
    >>> out.board, out.steps[-1].choices
    ({'a': 'yellow', 'c': 'green'}, ('b', 'c'))
    """
    if isinstance(choose, str):
        if choose not in CHOICE_POLICIES:
            raise ArgumentError(f"unknown choice policy {shown(choose)}; choose one of {sorted(CHOICE_POLICIES)}, a "
                                f"function or a {{player: region}} mapping")
        policy = CHOICE_POLICIES[choose]
    elif isinstance(choose, Mapping):
        wanted = dict(choose)

        def policy(mover, options, occupants, markers, rng):
            r = wanted.get(mover.player)
            return r if r in options else options[0]
    elif callable(choose):
        policy = choose
    else:
        raise ArgumentError(f"choose must be a policy name, a function or a mapping, got {shown(choose)}")
    gen = as_generator(rng)
    check_placement(layout, markers, occupants, worker, region)
    occ = dict(occupants)
    mover = occ.get(region)
    occ[region] = worker
    steps = [Step("place", worker.player, worker.value, None, region, None if mover is None else mover.player)]
    origin, forced = region, {(None if mover is None else mover.player, region)}
    while mover is not None:
        options = legal_moves(layout, markers, occ, mover, origin, forced)
        if not options:
            steps.append(Step("remove", mover.player, mover.value, origin))
            return _finish(layout, occ, tuple(steps), mover)
        r = policy(mover, options, occ, markers, gen) if len(options) > 1 else options[0]
        if r not in options:
            raise refused(f"the choice policy sent {player_name(mover.player)}'s worker to {r!r}; the legal regions "
                          f"are {list(options)}", well_formed=isinstance(r, str) and r in layout.index)
        there = occ.get(r)
        occ[r] = mover
        steps.append(Step("move", mover.player, mover.value, origin, r, None if there is None else there.player,
                          options))
        if there is not None:
            forced.add((there.player, r))
        mover, origin = there, r
    return _finish(layout, occ, tuple(steps), None)
