"""Monte Carlo estimates that always carry a confidence interval."""

from __future__ import annotations

from dataclasses import dataclass

from scipy.stats import binomtest

__all__ = ["ProportionEstimate", "proportion_estimate"]


@dataclass(frozen=True)
class ProportionEstimate:
    """A simulated probability with its Wilson score interval.

    Attributes
    ----------
    successes, trials : int
        Counts from the simulation.
    estimate : float
        ``successes / trials``.
    low, high : float
        Bounds of the Wilson interval at ``confidence``.
    confidence : float
        Confidence level, e.g. 0.95.
    """

    successes: int
    trials: int
    estimate: float
    low: float
    high: float
    confidence: float

    def contains(self, value: float) -> bool:
        """True when ``value`` lies inside the interval (bounds included)."""
        return self.low <= float(value) <= self.high


def proportion_estimate(successes: int, trials: int, *, confidence: float = 0.95) -> ProportionEstimate:
    """Estimate a probability from simulation counts, with a Wilson interval.

    Uses :func:`scipy.stats.binomtest` ``.proportion_ci(method="wilson")``.

    Parameters
    ----------
    successes : int
        Runs in which the event happened.
    trials : int
        Runs in all, at least 1.
    confidence : float
        Confidence level in (0, 1).

    Raises
    ------
    ValueError
        If ``trials < 1`` or ``successes`` is not in ``0..trials``.

    Examples
    --------
    >>> e = proportion_estimate(50, 100)
    >>> round(e.low, 3), round(e.high, 3)
    (0.404, 0.596)
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials and trials >= 1, got {successes}/{trials}")
    ci = binomtest(successes, trials).proportion_ci(confidence_level=confidence, method="wilson")
    return ProportionEstimate(successes, trials, successes / trials, float(ci.low), float(ci.high), confidence)
