"""Playing a simulation's games on a Dask cluster: a local one (`--workers N`) or a running
one (`--scheduler tcp://HOST:PORT`, started with `dask scheduler` and `dask worker`).

The games are cut into the same chunks as for processes (generator/check/parallel.py) and
each chunk is a Dask task; the job is sent to every worker once, and a few chunks a worker
are in flight at a time, so that Ctrl-C has little to cancel. The workers need cutsheet
installed (the same version), since a task names the function that plays it. dask is
imported only here, and only when a cluster is asked for: it is the optional extra
`cutsheet[cluster]`.

A local cluster is this machine's alone: its scheduler, its workers and the scheduler's
dashboard listen on 127.0.0.1 only, the dashboard on a free port whose address is told to
the caller's `note`. Its processes ignore Ctrl-C, as the processes of parallel.py do: this
process stops the games, reports, and then shuts the cluster down, with Dask's loggers
silenced while it does (it logs every task and connection it drops, with tracebacks). A
Ctrl-C in the second or two the cluster takes to start is not seen: press it again.
"""

import asyncio
import logging
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from itertools import islice
from types import TracebackType
from typing import Any

from generator.check import transport
from generator.check.parallel import chunks, play_packed
from generator.check.simulate import Played, SimulationJob
from generator.ctrl_c import CtrlC
from generator.sources.errors import SourceError

INSTALL = "pip install 'cutsheet[cluster]'"
#: Seconds to wait for a running scheduler to answer.
CONNECT_TIMEOUT = 20
#: Where a local cluster listens: this machine only.
LOOPBACK = "127.0.0.1"
#: Chunks in flight a worker: one played, the next ones waiting, so that no worker idles.
IN_FLIGHT = 3
#: The loggers Dask's shutdown speaks through.
DASK_LOGGERS = ("distributed", "tornado", "asyncio")


def _distributed() -> Any:
    try:
        import dask.distributed
    except ImportError:
        message = f"running games on Dask needs dask.distributed, which is not installed: {INSTALL}"
        raise SourceError(None, message) from None
    return dask.distributed


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """SIGINT ignored while inside, so that the processes started meanwhile ignore it for good
    (an ignored signal stays ignored in a new program, and Python leaves it so). A Ctrl-C
    meanwhile is lost: a second or two while a local cluster starts. Outside the main
    thread, which alone can set what a signal does, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _quiet() -> Iterator[None]:
    """Dask's loggers silenced while inside (their earlier levels back after)."""
    loggers = [logging.getLogger(name) for name in DASK_LOGGERS]
    levels = [logger.level for logger in loggers]
    handlers = [(handler, handler.level) for logger in loggers for handler in logger.handlers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    for handler, _ in handlers:  # a logger below these with its own level still reaches their handlers
        handler.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
        for handler, level in handlers:
            handler.setLevel(level)


def _local_cluster(distributed: Any, workers: int) -> Any:
    """A cluster of `workers` processes on this machine, listening on 127.0.0.1 only, which
    logs nothing short of a crash."""
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host=LOOPBACK,
        dashboard_address=f"{LOOPBACK}:0",
        silence_logs=logging.CRITICAL,
    )


def _connect(distributed: Any, address: str) -> Any:
    """A client of the running scheduler at `address`; SourceError when no Dask scheduler
    answers there within CONNECT_TIMEOUT."""
    security = distributed.Security().get_connection_args("client")
    if address.startswith("tls://") and security["ssl_context"] is None:
        message = f"--scheduler {address}: tls:// needs Dask's TLS settings (distributed.comm.tls in its configuration)"
        raise SourceError(None, message)
    try:
        asyncio.run(_answered(distributed, address, security))
        return distributed.Client(address, timeout=CONNECT_TIMEOUT)
    except TimeoutError:
        reason = f"no Dask scheduler answered within {CONNECT_TIMEOUT} s"
    except Exception as exc:  # whatever a server that is not a Dask scheduler makes Dask raise
        reason = f"{type(exc).__name__}: {exc}"
    raise SourceError(None, f"cannot reach the Dask scheduler at {address}: {reason}")


async def _answered(distributed: Any, address: str, security: dict[str, Any]) -> None:
    """Return once a Dask server at `address` has answered a connection, or raise; within
    CONNECT_TIMEOUT, which Dask's own connection gives to connecting only and not to the
    answer: it waits for ever on a server that accepts the connection and says nothing."""
    comm = await asyncio.wait_for(distributed.comm.connect(address, CONNECT_TIMEOUT, **security), CONNECT_TIMEOUT)
    await comm.close()


class DaskCluster:
    """A GamePlayer sending chunks of games to Dask workers. `scheduler` is an address as
    players.scheduler_address() gives it; `note` is told the dashboard of a local cluster."""

    def __init__(
        self, workers: int | None = None, scheduler: str | None = None, note: Callable[[str], None] | None = None
    ):
        if (workers is None) == (scheduler is None):
            raise ValueError("give either a number of local workers or a scheduler address")
        self.workers = workers
        self.scheduler = scheduler
        self.note = note
        self._client: Any = None
        self._open = ExitStack()
        #: Dask runs code of its own in this thread (garbage-collection callbacks, finalizers
        #: of its objects), which would print a KeyboardInterrupt raised inside it and carry
        #: on: Ctrl-C is held while the cluster is in use, and raised where the run can stop.
        self._ctrl_c = CtrlC()

    def __enter__(self) -> "DaskCluster":
        distributed = _distributed()
        try:
            self._client = self._start(distributed)
        except BaseException:  # Ctrl-C while it started, or no client: what did start is stopped
            self._close()
            raise
        return self

    def _start(self, distributed: Any) -> Any:
        """A client of the running scheduler, or of a local cluster started here; _close()
        closes both."""
        if self.scheduler is not None:
            self._ctrl_c.listen()
            return self._open.enter_context(_connect(distributed, self.scheduler))
        assert self.workers is not None  # __init__ asks for one of the two
        with _interrupts_ignored():
            cluster = self._open.enter_context(_local_cluster(distributed, self.workers))
        self._ctrl_c.listen()
        if self.note is not None:
            self.note(f"Dask dashboard (this machine only): {cluster.dashboard_link}")
        return self._open.enter_context(distributed.Client(cluster))

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        """Closed; a Ctrl-C pressed after the last games then stops the run (KeyboardInterrupt),
        as it does wherever the games are played."""
        self._close()
        if kind is None:
            self._ctrl_c.check()

    def _close(self) -> None:
        """The client closed, then the cluster started here, quietly; Ctrl-C raises again."""
        self._client = None
        try:
            with _quiet():
                self._open.close()
        finally:
            self._ctrl_c.stop()

    def play(self, job: SimulationJob, games: int) -> Iterator[Played]:
        if self._client is None:
            raise RuntimeError("use DaskCluster in a with statement")
        client = self._client
        packed = client.scatter(transport.pack(job), broadcast=True)
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        parts = iter(chunks(games, workers))

        def submit(part: range) -> Any:
            return client.submit(play_packed, packed, part.start, part.stop, pure=False)

        pending = {submit(part) for part in islice(parts, IN_FLIGHT * workers)}
        try:
            while pending:
                for future in self._finished(pending):
                    pending.discard(future)
                    part = next(parts, None)
                    if part is not None:
                        pending.add(submit(part))
                    yield transport.unpack(future.result(), job.shared())
        finally:
            client.cancel(list(pending))

    def _finished(self, pending: set[Any]) -> set[Any]:
        """The futures among `pending` that have finished, once one has; KeyboardInterrupt
        when Ctrl-C was pressed, looked at every POLL seconds meanwhile."""
        distributed = _distributed()
        return self._ctrl_c.waited(
            lambda seconds: distributed.wait(list(pending), timeout=seconds, return_when="FIRST_COMPLETED").done
        )
