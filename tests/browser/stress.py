"""Pages and control changes of the stress test (``test_stress.py``), and how to check a chart.

Each :class:`StressCase` is a page (an app page, or a notebook of ``notebooks/`` that holds an
explorer) with the call that makes its explorer and the changes to make, one of every kind
of control the explorer has (number box, text, drop-down, slider, check box, toggle
buttons, multiple choice, button). A change is a gesture in the browser and the same
change made to a *twin*: the same explorer made in the test's own process with the same
arguments. The twin's charts are what each chart on the page must show after the change:
the figure the twin's kernel side would send, compared by title and by each trace's
``meta``, name, x and y (:func:`summary`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Act = Callable[[Any, str], None]           # (playwright Page, the control's CSS selector) -> None
Mirror = Callable[[Any], None]             # (the twin's control or button) -> None


@dataclass(frozen=True)
class Part:
    """One gesture: ``act`` on the page's control ``control``, ``mirror`` on the twin's."""

    kind: str      # the kind of control: "number box", "slider", ...
    control: str   # a control name of the explorer (``_controls``), or its button attribute
    label: str
    act: Act
    mirror: Mirror


@dataclass(frozen=True)
class Step:
    """One change a designer makes: one gesture, or a few in a row (a box typed, then Run)."""

    parts: tuple[Part, ...]

    @property
    def kind(self) -> str:
        return " + ".join(p.kind for p in self.parts)

    @property
    def label(self) -> str:
        return ", then ".join(p.label for p in self.parts)


@dataclass(frozen=True)
class StressCase:
    """A page with an explorer, the call that makes the same explorer, the changes to make."""

    id: str
    notebook: str
    make: str                    # evaluated with the names of rometools.widgets
    steps: tuple[Step, ...]
    root: str = ""               # CSS selector of the explorer on a page holding several

    def twin(self):
        import rometools.widgets as w

        return eval(self.make, {name: getattr(w, name) for name in w.__all__})  # noqa: S307 - our own calls

    def widget(self, ex, control: str):
        """The twin's control ``control`` (a registered control, or a button attribute)."""
        return ex._controls[control] if control in ex._controls else getattr(ex, control)

    def selector(self, ex, control: str) -> str:
        """The CSS selector of ``control`` on the page: its most specific ``rt-`` class, within :attr:`root`."""
        css = [c for c in self.widget(ex, control)._dom_classes if c.startswith("rt-")][-1]
        return f"{self.root} .{css}".strip()


# ----------------------------------------------------------------- gestures
def _step(kind: str, control: str, label: str, act: Act, mirror: Mirror) -> Step:
    return Step((Part(kind, control, label, act, mirror),))


def _value_of(control, label: str):
    return next(v for lab, v in (o if isinstance(o, tuple) else (str(o), o) for o in control.options) if lab == label)


def number(control: str, value: int) -> Step:
    def act(page, sel):
        box = page.locator(f"{sel} input").first
        box.fill(str(value))
        box.press("Enter")

    return _step("number box", control, f"{control} = {value}", act, lambda c: setattr(c, "value", value))


def text(control: str, value: str, *, area: bool = False) -> Step:
    def act(page, sel):
        box = page.locator(f"{sel} {'textarea' if area else 'input'}").first
        box.fill(value)
        box.press("Tab" if area else "Enter")

    return _step("text area" if area else "text box", control, f"{control} = {value!r}", act,
                 lambda c: setattr(c, "value", value))


def dropdown(control: str, label: str) -> Step:
    def act(page, sel):
        page.locator(f"{sel} select").first.select_option(label=label)

    return _step("drop-down", control, f"{control} = {label!r}", act,
                 lambda c: setattr(c, "value", _value_of(c, label)))


def slider(control: str, key: str = "ArrowRight") -> Step:
    def act(page, sel):
        handle = page.locator(f"{sel} .noUi-handle").first
        handle.focus()
        handle.press(key)

    def mirror(c):
        c.value = c.value + (c.step if key == "ArrowRight" else -c.step)

    return _step("slider", control, f"{control} {key}", act, mirror)


def checkbox(control: str) -> Step:
    def act(page, sel):
        page.locator(f"{sel} input[type=checkbox]").first.click()

    return _step("check box", control, f"{control} ticked or not", act, lambda c: setattr(c, "value", not c.value))


def toggle(control: str, label: str) -> Step:
    def act(page, sel):
        page.locator(f"{sel} button", has_text=label).first.click()

    return _step("toggle buttons", control, f"{control} = {label!r}", act,
                 lambda c: setattr(c, "value", _value_of(c, label)))


def choose(control: str, labels: tuple[str, ...]) -> Step:
    def act(page, sel):
        page.locator(f"{sel} select").first.select_option(label=list(labels))

    return _step("multiple choice", control, f"{control} = {labels!r}", act,
                 lambda c: setattr(c, "value", tuple(v for lab, v in c.options if lab in labels)))


def button(control: str, label: str) -> Step:
    """Click a button; ``control`` names the twin's button attribute (its CSS class finds it on the page)."""
    def act(page, sel):
        page.locator(f"button{sel.rsplit(' ', 1)[-1]}").first.click()

    return _step("button", control, f"{label!r} clicked", act, lambda b: b.click())


def then(*steps: Step) -> Step:
    """Several gestures as one change (a box typed, then Run): the charts are checked after the last."""
    return Step(tuple(p for s in steps for p in s.parts))


# ----------------------------------------------------------------- what a chart shows
def _numbers(values):
    """Every number as a float: ``0.0`` sent by the kernel reads ``0`` in the browser."""
    if values is None:
        return None
    return [float(v) if isinstance(v, int | float) and not isinstance(v, bool) else v for v in values]


def summary(figure: dict) -> str:
    """A chart's title and each trace's ``meta``, name, x and y, as JSON (plotly's figure JSON in)."""
    title = (figure.get("layout") or {}).get("title")
    title = title.get("text") if isinstance(title, dict) else title
    traces = [[t.get("meta"), t.get("name"), _numbers(t.get("x")), _numbers(t.get("y"))]
              for t in figure.get("data") or []]
    return json.dumps({"title": title, "traces": traces}, sort_keys=True)


#: The same summary, read from a chart drawn on the page (its plotly element's data and layout).
SUMMARY_JS = """
(where) => {
  let p = document.querySelector(where);
  if (p && !p.classList.contains('js-plotly-plot')) p = p.querySelector('.js-plotly-plot');
  if (!p || !Array.isArray(p.data)) return null;
  const arr = (v) => (v == null ? null : Array.from(v));
  const title = p.layout && p.layout.title;
  const host = p.closest('.rt-chart');
  return {state: host ? host.dataset.rtState : null,
          figure: {layout: {title: title && typeof title === 'object' ? title.text ?? null : title ?? null},
                   data: p.data.map((t) => ({meta: t.meta ?? null, name: t.name ?? null, x: arr(t.x), y: arr(t.y)}))}};
}
"""


def twin_charts(ex, root: str) -> dict[str, str]:
    """``{CSS selector of each chart on the page: summary of the figure the twin shows}``."""
    out = {}
    for chart in ex._charts.values():
        raw = bytes(chart.source.figure)
        if raw and chart.view.layout.display != "none":
            css = "." + [c for c in chart.view._dom_classes if c.startswith("rt-")][-1]
            out[f"{root} {css}".strip()] = summary(json.loads(raw))
    return out


# ----------------------------------------------------------------- the pages
def _board_steps() -> tuple[Step, ...]:
    return (slider("turn"), dropdown("city", "Brundisium (City token red 2)"), toggle("gold", "Gold"),
            toggle("labels", "Both"), number("seed", 2), dropdown("bot", "random"), dropdown("players", "5"))


STRESS_CASES = [
    StressCase("app_collection", "app/caesars_empire_collections.ipynb", "CollectionExplorer()", (
        number("count_grapes", 4), text("city_tokens", "red:3, blue:6, green:2"), toggle("vocabulary", "Riches"),
        text("table_gold", "0, 5, 10, 16, 25, 36, 49, 64"), button("reset_button", "Reset to rulebook tables"),
    )),
    StressCase("app_setup_odds", "app/caesars_empire_setup_odds.ipynb", "SetupOddsExplorer()", (
        slider("players"), checkbox("all_tokens_variant"), dropdown("kind", "Grapes"), number("trials", 500),
        toggle("vocabulary", "Riches"),
    )),
    StressCase("app_board", "app/caesars_empire_board.ipynb", 'BoardExplorer(files="upload", width=1160)',
               _board_steps()),
    StressCase("app_objective_odds", "app/augustus_objective_odds.ipynb", "ObjectiveOddsExplorer()", (
        number("slot_shield", 1), dropdown("joker_policy", "commonest"), checkbox("no_reset"), slider("max_draws", "ArrowLeft"),
        dropdown("compare", "#1 Pergamum (1 double sword + 1 chariot + 1 standard)"), number("trials", 300),
    )),
    StressCase("app_bag", "app/augustus_bag.ipynb", "BagExplorer()", (
        slider("draws"), button("_draw_button", "Draw one"), number("seed", 2), button("_restart", "Start again"),
    )),
    StressCase("app_augustus_playout", "app/augustus_playout.ipynb", 'AugustusPlayoutExplorer(files="upload")', (
        slider("turn"), slider("within", "ArrowLeft"), number("seed", 2), dropdown("players", "3"),
    )),
    StressCase("app_region_board", "app/imperator_region_board.ipynb", 'RegionBoardExplorer(files="upload")', (
        dropdown("region", "Etruria"), toggle("value", "2"), checkbox("own_influence"), number("influence_zone", 1),
        slider("turn"), dropdown("players", "3"),
    )),
    StressCase("app_tile_odds", "app/imperator_tile_odds.ipynb", "TileOddsExplorer()", (
        dropdown("players", "5"), number("rounds", 7), toggle("what", "on the board that round"),
        choose("kinds", ("Any worker value", "Propraetor (banner)")), dropdown("leftover", "unwon tiles discarded"),
        number("seed", 3),
    )),
    StressCase("app_road_board", "app/via_romana_road_board.ipynb", 'RoadBoardExplorer(files="upload")', (
        slider("turn"), number("seed", 2), dropdown("players", "2"),
    )),
    StressCase("app_card_odds", "app/via_romana_card_odds.ipynb", "CardOddsExplorer()", (
        dropdown("question", "The colour-and-symbol card (two milestones from that city)"), dropdown("colour", "red"),
        slider("hand"), number("trials", 500),
    )),
    StressCase("app_balance_lab", "app/balance_lab.ipynb", 'BalanceExplorer(games=200, bots="greedy", files="upload")', (
        then(number("games", 20), button("_run", "Run")),
        then(checkbox("compare"), text("options_b", "all_tokens_variant=true"), button("_run", "Run")),
        then(dropdown("players", "3"), button("_run", "Run")),
    )),
    StressCase("app_draw_odds", "app/draw_odds.ipynb", "DrawOddsExplorer()", (
        number("draws", 4), checkbox("replace"), dropdown("row1_quantifier", "at least"), text("row1_kinds", "red, green"),
        text("bag", "red:4, green:2, yellow:2", area=True),
        dropdown("bag_source", "Caesar's Empire: Treasure tokens, all-tokens variant (30 of 40 placed)"),
    )),
    StressCase("app_playtest", "app/playtest.ipynb", 'PlaytestReport("via_romana", games=60, seed=1)', (
        then(number("seed", 2), button("_run", "Run")),
        then(dropdown("players", "2"), number("games", 30), button("_run", "Run")),
    )),
    # the notebooks' explorers, made as each notebook makes them (its other charts are static)
    StressCase("notebook_collections", "notebooks/caesars_empire_collections.ipynb", "CollectionExplorer()", (
        number("count_gold", 3), toggle("vocabulary", "Riches"),
    ), root=".rt-collection-explorer"),
    StressCase("notebook_board", "notebooks/caesars_empire_board.ipynb", 'BoardExplorer(seed=2026, bot="greedy")', (
        slider("turn"), toggle("labels", "City names"), number("seed", 7),
    )),
    StressCase("notebook_draw_odds", "notebooks/draw_odds.ipynb",
               'DrawOddsExplorer("red:3, green:2, yellow:1", draws=3, rows=[("at least", 1, "red"), '
               '("and", "at least", 1, "green")], seed=12)', (
                   number("draws", 4), checkbox("replace"),
               ), root=".rt-draw-odds-explorer"),
    StressCase("notebook_regions", "notebooks/imperator_regions.ipynb", "RegionBoardExplorer(seed=2)", (
        dropdown("region", "Etruria"), slider("turn"),
    )),
    StressCase("notebook_balance_lab", "notebooks/balance_lab.ipynb", 'BalanceExplorer(games=100, bots="greedy")', (
        then(number("seed", 2), button("_run", "Run")),
    ), root=".rt-balance-explorer"),
    StressCase("notebook_road_board", "notebooks/via_romana.ipynb", "RoadBoardExplorer(players=3, seed=1)", (
        slider("turn"), number("seed", 2),
    ), root=".rt-vr-road-board-explorer"),
    StressCase("notebook_card_odds", "notebooks/via_romana.ipynb", "CardOddsExplorer()", (
        dropdown("question", "The colour-and-symbol card (two milestones from that city)"), slider("hand"),
    ), root=".rt-vr-card-odds-explorer"),
    StressCase("notebook_objective_odds", "notebooks/augustus_odds.ipynb", "ObjectiveOddsExplorer()", (
        number("slot_shield", 1), checkbox("no_reset"),
    ), root=".rt-au-objective-odds"),
    StressCase("notebook_playtest", "notebooks/playtest.ipynb",
               'PlaytestReport("caesars_empire", players=3, games=60, seed=1)', (
                   then(number("seed", 2), button("_run", "Run")),
               ), root=".rt-playtest-explorer"),
]
