"""How the benchmarks time their runs: a build in their own process, after collecting the
garbage of the runs before it; or a fresh `cutsheet` process, as a user runs one, by the
wall clock or by its CPU time."""

import gc
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The environment of a `python ARGS` process with this checkout's code.
THIS_CHECKOUT = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}


def start_clock() -> float:
    """The time now, after collecting the garbage that earlier runs left, so that no run pays
    for another's: a default build timed right after a PDF-only one spent 40-47 ms in the
    collector, against 14-17 ms after a collection. (A user's `cutsheet build` starts in a
    fresh process, with no such garbage.)"""
    gc.collect()
    return time.perf_counter()


def cutsheet_seconds(*args: str, cwd: Path) -> float:
    """Seconds one `cutsheet ARGS` process takes, run from this checkout; a run that fails
    ends the benchmark with the command's own error."""
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=THIS_CHECKOUT,
    )
    seconds = time.perf_counter() - start
    if run.returncode:
        sys.exit(f"cutsheet {' '.join(args)} failed:\n{run.stderr.decode()}")
    return seconds


def cpu_seconds(command: list[str], cwd: Path, env: dict[str, str] = THIS_CHECKOUT) -> float:
    """CPU seconds one process running `command` and its workers take (by default a `python`
    with this checkout's code; benchmarks/checkout.py runs `cutsheet` with another's); a run
    that fails ends the benchmark with its error."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode:
        sys.exit(f"{' '.join(command)} failed:\n{run.stderr.decode()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
