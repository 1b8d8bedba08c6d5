"""How numbers, probabilities, seats and input values read for a designer (game-agnostic).

Every table, message, tooltip and chart of every game formats numbers through
these functions, so they read the same everywhere (``docs/style.md``):

* :func:`percent` -- a probability as a percentage with enough digits to be
  useful and no more: ``"0.23%"``, ``"50%"``, ``"99.98%"``, ``"< 0.0001%"``.
* :func:`percent_column` -- a table column of them, every value with the same
  decimals: ``"54.40%"``, ``"63.00%"``, ``"4.91%"``.
* :func:`one_in` -- a small probability as odds: ``"1 in 435"``.
* :func:`probability` -- the exact fraction with its percentage, and the odds
  when it is small: ``"1/435 = 1 in 435 (0.23%)"``; never ``2.297844e-03``.
* :func:`number` -- a count or a score with thousands separators: ``"100,065"``.
* :func:`counted` -- a count with its noun, singular or plural: ``"1 game"``, ``"10,000 games"``.
* :func:`difference_places`, :func:`shown_difference` -- the decimals at which two shown values and
  their shown difference agree: ``4.5%`` and ``5.5%``, never ``4%`` and ``6%`` beside a difference
  of ``1.0``; and the difference said beside them.
* :func:`count_choices` -- the counts one may choose (players, seats): ``"2 to 5"``, ``"2, 3 or 5"``,
  and ``"2"`` alone, never ``"2 to 2"``.
* :func:`exact_mean` -- an exact expectation (draws, points) with its decimal
  value: ``"55/12 ≈ 4.58"``; a fraction too long to read gives ``"≈ 4.58"``.
* :func:`p_value` -- a test's p-value: ``"p = 0.032"``, ``"p < 0.0001"``.
* :func:`evidence` -- a test's evidence (an e-value, a betting score): ``"35"``, ``"12,345"``,
  ``"9.2e22"``; never 23 digits.
* :func:`seat_label` / :func:`seat_labels` -- seats as players read them:
  ``P1`` (the first player, seat 0) to ``Pn``.
* :func:`seed_text` -- a seed echoed as typed (no separators, no rounding).
* :func:`shown` -- a value quoted in a message, cut when long:
  ``'xxxx...' (10,000 characters)``, so a message never echoes kilobytes.

Nothing here imports a game, plotly or ipywidgets.

Examples
--------
>>> from fractions import Fraction
>>> probability(Fraction(1, 435))
'1/435 = 1 in 435 (0.23%)'
>>> percent(Fraction(1, 1708993)), seat_label(0)
('< 0.0001%', 'P1')
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from numbers import Integral, Real
from typing import Any

__all__ = [
    "MAX_SHOWN",
    "count_choices",
    "counted",
    "difference_places",
    "shown_difference",
    "evidence",
    "exact_mean",
    "join_names",
    "numbers_alike",
    "number",
    "one_in",
    "p_value",
    "percent",
    "percent_column",
    "probability",
    "quantity",
    "seat_label",
    "seat_labels",
    "seed_text",
    "shown",
    "signed",
]

#: Longest value quoted in a message (characters); longer ones are cut.
MAX_SHOWN = 60
#: Smallest percentage written as a number; anything above 0 and below it reads "< 0.0001%".
_SMALLEST_PERCENT = Fraction(1, 10_000)
#: Longest numerator or denominator (digits) written as a fraction; longer fractions read as odds.
_FRACTION_DIGITS = 9


def _as_fraction(p: Any, what: str = "a probability") -> Fraction:
    if isinstance(p, bool) or not isinstance(p, Real):
        raise TypeError(f"{what} must be a number from 0 to 1, got {shown(p)}")
    if isinstance(p, float) and not math.isfinite(p):
        raise ValueError(f"{what} must be a number from 0 to 1, got {p!r}")
    q = Fraction(p)
    if not 0 <= q <= 1:
        raise ValueError(f"{what} must be from 0 to 1, got {p!r}")
    return q


def _decimals(x: Fraction, significant: int) -> int:
    """Decimal places that show ``significant`` significant digits of ``0 < x < 1`` (a percentage)."""
    return max(0, significant - 1 - math.floor(math.log10(x)))


def _trim(text: str) -> str:
    return text.rstrip("0").rstrip(".") if "." in text else text


def percent(p: Fraction | float | int, significant: int = 2) -> str:
    """A probability as a readable percentage.

    Small probabilities keep ``significant`` significant digits (``0.23%``);
    probabilities near 1 keep the same digits of their complement
    (``99.98%``, not ``100%``). Exactly 0 and 1 read ``0%`` and ``100%``;
    anything in between never rounds to them: below 0.0001% it reads
    ``"< 0.0001%"``, above 99.9999% ``"> 99.9999%"``.

    Parameters
    ----------
    p : Fraction, float or int
        A probability, 0 to 1.
    significant : int
        Significant digits of the smaller of ``p`` and ``1 - p``.

    Raises
    ------
    TypeError
        If ``p`` is not a number.
    ValueError
        If ``p`` is outside 0 to 1 (or not finite).

    Examples
    --------
    >>> percent(Fraction(1, 435)), percent(0.5), percent(Fraction(9998, 10000)), percent(0.123456)
    ('0.23%', '50%', '99.98%', '12%')
    >>> percent(Fraction(1, 10**9)), percent(1 - Fraction(1, 10**9)), percent(0), percent(1)
    ('< 0.0001%', '> 99.9999%', '0%', '100%')
    """
    q = _as_fraction(p)
    places = _percent_places(q, significant)
    return _percent_text(q, places, trim=True)


def _percent_places(q: Fraction, significant: int) -> int | None:
    """Decimal places :func:`percent` writes ``q`` with (``None``: 0, 1, or read as "<"/">")."""
    pct = q * 100
    if q in (0, 1) or pct < _SMALLEST_PERCENT or 100 - pct < _SMALLEST_PERCENT:
        return None
    return min(_decimals(min(pct, 100 - pct), significant), 4)


def _percent_text(q: Fraction, places: int | None, *, trim: bool) -> str:
    pct = q * 100
    if q in (0, 1):
        return f"{int(pct)}%"
    if pct < _SMALLEST_PERCENT:
        return "< 0.0001%"
    if 100 - pct < _SMALLEST_PERCENT:
        return "> 99.9999%"
    text = f"{float(pct):.{places}f}"
    return (_trim(text) if trim else text) + "%"


def percent_column(values: Iterable[Fraction | float | int], significant: int = 3, *,
                   margin: float | Fraction | None = None) -> list[str]:
    """Probabilities for one column of a table: :func:`percent`, every value with the same decimals.

    Each value gets at least the decimal places :func:`percent` gives it
    (``significant`` digits of the smaller of p and 1 − p, never rounded to
    0 or 100%), and the column gets the most any value needs, trailing zeros
    kept, so the column reads and lines up as one: ``63.00%`` beside
    ``4.91%``, not ``63%``. Exactly 0 and 1 still read ``0%`` and ``100%``
    (they are exact, not rounded); below 0.0001% and above 99.9999% read as
    :func:`percent` writes them.

    With ``margin`` (estimates: the smallest half-width of their intervals, as
    a probability) the decimals are those that show two significant digits of
    the margin instead, an estimate being worth no more digits than its
    interval (``60.0%`` from 40 games, not ``60.000%``), and still at least
    one significant digit of every value (``0.4%``, never ``0%`` for a rate
    that is not 0).

    Raises
    ------
    TypeError, ValueError
        As :func:`percent`, for a value that is not a probability.

    Examples
    --------
    >>> percent_column([0.544, 0.63, 0.0491])
    ['54.40%', '63.00%', '4.91%']
    >>> percent_column([1, 0.758, 0, 0.242])
    ['100%', '75.8%', '0%', '24.2%']
    >>> percent_column([0.6, 0.00443, 0.12881], margin=0.062)  # 40 games: intervals 12 points wide or more
    ['60.0%', '0.4%', '12.9%']
    >>> percent_column([0.594, 0.5843], margin=0.0048)          # 10,000 games
    ['59.40%', '58.43%']
    """
    qs = [_as_fraction(v) for v in values]
    if margin is None:
        places = max((d for d in (_percent_places(q, significant) for q in qs) if d is not None), default=0)
    else:
        m = _as_fraction(margin) * 100
        places = min(4, max(_decimals(m, 2) if 0 < m < 100 else 0,
                            *(d for d in (_percent_places(q, 1) for q in qs) if d is not None)))
    return [_percent_text(q, places, trim=False) for q in qs]


def one_in(p: Fraction | float | int) -> str:
    """A probability as odds, ``"1 in N"`` (N rounded, with thousands separators).

    Raises
    ------
    ValueError
        If ``p`` is 0 (it never happens) or outside 0 to 1.

    Examples
    --------
    >>> one_in(Fraction(1, 435)), one_in(Fraction(2, 3)), one_in(Fraction(1, 1708993))
    ('1 in 435', '1 in 1.5', '1 in 1,708,993')
    """
    q = _as_fraction(p)
    if q == 0:
        raise ValueError("a probability of 0 has no odds: it never happens")
    n = 1 / q
    if n < 10:
        return f"1 in {_trim(f'{float(n):.1f}')}"
    return f"1 in {number(round(n))}"


def probability(p: Fraction | float | int, *, significant: int = 2, digits: int = _FRACTION_DIGITS) -> str:
    """A probability as a designer reads it: the exact fraction, the odds when small, a percentage.

    * exact ``Fraction``: ``"1/435 = 1 in 435 (0.23%)"``, ``"7/10 (70%)"``; a
      fraction whose terms are too long to read is given as odds only
      (``"1 in 1,708,993 (< 0.0001%)"``) or, from 10%, as its percentage said to be exact
      (``"92.3% (exact, rounded)"``), never "about", the word of an estimate;
    * a float (a simulated estimate): ``"0.23%"`` (``"1 in 435 (0.23%)"`` below 10%);
    * ``0``: ``"0 (never)"``; ``1``: ``"1 (always)"``.

    Never scientific notation (``2.297844e-03``) and never a rounded-off 0.
    ``digits`` is the longest numerator or denominator written as a fraction
    (a table of many odds reads better with 4).

    Examples
    --------
    >>> probability(Fraction(7, 10)), probability(Fraction(1, 1708993)), probability(Fraction(0))
    ('7/10 (70%)', '1/1,708,993 = 1 in 1,708,993 (< 0.0001%)', '0 (never)')
    >>> probability(0.0023)
    '1 in 435 (0.23%)'
    >>> probability(Fraction(123456789, 98765432100))
    '1 in 800 (0.12%)'
    >>> probability(Fraction(2891601, 17026394)), probability(Fraction(2891601, 17026394), digits=4)
    ('2,891,601/17,026,394 (17%)', '17% (exact, rounded)')
    """
    q = _as_fraction(p)
    if q == 0:
        return "0 (never)"
    if q == 1:
        return "1 (always)"
    pct = percent(q, significant)
    odds = f"{one_in(q)} ({pct})" if q < Fraction(1, 10) else pct
    if isinstance(p, float):
        return odds
    if len(str(q.numerator)) > digits or len(str(q.denominator)) > digits:
        return odds if q < Fraction(1, 10) else f"{pct} (exact, rounded)"   # never "about": that is a simulation's
    fraction = f"{number(q.numerator)}/{number(q.denominator)}"
    return f"{fraction} = {odds}" if q < Fraction(1, 10) else f"{fraction} ({pct})"


def exact_mean(value: Fraction | int, decimals: int = 2, *, digits: int = _FRACTION_DIGITS) -> str:
    """An exact expectation (draws, points, turns) as a designer reads it: fraction and decimal.

    The fraction is written when both its terms have at most ``digits`` digits
    (default 9); a longer one (an exact mean over a 23-token bag can have
    30-digit terms) reads as its decimal value only.

    Parameters
    ----------
    value : Fraction or int
        The exact value.
    decimals : int
        Decimals of the approximate value.
    digits : int
        Longest numerator or denominator written as a fraction.

    Returns
    -------
    str

    Raises
    ------
    TypeError
        If ``value`` is not an exact number (a float or a bool).

    Examples
    --------
    >>> exact_mean(Fraction(55, 12)), exact_mean(3), exact_mean(Fraction(10**20 + 1, 10**19))
    ('55/12 ≈ 4.58', '3', '≈ 10.00')
    """
    if isinstance(value, bool) or not isinstance(value, Fraction | Integral):
        raise TypeError(f"an exact number (int or Fraction) is expected, got {shown(value)}")
    q = Fraction(value)
    approx = f"{float(q):,.{decimals}f}"
    if q.denominator == 1:
        return number(int(q))
    if len(str(abs(q.numerator))) > digits or len(str(q.denominator)) > digits:
        return f"≈ {approx}"
    return f"{number(q.numerator)}/{number(q.denominator)} ≈ {approx}"


def p_value(p: float) -> str:
    """A test's p-value as a designer reads it: ``"p = 0.032"``, or ``"p < 0.0001"``.

    Examples
    --------
    >>> p_value(4.1e-56), p_value(0.0321), p_value(0.5)
    ('p < 0.0001', 'p = 0.032', 'p = 0.5')
    """
    q = float(_as_fraction(p, "a p-value"))
    return "p < 0.0001" if q < 1e-4 else f"p = {q:.2g}"


def evidence(e: float) -> str:
    """A test's evidence against its null hypothesis (an e-value), readable at any size.

    Below 10 with one decimal (``"3.4"``), up to a million as a whole number with separators
    (``"12,345"``), beyond in scientific notation with two significant digits (``"9.2e22"``): an
    e-value of ``E`` means odds of at least ``E`` to one against the null hypothesis (Ville's
    inequality: under it, the evidence ever reaches ``E`` with a chance of at most ``1/E``).

    Raises
    ------
    TypeError
        If ``e`` is not a number.

    Examples
    --------
    >>> evidence(3.42), evidence(140.0), evidence(12345.6), evidence(91_863_325_268_401_180_377_088.0)
    ('3.4', '140', '12,346', '9.2e22')
    >>> evidence(float("inf"))
    'infinite'
    """
    if isinstance(e, bool) or not isinstance(e, Real):
        raise TypeError(f"evidence is a number, got {shown(e)}")
    e = float(e)
    if math.isinf(e):
        return "infinite"
    if e < 10:
        return f"{e:.1f}"
    if e < 1e6:
        return f"{e:,.0f}"
    mantissa, exponent = f"{e:.1e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def number(n: int | float) -> str:
    """A count or a score with thousands separators; a float with at most 2 decimals.

    Examples
    --------
    >>> number(100065), number(-1500), number(2.5), number(3.0)
    ('100,065', '-1,500', '2.5', '3')
    """
    if isinstance(n, bool) or not isinstance(n, Real):
        raise TypeError(f"a number is expected, got {shown(n)}")
    if isinstance(n, Integral):
        return f"{int(n):,}"
    return _trim(f"{float(n):,.2f}")


def signed(x: float, decimals: int = 1) -> str:
    """A difference with its sign: ``+2.1``, ``\u22124.0`` (a minus sign, not a hyphen), and ``0.0``
    with no sign for anything that rounds to zero (never ``\u22120.0``, which read as a loss).

    Examples
    --------
    >>> signed(2.13), signed(-4), signed(-0.04), signed(-0.0004, 2), signed(0.3, 0)
    ('+2.1', '\u22124.0', '0.0', '0.00', '0')
    """
    text = f"{float(x):+.{decimals}f}"
    return text.lstrip("+-") if float(text) == 0 else text.replace("-", "\u2212")


def difference_places(a: float, b: float, difference: float, least: int = 0, most: int = 3) -> int:
    """The fewest decimals, from ``least`` up to ``most``, at which ``a`` and ``b`` shown and their difference
    ``b - a`` shown agree: the shown ``b`` minus the shown ``a`` is the shown difference, and a difference
    that is not 0 is not shown as 0; ``least`` where none do (thirds). Show all three with them (a
    table's "the game", "the variant" and "the variant's difference"), the difference as
    :func:`shown_difference` gives it.

    Examples
    --------
    >>> difference_places(4.5, 5.5, 1.0)     # 4% and 6% (half to even) beside a difference of 1
    1
    >>> difference_places(34.65, 33.35, -1.3, 1), difference_places(6.83, 6.0, -0.83, 1)
    (2, 1)
    >>> difference_places(98.93, 98.74, -0.19)   # 99% and 99%: a difference shown as none
    1
    >>> difference_places(100 / 3, 104 / 3, 4 / 3, 1)   # thirds agree at no precision: the least, and
    1
    >>> shown_difference(100 / 3, 104 / 3, 1)           # the difference of the values as shown
    1.4
    """
    for places in range(least, most + 1):
        shown_a, shown_b = (round(float(f"{x:.{places}f}") * 10 ** places) for x in (a, b))
        shown_d = round(float(f"{difference:.{places}f}") * 10 ** places)
        if shown_b - shown_a == shown_d and (shown_d != 0 or difference == 0):
            return places
    return least


def shown_difference(a: float, b: float, places: int) -> float:
    """``b - a`` as shown with ``places`` decimals: the difference to say beside them, which agrees with them
    whatever their rounding (:func:`difference_places` picks the decimals at which it is also the true
    difference rounded, where there are any).

    Examples
    --------
    >>> shown_difference(4.5, 5.5, 0), shown_difference(4.5, 5.5, 1)   # 4 and 6 (half to even); 4.5 and 5.5
    (2.0, 1.0)
    """
    return round(float(f"{b:.{places}f}") - float(f"{a:.{places}f}"), places)


def numbers_alike(values: Iterable[float], most: int = 2, *, minus: bool = False) -> list[str]:
    """Numbers read together (an estimate and its interval's ends) with the same decimals: the most
    any of them needs, up to ``most`` (``7.1 to 8.0``, never ``7.1 to 8``); thousands separators, no
    negative zero; ``minus``: a minus sign instead of the hyphen.

    Examples
    --------
    >>> numbers_alike([7.5, 7.1, 8.0]), numbers_alike([3, 12]), numbers_alike([-0.001, 1.25], minus=True)
    (['7.5', '7.1', '8.0'], ['3', '12'], ['0.00', '1.25'])
    >>> numbers_alike([1234.5, 2000])
    ['1,234.5', '2,000.0']
    """
    xs = [float(v) for v in values]
    places = 0
    for x in xs:
        if math.isfinite(x):
            text = _trim(f"{x:.{most}f}")
            places = max(places, len(text.partition(".")[2]))
    out = []
    for x in xs:
        if not math.isfinite(x):
            out.append("-" if x != x else ("\u221e" if x > 0 else "\u2212\u221e"))
            continue
        text = f"{x:,.{places}f}"
        if float(text.replace(",", "")) == 0:
            text = text.lstrip("-")
        out.append(text.replace("-", "\u2212") if minus else text)
    return out


def quantity(x: float | str, noun: str, plural: str | None = None) -> str:
    """An amount with its noun, singular for exactly 1 as written: ``"1 point"``, ``"1.5 points"``,
    ``"0 points"`` (``x`` a number, written by :func:`number`, or text already written).

    Examples
    --------
    >>> quantity(1, "point"), quantity(1.0, "point"), quantity("1.00", "point"), quantity(2.5, "point")
    ('1 point', '1 point', '1.00 point', '2.5 points')
    """
    text = x if isinstance(x, str) else number(x)
    one = text.replace("\u2212", "-").lstrip("+-")
    try:
        singular = float(one.replace(",", "")) == 1
    except ValueError:
        singular = False
    return f"{text} {noun if singular else plural or noun + 's'}"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """A count with its noun: ``"1 game"``, ``"10,000 games"`` (``plural`` default: ``noun + "s"``).

    Raises
    ------
    TypeError
        If ``n`` is not a whole number.

    Examples
    --------
    >>> counted(1, "game"), counted(10_000, "game"), counted(0, "outright win"), counted(2, "City", "Cities")
    ('1 game', '10,000 games', '0 outright wins', '2 Cities')
    """
    if isinstance(n, bool) or not isinstance(n, Integral):
        raise TypeError(f"a count is a whole number, got {shown(n)}")
    return f"{number(n)} {noun if n == 1 else plural or noun + 's'}"


def count_choices(values: Iterable[int], last: str = "to") -> str:
    """The whole numbers one may choose, in words: ``"2 to 5"`` for a run, ``"2, 3 or 5"`` otherwise.

    One value reads alone (``"2"``), never as a range of one (``"2 to 2"``). Every message,
    listing and check that names a game's player counts words them through this function (the
    playout explorers' "Players must be 2 to 6", ``rometools games``' "(2 to 6 players)", an
    option's refusal, ``rometools.testing.check_explorer``), so none can word them otherwise.

    Parameters
    ----------
    values : iterable of int
        The counts, in increasing order (``range(low, high + 1)`` for a run).
    last : str
        ``"to"`` writes a run of consecutive counts as ``"low to high"``; ``"or"`` always lists
        them (``"2, 3 or 4"``: "is for 2, 3 or 4 players").

    Raises
    ------
    ValueError
        If ``values`` is empty.

    Examples
    --------
    >>> count_choices(range(2, 7)), count_choices([2]), count_choices([2, 3, 5]), count_choices([2, 3, 4], "or")
    ('2 to 6', '2', '2, 3 or 5', '2, 3 or 4')
    """
    values = list(values)
    if not values:
        raise ValueError("count_choices needs at least one count")
    words = [number(v) for v in values]
    if len(values) == 1:
        return words[0]
    if last == "to" and values == list(range(values[0], values[-1] + 1)):
        return f"{words[0]} to {words[-1]}"
    return ", ".join(words[:-1]) + f" or {words[-1]}"


def seat_label(seat: int) -> str:
    """The player of a seat as designers name it: ``P1`` for seat 0 (the first player).

    Raises
    ------
    ValueError
        If ``seat`` is not a whole number 0 or more.

    Examples
    --------
    >>> seat_label(0), seat_label(4)
    ('P1', 'P5')
    """
    if isinstance(seat, bool) or not isinstance(seat, Integral) or seat < 0:
        raise ValueError(f"a seat is a whole number 0 or more, got {shown(seat)}")
    return f"P{int(seat) + 1}"


def seat_labels(players: int) -> list[str]:
    """``["P1", ..., "Pn"]`` for ``players`` seats.

    Examples
    --------
    >>> seat_labels(3)
    ['P1', 'P2', 'P3']
    """
    return [seat_label(s) for s in range(players)]


def seed_text(seed: int) -> str:
    """A seed echoed exactly as typed: digits only, no separators or rounding.

    Examples
    --------
    >>> seed_text(2026), seed_text(10**12)
    ('2026', '1000000000000')
    """
    return str(seed)


#: Whole numbers :func:`shown` quotes by their repr at once (far below the 4,300 digits Python refuses).
_SMALL_INT = 1 << 64


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters.

    A long value keeps its start and says how long it was, so an error never
    echoes kilobytes of input back. The cost is bounded by ``limit``, not by
    the value: a string, tuple, list or dict is read only as far as the
    message shows it, and nesting deeper than the message can show reads
    ``...`` (a tuple nested 100,000 deep is quoted, not a ``RecursionError``).

    Examples
    --------
    >>> shown("red:3")
    "'red:3'"
    >>> shown("x" * 10_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (10,000 characters)"
    >>> shown(list(range(1000)))[:20], len(shown(list(range(1000)))) < 100
    ('[0, 1, 2, 3, 4, 5, 6', True)
    >>> deep = "x"
    >>> for _ in range(100_000):
    ...     deep = (deep,)
    >>> shown(deep)
    '((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((...'
    """
    kind = type(value)
    if kind is str or kind is tuple or (kind is int and -_SMALL_INT < value < _SMALL_INT):
        # a short string, a small whole number or a short tuple of them (an action): its repr, which is
        # what the walk below gives it, without the walk (a refused action's message quotes one, and
        # fuzzed play refuses hundreds of thousands)
        if kind is tuple and (len(value) > 16 or not all(
                type(x) is str or (type(x) is int and -_SMALL_INT < x < _SMALL_INT) for x in value)):
            pass
        elif kind is not str or len(value) <= limit:
            text = repr(value)
            if len(text) <= limit:
                return text
    parts: list[str] = []
    budget = [limit + 1]   # characters still wanted; the walk stops once it is spent

    def put(text: str) -> bool:
        parts.append(text[:budget[0]])
        budget[0] -= len(text)
        return budget[0] > 0

    def walk(v: Any) -> bool:
        if budget[0] <= 0:
            return False
        kind = type(v)
        if kind in (tuple, list):
            opening, closing = ("(", ")") if kind is tuple else ("[", "]")
            if not put(opening):
                return False
            for i, item in enumerate(v):
                if (i and not put(", ")) or not walk(item):
                    return False
            return put("," + closing if kind is tuple and len(v) == 1 else closing)
        if kind is dict:
            if not put("{"):
                return False
            for i, (k, item) in enumerate(v.items()):
                if (i and not put(", ")) or not walk(k) or not put(": ") or not walk(item):
                    return False
            return put("}")
        if kind in (str, bytes):
            return put(repr(v[:budget[0] + 2]) if len(v) > budget[0] + 2 else repr(v))
        if kind is int and v.bit_length() > 14_000:   # Python refuses the repr of 4,300 digits and more
            return put(f"<a whole number of about {number(int(v.bit_length() * 0.30103) + 1)} digits>")
        try:
            text = repr(v)
        except Exception:  # a hostile __repr__ (or a deep value) must not break the message
            text = f"<{kind.__name__}>"
        return put(text[:budget[0] + 1])

    whole = walk(value)
    text = "".join(parts)
    if whole and len(text) <= limit:
        return text
    size = len(value) if isinstance(value, str | bytes | list | tuple | dict | set) else None
    what = "characters" if isinstance(value, str | bytes) else "items"
    tail = f" ({number(size)} {what})" if size is not None and size > 1 else ""
    return text[:limit] + "..." + (text[0] if isinstance(value, str) and text[0] in "'\"" else "") + tail


def join_names(names: Iterable[str], limit: int = 6) -> str:
    """Names joined for a sentence, the first ``limit`` then "and N more".

    Examples
    --------
    >>> join_names(["Corduba", "Carthago Nova"]), join_names("ABCDEFGH", 3)
    ('Corduba, Carthago Nova', 'A, B, C and 5 more')
    """
    names = list(names)
    if len(names) <= limit:
        return ", ".join(names)
    return ", ".join(names[:limit]) + f" and {len(names) - limit} more"


#: A cell starting with one of these is a formula to a spreadsheet (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(frame: Any) -> Any:
    """A copy of a DataFrame whose text cells a spreadsheet shows as text, never runs as formulas.

    A text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
    (a name typed in a data file, say ``=HYPERLINK(...)``) gets a leading ``'``, as OWASP
    advises for CSV files; numbers and the column labels' other text are kept.

    Parameters
    ----------
    frame : pandas.DataFrame

    Returns
    -------
    pandas.DataFrame
        A copy (``frame`` is unchanged).

    Examples
    --------
    >>> import pandas as pd
    >>> spreadsheet_safe(pd.DataFrame({"name": ["=1+1", "Roma", "-x"], "points": [-3, 2, 0]})).to_dict("list")
    {'name': ["'=1+1", 'Roma', "'-x"], 'points': [-3, 2, 0]}
    """
    def safe(value: Any) -> Any:
        return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value

    from pandas.api.types import is_numeric_dtype

    out = frame.copy()
    for column in out.columns:
        if not is_numeric_dtype(out[column]):  # text: object or pandas' string dtype
            out[column] = out[column].map(safe)
    out.columns = [safe(c) for c in out.columns]
    return out


def seat_range(players: int) -> str:
    """The seats of a seat-valued option, counted from 0 as the saved game keeps them, with the
    names the results give them (P1..Pn), so that neither count is left to guess.

    Examples
    --------
    >>> seat_range(3)
    '0 to 2 (P1 to P3)'
    """
    return f"0 to {players - 1} (P1 to P{players})"
