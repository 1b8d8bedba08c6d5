"""The designer app's token never reaches a process list or a log (issue 34, item 6)."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[1]


def _load_app_config():
    namespace = {"c": Config(), "__file__": str(ROOT / "app" / "voila.py")}
    exec(compile((ROOT / "app" / "voila.py").read_text(encoding="utf-8"), "app/voila.py", "exec"), namespace)
    return namespace


def test_every_log_record_has_the_token_hidden():
    """Records are redacted when made (the record factory), whatever logger or handler then
    writes them: a Dask or tornado logger that does not propagate is covered as well."""
    before = logging.getLogRecordFactory()
    try:
        config = _load_app_config()
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


def test_the_logout_page_can_render():
    """jupyter_server's logout page links the favicon with ``static_url``: Voila's application needs a
    ``static_path`` for it, else /logout answered 500 (checked in a real server by the browser stage's
    app test; here, that the setting is given and names a folder holding the favicon)."""
    config = _load_app_config()["c"]
    static = Path(config.Voila.tornado_settings["static_path"])
    assert (static / "favicon.ico").is_file()
