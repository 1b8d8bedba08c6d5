"""Self-play at scale for every registered game: one row per game and seat.

:func:`simulate` plays ``n_games`` seeded games of any registered game with a
bot per seat and returns a tidy :class:`pandas.DataFrame`; the metrics of
:mod:`rometools.core.balance` read it. Games are independent: game ``i`` draws
from ``numpy.random.SeedSequence(seed).spawn(n_games)[i]``, split into one
stream for chance (the set-up and every draw) and one for the bots, so

* the results are identical whatever the executor and the number of workers;
* with ``rotate=True`` ("duplicate" play) each seed is played once per cyclic
  rotation of the bots over the seats, every rotation seeing the same chance
  stream, so seat luck cancels between seats;
* two variants played on the same seeds (:func:`rometools.core.paired.compare_variants`)
  share their chance streams (common random numbers).

Executors (:mod:`rometools.core.executors`, re-exported here): ``"serial"``; ``"process"`` (``concurrent.futures``, chunked, on
one pool of worker processes kept for every later run: :func:`process_pool`);
``"dask"`` (``dask.distributed``: a :func:`local_cluster` on this machine, or
``address=`` of an existing scheduler, which is how a sweep outgrows one
machine).
"""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from rometools.core.bots import Bot
from rometools.core.errors import ArgumentError
from rometools.core.executors import (  # noqa: F401 - re-exported: simulate's executors, where they were
    _CLUSTER,
    _POOL,
    _POOL_LOCK,
    EXECUTORS,
    MIN_CHUNK,
    QUIET_CLUSTER,
    TASK_SECONDS,
    _check_workers,
    _Chunker,
    _dask_map,
    _kept_client,
    _registry_now,
    _timed,
    _worker_ready,
    close_cluster,
    close_pool,
    local_cluster,
    process_pool,
    run_chunks,
)
from rometools.core.formatting import counted, shown
from rometools.core.load import Game, load_game
from rometools.core.playout import _play_seats, _seeds
from rometools.core.registry import game_spec
from rometools.core.spec import _movers_by_replay, scores_ranks_and_parts

__all__ = ["EXECUTORS", "check_rotation", "close_cluster", "close_pool", "game_streams", "local_cluster", "play_chunk",
           "process_pool", "replay_game", "run_chunks", "simulate"]

_BASE_COLUMNS = ["game", "seed", "rotation", "seat", "player", "bot", "score", "rank", "win",
                 "shared_win", "moves", "length", "game_length"]


def game_streams(seed: int, n_games: int, index: int) -> tuple[np.random.Generator, np.random.Generator]:
    """(chance generator, bot generator) of game ``index`` of a run of ``n_games`` from ``seed``:
    ``default_rng`` of the two children of ``SeedSequence(seed).spawn(n_games)[index]``.

    Examples
    --------
    >>> a, b = game_streams(1, 10, 3)
    >>> game = np.random.SeedSequence(1).spawn(10)[3].spawn(2)
    >>> [int(a.integers(100)), int(b.integers(100))] == [int(np.random.default_rng(game[k]).integers(100))
    ...                                                  for k in (0, 1)]
    True
    """
    return tuple(np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(index, k))))
                 for k in (0, 1))


def _streams(seed: int, index: int) -> tuple[np.random.Generator, np.random.Generator]:
    """:func:`game_streams` for any ``n_games > index``, built directly: a spawned child's seed
    sequence is ``SeedSequence(seed, spawn_key=(index,))``, and its children's spawn keys are
    ``(index, 0)`` and ``(index, 1)``; ``Generator(PCG64(...))`` is what ``default_rng`` makes
    of a seed sequence (about 10 us a game less than spawning), and :func:`rometools.core._seeds.seeded`
    makes it (the same generators, their sequences' entropy and spawn keys too) in a fifth of the time."""
    return _seeds.seeded(seed, (index, 0)), _seeds.seeded(seed, (index, 1))


def check_rotation(bots: Sequence[str]) -> None:
    """Refuse seat rotation when every seat has the same bot: each rotation would replay the same game.

    :func:`simulate` calls it for ``rotate=True`` before its first game; the
    balance lab's explorer calls it before playing either variant, so both
    refuse in the same words.

    Parameters
    ----------
    bots : sequence of str
        The bot name of each seat (one per seat).

    Raises
    ------
    ArgumentError
        Naming the bot and the number of seats, when every seat has the same bot.

    Examples
    --------
    >>> check_rotation(["greedy", "random"])
    >>> check_rotation(["greedy"] * 3)
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: every seat has bot 'greedy', so rotating the bots over the seats would replay each game 3 times and count it as 3 games; give the seats different bots, or turn rotation off
    """
    if len(set(bots)) == 1:
        n = len(bots)
        raise ArgumentError(f"every seat has bot {bots[0]!r}, so rotating the bots over the seats would "
                            f"replay each game {counted(n, 'time')} and count it as {counted(n, 'game')}; "
                            f"give the seats different bots, or turn rotation off")


def play_chunk(game_id: str, config: dict | Any, bots: Sequence[str], seed: int, n_games: int,
               indices: Sequence[int], rotations: int) -> dict[str, list]:
    """Rows of the games ``indices`` (every rotation of each): the worker of every executor.

    ``config`` is the config's ``to_dict()`` (so it travels to another
    process) or a config object. The rows come as columns (``{column:
    [value per row]}``), which travel between processes and become a
    DataFrame several times faster than one dict per row. A process loads
    the game of a dict once for all its chunks (:data:`_LAST_GAME`), however
    many runs ask for it.
    """
    spec = game_spec(game_id)
    if not isinstance(config, Mapping):
        return _play_games(load_game(game_id, config=config), bots, seed, indices, rotations)
    kept = _LAST_GAME[0]
    if kept is not None and kept[0] is spec and kept[1] == config:
        game = kept[2]
    else:  # a file option's entry names its file's SHA-256: an equal dict is the same game
        game = load_game(game_id, config=spec.config.from_dict(config))
        _LAST_GAME[0] = (spec, config, game)
    return _play_games(game, bots, seed, indices, rotations)


#: The game :func:`play_chunk` loaded last in this process, ``(spec, config dict, Game)``: a worker
#: of the kept pool plays every chunk of a run, and of the runs after it, without loading the
#: game again (building a config from its dict took about 0.2 ms, a pool task's whole cost again).
_LAST_GAME: list = [None]


def _play_games(game: Game, bots: Sequence[str], seed: int, indices: Sequence[int], rotations: int) -> dict[str, list]:
    """:func:`play_chunk` on a loaded game."""
    columns = _Columns()
    # a game without movers of its own finds them by replaying the game: count the decisions as they
    # are made instead (a third of a Via Romana or Pig game's time in a run went to the replay)
    counted = getattr(game.spec.movers, "func", None) is _movers_by_replay
    # the cyclic collector paused while a game is played and its row made, and resumed once its states
    # are freed: it collects at game boundaries (a game makes no cyclic garbage, check_game's
    # reference_cycles), not by allocation counts mid-game, when it traversed the live game's states
    paused = gc.isenabled()
    for i in indices:
        for r in range(rotations):
            if paused:
                gc.disable()
            try:
                game_columns = _game_columns(game, bots, seed, i, r, counted)
            finally:
                if paused:
                    gc.enable()
            columns.add(game_columns)
    return columns.data


def _game_columns(game: Game, bots: Sequence[str], seed: int, i: int, r: int, counted: bool) -> dict[str, list]:
    """The rows of game ``i``, rotation ``r``, as columns (:func:`_play_games`): its states are freed on return."""
    spec = game.spec
    n = game.players
    # the length in the game's own unit (GameSpec.game_length: Augustus draws, Via Romana turns), as compare
    # and tune count it; a game counted in decisions has it already (never measured twice)
    unit, measure = spec.game_length
    seat_bots = [bots[(s - r) % n] for s in range(n)]
    if counted:   # each seat's decisions counted by the play loop itself
        tally = [0] * n
        end = _play_one(game, seat_bots, seed, i, tally)
        moves, length = tally, sum(tally)
    else:
        end = _play_one(game, seat_bots, seed, i)
        players = spec.movers(end)
        moves, length = [players.count(s) for s in range(n)], len(players)
    scores, ranks, parts = scores_ranks_and_parts(spec, end)   # the scores once (ranks read them), the parts once
    winners = sum(1 for k in ranks if k == 1)
    extras = spec.extras(end)
    game_columns = {"game": [i] * n, "seed": [seed] * n, "rotation": [r] * n, "seat": list(range(n)),
                    "player": [f"P{s + 1}" for s in range(n)], "bot": list(seat_bots),
                    "score": [int(x) for x in scores], "rank": [int(k) for k in ranks],
                    "win": [k == 1 for k in ranks], "shared_win": [k == 1 and winners > 1 for k in ranks],
                    "moves": moves, "length": [length] * n,
                    "game_length": [length if unit == "decisions" else int(measure(end))] * n}
    for key, value in extras.items():
        game_columns[key] = [value] * n
    for key in parts[0]:
        if key != "total":
            game_columns[f"points_{key}"] = [parts[s][key] for s in range(n)]
    return game_columns


class _Columns:
    """Rows gathered as columns, ``{column: [value per row]}``: a column that some games lack
    is ``None`` in their rows (as pandas fills a list of dicts)."""

    def __init__(self):
        self.data: dict[str, list] = {}
        self.rows = 0

    def add(self, more: Mapping[str, list]) -> None:
        """Append rows given as columns of fresh lists (a first chunk's lists are kept, not copied:
        a serial run adds each game's columns twice, into its chunk and into the run)."""
        k = len(next(iter(more.values()), ()))
        if not self.data and not self.rows:
            self.data, self.rows = dict(more), k
            return
        for key, values in more.items():
            column = self.data.get(key)
            if column is None:
                column = self.data[key] = [None] * self.rows
            column.extend(values)
        for key, column in self.data.items():
            if key not in more:
                column.extend([None] * k)
        self.rows += k


def _the_game(game: str | Game, players: int | None, config: Mapping[str, Any] | Any) -> Game:
    """The :class:`~rometools.core.game.Game` a run plays: ``game`` itself, or the registered id
    loaded with ``players`` and ``config`` (options or a ready config), as :func:`simulate` takes them."""
    if isinstance(game, Game):
        if players is not None or config is not None:
            raise ArgumentError("pass options either in the Game or as players/config, not both")
        return game
    options = {} if config is None else config
    if isinstance(options, Mapping):
        return load_game(game, **{**dict(options), **({"players": players} if players is not None else {})})
    return load_game(game, config=options)


def _play_one(game: Game, seat_bots: Sequence[str | Bot], seed: int, index: int, tally: list[int] | None = None):
    """The final state of game ``index`` of a run from ``seed``, one bot (or its name) per seat;
    ``tally``: each seat's decisions added to it (:func:`rometools.core.playout._play_seats`).

    Every rotation of a seed starts its two streams afresh from the seed: the same
    chance outcomes, whichever bots sit where (as ``play(game, seat_bots, bots, chance_rng=chance)``).
    """
    chance, bots = _streams(seed, index)
    return _play_seats(game, game.bots(seat_bots), bots, chance, tally=tally)


def replay_game(game: str | Game, results, index: int, *, rotation: int = 0, players: int | None = None,
                config: Mapping[str, Any] | Any = None):
    """Play again one game of a :func:`simulate` run: its final state, whose history is the game.

    A row of the results (or of the CSV ``rometools simulate --out`` writes)
    names its game by the run's ``seed`` and its number ``game`` (and
    ``rotation``): game ``index`` draws from ``SeedSequence(seed, spawn_key=(index,))``.
    This plays that game again with the seats' bots read from the rows, and
    checks that it scores what the rows say.

    Parameters
    ----------
    game : str or Game
        The run's game: a registered id or a :class:`~rometools.core.game.Game`
        (with the run's options).
    results : pandas.DataFrame, str or PathLike
        The run's rows (from :func:`simulate`, or read back from its CSV), or
        the path of the ``.csv`` or ``.parquet`` file the command wrote:
        columns ``game, seed, rotation, seat, bot, score``.
    index : int
        The game's number (the ``game`` column).
    rotation : int
        The seat rotation (the ``rotation`` column; 0 without ``rotate``).
    players, config
        The run's options, as :func:`simulate` took them.

    Returns
    -------
    state
        The game's final state (``rometools.caesars_empire.game_log(state)``
        lists the Caesar's Empire moves).

    Raises
    ------
    ArgumentError
        When ``index`` or ``rotation`` is not a whole number, the results hold
        no such game or miss a seat's row, or the replayed game scores other
        than the rows (the run was of another game or had other options).

    Examples
    --------
    >>> df = simulate("caesars_empire", 3, bots=["greedy", "random"], players=2, seed=7, progress=False)
    >>> end = replay_game("caesars_empire", df, 2, players=2)
    >>> from rometools.caesars_empire import scores
    >>> list(scores(end)) == df[df["game"] == 2]["score"].tolist()
    True
    >>> replay_game("caesars_empire", df, 2)  # the run had 2 players
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: game 2 of the results (seed 7, rotation 0) has 2 seats, but this game has 4 players; pass the run's options (players, config)
    """
    import pandas as pd

    game = _the_game(game, players, config)
    for label, column, value in (("the game number", "game", index), ("the rotation", "rotation", rotation)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
            raise ArgumentError(f"{label} must be a whole number 0 or more (the results' {column} column), "
                                f"got {value!r}")
    if isinstance(results, str | os.PathLike):
        path = os.fspath(results)
        try:
            results = pd.read_parquet(path) if path.endswith(".parquet") else pd.read_csv(path)
        except (OSError, ValueError) as err:
            raise ArgumentError(f"{path}: cannot be read as the rows of a run ({err})") from None
    if not isinstance(results, pd.DataFrame):
        raise ArgumentError(f"the results must be the rows simulate() returned (a pandas DataFrame) or the path "
                            f"of their CSV, got {type(results).__name__}")
    missing = [c for c in ("game", "seed", "rotation", "seat", "bot", "score") if c not in results.columns]
    if missing:
        raise ArgumentError(f"the results have no {', '.join(missing)} column; give the rows simulate() returned "
                            f"or its CSV read back")
    games = results[results["game"] == index]
    if games.empty:
        runs = sorted(set(results["game"].tolist()))
        span = f"games {runs[0]} to {runs[-1]}" if runs else "no games"
        raise ArgumentError(f"the results hold no game {index} ({span})")
    rows = games[games["rotation"] == rotation].sort_values("seat")
    if rows.empty:
        held = sorted(set(games["rotation"].tolist()))
        raise ArgumentError(f"the results hold game {index} with rotation{'s' if len(held) > 1 else ''} "
                            f"{', '.join(map(str, held))}, not {rotation}")
    seeds = set(rows["seed"].tolist())
    if len(seeds) != 1:
        raise ArgumentError(f"game {index} appears with seeds {sorted(seeds)}: give the rows of one run")
    seed = int(seeds.pop())
    where = f"game {index} of the results (seed {seed}, rotation {rotation})"
    seats = [int(x) for x in rows["seat"]]
    if seats != list(range(len(seats))):
        lost = sorted(set(range(max(seats) + 1)) - set(seats))
        raise ArgumentError(f"{where} has rows for seats {', '.join(map(str, seats))}"
                            + (f" but none for seat {', '.join(map(str, lost))}" if lost else " (a seat twice)")
                            + "; give every row of the run")
    if len(rows) != game.players:
        raise ArgumentError(f"{where} has {len(rows)} seats, but this game has {game.players} players; "
                            f"pass the run's options (players, config)")
    end = _play_one(game, [str(b) for b in rows["bot"]], seed, int(index))
    scores = [int(x) for x in game.scores(end)]
    recorded = [int(x) for x in rows["score"]]
    if scores != recorded:
        raise ArgumentError(f"{where} scored {recorded}, but {game.title} played again with these options "
                            f"scores {scores}; pass the run's game and options (players, config)")
    return end




class _Callback:
    """A progress "bar" that reports ``(games done, games in all)`` to a function."""

    def __init__(self, report, total: int):
        self.report, self.total, self.done = report, total, 0

    def update(self, k: int) -> None:
        self.done += k
        self.report(self.done, self.total)

    def close(self) -> None:
        pass


def _progress(total: int, progress, desc: str):
    if callable(progress):
        return _Callback(progress, total)
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game")


def simulate(game: str | Game, n_games: int, *, players: int | None = None,
             bots: str | Sequence[str] = "random", seed: int = 0, config: Mapping[str, Any] | Any = None,
             executor: str = "serial", workers: int | None = None, address: str | None = None,
             rotate: bool = False, progress: bool | Callable[[int, int], None] = True):
    """Play ``n_games`` seeded games; one row per game, rotation and seat.

    Parameters
    ----------
    game : str or Game
        A registered game id (``"caesars_empire"``) or a :class:`~rometools.core.game.Game`.
    n_games : int
        Seeds to play (games; with ``rotate`` each seed is played once per seat).
    players : int, optional
        Seats (a config option; default the game's).
    bots : str or sequence of str
        A bot name for every seat, or one per seat (``game.spec.bots``).
    seed : int
        The run's seed: game ``i`` uses ``SeedSequence(seed).spawn(n_games)[i]``.
    config : Mapping or config object, optional
        Further options (``{"route_policy": "first"}``) or a ready config.
    executor : {"serial", "process", "dask"}
        Where the games run; the results are the same. ``"process"`` plays on
        the pool :func:`process_pool` keeps for every run, ``"dask"`` without an
        ``address`` on a :func:`local_cluster` kept the same way
        (:func:`close_pool`, :func:`close_cluster`): a run starts no process.
    workers : int, optional
        Processes for ``"process"``, or the workers of the ``"dask"`` cluster
        (default: the CPU count).
    address : str, optional
        A running Dask scheduler (``"tcp://host:8786"``), with ``executor="dask"``
        only; default the kept :func:`local_cluster`. Its games are chunked for
        the threads of the workers it has (or for ``workers``).
    rotate : bool
        Play each seed once per cyclic rotation of the bots over the seats
        (refused when every seat has the same bot: each rotation would replay
        the same game). The rotations of one seed share its chance outcomes,
        so they are not independent games: an interval over rows treats them
        as if they were.
    progress : bool or callable
        Show a tqdm progress bar (a widget in notebooks); or a function called
        as ``progress(games done, games in all)`` (an explorer's own bar).

    Returns
    -------
    pandas.DataFrame
        Columns ``game, seed, rotation, seat, player, bot, score, rank, win,
        shared_win, moves, length`` (decisions: every seat's move), ``game_length``
        (the game's own unit, ``GameSpec.game_length``: Augustus draws, Via Romana
        turns, else decisions; as ``compare`` and ``tune`` count it), the game's extras (Caesar's Empire:
        ``gold_turns``) and points by category (``points_route``...), sorted
        by game, rotation and seat. ``win`` is rank 1 (with the rulebook's
        tiebreakers); ``shared_win`` marks a complete tie for first.
        ``df.attrs["game_id"]`` is the registered game's id (``game`` numbers
        the games of the run), which :func:`~rometools.core.paired.paired_differences`
        reads to refuse runs of two different games. ``seed`` is the run's
        seed: :func:`replay_game` plays any row's game again from it, its
        ``game`` and its ``rotation``. Interrupted (Ctrl-C, a notebook's Stop) after some
        games, it returns the games played, in the same rows, with
        ``df.attrs["interrupted"] = True`` and a ``RuntimeWarning`` saying how many.

    Raises
    ------
    ArgumentError
        For an unknown game, bot or executor, a bad option, a count that is
        not a positive whole number, ``rotate`` with the same bot in every
        seat, an ``address`` without ``executor="dask"``, or one where no Dask
        scheduler answers or the scheduler has no workers.

    Examples
    --------
    >>> df = simulate("caesars_empire", 4, bots="greedy", seed=1, progress=False)
    >>> len(df), sorted(df.columns)[:4]
    (16, ['bot', 'game', 'game_length', 'gold_turns'])
    >>> df.equals(simulate("caesars_empire", 4, bots="greedy", seed=1, progress=False))
    True
    >>> df.attrs["game_id"]
    'caesars_empire'
    """
    import pandas as pd

    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ArgumentError(f"the number of games must be a whole number 1 or more, got {n_games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ArgumentError(f"the seed must be a whole number 0 or more, got {seed!r}")
    if executor not in EXECUTORS:
        raise ArgumentError(f"unknown executor {executor!r}; choose one of {', '.join(EXECUTORS)}")
    _check_workers(workers)
    if address is not None and executor != "dask":
        raise ArgumentError(f"address {shown(address, 80)} names a Dask scheduler: it needs executor='dask', "
                            f"not {executor!r}")
    game = _the_game(game, players, config)
    names = game.bots(bots)  # checks names and count
    bot_names = [b.name for b in names]
    if rotate:
        check_rotation(bot_names)
    rotations = game.players if rotate else 1
    config_dict = game.config.to_dict()
    bar = _progress(n_games, progress, f"{game.title}: {game.players} players")
    rows = _Columns()
    played = 0
    interrupted = False
    try:
        def take(chunk: dict[str, list], k: int) -> None:
            nonlocal played
            rows.add(chunk)
            played += k
            if bar is not None:
                bar.update(k)

        serial = functools.partial(_play_games, game, bot_names, int(seed), rotations=rotations)  # loaded once
        remote = functools.partial(play_chunk, game.id, config_dict, bot_names, int(seed), n_games,
                                   rotations=rotations)
        run_chunks(serial if executor == "serial" else remote, n_games, executor=executor, workers=workers,
                   address=address, on_chunk=take)
    except KeyboardInterrupt:  # the designer stopped the run: the games played are kept, and said to be
        if not played:
            raise
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    df = pd.DataFrame(rows.data)
    extra = [c for c in df.columns if c not in _BASE_COLUMNS]
    df = df[_BASE_COLUMNS + extra].sort_values(["game", "rotation", "seat"], ignore_index=True)
    df.attrs["game_id"] = game.id  # which game the run is of (the "game" column numbers its games)
    if interrupted:
        import warnings

        df.attrs["interrupted"] = True
        warnings.warn(f"simulate was interrupted: {played:,} of {n_games:,} games played and kept "
                      "(df.attrs['interrupted'] is True)", RuntimeWarning, stacklevel=2)
    return df
