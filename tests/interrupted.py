"""Long runs the tests interrupt as a terminal's Ctrl-C does, started so that they never
outlive the test: a run of a million games whose test process was killed before it could
stop the run would otherwise play on for hours."""

import ctypes
import os
import pty
import re
import signal
import subprocess
import threading
import time

#: prctl(2)'s option: the signal this process gets when its parent ends.
PR_SET_PDEATHSIG = 1


def _killed_with_its_parent() -> None:
    """In the child, before the command runs: SIGKILL when the test process ends."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def started(command: list[str], env: dict[str, str], stderr: int = subprocess.PIPE, **popen) -> subprocess.Popen:
    """The command started with its output piped as text (stderr to `stderr` if given), to be
    sent SIGINT."""
    return subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        preexec_fn=_killed_with_its_parent,
        **popen,
    )


def stopped(process: subprocess.Popen) -> None:
    """Kill the process if it still runs."""
    if process.poll() is None:
        process.kill()
        process.wait()


class Terminal:
    """A pseudo-terminal for a command's stderr, as a designer's shell gives it (so the command
    shows what it shows a person, its progress line), read on a thread as it comes: a test
    can wait for a line to appear, rather than for a time it guesses."""

    def __init__(self) -> None:
        self._master, self.stderr = pty.openpty()
        self._read = bytearray()
        self._ended = False
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._drain, daemon=True)

    def opened(self) -> None:
        """Once the command started: this process's end of its stderr is closed, so that the
        terminal ends when every process of the command has ended, and reading starts."""
        os.close(self.stderr)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self._master, 4096)
            except OSError:  # EIO: no process holds the terminal any more
                chunk = b""
            with self._changed:
                self._read += chunk
                self._ended = not chunk
                self._changed.notify_all()
            if not chunk:
                return

    @property
    def text(self) -> str:
        """What was written so far (a terminal ends its lines with \\r\\n; here \\n)."""
        return self._read.decode(errors="replace").replace("\r\n", "\n")

    def wait_for(self, pattern: str, timeout: float) -> re.Match[str]:
        """The first match of `pattern` in what the command wrote, once it is written."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not (found := re.search(pattern, self.text)):
                left = deadline - time.monotonic()
                assert not self._ended, f"the command ended without writing {pattern!r}:\n{self.text}"
                assert left > 0, f"nothing matched {pattern!r} in {timeout} s:\n{self.text}"
                self._changed.wait(left)
        return found

    def closed(self, timeout: float = 60) -> str:
        """Everything the command wrote, once every process of it has ended."""
        self._reader.join(timeout)
        ended = not self._reader.is_alive()
        os.close(self._master)
        assert ended, f"a process of the command still held the terminal after {timeout} s:\n{self.text}"
        return self.text


def interrupted_under_way(
    command: list[str], env: dict[str, str], asked: int, group: bool = False, wait: float = 120
) -> subprocess.CompletedProcess:
    """`command`, a run of `asked` games, with its stderr on a Terminal, sent SIGINT as soon as
    its progress line shows games finished (within `wait` seconds): with `group`, to its
    whole process group, the command started in a session of its own, as a terminal's Ctrl-C
    reaches a command and every process it started; else to the command alone. Its stdout,
    and what the terminal showed as its stderr."""
    terminal = Terminal()
    process = started(command, env, stderr=terminal.stderr, start_new_session=group)
    terminal.opened()
    signalled = (lambda number: os.killpg(process.pid, number)) if group else process.send_signal
    try:
        terminal.wait_for(rf": [1-9][0-9]*/{asked} games", timeout=wait)
        signalled(signal.SIGINT)
        stdout, _ = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            signalled(signal.SIGKILL)
            process.wait()
    return subprocess.CompletedProcess(command, process.returncode, stdout, terminal.closed())


def held(handler: object) -> bool:
    """Whether a SIGINT handler is a CtrlC's, holding Ctrl-C (generator/ctrl_c.py)."""
    from generator.ctrl_c import CtrlC

    return getattr(handler, "__func__", None) is CtrlC._note


def handlers_in(monkeypatch, *methods: tuple[object, str]) -> list[tuple[str, object]]:
    """Each method (its owner, its name) made to record, as it is called, its name and what
    takes SIGINT at that moment: the list they record into."""
    seen: list[tuple[str, object]] = []

    def recording(name: str, original):
        def call(*args, **kwargs):
            seen.append((name, signal.getsignal(signal.SIGINT)))
            return original(*args, **kwargs)

        return call

    for owner, name in methods:
        monkeypatch.setattr(owner, name, recording(name, getattr(owner, name)))
    return seen
