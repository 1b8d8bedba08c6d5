"""docs/draws.md's examples run as written: what the page shows is what the package answers."""

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "draws.md"


def test_the_draws_page_examples():
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted >= 20
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in docs/draws.md fail"
