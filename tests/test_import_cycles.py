"""No import circle inside the packages that must import one way only (issue 44, item 4).

Every import counts, at the top of a module, inside a function and under
``if TYPE_CHECKING:`` (``tests/import_graph.py`` reads them with :mod:`ast`). Add a
package to :data:`PACKAGES` once its circle is broken.
"""

import pytest
from import_graph import cycle_text, import_cycles, import_graph

PACKAGES = ["rometools.draws"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package):
    cycles = import_cycles(package)
    assert cycles == [], f"import circles in {package}:\n{cycle_text(package, cycles)}"


def test_the_graph_sees_every_kind_of_import(tmp_path, monkeypatch):
    """A circle closed by a function-level import, or by a type-only import, is found."""
    pkg = tmp_path / "circled"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from circled.b import B\n")
    (pkg / "b.py").write_text("def f():\n    from circled import c\n    return c\nB = 1\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n")
    (pkg / "d.py").write_text("import circled.a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = import_graph("circled")
    assert graph["circled.a"] == {"circled.b"}
    assert graph["circled.b"] == {"circled.c"}
    assert graph["circled.c"] == {"circled.a"}
    assert graph["circled.d"] == {"circled.a"}
    assert import_cycles("circled") == [["circled.a", "circled.b", "circled.c"]]
    assert "circled.c -> ['circled.a']" in cycle_text("circled", import_cycles("circled"))


def test_the_draws_package_had_a_type_only_circle_before_the_split():
    """The modules that build each other's objects (bag builds draws, deals and runs) sit above them."""
    graph = import_graph("rometools.draws")
    assert {"rometools.draws.deal", "rometools.draws.until", "rometools.draws.draw"} <= graph["rometools.draws.bag"]
    for lower in ("deal", "until", "draw", "simulate"):
        assert "rometools.draws.bag" not in graph[f"rometools.draws.{lower}"]
