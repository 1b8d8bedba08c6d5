"""The few names of Cython's "pure Python mode" that rometools' compiled modules use,
for running them as plain Python when Cython is not installed.

A module written this way (for example
:mod:`rometools.caesars_empire._greedy_search`) imports ``cython`` and falls
back to this module: the decorators change nothing and the C type names are
Python's ``int``, so the plain module runs unchanged. ``hatch_build.py``
compiles it at install; :func:`compiled_or_plain` picks the compiled twin.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import warnings
from pathlib import Path
from types import ModuleType

compiled = False
#: Set to 1 to run the plain modules instead of their compiled twins.
NO_COMPILED_ENV = "ROMETOOLS_NO_COMPILED"
#: The first line of a module that ``hatch_build.py`` compiles at install: a module declares
#: itself a twin, so no list in ``core`` names a game's modules.
MARKER = "# rometools: compiled twin"
int = int  # noqa: A001, PLW0127 - Cython's name, a module attribute here
long = longlong = ulonglong = Py_ssize_t = bint = int
double = float
void = None


def cfunc(func):
    """Cython's ``@cython.cfunc``: a C function when compiled, the function itself here."""
    return func


def ccall(func):
    """Cython's ``@cython.ccall``: a C function also callable from Python when compiled,
    the function itself here."""
    return func


def locals(**types):  # noqa: A001 - Cython's name
    """Cython's ``@cython.locals(name=type, ...)``: C types when compiled, nothing here."""
    return lambda func: func


def cclass(cls):
    """Cython's ``@cython.cclass``: an extension type when compiled, the class itself here."""
    return cls


def returns(kind):
    """Cython's ``@cython.returns(type)``: a C return type (a ``(double, double)`` C tuple, say)
    when compiled, nothing here."""
    return lambda func: func


def no_gc(cls):
    """Cython's ``@cython.no_gc``: an extension type the cycle collector does not track (it never
    holds a reference cycle) when compiled, the class itself here."""
    return cls


def final(cls):
    """Cython's ``@cython.final``: an extension type no class derives from (its C methods called
    directly) when compiled, the class itself here."""
    return cls


def declare(kind=None, value=None, **options):
    """Cython's ``cython.declare(type, value, visibility=...)``: ``value`` here."""
    return value


def inline(func):
    """Cython's ``@cython.inline``: the function itself here."""
    return func


def cast(kind, value):
    """Cython's ``cython.cast(type, value)``: ``value`` itself here."""
    return value


def boundscheck(flag):
    """Cython's ``@cython.boundscheck(flag)``: nothing here."""
    return lambda func: func


wraparound = boundscheck


def compiled_or_plain(plain: str) -> ModuleType:
    """The compiled twin of module ``plain`` (``<plain>_c``, built by ``hatch_build.py``) when it
    was compiled from ``plain``'s source as it is now; else ``plain`` itself.

    A twin compiled from an older source (the plain module edited since the
    install) is not used: a warning says so and how to rebuild it. With the
    environment variable ``ROMETOOLS_NO_COMPILED=1`` the plain module is used
    (the same results, slower: ``benchmarks/simulate.py`` measures both).

    Examples
    --------
    >>> m = compiled_or_plain("rometools.caesars_empire._greedy_search")
    >>> m.__name__.startswith("rometools.caesars_empire._greedy_search"), callable(m.search)
    (True, True)
    """
    module = importlib.import_module(plain)
    if os.environ.get(NO_COMPILED_ENV, "") not in ("", "0"):
        return module
    try:
        twin = importlib.import_module(plain + "_c")
    except ImportError:
        return module
    if hashlib.sha256(twin_source(Path(module.__file__))).hexdigest() != twin.SOURCE_SHA256:
        warnings.warn(f"{plain}_c was compiled from an older {plain.rsplit('.', 1)[-1]}.py, so the "
                      f"plain module runs (the same results, slower); rebuild it with `make setup` "
                      f"(or `.venv/bin/pip install -e .`), then restart a running notebook kernel",
                      RuntimeWarning, stacklevel=2)
        return module
    return twin


def twin_source(path: Path) -> bytes:
    """What the twin of the module at ``path`` is compiled from: its source, then the ``.pxd``
    beside it if it has one (C declarations pure Python mode cannot write, such as a C function
    pointer; Cython reads it with the module). Its SHA-256 is the twin's ``SOURCE_SHA256``, so
    editing either makes the twin stale. Reads files only (the build hook calls it).

    Examples
    --------
    >>> loop = Path(__file__).with_name("_loop.py")
    >>> twin_source(loop).startswith(loop.read_bytes()), len(twin_source(loop)) > len(loop.read_bytes())
    (True, True)
    """
    path = Path(path)
    pxd = path.with_suffix(".pxd")
    return path.read_bytes() + (pxd.read_bytes() if pxd.is_file() else b"")


def find_twins(package: Path | None = None) -> tuple[str, ...]:
    """The modules of ``package`` (default: the rometools package) whose first line is
    :data:`MARKER`, as dotted names, sorted: what ``hatch_build.py`` compiles and
    :func:`report` checks. Reads files only (the build hook has none of rometools' dependencies).

    Examples
    --------
    >>> find_twins()   # doctest: +NORMALIZE_WHITESPACE
    ('rometools.augustus._greedy', 'rometools.augustus._records', 'rometools.augustus._rewards',
     'rometools.augustus._weights', 'rometools.augustus.moves', 'rometools.augustus.rules', 'rometools.augustus.turn',
     'rometools.caesars_empire._chain_count', 'rometools.caesars_empire._greedy_search',
     'rometools.caesars_empire._kernel', 'rometools.caesars_empire._route_after',
     'rometools.caesars_empire._scratch', 'rometools.core._loop', 'rometools.core._seeds',
     'rometools.imperator._greedy', 'rometools.imperator.rules', 'rometools.imperator.turn',
     'rometools.via_romana._greedy',
     'rometools.via_romana._tables', 'rometools.via_romana.facts', 'rometools.via_romana.moves',
     'rometools.via_romana.rules', 'rometools.via_romana.scoring')
    """
    package = Path(__file__).resolve().parents[1] if package is None else Path(package)
    found = []
    for path in sorted(package.rglob("*.py")):
        if path.stem.endswith("_c"):
            continue
        with open(path, encoding="utf-8") as f:
            if f.readline().rstrip("\n") == MARKER:
                parts = path.relative_to(package.parent).with_suffix("").parts
                found.append(".".join(parts))
    return tuple(found)


def _has_twin(plain: str) -> bool:
    """Whether a compiled twin of ``plain`` is installed (used or not)."""
    try:
        return importlib.util.find_spec(f"{plain}_c") is not None
    except (ImportError, ValueError):
        return False


def report() -> str:
    """One line on which of the twins (:func:`find_twins`) run compiled (what ``make setup``
    prints after the install, where pip would hide the build hook's warning).

    Examples
    --------
    >>> report().startswith(("compiled by Cython: ", "WARNING: "))
    True
    """
    with warnings.catch_warnings():  # a stale twin's own warning: the line below says it
        warnings.simplefilter("ignore", RuntimeWarning)
        twins = find_twins()
        plain = [name for name in twins if not compiled_or_plain(name).__name__.endswith("_c")]
    if not plain:
        return f"compiled by Cython: {', '.join(twins)}"
    text = f"WARNING: {', '.join(plain)} run as plain Python"
    slower = "the same results, several times slower"
    if os.environ.get(NO_COMPILED_ENV, "") not in ("", "0"):
        return f"{text} ({NO_COMPILED_ENV} is set): {slower}"
    stale = [name for name in plain if _has_twin(name)]
    if stale:
        return (f"{text} (compiled from an older source: {', '.join(stale)} edited since the install): "
                f"{slower}; run `make setup` again (and restart a running notebook kernel)")
    return f"{text} (not built at install: no C compiler?): {slower}; install gcc and run `make setup` again"


if __name__ == "__main__":
    print(report())
