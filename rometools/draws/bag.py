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
from collections.abc import Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.formatting import shown
from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._engine import HyperRing, MultiRing, joint
from rometools.draws._order import Source, condition_walks, plan_walk, walk_law
from rometools.draws._plan import BagBase, Plan, check_int
from rometools.draws.conditions import Condition
from rometools.draws.deal import Deal
from rometools.draws.draw import Draw
from rometools.draws.luck import PushYourLuck, Steps
from rometools.draws.simulate import batches, check_trials, compact_dtype, sequences
from rometools.draws.until import DrawsUntil

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["Bag", "SimulatedBag"]

#: Most draws in one simulated sequence of :class:`SimulatedBag` (every sequence is kept).
MAX_SEQUENCE = 100_000


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

    def draws_until(self, condition: Condition, *, replace: bool = False, bust: Condition | None = None,
                    ties: str = "bust") -> DrawsUntil | PushYourLuck:
        """Draws until ``condition`` first holds, or (push your luck) until it or a bust does.

        Parameters
        ----------
        condition : Condition
            The stop: stays true once met (lower bounds on counts, totals of values >= 0,
            kinds reached).
        replace : bool
            Draws with replacement.
        bust : Condition, optional
            A bust that ends the run first (Quacks: the white chips' total over 7).
        ties : {"bust", "stop"}
            What a draw that meets both gives.

        Returns
        -------
        DrawsUntil or PushYourLuck
            A :class:`DrawsUntil` (the law of the number of draws) for a condition on
            counts and kinds alone; a :class:`PushYourLuck` (how the run ends, what it
            scores, how many draws) with a bust or a total.

        Examples
        --------
        52 cards with 4 jacks: expected draws until the third jack.

        >>> from rometools.draws import Bag, at_least
        >>> Bag({"jack": 4, "other": 48}).draws_until(at_least("jack", 3)).mean()
        Fraction(159, 5)

        Quacks: chips drawn until the pot reaches 10, exploding when the whites pass 7.

        >>> from rometools.draws import total
        >>> chips = Bag({"white1": 4, "white2": 2, "white3": 1, "orange": 1, "green": 2})
        >>> whites = {"white1": 1, "white2": 2, "white3": 3, "orange": 0, "green": 0}
        >>> pot = {"white1": 1, "white2": 2, "white3": 3, "orange": 1, "green": 2}
        >>> run = chips.draws_until(total(pot) >= 10, bust=total(whites) >= 8)
        >>> run.prob_bust()
        Fraction(103, 252)
        """
        if bust is None and not condition_walks(condition):
            return DrawsUntil(self, condition, replace=replace)
        return PushYourLuck(self._steps(replace), condition, bust, ties=ties)

    def _steps(self, replace: bool) -> Steps:
        route = "estimate it instead: bag.draws_until(...).simulate(trials, rng=...)"
        if not replace:
            return Steps(self.kinds, self._supplies, route=route)
        if not self._total:
            raise ValueError("cannot draw with replacement from an empty bag")
        kinds, supplies = self.kinds, self._supplies
        cum = np.cumsum(np.asarray(supplies, dtype=np.int64))

        def step_law(stats):
            walk = plan_walk(stats, kinds, 1, [1] * len(kinds))
            return walk_law(walk, [Source(1, tuple(supplies), True)], "one draw", route)

        def sample(rows, gen):
            picks = np.searchsorted(cum, gen.integers(0, int(cum[-1]), size=rows), side="right")
            out = np.zeros((rows, len(kinds)), dtype=np.int64)
            out[np.arange(rows), picks] = 1
            return out

        return Steps(kinds, None, step_law, sample, route=route)

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
        self.replace = replace
        self.confidence = confidence
        if replace and max_draws is None:
            raise ValueError("draws with replacement never run out: pass max_draws")
        if replace and not bag.total:
            raise ValueError("cannot draw with replacement from an empty bag")
        length = bag.total if max_draws is None else check_int(max_draws, "max_draws")
        if length < 0 or (not replace and length > bag.total):
            raise ValueError(f"max_draws must be 0 to {bag.total} (the bag), got {shown(max_draws)}")
        if length > MAX_SEQUENCE:
            raise ValueError(f"max_draws must be at most {MAX_SEQUENCE:,} draws (each simulated sequence is kept "
                             f"whole), got {shown(max_draws)}")
        dtype = compact_dtype(max(0, len(bag) - 1))
        self.trials = check_trials(trials, per_trial=length, itemsize=dtype.itemsize)
        supplies = np.asarray(bag._supplies, dtype=np.int64)
        gen = as_generator(rng)
        self.sequences = np.zeros((self.trials, length), dtype=dtype)
        for start, stop in batches(self.trials, 2 * max(length, bag.total)):
            self.sequences[start:stop] = sequences(gen, supplies, bag.total, stop - start, length, replace)

    def prob_curve(self, condition: Condition) -> dict[int, ProportionEstimate]:
        """``{n: share of sequences meeting the condition after n draws}``, with Wilson intervals."""
        bag = self.bag
        length = self.sequences.shape[1]
        maxc = ([length if s else 0 for s in bag._supplies] if self.replace
                else [min(s, length) for s in bag._supplies])
        plan = Plan(bag.kinds, bag._supplies, maxc, condition=condition)
        k = len(bag._supplies)
        hits = np.zeros(length + 1, dtype=np.int64)
        kind_ids = np.arange(k)
        for start, stop in batches(self.trials, 4 * (length + 1) * k):
            seqs = self.sequences[start:stop]
            cum = np.zeros((seqs.shape[0], length + 1, k), dtype=np.int64)
            cum[:, 1:, :] = np.cumsum(seqs[..., None] == kind_ids, axis=1)
            hits += plan.mask(cum).sum(axis=0)
        return {n: proportion_estimate(int(h), self.trials, confidence=self.confidence)
                for n, h in enumerate(hits)}


