"""The collector's settings for a cutsheet command, and where it is paused."""

import gc
import pickle
import subprocess
import sys

import pytest
from click.testing import CliRunner

from generator import pickles
from generator.cache import BuildCache, Files
from generator.cli import main
from generator.collector import YOUNG, collection_paused, reads_kept
from generator.games import load_game
from generator.pipeline import build_game
from generator.project import OutputSettings, Project
from generator.serve.server import Previews
from generator.workers import Workers
from tests.package.test_cache import Doubled
from tests.serve.test_serve_traffic import one_card_game


@pytest.fixture
def default_thresholds():
    """CPython 3.11's own thresholds meanwhile (an earlier command in this process may have
    set cutsheet's), and the process's as they were after."""
    was = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*was)


@pytest.fixture
def passes():
    """The collector's passes meanwhile, by generation."""
    counted = [0, 0, 0]

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            counted[info["generation"]] += 1

    gc.callbacks.append(count)
    yield counted
    gc.callbacks.remove(count)


def test_the_collector_is_paused_meanwhile_and_as_it_was_after():
    assert gc.isenabled()
    with pytest.raises(KeyError), collection_paused():
        assert not gc.isenabled()
        raise KeyError("a bug in a kind")
    assert gc.isenabled()
    gc.disable()
    try:
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_command_runs_with_the_young_generation_passed_over_every_YOUNG_objects(tmp_path, default_thresholds):
    run = CliRunner().invoke(main, ["new", str(tmp_path / "deck")])
    assert run.exit_code == 0, run.output
    assert gc.get_threshold()[0] == YOUNG


def test_a_build_passes_over_its_objects_a_few_times_not_dozens(tmp_path, default_thresholds, passes):
    game = one_card_game(tmp_path)
    run = CliRunner().invoke(main, ["build", str(game), "--out", str(tmp_path / "out"), "--format", "pdf"])
    assert run.exit_code == 0, run.output
    assert sum(passes) <= 5, passes  # with CPython's own thresholds: about 60


#: A `cutsheet` process that prints, as it ends, how many passes the collector made.
COUNTED_COMMAND = """
import atexit, gc, sys
passes = []
gc.callbacks.append(lambda phase, info: passes.append(info["generation"]) if phase == "start" else None)
atexit.register(lambda: print("passes", len(passes)))
sys.argv = ["cutsheet", *sys.argv[1:]]
from generator.cli import run
run()
"""


def test_a_fresh_command_imports_its_modules_with_the_young_generation_passed_over_rarely(tmp_path):
    """The command's modules define classes and tables that last to its end: imported with
    CPython's thresholds, a one-card build's process passed over them about 50 times, a
    few per cent of its time; now only what Python and click make before cutsheet's own
    code is imported is passed over as often."""
    game = one_card_game(tmp_path)
    command = [sys.executable, "-c", COUNTED_COMMAND, "build", str(game), "--out", str(tmp_path / "out")]
    run = subprocess.run([*command, "--format", "pdf"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout.split()[-1]) <= 20, run.stdout


def test_a_build_called_as_a_library_function_passes_over_its_objects_a_few_times_too(
    tmp_path, default_thresholds, passes
):
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("name: G\nengine: none\ncomponents: [cards.yaml]\n")
    cards = "".join(f"  - {{title: Card {n}, text: The card numbered {n} of many}}\n" for n in range(300))
    (game / "cards.yaml").write_text(f"kind: card\nitems:\n{cards}")
    project = Project.find([game], output=OutputSettings(tmp_path / "out", cache=False, jobs=1))
    loaded = load_game(game)
    gc.collect()
    passes[:] = [0, 0, 0]
    result = build_game(loaded, project)
    assert result.ok and result.files
    assert sum(passes) <= 5, passes  # with CPython's own thresholds: about 130
    assert gc.get_threshold() == (700, 10, 10)  # the caller's, after


def test_the_cache_pickles_and_unpickles_with_the_collector_paused(tmp_path, monkeypatch):
    collecting: list[tuple[str, bool]] = []
    dumps, loads = pickles.dumps, pickles.loads

    def spied(name, real):
        def call(*args, **kwargs):
            collecting.append((name, gc.isenabled()))
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(pickles, "dumps", spied("dumps", dumps))
    monkeypatch.setattr(pickles, "loads", spied("loads", loads))
    inputs = Doubled(3, Files(()))
    BuildCache(tmp_path).put(inputs, list(range(3)))
    assert BuildCache(tmp_path).lookup(inputs, list) == [0, 1, 2]
    assert collecting == [("dumps", False), ("loads", False)] and gc.isenabled()


def test_an_entry_that_does_not_unpickle_leaves_the_collector_running(tmp_path, monkeypatch):
    inputs = Doubled(2, Files(()))
    BuildCache(tmp_path).put(inputs, [0, 1])

    def broken(*args: object) -> object:
        raise pickle.UnpicklingError("a class renamed since")

    monkeypatch.setattr(pickles, "loads", broken)
    assert BuildCache(tmp_path).lookup(inputs, list) is None
    assert gc.isenabled()


@pytest.fixture
def freezes(monkeypatch):
    """How many objects each gc.freeze meanwhile froze (the collector's own count)."""
    frozen: list[int] = []
    freeze = gc.freeze

    def counted() -> None:
        before = gc.get_freeze_count()
        freeze()
        frozen.append(gc.get_freeze_count() - before)

    monkeypatch.setattr(gc, "freeze", counted)
    return frozen


def test_what_a_command_reads_from_the_cache_stays_out_of_the_collectors_passes_until_it_is_done(tmp_path, freezes):
    inputs = Doubled(4, Files(()))
    BuildCache(tmp_path).put(inputs, [[n] for n in range(5000)])
    assert gc.get_freeze_count() == 0
    with pytest.raises(KeyError), reads_kept():
        read = BuildCache(tmp_path).lookup(inputs, list)
        assert gc.get_freeze_count() >= 5000 and all(gc.is_tracked(row) for row in read[:3])
        raise KeyError("a bug in a kind")
    assert gc.get_freeze_count() == 0  # done, however it ended: all back with the collector
    assert len(freezes) == 1 and freezes[0] >= 5000


def test_a_read_outside_a_command_freezes_nothing(tmp_path, freezes):
    inputs = Doubled(5, Files(()))
    BuildCache(tmp_path).put(inputs, [[n] for n in range(100)])
    assert BuildCache(tmp_path).lookup(inputs, list) is not None
    assert freezes == [] and gc.get_freeze_count() == 0


@pytest.mark.parametrize("command", ["build", "export"])
def test_a_build_or_export_keeps_what_it_read_until_it_is_done(tmp_path, freezes, command):
    game, out = one_card_game(tmp_path), tmp_path / "out"
    extra = ["--format", "pdf"] if command == "build" else ["--profile", "drivethrucards"]
    for _ in range(2):  # the second reads the first's layout
        run = CliRunner().invoke(main, [command, str(game), "--out", str(out), *extra])
        assert run.exit_code == 0, run.output
        assert gc.get_freeze_count() == 0
    assert freezes


def test_a_preview_rebuild_keeps_what_it_read_until_it_is_done(tmp_path, freezes):
    previews = Previews(Project.find([one_card_game(tmp_path)], output=OutputSettings(tmp_path / "out")))
    for _ in range(2):  # the second reads the first's layout
        previews.rebuild()
        assert gc.get_freeze_count() == 0
    assert freezes


def test_a_command_within_a_command_leaves_the_reads_kept_until_the_outer_one_is_done(tmp_path):
    inputs = Doubled(6, Files(()))
    BuildCache(tmp_path).put(inputs, [[n] for n in range(100)])
    with reads_kept():
        with reads_kept():
            assert BuildCache(tmp_path).lookup(inputs, list) is not None
        assert gc.get_freeze_count() >= 100
    assert gc.get_freeze_count() == 0


def test_workers_done_within_a_command_leave_its_reads_kept_and_thaw_elsewhere(tmp_path):
    inputs = Doubled(7, Files(()))
    BuildCache(tmp_path).put(inputs, [[n] for n in range(100)])
    with reads_kept():
        assert BuildCache(tmp_path).lookup(inputs, list) is not None
        with Workers(2) as workers:
            workers.submit(abs, -3)
            workers.wait()
        assert gc.get_freeze_count() >= 100  # the workers' end left the command's reads alone
    assert gc.get_freeze_count() == 0
    with Workers(2) as workers:  # outside a command, the workers' own freeze ends with them
        workers.submit(abs, -3)
        workers.wait()
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
