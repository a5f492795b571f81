"""Long runs the tests interrupt as a terminal's Ctrl-C does, started so that they never
outlive the test: a run of a million games whose test process was killed before it could
stop the run would otherwise play on for hours."""

import ctypes
import signal
import subprocess

#: prctl(2)'s option: the signal this process gets when its parent ends.
PR_SET_PDEATHSIG = 1


def _killed_with_its_parent() -> None:
    """In the child, before the command runs: SIGKILL when the test process ends."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def started(command: list[str], env: dict[str, str], **popen) -> subprocess.Popen:
    """The command started with its output piped as text, to be sent SIGINT."""
    return subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_killed_with_its_parent,
        **popen,
    )


def stopped(process: subprocess.Popen) -> None:
    """Kill the process if it still runs."""
    if process.poll() is None:
        process.kill()
        process.wait()
