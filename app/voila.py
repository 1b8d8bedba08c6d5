"""Voila's configuration for the designer app: ``make app`` reads it (``--Voila.config_file_paths=app``).

A closed or reloaded tab asks Voila to shut its kernel down: a ``sendBeacon``
POST to ``/voila/api/shutdown/<kernel>`` carrying the page's ``_xsrf`` cookie.
Voila's notebook page never sets that cookie, so under token auth every such
request was refused (403, "'_xsrf' argument missing from POST") and each closed
tab left its kernel running, about 170 MB, until the idle cull 15 minutes later.
The prelaunch hook reads the page request's XSRF token, which makes tornado set
the cookie on the page, so the tab's request passes the XSRF check as any
Jupyter form does (the check itself is unchanged).

The app's pages draw every chart through rometools' own chart view (plotly.js sent once
by the kernel, ``rometools/widgets/_charts.py``); none shows plotly's mime output. So the
jupyterlab-plotly extension is not loaded: otherwise every page fetched and compiled its
4.6 MB bundle for nothing, and under load that fetch timed out (``ChunkLoadError: Loading
chunk 0 failed``, an error on a page whose charts were fine).
"""


def _set_xsrf_cookie(handler, notebook, cwd):
    """Voila's prelaunch hook: give the page its ``_xsrf`` cookie; the notebook is left as it is."""
    handler.xsrf_token  # noqa: B018 - tornado sets the cookie when the token is first read
    return None


c.VoilaConfiguration.prelaunch_hook = _set_xsrf_cookie  # noqa: F821 - ``c``: the config traitlets hands a config file
c.VoilaConfiguration.extension_denylist = ["jupyterlab-plotly"]  # noqa: F821 - see above


# ----------------------------------------------------------------- the token never in a log
# jupyter_server scrubs the token from the request line it logs, but a 4xx/5xx record also
# carries the request's headers (a Referer with ``?token=...``), and other loggers echo URLs.
# Every log record of this process is redacted when it is made, whatever logger or handler.
import logging  # noqa: E402 - the config file's own helpers follow its settings
import re  # noqa: E402

# A token may hold any character (``JUPYTER_TOKEN`` is the designer's choice): each pattern hides
# everything up to what ends the value where it stands, not a guessed alphabet (``+``, ``/``, ``=``,
# ``!`` and ``@`` slipped through one). A JSON string ends at its own closing quote (``\\.`` keeps an
# escaped one inside).
TOKEN_IN_TEXT = re.compile(
    r"""(token=)[^&\s"'<>#]+"""                       # a query string or a form: ?token=...&
    r"""|([Tt]oken\s+)[^\s"',;]+"""                  # an Authorization header: token ...
    r"""|((["'])token\4\s*:\s*(["']))(?:(?!\5)[^\\]|\\.)+""")   # JSON or a dict's repr: "token": "..."


def redact_token(text: str, token: str | None = None) -> str:
    """``text`` with every token value replaced by ``[hidden]`` (``?token=abc`` -> ``?token=[hidden]``).

    ``token`` (default: ``JUPYTER_TOKEN``, as ``make app`` passes it): its value, and its URL-quoted
    form, are hidden wherever they stand, in any context the patterns do not know.
    """
    import os
    from urllib.parse import quote

    token = os.environ.get("JUPYTER_TOKEN", "") if token is None else token
    if len(token) >= 4:  # the value first: a pattern that stops inside it would leave its tail
        for form in sorted({token, quote(token, safe=""), quote(token)}, key=len, reverse=True):
            text = text.replace(form, "[hidden]")
    return TOKEN_IN_TEXT.sub(lambda m: next(g for g in m.groups()[:3] if g is not None) + "[hidden]", text)


_make_record = logging.getLogRecordFactory()


def _redacted_record(*args, **kwargs):
    record = _make_record(*args, **kwargs)
    try:
        text = record.getMessage()
    except Exception:  # noqa: BLE001 - a record whose arguments do not fit its message is left alone
        return record
    hidden = redact_token(text)
    if hidden != text:
        record.msg, record.args = hidden, None
    return record


logging.setLogRecordFactory(_redacted_record)


# ----------------------------------------------------------------- /logout answers
# jupyter_server's logout page (a token user's "Log out") renders a template that links
# the favicon with ``static_url``; Voila's tornado application has no ``static_path``, so
# the page failed with 500. jupyter_server's own static folder gives it one.
def _jupyter_server_static() -> str:
    from jupyter_server import DEFAULT_STATIC_FILES_PATH

    return DEFAULT_STATIC_FILES_PATH


c.Voila.tornado_settings = {"static_path": _jupyter_server_static()}  # noqa: F821


# ----------------------------------------------------------------- Font Awesome from this server
# Voila's lab page linked Font Awesome (ipywidgets' button and upload icons) from a public CDN:
# offline, two console errors and no icons; online, every page told another host it was opened.
# The app's template (app/share/jupyter/voila/templates/rometools: Voila's lab page with those two
# links pointed here) and the installed ``fontawesome-free`` package's files, served under
# /voila/fontawesome/ (public files, as Voila's own /voila/static/ is).
import os  # noqa: E402
from pathlib import Path  # noqa: E402

import tornado.web  # noqa: E402
from voila.app import Voila  # noqa: E402
from voila.static_file_handler import TemplateStaticFileHandler  # noqa: E402

APP = Path(__file__).resolve().parent
_jupyter_path = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
if str(APP / "share" / "jupyter") not in _jupyter_path:  # where Voila finds the app's template
    os.environ["JUPYTER_PATH"] = os.pathsep.join([str(APP / "share" / "jupyter"), *_jupyter_path])
c.VoilaConfiguration.template = "rometools"  # noqa: F821
#: Where the app's template points the page's two Font Awesome style sheets.
FONT_AWESOME_URL = "voila/fontawesome/"


def font_awesome_folder() -> str:
    """The folder of the installed Font Awesome Free (``css/``, ``webfonts/``)."""
    from importlib.metadata import distribution

    return str(distribution("fontawesome-free").locate_file("fontawesome-free/static/fontawesome_free"))


# ----------------------------------------------------------------- a malformed template URL is a 404
# Voila's /voila/templates/<template>/static/<file> handler unpacked and asserted on the path, so
# /voila/templates/..%2f..%2fetc%2fpasswd (or any path without /static/, or an unknown template)
# answered 500 with a traceback in the log, before any token check. Nothing was served, but a
# server error is not an answer to a request for nothing: 404, as for any missing file.
class AppTemplateStaticFiles(TemplateStaticFileHandler):
    """Voila's template static files; a path not of the form ``<template>/static/<file>`` is a 404."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/")
        if len(parts) < 3 or parts[1] != "static" or any(p in ("", ".", "..") for p in parts) or "\\" in path:
            raise tornado.web.HTTPError(404)
        try:
            return super().parse_url_path(path)
        except (ValueError, AssertionError):  # an unknown template: Voila's path search refuses the name
            raise tornado.web.HTTPError(404) from None


_voila_handlers = getattr(Voila.init_handlers, "__wrapped__", Voila.init_handlers)  # read twice, wrapped once


def _app_handlers(self) -> list:
    """Voila's handlers, its template static files through :class:`AppTemplateStaticFiles`, and Font
    Awesome's files (Voila's application takes no handler from its configuration)."""
    handlers = [(h[0], AppTemplateStaticFiles, *h[2:]) if h[1] is TemplateStaticFileHandler else h
                for h in _voila_handlers(self)]
    fonts = (self.server_url.rstrip("/") + "/" + FONT_AWESOME_URL + "(.*)", tornado.web.StaticFileHandler,
             {"path": font_awesome_folder()})
    return [fonts, *handlers]


_app_handlers.__wrapped__ = _voila_handlers
Voila.init_handlers = _app_handlers
