"""How work is split among worker processes."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.workers import PARENT_POLL_S, Workers, chunks, inherited, shares
from tests.interrupted import handlers_in, held, started, stopped

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("items", "parts"), [(112, 1), (112, 3), (10, 4), (3, 5), (0, 2)])
def test_shares_are_consecutive_runs_of_nearly_equal_length(items, parts):
    runs = shares(list(range(items)), parts)
    assert [item for run in runs for item in run] == list(range(items))
    assert len(runs) == min(items, parts)
    assert all(runs) and (not runs or max(map(len, runs)) - min(map(len, runs)) <= 1)


def test_chunks_give_each_worker_a_few_runs_of_at_most_the_most():
    runs = chunks(list(range(112)), 2)
    assert [item for run in runs for item in run] == list(range(112))
    assert len(runs) == 8 and max(map(len, runs)) == 14
    assert max(map(len, chunks(list(range(1000)), 2))) == 16
    assert list(map(len, chunks(list(range(112)), 2, most=32, per_job=2))) == [28] * 4
    assert max(map(len, chunks(list(range(1000)), 2, most=32, per_job=2))) == 32


def _shared_item(index: int) -> int:
    """The shared list's item `index`, as the worker running this task sees it."""
    return inherited(list)[index]


@pytest.mark.parametrize("jobs", [1, 2])
def test_tasks_read_the_shared_value_without_it_being_sent(jobs):
    seen: list[int] = []
    with Workers(jobs, seen.append, shared=[10, 20, 30]) as workers:
        for index in range(3):
            workers.submit(_shared_item, index)
        workers.wait()
    assert sorted(seen) == [10, 20, 30]
    with pytest.raises(RuntimeError, match="no list shared"):
        inherited(list)


def test_one_workers_shares_at_a_time():
    with Workers(1, shared=[1]), pytest.raises(RuntimeError, match="one Workers at a time"):
        Workers(1, shared=[2])


def test_a_shared_value_of_another_type_is_refused():
    with Workers(1, shared={"a": 1}), pytest.raises(RuntimeError, match="no list shared"):
        inherited(list)


#: A process that starts build workers (`Workers`) or simulation workers (`Processes`'
#: pool), prints their pids once each has run a task, then waits to be killed.
ORPHANING = """
import os, sys, time
from generator.check.parallel import _start_pool
from generator.workers import Workers

if sys.argv[1] == "build":
    seen = set()
    workers = Workers(2, seen.add)
    for _ in range(8):
        workers.submit(os.getpid)
    workers.wait()
else:
    pool = _start_pool(2)  # kept: a pool collected would end its workers
    seen = set(pool.starmap(os.getpid, [()] * 8, chunksize=1))
print(" ".join(map(str, sorted(seen))), flush=True)
time.sleep(600)
"""


def _running(pid: int) -> bool:
    """Whether `pid` is a process that has not ended (a zombie has)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("pool", ["build", "simulation"])
def test_workers_end_soon_after_their_parent_is_killed(pool):
    """A killed build or simulation (SIGKILL: it cannot stop its workers itself) leaves no
    worker behind waiting for good for its next task."""
    parent = subprocess.Popen([sys.executable, "-c", ORPHANING, pool], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert workers and parent.pid not in workers
        assert all(map(_running, workers))
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 10 * PARENT_POLL_S + 5
    while any(map(_running, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _running(pid)], "workers outlived their killed parent"


#: A process that starts two build workers, keeps one busy and one waiting for a task, says
#: so, and says when Ctrl-C stops it. With the argument SIGTERM, it takes SIGTERM as Ctrl-C
#: before it starts them, as `build --watch` does.
INTERRUPTED = """
import signal, sys, time
from generator.workers import Workers

if sys.argv[1:] == ["SIGTERM"]:
    signal.signal(signal.SIGTERM, signal.default_int_handler)

try:
    with Workers(2) as workers:
        workers.submit(time.sleep, 3)
        print("started", flush=True)
        workers.wait()
except KeyboardInterrupt:
    print("stopped", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="a process group's Ctrl-C")
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_the_build_and_no_worker_says_a_word(tmp_path, stop):
    """A terminal's Ctrl-C reaches the whole process group: the build stops, and neither the
    busy worker nor the one waiting for a task prints a traceback of its own. So does a
    SIGTERM to the group (a process manager stopping a watch), which the workers do not take
    as Ctrl-C though the build does."""
    command = [sys.executable, "-c", INTERRUPTED, stop.name]
    process = started(command, {**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True)
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "started\n"
        time.sleep(0.5)  # both forked: one sleeping in its task, one waiting on the queue
        os.killpg(process.pid, stop)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        stopped(process)
    assert stdout == "stopped\n"
    assert stderr == ""


def test_the_pools_own_code_runs_with_ctrl_c_held(monkeypatch, python_takes_ctrl_c):
    """Ctrl-C never interrupts concurrent.futures' own code, whose locks it could leave held,
    so that shutting the workers down would wait for good (generator/ctrl_c.py): submitting,
    waiting for tasks and shutting down run with Ctrl-C held, not with Python's handler."""
    import concurrent.futures as futures

    executor = futures.ProcessPoolExecutor
    seen = handlers_in(monkeypatch, (executor, "submit"), (executor, "shutdown"), (futures, "wait"))
    seen_items: list[int] = []
    with Workers(2, seen_items.append, shared=[10, 20, 30]) as workers:
        for index in range(3):
            workers.submit(_shared_item, index)
        workers.wait()
    assert sorted(seen_items) == [10, 20, 30]
    assert {name for name, _ in seen} == {"submit", "wait", "shutdown"}
    assert all(held(handler) for _, handler in seen), seen
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
