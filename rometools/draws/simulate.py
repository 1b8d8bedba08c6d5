"""The Monte Carlo machinery every simulated twin shares: estimates, trial bounds, batches.

Each exact question object has a seeded twin beside it (``draw.simulate(trials, rng=...)``
in :mod:`rometools.draws.draw`, ``until.simulate`` in :mod:`rometools.draws.until`, ...)
answering the same questions: probabilities as
:class:`~rometools.core.stats.ProportionEstimate` (Wilson interval), means as
:class:`MeanEstimate` (Student t interval). This module holds what they share and imports
none of them, so the modules of :mod:`rometools.draws` import one way only.

Memory and time are bounded before any sampling: :func:`check_trials` refuses more than
:data:`MAX_TRIALS` trials, or more than :data:`MAX_BYTES` of stored samples, with a message
saying how many trials the question takes; the samples are kept in the smallest unsigned
integer type that holds them (:func:`compact_dtype`) and drawn in batches of
:data:`BATCH_CELLS` values (:func:`batches`), so no intermediate array outgrows a batch.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from rometools.core.errors import ArgumentError
from rometools.core.formatting import exact_mean, percent_column, probability, shown
from rometools.core.stats import ProportionEstimate, proportion_estimate

__all__ = ["MAX_BYTES", "MAX_LOOPED_TRIALS", "MAX_TRIALS", "MeanEstimate", "check_trials", "exact_beside_simulated",
           "mean_estimate"]

#: Most trials any simulated twin accepts: a 95% Wilson interval from this many is at most
#: about +-0.0003 wide, and sampling them takes seconds, not hours.
MAX_TRIALS = 10_000_000
#: Most bytes of samples a simulated twin keeps (trials x values per trial x bytes per value,
#: each value in the smallest unsigned integer type that holds it).
MAX_BYTES = 1 << 28
#: Most trials of a twin that loops in Python once per trial (about 20 s at 20 microseconds each).
MAX_LOOPED_TRIALS = 1_000_000
#: Values sampled (or computed) per batch: no temporary array holds more.
BATCH_CELLS = 1 << 21


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


def exact_beside_simulated(exact, estimate: ProportionEstimate | MeanEstimate | None = None) -> dict[str, str]:
    """One row of a table a designer reads: an exact answer beside its seeded simulation.

    A probability (``estimate`` a :class:`~rometools.core.stats.ProportionEstimate`) reads as
    :func:`~rometools.core.formatting.probability` (the fraction with its percentage), the
    estimate and its interval as percentages with the same decimals; a mean (a
    :class:`MeanEstimate`) as :func:`~rometools.core.formatting.exact_mean` (the fraction with
    its decimal) and the estimate to 2 decimals. Without ``estimate`` the simulated cells read
    "not simulated".

    Parameters
    ----------
    exact : Fraction or int (a float reads as a decimal)
        The exact answer.
    estimate : ProportionEstimate or MeanEstimate, optional
        Its simulated twin.

    Returns
    -------
    dict[str, str]
        ``exact``, ``simulated``, ``95% interval`` (the estimate's confidence, said in the name)
        and ``holds the exact value`` (``yes`` or ``no``; the interval misses it about one time
        in twenty at 95%).

    Examples
    --------
    >>> from fractions import Fraction
    >>> exact_beside_simulated(Fraction(25, 108), proportion_estimate(2345, 10_000))
    {'exact': '25/108 (23.1%)', 'simulated': '23.45%', '95% interval': '22.63% to 24.29%', 'holds the exact value': 'yes'}
    >>> exact_beside_simulated(Fraction(55, 12), MeanEstimate(4.6, 4.5, 4.7, 1.0, 1000, 0.95))["exact"]
    '55/12 ≈ 4.58'
    """
    mean = isinstance(estimate, MeanEstimate)
    if isinstance(exact, float):
        exact_text = f"{exact:,.2f}" if mean else percent_column([exact])[0]
    else:
        exact_text = exact_mean(exact) if mean else probability(exact, significant=3)
    if estimate is None:
        return {"exact": exact_text, "simulated": "not simulated", "95% interval": "", "holds the exact value": ""}
    level = f"{estimate.confidence:.0%} interval"
    if mean:
        shown_values = [f"{v:,.2f}" for v in (estimate.mean, estimate.low, estimate.high)]
    else:
        # an estimate is worth the digits its interval shows, no more
        margin = max((estimate.high - estimate.low) / 2, 1e-6)
        shown_values = percent_column([estimate.estimate, estimate.low, estimate.high], margin=margin)
    return {"exact": exact_text, "simulated": shown_values[0], level: f"{shown_values[1]} to {shown_values[2]}",
            "holds the exact value": "yes" if estimate.contains(exact) else "no"}


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
    # the Student t quantile from scipy.special (scipy.stats takes about 1 s of CPU to import)
    from scipy.special import stdtrit

    mean = float(values.mean())
    sd = float(values.std(ddof=1))
    half = float(stdtrit(values.size - 1, (1 + confidence) / 2)) * sd / math.sqrt(values.size)
    return MeanEstimate(mean, mean - half, mean + half, sd, int(values.size), confidence)


def check_trials(trials: object, *, per_trial: int = 1, itemsize: int = 1, what: str = "trials",
                 low: int = 2, limit: int = MAX_TRIALS, message: str | None = None) -> int:
    """``trials`` as an int, refused before any sampling when it cannot be afforded.

    Every simulated twin of :mod:`rometools.draws` calls it, and so do the games' odds
    twins (``simulate_setup``, ``simulate_reveals``, ``simulate_completion``...), which loop
    in Python and pass a lower ``limit``.

    Parameters
    ----------
    trials : int
        Simulated runs asked for, at least ``low``.
    per_trial : int
        Values the twin keeps per trial (kinds of the bag, hands x kinds, draws...).
    itemsize : int
        Bytes per kept value (see :func:`compact_dtype`): ``trials * per_trial * itemsize``
        may not exceed :data:`MAX_BYTES`.
    what : str
        The argument's name in the message.
    low : int
        Fewest trials (2 for an interval; a game's twin may take 1).
    limit : int
        Most trials (default :data:`MAX_TRIALS`).
    message : str, optional
        The refusal of a value below ``low`` or not an int in a game's own words, with
        ``{value}`` where the value goes (cut short), instead of ``"trials must be an int >= 2,
        got {value}"``.

    Returns
    -------
    int

    Raises
    ------
    rometools.core.errors.ArgumentError
        A ``ValueError``: not an int, fewer than ``low``, more than ``limit``, or more bytes
        than :data:`MAX_BYTES`; the message gives the most trials this question takes.

    Examples
    --------
    >>> check_trials(1000)
    1000
    >>> check_trials(10**9)
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: trials must be at most 10,000,000 (a 95% interval from that many is at most +-0.00031 wide), got 1000000000
    >>> check_trials(100_000, per_trial=5_000)
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: trials must be at most 53,687 for this question (it keeps 5,000 values per trial, 256 MiB of samples at most), got 100000
    """
    if isinstance(trials, bool) or not isinstance(trials, numbers.Integral) or trials < low:
        text = message or f"{what} must be an int >= {low}, got {{value}}"
        raise ArgumentError(text.format(value=shown(trials)))
    trials = int(trials)
    if trials > limit:
        half = 1.96 * 0.5 / math.sqrt(limit)
        raise ArgumentError(f"{what} must be at most {limit:,} (a 95% interval from that many is at "
                            f"most +-{half:.5f} wide), got {shown(trials)}")
    per_trial = max(1, int(per_trial)) * max(1, int(itemsize))
    if trials * per_trial > MAX_BYTES:
        raise ArgumentError(f"{what} must be at most {MAX_BYTES // per_trial:,} for this question (it keeps "
                            f"{per_trial // max(1, int(itemsize)):,} values per trial, {MAX_BYTES >> 20} MiB of "
                            f"samples at most), got {trials}")
    return trials


def compact_dtype(largest: int) -> np.dtype:
    """The smallest unsigned integer type that holds ``0..largest``.

    Examples
    --------
    >>> compact_dtype(6), compact_dtype(300), compact_dtype(70_000)
    (dtype('uint8'), dtype('uint16'), dtype('uint32'))
    """
    for dtype in (np.uint8, np.uint16, np.uint32):
        if largest <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    return np.dtype(np.uint64)


def batches(rows: int, cells_per_row: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` row ranges of at most :data:`BATCH_CELLS` cells each (at least one row).

    Examples
    --------
    >>> list(batches(5, BATCH_CELLS // 2))
    [(0, 2), (2, 4), (4, 5)]
    """
    size = max(1, BATCH_CELLS // max(1, cells_per_row))
    for start in range(0, rows, size):
        yield start, min(rows, start + size)


def row_bincount(kinds: np.ndarray, n_kinds: int) -> np.ndarray:
    """Counts per kind for each row of an int array of kind indices -> ``(rows, n_kinds)``."""
    rows = kinds.shape[0]
    offset = (np.arange(rows)[:, None] * n_kinds + kinds).ravel()
    return np.bincount(offset, minlength=rows * n_kinds).reshape(rows, n_kinds)


def proportions(values: np.ndarray, trials: int, confidence: float) -> dict[int, ProportionEstimate]:
    """``{value seen: ProportionEstimate}`` of an array of simulated values, in increasing order."""
    return law_from_histogram(histogram([values]), trials, confidence)


def histogram(chunks: Iterable[np.ndarray], into: dict | None = None) -> dict:
    """``{value: times seen}`` over arrays of simulated values (one batch at a time)."""
    out: dict = {} if into is None else into
    for values in chunks:
        found, hits = np.unique(values, return_counts=True)
        for v, c in zip(found.tolist(), hits.tolist(), strict=True):
            out[v] = out.get(v, 0) + c
    return out


def law_from_histogram(hist: dict, trials: int, confidence: float) -> dict:
    """``{value: ProportionEstimate}`` in increasing value order."""
    return {_plain(v): proportion_estimate(int(hist[v]), trials, confidence=confidence) for v in sorted(hist)}


def mean_from_histogram(hist: dict, confidence: float) -> MeanEstimate:
    """:func:`mean_estimate` of the values a histogram counts (without listing them one by one)."""
    n = sum(hist.values())
    if n < 2:
        raise ValueError(f"a mean estimate needs at least 2 samples, got {n}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")
    from scipy.special import stdtrit

    mean = sum(float(v) * c for v, c in hist.items()) / n
    var = sum(c * (float(v) - mean) ** 2 for v, c in hist.items()) / (n - 1)
    sd = math.sqrt(var)
    half = float(stdtrit(n - 1, (1 + confidence) / 2)) * sd / math.sqrt(n)
    return MeanEstimate(mean, mean - half, mean + half, sd, n, confidence)


def _plain(v: object) -> object:
    return int(v) if isinstance(v, float) and v.is_integer() else v


def sequences(gen: np.random.Generator, supplies: np.ndarray, total: int, rows: int, length: int,
              replace: bool) -> np.ndarray:
    """``rows`` random draw sequences of ``length`` kind indices (without replacement: prefixes of
    shuffles). The caller keeps ``rows * max(length, total)`` within a batch."""
    if replace:
        return np.searchsorted(np.cumsum(supplies), gen.integers(0, total, size=(rows, length)), side="right")
    tokens = np.repeat(np.arange(supplies.size), supplies)
    return gen.permuted(np.tile(tokens, (rows, 1)), axis=1)[:, :length]
