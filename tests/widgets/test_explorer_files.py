"""Board and saved-game files in an explorer: typed paths (a notebook) and uploads (the app).

A typed path reads only a regular file under the size limit, within a timeout; a
failed load keeps the typed path and changes nothing; an upload is checked the
same way and its errors name the uploaded file, never a server path.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from readability_checks import PAYLOAD, raw_html  # noqa: E402

from rometools.caesars_empire import GameConfig, play_game, to_json, turn_states  # noqa: E402
from rometools.caesars_empire.board import board_path  # noqa: E402
from rometools.core.data import MAX_FILE_BYTES  # noqa: E402
from rometools.widgets import BoardExplorer, _base  # noqa: E402


@pytest.fixture(scope="module")
def explorer():
    return BoardExplorer(seed=2)


def _typed(ex, path) -> float:
    start = time.monotonic()
    ex._board_path.value = ""
    ex._board_path.value = str(path)          # what Enter (or leaving the box) sends
    return time.monotonic() - start


def test_a_pipe_a_device_and_a_huge_file_are_refused_at_once(explorer, tmp_path):
    before = explorer.state
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    assert _typed(explorer, pipe) < 5
    assert "pipe.toml: is not a regular file" in explorer.message
    assert _typed(explorer, "/dev/zero") < 5 and "/dev/zero: is not a regular file" in explorer.message
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    assert _typed(explorer, big) < 5 and f"is {MAX_FILE_BYTES + 1:,} bytes" in explorer.message
    assert explorer.state == before and explorer._board_path.value == str(big)


def test_a_slow_file_times_out_with_a_message(explorer, tmp_path, monkeypatch):
    slow = tmp_path / "slow.toml"
    slow.write_text(board_path("4-5").read_text())
    real = explorer.load_board
    monkeypatch.setattr(_base, "FILE_TIMEOUT_S", 0.2)
    monkeypatch.setattr(_base.call_with_timeout, "__kwdefaults__", {"seconds": 0.2, "what": "the file"})
    monkeypatch.setattr(explorer, "load_board", lambda src: (time.sleep(1), real(src))[1])
    before = explorer.state
    assert explorer.set_values(board=slow) is False
    assert "slow.toml: reading and checking it took longer than 0.2 s" in explorer.message
    assert explorer.state == before


def _upload(name: str, content: bytes) -> dict:
    return {"new": [{"name": name, "type": "text/plain", "size": len(content), "content": memoryview(content),
                     "last_modified": 0}]}


@pytest.fixture
def app():
    return BoardExplorer(seed=2, files="upload")


def test_the_app_has_no_path_box_only_uploads_and_the_data_folder(app):
    assert app._board_path is None and app._start_path is None
    assert "rt-board-upload" in app._board_upload._dom_classes
    assert "rt-start-upload" in app._start_upload._dom_classes
    labels = [label for label, _ in app._board_file.options]
    assert labels[0].startswith("board_2_3.toml \u00b7 Illustrative Empire")
    with pytest.raises(ValueError, match="files must be 'path'"):
        BoardExplorer(files="disk")


def test_an_uploaded_board_is_listed_with_its_names_escaped(app):
    text = board_path("4-5").read_text().replace('name = "Capua"', f"name = \"{PAYLOAD}\"", 1)
    app._on_board_upload(_upload("my board.toml", text.encode()))
    assert app.message == "", app.message
    assert app._board_file.label.startswith("my_board.toml \u00b7 uploaded \u00b7 Illustrative Empire")
    assert app.state.config.board.city("capua").name == PAYLOAD
    app.set_values(labels="name", city="capua")
    assert not any(PAYLOAD in h for h in raw_html(app))
    cities = next(t for t in app.figure.data if t.meta == "ce-board-cities")
    assert "&lt;img src=x onerror=alert(1)&gt;" in cities.text[0]


@pytest.mark.parametrize(("name", "content", "message"), [
    ("board.exe", b"x", "upload a board file (.toml or .yaml or .yml), got 'board.exe'"),
    ("big.toml", b"#" * (MAX_FILE_BYTES + 1), "big.toml is 1,000,001 bytes; a board file is at most 1,000,000 bytes"),
    ("broken.toml", b"[board]\nname = 3\n", "broken.toml: "),
])
def test_a_bad_upload_is_named_by_its_file_never_a_server_path(app, name, content, message):
    before = app.state
    app._on_board_upload(_upload(name, content))
    assert message in app.message and "rometools-upload-" not in app.message
    assert app.state == before


def test_an_uploaded_saved_game_is_played_on(app):
    midway = turn_states(play_game(GameConfig(players=4), "cheapest", 11))[6]
    app._on_start_upload(_upload("position.json", to_json(midway).encode()))
    assert app.message == "" and app.state == midway and app.start_turn == 6
    assert "position.json" in app._start_info.value
    app._on_start_upload(_upload("position.json", b"{not json"))
    assert "position.json: is not valid JSON" in app.message and app.state == midway


def test_the_balance_lab_in_the_app_lists_data_folder_boards_and_uploads():
    from rometools.widgets import BalanceExplorer

    ex = BalanceExplorer(games=4, files="upload", run=False)
    labels = [label for label, _ in ex._board.options]
    assert labels == ["the game's own board", "board_2_3.toml", "board_4_5.toml"]
    assert ex.set_values(board="/etc/passwd") is False and "Board must be one of the listed boards" in ex.message
    text = board_path("2-3").read_text().replace('name = "Capua"', f"name = \"{PAYLOAD}\"", 1)
    ex._on_board_upload(_upload("small.toml", text.encode()))
    assert ex.message == "" and ex._board.label == "small.toml \u00b7 uploaded"
    assert ex.set_values(players=3) and ex.results["game"].nunique() == 4
    ex._on_board_upload(_upload("broken.toml", b"[board]\nname = 3\n"))
    assert "Board file broken.toml: " in ex.message and "rometools-upload-" not in ex.message
    assert not any(PAYLOAD in h for h in raw_html(ex))
