"""A local Dask cluster (`--workers N`) is this machine's alone, and Ctrl-C stops it quietly.

The listening sockets are read from the kernel (/proc/net/tcp and tcp6, matched by inode to
the sockets this process and its child processes hold), not from what Dask says it opened.
The Ctrl-C test sends SIGINT to the whole process group, as a terminal does: the command,
its cluster's worker processes and all."""

import json
import os
import sys
from pathlib import Path

import pytest

from generator.check.players import game_player
from tests.interrupted import interrupted_under_way

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
#: /proc/net/tcp's state of a listening socket.
LISTEN = "0A"
#: Addresses as /proc/net/tcp and tcp6 write them: 127.0.0.1 (little-endian) and ::1.
LOOPBACK = {"0100007F", "00000000000000000000000001000000"}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads the kernel's tables in /proc"),
]


def family(pid: int) -> list[int]:
    """The process and every process below it."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo.extend(children.get(found[-1], []))
    return found


def links(pid: int) -> list[str]:
    """What the process's open files are (a socket: `socket:[INODE]`); files closed while
    this reads are left out."""
    found = []
    try:
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:  # the process ended meanwhile
        return []
    for fd in fds:
        try:
            found.append(os.readlink(fd))
        except OSError:
            continue
    return found


def socket_inodes(pids: list[int]) -> set[str]:
    prefix = "socket:["
    return {link[len(prefix) : -1] for pid in pids for link in links(pid) if link.startswith(prefix)}


def listening(inodes: set[str]) -> list[tuple[str, int]]:
    """(address as the kernel writes it, port) of each listening TCP socket among these."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, port = fields[1].split(":")
            if fields[3] == LISTEN and fields[9] in inodes:
                found.append((address, int(port, 16)))
    return found


def test_a_local_cluster_listens_on_this_machine_only():
    pytest.importorskip("distributed")
    notes: list[str] = []
    before = socket_inodes(family(os.getpid()))
    with game_player(workers=1, note=notes.append):
        opened = listening(socket_inodes(family(os.getpid())) - before)
    assert len(opened) >= 3, opened  # the scheduler, its dashboard, a worker (and its nanny)
    assert {address for address, _ in opened} <= LOOPBACK, opened
    [note] = notes
    assert note.startswith("Dask dashboard (this machine only): http://127.0.0.1:")
    dashboard_port = int(note.rsplit(":", 1)[1].split("/")[0])
    assert dashboard_port in {port for _, port in opened}


def test_ctrl_c_stops_a_local_cluster_run_without_a_traceback():
    """Ctrl-C as soon as the progress line (stderr is a terminal) shows games finished."""
    pytest.importorskip("distributed")
    asked = 1_000_000
    command = [sys.executable, "-m", "generator", "check", str(COMPONENTS / "chip-flip")]
    command += ["--simulate", str(asked), "--workers", "2", "--json"]
    done = interrupted_under_way(command, ENV, asked, group=True, wait=300)  # the cluster's processes too
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 130, done.stderr
    simulation = json.loads(done.stdout)["simulation"]
    assert simulation["interrupted"] == {"games_requested": asked, "games_finished": simulation["games"]}
    assert 0 < simulation["games"] < asked
    assert sum(simulation["endings"].values()) + simulation["capped"] + simulation["broken"] == simulation["games"]
