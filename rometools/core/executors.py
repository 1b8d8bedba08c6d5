"""Where seeded games are played: serially, on a kept process pool, or on Dask.

:func:`run_chunks` hands the games' indices to an executor of :data:`EXECUTORS` in
chunks sized by the CPU time the first ones took (:class:`_Chunker`, guided
self-scheduling); the process pool (:func:`process_pool`) and the local Dask cluster
(:func:`local_cluster`) are started on first use and kept for later runs.
:func:`rometools.core.simulate.simulate`, the game flow, compare and tune all play
through them; :mod:`rometools.core.simulate` re-exports every name here.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from rometools.core.errors import ArgumentError
from rometools.core.registry import game_spec

__all__ = ["EXECUTORS", "MIN_CHUNK", "POOL_TASK_SECONDS", "QUIET_CLUSTER", "TASK_SECONDS", "close_cluster", "close_pool",
           "dask_client", "local_cluster", "process_pool", "run_chunks"]

#: Executors :func:`~rometools.core.simulate.simulate` and :func:`run_chunks` know.
EXECUTORS = ("serial", "process", "dask")
#: CPU seconds a task of games aims at (:class:`_Chunker`, for ``"process"`` and ``"dask"``),
#: at least and at most. A Dask task costs the scheduler, client and worker 1.5 to 7 ms of
#: CPU: 16 chunks of 2,000 IMPERATOR greedy games (0.4 CPU s in all) cost a quarter more CPU
#: than serial play (the process pool's 128 chunks, 15%); a task of 0.2 s costs a few percent,
#: and one of at most 2 s keeps the progress bar moving and a Stop heard within seconds.
TASK_SECONDS = (0.2, 2.0)
#: The least CPU seconds of a task on the process pool (:func:`process_pool`), instead of
#: :data:`TASK_SECONDS`'s. A task there costs about 0.2 ms of CPU in all (pickling, the
#: pipe, the rows back), so a task of 20 ms costs about 1%. The least is also the size of
#: the last chunks, so it bounds how much longer one worker plays than the others at the
#: end of a run: with 0.2 s, 2,000 Caesar's Empire greedy games (0.4 CPU s a worker with 2)
#: ended with one worker up to a quarter busier than the other.
POOL_TASK_SECONDS = 0.02
MIN_CHUNK = 10
#: Dask settings of the ``LocalCluster`` :func:`local_cluster` starts. It has no
#: dashboard, so nothing reads the statistical profile each worker takes of its
#: running task every 10 ms, nor the system and memory monitors' samples (every
#: 500 and 100 ms), nor the event-loop tick checks (every 20 ms); on a machine with
#: as many workers as cores each of them takes CPU from a game (measured with
#: ``benchmarks/simulate.py``), so they are off or rare.
QUIET_CLUSTER = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}


class _Chunker:
    """The games' indices handed out chunk by chunk, each chunk sized by the time the ones before
    took (guided self-scheduling, as OpenMP's ``schedule(guided)``): first one chunk of
    ``MIN_CHUNK`` games a worker slot, which measures the game; then about ``remaining / (2 *
    slots)`` games, so the workers finish together, but no fewer than ``least`` CPU seconds'
    worth (default :data:`TASK_SECONDS`'s least) and no more than :data:`TASK_SECONDS`'s most.

    Examples
    --------
    >>> c = _Chunker(1000, slots=2)
    >>> c.take(), c.take()
    (range(0, 10), range(10, 20))
    >>> c.done(10, 0.01)           # 1 ms a game: a chunk of at least 0.2 s is 200 games
    >>> c.take(), c.take(), c.take()
    (range(20, 265), range(265, 465), range(465, 665))
    >>> c.take(), c.take(), c.take()
    (range(665, 865), range(865, 1000), None)
    """

    def __init__(self, n_games: int, slots: int, least: float = TASK_SECONDS[0]):
        self.n_games, self.slots, self.least = n_games, max(1, slots), least
        self.start = 0
        self.games = 0        # games timed so far
        self.seconds = 0.0    # and their CPU seconds

    def take(self) -> range | None:
        remaining = self.n_games - self.start
        if remaining <= 0:
            return None
        size = MIN_CHUNK
        if self.games:
            per_game = max(self.seconds / self.games, 1e-9)
            least, most = int(self.least / per_game), int(TASK_SECONDS[1] / per_game)
            size = max(MIN_CHUNK, least, min(most, -(-remaining // (2 * self.slots))))
        chunk = range(self.start, min(self.n_games, self.start + size))
        self.start = chunk.stop
        return chunk

    def done(self, games: int, seconds: float) -> None:
        """A chunk of ``games`` took ``seconds`` of CPU."""
        self.games += games
        self.seconds += seconds


def _timed(task: Callable[[range], Any], chunk: range) -> tuple[Any, float]:
    """``task(chunk)`` on a worker, and the CPU seconds it took there (its thread's)."""
    import time

    started = time.thread_time()
    result = task(chunk)
    return result, time.thread_time() - started

#: The kept process pool: ``[pool, workers, registry]`` (:func:`process_pool`).
_POOL: list = [None, 0, None]
_POOL_LOCK = threading.Lock()


def _registry_now() -> tuple:
    """The registered games as a pool's workers knew them when it started (each spec's identity)."""
    from rometools.core.registry import games

    return tuple((gid, id(game_spec(gid))) for gid in games())


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """The process pool ``simulate(..., executor="process")`` plays on, kept for every later run.

    Started on first use with ``workers`` processes (default: the CPU count),
    it is reused by every run asking for as many, so a run pays no process
    start, and the worker processes keep what they loaded (data files, a
    bot's caches). Another worker count, or games registered or replaced
    since it started (its workers would not know them), starts a new one;
    :func:`close_pool` closes it (and it closes when the interpreter exits).
    Callers with jobs of their own (a tuning run's batches) submit them here.

    Parameters
    ----------
    workers : int, optional
        Worker processes (default: the CPU count).

    Returns
    -------
    concurrent.futures.ProcessPoolExecutor

    Raises
    ------
    ArgumentError
        If ``workers`` is not a whole number 1 or more.

    Examples
    --------
    >>> pool = process_pool(2)
    >>> pool is process_pool(2), pool.submit(sum, [1, 2, 3]).result()
    (True, 6)
    >>> close_pool()
    """
    _check_workers(workers)
    workers = workers or os.cpu_count() or 1
    registry = _registry_now()
    with _POOL_LOCK:
        pool, running, known = _POOL
        if pool is None or running != workers or known != registry:
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            pool = ProcessPoolExecutor(max_workers=workers)
            _POOL[:] = [pool, workers, registry]
        return pool


def close_pool() -> None:
    """Close the kept process pool (:func:`process_pool`), if there is one; the next run starts another.

    >>> close_pool()
    """
    with _POOL_LOCK:
        pool = _POOL[0]
        _POOL[:] = [None, 0, None]
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def run_chunks(task: Callable[[list[int]], Any], n_games: int, *, executor: str = "serial",
               workers: int | None = None, address: str | None = None,
               on_chunk: Callable[[Any, int], None]) -> None:
    """Run ``task(indices)`` over the games ``0 .. n_games - 1`` with an executor of :data:`EXECUTORS`,
    calling ``on_chunk(result, games in it)`` as each chunk of games is done (in the order they
    finish): :func:`~rometools.core.simulate.simulate`'s executors, for any per-game work (:func:`rometools.core.flow.flow`).

    ``task`` is a module-level function, or a :func:`functools.partial` of one, so that it
    travels to another process; ``"serial"`` calls it one game at a time. A
    ``KeyboardInterrupt`` reaches the caller once the pool has stopped (the chunks done have
    been given to ``on_chunk``).

    Examples
    --------
    >>> done = []
    >>> run_chunks(lambda indices: [i * i for i in indices], 4, on_chunk=lambda r, k: done.extend(r))
    >>> done
    [0, 1, 4, 9]
    """
    if executor == "serial":
        for i in range(n_games):
            on_chunk(task([i]), 1)
    elif executor == "process":
        workers = workers or os.cpu_count() or 1
        chunker = _Chunker(n_games, workers, POOL_TASK_SECONDS)
        futures: dict = {}   # in flight: future -> games in it

        def submit(pool) -> None:
            chunk = chunker.take()
            if chunk is not None:
                futures[pool.submit(_timed, task, chunk)] = len(chunk)

        pool = process_pool(workers)
        try:
            try:
                submit(pool)
            except BrokenProcessPool:   # a worker of the kept pool died since its last run: a new pool
                close_pool()
                pool = process_pool(workers)
                submit(pool)
            for _ in range(2 * workers - 1):   # two chunks in flight a worker
                submit(pool)
            while futures:
                finished, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in finished:
                    k = futures.pop(future)
                    result, seconds = future.result()
                    chunker.done(k, seconds)
                    submit(pool)
                    on_chunk(result, k)
        finally:   # an interrupt or an error drops the games not started; the pool stays for the next run
            for future in futures:
                future.cancel()
    else:
        _dask_map(task, n_games, workers, address, on_chunk)


def _check_workers(workers) -> None:
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ArgumentError(f"workers must be a whole number 1 or more, got {workers!r}")


def local_cluster(workers: int | None = None):
    """The Dask ``LocalCluster`` ``simulate(..., executor="dask")`` starts when given no ``address``.

    One single-threaded worker process per core (or ``workers``), on loopback,
    with no dashboard and with the settings :data:`QUIET_CLUSTER`. Start one
    yourself to keep it across several runs, and pass its
    ``scheduler_address`` as ``address=``.

    Parameters
    ----------
    workers : int, optional
        Worker processes (default: the CPU count).

    Returns
    -------
    dask.distributed.LocalCluster
        Running; close it with ``close()`` (or use it in a ``with`` block).

    Raises
    ------
    ArgumentError
        If ``workers`` is not a whole number 1 or more.

    Examples
    --------
    A script that starts a cluster does so under ``if __name__ == "__main__":``
    (its workers are new processes that import the script).

    >>> import dask
    >>> from dask.distributed import Client
    >>> from rometools.core.simulate import local_cluster, simulate
    >>> with local_cluster(1) as cluster, Client(cluster) as client:
    ...     df = simulate("caesars_empire", 4, bots="greedy", seed=1, executor="dask",
    ...                   address=cluster.scheduler_address, progress=False)
    ...     profiling = client.run(dask.config.get, "distributed.worker.profile.enabled")
    >>> len(df), list(profiling.values())  # 4 games of 4 seats; the worker takes no profiles
    (16, [False])
    """
    _check_workers(workers)
    import dask
    from dask.distributed import LocalCluster

    # the workers take a copy of the configuration when they start
    with dask.config.set(QUIET_CLUSTER):
        return LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                            dashboard_address=None, host="127.0.0.1")


def dask_client(address: str):
    """A client of the Dask scheduler at ``address``, or an error naming the address once.

    Parameters
    ----------
    address : str
        A running scheduler's address, ``"tcp://host:8786"``.

    Returns
    -------
    dask.distributed.Client

    Raises
    ------
    ArgumentError
        (``argument="address"``) ``address 'tcp://127.0.0.1:1': nothing listens there (connection
        refused)`` at once when the host refuses the port; ``address 'tcp://10.1.2.3:8786': no answer
        within 30 s (Dask's connect timeout, distributed.comm.timeouts.connect)`` for a silent host;
        ``address 'nonsense': not a Dask
        scheduler's address such as tcp://127.0.0.1:8786 (missing port number)`` for an address Dask
        cannot read. The address is said once, Dask's own words after it without it.
    """
    try:
        from dask.distributed import Client
    except ImportError:  # pragma: no cover - dask is a dependency
        raise ArgumentError("executor='dask' needs dask.distributed: pip install 'dask[distributed]'") from None
    from rometools.core.formatting import shown

    _check_listening(address)
    try:
        return Client(address)
    except OSError as err:  # no scheduler there
        raise ArgumentError(f"address {shown(address, 80)}: no Dask scheduler answered "
                            f"({_without_address(err, address)})", argument="address") from None
    except (ValueError, TypeError) as err:  # an address Dask cannot read
        raise ArgumentError(f"address {shown(address, 80)}: not a Dask scheduler's address such as "
                            f"tcp://127.0.0.1:8786 ({_without_address(err, address)})", argument="address") from None


def _check_listening(address: str) -> None:
    """Refuse a ``tcp://`` scheduler address at once when nothing listens there: Dask retries a refused
    connection until its connect timeout (30 s by default), so ``--address tcp://127.0.0.1:1`` took 43 s
    to be refused. A host that does not answer at all is still waited for, for Dask's connect timeout,
    which the refusal states. Other schemes (``tls://``, ``inproc://``) and addresses Dask cannot read
    are left to Dask.

    >>> _check_listening("tcp://127.0.0.1:1")
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: address 'tcp://127.0.0.1:1': nothing listens there (connection refused)
    """
    import socket

    import dask
    from dask.utils import parse_timedelta
    from distributed.comm import parse_address, parse_host_port

    from rometools.core.formatting import number, shown

    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location)
    except (ValueError, TypeError):
        return   # Dask's own refusal names what is wrong with it
    if scheme != "tcp" or not isinstance(port, int) or not 0 < port < 65536:
        return
    wait = parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), default="seconds")
    try:
        socket.create_connection((host, port), timeout=wait).close()
    except ConnectionRefusedError:
        raise ArgumentError(f"address {shown(address, 80)}: nothing listens there (connection refused)",
                            argument="address") from None
    except TimeoutError:
        raise ArgumentError(f"address {shown(address, 80)}: no answer within {number(wait)} s (Dask's connect "
                            "timeout, distributed.comm.timeouts.connect)", argument="address") from None
    except OSError:   # a name that does not resolve, an unreachable network: left to Dask, which says it
        return


def _without_address(err: BaseException, address: str) -> str:
    """Dask's words about ``address``, the address left out (the message names it once, in front).

    >>> _without_address(OSError("Timed out trying to connect to tcp://h:1 after 30 s"), "tcp://h:1")
    'Timed out trying to connect after 30 s'
    >>> _without_address(ValueError("missing port number in address 'nonsense'"), "nonsense")
    'missing port number'
    """
    text = str(err)
    for said in (f" to {address}", f" in address {address!r}", f" {address!r}", f" {address}"):
        text = text.replace(said, "")
    return text.replace(address, "it").strip() or type(err).__name__


def _dask_map(task, n_games, workers, address, on_chunk) -> None:
    try:
        from dask.distributed import as_completed as dask_completed
    except ImportError:  # pragma: no cover - dask is a dependency
        raise ArgumentError("executor='dask' needs dask.distributed: pip install 'dask[distributed]'") from None
    import dask

    from rometools.core.formatting import shown

    kept = address is None   # the kept local cluster (started on first use), its own client
    client = _kept_client(workers) if kept else dask_client(address)
    try:
        if address is not None:  # a scheduler with no workers would leave the games waiting for ever
            wait = dask.config.get("distributed.comm.timeouts.connect")
            try:
                client.wait_for_workers(1, timeout=wait)
            except TimeoutError:
                raise ArgumentError(f"address {shown(address, 80)}: the Dask scheduler there has no workers "
                                    f"(waited {wait})", argument="address") from None
        # every worker loads the game (an empty chunk) before the games are shared out: a worker's
        # first chunk of a game paid its modules' imports and data files (Caesar's Empire: 0.36 CPU s,
        # a third of 2,000 greedy games), and a worker no chunk had reached yet paid it in the next run
        client.run(task, [])
        # chunks for the workers there are (threads, one game at a time each), unless told, two in
        # flight a slot, each sized by the time the chunks before took
        chunker = _Chunker(n_games, workers or sum(client.nthreads().values()) or 1)
        futures, sizes = [], {}
        running = dask_completed()

        def submit() -> None:
            chunk = chunker.take()
            if chunk is not None:
                future = client.submit(_timed, task, chunk, pure=False)
                futures.append(future)
                sizes[future.key] = len(chunk)
                running.add(future)

        try:
            for _ in range(2 * chunker.slots):
                submit()
            for future in running:
                result, seconds = future.result()
                chunker.done(sizes[future.key], seconds)
                submit()
                on_chunk(result, sizes[future.key])
        finally:   # an interrupt or an error: the games not played yet are not played
            client.cancel(futures)
    finally:
        if not kept:
            client.close()


#: The local Dask cluster ``simulate(..., executor="dask")`` plays on without an ``address``, kept for
#: later runs: ``[cluster, client, workers]``.
_CLUSTER: list = [None, None, 0]


def _kept_client(workers: int | None):
    """A client of the kept :func:`local_cluster` of ``workers`` (default: the CPU count) worker
    processes, started on first use; another worker count, or a cluster that stopped, starts anew.
    Starting one costs its workers' interpreters and imports (seconds of CPU): a run per cluster
    paid that every time."""
    from dask.distributed import Client

    workers = workers or os.cpu_count() or 1
    with _POOL_LOCK:
        cluster, client, running = _CLUSTER
        if cluster is not None and (running != workers or client.status != "running"
                                    or cluster.status.name != "running"):
            close_cluster()
            cluster = None
        if cluster is None:
            cluster = local_cluster(workers)
            client = Client(cluster)
            client.run(_worker_ready)   # the imports every run needs, paid with the start
            _CLUSTER[:] = [cluster, client, workers]
        return client


def _worker_ready() -> None:
    """Import on a new worker what every run plays with (the play loop, numpy, the registry)."""
    import numpy  # noqa: F401

    import rometools.core.load  # noqa: F401
    import rometools.core.playout  # noqa: F401
    from rometools.core.registry import games

    games()


def close_cluster() -> None:
    """Close the local Dask cluster kept by ``simulate(..., executor="dask")``, if there is one.

    >>> close_cluster()
    """
    cluster, client, _ = _CLUSTER
    _CLUSTER[:] = [None, None, 0]
    if client is not None:
        client.close()
    if cluster is not None:
        cluster.close()
