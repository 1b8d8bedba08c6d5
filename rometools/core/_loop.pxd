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
