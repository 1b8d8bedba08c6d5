# C declarations for the compiled twin of _loop.py that Cython's pure Python mode cannot write
# (a C function pointer); Cython reads this file with the module (hatch_build.py copies it beside
# the twin's source, and its bytes are part of the twin's SOURCE_SHA256: twin_source in _cython.py).
# The plain module never reads it.
from libc.stdint cimport uint32_t

ctypedef uint32_t (*next_uint32_t)(void *) noexcept

# numpy's bitgen_t (numpy/random/bitgen.h, the C API of its bit generators), the layout _BitGen
# in _loop.py reads through ctypes: only next_uint32 is called here.
ctypedef struct bitgen_t:
    void *state
    void *next_uint64
    next_uint32_t next_uint32
    void *next_double
    void *next_raw

# numpy's pcg64_state (numpy/random/_pcg64.pyx, the layout _Pcg64State in _loop.py reads through
# ctypes): the 128-bit state and increment behind a pointer, written as two 64-bit words (low first)
# by _put_pcg, and the buffered half of a 64-bit output.
ctypedef struct pcg64_state:
    unsigned long long *pcg_state
    int has_uint32
    uint32_t uinteger

# _outcome_key's keys of the whole-number outcomes 0 .. 4095 (compiled: a C array read per outcome of
# a draw, where _INT_KEYS, the plain module's list, held Python ints to convert), and which are known.
cdef unsigned long long _int_values[4096]
cdef unsigned char _int_known[4096]

# _outcome_key's keys of the objects held in _ID_HELD (the plain module's _KEYS dict answers instead),
# at the same slot.
cdef unsigned long long _id_keys[1024]
