"""A command's process ends at once: what atexit holds runs and the output is flushed, but
the objects it still holds are not freed one by one, unless a thread Python would wait for
still runs or a profiler or tracer waits to get control back. Each case runs in a process of
its own (the end is the process's)."""

import os
import subprocess
import sys
import textwrap

import pytest

from generator.process_end import UNFLUSHED

#: `python -c` preamble: an object that says when it is freed, and a handler that says when
#: atexit's handlers run; both write to the file descriptor, unbuffered.
WATCHED = """
import atexit, os, sys
class Held:
    def __del__(self):
        os.write(2, b"freed at teardown\\n")
held = Held()
atexit.register(os.write, 2, b"ran at exit\\n")
"""


def python(script: str, stdout: int = subprocess.PIPE, **options) -> subprocess.CompletedProcess:
    """The script run by a fresh interpreter whose output is buffered, as a pipe's is."""
    return subprocess.run(
        [sys.executable, "-c", WATCHED + textwrap.dedent(script)],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        env={name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"},
        **options,
    )


@pytest.mark.parametrize(("entry", "torn_down"), [("run", False), ("main", True)])
def test_the_command_ends_without_tearing_its_process_down(entry, torn_down):
    """`run` (the installed command) ends at once; the click group alone, as a library caller
    runs it, exits as Python does: the object is freed at teardown."""
    done = python(f"""
        sys.argv = ["cutsheet", "--version"]
        from generator.cli import {entry}
        {entry}()
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "cutsheet, version 0.1.0\n"
    assert "ran at exit" in done.stderr
    assert ("freed at teardown" in done.stderr) == torn_down


def test_a_running_thread_is_waited_for_as_python_waits():
    """The command is imported before the thread starts: on a loaded machine the import alone
    could outlast the thread's sleep, which would then print first."""
    done = python("""
        import threading, time
        sys.argv = ["cutsheet", "--version"]
        from generator.cli import run
        def late():
            time.sleep(0.3)
            print("the thread's line", flush=True)
        threading.Thread(target=late).start()
        run()
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["cutsheet, version 0.1.0", "the thread's line"]
    assert "freed at teardown" in done.stderr


def test_a_daemon_thread_is_not_waited_for():
    done = python("""
        import threading, time
        threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
        from generator.process_end import end
        end(0)
    """)
    assert done.returncode == 0 and "ran at exit" in done.stderr


@pytest.mark.parametrize(
    ("code", "status", "said"),
    [("None", 0, ""), ("0", 0, ""), ("2", 2, ""), ("'no such game'", 1, "no such game\n")],
)
def test_the_status_is_sys_exit_s(code, status, said):
    done = python(f"""
        print("written, not yet flushed", end="")
        from generator.process_end import end
        end({code})
    """)
    assert done.returncode == status
    assert done.stdout == "written, not yet flushed"
    assert done.stderr == said + "ran at exit\n"


@pytest.mark.parametrize("ending", ["end(0)", "sys.exit(0)"])
def test_output_nobody_reads_is_python_s_own_status(ending):
    reading, writing = os.pipe()
    os.close(reading)  # the reader is gone before the command writes
    try:
        done = python(f"print('lost')\nfrom generator.process_end import end\n{ending}\n", stdout=writing)
    finally:
        os.close(writing)
    assert done.returncode == UNFLUSHED


def test_a_command_started_without_a_standard_output_ends_as_it_would_with_one():
    """Its file descriptor closed before Python starts, sys.stdout is None."""
    done = python(
        """
        sys.argv = ["cutsheet", "--version"]
        from generator.cli import run
        run()
        """,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 0, done.stderr
    assert "ran at exit" in done.stderr and "Traceback" not in done.stderr


def test_a_profiled_command_returns_to_its_profiler(tmp_path):
    """A profiler (or a coverage run) saves what it found after the command returns."""
    stats = tmp_path / "command.prof"
    done = subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(stats), "-m", "generator", "--version"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "version" in done.stdout and stats.stat().st_size > 0


def test_a_traced_command_returns_to_its_tracer():
    """A tracer (a coverage run's, a debugger's) gets control back once the command returns."""
    done = python("""
        sys.settrace(lambda frame, event, arg: None)
        sys.argv = ["cutsheet", "--version"]
        from generator.cli import run
        try:
            run()
        finally:
            os.write(2, b"back with the tracer\\n")
    """)
    assert done.returncode == 0 and "back with the tracer" in done.stderr
