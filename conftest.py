"""Collection rules for the whole test run (doctests over rometools/ and tests/)."""

import atexit
import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

import pytest

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


# ===================================================================== where the run's time goes
# Every test's seconds (set-up, call and tear-down) are summed per test and per layer; the layers
# are printed at the end of the run and every test's seconds written, slowest first, to
# artifacts/durations.tsv (issue 48: the suite is made cheaper from these numbers, not guesses).
_SECONDS: dict[str, float] = {}
_LAYER: dict[str, str] = {}
#: The layers, in the order printed: the browser's stress test, the rest of the browser stage,
#: the headless notebook runs, and everything else (doctests and unit tests).
LAYERS = ("unit", "notebooks", "browser", "stress")


def _layer(item) -> str:
    if item.nodeid.startswith("tests/browser/test_stress.py"):
        return "stress"
    if item.get_closest_marker("browser"):
        return "browser"
    if item.get_closest_marker("notebook"):
        return "notebooks"
    return "unit"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    # runs after tests/browser/conftest.py's hook of the same name has marked the browser tests
    for item in items:
        _LAYER[item.nodeid] = _layer(item)


def pytest_runtest_logreport(report):
    _SECONDS[report.nodeid] = _SECONDS.get(report.nodeid, 0.0) + report.duration


def layer_seconds() -> dict[str, float]:
    """Seconds spent in each layer's tests so far (set-up, call and tear-down)."""
    out = dict.fromkeys(LAYERS, 0.0)
    for nodeid, seconds in _SECONDS.items():
        out[_LAYER.get(nodeid, "unit")] += seconds
    return out


def pytest_terminal_summary(terminalreporter):
    if not _SECONDS:
        return
    seconds = layer_seconds()
    terminalreporter.write_line("test layers (seconds, set-up and tear-down included): " + ", ".join(
        f"{name} {seconds[name]:.0f} s ({sum(v == name for v in _LAYER.values())} tests)" for name in LAYERS))
    artifacts = Path(__file__).resolve().parent / "artifacts"
    try:
        artifacts.mkdir(exist_ok=True)
        rows = sorted(_SECONDS.items(), key=lambda kv: -kv[1])
        (artifacts / "durations.tsv").write_text("seconds\tlayer\ttest\n" + "".join(
            f"{s:.2f}\t{_LAYER.get(n, 'unit')}\t{n}\n" for n, s in rows))
    except OSError as err:  # a read-only checkout: the summary line above is still printed
        terminalreporter.write_line(f"artifacts/durations.tsv not written: {err}")
