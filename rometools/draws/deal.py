"""Several hands (displays, market rows, turns) dealt at once from one bag.

Dealing ``h_1, ..., h_m`` tokens from a shuffled bag of ``N`` leaves ``r = N - sum h``
undealt. Token ``i``'s kind is spread over the hands and the rest, and the
probability of a whole deal (kinds x hands) is
``prod_kinds multinomial(s_k; a_k1, ..., a_kr) / multinomial(N; h_1, ..., h_m, r)``.
Turn order is a deal too: with 3 players taking one tile each in turn from a stack
of 12, the tiles a player gets are a hand of 4 (``deal([4, 4, 4])``), whichever
seat they sit in.

Joint questions go through a dynamic programme over kinds whose state is, per hand
with a condition, how full it is and the (capped) features its condition reads;
hands with the same size and the same condition are interchangeable, so their
states are kept sorted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, prod
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._engine import MAX_STATES, TooLargeError, Work, _combiner
from rometools.draws._plan import BagBase, Plan, check_int, resolve_selector
from rometools.draws.conditions import Condition
from rometools.draws.draw import Draw
from rometools.draws.simulate import batches, check_trials, compact_dtype, row_bincount

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["Deal", "SimulatedDeal"]

#: Most ways to split a selection over the hands that :meth:`Deal.split` lists.
MAX_SPLITS = 2_000_000
#: Estimated seconds to spread one kind over the hands from one state in one way (measured:
#: about 1 microsecond on this kind of machine; rounded up).
_SPREAD_SECONDS = 1.5e-6


@dataclass(frozen=True)
class Deal:
    """Hands of fixed sizes dealt at once from one bag (the rest stays undealt).

    Build it with :meth:`Bag.deal`. Each hand alone is a plain draw
    (:meth:`hand`); the joint questions are :meth:`split` (how a selection spreads
    over the hands), :meth:`prob` (one condition per hand, all met),
    :meth:`prob_all` and :meth:`prob_any`.

    Attributes
    ----------
    bag : Bag
    sizes : tuple of int
        Tokens per hand (tokens), in hand order.

    Raises
    ------
    ValueError
        If a size is negative or the hands need more tokens than the bag holds.

    Examples
    --------
    Four players get 5 cards each from 52 (13 ranks of 4). How likely is it that
    some opponent (hands 1 to 3) holds a pair or better?

    >>> from rometools.draws import Bag, any_at_least
    >>> deal = Bag({rank: 4 for rank in "A23456789TJQK"}).deal([5, 5, 5, 5])
    >>> p = deal.prob_any(any_at_least(2), hands=[1, 2, 3])
    >>> round(float(p), 4)
    0.867
    >>> Bag({"a": 3}).deal([2, 2])
    Traceback (most recent call last):
    ...
    ValueError: cannot deal hands of [2, 2] (4 tokens) from a bag of 3
    """

    bag: BagBase
    sizes: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.bag, BagBase):
            raise TypeError(f"Deal needs a Bag, got {self.bag!r}")
        sizes = tuple(check_int(h, "a hand size") for h in self.sizes)
        if any(h < 0 for h in sizes):
            raise ValueError(f"hand sizes must be >= 0 tokens, got {list(sizes)}")
        if sum(sizes) > self.bag.total:
            raise ValueError(f"cannot deal hands of {list(sizes)} ({sum(sizes)} tokens) "
                             f"from a bag of {self.bag.total}")
        object.__setattr__(self, "sizes", sizes)

    @property
    def rest(self) -> int:
        """Tokens left undealt (tokens)."""
        return self.bag.total - sum(self.sizes)

    def _hand_index(self, i: int) -> int:
        i = check_int(i, "hand")
        if not 0 <= i < len(self.sizes):
            raise ValueError(f"hand {i} does not exist: hands are 0 to {len(self.sizes) - 1}")
        return i

    def hand(self, i: int) -> Draw:
        """Hand ``i`` alone: a uniform draw of its size (every hand is one).

        Examples
        --------
        >>> from rometools.draws import Bag
        >>> Bag({"yellow": 4, "other": 16}).deal([4] * 5).hand(2).law("yellow")[0]
        Fraction(364, 969)
        """
        return Draw(self.bag, self.sizes[self._hand_index(i)])

    # ------------------------------------------------------------ split
    def split(self, sel: object, *, sort: bool = False) -> dict[tuple[int, ...], Fraction]:
        """Exact joint law of the selected tokens in each hand.

        Parameters
        ----------
        sel : kind, collection of kinds, or predicate over a kind
            The tokens followed (pooled).
        sort : bool
            Merge hands: keys become the counts sorted in decreasing order (the
            "2-2" or "1-1-1-1" shape of a split), whatever hand holds what.

        Returns
        -------
        dict[tuple[int, ...], Fraction]
            ``{(count in hand 0, count in hand 1, ...): probability}`` (tokens); the
            tokens not in any hand are the rest.

        Raises
        ------
        ValueError
            Unknown kind.
        TooLargeError
            If there are more than ``MAX_SPLITS`` ways to split.

        Examples
        --------
        5 displays of 4 from 20 tiles with 4 yellow:

        >>> from rometools.draws import Bag
        >>> law = Bag({"yellow": 4, "other": 16}).deal([4] * 5).split("yellow", sort=True)
        >>> law[(2, 2, 0, 0, 0)] + law[(1, 1, 1, 1, 0)]
        Fraction(328, 969)
        """
        bag = self.bag
        index = {k: i for i, k in enumerate(bag.kinds)}
        members = resolve_selector(sel, index, bag.kinds)
        selected = sum(bag._supplies[i] for i in members)
        sizes, rest = self.sizes, self.rest
        room_after = [sum(sizes[j:]) + rest for j in range(len(sizes) + 1)]
        denominator = comb(bag.total, selected)
        out: dict[tuple[int, ...], int] = {}
        seen = 0

        def walk(j: int, left: int, ways: int, counts: tuple[int, ...]) -> None:
            nonlocal seen
            if j == len(sizes):
                if left <= rest:
                    seen += 1
                    if seen > MAX_SPLITS:
                        raise TooLargeError(f"more than {MAX_SPLITS} ways to split {sel!r} over "
                                            f"{len(sizes)} hands; estimate it: deal.simulate(trials, rng=...).split(...)")
                    key = tuple(sorted(counts, reverse=True)) if sort else counts
                    out[key] = out.get(key, 0) + ways * comb(rest, left)
                return
            for y in range(min(left, sizes[j]), -1, -1):
                if left - y > room_after[j + 1]:
                    break
                walk(j + 1, left - y, ways * comb(sizes[j], y), (*counts, y))

        walk(0, selected, 1, ())
        return {key: Fraction(w, denominator) for key, w in sorted(out.items(), reverse=True) if w}

    # ------------------------------------------------------------ joint conditions
    def prob(self, conditions: Sequence[Condition | None]) -> Fraction:
        """Exact probability that every hand meets its own condition.

        Parameters
        ----------
        conditions : sequence of Condition or None
            One per hand, in hand order; ``None`` puts no condition on that hand.

        Returns
        -------
        Fraction

        Raises
        ------
        ValueError
            If the number of conditions differs from the number of hands, or a
            condition names a kind the bag does not hold.
        TooLargeError
            If the joint state space is too large (the message points at :meth:`simulate`).

        Examples
        --------
        Two players get 3 tiles each from 4 red and 4 blue: both hands mixed?

        >>> from rometools.draws import Bag, present
        >>> mixed = present("red") & present("blue")
        >>> Bag({"red": 4, "blue": 4}).deal([3, 3]).prob([mixed, mixed])
        Fraction(27, 35)
        """
        conditions = list(conditions)
        if len(conditions) != len(self.sizes):
            raise ValueError(f"give one condition (or None) per hand: {len(self.sizes)} hands, "
                             f"got {len(conditions)} conditions")
        for c in conditions:
            if c is not None and not isinstance(c, Condition):
                raise TypeError(f"expected a condition or None per hand, got {c!r}")
        active = [j for j, c in enumerate(conditions) if c is not None]
        if not active:
            return Fraction(1)
        return self._joint([self.sizes[j] for j in active], [conditions[j] for j in active])

    def prob_all(self, condition: Condition, hands: Iterable[int] | None = None) -> Fraction:
        """Exact probability that every listed hand (default all) meets ``condition``.

        Examples
        --------
        >>> from rometools.draws import Bag, present
        >>> Bag({"red": 4, "blue": 4}).deal([3, 3]).prob_all(present("red"))
        Fraction(6, 7)
        """
        chosen = self._hands(hands)
        return self.prob([condition if j in chosen else None for j in range(len(self.sizes))])

    def prob_any(self, condition: Condition, hands: Iterable[int] | None = None) -> Fraction:
        """Exact probability that at least one listed hand (default all) meets ``condition``.

        Examples
        --------
        >>> from rometools.draws import Bag, at_least
        >>> Bag({"red": 4, "blue": 4}).deal([3, 3]).prob_any(at_least("red", 3))
        Fraction(1, 7)
        """
        return 1 - self.prob_all(~condition, hands)

    def _hands(self, hands: Iterable[int] | None) -> set[int]:
        if hands is None:
            return set(range(len(self.sizes)))
        return {self._hand_index(j) for j in hands}

    def _joint(self, sizes: list[int], conditions: list[Condition]) -> Fraction:
        """P(hand j of ``sizes[j]`` meets ``conditions[j]`` for all j); other tokens are free."""
        bag = self.bag
        kinds, supplies, total = bag.kinds, bag._supplies, bag.total
        free = total - sum(sizes)
        plans: list[Plan] = []
        cache: dict[tuple[int, int], Plan] = {}
        groups: list[int] = []
        for h, cond in zip(sizes, conditions, strict=True):
            key = (h, id(cond))
            if key not in cache:
                cache[key] = Plan(kinds, supplies, [min(s, h) for s in supplies], condition=cond)
                # hands with equal size and the same condition object are interchangeable
            plans.append(cache[key])
            groups.append(list(cache).index(key))
        combine = [_combiner(p.caps) for p in plans]
        runs = [[j for j, g in enumerate(groups) if g == gid] for gid in sorted(set(groups))]

        # kinds that only feed pooled counts (or nothing) merge into one kind per role
        order: dict[tuple, list[int]] = {}
        for i, s in enumerate(supplies):
            roles = tuple(p.membership[i] for p in plans)
            individual = any(m and f.kind != "count"
                             for p, role in zip(plans, roles, strict=True)
                             for m, f in zip(role, p.features, strict=True))
            key = ("kind", i) if individual else ("pool", roles)
            entry = order.setdefault(key, [i, 0])
            entry[1] += s

        def canonical(state: tuple) -> tuple:
            if all(len(r) == 1 for r in runs):
                return state
            out = list(state)
            for run in runs:
                if len(run) > 1:
                    for j, sub in zip(run, sorted(state[j] for j in run), strict=True):
                        out[j] = sub
            return tuple(out)

        start = tuple((0, tuple(0 for _ in p.features)) for p in plans)
        dp: dict[tuple, int] = {start: 1}
        processed = 0
        hands = range(len(sizes))
        work = Work(f"the joint law of {len(sizes)} hands",
                    "estimate it: deal.simulate(trials, rng=...).prob(...)")
        _forecast(work, plans, sizes, combine, runs, list(order.values()))
        for rep, supply in order.values():
            # price the kind before dealing it out: every state times every way to spread it
            spreads = min(prod(min(supply, h) + 1 for h in sizes), comb(supply + len(sizes), len(sizes)))
            work.spend(len(dp) * spreads * _SPREAD_SECONDS,
                       f" for {len(dp):,} states times {spreads:,} ways to spread a kind over the hands")
            # hand j's sub-state after a tokens of this kind, cached per (j, sub-state, a)
            deltas = [[p.delta(rep, a) if p.features else () for a in range(min(supply, h) + 1)]
                      for p, h in zip(plans, sizes, strict=True)]
            moves: dict[tuple, tuple] = {}

            def move(j: int, sub: tuple, a: int, deltas=deltas, moves=moves) -> tuple:
                key = (j, sub, a)
                if key not in moves:
                    fill, fs = sub
                    moves[key] = (fill + a, combine[j](fs, deltas[j][a]) if fs else ())
                return moves[key]

            new: dict[tuple, int] = {}
            for state, weight in dp.items():
                room = free - (processed - sum(fill for fill, _ in state))
                partial = [((), supply, weight)]
                for j in hands:
                    sub = state[j]
                    space = sizes[j] - sub[0]
                    partial = [((*done, move(j, sub, a)), left - a, w * comb(left, a))
                               for done, left, w in partial for a in range(min(left, space) + 1)]
                for done, left, w in partial:
                    if left <= room:
                        new[done] = new.get(done, 0) + w
            dp = {}
            for state, weight in new.items():
                key = canonical(state)
                dp[key] = dp.get(key, 0) + weight
            if len(dp) > MAX_STATES:
                raise TooLargeError(f"the joint law of {len(sizes)} hands needs more than {MAX_STATES} "
                                    f"states; estimate it: deal.simulate(trials, rng=...).prob(...)")
            processed += supply
        ways = sum(weight for state, weight in dp.items()
                   if all(fill == h and p.predicate(fs)
                          for (fill, fs), h, p in zip(state, sizes, plans, strict=True)))
        denominator = factorial(total) // (factorial(free) * _prod_factorials(sizes))
        return Fraction(ways, denominator)

    def simulate(self, trials: int = 10_000, *, rng: RngLike = None,
                 confidence: float = 0.95) -> SimulatedDeal:
        """The Monte Carlo twin: ``trials`` seeded deals, with the same question methods.

        Examples
        --------
        >>> from rometools.draws import Bag
        >>> deal = Bag({"yellow": 4, "other": 16}).deal([4] * 5)
        >>> est = deal.simulate(4000, rng=5).split("yellow", sort=True)[(2, 2, 0, 0, 0)]
        >>> est.contains(deal.split("yellow", sort=True)[(2, 2, 0, 0, 0)])
        True
        """

        return SimulatedDeal(self, trials, rng=rng, confidence=confidence)


def _forecast(work: Work, plans: list[Plan], sizes: list[int], combine: list, runs: list[list[int]],
              kinds: list[list[int]]) -> None:
    """Refuse at once a deal whose work is bound to exceed the budget many times over.

    Each hand alone reaches few sub-states (fill, capped features) after each kind, found
    by a small walk over the kinds; interchangeable hands hold a multiset of them. Their
    product bounds the joint states, and states times the ways to spread the next kind
    bounds the work. The bound is loose (a few times the real work), so only a forecast
    over ten budgets refuses here; the meter in the loop prices the rest exactly.
    """
    reach: dict[int, list[int]] = {}  # hand -> reachable sub-states after each kind
    for j, (p, h) in enumerate(zip(plans, sizes, strict=True)):
        twin = next((i for i in range(j) if plans[i] is p and sizes[i] == h), None)
        if twin is not None:
            reach[j] = reach[twin]
            continue
        subs = {(0, tuple(0 for _ in p.features))}
        counts = []
        for rep, supply in kinds:
            deltas = [p.delta(rep, a) if p.features else () for a in range(min(supply, h) + 1)]
            subs = {(fill + a, combine[j](fs, deltas[a]) if fs else ())
                    for fill, fs in subs for a in range(min(supply, h - fill) + 1)}
            counts.append(len(subs))
            if len(subs) > MAX_STATES:
                counts.extend([len(subs)] * (len(kinds) - len(counts)))
                break
        reach[j] = counts
    seconds, states = 0.0, 1
    for i, (_, supply) in enumerate(kinds):
        spreads = min(prod(min(supply, h) + 1 for h in sizes), comb(supply + len(sizes), len(sizes)))
        seconds += states * spreads * _SPREAD_SECONDS
        states = prod(comb(reach[run[0]][i] + len(run) - 1, len(run)) for run in runs)
    if seconds > 10 * work.budget:
        work.spend(seconds, " before the first kind is dealt (a bound from each hand alone)")


def _prod_factorials(values: Iterable[int]) -> int:
    out = 1
    for v in values:
        out *= factorial(v)
    return out


class SimulatedDeal:
    """``trials`` seeded deals of one :class:`~rometools.draws.Deal`.

    Attributes
    ----------
    hand_counts : numpy.ndarray, shape (trials, hands, kinds)
        Tokens of each kind in each hand of each simulated deal.

    Examples
    --------
    >>> from rometools.draws import Bag, present
    >>> deal = Bag({"red": 4, "blue": 4}).deal([3, 3])
    >>> deal.simulate(3000, rng=2).prob_all(present("red")).contains(deal.prob_all(present("red")))
    True
    """

    def __init__(self, deal: Deal, trials: int = 10_000, *, rng: RngLike = None,
                 confidence: float = 0.95):
        self.deal = deal
        supplies = np.asarray(deal.bag._supplies, dtype=np.int64)
        k = len(supplies)
        dtype = compact_dtype(max(deal.sizes, default=0))
        self.trials = check_trials(trials, per_trial=len(deal.sizes) * k, itemsize=dtype.itemsize)
        self.confidence = confidence
        gen = as_generator(rng)
        tokens = np.repeat(np.arange(k), supplies)
        dealt = sum(deal.sizes)
        out = np.zeros((self.trials, len(deal.sizes), k), dtype=dtype)
        for start, stop in batches(self.trials, 2 * tokens.size + len(deal.sizes) * k):
            seqs = gen.permuted(np.tile(tokens, (stop - start, 1)), axis=1)[:, :dealt]
            offset = 0
            for j, h in enumerate(deal.sizes):
                out[start:stop, j] = row_bincount(seqs[:, offset:offset + h], k)
                offset += h
        self.hand_counts = out

    def split(self, sel: object, *, sort: bool = False) -> dict[tuple[int, ...], ProportionEstimate]:
        """Simulated joint law of the selected tokens per hand (see :meth:`Deal.split`)."""
        bag = self.deal.bag
        members = list(resolve_selector(sel, {k: i for i, k in enumerate(bag.kinds)}, bag.kinds))
        per_hand = self.hand_counts[..., members].sum(axis=-1, dtype=np.int64)
        if sort:
            per_hand = -np.sort(-per_hand, axis=1)
        found, hits = np.unique(per_hand, axis=0, return_counts=True)
        return {tuple(int(v) for v in row): proportion_estimate(int(c), self.trials, confidence=self.confidence)
                for row, c in sorted(zip(found.tolist(), hits, strict=True), reverse=True)}

    def _meets(self, j: int, condition: Condition) -> np.ndarray:
        bag, h = self.deal.bag, self.deal.sizes[j]
        plan = Plan(bag.kinds, bag._supplies, [min(s, h) for s in bag._supplies], condition=condition)
        return np.concatenate([plan.mask(self.hand_counts[start:stop, j, :].astype(np.int64))
                               for start, stop in batches(self.trials, 4 * self.hand_counts.shape[2] + 4)])

    def prob(self, conditions: Sequence[Condition | None]) -> ProportionEstimate:
        """Share of deals where every hand meets its condition (``None``: no condition)."""
        conditions = list(conditions)
        if len(conditions) != len(self.deal.sizes):
            raise ValueError(f"give one condition (or None) per hand: {len(self.deal.sizes)} hands, "
                             f"got {len(conditions)} conditions")
        ok = np.ones(self.trials, dtype=bool)
        for j, cond in enumerate(conditions):
            if cond is not None:
                ok &= self._meets(j, cond)
        return proportion_estimate(int(ok.sum()), self.trials, confidence=self.confidence)

    def prob_all(self, condition: Condition, hands: Iterable[int] | None = None) -> ProportionEstimate:
        """Share of deals where every listed hand (default all) meets ``condition``."""
        chosen = self.deal._hands(hands)
        return self.prob([condition if j in chosen else None for j in range(len(self.deal.sizes))])

    def prob_any(self, condition: Condition, hands: Iterable[int] | None = None) -> ProportionEstimate:
        """Share of deals where at least one listed hand (default all) meets ``condition``."""
        any_ok = np.zeros(self.trials, dtype=bool)
        for j in self.deal._hands(hands):
            any_ok |= self._meets(j, condition)
        return proportion_estimate(int(any_ok.sum()), self.trials, confidence=self.confidence)
