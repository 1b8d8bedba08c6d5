"""Start the designer app (``make app``): Voila on the app's notebooks, the URL printed once it answers.

The notebooks are written first, from the registry (``rometools.widgets.app.write_app``): a page
for every explorer a game declares, and the index.

Voila takes from a few seconds to a minute (a busy machine) to listen; a URL printed before
that leads a designer to "This site can't be reached". So this starts Voila, asks
``http://<ip>:<port>/`` until the server answers (any HTTP status: without the token it
refuses, which is an answer), and only then prints the URL with the token. The token comes
in the environment (``JUPYTER_TOKEN``), never on a command line (``ps`` would show it).
Ctrl-C, or a signal to this process, stops Voila and its kernels.

Run by ``make app``::

    JUPYTER_TOKEN=... python app/serve.py --ip 127.0.0.1 --port 8866 [voila options...]

Exit status: Voila's, or 1 if it stops before answering (its output says why), or 2 if it
does not answer within ``--wait`` seconds.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent


def answers(url: str) -> bool:
    """Whether an HTTP server answers at ``url`` (any status counts; a refused connection does not)."""
    request = urllib.request.Request(url, method="GET")
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except (urllib.error.URLError, OSError):
        return False


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--wait", type=float, default=300.0, help="seconds to wait for Voila to answer")
    args, voila_args = parser.parse_known_args(argv)
    token = os.environ.get("JUPYTER_TOKEN", "")
    if not token:
        print("serve.py: JUPYTER_TOKEN is not set; the app never runs without a token", file=sys.stderr)
        return 2
    from rometools.widgets.app import write_app

    pages = write_app(HERE)  # a page per declared explorer, and the index: rometools.widgets.app
    print(f"Wrote the app's {len(pages)} pages into {HERE}.", flush=True)
    host = f"[{args.ip}]" if ":" in args.ip else args.ip
    base = f"http://{host}:{args.port}"
    voila = Path(sys.executable).parent / "voila"
    cmd = [str(voila), "--no-browser", f"--Voila.ip={args.ip}", f"--port={args.port}", "--Voila.port_retries=0",
           "--Voila.auto_token=True", f"--Voila.root_dir={HERE}", f"--Voila.config_file_paths={HERE}",
           "--VoilaConfiguration.show_tracebacks=False",
           "--MappingKernelManager.cull_idle_timeout=900", "--MappingKernelManager.cull_interval=60",
           *voila_args]
    print(f"Starting the rometools designer app on {base} ...", flush=True)
    started = time.monotonic()
    proc = subprocess.Popen(cmd, start_new_session=True)  # its own group: its kernels stop with it

    def stop(_signum=None, _frame=None) -> None:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    try:
        while not answers(f"{base}/"):
            if proc.poll() is not None:
                print(f"Voila stopped before it answered (exit code {proc.returncode}); see its output above.",
                      file=sys.stderr)
                return 1
            if time.monotonic() - started > args.wait:
                print(f"Voila did not answer on {base} within {args.wait:.0f} s; stopping it.", file=sys.stderr)
                stop()
                proc.wait(timeout=30)
                return 2
            time.sleep(0.2)
        print(f"rometools designer app, ready after {time.monotonic() - started:.1f} s; open:", flush=True)
        print(f"    {base}/voila/render/index.ipynb?token={token}", flush=True)
        print("Stop it with Ctrl-C.", flush=True)
        return proc.wait()
    except KeyboardInterrupt:
        stop()
        try:
            return proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            return proc.wait()
    finally:
        if proc.poll() is None:
            stop()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)


if __name__ == "__main__":
    raise SystemExit(main())
