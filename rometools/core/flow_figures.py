"""One game's flow: its figures from its history replayed, in the unit the game declares.

What a game declares for :mod:`rometools.core.flow` in its
:class:`~rometools.core.game.GameSpec` (``time_unit``: a :class:`TimeUnit`, :data:`TURNS` by
default; ``safeguard``: a :class:`Safeguard`), and :func:`game_flow`, one finished game's
figures (the score at every decision, the legal moves, the lead, the winner's rank through the
game, optionally the players' chances at sampled positions); :func:`flow_games` plays and
measures seeded games as :func:`~rometools.core.simulate.simulate` plays them, the worker that
:func:`~rometools.core.flow.flow` shares out.

Split out of :mod:`rometools.core.flow`, which re-exports every public name.

Examples
--------
>>> TURNS.name, TURNS.plural
('turn', 'turns')
>>> PHASES[_phase(9, 10)]
'late'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["BINS", "PHASES", "TURNS", "Safeguard", "TimeUnit", "flow_games", "game_flow", "safeguard_of",
           "time_unit_of"]

#: Points of the game the through-the-game series are read at: position ``round(c * D)`` of a
#: game of ``D`` decisions for each bin centre ``c`` (``(b + 0.5) / BINS``).
BINS = 20
#: The thirds of a game, by its unit (rounds, turns): a decision of unit ``u`` of ``U`` is in
#: phase ``floor(3 u / U)``.
PHASES = ("early", "middle", "late")


@dataclass(frozen=True)
class TimeUnit:
    """The unit a game's length is counted in: a game declares it in ``GameSpec(time_unit=...)``.

    Attributes
    ----------
    name, plural : str
        As a designer says it: ``"round"``, ``"rounds"``.
    clock : callable, optional
        ``clock(state) -> int`` at a decision node: the unit in progress (a round's number, the
        tokens drawn so far); it never decreases along a game. ``None``: a new unit begins at
        every decision whose seat is not the previous decision's seat (a *turn*: one seat's
        consecutive decisions, chance between them included).
    means : str
        What one unit is, in the rulebook's words (``"a mobilisation token drawn and every
        player placing for it"``); ``""`` when the name says it.

    Examples
    --------
    >>> rounds = TimeUnit("round", "rounds", clock=lambda state: state.round)
    >>> rounds.name, TURNS.clock is None
    ('round', True)
    """

    name: str
    plural: str
    clock: Callable[[Any], int] | None = None
    means: str = ""


#: The generic unit: a turn, one seat's run of consecutive decisions.
TURNS = TimeUnit("turn", "turns", None, "one player's consecutive decisions")


@dataclass(frozen=True)
class Safeguard:
    """A limit, not in the rulebook, that ends a game its rules would let run on: a game declares it
    in ``GameSpec(safeguard=...)`` so completion can tell the games the rules ended.

    Attributes
    ----------
    option : str
        The config option that sets it (``"max_turns"``).
    means : str
        The limit in words (``"the game ends after max_turns turns (VR-9)"``).
    reached : callable
        ``reached(state) -> bool`` for a finished game: whether the safeguard, not the rules,
        ended it.

    Examples
    --------
    >>> guard = Safeguard("max_turns", "the game ends after max_turns turns", lambda s: False)
    >>> guard.option
    'max_turns'
    """

    option: str
    means: str
    reached: Callable[[Any], bool]


def time_unit_of(spec: Any) -> TimeUnit:
    """A game's :class:`TimeUnit` (``GameSpec(time_unit=...)``, else :data:`TURNS`)."""
    return getattr(spec, "time_unit", None) or TURNS


def safeguard_of(spec: Any) -> Safeguard | None:
    """A game's :class:`Safeguard`, or ``None`` when it declares none."""
    return getattr(spec, "safeguard", None)


# ------------------------------------------------------------------------ one game
def _phase(unit: int, units: int) -> int:
    return min(2, (3 * unit) // max(units, 1))


def game_flow(end: Any, *, values: Sequence[tuple[int, Sequence[float]]] = (), positions: bool = False) -> dict:
    """One finished game's flow figures, from its history replayed (the score and the legal moves
    at every decision).

    Positions are the first decision node (``k = 0``, the set-up done), then the state after
    each decision ``k`` and the chance that follows it (``k = 1..D``, ``D`` decisions; ``D``
    the end). The *lead* at a position is the top score minus the second (0 when tied); a seat
    *leads alone* when its score is above every other's and is *behind* when some seat has
    more. The winner is the seat ranked 1 with the game's tiebreakers (``GameSpec.ranks``);
    a game with first place shared has no single winner and its drama and decisiveness are
    ``nan``.

    Parameters
    ----------
    end : state
        A finished game of a registered game.
    values : sequence of (int, sequence of float)
        Each seat's estimated chance of winning at sampled positions (:func:`flow` makes them):
        uncertainty and swing are read from them.
    positions : bool
        Also return ``"scores"``, the score at every position (tests, a reader's check).

    The length in units is the game's own count (``GameSpec.game_length``) when it is in the
    same unit as its :class:`TimeUnit`, else the units its decisions fell in.

    Returns
    -------
    dict
        ``units``, ``decisions``, ``decision_moves`` (share of decisions with 2 or more legal
        moves), ``branching`` (mean legal moves), ``max_branching``, ``lead_changes``,
        ``lead_changes_by_phase`` (3), ``branching_by_phase`` (3, ``nan`` for a phase with no
        decision), ``winner`` (seat, or -1 when first place is shared), ``shared``,
        ``tiebreak``, ``safeguard``, ``comeback`` (1: behind at a position ``k >= D / 2``), ``time_behind``, ``deficit`` (points,
        ``nan`` unless behind), ``decided_at``, ``last_unit`` (0/1), ``lead`` (:data:`BINS`
        values, points), ``winner_rank`` (:data:`BINS` ranks: 1 + the seats strictly ahead),
        ``winner_deficit`` (:data:`BINS`, points), ``uncertainty``, ``stability``,
        ``chances`` (the winner's chance at each sampled point, then 1 at the end).

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> g = rometools.load_game("pig", target=20)
    >>> f = game_flow(play(g, "greedy", 3))
    >>> f["decision_moves"], f["branching"], f["winner"] in (0, 1)
    (1.0, 2.0, True)
    """
    from rometools.core.registry import game_of

    spec = game_of(end)
    rules = spec.rules
    unit = time_unit_of(spec)
    apply_legal = spec.apply_legal
    state = rules.initial_state(end)
    seats: list[int] = []
    options: list[int] = []
    clocks: list[int] = []
    scores: list[tuple] = []
    last_seat, turn = None, -1
    for action in rules.action_history(end):
        seat = rules.current_player(state)
        if seat >= 0:
            scores.append(tuple(rules.scores(state)))
            seats.append(seat)
            options.append(len(rules.legal_actions(state)))
            if unit.clock is None:
                if seat != last_seat:
                    turn += 1
                clocks.append(turn)
                last_seat = seat
            else:
                clocks.append(int(unit.clock(state)))
        state = apply_legal(state, action)
    final = tuple(rules.scores(end))
    scores.append(final)
    ranks = list(spec.ranks(end))
    guard = safeguard_of(spec)
    length = getattr(spec, "game_length", None)   # the game's own count of its length, in the same unit
    units = int(length[1](end)) if length is not None and length[0] == unit.plural else None
    return _figures(seats, options, clocks, scores, ranks, bool(guard is not None and guard.reached(end)),
                    values, positions, units=units)


def _figures(seats, options, clocks, scores, ranks, safeguard, values, positions=False, units=None) -> dict:
    """:func:`game_flow`'s figures from the trace of one game (pure: the tests' toy traces too)."""
    d = len(seats)
    n = len(ranks)
    nan = math.nan
    first = [s for s, r in enumerate(ranks) if r == 1]
    winner = first[0] if len(first) == 1 else -1
    start = clocks[0] if clocks else 0
    unit_of = [c - start for c in clocks]
    if units is None:
        units = len(set(clocks)) if clocks else 0
    span = (unit_of[-1] + 1) if unit_of else 1
    phase_of = [_phase(u, span) for u in unit_of]
    # positions: 0 .. d (position k > 0 follows decision k - 1, in its unit and phase)
    pos_phase = [phase_of[0] if d else 0] + phase_of
    arr = np.asarray(scores, dtype=float)   # (d + 1, n)
    top = arr.max(axis=1)
    sole = [(int(np.argmax(row)) if (row == t).sum() == 1 else -1) for row, t in zip(arr, top, strict=True)]
    changes, by_phase = 0, [0, 0, 0]
    held = -1
    for k, s in enumerate(sole):
        if s >= 0:
            if held >= 0 and s != held:
                changes += 1
                by_phase[pos_phase[k]] += 1
            held = s
    second = np.sort(arr, axis=1)[:, -2] if n > 1 else top
    lead = top - second
    at = [min(d, int(round((b + 0.5) / BINS * d))) for b in range(BINS)]
    out = {"units": units, "decisions": d,
           "decision_moves": (sum(1 for o in options if o > 1) / d) if d else nan,
           "branching": (sum(options) / d) if d else nan, "max_branching": max(options) if d else 0,
           "lead_changes": changes, "lead_changes_by_phase": by_phase,
           "branching_by_phase": [float(np.mean([o for o, p in zip(options, phase_of, strict=True) if p == ph]))
                                  if ph in phase_of else nan for ph in range(3)],
           "winner": winner, "shared": len(first) > 1, "safeguard": bool(safeguard),
           "tiebreak": len(first) == 1 and int((arr[-1] == top[-1]).sum()) > 1,
           "lead": [float(lead[k]) for k in at]}
    if winner >= 0:
        others = np.delete(arr, winner, axis=1).max(axis=1) if n > 1 else np.full(d + 1, -np.inf)
        behind = others > arr[:, winner]
        deficit = np.where(behind, others - arr[:, winner], 0.0)
        ahead_alone = np.asarray(sole) == winner
        not_alone = np.flatnonzero(~ahead_alone)
        decided = d if (not ahead_alone[-1]) else (int(not_alone[-1]) + 1 if len(not_alone) else 0)
        last_start = unit_of.index(unit_of[-1]) if d else 0   # the position before the last unit's first decision
        winner_rank = 1 + (arr > arr[:, [winner]]).sum(axis=1)
        out.update(comeback=int(behind[(d + 1) // 2:].any()), time_behind=float(behind.mean()),
                   deficit=float(deficit.max()) if behind.any() else nan,
                   decided_at=decided / d if d else 0.0, last_unit=int(bool(behind[last_start])),
                   winner_rank=[int(winner_rank[k]) for k in at], winner_deficit=[float(deficit[k]) for k in at])
    else:
        out.update(comeback=nan, time_behind=nan, deficit=nan, decided_at=nan, last_unit=nan,
                   winner_rank=[nan] * BINS, winner_deficit=[nan] * BINS)
    if values:
        chances = [list(map(float, v)) for _, v in values]
        result = [1.0 / len(first) if r == 1 else 0.0 for r in ranks]
        path = [*chances, result]
        unsure = [(1 - max(c)) / (1 - 1 / n) for c in chances]
        swings = [abs(b[s] - a[s]) for a, b in zip(path, path[1:], strict=False) for s in range(n)]
        out.update(uncertainty=float(np.mean(unsure)), stability=float(np.mean(swings)),
                   chances=[c[winner] for c in path] if winner >= 0 else [nan] * len(path),
                   uncertainty_path=unsure)
    else:
        out.update(uncertainty=nan, stability=nan, chances=[], uncertainty_path=[])
    if positions:
        out["scores"] = [tuple(int(x) for x in row) for row in scores]
    return out


# ------------------------------------------------------------------------ many games
def _value_positions(d: int, points: int) -> list[int]:
    """The decision positions a game of ``d`` decisions is valued at: ``round(j d / points)``, j < points."""
    return sorted({min(d - 1, int(round(j * d / points))) for j in range(points)}) if d else []


def _chances(spec: Any, state: Any, playouts: int, bot: Any, rng: np.random.Generator) -> list[float]:
    """Each seat's share of ``playouts`` games played on from ``state`` by ``bot`` in every seat
    (chance drawn with its probabilities): its estimated chance of winning (a shared first place
    counts ``1/k``)."""
    from rometools.core.mcts import game_results
    from rometools.core.playout import _loop

    rules = spec.rules
    apply = spec.apply_legal if bot.trusted else rules.apply
    total = np.zeros(len(spec.ranks(state)))
    for _ in range(playouts):
        end = _loop.play_one_bot(state, rules.current_player, rules.chance_weights, spec.apply_legal, apply,
                                 bot.decide, rng)
        total += game_results(spec, end)
    return list(total / playouts)


def flow_games(game_id: str, config: Any, bots: Sequence[str], seed: int, indices: Sequence[int], *,
               valued: int = 0, points: int = 5, playouts: int = 8, value_bot: str = "greedy") -> list[dict]:
    """:func:`game_flow` of the games ``indices`` of a run from ``seed``: the worker of every executor.

    Game ``i`` is :func:`~rometools.core.simulate.simulate`'s game ``i`` (the same streams);
    the games numbered below ``valued`` are also valued at ``points`` sampled positions, each
    by ``playouts`` games of ``value_bot`` in every seat from there (their own stream).
    """
    from rometools.core.load import load_game
    from rometools.core.playout import play, states
    from rometools.core.registry import game_spec
    from rometools.core.simulate import _streams

    spec = game_spec(game_id)
    if isinstance(config, Mapping):
        config = spec.config.from_dict(config)
    game = load_game(game_id, config=config)
    out = []
    for i in indices:
        chance, bot_rng = _streams(seed, i)
        end = play(game, list(bots), bot_rng, chance_rng=chance)
        values: list = []
        if i < valued:
            nodes = [s for s in states(end) if spec.rules.current_player(s) >= 0]
            rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(i, 2))))
            bot = game.bot(value_bot)
            values = [(k, _chances(spec, nodes[k], playouts, bot, rng))
                      for k in _value_positions(len(nodes), points)]
        row = game_flow(end, values=values)
        row["game"] = i
        out.append(row)
    return out
