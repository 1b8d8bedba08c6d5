"""The modules of rometools.draws import one way only: no module imports one that imports it back,
at the top or inside a function (type-only imports under ``if TYPE_CHECKING:`` aside)."""

from __future__ import annotations

import ast
from pathlib import Path

import rometools.draws

PACKAGE = Path(rometools.draws.__file__).parent


def _imports(tree: ast.AST) -> set[str]:
    """``rometools.draws`` modules imported anywhere in ``tree`` outside ``if TYPE_CHECKING:``."""
    out: set[str] = set()
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            continue
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rometools.draws."):
            out.add(node.module.rsplit(".", 1)[-1])
        out |= _imports(node)
    return out


def test_the_draws_modules_import_one_way():
    graph = {p.stem: _imports(ast.parse(p.read_text())) for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert graph["bag"] >= {"deal", "until", "simulate"}  # the bag's methods build the others

    def reaches(start: str, target: str, seen: set[str]) -> bool:
        return any(n == target or (n not in seen and reaches(n, target, seen | {n})) for n in graph.get(start, ()))

    circles = sorted(m for m in graph if reaches(m, m, {m}))
    assert circles == [], f"modules on an import circle: {circles}"
