# rometools: compiled twin
# cython: annotation_typing=False
"""A game's records joined at its end (:func:`joined`), for :mod:`~rometools.augustus.turn`.

Private to :mod:`rometools.augustus.turn`, whose ``_Work.freeze`` calls it, as a Python call, once
per game (it reads no ``_Work``, so it left ``turn.py``, which keeps the functions reading that
typed copy, under 800 lines). Plain Python that Cython compiles as it is (``hatch_build.py``, as
``_records_c``), used as its compiled twin where that matches this source
(:func:`rometools.core._cython.compiled_or_plain`). ``tests/augustus/test_augustus_facts.py`` holds
:func:`joined` equal to :func:`~rometools.augustus.state.joined_records`, both twins.

Examples
--------
>>> joined(((None, 1, ("a",)), 3, ("b",), ("c",)))
(('a',), ('b',), ('c',))
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

__all__ = ["joined"]


@cython.ccall
@cython.locals(parts=list, out=list, t=tuple, k=cython.Py_ssize_t, i=cython.Py_ssize_t)
def joined(link: tuple) -> tuple:
    """:func:`~rometools.augustus.state.joined_records` of ``link`` (the same tuple, tested), compiled:
    the game's records joined once, at its end (the plain module's loop and a slice per link were
    about a seventieth of a four-player game)."""
    parts = []
    while link is not None:   # a loop, not recursion: a game is long
        parts.append(link)
        link = cython.cast(tuple, link)[0]
    out = []
    for k in range(len(parts) - 1, -1, -1):
        t = cython.cast(tuple, parts[k])
        for i in range(2, len(t)):
            out.append(t[i])
    return tuple(out)
