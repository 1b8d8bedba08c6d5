"""A draw of ``n`` tokens from a bag: exact probabilities, laws and means, and its seeded twin.

:class:`Draw` (built by :meth:`rometools.draws.Bag.draw`) answers with exact
:class:`fractions.Fraction` computed by the generating-function engine
(:mod:`rometools.draws._engine`), never by enumerating outcomes one by one;
:class:`SimulatedDraw` (``draw.simulate(trials, rng=...)``) answers the same questions
from seeded samples, with intervals.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._engine import HyperRing, MultiRing, enumerate_counts, joint, marginal
from rometools.draws._order import (
    Source,
    condition_stats,
    condition_walks,
    holds,
    holds_rows,
    is_walked,
    plan_walk,
    sample_values,
    walk_law,
)
from rometools.draws._plan import BagBase, Plan, check_int
from rometools.draws.conditions import (
    Condition,
    Statistic,
    _Count,
    _Order,
    _Reach,
    _Score,
    _Total,
    as_statistic,
    value_of,
)
from rometools.draws.simulate import (
    MeanEstimate,
    batches,
    check_trials,
    compact_dtype,
    histogram,
    law_from_histogram,
    mean_from_histogram,
    row_bincount,
)

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["Draw", "SimulatedDraw"]


@dataclass(frozen=True)
class Draw:
    """``n`` tokens drawn uniformly at random from a bag, as one question-answering object.

    Build it with :meth:`Bag.draw`. Every answer is exact; :meth:`simulate` gives the
    seeded Monte Carlo twin with the same methods.

    Attributes
    ----------
    bag : Bag
    n : int
        Tokens drawn (draws).
    replace : bool
        With replacement.

    Examples
    --------
    >>> from rometools.draws import Bag, some_absent
    >>> d = Bag({"red": 3, "green": 2, "yellow": 1}).draw(3)
    >>> d.prob(some_absent())
    Fraction(7, 10)
    >>> d.law("red")
    {0: Fraction(1, 20), 1: Fraction(9, 20), 2: Fraction(9, 20), 3: Fraction(1, 20)}
    >>> d.mean("red")
    Fraction(3, 2)
    """

    bag: BagBase
    n: int
    replace: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.bag, BagBase):
            raise TypeError(f"Draw needs a Bag, got {self.bag!r}")
        n = check_int(self.n, "n (tokens drawn)")
        if n < 0:
            raise ValueError(f"cannot draw a negative number of tokens, got n={n}")
        if not self.replace and n > self.bag.total:
            raise ValueError(f"cannot draw {n} tokens from a bag of {self.bag.total} without replacement")
        if self.replace and n and not self.bag.total:
            raise ValueError(f"cannot draw {n} tokens with replacement from an empty bag")
        object.__setattr__(self, "n", n)

    # ------------------------------------------------------------ internals
    def _maxc(self) -> list[int]:
        if self.replace:
            return [self.n if s else 0 for s in self.bag._supplies]
        return [min(s, self.n) for s in self.bag._supplies]

    def _ring(self):
        if self.replace:
            return MultiRing(self.bag.total, self.n)
        return HyperRing(self.bag.total, self.n)

    def _plan(self, condition: Condition | None = None, statistic: Statistic | None = None) -> Plan:
        return Plan(self.bag.kinds, self.bag._supplies, self._maxc(), condition, statistic)

    # ------------------------------------------------------------ questions
    def prob(self, condition: Condition) -> Fraction:
        """Exact probability that the draw meets ``condition``.

        Parameters
        ----------
        condition : Condition
            Built from :func:`~rometools.draws.at_least` and friends, ``&``, ``|``, ``~``.

        Returns
        -------
        Fraction

        Raises
        ------
        ValueError
            If the condition names a kind the bag does not hold.
        TooLargeError
            If the exact law is too large (the message points at :meth:`simulate`).

        Examples
        --------
        40 vowels and 60 consonants, a 6-tile hand all vowels or all consonants:

        >>> from rometools.draws import Bag, exactly
        >>> Bag({"vowel": 40, "consonant": 60}).draw(6).prob(
        ...     exactly("vowel", 6) | exactly("consonant", 6))
        Fraction(5066, 112035)
        """
        if condition_walks(condition):  # a statistic over values: the walk
            stats = condition_stats(condition)
            out = Fraction(0)
            for key, p in self._walk(stats, repr(condition)).items():
                if holds(condition, {id(st): v for st, v in zip(stats, key, strict=True)}):
                    out += p
            return out
        plan = self._plan(condition)
        ring = self._ring()
        law = joint(plan, ring, repr(condition))
        hits = sum((series for state, series in law.items() if plan.predicate(state)), ring.zero)
        return Fraction(ring.coefficient(hits, self.n), ring.denominator(self.n))

    def _walk(self, stats: list[Statistic], what: str) -> dict[tuple, Fraction]:
        """Joint law of statistics over values (or with wilds) by the value-order walk."""
        kinds, supplies = self.bag.kinds, self.bag._supplies
        shared = {id(st.values) for st in stats if isinstance(st, _Order | _Total)}
        if all(isinstance(st, _Order | _Total) for st in stats) and len(shared) == 1:
            # only the values matter: kinds of one value draw as one kind (C(a+b, j) = sum C(a, i) C(b, j-i))
            values = stats[0].values
            merged: dict[int, int] = {}
            for kind, s in zip(kinds, supplies, strict=True):
                v = value_of(values, kind, repr(stats[0]))
                merged[v] = merged.get(v, 0) + s
            kinds, supplies = tuple(merged), tuple(merged.values())
            stats = [(_Total() if isinstance(st, _Total) else _Order(st.keep, st.drop, st.top)) for st in stats]
        most = [self.n if self.replace else min(s, self.n) for s in supplies]
        walk = plan_walk(stats, kinds, self.n, most)
        return walk_law(walk, [Source(self.n, tuple(supplies), self.replace)], what,
                        "estimate it instead: draw.simulate(trials, rng=...)")

    def law(self, x: object) -> dict[int, Fraction]:
        """Exact law of a count, statistic or score: ``{value: probability}``.

        Parameters
        ----------
        x : selector, Statistic or Mapping
            A selector (kind, collection of kinds, predicate): the number of its
            tokens drawn (tokens). A statistic (:func:`~rometools.draws.n_distinct`,
            ...). A mapping ``{kind: table or callable}``: the points scored
            (see :func:`~rometools.draws.score`; negative points allowed).

        Returns
        -------
        dict[int, Fraction]
            Values with non-zero probability, in increasing order; they sum to 1.

        Raises
        ------
        ValueError
            Unknown kind, or a points table too short for the counts the draw can hold.
        TooLargeError
            If the law is too large for the exact engine.

        Examples
        --------
        >>> from rometools.draws import Bag, n_distinct
        >>> d = Bag({"red": 3, "green": 2, "yellow": 1}).draw(3)
        >>> d.law(n_distinct())
        {1: Fraction(1, 20), 2: Fraction(13, 20), 3: Fraction(3, 10)}

        Red scores its table (1, 3, 6 points for 1, 2, 3), the yellow costs 2 points:

        >>> d.law({"red": [0, 1, 3, 6], "yellow": [0, -2]})
        {-2: Fraction(1, 20), -1: Fraction(3, 10), 1: Fraction(3, 10), 3: Fraction(3, 10), 6: Fraction(1, 20)}
        """
        stat = _as_score(as_statistic(x), self.bag.kinds)
        if is_walked(stat):
            return {key[0]: p for key, p in self._walk([stat], repr(stat)).items()}
        plan = self._plan(statistic=stat)
        ring = self._ring()
        joint_law = joint(plan, ring, repr(stat))
        by_value: dict[int, int] = {}
        for state, series in joint_law.items():
            v = plan.read(state)
            by_value[v] = ring.add(by_value[v], series) if v in by_value else series
        den = ring.denominator(self.n)
        out = {}
        for v in sorted(by_value):
            ways = ring.coefficient(by_value[v], self.n)
            if ways:
                out[v] = Fraction(ways, den)
        return out

    def mean(self, x: object) -> Fraction:
        """Exact mean of a count, statistic or score (tokens, kinds or points).

        Counts, kinds reaching a threshold and scores are sums over kinds, so their
        mean is a sum of one-kind (hypergeometric or binomial) terms; no joint law.

        Parameters
        ----------
        x : selector, Statistic or Mapping
            As :meth:`law`.

        Returns
        -------
        Fraction

        Examples
        --------
        Red scores its table (1, 3, 6 points for 1, 2, 3), the yellow costs 2 points:

        >>> from rometools.draws import Bag, n_distinct
        >>> d = Bag({"red": 3, "green": 2, "yellow": 1}).draw(3)
        >>> d.mean({"red": [0, 1, 3, 6], "yellow": [0, -2]})
        Fraction(11, 10)
        >>> d.mean(n_distinct())
        Fraction(9, 4)
        """
        stat = _as_score(as_statistic(x), self.bag.kinds)
        if is_walked(stat):
            return sum((Fraction(v) * p for v, p in self.law(stat).items()), Fraction(0))
        total, n, replace = self.bag.total, self.n, self.replace
        plan = self._plan(statistic=stat)
        (f,) = plan.features
        supplies = self.bag._supplies
        if isinstance(stat, _Count):
            return Fraction(n * sum(supplies[i] for i in f.members), total) if total else Fraction(0)
        if isinstance(stat, _Reach | _Score):
            out = Fraction(0)
            for i in f.members:
                for c, p in marginal(supplies[i], total, n, replace).items():
                    if isinstance(stat, _Reach):
                        out += p if (c < f.k if stat.missing else c >= f.k) else 0
                    else:
                        out += f.values[i][c] * p
            return out
        law = self.law(stat)  # pragma: no cover - every statistic is handled above
        return sum((v * p for v, p in law.items()), Fraction(0))

    def outcomes(self, *, exchangeable: Callable[[Hashable], Hashable] | None = None
                 ) -> Iterator[tuple[dict[Hashable, int], Fraction]]:
        """Every count vector of the draw with its exact probability (enumeration).

        For functions of a draw that no condition or score expresses. The number of
        outcomes grows fast with kinds; fold it with ``exchangeable`` when the function
        treats some kinds alike: kinds with the same supply and the same
        ``exchangeable(kind)`` key are interchangeable, so one representative per
        pattern is yielded with the probability of all its permutations.

        Yields
        ------
        counts : dict[kind, int]
            Tokens of each kind drawn (every kind of the bag is a key).
        probability : Fraction

        Examples
        --------
        >>> from rometools.draws import Bag
        >>> list(Bag({"a": 2, "b": 1}).draw(2).outcomes())
        [({'a': 2, 'b': 0}, Fraction(1, 3)), ({'a': 1, 'b': 1}, Fraction(2, 3))]
        >>> list(Bag({"x": 1, "y": 1}).draw(1).outcomes(exchangeable=lambda kind: 0))
        [({'x': 1, 'y': 0}, Fraction(1, 1))]
        """
        return enumerate_counts(self.bag.kinds, self.bag._supplies, self.n, self.replace, exchangeable)

    def simulate(self, trials: int = 10_000, *, rng: RngLike = None,
                 confidence: float = 0.95) -> SimulatedDraw:
        """The Monte Carlo twin: ``trials`` seeded draws, with the same question methods.

        Parameters
        ----------
        trials : int
            Simulated draws, at least 2.
        rng : None, int, SeedSequence, BitGenerator or Generator
            Seed or generator (SPEC 7); the same seed gives the same estimates.
        confidence : float
            Level of the intervals (Wilson for probabilities, Student t for means).

        Returns
        -------
        SimulatedDraw
            ``.prob`` / ``.law`` / ``.mean`` return estimates with intervals.

        Examples
        --------
        >>> from rometools.draws import Bag, some_absent
        >>> d = Bag({"red": 3, "green": 2, "yellow": 1}).draw(3)
        >>> est = d.simulate(4000, rng=1).prob(some_absent())
        >>> est.contains(d.prob(some_absent()))
        True
        """
        return SimulatedDraw(self, trials, rng=rng, confidence=confidence)


def _as_score(stat: Statistic, kinds) -> Statistic:
    """A total over values as the score it is (``v`` points per token), for the series engine."""
    if isinstance(stat, _Total):
        from rometools.draws.conditions import score

        points = {}
        for kind in kinds:
            v = value_of(stat.values, kind, repr(stat))
            points[kind] = (lambda c, v=v: v * c)
        return score(points)
    return stat


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
        supplies = np.asarray(draw.bag._supplies, dtype=np.int64)
        n, k = draw.n, len(supplies)
        dtype = compact_dtype(n)
        self.trials = trials = check_trials(trials, per_trial=k, itemsize=dtype.itemsize)
        self.confidence = confidence
        gen = as_generator(rng)
        self.counts = counts = np.zeros((trials, k), dtype=dtype)
        if n == 0 or k == 0:
            return
        if draw.replace:
            cum = np.cumsum(supplies)
            for start, stop in batches(trials, n + k):
                picks = gen.integers(0, draw.bag.total, size=(stop - start, n))
                counts[start:stop] = row_bincount(np.searchsorted(cum, picks, side="right"), k)
        else:
            for start, stop in batches(trials, k):
                counts[start:stop] = gen.multivariate_hypergeometric(supplies, n, size=stop - start)

    def _plan(self, condition=None, statistic=None) -> Plan:
        d = self.draw
        return Plan(d.bag.kinds, d.bag._supplies, d._maxc(), condition, statistic)

    def _rows(self) -> Iterator[np.ndarray]:
        """The simulated counts, a batch of rows at a time, as int64."""
        k = self.counts.shape[1]
        for start, stop in batches(self.trials, 4 * k + 4):
            yield self.counts[start:stop].astype(np.int64)

    def _values(self, x: object) -> Iterator[np.ndarray]:
        stat = as_statistic(x)
        if is_walked(stat):
            return (sample_values(stat, rows, self.draw.bag.kinds) for rows in self._rows())
        plan = self._plan(statistic=stat)
        return (plan.values(rows)[plan.stat_index] for rows in self._rows())

    def prob(self, condition: Condition) -> ProportionEstimate:
        """Share of the simulated draws meeting ``condition``, with its Wilson interval."""
        stats = condition_stats(condition) if isinstance(condition, Condition) else []
        if any(is_walked(stat) for stat in stats):
            kinds = self.draw.bag.kinds
            hits = sum(int(holds_rows(condition, {id(st): sample_values(st, rows, kinds) for st in stats}).sum())
                       for rows in self._rows())
        else:
            plan = self._plan(condition)
            hits = sum(int(plan.mask(rows).sum()) for rows in self._rows())
        return proportion_estimate(hits, self.trials, confidence=self.confidence)

    def law(self, x: object) -> dict[int, ProportionEstimate]:
        """Simulated law of a count, statistic or score: ``{value seen: estimate}``."""
        return law_from_histogram(histogram(self._values(x)), self.trials, self.confidence)

    def mean(self, x: object) -> MeanEstimate:
        """Simulated mean of a count, statistic or score, with its t interval."""
        return mean_from_histogram(histogram(self._values(x)), self.confidence)
