# rometools: compiled twin
# cython: annotation_typing=False
"""The IMPERATOR sub-game: rounds of placements, chain reactions, rewards, tile stack.

Rules: ``004_c0d35faf86920c09.txt`` (Setup, Action Progression, If the Workers Have
the Same Value, Chain Reaction, Rewards, Advanced Game). The placement rules
themselves (strength, ties, displacement) are :mod:`~rometools.imperator.placement`;
this module plays them as the common rometools protocol
(:mod:`rometools.core.game`): :func:`new_game`, :func:`current_player`,
:func:`legal_actions`, :func:`chance_outcomes`, :func:`apply`, :func:`is_over`,
:func:`scores`, :func:`action_history`, :func:`initial_state`, :func:`to_json`,
:func:`from_json`. An action applied and the steps the rules then take on their own
(chain reactions, rewards, the next reveals) are :mod:`~rometools.imperator.turn`,
whose :func:`apply`, :func:`apply_legal` and readers of a state's figures
(:func:`markers`, :func:`occupants`, :func:`worker`, :func:`allowed_values`) this
module exports as its own.

Model
-----
* **A round.** Regions without a tile get one (chance), then each seat in turn, from
  the round's first player (seat ``(round - 1) % players``: the first player moves on
  each round, IMP-5), either places one worker or passes; then rewards are resolved
  and the workers recovered. A seat places at most once a round: a worker removed
  from the board "may be used again in a later round".
* **Chance.** Revealing a tile is a chance node listing the tiles of the face-down
  stack, each ``1 / len(stack)``. When the stack is empty, the outcomes are the
  discard pile's tiles (the reshuffle: "If the Reward tiles run out, the discard pile
  is shuffled and a new draw pile is formed"), recorded as ``("reshuffle", n)``. When
  both are empty the region stays without a tile and cannot be entered.
* **Actions.** At a chance node: a tile id. A placement: ``(region, value)`` with a
  value the seat may place, or :data:`PASS`. When a forced-out worker has several
  legal regions its owner chooses: the action is a region id. The advanced game:
  ``("icons", region)`` or :data:`SKIP`.
* **Seen by bots.** Everything in the state: tiles are face up once revealed; the
  stack is held as its composition (which tiles, not their order).
* **Scores.** Points from instant tiles plus the Action track's points for the cube's
  space (provisional before the end).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rometools.core._cython import compiled_or_plain
from rometools.core.errors import ArgumentError, wrong_config
from rometools.core.rng import RngLike, as_generator, integer_below, seed_entropy
from rometools.imperator.state import CHANCE, PASS, SKIP, TERMINAL, GameConfig, GameState

# an action applied and the rules' own steps after it (turn.py), its compiled twin where it was built
turn = compiled_or_plain("rometools.imperator.turn")
ICONS, apply, apply_legal, allowed_values = turn.ICONS, turn.apply, turn.apply_legal, turn.allowed_values
markers, occupants, worker, _icon_regions = turn.markers, turn.occupants, turn.worker, turn._icon_regions

__all__ = [
    "action_history",
    "allowed_values",
    "apply",
    "apply_legal",
    "chance_outcomes",
    "chance_weights",
    "current_player",
    "legal_actions",
    "markers",
    "new_game",
    "occupants",
    "open_values",
    "placements",
    "worker",
]

def replace(state: GameState, **changes: Any) -> GameState:
    """``dataclasses.replace`` for a state, without re-running ``__init__`` (a state has no
    checks to re-run): a new state with ``changes``; ``state`` is unchanged."""
    new = object.__new__(GameState)
    fields = state.__dict__.copy()   # a copy of a dict of the same keys: faster than a new one updated
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    return new


def _need_decision(state: GameState, what: str) -> None:
    """Refuse a query about a decision at a chance or terminal node (:class:`ArgumentError`)."""
    if state.phase == "reveal":
        raise ArgumentError(f"{what}: a tile is being revealed (a chance node)")
    if state.phase == "over":
        raise ArgumentError(f"{what}: the game is over")


# ===================================================================== set-up and reveals
def new_game(config: GameConfig | None = None, rng: RngLike = None) -> GameState:
    """Start a game: the stack shuffled and one tile revealed per region.

    Rule: Setup: "Shuffle the 20 Reward tiles and form a face-down stack. Then reveal
    and place one tile per region, following what is indicated on the board according
    to the number of players. Each player ... places their cube on the 0 of the Action
    track."

    Parameters
    ----------
    config : GameConfig, optional
        Default ``GameConfig()``.
    rng : None, int or numpy.random.Generator
        If given, the set-up reveals are sampled from it (same law) and recorded;
        otherwise the state is the first reveal's chance node.

    Examples
    --------
    >>> s = new_game()
    >>> current_player(s) == CHANCE, len(chance_outcomes(s))
    (True, 20)
    >>> s = new_game(rng=7)
    >>> current_player(s), len(s.stack), s.seed
    (0, 14, 7)
    """
    config = config or GameConfig()
    if not isinstance(config, GameConfig):
        raise wrong_config(GameConfig, config)
    n = len(config.layout.regions)
    state = config.__dict__.get("_new_game")   # built once per config, kept on it (states are immutable)
    if state is None:
        p = config.players
        state = GameState(config, 1, "reveal", (None,) * n, config.components.sorted_tile_ids, (), (),
                          (-1,) * n, (0,) * n, 0, None,
                          # a seat handicap's start bonus: one more political influence per unit (START_BONUS)
                          tuple(v + config.handicap.bonus(s) for s, v in enumerate(config.political_influence)),
                          config.influence_zones,
                          config.stock, ((),) * p,
                          (False,) * p, (0,) * p, (0,) * p)
        object.__setattr__(config, "_new_game", state)
    if rng is None:
        return state
    gen = as_generator(rng)
    # one tile per region from the full stack while it lasts (the discard pile is empty: no
    # reshuffle), drawn as the chance nodes would draw them, and one state for all the reveals
    stack, tiles, records, regions = list(state.stack), list(state.tiles), [], config.layout.regions
    for i in range(min(n, len(stack))):
        tiles[i] = stack.pop(integer_below(gen, len(stack)))
        records.append(("reveal", regions[i], tiles[i]))
    d = state.__dict__.copy()
    d["tiles"], d["stack"], d["history"], d["seed"] = tuple(tiles), tuple(stack), tuple(records), seed_entropy(rng)
    return turn.start(d, config)


def chance_outcomes(state: GameState) -> list[tuple[str, Fraction]]:
    """The pending reveal: ``[(tile id, probability)]`` for the next region without a tile.

    From the stack; when it is empty, from the discard pile about to be reshuffled.
    Empty when no chance node is pending.

    Examples
    --------
    >>> dict(chance_outcomes(new_game()))["t01"]
    Fraction(1, 20)
    """
    if state.phase != "reveal":
        return []
    pile = state.stack or state.discard
    return [(t, Fraction(1, len(pile))) for t in pile]


def chance_weights(state: GameState) -> tuple[list[str], list[int]]:
    """:func:`chance_outcomes` as whole-number weights: 1 per tile in the stack (or the discard pile).

    Examples
    --------
    >>> outcomes, weights = chance_weights(new_game())
    >>> outcomes[:2], sum(weights)
    (['t01', 't02'], 20)
    """
    if state.phase != "reveal":
        return [], []
    pile = state.stack or state.discard
    return list(pile), [1] * len(pile)


# ===================================================================== the protocol
def _seat_to_place(state: GameState) -> int:
    n = state.config.players
    return ((state.round - 1) % n + state.turn) % n   # from the round's first player, seat (round - 1) % n


def current_player(state: GameState) -> int:
    """Seat to move, :data:`CHANCE` at a reveal, :data:`TERMINAL` once over.

    Examples
    --------
    >>> current_player(new_game()), current_player(new_game(rng=0))
    (-1, 0)
    """
    phase = state.phase
    if phase == "reveal":
        return CHANCE
    if phase == "over":
        return TERMINAL
    if phase == "place":
        return _seat_to_place(state)
    return state.pending[0]


def legal_actions(state: GameState) -> list:
    """Legal actions at any node.

    Returns
    -------
    list
        Chance node: the tile ids that can be revealed. Placement turn: every legal
        ``(region, value)`` in board order then value order, then :data:`PASS`. A
        forced-out worker's choice: the legal region ids. The advanced action:
        ``("icons", region)`` for each neighbouring region with a tile, then
        :data:`SKIP`. Terminal: ``[]``.

    Examples
    --------
    >>> acts = legal_actions(new_game(GameConfig(players=2, workers=(3, 3)), rng=0))
    >>> acts
    [('latium', 3), ('etruria', 3), ('campania', 3), ('apulia', 3), 'pass']
    """
    phase = state.phase
    if phase == "reveal":
        return [t for t, _ in chance_outcomes(state)]
    if phase == "over":
        return []
    if phase == "displace":
        return turn.displace_options(state)
    if phase == "icons":
        return [(ICONS, r) for r in _icon_regions(state, state.pending[0])] + [SKIP]
    return [(region, v) for region, values in placements(state) for v in values] + [PASS]


def placements(state: GameState) -> list[tuple[str, tuple[int, ...]]]:
    """The placements open to the seat to place: ``[(region, worker values)]``, per region where
    it may place a worker, in board order, the values in increasing order (what
    :func:`legal_actions` lists as ``(region, value)`` pairs before :data:`PASS`).

    The rule is :func:`~rometools.imperator.placement.placement_problem`'s (a seat has at most one
    worker on the board; a region with a tile, empty or held by a worker the new one beats:
    nearer the marker, else more unused influence zone, else more political influence), here on
    the state's own figures; ``tests/imperator`` holds the two equal at every decision of seeded
    games.

    Raises
    ------
    ArgumentError
        If no seat is placing (a chance node, a forced-out worker's move, the advanced action,
        the end).

    Examples
    --------
    >>> placements(new_game(GameConfig(players=2, workers=(3, (2, 4))), rng=0))
    [('latium', (3,)), ('etruria', (3,)), ('campania', (3,)), ('apulia', (3,))]
    """
    if state.phase != "place":
        _need_decision(state, "placements")
        raise ArgumentError("placements: a forced-out worker or the advanced action is pending, not a placement")
    seat = _seat_to_place(state)
    occupant = state.occupant
    if seat in occupant:   # at most one worker on the board: no placement
        return []
    values = allowed_values(state, seat)
    regions = state.config.layout.regions
    zone, political = state.zones[seat], state.political[seat]
    out: list = []
    for i, tile in enumerate(state.tiles):
        if tile is None:
            continue
        if occupant[i] < 0:
            out.append((regions[i], values))
            continue
        beat = open_values(state, i, values, zone, political)
        if beat:
            out.append((regions[i], beat))
    return out


def open_values(state: GameState, i: int, values: tuple[int, ...], zone: int, political: int) -> tuple[int, ...]:
    """Of ``values``, the worker values a seat with influence zone ``zone`` and political influence
    ``political`` may place in region number ``i`` (which holds a tile): all of them while the
    region is empty, else those that beat the worker there (nearer the marker, else equally near
    with more unused influence zone, else with more political influence). The test of
    :func:`placements`, for one region (GreedyBot asks it only of regions it would take).

    Examples
    --------
    >>> s = apply(new_game(GameConfig(players=2), rng=3), ("latium", 3))
    >>> s.config.components.marker_of[s.tiles[0]]   # latium's tile: P1's 3 is 2 from its marker
    5
    >>> open_values(s, 0, (1, 2, 3, 4, 5), 0, 0)   # P2 needs a worker nearer the 5 (a tie goes to P1)
    (4, 5)
    """
    s = state.occupant[i]
    if s < 0:
        return values
    marker = state.config.components.marker_of[state.tiles[i]]
    held = abs(state.value[i] - marker)
    theirs = state.zones[s]   # equal values: more unused influence zone wins, then more political influence
    edge = zone > theirs if zone != theirs else political > state.political[s]
    return tuple([v for v in values if abs(v - marker) < held or (abs(v - marker) == held and edge)])


def action_history(state: GameState) -> tuple:
    """The actions applied since the start (reveals included), for replay and saving.

    Records of what followed by rule (``"push"``, ``"remove"``, ``"reward"``,
    ``"reshuffle"``, ``"use"``, ``"round"``, ``"end"``) are not actions.

    Examples
    --------
    >>> s = apply(new_game(rng=3), ("latium", 3))
    >>> action_history(s)[-1], len(action_history(s))
    (('latium', 3), 7)
    """
    out = []
    for h in state.history:
        kind = h[0]
        if kind == "reveal":
            out.append(h[2])
        elif kind == "place":
            out.append((h[2], h[3]))
        elif kind == "choose":
            out.append(h[3])
        elif kind in (PASS, SKIP):
            out.append(kind)
        elif kind == ICONS:
            out.append((ICONS, h[2]))
    return tuple(out)
