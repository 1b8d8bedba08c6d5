"""One-way dependencies: game packages never pull in plotly or ipywidgets.

Each game package is imported in a fresh interpreter (STYLE.md: widgets -> charts
-> games -> core), as PettingZoo does for its rules modules. The worked examples of
``examples/`` follow the same layering: a game package whose UI lives in its own
``charts`` and ``widgets`` modules (or sub-packages), which the game never imports.
"""

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import rometools

UI_MODULES = ("plotly", "ipywidgets", "anywidget")
# Modules of an optional extra, with the module they need: skipped when it is absent
# (they raise ImportError saying how to install the extra).
OPTIONAL = {"rometools.interop.openspiel": "pyspiel"}
GAME_PACKAGES = sorted(
    f"rometools.{m.name}" for m in pkgutil.iter_modules(rometools.__path__)
    if m.ispkg and m.name not in ("charts", "widgets")
)


ROOT = Path(__file__).resolve().parents[1]
#: The example games' packages (each ``examples/<name>/<package>/__init__.py``).
EXAMPLE_PACKAGES = sorted(p.parent.name for p in ROOT.glob("examples/*/*/__init__.py") if p.parent.name != "tests")
#: Modules of an example's UI layer: its charts and widgets (``pig.charts``, ``pig.widgets``).
UI_LAYER = ("charts", "widgets")


def test_game_packages_are_found():
    assert "rometools.core" in GAME_PACKAGES
    assert "rometools.caesars_empire" in GAME_PACKAGES


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_game_package_imports_no_ui(package):
    code = (
        "import importlib, importlib.util, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        f"optional = {OPTIONAL!r}\n"
        "for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    if m.name in optional and importlib.util.find_spec(optional[m.name]) is None:\n"
        "        continue\n"
        "    importlib.import_module(m.name)\n"
        f"print(','.join(sorted(m for m in {UI_MODULES!r} if m in sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{package} imported {out.stdout.strip()}"


def test_the_examples_are_found():
    assert "pig" in EXAMPLE_PACKAGES


@pytest.mark.parametrize("package", EXAMPLE_PACKAGES)
def test_example_game_imports_no_ui_outside_its_charts_and_widgets(package):
    """Every module of an example's game (all but its ``charts`` and ``widgets``) imported in a
    fresh interpreter loads neither plotly nor ipywidgets; its UI modules do exist, and the game
    names its explorer by a dotted name only."""
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "ui = []\n"
        "for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        f"    if m.name.split('.')[1] in {UI_LAYER!r}:\n"
        "        ui.append(m.name)\n"
        "        continue\n"
        "    importlib.import_module(m.name)\n"
        f"print(','.join(sorted(m for m in {UI_MODULES!r} if m in sys.modules)) + '|' + ','.join(ui))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded, ui = out.stdout.strip().split("|")
    assert loaded == "", f"{package} imported {loaded}"
    assert ui, f"{package} has no charts or widgets module: its UI is inside the game"


def test_playing_every_game_loads_no_pandas():
    """The play path stays lean: loading and playing any registered game imports no pandas.

    pandas brings ~30,000 long-lived objects, and every full garbage collection
    walks them: with pandas loaded, a Caesar's Empire random game took ~18% longer
    (``benchmarks/bench_games.py``). Views that return DataFrames import it inside.
    """
    code = (
        "import sys, rometools\n"
        "from rometools.core.playout import play\n"
        "for gid in rometools.games():\n"
        "    play(rometools.load_game(gid), 'random', 1)\n"
        "print(sorted(rometools.games()), 'pandas' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    games, loaded = out.stdout.strip().rsplit(" ", 1)
    assert "augustus" in games and "imperator" in games and "caesars_empire" in games
    assert loaded == "False", "playing a game imported pandas"


#: What ``import rometools`` and ``rometools --help`` never import: each costs a designer
#: a second or so of CPU before the first prompt (scipy.stats alone about 1 s). A module
#: that needs one imports it inside the function that uses it.
HEAVY_MODULES = ("scipy", "pandas", "plotly", "ipywidgets", "anywidget", "networkx", "dask", "pydantic")


@pytest.mark.parametrize("command", [
    "import rometools",
    "import sys\nfrom rometools.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass",
], ids=["import rometools", "rometools --help"])
def test_starting_rometools_imports_nothing_heavy(command):
    code = f"{command}\nimport sys\nprint('HEAVY:' + ','.join(m for m in {HEAVY_MODULES!r} if m in sys.modules))\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    heavy = out.stdout.rsplit("HEAVY:", 1)[1].strip()
    assert heavy == "", f"{command!r} imported {heavy}"
