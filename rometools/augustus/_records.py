# rometools: compiled twin
# cython: annotation_typing=False
"""The new state made of a working copy's fields (:func:`frozen`), and a game's records joined at its
end (:func:`joined`), for :mod:`~rometools.augustus.turn`.

Private to :mod:`rometools.augustus.turn`, whose ``_Work.freeze`` calls :func:`frozen` once per action,
as a Python call (it reads no ``_Work``, so it left ``turn.py``, which keeps the functions reading that
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
if cython.compiled:   # the C functions that make a state and give it its attribute dict (frozen)
    from cython.cimports.cpython.object import PyObject_GenericSetDict
    from cython.cimports.cpython.type import PyType_GenericAlloc

from rometools.augustus.state import GameState

__all__ = ["frozen", "joined"]

#: The state's fields in ``turn._Work``'s order (its ``before``, and the ``"_fields"`` tuple :func:`frozen`
#: keeps).
_FIELD_NAMES = cython.declare(tuple, ("phase", "seat", "caller", "token", "row", "pile", "hands", "in_play",
                                      "controlled", "reserve", "legions", "rewards", "bag", "to_place", "queue",
                                      "current", "draws", "seed"))


@cython.ccall
@cython.locals(i=cython.Py_ssize_t, fields=dict, before=tuple, new=tuple, over=cython.bint)
def frozen(parent: dict | None, before: tuple, new: tuple, records: tuple, events: tuple | None, config,
           over: bool) -> GameState:
    """The state of fields ``new`` (in :data:`_FIELD_NAMES`' order), records ``records`` (linked:
    ``state.joined_records``) and events ``events`` (``None``: ``parent``'s), made from the dict
    ``parent`` of the state the action was applied to (``None``: a state not made by the rules), whose
    fields were ``before``; ``over``: the game ended (its records joined once, its links let go).

    Its fields are set directly: a state has no checks to run, and the frozen dataclass's ``__init__``
    (a guarded set per field) was a tenth of an action's time. The dict of a state the rules made is
    copied (one C copy) and only the fields this action replaced are set: a field the action left is
    the very object it read (``before``), so the copy holds its value. The dict also holds the fields
    in one tuple under ``"_fields"``, in ``before``'s order (the very objects of the dict): the next
    action's ``_Work`` reads them by place, not with a look-up each (which were two thirds of its
    making), and compares with that tuple as its ``before``. A state made otherwise has none: read by
    name."""
    if parent is not None:
        fields = cython.cast(dict, parent).copy()   # (compiled: one C copy, not a method call)
        for i in range(len(new)):
            if new[i] is not before[i]:
                fields[_FIELD_NAMES[i]] = new[i]
        fields["_records"] = records
        if events is not None:
            fields["events"] = events
    else:
        fields = {
            "config": config, "phase": new[0], "seat": new[1], "row": new[4], "pile": new[5],
            "hands": new[6], "in_play": new[7], "controlled": new[8], "reserve": new[9], "legions": new[10],
            "rewards": new[11], "bag": new[12], "caller": new[2], "token": new[3], "to_place": new[13],
            "queue": new[14], "current": new[15], "draws": new[16], "_records": records,
            "events": events, "start": None, "seed": new[17]}
    fields["_fields"] = new   # the next action's _Work reads them by place
    if over:   # the game's records joined once, its links let go
        fields["history"] = joined(fields.pop("_records"))
    if cython.compiled:   # what object.__new__ does for the class, and the dict set past the frozen
        state = PyType_GenericAlloc(GameState, 0)   # class's guard, without a Python call
        PyObject_GenericSetDict(state, fields, cython.NULL)
    else:
        state = GameState.__new__(GameState)
        object.__setattr__(state, "__dict__", fields)
    return state


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
