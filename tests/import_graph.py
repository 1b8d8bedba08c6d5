"""The import graph of a package's modules, read from their source with :mod:`ast`.

Every import counts: at the top of a module, inside a function or a class, and under
``if TYPE_CHECKING:`` (a type-only import still says which module knows of which). An edge
``a -> b`` means module ``a`` imports module ``b`` of the same package (a package's
``__init__`` is the module named after the package). ``from pkg import name`` is an edge to
the submodule ``pkg.name`` when there is one, else to ``pkg`` itself.

``tests/test_import_cycles.py`` runs :func:`import_cycles` over the packages that must
import one way only; add a package there.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path


def package_modules(package: str) -> dict[str, Path]:
    """``{dotted module name: source path}`` of every module of ``package``, sub-packages included."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{package!r} is not an importable package")
    root = Path(next(iter(spec.submodule_search_locations)))
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([package, *parts])] = path
    return out


def _resolve(module: str, level: int, here: str, is_package: bool) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in ``here``."""
    if not level:
        return module
    base = here.split(".") if is_package else here.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def module_imports(name: str, path: Path, modules: set[str]) -> set[str]:
    """Modules of ``modules`` that the module ``name`` (source at ``path``) imports anywhere."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(node.module or "", node.level, name, is_package)
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # import a.b.c binds a, but loads a.b.c
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(package: str) -> dict[str, set[str]]:
    """``{module: modules of the package it imports}`` for every module of ``package``.

    Examples
    --------
    >>> graph = import_graph("rometools.draws")
    >>> "rometools.draws.bag" in graph["rometools.draws"]
    True
    """
    modules = package_modules(package)
    names = set(modules)
    return {name: module_imports(name, path, names) for name, path in modules.items()}


def import_cycles(package: str) -> list[list[str]]:
    """The import circles among ``package``'s modules, each as a list of modules; ``[]`` when none.

    Each circle is a strongly connected set of modules (every one reaches every other by
    imports) listed in sorted order, so a failing test names every module involved.

    Examples
    --------
    >>> import_cycles("rometools.draws")
    []
    """
    import networkx as nx

    graph = nx.DiGraph()
    for module, targets in import_graph(package).items():
        graph.add_node(module)
        graph.add_edges_from((module, t) for t in targets)
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)


def cycle_text(package: str, cycles: list[list[str]]) -> str:
    """One line per circle, each module's imports within the circle beside it."""
    graph = import_graph(package)
    lines = []
    for cycle in cycles:
        members = set(cycle)
        lines.append("; ".join(f"{m} -> {sorted(graph[m] & members)}" for m in cycle))
    return "\n".join(lines)
