# rometools: compiled twin
# cython: boundscheck=False, wraparound=False
"""The kernel's facts derived from a state's fields, where :func:`~rometools.caesars_empire._kernel.connect`
has not carried them.

Private to :mod:`rometools.caesars_empire.engine`. The kernel (:mod:`~rometools.caesars_empire._kernel`)
builds each played state's facts from its parent's; this module builds them from nothing, once a game
or a position: the packed cells of a state ``connect`` did not build (a new game, a position, a state
the reference rules built: :func:`from_scratch`), and the unbuilt-path lists the first time they are
asked (:func:`open_paths`: ``Facts.leaf``, ``inner`` and ``sources``, which ``connect`` carries after).
It reads the kernel's ``Shape`` through its Python attributes, once a call (a compiled twin cannot read
another's C types; the engine hands :func:`from_scratch` its kernel). Like the kernel it is plain
Python that Cython compiles as it is ("pure Python mode", ``hatch_build.py``), with no bounds checks
and no negative indices (the second line's directives); ``tests/caesars_empire/test_engine.py``
checks both against the reference rules.
"""

from __future__ import annotations

from array import array

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

__all__ = ["COMPILED", "from_scratch", "open_paths"]

#: True when this module is the compiled extension.
COMPILED = cython.compiled


@cython.ccall
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, seat=cython.Py_ssize_t, k=cython.Py_ssize_t,
               colour=cython.Py_ssize_t, value=cython.int, po_at=cython.Py_ssize_t, co_at=cython.Py_ssize_t,
               dist=cython.Py_ssize_t, up=cython.Py_ssize_t, tslot=cython.Py_ssize_t, counts=cython.Py_ssize_t,
               types=cython.Py_ssize_t, highest=cython.Py_ssize_t, colours=cython.Py_ssize_t,
               colour_at=cython.Py_ssize_t, value_at=cython.Py_ssize_t, inf=cython.int)
def from_scratch(state, shape, kernel):
    """The facts of ``state`` (a ``Facts`` of ``kernel``, the engine's kernel module, on
    ``shape``, the board's ``Shape`` for its player count) built from its fields, without ``own``."""
    cells = array("i", [0]) * shape.size
    f = kernel.Facts(shape, cells, -1)
    d: cython.int[::1] = cells
    b: cython.int[::1] = shape.cells
    po_at, co_at, dist, up, tslot = shape.po, shape.co, shape.dist, shape.up, shape.tslot
    counts, types, highest, colours = shape.counts, shape.types, shape.highest, shape.colours
    colour_at, value_at, inf = shape.colour, shape.value, kernel.INF
    po = state.path_owner
    for i in range(shape.paths):
        d[po_at + i] = po[i]
    slot_of = state.config.components.treasure_slot
    treasures = state.treasures
    co = state.city_owner
    n = shape.locations
    for i in range(n):
        d[dist + i] = inf
        d[up + i] = -1
    d[dist] = 0
    for i in range(shape.cities):
        seat = co[i]
        t = treasures[i]
        d[co_at + i] = seat
        k = -1 if t is None else slot_of[t]
        d[tslot + i] = k
        if seat >= 0:
            if k >= 0:
                d[counts + seat * types + k] += 1
            colour = b[colour_at + i]
            value = b[value_at + i]
            if value > d[highest + seat * colours + colour]:
                d[highest + seat * colours + colour] = value
    kernel.relax(shape, cells, [0], -1)
    if None in treasures:
        f.next_deal = treasures.index(None)
    return f


@cython.ccall
@cython.locals(v=cython.Py_ssize_t, u=cython.Py_ssize_t, e=cython.Py_ssize_t, i=cython.Py_ssize_t,
               po_at=cython.Py_ssize_t, co_at=cython.Py_ssize_t, lv=list, iv=list, leaf=list, inner=list,
               sources=list, nb=tuple)
def open_paths(f) -> tuple:
    """``(leaf, inner, sources)`` of the facts ``f``: per location its unbuilt paths
    ``(neighbour, path index, Roads)`` (the board's own tuples, in board order) to an available
    city and to an empty city (paths into Rome are in neither: a chain never enters Rome), and
    Rome and every empty city, ascending."""
    shape = f.shape
    d: cython.int[::1] = f.cells
    adj = shape.adj
    po_at, co_at = shape.po, shape.co
    leaf, inner, sources = [], [], [0]
    for v in range(shape.locations):
        if v and d[co_at + v - 1] >= 0:
            sources.append(v)
        lv, iv = [], []
        nb = adj[v]
        for i in range(len(nb)):
            x = nb[i]
            u, e = x[0], x[1]
            if u and d[po_at + e] < 0:
                if d[co_at + u - 1] < 0:
                    lv.append(x)
                else:
                    iv.append(x)
        leaf.append(tuple(lv))
        inner.append(tuple(iv))
    return tuple(leaf), tuple(inner), tuple(sources)
