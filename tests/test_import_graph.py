"""The import graph inside a layer of the package goes one way: no circle, function-level imports counted.

Every module of each package in :data:`PACKAGES` (every package of rometools) is parsed
(``ast``); each ``import`` and ``from ... import`` anywhere in it (at the top, inside a function or a method) is an edge, and
so is a module named in a string (``"rometools.core.mcts:mcts_bot"`` in ``GENERIC_BOTS``, a
lazy-names table, ``compiled_or_plain("rometools.core._loop")``): those are imported too, by
name. Imports under ``if TYPE_CHECKING:`` never run, but they count too: ``rometools.draws``'
circle (bag -> deal -> bag, bag -> simulate -> deal) was made of type-only imports alone, and
so were core's (load, registry, file_options, mcts and the play loop naming the spec or the
Game above them for their annotations). A lower module names what it reads of an upper one's
type by a ``Protocol`` of its own (``registry.RegisteredSpec``, ``load.GameSpecFields``). A
circle is reported as the modules around it.

``core`` may import nothing of rometools outside ``rometools.core``: not a game, not the
top-level package (``import rometools`` inside ``core/playtest.py`` made a circle through
``rometools/__init__.py``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The packages whose modules must import one way, as dotted names: every package of rometools
#: (core and draws first: the two whose circles were found and cut).
PACKAGES = ("rometools.core", "rometools.draws") + tuple(
    f"rometools.{d.name}" for d in sorted((ROOT / "rometools").iterdir())
    if (d / "__init__.py").is_file() and d.name not in ("core", "draws"))
#: Packages whose type-only imports (under ``if TYPE_CHECKING:``) count as edges too: every one.
TYPE_ONLY_COUNTED = PACKAGES
#: A module named in a string: ``rometools.core.mcts`` or ``rometools.core.mcts:mcts_bot``.
NAMED = re.compile(r"^(rometools(?:\.\w+)+)(?::\w+)?$")


def _modules(package: str) -> dict[str, Path]:
    folder = ROOT.joinpath(*package.split("."))
    found = {}
    for path in sorted(folder.glob("*.py")):
        found[package if path.stem == "__init__" else f"{package}.{path.stem}"] = path
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (a module's, a class's, a function's): text, not code."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _module_labels(tree: ast.AST) -> set[int]:
    """The ids of strings assigned to a ``__module__`` (``TooLargeError.__module__ = "rometools.draws"``:
    where a class is shown, not an import)."""
    out = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                and any(isinstance(t, ast.Attribute) and t.attr == "__module__" for t in node.targets)):
            out.add(id(node.value))
    return out


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (never run)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
                (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
                or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")):
            for child in node.body:
                out.update(id(n) for n in ast.walk(child))
    return out


def _is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imported(path: Path, name: str, type_only: bool = False) -> set[str]:
    """Every module of rometools the module at ``path`` (dotted ``name``) imports, anywhere in it
    (with ``type_only``, under ``if TYPE_CHECKING:`` too).

    ``from P import n`` imports ``P.n`` when that is a module, else ``P`` itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _module_labels(tree) | (set() if type_only else _type_checking_only(tree))
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            for a in node.names:
                out.add(f"{base}.{a.name}" if _is_module(f"{base}.{a.name}") else base)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = NAMED.match(node.value)
            if match and _is_module(match.group(1)):   # not "rometools.games", an entry-point group
                out.add(match.group(1))
    return {m for m in out if m == "rometools" or m.startswith("rometools.")}


def graph(package: str) -> dict[str, set[str]]:
    """``{module: the modules of the package it imports}``."""
    modules = _modules(package)
    type_only = package in TYPE_ONLY_COUNTED
    return {name: {d for d in imported(path, name, type_only) if d in modules and d != name}
            for name, path in modules.items()}


def outside(package: str) -> dict[str, set[str]]:
    """Each module's imports of rometools modules outside ``package``."""
    out = {}
    for name, path in _modules(package).items():
        deps = {d for d in imported(path, name) if d != package and not d.startswith(package + ".")}
        if deps:
            out[name] = deps
    return out


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One circle of the graph, as the modules around it (the first one repeated at the end), or None."""
    state: dict[str, int] = {}   # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_every_package_is_walked():
    assert {"rometools.core", "rometools.draws", "rometools.caesars_empire", "rometools.widgets",
            "rometools.testing"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_go_one_way(package):
    found = cycle(graph(package))
    assert found is None, "import circle: " + " -> ".join(found)


def test_core_imports_nothing_of_rometools_above_it():
    assert outside("rometools.core") == {}


def test_draws_imports_only_core():
    """draws sits on core alone (docs/architecture.md): no game, chart or widget."""
    assert {d for deps in outside("rometools.draws").values() for d in deps
            if d != "rometools.core" and not d.startswith("rometools.core.")} == set()


def test_the_draws_modules_that_build_others_sit_above_them():
    """bag builds draws, deals, runs and push-your-luck runs; none of those knows bag, even for types."""
    edges = graph("rometools.draws")
    assert {"rometools.draws.deal", "rometools.draws.until", "rometools.draws.draw",
            "rometools.draws.luck"} <= edges["rometools.draws.bag"]
    for lower in ("deal", "until", "draw", "simulate", "luck", "_order", "_engine", "_plan", "conditions"):
        assert "rometools.draws.bag" not in edges[f"rometools.draws.{lower}"], lower


def test_the_walk_sees_function_level_imports_strings_and_circles(tmp_path):
    """The walk itself: an import inside a function, a module named in a string and a relative import
    are edges; an import under TYPE_CHECKING and a docstring are not; a circle is found and named."""
    source = ('"""rometools.core.data is named here, in words only."""\n'
              "Shown.__module__ = 'rometools.core.load'\n"
              "from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from rometools.core import spec\n"
              "def f():\n    from rometools.core.stats import proportion_estimate\n    return proportion_estimate\n"
              "TABLE = {'g': 'rometools.core.mcts:mcts_bot', 'group': 'rometools.games'}\n"
              "from . import errors\n")
    path = tmp_path / "a.py"
    path.write_text(source)
    assert imported(path, "rometools.core.a") == {"rometools.core.stats", "rometools.core.mcts",
                                                  "rometools.core.errors"}
    assert imported(path, "rometools.core.a", type_only=True) == {
        "rometools.core.stats", "rometools.core.mcts", "rometools.core.errors", "rometools.core.spec"}
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_a_type_only_upward_import_in_core_is_a_circle(tmp_path):
    """The old pattern, planted: the registry naming the spec for its annotations only (``if
    TYPE_CHECKING: from rometools.core.spec import GameSpec``) closes a circle through the bots,
    which the spec imports and which find a state's game in the registry; the walk reports it."""
    assert "rometools.core" in TYPE_ONLY_COUNTED
    real = ROOT / "rometools" / "core" / "registry.py"
    planted = tmp_path / "registry.py"
    planted.write_text(real.read_text(encoding="utf-8") + "\nfrom typing import TYPE_CHECKING\n"
                       "if TYPE_CHECKING:\n    from rometools.core.spec import GameSpec\n", encoding="utf-8")
    edges = graph("rometools.core")
    assert cycle(edges) is None
    edges["rometools.core.registry"] = {d for d in imported(planted, "rometools.core.registry", type_only=True)
                                        if d in edges and d != "rometools.core.registry"}
    found = cycle(edges)
    assert found is not None and "rometools.core.registry" in found and "rometools.core.spec" in found, found


def test_the_protocols_that_name_upper_types_list_only_what_those_types_have():
    """A lower module names an upper type by a Protocol of the fields it reads (no type checker runs
    here): each lists only fields ``GameSpec`` (or ``Game``) has, so a renamed field fails here, and
    every registered game's spec has them all."""
    import dataclasses

    import rometools
    from rometools.core.file_options import FileOptionsSpec
    from rometools.core.game import game_spec
    from rometools.core.load import Game, GameSpecFields
    from rometools.core.mcts import SearchedSpec
    from rometools.core.playout import PlayedGame, PlayedSpec
    from rometools.core.registry import RegisteredSpec
    from rometools.core.spec import GameSpec

    def listed(protocol: type) -> set[str]:
        return {name for cls in protocol.__mro__ if cls.__module__.startswith("rometools.")
                for name in vars(cls).get("__annotations__", {})}

    fields = {f.name for f in dataclasses.fields(GameSpec)}
    protocols = (RegisteredSpec, GameSpecFields, FileOptionsSpec, SearchedSpec, PlayedSpec)
    for protocol in protocols:
        names = listed(protocol)
        assert {"id", "rules", "config", "state"} <= names, protocol
        assert names <= fields, f"{protocol.__name__} lists what GameSpec has not: {sorted(names - fields)}"
    for gid in rometools.games():
        spec = game_spec(gid)
        assert all(hasattr(spec, name) for p in protocols for name in listed(p)), gid
    assert listed(PlayedGame) <= {f.name for f in dataclasses.fields(Game)} and callable(Game.bots)
