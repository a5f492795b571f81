"""The collector's settings for a cutsheet command, and where it is paused."""

import gc
import pickle

import pytest
from click.testing import CliRunner

from generator.cache import BuildCache, Files
from generator.cli import main
from generator.collector import YOUNG, collection_paused
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


def test_the_cache_pickles_and_unpickles_with_the_collector_paused(tmp_path, monkeypatch):
    collecting: list[tuple[str, bool]] = []
    dumps, loads = pickle.dumps, pickle.loads

    def spied(name, real):
        def call(*args, **kwargs):
            collecting.append((name, gc.isenabled()))
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(pickle, "dumps", spied("dumps", dumps))
    monkeypatch.setattr(pickle, "loads", spied("loads", loads))
    inputs = Doubled(3, Files(()))
    BuildCache(tmp_path).put(inputs, list(range(3)))
    assert BuildCache(tmp_path).lookup(inputs, list) == [0, 1, 2]
    assert collecting == [("dumps", False), ("loads", False)] and gc.isenabled()


def test_an_entry_that_does_not_unpickle_leaves_the_collector_running(tmp_path, monkeypatch):
    inputs = Doubled(2, Files(()))
    BuildCache(tmp_path).put(inputs, [0, 1])

    def broken(data: bytes) -> object:
        raise pickle.UnpicklingError("a class renamed since")

    monkeypatch.setattr(pickle, "loads", broken)
    assert BuildCache(tmp_path).lookup(inputs, list) is None
    assert gc.isenabled()
