# rometools: compiled twin
# cython: annotation_typing=False
"""Via Romana's rules: the protocol kernel of the registered game ``"via_romana"``.

The model, in the order of the rulebook (``002_2e34de0661bde959.txt``):

* **Set-up** (Preparing to Play): each card dealt is a chance node (hands, then the
  display), each goal tile dealt is one; then forts in seat order from the start player
  (option ``start_player``, VR-14; two rounds with 2 players); the blocked roads carry signs
  from the start.
* **A turn** (How to Play): discard down to 7 (``("discard", card)``; with Obstinate
  Hands any discards, then ``"keep"``); play up to 3 cards, each build one action:
  ``("fort", city, card, card)`` (the two cards in either order, VR-6), ``("milestone", space,
  card)`` (a card of the space's own edge colour, or of any colour of its road: option
  ``milestone_colour``, VR-13),
  ``("double", city, space, space, card)``, ``("joker", space, card, card)``; ``"end"``
  stops; then 2 draws, each a chance node (the discard pile is shuffled into the deck
  when it runs out: the deck is a multiset, so that shuffle is free).
* **Road scoring** (Scoring Roads) interrupts the build: with several completed roads
  the completer picks ``("score", road)``; the winner picks ``("tile", city)`` when
  both cities have tiles; each other involved player picks ``("take", card)`` from the
  display as often as they have pieces (a chance draw from the deck when it is empty);
  the display is refilled (chance), milestones leave the road, a sign is placed.
* **The end**: the scoring that places the last sign gives the legionary standard; every
  other player has one more turn (End of the Game).

Hidden information (:mod:`~rometools.via_romana.hidden`): a seat sees its own hand and goal
tile, the display, the discard pile, the board, everyone's hand size and the cards each seat
took from the face-up display (``known_cards``; ``information_state``); ``resample`` deals the
other hands (less their known cards) and goals again. Bots receive the whole state; the bundled
bots read only what ``information_state`` shows (``check_game``'s ``hidden_information``).

Rules decisions VR-1 to VR-14: ``docs/rules-decisions.md``.

The rules are in four modules, each a compiled twin where it was built: this one (set-up,
applying an action, a road's scoring, the turn's flow), :mod:`~rometools.via_romana.moves`
(whose move, the draws' outcomes, the legal actions), :mod:`~rometools.via_romana.facts` (the
board facts) and :mod:`~rometools.via_romana._tables` (the index tables). This module gives the
whole protocol (the registry's ``rules``): it takes the others' functions as its own names.
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython
if cython.compiled:   # a state made and given its attribute dict, its dict read, a count tuple built, by C calls
    from cython.cimports.cpython.object import PyObject_GenericGetDict, PyObject_GenericSetDict
    from cython.cimports.cpython.ref import Py_XINCREF, PyObject
    from cython.cimports.cpython.tuple import PyTuple_GET_ITEM, PyTuple_New, PyTuple_SET_ITEM
    from cython.cimports.cpython.type import PyType_GenericAlloc

from rometools.core._cython import compiled_or_plain
from rometools.core.errors import ArgumentError, refused
from rometools.core.formatting import shown
from rometools.via_romana.state import (
    CHANCE,
    END,
    KEEP,
    GameConfig,
    GameState,
)

__all__ = ["apply", "board_facts", "build_options", "cards", "chance_outcomes", "chance_weights", "current_player", "legal_actions", "new_game", "random_source",
           "road_status", "scores"]

#: The scoring rules (a road's result, the totals): their compiled twin where it was built (the same source).
_scoring = compiled_or_plain("rometools.via_romana.scoring")
# the index tables, the board facts and what may happen next (moves.py): their compiled twins where
# they were built (the same source), under the names callers import from here
_tables = compiled_or_plain("rometools.via_romana._tables")
_facts_module = compiled_or_plain("rometools.via_romana.facts")
moves = compiled_or_plain("rometools.via_romana.moves")
_Tables, _t, cards, replace = _tables._Tables, _tables._t, _tables.cards, _tables.replace
board_facts, completes_a_road, road_status = _facts_module.board_facts, _facts_module.completes_a_road, _facts_module.road_status
_facts, _placed_facts, _completing = _facts_module._facts, _facts_module._placed_facts, _facts_module._completing
current_player, chance_outcomes, chance_weights, random_source = (
    moves.current_player, moves.chance_outcomes, moves.chance_weights, moves.random_source)
build_options, legal_actions = moves.build_options, moves.legal_actions
_build_groups, _build_actions = moves._build_groups, moves._build_actions
_builds_but_jokers, _joker_pairs = moves._builds_but_jokers, moves._joker_pairs

# The kinds of agenda item by number: apply_legal and _settle find an item's number by one dict lookup
# (_KIND) and compare numbers (C integers in the compiled twin), where comparing the kind with each
# name in turn was a string comparison each (Cython compares two str by PyUnicode_Compare).
_DEAL, _DRAW, _REFILL, _TAKE = cython.declare(cython.int, 0), cython.declare(cython.int, 1), \
    cython.declare(cython.int, 2), cython.declare(cython.int, 3)
_GOAL, _SETUP, _DISCARD, _BUILD = cython.declare(cython.int, 4), cython.declare(cython.int, 5), \
    cython.declare(cython.int, 6), cython.declare(cython.int, 7)
_ORDER, _TILE, _AUTO, _NEXT, _TURN = cython.declare(cython.int, 8), cython.declare(cython.int, 9), \
    cython.declare(cython.int, 10), cython.declare(cython.int, 11), cython.declare(cython.int, 12)
_KIND = {"deal": 0, "draw": 1, "refill": 2, "take": 3, "goal": 4, "setup": 5, "discard": 6, "build": 7, "order": 8,
         "tile": 9, "auto": 10, "next": 11, "turn": 12}


@cython.cclass
class _Rules:
    """What applying an action reads of a config, its tables and components, typed: kept for the
    last config asked (:func:`_rules_of`), so an action reads it from one object in C, not by a
    dozen attribute lookups (a config's, its tables', its components'). Private: never leaves this
    module."""

    config = cython.declare(object)
    t = cython.declare(object)
    card_index = cython.declare(dict)
    index = cython.declare(dict)
    roads_at = cython.declare(dict)
    road_of = cython.declare(tuple)
    road_ends = cython.declare(dict)
    road_spaces = cython.declare(dict)
    spaces = cython.declare(tuple)
    ncities = cython.declare(cython.Py_ssize_t)
    dangerous = cython.declare(object)
    display = cython.declare(cython.Py_ssize_t)
    cards_per_turn = cython.declare(cython.Py_ssize_t)
    hand_limit = cython.declare(cython.Py_ssize_t)
    draw = cython.declare(object)
    players = cython.declare(cython.Py_ssize_t)
    max_turns = cython.declare(cython.Py_ssize_t)
    start_player = cython.declare(object)
    obstinate = cython.declare(cython.bint)

    def __init__(self, config, t):
        comps = t.comps   # config.the_components() (_tables keeps the two the same object)
        self.config, self.t = config, t
        self.card_index, self.index = t.card_index, t.index
        self.roads_at, self.road_of, self.ncities = t.roads_at, t.road_of, t.ncities
        self.road_ends, self.road_spaces, self.spaces = t.road_ends, t.road_spaces, t.spaces
        self.dangerous = config.dangerous_ties
        self.display, self.cards_per_turn, self.hand_limit, self.draw = \
            comps.display, comps.cards_per_turn, comps.hand_limit, comps.draw
        self.players, self.max_turns, self.start_player = config.players, config.max_turns, config.start_player
        self.obstinate = bool(config.obstinate_hands)


#: The :class:`_Rules` of the last config asked (a list of one: replaced, never changed in place).
_LAST_RULES: list = [None]


@cython.cfunc
@cython.inline
def _fields(state):
    """A state's fields by name: its ``__dict__`` (every field is there; ``history`` as ``_log`` and
    ``_n``). Compiled, read in C: the attribute ``__dict__``, like each field read as an attribute,
    searched the class first (a sixth of a game's instructions went to attribute searches)."""
    if cython.compiled:
        return PyObject_GenericGetDict(state, cython.NULL)
    return state.__dict__


@cython.cfunc
@cython.locals(w=_Rules)
def _rules_of(config) -> _Rules:
    """``config``'s :class:`_Rules`, made when another config was asked last."""
    found = _LAST_RULES[0]
    if found is not None:
        w = found
        if w.config is config:
            return w
    t = config.__dict__.get("_tables")   # _t(config) without a Python call once kept
    w = _Rules(config, _t(config) if t is None else t)
    _LAST_RULES[0] = w
    return w


# ----------------------------------------------------------------- set-up
def new_game(config: GameConfig | None = None, rng: Any = None, **options) -> GameState:
    """A new game at its first chance node (the first card dealt); ``rng`` is not used.

    >>> s = new_game(players=2)
    >>> current_player(s) == CHANCE, s.signs, sum(s.deck)
    (True, 10, 55)
    """
    if config is None:
        config = GameConfig(**options)
    elif options:
        raise ArgumentError("give a config or options, not both")
    t = _t(config)
    board, comps = t.board, t.comps
    p = config.players
    blocked = board.blocked(p)
    # a seat handicap's start bonus: one more card dealt per unit (START_BONUS)
    agenda = [("deal", seat) for seat in range(p) for _ in range(config.hand + config.handicap.bonus(seat))]
    agenda += [("deal", -1)] * comps.display
    agenda += [("goal", seat) for seat in range(p)]
    rounds = 2 if p == 2 else 1
    first = config.start_player   # VR-14: the start player places first, then clockwise
    agenda += [("setup", (first + k) % p) for _ in range(rounds) for k in range(p)]
    agenda.append(("turn",))
    zero = t.no_cards
    return GameState(
        config, hands=(zero,) * p, known_cards=(zero,) * p, deck=t.deck, discard=zero, display=zero, goals=(None,) * p,
        goals_left=tuple(g.id for g in comps.goals), pieces=(-1,) * len(t.spaces),
        tiles=tuple(len(c.tiles) for c in board.cities), won=((),) * p, signed=frozenset(blocked),
        scored=frozenset(), signs=comps.road_signs - len(blocked), forts=(comps.forts_per_player,) * p,
        milestones=(comps.milestones_per_player,) * p, seat=first, agenda=tuple(agenda))



# ----------------------------------------------------------------- apply
def _well_formed(state: GameState, action: Any) -> bool:
    t = _t(state.config)
    if isinstance(action, str):
        return action in (END, KEEP) or action in t.card_index or action in {g.id for g in t.comps.goals}
    if type(action) is not tuple or not action or not isinstance(action[0], str):
        return False
    if not all(isinstance(x, str) for x in action):
        return False
    kind, rest = action[0], action[1:]
    cities, spaces, cs = set(t.city_ids), t.index, t.card_index
    shapes = {
        "setup": lambda: len(rest) == 1 and rest[0] in cities,
        "fort": lambda: len(rest) == 3 and rest[0] in cities and rest[1] in cs and rest[2] in cs,
        "milestone": lambda: len(rest) == 2 and rest[0] in spaces and rest[1] in cs,
        "double": lambda: len(rest) == 4 and rest[0] in cities and rest[1] in spaces and rest[2] in spaces
        and rest[3] in cs,
        "joker": lambda: len(rest) == 3 and rest[0] in spaces and rest[1] in cs and rest[2] in cs,
        "discard": lambda: len(rest) == 1 and rest[0] in cs,
        "take": lambda: len(rest) == 1 and rest[0] in cs,
        "tile": lambda: len(rest) == 1 and rest[0] in cities,
        "score": lambda: len(rest) == 1 and rest[0] in t.road_spaces,
    }
    check = shapes.get(kind)
    return bool(check and check())


def _cards_in_order(state: GameState, action: Any) -> Any:
    """A fort or a joker whose two cards are in the other order than :func:`legal_actions` lists
    them (the deck's card order), put in that order: the same build (``None`` for anything else)."""
    if type(action) is not tuple or len(action) != 4 or action[0] not in ("fort", "joker"):
        return None
    a, b = action[2], action[3]
    if type(a) is not str or type(b) is not str:
        return None
    index = _t(state.config).card_index
    if a not in index or b not in index or index[a] <= index[b]:
        return None
    return (action[0], action[1], b, a)


@cython.ccall
def _add(counts: tuple, i: int, n: int = 1) -> tuple:
    """``counts`` with ``n`` added to its ``i``-th count."""
    return _set(counts, i, counts[i] + n)


@cython.ccall
@cython.locals(seq=tuple, i=cython.Py_ssize_t, k=cython.Py_ssize_t, m=cython.Py_ssize_t, out=tuple)
def _set(seq: tuple, i: int, value: Any) -> tuple:
    """``seq`` with its ``i``-th item ``value``. Compiled: the new tuple filled in C (a list made and
    turned into a tuple was three times the work: 40% of a build's apply)."""
    if cython.compiled:
        p = cython.declare(cython.pointer(PyObject))
        m = len(seq)
        out = PyTuple_New(m)
        for k in range(m):   # each item's pointer copied, its count raised: no reference of our own to drop
            p = PyTuple_GET_ITEM(seq, k) if k != i else cython.cast(cython.pointer(PyObject), value)
            Py_XINCREF(p)   # PyTuple_SET_ITEM takes the reference
            PyTuple_SET_ITEM(out, k, cython.cast(object, p))
        return out
    out = list(seq)
    out[i] = value
    return tuple(out)


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


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(counts=tuple, k=cython.Py_ssize_t, n=cython.Py_ssize_t, c=cython.Py_ssize_t)
def _total(counts: tuple) -> int:
    """``sum(counts)`` for a count tuple, by a C loop (``sum`` is a Python call; each count read as a C
    integer before it is added: ``n += counts[k]`` added Python integers)."""
    n = 0
    for k in range(len(counts)):
        c = counts[k]
        n += c
    return n


@cython.ccall
def _forget(known: tuple, seat: int, used: Any) -> tuple:
    """``known`` (a state's ``known_cards``) after ``seat`` plays or discards cards of the kinds
    ``used``: one fewer known card of each, down to 0 (the card may have been the one taken)."""
    mine = known[seat]
    if not _some(mine):
        return known
    for i in used:
        if mine[i]:
            mine = _add(mine, i, -1)
    return _set(known, seat, mine)


def apply(state: GameState, action: Any) -> GameState:
    """The state after ``action``; ``state`` is never changed.

    A fort's or a joker's two cards may come in either order: it is the same build, recorded in
    the history in the order :func:`legal_actions` lists it (the deck's card order).

    Raises
    ------
    InvalidActionError
        For a value that is no Via Romana action (wrong shape, unknown city, space or card).
    IllegalActionError
        For an action the state does not allow now.

    Examples
    --------
    >>> s = new_game()
    >>> apply(s, "blue:temple").hands[0][cards().index("blue:temple")]
    1
    """
    try:
        legal = action in legal_actions(state)
    except TypeError:
        legal = False
    if not legal:
        swapped = _cards_in_order(state, action)
        if swapped is not None and swapped in legal_actions(state):
            return apply_legal(state, swapped)
        raise refused(f"{shown(action)} is not allowed now{_why_not(state, action)}" if not state.over else
                      f"the game is over; {shown(action)} cannot be played",
                      well_formed=_well_formed(state, action))
    return apply_legal(state, action)


def _why_not(state: GameState, action: Any) -> str:
    """Why a refused milestone is refused when its card's colour alone forbids it (VR-13), as
    ``": ..."`` to end the refusal; ``""`` for anything else."""
    if type(action) is not tuple or len(action) != 3 or action[0] != "milestone" or not state.agenda \
            or state.agenda[0][0] != "build":
        return ""
    t = _t(state.config)
    space, card = t.index.get(action[1]), t.card_index.get(action[2])
    if space is None or card is None:
        return ""
    reading = state.config.milestone_colour
    colours = t.milestone_colours[reading][space]
    if t.card_colour[card] in colours:
        return ""
    whose = "its province's" if space < t.ncities else "its own edges'" if reading == "space" else "its road's"
    return (f": a milestone on {t.spaces[space]} takes a {' or '.join(colours)} card ({whose} colour"
            f"{'s' if len(colours) > 1 else ''}; milestone_colour={reading!r}, VR-13)")


@cython.ccall
@cython.locals(n=cython.Py_ssize_t, src=dict, d=dict, log=list)
def _successor(state: GameState, action: Any) -> GameState:
    """A copy of ``state`` with ``action`` added to its history: :func:`apply_legal`'s own state,
    which it and the functions it calls change in place, field by field in its ``__dict__`` (a copy
    per change was a fifth of a game's time, a keyword call per change a tenth); never a caller's
    state.

    The history is appended to the log ``state`` shares with the states before it when ``state``
    is the last to have extended it, else to a copy of ``state``'s part (``state.py``,
    ``_read_history``): a tuple copied at every action was 7% of a game. Appending, then checking
    that the action landed at ``state``'s end, keeps two threads that extend one state at once
    apart (the second one's action lands after the first's, so it copies)."""
    src = _fields(state)   # typed (dict, list): their copy and append are C calls, not method calls
    d = src.copy()
    log = d["_log"]
    n = d["_n"]
    if len(log) == n:
        log.append(action)
        if log[n] is not action:
            log = log[:n]
            log.append(action)
            d["_log"] = log
    else:
        log = log[:n]
        log.append(action)
        d["_log"] = log
    d["_n"] = n + 1
    d["_history"] = None
    if cython.compiled:   # what object.__new__ does for the class, and the dict set past the frozen
        s = PyType_GenericAlloc(GameState, 0)   # class's guard, without a Python call (as augustus/turn.py)
        PyObject_GenericSetDict(s, d, cython.NULL)
    else:
        s = object.__new__(GameState)
        object.__setattr__(s, "__dict__", d)
    return s


@cython.locals(d=dict, src=dict, kind=str, item=tuple, agenda=tuple, k=cython.int, kinds=dict, w=_Rules)
def apply_legal(state: GameState, action: Any) -> GameState:
    """``apply`` for an action known to be legal (no check). The states' fields are read from their
    dicts (:func:`_fields`), the new state's as this and the functions it calls change them."""
    src = _fields(state)
    w = _rules_of(src["config"])
    t = w.t
    agenda = src["agenda"]
    item = agenda[0]
    kind = item[0]
    kinds = _KIND
    k = kinds[kind]
    s = _successor(state, action)
    d = _fields(s)
    if k in (_DEAL, _DRAW, _REFILL) or (k == _TAKE and current_player(state) == CHANCE):
        i = w.card_index[action]
        deck = d["deck"]
        if not _some(deck):   # the discard pile shuffled into a new deck
            deck, d["discard"] = d["discard"], t.no_cards
        d["deck"] = _add(deck, i, -1)
        if k == _REFILL:
            d["display"] = _add(d["display"], i)   # _settle drops the refill once the display is full
        else:
            target = item[1]
            if target == -1:
                d["display"] = _add(d["display"], i)
            else:
                d["hands"] = _set(d["hands"], target, _add(d["hands"][target], i))
            if k != _DEAL and item[2] > 1:
                d["agenda"] = ((kind, target, item[2] - 1), *agenda[1:])
            else:
                d["agenda"] = agenda[1:]
    elif k == _TAKE:
        i = w.card_index[action[1]]
        seat = item[1]
        d["display"] = _add(d["display"], i, -1)
        d["hands"] = _set(d["hands"], seat, _add(d["hands"][seat], i))
        d["known_cards"] = _set(d["known_cards"], seat, _add(d["known_cards"][seat], i))   # taken face up (VR-12)
        d["agenda"] = (("take", seat, item[2] - 1), *agenda[1:]) if item[2] > 1 else agenda[1:]
    elif k == _GOAL:
        d["goals"] = _set(d["goals"], item[1], action)
        d["goals_left"] = tuple(g for g in d["goals_left"] if g != action)
        d["agenda"] = agenda[1:]
    elif k == _SETUP:
        i = w.index[action[1]]
        seat = item[1]
        d["pieces"] = _set(d["pieces"], i, 2 * seat + 1)
        d["forts"] = _set(d["forts"], seat, d["forts"][seat] - 1)
        d["agenda"] = agenda[1:]
    elif k == _DISCARD:
        rest = agenda[1:]
        if action == KEEP:
            d["agenda"] = (("build",), *rest)
        else:
            i = w.card_index[action[1]]
            seat = d["seat"]
            hand = _add(d["hands"][seat], i, -1)
            d["hands"] = _set(d["hands"], seat, hand)
            d["discard"] = _add(d["discard"], i)
            d["known_cards"] = _forget(d["known_cards"], seat, (i,))
            limit = w.hand_limit
            if not w.obstinate and sum(hand) <= limit or w.obstinate and not any(hand):
                d["agenda"] = (("build",), *rest)
    elif k == _BUILD:
        if action == END:
            d["agenda"] = (("draw", d["seat"], w.draw), ("next",), *agenda[1:])
        else:
            s = _build_with(s, w, action)
    elif k == _ORDER:
        road = action[1]
        others = tuple([r for r in item[2] if r != road])   # list comprehensions: no closure over typed locals
        d["agenda"] = agenda[1:]
        s = _score(s, w, road, item[1], then=(("order", item[1], others),) if len(others) > 1 else
                   tuple([("auto", item[1], r) for r in others]))
    elif k == _TILE:
        s = _take_tile(s, t, item[1], action[1])
        d["agenda"] = agenda[1:]
    return _settle(s, w)


@cython.ccall
def _within(few: tuple, placed: list) -> bool:
    """Whether every one of the (one or two) places ``few`` is in ``placed``."""
    for j in few:  # noqa: SIM110 - a loop compiles to C; all() over a generator does not
        if j not in placed:
            return False
    return True


@cython.ccall
def _build(s: GameState, t: _Tables, action: tuple) -> GameState:
    """A build's pieces, cards and the roads it completes, on ``s`` itself (``apply_legal``'s copy;
    ``t``: the tables of its config, ``_t(s.config)``)."""
    return _build_with(s, _rules_of(s.config), action)


@cython.cfunc
@cython.locals(d=dict, kind=str, w=_Rules, card_index=dict, index=dict, short=dict)
def _build_with(s: GameState, w: _Rules, action: tuple) -> GameState:
    """:func:`_build`, with its config's :class:`_Rules`."""
    t = w.t
    d = _fields(s)
    seat = d["seat"]
    kind = action[0]
    card_index, index = w.card_index, w.index
    used = [card_index[c] for c in action[2:] if c in card_index] if kind != "double" else \
        [card_index[action[4]]]
    hand = d["hands"][seat]
    discard = d["discard"]
    for i in used:
        hand = _add(hand, i, -1)
        discard = _add(discard, i)
    f = _facts(s, t)   # before the pieces change
    pieces, forts, milestones = d["pieces"], d["forts"], d["milestones"]
    if kind == "fort":
        placed = [index[action[1]]]
        pieces = _set(pieces, placed[0], 2 * seat + 1)
        forts = _set(forts, seat, forts[seat] - 1)
    elif kind == "double":
        placed = [index[action[2]], index[action[3]]]
        for i in placed:
            pieces = _set(pieces, i, 2 * seat)
        milestones = _set(milestones, seat, milestones[seat] - 2)
    else:
        placed = [index[action[1]]]
        pieces = _set(pieces, placed[0], 2 * seat)
        milestones = _set(milestones, seat, milestones[seat] - 1)
    roads = []   # the roads it completes (road_status "complete"): open ones whose vacant places it fills
    short = f[4]
    for i in placed:
        for r in (w.roads_at[i] if i < w.ncities else (w.road_of[i],)):
            m = short.get(r)
            if m is not None and r not in roads and _within(m, placed):
                roads.append(r)
    # a road it completes leaves the short roads here; its scoring carries the facts on (_score)
    d["hands"] = _set(d["hands"], seat, hand)
    d["discard"] = discard
    d["pieces"] = pieces
    d["forts"] = forts
    d["milestones"] = milestones
    d["played"] = d["played"] + len(used)
    d["known_cards"] = _forget(d["known_cards"], seat, used)
    d["facts"] = _placed_facts(f, t, pieces, placed)
    after = (("build",), *d["agenda"][1:])
    if len(roads) > 1:
        d["agenda"] = (("order", seat, tuple(roads)), *after)
    elif roads:
        d["agenda"] = (("auto", seat, roads[0]), *after)
    else:
        d["agenda"] = after
    return s


@cython.ccall
@cython.locals(d=dict, w=_Rules, pieces=tuple, tiles=tuple, counts=list)
def _score(s: GameState, w: _Rules, road: str, completer: int, then: tuple = ()) -> GameState:
    """Score ``road`` (Scoring Roads): tile choice, cards, refill, milestones off, sign. (``w``: the
    config's :class:`_Rules`; the state's fields read from its dict, which this changes.)"""
    d = _fields(s)
    n = w.players
    a, b = w.road_ends[road]
    spaces = w.road_spaces[road]
    counts = [0] * n
    pieces = d["pieces"]
    for i in (a, b, *spaces):
        counts[pieces[i] // 2] += 1
    # score_road on values the board guarantees, by seat
    winner, cards = _scoring._seat_result(counts, completer, w.dangerous)
    todo: list = []
    if winner >= 0:
        tiles = d["tiles"]
        with_tiles = [w.spaces[c] for c in (a, b) if tiles[c]]
        if len(with_tiles) == 2:
            todo.append(("tile", winner, road, tuple(with_tiles)))
        elif with_tiles:
            _take_tile(s, w.t, winner, with_tiles[0])   # on s itself
    for seat, k in cards:
        todo.append(("take", seat, k))
    todo.append(("refill",))
    milestones = d["milestones"]
    signs = d["signs"]
    last = signs == 0
    if not last:   # the milestones go back to their owners' supplies
        board, supply = list(pieces), list(milestones)
        for i in spaces:
            supply[board[i] // 2] += 1
            board[i] = -1
        pieces, milestones = tuple(board), tuple(supply)
    f = d["facts"]   # the facts for the pieces before the scoring, when they are kept
    signed, scored = d["signed"], d["scored"]
    kept = f is not None and f[0] is d["pieces"] and f[1] is signed and f[2] is scored
    d["pieces"] = pieces
    d["milestones"] = milestones
    d["scored"] = scored = scored | {road}
    if not last:
        d["signed"] = signed = signed | {road}
        d["signs"] = signs = signs - 1
        if signs == 0:
            d["standard"] = completer
            d["last_turns"] = n - 1
    # A complete road's places all hold pieces: none is a milestone space, the road is not short,
    # and the places next to its spaces are its own spaces (now closed) and its two cities (still
    # held). Taking its milestones off and closing it leaves both facts as they were.
    d["facts"] = (pieces, signed, scored, f[3], f[4]) if kept else None
    d["agenda"] = (*todo, *then, *d["agenda"])
    return s


@cython.ccall
@cython.locals(d=dict)
def _take_tile(s: GameState, t: _Tables, seat: int, city: str) -> GameState:
    c = t.index[city]
    d = _fields(s)
    tiles, won = d["tiles"], d["won"]
    value = tiles[c] + 1
    d["tiles"] = _set(tiles, c, tiles[c] - 1)
    d["won"] = _set(won, seat, (*won[seat], f"{city}={value}"))
    return s


@cython.ccall
@cython.locals(d=dict, item=tuple, agenda=tuple, k=cython.int, kinds=dict, w=_Rules)
def _settle(s: GameState, w: _Rules) -> GameState:
    """Do the agenda's work that needs no decision and no draw, until one is needed (on ``s`` itself,
    :func:`apply_legal`'s copy; ``w``: its config's :class:`_Rules`)."""
    d = _fields(s)
    kinds = _KIND
    while not d["over"]:
        agenda = d["agenda"]
        item = agenda[0]
        k = kinds.get(item[0], -1)
        if k == _AUTO:
            d["agenda"] = agenda[1:]
            s = _score(s, w, item[2], item[1])
        elif k == _ORDER and len(item[2]) <= 1:
            d["agenda"] = tuple([("auto", item[1], r) for r in item[2]]) + agenda[1:]
        elif k in (_DEAL, _DRAW, _TAKE, _REFILL):
            target = item[1] if k != _REFILL else -1
            if k == _REFILL and _total(d["display"]) >= w.display:
                d["agenda"] = agenda[1:]
            elif k in (_DRAW, _TAKE) and target >= 0 and w.obstinate and _total(d["hands"][target]) >= w.hand_limit:
                d["agenda"] = agenda[1:]  # Obstinate Hands: no more cards (VR-8)
            elif k == _TAKE and _some(d["display"]):
                return s
            elif not _some(d["deck"]) and not _some(d["discard"]):
                d["agenda"] = agenda[1:]  # nothing left to draw (VR-7)
            else:
                return s
        elif k == _BUILD:
            seat = d["seat"]
            if d["played"] >= w.cards_per_turn or not _some(d["hands"][seat]):
                d["agenda"] = (("draw", seat, w.draw), ("next",), *agenda[1:])
            else:
                return s
        elif k == _NEXT:
            agenda = agenda[1:]
            d["agenda"] = agenda
            last = d["last_turns"]
            if last is not None:
                if last == 0:
                    d["over"], d["agenda"] = True, ()
                    return s
                d["last_turns"] = last - 1
            if d["turn"] >= w.max_turns:
                d["over"], d["agenda"] = True, ()
                return s
            d["seat"] = (d["seat"] + 1) % w.players
            d["agenda"] = (("turn",), *agenda)
        elif k == _TURN:
            hand = d["hands"][d["seat"]]
            turn = d["turn"]
            d["turn"], d["played"] = turn + 1, 0
            if turn == 0:
                d["seat"] = w.start_player
            nxt = ("discard",) if (_total(hand) > w.hand_limit or (w.obstinate and _some(hand))) \
                else ("build",)
            d["agenda"] = (nxt, *agenda[1:])
        else:
            return s
    return s


def scores(state: GameState) -> tuple[int, ...]:
    """Each seat's points now (the final scoring applied to the current position)."""
    return _scoring.totals(state)
