"""How a game plays, not only who wins: game-flow metrics for every registered game.

:func:`flow` plays seeded games (the same games as :func:`~rometools.core.simulate.simulate`
with the same seed and bots: game ``i`` draws from the same streams) and measures, from each
game's score after every decision and the legal moves at each decision, how the game *feels*:
how long it lasts in the game's own unit, how many real choices a turn offers, whether the lead
is contested, how often and how far the eventual winner was behind, when the game was decided,
whether the last round matters, how often it ends in a shared first place or by a safeguard,
and, from a value estimate of sampled positions, how open and how steady the players' chances are.

The measures follow Ludii's evaluation metrics (Stephenson, Piette, Soemers, Browne,
``Evaluation/src/metrics``: Duration, Decision moves, Branching factor, Lead change, Drama,
Decisiveness, Uncertainty, Stability, Drawishness, Completion), themselves after C. Browne,
*Automatic Generation and Evaluation of Recombination Games* (PhD thesis, 2008), with two
differences: the lead is read from the game's own score (Ludii estimates it by search at every
move, which a designer cannot check), and every figure carries a 95% interval (Ludii gives
point values). Each figure's one-sentence meaning is :data:`MEANINGS`.

A game declares two facts for it in its :class:`~rometools.core.game.GameSpec`:

* ``time_unit``: a :class:`TimeUnit` (``round``, ``turn``), the unit its duration, phases and
  "the last round" are counted in; the generic default is :data:`TURNS` (a turn ends when
  another seat is to move);
* ``safeguard``: a :class:`Safeguard`, the limit that ends a game the rules would let run on
  (Augustus's ``max_draws``, Via Romana's ``max_turns``); completion counts the games that
  end by the rules instead.

Also :func:`flow_by_players` (the same figures at every player count, same seeds) and
:func:`compare_flow` (two variants paired on the same seeds).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rometools.core.errors import ArgumentError
from rometools.core.formatting import counted, number, numbers_alike, percent, percent_column

__all__ = ["BINS", "MEANINGS", "PHASES", "TURNS", "Flow", "FlowMetric", "Safeguard", "TimeUnit", "compare_flow",
           "flow", "flow_by_players", "flow_games", "game_flow", "safeguard_of", "time_unit_of"]

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


# ------------------------------------------------------------------------ meanings
#: Each figure of :func:`flow`: its name, its meaning in one sentence (``{unit}``, ``{units}``:
#: the game's unit), how it is given ("mean" with a Student t interval over games, or "share"
#: with a Wilson interval), and its unit.
MEANINGS: dict[str, tuple[str, str, str, str]] = {
    "duration": ("Duration", "How long a game lasts, counted in {units}.", "mean", "{units}"),
    "decisions": ("Decisions", "How many decisions the players make in a game, all seats together.", "mean",
                  "decisions"),
    "decision_moves": ("Real choices", "The share of decisions at which the player had more than one legal move: "
                                       "how often a decision is a real choice.", "mean", "share"),
    "branching": ("Branching factor", "How many legal moves a player chooses among at a decision, on average.",
                  "mean", "legal moves"),
    "lead_changes": ("Lead changes", "How many times a game the lead on points passes from one player to another "
                                     "(a tie for the lead is not a change).", "mean", "per game"),
    "comeback": ("Comebacks", "The share of games whose winner was behind on points at some point of the second "
                              "half.", "share", "share"),
    "time_behind": ("Time behind", "The share of the game the eventual winner spent behind on points.", "mean",
                    "share"),
    "deficit": ("Deepest deficit", "How far behind the eventual winner was at worst, in the games in which they "
                                   "were behind.", "mean", "points"),
    "decided_at": ("Decided at", "How far into the game the winner took the lead for good (0: from the first "
                                 "decision; 1: only at the end).", "mean", "share"),
    "last_unit": ("Decided in the last {unit}", "The share of games whose winner was behind on points when the "
                                                "last {unit} began.", "share", "share"),
    "drawishness": ("Shared wins", "The share of games that end with first place shared after every tiebreaker.",
                    "share", "share"),
    "tiebreaks": ("Won on a tiebreaker", "The share of games whose top score was tied and a tiebreaker decided "
                                         "the winner.", "share", "share"),
    "completion": ("Completion", "The share of games that end by the rules, not by a safeguard.", "share", "share"),
    "uncertainty": ("Uncertainty", "How open the result looks, averaged over the game: 1 when every player's "
                                   "chance of winning is equal, 0 when one player is sure to win.", "mean", "0 to 1"),
    "stability": ("Swing", "How much a player's chance of winning moves from one sampled point of the game to the "
                           "next: low is steady, high is swingy.", "mean", "percentage points"),
}


@dataclass(frozen=True)
class FlowMetric:
    """One figure of :func:`flow`: its value, its 95% interval and what it means.

    Attributes
    ----------
    key : str
        A key of :data:`MEANINGS`.
    name, meaning : str
        As a designer reads them (the game's unit filled in).
    value, low, high : float
        The estimate and its interval (``nan`` when no game measured it).
    interval : str
        ``"t"`` (a Student t interval for a mean over games), ``"Wilson"`` (a proportion of
        games) or ``"exact"`` (no spread in these games).
    unit : str
    games : int
        Games it is measured over.
    text : str
        The figure in one sentence.
    """

    key: str
    name: str
    meaning: str
    value: float
    low: float
    high: float
    interval: str
    unit: str
    games: int
    text: str


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


@dataclass(frozen=True)
class Flow:
    """What :func:`flow` measured, as plain values (the report and the explorer draw it).

    Attributes
    ----------
    game : Game
    n_games, seed : int
    bots : tuple of str
        The bot of each seat.
    unit : TimeUnit
    safeguard : Safeguard or None
    valued : int
        Games valued at sampled positions (0: uncertainty and swing not measured).
    value_by : str
        How a sampled position was valued, in words ("" when none was).
    metrics : dict
        ``{key: FlowMetric}`` in the order of :data:`MEANINGS`.
    per_game : pandas.DataFrame
        One row per game: ``game`` and each per-game figure of :func:`game_flow` (the pairing
        of :func:`compare_flow` reads it).
    series : dict
        Through the game, at the :data:`BINS` points (``"at"``: their share of the game):
        ``lead_mean``, ``lead_low``, ``lead_high`` (the 10% and 90% of games), ``winner_rank``
        (``{rank: share of games}``), ``deficit_mean``, ``behind_share``; by phase
        (:data:`PHASES`): ``branching`` and ``lead_changes`` (mean, low, high: t intervals);
        at the sampled points: ``chance_at``, ``chance_mean``, ``chance_low``, ``chance_high``.
    seconds : float
        CPU-clock seconds of the run.
    interrupted : bool
        The run was stopped (Ctrl-C, a notebook's Stop) and these are the games measured by then.
    """

    game: Any
    n_games: int
    seed: int
    bots: tuple
    unit: TimeUnit
    safeguard: Safeguard | None
    valued: int
    value_by: str
    metrics: dict
    per_game: Any
    series: dict
    seconds: float = 0.0
    interrupted: bool = field(default=False)

    def table(self):
        """The figures as a table a designer reads: figure, value, 95% interval, over, meaning.

        Examples
        --------
        >>> f = flow("pig", 6, seed=1, progress=False)
        >>> list(f.table().columns)
        ['figure', 'value', '95% interval', 'interval', 'games', 'meaning']
        """
        from rometools.core.tables import designer_table

        rows = [{"figure": m.name, "value": _value_text(m), "95% interval": _interval_text(m),
                 "interval": {"t": "Student t", "Wilson": "Wilson", "exact": "none (no spread)"}.get(m.interval,
                                                                                                   m.interval),
                 "games": m.games, "meaning": m.meaning} for m in self.metrics.values()]
        return designer_table(rows)

    def text(self) -> str:
        """The figures in sentences, one per line."""
        return "\n".join(m.text for m in self.metrics.values())


def _fmt(key: str, x: float) -> str:
    if x != x:
        return "-"
    kind = MEANINGS[key][3]
    if kind == "share":
        return f"{100 * x:.0f}%" if abs(x - round(x, 2)) < 1e-9 or 0.01 <= x <= 0.99 else percent(min(max(x, 0), 1))
    if kind == "percentage points":
        return f"{100 * x:.1f}"
    if kind == "0 to 1":
        return f"{x:.2f}"
    return number(round(x, 1))


def _alike(key: str, value: float, low: float, high: float) -> tuple[str, str, str]:
    """A value and its interval's ends with one precision (``99.08%``, ``99.00% to 99.19%``; ``7.5``,
    ``7.1 to 8.0``), never ``99% to 99.19%``."""
    xs = (value, low, high)
    if any(x != x for x in xs):
        return _fmt(key, value), _fmt(key, low), _fmt(key, high)
    kind = MEANINGS[key][3]
    if kind == "share":
        v, lo, hi = (min(max(x, 0.0), 1.0) for x in xs)
        if all(abs(x - round(x, 2)) < 1e-9 or 0.01 <= x <= 0.99 for x in (v, lo, hi)):
            return tuple(f"{100 * x:.0f}%" for x in (v, lo, hi))
        return tuple(percent_column([v, lo, hi], 2))
    if kind == "percentage points":
        return tuple(f"{100 * x:.1f}" for x in xs)
    if kind == "0 to 1":
        return tuple(f"{x:.2f}" for x in xs)
    return tuple(numbers_alike(xs, 1))


def _value_text(m: FlowMetric) -> str:
    if m.interval in ("exact", None) or m.value != m.value:
        return _fmt(m.key, m.value)
    return _alike(m.key, m.value, m.low, m.high)[0]


def _interval_text(m: FlowMetric) -> str:
    if m.value != m.value:
        return "-"
    if m.interval == "exact":
        return "no spread"
    _, low, high = _alike(m.key, m.value, m.low, m.high)
    return f"{low} to {high}"


def _sentence(key: str, name: str, value: float, low: float, high: float, interval: str, games: int,
              unit: TimeUnit, guard: Safeguard | None) -> str:
    if value != value:
        if key in ("uncertainty", "stability"):
            return f"{name}: not measured (no game was valued at sampled positions)."
        return f"{name}: no game to measure it in (every game ended with first place shared)."
    v, lo_text, hi_text = (_fmt(key, value), "", "") if interval == "exact" else _alike(key, value, low, high)
    said = "" if interval == "exact" else f" (95% {'Student t' if interval == 't' else interval} interval " \
                                          f"{lo_text} to {hi_text})"
    over = counted(games, "game")
    if key == "duration":
        if interval == "exact":
            return f"Every game lasts {v} {unit.plural if value != 1 else unit.name}, over {over}."
        return f"A game lasts {v} {unit.plural} on average{said}, over {over}."
    if key == "decisions":
        if interval == "exact":
            return f"The players make {v} decisions in every game."
        return f"The players make {v} decisions a game on average{said}."
    if key == "decision_moves":
        return f"{v} of decisions offer a real choice (more than one legal move){said}."
    if key == "branching":
        return f"A player chooses among {v} legal moves at a decision on average{said}."
    if key == "lead_changes":
        return f"The lead on points changes hands {v} times a game on average{said}."
    if key == "comeback":
        return f"The eventual winner was behind on points at some point of the second half in {v} of games{said}, " \
               f"over {over}."
    if key == "time_behind":
        return f"The eventual winner spent {v} of the game behind on points on average{said}."
    if key == "deficit":
        return f"When the eventual winner was behind, they were at worst {v} points behind on average{said}, " \
               f"over {over}."
    if key == "decided_at":
        return f"The winner took the lead for good {v} of the way into the game on average{said}."
    if key == "last_unit":
        return f"In {v} of games the winner was behind when the last {unit.name} began{said}."
    if key == "drawishness":
        return f"{v} of games end with first place shared after every tiebreaker{said}."
    if key == "tiebreaks":
        return f"{v} of games have a tied top score settled by a tiebreaker{said}."
    if key == "completion":
        if guard is None:
            return "Every game ends by its rules: the game declares no safeguard."
        from rometools.core.describe import decision_reference

        means, ref = decision_reference(guard.means.replace(guard.option, "a set number of"))
        return f"{v} of games end by the rules rather than by a safeguard{said}: {means.rstrip('.')}.{ref}"
    if key == "uncertainty":
        return f"Uncertainty {v} on a scale of 0 (one player sure to win) to 1 (all even), averaged over " \
               f"the sampled points of {over}{said}."
    if key == "stability":
        return f"A player's chance of winning moves {v} percentage points between sampled points on average" \
               f"{said}, over {over}."
    return f"{name}: {v}{said}."


def _metric(key: str, values: Sequence[float], unit: TimeUnit, guard: Safeguard | None) -> FlowMetric:
    from rometools.core.balance import mean_interval
    from rometools.core.stats import proportion_estimate

    name, meaning, kind, unit_text = MEANINGS[key]
    kind_unit = unit_text
    fill = {"unit": unit.name, "units": unit.plural}
    name, meaning, unit_text = (t.format(**fill) for t in (name, meaning, unit_text))
    x = np.asarray([v for v in values if v == v], dtype=float)
    n = len(x)
    if n == 0:
        value = low = high = math.nan
        interval = "t" if kind == "mean" else "Wilson"
    elif kind == "share":
        est = proportion_estimate(int(round(x.sum())), n)
        value, low, high, interval = est.estimate, est.low, est.high, "Wilson"
    else:
        value, low, high = mean_interval(x)
        interval = "exact" if low == high else "t"
        # a t interval of a bounded figure is clipped to the values it can take
        bounds = {"share": (0.0, 1.0), "0 to 1": (0.0, 1.0), "percentage points": (0.0, 1.0)}.get(kind_unit, (0.0, math.inf))
        low, high = max(low, bounds[0]), min(high, bounds[1])
    if key == "completion" and guard is None:
        interval = "exact"
    text = _sentence(key, name, value, low, high, interval, n, unit, guard)
    return FlowMetric(key, name, meaning, value, low, high, interval, unit_text, n, text)


def _series(rows: Sequence[dict], players: int) -> dict:
    from rometools.core.balance import mean_interval

    at = [(b + 0.5) / BINS for b in range(BINS)]
    lead = np.asarray([r["lead"] for r in rows], dtype=float)
    single = [r for r in rows if r["winner"] >= 0]
    out: dict[str, Any] = {"at": at, "lead_mean": list(lead.mean(axis=0)),
                           "lead_low": list(np.percentile(lead, 10, axis=0)),
                           "lead_high": list(np.percentile(lead, 90, axis=0))}
    if single:
        ranks = np.asarray([r["winner_rank"] for r in single], dtype=float)
        deficit = np.asarray([r["winner_deficit"] for r in single], dtype=float)
        out["winner_rank"] = {k: list((ranks == k).mean(axis=0)) for k in range(1, players + 1)}
        out["deficit_mean"] = list(deficit.mean(axis=0))
        out["behind_share"] = list((ranks > 1).mean(axis=0))
    else:
        out["winner_rank"], out["deficit_mean"], out["behind_share"] = {}, [], []
    for key in ("branching_by_phase", "lead_changes_by_phase"):
        cols = []
        for ph in range(3):
            x = [r[key][ph] for r in rows if r[key][ph] == r[key][ph]]
            cols.append(mean_interval(x) if x else (math.nan, math.nan, math.nan))
        out[key.removesuffix("_by_phase")] = {"mean": [c[0] for c in cols], "low": [c[1] for c in cols],
                                              "high": [c[2] for c in cols]}
    valued = [r["chances"] for r in rows if r["chances"] and r["winner"] >= 0]
    if valued:
        width = min(len(c) for c in valued)
        ch = np.asarray([c[:width] for c in valued], dtype=float)
        cols = [mean_interval(ch[:, j]) for j in range(width)]
        points = width - 1
        out.update(chance_at=[j / points for j in range(points)] + [1.0], chance_mean=[c[0] for c in cols],
                   chance_low=[max(0.0, c[1]) for c in cols], chance_high=[min(1.0, c[2]) for c in cols])
    else:
        out.update(chance_at=[], chance_mean=[], chance_low=[], chance_high=[])
    return out


_PER_GAME = ("game", "units", "decisions", "decision_moves", "branching", "max_branching", "lead_changes",
             "winner", "shared", "tiebreak", "safeguard", "comeback", "time_behind", "deficit", "decided_at",
             "last_unit", "uncertainty", "stability")


def _check_count(name: str, value: Any, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < least:
        raise ArgumentError(f"{name} must be a whole number {least} or more, got {value!r}")


def flow(game: str | Any, n_games: int = 200, *, players: int | None = None, bots: str | Sequence[str] = "greedy",
         seed: int = 0, config: Mapping[str, Any] | None = None, value_games: int | None = 0,
         value_points: int = 5, value_playouts: int = 8, value_bot: str | None = None, executor: str = "serial",
         workers: int | None = None, address: str | None = None,
         progress: bool | Callable[[int, int], None] = True) -> Flow:
    """How a game plays: the game-flow figures of ``n_games`` seeded games, each with a 95% interval.

    Game ``i`` is the game ``simulate(game, n_games, bots=bots, seed=seed)`` plays as game ``i``
    (the same streams), replayed to read the score after every decision and the legal moves at
    every decision. The figures (their meanings: :data:`MEANINGS`; the per-game definitions:
    :func:`game_flow`):

    * duration in the game's unit (:class:`TimeUnit`), decisions, real choices (the share of
      decisions with more than one legal move, Ludii's *decision moves*), branching factor
      (legal moves per decision, also by phase);
    * lead changes (the lead on points passing from one sole leader to another; also by phase);
    * drama (Browne): how often the eventual winner was behind (comebacks), for how much of the
      game and how far at worst;
    * decisiveness: the point after which the winner led alone to the end, as a share of the
      game, and how often the winner was behind when the last round (turn) began;
    * drawishness (first place shared after every tiebreaker) and tiebreaks (a tied top score
      settled by a tiebreaker); completion (ended by the rules, not by the game's
      :class:`Safeguard`);
    * with ``value_games``: uncertainty and swing, from each seat's chance of winning at
      ``value_points`` sampled positions (Browne's uncertainty; Ludii's stability as the mean
      move of a seat's chance between consecutive points, the end's result included), each
      chance estimated by ``value_playouts`` games played on by ``value_bot`` in every seat
      (the playouts MCTS values its leaves with). The estimate sees the whole state, hidden
      hands included: the game's value, not what a player knows.

    A mean over games comes with a Student t interval (clipped to the values the figure can take:
    0 to 1 for a share), a share of games with a Wilson interval (the games are independent;
    decisions within a game are not, so no interval is taken over decisions). A figure with no
    spread in these games is given exactly, with no interval.

    Parameters
    ----------
    game : str or Game
    n_games : int
        Games to play (1 or more).
    players : int, optional
    bots : str or sequence of str
        A bot for every seat, or one per seat (``"greedy"``).
    seed : int
    config : mapping, optional
        Further options (as :func:`~rometools.core.simulate.simulate`).
    value_games : int, optional
        The first games also valued at sampled positions; 0 (default) values none, ``None``
        means ``min(n_games, 20)``.
    value_points, value_playouts : int
        Sampled positions per valued game (evenly through it, the first decision included) and
        playouts per position.
    value_bot : str, optional
        The bot of the playouts (default: the game's ``"greedy"`` bot, else ``"random"``).
    executor, workers, address
        As :func:`~rometools.core.simulate.simulate`: the same figures whichever runs the games.
    progress : bool or callable
        A tqdm bar, or ``progress(games done, games in all)``.

    Returns
    -------
    Flow

    Raises
    ------
    ArgumentError
        For an unknown game, bot, option or executor, or a count out of range.

    See Also
    --------
    flow_by_players : the same at every player count.
    compare_flow : two variants paired on the same seeds.
    rometools.charts.flow : the charts of a :class:`Flow`.

    Examples
    --------
    >>> f = flow("pig", 20, seed=1, progress=False)
    >>> f.metrics["decision_moves"].value, f.metrics["branching"].value, f.unit.plural
    (1.0, 2.0, 'turns')
    >>> f.metrics["completion"].text
    'Every game ends by its rules: the game declares no safeguard.'
    """
    import time

    from rometools.core.simulate import EXECUTORS, _progress, _the_game, run_chunks

    started = time.process_time()
    _check_count("the number of games", n_games, 1)
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ArgumentError(f"the seed must be a whole number 0 or more, got {seed!r}")
    for name, value, least in (("value_points", value_points, 1), ("value_playouts", value_playouts, 1)):
        _check_count(name, value, least)
    if value_games is not None:
        _check_count("value_games", value_games, 0)
    if executor not in EXECUTORS:
        raise ArgumentError(f"unknown executor {executor!r}; choose one of {', '.join(EXECUTORS)}")
    g = _the_game(game, players, config)
    names = [b.name for b in g.bots(bots)]
    valued = min(n_games, 20) if value_games is None else min(value_games, n_games)
    if value_bot is None:
        value_bot = "greedy" if "greedy" in g.spec.bots else "random"
    if value_bot not in g.spec.bots:
        raise ArgumentError(f"value_bot must be one of {g.title}'s bots ({', '.join(sorted(g.spec.bots))}), "
                            f"got {value_bot!r}")
    import functools

    bar = _progress(n_games, progress, f"{g.title}: game flow")
    rows: list[dict] = []
    options = {"valued": valued, "points": value_points, "playouts": value_playouts, "value_bot": value_bot}
    interrupted = False
    try:
        serial = functools.partial(flow_games, g.id, g.config, names, int(seed), **options)
        remote = functools.partial(flow_games, g.id, g.config.to_dict(), names, int(seed), **options)

        def take(chunk: list[dict], k: int) -> None:
            rows.extend(chunk)
            if bar is not None:
                bar.update(k)

        run_chunks(serial if executor == "serial" else remote, n_games, executor=executor, workers=workers,
                   address=address, on_chunk=take)
    except KeyboardInterrupt:
        if not rows:
            raise
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    rows.sort(key=lambda r: r["game"])
    if interrupted:
        import warnings

        warnings.warn(f"flow was interrupted: {len(rows):,} of {n_games:,} games measured and kept "
                      "(the Flow's interrupted is True)", RuntimeWarning, stacklevel=2)
    return _collect(g, rows, n_games, int(seed), tuple(names), valued,
                    f"{value_playouts} playouts of {value_bot} bots from each of {value_points} points of the game"
                    if valued else "", time.process_time() - started, interrupted)


def _collect(g: Any, rows: list[dict], n_games: int, seed: int, names: tuple, valued: int, value_by: str,
             seconds: float, interrupted: bool = False) -> Flow:
    import pandas as pd

    unit, guard = time_unit_of(g.spec), safeguard_of(g.spec)
    columns = {k: [r[k] for r in rows] for k in _PER_GAME}
    for ph, name in enumerate(PHASES):
        columns[f"lead_changes_{name}"] = [r["lead_changes_by_phase"][ph] for r in rows]
        columns[f"branching_{name}"] = [r["branching_by_phase"][ph] for r in rows]
    per_game = pd.DataFrame(columns)
    metrics = {}
    for key in MEANINGS:
        if key == "completion":
            values = [0.0 if s else 1.0 for s in columns["safeguard"]]
        elif key in ("drawishness", "tiebreaks"):
            values = [float(s) for s in columns["shared" if key == "drawishness" else "tiebreak"]]
        else:
            values = columns["units" if key == "duration" else key]
        metrics[key] = _metric(key, values, unit, guard)
    return Flow(g, n_games, seed, names, unit, guard, valued, value_by, metrics, per_game,
                _series(rows, g.players), seconds, interrupted)


def flow_by_players(game: str | Any, n_games: int = 100, *, counts: Sequence[int] | None = None,
                    progress: bool | Callable[[int, int], None] = False, **options: Any) -> dict[int, Flow]:
    """:func:`flow` at each player count, the same seeds, the game's other options kept.

    Parameters
    ----------
    game : str or Game
    n_games : int
        Games per player count.
    counts : sequence of int, optional
        Default: every count the game takes (:func:`~rometools.core.describe.player_counts`).
    progress : bool or callable
        A tqdm bar per count, or ``progress(games done, games in all)`` over every count.
    **options
        As :func:`flow` (``seed``, ``bots``, ``value_games``, ``executor``...).

    Returns
    -------
    dict
        ``{players: Flow}``, fewest players first.

    Examples
    --------
    >>> by = flow_by_players("pig", 4, counts=[2, 3], seed=1)
    >>> sorted(by), by[3].game.players
    ([2, 3], 3)
    """
    from rometools.core.describe import player_counts, variant_options
    from rometools.core.load import load_game

    g = load_game(game) if isinstance(game, str) else game
    counts = player_counts(g) if counts is None else sorted(set(counts))
    base = variant_options(g)
    out = {}
    for k, n in enumerate(counts):
        step: Any = progress
        if callable(progress) and not isinstance(progress, bool):
            def step(done, total, _k=k):
                progress(_k * n_games + done, n_games * len(counts))
        out[n] = flow(load_game(g.spec.id, **base, players=n), n_games, progress=step, **options)
    return out


def compare_flow(game: str, config_a: Mapping[str, Any], config_b: Mapping[str, Any], n_games: int = 200, *,
                 seed: int = 0, confidence: float = 0.95, **options: Any):
    """Two variants' game flow on the same seeds, paired: each figure's difference B - A with its interval.

    Game ``i`` of both variants draws from the same streams (common random numbers, as
    :func:`~rometools.core.paired.compare_variants`), so each per-game figure is paired with
    the same game of the other variant; a share of games (comebacks, shared wins) is paired as
    its 0/1 value per game. A figure defined only in some games (the deficit: games whose winner
    was behind) is paired over the games where both variants define it.

    Parameters
    ----------
    game : str
    config_a, config_b : mapping
        The two variants' options.
    n_games : int
    seed : int
    confidence : float
    **options
        As :func:`flow` (``bots``, ``players``, ``value_games``, ``executor``, ``progress``...).

    Returns
    -------
    pandas.DataFrame
        What :func:`~rometools.core.paired.paired_differences` gives, one row per figure:
        ``figure, pairs, a, b, difference, ci_low, ci_high, se_paired, se_unpaired,
        variance_reduction, note, unit`` (``figure`` the figure's name in :data:`MEANINGS`, ``unit`` its
        unit: ``"share"`` for a share of games, of decisions or of the game, 0 to 1).

    Examples
    --------
    >>> d = compare_flow("pig", {"target": 30}, {"target": 60}, 12, seed=1, progress=False)
    >>> row = d.set_index("figure").loc["Duration"]
    >>> bool(row["b"] > row["a"]), int(row["pairs"])
    (True, 12)
    """
    import pandas as pd

    from rometools.core.paired import paired_row

    options.setdefault("progress", False)
    a = flow(game, n_games, seed=seed, config=config_a, **options)
    b = a if a.interrupted else flow(game, n_games, seed=seed, config=config_b, **options)
    if a.interrupted or b.interrupted:   # the games of the two would not pair: nothing is said of them
        out = pd.DataFrame(columns=["figure", "a", "b", "difference", "ci_low", "ci_high", "note", "unit"])
        out.attrs.update(game_id=a.game.spec.id, interrupted=True)
        return out
    rows = []
    for key, metric in a.metrics.items():
        if key == "completion":
            va = (~a.per_game["safeguard"]).to_numpy(float)
            vb = (~b.per_game["safeguard"]).to_numpy(float)
        elif key in ("drawishness", "tiebreaks"):
            col = "shared" if key == "drawishness" else "tiebreak"
            va, vb = a.per_game[col].to_numpy(float), b.per_game[col].to_numpy(float)
        else:
            col = "units" if key == "duration" else key
            va, vb = a.per_game[col].to_numpy(float), b.per_game[col].to_numpy(float)
        both = ~(np.isnan(va) | np.isnan(vb))
        if not both.any():
            continue
        va, vb = va[both], vb[both]
        note = (f"{metric.name}: {_fmt(key, float(va[0]))} in every one of {counted(len(va), 'game')} of the game "
                f"and {_fmt(key, float(vb[0]))} of the variant: no spread, so no interval for the difference"
                if np.ptp(va) == 0 and np.ptp(vb) == 0 else None)
        row = paired_row(metric.name, va, vb, confidence, note=note)
        if not both.all():   # the deficit: not the game's own figure, which is over every game that measures it
            said = (f"over the {counted(int(both.sum()), 'game')} of {len(both):,} that measure it in both the game "
                    f"and the variant; the game's own, over {counted(metric.games, 'game')}, is {_value_text(metric)}")
            row["note"] = f"{row['note']}; {said}" if row["note"] else said[0].upper() + said[1:]
        row["unit"] = metric.unit
        rows.append(row)
    out = pd.DataFrame(rows)
    out.attrs["game_id"] = a.game.spec.id
    return out
