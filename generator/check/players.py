"""Choosing where a run's games are played, from `--jobs`, `--workers` and `--scheduler`."""

from collections.abc import Iterator
from contextlib import contextmanager

from generator.check.simulate import GamePlayer, InProcess
from generator.sources.errors import SourceError


@contextmanager
def game_player(jobs: int = 1, workers: int | None = None, scheduler: str | None = None) -> Iterator[GamePlayer]:
    """This process (jobs 1), N processes (jobs N), a local Dask cluster of `workers`, or the
    running Dask cluster at `scheduler`; SourceError for a contradictory or impossible choice."""
    given = (("--jobs", jobs != 1), ("--workers", workers is not None), ("--scheduler", scheduler is not None))
    chosen = [name for name, asked in given if asked]
    if len(chosen) > 1:
        raise SourceError(None, f"{' and '.join(chosen)}: choose one place to play the games")
    if jobs < 1 or (workers is not None and workers < 1):
        raise SourceError(None, "--jobs and --workers take a number of 1 or more")
    if workers is not None or scheduler is not None:
        from generator.check.cluster import DaskCluster

        with DaskCluster(workers, scheduler) as cluster:
            yield cluster
    elif jobs > 1:
        from generator.check.parallel import Processes

        with Processes(jobs) as processes:
            yield processes
    else:
        yield InProcess()
