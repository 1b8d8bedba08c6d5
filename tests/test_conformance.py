"""Conformance of every registered game to the common protocol, through ``rometools.testing.check_game``.

Written once over the registry: a game registered through the ``rometools.games``
entry points gets every check of :func:`rometools.testing.check_game`, for every
config in its ``sample_configs``, without a line of test code of its own. Each
check runs as its own test, so a failure names the game, the check and the config.
"""

from __future__ import annotations

import json

import pytest

import rometools
from rometools.core.errors import ArgumentError
from rometools.core.game import game_spec
from rometools.core.playout import play, states
from rometools.core.protocol import KERNEL
from rometools.testing import CHECKS, check_game

#: Seeded games per config: enough to meet every kind of node in the bundled games.
N_GAMES = 6
CASES = [(gid, check) for gid in rometools.games() for check in CHECKS if check not in ("tampered_saves", "data_files")]


@pytest.mark.parametrize("game_id,check", CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_every_game_passes_every_check(game_id, check):
    report = check_game(game_id, n_games=N_GAMES, checks=[check])
    hides = game_spec(game_id).information_state is not None
    if check != "openspiel" and (check != "hidden_information" or hides) or report.passed:
        assert len(report.passed) == len(game_spec(game_id).sample_configs)


def test_registry_lists_the_shipped_games():
    assert {"caesars_empire", "augustus", "imperator"} <= set(rometools.games())
    for gid in rometools.games():
        spec = game_spec(gid)
        assert all(callable(getattr(spec.rules, f)) for f in KERNEL)
        assert spec.bots and "random" in spec.bots


def test_unknown_game_and_bot_are_named():
    with pytest.raises(ArgumentError, match="unknown game 'chess'; registered games: "):
        rometools.load_game("chess")
    g = rometools.load_game(rometools.games()[0])
    with pytest.raises(ArgumentError, match="unknown bot 'smart'"):
        g.bot("smart")


@pytest.fixture(params=rometools.games())
def game(request):
    """Each registered game, in its first sample config."""
    return rometools.load_game(request.param, **game_spec(request.param).sample_configs[0])


#: Values that are no action of any game: apply refuses each with InvalidActionError.
JUNK = (None, 3.5, {"a": 1}, [["x"]], "no such action", (None, 3.5), ("no such action", {"a": 1}), True)


def test_apply_tells_a_value_that_is_no_action_from_an_action_not_allowed_now(game):
    """python-chess's rule, over the registry: junk is an InvalidActionError at every kind of node;
    an action of the game the state forbids (a decision or chance outcome met elsewhere in the
    game and not legal here, anything once the game is over) an IllegalActionError; the state
    unchanged either way; a saved game's history keeps the class, naming the entry."""
    from rometools.core.errors import IllegalActionError, InvalidActionError
    from rometools.core.playout import _checksum, saved_game

    end = play(game, "random", rng=5)
    every = states(end)
    actions = list(dict.fromkeys(a for s in every for a in game.legal_actions(s)))  # of every kind
    checked = {InvalidActionError: 0, IllegalActionError: 0}

    def refuses(state, action, error):
        snapshot = game.to_json(state)
        with pytest.raises(error) as info:
            game.apply(state, action)
        assert type(info.value) is error, f"{action!r}: {type(info.value).__name__}: {info.value}"
        assert game.to_json(state) == snapshot, "a refused action changes nothing"
        checked[error] += 1

    # a dozen nodes spread over the game (decision and chance nodes alike), and the end
    for node in [*every[:-1:max(1, len(every) // 12)], end]:
        for junk in JUNK:
            refuses(node, junk, InvalidActionError)
        legal = game.legal_actions(node)
        for action in [a for a in actions if a not in legal][:6]:
            refuses(node, action, IllegalActionError)
    assert checked[IllegalActionError], "actions of the game not legal somewhere were tried"

    # the saved game's history: the same class, the entry named
    saved = saved_game(end)
    k = len(saved["history"])
    for action, error in ((JUNK[0], InvalidActionError), (actions[0], IllegalActionError)):
        data = json.loads(json.dumps({**saved, "history": [*saved["history"], action]}))
        data["sha256"] = _checksum(data)
        with pytest.raises(error, match=rf"^history\[{k}\]: "):
            game.from_json(json.dumps(data))
