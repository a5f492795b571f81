"""Shared fixtures: one build of each shipped game per test session, read back by the tests."""

import fcntl
import gc
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator import cache
from generator.cli import main
from generator.layout.card import CardKind
from generator.workers import available_cores
from tests.forked import warm_up

ROOT = Path(__file__).resolve().parent.parent
COMPONENTS = ROOT / "components"


def pytest_configure(config: pytest.Config) -> None:
    """A shell that starts the tests in the background (`pytest &` in a script, a job runner)
    hands them Ctrl-C ignored, and every process they start would ignore it too. The tests of
    what Ctrl-C does need it taken as a terminal gives it: Python's own handler here, and in
    every process started from here, which gets the default back when it starts. (So a
    Ctrl-C meant for the script's foreground command stops such a test run as well.)"""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: one worker more than the cores this process may run on (pytest-xdist's own
    count when PYTEST_XDIST_AUTO_NUM_WORKERS says otherwise). A worker a core leaves a core
    idle whenever a test waits: on the processes, servers and browser it starts, and on the
    clocks of the watch and Ctrl-C tests. On 2 cores, in five pairs of whole runs side by
    side, the tests kept the cores 90 to 93% busy with 2 workers and 96 to 97% with 3; 3
    workers took less time in four of the pairs (4 to 9% less in the three pairs run closest
    together)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return available_cores() + 1


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """As a session ends, pytest collects the garbage five times over, to report what the
    finalizers of the last cycles raise. A test process then holds about three million objects
    (the games, builds and reports its tests keep for each other), and each full collection
    walks them all. xdist's worker is told to stop as its session ends, and sends itself a
    SIGINT if it has not stopped five seconds later: in a whole run the last worker took
    4.4 s, and the SIGINT, when it comes, lands in the garbage-collection callback then
    running (Hypothesis has one), printed as an exception ignored there. So one full
    collection here, and what survives it frozen (gc.freeze): pytest's five then walk only
    what becomes garbage after it (3.5 s in all)."""
    gc.collect()
    gc.freeze()


def run_build(*args: str) -> None:
    result = CliRunner().invoke(main, ["build", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


def cutsheet_process(
    *args: object, cwd: Path | None = None, preexec: Callable[[], None] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess:
    """`cutsheet ARGS` in a fresh process (`python -m generator` with this checkout's code), as a
    designer runs it, its output read as text; `preexec` runs in the child before it starts
    (a resource limit, say)."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        preexec_fn=preexec,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def run_build_process(*args: object) -> None:
    """`cutsheet build ARGS` in a fresh process: what one process keeps in memory (a face's
    key, say) is not there."""
    done = cutsheet_process("build", *args)
    assert done.returncode == 0, done.stderr


def pdf_text(path: Path) -> str:
    """The text of every page of a PDF, as pypdf extracts it."""
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.fixture
def entry_names(monkeypatch) -> dict[str, str]:
    """The build cache's entries by the names of their files, each recorded as a store of
    this test finds its file: a file is named by its entry's name and the code version
    (cache._entry_file), which cannot be read back from the file's name."""
    names: dict[str, str] = {}
    entry_file = cache._entry_file

    def recorded(root: Path, name: str) -> Path:
        path = entry_file(root, name)
        names[path.name] = name
        return path

    monkeypatch.setattr(cache, "_entry_file", recorded)
    return names


@pytest.fixture
def python_takes_ctrl_c():
    """Python's own handler takes SIGINT (KeyboardInterrupt) during the test; what took it
    before takes it again after."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.fixture
def starter_deck(tmp_path, monkeypatch) -> Path:
    """`cutsheet new deck` made in tmp_path, which becomes the working folder: messages then
    name its files `deck/...`."""
    monkeypatch.chdir(tmp_path)
    run = CliRunner().invoke(main, ["new", "deck"])
    assert run.exit_code == 0, run.output
    return tmp_path / "deck"


@pytest.fixture(scope="session")
def slipmax_out(tmp_path_factory) -> Path:
    """components/slipmax built on Letter into a fresh folder: PDF, SVG and PNG, the sheets
    only (the checklist page has tests of its own)."""
    out = tmp_path_factory.mktemp("build")
    run_build(str(COMPONENTS / "slipmax"), "--out", str(out), "--no-checklist")
    return out / "slipmax"


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder that `make` fills once for the whole test run, in whichever worker process
    asks first (pytest-xdist's workers share the parent of their temporary folders), while
    the others wait on a lock and then read it: for output no test writes to. A `make` that
    fails leaves no mark, and the next to ask makes the folder anew."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    folder, made = base / name, base / f"{name}.made"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            made.touch()
    return folder


@pytest.fixture(scope="session")
def forked_warm(tmp_path_factory) -> None:
    """This process warmed up once (tests/forked.py's warm_up) for the modules that fork
    builds from it, however many of them it runs."""
    warm_up(tmp_path_factory.mktemp("warm"))


@pytest.fixture(scope="session")
def shipped_pdfs(tmp_path_factory) -> Path:
    """Every shipped game's default build on Letter, PDF only, into one folder, made once for
    the run: read back by the tests of what a player prints (covers, ink, type sizes, scale
    marks), in whichever workers they run; none writes to it."""
    return made_once(
        tmp_path_factory, "shipped", lambda out: run_build("--out", str(out), "--format", "pdf", "--no-cache")
    )


@pytest.fixture
def pages_drawn(monkeypatch) -> list[str]:
    """The title of every sheet a PDF drew anew (not taken over from the last PDF) from here
    on, in order."""
    from generator.render import pdf

    titles: list[str] = []
    recorded = pdf._Painter.recorded

    def counted(painter, sheet):
        titles.append(sheet.title)
        return recorded(painter, sheet)

    monkeypatch.setattr(pdf._Painter, "recorded", counted)
    return titles


@pytest.fixture
def drawn_titles():
    """The title of every card drawn (CardKind.draw) from here on, in order."""
    calls: list[str] = []
    original = CardKind.draw

    def draw(self, item, layout, ctx):
        calls.append(item["title"])
        return original(self, item, layout, ctx)

    with mock.patch.object(CardKind, "draw", draw):
        yield calls
