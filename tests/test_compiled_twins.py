"""Compiled twins, for every game: README's set-up builds each module marked
``# rometools: compiled twin`` (``hatch_build.py``), and each plays the very games its plain
source plays. A game's twins are found by their marker; no game is named here."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rometools
from rometools.core._cython import NO_COMPILED_ENV, compiled_or_plain, find_twins, twin_source

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", find_twins())
def test_every_twin_is_compiled_from_its_source_as_it_is_now(name):
    """Without a C compiler the plain module runs (the same results, slower); README's set-up
    has one, so here every twin must be the compiled one, built from today's source."""
    module = compiled_or_plain(name)
    assert module.__name__ == f"{name}_c", (
        f"{name} was not compiled at install (or {NO_COMPILED_ENV} is set): install a C compiler (gcc) "
        f"and run `make setup` again")
    source = Path(rometools.__file__).parent.parent.joinpath(*name.split(".")).with_suffix(".py")
    assert hashlib.sha256(twin_source(source)).hexdigest() == module.SOURCE_SHA256


def _digests(tmp_path: Path, plain: bool) -> dict[str, str]:
    out = tmp_path / f"digests-{'plain' if plain else 'compiled'}.json"
    env = {**os.environ, NO_COMPILED_ENV: "1" if plain else "0"}
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "history_digest.py"), "--games", "12",
                    "--json", str(out)], env=env, check=True, capture_output=True, timeout=600)
    return json.loads(out.read_text())


def test_compiled_twins_play_the_games_their_plain_sources_play(tmp_path):
    """Every registered game, its first two sample configs, each of its bots, 12 seeds: the
    action histories and scores (SHA-256, ``benchmarks/history_digest.py``) with the twins
    compiled equal those with every module plain (``ROMETOOLS_NO_COMPILED=1``)."""
    compiled, plain = _digests(tmp_path, False), _digests(tmp_path, True)
    assert {key.split("[")[0] for key in compiled} == set(rometools.games())
    assert compiled == plain
