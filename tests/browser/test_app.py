"""The designer app (``app/``, served by ``make app``): the index lists every explorer
(its notebooks run headless in ``tests/test_notebooks.py``), every explorer has a browser case, and ``make app`` binds
loopback with a token."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request

import harness
import nbformat
from explorers import EXPLORERS

APP = harness.REPO / "app"
APP_NOTEBOOKS = sorted(APP.glob("*.ipynb"))
EXPLORER_NOTEBOOKS = [p for p in APP_NOTEBOOKS if p.name != "index.ipynb"]


def test_index_lists_every_explorer_and_every_explorer_has_a_browser_case():
    index = nbformat.read(APP / "index.ipynb", as_version=4)
    text = "\n".join(c.source for c in index.cells)
    for path in EXPLORER_NOTEBOOKS:
        assert f"({path.name})" in text, f"app/index.ipynb does not link {path.name}"
    for game in ("Caesar's Empire", "Via Romana", "Augustus", "IMPERATOR"):
        assert game in text
    cased = {c.notebook for c in EXPLORERS}
    missing = [p.name for p in EXPLORER_NOTEBOOKS if f"app/{p.name}" not in cased]
    assert not missing, f"add an ExplorerCase to tests/browser/explorers.py for {missing}"


def _status(url: str) -> int:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=10) as resp:
            return resp.status
    except urllib.error.HTTPError as err:
        return err.code
    except (urllib.error.URLError, OSError):
        return 0  # not listening yet


def test_make_app_serves_loopback_with_a_token():
    port = harness.free_port()
    stamp = harness.REPO / ".venv" / ".installed-stamp"
    # -o: do not (re)install the venv here; `make test` has done that already.
    cmd = ["make", "--no-print-directory", "-o", str(stamp), "app", f"APP_PORT={port}"]
    proc = subprocess.Popen(cmd, cwd=harness.REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env={**os.environ, "APP_TOKEN": ""}, start_new_session=True, text=True)
    lines = []
    try:
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            match = re.search(r"(http://127\.0\.0\.1:\d+/voila/render/index\.ipynb\?token=(\S+))", line)
            if match:
                url, token = match.group(1), match.group(2)
        assert url, "make app printed no URL:\n" + "".join(lines)
        assert len(token) >= 24
        while time.monotonic() < deadline and _status(url) != 200:
            assert proc.poll() is None, "make app exited:\n" + "".join(lines)
            time.sleep(0.25)
        assert _status(url) == 200
        assert _status(url.split("?")[0]) in (302, 403), "the app answers without its token"
        if shutil.which("ss"):
            listening = subprocess.run(["ss", "-ltn"], capture_output=True, text=True).stdout
            assert f"127.0.0.1:{port}" in listening and f"0.0.0.0:{port}" not in listening
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, 15)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait(timeout=10)
