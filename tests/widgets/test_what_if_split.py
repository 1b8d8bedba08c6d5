"""The what-if studio split along its seams keeps one class (every module is held to 800 lines by
tests/test_lint.py).

An explorer that outgrows it is split along a seam into mixins, as the what-if studio is
(``what_if.py`` with ``_what_if_runs.py``, ``_what_if_values.py``, ``_what_if_files.py``,
``_what_if_question.py`` and ``_what_if_text.py``; ``docs/architecture.md``, Widgets).
"""


def test_the_studio_is_one_class_over_its_mixins():
    """The split keeps one public class: every mixin's method is the studio's."""
    from rometools.widgets._what_if_question import StudioQuestion
    from rometools.widgets.what_if import PRECISIONS, TARGETS, VariantStudio

    assert issubclass(VariantStudio, StudioQuestion)
    assert VariantStudio._build is StudioQuestion._build and VariantStudio._check is StudioQuestion._check
    assert PRECISIONS == (0.5, 1, 2, 3, 5, 10) and TARGETS.startswith("equal-seats or length=")
