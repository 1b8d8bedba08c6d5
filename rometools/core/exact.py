"""Exact multiset and hypergeometric probabilities, as :class:`fractions.Fraction`.

Drawing ``n`` tokens without replacement from a bag (a multiset of token
*kinds* with a supply of each) is the common shape of setup randomness, token
bags and tile draws in every rometools game. These helpers give the exact law
of such draws from integer counts (``math.comb``), never from floats.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from fractions import Fraction
from itertools import combinations
from math import comb, factorial, prod

__all__ = [
    "expectation",
    "hypergeometric_distribution",
    "hypergeometric_pmf",
    "multiset_draws",
    "prob_some_kind_absent",
]


def _check_supply(supply: Mapping[Hashable, int], n: int) -> int:
    for kind, count in supply.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"supply of {kind!r} must be a non-negative int, got {count!r}")
    total = sum(supply.values())
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= total:
        raise ValueError(f"cannot draw {n!r} tokens from a bag of {total}")
    return total


def hypergeometric_pmf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """Exact P(X = k) for X ~ Hypergeometric(population, successes, draws).

    Parameters
    ----------
    k : int
        Number of successes observed among the draws.
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
    ValueError
        If the counts are impossible (negative, or more successes or draws than tokens).

    Examples
    --------
    Four Meat tokens among 40, thirty placed (the 2-3 player all-tokens variant):

    >>> hypergeometric_pmf(0, 40, 4, 30)
    Fraction(21, 9139)
    """
    if not 0 <= successes <= population or not 0 <= draws <= population or population < 0:
        raise ValueError(
            f"impossible hypergeometric counts: population={population}, "
            f"successes={successes}, draws={draws}"
        )
    return Fraction(comb(successes, k) * comb(population - successes, draws - k),
                    comb(population, draws))


def hypergeometric_distribution(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """Exact law of the number of successes in a draw without replacement.

    Returns
    -------
    dict[int, Fraction]
        ``{k: P(X = k)}`` for every ``k`` with non-zero probability, in increasing ``k``.
        The values sum to exactly 1.

    Examples
    --------
    >>> d = hypergeometric_distribution(10, 3, 2)
    >>> d
    {0: Fraction(7, 15), 1: Fraction(7, 15), 2: Fraction(1, 15)}
    >>> sum(d.values())
    Fraction(1, 1)
    """
    lo = max(0, draws - (population - successes))
    hi = min(successes, draws)
    return {k: hypergeometric_pmf(k, population, successes, draws) for k in range(lo, hi + 1)}


def _partitions(total: int, parts: int, cap: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing tuples of ``parts`` ints in ``0..cap`` summing to ``total``."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(cap, total), -1, -1):
        if first * parts < total:
            break
        for rest in _partitions(total - first, parts - 1, first):
            yield (first, *rest)


def _arrangements(pattern: tuple[int, ...]) -> int:
    """Distinct orderings of a multiset of counts (multinomial coefficient)."""
    out = factorial(len(pattern))
    for value in set(pattern):
        out //= factorial(pattern.count(value))
    return out


def multiset_draws(
    supply: Mapping[Hashable, int],
    n: int,
    *,
    exchangeable: Callable[[Hashable], Hashable] | None = None,
) -> Iterator[tuple[dict[Hashable, int], Fraction]]:
    """Enumerate the exact law of drawing ``n`` tokens without replacement.

    This is the multivariate hypergeometric distribution. With ``exchangeable``
    the enumeration is folded by symmetry: kinds with the same supply and the
    same ``exchangeable(kind)`` key are interchangeable, so only one
    representative per pattern is yielded, with the probability of *all* its
    permutations. Use it when whatever you compute from a draw treats those
    kinds alike (Caesar's Empire scores the eight non-gold Treasures alike).

    Parameters
    ----------
    supply : Mapping[kind, int]
        Tokens of each kind in the bag.
    n : int
        Tokens drawn (draws), ``0 <= n <= sum(supply.values())``.
    exchangeable : callable, optional
        Key of a kind's symmetry class. ``None`` (default) enumerates every
        count vector separately.

    Yields
    ------
    counts : dict[kind, int]
        Tokens of each kind drawn (every kind of ``supply`` is a key).
    probability : Fraction
        Its exact probability (summed over the folded permutations).

    Raises
    ------
    ValueError
        If a supply is negative or ``n`` is more than the bag holds.

    Examples
    --------
    >>> law = list(multiset_draws({"a": 2, "b": 1}, 2))
    >>> law
    [({'a': 2, 'b': 0}, Fraction(1, 3)), ({'a': 1, 'b': 1}, Fraction(2, 3))]
    >>> folded = list(multiset_draws({"x": 1, "y": 1}, 1, exchangeable=lambda kind: 0))
    >>> folded
    [({'x': 1, 'y': 0}, Fraction(1, 1))]
    """
    total = _check_supply(supply, n)
    denominator = comb(total, n)
    kinds = list(supply)
    if exchangeable is None:
        groups = [([kind], supply[kind]) for kind in kinds]
    else:
        by_key: dict[tuple[Hashable, int], list[Hashable]] = {}
        for kind in kinds:
            by_key.setdefault((exchangeable(kind), supply[kind]), []).append(kind)
        groups = [(members, cap) for (_, cap), members in by_key.items()]
    capacity_after = [sum(len(m) * c for m, c in groups[i:]) for i in range(len(groups) + 1)]

    def walk(i: int, left: int) -> Iterator[tuple[list[tuple[int, ...]], int]]:
        if i == len(groups):
            if left == 0:
                yield [], 1
            return
        members, cap = groups[i]
        for take in range(min(left, len(members) * cap), -1, -1):
            if left - take > capacity_after[i + 1]:
                break
            for pattern in _partitions(take, len(members), cap):
                weight = _arrangements(pattern) * prod(comb(cap, c) for c in pattern)
                for rest, rest_weight in walk(i + 1, left - take):
                    yield [pattern, *rest], weight * rest_weight

    for patterns, weight in walk(0, n):
        counts = {kind: 0 for kind in kinds}
        for (members, _), pattern in zip(groups, patterns, strict=True):
            counts.update(zip(members, pattern, strict=True))
        yield counts, Fraction(weight, denominator)


def prob_some_kind_absent(supply: Mapping[Hashable, int], n: int) -> Fraction:
    """Exact probability that at least one kind is missing from a draw of ``n``.

    Computed by inclusion-exclusion over the sets of missing kinds:
    ``P = sum_{S != {}} (-1)^(|S|+1) C(N - supply(S), n) / C(N, n)``.

    Parameters
    ----------
    supply : Mapping[kind, int]
        Tokens of each kind in the bag (kinds with zero supply count as absent).
    n : int
        Tokens drawn.

    Returns
    -------
    Fraction

    Examples
    --------
    >>> prob_some_kind_absent({"a": 1, "b": 1, "c": 1}, 2)
    Fraction(1, 1)
    >>> prob_some_kind_absent({"a": 2, "b": 2}, 2)
    Fraction(1, 3)
    """
    total = _check_supply(supply, n)
    counts = list(supply.values())
    answer = Fraction(0)
    for size in range(1, len(counts) + 1):
        sign = 1 if size % 2 else -1
        ways = sum(comb(total - sum(subset), n) for subset in combinations(counts, size))
        answer += sign * Fraction(ways, comb(total, n))
    return answer


def expectation(distribution: Mapping[int, Fraction]) -> Fraction:
    """Exact mean of a finite distribution ``{value: probability}``.

    Examples
    --------
    >>> expectation({0: Fraction(1, 2), 4: Fraction(1, 2)})
    Fraction(2, 1)
    """
    return sum((value * p for value, p in distribution.items()), Fraction(0))
