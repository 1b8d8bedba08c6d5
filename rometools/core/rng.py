"""Random-number generator normalisation (Scientific Python SPEC 7)."""

from __future__ import annotations

import numpy as np

from rometools.core._cython import compiled_or_plain

__all__ = ["NamedStreams", "RngLike", "as_generator", "integer_below", "seed_entropy"]

#: ``int(rng.integers(n))`` at a quarter of its cost, the same draws (:func:`rometools.core._loop.integer_below`);
#: a bot's pick among its ties and a chance node's draw: the compiled twin where it was built.
integer_below = compiled_or_plain("rometools.core._loop").integer_below
#: The seed sequence of a generator made by :func:`rometools.core._seeds.seeded` (a game's seed in play,
#: simulate's streams): its entropy and spawn key are a ``SeedSequence``'s, read as one.
_POOL = compiled_or_plain("rometools.core._seeds")._Pool

RngLike = None | int | np.random.SeedSequence | np.random.BitGenerator | np.random.Generator


def as_generator(rng: RngLike = None) -> np.random.Generator:
    """Return a :class:`numpy.random.Generator` for any SPEC 7 ``rng`` argument.

    Parameters
    ----------
    rng : None, int, SeedSequence, BitGenerator or Generator
        ``None`` gives fresh OS entropy; an ``int`` seed gives a reproducible
        stream; a ``Generator`` is returned unchanged (so callers share it).

    Returns
    -------
    numpy.random.Generator

    Raises
    ------
    TypeError
        If ``rng`` is of another type (for example a float or ``random.Random``).
    ValueError
        If ``rng`` is a negative seed (numpy's own message did not name ``rng``).

    Examples
    --------
    >>> a = as_generator(7).integers(0, 1000, size=3)
    >>> b = as_generator(7).integers(0, 1000, size=3)
    >>> bool((a == b).all())
    True
    >>> g = as_generator(1)
    >>> as_generator(g) is g
    True
    >>> as_generator(-1)
    Traceback (most recent call last):
    ...
    ValueError: rng must be a seed of 0 or more, got -1
    """
    if rng.__class__ is np.random.Generator:  # the common case (a play loop's own generator): no checks
        return rng
    if isinstance(rng, bool) or not (
        rng is None
        or isinstance(
            rng, int | np.integer | np.random.SeedSequence | np.random.BitGenerator | np.random.Generator
        )
    ):
        raise TypeError(
            f"rng must be None, an int seed, a SeedSequence, a BitGenerator or a "
            f"numpy Generator, got {rng!r}"
        )
    if isinstance(rng, int | np.integer) and rng < 0:
        raise ValueError(f"rng must be a seed of 0 or more, got {rng}")
    return np.random.default_rng(rng)


def seed_entropy(rng: RngLike) -> int | tuple[int, ...] | None:
    """The entropy behind a seed or generator: what to record so a reader can redo the draw.

    An ``int`` seed is its own entropy; a ``SeedSequence`` or a generator built
    from one gives ``entropy`` (with its ``spawn_key`` appended for spawned
    streams, as ``(entropy, *spawn_key)``). ``None`` when unknown. For a
    generator this describes where its stream started, not how far it has run.

    Examples
    --------
    >>> seed_entropy(7), seed_entropy(np.random.default_rng(7))
    (7, 7)
    >>> seed_entropy(np.random.SeedSequence(7).spawn(2)[1])
    (7, 1)
    >>> seed_entropy(None) is None
    True
    """
    if rng.__class__ is np.random.Generator:   # the common case (a play loop's generator), in few steps
        seq = getattr(rng.bit_generator, "seed_seq", None)
        if (seq.__class__ is np.random.SeedSequence or seq.__class__ is _POOL) and not seq.spawn_key and isinstance(
                seq.entropy, int):
            return seq.entropy
    if isinstance(rng, bool) or rng is None:
        return None
    if isinstance(rng, int | np.integer):
        return int(rng)
    if isinstance(rng, np.random.Generator):
        rng = rng.bit_generator
    if isinstance(rng, np.random.BitGenerator):
        rng = getattr(rng, "seed_seq", None)
    if isinstance(rng, np.random.SeedSequence | _POOL) and isinstance(rng.entropy, int):
        key = tuple(int(k) for k in rng.spawn_key)
        return (rng.entropy, *key) if key else rng.entropy
    return None


#: The words of each stream name met so far (a game asks for the same dozen names every game).
_WORDS: dict[str, tuple[int, int]] = {}


def _name_words(name: str) -> tuple[int, int]:
    """Two 32-bit words from a stream's name, the same in every process and Python version (unlike
    ``hash``): the first 8 bytes of its BLAKE2b digest."""
    words = _WORDS.get(name)
    if words is None:
        import hashlib

        if len(_WORDS) > 4096:
            _WORDS.clear()
        digest = int.from_bytes(hashlib.blake2b(str(name).encode(), digest_size=8).digest(), "little")
        words = _WORDS[name] = (digest & 0xFFFFFFFF, digest >> 32)
    return words


class NamedStreams(dict):
    """One generator per name, each derived from one key and the name alone: common random numbers
    that survive a change to the game.

    A game that names the source of each chance node (``GameSpec.chance_stream``: ``"hand 2"``,
    ``"display"``, ``"bag"``) draws each source from its own stream, so a variant that deals one
    more card to a hand no longer shifts every later draw of the deck, the bag or the display
    (issue 43). ``streams[name]`` is ``Generator(PCG64(SeedSequence([key, *words(name)])))``, made
    the first time the name is asked for; ``key`` is one 63-bit number drawn from ``rng`` when the
    streams are made, so the same ``rng`` gives the same streams and two names give independent
    ones.

    Parameters
    ----------
    rng : None, int, SeedSequence, BitGenerator or Generator
        Where the key comes from (:func:`as_generator`; one number is drawn from a generator).

    Examples
    --------
    >>> a, b = NamedStreams(7), NamedStreams(7)
    >>> int(a["hand 1"].integers(1000)) == int(b["hand 1"].integers(1000))
    True
    >>> a["hand 1"] is a["hand 1"], a["hand 1"] is a["hand 2"]
    (True, False)
    """

    __slots__ = ("key",)

    def __init__(self, rng: RngLike = None):
        super().__init__()
        self.key = int(as_generator(rng).integers(1 << 63))

    def __missing__(self, name: str) -> np.random.Generator:
        a, b = _name_words(name)
        stream = self[name] = np.random.Generator(np.random.PCG64(np.random.SeedSequence([self.key, a, b])))
        return stream
