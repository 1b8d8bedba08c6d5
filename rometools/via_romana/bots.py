"""Via Romana's bots: a greedy one (the random bot is rometools' own).

The greedy bot reads only what :func:`~rometools.via_romana.hidden.information_state` shows
its seat (its hand and goal tile, the board, the display): another seat's goal tile counts at
its expected points over the tiles the seat has not seen. ``check_game``'s
``hidden_information`` check holds it to that (the same move at states the seat cannot tell
apart); ``tests/test_via_romana_hidden.py`` at a position where another seat's goal decides.
"""

from __future__ import annotations

from rometools.core._cython import compiled_or_plain
from rometools.core.game import Bot, RandomBot
from rometools.core.playtest import Restriction

__all__ = ["BOTS", "GreedyBot", "RandomBot"]

#: GreedyBot's choice, and the rules as the registry plays them: compiled twins where they were built.
_greedy = compiled_or_plain("rometools.via_romana._greedy")


class GreedyBot(Bot):
    """Completes roads it wins, builds forts where the tiles are high, blocks roads others would win.

    Each build is rated by what it changes in the scores (tiles, forts, the standard, a goal
    tile), worked out without applying it: the seat's points less half the most another seat
    gains, plus a bonus by kind; ties broken at random. It reads only what its seat knows: a
    goal tile that another seat would complete counts its points times the share of the tiles
    the seat has not seen that the road's tile would complete (each is as likely to be that
    seat's), never that seat's real tile. Taking a city tile, it takes the highest, counting the
    goal tile's points when the tile completes its own goal. Every value is read from the data as
    loaded (a variant's).

    >>> import numpy as np
    >>> from rometools.via_romana import GAME, is_over
    >>> end = GAME.play_game(bots=["greedy", "random"], config=GAME.config(players=2), rng=2)
    >>> is_over(end)
    True
    """

    name = "greedy"
    trusted = True

    #: ``decide(state, rng)``: the choice itself (the compiled twin's function where it was built),
    #: not a Python method that calls it (a Python frame per decision).
    decide = staticmethod(_greedy.choose)


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def _builds(kind: str):
    return lambda state, action: isinstance(action, tuple) and action[0] == kind


#: Strategies a bot can be denied in restricted play (:mod:`rometools.core.playtest`).
RESTRICTIONS = (
    Restriction("no_fort", "never builds a fort", _builds("fort")),
    Restriction("no_double", "never lays two milestones with one card", _builds("double")),
    Restriction("no_joker", "never plays two cards as a joker", _builds("joker")),
)


def action_places(state, action) -> tuple[str, ...]:
    """The city a fort or a double milestone is built from, or the road a milestone goes on, by id
    (hot spots; a board refuses a road id that is a city's)."""
    if not isinstance(action, tuple) or action[0] not in ("fort", "setup", "milestone", "joker", "double"):
        return ()
    where = action[1]
    return (where if any(c.id == where for c in state.config.the_board().cities) else where.partition(".")[0],)


def place_names(config) -> dict[str, str]:
    """Every city and road by id, with its name (a road by its cities: ``"Roma–Tibur road"``)."""
    board = config.the_board()
    return {**{c.id: c.name for c in board.cities}, **{r.id: board.road_name(r.id) for r in board.roads}}


def place_map(config) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    """Where the hot spots are drawn, by id: every city at its position, every road at the middle of
    its two cities; each road's halves as links."""
    board = config.the_board()
    positions = {c.id: tuple(c.position) for c in board.cities}
    links = []
    for road in board.roads:
        (x0, y0), (x1, y1) = positions[road.a], positions[road.b]
        positions[road.id] = ((x0 + x1) / 2, (y0 + y1) / 2)
        links += [(road.a, road.id), (road.id, road.b)]
    return positions, links
