# rometools: compiled twin
# cython: annotation_typing=False
"""The reward tiles given automatically as a seat controls one more objective (:func:`automatic`), for
:mod:`~rometools.augustus.turn`.

Rules: ``003_d241425e5c31f6f1.txt`` (Réclamez une récompense: the colour rewards, the gold and wheat).
Private to :mod:`rometools.augustus.turn`, whose ``_automatic_rewards`` calls it, as a Python call, at
each objective completed (it reads no ``_Work``, so it left ``turn.py``, which keeps the functions
reading that typed copy, under 800 lines); ``tests/augustus/test_augustus_rules.py`` holds the rule's
cases.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

from rometools.augustus._turn_facts import ALL_COLOURS, COLOUR, RESOURCE
from rometools.augustus.schema import KINDS

__all__ = ["automatic"]

#: The reward tile kinds (:data:`~rometools.augustus._turn_facts.COLOUR`...) as C numbers.
cython.declare(_COLOUR=cython.long, _ALL_COLOURS=cython.long, _RESOURCE=cython.long)
_COLOUR, _ALL_COLOURS, _RESOURCE = COLOUR, ALL_COLOURS, RESOURCE


@cython.ccall
@cython.locals(i=cython.Py_ssize_t, changes=list, tiles=tuple, tile=tuple, counts=list, colours=tuple,
               code=cython.long, need=cython.long, holder=cython.long, least=cython.long, k=cython.long,
               count=cython.Py_ssize_t)
def automatic(controlled: tuple | list, rewards: tuple | list, seat: int, kind_code: dict, colours: tuple,
              tiles: tuple, all_colours: bool) -> list:
    """Colour rewards to the first to qualify; gold and wheat to the strict majority.

    "Ces récompenses sont attribuées automatiquement dès qu'un joueur est le premier à
    contrôler : trois objectifs de même couleur [ou] un objectif de chaque couleur";
    "Le premier joueur à contrôler un objectif produisant de l'or et/ou blé obtient
    automatiquement la récompense correspondante. Il la conserve tant qu'il contrôle
    strictement plus d'objectifs produisant ce type de ressources que les autres
    joueurs. Mais, si un joueur le rejoint ... il doit lui donner la ressource."

    Returns
    -------
    list
        ``(tile index, event)`` of each tile ``seat`` now takes, in the tiles' order: ``("reward",
        seat, tile id)``, or ``("reward_moves", tile id, holder, seat)`` for a resource tile taken
        from its holder; ``controlled`` (per seat, the objectives controlled, ``seat``'s last one
        included) and ``rewards`` (each tile's holder, ``-1`` none) as they are before.

    ``kind_code``, ``colours``, ``tiles`` and ``all_colours`` are ``turn._Facts``' (built by
    :func:`~rometools.augustus._turn_facts.facts_of`): the objectives of each kind counted in a list
    by the kind's place, the tiles' codes and needs compared as C numbers.

    Examples
    --------
    >>> from rometools.augustus import GameConfig
    >>> from rometools.augustus._turn_facts import facts_of
    >>> facts = facts_of(GameConfig())
    >>> senators = [n for n, kind in facts[3].items() if kind == "senator"][:3]   # three senators, P1
    >>> automatic((tuple(senators), ()), (-1,) * 12, 0, facts[22], facts[23], facts[5], facts[6])
    [(0, ('reward', 0, 'senators'))]
    """
    changes = []
    mine = controlled[seat]
    counts = [0] * len(KINDS)   # objectives controlled of each kind, in KINDS' order
    for n in mine:
        k = kind_code[n]
        counts[k] += 1
    least = 0
    if all_colours:
        least = counts[0]
        for k in range(1, len(counts)):
            if counts[k] < least:
                least = counts[k]
    for i in range(len(tiles)):
        tile = tiles[i]
        code, need = tile[0], tile[2]
        holder = rewards[i]
        if holder < 0 and (counts[colours[i]] >= need if code == _COLOUR else
                           least >= need if code == _ALL_COLOURS else False):
            changes.append((i, ("reward", seat, tile[4])))
        elif code == _RESOURCE and holder != seat:
            count = _count_in(mine, tile[3])
            if count < need:
                continue
            if holder < 0:
                changes.append((i, ("reward", seat, tile[4])))
            elif count >= _count_in(controlled[holder], tile[3]):
                changes.append((i, ("reward_moves", tile[4], holder, seat)))
    return changes


@cython.cfunc
@cython.locals(count=cython.Py_ssize_t)
def _count_in(numbers, among: frozenset) -> int:
    """How many of ``numbers`` are ``among`` (a tile's producers)."""
    count = 0
    for n in numbers:
        if n in among:
            count += 1
    return count
