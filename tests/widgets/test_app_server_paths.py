"""The designer app never writes, reads or names a path on the server (trial55, HIGH).

Every app page is built as ``app/`` builds it (its :class:`~rometools.core.explorers.ExplorerSpec`'s
``app_args``): it has no box to type a file's path in. The counts editors (Augustus's bag,
IMPERATOR's tiles) offer the mix shown as a download; the boxes that take a game's options (the
balance lab's Options, the playtest's Variant, the studio's Changes and an uploaded variant file)
take a bundled file's name for ``board=`` or ``components=``, never a server path, and say so in the
same words whether that path exists or not.
"""

from __future__ import annotations

import re
import shlex

import pytest

import rometools
from rometools.augustus.components import load_components as load_augustus
from rometools.core.data import load_text
from rometools.core.explorers import explorers
from rometools.imperator.components import load_components as load_imperator
from rometools.widgets import BagExplorer, TileOddsExplorer
from rometools.widgets._html import plain_text

#: A Text box asking for a file on the server reads so: its description or placeholder.
_PATH_WORDS = re.compile(r"\b(file|path|save as)\b", re.IGNORECASE)


def _widgets(root):
    seen, out, todo = set(), [], [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        out.append(w)
        todo.extend(getattr(w, "children", ()) or ())
        view = getattr(w, "view", None)
        if view is not None and view is not w:
            todo.append(view)
    return out


def _path_boxes(explorer) -> list[str]:
    """The text boxes of ``explorer`` that ask for a file's path, by their words."""
    import ipywidgets as widgets

    return [f"{w.description!r} {w.placeholder!r}" for w in _widgets(explorer)
            if isinstance(w, widgets.Text | widgets.Textarea) and _PATH_WORDS.search(f"{w.description} {w.placeholder}")]


def _as_the_app_builds(spec):
    args = eval(f"dict({spec.app_args})")   # the page's own call (app/<page>.ipynb)
    return spec.load()(**{**args, **spec.test_args})


def test_the_path_boxes_are_found_in_a_notebook():
    """The check below can fail: a notebook's explorers have their path boxes."""
    assert _path_boxes(BagExplorer()) == ["'Save as' 'my_bag.toml'"]
    assert _path_boxes(TileOddsExplorer(trials=0)) == ["'Save as' 'my_tiles.toml'"]


@pytest.mark.parametrize("spec", explorers(), ids=lambda s: s.page)
def test_no_app_page_has_a_box_for_a_server_path(spec):
    ex = _as_the_app_builds(spec)
    assert _path_boxes(ex) == []
    editor = getattr(ex, "counts_editor", None)
    if editor is not None:   # every counts editor of the app keeps its mix by a download
        assert editor.files == "upload" and editor._download.button.description == "Download the mix (TOML)"


def _downloaded(editor) -> str:
    """The file a click of the editor's download sends to the page (built at the click)."""
    assert editor._download.download(), plain_text(editor.status.value)
    name, data = editor._download.last
    assert name == editor.file_name
    return data.decode("utf-8")


@pytest.mark.parametrize("make, kind, loader, counted", [
    (lambda: BagExplorer(files="upload"), "joker", load_augustus, lambda c: c.bag),
    (lambda: TileOddsExplorer(trials=0, files="upload"), "propraetor", load_imperator, lambda c: c.kind_counts),
])
def test_in_the_app_the_mix_shown_is_downloaded_and_no_file_is_written(make, kind, loader, counted, tmp_path,
                                                                      monkeypatch):
    monkeypatch.chdir(tmp_path)
    ex = make()
    editor = ex.counts_editor
    published = dict(editor.published)
    assert counted(load_text(loader, _downloaded(editor), "d.toml")) == published
    assert editor.file_name.startswith("my_") and editor._download.button.description == "Download the mix (TOML)"
    assert ex.set_values(counts={kind: 3})
    assert counted(load_text(loader, _downloaded(editor), "d.toml")) == {**published, kind: 3}
    # a refused mix: the first click says so and sends nothing; the next sends the mix the chart shows
    sent = editor._download.sent
    assert not ex.set_values(counts={k: 0 for k in published})
    assert not editor._download.download() and editor._download.sent == sent
    assert plain_text(editor.status.value).startswith("Nothing downloaded: the last value given was refused")
    assert counted(load_text(loader, _downloaded(editor), "d.toml")) == {**published, kind: 3}
    assert editor.status.value == ""
    with pytest.raises(ValueError, match="in the designer app the mix is downloaded"):
        editor.save(tmp_path / "escape.toml")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("make", [BagExplorer, lambda: TileOddsExplorer(trials=0)])
def test_a_name_too_long_is_said_naming_save_as_and_changes_nothing(make, tmp_path):
    ex = make()
    kind = next(iter(ex.counts_editor.boxes))
    assert ex.set_values(counts={kind: ex.counts_editor.published[kind] + 1})
    before = (ex.values(), ex.figure_data(), ex.message)
    ex.counts_editor._path.value = str(tmp_path / ("x" * 300 + ".toml"))
    ex.counts_editor._save.click()
    said = plain_text(ex.counts_editor.status.value)
    assert said.startswith("Save as: cannot write '") and "File name too long; the mix is not saved" in said, said
    assert len(said) < 200, said   # the hostile name cut short
    assert (ex.values(), ex.figure_data(), ex.message) == before
    assert list(tmp_path.iterdir()) == []


def _refusals(set_text, message, existing, missing):
    """The refusals of a server path that exists and one that does not: the same words."""
    said = []
    for path in (existing, missing):
        assert not set_text(path)
        said.append(re.sub(r"got '[^']*'( \(\d+ characters\))?", "got <path>", message()))
    return said


def test_the_balance_lab_in_the_app_reads_bundled_boards_only(tmp_path):
    from rometools.widgets.balance import BalanceExplorer

    existing = tmp_path / "ce_ok.toml"
    existing.write_text((rometools.core.data.bundled_file("caesars_empire", "board_2_3.toml")).read_text())
    ex = BalanceExplorer(games=4, files="upload", run=False)
    a, b = _refusals(lambda p: ex.set_values(options=f"board={p}"), lambda: ex.message, existing,
                     tmp_path / "nowhere" / "x.toml")
    assert a == b and a.startswith("Cannot update: Options A: board= takes a bundled file in the app "
                                   "(board_2_3, board_4_5; or Upload a board): no file on the server is read"), a
    assert not ex.set_values(options="components=/etc/hostname")
    assert "components= takes a bundled file in the app" in ex.message
    assert ex.set_values(players=4, options="board=board_4_5") and ex.run(), ex.message
    board = next(v for label, v in ex._board.options if label == "board_2_3.toml")   # trial55b: said as typed
    assert not ex.set_values(players=3, board=board, options="board=board_4_5")
    assert "Options A board=board_4_5 disagree" in ex.message and "/" not in ex.message.split("disagree")[0], ex.message
    # a notebook still reads a path
    notebook = BalanceExplorer(games=4, players=3, run=False)
    assert notebook.set_values(options=f"board={existing}"), notebook.message


def test_the_playtest_in_the_app_reads_bundled_boards_only(tmp_path):
    from rometools.widgets.playtest import PlaytestReport

    existing = tmp_path / "ce_ok.toml"
    existing.write_text((rometools.core.data.bundled_file("caesars_empire", "board_2_3.toml")).read_text())
    ex = PlaytestReport(players=3, games=6, run=False, files="upload", background=False)
    a, b = _refusals(lambda p: ex.set_values(variant=f"board={p}"), lambda: ex.message, existing,
                     tmp_path / "nowhere" / "x.toml")
    assert a == b and "Variant: board= takes a bundled file in the app (board_2_3, board_4_5)" in a, a
    assert ex.set_values(variant="board=board_2_3")
    assert ex._variant_options()["board"].name == "board_2_3.toml"


def test_the_studio_in_the_app_reads_bundled_boards_only(tmp_path):
    from rometools.widgets.what_if import VariantStudio

    existing = tmp_path / "ce_ok.toml"
    existing.write_text((rometools.core.data.bundled_file("caesars_empire", "board_2_3.toml")).read_text())
    ex = VariantStudio("caesars_empire", files="upload", max_games=20, batch=10)
    a, b = _refusals(lambda p: ex.set_values(changes={"board": str(p)}), lambda: ex.message, existing,
                     tmp_path / "nowhere" / "x.toml")
    assert a == b and "Changes: board= takes a bundled file in the app (board_2_3, board_4_5)" in a, a
    assert ex.set_values(changes={"board": "board_4_5"}, players=4), ex.message
    ex._find.value = "board"   # what the value takes, as the app takes it (trial55b read "its path" there)
    assert "a bundled file (board_2_3, board_4_5)" in ex._table.value and "its path" not in ex._table.value
    notebook = VariantStudio("caesars_empire")
    notebook._find.value = "board"
    assert "a file: its path, or a bundled one (board_2_3, board_4_5)" in notebook._table.value
    # an uploaded variant file naming a server path is refused before anything is read
    text = rometools.Variant("caesars_empire", "x", {"board": str(existing)}).to_toml()
    before = ex.values()
    ex._on_upload({"new": [{"name": "v.toml", "content": text.encode()}]})
    assert "Variant file: v.toml: options: board= takes a bundled file in the app" in ex.message
    assert ex.values() == before


def test_an_uploaded_variant_whose_base_is_a_path_is_told_to_name_a_bundled_file(tmp_path):
    """Trial (MEDIUM): a variant file whose edited file's ``base =`` is a path was told to give a path (a missing
    one) or loaded it (one on the server); the app takes a bundled file's name there, said the same either way."""
    from rometools.widgets.what_if import VariantStudio

    bundled = rometools.core.data.bundled_file("caesars_empire", "components.toml")
    existing = tmp_path / "components.toml"
    existing.write_text(bundled.read_text())
    ex = VariantStudio("pig", files="upload")
    before = ex.values()
    said = []
    for base in (existing, tmp_path / "nowhere" / "c.toml", bundled):
        text = ('[variant]\ngame = "caesars_empire"\nname = "x"\nformat = 1\n\n[edits.components]\n'
                f'base = "{base}"\nset = {{ "tables.gold.points" = [0, 4, 9, 16, 16, 16, 16, 16] }}\n')
        ex._on_upload({"new": [{"name": "v.toml", "content": text.encode()}]})
        said.append(re.sub(r"got '[^']*'( \(\d+ characters\))?", "got <path>", ex.message))
        assert ex.values() == before
    assert said[0] == said[1] == said[2] == (
        "Cannot update: Variant file: v.toml: edits.components.base takes a bundled file's name in the app "
        "(components): no file on the server is read, got <path> (the question and the results stay as they were)")
    for base in ("components.toml", "components"):   # a bundled file's name loads
        text = ('[variant]\ngame = "caesars_empire"\nname = "x"\nformat = 1\n\n[edits.components]\n'
                f'base = "{base}"\nset = {{ "tables.gold.points" = [0, 4, 9, 16, 20, 20, 20, 20] }}\n')
        ex._clear_upload()
        ex._on_upload({"new": [{"name": "v.toml", "content": text.encode()}]})
        assert ex.message == "" and ex.values()["changes"] == {
            "components:tables.gold.points": [0, 4, 9, 16, 20, 20, 20, 20]}, ex.message


def test_the_studio_says_the_command_with_the_path_as_saved(tmp_path, monkeypatch):
    import os
    import sys
    from pathlib import Path

    from rometools.widgets.what_if import VariantStudio

    # even a kernel whose PATH finds its own rometools (its folder first, as ``make lab`` starts the server)
    # names the script's whole path: the designer's shell's PATH is not the kernel's (trial58)
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    own = shlex.quote(str(Path(sys.executable).with_name("rometools")))
    ex = VariantStudio("via_romana", players=3, changes={"hand": 5})
    folder = tmp_path / "my lab"
    folder.mkdir()
    for where in (folder / "lab_saved.toml", tmp_path / "lab_saved.toml"):
        ex._file.value = str(where)
        ex._save_button.click()
        said = plain_text(ex._file_status.value)
        assert said.endswith(f"play it with {own} simulate --variant {shlex.quote(str(where))}"), said
        assert where.exists()
    assert "'" in shlex.quote(str(folder / "lab_saved.toml"))   # the folder's space is quoted
    # a name alone is saved in the kernel's folder (a notebook's): the command names the whole path (trial57)
    monkeypatch.chdir(folder)
    ex._file.value = "bare.toml"
    ex._save_button.click()
    said = plain_text(ex._file_status.value)
    assert said.startswith("Saved bare.toml: ") and said.endswith(
        f"play it with {own} simulate --variant {shlex.quote(str((folder / 'bare.toml').resolve()))}"), said


def test_the_saved_variants_command_runs_as_printed_in_a_shell_without_the_venv_on_its_path(tmp_path, monkeypatch):
    """Trial 58 (MEDIUM): after Save the studio printed "play it with rometools simulate --variant ...",
    and JupyterLab's terminal (PATH without .venv/bin) answered "rometools: command not found". Where
    the shell would not find this kernel's rometools, the line names its whole path, and runs."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from rometools.core.variant_file import rometools_command
    from rometools.widgets.what_if import VariantStudio

    own = Path(sys.executable).with_name("rometools")
    assert own.is_file()
    bare = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                           if p and not (Path(p) / "rometools").exists())
    monkeypatch.setenv("PATH", bare or "/usr/bin:/bin")
    assert rometools_command() == shlex.quote(str(own))
    ex = VariantStudio("via_romana", players=3, changes={"hand": 5})
    ex._file.value = str(tmp_path / "hand5.toml")
    ex._save_button.click()
    said = plain_text(ex._file_status.value)
    command = said.partition("or play it with ")[2]
    assert command == f"{shlex.quote(str(own))} simulate --variant {shlex.quote(str(tmp_path / 'hand5.toml'))}"
    ran = subprocess.run(command + " --games 2 --quiet", shell=True, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PATH": bare or "/usr/bin:/bin"})
    assert ran.returncode == 0 and "command not found" not in ran.stderr, ran.stderr
    # the same where the kernel's own PATH finds it: the kernel's PATH is the server's, not the shell's
    monkeypatch.setenv("PATH", str(own.parent) + os.pathsep + (bare or "/usr/bin:/bin"))
    assert rometools_command() == shlex.quote(str(own))


def test_the_apps_download_tooltip_and_the_reports_line_name_the_scripts_whole_path():
    """The designer app's Save tooltip and a variant report's reproduce line said a bare ``rometools``,
    which a shell without ``.venv/bin`` on its PATH does not find (trial58): both name the script beside
    the interpreter, as the studio's Save line does."""
    import html
    import sys
    from pathlib import Path

    from rometools.charts.report_text import run_description
    from rometools.core.variants import Variant
    from rometools.widgets.what_if import VariantStudio

    own = shlex.quote(str(Path(sys.executable).with_name("rometools")))
    ex = VariantStudio("via_romana", players=3, changes={"hand": 5}, files="upload")
    tip = ex._download.button.tooltip
    assert tip.endswith(f"or play it with {own} simulate --variant FILE"), tip
    text = "".join(run_description(Variant("via_romana", "hand 5", {"players": 3, "hand": 5}).load(), 7, "greedy", 20))
    assert f"run <code>{html.escape(own)} report --variant variant.toml --games 20 --seed 7 --bots greedy</code>" in text
