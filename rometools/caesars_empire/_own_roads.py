"""Every seat's most Roads on a fewest-Roads route to Rome: the pass of ``engine.most_own_roads``.

Private to :mod:`rometools.caesars_empire.engine`, which documents what it
computes. Like :mod:`~rometools.caesars_empire._greedy_search` this is plain
Python that Cython compiles as it is (``hatch_build.py``; the engine uses the
compiled twin while it matches this source); both give the same values
(``tests/caesars_empire/test_engine.py`` checks them against the reference
``rules.route_points`` after every move, and the plain module against the
compiled one).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

__all__ = ["COMPILED", "most_own_on_dag", "own_rows"]

#: True when this module is the compiled extension.
COMPILED = cython.compiled


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(seats=cython.Py_ssize_t, n=cython.Py_ssize_t, v=cython.Py_ssize_t, u=cython.Py_ssize_t,
               o=cython.Py_ssize_t, j=cython.Py_ssize_t, j2=cython.Py_ssize_t, base=cython.Py_ssize_t, at=cython.Py_ssize_t,
               c=cython.long, d=cython.long, more=cython.long, found=cython.bint, x=tuple, nb=tuple,
               flat=list, up=list)
def own_rows(adj: tuple, path_owner: tuple, dist: tuple, joined: list, seats) -> tuple[dict, tuple]:
    """``(own, up)``: per seat, its most Roads on a fewest-Roads route from each location
    (``own[seat][v]``, 0 where none), and per location its one next step towards Rome
    ``(location, path index, Roads)`` or ``None`` where there are several or none.

    ``adj`` is the board's adjacency (``Board._adj``), ``dist`` the distances to
    Rome, ``joined`` the cities joined to Rome in order of distance (every one
    has a fewest-Roads step whose location comes before it), ``seats`` the
    number of seats.
    """
    n = len(dist)
    flat = [0] * (n * seats)  # flat[v * seats + seat]
    up = [None] * n
    for v in joined:
        d = dist[v]
        base = v * seats
        found = False
        step = None
        nb = adj[v]
        for j in range(len(nb)):
            x = nb[j]
            u, o, c = x[0], path_owner[x[1]], x[2]
            if o < 0 or dist[u] + c != d:
                continue
            at = u * seats
            if not found:
                for j2 in range(seats):
                    flat[base + j2] = flat[at + j2]
                flat[base + o] = flat[base + o] + c
                found, step = True, x
            else:
                for j2 in range(seats):
                    more = flat[at + j2] + (c if j2 == o else 0)
                    if more > flat[base + j2]:
                        flat[base + j2] = more
                step = None
        up[v] = step
    return {seat: tuple(flat[seat::seats]) for seat in range(seats)}, tuple(up)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(target=cython.Py_ssize_t, seat=cython.Py_ssize_t, near=cython.long, v=cython.Py_ssize_t,
               u=cython.Py_ssize_t, e=cython.Py_ssize_t, o=cython.long, c=cython.long, dv=cython.long,
               du=cython.long, top=cython.long, g=cython.long, i=cython.Py_ssize_t, x=tuple, nb=tuple,
               here=list, stack=list, steps=dict, best=dict, order=list)
def most_own_on_dag(adj: tuple, path_owner, dist, target, seat, own, near):
    """The most Roads of ``seat`` on any fewest-Roads route from ``target`` (``engine.own_roads_after``
    after building a chain): a longest-path solve on the fewest-Roads DAG; locations nearer Rome than
    ``near`` keep ``own`` (their routes use no new path)."""
    steps = {}
    best = {0: 0}
    stack = [target]
    while stack:
        v = stack.pop()
        if v in steps or v in best:
            continue
        if dist[v] < near:
            best[v] = own[v]
            continue
        dv = dist[v]
        here = []
        steps[v] = here
        nb = adj[v]
        for i in range(len(nb)):
            x = nb[i]
            u, e, c = x[0], x[1], x[2]
            du, o = dist[u], path_owner[e]
            if du + c == dv and o >= 0:
                here.append((u, c if o == seat else 0))
                if u:
                    stack.append(u)
    order = sorted(steps, key=dist.__getitem__)
    for v in order:
        here = steps[v]
        top = -1
        for i in range(len(here)):
            x = here[i]
            g = best[x[0]] + x[1]
            if g > top:
                top = g
        best[v] = top
    return best[target]
