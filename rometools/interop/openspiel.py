"""Every registered rometools game as an OpenSpiel game (``pip install 'rometools[openspiel]'``).

Importing this module registers each game of :func:`rometools.games` with
OpenSpiel under ``rometools_<id>``; then OpenSpiel's own tools and algorithms
(``random_sim_test``, MCTS, information-set MCTS, CFR on small games,
evaluation) run on it::

    import pyspiel
    import rometools.interop.openspiel

    game = pyspiel.load_game("rometools_caesars_empire", {"players": 3})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

The bridge is written over the common game protocol and the registry, so a
game registered later is bridged by :func:`register` (``import`` registers the
games registered at that moment). Nothing else in rometools imports this
module; without OpenSpiel, importing it raises an :class:`ImportError` that
says how to install it.

What the bridge declares
------------------------
* **Game type.** Sequential; explicit stochastic chance (every chance node of
  the protocol is an OpenSpiel chance node with its exact probabilities, as
  floats); perfect information, or imperfect information when the game
  registers ``information_state`` (it hides hands); constant-sum terminal
  returns; information-state and observation strings, no tensors.
* **Parameters.** Every option of the game's config whose default is a
  ``bool``, ``int``, ``float`` or ``str`` is an OpenSpiel game parameter with
  that default (Caesar's Empire: ``players``, ``route_policy``, ``no_move``...).
  Options whose default is ``None`` (Caesar's Empire: ``max_chain_paths``,
  ``roads_per_player``) go in the string parameter ``options`` as
  ``name:value`` pairs joined by ``;``, each value a JSON scalar or a bare
  string: ``{"options": "max_chain_paths:2;roads_per_player:8"}`` (no commas
  or parentheses, so the game's name string reloads it; :func:`load` writes
  it for you). The config validates every option and its error names it.
  The seat handicap every game has (:mod:`rometools.core.handicap`) is the
  string parameter ``handicap``: ``seat:points`` entries, seats from 1,
  separated by spaces, ``seat:points/bonus`` with a start bonus
  (``{"handicap": "4:2 1:-1"}``, ``"4:0/1"``; :func:`load` takes
  ``handicap={4: 2}`` and writes it).
* **Action ids.** The protocol's actions are JSON values; OpenSpiel's are
  integers. Action id ``i`` at a decision node is ``legal_actions(state)[i]``,
  the game's own legal list in the game's order, and chance outcome ``i`` is
  ``chance_outcomes(state)[i]``. So ids are *state-local*: the same id means
  the same move in every state with the same legal list, which is what
  OpenSpiel's algorithms need (a tree node's children, an information set's
  moves: a seat's legal moves depend only on what it knows), and the ids of a
  recorded game are stable across processes. A global table of every action
  ever seen would not be bounded (Caesar's Empire shows over 10,000 distinct
  chains in a few thousand games, still growing). ``num_distinct_actions`` is
  therefore a bound on the *number* of legal actions at a node,
  :data:`MAX_ACTIONS`, and ``max_chance_outcomes`` on the outcomes of a chance
  node, :data:`MAX_CHANCE_OUTCOMES`; a node with more raises an ``ArgumentError``
  naming the bound (raise the module constant before loading the game). Read
  an id back with :func:`action_of` and find one with :func:`action_id`. An id
  that is no id of the game (not a whole number below the bound) is an
  ``InvalidActionError``; one that is, but not below the node's number of
  legal actions, an ``IllegalActionError``.
* **Action strings** at a decision are the game's ``action_text(state, action)``
  (every built-in game registers one: ``"connect Rome – Capua (1 Road)"``);
  chance outcomes, and the actions of a game without one, are the value
  written out (``"(rome, capua)"``, ``"gold"``); JSON when two texts clash.
* **Returns** at the end are win shares (:func:`rometools.core.search.game_results`,
  ``utility="win"``): 1 to the winner after the rulebook's tiebreakers,
  ``1/k`` each to ``k`` seats tied for first, 0 otherwise; 0 before the end.
  ``max_game_length`` (decisions) is :data:`MAX_GAME_LENGTH`.
* **Observation.** A perfect-information game's information state and
  observation string are the history of the game (every action as JSON,
  chance outcomes included), which determines the state. A game that hides
  information gives both strings through its ``information_state(state, seat)``
  hook, and ``resample_from_infostate`` (OpenSpiel's ``ResampleFromInfostate``) its
  ``resample`` hook, so OpenSpiel's information-set MCTS
  (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) plays it as it is; :func:`resampler`
  gives the bot a seeded one (``bot.set_resampler(resampler(seed))``) for a search that
  repeats. (Not OpenSpiel's C++ ``pyspiel.ISMCTSBot``: its bridge for Python games does not
  forward ``ResampleFromInfostate``, and with OpenSpiel 2.0.2 its ``step`` on a Python game
  crashes the interpreter.)
* **States** hold an immutable rometools state (:attr:`RometoolsState.rometools_state`),
  so OpenSpiel's ``clone`` shares it instead of copying it; ``serialize``
  writes the rometools saved game (:func:`rometools.core.playout.to_json`).

Examples
--------
>>> import pyspiel
>>> game = pyspiel.load_game("rometools_caesars_empire", {"players": 2})
>>> game.num_players(), game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
(2, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.action_to_string(state.legal_actions()[0])
(True, 'meat')
>>> pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as err:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "rometools.interop.openspiel needs OpenSpiel, an optional extra: "
        "pip install 'rometools[openspiel]' (or pip install 'open_spiel>=2.0.2')"
    ) from err

from rometools.core.errors import ArgumentError, InvalidActionError, RulesError, refused
from rometools.core.game import CHANCE, TERMINAL, GameSpec, game_of, game_spec, games
from rometools.core.search import game_results

__all__ = [
    "MAX_ACTIONS",
    "MAX_CHANCE_OUTCOMES",
    "HANDICAP_PARAMETER",
    "MAX_GAME_LENGTH",
    "OPTIONS_PARAMETER",
    "PREFIX",
    "RometoolsGame",
    "RometoolsState",
    "action_id",
    "action_of",
    "from_rometools",
    "game_name",
    "load",
    "register",
    "resampler",
]

#: OpenSpiel names are ``PREFIX + game id``.
PREFIX = "rometools_"
#: ``num_distinct_actions``: most legal actions at one decision node (ids are indices).
MAX_ACTIONS = 4096
#: ``max_chance_outcomes``: most outcomes of one chance node.
MAX_CHANCE_OUTCOMES = 4096
#: ``max_game_length``: most decisions in one game.
MAX_GAME_LENGTH = 10_000
#: The game parameter holding the options whose default is ``None``: ``"name:value;name:value"``.
OPTIONS_PARAMETER = "options"
#: The game parameter holding the seat handicap: ``"4:2 1:-1"`` (seat:points, seats from 1), ``"4:2/1"``.
HANDICAP_PARAMETER = "handicap"

_SCALARS = (bool, int, float, str)
_REGISTERED: dict[str, pyspiel.GameType] = {}


def game_name(game_id: str) -> str:
    """The OpenSpiel name of a registered rometools game.

    Examples
    --------
    >>> game_name("caesars_empire")
    'rometools_caesars_empire'
    """
    return PREFIX + game_spec(game_id).id


# ===================================================================== text of actions and states
def _plain(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "(" + ", ".join(_plain(v) for v in value) + ")"
    return str(value)


def _json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)


def _texts(spec: GameSpec, state: Any, actions: list, decision: bool = True) -> list[str]:
    """One distinct text per action: the game's words at a decision, else the value written out (JSON on a clash)."""
    if spec.action_text is not None and decision:
        texts = [spec.action_text(state, a) for a in actions]
    else:
        texts = [_plain(a) for a in actions]
    if len(set(texts)) < len(texts):
        texts = [json.dumps(_json(a), separators=(",", ":")) for a in actions]
    return texts


# ===================================================================== the state
class _Node:
    """One immutable rometools state and what the bridge derives from it, computed once.

    Shared by every OpenSpiel state that holds it (``clone`` deep-copies a
    state's attributes: this one copies as itself), pickled as a saved game.
    """

    __slots__ = ("actions", "history", "parent_history", "player", "spec", "state", "texts")

    def __init__(self, spec: GameSpec, state: Any, parent: _Node | None = None):
        self.spec, self.state = spec, state
        self.player = spec.rules.current_player(state)
        self.actions: list | None = None
        self.texts: list[str] | None = None
        #: ``(actions, JSON text)`` of the history, once written (:func:`_history_text`); the parent
        #: node's, if it was written, so this one adds its last action to it.
        self.history: tuple[int, str] | None = None
        self.parent_history = None if parent is None else parent.history

    def legal(self) -> list:
        """Decision node: the legal actions; chance node: ``[(outcome, Fraction)]``."""
        if self.actions is None:
            rules, p = self.spec.rules, self.player
            self.actions = (rules.chance_outcomes(self.state) if p == CHANCE
                            else [] if p == TERMINAL else rules.legal_actions(self.state))
            bound, what = ((MAX_CHANCE_OUTCOMES, "MAX_CHANCE_OUTCOMES") if p == CHANCE
                           else (MAX_ACTIONS, "MAX_ACTIONS"))
            if len(self.actions) > bound:
                raise ArgumentError(f"{self.spec.title}: a node with {len(self.actions)} legal actions exceeds "
                                 f"the bridge's bound {what} = {bound}; raise "
                                 f"rometools.interop.openspiel.{what} before loading the game")
        return self.actions

    def values(self) -> list:
        """The protocol's actions (or outcomes) in id order."""
        legal = self.legal()
        return [a for a, _ in legal] if self.player == CHANCE else legal

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    def __reduce__(self):
        return (_node_from_json, (self.spec.id, self.spec.rules.to_json(self.state)))


def _node_from_json(game_id: str, text: str) -> _Node:
    spec = game_spec(game_id)
    return _Node(spec, spec.rules.from_json(text))


class RometoolsState(pyspiel.State):
    """An OpenSpiel state holding an immutable rometools state.

    Built by :meth:`RometoolsGame.new_initial_state` or :func:`from_rometools`.
    Action ids are indices into the node's legal actions (see the module
    docstring).
    """

    def __init__(self, game: RometoolsGame, node: _Node):
        super().__init__(game)
        self._node = node

    @property
    def rometools_state(self) -> Any:
        """The rometools state (immutable; read it with the game's functions)."""
        return self._node.state

    # ---- the PyState interface
    def current_player(self) -> int:
        p = self._node.player
        return p if p >= 0 else pyspiel.PlayerId.CHANCE if p == CHANCE else pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._node.legal())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._node
        if node.player != CHANCE:
            return []
        return [(i, float(p)) for i, (_, p) in enumerate(node.legal())]

    def _apply_action(self, action: int) -> None:
        node = self._node
        values = node.values()
        spec = node.spec
        apply = spec.rules.apply if node.player == CHANCE else spec.apply_legal
        self._node = _Node(spec, apply(node.state, values[_index(action, len(values), node.player == CHANCE)]), node)

    def _action_to_string(self, player: int, action: int) -> str:
        node = self._node
        if node.texts is None:
            node.texts = _texts(node.spec, node.state, node.values(), node.player >= 0)
        return node.texts[_index(action, len(node.texts), node.player == CHANCE)]

    def is_terminal(self) -> bool:
        return self._node.player == TERMINAL

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RometoolsState:
        """A state ``player_id`` cannot tell from this one: the game's ``resample`` hook (the hidden part
        dealt again), OpenSpiel's ``ResampleFromInfostate``.

        OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) calls it
        when no resampler is set, so a plain ``ISMCTSBot`` plays a game that hides hands.
        ``probability_sampler`` is OpenSpiel's: a callable giving uniform numbers in [0, 1)
        (``pyspiel.UniformProbabilitySampler``, which ISMCTS seeds from the clock); two of them seed
        the resample. For a search that repeats, give the bot :func:`resampler` with a seed
        (``bot.set_resampler(resampler(seed))``). A perfect-information game gives a copy of the state.

        Examples
        --------
        >>> g = load("via_romana", players=2)
        >>> s = g.new_initial_state()
        >>> while s.is_chance_node():
        ...     s.apply_action(0)
        >>> t = s.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(7, 0.0, 1.0))
        >>> t.information_state_string(0) == s.information_state_string(0), t.rometools_state.hands[0] == s.rometools_state.hands[0]
        (True, True)
        """
        import numpy as np

        node = self._node
        if node.spec.resample is None:
            return self.clone()
        rng = np.random.default_rng(np.random.SeedSequence([int(probability_sampler() * 2**32) for _ in range(2)]))
        return RometoolsState(self.get_game(), _Node(node.spec, node.spec.resample(node.state, player_id, rng)))

    def returns(self) -> list[float]:
        node = self._node
        if node.player != TERMINAL:
            return [0.0] * self.num_players()
        return game_results(node.spec, node.state, "win")

    def __str__(self) -> str:
        return _history_text(self._node)


def _index(action: Any, n: int, chance: bool) -> int:
    """An action id checked against the node's ``n`` legal actions (numpy integers welcome):
    :class:`InvalidActionError` for no id of the game at all (not a whole number from 0 to the
    bound, :data:`MAX_CHANCE_OUTCOMES` at a chance node, else :data:`MAX_ACTIONS`),
    :class:`IllegalActionError` for an id the node does not have."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer) or not 0 <= action < n:
        bound = MAX_CHANCE_OUTCOMES if chance else MAX_ACTIONS
        raise refused(f"action id {action!r} is not legal here: the ids are 0 to {n - 1}",
                      well_formed=not isinstance(action, bool) and isinstance(action, int | np.integer)
                      and 0 <= action < bound)
    return int(action)


def _history_text(node: _Node) -> str:
    """The state as text: its history as JSON (after its start position's, if it has one). Written
    once per node, and from the parent's text plus the last action when the parent's was written (a
    game's history grows by one action a move): written out whole at every node, a long game cost
    time in the square of its length (OpenSpiel's random_sim_test asks for it several times a node)."""
    spec, state = node.spec, node.state
    if node.history is None:
        actions = spec.rules.action_history(state)
        before = node.parent_history
        if before is not None and before[0] == len(actions) - 1:
            last = json.dumps(_json(actions[-1]), separators=(",", ":"))
            text = before[1][:-1] + ("," if before[0] else "") + last + "]"
        else:
            text = json.dumps(_json(actions), separators=(",", ":"))
        node.history, node.parent_history = (len(actions), text), None
    history = node.history[1]
    start = spec.position_to_dict(state) if spec.position_to_dict is not None else None
    return history if start is None else json.dumps(start, sort_keys=True) + " " + history


class _Observer:
    """OpenSpiel's PyObserver: strings only (no tensor)."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.tensor = None
        self.dict: dict = {}

    def set_from(self, state: RometoolsState, player: int) -> None:
        pass

    def string_from(self, state: RometoolsState, player: int) -> str:
        node = state._node
        if node.spec.information_state is not None:
            return node.spec.information_state(node.state, player)
        return _history_text(node)


# ===================================================================== the game
class RometoolsGame(pyspiel.Game):
    """A registered rometools game with its config, as an OpenSpiel game.

    Load it with ``pyspiel.load_game("rometools_<id>", params)`` or :func:`load`.

    Attributes
    ----------
    spec : GameSpec
    config : the game's config object
    """

    #: Set on the subclass :func:`register` makes for each game (OpenSpiel calls ``cls(params)``).
    spec: GameSpec
    game_type: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None):
        spec, game_type = self.spec, self.game_type
        params = dict(game_type.parameter_specification) | dict(params or {})
        options = {k: v for k, v in params.items() if k not in (OPTIONS_PARAMETER, HANDICAP_PARAMETER)}
        options[HANDICAP_PARAMETER] = _read_handicap(params.get(HANDICAP_PARAMETER, ""))   # read by the config
        more = _read_options(params.get(OPTIONS_PARAMETER, ""))
        # an option in ``options`` wins over its scalar parameter (a per-seat option's tuple)
        self.config = spec.config(**(options | more))
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.config.players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type, info, dict(params))
        self._initial = _Node(spec, spec.rules.new_game(self.config))

    def new_initial_state(self, *args) -> RometoolsState:
        """A new game: the protocol's ``new_game(config)``, a chance node if the set-up is random."""
        if args:
            raise ArgumentError("a rometools game starts only from new_game(config) or from_rometools(game, state)")
        return RometoolsState(self, self._initial)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        """The observer behind ``information_state_string`` and ``observation_string``."""
        return _Observer(iig_obs_type, params)


def _parameters(spec: GameSpec) -> dict[str, Any]:
    """The config's options with a scalar default, as OpenSpiel parameters, plus ``options``."""
    out: dict[str, Any] = {}
    for o in spec.config.options():  # declared once (rometools.core.options)
        if o.name == OPTIONS_PARAMETER:
            raise ArgumentError(f"{spec.title}: a config option named {OPTIONS_PARAMETER!r} clashes with the "
                             "bridge's parameter of that name")
        if isinstance(o.default, _SCALARS):
            out[o.name] = o.default
    out[HANDICAP_PARAMETER] = ""   # the seat handicap, as text (_read_handicap)
    out[OPTIONS_PARAMETER] = ""
    return out


def _read_handicap(text: Any) -> Any:
    """The ``handicap`` parameter as the config's ``handicap`` option: the text itself, which the
    config reads with the one handicap parser (:meth:`rometools.core.handicap.Handicap.parse`
    reads ``"4:2 1:-1/1"`` as the command line's ``{4: 2}``); only its type and length are checked
    here.

    >>> from rometools.core.handicap import Handicap
    >>> Handicap.parse(_read_handicap("4:2 1:-1/1")) == Handicap.parse({4: 2, 1: {"points": -1, "bonus": 1}})
    True
    """
    if isinstance(text, Mapping):
        return dict(text)
    if not isinstance(text, str) or len(text) > 1_000:
        raise ArgumentError(f"the {HANDICAP_PARAMETER} parameter is text such as '4:2 1:-1', got {text!r:.80}")
    return text


def _write_handicap(value: Any) -> str:
    """The ``handicap`` parameter's text for a handicap (``{4: 2}`` -> ``"4:2"``)."""
    from rometools.core.handicap import Handicap

    return " ".join(f"{s}:{p}" + (f"/{b}" if b else "") for s, p, b in Handicap.parse(value).entries)


def _read_options(text: str) -> dict[str, Any]:
    """``"max_chain_paths:2;roads_per_player:8"`` -> ``{"max_chain_paths": 2, "roads_per_player": 8}``."""
    out: dict[str, Any] = {}
    for item in filter(None, text.split(";")):
        name, sep, value = item.partition(":")
        if not sep or not name.isidentifier() or name in out:
            raise ArgumentError(f"the {OPTIONS_PARAMETER} parameter holds name:value pairs joined by ';', "
                             f"got {text!r}")
        if value.startswith("[") and value.endswith("]"):  # a per-seat option: "[2 1 1 0 0]", "[[1 5] [3]]"
            try:
                out[name] = _tuples(json.loads(re.sub(r"\s+", ",", value.strip())))
            except ValueError as err:
                raise ArgumentError(f"the {OPTIONS_PARAMETER} parameter's {name} is not a list of numbers "
                                    f"separated by spaces: {value[:80]!r}") from err
        else:
            out[name] = _read_value(value)
    return out


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _read_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _has_text(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, tuple | list) and any(_has_text(v) for v in value))


def _write_options(options: Mapping[str, Any]) -> str:
    """The ``options`` parameter's text: ``name:value`` pairs joined by ``;``, a tuple of numbers
    (a per-seat option) in brackets, space-separated (``influence_zones:[2 1 1 0 0]``,
    ``workers:[[1 5] [3]]``)."""
    parts = []
    for name, value in options.items():
        if isinstance(value, tuple | list) and not _has_text(value):
            text = json.dumps(value, separators=(" ", ":"))
        else:
            text = value if isinstance(value, str) else json.dumps(value)
        if any(ch in text for ch in ",;()=") or (isinstance(value, str) and text != value.strip()):
            raise ArgumentError(f"option {name}={value!r} cannot be written in the {OPTIONS_PARAMETER} parameter")
        parts.append(f"{name}:{text}")
    return ";".join(parts)


def _player_range(spec: GameSpec) -> tuple[int, int]:
    counts = []
    for n in range(1, 11):
        try:
            spec.config(players=n)
        except (ValueError, TypeError):  # OptionError is a ValueError
            continue
        counts.append(n)
    if not counts:
        default = spec.config().players
        return default, default
    return min(counts), max(counts)


def register(game_id: str) -> str:
    """Register one rometools game with OpenSpiel (once); its OpenSpiel name.

    Importing this module registers every game registered at that moment; a
    game registered later is bridged by calling this.

    Raises
    ------
    ArgumentError
        For an unknown game.

    Examples
    --------
    >>> register("caesars_empire")
    'rometools_caesars_empire'
    """
    spec = game_spec(game_id)
    name = PREFIX + spec.id
    if name in _REGISTERED:
        return name
    low, high = _player_range(spec)
    hidden = spec.information_state is not None
    game_type = pyspiel.GameType(
        short_name=name, long_name=f"rometools {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=_parameters(spec))
    # a class, not a closure: OpenSpiel keeps the creator until the interpreter has
    # finalized, and releasing a Python function then aborts the process
    creator = type(f"RometoolsGame_{spec.id}", (RometoolsGame,), {"spec": spec, "game_type": game_type})
    pyspiel.register_game(game_type, creator)
    _REGISTERED[name] = game_type
    return name


def load(game_id: str, /, **options: Any) -> RometoolsGame:
    """``pyspiel.load_game`` of a rometools game with its config options.

    Options whose default is ``None`` go into the ``options`` JSON parameter
    for you.

    Examples
    --------
    >>> g = load("caesars_empire", players=3, max_chain_paths=2, handicap={3: 2})
    >>> g.num_players(), g.config.max_chain_paths, g.config.handicap.points(2)
    (3, 2, 2)
    """
    name = register(game_id)
    spec = _REGISTERED[name].parameter_specification
    params = {k: v for k, v in options.items()
              if k in spec and k not in (OPTIONS_PARAMETER, HANDICAP_PARAMETER) and isinstance(v, _SCALARS)}
    if options.get(HANDICAP_PARAMETER) is not None:
        params[HANDICAP_PARAMETER] = _write_handicap(options[HANDICAP_PARAMETER])
    more = {k: v for k, v in options.items() if k not in params and k != HANDICAP_PARAMETER}
    if more:
        params[OPTIONS_PARAMETER] = _write_options(more)
    return pyspiel.load_game(name, params)


# ===================================================================== between the two worlds
def from_rometools(game: RometoolsGame, state: Any) -> RometoolsState:
    """An OpenSpiel state of ``game`` holding a rometools state (a position, a game in progress).

    Its OpenSpiel history is empty: OpenSpiel starts from here.

    Raises
    ------
    ArgumentError
        If the state is not of ``game``'s rometools game and config.

    Examples
    --------
    >>> import rometools
    >>> g = load("caesars_empire", players=2)
    >>> s = rometools.load_game("caesars_empire", players=2).new_game(rng=1)
    >>> from_rometools(g, s).current_player()
    0
    """
    if game_of(state) is not game.spec or state.config != game.config:
        raise ArgumentError(f"the state is not a state of {game.spec.title} with this game's config")
    return RometoolsState(game, _Node(game.spec, state))


def action_of(state: RometoolsState, action: int) -> Any:
    """The protocol's action (or chance outcome) that id ``action`` stands for at ``state``.

    Examples
    --------
    >>> import rometools
    >>> g = load("caesars_empire", players=2)
    >>> s = from_rometools(g, rometools.load_game("caesars_empire", players=2).new_game(rng=1))
    >>> action_of(s, action_id(s, ("rome", "capua")))
    ('rome', 'capua')
    """
    node = state._node
    values = node.values()
    return values[_index(action, len(values), node.player == CHANCE)]


def action_id(state: RometoolsState, action: Any) -> int:
    """The id of a protocol action (or chance outcome) at ``state``.

    Raises
    ------
    InvalidActionError
        If ``action`` is no action of the game at all (as the game's ``apply`` judges it).
    IllegalActionError
        If it is one, but not legal at ``state``.
    """
    node = state._node
    values = node.values()
    for i, a in enumerate(values):
        if type(a) is type(action) and a == action:
            return i
    try:  # the game's apply says whether it is an action of the game at all
        node.spec.rules.apply(node.state, action)
    except InvalidActionError:
        well_formed = False
    except RulesError:
        well_formed = True
    else:  # applies, but not in this spelling (a list for a tuple)
        well_formed = True
    raise refused(f"{action!r} is not a legal action here", well_formed=well_formed)


def resampler(rng: Any = None):
    """A resampling callback for OpenSpiel's information-set MCTS, from the game's ``resample`` hook.

    ``ISMCTSBot(...).set_resampler(resampler(seed))``: the callback
    ``(state, player) -> state`` returns a state ``player`` cannot tell from
    ``state`` (the hidden part dealt again), drawing from ``rng`` (SPEC 7).
    For a perfect-information game it returns a copy of ``state``.

    Examples
    --------
    >>> g = load("caesars_empire", players=2)
    >>> s = g.new_initial_state()
    >>> str(resampler(0)(s, 0)) == str(s)
    True
    """
    from rometools.core.rng import as_generator

    gen = as_generator(rng)

    def resample(state: RometoolsState, player: int) -> RometoolsState:
        node = state._node
        if node.spec.resample is None:
            return state.clone()
        return RometoolsState(state.get_game(), _Node(node.spec, node.spec.resample(node.state, player, gen)))

    return resample


for _game_id in games():
    register(_game_id)
