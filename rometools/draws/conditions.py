"""What a draw question asks about: selectors, statistics and conditions.

A **selector** picks tokens of a bag: one kind (``"red"``, ``("red", "temple")``),
a collection of kinds (their tokens pooled: ``{"H", "K"}``), or a predicate over a
kind (``lambda card: card[0] == "red"``).

A **statistic** is an integer read off a draw or a roll: :func:`count` (tokens, pooled
over a selector), :func:`n_distinct` and :func:`n_kinds_at_least` (kinds), :func:`score`
(points); over *values* (a die's faces, or ``values={kind: number}`` for a bag's kinds):
:func:`total`, :func:`highest` and :func:`lowest` (the sum of the ``k`` highest or lowest
values), :func:`maximum`, :func:`minimum`, :func:`kth_highest`, :func:`kth_lowest`; and
:func:`with_wilds` (a score with wild tokens counted as whichever kinds score best).
Comparing a statistic with an int gives a condition: ``count("red") >= 2``,
``n_distinct() == 3``, ``highest(2) >= 10``.

A **condition** is true or false of a draw; conditions combine with ``&``, ``|`` and
``~``. The named constructors (:func:`at_least`, :func:`at_most`, :func:`exactly`,
:func:`present`, :func:`absent`, :func:`some_absent`, :func:`any_at_least`) read as
the question does.

Nothing here refers to a bag: selectors are resolved when a question is asked of a
draw (:mod:`rometools.draws.bag`), so one condition serves every bag, and a kind
that the bag does not hold is reported then, by name.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass

__all__ = [
    "Condition",
    "Statistic",
    "absent",
    "any_at_least",
    "at_least",
    "at_most",
    "count",
    "exactly",
    "highest",
    "kth_highest",
    "kth_lowest",
    "lowest",
    "maximum",
    "minimum",
    "n_distinct",
    "n_kinds_at_least",
    "present",
    "score",
    "some_absent",
    "total",
    "with_wilds",
]

Selector = Hashable | Iterable[Hashable] | Callable[[Hashable], bool]


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be an int, got {value!r}")
    return int(value)


def _show(sel: object) -> str:
    """Short text of a selector for reprs (``<lambda>`` for predicates)."""
    if callable(sel) and not isinstance(sel, Statistic):
        return getattr(sel, "__name__", repr(sel))
    return repr(sel)


# ------------------------------------------------------------------ statistics
class Statistic:
    """An integer read off a draw (tokens, kinds or points); compare it to get a condition.

    Build one with :func:`count`, :func:`n_distinct`, :func:`n_kinds_at_least` or
    :func:`score`. ``stat >= k``, ``stat > k``, ``stat <= k``, ``stat < k``,
    ``stat == k`` and ``stat != k`` (``k`` an int) are conditions, like
    :func:`at_least` and friends, so ``==`` does not test two statistics for equality.

    Examples
    --------
    >>> n_distinct() >= 3
    at_least(n_distinct(), 3)
    >>> count("red") == 0
    exactly(count('red'), 0)
    """

    __slots__ = ()

    def __ge__(self, k: int) -> Condition:
        return _Atom(self, _int(k, "the bound"), None, f"at_least({self!r}, {k})")

    def __gt__(self, k: int) -> Condition:
        return _Atom(self, _int(k, "the bound") + 1, None, f"at_least({self!r}, {k + 1})")

    def __le__(self, k: int) -> Condition:
        return _Atom(self, None, _int(k, "the bound"), f"at_most({self!r}, {k})")

    def __lt__(self, k: int) -> Condition:
        return _Atom(self, None, _int(k, "the bound") - 1, f"at_most({self!r}, {k - 1})")

    def __eq__(self, k: object) -> Condition:  # type: ignore[override]
        return _Atom(self, _int(k, "the bound"), int(k), f"exactly({self!r}, {k})")

    def __ne__(self, k: object) -> Condition:  # type: ignore[override]
        return ~(self == k)

    __hash__ = object.__hash__


@dataclass(frozen=True, eq=False, repr=False)
class _Count(Statistic):
    """Tokens of the selected kinds drawn (pooled)."""

    selector: object

    def __repr__(self) -> str:
        return f"count({_show(self.selector)})"


@dataclass(frozen=True, eq=False, repr=False)
class _Reach(Statistic):
    """Kinds (of ``kinds``, default all) drawn ``k`` or more times; with ``missing``, fewer."""

    k: int
    kinds: object = None
    missing: bool = False

    def __repr__(self) -> str:
        of = "" if self.kinds is None else f"kinds={_show(self.kinds)}"
        if self.k == 1 and not self.missing:
            return f"n_distinct({of})"
        name = "n_kinds_below" if self.missing else "n_kinds_at_least"
        return f"{name}({self.k}{', ' + of if of else ''})"


@dataclass(frozen=True, eq=False, repr=False)
class _Score(Statistic):
    """Points summed over kinds: ``points[kind]`` scores the count of that kind drawn."""

    points: Mapping

    def __repr__(self) -> str:
        return f"score({dict(self.points)!r})" if len(self.points) <= 3 else "score({...})"


def count(sel: Selector) -> Statistic:
    """The number of selected tokens drawn (tokens), pooled over the selector.

    Parameters
    ----------
    sel : kind, collection of kinds, or predicate over a kind
        Which tokens count.

    Returns
    -------
    Statistic
        Compare it with an int to get a condition; pass it to ``Draw.law``.

    Examples
    --------
    >>> from rometools.draws import Bag
    >>> Bag({"red": 3, "green": 2, "yellow": 1}).draw(3).prob(count(["green", "yellow"]) >= 2)
    Fraction(1, 2)
    """
    if isinstance(sel, Statistic):
        raise TypeError(f"count() takes a selector (kind, kinds or predicate), not the statistic {sel!r}")
    return _Count(sel)


def n_kinds_at_least(k: int, kinds: Selector | None = None) -> Statistic:
    """The number of kinds drawn ``k`` or more times (kinds).

    Parameters
    ----------
    k : int
        Tokens of one kind needed (tokens), at least 1.
    kinds : kind, collection of kinds, or predicate, optional
        Which kinds are counted, each on its own (default every kind of the bag).

    Raises
    ------
    ValueError
        If ``k < 1``.

    Examples
    --------
    Pairs of some colour in 4 tiles from 3 colours of 4:

    >>> from rometools.draws import Bag
    >>> Bag({"red": 4, "blue": 4, "green": 4}).draw(4).law(n_kinds_at_least(2))
    {1: Fraction(43, 55), 2: Fraction(12, 55)}
    """
    k = _int(k, "k")
    if k < 1:
        raise ValueError(f"n_kinds_at_least needs k >= 1 tokens of a kind, got k={k}")
    return _Reach(k, kinds)


def n_distinct(kinds: Selector | None = None) -> Statistic:
    """The number of distinct kinds drawn (kinds): ``n_kinds_at_least(1, kinds)``.

    Parameters
    ----------
    kinds : kind, collection of kinds, or predicate, optional
        Which kinds are counted (default every kind of the bag).

    Examples
    --------
    3 red, 2 green and 1 yellow, draw 3: how many colours show?

    >>> from rometools.draws import Bag
    >>> Bag({"red": 3, "green": 2, "yellow": 1}).draw(3).law(n_distinct())
    {1: Fraction(1, 20), 2: Fraction(13, 20), 3: Fraction(3, 10)}
    """
    return _Reach(1, kinds)


def score(points: Mapping[Hashable, object]) -> Statistic:
    """Points summed over kinds (points): ``points[kind]`` scores the count of that kind.

    Parameters
    ----------
    points : Mapping[kind, table or callable]
        Per kind, one of: a sequence ``table[c]`` = points for ``c`` tokens drawn
        (from ``c = 0``; it must reach every count the draw can hold); a mapping
        ``{c: points}`` (counts not listed score 0); or a callable ``count -> points``.
        Points are ints and may be negative. Kinds not listed score 0.

    Examples
    --------
    Sets of two red score 5, each black costs 1:

    >>> from rometools.draws import Bag
    >>> d = Bag({"red": 2, "black": 2, "white": 4}).draw(2)
    >>> d.law(score({"red": {2: 5}, "black": lambda c: -c}))
    {-2: Fraction(1, 28), -1: Fraction(3, 7), 0: Fraction(1, 2), 5: Fraction(1, 28)}
    """
    if not isinstance(points, Mapping):
        raise TypeError(f"points must be a mapping {{kind: table or callable}}, got {points!r}")
    return _Score(points)


# ------------------------------------------------------------------ statistics over values
Values = Mapping[Hashable, int] | Callable[[Hashable], int] | None


def _values_text(values: object) -> str:
    if values is None:
        return ""
    if isinstance(values, Mapping):
        return f"values={dict(values)!r}" if len(values) <= 3 else "values={...}"
    return f"values={_show(values)}"


def value_of(values: Values, kind: Hashable, what: str) -> int:
    """The number a statistic reads for ``kind``: the kind itself, ``values[kind]`` or ``values(kind)``.

    Raises
    ------
    ValueError
        If the kind has no number (``what`` names the statistic in the message).
    TypeError
        If ``values`` is neither a mapping nor a callable, or gives a non-int.

    Examples
    --------
    >>> value_of(None, 6, "total()"), value_of({"gold": 5}, "gold", "total()")
    (6, 5)
    >>> value_of(None, "hit", "total()")
    Traceback (most recent call last):
    ...
    ValueError: total() reads numbers, but the kind 'hit' is not one; give each kind its number: total(values={kind: number})
    """
    if values is None:
        v = kind
        if type(v) is int:
            return v
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise ValueError(f"{what} reads numbers, but the kind {kind!r} is not one; give each kind its "
                             f"number: {what[:-1]}values={{kind: number}})")
        return int(v)
    if isinstance(values, Mapping):
        if kind not in values:
            raise ValueError(f"{what}: values give no number for the kind {kind!r}")
        v = values[kind]
    elif callable(values):
        v = values(kind)
    else:
        raise TypeError(f"values must be a mapping {{kind: number}} or a callable, got {values!r}")
    if isinstance(v, bool) or not isinstance(v, numbers.Integral):
        raise TypeError(f"{what}: the value of {kind!r} must be an int, got {v!r}")
    return int(v)


@dataclass(frozen=True, eq=False, repr=False)
class _Total(Statistic):
    """The sum of the values of every token drawn (every die rolled)."""

    values: object = None

    def __repr__(self) -> str:
        return f"total({_values_text(self.values)})"


@dataclass(frozen=True, eq=False, repr=False)
class _Order(Statistic):
    """The sum of ``keep`` values from the top (or bottom) after dropping ``drop`` there."""

    keep: int
    drop: int
    top: bool
    values: object = None

    def __repr__(self) -> str:
        vals = _values_text(self.values)
        tail = f", {vals}" if vals else ""
        if self.keep == 1 and self.drop == 0:
            return f"{'maximum' if self.top else 'minimum'}({vals})"
        if self.keep == 1:
            return f"{'kth_highest' if self.top else 'kth_lowest'}({self.drop + 1}{tail})"
        drop = f", drop={self.drop}" if self.drop else ""
        return f"{'highest' if self.top else 'lowest'}({self.keep}{tail}{drop})"


@dataclass(frozen=True, eq=False, repr=False)
class _Wilds(Statistic):
    """The best score over every way to count the wild tokens as ``kinds``."""

    points: Callable
    wild: object
    kinds: tuple

    def __repr__(self) -> str:
        return f"with_wilds({_show(self.points)}, wild={_show(self.wild)}, kinds={list(self.kinds)!r})"


def total(values: Values = None) -> Statistic:
    """The sum of the values of every token drawn or die rolled (points, pips).

    Parameters
    ----------
    values : Mapping[kind, int] or callable, optional
        The number of each kind; default the kinds themselves (a numbered die's faces,
        a bag of ``{1: 4, 2: 3}``).

    Examples
    --------
    >>> from rometools.draws import Die, Pool
    >>> Pool([Die.d(6), Die.d(6)]).law(total())[7]
    Fraction(1, 6)
    >>> from rometools.draws import Bag
    >>> Bag({"gold": 2, "silver": 3}).draw(2).law(total({"gold": 3, "silver": 1}))
    {2: Fraction(3, 10), 4: Fraction(3, 5), 6: Fraction(1, 10)}
    """
    return _Total(values)


def _keep(k: object, what: str) -> int:
    k = _int(k, what)
    if k < 1:
        raise ValueError(f"{what} must be at least 1, got {k}")
    return k


def highest(keep: int = 1, values: Values = None, *, drop: int = 0) -> Statistic:
    """The sum of the ``keep`` highest values (after dropping the ``drop`` highest).

    "Roll 4d6, keep the 3 highest" is ``Pool([Die.d(6)] * 4).law(highest(3))`` (icepool's
    ``highest(keep, drop)``). Fewer values than ``keep + drop``: the sum of those there are.

    Parameters
    ----------
    keep : int
        Values kept, at least 1.
    values : Mapping[kind, int] or callable, optional
        As :func:`total`.
    drop : int
        Highest values dropped first, at least 0 (``highest(1, drop=1)``: the second highest).

    Examples
    --------
    >>> from rometools.draws import Die, Pool
    >>> Pool([Die.d(6)] * 4).law(highest(3))[18]
    Fraction(7, 432)
    """
    drop = _int(drop, "drop")
    if drop < 0:
        raise ValueError(f"drop must be at least 0, got {drop}")
    return _Order(_keep(keep, "keep"), drop, True, values)


def lowest(keep: int = 1, values: Values = None, *, drop: int = 0) -> Statistic:
    """The sum of the ``keep`` lowest values (after dropping the ``drop`` lowest).

    Examples
    --------
    Ticket to Ride: the lowest of three tickets' points.

    >>> from rometools.draws import Die, Pool
    >>> Pool([Die.d(6)] * 2).law(lowest(1))[1]
    Fraction(11, 36)
    """
    drop = _int(drop, "drop")
    if drop < 0:
        raise ValueError(f"drop must be at least 0, got {drop}")
    return _Order(_keep(keep, "keep"), drop, False, values)


def maximum(values: Values = None) -> Statistic:
    """The highest value drawn or rolled: ``highest(1)``.

    Examples
    --------
    >>> from rometools.draws import Die, Pool
    >>> Pool([Die.d(6), Die.d(6)]).prob(maximum() == 6)
    Fraction(11, 36)
    """
    return _Order(1, 0, True, values)


def minimum(values: Values = None) -> Statistic:
    """The lowest value drawn or rolled: ``lowest(1)``.

    Examples
    --------
    Three tickets from eight worth 5 to 12 points: the lowest is at least 8?

    >>> from rometools.draws import Bag
    >>> tickets = Bag({f"t{v}": 1 for v in range(5, 13)})
    >>> tickets.draw(3).prob(minimum(lambda t: int(t[1:])) >= 8)
    Fraction(5, 28)
    """
    return _Order(1, 0, False, values)


def kth_highest(k: int, values: Values = None) -> Statistic:
    """The ``k``-th highest value (``kth_highest(1)`` is :func:`maximum`): ``highest(1, drop=k - 1)``.

    Examples
    --------
    >>> from rometools.draws import Die, Pool
    >>> Pool([Die.d(6)] * 3).law(kth_highest(2))[6]
    Fraction(2, 27)
    """
    return _Order(1, _keep(k, "k") - 1, True, values)


def kth_lowest(k: int, values: Values = None) -> Statistic:
    """The ``k``-th lowest value (``kth_lowest(1)`` is :func:`minimum`): ``lowest(1, drop=k - 1)``.

    Examples
    --------
    >>> from rometools.draws import Die, Pool
    >>> Pool([Die.d(6)] * 3).law(kth_lowest(2)) == Pool([Die.d(6)] * 3).law(kth_highest(2))
    True
    """
    return _Order(1, _keep(k, "k") - 1, False, values)


def with_wilds(points: Callable[[Mapping[Hashable, int]], int], wild: Selector,
               kinds: Iterable[Hashable]) -> Statistic:
    """The best score when each wild token counts as any one of ``kinds`` (points).

    Every way to count the wilds drawn (or rolled) as ``kinds`` is tried and the highest
    score kept: 7 Wonders' science with a free symbol, Risk card sets with wild cards.

    Parameters
    ----------
    points : callable ``{kind: count} -> int``
        The score of a hand from the counts of ``kinds`` (every kind of ``kinds`` is a
        key; the wilds are already added in).
    wild : kind, collection of kinds, or predicate
        The wild tokens (or faces).
    kinds : iterable of kinds
        What a wild may count as.

    Raises
    ------
    ValueError
        If ``kinds`` is empty.

    Examples
    --------
    7 Wonders science: each set of three symbols scores 7, each symbol its count squared.

    >>> from rometools.draws import Bag
    >>> def science(c):
    ...     return sum(n * n for n in c.values()) + 7 * min(c.values())
    >>> hand = Bag({"tablet": 2, "compass": 2, "gear": 2, "free": 1}).draw(3)
    >>> hand.law(with_wilds(science, "free", ["tablet", "compass", "gear"]))
    {5: Fraction(12, 35), 9: Fraction(3, 35), 10: Fraction(4, 7)}
    """
    if not callable(points):
        raise TypeError(f"points must be a callable {{kind: count}} -> int, got {points!r}")
    kinds = tuple(kinds)
    if not kinds:
        raise ValueError("with_wilds needs at least one kind a wild can count as")
    return _Wilds(points, wild, kinds)


def _stat(sel: Selector | Statistic) -> Statistic:
    return sel if isinstance(sel, Statistic) else _Count(sel)


# ------------------------------------------------------------------ conditions
class Condition:
    """True or false of a draw; combine with ``&`` (and), ``|`` (or), ``~`` (not).

    A condition has no truth value of its own: ask a draw, ``draw.prob(cond)``.

    Examples
    --------
    >>> c = at_least("H", 1) & at_least("K", 1)
    >>> c
    (at_least('H', 1) & at_least('K', 1))
    >>> ~c
    ~(at_least('H', 1) & at_least('K', 1))
    """

    __slots__ = ()

    def __and__(self, other: Condition) -> Condition:
        return _All(tuple(_parts(self, _All)) + tuple(_parts(_condition(other), _All)))

    def __or__(self, other: Condition) -> Condition:
        return _Any(tuple(_parts(self, _Any)) + tuple(_parts(_condition(other), _Any)))

    def __invert__(self) -> Condition:
        return self.part if isinstance(self, _Not) else _Not(self)

    def __bool__(self) -> bool:
        raise TypeError(f"the condition {self!r} has no truth value of its own; "
                        f"ask a draw for its probability: draw.prob(condition)")


def _condition(other: object) -> Condition:
    if not isinstance(other, Condition):
        raise TypeError(f"conditions combine only with conditions, got {other!r}")
    return other


def _parts(cond: Condition, kind: type) -> tuple[Condition, ...]:
    return cond.parts if isinstance(cond, kind) else (cond,)


@dataclass(frozen=True, eq=False, repr=False)
class _Atom(Condition):
    """``lo <= stat <= hi`` (``None``: unbounded on that side)."""

    stat: Statistic
    lo: int | None
    hi: int | None
    text: str

    def __repr__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False, repr=False)
class _All(Condition):
    parts: tuple[Condition, ...]

    def __repr__(self) -> str:
        return "(" + " & ".join(map(repr, self.parts)) + ")"


@dataclass(frozen=True, eq=False, repr=False)
class _Any(Condition):
    parts: tuple[Condition, ...]

    def __repr__(self) -> str:
        return "(" + " | ".join(map(repr, self.parts)) + ")"


@dataclass(frozen=True, eq=False, repr=False)
class _Not(Condition):
    part: Condition

    def __repr__(self) -> str:
        return f"~{self.part!r}"


def _bound_text(name: str, sel: object, k: int | None = None) -> str:
    shown = repr(sel) if isinstance(sel, Statistic) else _show(sel)
    return f"{name}({shown})" if k is None else f"{name}({shown}, {k})"


def at_least(sel: Selector | Statistic, k: int) -> Condition:
    """``k`` or more of the selected tokens (or a statistic at least ``k``).

    Parameters
    ----------
    sel : kind, collection of kinds, predicate over a kind, or Statistic
        The tokens counted (pooled), or a statistic such as :func:`n_distinct`.
    k : int
        Tokens (or the statistic's unit).

    Raises
    ------
    TypeError
        If ``k`` is not an int.

    Examples
    --------
    108 cards in 12 categories of 9, 27 drawn: at least one H and one K.

    >>> from rometools.draws import Bag
    >>> deck = Bag({c: 9 for c in "ABCDEFGHIJKL"})
    >>> p = deck.draw(27).prob(at_least("H", 1) & at_least("K", 1))
    >>> round(float(p), 4)
    0.8699
    """
    return _Atom(_stat(sel), _int(k, "k"), None, _bound_text("at_least", sel, k))


def at_most(sel: Selector | Statistic, k: int) -> Condition:
    """``k`` or fewer of the selected tokens (or a statistic at most ``k``).

    Parameters
    ----------
    sel : kind, collection of kinds, predicate over a kind, or Statistic
    k : int

    Examples
    --------
    >>> from rometools.draws import Bag
    >>> Bag({"red": 3, "green": 2, "yellow": 1}).draw(3).prob(at_most("red", 1))
    Fraction(1, 2)
    """
    return _Atom(_stat(sel), None, _int(k, "k"), _bound_text("at_most", sel, k))


def exactly(sel: Selector | Statistic, k: int) -> Condition:
    """Exactly ``k`` of the selected tokens (or a statistic equal to ``k``).

    Examples
    --------
    40 vowels and 60 consonants, a 6-tile hand all vowels or all consonants:

    >>> from rometools.draws import Bag
    >>> tiles = Bag({"vowel": 40, "consonant": 60}).draw(6)
    >>> tiles.prob(exactly("vowel", 6) | exactly("consonant", 6))
    Fraction(5066, 112035)
    """
    k = _int(k, "k")
    return _Atom(_stat(sel), k, k, _bound_text("exactly", sel, k))


def present(sel: Selector | Statistic) -> Condition:
    """At least one of the selected tokens: ``at_least(sel, 1)``.

    Examples
    --------
    >>> from rometools.draws import Bag
    >>> Bag({"jack": 4, "other": 48}).draw(5).prob(present("jack"))
    Fraction(18472, 54145)
    """
    return _Atom(_stat(sel), 1, None, _bound_text("present", sel))


def absent(sel: Selector | Statistic) -> Condition:
    """None of the selected tokens: ``exactly(sel, 0)``.

    Examples
    --------
    >>> from rometools.draws import Bag
    >>> Bag({"red": 3, "green": 2, "yellow": 1}).draw(3).prob(absent("red"))
    Fraction(1, 20)
    """
    return _Atom(_stat(sel), 0, 0, _bound_text("absent", sel))


def some_absent(kinds: Selector | None = None) -> Condition:
    """Some kind of the bag (or of ``kinds``) is missing from the draw.

    Parameters
    ----------
    kinds : kind, collection of kinds, or predicate, optional
        The kinds that must all show for the condition to be false (default every
        kind of the bag, including kinds with no tokens, which are always missing).

    Examples
    --------
    3 red, 2 green, 1 yellow, draw 3:

    >>> from rometools.draws import Bag
    >>> Bag({"red": 3, "green": 2, "yellow": 1}).draw(3).prob(some_absent())
    Fraction(7, 10)
    """
    stat = _Reach(1, kinds, missing=True)
    text = "some_absent()" if kinds is None else f"some_absent({_show(kinds)})"
    return _Atom(stat, 1, None, text)


def any_at_least(k: int) -> Condition:
    """Some kind drawn ``k`` or more times (``k`` of a kind): ``n_kinds_at_least(k) >= 1``.

    Examples
    --------
    Four of a kind in 20 cards of a 52-card deck (13 kinds of 4):

    >>> from rometools.draws import Bag
    >>> p = Bag({rank: 4 for rank in "A23456789TJQK"}).draw(20).prob(any_at_least(4))
    >>> round(float(p), 4)
    0.2198
    """
    k = _int(k, "k")
    if k < 1:
        raise ValueError(f"any_at_least needs k >= 1 tokens of a kind, got k={k}")
    return _Atom(_Reach(k), 1, None, f"any_at_least({k})")


def _is_collection(sel: object) -> bool:
    return isinstance(sel, Collection) and not isinstance(sel, str | bytes | Mapping)


def as_statistic(x: object) -> Statistic:
    """A statistic from a selector (count), a points mapping (score) or a statistic."""
    if isinstance(x, Statistic):
        return x
    if isinstance(x, Condition):
        raise TypeError(f"{x!r} is a condition: ask draw.prob(condition) for its probability; "
                        f"law() and mean() take a selector, a statistic or a points mapping")
    if isinstance(x, Mapping):
        return score(x)
    return _Count(x)
