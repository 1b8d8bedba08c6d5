"""The explorers the browser stage checks: one :class:`ExplorerCase` per declared explorer.

Nothing is added here for a new explorer: its game declares it on its ``GameSpec``
(:class:`rometools.core.explorers.ExplorerSpec`, or :func:`~rometools.core.explorers.register_explorer`
for an explorer of no one game) with its app page, the chart's CSS selector and the gesture
that changes one control (``("number", selector, values)``, ``("select", selector, labels)``,
``("keys", selector, keys)``, ``("number_then_click", selector, values, button)``), and
:data:`EXPLORERS` is made from the registry. ``rometools.widgets.app`` writes its page
``app/<page>.ipynb`` and the index's link.

``tests/browser/test_explorers.py`` and ``benchmarks/bench_browser_latency.py``
both read :data:`EXPLORERS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Change = Callable[[object, int], None]  # (playwright Page, step) -> None


@dataclass(frozen=True)
class ExplorerCase:
    """One explorer as the browser sees it.

    Attributes
    ----------
    id : str
        Short name, used in test ids and screenshot names.
    notebook : str
        Repository-relative path of the notebook that displays it.
    chart : str
        CSS selector of the chart that must react (a widget class such as
        ``".rt-setup-chart"``, or the plot itself).
    change : Change
        Changes one control; ``step`` 0, 1, 2, ... must alternate between values
        that each differ from the previous one, so every step redraws the chart.
    plots : int
        How many plotly charts the notebook draws when fully rendered.
    also_redraw : tuple of str
        CSS selectors of the page's other charts at opening, each of which ``change``
        also redraws (its traces, title, shapes or annotations differ).  With
        :attr:`chart` they are :attr:`charts`.
    """

    id: str
    notebook: str
    chart: str
    change: Change
    plots: int = 1
    also_redraw: tuple[str, ...] = ()

    @property
    def charts(self) -> tuple[str, ...]:
        """Every chart on the page at opening that :attr:`change` redraws."""
        return (self.chart, *self.also_redraw)


def set_number(selector: str, values: Sequence[int]) -> Change:
    """Type ``values[step % len(values)]`` into the number input inside ``selector``, then Enter."""

    def change(page, step: int) -> None:
        box = page.locator(f"{selector} input").first
        box.fill(str(values[step % len(values)]))
        box.press("Enter")

    return change


def set_text(selector: str, values: Sequence[str]) -> Change:
    """Type a text value into the text input inside ``selector``, then Enter."""
    return set_number(selector, values)  # same gesture; kept apart for readability


def select_label(selector: str, labels: Sequence[str]) -> Change:
    """Pick ``labels[step % len(labels)]`` in the dropdown inside ``selector``."""

    def change(page, step: int) -> None:
        page.locator(f"{selector} select").first.select_option(label=labels[step % len(labels)])

    return change


def press_key(selector: str, keys: Sequence[str]) -> Change:
    """Focus ``selector`` (e.g. a slider handle) and press ``keys[step % len(keys)]``."""

    def change(page, step: int) -> None:
        handle = page.locator(selector).first
        handle.focus()
        handle.press(keys[step % len(keys)])

    return change


def set_number_then_click(selector: str, values: Sequence[int], button: str) -> Change:
    """Type a number into ``selector`` (no Enter needed), then click ``button`` (e.g. Run)."""

    def change(page, step: int) -> None:
        box = page.locator(f"{selector} input").first
        box.fill(str(values[step % len(values)]))
        box.press("Enter")  # the text box sends its value on Enter (or when it loses focus)
        page.locator(f"button{button}").first.click()

    return change


def _gesture(change: tuple) -> Change:
    """The playwright gesture of a declared change (``ExplorerSpec.change``)."""
    kind, selector, values, *rest = change
    if kind == "number":
        return set_number(selector, values)
    if kind == "select":
        return select_label(selector, values)
    if kind == "keys":
        return press_key(selector, values)
    if kind == "number_then_click":
        return set_number_then_click(selector, values, rest[0])
    raise ValueError(f"unknown browser change {change!r}")


def _cases() -> list[ExplorerCase]:
    import rometools.widgets  # noqa: F401 - registers the explorers of no one game
    from rometools.core.explorers import explorers

    return [ExplorerCase(id=e.page, notebook=f"app/{e.page}.ipynb", chart=e.chart, change=_gesture(e.change),
                         plots=e.plots, also_redraw=tuple(e.also_redraw)) for e in explorers()]


#: One case per declared explorer (each game's, then the general ones), in the registry's order.
EXPLORERS: list[ExplorerCase] = _cases()
