"""Caesar's Empire bots.

Every bot is a :class:`rometools.core.game.Bot`: ``choose(state, rng)``
returns a legal action for the seat to move and raises ``ArgumentError`` at a
chance or terminal node. Bots read the game through the public rules
(:mod:`~rometools.caesars_empire.rules`) and the documented engine API
(:mod:`~rometools.caesars_empire.engine`), never its private helpers; only
GreedyBot's compiled search (``_greedy_search``) also reads a few private
attributes of the board and the config, where a property would cost a Python
call a move.

* :class:`RandomBot` -- a uniform legal action.
* :class:`CheapestBot` -- a connection of fewest Roads (uniform among ties).
* :class:`GreedyBot` -- the most immediate points: the route points the seat
  scores this turn under the game's route policy (doubled by Gold), plus the
  marginal value of the City token and of the Treasure token taken.

Rules: ``001_a311a49632a27e24.txt``, The Turn, Scoring Routes, End of Game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import numpy as np

from rometools.caesars_empire import engine
from rometools.caesars_empire.rules import apply_legal, legal_actions, route_choices
from rometools.caesars_empire.scoring import city_gain, holdings, marginal_values_shared
from rometools.caesars_empire.state import PASS, PLAYER_CHOICE, GameState
from rometools.core._cython import compiled_or_plain
from rometools.core.game import Bot
from rometools.core.playtest import Restriction
from rometools.core.rng import integer_below

__all__ = ["BOTS", "CheapestBot", "GreedyBot", "RandomBot"]

_DRAWS = 64
#: GreedyBot's search and choice (``best_chains``, ``decide``): compiled by Cython at install, else plain Python.
_greedy_search = compiled_or_plain("rometools.caesars_empire._greedy_search")
_TWO_64 = 1 << 64
#: Route policies whose action is the chain alone and whose routes GreedyBot's search values itself.
_SEARCHED = ("self_then_leader", "first")
#: Bit generators whose raw output is one 64-bit word, exactly what
#: ``integers(0, 2**64, dtype=np.uint64)`` returns (MT19937's is 32-bit).
_RAW_64 = (np.random.PCG64, np.random.PCG64DXSM, np.random.SFC64, np.random.Philox)


class _Draws:
    """Exactly uniform integers below ``n`` from a Generator, 64 raw 64-bit words at a
    time (one numpy call per 64 turns); rejection keeps every value equally likely.
    The words are ``gen.integers(0, 2**64, size=64, dtype=np.uint64)``; for the bit
    generators of ``_RAW_64`` the same words come cheaper from ``random_raw``."""

    __slots__ = ("_gen", "_raw", "_words")

    def __init__(self, gen: np.random.Generator):
        self._gen = gen
        bits = gen.bit_generator
        self._raw = bits.random_raw if type(bits) in _RAW_64 else None
        self._words: list[int] = []

    def below(self, n: int) -> int:
        limit = _TWO_64 - _TWO_64 % n
        words = self._words
        while True:
            if not words:
                raw = self._raw
                words = self._words = (raw(_DRAWS) if raw is not None else self._gen.integers(
                    0, _TWO_64, size=_DRAWS, dtype=np.uint64)).tolist()
            x = words.pop()
            if x < limit:
                return x % n


class RandomBot(Bot):
    """Plays a uniformly random legal action.

    The legal chains are counted, not listed (``engine.nth_legal_chain``), and
    one index is drawn exactly uniformly from 64-bit words buffered per
    generator (the buffer belongs to this bot and that generator).

    Examples
    --------
    >>> from rometools.caesars_empire import legal_actions, new_game
    >>> s = new_game(rng=0)
    >>> RandomBot().choose(s, np.random.default_rng(1)) in legal_actions(s)
    True
    """

    name = "random"
    trusted = True

    def __init__(self):
        self._gen = None
        self._below = None  # the exactly uniform integer draw of this bot and generator

    def decide(self, state: GameState, rng: np.random.Generator):
        if rng is not self._gen:
            self._gen, self._below = rng, _Draws(rng).below
        config = state.config
        if config.route_policy == PLAYER_CHOICE:  # actions are (chain, route) pairs
            actions = legal_actions(state)
            return actions[self._below(len(actions))]
        choice = engine.nth_legal_chain(state, self._below)
        return PASS if choice is None else engine.chain_ids(config.board, choice[0])


def _with_route(state: GameState, chain: tuple[str, ...], rng: np.random.Generator | None = None):
    """Under ``route_policy="player"`` the action carries a route: a uniform one of
    the distinct choices (``rng``), or the one best for the seat to move."""
    if state.config.route_policy != PLAYER_CHOICE:
        return chain
    options = route_choices(state, chain)
    if rng is not None:
        return chain, options[integer_below(rng, len(options))].path
    best = max(options, key=lambda o: o.points.get(state.seat, 0))
    return chain, best.path


class CheapestBot(Bot):
    """Plays a connection costing the fewest Roads (uniform among ties).

    Examples
    --------
    >>> from rometools.caesars_empire import legal_actions, new_game
    >>> s = new_game(rng=0)
    >>> a = CheapestBot().choose(s, np.random.default_rng(1))
    >>> len(a), s.config.board.path_between(*a).roads
    (2, 1)
    """

    name = "cheapest"
    trusted = True

    def decide(self, state: GameState, rng: np.random.Generator):
        best = engine.cheapest_chains(state)  # the fewest Roads' chains only, in the legal chains' order
        if not best:
            return PASS
        chain = engine.chain_ids(state.config.board, best[integer_below(rng, len(best))][0])
        return _with_route(state, chain, rng)


class GreedyBot(Bot):
    """Plays the connection worth the most points this turn.

    Value of a chain (points): the seat's own route points after the capture
    under the game's route policy (with ``"self_then_leader"`` and
    ``"player"`` the most the seat can get among tied fewest-Roads routes,
    which is what that policy picks; with any other policy the points the
    rules award, found by applying the chain), doubled if the city holds Gold;
    plus the City-token points it adds (``scoring.city_points``) and the
    Treasure's marginal value (``scoring.marginal_treasure_value``). Ties go
    to the cheaper chain, then uniformly at random. It connects whenever it
    can, as the rules require, even when every connection is worth less than
    nothing (a Treasure table that falls gives negative marginal values).

    Examples
    --------
    >>> from rometools.caesars_empire import legal_actions, new_game
    >>> s = new_game(rng=0)
    >>> GreedyBot().choose(s, np.random.default_rng(1)) in legal_actions(s)
    True
    """

    name = "greedy"
    trusted = True

    def values(self, state: GameState, *, dominated: bool = True) -> list[tuple[tuple[int, ...], int, int]]:
        """``(chain as location indices, points, cost)`` for every legal chain.

        Points are this turn's value to the seat (points); cost is in Roads.
        With ``dominated=False`` the chains through two or more empty cities whose
        paths change no route (``engine.touches_routes``) are left out: each is
        worth exactly what the one-path chain from its last source is worth, at a
        higher cost, so it is never the bot's choice.

        Examples
        --------
        >>> from rometools.caesars_empire import legal_actions, new_game
        >>> s = new_game(rng=0)
        >>> vals = GreedyBot().values(s)
        >>> len(vals) == len(legal_actions(s)), min(c for _, _, c in vals)
        (True, 1)
        """
        return list(self._valued(state, dominated))

    def _capture_values(self, state: GameState) -> tuple[Callable[[str, int], int] | None, Mapping[str, int]]:
        """``(gain_of, treasure_value)``: what capturing a city is worth to the seat to move.
        Standard City Points: ``gain_of`` None (a City token adds what it exceeds the
        seat's highest of its colour by: ``scoring.city_gain`` in closed form); in the 2-3
        player variant ``gain_of(colour, value)`` is ``scoring.city_gain`` with the tokens
        in play. ``treasure_value`` maps a Treasure to its marginal value (points)."""
        cfg = state.config
        if not cfg.sum_complete_colours:  # standard City Points, from the holdings the engine keeps
            return None, _greedy_search.treasure_values(state)
        # the 2-3 player variant: scoring.city_gain with the tokens in play
        mine = holdings(state, state.seat)
        by_colour: dict[str, tuple[int, ...]] = {}  # the seat's City-token values per colour, sorted
        for colour, value in sorted(mine.city_tokens):
            by_colour[colour] = (*by_colour.get(colour, ()), value)
        in_play: dict[str, tuple[int, ...]] = {}
        for colour, value in sorted(cfg.board.city_tokens()):
            in_play[colour] = (*in_play.get(colour, ()), value)

        def gain_of(colour: str, value: int) -> int:
            return city_gain(by_colour.get(colour, ()), value, in_play[colour])

        return gain_of, marginal_values_shared(mine.treasures, cfg.components)

    def _token_values(self, state: GameState) -> Callable[[int], tuple[int, int]]:
        """``value(t) -> (token points, route multiplier)`` of capturing city ``t`` now
        (the City-token points it adds plus the Treasure's marginal value; 2 if the
        city holds Gold, else 1): ``_greedy_search.capture_values``, the search's own count."""
        gains, mults = _greedy_search.capture_values(state, *self._capture_values(state))
        return lambda t: (gains[t], mults[t])

    def _valued(self, state: GameState, dominated: bool) -> Iterator[tuple[tuple[int, ...], int, int]]:
        cfg = state.config
        b = cfg.board
        seat = state.seat
        chains = engine.legal_chain_indices(state)
        if not chains:
            return
        token = self._token_values(state)
        fast = cfg.route_policy in ("self_then_leader", PLAYER_CHOICE)
        own = engine.most_own_roads(state, seat) if fast else None
        touches_routes, own_roads_after = engine.touches_routes, engine.own_roads_after
        for ch, cost in chains:
            touches = None
            if len(ch) > 3:
                touches = touches_routes(state, ch)
                if not (touches or dominated):
                    continue
            gain, mult = token(ch[-1])
            if not fast:  # the points the rules award under this policy, already doubled
                after = apply_legal(state, engine.chain_ids(b, ch))
                yield ch, after.history[-1][4][seat] + gain, cost
                continue
            route = own[ch[0]] + cost if len(ch) == 2 else own_roads_after(state, ch, own, touches=touches)
            yield ch, route * mult + gain, cost

    def best_chains(self, state: GameState) -> tuple[list[tuple[int, ...]], int, int]:
        """The chains the bot chooses among, without valuing every chain.

        Returns ``(chains, points, cost)``: every legal chain (location indices)
        worth the most points, and among those the fewest Roads, in the order of
        ``engine.legal_chain_indices``; ``([], -1, 0)`` if the seat cannot
        connect anything. Equals the tied best of :meth:`values` (checked by
        ``tests/caesars_empire/test_bots.py`` after every move of seeded games).

        How (one search per target city, not one value per chain):

        1. Every one-path chain ``(source, city)`` is valued: its route is the
           source's best route plus the path (``engine.most_own_roads``).
        2. For each empty city ``w`` with an available city beside it, the
           walks over unbuilt paths that end at ``w`` are searched backwards
           from ``w``. A walk helps only if the seat's Roads ``R`` on ``w``'s
           route after building it exceed ``w``'s route now (else the one-path
           chain from ``w`` is worth as much for fewer Roads) and reach the
           best value found so far. ``R`` is at most ``D``, the fewest Roads
           to Rome the walk can give ``w`` (``w``'s distance, or any walk
           location's distance plus the walk from it to ``w``); prepending
           locations only lowers ``D``, so the search stops as soon as ``D``
           is too low, and most walks are never formed.
        3. A walk through one empty city is valued in closed form; a longer
           one whose bound ``D`` minus the walk's least slack (distance minus
           the seat's Roads on a location's route: the route leaving the walk
           last at ``s`` goes on along ``s``'s route) can still win is valued
           exactly (``engine.own_roads_after``).

        When several walks tie for the best, their order is the legal
        chains' walk order from their sources (``engine.legal_chains_from``),
        read from each walk's paths without listing the chains (a depth-first
        listing's place: ``_greedy_search._walk_order``).

        It runs in ``_greedy_search.best_chains`` (steps 1 and 2 in its
        ``search``), which Cython compiles at install (plain Python without a C
        compiler, or with ``ROMETOOLS_NO_COMPILED=1``: the same chains, slower).

        For the built-in route policies and ``"player"``: under
        ``"self_then_leader"`` and ``"player"`` a route is worth the most the
        seat can get (``engine.most_own_roads``); under ``"first"`` what the
        first route in path order gives it (``engine.first_route_roads``;
        longer walks are valued by connecting them), with the most it could
        get as every bound. Any other policy values every chain by applying
        it (:meth:`values`).

        Examples
        --------
        >>> from rometools.caesars_empire import new_game
        >>> s = new_game(rng=0)
        >>> chains, points, cost = GreedyBot().best_chains(s)
        >>> [ch for ch, v, c in GreedyBot().values(s) if (v, c) == (points, cost)] == chains
        True
        """
        policy = state.config.route_policy
        if policy not in ("self_then_leader", PLAYER_CHOICE, "first"):
            ranked = [(ch, v, c) for ch, v, c in self._valued(state, False)]
            if not ranked:
                return [], -1, 0
            top = max(v for _, v, _ in ranked)
            cheapest = min(c for _, v, c in ranked if v == top)
            return [ch for ch, v, c in ranked if v == top and c == cheapest], top, cheapest
        if not state.config.sum_complete_colours:  # standard City Points: _capture_values, in the search module
            return _greedy_search.best_chains_standard(state, policy)
        gain_of, treasure_value = self._capture_values(state)
        return _greedy_search.best_chains(state, policy, None, gain_of, treasure_value)

    def decide(self, state: GameState, rng: np.random.Generator):
        # the most points, then the fewest Roads; ties uniformly, in the legal chains' order
        config = state.config
        if config.route_policy in _SEARCHED and not config.sum_complete_colours:  # all of it in the search module
            return _greedy_search.choose_standard(state, config.route_policy, rng)
        best, _, _ = self.best_chains(state)
        if not best:
            return PASS
        chain = best[integer_below(rng, len(best))] if len(best) > 1 else best[0]
        return _with_route(state, engine.chain_ids(state.config.board, chain))


#: Bot classes by name.
BOTS = {"random": RandomBot, "cheapest": CheapestBot, "greedy": GreedyBot}




# ----------------------------------------------------------------- restricted play
def _cities_of(state, action) -> list[int]:
    index = {c: i for i, c in enumerate(state.config.board.city_ids)}
    return [index[loc] for loc in action if loc in index] if isinstance(action, tuple) else []


def _takes_gold(state, action) -> bool:
    return any(state.treasures[i] == "gold" and state.city_owner[i] < 0 for i in _cities_of(state, action))


def _contests(state, action) -> bool:
    return any(state.city_owner[i] >= 0 and state.city_owner[i] != state.seat for i in _cities_of(state, action))


def _from_rome(state, action) -> bool:
    return isinstance(action, tuple) and "rome" in action


#: Strategies a bot can be denied in restricted play (:mod:`rometools.core.playtest`).
RESTRICTIONS = (
    Restriction("no_gold", "never builds a Road to an unclaimed city holding Gold", _takes_gold),
    Restriction("no_contest", "never builds a Road to a city another player already holds", _contests),
    Restriction("no_rome", "never builds a Road out of Rome", _from_rome),
)


def action_places(state, action) -> tuple[str, ...]:
    """The cities a Road reaches, by id (the playtest's hot spots; Rome is not a city)."""
    ids = set(state.config.board.city_ids)
    return tuple(loc for loc in action if loc in ids) if isinstance(action, tuple) else ()


def place_names(config) -> dict[str, str]:
    """Every city and Rome by id, with its name (the hot spots show the names)."""
    return {"rome": "Rome", **{c.id: c.name for c in config.board.cities}}


def place_map(config) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    """Where the hot spots are drawn: every city and Rome at its board position, by id; the paths as links."""
    board = config.board
    positions = {c.id: tuple(c.position) for c in board.cities}
    positions["rome"] = tuple(board.rome_position)
    return positions, [tuple(p.cities) for p in board.paths]
