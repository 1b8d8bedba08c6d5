"""Tampered saved games of every registered game: RulesError / DataFileError every time.

Written once over the registry, through ``rometools.testing.check_game``'s
``tampered_saves`` check: for each game and sample config, a seeded game is saved
and then truncated, mangled and edited (keys removed, values of the wrong type,
actions reordered, removed, duplicated or replaced, the config changed). Without a
matching checksum the file is refused as edited; resealed with a fresh checksum,
it loads only if the rules accept every action (and a no-op edit replays the
identical game). Nothing else may escape.
"""

from __future__ import annotations

import pytest

import rometools
from rometools.core.game import game_spec
from rometools.testing import check_game

CASES = [(gid, i) for gid in rometools.games() for i in range(min(3, len(game_spec(gid).sample_configs)))]


@pytest.mark.parametrize("game_id,index", CASES, ids=[f"{g}-{i}" for g, i in CASES])
def test_tampered_saved_games_are_refused(game_id, index):
    config = game_spec(game_id).sample_configs[index]
    report = check_game(game_id, configs=[config], n_games=1, seed=7, checks=["tampered_saves"])
    assert [check for check, _ in report.passed] == ["tampered_saves"]


@pytest.mark.parametrize("game_id", rometools.games())
def test_a_state_built_by_hand_saves_only_if_it_loads(game_id):
    """Issue "What a designer tripped on": a hand-built state that saves without complaint must
    also load, or refuse to save in words. Each field of a played game's state (the config, the
    history and what no rule reads aside) is set by hand to its value at the start: the state
    either saves and loads back equal, or ``to_json`` refuses it naming what does not replay."""
    import dataclasses

    from rometools.core.errors import ArgumentError
    from rometools.core.playout import play

    game = rometools.load_game(game_id, players=2)
    end = play(game, "random", rng=3)
    start = game.new_game(rng=3)
    refused = 0
    for f in dataclasses.fields(end):
        if f.name in ("config", "history", "seed", "start") or f.name.startswith("_") or not f.compare:
            continue
        if getattr(start, f.name) == getattr(end, f.name):
            continue
        try:
            hybrid = dataclasses.replace(end, **{f.name: getattr(start, f.name)})
        except (ValueError, TypeError):   # the state's own checks refuse it: nothing to save
            continue
        try:
            text = game.to_json(hybrid)
        except ArgumentError as err:
            assert "cannot be saved" in str(err) and game.title in str(err)
            refused += 1
            continue
        assert game.from_json(text) == hybrid, f"{f.name}: saved, but loads as another state"
    assert refused > 0, "no field set by hand was refused: the check did not run"
