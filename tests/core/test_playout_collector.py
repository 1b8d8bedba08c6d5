"""``play`` switches the cycle collector off while a game is played, and back as it was after.

The pause is safe only because a game makes no reference cycle: checked here for every
registered game and bot (MCTS included), so a new game or bot that makes cycles is caught.
"""

from __future__ import annotations

import gc

import numpy as np
import pytest

import rometools
from rometools.core.errors import ArgumentError
from rometools.core.game import Bot
from rometools.core.playout import play, turn_states


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def _cases():
    for gid in rometools.games():
        for bot in [*sorted(rometools.load_game(gid).spec.bots), "mcts:8"]:
            yield gid, bot


@pytest.mark.parametrize("gid,bot", list(_cases()))
def test_a_game_leaves_no_reference_cycle(gid, bot, collector_on):
    game = rometools.load_game(gid)
    play(game, "greedy" if bot.startswith("mcts") else bot, rng=0)   # caches a first game fills are no garbage
    if bot.startswith("mcts"):   # an MCTS search at a few decisions of a greedy game (whole games take a minute)
        states = [s for s in turn_states(play(game, "greedy", rng=1)) if game.current_player(s) >= 0][:3]
        mcts, rng = game.bot(bot), np.random.default_rng(1)
        mcts.choose(states[0], rng)
    gc.collect()
    gc.disable()
    try:
        if bot.startswith("mcts"):
            for state in states:
                mcts.choose(state, rng)
        else:
            for seed in range(1, 4):
                play(game, bot, rng=seed)
        assert gc.collect() == 0
    finally:
        gc.enable()


class _Watcher(Bot):
    """Plays the first legal action and notes whether the collector was on at each decision."""

    name = "watcher"
    trusted = False

    def __init__(self, seen: list, fail_at: int | None = None):
        self.seen, self.fail_at = seen, fail_at

    def decide(self, state, rng):
        self.seen.append(gc.isenabled())
        if self.fail_at is not None and len(self.seen) >= self.fail_at:
            raise ArgumentError("the watcher stops here")
        return self.game.legal_actions(state)[0]


def test_the_collector_is_off_during_a_game_and_as_it_was_after(collector_on):
    game = rometools.load_game("pig", target=20)
    seen: list = []
    bot = _Watcher(seen)
    bot.game = game
    end = play(game, [bot, "greedy"], rng=np.random.default_rng(1))
    assert game.is_over(end) and seen and not any(seen)
    assert gc.isenabled()
    gc.disable()   # off before: off after
    play(game, "greedy", rng=2)
    assert not gc.isenabled()
    gc.enable()


def test_the_collector_comes_back_after_a_bot_fails_and_after_nested_games(collector_on):
    game = rometools.load_game("pig", target=20)
    seen: list = []
    bot = _Watcher(seen, fail_at=3)
    bot.game = game
    with pytest.raises(ArgumentError, match="the watcher stops here"):
        play(game, [bot, "greedy"], rng=3)
    assert gc.isenabled() and not any(seen)

    inner: list = []

    class _Nested(_Watcher):
        def decide(self, state, rng):   # a bot that plays a whole game to decide (a rollout)
            play(game, "greedy", rng=4)
            inner.append(gc.isenabled())   # still off: the outer game is not over
            return super().decide(state, rng)

    nested = _Nested([])
    nested.game = game
    play(game, [nested, "greedy"], rng=5)
    assert inner and not any(inner) and gc.isenabled()
