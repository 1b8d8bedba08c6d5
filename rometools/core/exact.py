"""Exact multiset and hypergeometric probabilities (compatibility names over :mod:`rometools.draws`).

The draw-odds engine lives in :mod:`rometools.draws` (``Bag``, ``Draw``, conditions);
these names are the earlier API, kept as thin calls into it so existing code and
notebooks keep working. New code should use :mod:`rometools.draws` directly.

``rometools.draws`` imports :mod:`rometools.core` (errors, rng, stats), so the calls
below import it when they run, not when this module loads (no import cycle).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from fractions import Fraction

__all__ = [
    "expectation",
    "hypergeometric_distribution",
    "hypergeometric_pmf",
    "multiset_draws",
    "prob_some_kind_absent",
]


def hypergeometric_pmf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """Exact P(X = k) for X ~ Hypergeometric(population, successes, draws).

    Same as :func:`rometools.draws.hypergeometric_pmf`: 0 outside the support,
    ``ValueError`` naming ``population``, ``successes`` and ``draws`` when they are
    impossible.

    Examples
    --------
    >>> hypergeometric_pmf(0, 40, 4, 30)
    Fraction(21, 9139)
    >>> hypergeometric_pmf(31, 40, 4, 30)
    Fraction(0, 1)
    """
    from rometools.draws import hypergeometric_pmf as pmf

    return pmf(k, population, successes, draws)


def hypergeometric_distribution(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """Exact law of the number of successes in a draw without replacement.

    Same as :func:`rometools.draws.hypergeometric_distribution`.

    Examples
    --------
    >>> hypergeometric_distribution(10, 3, 2)
    {0: Fraction(7, 15), 1: Fraction(7, 15), 2: Fraction(1, 15)}
    """
    from rometools.draws import hypergeometric_distribution as law

    return law(population, successes, draws)


def multiset_draws(
    supply: Mapping[Hashable, int],
    n: int,
    *,
    exchangeable: Callable[[Hashable], Hashable] | None = None,
) -> Iterator[tuple[dict[Hashable, int], Fraction]]:
    """Enumerate the exact law of drawing ``n`` tokens without replacement.

    ``Bag(supply).draw(n).outcomes(exchangeable=...)``: the multivariate
    hypergeometric law, one count vector at a time, folded by ``exchangeable``
    (kinds with the same supply and key are interchangeable). Prefer
    ``Draw.prob`` / ``Draw.law`` with conditions or points, which fold by
    themselves and do not enumerate.

    Parameters
    ----------
    supply : Mapping[kind, int]
        Tokens of each kind in the bag.
    n : int
        Tokens drawn (draws), ``0 <= n <= sum(supply.values())``.
    exchangeable : callable, optional
        Key of a kind's symmetry class.

    Yields
    ------
    counts : dict[kind, int]
    probability : Fraction

    Raises
    ------
    ValueError
        If a supply is negative or ``n`` is more than the bag holds.

    Examples
    --------
    >>> list(multiset_draws({"a": 2, "b": 1}, 2))
    [({'a': 2, 'b': 0}, Fraction(1, 3)), ({'a': 1, 'b': 1}, Fraction(2, 3))]
    """
    from rometools.draws import Bag

    return Bag(supply).draw(n).outcomes(exchangeable=exchangeable)


def prob_some_kind_absent(supply: Mapping[Hashable, int], n: int) -> Fraction:
    """Exact probability that at least one kind is missing from a draw of ``n``.

    ``Bag(supply).draw(n).prob(some_absent())`` (kinds with zero supply count as
    absent). The engine folds kinds of equal supply, so 26 kinds take well under a
    millisecond rather than ``2^26`` subsets.

    Examples
    --------
    >>> prob_some_kind_absent({"a": 1, "b": 1, "c": 1}, 2)
    Fraction(1, 1)
    >>> prob_some_kind_absent({"a": 2, "b": 2}, 2)
    Fraction(1, 3)
    """
    from rometools.draws import Bag, some_absent

    return Bag(supply).draw(n).prob(some_absent())


def expectation(distribution: Mapping[int, Fraction]) -> Fraction:
    """Exact mean of a finite distribution ``{value: probability}``.

    Examples
    --------
    >>> expectation({0: Fraction(1, 2), 4: Fraction(1, 2)})
    Fraction(2, 1)
    """
    return sum((value * p for value, p in distribution.items()), Fraction(0))
