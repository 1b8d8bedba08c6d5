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
# Under pytest-xdist the workers collect and run the tests and the controller sees only their
# reports: each test's layer rides on its reports (``user_properties``), and only the controller
# prints and writes. `make test` runs pytest twice (the tests that need no browser on every core,
# then the browser stage alone); its second run is given --add-to-durations, so the file and the
# last layers line hold both runs.
_SECONDS: dict[str, float] = {}
_LAYER: dict[str, str] = {}
#: The layers, in the order printed: the browser's stress test, the rest of the browser stage,
#: the headless notebook runs, and everything else (doctests and unit tests).
LAYERS = ("unit", "notebooks", "browser", "stress")


def pytest_addoption(parser):
    parser.addoption("--add-to-durations", action="store_true", default=False,
                     help="add this run's seconds to artifacts/durations.tsv (written by an earlier run of "
                          "the same `make test`) instead of replacing it, and print both runs' layers")


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
    # runs after tests/browser/conftest.py's hook of the same name has marked the browser tests,
    # and after -m has deselected tests (those are neither counted nor timed)
    for item in items:
        _LAYER[item.nodeid] = _layer(item)
        item.user_properties.append(("layer", _LAYER[item.nodeid]))


def pytest_runtest_logreport(report):
    _SECONDS[report.nodeid] = _SECONDS.get(report.nodeid, 0.0) + report.duration
    layer = dict(report.user_properties).get("layer")   # an xdist worker's report reaches the controller
    if layer in LAYERS:
        _LAYER[report.nodeid] = layer


def layer_seconds(seconds: dict[str, float] | None = None, layers: dict[str, str] | None = None) -> dict[str, float]:
    """Seconds spent in each layer's tests (set-up, call and tear-down): this run's so far, or of the
    tests given (``seconds`` and ``layers`` by test id)."""
    seconds, layers = (_SECONDS, _LAYER) if seconds is None else (seconds, layers or {})
    out = dict.fromkeys(LAYERS, 0.0)
    for nodeid, s in seconds.items():
        out[layers.get(nodeid, "unit")] += s
    return out


def _layers_line(seconds: dict[str, float], layers: dict[str, str]) -> str:
    sums = layer_seconds(seconds, layers)
    return ", ".join(f"{name} {sums[name]:.0f} s ({sum(layers.get(n, 'unit') == name for n in seconds)} tests)"
                     for name in LAYERS)


def _earlier_run(path: Path) -> tuple[dict[str, float], dict[str, str]]:
    """The seconds and layers of artifacts/durations.tsv as an earlier run wrote it (none if unreadable)."""
    seconds: dict[str, float] = {}
    layers: dict[str, str] = {}
    try:
        rows = path.read_text(encoding="utf-8").splitlines()[1:]
    except OSError:
        return seconds, layers
    for row in rows:
        parts = row.split("\t", 2)
        if len(parts) == 3 and parts[1] in LAYERS:
            try:
                seconds[parts[2]] = float(parts[0])
            except ValueError:
                continue
            layers[parts[2]] = parts[1]
    return seconds, layers


def pytest_terminal_summary(terminalreporter, config):
    if not _SECONDS or hasattr(config, "workerinput"):   # an xdist worker: its controller reports
        return
    terminalreporter.write_line("test layers (seconds, set-up and tear-down included): "
                                + _layers_line(_SECONDS, _LAYER))
    artifacts = Path(__file__).resolve().parent / "artifacts"
    seconds, layers = dict(_SECONDS), dict(_LAYER)
    if config.getoption("add_to_durations"):
        before, before_layers = _earlier_run(artifacts / "durations.tsv")
        seconds = {**before, **seconds}
        layers = {**before_layers, **layers}
        terminalreporter.write_line("test layers of this run and the one before it: " + _layers_line(seconds, layers))
    try:
        artifacts.mkdir(exist_ok=True)
        rows = sorted(seconds.items(), key=lambda kv: -kv[1])
        (artifacts / "durations.tsv").write_text("seconds\tlayer\ttest\n" + "".join(
            f"{s:.2f}\t{layers.get(n, 'unit')}\t{n}\n" for n, s in rows))
    except OSError as err:  # a read-only checkout: the summary line above is still printed
        terminalreporter.write_line(f"artifacts/durations.tsv not written: {err}")


# ===================================================================== how the tests are shared out
# `make test-unit` gives each file's tests to one worker (--dist loadfile, the Makefile says why),
# and xdist queues the files largest first (by number of tests). Executing a notebook headless
# (tests/test_notebooks.py) starts a fresh kernel and keeps nothing for the file's other tests, so
# each notebook run is a work unit of its own: the 27 runs (about a fifth of the layer's seconds)
# are shared between the workers and come last, filling the end of the run on whichever worker is
# free, instead of one worker running them all as one file.
_ALONE = ("tests/test_notebooks.py::test_notebook_executes_headless[",
          "tests/test_notebooks.py::test_app_page_executes_headless_and_displays_its_explorer[")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LoadFileNotebooksApart(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return nodeid if nodeid.startswith(_ALONE) else super()._split_scope(nodeid)

    return LoadFileNotebooksApart(config, log)
