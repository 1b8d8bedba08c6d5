"""The OpenSpiel bridge: every registered game loads in pyspiel and passes OpenSpiel's own checks."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import rometools
from rometools.core.errors import ArgumentError, IllegalActionError, InvalidActionError, OptionError
from rometools.core.game import game_spec
from rometools.core.playout import play

if os.environ.get("CI") != "true":  # CI installs the extra (it is in `test`): there it must not skip
    pytest.importorskip("pyspiel")

import pyspiel  # noqa: E402

import rometools.interop.openspiel as bridge  # noqa: E402
from tests.interop import kuhn  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES = [(gid, dict(options)) for gid in rometools.games() for options in game_spec(gid).sample_configs[:3]]


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_every_registered_game_passes_openspiel_random_sim_test(game_id, options):
    game = bridge.load(game_id, **options)
    assert game.get_type().short_name == "rometools_" + game_id
    assert game.num_players() == rometools.load_game(game_id, **options).players
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_serialization_is_the_saved_game():
    game = bridge.load("caesars_empire", players=3, max_chain_paths=2)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    for _ in range(45):
        state.apply_action(state.legal_actions()[0])
    again = game.deserialize_state(state.serialize())
    assert again.rometools_state == state.rometools_state and again.history() == state.history()
    assert pyspiel.load_game(str(game)).config == game.config  # the game string reloads the options


def test_every_game_is_loaded_by_name_with_config_as_parameters():
    assert {f"rometools_{g}" for g in rometools.games()} <= set(pyspiel.registered_names())
    game = pyspiel.load_game("rometools_caesars_empire", {"players": 2, "route_policy": "first"})
    assert game.config == rometools.load_game("caesars_empire", players=2, route_policy="first").config
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert (kind.min_num_players, kind.max_num_players) == (2, 5)
    assert set(kind.parameter_specification) == {"players", "all_tokens_variant", "sum_complete_colours",
                                                 "no_move", "route_policy", "handicap", "options"}
    assert game.num_distinct_actions() == bridge.MAX_ACTIONS
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    with pytest.raises(OptionError, match="for 2 to 5 players, got 7"):
        pyspiel.load_game("rometools_caesars_empire", {"players": 7})
    with pytest.raises(ArgumentError, match="name:value pairs"):
        pyspiel.load_game("rometools_caesars_empire", {"options": "max_chain_paths=2"})
    assert bridge.load("caesars_empire", roads_per_player=9).config.roads_per_player == 9


def test_chance_outcomes_are_the_exact_probabilities_as_floats():
    game = bridge.load("caesars_empire")
    state = game.new_initial_state()
    exact = rometools.load_game("caesars_empire").chance_outcomes(state.rometools_state)
    outcomes = state.chance_outcomes()
    assert [i for i, _ in outcomes] == state.legal_actions() == list(range(len(exact)))
    assert [p for _, p in outcomes] == [float(p) for _, p in exact]
    assert [state.action_to_string(i) for i, _ in outcomes] == [t for t, _ in exact]
    assert sum(Fraction(p) for _, p in exact) == 1


def test_action_ids_index_the_legal_actions_and_read_back():
    rgame = rometools.load_game("caesars_empire", players=2)
    game = bridge.load("caesars_empire", players=2)
    start = rgame.new_game(rng=4)
    state = bridge.from_rometools(game, start)
    legal = rgame.legal_actions(start)
    assert state.legal_actions() == list(range(len(legal)))
    assert [bridge.action_of(state, i) for i in state.legal_actions()] == legal
    assert state.action_to_string(bridge.action_id(state, ("rome", "capua"))) == "connect Rome – Capua (1 Road)"
    state.apply_action(np.int64(bridge.action_id(state, ("rome", "capua"))))  # numpy ids are welcome
    assert state.rometools_state == rgame.apply(start, ("rome", "capua"))
    assert state.history() == [legal.index(("rome", "capua"))]
    for bad, error in ((-1, InvalidActionError), (len(state.legal_actions()), IllegalActionError),
                       (True, InvalidActionError), (bridge.MAX_ACTIONS, InvalidActionError)):
        with pytest.raises(error, match="is not legal here: the ids are 0 to"):
            bridge.action_of(state, bad)
    with pytest.raises(IllegalActionError, match="not legal here: the ids are 0 to"):
        state.apply_action(999)
    with pytest.raises(IllegalActionError, match="is not a legal action here"):
        bridge.action_id(state, ("rome", "capua"))  # taken already
    with pytest.raises(InvalidActionError, match="is not a legal action here"):
        bridge.action_id(state, ("rome", "ostia"))  # no chain of the board
    with pytest.raises(ArgumentError, match="not a state of Caesar's Empire with this game's config"):
        bridge.from_rometools(game, rometools.load_game("caesars_empire").new_game(rng=1))


@pytest.mark.parametrize("game_id", rometools.games())
def test_the_seat_handicap_is_a_parameter_of_every_game(game_id):
    """The seat handicap (every config's ``handicap``) as the string parameter ``handicap``: seat:points
    (seats from 1), with /bonus where the game declares a start bonus; the game's name reloads it
    and its returns rank the handicapped scores."""
    from rometools.core.game import game_spec

    spec = game_spec(game_id)
    text = "2:7 1:-1/1" if spec.start_bonus is not None else "2:7 1:-1"
    game = pyspiel.load_game(f"rometools_{game_id}", {"handicap": text})
    expected = {2: 7, 1: {"points": -1, "bonus": 1 if spec.start_bonus is not None else 0}}
    assert game.config == rometools.load_game(game_id, handicap=expected).config
    assert pyspiel.load_game(str(game)).config == game.config
    assert bridge.load(game_id, handicap=expected).config == game.config
    with pytest.raises(ArgumentError, match="seat:points"):
        pyspiel.load_game(f"rometools_{game_id}", {"handicap": "two:7"})
    rgame = rometools.load_game(game_id, handicap={2: 1000})
    end = play(rgame, "random", rng=1)
    assert bridge.from_rometools(game.__class__({"handicap": "2:1000"}), end).returns()[1] == 1.0


def test_returns_are_win_shares_with_the_rulebook_tiebreakers():
    game = bridge.load("caesars_empire", players=3)
    rgame = rometools.load_game("caesars_empire", players=3)
    end = play(rgame, "greedy", rng=6)
    state = bridge.from_rometools(game, end)
    ranks = rgame.spec.ranks(end)
    winners = sum(r == 1 for r in ranks)
    assert state.is_terminal()
    assert state.returns() == [1 / winners if r == 1 else 0.0 for r in ranks]
    assert bridge.from_rometools(game, rgame.new_game(rng=6)).returns() == [0.0, 0.0, 0.0]


def test_clone_shares_the_immutable_state_and_then_goes_its_own_way():
    game = bridge.load("caesars_empire", players=2)
    state = bridge.from_rometools(game, rometools.load_game("caesars_empire", players=2).new_game(rng=2))
    copy = state.clone()
    assert copy.rometools_state is state.rometools_state
    copy.apply_action(0)
    assert copy.rometools_state != state.rometools_state and state.history() == []
    assert str(copy) != str(state)


def test_perfect_information_strings_are_the_history():
    game = bridge.load("caesars_empire", players=2)
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.information_state_string(0) == state.observation_string(1) == str(state) == '["meat"]'


def test_a_node_beyond_the_declared_bound_names_it(monkeypatch):
    monkeypatch.setattr(bridge, "MAX_ACTIONS", 3)
    game = bridge.load("caesars_empire", players=2, roads_per_player=11)
    assert game.num_distinct_actions() == 3
    state = bridge.from_rometools(game, rometools.load_game("caesars_empire", players=2,
                                                            roads_per_player=11).new_game(rng=1))
    with pytest.raises(ArgumentError, match="exceeds the bridge's bound MAX_ACTIONS = 3"):
        state.legal_actions()


def test_openspiel_mcts_plays_a_rometools_game_through_the_bridge():
    from open_spiel.python.algorithms import mcts

    game = bridge.load("caesars_empire", players=2, roads_per_player=5)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 0.7, 30, evaluator, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(1.0)


def test_a_game_that_hides_hands_is_imperfect_information_with_its_information_states():
    from open_spiel.python.algorithms import ismcts, mcts

    with kuhn.registered():
        game = pyspiel.load_game(bridge.register("kuhn_test"))
        assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)
        state = game.new_initial_state()
        for card in ("king", "queen"):
            state.apply_action(bridge.action_id(state, card))
        state.apply_action(bridge.action_id(state, "bet"))
        assert state.information_state_string(1) == "seat 1 card queen bets bet"  # not the king
        assert state.observation_string(0) == "seat 0 card king bets bet"
        resampled = {bridge.resampler(seed)(state, 1).rometools_state.cards for seed in range(12)}
        assert resampled == {("king", "queen"), ("jack", "queen")}  # seat 1 keeps its queen
        # OpenSpiel's information-set MCTS with the game's resampler: with the queen facing a
        # bet, calling wins half the time (against a jack) and folding never; it calls
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 200,
                               random_state=np.random.RandomState(0))
        bot.set_resampler(bridge.resampler(0))
        assert bridge.action_of(state, bot.step(state)) == "bet"
        # a plain ISMCTSBot, no resampler set: it calls the state's resample_from_infostate (issue 44)
        plain = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 200,
                                 random_state=np.random.RandomState(0))
        assert bridge.action_of(state, plain.step(state)) == "bet"
        sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
        twins = {state.resample_from_infostate(1, sampler).rometools_state.cards for _ in range(12)}
        assert twins == {("king", "queen"), ("jack", "queen")}   # seat 1 keeps its queen


def test_import_without_openspiel_says_how_to_install_it():
    code = textwrap.dedent("""
        import sys
        sys.modules["pyspiel"] = None  # as if open_spiel were not installed
        import rometools, rometools.core.search, rometools.interop
        try:
            import rometools.interop.openspiel
        except ImportError as err:
            print(err)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ("rometools.interop.openspiel needs OpenSpiel, an optional extra: "
                                  "pip install 'rometools[openspiel]' (or pip install 'open_spiel>=2.0.2')")


def test_doctests_are_not_collected_without_openspiel(tmp_path):
    (tmp_path / "block_pyspiel.py").write_text("import sys\nsys.modules['pyspiel'] = None\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "block_pyspiel", "--collect-only", "-q",
                          "rometools/interop", "rometools/core/search.py"],
                         capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "openspiel.py" not in out.stdout and "search.py" in out.stdout


def test_the_bridge_imports_and_exits_cleanly_in_a_fresh_interpreter():
    # OpenSpiel holds each game's creator until after the interpreter finalizes; a
    # closure there aborted the process at exit (a class does not)
    code = "import pyspiel, rometools.interop.openspiel\npyspiel.load_game('rometools_caesars_empire')\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize("game_id", rometools.games())
def test_a_states_text_written_from_its_parents_equals_it_written_whole(game_id):
    """A state's text (its history as JSON) is written once per node, from the parent's text and the
    last action when the parent's was written: at every node of a random game, and for a state whose
    parent's text was never asked for, it equals the history written out whole."""
    import json

    spec = game_spec(game_id)
    game = bridge.load(game_id)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    skipped = 0
    while not state.is_terminal():
        if rng.random() < 0.2:   # a parent whose text nobody asked for
            skipped += 1
        else:
            whole = json.dumps(bridge._json(spec.rules.action_history(state.rometools_state)), separators=(",", ":"))
            assert str(state) == whole
            assert str(state.clone()) == whole
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert skipped and str(state) == json.dumps(
        bridge._json(spec.rules.action_history(state.rometools_state)), separators=(",", ":"))
