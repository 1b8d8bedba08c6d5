# rometools: compiled twin
# cython: annotation_typing=False
"""GreedyBot's choice: ``GreedyBot.decide``.

Private to :mod:`rometools.via_romana.bots`, which documents the bot. This module is plain
Python that Cython compiles as it is (``hatch_build.py``, as ``_greedy_c``;
``annotation_typing=False`` keeps Python's meaning of every annotation), and the bot uses the
compiled twin while it matches this source (:func:`rometools.core._cython.compiled_or_plain`):
the same choices, faster. It plays the rules the registry plays, their own twin where it was
built. ``tests/test_compiled_twins.py`` checks that seeded games are the same either way.

A build is rated by what it changes in the scores. :func:`gains` works that change out from
the state as it is, as the rules would leave it (Scoring Roads, End of the Game): the bot
applied every road-completing build and scored the whole table before and after, which was
half of a greedy game's time. ``tests/test_via_romana.py`` holds :func:`gains` equal to that
full apply-and-score at every build of seeded games in every sample config. The bot's own
rating (:func:`_points`) reads only what its seat knows: another seat's goal tile at its
expected points over the tiles the seat has not seen (:func:`_expected_goal`).
"""

from __future__ import annotations

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

from rometools.core._cython import compiled_or_plain
from rometools.core.rng import integer_below
from rometools.via_romana.state import END, KEEP

__all__ = ["choose", "gains", "rules"]

#: The rules as the registry plays them: their compiled twin where it was built (the same source).
rules = compiled_or_plain("rometools.via_romana.rules")

#: A build's bonus by kind, added to its points (the greedy bot's yardstick).
KIND_BONUS = {"fort": 0.4, "double": 0.6, "milestone": 0.3, "joker": 0.1}


@cython.ccall
def _completed(t, short: dict, kind: str, place) -> list:
    """The roads a legal build completes (``short``: the rules' facts kept with the state, the
    open roads one or two places short; the rules' ``_build`` finds the same roads)."""
    if kind == "double":
        x, y = t.index[place[1]], t.index[place[2]]
        r = t.road_of[x]   # both spaces lie on one road (VR-5)
        return [r] if short.get(r) == (min(x, y), max(x, y)) else []
    return rules._completing(t, short, t.index[place])


@cython.ccall
def _gains(state, t, seat: int, kind: str, place, roads: list, known) -> list:
    """Each seat's points gained by a build of ``kind`` at ``place`` (a space id; a double's
    ``(city, space, space)``) by ``seat``, completing ``roads``, as the rules leave them once the
    build is applied and play stops for a decision or a draw.

    ``known``: every goal tile is read (the true gains). Otherwise only what ``seat`` knows: a
    goal another seat completes counts its expected points over the tiles ``seat`` has not
    seen (:func:`_expected_goal`), so twins ``seat`` cannot tell apart are rated alike."""
    n = state.config.players
    comps = t.comps
    gained = [0] * n
    tiles = state.tiles
    fort = t.index[place] if kind == "fort" else -1
    if fort >= 0:
        gained[seat] += tiles[fort] + 1   # a fort is worth its city's top value (at least 1)
    if len(roads) != 1:
        return gained   # none, or the completing player orders several: nothing scored yet
    road = roads[0]
    a, b = t.road_ends[road]
    if (tiles[a] > 0) != (tiles[b] > 0):   # the only tile left is taken at once (two: chosen later)
        c = a if tiles[a] else b
        placed = (t.index[place[1]], t.index[place[2]]) if kind == "double" else (t.index[place],)
        p = state.pieces
        counts = [0] * n
        for i in (a, b, *t.road_spaces[road]):
            counts[seat if i in placed else p[i] // 2] += 1
        # the most pieces win; a tie goes to the completing player if in it, else the next tied
        # player clockwise, or to nobody under Dangerous Ties (scoring.score_road)
        most = max(counts)
        if counts[seat] == most:
            winner = seat
        elif state.config.dangerous_ties and counts.count(most) > 1:
            winner = None
        else:
            winner = seat
            while counts[winner] != most:   # clockwise from the completing player
                winner = (winner + 1) % n
        if winner is not None:
            gained[winner] += tiles[c] + 1
            owner = seat * 2 + 1 if c == fort else p[c]
            if owner >= 0 and owner % 2:
                gained[owner // 2] -= 1   # a fort there drops to the next tile's value
            goal = state.goals[winner]
            if goal is not None:
                board = t.board
                have = {board.tile_entry(w)[0] for w in state.won[winner]}
                province = board.city(t.spaces[c]).province
                if known or winner == seat:
                    if _completes(comps, goal, have, province):
                        gained[winner] += comps.goal_points
                else:   # another seat's goal tile, hidden from this seat
                    gained[winner] += _expected_goal(state, comps, seat, have, province)
    if state.signs == 1:   # the last sign: the standard goes to the completing player
        gained[seat] += comps.standard_points
    return gained


@cython.ccall
def _completes(comps, goal: str, have: set, province: str) -> bool:
    """Whether a tile of ``province`` completes the goal tile ``goal`` for a seat holding tiles of ``have``."""
    need = set(comps.goal(goal).colours)
    return not need <= have and need <= have | {province}


def _expected_goal(state, comps, seat: int, have: set, province: str) -> float:
    """The points a tile of ``province`` is expected to give another seat holding tiles of ``have``
    through its goal tile, which ``seat`` has not seen: that tile is any of the tiles ``seat`` has
    not seen (those not dealt, and the other seats'), each as likely (Preparing to Play, Goal
    tiles), so the goal's points times the share of them that tile would complete."""
    unseen = list(state.goals_left)
    for k in range(len(state.goals)):
        if k != seat and state.goals[k] is not None:
            unseen.append(state.goals[k])
    if not unseen:
        return 0.0
    hits = 0
    for g in unseen:
        if _completes(comps, g, have, province):
            hits += 1
    return comps.goal_points * hits / len(unseen)


def gains(state, action) -> tuple[int, ...]:
    """Each seat's points gained by a legal build, as :func:`rules.scores` would show once it is
    applied and play stops (a road it completes scored, unless its winner must choose a tile).

    Raises ``KeyError`` or ``IndexError`` for an action that is no build (it is not checked).

    >>> import rometools
    >>> from rometools.core.playout import play, turn_states
    >>> state = next(s for s in turn_states(play(rometools.load_game("via_romana", players=2), "greedy", 1))
    ...              if s.agenda and s.agenda[0][0] == "build")
    >>> fort = next(a for a in rules.legal_actions(state) if a[0] == "fort")
    >>> fort, gains(state, fort)   # seat 0's fort at Roma: its top tile, 4
    (('fort', 'roma', 'purple:eagle', 'purple:eagle'), (4, 0))
    """
    t = rules._t(state.config)
    short = rules._facts(state, t)[4]
    kind = action[0]
    place = action[1:4] if kind == "double" else action[1]
    return tuple(_gains(state, t, state.seat, kind, place, _completed(t, short, kind, place), True))


@cython.ccall
def _points(state, t, seat: int, kind: str, place, short: dict) -> float:
    """A build's points for the greedy yardstick: the seat's gain less half the most another seat
    gains, from what the seat knows (another seat's goal tile at its expected points)."""
    roads = _completed(t, short, kind, place) if short else ()
    if roads:   # a scoring
        got = _gains(state, t, seat, kind, place, roads, False)
        most = None   # the most another seat gains
        for k in range(len(got)):
            if k != seat and (most is None or got[k] > most):
                most = got[k]
        return got[seat] - 0.5 * (0 if most is None else most)
    # no road completes: only a fort's own points change (its city's top value, at least 1)
    return float(state.tiles[t.index[place]] + 1 if kind == "fort" else 0)   # = gained - 0.5 * 0


@cython.ccall
def _spelt(kind: str, place, cards: tuple) -> tuple:
    """A build of ``rules.build_options`` as its legal action."""
    if kind == "double":
        return ("double", place[0], place[1], place[2], cards[0])
    return (kind, place, cards[0]) if len(cards) == 1 else (kind, place, cards[0], cards[1])


@cython.locals(value=cython.double, best_value=cython.double, top=cython.double, joker=cython.bint)
def _best_build(state, rng, options: list, seat: int):
    """The best-rated build (``END`` when none rates above 0), ties drawn at random in legal order
    (``END`` first, then ``options`` spelt out, as ``rules.legal_actions`` lists them).

    A build's rating depends only on its kind and the places it fills, not on the cards it spends,
    so each kind and place is rated once (``rated``), and only the builds kept are spelt out.
    Every joker pair offers the same spaces (one list, most of a decision's builds): the first
    pair's scan keeps the list's top rating and the spaces at it (``top``, ``tops``), and each
    later pair keeps those spaces or none, as its own scan would (ratings that differ differ by
    far more than the 1e-9 the comparisons allow).
    """
    t = rules._t(state.config)
    short = rules._facts(state, t)[4]
    single = set()   # the places that alone complete a road
    for m in short.values():
        if len(m) == 1:
            single.add(m[0])
    best, best_value = [END], 0.0
    rated: dict = {"fort": {}, "milestone": {}, "joker": {}, "double": {}}
    points: dict = {}   # by the pieces placed: a fort (city,), or milestones on a space or two (x, y)
    tiles, index = state.tiles, t.index
    jokers, top, tops = None, -1.0, []   # the jokers' spaces (one list), their top rating, the spaces at it
    for kind, cards, places in options:
        joker = kind == "joker"
        if joker and places is jokers:
            if top > best_value + 1e-9:
                best, best_value = [_spelt(kind, place, cards) for place in tops], top
            elif top >= best_value - 1e-9:
                for place in tops:
                    best.append(_spelt(kind, place, cards))
            continue
        seen = rated[kind]
        bonus = KIND_BONUS[kind]
        fort, double = kind == "fort", kind == "double"
        if joker:
            jokers, top, tops = places, -1.0, []
        for place in places:
            known = seen.get(place)
            if known is None:
                if not double and index[place] not in single:   # no road completes: no points but a fort's
                    value = float(tiles[index[place]] + 1 if fort else 0)
                else:
                    placed = (place,) if fort else place[1:] if double else place
                    known = points.get(placed)
                    if known is None:
                        known = points[placed] = _points(state, t, seat, kind, place, short)
                    value = known
                value += bonus
                if fort:
                    value += 0.2 * tiles[index[place]]
                seen[place] = value
            else:
                value = known
            if value > best_value + 1e-9:
                best, best_value = [_spelt(kind, place, cards)], value
            elif value >= best_value - 1e-9:
                best.append(_spelt(kind, place, cards))
            if joker:
                if not tops or value > top + 1e-9:
                    top, tops = value, [place]
                elif value >= top - 1e-9:
                    tops.append(place)
    return best[integer_below(rng, len(best))]


def choose(state, rng):
    """GreedyBot's action at a decision node (see :class:`~rometools.via_romana.bots.GreedyBot`)."""
    kind = state.agenda[0][0]
    if kind == "build":   # the builds grouped, spelt out only when kept (no draw when END is all)
        options = rules.build_options(state)
        return _best_build(state, rng, options, state.seat) if options else END
    legal = rules.legal_actions(state)
    seat = rules.current_player(state)
    if len(legal) == 1:
        return legal[0]
    if kind == "discard":
        if KEEP in legal and sum(state.hands[seat]) <= 5:
            return KEEP
        return legal[integer_below(rng, len([a for a in legal if a != KEEP]))]
    if kind == "tile":
        t = rules._t(state.config)
        return max(legal, key=lambda a: state.tiles[t.index[a[1]]])
    return legal[integer_below(rng, len(legal))]
