"""Running a plan's games: in this process, in worker processes, or on a Dask cluster, in
chunks of consecutive games; collecting them in index order; stopping cleanly on Ctrl-C.

The results never depend on how the games were run: each game's seed comes from the run's
seed and its index only, and the :class:`Collector` hands games on in index order whatever
order the chunks come back in (docs/simulation.md, "Seeds and workers").
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import pickle
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed, wait
from typing import Any, Literal

import attrs

from ..agents import make_agent
from ..engine import Seat
from ..engine.setup import forget_seats
from ..errors import GameSetupError
from ..ruleset import STANDARD, Ruleset
from ._extras import require_distributed
from ._games import MAX_TABLES, GameResult, ObserverFactory, Plan, play_chunk, play_one
from ._summary import SimulationResult

__all__ = ["Collector", "Progress", "chunks", "simulate"]

#: ``progress(done, total)``: called in the calling process as games finish.
Progress = Callable[[int, int], None]

#: The most games in one chunk (a task for a worker).
MAX_CHUNK = 200

#: Chunks per worker: enough to balance the load and show progress, few enough that the
#: cost of a task (some 0.1 ms) stays small next to its games (some 0.5 ms each, random).
CHUNKS_PER_WORKER = 16


class Collector:
    """Games as they come back, in any order; handed on in index order.

    :meth:`add` takes the games of a chunk. ``on_game`` is called for each game, in index
    order, as soon as every earlier game is in; :attr:`ready` is that prefix (games 0 to
    ``len(ready) - 1``), what an interrupted run reports. ``keep_records=False`` drops each
    record after ``on_game`` has seen it.
    """

    def __init__(
        self,
        total: int,
        on_game: Callable[[GameResult], None] | None = None,
        *,
        keep_records: bool = True,
    ) -> None:
        self.total = total
        self.ready: list[GameResult] = []
        self._waiting: dict[int, GameResult] = {}
        self._on_game = on_game
        self._keep_records = keep_records

    def has(self, index: int) -> bool:
        """Whether game ``index`` came back already."""
        return index < len(self.ready) or index in self._waiting

    @property
    def received(self) -> int:
        """How many games came back: handed on, or waiting for an earlier one."""
        return len(self.ready) + len(self._waiting)

    def add_one(self, result: GameResult) -> None:
        """Take one game, as :meth:`add` does. The next game in order, with no ``on_game``
        to call and no record to drop (a run in this process, game after game), is kept in
        one step, ``list.append``: a Ctrl-C comes before it or after it, so no signal mask
        is needed (two system calls and a context manager a game, some 5 % of a compiled
        game: docs/performance.md)."""
        if (
            self._on_game is None
            and result.index == len(self.ready)
            and not self._waiting
            and (self._keep_records or result.record is None)
        ):
            self.ready.append(result)
        else:
            self.add([result])

    def add(self, results: Iterable[GameResult]) -> None:
        """Take some games (each once); hand on every game now in order."""
        with _interrupts_deferred():  # a Ctrl-C never splits handing on a game from keeping it
            for result in results:
                if self.has(result.index):
                    raise ValueError(f"game {result.index} came back twice")
                self._waiting[result.index] = result
            waiting, ready = self._waiting, self.ready
            while len(ready) in waiting:
                result = waiting.pop(len(ready))
                if self._on_game is not None:
                    self._on_game(result)
                if not self._keep_records and result.record is not None:
                    result = attrs.evolve(result, record=None)
                ready.append(result)


_MASK = {signal.SIGINT}


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Hold a Ctrl-C (SIGINT) until the block is done, then raise it (main thread only).

    Where the platform has ``pthread_sigmask``, SIGINT is blocked for the block: one that
    comes meanwhile waits in the kernel and is delivered, as a ``KeyboardInterrupt``, as the
    block ends (two system calls, cheap enough for every game of a run). Elsewhere a handler
    that notes it is installed for the block."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if hasattr(signal, "pthread_sigmask"):
        held = signal.pthread_sigmask(signal.SIG_BLOCK, _MASK)  # the mask before
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def chunks(games: int, workers: int, size: int | None = None) -> list[tuple[int, int]]:
    """Consecutive ranges ``(start, stop)`` covering games 0 to ``games - 1``: about
    :data:`CHUNKS_PER_WORKER` per worker, at most :data:`MAX_CHUNK` games each (or ``size``)."""
    if size is None:
        size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def simulate(
    seats: Sequence[Seat],
    games: int,
    *,
    seed: int = 0,
    agents: str | Sequence[str] = "random",
    players: int = 2,
    ruleset: Ruleset = STANDARD,
    workers: int = 1,
    dask: object = None,
    observer: ObserverFactory | None = None,
    keep_records: bool | Literal["stream"] = False,
    progress: Progress | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    chunk_size: int | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games between decks and return every game and the figures.

    Two seats make a matchup; more make a round robin of every pair, or with ``players=N``
    of every combination of N decks at one table. Game ``i`` has the seed
    :func:`game_seed(seed, i) <backlands.simulation.game_seed>`; the decks at its table take
    turns in going first (see :class:`Plan`). ``agents`` names the agent of each deck, in
    the order of ``seats`` (one spec for all, or one per seat; see
    :func:`backlands.agents.make_agent`): a bad spec raises ``ValueError`` before any game.

    ``workers=K`` plays chunks of games in K processes; ``dask`` (``"local"`` for a new
    local cluster of ``workers`` processes, a scheduler address, or a
    ``distributed.Client``) plays them on a Dask cluster. The results are identical
    however the games are run.

    ``observer(game)`` watches each game (its ``result()`` is the game's ``observed``);
    ``keep_records=True`` keeps each game's record (JSON) in its result, ``"stream"`` makes
    records for ``on_game`` only. ``on_game(result)`` is called for each game in index
    order and ``progress(done, games)`` as games finish, both in this process.

    Ctrl-C (``KeyboardInterrupt``, also from an observer or a callback) stops the run: the
    pending games are cancelled, the workers stopped, and the result holds the games before
    the first unfinished one, with ``interrupted=True``.
    """
    specs = _agent_specs(seats, agents)
    _check(seats, games, seed, players, ruleset, workers)
    plan = Plan.of(seats, specs, players, seed, games, ruleset, observer, bool(keep_records))
    collector = Collector(games, on_game, keep_records=keep_records is True)
    names = tuple(s.name or "" for s in plan.seats)
    interrupted = False
    try:
        if dask is not None:
            _run_dask(plan, dask, workers, chunk_size, collector, progress)
        elif workers > 1 and games > 1:
            _run_pool(plan, workers, chunk_size, collector, progress)
        else:
            _run_here(plan, collector, progress)
    except KeyboardInterrupt:
        interrupted = True
    interrupted = interrupted or len(collector.ready) < games
    return SimulationResult.of(
        names, specs, plan.tables, seed, games, collector.ready, interrupted=interrupted
    )


def _agent_specs(seats: Sequence[Seat], agents: str | Sequence[str]) -> tuple[str, ...]:
    specs = (agents,) if isinstance(agents, str) else tuple(agents)
    if len(specs) == 1:
        specs *= len(seats)
    elif len(specs) != len(seats):
        raise ValueError(
            f"{len(seats)} decks need {len(seats)} agents, one per deck in order "
            f"(or one for all), not {len(specs)}"
        )
    for spec in dict.fromkeys(specs):
        make_agent(spec, 0)  # a bad spec: ValueError now, not in a worker
    return specs


def _check(
    seats: Sequence[Seat], games: int, seed: int, players: int, ruleset: Ruleset, workers: int
) -> None:
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, not {workers!r}")
    low, high = ruleset.min_players, ruleset.max_players
    if not isinstance(players, int) or not low <= players <= high:
        raise GameSetupError(f"a game has {low} to {high} players, not {players} (1.1)")
    if len(seats) < low:
        raise GameSetupError(f"a game has {low} to {high} players, not {len(seats)} (1.1)")
    if len(seats) < players:
        raise GameSetupError(
            f"tables of {players} players need at least {players} decks, not {len(seats)}"
        )
    tables = math.comb(len(seats), players)
    if tables > MAX_TABLES:
        raise GameSetupError(
            f"{len(seats)} decks make {tables:,} tables of {players}, more than the "
            f"{MAX_TABLES:,} a run may have"
        )


# --------------------------------------------------------------------------- here


def _run_here(plan: Plan, collector: Collector, progress: Progress | None) -> None:
    for index in range(plan.games):
        collector.add_one(play_one(plan, index))
        if progress is not None:
            progress(collector.received, plan.games)


# --------------------------------------------------------------------------- processes

_PLAN: Plan | None = None  # a worker process's plan
_STOP: Any = None  # a worker process's stop sign: a multiprocessing Event, set on Ctrl-C

#: After a Ctrl-C, how long the workers have to finish the game each is playing (seconds)
#: before they are terminated.
STOP_WAIT = 10.0


def _start_worker(blob: bytes, stop: Any) -> None:
    """A worker process: Ctrl-C is for the parent to handle (it stops the workers)."""
    global _PLAN, _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    forget_seats()  # the parent's caches are keyed by its own seats (engine/seating.py)
    _PLAN = pickle.loads(blob)
    _STOP = stop


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Hold SIGINT back while worker processes start (they inherit the mask, then ignore
    SIGINT); one that came meanwhile is delivered here at the end (main thread only)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _worker_chunk(start: int, stop: int) -> list[GameResult]:
    """A chunk's games, in order; once the run is stopped, only those already played."""
    plan, stopped = _PLAN, _STOP
    assert plan is not None and stopped is not None
    results = []
    for index in range(start, stop):
        if stopped.is_set():
            break
        results.append(play_one(plan, index))
    return results


def _pickled(plan: Plan) -> bytes:
    try:
        return pickle.dumps(plan)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise ValueError(
            "a run with workers ships its observer to other processes, so the observer "
            f"factory must pickle (a top-level class or function): {error}"
        ) from None


def _run_pool(
    plan: Plan, workers: int, size: int | None, collector: Collector, progress: Progress | None
) -> None:
    ranges = chunks(plan.games, workers, size)
    workers = min(workers, len(ranges))
    context = multiprocessing.get_context()
    stop_sign = context.Event()
    pool = ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(_pickled(plan), stop_sign),
    )
    futures: list[Future[list[GameResult]]] = []
    idle = False  # every worker has handed back its last chunk: they may be shut down
    try:
        with _sigint_blocked():  # the workers start here: they must not die of a Ctrl-C
            futures = [pool.submit(_worker_chunk, start, stop) for start, stop in ranges]
        for future in as_completed(futures):
            collector.add(future.result())
            if progress is not None:
                progress(collector.received, plan.games)
        idle = True
    except KeyboardInterrupt:
        idle = _wind_down(futures, stop_sign)
        _collect_done(futures, collector)
        raise
    finally:
        if not idle and not stop_sign.is_set():  # a chunk failed: stop the others the same way
            idle = _wind_down(futures, stop_sign)
        _stop_pool(pool, idle)


def _wind_down(futures: Sequence[Future[Any]], stop_sign: Any) -> bool:
    """After a Ctrl-C: cancel the chunks not started, and let each worker finish the game it
    is playing and hand back its chunk so far. Whether they all did within :data:`STOP_WAIT`.

    (Terminating a worker while it sends its results back would leave the executor's manager
    thread waiting forever for the rest of the message, and the process could never exit.)
    """
    stop_sign.set()
    for future in futures:
        future.cancel()  # only those still waiting for a worker
    running = [future for future in futures if not future.done()]
    return not wait(running, timeout=STOP_WAIT).not_done


def _collect_done(futures: Sequence[Future[list[GameResult]]], collector: Collector) -> None:
    """After an interruption: keep every chunk that finished but was not taken yet."""
    for future in futures:
        if future.done() and not future.cancelled() and future.exception() is None:
            results = future.result()
            if results and not collector.has(results[0].index):
                with contextlib.suppress(KeyboardInterrupt):
                    collector.add(results)


def _stop_pool(pool: ProcessPoolExecutor, idle: bool) -> None:
    if idle:
        pool.shutdown(wait=True)
        return
    # failed, or workers still busy long after a Ctrl-C: cancel what has not started, stop
    # the workers mid-chunk (the executor forgets its processes on shutdown: take them first)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(5)


# --------------------------------------------------------------------------- Dask


def _run_dask(
    plan: Plan,
    where: object,
    workers: int,
    size: int | None,
    collector: Collector,
    progress: Progress | None,
) -> None:
    distributed: Any = require_distributed("Dask")
    cluster = None
    if isinstance(where, str):
        if where == "local":
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, dashboard_address=None
            )
            client = distributed.Client(cluster)
        else:
            try:
                client = distributed.Client(where)
            except OSError as error:  # a TimeoutError too
                raise OSError(f"cannot reach the Dask scheduler at {where!r}: {error}") from None
    else:
        client = where
    futures: list[Any] = []
    try:
        ranges = chunks(plan.games, max(workers, _dask_workers(client)), size)
        _pickled(plan)  # a clear error for an observer that cannot travel
        [shared] = client.scatter([plan], broadcast=True)
        futures = [
            client.submit(play_chunk, shared, start, stop, pure=False) for start, stop in ranges
        ]
        try:
            for future in distributed.as_completed(futures):
                collector.add(future.result())
                if progress is not None:
                    progress(collector.received, plan.games)
        except KeyboardInterrupt:
            client.cancel(futures)
            raise
    finally:
        if client is not where:
            client.close()
        if cluster is not None:
            cluster.close()


def _dask_workers(client: Any) -> int:
    try:
        return max(1, len(client.scheduler_info().get("workers", {})))
    except Exception:  # a scheduler that does not say: one
        return 1
