# rometools: compiled twin
"""A chain not built yet: whether it touches a route, and the seat's route after it.

Private to :mod:`rometools.caesars_empire.engine`, which documents what each
function computes (:func:`~rometools.caesars_empire.engine.touches_routes`,
:func:`~rometools.caesars_empire.engine.own_roads_after`). It reads the
kernel's packed facts (:mod:`~rometools.caesars_empire._kernel`: ``Facts.cells``,
the board's ``Shape``) and never changes them: the kernel builds and carries
the facts of the states that are played, this module values a chain a bot only
considers. Like the kernel it is plain Python that Cython compiles as it is
("pure Python mode", ``hatch_build.py``); the engine uses the compiled twin
while it matches this source, and ``tests/caesars_empire/test_engine.py``
checks both against the reference routes.
"""

from __future__ import annotations

from array import array

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

__all__ = ["COMPILED", "own_after", "touches"]

#: True when this module is the compiled extension.
COMPILED = cython.compiled
_INF = cython.declare(cython.long, 1 << 30)  # the kernel's INF: a location not joined to Rome


@cython.cclass
class _Sections:
    """Where the sections this module reads start (from the kernel's ``Shape``), as C ints,
    and the board's cells as a memoryview: read once per shape (:func:`_sections`)."""

    n: cython.Py_ssize_t
    to: cython.Py_ssize_t
    edge: cython.Py_ssize_t
    cost: cython.Py_ssize_t
    po: cython.Py_ssize_t
    dist: cython.Py_ssize_t
    own: cython.Py_ssize_t
    board: cython.int[::1]

    def __init__(self, shape):
        self.n, self.to, self.edge, self.cost = shape.locations, shape.to, shape.edge, shape.cost
        self.po, self.dist, self.own = shape.po, shape.dist, shape.own
        self.board = shape.cells


_last: list = [None]  # (the last shape read, its _Sections): one game's shape serves every move


@cython.cfunc
def _sections(shape) -> _Sections:
    """The :class:`_Sections` of ``shape`` (kept for the last shape asked)."""
    kept = _last[0]  # one tuple, replaced at once: a thread never pairs a shape with another's sections
    if kept is None or kept[0] is not shape:
        kept = _last[0] = (shape, _Sections(shape))
    return kept[1]


@cython.cfunc
@cython.inline
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(k=cython.Py_ssize_t)
def _end(w: _Sections, b: cython.int[::1], a: cython.Py_ssize_t, v: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The path end from ``a`` to ``v`` (``a``'s entry for the path between them)."""
    for k in range(b[a], b[a + 1]):
        if b[w.to + k] == v:
            return k
    raise ValueError(f"no path between locations {a} and {v}")


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(w=_Sections, i=cython.Py_ssize_t, a=cython.Py_ssize_t, v=cython.Py_ssize_t, c=cython.long)
def touches(f, chain: tuple) -> cython.bint:
    """Whether a path of ``chain`` before its last one would shorten or tie a fewest-Roads route
    (``engine.touches_routes``) in the facts ``f``."""
    w = _sections(f.shape)
    d: cython.int[::1] = f.cells
    return _touches(w, w.board, d, chain)


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(i=cython.Py_ssize_t, a=cython.Py_ssize_t, v=cython.Py_ssize_t, c=cython.long)
def _touches(w: _Sections, b: cython.int[::1], d: cython.int[::1], chain: tuple) -> cython.bint:
    """:func:`touches` on the board's cells ``b`` and the facts' cells ``d``."""
    for i in range(len(chain) - 2):
        a, v = chain[i], chain[i + 1]
        c = b[w.cost + _end(w, b, a, v)]
        if d[w.dist + a] + c <= d[w.dist + v] or d[w.dist + v] + c <= d[w.dist + a]:
            return True
    return False


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(w=_Sections, n=cython.Py_ssize_t, i=cython.Py_ssize_t, a=cython.Py_ssize_t, v=cython.Py_ssize_t,
               seat=cython.Py_ssize_t, target=cython.Py_ssize_t, near=cython.long, far=cython.long, last=cython.long)
def own_after(f, chain: tuple, seat, relax) -> cython.long:
    """The most Roads of ``seat`` on a fewest-Roads route from the captured city after building
    ``chain`` (``engine.own_roads_after`` of a chain of three paths or more; ``own`` must be
    known in the facts ``f``). If no path before the last touches a route, the last source's
    route plus the last path; else distances relaxed (``relax``: the kernel's) from the chain
    only as far as its last source, on a copy of the facts' cells, then a longest-path solve
    on the fewest-Roads DAG from the captured city in which locations nearer Rome than every
    new path's far end keep their routes."""
    w = _sections(f.shape)
    b: cython.int[::1] = w.board
    d0: cython.int[::1] = f.cells
    n = len(chain)
    target = chain[n - 1]
    if not _touches(w, b, d0, chain):  # routes unchanged: the last source's route plus the last path
        a = chain[n - 2]
        return d0[w.own + seat * w.n + a] + b[w.cost + _end(w, b, a, target)]
    cells = f.cells[:]
    d: cython.int[::1] = cells
    for i in range(1, n):
        d[w.po + b[w.edge + _end(w, b, chain[i - 1], chain[i])]] = seat
    relax(f.shape, cells, chain[:n - 1], chain[n - 2])
    last = b[w.cost + _end(w, b, chain[n - 2], target)]
    d[w.dist + target] = d[w.dist + chain[n - 2]] + last
    near = _INF
    for i in range(1, n):  # a location nearer Rome than every new path's far end keeps its routes
        a, v = chain[i - 1], chain[i]
        far = d[w.dist + a] if d[w.dist + a] > d[w.dist + v] else d[w.dist + v]
        if far < near:
            near = far
    memo = array("i", [-2]) * w.n
    mv: cython.int[::1] = memo
    return _most_own(w, b, d, mv, target, seat, near)


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(dv=cython.long, k=cython.Py_ssize_t, u=cython.Py_ssize_t, c=cython.long, o=cython.long,
               g=cython.long, top=cython.long)
def _most_own(w: _Sections, b: cython.int[::1], d: cython.int[::1], memo: cython.int[::1], v: cython.Py_ssize_t,
              seat: cython.Py_ssize_t, near: cython.long) -> cython.long:
    """The most Roads of ``seat`` on a fewest-Roads route from ``v`` (memoised in ``memo``)."""
    if not v:
        return 0
    if memo[v] != -2:
        return memo[v]
    dv = d[w.dist + v]
    if dv < near:
        top = d[w.own + seat * w.n + v]
    else:
        top = -1
        for k in range(b[v], b[v + 1]):
            u, c = b[w.to + k], b[w.cost + k]
            o = d[w.po + b[w.edge + k]]
            if d[w.dist + u] + c == dv and o >= 0:
                g = _most_own(w, b, d, memo, u, seat, near) + (c if o == seat else 0)
                if g > top:
                    top = g
    memo[v] = top
    return top
