"""Monte Carlo twins of every exact draw question, each estimate with its interval.

``draw.simulate(trials, rng=...)``, ``until.simulate(...)`` and ``deal.simulate(...)``
sample once (numpy, seeded per SPEC 7) and answer the same questions as their exact
counterparts: probabilities as :class:`~rometools.core.stats.ProportionEstimate`
(Wilson interval), means as :class:`MeanEstimate` (Student t interval). Put the two
side by side to check the exact engine, or use the simulation where the exact law is
too large (:class:`~rometools.draws.TooLargeError`).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.rng import RngLike, as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._plan import Plan, resolve_selector
from rometools.draws.conditions import Condition, as_statistic

if TYPE_CHECKING:
    from rometools.draws.bag import Bag, Draw
    from rometools.draws.deal import Deal
    from rometools.draws.until import DrawsUntil

__all__ = ["MeanEstimate", "SimulatedBag", "SimulatedDeal", "SimulatedDraw", "SimulatedDrawsUntil",
           "mean_estimate"]

#: Cells (trials x draws x kinds) handled per batch when sampling whole sequences.
_BATCH_CELLS = 4_000_000


@dataclass(frozen=True)
class MeanEstimate:
    """A simulated mean with its Student t confidence interval.

    Attributes
    ----------
    mean : float
        Sample mean (the statistic's unit: tokens, kinds, points or draws).
    low, high : float
        Bounds of the t interval at ``confidence``.
    sd : float
        Sample standard deviation.
    trials : int
    confidence : float
    """

    mean: float
    low: float
    high: float
    sd: float
    trials: int
    confidence: float

    def contains(self, value: float) -> bool:
        """True when ``value`` lies inside the interval (bounds included)."""
        return self.low <= float(value) <= self.high


def mean_estimate(samples: Sequence[float] | np.ndarray, *, confidence: float = 0.95) -> MeanEstimate:
    """Mean of simulated values with a Student t interval.

    Parameters
    ----------
    samples : array-like of numbers
        At least 2 values.
    confidence : float
        In (0, 1).

    Raises
    ------
    ValueError
        Fewer than 2 samples, or ``confidence`` outside (0, 1).

    Examples
    --------
    >>> e = mean_estimate([1, 2, 3, 4])
    >>> e.mean, round(e.low, 3), round(e.high, 3)
    (2.5, 0.446, 4.554)
    """
    values = np.asarray(samples, dtype=float)
    if values.size < 2:
        raise ValueError(f"a mean estimate needs at least 2 samples, got {values.size}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")
    # scipy.stats is imported here, not with the module: it takes about 1 s of CPU to import
    from scipy.stats import t as student_t

    mean = float(values.mean())
    sd = float(values.std(ddof=1))

    half = float(student_t.ppf((1 + confidence) / 2, df=values.size - 1)) * sd / math.sqrt(values.size)
    return MeanEstimate(mean, mean - half, mean + half, sd, int(values.size), confidence)


def _check_trials(trials: object) -> int:
    if isinstance(trials, bool) or not isinstance(trials, numbers.Integral) or trials < 2:
        raise ValueError(f"trials must be an int >= 2, got {trials!r}")
    return int(trials)


def _row_bincount(kinds: np.ndarray, n_kinds: int) -> np.ndarray:
    """Counts per kind for each row of an int array of kind indices -> (rows, n_kinds)."""
    rows = kinds.shape[0]
    offset = (np.arange(rows)[:, None] * n_kinds + kinds).ravel()
    return np.bincount(offset, minlength=rows * n_kinds).reshape(rows, n_kinds)


def _proportions(values: np.ndarray, trials: int, confidence: float) -> dict[int, ProportionEstimate]:
    found, hits = np.unique(values, return_counts=True)
    return {int(v): proportion_estimate(int(c), trials, confidence=confidence)
            for v, c in zip(found, hits, strict=True)}


def _statistic_values(plan: Plan, counts: np.ndarray) -> np.ndarray:
    return plan.values(counts)[plan.stat_index]


def _sequences(gen: np.random.Generator, supplies: np.ndarray, total: int, rows: int, length: int,
               replace: bool) -> np.ndarray:
    """``rows`` random draw sequences of ``length`` kind indices (without replacement: prefixes of shuffles)."""
    if replace:
        return np.searchsorted(np.cumsum(supplies), gen.integers(0, total, size=(rows, length)), side="right")
    tokens = np.repeat(np.arange(supplies.size), supplies)
    return gen.permuted(np.tile(tokens, (rows, 1)), axis=1)[:, :length]


class SimulatedBag:
    """``trials`` seeded draw sequences from a bag: the twin of :meth:`Bag.prob_curve`.

    Attributes
    ----------
    sequences : numpy.ndarray, shape (trials, max_draws)
        Kind index (bag order) of each draw of each sequence.

    Examples
    --------
    >>> from rometools.draws import Bag, present
    >>> bag = Bag({"six": 1, "other": 5})
    >>> curve = bag.simulate(2000, rng=1, replace=True, max_draws=6).prob_curve(present("six"))
    >>> curve[6].contains(bag.prob_curve(present("six"), replace=True, max_draws=6)[6])
    True
    """

    def __init__(self, bag: Bag, trials: int = 10_000, *, rng: RngLike = None, replace: bool = False,
                 max_draws: int | None = None, confidence: float = 0.95):
        self.bag = bag
        self.trials = _check_trials(trials)
        self.replace = replace
        self.confidence = confidence
        if replace and max_draws is None:
            raise ValueError("draws with replacement never run out: pass max_draws")
        if replace and not bag.total:
            raise ValueError("cannot draw with replacement from an empty bag")
        length = bag.total if max_draws is None else int(max_draws)
        if length < 0 or (not replace and length > bag.total):
            raise ValueError(f"max_draws must be 0 to {bag.total} (the bag), got {max_draws}")
        supplies = np.asarray(bag._supplies, dtype=np.int64)
        self.sequences = _sequences(as_generator(rng), supplies, bag.total, self.trials, length, replace)

    def prob_curve(self, condition: Condition) -> dict[int, ProportionEstimate]:
        """``{n: share of sequences meeting the condition after n draws}``, with Wilson intervals."""
        bag = self.bag
        length = self.sequences.shape[1]
        maxc = ([length if s else 0 for s in bag._supplies] if self.replace
                else [min(s, length) for s in bag._supplies])
        plan = Plan(bag.kinds, bag._supplies, maxc, condition=condition)
        k = len(bag._supplies)
        hits = np.zeros(length + 1, dtype=np.int64)
        batch = max(1, _BATCH_CELLS // max(1, length * k))
        kind_ids = np.arange(k)
        for start in range(0, self.trials, batch):
            seqs = self.sequences[start:start + batch]
            cum = np.zeros((seqs.shape[0], length + 1, k), dtype=np.int64)
            cum[:, 1:, :] = np.cumsum(seqs[..., None] == kind_ids, axis=1)
            hits += plan.mask(cum).sum(axis=0)
        return {n: proportion_estimate(int(h), self.trials, confidence=self.confidence)
                for n, h in enumerate(hits)}


class SimulatedDraw:
    """``trials`` seeded draws of one :class:`~rometools.draws.Draw`, asked the same questions.

    Build it with :meth:`Draw.simulate`. The draws are sampled once
    (``Generator.multivariate_hypergeometric`` without replacement, uniform token
    indices with replacement) and every question reads the same sample.

    Attributes
    ----------
    counts : numpy.ndarray, shape (trials, kinds)
        Tokens of each kind (bag order) in each simulated draw.

    Examples
    --------
    >>> from rometools.draws import Bag, n_distinct
    >>> sim = Bag({"red": 3, "green": 2, "yellow": 1}).draw(3).simulate(2000, rng=4)
    >>> sim.counts.shape
    (2000, 3)
    >>> sim.law(n_distinct())[2].contains(13 / 20)
    True
    """

    def __init__(self, draw: Draw, trials: int = 10_000, *, rng: RngLike = None,
                 confidence: float = 0.95):
        self.draw = draw
        self.trials = _check_trials(trials)
        self.confidence = confidence
        gen = as_generator(rng)
        supplies = np.asarray(draw.bag._supplies, dtype=np.int64)
        n, k = draw.n, len(supplies)
        if n == 0 or k == 0:
            self.counts = np.zeros((self.trials, k), dtype=np.int64)
        elif draw.replace:
            picks = gen.integers(0, draw.bag.total, size=(self.trials, n))
            self.counts = _row_bincount(np.searchsorted(np.cumsum(supplies), picks, side="right"), k)
        else:
            self.counts = gen.multivariate_hypergeometric(supplies, n, size=self.trials)

    def _plan(self, condition=None, statistic=None) -> Plan:
        d = self.draw
        return Plan(d.bag.kinds, d.bag._supplies, d._maxc(), condition, statistic)

    def prob(self, condition: Condition) -> ProportionEstimate:
        """Share of the simulated draws meeting ``condition``, with its Wilson interval."""
        hits = int(self._plan(condition).mask(self.counts).sum())
        return proportion_estimate(hits, self.trials, confidence=self.confidence)

    def law(self, x: object) -> dict[int, ProportionEstimate]:
        """Simulated law of a count, statistic or score: ``{value seen: estimate}``."""
        values = _statistic_values(self._plan(statistic=as_statistic(x)), self.counts)
        return _proportions(values, self.trials, self.confidence)

    def mean(self, x: object) -> MeanEstimate:
        """Simulated mean of a count, statistic or score, with its t interval."""
        values = _statistic_values(self._plan(statistic=as_statistic(x)), self.counts)
        return mean_estimate(values, confidence=self.confidence)


class SimulatedDrawsUntil:
    """``trials`` seeded runs of one :class:`~rometools.draws.DrawsUntil`.

    Attributes
    ----------
    samples : numpy.ndarray, shape (trials,)
        Draws needed in each run (draws).

    Raises
    ------
    ValueError
        If a run never meets the condition (the whole bag drawn, or ``max_draws``
        draws with replacement).

    Examples
    --------
    >>> from rometools.draws import Bag, n_distinct
    >>> until = Bag({s: 13 for s in "SHDC"}).draws_until(n_distinct() >= 4)
    >>> sim = until.simulate(3000, rng=8)
    >>> sim.mean().contains(until.mean()), sim.cdf(4).contains(until.cdf(4))
    (True, True)
    """

    def __init__(self, until: DrawsUntil, trials: int = 10_000, *, rng: RngLike = None,
                 confidence: float = 0.95, max_draws: int = 100_000):
        self.until = until
        self.trials = _check_trials(trials)
        self.confidence = confidence
        gen = as_generator(rng)
        plan = until._plan
        supplies = np.asarray(until.bag._supplies, dtype=np.int64)
        k = len(supplies)
        kind_ids = np.arange(k)
        out = np.full(self.trials, -1, dtype=np.int64)
        counts = np.zeros((self.trials, k), dtype=np.int64)
        out[plan.mask(counts)] = 0
        if until.replace:
            cum_supply = np.cumsum(supplies)
            t, block = 0, 32
            while (out < 0).any():
                if t >= max_draws:
                    raise ValueError(f"{until.condition!r} still unmet after max_draws={max_draws} draws "
                                     f"in {(out < 0).sum()} of {self.trials} runs")
                todo = np.flatnonzero(out < 0)
                length = min(block, max_draws - t)
                picks = gen.integers(0, until.bag.total, size=(todo.size, length))
                kinds = np.searchsorted(cum_supply, picks, side="right")
                cum = counts[todo][:, None, :] + np.cumsum(kinds[..., None] == kind_ids, axis=1)
                met = plan.mask(cum)
                hit = met.any(axis=1)
                out[todo[hit]] = t + 1 + met.argmax(axis=1)[hit]
                counts[todo] = cum[:, -1, :]
                t += length
                block = min(block * 2, 4096)
        else:
            total = until.bag.total
            todo = np.flatnonzero(out < 0)
            batch = max(1, _BATCH_CELLS // max(1, total * k))
            for start in range(0, todo.size, batch):
                rows = todo[start:start + batch]
                seqs = _sequences(gen, supplies, total, rows.size, total, replace=False)
                cum = np.cumsum(seqs[..., None] == kind_ids, axis=1)
                met = plan.mask(cum)
                hit = met.any(axis=1)
                if not hit.all():
                    raise ValueError(f"{until.condition!r} is still unmet after drawing all "
                                     f"{total} tokens in some simulated runs")
                out[rows] = 1 + met.argmax(axis=1)
        self.samples = out

    def mean(self) -> MeanEstimate:
        """Simulated mean number of draws, with its t interval."""
        return mean_estimate(self.samples, confidence=self.confidence)

    def cdf(self, n: int) -> ProportionEstimate:
        """Share of runs met within ``n`` draws, with its Wilson interval."""
        return proportion_estimate(int((self.samples <= n).sum()), self.trials, confidence=self.confidence)

    def survival(self, t: int) -> ProportionEstimate:
        """Share of runs still unmet after ``t`` draws, with its Wilson interval."""
        return proportion_estimate(int((self.samples > t).sum()), self.trials, confidence=self.confidence)

    def pmf(self) -> dict[int, ProportionEstimate]:
        """``{draws seen: estimate}`` for every number of draws that occurred."""
        return _proportions(self.samples, self.trials, self.confidence)

    def quantile(self, p: float) -> int:
        """Smallest ``n`` with a simulated share ``P(T <= n) >= p`` (a point estimate)."""
        if not 0 < p <= 1:
            raise ValueError(f"p must be in (0, 1], got {p!r}")
        return int(np.quantile(self.samples, float(p), method="inverted_cdf"))


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
        self.trials = _check_trials(trials)
        self.confidence = confidence
        gen = as_generator(rng)
        supplies = np.asarray(deal.bag._supplies, dtype=np.int64)
        k = len(supplies)
        tokens = np.repeat(np.arange(k), supplies)
        dealt = sum(deal.sizes)
        out = np.zeros((self.trials, len(deal.sizes), k), dtype=np.int64)
        batch = max(1, _BATCH_CELLS // max(1, tokens.size))
        for start in range(0, self.trials, batch):
            rows = min(batch, self.trials - start)
            seqs = gen.permuted(np.tile(tokens, (rows, 1)), axis=1)[:, :dealt]
            offset = 0
            for j, h in enumerate(deal.sizes):
                out[start:start + rows, j] = _row_bincount(seqs[:, offset:offset + h], k)
                offset += h
        self.hand_counts = out

    def split(self, sel: object, *, sort: bool = False) -> dict[tuple[int, ...], ProportionEstimate]:
        """Simulated joint law of the selected tokens per hand (see :meth:`Deal.split`)."""
        bag = self.deal.bag
        members = list(resolve_selector(sel, {k: i for i, k in enumerate(bag.kinds)}, bag.kinds))
        per_hand = self.hand_counts[..., members].sum(axis=-1)
        if sort:
            per_hand = -np.sort(-per_hand, axis=1)
        found, hits = np.unique(per_hand, axis=0, return_counts=True)
        return {tuple(int(v) for v in row): proportion_estimate(int(c), self.trials, confidence=self.confidence)
                for row, c in sorted(zip(found.tolist(), hits, strict=True), reverse=True)}

    def _meets(self, j: int, condition: Condition) -> np.ndarray:
        bag, h = self.deal.bag, self.deal.sizes[j]
        plan = Plan(bag.kinds, bag._supplies, [min(s, h) for s in bag._supplies], condition=condition)
        return plan.mask(self.hand_counts[:, j, :])

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
