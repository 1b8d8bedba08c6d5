"""The designer app (``app/``, served by ``make app``): its pages are written from the registry
(``rometools.widgets.app``: a page per declared explorer and the index, which lists every one under
its game; the pages run headless in ``tests/test_notebooks.py``), every page has a browser case and a
stress case, and ``make app`` prints its URL once the server answers, binds loopback with a token
and shuts a closed tab's kernel down."""

from __future__ import annotations

import contextlib
import os
import queue
import re
import select
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import harness
import nbformat
from explorers import EXPLORERS
from stress import STRESS_CASES

APP = harness.REPO / "app"
#: A guard against a hang, never a budget for slowness: each wait of the app's test ends at its own
#: event (a line of the server's log, the kernel's process ending, the kernels API's 404), which a
#: busy machine delays but never skips. A wait that has not ended after this long fails saying which
#: event never came (a hang); the 20 s the closed tab's kernel had before failed once at load 15.
HANG_S = 300


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
        with opener.open(url, timeout=HANG_S) as resp:   # the answer, however long a busy server takes
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
            ws = await asyncio.wait_for(websocket_connect(url, connect_timeout=HANG_S), timeout=HANG_S)
        except (HTTPClientError, ConnectionError, OSError):
            return True
        ws.close()
        return False

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, attempt()).result(timeout=2 * HANG_S)


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


class _ServerLog:
    """What ``make app`` prints (serve.py's lines and Voila's log), read by a thread as it comes: a
    wait for a line is a wait for the server's own event, and the pipe never fills and stalls the
    server while the test waits on something else."""

    def __init__(self, stream) -> None:
        self.lines: list[str] = []
        self._queue: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream) -> None:
        for line in stream:
            self._queue.put(line)
        self._queue.put(None)   # make app ended

    def tail(self) -> str:
        return "".join(self.lines[-40:])

    def wait_for(self, pattern: str, what: str, refused: str | None = None) -> re.Match:
        """The first line from now on matching ``pattern``; a line matching ``refused`` fails at once,
        as do the end of ``make app`` and a hang (:data:`HANG_S`)."""
        deadline = time.monotonic() + HANG_S
        while True:
            try:
                line = self._queue.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                raise AssertionError(f"{what}: not in the server's log after {HANG_S} s, a hang (each wait "
                                     f"ends at its event however busy the machine):\n{self.tail()}") from None
            if line is None:
                raise AssertionError(f"{what}: make app ended first:\n{self.tail()}")
            self.lines.append(line)
            if refused is not None and re.search(refused, line):
                raise AssertionError(f"{what}: refused: {line.strip()}\n{self.tail()}")
            match = re.search(pattern, line)
            if match:
                return match


def _kernel_process(kernel_id: str) -> tuple[int, int]:
    """``(pid, pidfd)`` of the running kernel ``kernel_id`` (its connection file names it): the pidfd
    becomes readable when the process ends, an event to wait on (``select``), whoever its parent."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                cmdline = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            if f"kernel-{kernel_id}.json".encode() in cmdline:
                return int(proc.name), os.pidfd_open(int(proc.name))
    raise AssertionError(f"no process runs kernel {kernel_id}")


def test_server_log_waits_for_its_event_and_says_what_never_came():
    """The waits of the app's test, on a stand-in server: a line that comes late is waited for, a
    refusal fails at once naming its line, and the end of the server is said as such."""
    import io

    slow = subprocess.Popen(["sh", "-c", "echo starting; sleep 1; echo '[Voila] Kernel shutdown: k1'"],
                            stdout=subprocess.PIPE, text=True)
    log = _ServerLog(slow.stdout)
    assert log.wait_for(r"Kernel shutdown: (\S+)", "the shutdown").group(1) == "k1"
    slow.wait()
    refused = _ServerLog(io.StringIO("[Voila] WARNING | 403 POST /voila/api/shutdown/k1 (::1) '_xsrf' missing\n"))
    try:
        refused.wait_for(r"Kernel shutdown: k1", "the tab's shutdown request", refused=r"\b4\d\d POST /voila/api/shutdown/")
    except AssertionError as err:
        assert "refused: [Voila] WARNING | 403 POST /voila/api/shutdown/k1" in str(err)
    else:
        raise AssertionError("a refused shutdown was not said")
    ended = _ServerLog(io.StringIO("Starting the rometools designer app ...\n"))
    try:
        ended.wait_for(r"http://\S+", "the URL")
    except AssertionError as err:
        assert str(err).startswith("the URL: make app ended first")
    else:
        raise AssertionError("the end of make app was not said")


def test_make_app_serves_loopback_with_a_token(chromium):
    port = harness.free_port()
    # -o: do not (re)install the venv here; `make test` has done that already. The target's name
    # as the Makefile spells it (relative): with an absolute path make did not match it, and a
    # fresh checkout (sources newer than the stamp) reinstalled the venv from here.
    cmd = ["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "app", f"APP_PORT={port}"]
    proc = subprocess.Popen(cmd, cwd=harness.REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env={**os.environ, "APP_TOKEN": ""}, start_new_session=True, text=True)
    log = _ServerLog(proc.stdout)
    ended = None   # the closed tab's kernel process, as a pidfd
    try:
        # serve.py prints the URL once Voila answers, or ends (its own --wait guard): an event either way
        match = log.wait_for(r"(http://127\.0\.0\.1:\d+/voila/render/index\.ipynb\?token=(\S+))", "make app's URL")
        url, token = match.group(1), match.group(2)
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
            pid, ended = _kernel_process(kernel_id)
            tab.close(run_before_unload=True)  # as a designer closes the tab
            # the tab's beacon reached the server and passed its token and XSRF checks: the server says
            # so in its log (a refusal is a 403 line), before the context closes and could drop the beacon
            log.wait_for(rf"Kernel shutdown: {kernel_id}", "the closed tab's shutdown request",
                         refused=rf"\b4\d\d POST /voila/api/shutdown/{kernel_id}")
        finally:
            context.close()
        # the kernel's process ends (the server asked it to, then stops it): the pidfd says when
        assert select.select([ended], [], [], HANG_S)[0], (
            f"the closed tab's kernel (process {pid}) still runs {HANG_S} s after the server began "
            f"shutting it down: a hang")
        deadline = time.monotonic() + HANG_S   # and the server forgets it, at its next look at the process
        while _status(f"{base}/api/kernels/{kernel_id}?token={token}") != 404:
            assert time.monotonic() < deadline, (f"the closed tab's kernel ended, but the server still lists it "
                                                 f"after {HANG_S} s: a hang")
            time.sleep(0.25)
    finally:
        if ended is not None:
            os.close(ended)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, 15)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait(timeout=10)
