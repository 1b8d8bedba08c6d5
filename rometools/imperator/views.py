"""Read-only views of an IMPERATOR game for charts, explorers and notebooks.

Nothing here changes a state or decides a rule: each view asks
:mod:`~rometools.imperator.rules` (or the placement rules) what the rules say.

Rules: ``004_c0d35faf86920c09.txt``, Action Progression, Chain Reaction, Rewards,
Advanced Game.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field

from rometools.core import playout
from rometools.core.errors import ArgumentError
from rometools.core.flow import TimeUnit
from rometools.imperator.placement import placement_outcomes
from rometools.imperator.rules import (
    ICONS,
    _icon_regions,
    _need_decision,
    _seat_to_place,
    markers,
    occupants,
    worker,
)
from rometools.imperator.state import PASS, SKIP, GameState, PlacementOutcome, Worker, player_name

__all__ = ["Frame", "action_text", "bumped_placements", "movers", "neighbour_rewards", "outcome_frames",
           "preview_placement", "round_log", "tile_labels", "turn_states"]

_DECISIONS = ("place", "pass", "choose", "icons", "skip")


def movers(state: GameState) -> list[int]:
    """The seat of every decision in the history, in order (reveals left out).

    Examples
    --------
    >>> from rometools.imperator import apply, new_game
    >>> movers(apply(apply(new_game(rng=2), "pass"), ("latium", 2)))
    [0, 1]
    """
    return [h[1] for h in state.history if h[0] in _DECISIONS]


def neighbour_rewards(state: GameState, seat: int) -> list[tuple[str, str]]:
    """``(region, tile)`` whose reward ``seat`` may gain with the advanced game's action now.

    Rule: Advanced Game: "a player may immediately gain the reward provided by a region
    neighbouring the one already occupied by the active player. The Reward tile used
    stays in place. The Reward tile is also usable if the region is already occupied by
    another player." Neighbouring: joined by an arrow either way (IMP-6). Empty unless
    the config is ``advanced``, the seat has not used the action and has a worker on
    the board.

    Examples
    --------
    >>> from rometools.imperator import GameConfig, apply, new_game
    >>> s = apply(new_game(GameConfig(players=2, advanced=True), rng=0), ("latium", 1))
    >>> [r for r, _ in neighbour_rewards(s, 0)]
    ['etruria', 'campania']
    """
    lay = state.config.layout
    return [(r, state.tiles[lay.index[r]]) for r in _icon_regions(state, seat)]


def preview_placement(state: GameState, region: str, value: int) -> list[PlacementOutcome]:
    """Every outcome if the seat to move placed ``value`` in ``region`` now (nothing applied).

    Raises
    ------
    ArgumentError
        Not at a placement turn, or ``value`` not a worker value 1 to 5.
    InvalidActionError, IllegalActionError
        For an unknown region, or a placement the rules forbid (the message
        says why), as :func:`~rometools.imperator.placement.check_placement`.

    Examples
    --------
    >>> from rometools.imperator import GameConfig, apply, markers, new_game
    >>> s = apply(new_game(GameConfig(players=2), rng=0), ("latium", 3))
    >>> stronger = 2 if markers(s)["latium"] == 1 else 4
    >>> outs = preview_placement(s, "latium", stronger)
    >>> all(o.board["latium"] == 1 and o.track_moves == {0: 1} for o in outs)
    True
    """
    _need_decision(state, "preview_placement")
    if state.phase != "place":
        raise ArgumentError(f"preview_placement: a seat is choosing where a forced-out worker goes ({state.phase})")
    seat = _seat_to_place(state)
    return placement_outcomes(state.config.layout, markers(state), occupants(state), worker(state, seat, value),
                              region)


def action_text(state: GameState, action) -> str:
    """A legal action in the rulebook's words, with region names.

    Rules: ``004_c0d35faf86920c09.txt`` (place a worker in a region, move a
    forced-out worker, use three identical icons, pass).

    Examples
    --------
    >>> from rometools.imperator import GameConfig, new_game
    >>> s = new_game(GameConfig(players=2, workers=(3, 3)), rng=0)
    >>> action_text(s, ("latium", 3)), action_text(s, "pass")
    ('place a worker of value 3 in Latium', 'pass')
    """
    names = {r.id: r.name for r in state.config.board.regions}
    if action == PASS:
        return "pass"
    if action == SKIP:
        return "do not use three identical icons"
    if isinstance(action, str):
        return f"move the forced-out worker to {names.get(action, action)}"
    if action[0] == ICONS:
        return f"use three identical icons for the reward of {names.get(action[1], action[1])}"
    region, value = action
    return f"place a worker of value {value} in {names.get(region, region)}"


def round_log(state: GameState) -> list[str]:
    """The history in words, one line per record.

    Examples
    --------
    >>> from rometools.imperator import apply, new_game
    >>> round_log(apply(new_game(rng=2), ("latium", 2)))[-1]
    'P1 places a 2 in latium'
    """
    comps = state.config.components
    out = []
    for h in state.history:
        kind = h[0]
        if kind == "reveal":
            out.append(f"{h[1]}: tile {h[2]} {comps.describe(h[2])} revealed")
        elif kind == "reshuffle":
            out.append(f"the stack ran out: the discard pile ({h[1]} tiles) is shuffled into a new stack")
        elif kind == "place":
            out.append(f"{player_name(h[1])} places a {h[3]} in {h[2]}"
                       + ("" if h[4] is None else f", forcing out {player_name(h[4])} (+1 Action track)"))
        elif kind in ("push", "choose"):
            how = "chooses to move" if kind == "choose" else "moves"
            out.append(f"{player_name(h[1])}'s worker {how} from {h[2]} to {h[3]}"
                       + ("" if h[4] is None else f", forcing out {player_name(h[4])} (+1 Action track)"))
        elif kind == "remove":
            out.append(f"{player_name(h[1])}'s worker cannot move from {h[2]} and goes back to its owner")
        elif kind == "pass":
            out.append(f"{player_name(h[1])} passes")
        elif kind == "icons":
            out.append(f"{player_name(h[1])} uses three identical icons for the reward of {h[2]} "
                       f"({comps.describe(h[3])}): {h[4]} points")
        elif kind == "skip":
            out.append(f"{player_name(h[1])} does not use three identical icons")
        elif kind == "reward":
            out.append(f"{player_name(h[1])} receives {h[3]} {comps.describe(h[3])} from {h[2]}: {h[4]} points")
        elif kind == "use":
            out.append(f"{player_name(h[1])} uses held tile {h[2]} {comps.describe(h[2])}")
        elif kind == "round":
            out.append(f"round {h[1]}")
        elif kind == "end":
            out.append(f"end of the game after round {h[1]}")
    return out


def turn_states(state: GameState) -> list[GameState]:
    """The game's states decision by decision (chance nodes stepped over).

    Examples
    --------
    >>> from rometools.imperator import apply, new_game
    >>> len(turn_states(apply(new_game(rng=2), "pass")))
    2
    """
    return playout.turn_states(state)


@dataclass(frozen=True)
class Frame:
    """The board after some steps of a chain reaction (what an explorer draws at a step).

    Attributes
    ----------
    occupants : Mapping[str, Worker]
        ``{region: worker}`` on the board.
    move : (str, str) or None
        The step just taken: ``(origin, to)`` for a move, ``(to, to)`` for the placement,
        ``None`` before it.
    in_transit : Worker or None
        A worker forced out and not yet placed.
    removed : Worker or None
        A worker sent back to its owner.
    gained : Mapping[hashable, int]
        Action-track spaces gained so far, per player.
    text : str
        The step in words.

    Examples
    --------
    >>> Frame({"a": Worker("green", 3)}).text
    'before the placement'
    """

    occupants: Mapping[str, Worker]
    move: tuple[str, str] | None = None
    in_transit: Worker | None = None
    removed: Worker | None = None
    gained: Mapping[Hashable, int] = field(default_factory=dict)
    text: str = "before the placement"


def outcome_frames(occupants: Mapping[str, Worker], worker: Worker, outcome: PlacementOutcome) -> list[Frame]:
    """The board before the placement, then after each step of ``outcome``'s chain.

    Bookkeeping only: the steps already say who moves where (the rules decided them in
    :func:`~rometools.imperator.placement_outcomes`).

    Parameters
    ----------
    occupants : Mapping[str, Worker]
        The board before the placement.
    worker : Worker
        The worker placed.
    outcome : PlacementOutcome

    Returns
    -------
    list[Frame]
        ``len(outcome.steps) + 1`` frames; the last one's occupants are the outcome's.

    Examples
    --------
    >>> from rometools.imperator import Layout, placement_outcomes
    >>> lay = Layout.build("ab", [("a", "b")])
    >>> board, yellow = {"a": Worker("green", 3)}, Worker("yellow", 4)
    >>> out, = placement_outcomes(lay, {"a": 5, "b": 5}, board, yellow, "a")
    >>> [(f.move, f.in_transit and f.in_transit.player, dict(f.gained)) for f in outcome_frames(board, yellow, out)]
    [(None, None, {}), (('a', 'a'), 'green', {'green': 1}), (('a', 'b'), None, {'green': 1})]
    """
    occ = dict(occupants)
    frames = [Frame(dict(occ))]
    gained: dict[Hashable, int] = {}
    transit: Worker | None = None
    for step in outcome.steps:
        removed = None
        if step.kind == "remove":
            removed, transit = transit, None
            move = None
        else:
            mover = worker if step.kind == "place" else transit
            out = occ.get(step.to)
            occ[step.to] = mover
            transit = out
            move = (step.to, step.to) if step.kind == "place" else (step.origin, step.to)
            if out is not None:
                gained[out.player] = gained.get(out.player, 0) + 1
        frames.append(Frame(dict(occ), move, transit, removed, dict(gained), step.describe()))
    return frames


def tile_labels(state: GameState) -> dict[str, tuple[int, str]]:
    """``{region: (marker, short label)}`` of the tiles on the board (for charts).

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = new_game(rng=1)
    >>> all(m in (1, 5) for m, _ in tile_labels(s).values())
    True
    """
    comps = state.config.components
    return {r: (comps.tile(t).marker, comps.describe(t).split("] ", 1)[1])
            for r, t in zip(state.config.layout.regions, state.tiles, strict=True) if t is not None}


def bumped_placements(state: GameState) -> list[tuple[int, int, int, bool]]:
    """Every placement of the game as ``(round, seat, value, forced out later that round)``.

    Read from the history: a placement's worker is forced out when a later placement or
    move of the same round displaces its seat (each seat places once a round, IMP-5).

    Examples
    --------
    >>> from rometools.imperator import GameConfig, apply, new_game
    >>> s = apply(apply(new_game(GameConfig(players=2, rounds=1, influence_zones=(0, 1)), rng=0),
    ...                 ("latium", 3)), ("latium", 3))
    >>> bumped_placements(s)
    [(1, 0, 3, True), (1, 1, 3, False)]
    """
    out: list[list] = []
    rnd = 1
    for h in state.history:
        if h[0] == "round":
            rnd = h[1]
        elif h[0] == "place":
            out.append([rnd, h[1], h[3], False])
        if h[0] in ("place", "push", "choose") and h[-1] is not None:
            for row in out:
                if row[0] == rnd and row[1] == h[-1]:
                    row[3] = True
    return [tuple(row) for row in out]


# ------------------------------------------------------------------ game flow (rometools.core.flow)
def _round(state: GameState) -> int:
    return state.round


#: IMPERATOR is counted in rounds: every seat's placement turn, then the rewards (option ``rounds``).
TIME_UNIT = TimeUnit("round", "rounds", _round, "every player's placement turn, then the rewards")
