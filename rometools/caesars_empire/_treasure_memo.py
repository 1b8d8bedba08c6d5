"""The memoised forms of Caesar's Empire's Treasure scoring that the engine and GreedyBot read.

Re-exported by :mod:`rometools.caesars_empire.scoring` (import them from there): the
end-of-game Treasure total and the marginal value of one more Treasure of each type, for a
seat's Treasure counts as a vector in ``components.treasure_ids`` order. Rules:
``001_a311a49632a27e24.txt``, End of Game (Treasure Points).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only
    from rometools.caesars_empire.components import Components, ScoringTables

__all__ = ["marginal_list_shared", "marginal_values", "marginal_values_shared", "treasure_total"]

# Holdings repeat across turns and games, so the engine's end-of-game scores and
# GreedyBot's token values look them up in bounded LRU caches (functools), keyed on
# hashable values only: a seat's Treasure counts as a vector in
# ``components.treasure_ids`` order, its City tokens as a sorted tuple.
_CACHE = 1 << 16


@lru_cache(maxsize=_CACHE)
def _treasure_total(tables: ScoringTables, non_gold: tuple[int, ...], gold: int) -> int:
    same = sum(tables.score("same_type", c) for c in non_gold)
    rows = max(non_gold, default=0)
    different = sum(tables.score("different_types", sum(1 for c in non_gold if c >= k))
                    for k in range(1, rows + 1))
    return same + different + tables.score("gold", gold)


def _split(counts: Sequence[int], comps: Components) -> tuple[tuple[int, ...], int]:
    """(non-Gold counts, Gold count); the non-Gold counts sorted when their supplies are equal."""
    gold_at = comps.gold_index
    non_gold = tuple(counts[:gold_at]) + tuple(counts[gold_at + 1:])
    if comps.equal_non_gold_supply:
        non_gold = tuple(sorted(non_gold))
    return non_gold, counts[gold_at]


def treasure_total(counts: Sequence[int], comps: Components) -> int:
    """``treasure_points(...).total`` for counts given as a vector, cached.

    Parameters
    ----------
    counts : sequence of int
        Tokens per type in ``comps.treasure_ids`` order (not re-validated
        against the box supply; the tables still refuse a count they do not score).
    comps : Components

    Examples
    --------
    >>> from rometools.caesars_empire.components import load_components
    >>> c = load_components()
    >>> treasure_total([2, 0, 2, 0, 3, 0, 0, 1, 2], c)
    32
    """
    non_gold, gold = _split(counts, comps)
    return _treasure_total(comps.tables, non_gold, gold)


@lru_cache(maxsize=_CACHE)
def _marginal(tables: ScoringTables, non_gold: tuple[int, ...], gold: int,
              supply: tuple[int, ...], gold_supply: int) -> tuple[dict[int, int], int | None]:
    """Per non-Gold count held, the value of one more token; and one more Gold's value.

    In closed form, not as two totals: one more token of a type held ``c`` times adds
    ``same_type`` at ``c + 1`` over ``c``, and puts one more type in row ``c + 1``
    (held by ``m`` types, those held more than ``c`` times): ``different_types`` at
    ``m + 1`` over ``m``; no other row changes. (:func:`_treasure_total` per count
    held cost about a tenth of a millisecond a new count vector.)"""
    by_count: dict[int, int] = {}
    for i, c in enumerate(non_gold):
        if c < supply[i] and c not in by_count:
            m = sum([1 for x in non_gold if x > c])
            by_count[c] = (tables.score("same_type", c + 1) - tables.score("same_type", c)
                           + tables.score("different_types", m + 1) - tables.score("different_types", m))
    gold_value = tables.score("gold", gold + 1) - tables.score("gold", gold) if gold < gold_supply else None
    return by_count, gold_value


def marginal_values(counts: Sequence[int], comps: Components) -> dict[str, int]:
    """:func:`marginal_treasure_value` for counts given as a vector, cached.

    Types already at their box supply are left out.

    Examples
    --------
    >>> from rometools.caesars_empire.components import load_components
    >>> c = load_components()
    >>> from rometools.caesars_empire.scoring import marginal_treasure_value
    >>> marginal_values([2, 0, 2, 0, 3, 0, 0, 1, 2], c) == marginal_treasure_value(
    ...     {"meat": 2, "gems": 2, "grapes": 3, "wine": 1, "gold": 2})
    True
    """
    return dict(marginal_values_shared(counts, comps))  # a copy of the memoised values is handed out


def marginal_values_shared(counts: Sequence[int], comps: Components) -> Mapping[str, int]:
    """:func:`marginal_values` without the copy: the memoised mapping itself, which the
    caller must not change (GreedyBot reads it once per move).

    Examples
    --------
    >>> from rometools.caesars_empire.components import load_components
    >>> c = load_components()
    >>> marginal_values_shared([2, 0, 2, 0, 3, 0, 0, 1, 2], c) == marginal_values([2, 0, 2, 0, 3, 0, 0, 1, 2], c)
    True
    """
    memo = comps._marginal_memo
    key = tuple(counts)
    out = memo.get(key)
    if out is None:
        if len(memo) > _CACHE:
            memo.clear()
        out = memo[key] = _marginal_values(key, comps)
    return out


def marginal_list_shared(counts: tuple[int, ...], comps: Components) -> list[int]:
    """:func:`marginal_values` as a list in ``comps.treasure_ids`` order, 0 for a type at
    its box supply: the memoised list itself, which the caller must not change (GreedyBot's
    search reads it once per move, by Treasure index).

    A count vector met for the first time (a third of GreedyBot's moves) is folded to
    its sorted non-Gold counts and Gold count first (``comps.equal_non_gold_supply``),
    which repeat far more often: a few hundred across hundreds of games.

    Examples
    --------
    >>> from rometools.caesars_empire.components import load_components
    >>> c = load_components()
    >>> values = marginal_values([2, 0, 2, 0, 3, 0, 0, 1, 2], c)
    >>> marginal_list_shared((2, 0, 2, 0, 3, 0, 0, 1, 2), c) == [values.get(t, 0) for t in c.treasure_ids]
    True
    """
    memo = comps._marginal_list_memo
    out = memo.get(counts)
    if out is None:
        if len(memo) > _CACHE:
            memo.clear()
        out = memo[counts] = _marginal_list(counts, comps)
    return out


def _marginal_list(counts: tuple[int, ...], comps: Components) -> list[int]:
    if not comps.equal_non_gold_supply:
        values = marginal_values_shared(counts, comps)
        return [values.get(t, 0) for t in comps.treasure_ids]
    by_count, gold_value = _folded_marginal(counts, comps)
    out = [by_count.get(c, 0) for c in counts]
    out[comps.gold_index] = 0 if gold_value is None else gold_value
    return out


def _folded_marginal(counts: tuple[int, ...], comps: Components) -> tuple[dict[int, int], int | None]:
    """:func:`_marginal` for equal non-Gold supplies, memoised on ``comps`` by the folded counts
    (no hash of the scoring tables per look-up)."""
    non_gold, gold = _split(counts, comps)
    memo = comps._fold_memo
    found = memo.get((non_gold, gold))
    if found is None:
        if len(memo) > _CACHE:
            memo.clear()
        found = memo[non_gold, gold] = _marginal(comps.tables, non_gold, gold,
                                                 (comps.supply[comps.non_gold_ids[0]],) * len(non_gold),
                                                 comps.supply[comps.gold_id])
    return found


def _marginal_values(counts: tuple[int, ...], comps: Components) -> dict[str, int]:
    if not comps.equal_non_gold_supply:  # no folding: score each type directly
        base = treasure_total(counts, comps)
        out = {}
        for i, t in enumerate(comps.treasure_ids):
            if counts[i] < comps.supply[t]:
                more = list(counts)
                more[i] += 1
                out[t] = treasure_total(more, comps) - base
        return out
    ids = comps.non_gold_ids
    by_count, gold_value = _folded_marginal(counts, comps)
    gold_at = comps.gold_index
    raw = tuple(counts[:gold_at]) + tuple(counts[gold_at + 1:])
    out = {t: by_count[c] for t, c in zip(ids, raw, strict=True) if c in by_count}
    if gold_value is not None:
        out[comps.gold_id] = gold_value
    return out
