"""How fast rometools starts and its explorers open and react: this tree against main's, in one run.

Prints CPU seconds (``time.process_time``: every thread of the process, the kernel's
message sending included) for each tree, and each as a ratio to a calibration measured
in the same run (a fixed pure-Python loop in a fresh interpreter), so runs on a busy or
another machine compare:

* ``import rometools`` -- in a fresh interpreter (goal under 0.4 s);
* ``rometools --help`` -- the whole command's process (goal under 0.4 s);
* ``import rometools.widgets`` -- in a fresh ipykernel, as a notebook or an app page does;
* each explorer's first display -- made with the app page's arguments and displayed, in
  that kernel right after ``import rometools.widgets`` (goal under 1 s);
* each explorer's control change -- a control set as the browser sets it (its observer
  computes and sends the charts), median of several alternating values (goal under
  50 ms, except the explorers that play games on a change);
* Caesar's Empire scoring as issue 2 measured it (this tree): ``treasure_points`` calls per
  second and ``treasure_points_distribution`` for 8, 10 and 12 tokens (goal under 1 s each).

"before" is main's code (``--before``, default 0dc7706) extracted with ``git archive``
(with this tree's compiled twins copied in when their sources are the same), measured in
the same kernels and interpreter as "after". Run from the repository root::

    .venv/bin/python benchmarks/bench_explorers.py [--before 0dc7706] [--changes 9] [--only BoardExplorer]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import ROOT, extract_tree  # noqa: E402

IMPORT_GOAL_S = 0.4
FIRST_DISPLAY_GOAL_S = 1.0
CHANGE_GOAL_S = 0.050
CALIBRATION = "sum(i * i for i in range(2_000_000))"


@dataclass(frozen=True)
class Case:
    """An explorer as its app page opens it, and one control a designer changes, value after value."""

    name: str
    make: str                  # the app page's call
    control: str               # a registered control's name
    values: tuple              # assigned in turn (each differs from the one before)
    plays_games: bool = False  # a change plays games (no 50 ms goal)
    then: str = ""             # a button attribute clicked after each value (the balance lab's Run)


CASES = [
    Case("CollectionExplorer", "CollectionExplorer()", "count_grapes", (4, 3)),
    Case("SetupOddsExplorer", "SetupOddsExplorer()", "kind", ("grapes", "gold")),
    Case("BoardExplorer", 'BoardExplorer(files="upload", width=1160)', "turn", (1, 2)),
    Case("ObjectiveOddsExplorer", "ObjectiveOddsExplorer()", "slot_shield", (1, 0)),
    Case("BagExplorer", "BagExplorer()", "draws", (1, 0)),
    Case("AugustusPlayoutExplorer", 'AugustusPlayoutExplorer(files="upload")', "turn", (1, 2)),
    Case("RegionBoardExplorer", 'RegionBoardExplorer(files="upload")', "region", ("etruria", "latium")),
    Case("TileOddsExplorer", "TileOddsExplorer()", "players", (5, 4)),
    Case("BalanceExplorer", 'BalanceExplorer(games=200, bots="greedy", files="upload")', "seed", (2, 1),
         plays_games=True, then="_run"),
    Case("DrawOddsExplorer", "DrawOddsExplorer()", "draws", (4, 3)),
    Case("RoadBoardExplorer", 'RoadBoardExplorer(files="upload")', "turn", (1, 2)),
    Case("CardOddsExplorer", "CardOddsExplorer()", "hand", (7, 8)),
    Case("DiceOddsExplorer", "DiceOddsExplorer()", "target", (14, 15)),
]

KERNEL_CODE = """
import json, statistics, time
from IPython.display import display
t = time.process_time()
import rometools.widgets as _w
imported = time.process_time() - t
t = time.process_time()
ex = _w.{make}
display(ex)
first = time.process_time() - t
control = ex._controls[{control!r}]
values, times = {values!r}, []
for i in range({changes} + 1):
    t = time.process_time()
    control.value = values[i % len(values)]
    if {then!r}:
        getattr(ex, {then!r}).click()
    if i:
        times.append(time.process_time() - t)
print("RESULT" + json.dumps({{"import": imported, "first": first, "change": statistics.median(times),
                             "message": ex.message}}))
"""


def _env(tree: Path) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("ROMETOOLS_NO_COMPILED", None)
    return env


def _fresh_cpu(tree: Path, code: str, repeats: int) -> float:
    """Median CPU seconds ``code`` reports (its own ``process_time`` delta) in fresh interpreters."""
    out = []
    for _ in range(repeats):
        run = subprocess.run([sys.executable, "-c", code], env=_env(tree), capture_output=True, text=True,
                             check=True, cwd=tree)
        out.append(float(run.stdout.strip().splitlines()[-1]))
    return statistics.median(out)


def calibration(repeats: int = 5) -> float:
    return _fresh_cpu(ROOT, f"import time\nt = time.process_time()\n{CALIBRATION}\n"
                            "print(time.process_time() - t)", repeats)


def import_cpu(tree: Path, repeats: int = 5) -> float:
    return _fresh_cpu(tree, "import time\nt = time.process_time()\nimport rometools\n"
                            "print(time.process_time() - t)", repeats)


def help_cpu(tree: Path, repeats: int = 5) -> float:
    """CPU seconds of the whole ``rometools --help`` process (interpreter start included)."""
    out = []
    for _ in range(repeats):
        before = os.times()
        subprocess.run([sys.executable, "-c", "import sys\nfrom rometools.cli import main\nsys.exit(main())",
                        "--help"], env=_env(tree), capture_output=True, check=True, cwd=tree)
        after = os.times()
        out.append((after.children_user - before.children_user) + (after.children_system - before.children_system))
    return statistics.median(out)


def explorer_cpu(tree: Path, case: Case, changes: int) -> dict:
    """Import, first display and control change of ``case`` in a fresh ipykernel importing ``tree``."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", env=_env(tree), cwd=str(tree), stderr=subprocess.DEVNULL)
    try:
        lines: list[str] = []

        def output(msg):
            if msg["msg_type"] == "stream":
                lines.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                lines.append("ERROR " + "\n".join(msg["content"]["traceback"][-3:]))

        code = textwrap.dedent(KERNEL_CODE).format(make=case.make, control=case.control, values=case.values,
                                                   changes=changes, then=case.then)
        kc.execute_interactive(code, output_hook=output, timeout=900)
        text = "".join(lines)
        if "RESULT" not in text:
            raise RuntimeError(f"{case.name} in {tree}: {text[-800:]}")
        return json.loads(text.split("RESULT", 1)[1].splitlines()[0])
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def scoring_rows() -> list[str]:
    """Caesar's Empire scoring speed (issue 2): ``treasure_points`` calls per second, distributions."""
    import time

    from rometools.caesars_empire import (
        load_components,
        treasure_points,
        treasure_points_distribution,
    )

    comps = load_components()
    example = {"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2}
    calls, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < 1.0:
        for _ in range(200):
            treasure_points(example, components=comps)
        calls += 200
    rows = [f"{'treasure_points calls per second':44} {calls / (time.perf_counter() - t0):9.0f} /s"]
    for n in (8, 10, 12):
        times = []
        for _ in range(3):
            t = time.process_time()
            treasure_points_distribution(n)
            times.append(time.process_time() - t)
        rows.append(f"{f'treasure_points_distribution(n={n}), first, best of 3':44} {times[0]:8.3f} s "
                    f"{min(times):8.3f} s   {'OK' if times[0] < 1 else 'OVER'} (goal 1 s)")
    return rows


def before_tree(commit: str) -> Path | None:
    """main's ``rometools/`` and ``data/``, with this tree's compiled twins where the sources match."""
    tree = extract_tree(commit)
    if tree is None:
        return None
    for so in ROOT.glob("rometools/**/*_c.*.so"):
        source = so.parent / (so.name.split("_c.", 1)[0] + ".py")
        theirs = tree / source.relative_to(ROOT)
        if theirs.exists() and hashlib.sha256(theirs.read_bytes()).digest() == hashlib.sha256(
                source.read_bytes()).digest():
            shutil.copy2(so, tree / so.relative_to(ROOT))
    return tree


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="0dc7706", help="main's commit to compare with")
    parser.add_argument("--changes", type=int, default=9, help="control changes timed per explorer")
    parser.add_argument("--only", action="append", help="an explorer's class name (repeatable)")
    args = parser.parse_args(argv)
    before = before_tree(args.before)
    if before is None:
        print(f"cannot extract {args.before} with git; measuring this tree only", file=sys.stderr)
    trees = {"before": before, "after": ROOT} if before is not None else {"after": ROOT}
    cases = [c for c in CASES if not args.only or c.name in args.only]
    try:
        unit = calibration()
        rows = []
        for label, fn, goal in (("import rometools", import_cpu, IMPORT_GOAL_S),
                                ("rometools --help", help_cpu, IMPORT_GOAL_S)):
            rows.append((label, {k: fn(t) for k, t in trees.items()}, goal))
        per_case = {}
        for case in cases:
            per_case[case.name] = {k: explorer_cpu(t, case, args.changes) for k, t in trees.items()}
            print(f"  measured {case.name}", file=sys.stderr, flush=True)
    finally:
        if before is not None:
            shutil.rmtree(before, ignore_errors=True)

    def cells(values: dict[str, float], goal: float | None) -> str:
        out = ""
        for k in ("before", "after"):
            if k in values:
                out += f" {values[k]:8.3f} {values[k] / unit:7.2f}"
            else:
                out += f" {'-':>8} {'-':>7}"
        if "before" in values and values["after"] > 0:
            out += f" {values['before'] / values['after']:8.1f}x"
        else:
            out += f" {'':>9}"
        if goal is not None:
            out += f"   {'OK' if values['after'] < goal else 'OVER'} (goal {goal:g} s)"
        return out

    print(f"CPU seconds and ratio to a calibration ({CALIBRATION}: {unit:.3f} s in this run); "
          f"before = {args.before}, after = this tree")
    print(f"{'':44} {'before s':>8} {'ratio':>7} {'after s':>8} {'ratio':>7} {'speed-up':>9}")
    for label, values, goal in rows:
        print(f"{label:44}{cells(values, goal)}")
    for name, by_tree in per_case.items():
        case = next(c for c in cases if c.name == name)
        print(f"{'import rometools.widgets (' + name + ' kernel)':44}"
              f"{cells({k: v['import'] for k, v in by_tree.items()}, None)}")
        print(f"{'  first display: ' + case.make[:26]:44}"
              f"{cells({k: v['first'] for k, v in by_tree.items()}, FIRST_DISPLAY_GOAL_S)}")
        print(f"{'  control change: ' + case.control:44}"
              f"{cells({k: v['change'] for k, v in by_tree.items()}, None if case.plays_games else CHANGE_GOAL_S)}"
              + ("   (plays games)" if case.plays_games else ""))
        for k, v in by_tree.items():
            if v.get("message"):
                print(f"      {k}: message {v['message'][:100]!r}")
    print("Caesar's Empire scoring (this tree; CPU seconds)")
    for row in scoring_rows():
        print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
