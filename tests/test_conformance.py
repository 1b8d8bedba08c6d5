"""Conformance of every registered game to the common protocol, through ``rometools.testing.check_game``.

Written once over the registry: a game registered through the ``rometools.games``
entry points gets every check of :func:`rometools.testing.check_game`, for every
config in its ``sample_configs``, without a line of test code of its own. Each
check runs as its own test, so a failure names the game, the check and the config.
"""

from __future__ import annotations

import pytest

import rometools
from rometools.core.errors import ArgumentError
from rometools.core.game import game_spec
from rometools.core.protocol import KERNEL
from rometools.testing import CHECKS, check_game, check_refusals

#: Seeded games per config: enough to meet every kind of node in the bundled games.
N_GAMES = 6
#: The checks of the game as a whole (the others run on every sample config).
GAME_CHECKS = ("hostile_options", "saved_game_files", "playable_data")
CASES = [(gid, check) for gid in rometools.games() for check in CHECKS if check not in ("tampered_saves", "data_files")]
#: Known failures, each strict (the marker fails the day the game is fixed): none today.
KNOWN: dict = {}


@pytest.mark.parametrize("game_id,check", [
    pytest.param(g, c, id=f"{g}-{c}", marks=[pytest.mark.xfail(strict=True, reason=KNOWN[g, c])] if (g, c) in KNOWN
                 else []) for g, c in CASES])
def test_every_game_passes_every_check(game_id, check):
    report = check_game(game_id, n_games=N_GAMES, checks=[check])
    hides = game_spec(game_id).information_state is not None
    if check in GAME_CHECKS:   # once for the game, not per config
        assert report.passed == ((check, "the game"),)
    elif check != "openspiel" and (check not in ("hidden_information", "resample_reachable") or hides) \
            or report.passed:
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


@pytest.mark.parametrize("game_id", rometools.games())
def test_apply_tells_a_value_that_is_no_action_from_an_action_not_allowed_now(game_id):
    """python-chess's rule, over the registry (``rometools.testing.check_refusals``): junk is an
    InvalidActionError at every kind of node; an action of the game the state forbids an
    IllegalActionError; the state unchanged either way; a saved game's history keeps the class."""
    counts = check_refusals(game_id)
    assert counts["InvalidActionError"] > 0 and counts["IllegalActionError"] > 0
