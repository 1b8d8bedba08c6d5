"""One-way dependencies: game packages never pull in plotly or ipywidgets.

Each game package is imported in a fresh interpreter (STYLE.md: widgets -> charts
-> games -> core), as PettingZoo does for its rules modules.
"""

import pkgutil
import subprocess
import sys

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
