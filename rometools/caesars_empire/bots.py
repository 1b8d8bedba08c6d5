"""Caesar's Empire bots and a playout helper.

Every bot is a small object with ``act(state) -> action`` that only reads the
rules' public results, and takes ``rng`` (SPEC 7) for its tie-breaks.

* :class:`RandomBot` -- a uniform legal action.
* :class:`CheapestBot` -- a connection of fewest Roads (uniform among ties).
* :class:`GreedyBot` -- the most immediate points: the route points the seat
  scores this turn (doubled by Gold) plus the marginal value of the City token
  and of the Treasure token taken (``scoring.marginal_treasure_value``).

Rules: ``001_a311a49632a27e24.txt``, The Turn, Scoring Routes, End of Game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from heapq import heapify, heappop, heappush

import numpy as np

from rometools.caesars_empire.rules import (
    _INF,
    CHANCE,
    PASS,
    GameConfig,
    GameState,
    _connect,
    _nth_chain,
    _treasure_shape,
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
)
from rometools.caesars_empire.scoring import city_points, marginal_treasure_value
from rometools.core.rng import RngLike, as_generator

__all__ = ["BOTS", "CheapestBot", "GreedyBot", "RandomBot", "play_game"]


def _as_action(state: GameState, choice):
    """A bot's ``(chain indices, cost)`` choice as a public action."""
    if choice is None:
        return legal_actions(state)[0]
    locs = state.config.board.locations
    return tuple(locs[i] for i in choice[0])


_DRAWS = 64
_TWO_64 = 1 << 64


#: Bit generators whose raw output is one 64-bit word, exactly what
#: ``integers(0, 2**64, dtype=np.uint64)`` returns (MT19937's is 32-bit).
_RAW_64 = (np.random.PCG64, np.random.PCG64DXSM, np.random.SFC64, np.random.Philox)


class _Draws:
    """Exactly uniform integers below ``n`` from a ``numpy`` Generator, drawn 64
    raw 64-bit words at a time (one numpy call per 64 turns instead of one per
    turn); rejection keeps every value exactly equally likely. The words are
    ``gen.integers(0, 2**64, size=64, dtype=np.uint64)``; for the bit generators
    of ``_RAW_64`` the same words come cheaper from ``bit_generator.random_raw``."""

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


class RandomBot:
    """Plays a uniformly random legal action.

    Parameters
    ----------
    rng : None, int or numpy.random.Generator
        Seed or generator (SPEC 7).

    Examples
    --------
    >>> s = new_game(rng=0)
    >>> RandomBot(1).act(s) in legal_actions(s)
    True
    """

    name = "random"

    def __init__(self, rng: RngLike = None):
        self.rng = as_generator(rng)
        self._draws = _Draws(self.rng)

    def act(self, state: GameState):
        """A legal action for the seat to move (a chain or ``PASS``).

        Examples
        --------
        >>> RandomBot(0).act(new_game(rng=0))[0]
        'rome'
        """
        return _as_action(state, self._choose(state))

    def _choose(self, state: GameState):
        # a uniform index among the legal chains, found by counting them per
        # walk instead of listing them all (rules._nth_chain)
        return _nth_chain(state, self._draws.below)


class CheapestBot:
    """Plays a connection costing the fewest Roads (uniform among ties).

    Examples
    --------
    >>> s = new_game(rng=0)
    >>> a = CheapestBot(1).act(s)
    >>> len(a), s.config.board.path_between(*a).roads
    (2, 1)
    """

    name = "cheapest"

    def __init__(self, rng: RngLike = None):
        self.rng = as_generator(rng)

    def act(self, state: GameState):
        """A cheapest legal chain (or ``PASS``).

        Examples
        --------
        >>> len(CheapestBot(0).act(new_game(rng=0)))
        2
        """
        return _as_action(state, self._choose(state))

    def _choose(self, state: GameState):
        chains = state._chains
        if not chains:
            return None
        low = min(c for _, c in chains)
        best = [(ch, c) for ch, c in chains if c == low]
        return best[int(self.rng.integers(len(best)))]


def _own_best(state: GameState, seat: int):
    """Fewest-Roads distance to every location (``state.route_dist``), and the most
    Roads of ``seat`` on any fewest-Roads route to each joined location."""
    b = state.config.board
    adj, po = b._adj, state.path_owner
    dist = state.route_dist
    order = sorted((d, v) for v, d in enumerate(dist) if d < _INF)
    own = [0] * len(dist)
    for d, v in order[1:]:
        best = -1
        for u, e, c in adj[v]:
            if po[e] >= 0 and dist[u] + c == d:
                g = own[u] + (c if po[e] == seat else 0)
                if g > best:
                    best = g
        own[v] = best
    return dist, own


def _relax_upto(board, po, dist: list[int], seeds, goal: int) -> list[int]:
    """``rules._relax`` (Dijkstra from ``seeds`` over built paths, on current
    upper bounds), stopped once every location nearer Rome than ``goal`` is
    final: enough for the fewest-Roads routes to ``goal``. Labels at or beyond
    ``goal``'s distance may stay above their true distance."""
    adj = board._adj
    heap = [(dist[v], v) for v in seeds]
    heapify(heap)
    while heap:
        d, v = heappop(heap)
        if d >= dist[goal]:
            break
        if d > dist[v]:
            continue
        for u, e, c in adj[v]:
            if d + c < dist[u] and po[e] >= 0:
                dist[u] = d + c
                heappush(heap, (d + c, u))
    return dist


def _most_own(board, po, dist, target: int, seat: int, own=None, near: int = 0) -> int:
    """The most Roads of ``seat`` on any fewest-Roads route from ``target`` to
    Rome: a longest-path solve on the fewest-Roads DAG (no route listing).

    A location ``u`` with ``dist[u] < near`` is taken as ``own[u]`` (its routes
    use no new path, so they are the state's)."""
    adj = board._adj
    steps: dict[int, list] = {}
    best = {0: 0}
    stack = [target]
    while stack:
        v = stack.pop()
        if v in steps or v in best:
            continue
        if dist[v] < near:
            best[v] = own[v]
            continue
        dv = dist[v]
        here = steps[v] = []
        for u, e, c in adj[v]:
            if dist[u] + c == dv and po[e] >= 0:
                here.append((u, c if po[e] == seat else 0))
                if u:
                    stack.append(u)
    for v in sorted(steps, key=dist.__getitem__):
        best[v] = max([best[u] + g for u, g in steps[v]])
    return best[target]


#: ``marginal_treasure_value`` results by (tables, counts): holdings repeat across turns and games.
_MARGINAL: dict = {}
#: City-token gains by (colour's tokens owned, new value, variant, colour's tokens in play).
_CITY_GAIN: dict = {}


def _marginal_values(mine: Counter, comps) -> dict[str, int]:
    """``scoring.marginal_treasure_value(mine)``, cached.

    Treasure points depend on the non-Gold counts only as a multiset (a sum
    over types, and rows of different types), so when every non-Gold type has
    the same box supply, one more token of a type is worth the same as one
    more of any type held as often: the cache is keyed on the sorted counts
    (far fewer keys than holdings) and gives the value per count."""
    ids, gold, symmetric = _treasure_shape(comps)
    if not symmetric:
        key = (comps.tables, tuple(mine[t] for t in comps.treasure_ids))
        tv = _MARGINAL.get(key)
        if tv is None:
            tv = _MARGINAL[key] = marginal_treasure_value(mine, components=comps)
        return tv
    counts = [mine[t] for t in ids]
    key = (comps.tables, tuple(sorted(counts)), mine[gold])
    per_count = _MARGINAL.get(key)
    if per_count is None:
        canon = dict(zip(ids, key[1], strict=True))  # the same multiset on fixed types
        canon[gold] = key[2]
        value = marginal_treasure_value(canon, components=comps)
        per_count = _MARGINAL[key] = ({canon[t]: value[t] for t in ids if t in value}, value.get(gold))
    by_count, gold_value = per_count
    tv = {t: by_count[c] for t, c in zip(ids, counts, strict=True) if c in by_count}
    if gold_value is not None:
        tv[gold] = gold_value
    return tv


def _city_gain(board, mine, colour: str, value: int, variant: bool) -> int:
    """Points one more City token adds, via ``scoring.city_points``.

    ``mine``: the seat's City tokens as ``(colour, value)`` pairs, or as
    ``{colour: sorted values}``.

    City points are a sum over colours, so only the tokens of ``colour`` matter;
    results are cached on them.
    """
    same = mine.get(colour, ()) if isinstance(mine, dict) else tuple(sorted(v for c, v in mine if c == colour))
    in_play = tuple(sorted(v for c, v in board.city_tokens() if c == colour)) if variant else ()
    key = (same, value, variant, in_play)
    gain = _CITY_GAIN.get(key)
    if gain is None:
        tokens = [(colour, v) for v in same]
        everything = [(colour, v) for v in in_play] if variant else None
        gain = _CITY_GAIN[key] = (
            city_points([*tokens, (colour, value)], sum_complete_colours=variant, tokens_in_play=everything)
            - city_points(tokens, sum_complete_colours=variant, tokens_in_play=everything))
    return gain


class GreedyBot:
    """Plays the connection worth the most points this turn.

    Value of a chain (points): the seat's own route points after the capture
    (the most the seat can get among tied fewest-Roads routes, which is what
    the default ``self_then_leader`` route policy picks), doubled if the city
    holds Gold; plus the City-token points it adds (``scoring.city_points``)
    and the Treasure's marginal value (``scoring.marginal_treasure_value``).
    Ties go to the cheaper chain, then uniformly at random.

    Examples
    --------
    >>> s = new_game(rng=0)
    >>> GreedyBot(1).act(s) in legal_actions(s)
    True
    """

    name = "greedy"

    def __init__(self, rng: RngLike = None):
        self.rng = as_generator(rng)

    def values(self, state: GameState) -> list[tuple[tuple[int, ...], int, int]]:
        """``(chain as location indices, points, cost)`` for every legal chain.

        Points are this turn's value to the seat (points); cost is in Roads.

        Examples
        --------
        >>> s = new_game(rng=0)
        >>> vals = GreedyBot(0).values(s)
        >>> len(vals) == len(legal_actions(s)), min(c for _, _, c in vals)
        (True, 1)
        """
        cfg = state.config
        b = cfg.board
        seat = state.seat
        chains = state._chains
        if not chains:
            return []
        dist, own = _own_best(state, seat)
        mine_t: Counter = Counter()
        mine_c: list[tuple[str, int]] = []
        for city, o, t in zip(b.cities, state.city_owner, state.treasures, strict=True):
            if o == seat:
                mine_t[t] += 1
                mine_c.append((city.colour, city.value))
        by_colour: dict[str, tuple[int, ...]] = {}  # the seat's City-token values per colour, sorted
        for colour, value in sorted(mine_c):
            by_colour[colour] = (*by_colour.get(colour, ()), value)
        tv = _marginal_values(mine_t, cfg.components)
        variant = cfg.sum_complete_colours
        treasures = state.treasures
        token_value: dict[int, tuple[int, int]] = {}  # target -> (token points, route multiplier)
        route_own = self._route_own
        out = []
        append = out.append
        for ch, cost in chains:
            t = ch[-1]
            tok = token_value.get(t)
            if tok is None:
                city = b.cities[t - 1]
                tok = token_value[t] = (_city_gain(b, by_colour, city.colour, city.value, variant)
                                        + tv.get(treasures[t - 1], 0),
                                        2 if treasures[t - 1] == "gold" else 1)
            # one new path (costing ``cost``) from a joined source, or the general case
            route = own[ch[0]] + cost if len(ch) == 2 else route_own(state, ch, dist, own)
            append((ch, route * tok[1] + tok[0], cost))
        return out

    @staticmethod
    def _route_own(state: GameState, ch: tuple[int, ...], dist, own) -> int:
        b = state.config.board
        seat = state.seat
        if len(ch) == 2:  # one new path to a leaf: the route is the start's route plus it
            c = b._cost[b._edge[ch]]
            return own[ch[0]] + c
        if len(ch) == 3:  # a new path into an empty city S, then to the target
            s0, s, _ = ch
            c1 = b._cost[b._edge[s0, s]]
            c2 = b._cost[b._edge[s, ch[2]]]
            via = dist[s0] + c1
            if via < dist[s]:
                best = own[s0] + c1
            elif via == dist[s]:
                best = max(own[s], own[s0] + c1)
            else:
                best = own[s]
            return best + c2
        # longer chains: if no new path between the chain's sources lies on a
        # fewest-Roads route (none shortens or ties one), routes are unchanged
        # and the captured city's route is its last source's plus the last path
        edge_of, cost_of = b._edge, b._cost
        touches = False
        for i in range(len(ch) - 2):
            a, v = ch[i], ch[i + 1]
            c = cost_of[edge_of[a, v]]
            da, dv = dist[a], dist[v]
            if da + c <= dv or dv + c <= da:
                touches = True
                break
        if not touches:
            return own[ch[-2]] + cost_of[edge_of[ch[-2], ch[-1]]]
        po = list(state.path_owner)  # otherwise: search from the chain, only as far
        for a, c in zip(ch, ch[1:], strict=False):  # as the last source's distance
            po[edge_of[a, c]] = seat
        new_dist = _relax_upto(b, po, list(dist), ch[:-1], ch[-2])
        new_dist[ch[-1]] = new_dist[ch[-2]] + cost_of[edge_of[ch[-2], ch[-1]]]
        # a location nearer Rome than every new path's far end keeps its routes
        near = min([max(new_dist[a], new_dist[c]) for a, c in zip(ch, ch[1:], strict=False)])
        return _most_own(b, po, new_dist, ch[-1], seat, own, near)

    def act(self, state: GameState):
        """The highest-value legal chain (or ``PASS``).

        Examples
        --------
        >>> GreedyBot(0).act(new_game(rng=0))[0]
        'rome'
        """
        return _as_action(state, self._choose(state))

    def _choose(self, state: GameState):
        vals = self.values(state)
        if not vals:
            return None
        top = max((v, -c) for _, v, c in vals)
        best = [(ch, c) for ch, v, c in vals if (v, -c) == top]
        return best[int(self.rng.integers(len(best)))] if len(best) > 1 else best[0]


#: Bot classes by name.
BOTS = {"random": RandomBot, "cheapest": CheapestBot, "greedy": GreedyBot}


def play_game(config: GameConfig | None = None, bots: Sequence | None = None,
              rng: RngLike = None, *, fast: bool = True) -> GameState:
    """Play one whole game: deal from ``rng``, then each seat's bot moves until the end.

    Parameters
    ----------
    config : GameConfig, optional
        Default ``GameConfig()`` (bundled 4-5 board, 4 players).
    bots : sequence, optional
        One bot per seat (objects with ``act(state)``), or bot names / classes,
        which are built here sharing the game's generator (``rng``; one
        stream for the deal and their choices, drawn in a fixed order, so no
        generator is seeded per bot). Default: RandomBot for every seat.
    rng : None, int or numpy.random.Generator
        Seed for the deal (and for bots built here). Same seed, same game.
    fast : bool
        Apply the bots' chains without re-validating them (they come from the
        legal-action list). ``False`` goes through :func:`apply` every time.

    Returns
    -------
    GameState
        The final state (``is_over`` is true); its history replays the game.

    Raises
    ------
    ValueError
        If the number of bots is not the number of players.

    Examples
    --------
    >>> end = play_game(bots=["greedy", "random", "cheapest", "random"], rng=3)
    >>> is_over(end), sum(1 for h in end.history if h[0] == "connect") <= 40
    (True, True)
    """
    config = config or GameConfig()
    gen = as_generator(rng)
    bots = list(bots) if bots is not None else ["random"] * config.players
    if len(bots) != config.players:
        raise ValueError(f"{config.players} players need {config.players} bots, got {len(bots)}")
    built = []
    for bot in bots:
        if isinstance(bot, str):
            bot = BOTS[bot](gen)
        elif isinstance(bot, type):
            bot = bot(gen)
        built.append(bot)
    choosers = [getattr(bot, "_choose", None) if fast else None for bot in built]
    state = new_game(config, gen)
    assert current_player(state) != CHANCE
    while not state._over:
        seat = state.seat  # the deal is done: the seat to move
        choose = choosers[seat]
        if choose is None:
            state = apply(state, built[seat].act(state))
            continue
        choice = choose(state)
        state = apply(state, PASS) if choice is None else _connect(state, *choice)
    assert is_over(state)
    return state
