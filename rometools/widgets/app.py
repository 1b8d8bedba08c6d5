"""The designer app's pages, made from the registry: one page per declared explorer, and the index.

``make app`` serves the notebooks of ``app/`` with Voila. They are not written by hand: each
game declares its explorers on its ``GameSpec`` (:class:`~rometools.core.explorers.ExplorerSpec`:
the class by name, the page's name, heading and text, the arguments the page makes it with)
and the explorers of no one game are registered in :mod:`rometools.core.explorers`, so
:func:`write_app` writes a page for every one of them and an index linking each under its
game's title, for the bundled games and any game installed beside them (``examples/pig``)
alike. ``app/serve.py`` writes them before it starts Voila; the browser tests before they
start theirs. Pages are plain notebooks without outputs (nbformat 4.5), written only when
their text changes.

Examples
--------
>>> pages = app_pages()
>>> "index.ipynb" in pages and "caesars_empire_board.ipynb" in pages and "pig_playout.ipynb" in pages
True
>>> print(pages["caesars_empire_board.ipynb"]["cells"][1]["source"])
from rometools.widgets.caesars_empire_board import BoardExplorer
<BLANKLINE>
BoardExplorer(files="upload", width=1160)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rometools.core.explorers import ExplorerSpec, explorers, general_explorers
from rometools.core.registry import game_spec, games

__all__ = ["INDEX", "app_pages", "page_notebook", "write_app"]

#: The index page's file name.
INDEX = "index.ipynb"
#: Metadata key that marks a notebook as written here (a stale one is removed by :func:`write_app`).
MARK = "rometools_app_page"


def _notebook(cells: list[dict[str, Any]]) -> dict[str, Any]:
    return {"cells": cells,
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}, MARK: True},
            "nbformat": 4, "nbformat_minor": 5}


def _markdown(cell_id: str, text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text}


def _code(cell_id: str, text: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": {}, "outputs": [],
            "source": text}


def page_notebook(spec: ExplorerSpec) -> dict[str, Any]:
    """The app page of one explorer: its heading and text, then the call that displays it."""
    text = f"# {spec.heading}\n\n{spec.description} [All explorers]({INDEX})"
    code = f"from {spec.module} import {spec.name}\n\n{spec.name}({spec.app_args})"
    return _notebook([_markdown(f"{spec.page}-text"[:64], text), _code(f"{spec.page}-explorer"[:64], code)])


def _index() -> dict[str, Any]:
    lines = ["# rometools designer app", "",
             "Explorers for every registered game, with its bundled component data. Open one; change a control; "
             "the chart redraws. No code needed."]
    for gid in games():
        spec = game_spec(gid)
        if spec.explorers:
            lines += ["", f"## {spec.title}", ""]
            lines += [f"- [{e.title}]({e.page}.ipynb): {e.summary}" for e in spec.explorers]
    general = general_explorers()
    if general:
        lines += ["", "## Every game", ""]
        lines += [f"- [{e.title}]({e.page}.ipynb): {e.summary}" for e in general]
    lines += ["", "<small>Served by `make app`. Use your browser's Back button to return to this list.</small>"]
    return _notebook([_markdown("index", "\n".join(lines))])


def app_pages() -> dict[str, dict[str, Any]]:
    """``{file name: notebook}``: the index, then a page for every declared explorer.

    Raises
    ------
    ValueError
        If two explorers declare the same page.
    """
    import rometools.widgets  # noqa: F401 - registers the explorers of no one game

    return {INDEX: _index(), **{f"{e.page}.ipynb": page_notebook(e) for e in explorers()}}


def write_app(folder: str | os.PathLike[str]) -> list[Path]:
    """Write the app's pages into ``folder``; remove the pages written earlier for no explorer now.

    Returns
    -------
    list of Path
        Every page of the app (written now or already up to date).
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    pages = app_pages()
    written = []
    for name, notebook in pages.items():
        path = folder / name
        text = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    for path in folder.glob("*.ipynb"):
        if path.name not in pages:
            try:
                stale = json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get(MARK)
            except (OSError, ValueError):
                stale = False
            if stale:
                path.unlink()
    return written
