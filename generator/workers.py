"""Work spread over worker processes: `jobs` forked processes, or this one when jobs is 1.

Tasks are module-level functions (so a worker can run them) that write their own files and
return how many they wrote: nothing large travels back, and a build's memory does not grow
with the number of files it writes. Nothing large travels out either: what the tasks draw
from (a build's sheets) is handed to Workers as `shared`, and the workers, forked once it
exists, find it in their own memory (`inherited`) instead of unpickling a copy that this
process pickled while it had other work to do.
"""

import gc
import os
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from generator.collector import thaw

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")

#: Seconds between a worker's looks at whether the process that started it is still there.
PARENT_POLL_S = 0.5

#: The `shared` value of the Workers in use (one at a time), in this process and its workers.
_shared: object = None


def available_cores() -> int:
    """The cores this process may run on (its affinity where the system has one), at least 1:
    the default number of worker processes."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


class Workers:
    """Submit tasks, then wait(); `done` is told, in this process, how many files each wrote."""

    def __init__(self, jobs: int, done: Callable[[int], None] | None = None, shared: object = None):
        global _shared
        if _shared is not None:
            raise RuntimeError("one Workers at a time: their tasks share one inherited value")
        self.jobs = jobs
        self.done = done or (lambda n: None)
        #: Made at the first task: a build that finds every file in its cache starts no
        #: processes and imports nothing to start them with.
        self.pool: ProcessPoolExecutor | None = None
        self.pending: list[Future[int]] = []
        _shared = shared

    def submit(self, task: Callable[..., int], *args: Any) -> None:
        if self.jobs <= 1:
            self.done(task(*args))
            return
        from generator.ctrl_c import CtrlC

        with CtrlC():  # the pool's own code is never cut short by Ctrl-C (generator/ctrl_c.py)
            if self.pool is None:
                self.pool = _pool(self.jobs)
            self.pending.append(self.pool.submit(task, *args))

    def wait(self) -> None:
        """Until every task submitted is done; a task's exception is raised here. Ctrl-C
        meanwhile is raised between waits of POLL seconds, outside the pool's own code."""
        if not self.pending:
            return
        from concurrent.futures import FIRST_COMPLETED
        from concurrent.futures import wait as first_done

        from generator.ctrl_c import POLL, CtrlC

        pending = set(self.pending)
        while pending:
            with CtrlC():
                done, pending = first_done(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in done:
                self.done(future.result())
        self.pending = []

    def __enter__(self) -> "Workers":
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        global _shared
        _shared = None
        if self.pool is not None:
            from generator.ctrl_c import CtrlC

            try:
                with CtrlC():
                    self.pool.shutdown(cancel_futures=True)
            finally:
                thaw()


def _pool(jobs: int) -> "ProcessPoolExecutor":
    """`jobs` processes, forked at their first task. Objects made so far are left out of the
    collector's passes, so a worker's collections do not write to every object it shares
    with this process (each write copies a page)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    gc.freeze()
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"), initializer=_worker_started)


def _worker_started() -> None:
    """In a worker, as it starts: leave Ctrl-C to the process that started it, and end once
    that process is gone.

    A terminal's Ctrl-C reaches every process of the command. The build stops on it and
    shuts its workers down; a worker stopped by it too would print its own traceback, from
    the task queue it was waiting on, beside the build's one-line message.

    A build killed by SIGKILL cannot stop its workers itself, and a worker waiting for its
    next task would wait for good: blocked on the task queue's lock or pipe, which its
    sibling workers keep open. A daemon thread looks every PARENT_POLL_S whether the worker
    has been handed to another parent, and ends it then."""
    leave_signals_to_parent()
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_S)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def leave_signals_to_parent() -> None:
    """In a worker process: Ctrl-C is ignored, the parent's to handle (it stops its workers),
    and SIGTERM ends the worker at once, as it ends any process by default, whatever the parent
    made of it before the worker forked (`build --watch` takes it as Ctrl-C). A worker that
    took it as Ctrl-C would print a traceback, and could stop holding the task queue's lock,
    leaving the build waiting for good as it shuts its workers down."""
    import signal  # here: a command that starts no workers need not import it

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def inherited(expected: type[T]) -> T:
    """The `shared` value of the Workers running this task (in a worker: as it was when the
    worker forked), checked to be an `expected`."""
    if not isinstance(_shared, expected):
        raise RuntimeError(f"no {expected.__name__} shared with this task")
    return _shared


def chunks(items: list, jobs: int, most: int = 16, per_job: int = 4) -> list[list]:
    """`items` in consecutive runs: `per_job` per worker, so they share the work evenly,
    and each run no longer than `most`."""
    size = max(1, min(most, -(-len(items) // (per_job * jobs))))
    return [items[start : start + size] for start in range(0, len(items), size)]


def shares(items: list, parts: int) -> list[list]:
    """`items` in `parts` consecutive runs of nearly equal length (fewer when items are fewer)."""
    size, extra = divmod(len(items), parts)
    runs, start = [], 0
    for part in range(parts):
        end = start + size + (part < extra)
        if end > start:
            runs.append(items[start:end])
        start = end
    return runs
