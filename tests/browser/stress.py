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
    make: str                    # evaluated with the names of rometools.widgets (and ``explorer``'s class)
    steps: tuple[Step, ...]
    root: str = ""               # CSS selector of the explorer on a page holding several
    explorer: str = ""           # "module:Class" of a declared explorer (ExplorerSpec.explorer), if not exported

    def twin(self):
        import importlib

        import rometools.widgets as w

        names = {name: getattr(w, name) for name in w.__all__}
        if self.explorer:
            module, _, cls = self.explorer.partition(":")
            names[cls] = getattr(importlib.import_module(module), cls)
        return eval(self.make, names)  # noqa: S307 - our own calls

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


#: The same summary, read from charts drawn on the page (each plotly element's data and layout): for
#: a list of CSS selectors, one ``{state, figure}`` or ``null`` (no chart drawn) each, in one call to
#: the page. A chart that does not say it is ready cannot pass yet, so its figure (every x and y) is
#: not sent: ``figure`` is ``null``.
SUMMARY_JS = """
(wheres) => wheres.map((where) => {
  let p = document.querySelector(where);
  if (p && !p.classList.contains('js-plotly-plot')) p = p.querySelector('.js-plotly-plot');
  if (!p || !Array.isArray(p.data)) return null;
  const host = p.closest('.rt-chart');
  const state = host ? host.dataset.rtState : null;
  if (state !== 'ready') return {state: state ?? null, figure: null};
  const arr = (v) => (v == null ? null : Array.from(v));
  const title = p.layout && p.layout.title;
  return {state: state,
          figure: {layout: {title: title && typeof title === 'object' ? title.text ?? null : title ?? null},
                   data: p.data.map((t) => ({meta: t.meta ?? null, name: t.name ?? null, x: arr(t.x), y: arr(t.y)}))}};
})
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
_GESTURES = {"number": number, "text": text, "text_area": lambda control, value: text(control, value, area=True),
             "dropdown": dropdown, "slider": slider, "checkbox": checkbox, "toggle": toggle, "choose": choose,
             "button": button}


def _declared_step(step: tuple) -> Step:
    """The :class:`Step` of a declared stress change (``ExplorerSpec.stress``)."""
    if step[0] == "then":
        return then(*(_declared_step(s) for s in step[1:]))
    return _GESTURES[step[0]](*step[1:])


def _app_cases() -> list[StressCase]:
    """One case per declared explorer's app page, made as the page makes it (rometools.widgets.app)."""
    import rometools.widgets  # noqa: F401 - registers the explorers of no one game
    from rometools.core.explorers import explorers

    return [StressCase(f"app_{e.page}", f"app/{e.page}.ipynb", f"{e.name}({e.app_args})",
                       tuple(_declared_step(s) for s in e.stress), explorer=e.explorer) for e in explorers()]


STRESS_CASES = [
    *_app_cases(),
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
    StressCase("notebook_what_if", "notebooks/what_if.ipynb",   # the studio holding question 1's variant
               'VariantStudio(changes={"components:tables.gold.points": [0, 4, 9, 16, 16, 16, 16, 16]}, '
               'name="Gold 0-4-9-16, no more")', (
                   then(number("max_games", 200), button("_compare_button", "Compare")),
               ), root=".rt-whatif-studio"),
]
