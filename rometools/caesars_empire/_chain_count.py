# rometools: compiled twin
# cython: annotation_typing=False
"""Counting the legal chains without listing them: RandomBot's uniform draw.

Private to :mod:`rometools.caesars_empire.engine`, which plays its compiled twin where it
was built (plain Python that Cython compiles as it is; the same counts, faster: most of a
random game's time). :func:`nth_chain` equals
"the chain number ``k`` of the reference list of legal chains" under a fixed
one-to-one numbering (``tests/caesars_empire/test_engine.py`` checks that the
numbering hits every chain of ``rules.legal_connections`` exactly once), so a
uniform ``k`` gives a uniform legal chain without building the list.

The inputs are the engine's unbuilt-path lists: per location, ``leaf[v]`` its
unbuilt paths ``(neighbour, path index, Roads)`` to an available city and
``inner[v]`` those to an empty city (Rome is in neither); ``sources`` is Rome
(0) and every empty city; ``limit`` the most paths in a chain; ``budget`` the
Roads of the seat to move.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["chain_blocks", "nth_chain"]


def _stems(leaf, inner, path: tuple[int, ...], cost: int, limit: int, budget: int, record) -> int:
    """Depth-first from ``path`` (a walk costing ``cost`` Roads) over ``inner``
    paths: ``record((k, walk, cost))`` for each walk that ``k`` legal chains
    finish with one ``leaf`` path (within the budget, in ``leaf`` order); the
    number of chains."""
    total = 0
    stack = [(path, cost)]
    pop, push = stack.pop, stack.append
    while stack:
        path, cost = pop()
        v = path[-1]
        ends = leaf[v]
        if ends and cost < budget:
            k = len(ends) if budget - cost >= 2 else sum(1 for x in ends if x[2] == 1)
            if k:
                record((k, path, cost))
                total += k
        if len(path) < limit:
            for w, _, c in inner[v]:
                if cost + c < budget and w not in path:
                    push(((*path, w), cost + c))
    return total


def chain_blocks(leaf, inner, sources, limit: int, budget: int) -> tuple[int, list]:
    """Count the legal chains without listing them, in blocks.

    Empty cities joined by unbuilt paths form components of the "inner" graph,
    nearly always trees. In a tree every city reaches every other by exactly
    one walk, so when neither the Roads budget nor ``limit`` can bind, a tree
    component ``C`` starts ``len(C) * L`` chains (``L``: its unbuilt paths to
    available cities) and each of Rome's unbuilt paths into it starts ``L``
    more. Other components are walked depth first (:func:`_stems`).

    Returns ``(total, blocks)``, each block ``(count, kind, data)``."""
    blocks = []
    total = 0
    if budget < 1:
        return 0, blocks
    comp = [-1] * len(leaf)
    shapes = []  # per component: (cities, L, Roads on its paths, is a tree)
    alone = []  # one-city components with unbuilt paths to available cities
    alone_ends = 0  # their unbuilt paths to available cities
    for s in sources[1:]:
        if not inner[s]:
            n = len(leaf[s])
            if n:
                alone.append(s)
                alone_ends += n
            continue
        if comp[s] >= 0:
            continue
        cid = len(shapes)
        cities = [s]
        comp[s] = cid
        twice = ends = 0
        for v in cities:  # breadth first; the list grows as it is read
            nb = inner[v]
            twice += len(nb)
            ends += len(leaf[v])
            for w, _, _ in nb:
                if comp[w] < 0:
                    comp[w] = cid
                    cities.append(w)
        size = len(cities)
        tree = twice == 2 * (size - 1) and size + 1 <= limit
        # Roads on the component's paths: at most 2 a path; summed only when that bound binds
        roads = 2 * (size - 1)
        if roads + 4 > budget:
            roads = sum([c for v in cities for _, _, c in inner[v]]) // 2
        shapes.append((cities, ends, roads, tree))
        if tree and roads + 2 <= budget:
            if ends:
                blocks.append((size * ends, "tree", (cities, ends)))
                total += size * ends
        elif ends:
            stems = []  # every city of the component is a source
            k = sum([_stems(leaf, inner, (v,), 0, limit, budget, stems.append) for v in sorted(cities)])
            if k:
                blocks.append((k, "stems", stems))
                total += k
    if alone:
        if budget >= 2:
            k = alone_ends
            blocks.append((k, "alone", alone))
        else:
            k = sum([1 for s in alone for x in leaf[s] if x[2] == 1])
            if k:
                blocks.append((k, "stems", [(sum(1 for x in leaf[s] if x[2] == 1), (s,), 0)
                                            for s in alone]))
        total += k
    # Rome: its own unbuilt paths to available cities, then one block per path into an empty city
    k = len(leaf[0]) if budget >= 2 else sum(1 for x in leaf[0] if x[2] == 1)
    if k:
        blocks.append((k, "stems", [(k, (0,), 0)]))
        total += k
    if limit >= 2:
        for x, _, c in inner[0]:
            if c >= budget:
                continue
            cid = comp[x]
            cities, ends, roads, tree = shapes[cid] if cid >= 0 else ([x], len(leaf[x]), 0, True)
            if tree and c + roads + 2 <= budget:
                if ends:
                    blocks.append((ends, "rome", (x, c, cities, ends)))
                    total += ends
            else:
                stems = []
                k = _stems(leaf, inner, (0, x), c, limit, budget, stems.append)
                if k:
                    blocks.append((k, "stems", stems))
                    total += k
    return total, blocks


def _tree_walk(inner, start: int, end: int) -> tuple[tuple[int, ...], int]:
    """The one walk from ``start`` to ``end`` in a tree component of ``inner``
    paths, and its Roads."""
    back = {start: None}
    queue = [start]
    for v in queue:
        if v == end:
            break
        for w, _, c in inner[v]:
            if w not in back:
                back[w] = v, c
                queue.append(w)
    walk, roads = [end], 0
    step = back[end]
    while step is not None:
        v, c = step
        walk.append(v)
        roads += c
        step = back[v]
    walk.reverse()
    return tuple(walk), roads


def nth_chain(leaf, inner, sources, limit: int, budget: int,
              pick: Callable[[int], int]) -> tuple[tuple[int, ...], int] | None:
    """The legal chain number ``pick(n)`` (``0 <= pick(n) < n``) of the ``n``
    legal chains, as ``(location indices, cost)``; ``None`` if there are none.

    Counts the chains by blocks (:func:`chain_blocks`) instead of listing
    them, then builds only the chosen one. Every legal chain has exactly one
    index, so a uniform ``pick`` gives a uniform legal chain. (The numbering is
    not the order of ``legal_actions``.)"""
    total, blocks = chain_blocks(leaf, inner, sources, limit, budget)
    if not total:
        return None
    r = pick(total)
    for count, kind, data in blocks:
        if r >= count:
            r -= count
            continue
        if kind == "stems":
            for k, path, cost in data:
                if r < k:
                    for u, _, c in leaf[path[-1]]:
                        if cost + c <= budget:
                            if r == 0:
                                return (*path, u), cost + c
                            r -= 1
                r -= k
        elif kind == "alone":  # one-city components, every path within the budget
            for v in data:
                if r < len(leaf[v]):
                    u, _, c = leaf[v][r]
                    return (v, u), c
                r -= len(leaf[v])
        elif kind == "tree":
            cities, ends = data
            start = cities[r // ends]
            r %= ends
            for w in cities:
                if r < len(leaf[w]):
                    u, _, c = leaf[w][r]
                    walk, roads = _tree_walk(inner, start, w)
                    return (*walk, u), roads + c
                r -= len(leaf[w])
        else:  # "rome": Rome, one path into a tree component, a walk in it
            x, c0, cities, ends = data
            for w in cities:
                if r < len(leaf[w]):
                    u, _, c = leaf[w][r]
                    walk, roads = _tree_walk(inner, x, w)
                    return (0, *walk, u), c0 + roads + c
                r -= len(leaf[w])
        break
    raise AssertionError("chain index out of range")  # pragma: no cover
