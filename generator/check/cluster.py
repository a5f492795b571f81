"""Playing a simulation's games on a Dask cluster: a local one (`--workers N`) or a running
one (`--scheduler tcp://HOST:PORT`, started with `dask scheduler` and `dask worker`).

The games are cut into the same chunks as for processes (generator/check/parallel.py) and
each chunk is a Dask task; the job is sent to every worker once. The workers need cutsheet
installed (the same version), since a task names the function that plays it. dask is
imported only here, and only when a cluster is asked for: it is the optional extra
`cutsheet[cluster]`.
"""

from collections.abc import Iterator
from types import TracebackType
from typing import Any

from generator.check import transport
from generator.check.parallel import chunks, play_packed
from generator.check.simulate import Played, SimulationJob
from generator.sources.errors import SourceError

INSTALL = "pip install 'cutsheet[cluster]'"
#: Seconds to wait for a running scheduler to answer.
CONNECT_TIMEOUT = 20


def _distributed() -> Any:
    try:
        import dask.distributed
    except ImportError:
        message = f"running games on Dask needs dask.distributed, which is not installed: {INSTALL}"
        raise SourceError(None, message) from None
    return dask.distributed


class DaskCluster:
    """A GamePlayer sending chunks of games to Dask workers."""

    def __init__(self, workers: int | None = None, scheduler: str | None = None):
        if (workers is None) == (scheduler is None):
            raise ValueError("give either a number of local workers or a scheduler address")
        self.workers = workers
        self.scheduler = scheduler
        self._client: Any = None
        self._cluster: Any = None

    def __enter__(self) -> "DaskCluster":
        distributed = _distributed()
        if self.scheduler is not None:
            try:
                self._client = distributed.Client(self.scheduler, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as exc:
                raise SourceError(None, f"cannot reach the Dask scheduler at {self.scheduler}: {exc}") from None
        else:
            self._cluster = distributed.LocalCluster(
                n_workers=self.workers, threads_per_worker=1, processes=True, dashboard_address=":0"
            )
            self._client = distributed.Client(self._cluster)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if self._client is not None:
            self._client.close()
        if self._cluster is not None:
            self._cluster.close()

    def play(self, job: SimulationJob, games: int) -> Iterator[Played]:
        if self._client is None:
            raise RuntimeError("use DaskCluster in a with statement")
        distributed = _distributed()
        packed = self._client.scatter(transport.pack(job), broadcast=True)
        workers = max(1, len(self._client.scheduler_info().get("workers", {})))
        futures = [
            self._client.submit(play_packed, packed, part.start, part.stop, pure=False)
            for part in chunks(games, workers)
        ]
        try:
            for future in distributed.as_completed(futures):
                yield transport.unpack(future.result(), job.shared())
        finally:
            self._client.cancel(futures)
