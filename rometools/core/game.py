"""The game registry, the bot protocol and a game bound to its options.

A game registers itself once with :func:`register_game` (its package does it
on import) and declares its package in the ``rometools.games`` entry-point
group of its distribution's ``pyproject.toml``::

    [project.entry-points."rometools.games"]
    augustus = "rometools.augustus:GAME"

so :func:`games` lists it, and :func:`load_game` builds it with its options,
whether it ships with rometools or with another installed package. Everything
written over the registry (the play loop, saved games, the conformance suite
:func:`rometools.testing.check_game`, the balance lab, the command line, the
OpenSpiel bridge) picks it up. The protocol a game's rules write, and the
defaults of the rest, are in :mod:`rometools.core.protocol`.

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
from typing import Any, ClassVar

import numpy as np

from rometools.core.errors import ArgumentError, OptionError
from rometools.core.formatting import shown
from rometools.core.protocol import (
    CHANCE,
    PROTOCOL,
    TERMINAL,
    GameModule,
    Rules,
    ranks_by_score,
    resolve_rules,
)
from rometools.core.rng import integer_below

__all__ = [
    "CHANCE",
    "ENTRY_POINT_GROUP",
    "GENERIC_BOTS",
    "GENERIC_BOT_NAMES",
    "PROTOCOL",
    "TERMINAL",
    "Bot",
    "Game",
    "GameModule",
    "RandomBot",
    "GameSpec",
    "config_options",
    "game_of",
    "games",
    "bundled_files",
    "load_game",
    "read_file_option",
    "register_game",
    "unregister_game",
]

#: The entry-point group a package declares its games in (``pyproject.toml``):
#: ``[project.entry-points."rometools.games"]`` ``pig = "pig:GAME"``.
ENTRY_POINT_GROUP = "rometools.games"


class Bot:
    """Base class of every bot: ``choose(state, rng) -> action``.

    A bot reads a state through its game's public functions and returns one
    legal action for the seat to move. Randomness comes only from the ``rng``
    passed in (a :class:`numpy.random.Generator`, SPEC 7), so the same seed
    plays the same game.

    Subclasses implement :meth:`decide`; :meth:`choose` first refuses chance
    and terminal nodes with a :class:`~rometools.core.errors.ArgumentError`.

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
    rometools.core.errors.ArgumentError: the random bot has no decision to make: a chance node (the set-up deal) is pending
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
        ArgumentError
            At a chance node or once the game is over.
        """
        from rometools.core.rng import as_generator

        player = game_of(state).rules.current_player(state)
        if player == CHANCE:
            raise ArgumentError(f"the {self.name} bot has no decision to make: a chance node "
                                f"({game_of(state).chance_name}) is pending")
        if player == TERMINAL:
            raise ArgumentError(f"the {self.name} bot has no decision to make: the game is over")
        return self.decide(state, as_generator(rng))

    def decide(self, state: Any, rng: np.random.Generator) -> Any:  # pragma: no cover - abstract
        """The bot's choice at a decision node (called by :meth:`choose` and the play loop)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Plays a uniformly random legal action: any game's ``"random"`` bot.

    One integer below the number of legal actions is drawn from ``rng`` at
    every decision (also when only one action is legal), so a seed replays
    the game. A game registers it as its ``"random"`` bot unless its engine
    has a faster way to the same law (Caesar's Empire counts its chains
    without listing them).

    Examples
    --------
    >>> import rometools
    >>> game = rometools.load_game("augustus")
    >>> s = game.new_game(rng=0)
    >>> RandomBot().choose(s, np.random.default_rng(1)) in game.legal_actions(s)
    True
    """

    name = "random"
    trusted = True

    def decide(self, state: Any, rng: np.random.Generator) -> Any:
        actions = game_of(state).rules.legal_actions(state)
        return actions[integer_below(rng, len(actions))]


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
        The game's rules module: it writes the functions of
        :data:`~rometools.core.protocol.KERNEL`, and any of
        :data:`~rometools.core.protocol.DEFAULTED` its rules change. After
        registration ``spec.rules`` is the resolved
        :class:`~rometools.core.protocol.Rules` (the module's own functions,
        the defaults for the rest); ``spec.rules.module`` is the module.
    config : type
        The config class: ``config(**options)`` validates the options
        (:class:`~rometools.core.errors.OptionError` naming the option), ``.to_dict()`` and
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
        (``DataFileError``/``ArgumentError`` naming the entry).
    extras : callable, optional
        ``extras(state) -> dict`` of per-game figures for the balance lab.
        Default: none (``{}``).
    ranks : callable, optional
        ``ranks(state) -> tuple[int, ...]``: each seat's final rank (1 best,
        equal ranks for a complete tie) with the rulebook's tiebreakers.
        Default: by score, equal scores sharing a rank.
    score_parts : callable, optional
        ``score_parts(state) -> list[dict[str, int]]``: each seat's points by
        scoring category, with the sum under ``"total"`` (the balance lab's
        points shares; the default ``scores`` reads the totals). Default:
        ``[{"total": score}]`` from the rules' own ``scores``.
    movers : callable, optional
        ``movers(state) -> list[int]``: the seat of every decision in the
        history, in order (chance outcomes left out). Default: found by
        replaying the history with ``apply_legal`` (a history the rules wrote
        holds legal actions; ``check_game`` compares the default with the seats
        that moved).

    Every optional hook is set to its default when the spec is made, so a
    caller uses ``spec.ranks(state)`` without testing for ``None``.

    Attributes
    ----------
    file_options : Mapping[str, callable]
        The config's options that take a data file, and the loader of each
        (``{"board": Board.from_file}``), from the options' declarations
        (:func:`rometools.core.options.option`): such an option takes the
        name of a bundled file its loader reads (one of ``data_files``:
        ``"board_4_5"`` or ``"board_4_5.toml"``) or the path of a file, so
        ``rometools simulate GAME --option board=my_board.toml`` works for
        every game with a board.
    data_files : Mapping[str, callable]
        The game's bundled data files (names under ``data/<id>/``) and the
        loader of each (``loader(path) -> value``; ``DataFileError`` for a
        broken file). The hostile-input tests break every one of them.
    file_kinds : Mapping[str, callable]
        How ``rometools validate FILE`` knows a designer's file: a top-level
        table name that only that kind of file has (``"board"``) and its loader.
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
    restrictions : Mapping or sequence of Restriction
        Strategies a bot can be denied (:mod:`rometools.core.playtest`): at least three.
    action_places : callable, optional
        ``action_places(state, action) -> tuple of str``: the places (cities, regions,
        roads, objectives, by display name) an action takes: the playtest's hot spots.
    place_map : callable, optional
        ``place_map(config) -> (positions, links)``: where each place of ``action_places``
        is drawn (``{name: (x, y)}``, 0..1, y up) and the lines between places (paths,
        roads, arrows), so the hot spots are drawn on the board.
    key_odds : callable, optional
        ``key_odds(config) -> [(question, Fraction), ...]``: the exact odds the game's
        notebook shows, for the playtest report.
    time_unit : TimeUnit, optional
        The unit the game's length is counted in (``round``, ``turn``) and how to read it from a
        state (:class:`rometools.core.flow.TimeUnit`): game flow's duration, phases and last
        round. Default: turns, a new one whenever another seat is to move.
    safeguard : Safeguard, optional
        A limit not in the rulebook that ends a game the rules would let run on, and how to
        tell a game it ended (:class:`rometools.core.flow.Safeguard`): game flow's completion.
        Default: none (every game ends by its rules).

    Raises
    ------
    TypeError
        If ``rules`` lacks a function of :data:`~rometools.core.protocol.KERNEL`,
        writes no ``scores`` and no ``score_parts`` is given, or no bot is given.
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
    file_options: Mapping[str, Callable[[Any], Any]] = field(init=False, default_factory=dict)
    sample_configs: tuple[Mapping[str, Any], ...] = ({},)
    information_state: Callable[[Any, int], str] | None = None
    resample: Callable[[Any, int, np.random.Generator], Any] | None = None
    action_text: Callable[[Any, Any], str] | None = None
    restrictions: Mapping[str, Any] = field(default_factory=dict)
    action_places: Callable[[Any, Any], tuple[str, ...]] | None = None
    place_map: Callable[[Any], tuple[Mapping[str, tuple[float, float]], Sequence[tuple[str, str]]]] | None = None
    key_odds: Callable[[Any], Sequence[tuple[str, Fraction]]] | None = None
    time_unit: Any = None
    safeguard: Any = None

    def __post_init__(self):
        if not isinstance(self.id, str) or not self.id.isidentifier():
            raise ValueError(f"a game id is a Python identifier, got {self.id!r}")
        set_ = object.__setattr__
        module = self.rules.module if isinstance(self.rules, Rules) else self.rules
        rules = resolve_rules(self.id, module, self.score_parts)
        set_(self, "rules", rules)
        set_(self, "bots", MappingProxyType(dict(self.bots)))
        set_(self, "restrictions", MappingProxyType({r.name: r for r in (
            self.restrictions.values() if isinstance(self.restrictions, Mapping) else self.restrictions)}))
        if not self.bots:
            raise TypeError(f"game {self.id!r}: register at least one bot (a random bot: bots={{'random': ...}})")
        # the optional hooks default here, once, so no caller tests for None
        if self.apply_legal is None:
            set_(self, "apply_legal", rules.apply)
        if self.ranks is None:
            scores = rules.scores
            set_(self, "ranks", lambda state: ranks_by_score(scores(state)))
        if self.score_parts is None:
            scores = rules.scores
            set_(self, "score_parts", lambda state: [{"total": s} for s in scores(state)])
        if self.movers is None:
            apply_legal = self.apply_legal
            set_(self, "movers", lambda state: _movers_by_replay(rules, apply_legal, state))
        if self.extras is None:
            set_(self, "extras", _no_extras)
        from rometools.core.options import Config

        if not (isinstance(self.config, type) and issubclass(self.config, Config)):
            raise TypeError(f"game {self.id!r}: its config must derive from rometools.core.options.Config, "
                            f"got {self.config!r}")
        set_(self, "file_options", MappingProxyType({o.name: o.file for o in self.config.options() if o.file}))
        if (self.information_state is None) != (self.resample is None):
            raise TypeError(f"game {self.id!r}: a game that hides information registers both "
                            "information_state and resample")

    def play_game(self, config: Any = None, bots: str | Bot | type | Sequence[str | Bot | type] | None = "random",
                  rng: Any = None, *, start: Any = None) -> Any:
        """Play one whole game of this game (:func:`rometools.core.playout.play`).

        Every game package exports it bound to its game as ``play_game``.

        Parameters
        ----------
        config : the game's config, optional
            Default: ``config()``, the default options.
        bots : str, Bot, Bot class, or a sequence of them
            A bot for every seat, or one per seat: a name (``"greedy"``,
            ``"mcts:50"``), a bot, or a bot class (built with no arguments).
            ``None``: ``"random"``.
        rng : None, int or numpy.random.Generator
            One generator for the set-up, every chance node and every bot's
            choices, drawn in a fixed order. Same seed, same game.
        start : state, optional
            Play on from this state (a position, or a game in progress) instead
            of a new game.

        Returns
        -------
        state
            The final state; its history replays the game.

        Raises
        ------
        ArgumentError
            For an unknown bot (naming the bots there are), a wrong number of
            bots, or a ``start`` state of another game.

        See Also
        --------
        rometools.core.playout.play : the play loop, with a separate chance generator.
        rometools.simulate : many seeded games at once, with balance metrics.

        Examples
        --------
        >>> from rometools.augustus import GAME, GreedyBot, is_over
        >>> end = GAME.play_game(bots=[GreedyBot, "random", "random", "random"], rng=3)
        >>> is_over(end)
        True
        """
        from rometools.core.playout import play

        if bots is None:
            bots = "random"
        if config is None:
            config = self.config()
        elif not isinstance(config, self.config):
            raise TypeError(f"config must be a {self.config.__name__}, got {type(config).__name__}")
        if start is not None and not isinstance(start, self.state):
            raise ArgumentError(f"start must be a {self.title} state, got {type(start).__name__}")
        return play(Game(self, config), bots, rng, start=start)


    def package_attribute(self, name: str) -> Any:
        """The game package's ``__getattr__``: the protocol functions and ``play_game``, bound, and
        the views every game has (:data:`rometools.core.views.VIEWS`).

        A game's package sets ``__getattr__ = GAME.package_attribute``, so
        ``from rometools.augustus import to_json, play_game`` gives the
        resolved :class:`~rometools.core.protocol.Rules` function (the module's
        own, or the core default) and :meth:`play_game`, while the package
        writes none of them; ``from rometools.imperator import game_log`` gives
        :func:`rometools.core.views.game_log` when the package writes no ``game_log``.

        Raises
        ------
        AttributeError
            For any other name, as a module does.

        Examples
        --------
        >>> from rometools.augustus import GAME, to_json
        >>> to_json is GAME.rules.to_json
        True
        """
        if name in PROTOCOL:
            return getattr(self.rules, name)
        if name == "play_game":
            return self.play_game
        from rometools.core.views import VIEWS

        if name in VIEWS:   # the views every game has, where the package writes none of its own
            import rometools.core.views as views

            return getattr(views, name)
        raise AttributeError(f"module {self.rules.module.__package__!r} has no attribute {name!r}")


def _no_extras(state: Any) -> dict:
    return {}


def _movers_by_replay(rules: Rules, apply_legal: Callable[[Any, Any], Any], state: Any) -> list[int]:
    """The seat of every decision in a game's history (chance outcomes left out), by replaying it
    with ``apply_legal`` (its actions were legal when the rules recorded them)."""
    out = []
    current = rules.initial_state(state)
    for action in rules.action_history(state):
        p = rules.current_player(current)
        if p >= 0:
            out.append(p)
        current = apply_legal(current, action)
    return out


#: Bots every game has, by the first part of their name: ``"family"`` ->
#: ``"module:function"``, the function building the bot from its whole name
#: (``"mcts:200"``). A game's own bot of the same name comes first.
GENERIC_BOTS = {"mcts": "rometools.core.search:mcts_bot"}
#: How the bots of :data:`GENERIC_BOTS` are written, for the message naming a game's bots.
GENERIC_BOT_NAMES = "mcts or mcts:N (Monte Carlo tree search, N simulations per move)"

_REGISTRY: dict[str, GameSpec] = {}
_BY_STATE: dict[type, GameSpec] = {}
_BY_CONFIG: dict[type, GameSpec] = {}


def register_game(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (idempotent for the same rules module).

    A game's package calls it on import; :func:`games` finds the package
    through its ``rometools.games`` entry point (:data:`ENTRY_POINT_GROUP`).

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
    if old is not None and old.rules.module is not spec.rules.module:
        raise ValueError(f"game id {spec.id!r} is taken by {old.rules.__name__}")
    for table, kind, what in ((_BY_STATE, spec.state, "state"), (_BY_CONFIG, spec.config, "config")):
        other = table.get(kind)
        if other is not None and other.id != spec.id:  # game_of / spec_of_config would be ambiguous
            raise ValueError(f"the {what} type {kind.__name__} is registered to game {other.id!r}; "
                             f"give game {spec.id!r} its own")
    _REGISTRY[spec.id] = spec
    _BY_STATE[spec.state] = spec
    _BY_CONFIG[spec.config] = spec
    from rometools.core.describe import install_short_reprs

    install_short_reprs(spec)  # one-line reprs of its config, states and data (an Augustus config was 22,800)
    return spec


def unregister_game(game_id: str) -> GameSpec:
    """Remove a game from the registry: the inverse of :func:`register_game`.

    For a game registered for a while (a test's toy game:
    :func:`rometools.testing.registered`). A game of an entry point is not
    read again in this process.

    Returns
    -------
    GameSpec
        The spec removed.

    Raises
    ------
    ArgumentError
        If no game is registered as ``game_id``.

    Examples
    --------
    >>> unregister_game("chess")
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: no game 'chess' is registered
    """
    spec = _REGISTRY.pop(game_id, None) if isinstance(game_id, str) else None
    if spec is None:
        raise ArgumentError(f"no game {shown(game_id)} is registered")
    for table, kind in ((_BY_STATE, spec.state), (_BY_CONFIG, spec.config)):
        if table.get(kind) is spec:
            del table[kind]
    return spec


_ENTRY_POINTS: dict[str, Any] = {}   # game id -> its entry point, read once
_LOADED: set[str] = set()            # entry points loaded (or tried)


def _entry_points() -> dict[str, Any]:
    if not _ENTRY_POINTS:
        from importlib.metadata import entry_points

        for ep in entry_points(group=ENTRY_POINT_GROUP):
            _ENTRY_POINTS.setdefault(ep.name, ep)
    return _ENTRY_POINTS


def _load_entry_point(name: str, *, strict: bool) -> None:
    """Import the package of one declared game (it registers itself). A package that fails to
    import is named in a warning (``strict=False``: listing the games) or raises (``strict=True``:
    that game was asked for)."""
    if name in _LOADED:
        return
    _LOADED.add(name)
    ep = _entry_points()[name]
    try:
        spec = ep.load()
    except Exception as err:
        if strict:
            raise
        import warnings

        warnings.warn(f"the game {name!r} (entry point {ep.value}) failed to import and is left out: "
                      f"{type(err).__name__}: {err}", RuntimeWarning, stacklevel=3)
        return
    if isinstance(spec, GameSpec) and spec.id != name:
        import warnings

        warnings.warn(f"the entry point {name!r} ({ep.value}) registers a game named {spec.id!r}; "
                      f"name the entry point as the game", RuntimeWarning, stacklevel=3)


def _load_all() -> None:
    for name in _entry_points():
        _load_entry_point(name, strict=False)


def games() -> list[str]:
    """Ids of the registered games, sorted: every ``rometools.games`` entry point's game.

    Examples
    --------
    >>> "caesars_empire" in games(), games() == sorted(games())
    (True, True)
    """
    _load_all()
    return sorted(_REGISTRY)


def game_spec(game_id: str) -> GameSpec:
    """The :class:`GameSpec` registered as ``game_id``.

    Only that game's package is imported (its entry point), not every game's.

    Raises
    ------
    ArgumentError
        Naming the registered games when ``game_id`` is not one.
    """
    spec = _REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if spec is None and isinstance(game_id, str) and game_id in _entry_points():
        _load_entry_point(game_id, strict=True)
        spec = _REGISTRY.get(game_id)
    if spec is None:
        _load_all()
        spec = _REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise ArgumentError(f"unknown game {shown(game_id)}; registered games: {', '.join(sorted(_REGISTRY))}")
    return spec


def spec_of_config(config_type: type) -> GameSpec:
    """The registered game whose config type is ``config_type``.

    Raises
    ------
    TypeError
        If no registered game has that config type.
    """
    spec = _BY_CONFIG.get(config_type)
    if spec is None:
        _load_all()
        spec = _BY_CONFIG.get(config_type)
    if spec is None:
        raise TypeError(f"{getattr(config_type, '__name__', config_type)} is not the config of a registered game")
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
        _load_all()
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
    def bot(self, name: str | Bot | type[Bot]) -> Bot:
        """A bot of this game by name (or the bot itself, or a bot class built with no arguments).

        Besides the game's own bots (``spec.bots``), every game has the bots
        of :data:`GENERIC_BOTS`, written with their options:
        ``"mcts"`` or ``"mcts:200"`` (:class:`rometools.core.search.MCTSBot`
        with a budget of 200 simulations per move).

        Raises
        ------
        ArgumentError
            Naming the game's bots and the generic ones when ``name`` is not one.

        Examples
        --------
        >>> load_game("caesars_empire").bot("mcts:20").budget
        20
        >>> load_game("augustus").bot("smart")
        Traceback (most recent call last):
        ...
        rometools.core.errors.ArgumentError: unknown bot 'smart' for Augustus; choose one of greedy, random, mcts or mcts:N (Monte Carlo tree search, N simulations per move)
        """
        if isinstance(name, Bot):
            return name
        if isinstance(name, type) and issubclass(name, Bot):
            return name()
        cls = self.spec.bots.get(name) if isinstance(name, str) else None
        if cls is None and isinstance(name, str) and name.split(":", 1)[0] in GENERIC_BOTS:
            module, _, function = GENERIC_BOTS[name.split(":", 1)[0]].partition(":")
            return getattr(importlib.import_module(module), function)(name)
        if cls is None:
            raise ArgumentError(f"unknown bot {shown(name)} for {self.title}; choose one of "
                             f"{', '.join(sorted(self.spec.bots))}, {GENERIC_BOT_NAMES}")
        return cls()

    def bots(self, names: str | Bot | type[Bot] | Sequence[str | Bot | type[Bot]]) -> list[Bot]:
        """One bot per seat from a bot name for every seat or a list with one per seat.

        Raises
        ------
        ArgumentError
            For an unknown bot or a list whose length is not the number of seats.
        """
        if isinstance(names, str | Bot) or (isinstance(names, type) and issubclass(names, Bot)):
            return [self.bot(names) for _ in range(self.players)]
        names = list(names)
        if len(names) != self.players:
            raise ArgumentError(f"{self.players} players need {self.players} bots, got {len(names)}")
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
    ArgumentError
        For an unknown game; :class:`~rometools.core.errors.OptionError` for an
        option the game does not have (naming it and listing the game's
        options) or a value the config refuses.
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
    rometools.core.errors.OptionError: Augustus has no option 'seats'; its options are players, first_game, first_caller, max_draws, objectives, legion_supply, components
    >>> load_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: unknown game 'chess'; registered games: ...caesars_empire...
    """
    spec = game_spec(game_id)
    if config is None:
        known = config_options(spec)
        for name in options:
            if name not in known and not (isinstance(name, str) and name.startswith("_")
                                          and name in _init_names(spec.config)):
                raise OptionError(str(name), f"{spec.title} has no option {shown(name)}; its options are "
                                 f"{', '.join(known)}")
        config = spec.config(**options)
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

    spec = game if isinstance(game, GameSpec) else game_spec(game)
    return spec.file_options[option](file_option_path(spec, option, value))


def file_option_path(game: str | GameSpec, option: str, value: str | os.PathLike[str]) -> Path:
    """The file a file option's text names: the path itself, or the bundled file of that name.

    See :func:`read_file_option`, which loads it.

    Raises
    ------
    DataFileError
        For a value that is neither a file nor a bundled file's name (listing
        the bundled files).
    """
    from rometools.core.data import bundled_file
    from rometools.core.errors import DataFileError

    spec = game if isinstance(game, GameSpec) else game_spec(game)
    bundled = bundled_files(spec, option)
    text = os.fspath(value)
    path = Path(text).expanduser()
    try:
        present = path.exists()
    except (OSError, ValueError):  # a name too long, a NUL byte: no such file
        present = False
    if present:
        return path
    name = next((n for n in bundled if text in (n, Path(n).stem)), None)
    if name is None:
        names = ", ".join(Path(n).stem for n in bundled)
        hint = (f"; give the path of a {option} file or a bundled {option}: {names}" if names
                else f"; give the path of a {option} file ({spec.title} bundles none)")
        raise DataFileError(text if len(text) <= 500 else shown(text, 500), "", f"no such file{hint}")
    return bundled_file(spec.id, name)


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
    ['players', 'first_game', 'first_caller', 'max_draws', 'objectives', 'legion_supply', 'components']
    """
    spec = game if isinstance(game, GameSpec) else game_spec(game)
    return [o.name for o in spec.config.options()]


def game_for(state: Any) -> Game:
    """The :class:`Game` (registered game plus config) a state belongs to."""
    return Game(game_of(state), state.config)
