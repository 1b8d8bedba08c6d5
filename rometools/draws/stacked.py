"""Decks stacked from separately shuffled piles, and displays that refill or wipe (issue 45, class 6).

* :func:`stacked` builds a :class:`Stack`: piles shuffled one by one and stacked, the first
  on top. Pandemic's player deck is one: the cards split into as many piles as there are
  epidemics, one epidemic shuffled into each pile. A :class:`Stack` answers what the top
  ``n`` cards hold (:meth:`Stack.draw`), where the ``j``-th selected card lies
  (:meth:`Stack.position_law`, :meth:`Stack.turn_law`) and whether two of them fall in the
  same turn (:meth:`Stack.prob_together`).
* :class:`Display` is a face-up market refilled from a deck and wiped when a condition
  shows (Ticket to Ride: the five cards are discarded when three locomotives show):
  :meth:`Display.opening` and :meth:`Display.after_take` give the law of what shows.

Exact: along the stacked deck, a walk over the cards with the selected cards left in the
current pile (each pile a uniform shuffle: the next card is selected with probability
``left / cards left``); a display, a walk over the fills with the cards left of each group
of kinds the question reads (a fill of ``k`` is multivariate hypergeometric). Each has a
seeded twin (``.simulate``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb, prod
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.formatting import shown
from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._engine import MAX_STATES, HyperRing, TooLargeError, Work, _combiner, joint
from rometools.draws._order import condition_stats, holds
from rometools.draws._plan import BagBase, Plan, check_int, resolve_selector
from rometools.draws.bag import Bag
from rometools.draws.conditions import Condition, _Count, as_statistic
from rometools.draws.simulate import MAX_LOOPED_TRIALS, batches, check_trials, law_from_histogram

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["Display", "SimulatedDisplay", "SimulatedStack", "Stack", "StackDraw", "stacked"]

_STEP_SECONDS = 1e-6


def _counts_only(cond_or_stat: object, what: str) -> None:
    stats = condition_stats(cond_or_stat) if isinstance(cond_or_stat, Condition) else [cond_or_stat]
    for s in stats:
        if not isinstance(s, _Count):
            raise ValueError(f"{what} reads counts of kinds (count, at_least, present...), not {s!r}")


def stacked(piles: Iterable[Mapping[Hashable, int]]) -> Stack:
    """A deck built from piles shuffled separately, the first pile on top.

    Parameters
    ----------
    piles : iterable of Bag or Mapping[kind, int]
        Each pile's cards, in stacking order (the first is drawn first).

    Raises
    ------
    ValueError
        No pile, or an empty one; a count that is not a whole number >= 0.

    Examples
    --------
    Pandemic, two players, six epidemics: 48 city and 5 event cards less the 8 dealt (45),
    split into 6 piles, an epidemic shuffled into each: piles of 8, 8, 8, 9, 9, 9. Two
    epidemics fall in one turn (2 cards a turn) only where a turn straddles two piles:
    after the fourth pile's 33rd card.

    >>> from rometools.draws import stacked
    >>> deck = stacked([{"epidemic": 1, "other": 7}] * 3 + [{"epidemic": 1, "other": 8}] * 3)
    >>> deck.prob_together("epidemic", per_turn=2)
    Fraction(1, 81)
    """
    bags = [p if isinstance(p, BagBase) else Bag(p) for p in piles]
    if not bags:
        raise ValueError("stacked needs at least one pile")
    for i, b in enumerate(bags):
        if not b.total:
            raise ValueError(f"pile {i} is empty")
    return Stack(tuple(bags))


@dataclass(frozen=True)
class Stack:
    """A deck of piles shuffled separately and stacked (see :func:`stacked`).

    Attributes
    ----------
    piles : tuple of Bag
        In stacking order, the first on top.
    """

    piles: tuple

    @property
    def kinds(self) -> tuple:
        """Every kind of every pile, in the order first met."""
        seen: dict = {}
        for p in self.piles:
            seen.update(dict.fromkeys(p.kinds))
        return tuple(seen)

    @property
    def total(self) -> int:
        """Cards in the deck."""
        return sum(p.total for p in self.piles)

    def _supplies(self) -> list[list[int]]:
        kinds = self.kinds
        return [[p.get(k, 0) for k in kinds] for p in self.piles]

    def _selected(self, sel: object) -> list[int]:
        kinds = self.kinds
        members = set(resolve_selector(sel, {k: i for i, k in enumerate(kinds)}, kinds, place="deck"))
        return [sum(s for i, s in enumerate(row) if i in members) for row in self._supplies()]

    def draw(self, n: int) -> StackDraw:
        """The top ``n`` cards: whole piles, then part of the next (see :class:`StackDraw`).

        Examples
        --------
        >>> deck = stacked([{"epidemic": 1, "other": 4}, {"epidemic": 1, "other": 4}])
        >>> deck.draw(7).law("epidemic")
        {1: Fraction(3, 5), 2: Fraction(2, 5)}
        """
        n = check_int(n, "n (cards drawn)")
        if not 0 <= n <= self.total:
            raise ValueError(f"n must be 0 to {self.total} cards (the deck), got {n}")
        return StackDraw(self, n)

    # ------------------------------------------------------------ positions
    def _walk(self, sel: object, per_turn: int, horizon: int, k: int | None, j: int | None):
        """The walk along the deck: (P(some turn gets k), {turn of the j-th: p}, {position of the j-th: p})."""
        selected = self._selected(sel)
        sizes = [p.total for p in self.piles]
        # state: (selected left in this pile, selected this turn, selected so far) -> p
        states: dict[tuple, Fraction] = {(selected[0], 0, 0): Fraction(1)}
        together = Fraction(0)
        position: dict[int, Fraction] = {}
        pos = 0
        work = Work("the stacked deck", "estimate it: deck.simulate(trials, rng=...)")
        for pile, size in enumerate(sizes):
            if pile:
                states = {(selected[pile], w, c): p for (_, w, c), p in states.items()}
            for left in range(size, 0, -1):
                if pos >= horizon or not states:
                    return together, position
                work.spend(len(states) * _STEP_SECONDS)
                new: dict[tuple, Fraction] = {}
                turn_ends = (pos + 1) % per_turn == 0
                for (r, w, c), p in states.items():
                    for hit, q in ((1, Fraction(r, left)), (0, Fraction(left - r, left))):
                        if not q:
                            continue
                        w2, c2 = w + hit, c + hit
                        pq = p * q
                        if k is not None and w2 >= k:
                            together += pq
                            continue
                        if j is not None and hit and c2 == j:
                            position[pos + 1] = position.get(pos + 1, Fraction(0)) + pq
                            continue
                        key = (r - hit, 0 if turn_ends else w2, c2)
                        new[key] = new.get(key, Fraction(0)) + pq
                states = new
                pos += 1
        return together, position

    def position_law(self, sel: object, j: int = 1) -> dict[int, Fraction]:
        """Law of the position (1 = the top card) of the ``j``-th selected card.

        Examples
        --------
        >>> deck = stacked([{"epidemic": 1, "other": 4}, {"epidemic": 1, "other": 4}])
        >>> deck.position_law("epidemic", 2)
        {6: Fraction(1, 5), 7: Fraction(1, 5), 8: Fraction(1, 5), 9: Fraction(1, 5), 10: Fraction(1, 5)}
        """
        j = check_int(j, "j")
        if not 1 <= j <= sum(self._selected(sel)):
            raise ValueError(f"j must be 1 to {sum(self._selected(sel))} (the selected cards), got {j}")
        _, position = self._walk(sel, 1, self.total, None, j)
        return dict(sorted(position.items()))

    def turn_law(self, sel: object, per_turn: int, j: int = 1) -> dict[int, Fraction]:
        """Law of the turn (1 = the first) in which the ``j``-th selected card is drawn.

        Examples
        --------
        Pandemic: the turn of the first epidemic, drawing 2 cards a turn.

        >>> deck = stacked([{"epidemic": 1, "other": 11}] * 3 + [{"epidemic": 1, "other": 12}])
        >>> deck.turn_law("epidemic", per_turn=2)[1]
        Fraction(1, 6)
        """
        per_turn = _per_turn(per_turn)
        out: dict[int, Fraction] = {}
        for pos, p in self.position_law(sel, j).items():
            t = (pos - 1) // per_turn + 1
            out[t] = out.get(t, Fraction(0)) + p
        return out

    def prob_together(self, sel: object, per_turn: int, *, k: int = 2, turns: int | None = None) -> Fraction:
        """Probability that some turn (of the first ``turns``) draws ``k`` or more selected cards.

        Parameters
        ----------
        sel : kind, collection of kinds, or predicate
            The cards followed (Pandemic: ``"epidemic"``).
        per_turn : int
            Cards drawn a turn.
        k : int
            Selected cards in one turn (default 2: two in the same turn).
        turns : int, optional
            Turns looked at (default until the deck runs out).

        Examples
        --------
        >>> stacked([{"epidemic": 1, "other": 4}] * 2).prob_together("epidemic", per_turn=2)
        Fraction(1, 25)
        """
        per_turn = _per_turn(per_turn)
        k = check_int(k, "k")
        if k < 1:
            raise ValueError(f"k must be at least 1 card, got {k}")
        horizon = self.total if turns is None else min(self.total, per_turn * check_int(turns, "turns"))
        together, _ = self._walk(sel, per_turn, horizon, k, None)
        return together

    def simulate(self, trials: int = 10_000, *, rng: RngLike = None, confidence: float = 0.95) -> SimulatedStack:
        """The seeded twin: ``trials`` stacked decks (each pile shuffled on its own), the same questions.

        Examples
        --------
        >>> deck = stacked([{"epidemic": 1, "other": 4}] * 2)
        >>> deck.simulate(4000, rng=1).prob_together("epidemic", 2).contains(Fraction(1, 25))
        True
        """
        return SimulatedStack(self, trials, rng=rng, confidence=confidence)


def _per_turn(per_turn: object) -> int:
    per_turn = check_int(per_turn, "per_turn")
    if per_turn < 1:
        raise ValueError(f"per_turn must be at least 1 card, got {per_turn}")
    return per_turn


@dataclass(frozen=True)
class StackDraw:
    """The top ``n`` cards of a :class:`Stack`: counts and conditions on counts, exactly."""

    stack: Stack
    n: int

    def _parts(self) -> list[tuple[int, int]]:
        """(pile, cards drawn from it) for every pile touched."""
        out, left = [], self.n
        for i, p in enumerate(self.stack.piles):
            if not left:
                break
            take = min(left, p.total)
            out.append((i, take))
            left -= take
        return out

    def _joint(self, condition: Condition | None, statistic=None):
        kinds = self.stack.kinds
        supplies = self.stack._supplies()
        parts = self._parts()
        # one cap per feature for every pile (from the whole draw), so piles add up consistently
        most = [min(self.n, sum(supplies[pile][i] for pile, _ in parts)) for i in range(len(kinds))]
        result = None
        plan0 = None
        for pile, take in parts:
            sup = supplies[pile]
            plan = Plan(kinds, sup, most, condition, statistic)
            for f in plan.features:
                if f.kind != "count":
                    raise ValueError("the top cards of a stacked deck answer counts of kinds "
                                     "(count, at_least, present...), which add up pile by pile")
            ring = HyperRing(sum(sup), take)
            law = joint(plan, ring, "the top cards")
            den = ring.denominator(take)
            part = {state: Fraction(ring.coefficient(series, take), den) for state, series in law.items()}
            part = {s: p for s, p in part.items() if p}
            if result is None:
                result, plan0 = part, plan
            else:
                combine = _combiner(plan0.caps)
                merged: dict = {}
                for sa, pa in result.items():
                    for sb, pb in part.items():
                        s = combine(sa, sb)
                        merged[s] = merged.get(s, Fraction(0)) + pa * pb
                result = merged
        if result is None:  # nothing drawn
            plan0 = Plan(kinds, supplies[0], [0] * len(kinds), condition, statistic)
            result = {tuple(0 for _ in plan0.features): Fraction(1)}
        return plan0, result

    def law(self, x: object) -> dict[int, Fraction]:
        """Law of the number of selected cards among the top ``n``.

        Examples
        --------
        >>> stacked([{"x": 1, "y": 1}, {"x": 1, "y": 1}]).draw(3).law("x")
        {1: Fraction(1, 2), 2: Fraction(1, 2)}
        """
        stat = as_statistic(x)
        _counts_only(stat, "a stacked deck")
        plan, result = self._joint(None, stat)
        out: dict[int, Fraction] = {}
        for state, p in result.items():
            v = plan.read(state)
            out[v] = out.get(v, Fraction(0)) + p
        return dict(sorted(out.items()))

    def prob(self, condition: Condition) -> Fraction:
        """Probability that the top ``n`` cards meet a condition on counts."""
        _counts_only(condition, "a stacked deck")
        plan, result = self._joint(condition)
        return sum((p for s, p in result.items() if plan.predicate(s)), Fraction(0))


class SimulatedStack:
    """``trials`` seeded stacked decks: the twin of :class:`Stack`.

    Attributes
    ----------
    order : numpy.ndarray, shape (trials, cards)
        Kind index (``stack.kinds`` order) of each card from the top.
    """

    def __init__(self, stack: Stack, trials: int = 10_000, *, rng: RngLike = None, confidence: float = 0.95):
        self.stack = stack
        total = stack.total
        self.trials = trials = check_trials(trials, per_trial=total, itemsize=2)
        self.confidence = confidence
        gen = as_generator(rng)
        rows = []
        for sup in stack._supplies():
            tokens = np.repeat(np.arange(len(sup)), sup).astype(np.uint16)
            rows.append(tokens)
        self.order = np.zeros((trials, total), dtype=np.uint16)
        for start, stop in batches(trials, 2 * total):
            col = 0
            for tokens in rows:
                self.order[start:stop, col:col + tokens.size] = gen.permuted(
                    np.tile(tokens, (stop - start, 1)), axis=1)
                col += tokens.size

    def _hits(self, sel: object) -> np.ndarray:
        kinds = self.stack.kinds
        members = list(resolve_selector(sel, {k: i for i, k in enumerate(kinds)}, kinds, place="deck"))
        return np.isin(self.order, members)

    def prob_together(self, sel: object, per_turn: int, *, k: int = 2, turns: int | None = None) -> ProportionEstimate:
        per_turn = _per_turn(per_turn)
        hits = self._hits(sel)
        total = hits.shape[1]
        horizon = total if turns is None else min(total, per_turn * check_int(turns, "turns"))
        full = horizon // per_turn * per_turn
        per = hits[:, :full].reshape(self.trials, -1, per_turn).sum(axis=2)
        got = (per >= k).any(axis=1)
        if horizon > full:
            got |= hits[:, full:horizon].sum(axis=1) >= k
        return proportion_estimate(int(got.sum()), self.trials, confidence=self.confidence)

    def position_law(self, sel: object, j: int = 1) -> dict[int, ProportionEstimate]:
        hits = self._hits(sel)
        cum = np.cumsum(hits, axis=1)
        pos = (cum < j).sum(axis=1) + 1
        return law_from_histogram(dict(zip(*np.unique(pos, return_counts=True), strict=True)),
                                  self.trials, self.confidence)

    def turn_law(self, sel: object, per_turn: int, j: int = 1) -> dict[int, ProportionEstimate]:
        per_turn = _per_turn(per_turn)
        hits = self._hits(sel)
        pos = (np.cumsum(hits, axis=1) < j).sum(axis=1)
        turn = pos // per_turn + 1
        return law_from_histogram(dict(zip(*np.unique(turn, return_counts=True), strict=True)),
                                  self.trials, self.confidence)


# ------------------------------------------------------------------ displays
class Display:
    """A face-up display of ``size`` cards filled from a deck, wiped when ``wipe`` shows.

    When the cards showing meet ``wipe``, all of them are discarded and ``size`` new ones
    dealt (Ticket to Ride: three locomotives among the five), at most ``max_wipes`` times
    in a row; the deck is not reshuffled (a fill the deck cannot complete ends the process
    with the cards it could deal).

    Parameters
    ----------
    deck : Bag or Mapping[kind, int]
        The draw pile (less any cards already out of it).
    size : int
        Cards in the display.
    wipe : Condition
        On counts of kinds in the display.
    max_wipes : int, optional
        Most wipes in a row (default: until the deck runs short).

    Examples
    --------
    Ticket to Ride: 110 cards, 14 locomotives; the opening display of 5.

    >>> from rometools.draws import Display, at_least
    >>> market = Display({"loco": 14, "other": 96}, 5, at_least("loco", 3))
    >>> opening = market.opening()
    >>> round(float(opening.prob_wipe), 4), max(opening.law("loco"))
    (0.0144, 2)
    """

    def __init__(self, deck: Mapping[Hashable, int], size: int, wipe: Condition, *,
                 max_wipes: int | None = None):
        self.deck = deck if isinstance(deck, BagBase) else Bag(deck)
        self.size = check_int(size, "size")
        if not 1 <= self.size <= self.deck.total:
            raise ValueError(f"size must be 1 to {self.deck.total} cards (the deck), got {self.size}")
        if not isinstance(wipe, Condition):
            raise TypeError(f"wipe must be a condition on the cards showing, got {shown(wipe)}")
        _counts_only(wipe, "a display's wipe")
        self.wipe = wipe
        self.max_wipes = None if max_wipes is None else check_int(max_wipes, "max_wipes")
        if self.max_wipes is not None and self.max_wipes < 0:
            raise ValueError(f"max_wipes must be >= 0, got {self.max_wipes}")

    def __repr__(self) -> str:
        return f"Display({self.deck!r}, {self.size}, wipe={self.wipe!r})"

    def opening(self, question: object = None) -> DisplayLaw:
        """The display after its first fill (and any wipes).

        ``question`` (a selector, statistic or condition) adds the kinds it reads to those
        followed; :class:`DisplayLaw` answers it.
        """
        return self._process({}, {}, question)

    def after_take(self, showing: Mapping[Hashable, int], taken: Hashable, *,
                   seen: Mapping[Hashable, int] | None = None, question: object = None) -> DisplayLaw:
        """The display after a player takes ``taken`` from ``showing`` and the slot is refilled.

        Parameters
        ----------
        showing : Mapping[kind, int]
            The cards showing before the take (``size`` of them).
        taken : kind
            The card taken.
        seen : Mapping[kind, int], optional
            Other cards already out of the deck (discarded earlier).

        Examples
        --------
        >>> from rometools.draws import Display, at_least
        >>> market = Display({"loco": 14, "other": 96}, 5, at_least("loco", 3))
        >>> after = market.after_take({"loco": 2, "other": 3}, "other")
        >>> after.prob_wipe == Fraction(12, 105)
        True
        """
        out, kept = self._take(showing, taken, seen)
        return self._process(out, kept, question)

    def _take(self, showing: Mapping, taken: Hashable, seen: Mapping | None) -> tuple[dict, dict]:
        """(cards out of the deck, cards kept showing) after a take, checked."""
        if not isinstance(showing, Mapping):
            raise TypeError(f"showing must be a mapping {{kind: cards}}, got {shown(showing)}")
        showing = {k: check_int(c, f"showing[{k!r}]") for k, c in showing.items()}
        if sum(showing.values()) != self.size or any(c < 0 for c in showing.values()):
            raise ValueError(f"showing must hold {self.size} cards, got {shown(showing)}")
        if showing.get(taken, 0) < 1:
            raise ValueError(f"cannot take {shown(taken)}: it is not showing")
        out = dict(seen or {})
        for k, c in showing.items():
            out[k] = out.get(k, 0) + c
        kept = dict(showing)
        kept[taken] -= 1
        return out, kept

    def _process(self, out_of_deck: Mapping, kept: Mapping, question: object) -> DisplayLaw:
        deck = self.deck
        kinds = deck.kinds
        index = {k: i for i, k in enumerate(kinds)}
        for k, c in out_of_deck.items():
            if k not in index:
                raise ValueError(f"{shown(k)} is not a kind of the deck")
            if check_int(c, f"cards of {k!r}") < 0 or c > deck[k]:
                raise ValueError(f"cannot have {c} {k!r} out of a deck holding {deck[k]}")
        stats = condition_stats(self.wipe)
        asked = []
        if question is not None:
            if isinstance(question, Condition):
                _counts_only(question, "a display")
                asked = condition_stats(question)
            else:
                stat = as_statistic(question)
                _counts_only(stat, "a display")
                asked = [stat]
        members = [set(resolve_selector(s.selector, index, kinds, place="deck")) for s in stats + asked]
        groups: dict[tuple, list[int]] = {}
        for i in range(len(kinds)):
            groups.setdefault(tuple(i in m for m in members), []).append(i)
        glist = list(groups.values())
        left0 = tuple(sum(deck[kinds[i]] - out_of_deck.get(kinds[i], 0) for i in g) for g in glist)
        show0 = tuple(sum(kept.get(kinds[i], 0) for i in g) for g in glist)
        gi = {i: g for g, members_ in enumerate(glist) for i in members_}

        def values(display: tuple) -> dict:
            out = {}
            for s, m in zip(stats + asked, members, strict=True):
                out[id(s)] = sum(display[gi[i]] for i in m) if m else 0
            return out

        work = Work(repr(self), "estimate it: display.simulate(trials, rng=...)")
        # state: (cards left per group, showing per group, wipes so far) -> p
        states = {(left0, show0, 0): Fraction(1)}
        final: dict[tuple, Fraction] = {}
        while states:
            new: dict[tuple, Fraction] = {}
            for (left, show, wipes), p in states.items():
                need = self.size - sum(show)
                if need > sum(left):  # the deck runs short: the display stays as dealt
                    need = sum(left)
                fills = _fills(left, need)
                work.spend(len(fills) * _STEP_SECONDS)
                den = comb(sum(left), need)
                for d in fills:
                    q = Fraction(prod(comb(r, x) for r, x in zip(left, d, strict=True)), den)
                    shown_now = tuple(a + b for a, b in zip(show, d, strict=True))
                    left2 = tuple(r - x for r, x in zip(left, d, strict=True))
                    can_wipe = self.max_wipes is None or wipes < self.max_wipes
                    if can_wipe and holds(self.wipe, values(shown_now)) and sum(left2) >= self.size:
                        key = (left2, tuple(0 for _ in show), wipes + 1)
                        new[key] = new.get(key, Fraction(0)) + p * q
                    else:
                        key = (shown_now, wipes)
                        final[key] = final.get(key, Fraction(0)) + p * q
            if len(new) > MAX_STATES:
                raise TooLargeError(f"{self!r} needs more than {MAX_STATES:,} states; "
                                    f"estimate it: display.simulate(trials, rng=...)")
            states = new
        return DisplayLaw(self, final, glist, stats + asked, members, gi)

    def simulate(self, trials: int = 10_000, *, rng: RngLike = None, confidence: float = 0.95,
                 showing: Mapping[Hashable, int] | None = None, taken: Hashable = None,
                 seen: Mapping[Hashable, int] | None = None) -> SimulatedDisplay:
        """The seeded twin: ``trials`` openings (or takes, with ``showing`` and ``taken``).

        Examples
        --------
        >>> from rometools.draws import Display, at_least
        >>> market = Display({"loco": 14, "other": 96}, 5, at_least("loco", 3))
        >>> market.simulate(4000, rng=2).prob_wipe.contains(market.opening().prob_wipe)
        True
        """
        return SimulatedDisplay(self, trials, rng=rng, confidence=confidence, showing=showing, taken=taken,
                                seen=seen)


def _fills(left: tuple[int, ...], need: int) -> list[tuple[int, ...]]:
    """Every split of ``need`` cards over the groups (at most ``left`` of each)."""
    out = []
    for d in product(*[range(min(r, need) + 1) for r in left]):
        if sum(d) == need:
            out.append(d)
    return out


@dataclass(frozen=True)
class DisplayLaw:
    """What shows once a display is filled: exact laws.

    Attributes
    ----------
    prob_wipe : Fraction
        The chance of at least one wipe.
    """

    display: Display
    final: dict
    groups: list
    stats: list
    members: list
    group_of: dict

    def _value(self, stat, showing: tuple) -> int:
        for s, m in zip(self.stats, self.members, strict=True):
            if s is stat:
                return sum(showing[self.group_of[i]] for i in m)
        kinds = self.display.deck.kinds
        m = set(resolve_selector(stat.selector, {k: i for i, k in enumerate(kinds)}, kinds, place="deck"))
        for g in self.groups:
            inside = {i in m for i in g}
            if len(inside) > 1:
                raise ValueError(f"{stat!r} splits kinds the display followed as one; "
                                 f"pass it as the question: display.opening(question=...)")
        return sum(showing[gi] for gi, g in enumerate(self.groups) if g[0] in m)

    @property
    def prob_wipe(self) -> Fraction:
        return sum((p for (_, w), p in self.final.items() if w > 0), Fraction(0))

    def wipes(self) -> dict[int, Fraction]:
        """Law of the number of wipes."""
        out: dict[int, Fraction] = {}
        for (_, w), p in self.final.items():
            out[w] = out.get(w, Fraction(0)) + p
        return dict(sorted(out.items()))

    def law(self, x: object) -> dict[int, Fraction]:
        """Law of the number of selected cards showing.

        Examples
        --------
        >>> from rometools.draws import Display, at_least
        >>> Display({"loco": 2, "other": 3}, 2, at_least("loco", 2)).opening().law("loco")
        {0: Fraction(2, 5), 1: Fraction(3, 5)}
        """
        stat = as_statistic(x)
        _counts_only(stat, "a display")
        out: dict[int, Fraction] = {}
        for (showing, _), p in self.final.items():
            v = self._value(stat, showing)
            out[v] = out.get(v, Fraction(0)) + p
        return dict(sorted(out.items()))

    def prob(self, condition: Condition) -> Fraction:
        """Probability that the cards showing meet ``condition`` (on counts)."""
        _counts_only(condition, "a display")
        stats = condition_stats(condition)
        return sum((p for (showing, _), p in self.final.items()
                    if holds(condition, {id(s): self._value(s, showing) for s in stats})), Fraction(0))


class SimulatedDisplay:
    """``trials`` seeded fills of a :class:`Display` (the same rule, card by card)."""

    def __init__(self, display: Display, trials: int = 10_000, *, rng: RngLike = None,
                 confidence: float = 0.95, showing=None, taken=None, seen=None):
        self.display = display
        self.trials = trials = check_trials(trials, per_trial=len(display.deck.kinds) + 1, itemsize=8,
                                            limit=MAX_LOOPED_TRIALS)
        self.confidence = confidence
        gen = as_generator(rng)
        deck = display.deck
        kinds = deck.kinds
        index = {k: i for i, k in enumerate(kinds)}
        out, kept = ({}, {}) if showing is None else display._take(showing, taken, seen)
        base = np.array([deck[k] - out.get(k, 0) for k in kinds], dtype=np.int64)
        start_show = np.array([kept.get(k, 0) for k in kinds], dtype=np.int64)
        stats = condition_stats(display.wipe)
        members = [list(resolve_selector(s.selector, index, kinds, place="deck")) for s in stats]
        self.showing = np.zeros((trials, len(kinds)), dtype=np.int64)
        self.wiped = np.zeros(trials, dtype=np.int64)
        for t in range(trials):
            left = base.copy()
            show = start_show.copy()
            wipes = 0
            while True:
                need = min(display.size - int(show.sum()), int(left.sum()))
                if need:
                    got = gen.multivariate_hypergeometric(left, need)
                    show += got
                    left -= got
                env = {id(s): int(show[m].sum()) for s, m in zip(stats, members, strict=True)}
                can = display.max_wipes is None or wipes < display.max_wipes
                if can and holds(display.wipe, env) and left.sum() >= display.size:
                    show[:] = 0
                    wipes += 1
                    continue
                break
            self.showing[t] = show
            self.wiped[t] = wipes

    @property
    def prob_wipe(self) -> ProportionEstimate:
        return proportion_estimate(int((self.wiped > 0).sum()), self.trials, confidence=self.confidence)

    def law(self, x: object) -> dict[int, ProportionEstimate]:
        stat = as_statistic(x)
        _counts_only(stat, "a display")
        kinds = self.display.deck.kinds
        m = list(resolve_selector(stat.selector, {k: i for i, k in enumerate(kinds)}, kinds, place="deck"))
        v = self.showing[:, m].sum(axis=1)
        return law_from_histogram(dict(zip(*np.unique(v, return_counts=True), strict=True)),
                                  self.trials, self.confidence)
