"""The app's downloads are built at the click, from the boxes then (fresh-user trial, HIGH).

A download drawn as a ``data:`` link held the file of the values before the last one typed: a box
syncs on blur, and a click on the link right after typing (no Enter, no Tab) downloaded the old
link before the kernel heard the new value. Now the download is a button whose click the kernel
hears after the box's change (one channel, in order): these tests set a box as the page sends it,
click, and read the file the kernel sends to the page to save (the browser test,
``tests/browser/test_download_typed_then_clicked.py``, types and clicks in Chromium).
"""

from __future__ import annotations

import hashlib

import pytest

from rometools import Variant
from rometools.augustus.components import load_components as load_augustus
from rometools.core.data import load_text
from rometools.imperator.components import load_components as load_imperator
from rometools.widgets import BagExplorer, TileOddsExplorer
from rometools.widgets._base import plain_text
from rometools.widgets._download import DownloadButton
from rometools.widgets.what_if import VariantStudio


def _sent(button: DownloadButton) -> list[tuple[dict, list]]:
    """Record what the button sends to the page: each message with its buffers."""
    sent: list[tuple[dict, list]] = []
    button.source.send = lambda content, buffers=None: sent.append((content, list(buffers or ())))
    return sent


@pytest.mark.parametrize("make, kind, loader, counted", [
    (lambda: BagExplorer(files="upload"), "joker", load_augustus, lambda c: c.bag),
    (lambda: TileOddsExplorer(trials=0, files="upload"), "propraetor", load_imperator, lambda c: c.kind_counts),
])
def test_the_mix_downloaded_is_the_boxes_at_the_click(make, kind, loader, counted):
    ex = make()
    editor = ex.counts_editor
    sent = _sent(editor._download)
    editor.boxes[kind].value = 3                 # the page syncs the box as the click blurs it...
    editor._download.button.click()              # ...and then sends the click
    (content, buffers), = sent
    assert content == {"kind": "file", "id": 1, "name": editor.file_name, "mime": "application/toml"}
    mix = counted(load_text(loader, buffers[0].decode("utf-8"), "d.toml"))
    assert mix == {**editor.published, kind: 3}
    editor.boxes[kind].value = 4                 # a second edit, a second click: the file follows
    editor._download.button.click()
    assert [c["id"] for c, _ in sent] == [1, 2]
    assert counted(load_text(loader, sent[1][1][0].decode("utf-8"), "d.toml"))[kind] == 4
    assert editor._download.last == (editor.file_name, sent[1][1][0]) and editor.status.value == ""


@pytest.mark.parametrize("make, kind, loader, counted", [
    (lambda: BagExplorer(files="upload"), "joker", load_augustus, lambda c: c.bag),
    (lambda: TileOddsExplorer(trials=0, files="upload"), "propraetor", load_imperator, lambda c: c.kind_counts),
])
def test_a_count_refused_as_typed_downloads_nothing_and_says_so(make, kind, loader, counted):
    ex = make()
    editor = ex.counts_editor
    sent = _sent(editor._download)
    editor.boxes[kind].value = 2
    editor.boxes[kind].value = 999               # typed, refused: the box goes back to 2
    assert editor.boxes[kind].value == 2 and ex.message.startswith("Cannot update: ")
    editor._download.button.click()
    assert sent == []
    said = plain_text(editor.status.value)
    assert said == ("Nothing downloaded: the last value given was refused (the message says why); press "
                    "Download the mix (TOML) again to download what the controls show now"), said
    assert "rt-error" in editor.status.value
    editor._download.button.click()              # said once: the next click downloads what the boxes show
    (content, buffers), = sent
    assert counted(load_text(loader, buffers[0].decode("utf-8"), "d.toml"))[kind] == 2
    assert editor.status.value == ""
    editor.boxes[kind].value = 999               # a new refusal, worded as the last one: said again
    editor._download.button.click()
    assert len(sent) == 1 and plain_text(editor.status.value).startswith("Nothing downloaded: ")


def test_a_mix_the_rules_refuse_at_the_click_downloads_nothing():
    """A mix whose check fails (built from boxes set around the explorer, as no page does) is said, not sent."""
    ex = BagExplorer(files="upload")
    editor = ex.counts_editor
    sent = _sent(editor._download)
    with ex.holding():
        for kind in editor.boxes:
            editor.boxes[kind].value = 0
    editor._download.button.click()
    assert sent == []
    assert plain_text(editor.status.value).startswith("Nothing downloaded: ") and "no tokens at all" in \
        plain_text(editor.status.value)


def test_the_studio_saves_the_changes_and_name_as_the_boxes_hold_them_at_the_click():
    ex = VariantStudio("pig", files="upload")
    sent = _sent(ex._download)
    ex._changes_box.value = "target = 80"        # each synced on the click's blur, then the click
    ex._name.value = "eighty"
    ex._download.button.click()
    (content, buffers), = sent
    assert content["name"] == "eighty.toml"
    saved = Variant.from_toml(buffers[0].decode("utf-8"))
    assert (saved.game, saved.name, dict(saved.options)) == ("pig", "eighty", {"players": 2, "target": 80})
    ex._name.value = ""                          # no name: the changes in words name the file
    ex._download.button.click()
    assert sent[1][0]["name"] == f"target_80_{hashlib.sha256(sent[1][1][0]).hexdigest()[:8]}.toml"


def test_the_studio_refuses_changes_refused_as_typed_and_sends_nothing():
    ex = VariantStudio("pig", files="upload")
    sent = _sent(ex._download)
    ex._changes_box.value = "target = 0"         # refused, and kept in the box to mend
    assert ex.message.startswith("Cannot update: Changes: target must be a whole number")
    for _ in range(2):                           # never sent, whatever the clicks: the box holds it
        ex._download.button.click()
        assert sent == []
        said = plain_text(ex._file_status.value)
        assert said.startswith("Nothing downloaded: the refusal the message shows still stands"), said
    ex._changes_box.value = "target = 90"
    ex._download.button.click()
    assert Variant.from_toml(sent[0][1][0].decode("utf-8")).options["target"] == 90


def test_the_page_saying_it_saved_is_counted():
    b = DownloadButton("Save", lambda: ("a.txt", b"a"), mime="text/plain")
    _sent(b)
    assert b.download()
    b._on_message(b.source, {"kind": "saved", "id": 1})
    b._on_message(b.source, {"kind": "other"})
    assert (b.sent, b.saved) == (1, 1)


def test_a_refused_upload_does_not_hold_back_the_next_save():
    """A file refused (an upload) leaves every control as it was: the next click saves what they show
    (it said "Nothing downloaded: the last value given was refused" and saved nothing; trial56a)."""
    ex = VariantStudio("pig", files="upload")
    sent = _sent(ex._download)
    ex._changes_box.value = "target = 80"
    text = '[variant]\ngame = "pig"\nname = "x"\nformat = 1\n\n[options]\ntarget = 0\n'
    ex._on_upload({"new": [{"name": "v.toml", "content": text.encode()}]})
    assert ex.message.startswith("Cannot update: Variant file: v.toml")
    ex._download.button.click()
    (content, buffers), = sent
    assert Variant.from_toml(buffers[0].decode("utf-8")).options["target"] == 80
    ex._changes_box.value = "target = 0"          # a value refused, then mended: the click saves the mended one
    ex._changes_box.value = "target = 70"
    ex._download.button.click()
    assert Variant.from_toml(sent[1][1][0].decode("utf-8")).options["target"] == 70


def test_a_refusal_the_message_shows_is_not_said_again_by_the_download():
    """Trial (LOW): refused Changes, then Save, said the refusal twice: "Cannot update: Changes: ..." in
    the message and "Nothing downloaded: Changes: ..." on the file line. The file line now points at it."""
    ex = VariantStudio("pig", files="upload")
    sent = _sent(ex._download)
    ex._changes_box.value = "target = -5"
    refusal = "Changes: target must be a whole number 1 to 10,000, got -5"
    assert ex.message.startswith(f"Cannot update: {refusal}")
    ex._download.button.click()
    assert sent == [] and ex.message.startswith(f"Cannot update: {refusal}")
    assert plain_text(ex._file_status.value) == ("Nothing downloaded: the refusal the message shows still stands; "
                                                 "mend it, then press Save the variant (TOML) again")
    ex._changes_box.value = "target = 80"
    ex._download.button.click()
    assert len(sent) == 1 and plain_text(ex._file_status.value) == ""
