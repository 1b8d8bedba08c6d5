# rometools: compiled twin
# cython: annotation_typing=False
"""GreedyBot's choice: ``GreedyBot.decide`` and the objective values it rates placements by.

Private to :mod:`rometools.augustus.bots`, which documents the bot. This module is plain
Python that Cython compiles as it is (``hatch_build.py``, as ``_greedy_c``;
``annotation_typing=False`` keeps Python's meaning of every annotation), and the bot uses
the compiled twin while it matches this source
(:func:`rometools.core._cython.compiled_or_plain`): the same choices, faster. It reads the
rules the registry plays, their own twin where it was built. The bot's settings
(``horizon``, ``complete_weight``) and its memos (``GreedyBot._MEMOS``) come in as
arguments. ``tests/augustus/test_augustus_bots_views.py`` checks the choices, that
:func:`placement_values` equals :func:`position_value` of each position rebuilt and that
:func:`top_placements` (what the bot places by) keeps the legal actions it rates best, and
``benchmarks/history_digest.py`` that seeded games stay the same;
``tests/augustus/test_augustus_greedy_shortcuts.py`` that each profile :func:`top_placements`
reads and each removal's value (:func:`_removal_value`) are :func:`position_value` of the
objectives rebuilt, float for float, at every decision of seeded games.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

from rometools.augustus.components import Objective
from rometools.augustus.odds import completion_cdf, expected_draws
from rometools.augustus.state import PASS, GameState, Placed
from rometools.core._cython import compiled_or_plain
from rometools.core.rng import integer_below

__all__ = ["bag_items", "card_value", "choose", "decide", "kept", "objective_values", "placement_values",
           "position_value", "reward_bonus", "top_placements", "weights"]

#: The rules as the registry plays them: their compiled twin where it was built (the same source).
rules = compiled_or_plain("rometools.augustus.rules")

if cython.compiled:   # a state's __dict__ read in C (what the attribute __dict__ gives, without its search)
    from cython.cimports.cpython.object import PyObject_GenericGetDict

#: The fields :func:`_fields` reads by name of a value that is not a ``GameState`` itself.
_FIELD_NAMES: tuple = ("config", "phase", "seat", "row", "pile", "hands", "in_play", "controlled", "reserve",
                       "legions", "rewards", "bag", "caller", "token", "to_place", "queue", "current", "draws")


@cython.cfunc
def _fields(state) -> dict:
    """A state's fields by name: a ``GameState``'s own ``__dict__`` (which holds every field; compiled,
    read in C), so that a decision reads each field with one look-up of its dict, not an attribute's
    search through the class first. Any other value: its attributes read by name (as ``rules._fields``)."""
    if type(state) is GameState:
        if cython.compiled:
            return PyObject_GenericGetDict(state, cython.NULL)
        return state.__dict__
    return {name: getattr(state, name) for name in _FIELD_NAMES}


#: The exact odds the bot rates by, as floats: ``("within", open slots, horizon, bag)`` and
#: ``("draws", slots, bag)`` (cleared when full). Each is computed with the components the bag was
#: read from (:data:`_COMPONENTS`: their joker, and no look-up of the bundled file per answer, which
#: was most of a process's first MCTS search beyond its later ones).
_ODDS: dict = {}


def _within(open_: tuple[tuple[str, int], ...], horizon: int, bag: tuple[tuple[str, int], ...]) -> float:
    """P(open slots complete within ``horizon`` draws from a full bag)."""
    if not open_:
        return 1.0
    key = ("within", open_, horizon, bag)
    got = _ODDS.get(key)
    if got is None:
        if len(_ODDS) >= 16384:
            _ODDS.clear()
        got = _ODDS[key] = float(completion_cdf(dict(open_), horizon, bag=dict(bag),
                                                components=_COMPONENTS.get(bag))[-1])
    return got


def _draws(slots: tuple[tuple[str, int], ...], bag: tuple[tuple[str, int], ...]) -> float:
    """Expected draws to fill ``slots`` from a full bag, as a float (the exact Fraction's nearest)."""
    key = ("draws", slots, bag)
    got = _ODDS.get(key)
    if got is None:
        if len(_ODDS) >= 16384:
            _ODDS.clear()
        got = _ODDS[key] = float(expected_draws(dict(slots), bag=dict(bag), components=_COMPONENTS.get(bag)))
    return got


#: :func:`_card_draws`' last cards and bag, and the expected draws of each card met, by number.
_CARD_DRAWS: list = [None, None, {}]


@cython.cfunc
@cython.locals(by_number=dict)
def _card_draws(cards, bag: tuple, n: int) -> float:
    """:func:`_draws` of card ``n``'s slots, kept by card number while the cards and bag stay (a keep
    or a take rates each card offered; keying the odds by the slots and bag hashed them each time)."""
    last = _CARD_DRAWS
    if last[0] is not cards or last[1] is not bag:
        last[:] = [cards, bag, {}]
    by_number = last[2]
    got = by_number.get(n)
    if got is None:
        got = by_number[n] = _draws(cards.by_number[n].slots, bag)
    return got


#: The full bag's items by the components' id, with the components (an id reused: read anew).
_BAGS: dict = {}
#: The components each full bag's items (:func:`bag_items`) were last read from, by those items:
#: whose joker the odds reset on (``None``: a bag no components gave, the bundled joker).
_COMPONENTS: dict = {}


@cython.ccall   # a C call within the module (at every decision)
def bag_items(components) -> tuple[tuple[str, int], ...]:
    """``tuple(components.bag.items())``, the full bag as the memos and caches key it, built once
    per components (the last 8 kept)."""
    global _LAST_BAG
    last = _LAST_BAG
    if last[0] is components:   # the components of the decision before (every decision of a game)
        return last[1]
    got = _BAGS.get(id(components))
    if got is None or got[0] is not components:
        if len(_BAGS) >= 8:
            _BAGS.pop(next(iter(_BAGS)))
        got = _BAGS[id(components)] = (components, tuple(components.bag.items()))
        _COMPONENTS.clear()
        for comps, items in _BAGS.values():   # a loop: no closure in a compiled ccall
            _COMPONENTS[items] = comps
    _LAST_BAG = got
    return got[1]


#: ``(components, their bag_items)`` last asked (one tuple, replaced at once).
_LAST_BAG: tuple = (None, None)


def card_value(card: Objective, bag: tuple[tuple[str, int], ...], bonus: float = 0.0) -> float:
    """Points (its own, + 1, + the rewards it would bring: ``bonus``) per expected draw of a card alone
    (points/draw): ``GreedyBot.card_value``."""
    return (card.points + 1 + bonus) / _draws(card.slots, bag)


# the rewards a card would bring (each card's reward facts and bonus): the twin _weights.py (its
# compiled twin where it was built, the same source), called once per entry and card met below
_weights = compiled_or_plain("rometools.augustus._weights")
_Cards, _bonus, _cards, _carry, _context = _weights._Cards, _weights._bonus, _weights._cards, _weights._carry, \
    _weights._context
_context_of, _fill, _renew, _rewards_of = _weights._context_of, _weights._fill, _weights._renew, _weights._rewards_of   # (_bonus and _Cards: the tests read them here)
reward_bonus = _weights.reward_bonus


@cython.ccall
@cython.locals(ok=cython.bint, h=cython.Py_ssize_t, seat=cython.Py_ssize_t, d=dict, got=tuple, prev=tuple,
               pair=tuple, last=list, rewards=tuple, controlled=tuple)
def _entry(state: GameState, seat: int) -> tuple:
    """The seat's objective weights and what they were read from: ``(its objectives controlled, the
    reward tiles' holders, components, cards, {number: weight} (filled as cards are met), context,
    (a rival holding a resource reward, its objectives then), config, the cards' _Cards, {token: the
    slot symbols it lets the seat fill})``, kept per seat (``_LAST_ENTRY``) while those stay (they
    change only when one of them does, so the decisions between read the weights from here), made
    anew when one changed (the symbols
    depend only on the config and the seat's objectives controlled, which the entry is kept by:
    :func:`choose` reads them (:func:`_accepted`) once per token, not at every placement)."""
    d = _fields(state)
    config = d["config"]
    rewards, controlled = d["rewards"], d["controlled"]
    mine = controlled[seat]
    # a state shares its tuples with the states before it until they change (copy on write): the
    # seat's objectives and the rewards' holders are the key by identity, and the entry keeps the
    # objectives of each resource reward's holder (whose producers it races) to check, so every
    # decision between two changes of those reads the same entry (which holds them all: an id is
    # never another object's meanwhile). (Until session 58 a dict by the ids of those kept older
    # entries too: no decision of a greedy game found one there, 0 of 1,656 asks in 30 games.)
    last = _LAST_ENTRY
    got = prev = last[seat] if 0 <= seat < len(last) else None
    ok = got is not None and got[0] is mine and got[1] is rewards and got[7] is config
    if ok:
        for pair in got[6]:   # (a rival holding a resource reward, its objectives then)
            if controlled[pair[0]] is not pair[1]:
                ok = False
                break
    if not ok:
        if prev is not None and prev[7] is config:   # the same config: its components, cards and table
            comps, cards, table = prev[2], prev[3], prev[8]
        else:
            comps, cards = config.components, config.objectives
            table = _cards(cards, comps)
        out, symbols = {}, {}
        if prev is not None and prev[0] is mine and prev[7] is config:
            # the same objectives, another holder (of a reward or a rival's objectives): the context
            # read from the last one where it depends only on the objectives (the last one itself
            # when it is the same), the weights the change leaves alone carried over, not rated anew,
            # in one call (_weights._renew), and the symbols (by config and objectives only) the same
            context, out = _renew(table, rewards, controlled, seat, prev[5], prev[1], prev[4])
            symbols = prev[9]
        else:
            context = _context_of(table, rewards, controlled, seat)
        rivals = []
        for r in cython.cast(tuple, cython.cast(tuple, context[4])[3]):   # resource rewards (_rewards_of)
            h = rewards[cython.cast(tuple, r)[0]]
            if h >= 0 and h != seat:
                rivals.append((h, controlled[h]))
        got = (mine, rewards, comps, cards, out, context, tuple(rivals), config, table, symbols)
    if 0 <= seat < len(last):
        last[seat] = got
    return got


#: Each seat's last entry (:func:`_entry`), by seat (up to 8).
_LAST_ENTRY: list = [None] * 8


@cython.ccall
@cython.locals(out=dict, entry=tuple, missing=cython.bint)
def weights(state: GameState, seat: int, plays, entry=None) -> dict:
    """Each objective's weight for ``seat``: its points + 1 + :func:`reward_bonus` (points), by card number
    (a dict holding at least the cards of ``plays``, objectives in play (``Placed``), kept in
    the seat's entry while what they depend on stays). ``entry``: the seat's :func:`_entry` of ``state``
    when the caller holds it. The cards it lacks are rated in one call (``_weights._fill``)."""
    if entry is None:
        entry = _entry(state, seat)
    out = entry[4]
    missing = False
    for p in plays:
        if cython.cast(tuple, p)[0] not in out:   # a Placed is the tuple (number, legions): read as one
            missing = True
            break
    if missing:
        _fill(out, state.rewards, entry[8], entry[5], [cython.cast(tuple, p)[0] for p in plays])
    return out


@cython.ccall   # a C call within the module (at every decision)
def kept(memos: dict, cards, bag: tuple, horizon: int, complete_weight: float) -> tuple:
    """``(cards, values, shifted, profiles)``: the memos of the greedy bots rating with ``cards``, ``bag``,
    ``horizon`` and ``complete_weight``, from ``memos`` (``GreedyBot._MEMOS``, the last 8 kept).

    ``values``: objective values by (card number, legions). One objective's value depends only on
    its card, its legions, the bag, ``horizon`` and ``complete_weight``, so it is rated once while
    those stay (every game of a config), however many actions, decisions and games meet it.
    ``shifted``: by (card number, legions), the objective's values after one legion lands on or
    leaves it (:func:`_shifted`), kept the same way. ``profiles``: by (card number, legions), the
    objective's value with the values after one legion lands on each open slot group or leaves
    each held one (:func:`_profile`: what :func:`top_placements` reads, one look-up per
    objective). An ``id`` of ``cards`` reused by other objectives is rated anew.
    """
    last = _LAST_KEPT   # the same memos as the decision before (every decision of a game): no key hashed
    if last[0] is memos and last[1] is cards and last[2] is bag and last[3] == horizon and last[4] == complete_weight:
        return last[5]
    key = (id(cards), bag, horizon, complete_weight)
    got = memos.get(key)
    if got is None or got[0] is not cards:
        if len(memos) >= 8:
            memos.pop(next(iter(memos)))
        got = memos[key] = (cards, {}, {}, {})
    last[:] = [memos, cards, bag, horizon, complete_weight, got]
    return got


#: :func:`kept`'s last answer, with what it was asked: ``[memos, cards, bag, horizon, complete_weight, memos' entry]``
#: (the bag by identity: :func:`bag_items` gives one tuple per components).
_LAST_KEPT: list = [None, None, None, None, None, None]


@cython.cfunc   # a C call between the functions of the compiled twin, a plain function here
def _objective_value(cards, bag, memo: dict, number: int, legions: tuple[int, ...], horizon: int,
                     complete_weight: float) -> float:
    """One objective's P(complete within ``horizon`` draws) (``complete_weight`` when complete), kept
    in ``memo``; its value is this times its weight (:func:`weights`: it depends on the seat)."""
    card = cards.by_number[number]
    open_ = tuple(rules.open_slots(card, legions).items())
    value = _within(open_, horizon, bag) if open_ else complete_weight
    memo[(number, legions)] = value
    return value


@cython.locals(memo=dict, weight=dict)
def objective_values(cards, bag, memo: dict, plays: Sequence[Placed], horizon: int,
                     complete_weight: float, weight: dict) -> list[float]:
    """``[0.0]`` then each objective's value (its weight x its completion chance), in ``plays`` order
    (the order they are summed in)."""
    values = [0.0]
    for p in plays:
        value = memo.get(p)   # a Placed is the tuple (number, legions): the key itself
        values.append(weight[p[0]] * (
            _objective_value(cards, bag, memo, p.number, p.legions, horizon, complete_weight)
            if value is None else value))
    return values


@cython.cfunc
@cython.returns((cython.double, cython.double))   # (best, total): a C tuple compiled
@cython.locals(i=cython.Py_ssize_t, k=cython.Py_ssize_t, j=cython.Py_ssize_t, best=cython.double,
               total=cython.double, v=cython.double, value=cython.double, other=cython.double)
def _best_and_total(values: list, k=0, value=0.0, j=0, other=0.0) -> tuple[float, float]:
    """``(max, sum)`` of objective values (floats, the first ``0.0``) with ``values[k]`` read as
    ``value`` and ``values[j]`` as ``other`` (an objective's place is 1 on: 0, the default, reads
    the first ``0.0`` as ``0.0``), in one loop and no copy of the list per action; the sum taken
    left to right, as ``sum`` takes it."""
    best, total = values[0], 0.0
    for i in range(len(values)):
        v = value if i == k else other if i == j else values[i]
        if v > best:
            best = v
        total += v
    return best, total


def position_value(state: GameState, seat: int, plays: Sequence[Placed], horizon: int, complete_weight: float,
                   memos: dict) -> tuple[float, float]:
    """``GreedyBot.position_value``: ``(best, total)`` over ``plays`` of the seat's objective values."""
    cards = state.config.objectives
    bag = bag_items(state.config.components)
    memo = kept(memos, cards, bag, horizon, complete_weight)[1]
    weight = weights(state, seat, plays)
    return _best_and_total(objective_values(cards, bag, memo, plays, horizon, complete_weight, weight))


@cython.cfunc
@cython.locals(memo=dict, rated=dict)
def _shifted(cards, bag, memo: dict, rated: dict, p: Placed, change: tuple, horizon: int,
             complete_weight: float) -> float:
    """The completion chance of objective ``p`` after ``change`` to its legions (its value over its
    weight), kept in ``rated`` (by change): ``(symbol, 1)`` a legion lands on a slot of ``symbol``,
    ``(symbol, -1)`` one leaves it, ``(from symbol, to symbol)`` one moves between two of its slot
    groups."""
    value = rated.get(change)
    if value is None:
        symbols = cards.by_number[p.number].symbols()
        moved = list(p.legions)
        if isinstance(change[1], int):
            moved[symbols.index(change[0])] += change[1]
        else:
            moved[symbols.index(change[0])] -= 1
            moved[symbols.index(change[1])] += 1
        moved = tuple(moved)
        value = memo.get((p.number, moved))
        if value is None:
            value = _objective_value(cards, bag, memo, p.number, moved, horizon, complete_weight)
        rated[change] = value
    return value


def placement_values(state: GameState, seat: int, actions: Sequence, horizon: int, complete_weight: float,
                     memos: dict) -> list[tuple[float, float]]:
    """``GreedyBot.placement_values``: the position value after each action, only the one or two
    objectives a legion lands on or leaves rated again."""
    cards = state.config.objectives
    bag = bag_items(state.config.components)
    entry = kept(memos, cards, bag, horizon, complete_weight)
    memo, shifted = entry[1], entry[2]
    plays = state.in_play[seat]
    weight = weights(state, seat, plays)
    base = objective_values(cards, bag, memo, plays, horizon, complete_weight, weight)
    where = {}   # card number -> (place in base, the objective, its values by change)
    for k, p in enumerate(plays, 1):
        rated = shifted.get(p)   # met in an earlier decision or game
        if rated is None:
            rated = shifted[(p.number, p.legions)] = {}
        where[p.number] = (k, p, rated)
    passed = _best_and_total(base)
    out = []
    for a in actions:
        if a == PASS:
            out.append(passed)
            continue
        k, p, rated = where[a[1]]
        w = weight[p.number]
        if a[0] == "place":
            value = w * _shifted(cards, bag, memo, rated, p, (a[2], 1), horizon, complete_weight)
            out.append(_best_and_total(base, k, value))
        elif a[1] == a[3]:   # a legion moves between two slot groups of one objective
            value = w * _shifted(cards, bag, memo, rated, p, (a[2], a[4]), horizon, complete_weight)
            out.append(_best_and_total(base, k, value))
        else:   # a legion leaves one objective for another
            value = w * _shifted(cards, bag, memo, rated, p, (a[2], -1), horizon, complete_weight)
            j, q, landed = where[a[3]]
            other = weight[q.number] * _shifted(cards, bag, memo, landed, q, (a[4], 1), horizon, complete_weight)
            out.append(_best_and_total(base, k, value, j, other))
    return out


@cython.cfunc
@cython.locals(memo=dict, profiles=dict, i=cython.Py_ssize_t)
def _profile(cards, bag, memo: dict, profiles: dict, p: Placed, horizon: int, complete_weight: float) -> tuple:
    """Objective ``p``'s completion chance (its value over its weight) and what one legion changes,
    kept in ``profiles``: ``(value, opens, helds, moved)``, ``opens`` ``(slot group, symbol, the
    chance with one legion more there)`` for each open slot group and ``helds`` ``(slot group,
    symbol, the chance with one legion less there)`` for each group holding one, in the card's slot
    order; ``moved`` ``{from * 256 + to: chance}`` for a legion moved between two of its groups (filled
    as met, :func:`_moved`). The same numbers as :func:`_shifted` (by slot group, not symbol: a
    card's symbols are distinct)."""
    got = profiles.get(p)
    if got is None:
        number, legions = p
        value = memo.get(p)
        if value is None:
            value = _objective_value(cards, bag, memo, number, legions, horizon, complete_weight)
        slots = cards.by_number[number].slots
        opens, helds = [], []
        for i in range(len(slots)):
            sym, n = slots[i]
            if legions[i] < n:
                opens.append((i, sym, _legion_value(cards, bag, memo, number, legions, i, 1, horizon,
                                                    complete_weight)))
            if legions[i]:
                helds.append((i, sym, _legion_value(cards, bag, memo, number, legions, i, -1, horizon,
                                                    complete_weight)))
        got = profiles[p] = (value, tuple(opens), tuple(helds), {})
    return got


@cython.cfunc
@cython.locals(memo=dict)
def _legion_value(cards, bag, memo: dict, number: int, legions: tuple, i: int, by: int, horizon: int,
                  complete_weight: float, j: int = -1) -> float:
    """The completion chance of objective ``number`` with ``by`` legions more on slot group ``i`` (and,
    ``j`` >= 0, one more on slot group ``j``), kept in ``memo``."""
    moved = list(legions)
    moved[i] += by
    if j >= 0:
        moved[j] += 1
    moved = tuple(moved)
    value = memo.get((number, moved))
    if value is None:
        value = _objective_value(cards, bag, memo, number, moved, horizon, complete_weight)
    return value


@cython.cfunc
@cython.locals(moved=dict, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
def _moved(cards, bag, memo: dict, profile: tuple, p: Placed, i: int, j: int, horizon: int,
           complete_weight: float) -> float:
    """The completion chance of objective ``p`` after one legion moves from its slot group ``i`` to
    ``j``, kept in its profile (:func:`_profile`)."""
    moved = profile[3]
    key = i * 256 + j   # (an int: no tuple built and hashed per move rated; a card has < 256 slot groups)
    value = moved.get(key)
    if value is None:
        value = moved[key] = _legion_value(cards, bag, memo, p[0], p[1], i, -1, horizon, complete_weight, j)
    return value


#: The C working copy of one placement decision (:func:`top_placements`; compiled, C arrays declared
#: in ``_greedy.pxd``, plain, these lists): ``_BASE`` each objective's value (weight x chance, 1 on;
#: ``_BASE[0]`` the first ``0.0``), and for each open slot group of the decision's symbols its
#: objective's place in ``_BASE`` (``_OPEN_AT``), its place among the profile's opens
#: (``_OPEN_I``), its slot group (``_OPEN_GROUP``) and its objective's value with one legion more
#: there (``_LANDS``); for each slot group holding a legion, the same (``_HELD_AT``, ``_HELD_I``,
#: ``_HELD_GROUP``), its objective's weight (``_HELD_W``) and value with one legion less
#: (``_LEAVES``). A decision with more objectives or slot groups than they hold is rated by
#: :func:`_top_rated` instead.
_MAX_PLAYS, _MAX_GROUPS = 16, 128
_BASE = [0.0] * 17
_LANDS = [0.0] * 128
_LEAVES = [0.0] * 128
_HELD_W = [0.0] * 128
_OPEN_AT = [0] * 128
_OPEN_I = [0] * 128
_OPEN_GROUP = [0] * 128
_HELD_AT = [0] * 128
_HELD_I = [0] * 128
_HELD_GROUP = [0] * 128


@cython.cfunc
@cython.returns((cython.double, cython.double))
@cython.locals(n=cython.Py_ssize_t, k=cython.Py_ssize_t, value=cython.double, j=cython.Py_ssize_t,
               other=cython.double, i=cython.Py_ssize_t, best=cython.double, total=cython.double, v=cython.double)
def _base_best_and_total(n, k, value, j, other):
    """:func:`_best_and_total` of ``_BASE[0 .. n]`` (the same floats, summed in the same order), read
    from the C array compiled."""
    best, total = _BASE[0], 0.0
    for i in range(n + 1):
        v = value if i == k else other if i == j else _BASE[i]
        if v > best:
            best = v
        total += v
    return best, total


@cython.ccall   # a C call from choose (not a Python call parsing its eight arguments)
@cython.locals(i=cython.Py_ssize_t, k=cython.Py_ssize_t, j=cython.Py_ssize_t, n=cython.Py_ssize_t,
               n_open=cython.Py_ssize_t, n_held=cython.Py_ssize_t, o=cython.Py_ssize_t, h=cython.Py_ssize_t,
               fi=cython.Py_ssize_t, ti=cython.Py_ssize_t, memo=dict, profiles=dict, c=cython.double, sym=str, s=str,
               match=cython.bint,
               weight=dict, d=dict, profile=tuple, opens=tuple, helds=tuple, t=tuple, q=tuple, plays=tuple,
               queue=tuple, profs=list, top=list, w=cython.double, blocked=cython.bint, found=cython.bint,
               vb=cython.double, vt=cython.double, bb=cython.double, bt=cython.double, pb=cython.double,
               pt=cython.double)
def top_placements(state: GameState, seat: int, symbols: tuple[str, ...], moves: bool, horizon: int,
                   complete_weight: float, memos: dict, seat_entry=None) -> list:
    """The placements, moves and pass of greatest :func:`placement_values` value, in the order
    ``rules.legal_actions`` lists them (``moves.placements``, then the pass), without listing
    every action: the placements of the decision's ``symbols`` (and its moves, ``moves``) rated as
    they are met, an action built only while it ties the best so far. Equals the actions of
    ``legal_actions(state)`` whose ``placement_values`` are the greatest (tested), and
    :func:`_top_rated` (tested).

    Each objective in play is read once from its profile (:func:`_profile`: its value and the values
    after one legion lands on or leaves each slot group, kept by its card and legions), into the
    decision's C working copy (``_BASE``, ``_OPEN_*``, ``_HELD_*``: C doubles and ints compiled), so
    rating each placement and move reads C values, and only an action tying the best is built.
    ``seat_entry``: the seat's :func:`_entry` of ``state`` when the caller holds it (:func:`choose`)."""
    d = _fields(state)
    config = d["config"]
    cards = config.objectives
    bag = bag_items(config.components)
    entry = kept(memos, cards, bag, horizon, complete_weight)
    memo, profiles = entry[1], entry[3]
    plays = d["in_play"][seat]
    n = len(plays)
    if n > _MAX_PLAYS:
        return _top_rated(state, seat, symbols, moves, horizon, complete_weight, memos)
    weight = weights(state, seat, plays, seat_entry)
    queue = d["queue"]   # (seat, card) completed this turn: no legion lands on or leaves it
    profs = []
    _BASE[0] = 0.0
    n_open = n_held = 0
    for k in range(1, n + 1):
        p = plays[k - 1]
        profile = profiles.get(p)   # met in an earlier decision or game
        if profile is None:
            profile = _profile(cards, bag, memo, profiles, p, horizon, complete_weight)
        profs.append(profile)
        number = cython.cast(tuple, p)[0]   # (a Placed read as the tuple it is, not by its type's item)
        w = weight[number]
        c = profile[0]   # (each float read as a C double, then multiplied: no float object made)
        _BASE[k] = w * c
        blocked = False
        for q in queue:
            if q[1] == number:
                blocked = True
        if blocked:
            continue
        opens = profile[1]
        for o in range(len(opens)):   # (slot group, symbol, chance)
            t = opens[o]
            sym, match = t[1], False
            for s in symbols:   # (str against str: compared in C, compiled)
                if sym == s:
                    match = True
                    break
            if match:
                if n_open == _MAX_GROUPS:
                    return _top_rated(state, seat, symbols, moves, horizon, complete_weight, memos)
                _OPEN_AT[n_open], _OPEN_I[n_open], _OPEN_GROUP[n_open] = k, o, t[0]
                c = t[2]
                _LANDS[n_open] = w * c
                n_open += 1
        if moves:
            helds = profile[2]
            for o in range(len(helds)):
                t = helds[o]
                if n_held == _MAX_GROUPS:
                    return _top_rated(state, seat, symbols, moves, horizon, complete_weight, memos)
                _HELD_AT[n_held], _HELD_I[n_held], _HELD_GROUP[n_held] = k, o, t[0]
                _HELD_W[n_held] = w
                c = t[2]
                _LEAVES[n_held] = w * c
                n_held += 1
    pb, pt = _base_best_and_total(n, 0, 0.0, 0, 0.0)   # the pass, listed last: kept only when alone
    top = []
    found = False
    bb = bt = 0.0
    if d["reserve"][seat] > 0:
        for i in range(n_open):
            vb, vt = _base_best_and_total(n, _OPEN_AT[i], _LANDS[i], 0, 0.0)
            if not found or vb > bb or (vb == bb and vt > bt):
                top, bb, bt, found = [], vb, vt, True
            elif vb < bb or vt < bt:   # below the best
                continue
            k = _OPEN_AT[i]
            top.append(("place", cython.cast(tuple, plays[k - 1])[0],
                        cython.cast(tuple, cython.cast(tuple, profs[k - 1])[1])[_OPEN_I[i]][1]))
    if moves and n_open:
        for h in range(n_held):
            k, fi = _HELD_AT[h], _HELD_GROUP[h]
            for i in range(n_open):
                j = _OPEN_AT[i]
                if j == k:
                    ti = _OPEN_GROUP[i]
                    if ti == fi:
                        continue
                    vb, vt = _base_best_and_total(n, k, _HELD_W[h] * _moved(
                        cards, bag, memo, profs[k - 1], plays[k - 1], fi, ti, horizon, complete_weight), 0, 0.0)
                else:
                    vb, vt = _base_best_and_total(n, k, _LEAVES[h], j, _LANDS[i])
                if not found or vb > bb or (vb == bb and vt > bt):
                    top, bb, bt, found = [], vb, vt, True
                elif vb < bb or vt < bt:
                    continue
                top.append(("move", cython.cast(tuple, plays[k - 1])[0],
                            cython.cast(tuple, cython.cast(tuple, profs[k - 1])[2])[_HELD_I[h]][1],
                            cython.cast(tuple, plays[j - 1])[0],
                            cython.cast(tuple, cython.cast(tuple, profs[j - 1])[1])[_OPEN_I[i]][1]))
    if not found or pb > bb or (pb == bb and pt > bt):
        return [PASS]
    return top   # a legion placed is never worse than a pass at equal value: the pass left out


def _top_rated(state: GameState, seat: int, symbols: tuple[str, ...], moves: bool, horizon: int,
               complete_weight: float, memos: dict) -> list:
    """:func:`top_placements` by its definition: the actions of ``moves.placements`` and the pass
    whose :func:`placement_values` are the greatest, in that order, the pass left out when a
    placement ties it (what a decision too large for ``top_placements``' working copy reads)."""
    actions = [*rules.placements(state, seat, symbols, moves=moves), PASS]
    values = placement_values(state, seat, actions, horizon, complete_weight, memos)
    best = max(values)
    top = [a for a, v in zip(actions, values) if v == best]  # noqa: B905 - a value per action
    if PASS in top and len(top) > 1:
        top.remove(PASS)
    return top


def _removal_value(state: GameState, action, horizon: int, complete_weight: float, memos: dict,
                   before: dict) -> float:
    """What a removal takes from the rival's position value (its total); 0 for a pass. ``before``:
    by rival seat, its objective values as they stand (:func:`objective_values`), each objective's
    place among them by card number, and its total, filled as met. The total after the removal is
    the sum with the one objective the legion leaves rated again, in the same order: the same float
    as :func:`position_value` of the rival's objectives rebuilt (tested at every removal of seeded
    games, ``tests/augustus/test_augustus_greedy_shortcuts.py``)."""
    if action == PASS:
        return 0.0
    _, other, number, symbol = action
    cards = state.config.objectives
    got = before.get(other)
    if got is None:
        bag = bag_items(state.config.components)
        memo = kept(memos, cards, bag, horizon, complete_weight)[1]
        plays = state.in_play[other]
        weight = weights(state, other, plays)
        base = objective_values(cards, bag, memo, plays, horizon, complete_weight, weight)
        got = before[other] = (base, {p[0]: (k, p) for k, p in enumerate(plays, 1)}, _best_and_total(base)[1],
                               weight, memo, bag)
    base, where, total, weight, memo, bag = got
    k, p = where[number]
    chance = _legion_value(cards, bag, memo, number, p[1], cards.by_number[number].symbols().index(symbol), -1,
                           horizon, complete_weight)
    return total - _best_and_total(base, k, weight[number] * chance)[1]


#: Per config, by ``id``: ``(config, (joker, symbols, {card: (symbol, counts_as)} of its symbol_as
#: powers))``, what :func:`_accepted` reads (the last 8 configs kept), and ``(config, its facts)`` last asked.
_ACCEPT_FACTS: dict = {}
_LAST_ACCEPT: tuple = (None, None)


@cython.ccall   # a C call from choose (callable from Python: the tests compare it with the rules)
@cython.locals(facts=tuple, symbol_as=dict, extra=list, power=tuple)
def _accepted(config, mine: tuple, token: str) -> tuple:
    """``rules.accepted_symbols`` of a seat controlling the objectives numbered ``mine``, from the
    config's joker, symbols and symbol_as powers read once per config: the token's symbol, then what
    its powers add; every symbol for the joker (the same tuple, tested at every seat and token of
    seeded games), without a Python call into the rules per seat's objectives and token met."""
    global _LAST_ACCEPT
    if _LAST_ACCEPT[0] is config:
        facts = _LAST_ACCEPT[1]
    else:
        got = _ACCEPT_FACTS.get(id(config))
        if got is None or got[0] is not config:
            comps = config.components
            if len(_ACCEPT_FACTS) >= 8:
                _ACCEPT_FACTS.clear()
            got = _ACCEPT_FACTS[id(config)] = (config, (comps.joker, comps.symbols, {
                c.number: (c.power.symbol, c.power.counts_as) for c in config.objectives.cards
                if c.power.kind == "symbol_as"}))
        _LAST_ACCEPT = got
        facts = got[1]
    if token == facts[0]:
        return facts[1]
    symbol_as = facts[2]
    extra = []
    for n in mine:
        power = symbol_as.get(n)
        if power is not None and power[0] == token:
            extra.append(power[1])
    return (token, *extra)


def decide(bot, state: GameState, rng: np.random.Generator):
    """``GreedyBot.decide`` itself (the class holds this function as its method): :func:`choose` with
    the bot's ``horizon``, ``complete_weight`` and ``_MEMOS``, and no Python frame of the bot's module
    between the play loop and it."""
    return choose(state, rng, bot.horizon, bot.complete_weight, bot._MEMOS)


@cython.ccall   # a C call from decide
@cython.locals(d=dict)
def choose(state: GameState, rng: np.random.Generator, horizon: int, complete_weight: float, memos: dict):
    """GreedyBot's action at a decision node (see :class:`~rometools.augustus.bots.GreedyBot`)."""
    d = _fields(state)   # (each field a look-up of the state's dict)
    phase = d["phase"]
    if phase == "claim":
        return "claim"
    if phase == "place" or phase == "power_place":   # the best rated as listed (no list of every action)
        seat = d["seat"]
        if phase == "place":
            token = d["token"]
            entry = _entry(state, seat)   # read once: the symbols each token lets the seat fill, its weights
            accepted = cython.cast(dict, cython.cast(tuple, entry)[9])
            symbols = accepted.get(token)
            if symbols is None:
                symbols = accepted[token] = _accepted(d["config"], d["controlled"][seat], token)
            top = top_placements(state, seat, symbols, True, horizon, complete_weight, memos, entry)
        else:
            top = top_placements(state, seat, rules.power_symbols(state, d["config"].objectives.card(d["current"][1])),
                                 False, horizon, complete_weight, memos)
        return top[integer_below(rng, len(top))] if len(top) > 1 else top[0]
    actions = rules.legal_actions(state)
    config = d["config"]
    cards = config.objectives
    bag = bag_items(config.components)
    if phase == "keep":   # each card of the hand rated once; each choice sums its cards in its order
        entry = _entry(state, d["seat"])   # card_value with its rewards: its weight per expected draw
        hand = d["hands"][d["seat"]]
        out = _fill(entry[4], d["rewards"], entry[8], entry[5], hand)   # each card's weight, in one call
        worth = {n: out[n] / _card_draws(cards, bag, n) for n in hand}
        values = [sum([worth[n] for n in a[1:]]) for a in actions]
    elif phase == "take":
        entry = _entry(state, d["seat"])
        out = _fill(entry[4], d["rewards"], entry[8], entry[5], [a[1] for a in actions])   # in one call
        values = [out[a[1]] / _card_draws(cards, bag, a[1]) for a in actions]
    elif phase == "remove":
        before: dict = {}
        values = [_removal_value(state, a, horizon, complete_weight, memos, before) for a in actions]
    else:  # a phase with no decision of a seat
        raise AssertionError(f"no greedy choice at phase {phase!r}")
    best = max(values)
    top = [a for a, v in zip(actions, values) if v == best]  # noqa: B905 - a value per action, by construction
    if PASS in top and len(top) > 1:
        top.remove(PASS)  # a legion placed is never worse than a pass at equal value
    return top[integer_below(rng, len(top))] if len(top) > 1 else top[0]
