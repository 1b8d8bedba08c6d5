"""Seeded simulation twins of the Augustus bag odds: the rule itself, played.

Rules: ``003_d241425e5c31f6f1.txt``. :func:`simulate_completion` draws from a
shuffled bag, puts a legion on an open slot of the drawn symbol (any slot for a
joker, chosen by the joker policy) and, after a joker, fills the bag again; its
proportions and mean carry Wilson and t intervals. The tests check every exact
answer of :mod:`rometools.augustus.odds` against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from rometools.augustus.odds import JokerPolicy, _horizon, _policy, _problem
from rometools.core.rng import RngLike, as_generator, integer_below
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws import MeanEstimate, mean_estimate
from rometools.draws.simulate import MAX_LOOPED_TRIALS, check_trials

__all__ = ["SimulatedCompletion", "simulate_completion"]


@dataclass(frozen=True)
class SimulatedCompletion:
    """Seeded simulation of "draw until complete", playing the rule itself.

    Attributes
    ----------
    draws : numpy.ndarray
        Draws each trial took (``max_draws + 1`` when still incomplete then).
    max_draws : int
    confidence : float

    Examples
    --------
    >>> sim = simulate_completion({"shield": 1}, 10, 500, rng=4)
    >>> len(sim.cdf()), sim.cdf()[-1].trials
    (10, 500)
    """

    draws: np.ndarray
    max_draws: int
    confidence: float = 0.95

    def cdf(self) -> list[ProportionEstimate]:
        """P(complete within n draws) for n = 1..max_draws, with Wilson intervals."""
        trials = len(self.draws)
        return [proportion_estimate(int((self.draws <= n).sum()), trials, confidence=self.confidence)
                for n in range(1, self.max_draws + 1)]

    def mean(self) -> MeanEstimate:
        """Mean draws with a Student t interval.

        Raises
        ------
        ValueError
            If some trial did not complete within ``max_draws``.
        """
        if (self.draws > self.max_draws).any():
            raise ValueError(f"{int((self.draws > self.max_draws).sum())} trials did not complete within "
                             f"{self.max_draws} draws; raise max_draws")
        return mean_estimate(self.draws, confidence=self.confidence)


def _draw_index(left: list[int], total: int, gen: np.random.Generator) -> int:
    """One token drawn uniformly from a bag of ``left[i]`` tokens of kind ``i`` (``total`` in all): its kind."""
    r = integer_below(gen, total)
    i = 0
    while r >= left[i]:
        r -= left[i]
        i += 1
    return i


def _play_rule(need: dict[str, int], full: Mapping[str, int], start: Mapping[str, int], joker: str,
               fill: JokerPolicy, reset: bool, max_draws: int, gen: np.random.Generator) -> int:
    """Draws one trial takes (max_draws + 1 if incomplete by then)."""
    kinds = list(full)
    open_ = dict(need)
    left = [start[k] for k in kinds]
    for t in range(1, max_draws + 1):
        total = sum(left)
        if total == 0:
            return max_draws + 1
        i = _draw_index(left, total, gen)
        token = kinds[i]
        left[i] -= 1
        if token == joker:
            chosen = fill({s: n for s, n in open_.items() if n > 0}, full)
            open_[chosen] -= 1
            if reset:
                left = [full[k] for k in kinds]
        elif open_.get(token, 0) > 0:
            open_[token] -= 1
        if not any(open_.values()):
            return t
    return max_draws + 1


def simulate_completion(slots: Mapping[str, int], max_draws: int, trials: int = 10_000, *,
                        rng: RngLike = None, joker_policy: str | JokerPolicy = "rarest",
                        reset: bool = True, bag: Mapping[str, int] | None = None,
                        drawn: Mapping[str, int] | None = None,
                        confidence: float = 0.95) -> SimulatedCompletion:
    """The seeded Monte Carlo twin of :func:`completion_cdf` and :func:`expected_draws`.

    Each trial plays the rule: tokens drawn one at a time from a shuffled bag,
    each filling an open slot of its symbol; a joker fills the policy's slot
    and (with ``reset``) puts every token back.

    Parameters
    ----------
    slots, max_draws, joker_policy, reset, bag, drawn
        As :func:`completion_cdf`.
    trials : int
        Simulated objectives, at least 2.
    rng : None, int or numpy.random.Generator
        SPEC 7 seed.
    confidence : float
        Level of the intervals.

    Examples
    --------
    >>> from rometools.augustus.odds import completion_cdf
    >>> sim = simulate_completion({"dagger": 1}, 40, 2000, rng=1)
    >>> sim.mean().contains(6), sim.cdf()[0].contains(completion_cdf({"dagger": 1}, 1)[0])
    (True, True)
    """
    problem = _problem(slots, bag, joker_policy, drawn)
    horizon = _horizon(max_draws)
    trials = check_trials(trials, limit=MAX_LOOPED_TRIALS)
    gen = as_generator(rng)
    need = dict(problem.need)
    if not need:
        return SimulatedCompletion(np.zeros(trials, dtype=int), horizon, confidence)
    fill = _policy(problem)
    full, start = problem.full, dict(problem.start)
    draws = np.array([_play_rule(need, full, start, problem.joker, fill, reset, horizon, gen)
                      for _ in range(trials)])
    return SimulatedCompletion(draws, horizon, confidence)
