"""Exact odds of Caesar's Empire set-up randomness and Treasure draws.

Rules: ``001_a311a49632a27e24.txt``, Set-up ("Flip the Treasure tokens face down
and shuffle them. Then, place one on each City token, randomly") and 2-3 Player
Variants ("shuffle them and place them as you would for a 4 or 5 player game.
Put the tokens that remain back in the box").

Every exact answer is a :class:`fractions.Fraction` from integer counts, computed
by the game-agnostic draw engine (:mod:`rometools.draws`); the ``simulate_*`` /
:func:`deal_setup` functions give the seeded Monte Carlo counterpart used to
cross-check them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from rometools.caesars_empire.components import Components, ScoringTables, load_components
from rometools.caesars_empire.scoring import treasure_points
from rometools.core.errors import ArgumentError
from rometools.core.rng import RngLike, as_generator
from rometools.draws import Bag, some_absent
from rometools.draws.simulate import MAX_LOOPED_TRIALS, check_trials

__all__ = [
    "deal_setup",
    "prob_some_type_absent",
    "sample_treasure_points",
    "simulate_setup",
    "treasure_count_distribution",
    "treasure_points_distribution",
]


def _placed(players: int, all_tokens_variant: bool, comps: Components) -> tuple[Mapping[str, int], int]:
    """Tokens shuffled and how many of them are placed (one per city)."""
    if isinstance(players, bool) or not isinstance(players, int | np.integer):
        raise ArgumentError(f"players must be an int, got {players!r}")
    side = comps.side_for(int(players))
    return comps.tokens_in_play(int(players), all_tokens_variant=all_tokens_variant), side.cities


def treasure_count_distribution(kind: str, *, players: int, all_tokens_variant: bool = False,
                                components: Components | None = None) -> dict[int, Fraction]:
    """Exact law of the number of ``kind`` tokens on the board after set-up.

    With 4-5 players every token is placed; the standard 2-3 player set-up
    removes a fixed set first, so the count is certain too. The 2-3 player
    all-tokens variant shuffles all 40 and places 30: hypergeometric.

    Parameters
    ----------
    kind : str
        Treasure id, alias or display name.
    players : int
        2 to 5.
    all_tokens_variant : bool
        The 2-3 player variant (ignored with 4-5 players, where all are placed anyway).

    Returns
    -------
    dict[int, Fraction]
        ``{tokens on the board: probability}``.

    Raises
    ------
    ArgumentError
        Unknown type or unsupported player count.

    Examples
    --------
    >>> treasure_count_distribution("gold", players=3)
    {6: Fraction(1, 1)}
    >>> d = treasure_count_distribution("meat", players=2, all_tokens_variant=True)
    >>> d[0], d[4]
    (Fraction(21, 9139), Fraction(5481, 18278))
    """
    comps = components or load_components()
    tid = comps.canonical(kind)
    in_play, placed = _placed(players, all_tokens_variant, comps)
    return Bag(in_play).draw(placed).law(tid)


def prob_some_type_absent(*, players: int, all_tokens_variant: bool = False,
                          components: Components | None = None) -> Fraction:
    """Exact probability that at least one Treasure type is missing from the board.

    Only the 2-3 player all-tokens variant can leave a type out ("others may be
    completely absent from the game!"); otherwise the answer is 0.

    Examples
    --------
    >>> prob_some_type_absent(players=3, all_tokens_variant=True)
    Fraction(31389, 1708993)
    >>> prob_some_type_absent(players=4)
    Fraction(0, 1)
    """
    comps = components or load_components()
    in_play, placed = _placed(players, all_tokens_variant, comps)
    return Bag(in_play).draw(placed).prob(some_absent())


def treasure_points_distribution(n_tokens: int, *, players: int = 4, all_tokens_variant: bool = False,
                                 tables: ScoringTables | Mapping | None = None,
                                 components: Components | None = None) -> dict[int, Fraction]:
    """Exact law of Treasure points for a player ending with ``n_tokens`` random tokens.

    The tokens are drawn uniformly without replacement from those in play
    (all 40 with 4-5 players; the 30 left after the standard 2-3 player
    removal). Under the all-tokens variant a uniform 30 of 40 is placed, so a
    player's ``n`` tokens are a uniform draw from all 40. The eight non-gold
    types score alike, so the enumeration is folded by symmetry.

    Parameters
    ----------
    n_tokens : int
        Treasure tokens the player ends with (tokens), ``0 <= n <= 30 or 40``.
    players : int
        2 to 5 (picks the board side and token set).
    tables : optional
        What-if scoring tables (see :func:`treasure_points`).

    Returns
    -------
    dict[int, Fraction]
        ``{points: probability}``, sorted by points.

    Raises
    ------
    ArgumentError
        ``n_tokens`` negative or more than the tokens that can be placed.

    Examples
    --------
    Two tokens: both Gold (4 points) with probability C(8,2)/C(40,2) = 7/195.

    >>> treasure_points_distribution(2)
    {0: Fraction(64, 195), 2: Fraction(124, 195), 4: Fraction(7, 195)}
    """
    comps = components or load_components()
    in_play, placed = _placed(players, all_tokens_variant, comps)
    if all_tokens_variant:
        in_play = comps.supply
    if isinstance(n_tokens, bool) or not isinstance(n_tokens, int | np.integer) or not 0 <= n_tokens <= placed:
        raise ArgumentError(f"n_tokens must be 0 to {placed} (cities with {players} players), got {n_tokens!r}")
    gold = comps.gold_id
    law: dict[int, Fraction] = {}
    draw = Bag(in_play).draw(int(n_tokens))
    for counts, p in draw.outcomes(exchangeable=lambda t: t == gold):
        pts = treasure_points(counts, tables=tables, components=comps).total
        law[pts] = law.get(pts, Fraction(0)) + p
    return dict(sorted(law.items()))


def deal_setup(board_or_city_ids, *, players: int, all_tokens_variant: bool = False,
               rng: RngLike = None, components: Components | None = None) -> dict[str, str]:
    """Shuffle the Treasure tokens and place one on each city (seeded).

    Parameters
    ----------
    board_or_city_ids : Board or iterable of str
        A board (anything with ``city_ids``) or the city ids in board order.
    players : int
        2 to 5: picks the token set (standard 2-3 player removal unless
        ``all_tokens_variant``).
    rng : None, int or numpy.random.Generator
        Seed or generator (SPEC 7). Same seed, same placement.

    Returns
    -------
    dict[str, str]
        ``{city id: Treasure id}`` in the order the cities were given.

    Raises
    ------
    ArgumentError
        If there are more cities than tokens that can be placed, or a city id repeats.

    Examples
    --------
    >>> cities = [f"c{i}" for i in range(30)]
    >>> deal_setup(cities, players=3, rng=1) == deal_setup(cities, players=3, rng=1)
    True
    >>> sorted(Counter(deal_setup(cities, players=3, rng=1).values()).items())[:2]
    [('gems', 3), ('gold', 6)]
    """
    comps = components or load_components()
    ids = list(getattr(board_or_city_ids, "city_ids", board_or_city_ids))
    if len(set(ids)) != len(ids):
        dup = sorted({c for c in ids if ids.count(c) > 1})
        raise ArgumentError(f"city ids repeat: {dup}")
    in_play, placed = _placed(players, all_tokens_variant, comps)
    tokens = [t for t, n in in_play.items() for _ in range(n)]
    if len(ids) > len(tokens):
        raise ArgumentError(f"{len(ids)} cities but only {len(tokens)} Treasure tokens with {players} players")
    order = as_generator(rng).permutation(len(tokens))
    return {city: tokens[i] for city, i in zip(ids, order, strict=False)}


def simulate_setup(*, players: int, all_tokens_variant: bool = False, trials: int = 10_000,
                   rng: RngLike = None, components: Components | None = None) -> dict[str, Counter]:
    """Monte Carlo set-ups: how often each type appears ``k`` times on the board.

    Each trial is one :func:`deal_setup` on a side's full set of cities.

    Returns
    -------
    dict[str, collections.Counter]
        ``{type: Counter({tokens on board: trials})}``; the extra key
        ``"_absent"`` counts trials with some type missing (``Counter({True: k, False: m})``).

    Examples
    --------
    >>> sim = simulate_setup(players=4, trials=10, rng=0)
    >>> sim["gold"]
    Counter({8: 10})
    """
    comps = components or load_components()
    trials = check_trials(trials, low=1, limit=MAX_LOOPED_TRIALS,
                          message="trials must be a positive int, got {value}")
    gen = as_generator(rng)
    _, placed = _placed(players, all_tokens_variant, comps)
    cities = [f"city{i}" for i in range(placed)]
    out: dict[str, Counter] = {t: Counter() for t in comps.treasure_ids}
    absent = Counter()
    for _ in range(trials):
        on_board = Counter(deal_setup(cities, players=players, all_tokens_variant=all_tokens_variant,
                                      rng=gen, components=comps).values())
        for t in comps.treasure_ids:
            out[t][on_board[t]] += 1
        absent[any(on_board[t] == 0 for t in comps.treasure_ids)] += 1
    out["_absent"] = absent
    return out


def sample_treasure_points(n_tokens: int, *, players: int = 4, all_tokens_variant: bool = False,
                           trials: int = 10_000, rng: RngLike = None,
                           tables: ScoringTables | Mapping | None = None,
                           components: Components | None = None) -> Counter:
    """Monte Carlo counterpart of :func:`treasure_points_distribution`.

    Each trial deals a set-up and hands the player the Treasures of
    ``n_tokens`` cities chosen uniformly at random.

    Returns
    -------
    collections.Counter
        ``{points: trials}``.

    Examples
    --------
    >>> sum(sample_treasure_points(3, trials=50, rng=2).values())
    50
    """
    comps = components or load_components()
    trials = check_trials(trials, low=1, limit=MAX_LOOPED_TRIALS,
                          message="trials must be a positive int, got {value}")
    gen = as_generator(rng)
    _, placed = _placed(players, all_tokens_variant, comps)
    if not 0 <= n_tokens <= placed:
        raise ArgumentError(f"n_tokens must be 0 to {placed}, got {n_tokens!r}")
    cities = [f"city{i}" for i in range(placed)]
    out: Counter = Counter()
    for _ in range(trials):
        board = deal_setup(cities, players=players, all_tokens_variant=all_tokens_variant, rng=gen,
                           components=comps)
        taken = gen.choice(placed, size=n_tokens, replace=False)
        counts = Counter(board[cities[i]] for i in taken)
        out[treasure_points(counts, tables=tables, components=comps).total] += 1
    return out


def key_odds(config) -> list[tuple[str, Fraction]]:
    """The playtest report's exact odds: the set-up questions the board notebook answers.

    Examples
    --------
    >>> from rometools.caesars_empire import GameConfig
    >>> key_odds(GameConfig(players=3, all_tokens_variant=True))[0]
    ('a Treasure type is missing from the board at set-up', Fraction(31389, 1708993))
    """
    players, variant, comps = config.players, config.all_tokens_variant, config.components
    rows = [("a Treasure type is missing from the board at set-up",
             prob_some_type_absent(players=players, all_tokens_variant=variant, components=comps))]
    for n in (3, 5, 8):
        law = treasure_points_distribution(n, players=players, all_tokens_variant=variant, components=comps)
        rows.append((f"a player ending with {n} random Treasures scores 10 points or more from them",
                     sum((p for points, p in law.items() if points >= 10), Fraction(0))))
    return rows
