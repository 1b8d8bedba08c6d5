# C declarations for the compiled twin of _greedy.py that Cython's pure Python mode cannot write (C
# arrays at module level); Cython reads this file with the module (hatch_build.py copies it beside
# the twin's source, and its bytes are part of the twin's SOURCE_SHA256: twin_source in _cython.py).
# The plain module never reads it: there the same names are Python lists of the same lengths.

# top_placements' working copy of one decision (_greedy.py says what each holds): 1 + _MAX_PLAYS
# objective values, and _MAX_GROUPS open and held slot groups.
cdef double _BASE[17]
cdef double _LANDS[128]
cdef double _LEAVES[128]
cdef double _HELD_W[128]
cdef Py_ssize_t _OPEN_AT[128]
cdef Py_ssize_t _OPEN_I[128]
cdef Py_ssize_t _OPEN_GROUP[128]
cdef Py_ssize_t _HELD_AT[128]
cdef Py_ssize_t _HELD_I[128]
cdef Py_ssize_t _HELD_GROUP[128]
cdef Py_ssize_t _TOP[16512]
