"""Resolve a question (condition and/or statistic) against a bag into tracked features.

Private. A *feature* is one integer the exact engine carries per partial draw: the
pooled count of a selector, the number of kinds reaching ``k`` (or, when cheaper,
the number still below ``k``), or a score. Each is capped at the smallest value
that still decides every comparison the question makes (``at_least("H", 1)``
needs the count of H only as 0 or "1 or more"), which keeps the engine's state
space small. The same plan evaluates conditions on simulated count arrays.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from rometools.draws.conditions import (
    Condition,
    Statistic,
    _All,
    _Any,
    _Atom,
    _Count,
    _is_collection,
    _Not,
    _Reach,
    _Score,
    _show,
)

_KIND_LIST = 8  # kinds named in an "unknown kind" message


def check_int(value: object, what: str) -> int:
    """``value`` as an ``int``; ``TypeError`` naming ``what`` for anything else (``True`` included)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be an int, got {value!r}")
    return int(value)


class BagBase(Mapping[Hashable, int]):
    """The base of :class:`~rometools.draws.Bag`, which :class:`~rometools.draws.Deal` and
    :class:`~rometools.draws.DrawsUntil` check their bag against without importing ``bag.py``
    (it imports them: the modules of ``draws`` import one way only)."""

    __slots__ = ()


def _kinds_text(kinds: Sequence[Hashable]) -> str:
    shown = ", ".join(repr(k) for k in kinds[:_KIND_LIST])
    return shown + (f", ... ({len(kinds)} kinds)" if len(kinds) > _KIND_LIST else "")


def resolve_selector(sel: object, index: Mapping[Hashable, int], kinds: Sequence[Hashable],
                     what: str = "selector", place: str = "bag") -> tuple[int, ...]:
    """Indices of the kinds a selector picks, in bag order.

    Raises
    ------
    ValueError
        If a named kind is not in the bag (the message lists the bag's kinds).
    TypeError
        If ``sel`` is a statistic where tokens were expected.
    """
    if isinstance(sel, Statistic):
        raise TypeError(f"{what} must be a kind, a collection of kinds or a predicate, "
                        f"got the statistic {sel!r}")
    try:
        if sel in index:
            return (index[sel],)
    except TypeError:  # unhashable: a list or set of kinds
        pass
    if callable(sel):
        return tuple(i for i, kind in enumerate(kinds) if sel(kind))
    if _is_collection(sel):
        missing = [k for k in sel if not _known(k, index)]
        if missing:
            raise ValueError(f"{what} names {_show(missing[0])}, which is not a kind of this {place} "
                             f"(kinds: {_kinds_text(kinds)})")
        return tuple(sorted({index[k] for k in sel}))
    raise ValueError(f"{what} {sel!r} is not a kind of this {place} (kinds: {_kinds_text(kinds)})")


def _known(kind: object, index: Mapping[Hashable, int]) -> bool:
    try:
        return kind in index
    except TypeError:
        return False


@dataclass
class Feature:
    """One tracked integer (see the module docstring)."""

    kind: str                      # "count" | "reach" | "score"
    members: tuple[int, ...]
    k: int = 0                     # reach threshold (tokens of a kind)
    values: dict[int, tuple[int, ...]] = field(default_factory=dict)  # score: per kind, points for c = 0..
    vmax: int | None = None        # largest value it can take (None: unbounded)
    cap: int | None = None         # tracked as min(value, cap); None: exact
    down: bool = False             # reach tracked as members below k (m = size - r)
    cuts: list[tuple[int | None, int | None]] = field(default_factory=list)
    full: bool = False             # its whole law is asked for
    vmin: int = 0                  # smallest value (scores can be negative)
    memberset: frozenset = frozenset()

    def __post_init__(self) -> None:
        self.memberset = frozenset(self.members)

    @property
    def size(self) -> int:
        return len(self.members)


class Plan:
    """A question resolved against a bag: features, per-kind deltas and predicates.

    Parameters
    ----------
    kinds, supplies : sequences
        The bag's kinds and tokens per kind.
    maxc : sequence of int or None
        Most tokens of each kind a draw can hold (``None``: unbounded, draws until a
        condition with replacement).
    condition : Condition, optional
    statistic : Statistic, optional
        Its law is wanted (tracked exactly).
    """

    def __init__(self, kinds: Sequence[Hashable], supplies: Sequence[int], maxc: Sequence[int | None],
                 condition: Condition | None = None, statistic: Statistic | None = None):
        self.kinds = kinds
        self.supplies = supplies
        self.maxc = maxc
        self.index = {k: i for i, k in enumerate(kinds)}
        self.features: list[Feature] = []
        self._keys: dict[tuple, int] = {}
        self.tree = None if condition is None else self._node(condition)
        self.stat_index: int | None = None
        if statistic is not None:
            self.stat_index = self._feature(statistic)
            self.features[self.stat_index].full = True
        for fi, f in enumerate(self.features):
            self._choose_cap(fi, f)
        self.caps = tuple(f.cap for f in self.features)
        self.predicate: Callable[[tuple], bool] | None = (
            None if self.tree is None else _scalar(self.tree, self.features))
        self.membership = [tuple(i in f.memberset for f in self.features)
                           for i in range(len(kinds))] if self.features else [()] * len(kinds)

    # ---------------------------------------------------------------- resolve
    def _feature(self, stat: Statistic) -> int:
        """Index of the feature a statistic reads (added on first use)."""
        if isinstance(stat, _Count):
            members = resolve_selector(stat.selector, self.index, self.kinds)
            key: tuple = ("count", members)
        elif isinstance(stat, _Reach):
            members = (tuple(range(len(self.kinds))) if stat.kinds is None
                       else resolve_selector(stat.kinds, self.index, self.kinds, "kinds"))
            key = ("reach", stat.k, members)
        elif isinstance(stat, _Score):
            key = ("score", id(stat.points))
        else:  # pragma: no cover - Statistic has no other subclasses
            raise TypeError(f"unknown statistic {stat!r}")
        if key in self._keys:
            return self._keys[key]
        if isinstance(stat, _Count):
            feature = Feature("count", members, vmax=self._sum_max(members))
        elif isinstance(stat, _Reach):
            reachable = sum(1 for i in members if self.maxc[i] is None or self.maxc[i] >= stat.k)
            feature = Feature("reach", members, k=stat.k, vmax=reachable)
        else:
            feature = self._score_feature(stat.points)
        self._keys[key] = len(self.features)
        self.features.append(feature)
        return self._keys[key]

    def _sum_max(self, members: tuple[int, ...]) -> int | None:
        if any(self.maxc[i] is None for i in members):
            return None
        return sum(self.maxc[i] for i in members)

    def _score_feature(self, points: Mapping) -> Feature:
        values: dict[int, tuple[int, ...]] = {}
        for kind, table in points.items():
            if not _known(kind, self.index):
                raise ValueError(f"points name {kind!r}, which is not a kind of this bag "
                                 f"(kinds: {_kinds_text(self.kinds)})")
            i = self.index[kind]
            top = self.maxc[i]
            if top is None:
                raise ValueError("score() cannot be followed over unbounded draws "
                                 "(draws_until with replacement)")
            values[i] = _table_values(kind, table, top)
        members = tuple(sorted(values))
        lo = sum(min(v) for v in values.values())
        hi = sum(max(v) for v in values.values())
        return Feature("score", members, values=values, vmax=hi, vmin=lo)

    def _node(self, cond: Condition):
        if isinstance(cond, _Atom):
            fi = self._feature(cond.stat)
            lo, hi = cond.lo, cond.hi
            stat = cond.stat
            if isinstance(stat, _Reach) and stat.missing:  # m = size - r
                size = self.features[fi].size
                lo, hi = (None if hi is None else size - hi), (None if lo is None else size - lo)
            self.features[fi].cuts.append((lo, hi))
            return ("atom", fi, lo, hi)
        if isinstance(cond, _All):
            return ("all", tuple(self._node(p) for p in cond.parts))
        if isinstance(cond, _Any):
            return ("any", tuple(self._node(p) for p in cond.parts))
        if isinstance(cond, _Not):
            return ("not", self._node(cond.part))
        raise TypeError(f"expected a condition (at_least, exactly, some_absent, ...), got {cond!r}")

    # ---------------------------------------------------------------- capping
    @staticmethod
    def _cap_for(cuts: list[tuple[int | None, int | None]]) -> int:
        need = 0
        for lo, hi in cuts:
            if lo is not None:
                need = max(need, lo)
            if hi is not None:
                need = max(need, hi + 1)
        return need

    def _choose_cap(self, fi: int, f: Feature) -> None:
        if f.kind == "score":
            f.cap = None
            return
        if f.full:
            if f.vmax is None:
                raise ValueError("the law of a count over unbounded draws has no last value")
            f.cap = f.vmax
            return
        up = self._cap_for(f.cuts)
        if f.vmax is not None:
            up = min(up, f.vmax)
        if f.kind == "reach":
            down_cuts = [(None if hi is None else f.size - hi, None if lo is None else f.size - lo)
                         for lo, hi in f.cuts]
            down = min(self._cap_for(down_cuts), f.size)
            if down < up:
                f.down, f.cap = True, down
                self.tree = _to_down(self.tree, fi, f.size)
                return
        f.cap = up

    # ---------------------------------------------------------------- engine helpers
    def saturation(self, i: int) -> int | None:
        """Count of kind ``i`` from which its delta no longer changes (None: every count)."""
        sat = 0
        for f, member in zip(self.features, self.membership[i], strict=True):
            if not member:
                continue
            if f.kind == "count":
                sat = max(sat, f.cap)
            elif f.kind == "reach":
                sat = max(sat, f.k)
            else:
                return None
        return sat

    def delta(self, i: int, c: int) -> tuple:
        """Feature increments of ``c`` tokens of kind ``i``."""
        out = []
        for f, member in zip(self.features, self.membership[i], strict=True):
            if not member:
                out.append(0)
            elif f.kind == "count":
                out.append(min(c, f.cap))
            elif f.kind == "reach":
                out.append(int(c < f.k) if f.down else int(c >= f.k))
            else:
                out.append(f.values[i][c])
        return tuple(out)

    def read(self, state: tuple) -> int:
        """Value of the asked statistic in an engine state."""
        return state[self.stat_index]

    # ---------------------------------------------------------------- simulation
    def values(self, counts: np.ndarray) -> list[np.ndarray]:
        """Exact (uncapped, natural) value of every feature for rows of ``counts``.

        ``counts`` has shape ``(..., kinds)``; each result has shape ``(...)``.
        """
        out = []
        for f in self.features:
            sub = counts[..., list(f.members)]
            if f.kind == "count":
                out.append(sub.sum(axis=-1))
            elif f.kind == "reach":
                out.append((sub >= f.k).sum(axis=-1))
            else:
                total = np.zeros(counts.shape[:-1], dtype=np.int64)
                for i in f.members:
                    total = total + np.asarray(f.values[i], dtype=np.int64)[counts[..., i]]
                out.append(total)
        return out

    def mask(self, counts: np.ndarray) -> np.ndarray:
        """Boolean array: the condition on each row of ``counts`` (natural values)."""
        values = self.values(counts)
        return _vector(self.natural_tree, values)

    @property
    def natural_tree(self):
        return _from_down(self.tree, self.features)


def _table_values(kind: Hashable, table: object, top: int) -> tuple[int, ...]:
    """Points of ``c = 0..top`` tokens of ``kind`` from a table, mapping or callable."""
    if isinstance(table, Mapping):
        raw = [table.get(c, 0) for c in range(top + 1)]
    elif isinstance(table, Sequence) and not isinstance(table, str | bytes):
        if len(table) <= top:
            raise ValueError(f"points table for {kind!r} scores 0 to {len(table) - 1} tokens, "
                             f"but the draw can hold {top} {kind!r}")
        raw = list(table[: top + 1])
    elif callable(table):
        raw = [table(c) for c in range(top + 1)]
    else:
        raise TypeError(f"points for {kind!r} must be a table, a mapping or a callable, got {table!r}")
    for c, v in enumerate(raw):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError(f"points for {c} {kind!r} must be an int, got {v!r}")
    return tuple(int(v) for v in raw)


def _to_down(tree, fi: int, size: int):
    """Rewrite atoms on feature ``fi`` from r (reaching) to m = size - r (below)."""
    if tree is None:
        return None
    op = tree[0]
    if op == "atom":
        _, i, lo, hi = tree
        if i != fi:
            return tree
        return ("atom_down", i, None if hi is None else size - hi, None if lo is None else size - lo,
                lo, hi)
    if op in ("all", "any"):
        return (op, tuple(_to_down(p, fi, size) for p in tree[1]))
    if op == "not":
        return ("not", _to_down(tree[1], fi, size))
    return tree  # atom_down already


def _from_down(tree, features):
    """The tree in natural values (undo :func:`_to_down`) for simulated arrays."""
    if tree is None:
        return None
    op = tree[0]
    if op == "atom_down":
        return ("atom", tree[1], tree[4], tree[5])
    if op in ("all", "any"):
        return (op, tuple(_from_down(p, features) for p in tree[1]))
    if op == "not":
        return ("not", _from_down(tree[1], features))
    return tree


def _scalar(tree, features) -> Callable[[tuple], bool]:
    """Predicate over an engine state (capped, tracked values)."""
    op = tree[0]
    if op in ("atom", "atom_down"):
        i, lo, hi = tree[1], tree[2], tree[3]
        if lo is None and hi is None:
            return lambda s: True
        if lo is None:
            return lambda s: s[i] <= hi
        if hi is None:
            return lambda s: s[i] >= lo
        return lambda s: lo <= s[i] <= hi
    if op == "not":
        inner = _scalar(tree[1], features)
        return lambda s: not inner(s)
    parts = [_scalar(p, features) for p in tree[1]]
    if op == "all":
        return lambda s: all(p(s) for p in parts)
    return lambda s: any(p(s) for p in parts)


def _vector(tree, values: list[np.ndarray]) -> np.ndarray:
    op = tree[0]
    if op == "atom":
        v, lo, hi = values[tree[1]], tree[2], tree[3]
        out = np.ones(v.shape, dtype=bool)
        if lo is not None:
            out &= v >= lo
        if hi is not None:
            out &= v <= hi
        return out
    if op == "not":
        return ~_vector(tree[1], values)
    parts = [_vector(p, values) for p in tree[1]]
    out = parts[0].copy()
    for p in parts[1:]:
        if op == "all":
            out &= p
        else:
            out |= p
    return out


def monotone_problem(plan: Plan) -> str | None:
    """Text of a part of the condition that can turn false again as draws go on, else None.

    Counts and kinds-reaching-``k`` only grow with more draws, so a condition stays
    true once met when, pushed to negation normal form, every comparison is a lower
    bound (an upper bound at or above the largest possible value is harmless).
    """
    def walk(node, negated: bool) -> str | None:
        op = node[0]
        if op == "not":
            return walk(node[1], not negated)
        if op in ("all", "any"):
            for p in node[1]:
                bad = walk(p, negated)
                if bad:
                    return bad
            return None
        _, fi, lo, hi = ("atom", node[1], node[4], node[5]) if op == "atom_down" else node
        f = plan.features[fi]
        if f.kind == "score":
            return "a score"
        vmax = f.vmax
        # negated: value < lo or value > hi, and "value < lo" is the upper bound lo - 1
        upper = (None if lo is None or lo <= 0 else lo - 1) if negated else hi
        if upper is not None and (vmax is None or upper < vmax):
            return "an upper bound"
        return None
    return walk(plan.tree, False)
