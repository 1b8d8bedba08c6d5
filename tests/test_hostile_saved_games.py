"""Tampered saved games of every registered game: RulesError / DataFileError every time.

Written once over the registry. For each game and sample config, a seeded game
is saved and then truncated, mangled and edited (keys removed, values of the
wrong type, actions reordered, removed, duplicated or replaced, the config
changed). Without a matching checksum the file is refused as edited; resealed
with a fresh checksum, it loads only if the rules accept every action (and a
no-op edit replays the identical game). Nothing else may escape.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest

import rometools
from rometools.core.errors import DataFileError, RulesError
from rometools.core.game import game_spec
from rometools.core.playout import _checksum, load_saved_game, play, saved_game

CASES = [(gid, options) for gid in rometools.games() for options in game_spec(gid).sample_configs[:3]]
JUNK = [None, [], {}, 0, -1, 2.5, "x", True, [[]], {"a": 1}, "9" * 40]


def _outcome(data) -> str:
    try:
        load_saved_game(data)
    except DataFileError as err:
        assert str(err).startswith("<saved game>"), str(err)
        return "DataFileError"
    except RulesError:
        return "RulesError"
    return "ok"


def _reseal(data: dict) -> dict:
    with contextlib.suppress(TypeError, ValueError, KeyError):
        data["sha256"] = _checksum(data)
    return data


def _mutations(data: dict, rng: random.Random):
    """(name, mutated object or text, resealed?)."""
    text = json.dumps(data)
    for cut in sorted(rng.sample(range(1, len(text)), 8)):
        yield f"truncated at {cut}", text[:cut], False
    for key in data:
        d = dict(data)
        del d[key]
        yield f"without {key}", d, False
        for junk in JUNK:
            yield f"{key} = {junk!r}", _reseal({**data, key: junk}), True
    history = data["history"]
    n = len(history)
    for _ in range(12):
        i, j = sorted(rng.sample(range(n), 2))
        swapped = list(history)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        for sealed in (False, True) if swapped != history else ():  # two equal actions: no change
            d = {**data, "history": swapped}
            yield f"actions {i} and {j} swapped", _reseal(d) if sealed else d, sealed
        k = rng.randrange(n)
        yield f"action {k} removed", _reseal({**data, "history": history[:k] + history[k + 1:]}), True
        yield f"action {k} twice", _reseal({**data, "history": history[:k + 1] + history[k:]}), True
        junk = rng.choice(JUNK)
        yield f"action {k} = {junk!r}", _reseal({**data, "history": [*history[:k], junk, *history[k + 1:]]}), True
        yield f"action {k} edited, not resealed", {**data, "history": [*history[:k], "x", *history[k + 1:]]}, False
    for key in data["config"]:
        for junk in JUNK:
            yield f"config.{key} = {junk!r}", _reseal({**data, "config": {**data["config"], key: junk}}), True
    edited = {k: (not v if isinstance(v, bool) else v) for k, v in data["config"].items()}
    yield "config edited, not resealed", {**data, "config": edited}, False
    yield "resealed, nothing changed", _reseal(dict(data)), True


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_tampered_saved_games_are_refused(game_id, options):
    game = rometools.load_game(game_id, **options)
    end = play(game, "random", rng=7)
    data = saved_game(end)
    rng = random.Random(game_id + json.dumps(options, sort_keys=True))
    counts = {"DataFileError": 0, "RulesError": 0, "ok": 0}
    for name, mutated, sealed in _mutations(data, rng):
        outcome = _outcome(mutated)
        counts[outcome] += 1
        if not sealed:
            assert outcome == "DataFileError", f"{name}: {outcome}"
        if outcome == "ok":  # only a change the rules accept: it loads as a legal game
            state = load_saved_game(mutated)
            assert game.is_over(state) or game.legal_actions(state), name
            if name == "resealed, nothing changed":
                assert state == end
    assert counts["DataFileError"] > 50 and counts["RulesError"] > 5
