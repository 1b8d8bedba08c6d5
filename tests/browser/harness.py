"""Real-browser harness: Voila / JupyterLab servers and Playwright helpers.

Used by the browser tests (``tests/browser``), and by
``benchmarks/bench_browser_latency.py``, which imports this module by path.

Servers run on 127.0.0.1 with a free port and a random token, in their own
process group; :func:`stop_server` ends the whole group (server and kernels).
Every wait is bounded.  See ``/work/shared/TOOLCHAIN.md`` for the traps these
helpers work around (no ``/api/status`` in standalone Voila, JupyterLab's
premature "idle", autosave writing into the repo notebook).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
ARTIFACTS = REPO / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
INSTALL_HINT = (
    "sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium"
    " (and `pip install -e '.[notebook,test]'` for playwright and voila)"
)

SERVER_START_S = 60.0  # seconds for a server to answer
RENDER_S = 45.0  # seconds for a notebook to run and its widgets/plots to render
CHANGE_S = 20.0  # seconds for a chart to react to a control change


def missing_browser_reason() -> str | None:
    """Why the browser stage cannot run here, or ``None`` when it can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return f"Python playwright is not installed; install it with {INSTALL_HINT}"
    if not os.access(CHROMIUM, os.X_OK):
        return f"Chromium is missing at {CHROMIUM}; install it with {INSTALL_HINT}"
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --------------------------------------------------------------------------- servers


@dataclass
class Server:
    """A running Voila or JupyterLab process group."""

    kind: str
    proc: subprocess.Popen
    port: int
    token: str
    log_path: Path
    tmp_dirs: list[Path] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        """Absolute URL of ``path`` (starting with ``/``) with the token appended."""
        sep = "&" if "?" in path else "?"
        return f"{self.base}{path}{sep}token={self.token}"

    def log_tail(self, n_chars: int = 3000) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")[-n_chars:]
        return ""


def _wait_http(server: Server, path: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(
                f"{server.kind} exited with code {server.proc.returncode}:\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(server.url(path), timeout=5) as resp:
                if resp.status == 200:
                    return
                last = f"HTTP {resp.status}"
        except (urllib.error.URLError, OSError) as exc:
            last = repr(exc)
        time.sleep(0.25)
    raise TimeoutError(
        f"{server.kind} did not answer {path} within {timeout:.0f} s ({last}):\n{server.log_tail()}"
    )


def server_env(extra: dict[str, str] | None = None, code: Path = REPO) -> dict[str, str]:
    """The environment of a server and its kernels: ``code``'s ``rometools`` first (the checkout's).

    Kernels start in the notebook's folder, so without this they would import
    ``rometools`` only when it is pip-installed, maybe from another checkout.
    A benchmark passes another tree as ``code`` to measure older code the same way.
    """
    env = {**os.environ, **(extra or {})}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(code), env.get("PYTHONPATH", "")) if p)
    return env


def _spawn(kind: str, cmd: list[str], log_path: Path, env: dict[str, str] | None = None, code: Path = REPO):
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "wb")  # noqa: SIM115 - the child owns it for its lifetime
    try:
        return subprocess.Popen(
            cmd,
            cwd=REPO,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=server_env(env, code),
            start_new_session=True,  # its own process group, killed as one
            preexec_fn=_ended_with_parent,
        )
    finally:
        log.close()


def _ended_with_parent() -> None:
    """In a server's process before it starts (Linux): SIGTERM when the test process is gone.

    A server is stopped in a ``finally``; a test process killed (``timeout``, SIGTERM, SIGKILL) runs
    none, and Voila or JupyterLab with its kernels went on running. On SIGTERM they shut their
    kernels down themselves.
    """
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)   # 1: PR_SET_PDEATHSIG


def start_voila(root_dir: Path = REPO, log_dir: Path = ARTIFACTS, code: Path = REPO) -> Server:
    """Start standalone Voila serving ``root_dir`` (tree mode) and wait until it answers.

    Standalone Voila has no ``/api/status``; the tree page (``/``) answers once the
    server is up and does not start a kernel.  Each ``/voila/render/<path>`` starts a
    kernel and runs that notebook, importing ``rometools`` from ``code``.
    """
    port, token = free_port(), secrets.token_hex(16)
    cmd = [
        str(BIN / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--Voila.token={token}",
        f"--Voila.root_dir={root_dir}",
        f"--Voila.config_file_paths={REPO / 'app'}",  # the app's configuration (app/voila.py)
        "--VoilaConfiguration.show_tracebacks=False",
    ]
    log_path = log_dir / f"voila-{port}.log"
    server = Server("voila", _spawn("voila", cmd, log_path, code=code), port, token, log_path)
    SERVERS[port] = server
    try:
        _wait_http(server, "/", SERVER_START_S)
    except BaseException:
        stop_server(server)
        raise
    return server


LAB_SETTINGS = {
    # Autosave would write outputs into the repo notebook.
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    # The news pop-up and update check cover the notebook and try the network.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # Windowing leaves off-screen outputs unrendered.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def start_lab(tmp: Path, root_dir: Path = REPO, log_dir: Path = ARTIFACTS) -> Server:
    """Start JupyterLab on ``root_dir`` with throwaway settings, workspaces and checkpoints."""
    settings, workspaces, checkpoints = tmp / "settings", tmp / "workspaces", tmp / "checkpoints"
    for folder in (settings, workspaces, checkpoints):
        folder.mkdir(parents=True, exist_ok=True)
    for rel, values in LAB_SETTINGS.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    port, token = free_port(), secrets.token_hex(16)
    cmd = [
        str(BIN / "jupyter"),
        "lab",
        "--no-browser",
        "--allow-root",  # CI and containers run as root
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root_dir}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp for the commands
        f"--FileCheckpoints.checkpoint_dir={checkpoints}",
        "--LabServerApp.workspaces_dir=" + str(workspaces),
    ]
    env = {
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(workspaces),
    }
    log_path = log_dir / f"lab-{port}.log"
    server = Server("jupyterlab", _spawn("jupyterlab", cmd, log_path, env), port, token, log_path)
    SERVERS[port] = server
    try:
        _wait_http(server, "/api/status", SERVER_START_S)
    except BaseException:
        stop_server(server)
        raise
    return server


def stop_server(server: Server, grace: float = 5.0) -> None:
    """End the server's whole process group (server and its kernels): TERM, then KILL.

    Kernel shut-downs still under way on it (:func:`shut_down_kernels_soon`) are waited for first.
    """
    finish_shutdowns(server.port)
    SERVERS.pop(server.port, None)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.proc.wait(timeout=grace)
    # Kernels may outlive the parent briefly; make sure the group is gone.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.proc.wait(timeout=grace)


#: The servers started here, by port: :func:`shut_down_kernels` finds a page's server by its port.
SERVERS: dict[int, Server] = {}
_KERNEL_SOCKET = re.compile(r"^wss?://127\.0\.0\.1:(\d+)/.*?api/kernels/([0-9a-f-]{36})/channels")


def watch_kernels(page) -> set[tuple[int, str]]:
    """The ``(port, kernel id)`` of every kernel ``page`` connects to, filled as it connects."""
    seen: set[tuple[int, str]] = set()

    def on_socket(ws) -> None:
        found = _KERNEL_SOCKET.match(ws.url)
        if found:
            seen.add((int(found.group(1)), found.group(2)))

    page.on("websocket", on_socket)
    return seen


def shut_down_kernels(kernels: set[tuple[int, str]], timeout: float = 10.0) -> list[str]:
    """Shut down the kernels a closed page used (``DELETE /api/kernels/<id>`` with the token).

    Closing a browser context runs no "before unload" handler, so the page never sends its
    own shutdown request; without this every test's kernel would live on until the
    session's server stops: a kernel still playing a balance-lab run takes the CPU from the tests
    after it, and each idle one holds about 170 MB. Returns the problems, if any (a kernel
    already gone is none).
    """
    problems = []
    for port, kernel in sorted(kernels):
        server = SERVERS.get(port)
        if server is None or server.proc.poll() is not None:
            continue
        request = urllib.request.Request(f"{server.base}/api/kernels/{kernel}", method="DELETE",
                                         headers={"Authorization": f"token {server.token}"})
        try:
            with urllib.request.urlopen(request, timeout=timeout):
                pass
        except urllib.error.HTTPError as exc:
            if exc.code != 404:
                problems.append(f"kernel {kernel}: HTTP {exc.code}")
        except (urllib.error.URLError, OSError) as exc:
            problems.append(f"kernel {kernel}: {exc!r}")
    return problems


#: Kernel shut-downs under way (:func:`shut_down_kernels_soon`), by server port: each a thread and the
#: list its problems go to.
_SHUTTING_DOWN: dict[int, list[tuple[threading.Thread, list[str]]]] = {}


def shut_down_kernels_soon(kernels: set[tuple[int, str]]) -> None:
    """:func:`shut_down_kernels` in a thread: the requests go at once, the caller does not wait for the answers.

    The server answers a shut-down request once the kernel has exited (about 1 s per kernel,
    2-3 s on the stress test's busy machine), and a closed page's test waited for it before
    the next test could start. The kernels are asked to shut down at the same moment as
    before; :func:`finish_shutdowns` (called by :func:`stop_server`) waits for the answers and
    prints the problems, if any.
    """
    for port in sorted({port for port, _ in kernels}):
        problems: list[str] = []
        ids = {(p, k) for p, k in kernels if p == port}
        thread = threading.Thread(target=lambda ids=ids, problems=problems: problems.extend(shut_down_kernels(ids)),
                                  name=f"kernel shut-down {port}", daemon=True)
        thread.start()
        _SHUTTING_DOWN.setdefault(port, []).append((thread, problems))


def finish_shutdowns(port: int, timeout: float = 30.0) -> list[str]:
    """Wait for the kernel shut-downs under way on the server at ``port``; print and return their problems."""
    problems = []
    deadline = time.monotonic() + timeout
    for thread, found in _SHUTTING_DOWN.pop(port, []):
        thread.join(max(0.0, deadline - time.monotonic()))
        problems += found + ([f"{thread.name}: no answer within {timeout:.0f} s"] if thread.is_alive() else [])
    if problems:
        print("kernels not shut down:", *problems, sep="\n  ")
    return problems


@contextlib.contextmanager
def running(server: Server) -> Iterator[Server]:
    try:
        yield server
    finally:
        stop_server(server)


#: Busy processes per core that :func:`busy_cpu` starts by default: the issue's loaded machine.
BUSY_PER_CORE = 4
#: A busy process: a Python loop that ends when its parent (the test process) is gone. It writes one
#: byte to its standard output as it starts spinning (:func:`busy_cpu` waits for it).
SPIN = (
    "import os\n"
    "parent = os.getppid()\n"
    "os.write(1, b'.')\n"
    "while os.getppid() == parent:\n"
    "    for _ in range(100_000):\n"
    "        pass\n"
)


@contextlib.contextmanager
def busy_cpu(per_core: int = BUSY_PER_CORE, start_s: float = 30.0) -> Iterator[list[subprocess.Popen]]:
    """Hold every core busy: ``per_core`` spinning processes per core, stopped on leaving.

    Each is a Python loop at the default priority, started in its own process group and
    killed by its id in a ``finally`` (nothing else is touched).  The machine then looks like
    a designer's laptop running simulations beside the explorer (load average about
    ``per_core`` times the cores, plus what the test itself runs).  A spinner also ends by
    itself when the test process is gone (killed, so no ``finally`` ran): it checks its
    parent every few milliseconds (:data:`SPIN`). The block runs once every spinner has started
    its loop (each says so on a pipe), or after ``start_s`` seconds.
    """
    procs = []
    try:
        for _ in range(per_core * (os.cpu_count() or 1)):
            procs.append(subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL,
                                          stdout=subprocess.PIPE, start_new_session=True))
        deadline = time.monotonic() + start_s
        for proc in procs:
            ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if ready:
                proc.stdout.read(1)
        yield procs
    finally:
        for proc in procs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        for proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
            proc.stdout.close()


# --------------------------------------------------------------------------- browser


def _driver_processes() -> list:
    """This process's children running Playwright's driver (node ... playwright/driver ...)."""
    import psutil

    found = []
    for child in psutil.Process().children(recursive=False):
        with contextlib.suppress(psutil.Error):
            if any("playwright" in part and "driver" in part for part in child.cmdline()):
                found.append(child)
    return found


@contextlib.contextmanager
def killed_after(seconds: float, what: str) -> Iterator[None]:
    """Run the block; if it has not ended after ``seconds``, kill Playwright's driver (and say so on
    stderr), so that a close or stop waiting on a driver that never answers ends instead of hanging
    the run (every call waiting on it then returns or raises)."""
    import psutil

    drivers = _driver_processes()

    def kill() -> None:
        for proc in drivers:
            with contextlib.suppress(psutil.Error):
                if proc.is_running():
                    print(f"{what} (pid {proc.pid}) did not end within {seconds:.0f} s: killed", file=sys.stderr)
                    proc.kill()

    timer = threading.Timer(seconds, kill)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


#: Chromium features turned off beside Playwright's own list: each new browser context (every test's page)
#: preloaded the address bar's pop-up, a WebUI page in a renderer of its own (about 0.6 CPU s a page,
#: a third of an app page's browser work), which a headless page never shows (as Puppeteer does).
DISABLED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
_FEATURES: list[str] = []   # Playwright's ``--disable-features`` with :data:`DISABLED_FEATURES`, once read


def launch_chromium(playwright):
    """Debian's Chromium through Playwright (its own browser download is unreachable).

    Chromium reads only the last ``--disable-features``, and Playwright passes its own: the first launch
    reads Playwright's list from the browser's command line, and the browser is launched again with
    :data:`DISABLED_FEATURES` added to it (the next launches of this process add them at once).
    """
    import psutil

    def launch(args):
        return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + args, headless=True,
                                          timeout=30_000)

    if _FEATURES:
        return launch(_FEATURES)
    browser = launch([])
    found = ["--disable-features="]
    for proc in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            cmd = proc.cmdline()
            if cmd and Path(cmd[0]).name.startswith("chrom") and not any(a.startswith("--type=") for a in cmd):
                found = [a for a in cmd if a.startswith("--disable-features=")] or found
    features = [f for f in found[-1].partition("=")[2].split(",") if f]
    _FEATURES.append("--disable-features=" + ",".join(dict.fromkeys([*features, *DISABLED_FEATURES])))
    browser.close()
    return launch(_FEATURES)


# Console errors that do not fail a test, each with the reason.  Keep this list short:
# every entry must be proven harmless by the tests' own DOM checks.
TOLERATED_ERRORS: dict[str, str] = {
    # anywidget 0.11 rejects a model's start-up promise after 2 s ("Failed to initialize
    # model.", an unhandled rejection thrown from its own bundle) and goes on to render it.
    # rometools' ChartView is the only anywidget on any page, and it is made to survive
    # exactly this: the kernel sends it nothing after making it; it reads every figure
    # from its ChartSource, a core ipywidgets model (rometools/widgets/_charts.py). The
    # stress test proves it on every page under load: each chart follows every control
    # (0 stale) on the pages where this was thrown.
    r"^pageerror: \[anywidget\] Failed to initialize model\. @ \S*/anywidget/static/":
        "anywidget's 2 s start-up timeout; rometools' chart view follows its source regardless",
}


class ConsoleLog:
    """Collects JavaScript console errors and uncaught page errors of one page.

    Errors matching :data:`TOLERATED_ERRORS` go to ``tolerated`` instead of ``errors``.
    """

    def __init__(self, page) -> None:
        self.errors: list[str] = []
        self.tolerated: list[str] = []
        self.warnings: list[str] = []
        self.checked = False
        page.on("pageerror", self._on_pageerror)
        page.on("console", self._on_console)

    def _add(self, text: str) -> None:
        tolerated = any(re.search(pattern, text) for pattern in TOLERATED_ERRORS)
        (self.tolerated if tolerated else self.errors).append(text)

    def _on_pageerror(self, exc) -> None:
        source = re.search(r"https?://\S+?\.js", getattr(exc, "stack", "") or "")
        self._add(f"pageerror: {exc}" + (f" @ {source.group(0)}" if source else ""))

    def _on_console(self, msg) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            self._add(f"console.error: {msg.text} ({loc.get('url', '')})")
        elif msg.type == "warning":   # kept to explain a failure, never failing one
            self.warnings.append(f"console.warn: {msg.text[:300]}")

    def assert_clean(self) -> None:
        self.checked = True
        assert not self.errors, "JavaScript errors in the page:\n" + "\n".join(self.errors)


_RENDER_STATE_JS = """
() => {
  const text = document.body ? document.body.innerText : '';
  return {
    widgets: document.querySelectorAll('[class*="widget-"]').length,
    plots: Array.from(document.querySelectorAll('.js-plotly-plot'))
             .filter(p => Array.isArray(p.data) && p.data.length > 0).length,
    emptyPlots: Array.from(document.querySelectorAll('.js-plotly-plot'))
             .filter(p => !Array.isArray(p.data) || p.data.length === 0).length,
    loading: (text.match(/Loading widget/g) || []).length,
    jsError: (text.match(/Click to show javascript error|Error displaying widget/g) || []).length,
    traceback: document.querySelectorAll(
        '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"], .jp-OutputArea-output pre .ansi-red-fg'
      ).length + (text.match(/Traceback \\(most recent call last\\)/g) || []).length,
  };
}
"""


def error_widget_texts(page) -> list[str]:
    """The messages of the widget error boxes on the page (ipywidgets' "Click to show javascript error."),
    each opened by a click as a designer would, cut to 600 characters: what to read when a page shows one."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('.jupyter-widgets-error-widget')).map((box) => {
        const widget = box.closest('.jupyter-widgets') || box;
        if (box.classList.contains('icon-error')) widget.click();
        return (box.innerText || '').slice(0, 600);
    })""")


def render_state(page) -> dict:
    """Counts of widgets, drawn plotly plots, "Loading widget..." and error markers."""
    return page.evaluate(_RENDER_STATE_JS)


def wait_rendered(page, *, plots: int = 1, timeout: float = RENDER_S, settle: float = 10.0) -> dict:
    """Wait until ``plots`` plotly charts hold data, widgets exist and nothing is loading.

    Raises ``AssertionError`` at once if the page shows a widget JavaScript error or
    a Python traceback, and after ``settle`` seconds if everything else has rendered
    but charts stay drawn without traces (the figure's traces never reached
    the browser).  ``TimeoutError`` with the last state otherwise.
    """
    deadline = time.monotonic() + timeout
    state: dict = {}
    empty_since = None
    while time.monotonic() < deadline:
        state = render_state(page)
        assert not state["jsError"], (f"a widget failed to render in the browser: {state}: {error_widget_texts(page)}; "
                                      f"console errors: {getattr(getattr(page, 'console_log', None), 'errors', None)}")
        assert not state["traceback"], f"a Python traceback is shown: {state}"
        if state["widgets"] and state["plots"] >= plots and not state["loading"]:
            return state
        drawn = state["plots"] + state["emptyPlots"]
        if state["widgets"] and drawn >= plots and state["emptyPlots"] and not state["loading"]:
            empty_since = empty_since or time.monotonic()
            assert time.monotonic() - empty_since < settle, (
                f"{state['emptyPlots']} plotly chart(s) drawn without any trace for {settle:.0f} s:"
                f" their data never reached the browser: {state}"
            )
        else:
            empty_since = None
        page.wait_for_timeout(250)
    raise TimeoutError(f"page did not finish rendering within {timeout:.0f} s: {state}")


_PLOT_DATA_JS = """
([where, index]) => {
  // where: null for every plot in the page, else a CSS selector of a plot or its container.
  let plots = Array.from(document.querySelectorAll('.js-plotly-plot'));
  if (where !== null) {
    plots = Array.from(document.querySelectorAll(where)).map(
      (el) => (el.classList.contains('js-plotly-plot') ? el : el.querySelector('.js-plotly-plot')));
  }
  const p = plots[index];
  if (!p || !p.data) return null;
  const arr = (v) => (v == null ? null : Array.from(v, (e) => (e && e.valueOf ? e.valueOf() : e)));
  const val = (v) => (v != null && typeof v === 'object' && v.length !== undefined ? arr(v) : v ?? null);
  return p.data.map((t) => ({name: t.name ?? null, type: t.type ?? null, uid: t.uid ?? null,
                             x: arr(t.x), y: arr(t.y), text: val(t.text),
                             color: val(t.marker && t.marker.color), visible: t.visible ?? true}));
}
"""

Where = int | str


def _where(where: Where) -> list:
    return [None, where] if isinstance(where, int) else [where, 0]


def plot_data(page, where: Where = 0) -> list[dict] | None:
    """Traces (name, type, uid, x, y, text, marker colour, visible) of one plotly chart.

    ``where`` is the chart's index among all ``.js-plotly-plot`` elements, or a CSS
    selector of the chart or of a widget holding it (e.g. ``".rt-setup-chart"``).
    ``None`` when that chart is absent or not drawn yet.
    """
    return page.evaluate(_PLOT_DATA_JS, _where(where))


def wait_plot_data(page, where: Where, timeout: float = RENDER_S) -> list[dict]:
    """Wait until the chart holds at least one trace; return its traces."""
    deadline = time.monotonic() + timeout
    data = None
    while time.monotonic() < deadline:
        data = plot_data(page, where)
        if data:
            return data
        page.wait_for_timeout(100)
    raise TimeoutError(f"chart {where!r} holds no traces after {timeout:.0f} s: {data}")


def plot_count(page) -> int:
    return page.evaluate("() => document.querySelectorAll('.js-plotly-plot').length")


def wait_plot_change(page, where: Where, before, timeout: float = CHANGE_S):
    """Wait until the chart's traces differ from ``before``; return the new traces."""
    deadline = time.monotonic() + timeout
    now = before
    while time.monotonic() < deadline:
        now = plot_data(page, where)
        if now != before and now is not None:
            return now
        page.wait_for_timeout(20)
    raise TimeoutError(f"chart {where!r} did not change within {timeout:.0f} s; still {now}")


_FIGURE_STATE_JS = """
(where) => {
  let p = document.querySelector(where);
  if (p && !p.classList.contains('js-plotly-plot')) p = p.querySelector('.js-plotly-plot');
  if (!p || !Array.isArray(p.data)) return null;
  const arr = (v) => (v != null && typeof v === 'object' && v.length !== undefined ? Array.from(v) : v ?? null);
  const lay = p.layout || {};
  return JSON.stringify({
    traces: p.data.map((t) => [t.meta ?? null, arr(t.x), arr(t.y), arr(t.text), t.visible ?? true,
                               arr(t.marker && t.marker.color)]),
    title: lay.title ?? null, shapes: lay.shapes ?? null, annotations: lay.annotations ?? null,
  });
}
"""


def figure_state(page, where: str) -> str | None:
    """One chart's traces, title, shapes and annotations as a JSON string (``None`` if not drawn).

    ``where`` is a CSS selector of the chart or of a widget holding it.  Two states
    differ whenever the chart redrew with other content, including a moved marker line.
    """
    return page.evaluate(_FIGURE_STATE_JS, where)


_STUB_TYPES = {".css": "text/css", ".js": "application/javascript"}
#: A URL that leaves this machine: http(s) to any host but 127.0.0.1 and localhost.
EXTERNAL_URL = re.compile(r"^https?://(?!(?:127\.0\.0\.1|localhost)(?:[:/]|$))")


def stub_external_requests(context) -> list[str]:
    """Answer every request that leaves 127.0.0.1 with an empty 200, and list them.

    Voila and Lab link optional assets from public CDNs (Font Awesome on jsdelivr).
    The tests must not depend on the network, and an unreachable CDN would show as a
    console error that says nothing about rometools.  The returned list holds the
    stubbed URLs so a test can report them.
    """
    stubbed: list[str] = []

    def handle(route):
        url = route.request.url
        stubbed.append(url)
        suffix = Path(url.split("?")[0]).suffix
        route.fulfill(status=200, body="", content_type=_STUB_TYPES.get(suffix, "text/plain"))

    # Only requests that leave 127.0.0.1 reach this process: Playwright matches a regular
    # expression in the driver, so the page's own requests (about a hundred per Voila page)
    # go straight to the server, as in a designer's browser, and never wait on the test's
    # Python thread (a handler for every request made each page's loading wait for it).
    context.route(EXTERNAL_URL, handle)
    return stubbed


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, timeout=15_000)
    return path


# ----------------------------------------------------------------------- JupyterLab


_LAB_KERNEL_JS = """
() => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  const ctx = w && w.sessionContext;
  const k = ctx && ctx.session && ctx.session.kernel;
  return k ? {connection: k.connectionStatus, status: k.status} : null;
}
"""


def lab_wait_kernel_idle(page, timeout: float = RENDER_S) -> None:
    """Wait until the current notebook's session kernel is connected and idle.

    The toolbar reads "idle" before a kernel exists, so the session itself is polled.
    """
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = page.evaluate(_LAB_KERNEL_JS)
        if state == {"connection": "connected", "status": "idle"}:
            return
        page.wait_for_timeout(250)
    raise TimeoutError(f"JupyterLab kernel not connected+idle within {timeout:.0f} s: {state}")


def lab_run_all(page) -> None:
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


@contextlib.contextmanager
def browser_page(chromium, test_name: str):
    """A page in a fresh browser context, as the browser tests use it.

    Requests that leave 127.0.0.1 get an empty answer (``page.stubbed_requests``
    lists them); ``page.console_log`` records console errors. Nothing in the page is
    given more time than in a designer's browser. On leaving, a full-page screenshot
    goes to ``artifacts/<test_name>.png``, the context closes and the kernels the page
    used are asked to shut down (:func:`shut_down_kernels_soon`: the next test does not wait
    for the server's answer).
    """
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    stubbed = stub_external_requests(context)
    pg = context.new_page()
    pg.stubbed_requests = stubbed
    pg.console_log = ConsoleLog(pg)
    kernels = watch_kernels(pg)
    try:
        yield pg
    finally:
        try:
            screenshot(pg, re.sub(r"[^A-Za-z0-9_.-]+", "_", test_name).strip("_"))
        except Exception as exc:  # a screenshot must not hide the real failure
            print(f"screenshot failed: {exc!r}")
        context.close()
        shut_down_kernels_soon(kernels)
