"""Compare two variants of a game until the answer is clear: paired games in batches, anytime-valid.

:func:`compare` plays the base and the variant on the same seeds (common random numbers: each
source of randomness its own stream where the game names them, ``GameSpec.random_source``), a
batch at a time, and after each batch reads every headline figure's confidence sequence
(:mod:`rometools.core.sequential`): each seat's win rate, each seat's mean score, the score
spread, the game length in the game's own unit and, on request, the weight of restricted
strategies (:mod:`rometools.core.playtest`). It stops when every figure is decided at the
requested precision (it changed: its interval excludes 0; or it did not change by as much as the
precision: its interval lies within it) or the budget of games ends. The error rate is spread
over the figures (Bonferroni), and a confidence sequence keeps it however often the results are
read, so a difference declared is a difference at the stated rate (a fixed-n interval re-read
after every batch would not be: :func:`rometools.core.paired.compare_variants` plays a fixed
number of games). One sequential test answers "did seat balance change?" across all seats at
once (:class:`~rometools.core.sequential.BettingTest`).

The result (:class:`Comparison`) says it in words: what changed, by how much, with its interval;
what did not change by as much as the precision; for each undecided figure about how many more
games would decide it; how many of the bots' decisions changed between the variants (none: the
bots did not see the variant, and the comparison measured its scoring on the same play).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rometools.core.compare_text import balance_text, comparison_text  # the words, re-exported
from rometools.core.errors import ArgumentError, about
from rometools.core.formatting import counted, shown
from rometools.core.sequential import MIN_PAIRS

__all__ = ["EXECUTORS", "Comparison", "Figure", "balance_text", "compare", "comparison_text", "play_pairs"]

#: Where the games of :func:`compare` play (as :func:`rometools.core.simulate.simulate`).
EXECUTORS = ("serial", "process", "dask")
#: The most games a comparison may budget (a typo, not a plan, beyond it).
MAX_GAMES = 10_000_000
#: A score figure's interval is exact (bounded by ``GameSpec.score_bounds``) when the bounds' span is at
#: most this many times its precision: past it, an exact interval needs too many games (at least about
#: ``span / precision`` times log(2 / alpha)) and the asymptotic one is used.
EXACT_SPAN = 500
#: Games per worker task (a chunk of a batch): small enough that a stop request is heard soon.
CHUNK = 25
#: Offset of the variant's game numbers in an unpaired comparison (``paired=False``).
_UNPAIRED = 1 << 40


@dataclass(frozen=True)
class Figure:
    """One headline figure of a comparison, the variant minus the base (B - A), as it stands.

    Attributes
    ----------
    name : str
        ``"win rate P1"``, ``"mean score P2"``, ``"score spread"``, ``"game length"``,
        ``"weight no_fort"``.
    kind : str
        ``"win rate"``, ``"mean score"``, ``"score spread"``, ``"game length"`` or ``"weight"``.
    unit : str
        ``"points"`` for a score, the game's own unit for the length (``"turns"``), and
        ``"percentage points"`` for a win rate or a weight (whose values are proportions).
    pairs : int
    base, variant, difference : float
        The means and their difference.
    low, high : float
        The confidence sequence of the difference now (``-inf``/``inf`` before any game).
    precision : float
        The change too small to matter, in the figure's units (a win rate: a proportion).
    decision : str or None
        ``"changed"``, ``"equivalent"`` (did not change by as much as ``precision``) or
        ``None`` (undecided).
    more_needed : int
        About how many more paired games would decide it: 0 once decided and only then (an
        asymptotic figure counts at least the pairs left to :data:`MIN_PAIRS`); -1 when nothing
        yet says. A rough guess before :data:`MIN_PAIRS` paired games (the words say so).
    exact : bool
        Whether the interval holds at every number of games (a bounded figure), or as the
        games grow (an asymptotic one: from :data:`MIN_PAIRS` paired games on, :attr:`holds`).
    variance_saved : float
        ``1 - var(B - A) / (var(A) + var(B))``: what the pairing saved against unpaired games
        (NaN with no spread).
    """

    name: str
    kind: str
    unit: str
    pairs: int
    base: float
    variant: float
    difference: float
    low: float
    high: float
    precision: float
    decision: str | None
    more_needed: int
    exact: bool
    variance_saved: float

    @property
    def holds(self) -> bool:
        """Whether the figure has an interval that holds now: an exact one at every number of games,
        an asymptotic one from :data:`MIN_PAIRS` paired games on. Before that ``low`` and ``high``
        are only a running sketch (a zero-width ``[0, 0]`` while every difference is alike), and the
        words, the studio's table and its chart show no interval for the figure."""
        return self.exact or self.pairs >= MIN_PAIRS


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare` found: the figures, the seat-balance test, the decisions changed, in words.

    Attributes
    ----------
    title : str
        The game and the two variants (``"Via Romana, 3 players, greedy: as published against dangerous ties on"``:
        each option in its own words, :func:`~rometools.core.playtest.options_words`).
    pairs : int
        Paired games played (each seed in both variants).
    figures : tuple of Figure
    balance : dict
        The test across seats: ``e_value``, ``threshold`` (``1 / alpha``), ``decision``
        (``"changed"``, ``"equivalent"`` or ``None``).
    decisions : dict
        ``games`` (paired games whose bots' decisions differ at some move), ``changed``
        (decisions that differ, compared move by move), ``total`` (decisions compared).
    stopped : str
        Why it ended: ``"decided"``, ``"budget"``, ``"stopped"`` (a stop request or Ctrl-C:
        the games played are kept, and the intervals hold as they stand); ``"running"`` in an
        ``on_batch`` snapshot, while the comparison goes on.
    confidence : float
        Of the whole comparison: every figure's interval and the balance test hold at once
        with this probability (``alpha = 1 - confidence`` spread over them).
    history : tuple of dict
        After each batch: ``pairs`` and, per figure name, ``(difference, low, high)``: the
        intervals narrowing (:func:`rometools.charts.what_if.comparison_figure` draws them).
    seconds : float
        CPU seconds of this process (the games on other workers are not counted).
    names : (str, str)
        The two sides in a word each: ``("published", "variant")`` when the base is the game as
        published, else ``("base", "variant")`` (:attr:`minus` says a difference in them).
    """

    title: str
    pairs: int
    figures: tuple[Figure, ...]
    balance: dict
    decisions: dict
    stopped: str
    confidence: float
    history: tuple[dict, ...] = field(default=(), repr=False)
    seconds: float = 0.0
    names: tuple[str, str] = ("base", "variant")

    @property
    def minus(self) -> str:
        """What a difference is, in words: ``"variant minus published"`` (the base as published), else
        ``"variant minus base"``: the studio's and the report's words for ``B - A``."""
        return f"{self.names[1]} minus {self.names[0]}"

    @property
    def decided(self) -> bool:
        """Whether every figure (and the seat-balance test) is decided."""
        return all(f.decision for f in self.figures) and self.balance["decision"] is not None

    def figure(self, name: str) -> Figure:
        """The figure called ``name`` (``"win rate P1"``).

        Raises
        ------
        ArgumentError
            Naming the figures there are.
        """
        for f in self.figures:
            if f.name == name:
                return f
        raise ArgumentError(f"no figure {name!r}; the figures are {', '.join(f.name for f in self.figures)}")

    def to_frame(self):
        """The figures as a :class:`pandas.DataFrame`, one row each (the fields of :class:`Figure`)."""
        import pandas as pd

        return pd.DataFrame([f.__dict__ for f in self.figures])

    @property
    def text(self) -> str:
        """The verdict in words (:func:`comparison_text`)."""
        return comparison_text(self)

    def __str__(self) -> str:
        return self.text


# ----------------------------------------------------------------- the games
def _as_game(x: Any, what: str):
    """A :class:`~rometools.core.game.Game` from a Game, a game id, or a Variant (``.load()``)."""
    from rometools.core.game import Game, load_game

    if isinstance(x, Game):
        return x
    if isinstance(x, str):
        try:
            return load_game(x)
        except ArgumentError as err:
            raise ArgumentError(f"{what}: {err}") from None
    load = getattr(x, "load", None)
    if callable(load) and hasattr(x, "game"):
        return load()
    raise ArgumentError(f"{what} must be a game (rometools.load_game), a game id or a Variant, got "
                        f"{type(x).__name__}")


def _describe(x: Any, game) -> str:
    options = {k: v for k, v in (getattr(x, "options", None) or {}).items() if k != "players"}
    if hasattr(x, "label") and (getattr(x, "edits", None) or options):   # a variant says its edits and options
        return x.label()
    name = getattr(x, "name", None)
    if isinstance(name, str) and name and hasattr(x, "game"):
        return name
    from rometools.core.describe import options_short

    options = game.config.to_dict()
    default = type(game.config)().to_dict() if not hasattr(x, "game") else options
    changed = {k: getattr(game.config, k, v) if k != "handicap" else v for k, v in options.items()
               if k != "players" and default.get(k) != v and k not in game.spec.file_options}
    changed.update({k: v for k, v in options.items() if k in game.spec.file_options and default.get(k) != v})
    return options_short(game, changed) or "as published"   # "dangerous ties on", "start player P3"


def _shipped(x: Any, game, executor: str = "process") -> Any:
    """What a worker plays ``game`` from: in this process the game itself; to another process a
    Variant as its TOML text (``("variant", text)``: a Variant holds read-only mappings, which do
    not pickle), else ``(game id, config dict)``, rebuilt there through the registry."""
    if executor == "serial":
        return game
    if hasattr(x, "to_toml") and hasattr(x, "game") and not hasattr(x, "spec"):
        return ("variant", x.to_toml())
    return (game.id, game.config.to_dict())


_GAMES: dict = {}


def _rebuilt(shipped: Any):
    """The game a worker plays, built once per process."""
    from rometools.core.game import Game, game_spec, load_game

    if isinstance(shipped, Game):
        return shipped
    key = repr(shipped)
    game = _GAMES.get(key)
    if game is None:
        if shipped[0] == "variant":
            from rometools.core.variants import Variant

            game = Variant.from_toml(shipped[1]).load()
        else:
            gid, config = shipped
            game = load_game(gid, config=game_spec(gid).config.from_dict(config))
        if len(_GAMES) > 16:
            _GAMES.clear()
        _GAMES[key] = game
    return game


def _decisions(game, end) -> list:
    """The decisions of a finished game, in order (its history without the chance outcomes)."""
    rules = game.spec.rules
    apply_legal = game.spec.apply_legal
    state = rules.initial_state(end)
    out = []
    for action in rules.action_history(end):
        if rules.current_player(state) >= 0:
            out.append(action)
        state = apply_legal(state, action)
    return out


def play_pairs(a: Any, b: Any, bots: Sequence[str], seed: int, indices: Sequence[int], paired: bool = True,
               restrictions: Sequence[str] = ()) -> dict[str, list]:
    """The paired games ``indices`` of a comparison: the worker of every executor.

    Game ``i`` of the base and of the variant draw from the same streams
    (:func:`rometools.core.simulate.game_streams` of ``seed`` and ``i``; with ``paired=False``
    the variant's from game ``2**40 + i``, independent). ``a`` and ``b`` are what
    ``_shipped`` gives (a Variant, or a game id with its config as a dict), so they travel to
    another process. Returns columns (``{name: [value per game]}``): ``win_a``, ``win_b``,
    ``score_a``, ``score_b`` (a list per seat), ``length_a``, ``length_b``, ``changed``,
    ``decisions`` and, per restriction, ``loss_a:<name>`` and ``loss_b:<name>`` (the
    restricted seat's win lost: the seat is ``i % players``).
    """
    from rometools.core.playout import play
    from rometools.core.restrictions import RestrictedBot
    from rometools.core.restrictions import restriction_of as _restriction
    from rometools.core.simulate import _streams

    games = (_rebuilt(a), _rebuilt(b))
    out: dict[str, list] = {k: [] for k in ("index", "win_a", "win_b", "score_a", "score_b", "length_a",
                                              "length_b", "changed", "decisions")}
    for r in restrictions:
        out[f"loss_a:{r}"], out[f"loss_b:{r}"] = [], []
    for i in indices:
        ends = []
        for v, game in enumerate(games):
            chance, bot_rng = _streams(seed, i if paired or v == 0 else _UNPAIRED + i)
            end = play(game, list(bots), bot_rng, chance_rng=chance)
            ends.append(end)
            ranks = game.spec.ranks(end)
            wins = [int(k == 1) for k in ranks]
            tag = "ab"[v]
            out[f"win_{tag}"].append(wins)
            out[f"score_{tag}"].append([int(s) for s in game.scores(end)])
            out[f"length_{tag}"].append(int(game.spec.game_length[1](end)))
            seat = i % game.players
            for r in restrictions:
                restriction = _restriction(game, r)
                seats = list(bots)
                seats[seat] = RestrictedBot(game.bot(bots[seat]), restriction, game.spec.rules)
                chance, bot_rng = _streams(seed, i if paired or v == 0 else _UNPAIRED + i)
                r_end = play(game, seats, bot_rng, chance_rng=chance)
                out[f"loss_{tag}:{r}"].append(wins[seat] - int(game.spec.ranks(r_end)[seat] == 1))
        da, db = _decisions(games[0], ends[0]), _decisions(games[1], ends[1])
        common = min(len(da), len(db))
        out["changed"].append(sum(1 for x, y in zip(da[:common], db[:common], strict=True) if x != y)
                              + abs(len(da) - len(db)))
        out["decisions"].append(max(len(da), len(db)))
        out["index"].append(int(i))
    return out


# ----------------------------------------------------------------- executors
class _Runner:
    """Plays chunks of paired games on one executor: the process pool and the local Dask cluster
    :func:`~rometools.core.simulate.simulate` keeps for every run (:func:`~rometools.core.simulate.process_pool`),
    so a comparison or a tuning run starts no process after the first; or a client of the Dask
    scheduler at ``address``, made once for the whole comparison."""

    def __init__(self, executor: str, workers: int | None, address: str | None):
        self.executor, self.workers, self.address = executor, workers, address
        self.pool = self.client = None
        self.own_client = False

    def __enter__(self):
        if self.executor == "process":
            from rometools.core.simulate import process_pool

            self.pool = process_pool(self.workers)
        elif self.executor == "dask":
            if self.address is None:
                from rometools.core.simulate import _kept_client

                self.client = _kept_client(self.workers)
            else:
                from rometools.core.executors import dask_client

                self.client = dask_client(self.address)
                self.own_client = True
        return self

    def __exit__(self, *exc):
        if self.own_client:
            self.client.close()

    def _submit_all(self, fn: Callable[..., dict], jobs: list[tuple]) -> list:
        from concurrent.futures.process import BrokenProcessPool

        from rometools.core.simulate import close_pool, process_pool

        try:
            return [self.pool.submit(fn, *job) for job in jobs]
        except BrokenProcessPool:   # a worker of the kept pool died since its last run: a new pool
            close_pool()
            self.pool = process_pool(self.workers)
            return [self.pool.submit(fn, *job) for job in jobs]

    def run(self, fn: Callable[..., dict], jobs: list[tuple], done: Callable[[dict], bool]) -> None:
        """``fn(*job)`` for every job; ``done(columns)`` after each, in any order; it returns True to stop
        (the jobs not started are dropped)."""
        if self.executor == "serial":
            for job in jobs:
                if done(fn(*job)):
                    return
            return
        if self.executor == "process":
            from concurrent.futures import as_completed

            futures = self._submit_all(fn, jobs)
            try:
                for future in as_completed(futures):
                    if done(future.result()):
                        return
            finally:
                for f in futures:
                    f.cancel()
            return
        from dask.distributed import as_completed as dask_completed

        futures = [self.client.submit(fn, *job, pure=False) for job in jobs]
        try:
            for future in dask_completed(futures):
                if done(future.result()):
                    return
        finally:
            for f in futures:
                f.cancel()

    def chunk_size(self, size: int) -> int:
        """Games per task for a batch of ``size``: :data:`CHUNK` in this process (a stop is heard
        soon), else enough tasks to keep every worker busy (four a worker)."""
        if self.executor == "serial":
            return CHUNK
        return max(CHUNK, -(-size // (4 * (self.workers or os.cpu_count() or 1))))


# ----------------------------------------------------------------- the figures' statistics
class _Tracked:
    """One figure: its confidence sequence, and the sums for the means and the variance saved."""

    def __init__(self, name: str, kind: str, unit: str, sequence, exact: bool):
        self.name, self.kind, self.unit, self.cs, self.exact = name, kind, unit, sequence, exact
        self.sums = np.zeros(3)      # of a, b, b - a
        self.squares = np.zeros(3)
        self.n = 0

    def update(self, a: np.ndarray, b: np.ndarray) -> None:
        d = b - a
        self.cs.update(d)
        for k, x in enumerate((a, b, d)):
            self.sums[k] += float(x.sum())
            self.squares[k] += float((x * x).sum())
        self.n += len(a)

    def figure(self) -> Figure:
        n = self.n
        means = self.sums / n if n else np.full(3, math.nan)
        saved = math.nan
        if n > 1:
            var = (self.squares - n * means * means) / (n - 1)
            if var[0] + var[1] > 1e-12:
                saved = float(1 - max(var[2], 0.0) / (var[0] + var[1]))
        low, high = self.cs.interval()
        decision = self.cs.decided() if (self.exact or n >= MIN_PAIRS) else None
        more = 0 if decision else self.cs.more_needed()
        if not decision and not self.exact and n < MIN_PAIRS:
            # an asymptotic interval decides from MIN_PAIRS on: at least the pairs left to it, also when
            # every difference so far was the same (no spread to estimate from: a zero-width interval)
            more = max(more, MIN_PAIRS - n)
        if not decision and more == 0:
            more = 1   # undecided: never "about 0 more paired games"
        return Figure(self.name, self.kind, self.unit, n, float(means[0]), float(means[1]), float(means[2]),
                      low, high, self.cs.precision, decision, more, self.exact, saved)


# ----------------------------------------------------------------- compare
def _check_whole(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not low <= value <= high:
        raise ArgumentError(f"{name} must be a whole number {low:,} to {high:,}, got {value!r}", argument=name)
    return int(value)


def _check_positive(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
        raise ArgumentError(f"{name} must be a number above 0, got {value!r}", argument=name)
    return float(value)


def compare(base: Any, variant: Any, *, bots: str | Sequence[str] = "greedy", seed: int = 0,
            precision: float = 0.02, score_precision: float = 1.0, length_precision: float = 1.0,
            confidence: float = 0.95, max_games: int = 20_000, batch: int = 200,
            restrictions: Sequence[str] = (), paired: bool = True, executor: str = "serial",
            workers: int | None = None, address: str | None = None,
            progress: bool | Callable[[int, int], None] = True,
            on_batch: Callable[[Comparison], Any] | None = None, stop: Any = None) -> Comparison:
    """Play paired games of two variants in batches until every headline figure is decided.

    Game ``i`` of both variants draws from the same streams (common random numbers), so luck
    largely cancels in each pair's difference. After every batch each figure's confidence
    sequence is read (:mod:`rometools.core.sequential`): a figure is decided when its interval
    excludes 0 ("changed") or lies within ``± precision`` ("did not change by as much as the
    precision"), and the comparison stops when every figure and the seat-balance test are
    decided, or when ``max_games`` pairs are played. The error rate ``1 - confidence`` is
    spread evenly over the figures and the test, so all of them hold at once with probability
    ``confidence`` however many batches were read (a confidence sequence, not a fixed-n interval
    re-read). Win rates and weights are bounded (a pair's difference is -1 to 1, or -2 to 2):
    their intervals are exact at every number of games (Waudby-Smith and Ramdas' empirical
    Bernstein sequence). Scores and the spread are bounded by ``GameSpec.score_bounds``: exact
    too when the bounds' span is at most :data:`EXACT_SPAN` times ``score_precision`` (Pig, Via
    Romana); bounds far wider than any game's scores (every score any node can reach: Caesar's
    Empire's 0 to 10,951) would need too many games, so there, and for the game length (no
    bound), the interval is asymptotic (Waudby-Smith et al.'s: valid as the games grow, as a t
    interval is), decided from :data:`MIN_PAIRS` pairs on. ``Figure.exact`` says which.

    Parameters
    ----------
    base, variant : Game, str or Variant
        The two variants of one game (:func:`rometools.load_game`, a game id for its published
        rules, or a :class:`rometools.Variant`), with the same number of players.
    bots : str or sequence of str
        A bot for every seat, or one per seat (the same in both variants).
    seed : int
        The seeds of game ``i`` are ``SeedSequence(seed, spawn_key=(i,))``'s (as ``simulate``).
    precision : float
        A change in a seat's win rate (or a weight) too small to matter, as a proportion
        (0.02: 2 percentage points), 0 to 1 exclusive.
    score_precision : float
        The same for mean scores and the score spread (points).
    length_precision : float
        The same for the game length (the game's own unit: ``GameSpec.game_length``).
    confidence : float
        Of the whole comparison (0.95), 0.5 to 0.9999.
    max_games : int
        The budget: paired games at most (each is a game of each variant), 1 to 10,000,000.
    batch : int
        Paired games between two looks, 10 to 100,000 (the last batch is cut to the budget).
    restrictions : sequence of str
        Restricted strategies whose weight to compare too (``GameSpec.restrictions``): per pair,
        one more game of each variant with seat ``i % players`` denied it.
    paired : bool
        ``False`` plays the variant on other seeds (independent games): a control for the
        pairing, and what an unpaired comparison would cost.
    executor, workers, address
        As :func:`rometools.core.simulate.simulate` (``"serial"``, ``"process"``, ``"dask"``); a
        process pool or Dask client is made once for the whole comparison.
    progress : bool or callable
        A tqdm bar (``True``), none (``False``), or ``progress(pairs done, budget)``.
    on_batch : callable, optional
        Called after each batch with the :class:`Comparison` so far (an explorer draws the
        intervals narrowing).
    stop : callable or threading.Event, optional
        Asked after each chunk of games (``stop()`` or ``stop.is_set()``); when true the
        comparison ends, keeping every game played, marked ``stopped``. Ctrl-C
        (``KeyboardInterrupt``) does the same.

    Returns
    -------
    Comparison
        Its ``text`` says the verdict in words.

    Raises
    ------
    ArgumentError
        Naming the argument: a base or variant that is no game, two different games or player
        counts, an unknown bot or restriction, a count, precision or confidence out of range,
        an unknown executor. Nothing is played before these checks.

    See Also
    --------
    rometools.core.paired.compare_variants : a fixed number of paired games.
    rometools.core.tune.tune : the value of a parameter that meets a target.

    Examples
    --------
    >>> import rometools
    >>> c = compare("pig", rometools.load_game("pig", target=60), max_games=400, progress=False)
    >>> c.figure("game length").decision, c.figure("game length").difference < 0
    ('changed', True)
    >>> c.figure("win rate P1").decision is None, c.figure("win rate P1").more_needed > 0
    (True, True)
    >>> compare("pig", rometools.load_game("pig", players=3), progress=False)
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: base and variant must have the same number of players; the base has 2, the variant 3
    """
    from rometools.core.sequential import AsymptoticSequence, BettingTest, BoundedSequence

    with about("base"):
        game_a = _as_game(base, "base")
    with about("variant"):
        game_b = _as_game(variant, "variant")
    if game_a.id != game_b.id:
        raise ArgumentError(f"base and variant must be variants of one game; the base is {game_a.title}, "
                            f"the variant {game_b.title}", argument="variant")
    if game_a.players != game_b.players:
        raise ArgumentError(f"base and variant must have the same number of players; the base has "
                            f"{game_a.players}, the variant {game_b.players}", argument="variant")
    with about("bots"):
        bot_names = [b.name for b in game_a.bots(bots)]
        game_b.bots(bot_names)
    if isinstance(precision, bool) or not isinstance(precision, int | float) or not 0 < precision < 1:
        raise ArgumentError(f"precision is a change in win rate as a proportion between 0 and 1 (0.02: 2 points), "
                            f"got {precision!r}", argument="precision")
    score_precision = _check_positive("score_precision", score_precision)
    length_precision = _check_positive("length_precision", length_precision)
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0.5 <= confidence <= 0.9999:
        raise ArgumentError(f"confidence must be a number 0.5 to 0.9999, got {confidence!r}", argument="confidence")
    max_games = _check_whole("max_games", max_games, 1, MAX_GAMES)
    batch = _check_whole("batch", batch, 10, 100_000)
    seed = _check_whole("seed", seed, 0, 2 ** 63 - 1)
    if executor not in EXECUTORS:
        raise ArgumentError(f"unknown executor {executor!r}; choose one of {', '.join(EXECUTORS)}",
                            argument="executor")
    if workers is not None:
        _check_whole("workers", workers, 1, 1024)
    if address is not None and executor != "dask":
        raise ArgumentError(f"address {shown(address, 80)} names a Dask scheduler: it needs executor='dask', not {executor!r}",
                            argument="address")
    if isinstance(restrictions, str):
        restrictions = [restrictions]
    from rometools.core.restrictions import restriction_of as _restriction

    with about("restrictions"):
        restrictions = [_restriction(game_a, r).name for r in restrictions]
    if stop is not None and not (callable(stop) or callable(getattr(stop, "is_set", None))):
        raise ArgumentError(f"stop must be a callable or a threading.Event, got {type(stop).__name__}",
                            argument="stop")
    stop_now = (stop.is_set if callable(getattr(stop, "is_set", None)) else stop) if stop is not None else None

    players = game_a.players
    unit = game_a.spec.game_length[0]
    k = 2 * players + 2 + len(restrictions)
    alpha = (1 - confidence) / (k + 1)
    t_opt = int(min(max(max_games // 4, 200), 20_000))
    tracked = []
    for s in range(players):
        tracked.append(_Tracked(f"win rate P{s + 1}", "win rate", "percentage points",
                                BoundedSequence(-1, 1, alpha=alpha, precision=precision, budget=max_games), True))
    low, high = (float(x) for x in game_a.spec.score_bounds(game_a.config))
    low_b, high_b = (float(x) for x in game_b.spec.score_bounds(game_b.config))
    low, high = min(low, low_b), max(high, high_b)
    span = high - low
    exact_scores = 0 < span <= EXACT_SPAN * score_precision

    def score_sequence():
        if exact_scores:
            return BoundedSequence(-span, span, alpha=alpha, precision=score_precision, budget=max_games)
        return AsymptoticSequence(alpha=alpha, precision=score_precision, t_opt=t_opt)

    for s in range(players):
        tracked.append(_Tracked(f"mean score P{s + 1}", "mean score", "points", score_sequence(), exact_scores))
    tracked.append(_Tracked("score spread", "score spread", "points", score_sequence(), exact_scores))
    tracked.append(_Tracked("game length", "game length", unit,
                            AsymptoticSequence(alpha=alpha, precision=length_precision, t_opt=t_opt), False))
    for r in restrictions:
        tracked.append(_Tracked(f"weight {r}", "weight", "percentage points",
                                BoundedSequence(-2, 2, alpha=alpha, precision=precision, budget=max_games), True))
    balance = BettingTest(players, alpha=alpha)

    base_words = _describe(base, game_a)
    title = (f"{game_a.title}, {players} players, {'/'.join(dict.fromkeys(bot_names))}: "
             f"{base_words} against {_describe(variant, game_b)}")
    names = ("published" if base_words == "as published" else "base", "variant")
    args = (_shipped(base, game_a, executor), _shipped(variant, game_b, executor), bot_names, seed, paired,
            tuple(restrictions))
    bar = None
    if callable(progress):
        report = progress
    elif progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=max_games, desc=f"{game_a.title}: comparing until decided", unit="pair")
        report = None
    else:
        report = None
    history: list[dict] = []
    decisions = {"games": 0, "changed": 0, "total": 0}
    played = 0
    stopped = "budget"
    start = time.process_time()

    def snapshot(reason: str) -> Comparison:
        figures = tuple(t.figure() for t in tracked)
        wins = [f for f in figures if f.kind == "win rate"]
        if balance.rejected or any(f.decision == "changed" for f in wins):
            verdict = "changed"
        elif all(f.decision == "equivalent" for f in wins):
            verdict = "equivalent"
        else:
            verdict = None
        return Comparison(title, played, figures,
                          {"e_value": balance.e_value, "threshold": 1 / alpha, "decision": verdict},
                          dict(decisions), reason, float(confidence), tuple(history),
                          time.process_time() - start, names)

    def absorb(columns: Mapping[str, list]) -> None:
        nonlocal played
        if not columns["index"]:
            return
        win_a, win_b = np.asarray(columns["win_a"], float), np.asarray(columns["win_b"], float)
        score_a, score_b = np.asarray(columns["score_a"], float), np.asarray(columns["score_b"], float)
        for s in range(players):
            for t, a, b in ((tracked[s], win_a[:, s], win_b[:, s]),
                            (tracked[players + s], score_a[:, s], score_b[:, s])):
                t.update(a, b)
        spread = tracked[2 * players]
        spread.update(score_a.max(axis=1) - score_a.min(axis=1), score_b.max(axis=1) - score_b.min(axis=1))
        tracked[2 * players + 1].update(np.asarray(columns["length_a"], float), np.asarray(columns["length_b"], float))
        for j, r in enumerate(restrictions):
            t = tracked[2 * players + 2 + j]
            a, b = np.asarray(columns[f"loss_a:{r}"], float), np.asarray(columns[f"loss_b:{r}"], float)
            t.update(a, b)
        balance.update(win_b - win_a)
        changed = np.asarray(columns["changed"])
        decisions["games"] += int((changed > 0).sum())
        decisions["changed"] += int(changed.sum())
        decisions["total"] += int(np.asarray(columns["decisions"]).sum())
        played += len(columns["index"])

    try:
        with _Runner(executor, workers, address) as runner:
            while played < max_games:
                if stop_now is not None and stop_now():   # asked between two batches
                    stopped = "stopped"
                    break
                size = min(batch, max_games - played)
                indices = list(range(played, played + size))
                chunk = runner.chunk_size(size)
                jobs = [(*args[:4], indices[k:k + chunk], *args[4:]) for k in range(0, size, chunk)]
                got: dict[int, dict] = {}
                asked = [False]

                def done(columns: dict, got=got, asked=asked) -> bool:
                    if columns["index"]:
                        got[columns["index"][0]] = columns
                    n = sum(len(c["index"]) for c in got.values())
                    if bar is not None:
                        bar.update(len(columns["index"]))
                    elif report is not None:
                        report(played + n, max_games)
                    if stop_now is not None and stop_now():
                        asked[0] = True
                    return asked[0]

                try:
                    runner.run(play_pairs, jobs, done)
                finally:   # the batch's games in the order of their numbers (the sequences' order)
                    for first in sorted(got):
                        absorb(got[first])
                history.append({"pairs": played, **{t.name: (t.figure().difference, *t.cs.interval())
                                                    for t in tracked}})
                if asked[0]:
                    stopped = "stopped"
                    break
                current = snapshot("running")   # an interim verdict: the run goes on (unless decided)
                if current.decided:
                    current = snapshot("decided")
                if on_batch is not None:
                    on_batch(current)
                if current.decided:
                    stopped = "decided"
                    break
    except KeyboardInterrupt:   # Ctrl-C or a notebook's Stop: the games played are kept, and said to be
        if not played:
            raise
        stopped = "stopped"
    finally:
        if bar is not None:
            bar.close()
    result = snapshot(stopped)
    if stopped == "stopped":
        import warnings

        warnings.warn(f"compare was stopped after {counted(played, 'paired game')}: the result keeps them "
                      f"(stopped='stopped')", RuntimeWarning, stacklevel=2)
    return result
