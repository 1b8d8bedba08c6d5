"""rometools.testing on toy games: games it must pass whatever they lack, and planted defects it must name.

The toys (``tests/toys/``) are written to the template and registered only
for a test (:func:`rometools.testing.registered`): tic-tac-toe has no chance
at all and no boolean option, Duel is a game of two turns whose only chance
node comes at the end, the dice race has a random set-up (or none, by an
option), chance every turn and a data file with key names no bundled game
uses; Kuhn poker (``tests/interop/kuhn.py``) hides the cards.
"""

from __future__ import annotations

import dataclasses
import gc
import re
import types
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import rometools
from rometools.core.data import data_dir
from rometools.core.errors import ArgumentError, RulesError
from rometools.core.game import CHANCE, Bot, RandomBot
from rometools.core.playout import play
from rometools.core.protocol import KERNEL
from rometools.testing import CHECKS, check_game, perft, registered
from tests.interop import kuhn
from tests.toys import dice_race, duel, tictactoe

TOY_DATA = Path(__file__).parent / "toys" / "data"


@pytest.fixture
def toy_data(tmp_path, monkeypatch):
    """A data folder with every bundled game's files and the toys' (``ROMETOOLS_DATA_DIR``)."""
    folder = tmp_path / "data"
    folder.mkdir()
    for game_folder in [*data_dir().iterdir(), *TOY_DATA.iterdir()]:
        if game_folder.is_dir():
            (folder / game_folder.name).symlink_to(game_folder.resolve())
    monkeypatch.setenv("ROMETOOLS_DATA_DIR", str(folder))
    return folder


def _openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


TOYS = {"tictactoe": tictactoe.SPEC, "duel": duel.SPEC, "dice_race": dice_race.SPEC, "kuhn": kuhn.SPEC}


@pytest.mark.parametrize("spec", TOYS.values(), ids=TOYS)
def test_a_toy_game_passes_every_check(toy_data, spec):
    with registered(spec):
        report = check_game(spec.id, n_games=8)
    ran = {check for check, _ in report.passed}
    assert ran == set(CHECKS) - (set() if _openspiel() else {"openspiel"}) - (
        set() if spec.information_state else {"hidden_information", "resample_reachable"})
    configs = {label for _, label in report.passed} - {"the game"}
    assert len(configs) == len(spec.sample_configs)
    assert ("OpenSpiel is not installed" in " ".join(report.notes)) is not _openspiel()
    assert (f"{spec.id} has no bundled data files" in report.notes) is (not spec.data_files)


def test_the_toys_lack_what_they_are_for(toy_data):
    """Each toy has the property its check is about (so passing means something)."""
    with registered(tictactoe.SPEC):
        game = rometools.load_game("toy_tictactoe")
        assert not any(o.kind is bool for o in tictactoe.TicTacToeConfig.options())
        assert all(game.current_player(s) != CHANCE for s in _states(play(game, "random", rng=1)))
    with registered(duel.SPEC):
        for options in duel.SPEC.sample_configs:
            game = rometools.load_game("toy_duel", **options)
            assert not any(o.kind is bool for o in duel.DuelConfig.options())
            assert [len(game.spec.movers(play(game, "random", rng=s))) for s in range(5)] == [2] * 5
    with registered(dice_race.SPEC):
        for options, random_start in (({}, True), ({"first_by_roll": False}, False)):
            game = rometools.load_game("toy_dice_race", **options)
            assert (game.current_player(game.new_game()) == CHANCE) is random_start
        keys = set(Path(TOY_DATA / "toy_dice_race" / "dice.toml").read_text().split())
        assert {"pips", "weight"} <= keys and not {"value", "count", "points", "roads"} & keys


def _states(state):
    from rometools.core.playout import states

    return states(state)


def test_the_reports_notes_say_what_was_not_checked(toy_data):
    with registered(tictactoe.SPEC):
        report = check_game("toy_tictactoe", n_games=3, checks=["playthroughs", "bots_refuse", "data_files"])
    assert report.notes == ("no chance node in 3 games of config 0 {}",
                            "config 0 {}: bots were not tried at a chance node (none in the game of seed 0)",
                            "toy_tictactoe has no bundled data files")
    assert str(report).splitlines() == [
        "toy_tictactoe: 3 checks passed on 1 config",
        "  config 0 {}: playthroughs, bots_refuse",
        "  the game: data_files",
        *(f"  note: {note}" for note in report.notes)]


def test_config_objects_are_checked_too(toy_data):
    with registered(duel.SPEC):
        report = check_game("toy_duel", configs=[duel.DuelConfig(highest=2)], n_games=3,
                            checks=["playthroughs", "round_trips", "openspiel"])
    assert report.passed[:2] == (("playthroughs", "config 0 (a DuelConfig object)"),
                                 ("round_trips", "config 0 (a DuelConfig object)"))
    if _openspiel():
        assert "config 0 (a DuelConfig object): OpenSpiel takes options, not a config object: " \
               "its random_sim_test was not run" in report.notes


# ----------------------------------------------------------------- planted defects
def _variant(toy, game_id, functions=None, **changes):
    """The toy's spec with some of its kernel functions (or registered hooks) replaced."""
    module = types.ModuleType(f"{toy.__name__}_{game_id}")
    for name in KERNEL:
        setattr(module, name, getattr(toy, name))
    for name, function in (functions or {}).items():
        setattr(module, name, function)
    return dataclasses.replace(toy.SPEC, **{"id": game_id, "rules": module, "apply_legal": None, "ranks": None,
                                            "movers": None, "extras": None, **changes})


def _apply_that_mutates(state, action):
    after = tictactoe.apply(state, action)
    object.__setattr__(state, "history", after.history)
    return after


def _chance_short_of_one(state):
    return [(outcome, p * Fraction(5, 6)) for outcome, p in dice_race.chance_outcomes(state)]


def _no_moves_after_four(state):
    return [] if len(state.history) == 4 else tictactoe.legal_actions(state)


def _a_third_seat_after_three(state):
    return 2 if len(state.history) == 3 else tictactoe.current_player(state)


def _apply_that_takes_none(state, action):
    return dataclasses.replace(state) if action is None else tictactoe.apply(state, action)


def _apply_that_hashes_junk(state, action):
    if isinstance(action, dict):
        return {action: 1}  # TypeError: unhashable
    return tictactoe.apply(state, action)


def _history_that_forgets(state):
    return tuple(state.history[:-1])


def _apply_that_leaves_a_cycle(state, action):
    loop: list = []
    loop.append(loop)
    return tictactoe.apply(state, action)


def _weights_that_favour_the_first(state):
    outcomes = [o for o, _ in dice_race.chance_outcomes(state)]
    return outcomes, [2] + [1] * (len(outcomes) - 1) if outcomes else []


def _apply_legal_that_drifts(state, action):
    """Applies another legal move than the one given, from the third move on."""
    legal = tictactoe.legal_actions(state)
    if len(state.history) >= 2 and len(legal) > 1:
        action = next(a for a in legal if a != action)
    return tictactoe.apply(state, action)


def _apply_that_takes_nine(state, action):
    """Takes 9, a cell the board does not have and legal_actions never lists, as a move."""
    if action == 9 and 8 in tictactoe.legal_actions(state):
        return dataclasses.replace(state, history=(*state.history, 9))
    return tictactoe.apply(state, action)


def _apply_that_echoes(state, action):
    """Quotes the whole action in its refusal (repr: a million characters, or a RecursionError)."""
    try:
        return tictactoe.apply(state, action)
    except RulesError as err:
        raise type(err)(f"{err}: {action!r}") from None


class _AnswersAtTheEnd(Bot):
    """Answers even when the game is over (it skips Bot.choose's refusal)."""

    name = "answers"

    def choose(self, state, rng=None):
        legal = tictactoe.legal_actions(state)
        return legal[0] if legal else 4


class _Seedless(Bot):
    """Ignores the rng it is given."""

    name = "random"

    def decide(self, state, rng):
        legal = tictactoe.legal_actions(state)
        return legal[int(np.random.default_rng(0).integers(len(legal)))]


DEFECTS = {
    "apply changes its input": (tictactoe, {"apply": _apply_that_mutates}, {}, "playthroughs",
                                "changed its input state"),
    "chance sums to 5/6": (dice_race, {"chance_outcomes": _chance_short_of_one}, {}, "playthroughs",
                           "chance probabilities sum to 5/6, not 1"),
    "chance weights off the law": (dice_race, {"chance_weights": _weights_that_favour_the_first}, {},
                                   "playthroughs", "are not the chance outcomes' probabilities"),
    "apply_legal is not apply": (tictactoe, {}, {"apply_legal": _apply_legal_that_drifts}, "playthroughs",
                                 "differs from apply's state"),
    "no legal action before the end": (tictactoe, {"legal_actions": _no_moves_after_four}, {}, "playthroughs",
                                       "after 4 actions: no legal action before the end"),
    "a score out of its bounds": (tictactoe, {}, {"score_bounds": lambda config: (0, 0)}, "playthroughs",
                                  "outside the registered score bounds (0, 0)"),
    "the saved game loses an action": (tictactoe, {"action_history": _history_that_forgets}, {}, "round_trips",
                                       "replaying its history gives a different state"),
    "the random bot ignores its rng": (tictactoe, {}, {"bots": {"random": _Seedless}}, "same_seed",
                                       "the game or its random bot ignores the rng"),
    "current_player names no seat": (tictactoe, {"current_player": _a_third_seat_after_three}, {}, "playthroughs",
                                     "current_player is 2, not a seat 0 to 1 (P1 to P2), CHANCE or TERMINAL"),
    "apply accepts None": (tictactoe, {"apply": _apply_that_takes_none}, {}, "actions",
                           "apply(state, None) accepted an action that is not legal here"),
    "apply raises TypeError": (tictactoe, {"apply": _apply_that_hashes_junk}, {}, "actions",
                               "apply(state, {'a': 1}) raised TypeError"),
    "apply accepts a cell it never lists": (tictactoe, {"apply": _apply_that_takes_nine}, {}, "listed",
                                            "apply accepted 9, which legal_actions does not list"),
    "a refusal quotes the whole action": (tictactoe, {"apply": _apply_that_echoes}, {}, "hostile_actions",
                                          "apply(state, nested 100,000 deep): RecursionError, not a RulesError"),
    "a bot answers at the end": (tictactoe, {}, {"bots": {"random": RandomBot, "answers": _AnswersAtTheEnd}},
                                 "bots_refuse", "bot 'answers' chose 4 at the end; it must raise an ArgumentError"),
    "apply leaves a reference cycle": (tictactoe, {"apply": _apply_that_leaves_a_cycle}, {}, "reference_cycles",
                                       "objects in reference cycles, e.g. ['list']"),
    "the loader trusts its file": (dice_race, {}, {"data_files": {"dice.toml": dice_race.load_dice_carelessly}},
                                   "data_files", "dice.toml, "),
}


def _with_data(toy_data, toy, spec):
    """A variant reads the toy's data files (bundled files are found by game id)."""
    if (TOY_DATA / toy.SPEC.id).is_dir():
        (toy_data / spec.id).symlink_to(TOY_DATA / toy.SPEC.id)
    return spec


#: Each planted defect's game id and check_game failure, by name, once computed: the careless
#: loader's is read by two tests, and its data_files check waits on a FIFO its loader opens until
#: the loading process stops it (10 s), so it is run once per process.
_FAILURES: dict[str, tuple[str, str]] = {}


def _planted_failure(toy_data, name: str) -> tuple[str, str]:
    """The planted defect's game id and the message of check_game's AssertionError on it."""
    if name not in _FAILURES:
        toy, functions, changes, _, _ = DEFECTS[name]
        spec = _with_data(toy_data, toy, _variant(toy, f"defect_{list(DEFECTS).index(name)}", functions, **changes))
        with registered(spec), pytest.raises(AssertionError) as info:
            check_game(spec.id, n_games=6)
        _FAILURES[name] = (spec.id, str(info.value))
    return _FAILURES[name]


@pytest.mark.parametrize("name", DEFECTS)
def test_a_planted_defect_fails_the_check_it_breaks(toy_data, name):
    _, _, _, check, detail = DEFECTS[name]
    game_id, message = _planted_failure(toy_data, name)
    where = "the game" if check == "data_files" else "config 0 {}"
    assert message.startswith(f"check_game({game_id!r}): check {check!r} ({CHECKS[check]}) failed on {where}: ")
    assert detail in message


def test_the_loaders_defects_are_listed(toy_data):
    lines = _planted_failure(toy_data, "the loader trusts its file")[1].splitlines()
    assert lines[0].endswith("broken variants:")
    assert "  non-UTF-8 byte: UnicodeDecodeError: " in "\n".join(lines)
    assert any(line.startswith("  empty: KeyError: ") for line in lines)


def test_garbage_another_thread_makes_once_is_not_held_against_the_game():
    """ci of stop 53: a Dask cluster's thread timed a wait out while Pig played, and its
    ``TimeoutError``, ``traceback`` and ``partial`` were counted as Pig's. Garbage that the same
    seeds do not make again is not the game's; a game's own cycle comes back (the planted
    defect above) and still fails."""
    made = []

    def apply_with_one_stray_cycle(state, action):
        if not made and gc.get_debug() & gc.DEBUG_SAVEALL:  # the first measured move only: a stray
            made.append(1)
            stray: list = []
            stray.append(stray)
        return tictactoe.apply(state, action)

    spec = _variant(tictactoe, "stray_cycle", {"apply": apply_with_one_stray_cycle})
    with registered(spec):
        report = check_game(spec.id, checks=["reference_cycles"], n_games=2)
    assert made == [1]
    assert ("reference_cycles", "config 0 {}") in report.passed


def test_a_tampered_saved_game_that_escapes_is_named(toy_data):
    spec = _variant(tictactoe, "hashes_junk", {"apply": _apply_that_hashes_junk})
    with registered(spec), pytest.raises(AssertionError) as info:
        check_game(spec.id, checks=["tampered_saves"])
    assert "check 'tampered_saves' (tampered saved games are refused) failed on config 0 {}: action " in str(
        info.value)
    assert "TypeError (unhashable type: 'dict'), not a DataFileError or RulesError" in str(info.value)


# ----------------------------------------------------------------- perft, registered, arguments
def test_perft_meets_tictactoes_published_counts():
    """Move sequences of 0 to 6 moves; every unfinished position after five moves has four moves
    left, so 15,120 - 54,720 / 4 = 1,440 of the games end on move 5 (X's three in a row: the
    published count of games won on the fifth move)."""
    with registered(tictactoe.SPEC):
        start = rometools.load_game("toy_tictactoe").new_game()
        counts = [perft(start, depth) for depth in range(7)]
    assert counts == [1, 9, 72, 504, 3024, 15120, 54720]
    assert counts[5] - counts[6] // 4 == 1440


def test_perft_counts_chance_outcomes_one_each():
    with registered(duel.SPEC):
        game = rometools.load_game("toy_duel", highest=2)
        # two bids each of 1 or 2; the two ties toss a coin: 2 + 2 sequences of three actions
        assert [perft(game.new_game(), d) for d in (1, 2, 3, 4)] == [2, 4, 4, 0]
    with pytest.raises(ArgumentError, match="depth must be a whole number 0 or more, got -1"):
        perft(rometools.load_game("imperator").new_game(), -1)


def test_registered_puts_a_game_in_the_registry_for_a_block_only():
    assert "toy_duel" not in rometools.games()
    with registered(duel.SPEC) as spec:
        assert spec is duel.SPEC and "toy_duel" in rometools.games()
        end = play(rometools.load_game("toy_duel"), "random", rng=1)
        assert rometools.load_game("toy_duel").from_json(rometools.load_game("toy_duel").to_json(end)) == end
        with pytest.raises(ValueError, match="game id 'toy_duel' is taken"), registered(duel.SPEC):
            pass
        with pytest.raises(ValueError, match="the state type DuelState is registered to game 'toy_duel'; give game 'toy_duel_again' its own"), \
                registered(dataclasses.replace(duel.SPEC, id="toy_duel_again")):
            pass
        assert "toy_duel_again" not in rometools.games()
    assert "toy_duel" not in rometools.games()
    with pytest.raises(ValueError, match="game id 'imperator' is taken by rometools.imperator.rules"), \
            registered(dataclasses.replace(duel.SPEC, id="imperator")):
        pass


@pytest.mark.parametrize(("arguments", "message"), [
    ({"checks": ["speed"]}, "unknown check 'speed'; the checks are playthroughs, "),
    ({"n_games": 0}, "n_games must be a whole number 1 or more, got 0"),
    ({"n_games": 2.5}, "n_games must be a whole number 1 or more, got 2.5"),
    ({"seed": -1}, "seed must be a whole number 0 or more, got -1"),
    ({"configs": []}, re.escape("configs must be a non-empty list of option dicts or configs, got []")),
    ({"configs": {"players": 2}}, "configs must be a non-empty list"),
    ({"configs": [3]}, "configs\\[0\\] must be an option dict or a GameConfig, got int"),
])
def test_wrong_arguments_are_argument_errors_not_failed_checks(arguments, message):
    with pytest.raises(ArgumentError, match=message):
        check_game("imperator", **arguments)
    with pytest.raises(ArgumentError, match="unknown game 'chess'"):
        check_game("chess")


def _refusal_that_mutates(state, action):
    """Refuses a taken cell as tic-tac-toe does, after writing the cell into the state's history."""
    if type(action) is int and 0 <= action <= 8 and action in state.history:
        object.__setattr__(state, "history", (*state.history, action))
    return tictactoe.apply(state, action)


def test_check_refusals_names_a_refused_action_that_changed_the_state():
    from rometools.testing import check_refusals

    spec = _variant(tictactoe, "defect_refusal", {"apply": _refusal_that_mutates})
    with registered(spec), pytest.raises(AssertionError, match="a refused action changed the state"):
        check_refusals(spec.id)
    with registered(_variant(tictactoe, "sound_refusal")):
        counts = check_refusals("sound_refusal")
    assert counts["InvalidActionError"] > 0 and counts["IllegalActionError"] > 0
