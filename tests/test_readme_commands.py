"""README's commands, as written: `make lab` really serves the notebooks, `.ci/run` calls `make test`."""

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```\n\s*(make \w+)\n\s*```", readme)
    assert blocks[:2] == ["make lab", "make test"]
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.strip() and not line.lstrip().startswith(("#", "set ", "cd "))]
    assert ci == ["make test"]


def test_make_lab_serves_the_notebooks_headless():
    port, token = _free_port(), "rometools-test-token"
    opts = f"--no-browser --ip 127.0.0.1 --port {port} --ServerApp.token={token}"
    env = {**os.environ, "JUPYTER_OPTS": opts}
    proc = subprocess.Popen(["make", "--no-print-directory", "lab"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        contents = None
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise AssertionError(f"make lab exited: {proc.stdout.read().decode()[-2000:]}")
            try:
                url = f"http://127.0.0.1:{port}/api/contents?token={token}"
                with urllib.request.urlopen(url, timeout=2) as r:
                    contents = json.load(r)
                break
            except OSError:
                time.sleep(0.5)
        assert contents is not None, "JupyterLab did not answer within 60 s"
        names = {item["name"] for item in contents["content"]}
        assert "caesars_empire_collections.ipynb" in names
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token={token}", timeout=5) as r:
            assert r.status == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_every_explorer_the_readme_names_for_a_notebook_is_where_it_says():
    """README's notebook table: the explorers before "in the app:" are displayed by the notebook
    itself, those after it by an app page (a notebook that only mentions one is not enough)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    rows = [line for line in (root / "README.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| `notebooks/")]
    assert len(rows) == len(list((root / "notebooks").glob("*.ipynb")))   # every notebook has its row
    import json

    from rometools.widgets.app import app_pages

    # the app's pages as make app writes them from the registry (they are not committed)
    apps = "\n".join(json.dumps(page) for page in app_pages().values())
    for row in rows:
        notebook = root / re.match(r"\| `([^`]+)`", row).group(1)
        shown, _, in_app = row.rsplit("|", 2)[1].partition("in the app:")
        for name in re.findall(r"`(\w+Explorer)`", shown):
            assert f"{name}(" in notebook.read_text(encoding="utf-8"), f"{notebook.name} does not show {name}"
        for name in re.findall(r"`(\w+Explorer)`", in_app):
            assert f"{name}(" in apps, f"no app page shows {name}"


def test_readme_names_the_flags_each_command_takes_beside_a_variant_file(capsys):
    """A trial read "`rometools simulate --variant gold.toml` (and `report`) plays it, options given
    beside it overriding its own", but ``report`` takes no ``--option``: each command's sentence
    names its own flags, and each is one that command takes."""
    from rometools.cli import main

    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "(and `report`)" not in readme
    for command in ("simulate", "report"):
        said = re.search(rf"`rometools {command} --variant gold\.toml`([^;]*)", readme).group(1)
        flags = set(re.findall(r"`(--[a-z-]+)", said))
        if command == "report":
            assert "takes no `--option`" in said
            flags.discard("--option")
        assert flags, f"README does not say which flags `rometools {command} --variant` takes"
        with pytest.raises(SystemExit):
            main([command, "--help"])
        usage = capsys.readouterr().out
        missing = [f for f in flags if not re.search(rf"{f}\b", usage)]
        assert not missing, (command, missing)
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    assert not re.search(r"--option\b", capsys.readouterr().out)


def test_readme_says_how_many_games_each_mcts_depth_result_is_over():
    """README quoted "61.7% (55.6% to 67.9%, 96 seeds)" with no game count to check the interval by:
    benchmarks/bench_mcts_skill.py plays each seed once with each bot in each seat, two-player
    games, so a seed is two games."""
    readme = " ".join((ROOT / "README.md").read_text().split())
    counts = re.findall(r"(\d+) (?:other |further Via Romana )?seeds(?::| \()? ?\(?(\d+) (?:(two|four)-player )?games",
                        readme)
    seats = {"two": 2, "four": 4}
    assert len(counts) >= 4 and all(int(games) == seats[n or "two"] * int(seeds) for seeds, games, n in counts), counts
    assert "Via Romana cuts at 64 decisions" in readme and "24.6% (20.4% to 28.8%, 120 seeds: 480 four-player" in readme


def test_readmes_python_examples_run_as_written():
    """Every ```python block of README (the quick taste, how to get a game's config object) runs as
    a doctest: what README shows is what rometools answers. A trial found no word there on how to get
    a config object; the example that says it cannot drift from the code."""
    import doctest

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README.md python block {i + 1}", "README.md", 0)
        examples += len(test.examples)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert examples >= 10
    assert "game.config" in readme and "game.spec.config" in readme and 'config=GameConfig(' in readme
