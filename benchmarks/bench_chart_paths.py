"""Which way to draw an explorer's chart: three rendering paths on the biggest chart, quiet and loaded.

The board explorer's map (the 40-city board, 1,160 pixels wide; its figures for turns 0 to 4
computed as the page opens, so that only drawing is timed) is drawn three ways, each served
by Voila on 127.0.0.1 and opened in Debian's Chromium through Playwright:

* ``figurewidget`` -- main's code (``--before``, default 0dc7706, extracted with ``git
  archive``): plotly's ``FigureWidget``, an anywidget embedding plotly.js, started one
  chart at a time (``ChartQueue``);
* ``mime`` -- this tree's explorer computes, and the figure goes to an ``ipywidgets.Output``
  as ``application/vnd.plotly.v1+json``, drawn by the plotly renderer JupyterLab and Voila
  load once (a new output, so a new plot, each time);
* ``chart`` -- this tree: ``rometools.widgets._charts.Chart`` (a core-model source, a small
  anywidget view, ``Plotly.react``, plotly.js sent once per page).

For each path and machine state (quiet; then every core held busy by four spinning
processes, :func:`harness.busy_cpu`), with anywidget's real 2 s start-up (no allowance),
it opens the page and times, inside the page, from the turn slider's key press to the
moment the map's title reads the new turn ("turn k of 40"): the redraw a designer waits
for, correctness included. A change whose chart never shows its turn within 20 s counts as
stale. Prints per row: the seconds to open (page request to the map drawn), the redraw
median, 90th percentile and maximum in milliseconds, the stale changes, and the page's
console errors (first one shown).

Run::

    .venv/bin/python benchmarks/bench_chart_paths.py [--reps 12] [--before 0dc7706] [--quiet-only]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402
from _measure import extract_tree  # noqa: E402

#: Each page: the board explorer's map at turns 0 to 4 (40 cities, 1,160 px), computed once as the
#: page opens, then a turn slider that only draws the figure of its turn, by the page's path; so
#: what is timed is the drawing path (kernel side and browser), not the explorer's computing.
CELL = """import json
import ipywidgets as widgets
import plotly.graph_objects as go
import plotly.io as pio
from rometools.widgets import BoardExplorer

ex = BoardExplorer(files="upload", width=1160)
figures = []
for k in range(5):
    ex.set_values(turn=k)
    figures.append(go.Figure(ex._chart_figure("figure")))
turn = widgets.IntSlider(value=0, min=0, max=4, description="Turn")
turn.add_class("rt-turn")
PATH = {path!r}
if PATH == "figurewidget":  # main's code: plotly's FigureWidget, replaced in place by sync_figure
    from rometools.widgets._charts import sync_figure
    chart = go.FigureWidget(figures[0])
    chart.add_class("rt-board-chart")
    draw = lambda: sync_figure(chart, figures[turn.value])
elif PATH == "mime":  # an Output holding the figure as plotly's mime bundle, drawn by jupyterlab-plotly
    chart = widgets.Output()
    chart.add_class("rt-board-chart")
    def draw():
        figure = json.loads(pio.to_json(figures[turn.value], validate=False))
        chart.outputs = ({{"output_type": "display_data", "metadata": {{}},
                           "data": {{"application/vnd.plotly.v1+json": figure}}}},)
    draw()
else:  # this tree's Chart
    from rometools.widgets._charts import Chart
    holder = Chart("rt-board-chart")
    chart = holder.view
    draw = lambda: holder.show(figures[turn.value])
    draw()
turn.observe(lambda _change: draw(), names="value")
widgets.VBox([turn, chart])"""

_TITLE_JS = """
(sel) => {
  let p = document.querySelector(sel);
  if (p && !p.classList.contains('js-plotly-plot')) p = p.querySelector('.js-plotly-plot');
  const t = p && p.layout && p.layout.title;
  return (t && (typeof t === 'object' ? t.text : t)) || null;
}
"""

_ARM_JS = """
([sel, want]) => {
  window.__rtT0 = null;
  const mark = () => { if (window.__rtT0 === null) window.__rtT0 = performance.now(); };
  document.addEventListener('keydown', mark, {capture: true, once: true});
  const title = () => {
    let p = document.querySelector(sel);
    if (p && !p.classList.contains('js-plotly-plot')) p = p.querySelector('.js-plotly-plot');
    const t = p && p.layout && p.layout.title;
    return (t && (typeof t === 'object' ? t.text : t)) || '';
  };
  window.__rtDone = new Promise((resolve) => {
    const timer = setInterval(() => {
      if (window.__rtT0 !== null && title().endsWith(want)) {
        clearInterval(timer);
        resolve(performance.now() - window.__rtT0);
      }
    }, 4);
  });
}
"""


def notebook(source: str) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "id": "c0", "metadata": {},
                                  "outputs": [], "source": source}],
                       "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                   "name": "python3"}},
                       "nbformat": 4, "nbformat_minor": 5})


def one_page(browser, server, name: str, reps: int) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    harness.stub_external_requests(context)
    page = context.new_page()
    log = harness.ConsoleLog(page)
    kernels = harness.watch_kernels(page)
    row = {"open": None, "times": [], "stale": 0, "errors": []}
    try:
        t0 = time.perf_counter()
        page.goto(server.url(f"/voila/render/{name}.ipynb"))
        page.wait_for_function(f"() => ({_TITLE_JS.strip()})('.rt-board-chart')?.endsWith('turn 0 of 40')",
                               timeout=180_000, polling=50)
        row["open"] = time.perf_counter() - t0
        handle = page.locator(".rt-turn .noUi-handle").first
        for step in range(reps + 1):  # step 0 warms up; not counted
            turn = 1 if step % 2 == 0 else 0
            page.evaluate(_ARM_JS, [".rt-board-chart", f"turn {turn} of 40"])
            handle.focus()
            handle.press("ArrowRight" if turn else "ArrowLeft")
            try:
                ms = page.evaluate("(limit) => Promise.race([window.__rtDone, new Promise((_, no) =>"
                                   " setTimeout(() => no(new Error('stale')), limit))])", 20_000)
            except Exception:
                row["stale"] += 1
                continue
            if step:
                row["times"].append(ms)
            page.wait_for_timeout(200)
    except Exception as exc:  # the page never drew its map
        row["errors"].append(f"did not open: {str(exc).splitlines()[0][:120]}")
    finally:
        row["errors"] += log.errors
        context.close()
        harness.shut_down_kernels(kernels)
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=12, help="timed turn changes per page")
    parser.add_argument("--before", default="0dc7706", help="main's commit, for the FigureWidget path")
    parser.add_argument("--quiet-only", action="store_true", help="skip the loaded machine")
    args = parser.parse_args(argv)
    reason = harness.missing_browser_reason()
    if reason:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    before = extract_tree(args.before)
    if before is None:
        print(f"cannot extract {args.before} with git", file=sys.stderr)
        return 2
    root = Path(tempfile.mkdtemp(prefix="rometools-paths-"))
    for path in ("figurewidget", "mime", "chart"):
        (root / f"{path}.ipynb").write_text(notebook(CELL.format(path=path)))
    from playwright.sync_api import sync_playwright

    rows = []
    try:
        with sync_playwright() as pw:
            browser = harness.launch_chromium(pw)
            old = harness.start_voila(root_dir=root, code=before)
            new = harness.start_voila(root_dir=root)
            try:
                states = ["quiet"] if args.quiet_only else ["quiet", "loaded"]
                for state in states:
                    for name, server in (("figurewidget", old), ("mime", new), ("chart", new)):
                        if state == "loaded":
                            with harness.busy_cpu():
                                time.sleep(3)
                                row = one_page(browser, server, name, args.reps)
                                load = os.getloadavg()[0]
                        else:
                            row = one_page(browser, server, name, args.reps)
                            load = os.getloadavg()[0]
                        rows.append((name, state, load, row))
                        print(f"  measured {name} ({state}, load {load:.1f})", file=sys.stderr, flush=True)
            finally:
                harness.stop_server(old)
                harness.stop_server(new)
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(before, ignore_errors=True)

    print(f"The board map (40 cities, 1,160 px): turn slider key -> map titled with the new turn "
          f"({args.reps} changes after a warm-up; real anywidget start-up)")
    print(f"{'path':<13} {'machine':<7} {'load':>5} {'open s':>7} {'median ms':>10} {'p90 ms':>7} {'max ms':>7}"
          f" {'stale':>5}  console errors")
    for name, state, load, row in rows:
        times = sorted(row["times"])
        med = statistics.median(times) if times else float("nan")
        p90 = times[int(0.9 * (len(times) - 1))] if times else float("nan")
        top = max(times) if times else float("nan")
        opened = f"{row['open']:.1f}" if row["open"] is not None else "-"
        errors = f"{len(row['errors'])}" + (f": {row['errors'][0][:90]}" if row["errors"] else "")
        print(f"{name:<13} {state:<7} {load:>5.1f} {opened:>7} {med:>10.0f} {p90:>7.0f} {top:>7.0f}"
              f" {row['stale']:>5}  {errors}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
