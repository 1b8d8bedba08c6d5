"""Several Augustus objectives and limited legions: when is the first one complete?

Rules: ``003_d241425e5c31f6f1.txt`` (the mobilisation bag, as in
:mod:`rometools.augustus.odds`). A player holds several objectives and a fixed
number of legions and places by a documented greedy policy whose choices
depend on the order of draws (:func:`several_objectives_cdf`): an exact forward
recursion over states while they fit in ``max_states``, a seeded Monte Carlo
estimate (Wilson intervals) beyond; the result says which.
:func:`simulate_several_objectives` is its seeded simulation twin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rometools.augustus.odds import JokerPolicy, _count, _horizon, _policy, _Problem, _problem
from rometools.augustus.simulate import _draw_index
from rometools.core.rng import RngLike, as_generator
from rometools.core.stats import proportion_estimate
from rometools.draws.simulate import MAX_LOOPED_TRIALS, check_trials

__all__ = ["SeveralObjectivesOdds", "several_objectives_cdf", "simulate_several_objectives"]


@dataclass(frozen=True)
class SeveralObjectivesOdds:
    """P(at least one objective complete within n draws) for a player with several objectives.

    Attributes
    ----------
    cdf : tuple
        ``cdf[n - 1]`` for n = 1..max_draws: a :class:`~fractions.Fraction` when
        ``method == "exact"``, a :class:`~rometools.core.stats.ProportionEstimate`
        (Wilson interval) when ``method == "monte_carlo"``.
    method : str
        ``"exact"`` or ``"monte_carlo"``.
    states : int
        Most states the exact recursion held at one draw (0 for Monte Carlo).
    trials : int
        Simulated games (0 when exact).

    Examples
    --------
    >>> from rometools.augustus.odds import completion_cdf
    >>> odds = several_objectives_cdf([{"shield": 1}], 2)
    >>> odds.method, odds.values()[0] == float(completion_cdf({"shield": 1}, 1)[0])
    ('exact', True)
    """

    cdf: tuple
    method: str
    states: int = 0
    trials: int = 0

    def values(self) -> list[float]:
        """The probabilities as floats (estimates for Monte Carlo), for charts."""
        return [float(p) if self.method == "exact" else p.estimate for p in self.cdf]


def _greedy_step(fills: list[list[int]], needs: list[tuple[int, ...]], legions: int, token: int | None,
                 commonness: tuple[int, ...], rarity_pick: Callable[[int], int]) -> None:
    """The documented greedy placement of :func:`several_objectives_cdf`, in place.

    ``token`` is a symbol index, or ``None`` for a joker.
    """
    open_counts = [sum(n) - sum(f) for n, f in zip(needs, fills, strict=True)]
    can = [sum(n) <= legions for n in needs]  # never aim at an objective bigger than the legions
    if token is None:
        candidates = [i for i, o in enumerate(open_counts) if o > 0 and can[i]]
    else:
        candidates = [i for i in range(len(needs)) if fills[i][token] < needs[i][token] and can[i]]
    if not candidates:
        return
    target = min(candidates, key=lambda i: (open_counts[i], i))
    if token is None:
        token = rarity_pick(target)
    if sum(map(sum, fills)) < legions:
        fills[target][token] += 1
        return
    sources = [i for i in range(len(needs))
               if i != target and sum(fills[i]) and open_counts[i] >= open_counts[target]]
    if not sources:
        return
    source = max(sources, key=lambda i: (open_counts[i], i))
    placed = [s for s in range(len(commonness)) if fills[source][s]]
    vacate = max(placed, key=lambda s: (commonness[s], -s))
    fills[source][vacate] -= 1
    fills[target][token] += 1


def several_objectives_cdf(objectives: Sequence[Mapping[str, int]], max_draws: int, *, legions: int = 7,
                           joker_policy: str | JokerPolicy = "rarest", bag: Mapping[str, int] | None = None,
                           method: str = "auto", max_states: int = 10_000, trials: int = 10_000,
                           rng: RngLike = None) -> SeveralObjectivesOdds:
    """P(at least one of a player's objectives is complete within n draws), limited legions.

    Greedy placement policy (the player's only decision, documented here and in
    ``docs/rules-decisions.md``): after each draw, among the objectives with an
    open slot of the drawn symbol (any open slot for a joker) and no more slots
    than the player has legions, the *target* is
    the one with the fewest open slots (ties: the first listed); a joker fills
    the target's slot chosen by ``joker_policy``. The legion comes from the
    reserve; with none left, it is moved from the objective (not the target)
    with the most open slots, if that one has at least as many open slots as the
    target (ties: the last listed), vacating its slot of the symbol commonest in
    a full bag; otherwise the player passes. (So a target one slot short is
    always completed by a move: the player never gets stuck.) Legions start in the reserve, the
    bag full.

    Parameters
    ----------
    objectives : sequence of Mapping[str, int]
        Each objective's slots.
    max_draws : int
        Last n (draws).
    legions : int
        Legions in the player's reserve (7 in the box).
    joker_policy, bag
        As :func:`completion_cdf`.
    method : {"auto", "exact", "monte_carlo"}
        ``"auto"``: exact while the recursion holds at most ``max_states``
        states at one draw, else Monte Carlo.
    max_states : int
        State budget of the exact recursion (10,000 states take about a second).
    trials, rng
        Monte Carlo games and seed (SPEC 7).

    Returns
    -------
    SeveralObjectivesOdds
        Its ``method`` says whether the values are exact or simulated.

    Raises
    ------
    ValueError
        For a bad objective, bag, policy or option; with ``method="exact"``,
        when the state space exceeds ``max_states``.

    Examples
    --------
    >>> odds = several_objectives_cdf([{"dagger": 1}, {"standard": 1}], 3)
    >>> odds.method, odds.cdf[0]
    ('exact', Fraction(5, 23))
    >>> odds.cdf[0] == 1 - (1 - Fraction(5, 23))
    True
    """
    problems = [_problem(o, bag, joker_policy, None) for o in objectives]
    if not problems:
        raise ValueError("several_objectives_cdf needs at least one objective")
    legions = _count(legions, "legions")
    horizon = _horizon(max_draws)
    if method not in ("auto", "exact", "monte_carlo"):
        raise ValueError(f"method must be 'auto', 'exact' or 'monte_carlo', got {method!r}")
    setup = _Several(problems, legions)
    if method != "monte_carlo":
        exact = setup.exact(horizon, _count(max_states, "max_states"))
        if exact is not None:
            return exact
        if method == "exact":
            raise ValueError(f"the exact recursion needs more than max_states={max_states} states; "
                             f"use method='monte_carlo' or a larger max_states")
    return simulate_several_objectives(objectives, max_draws, trials, rng=rng, legions=legions,
                                       joker_policy=joker_policy, bag=bag)


class _Several:
    """Shared set-up of the several-objectives recursion and simulation."""

    def __init__(self, problems: list[_Problem], legions: int):
        first = problems[0]
        self.full = first.full
        self.joker = first.joker
        used = {s for p in problems for s, _ in p.need}
        self.symbols = tuple(s for s in self.full if s in used)
        self.needs = [tuple(dict(p.need).get(s, 0) for s in self.symbols) for p in problems]
        self.legions = legions
        self.commonness = tuple(self.full[s] for s in self.symbols)
        self.fill = _policy(first)
        self._memo: dict[tuple, tuple] = {}
        self.total = sum(self.full.values())
        self.jokers = self.full[self.joker]

    def pick(self, fills: list[list[int]]) -> Callable[[int], int]:
        def choose(target: int) -> int:
            open_slots = {s: n - f for s, n, f in zip(self.symbols, self.needs[target], fills[target], strict=True)
                          if n - f > 0}
            return self.symbols.index(self.fill(open_slots, self.full))
        return choose

    def step(self, fills: tuple[tuple[int, ...], ...], token: int | None
             ) -> tuple[tuple[tuple[int, ...], ...], bool]:
        """The fills after the greedy placement of ``token``, and whether one objective is complete."""
        key = (fills, token)
        found = self._memo.get(key)
        if found is None:
            work = [list(f) for f in fills]
            _greedy_step(work, self.needs, self.legions, token, self.commonness, self.pick(work))
            after = tuple(tuple(f) for f in work)
            found = self._memo[key] = (after, any(f == n for f, n in zip(after, self.needs, strict=True)))
        return found

    def exact(self, horizon: int, max_states: int) -> SeveralObjectivesOdds | None:
        """Forward recursion per draw over (fills, tokens of each symbol drawn since the
        reset, tokens drawn since the reset); weights are integers over lcm(1..T)^n."""
        k = len(self.symbols)
        supply = tuple(self.full[s] for s in self.symbols)
        scale = math.lcm(*range(1, self.total + 1))
        start = (tuple((0,) * k for _ in self.needs), (0,) * k, 0)
        states = {start: 1}
        done, den, out, most = 0, 1, [], 1
        for _ in range(horizon):
            nxt: dict[tuple, int] = {}
            finished = 0
            for (fills, seen, m), w in states.items():
                left = self.total - m
                unit = w * (scale // left)
                rest = left - self.jokers
                for i in range(k):
                    c = supply[i] - seen[i]
                    if not c:
                        continue
                    rest -= c
                    after, complete = self.step(fills, i)
                    if complete:
                        finished += unit * c
                    else:
                        key = (after, seen[:i] + (seen[i] + 1,) + seen[i + 1:], m + 1)
                        nxt[key] = nxt.get(key, 0) + unit * c
                if self.jokers:
                    after, complete = self.step(fills, None)
                    if complete:
                        finished += unit * self.jokers
                    else:
                        key = (after, (0,) * k, 0)
                        nxt[key] = nxt.get(key, 0) + unit * self.jokers
                if rest:
                    key = (fills, seen, m + 1)
                    nxt[key] = nxt.get(key, 0) + unit * rest
            done = done * scale + finished
            den *= scale
            states = nxt
            most = max(most, len(states))
            if most > max_states:
                return None
            out.append(Fraction(done, den))
        return SeveralObjectivesOdds(tuple(out), "exact", states=most)

    def simulate(self, horizon: int, gen: np.random.Generator) -> int:
        kinds = list(self.full)
        index = {s: i for i, s in enumerate(self.symbols)}
        fills = tuple((0,) * len(self.symbols) for _ in self.needs)
        left = [self.full[s] for s in kinds]
        for t in range(1, horizon + 1):
            i = _draw_index(left, sum(left), gen)
            token = kinds[i]
            left[i] -= 1
            complete = False
            if token == self.joker:
                fills, complete = self.step(fills, None)
                left = [self.full[s] for s in kinds]
            elif token in index:
                fills, complete = self.step(fills, index[token])
            if complete:
                return t
        return horizon + 1


def simulate_several_objectives(objectives: Sequence[Mapping[str, int]], max_draws: int,
                                trials: int = 10_000, *, rng: RngLike = None, legions: int = 7,
                                joker_policy: str | JokerPolicy = "rarest",
                                bag: Mapping[str, int] | None = None,
                                confidence: float = 0.95) -> SeveralObjectivesOdds:
    """The seeded Monte Carlo twin of :func:`several_objectives_cdf` (same greedy policy).

    Examples
    --------
    >>> sim = simulate_several_objectives([{"dagger": 1}, {"standard": 1}], 3, 2000, rng=2)
    >>> sim.method, sim.cdf[0].contains(Fraction(5, 23))
    ('monte_carlo', True)
    """
    problems = [_problem(o, bag, joker_policy, None) for o in objectives]
    if not problems:
        raise ValueError("simulate_several_objectives needs at least one objective")
    trials = check_trials(trials, limit=MAX_LOOPED_TRIALS)
    horizon = _horizon(max_draws)
    setup = _Several(problems, _count(legions, "legions"))
    gen = as_generator(rng)
    draws = np.array([setup.simulate(horizon, gen) for _ in range(trials)])
    cdf = tuple(proportion_estimate(int((draws <= n).sum()), trials, confidence=confidence)
                for n in range(1, horizon + 1))
    return SeveralObjectivesOdds(cdf, "monte_carlo", trials=trials)
