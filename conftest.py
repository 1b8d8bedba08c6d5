"""Collection rules for the whole test run (doctests over rometools/ and tests/)."""

import atexit
import importlib.util
import os
import shutil
import tempfile

# Answers kept between processes (rometools.core.diskmemo) go to a folder of this run's own, shared
# by every process it starts (kernels, servers, pools) and removed at its end: no test reads what an
# earlier run or the user's own work left.
if "ROMETOOLS_CACHE_DIR" not in os.environ:
    _CACHE = tempfile.mkdtemp(prefix="rometools-test-cache-")
    os.environ["ROMETOOLS_CACHE_DIR"] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, True)


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: sys.modules holds None for it
        return False


# The OpenSpiel bridge is an optional extra: without it, its module raises ImportError
# on import (with the pip command), so its doctests cannot be collected.
collect_ignore = [] if _installed("pyspiel") else ["rometools/interop/openspiel.py"]
