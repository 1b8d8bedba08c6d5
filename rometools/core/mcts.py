"""Monte Carlo tree search for every registered game: the bot and a position's best moves.

Written over the common game protocol (:mod:`rometools.core.protocol`) and the registry, so
every registered game gets it with nothing to add (the skill curve, which plays many games
with it, is :mod:`rometools.core.search`):

* :class:`MCTSBot` -- a :class:`~rometools.core.game.Bot` that searches
  ``budget`` simulations before each move. Every game knows it by name:
  ``game.bot("mcts")`` (:data:`DEFAULT_BUDGET` simulations) or
  ``game.bot("mcts:200")``, so :func:`~rometools.core.playout.play`,
  :func:`~rometools.core.simulate.simulate` and the ``rometools`` command take
  ``"mcts:200"`` like ``"greedy"``.
* :func:`best_moves` -- the legal moves of a position with their visit counts
  and estimated values: "what would a strong player do here?".

The search
----------
UCT (Kocsis and Szepesvari 2006) with max^n backups for any number of seats:
each node keeps the results of the seat that chose the move into it, and the
seat to move picks the child maximising ``mean + c * sqrt(ln N / n)``. A leaf
is valued by one playout by the game's ``"greedy"`` bot (its
``"random"`` bot if it has no greedy one; option ``rollout``: any of the
game's bot names), chance outcomes drawn with their
exact probabilities (:func:`~rometools.core.playout.sample_outcome`). A playout
plays to the end of the game, or, with option ``depth`` (default: the game's
``GameSpec.mcts_playout_depth``, ``None`` for most games), stops after that many
decisions and is valued by the provisional results where it stops: cheaper
simulations, which ``benchmarks/bench_mcts_skill.py`` weighs against full ones at
equal CPU (``depth="end"`` asks for full playouts in any game). The
result of a finished game is each seat's *win share* (1 for a win, ``1/k``
each for a complete tie of ``k`` seats for first, with the game's tiebreakers
(``GameSpec.ranks``), else 0; option ``utility="win"``) or its score scaled
into ``[0, 1]`` by the game's ``score_bounds`` (``utility="score"``).
Chance nodes in the tree branch on the outcome drawn. A node first tries the
move its playout bot would play, then the others in random order. The move
played is the most visited one ("robust child").

Hidden information: a game whose ``GameSpec`` has a ``resample`` hook (it
hides hands or a face-down pile the seat has seen part of) is searched by
single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012):
each simulation starts from a state drawn by ``resample(state, seat, rng)``
among those the seat to move cannot tell apart, and a child's exploration
term counts the simulations in which its move was available. A perfect-information
game is searched on the real state (the tree then keeps each node's state).

Examples
--------
>>> import rometools
>>> from rometools.core.playout import play
>>> game = rometools.load_game("caesars_empire", players=2, roads_per_player=6)
>>> end = play(game, ["mcts:30", "random"], rng=1)
>>> game.is_over(end)
True
>>> state = game.new_game(rng=3)
>>> moves = best_moves(state, 40, rng=0)
>>> sum(m.visits for m in moves), moves[0].visits >= moves[-1].visits
(40, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from rometools.core.bots import Bot
from rometools.core.errors import ArgumentError
from rometools.core.formatting import shown
from rometools.core.playout import _loop, sample_weighted
from rometools.core.protocol import CHANCE, TERMINAL
from rometools.core.registry import RegisteredSpec, game_of
from rometools.core.rng import RngLike, as_generator

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_EXPLORATION",
    "UTILITIES",
    "MCTSBot",
    "RankedMove",
    "SearchedSpec",
    "best_moves",
    "game_results",
    "mcts_bot",
]

#: Simulations per move of ``"mcts"`` without a budget.
DEFAULT_BUDGET = 100
#: UCT exploration constant ``c`` for results in ``[0, 1]``.
DEFAULT_EXPLORATION = 0.7
#: What a finished game is worth to a seat: its win share, or its score scaled to [0, 1].
UTILITIES = ("win", "score")
#: The playout depth "to the end of the game", whatever the game's default (``depth="end"``).
END = "end"


@dataclass(frozen=True)
class RankedMove:
    """One legal move of a searched position.

    Attributes
    ----------
    action : JSON value
        The move, as ``legal_actions`` lists it (pass it to ``apply``).
    visits : int
        Simulations that started with this move.
    value : float
        Mean result of those simulations for the seat to move: its win share
        (``utility="win"``: 0 to 1, 0.5 for half the games won) or scaled score.
    """

    action: Any
    visits: int
    value: float


class _Node:
    """A tree node: the move into it, who made it, and the results seen from there."""

    __slots__ = ("available", "children", "mover", "player", "state", "total", "untried", "visits")

    def __init__(self, mover: int, state: Any = None, player: int | None = None):
        self.mover = mover          # seat that chose the move into this node (CHANCE for an outcome)
        self.state = state          # perfect information: the node's state
        self.player = player        # current_player(state), when the state is kept
        self.visits = 0
        self.total = 0.0            # sum of results of `mover`
        self.available = 0          # information sets: simulations in which the move was legal
        self.children: dict[Any, _Node] = {}
        self.untried: list | None = None


class SearchedSpec(RegisteredSpec, Protocol):
    """What the search reads of a game's :class:`~rometools.core.spec.GameSpec` (which has these
    fields and more). Named here, not imported, not even for annotations: the spec sits above
    the search (the game's loader names :func:`mcts_bot` as a bot every game has)."""

    title: str
    bots: Mapping[str, type[Bot]]
    score_bounds: Callable[[Any], tuple[int, int]]
    ranks: Callable[[Any], tuple[int, ...]]
    apply_legal: Callable[[Any, Any], Any]
    resample: Callable[[Any, int, np.random.Generator], Any] | None
    mcts_playout_depth: int | None
    chance_name: str


def game_results(spec: SearchedSpec, state: Any, utility: str = "win") -> list[float]:
    """What a finished game is worth to each seat, in ``[0, 1]``.

    Parameters
    ----------
    spec : GameSpec
        The game's spec (:class:`SearchedSpec`: what the search reads of it).
    state : game state
        A finished game (or any state: its provisional ranks and scores).
    utility : {"win", "score"}
        ``"win"``: 1 for the winner (rank 1 with the game's tiebreakers,
        ``GameSpec.ranks``), ``1/k`` each when ``k`` seats share first place,
        0 otherwise; the results sum to 1. ``"score"``: each seat's score
        mapped linearly from ``score_bounds(config)`` onto ``[0, 1]``.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> g = rometools.load_game("caesars_empire", players=2)
    >>> end = play(g, "greedy", rng=4)
    >>> sum(game_results(g.spec, end))
    1.0
    """
    if utility == "win":
        ranks = spec.ranks(state)
        first = [r == 1 for r in ranks]
        share = 1.0 / sum(first)
        return [share if f else 0.0 for f in first]
    low, high = spec.score_bounds(state.config)
    span = float(high - low) or 1.0
    return [(s - low) / span for s in spec.rules.scores(state)]


class _Search:
    """One search from one state: the tree, the playout bots and the rng."""

    def __init__(self, spec: SearchedSpec, budget: int, rng: np.random.Generator, c: float,
                 rollout: str | None, utility: str, depth: int | str | None = None):
        rules = spec.rules
        self.spec, self.rng, self.c, self.utility, self.budget = spec, rng, c, utility, budget
        # None: the game's own default (GameSpec.mcts_playout_depth); "end": to the end of the game
        self.depth = spec.mcts_playout_depth if depth is None else None if depth == END else depth
        self.current, self.legal = rules.current_player, rules.legal_actions
        # a drawn outcome is legal: drawn from whole-number weights (sample_outcome's draw), applied unchecked
        self.weights, self.apply_legal = rules.chance_weights, spec.apply_legal
        if rollout is None:
            rollout = "greedy" if "greedy" in spec.bots else "random"
        if rollout not in spec.bots:
            raise ArgumentError(f"rollout must be one of {spec.title}'s own bots "
                                f"({', '.join(sorted(spec.bots))}), got {rollout!r}")
        bot = spec.bots[rollout]()
        self.rollout_decide = bot.decide
        self.rollout_apply = spec.apply_legal if bot.trusted else rules.apply

    # ---------------------------------------------------------------- playouts
    def playout(self, state: Any) -> list[float]:
        if self.depth is not None:
            return self.short_playout(state, self.depth)
        end = _loop.play_one_bot(state, self.current, self.weights, self.apply_legal, self.rollout_apply,
                                 self.rollout_decide, self.rng)
        return game_results(self.spec, end, self.utility)

    def short_playout(self, state: Any, depth: int) -> list[float]:
        """A playout of at most ``depth`` decisions, valued where it stops by the game's provisional
        results (its ranks or scores now: :func:`game_results` of any state)."""
        current, weights, apply_legal, rng = self.current, self.weights, self.apply_legal, self.rng
        decide, apply_bot = self.rollout_decide, self.rollout_apply
        left = depth
        while True:
            p = current(state)
            if p >= 0:
                if not left:
                    break
                left -= 1
                state = apply_bot(state, decide(state, rng))
            elif p == CHANCE:
                state = apply_legal(state, sample_weighted(*weights(state), rng))
            else:
                break
        return game_results(self.spec, state, self.utility)

    def first_tries(self, state: Any, legal: list) -> list:
        """The moves to expand, last first: shuffled (no bias from the order they are
        listed in), then the playout bot's own choice moved to the end, so a node's
        first child is the move the playouts would play (a budget smaller than the
        number of legal moves still tries it)."""
        self.rng.shuffle(legal)
        choice = self.rollout_decide(state, self.rng)
        for k, action in enumerate(legal):
            if action == choice:
                legal[k], legal[-1] = legal[-1], legal[k]
                break
        return legal

    def _ucb(self, node: _Node) -> _Node:
        """The child of a perfect-information node maximising its UCT value."""
        c = self.c
        log_n = math.log(node.visits)
        best, best_value = None, -math.inf
        for child in node.children.values():
            value = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if value > best_value:
                best, best_value = child, value
        return best

    def _ucb_available(self, pairs: list[tuple[Any, _Node]]) -> tuple[Any, _Node]:
        """The (move, child) maximising the UCT value in which a child's parent count is
        the simulations in which its move was legal (ISMCTS)."""
        c = self.c
        best, best_value = pairs[0], -math.inf
        for pair in pairs:
            child = pair[1]
            value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = pair, value
        return best

    # ---------------------------------------------------------------- perfect information
    def run(self, state: Any) -> _Node:
        root = _Node(-1, state, self.current(state))
        rng = self.rng
        for _ in range(self.budget):
            node, path = root, [root]
            while True:
                p = node.player
                if p == TERMINAL:
                    break
                if p == CHANCE:
                    outcome = sample_weighted(*self.weights(node.state), rng)
                    child = node.children.get(outcome)
                    if child is None:
                        s = self.apply_legal(node.state, outcome)
                        child = node.children[outcome] = _Node(CHANCE, s, self.current(s))
                        path.append(child)
                        break
                    node = child
                    path.append(node)
                    continue
                if node.untried is None:
                    node.untried = self.first_tries(node.state, list(self.legal(node.state)))
                if node.untried:
                    action = node.untried.pop()
                    s = self.apply_legal(node.state, action)
                    child = node.children[action] = _Node(p, s, self.current(s))
                    path.append(child)
                    break
                node = self._ucb(node)
                path.append(node)
            leaf = path[-1]
            result = (game_results(self.spec, leaf.state, self.utility) if leaf.player == TERMINAL
                      else self.playout(leaf.state))
            for n in path:
                n.visits += 1
                if n.mover >= 0:
                    n.total += result[n.mover]
        return root

    # ---------------------------------------------------------------- information sets
    def run_information_sets(self, state: Any) -> _Node:
        """Single-observer ISMCTS: each simulation on a state the seat to move cannot tell
        from ``state``; only moves legal in that state are followed."""
        seat = self.current(state)
        resample = self.spec.resample
        root = _Node(-1)
        rng = self.rng
        for _ in range(self.budget):
            s = resample(state, seat, rng)
            node, path = root, [root]
            while True:
                p = self.current(s)
                if p == TERMINAL:
                    break
                if p == CHANCE:
                    outcome = sample_weighted(*self.weights(s), rng)
                    s = self.apply_legal(s, outcome)
                    child = node.children.get(outcome)
                    if child is None:
                        child = node.children[outcome] = _Node(CHANCE)
                        path.append(child)
                        break
                    node = child
                    path.append(node)
                    continue
                legal = self.legal(s)
                untried = [a for a in legal if a not in node.children]
                for a in legal:
                    child = node.children.get(a)
                    if child is not None:
                        child.available += 1
                if untried:
                    action = self.first_tries(s, untried)[-1]
                    s = self.apply_legal(s, action)
                    child = node.children[action] = _Node(p)
                    child.available = 1
                    path.append(child)
                    break
                action, node = self._ucb_available([(a, node.children[a]) for a in legal])
                s = self.apply_legal(s, action)
                path.append(node)
            result = (game_results(self.spec, s, self.utility) if self.current(s) == TERMINAL
                      else self.playout(s))
            for n in path:
                n.visits += 1
                if n.mover >= 0:
                    n.total += result[n.mover]
        return root

    def ranked(self, state: Any) -> list[RankedMove]:
        if self.spec.resample is not None:
            root = self.run_information_sets(state)
            legal = self.legal(state)
            children = {a: root.children[a] for a in legal if a in root.children}
        else:
            root = self.run(state)
            children = root.children
        moves = [RankedMove(a, n.visits, n.total / n.visits) for a, n in children.items()]
        moves.sort(key=lambda m: (m.visits, m.value), reverse=True)
        return moves


#: Most simulations per move an MCTS bot takes (a million take minutes per move on any game).
MAX_BUDGET = 1_000_000


def _check_depth(depth: Any) -> int | str | None:
    """The depth as the search takes it: a Python int, ``"end"`` or ``None`` (the game's default)."""
    if depth is None or (isinstance(depth, str) and depth == END):
        return depth
    if isinstance(depth, bool) or not isinstance(depth, int | np.integer) or depth < 1:
        raise ArgumentError(f"the playout depth must be a whole number of decisions, 1 or more, or 'end' (to the "
                            f"end of the game); leave it out (None) for the game's default, got {shown(depth)}")
    return int(depth)


def _check_options(budget: Any, c: Any, utility: Any) -> None:
    if isinstance(budget, bool) or not isinstance(budget, int | np.integer) or not 1 <= budget <= MAX_BUDGET:
        raise ArgumentError(f"the MCTS budget must be a whole number of simulations, 1 to {MAX_BUDGET:,}, "
                            f"got {shown(budget)}")
    if isinstance(c, bool) or not isinstance(c, int | float) or not math.isfinite(c) or c < 0:
        raise ArgumentError(f"the exploration constant c must be a number 0 or more, got {c!r}")
    if utility not in UTILITIES:
        raise ArgumentError(f"unknown utility {utility!r}; choose one of {', '.join(UTILITIES)}")


def best_moves(state: Any, budget: int = DEFAULT_BUDGET, rng: RngLike = None, *,
               c: float = DEFAULT_EXPLORATION, rollout: str | None = None,
               utility: str = "win", depth: int | str | None = None) -> list[RankedMove]:
    """The legal moves of a position, best first, with visit counts and estimated values.

    "What would a strong player do here?": ``budget`` MCTS simulations from
    ``state`` (see the module docstring). The first move is the one
    :class:`MCTSBot` plays with the same options and generator.

    Parameters
    ----------
    state : game state
        A decision node of any registered game (a position a designer set up,
        or a state of a game in progress).
    budget : int
        Simulations (each one playout to the end of the game).
    rng : None, int or numpy.random.Generator
        Randomness of the search (SPEC 7); the same seed gives the same ranking.
    c : float
        UCT exploration constant (results lie in ``[0, 1]``).
    rollout : str, optional
        The game's bot that plays the playouts. Default: ``"greedy"``
        (``"random"`` for a game without one). Greedy playouts are slower
        than random ones but worth far more per simulation: in Caesar's
        Empire, 10 simulations with greedy playouts beat the greedy bot more
        often than 100 with random ones (``benchmarks/bench_openspiel.py``).
    utility : {"win", "score"}
        What a finished game is worth (:func:`game_results`).
    depth : int or "end", optional
        Decisions a playout plays before it stops and is valued by the game's
        provisional results there (:func:`game_results` of that state);
        ``"end"``: playouts play to the end. Default ``None``: the game's own
        default, ``GameSpec.mcts_playout_depth`` (to the end for a game that
        sets none). Shorter playouts are cheaper, and noisier where the
        provisional ranks say little; ``benchmarks/bench_mcts_skill.py``
        measures their strength against full ones at equal CPU.

    Returns
    -------
    list[RankedMove]
        The moves the search tried, by visits (the search's preference: it
        visits most the moves whose estimated value stays high), ties by
        value. ``value`` is the mean result for the seat to move: with
        ``utility="win"``, its estimated chance of winning after that move.
        A position with one legal move gives it without searching
        (``visits=0``, ``value=nan``).

    Raises
    ------
    ArgumentError
        At a chance node or a finished game, or for a bad option.

    Examples
    --------
    >>> import rometools
    >>> game = rometools.load_game("caesars_empire", players=2)
    >>> state = game.new_game(rng=5)
    >>> moves = best_moves(state, 60, rng=1)
    >>> moves[0].action in game.legal_actions(state), moves[0].visits == max(m.visits for m in moves)
    (True, True)
    >>> 0.0 <= moves[0].value <= 1.0
    True
    """
    spec = game_of(state)
    _check_options(budget, c, utility)
    depth = _check_depth(depth)
    p = spec.rules.current_player(state)
    if p == CHANCE:
        raise ArgumentError(f"no move to search: a chance node ({spec.chance_name}) is pending")
    if p == TERMINAL:
        raise ArgumentError("no move to search: the game is over")
    legal = spec.rules.legal_actions(state)
    if len(legal) == 1:
        return [RankedMove(legal[0], 0, math.nan)]
    return _Search(spec, int(budget), as_generator(rng), float(c), rollout, utility, depth).ranked(state)


class MCTSBot(Bot):
    """Plays the move Monte Carlo tree search prefers after ``budget`` simulations.

    Every registered game knows it by name: ``"mcts"`` (:data:`DEFAULT_BUDGET`
    simulations) or ``"mcts:<budget>"``; options other than the budget are
    written ``"mcts:200:rollout=random:c=1.0:utility=score:depth=16"``
    (``depth=end``: playouts to the end, whatever the game's default), and
    :attr:`name` writes them back that way, so the bot's name rebuilds it
    (which is how :func:`~rometools.core.simulate.simulate` sends bots to
    worker processes). See :func:`best_moves` for the parameters.

    Examples
    --------
    >>> import rometools
    >>> game = rometools.load_game("caesars_empire", players=2)
    >>> bot = game.bot("mcts:50")
    >>> bot.name, bot.budget
    ('mcts:50', 50)
    >>> state = game.new_game(rng=2)
    >>> bot.choose(state, 7) in game.legal_actions(state)
    True
    >>> MCTSBot(200, rollout="random").name
    'mcts:200:rollout=random'
    >>> game.bot("mcts:40:depth=end").depth, MCTSBot(40, depth=16).name
    ('end', 'mcts:40:depth=16')
    >>> game.bot("mcts:lots")
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: bad MCTS bot name 'mcts:lots': write mcts, mcts:<budget> or mcts:<budget>:<option>=<value>:... with options c, rollout, utility, depth (depth=<decisions> or depth=end; left out: the game's default)
    """

    name = "mcts"
    trusted = True  # every move comes from the game's own legal_actions

    def __init__(self, budget: int = DEFAULT_BUDGET, *, c: float = DEFAULT_EXPLORATION,
                 rollout: str | None = None, utility: str = "win", depth: int | str | None = None):
        _check_options(budget, c, utility)
        depth = _check_depth(depth)
        if rollout is not None and not isinstance(rollout, str):
            raise ArgumentError(f"rollout must be the name of one of the game's bots, got {rollout!r}")
        self.budget, self.c, self.rollout, self.utility = int(budget), float(c), rollout, utility
        self.depth = depth
        options = [f"{k}={v}" for k, v, default in (("rollout", rollout, None),
                                                    ("c", self.c, DEFAULT_EXPLORATION),
                                                    ("utility", utility, "win"),
                                                    ("depth", self.depth, None)) if v != default]
        self.name = ":".join(["mcts", str(self.budget), *options])

    def decide(self, state: Any, rng: np.random.Generator) -> Any:
        spec = game_of(state)
        legal = spec.rules.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        return _Search(spec, self.budget, rng, self.c, self.rollout, self.utility,
                       self.depth).ranked(state)[0].action

    def __repr__(self) -> str:
        return f"MCTSBot({self.name!r})"


def mcts_bot(name: str) -> MCTSBot:
    """The :class:`MCTSBot` a name stands for: ``"mcts"``, ``"mcts:200"``, ``"mcts:200:rollout=random"``.

    :meth:`rometools.core.load.Game.bot` calls it for names starting ``"mcts"``.

    Raises
    ------
    ArgumentError
        For a name that is not of that form, or a bad option.

    Examples
    --------
    >>> mcts_bot("mcts:80:c=1.2").c
    1.2
    """
    parts = name.split(":")
    usage = (f"bad MCTS bot name {shown(name)}: write mcts, mcts:<budget> or "
             "mcts:<budget>:<option>=<value>:... with options c, rollout, utility, depth (depth=<decisions> or "
             "depth=end; left out: the game's default)")
    if parts[0] != "mcts":
        raise ArgumentError(usage)
    options: dict[str, Any] = {}
    try:
        if len(parts) > 1:
            if len(parts[1]) > 12:  # int("9" * 5000) is refused by Python after a long parse
                raise ValueError(parts[1])
            options["budget"] = int(parts[1])
        for part in parts[2:]:
            key, _, value = part.partition("=")
            if key not in ("c", "rollout", "utility", "depth") or key in options or not value:
                raise ValueError(part)
            if key == "depth" and len(value) > 12:
                raise ValueError(part)
            options[key] = (float(value) if key == "c" else value if key != "depth" or value == END
                            else int(value))
    except ValueError:
        raise ArgumentError(usage) from None
    return MCTSBot(**options)
