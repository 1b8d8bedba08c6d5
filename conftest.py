"""Collection rules for the whole test run (doctests over rometools/ and tests/)."""

import importlib.util


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: sys.modules holds None for it
        return False


# The OpenSpiel bridge is an optional extra: without it, its module raises ImportError
# on import (with the pip command), so its doctests cannot be collected.
collect_ignore = [] if _installed("pyspiel") else ["rometools/interop/openspiel.py"]
