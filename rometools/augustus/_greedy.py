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
arguments. ``tests/augustus/test_augustus_bots_views.py`` checks the choices and that
:func:`placement_values` equals :func:`position_value` of each position rebuilt, and
``benchmarks/history_digest.py`` that seeded games stay the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from rometools.augustus.components import Objective
from rometools.augustus.odds import completion_cdf, expected_draws
from rometools.augustus.state import PASS, GameState, Placed
from rometools.core._cython import compiled_or_plain

__all__ = ["card_value", "choose", "kept", "objective_values", "placement_values", "position_value"]

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


def card_value(card: Objective, bag: tuple[tuple[str, int], ...]) -> float:
    """Points per expected draw of a card alone (points/draw): ``GreedyBot.card_value``."""
    return (card.points + 1) / _draws(card.slots, bag)


def kept(memos: dict, cards, bag: tuple, horizon: int, complete_weight: float) -> tuple:
    """``(cards, values, shifted)``: the memos of the greedy bots rating with ``cards``, ``bag``,
    ``horizon`` and ``complete_weight``, from ``memos`` (``GreedyBot._MEMOS``, the last 8 kept).

    ``values``: objective values by (card number, legions). One objective's value depends only on
    its card, its legions, the bag, ``horizon`` and ``complete_weight``, so it is rated once while
    those stay (every game of a config), however many actions, decisions and games meet it.
    ``shifted``: objective values by (card number, legions, legions moved), the value after a
    legion lands on or leaves the card, kept the same way. An ``id`` of ``cards`` reused by other
    objectives is rated anew.
    """
    key = (id(cards), bag, horizon, complete_weight)
    got = memos.get(key)
    if got is None or got[0] is not cards:
        if len(memos) >= 8:
            memos.pop(next(iter(memos)))
        got = memos[key] = (cards, {}, {})
    return got


def _objective_value(cards, bag, memo: dict, number: int, legions: tuple[int, ...], horizon: int,
                     complete_weight: float) -> float:
    """One objective's (points + 1) x P(complete within ``horizon`` draws), kept in ``memo``."""
    card = cards.card(number)
    open_ = tuple(rules.open_slots(card, legions).items())
    value = (card.points + 1) * (_within(open_, horizon, bag) if open_ else complete_weight)
    memo[(number, legions)] = value
    return value


def objective_values(cards, bag, memo: dict, plays: Sequence[Placed], horizon: int,
                     complete_weight: float) -> list[float]:
    """``[0.0]`` then each objective's value, in ``plays`` order (the order they are summed in)."""
    values = [0.0]
    for p in plays:
        value = memo.get((p.number, p.legions))
        values.append(_objective_value(cards, bag, memo, p.number, p.legions, horizon, complete_weight)
                      if value is None else value)
    return values


def position_value(state: GameState, plays: Sequence[Placed], horizon: int, complete_weight: float,
                   memos: dict) -> tuple[float, float]:
    """``GreedyBot.position_value``: ``(best, total)`` over ``plays`` of the objective values."""
    cards = state.config.cards
    bag = tuple(state.config.components.bag.items())
    memo = kept(memos, cards, bag, horizon, complete_weight)[1]
    values = objective_values(cards, bag, memo, plays, horizon, complete_weight)
    return max(values), sum(values)


def _one_card(cards, bag, memo: dict, shifted: dict, plays, where: dict, number: int,
              changes: tuple[tuple[str, int], ...], horizon: int, complete_weight: float) -> tuple[int, float]:
    """Where card ``number`` stands in the values (1 on) and its value after ``changes``
    (``(symbol, +1 or -1)`` each) to its legions."""
    k = where[number]
    legions = plays[k - 1].legions
    value = shifted.get((number, legions, changes))   # met in an earlier decision or game
    if value is None:
        symbols = cards.card(number).symbols()
        moved = list(legions)
        for symbol, by in changes:
            moved[symbols.index(symbol)] += by
        key = (number, tuple(moved))
        value = memo.get(key)
        if value is None:
            value = _objective_value(cards, bag, memo, number, key[1], horizon, complete_weight)
        shifted[(number, legions, changes)] = value
    return k, value


def placement_values(state: GameState, seat: int, actions: Sequence, horizon: int, complete_weight: float,
                     memos: dict) -> list[tuple[float, float]]:
    """``GreedyBot.placement_values``: the position value after each action, only the one or two
    objectives a legion lands on or leaves rated again."""
    cards = state.config.cards
    bag = tuple(state.config.components.bag.items())
    _, memo, shifted = kept(memos, cards, bag, horizon, complete_weight)
    plays = state.in_play[seat]
    base = objective_values(cards, bag, memo, plays, horizon, complete_weight)
    where = {p.number: k for k, p in enumerate(plays, 1)}
    after: dict = {}   # (card, symbol, +1/-1) or (card, from symbol, to symbol) -> (place in base, value)
    passed = (max(base), sum(base))
    out = []
    for a in actions:
        if a == PASS:
            out.append(passed)
            continue
        values = base.copy()
        if a[0] == "place" or a[1] == a[3]:   # one objective changes
            key = (a[1], a[2], 1) if a[0] == "place" else (a[1], a[2], a[4])
            got = after.get(key)
            if got is None:
                got = after[key] = _one_card(cards, bag, memo, shifted, plays, where, a[1],
                                             ((a[2], 1),) if a[0] == "place" else ((a[2], -1), (a[4], 1)),
                                             horizon, complete_weight)
            values[got[0]] = got[1]
        else:   # a legion leaves one objective for another
            leave, land = (a[1], a[2], -1), (a[3], a[4], 1)
            got = after.get(leave)
            if got is None:
                got = after[leave] = _one_card(cards, bag, memo, shifted, plays, where, a[1], ((a[2], -1),),
                                               horizon, complete_weight)
            values[got[0]] = got[1]
            got = after.get(land)
            if got is None:
                got = after[land] = _one_card(cards, bag, memo, shifted, plays, where, a[3], ((a[4], 1),),
                                              horizon, complete_weight)
            values[got[0]] = got[1]
        out.append((max(values), sum(values)))
    return out


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
    actions = rules.legal_actions(state)
    phase = state.phase
    if phase == "claim":
        return "claim"
    cards = state.config.cards
    bag = tuple(state.config.components.bag.items())
    if phase == "keep":
        values = [sum(card_value(cards.card(n), bag) for n in a[1:]) for a in actions]
    elif phase == "take":
        values = [card_value(cards.card(a[1]), bag) for a in actions]
    elif phase == "remove":
        values = [_removal_value(state, a, horizon, complete_weight, memos) for a in actions]
    else:  # place, power_place
        values = placement_values(state, state.seat, actions, horizon, complete_weight, memos)
    best = max(values)
    top = [a for a, v in zip(actions, values, strict=True) if v == best]
    if PASS in top and len(top) > 1:
        top.remove(PASS)  # a legion placed is never worse than a pass at equal value
    return top[int(rng.integers(len(top)))] if len(top) > 1 else top[0]
