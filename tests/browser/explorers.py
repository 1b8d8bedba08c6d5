"""The explorers the browser stage checks: one :class:`ExplorerCase` per explorer.

Adding an explorer (e.g. the Caesar's Empire ``BoardExplorer``) takes a few lines:

1. a two-line notebook ``app/<game>_<explorer>.ipynb`` that displays it with the
   bundled data (and a link in ``app/index.ipynb``);
2. one ``ExplorerCase`` below: the notebook, the chart's CSS selector, and how to
   change one control (``set_number``, ``select_label``, ``click`` or your own
   ``change(page, step)`` function).

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


EXPLORERS: list[ExplorerCase] = [
    ExplorerCase(
        id="caesars_empire_collection",
        notebook="app/caesars_empire_collections.ipynb",
        chart=".rt-breakdown-chart",
        change=set_number(".rt-count-grapes", [4, 3]),  # rulebook example holds 3 Grapes
        plots=2,
        also_redraw=(".rt-marginal-chart",),
    ),
    ExplorerCase(
        id="caesars_empire_setup_odds",
        notebook="app/caesars_empire_setup_odds.ipynb",
        chart=".rt-setup-chart",
        change=select_label(".rt-setup-type", ["Grapes", "Gold Coins"]),  # starts on Gold
    ),
    ExplorerCase(
        id="caesars_empire_board",
        notebook="app/caesars_empire_board.ipynb",
        chart=".rt-board-chart",
        change=press_key(".rt-turn .noUi-handle", ["ArrowRight", "ArrowLeft"]),  # starts at turn 0
        plots=2,
        also_redraw=(".rt-score-chart",),  # its line marks the turn shown
    ),
    ExplorerCase(
        id="augustus_objective_odds",
        notebook="app/augustus_objective_odds.ipynb",
        chart=".rt-au-odds-chart",
        change=set_number(".rt-au-slot-shield", [1, 0]),  # starts on two daggers, no shield
    ),
    ExplorerCase(
        id="augustus_bag",
        notebook="app/augustus_bag.ipynb",
        chart=".rt-au-bag-chart",
        change=press_key(".rt-au-draws .noUi-handle", ["ArrowRight", "ArrowLeft"]),  # starts on a full bag
    ),
    ExplorerCase(
        id="augustus_playout",
        notebook="app/augustus_playout.ipynb",
        chart=".rt-au-game-chart",
        change=press_key(".rt-turn .noUi-handle", ["ArrowRight", "ArrowLeft"]),  # starts at turn 0
    ),
    ExplorerCase(
        id="imperator_region_board",
        notebook="app/imperator_region_board.ipynb",
        chart=".rt-region-chart",
        change=select_label(".rt-place-region", ["Etruria", "Latium"]),  # starts on Latium
    ),
    ExplorerCase(
        id="imperator_tile_odds",
        notebook="app/imperator_tile_odds.ipynb",
        chart=".rt-odds-chart",
        change=select_label(".rt-players", ["5", "4"]),  # starts with 4 players
    ),
    ExplorerCase(
        id="via_romana_road_board",
        notebook="app/via_romana_road_board.ipynb",
        chart=".rt-vr-board-chart",
        change=select_label(".rt-players", ["2", "3"]),  # starts with 3 players
    ),
    ExplorerCase(
        id="via_romana_card_odds",
        notebook="app/via_romana_card_odds.ipynb",
        chart=".rt-vr-card-chart",
        change=select_label(".rt-vr-question", ["A fort of the colour chosen (2 cards of it)",
                                                "A fort of some colour (2 cards of one colour)"]),
    ),
    ExplorerCase(
        id="balance_lab",
        notebook="app/balance_lab.ipynb",
        chart=".rt-balance-rates",
        change=set_number_then_click(".rt-seed", [2, 1], ".rt-balance-run"),  # starts on seed 1
        plots=3,  # win rates, scores, margins (the paired chart is made at the first comparison)
        also_redraw=(".rt-balance-scores", ".rt-balance-margins"),
    ),
    ExplorerCase(
        id="playtest",
        notebook="app/playtest.ipynb",
        chart=".rt-playtest-rates",
        change=set_number_then_click(".rt-seed", [2, 1], ".rt-playtest-run"),  # starts on seed 1
        plots=7,  # win rates, how it plays, the lead, the winner's place, the map, the hot spots, the skill curve
        also_redraw=(".rt-playtest-flow", ".rt-playtest-lead", ".rt-playtest-winner", ".rt-playtest-map",
                     ".rt-playtest-spots"),
    ),
    ExplorerCase(
        id="draw_odds",
        notebook="app/draw_odds.ipynb",
        chart=".rt-law-chart",
        change=set_number(".rt-draws", [4, 3]),  # opens on 3 draws from 6 tokens
        plots=2,
        also_redraw=(".rt-curve-chart",),
    ),
]
