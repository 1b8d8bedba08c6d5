"""The conformance suite: every registry-wide check of a game, as one function any package can call.

:func:`check_game` plays a registered game and holds it to the protocol
(:mod:`rometools.core.protocol`), the saved-game format
(:mod:`rometools.core.playout`) and the data-file rules (:mod:`rometools.core.data`),
for every config it is given, and raises :class:`AssertionError` naming the
check, the config and what went wrong. rometools' own tests call it over the
registry (``tests/test_conformance.py``, ``tests/test_hostile_saved_games.py``,
``tests/test_hostile_files.py``); a game in another package calls it from its
own tests, as OpenSpiel's games call ``random_sim_test`` and pgx's call
``api_test``::

    # tests/test_pig.py of a designer's package
    from rometools.testing import check_game

    def test_pig_conforms():
        check_game("pig")

The checks (:data:`CHECKS`, in the order they run):

=====================  =========================================================================
``playthroughs``       ``n_games`` seeded games from ``new_game(config)``, every bot of the game
                       seated in turn; at every node: each score within ``score_bounds``; before
                       the end, legal actions non-empty, distinct and JSON values (``str``,
                       ``int``, tuples of them); at a chance node the outcomes are the legal
                       actions, in order, with exact ``Fraction`` probabilities > 0 summing to
                       1; at a decision the seat is one of the game's and the bot's action
                       legal; ``apply`` returns a new state and leaves its input unchanged; at
                       the end ``is_over``, no legal action and no chance outcome; every game
                       ends within :data:`MAX_GAME_ACTIONS` actions.
``round_trips``        for every game played: ``from_json(to_json(s)) == s``, the saved game
                       names the game, ``replay(text, upto=0)`` is ``initial_state(s)``, which
                       is ``new_game(config)``; ``states`` replays the history to ``s``;
                       ``turn_states`` skips chance nodes; the registered ``movers``,
                       ``score_parts`` and ``ranks`` agree with the play; the config (its
                       components and board), ``new_game(config)``, a state a few actions in and
                       the finished game come back equal from :mod:`pickle` (worker processes,
                       Dask) and :func:`copy.deepcopy`.
``same_seed``          ``play`` with the same seed gives the same game (and saved game); another
                       seed gives another game unless the game has no choice at all.
``actions``            at decision and chance nodes of a game: every legal action applies; a value
                       that is no action of any game (``None``, ``3.5``, ``True``, ``{"a": 1}``...)
                       is refused with ``InvalidActionError``, another node's action or chance
                       outcome with ``IllegalActionError`` (python-chess's rule,
                       ``docs/architecture.md``), malformed variants of the legal actions with a
                       ``RulesError``, the state unchanged; a registered ``action_text`` tells the
                       legal actions apart; a finished game refuses every action.
``listed``             in fuzzed play (:func:`~rometools.testing.hostile.check_listed`), every action
                       ``apply`` accepts is listed by ``legal_actions``, or recorded as a listed
                       one (the state that one gives): a saved game never holds an action the
                       rules did not offer.
``hostile_actions``    at the start, a chance node, two decisions and the end, an action nested
                       100,000 deep, strings and tuples of a million, a number of 5,000 digits, a
                       legal action with a huge part: a ``RulesError`` of at most
                       :data:`~rometools.testing.hostile.MAX_MESSAGE` characters, the state unchanged.
``bots_refuse``        every bot of the game raises ``ArgumentError`` ("no decision to make") at a
                       chance node and at the end, the state unchanged.
``reference_cycles``   playing (every bot, two seeds) leaves no object for the cyclic garbage
                       collector.
``tampered_saves``     a saved game truncated, with keys removed, values of the wrong type,
                       actions swapped, removed, doubled or replaced, an option changed: a
                       ``DataFileError`` naming ``<saved game>`` or a ``RulesError``, never
                       another exception; an edit without a fresh checksum is refused; a
                       resealed one loads only as a legal game.
``openspiel``          OpenSpiel's ``random_sim_test`` through :mod:`rometools.interop.openspiel`
                       (:data:`OPENSPIEL_SIMS` games), when ``pyspiel`` is installed.
``hostile_options``    every option of the game set alone to each hostile value (and ``inf``,
                       ``nan``, a NUL byte): refused naming the option in at most
                       :data:`~rometools.testing.hostile.MAX_MESSAGE` characters, or accepted and
                       a game of random bots ends.
``saved_game_files``   a saved game's file option naming a path outside the bundled data and the
                       saved game's own folder (missing, a folder, a device, a pipe, too large,
                       readable, through ``..``) gets one message, the same for every
                       path; a bundled file, a copy beside the saved game or under ``allow=`` loads.
``playable_data``      a decimal number of a bundled data file made NaN or infinity is refused;
                       each bundled data file a file option takes, cut to one entry per array of
                       tables and with whole numbers set to 0 and 1: a variant that loads is
                       refused at set-up in words, or a game of random bots with it plays to its
                       end, at the fewest and the most players.
``data_files``         every bundled data file of the game (``GameSpec.data_files``), broken in
                       every class of hostile input (:func:`check_data_file`), loaded in a
                       process capped at :data:`MEMORY_CAP` bytes: a ``DataFileError`` naming
                       the file (and the entry, for a wrong value), or a clean load when the
                       change leaves a valid file; never another exception, a hang or a
                       memory blow-up.
=====================  =========================================================================

Between ``bots_refuse`` and ``reference_cycles``, ``hidden_information``: for a game that
registers ``information_state`` and ``resample``, twins the seat to move cannot tell apart
(made by ``resample``, and the games' own states with the same information state) have the
same information state and legal actions for it, get the same move from every bot and the
same MCTS decision with the same seed, and resample to the same state for the same rng
(:mod:`rometools.testing.hidden_information`); then ``resample_reachable``: every such twin
made by ``resample`` is a state the game reaches (its history replays to it). For a
perfect-information game the report notes that neither applies.

No check assumes what a particular game has: a set-up with no chance node, a
game with no chance at all, no boolean option, two turns, no data files, or
data files with any key names. What could not be checked (no chance node was
met, OpenSpiel not installed, no hidden information) is said in the returned
:class:`CheckReport`.

:func:`registered` puts a game in the registry for a ``with`` block (a toy
game of a test), and :func:`perft` counts action sequences (python-chess's
"perft"), for golden counts.

Examples
--------
>>> from rometools.testing import check_game
>>> report = check_game("imperator", configs=[{"players": 2}], n_games=2,
...                     checks=["playthroughs", "round_trips", "actions"])
>>> print(report)
imperator: 3 checks passed on 1 config
  config 0 {'players': 2}: playthroughs, round_trips, actions
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from rometools.core.bots import Bot, RandomBot
from rometools.core.errors import (
    ArgumentError,
    IllegalActionError,
    InvalidActionError,
    RulesError,
)
from rometools.core.formatting import seat_range, shown
from rometools.core.load import load_game
from rometools.core.playout import (
    play,
    replay,
    sample_outcome,
    states,
    turn_states,
)
from rometools.core.protocol import CHANCE, TERMINAL
from rometools.core.registry import game_spec
from rometools.testing._common import _node_name, _require, _same, _snapshot, _unchanged
from rometools.testing.data_files import check_data_file
from rometools.testing.hidden_information import check_hidden_information, check_resample_reachable
from rometools.testing.hostile import (
    check_hostile_actions,
    check_hostile_options,
    check_listed,
    check_playable_files,
    check_saved_game_files,
    kept_values,
)
from rometools.testing.saved_games import check_saved_game

__all__ = [
    "CHECKS",
    "MAX_GAME_ACTIONS",
    "OPENSPIEL_SIMS",
    "CheckReport",
    "check_game",
]

#: The checks of :func:`check_game`, in the order they run, each with what it holds.
CHECKS: dict[str, str] = {
    "playthroughs": "seeded playthroughs hold the protocol at every node",
    "round_trips": "saved games, replays, pickle, deepcopy and the registered hooks give the same game back",
    "same_seed": "the same seed plays the same game, another seed another",
    "actions": "every legal action applies; illegal and malformed ones are refused, the state unchanged",
    "listed": "apply accepts only what legal_actions lists (or records as a listed action)",
    "hostile_actions": "actions nested 100,000 deep or megabytes long are refused in a few hundred characters",
    "bots_refuse": "bots refuse chance nodes and finished games",
    "hidden_information": "what a seat cannot see changes neither its information state, its bots, MCTS nor resample",
    "resample_reachable": "a resampled state is one the game reaches: its history replays to it",
    "reference_cycles": "playing leaves no objects in reference cycles",
    "tampered_saves": "tampered saved games are refused",
    "openspiel": "OpenSpiel's random_sim_test passes through the bridge",
    "hostile_options": "every option set to a hostile value is refused in a few hundred characters, or plays",
    "saved_game_files": "a saved game names only bundled files and files beside it, nothing about the others",
    "playable_data": "a data file that loads gives a game that plays, or one refused in words at set-up",
    "data_files": "every bundled data file, broken every way, is a DataFileError naming it",
}
#: A game not over after this many actions (chance outcomes included) fails ``playthroughs``.
MAX_GAME_ACTIONS = 100_000
#: Games OpenSpiel's ``random_sim_test`` plays per config (at most ``n_games``): its
#: information-state strings are the whole history, so its cost grows with the square of
#: a game's length.
OPENSPIEL_SIMS = 3
#: Seeds ``same_seed`` tries before deciding that other seeds play the same game.
OTHER_SEEDS = 20

#: Values that are never an action of any game (not JSON actions, or of no action's type).
NEVER_ACTIONS = (None, 3.5, float("nan"), True, False, {"a": 1}, [["x"]], b"x")
#: Values that are plausible actions of some game (ids, numbers, tuples) and of none here, usually.
UNLIKELY_ACTIONS = (12, -1, 10**30, "", "no such action", ("rome",), ("zz", "yy"), (), "9" * 40)


# ===================================================================== the report
@dataclass(frozen=True)
class CheckReport:
    """What :func:`check_game` checked (it raises on the first failure, so all of it passed).

    Attributes
    ----------
    game : str
        The game id.
    passed : tuple of (str, str)
        ``(check, config label)`` for every check that ran and passed.
    notes : tuple of str
        What could not be checked, and why ("no chance node in 20 games:
        bots were not tried at one"; "OpenSpiel is not installed").
    """

    game: str
    passed: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        configs: dict[str, list[str]] = {}
        for check, label in self.passed:
            configs.setdefault(label, []).append(check)
        checks = len({c for c, _ in self.passed})
        lines = [f"{self.game}: {checks} check{'s' * (checks != 1)} passed on "
                 f"{sum(1 for label in configs if label != _ALL_CONFIGS)} config"
                 f"{'s' * (sum(1 for label in configs if label != _ALL_CONFIGS) != 1)}"]
        lines += [f"  {label}: {', '.join(names)}" for label, names in configs.items()]
        lines += [f"  note: {note}" for note in self.notes]
        return "\n".join(lines)


_ALL_CONFIGS = "the game"


# ===================================================================== check_game
def check_game(game_id: str, *, configs: Sequence[Mapping[str, Any] | Any] | None = None, n_games: int = 20,
               seed: int = 0, checks: Sequence[str] | None = None) -> CheckReport:
    """Run every registry-wide check on one registered game; raise on the first failure.

    Parameters
    ----------
    game_id : str
        A registered game (:func:`rometools.games`; a package's game is
        registered through its ``rometools.games`` entry point, a test's toy
        game with :func:`registered`).
    configs : sequence of dict or config objects, optional
        Option dicts (``{"players": 3}``) or configs of the game. Default: the
        game's ``sample_configs``.
    n_games : int
        Seeded games played per config by ``playthroughs`` (each also goes
        through ``round_trips``); OpenSpiel plays ``min(n_games,``
        :data:`OPENSPIEL_SIMS` ``)``.
    seed : int
        The first seed: game ``k`` of a config is played with seed ``seed + k``.
        The same arguments check the same games.
    checks : sequence of str, optional
        Names from :data:`CHECKS` to run (in :data:`CHECKS` order). Default: all.

    Returns
    -------
    CheckReport
        The checks that passed on each config, and notes on what could not be
        checked for this game (no chance node met, OpenSpiel not installed).

    Raises
    ------
    AssertionError
        On the first failed check: ``check_game('pig'): check 'playthroughs'
        (seeded playthroughs hold the protocol at every node) failed on config 1
        {'players': 3}: game seed 4 (bots ['random', 'greedy', 'random']), after
        17 actions: chance outcomes sum to 5/6, not 1``. An exception the game
        raises where none is expected (a ``TypeError`` from ``apply``) is
        reported the same way, chained.
    ArgumentError
        For an unknown game or check, ``n_games`` not a whole number 1 or
        more, an empty ``configs``; :class:`~rometools.core.errors.OptionError`
        for an option the game refuses.

    See Also
    --------
    check_data_file : the ``data_files`` check for one file.
    registered : register a toy game for a ``with`` block.
    rometools.core.protocol : the protocol the checks hold a game to.
    rometools.core.playout.load_saved_game : the saved-game format.

    Notes
    -----
    "``apply`` leaves its input unchanged" compares the state's compared
    fields (``config``, and fields declared ``compare=False`` such as the seed
    and an engine's cache, left out) pickled before and after; when the bytes
    differ, the unpickled copy must still equal the state (a cache filled on
    the way is not a change).

    Examples
    --------
    >>> report = check_game("caesars_empire", configs=[{"players": 2}], n_games=1,
    ...                     checks=["same_seed", "bots_refuse"])
    >>> report.passed
    (('same_seed', "config 0 {'players': 2}"), ('bots_refuse', "config 0 {'players': 2}"))
    >>> check_game("caesars_empire", checks=["speed"])
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: unknown check 'speed'; the checks are playthroughs, round_trips, same_seed, actions, listed, hostile_actions, bots_refuse, hidden_information, resample_reachable, reference_cycles, tampered_saves, openspiel, hostile_options, saved_game_files, playable_data, data_files
    """
    spec = game_spec(game_id)
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ArgumentError(f"n_games must be a whole number 1 or more, got {shown(n_games)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ArgumentError(f"seed must be a whole number 0 or more, got {shown(seed)}")
    wanted = list(CHECKS) if checks is None else list(checks)
    for name in wanted:
        if name not in CHECKS:
            raise ArgumentError(f"unknown check {shown(name)}; the checks are {', '.join(CHECKS)}")
    if configs is None:
        configs = list(spec.sample_configs)
    elif isinstance(configs, Mapping | str) or not isinstance(configs, Sequence) or not configs:
        raise ArgumentError(f"configs must be a non-empty list of option dicts or configs, got {shown(configs)}")
    cases = [_Case(spec, i, config, n_games, seed) for i, config in enumerate(configs)]
    passed: list[tuple[str, str]] = []
    notes: list[str] = []
    with kept_values():   # the megabyte-sized hostile values made once for every config and check
        for name in (n for n in CHECKS if n in wanted):
            if name in _GAME_CHECKS:
                check = _GAME_CHECKS[name]
                if _run(spec.id, name, _ALL_CONFIGS,
                        lambda check=check, notes=notes: check(spec, seed, notes)) is not False:
                    passed.append((name, _ALL_CONFIGS))
                continue
            for case in cases:
                if _run(spec.id, name, case.label, lambda case=case, name=name: _CONFIG_CHECKS[name](case)) is not False:
                    passed.append((name, case.label))
                notes += [n for n in case.notes if n not in notes]
                case.notes.clear()
    return CheckReport(spec.id, tuple(passed), tuple(notes))


def _run(game_id: str, name: str, label: str, check) -> Any:
    """Run one check (``False``: it could not run, a note says why); any failure becomes an
    AssertionError naming the game, the check and the config."""
    where = f"check_game({game_id!r}): check {name!r} ({CHECKS[name]}) failed on {label}"
    try:
        return check()
    except AssertionError as err:
        raise AssertionError(f"{where}: {err}") from err
    except Exception as err:  # the game raised where the check expected no exception
        raise AssertionError(f"{where}: {type(err).__name__}: {err}") from err


class _Case:
    """One config of the game under check, and the games its checks share (played once)."""

    def __init__(self, spec: Any, index: int, config: Any, n_games: int, seed: int):
        self.spec = spec
        if isinstance(config, Mapping):
            self.options: dict[str, Any] | None = dict(config)
            self.game = load_game(spec.id, **self.options)
            self.label = f"config {index} {self.options!r}"
        elif isinstance(config, spec.config):
            self.options = None
            self.game = load_game(spec.id, config=config)
            self.label = f"config {index} (a {type(config).__name__} object)"
        else:
            raise ArgumentError(f"configs[{index}] must be an option dict or a {spec.config.__name__}, "
                                f"got {type(config).__name__}")
        self.rules = spec.rules
        self.n_games = n_games
        self.seed = seed
        self.notes: list[str] = []
        self.ends: list[Any] | None = None  # the playthroughs' final states
        self.chance_node: Any = None  # a chance node met in the playthroughs
        self._played: Any = None

    def random_bot(self) -> Bot:
        """The game's own ``"random"`` bot, else the generic uniform one."""
        return self.game.bot("random") if "random" in self.spec.bots else RandomBot()

    def played(self) -> Any:
        """A finished game of random bots, seeded with ``seed`` (``play``: the set-up through ``new_game(config, rng)``)."""
        if self._played is None:
            self._played = play(self.game, self.random_bot(), rng=self.seed)
        return self._played

    def finished(self) -> list[Any]:
        """The final states to check: the playthroughs' (if they ran) and the played one."""
        return [*(self.ends or []), self.played()]

    def find_chance_node(self) -> Any:
        if self.chance_node is None:
            self.chance_node = next((s for s in states(self.played())
                                     if self.rules.current_player(s) == CHANCE), None)
        return self.chance_node


# ===================================================================== helpers
def _is_action_value(value: Any) -> bool:
    """A JSON action: ``str``, ``int`` (not ``bool``) or a tuple of them."""
    if type(value) in (str, int):
        return True
    return type(value) is tuple and all(_is_action_value(v) for v in value)


# ===================================================================== the checks of one config
def _check_playthroughs(case: _Case) -> None:
    game, rules = case.game, case.rules
    names = sorted(case.spec.bots)
    low, high = game.score_bounds
    players = game.players
    case.ends = []
    for k in range(case.n_games):
        s = case.seed + k
        bots = [names[(k + seat) % len(names)] for seat in range(players)]
        seats = game.bots(bots)
        rng = np.random.default_rng(s)
        state = rules.new_game(game.config)
        for n in range(MAX_GAME_ACTIONS + 1):
            at = f"game seed {s} (bots {bots}), after {n} actions"
            player = rules.current_player(state)
            legal = rules.legal_actions(state)
            points = tuple(rules.scores(state))
            _require(len(points) == players, f"{at}: scores {points} are not one per seat ({players})")
            _require(all(low <= x <= high for x in points),
                     f"{at}: scores {points} outside the registered score bounds ({low}, {high})")
            if player == TERMINAL:
                _require(rules.is_over(state), f"{at}: current_player is TERMINAL but is_over is False")
                _require(legal == [], f"{at}: the game is over, yet the legal actions are {shown(legal)}")
                _require(rules.chance_outcomes(state) == [], f"{at}: the game is over, yet chance outcomes are listed")
                break
            _require(not rules.is_over(state), f"{at}: is_over is True but current_player is {player!r}")
            _require(isinstance(legal, list) and legal, f"{at}: no legal action before the end (got {shown(legal)})")
            odd = next((a for a in legal if not _is_action_value(a)), None)
            _require(odd is None, f"{at}: legal action {shown(odd)} is not a JSON action value "
                                  f"(a str, an int, or a tuple of them)")
            _require(len(set(legal)) == len(legal), f"{at}: the legal actions repeat one: {shown(legal)}")
            if player == CHANCE:
                outcomes = rules.chance_outcomes(state)
                probabilities = [p for _, p in outcomes]
                _require(all(isinstance(p, Fraction) and p > 0 for p in probabilities),
                         f"{at}: chance probabilities must be Fractions > 0, got {shown(probabilities)}")
                _require(sum(probabilities) == 1,
                         f"{at}: chance probabilities sum to {sum(probabilities)}, not 1")
                _require([a for a, _ in outcomes] == legal,
                         f"{at}: the chance outcomes are not the legal actions in the same order")
                listed, weights = rules.chance_weights(state)
                _require(list(listed) == legal and all(type(w) is int for w in weights)
                         and [Fraction(w, sum(weights)) for w in weights] == probabilities,
                         f"{at}: chance_weights {shown(list(weights))} are not the chance outcomes' probabilities")
                if case.chance_node is None:
                    case.chance_node = state
                action = sample_outcome(outcomes, rng)
            else:
                _require(type(player) is int and 0 <= player < players,
                         f"{at}: current_player is {player!r}, not a seat {seat_range(players)}, CHANCE or TERMINAL")
                _require(rules.chance_outcomes(state) == [], f"{at}: chance outcomes listed at a decision node")
                action = seats[player].choose(state, rng)
                _require(action in legal, f"{at}: bot {bots[player]!r} chose {shown(action)}, not a legal action")
            snap = _snapshot(state, rules)
            after = rules.apply(state, action)
            _require(_unchanged(state, snap, rules), f"{at}: apply(state, {shown(action)}) changed its input state")
            _require(after is not state and after != state,
                     f"{at}: apply(state, {shown(action)}) returned a state equal to its input")
            if case.spec.apply_legal is not rules.apply:   # the engine's fast path: the same state
                _require(case.spec.apply_legal(state, action) == after,
                         f"{at}: apply_legal(state, {shown(action)}) differs from apply's state")
            state = after
        else:
            _require(False, f"game seed {s} (bots {bots}) did not end within {MAX_GAME_ACTIONS:,} actions")
        case.ends.append(state)
    if case.chance_node is None:
        case.notes.append(f"no chance node in {case.n_games} games of {case.label}")


def _check_copies(named: Sequence[tuple[str, Any]], notes: list[str], label: str, own: Sequence[type]) -> None:
    """Each value of ``named`` (``(what, value)`` pairs) comes back equal from pickle and deepcopy.

    When the game's own config or state class (``own``) is one :mod:`pickle` cannot find by its
    name (defined inside a function or a doctest), nothing of the game can be pickled wherever it
    is: that is where it is defined, not a defect of its rules, so it is a note (process executors
    cannot send it), and deepcopy is still checked. Anything else that does not pickle (a lambda,
    a lock, a cache of C objects in a state) fails."""
    import copy
    import pickle

    pickled = True
    for what, value in named:
        for how, copied in (("pickle", lambda v: pickle.loads(pickle.dumps(v))), ("copy.deepcopy", copy.deepcopy)):
            if how == "pickle" and not pickled:
                continue
            try:
                back = copied(value)
            except pickle.PicklingError as err:
                found = re.search(r"<class '([^']+)'>: (attribute lookup|it's not)", str(err))
                if how == "pickle" and found and found.group(1) in {f"{t.__module__}.{t.__qualname__}" for t in own}:
                    notes.append(f"{label}: not pickled: {found.group(1)} is defined where pickle cannot find "
                                 f"it by name (process executors cannot send it)")
                    pickled = False
                    continue
                _require(False, f"{how} of {what} fails: {type(err).__name__}: {shown(str(err), 200)}")
            except Exception as err:
                _require(False, f"{how} of {what} fails: {type(err).__name__}: {shown(str(err), 200)}")
            _require(back == value, f"{how} of {what} gives a value not equal to it")


def _check_round_trips(case: _Case) -> None:
    spec, rules, game = case.spec, case.rules, case.game
    new = rules.new_game(game.config)
    _require(new == rules.new_game(game.config), "new_game(config) twice gives two different states")
    played = states(case.played())
    _check_copies([("the config", game.config), ("new_game(config)", new),
                   (f"the state after {min(3, len(played) - 1)} actions", played[min(3, len(played) - 1)]),
                   ("the finished game", played[-1])], case.notes, case.label,
                  (spec.config, spec.state))
    players = game.players
    for end in case.finished():
        at = f"the game {_node_name(rules, end)}, seed {getattr(end, 'seed', None)!r}"
        history = rules.action_history(end)
        text = rules.to_json(end)
        _require(json.loads(text).get("game") == spec.id, f"{at}: the saved game does not name {spec.id!r}")
        _require(rules.from_json(text) == end, f"{at}: from_json(to_json(state)) is not the state")
        initial = rules.initial_state(end)
        _require(initial == new, f"{at}: initial_state of a new game's state is not new_game(config)")
        _require(replay(text, upto=0) == initial, f"{at}: replay(saved game, upto=0) is not initial_state")
        every = states(end)
        _require(every[0] == initial and every[-1] == end,
                 f"{at}: replaying the action history from initial_state does not give the state")
        _require(len(every) == 1 + len(history), f"{at}: states() is not one state per action plus the first")
        turns = turn_states(end)
        _require(turns[-1] == end and all(rules.current_player(s) != CHANCE for s in turns),
                 f"{at}: turn_states() holds a chance node or does not end with the state")
        seats = [p for p in map(rules.current_player, every[:-1]) if p >= 0]
        _require(list(spec.movers(end)) == seats, f"{at}: the registered movers(state) is not the seat of "
                                                   f"every decision: {shown(list(spec.movers(end)))}")
        points = list(rules.scores(end))
        parts = spec.score_parts(end)
        _require(len(parts) == players and [p["total"] for p in parts] == points,
                 f"{at}: score_parts totals {[p.get('total') for p in parts]} are not the scores {points}")
        for seat, p in enumerate(parts):
            others = [v for k, v in p.items() if k != "total"]
            _require(not others or sum(others) == p["total"],
                     f"{at}: seat {seat}'s score parts {p} do not add up to its total")
        ranks = spec.ranks(end)
        _require(len(ranks) == players and all(1 <= r <= players for r in ranks),
                 f"{at}: ranks {ranks} are not one rank 1 to {players} per seat")


def _check_same_seed(case: _Case) -> None:
    game, rules = case.game, case.rules
    bot = case.random_bot()
    first, again = case.played(), play(game, bot, rng=case.seed)
    _require(first == again and rules.to_json(first) == rules.to_json(again),
             f"two games of random bots with seed {case.seed} differ")
    history = rules.action_history(first)
    for j in range(1, OTHER_SEEDS + 1):
        if rules.action_history(play(game, bot, rng=case.seed + j)) != history:
            return
    branches = any(len(rules.legal_actions(s)) > 1 for s in states(first))
    _require(not branches, f"seeds {case.seed + 1} to {case.seed + OTHER_SEEDS} all play the game of seed "
                           f"{case.seed}, though it has nodes with several legal actions: the game or its "
                           f"random bot ignores the rng it is given")


def _probes(legal: list, others: list) -> list:
    """Values to offer ``apply`` at a node with these legal actions: junk, malformed variants of the
    legal actions, and the actions of other nodes (``others``); none of them legal here."""
    derived: list[Any] = []
    for a in legal[:5]:
        if type(a) is int:
            derived += [float(a), a == 1, str(a)]
        elif type(a) is str:
            derived += [a + "\x00", a.upper() + "?", (a,)]
        elif type(a) is tuple:
            derived += [a + ("x",), (*a[:-1], None)] + ([a[:-1]] if len(a) > 1 else [])
    out = []
    for p in (*NEVER_ACTIONS, *UNLIKELY_ACTIONS, *derived, *others):
        if not any(_same(p, a) for a in legal) and not any(_same(p, q) for q in out):
            out.append(p)
    return out


def _refused(rules: Any, state: Any, action: Any, at: str, expected: type[RulesError] = RulesError) -> None:
    """``apply`` refuses ``action`` at ``state`` with ``expected`` (exactly that class, unless it is
    :class:`RulesError`, which any subclass satisfies)."""
    try:
        rules.apply(state, action)
    except RulesError as err:
        if expected is RulesError or type(err) is expected:
            return
        raise AssertionError(f"{at}: apply(state, {shown(action)}) raised {type(err).__name__} ({err}), "
                             f"not {expected.__name__}") from err
    except Exception as err:
        raise AssertionError(f"{at}: apply(state, {shown(action)}) raised {type(err).__name__} ({err}), "
                             f"not {expected.__name__}") from err
    raise AssertionError(f"{at}: apply(state, {shown(action)}) accepted an action that is not legal here")


def _expected_refusal(probe: Any, others: list) -> type[RulesError]:
    """The class the protocol's rule asks for (``docs/architecture.md``): a value that is no
    action of any game is invalid, an action met elsewhere in the game is illegal here; for the
    rest (plausible ids of some other game) any refusal will do."""
    if any(_same(probe, n) for n in NEVER_ACTIONS):
        return InvalidActionError
    if any(_same(probe, o) for o in others):
        return IllegalActionError
    return RulesError


def _check_actions(case: _Case) -> None:
    spec, rules = case.spec, case.rules
    end = case.played()
    every = states(end)
    decisions = [s for s in every if rules.current_player(s) >= 0]
    chances = [s for s in every if rules.current_player(s) == CHANCE]
    nodes: list[Any] = []
    for s in (decisions[:1] + decisions[len(decisions) // 2:][:1] + decisions[-1:] + chances[len(chances) // 2:][:1]):
        if not any(s is t for t in nodes):
            nodes.append(s)
    if not chances:
        case.notes.append(f"{case.label}: actions were not offered at a chance node (none in the game "
                          f"of seed {case.seed})")
    everywhere = [a for s in nodes for a in rules.legal_actions(s)[:3]]
    for node in nodes:
        at = f"the game of seed {case.seed}, {_node_name(rules, node)}"
        legal = rules.legal_actions(node)
        snap = _snapshot(node, rules)
        for action in legal:
            try:
                rules.apply(node, action)
            except RulesError as err:
                raise AssertionError(f"{at}: the legal action {shown(action)} is refused: {err}") from err
        if rules.current_player(node) >= 0 and spec.action_text is not None:
            texts = [spec.action_text(node, a) for a in legal]
            clash = next((t for t in texts if texts.count(t) > 1), None)
            _require(clash is None, f"{at}: action_text gives {clash!r} to two legal actions")
        for probe in _probes(legal, everywhere):
            _refused(rules, node, probe, at, _expected_refusal(probe, everywhere))
        _require(_unchanged(node, snap, rules), f"{at}: refusing actions changed the state")
    at = f"the game of seed {case.seed}, {_node_name(rules, end)}"
    snap = _snapshot(end, rules)
    for action in everywhere:
        _refused(rules, end, action, at, IllegalActionError)
    for junk in NEVER_ACTIONS:
        _refused(rules, end, junk, at, InvalidActionError)
    _require(_unchanged(end, snap, rules), f"{at}: refusing actions changed the state")


def _check_bots_refuse(case: _Case) -> None:
    game, rules = case.game, case.rules
    end = case.finished()[0]
    chance = case.find_chance_node()
    nodes = [(end, "the end")] + ([(chance, "a chance node")] if chance is not None else [])
    if chance is None:
        case.notes.append(f"{case.label}: bots were not tried at a chance node (none in the game of "
                          f"seed {case.seed})")
    for name in case.spec.bots:
        for node, what in nodes:
            snap = _snapshot(node, rules)
            try:
                action = game.bot(name).choose(node, np.random.default_rng(case.seed))
            except ArgumentError as err:
                _require("no decision to make" in str(err),
                         f"bot {name!r} at {what}: the ArgumentError does not say there is no decision "
                         f"to make: {err}")
            except Exception as err:
                raise AssertionError(f"bot {name!r} at {what}: raised {type(err).__name__} ({err}), "
                                     f"not an ArgumentError") from err
            else:
                raise AssertionError(f"bot {name!r} chose {shown(action)} at {what}; it must raise an "
                                     f"ArgumentError")
            _require(_unchanged(node, snap, rules), f"bot {name!r} at {what}: the state changed")


def _check_reference_cycles(case: _Case) -> None:
    """Every object a game makes is freed by its reference count: none waits for the cyclic
    garbage collector (a recursive closure in a rule once made ~20 such objects a tied route,
    3% of simulation time in collections). Every bot of the game, two seeds each.

    A game is deterministic per seed, so its garbage comes back when the same seeds are played
    again; garbage that does not come back was made by another thread of the process (a test
    session's Dask cluster timing out a wait made a ``TimeoutError``, its ``traceback`` and a
    ``partial``), and is not held against the game."""
    for name in case.spec.bots:
        play(case.game, name, rng=case.seed + 100)  # caches and imports first
        left = _garbage_of_plays(case, name)
        if left:
            again = _garbage_of_plays(case, name)
            left = [n for n in left if n in again]
        _require(left == [], f"bot {name!r}: {len(left)} objects in reference cycles, "
                             f"e.g. {sorted(set(left))[:5]}")


def _garbage_of_plays(case: _Case, name: str) -> list[str]:
    """The type names of the cyclic garbage two seeded games of bot ``name`` leave."""
    gc.collect()
    # every object there is now is set aside (gc.freeze): the collections below look at what the
    # games make, not at the whole process (a test session's heap made each take a tenth of a second)
    gc.freeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for s in range(2):
            play(case.game, name, rng=case.seed + s)
        gc.collect()
        return _game_garbage(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.unfreeze()


#: Modules of the background machinery a test session may leave running (a Dask cluster's event
#: loop, a kernel's threads): their garbage, made while a game plays, is not the game's.
_BACKGROUND = ("asyncio", "_asyncio", "concurrent", "contextvars", "_contextvars", "distributed", "tornado",
               "threading", "selectors", "socket", "ssl", "msgpack", "zmq", "jupyter_client", "ipykernel")
_CONTAINERS = frozenset({"dict", "list", "tuple", "set", "cell", "function", "method", "frame",
                         "builtin_function_or_method", "weakref", "deque"})


def _game_garbage(garbage: list) -> list[str]:
    """The type names of the cyclic garbage a game made: without the background machinery's, and,
    when that machinery made some, without the plain containers no one can attribute."""
    names = [(type(o).__module__ or "", type(o).__name__) for o in garbage]
    background = [n for m, n in names if m.split(".")[0] in _BACKGROUND]
    ours = [n for m, n in names if m.split(".")[0] not in _BACKGROUND]
    return [n for n in ours if n not in _CONTAINERS] if background else ours


def _check_openspiel(case: _Case) -> bool | None:
    try:
        import pyspiel

        import rometools.interop.openspiel as bridge
    except ImportError:
        case.notes.append("OpenSpiel is not installed (pip install 'rometools[openspiel]'): "
                          "its random_sim_test was not run")
        return False
    if case.options is None:
        case.notes.append(f"{case.label}: OpenSpiel takes options, not a config object: "
                          f"its random_sim_test was not run")
        return False
    game = bridge.load(case.spec.id, **case.options)
    _require(game.num_players() == case.game.players, "OpenSpiel's number of players is not the config's")
    pyspiel.random_sim_test(game, num_sims=min(case.n_games, OPENSPIEL_SIMS), serialize=False, verbose=False)


def _check_tampered_saves(case: _Case) -> None:
    check_saved_game(case.played(), seed=f"{case.label} {case.seed}")


_CONFIG_CHECKS = {
    "playthroughs": _check_playthroughs,
    "round_trips": _check_round_trips,
    "same_seed": _check_same_seed,
    "actions": _check_actions,
    "listed": lambda case: check_listed(case.spec, case.game, case.seed, case.n_games),
    "hostile_actions": lambda case: check_hostile_actions(case.spec, case.game, case.seed, case.notes),
    "bots_refuse": _check_bots_refuse,
    "hidden_information": lambda case: check_hidden_information(
        case.spec, case.game, [*((f"the playthrough of seed {case.seed + k}", end) for k, end in enumerate(case.ends or [])),
                               (f"the random bots' game of seed {case.seed}", case.played())], case.seed, case.notes),
    "resample_reachable": lambda case: check_resample_reachable(
        case.spec, case.game, [*((f"the playthrough of seed {case.seed + k}", end) for k, end in enumerate(case.ends or [])),
                               (f"the random bots' game of seed {case.seed}", case.played())], case.seed, case.notes),
    "reference_cycles": _check_reference_cycles,
    "tampered_saves": _check_tampered_saves,
    "openspiel": _check_openspiel,
}


def _check_data_files(spec: Any, seed: int, notes: list[str]) -> None:
    if not spec.data_files:
        notes.append(f"{spec.id} has no bundled data files")
    for name in spec.data_files:
        check_data_file(spec.id, name, seed=seed)


#: The checks of the game as a whole (run once, not per config): ``(spec, seed, notes)``.
_GAME_CHECKS = {
    "hostile_options": lambda spec, seed, notes: check_hostile_options(spec.id),
    "saved_game_files": lambda spec, seed, notes: check_saved_game_files(spec.id, notes),
    "playable_data": lambda spec, seed, notes: check_playable_files(spec.id, seed, notes),
    "data_files": _check_data_files,
}


