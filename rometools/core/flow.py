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

# The parts of the game flow, each in its own module, re-exported here where they were first
# written: what a game declares and one game's figures (flow_figures), a figure's meaning,
# interval and words (flow_metrics).
from rometools.core.flow_figures import (  # noqa: F401  (re-exported: the games' views, charts)
    BINS,
    PHASES,
    TURNS,
    Safeguard,
    TimeUnit,
    flow_games,
    game_flow,
    safeguard_of,
    time_unit_of,
)
from rometools.core.flow_metrics import (  # noqa: F401  (re-exported: the report, the explorer)
    MEANINGS,
    FlowMetric,
    _fmt,
    _interval_text,
    _metric,
    _sentence,
    _value_text,
)
from rometools.core.formatting import counted

__all__ = ["BINS", "MEANINGS", "PHASES", "TURNS", "Flow", "FlowMetric", "Safeguard", "TimeUnit", "compare_flow",
           "flow", "flow_by_players", "flow_games", "game_flow", "safeguard_of", "time_unit_of"]


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
