"""Exact odds of the Augustus mobilisation bag: "draw until the objective is complete".

Rules: ``003_d241425e5c31f6f1.txt``. The caller draws one token; a player may put
a legion "sur une case de même catégorie que le jeton mobilisation tiré". The
joker "remplace n'importe quelle catégorie de légion. Après avoir tiré le Joker,
tous les jetons mobilisation sont remis dans le sac". So draws are *without*
replacement until a joker, then the bag is full again.

Slots and bags are plain mappings from symbol id to count
(``{"dagger": 2}``, ``{"double_sword": 6, ..., "joker": 2}``).

How it is computed (exact, :class:`fractions.Fraction`)
-------------------------------------------------------
A *leg* runs from a full bag to the first joker. Within a leg the bag is drawn
without replacement, so the law of what a leg fills is a law of the draw engine:
for every ``n``, ``rometools.draws`` gives the joint law of "no joker among the
first ``n`` tokens" and the count of each slot symbol drawn, capped at what the
objective needs (one ``Draw(n).law`` of a score that encodes the capped counts as
digits). The joker then fills the slot chosen by the *joker policy* and the next
leg starts from a full bag with fewer open slots, so the legs form a DAG over the
open-slot multisets (every leg fills at least the joker's slot). The completion
time is a sum of leg lengths; its generating function is composed over the DAG in
integers (every leg probability is an integer over ``T!`` for a bag of ``T``
tokens). The same legs give :func:`expected_draws` as a finite sum.

Without the reset (``reset=False``, the comparison designers ask for) the bag is
one draw without replacement; the joker still fills a slot. That is computed by an
exact forward recursion over (open slots, joker fills) per draw.

Several objectives with limited legions are in :mod:`rometools.augustus.several`.

Every exact answer has a seeded simulation twin (:mod:`rometools.augustus.simulate`),
which plays the rule itself: a shuffled bag, a full bag again after a joker.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from rometools.augustus.components import Components, load_components

# the bag token by token (tokens.py), exported here as before
from rometools.augustus.tokens import (  # noqa: F401 - re-exported
    MAX_LISTED_DRAWS,
    _count,
    draw_tokens,
    key_odds,
    next_token_odds,
)
from rometools.core.diskmemo import DiskMemo, source_version
from rometools.core.errors import ArgumentError
from rometools.core.formatting import shown

__all__ = [
    "JOKER_POLICIES",
    "card_difficulty",
    "completion_cdf",
    "completion_law",
    "draw_tokens",
    "expected_draws",
    "next_token_odds",
    "register_joker_policy",
]

JokerPolicy = Callable[[Mapping[str, int], Mapping[str, int]], str]


# ===================================================================== joker policies
def rarest(open_slots: Mapping[str, int], bag: Mapping[str, int]) -> str:
    """The open slot whose symbol is rarest in a full bag (ties: bag order). The default.

    Examples
    --------
    >>> rarest({"double_sword": 1, "dagger": 1}, load_components().bag)
    'dagger'
    """
    order = list(bag)
    return min((s for s, n in open_slots.items() if n > 0), key=lambda s: (bag[s], order.index(s)))


def commonest(open_slots: Mapping[str, int], bag: Mapping[str, int]) -> str:
    """The open slot whose symbol is commonest in a full bag (ties: bag order).

    Examples
    --------
    >>> commonest({"double_sword": 1, "dagger": 1}, load_components().bag)
    'double_sword'
    """
    order = list(bag)
    return min((s for s, n in open_slots.items() if n > 0), key=lambda s: (-bag[s], order.index(s)))


#: Named joker policies: ``policy(open_slots, full_bag) -> symbol`` of an open slot.
#: ``open_slots`` holds only symbols with open slots (count > 0), in bag order.
JOKER_POLICIES: dict[str, JokerPolicy] = {"rarest": rarest, "commonest": commonest}
#: The policies whose answers are kept on disk (:data:`_ON_DISK`): a name another process may give
#: another function (``register_joker_policy``) is not.
_BUILT_IN = dict(JOKER_POLICIES)
#: Exact answers kept between processes, keyed by the problem (bag, slots, policy, horizon) and this
#: module's source: an Augustus process's first MCTS search computed a few hundred laws, most of its
#: time (:mod:`rometools.core.diskmemo`).
_ON_DISK = DiskMemo("augustus-odds", source_version(__file__))


def _disk_key(kind: str, problem: _Problem, *more: Any) -> str | None:
    """The problem as :data:`_ON_DISK`'s key, or ``None`` for a policy that is not built in."""
    p = problem.policy
    if not isinstance(p, str) or _BUILT_IN.get(p) is not JOKER_POLICIES.get(p):
        return None
    return repr((kind, problem.bag, problem.joker, problem.need, problem.start, p, *more))


def _is_fractions(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, list) and len(v) == 2 and type(v[0]) is int and type(v[1]) is int and v[1] > 0 for v in value)


def register_joker_policy(name: str, policy: JokerPolicy) -> None:
    """Add a named joker policy, usable as ``joker_policy=name``.

    Parameters
    ----------
    name : str
        A new name (re-registering the same function is allowed).
    policy : callable
        ``policy(open_slots, full_bag) -> symbol``: the symbol of the open slot a
        joker fills. It must depend on these two arguments only (the exact
        odds are composed per open-slot multiset).

    Raises
    ------
    ArgumentError
        If the name is not a non-empty string, is taken by another function, or
        ``policy`` is not callable.

    Examples
    --------
    >>> register_joker_policy("last", lambda open_slots, bag: list(open_slots)[-1])
    >>> completion_cdf({"shield": 1, "dagger": 1}, 2, joker_policy="last")[1]
    Fraction(37, 529)
    """
    if not isinstance(name, str) or not name.strip():
        raise ArgumentError(f"a joker policy name is a non-empty string, got {name!r}")
    if not callable(policy):
        raise ArgumentError(f"joker policy {name!r} must be a function (open_slots, bag) -> symbol")
    old = JOKER_POLICIES.get(name)
    if old is not None and old is not policy and getattr(old, "__code__", None) != getattr(policy, "__code__", 0):
        raise ArgumentError(f"joker policy {name!r} is taken by another function; choose another name")
    JOKER_POLICIES[name] = policy


# ===================================================================== arguments
@dataclass(frozen=True)
class _Problem:
    """Normalised arguments: the full bag, the joker id, the slots, the start bag."""

    bag: tuple[tuple[str, int], ...]        # full bag, joker included, bag order
    joker: str
    need: tuple[tuple[str, int], ...]       # slot symbols in bag order, counts > 0
    start: tuple[tuple[str, int], ...]      # the bag now (full minus drawn since the reset)
    policy: Any                             # a name of JOKER_POLICIES or a callable

    @property
    def full(self) -> dict[str, int]:
        return dict(self.bag)


#: Most draws a completion law, its twin or a several-objectives law follows (the bag holds
#: 23 tokens and is full again after each joker: an objective is done in tens of draws).
MAX_HORIZON = 10_000


def _horizon(value: object, what: str = "max_draws") -> int:
    """A horizon in draws, ``0..MAX_HORIZON``."""
    n = _count(value, what)
    if n > MAX_HORIZON:
        raise ArgumentError(f"{what} must be 0 to {MAX_HORIZON:,} draws, got {shown(value)}")
    return n


def _slot_mapping(slots: Any) -> Any:
    """``{symbol: slots}`` from an :class:`~rometools.augustus.components.Objective` or its ``slots``
    (``(symbol, count)`` pairs) as well as from a mapping: one shape wherever slots are taken.

    >>> _slot_mapping((("dagger", 2), ("shield", 1)))
    {'dagger': 2, 'shield': 1}
    """
    counts = getattr(slots, "slot_counts", None)  # an Objective (a property)
    if counts is not None and not isinstance(slots, Mapping):
        return dict(counts() if callable(counts) else counts)
    if isinstance(slots, tuple | list) and all(isinstance(p, tuple | list) and len(p) == 2 and isinstance(p[0], str)
                                              for p in slots):
        out: dict[str, Any] = {}
        for symbol, n in slots:
            if symbol in out:
                raise ArgumentError(f"slots: the symbol {symbol!r} is given twice; give each symbol once")
            out[symbol] = n
        return out
    return slots


def _problem(slots: Mapping[str, int], bag: Mapping[str, int] | None, joker_policy: Any,
             drawn: Mapping[str, int] | None, components: Components | None = None) -> _Problem:
    comps = components or load_components()
    if bag is None:
        full = dict(comps.bag)
    else:
        if not isinstance(bag, Mapping):
            raise ArgumentError(f"bag must be a mapping of token id to count, e.g. {{'shield': 5, 'joker': 2}}; "
                                f"got {type(bag).__name__}")
        full = {str(k) if isinstance(k, str) else _bad_key(k, "bag"): _count(v, f"bag[{k!r}]")
                for k, v in bag.items()}
    joker = comps.joker
    if not sum(full.values()):
        raise ArgumentError("the bag is empty")
    slots = _slot_mapping(slots)
    if not isinstance(slots, Mapping):
        raise ArgumentError(f"slots must be a mapping of symbol to count, e.g. {{'dagger': 2}}, an objective "
                            f"or its slots as (symbol, count) pairs; got {type(slots).__name__}")
    need = {}
    for s, n in slots.items():
        if not isinstance(s, str):
            _bad_key(s, "slots")
        n = _count(n, f"slots[{s!r}]")
        if s == joker:
            raise ArgumentError(f"{joker!r} is not a slot symbol: the joker fills any slot")
        if s not in full:
            raise ArgumentError(f"slot symbol {s!r} is not in the bag; symbols: "
                                f"{[k for k in full if k != joker]}")
        if n:
            need[s] = n
    order = list(full)
    need_t = tuple(sorted(need.items(), key=lambda kv: order.index(kv[0])))
    start = dict(full)
    if drawn is not None:
        if not isinstance(drawn, Mapping):
            raise ArgumentError(f"drawn must be a mapping of token id to count, got {type(drawn).__name__}")
        for k, v in drawn.items():
            v = _count(v, f"drawn[{k!r}]")
            if k not in full:
                raise ArgumentError(f"drawn names {k!r}, which is not in the bag")
            if k == joker and v:
                raise ArgumentError("a joker resets the bag: tokens drawn since the last reset hold no joker")
            if v > full[k]:
                raise ArgumentError(f"drawn[{k!r}] = {v} but the bag holds {full[k]}")
            start[k] -= v
        if not sum(start.values()):
            raise ArgumentError("every token has been drawn: the bag is empty")
    if isinstance(joker_policy, str):
        if joker_policy not in JOKER_POLICIES:
            raise ArgumentError(f"unknown joker_policy {joker_policy!r}; choose one of {sorted(JOKER_POLICIES)} "
                                f"or register_joker_policy() it")
    elif not callable(joker_policy):
        raise ArgumentError(f"joker_policy must be a name {sorted(JOKER_POLICIES)} or a function, "
                            f"got {joker_policy!r}")
    full.setdefault(joker, 0)
    start.setdefault(joker, 0)
    return _Problem(tuple(full.items()), joker, need_t, tuple(start.items()), joker_policy)


def _bad_key(key: object, what: str):
    raise ArgumentError(f"{what} keys are symbol ids (strings), got {key!r}")


def _policy(problem: _Problem) -> JokerPolicy:
    p = problem.policy
    return JOKER_POLICIES[p] if isinstance(p, str) else p


def _fill(policy: JokerPolicy, open_: tuple[int, ...], symbols: tuple[str, ...], full: Mapping[str, int]
          ) -> tuple[int, ...]:
    """Open slots after a joker fills the slot the policy chooses."""
    open_slots = {s: n for s, n in zip(symbols, open_, strict=True) if n > 0}
    chosen = policy(open_slots, full)
    if chosen not in open_slots:
        raise ArgumentError(f"the joker policy chose {chosen!r}, which is not an open slot {sorted(open_slots)}")
    i = symbols.index(chosen)
    return open_[:i] + (open_[i] - 1,) + open_[i + 1:]


# ===================================================================== one leg (rometools.draws)
def _scale(bag: tuple[tuple[str, int], ...]) -> int:
    """``T!`` for a bag of ``T`` tokens: every leg probability is an integer over it."""
    return math.factorial(sum(n for _, n in bag))


@lru_cache(maxsize=512)
def _capped_ways(bag: tuple[tuple[str, int], ...], joker: str, need: tuple[tuple[str, int], ...],
                 scale: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For n = 0..(non-jokers in ``bag``): ``((state, w), ...)`` with ``w / scale`` =
    P(the first n draws hold no joker and ``min(count of each slot symbol, need)``
    is the state), the state as its index in :func:`_sub_states` order of ``need``.

    Counted, not enumerated as laws: the first ``n`` draws are a uniform ``n``-subset
    of the bag's ``T`` tokens, so the probability is the number of subsets with no joker
    and those capped counts over ``comb(T, n)``; a subset holding ``c_s`` tokens of each
    slot symbol ``s`` and ``o`` of the other symbols is one of
    ``prod comb(bag[s], c_s) * comb(others, o)``. (It was one ``Bag.draw(n).law`` per
    ``n`` of a score encoding the capped counts as digits, with :class:`~fractions.Fraction`
    arithmetic: most of an Augustus process's first MCTS search. The test suite holds the
    two equal.)
    """
    counts = dict(bag)
    total = sum(counts.values())
    others = total - counts.get(joker, 0) - sum(counts[s] for s, _ in need)
    index = {v: i for i, v in enumerate(_sub_states(need))}
    # per slot symbol, (capped count, tokens drawn, ways): every count of it the bag allows
    choices = [[(min(c, k), c, math.comb(counts[s], c)) for c in range(counts[s] + 1)] for s, k in need]
    rows: list[dict[int, int]] = [{} for _ in range(total - counts.get(joker, 0) + 1)]
    grouped: dict[tuple[int, int], int] = {}   # (state, slot-symbol tokens drawn): ways
    for combo in product(*choices):
        key = (index[tuple(v for v, _, _ in combo)], sum(c for _, c, _ in combo))
        grouped[key] = grouped.get(key, 0) + math.prod(w for _, _, w in combo)
    other_ways = [math.comb(others, o) for o in range(others + 1)]
    for (state, drawn), ways in grouped.items():
        for o, w in enumerate(other_ways):
            row = rows[drawn + o]
            row[state] = row.get(state, 0) + ways * w
    out = []
    for n, row in enumerate(rows):
        subsets = math.comb(total, n)
        weights = []
        for state, ways in row.items():
            w, rem = divmod(ways * scale, subsets)
            assert rem == 0, "a leg probability is an integer over T!"
            weights.append((state, w))
        out.append(tuple(weights))
    return tuple(out)


@lru_cache(maxsize=64)
def _sub_states(root: tuple[tuple[str, int], ...]) -> tuple[tuple[int, ...], ...]:
    """Every open-slot (or capped-count) vector below ``root``, fewest slots first."""
    return tuple(sorted(product(*(range(k + 1) for _, k in root)), key=sum))


@lru_cache(maxsize=64)
def _left_table(root: tuple[tuple[str, int], ...]) -> tuple[tuple[int, ...], ...]:
    """``table[o][c]``: index of the slots still open when open slots ``o`` meet capped
    draws ``c`` (both indices into :func:`_sub_states`)."""
    states = _sub_states(root)
    index = {v: i for i, v in enumerate(states)}
    return tuple(tuple(index[tuple(x - y if x > y else 0 for x, y in zip(o, c, strict=True))]
                       for c in states) for o in states)


@dataclass(frozen=True)
class _Leg:
    """A leg from a bag with some open slots, in integer weights over ``T!`` of the full bag:
    completions without a joker at each draw, and where the leg's joker leaves the objective."""

    done: tuple[tuple[int, int], ...]              # (draw t, weight of: complete at t, no joker yet)
    joker: tuple[tuple[int, int, int], ...]        # (draw j of the joker, open state after, weight)


@lru_cache(maxsize=8192)
def _leg(bag: tuple[tuple[str, int], ...], joker: str, root: tuple[tuple[str, int], ...],
         open_index: int, full: tuple[tuple[str, int], ...], policy: Any) -> _Leg:
    scale = _scale(full)
    ways = _capped_ways(bag, joker, root, scale)
    total = sum(n for _, n in bag)
    jokers = dict(bag).get(joker, 0)
    non_jokers = total - jokers
    left_of = _left_table(root)[open_index]
    reached = [sum(w for c, w in row if left_of[c] == 0) for row in ways]
    done = []
    for t in range(1, non_jokers + 1):  # the t-th draw completes the objective, no joker yet
        w = reached[t] - reached[t - 1] * (non_jokers - (t - 1)) // (total - (t - 1))
        if w:
            done.append((t, w))
    moves: dict[tuple[int, int], int] = {}
    if jokers:
        after_joker = _joker_table(root, full, policy)
        for j in range(1, non_jokers + 2):  # the j-th draw is the leg's first joker
            acc: dict[int, int] = {}
            for c, w in ways[j - 1]:
                left = left_of[c]
                if left:
                    acc[left] = acc.get(left, 0) + w
            at = total - (j - 1)
            for left, w in acc.items():
                key = (j, after_joker[left])
                moves[key] = moves.get(key, 0) + w * jokers // at
    return _Leg(tuple(done), tuple((j, after, w) for (j, after), w in moves.items()))


@lru_cache(maxsize=256)
def _joker_table(root: tuple[tuple[str, int], ...], full: tuple[tuple[str, int], ...],
                 policy: Any) -> tuple[int, ...]:
    """``table[o]``: the open state after a joker fills the policy's slot in open state ``o``."""
    states = _sub_states(root)
    index = {v: i for i, v in enumerate(states)}
    symbols = tuple(s for s, _ in root)
    fill = JOKER_POLICIES[policy] if isinstance(policy, str) else policy
    full_bag = dict(full)
    return tuple(index[_fill(fill, o, symbols, full_bag)] if sum(o) else 0 for o in states)


# ===================================================================== exact: with the reset
def _legs(problem: _Problem):
    """Yield ``(state index, open slots, leg)`` for every open state, fewest slots first."""
    root, full = problem.need, problem.bag
    states = _sub_states(root)
    top = len(states) - 1
    for i, open_ in enumerate(states):
        if i == 0:
            continue
        first = i == top and problem.start != problem.bag
        yield i, open_, _leg(problem.start if first else full, problem.joker, root, i, full, problem.policy)


def _scaled_series(problem: _Problem, horizon: int) -> tuple[list[int], int]:
    """Completion-time series ``[w_0, ..., w_horizon]`` over the denominator returned
    (``P(T = t) = w_t / den``), composed over the leg DAG in integers."""
    states = _sub_states(problem.need)
    scale = _scale(problem.bag)
    size = sum(states[-1])
    series: list[list[int]] = [[1] + [0] * horizon]
    for _, open_, leg in _legs(problem):
        depth = sum(open_)
        out = [0] * (horizon + 1)
        lift = scale ** (depth - 1)
        for t, w in leg.done:
            if t <= horizon:
                out[t] += w * lift
        for j, after, w in leg.joker:
            if j > horizon:
                continue
            w *= scale ** (depth - 1 - sum(states[after]))
            tail = series[after]
            for k in range(horizon - j + 1):
                if tail[k]:
                    out[j + k] += w * tail[k]
        series.append(out)
    return series[-1], scale ** size


def _longest(problem: _Problem) -> int:
    """Most draws the objective can take with the reset (every leg ends by its joker)."""
    full = dict(problem.bag)
    start = dict(problem.start)
    legs = sum(k for _, k in problem.need)
    first = sum(start.values()) - start[problem.joker] + 1
    rest = sum(full.values()) - full[problem.joker] + 1
    return first + (legs - 1) * rest


def completion_law(slots: Mapping[str, int], *, joker_policy: str | JokerPolicy = "rarest",
                   bag: Mapping[str, int] | None = None, drawn: Mapping[str, int] | None = None
                   ) -> dict[int, Fraction]:
    """Exact law of the number of draws until the objective is complete (joker reset on).

    Parameters
    ----------
    slots : Mapping[str, int]
        The open slots, ``{symbol: slots}``.
    joker_policy : str or callable
        Which open slot a joker fills: a name of :data:`JOKER_POLICIES`
        (default ``"rarest"``: the symbol rarest in a full bag) or a function.
    bag : Mapping[str, int], optional
        The full bag, ``{token id: tokens}``; default the Augustus bag (23 tokens).
    drawn : Mapping[str, int], optional
        Tokens drawn since the last reset (no joker): the first leg starts from
        the bag without them.

    Returns
    -------
    dict[int, Fraction]
        ``{draws: probability}`` for every count with non-zero probability.

    Raises
    ------
    ArgumentError
        For a bad slot, bag or policy (naming it), or a bag without a joker in
        which the objective can stay incomplete.

    Examples
    --------
    >>> law = completion_law({"dagger": 1})
    >>> law[1], sum(law.values()), max(law)
    (Fraction(3, 23), Fraction(1, 1), 21)
    """
    problem = _problem(slots, bag, joker_policy, drawn)
    if not problem.need:
        return {0: Fraction(1)}
    horizon = _longest(problem)
    series, den = _scaled_series(problem, horizon)
    law = {t: Fraction(w, den) for t, w in enumerate(series) if w}
    missing = 1 - sum(law.values())
    if missing:
        raise ArgumentError(f"the objective {dict(problem.need)} can stay incomplete (probability {missing}): "
                            f"the bag has no joker; ask completion_cdf for P(complete within n draws)")
    return law


def completion_cdf(slots: Mapping[str, int], max_draws: int, *, joker_policy: str | JokerPolicy = "rarest",
                   reset: bool = True, bag: Mapping[str, int] | None = None,
                   drawn: Mapping[str, int] | None = None, components: Components | None = None) -> list[Fraction]:
    """P(the objective is complete within n draws), for n = 1..max_draws.

    Rule: ``003_d241425e5c31f6f1.txt``: each drawn token fills one open slot of
    its symbol ("une légion sur une case de même catégorie que le jeton"); a
    joker fills the open slot its policy chooses ("Il remplace n'importe quelle
    catégorie") and then every token goes back in the bag ("tous les jetons
    mobilisation sont remis dans le sac").

    Parameters
    ----------
    slots : Mapping[str, int]
        The objective's open slots, ``{symbol: slots}``.
    max_draws : int
        Last n (draws), 0 or more.
    joker_policy : str or callable
        A name of :data:`JOKER_POLICIES` (default ``"rarest"``) or a function
        ``(open_slots, full_bag) -> symbol``.
    reset : bool
        ``True`` (the rule): a joker puts every token back. ``False``: the
        comparison without the reset (one draw without replacement; the joker
        still fills a slot; at most the bag's tokens are drawn).
    bag : Mapping[str, int], optional
        The full bag; default the Augustus bag. Its joker is the component
        file's joker id (``"joker"``).
    drawn : Mapping[str, int], optional
        Tokens drawn since the last reset: start from the bag without them.
    components : Components, optional
        The components whose bag (when ``bag`` is not given) and joker id are meant; default
        the bundled file (looked up at each call).

    Returns
    -------
    list[Fraction]
        ``cdf[n - 1] = P(complete within n draws)``, exact.

    Raises
    ------
    ArgumentError
        For a slot symbol not in the bag (or the joker), a negative or non-int
        count, an unknown policy, a bad ``max_draws``.

    Examples
    --------
    One dagger slot: complete at the first of the three tokens that fill it
    (the dagger and two jokers) among 23.

    >>> completion_cdf({"dagger": 1}, 2)
    [Fraction(3, 23), Fraction(63, 253)]
    >>> completion_cdf({"dagger": 2}, 3)[-1]
    Fraction(5309, 122199)
    >>> completion_cdf({"shield": 1}, 1, reset=False)
    [Fraction(7, 23)]

    An objective card, or its ``slots`` pairs, is taken as its slots:

    >>> from rometools.augustus import load_objectives
    >>> card = load_objectives().card(23)
    >>> card.slots, completion_cdf(card, 2) == completion_cdf(card.slots, 2) == completion_cdf({"dagger": 2}, 2)
    ((('dagger', 2),), True)
    """
    problem = _problem(slots, bag, joker_policy, drawn, components)
    return list(_cdf(problem, _horizon(max_draws), bool(reset)))


@lru_cache(maxsize=4096)
def _cdf(problem: _Problem, horizon: int, reset: bool) -> tuple[Fraction, ...]:
    if not problem.need:
        return (Fraction(1),) * horizon
    key = _disk_key("cdf", problem, horizon, reset)
    kept = None if key is None else _ON_DISK.get(key, _is_fractions)
    if kept is not None and len(kept) == horizon:
        return tuple(Fraction(a, b) for a, b in kept)
    if not reset:
        out = _no_reset_cdf(problem, horizon)
    else:
        series, den = _scaled_series(problem, horizon)
        out, acc = [], 0
        for w in series[1:]:
            acc += w
            out.append(Fraction(acc, den))
    if key is not None:
        _ON_DISK.put(key, [[p.numerator, p.denominator] for p in out])
    return tuple(out)


def expected_draws(slots: Mapping[str, int], *, joker_policy: str | JokerPolicy = "rarest",
                   reset: bool = True, bag: Mapping[str, int] | None = None,
                   drawn: Mapping[str, int] | None = None, components: Components | None = None) -> Fraction:
    """Exact expected number of draws until the objective is complete (draws).

    Parameters
    ----------
    slots, joker_policy, reset, bag, drawn, components
        As :func:`completion_cdf`.

    Returns
    -------
    Fraction

    Raises
    ------
    ArgumentError
        As :func:`completion_cdf`; and when the objective can stay incomplete
        (no reset and too few tokens, or a bag without jokers): its mean is
        infinite.

    Examples
    --------
    The first of the three useful tokens (a dagger, two jokers) among 23 comes at
    draw (23 + 1) / (3 + 1) = 6 on average:

    >>> expected_draws({"dagger": 1})
    Fraction(6, 1)
    >>> expected_draws({"dagger": 2}) == 12
    True

    Without the reset, three standard and two dagger slots fail when the dagger
    comes after both jokers (the jokers went to the rarer dagger slots):

    >>> expected_draws({"dagger": 2, "standard": 3}, reset=False)
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: the objective {'standard': 3, 'dagger': 2} can stay incomplete without the reset (probability 1/3): its expected draws are infinite
    """
    problem = _problem(slots, bag, joker_policy, drawn, components)
    if not problem.need:
        return Fraction(0)
    if not reset:
        total = sum(n for _, n in problem.start)
        cdf = _no_reset_cdf(problem, total)
        if cdf[-1] != 1:
            raise ArgumentError(f"the objective {dict(problem.need)} can stay incomplete without the reset "
                                f"(probability {1 - cdf[-1]}): its expected draws are infinite")
        return sum((1 - p for p in cdf), Fraction(1))
    key = _disk_key("mean", problem)
    kept = None if key is None else _ON_DISK.get(key, _is_fractions)
    if kept is not None and len(kept) == 1:
        return Fraction(*kept[0])
    mean = _mean_with_reset(problem)
    if key is not None:
        _ON_DISK.put(key, [[mean.numerator, mean.denominator]])
    return mean


def _mean_with_reset(problem: _Problem) -> Fraction:
    """Expected draws over the leg DAG: E[open] = E[this leg] + sum P(after) E[after], in integers:
    the mean of a state with ``d`` open slots is kept as its numerator over ``scale ** d`` (every
    leg weight is over ``scale``, and a leg leaves fewer open slots), so only the answer is a
    :class:`~fractions.Fraction` (summing Fractions was a third of a first search's time)."""
    states = _sub_states(problem.need)
    scale = _scale(problem.bag)
    numerators = [0]   # state 0: complete, no draws
    for i, open_, leg in _legs(problem):
        stop = sum(w for _, w in leg.done) + sum(w for _, _, w in leg.joker)
        if stop != scale:
            raise ArgumentError(f"the objective {dict(problem.need)} can stay incomplete (probability "
                                f"{1 - Fraction(stop, scale)}): the bag has no joker, so its expected draws "
                                f"are infinite")
        depth = sum(open_)
        m = scale ** (depth - 1) * (sum(t * w for t, w in leg.done) + sum(w * j for j, _, w in leg.joker))
        for _, after, w in leg.joker:
            m += w * numerators[after] * scale ** (depth - 1 - sum(states[after]))
        numerators.append(m)
        assert len(numerators) == i + 1
    return Fraction(numerators[-1], scale ** sum(states[-1]))


# ===================================================================== exact: without the reset
def _no_reset_cdf(problem: _Problem, horizon: int) -> list[Fraction]:
    """Forward recursion over (open slots, joker fills) per draw, one bag, no reset.

    Weights are integers over the falling factorial ``T (T-1) ... (T-n+1)``.
    """
    symbols = tuple(s for s, _ in problem.need)
    need = tuple(k for _, k in problem.need)
    start = dict(problem.start)
    supply = tuple(start[s] for s in symbols)
    jokers = start[problem.joker]
    total = sum(start.values())
    full = problem.full
    fill = _policy(problem)
    states = {(need, (0,) * len(need)): 1}
    out, done, den = [], 0, 1
    for n in range(min(horizon, total)):
        left = total - n
        nxt: dict[tuple, int] = {}
        finished = 0
        for (open_, fills), w in states.items():
            used = 0
            for i, o in enumerate(open_):
                if not o:
                    continue
                remaining = supply[i] - (need[i] - o - fills[i])
                used += remaining
                if remaining:
                    after = open_[:i] + (o - 1,) + open_[i + 1:]
                    if not sum(after):
                        finished += w * remaining
                    else:
                        key = (after, fills)
                        nxt[key] = nxt.get(key, 0) + w * remaining
            jleft = jokers - sum(fills)
            if jleft:
                after = _fill(fill, open_, symbols, full)
                i = next(k for k in range(len(after)) if after[k] != open_[k])
                if not sum(after):
                    finished += w * jleft
                else:
                    key = (after, fills[:i] + (fills[i] + 1,) + fills[i + 1:])
                    nxt[key] = nxt.get(key, 0) + w * jleft
            other = left - used - jleft
            if other:
                key = (open_, fills)
                nxt[key] = nxt.get(key, 0) + w * other
        done = done * left + finished
        den *= left
        states = nxt
        out.append(Fraction(done, den))
    out.extend([out[-1] if out else Fraction(0)] * (horizon - len(out)))
    return out


# ===================================================================== difficulty
def card_difficulty(cards: Sequence[Any] | None = None, *, joker_policy: str | JokerPolicy = "rarest",
                    bag: Mapping[str, int] | None = None) -> list[dict[str, Any]]:
    """Expected draws of every card alone, hardest first (the "difficulty" ranking).

    Parameters
    ----------
    cards : sequence of Objective, optional
        Default: the bundled illustrative set.
    joker_policy, bag
        As :func:`expected_draws`.

    Returns
    -------
    list[dict]
        One row per card: ``number``, ``name``, ``kind``, ``slots`` (text),
        ``size`` (slots), ``points``, ``expected_draws`` (Fraction, exact),
        ``points_per_draw`` (float), sorted by expected draws, most first.

    Examples
    --------
    >>> rows = card_difficulty()
    >>> len(rows), rows[0]["expected_draws"] >= rows[-1]["expected_draws"]
    (88, True)
    """
    from rometools.augustus.components import load_objectives, slots_text

    cards = load_objectives().cards if cards is None else cards
    rows = []
    for c in cards:
        e = expected_draws(dict(c.slots), joker_policy=joker_policy, bag=bag)
        rows.append({"number": c.number, "name": c.name, "kind": c.kind,
                     "slots": slots_text(dict(c.slots)), "size": c.size,
                     "points": c.points, "expected_draws": e, "points_per_draw": c.points / float(e)})
    return sorted(rows, key=lambda r: (-r["expected_draws"], r["number"]))
