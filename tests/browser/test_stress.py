"""Every explorer on a busy machine: every chart shows the answer for the controls on screen.

With every core held busy by four spinning processes per core (``harness.busy_cpu``,
started before the first page of this module and stopped after the last), each page of
``stress.STRESS_CASES`` (every app page, and every notebook of ``notebooks/`` holding an
explorer) is opened in Voila with the real front end, :data:`TABS` pages asked for at once (a notebook
holding two explorers once, both checked on its page),
nothing given more time than a designer's browser gives it. Each chart must first show
what the same explorer made in this process (the *twin*) shows, within :data:`OPEN_S` of
its page being asked for; then, for each change of every kind of control the
explorer has, the gesture is made on the page and the same change on the twin, and each
chart must show the twin's new figure (title, and each trace's ``meta``, name, x and y)
within :data:`CHANGE_S`, and say it is ready. A chart that does not is *stale*; the counts
and the slowest redraws are printed at the end of the run (``conftest.py``) and written to
``artifacts/stress.json``. An app page is also checked to read well as it opens
(``readable_page.assert_readable``: cut texts, the left edge, toolbars, ids). The twins' figures
(as made, and after each change) are worked out before the busy processes start
(:class:`Plan`): they are what the pages are checked against, not part of the pages' load.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass

import harness
import pytest
from readable_page import assert_readable
from stress import STRESS_CASES, SUMMARY_JS, summary, twin_charts

#: Pages asked for at once: the tabs a designer opens together. Asking for every page at once
#: measured something no designer waits for: under load all of them shared the two cores and
#: each page opened only when nearly all had (185-380 s), whatever its own work.
TABS = 3
#: The cases in the order they are checked: the notebooks of ``notebooks/`` first (each runs a whole
#: notebook: 30-55 s to open on the busy machine, against 12-27 s for an app page), so that they open
#: with each other and no app page's group waits for one, and the group left with fewer than
#: :data:`TABS` pages at the end is an app page's (it was ``notebooks/what_if.ipynb`` alone: 55-69 s).
ORDER = sorted(STRESS_CASES, key=lambda c: c.notebook.startswith("app/"))
#: Seconds for a page to show every chart from when it was asked for, on the busy machine,
#: with the other pages of its group of :data:`TABS` opening beside it.
OPEN_S = 180.0
#: Seconds for every chart to follow one change, on the busy machine.
CHANGE_S = 30.0

#: (page, change, chart, seconds to show the twin's figure or None if stale), filled as the tests run.
RESULTS: list[tuple[str, str, str, float | None]] = []


@dataclass(frozen=True)
class Plan:
    """What a case's page must show, worked out on its twin (the same explorer made in this process).

    ``opening``: ``{chart selector: summary}`` of the twin as made; ``changes``: for each step, in
    order, the CSS selector of each of its gestures' controls and the charts' summaries once the
    step's changes are made to the twin (each after the steps before it, as on the page).
    """

    message: str
    opening: dict[str, str]
    changes: tuple[tuple[tuple[str, ...], dict[str, str]], ...]

    @classmethod
    def of(cls, case) -> Plan:
        twin = case.twin()
        message, opening, changes = twin.message, twin_charts(twin, case.root), []
        for step in case.steps:
            for part in step.parts:
                part.mirror(case.widget(twin, part.control))
            expected = twin_charts(twin, case.root)
            changes.append((tuple(case.selector(twin, part.control) for part in step.parts), expected))
        return cls(message, opening, tuple(changes))


@dataclass
class Tab:
    """One case's stress page in its own browser context: the page, its plan, and its opening wait.

    Cases of one notebook (two explorers of ``notebooks/via_romana.ipynb``) share its page: it
    is asked for and executed once, each case watches its own explorer on it (``StressCase.root``),
    and it closes when the last of them ends (:meth:`closing`).
    """

    page: object
    plan: Plan
    opening: dict[str, float | None]
    stack: contextlib.ExitStack
    users: list[str]   # the ids of the cases on this page whose checks have not ended (shared)

    @contextlib.contextmanager
    def closing(self, case_id: str):
        """The case's checks; the page is closed (screenshot, context, kernels) after its last case's."""
        try:
            yield
        finally:
            self.users.remove(case_id)
            if not self.users:
                self.stack.close()


@pytest.fixture(scope="module")
def groups(request) -> list[list]:
    """The cases whose pages are opened together, in the order the chosen tests come to them.

    Each group is :func:`_group` from the first chosen case not yet opened (a group's cases that
    no chosen test checks are opened with it all the same, as their page is asked for).
    """
    chosen = [item.callspec.params["case"] for item in request.session.items
              if item.module is request.module and "case" in getattr(getattr(item, "callspec", None), "params", {})]
    out: list[list] = []
    opened: set[str] = set()
    for case in chosen:
        if case.id not in opened:
            out.append(_group(ORDER[ORDER.index(case):], opened))
            opened |= {c.id for c in out[-1]}
    return out


@pytest.fixture(scope="module")
def plans(groups) -> dict[str, Plan]:
    """Each case's :class:`Plan`, made before the busy processes start (:func:`busy` asks for it)."""
    return {c.id: Plan.of(c) for group in groups for c in group}


@pytest.fixture(scope="module")
def busy(plans):
    """Every core held busy (``harness.busy_cpu``) for the whole module; every spinner spins before the first page."""
    with harness.busy_cpu():
        yield


@pytest.fixture(scope="module")
def tabs(voila, chromium, groups, plans, busy):
    """``tab(case)``: the case's :class:`Tab`, its page opened with the rest of its group (:func:`groups`).

    The pages of a group are asked for one after the other at once (as a designer opening a
    few tabs), then every page of the group is watched until each chart shows its twin's
    figure (:class:`Plan`), each page against its own :data:`OPEN_S` from when it was asked
    for. A page's opening seconds are then its own, not the time at which the test came to
    look. On leaving, every page still open is closed (screenshot, context, kernels).
    """
    opened: dict[str, Tab] = {}
    with contextlib.ExitStack() as module:
        def tab(case) -> Tab:
            if case.id not in opened:
                group = next(g for g in groups if case in g)
                asked, pages = {}, {}
                for c in group:
                    if c.notebook not in pages:   # a notebook is asked for once, for all its cases
                        ids = [d.id for d in group if d.notebook == c.notebook]
                        stack = module.enter_context(contextlib.ExitStack())
                        page = stack.enter_context(harness.browser_page(chromium, "stress_" + "+".join(ids)))
                        asked[c.notebook] = time.monotonic()
                        page.goto(voila.url(f"/voila/render/{c.notebook}"), wait_until="commit", timeout=OPEN_S * 1000)
                        pages[c.notebook] = (page, stack, ids)
                    page, stack, ids = pages[c.notebook]
                    opened[c.id] = Tab(page, plans[c.id], {}, stack, ids)
                waited = _wait_for({c.id: (opened[c.id].page, plans[c.id].opening, asked[c.notebook])
                                    for c in group}, OPEN_S)
                for c in group:
                    opened[c.id].opening = waited[c.id]
            return opened[case.id]

        yield tab


def _group(cases: list, opened: set[str]) -> list:
    """The cases opened together from the first of ``cases``: those of the next :data:`TABS` notebooks
    not yet opened, a notebook's cases together (they share its page)."""
    notebooks: list[str] = []
    group = []
    for c in cases:
        if c.id in opened:
            continue
        if c.notebook not in notebooks:
            if len(notebooks) == TABS:
                break
            notebooks.append(c.notebook)
        group.append(c)
    return group


def _drawn(page, wheres: list[str]) -> dict[str, dict | None]:
    """``{where: {state, figure} or None}`` for the charts ``wheres`` of a page, read in one call."""
    return dict(zip(wheres, page.evaluate(SUMMARY_JS, wheres), strict=True))


def _wait_for(pages: dict[str, tuple[object, dict[str, str], float]], timeout: float) -> dict[str, dict[str, float | None]]:
    """``{key: (page, {chart: expected summary}, since)}`` -> ``{key: {chart: seconds}}``.

    Seconds from ``since`` until each chart shows its expected summary and says it is ready,
    looking at each page in turn until ``timeout`` seconds after its own ``since``; ``None``:
    it never did.
    """
    done: dict[str, dict[str, float]] = {key: {} for key in pages}

    def waiting(key: str) -> bool:
        page, expected, since = pages[key]
        return len(done[key]) < len(expected) and time.monotonic() - since < timeout

    first = True
    while first or any(waiting(key) for key in pages):
        for key, (page, expected, since) in pages.items():
            if not (first or waiting(key)):
                continue
            pending = [where for where in expected if where not in done[key]]
            for where, now in _drawn(page, pending).items():
                if now and now["state"] == "ready" and summary(now["figure"]) == expected[where]:
                    done[key][where] = time.monotonic() - since
        first = False
        if any(waiting(key) for key in pages):
            next(iter(pages.values()))[0].wait_for_timeout(100)
    return {key: {where: done[key].get(where) for where in expected} for key, (_, expected, _) in pages.items()}


def _record(case_id: str, change: str, waited: dict[str, float | None]) -> list[str]:
    stale = []
    for where, seconds in waited.items():
        RESULTS.append((case_id, change, where, seconds))
        if seconds is None:
            stale.append(where)
    return stale


@pytest.mark.parametrize("case", ORDER, ids=[c.id for c in ORDER])
def test_every_chart_follows_every_kind_of_control_on_a_busy_machine(tabs, case):
    tab = tabs(case)
    page, plan = tab.page, tab.plan
    with tab.closing(case.id):  # the page is closed when its cases' checks end (its kernel no longer holds memory)
        assert plan.message == "", plan.message
        late = _record(case.id, "opening", tab.opening)
        state = harness.render_state(page)
        assert not state["jsError"] and not state["traceback"], (
            f"{case.id}: the page shows a widget error or a traceback: {state}; its widget errors: "
            f"{harness.error_widget_texts(page)}; JavaScript console errors "
            f"(tolerated ones included): {page.console_log.errors + page.console_log.tolerated}; "
            f"warnings: {page.console_log.warnings[-10:]}")
        assert not late, (f"{case.id}: {late} did not show the explorer's opening charts within {OPEN_S:.0f} s "
                          f"of the page being asked for")
        if case.notebook.startswith("app/"):
            assert_readable(page, case.id)  # as it opens (issue 10): cut texts, edges, toolbars, ids
        stale = []
        for step, (selectors, expected) in zip(case.steps, plan.changes, strict=True):
            for part, selector in zip(step.parts, selectors, strict=True):
                part.act(page, selector)
            waited = _wait_for({case.id: (page, expected, time.monotonic())}, CHANGE_S)[case.id]
            stale += [f"{step.label}: {where}" for where in _record(case.id, step.label, waited)]
        page.console_log.assert_clean()
        assert not stale, f"{case.id}: charts stale after a change (not the controls' answer within {CHANGE_S:.0f} s): {stale}"


def report() -> list[str]:
    """The lines printed at the end of the run: stale charts, and the slowest redraws, per page."""
    if not RESULTS:
        return []
    harness.ARTIFACTS.mkdir(exist_ok=True)
    (harness.ARTIFACTS / "stress.json").write_text(json.dumps(
        [{"page": p, "change": c, "chart": w, "seconds": s} for p, c, w, s in RESULTS], indent=1))
    lines = [f"stress test ({harness.BUSY_PER_CORE} busy processes per core): charts checked, stale, slowest "
             "seconds to the controls' answer"]
    for case_id in dict.fromkeys(p for p, *_ in RESULTS):
        rows = [r for r in RESULTS if r[0] == case_id]
        changes = [r for r in rows if r[1] != "opening"]
        stale = sum(r[3] is None for r in rows)
        opening = max((r[3] for r in rows if r[1] == "opening" and r[3] is not None), default=float("nan"))
        slowest = max((r[3] for r in changes if r[3] is not None), default=float("nan"))
        lines.append(f"  {case_id:24} {len(rows):3} checked  {stale} stale  opening {opening:5.1f} s  "
                     f"slowest change {slowest:5.1f} s ({len({r[1] for r in changes})} changes)")
    total = sum(r[3] is None for r in RESULTS)
    lines.append(f"  all pages: {len(RESULTS)} chart checks, {total} stale")
    return lines
