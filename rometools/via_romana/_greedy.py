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
def _completed(t, short: dict, placed: tuple) -> list:
    """The roads a legal build filling the places ``placed`` (indices: one, or a double's two
    spaces) completes (``short``: the rules' facts kept with the state, the open roads one or two
    places short; the rules' ``_build`` finds the same roads)."""
    if len(placed) == 2:
        x, y = placed
        r = t.road_of[x]   # both spaces lie on one road (VR-5)
        return [r] if short.get(r) == (min(x, y), max(x, y)) else []
    return rules._completing(t, short, placed[0])


@cython.ccall
def _gains(state, t, seat: int, fort: int, placed: tuple, roads: list, known) -> list:
    """Each seat's points gained by a build by ``seat`` filling the places ``placed`` (indices;
    ``fort``: a fort's city index, else -1), completing ``roads``, as the rules leave them once the
    build is applied and play stops for a decision or a draw.

    ``known``: every goal tile is read (the true gains). Otherwise only what ``seat`` knows: a
    goal another seat completes counts its expected points over the tiles ``seat`` has not
    seen (:func:`_expected_goal`), so twins ``seat`` cannot tell apart are rated alike."""
    n = state.config.players
    comps = t.comps
    gained = [0] * n
    tiles = state.tiles
    if fort >= 0:
        gained[seat] += tiles[fort] + 1   # a fort is worth its city's top value (at least 1)
    if len(roads) != 1:
        return gained   # none, or the completing player orders several: nothing scored yet
    road = roads[0]
    a, b = t.road_ends[road]
    if (tiles[a] > 0) != (tiles[b] > 0):   # the only tile left is taken at once (two: chosen later)
        c = a if tiles[a] else b
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
                province = t.province[c]
                if known or winner == seat:
                    if _completes(t.goal_need[goal], have, province):
                        gained[winner] += comps.goal_points
                else:   # another seat's goal tile, hidden from this seat
                    gained[winner] += _expected_goal(state, t, seat, have, province)
    if state.signs == 1:   # the last sign: the standard goes to the completing player
        gained[seat] += comps.standard_points
    return gained


@cython.ccall
def _completes(need: frozenset, have: set, province: str) -> bool:
    """Whether a tile of ``province`` completes a goal tile of the colours ``need`` (``rules``'
    ``goal_need``) for a seat holding tiles of ``have``."""
    return not need <= have and need <= have | {province}


def _expected_goal(state, t, seat: int, have: set, province: str) -> float:
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
    need = t.goal_need
    for g in unseen:
        if _completes(need[g], have, province):
            hits += 1
    return t.comps.goal_points * hits / len(unseen)


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
    placed = (t.index[action[2]], t.index[action[3]]) if kind == "double" else (t.index[action[1]],)
    fort = placed[0] if kind == "fort" else -1
    return tuple(_gains(state, t, state.seat, fort, placed, _completed(t, short, placed), True))


@cython.ccall
def _points(state, t, seat: int, fort: int, placed: tuple, short: dict) -> float:
    """A build's points for the greedy yardstick: the seat's gain less half the most another seat
    gains, from what the seat knows (another seat's goal tile at its expected points)."""
    return _rated(state, t, seat, fort, placed, _completed(t, short, placed) if short else ())


@cython.ccall
def _rated(state, t, seat: int, fort: int, placed: tuple, roads) -> float:
    """:func:`_points` of a build that completes ``roads``."""
    if roads:   # a scoring
        got = _gains(state, t, seat, fort, placed, roads, False)
        most = None   # the most another seat gains
        for k in range(len(got)):
            if k != seat and (most is None or got[k] > most):
                most = got[k]
        return got[seat] - 0.5 * (0 if most is None else most)
    # no road completes: only a fort's own points change (its city's top value, at least 1)
    return float(state.tiles[fort] + 1 if fort >= 0 else 0)   # = gained - 0.5 * 0


@cython.ccall
def _spelt(t, kind: str, place, cards: tuple) -> tuple:
    """A build of ``rules._build_groups`` (places and cards by index) as its legal action."""
    spaces, ids = t.spaces, t.cards
    if kind == "double":
        return ("double", spaces[place[0]], spaces[place[1]], spaces[place[2]], ids[cards[0]])
    if len(cards) == 1:
        return (kind, spaces[place], ids[cards[0]])
    return (kind, spaces[place], ids[cards[0]], ids[cards[1]])


@cython.locals(value=cython.double, best_value=cython.double, low=cython.double, g=cython.Py_ssize_t,
               k=cython.Py_ssize_t, g0=cython.Py_ssize_t, k0=cython.Py_ssize_t, start=cython.Py_ssize_t,
               total=cython.Py_ssize_t, r=cython.Py_ssize_t, i=cython.Py_ssize_t, fort=cython.bint,
               double=cython.bint, groups=list, values=list, of_group=list, places=list, rated=dict, points=dict,
               single=dict, tiles=tuple, kind=str)
def _best_build(state, rng, groups: list, seat: int):
    """The best-rated build (``END`` when none rates above 0), ties drawn at random in legal order
    (``END`` first, then ``groups`` spelt out, as ``rules.legal_actions`` lists them).

    ``groups``: ``rules._build_groups``, places and cards by index. A build's rating depends only on
    its kind and the places it fills, not on the cards it spends, so each list of places is rated
    once (the groups of one colour share one, every joker group the milestone spaces) and a road's
    points once per place. The draw is the one of a walk in legal order that starts a list of ties
    at each build rated more than 1e-9 above the best so far and adds each within 1e-9 of it: the
    first pass finds the best and where its list starts (a later joker group rates as the first one
    did, so it starts none), the second counts the ties from there, the third spells out the one
    drawn (ratings that differ differ by far more than 1e-9).
    """
    t = rules._t(state.config)
    short = rules._facts(state, t)[4]
    single: dict = {}   # the places that alone complete a road, with the roads they complete
    for road, m in short.items():
        if len(m) == 1:
            single.setdefault(m[0], []).append(road)
    tiles = state.tiles
    rated: dict = {}   # each list of places (by id) with its ratings
    points: dict = {}   # a road's points by the pieces placed: a fort (city,), a milestone space, a double (x, y)
    best_value, g0, k0 = 0.0, -1, 0   # END rates 0
    jokers, joker_values = None, None
    of_group = []   # each group's ratings
    for g in range(len(groups)):
        kind, cards, places = groups[g]
        if kind == "joker":
            if places is jokers:
                of_group.append(joker_values)
                continue   # a later joker group: the first one's ratings, no new best
            jokers = places
        values = rated.get(id(places))
        if values is None:
            values = []
            bonus = KIND_BONUS[kind]
            fort = kind == "fort"
            double = kind == "double"
            for place in places:
                if double:
                    key = (place[1], place[2])
                    known = points.get(key)
                    if known is None:
                        known = points[key] = _points(state, t, seat, -1, key, short)
                    value = known
                else:
                    roads = single.get(place)
                    if roads is None:   # no road completes: no points but a fort's
                        value = float(tiles[place] + 1 if fort else 0)
                    else:
                        key = (place,) if fort else place
                        known = points.get(key)
                        if known is None:
                            known = points[key] = _rated(state, t, seat, place if fort else -1, (place,), roads)
                        value = known
                value += bonus
                if fort:
                    value += 0.2 * tiles[place]
                values.append(value)
            rated[id(places)] = values
        of_group.append(values)
        if kind == "joker":
            joker_values = values
        for k in range(len(values)):
            value = values[k]
            if value > best_value + 1e-9:
                best_value, g0, k0 = value, g, k
    low = best_value - 1e-9
    total = 1 if g0 < 0 else 0
    for g in range(max(g0, 0), len(groups)):
        values = of_group[g]
        start = k0 if g == g0 else 0
        for k in range(start, len(values)):
            value = values[k]
            if value >= low:
                total += 1
    r = integer_below(rng, total)
    if g0 < 0:
        if r == 0:
            return END
        r -= 1
    for g in range(max(g0, 0), len(groups)):
        kind, cards, places = groups[g]
        values = of_group[g]
        start = k0 if g == g0 else 0
        for k in range(start, len(values)):
            value = values[k]
            if value >= low:
                if r == 0:
                    return _spelt(t, kind, places[k], cards)
                r -= 1
    raise AssertionError("the ties counted are walked")


@cython.locals(kind=str)
def choose(state, rng):
    """GreedyBot's action at a decision node (see :class:`~rometools.via_romana.bots.GreedyBot`)."""
    kind = state.agenda[0][0]
    if kind == "build":   # the builds grouped, spelt out only when kept (no draw when END is all)
        groups = rules._build_groups(state, rules._t(state.config))
        return _best_build(state, rng, groups, state.seat) if groups else END
    legal = rules.legal_actions(state)
    seat = rules.current_player(state)
    if len(legal) == 1:
        return legal[0]
    if kind == "discard":
        if KEEP in legal and sum(state.hands[seat]) <= 5:
            return KEEP
        return legal[integer_below(rng, len([a for a in legal if a != KEEP]))]
    if kind == "tile":
        return _best_tile(state, legal, seat)
    return legal[integer_below(rng, len(legal))]


def _best_tile(state, legal: list, seat: int):
    """The city tile a road's winner takes: the highest (its value, the city's tiles left + 1), plus
    the goal tile's points when it completes the seat's own goal (the components' ``goals.points``
    as loaded); the first in legal order on a tie."""
    t = rules._t(state.config)
    comps = t.comps
    goal = state.goals[seat]
    have = None
    if goal is not None:
        board = t.board
        have = {board.tile_entry(w)[0] for w in state.won[seat]}
    best, best_value = legal[0], -1
    need = t.goal_need[goal] if goal is not None else None
    for a in legal:
        c = t.index[a[1]]
        value = state.tiles[c] + 1
        if have is not None and _completes(need, have, t.province[c]):
            value += comps.goal_points
        if value > best_value:
            best, best_value = a, value
    return best
