"""Choosing where a run's games are played, from `--jobs`, `--workers` and `--scheduler`."""

import ipaddress
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from generator.check.simulate import GamePlayer, InProcess
from generator.sources.errors import SourceError

#: What `--scheduler` takes, as its error says.
EXPECTED_ADDRESS = "tcp://HOST:PORT (or tls://HOST:PORT), e.g. tcp://127.0.0.1:8786"
#: A host name's label (or a number of a dotted IPv4 address): what a name lookup takes.
_LABEL = r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?"
#: scheme://host:port, the host a name, a dotted IPv4 address or an IPv6 address in brackets.
_ADDRESS = re.compile(
    rf"(?P<scheme>tcp|tls)://(?:\[(?P<ipv6>[0-9a-f:.]+)\]|(?P<host>{_LABEL}(?:\.{_LABEL})*)):(?P<port>[0-9]{{1,5}})",
    re.IGNORECASE | re.ASCII,
)
#: The longest host name a name lookup takes.
LONGEST_NAME = 253


def scheduler_address(text: str) -> str:
    """The Dask scheduler address `--scheduler` gives, as Dask reads it; SourceError naming
    the option and what it takes for anything else (Dask's own parser raises on some
    malformed addresses and reads others as a different place)."""
    found = _ADDRESS.fullmatch(text)
    port = int(found["port"]) if found else 0
    if found is None or not 0 < port < 2**16 or not _reachable_host(found):
        raise SourceError(None, f"--scheduler {text!r}: expected {EXPECTED_ADDRESS}")
    host = f"[{found['ipv6']}]" if found["ipv6"] else found["host"]
    return f"{found['scheme'].lower()}://{host.lower()}:{port}"


def _reachable_host(found: re.Match[str]) -> bool:
    """Whether the address's host is one a connection can be tried to: a name no longer than a
    name lookup takes, or an IPv6 address."""
    if found["host"] is not None:
        return len(found["host"]) <= LONGEST_NAME
    try:
        ipaddress.IPv6Address(found["ipv6"])
    except ValueError:
        return False
    return True


@contextmanager
def game_player(
    jobs: int = 1,
    workers: int | None = None,
    scheduler: str | None = None,
    note: Callable[[str], None] | None = None,
) -> Iterator[GamePlayer]:
    """This process (jobs 1), N processes (jobs N), a local Dask cluster of `workers`, or the
    running Dask cluster at `scheduler`; SourceError for a contradictory or impossible choice.
    `note` is told what a person may want to know about the place (a local cluster's dashboard)."""
    given = (("--jobs", jobs != 1), ("--workers", workers is not None), ("--scheduler", scheduler is not None))
    chosen = [name for name, asked in given if asked]
    if len(chosen) > 1:
        raise SourceError(None, f"{' and '.join(chosen)}: choose one place to play the games")
    if jobs < 1 or (workers is not None and workers < 1):
        raise SourceError(None, "--jobs and --workers take a number of 1 or more")
    if workers is not None or scheduler is not None:
        from generator.check.cluster import DaskCluster

        address = scheduler_address(scheduler) if scheduler is not None else None
        with DaskCluster(workers, address, note) as cluster:
            yield cluster
    elif jobs > 1:
        from generator.check.parallel import Processes

        with Processes(jobs) as processes:
            yield processes
    else:
        yield InProcess()
