"""Random-number generator normalisation (Scientific Python SPEC 7)."""

from __future__ import annotations

import numpy as np

from rometools.core._cython import compiled_or_plain

__all__ = ["RngLike", "as_generator", "integer_below", "seed_entropy"]

#: ``int(rng.integers(n))`` at a quarter of its cost, the same draws (:func:`rometools.core._loop.integer_below`);
#: a bot's pick among its ties and a chance node's draw: the compiled twin where it was built.
integer_below = compiled_or_plain("rometools.core._loop").integer_below

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
    if isinstance(rng, bool) or rng is None:
        return None
    if isinstance(rng, int | np.integer):
        return int(rng)
    if isinstance(rng, np.random.Generator):
        rng = rng.bit_generator
    if isinstance(rng, np.random.BitGenerator):
        rng = getattr(rng, "seed_seq", None)
    if isinstance(rng, np.random.SeedSequence) and isinstance(rng.entropy, int):
        key = tuple(int(k) for k in rng.spawn_key)
        return (rng.entropy, *key) if key else rng.entropy
    return None
