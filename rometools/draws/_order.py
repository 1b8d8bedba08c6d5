"""The exact engine for statistics read kind by kind in value order: dice pools and draws.

Private; :mod:`rometools.draws.dice` (pools of dice) and :mod:`rometools.draws.draw`
(order statistics of a draw) are its public faces.

Counts come from **sources**: ``n`` dice of one type (a draw of ``n`` with replacement
from the die's faces), or ``n`` tokens drawn without replacement from a bag. The engine
walks the kinds (faces) in value order, highest first, and at each kind chooses how many
of each source's remaining dice (draws) show it: ``C(r, j) w^j`` ways for dice, ``C(s, j)``
for a draw without replacement. Its state is the dice left of each source and the
statistics read so far (the running sum of the ``k`` highest, a count, ...). This is
icepool's algorithm (Liu 2022, "Icepool: efficient computation of dice pool
probabilities"): polynomial in the number of dice, never the ``faces^dice`` outcomes.

A state whose statistics can no longer change (the ``k`` highest are all placed, no later
kind is counted) ends at once: the remaining dice show lower kinds in
``W_after^r`` ways (``C(S_after, r)`` without replacement). So 10d6 keep 3 stops after a
few faces.

A pool's total (or count) alone does not need the walk: it is a product of one
polynomial per die type, each raised to its number of dice, packed into one Python int
(:func:`convolution_law`).
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from rometools.core.formatting import shown
from rometools.draws._engine import MAX_STATES, TooLargeError, Work, mul_seconds
from rometools.draws._plan import _table_values, resolve_selector
from rometools.draws.conditions import (
    Condition,
    Statistic,
    _All,
    _Any,
    _Atom,
    _Count,
    _Not,
    _Order,
    _Reach,
    _Score,
    _Total,
    _Wilds,
    value_of,
)


def as_law(law: object, what: str) -> dict:
    """A law ``{value: probability}``, checked: exact probabilities (Fractions or ints) >= 0 adding up to 1.

    Raises
    ------
    TypeError
        Not a mapping, or a probability that is not exact (a float is refused: the answers
        built on it would not be).
    ValueError
        A negative probability, or probabilities that do not add up to 1 (``what`` names it).

    Examples
    --------
    >>> as_law({1: Fraction(1, 2), 2: Fraction(1, 2)}, "law")
    {1: Fraction(1, 2), 2: Fraction(1, 2)}
    >>> as_law({1: 0.5, 2: 0.5}, "contestant 0")
    Traceback (most recent call last):
    ...
    TypeError: contestant 0: the probability of 1 must be exact (a Fraction or an int), got 0.5
    """
    if not isinstance(law, Mapping):
        raise TypeError(f"{what}: a law is a mapping {{value: probability}}, got {shown(law)}")
    out = {}
    for v, p in law.items():
        if isinstance(p, bool) or not isinstance(p, numbers.Rational):
            raise TypeError(f"{what}: the probability of {shown(v)} must be exact (a Fraction or an int), "
                            f"got {shown(p)}")
        out[v] = Fraction(p)
    if any(p < 0 for p in out.values()) or sum(out.values()) != 1:
        raise ValueError(f"{what}: a law's probabilities must be >= 0 and add up to 1")
    return out


#: Estimated seconds per step of the walk (one state, one choice of counts, its statistics).
_STEP_SECONDS = 1.2e-6


@dataclass(frozen=True)
class Source:
    """``n`` dice of one type (``replace=True``) or ``n`` draws without replacement.

    Attributes
    ----------
    n : int
        Dice (draws).
    weights : tuple of int
        Faces (tokens) of each kind, in the engine's kind order.
    replace : bool
        Each die (draw) independent: ``C(r, j) w^j`` ways; else ``C(w, j)``.
    """

    n: int
    weights: tuple[int, ...]
    replace: bool = True

    @property
    def size(self) -> int:
        return sum(self.weights)

    @property
    def denominator(self) -> int:
        return self.size ** self.n if self.replace else comb(self.size, self.n)


# ------------------------------------------------------------------ features
class Feature:
    """One statistic followed through the walk (see the module docstring).

    ``step(value, pos, j, m)`` reads ``j`` of the kind at position ``pos`` after ``m``
    dice of higher kinds; ``last`` is the last position that can change it (``None``:
    settled by position, see ``settled``); ``final`` turns the tracked value into the answer.
    """

    start: object = 0
    last: int = -1

    def span(self, n: int) -> int | None:
        """Largest value when every step adds 0 or more (the walk packs it as a series); else None."""
        return None

    def step(self, value, pos: int, j: int, m: int):  # pragma: no cover - abstract
        raise NotImplementedError

    def settled(self, value, pos: int, m: int) -> bool:
        return pos >= self.last

    def final(self, value):
        return value


class _TotalF(Feature):
    def __init__(self, vals: Sequence[int]):
        self.vals = vals
        self.last = max((p for p, v in enumerate(vals) if v), default=-1)

    def span(self, n: int) -> int | None:
        return n * max(self.vals, default=0) if min(self.vals, default=0) >= 0 else None

    def step(self, value, pos, j, m):
        return value + self.vals[pos] * j


class _WindowF(Feature):
    """Sum of the values at walk positions ``lo <= i < hi`` (the order statistics)."""

    def __init__(self, vals: Sequence[int], lo: int, hi: int):
        self.vals, self.lo, self.hi = vals, lo, hi
        self.last = len(vals)  # settled by the dice placed (m >= hi), never by position alone

    def span(self, n: int) -> int | None:
        return max(0, self.hi - self.lo) * max(self.vals, default=0) if min(self.vals, default=0) >= 0 else None

    def step(self, value, pos, j, m):
        take = min(m + j, self.hi) - max(m, self.lo)
        return value + self.vals[pos] * take if take > 0 else value

    def settled(self, value, pos, m):
        return m >= self.hi


class _CountF(Feature):
    def __init__(self, members: frozenset[int]):
        self.members = members
        self.last = max(members, default=-1)

    def span(self, n: int) -> int | None:
        return n

    def step(self, value, pos, j, m):
        return value + j if pos in self.members else value


class _ReachF(Feature):
    def __init__(self, members: frozenset[int], k: int, missing: bool):
        self.members, self.k, self.missing = members, k, missing
        self.last = max(members, default=-1)

    def span(self, n: int) -> int | None:
        return len(self.members)

    def step(self, value, pos, j, m):
        if pos not in self.members:
            return value
        return value + ((j < self.k) if self.missing else (j >= self.k))


class _ScoreF(Feature):
    def __init__(self, tables: Mapping[int, Sequence[int]]):
        self.tables = tables
        self.last = max(tables, default=-1)

    def span(self, n: int) -> int | None:
        if any(min(t) < 0 for t in self.tables.values()):
            return None
        return sum(max(t) for t in self.tables.values())

    def step(self, value, pos, j, m):
        table = self.tables.get(pos)
        return value + table[j] if table is not None else value


class _WildsF(Feature):
    """The counts of the named kinds and of the wilds, then the best assignment of the wilds."""

    start = ()

    def __init__(self, slot: Mapping[int, int], names: Sequence[Hashable], points: Callable, stat: object):
        self.slot, self.names, self.points, self.stat = slot, names, points, stat
        self.width = len(names) + 1
        self.last = max(slot, default=-1)
        self._cache: dict = {}

    def step(self, value, pos, j, m):
        i = self.slot.get(pos)
        if i is None or not j:
            return value
        counts = list(value) if value else [0] * self.width
        counts[i] += j
        return tuple(counts)

    def final(self, value):
        counts = tuple(value) if value else (0,) * self.width
        if counts not in self._cache:
            self._cache[counts] = best_with_wilds(self.points, self.names, counts[:-1], counts[-1], self.stat)
        return self._cache[counts]


def best_with_wilds(points: Callable, names: Sequence[Hashable], counts: Sequence[int], wilds: int,
                    stat: object) -> int:
    """The highest ``points`` over every way to add ``wilds`` to ``counts`` (compositions)."""
    best = None
    for extra in _compositions(wilds, len(names)):
        v = points({name: c + e for name, c, e in zip(names, counts, extra, strict=True)})
        if isinstance(v, bool) or not isinstance(v, int | np.integer):
            raise TypeError(f"{stat!r}: points must return an int, got {v!r}")
        if best is None or v > best:
            best = int(v)
    return best


def _compositions(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


# ------------------------------------------------------------------ planning
@dataclass
class Walk:
    """A question resolved against the kinds: the walk order and one feature per statistic."""

    order: list[int]           # kind indices in walk order
    features: list[Feature]
    descending: bool


def _order_values(stats: Sequence[Statistic], kinds: Sequence[Hashable]) -> tuple[list[int] | None, bool]:
    """The values that order the walk, and whether it goes from the highest down."""
    orders = [s for s in stats if isinstance(s, _Order)]
    if not orders:
        return None, True
    first = orders[0]
    vals = [value_of(first.values, k, repr(first)) for k in kinds]
    for other in orders[1:]:
        if [value_of(other.values, k, repr(other)) for k in kinds] != vals:
            raise ValueError(f"{first!r} and {other!r} order the kinds by different values; "
                             f"ask them one at a time")
    return vals, any(s.top for s in orders)  # only lowest(...): walk up, so they settle early


def plan_walk(stats: Sequence[Statistic], kinds: Sequence[Hashable], n: int, most: Sequence[int],
              place: str = "bag") -> Walk:
    """Resolve ``stats`` against ``kinds`` (``most[i]``: most of kind ``i`` one question can hold).

    Raises
    ------
    ValueError, TypeError
        Unknown kinds, kinds without numbers for a statistic over values, bad points.
    """
    vals, descending = _order_values(stats, kinds)
    index = {k: i for i, k in enumerate(kinds)}
    if vals is None:
        order = list(range(len(kinds)))
    else:
        order = sorted(range(len(kinds)), key=lambda i: vals[i], reverse=descending)
    pos_of = {i: p for p, i in enumerate(order)}
    features: list[Feature] = []
    for stat in stats:
        if isinstance(stat, _Total):
            v = [value_of(stat.values, kinds[i], repr(stat)) for i in order]
            features.append(_TotalF(v))
        elif isinstance(stat, _Order):
            v = [value_of(stat.values, kinds[i], repr(stat)) for i in order]
            if stat.top == descending:
                lo, hi = stat.drop, stat.drop + stat.keep
            else:
                lo, hi = max(0, n - stat.drop - stat.keep), max(0, n - stat.drop)
            features.append(_WindowF(v, lo, min(hi, n)))
        elif isinstance(stat, _Count):
            members = resolve_selector(stat.selector, index, kinds, place=place)
            features.append(_CountF(frozenset(pos_of[i] for i in members)))
        elif isinstance(stat, _Reach):
            members = (tuple(range(len(kinds))) if stat.kinds is None
                       else resolve_selector(stat.kinds, index, kinds, "kinds", place))
            features.append(_ReachF(frozenset(pos_of[i] for i in members), stat.k, stat.missing))
        elif isinstance(stat, _Score):
            tables = {}
            for kind, table in stat.points.items():
                if kind not in index:
                    raise ValueError(f"points name {kind!r}, which is not one of the kinds here")
                i = index[kind]
                tables[pos_of[i]] = _table_values(kind, table, most[i])
            features.append(_ScoreF(tables))
        elif isinstance(stat, _Wilds):
            slot = {}
            for s, name in enumerate(stat.kinds):
                if name not in index:
                    raise ValueError(f"{stat!r} names {name!r}, which is not one of the kinds here")
                slot[pos_of[index[name]]] = s
            for i in resolve_selector(stat.wild, index, kinds, "wild", place):
                if pos_of[i] in slot:
                    raise ValueError(f"{stat!r}: {kinds[i]!r} is both wild and a kind a wild counts as")
                slot[pos_of[i]] = len(stat.kinds)
            features.append(_WildsF(slot, stat.kinds, stat.points, stat))
        else:
            raise TypeError(f"unknown statistic {stat!r}")
    return Walk(order, features, descending)


# ------------------------------------------------------------------ the walk
def walk_law(walk: Walk, sources: Sequence[Source], what: str, route: str) -> dict[tuple, Fraction]:
    """``{(value of each feature): probability}`` (see the module docstring).

    One feature whose steps only add (a total, a kept sum, a count...) is carried as a
    packed series (Kronecker substitution: the ways to reach value ``v`` sit at bit
    ``v * bits`` of one int), so moving a whole family of states is one big-integer
    product and shift; the other features and the dice left are the state's key.

    Raises
    ------
    TooLargeError
        If the walk needs more than ``MAX_STATES`` states or more than the work budget.
    """
    features = walk.features
    n_total = sum(s.n for s in sources)
    order = walk.order
    if not order:
        return {tuple(f.final(f.start) for f in features): Fraction(1)} if n_total == 0 else {}
    den = 1
    for src in sources:
        den *= src.denominator
    bits = (den.bit_length() + 8) // 8 * 8
    main = next((i for i, f in enumerate(features)
                 if (sp := f.span(n_total)) is not None and (sp + 1) * bits <= 1 << 22), None)
    span = features[main].span(n_total) if main is not None else 0
    others = [i for i in range(len(features)) if i != main]
    mf = features[main] if main is not None else None
    of = [features[i] for i in others]
    last_pos = len(order) - 1
    after = []  # each source's weight on the kinds after each position (for the early end)
    for src in sources:
        w = [src.weights[i] for i in order]
        tail, acc = [0] * len(order), 0
        for p in range(len(order) - 1, -1, -1):
            tail[p] = acc
            acc += w[p]
        after.append(tail)
    # sources with the same weights on every kind still to come are one source from there on
    # (a d8 and a d12 below 9): their dice left are added up, which folds the states
    groups_at: list[list[int]] = [[]] * len(order)
    ids: list[int] = [-1] * len(sources)
    for p in range(len(order) - 1, -1, -1):
        seen: dict[tuple, int] = {}
        ids = [seen.setdefault((src.replace, src.weights[order[p]], ids[t]), len(seen))
               for t, src in enumerate(sources)]
        groups_at[p] = ids
    work = Work(what, route)
    # a forecast before any work: every kind, every count of dice left, every count showing it,
    # on series as long as the packed feature can grow; refused at once when far past the budget
    dice_left = 1
    for src in sources:
        dice_left *= src.n + 1
    forecast = len(order) * dice_left * (n_total + 1) * mul_seconds((span + 1) * bits, 64)
    if forecast > 10 * work.budget:
        work.spend(forecast, " (a forecast from the dice, faces and values, before any work)")
    start_ids = groups_at[0]
    rem0 = [0] * (max(start_ids) + 1)
    for t, src in enumerate(sources):
        rem0[start_ids[t]] += src.n
    dp: dict[tuple, int] = {(tuple(rem0), tuple(f.start for f in of)): 1}
    result: dict[tuple, int] = {}
    for pos, kind in enumerate(order):
        if not dp:
            break
        ids = groups_at[pos]
        if pos and ids != groups_at[pos - 1]:  # fold the groups that became one
            prev = groups_at[pos - 1]
            to_new = {prev[t]: ids[t] for t in range(len(sources))}
            width_new = max(ids) + 1
            folded: dict[tuple, int] = {}
            for (rem, fv), poly in dp.items():
                r2 = [0] * width_new
                for g_old, r in enumerate(rem):
                    r2[to_new[g_old]] += r
                key = (tuple(r2), fv)
                folded[key] = folded.get(key, 0) + poly
            dp = folded
        reps = {}
        for t, g in enumerate(ids):
            reps.setdefault(g, t)
        group_src = [sources[reps[g]] for g in range(max(ids) + 1)]
        group_after = [after[reps[g]] for g in range(max(ids) + 1)]
        weights = [src.weights[kind] for src in group_src]
        combos_of: dict[tuple, list] = {}
        most = [0] * len(group_src)
        for t, g in enumerate(ids):
            most[g] += sources[t].n
        spread = 1
        for n_g, w in zip(most, weights, strict=True):
            if w:
                spread *= n_g + 1
        poly_bits = max(p.bit_length() for p in dp.values())
        work.spend(len(dp) * spread * ((len(of) + 2) * _STEP_SECONDS + 2 * mul_seconds(poly_bits, 64)),
                   f" for {len(dp):,} states at kind {pos + 1} of {len(order)}")
        new: dict[tuple, int] = {}
        settled_here = [pos >= f.last for f in of]
        main_by_pos = mf is not None and not isinstance(mf, _WindowF)
        window = (mf.lo, mf.hi) if isinstance(mf, _WindowF) else None
        vals_here = mf.vals[pos] if window is not None else 0
        main_settled = mf is None or (main_by_pos and pos >= mf.last)
        is_last = pos == last_pos
        for (rem, fv), poly in dp.items():
            m = n_total - sum(rem)
            combos = combos_of.get(rem)
            if combos is None:
                combos = [((), 0, 1)]
                for t, src in enumerate(group_src):
                    w, r = weights[t], rem[t]
                    if not w:
                        combos = [(left + (r,), j, cw) for left, j, cw in combos]
                    elif src.replace:
                        combos = [(left + (r - j,), jt + j, cw * comb(r, j) * w ** j)
                                  for left, jt, cw in combos for j in range(r + 1)]
                    else:
                        combos = [(left + (r - j,), jt + j, cw * comb(w, j))
                                  for left, jt, cw in combos for j in range(min(w, r) + 1)]
                combos_of[rem] = combos
            if window is not None and not of:  # the common case (a kept sum alone), inlined
                lo, hi = window
                v = vals_here
                for left, j, w in combos:
                    m2 = m + j
                    take = (m2 if m2 < hi else hi) - (m if m > lo else lo)
                    shifted = (poly * w) << (v * take * bits) if take > 0 and v else poly * w
                    if is_last or m2 >= hi:
                        tail = 1
                        for src, r, aft in zip(group_src, left, group_after, strict=True):
                            if r:
                                tail *= aft[pos] ** r if src.replace else comb(aft[pos], r)
                        if tail:
                            result[()] = result.get((), 0) + shifted * tail
                    else:
                        k2 = (left, ())
                        new[k2] = new.get(k2, 0) + shifted
                continue
            for left, j, w in combos:
                m2 = m + j
                shifted = poly * w
                if mf is not None:
                    add = mf.step(0, pos, j, m)
                    if add:
                        shifted <<= add * bits
                nv = tuple(f.step(v, pos, j, m) for f, v in zip(of, fv, strict=True)) if of else ()
                done = is_last or (
                    (main_settled or (not main_by_pos and m2 >= mf.hi))
                    and all(st or (isinstance(f, _WindowF) and m2 >= f.hi)
                            for f, st in zip(of, settled_here, strict=True)))
                if done:
                    tail = 1
                    for src, r, aft in zip(group_src, left, group_after, strict=True):
                        if r:
                            tail *= aft[pos] ** r if src.replace else comb(aft[pos], r)
                            if not tail:
                                break
                    if tail:
                        final = tuple(f.final(v) for f, v in zip(of, nv, strict=True))
                        result[final] = result.get(final, 0) + shifted * tail
                else:
                    k2 = (left, nv)
                    new[k2] = new.get(k2, 0) + shifted
        if len(new) > MAX_STATES:
            raise TooLargeError(f"the exact law of {what} needs more than {MAX_STATES:,} states; {route}")
        dp = new
    out: dict[tuple, int] = {}
    width = bits // 8
    for rest, poly in result.items():
        if mf is None:
            values = [(None, poly)]
        else:
            raw = poly.to_bytes(max(width * (span + 1), (poly.bit_length() + 7) // 8), "little")
            values = [(v, int.from_bytes(raw[v * width:(v + 1) * width], "little")) for v in range(span + 1)]
        for v, ways in values:
            if ways:
                key = list(rest)
                if mf is not None:
                    key.insert(main, v)
                out[tuple(key)] = out.get(tuple(key), 0) + ways
    return {key: Fraction(w, den) for key, w in sorted(out.items(), key=lambda kv: _sort_key(kv[0]))}


def _sort_key(key: tuple) -> tuple:
    return tuple((0, v) if isinstance(v, int) else (1, repr(v)) for v in key)


# ------------------------------------------------------------------ sums of dice: convolution
def convolution_law(per_source_values: Sequence[Sequence[int]], sources: Sequence[Source], what: str,
                    route: str) -> dict[int, Fraction]:
    """Law of the sum of every die's value: ``prod_t (sum_f w_f x^v_f)^n_t``, packed in one int.

    ``per_source_values[t][i]`` is the value of kind ``i`` for source ``t`` (dice only).
    """
    work = Work(what, route)
    lows = [min((v for v, w in zip(vals, src.weights, strict=True) if w), default=0)
            for vals, src in zip(per_source_values, sources, strict=True)]
    highs = [max((v for v, w in zip(vals, src.weights, strict=True) if w), default=0)
             for vals, src in zip(per_source_values, sources, strict=True)]
    span = sum((hi - lo) * src.n for lo, hi, src in zip(lows, highs, sources, strict=True))
    den = 1
    for src in sources:
        den *= src.denominator
    bits = den.bit_length() + 1
    bits = (bits + 7) // 8 * 8
    if span > 1_000_000:
        raise TooLargeError(f"the sums of {what} span {span:,} values, too many for exact series; {route}")
    work.spend(len(sources) * 2 * (span + 1) * bits / 30 * 1e-8, f" for a series of {span + 1:,} sums")
    width = bits // 8
    result = 1
    for vals, src, lo in zip(per_source_values, sources, lows, strict=True):
        if not src.n:
            continue
        coeffs: dict[int, int] = {}
        for v, w in zip(vals, src.weights, strict=True):
            if w:
                coeffs[v - lo] = coeffs.get(v - lo, 0) + w
        top = max(coeffs)
        die = int.from_bytes(b"".join(coeffs.get(d, 0).to_bytes(width, "little") for d in range(top + 1)),
                             "little")
        power, e, acc = die, src.n, 1
        while e:
            if e & 1:
                acc = acc * power
            e >>= 1
            if e:
                power = power * power
        result *= acc
    shift = sum(lo * src.n for lo, src in zip(lows, sources, strict=True))
    raw = result.to_bytes(width * (span + 1), "little")
    out = {}
    for d in range(span + 1):
        c = int.from_bytes(raw[d * width:(d + 1) * width], "little")
        if c:
            out[d + shift] = Fraction(c, den)
    return out


# ------------------------------------------------------------------ simulation
def sample_values(stat: Statistic, counts: np.ndarray, kinds: Sequence[Hashable], place: str = "bag") -> np.ndarray:
    """The value of ``stat`` on each row of ``counts`` (rows of tokens or dice per kind).

    ``counts`` has shape ``(rows, kinds)`` (int64); the result has shape ``(rows,)``. This is
    the simulated twins' reading of the statistics the walk follows exactly.
    """
    index = {k: i for i, k in enumerate(kinds)}
    rows = counts.shape[0]
    if isinstance(stat, _Total):
        vals = np.array([value_of(stat.values, k, repr(stat)) for k in kinds], dtype=np.int64)
        return counts @ vals
    if isinstance(stat, _Order):
        vals = np.array([value_of(stat.values, k, repr(stat)) for k in kinds], dtype=np.int64)
        order = np.argsort(-vals if stat.top else vals, kind="stable")  # from the kept end
        lo, hi = stat.drop, stat.drop + stat.keep  # positions counted from that end
        seen = np.zeros(rows, dtype=np.int64)
        out = np.zeros(rows, dtype=np.int64)
        for i in order:
            c = counts[:, i]
            take = np.clip(np.minimum(seen + c, hi) - np.maximum(seen, lo), 0, None)
            out += take * vals[i]
            seen += c
        return out
    if isinstance(stat, _Count):
        members = list(resolve_selector(stat.selector, index, kinds, place=place))
        return counts[:, members].sum(axis=1)
    if isinstance(stat, _Reach):
        members = (list(range(len(kinds))) if stat.kinds is None
                   else list(resolve_selector(stat.kinds, index, kinds, "kinds", place)))
        sub = counts[:, members]
        return ((sub < stat.k) if stat.missing else (sub >= stat.k)).sum(axis=1)
    if isinstance(stat, _Score):
        total = np.zeros(rows, dtype=np.int64)
        most = int(counts.max(initial=0))
        for kind, table in stat.points.items():
            if kind not in index:
                raise ValueError(f"points name {kind!r}, which is not one of the kinds here")
            values = np.asarray(_table_values(kind, table, most), dtype=np.int64)
            total += values[counts[:, index[kind]]]
        return total
    if isinstance(stat, _Wilds):
        cols = []
        for name in stat.kinds:
            if name not in index:
                raise ValueError(f"{stat!r} names {name!r}, which is not one of the kinds here")
            cols.append(counts[:, index[name]])
        wild = list(resolve_selector(stat.wild, index, kinds, "wild", place))
        cols.append(counts[:, wild].sum(axis=1))
        table = np.stack(cols, axis=1)
        found, inverse = np.unique(table, axis=0, return_inverse=True)
        scores = np.array([best_with_wilds(stat.points, stat.kinds, row[:-1].tolist(), int(row[-1]), stat)
                           for row in found], dtype=np.int64)
        return scores[inverse.ravel()]
    raise TypeError(f"unknown statistic {stat!r}")


# ------------------------------------------------------------------ conditions over statistics
def condition_stats(cond: Condition) -> list[Statistic]:
    """The statistics a condition reads, each once, in the order met."""
    out: list[Statistic] = []

    def walk(c: Condition) -> None:
        if isinstance(c, _Atom):
            if all(s is not c.stat for s in out):
                out.append(c.stat)
        elif isinstance(c, _All | _Any):
            for p in c.parts:
                walk(p)
        elif isinstance(c, _Not):
            walk(c.part)
        else:
            raise TypeError(f"expected a condition (at_least, exactly, highest(2) >= 10, ...), got {c!r}")

    walk(cond)
    return out


def holds(cond: Condition, values: Mapping[int, object]) -> bool:
    """The condition on one outcome: ``values[id(stat)]`` is each statistic's value."""
    if isinstance(cond, _Atom):
        v = values[id(cond.stat)]
        return (cond.lo is None or v >= cond.lo) and (cond.hi is None or v <= cond.hi)
    if isinstance(cond, _All):
        return all(holds(p, values) for p in cond.parts)
    if isinstance(cond, _Any):
        return any(holds(p, values) for p in cond.parts)
    return not holds(cond.part, values)


def holds_rows(cond: Condition, values: Mapping[int, np.ndarray]) -> np.ndarray:
    """:func:`holds` on arrays of values: one boolean per row."""
    if isinstance(cond, _Atom):
        v = values[id(cond.stat)]
        out = np.ones(v.shape, dtype=bool)
        if cond.lo is not None:
            out &= v >= cond.lo
        if cond.hi is not None:
            out &= v <= cond.hi
        return out
    if isinstance(cond, _All | _Any):
        parts = [holds_rows(p, values) for p in cond.parts]
        out = parts[0].copy()
        for p in parts[1:]:
            out = out & p if isinstance(cond, _All) else out | p
        return out
    return ~holds_rows(cond.part, values)


def condition_walks(cond: object) -> bool:
    """Whether a condition reads a statistic only the walk answers (a quick look, no list built)."""
    stack = [cond]
    while stack:
        c = stack.pop()
        kind = type(c)
        if kind is _Atom:
            if isinstance(c.stat, _Total | _Order | _Wilds):
                return True
        elif kind is _Not:
            stack.append(c.part)
        elif kind is _All or kind is _Any:
            stack.extend(c.parts)
    return False


def is_walked(stat: Statistic) -> bool:
    """A statistic only the walk answers (over values, or with wilds): not the series engine's."""
    return isinstance(stat, _Total | _Order | _Wilds)


# ------------------------------------------------------------------ memo of answers
#: Most answers kept by :class:`Memo` (each a law of a few hundred values at most).
MEMO_SIZE = 256


def _hashable(x: object) -> object:
    """A structural key of a selector or a values table, or ``_NO_KEY`` (a callable: no key)."""
    if x is None:
        return None
    if callable(x):
        return _NO_KEY
    if isinstance(x, Mapping):
        try:
            return ("map", frozenset(x.items()))
        except TypeError:
            return _NO_KEY
    if isinstance(x, str | bytes | int | tuple | frozenset):
        try:
            hash(x)
        except TypeError:
            return _NO_KEY
        return ("one", x)
    try:
        return ("set", frozenset(x))
    except TypeError:
        return _NO_KEY


_NO_KEY = object()


def stat_key(stat: Statistic) -> object:
    """A key equal for equal statistics (``highest(3)`` asked twice), or ``_NO_KEY``."""
    if isinstance(stat, _Total):
        parts = ("total", _hashable(stat.values))
    elif isinstance(stat, _Order):
        parts = ("order", stat.keep, stat.drop, stat.top, _hashable(stat.values))
    elif isinstance(stat, _Count):
        parts = ("count", _hashable(stat.selector))
    elif isinstance(stat, _Reach):
        parts = ("reach", stat.k, _hashable(stat.kinds), stat.missing)
    else:
        return _NO_KEY
    return _NO_KEY if any(p is _NO_KEY for p in parts) else parts


class Memo:
    """Answers to questions asked before, by structural key (icepool keeps its evaluations too).

    Every question is immutable (a pool of dice, a statistic of plain values), so the same
    question has the same answer; a statistic over a callable has no key and is computed
    every time.
    """

    def __init__(self, size: int = MEMO_SIZE):
        self.size = size
        self.data: dict = {}

    def get(self, key: object):
        if key is _NO_KEY:
            return None
        found = self.data.pop(key, None)
        if found is not None:
            self.data[key] = found  # most recently used last
        return found

    def put(self, key: object, value) -> None:
        if key is _NO_KEY:
            return
        self.data[key] = value
        while len(self.data) > self.size:
            self.data.pop(next(iter(self.data)))


def key_of(*parts: object) -> object:
    """A memo key from parts, ``_NO_KEY`` if any part has none."""
    return _NO_KEY if any(p is _NO_KEY for p in parts) else parts
