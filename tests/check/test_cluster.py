"""Games on Dask: a real `dask scheduler` and `dask worker` started as separate processes on
127.0.0.1 play a sweep, which comes out byte for byte as when this process plays it; without
dask installed, asking for a cluster says how to install it. Plain commands import neither
dask nor matplotlib."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.check import cluster
from generator.cli import main

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"
#: Seconds the scheduler and worker get to start; the whole test is bounded by these waits.
START_TIMEOUT = 90


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_" + args[0], *args[1:]],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture
def dask_cluster():
    """The address of a scheduler with one worker, both separate processes; always stopped."""
    distributed = pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{free_port()}"
    host, port = address.removeprefix("tcp://").split(":")
    processes = [start("scheduler", "--host", host, "--port", port, "--no-dashboard")]
    try:
        processes.append(start("worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard"))
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with distributed.Client(address, timeout=5) as client:
                    client.wait_for_workers(1, timeout=max(1, deadline - time.monotonic()))
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield address
    finally:
        for process in reversed(processes):
            stop(process)


@pytest.mark.slow
def test_a_sweep_on_a_running_cluster_is_the_same_as_here(dask_cluster, tmp_path):
    sweeps = {}
    for name, where in (("here", []), ("cluster", ["--scheduler", dask_cluster])):
        out = tmp_path / name
        args = ["sweep", str(COMPONENTS / "chip-flip"), "--vary", "variant=none,advanced", "--games", "12"]
        result = CliRunner().invoke(main, [*args, "--seed", "2", "--out", str(out), *where], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        sweeps[name] = ((out / "sweep.csv").read_bytes(), (out / "sweep.html").read_bytes())
    assert sweeps["here"] == sweeps["cluster"]
    assert sweeps["here"][0].count(b"\n") == 3  # the header and two combinations


def test_an_unreachable_scheduler_exits_2(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    # Dask retries a refused connection until the timeout: the test need not wait 20 s.
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2)
    address = f"tcp://127.0.0.1:{free_port()}"
    args = ["check", str(COMPONENTS / "chip-flip"), "--simulate", "2", "--scheduler", address]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert f"cannot reach the Dask scheduler at {address}" in result.output


def test_without_dask_the_scheduler_option_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    args = ["check", str(COMPONENTS / "chip-flip"), "--simulate", "2", "--scheduler", "tcp://127.0.0.1:8786"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert "needs dask.distributed, which is not installed: pip install 'cutsheet[cluster]'" in result.output
    assert "Traceback" not in result.output


def test_one_place_to_play():
    args = ["check", str(COMPONENTS / "chip-flip"), "--simulate", "2", "--jobs", "2", "--workers", "2"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert "--jobs and --workers: choose one place to play the games" in result.output


HEAVY = ("dask", "distributed", "matplotlib")


@pytest.mark.parametrize("args", [["--help"], ["check", str(COMPONENTS / "chip-flip")]])
def test_plain_commands_import_no_cluster_or_plotting_library(args):
    code = (
        "import sys\n"
        "from generator.cli import main\n"
        f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stderr
