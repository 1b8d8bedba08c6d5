"""Real-browser latency of every explorer: control change -> redrawn chart.

For each explorer of ``tests/browser/explorers.py`` this serves its app notebook with
Voila on 127.0.0.1, opens it in Debian's Chromium through Playwright, then repeats:
change one control, and time inside the page from the control's event (the first
``keydown`` -- Enter in a number box, an arrow key on a slider -- or ``change``) to the first moment the chart's plotly
data differs (polled every 4 ms).  That span covers the widget message to the
kernel, the rules and chart code, the reply and plotly's redraw.

Prints the median, min and max in milliseconds and the ratio of the median to the
300 ms goal.  Run::

    .venv/bin/python benchmarks/bench_browser_latency.py [--reps 9]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import harness  # noqa: E402
from explorers import EXPLORERS  # noqa: E402

GOAL_MS = 300.0

_ARM_JS = """
(sel) => {
  let el = document.querySelector(sel);
  if (el && !el.classList.contains('js-plotly-plot')) el = el.querySelector('.js-plotly-plot');
  const snap = () => JSON.stringify((el.data || []).map((t) => [t.x, t.y]));
  const before = snap();
  window.__rtT0 = null;
  const mark = (ev) => {
    if (window.__rtT0 === null && (ev.type === 'change' || ev.type === 'keydown')) {
      window.__rtT0 = performance.now();
    }
  };
  document.addEventListener('keydown', mark, true);
  document.addEventListener('change', mark, true);
  window.__rtDone = new Promise((resolve) => {
    const timer = setInterval(() => {
      if (window.__rtT0 !== null && snap() !== before) {
        const t1 = performance.now();
        clearInterval(timer);
        document.removeEventListener('keydown', mark, true);
        document.removeEventListener('change', mark, true);
        resolve(t1 - window.__rtT0);
      }
    }, 4);
  });
}
"""


def measure(page, case, reps: int) -> list[float]:
    """Milliseconds from control event to changed chart data, ``reps`` times."""
    out = []
    for step in range(reps + 1):  # step 0 warms up the code paths; not counted
        page.evaluate(_ARM_JS, case.chart)
        case.change(page, step)
        ms = page.evaluate(
            "(limit) => Promise.race([window.__rtDone,"
            " new Promise((_, reject) => setTimeout(() => reject(new Error('no redraw')), limit))])",
            harness.CHANGE_S * 1000,
        )
        if step:
            out.append(ms)
        page.wait_for_timeout(150)  # let the kernel go idle between changes
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=9, help="timed changes per explorer")
    args = parser.parse_args(argv)
    reason = harness.missing_browser_reason()
    if reason:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server = harness.start_voila()
    rows = []
    try:
        with sync_playwright() as pw:
            browser = harness.launch_chromium(pw)
            for case in EXPLORERS:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                harness.stub_external_requests(context)
                page = context.new_page()
                console = harness.ConsoleLog(page)
                t_open = time.perf_counter()
                page.goto(server.url(f"/voila/render/{case.notebook}"))
                harness.wait_rendered(page, plots=case.plots)
                open_s = time.perf_counter() - t_open
                times = measure(page, case, args.reps)
                rows.append((case.id, open_s, times))
                if console.errors:
                    print(f"{case.id}: JavaScript errors: {console.errors}", file=sys.stderr)
                context.close()
            browser.close()
    finally:
        harness.stop_server(server)

    print(f"Browser latency, control change -> redrawn chart (Voila + Chromium, {args.reps} reps"
          f" after 1 warm-up; goal {GOAL_MS:.0f} ms median)")
    print(f"{'explorer':<28} {'median ms':>10} {'min':>7} {'max':>7} {'median/goal':>12} {'open s':>7}")
    for name, open_s, times in rows:
        med = statistics.median(times)
        print(f"{name:<28} {med:>10.1f} {min(times):>7.1f} {max(times):>7.1f}"
              f" {med / GOAL_MS:>12.2f} {open_s:>7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
