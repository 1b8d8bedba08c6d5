"""A registered game bound to its options: :func:`load_game` and the :class:`Game` it returns.

Examples
--------
>>> game = load_game("caesars_empire", players=3)
>>> game.title, game.config.players
("Caesar's Empire", 3)
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType
from typing import Any, Protocol

from rometools.core.bots import Bot
from rometools.core.errors import ArgumentError, OptionError
from rometools.core.formatting import shown
from rometools.core.registry import RegisteredSpec, game_of, game_spec, spec_from, spec_of_config

__all__ = ["GENERIC_BOTS", "GENERIC_BOT_NAMES", "Game", "GameSpecFields", "config_options", "game_for", "load_game",
           "wrong_config"]


class GameSpecFields(RegisteredSpec, Protocol):
    """What a :class:`Game` and :func:`load_game` read of a registered game's
    :class:`~rometools.core.spec.GameSpec` (which has these fields and more).

    Written here so that this module, below :mod:`rometools.core.spec` (whose
    :meth:`~rometools.core.spec.GameSpec.play` builds a :class:`Game`), names the spec's type
    without importing it, not even for annotations: the modules import one way.
    """

    title: str
    bots: Mapping[str, type[Bot]]
    score_bounds: Callable[[Any], tuple[int, int]]

#: Bots every game has, by the first part of their name: ``"family"`` ->
#: ``"module:function"``, the function building the bot from its whole name
#: (``"mcts:200"``). A game's own bot of the same name comes first.
GENERIC_BOTS = {"mcts": "rometools.core.mcts:mcts_bot"}
#: How the bots of :data:`GENERIC_BOTS` are written, for the message naming a game's bots.
GENERIC_BOT_NAMES = "mcts or mcts:N (Monte Carlo tree search, N simulations per move)"


@dataclass(frozen=True)
class Game:
    """A registered game with its options: the protocol functions, bound to one config.

    Build it with :func:`load_game`. Functions taking a state work on any
    state of the game (a state carries its own config).

    Attributes
    ----------
    spec : rometools.core.spec.GameSpec
    config : the game's config object
    variant : rometools.core.variants.Variant or None
        The variant it was built from (:meth:`Variant.load`), else ``None``.
    """

    spec: GameSpecFields
    config: Any
    variant: Any = field(default=None, compare=False, repr=False)
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

    def from_json(self, text: str, **where: Any) -> Any:
        """The saved game's state; ``where``: ``beside=`` and ``allow=``, as ``load_saved_game``."""
        return self._rules.from_json(text, **where)

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
        >>> load_game("via_romana").bot("gredy")
        Traceback (most recent call last):
        ...
        rometools.core.errors.ArgumentError: unknown bot 'gredy' for Via Romana (did you mean greedy?); choose one of greedy, random, mcts or mcts:N (Monte Carlo tree search, N simulations per move)
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
            import difflib

            near = (difflib.get_close_matches(name.lower(), [*self.spec.bots, *GENERIC_BOTS], n=1, cutoff=0.75)
                    if isinstance(name, str) and len(name) <= 100 else [])
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise ArgumentError(f"unknown bot {shown(name)} for {self.title}{hint}; choose one of "
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
    rometools.core.errors.OptionError: Augustus has no option 'seats'; its options are players, first_game, first_caller, max_draws, objectives, legion_supply, components, handicap
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
        raise wrong_config(spec, config)
    return Game(spec, config)


def wrong_config(spec: GameSpecFields, config: Any) -> TypeError:
    """The error for a ``config`` that is not ``spec``'s: naming both games when it is another registered
    game's config (every game's config class may be called ``GameConfig``), else its type.

    Examples
    --------
    >>> from rometools.via_romana import GameConfig
    >>> str(wrong_config(game_spec("augustus"), GameConfig(players=3)))
    "config is Via Romana's GameConfig, not Augustus's"
    >>> str(wrong_config(game_spec("augustus"), {"players": 3}))
    "config must be Augustus's GameConfig, got dict"
    """
    try:
        other = spec_of_config(type(config))
    except TypeError:   # not a registered game's config
        return TypeError(f"config must be {spec.title}'s {spec.config.__name__}, got {type(config).__name__}")
    return TypeError(f"config is {other.title}'s {type(config).__name__}, not {spec.title}'s")


def _init_names(config_type: type) -> list[str]:
    """The keyword arguments a config type takes (a dataclass's init fields, else its signature)."""
    if dataclasses.is_dataclass(config_type):
        return [f.name for f in dataclasses.fields(config_type) if f.init]
    return [p.name for p in inspect.signature(config_type).parameters.values()
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]


def config_options(game: str | GameSpecFields) -> list[str]:
    """The options of a game's config, as :func:`load_game` takes them (private fields left out).

    Examples
    --------
    >>> config_options("augustus")
    ['players', 'first_game', 'first_caller', 'max_draws', 'objectives', 'legion_supply', 'components', 'handicap']
    """
    spec = spec_from(game)
    return [o.name for o in spec.config.options()]


def game_for(state: Any) -> Game:
    """The :class:`Game` (registered game plus config) a state belongs to."""
    return Game(game_of(state), state.config)
