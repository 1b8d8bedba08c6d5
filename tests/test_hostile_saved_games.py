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
from rometools.testing import check_game, check_hand_built_states

CASES = [(gid, i) for gid in rometools.games() for i in range(min(3, len(game_spec(gid).sample_configs)))]


@pytest.mark.parametrize("game_id,index", CASES, ids=[f"{g}-{i}" for g, i in CASES])
def test_tampered_saved_games_are_refused(game_id, index):
    config = game_spec(game_id).sample_configs[index]
    report = check_game(game_id, configs=[config], n_games=1, seed=7, checks=["tampered_saves"])
    assert [check for check, _ in report.passed] == ["tampered_saves"]


@pytest.mark.parametrize("game_id", rometools.games())
def test_a_state_built_by_hand_saves_only_if_it_loads(game_id):
    """Issue "What a designer tripped on": a hand-built state that saves without complaint must
    also load, or refuse to save in words (``rometools.testing.check_hand_built_states``)."""
    assert check_hand_built_states(game_id) > 0
