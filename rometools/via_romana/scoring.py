# rometools: compiled twin
# cython: annotation_typing=False
"""Via Romana scoring: a road's winner and cards (a pure function), the final scoring, tiebreaks.

Rules: ``002_2e34de0661bde959.txt``, Scoring Roads; End of the Game; Variants for Experts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

from rometools.core.errors import ArgumentError
from rometools.via_romana.state import RoadResult

__all__ = ["RoadResult", "ranks", "score_bounds", "score_parts", "score_road", "tiebreaks", "totals"]


def score_road(pieces: Mapping[Any, int], *, completer: Any, seat_order: Sequence[Any],
               dangerous_ties: bool = False) -> RoadResult:
    """Score a completed road: the most pieces wins; the others take cards equal to their pieces.

    Parameters
    ----------
    pieces : Mapping
        Each involved player's pieces on the road and in both end cities (pieces);
        players with 0 are not involved.
    completer : player
        The player whose build completed the road.
    seat_order : sequence
        Every player, clockwise.
    dangerous_ties : bool
        The Dangerous Ties variant: a tie without the completer gives no tile and no cards.

    Returns
    -------
    RoadResult
        A tie goes to the completer if in it, else to the next tied player clockwise from
        the completer. The winner receives no cards.

    Raises
    ------
    ArgumentError
        A player not in ``seat_order``, a negative count, or no player involved.

    Examples
    --------
    The rulebook's example (Scoring Roads): Blue 3 pieces beats Yellow 2 and Red 2.

    >>> score_road({"blue": 3, "yellow": 2, "red": 2}, completer="blue",
    ...            seat_order=["blue", "yellow", "red"])
    RoadResult(winner='blue', cards={'yellow': 2, 'red': 2})
    >>> score_road({"blue": 2, "yellow": 2, "red": 1}, completer="red",
    ...            seat_order=["blue", "yellow", "red"], dangerous_ties=True)
    RoadResult(winner=None, cards={})
    """
    order = list(seat_order)
    for p, n in pieces.items():
        if p not in order:
            raise ArgumentError(f"player {p!r} is not in seat_order {order}")
        if type(n) is not int or n < 0:
            raise ArgumentError(f"pieces of {p!r} must be a whole number 0 or more, got {n!r}")
    if completer not in order:
        raise ArgumentError(f"completer {completer!r} is not in seat_order {order}")
    involved = {p: n for p, n in pieces.items() if n > 0}
    if not involved:
        raise ArgumentError("no player has a piece on the road")
    return _road_result(involved, completer, order, dangerous_ties)


def _road_result(involved: dict, completer: Any, order: list, dangerous_ties: bool) -> RoadResult:
    """:func:`score_road` on checked values: ``involved`` maps each player with pieces (> 0) to them."""
    winner, cards = _seat_result([involved.get(p, 0) for p in order], order.index(completer), dangerous_ties)
    return RoadResult(None if winner < 0 else order[winner], {order[p]: k for p, k in cards})


@cython.ccall
@cython.locals(counts=list, completer=cython.Py_ssize_t, n=cython.Py_ssize_t, best=cython.Py_ssize_t,
               tied=cython.Py_ssize_t, winner=cython.Py_ssize_t, k=cython.Py_ssize_t, p=cython.Py_ssize_t,
               c=cython.Py_ssize_t, cards=list)
def _seat_result(counts: list, completer: int, dangerous_ties: bool) -> tuple:
    """A road's result by place in the seat order (Scoring Roads): ``counts`` each place's pieces
    (some place has one), ``completer`` the completing player's place. ``(winner, cards)``: the
    winner's place (-1: nobody) and ``(place, cards)`` for each other player with pieces, clockwise
    from the winner's left. The most pieces win; a tie goes to the completer if in it, else to
    the next tied player clockwise from the completer, or to nobody under Dangerous Ties. (The
    rules' road scoring calls it with the seats' counts: no dict, no :class:`RoadResult`.)"""
    n = len(counts)
    best = tied = 0
    for k in range(n):
        c = counts[k]
        if c > best:
            best, tied = c, 1
        elif c == best:
            tied += 1
    if tied > 1 and counts[completer] != best and dangerous_ties:
        return -1, []
    winner = completer
    while counts[winner] != best:
        winner = (winner + 1) % n
    cards = []
    for k in range(1, n):
        p = (winner + k) % n
        if counts[p]:
            cards.append((p, counts[p]))
    return winner, cards


def score_parts(state) -> list[dict[str, int]]:
    """Each seat's points by category: ``tiles``, ``forts``, ``standard``, ``goal`` and ``total``.

    A fort is worth its city's current top value (at least 1); the standard 2; a goal
    tile 5 when the seat holds tiles of its four colours (End of the Game, Final scoring).

    >>> from rometools.via_romana import new_game
    >>> score_parts(new_game())[0]
    {'tiles': 0, 'forts': 0, 'standard': 0, 'goal': 0, 'total': 0}
    """
    return [{"tiles": tiles, "forts": forts, "standard": standard, "goal": goal,
             "total": tiles + forts + standard + goal} for tiles, forts, standard, goal in _parts(state)]


def totals(state) -> tuple[int, ...]:
    """Each seat's ``"total"`` of :func:`score_parts` (the rules' ``scores``), without the dicts.

    >>> from rometools.via_romana import new_game
    >>> totals(new_game(players=2))
    (0, 0)
    """
    return tuple(sum(row) for row in _parts(state))


def _parts(state) -> list[tuple[int, int, int, int]]:
    """Per seat ``(tiles, forts, standard, goal)`` points (End of the Game, Final scoring)."""
    config = state.config
    board, comps = config.the_board(), config.the_components()
    fort_points = [0] * config.players
    pieces, left = state.pieces, state.tiles
    for i in range(len(board.cities)):  # one pass over the cities (the first board spaces) for every seat
        piece = pieces[i]
        if piece >= 0 and piece % 2:
            fort_points[piece // 2] += left[i] + 1
    out = []
    for seat in range(config.players):
        won = [board.tile_entry(w) for w in state.won[seat]]   # (province, value) per tile taken
        tiles = sum(value for _, value in won)
        standard = comps.standard_points if state.standard == seat else 0
        goal = 0
        if state.goals[seat] is not None:
            have = {province for province, _ in won}
            if set(comps.goal(state.goals[seat]).colours) <= have:
                goal = comps.goal_points
        out.append((tiles, fort_points[seat], standard, goal))
    return out


def ranks(state) -> tuple[int, ...]:
    """Final ranks (1 best): by points (with the seat handicap's); a tie goes to the standard's holder,
    else the next tied player clockwise from the holder (from the start player when nobody holds it, VR-9).

    >>> from rometools.via_romana import new_game
    >>> ranks(new_game(players=3))
    (1, 2, 3)
    """
    handicap = state.config.handicap
    totals = [p["total"] + handicap.points(s) for s, p in enumerate(score_parts(state))]
    n = len(totals)
    ref = state.standard if state.standard is not None else state.config.start_player
    order = sorted(range(n), key=lambda s: (-totals[s], (s - ref) % n))
    out = [0] * n
    for r, s in enumerate(order, 1):
        out[s] = r
    return tuple(out)


def tiebreaks(state) -> list[tuple[int]]:
    """Each seat's tiebreak after the points, larger is better: the standard's holder first, then
    clockwise from it (from the start player when nobody holds it, VR-9): ``(-(steps clockwise from
    the holder),)``. Registered as ``GameSpec(tiebreaks=...)``; :func:`ranks` ranks the same way.

    >>> from rometools.via_romana import new_game
    >>> tiebreaks(new_game(players=3))
    [(0,), (-1,), (-2,)]
    """
    n = state.config.players
    ref = state.standard if state.standard is not None else state.config.start_player
    return [(-((s - ref) % n),) for s in range(n)]


def score_bounds(config) -> tuple[int, int]:
    """Every score lies in it: 0 to all tiles + every fort at its city's maximum + standard + goal."""
    board, comps = config.the_board(), config.the_components()
    tiles = sum(sum(c.tiles) for c in board.cities)
    forts = comps.forts_per_player * max(c.max_value for c in board.cities)
    return 0, tiles + forts + comps.standard_points + comps.goal_points
