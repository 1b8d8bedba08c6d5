"""CPU seconds, by process, that opening one stress page costs (Voila, its kernel, Chromium, this process).

Run from the repository: ``.venv/bin/python benchmarks/bench_page_cpu.py [case id ...]``. It starts
Voila and Chromium as the browser tests do (``tests/browser/harness.py``), works out each case's
:class:`Plan` (its twin, in this process, timed), opens its page alone, waits until every chart shows
the twin's figure and says it is ready, and prints the CPU seconds each process spent from the page's
request to that moment: the Voila server, the page's kernel (and, measured apart in a fresh Python,
what the notebook's first cell imports), Chromium's processes by type (browser, renderer, GPU,
utility), this process. Nothing is loaded: it is a CPU count, not a wall clock, so it compares two
versions of the code on a shared machine. ``--json PATH`` writes the rows.
"""

from __future__ import annotations

import ast
import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import harness  # noqa: E402
import psutil  # noqa: E402


def _cpu(proc: psutil.Process) -> float:
    t = proc.cpu_times()
    return t.user + t.system


def _tree(root: psutil.Process) -> list[psutil.Process]:
    try:
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def _kind(proc: psutil.Process, voila_pid: int, me: int) -> str:
    try:
        cmd = proc.cmdline()
    except psutil.Error:
        return "gone"
    text = " ".join(cmd)
    if proc.pid == voila_pid:
        return "voila server"
    if "ipykernel" in text:
        return "kernel"
    if proc.pid == me:
        return "this process (pytest's place)"
    if "playwright" in text and "driver" in text:
        return "playwright driver (node)"
    if "chromium" in text or "chrome" in text:
        kind = next((p.split("=", 1)[1] for p in cmd if p.startswith("--type=")), "browser")
        if kind == "utility":
            sub = next((p.split("=", 1)[1] for p in cmd if p.startswith("--utility-sub-type=")), "")
            kind += f" ({sub.rsplit('.', 1)[-1]})" if sub else ""
        return f"chromium {kind}"
    return "other: " + text[:60]


def snapshot(voila_pid: int) -> dict[int, tuple[str, float]]:
    me = psutil.Process()
    out = {}
    for proc in _tree(me):
        with contextlib.suppress(psutil.Error):
            out[proc.pid] = (_kind(proc, voila_pid, me.pid), _cpu(proc))
    return out


def delta(before: dict, after: dict) -> dict[str, float]:
    by: dict[str, float] = {}
    for pid, (kind, cpu) in after.items():
        by[kind] = by.get(kind, 0.0) + cpu - before.get(pid, (kind, 0.0))[1]
    return {k: round(v, 2) for k, v in sorted(by.items(), key=lambda kv: -kv[1]) if abs(v) >= 0.005}


def import_cpu(notebook: Path) -> float:
    """CPU seconds a fresh Python spends on the notebook's import lines (with ipykernel's own import)."""
    cells = json.loads(notebook.read_text())["cells"]
    lines = [ast.unparse(node) for c in cells if c["cell_type"] == "code"
             for node in ast.parse("".join(c["source"])).body if isinstance(node, ast.Import | ast.ImportFrom)]
    code = ("import time, resource\n"
            "import ipykernel.ipkernel, ipywidgets\n"
            "t0 = resource.getrusage(resource.RUSAGE_SELF)\n"
            + "\n".join(lines) +
            "\nt1 = resource.getrusage(resource.RUSAGE_SELF)\n"
            "print(t1.ru_utime + t1.ru_stime - t0.ru_utime - t0.ru_stime)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=notebook.parent,
                         env=harness.server_env(), check=True)
    return float(out.stdout.split()[-1])


def main(argv: list[str]) -> None:
    from stress import STRESS_CASES
    from test_stress import OPEN_S, Plan, _wait_for

    from rometools.widgets.app import write_app

    out_json = None
    if "--json" in argv:
        i = argv.index("--json")
        out_json = argv[i + 1]
        del argv[i:i + 2]
    wanted = argv or ["app_dice_odds", "notebook_draw_odds"]
    cases = [c for c in STRESS_CASES if c.id in wanted]
    write_app(harness.REPO / "app")
    rows = []
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    chromium = harness.launch_chromium(pw)
    server = harness.start_voila()
    try:
        for case in cases:
            t0 = time.process_time()
            plan = Plan.of(case)
            plan_cpu = time.process_time() - t0
            before = snapshot(server.proc.pid)
            wall = time.monotonic()
            with harness.browser_page(chromium, "bench_" + case.id) as page:
                page.goto(server.url(f"/voila/render/{case.notebook}"), wait_until="commit")
                waited = _wait_for({case.id: (page, plan.opening, wall)}, OPEN_S)[case.id]
                opened = time.monotonic() - wall
                after = snapshot(server.proc.pid)
            row = {"case": case.id, "open_s": round(opened, 1), "plan_cpu": round(plan_cpu, 2),
                   "charts_ok": sum(v is not None for v in waited.values()), "charts": len(waited),
                   "cpu": delta(before, after),
                   "import_cpu": round(import_cpu(harness.REPO / case.notebook), 2)}
            row["cpu_total"] = round(sum(row["cpu"].values()), 2)
            rows.append(row)
            print(json.dumps(row), flush=True)
    finally:
        harness.stop_server(server)
        chromium.close()
        pw.stop()
    if out_json:
        Path(out_json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
