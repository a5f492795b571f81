"""Running cutsheet (a build, mostly) in a forked child of the test process: the CLI is
imported once here, and what a command imports besides (the CLI imports most of it only when
it runs) is imported here after the first, so each starts warm, while memory and time stay
bounded per command and a library's warnings or log lines reach stderr as they would from
`python -m generator`."""

import importlib
import logging
import os
import resource
import signal
import sys
import time
import traceback
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from generator import games
from generator.cli import main
from generator.games import all_kinds
from generator.sources.fonts import shipped_faces


def _status_kb(field: str) -> int:
    """A kB figure of this process's /proc/self/status (VmSize, VmRSS, VmHWM)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    return 0


def address_space() -> int:
    """This process's virtual memory size, in bytes."""
    return _status_kb("VmSize") * 1024


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


@dataclass(frozen=True)
class Ran:
    """How a forked command ended: its exit status (or minus the signal that ended it), its
    stderr, and how far its peak resident memory rose above what it held when it started
    (kB): the child starts with this process's pages, which are not the command's doing."""

    code: int
    stderr: str
    grown_kb: int


def forked_cutsheet(args: Sequence[str], cwd: Path, log: Path, memory: int, timeout: int) -> Ran:
    """`cutsheet ARGS` in CWD, in a forked child of its own process group with `memory` bytes
    of address space and `timeout` seconds; its stderr is also kept in `log`."""
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
                started_kb = _status_kb("VmRSS")  # the peak counts from here (it restarts at a fork)
                try:
                    os.chdir(cwd)
                    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
                    signal.alarm(timeout)
                    main(list(args))
                except SystemExit as exc:
                    code = exc.code if isinstance(exc.code, int) else 1
                except BaseException:
                    traceback.print_exc(file=stream)
                stream.flush()
            log.with_suffix(".grown").write_text(str(_status_kb("VmHWM") - started_kb))
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
    grown = log.with_suffix(".grown")
    grown_kb = int(grown.read_text()) if grown.is_file() else 0
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    return Ran(code, stderr, grown_kb)


def warm_up(scratch: Path) -> None:
    """Do here, once, what every forked command would otherwise do again from cold: load the
    engines, kinds and fonts, and build a starter deck (`cutsheet new`) in every format under
    `scratch`, which compiles the SVG template, reads the fonts' glyphs for the cover's
    pictures, hashes the code for the build cache's keys and starts pdfium: about 0.09 s of
    each forked build. A child still reads and lays out its own sources: where a cache is
    keyed by a file's path (art, fonts, icons), what the warm-up leaves in it is the deck
    under `scratch`, where no command looks, and the shipped files, which no test changes."""
    games.engines()
    for kinds in all_kinds().values():
        list(kinds.values())  # each is loaded when it is looked up
    shipped_faces()
    runner = CliRunner()
    for args in (["new", str(scratch / "deck")], ["build", str(scratch / "deck"), "--out", str(scratch / "out")]):
        ran = runner.invoke(main, args, catch_exceptions=False)
        assert ran.exit_code == 0, ran.output


def forked_build(game: Path, out: Path, log: Path, memory: int, timeout: int) -> tuple[int, str]:
    """`cutsheet build . --out OUT` in GAME, forked (forked_cutsheet): (exit status, stderr)."""
    ran = forked_cutsheet(["build", ".", "--out", str(out)], game, log, memory, timeout)
    return ran.code, ran.stderr


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
