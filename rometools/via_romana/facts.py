# rometools: compiled twin
# cython: annotation_typing=False
"""Via Romana's board facts: where a milestone may go and which roads are close to complete.

What the rules and the bots derive from the pieces and the closed roads (Detailed Building
Rules; Scoring Roads), kept with the state as the game goes (:func:`_facts`, :func:`_placed_facts`)
so that a decision reads them instead of scanning the board; and two questions on one road:
:func:`road_status` and whether a build :func:`completes_a_road`. It sits below
:mod:`~rometools.via_romana.moves` and :mod:`~rometools.via_romana.rules`, which call it.
Rules: ``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

if cython.compiled:   # a state's dict read in C (_fields)
    from cython.cimports.cpython.object import PyObject_GenericGetDict

from rometools.core._cython import compiled_or_plain
from rometools.via_romana.state import GameState

__all__ = ["board_facts", "completes_a_road", "road_status"]

#: The index tables: their compiled twin where it was built (the same source).
_tables = compiled_or_plain("rometools.via_romana._tables")
_Tables, _t = _tables._Tables, _tables._t


@cython.ccall
@cython.locals(j=cython.Py_ssize_t, i=cython.Py_ssize_t)
def _milestone_spaces(state: GameState, t: _Tables) -> list[int]:
    """The free spaces next to a piece, in board order: vacant, not on a signed or scored road.
    (The reference :func:`board_facts` keeps as the game goes.)"""
    pieces = state.pieces
    neigh, road_of = t.neigh, t.road_of
    closed = state.signed | state.scored if state.scored else state.signed
    out = []
    for i in range(len(pieces)):
        if pieces[i] == -1:
            for j in neigh[i]:
                if pieces[j] != -1:
                    r = road_of[i]
                    if r is None or r not in closed:
                        out.append(i)
                    break
    return out


@cython.ccall
@cython.locals(j=cython.Py_ssize_t, pieces=tuple, places=tuple, out=tuple)
def _missing(pieces: tuple, places: tuple):
    """The vacant ones of a road's ``places`` when there are one or two, else ``None``."""
    out = None
    for j in places:
        if pieces[j] == -1:
            if out is None:
                out = (j,)
            elif len(out) == 2:
                return None
            else:
                out = (out[0], j)
    return out


@cython.ccall
def _short_roads(state: GameState, t: _Tables) -> dict:
    """Each open road (neither signed nor scored) one or two places short of complete, with those
    places in board order: ``{road: (place,)}`` or ``{road: (place, place)}``. (The reference
    :func:`board_facts` keeps as the game goes.)"""
    p = state.pieces
    scored, signed = state.scored, state.signed
    out = {}
    for r, places in t.road_places:
        if r not in signed and r not in scored:
            m = _missing(p, places)
            if m is not None:
                out[r] = m
    return out


@cython.ccall
def _fresh_facts(state: GameState, t: _Tables) -> tuple:
    return state.pieces, state.signed, state.scored, tuple(_milestone_spaces(state, t)), _short_roads(state, t)


@cython.cfunc
@cython.inline
def _fields(state):
    """A state's fields by name: its ``__dict__``, read in C when compiled (the attribute ``__dict__``,
    like a field read as an attribute, searches the class first): as ``rules._fields``."""
    if cython.compiled:
        return PyObject_GenericGetDict(state, cython.NULL)
    return state.__dict__


@cython.ccall
@cython.locals(d=dict)
def _facts(state: GameState, t: _Tables) -> tuple:
    """:func:`board_facts` by index, with the pieces and closed roads they were found for in front:
    ``(pieces, signed, scored, milestone spaces, short roads)``. Kept on the state (a cache, not
    part of the position) and carried through every action: a build updates them for the places it
    fills (:func:`_placed_facts`); a scoring, which takes milestones off and closes a complete road,
    carries them on unchanged (:func:`_score`). A state whose pieces or closed roads are not the ones
    they were found for (a copy made with other pieces) finds them again."""
    d = _fields(state)
    f = d["facts"]
    if f is None or f[0] is not d["pieces"] or f[1] is not d["signed"] or f[2] is not d["scored"]:
        f = _fresh_facts(state, t)
        d["facts"] = f
    return f


@cython.cfunc
@cython.locals(spaces=list, x=cython.Py_ssize_t, lo=cython.Py_ssize_t, hi=cython.Py_ssize_t, mid=cython.Py_ssize_t,
               at=cython.Py_ssize_t)
@cython.returns(cython.Py_ssize_t)
def _bisect(spaces: list, x: int) -> int:
    """``bisect.bisect_left(spaces, x)`` for a sorted list of space indices, by a C loop (``bisect_left``
    is a Python call, two or three a build)."""
    lo, hi = 0, len(spaces)
    while lo < hi:
        mid = (lo + hi) // 2
        at = spaces[mid]
        if at < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


@cython.ccall
@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t, f=tuple, pieces=tuple, placed=list,
               spaces=list, road_of=tuple, short=dict, neigh=tuple, copied=cython.bint)
def _placed_facts(f: tuple, t: _Tables, pieces: tuple, placed: list) -> tuple:
    """The facts ``f`` after pieces go on the vacant places ``placed`` (the closed roads unchanged):
    only those places leave the milestone spaces and only their vacant neighbours can join them;
    only the roads through them can come closer to complete."""
    signed, scored = f[1], f[2]
    spaces = list(f[3])
    road_of = t.road_of
    neigh = t.neigh
    short = f[4]
    copied = False
    for i in placed:
        k = _bisect(spaces, i)
        if k < len(spaces) and spaces[k] == i:
            del spaces[k]
        for j in neigh[i]:
            if pieces[j] == -1:
                r = road_of[j]
                if r is None or (r not in signed and r not in scored):
                    k = _bisect(spaces, j)
                    if k == len(spaces) or spaces[k] != j:
                        spaces.insert(k, j)
        for r in (t.roads_at[i] if i < t.ncities else (road_of[i],)):
            if r not in signed and r not in scored:
                if not copied:
                    short, copied = dict(short), True
                m = _missing(pieces, t.places_of[r])
                if m is None:
                    short.pop(r, None)
                else:
                    short[r] = m
    return pieces, signed, scored, tuple(spaces), short


@cython.ccall
@cython.locals(i=cython.Py_ssize_t)
def _completing(t: _Tables, short: dict, i: int) -> list:
    """The open roads that a piece on place ``i`` alone would complete (``short``: the facts' short
    roads)."""
    if i >= t.ncities:
        r = t.road_of[i]
        m = short.get(r)
        return [r] if m is not None and len(m) == 1 else []
    out = []
    for r in t.roads_at[i]:
        m = short.get(r)
        if m is not None and len(m) == 1 and m[0] == i:
            out.append(r)
    return out


def board_facts(state: GameState) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """What the rules and the bots derive from the pieces and the closed roads, by id.

    Kept with the state as the game goes (a build updates them for the places it fills; a scoring
    leaves them as they were), so a decision reads them instead of scanning the board;
    ``tests/test_via_romana.py`` holds the kept ones equal to ones found from scratch after every
    move of seeded games.

    Returns
    -------
    milestone_spaces : tuple of str
        The vacant places next to a piece, not on a signed or scored road, in board order: where a
        milestone or a joker may go (Detailed Building Rules).
    short_roads : dict
        Each open road (neither signed nor scored) one or two places short of complete, with those
        vacant places in board order.

    Examples
    --------
    >>> from rometools.via_romana.rules import new_game
    >>> s = new_game(players=2)
    >>> board_facts(s)   # nothing on the board: no milestone space, no road close to complete
    ((), {})
    """
    t = _t(state.config)
    f = _facts(state, t)
    name = t.spaces
    return tuple(name[i] for i in f[3]), {r: tuple(name[i] for i in m) for r, m in f[4].items()}


def completes_a_road(state: GameState, action: tuple) -> bool:
    """Whether a legal build (``("fort", city, ...)``, ``("milestone", space, ...)``,
    ``("joker", space, ...)``, ``("double", city, a, b, card)``) would complete a road: the one
    thing a build does to the scores besides a fort's own points. A bot rates every other build
    without applying it (the same rating, from the state as it is).

    >>> from rometools.via_romana.rules import new_game
    >>> s = new_game(players=2, rng=1)
    >>> completes_a_road(s, ("milestone", s.config.the_board().roads[0].space_ids[0], "x"))
    False
    """
    t = _t(state.config)
    if action[0] == "double":
        placed = (t.index[action[2]], t.index[action[3]])
    else:
        placed = (t.index[action[1]],)
    p = state.pieces
    for i in placed:
        for r in (t.roads_at[i] if i < t.ncities else (t.road_of[i],)):
            if r in state.scored or r in state.signed:
                continue
            a, b = t.road_ends[r]
            if all(p[j] != -1 or j in placed for j in (a, b, *t.road_spaces[r])):
                return True
    return False


def road_status(state: GameState, road: str) -> str:
    """``"signed"``, ``"scored"``, ``"complete"`` (every space and both cities hold a piece) or ``"open"``.

    >>> from rometools.via_romana.rules import new_game
    >>> road_status(new_game(players=2), "r03")
    'signed'
    """
    t = _t(state.config)
    if road in state.scored:
        return "scored"
    if road in state.signed:
        return "signed"
    a, b = t.road_ends[road]
    p = state.pieces
    if p[a] != -1 and p[b] != -1 and all(p[i] != -1 for i in t.road_spaces[road]):
        return "complete"
    return "open"
