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
if cython.compiled:   # a state's fields read from its __dict__ fetched in C (rules._fields), not as attributes
    from cython.cimports.cpython.object import PyObject_GenericGetDict

from rometools.core._cython import compiled_or_plain
from rometools.core.rng import integer_below
from rometools.via_romana.state import END, KEEP

__all__ = ["choose", "gains", "rules"]

#: The rules as the registry plays them: their compiled twin where it was built (the same source).
rules = compiled_or_plain("rometools.via_romana.rules")
# the rules' functions a decision calls, bound once (a module attribute lookup each was a tenth of a take's work)
_t, _facts, _completing, _double_spaces = rules._t, rules._facts, rules._completing, rules.moves._double_spaces

@cython.cfunc
def _tables_of(config):
    """``_t(config)``: the tables kept on the config, read without a Python call."""
    t = config.__dict__.get("_tables")
    return _t(config) if t is None else t


@cython.cclass
class _Kept:
    """What a build decision reads of a config and its tables, typed and by colour number: kept for
    the last config asked (:func:`_kept_of`). Private: never leaves this module."""

    config = cython.declare(object)
    t = cython.declare(object)
    cards = cython.declare(tuple)
    spaces = cython.declare(tuple)
    cards_per_turn = cython.declare(cython.Py_ssize_t)
    colour = cython.declare(tuple)          # per card kind, its colour's number
    colour_cities = cython.declare(tuple)   # per colour number, the cities a fort of it may go on
    takes = cython.declare(tuple)           # per colour number, 1 at each space a milestone card of it may go
    card_city = cython.declare(tuple)
    roads_from = cython.declare(dict)
    provinces = cython.declare(dict)        # each won tile met (``"roma=4"``) with its city's province

    def __init__(self, config, t):
        names = tuple(t.comps.colours)
        number = {c: k for k, c in enumerate(names)}
        takes = t.takes_colour[config.milestone_colour]   # VR-13's reading
        self.config, self.t, self.cards, self.spaces = config, t, t.cards, t.spaces
        self.cards_per_turn = t.comps.cards_per_turn
        self.colour = tuple(number[c] for c in t.card_colour)
        self.colour_cities = tuple(t.colour_cities[c] for c in names)
        self.takes = tuple(bytearray(takes[c]) for c in names)
        self.card_city, self.roads_from = t.card_city, t.roads_from
        self.provinces = {}


#: The :class:`_Kept` of the last config asked (a list of one: replaced, never changed in place).
_LAST_KEPT: list = [None]


@cython.cfunc
@cython.locals(w=_Kept)
def _kept_of(config) -> _Kept:
    """``config``'s :class:`_Kept`, made when another config was asked last."""
    found = _LAST_KEPT[0]
    if found is not None:
        w = found
        if w.config is config:
            return w
    w = _Kept(config, _tables_of(config))
    _LAST_KEPT[0] = w
    return w


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
    return _completing(t, short, placed[0])


@cython.ccall
def _gains(state, t, seat: int, fort: int, placed: tuple, roads: list, known, memo=None) -> list:
    """Each seat's points gained by a build by ``seat`` filling the places ``placed`` (indices;
    ``fort``: a fort's city index, else -1), completing ``roads``, as the rules leave them once the
    build is applied and play stops for a decision or a draw.

    ``known``: every goal tile is read (the true gains). Otherwise only what ``seat`` knows: a
    goal another seat completes counts its expected points over the tiles ``seat`` has not
    seen (:func:`_expected_goal`), so twins ``seat`` cannot tell apart are rated alike.

    ``memo``: a dict kept for the builds of one decision (one state), or ``None``: each seat's
    provinces of tiles won and the goal tiles ``seat`` has not seen, found once for all of them."""
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
                have = memo.get(winner) if memo is not None else None
                if have is None:
                    have = _provinces_won(state, t, winner)
                    if memo is not None:
                        memo[winner] = have
                province = t.province[c]
                if known or winner == seat:
                    if _completes(t.goal_need[goal], have, province):
                        gained[winner] += comps.goal_points
                else:   # another seat's goal tile, hidden from this seat
                    gained[winner] += _expected_goal(state, t, seat, have, province, memo)
    if state.signs == 1:   # the last sign: the standard goes to the completing player
        gained[seat] += comps.standard_points
    return gained


@cython.ccall
@cython.locals(need=frozenset, have=set)
def _completes(need: frozenset, have: set, province: str) -> bool:
    """Whether a tile of ``province`` completes a goal tile of the colours ``need`` (``rules``'
    ``goal_need``) for a seat holding tiles of ``have``: ``not need <= have and need <= have |
    {province}``, by membership tests (no set made): ``province`` is needed and not held, and every
    other colour needed is held."""
    if province in have or province not in need:
        return False
    for x in need:  # noqa: SIM110 - a loop compiles to C; all() over a generator does not
        if x != province and x not in have:
            return False
    return True


@cython.ccall
@cython.locals(won=tuple, provinces=dict, have=set, w=_Kept)
def _provinces_won(state, t, seat: int) -> set:
    """The provinces of the city tiles ``seat`` has won (each won tile's province read once per
    config: :class:`_Kept`)."""
    won = state.won[seat]
    have = set()
    if won:
        w = _kept_of(state.config)
        provinces = w.provinces
        for tile in won:
            province = provinces.get(tile)
            if province is None:
                province = provinces[tile] = t.board.tile_entry(tile)[0]
            have.add(province)
    return have


def _expected_goal(state, t, seat: int, have: set, province: str, memo=None) -> float:
    """The points a tile of ``province`` is expected to give another seat holding tiles of ``have``
    through its goal tile, which ``seat`` has not seen: that tile is any of the tiles ``seat`` has
    not seen (those not dealt, and the other seats'), each as likely (Preparing to Play, Goal
    tiles), so the goal's points times the share of them that tile would complete. (``memo``:
    :func:`_gains`'.)"""
    unseen = memo.get(-1) if memo is not None else None
    if unseen is None:
        unseen = list(state.goals_left)
        for k in range(len(state.goals)):
            if k != seat and state.goals[k] is not None:
                unseen.append(state.goals[k])
        if memo is not None:
            memo[-1] = unseen
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
    t = _t(state.config)
    short = rules._facts(state, t)[4]
    kind = action[0]
    placed = (t.index[action[2]], t.index[action[3]]) if kind == "double" else (t.index[action[1]],)
    fort = placed[0] if kind == "fort" else -1
    return tuple(_gains(state, t, state.seat, fort, placed, _completed(t, short, placed), True))


@cython.ccall
def _points(state, t, seat: int, fort: int, placed: tuple, short: dict, memo=None) -> float:
    """A build's points for the greedy yardstick: the seat's gain less half the most another seat
    gains, from what the seat knows (another seat's goal tile at its expected points). (``memo``:
    :func:`_gains`'.)"""
    return _rated(state, t, seat, fort, placed, _completed(t, short, placed) if short else (), memo)


@cython.ccall
def _rated(state, t, seat: int, fort: int, placed: tuple, roads, memo=None) -> float:
    """:func:`_points` of a build that completes ``roads``."""
    return _rating(state, t, state.tiles, t.road_ends, _last_sign(state, t), seat, fort, placed, roads, memo)


@cython.cfunc
def _last_sign(state, t):
    """The standard's points when the next road scored places the last sign, else 0."""
    return t.comps.standard_points if state.signs == 1 else 0


@cython.cfunc
@cython.locals(tiles=tuple, road_ends=dict, seat=cython.Py_ssize_t, fort=cython.Py_ssize_t, a=cython.Py_ssize_t,
               b=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _rating(state, t, tiles: tuple, road_ends: dict, standard, seat: int, fort: int, placed: tuple, roads,
            memo) -> float:
    """:func:`_rated`, with the state's ``tiles``, the tables' ``road_ends`` and :func:`_last_sign`'s
    ``standard`` read by the caller (once a decision: :func:`_rate`).

    Only a road whose one end city has tiles left and the other none (that tile taken at once)
    gives another seat points or a goal tile (:func:`_gains`); any other build, 98% of the
    road-completing ones a greedy game rates, gains its seat a fort's points and, completing
    one road with the last sign, the standard, and no other seat anything: the rating is that
    gain (less half of 0), found without :func:`_gains`' table. ``tests/test_via_romana.py``
    holds the two equal at every build of seeded games."""
    if not roads:   # no road completes: only a fort's own points change (its city's top value, at least 1)
        return float(tiles[fort] + 1 if fort >= 0 else 0)   # = gained - 0.5 * 0
    if len(roads) == 1:
        a, b = road_ends[roads[0]]
        if (tiles[a] > 0) != (tiles[b] > 0):   # a scoring with a tile taken at once
            got = _gains(state, t, seat, fort, placed, roads, False, memo)
            most = None   # the most another seat gains
            for k in range(len(got)):
                if k != seat and (most is None or got[k] > most):
                    most = got[k]
            return got[seat] - 0.5 * (0 if most is None else most)
        own = standard   # no tile taken at once: the seat's gain alone
    else:
        own = 0
    if fort >= 0:
        own += tiles[fort] + 1
    return float(own)   # = gained - 0.5 * 0


@cython.ccall
def _spelt(t, kind: str, place, cards: tuple) -> tuple:
    """A build of ``rules._build_groups`` (places and cards by index) as its legal action."""
    spaces, ids = t.spaces, t.cards
    if kind == "double":
        return ("double", spaces[place[0]], spaces[place[1]], spaces[place[2]], ids[cards[0]])
    if len(cards) == 1:
        return (kind, spaces[place], ids[cards[0]])
    return (kind, spaces[place], ids[cards[0]], ids[cards[1]])


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cfunc
@cython.locals(values=list, start=cython.Py_ssize_t, k=cython.Py_ssize_t, c=cython.Py_ssize_t, low=cython.double)
@cython.returns(cython.Py_ssize_t)
def _ties(values: list, start: int, low: float) -> int:
    """How many of ``values`` from ``start`` on are at least ``low``."""
    c = 0
    for k in range(start, len(values)):
        if values[k] >= low:
            c += 1
    return c


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cfunc
@cython.locals(values=list, start=cython.Py_ssize_t, k=cython.Py_ssize_t, r=cython.Py_ssize_t, low=cython.double)
@cython.returns(cython.Py_ssize_t)
def _nth_tie(values: list, start: int, low: float, r: int) -> int:
    """The index of the ``r``-th (from 0) of ``values`` from ``start`` on that is at least ``low``."""
    for k in range(start, len(values)):
        if values[k] >= low:
            if r == 0:
                return k
            r -= 1
    raise AssertionError("the ties counted are walked")


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cfunc
@cython.locals(value=cython.double, fort=cython.bint, double=cython.bint, values=list, tiles=tuple, bonus=cython.double,
               kind=str, places=list, short=dict, single=dict, completes=bytearray, points=dict, memo=dict,
               k=cython.Py_ssize_t, i=cython.Py_ssize_t, road_ends=dict)
def _rate(state, t, seat: int, kind: str, places: list, short: dict, single: dict, completes: bytearray, points: dict,
          memo: dict, tiles: tuple, road_ends: dict, standard) -> list:
    """The ratings of a group's places (its kind's bonus and a fort's 0.2 per tile added): a road's
    points found once per place (``points``: a fort (city,), a milestone space, a double (x, y)),
    a place that completes no road (not in ``single``; ``completes``: 1 at each place that is)
    rated without looking further: a milestone's or a joker's (most of a decision's places) at
    its bonus alone, one rating shared. (``tiles``, ``road_ends``, ``standard``: :func:`_rating`'s, read
    once a decision.)"""
    bonus = KIND_BONUS[kind]
    fort = kind == "fort"
    double = kind == "double"
    if not fort and not double:   # a milestone's or a joker's spaces: the bonus alone, but where a road completes
        value = 0.0
        value += bonus
        values = [value] * len(places)
        for k in range(len(places)):
            i = places[k]
            if completes[i]:
                known = points.get(i)
                if known is None:
                    known = points[i] = _rating(state, t, tiles, road_ends, standard, seat, -1, (i,), single[i], memo)
                value = known
                value += bonus
                values[k] = value
        return values
    values = []
    for place in places:
        if double:
            key = (place[1], place[2])
            known = points.get(key)
            if known is None:
                known = points[key] = _rating(state, t, tiles, road_ends, standard, seat, -1, key,
                                                 _completed(t, short, key) if short else (), memo)
            value = known
        else:
            roads = single.get(place)
            if roads is None:   # no road completes: no points but a fort's
                value = float(tiles[place] + 1 if fort else 0)
            else:
                key = (place,) if fort else place
                known = points.get(key)
                if known is None:
                    known = points[key] = _rating(state, t, tiles, road_ends, standard, seat, place if fort else -1,
                                                     (place,), roads, memo)
                value = known
        value += bonus
        if fort:
            value += 0.2 * tiles[place]
        values.append(value)
    return values


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cfunc
@cython.locals(ms=tuple, mask=bytearray, completes=bytearray, points=dict, bonus=cython.double,
               k=cython.Py_ssize_t, m=cython.Py_ssize_t, i=cython.Py_ssize_t, c=cython.Py_ssize_t,
               r=cython.Py_ssize_t, start=cython.Py_ssize_t, low=cython.double, value=cython.double)
@cython.returns(cython.Py_ssize_t)
def _spaces_ties(ms: tuple, mask, completes: bytearray, points: dict, bonus: float, start: int, low: float,
                 r: int = -1) -> int:
    """The milestone spaces ``ms`` a card may go on (``mask``: 1 at each, ``None``: all, a joker's)
    rated at least ``low``, from the ``start``-th of them on: how many (``r`` below 0), or the space
    of the ``r``-th of them (from 0). A space's rating is ``bonus``, plus its road's points
    (``points``, found by :func:`_spaces_best`) where it completes one (``completes``)."""
    c = 0
    m = 0
    for k in range(len(ms)):
        i = ms[k]
        if mask is None or mask[i]:
            if m >= start:
                if completes[i]:
                    value = points[i]
                    value += bonus
                else:
                    value = bonus
                if value >= low:
                    if c == r:
                        return i
                    c += 1
            m += 1
    if r >= 0:
        raise AssertionError("the ties counted are walked")
    return c


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(value=cython.double, best_value=cython.double, low=cython.double, g=cython.Py_ssize_t,
               k=cython.Py_ssize_t, g0=cython.Py_ssize_t, k0=cython.Py_ssize_t, total=cython.Py_ssize_t,
               r=cython.Py_ssize_t, c=cython.Py_ssize_t, first=cython.Py_ssize_t, each=cython.Py_ssize_t,
               n=cython.Py_ssize_t, q=cython.Py_ssize_t, j=cython.Py_ssize_t, m=cython.Py_ssize_t,
               i=cython.Py_ssize_t, a=cython.Py_ssize_t, b=cython.Py_ssize_t, ia=cython.Py_ssize_t,
               ib=cython.Py_ssize_t, col=cython.Py_ssize_t, city=cython.Py_ssize_t, npairs=cython.Py_ssize_t,
               left=cython.Py_ssize_t, nheld=cython.Py_ssize_t, bonus=cython.double, joker=cython.double,
               flat=cython.double, roads=list,
               w=_Kept, hand=tuple, held=list, colour=tuple, pieces=tuple, ms=tuple, short=dict, single=dict,
               completes=bytearray, points=dict, memo=dict, tiles=tuple, road_ends=dict, gkind=list, gcards=list,
               glist=list, lkind=list, lrow=list, rated=list, ties=list, counts=list, fort_list=list,
               ms_list=list, places=list, values=list, mask=bytearray, takes=tuple, d=dict)
def _choose_build(state, rng):
    """GreedyBot's build: the best-rated build (``END`` when none rates above 0), ties drawn at random
    in legal order (``END`` first, then ``rules.build_options`` spelt out, as ``rules.legal_actions``
    lists them).

    A build's rating depends only on its kind and the places it fills, not on the cards it spends,
    so each list of places is rated once: the forts of a colour share one (its vacant cities), the
    milestones of a colour one (the milestone spaces its cards may go on), every joker the
    milestone spaces, each double its own; and a road's points once per place. The groups of
    builds are walked here in legal order by card kind and colour number (``moves._builds_but_jokers``'
    order, without listing them): a milestone's or a joker's list is never made, its spaces read
    from the milestone spaces with the colour's mask, each rated at its kind's bonus but where it
    completes a road. The draw is the one of a walk in legal order that starts a list of ties at
    each build rated more than 1e-9 above the best so far and adds each within 1e-9 of it. The
    first pass finds the best and where its list starts: a list met again (a later group of a
    colour, every joker group after the first) rates as it did, so it starts none and is not read
    again. The second counts the ties from there, once per list (the joker groups, which come
    last, as one list times their number). The third finds the one drawn, skipping whole groups by
    their counts, and spells out that one alone (ratings that differ differ by far more than 1e-9).
    ``tests/test_via_romana.py`` holds it to every legal build rated and drawn among.
    """
    d = PyObject_GenericGetDict(state, cython.NULL) if cython.compiled else state.__dict__
    w = _kept_of(d["config"])
    t = w.t
    seat = d["seat"]
    hand = d["hands"][seat]
    held = []
    for i in range(len(hand)):
        c = hand[i]
        if c != 0:
            held.append(i)
    nheld = len(held)
    colour = w.colour
    left = w.cards_per_turn - d["played"]
    pieces = d["pieces"]
    gkind, gcards, glist = [], [], []   # each group in legal order: its kind, cards, list number
    lkind, lrow, rated, ties = [], [], [], []   # each list: its kind, places (a colour's number for
    # a milestone's), ratings (None for a milestone's), ties with the best (-1: not counted yet)
    if d["forts"][seat] and left >= 2:
        fort_list = [-1] * len(w.colour_cities)   # each colour's list (-2: no vacant city)
        for ia in range(nheld):
            a = held[ia]
            col = colour[a]
            for ib in range(ia, nheld):   # held is in index order: b >= a from a's place on
                b = held[ib]
                if colour[b] != col or (a == b and hand[a] < 2):
                    continue
                j = fort_list[col]
                if j == -1:
                    places = [i for i in w.colour_cities[col] if pieces[i] == -1]
                    if places:
                        j = len(lkind)
                        lkind.append("fort")
                        lrow.append(places)
                        rated.append(None)
                        ties.append(-1)
                    else:
                        j = -2
                    fort_list[col] = j
                if j >= 0:
                    gkind.append("fort")
                    gcards.append((a, b))
                    glist.append(j)
    milestones = d["milestones"][seat]
    f = _facts(state, t)
    ms, short = f[3], f[4]
    jokers = False
    if milestones and left >= 1:
        takes = w.takes
        ms_list = [-1] * len(takes)
        for a in held:
            col = colour[a]
            j = ms_list[col]
            if j == -1:
                mask = takes[col]
                j = -2
                for k in range(len(ms)):
                    i = ms[k]
                    if mask[i]:
                        j = len(lkind)
                        lkind.append("milestone")
                        lrow.append(col)
                        rated.append(None)
                        ties.append(-1)
                        break
                ms_list[col] = j
            if j >= 0:
                gkind.append("milestone")
                gcards.append((a,))
                glist.append(j)
        if milestones >= 2:
            signed = None   # the state's closed roads, read at the first city with a piece
            for a in held:
                city = w.card_city[a]
                if city >= 0 and pieces[city] != -1:
                    if signed is None:
                        signed, scored = d["signed"], d["scored"]
                    places = [(city, x, y) for x, y in _double_spaces(w.roads_from[city], signed, scored, pieces)]
                    if places:
                        j = len(lkind)
                        lkind.append("double")
                        lrow.append(places)
                        rated.append(None)
                        ties.append(-1)
                        gkind.append("double")
                        gcards.append((a,))
                        glist.append(j)
        jokers = left >= 2 and len(ms) > 0
    npairs = 0
    if jokers:
        for ia in range(nheld):
            for ib in range(ia + 1, nheld):
                if colour[held[ia]] != colour[held[ib]]:
                    npairs += 1
    n = len(gkind)
    if not n and not npairs:
        return END
    single: dict = {}   # the places that alone complete a road, with the roads they complete
    completes = bytearray(len(w.spaces))   # 1 at each of those places
    for road, m_ in short.items():
        if len(m_) == 1:
            single.setdefault(m_[0], []).append(road)
            completes[m_[0]] = 1
    memo: dict = {}     # _gains' facts of this state, found once
    tiles, road_ends, standard = d["tiles"], t.road_ends, _last_sign(state, t)   # _rating's, read once
    points: dict = {}   # a road's points by the pieces placed
    if npairs or "milestone" in lkind:   # a milestone's or a joker's road points at each space it completes one on
        flat = float(standard)   # _rating of one road with no tile taken at once: the standard, if the last sign
        for k in range(len(ms)):
            i = ms[k]
            if completes[i]:
                roads = single[i]
                if len(roads) != 1:
                    points[i] = 0.0   # _rating of several roads: the seat orders them, nothing scored yet
                    continue
                a, b = road_ends[roads[0]]
                if (tiles[a] > 0) != (tiles[b] > 0):   # a tile taken at once: _rating with _gains' table
                    points[i] = _rating(state, t, tiles, road_ends, standard, seat, -1, (i,), roads, memo)
                else:
                    points[i] = flat
    bonus, joker = KIND_BONUS["milestone"], KIND_BONUS["joker"]
    best_value, g0, k0 = 0.0, -1, 0   # END rates 0
    for g in range(n):
        j = glist[g]
        if ties[j] != -1:   # a list met again: no new best
            continue
        ties[j] = -2   # met
        if lkind[j] == "milestone":
            mask = w.takes[lrow[j]]
            m = 0
            for k in range(len(ms)):
                i = ms[k]
                if mask[i]:
                    if completes[i]:
                        value = points[i]
                        value += bonus
                    else:
                        value = bonus
                    if value > best_value + 1e-9:
                        best_value, g0, k0 = value, g, m
                    m += 1
            continue
        values = _rate(state, t, seat, lkind[j], lrow[j], short, single, completes, points, memo, tiles, road_ends,
                       standard)
        rated[j] = values
        for k in range(len(values)):
            value = values[k]
            if value > best_value + 1e-9:
                best_value, g0, k0 = value, g, k
    if npairs:   # the joker groups: group n is the first
        for k in range(len(ms)):
            i = ms[k]
            if completes[i]:
                value = points[i]
                value += joker
            else:
                value = joker
            if value > best_value + 1e-9:
                best_value, g0, k0 = value, n, k
    for j in range(len(ties)):
        ties[j] = -1
    low = best_value - 1e-9
    total = 1 if g0 < 0 else 0
    counts = [0] * n
    for g in range(max(g0, 0), n):
        j = glist[g]
        if g == g0:
            c = _list_ties(w, lkind[j], lrow[j], rated[j], ms, completes, points, bonus, k0, low)
        else:
            c = ties[j]
            if c < 0:
                c = ties[j] = _list_ties(w, lkind[j], lrow[j], rated[j], ms, completes, points, bonus, 0, low)
        counts[g] = c
        total += c
    first = each = 0   # the first joker group's ties, each later one's
    if npairs:
        each = _spaces_ties(ms, None, completes, points, joker, 0, low)
        first = _spaces_ties(ms, None, completes, points, joker, k0, low) if g0 == n else each
        total += first + each * (npairs - 1)
    r = integer_below(rng, total)
    if g0 < 0:
        if r == 0:
            return END
        r -= 1
    for g in range(max(g0, 0), n):
        c = counts[g]
        if r < c:
            j = glist[g]
            start = k0 if g == g0 else 0
            if lkind[j] == "milestone":
                return _spelt(t, "milestone", _spaces_ties(ms, w.takes[lrow[j]], completes, points, bonus, start, low, r),
                              gcards[g])
            places = lrow[j]
            return _spelt(t, gkind[g], places[_nth_tie(rated[j], start, low, r)], gcards[g])
        r -= c
    if r < first:
        q = 0
        i = _spaces_ties(ms, None, completes, points, joker, k0 if g0 == n else 0, low, r)
    else:
        r -= first
        q = r // each
        i = _spaces_ties(ms, None, completes, points, joker, 0, low, r - q * each)
        q += 1
    for ia in range(nheld):   # the q-th joker group's cards: pairs of held kinds of two colours, in order
        for ib in range(ia + 1, nheld):
            a, b = held[ia], held[ib]
            if colour[a] != colour[b]:
                if q == 0:
                    return _spelt(t, "joker", i, (a, b))
                q -= 1
    raise AssertionError("the joker groups counted are walked")


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cfunc
@cython.locals(w=_Kept, values=list, ms=tuple, completes=bytearray, points=dict, bonus=cython.double,
               start=cython.Py_ssize_t, low=cython.double)
@cython.returns(cython.Py_ssize_t)
def _list_ties(w: _Kept, kind: str, row, values, ms: tuple, completes: bytearray, points: dict, bonus: float,
               start: int, low: float) -> int:
    """How many builds of one list of :func:`_choose_build`, from its ``start``-th on, rate at least ``low``."""
    if kind == "milestone":
        return _spaces_ties(ms, w.takes[row], completes, points, bonus, start, low)
    return _ties(values, start, low)


@cython.locals(kind=str, item=tuple)
def choose(state, rng):
    """GreedyBot's action at a decision node (see :class:`~rometools.via_romana.bots.GreedyBot`)."""
    item = (PyObject_GenericGetDict(state, cython.NULL) if cython.compiled else state.__dict__)["agenda"][0]
    kind = item[0]
    if kind == "build":   # the builds grouped, spelt out only when kept (no draw when END is all)
        return _choose_build(state, rng)
    if kind == "take":   # a card kind of the display at random, without listing the actions
        return _take(state, rng)
    if kind == "discard":
        return _discard(state, rng)
    legal = rules.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    if kind == "tile":
        return _best_tile(state, legal, item[1])
    return legal[integer_below(rng, len(legal))]


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(display=tuple, i=cython.Py_ssize_t, n=cython.Py_ssize_t, r=cython.Py_ssize_t, c=cython.Py_ssize_t,
               kinds=list, d=dict)
def _take(state, rng):
    """``rules.legal_actions(state)[integer_below(rng, n)]`` at a take (``("take", card)`` for each
    card kind in the display, in the deck's order: ``n`` of them, at least one), no draw when ``n``
    is 1, found without listing them (the display read once, each count as a C integer)."""
    d = PyObject_GenericGetDict(state, cython.NULL) if cython.compiled else state.__dict__
    display = d["display"]
    kinds = []
    for i in range(len(display)):
        c = display[i]
        if c != 0:
            kinds.append(i)
    n = len(kinds)
    if n == 0:
        raise AssertionError("a take with the display empty")
    r = integer_below(rng, n) if n > 1 else 0
    return _tables_of(d["config"]).takes[kinds[r]]


@cython.locals(hand=tuple, held=list, i=cython.Py_ssize_t, keep=cython.bint)
def _discard(state, rng):
    """GreedyBot's discard, as from ``rules.legal_actions(state)`` (a ``("discard", card)`` for each
    card kind held, in the deck's order, then ``KEEP`` with Obstinate Hands): the only action when
    there is one; ``KEEP`` with 5 cards or fewer where it is allowed; else a card kind held at
    random."""
    hand = state.hands[state.seat]
    held = [i for i in range(len(hand)) if hand[i]]
    keep = state.config.obstinate_hands
    if len(held) + keep == 1:
        return KEEP if keep else ("discard", _tables_of(state.config).cards[held[0]])
    if keep and sum(hand) <= 5:
        return KEEP
    return ("discard", _tables_of(state.config).cards[held[integer_below(rng, len(held))]])


def _best_tile(state, legal: list, seat: int):
    """The city tile a road's winner takes: the highest (its value, the city's tiles left + 1), plus
    the goal tile's points when it completes the seat's own goal (the components' ``goals.points``
    as loaded); the first in legal order on a tie."""
    t = _tables_of(state.config)
    comps = t.comps
    goal = state.goals[seat]
    have = None
    if goal is not None:
        have = _provinces_won(state, t, seat)
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
