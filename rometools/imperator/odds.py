"""Exact odds of the IMPERATOR reward-tile stack, round after round.

Rules: ``004_c0d35faf86920c09.txt``, Setup ("Shuffle the 20 Reward tiles and form a
face-down stack. Then reveal and place one tile per region"), Rewards ("Used Reward
tiles are gathered into a discard pile. If the Reward tiles run out, the discard pile
is shuffled and a new draw pile is formed"), and the readings IMP-1 to IMP-3 of
``docs/rules-decisions.md``.

* Round 1 is one draw from a fresh stack (a :class:`rometools.draws.Bag`):
  :func:`prob_kind_revealed` is the hypergeometric tail.
* Later rounds depend on which tiles were won. :class:`RevealModel` says how the tiles
  flow: ``regions`` tiles on the board, ``claimed`` of them won each round *uniformly
  at random* (kind-blind: a modelling assumption, real players choose), instant tiles
  to the discard pile at once, held tiles back after ``hold_rounds``, leftovers staying
  or discarded, refills before or after the round's tiles reach the pile, the discard
  reshuffled when a tile is needed and the stack is empty. :func:`reveal_odds` runs the
  exact Markov chain over the composition of stack, discard pile, board and held
  tiles, each draw a :class:`~rometools.draws.Bag` draw; :func:`simulate_reveals` is
  its seeded twin with a physically shuffled stack, and the tests also check it
  against the protocol game itself.
* :func:`prob_strongest`: the chance a worker value is the strongest on a revealed tile.

Every exact answer is a :class:`fractions.Fraction`.
"""

from __future__ import annotations

import operator
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, reduce
from math import comb, gcd, lcm

import numpy as np

from rometools.core.errors import ArgumentError, check_choice
from rometools.core.rng import RngLike, as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate
from rometools.draws import Bag, present
from rometools.draws.simulate import MAX_LOOPED_TRIALS, check_trials
from rometools.imperator.components import (
    HELD_KINDS,
    KIND_NAMES,
    MARKERS,
    TILE_KINDS,
    Components,
    load_components,
)
from rometools.imperator.placement import distance
from rometools.imperator.state import LEFTOVER_OPTIONS, REVEAL_OPTIONS, WORKER_VALUES

__all__ = [
    "RevealModel",
    "RevealOdds",
    "SimulatedReveals",
    "prob_kind_on_board",
    "prob_kind_revealed",
    "prob_strongest",
    "reveal_curves",
    "reveal_odds",
    "simulate_reveals",
    "simulate_reveals_by_kind",
]

#: Largest number of rounds the exact chain is asked for (the state space stays small,
#: but each round costs time).
MAX_ROUNDS = 40
#: Trials whose random numbers are drawn at once by :func:`simulate_reveals_by_kind` (the same
#: numbers, in the same order, as one draw for every trial up to this many).
_TRIAL_BATCH = 8192


# ===================================================================== the model
@dataclass(frozen=True)
class RevealModel:
    """How reward tiles flow between stack, board, players and discard pile.

    Parameters
    ----------
    regions : int
        Regions with a tile (one tile revealed per region at set-up).
    claimed : int
        Tiles won at the end of each round (workers on the board), chosen uniformly
        among the tiles on the board. Default: ``regions``.
    leftover : {"stay", "discard"}
        Tiles nobody won stay (default) or go to the discard pile (IMP-1).
    reveal : {"next_round", "at_once"}
        Refill after the round's used tiles reach the discard pile (default), or before
        (IMP-2).
    hold_rounds : int
        A won held tile is used, then discarded, this many rounds later; 0: never (IMP-3).
        Default 1.
    components : Components, optional
        The tiles; default the bundled 20.

    Raises
    ------
    ArgumentError
        Naming the bad parameter.

    Examples
    --------
    >>> RevealModel(7, 5).claimed, RevealModel(4).claimed
    (5, 4)
    >>> RevealModel(21)
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: regions must be 0 to 20 (the reward tiles), got 21
    """

    regions: int
    claimed: int | None = None
    leftover: str = "stay"
    reveal: str = "next_round"
    hold_rounds: int = 1
    components: Components | None = None

    def __post_init__(self):
        comps = self.components or load_components()
        n = len(comps.tiles)
        if isinstance(self.regions, bool) or not isinstance(self.regions, int | np.integer) or \
                not 0 <= self.regions <= n:
            raise ArgumentError(f"regions must be 0 to {n} (the reward tiles), got {self.regions!r}")
        claimed = self.regions if self.claimed is None else self.claimed
        if isinstance(claimed, bool) or not isinstance(claimed, int | np.integer) or not 0 <= claimed <= self.regions:
            raise ArgumentError(f"claimed must be 0 to regions={self.regions} (tiles won per round), got {claimed!r}")
        check_choice("leftover", self.leftover, LEFTOVER_OPTIONS)
        check_choice("reveal", self.reveal, REVEAL_OPTIONS)
        h = self.hold_rounds
        if isinstance(h, bool) or not isinstance(h, int) or h < 0:
            raise ArgumentError(f"hold_rounds must be a whole number, 0 (kept to the end) or more, got {h!r}")
        object.__setattr__(self, "regions", int(self.regions))
        object.__setattr__(self, "claimed", int(claimed))
        object.__setattr__(self, "components", comps)

    @classmethod
    def for_game(cls, config, *, claimed: int | None = None) -> RevealModel:
        """The model of a game config: its regions, one tile won per seat (or ``claimed``).

        Examples
        --------
        >>> from rometools.imperator import GameConfig
        >>> m = RevealModel.for_game(GameConfig(players=3, leftover="discard"))
        >>> m.regions, m.claimed, m.leftover
        (5, 3, 'discard')
        """
        regions = len(config.layout.regions)
        return cls(regions, min(config.players, regions) if claimed is None else claimed, config.leftover,
                   config.reveal, config.hold_rounds, config.components)


def _selection(kind, comps: Components) -> frozenset[str]:
    """Tile ids selected by a kind id, a tile id, or a collection of tile ids."""
    if isinstance(kind, str):
        if kind in TILE_KINDS:
            return frozenset(t.id for t in comps.tiles if t.kind == kind)
        if comps.has_tile(kind):
            return frozenset((kind,))
    elif isinstance(kind, Collection) and kind and all(comps.has_tile(k) for k in kind):
        return frozenset(kind)
    raise ArgumentError(f"kind must be a tile kind {list(TILE_KINDS)}, a tile id ('t01'...) or a list of tile ids, "
                        f"got {kind!r}")


# ===================================================================== the exact chain
@lru_cache(maxsize=4096)
def _draw_law(counts: tuple[int, ...], n: int) -> tuple[int, tuple[tuple[tuple[int, ...], int], ...]]:
    """Every class-count vector of ``n`` tiles drawn from ``counts`` (a Bag draw), as
    ``(denominator, ((counts, numerator), ...))`` with denominator ``C(total, n)``."""
    den = comb(sum(counts), n)
    bag = Bag(dict(enumerate(counts)))
    law = []
    for c, p in bag.draw(n).outcomes():
        num = p * den
        assert num.denominator == 1
        law.append((tuple(c[k] for k in range(len(counts))), int(num)))
    return den, tuple(law)


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    # map over operator.add: the chain's inner loop, about 3 times faster than a generator
    return tuple(map(operator.add, a, b))


def _sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(operator.sub, a, b))


def _refill(stack, discard, need):
    """Law of ``(stack, discard, drawn, reshuffled)`` after drawing ``need`` tiles, the
    discard pile reshuffled when a tile is needed and the stack is empty; as
    ``(denominator, [(outcome, numerator)])``."""
    have = sum(stack)
    if need <= have:
        den, law = _draw_law(stack, need)
        return den, [((_sub(stack, d), discard, d, False), w) for d, w in law]
    rest = min(need - have, sum(discard))
    zero = tuple(0 for _ in stack)
    if rest == 0:  # the stack taken whole; nothing to reshuffle
        return 1, [((zero, discard, stack, False), 1)]
    den, law = _draw_law(discard, rest)
    return den, [((_sub(discard, d), zero, _add(stack, d), True), w) for d, w in law]


@dataclass(frozen=True)
class RevealOdds:
    """Exact per-round odds for a selection of tiles (index 0 is round 1).

    Attributes
    ----------
    revealed : tuple[Fraction, ...]
        P(at least one selected tile is revealed in the round's refill; round 1: the set-up).
    on_board : tuple[Fraction, ...]
        P(at least one selected tile is on the board during the round).
    mean_revealed : tuple[Fraction, ...]
        Expected selected tiles revealed (tiles).
    share_revealed : tuple[Fraction, ...]
        P(a tile revealed in the round is selected): expected selected / revealed over
        refills that reveal something.
    any_revealed : tuple[Fraction, ...]
        P(the round reveals at least one tile).
    reshuffle : tuple[Fraction, ...]
        P(the discard pile is reshuffled during the round's refill).

    Examples
    --------
    >>> odds = reveal_odds("propraetor", RevealModel(4, 2), rounds=2)   # round 2: 16/20 x 2/16
    >>> odds.revealed, odds.mean_revealed[0]
    ((Fraction(1, 5), Fraction(1, 10)), Fraction(1, 5))
    """

    revealed: tuple[Fraction, ...]
    on_board: tuple[Fraction, ...]
    mean_revealed: tuple[Fraction, ...]
    share_revealed: tuple[Fraction, ...]
    any_revealed: tuple[Fraction, ...]
    reshuffle: tuple[Fraction, ...]


def _classes(selected: frozenset[str], comps: Components) -> tuple[tuple[bool, bool], tuple[int, ...]]:
    keys = [(t.id in selected, t.kind in HELD_KINDS) for t in comps.tiles]
    order = sorted(set(keys))
    return tuple(order), tuple(keys.count(k) for k in order)


def reveal_odds(kind, model: RevealModel, rounds: int = 6) -> RevealOdds:
    """Exact odds, round by round, that tiles of ``kind`` are revealed / on the board.

    A Markov chain over the composition (by selected / not, instant / held) of the
    stack, the discard pile, the board and the held tiles by age; each transition is
    the round's claims (a uniform draw of ``model.claimed`` board tiles) and the
    refill (a draw from the stack, then from the reshuffled discard pile), every draw a
    :class:`rometools.draws.Bag` draw, in the order the model's readings give.

    Parameters
    ----------
    kind : str or collection of str
        A tile kind (``"instant_points"``), a tile id (``"t14"``) or tile ids.
    model : RevealModel
    rounds : int
        Rounds to report, 1 to 40.

    Returns
    -------
    RevealOdds

    Raises
    ------
    ArgumentError
        For an unknown kind or tile, or ``rounds`` out of range.

    Examples
    --------
    The statue tile with 7 regions, 5 won per round (the bundled board with 5 players):

    >>> odds = reveal_odds("political_influence", RevealModel(7, 5), rounds=3)
    >>> odds.revealed[0], odds.on_board[1] > odds.revealed[1]
    (Fraction(7, 20), True)
    >>> odds.reshuffle
    (Fraction(0, 1), Fraction(0, 1), Fraction(0, 1))
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ArgumentError(f"rounds must be 1 to {MAX_ROUNDS}, got {rounds!r}")
    return _reveal_odds(_selection(kind, model.components), model, rounds)


class _Chain:
    """The exact chain of one selection under one model, extended a round at a time.

    The law of each round is ``{state: numerator}`` over one common denominator, in exact
    integer arithmetic (Fractions only for the answers); a state is the composition, by
    class, of the stack, the discard pile, the board and the held tiles by age.
    """

    def __init__(self, selected: frozenset[str], model: RevealModel):
        self.model = model
        keys, full = _classes(selected, model.components)
        self.k = len(keys)
        self.sel = tuple(i for i, (s, _) in enumerate(keys) if s)
        self.held_cls = tuple(i for i, (_, h) in enumerate(keys) if h)
        self.zero = (0,) * self.k
        self.hold = model.hold_rounds
        self.den, first = _draw_law(full, model.regions)
        self.law = {(_sub(full, d), self.zero, d, (self.zero,) * self.hold): w for d, w in first}
        self.out = [_tallies({(d, d, False): w for d, w in first}, self.den, self.sel)]

    def extend(self, rounds: int) -> list[dict[str, Fraction]]:
        while len(self.out) < rounds:
            self._round()
        return self.out[:rounds]

    def _round(self) -> None:
        model, zero, hold, k = self.model, self.zero, self.hold, self.k
        held_mask = tuple(1 if i in self.held_cls else 0 for i in range(k))

        def held_of(v):  # the held classes of v, the others 0
            return tuple(map(operator.mul, v, held_mask))

        at_once = model.reveal == "at_once"
        law = self.law
        # stage 1, the round's claims: {(stack, discard, board left, held, leaving): numerator}
        scale = lcm(*{_draw_law(st[2], min(model.claimed, sum(st[2])))[0] for st in law})
        mid: dict[tuple, int] = {}
        for (stack, discard, board, held), a in law.items():
            if hold:
                discard = _add(discard, held[-1])  # held tiles used this round
            qd, claims = _draw_law(board, min(model.claimed, sum(board)))
            a *= scale // qd
            for won, qn in claims:
                left = _sub(board, won)
                won_held = held_of(won)
                leaving = _sub(won, won_held)
                new_held = (won_held, *held[:-1]) if hold else ()
                if model.leftover == "discard":
                    leaving, left = _add(leaving, left), zero
                key = (stack, discard, left, new_held, leaving) if at_once else \
                    (stack, _add(discard, leaving), left, new_held, zero)
                mid[key] = mid.get(key, 0) + a * qn
        den = self.den * scale
        # stage 2, the refill (from the stack, then the reshuffled discard pile)
        refills_of = {key: _refill(key[0], key[1], model.regions - sum(key[2])) for key in mid}
        scale = lcm(*{wd for wd, _ in refills_of.values()})
        nxt: dict[tuple, int] = {}
        seen: dict[tuple, int] = {}
        for key, b in mid.items():
            left, new_held, leaving = key[2], key[3], key[4]
            wd, refills = refills_of[key]
            b *= scale // wd
            for (s, d, drawn, shuffled), w in refills:
                x = b * w
                board = _add(left, drawn)
                state = (s, _add(d, leaving), board, new_held)
                nxt[state] = nxt.get(state, 0) + x
                tally = (drawn, board, shuffled)
                seen[tally] = seen.get(tally, 0) + x
        den *= scale
        self.out.append(_tallies(seen, den, self.sel))
        g = reduce(gcd, nxt.values(), den)  # keep the numbers small
        self.law = {st: x // g for st, x in nxt.items()}
        self.den = den // g


_CHAINS: dict[tuple, _Chain] = {}
_MAX_CHAINS = 64


def _reveal_odds(selected: frozenset[str], model: RevealModel, rounds: int) -> RevealOdds:
    key = (selected, model)
    chain = _CHAINS.get(key)
    if chain is None:
        if len(_CHAINS) >= _MAX_CHAINS:
            del _CHAINS[next(iter(_CHAINS))]
        chain = _CHAINS[key] = _Chain(selected, model)
    out = chain.extend(rounds)
    return RevealOdds(*(tuple(o[name] for o in out) for name in
                        ("revealed", "on_board", "mean", "share", "any", "reshuffle")))


def _tallies(seen: dict[tuple, int], den: int, sel: tuple[int, ...]) -> dict[str, Fraction]:
    """The round's answers from ``{(drawn, board, reshuffled): numerator}`` over ``den``."""
    acc = dict.fromkeys(("revealed", "on_board", "mean", "any", "reshuffle"), 0)
    share = Fraction(0)
    for (drawn, board, shuffled), x in seen.items():
        n_sel, n = sum(drawn[i] for i in sel), sum(drawn)
        acc["revealed"] += x if n_sel else 0
        acc["on_board"] += x if any(board[i] for i in sel) else 0
        acc["mean"] += x * n_sel
        acc["reshuffle"] += x if shuffled else 0
        if n:
            acc["any"] += x
            share += Fraction(x * n_sel, n)
    out = {name: Fraction(v, den) for name, v in acc.items()}
    out["share"] = share / acc["any"] if acc["any"] else Fraction(0)
    return out


def _model(regions, claimed, leftover, reveal, hold_rounds, components) -> RevealModel:
    return RevealModel(regions, claimed, leftover, reveal, hold_rounds, components)


def prob_kind_revealed(kind, regions: int, *, round: int = 1, claimed: int | None = None,  # noqa: A002
                       leftover: str = "stay", reveal: str = "next_round", hold_rounds: int = 1,
                       components: Components | None = None) -> Fraction:
    """P(at least one tile of ``kind`` is revealed on ``regions`` regions in round ``round``).

    Round 1 is the set-up: ``regions`` tiles from a fresh shuffled stack, the
    hypergeometric tail ``1 - C(N - K, n) / C(N, n)`` (a :class:`rometools.draws.Bag`
    draw). A later round counts the tiles revealed in that round's refill, under the
    :class:`RevealModel` the other parameters give (:func:`reveal_odds`).

    Parameters
    ----------
    kind : str or collection of str
        A tile kind, a tile id or tile ids.
    regions : int
        Regions on the board (tiles placed at set-up).
    round : int
        1 (default) or a later round.
    claimed, leftover, reveal, hold_rounds, components
        The :class:`RevealModel` of later rounds (``claimed`` defaults to ``regions``:
        every tile won each round).

    Returns
    -------
    Fraction

    Raises
    ------
    ArgumentError
        For an unknown kind, a bad count or option.

    Examples
    --------
    Both any-value tiles are among 20; 4 regions: 1 - C(18, 4) / C(20, 4) = 7/19.

    >>> prob_kind_revealed("any_worker_value", 4)
    Fraction(7, 19)
    >>> prob_kind_revealed("any_worker_value", 4, round=2, claimed=2)
    Fraction(37, 190)
    """
    model = _model(regions, claimed, leftover, reveal, hold_rounds, components)
    if round == 1:
        selected = _selection(kind, model.components)
        bag = Bag({"selected": len(selected), "other": len(model.components.tiles) - len(selected)})
        return bag.draw(model.regions).prob(present("selected"))
    return reveal_odds(kind, model, _round(round)).revealed[round - 1]


def prob_kind_on_board(kind, regions: int, *, round: int = 1, claimed: int | None = None,  # noqa: A002
                       leftover: str = "stay", reveal: str = "next_round", hold_rounds: int = 1,
                       components: Components | None = None) -> Fraction:
    """P(at least one tile of ``kind`` is on the board during round ``round``).

    The same model as :func:`prob_kind_revealed`; round 1 equals it. With
    ``leftover="stay"`` a later round also counts tiles left from earlier rounds.

    Examples
    --------
    >>> prob_kind_on_board("political_influence", 7, round=3, claimed=5) > prob_kind_revealed(
    ...     "political_influence", 7, round=3, claimed=5)
    True
    """
    model = _model(regions, claimed, leftover, reveal, hold_rounds, components)
    return reveal_odds(kind, model, _round(round)).on_board[round - 1]


def _round(r) -> int:
    if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= MAX_ROUNDS:
        raise ArgumentError(f"round must be 1 to {MAX_ROUNDS}, got {r!r}")
    return r


def reveal_curves(players: int, rounds: int = 6, *, board=None, kinds=TILE_KINDS, leftover: str = "stay",
                  reveal: str = "next_round", hold_rounds: int = 1,
                  components: Components | None = None) -> dict[str, RevealOdds]:
    """Per tile kind, the exact odds by round on a board for ``players`` players.

    The board's regions for that player count, one tile won per player each round.

    Parameters
    ----------
    players : int
        A player count of the board.
    board : RegionBoard, optional
        Default: the bundled illustrative board.
    kinds : sequence of str
        Tile kinds (or tile ids) to report.

    Examples
    --------
    >>> curves = reveal_curves(2, rounds=2)
    >>> curves["any_worker_value"].revealed
    (Fraction(7, 19), Fraction(37, 190))
    """
    from rometools.imperator.board import load_board

    board = board or load_board()
    regions = len(board.layout(players).regions)
    model = RevealModel(regions, min(players, regions), leftover, reveal, hold_rounds, components)
    return {k: reveal_odds(k, model, rounds) for k in kinds}


def prob_strongest(value: int, others: Collection[int] | None = None, *, round: int = 1,  # noqa: A002
                   model: RevealModel | None = None) -> Fraction:
    """P(a worker of ``value`` is strictly stronger than ``others`` on a revealed tile).

    Strength is distance to the tile's marker (``placement.distance``), so this is the
    chance that the marker of a tile revealed in round ``round`` favours ``value``:
    ``P(marker 1) * [value beats others on 1] + P(marker 5) * [... on 5]``. Ties of value
    are decided by influence, not by the tile, so they do not count.

    Parameters
    ----------
    value : int
        1 to 5.
    others : collection of int, optional
        The values it must beat; default every other value (then it must equal the marker).
    round : int
        Round 1: a tile from the fresh stack (10 of 20 tiles show a 1). Later: a tile
        revealed in that round under ``model`` (required), whose marker mix drifts as
        held and instant tiles flow differently.

    Raises
    ------
    ArgumentError
        For a value outside 1 to 5, or a later round without a model.

    Examples
    --------
    >>> prob_strongest(1), prob_strongest(3), prob_strongest(4, [3]), prob_strongest(3, [5])
    (Fraction(1, 2), Fraction(0, 1), Fraction(1, 2), Fraction(1, 2))
    """
    for v in (value, *(others or ())):
        if isinstance(v, bool) or v not in WORKER_VALUES:
            raise ArgumentError(f"worker values are 1 to 5, got {v!r}")
    rivals = [v for v in WORKER_VALUES if v != value] if others is None else list(others)
    if round == 1 and model is None:
        comps = load_components()
        share = {m: Fraction(comps.marker_counts[m], len(comps.tiles)) for m in MARKERS}
    else:
        if model is None:
            raise ArgumentError("a later round needs model=RevealModel(...) (how tiles flow between rounds)")
        ones = [t.id for t in model.components.tiles if t.marker == 1]
        s1 = reveal_odds(ones, model, _round(round)).share_revealed[round - 1]
        share = {1: s1, 5: 1 - s1}
    return sum((share[m] for m in MARKERS if all(distance(value, m) < distance(v, m) for v in rivals)),
               Fraction(0))


# ===================================================================== the seeded twin
@dataclass(frozen=True)
class SimulatedReveals:
    """Seeded estimates, round by round, with 95% Wilson intervals (index 0 is round 1).

    Attributes
    ----------
    revealed, on_board, reshuffle : tuple[ProportionEstimate, ...]
        The twins of :class:`RevealOdds`' fields.
    trials : int

    Examples
    --------
    >>> sim = simulate_reveals("propraetor", RevealModel(4, 2), rounds=2, trials=100, rng=0)
    >>> sim.trials, sim.revealed[0].trials
    (100, 100)
    """

    revealed: tuple[ProportionEstimate, ...]
    on_board: tuple[ProportionEstimate, ...]
    reshuffle: tuple[ProportionEstimate, ...]
    trials: int


def simulate_reveals(kind, model: RevealModel, rounds: int = 6, *, trials: int = 10_000,
                     rng: RngLike = None) -> SimulatedReveals:
    """The seeded Monte Carlo twin of :func:`reveal_odds`, with a physically shuffled stack.

    Each trial shuffles the tiles into a stack, deals the set-up, then each round
    claims ``model.claimed`` board tiles uniformly, sends used tiles to the discard
    pile, and refills from the top of the stack, shuffling the discard pile into a new
    stack when it is empty, in the order the model's readings give.

    See Also
    --------
    simulate_reveals_by_kind : several kinds counted in the same trials (the same
        stream: one kind gives this function's result).

    Examples
    --------
    >>> sim = simulate_reveals("political_influence", RevealModel(7, 5), rounds=2, trials=200, rng=1)
    >>> sim.revealed[0].contains(7 / 20)
    True
    """
    return simulate_reveals_by_kind([kind], model, rounds, trials=trials, rng=rng)[0]


def simulate_reveals_by_kind(kinds, model: RevealModel, rounds: int = 6, *, trials: int = 10_000,
                             rng: RngLike = None) -> list[SimulatedReveals]:
    """:func:`simulate_reveals` for several kinds at once: each counted in the same shuffled trials.

    The trials do not depend on what is counted, so ``kinds`` of one kind give exactly
    :func:`simulate_reveals`'s result for the same ``rng``; several kinds cost one
    simulation, not one each (the tile-odds explorer's five kinds: five times fewer trials).

    Parameters
    ----------
    kinds : sequence
        Each a tile kind, a tile id or tile ids (as :func:`reveal_odds` takes ``kind``).
    model, rounds, trials, rng
        As :func:`simulate_reveals`.

    Returns
    -------
    list of SimulatedReveals
        One per entry of ``kinds``, in order.

    Raises
    ------
    ValueError
        For an unknown kind, ``trials`` not a whole number 1 or more, or ``rounds`` out of range.

    Examples
    --------
    >>> model = RevealModel(7, 5)
    >>> both = simulate_reveals_by_kind(["propraetor", "political_influence"], model, rounds=2, trials=200, rng=1)
    >>> both[1] == simulate_reveals("political_influence", model, rounds=2, trials=200, rng=1)
    True
    """
    trials = check_trials(trials, low=1, limit=MAX_LOOPED_TRIALS,
                          message="trials must be a whole number 1 or more, got {value}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ArgumentError(f"rounds must be 1 to {MAX_ROUNDS}, got {rounds!r}")
    comps = model.components
    selections = [_selection(kind, comps) for kind in kinds]
    held_kind = {t.id: t.kind in HELD_KINDS for t in comps.tiles}
    gen = as_generator(rng)
    # each tile's selections as the bits of an int, so that a round is counted for every
    # selection at once: bit i of the OR of the tiles drawn is "selection i revealed"
    bits = {t: sum(1 << i for i, sel in enumerate(selections) if t in sel) for t in comps.tile_ids}
    revealed, on_board, reshuffles = ([[0] * rounds for _ in selections] for _ in range(3))

    def count(r: int, drawn: list[str], board: list[str], shuffled: bool) -> None:
        seen = shown = 0
        for t in drawn:
            seen |= bits[t]
        for t in board:
            shown |= bits[t]
        for i in range(len(selections)):
            revealed[i][r] += seen >> i & 1
            on_board[i][r] += shown >> i & 1
            reshuffles[i][r] += shuffled

    tiles = list(comps.tile_ids)
    # the random numbers of every trial drawn at once (numpy calls per round cost more than
    # the round): each trial's shuffled stack, and a key per board tile and round whose
    # smallest ``claimed`` pick the tiles won, a uniform choice without replacement
    # (in batches of _TRIAL_BATCH trials, so memory stays flat however many are asked)
    claimed = model.claimed
    for trial in range(trials):
        if trial % _TRIAL_BATCH == 0:
            batch = min(_TRIAL_BATCH, trials - trial)
            stacks = np.argsort(gen.random((batch, len(tiles))), axis=1).tolist()
            keys = gen.random((batch, max(rounds - 1, 1), model.regions)).tolist()
        stack = [tiles[i] for i in stacks[trial % _TRIAL_BATCH]]
        discard: list[str] = []
        board = [stack.pop() for _ in range(model.regions)]
        held: list[list[str]] = [[] for _ in range(model.hold_rounds)]
        count(0, board, board, False)
        for r in range(1, rounds):
            if held:
                discard += held.pop()
            key = keys[trial % _TRIAL_BATCH][r - 1]
            picks = sorted(sorted(range(len(board)), key=key.__getitem__)[:claimed])
            won = [board[i] for i in picks]
            left = [t for i, t in enumerate(board) if i not in picks]
            leaving = [t for t in won if not held_kind[t]]
            if model.hold_rounds:
                held.insert(0, [t for t in won if held_kind[t]])
            if model.leftover == "discard":
                leaving, left = leaving + left, []
            if model.reveal == "next_round":
                discard += leaving
            drawn, shuffled = [], False
            for _ in range(model.regions - len(left)):
                if not stack:
                    if not discard:
                        break
                    stack = [discard[i] for i in gen.permutation(len(discard))]
                    discard, shuffled = [], True
                drawn.append(stack.pop())
            if model.reveal == "at_once":
                discard += leaving
            board = left + drawn
            count(r, drawn, board, shuffled)

    def estimates(counts: list[int]) -> tuple[ProportionEstimate, ...]:
        return tuple(proportion_estimate(c, trials) for c in counts)

    return [SimulatedReveals(estimates(revealed[i]), estimates(on_board[i]), estimates(reshuffles[i]), trials)
            for i in range(len(selections))]


def key_odds(config) -> list[tuple[str, Fraction]]:
    """The playtest report's exact odds: each held tile kind shows at set-up (round 1) on the
    regions this player count uses.

    Examples
    --------
    >>> from rometools.imperator import GameConfig
    >>> key_odds(GameConfig(players=2))[3]
    ("at least one tile of kind 'Propraetor (banner)' shows at set-up (4 regions)", Fraction(1, 5))
    """
    regions = sum(config.players in r.players for r in config.board.regions)
    return [(f"at least one tile of kind '{KIND_NAMES[kind]}' shows at set-up ({regions} regions)",
             prob_kind_revealed(kind, regions, components=config.components)) for kind in TILE_KINDS]
