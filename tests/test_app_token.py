"""The designer app's token never reaches a process list or a log (issue 34, item 6)."""

from __future__ import annotations

import json
import logging
import os
import re
import string
from pathlib import Path

import pytest
from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[1]


def _load_app_config(monkeypatch=None):
    """app/voila.py run as Voila runs it; with ``monkeypatch``, what it changes in this process (the
    environment's JUPYTER_PATH, Voila's handler list) is put back after the test."""
    if monkeypatch is not None:
        from voila.app import Voila

        monkeypatch.setenv("JUPYTER_PATH", os.environ.get("JUPYTER_PATH", ""))
        monkeypatch.setattr(Voila, "init_handlers", Voila.init_handlers)
    namespace = {"c": Config(), "__file__": str(ROOT / "app" / "voila.py")}
    exec(compile((ROOT / "app" / "voila.py").read_text(encoding="utf-8"), "app/voila.py", "exec"), namespace)
    return namespace


def test_every_log_record_has_the_token_hidden(monkeypatch):
    """Records are redacted when made (the record factory), whatever logger or handler then
    writes them: a Dask or tornado logger that does not propagate is covered as well."""
    before = logging.getLogRecordFactory()
    try:
        config = _load_app_config(monkeypatch)
        made = [logging.getLogger(name).makeRecord(name, level, __file__, 1, message, args, None)
                for name, level, message, args in (
                    ("tornado.access", logging.WARNING, "404 GET %s (::1)", ("/voila/render/x.ipynb?token=s3cret-Tok_en",)),
                    ("ServerApp", logging.ERROR, "headers: %s", ({"Referer": "http://127.0.0.1:8866/?token=s3cret"},)),
                    ("Voila", logging.INFO, "Authorization: token s3cret", ()))]
        text = "\n".join(r.getMessage() for r in made)
        assert "s3cret" not in text and text.count("[hidden]") == 3
        assert config["redact_token"]("a?x=1&token=abc&y=2") == "a?x=1&token=[hidden]&y=2"
    finally:
        logging.setLogRecordFactory(before)


def test_make_app_never_puts_the_token_on_a_command_line():
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\napp:", 1)[1].split("\n\n", 1)[0]
    assert "$(APP_TOKEN)" not in recipe, "make expands $(APP_TOKEN) into the shell's command line (ps shows it)"
    assert re.search(r"JUPYTER_TOKEN=\"\$\$token\"", recipe) and "exec $(BIN)/python app/serve.py" in recipe
    serve = (ROOT / "app" / "serve.py").read_text(encoding="utf-8")
    assert 'os.environ.get("JUPYTER_TOKEN"' in serve and "--token" not in serve.replace("--Voila.auto_token", "")


def test_the_logout_page_can_render(monkeypatch):
    """jupyter_server's logout page links the favicon with ``static_url``: Voila's application needs a
    ``static_path`` for it, else /logout answered 500 (checked in a real server by the browser stage's
    app test; here, that the setting is given and names a folder holding the favicon)."""
    config = _load_app_config(monkeypatch)["c"]
    static = Path(config.Voila.tornado_settings["static_path"])
    assert (static / "favicon.ico").is_file()


@pytest.mark.parametrize("char", [c for c in string.printable if not c.isspace()])
def test_the_redaction_hides_a_token_of_any_character(monkeypatch, char):
    """Issue 47, item 14: the pattern knew only ``[A-Za-z0-9_-.~%]``, so a token holding ``+``, ``/``,
    ``=``, ``!`` or ``@`` (``JUPYTER_TOKEN`` is the designer's to choose) showed its tail in a log.
    Every printable character, in every place a token is logged: the query string as sent (quoted)
    and as typed, an Authorization header, JSON; by the patterns alone (the browser tests pass the
    token on Voila's command line) and by the token's own value (``make app`` passes it in the
    environment)."""
    from urllib.parse import quote

    redact = _load_app_config(monkeypatch)["redact_token"]
    token = f"s3c{char}ret{char}Tail"
    places = [f"GET /voila/render/x.ipynb?token={quote(token, safe='')}&v=1 (::1)",
              f"Referer: http://127.0.0.1:8866/voila/render/index.ipynb?token={quote(token, safe='')}",
              json.dumps({"token": token, "kernel": 1})]
    if char not in "\"',;":
        places.append(f"Authorization: token {token}")
    if char not in "&#\"'<>":
        places.append(f"GET /x?token={token}")
    for text in places:   # the patterns alone
        hidden = redact(text, token="")
        assert "ret" not in hidden and "Tail" not in hidden and "[hidden]" in hidden, (text, hidden)
    for text in (*places, f"Authorization: token {token}", f"GET /x?token={token}&y", f"odd {token} place"):
        hidden = redact(text, token=token)   # and the value itself, wherever it stands
        assert "ret" not in hidden and "Tail" not in hidden, (text, hidden)


def test_a_template_static_url_out_of_form_is_a_404_not_a_500(monkeypatch):
    """Issue 47, item 14: Voila's template static handler asserted on the path's form, so
    ``GET /voila/templates/..%2f..%2fetc%2fpasswd`` (no token needed) answered 500 with a traceback.
    The app's handler answers 404 for any path not ``<template>/static/<file>`` and for an unknown
    template, and still serves a template's real files (the browser stage checks it in a real server)."""
    import asyncio

    import tornado.httpclient
    import tornado.httpserver
    import tornado.testing
    import tornado.web

    handler = _load_app_config(monkeypatch)["AppTemplateStaticFiles"]

    async def codes(paths):
        sock, port = tornado.testing.bind_unused_port()
        server = tornado.httpserver.HTTPServer(tornado.web.Application([(r"/voila/templates/(.*)", handler)]))
        server.add_sockets([sock])
        client = tornado.httpclient.AsyncHTTPClient()
        try:
            return {p: (await client.fetch(f"http://127.0.0.1:{port}/voila/templates/{p}", raise_error=False)).code
                    for p in paths}
        finally:
            server.stop()

    got = asyncio.run(codes(["..%2f..%2fetc%2fpasswd", "x", "lab", "nope/static/x", "lab/static/..%2f..%2fx",
                             "lab/nostatic/voila.js", "lab/static/no-such-file.js", "lab/static/voila.js"]))
    assert got.pop("lab/static/voila.js") == 200
    assert set(got.values()) == {404}, got
