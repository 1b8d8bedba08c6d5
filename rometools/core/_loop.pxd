# C declarations for the compiled twin of _loop.py that Cython's pure Python mode cannot write
# (a C function pointer); Cython reads this file with the module (hatch_build.py copies it beside
# the twin's source, and its bytes are part of the twin's SOURCE_SHA256: twin_source in _cython.py).
# The plain module never reads it.
from libc.stdint cimport uint32_t, uint64_t

ctypedef uint32_t (*next_uint32_t)(void *) noexcept

# numpy's bitgen_t (numpy/random/bitgen.h, the C API of its bit generators), the layout _BitGen
# in _loop.py reads through ctypes: only next_uint32 is called here.
ctypedef struct bitgen_t:
    void *state
    void *next_uint64
    next_uint32_t next_uint32
    void *next_double
    void *next_raw

# numpy's pcg64_state (numpy/random/_pcg64.pyx), the layout _Pcg64State in _loop.py writes through
# ctypes: the 128-bit state (low word first, as gcc's unsigned __int128) and increment behind a
# pointer, and the buffered half of a 64-bit output; _fast_pcg_setter writes it in C.
ctypedef struct pcg64_state_t:
    uint64_t *pcg_state
    int has_uint32
    uint32_t uinteger
