"""What a game registers: :class:`GameSpec`, its rules module, config, bots and facts.

The spec resolves the rules (:func:`rometools.core.protocol.resolve_rules`), defaults every
optional hook once and gives the game package its bound names (:meth:`GameSpec.play_game`,
:meth:`GameSpec.package_attribute`). It sits at the top of core's game layer: it imports the
protocol, the options and, inside its methods, the play loop and the views; nothing below it
imports it (the registry, the bots and the play loop read a spec's attributes).

Examples
--------
>>> from rometools.core.registry import game_spec
>>> spec = game_spec("augustus")
>>> isinstance(spec, GameSpec), sorted(spec.bots)
(True, ['greedy', 'random'])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from fractions import Fraction
from types import MappingProxyType, ModuleType
from typing import Any

import numpy as np

from rometools.core.bots import Bot
from rometools.core.errors import ArgumentError
from rometools.core.explorers import ExplorerSpec
from rometools.core.protocol import PROTOCOL, Rules, ranks_by_keys, ranks_by_score, resolve_rules

__all__ = ["GameSpec"]


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
    tiebreaks : callable, optional
        ``tiebreaks(state) -> [tuple, ...]``: for each seat, the rulebook's
        tiebreak keys after the score, each larger is better (Caesar's Empire:
        ``(Cities of different colours, Gold Coins, Roads left)``). Core ranks the
        seats by ``(score with the handicap's points, *tiebreaks)``
        (:func:`~rometools.core.protocol.ranks_by_keys`), so the seat handicap
        enters the ranking before the tiebreaks. Default: none (equal scores share
        a rank).
    ranks : callable, optional
        ``ranks(state) -> tuple[int, ...]``: each seat's final rank (1 best,
        equal ranks for a complete tie), for a game whose ranking is not a score
        and tiebreak keys; such a game's config refuses handicap points. Prefer
        ``tiebreaks``. Default: built from the scores and ``tiebreaks``.
    start_bonus : StartBonus, optional
        What one unit of the seat handicap's start bonus gives
        (:class:`rometools.core.handicap.StartBonus`: one more Road, card, legion...);
        the game's set-up reads ``config.handicap.bonus(seat)``. ``None`` (default):
        the game gives none, and its config refuses a bonus.
    bots_ignore : Mapping[str, str], optional
        Data values (``"<file option>:<address>"``, as
        :meth:`rometools.core.variants.Variant.with_value` names them, ``*`` for any
        item) the game's greedy bot does not read when it rates a move, each with the
        reason, so a comparison of variants that change one says the bots played the old
        values (:func:`rometools.core.variants.ignored_by_bots`). Every other scoring
        value changes some greedy decision (a registry test).
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
        information-set search (:mod:`rometools.core.search`). Canonical:
        two states the seat cannot tell apart resample to the same state
        for the same ``rng`` (list the unseen cards and tiles in their own
        order, never by where they lie). The bots read only what their seat's
        information state shows. ``rometools.testing.check_game`` holds a
        game to all of this (its ``hidden_information`` check).
    public_fields : tuple of str
        With ``information_state``: the names of the state's attributes that
        every seat sees (the board, a face-up display, the cards each seat was
        seen to take, whose move it is). ``resample`` keeps each, and two states
        a seat cannot tell apart agree on each; ``check_game`` checks both. A
        relation between a public fact and a hidden one (a hand holding the
        cards it was seen to take) is the game's own to test. Default: none
        (the check notes that it could not check them).
    action_text : callable, optional
        ``action_text(state, action) -> str``: the action in the rulebook's
        words, distinct for distinct legal actions of a state (the OpenSpiel
        bridge's ``action_to_string``). Default: the action's value written
        out (``"(rome, capua)"``).
    restrictions : Mapping or sequence of Restriction
        Strategies a bot can be denied (:mod:`rometools.core.playtest`): at least three.
    action_places : callable, optional
        ``action_places(state, action) -> tuple of str``: the places (cities, regions,
        roads, objectives) an action takes, by their data file's id (never by display
        name: two places may share a name): the playtest's hot spots. Needs ``place_names``.
    place_names : callable, optional
        ``place_names(config) -> {id: name}``: every place ``action_places`` or ``place_map``
        can name, by id, with the name a designer reads (``"Capua"``, ``"Ravenna–Ancona road"``).
        The playtest shows the names, an id added in brackets to a name two places share
        (:func:`rometools.core.playtest.place_names`).
    place_map : callable, optional
        ``place_map(config) -> (positions, links)``: where each place of ``action_places``
        is drawn (``{id: (x, y)}``, 0..1, y up) and the lines between places (paths,
        roads, arrows, as pairs of ids), so the hot spots are drawn on the board.
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
    game_length : (str, callable), optional
        ``(unit, length)``: a game's length in the game's own unit, ``length(state) -> int``
        of a finished game (Via Romana: ``("turns", ...)``; Augustus: ``("draws", ...)``, the
        mobilisation tokens drawn). :func:`rometools.compare` compares it. Default
        ``("decisions", ...)``: every seat's decision counts (``len(movers(state))``).
    random_source : callable, optional
        ``random_source(state) -> str``: where the randomness at ``state`` comes from, for a
        game with more than one kind of it. At a chance node, the source of the draw
        (``"hand 2"`` for a card dealt to seat 2, ``"display"``, ``"bag"``); at a decision,
        the stream of the deciding bot's tie-breaks (``"seat 2 turn 7"``).
        :func:`~rometools.core.playout.play` then draws each source from a stream of its
        own, derived from the game's chance generator (a bot's, from the bots' generator)
        and the source's name, so two variants of the game see the same luck source by
        source: a hand of 5 instead of 4 no longer shifts every later draw of the deck
        (common random numbers, issue 43; :func:`~rometools.core._loop.race` draws each
        outcome so that the same luck gives the same card whenever the composition allows).
        The chance outcomes must be listed in an order the variant does not change (card
        kinds in the deck's order), and the set-up is drawn through its chance nodes
        (``new_game(config)`` without ``rng``). Default ``None``: one chance stream and one
        bot stream, as before.
    explorers : sequence of ExplorerSpec
        The game's explorers (:class:`rometools.core.explorers.ExplorerSpec`: the class by
        dotted name, never imported here; its app page; its browser gestures): the explorer
        tests, the designer app's pages and index and the browser tests find them here.
    notebooks : sequence of str
        The game's question-driven notebooks, as paths relative to the folder of its package
        (``"notebooks/pig.ipynb"``), run headless by the repository's notebook test. The
        bundled games' notebooks are in the repository's ``notebooks/`` folder instead.
    mcts_playout_depth : int, optional
        Decisions an MCTS playout plays before it stops and is valued by the game's
        provisional results there, when the bot or search is not told a ``depth``
        (:class:`~rometools.core.mcts.MCTSBot`, :func:`~rometools.core.mcts.best_moves`):
        for a game whose playouts to the end are slow and whose cut ones are at least as
        strong at equal CPU, as ``benchmarks/bench_mcts_skill.py`` measures. Default
        ``None``: playouts play to the end.

    Raises
    ------
    TypeError
        If ``rules`` lacks a function of :data:`~rometools.core.protocol.KERNEL`,
        writes no ``scores`` and no ``score_parts`` is given, or no bot is given.
    ValueError
        If the id is not a Python identifier, places are named (``action_places``,
        ``place_map``) with no ``place_names``, or ``mcts_playout_depth`` is not a whole
        number 1 or more (or ``None``).
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
    tiebreaks: Callable[[Any], Sequence[tuple]] | None = None
    start_bonus: Any = None
    bots_ignore: Mapping[str, str] = field(default_factory=dict)
    own_ranks: bool = field(init=False, default=False)
    #: Whether ``rules.scores`` is the core's, each seat's ``"total"`` of ``score_parts`` (the game writes no
    #: ``scores``): :func:`scores_ranks_and_parts` then reads the scores from the parts, computed once.
    scores_from_parts: bool = field(init=False, default=False)
    score_parts: Callable[[Any], list[dict[str, int]]] | None = None
    movers: Callable[[Any], list[int]] | None = None
    data_files: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    file_kinds: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    file_options: Mapping[str, Callable[[Any], Any]] = field(init=False, default_factory=dict)
    sample_configs: tuple[Mapping[str, Any], ...] = ({},)
    information_state: Callable[[Any, int], str] | None = None
    resample: Callable[[Any, int, np.random.Generator], Any] | None = None
    public_fields: tuple[str, ...] = ()
    action_text: Callable[[Any, Any], str] | None = None
    restrictions: Mapping[str, Any] = field(default_factory=dict)
    action_places: Callable[[Any, Any], tuple[str, ...]] | None = None
    place_names: Callable[[Any], Mapping[str, str]] | None = None
    place_map: Callable[[Any], tuple[Mapping[str, tuple[float, float]], Sequence[tuple[str, str]]]] | None = None
    key_odds: Callable[[Any], Sequence[tuple[str, Fraction]]] | None = None
    time_unit: Any = None
    safeguard: Any = None
    random_source: Callable[[Any], str] | None = None
    game_length: tuple[str, Callable[[Any], int]] | None = None
    explorers: Sequence[ExplorerSpec] = ()
    notebooks: Sequence[str] = ()
    mcts_playout_depth: int | None = None

    def __post_init__(self):
        if not isinstance(self.id, str) or not self.id.isidentifier():
            raise ValueError(f"a game id is a Python identifier, got {self.id!r}")
        depth = self.mcts_playout_depth
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
            raise ValueError(f"game {self.id!r}: mcts_playout_depth is a whole number of decisions, 1 or more, "
                             f"or None (to the end), got {depth!r}")
        if (self.action_places is not None or self.place_map is not None) and self.place_names is None:
            raise ValueError(f"game {self.id!r} names places (action_places or place_map) by id, so it needs "
                             f"place_names(config) -> {{id: name}} for the names a designer reads")
        set_ = object.__setattr__
        module = self.rules.module if isinstance(self.rules, Rules) else self.rules
        rules = resolve_rules(self.id, module, self.score_parts)
        # the scores are the parts' totals, the handicap's in both or in neither (a spec made again from
        # another's fields hands resolve_rules the handicapped parts: left to compute its scores itself)
        set_(self, "scores_from_parts", self.score_parts is not None and "scores" not in rules.written()
             and not getattr(self.score_parts, "_handicap_wrapper", False))
        set_(self, "rules", rules)
        set_(self, "bots", MappingProxyType(dict(self.bots)))
        set_(self, "explorers", tuple(self.explorers))
        set_(self, "notebooks", tuple(self.notebooks))
        for e in self.explorers:
            if not isinstance(e, ExplorerSpec):
                raise TypeError(f"game {self.id!r}: explorers are ExplorerSpec declarations, got {e!r}")
        set_(self, "restrictions", MappingProxyType({r.name: r for r in (
            self.restrictions.values() if isinstance(self.restrictions, Mapping) else self.restrictions)}))
        if not self.bots:
            raise TypeError(f"game {self.id!r}: register at least one bot (a random bot: bots={{'random': ...}})")
        # the optional hooks default here, once, so no caller tests for None
        if self.apply_legal is None:
            set_(self, "apply_legal", rules.apply)
        # the seat handicap's points enter every score, score part and bound, and the ranking
        # before its tiebreaks (core/handicap.py): wrapped here, once, for every game
        # (a spec made again from another's fields, dataclasses.replace, is not wrapped twice)
        raw_scores = rules.scores
        rules.scores = _handicapped_scores(raw_scores)
        if self.score_parts is None:
            set_(self, "score_parts", _handicapped_parts(lambda state: [{"total": s} for s in raw_scores(state)]))
        else:
            set_(self, "score_parts", _handicapped_parts(_unwrapped(self.score_parts)))
        set_(self, "score_bounds", _handicapped_bounds(_unwrapped(self.score_bounds)))
        if getattr(self.ranks, "_core_ranks", False):
            set_(self, "ranks", None)
        set_(self, "own_ranks", self.ranks is not None)
        if self.ranks is None:
            set_(self, "ranks", _ranks(rules.scores, self.tiebreaks))
        set_(self, "bots_ignore", MappingProxyType(dict(self.bots_ignore)))
        if self.movers is None:   # a partial of _movers_by_replay: simulate counts the decisions instead
            set_(self, "movers", functools.partial(_movers_by_replay, rules, self.apply_legal))
        if self.extras is None:
            set_(self, "extras", _no_extras)
        if self.game_length is None:
            movers = self.movers
            set_(self, "game_length", ("decisions", lambda state: len(movers(state))))
        from rometools.core.options import Config

        if not (isinstance(self.config, type) and issubclass(self.config, Config)):
            raise TypeError(f"game {self.id!r}: its config must derive from rometools.core.options.Config, "
                            f"got {self.config!r}")
        set_(self, "file_options", MappingProxyType({o.name: o.file for o in self.config.options() if o.file}))
        if (self.information_state is None) != (self.resample is None):
            raise TypeError(f"game {self.id!r}: a game that hides information registers both "
                            "information_state and resample")
        self._check_public_fields()
        from rometools.core.reprs import install_short_reprs

        install_short_reprs(self)  # one-line reprs of its config, states and data (an Augustus config was 22,800)

    def _check_public_fields(self) -> None:
        """Refuse ``public_fields`` without hidden information, or naming no attribute of a dataclass state."""
        names = self.public_fields
        if isinstance(names, str) or not all(isinstance(n, str) for n in names):
            raise TypeError(f"game {self.id!r}: public_fields is a tuple of state attribute names, got {names!r}")
        object.__setattr__(self, "public_fields", tuple(names))
        if names and self.information_state is None:
            raise TypeError(f"game {self.id!r}: public_fields is for a game that hides information "
                            "(with information_state and resample)")
        if is_dataclass(self.state):
            known = {f.name for f in fields(self.state)}
            unknown = [n for n in names if n not in known]
            if unknown:
                raise TypeError(f"game {self.id!r}: public_fields names {unknown[0]!r}, which is no field of "
                                f"{self.state.__name__} ({', '.join(sorted(known))})")

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
        from rometools.core.load import Game, wrong_config
        from rometools.core.playout import play

        if bots is None:
            bots = "random"
        if config is None:
            config = self.config()
        elif not isinstance(config, self.config):
            raise wrong_config(self, config)
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


def _handicapped_scores(scores: Callable[[Any], tuple[int, ...]]) -> Callable[[Any], tuple[int, ...]]:
    """A game's ``scores`` with each seat's handicap points added (none: the game's own tuple)."""
    def handicapped(state: Any) -> tuple[int, ...]:
        out = scores(state)
        handicap = state.config.handicap
        if not handicap.has_points:
            return out
        return tuple(s + handicap.points(seat) for seat, s in enumerate(out))

    handicapped.__wrapped__ = scores  # type: ignore[attr-defined]
    handicapped.__doc__ = scores.__doc__
    handicapped._handicap_wrapper = True  # type: ignore[attr-defined]
    return handicapped


def _handicapped_parts(parts: Callable[[Any], list[dict[str, int]]]) -> Callable[[Any], list[dict[str, int]]]:
    """A game's ``score_parts`` with a ``"handicap"`` part (and the total) when a seat has points."""
    def handicapped(state: Any) -> list[dict[str, int]]:
        out = parts(state)
        handicap = state.config.handicap
        if not handicap.has_points:
            return out
        result = []
        for seat, p in enumerate(out):
            extra = handicap.points(seat)
            row = {k: v for k, v in p.items() if k != "total"}
            row["handicap"] = extra
            row["total"] = p["total"] + extra
            result.append(row)
        return result

    handicapped.__wrapped__ = parts  # type: ignore[attr-defined]
    handicapped._handicap_wrapper = True  # type: ignore[attr-defined]
    return handicapped


def _handicapped_bounds(bounds: Callable[[Any], tuple[int, int]]) -> Callable[[Any], tuple[int, int]]:
    """``score_bounds`` widened by the handicap's points (a penalty lowers the floor)."""
    def handicapped(config: Any) -> tuple[int, int]:
        low, high = bounds(config)
        handicap = config.handicap
        if not handicap.has_points:
            return low, high
        points = handicap.points_per_seat(config.players)
        return low + min(0, *points), high + max(0, *points)

    handicapped.__wrapped__ = bounds  # type: ignore[attr-defined]
    handicapped._handicap_wrapper = True  # type: ignore[attr-defined]
    return handicapped


def _unwrapped(function: Callable) -> Callable:
    """The game's own function under a handicap wrapper (a spec made from another's fields)."""
    return function.__wrapped__ if getattr(function, "_handicap_wrapper", False) else function


def _ranks(scores: Callable[[Any], tuple[int, ...]],
           tiebreaks: Callable[[Any], Sequence[tuple]] | None) -> Callable[[Any], tuple[int, ...]]:
    """Ranks by (handicapped score, *tiebreak keys): :func:`~rometools.core.protocol.ranks_by_keys`."""
    def ranks(state: Any) -> tuple[int, ...]:
        return _ranks_of(tiebreaks, state, scores(state))

    ranks._core_ranks = True  # type: ignore[attr-defined]
    return ranks


def _ranks_of(tiebreaks: Callable[[Any], Sequence[tuple]] | None, state: Any,
              scores: Sequence[int]) -> tuple[int, ...]:
    """The core ranks of ``state`` from its (handicapped) ``scores``, already computed: ``ranks_by_score``,
    or ``ranks_by_keys`` on (score, *tiebreak keys) when the game has ``tiebreaks``."""
    if tiebreaks is None:
        return ranks_by_score(scores)
    return ranks_by_keys([(s, *t) for s, t in zip(scores, tiebreaks(state), strict=True)])


def ranks_and_scores(spec: GameSpec, state: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(``spec.rules.scores(state)``, ``spec.ranks(state)``), the scores computed once when the
    ranks are the core's (from the scores and ``tiebreaks``): :func:`~rometools.core.simulate.simulate`'s
    every game, where the scores were computed twice.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> g = rometools.load_game("caesars_empire", players=2)
    >>> end = play(g, "greedy", rng=5)
    >>> ranks_and_scores(g.spec, end) == (g.spec.rules.scores(end), g.spec.ranks(end))
    True
    """
    scores = spec.rules.scores(state)
    if spec.own_ranks:
        return scores, spec.ranks(state)
    return scores, _ranks_of(spec.tiebreaks, state, scores)



def scores_ranks_and_parts(spec: GameSpec, state: Any) -> tuple[tuple[int, ...], tuple[int, ...], list[dict]]:
    """(``spec.rules.scores(state)``, ``spec.ranks(state)``, ``spec.score_parts(state)``): a game whose
    scores are its parts' totals (``spec.scores_from_parts``) has its parts computed once, not once for
    the scores and again for the parts (a simulate row holds all three: an eighth of a Caesar's Empire
    game's instructions in a run).

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> g = rometools.load_game("augustus", players=3)
    >>> end = play(g, "greedy", rng=5)
    >>> scores_ranks_and_parts(g.spec, end) == (g.spec.rules.scores(end), g.spec.ranks(end), g.spec.score_parts(end))
    True
    """
    parts = spec.score_parts(state)
    if not spec.scores_from_parts:
        return (*ranks_and_scores(spec, state), parts)
    scores = tuple(p["total"] for p in parts)
    return scores, (spec.ranks(state) if spec.own_ranks else _ranks_of(spec.tiebreaks, state, scores)), parts


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

