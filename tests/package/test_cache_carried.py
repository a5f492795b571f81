"""Entries carried over from one command to the next in one process (cache.carried_over, as
`cutsheet build --watch` builds after each edit): a build after an edit reads no entry file,
writes the bytes a cold build writes, and keeps in memory only what the last command used."""

import os
from pathlib import Path
from typing import ClassVar

import pytest

from generator import cache
from generator.cache import BuildCache, Files, Inputs, carried_over, used_by_command
from generator.pickles import Pieces
from tests.conftest import run_build
from tests.package.test_cache import deck, outputs


class Named(Inputs, frozen=True):
    stage: ClassVar[str] = "named"
    name: str
    source: Files


class Latest(Inputs, frozen=True):
    """A stage whose entry is the latest of its place, as a game's reading is."""

    stage: ClassVar[str] = "latest of a place"
    latest: ClassVar[bool] = True
    place: str


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The entries read from their files from now on, by name (hits only)."""
    found: list[str] = []
    read = BuildCache._read

    def counted(store, entry, shared):
        value = read(store, entry, shared)
        if value is not None:
            found.append(entry)
        return value

    monkeypatch.setattr(BuildCache, "_read", counted)
    return found


@pytest.mark.parametrize("formats", ["pdf", "pdf,svg,png"])
def test_a_build_after_an_edit_reads_no_entry_file_and_writes_a_cold_builds_bytes(tmp_path, reads, formats):
    game, out = deck(tmp_path / "deck"), tmp_path / "out"
    build = ("--out", str(out), "--format", formats, "--jobs", "1")
    with carried_over():
        run_build(str(game), *build)
        deck(game, changed=7)
        reads.clear()
        run_build(str(game), *build)
    assert reads == []
    run_build(str(game), "--out", str(tmp_path / "cold"), "--format", formats, "--no-cache")
    assert outputs(out / "deck") == outputs(tmp_path / "cold" / "deck")


def test_without_carrying_over_the_same_build_reads_its_entries_from_their_files(tmp_path, reads):
    game, out = deck(tmp_path / "deck"), tmp_path / "out"
    run_build(str(game), "--out", str(out), "--format", "pdf")
    deck(game, changed=7)
    reads.clear()
    run_build(str(game), "--out", str(out), "--format", "pdf")
    assert len(reads) >= 4  # the reading, the layout, the sheets and the pages, and their pieces


def carried() -> cache.Carried:
    found = cache._carried.get()
    assert found is not None
    return found


def test_the_latest_entries_are_written_once_as_the_last_command_ends(tmp_path):
    root, latest, named = tmp_path / "cache", Latest("deck"), Named("content", Files(()))
    entry = cache._entry_file(root, latest.key)
    with carried_over():
        for value in range(1, 4):
            with used_by_command(root):
                BuildCache(root).put(latest, value)
                BuildCache(root).put(named, value)
            assert not entry.exists()  # in memory alone, where the next command takes it
            assert BuildCache(None).lookup(named, int) is None
            assert BuildCache(root).lookup(latest, int) == value
        assert BuildCache(root)._read(named.key, ()) == 3  # a content's entry, written at once
    assert BuildCache(root).lookup(latest, int) == 3  # the last command's, from its file


def test_ctrl_c_in_a_command_still_writes_the_latest_entries(tmp_path):
    root, latest = tmp_path / "cache", Latest("deck")
    with pytest.raises(KeyboardInterrupt), carried_over():
        with used_by_command(root):
            BuildCache(root).put(latest, "before")
        with used_by_command(root):
            BuildCache(root).put(latest, "edited")
            raise KeyboardInterrupt
    assert BuildCache(root).lookup(latest, str) == "edited"


def test_a_latest_entry_a_command_did_not_use_is_written_then_and_dropped(tmp_path):
    """As after an edit to a layout, which puts the game's latest layout under another key:
    the one it replaces is written once, and memory holds no more than one of them."""
    root, latest, other = tmp_path / "cache", Latest("deck"), Latest("other deck")
    with carried_over():
        with used_by_command(root):
            BuildCache(root).put(latest, 1)
        assert not cache._entry_file(root, latest.key).exists()
        with used_by_command(root):
            BuildCache(root).put(other, 2)
        assert BuildCache(root)._read(latest.key, ()) == 1  # its file, written as the command ended
        assert latest.key not in carried().memory
        with used_by_command(root):
            BuildCache(root).put(other, 3)
        assert set(carried().unwritten) == {other.key}
    assert BuildCache(root).lookup(latest, int) == 1 and BuildCache(root).lookup(other, int) == 3


def test_what_a_command_used_in_memory_alone_is_marked_used_in_the_cache_folder(tmp_path):
    """Pruning, which keeps what the command used, reads the entries' times."""
    root, named = tmp_path / "cache", Named("content", Files(()))
    entry = cache._entry_file(root, named.key)
    with carried_over():
        with used_by_command(root):
            BuildCache(root).put(named, 1)
        os.utime(entry, (1, 1))
        with used_by_command(root):
            assert BuildCache(root).lookup(named, int) == 1
        assert entry.stat().st_mtime > 1


def test_a_command_carries_over_only_the_entries_it_used(tmp_path):
    root = tmp_path / "cache"
    first, second = Named("first", Files(())), Named("second", Files(()))
    with carried_over():
        with used_by_command(root):
            BuildCache(root).put(first, 1)
            BuildCache(root).put(second, 2)
        assert carried().memory == {first.key: 1, second.key: 2}
        with used_by_command(root):
            assert BuildCache(root).lookup(second, int) == 2
        assert carried().memory == {second.key: 2}
        with used_by_command(root):
            assert BuildCache(root).lookup(first, int) == 1  # from its file again
        assert carried().memory == {first.key: 1}


def test_a_store_without_a_folder_carries_nothing_over(tmp_path):
    inputs = Named("nowhere", Files(()))
    with carried_over():
        with used_by_command(None):
            BuildCache(None).put(inputs, 1)
        with used_by_command(None):
            assert BuildCache(None).lookup(inputs, int) is None


def piece_files(root: Path) -> set[Path]:
    return {path for path in root.rglob("*") if path.is_file()}


def test_a_piece_another_command_pruned_meanwhile_is_written_again(tmp_path):
    root = tmp_path / "cache"
    inputs = Named("split", Files(()))
    value = Pieces.split({n: f"value {n}" for n in range(40)})
    with carried_over():
        with used_by_command(root):
            BuildCache(root).put(inputs, value)
        written = piece_files(root)
        entry = cache._entry_file(root, inputs.key)
        pieces = written - {entry}
        assert pieces
        for path in pieces:
            path.unlink()  # pruned by another command
        with used_by_command(root):
            BuildCache(root).put(inputs, value)
        assert piece_files(root) == written
    assert dict(BuildCache(root).lookup(inputs, Pieces) or {}) == dict(value)


@pytest.fixture
def written(monkeypatch) -> list[Path]:
    """The entry files written from now on."""
    paths: list[Path] = []
    write = cache._write_entry

    def counted(path: Path, data: bytes) -> None:
        paths.append(path)
        write(path, data)

    monkeypatch.setattr(cache, "_write_entry", counted)
    return paths


def test_the_pieces_a_command_read_or_wrote_are_not_written_again_by_the_next(tmp_path, written):
    root, inputs = tmp_path / "cache", Named("split", Files(()))
    BuildCache(root).put(inputs, Pieces.split({n: f"value {n}" for n in range(40)}))
    entry = cache._entry_file(root, inputs.key)
    with carried_over():
        with used_by_command(root):
            value = BuildCache(root).lookup(inputs, Pieces)  # its pieces read
        for _ in range(2):  # the second after a command that found its pieces written
            written.clear()
            with used_by_command(root):
                BuildCache(root).put(inputs, value)
            assert written == [entry]


def test_an_entry_a_command_touched_is_carried_over(tmp_path, reads):
    root, named = tmp_path / "cache", Named("content", Files(()))
    with carried_over():
        with used_by_command(root):
            BuildCache(root).put(named, 1)
        with used_by_command(root):
            BuildCache(root).touch(named)
        reads.clear()
        with used_by_command(root):
            assert BuildCache(root).lookup(named, int) == 1
    assert reads == []
