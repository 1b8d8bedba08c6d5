"""environment.yml cannot be solved here (no conda): check it statically.

It must list every package pyproject.toml needs (runtime and both extras) with
the same lower bound, under its conda-forge name, or in its ``pip:`` section for
packages conda-forge does not carry (``PIP_ONLY``).
"""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
# PyPI name -> conda-forge name, where they differ.
CONDA_NAMES = {"kaleido": "python-kaleido"}
# PyPI name with extras -> the conda-forge packages that give the same.
CONDA_EXTRAS = {"dask[distributed]": ("dask", "distributed")}
# Not on conda-forge: installed from PyPI by environment.yml's pip section.
PIP_ONLY = {"icepool", "open_spiel", "fontawesome-free"}


def _requirements(specs):
    out = {}
    for spec in specs:
        m = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+(?:\[[a-z,]+\])?)\s*(>=\s*[0-9.]+)?\s*", spec)
        assert m, f"unparsed requirement {spec!r}"
        out[m.group(1).lower()] = (m.group(2) or "").replace(" ", "")
    return out


def test_environment_yml_lists_what_pyproject_needs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    needed = _requirements(project["dependencies"])
    for extra in project["optional-dependencies"]:
        needed.update(_requirements(project["optional-dependencies"][extra]))
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert "conda-forge" in env["channels"]
    conda = {}
    pip_items = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip_items += dep.get("pip", [])
        else:
            conda.update(_requirements([dep]))
    assert "-e ." in pip_items, "environment.yml must install rometools itself with pip"
    from_pip = _requirements([i for i in pip_items if i != "-e ."])
    assert set(from_pip) == PIP_ONLY
    python = conda.pop("python")
    assert python == ">=" + project["requires-python"].removeprefix(">=")
    for name, bound in needed.items():
        if name in PIP_ONLY:
            assert from_pip[name] == bound, f"{name}: {from_pip[name]} != pyproject {bound}"
            continue
        for conda_name in CONDA_EXTRAS.get(name, (CONDA_NAMES.get(name, name),)):
            assert conda_name in conda, f"environment.yml lacks {conda_name}"
            assert conda[conda_name] == bound, f"{conda_name}: {conda[conda_name]} != pyproject {bound}"


def test_the_set_up_notes_say_what_the_compiled_modules_need_without_a_count():
    """environment.yml said the install "compiles GreedyBot's search" when more modules were compiled;
    README's prerequisites did not name python3-venv (a failed venv leaves .venv without pip) or the
    Python headers (without them the compiled modules silently run as plain Python)."""
    env = (ROOT / "environment.yml").read_text()
    assert "rometools' compiled modules" in env and "GreedyBot" not in env
    readme = (ROOT / "README.md").read_text()
    prerequisites = readme[readme.index("## The two commands"):readme.index("1. Set up and open JupyterLab")]
    assert "python3-venv" in prerequisites and "python3-dev" in prerequisites
    assert not re.search(r"\((two|three|four) modules\)", prerequisites)
