"""Dice and pools of dice: exact laws of totals, kept dice, counts and sets.

A :class:`Die` is its faces: numbers (``Die.d(6)``, ``Die([1, 1, 2, 3])``) or symbols
(``Die(["hit", "hit", "shield", "blank", "blank", "blank"])``), each face equally likely
(or weighted, ``Die({"hit": 2, "blank": 4})``). A :class:`Pool` is several dice rolled
together, mixed as they come (``Pool([Die.d(6), Die.d(6), Die.d(8), Die.d(10)])``). A pool
answers the same questions as a draw from a bag, ``law``, ``prob``, ``mean``,
``simulate``, with the same statistics: :func:`~rometools.draws.total`,
:func:`~rometools.draws.highest` / :func:`~rometools.draws.lowest` (keep the ``k``
highest or lowest and add them), :func:`~rometools.draws.maximum`,
:func:`~rometools.draws.minimum`, :func:`~rometools.draws.count` (successes: the dice
showing selected faces), :func:`~rometools.draws.n_distinct`,
:func:`~rometools.draws.any_at_least` (doubles, triples), :func:`~rometools.draws.score`
and :func:`~rometools.draws.with_wilds`.

Every answer is an exact :class:`fractions.Fraction` from :mod:`rometools.draws._order`
(icepool's algorithm: dice grouped by type, faces walked in value order, never the
``faces^dice`` outcomes one by one); :meth:`Pool.simulate` is the seeded twin.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.formatting import shown
from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._order import (
    Memo,
    Source,
    as_law,
    condition_stats,
    convolution_law,
    holds,
    holds_rows,
    key_of,
    plan_walk,
    sample_values,
    stat_key,
    walk_law,
)
from rometools.draws._plan import check_int, resolve_selector
from rometools.draws.conditions import Condition, Statistic, _Count, _Total, as_statistic, value_of
from rometools.draws.luck import PushYourLuck, Steps
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

__all__ = ["Die", "Pool", "SimulatedPool"]

#: Most faces one die may have, and most dice one pool may hold.
MAX_FACES = 10_000
MAX_DICE = 10_000
ROUTE = "estimate it instead: pool.simulate(trials, rng=...)"
#: Answers already computed, by question (a pool and plain statistics).
_MEMO = Memo()


def _weight(face: object, w: object) -> int:
    if isinstance(w, bool) or not isinstance(w, numbers.Integral) or w < 0:
        raise ValueError(f"the weight of face {shown(face)} must be a whole number >= 0, got {shown(w)}")
    return int(w)


class Die:
    """A die: its faces, each equally likely, or weighted.

    Parameters
    ----------
    faces : sequence of faces, or Mapping[face, int]
        The faces, numbers or symbols (any hashable); a face listed twice comes up twice
        as often. A mapping gives each face its weight (faces of that kind on the die).

    Raises
    ------
    TypeError
        If ``faces`` is a string (a die of characters is almost always a mistake: pass a
        list) or neither a sequence nor a mapping, or a face is unhashable.
    ValueError
        If the die has no face, a weight is not a whole number >= 0, or it has more than
        10,000 faces.

    Examples
    --------
    >>> Die.d(6)
    Die.d(6)
    >>> Die(["hit", "hit", "blank", "blank", "blank", "crit"]).law()
    {'hit': Fraction(1, 3), 'blank': Fraction(1, 2), 'crit': Fraction(1, 6)}
    >>> Die([])
    Traceback (most recent call last):
    ...
    ValueError: a die needs at least one face
    """

    __slots__ = ("_hash", "_weights")

    def __init__(self, faces: Sequence[Hashable] | Mapping[Hashable, int]):
        if isinstance(faces, str | bytes):
            raise TypeError(f"a die takes a list of faces, not the string {shown(faces)}: "
                            f"Die(list({faces[:10]!r})) if each character is a face")
        weights: dict[Hashable, int] = {}
        if type(faces) is range and len(faces) <= MAX_FACES:  # Die.d(n): the common case, no ABC checks
            self._weights = dict.fromkeys(faces, 1)
            if not self._weights:
                raise ValueError("a die needs at least one face")
            self._hash = None
            return
        if isinstance(faces, Mapping):
            items = list(faces.items())
            if len(items) > MAX_FACES:
                raise ValueError(f"a die may have at most {MAX_FACES:,} faces, got {len(items):,}")
            for face, w in items:
                hash(face)
                w = _weight(face, w)
                if w:
                    weights[face] = weights.get(face, 0) + w
        elif isinstance(faces, Iterable):
            for i, face in enumerate(faces):
                if i >= MAX_FACES:
                    raise ValueError(f"a die may have at most {MAX_FACES:,} faces")
                try:
                    weights[face] = weights.get(face, 0) + 1
                except TypeError:
                    raise TypeError(f"face {i} of the die, {shown(face)}, is not hashable: faces are "
                                    f"numbers or names") from None
        else:
            raise TypeError(f"a die takes a list of faces or a mapping {{face: weight}}, got {shown(faces)}")
        if not weights:
            raise ValueError("a die needs at least one face")
        if sum(weights.values()) > 10**12:
            raise ValueError("a die's weights may add up to at most 10**12")
        self._weights = weights
        self._hash: int | None = None

    @classmethod
    def d(cls, n: int) -> Die:
        """The die numbered 1 to ``n`` (a d6 is ``Die.d(6)``).

        Raises
        ------
        ValueError
            If ``n`` is not a whole number from 1 to 10,000.

        Examples
        --------
        >>> Die.d(4).law()
        {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4)}
        """
        n = check_int(n, "sides")
        if not 1 <= n <= MAX_FACES:
            raise ValueError(f"a die has 1 to {MAX_FACES:,} sides, got {n}")
        return cls(range(1, n + 1))

    @classmethod
    def from_law(cls, law: Mapping[Hashable, Fraction]) -> Die:
        """The die whose faces come up with the probabilities of ``law`` (a law as a die).

        For a die made of a question's answer: the total of 3d6 as one die, rolled twelve
        times and the six best kept.

        Raises
        ------
        TypeError
            If a probability is not exact (a float).
        ValueError
            If a probability is negative or they do not add up to 1.

        Examples
        --------
        >>> from rometools.draws import total
        >>> three = Die.from_law(Pool([Die.d(6)] * 3).law(total()))
        >>> three.law()[10]
        Fraction(1, 8)
        """
        probs = as_law(law, "Die.from_law")
        den = lcm(*(p.denominator for p in probs.values())) if probs else 1
        return cls({face: int(p * den) for face, p in probs.items() if p})

    # ------------------------------------------------------------ value
    @property
    def faces(self) -> tuple[Hashable, ...]:
        """The distinct faces, in the order given."""
        return tuple(self._weights)

    @property
    def weights(self) -> dict[Hashable, int]:
        """``{face: weight}`` (faces of that kind on the die)."""
        return dict(self._weights)

    @property
    def sides(self) -> int:
        """The total weight (the number of faces of a plain die)."""
        return sum(self._weights.values())

    def law(self) -> dict[Hashable, Fraction]:
        """``{face: probability}`` of one roll.

        Examples
        --------
        >>> Die([1, 1, 2]).law()
        {1: Fraction(2, 3), 2: Fraction(1, 3)}
        """
        n = self.sides
        return {face: Fraction(w, n) for face, w in self._weights.items()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Die) and self._weights == other._weights

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._weights.items()))
        return self._hash

    def __repr__(self) -> str:
        faces = list(self._weights)
        if all(w == 1 for w in self._weights.values()):
            if faces == list(range(1, len(faces) + 1)):
                return f"Die.d({len(faces)})"
            return f"Die({faces!r})" if len(faces) <= 12 else f"Die([{faces[0]!r}, ... {len(faces)} faces])"
        return f"Die({self._weights!r})" if len(faces) <= 12 else f"Die({{... {len(faces)} faces}})"

    # ------------------------------------------------------------ derived dice
    def pool(self, n: int) -> Pool:
        """``n`` of this die as a pool (icepool's ``d6.pool(4)``).

        Examples
        --------
        >>> Die.d(6).pool(4)
        Pool([Die.d(6)] * 4)
        """
        n = check_int(n, "dice")
        if not 0 <= n <= MAX_DICE:
            raise ValueError(f"a pool holds 0 to {MAX_DICE:,} dice, got {n}")
        return Pool([self] * n)

    def reroll(self, faces: object, *, times: int | None = 1) -> Die:
        """The die when a roll showing ``faces`` is rolled again (the last roll stands).

        Parameters
        ----------
        faces : face, collection of faces, or predicate over a face
            Which results are rolled again.
        times : int or None
            Most re-rolls (1: "re-roll 1s once"); ``None``: until no such face shows.

        Raises
        ------
        ValueError
            If ``times`` is negative, or with ``times=None`` every face is re-rolled.

        Examples
        --------
        Great Weapon Fighting: re-roll a 1 or a 2 once.

        >>> Die.d(6).reroll([1, 2]).law()[6]
        Fraction(2, 9)
        >>> Die.d(6).reroll(1, times=None)
        Die([2, 3, 4, 5, 6])
        """
        chosen = self._select(faces, "reroll")
        law = self.law()
        p_again = sum((law[f] for f in chosen), Fraction(0))
        if times is None:
            if p_again == 1:
                raise ValueError("every face is re-rolled: the die never stops")
            return Die.from_law({f: p / (1 - p_again) for f, p in law.items() if f not in chosen})
        times = check_int(times, "times")
        if not 0 <= times <= 100:
            raise ValueError(f"times must be 0 to 100 re-rolls (or None: until no such face), got {times}")
        # a face re-rolled stands only on the last roll; any other is kept on any of times + 1 rolls
        keep = sum((p_again ** i for i in range(times + 1)), Fraction(0))
        return Die.from_law({f: (p_again ** times * p if f in chosen else keep * p) for f, p in law.items()})

    def rolls_until(self, stop: Condition, *, bust: Condition | None = None, ties: str = "bust") -> PushYourLuck:
        """This die rolled again and again until ``stop`` or ``bust`` holds (:meth:`Pool.rolls_until`).

        Examples
        --------
        Pig: roll until the turn's total reaches 20, a 1 losing the turn's points.

        >>> from rometools.draws import count, total
        >>> Die.d(6).rolls_until(total() >= 20, bust=count(1) >= 1).mean(if_bust=0)
        Fraction(492303203, 60466176)
        """
        return Pool([self]).rolls_until(stop, bust=bust, ties=ties)

    def explode(self, faces: object, *, depth: int = 3) -> Die:
        """The die when a roll showing ``faces`` adds another roll (which may explode again).

        Parameters
        ----------
        faces : face, collection of faces, or predicate over a face
            Which results explode (numbers only).
        depth : int
            Most extra rolls, 0 to 20.

        Examples
        --------
        >>> Die.d(6).explode(6, depth=1).law()[12]
        Fraction(1, 36)
        """
        chosen = self._select(faces, "explode")
        depth = check_int(depth, "depth")
        if not 0 <= depth <= 20:
            raise ValueError(f"depth must be 0 to 20 extra rolls, got {depth}")
        base = {value_of(None, f, "explode()"): p for f, p in self.law().items()}
        law = dict(base)
        for _ in range(depth):
            nxt: dict[int, Fraction] = {}
            for f, p in base.items():
                if f in chosen:
                    for g, q in law.items():
                        nxt[f + g] = nxt.get(f + g, Fraction(0)) + p * q
                else:
                    nxt[f] = nxt.get(f, Fraction(0)) + p
            law = nxt
        return Die.from_law(dict(sorted(law.items())))

    def _select(self, faces: object, what: str) -> set:
        if callable(faces):
            return {f for f in self._weights if faces(f)}
        if isinstance(faces, Iterable) and not isinstance(faces, str | bytes):
            chosen = set(faces)
        else:
            chosen = {faces}
        unknown = [f for f in chosen if f not in self._weights]
        if unknown:
            raise ValueError(f"{what}: {shown(unknown[0])} is not a face of {self!r}")
        return chosen


class Pool:
    """Dice rolled together, mixed as they come: the same questions as a draw.

    Parameters
    ----------
    dice : iterable of Die
        The dice (any mix). A pool of 0 dice has the one empty roll.

    Raises
    ------
    TypeError
        If an item is not a :class:`Die` (the message names its position).
    ValueError
        If the pool holds more than 10,000 dice.

    Examples
    --------
    4d6, keep the 3 highest: the chance of 18, and the mean.

    >>> from rometools.draws import Die, Pool, highest, total
    >>> stats = Pool([Die.d(6)] * 4)
    >>> stats.law(highest(3))[18], stats.mean(highest(3))
    (Fraction(7, 432), Fraction(15869, 1296))
    >>> Pool([Die.d(6), Die.d(6), Die.d(8), Die.d(10)]).prob(total() >= 20)
    Fraction(169, 576)
    """

    __slots__ = ("_dice", "_groups", "_kinds")

    def __init__(self, dice: Iterable[Die]):
        if isinstance(dice, Die):
            raise TypeError("Pool takes a list of dice: Pool([die]) or die.pool(n)")
        groups: dict[Die, int] = {}
        listed = []
        for i, die in enumerate(dice):
            if not isinstance(die, Die):
                raise TypeError(f"item {i} of the pool is not a Die: {shown(die)}")
            if i >= MAX_DICE:
                raise ValueError(f"a pool holds at most {MAX_DICE:,} dice")
            groups[die] = groups.get(die, 0) + 1
            listed.append(die)
        self._dice = tuple(listed)
        self._groups = tuple(groups.items())
        kinds: dict[Hashable, None] = {}
        for die in groups:
            kinds.update(dict.fromkeys(die.faces))
        order = list(kinds)
        if all(isinstance(k, numbers.Integral) and not isinstance(k, bool) for k in order):
            order.sort()
        self._kinds = tuple(order)

    @classmethod
    def from_text(cls, text: str, *, max_dice: int = MAX_DICE) -> Pool:
        """A pool written as designers write it: ``2d6 + d8``, ``3[hit, hit, blank, blank, blank, crit]``.

        Terms are joined by ``+``; each is ``NdS`` (``N`` dice numbered 1 to ``S``; ``N``
        defaults to 1), ``NdF`` (Fudge dice: -1, 0, +1) or ``N[face, face, ...]`` (``N``
        dice with those faces; a number is a number, anything else a symbol).

        Parameters
        ----------
        text : str
        max_dice : int
            Most dice the pool may hold.

        Raises
        ------
        ValueError
            Naming the term that does not read, with an example.

        Examples
        --------
        >>> Pool.from_text("2d6 + d8")
        Pool([Die.d(6) x 2, Die.d(8)])
        >>> Pool.from_text("2[hit, miss, miss]")
        Pool([Die({'hit': 1, 'miss': 2})] * 2)
        >>> Pool.from_text("2d6 + 3x")
        Traceback (most recent call last):
        ...
        ValueError: '3x' is not a die: write NdS (2d6), NdF or N[faces] (3[hit, hit, miss]), joined by +
        """
        if not isinstance(text, str):
            raise TypeError(f"a pool is written as text such as '2d6 + d8', got {shown(text)}")
        if len(text) > 2000:
            raise ValueError(f"a pool's text may be at most 2,000 characters, got {len(text):,}")
        dice: list[Die] = []
        for term in _split_terms(text):
            count, die = _term(term)
            if len(dice) + count > max_dice:
                raise ValueError(f"a pool here holds at most {max_dice:,} dice")
            dice.extend([die] * count)
        if not dice:
            raise ValueError("the pool is empty: write at least one die, e.g. 2d6")
        return cls(dice)

    def text(self) -> str:
        """The pool in the notation :meth:`from_text` reads (``2d6 + d8``).

        Examples
        --------
        >>> Pool.from_text("d8 + 2d6").text()
        'd8 + 2d6'
        """
        parts = []
        for die, n in self._groups:
            parts.append(f"{n if n > 1 else ''}{_die_text(die)}")
        return " + ".join(parts)

    @property
    def dice(self) -> tuple[Die, ...]:
        """The dice, in the order given."""
        return self._dice

    @property
    def kinds(self) -> tuple[Hashable, ...]:
        """Every face any die shows (numbers in increasing order), the kinds statistics read."""
        return self._kinds

    def __len__(self) -> int:
        return len(self._dice)

    def __iter__(self) -> Iterator[Die]:
        return iter(self._dice)

    def __add__(self, other: object) -> Pool:
        if isinstance(other, Die):
            return Pool([*self._dice, other])
        if isinstance(other, Pool):
            return Pool([*self._dice, *other._dice])
        return NotImplemented

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pool) and dict(self._groups) == dict(other._groups)

    def __hash__(self) -> int:
        return hash(frozenset(self._groups))

    def __repr__(self) -> str:
        if len(self._groups) == 1:
            die, n = self._groups[0]
            return f"Pool([{die!r}] * {n})"
        return "Pool([" + ", ".join(f"{die!r}" + (f" x {n}" if n > 1 else "") for die, n in self._groups) + "])"

    # ------------------------------------------------------------ engine
    def _sources(self) -> list[Source]:
        return [Source(n, tuple(die._weights.get(k, 0) for k in self._kinds)) for die, n in self._groups]

    def _most(self) -> list[int]:
        return [sum(n for die, n in self._groups if k in die._weights) for k in self._kinds]

    def _key(self) -> object:
        return frozenset((frozenset(die._weights.items()), n) for die, n in self._groups)

    def _joint(self, stats: Sequence[Statistic], what: str) -> dict[tuple, Fraction]:
        key = key_of(self._key(), *(stat_key(s) for s in stats))
        found = _MEMO.get(key)
        if found is None:
            found = self._compute(stats, what)
            _MEMO.put(key, found)
        return found

    def _compute(self, stats: Sequence[Statistic], what: str) -> dict[tuple, Fraction]:
        sources = self._sources()
        if len(stats) == 1 and isinstance(stats[0], _Total | _Count):
            stat = stats[0]
            if isinstance(stat, _Total):
                vals = [value_of(stat.values, k, repr(stat)) for k in self._kinds]
            else:
                members = set(resolve_selector(stat.selector, {k: i for i, k in enumerate(self._kinds)},
                                               self._kinds, place="pool"))
                vals = [int(i in members) for i in range(len(self._kinds))]
            law = convolution_law([vals] * len(sources), sources, what, ROUTE)
            return {(v,): p for v, p in law.items()}
        walk = plan_walk(stats, self._kinds, len(self._dice), self._most(), "pool")
        return walk_law(walk, sources, what, ROUTE)

    # ------------------------------------------------------------ questions
    def law(self, x: object) -> dict[object, Fraction]:
        """Exact law of a statistic of the roll: ``{value: probability}``.

        Parameters
        ----------
        x : Statistic, selector or Mapping
            :func:`~rometools.draws.total`, :func:`~rometools.draws.highest`, ...; a face
            (or faces, or a predicate) for the number of dice showing it; a points mapping
            ``{face: table}`` for :func:`~rometools.draws.score`.

        Returns
        -------
        dict
            Values with non-zero probability, in increasing order; they sum to 1.

        Raises
        ------
        ValueError
            A statistic over values on faces that are not numbers (pass ``values=``), an
            unknown face.
        TooLargeError
            If the exact law is too large to compute in seconds (use :meth:`simulate`).

        Examples
        --------
        Successes: dice showing 5 or 6 among 5d6.

        >>> Pool([Die.d(6)] * 5).law([5, 6])[2]
        Fraction(80, 243)
        """
        stat = as_statistic(x)
        return {key[0]: p for key, p in self._joint([stat], repr(stat)).items()}  # a new dict each time

    def prob(self, condition: Condition) -> Fraction:
        """Exact probability that the roll meets ``condition``.

        Examples
        --------
        Yahtzee's opening roll: five of a kind.

        >>> from rometools.draws import any_at_least
        >>> Pool([Die.d(6)] * 5).prob(any_at_least(5))
        Fraction(1, 1296)
        """
        if not isinstance(condition, Condition):
            raise TypeError(f"prob() takes a condition (total() >= 10, any_at_least(2), ...), got {shown(condition)}")
        stats = condition_stats(condition)
        law = self._joint(stats, repr(condition))
        out = Fraction(0)
        for key, p in law.items():
            if holds(condition, {id(s): v for s, v in zip(stats, key, strict=True)}):
                out += p
        return out

    def mean(self, x: object) -> Fraction:
        """Exact mean of a statistic of the roll.

        Examples
        --------
        >>> from rometools.draws import maximum
        >>> Pool([Die.d(6), Die.d(6)]).mean(maximum())
        Fraction(161, 36)
        """
        return sum((Fraction(v) * p for v, p in self.law(x).items()), Fraction(0))

    def outcomes(self) -> Iterator[tuple[dict[Hashable, int], Fraction]]:
        """Every roll as ``{face: dice showing it}`` with its probability (enumeration: small pools).

        Examples
        --------
        >>> list(Pool([Die(["hit", "miss"])] * 2).outcomes())
        [({'hit': 0, 'miss': 2}, Fraction(1, 4)), ({'hit': 1, 'miss': 1}, Fraction(1, 2)), ({'hit': 2, 'miss': 0}, Fraction(1, 4))]
        """
        from rometools.draws.conditions import count

        stats = [count(k) for k in self._kinds]
        for key, p in self._joint(stats, "every roll").items():
            yield dict(zip(self._kinds, key, strict=True)), p

    def reroll(self, faces: object, *, times: int | None = 1) -> Pool:
        """The pool with each die's :meth:`Die.reroll` (a die showing ``faces`` rolled again).

        Examples
        --------
        >>> from rometools.draws import total
        >>> Pool([Die.d(6)] * 2).reroll(1).law(total())[2]
        Fraction(1, 1296)
        """
        return Pool([die.reroll(faces, times=times) if self._has(die, faces) else die for die in self._dice])

    @staticmethod
    def _has(die: Die, faces: object) -> bool:
        if callable(faces):
            return any(faces(f) for f in die.faces)
        chosen = set(faces) if isinstance(faces, Iterable) and not isinstance(faces, str | bytes) else {faces}
        return bool(chosen & set(die.faces))

    def rolls_until(self, stop: Condition, *, bust: Condition | None = None, ties: str = "bust") -> PushYourLuck:
        """Roll the pool again and again, adding up, until ``stop`` or ``bust`` holds (push your luck).

        Each roll adds to the running statistics (counts, totals); the run ends when
        ``stop`` holds (the player banks) or ``bust`` holds (the turn is lost).

        Parameters
        ----------
        stop, bust : Condition
            Lower bounds on running counts and totals (of values >= 0).
        ties : {"bust", "stop"}
            What a roll that meets both gives.

        Examples
        --------
        Roll 2d6 until the total reaches 21; a roll with a 1 in it busts.

        >>> from rometools.draws import count, total
        >>> run = Pool([Die.d(6)] * 2).rolls_until(total() >= 21, bust=count(1) >= 1)
        >>> float(run.prob_bust()) > 0.5
        True
        """
        route = "estimate it instead: pool.rolls_until(...).simulate(trials, rng=...)"
        kinds = self._kinds
        sources = self._sources()

        def step_law(stats):
            return self._joint(stats, "one roll")

        def sample(rows, gen):
            out = np.zeros((rows, len(kinds)), dtype=np.int64)
            for source in sources:
                cum = np.cumsum(np.asarray(source.weights, dtype=np.int64))
                picks = gen.integers(0, int(cum[-1]), size=(rows, source.n))
                out += row_bincount(np.searchsorted(cum, picks, side="right"), len(kinds))
            return out

        return PushYourLuck(Steps(kinds, None, step_law, sample, noun="rolls", route=route), stop, bust, ties=ties)

    def simulate(self, trials: int = 10_000, *, rng: RngLike = None, confidence: float = 0.95) -> SimulatedPool:
        """The seeded Monte Carlo twin: ``trials`` rolls, with the same question methods.

        Examples
        --------
        >>> from rometools.draws import highest
        >>> pool = Pool([Die.d(6)] * 4)
        >>> pool.simulate(4000, rng=1).mean(highest(3)).contains(pool.mean(highest(3)))
        True
        """
        return SimulatedPool(self, trials, rng=rng, confidence=confidence)


def _split_terms(text: str) -> list[str]:
    """``text`` cut at the ``+`` outside brackets."""
    terms, depth, word = [], 0, ""
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch == "+" and depth == 0:
            terms.append(word.strip())
            word = ""
        else:
            word += ch
    terms.append(word.strip())
    return [t for t in terms if t] if any(terms) else []


_TERM_HELP = "write NdS (2d6), NdF or N[faces] (3[hit, hit, miss]), joined by +"


def _term(term: str) -> tuple[int, Die]:
    bad = ValueError(f"{shown(term)} is not a die: {_TERM_HELP}")
    m = re.fullmatch(r"(\d*)\s*[dD]\s*(\d+|[fF])", term)
    if m:
        count = int(m.group(1)) if m.group(1) else 1
        if count > MAX_DICE:
            raise ValueError(f"{shown(term)}: a pool holds at most {MAX_DICE:,} dice")
        if m.group(2) in "fF":
            return count, Die([-1, 0, 1])
        sides = int(m.group(2))
        if not 1 <= sides <= MAX_FACES:
            raise ValueError(f"{shown(term)}: a die has 1 to {MAX_FACES:,} sides")
        return count, Die.d(sides)
    m = re.fullmatch(r"(\d*)\s*\[(.*)\]", term, flags=re.S)
    if not m:
        raise bad
    count = int(m.group(1)) if m.group(1) else 1
    if count > MAX_DICE:
        raise ValueError(f"{shown(term)}: a pool holds at most {MAX_DICE:,} dice")
    faces = [f.strip() for f in m.group(2).split(",")]
    if not all(faces):
        raise ValueError(f"{shown(term)}: list the faces between the brackets, separated by commas")
    return count, Die([int(f) if re.fullmatch(r"[+-]?\d{1,12}", f) else f for f in faces])


def _die_text(die: Die) -> str:
    faces = list(die.weights)
    if all(w == 1 for w in die.weights.values()):
        if faces == list(range(1, len(faces) + 1)):
            return f"d{len(faces)}"
        if faces == [-1, 0, 1]:
            return "dF"
    listed = [str(f) for f, w in die.weights.items() for _ in range(w)]
    return "[" + ", ".join(listed) + "]"


class SimulatedPool:
    """``trials`` seeded rolls of one :class:`Pool`, asked the same questions.

    Attributes
    ----------
    counts : numpy.ndarray, shape (trials, kinds)
        Dice showing each face (``pool.kinds`` order) in each simulated roll.

    Examples
    --------
    >>> from rometools.draws import Die, Pool, total
    >>> sim = Pool([Die.d(6)] * 3).simulate(3000, rng=2)
    >>> sim.counts.shape, sim.prob(total() >= 10).contains(Fraction(5, 8))
    ((3000, 6), True)
    """

    def __init__(self, pool: Pool, trials: int = 10_000, *, rng: RngLike = None, confidence: float = 0.95):
        self.pool = pool
        k = len(pool.kinds)
        dtype = compact_dtype(len(pool))
        self.trials = trials = check_trials(trials, per_trial=max(k, 1), itemsize=dtype.itemsize)
        self.confidence = confidence
        gen = as_generator(rng)
        self.counts = counts = np.zeros((trials, k), dtype=dtype)
        for source in pool._sources():
            cum = np.cumsum(np.asarray(source.weights, dtype=np.int64))
            for start, stop in batches(trials, source.n + k):
                picks = gen.integers(0, int(cum[-1]), size=(stop - start, source.n))
                counts[start:stop] += row_bincount(np.searchsorted(cum, picks, side="right"), k).astype(dtype)

    def _rows(self) -> Iterator[np.ndarray]:
        for start, stop in batches(self.trials, 4 * self.counts.shape[1] + 4):
            yield self.counts[start:stop].astype(np.int64)

    def prob(self, condition: Condition) -> ProportionEstimate:
        """Share of the simulated rolls meeting ``condition``, with its Wilson interval."""
        stats = condition_stats(condition)
        hits = 0
        for rows in self._rows():
            values = {id(s): sample_values(s, rows, self.pool.kinds, "pool") for s in stats}
            hits += int(holds_rows(condition, values).sum())
        return proportion_estimate(hits, self.trials, confidence=self.confidence)

    def _values(self, x: object) -> Iterator[np.ndarray]:
        stat = as_statistic(x)
        return (sample_values(stat, rows, self.pool.kinds, "pool") for rows in self._rows())

    def law(self, x: object) -> dict[object, ProportionEstimate]:
        """Simulated law of a statistic: ``{value seen: estimate}``."""
        return law_from_histogram(histogram(self._values(x)), self.trials, self.confidence)

    def mean(self, x: object) -> MeanEstimate:
        """Simulated mean of a statistic, with its t interval."""
        return mean_from_histogram(histogram(self._values(x)), self.confidence)
