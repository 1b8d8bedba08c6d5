"""Conformance of every registered game to the common protocol (rometools.core.game).

Written once over the registry: a game registered with ``register_game`` (and
listed in ``BUILTIN_GAMES``) gets every check here, for every config in its
``sample_configs``, without a line of test code of its own.
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import rometools
from rometools.core.errors import ArgumentError, RulesError
from rometools.core.game import CHANCE, PROTOCOL, TERMINAL, game_spec
from rometools.core.playout import play, replay, sample_outcome, states, turn_states

CASES = [(gid, i, options) for gid in rometools.games()
         for i, options in enumerate(game_spec(gid).sample_configs)]
IDS = [f"{gid}-{i}" for gid, i, _ in CASES]
SEEDS = 6


@pytest.fixture(params=CASES, ids=IDS)
def game(request):
    gid, _, options = request.param
    return rometools.load_game(gid, **options)


def test_registry_lists_the_shipped_games():
    assert "caesars_empire" in rometools.games()
    for gid in rometools.games():
        spec = game_spec(gid)
        assert all(callable(getattr(spec.rules, f)) for f in PROTOCOL)
        assert spec.bots and "random" in spec.bots


def _walk(game, seed, bots):
    """Play from the chance node of a new game, sampling chance outcomes one by
    one and checking the protocol at every node; the final state."""
    rng = np.random.default_rng(seed)
    seats = game.bots(bots)
    state = game.new_game()
    low, high = game.score_bounds
    seen_chance = False
    while True:
        player = game.current_player(state)
        legal = game.legal_actions(state)
        assert all(low <= s <= high for s in game.scores(state))
        if player == TERMINAL:
            assert game.is_over(state) and legal == [] and game.chance_outcomes(state) == []
            return state, seen_chance
        assert not game.is_over(state)
        assert legal, "legal actions are non-empty until the end"
        before = game.to_json(state)
        if player == CHANCE:
            seen_chance = True
            outcomes = game.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert [a for a, _ in outcomes] == legal
            action = sample_outcome(outcomes, rng)
        else:
            assert 0 <= player < game.players
            assert game.chance_outcomes(state) == []
            action = seats[player].choose(state, rng)
            assert action in legal
        after = game.apply(state, action)
        assert game.to_json(state) == before, "apply never changes its input"
        assert after != state
        state = after


@pytest.mark.parametrize("seed", range(SEEDS))
def test_seeded_playthrough_holds_the_protocol(game, seed):
    names = sorted(game.spec.bots)
    bots = [names[(seed + k) % len(names)] for k in range(game.players)]
    end, seen_chance = _walk(game, seed, bots)
    assert seen_chance, "a new game starts at a chance node"
    # replay and the JSON round trip give the same game
    assert replay(end) == end
    assert game.from_json(game.to_json(end)) == end
    assert json.loads(game.to_json(end))["game"] == game.id
    assert replay(game.to_json(end), upto=0) == game.new_game()
    # states: initial, then one per action; turn states skip chance nodes
    all_states = states(end)
    assert all_states[0] == game.new_game() and all_states[-1] == end
    assert len(all_states) == 1 + len(game.action_history(end))
    assert all(game.current_player(s) != CHANCE for s in turn_states(end))


def test_same_seed_same_game(game):
    a = play(game, "random", rng=11)
    b = play(game, "random", rng=11)
    assert a == b and game.to_json(a) == game.to_json(b)
    c = play(game, "random", rng=12)
    assert game.action_history(c) != game.action_history(a)


def test_playing_leaves_no_reference_cycles(game):
    """Every object a game makes is freed by its reference count: none waits for the cyclic
    garbage collector (a recursive closure in a rule made ~20 such objects a tied route, 3% of
    simulation time in collections). Every bot of the game, two seeds each."""
    import gc

    for name in game.spec.bots:
        play(game, name, rng=100)  # caches and imports first
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            for seed in range(2):
                play(game, name, rng=seed)
            gc.collect()
            left = [type(o).__name__ for o in gc.garbage]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert left == [], f"bot {name!r}: {len(left)} objects in reference cycles, e.g. {sorted(set(left))[:5]}"


def test_bots_refuse_chance_and_terminal_nodes(game):
    start, end = game.new_game(), play(game, "random", rng=3)
    assert game.current_player(start) == CHANCE
    for name in game.spec.bots:
        with pytest.raises(ArgumentError, match="no decision to make: a chance node"):
            game.bot(name).choose(start, 0)
        with pytest.raises(ArgumentError, match="no decision to make: the game is over"):
            game.bot(name).choose(end, 0)


def test_illegal_actions_raise_and_change_nothing(game):
    state = play(game, "random", rng=5)
    mid = turn_states(state)[len(turn_states(state)) // 2]
    snapshot = game.to_json(mid)
    for junk in (None, 12, 3.5, "no such action", ("rome",), [["x"]], {"a": 1}, ("zz", "yy")):
        with pytest.raises(RulesError):
            game.apply(mid, junk)
    assert game.to_json(mid) == snapshot
    with pytest.raises(RulesError):
        game.apply(state, game.legal_actions(mid)[0])  # the game is over


def test_unknown_game_and_bot_are_named():
    with pytest.raises(ArgumentError, match="unknown game 'chess'; registered games: "):
        rometools.load_game("chess")
    g = rometools.load_game(rometools.games()[0])
    with pytest.raises(ArgumentError, match="unknown bot 'smart'"):
        g.bot("smart")



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
