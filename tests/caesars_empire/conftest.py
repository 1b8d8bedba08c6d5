"""Fixtures of the Caesar's Empire tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from rometools.caesars_empire import bots, engine, rules
from rometools.core import _cython


@pytest.fixture
def plain_twins(monkeypatch):
    """GreedyBot's search and the engine's kernel (its packed facts, connect, own-roads pass, facts
    derived from scratch) as plain Python, with Cython's names from the shim (:mod:`rometools.core._cython`), as an install without Cython runs
    them; the compiled twins come back after the test."""
    monkeypatch.setitem(sys.modules, "cython", None)  # `import cython` fails
    modules = {}
    for owner, name in ((bots, "_greedy_search"), (engine, "_kernel"), (engine, "_route_after"), (engine, "_scratch")):
        spec = importlib.util.spec_from_file_location(f"{name}_plain", Path(owner.__file__).with_name(f"{name}.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert module.cython is _cython and module.COMPILED is False
        monkeypatch.setattr(owner, name, module)
        modules[name] = module
    monkeypatch.setattr(rules, "_connect", modules["_kernel"].connect)  # apply_legal's kernel connect
    return modules
