# Cython's declarations for the compiled twin of _loop.py (an "augmenting" .pxd: hatch_build.py
# compiles it with the source, renamed with it, and the twin's SOURCE_SHA256 covers both, so
# editing this file compiles the twin again). The plain module does not read it.
#
# numpy's C structures, declared here as numpy lays them out rather than from numpy's headers:
# the build needs no numpy. _loop.py checks on import that draws through them equal numpy's own
# (`_agrees`, `_pcg_agrees`) and, where they do not, draws through numpy's Python interface.

from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport uint32_t, uint64_t


# numpy's bitgen_t (numpy/random/bitgen.h): a bit generator's state and its outputs
cdef struct _bitgen:
    void *state
    uint64_t (*next_uint64)(void *) noexcept nogil
    uint32_t (*next_uint32)(void *) noexcept nogil
    double (*next_double)(void *) noexcept nogil
    uint64_t (*next_raw)(void *) noexcept nogil

ctypedef _bitgen *_bitgen_p


# numpy's pcg64_state (numpy/random/_pcg64.pyx): the 128-bit state (low word first, as gcc's
# unsigned __int128) and increment behind a pointer, and the buffered half of a 64-bit output
cdef struct _pcg64_state:
    uint64_t *pcg_state
    int has_uint32
    uint32_t uinteger

ctypedef _pcg64_state *_pcg64_state_p
