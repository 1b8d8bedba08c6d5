"""How many draws until a condition is met: the exact law, mean and quantiles.

``bag.draws_until(cond)`` draws one token at a time until ``cond`` holds. For a
condition that stays true once met, ``P(T > t)`` is the probability that the
first ``t`` tokens do *not* meet it, so one pass of the exact engine over the
whole bag gives the law at every ``t`` at once (the series' coefficients are the
``t``). With replacement the draws never run out; the engine then works in
continuous time (Poissonised draws) and the mean comes out as a finite sum.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.formatting import shown
from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._engine import HyperRing, PoissonRing, TooLargeError, joint, total_probability
from rometools.draws._plan import BagBase, Plan, check_int, monotone_problem
from rometools.draws.conditions import Condition
from rometools.draws.simulate import (
    MeanEstimate,
    batches,
    check_trials,
    compact_dtype,
    histogram,
    law_from_histogram,
    mean_from_histogram,
    sequences,
)

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["DrawsUntil", "SimulatedDrawsUntil"]

#: With replacement: the most draws ``survival`` / ``cdf`` answer exactly (each is a sum of
#: ``lam^t`` terms: 0.04 s at 10,000 draws, 4 s at 100,000), and the most ``pmf`` and
#: ``quantile`` walk through (every draw up to it: about 1 s at 2,000).
MAX_EXACT_DRAWS = 20_000
MAX_QUANTILE_DRAWS = 2_000
#: Most draws one simulated run may take with replacement (``simulate(max_draws=...)``).
MAX_SIMULATED_DRAWS = 1_000_000
#: Most draws a simulation samples in all (runs x draws) before it stops with an error.
MAX_SIMULATION_WORK = 60_000_000


@dataclass(frozen=True)
class DrawsUntil:
    """The number of draws ``T`` until a condition that stays true once met.

    Build it with :meth:`Bag.draws_until`. ``T = 0`` when the condition holds before
    any draw.

    Attributes
    ----------
    bag : Bag
    condition : Condition
        Must stay true once met: built from lower bounds (``at_least``, ``present``,
        ``n_distinct() >= k``, ``any_at_least``, ``~some_absent()``) with ``&`` and
        ``|``.
    replace : bool
        Draws with replacement (then ``T`` has no upper bound).

    Raises
    ------
    ValueError
        If the condition can turn false again as draws go on (``at_most``,
        ``exactly``, ``absent``, ``some_absent``, a score), naming the offending part.

    Examples
    --------
    52 cards, 4 suits of 13: draws until every suit has shown.

    >>> from rometools.draws import Bag, n_distinct, at_most
    >>> until = Bag({s: 13 for s in "SHDC"}).draws_until(n_distinct() >= 4)
    >>> until.mean()
    Fraction(4829, 630)
    >>> until.quantile(Fraction(1, 2)), until.cdf(4)
    (7, Fraction(2197, 20825))
    >>> Bag({"jack": 4, "other": 48}).draws_until(at_most("jack", 1))
    Traceback (most recent call last):
    ...
    ValueError: draws_until needs a condition that stays true once met; at_most('jack', 1) has an upper bound, which more draws can break
    """

    bag: BagBase
    condition: Condition
    replace: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.bag, BagBase):
            raise TypeError(f"DrawsUntil needs a Bag, got {self.bag!r}")
        if not isinstance(self.condition, Condition):
            raise TypeError(f"draws_until needs a condition, got {self.condition!r}")
        if self.replace and not self.bag.total:
            raise ValueError("cannot draw with replacement from an empty bag")
        problem = monotone_problem(self._plan)
        if problem:
            raise ValueError(f"draws_until needs a condition that stays true once met; "
                             f"{self.condition!r} has {problem}, which more draws can break")

    @cached_property
    def _plan(self) -> Plan:
        supplies = self.bag._supplies
        maxc = [(None if s else 0) for s in supplies] if self.replace else list(supplies)
        return Plan(self.bag.kinds, supplies, maxc, condition=self.condition)

    @cached_property
    def _unmet(self):
        """Series of the partial draws that do not meet the condition."""
        plan = self._plan
        ring = PoissonRing(self.bag.total) if self.replace else HyperRing(self.bag.total, self.bag.total)
        law = joint(plan, ring, repr(self.condition))
        unmet = ring.zero
        for state, series in law.items():
            if not plan.predicate(state):
                unmet = ring.add(unmet, series)
        return ring, unmet

    @cached_property
    def _survival(self) -> list[Fraction]:
        """``P(T > t)`` for ``t = 0..N`` (without replacement)."""
        ring, unmet = self._unmet
        ways = ring.coefficients(unmet)
        return [Fraction(w, ring.denominator(t)) for t, w in enumerate(ways)]

    def survival(self, t: int) -> Fraction:
        """``P(T > t)``: the condition is still unmet after ``t`` draws.

        Examples
        --------
        >>> from rometools.draws import Bag, present
        >>> Bag({"x": 1, "y": 3}).draws_until(present("x")).survival(2)
        Fraction(1, 2)
        """
        t = check_int(t, "t (draws)")
        if t < 0:
            return Fraction(1)
        if self.replace:
            if t > MAX_EXACT_DRAWS:
                raise TooLargeError(f"with replacement the exact law is followed to {MAX_EXACT_DRAWS:,} draws, "
                                    f"not {shown(t)}; estimate it instead: until.simulate(trials, rng=...).cdf(n)")
            ring, unmet = self._unmet
            return ring.survival_at(unmet, t) if unmet else Fraction(0)
        survival = self._survival
        return survival[min(t, len(survival) - 1)]

    def _never_met(self) -> Fraction:
        """Probability that the condition is never met."""
        if self.replace:
            ring, unmet = self._unmet
            poly = unmet.get(ring.total, ())
            return poly[0] if poly else Fraction(0)
        return self._survival[-1]

    def _require_met(self) -> None:
        never = self._never_met()
        if never:
            where = "can stay unmet forever" if self.replace else (
                f"is still unmet after drawing all {self.bag.total} tokens")
            raise ValueError(f"{self.condition!r} {where} (probability {never}); "
                             f"ask cdf(n) for the chance it is met within n draws")

    def cdf(self, n: int) -> Fraction:
        """``P(T <= n)``: the condition is met within ``n`` draws.

        Examples
        --------
        >>> from rometools.draws import Bag, at_least
        >>> Bag({"jack": 4, "other": 48}).draws_until(at_least("jack", 3)).cdf(26)
        Fraction(254, 833)
        """
        return 1 - self.survival(n)

    def pmf(self, max_draws: int | None = None) -> dict[int, Fraction]:
        """``{t: P(T = t)}`` (draws), for every ``t`` with non-zero probability.

        Parameters
        ----------
        max_draws : int, optional
            Last ``t`` listed. Required with replacement (``T`` has no last value);
            without replacement the default lists the whole support.

        Raises
        ------
        ValueError
            With replacement and no ``max_draws``; without replacement, if the
            condition can still be unmet once the bag is empty.

        Examples
        --------
        >>> from rometools.draws import Bag, present
        >>> Bag({"x": 1, "y": 3}).draws_until(present("x")).pmf()
        {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4)}
        """
        if max_draws is None:
            if self.replace:
                raise ValueError("with replacement the number of draws has no last value: "
                                 "pass max_draws")
            self._require_met()
            last = self.bag.total
        else:
            last = check_int(max_draws, "max_draws")
            if not self.replace:
                last = min(last, self.bag.total)  # nothing is drawn after the bag is empty
            elif last > MAX_QUANTILE_DRAWS:
                raise TooLargeError(f"with replacement pmf lists at most {MAX_QUANTILE_DRAWS:,} draws, got "
                                    f"max_draws={shown(max_draws)}; estimate it instead: until.simulate(trials, "
                                    f"rng=...).pmf()")
        out = {}
        previous = Fraction(1)
        for t in range(0, last + 1):
            now = self.survival(t)
            if previous != now:
                out[t] = previous - now
            previous = now
        return out

    def mean(self) -> Fraction:
        """Exact expected number of draws (draws): ``sum_t P(T > t)``.

        Raises
        ------
        ValueError
            If the condition can stay unmet (then the mean is infinite).

        Examples
        --------
        13 kinds of 4: mean draws until four of a kind; a die until every face shows.

        >>> from rometools.draws import Bag, any_at_least, n_distinct
        >>> Bag({k: 4 for k in range(13)}).draws_until(any_at_least(4)).mean()
        Fraction(68719476736, 2748462675)
        >>> Bag({face: 1 for face in range(1, 7)}).draws_until(n_distinct() >= 6, replace=True).mean()
        Fraction(147, 10)
        """
        self._require_met()
        if self.replace:
            ring, unmet = self._unmet
            return ring.expected_time(unmet) if unmet else Fraction(0)
        ring, unmet = self._unmet
        return total_probability(ring, dict(enumerate(ring.coefficients(unmet))))

    def quantile(self, p: float | Fraction) -> int:
        """Smallest ``n`` (draws) with ``P(T <= n) >= p``.

        Parameters
        ----------
        p : float or Fraction
            In ``(0, 1]``. A float is converted with ``limit_denominator(10**12)``, so
            ``0.99`` means exactly ``99/100`` (not the binary fraction nearest to it).

        Raises
        ------
        ValueError
            If ``p`` is outside ``(0, 1]`` or the condition is never met with
            probability ``p``.

        Examples
        --------
        How many tiles must a hand hold for a 99% chance of a pair of some colour
        (5 colours of 8 tiles)?

        >>> from rometools.draws import Bag, any_at_least
        >>> Bag({c: 8 for c in "RGBYK"}).draws_until(any_at_least(2)).quantile(0.99)
        6
        """
        q = Fraction(p).limit_denominator(10 ** 12) if isinstance(p, float) else Fraction(p)
        if not 0 < q <= 1:
            raise ValueError(f"p must be in (0, 1], got {p!r}")
        if q > 1 - self._never_met():
            raise ValueError(f"{self.condition!r} is met with probability {1 - self._never_met()} "
                             f"at most, below p={p}")
        last = MAX_QUANTILE_DRAWS if self.replace else self.bag.total
        for t in range(0, last + 1):
            if 1 - self.survival(t) >= q:
                return t
        raise ValueError(f"p={p} is not reached within {last} draws")  # pragma: no cover

    def simulate(self, trials: int = 10_000, *, rng: RngLike = None, confidence: float = 0.95,
                 max_draws: int = 100_000) -> SimulatedDrawsUntil:
        """The Monte Carlo twin: ``trials`` seeded runs, with the same question methods.

        Parameters
        ----------
        trials : int
            Simulated runs, at least 2.
        rng : None, int, SeedSequence, BitGenerator or Generator
            Seed or generator (SPEC 7).
        confidence : float
            Level of the intervals (Wilson for probabilities, Student t for the mean).
        max_draws : int
            With replacement, a run still unmet after this many draws is an error.

        Examples
        --------
        >>> from rometools.draws import Bag, at_least
        >>> until = Bag({"jack": 4, "other": 48}).draws_until(at_least("jack", 3))
        >>> until.simulate(2000, rng=3).mean().contains(until.mean())
        True
        """

        return SimulatedDrawsUntil(self, trials, rng=rng, confidence=confidence, max_draws=max_draws)


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
        draws with replacement), if ``max_draws`` is not 1 to 1,000,000, or if the runs
        together need more than 60,000,000 draws (the condition is too rare to simulate).

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
        max_draws = check_int(max_draws, "max_draws")
        if not 1 <= max_draws <= MAX_SIMULATED_DRAWS:
            raise ValueError(f"max_draws must be 1 to {MAX_SIMULATED_DRAWS:,} draws, got {shown(max_draws)}")
        supplies = np.asarray(until.bag._supplies, dtype=np.int64)
        k, total = len(supplies), until.bag.total
        longest = max_draws if until.replace else total
        self.trials = trials = check_trials(trials, per_trial=k + 1, itemsize=compact_dtype(longest).itemsize)
        self.confidence = confidence
        gen = as_generator(rng)
        plan = until._plan
        kind_ids = np.arange(k)
        out = np.full(trials, -1, dtype=np.int64)
        if plan.mask(np.zeros((1, k), dtype=np.int64))[0]:
            out[:] = 0  # met before any draw
        if until.replace:
            # a condition that stays true once met and is unmet with every kind drawn max_draws
            # times is never met: say so at once instead of drawing max_draws for every run
            saturated = np.where(supplies > 0, max_draws, 0)[None, :]
            if not (out == 0).all() and not plan.mask(saturated)[0]:
                raise ValueError(f"{until.condition!r} is never met within max_draws={max_draws} draws "
                                 f"(it needs a kind the bag does not hold, or more draws)")
            counts = np.zeros((trials, k), dtype=compact_dtype(max_draws))
            cum_supply = np.cumsum(supplies)
            t, block, work = 0, 32, 0
            while (out < 0).any():
                todo = np.flatnonzero(out < 0)
                if t >= max_draws:
                    raise ValueError(f"{until.condition!r} still unmet after max_draws={max_draws} draws "
                                     f"in {todo.size} of {trials} runs")
                length = min(block, max_draws - t)
                work += todo.size * length
                if work > MAX_SIMULATION_WORK:
                    raise TooLargeError(f"{until.condition!r} is still unmet in {todo.size} of {trials} runs "
                                        f"after {t} draws: simulating further would sample more than "
                                        f"{MAX_SIMULATION_WORK:,} draws; ask fewer trials or a lower max_draws")
                for start, stop in batches(todo.size, length * (k + 2)):
                    rows = todo[start:stop]
                    picks = gen.integers(0, total, size=(rows.size, length))
                    kinds = np.searchsorted(cum_supply, picks, side="right")
                    cum = counts[rows].astype(np.int64)[:, None, :] + np.cumsum(kinds[..., None] == kind_ids, axis=1)
                    met = plan.mask(cum)
                    hit = met.any(axis=1)
                    out[rows[hit]] = t + 1 + met.argmax(axis=1)[hit]
                    counts[rows] = cum[:, -1, :]
                t += length
                block = min(block * 2, 4096)
        else:
            todo = np.flatnonzero(out < 0)
            for start, stop in batches(todo.size, total * (k + 2)):
                rows = todo[start:stop]
                seqs = sequences(gen, supplies, total, rows.size, total, replace=False)
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
        return mean_from_histogram(histogram([self.samples]), self.confidence)

    def cdf(self, n: int) -> ProportionEstimate:
        """Share of runs met within ``n`` draws, with its Wilson interval."""
        return proportion_estimate(int((self.samples <= n).sum()), self.trials, confidence=self.confidence)

    def survival(self, t: int) -> ProportionEstimate:
        """Share of runs still unmet after ``t`` draws, with its Wilson interval."""
        return proportion_estimate(int((self.samples > t).sum()), self.trials, confidence=self.confidence)

    def pmf(self) -> dict[int, ProportionEstimate]:
        """``{draws seen: estimate}`` for every number of draws that occurred."""
        return law_from_histogram(histogram([self.samples]), self.trials, self.confidence)

    def quantile(self, p: float) -> int:
        """Smallest ``n`` with a simulated share ``P(T <= n) >= p`` (a point estimate)."""
        if not 0 < p <= 1:
            raise ValueError(f"p must be in (0, 1], got {p!r}")
        return int(np.quantile(self.samples, float(p), method="inverted_cdf"))
