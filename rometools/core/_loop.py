# rometools: compiled twin
# cython: annotation_typing=False
"""The inner loops of play: a game played to its end, and one chance draw.

Private to :mod:`rometools.core.playout` (which exports :func:`sample_weighted`) and
:mod:`rometools.core.search`. Plain Python that Cython compiles as it is at install
(``hatch_build.py``; ``annotation_typing=False`` keeps Python's meaning of every annotation);
:func:`~rometools.core._cython.compiled_or_plain` picks the compiled twin while it matches
this source. Every game's play and every MCTS playout runs through it, so its per-step
cost is every game's: the same draws and the same games either way
(``tests/test_compiled_twins.py``).
"""

from __future__ import annotations

import ctypes
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from math import gcd
from typing import Any

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

from numpy.random import PCG64, Generator

from rometools.core.protocol import CHANCE

if cython.compiled:   # numpy's bit generator called in C (its bitgen_t declared in _loop.pxd); an int read in C
    from cython.cimports.cpython.long import PyLong_AsLongLongAndOverflow
    from cython.cimports.cpython.pycapsule import PyCapsule_GetPointer

__all__ = ["draw", "integer_below", "play_bots", "play_one_bot", "play_streams", "race", "sample_weighted", "source_seed"]

_TWO_32 = 1 << 32
#: The largest weight :func:`sample_weighted` sums in C integers (larger ones take the general path).
_SMALL = 1 << 31


class _BitGen(ctypes.Structure):
    """numpy's ``bitgen_t`` (``numpy/random/bitgen.h``): a bit generator's state and its outputs.

    ``next_uint32`` is called holding the GIL (``PYFUNCTYPE``), as numpy calls it: a call that let
    the GIL go would hand it to any other thread that wants it and wait to get it back, per draw."""

    _fields_ = (("state", ctypes.c_void_p), ("next_uint64", ctypes.c_void_p),
                ("next_uint32", ctypes.PYFUNCTYPE(ctypes.c_uint32, ctypes.c_void_p)),
                ("next_double", ctypes.c_void_p), ("next_raw", ctypes.c_void_p))


#: CPython's ``PyCapsule_GetPointer`` with a prototype of its own (``ctypes.pythonapi``'s is shared).
_capsule_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))
#: The 32-bit output and state of the last few generators drawn from (each held, so never another's).
_SOURCES: dict = {}
#: ``(generator, its _SOURCES entry)`` of the last generator drawn from (one tuple, replaced at once:
#: a thread never pairs a generator with another's source). A game draws from one or two.
_LAST_SOURCE: tuple = (None, None)


@cython.cfunc
def _uint32_source(rng: Generator) -> Any:
    """Where ``rng``'s bit generator gives its 32-bit outputs. Plain: ``(next_uint32, state)``,
    called through ``ctypes`` (what numpy's ``bit_generator.ctypes`` gives, read from its
    ``capsule`` in a third of the time: a game of IMPERATOR makes a generator and draws a dozen
    times from it). Compiled: the ``capsule`` itself, whose ``bitgen_t`` :func:`_lemire` calls in C
    (a tenth of the ``ctypes`` call's time)."""
    global _LAST_SOURCE
    kept = _LAST_SOURCE
    if kept[0] is rng:
        return kept[1]
    if cython.compiled:
        found = rng.bit_generator.capsule
    else:
        found = _SOURCES.get(rng)
        if found is None:
            if len(_SOURCES) >= 8:
                _SOURCES.clear()
            bits = _BitGen.from_address(_capsule_pointer(rng.bit_generator.capsule, b"BitGenerator"))
            found = _SOURCES[rng] = (bits.next_uint32, bits.state)
    _LAST_SOURCE = (rng, found)
    return found


@cython.cfunc
@cython.locals(bound=cython.ulonglong, u=cython.ulonglong, m=cython.ulonglong, low=cython.ulonglong,
               threshold=cython.ulonglong)
def _lemire(rng: Generator, n: int) -> int:
    """numpy's draw below ``n`` (2 <= n <= 2**32) for ``Generator.integers``: Lemire's method on the
    bit generator's 32-bit outputs (numpy's ``next_uint32``, called as numpy calls it, holding the GIL)."""
    bound = n
    if cython.compiled:
        bits = cython.cast(cython.pointer(bitgen_t),  # noqa: F821 - declared in _loop.pxd
                           PyCapsule_GetPointer(_uint32_source(rng), b"BitGenerator"))
        u = bits.next_uint32(bits.state)
    else:
        next32, where = _uint32_source(rng)
        u = next32(where)
    m = u * bound
    low = m & 0xFFFFFFFF
    if low < bound:
        threshold = (_TWO_32 - bound) % bound
        while low < threshold:   # the rare rejection that keeps every value equally likely
            u = bits.next_uint32(bits.state) if cython.compiled else next32(where)
            m = u * bound
            low = m & 0xFFFFFFFF
    return m >> 32


def _agrees() -> bool:
    """Whether :func:`_lemire` gives this numpy's ``integers`` draw for draw (checked once, on import)."""
    try:
        a, b = Generator(PCG64(20261204)), Generator(PCG64(20261204))
        for n in (2, 3, 6, 7, 10, 55, 1000, 2 ** 31 + 5, 2 ** 32 - 1, 2 ** 32) * 3:
            if int(a.integers(n)) != _lemire(b, n):
                return False
        return int(a.integers(1 << 40)) == int(b.integers(1 << 40))   # and the streams are in step
    except Exception:   # a numpy without the ctypes interface: integers() it is
        return False


#: Whether :func:`integer_below` takes the short way (``_lemire``): only while it draws what ``integers`` draws.
_SAME = _agrees()


class _Pcg64State(ctypes.Structure):
    """numpy's ``pcg64_state`` (``numpy/random/_pcg64.pyx``): the generator's 128-bit state and
    increment (behind a pointer), and the buffered half of a 64-bit output."""

    _fields_ = (("pcg_state", ctypes.POINTER(ctypes.c_uint64)), ("has_uint32", ctypes.c_int),
                ("uinteger", ctypes.c_uint32))


def _fast_pcg_setter(gen: Generator):
    """A function ``set(value)`` giving ``gen``'s PCG64 the 128-bit state ``value`` (the increment
    and the buffered output as they are now), as ``gen.bit_generator.state = {...}`` does, in a
    sixth of its time (written where numpy keeps it, through the capsule, as :func:`_uint32_source`
    reads it); ``None`` for another bit generator, or where that write is not the same
    (:data:`_PCG_SAME`, checked on import)."""
    bit_generator = gen.bit_generator
    if type(bit_generator) is not PCG64:
        return None
    bits = _BitGen.from_address(_capsule_pointer(bit_generator.capsule, b"BitGenerator"))
    held = _Pcg64State.from_address(bits.state)
    words, has, half = held.pcg_state, held.has_uint32, held.uinteger
    mask = 0xFFFFFFFFFFFFFFFF

    def set_state(value, _keep=(gen, held)):   # the generator kept alive while its memory is written
        words[0] = value & mask      # pcg128_t as gcc's unsigned __int128: the low word first
        words[1] = value >> 64
        held.has_uint32 = has
        held.uinteger = half
    return set_state


def _agrees_with_the_dict(put, values, primes) -> bool:
    """Whether ``put(gen, value)`` leaves a PCG64 as setting its state dict's ``state`` to ``state`` does, for
    each ``(value, state)`` of ``values`` and each ``prime`` (draws made on both generators first, e.g. one
    that leaves a 32-bit half buffered); checked once, on import, by :func:`_pcg_agrees` and :func:`_seed_agrees`."""
    try:
        for prime in primes:
            a, b = Generator(PCG64(42)), Generator(PCG64(42))
            prime(a)
            prime(b)
            held = b.bit_generator.state
            for value, state in values:
                put(a, value)
                held["state"]["state"] = state
                b.bit_generator.state = held
                if a.bit_generator.state != b.bit_generator.state or int(a.integers(1 << 62)) != int(b.integers(1 << 62)):
                    return False
        return True
    except Exception:   # a numpy whose layout or capsule differs: the state dict it is
        return False


def _pcg_agrees() -> bool:
    """Whether :func:`_fast_pcg_setter` leaves a PCG64 as setting its state dict does (checked once)."""
    values = [(v, v) for v in (0, 1, (1 << 128) - 1, 0x1234567890ABCDEF1122334455667788)]
    return _agrees_with_the_dict(lambda gen, v: _fast_pcg_setter(gen)(v), values, [lambda gen: gen.integers(1 << 32)])


#: Whether :func:`_fast_pcg_setter` may set a PCG64's state (and :func:`_put_seed`, checked below).
_PCG_SAME = _pcg_agrees()


@cython.ccall
def integer_below(rng: Generator, n: int) -> int:
    """``int(rng.integers(n))``: the same whole number in ``0 .. n - 1``, from the same draws of
    ``rng``'s bit generator, at about a quarter of the cost.

    A bot's pick among its ties and a chance node's draw are one such number each, and
    ``Generator.integers`` spends about a microsecond per call on handling arguments it is not
    given here (``size``, ``dtype``, arrays): about a seventh of a game of IMPERATOR went on it. For
    ``2 <= n <= 2**32`` this calls numpy's algorithm for that case (Lemire's, on the bit
    generator's 32-bit outputs, called through ``ctypes``); for ``n == 1`` it returns 0 and
    draws nothing, as numpy does. Anything else (a larger ``n``, another kind of ``rng``) is
    ``int(rng.integers(n))`` itself. On import it checks that it draws what this numpy's
    ``integers`` draws and, if it does not, always calls ``integers``; ``tests/core`` holds the two
    equal draw for draw. Unlike ``integers`` it takes no lock on the bit generator: two threads
    must not draw from one generator at once.

    Parameters
    ----------
    rng : numpy.random.Generator
    n : int
        At least 1.

    Returns
    -------
    int

    Raises
    ------
    ValueError
        For ``n < 1`` (from ``rng.integers``).

    See Also
    --------
    sample_weighted, numpy.random.Generator.integers

    Examples
    --------
    >>> import numpy as np
    >>> a, b = np.random.default_rng(5), np.random.default_rng(5)
    >>> [integer_below(a, 6) for _ in range(8)] == [int(b.integers(6)) for _ in range(8)]
    True
    """
    if _SAME and type(rng) is Generator:
        if n == 1:
            return 0
        if type(n) is int and 1 < n <= _TWO_32:
            return _lemire(rng, n)
    return int(rng.integers(n))


def sample_weighted(outcomes: Sequence[Any], weights: Sequence[int], rng: Generator) -> Any:
    """One of ``outcomes``, each drawn with probability its weight / the weights' sum.

    The same draw, for the same ``rng``, as :func:`~rometools.core.playout.sample_outcome`
    given the probabilities ``Fraction(w, sum(weights))``: the weights are divided by their
    greatest common divisor with the sum, which puts them over the Fractions' least common
    denominator. A game's
    ``chance_weights`` (:mod:`rometools.core.protocol`) feeds it without building a
    ``Fraction`` per outcome per draw.

    Parameters
    ----------
    outcomes : sequence
        A chance node's outcomes.
    weights : sequence of int
        Whole numbers > 0, one per outcome.
    rng : numpy.random.Generator

    Raises
    ------
    ValueError
        If there is no outcome, or the weights are not one whole number > 0 per outcome.

    Examples
    --------
    >>> import numpy as np
    >>> from fractions import Fraction as F
    >>> from rometools.core.playout import sample_outcome
    >>> a, b = np.random.default_rng(3), np.random.default_rng(3)
    >>> draws = [sample_weighted("xyz", [2, 4, 6], a) for _ in range(20)]
    >>> draws == [sample_outcome([("x", F(1, 6)), ("y", F(1, 3)), ("z", F(1, 2))], b) for _ in range(20)]
    True
    """
    total = _small_total(weights) if len(outcomes) == len(weights) else 0
    if total > 0:   # every weight a whole number in 1 .. 2**31: the sums in C integers
        return _pick_small(outcomes, weights, total, rng)
    try:
        ok = bool(outcomes) and len(weights) == len(outcomes) and min(weights) >= 1
        if ok:
            total = sum(weights)
            common = gcd(total, *weights)   # refuses a weight that is no whole number
    except TypeError:
        ok = False
    if not ok:   # the words only when needed (a chance node is drawn millions of times)
        raise ValueError(f"chance weights must be one whole number > 0 per outcome ({len(outcomes)} "
                         f"outcomes), got {list(weights)[:10]}")
    denominator = total // common
    if denominator == len(outcomes):   # every weight equal (each is 1 once divided): the r-th outcome
        return outcomes[integer_below(rng, denominator)]
    if common > 1:
        weights = [w // common for w in weights]
    return draw(outcomes, weights, denominator, rng)


@cython.cfunc   # a C call from sample_weighted and race (a chance node's every draw)
@cython.returns(cython.longlong)
@cython.locals(total=cython.longlong, x=cython.longlong, n=cython.Py_ssize_t, most=cython.longlong)
def _small_total(weights: Sequence) -> int:
    """The weights' sum when each is an ``int`` in ``1 .. 2**31`` (at most ``2**31`` of them); else 0.

    Compiled, each weight is read once into a C ``long long`` and compared there (an ``int`` too large for
    one is refused as out of range, as it is in plain Python): Python comparisons of each weight with 0 and
    ``2**31`` were about 80 instructions a weight, and Augustus draws from a bag of 40 to 88 tokens."""
    total = 0
    most = 2147483648   # _SMALL in a C variable: a literal beyond a C int is a Python int to Cython
    n = len(weights)
    if n > most:
        return 0
    try:   # once, not per weight (a try in Cython's loop saved and restored the exception state each turn)
        for w in weights:
            if type(w) is not int:
                return 0
            x = w
            if x < 1 or x > most:
                return 0
            total += x
    except OverflowError:   # compiled: an int beyond a long long, out of range
        return 0
    return total


@cython.locals(total=cython.longlong, common=cython.longlong, a=cython.longlong, b=cython.longlong,
               x=cython.longlong, r=cython.longlong, target=cython.longlong, acc=cython.longlong,
               i=cython.Py_ssize_t)
@cython.cfunc
def _pick_small(outcomes: Sequence, weights: Sequence, total: int, rng: Generator) -> Any:
    """:func:`sample_weighted`'s draw for weights :func:`_small_total` summed to ``total``: the same
    draw, in C integers. Dividing the weights by their greatest common divisor ``common`` puts them
    over ``denominator = total // common``; a uniform ``r`` below it falls on the first outcome whose
    running sum of divided weights passes ``r``, which is the first whose running sum of weights
    passes ``r * common``."""
    common = 0
    for w in weights:   # Euclid's algorithm over the weights (their gcd is also the sum's)
        a, b = w, common
        while b:
            a, b = b, a % b
        common = a
    r = integer_below(rng, total // common)
    if total // common == len(outcomes):   # every weight equal: the r-th outcome
        return outcomes[r]
    target, acc = r * common, 0
    for i in range(len(weights)):
        x = weights[i]
        acc += x
        if acc > target:
            return outcomes[i]
    raise AssertionError("the running sum ends at the total")


def draw(outcomes: Sequence[Any], weights: Sequence[int], denominator: int, rng: Generator) -> Any:
    """The outcome a uniform whole number below ``denominator`` (= the weights' sum) falls on."""
    if denominator < 1 << 62:
        r = integer_below(rng, denominator)
    else:  # a uniform integer below a huge denominator, by rejection on whole bytes
        nbytes = (denominator.bit_length() + 7) // 8
        limit = (1 << (8 * nbytes)) // denominator * denominator
        while True:
            r = int.from_bytes(rng.bytes(nbytes), "little")
            if r < limit:
                r %= denominator
                break
    return outcomes[bisect_right(list(accumulate(weights)), r)]   # the first whose running sum passes r


@cython.locals(p=cython.Py_ssize_t, tally=list)
def play_bots(state: Any, current, weights, apply, appliers: Sequence, deciders: Sequence, gen, chance,
              tally: list | None = None) -> Any:
    """Play ``state`` to the end: seat ``p`` moves with ``appliers[p](state, deciders[p](state, gen))``,
    a chance node applies ``apply(state, sample_weighted(*weights(state), chance))``
    (:func:`rometools.core.playout.play`'s loop). ``tally``: a list with one count per seat, each
    seat's decisions added to it as they are made (``simulate``'s ``moves``, where a game has no
    ``movers`` of its own: counted here, with no wrapper around the bot)."""
    while True:
        p = current(state)
        if p >= 0:
            if tally is not None:
                tally[p] += 1
            state = appliers[p](state, deciders[p](state, gen))
        elif p == CHANCE:
            state = apply(state, sample_weighted(*weights(state), chance))
        else:
            return state


#: Most slots (the weights' sum) :func:`race` draws a key for; larger weights are drawn by :func:`sample_weighted`.
RACE_SLOTS = 1 << 12
#: The 64-bit key of each outcome and source name met so far (:func:`_outcome_key`).
_KEYS: dict = {}


#: The 64-bit key of each whole-number outcome 0 .. 4095 met so far, at its number (:func:`_outcome_key`):
#: read by index, not looked up, as a card drawn from a pile of 85 reads 85 keys (compiled: from the C
#: arrays ``_int_values`` and ``_int_known`` of ``_loop.pxd``, with no Python int to convert).
_INT_KEYS: list = [None] * 4096


@cython.cfunc
@cython.returns(cython.ulonglong)
@cython.locals(n=cython.longlong, overflow=cython.int, keys=list, named=dict, held=list, slot=cython.size_t,
               key_c=cython.ulonglong)
def _outcome_key(outcome: Any) -> int:
    """A 64-bit number for an outcome or a source's name, the same in every process (``hash`` of a
    string is not): the first 8 bytes of the BLAKE2b digest of its ``repr``.

    Compiled, an outcome other than a card number is first looked for by identity in :data:`_ID_HELD`
    (the object itself kept there, so its address names no other object while it is held; its key
    in ``_id_keys`` of ``_loop.pxd``): a dict lookup and a Python int's conversion were about 230
    instructions an outcome, and a Via Romana deal races 20 card names. An object found there gets
    the key the dict gave it; both forget together (:func:`_forget_keys`)."""
    if type(outcome) is int:
        if cython.compiled:   # in C, with no exception for an int beyond a long long (not a card number)
            overflow = 0
            n = PyLong_AsLongLongAndOverflow(outcome, cython.address(overflow))
            if overflow:
                n = -1
        else:
            n = outcome
        if 0 <= n < 4096:   # a card number, say (compared in C)
            if cython.compiled:   # read from C arrays (_loop.pxd): a card drawn from a deck of 88 reads 88 keys
                if not _int_known[n]:  # noqa: F821 - declared in _loop.pxd
                    _int_values[n] = _digest_key(outcome)  # noqa: F821
                    _int_known[n] = 1  # noqa: F821
                return _int_values[n]  # noqa: F821
            keys = _INT_KEYS
            key = keys[n]
            if key is None:
                key = keys[n] = _digest_key(outcome)
            return key
    if cython.compiled:
        held = _ID_HELD
        slot = (cython.cast(cython.size_t, cython.cast(cython.p_void, outcome)) >> 4) & 1023
        if held[slot] is outcome:
            return _id_keys[slot]  # noqa: F821 - declared in _loop.pxd
    named = _KEYS   # typed: its get is a C lookup, where a method call on the global was 0.8 us a key
    key = named.get(outcome)
    if key is None:
        if len(named) > 65536:
            _forget_keys()
        key = named[outcome] = _digest_key(outcome)
    if cython.compiled:
        key_c = key
        held[slot] = outcome
        _id_keys[slot] = key_c  # noqa: F821 - declared in _loop.pxd
    return key


#: What an empty slot of :data:`_ID_HELD` holds: no outcome is this object (``None`` may be one).
_NO_OUTCOME = object()
#: Compiled: the outcomes and source names :func:`_outcome_key` last met at each of 1,024 slots (by
#: address), whose keys ``_id_keys`` (``_loop.pxd``) holds at the same slot.
_ID_HELD: list = [_NO_OUTCOME] * 1024


def _forget_keys() -> None:
    """Empty :data:`_KEYS` and :data:`_ID_HELD` together (an object is found by identity only with the
    key the dict gave it)."""
    _KEYS.clear()
    _ID_HELD[:] = [_NO_OUTCOME] * 1024


def _digest_key(outcome: Any) -> int:
    """:func:`_outcome_key`'s number, computed: the first 8 bytes (little-endian) of the BLAKE2b digest
    of ``repr(outcome)``."""
    import hashlib

    return int.from_bytes(hashlib.blake2b(repr(outcome).encode(), digest_size=8).digest(), "little")


@cython.cfunc
@cython.returns(cython.ulonglong)
@cython.locals(z=cython.ulonglong, mask=cython.ulonglong, k1=cython.ulonglong, k2=cython.ulonglong)
def _mix(z: int) -> int:
    """SplitMix64's finaliser: a 64-bit number to one that looks independent of it (Steele, Lea and
    Flood 2014, with Stafford's "Mix13" constants)."""
    mask, k1, k2 = 0xFFFFFFFFFFFFFFFF, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
    z = ((z ^ (z >> 30)) * k1) & mask
    z = ((z ^ (z >> 27)) * k2) & mask
    return z ^ (z >> 31)


@cython.ccall
@cython.returns(cython.ulonglong)
@cython.locals(key=cython.ulonglong, k=cython.longlong, mask=cython.ulonglong, golden=cython.ulonglong)
def source_seed(key: int, counts: dict, source: Any) -> int:
    """The 64-bit seed of the next draw of ``source``: its ``k``-th, ``k`` counted in ``counts``.

    ``mix(key ^ key(source) + k * golden)``: a counter-based stream per source (as Philox's
    counters, Salmon et al. 2011), so a game names as many sources as it likes (``"draw 2 turn
    7"``) at no cost beyond a count each, and the ``k``-th draw of a source is the same number in
    every variant, however many draws other sources made."""
    mask, golden = 0xFFFFFFFFFFFFFFFF, 0x9E3779B97F4A7C15
    k = counts.get(source, 0)
    counts[source] = k + 1
    return _mix(((key ^ _outcome_key(source)) + k * golden) & mask)


@cython.locals(seed=cython.ulonglong, h=cython.ulonglong, u=cython.ulonglong, best=cython.ulonglong,
               mask=cython.ulonglong, golden=cython.ulonglong, i=cython.Py_ssize_t, j=cython.longlong,
               w=cython.longlong, winner=cython.Py_ssize_t, tied=cython.bint, found=cython.bint)
def race(outcomes: Sequence[Any], weights: Sequence[int], seed: int) -> Any:
    """One of ``outcomes``, each drawn with probability its weight / the weights' sum, from one 64-bit
    ``seed``, coupled across variants: the draw of a named source (``GameSpec.chance_stream``).

    Each weight counts slots (a card kind's cards left): slot ``j`` of outcome ``o`` gets the key
    ``mix(key(o) ^ seed + j * golden)`` and the slot with the highest key wins (a tie between two
    outcomes' slots draws again from ``mix(seed)``). Every slot is equally likely to win, so each
    outcome's chance is its weight / the sum, the law :func:`sample_weighted` draws. What the race
    adds: a variant whose deck holds one card more or less of a kind keeps every other slot's
    key, so the same seed gives the same card unless the winning slot is the card that differs
    (about one draw in the number of cards left), where an inverse-CDF draw shifts every
    boundary after the changed kind. Weights summing to more than :data:`RACE_SLOTS` (0 to 4,096
    slots are enumerated) are drawn by :func:`sample_weighted` from a generator seeded with
    ``seed``.

    Examples
    --------
    >>> from collections import Counter
    >>> counts = Counter(race("abc", [1, 2, 3], _mix(k)) for k in range(60000))
    >>> [abs(counts[o] / 60000 - w / 6) < 0.01 for o, w in zip("abc", [1, 2, 3])]
    [True, True, True]
    >>> sum(race("abcd", [4, 4, 4, 4], _mix(k)) == race("abcd", [4, 4, 3, 4], _mix(k)) for k in range(1000)) > 900
    True
    """
    total = _small_total(weights) if len(outcomes) == len(weights) else 0
    if total == 0 or total > RACE_SLOTS:
        return sample_weighted(outcomes, weights, Generator(PCG64(seed)))
    mask, golden = 0xFFFFFFFFFFFFFFFF, 0x9E3779B97F4A7C15
    while True:
        best, winner, tied, found = 0, 0, False, False
        for i in range(len(outcomes)):
            h = _outcome_key(outcomes[i]) ^ seed
            w = weights[i]
            for j in range(w):
                u = _mix((h + j * golden) & mask)
                if not found or u > best:
                    best, winner, tied, found = u, i, False, True
                elif u == best and i != winner:
                    tied = True
        if not tied:
            return outcomes[winner]
        seed = _mix(seed ^ golden)


def _pcg_state(seed):
    """A PCG64 state (128 bits, a Python int) from a source's 64-bit seed: the seed and its mix."""
    return (seed << 64) | _mix(seed ^ 0x9E3779B97F4A7C15)


@cython.cfunc
@cython.locals(seed=cython.ulonglong, has=cython.int, half=cython.ulonglong)
def _put_pcg(capsule: Any, seed: int, has: int, half: int) -> None:
    """Compiled only: what ``_fast_pcg_setter(gen)(_pcg_state(seed))`` does, written in C through the
    capsule of ``gen``'s PCG64 (``capsule``): the 128-bit state's low word the seed's mix, its high
    word the seed, and the buffered half ``has``, ``half`` as they were (``pcg64_state`` in
    ``_loop.pxd``, the layout :class:`_Pcg64State` reads). A ctypes call per turn was a
    Python call, two pointer writes and two field writes: about 1,500 instructions."""
    if cython.compiled:
        bits = cython.cast(cython.pointer(bitgen_t),  # noqa: F821 - declared in _loop.pxd
                           PyCapsule_GetPointer(capsule, b"BitGenerator"))
        held = cython.cast(cython.pointer(pcg64_state), bits.state)  # noqa: F821 - declared in _loop.pxd
        held.pcg_state[0] = _mix(seed ^ 0x9E3779B97F4A7C15)   # pcg128_t as gcc's unsigned __int128: low word first
        held.pcg_state[1] = seed
        held.has_uint32 = has
        held.uinteger = half


def _buffered(gen: Generator) -> tuple:
    """``(has_uint32, uinteger)`` of a PCG64's state: the buffered half of a 64-bit output."""
    held = gen.bit_generator.state
    return held["has_uint32"], held["uinteger"]


def _put_seed(gen: Generator, seed: int) -> None:
    """Give ``gen``'s PCG64 the state ``_pcg_state(seed)``, keeping its increment and buffered half, as
    :func:`play_streams` does at a seat's new source: compiled, :func:`_put_pcg`; plain, through
    :func:`_fast_pcg_setter`."""
    if cython.compiled:
        has, half = _buffered(gen)
        _put_pcg(gen.bit_generator.capsule, seed, has, half)
    else:
        _fast_pcg_setter(gen)(_pcg_state(seed))


def _seed_agrees() -> bool:
    """Whether :func:`_put_seed` leaves a PCG64 as setting its state dict does, a 32-bit half buffered or
    not (checked once, on import)."""
    values = [(seed, _pcg_state(seed)) for seed in (0, 1, (1 << 64) - 1, 0x1234567890ABCDEF)]
    return _agrees_with_the_dict(_put_seed, values,
                                 [lambda gen: None, lambda gen: gen.integers(1 << 32, dtype="uint32")])


#: Whether :func:`play_streams` sets a seat's PCG64 in place (:func:`_put_seed`), not through its state dict.
_PCG_SAME = _PCG_SAME and _seed_agrees()


@cython.locals(p=cython.Py_ssize_t, tally=list, setters=list, last=list, held=tuple, fast=cython.bint)
def play_streams(state: Any, current, weights, apply, appliers: Sequence, deciders: Sequence, gens: Sequence,
                 source, chance_key: int, bot_key: int, tally: list | None = None) -> Any:
    """:func:`play_bots` for a game that names the source of its randomness at each node
    (``GameSpec.random_source``).

    A chance node draws by :func:`race` from the next seed of its source (:func:`source_seed`
    from ``chance_key``). Seat ``p``'s bot draws from ``gens[p]``, which is set afresh from the
    seed of the decision's source (from ``bot_key``) whenever the source differs from the seat's
    last decision's (``"seat 2 turn 7"``: once a turn), so a bot's tie-breaks in a turn are the
    same numbers in every variant, however many it drew in earlier turns. ``tally``: as
    :func:`play_bots`'. Compiled, a seat's PCG64 is set in C (:func:`_put_pcg`); plain, through
    ``ctypes`` (:func:`_fast_pcg_setter`); another bit generator, through its state dict."""
    chance_counts: dict = {}
    bot_counts: dict = {}
    fast = _PCG_SAME
    # each seat's way to its generator: compiled, its capsule and buffered half; plain, a ctypes setter
    if fast and cython.compiled:
        setters = [(g.bit_generator.capsule, *_buffered(g)) if type(g.bit_generator) is PCG64 else None
                   for g in gens]
    else:
        setters = [_fast_pcg_setter(g) if fast else None for g in gens]
    # the state dict of each seat whose generator is set through it (as it was at the start)
    seats = [g.bit_generator.state if setters[i] is None else None for i, g in enumerate(gens)]
    last = [None] * len(gens)
    while True:
        p = current(state)
        if p >= 0:
            gen = gens[p]
            name = source(state)
            if name != last[p]:
                last[p] = name
                seed = source_seed(bot_key, bot_counts, name)
                if setters[p] is None:
                    held_state = seats[p]
                    held_state["state"]["state"] = _pcg_state(seed)
                    gen.bit_generator.state = held_state
                elif cython.compiled:
                    held = setters[p]
                    _put_pcg(held[0], seed, held[1], held[2])
                else:
                    setters[p](_pcg_state(seed))
            if tally is not None:
                tally[p] += 1
            state = appliers[p](state, deciders[p](state, gen))
        elif p == CHANCE:
            outcomes, ws = weights(state)
            state = apply(state, race(outcomes, ws, source_seed(chance_key, chance_counts, source(state))))
        else:
            return state


def play_one_bot(state: Any, current, weights, apply, apply_bot, decide, rng) -> Any:
    """:func:`play_bots` with one bot in every seat and one generator (an MCTS playout)."""
    while True:
        p = current(state)
        if p >= 0:
            state = apply_bot(state, decide(state, rng))
        elif p == CHANCE:
            state = apply(state, sample_weighted(*weights(state), rng))
        else:
            return state
