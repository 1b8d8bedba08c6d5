"""Anytime-valid statistics: confidence sequences and a sequential test, for a comparison that looks
at its results after every batch of games and stops when they are clear.

A 95% confidence interval computed for a fixed number of games covers the true value 95% of the
time *at that number*; re-computed after every batch and read as soon as it excludes zero, it
cries wolf far more often than 5% (each look is another chance). A *confidence sequence* covers
the true value at every number of games at once with the stated probability, so a comparison may
look after every batch, stop whenever it likes, and keep its error rate (Howard, Ramdas,
McAuliffe and Sekhon, "Time-uniform, nonparametric, nonasymptotic confidence sequences", Annals
of Statistics 2021). :func:`rometools.core.compare.compare` stops on them.

:class:`BoundedSequence`
    For a figure bounded by known limits (a seat's win, -1 to +1 in a paired difference): the
    predictable plug-in empirical-Bernstein confidence sequence of Waudby-Smith and Ramdas
    ("Estimating means of bounded random variables by betting", JRSS B 2024, Theorem 2; the
    supermartingale is Howard et al.'s). Exact at every number of games: no normal
    approximation. The bets ``λ`` are set before each batch from the games before it, tuned to
    the number of games at which the figure should be decided (:attr:`BoundedSequence.target`),
    which keeps the interval near a fixed-n interval's width there.
:class:`AsymptoticSequence`
    For a figure with no useful bound (mean scores: ``GameSpec.score_bounds`` holds every score
    any node can reach, far wider than any game's; game length): the asymptotic confidence
    sequence of Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas ("Time-uniform central limit
    theory and asymptotic confidence sequences", Annals of Statistics 2024, eq. (11): Robbins'
    normal mixture with the running variance). Valid as the games grow, as a t interval is; its
    tuning ``ρ`` is fixed before the first game.
:class:`BettingTest`
    One test of "no seat's win rate changed", across all seats at once: a nonnegative
    martingale under that hypothesis (the wealth of a bettor who stakes, before each batch, on
    the direction the earlier games point to), rejected when it reaches ``1 / α`` (Ville's
    inequality: at most ``α`` under the hypothesis, however long it runs; Shafer and Vovk's
    testing by betting; fishtest's SPRT is its likelihood-ratio cousin).

Every class takes its observations batch by batch (``update``), keeps only running sums, and says
where it stands (``interval``, ``decided``) and how many more observations would decide it
(``more_needed``, from the observed variance).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from rometools.core.errors import ArgumentError

#: Observations (paired games, in :func:`rometools.compare`) before a figure read by an
#: :class:`AsymptoticSequence` (a score with no useful bound, a length) may be decided: its
#: interval holds as the games grow, and needs a sample to stand on.
MIN_PAIRS = 100

__all__ = ["AsymptoticSequence", "BettingTest", "BoundedSequence"]

#: Largest bet of the bounded sequence, as a share of the range (Waudby-Smith and Ramdas use 1/2 or 3/4).
TRUNCATION = 0.75


def _check_alpha(alpha: float) -> float:
    if isinstance(alpha, bool) or not isinstance(alpha, int | float) or not 0 < alpha < 1:
        raise ArgumentError(f"the error rate alpha must be a number between 0 and 1, got {alpha!r}")
    return float(alpha)


def _values(values: Sequence[float] | np.ndarray) -> np.ndarray:
    x = np.asarray(values, dtype=float).ravel()
    if not np.isfinite(x).all():
        raise ArgumentError("the observations must be finite numbers")
    return x


class _Sequence:
    """What both confidence sequences share: the error rate, the precision, the decision."""

    def __init__(self, alpha: float, precision: float):
        self.alpha = _check_alpha(alpha)
        if isinstance(precision, bool) or not isinstance(precision, int | float) or not precision > 0:
            raise ArgumentError(f"the precision must be a number above 0, got {precision!r}")
        self.precision = float(precision)
        self.n = 0
        self.low, self.high = -math.inf, math.inf

    def interval(self) -> tuple[float, float]:
        """``(low, high)``: the confidence sequence now, intersected with every earlier one (also a
        confidence sequence). ``(-inf, inf)`` before any observation."""
        return self.low, self.high

    def decided(self) -> str | None:
        """``"changed"`` when the interval excludes 0, ``"equivalent"`` when it lies within
        ``± precision`` (no change as large as the precision), else ``None``."""
        if self.low > 0 or self.high < 0:
            return "changed"
        if -self.precision < self.low and self.high < self.precision:
            return "equivalent"
        return None

    def _needed_width(self) -> float:
        """The half-width that would decide the figure if its mean stayed where it is."""
        m = abs(self.mean)
        return max(m, self.precision - m)


class BoundedSequence(_Sequence):
    """A confidence sequence for the mean of observations known to lie in ``[lower, upper]``.

    Waudby-Smith and Ramdas' predictable plug-in empirical-Bernstein sequence (JRSS B 2024,
    Theorem 2), two-sided with ``alpha / 2`` on each side: after ``t`` observations ``x_i``
    (scaled to ``[0, 1]``) with bets ``λ_i`` fixed before each batch,

        centre ± (log(2 / alpha) + Σ v_i ψ(λ_i)) / Σ λ_i,   centre = Σ λ_i x_i / Σ λ_i,

    ``v_i = 4 (x_i - μ_{i-1})²`` (``μ_{i-1}`` the regularised mean before ``x_i``) and
    ``ψ(λ) = (-log(1 - λ) - λ) / 4``; it covers the true mean at every ``t`` at once with
    probability at least ``1 - alpha``, for any distribution on ``[lower, upper]``. The bets of a
    batch are ``λ = sqrt(2 log(2 / alpha) / (σ² t*))`` (at most 3/4), ``σ²`` the regularised
    variance of the earlier observations and ``t*`` the observations at which the interval
    would reach ``± precision`` (:attr:`target`, within ``[t + batch, budget]``): the width
    there is then close to a fixed-n interval's, and the sequence stays valid at every other
    ``t``. The interval kept is the intersection of all so far.

    Parameters
    ----------
    lower, upper : float
        Every observation lies in ``[lower, upper]`` (a paired win difference: -1 and 1).
    alpha : float
        The error rate: the probability that the sequence ever misses the mean.
    precision : float
        The half-width that decides (in the observations' units).
    budget : int, optional
        The most observations there will be (bets are not tuned beyond it).

    Examples
    --------
    A seat's paired win differences, +1, -1 or 0 per pair, 5 points more wins in B:

    >>> rng = np.random.default_rng(1)
    >>> cs = BoundedSequence(-1, 1, alpha=0.05, precision=0.02)
    >>> for _ in range(40):
    ...     cs.update(rng.choice([-1, 0, 1], size=200, p=[0.075, 0.8, 0.125]))
    >>> low, high = cs.interval()
    >>> cs.n, low < 0.05 < high, cs.decided()
    (8000, True, 'changed')
    >>> BoundedSequence(-1, 1, alpha=0.05, precision=0.02).update([2])
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: an observation is 2, outside the bounds -1 to 1
    """

    def __init__(self, lower: float, upper: float, *, alpha: float = 0.05, precision: float,
                 budget: int | None = None):
        super().__init__(alpha, precision)
        if not (math.isfinite(lower) and math.isfinite(upper) and lower < upper):
            raise ArgumentError(f"the bounds must be two finite numbers, lower first; got {lower!r}, {upper!r}")
        self.lower, self.upper = float(lower), float(upper)
        self.span = self.upper - self.lower
        self.budget = budget
        self._sum = self._squares = 0.0   # of the scaled x and of (x - mean before it)^2
        self._lam = self._lam_x = self._v_psi = 0.0
        self.log_threshold = math.log(2 / self.alpha)

    @property
    def mean(self) -> float:
        """The observations' mean so far (0 before any)."""
        return self.lower + self.span * self._sum / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        """The regularised variance of the scaled observations (1/4, the largest, before any)."""
        return (0.25 + self._squares) / (self.n + 1)

    def target(self, batch: int = 1) -> int:
        """The observations at which the interval should reach ``± precision``, from the variance so
        far: ``2 σ² log(2 / alpha) / (precision / span)²``, at least ``n + batch``, at most the budget."""
        width = self.precision / self.span
        t = 2 * self.variance * self.log_threshold / (width * width)
        t = max(t, self.n + batch)
        return int(min(t, self.budget) if self.budget else t)

    def update(self, values: Sequence[float] | np.ndarray) -> None:
        """Add a batch of observations (in order); the bets for all of them come from the ones before.

        Raises
        ------
        ArgumentError
            For an observation outside the bounds or not finite (nothing is added).
        """
        y = _values(values)
        if not len(y):
            return
        bad = y[(y < self.lower) | (y > self.upper)]
        if len(bad):
            raise ArgumentError(f"an observation is {bad[0]:g}, outside the bounds {self.lower:g} to {self.upper:g}")
        x = (y - self.lower) / self.span
        lam = min(TRUNCATION, math.sqrt(2 * self.log_threshold / (self.variance * self.target(len(x)))))
        before = self.n + np.arange(len(x))             # observations before each
        sums = self._sum + np.concatenate(([0.0], np.cumsum(x)[:-1]))
        mu = (0.5 + sums) / (before + 1)                # the regularised mean before each
        v = 4 * (x - mu) ** 2
        self._lam += lam * len(x)
        self._lam_x += lam * float(x.sum())
        self._v_psi += (-math.log1p(-lam) - lam) / 4 * float(v.sum())
        self._squares += float(((x - mu) ** 2).sum())
        self._sum += float(x.sum())
        self.n += len(x)
        centre = self._lam_x / self._lam
        margin = (self.log_threshold + self._v_psi) / self._lam
        low = self.lower + self.span * max(0.0, centre - margin)
        high = self.lower + self.span * min(1.0, centre + margin)
        self.low, self.high = max(self.low, low), min(self.high, high)

    def more_needed(self) -> int:
        """About how many more observations would decide the figure, if its mean and variance stayed
        as observed (0 once decided): the ``t`` at which the margin, with bets tuned for ``t``,
        falls to the half-width that decides, and never fewer than the interval's own half-width,
        shrinking as ``1 / sqrt(t)``, needs to get there."""
        if self.decided():
            return 0
        width = self._needed_width() / self.span
        if width <= 0:
            return 0
        sigma2 = max(self.variance, 1e-12)
        t = 2 * sigma2 * self.log_threshold / (width * width)
        lam = math.sqrt(2 * self.log_threshold / (sigma2 * t))
        if lam > TRUNCATION:   # a capped bet: margin = (L + t·4σ²ψ(c)) / (t c)
            psi = (-math.log1p(-TRUNCATION) - TRUNCATION) / 4
            slope = TRUNCATION * width - 4 * sigma2 * psi
            t = self.log_threshold / slope if slope > 0 else math.inf
        half = (self.high - self.low) / 2 / self.span
        if self.n and half > width:   # never fewer than the interval as it stands implies: its half-width
            # shrinks about as 1/sqrt(t), so reaching ``width`` takes n (half / width)^2 (the formula alone,
            # for bets tuned at t, said "about 1 more" of an interval [-2.7, +0.4] left by bets for a larger t)
            t = max(t, self.n * (half / width) ** 2)
        return max(0, math.ceil(t) - self.n) if math.isfinite(t) else -1


class AsymptoticSequence(_Sequence):
    """An asymptotic confidence sequence for the mean of observations with no useful bound.

    Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas (Annals of Statistics 2024, eq. (11)):

        mean ± σ · sqrt(2 (t ρ² + 1) / (t² ρ²) · log(sqrt(t ρ² + 1) / (alpha / 2)))

    with ``σ`` the running standard deviation; ``ρ`` is fixed in advance to make the interval
    narrowest at ``t_opt`` observations (their eq. (13) approximation). It covers the mean at
    every ``t`` at once with probability approaching ``1 - alpha`` as ``t`` grows (the time-uniform
    analogue of a t interval's normal approximation). The interval kept is the intersection of
    all so far from :data:`MIN_PAIRS` observations on, leaving out any of no spread (every
    observation alike: a point, not an interval); an intersection that would be empty gives way
    to the interval now, so ``low <= high`` always.

    Parameters
    ----------
    alpha : float
    precision : float
        The half-width that decides (in the observations' units).
    t_opt : int
        Observations at which the interval is tuned to be narrowest.

    Examples
    --------
    >>> rng = np.random.default_rng(2)
    >>> cs = AsymptoticSequence(alpha=0.05, precision=1.0, t_opt=2000)
    >>> for _ in range(20):
    ...     cs.update(rng.normal(0.2, 30, size=200))
    >>> low, high = cs.interval()
    >>> low < 0.2 < high, cs.decided()
    (True, None)
    >>> cs.more_needed() > 0
    True
    """

    def __init__(self, *, alpha: float = 0.05, precision: float, t_opt: int = 2000):
        super().__init__(alpha, precision)
        if isinstance(t_opt, bool) or not isinstance(t_opt, int) or t_opt < 1:
            raise ArgumentError(f"t_opt must be a whole number 1 or more, got {t_opt!r}")
        a = self.alpha / 2
        self.rho2 = (-2 * math.log(a) + math.log(-2 * math.log(a) + 1)) / t_opt
        self._mean = self._m2 = 0.0
        self._held = False   # the interval kept is one that holds (MIN_PAIRS on, some spread): intersect it

    @property
    def mean(self) -> float:
        return self._mean

    @property
    def sd(self) -> float:
        """The observations' standard deviation so far (0 with fewer than 2)."""
        return math.sqrt(self._m2 / (self.n - 1)) if self.n > 1 else 0.0

    def _margin(self, t: float, sd: float) -> float:
        r = t * self.rho2
        return sd * math.sqrt(2 * (r + 1) / (t * r) * math.log(math.sqrt(r + 1) / (self.alpha / 2)))

    def update(self, values: Sequence[float] | np.ndarray) -> None:
        """Add a batch of observations (Chan et al.'s pairwise update of the mean and squares).

        Raises
        ------
        ArgumentError
            For an observation that is not finite (nothing is added).
        """
        x = _values(values)
        if not len(x):
            return
        n_b, mean_b = len(x), float(x.mean())
        m2_b = float(((x - mean_b) ** 2).sum())
        n = self.n + n_b
        delta = mean_b - self._mean
        self._mean += delta * n_b / n
        self._m2 += m2_b + delta * delta * self.n * n_b / n
        self.n = n
        if n > 1:
            margin = self._margin(n, self.sd)
            low, high = self._mean - margin, self._mean + margin
            # The running intersection starts at MIN_PAIRS observations, from which the interval holds, and
            # takes no interval of no spread (every difference so far the same, often 0: a point, not an
            # interval). Folding such a point in made [0, 0] the bound for good, and a later mean of -0.5
            # read [0.0, -0.24]: low above high. An intersection that comes out empty (the sequence missed,
            # a chance of at most alpha) gives way to the interval now.
            if self._held and margin > 0 and max(self.low, low) <= min(self.high, high):
                self.low, self.high = max(self.low, low), min(self.high, high)
            else:
                self.low, self.high = low, high
            self._held = n >= MIN_PAIRS and margin > 0   # whether the interval kept may be intersected

    def more_needed(self) -> int:
        """About how many more observations would decide the figure if its mean and spread stayed as
        observed (0 once decided; -1 with no spread yet to go on)."""
        if self.decided():
            return 0
        width, sd = self._needed_width(), self.sd
        if sd == 0 or width <= 0:
            return -1
        t = max(self.n, 2)
        while self._margin(t, sd) > width and t < 10 ** 12:
            t *= 2
        low, high = t // 2, t
        while high - low > max(1, high // 1000):
            mid = (low + high) // 2
            low, high = (mid, high) if self._margin(mid, sd) > width else (low, mid)
        return max(0, high - self.n)


class BettingTest:
    """A sequential test that a vector of paired differences has mean zero in every coordinate.

    Under the hypothesis the wealth ``Π (1 + λ · d_i)`` is a nonnegative martingale, so it ever
    reaches ``1 / alpha`` with probability at most ``alpha`` (Ville's inequality), however long the
    games go on. Each batch's stake ``λ`` is set from the batches before it: toward the mean
    difference seen so far, each coordinate ``m / (s² + m²)`` (the Kelly bet for a small edge),
    scaled so that the stakes' absolute values sum to at most 1/2 (every ``d`` lies in
    ``[-bound, bound]``, so the wealth stays positive).

    Parameters
    ----------
    dimension : int
        Coordinates (seats).
    bound : float
        Every coordinate of every difference lies in ``[-bound, bound]`` (a win: 1).
    alpha : float

    Examples
    --------
    >>> rng = np.random.default_rng(3)
    >>> test = BettingTest(2, alpha=0.05)
    >>> for _ in range(30):
    ...     shift = rng.choice([-1, 0, 1], size=200, p=[0.06, 0.8, 0.14])
    ...     test.update(np.column_stack([shift, -shift]))
    >>> test.rejected, test.e_value > 20
    (True, True)
    """

    def __init__(self, dimension: int, *, bound: float = 1.0, alpha: float = 0.05):
        self.alpha = _check_alpha(alpha)
        self.dimension, self.bound = int(dimension), float(bound)
        self.n = 0
        self._sum = np.zeros(self.dimension)
        self._squares = np.zeros(self.dimension)
        self.log_wealth = 0.0
        self.peak = 0.0

    @property
    def e_value(self) -> float:
        """The wealth now: the evidence against "nothing changed" (1 at the start)."""
        return math.exp(min(self.log_wealth, 700.0))

    @property
    def rejected(self) -> bool:
        """Whether the wealth has ever reached ``1 / alpha``: "something changed", with error rate ``alpha``."""
        return self.peak >= math.log(1 / self.alpha)

    def update(self, differences: np.ndarray) -> None:
        """Add a batch of difference vectors (rows), betting the stake fixed before the batch.

        Raises
        ------
        ArgumentError
            For rows of another length, or a coordinate outside ``± bound``.
        """
        d = np.asarray(differences, dtype=float)
        if d.ndim != 2 or d.shape[1] != self.dimension:
            raise ArgumentError(f"each difference has {self.dimension} coordinates; got shape {d.shape}")
        if not len(d):
            return
        if not np.isfinite(d).all() or np.abs(d).max() > self.bound:
            raise ArgumentError(f"a difference lies outside ± {self.bound:g}")
        if self.n:
            m = self._sum / self.n
            var = np.maximum(self._squares / self.n - m * m, 0.0)
            stake = m / (var + m * m + 1e-12)
            total = np.abs(stake).sum() * self.bound
            if total > 0.5:
                stake *= 0.5 / total
            self.log_wealth += float(np.log1p(d @ stake).sum())
            self.peak = max(self.peak, self.log_wealth)
        self._sum += d.sum(axis=0)
        self._squares += (d * d).sum(axis=0)
        self.n += len(d)
