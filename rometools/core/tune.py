"""Find the value of a game's parameter that meets a target: a race over candidate values.

:func:`tune` takes one numeric parameter (an option, the seat handicap ``"handicap.4"``, a data
edit ``"<file option>:<address>"`` of :class:`rometools.Variant`) or two, a list of candidate
values (a grid for two), and a target: equal seat win rates, a game length, or a function of each
game's results. Every candidate plays the same seeds (game ``i`` of every candidate draws from the
same streams, so their differences are paired), a batch at a time, and only the candidates whose
answer is still open play the next batch: a race (Maron and Moore's Hoeffding races; successive
halving spends a budget the same way), each candidate's response held in a confidence sequence
(:mod:`rometools.core.sequential`) so the error rate holds however many batches are read. A
candidate leaves the race when the best candidate's worst case is surely better than its best
case. The race ends when the best candidate surely meets the target within the tolerance, when
every candidate left is surely further from it than the tolerance, or when the budget ends. The recommendation is then played again on fresh
seeds (:attr:`Tuning.check`), so a lucky race is caught.

The result (:class:`Tuning`) holds the response curve (every candidate's response with its
interval and the games it played), the recommended value with its response's interval and, for
one parameter, the values that the curve's band allows, every
coordinate's at once (linear interpolation between candidates), and says it in words.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rometools.core.compare import _as_game, _check_whole, _rebuilt, _Runner
from rometools.core.errors import ArgumentError, about
from rometools.core.formatting import counted, number
from rometools.core.tune_text import _value_text, parameter_words, tuning_text  # noqa: F401 (re-exported)

__all__ = ["Candidate", "Tuning", "parameter_words", "play_games", "tune"]

#: A row's status when its interval lies wholly beyond ± the tolerance (any coordinate's).
SURELY_OFF = "surely off the target by more than the tolerance"
#: The best candidate's status when it is surely off too: the closest found, not a recommendation.
CLOSEST = "closest, but surely off the target by more than the tolerance"
#: Most candidate values (or grid points) one tuning races.
MAX_CANDIDATES = 400


@dataclass(frozen=True)
class Candidate:
    """One candidate value as the race left it.

    Attributes
    ----------
    value : float or tuple
        The parameter's value (a pair for two parameters).
    games : int
        Games it played (every candidate plays the same seeds, from game 0).
    response : tuple of float
        What the target measures, minus its goal, one per coordinate (a handicapped seat's win
        rate minus its fair share; the mean length minus the target length): 0 meets the target.
    low, high : tuple of float
        The confidence sequence of each coordinate.
    loss : float
        The largest ``|response|`` (how far from the target), with ``loss_low`` and
        ``loss_high``, its interval from the coordinates'.
    loss_low, loss_high : float
    status : str
        ``"recommended"`` (the best found, its interval not wholly beyond ``± tolerance``), ``"closest,
        but surely off the target by more than the tolerance"`` (the best found, its interval wholly
        beyond it: no recommendation), ``"in the race"`` (still racing: an ``on_round`` snapshot),
        ``"not ruled out when the race ended"`` (still open when the race ended), ``"surely off the
        target by more than the tolerance"`` (in the race when it ended, its interval wholly beyond
        ``± tolerance``) or ``"dropped after N games (another is nearer)"`` (left the race, surely further
        off than another; ``"surely off, dropped after N games"`` when its interval is wholly beyond
        ``± tolerance``). One rule for every row: a label says "surely off" exactly when the
        interval beside it (any coordinate's) lies wholly beyond ``± tolerance``.
    """

    value: Any
    games: int
    response: tuple
    low: tuple
    high: tuple
    loss: float
    loss_low: float
    loss_high: float
    status: str


@dataclass(frozen=True)
class Tuning:
    """What :func:`tune` found: the response curve, the recommendation, its check on fresh seeds.

    Attributes
    ----------
    title : str
        The game, players and bots, and the variant tuned where it is one (its name, and the data it
        edits: :meth:`rometools.Variant.label`).
    parameters : tuple of str
    target : str
        The target in words (``"P4's win rate at 25.0% (its fair share)"``).
    tolerance : float
        How close counts as meeting it, in the response's units.
    candidates : tuple of Candidate
        In the order of the values given.
    recommended : Candidate
    value_interval : tuple of float, () or None
        For one parameter: the values where every coordinate's band contains the goal (each band's
        edges interpolated linearly between neighbours; ``-inf`` or ``inf`` where the bands still
        contain it at the smallest or largest value tried); ``()`` where no value is in every
        coordinate's band; None for two parameters, or where the values allowed are several pieces.
    meets : bool
        Whether the recommendation's interval lies within ``± tolerance``.
    check : dict
        The recommendation played on fresh seeds: ``games``, ``response``, ``low``, ``high``
        (a fixed-n 95% interval per coordinate: Wilson for a win rate, t otherwise),
        ``confirmed`` (every response's interval within the tolerance... or, if the race
        could not say so, the point estimate within it: ``"estimate"``).
    games : int
        Games played by the race (all candidates), without the check.
    stopped : str
        ``"decided"``, ``"budget"`` or ``"stopped"``; ``"running"`` in an ``on_round`` snapshot,
        while the race goes on.
    history : tuple of dict
        After each round: ``games`` so far and each candidate's ``(response, low, high)``.
    seconds : float
        CPU time of the race and the check.
    unit : str
        The response's unit, plural: ``"percentage points"`` for a win rate (a proportion), the
        game's own length unit (``"turns"``), ``""`` for a function's target.
    replaces : tuple of str
        The parameters the variant tuned sets itself, with its value (``"handicap.4 = 2"``): each
        value tried replaces it (the whole handicap, not added to the variant's), and the text
        says so.
    words : tuple of (str, str, str)
        Each parameter in words with its unit, singular and plural (:func:`parameter_words`:
        ``("P4's handicap", "point", "points")``); empty: the parameters' addresses, no unit.
    coordinates : tuple of str
        The name of each coordinate of a response: a seat's (``"P4"``) for a win-rate target,
        ``"length"``, or the target function's name (with ``[j]`` when it returns several).
    """

    title: str
    parameters: tuple[str, ...]
    target: str
    tolerance: float
    candidates: tuple[Candidate, ...]
    recommended: Candidate
    value_interval: tuple[float, float] | None
    meets: bool
    check: dict
    games: int
    stopped: str
    confidence: float
    history: tuple[dict, ...] = field(default=(), repr=False)
    seconds: float = 0.0
    unit: str = ""
    replaces: tuple[str, ...] = ()
    words: tuple[tuple[str, str, str], ...] = ()
    coordinates: tuple[str, ...] = ()

    def curve(self):
        """The response curve as a :class:`~rometools.core.tables.DesignerTable` (a
        :class:`pandas.DataFrame` that shows every cell whole): one row per candidate and coordinate
        (``value``, ``coordinate``: its name in :attr:`coordinates`, ``games``, ``response``, ``low``,
        ``high`` of that coordinate, the candidate's ``loss`` and ``status``). A target of every
        seat's win rate has a row per seat: its loss is the seat farthest off, not P1.

        Examples
        --------
        >>> t = tune("pig", "target", [40, 60], target="length=60", max_games=400, batch=100,
        ...          check_games=0, progress=False)
        >>> t.curve()[["value", "coordinate"]].values.tolist()
        [[40, 'length'], [60, 'length']]
        """
        # every cell shown whole: a status is a sentence
        from rometools.core.tables import designer_table

        names = self.coordinates or tuple(str(j) for j in range(len(self.recommended.response)))
        return designer_table([{"value": c.value, "coordinate": name, "games": c.games, "response": c.response[j],
                              "low": c.low[j], "high": c.high[j], "loss": c.loss, "status": c.status}
                             for c in self.candidates for j, name in enumerate(names)])

    @property
    def closest_only(self) -> bool:
        """Whether no value is recommended: even the best one's interval lies wholly beyond the tolerance
        (:attr:`recommended` is then the closest found, its status :data:`CLOSEST`)."""
        return self.recommended.status == CLOSEST

    @property
    def text(self) -> str:
        """The recommendation in words."""
        return tuning_text(self)

    def __str__(self) -> str:
        return self.text


class _Target:
    """What a target measures per game (coordinates), their goal and bounds, and its words."""

    def __init__(self, words: str, seats: Sequence[int] | None, goal: Sequence[float], kind: str,
                 per_game: Callable[[dict], Sequence[float]] | None = None, bounded: bool = False,
                 unit: str = ""):
        self.words, self.seats, self.goal, self.kind = words, seats, list(goal), kind
        self.per_game, self.bounded = per_game, bounded
        self.unit = "percentage points" if kind == "win" else unit

    def names(self) -> tuple[str, ...]:
        """Each coordinate's name: ``"P4"``, ``"length"``, the target function's (``"f[1]"`` of several)."""
        if self.kind == "win":
            return tuple(f"P{s + 1}" for s in self.seats)
        if self.kind == "length":
            return ("length",)
        name = self.words.removesuffix(" at 0")
        return (name,) if len(self.goal) == 1 else tuple(f"{name}[{j}]" for j in range(len(self.goal)))

    def values(self, columns: Mapping[str, list]) -> np.ndarray:
        """Rows per game, one column per coordinate (before subtracting the goal)."""
        if self.kind == "win":
            wins = np.asarray(columns["win"], float)
            return wins[:, list(self.seats)]
        if self.kind == "length":
            return np.asarray(columns["length"], float)[:, None]
        records = [{"wins": w, "scores": s, "length": n} for w, s, n in
                   zip(columns["win"], columns["score"], columns["length"], strict=True)]
        return np.asarray([list(np.atleast_1d(self.per_game(r))) for r in records], float)


def _target(target: Any, parameters: Sequence[str], game) -> _Target:
    n = game.players
    if target == "equal-seats":
        seats = []
        for p in parameters:
            parts = p.split(".")
            if parts[0] == "handicap" and len(parts) >= 2 and parts[1].isdigit() and 1 <= int(parts[1]) <= n:
                seats.append(int(parts[1]) - 1)
        seats = sorted(set(seats)) or list(range(n))
        who = ("every seat's win rate" if len(seats) == n else
               " and ".join(f"P{s + 1}'s" for s in seats) + " win rate")
        return _Target(f"{who} at {100 / n:.1f}% (the fair share)", seats, [1 / n] * len(seats), "win", bounded=True)
    if isinstance(target, str) and target.startswith("length="):
        try:
            goal = float(target.split("=", 1)[1])
        except ValueError:
            raise ArgumentError(f"target {target!r}: write length=<number>, e.g. length=40") from None
        if not math.isfinite(goal) or goal <= 0:
            raise ArgumentError(f"target {target!r}: the length must be a number above 0")
        unit = game.spec.game_length[0]
        return _Target(f"a mean game length of {goal:g} {unit}", None, [goal], "length", unit=unit)
    if callable(target):
        name = getattr(target, "__name__", "the target function")
        return _Target(f"{name} at 0", None, [0.0], "custom", per_game=target)
    raise ArgumentError(f"target must be 'equal-seats', 'length=<number>' or a function of one game's results "
                        f"(a dict of wins, scores and length) to bring to 0; got {target!r}")


# ----------------------------------------------------------------- the games
def play_games(shipped: Any, bots: Sequence[str], seed: int, indices: Sequence[int]) -> dict[str, list]:
    """Games ``indices`` of one candidate (``seed``'s streams, as every candidate): the worker of
    every executor. Columns ``index``, ``win`` and ``score`` (a list per seat), ``length`` (the
    game's own unit)."""
    from rometools.core.playout import play
    from rometools.core.simulate import _streams

    game = _rebuilt(shipped)
    out: dict[str, list] = {"index": [], "win": [], "score": [], "length": []}
    for i in indices:
        chance, bot_rng = _streams(seed, i)
        end = play(game, list(bots), bot_rng, chance_rng=chance)
        out["index"].append(int(i))
        out["win"].append([int(k == 1) for k in game.spec.ranks(end)])
        out["score"].append([int(s) for s in game.scores(end)])
        out["length"].append(int(game.spec.game_length[1](end)))
    return out


def _candidate_game(game: Any, parameters: Sequence[str], value: tuple) -> tuple[Any, Any]:
    """``(game, shipped)`` of one candidate: through ``game(value)`` for a callable, a Variant's
    ``with_value`` where the Variant exists, else the game's options."""
    from rometools.core.game import Game, load_game

    if callable(game) and not isinstance(game, Game | str) and not hasattr(game, "load"):
        built = game(*value)
        g = _as_game(built, "game(value)")
        return g, g
    try:
        from rometools.core.variants import as_variant
    except ImportError:
        as_variant = None
    def which(i: int) -> str:
        return f"candidate[{i}]" if len(parameters) > 1 else "candidate"

    if as_variant is not None:
        with about("game"):
            v = as_variant(game)
        for i, (p, x) in enumerate(zip(parameters, value, strict=True)):
            with about(which(i)):
                v = v.with_value(p, x)
        return v.load(), v
    with about("game"):
        base = _as_game(game, "game")
    options = {**base.config.to_dict()}
    for i, (p, x) in enumerate(zip(parameters, value, strict=True)):
        if p not in options:
            raise ArgumentError(f"parameter {p!r}: {base.title} has no option {p!r}; its options: "
                                f"{', '.join(sorted(options))}", argument=which(i))
        options[p] = x
    g = load_game(base.id, config=base.spec.config.from_dict(options))
    return g, g


def _candidate(game: Any, parameters: Sequence[str], value: tuple) -> tuple[Any, Any]:
    """:func:`_candidate_game`, a refusal naming the candidate it is about (its
    :attr:`~rometools.core.errors.RometoolsError.argument`): ``"candidate[i]"`` when it is the
    ``i``-th of two parameters' (the option it names is that parameter's), else ``"candidate"``;
    the message is the game's own (``hand must be a whole number 4 to 5, got 6``)."""
    from rometools.core.errors import RometoolsError

    try:
        return _candidate_game(game, parameters, value)
    except RometoolsError as err:
        if err.argument is None:
            option = getattr(err, "option", None)
            mine = [i for i, p in enumerate(parameters)
                    if option is not None and ("handicap" if p.startswith("handicap.") else p.partition(":")[0]) == option]
            err.argument = f"candidate[{mine[0]}]" if len(parameters) > 1 and len(mine) == 1 else "candidate"
        raise


def _tuned_variant(game: Any) -> Any:
    """The :class:`~rometools.core.variants.Variant` tuned (a game loaded with options: those that
    differ from the defaults), or ``None`` for a function of the values."""
    from rometools.core.game import Game

    if callable(game) and not isinstance(game, Game | str) and not hasattr(game, "load"):
        return None
    from rometools.core.variants import as_variant

    return as_variant(game)


def _replaced(game: Any, parameters: Sequence[str]) -> tuple[str, ...]:
    """The parameters a variant sets itself, with its values (``"handicap.4 = 2"``): a tuned value
    replaces them (``Variant.with_value``), which the text says. Parameters already checked."""
    v = _tuned_variant(game)
    if v is None:
        return ()
    from rometools.core.handicap import Handicap
    from rometools.core.variants import _thawed

    out = []
    for p in parameters:
        own = None
        if p.startswith("handicap."):
            parts = p.split(".")
            h = Handicap.parse(_thawed(v.options.get("handicap")))
            seat = int(parts[1]) - 1
            own = (h.bonus(seat) if parts[-1] == "bonus" else h.points(seat)) or None
        elif ":" in p:
            file, _, address = p.partition(":")
            own = v.edits.get(file, {}).get(address)
        elif p in v.options:
            own = _thawed(v.options[p])
        if own is not None:
            out.append(f"{p} = {own}")
    return tuple(out)


def _values(values: Any, count: int) -> list[tuple]:
    """The candidates as tuples: one list for one parameter, a list per parameter (a grid) for two."""
    def numbers(xs: Any, what: str) -> list:
        if isinstance(xs, str) or not isinstance(xs, Sequence | range | np.ndarray):
            raise ArgumentError(f"{what} must be a list of numbers, got {type(xs).__name__}", argument=what)
        out = []
        for x in xs:
            if isinstance(x, bool) or not isinstance(x, int | float | np.integer | np.floating) or not math.isfinite(x):
                raise ArgumentError(f"{what} must be numbers, got {x!r}", argument=what)
            out.append(x.item() if isinstance(x, np.generic) else x)
        if not out:
            raise ArgumentError(f"{what} is empty: give at least one value", argument=what)
        if len(set(out)) != len(out):
            raise ArgumentError(f"{what} holds a value twice", argument=what)
        return out

    if count == 1:
        grid = [(x,) for x in numbers(values, "values")]
    else:
        if isinstance(values, str) or not isinstance(values, Sequence) or len(values) != 2:
            raise ArgumentError("for two parameters, values is a pair of lists (the grid's two axes)",
                                argument="values")
        a, b = numbers(values[0], "values[0]"), numbers(values[1], "values[1]")
        grid = [(x, y) for x in a for y in b]
    if len(grid) > MAX_CANDIDATES:
        raise ArgumentError(f"{len(grid):,} candidates; at most {MAX_CANDIDATES:,} (give fewer values)",
                            argument="values")
    return grid


def tune(game: Any, parameter: str | Sequence[str], values: Any, *, target: Any = "equal-seats",
         bots: str | Sequence[str] = "greedy", seed: int = 0, tolerance: float | None = None,
         confidence: float = 0.95, max_games: int = 100_000, batch: int = 200, check_games: int = 2000,
         executor: str = "serial", workers: int | None = None, address: str | None = None,
         progress: bool | Callable[[int, int], None] = True, on_round: Callable[[Tuning], Any] | None = None,
         stop: Any = None) -> Tuning:
    """The value of one (or two) numeric parameters that meets a target, raced over candidate values.

    Parameters
    ----------
    game : Game, str, Variant or callable
        The game to tune (its other options and edits kept), or ``game(value) -> Game`` (for
        two parameters ``game(x, y)``).
    parameter : str or pair of str
        As :meth:`rometools.Variant.with_value` takes it: an option (``"target"``), a seat's
        handicap points (``"handicap.4"``, seats from 1), a data edit (``"<file option>:<address>"``).
        Without :mod:`rometools.core.variants`, an option only.
    values : sequence of numbers, or a pair of them
        The candidates (for two parameters, the two axes of a grid), at most 400 in all.
    target : str or callable
        ``"equal-seats"``: each handicapped seat's win rate at the fair share ``1 / players``
        (with no handicap parameter, every seat's); ``"length=40"``: a mean game length of 40
        in the game's own unit; or a function of one game's results (a dict ``wins``,
        ``scores``, ``length``) returning a number (or a few) whose mean should be 0.
    bots : str or sequence of str
    seed : int
    tolerance : float, optional
        How close meets the target: a win rate's proportion (default 0.02, 2 points), else the
        target's unit (default 1).
    confidence : float
        Of the whole race: every candidate's interval holds at once with it.
    max_games : int
        The race's budget, games of all candidates together (the check comes on top).
    batch : int
        Games per candidate per round, 10 to 100,000.
    check_games : int
        Fresh games the recommendation plays again (seeds the race never used), 0 for none.
    executor, workers, address, progress, stop
        As :func:`rometools.core.compare.compare`.
    on_round : callable, optional
        Called with the :class:`Tuning` so far after each round (an explorer draws the curve), and
        once more when the race has ended, before the check on fresh seeds plays (its candidates
        say "not ruled out when the race ended", none "in the race").

    Returns
    -------
    Tuning

    Raises
    ------
    ArgumentError
        Naming the argument, before any game: an unknown parameter, values that are no numbers
        (or a value twice, or none), too many candidates, an unknown target, a count or
        tolerance out of range.

    Examples
    --------
    Pig's mean game length is 60 decisions at which target? (A game ends when a seat reaches it.)

    >>> t = tune("pig", "target", [40, 60, 80], target="length=60", max_games=1200, batch=100,
    ...          check_games=200, progress=False)
    >>> t.recommended.value, t.check["games"]
    (80, 200)
    >>> for c in t.candidates:
    ...     print(c.value, c.status)
    40 surely off, dropped after 100 games
    60 surely off, dropped after 100 games
    80 recommended
    """
    from rometools.core.sequential import AsymptoticSequence, BoundedSequence

    parameters = (parameter,) if isinstance(parameter, str) else tuple(parameter)
    if not parameters or len(parameters) > 2 or not all(isinstance(p, str) and p for p in parameters):
        raise ArgumentError(f"parameter must be a parameter's name or two of them, got {parameter!r}",
                            argument="parameter")
    grid = _values(values, len(parameters))
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0.5 <= confidence <= 0.9999:
        raise ArgumentError(f"confidence must be a number 0.5 to 0.9999, got {confidence!r}", argument="confidence")
    max_games = _check_whole("max_games", max_games, 1, 100_000_000)
    batch = _check_whole("batch", batch, 10, 100_000)
    check_games = _check_whole("check_games", check_games, 0, 10_000_000)
    seed = _check_whole("seed", seed, 0, 2 ** 63 - 1)
    from rometools.core.compare import EXECUTORS

    if executor not in EXECUTORS:
        raise ArgumentError(f"unknown executor {executor!r}; choose one of {', '.join(EXECUTORS)}",
                            argument="executor")
    if workers is not None:
        _check_whole("workers", workers, 1, 1024)
    if stop is not None and not (callable(stop) or callable(getattr(stop, "is_set", None))):
        raise ArgumentError(f"stop must be a callable or a threading.Event, got {type(stop).__name__}")
    stop_now = (stop.is_set if callable(getattr(stop, "is_set", None)) else stop) if stop is not None else None
    built = [_candidate(game, parameters, v) for v in grid]   # every candidate checked before any game
    from rometools.core.compare import _shipped

    # in this process the game itself; to another, a Variant's TOML or the game's id and config
    built = [(g, _shipped(s, g, executor)) for g, s in built]
    first = built[0][0]
    if any(g.id != first.id or g.players != first.players for g, _ in built):
        raise ArgumentError("every candidate must be the same game with the same number of players",
                            argument="parameter")
    with about("bots"):
        bot_names = [b.name for b in first.bots(bots)]
    with about("target"):
        aim = _target(target, parameters, first)
    if tolerance is None:
        tolerance = 0.02 if aim.kind == "win" else 1.0
    if isinstance(tolerance, bool) or not isinstance(tolerance, int | float) or not math.isfinite(tolerance) \
            or tolerance <= 0 or (aim.kind == "win" and tolerance >= 1):
        raise ArgumentError(f"tolerance must be a number above 0{' and below 1 (a proportion)' if aim.kind == 'win' else ''}, "
                            f"got {tolerance!r}", argument="tolerance")
    coords = len(aim.goal) if aim.kind != "custom" else None
    title = f"{first.title}, {first.players} players, {'/'.join(dict.fromkeys(bot_names))}"
    tuned = _tuned_variant(game)
    if tuned is not None and (tuned.edits or set(tuned.options) - {"players"}):
        title += f"; {tuned.label()}"   # what was tuned: a variant's name or options in words, the data it edits
    replaces = _replaced(game, parameters)
    start = time.process_time()

    k = len(grid)
    sequences: list[list] = [[] for _ in range(k)]
    alpha = (1 - confidence)

    def new_sequences(m: int) -> list:
        a = alpha / (k * m)
        if aim.kind == "win":
            return [BoundedSequence(0, 1, alpha=a, precision=tolerance, budget=max_games) for _ in range(m)]
        return [AsymptoticSequence(alpha=a, precision=tolerance, t_opt=max(200, min(max_games // k, 20_000)))
                for _ in range(m)]

    if coords is not None:
        sequences = [new_sequences(coords) for _ in range(k)]
    games = [0] * k
    alive = [True] * k
    left_at = [0] * k
    history: list[dict] = []
    played = 0
    stopped = "budget"
    bar = None
    report = progress if callable(progress) else None
    if progress is True:
        from tqdm.auto import tqdm

        bar = tqdm(total=max_games, desc=f"{first.title}: tuning {' and '.join(parameters)}", unit="game")

    def state_of(i: int) -> tuple:
        seqs = sequences[i]
        goal = aim.goal
        resp = tuple(s.mean - g if s.n else math.nan for s, g in zip(seqs, goal, strict=True))
        lows = tuple(s.interval()[0] - g for s, g in zip(seqs, goal, strict=True))
        highs = tuple(s.interval()[1] - g for s, g in zip(seqs, goal, strict=True))
        loss = max(abs(r) for r in resp) if games[i] else math.nan
        near = max((0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))) for lo, hi in zip(lows, highs, strict=True))
        far = max(max(abs(lo), abs(hi)) for lo, hi in zip(lows, highs, strict=True))
        return resp, lows, highs, loss, near, far

    def snapshot(reason: str, check: dict | None = None, ended: bool = True) -> Tuning:
        states = [state_of(i) for i in range(k)]
        played_any = [i for i in range(k) if games[i]]
        best = min(played_any or range(k), key=lambda i: (states[i][5], states[i][3]))
        if any(alive[i] for i in played_any):
            best = min((i for i in played_any if alive[i]), key=lambda i: (states[i][3], states[i][5]))
        meets = states[best][5] <= tolerance
        cands = []
        for i, v in enumerate(grid):
            resp, lows, highs, loss, near, far = states[i]
            # one rule for every row, the best's too: an interval wholly beyond ± tolerance is surely off, as
            # the interval beside the label shows (trial59: "not ruled out" beside -6.4 to -2.9 at ±2, and
            # "recommended" beside an interval as far off as rows said surely off)
            off = games[i] > 0 and near > tolerance
            if i == best:
                status = CLOSEST if off else "recommended"
            elif not alive[i]:   # trial59b: "left after 2,800 games" beside -8.6 to -3.3 at ±2 read "still left"
                dropped = f"dropped after {number(left_at[i])} games"
                # at most 50 characters, as every status: a table shows a cell of 50 whole
                status = f"surely off, {dropped}" if off else f"{dropped} (another is nearer)"
            else:
                status = SURELY_OFF if off and ended else "not ruled out when the race ended" if ended else \
                    "in the race"
            cands.append(Candidate(v[0] if len(v) == 1 else v, games[i], resp, lows, highs, loss, near, far, status))
        return Tuning(title, parameters, aim.words, float(tolerance), tuple(cands), cands[best],
                      _value_interval(cands) if len(parameters) == 1 else None, meets, check or {}, played,
                      reason, float(confidence), tuple(history), time.process_time() - start, aim.unit, replaces,
                      tuple(parameter_words(p, first) for p in parameters), aim.names())

    try:
        with _Runner(executor, workers, address) as runner:
            n = 0
            while played < max_games:
                racing = [i for i in range(k) if alive[i]]
                size = min(batch, (max_games - played) // len(racing))
                if size < 1:
                    break
                indices = list(range(n, n + size))
                chunk = runner.chunk_size(size * len(racing))
                jobs, owner = [], []
                for i in racing:
                    for c in range(0, size, chunk):
                        jobs.append((built[i][1], bot_names, seed, indices[c:c + chunk]))
                        owner.append(i)
                got: dict[int, dict] = {}
                asked = [False]

                def done(columns: dict, got=got, asked=asked, before=played) -> bool:
                    got[len(got)] = columns
                    if bar is not None:
                        bar.update(len(columns["index"]))
                    elif report is not None:
                        report(before + sum(len(c["index"]) for c in got.values()), max_games)
                    if stop_now is not None and stop_now():
                        asked[0] = True
                    return asked[0]

                results: dict[int, list] = {i: [] for i in racing}
                try:   # every candidate plays the same game numbers: a job's number tells whose they are
                    runner.run(_tagged, [(j, *job) for j, job in enumerate(jobs)], done)
                finally:
                    for columns in got.values():
                        results[owner[columns["job"]]].append(columns)
                    for i in racing:
                        parts = sorted(results[i], key=lambda c: c["index"][0] if c["index"] else -1)
                        merged = {key: [x for c in parts for x in c[key]] for key in ("index", "win", "score",
                                                                                      "length")}
                        if not merged["index"]:
                            continue
                        if sequences[i] == []:   # a custom target: as many coordinates as it returns
                            width = aim.values(merged).shape[1]
                            sequences[i] = new_sequences(width)
                            if len(aim.goal) != width:
                                aim.goal = [0.0] * width
                        rows = aim.values(merged)
                        for j, s in enumerate(sequences[i]):
                            s.update(rows[:, j])
                        games[i] += len(merged["index"])
                        played += len(merged["index"])
                n += size
                states = {i: state_of(i) for i in range(k) if alive[i]}
                best_far = min(states[i][5] for i in states)
                for i in states:   # surely worse than the best candidate's worst case: out of the race
                    if states[i][4] > best_far:
                        alive[i] = False
                        left_at[i] = games[i]
                history.append({"games": played, **{_value_text(grid[i]): (states[i][0][0], states[i][1][0],
                                                                           states[i][2][0]) for i in states}})
                if asked[0]:
                    stopped = "stopped"
                    break
                current = snapshot("running", ended=False)   # an interim answer: the race goes on
                if on_round is not None:
                    on_round(current)
                # decided: the best surely meets the target, or no candidate left can (each is surely
                # further than the tolerance); one candidate left plays on until one of the two
                if current.meets or all(states[i][4] > tolerance for i in states if alive[i]):
                    stopped = "decided"
                    break
    except KeyboardInterrupt:
        if not played:
            raise
        stopped = "stopped"
    finally:
        if bar is not None:
            bar.close()
    result = snapshot(stopped)
    check: dict = {}
    if check_games and stopped != "stopped":
        if on_round is not None:   # the race has ended (no candidate "in the race"); the check plays now
            on_round(result)
        best = result.candidates.index(result.recommended)
        fresh = play_games(built[best][1], bot_names, seed, range(1 << 41, (1 << 41) + check_games)) \
            if executor == "serial" else _fresh(runner_args=(executor, workers, address), shipped=built[best][1],
                                                bots=bot_names, seed=seed, n=check_games)
        rows = aim.values(fresh)
        check = _check(rows, aim, tolerance, result.meets)
    result = snapshot(stopped, check)
    if stopped == "stopped":
        import warnings

        warnings.warn(f"tune was stopped after {counted(played, 'game')}: the race so far is kept "
                      "(stopped='stopped'); no check on fresh seeds", RuntimeWarning, stacklevel=2)
    return result


def _tagged(j: int, *job) -> dict:
    """:func:`play_games` with the job's number in its result (so the results of several candidates'
    jobs, which share their game numbers, are told apart)."""
    return {"job": j, **play_games(*job)}


def _fresh(runner_args: tuple, shipped: Any, bots: Sequence[str], seed: int, n: int) -> dict:
    """The recommendation's fresh games on the executor (numbers from ``2**41``: never the race's)."""
    got: list[dict] = []
    with _Runner(*runner_args) as runner:
        chunk = runner.chunk_size(n)
        start = 1 << 41
        jobs = [(shipped, bots, seed, list(range(start + c, start + min(n, c + chunk)))) for c in range(0, n, chunk)]
        runner.run(play_games, jobs, lambda columns: got.append(columns) or False)
    got.sort(key=lambda c: c["index"][0])
    return {key: [x for c in got for x in c[key]] for key in ("index", "win", "score", "length")}


def _check(rows: np.ndarray, aim: _Target, tolerance: float, raced_meets: bool) -> dict:
    """The fresh games' response with fixed-n 95% intervals (Wilson for a win rate, t otherwise)."""
    from rometools.core.balance import mean_interval
    from rometools.core.stats import proportion_estimate

    n = len(rows)
    resp, lows, highs = [], [], []
    for j, goal in enumerate(aim.goal):
        x = rows[:, j]
        if aim.kind == "win":
            est = proportion_estimate(int(x.sum()), n)
            m, lo, hi = est.estimate, est.low, est.high
        else:
            m, lo, hi = mean_interval(x) if n > 1 else (float(x.mean()), math.nan, math.nan)
        resp.append(m - goal)
        lows.append(lo - goal)
        highs.append(hi - goal)
    inside = all(-tolerance <= lo and hi <= tolerance for lo, hi in zip(lows, highs, strict=True))
    near = all(abs(r) <= tolerance for r in resp)
    return {"games": n, "response": tuple(resp), "low": tuple(lows), "high": tuple(highs),
            "confirmed": True if inside else "estimate" if near else False}


def _value_interval(cands: Sequence[Candidate]) -> tuple[float, float] | tuple[()] | None:
    """The values where every coordinate's response band contains 0 (every seat's, for every seat's
    win rate: a trial saw P1's band alone allow "80 to above 400" while P2 stayed 20 points off), by
    linear interpolation of each band's edges between neighbouring candidates: one interval; ``()``
    when no value is in every coordinate's band; None when fewer than two numeric candidates played
    or when the values allowed are several pieces (a response that crosses 0 more than once).

    A coordinate's response need not be monotone: a seat whose band holds 0 at every value tried
    (a noisy, flat response) allows them all (a trial's every-seat tune printed no line at all).

    >>> def c(v, *r):   # a response of two seats, each with a band of +-0.01
    ...     return Candidate(v, 100, r, tuple(x - 0.01 for x in r), tuple(x + 0.01 for x in r), 0, 0, 0, "")
    >>> _value_interval([c(0, -0.1, 0.05), c(10, 0.0, 0.05), c(20, 0.1, 0.05)])
    ()
    >>> _value_interval([c(0, -0.1, 0.1), c(10, 0.0, 0.0), c(20, 0.1, -0.1)])
    (9.0, 11.0)
    >>> _value_interval([c(0, -0.1, 0.0), c(10, 0.0, 0.001), c(20, 0.1, -0.001)])   # the flat seat allows all
    (9.0, 11.0)
    """
    if not cands:
        return None
    allowed = None
    for j in range(len(cands[0].response)):
        pieces = _coordinate_pieces(cands, j)
        if pieces is None:
            return None
        allowed = pieces if allowed is None else [
            (max(a, c), min(b, d)) for a, b in allowed for c, d in pieces if max(a, c) <= min(b, d)]
    if allowed is None or len(allowed) > 1:
        return None
    return allowed[0] if allowed else ()


def _coordinate_pieces(cands: Sequence[Candidate], j: int) -> list[tuple[float, float]] | None:
    """The values whose band of coordinate ``j`` contains 0, as intervals in increasing order: the
    band's low and high edges interpolated linearly between neighbouring candidates; ``-inf`` or
    ``inf`` where the band still holds 0 at the smallest or largest value tried. None with fewer
    than two numeric candidates played."""
    pts = sorted((c.value, c.low[j], c.high[j]) for c in cands
                 if c.games and isinstance(c.value, int | float) and math.isfinite(c.response[j])
                 and math.isfinite(c.low[j]) and math.isfinite(c.high[j]))
    if len(pts) < 2:
        return None
    pieces: list[list[float]] = []
    for (x0, l0, h0), (x1, l1, h1) in zip(pts, pts[1:], strict=False):
        a, b = 0.0, 1.0   # the share of the way from x0 to x1 where low <= 0 <= high
        for y0, y1, below in ((l0, l1, True), (h0, h1, False)):
            inside0, inside1 = (y0 <= 0, y1 <= 0) if below else (y0 >= 0, y1 >= 0)
            if not inside0 and not inside1:
                a, b = 1.0, 0.0
            elif inside0 != inside1:
                cross = y0 / (y0 - y1)
                a, b = (a, min(b, cross)) if inside0 else (max(a, cross), b)
        if a > b:
            continue
        lo, hi = x0 + (x1 - x0) * a, x0 + (x1 - x0) * b
        if pieces and lo <= pieces[-1][1]:
            pieces[-1][1] = max(pieces[-1][1], hi)
        else:
            pieces.append([lo, hi])
    out = [(float(lo), float(hi)) for lo, hi in pieces]
    if out and out[0][0] == pts[0][0]:
        out[0] = (-math.inf, out[0][1])
    if out and out[-1][1] == pts[-1][0]:
        out[-1] = (out[-1][0], math.inf)
    return out
