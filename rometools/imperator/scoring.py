"""IMPERATOR scoring: instant-tile points, Action-track points, score bounds.

Rules: ``004_c0d35faf86920c09.txt``, Instant Rewards ("You score points according to
your current stock of the resource shown on the tile"), Action Progression ("the
Action track at the bottom of the Imperator board. This track will give points at
the end of the game"). The track's points are the board file's.
"""

from __future__ import annotations

from rometools.imperator.state import GameConfig, GameState

__all__ = ["score_bounds", "score_parts"]


def score_parts(state: GameState) -> list[dict[str, int]]:
    """Each seat's points by category: ``instant`` (instant tiles), ``track`` (the cube's
    space on the Action track) and ``total`` (points).

    Examples
    --------
    >>> from rometools.imperator import new_game
    >>> score_parts(new_game(rng=0))[0]
    {'instant': 0, 'track': 0, 'total': 0}
    """
    board = state.config.board
    out = []
    for points, space in zip(state.points, state.track, strict=True):
        track = board.track_points(space)
        out.append({"instant": points, "track": track, "total": points + track})
    return out


def score_bounds(config: GameConfig) -> tuple[int, int]:
    """``(low, high)``: every seat's score at any node of a game with this config (points).

    A seat wins at most one tile a round (one worker on the board) and, in the advanced
    game, one more reward a game; each can add at most the largest usable-once amount
    to a resource's stock; an instant tile scores at most its laurel times the stock.

    Examples
    --------
    >>> score_bounds(GameConfig(players=2, rounds=1))
    (0, 84)
    """
    comps = config.components
    laurel = max((t.points for t in comps.tiles if t.kind == "instant_points"), default=0)
    most_gain = max((t.amount for t in comps.tiles if t.kind == "usable_once"), default=0)
    most_stock = max(max(s) for s in config.stock) + (config.rounds + 1) * most_gain
    return 0, (config.rounds + 1) * laurel * most_stock + max(config.board.track)
