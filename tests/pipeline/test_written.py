"""Which sheet files a build wrote (generator/pipeline/written.py): a recorded file is held
while it has the content key recorded for it and its size, times and inode are untouched; a
file edited to the same size with its modification time put back, deleted or
wanted with another content key is not. The record lives in the folder's build cache, so a
later build (a new store on the same cache folder) reads it."""

import os
import time

from generator.cache import BuildCache
from generator.pipeline.written import SheetFile, read_written, record_written, signature


def sheet_files(folder):
    (folder / "svg").mkdir(parents=True)
    files = [SheetFile(folder / "svg" / f"deck-sheet-{n:02d}.svg", f"key{n}", n - 1) for n in (1, 2)]
    for file in files:
        file.path.write_text(f"<svg>{file.index}</svg>")
    return files


def test_the_signature_is_the_files_size_times_and_inode(tmp_path):
    path = tmp_path / "a.svg"
    path.write_bytes(b"12345")
    stat = os.stat(path)
    assert signature(path) == (5, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)
    assert signature(tmp_path / "missing.svg") is None


def test_a_recorded_file_is_held_by_a_later_store_on_the_same_cache(tmp_path):
    folder, cache = tmp_path / "out" / "deck", tmp_path / "out" / ".cache"
    files = sheet_files(folder)
    record_written(BuildCache(cache), folder, files)
    later = read_written(BuildCache(cache), folder)
    assert later.files == {
        "svg/deck-sheet-01.svg": ("key1", signature(files[0].path)),
        "svg/deck-sheet-02.svg": ("key2", signature(files[1].path)),
    }
    assert all(later.holds(file) for file in files)
    # the same file wanted with another content is drawn again
    assert not later.holds(SheetFile(files[0].path, "other", 0))


def test_a_file_touched_since_is_not_held(tmp_path):
    folder, store = tmp_path / "deck", BuildCache(tmp_path / ".cache")
    first, second = sheet_files(folder)
    record_written(store, folder, [first, second])
    before = os.stat(first.path)
    time.sleep(0.05)  # past the file system clock's tick, as any later edit is
    first.path.write_text("<svg>9</svg>")  # edited, the size unchanged
    os.utime(first.path, ns=(before.st_atime_ns, before.st_mtime_ns))  # its modification time put back
    second.path.unlink()
    written = read_written(store, folder)
    assert not written.holds(first) and not written.holds(second)


def test_without_a_cache_nothing_is_held(tmp_path):
    folder = tmp_path / "deck"
    files = sheet_files(folder)
    record_written(BuildCache(None), folder, files)
    written = read_written(BuildCache(None), folder)
    assert written.files == {} and not any(written.holds(file) for file in files)


def test_a_missing_file_is_not_recorded(tmp_path):
    folder, store = tmp_path / "deck", BuildCache(tmp_path / ".cache")
    files = sheet_files(folder)
    files[1].path.unlink()
    record_written(store, folder, files)
    assert list(read_written(store, folder).files) == ["svg/deck-sheet-01.svg"]
