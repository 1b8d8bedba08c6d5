"""Push your luck: draw or roll until a stop is reached or a bust ends it (issue 45, class 4).

Quacks of Quedlinburg draws ingredients from a bag, adding their values to a pot, and
explodes when the white chips add up to more than 7; Pig rolls a die, adding it to the
turn's total, and loses the turn on a 1. Both are a :class:`PushYourLuck`: steps (a
draw, a roll of a pool) add to running statistics until ``stop`` holds (the player's
target: ``total(values) >= 15``) or ``bust`` holds (``total(whites) >= 8``, ``count(1) >= 1``).
Built by :meth:`Bag.draws_until` (``bust=``) and :meth:`Pool.rolls_until` /
:meth:`Die.rolls_until`.

Exact, as a Markov chain over what the question reads: the tokens drawn so far of each
kind that matters (without replacement), or the running statistics (dice, draws with
replacement: a step that changes nothing is a loop, summed as a geometric series). Every
statistic must only grow (counts, totals of values >= 0, kinds reached) and every
condition be a lower bound, so each step moves forward and the chain ends.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.errors import check_choice
from rometools.core.formatting import shown
from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._engine import MAX_STATES, TooLargeError, Work
from rometools.draws._order import condition_stats, holds, holds_rows, sample_values
from rometools.draws._plan import check_int, resolve_selector
from rometools.draws.conditions import (
    Condition,
    Statistic,
    _All,
    _Any,
    _Atom,
    _Count,
    _Not,
    _Reach,
    _Total,
    as_statistic,
    value_of,
)
from rometools.draws.simulate import (
    MeanEstimate,
    batches,
    check_trials,
    histogram,
    law_from_histogram,
    mean_from_histogram,
)

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["ENDS", "PushYourLuck", "SimulatedPushYourLuck"]

#: How a run ends: the stop reached, a bust, or (drawing without replacement) the bag empty.
ENDS = ("stop", "bust", "exhausted")
#: Who wins when one step meets both the stop and the bust.
TIES = ("bust", "stop")
#: Most steps one simulated run may take (dice never run out).
MAX_SIMULATED_STEPS = 100_000
#: Most steps the simulated runs may take in all (runs x steps) before the twin stops with an error.
MAX_SIMULATION_WORK = 60_000_000
_STEP_SECONDS = 2e-6


@dataclass(frozen=True)
class Steps:
    """What one step is (built by the bag or the pool that asks; private to the package).

    Attributes
    ----------
    kinds : tuple
        The kinds (faces) a step can show.
    supplies : tuple of int or None
        Without replacement: the bag's tokens of each kind (one token a step).
    step_law : callable or None
        With replacement: ``stats -> {(value of each statistic in one step): probability}``.
    sample : callable
        ``(rows, generator) -> counts`` of shape ``(rows, kinds)``: one step of each run
        (with replacement).
    noun : str
        ``"draws"`` or ``"rolls"``, for the messages.
    route : str
        The simulate call, for :class:`TooLargeError`.
    """

    kinds: tuple
    supplies: tuple | None
    step_law: Callable | None = None
    sample: Callable | None = None
    noun: str = "draws"
    route: str = "estimate it instead: .simulate(trials, rng=...)"

    @property
    def replace(self) -> bool:
        return self.supplies is None


def _monotone_problem(cond: Condition, kinds: Sequence[Hashable]) -> str | None:
    """Text of a part of ``cond`` that more steps could turn false, else None."""
    def walk(c: Condition, negated: bool) -> str | None:
        if isinstance(c, _Not):
            return walk(c.part, not negated)
        if isinstance(c, _All | _Any):
            for p in c.parts:
                bad = walk(p, negated)
                if bad:
                    return bad
            return None
        if not isinstance(c, _Atom):
            raise TypeError(f"expected a condition, got {shown(c)}")
        stat = c.stat
        if isinstance(stat, _Reach) and stat.missing:
            return f"{c!r} (kinds still missing only fall)"
        if isinstance(stat, _Total):
            for kind in kinds:
                if value_of(stat.values, kind, repr(stat)) < 0:
                    return f"{c!r} (the kind {kind!r} has a negative value, so the total can fall)"
        elif not isinstance(stat, _Count | _Reach):
            return f"{c!r} ({type(stat).__name__.strip('_').lower()} statistics are not followed over steps)"
        upper = (c.lo is not None and c.lo > 0) if negated else c.hi is not None
        if upper:
            return f"{c!r} (an upper bound, which more steps can break)"
        return None
    return walk(cond, False)


class PushYourLuck:
    """Steps until ``stop`` holds or ``bust`` holds: how it ends, exactly.

    Build it with :meth:`Bag.draws_until` (with ``bust=``), :meth:`Pool.rolls_until` or
    :meth:`Die.rolls_until`.

    Parameters
    ----------
    steps : Steps
        What one step is (from the bag or pool).
    stop : Condition
        The target: reaching it ends the run (the player banks).
    bust : Condition, optional
        The bust: reaching it ends the run (the player loses the turn).
    ties : {"bust", "stop"}
        What a step that meets both gives (Quacks: the explosion; default ``"bust"``).

    Raises
    ------
    ValueError
        A condition more steps could turn false (an upper bound, a total with negative
        values), naming the part; ``ties`` unknown.

    Examples
    --------
    Pig: roll a d6 until the turn's total reaches 20, a 1 losing the turn.

    >>> from rometools.draws import Die, count, total
    >>> pig = Die.d(6).rolls_until(total() >= 20, bust=count(1) >= 1)
    >>> pig.prob_bust()
    Fraction(9440899, 15116544)
    >>> round(float(pig.mean(if_bust=0)), 4)
    8.1418
    """

    def __init__(self, steps: Steps, stop: Condition, bust: Condition | None = None, *, ties: str = "bust"):
        for name, cond in (("stop", stop), ("bust", bust)):
            if cond is None and name == "bust":
                continue
            if not isinstance(cond, Condition):
                raise TypeError(f"{name} must be a condition (total() >= 20, count(1) >= 1, ...), got {shown(cond)}")
            problem = _monotone_problem(cond, steps.kinds)
            if problem:
                raise ValueError(f"{name} must stay true once met; {problem}")
            if steps.replace and any(isinstance(st, _Reach) for st in condition_stats(cond)):
                raise ValueError(f"{name}: kinds reached over repeated {steps.noun} ({cond!r}) are followed only "
                                 f"for a bag drawn without replacement; count them with count(...) instead")
        check_choice("ties", ties, TIES)
        self.steps, self.stop, self.bust, self.ties = steps, stop, bust, ties
        self._cache: dict[tuple, _Chain] = {}

    def __repr__(self) -> str:
        bust = f", bust={self.bust!r}" if self.bust is not None else ""
        return f"PushYourLuck(stop={self.stop!r}{bust})"

    # ------------------------------------------------------------ the chain
    def _stats(self, x: Statistic | None) -> list[Statistic]:
        stats = condition_stats(self.stop) + ([] if self.bust is None else condition_stats(self.bust))
        if x is not None and all(s is not x for s in stats):
            stats.append(x)
        unique: list[Statistic] = []
        for s in stats:
            if all(s is not u for u in unique):
                unique.append(s)
        return unique

    def _chain(self, x: Statistic | None) -> _Chain:
        stats = self._stats(x)
        key = tuple(id(s) for s in stats)
        if key not in self._cache:
            self._cache[key] = _Chain(self, stats)
        return self._cache[key]

    def _default(self, x: object) -> Statistic:
        if x is None:
            return condition_stats(self.stop)[0]
        return as_statistic(x)

    # ------------------------------------------------------------ questions
    def ends(self) -> dict[str, Fraction]:
        """``{"stop": p, "bust": p, "exhausted": p}``: how the run ends.

        Examples
        --------
        >>> from rometools.draws import Bag, count, total
        >>> chips = Bag({"white1": 4, "white2": 2, "white3": 1, "orange": 1, "green": 2})
        >>> whites = {"white1": 1, "white2": 2, "white3": 3, "orange": 0, "green": 0}
        >>> quacks = chips.draws_until(count(["orange", "green"]) >= 3, bust=total(whites) >= 8)
        >>> quacks.ends()["bust"]
        Fraction(93, 140)
        """
        chain = self._chain(None)
        return {end: chain.end_prob(end) for end in ENDS}

    def prob_stop(self) -> Fraction:
        """Probability that the run reaches the stop (without a bust on the same step, by ``ties``)."""
        return self._chain(None).end_prob("stop")

    def prob_bust(self) -> Fraction:
        """Probability that the run busts."""
        return self._chain(None).end_prob("bust")

    def law(self, x: object = None, *, if_bust: int | None = None) -> dict[object, Fraction]:
        """Law of a statistic at the end of the run (default the stop's first statistic).

        Parameters
        ----------
        x : Statistic or selector, optional
            What is read at the end (``total()``: the pot; a count).
        if_bust : int, optional
            The value a bust scores instead (Pig: 0, the turn's points are lost).

        Examples
        --------
        >>> from rometools.draws import Die, count, total
        >>> law = Die.d(6).rolls_until(total() >= 5, bust=count(1) >= 1).law(if_bust=0)
        >>> law[0]
        Fraction(55, 216)
        """
        stat = self._default(x)
        return self._chain(stat).law(stat, if_bust)

    def mean(self, x: object = None, *, if_bust: int | None = None) -> Fraction:
        """Mean of :meth:`law` (the expected score of the policy "stop at the target")."""
        return sum((Fraction(v) * p for v, p in self.law(x, if_bust=if_bust).items()), Fraction(0))

    def mean_steps(self) -> Fraction:
        """Expected number of draws (rolls) until the run ends.

        Examples
        --------
        >>> from rometools.draws import Die, count
        >>> Die.d(6).rolls_until(count(6) >= 1).mean_steps()
        Fraction(6, 1)
        """
        return self._chain(None).mean_steps

    def pmf(self, max_steps: int | None = None) -> dict[int, Fraction]:
        """``{t: P(the run ends at step t)}`` for every ``t`` up to ``max_steps``.

        Without replacement the default is the whole bag; with replacement ``max_steps``
        is required when a step can change nothing (the run has no last step).

        Examples
        --------
        >>> from rometools.draws import Die, count
        >>> Die.d(6).rolls_until(count(6) >= 1).pmf(3)
        {1: Fraction(1, 6), 2: Fraction(5, 36), 3: Fraction(25, 216)}
        """
        return self._chain(None).pmf(max_steps)

    def simulate(self, trials: int = 10_000, *, rng: RngLike = None, confidence: float = 0.95) -> SimulatedPushYourLuck:
        """The seeded Monte Carlo twin: ``trials`` runs, with the same questions.

        Examples
        --------
        >>> from rometools.draws import Die, count, total
        >>> pig = Die.d(6).rolls_until(total() >= 20, bust=count(1) >= 1)
        >>> pig.simulate(4000, rng=1).prob_bust().contains(pig.prob_bust())
        True
        """
        return SimulatedPushYourLuck(self, trials, rng=rng, confidence=confidence)


@dataclass
class _Chain:
    """The chain for one set of statistics: how every run ends, and the steps it takes."""

    luck: PushYourLuck
    stats: list[Statistic]
    ends: dict[tuple, Fraction] = field(default_factory=dict)   # (end, values) -> p
    mean_steps: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        steps = self.luck.steps
        self.work = Work(f"{self.luck!r}", steps.route)
        if steps.replace:
            self._with_replacement()
        else:
            self._without_replacement()

    # ------------------------------------------------------------ ends
    def _end(self, values: tuple) -> str | None:
        env = {id(s): v for s, v in zip(self.stats, values, strict=True)}
        stop = holds(self.luck.stop, env)
        bust = self.luck.bust is not None and holds(self.luck.bust, env)
        if stop and bust:
            return self.luck.ties
        return "stop" if stop else ("bust" if bust else None)

    def end_prob(self, end: str) -> Fraction:
        return sum((p for (e, _), p in self.ends.items() if e == end), Fraction(0))

    def law(self, stat: Statistic, if_bust: int | None) -> dict[object, Fraction]:
        i = next(j for j, s in enumerate(self.stats) if s is stat)
        out: dict[object, Fraction] = {}
        for (end, values), p in self.ends.items():
            v = if_bust if end == "bust" and if_bust is not None else values[i]
            out[v] = out.get(v, Fraction(0)) + p
        return {v: out[v] for v in sorted(out) if out[v]}

    # ------------------------------------------------------------ without replacement
    def _groups(self):
        """Kinds grouped by what a token of them adds (kinds a reach reads stay alone)."""
        steps = self.luck.steps
        kinds = steps.kinds
        index = {k: i for i, k in enumerate(kinds)}
        alone = set()
        rows = []
        for stat in self.stats:
            if isinstance(stat, _Count):
                members = set(resolve_selector(stat.selector, index, kinds))
                rows.append([int(i in members) for i in range(len(kinds))])
            elif isinstance(stat, _Total):
                rows.append([value_of(stat.values, k, repr(stat)) for k in kinds])
            else:  # reach: followed per kind
                members = (range(len(kinds)) if stat.kinds is None
                           else resolve_selector(stat.kinds, index, kinds, "kinds"))
                alone |= set(members)
                rows.append(None)
        groups: dict[tuple, list[int]] = {}
        for i in range(len(kinds)):
            key = ("alone", i) if i in alone else tuple(r[i] for r in rows if r is not None)
            groups.setdefault(key, []).append(i)
        return list(groups.values()), index

    def _values_of(self, groups, index) -> Callable[[tuple], tuple]:
        kinds = self.luck.steps.kinds
        readers = []
        for stat in self.stats:
            if isinstance(stat, _Count):
                members = set(resolve_selector(stat.selector, index, kinds))
                coeff = [int(g[0] in members) for g in groups]
                readers.append(("sum", coeff))
            elif isinstance(stat, _Total):
                coeff = [value_of(stat.values, kinds[g[0]], repr(stat)) for g in groups]
                readers.append(("sum", coeff))
            else:
                members = set(range(len(kinds)) if stat.kinds is None
                              else resolve_selector(stat.kinds, index, kinds, "kinds"))
                which = [gi for gi, g in enumerate(groups) if g[0] in members]
                readers.append(("reach", (which, stat.k)))

        def values(counts: tuple) -> tuple:
            out = []
            for how, arg in readers:
                if how == "sum":
                    out.append(sum(c * a for c, a in zip(counts, arg, strict=True)))
                else:
                    which, k = arg
                    out.append(sum(1 for gi in which if counts[gi] >= k))
            return tuple(out)

        return values

    def _without_replacement(self) -> None:
        steps = self.luck.steps
        groups, index = self._groups()
        supply = [sum(steps.supplies[i] for i in g) for g in groups]
        total = sum(supply)
        values = self._values_of(groups, index)
        layer: dict[tuple, Fraction] = {tuple(0 for _ in groups): Fraction(1)}
        self.pmf_steps: dict[int, Fraction] = {}
        mean = Fraction(0)
        for t in range(total + 1):
            nxt: dict[tuple, Fraction] = {}
            self.work.spend(len(layer) * len(groups) * _STEP_SECONDS, f" for {len(layer):,} states")
            for counts, p in layer.items():
                vals = values(counts)
                end = self._end(vals)
                if end is None and t == total:
                    end = "exhausted"
                if end is not None:
                    self.ends[(end, vals)] = self.ends.get((end, vals), Fraction(0)) + p
                    self.pmf_steps[t] = self.pmf_steps.get(t, Fraction(0)) + p
                    mean += t * p
                    continue
                left = total - t
                for gi, s in enumerate(supply):
                    r = s - counts[gi]
                    if r:
                        c2 = counts[:gi] + (counts[gi] + 1,) + counts[gi + 1:]
                        nxt[c2] = nxt.get(c2, Fraction(0)) + p * Fraction(r, left)
            if len(nxt) > MAX_STATES:
                raise TooLargeError(f"{self.luck!r} needs more than {MAX_STATES:,} states; {steps.route}")
            layer = nxt
            if not layer:
                break
        self.mean_steps = mean

    # ------------------------------------------------------------ with replacement
    def _with_replacement(self) -> None:
        steps = self.luck.steps
        step = [(delta, p) for delta, p in steps.step_law(self.stats).items()]
        zero = tuple(0 for _ in self.stats)
        p_still = sum((p for d, p in step if d == zero), Fraction(0))
        moves = [(d, p / (1 - p_still)) for d, p in step if d != zero] if p_still < 1 else []
        per_visit = Fraction(1) / (1 - p_still) if p_still < 1 else None
        self.step, self.p_still = step, p_still
        # every move adds to some statistic: states ordered by the sum of their values
        start = zero
        mass: dict[tuple, Fraction] = {start: Fraction(1)}
        heap = [(0, start)]
        seen = {start}
        mean = Fraction(0)
        while heap:
            _, state = heapq.heappop(heap)
            p = mass.pop(state)
            end = self._end(state)
            if end is not None:
                self.ends[(end, state)] = self.ends.get((end, state), Fraction(0)) + p
                continue
            if per_visit is None:
                raise ValueError(f"{self.luck!r}: a step never changes anything, so the run never ends")
            mean += p * per_visit
            self.work.spend(len(moves) * _STEP_SECONDS)
            for d, q in moves:
                s2 = tuple(a + b for a, b in zip(state, d, strict=True))
                mass[s2] = mass.get(s2, Fraction(0)) + p * q
                if s2 not in seen:
                    seen.add(s2)
                    heapq.heappush(heap, (sum(s2), s2))
                    if len(seen) > MAX_STATES:
                        raise TooLargeError(f"{self.luck!r} needs more than {MAX_STATES:,} states; {steps.route}")
        self.mean_steps = mean

    # ------------------------------------------------------------ steps
    def pmf(self, max_steps: int | None) -> dict[int, Fraction]:
        steps = self.luck.steps
        if not steps.replace:
            last = max(self.pmf_steps, default=0) if max_steps is None else check_int(max_steps, "max_steps")
            return {t: p for t, p in sorted(self.pmf_steps.items()) if t <= last and p}
        if max_steps is None:
            if self.p_still:
                raise ValueError(f"a step can change nothing, so the {steps.noun} have no last value: "
                                 f"pass max_steps")
            max_steps = 10**9
        max_steps = check_int(max_steps, "max_steps")
        if max_steps < 0:
            raise ValueError(f"max_steps must be >= 0, got {max_steps}")
        out: dict[int, Fraction] = {}
        layer = {tuple(0 for _ in self.stats): Fraction(1)}
        for t in range(0, max_steps + 1):
            nxt: dict[tuple, Fraction] = {}
            for state, p in layer.items():
                if self._end(state) is not None:
                    out[t] = out.get(t, Fraction(0)) + p
                    continue
                for d, q in self.step:
                    s2 = tuple(a + b for a, b in zip(state, d, strict=True))
                    nxt[s2] = nxt.get(s2, Fraction(0)) + p * q
            self.work.spend(len(layer) * len(self.step) * _STEP_SECONDS)
            layer = nxt
            if not layer:
                break
        return {t: p for t, p in sorted(out.items()) if p}


class SimulatedPushYourLuck:
    """``trials`` seeded runs of a :class:`PushYourLuck`, asked the same questions.

    Attributes
    ----------
    counts : numpy.ndarray, shape (trials, kinds)
        Tokens (faces) of each kind drawn (rolled) over each run, up to its end.
    ended : numpy.ndarray of str, shape (trials,)
        ``"stop"``, ``"bust"`` or ``"exhausted"``.
    steps : numpy.ndarray, shape (trials,)
        Draws (rolls) each run took.
    """

    def __init__(self, luck: PushYourLuck, trials: int = 10_000, *, rng: RngLike = None,
                 confidence: float = 0.95):
        self.luck = luck
        kinds = luck.steps.kinds
        k = len(kinds)
        self.trials = trials = check_trials(trials, per_trial=k + 2, itemsize=8)
        self.confidence = confidence
        gen = as_generator(rng)
        stats = luck._stats(None)
        counts = np.zeros((trials, k), dtype=np.int64)
        ended = np.full(trials, "", dtype=object)
        steps = np.zeros(trials, dtype=np.int64)
        supplies = None if luck.steps.replace else np.asarray(luck.steps.supplies, dtype=np.int64)
        limit = int(supplies.sum()) if supplies is not None else MAX_SIMULATED_STEPS
        live = np.arange(trials)
        work = 0
        for t in range(limit + 1):
            work += live.size
            if work > MAX_SIMULATION_WORK:
                raise TooLargeError(f"{luck!r}: {live.size} of {trials} simulated runs are still going after {t} "
                                    f"{luck.steps.noun}; simulating further would take more than "
                                    f"{MAX_SIMULATION_WORK:,} {luck.steps.noun}: ask fewer trials")
            if live.size:
                cur = counts[live]
                env = {id(s): sample_values(s, cur, kinds) for s in stats}
                stop = holds_rows(luck.stop, env)
                bust = holds_rows(luck.bust, env) if luck.bust is not None else np.zeros(live.size, bool)
                both = stop & bust
                end = np.where(bust, "bust", np.where(stop, "stop", ""))
                end = np.where(both, luck.ties, end).astype(object)
                if t == limit and supplies is not None:
                    end = np.where(end == "", "exhausted", end).astype(object)
                done = end != ""
                ended[live[done]] = end[done]
                steps[live[done]] = t
                live = live[~done]
            if not live.size:
                break
            if t == limit:
                raise ValueError(f"{luck!r}: {live.size} of {trials} simulated runs did not end within "
                                 f"{MAX_SIMULATED_STEPS:,} {luck.steps.noun}")
            for start, stop_ in batches(live.size, 4 * k + 4):
                rows = live[start:stop_]
                if supplies is None:
                    counts[rows] += luck.steps.sample(rows.size, gen)
                else:
                    left = supplies[None, :] - counts[rows]
                    u = gen.random(rows.size) * left.sum(axis=1)
                    pick = (np.cumsum(left, axis=1) <= u[:, None]).sum(axis=1)
                    counts[rows, pick] += 1
        self.counts, self.ended, self.steps = counts, ended, steps

    def _estimate(self, mask: np.ndarray) -> ProportionEstimate:
        return proportion_estimate(int(mask.sum()), self.trials, confidence=self.confidence)

    def ends(self) -> dict[str, ProportionEstimate]:
        """Simulated share of each way the runs ended."""
        return {end: self._estimate(self.ended == end) for end in ENDS}

    def prob_stop(self) -> ProportionEstimate:
        return self._estimate(self.ended == "stop")

    def prob_bust(self) -> ProportionEstimate:
        return self._estimate(self.ended == "bust")

    def _values(self, x: object, if_bust: int | None) -> Iterator[np.ndarray]:
        stat = self.luck._default(x)
        kinds = self.luck.steps.kinds
        for start, stop in batches(self.trials, 4 * len(kinds) + 4):
            v = sample_values(stat, self.counts[start:stop], kinds)
            if if_bust is not None:
                v = np.where(self.ended[start:stop] == "bust", if_bust, v)
            yield v

    def law(self, x: object = None, *, if_bust: int | None = None) -> dict[object, ProportionEstimate]:
        return law_from_histogram(histogram(self._values(x, if_bust)), self.trials, self.confidence)

    def mean(self, x: object = None, *, if_bust: int | None = None) -> MeanEstimate:
        return mean_from_histogram(histogram(self._values(x, if_bust)), self.confidence)

    def mean_steps(self) -> MeanEstimate:
        return mean_from_histogram(histogram([self.steps]), self.confidence)

    def pmf(self) -> dict[int, ProportionEstimate]:
        return law_from_histogram(histogram([self.steps]), self.trials, self.confidence)
