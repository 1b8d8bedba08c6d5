# rometools: compiled twin
# cython: annotation_typing=False
"""numpy's seeded generators made faster, the same generators: ``SeedSequence``'s hash worked out in C.

Private to :mod:`rometools.core.playout` and :mod:`rometools.core.simulate` (and
:mod:`rometools.core.rng`, which reads a :class:`_Pool`'s entropy as a ``SeedSequence``'s). Plain
Python that Cython compiles as it is at install, as :mod:`rometools.core._loop` (whose play loop
these generators feed): :func:`~rometools.core._cython.compiled_or_plain` picks the compiled twin
while it matches this source. Each short way is checked against numpy's own on import and is
taken only compiled, and only while it agrees (``tests/core/test_streams.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

import numpy as np
from numpy.random import PCG64, Generator, SeedSequence
from numpy.random.bit_generator import ISpawnableSeedSequence

__all__ = ["seeded", "stream"]


#: numpy's ``SeedSequence`` constants (``numpy/random/bit_generator.pyx``): its hash of the entropy
#: into a pool of four 32-bit words (``INIT_A``, ``MULT_A``, ``MIX_MULT_L``, ``MIX_MULT_R``) and of the
#: pool into state words (``INIT_B``, ``MULT_B``).
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715


@cython.cfunc
@cython.locals(value=cython.ulonglong, hc=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
               x=cython.ulonglong, y=cython.ulonglong, n=cython.Py_ssize_t, m32=cython.ulonglong, pool=list,
               mult_a=cython.ulonglong, mix_l=cython.ulonglong, mix_r=cython.ulonglong)
def _seed_pool(entropy: list) -> list:
    """The four 32-bit words of ``SeedSequence(entropy).pool`` for ``entropy`` a list of whole numbers
    below ``2**32`` (numpy's ``mix_entropy``: the first four words hashed into the pool, every pool word
    mixed into every other, then each further word hashed into each pool word)."""
    m32, hc, mult_a, mix_l, mix_r = 0xFFFFFFFF, _INIT_A, _MULT_A, _MIX_L, _MIX_R   # typed: C arithmetic
    n = len(entropy)
    pool = [0, 0, 0, 0]
    for i in range(4):
        value = entropy[i] if i < n else 0
        value ^= hc   # hashmix
        hc = (hc * mult_a) & m32
        value = (value * hc) & m32
        pool[i] = value ^ (value >> 16)
    for i in range(4):
        for j in range(4):
            if i != j:
                value = pool[i]
                value ^= hc
                hc = (hc * mult_a) & m32
                value = (value * hc) & m32
                y = value ^ (value >> 16)
                x = pool[j]
                value = (mix_l * x - mix_r * y) & m32   # mix
                pool[j] = value ^ (value >> 16)
    for i in range(4, n):   # the words beyond the pool (a spawn key's): each hashed into each pool word
        for j in range(4):
            value = entropy[i]
            value ^= hc
            hc = (hc * mult_a) & m32
            value = (value * hc) & m32
            y = value ^ (value >> 16)
            x = pool[j]
            value = (mix_l * x - mix_r * y) & m32
            pool[j] = value ^ (value >> 16)
    return pool


@cython.cfunc
@cython.locals(hc=cython.ulonglong, value=cython.ulonglong, i=cython.Py_ssize_t, m32=cython.ulonglong,
               low=cython.ulonglong, pool=list, mult_b=cython.ulonglong)
def _pool_words(pool: list) -> list:
    """``SeedSequence.generate_state(4, numpy.uint64)`` of a seed sequence whose pool is ``pool``: eight
    32-bit words hashed from the pool in turn, paired little-endian into four 64-bit ones."""
    m32, hc, mult_b = 0xFFFFFFFF, _INIT_B, _MULT_B
    out = []
    low = 0
    for i in range(8):
        value = pool[i % 4]
        value ^= hc
        hc = (hc * mult_b) & m32
        value = (value * hc) & m32
        value ^= value >> 16
        if i % 2 == 0:
            low = value
        else:
            out.append(low | (value << 32))
    return out


_UINT64 = np.uint64


class _Pool(ISpawnableSeedSequence):
    """A seed sequence whose pool was mixed by :func:`_seed_pool` (what ``SeedSequence`` mixes):
    ``PCG64(_Pool(pool, entropy, spawn_key))`` is ``PCG64(SeedSequence(entropy, spawn_key=spawn_key))``,
    state and increment, made in about a fifth of the time. Its ``generate_state`` gives what
    ``SeedSequence``'s does; it has the ``entropy``, ``spawn_key`` and ``pool_size`` that sequence has
    (:func:`rometools.core.rng.seed_entropy` reads them, and a game records what it reads), and its
    ``spawn`` gives that sequence's children (numpy's own ``SeedSequence`` objects)."""

    __slots__ = ("pool", "entropy", "spawn_key", "n_children_spawned")
    pool_size = 4

    def __init__(self, pool: list, entropy: Any = None, spawn_key: tuple = ()):
        self.pool, self.entropy, self.spawn_key, self.n_children_spawned = pool, entropy, spawn_key, 0

    def spawn(self, n_children: int) -> list:
        """``SeedSequence(entropy, spawn_key=spawn_key).spawn(n_children)``: the children after those
        spawned already."""
        first = self.n_children_spawned
        self.n_children_spawned = first + n_children
        return [SeedSequence(self.entropy, spawn_key=(*self.spawn_key, i)) for i in range(first, first + n_children)]

    def generate_state(self, n_words: int, dtype=np.uint32) -> np.ndarray:
        if n_words == 4 and dtype is _UINT64:   # PCG64's seeding: its state and increment
            return np.array(_pool_words(self.pool), dtype=_UINT64)
        out = np.dtype(dtype)
        if out not in (np.dtype(np.uint32), np.dtype(np.uint64)):
            raise ValueError("only support uint32 or uint64")
        count = n_words * (2 if out == np.dtype(np.uint64) else 1)
        hc, words = _INIT_B, []
        for i in range(count):
            value = self.pool[i % 4] ^ hc
            hc = (hc * _MULT_B) & 0xFFFFFFFF
            value = (value * hc) & 0xFFFFFFFF
            words.append(value ^ (value >> 16))
        state = np.array(words, dtype=np.uint32)
        return state.astype("<u4").view("<u8").astype(np.uint64) if out == np.dtype(np.uint64) else state


def _entropy_words(values: Sequence[int]) -> list:
    """``SeedSequence``'s entropy words of a list of whole numbers >= 0: each number's 32-bit words,
    lowest first (0 is one word)."""
    out = []
    for v in values:
        if v == 0:
            out.append(0)
        while v > 0:
            out.append(v & 0xFFFFFFFF)
            v >>= 32
    return out


def stream(entropy: Sequence[int]) -> Generator:
    """``Generator(PCG64(SeedSequence(list(entropy))))``: the same generator, state and increment,
    for whole numbers >= 0 making at most four 32-bit entropy words (a stream's key and the two
    words of its name, :class:`~rometools.core.rng.NamedStreams`); compiled, mixed in C and handed
    to PCG64 by a :class:`_Pool` (about 1.6 us where ``SeedSequence`` took 7). Checked against
    numpy's own on import (:data:`_STREAM_SAME`); otherwise, or for more entropy, numpy's."""
    if cython.compiled and _STREAM_SAME:
        words = _entropy_words(entropy)
        if len(words) <= 4:
            return Generator(PCG64(_Pool(_seed_pool(words), list(entropy))))
    return Generator(PCG64(SeedSequence(list(entropy))))


def seeded(entropy: int, spawn_key: tuple = ()) -> Generator:
    """``Generator(PCG64(SeedSequence(entropy, spawn_key=spawn_key)))`` (``default_rng(entropy)``
    without a spawn key): the same generator, state and increment, for whole numbers ``entropy`` and
    ``spawn_key`` entries ``>= 0`` (a game's seed in ``play``, ``simulate``'s game streams); compiled,
    mixed in C and handed to PCG64 by a :class:`_Pool` that carries ``entropy`` and ``spawn_key`` (about
    15,000 instructions where ``default_rng`` took 69,000: a seventh of an IMPERATOR game). Checked
    against numpy's own on import (:data:`_SEEDED_SAME`); otherwise numpy's."""
    if cython.compiled and _SEEDED_SAME:
        made = _seeded_short(entropy, spawn_key)
        if made is not None:
            return made
    return Generator(PCG64(SeedSequence(entropy, spawn_key=spawn_key)))


def _seeded_short(entropy: Any, spawn_key: tuple) -> Generator | None:
    """:func:`seeded`'s short way (``None`` where it does not apply: a seed or key entry that is no
    whole number ``>= 0``): the pool :func:`_seed_pool` mixes from the seed's words, padded to the pool
    with zeros before a spawn key's words, as ``SeedSequence`` assembles them."""
    if type(entropy) is not int or entropy < 0 or not all(type(k) is int and k >= 0 for k in spawn_key):
        return None
    words = _entropy_words((entropy,))
    spawn = _entropy_words(spawn_key)
    if spawn and len(words) < 4:
        words = words + [0] * (4 - len(words))
    return Generator(PCG64(_Pool(_seed_pool(words + spawn), entropy, tuple(spawn_key))))


def _stream_agrees() -> bool:
    """Whether :func:`stream`'s short way makes numpy's generators (checked once, on import)."""
    try:
        for entropy in ([0], [1, 2, 3], [2 ** 63 - 1, 0, 2 ** 32 - 1], [2 ** 32, 5, 7], [123456789012345, 1, 0],
                        [2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1], [0, 0, 0, 0], [7, 0]):
            words = _entropy_words(entropy)
            ours = Generator(PCG64(_Pool(_seed_pool(words))))
            theirs = Generator(PCG64(SeedSequence(entropy)))
            if ours.bit_generator.state != theirs.bit_generator.state or int(ours.integers(1 << 62)) != int(
                    theirs.integers(1 << 62)):
                return False
            if list(_Pool(_seed_pool(words)).generate_state(6)) != list(SeedSequence(entropy).generate_state(6)):
                return False
        return True
    except Exception:   # a numpy whose SeedSequence differs: its own it is
        return False


#: Whether :func:`stream` takes the short way (only while it makes what numpy makes).
_STREAM_SAME = _stream_agrees()


def _seeded_agrees() -> bool:
    """Whether :func:`seeded`'s short way makes numpy's generators and sequences (checked once, on import)."""
    try:
        for entropy, key in ((0, ()), (1, ()), (7, (3,)), (1, (9999, 0)), (1, (9999, 1)), (2**32 - 1, (2**32 - 1, 5)),
                             (2**32, (0, 1)), (2**64 + 5, (1, 2)), (123456789012345678901234567890, (4, 0)),
                             (5, (2**40, 0, 7)), (0, (0,))):
            ours, theirs = _seeded_short(entropy, key), Generator(PCG64(SeedSequence(entropy, spawn_key=key)))
            if ours.bit_generator.state != theirs.bit_generator.state or int(ours.integers(1 << 62)) != int(
                    theirs.integers(1 << 62)):
                return False
            mine, numpys = ours.bit_generator.seed_seq, theirs.bit_generator.seed_seq
            if (mine.entropy, tuple(mine.spawn_key)) != (numpys.entropy, tuple(numpys.spawn_key)):
                return False
            if [c.generate_state(2).tolist() for c in mine.spawn(2)] != [c.generate_state(2).tolist()
                                                                         for c in numpys.spawn(2)]:
                return False
        return True
    except Exception:   # a numpy whose SeedSequence differs: its own it is
        return False


#: Whether :func:`seeded` takes the short way (only while it makes what numpy makes).
_SEEDED_SAME = _seeded_agrees()
