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
``benchmarks/history_digest.py`` that seeded games stay the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

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

__all__ = ["bag_items", "card_value", "choose", "kept", "objective_values", "placement_values",
           "position_value", "top_placements"]

#: The rules as the registry plays them: their compiled twin where it was built (the same source).
rules = compiled_or_plain("rometools.augustus.rules")


@lru_cache(maxsize=8192)
def _within(open_: tuple[tuple[str, int], ...], horizon: int, bag: tuple[tuple[str, int], ...]) -> float:
    """P(open slots complete within ``horizon`` draws from a full bag)."""
    if not open_:
        return 1.0
    return float(completion_cdf(dict(open_), horizon, bag=dict(bag))[-1])


@lru_cache(maxsize=4096)
def _draws(slots: tuple[tuple[str, int], ...], bag: tuple[tuple[str, int], ...]) -> float:
    """Expected draws to fill ``slots`` from a full bag, as a float (the exact Fraction's nearest)."""
    return float(expected_draws(dict(slots), bag=dict(bag)))


#: The full bag's items by the components' id, with the components (an id reused: read anew).
_BAGS: dict = {}


def bag_items(components) -> tuple[tuple[str, int], ...]:
    """``tuple(components.bag.items())``, the full bag as the memos and caches key it, built once
    per components (the last 8 kept)."""
    got = _BAGS.get(id(components))
    if got is None or got[0] is not components:
        if len(_BAGS) >= 8:
            _BAGS.pop(next(iter(_BAGS)))
        got = _BAGS[id(components)] = (components, tuple(components.bag.items()))
    return got[1]


def card_value(card: Objective, bag: tuple[tuple[str, int], ...]) -> float:
    """Points per expected draw of a card alone (points/draw): ``GreedyBot.card_value``."""
    return (card.points + 1) / _draws(card.slots, bag)


def kept(memos: dict, cards, bag: tuple, horizon: int, complete_weight: float) -> tuple:
    """``(cards, values, shifted)``: the memos of the greedy bots rating with ``cards``, ``bag``,
    ``horizon`` and ``complete_weight``, from ``memos`` (``GreedyBot._MEMOS``, the last 8 kept).

    ``values``: objective values by (card number, legions). One objective's value depends only on
    its card, its legions, the bag, ``horizon`` and ``complete_weight``, so it is rated once while
    those stay (every game of a config), however many actions, decisions and games meet it.
    ``shifted``: by (card number, legions), the objective's values after one legion lands on or
    leaves it (:func:`_shifted`), kept the same way. An ``id`` of ``cards`` reused by other
    objectives is rated anew.
    """
    key = (id(cards), bag, horizon, complete_weight)
    got = memos.get(key)
    if got is None or got[0] is not cards:
        if len(memos) >= 8:
            memos.pop(next(iter(memos)))
        got = memos[key] = (cards, {}, {})
    return got


@cython.cfunc   # a C call between the functions of the compiled twin, a plain function here
def _objective_value(cards, bag, memo: dict, number: int, legions: tuple[int, ...], horizon: int,
                     complete_weight: float) -> float:
    """One objective's (points + 1) x P(complete within ``horizon`` draws), kept in ``memo``."""
    card = cards.card(number)
    open_ = tuple(rules.open_slots(card, legions).items())
    value = (card.points + 1) * (_within(open_, horizon, bag) if open_ else complete_weight)
    memo[(number, legions)] = value
    return value


@cython.locals(memo=dict)
def objective_values(cards, bag, memo: dict, plays: Sequence[Placed], horizon: int,
                     complete_weight: float) -> list[float]:
    """``[0.0]`` then each objective's value, in ``plays`` order (the order they are summed in)."""
    values = [0.0]
    for p in plays:
        value = memo.get(p)   # a Placed is the tuple (number, legions): the key itself
        values.append(_objective_value(cards, bag, memo, p.number, p.legions, horizon, complete_weight)
                      if value is None else value)
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


@cython.cfunc
@cython.inline
@cython.locals(a=(cython.double, cython.double), b=(cython.double, cython.double))
def _above(a, b) -> bool:
    """``a > b`` as the tuples compare: the best objective first, then the sum."""
    return a[0] > b[0] or (a[0] == b[0] and a[1] > b[1])


def position_value(state: GameState, plays: Sequence[Placed], horizon: int, complete_weight: float,
                   memos: dict) -> tuple[float, float]:
    """``GreedyBot.position_value``: ``(best, total)`` over ``plays`` of the objective values."""
    cards = state.config.cards
    bag = bag_items(state.config.components)
    memo = kept(memos, cards, bag, horizon, complete_weight)[1]
    return _best_and_total(objective_values(cards, bag, memo, plays, horizon, complete_weight))


@cython.cfunc
@cython.locals(memo=dict, rated=dict)
def _shifted(cards, bag, memo: dict, rated: dict, p: Placed, change: tuple, horizon: int,
             complete_weight: float) -> float:
    """The value of objective ``p`` after ``change`` to its legions, kept in ``rated`` (its values
    by change): ``(symbol, 1)`` a legion lands on a slot of ``symbol``, ``(symbol, -1)`` one leaves
    it, ``(from symbol, to symbol)`` one moves between two of its slot groups."""
    value = rated.get(change)
    if value is None:
        symbols = cards.card(p.number).symbols()
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
    cards = state.config.cards
    bag = bag_items(state.config.components)
    _, memo, shifted = kept(memos, cards, bag, horizon, complete_weight)
    plays = state.in_play[seat]
    base = objective_values(cards, bag, memo, plays, horizon, complete_weight)
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
        if a[0] == "place":
            value = _shifted(cards, bag, memo, rated, p, (a[2], 1), horizon, complete_weight)
            out.append(_best_and_total(base, k, value))
        elif a[1] == a[3]:   # a legion moves between two slot groups of one objective
            value = _shifted(cards, bag, memo, rated, p, (a[2], a[4]), horizon, complete_weight)
            out.append(_best_and_total(base, k, value))
        else:   # a legion leaves one objective for another
            value = _shifted(cards, bag, memo, rated, p, (a[2], -1), horizon, complete_weight)
            j, q, landed = where[a[3]]
            other = _shifted(cards, bag, memo, landed, q, (a[4], 1), horizon, complete_weight)
            out.append(_best_and_total(base, k, value, j, other))
    return out


@cython.locals(i=cython.Py_ssize_t, k=cython.Py_ssize_t, j=cython.Py_ssize_t, memo=dict, shifted=dict,
               v=(cython.double, cython.double), value=(cython.double, cython.double),
               passed=(cython.double, cython.double))
def top_placements(state: GameState, seat: int, symbols: tuple[str, ...], moves: bool, horizon: int,
                   complete_weight: float, memos: dict) -> list:
    """The placements, moves and pass of greatest :func:`placement_values` value, in the order
    ``rules.legal_actions`` lists them (``moves.placements``, then the pass), without listing
    every action: the placements of the decision's ``symbols`` (and its moves, ``moves``) rated as
    they are met, an action built only while it ties the best so far. Equals the actions of
    ``legal_actions(state)`` whose ``placement_values`` are the greatest (tested)."""
    cards = state.config.cards
    slots_of = cards.by_number
    bag = bag_items(state.config.components)
    _, memo, shifted = kept(memos, cards, bag, horizon, complete_weight)
    plays = state.in_play[seat]
    base = objective_values(cards, bag, memo, plays, horizon, complete_weight)
    blocked = [n for _, n in state.queue]   # completed this turn: no legion lands on or leaves it
    open_, held = [], []   # (place in base, objective, its values by change, symbol)
    for k, p in enumerate(plays, 1):
        rated = shifted.get(p)   # met in an earlier decision or game
        if rated is None:
            rated = shifted[(p.number, p.legions)] = {}
        if p.number in blocked:
            continue
        slots, legions = slots_of[p.number].slots, p.legions
        for i in range(len(slots)):   # by place: no zip per objective
            sym, n = slots[i]
            if legions[i] < n and sym in symbols:
                open_.append((k, p, rated, sym))
            if legions[i]:
                held.append((k, p, rated, sym))
    passed = _best_and_total(base)   # the pass, listed last: compared last, kept only when alone
    top: list = []
    value = passed
    reserve = state.reserve[seat] > 0
    lands = []   # each open slot's objective value with one legion more
    if reserve or moves:
        for _, p, rated, sym in open_:
            lands.append(_shifted(cards, bag, memo, rated, p, (sym, 1), horizon, complete_weight))
    if reserve:
        for i in range(len(open_)):
            k, p, rated, sym = open_[i]
            v = _best_and_total(base, k, lands[i])
            if not top or _above(v, value):
                top, value = [("place", p.number, sym)], v
            elif not _above(value, v):   # equal
                top.append(("place", p.number, sym))
    if moves and open_:
        for k, p, rated, fs in held:
            leaves = _shifted(cards, bag, memo, rated, p, (fs, -1), horizon, complete_weight)
            for i in range(len(open_)):
                j, q, landed, sym = open_[i]
                if j == k:
                    if sym == fs:
                        continue
                    v = _best_and_total(base, k, _shifted(cards, bag, memo, rated, p, (fs, sym), horizon,
                                                          complete_weight))
                else:
                    v = _best_and_total(base, k, leaves, j, lands[i])
                if not top or _above(v, value):
                    top, value = [("move", p.number, fs, q.number, sym)], v
                elif not _above(value, v):   # equal
                    top.append(("move", p.number, fs, q.number, sym))
    if not top or _above(passed, value):
        return [PASS]
    return top   # a legion placed is never worse than a pass at equal value: the pass left out


def _removal_value(state: GameState, action, horizon: int, complete_weight: float, memos: dict) -> float:
    """What a removal takes from the rival's position value (its total); 0 for a pass."""
    if action == PASS:
        return 0.0
    _, other, number, symbol = action
    cards = state.config.cards
    before = position_value(state, state.in_play[other], horizon, complete_weight, memos)[1]
    plays = [Placed(p.number, tuple(k - (p.number == number and s == symbol)
                                    for (s, _), k in zip(cards.card(p.number).slots, p.legions, strict=True)))
             for p in state.in_play[other]]
    return before - position_value(state, plays, horizon, complete_weight, memos)[1]


def choose(state: GameState, rng: np.random.Generator, horizon: int, complete_weight: float, memos: dict):
    """GreedyBot's action at a decision node (see :class:`~rometools.augustus.bots.GreedyBot`)."""
    phase = state.phase
    if phase == "claim":
        return "claim"
    if phase == "place" or phase == "power_place":   # the best rated as listed (no list of every action)
        seat = state.seat
        if phase == "place":
            top = top_placements(state, seat, rules.accepted_symbols(state, seat, state.token), True, horizon,
                                 complete_weight, memos)
        else:
            top = top_placements(state, seat, rules.power_symbols(state, state.config.cards.card(state.current[1])),
                                 False, horizon, complete_weight, memos)
        return top[integer_below(rng, len(top))] if len(top) > 1 else top[0]
    actions = rules.legal_actions(state)
    cards = state.config.cards
    bag = bag_items(state.config.components)
    if phase == "keep":   # each card of the hand rated once; each choice sums its cards in its order
        worth = {n: card_value(cards.card(n), bag) for n in state.hands[state.seat]}
        values = [sum([worth[n] for n in a[1:]]) for a in actions]
    elif phase == "take":
        values = [card_value(cards.card(a[1]), bag) for a in actions]
    elif phase == "remove":
        values = [_removal_value(state, a, horizon, complete_weight, memos) for a in actions]
    else:  # a phase with no decision of a seat
        raise AssertionError(f"no greedy choice at phase {phase!r}")
    best = max(values)
    top = [a for a, v in zip(actions, values) if v == best]  # noqa: B905 - a value per action, by construction
    if PASS in top and len(top) > 1:
        top.remove(PASS)  # a legion placed is never worse than a pass at equal value
    return top[integer_below(rng, len(top))] if len(top) > 1 else top[0]
