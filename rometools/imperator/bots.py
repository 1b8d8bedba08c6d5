"""IMPERATOR bots.

Every bot is a :class:`rometools.core.game.Bot`: ``choose(state, rng)`` returns a
legal action for the seat to move and raises ``ArgumentError`` at a chance or terminal
node. Bots read the game through :mod:`~rometools.imperator.rules`.

* :class:`RandomBot` -- a uniform legal action (passing included).
* :class:`GreedyBot` -- the region whose tile is worth most to it now, with its
  strongest worker there; a forced-out worker goes where the tile is worth most.

Rules: ``004_c0d35faf86920c09.txt``, Action Progression, Rewards.
"""

from __future__ import annotations

import numpy as np

from rometools.core.game import Bot
from rometools.core.game import RandomBot as _UniformBot
from rometools.core.playtest import Restriction
from rometools.imperator.placement import distance
from rometools.imperator.rules import current_player, legal_actions
from rometools.imperator.state import PASS, SKIP, GameState

__all__ = ["BOTS", "GreedyBot", "RandomBot", "tile_value"]


def tile_value(state: GameState, seat: int, tile_id: str) -> int:
    """What a tile is worth to ``seat`` now, the greedy bot's yardstick (points).

    An instant-points tile: its points now (stock times laurel). Any other tile: 1
    (a heuristic: political influence breaks ties, held tiles help later).

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = new_game(rng=0)
    >>> tile_value(s, 0, "t07"), tile_value(s, 0, "t14")
    (2, 1)
    """
    comps = state.config.components
    t = comps.tile(tile_id)
    if t.kind == "instant_points":
        return state.stock[seat][comps.resource_ids.index(t.resource)] * t.points
    return 1


def _pick(options: list, rng: np.random.Generator):
    return options[0] if len(options) == 1 else options[int(rng.integers(len(options)))]


class RandomBot(_UniformBot):
    """Plays a uniformly random legal action (:class:`rometools.core.game.RandomBot`), drawing
    nothing when one action is legal (as IMPERATOR's bots always have, so seeded games stay the same).

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = new_game(rng=0)
    >>> RandomBot().choose(s, np.random.default_rng(1)) in legal_actions(s)
    True
    """

    def decide(self, state: GameState, rng: np.random.Generator):
        return _pick(legal_actions(state), rng)


class GreedyBot(Bot):
    """Takes the tile worth most to it now (:func:`tile_value`).

    A placement: the region with the highest tile value, with the seat's worker value
    closest to the marker (hardest to force out); ties uniformly at random; it passes
    only when it cannot place. A forced-out worker: the region with the highest tile
    value (then the closest value to its marker). The advanced action: the most
    valuable neighbouring tile, if it is worth anything.

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> s = new_game(rng=0)
    >>> GreedyBot().choose(s, np.random.default_rng(1)) in legal_actions(s)
    True
    """

    name = "greedy"
    trusted = True

    def decide(self, state: GameState, rng: np.random.Generator):
        acts = legal_actions(state)
        lay, comps = state.config.layout, state.config.components
        seat = current_player(state)

        rated: dict[str, tuple[int, int]] = {}   # per region: its tile's value and marker (asked per worker value)

        def worth(region: str, value: int | None = None) -> tuple[int, int]:
            got = rated.get(region)
            if got is None:
                t = state.tiles[lay.index[region]]
                got = rated[region] = (tile_value(state, seat, t), comps.tile(t).marker)
            return got[0], 0 if value is None else -distance(value, got[1])

        if state.phase == "place":
            moves = [a for a in acts if a != PASS]
            if not moves:
                return PASS
            values = {a: worth(*a) for a in moves}
        elif state.phase == "displace":
            values = {r: worth(r, state.pending[1]) for r in acts}
        else:  # the advanced action
            values = {a: worth(a[1]) for a in acts if a != SKIP}
            if not values or max(values.values())[0] <= 0:
                return SKIP
        top = max(values.values())
        return _pick([a for a, v in values.items() if v == top], rng)


#: Bot classes by name.
BOTS = {"random": RandomBot, "greedy": GreedyBot}




def _contests(state, action) -> bool:
    if not isinstance(action, tuple):
        return False
    i = state.config.layout.index.get(action[0])
    return i is not None and state.occupant[i] >= 0 and state.occupant[i] != current_player(state)


#: Strategies a bot can be denied in restricted play (:mod:`rometools.core.playtest`).
RESTRICTIONS = (
    Restriction("no_contest", "never places a worker on a region another player occupies", _contests),
    Restriction("no_pass", "never passes while a worker can be placed", lambda state, action: action == "pass"),
    Restriction("no_five", "never places its value-5 worker",
                lambda state, action: isinstance(action, tuple) and action[1] == 5),
)


def action_places(state, action) -> tuple[str, ...]:
    """The region a worker is placed on, by name (the playtest's hot spots)."""
    if not isinstance(action, tuple):
        return ()
    names = {r.id: r.name for r in state.config.board.regions}
    return (names[action[0]],) if action[0] in names else ()


def place_map(config) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    """Where the hot spots are drawn: every region at its board position; the arrows as links."""
    board = config.board
    names = {r.id: r.name for r in board.regions}
    return ({r.name: tuple(r.position) for r in board.regions},
            [(names[a.source], names[a.target]) for a in board.arrows if a.source in names and a.target in names])
