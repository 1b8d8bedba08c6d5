"""The shortcuts of the step protocol and the greedy bot against their plain definitions: a phase
looked up once as a number (``state._PHASE_CODES``) and a state's fields read from its ``__dict__``
give what comparing the phase strings and reading the attributes give, at every node of seeded
games, for the state the rules made, for the same state built anew by ``GameState`` (no
``"_fields"``) with its phase an equal string that is another object (not the interned constant),
and (the protocol) for a value that only has the attributes. Both twins.
"""

from __future__ import annotations

import dataclasses
import importlib
import types

import numpy as np
import pytest

from rometools.augustus import GameConfig, new_game
from rometools.augustus.state import _PHASE_CODES, CHANCE_PHASES, DECISION_PHASES, GameState
from rometools.core._cython import compiled_or_plain
from rometools.core.game import CHANCE, TERMINAL

PLAIN_AND_COMPILED = ["plain", "compiled"]
FIELDS = [f.name for f in dataclasses.fields(GameState)]


def _module(name: str, which: str):
    return importlib.import_module(name) if which == "plain" else compiled_or_plain(name)


def test_every_phase_has_its_own_number_and_the_chance_phases_are_1_to_3():
    phases = (*CHANCE_PHASES, *DECISION_PHASES, "resolve", "over")
    assert sorted(_PHASE_CODES) == sorted(phases)
    assert sorted(_PHASE_CODES.values()) == list(range(1, len(phases) + 1))
    assert sorted(_PHASE_CODES[p] for p in CHANCE_PHASES) == [1, 2, 3]
    rules, turn = importlib.import_module("rometools.augustus.rules"), importlib.import_module("rometools.augustus.turn")
    got = (rules._DEAL, rules._DRAW, rules._REFILL, rules._OVER)
    assert got == tuple(_PHASE_CODES[p] for p in ("deal", "draw", "refill", "over"))
    got = (turn._DEAL, turn._DRAW, turn._REFILL, turn._PLACE, turn._RESOLVE, turn._KEEP, turn._OVER, turn._CLAIM,
           turn._TAKE, turn._POWER_PLACE)
    assert got == tuple(_PHASE_CODES[p] for p in (
        "deal", "draw", "refill", "place", "resolve", "keep", "over", "claim", "take", "power_place"))


def _copies(s: GameState) -> tuple[GameState, types.SimpleNamespace]:
    """The state built anew with its phase an equal string that is not the same object, and a value
    holding only its attributes."""
    phase = "".join(list(s.phase))
    assert phase == s.phase and phase is not s.phase
    anew = dataclasses.replace(s, phase=phase)
    assert "_fields" not in anew.__dict__
    return anew, types.SimpleNamespace(**{name: phase if name == "phase" else getattr(s, name) for name in FIELDS})


def _current(s) -> int:
    """``current_player`` as the rules define it."""
    return CHANCE if s.phase in CHANCE_PHASES else TERMINAL if s.phase == "over" else s.seat


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
@pytest.mark.parametrize("config", [GameConfig(), GameConfig(players=3, first_game=True)])
def test_the_protocol_reads_the_phase_and_fields_as_the_attributes(config, which):
    rules = _module("rometools.augustus.rules", which)
    rng = np.random.default_rng(5)
    checked = 0
    for game in range(3):
        s = new_game(config) if game == 0 else new_game(config, rng=game)   # the deal's chance nodes too
        while True:
            anew, duck = _copies(s)
            assert rules.current_player(s) == rules.current_player(anew) == rules.current_player(duck) == _current(s)
            assert rules.random_source(s) == rules.random_source(anew) == rules.random_source(duck)
            assert rules.chance_weights(s) == rules.chance_weights(anew) == rules.chance_weights(duck)
            assert rules.legal_actions(s) == rules.legal_actions(anew)
            checked += 1
            if s.phase == "over":
                break
            options = rules.legal_actions(s)
            action = options[int(rng.integers(len(options)))]
            after = rules.apply_legal(s, action)
            assert rules.apply_legal(anew, action) == after
            s = after
    assert checked > 600


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
def test_the_greedy_choice_reads_the_fields_as_the_attributes(which):
    """The bot's choice at every decision of seeded greedy games is the same for the state the rules
    made and for the state built anew (its dict made by ``GameState``, its phase another string)."""
    greedy = _module("rometools.augustus._greedy", which)
    rules = _module("rometools.augustus.rules", which)
    from rometools.augustus.bots import GreedyBot

    bot = GreedyBot()
    checked = 0
    for seed in range(3):
        s = new_game(GameConfig(players=4), rng=seed)
        chance = np.random.default_rng(seed)
        while s.phase != "over":
            if rules.current_player(s) == CHANCE:
                outcomes, weights = rules.chance_weights(s)
                p = np.asarray(weights, dtype=float)
                s = rules.apply_legal(s, outcomes[int(chance.choice(len(outcomes), p=p / p.sum()))])
                continue
            anew, _ = _copies(s)
            got = greedy.choose(s, np.random.default_rng(checked), bot.horizon, bot.complete_weight, bot._MEMOS)
            assert greedy.choose(anew, np.random.default_rng(checked), bot.horizon, bot.complete_weight,
                                 bot._MEMOS) == got
            s = rules.apply_legal(s, got)
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
def test_the_per_seat_fields_are_tuples_of_tuples_and_the_state_before_is_unchanged(which):
    """``turn._rows`` (the per-seat fields of the working copy made the new state's in place) gives
    tuples of tuples equal to ``tuple(tuple(row) for row in rows)`` of what the action left, and the
    state the action was applied to keeps its fields (compared with a deep copy taken before), at
    every action of seeded games."""
    import copy

    rules = _module("rometools.augustus.rules", which)
    rng = np.random.default_rng(9)
    checked = 0
    for seed in range(3):
        s = new_game(GameConfig(players=4), rng=seed)
        while s.phase != "over":
            before = copy.deepcopy({name: getattr(s, name) for name in ("hands", "in_play", "controlled")})
            options = rules.legal_actions(s)
            after = rules.apply_legal(s, options[int(rng.integers(len(options)))])
            for name, rows in before.items():
                assert getattr(s, name) == rows
                new = getattr(after, name)
                assert type(new) is tuple and all(type(row) is tuple for row in new)
                assert new == tuple(tuple(row) for row in new)
            s = after
            checked += 1
    assert checked > 300


def test_the_places_the_protocol_reads_in_a_states_fields_tuple_are_the_records_order():
    """``rules.random_source`` reads the phase, seat and draws of a state the rules made by place in its
    ``"_fields"`` tuple: the places are those of ``_records._FIELD_NAMES`` (the order ``frozen`` keeps)."""
    rules = importlib.import_module("rometools.augustus.rules")
    records = importlib.import_module("rometools.augustus._records")
    assert (rules._AT_PHASE, rules._AT_SEAT, rules._AT_DRAWS) == (0, 1, 16)
    assert [records._FIELD_NAMES[i] for i in (rules._AT_PHASE, rules._AT_SEAT, rules._AT_DRAWS)] == [
        "phase", "seat", "draws"]


def _source(s) -> str:
    """``random_source`` as its docstring defines it."""
    if s.phase in ("draw", "refill"):
        return "bag" if s.phase == "draw" else "refill"
    if s.phase == "deal":
        comps = s.config.components
        if len(s.row) < comps.central_row:
            return "row"
        dealt = comps.first_game_dealt if s.config.first_game else comps.dealt
        rows = s.in_play if s.config.first_game else s.hands
        return next((f"hand {p}" for p in range(s.config.players) if len(rows[p]) < dealt), "deal")
    return f"seat {s.seat} draw {s.draws}"


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
@pytest.mark.parametrize("config", [GameConfig(players=2), GameConfig(), GameConfig(players=3, first_game=True)])
def test_the_chance_steps_answer_as_their_definitions(config, which):
    """At every step of seeded greedy games, as the play loop asks them (the set-up dealt through its
    chance nodes): ``random_source`` is the stream its docstring names, from the state the rules made
    (its fields read by place) as from the state built anew; ``chance_weights`` lists the cards left
    in the pile at 1 each, or each kind of token left in the bag (``bag_left``, in the components'
    order) at the tokens left, as lists of the caller's own."""
    import rometools
    from rometools.core.playout import play

    rules = _module("rometools.augustus.rules", which)
    game = rometools.load_game("augustus", config=config)
    seen = set()
    for seed in range(3):
        end = play(game, "greedy", rng=seed)
        s = game.spec.rules.initial_state(end)
        for action in rules.action_history(end):
            anew, _ = _copies(s)
            assert rules.random_source(s) == rules.random_source(anew) == _source(s)
            outcomes, weights = rules.chance_weights(s)
            if s.phase == "draw":
                left = [(t, k) for t, k in s.bag_left().items() if k]
                assert (outcomes, weights) == ([t for t, _ in left], [k for _, k in left])
                outcomes.append("x")
                assert rules.chance_weights(s)[0] == [t for t, _ in left]
            elif s.phase in ("deal", "refill"):
                assert (outcomes, weights) == (list(s.pile), [1] * len(s.pile))
            else:
                assert (outcomes, weights) == ([], [])
            seen.add(s.phase)
            s = rules.apply_legal(s, action)
    assert {"deal", "draw", "place", "refill"} <= seen
