"""The hypergeometric law: one kind (or a pooled selection) in a draw without replacement.

The building block of every draw without replacement, from integer counts
(``math.comb``), never from floats. :meth:`rometools.draws.Draw.law` gives the same
law for any selector of a :class:`~rometools.draws.Bag`.
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from math import comb

from rometools.draws._engine import MAX_SERIES_BITS, TooLargeError, log2_comb

__all__ = ["hypergeometric_distribution", "hypergeometric_pmf"]


def _check(population: object, successes: object, draws: object) -> tuple[int, int, int]:
    for name, value in (("population", population), ("successes", successes), ("draws", draws)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} must be an int, got {value!r}")
    population, successes, draws = int(population), int(successes), int(draws)
    if population < 0 or not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(
            f"impossible hypergeometric counts: population={population}, "
            f"successes={successes}, draws={draws} (need 0 <= successes <= population "
            f"and 0 <= draws <= population)"
        )
    if log2_comb(population, min(draws, population - draws)) > MAX_SERIES_BITS // 64:
        raise TooLargeError(f"C({population:,}, {draws:,}) is too large to compute exactly; "
                            f"estimate it instead: Bag(...).draw(n).simulate(trials, rng=...)")
    return population, successes, draws


#: Most values :func:`hypergeometric_distribution` lists.
MAX_SUPPORT = 1_000_000


def hypergeometric_pmf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """Exact P(X = k) for X ~ Hypergeometric(population, successes, draws).

    Parameters
    ----------
    k : int
        Successes among the draws (tokens). Any int: outside the support
        (``k < 0``, ``k > draws``, ``k > successes``, or too few failures to fill
        the draw) the probability is 0.
    population : int
        Tokens in the bag.
    successes : int
        Tokens of the kind of interest in the bag.
    draws : int
        Tokens drawn without replacement.

    Returns
    -------
    Fraction

    Raises
    ------
    TypeError
        If an argument is not an int (the message names it).
    ValueError
        If the counts are impossible: a negative population, more successes than
        tokens, or more draws than tokens (the message quotes all three).
    TooLargeError
        If ``C(population, draws)`` has more than a million bits (too large to compute in seconds).

    Examples
    --------
    Four Meat tokens among 40, thirty placed (the 2-3 player all-tokens variant):

    >>> hypergeometric_pmf(0, 40, 4, 30)
    Fraction(21, 9139)
    >>> hypergeometric_pmf(5, 40, 4, 30)
    Fraction(0, 1)
    """
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"k must be an int, got {k!r}")
    population, successes, draws = _check(population, successes, draws)
    k = int(k)
    if k < 0 or k > draws:
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(population - successes, draws - k),
                    comb(population, draws))


def hypergeometric_distribution(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """Exact law of the number of successes in a draw without replacement.

    Parameters
    ----------
    population, successes, draws : int
        As :func:`hypergeometric_pmf` (tokens).

    Returns
    -------
    dict[int, Fraction]
        ``{k: P(X = k)}`` for every ``k`` with non-zero probability, in increasing ``k``.
        The values sum to exactly 1.

    Raises
    ------
    TypeError, ValueError
        As :func:`hypergeometric_pmf`.

    Examples
    --------
    >>> d = hypergeometric_distribution(10, 3, 2)
    >>> d
    {0: Fraction(7, 15), 1: Fraction(7, 15), 2: Fraction(1, 15)}
    >>> sum(d.values())
    Fraction(1, 1)
    """
    population, successes, draws = _check(population, successes, draws)
    lo = max(0, draws - (population - successes))
    hi = min(successes, draws)
    if hi - lo >= MAX_SUPPORT:
        raise TooLargeError(f"the law has {hi - lo + 1:,} values, more than {MAX_SUPPORT:,} to list; ask "
                            f"hypergeometric_pmf(k, ...) of the values you need")
    denominator = comb(population, draws)
    return {k: Fraction(comb(successes, k) * comb(population - successes, draws - k), denominator)
            for k in range(lo, hi + 1)}
