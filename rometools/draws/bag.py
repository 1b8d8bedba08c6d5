"""Bags of tokens and draws from them: exact probabilities, laws and means.

A :class:`Bag` is an immutable multiset of token *kinds* (a tile stack, a deck, a
token bag, a die's faces). ``bag.draw(n)`` is :class:`Draw`: ``n`` tokens taken
uniformly at random, without replacement (or with, ``replace=True``). Questions are
conditions and statistics from :mod:`rometools.draws.conditions`; answers are
exact :class:`fractions.Fraction` computed by the generating-function engine
(:mod:`rometools.draws._engine`), never by enumerating outcomes one by one.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from rometools.draws._engine import HyperRing, MultiRing, enumerate_counts, joint, marginal
from rometools.draws._plan import BagBase, Plan, check_int
from rometools.draws.conditions import (
    Condition,
    Statistic,
    _Count,
    _Reach,
    _Score,
    as_statistic,
)
from rometools.draws.deal import Deal
from rometools.draws.simulate import SimulatedBag, SimulatedDraw
from rometools.draws.until import DrawsUntil

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["Bag", "Draw"]


class Bag(BagBase):
    """An immutable multiset of token kinds: ``{kind: tokens}``.

    A kind is any hashable id (``"red"``, ``7``) or a tuple of attributes
    (``("red", "temple")``) that predicates can read (``lambda card: card[0] == "red"``).
    Kinds keep the order given. A kind with 0 tokens is allowed (it is never drawn,
    and counts as missing for :func:`~rometools.draws.some_absent`).

    Parameters
    ----------
    counts : Mapping[kind, int]
        Tokens of each kind (tokens), non-negative ints.

    Raises
    ------
    TypeError
        If ``counts`` is not a mapping (for a list of tokens, pass
        ``collections.Counter(tokens)``).
    ValueError
        If a count is negative or not an int: ``supply of 'red' must be a
        non-negative int, got -1``.

    Examples
    --------
    >>> bag = Bag({"red": 3, "green": 2, "yellow": 1})
    >>> bag
    Bag({'red': 3, 'green': 2, 'yellow': 1})
    >>> bag.total, len(bag), bag["green"]
    (6, 3, 2)
    >>> Bag({"red": -1})
    Traceback (most recent call last):
    ...
    ValueError: supply of 'red' must be a non-negative int, got -1
    """

    __slots__ = ("_counts", "_hash", "_supplies", "_total")

    def __init__(self, counts: Mapping[Hashable, int]):
        if not isinstance(counts, Mapping):
            raise TypeError(f"Bag takes a mapping {{kind: tokens}}, got {counts!r}; "
                            f"for a list of tokens use Bag(collections.Counter(tokens))")
        checked: dict[Hashable, int] = {}
        for kind, n in counts.items():
            if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
                raise ValueError(f"supply of {kind!r} must be a non-negative int, got {n!r}")
            checked[kind] = int(n)
        self._counts = checked
        self._supplies = tuple(checked.values())
        self._total = sum(self._supplies)
        self._hash: int | None = None

    # ------------------------------------------------------------ mapping
    def __getitem__(self, kind: Hashable) -> int:
        return self._counts[kind]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._counts.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Bag({self._counts!r})"

    @property
    def total(self) -> int:
        """Tokens in the bag (tokens)."""
        return self._total

    @property
    def kinds(self) -> tuple[Hashable, ...]:
        """The kinds, in the order given."""
        return tuple(self._counts)

    # ------------------------------------------------------------ derived bags
    def remove(self, counts: Mapping[Hashable, int]) -> Bag:
        """A new bag with ``counts`` tokens taken out (tokens already seen, say).

        Raises
        ------
        ValueError
            If a kind is unknown or more tokens are removed than the bag holds.

        Examples
        --------
        >>> Bag({"red": 3, "green": 2}).remove({"red": 1})
        Bag({'red': 2, 'green': 2})
        """
        out = dict(self._counts)
        for kind, n in counts.items():
            if kind not in out:
                raise ValueError(f"cannot remove {kind!r}: not a kind of this bag")
            n = check_int(n, f"tokens of {kind!r} to remove")
            if not 0 <= n <= out[kind]:
                raise ValueError(f"cannot remove {n} {kind!r} from a bag holding {out[kind]}")
            out[kind] -= n
        return Bag(out)

    # ------------------------------------------------------------ questions
    def draw(self, n: int, *, replace: bool = False) -> Draw:
        """``n`` tokens drawn uniformly at random (without replacement by default).

        Parameters
        ----------
        n : int
            Tokens drawn (draws), ``0 <= n <= total`` without replacement.
        replace : bool
            Return each token before the next draw (dice, "draw and put back").

        Raises
        ------
        ValueError
            If ``n`` is negative, more than the bag holds (without replacement), or
            positive from an empty bag.

        Examples
        --------
        >>> from rometools.draws import Bag, at_least
        >>> Bag({"red": 3, "green": 2}).draw(6)
        Traceback (most recent call last):
        ...
        ValueError: cannot draw 6 tokens from a bag of 5 without replacement
        >>> Bag({"red": 3, "green": 2}).draw(6, replace=True).prob(at_least("red", 6))
        Fraction(729, 15625)
        """
        return Draw(self, n, replace=replace)

    def draws_until(self, condition: Condition, *, replace: bool = False) -> DrawsUntil:
        """The number of draws until ``condition`` first holds (see :class:`DrawsUntil`).

        Examples
        --------
        52 cards with 4 jacks: expected draws until the third jack.

        >>> from rometools.draws import Bag, at_least
        >>> Bag({"jack": 4, "other": 48}).draws_until(at_least("jack", 3)).mean()
        Fraction(159, 5)
        """
        return DrawsUntil(self, condition, replace=replace)

    def deal(self, sizes: Iterable[int]) -> Deal:
        """Hands (or displays, or turns) dealt at once from this bag (see :class:`Deal`).

        Examples
        --------
        5 displays of 4 from 20 tiles with 4 yellow: how the yellows split.

        >>> from rometools.draws import Bag
        >>> split = Bag({"yellow": 4, "other": 16}).deal([4] * 5).split("yellow", sort=True)
        >>> split[(2, 2, 0, 0, 0)] + split[(1, 1, 1, 1, 0)]
        Fraction(328, 969)
        """
        return Deal(self, tuple(sizes))

    def prob_curve(self, condition: Condition, *, replace: bool = False,
                   max_draws: int | None = None) -> dict[int, Fraction]:
        """``{n: P(condition holds after n draws)}`` for every ``n``, in one pass.

        Parameters
        ----------
        condition : Condition
            Any condition (it need not stay true once met).
        replace : bool
            Draws with replacement; then ``max_draws`` is required.
        max_draws : int, optional
            Last ``n`` (draws); default the whole bag without replacement.

        Raises
        ------
        ValueError
            If ``max_draws`` is missing with replacement, negative, or more than the
            bag holds without replacement.

        Examples
        --------
        >>> from rometools.draws import Bag, some_absent
        >>> curve = Bag({"red": 3, "green": 2, "yellow": 1}).prob_curve(some_absent())
        >>> curve[3], curve[5], curve[6]
        (Fraction(7, 10), Fraction(1, 6), Fraction(0, 1))
        """
        if replace:
            if max_draws is None:
                raise ValueError("draws with replacement never run out: pass max_draws")
            horizon = check_int(max_draws, "max_draws")
            if horizon < 0:
                raise ValueError(f"max_draws must be >= 0, got {horizon}")
            if horizon and not self._total:
                raise ValueError("cannot draw with replacement from an empty bag")
            ring = MultiRing(self._total, horizon)
            maxc = [horizon if s else 0 for s in self._supplies]
        else:
            horizon = self._total if max_draws is None else check_int(max_draws, "max_draws")
            if not 0 <= horizon <= self._total:
                raise ValueError(f"max_draws must be 0 to {self._total} (the bag), got {horizon}")
            ring = HyperRing(self._total, horizon)
            maxc = [min(s, horizon) for s in self._supplies]
        plan = Plan(self.kinds, self._supplies, maxc, condition=condition)
        law = joint(plan, ring, repr(condition))
        hits = sum((series for state, series in law.items() if plan.predicate(state)), ring.zero)
        ways = ring.coefficients(hits)
        return {t: Fraction(ways[t], ring.denominator(t)) for t in range(horizon + 1)}

    def simulate(self, trials: int = 10_000, *, rng: RngLike = None, replace: bool = False,
                 max_draws: int | None = None, confidence: float = 0.95) -> SimulatedBag:
        """The Monte Carlo twin of :meth:`prob_curve`: ``trials`` seeded draw sequences.

        Parameters
        ----------
        trials : int
            Simulated sequences, at least 2.
        rng : None, int, SeedSequence, BitGenerator or Generator
            Seed or generator (SPEC 7).
        replace, max_draws
            As :meth:`prob_curve` (``max_draws`` required with replacement).
        confidence : float
            Level of the Wilson intervals.

        Returns
        -------
        SimulatedBag
            ``.prob_curve(condition)`` -> ``{n: ProportionEstimate}``.

        Examples
        --------
        >>> from rometools.draws import Bag, some_absent
        >>> bag = Bag({"red": 3, "green": 2, "yellow": 1})
        >>> bag.simulate(3000, rng=6).prob_curve(some_absent())[4].contains(bag.prob_curve(some_absent())[4])
        True
        """
        return SimulatedBag(self, trials, rng=rng, replace=replace, max_draws=max_draws,
                            confidence=confidence)


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

    bag: Bag
    n: int
    replace: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.bag, Bag):
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
        plan = self._plan(condition)
        ring = self._ring()
        law = joint(plan, ring, repr(condition))
        hits = sum((series for state, series in law.items() if plan.predicate(state)), ring.zero)
        return Fraction(ring.coefficient(hits, self.n), ring.denominator(self.n))

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
        stat = as_statistic(x)
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
        stat = as_statistic(x)
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
