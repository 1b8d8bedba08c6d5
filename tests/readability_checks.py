"""What a designer must never see: the checks of :mod:`rometools.testing.readability`, and the
explorers to hold to them.

* :func:`explorer_classes` -- every declared explorer (each game's ``GameSpec(explorers=...)``,
  then the general ones: :func:`rometools.core.explorers.explorers`), so a new explorer is
  checked as soon as it is declared.
* the rest (``text_problems``, ``figure_problems``, ``widget_texts``, ``shown_ids``...) is
  :mod:`rometools.testing.readability`, which a game's own tests use too.

Used by ``tests/test_readability.py``, ``tests/test_explorer_inputs.py`` and
``tests/test_notebooks.py``.
"""

from __future__ import annotations

from rometools.testing.explorers import declared_explorers
from rometools.testing.readability import (  # noqa: F401 - re-exported for the tests
    DECIMAL_NEAR,
    FRACTION,
    NESTED,
    PAYLOAD,
    RAW_REPR,
    SCIENTIFIC,
    explorer_figures,
    figure_problems,
    figure_texts,
    notebook_problems,
    raw_html,
    shown_figure,
    shown_ids,
    text_problems,
    walk,
    widget_texts,
)


def explorer_classes() -> list[type]:
    """Every declared explorer class: each game's, then the general ones."""
    return [cls for _, cls in declared_explorers()]
