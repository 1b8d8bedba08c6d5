"""Caesar's Empire final scoring: Treasures, City tokens, Road bonus, ranking.

Rules: ``001_a311a49632a27e24.txt``, End of Game (City Points, Treasure Points,
Road Bonus, In the Event of a Tie) and 2-3 Player Variants; the same text in
``000_9470d6e5062bf7dc.txt`` (Drogi do Rzymu) calls Treasures "Riches".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from rometools.caesars_empire._treasure_memo import (
    _CACHE,
    marginal_list_shared,
    marginal_values,
    marginal_values_shared,
    treasure_total,
)
from rometools.caesars_empire.components import Components, ScoringTables, load_components
from rometools.caesars_empire.state import GameState
from rometools.core.formatting import seat_label
from rometools.core.protocol import ranks_by_keys

__all__ = [
    "Holding",
    "TreasureScore",
    "city_gain",
    "city_points",
    "city_total",
    "final_ranks",
    "tiebreaks",
    "final_scores",
    "holdings",
    "final_ranking",
    "marginal_treasure_value",
    "marginal_values",
    "marginal_list_shared",
    "marginal_values_shared",
    "normalise_treasures",
    "road_bonus",
    "score_bounds",
    "score_parts",
    "treasure_points",
    "treasure_total",
]


@dataclass(frozen=True)
class TreasureScore:
    """Treasure points of one player, by collection kind (points).

    Attributes
    ----------
    same_type : int
        Non-gold collections of one type (``same_type`` table per type).
    different_types : int
        One collection per row of the player board: row ``k`` holds every
        non-gold type owned ``k`` or more times (``different_types`` table per row).
    gold : int
        Gold Coins (``gold`` table).
    total : int
        ``same_type + different_types + gold``.
    """

    same_type: int
    different_types: int
    gold: int
    total: int


def _int_count(kind: str, count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        try:
            import numpy as np

            if isinstance(count, np.integer):
                return int(count)
        except ImportError:  # pragma: no cover - numpy is a dependency
            pass
        raise ValueError(f"count of {kind!r} must be an int, got {count!r}")
    return count


def _need_mapping(value: object, name: str, what: str) -> None:
    if not isinstance(value, Mapping):
        raise ValueError(f"{name} must be a mapping of {what}; got {type(value).__name__} {value!r:.60}")


def normalise_treasures(treasures: Mapping[str, int], *, components: Components | None = None,
                        check_supply: bool = True) -> dict[str, int]:
    """Validate a ``{type: count}`` mapping and return it keyed by canonical id.

    Aliases and display names are accepted (``"precious_stones"``,
    ``"Gold Coins"``). Every canonical id is present in the result (0 when absent).

    Raises
    ------
    ValueError
        For an unknown type, a type given twice (say ``gems`` and
        ``precious_stones``), a negative or non-int count, or (with
        ``check_supply``) more tokens of a type than the box holds.

    Examples
    --------
    >>> normalise_treasures({"precious_stones": 2, "gold_coins": 1})["gems"]
    2
    """
    comps = components or load_components()
    _need_mapping(treasures, "treasures", "a Treasure type to its count, e.g. {'grapes': 3, 'gold': 1}")
    out = dict.fromkeys(comps.treasure_ids, 0)
    seen: dict[str, str] = {}
    for name, count in treasures.items():
        tid = comps.canonical(name)
        if tid in seen:
            raise ValueError(f"Treasure type {tid!r} given twice (as {seen[tid]!r} and {name!r})")
        seen[tid] = name
        count = _int_count(tid, count)
        if count < 0:
            raise ValueError(f"count of {tid!r} must not be negative, got {count}")
        if check_supply and count > comps.supply[tid]:
            raise ValueError(f"{count} {tid!r} tokens is more than the {comps.supply[tid]} in the box")
        out[tid] = count
    return out


def treasure_points(treasures: Mapping[str, int], *, tables: ScoringTables | Mapping | None = None,
                    components: Components | None = None) -> TreasureScore:
    """Score a player's Treasure (Riches) collections.

    Rule: ``001_a311a49632a27e24.txt``, End of Game, Treasure Points: "A single
    Treasure token can belong to more than one collection at the same time.
    Gold Coins are counted separately."

    Parameters
    ----------
    treasures : Mapping[str, int]
        Tokens owned per type, keyed by id, alias or display name.
    tables : ScoringTables or Mapping, optional
        Replacement scoring tables for what-if exploration (a mapping may give
        only some of ``same_type``, ``different_types``, ``gold``; each a list of
        points for 1, 2, ... tokens). Default: the rulebook tables.
    components : Components, optional
        Component set; default the bundled file.

    Returns
    -------
    TreasureScore

    Raises
    ------
    ValueError
        Unknown type, negative count, or a count beyond what the box holds or
        the tables score (the message names the value).

    Examples
    --------
    The rulebook example (3 Grapes, 2 Gems, 2 Meat, one other type, 2 Gold):

    >>> treasure_points({"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2})
    TreasureScore(same_type=14, different_types=14, gold=4, total=32)
    """
    comps = components or load_components()
    table = ScoringTables.coerce(tables, comps.tables)
    return _score(normalise_treasures(treasures, components=comps), table, comps)


def _score(counts: Mapping[str, int], table: ScoringTables, comps: Components) -> TreasureScore:
    """Score already-normalised counts (every canonical id present)."""
    non_gold = [counts[t] for t in comps.non_gold_ids]
    same = sum(table.score("same_type", c) for c in non_gold)
    rows = max(non_gold, default=0)
    different = sum(table.score("different_types", sum(1 for c in non_gold if c >= k))
                    for k in range(1, rows + 1))
    gold = table.score("gold", counts[comps.gold_id])
    return TreasureScore(same, different, gold, same + different + gold)


def marginal_treasure_value(treasures: Mapping[str, int], *, tables: ScoringTables | Mapping | None = None,
                            components: Components | None = None) -> dict[str, int]:
    """Points that one more token of each type would add (points).

    Types already at their box supply cannot be drawn again and are left out.

    Raises
    ------
    ValueError
        As :func:`treasure_points`.

    Examples
    --------
    >>> v = marginal_treasure_value({"grapes": 2, "gold": 1})
    >>> v["grapes"], v["gold"], v["meat"]
    (8, 4, 2)
    """
    comps = components or load_components()
    table = ScoringTables.coerce(tables, comps.tables)
    counts = normalise_treasures(treasures, components=comps)
    base = _score(counts, table, comps).total
    out = {}
    for tid in comps.treasure_ids:
        if counts[tid] < comps.supply[tid]:
            more = dict(counts)
            more[tid] += 1
            out[tid] = _score(more, table, comps).total - base
    return out


def _city_tokens(tokens: Iterable[tuple[str, int]], what: str) -> list[tuple[str, int]]:
    if isinstance(tokens, str | Mapping) or not isinstance(tokens, Iterable):
        raise ValueError(f"{what} must be a list of (colour, value) pairs such as [('red', 3)], "
                         f"got {type(tokens).__name__}")
    out = []
    for token in tokens:
        try:
            colour, value = token
        except (TypeError, ValueError):
            raise ValueError(f"{what} must be (colour, value) pairs, got {token!r}") from None
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"City token value must be a positive int, got {value!r} for colour {colour!r}")
        out.append((str(colour), value))
    return out


def _highest_of_each_colour(tokens: Iterable[tuple[str, int]]) -> int:
    """City Points, standard scoring: the highest-value token of each colour (checked tokens)."""
    best: dict[str, int] = {}
    for colour, value in tokens:
        if value > best.get(colour, 0):
            best[colour] = value
    return sum(best.values())


def city_points(tokens: Iterable[tuple[str, int]], *, sum_complete_colours: bool = False,
                tokens_in_play: Iterable[tuple[str, int]] | None = None) -> int:
    """Score a player's City tokens (points).

    Rule: ``001_a311a49632a27e24.txt``, End of Game, City Points: only the
    highest-value token of each colour scores. 2-3 Player Variants: with
    ``sum_complete_colours``, a player who owns *all* the tokens of a colour in
    play scores their sum instead.

    Parameters
    ----------
    tokens : iterable of (colour, value)
        The player's City tokens.
    sum_complete_colours : bool
        The 2-3 player variant.
    tokens_in_play : iterable of (colour, value), optional
        Every City token in the game; required with ``sum_complete_colours``.

    Raises
    ------
    ValueError
        Malformed token, non-positive value, variant without ``tokens_in_play``,
        or a player token that is not in play.

    Examples
    --------
    The rulebook example, highest of each of six colours: 3 + 6 + 2 + 2 + 3 + 6.

    >>> city_points([("red", 3), ("red", 1), ("blue", 6), ("green", 2),
    ...              ("yellow", 2), ("purple", 3), ("orange", 6)])
    22
    >>> city_points([("red", 3), ("red", 1)], sum_complete_colours=True,
    ...             tokens_in_play=[("red", 3), ("red", 1), ("blue", 2)])
    4
    """
    mine = _city_tokens(tokens, "tokens")
    if not sum_complete_colours:
        return _highest_of_each_colour(mine)
    by_colour: dict[str, list[int]] = {}
    for colour, value in mine:
        by_colour.setdefault(colour, []).append(value)
    if tokens_in_play is None:
        raise ValueError("sum_complete_colours needs tokens_in_play (every City token in the game)")
    in_play = Counter(_city_tokens(tokens_in_play, "tokens_in_play"))
    owned = Counter(mine)
    missing = owned - in_play
    if missing:
        raise ValueError(f"City tokens {sorted(missing.elements())} are not among the tokens in play")
    total = 0
    for colour, values in by_colour.items():
        all_of_colour = sorted(v for (c, v), n in in_play.items() if c == colour for _ in range(n))
        total += sum(values) if sorted(values) == all_of_colour else max(values)
    return total


def road_bonus(roads_left: Mapping[Hashable, int], *, points: int | None = None,
               components: Components | None = None, most: int | None = None) -> dict[Hashable, int]:
    """The Road bonus: ``points`` (10) to every player with the most Roads left.

    Rule: ``001_a311a49632a27e24.txt``, End of Game, Road Bonus: "In the event of
    a tie between two or more players, each of them gains 10 points."

    Parameters
    ----------
    roads_left : Mapping[player, int]
        Roads each player has not placed (Roads).
    points : int, optional
        Bonus size; default the component file's (10).
    most : int, optional
        The most Roads a player can have left: the Roads a player starts with (default the
        component file's; more for a seat given Roads by the seat handicap's start bonus).

    Raises
    ------
    ValueError
        If ``roads_left`` is empty, or a count is negative or above the Roads a
        player starts with.

    Examples
    --------
    >>> road_bonus({"yellow": 3, "purple": 5, "red": 5})
    {'yellow': 0, 'purple': 10, 'red': 10}
    """
    comps = components or load_components()
    _need_mapping(roads_left, "roads_left", "each player to their Roads left, e.g. {'yellow': 3, 'red': 5}")
    bonus = comps.road_bonus if points is None else points
    if not roads_left:
        raise ValueError("road_bonus needs at least one player")
    most = comps.roads_per_player if most is None else most
    for player, n in roads_left.items():
        n = _int_count(str(player), n)
        if not 0 <= n <= most:
            raise ValueError(f"Roads left for {player!r} must be 0 to {most}, got {n}")
    top = max(roads_left.values())
    return {player: bonus if n == top else 0 for player, n in roads_left.items()}


def final_ranking(
    route_points: GameState | Mapping[Hashable, int],
    treasures: Mapping[Hashable, Mapping[str, int]] | None = None,
    city_tokens: Mapping[Hashable, Iterable[tuple[str, int]]] | None = None,
    roads_left: Mapping[Hashable, int] | None = None,
    *,
    sum_complete_colours: bool = False,
    tokens_in_play: Iterable[tuple[str, int]] | None = None,
    tables: ScoringTables | Mapping | None = None,
    components: Components | None = None,
    most_roads: int | None = None,
):
    """Final scores and ranking with the rulebook tiebreakers.

    Rule: ``001_a311a49632a27e24.txt``, End of Game and In the Event of a Tie:
    most points, then most Cities of different colours, then most Gold Coins,
    then most Roads remaining. Players still level on all four share a rank.

    Call it with a game state (``final_ranking(state)``, as
    :func:`final_scores`): the players are its seats, named ``P1`` (the first
    player) to ``Pn``, and the game's variant and tables apply. Or with the
    four mappings below, for a table that was never played in rometools.

    Parameters
    ----------
    route_points : GameState or Mapping[player, int]
        A game state (finished, or scored as if it ended now); or the points
        scored during the game from routes, per player (points).
    treasures : Mapping[player, Mapping[str, int]]
        Each player's Treasure tokens.
    city_tokens : Mapping[player, iterable of (colour, value)]
        Each player's City tokens.
    roads_left : Mapping[player, int]
        Each player's unplaced Roads.
    sum_complete_colours, tokens_in_play
        The 2-3 player City variant (see :func:`city_points`).
    tables
        Replacement Treasure tables (see :func:`treasure_points`).
    most_roads : int, optional
        The most Roads a player starts with (see :func:`road_bonus`).

    Returns
    -------
    pandas.DataFrame
        One row per player, best first, columns ``player, rank, total, route,
        cities, same_type, different_types, gold, treasures, road_bonus,
        colours, gold_coins, roads_left`` (points, except ``colours``: distinct
        City-token colours, ``gold_coins``: Gold Coin tokens held,
        ``roads_left``: Roads). From a state, ``player`` is ``"P1"`` ...
        ``"Pn"`` and a ``seat`` column (0-based) follows it.
        :func:`rometools.caesars_empire.views.readable` relabels the columns
        for display ("Road bonus", "Roads left").

    Raises
    ------
    ValueError
        If the mappings do not name the same players, a mapping is missing
        (or given with a state), or any part is invalid.

    Examples
    --------
    >>> df = final_ranking(
    ...     {"A": 10, "B": 12},
    ...     {"A": {"gold": 2}, "B": {"meat": 1}},
    ...     {"A": [("red", 3)], "B": [("blue", 3)]},
    ...     {"A": 4, "B": 2})
    >>> df[["player", "rank", "total"]].values.tolist()
    [['A', 1, 27], ['B', 2, 15]]

    A finished game:

    >>> from rometools.caesars_empire import GameConfig, play_game
    >>> final = play_game(GameConfig(players=3), ["greedy"] * 3, rng=1)
    >>> final_ranking(final)[["player", "seat", "rank", "total"]].values.tolist()
    [['P1', 0, 1, 256], ['P3', 2, 2, 246], ['P2', 1, 3, 207]]
    """
    import pandas as pd

    if isinstance(route_points, GameState):
        if any(part is not None for part in (treasures, city_tokens, roads_left)):
            raise ValueError("final_ranking(state) takes the state alone; the players' holdings come from it")
        return _state_ranking(route_points, tables=tables)
    if any(part is None for part in (treasures, city_tokens, roads_left)):
        raise ValueError("final_ranking needs a game state, or route_points, treasures, city_tokens "
                         "and roads_left (one mapping each, keyed by player)")
    comps = components or load_components()
    players = list(route_points)
    for name, part in (("treasures", treasures), ("city_tokens", city_tokens), ("roads_left", roads_left)):
        if set(part) != set(players):
            raise ValueError(f"{name} names players {sorted(map(str, part))}, "
                             f"route_points names {sorted(map(str, players))}")
    in_play = list(tokens_in_play) if tokens_in_play is not None else None
    bonus = road_bonus(roads_left, components=comps, most=most_roads)
    rows = []
    for p in players:
        tokens = list(city_tokens[p])
        ts = treasure_points(treasures[p], tables=tables, components=comps)
        cities = city_points(tokens, sum_complete_colours=sum_complete_colours, tokens_in_play=in_play)
        counts = normalise_treasures(treasures[p], components=comps)
        rows.append({
            "player": p,
            "route": int(route_points[p]),
            "cities": cities,
            "same_type": ts.same_type,
            "different_types": ts.different_types,
            "gold": ts.gold,
            "treasures": ts.total,
            "road_bonus": bonus[p],
            "total": int(route_points[p]) + cities + ts.total + bonus[p],
            "colours": len({c for c, _ in tokens}),
            "gold_coins": counts[comps.gold_id],
            "roads_left": int(roads_left[p]),
        })
    keys = ("total", "colours", "gold_coins", "roads_left")
    rows.sort(key=lambda r: tuple(r[k] for k in keys), reverse=True)
    for i, r in enumerate(rows):
        same_as_previous = i > 0 and all(r[k] == rows[i - 1][k] for k in keys)
        r["rank"] = rows[i - 1]["rank"] if same_as_previous else i + 1
    columns = ["player", "rank", "total", "route", "cities", "same_type", "different_types", "gold",
               "treasures", "road_bonus", "colours", "gold_coins", "roads_left"]
    return pd.DataFrame(rows, columns=columns)


# ===================================================================== cached forms (engine, bots)
# City tokens: bounded LRU caches (functools) keyed on a sorted tuple; the Treasure forms
# (``treasure_total``, ``marginal_values``...) are in ``_treasure_memo``, imported above.


def city_total(tokens: Iterable[tuple[str, int]]) -> int:
    """:func:`city_points` (standard scoring) of City tokens a board holds, unchecked.

    The tokens are a board's (checked when the board file was loaded), so they
    are not checked again here: this is the end-of-game scoring's hot path. (A
    cache keyed on the tokens was tried: a game's final holdings nearly never
    repeat, so it missed almost every time.)

    Examples
    --------
    >>> city_total((("blue", 6), ("green", 2), ("red", 3), ("red", 1)))
    11
    """
    return _highest_of_each_colour(tokens)


@lru_cache(maxsize=_CACHE)
def city_gain(same_colour: tuple[int, ...], value: int, colour_in_play: tuple[int, ...] | None) -> int:
    """Points one more City token of a colour adds to a seat holding ``same_colour`` of it.

    City points are a sum over colours, so only the tokens of that colour
    matter. ``colour_in_play`` (the colour's values on the board) selects the
    2-3 player "sum complete colours" variant; ``None`` the standard scoring.

    Examples
    --------
    >>> city_gain((3,), 5, None), city_gain((3,), 5, (3, 5))
    (2, 5)
    """
    variant = colour_in_play is not None
    everything = [("c", v) for v in colour_in_play] if variant else None
    tokens = [("c", v) for v in same_colour]
    return (city_points([*tokens, ("c", value)], sum_complete_colours=variant, tokens_in_play=everything)
            - city_points(tokens, sum_complete_colours=variant, tokens_in_play=everything))


# ===================================================================== scoring a game state
class Holding(NamedTuple):
    """What one seat holds: Treasure tokens per type (``components.treasure_ids``
    order) and City tokens as ``(colour, value)`` in board order."""

    treasures: tuple[int, ...]
    city_tokens: tuple[tuple[str, int], ...]


def holdings(state: GameState, seat: int | None = None) -> list[Holding] | Holding:
    """Each seat's tokens (or one seat's with ``seat``).

    Examples
    --------
    >>> from rometools.caesars_empire import apply, new_game
    >>> s = apply(new_game(rng=3), ("rome", "capua"))
    >>> holdings(s, 0).city_tokens
    (('red', 2),)
    """
    cfg = state.config
    slot = cfg.components.treasure_slot
    size = len(slot)
    if seat is not None:  # one seat (a bot's every decision): only its cities, found by index
        mine = [0] * size
        held: list = []
        owners, treasures, tokens = state.city_owner, state.treasures, cfg.board._city_tokens
        i = -1
        for _ in range(owners.count(seat)):
            i = owners.index(seat, i + 1)
            mine[slot[treasures[i]]] += 1
            held.append(tokens[i])
        return Holding(tuple(mine), tuple(held))
    facts = state._facts  # every seat's, kept with the state's engine facts once counted (a copy handed out)
    if facts is not None and facts.held is not None:
        return list(facts.held)
    players = cfg.players
    counts = [[0] * size for _ in range(players)]
    tokens: list[list] = [[] for _ in range(players)]
    for token, owner, t in zip(cfg.board._city_tokens, state.city_owner, state.treasures, strict=True):
        if owner >= 0:
            counts[owner][slot[t]] += 1
            tokens[owner].append(token)
    held = [Holding(tuple(c), tuple(t)) for c, t in zip(counts, tokens, strict=True)]
    if facts is not None:
        facts.held = tuple(held)
    return held


def score_parts(state: GameState) -> list[dict[str, int]]:
    """Each seat's points by part, as if the game ended now.

    Rule: ``001_a311a49632a27e24.txt``, End of Game: City Points, Treasure
    Points and the Road Bonus, added to the points scored from routes
    (the functions above).

    Returns
    -------
    list[dict[str, int]]
        Per seat: ``route``, ``cities``, ``treasures``, ``road_bonus``, ``total`` (points).

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> score_parts(new_game(rng=0))[0]
    {'route': 0, 'cities': 0, 'treasures': 0, 'road_bonus': 10, 'total': 10}
    """
    facts = state._facts  # kept with the state's engine facts once computed (copies handed out)
    if facts is not None and facts.parts is not None:
        return [dict(p) for p in facts.parts]
    cfg = state.config
    comps = cfg.components
    bonus = road_bonus(dict(enumerate(state.roads_left)), components=comps, most=max(cfg.start_roads))
    in_play = cfg.board.city_tokens() if cfg.sum_complete_colours else None
    out = []
    for p, held in enumerate(holdings(state)):
        if in_play is None:
            cities = city_total(held.city_tokens)
        else:
            cities = city_points(held.city_tokens, sum_complete_colours=True, tokens_in_play=in_play)
        treasures = treasure_total(held.treasures, comps)
        route = state.route_score[p]
        out.append({"route": route, "cities": cities, "treasures": treasures, "road_bonus": bonus[p],
                    "total": route + cities + treasures + bonus[p]})
    if facts is not None:
        facts.parts = [dict(p) for p in out]
    return out


def final_scores(state: GameState):
    """The score table with the rulebook tiebreakers: ``final_ranking(state)``.

    Returns
    -------
    pandas.DataFrame
        One row per seat, best first: ``player`` (``"P1"`` ... ``"Pn"``),
        ``seat`` (0-based), then the columns of :func:`final_ranking`.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> final_scores(new_game(rng=0))[["player", "total"]].values.tolist()[:2]
    [['P1', 10], ['P2', 10]]
    """
    return final_ranking(state)


def _state_ranking(state: GameState, *, tables: ScoringTables | Mapping | None = None):
    """:func:`final_ranking` of a game state: seats named P1..Pn, with a ``seat`` column."""
    cfg = state.config
    ids = cfg.components.treasure_ids
    held = holdings(state)
    labels = [seat_label(p) for p in range(cfg.players)]
    df = final_ranking(
        dict(zip(labels, state.route_score, strict=True)),
        {lab: dict(zip(ids, h.treasures, strict=True)) for lab, h in zip(labels, held, strict=True)},
        {lab: list(h.city_tokens) for lab, h in zip(labels, held, strict=True)},
        dict(zip(labels, state.roads_left, strict=True)), sum_complete_colours=cfg.sum_complete_colours,
        tokens_in_play=cfg.board.city_tokens(), tables=tables, components=cfg.components,
        most_roads=max(cfg.start_roads))
    df.insert(1, "seat", [labels.index(p) for p in df["player"]])
    if cfg.handicap.has_points:   # the seat handicap's points, before the ranking and its tiebreakers
        df.insert(df.columns.get_loc("total"), "handicap", [cfg.handicap.points(s) for s in df["seat"]])
        df["total"] = df["total"] + df["handicap"]
        ranks = final_ranks(state)
        df["rank"] = [ranks[s] for s in df["seat"]]
        df = df.sort_values(["rank", "seat"], kind="stable").reset_index(drop=True)
    return df


def score_bounds(config) -> tuple[int, int]:
    """Every score of a game with this config lies in ``(0, high)`` (points).

    A loose, safe bound: every path's Roads scored on every capture, doubled
    by Gold; every City token; every scoring table's full row for every
    Treasure type; the Road bonus.

    Examples
    --------
    >>> from rometools.caesars_empire import GameConfig
    >>> score_bounds(GameConfig())[0]
    0
    """
    comps = config.components
    b = config.board
    routes = 2 * b.total_roads * len(b.city_ids)
    cities = sum(v for _, v in b.city_tokens())
    t = comps.tables
    treasures = sum(t.same_type) + sum(t.different_types) + sum(t.gold)
    return 0, routes + cities + treasures * len(comps.treasure_ids) + comps.road_bonus


def final_ranks(state: GameState) -> tuple[int, ...]:
    """Each seat's rank (1 best) with the rulebook tiebreakers, as :func:`final_ranking` ranks them.

    Rule: ``001_a311a49632a27e24.txt``, In the Event of a Tie: most points, then
    most Cities of different colours, then most Gold Coins, then most Roads
    remaining; seats level on all four share a rank. Cheaper than
    :func:`final_scores` (no table), for simulations.

    Examples
    --------
    >>> from rometools.caesars_empire import new_game
    >>> final_ranks(new_game(rng=0))
    (1, 1, 1, 1)
    """
    handicap = state.config.handicap
    keys = [(p["total"] + handicap.points(s), *t)
            for s, (p, t) in enumerate(zip(score_parts(state), tiebreaks(state), strict=True))]
    return ranks_by_keys(keys)


def tiebreaks(state: GameState) -> list[tuple[int, int, int]]:
    """Each seat's tiebreakers after the points, more is better: ``(Cities of different colours,
    Gold Coins, Roads left)``.

    Rule: ``001_a311a49632a27e24.txt``, In the Event of a Tie. Registered as
    ``GameSpec(tiebreaks=...)``: core ranks by points with the seat handicap, then these.

    Examples
    --------
    >>> from rometools.caesars_empire import GameConfig, new_game
    >>> tiebreaks(new_game(GameConfig(players=2), rng=0))
    [(0, 0, 25), (0, 0, 25)]
    """
    gold = state.config.components.gold_index
    return [(len({c for c, _ in h.city_tokens}), h.treasures[gold], state.roads_left[s])
            for s, h in enumerate(holdings(state))]
