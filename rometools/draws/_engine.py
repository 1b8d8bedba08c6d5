"""The exact engine: generating functions over kinds, folded by symmetry.

Private; :mod:`rometools.draws.bag` is the public face.

A draw is a product over kinds. Without replacement the generating function of a
kind with ``s`` tokens is ``sum_c C(s, c) x^c`` (``x`` counts tokens drawn) and
``[x^n] prod_kinds / C(N, n)`` is the probability; with replacement the
exponential generating function ``sum_c s^c x^c / c!`` gives
``n! [x^n] prod / N^n``. To follow a condition, each kind's series is split by
what ``c`` tokens of it do to the tracked features (:mod:`rometools.draws._plan`):
the engine multiplies *state -> series* dictionaries, adding feature values
(capped) when it multiplies series. Every partial draw with the same tracked
values shares one series, so nothing is enumerated outcome by outcome.

Folding: kinds that only feed pooled counts are merged into one kind whatever
their supplies (``(1+x)^a (1+x)^b = (1+x)^(a+b)``); kinds with equal supply and
equal role (same features, same points) form a class whose dictionary is raised
to the class size by repeated squaring. For a class with one threshold that is
the binomial sum ``sum_j C(m, j) L^j H^(m-j)`` over how many kinds fall short:
inclusion-exclusion grouped by subset size, without the signs.

Series are packed into one Python int per state (Kronecker substitution: the
coefficient of ``x^t`` sits at bit ``t * bits``), so a product of two series is
one big-integer multiplication in C, masked to the degrees that matter.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial, lcm, prod

from rometools.core.errors import RometoolsError

#: Most engine states (distinct tracked values) before the exact engine gives up.
MAX_STATES = 200_000
#: Most bits in one packed series before the exact engine gives up (about 8 MB).
MAX_SERIES_BITS = 1 << 26
#: Most estimated seconds of big-integer arithmetic one exact question may take: the engine
#: prices every product of series before computing it (:func:`mul_seconds`) and refuses with
#: :class:`TooLargeError` as soon as the total would pass this.
MAX_WORK_SECONDS = 3.0
#: Seconds per (30-bit digit)^1.585 of a balanced CPython (Karatsuba) product, measured on
#: this kind of machine at 10^4 to 2 x 10^7 bits (10.0 to 11.6 ns); rounded up.
_KARATSUBA_SECONDS = 12e-9
#: Below this many bits a product of series is made as it is (stripping a one-term series' empty
#: low degrees first pays only on large operands).
_SPARSE_BITS = 1 << 14
#: Seconds of interpreter overhead per product (a dictionary entry, a mask, an addition).
_STEP_SECONDS = 0.5e-6


class TooLargeError(RometoolsError, ValueError):
    """The exact law would be too large to compute; the message points at ``simulate``.

    A ``ValueError`` (and a :class:`~rometools.core.errors.RometoolsError`), raised
    before any long computation where the size is known up front.

    Examples
    --------
    >>> from rometools.draws import Bag, at_least
    >>> Bag({"a": 100_000, "b": 100_000}).draw(100_000).prob(at_least("a", 50_000))
    Traceback (most recent call last):
    ...
    rometools.draws.TooLargeError: drawing 100,000 of 200,000 tokens needs series of 100,001 coefficients of 200,007 bits (2,500 MB each), too large for exact series; estimate it instead: draw.simulate(trials, rng=...)
    >>> Bag({"a": 500_000, "b": 500_000}).draw(1000).prob(at_least("a", 500))
    Traceback (most recent call last):
    ...
    rometools.draws.TooLargeError: the exact answer to at_least('a', 500) would take more than 3 s (about 38 s estimated for 501 products of series); estimate it instead: draw.simulate(trials, rng=...)
    """


TooLargeError.__module__ = "rometools.draws"

SIMULATE_ROUTE = "estimate it instead: draw.simulate(trials, rng=...)"


def mul_seconds(a_bits: int, b_bits: int) -> float:
    """Estimated seconds for CPython to multiply ints of ``a_bits`` and ``b_bits`` bits.

    Karatsuba, ``c * d^1.585`` for ``d`` 30-bit digits when balanced; a lopsided product
    is cut into ``large / small`` balanced ones (CPython's ``k_lopsided_mul``).

    Examples
    --------
    >>> round(mul_seconds(20_000_000, 20_000_000))
    20
    >>> mul_seconds(64, 64) < 1e-6
    True
    """
    small, large = sorted((max(a_bits, 30), max(b_bits, 30)))
    return _STEP_SECONDS + _KARATSUBA_SECONDS * (large / small) * (small / 30) ** 1.585


class Work:
    """A budget of estimated seconds for one exact question (see :data:`MAX_WORK_SECONDS`).

    Parameters
    ----------
    what : str
        The question, for the message.
    route : str
        What to do instead, for the message (the simulate twin).
    """

    def __init__(self, what: str, route: str = SIMULATE_ROUTE, budget: float = MAX_WORK_SECONDS):
        self.what, self.route, self.budget = what, route, budget
        self.spent = 0.0

    def spend(self, seconds: float, detail: str = "") -> None:
        """Add ``seconds`` to the estimate, or raise :class:`TooLargeError` past the budget."""
        self.spent += seconds
        if self.spent > self.budget:
            raise TooLargeError(f"the exact answer to {self.what} would take more than {self.budget:.0f} s "
                                f"(about {_duration(self.spent)} estimated{detail}); {self.route}")


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.0f} hours"
    return f"{seconds / 86400:.3g} days"


def log2_comb(n: int, k: int) -> float:
    """``log2 C(n, k)`` from ``lgamma`` (no big integer is built).

    Examples
    --------
    >>> round(log2_comb(52, 5), 6) == round(math.log2(comb(52, 5)), 6)
    True
    """
    if k < 0 or k > n:
        return 0.0
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)) / math.log(2)


def _too_large(degree: int, bits: float, what: str) -> TooLargeError:
    return TooLargeError(f"{what} needs series of {degree + 1:,} coefficients of {bits:,.0f} bits "
                         f"({bits * (degree + 1) / 8e6:,.0f} MB each), too large for exact series; {SIMULATE_ROUTE}")


# ------------------------------------------------------------------ rings
class HyperRing:
    """Series for draws without replacement from ``total`` tokens, up to ``degree`` tokens."""

    zero = 0
    one = 1
    add = staticmethod(operator.add)

    def __init__(self, total: int, degree: int):
        self.total = total
        self.degree = degree = min(degree, total)
        estimate = log2_comb(total, min(degree, total // 2)) + 16
        if estimate * (degree + 1) > MAX_SERIES_BITS:  # checked before any big integer is built
            raise _too_large(degree, estimate, f"drawing {degree:,} of {total:,} tokens")
        self.bits = _byte_bits(comb(total, min(degree, total // 2)))
        self.full_bits = self.bits * (degree + 1)
        self.mask = (1 << self.full_bits) - 1
        if self.full_bits < _SPARSE_BITS:
            self.mul = self._plain_mul

    def _plain_mul(self, a: int, b: int) -> int:
        return (a * b) & self.mask

    def top(self, supply: int) -> int:
        return min(supply, self.degree)

    def terms(self, supply: int, lo: int, hi: int | None) -> int:
        """``sum_{c=lo..hi} C(supply, c) x^c`` (``hi=None``: every higher count)."""
        top = self.top(supply) if hi is None else min(hi, self.top(supply))
        if top < lo:
            return 0
        if top == lo:  # one term: no packing
            return comb(supply, lo) << (self.bits * lo)
        coefficients = [comb(supply, lo)]
        for c in range(lo, top):  # C(s, c + 1) = C(s, c) (s - c) / (c + 1)
            coefficients.append(coefficients[-1] * (supply - c) // (c + 1))
        return _pack(coefficients, self.bits, lo)

    def mul(self, a: int, b: int) -> int:
        if a.bit_length() < _SPARSE_BITS or b.bit_length() < _SPARSE_BITS:
            return (a * b) & self.mask
        za, zb = _low_zeros(a), _low_zeros(b)  # a one-term series costs one small product
        return (((a >> za) * (b >> zb)) << (za + zb)) & self.mask

    def coefficients(self, a: int) -> list[int]:
        """Ways to draw ``t`` tokens, for ``t = 0..degree``."""
        return _unpack(a, self.bits, self.degree)

    def coefficient(self, a: int, t: int) -> int:
        return (a >> (self.bits * t)) & ((1 << self.bits) - 1)

    def denominator(self, t: int) -> int:
        return comb(self.total, t)


class MultiRing:
    """Series for ``degree`` draws with replacement from ``total`` tokens.

    Exponential generating functions scaled by ``D = degree!`` so every coefficient is
    an int: ``E_t = D * sequences_t / t!``. The product of two scaled series divided by
    ``D`` is the scaled product, exactly (each coefficient of the raw product is a
    multiple of ``D``), so it is still one big-integer multiplication.
    """

    zero = 0
    add = staticmethod(operator.add)

    def __init__(self, total: int, degree: int):
        self.total = total
        self.degree = degree
        log_scale = math.lgamma(degree + 1) / math.log(2)
        estimate = 2 * log_scale + degree * math.log2(max(total, 1)) + 16  # an upper bound
        if estimate * (degree + 1) > MAX_SERIES_BITS:  # checked before any big integer is built
            raise _too_large(degree, estimate, f"{degree:,} draws with replacement")
        self.scale = factorial(degree)
        self.bits = _byte_bits(max(self.scale ** 2 * total ** t // factorial(t) for t in range(degree + 1)))
        self.full_bits = self.bits * (degree + 1)
        self.mask = (1 << self.full_bits) - 1
        self.one = self.scale
        if self.full_bits < _SPARSE_BITS:
            self.mul = self._plain_mul

    def _plain_mul(self, a: int, b: int) -> int:
        return ((a * b) & self.mask) // self.scale

    def top(self, supply: int) -> int:
        return self.degree if supply else 0

    def terms(self, supply: int, lo: int, hi: int | None) -> int:
        top = self.top(supply) if hi is None else min(hi, self.top(supply))
        return _pack([supply ** c * (self.scale // factorial(c)) for c in range(lo, top + 1)], self.bits, lo)

    def mul(self, a: int, b: int) -> int:
        if a.bit_length() < _SPARSE_BITS or b.bit_length() < _SPARSE_BITS:
            return ((a * b) & self.mask) // self.scale
        za, zb = _low_zeros(a), _low_zeros(b)
        return (((((a >> za) * (b >> zb)) << (za + zb))) & self.mask) // self.scale

    def coefficients(self, a: int) -> list[int]:
        """Ordered sequences of ``t`` draws, for ``t = 0..degree``."""
        return [e * factorial(t) // self.scale for t, e in enumerate(_unpack(a, self.bits, self.degree))]

    def coefficient(self, a: int, t: int) -> int:
        return ((a >> (self.bits * t)) & ((1 << self.bits) - 1)) * factorial(t) // self.scale

    def denominator(self, t: int) -> int:
        return self.total ** t


class PoissonRing:
    """Unbounded draws with replacement: sums of ``exp(lam * u) * poly(u)``.

    Draws at the times of a rate-1 Poisson process make the kinds independent
    (kind ``i`` arrives at rate ``s_i``; time is scaled by ``N``), so the
    probability of a set of count vectors is a sum of such terms, stored as
    ``{lam: (p_0, p_1, ...)}`` with Fraction coefficients. After ``t`` draws:
    ``t! N^-t [u^t]``; the expected number of draws to leave a set is
    ``N * integral_0^inf exp(-N u) F(u) du``, term by term ``a! / (N - lam)^(a+1)``.
    """

    zero: dict = {}
    one = {0: (Fraction(1),)}

    def __init__(self, total: int):
        self.total = total

    def top(self, supply: int) -> None:
        return None

    def terms(self, supply: int, lo: int, hi: int | None) -> dict:
        if hi is None:  # exp(s u) minus the counts below lo
            low = tuple(-Fraction(supply ** c, factorial(c)) for c in range(lo))
            out = {supply: (Fraction(1),)}
            return self.add(out, {0: low}) if low else out
        poly = tuple(Fraction(supply ** c, factorial(c)) if c >= lo else Fraction(0) for c in range(hi + 1))
        return {0: poly} if any(poly) else {}

    @staticmethod
    def _trim(poly: Sequence[Fraction]) -> tuple:
        poly = list(poly)
        while poly and not poly[-1]:
            poly.pop()
        return tuple(poly)

    def add(self, a: dict, b: dict) -> dict:
        out = dict(a)
        for lam, p in b.items():
            q = out.get(lam, ())
            n = max(len(p), len(q))
            s = self._trim([(p[i] if i < len(p) else 0) + (q[i] if i < len(q) else 0) for i in range(n)])
            if s:
                out[lam] = s
            else:
                out.pop(lam, None)
        return out

    def mul(self, a: dict, b: dict) -> dict:
        out: dict = {}
        for la, pa in a.items():
            for lb, pb in b.items():
                conv = [Fraction(0)] * (len(pa) + len(pb) - 1)
                for i, x in enumerate(pa):
                    for j, y in enumerate(pb):
                        conv[i + j] += x * y
                out = self.add(out, {la + lb: tuple(conv)})
        return out

    def survival_at(self, a: dict, t: int) -> Fraction:
        """``t! N^-t [u^t] F``: probability of the set after ``t`` draws."""
        total = Fraction(0)
        for lam, poly in a.items():
            for k, coef in enumerate(poly):
                if k <= t:
                    total += coef * Fraction(lam ** (t - k), factorial(t - k))
        return total * factorial(t) / Fraction(self.total) ** t

    def expected_time(self, a: dict) -> Fraction | None:
        """``sum_t`` of :meth:`survival_at`, exactly; ``None`` when it diverges."""
        total = Fraction(0)
        n = self.total
        for lam, poly in a.items():
            if lam >= n:
                return None
            for k, coef in enumerate(poly):
                total += coef * factorial(k) / Fraction(n - lam) ** (k + 1)
        return total * n


# ------------------------------------------------------------------ state dictionaries
def _combiner(caps: tuple[int | None, ...]) -> Callable[[tuple, tuple], tuple]:
    if not caps:
        return lambda a, b: ()
    if len(caps) == 1:
        (c,) = caps
        if c is None:
            return lambda a, b: (a[0] + b[0],)
        return lambda a, b: (min(a[0] + b[0], c),)
    if len(caps) == 2 and None not in caps:
        c0, c1 = caps
        return lambda a, b: (min(a[0] + b[0], c0), min(a[1] + b[1], c1))
    return lambda a, b: tuple(x + y if c is None else min(x + y, c)
                              for x, y, c in zip(a, b, caps, strict=True))


class _States:
    """Multiplication of ``{state: series}`` dictionaries under a ring and caps, priced first."""

    def __init__(self, ring, caps: tuple[int | None, ...], what: str):
        self.ring = ring
        self.combine = _combiner(caps)
        self.what = what
        self.work = Work(what)
        # series no longer than a few kilobits: every product is priced at the longest one's cost
        full = getattr(ring, "full_bits", None)
        self.small = None if full is None or full >= _SPARSE_BITS else mul_seconds(full, full)

    def _price(self, a: dict, b: dict) -> None:
        if self.small is not None:
            self.work.spend(len(a) * len(b) * self.small)
            return
        if isinstance(self.ring, PoissonRing):
            terms = sum(map(len, a.values())) * sum(map(len, b.values()))
            self.work.spend(terms * 20 * _STEP_SECONDS)
            return
        pairs = len(a) * len(b)
        rough = pairs * mul_seconds(max(p.bit_length() for p in a.values()),
                                    max(p.bit_length() for p in b.values()))
        if self.work.spent + rough <= self.work.budget:  # an upper bound that fits: no closer look
            self.work.spent += rough
            return
        a_bits = [p.bit_length() - _low_zeros(p) for p in a.values()]
        b_bits = [p.bit_length() - _low_zeros(p) for p in b.values()]
        if len(a_bits) * len(b_bits) > 4096:  # price the product of totals (an upper bound)
            seconds = len(a_bits) * len(b_bits) * mul_seconds(max(a_bits), max(b_bits))
        else:
            seconds = sum(mul_seconds(x, y) for x in a_bits for y in b_bits)
        self.work.spend(seconds, f" for {len(a_bits) * len(b_bits):,} products of series")

    def mul(self, a: dict, b: dict) -> dict:
        self._price(a, b)
        ring, combine = self.ring, self.combine
        out: dict = {}
        for sa, pa in a.items():
            for sb, pb in b.items():
                p = ring.mul(pa, pb)
                if p:
                    s = combine(sa, sb)
                    out[s] = ring.add(out[s], p) if s in out else p
        if len(out) > MAX_STATES:
            raise TooLargeError(f"the exact law of {self.what} needs more than {MAX_STATES} states "
                                f"(kinds x tracked values); estimate it instead: "
                                f"draw.simulate(trials, rng=...).law(...)")
        return out

    def power(self, a: dict, m: int) -> dict:
        result = None
        base = a
        while m:
            if m & 1:
                result = base if result is None else self.mul(result, base)
            m >>= 1
            if m:
                base = self.mul(base, base)
        return result


def joint(plan, ring, what: str = "this question") -> dict:
    """``{tracked state: series}`` for the whole bag (see the module docstring).

    Parameters
    ----------
    plan : rometools.draws._plan.Plan
    ring : HyperRing, MultiRing or PoissonRing
    what : str
        The question, for the :class:`TooLargeError` message.
    """
    groups: dict[tuple, list] = {}
    for i, supply in enumerate(plan.supplies):
        members = plan.membership[i]
        individual = any(m and f.kind != "count" for m, f in zip(members, plan.features, strict=True))
        if individual:
            scores = tuple(f.values.get(i) if f.kind == "score" else None for f in plan.features)
            key = ("class", supply, members, scores)
            group = groups.setdefault(key, [i, supply, 0])
            group[2] += 1
        else:  # only pooled counts see it: merge supplies
            group = groups.setdefault(("pool", members), [i, 0, 1])
            group[1] += supply
    states = _States(ring, plan.caps, what)
    zero_state = tuple(0 for _ in plan.features)
    result = None
    for rep, supply, multiplicity in sorted(groups.values(), key=lambda g: (g[2], g[1])):
        part = states.power(_local(plan, ring, rep, supply), multiplicity)
        result = part if result is None else states.mul(result, part)
    return {zero_state: ring.one} if result is None else result


def _local(plan, ring, rep: int, supply: int) -> dict:
    """``{delta: series}`` of one kind (or pooled kinds) of ``supply`` tokens."""
    sat = plan.saturation(rep)
    top = ring.top(supply)
    if sat is None:
        sat = top
    elif top is not None:
        sat = min(sat, top)
    out: dict = {}
    for c in range(sat):
        _put(out, plan.delta(rep, c), ring.terms(supply, c, c), ring)
    _put(out, plan.delta(rep, sat), ring.terms(supply, sat, None), ring)
    return out


def _put(out: dict, key: tuple, series, ring) -> None:
    if series:
        out[key] = ring.add(out[key], series) if key in out else series


# ------------------------------------------------------------------ enumeration
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


@lru_cache(maxsize=4096)
def _arrangements(pattern: tuple[int, ...]) -> int:
    """Distinct orderings of a multiset of counts (multinomial coefficient)."""
    out = factorial(len(pattern))
    for value in set(pattern):
        out //= factorial(pattern.count(value))
    return out


def enumerate_counts(kinds: Sequence[Hashable], supplies: Sequence[int], n: int, replace: bool,
                     exchangeable: Callable[[Hashable], Hashable] | None
                     ) -> Iterator[tuple[dict[Hashable, int], Fraction]]:
    """Every count vector of a draw with its probability, folded by ``exchangeable``.

    Without replacement ``P(c) = prod C(s_i, c_i) / C(N, n)``; with replacement
    ``P(c) = n! prod (s_i^c_i / c_i!) / N^n``. Kinds with the same supply and the same
    ``exchangeable(kind)`` key are interchangeable: one representative per pattern is
    yielded, with the probability of all its permutations.
    """
    total = sum(supplies)
    if replace:
        def weight(s: int, c: int) -> Fraction:
            return Fraction(s ** c, factorial(c))
        denominator = Fraction(total ** n, factorial(n)) if n else Fraction(1)
    else:
        def weight(s: int, c: int) -> int:
            return comb(s, c)
        denominator = Fraction(comb(total, n))
    if exchangeable is None:
        groups = [([kind], s) for kind, s in zip(kinds, supplies, strict=True)]
    else:
        by_key: dict[tuple[Hashable, int], list[Hashable]] = {}
        for kind, s in zip(kinds, supplies, strict=True):
            by_key.setdefault((exchangeable(kind), s), []).append(kind)
        groups = [(members, s) for (_, s), members in by_key.items()]
    caps = [n if replace and s else (0 if replace else s) for _, s in groups]
    capacity_after = [sum(len(m) * c for (m, _), c in zip(groups[i:], caps[i:], strict=True))
                      for i in range(len(groups) + 1)]

    def walk(i: int, left: int) -> Iterator[tuple[list[tuple[int, ...]], object]]:
        if i == len(groups):
            if left == 0:
                yield [], 1
            return
        members, s = groups[i]
        cap = caps[i]
        for take in range(min(left, len(members) * cap), -1, -1):
            if left - take > capacity_after[i + 1]:
                break
            for pattern in _partitions(take, len(members), cap):
                w = _arrangements(pattern) * prod(weight(s, c) for c in pattern)
                for rest, rest_weight in walk(i + 1, left - take):
                    yield [pattern, *rest], w * rest_weight

    for patterns, w in walk(0, n):
        counts = dict.fromkeys(kinds, 0)
        for (members, _), pattern in zip(groups, patterns, strict=True):
            counts.update(zip(members, pattern, strict=True))
        yield counts, Fraction(w) / denominator


def marginal(supply: int, total: int, n: int, replace: bool) -> dict[int, Fraction]:
    """Law of the count of one kind (or pooled kinds) of ``supply`` tokens among ``n`` drawn."""
    if replace:
        if total == 0:
            return {0: Fraction(1)}
        p = Fraction(supply, total)
        return {c: comb(n, c) * p ** c * (1 - p) ** (n - c) for c in range(n + 1) if p ** c * (1 - p) ** (n - c)}
    lo, hi = max(0, n - (total - supply)), min(supply, n)
    denominator = comb(total, n)
    return {c: Fraction(comb(supply, c) * comb(total - supply, n - c), denominator) for c in range(lo, hi + 1)}


def total_probability(ring, ways: Mapping[int, int]) -> Fraction:
    """``sum_t ways[t] / ring.denominator(t)`` as one Fraction (one reduction at the end)."""
    dens = {t: ring.denominator(t) for t, w in ways.items() if w}
    if not dens:
        return Fraction(0)
    common = lcm(*dens.values())
    return Fraction(sum(ways[t] * (common // d) for t, d in dens.items()), common)


def _low_zeros(a: int) -> int:
    """Trailing zero bits of ``a > 0`` (0 for 0): a series' empty low degrees."""
    return (a & -a).bit_length() - 1 if a else 0


def _pack(coefficients: list[int], bits: int, lo: int = 0) -> int:
    """One int holding ``coefficients`` (of ``x^lo``, ``x^(lo+1)``, ...) at ``bits`` bits each."""
    width = bits // 8
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coefficients), "little") << (bits * lo)


def _byte_bits(bound: int) -> int:
    """Bits per packed coefficient: room for ``bound``, rounded up to whole bytes."""
    return (bound.bit_length() + 1 + 7) // 8 * 8


def _unpack(a: int, bits: int, degree: int) -> list[int]:
    """The ``degree + 1`` coefficients of a packed series (``bits`` a multiple of 8)."""
    width = bits // 8
    raw = a.to_bytes(width * (degree + 1), "little")
    return [int.from_bytes(raw[t * width:(t + 1) * width], "little") for t in range(degree + 1)]
