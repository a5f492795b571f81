"""Playing a simulation's games in several processes of this machine (`--jobs N`).

    with Processes(4) as player:
        report = simulate(engine, deck, 1000, 4, seed=1, player=player)

The games are cut into chunks of consecutive indices; each chunk is played by a worker
process and comes back as finished states (generator/check/transport.py). Game `i` is the
same game in any process (its seeds derive from the run's seed and `i`), and the report
measures the games in index order, so it does not depend on the number of processes.

Workers ignore Ctrl-C: the parent stops the run, terminates them and reports what it has.
The parent takes it between its waits for results (generator/ctrl_c.py says why).
The pool is made on first use and kept for later jobs (a sweep's combinations).
"""

import gc
import hashlib
import multiprocessing
import sys
from collections.abc import Iterator
from multiprocessing.pool import IMapIterator, Pool
from types import TracebackType

from generator.check import transport
from generator.check.simulate import Played, SimulationJob
from generator.collector import thaw
from generator.ctrl_c import CtrlC
from generator.workers import leave_signals_to_parent

#: At most this many games a chunk: small enough for steady progress and a quick Ctrl-C.
MOST_PER_CHUNK = 20
#: Aim for this many chunks a process, so that processes finish together.
CHUNKS_PER_PROCESS = 8

_job_cache: dict[str, SimulationJob] = {}


def chunks(games: int, processes: int) -> list[range]:
    """Consecutive index ranges covering 0..games-1, in order."""
    size = max(1, min(MOST_PER_CHUNK, games // (processes * CHUNKS_PER_PROCESS)))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def play_packed(packed_job: bytes, start: int, stop: int) -> bytes:
    """In a worker: play games start..stop-1 of a packed job; the packed Played.

    The last job unpacked is kept, so a worker unpacks each job once."""
    key = hashlib.sha256(packed_job).hexdigest()
    job = _job_cache.get(key)
    if job is None:
        _job_cache.clear()
        job = _job_cache[key] = transport.unpack(packed_job)
    return transport.pack(job.play(range(start, stop)), job.shared())


def _context() -> multiprocessing.context.BaseContext:
    """fork on Linux (fast to start, and the workers have every module the parent has);
    the platform's default elsewhere."""
    return multiprocessing.get_context("fork" if sys.platform == "linux" else None)


class Processes:
    """A GamePlayer that plays in `jobs` worker processes."""

    def __init__(self, jobs: int):
        if jobs < 1:
            raise ValueError("at least one process")
        self.jobs = jobs
        self._pool: Pool | None = None

    def __enter__(self) -> "Processes":
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            try:
                with CtrlC():
                    self._pool.terminate()
                    self._pool.join()
            finally:
                self._pool = None

    def play(self, job: SimulationJob, games: int) -> Iterator[Played]:
        packed = transport.pack(job)
        tasks = [(packed, part.start, part.stop) for part in chunks(games, self.jobs)]
        finished = False
        try:
            with CtrlC():
                if self._pool is None:
                    self._pool = _start_pool(self.jobs)
                results = self._pool.imap_unordered(_play_task, tasks)
            for _ in tasks:
                yield transport.unpack(_next(results), job.shared())
            finished = True
        finally:
            if not finished:  # interrupted or abandoned: stop the games still being played
                self.close()


def _next(results: IMapIterator) -> bytes:
    """The pool's next result. Ctrl-C while it is waited for is raised between waits of POLL
    seconds, never inside the pool's own code, which it could leave stuck (generator/ctrl_c.py)."""
    with CtrlC() as ctrl_c:
        return ctrl_c.waited(lambda seconds: results.next(timeout=seconds), multiprocessing.TimeoutError)


def _start_pool(jobs: int) -> Pool:
    """The worker processes. The parent's objects are frozen while they fork, so that a
    worker's garbage collector leaves them alone rather than copying their memory pages."""
    gc.freeze()
    try:
        return _context().Pool(jobs, initializer=leave_signals_to_parent)
    finally:
        thaw()


def _play_task(task: tuple[bytes, int, int]) -> bytes:
    return play_packed(*task)
