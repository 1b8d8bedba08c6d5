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

from rometools.core._cython import compiled_or_plain
from rometools.core.game import Bot
from rometools.core.game import RandomBot as _UniformBot
from rometools.core.playtest import Restriction
from rometools.imperator._greedy import tile_value
from rometools.imperator.rules import current_player
from rometools.imperator.state import GameState

__all__ = ["BOTS", "GreedyBot", "RandomBot", "tile_value"]

#: GreedyBot's choice and the rules the registry plays: compiled twins where they were built.
_greedy = compiled_or_plain("rometools.imperator._greedy")
_rules, _pick = _greedy.rules, _greedy.pick


class RandomBot(_UniformBot):
    """Plays a uniformly random legal action (:class:`rometools.core.game.RandomBot`), drawing
    nothing when one action is legal (as IMPERATOR's bots always have, so seeded games stay the same).

    Examples
    --------
    >>> from rometools.imperator import legal_actions, new_game
    >>> s = new_game(rng=0)
    >>> RandomBot().choose(s, np.random.default_rng(1)) in legal_actions(s)
    True
    """

    def decide(self, state: GameState, rng: np.random.Generator):
        return _pick(_rules.legal_actions(state), rng)


class GreedyBot(Bot):
    """Takes the tile worth most to it now (:func:`tile_value`).

    A placement: the region with the highest tile value, with the seat's worker value
    closest to the marker (hardest to force out); ties uniformly at random; it passes
    only when it cannot place. A forced-out worker: the region with the highest tile
    value (then the closest value to its marker). The advanced action: the most
    valuable neighbouring tile, if it is worth anything.

    Examples
    --------
    >>> from rometools.imperator import legal_actions, new_game
    >>> s = new_game(rng=0)
    >>> GreedyBot().choose(s, np.random.default_rng(1)) in legal_actions(s)
    True
    """

    name = "greedy"
    trusted = True
    #: ``decide(state, rng)`` (:meth:`Bot.decide`): the twin's choice itself, with no method of this
    #: class between the play loop and it (a Python frame per decision)
    decide = staticmethod(_greedy.choose)


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
    """The region a worker is placed on, by id (the playtest's hot spots)."""
    if not isinstance(action, tuple):
        return ()
    return (action[0],) if any(r.id == action[0] for r in state.config.board.regions) else ()


def place_names(config) -> dict[str, str]:
    """Every region by id, with its name (the hot spots show the names)."""
    return {r.id: r.name for r in config.board.regions}


def place_map(config) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    """Where the hot spots are drawn, by id: every region at its board position; the arrows as links."""
    board = config.board
    positions = {r.id: tuple(r.position) for r in board.regions}
    return positions, [(a.source, a.target) for a in board.arrows if a.source in positions and a.target in positions]
