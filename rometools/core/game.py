"""The common game protocol, the bot protocol and the game registry.

Every rometools game is a module of pure functions over immutable states, in
the shape of OpenSpiel's ``python/games/kuhn_poker.py`` (STYLE.md, habit 2).
A game module provides:

=======================================  ==============================================
``new_game(config, rng=None)``           a new state; with ``rng`` the set-up chance
                                         nodes may be sampled at once (same law)
``current_player(state)``                the seat to move, :data:`CHANCE` or :data:`TERMINAL`
``legal_actions(state)``                 the legal actions (at a chance node: the outcomes)
``chance_outcomes(state)``               ``[(outcome, Fraction)]`` summing to 1 at a
                                         chance node, ``[]`` elsewhere
``apply(state, action)``                 a new state (the old one is never changed);
                                         ``RulesError`` for an illegal action
``is_over(state)``                       whether the game has ended
``scores(state)``                        points per seat (provisional before the end)
``action_history(state)``                the actions applied since the start, in order
``initial_state(state)``                 the state that history starts from
``to_json(state)`` / ``from_json(text)`` the saved game (:mod:`rometools.core.playout`)
=======================================  ==============================================

Actions are JSON values: ``str``, ``int``, or tuples of them (tuples become
JSON arrays in a saved game and arrays become tuples again on loading).

A game registers itself once with :func:`register_game` (the ``__init__`` of
its package does it), and is then listed by :func:`games` and built with its
options by :func:`load_game`. Everything written over the registry (the play
loop, saved games, the conformance test, the balance lab) picks it up.

Examples
--------
>>> import rometools
>>> "caesars_empire" in rometools.games()
True
>>> game = rometools.load_game("caesars_empire", players=3)
>>> game.title, game.config.players
("Caesar's Empire", 3)
>>> state = game.new_game(rng=1)
>>> game.current_player(state), len(game.legal_actions(state)) > 0
(0, True)
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from rometools.core.errors import RulesError
from rometools.core.formatting import shown

__all__ = [
    "CHANCE",
    "GENERIC_BOTS",
    "GENERIC_BOT_NAMES",
    "PROTOCOL",
    "TERMINAL",
    "Bot",
    "Game",
    "GameModule",
    "GameSpec",
    "config_options",
    "game_of",
    "games",
    "bundled_files",
    "load_game",
    "read_file_option",
    "register_game",
]

#: :func:`current_player` at a chance node (a draw, a deal, a shuffle).
CHANCE = -1
#: :func:`current_player` once the game is over.
TERMINAL = -4

#: The functions every game module provides (see the module docstring).
PROTOCOL = ("new_game", "current_player", "legal_actions", "chance_outcomes", "apply",
            "is_over", "scores", "action_history", "initial_state", "to_json", "from_json")

#: Game packages shipped with rometools: imported the first time the registry is read.
#: A new game adds its package here and calls :func:`register_game` in its ``__init__``.
BUILTIN_GAMES = ("rometools.caesars_empire", "rometools.augustus", "rometools.imperator")


@runtime_checkable
class GameModule(Protocol):
    """The functions a game module provides (structural type of :data:`PROTOCOL`)."""

    def new_game(self, config: Any = None, rng: Any = None) -> Any: ...
    def current_player(self, state: Any) -> int: ...
    def legal_actions(self, state: Any) -> list: ...
    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> tuple[int, ...]: ...
    def action_history(self, state: Any) -> tuple: ...
    def initial_state(self, state: Any) -> Any: ...
    def to_json(self, state: Any) -> str: ...
    def from_json(self, text: str) -> Any: ...


class Bot:
    """Base class of every bot: ``choose(state, rng) -> action``.

    A bot reads a state through its game's public functions and returns one
    legal action for the seat to move. Randomness comes only from the ``rng``
    passed in (a :class:`numpy.random.Generator`, SPEC 7), so the same seed
    plays the same game.

    Subclasses implement :meth:`decide`; :meth:`choose` first refuses chance
    and terminal nodes with a :class:`~rometools.core.errors.RulesError`.

    Attributes
    ----------
    name : str
        The name the bot is registered under (``"random"``, ``"greedy"``...).
    trusted : bool
        ``True`` only for a bot whose actions come from its engine's own legal
        lists: the play loop then applies them with the game's
        ``apply_legal`` (no second validation). Default ``False``: every
        action goes through ``apply`` and an illegal one raises.

    Examples
    --------
    >>> import rometools
    >>> game = rometools.load_game("caesars_empire")
    >>> bot = game.bot("random")
    >>> state = game.new_game(rng=0)
    >>> bot.choose(state, np.random.default_rng(1)) in game.legal_actions(state)
    True
    >>> bot.choose(game.new_game(), np.random.default_rng(1))
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: the random bot has no decision to make: a chance node (the set-up deal) is pending
    """

    name: ClassVar[str] = "bot"
    trusted: ClassVar[bool] = False

    def choose(self, state: Any, rng: Any = None) -> Any:
        """A legal action for the seat to move.

        Parameters
        ----------
        state : game state
            A decision node.
        rng : None, int or numpy.random.Generator
            Randomness for tie-breaks and random choices (SPEC 7).

        Raises
        ------
        RulesError
            At a chance node or once the game is over.
        """
        from rometools.core.rng import as_generator

        player = game_of(state).rules.current_player(state)
        if player == CHANCE:
            raise RulesError(f"the {self.name} bot has no decision to make: a chance node "
                             f"({game_of(state).chance_name}) is pending")
        if player == TERMINAL:
            raise RulesError(f"the {self.name} bot has no decision to make: the game is over")
        return self.decide(state, as_generator(rng))

    def decide(self, state: Any, rng: np.random.Generator) -> Any:  # pragma: no cover - abstract
        """The bot's choice at a decision node (called by :meth:`choose` and the play loop)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


@dataclass(frozen=True)
class GameSpec:
    """What a game registers: its rules module, config type, bots and facts.

    Parameters
    ----------
    id : str
        Registry id, a Python identifier (``"caesars_empire"``).
    title : str
        Display name (``"Caesar's Empire"``).
    rules : module
        The module with the :data:`PROTOCOL` functions.
    config : type
        The config class: ``config(**options)`` validates the options
        (``RulesError``/``ValueError`` naming the option), ``.to_dict()`` and
        ``config.from_dict(d, source=...)`` save and load it, ``.players`` is
        the number of seats.
    state : type
        The state class (used to find a state's game).
    bots : Mapping[str, type[Bot]]
        Bot classes by name; each is built with no arguments.
    score_bounds : callable
        ``score_bounds(config) -> (low, high)``: every score lies in it (points).
    source : str
        The rulebook file(s).
    chance_name : str
        What a chance node is in this game, for messages ("the set-up deal").
    apply_legal : callable, optional
        ``apply_legal(state, action)``: apply an action known to be legal
        (from ``legal_actions`` or a trusted bot) without validating it again.
        Default: ``rules.apply``.
    position_to_dict, position_from_dict : callable, optional
        For games whose states can start from a described position:
        ``position_to_dict(state)`` gives the start of the state's history as
        a JSON object (``None`` for a new game), and
        ``position_from_dict(config, data, source=...)`` builds it back
        (``DataFileError``/``RulesError`` naming the entry).
    extras : callable, optional
        ``extras(state) -> dict`` of per-game figures for the balance lab.
    ranks : callable, optional
        ``ranks(state) -> tuple[int, ...]``: each seat's final rank (1 best,
        equal ranks for a complete tie) with the rulebook's tiebreakers.
        Default: by score, equal scores sharing a rank.
    score_parts : callable, optional
        ``score_parts(state) -> list[dict[str, int]]``: each seat's points by
        scoring category (the balance lab's points shares).
    movers : callable, optional
        ``movers(state) -> list[int]``: the seat of every decision in the
        history, in order (chance outcomes left out). Default: found by
        replaying the history.
    data_files : Mapping[str, callable]
        The game's bundled data files (names under ``data/<id>/``) and the
        loader of each (``loader(path) -> value``; ``DataFileError`` for a
        broken file). The hostile-input tests break every one of them.
    file_kinds : Mapping[str, callable]
        How ``rometools validate FILE`` knows a designer's file: a top-level
        table name that only that kind of file has (``"board"``) and its loader.
    file_options : Mapping[str, callable]
        Config options that take a data file, and the loader of each
        (``{"board": Board.from_file}``): :func:`load_game` reads a text or
        path given to such an option as the name of a bundled file this loader
        reads (one of ``data_files``: ``"board_4_5"`` or ``"board_4_5.toml"``)
        or the path of a file, so ``rometools simulate GAME --option
        board=my_board.toml`` works for every game registering its board here.
    sample_configs : tuple of Mapping
        Options (``config(**options)``) that the conformance test, the
        fuzzers and the browser tests play, so every variant a game offers is
        exercised by registering it. Default: the default config only.
    information_state : callable, optional
        Only for a game that hides information from some seats (a hand, the
        cards a seat has seen of a face-down pile):
        ``information_state(state, seat) -> str``, everything ``seat`` knows
        at ``state`` (its own hidden holdings and the public record); two
        states the seat cannot tell apart give the same text. ``None``
        (default): perfect information, every seat sees the whole state.
    resample : callable, optional
        With ``information_state``: ``resample(state, seat, rng) -> state``, a
        state drawn from those with the same information state for ``seat``
        (the hidden part dealt again with its probabilities), for
        information-set search (:mod:`rometools.core.search`).
    action_text : callable, optional
        ``action_text(state, action) -> str``: the action in the rulebook's
        words, distinct for distinct legal actions of a state (the OpenSpiel
        bridge's ``action_to_string``). Default: the action's value written
        out (``"(rome, capua)"``).

    Raises
    ------
    TypeError
        If ``rules`` lacks a protocol function.
    """

    id: str
    title: str
    rules: ModuleType
    config: type
    state: type
    bots: Mapping[str, type[Bot]]
    score_bounds: Callable[[Any], tuple[int, int]]
    source: str = ""
    chance_name: str = "a chance node"
    apply_legal: Callable[[Any, Any], Any] | None = None
    position_to_dict: Callable[[Any], dict | None] | None = None
    position_from_dict: Callable[..., Any] | None = None
    extras: Callable[[Any], dict] | None = None
    ranks: Callable[[Any], tuple[int, ...]] | None = None
    score_parts: Callable[[Any], list[dict[str, int]]] | None = None
    movers: Callable[[Any], list[int]] | None = None
    data_files: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    file_kinds: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    file_options: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    sample_configs: tuple[Mapping[str, Any], ...] = ({},)
    information_state: Callable[[Any, int], str] | None = None
    resample: Callable[[Any, int, np.random.Generator], Any] | None = None
    action_text: Callable[[Any, Any], str] | None = None

    def __post_init__(self):
        missing = [f for f in PROTOCOL if not callable(getattr(self.rules, f, None))]
        if missing:
            raise TypeError(f"game {self.id!r}: module {self.rules.__name__} lacks {missing}")
        if not self.id.isidentifier():
            raise ValueError(f"a game id is a Python identifier, got {self.id!r}")
        object.__setattr__(self, "bots", MappingProxyType(dict(self.bots)))
        if self.apply_legal is None:
            object.__setattr__(self, "apply_legal", self.rules.apply)
        unknown = [name for name in self.file_options if name not in _init_names(self.config)]
        if unknown:
            raise TypeError(f"game {self.id!r}: file_options {unknown} are not options of "
                            f"{self.config.__name__}")
        if (self.information_state is None) != (self.resample is None):
            raise TypeError(f"game {self.id!r}: a game that hides information registers both "
                            "information_state and resample")


#: Bots every game has, by the first part of their name: ``"family"`` ->
#: ``"module:function"``, the function building the bot from its whole name
#: (``"mcts:200"``). A game's own bot of the same name comes first.
GENERIC_BOTS = {"mcts": "rometools.core.search:mcts_bot"}
#: How the bots of :data:`GENERIC_BOTS` are written, for the message naming a game's bots.
GENERIC_BOT_NAMES = "mcts or mcts:N (Monte Carlo tree search, N simulations per move)"

_REGISTRY: dict[str, GameSpec] = {}
_BY_STATE: dict[type, GameSpec] = {}


def register_game(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (idempotent for the same rules module).

    Raises
    ------
    ValueError
        If another module is already registered under ``spec.id``.

    Examples
    --------
    >>> from rometools.caesars_empire import GAME
    >>> register_game(GAME) is GAME
    True
    """
    old = _REGISTRY.get(spec.id)
    if old is not None and old.rules is not spec.rules:
        raise ValueError(f"game id {spec.id!r} is taken by {old.rules.__name__}")
    _REGISTRY[spec.id] = spec
    _BY_STATE[spec.state] = spec
    return spec


_LOADED: list[str] = []


def _load_builtins() -> None:
    if len(_LOADED) < len(BUILTIN_GAMES):
        for module in BUILTIN_GAMES:
            importlib.import_module(module)
            if module not in _LOADED:
                _LOADED.append(module)


def games() -> list[str]:
    """Ids of the registered games, sorted.

    Examples
    --------
    >>> "caesars_empire" in games(), games() == sorted(games())
    (True, True)
    """
    _load_builtins()
    return sorted(_REGISTRY)


def game_spec(game_id: str) -> GameSpec:
    """The :class:`GameSpec` registered as ``game_id``.

    Raises
    ------
    RulesError
        Naming the registered games when ``game_id`` is not one.
    """
    spec = _REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if spec is None and f"rometools.{game_id}" in BUILTIN_GAMES:  # a built-in game: its own package only
        importlib.import_module(f"rometools.{game_id}")
        spec = _REGISTRY.get(game_id)
    if spec is None:
        _load_builtins()
        spec = _REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise RulesError(f"unknown game {game_id!r}; registered games: {', '.join(sorted(_REGISTRY))}")
    return spec


def game_of(state: Any) -> GameSpec:
    """The registered game a state belongs to.

    Raises
    ------
    TypeError
        If ``state`` is not a state of a registered game.
    """
    spec = _BY_STATE.get(type(state))
    if spec is None:
        _load_builtins()
        spec = _BY_STATE.get(type(state))
    if spec is None:
        raise TypeError(f"{type(state).__name__} is not the state of a registered game")
    return spec


@dataclass(frozen=True)
class Game:
    """A registered game with its options: the protocol functions, bound to one config.

    Build it with :func:`load_game`. Functions taking a state work on any
    state of the game (a state carries its own config).

    Attributes
    ----------
    spec : GameSpec
    config : the game's config object
    """

    spec: GameSpec
    config: Any
    _rules: ModuleType = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_rules", self.spec.rules)

    # ---- facts
    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.config.players

    @property
    def score_bounds(self) -> tuple[int, int]:
        """``(low, high)``: every score of a game with this config lies in it (points)."""
        return self.spec.score_bounds(self.config)

    # ---- the protocol, bound to the config
    def new_game(self, rng: Any = None) -> Any:
        return self._rules.new_game(self.config, rng)

    def current_player(self, state: Any) -> int:
        return self._rules.current_player(state)

    def legal_actions(self, state: Any) -> list:
        return self._rules.legal_actions(state)

    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]:
        return self._rules.chance_outcomes(state)

    def apply(self, state: Any, action: Any) -> Any:
        return self._rules.apply(state, action)

    def is_over(self, state: Any) -> bool:
        return self._rules.is_over(state)

    def scores(self, state: Any) -> tuple[int, ...]:
        return self._rules.scores(state)

    def action_history(self, state: Any) -> tuple:
        return self._rules.action_history(state)

    def to_json(self, state: Any) -> str:
        return self._rules.to_json(state)

    def from_json(self, text: str) -> Any:
        return self._rules.from_json(text)

    # ---- bots
    def bot(self, name: str | Bot) -> Bot:
        """A bot of this game by name (or the bot itself).

        Besides the game's own bots (``spec.bots``), every game has the bots
        of :data:`GENERIC_BOTS`, written with their options:
        ``"mcts"`` or ``"mcts:200"`` (:class:`rometools.core.search.MCTSBot`
        with a budget of 200 simulations per move).

        Raises
        ------
        RulesError
            Naming the game's bots and the generic ones when ``name`` is not one.

        Examples
        --------
        >>> load_game("caesars_empire").bot("mcts:20").budget
        20
        >>> load_game("augustus").bot("smart")
        Traceback (most recent call last):
        ...
        rometools.core.errors.RulesError: unknown bot 'smart' for Augustus; choose one of greedy, random, mcts or mcts:N (Monte Carlo tree search, N simulations per move)
        """
        if isinstance(name, Bot):
            return name
        cls = self.spec.bots.get(name) if isinstance(name, str) else None
        if cls is None and isinstance(name, str) and name.split(":", 1)[0] in GENERIC_BOTS:
            module, _, function = GENERIC_BOTS[name.split(":", 1)[0]].partition(":")
            return getattr(importlib.import_module(module), function)(name)
        if cls is None:
            raise RulesError(f"unknown bot {name!r} for {self.title}; choose one of "
                             f"{', '.join(sorted(self.spec.bots))}, {GENERIC_BOT_NAMES}")
        return cls()

    def bots(self, names: str | Bot | Sequence[str | Bot]) -> list[Bot]:
        """One bot per seat from a bot name for every seat or a list with one per seat.

        Raises
        ------
        RulesError
            For an unknown bot or a list whose length is not the number of seats.
        """
        if isinstance(names, str | Bot):
            return [self.bot(names) for _ in range(self.players)]
        names = list(names)
        if len(names) != self.players:
            raise RulesError(f"{self.players} players need {self.players} bots, got {len(names)}")
        return [self.bot(n) for n in names]


def load_game(game_id: str, /, config: Any = None, **options: Any) -> Game:
    """A registered game with its options.

    Parameters
    ----------
    game_id : str
        One of :func:`games`.
    config : the game's config object, optional
        A ready config; otherwise one is built from ``options``.
    **options
        The game's config options (for Caesar's Empire: ``players``, ``board``,
        ``route_policy``...).

    Returns
    -------
    Game

    Raises
    ------
    RulesError
        For an unknown game, an option the game does not have (naming it and
        listing the game's options), or the config's own error for a bad value.
    DataFileError
        For a file option (``board``, see :attr:`GameSpec.file_options`) given
        a path that is neither a file nor a bundled file's name, or a file
        that does not load (naming the file, the entry and the problem).

    Examples
    --------
    >>> load_game("caesars_empire", players=5).config.players
    5
    >>> load_game("caesars_empire", board="board_2_3", players=3).config.board.side
    '2-3'
    >>> load_game("caesars_empire", board="no/such/board.toml")
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: no/such/board.toml: no such file; give the path of a board file or a bundled board: board_2_3, board_4_5
    >>> load_game("augustus", seats=3)
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: Augustus has no option 'seats'; its options are players, first_game, first_caller, max_draws, objectives, components
    >>> load_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: unknown game 'chess'; registered games: ...caesars_empire...
    """
    spec = game_spec(game_id)
    if config is None:
        known = config_options(spec)
        for name in options:
            if name not in known and not (isinstance(name, str) and name.startswith("_")
                                          and name in _init_names(spec.config)):
                raise RulesError(f"{spec.title} has no option {shown(name)}; its options are "
                                 f"{', '.join(known)}")
        config = spec.config(**{name: read_file_option(spec, name, value)
                                if name in spec.file_options and isinstance(value, str | os.PathLike) else value
                                for name, value in options.items()})
    elif options:
        raise TypeError("pass either a config or options, not both")
    elif not isinstance(config, spec.config):
        raise TypeError(f"config must be a {spec.config.__name__}, got {type(config).__name__}")
    return Game(spec, config)


def bundled_files(game: str | GameSpec, option: str) -> list[str]:
    """The bundled files (``data_files`` names) that a file option's loader reads.

    Examples
    --------
    >>> bundled_files("caesars_empire", "board")
    ['board_2_3.toml', 'board_4_5.toml']
    >>> bundled_files("imperator", "board")
    ['board.toml']
    """
    spec = game if isinstance(game, GameSpec) else game_spec(game)
    load = spec.file_options[option]
    return [name for name, loader in spec.data_files.items() if loader == load]


def read_file_option(game: str | GameSpec, option: str, value: str | os.PathLike[str]) -> Any:
    """What a file option's loader reads from ``value``: a file's path, or a bundled file's name.

    The one reading of a file option (:attr:`GameSpec.file_options`) given as
    text: :func:`load_game`, the command's ``--option board=...`` and the
    balance lab's Board file box all go through it.

    Parameters
    ----------
    game : str or GameSpec
    option : str
        One of the game's ``file_options`` (``"board"``).
    value : str or path
        The path of a file (``~`` expanded), or the name of a bundled file the
        option's loader reads (one of :func:`bundled_files`, with or without
        its suffix: ``"board_2_3"`` or ``"board_2_3.toml"``). A file of that
        path comes first.

    Raises
    ------
    DataFileError
        For a value that is neither a file nor a bundled file's name (listing
        the bundled files), or a file that does not load.
    KeyError
        If ``option`` is not one of the game's file options.

    Examples
    --------
    >>> read_file_option("caesars_empire", "board", "board_2_3").side
    '2-3'
    >>> read_file_option("caesars_empire", "board", "board_9")
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: board_9: no such file; give the path of a board file or a bundled board: board_2_3, board_4_5
    """
    from rometools.core.data import bundled_file
    from rometools.core.errors import DataFileError

    spec = game if isinstance(game, GameSpec) else game_spec(game)
    load = spec.file_options[option]
    bundled = bundled_files(spec, option)
    text = os.fspath(value)
    path = Path(text).expanduser()
    try:
        present = path.exists()
    except (OSError, ValueError):  # a name too long, a NUL byte: no such file
        present = False
    if not present:
        name = next((n for n in bundled if text in (n, Path(n).stem)), None)
        if name is None:
            names = ", ".join(Path(n).stem for n in bundled)
            hint = f"; give the path of a {option} file or a bundled {option}: {names}" if names else ""
            raise DataFileError(text if len(text) <= 500 else shown(text, 500), "", f"no such file{hint}")
        path = bundled_file(spec.id, name)
    return load(path)


def _init_names(config_type: type) -> list[str]:
    """The keyword arguments a config type takes (a dataclass's init fields, else its signature)."""
    if dataclasses.is_dataclass(config_type):
        return [f.name for f in dataclasses.fields(config_type) if f.init]
    return [p.name for p in inspect.signature(config_type).parameters.values()
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]


def config_options(game: str | GameSpec) -> list[str]:
    """The options of a game's config, as :func:`load_game` takes them (private fields left out).

    Examples
    --------
    >>> config_options("augustus")
    ['players', 'first_game', 'first_caller', 'max_draws', 'objectives', 'components']
    """
    spec = game if isinstance(game, GameSpec) else game_spec(game)
    return [name for name in _init_names(spec.config) if not name.startswith("_")]


def game_for(state: Any) -> Game:
    """The :class:`Game` (registered game plus config) a state belongs to."""
    return Game(game_of(state), state.config)
