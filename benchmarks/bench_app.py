"""The designer app's readiness: when ``make app`` prints its URL, and how soon each page shows its explorer.

For a checkout (``--tree``, default this one; it needs its own ``make setup``), this runs
``make app`` on a free port and times, from the command's start:

* the URL printed, and whether the server answered at that moment (and if not, when it
  first did);

then opens every app page of ``tests/browser/explorers.py`` in Debian's Chromium and times,
from the page's request, until its explorer is shown: every chart of the page drawn with
data, the widgets rendered and no "Loading widget..." left. Each page is timed on the
machine as it is ("quiet") and with every core held busy by four spinning processes per
core ("loaded", ``harness.busy_cpu``). Prints seconds per page and the load average seen.

Run (this tree, then main's in a worktree with its own venv, in the same session)::

    .venv/bin/python benchmarks/bench_app.py [--tree /tmp/before] [--quiet-only]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import harness  # noqa: E402
from explorers import EXPLORERS  # noqa: E402

GOAL_S = 5.0


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except (urllib.error.URLError, OSError):
        return False


def start_app(tree: Path) -> tuple[subprocess.Popen, str, float, float]:
    """``make app`` in ``tree``: (process, URL, seconds to the URL, seconds to the first answer)."""
    port = harness.free_port()
    started = time.monotonic()
    proc = subprocess.Popen(["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "app",
                             f"APP_PORT={port}"], cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env={**os.environ, "APP_TOKEN": ""}, start_new_session=True)
    url = None
    while url is None:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"make app in {tree} ended without a URL")
        found = re.search(r"(http://127\.0\.0\.1:\d+/voila/render/index\.ipynb\?token=\S+)", line)
        if found:
            url = found.group(1)
    printed = time.monotonic() - started
    base = url.split("/voila/")[0]
    while not _answers(base + "/"):
        time.sleep(0.05)
        if time.monotonic() - started > 600:
            raise RuntimeError("the app never answered")
    return proc, url, printed, time.monotonic() - started


def stop_app(proc: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def page_ready(browser, url: str, plots: int) -> float | None:
    """Seconds from asking for ``url`` until its ``plots`` charts hold data and its widgets are shown."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    harness.stub_external_requests(context)
    page = context.new_page()
    kernels = harness.watch_kernels(page)
    try:
        started = time.monotonic()
        page.goto(url, wait_until="commit", timeout=300_000)
        while time.monotonic() - started < 300:
            state = harness.render_state(page)
            if state["widgets"] and state["plots"] >= plots and not state["loading"]:
                return time.monotonic() - started
            page.wait_for_timeout(50)
        return None
    finally:
        context.close()
        harness.shut_down_kernels(kernels)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=harness.REPO, help="a checkout with its own .venv")
    parser.add_argument("--quiet-only", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    tree = args.tree.resolve()
    proc, url, printed, answered = start_app(tree)
    # the app's server is not in harness.SERVERS: kernels are shut down with its token
    base, token = url.split("/voila/")[0], url.rsplit("token=", 1)[1]
    port = int(base.rsplit(":", 1)[1])
    harness.SERVERS[port] = harness.Server("voila", proc, port, token, Path(os.devnull))
    rows = []
    try:
        with sync_playwright() as pw:
            browser = harness.launch_chromium(pw)
            for state in ("quiet",) if args.quiet_only else ("quiet", "loaded"):
                with harness.busy_cpu() if state == "loaded" else contextlib.nullcontext():
                    if state == "loaded":
                        time.sleep(3)
                    for case in EXPLORERS:
                        page_url = f"{base}/voila/render/{case.notebook.removeprefix('app/')}?token={token}"
                        seconds = page_ready(browser, page_url, case.plots)
                        rows.append((state, case.id, seconds, os.getloadavg()[0]))
                        print(f"  {state} {case.id}: {seconds}", file=sys.stderr, flush=True)
            browser.close()
    finally:
        harness.SERVERS.pop(port, None)
        stop_app(proc)
    print(f"make app in {tree}: URL printed after {printed:.1f} s; the server first answered after "
          f"{answered:.1f} s ({'after' if answered > printed + 0.5 else 'when'} the URL was printed)")
    print(f"{'page':28} {'machine':8} {'seconds to the explorer':>24} {'load avg':>9}")
    for state, case_id, seconds, load in rows:
        shown = f"{seconds:.1f}" if seconds is not None else "never"
        print(f"{case_id:28} {state:8} {shown:>24} {load:9.1f}")
    for state in dict.fromkeys(r[0] for r in rows):
        times = [r[2] for r in rows if r[0] == state and r[2] is not None]
        if times:
            print(f"{'median, ' + state:37} {statistics.median(times):15.1f}   max {max(times):.1f}"
                  + (f"   goal {GOAL_S:g} s: {'met' if max(times) < GOAL_S else 'MISSED'}" if state == "quiet" else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
