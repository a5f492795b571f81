"""Building in a forked child of the test process: the CLI is imported once here, and what a
build imports besides (the CLI imports most of it only when it builds) is imported here
after the first build, so each build starts warm, while memory and time stay bounded per
build and a library's warnings or log lines reach stderr as they would from `python -m
generator`."""

import importlib
import logging
import os
import resource
import signal
import sys
import time
import traceback
import warnings
from pathlib import Path

from generator.cli import main


def address_space() -> int:
    """This process's virtual memory size, in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def as_a_fresh_interpreter() -> None:
    """Warnings and logging as `python -m generator` has them, not as pytest captures them:
    a library's warning or log line reaches stderr, where the user would read it."""
    warnings.resetwarnings()
    for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
        warnings.simplefilter("ignore", category)
    warnings.showwarning = lambda message, category, filename, lineno, file=None, line=None: sys.stderr.write(
        warnings.formatwarning(message, category, filename, lineno, line)
    )
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.setLevel(logging.WARNING)


def forked_build(game: Path, out: Path, log: Path, memory: int, timeout: int) -> tuple[int, str]:
    """`cutsheet build . --out OUT` in GAME, in a forked child of its own process group with
    `memory` bytes of address space and `timeout` seconds: (exit status, or minus the signal
    that ended it; stderr, also kept in `log`)."""
    pid = os.fork()
    if pid == 0:  # the child: never returns to pytest
        code = 1
        try:
            os.setpgid(0, 0)
            with open(log, "w") as stream, open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 1)
                os.dup2(stream.fileno(), 2)
                sys.stdout, sys.stderr = null, stream
                as_a_fresh_interpreter()
                try:
                    os.chdir(game)
                    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
                    signal.alarm(timeout)
                    main(["build", ".", "--out", str(out)])
                except SystemExit as exc:
                    code = exc.code if isinstance(exc.code, int) else 1
                except BaseException:
                    traceback.print_exc(file=stream)
                stream.flush()
            log.with_suffix(".modules").write_text("\n".join(sys.modules))
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout + 10
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            break
        time.sleep(0.01)
    try:
        os.killpg(pid, signal.SIGKILL)  # any worker the build left behind
    except ProcessLookupError:
        pass
    stderr = log.read_text(errors="replace")
    _import_as_the_child_did(log.with_suffix(".modules"))
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status), stderr
    return os.WEXITSTATUS(status), stderr


def _import_as_the_child_did(names: Path) -> None:
    """Import here the modules the child's build imported (those that can be imported by
    name), so that the next child finds them imported."""
    if not names.is_file():
        return
    for name in names.read_text().splitlines():
        if name not in sys.modules:
            try:
                importlib.import_module(name)
            except ImportError:  # a name some module gave itself, not one to import by
                pass
