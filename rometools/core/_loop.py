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

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from math import gcd
from typing import TYPE_CHECKING, Any

from rometools.core.game import CHANCE

if TYPE_CHECKING:
    import numpy as np

__all__ = ["draw", "play_bots", "play_one_bot", "sample_weighted"]


def sample_weighted(outcomes: Sequence[Any], weights: Sequence[int], rng: np.random.Generator) -> Any:
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
        return outcomes[int(rng.integers(denominator))]
    if common > 1:
        weights = [w // common for w in weights]
    return draw(outcomes, weights, denominator, rng)


def draw(outcomes: Sequence[Any], weights: Sequence[int], denominator: int, rng: np.random.Generator) -> Any:
    """The outcome a uniform whole number below ``denominator`` (= the weights' sum) falls on."""
    if denominator < 1 << 62:
        r = int(rng.integers(denominator))
    else:  # a uniform integer below a huge denominator, by rejection on whole bytes
        nbytes = (denominator.bit_length() + 7) // 8
        limit = (1 << (8 * nbytes)) // denominator * denominator
        while True:
            r = int.from_bytes(rng.bytes(nbytes), "little")
            if r < limit:
                r %= denominator
                break
    return outcomes[bisect_right(list(accumulate(weights)), r)]   # the first whose running sum passes r


def play_bots(state: Any, current, weights, apply, appliers: Sequence, deciders: Sequence, gen, chance) -> Any:
    """Play ``state`` to the end: seat ``p`` moves with ``appliers[p](state, deciders[p](state, gen))``,
    a chance node applies ``apply(state, sample_weighted(*weights(state), chance))``
    (:func:`rometools.core.playout.play`'s loop)."""
    while True:
        p = current(state)
        if p >= 0:
            state = appliers[p](state, deciders[p](state, gen))
        elif p == CHANCE:
            state = apply(state, sample_weighted(*weights(state), chance))
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
