"""The designer app (``app/``, served by ``make app``): its pages are written from the registry
(``rometools.widgets.app``: a page per declared explorer and the index, which lists every one under
its game; the pages run headless in ``tests/test_notebooks.py``), every page has a browser case and a
stress case, and ``make app`` prints its URL once the server answers, binds loopback with a token
and shuts a closed tab's kernel down."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import time
import urllib.error
import urllib.request

import harness
import nbformat
from explorers import EXPLORERS
from stress import STRESS_CASES

APP = harness.REPO / "app"


def test_index_lists_every_explorer_and_every_explorer_has_a_browser_case():
    """The app written from the registry: every declared explorer has its page, linked from the index
    under its game's title (the bundled games and Pig, an installed example, alike)."""
    import rometools
    from rometools.core.explorers import explorers
    from rometools.core.game import game_spec
    from rometools.widgets.app import write_app

    pages = write_app(APP)
    EXPLORER_NOTEBOOKS = [p for p in pages if p.name != "index.ipynb"]
    assert {p.name for p in EXPLORER_NOTEBOOKS} == {f"{e.page}.ipynb" for e in explorers()}
    index = nbformat.read(APP / "index.ipynb", as_version=4)
    text = "\n".join(c.source for c in index.cells)
    for path in EXPLORER_NOTEBOOKS:
        assert f"({path.name})" in text, f"app/index.ipynb does not link {path.name}"
    for gid in rometools.games():
        spec = game_spec(gid)
        for e in spec.explorers:   # under its game's heading
            section = text.split(f"## {spec.title}\n", 1)[1].split("\n## ", 1)[0]
            assert f"({e.page}.ipynb)" in section, f"{e.page} is not under {spec.title}"
    for game in ("Caesar's Empire", "Via Romana", "Augustus", "IMPERATOR", "Pig"):
        assert game in text
    cased = {c.notebook for c in EXPLORERS}
    missing = [p.name for p in EXPLORER_NOTEBOOKS if f"app/{p.name}" not in cased]
    assert not missing, f"add an ExplorerCase to tests/browser/explorers.py for {missing}"
    stressed = {c.notebook for c in STRESS_CASES}
    missing = [p.name for p in EXPLORER_NOTEBOOKS if f"app/{p.name}" not in stressed]
    assert not missing, f"add a StressCase to tests/browser/stress.py for {missing}"
    notebooks = [p for p in sorted((harness.REPO / "notebooks").glob("*.ipynb"))
                 if "rometools.widgets import" in p.read_text(encoding="utf-8")]
    missing = [p.name for p in notebooks if f"notebooks/{p.name}" not in stressed]
    assert not missing, f"add a StressCase to tests/browser/stress.py for the explorers of {missing}"


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


def _websocket_refused(url: str) -> bool:
    """Whether the server refuses a websocket to ``url``: tried on a loop of its own in another
    thread (Playwright's sync API holds this thread's loop)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from tornado.httpclient import HTTPClientError
    from tornado.websocket import websocket_connect

    async def attempt():
        try:
            ws = await asyncio.wait_for(websocket_connect(url, connect_timeout=10), timeout=20)
        except (HTTPClientError, ConnectionError, OSError):
            return True
        ws.close()
        return False

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, attempt()).result(timeout=30)


def _listening(port: int) -> list[str]:
    """Local addresses listening on ``port`` (from /proc/net/tcp and tcp6)."""
    import ipaddress

    out = []
    for table, size in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 16)):
        with contextlib.suppress(OSError), open(table) as f:
            for line in f.readlines()[1:]:
                local, state = line.split()[1], line.split()[3]
                addr, p = local.split(":")
                if state == "0A" and int(p, 16) == port:  # LISTEN
                    raw = bytes.fromhex(addr)
                    raw = b"".join(raw[i:i + 4][::-1] for i in range(0, size, 4))
                    out.append(str(ipaddress.ip_address(raw)))
    return out


def test_make_app_serves_loopback_with_a_token(chromium):
    port = harness.free_port()
    # -o: do not (re)install the venv here; `make test` has done that already. The target's name
    # as the Makefile spells it (relative): with an absolute path make did not match it, and a
    # fresh checkout (sources newer than the stamp) reinstalled the venv from here.
    cmd = ["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "app", f"APP_PORT={port}"]
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
        base = url.split("/voila/")[0]
        # the URL is printed once the server answers, not before it listens (it was ~50 s early)
        assert _status(base + "/") != 0, "make app printed its URL before the server answered"
        assert _status(url) == 200
        # without the token, or with a wrong one: pages, files, the kernels API, websockets
        page = urllib.request.urlopen(url, timeout=60).read().decode()
        kernel = re.search(r'kernelId["\']?\s*[:=]\s*["\']([0-9a-f-]{36})', page)
        assert kernel, "the page names no kernel"
        for path in ("/voila/render/index.ipynb", "/voila/files/index.ipynb",
                     "/voila/render/caesars_empire_board.ipynb", f"/api/kernels/{kernel.group(1)}"):
            for query in ("", "?token=wrong-" + token[:8]):
                assert _status(base + path + query) in (302, 403), f"{path}{query} answered without the token"
        channels = f"{base.replace('http', 'ws')}/api/kernels/{kernel.group(1)}/channels"
        assert _websocket_refused(channels) and _websocket_refused(channels + "?token=wrong")
        assert not _websocket_refused(f"{channels}?token={token}")
        # the token is in no process's command line; a token user's "Log out" page answers
        ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
        assert token not in ps, "the app token is visible in the process list"
        assert _status(f"{base}/logout?token={token}") == 200 and _status(base + "/logout") == 200
        listening = _listening(port)
        assert listening and all(addr in ("127.0.0.1", "::1") for addr in listening), listening
        # a closed tab shuts its kernel down: app/voila.py gives the page the _xsrf cookie that the
        # tab's shutdown request carries (Voila's page never set it: 403, and the kernel ran on)
        context = chromium.new_context()
        try:
            tab = context.new_page()
            kernels = harness.watch_kernels(tab)
            tab.goto(url)
            tab.wait_for_selector("text=Caesar's Empire", timeout=harness.RENDER_S * 1000)
            tab.wait_for_function("() => document.querySelector('.jp-OutputArea, .jp-Cell')",
                                  timeout=harness.RENDER_S * 1000)
            deadline = time.monotonic() + harness.RENDER_S
            while not kernels and time.monotonic() < deadline:
                tab.wait_for_timeout(250)
            assert len(kernels) == 1, kernels
            assert "_xsrf" in [c["name"] for c in context.cookies()]
            (_, kernel_id), = kernels
            assert _status(f"{base}/api/kernels/{kernel_id}?token={token}") == 200
            tab.close(run_before_unload=True)  # as a designer closes the tab
        finally:
            context.close()
        deadline = time.monotonic() + 20
        while _status(f"{base}/api/kernels/{kernel_id}?token={token}") != 404 and time.monotonic() < deadline:
            time.sleep(0.25)
        assert _status(f"{base}/api/kernels/{kernel_id}?token={token}") == 404, "the closed tab's kernel runs on"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, 15)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait(timeout=10)
