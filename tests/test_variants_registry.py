"""A variant round-trips (save, load, validate, play) for every registered game, Pig included.

Written once over the registry: for each game, a variant with one of its sample configs'
options, a seat handicap and (for a game with data files) an edit of one numeric value of
each data file (the first that the game's loader accepts after a change) is saved as TOML,
read back equal, checked by ``rometools validate``, loaded and played; its saved game loads
back equal. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import rometools
from rometools import Variant, load_variant
from rometools.core.errors import DataFileError
from rometools.core.game import game_spec
from rometools.core.playout import from_json, play, to_json

GAMES = rometools.games()


def _scalar_options(options):
    return {k: v for k, v in options.items() if isinstance(v, bool | int | float | str)}


def data_edit(variant: Variant, file: str, tries: int = 60):
    """``(address, value)``: the first whole-number value of a data file that loads changed by one."""
    tried = 0
    for p in variant.parameters():
        if p.kind != "data" or not p.address.startswith(f"{file}:"):
            continue
        if isinstance(p.published, bool) or not isinstance(p.published, int):
            continue
        for value in (p.published + 1, p.published - 1):
            tried += 1
            if tried > tries:
                return None
            candidate = variant.with_value(p.address, value)
            try:
                candidate.load()
            except DataFileError:
                continue
            return p.address, value
    return None


def variant_of(game: str) -> Variant:
    spec = game_spec(game)
    options = _scalar_options(spec.sample_configs[1] if len(spec.sample_configs) > 1 else spec.sample_configs[0])
    v = Variant(game, name=f"{game} what-if", options=options)
    v = v.with_value("handicap.1", 2)
    for file in spec.file_options:
        found = data_edit(v, file)
        assert found is not None, f"{game}: no whole-number value of its {file} file can be changed by one"
        v = v.with_value(*found)
    return v


@pytest.mark.parametrize("game", GAMES)
def test_a_variant_round_trips_save_load_validate_play(game, tmp_path, capsys):
    from rometools.cli import main

    v = variant_of(game)
    assert set(v.edits) == set(game_spec(game).file_options)
    path = v.save(tmp_path / "v.toml")
    back = load_variant(path)
    assert back == v and back.name == v.name
    assert main(["validate", str(path)]) == 0
    assert f"valid: {path} is {'an' if game_spec(game).title[0] in 'AEIOU' else 'a'} " in capsys.readouterr().out
    g = back.load()
    assert g.config == v.load().config and g.config.handicap.points(0) == 2
    for file in v.edits:
        value = getattr(g.config, file)
        provenance = getattr(value, "provenance", None)
        if isinstance(provenance, Mapping) and provenance:   # per value: the edit is illustrative, sourced
            assert any(p.kind == "illustrative" and "a variant's edit" in (p.source or "")
                       for p in provenance.values()), (game, file)
    end = play(g, "random", 4)
    assert g.is_over(end) and g.spec.score_parts(end)[0]["handicap"] == 2
    assert from_json(to_json(end)) == end


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_variant_file_is_refused_by_validate(game, tmp_path, capsys):
    from rometools.cli import main

    path = tmp_path / "broken.toml"
    text = Variant(game, options={"handicap": {1: 1}}).to_toml().replace("[options]", "[options]\nno_such_option = 3")
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"invalid: {path}: options.no_such_option: {game_spec(game).title} has no option 'no_such_option'" in err
