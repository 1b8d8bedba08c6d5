# rometools: compiled twin
# cython: annotation_typing=False
"""What may happen next in Via Romana: whose move it is, the draws' outcomes, the legal actions.

:func:`current_player` reads the state's agenda (the work left of the turn, in rulebook order);
at a chance node :func:`chance_outcomes` and :func:`chance_weights` list the cards that may be
drawn (the deck as a multiset; the discard pile when the deck is empty) or the goal tiles that
may be dealt, and :func:`random_source` names each draw's stream; elsewhere
:func:`legal_actions` lists the decisions, a build step's by :func:`build_options` (Detailed
Building Rules; VR-5, VR-13). :mod:`~rometools.via_romana.rules` applies them.
Rules: ``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

from fractions import Fraction

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

if cython.compiled:   # a state's dict read in C (_fields)
    from cython.cimports.cpython.object import PyObject_GenericGetDict

from rometools.core._cython import compiled_or_plain
from rometools.via_romana.state import CHANCE, END, KEEP, TERMINAL, GameState

__all__ = ["build_options", "chance_outcomes", "chance_weights", "current_player", "legal_actions", "random_source"]

#: The index tables and the board facts: their compiled twins where they were built (the same source).
_tables = compiled_or_plain("rometools.via_romana._tables")
_facts_module = compiled_or_plain("rometools.via_romana.facts")
_Tables, _t = _tables._Tables, _tables._t
_facts = _facts_module._facts


# ----------------------------------------------------------------- whose move
#: Whose move each kind of agenda item is, for :func:`current_player`: 0 a draw (chance), 1 the
#: item's seat taking a card from the display (a draw from the deck when it is empty), 2 the seat
#: whose turn it is; any other kind (setup, order, tile) the item's seat. One dict lookup of the
#: kind instead of comparing it with each name (a string comparison each, 6 a move).
_WHOSE = {"deal": 0, "goal": 0, "draw": 0, "refill": 0, "take": 1, "build": 2, "discard": 2}


@cython.cfunc
@cython.inline
def _fields(state):
    """A state's fields by name: its ``__dict__``, read in C when compiled (the attribute ``__dict__``,
    like a field read as an attribute, searches the class first): as ``rules._fields``."""
    if cython.compiled:
        return PyObject_GenericGetDict(state, cython.NULL)
    return state.__dict__


@cython.ccall
def current_player(state: GameState) -> int:
    """The seat to decide, ``CHANCE`` at a draw, ``TERMINAL`` once the game is over."""
    return _player_of(_fields(state))   # the fields read from the state's dict, in C


#: ``(fields, player)``: the last state's ``__dict__`` :func:`_player_of` was asked, and its answer
#: (a list of one: the pair replaced, never changed in place). The play loop asks whose move it is,
#: then the draw's source, then at a draw its weights, of one state: the second and third ask find it
#: here. A state's fields never change once the rules have returned it (they change only the copy
#: they are making, ``rules._successor``), and the pair holds the dict, so ``is`` cannot meet another.
_LAST_PLAYER: list = [None]


@cython.cfunc
@cython.locals(d=dict, item=tuple, whose=cython.int, table=dict, last=tuple)
def _player_of(d: dict):
    """:func:`current_player` of the state whose fields are ``d`` (its ``__dict__``, which
    :func:`random_source` and :func:`chance_weights` read anyway)."""
    last = _LAST_PLAYER[0]
    if last is not None and last[0] is d:
        return last[1]
    p = _whose(d)
    _LAST_PLAYER[0] = (d, p)
    return p


@cython.cfunc
@cython.locals(d=dict, item=tuple, whose=cython.int, table=dict)
def _whose(d: dict):
    """:func:`_player_of`, found from the fields."""
    if d["over"]:
        return TERMINAL
    item = d["agenda"][0]
    table = _WHOSE
    whose = table.get(item[0], 3)
    if whose == 0:
        return CHANCE
    if whose == 1:
        return item[1] if _some(d["display"]) else CHANCE
    if whose == 2:
        return d["seat"]
    return item[1]  # setup, order, tile


@cython.cclass
class _Builds:
    """What :func:`_builds_but_jokers` and :func:`chance_weights` read of a config and its tables,
    typed: kept for the last config asked (:func:`_builds_of`), so a decision or a draw reads it
    from one object in C, not by attribute lookups. Private: never leaves this module."""

    config = cython.declare(object)
    t = cython.declare(object)
    cards = cython.declare(tuple)
    cards_per_turn = cython.declare(cython.Py_ssize_t)
    colour = cython.declare(tuple)
    colour_cities = cython.declare(dict)
    takes_colour = cython.declare(dict)
    card_city = cython.declare(tuple)
    roads_from = cython.declare(dict)

    def __init__(self, config, t):
        self.config, self.t, self.cards = config, t, t.cards
        self.cards_per_turn = t.comps.cards_per_turn
        self.colour, self.colour_cities, self.card_city, self.roads_from = \
            t.card_colour, t.colour_cities, t.card_city, t.roads_from
        self.takes_colour = t.takes_colour[config.milestone_colour]   # VR-13's reading


#: The :class:`_Builds` of the last config asked (a list of one: replaced, never changed in place).
_LAST_BUILDS: list = [None]


@cython.cfunc
@cython.locals(b=_Builds)
def _builds_of(config, t) -> _Builds:
    """``config``'s :class:`_Builds` (``t``: its tables, ``None`` for ``_t(config)``), made when
    another config (or other tables) was asked last."""
    found = _LAST_BUILDS[0]
    if found is not None:
        b = found
        if b.config is config and (t is None or b.t is t):
            return b
    if t is None:
        t = config.__dict__.get("_tables")   # _t(config) without a Python call once kept
        if t is None:
            t = _t(config)
    b = _Builds(config, t)
    _LAST_BUILDS[0] = b
    return b


@cython.ccall
def _draw_pool(state: GameState) -> tuple:
    """The deck, or the discard pile when the deck is empty (it is shuffled into a new deck)."""
    return state.deck if _some(state.deck) else state.discard


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(counts=tuple, k=cython.Py_ssize_t)
def _some(counts: tuple) -> bool:
    """``any(counts)`` for a count tuple, by a C loop (``any`` is a Python call)."""
    for k in range(len(counts)):  # noqa: SIM110 - a loop compiles to C; any() does not
        if counts[k]:
            return True
    return False


def chance_outcomes(state: GameState) -> list[tuple[str, Fraction]]:
    """At a draw, each card kind with its chance (cards of it left / cards left); a goal tile dealt.

    >>> from rometools.via_romana.rules import new_game
    >>> outs = chance_outcomes(new_game())
    >>> outs[0], sum(p for _, p in outs)
    (('purple:temple', Fraction(2, 55)), Fraction(1, 1))
    """
    if current_player(state) != CHANCE:
        return []
    t = _t(state.config)
    if state.agenda[0][0] == "goal":
        n = len(state.goals_left)
        return [(g, Fraction(1, n)) for g in state.goals_left]
    pool = _draw_pool(state)
    total = sum(pool)
    return [(t.cards[i], Fraction(k, total)) for i, k in enumerate(pool) if k]


@cython.locals(kind=str, item=tuple, d=dict, p=cython.int, slot=cython.Py_ssize_t, turn=cython.Py_ssize_t, row=list,
               rows=list)
def random_source(state: GameState) -> str:
    """The source of the pending draw, for common random numbers (``GameSpec.chance_stream``).

    ``"hand 2"`` for a card dealt to seat 2 at set-up, ``"display"`` for a card dealt to the
    display or refilling it, ``"goals"`` for a goal tile, ``"draw 2"`` for a card seat 2 draws
    from the deck (the end of its turn, or a card it takes when the display is empty). Each
    source draws from its own stream, so a hand of 5 instead of 4 leaves the other hands,
    the display and every later draw with the same luck; the card kinds are listed in the
    deck's order, so the same luck gives the same card whenever the deck's composition allows.

    >>> from rometools.via_romana.rules import new_game, replace
    >>> s = new_game(players=3)
    >>> random_source(s), random_source(replace(s, agenda=(("deal", -1), *s.agenda)))
    ('hand 0', 'display')
    """
    d = _fields(state)
    p = _player_of(d)
    if p >= 0:
        slot = p + _DRAW_SLOTS
    else:
        item = d["agenda"][0]
        kind = item[0]
        if kind == "goal":
            return "goals"
        if kind == "deal":
            return "display" if item[1] == -1 else "hand " + str(item[1])
        slot = 0 if kind == "refill" else _DRAW_SLOTS - 1 - item[1]   # a refill; a draw of seat item[1]
    turn = d["turn"]
    rows = _SOURCES
    if turn >= len(rows):
        if turn > 100_000:
            return _source_name(slot, turn)
        rows.extend([None] * (turn + 1 - len(rows)))
    row = rows[turn]
    if row is None:
        row = rows[turn] = []
    if slot >= len(row):
        row.extend([None] * (slot + 1 - len(row)))
    name = row[slot]
    if name is None:   # each name made once (a game names a source per seat and turn)
        name = row[slot] = _source_name(slot, turn)
    return name


#: :func:`random_source`'s sources of a turn by slot: 0 a refill, ``_DRAW_SLOTS - 1 - seat`` a draw
#: of ``seat``, ``_DRAW_SLOTS + seat`` a decision of ``seat`` (a list by turn, each a list by slot:
#: two list indexings, where a dict keyed by a (seat, turn) tuple made and hashed the tuple).
_DRAW_SLOTS = cython.declare(cython.Py_ssize_t, 16)
_SOURCES: list = []


@cython.ccall
@cython.locals(slot=cython.Py_ssize_t, turn=cython.Py_ssize_t)
def _source_name(slot: int, turn: int) -> str:
    """The name of :func:`random_source`'s source in ``slot`` at ``turn``."""
    if slot >= _DRAW_SLOTS:
        who = "seat " + str(slot - _DRAW_SLOTS)
    elif slot == 0:
        who = "display"
    else:
        who = "draw " + str(_DRAW_SLOTS - 1 - slot)
    return who + " turn " + str(turn)


@cython.locals(d=dict, item=tuple, left=tuple, deck=tuple, tb=_Builds)
def chance_weights(state: GameState) -> tuple[list[str], list[int]]:
    """:func:`chance_outcomes` as whole-number weights: the cards left of each kind (a goal tile: 1 each).

    >>> from rometools.via_romana.rules import new_game
    >>> outs, weights = chance_weights(new_game())
    >>> outs[0], weights[0], sum(weights)
    ('purple:temple', 2, 55)
    """
    d = _fields(state)   # the fields read from the state's dict (as current_player does)
    if _player_of(d) != CHANCE:
        return [], []
    item = d["agenda"][0]
    if item[0] == "goal":
        left = d["goals_left"]
        return list(left), [1] * len(left)
    deck = d["deck"]   # the deck, or the discard pile when the deck is empty (shuffled into a new deck)
    tb = _builds_of(d["config"], None)
    return _drawable(tb.cards, deck if _some(deck) else d["discard"])


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.ccall
@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, n=cython.Py_ssize_t, c=cython.Py_ssize_t, cards_=tuple,
               pool=tuple, kinds=list, counts=list)
def _drawable(cards_: tuple, pool: tuple) -> tuple[list[str], list[int]]:
    """The card kinds left in ``pool`` and how many of each (the two lists made at their length and
    filled by index: an append each was half the work)."""
    n = 0
    for i in range(len(pool)):
        c = pool[i]
        if c != 0:
            n += 1
    kinds, counts = [None] * n, [None] * n
    j = 0
    for i in range(len(pool)):
        k = pool[i]
        c = k
        if c != 0:
            kinds[j] = cards_[i]
            counts[j] = k
            j += 1
    return kinds, counts


# ----------------------------------------------------------------- legal actions
@cython.ccall
@cython.locals(i=cython.Py_ssize_t, hand=tuple)
def _hand_cards(t: _Tables, hand: tuple) -> list[int]:
    return [i for i in range(len(hand)) if hand[i]]



@cython.ccall
@cython.locals(k=cython.Py_ssize_t, pieces=tuple, sp=tuple, out=list)
def _double_spaces(roads_from: tuple, signed: frozenset, scored: frozenset, pieces: tuple) -> list[tuple[int, int]]:
    """Pairs of adjacent vacant road spaces on the roads at a city (``roads_from``: the tables' roads
    from it, each with its spaces in order from the city), joined to it by pieces (VR-5); ``signed``,
    ``scored`` and ``pieces``: the state's (read once by the caller, not once per city)."""
    out = []
    for rid, sp in roads_from:
        if rid in signed or rid in scored:
            continue
        k = 0
        while k < len(sp) and pieces[sp[k]] != -1:
            k += 1
        if k + 1 < len(sp) and pieces[sp[k + 1]] == -1:
            out.append((sp[k], sp[k + 1]))
    return out


def build_options(state: GameState) -> list[tuple[str, tuple[str, ...], list]]:
    """The builds open to the seat at its build step, grouped by kind and cards, in legal order.

    :func:`legal_actions` at a build step is ``END`` followed by these groups spelt out: for
    ``(kind, cards, places)``, the action ``(kind, place, *cards)`` for each place in turn
    (a double's place is ``(city, space, space)``, spelt out as ``("double", city, space,
    space, card)``). A bot that rates builds by where they go rates each place once and spells
    out only the actions it keeps (Detailed Building Rules; VR-5 for the double).

    Returns
    -------
    list of (str, tuple of str, list)
        ``kind`` (``"fort"``, ``"milestone"``, ``"double"``, ``"joker"``), the card ids spent
        (two for a fort or a joker, one otherwise), and the places: city ids for a fort,
        space ids for a milestone or a joker, ``(city, space, space)`` for a double. Empty
        away from a build step.

    See Also
    --------
    legal_actions, rometools.via_romana.views.builds_with

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play, turn_states
    >>> state = next(s for s in turn_states(play(rometools.load_game("via_romana", players=2), "greedy", 1))
    ...              if s.agenda and s.agenda[0][0] == "build")
    >>> build_options(state)[0]   # a purple fort, on any vacant purple city
    ('fort', ('purple:eagle', 'purple:eagle'), ['roma', 'tibur', 'praeneste'])
    >>> spelt = [(kind, *place, *cards) if kind == "double" else (kind, place, *cards)
    ...          for kind, cards, places in build_options(state) for place in places]
    >>> [END, *spelt] == legal_actions(state)
    True
    """
    if state.over or not state.agenda or state.agenda[0][0] != "build":
        return []
    return _build_options(state, _t(state.config))


@cython.ccall
@cython.locals(opts=list, held=list, where=list, pair=tuple)
def _build_groups(state: GameState, t: _Tables) -> list:
    """:func:`build_options` by index: ``(kind, cards, places)`` with the cards as card indices and
    the places as space indices (a double's as ``(city, space, space)``), in the same order. Every
    joker group shares one list of places (the milestone spaces)."""
    opts, held, jokers = _builds_but_jokers(state, t)
    if jokers is not None:
        where = list(jokers)
        for pair in _joker_pairs(t, held):
            opts.append(("joker", pair, where))
    return opts


@cython.ccall
@cython.locals(a=cython.Py_ssize_t, b=cython.Py_ssize_t, colour=tuple, out=list)
def _joker_pairs(t: _Tables, held: list) -> list:
    """The joker groups' cards in legal order: each pair of held card kinds of two colours, by index."""
    colour = t.card_colour
    out = []
    for a in held:
        for b in held:
            if b > a and colour[a] != colour[b]:
                out.append((a, b))
    return out


@cython.ccall
@cython.locals(a=cython.Py_ssize_t, b=cython.Py_ssize_t, i=cython.Py_ssize_t, left=cython.Py_ssize_t, hand=tuple,
               held=list, colour=tuple, pieces=tuple, opts=list, cities=dict, reach=dict, ms=tuple, takes=tuple,
               card_city=tuple, city=cython.Py_ssize_t, n=cython.Py_ssize_t, ia=cython.Py_ssize_t,
               ib=cython.Py_ssize_t, roads_from=dict, takes_colour=dict, tb=_Builds)
def _builds_but_jokers(state: GameState, t: _Tables) -> tuple:
    """:func:`_build_groups` less its joker groups, which come last: ``(groups, held, jokers)``, with
    the card kinds held (indices, in order) and the joker groups' places (the milestone spaces, a
    tuple), or ``None`` when no joker may be played. GreedyBot rates the joker groups, which all
    go on the same places, as one (``_greedy._choose_build``)."""
    tb = _builds_of(state.config, t)
    seat = state.seat
    hand = state.hands[seat]
    held = _hand_cards(t, hand)
    left = tb.cards_per_turn - state.played
    opts: list = []
    colour = tb.colour
    pieces = state.pieces
    if state.forts[seat] and left >= 2:
        cities: dict = {}   # the vacant cities of each colour (the same for every pair of it)
        n = len(held)
        for ia in range(n):
            a = held[ia]
            for ib in range(ia, n):   # held is in index order: b >= a from a's place on
                b = held[ib]
                if colour[a] != colour[b] or (a == b and hand[a] < 2):
                    continue
                col = colour[a]
                places = cities.get(col)
                if places is None:
                    places = cities[col] = [i for i in tb.colour_cities[col] if pieces[i] == -1]
                if places:
                    opts.append(("fort", (a, b), places))
    jokers = None
    milestones = state.milestones[seat]
    if milestones and left >= 1:
        ms = _facts(state, t)[3]
        reach: dict = {}   # the spaces each colour reaches (the same for every card of it)
        takes_colour = tb.takes_colour
        for a in held:
            col = colour[a]
            places = reach.get(col)
            if places is None:
                takes = takes_colour[col]
                places = reach[col] = [i for i in ms if takes[i]]
            if places:
                opts.append(("milestone", (a,), places))
        if milestones >= 2:
            card_city = tb.card_city
            roads_from = tb.roads_from
            signed = None   # the state's closed roads, read at the first city with a piece
            for a in held:
                city = card_city[a]
                if city >= 0 and pieces[city] != -1:
                    if signed is None:
                        signed, scored = state.signed, state.scored
                    places = [(city, x, y) for x, y in _double_spaces(roads_from[city], signed, scored, pieces)]
                    if places:
                        opts.append(("double", (a,), places))
        if left >= 2 and ms:
            jokers = ms
    return opts, held, jokers


def _build_options(state: GameState, t: _Tables) -> list:
    """:func:`_build_groups` by id (:func:`build_options`)."""
    cards_, spaces = t.cards, t.spaces
    opts: list = []
    named: dict = {}   # each list of places by id once (the joker groups share one)
    for kind, cs, places in _build_groups(state, t):
        where = named.get(id(places))
        if where is None:
            if kind == "double":
                where = [(spaces[c], spaces[x], spaces[y]) for c, x, y in places]
            else:
                where = [spaces[i] for i in places]
            named[id(places)] = where
        opts.append((kind, (cards_[cs[0]],) if len(cs) == 1 else (cards_[cs[0]], cards_[cs[1]]), where))
    return opts


def _build_actions(state: GameState, t: _Tables) -> list:
    """``END`` and every build, spelt out from :func:`_build_groups` (in :func:`build_options`' order)."""
    acts: list = [END]
    cards_, spaces = t.cards, t.spaces
    for kind, cs, places in _build_groups(state, t):
        if kind == "milestone":
            card = cards_[cs[0]]
            acts += [("milestone", spaces[i], card) for i in places]
        elif kind == "double":
            card = cards_[cs[0]]
            acts += [("double", spaces[c], spaces[x], spaces[y], card) for c, x, y in places]
        else:
            a, b = cards_[cs[0]], cards_[cs[1]]
            acts += [(kind, spaces[i], a, b) for i in places]
    return acts


@cython.locals(kind=str, item=tuple, d=dict)
def legal_actions(state: GameState) -> list:
    """Every legal action: the outcomes at a chance node, the decisions elsewhere, ``[]`` at the end.

    >>> from rometools.core.playout import play
    >>> import rometools
    >>> from rometools.via_romana.rules import apply, new_game
    >>> s = new_game(players=2)
    >>> while current_player(s) == CHANCE:
    ...     s = apply(s, legal_actions(s)[0])
    >>> legal_actions(s)[:2]
    [('setup', 'roma'), ('setup', 'ostia')]
    """
    d = _fields(state)
    p = _player_of(d)
    if p == TERMINAL:
        return []
    if p == CHANCE:   # the outcomes of chance_outcomes, without their Fractions
        return chance_weights(state)[0]
    config = d["config"]
    t = _t(config)
    item = d["agenda"][0]
    kind = item[0]
    if kind == "setup":
        pieces = d["pieces"]
        return [("setup", t.spaces[i]) for i in range(t.ncities) if pieces[i] == -1]
    if kind == "build":
        return _build_actions(state, t)
    if kind == "discard":
        held = [("discard", t.cards[i]) for i in _hand_cards(t, d["hands"][d["seat"]])]
        return held + [KEEP] if config.obstinate_hands else held
    if kind == "order":
        return [("score", r) for r in item[2]]
    if kind == "tile":
        return [("tile", c) for c in item[3]]
    if kind == "take":
        return [t.takes[i] for i in _hand_cards(t, d["display"])]
    raise AssertionError(item)
