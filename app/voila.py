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

TOKEN_IN_TEXT = re.compile(r"(token=|[Tt]oken\s+|\"token\":\s*\")[A-Za-z0-9_\-.~%]+")


def redact_token(text: str) -> str:
    """``text`` with every token value replaced by ``[hidden]`` (``?token=abc`` -> ``?token=[hidden]``)."""
    return TOKEN_IN_TEXT.sub(r"\1[hidden]", text)


_make_record = logging.getLogRecordFactory()


def _redacted_record(*args, **kwargs):
    record = _make_record(*args, **kwargs)
    try:
        text = record.getMessage()
    except Exception:  # noqa: BLE001 - a record whose arguments do not fit its message is left alone
        return record
    if "oken" in text:
        record.msg, record.args = redact_token(text), None
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
