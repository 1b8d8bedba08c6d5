"""Pools against each other: paired dice (Risk), and roll-offs with a tie rule (issue 45, class 3).

* :func:`contest` rolls two pools, sorts each side's dice from the highest, pairs the
  first ``pairs`` of each side, and counts the pairs each side wins; a tied pair goes to
  ``ties`` (Risk: the defender, ``"b"``). Exact, by the value-order walk of
  :mod:`rometools.draws._order` over both pools at once (icepool's ``EvalRisk``, limited to
  the pairs that count): polynomial in the dice, never the outcomes one by one.
* :func:`roll_off` gives each contestant's chance to roll the highest, ties re-rolled among
  the tied (``"reroll"``), shared (``"shared"``: each tied player gets an equal share),
  won by every tied player (``"all"``) or by none (``"none"``).

Each has a seeded twin, :func:`simulate_contest` and :func:`simulate_roll_off`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.errors import check_choice
from rometools.core.formatting import shown
from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._engine import MAX_STATES, TooLargeError, Work
from rometools.draws._order import Memo, _hashable, as_law, key_of
from rometools.draws._plan import check_int
from rometools.draws.conditions import Statistic, _Total, as_statistic, total, value_of
from rometools.draws.dice import Die, Pool
from rometools.draws.simulate import batches, check_trials, law_from_histogram

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["CONTEST_TIES", "ROLL_OFF_TIES", "contest", "roll_off", "simulate_contest", "simulate_roll_off"]

#: Who takes a tied pair in :func:`contest`.
CONTEST_TIES = ("a", "b", "none")
#: What a tie for the highest does in :func:`roll_off`.
ROLL_OFF_TIES = ("reroll", "shared", "all", "none")
#: Most contestants :func:`roll_off` takes (it follows every subset of tied players).
MAX_CONTESTANTS = 12
_ROUTE = "estimate it instead: simulate_contest(a, b, trials, rng=...)"
_STEP_SECONDS = 1.5e-6
#: Contests already computed, by question.
_MEMO = Memo()


def _as_pool(x: object, what: str) -> Pool:
    if isinstance(x, Die):
        return Pool([x])
    if not isinstance(x, Pool):
        raise TypeError(f"{what} must be a Pool (or a Die), got {shown(x)}")
    return x


def _pairs(a: Pool, b: Pool, pairs: object) -> int:
    most = min(len(a), len(b))
    if pairs is None:
        return most
    k = check_int(pairs, "pairs")
    if not 0 <= k <= most:
        raise ValueError(f"pairs must be 0 to {most} (the smaller pool), got {k}")
    return k


def contest(a: Pool | Die, b: Pool | Die, *, pairs: int | None = None, ties: str = "b",
            values: Mapping[Hashable, int] | None = None) -> dict[tuple[int, int], Fraction]:
    """The law of the pairs each side wins when two pools are compared die by die.

    Each side sorts its dice from the highest; the ``i``-th highest of ``a`` meets the
    ``i``-th highest of ``b`` for the first ``pairs`` of them; the higher die wins the pair.

    Parameters
    ----------
    a, b : Pool or Die
        The two sides (Risk: the attacker's 3 dice, the defender's 2).
    pairs : int, optional
        Pairs compared (default the smaller pool's size).
    ties : {"a", "b", "none"}
        Who takes a tied pair: Risk's defender is ``"b"``; ``"none"`` leaves it to nobody.
    values : Mapping[face, int], optional
        The number of each face (default the faces themselves).

    Returns
    -------
    dict[tuple[int, int], Fraction]
        ``{(pairs a wins, pairs b wins): probability}``, in increasing order.

    Raises
    ------
    OptionError
        An unknown ``ties``.
    ValueError
        ``pairs`` out of range; a face without a number.
    TooLargeError
        If the exact law would take more than seconds (the message gives the simulate route).

    See Also
    --------
    simulate_contest : the seeded twin.

    Examples
    --------
    Risk, 3 attacking dice against 2 defending, the defender winning ties (the attacker
    loses 2 armies, 1 each, or the defender loses 2):

    >>> from rometools.draws import Die, Pool
    >>> contest(Pool([Die.d(6)] * 3), Pool([Die.d(6)] * 2), ties="b")
    {(0, 2): Fraction(2275, 7776), (1, 1): Fraction(2611, 7776), (2, 0): Fraction(1445, 3888)}
    """
    a, b = _as_pool(a, "a"), _as_pool(b, "b")
    check_choice("ties", ties, CONTEST_TIES)
    k = _pairs(a, b, pairs)
    key = key_of(a._key(), b._key(), k, ties, _hashable(values))
    found = _MEMO.get(key)
    if found is None:
        found = _contest(a, b, k, ties, values)
        _MEMO.put(key, found)
    return dict(found)


def _contest(a: Pool, b: Pool, k: int, ties: str, values) -> dict[tuple[int, int], Fraction]:
    """The walk of :func:`contest` (arguments checked)."""
    kinds = sorted({f for pool in (a, b) for f in pool.kinds}, key=lambda f: -value_of(values, f, "contest()"))
    vals = [value_of(values, f, "contest()") for f in kinds]
    # faces of one value are one step of the walk
    steps: list[list[Hashable]] = []
    for f, v in zip(kinds, vals, strict=True):
        if steps and value_of(values, steps[-1][0], "contest()") == v:
            steps[-1].append(f)
        else:
            steps.append([f])
    sides = [[(n, [sum(die.weights.get(f, 0) for f in step) for step in steps]) for die, n in pool._groups]
             for pool in (a, b)]
    afters = [[[sum(w[s + 1:]) for s in range(len(steps))] for _, w in side] for side in sides]
    den = 1
    for side in sides:
        for n, w in side:
            den *= sum(w) ** n
    work = Work(f"contest of {a!r} against {b!r}", _ROUTE)
    # the pairs won by each side are carried as one packed series in two variables:
    # the ways to reach (wa, wb) sit at bit (wa * (k + 1) + wb) * bits
    bits = (den.bit_length() + 8) // 8 * 8
    row = k + 1
    dp: dict[tuple, int] = {(tuple(n for n, _ in sides[0]), tuple(n for n, _ in sides[1])): 1}
    out = 0
    na, nb = len(a), len(b)
    for s in range(len(steps)):
        cache: dict[tuple, list] = {}
        work.spend(len(dp) * (na + 1) * (nb + 1) * _STEP_SECONDS, f" for {len(dp):,} states")
        new: dict[tuple, int] = {}
        last = s == len(steps) - 1
        for (ra, rb), poly in dp.items():
            ma, mb = na - sum(ra), nb - sum(rb)
            ca = cache.get((0, ra)) or cache.setdefault((0, ra), _choices(ra, sides[0], s))
            cb = cache.get((1, rb)) or cache.setdefault((1, rb), _choices(rb, sides[1], s))
            for left_a, ja, xa in ca:
                hi_a = min(ma + ja, k)
                b_win = max(0, min(hi_a, mb) - ma)   # a's dice here meet b's higher dice
                pa = poly * xa
                for left_b, jb, xb in cb:
                    hi_b = min(mb + jb, k)
                    a_win = max(0, min(hi_b, ma) - mb)   # b's dice here meet a's higher dice
                    tie = max(0, min(hi_a, hi_b) - max(ma, mb))
                    da = a_win + (tie if ties == "a" else 0)
                    db = b_win + (tie if ties == "b" else 0)
                    shifted = pa * xb
                    if da or db:
                        shifted <<= (da * row + db) * bits
                    if last or (ma + ja >= k and mb + jb >= k):
                        tail = 1
                        for r, aft in zip(left_a + left_b, afters[0] + afters[1], strict=True):
                            if r:
                                tail *= aft[s] ** r
                        if tail:
                            out += shifted * tail
                    else:
                        key = (left_a, left_b)
                        new[key] = new.get(key, 0) + shifted
        if len(new) > MAX_STATES:
            raise TooLargeError(f"the contest needs more than {MAX_STATES:,} states; {_ROUTE}")
        dp = new
    width = bits // 8
    raw = out.to_bytes(max(width * row * row, (out.bit_length() + 7) // 8), "little")
    law = {}
    for wa in range(row):
        for wb in range(row):
            i = wa * row + wb
            ways = int.from_bytes(raw[i * width:(i + 1) * width], "little")
            if ways:
                law[(wa, wb)] = Fraction(ways, den)
    return law


def _choices(rem: tuple[int, ...], side, s: int):
    """Every way the dice left of each type can show the step ``s``: (dice left, dice here, ways)."""
    combos = [((), 0, 1)]
    for r, (_, w) in zip(rem, side, strict=True):
        ws = w[s]
        if not ws:
            combos = [(left + (r,), j, x) for left, j, x in combos]
        else:
            combos = [(left + (r - j,), jt + j, x * comb(r, j) * ws ** j)
                      for left, jt, x in combos for j in range(r + 1)]
    return combos


def simulate_contest(a: Pool | Die, b: Pool | Die, trials: int = 10_000, *, rng: RngLike = None,
                     pairs: int | None = None, ties: str = "b", values: Mapping[Hashable, int] | None = None,
                     confidence: float = 0.95) -> dict[tuple[int, int], ProportionEstimate]:
    """The seeded twin of :func:`contest`: ``{(pairs a wins, pairs b wins): estimate}``.

    Examples
    --------
    >>> from rometools.draws import Die, Pool
    >>> a, b = Pool([Die.d(6)] * 3), Pool([Die.d(6)] * 2)
    >>> simulate_contest(a, b, 4000, rng=1)[(2, 0)].contains(contest(a, b)[(2, 0)])
    True
    """
    a, b = _as_pool(a, "a"), _as_pool(b, "b")
    check_choice("ties", ties, CONTEST_TIES)
    k = _pairs(a, b, pairs)
    trials = check_trials(trials, per_trial=len(a) + len(b) + 2, itemsize=8)
    gen = as_generator(rng)
    hist: dict = {}
    for start, stop in batches(trials, 4 * (len(a) + len(b) + 2)):
        rows = stop - start
        va = np.sort(_roll(a, rows, gen, values), axis=1)[:, ::-1][:, :k]
        vb = np.sort(_roll(b, rows, gen, values), axis=1)[:, ::-1][:, :k]
        wa = (va > vb).sum(axis=1) + ((va == vb).sum(axis=1) if ties == "a" else 0)
        wb = (vb > va).sum(axis=1) + ((va == vb).sum(axis=1) if ties == "b" else 0)
        for x, y in zip(wa.tolist(), wb.tolist(), strict=True):
            hist[(x, y)] = hist.get((x, y), 0) + 1
    return law_from_histogram(hist, trials, confidence)


def _roll(pool: Pool, rows: int, gen: np.random.Generator, values) -> np.ndarray:
    """``rows`` rolls of every die of ``pool``: an array of values, one column per die."""
    cols = []
    for die, n in pool._groups:
        faces = list(die.faces)
        vals = np.array([value_of(values, f, "contest()") for f in faces], dtype=np.int64)
        cum = np.cumsum(np.array([die.weights[f] for f in faces], dtype=np.int64))
        picks = gen.integers(0, int(cum[-1]), size=(rows, n))
        cols.append(vals[np.searchsorted(cum, picks, side="right")])
    return np.concatenate(cols, axis=1) if cols else np.zeros((rows, 0), dtype=np.int64)


# ------------------------------------------------------------------ roll-offs
def _laws(contestants: Sequence[object], statistic: Statistic) -> list[dict[int, Fraction]]:
    if isinstance(contestants, Pool | Die | Mapping) or not isinstance(contestants, Sequence):
        raise TypeError("roll_off takes a list of contestants (pools, dice or laws {value: probability})")
    if not 2 <= len(contestants) <= MAX_CONTESTANTS:
        raise ValueError(f"a roll-off needs 2 to {MAX_CONTESTANTS} contestants, got {len(contestants)}")
    laws = []
    for i, c in enumerate(contestants):
        if isinstance(c, Die | Pool):
            laws.append(_as_pool(c, f"contestant {i}").law(statistic))
        elif isinstance(c, Mapping):
            laws.append(as_law(c, f"contestant {i}"))
        else:
            raise TypeError(f"contestant {i} must be a Pool, a Die or a law {{value: probability}}, got {shown(c)}")
    return laws


def roll_off(contestants: Sequence[Pool | Die | Mapping], *, statistic: Statistic | None = None,
             ties: str = "reroll") -> list[Fraction]:
    """Each contestant's chance to roll the highest, under a tie rule.

    Parameters
    ----------
    contestants : sequence of Pool, Die or law
        Who rolls, in seat order: a pool (or die) whose ``statistic`` is compared, or a law
        ``{value: probability}`` already computed.
    statistic : Statistic, optional
        What is compared (default :func:`~rometools.draws.total`).
    ties : {"reroll", "shared", "all", "none"}
        A tie for the highest: the tied contestants roll again until one is highest
        (``"reroll"``); each tied one gets ``1 / tied`` of the win (``"shared"``: the
        expected share); each tied one wins (``"all"``: the chances then add up to more
        than 1); nobody wins (``"none"``).

    Returns
    -------
    list of Fraction
        One per contestant.

    Raises
    ------
    OptionError
        An unknown ``ties``.
    ValueError
        Fewer than 2 or more than 12 contestants; a law that does not add up to 1.

    See Also
    --------
    simulate_roll_off : the seeded twin.

    Examples
    --------
    Two players roll a d6 each, ties re-rolled; then a d8 against a d6:

    >>> from rometools.draws import Die
    >>> roll_off([Die.d(6), Die.d(6)])
    [Fraction(1, 2), Fraction(1, 2)]
    >>> roll_off([Die.d(8), Die.d(6)])
    [Fraction(9, 14), Fraction(5, 14)]
    >>> roll_off([Die.d(8), Die.d(6)], ties="none")
    [Fraction(9, 16), Fraction(5, 16)]
    """
    check_choice("ties", ties, ROLL_OFF_TIES)
    stat = total() if statistic is None else as_statistic(statistic)
    laws = _laws(contestants, stat)
    n = len(laws)
    values = sorted({v for law in laws for v in law})
    cdf = []  # P(X_i <= v) at each value, and below it
    for law in laws:
        acc, at, below = Fraction(0), {}, {}
        for v in values:
            below[v] = acc
            acc += law.get(v, Fraction(0))
            at[v] = acc
        cdf.append((at, below))

    def tie_sets(group: tuple[int, ...]) -> dict[tuple[int, ...], Fraction]:
        """P(exactly the subset S of ``group`` shares the highest value), every S."""
        out: dict[tuple[int, ...], Fraction] = {}
        for v in values:
            for size in range(1, len(group) + 1):
                for s in combinations(group, size):
                    p = Fraction(1)
                    for i in group:
                        p *= laws[i].get(v, Fraction(0)) if i in s else cdf[i][1][v]
                        if not p:
                            break
                    if p:
                        out[s] = out.get(s, Fraction(0)) + p
        return out

    if ties != "reroll":
        result = [Fraction(0)] * n
        for s, p in tie_sets(tuple(range(n))).items():
            if len(s) == 1 or ties == "all":
                for i in s:
                    result[i] += p
            elif ties == "shared":
                for i in s:
                    result[i] += p / len(s)
        return result
    memo: dict[tuple[int, ...], list[Fraction]] = {}

    def win(group: tuple[int, ...]) -> list[Fraction]:
        if group in memo:
            return memo[group]
        sets = tie_sets(group)
        again = sets.get(group, Fraction(0)) if len(group) > 1 else Fraction(0)
        if again == 1:
            raise ValueError("the tied contestants always tie again: a re-rolled roll-off never ends")
        out = [Fraction(0)] * n
        for s, p in sets.items():
            if len(s) == 1:
                out[s[0]] += p
            elif s != group:
                sub = win(s)
                for i in s:
                    out[i] += p * sub[i]
        memo[group] = [x / (1 - again) for x in out]
        return memo[group]

    return win(tuple(range(n)))


def simulate_roll_off(contestants: Sequence[Pool | Die], trials: int = 10_000, *, rng: RngLike = None,
                      statistic: Statistic | None = None, ties: str = "reroll",
                      confidence: float = 0.95) -> list[ProportionEstimate]:
    """The seeded twin of :func:`roll_off` (pools and dice; a tie re-rolled is rolled again).

    With ``ties="shared"`` each estimate counts a shared win as a win (a Wilson interval
    needs whole successes): compare it with ``roll_off(..., ties="all")``.

    Examples
    --------
    >>> from rometools.draws import Die
    >>> est = simulate_roll_off([Die.d(8), Die.d(6)], 4000, rng=2)
    >>> est[0].contains(roll_off([Die.d(8), Die.d(6)])[0])
    True
    """
    check_choice("ties", ties, ROLL_OFF_TIES)
    stat = total() if statistic is None else as_statistic(statistic)
    if not isinstance(stat, _Total):
        raise ValueError("simulate_roll_off compares totals; for another statistic simulate each pool's law")
    pools = [_as_pool(c, f"contestant {i}") for i, c in enumerate(contestants)]
    if not 2 <= len(pools) <= MAX_CONTESTANTS:
        raise ValueError(f"a roll-off needs 2 to {MAX_CONTESTANTS} contestants, got {len(pools)}")
    trials = check_trials(trials, per_trial=len(pools) * 2, itemsize=8)
    gen = as_generator(rng)
    wins = [0] * len(pools)
    for start, stop in batches(trials, 8 * len(pools)):
        rows = stop - start
        live = np.ones((rows, len(pools)), dtype=bool)
        undecided = np.arange(rows)
        for _ in range(1000):
            if not undecided.size:
                break
            scores = np.stack([_roll(p, undecided.size, gen, stat.values).sum(axis=1) for p in pools], axis=1)
            scores = np.where(live[undecided], scores, np.iinfo(np.int64).min)
            best = scores.max(axis=1, keepdims=True)
            top = scores == best
            sole = top.sum(axis=1) == 1
            if ties == "reroll":
                for i in range(len(pools)):
                    wins[i] += int((top[:, i] & sole).sum())
                live[undecided] = top
                undecided = undecided[~sole]
            else:
                for i in range(len(pools)):
                    wins[i] += int((top[:, i] & (sole if ties == "none" else True)).sum())
                undecided = undecided[:0]
    return [proportion_estimate(w, trials, confidence=confidence) for w in wins]
