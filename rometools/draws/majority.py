"""Majorities with a tie rule: who holds the most of a kind (issue 45, class 5).

Area-majority scoring (El Grande, Arcs' ambitions, Tigris & Euphrates' monuments) asks,
after random draws per player, who holds the most of something, and what a tie does:

* ``"friendly"``: every player tied for the most holds the majority (the chances then add
  up to more than 1);
* ``"unfriendly"``: a tie for the most gives it to nobody;
* ``"split"``: the tied players share it (the chance becomes an expected share).

The players' counts come from hands dealt from one bag (a :class:`~rometools.draws.Deal`:
the hands are not independent) or from each player's own draw or roll (independent). The
ranks of all players are given too, for second-place rewards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from rometools.core.errors import check_choice
from rometools.core.formatting import shown
from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws._order import as_law, sample_values
from rometools.draws._plan import check_int, resolve_selector
from rometools.draws.conditions import as_statistic
from rometools.draws.deal import Deal
from rometools.draws.dice import Die, Pool
from rometools.draws.draw import Draw
from rometools.draws.simulate import MeanEstimate, check_trials, mean_estimate

if TYPE_CHECKING:
    from rometools.core.rng import RngLike

__all__ = ["MAJORITY_TIES", "Majority", "SimulatedMajority", "majority", "simulate_majority"]

#: What a tie for the most does.
MAJORITY_TIES = ("friendly", "unfriendly", "split")
MAX_PLAYERS = 12


@dataclass(frozen=True)
class Majority:
    """Who holds the majority, exactly.

    Attributes
    ----------
    wins : tuple of Fraction
        Each player's chance to hold the majority (with ``"split"``: the expected share).
    nobody : Fraction
        The chance that nobody holds it (nobody reaches ``at_least``; or, unfriendly, a tie).
    ranks : tuple of dict[int, Fraction]
        Each player's rank law: 1 + the players holding more (friendly and split: tied
        players share the better rank, 1-1-3); unfriendly: the players holding as many
        or more (tied players take the worse rank, 2-2-3).
    """

    wins: tuple[Fraction, ...]
    nobody: Fraction
    ranks: tuple[dict[int, Fraction], ...]


@dataclass(frozen=True)
class SimulatedMajority:
    """The seeded twin's answer: estimates with intervals.

    Attributes
    ----------
    wins : tuple of ProportionEstimate, or of MeanEstimate with ``"split"`` (a share)
    nobody : ProportionEstimate
    """

    wins: tuple[ProportionEstimate | MeanEstimate, ...]
    nobody: ProportionEstimate


def _laws(players: Sequence[object], of: object) -> list[dict]:
    stat = None if of is None else as_statistic(of)
    laws = []
    for i, p in enumerate(players):
        if isinstance(p, Draw | Pool | Die):
            if stat is None:
                raise ValueError("say what is counted: majority(players, of=kind, statistic or selector)")
            src = Pool([p]) if isinstance(p, Die) else p
            laws.append(src.law(stat))
        elif isinstance(p, Mapping):
            laws.append(as_law(p, f"player {i}"))
        else:
            raise TypeError(f"player {i} must be a Draw, a Pool, a Die or a law {{count: probability}}, "
                            f"got {shown(p)}")
    return laws


def _check(n: int, ties: str, at_least: object) -> int:
    check_choice("ties", ties, MAJORITY_TIES)
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"a majority needs 2 to {MAX_PLAYERS} players, got {n}")
    return check_int(at_least, "at_least")


def majority(players: Deal | Sequence[Draw | Pool | Die | Mapping], *, of: object = None,
             ties: str = "friendly", at_least: int = 1) -> Majority:
    """Each player's chance to hold the most, under a tie rule, and every player's rank.

    Parameters
    ----------
    players : Deal, or sequence of Draw, Pool, Die or law
        Hands dealt from one bag (a :class:`~rometools.draws.Deal`, one player a hand), or
        each player's own draw or roll (independent), or each player's law
        ``{count: probability}``.
    of : selector or Statistic
        What is counted: a kind (or kinds, or a predicate) for a deal; a statistic (or
        selector) of each draw or roll. Not needed with laws.
    ties : {"friendly", "unfriendly", "split"}
        A tie for the most: every tied player holds it, nobody does, or they share it.
    at_least : int
        Fewest a player must hold to hold the majority (default 1: none is no majority).

    Returns
    -------
    Majority

    Raises
    ------
    OptionError
        An unknown ``ties``.
    ValueError
        Fewer than 2 or more than 12 players; ``of`` missing; a law not adding up to 1.
    TooLargeError
        From a deal whose split is too large to list (the message gives the simulate route).

    See Also
    --------
    simulate_majority : the seeded twin.

    Examples
    --------
    Three players are dealt 4 cards each from 6 temples among 30 cards: who holds the most
    temples?

    >>> from rometools.draws import Bag
    >>> deal = Bag({"temple": 6, "other": 24}).deal([4, 4, 4])
    >>> m = majority(deal, of="temple", ties="unfriendly")
    >>> m.wins[0] == m.wins[1], m.nobody
    (True, Fraction(80744, 197925))
    """
    if isinstance(players, Deal):
        n = len(players.sizes)
        floor = _check(n, ties, at_least)
        if of is None:
            raise ValueError("say which tokens are counted: majority(deal, of=kind)")
        joint = players.split(of)
        return _from_joint(joint, n, ties, floor)
    if not isinstance(players, Sequence) or isinstance(players, str | bytes):
        raise TypeError(f"players must be a Deal or a list of draws, pools or laws, got {shown(players)}")
    floor = _check(len(players), ties, at_least)
    return _from_laws(_laws(players, of), ties, floor)


def _from_joint(joint: Mapping[tuple, Fraction], n: int, ties: str, floor: int) -> Majority:
    wins = [Fraction(0)] * n
    ranks = [dict() for _ in range(n)]
    nobody = Fraction(0)
    for counts, p in joint.items():
        best = max(counts)
        top = [i for i, c in enumerate(counts) if c == best]
        if best < floor or (ties == "unfriendly" and len(top) > 1):
            nobody += p
        else:
            share = Fraction(1, len(top)) if ties == "split" else Fraction(1)
            for i in top:
                wins[i] += p * share
        for i, c in enumerate(counts):
            above = sum(1 for d in counts if d > c) if ties != "unfriendly" else sum(
                1 for j, d in enumerate(counts) if d >= c and j != i)
            r = above + 1
            ranks[i][r] = ranks[i].get(r, Fraction(0)) + p
    return Majority(tuple(wins), nobody, tuple({r: d[r] for r in sorted(d)} for d in ranks))


def _poly_times(poly: list[Fraction], stay: Fraction, move: Fraction) -> list[Fraction]:
    """``poly * (stay + move z)``."""
    out = [Fraction(0)] * (len(poly) + 1)
    for t, c in enumerate(poly):
        out[t] += c * stay
        out[t + 1] += c * move
    return out


def _from_laws(laws: list[dict], ties: str, floor: int) -> Majority:
    n = len(laws)
    values = sorted({v for law in laws for v in law})
    below: list[dict] = []  # P(X_j < v), P(X_j <= v)
    upto: list[dict] = []
    for law in laws:
        acc, b, u = Fraction(0), {}, {}
        for v in values:
            b[v] = acc
            acc += law.get(v, Fraction(0))
            u[v] = acc
        below.append(b)
        upto.append(u)
    wins = [Fraction(0)] * n
    ranks = [dict() for _ in range(n)]
    for i, law in enumerate(laws):
        others = [j for j in range(n) if j != i]
        for v, p in law.items():
            if not p:
                continue
            # others at exactly v (t of them), all others at most v
            poly = [Fraction(1)]
            for j in others:
                poly = _poly_times(poly, below[j][v], laws[j].get(v, Fraction(0)))
            if v >= floor:
                if ties == "friendly":
                    wins[i] += p * sum(poly, Fraction(0))
                elif ties == "unfriendly":
                    wins[i] += p * poly[0]
                else:
                    wins[i] += p * sum((c / (t + 1) for t, c in enumerate(poly)), Fraction(0))
            # rank: others above v (friendly, split), or at v or above (unfriendly)
            rank_poly = [Fraction(1)]
            for j in others:
                above = 1 - (upto[j][v] if ties != "unfriendly" else below[j][v])
                rank_poly = _poly_times(rank_poly, 1 - above, above)
            for t, c in enumerate(rank_poly):
                if c:
                    ranks[i][t + 1] = ranks[i].get(t + 1, Fraction(0)) + p * c
    # nobody: every player under the floor, or (unfriendly) a tie at the top
    nobody = Fraction(1)
    for j in range(n):
        nobody *= sum((q for v, q in laws[j].items() if v < floor), Fraction(0))
    if ties == "unfriendly" or ties == "split":
        nobody = 1 - sum(wins, Fraction(0))
    return Majority(tuple(wins), nobody, tuple({r: d[r] for r in sorted(d)} for d in ranks))


def simulate_majority(players: Deal | Sequence[Draw | Pool | Die], trials: int = 10_000, *,
                      rng: RngLike = None, of: object = None, ties: str = "friendly", at_least: int = 1,
                      confidence: float = 0.95) -> SimulatedMajority:
    """The seeded twin of :func:`majority` (deals, draws and pools; not laws).

    Examples
    --------
    >>> from rometools.draws import Bag
    >>> deal = Bag({"temple": 6, "other": 24}).deal([4, 4, 4])
    >>> est = simulate_majority(deal, 4000, rng=1, of="temple", ties="unfriendly")
    >>> est.nobody.contains(majority(deal, of="temple", ties="unfriendly").nobody)
    True
    """
    gen = as_generator(rng)
    if isinstance(players, Deal):
        n = len(players.sizes)
        floor = _check(n, ties, at_least)
        if of is None:
            raise ValueError("say which tokens are counted: simulate_majority(deal, trials, of=kind)")
        bag = players.bag
        members = list(resolve_selector(of, {k: i for i, k in enumerate(bag.kinds)}, bag.kinds))
        sim = players.simulate(trials, rng=gen)
        counts = sim.hand_counts[..., members].sum(axis=-1, dtype=np.int64)
    else:
        if not isinstance(players, Sequence):
            raise TypeError(f"players must be a Deal or a list of draws or pools, got {shown(players)}")
        floor = _check(len(players), ties, at_least)
        if of is None:
            raise ValueError("say what is counted: simulate_majority(players, trials, of=...)")
        stat = as_statistic(of)
        trials = check_trials(trials, per_trial=len(players), itemsize=8)
        cols = []
        for i, p in enumerate(players):
            if isinstance(p, Die):
                p = Pool([p])
            if not isinstance(p, Draw | Pool):
                raise TypeError(f"player {i} must be a Draw, a Pool or a Die to be simulated, got {shown(p)}")
            sim = p.simulate(trials, rng=gen)
            kinds = p.bag.kinds if isinstance(p, Draw) else p.kinds
            cols.append(sample_values(stat, sim.counts.astype(np.int64), kinds, "bag" if isinstance(p, Draw) else "pool"))
        counts = np.stack(cols, axis=1)
    trials = counts.shape[0]
    best = counts.max(axis=1, keepdims=True)
    top = counts == best
    tied = top.sum(axis=1)
    held = best[:, 0] >= floor
    if ties == "unfriendly":
        held &= tied == 1
    nobody = proportion_estimate(int((~held).sum()), trials, confidence=confidence)
    wins: list = []
    for i in range(counts.shape[1]):
        mine = top[:, i] & held
        if ties == "split":
            wins.append(mean_estimate(np.where(mine, 1.0 / tied, 0.0), confidence=confidence))
        else:
            wins.append(proportion_estimate(int(mine.sum()), trials, confidence=confidence))
    return SimulatedMajority(tuple(wins), nobody)

