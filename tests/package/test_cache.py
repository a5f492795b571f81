"""The build cache and parallel rendering: faster rebuilds, never different bytes."""

import os
import pickle
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from click.testing import CliRunner

from generator import cache, shipped, workers
from generator.cache import BuildCache, Files, Inputs
from generator.cli import main
from generator.games import load_game
from generator.pipeline import writers
from generator.render import svg
from generator.sources.art import MAX_FILE_BYTES as MAX_ART_BYTES
from generator.sources.art import MAX_SVG_BYTES
from generator.sources.fonts import MAX_FONT_BYTES
from generator.sources.loader import MAX_FILE_BYTES as MAX_YAML_BYTES
from generator.sources.tables import MAX_TABLE_BYTES
from generator.staging import MANIFEST
from tests.conftest import run_build


def deck(folder: Path, cards: int = 20, changed: int | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Cache\nengine: none\ncomponents: [cards.yaml]\n")
    items = "\n".join(
        f"  - {{title: 'Card {n}', text: '{'Changed' if n == changed else 'Text'} {n}'}}" for n in range(1, cards + 1)
    )
    (folder / "cards.yaml").write_text(f"kind: card\nitems:\n{items}\n")
    return folder


def outputs(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def drawn_sheets(monkeypatch) -> dict[str, list[int]]:
    """The sheets (from 1) drawn as SVG and as PNG from now on, in this process (--jobs 1)."""
    drawn: dict[str, list[int]] = {"svg": [], "png": []}
    svg_file, page_pngs = svg.svg_file, writers.page_pngs

    def count_svg(sheet, heading, icon_path):
        drawn["svg"].append(int(heading.rsplit("(sheet ", 1)[1].split()[0]))
        return svg_file(sheet, heading, icon_path)

    def count_png(pdf, images):
        drawn["png"].extend(image.page + 1 for image in images)
        return page_pngs(pdf, images)

    monkeypatch.setattr(svg, "svg_file", count_svg)
    monkeypatch.setattr(writers, "page_pngs", count_png)
    return drawn


def test_a_rebuild_draws_only_the_changed_sheet_and_matches_a_cold_build(tmp_path, monkeypatch):
    out = tmp_path / "out"
    run_build(str(deck(tmp_path / "cache")), "--out", str(out), "--jobs", "1")
    drawn = drawn_sheets(monkeypatch)
    run_build(str(deck(tmp_path / "cache", changed=12)), "--out", str(out), "--jobs", "1")
    # After the cover and the checklist, card 12 is on sheet 4 of 5 (9 cards to a sheet).
    assert drawn == {"svg": [4], "png": [4]}
    cold = tmp_path / "cold"
    run_build(str(deck(tmp_path / "cache", changed=12)), "--out", str(cold), "--no-cache")
    assert outputs(out / "cache") == outputs(cold / "cache")
    assert not (cold / ".cache").exists()


def test_a_sheet_file_deleted_replaced_or_edited_since_the_last_build_is_drawn_again(tmp_path, monkeypatch):
    source, out = deck(tmp_path / "cache"), tmp_path / "out"
    run_build(str(source), "--out", str(out), "--jobs", "1")
    first = outputs(out / "cache")
    svgs, pngs = out / "cache" / "svg", out / "cache" / "png"
    deleted, swapped, edited = svgs / "cache-sheet-01.svg", svgs / "cache-sheet-02.svg", pngs / "cache-sheet-03.png"
    deleted.unlink()
    copy = swapped.with_suffix(".copy")
    shutil.copy2(swapped, copy)  # the same bytes and times, another file
    os.replace(copy, swapped)
    written = edited.stat()
    time.sleep(0.02)  # past a tick of the file system's clock
    edited.write_bytes(edited.read_bytes()[:-1] + b"\0")  # the same size, in the same file,
    os.utime(edited, ns=(written.st_atime_ns, written.st_mtime_ns))  # its time set back
    drawn = drawn_sheets(monkeypatch)
    run_build(str(source), "--out", str(out), "--jobs", "1")
    assert drawn == {"svg": [1, 2], "png": [3]}
    assert outputs(out / "cache") == first


def test_the_cache_keeps_no_copy_of_the_sheets_svgs_and_pngs(tmp_path):
    out = tmp_path / "out"
    run_build(str(deck(tmp_path / "cache")), "--out", str(out))
    sheets = [path.read_bytes() for pattern in ("*.svg", "*.png") for path in (out / "cache").rglob(pattern)]
    kept = [entry.read_bytes()[32:] for entry in (out / ".cache").rglob("*") if entry.is_file()]
    assert len(sheets) == 10 and kept
    assert not any(data in kept for data in sheets)


def test_a_rebuild_leaves_the_files_it_would_not_change_untouched(tmp_path):
    out = tmp_path / "out"
    run_build(str(deck(tmp_path / "cache")), "--out", str(out))
    before = {path: (path.read_bytes(), path.stat()) for path in (out / "cache").rglob("*.*")}
    run_build(str(deck(tmp_path / "cache", changed=12)), "--out", str(out))
    changed = {path.name for path, (data, _) in before.items() if path.read_bytes() != data}
    touched = {
        path.name
        for path, (_, stat) in before.items()
        if (path.stat().st_ino, path.stat().st_mtime_ns) != (stat.st_ino, stat.st_mtime_ns)
    }
    # Card 12's sheet, as SVG and PNG, and the PDF that holds it.
    assert len(before) > 10 and sorted(name.rsplit(".")[-1] for name in changed) == ["pdf", "png", "svg"]
    assert touched == changed


@pytest.mark.parametrize("formats", ["pdf,svg,png", "svg"])
def test_parallel_rendering_writes_the_same_bytes(tmp_path, formats):
    """Three workers (SVGs while the PDF is written, then previews; or SVGs alone) write
    what one process writes."""
    source = deck(tmp_path / "cache")
    run_build(str(source), "--out", str(tmp_path / "one"), "--no-cache", "--format", formats, "--jobs", "1")
    run_build(str(source), "--out", str(tmp_path / "three"), "--no-cache", "--format", formats, "--jobs", "3")
    one = outputs(tmp_path / "one" / "cache")
    assert one == outputs(tmp_path / "three" / "cache")
    assert {Path(path).suffix for path in one if path != MANIFEST} == {f".{fmt}" for fmt in formats.split(",")}


def test_a_damaged_cache_is_a_miss_not_a_failure(tmp_path):
    source, out = deck(tmp_path / "cache"), tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf,svg")
    damaged = [entry for entry in (out / ".cache").rglob("*") if entry.is_file()]
    assert damaged
    for entry in damaged:
        entry.write_bytes(entry.read_bytes()[:40] + b"not what was stored")
    run_build(str(source), "--out", str(out), "--format", "pdf,svg")
    cold = tmp_path / "cold"
    run_build(str(source), "--out", str(cold), "--format", "pdf,svg", "--no-cache")
    assert outputs(out / "cache") == outputs(cold / "cache")


def test_a_rebuild_with_every_file_in_the_cache_starts_no_worker_processes(tmp_path, monkeypatch):
    out = tmp_path / "out"
    run_build(str(deck(tmp_path / "cache")), "--out", str(out), "--jobs", "2")
    first = outputs(out / "cache")

    def no_processes(jobs):
        raise AssertionError(f"{jobs} worker processes started")

    monkeypatch.setattr(workers, "_pool", no_processes)
    run_build(str(deck(tmp_path / "cache")), "--out", str(out), "--jobs", "2")
    assert outputs(out / "cache") == first
    run_build(str(deck(tmp_path / "cache", changed=12)), "--out", str(out), "--jobs", "2")  # one sheet's files
    with pytest.raises(AssertionError, match="2 worker processes started"):  # two sheets' (writers.FEW_FILES)
        run_build(str(deck(tmp_path / "cache", cards=30)), "--out", str(out), "--jobs", "2")


class Doubled(Inputs, frozen=True):
    stage: ClassVar[str] = "doubled"
    number: int
    source: Files


def test_a_stage_key_is_derived_from_its_inputs_files_by_their_content(tmp_path):
    source = tmp_path / "source.txt"
    source.write_text("one")
    first = Doubled(2, Files((source,))).key
    assert Doubled(2, Files((source,))).key == first
    assert Doubled(3, Files((source,))).key != first
    source.write_text("two")
    assert Doubled(2, Files((source,))).key != first


def test_the_code_version_reads_every_code_and_font_file_whole(tmp_path):
    """A wheel's layout: the fonts a folder of the package. An edit to a code file or a font
    is a new version, however it keeps the file's size and modification time; bytecode is
    not code."""
    package, fonts = tmp_path / "generator", tmp_path / "generator" / "shipped" / "fonts"
    (package / "__pycache__").mkdir(parents=True)
    fonts.mkdir(parents=True)
    (package / "cache.py").write_text("A = 1\n")
    (package / "__pycache__" / "cache.cpython-311.pyc").write_bytes(b"old")
    (fonts / "Face.ttf").write_bytes(b"glyphs one")
    versions = [cache.version_of(package, fonts)]

    def rewritten(path: Path, data: bytes) -> None:
        """`data` written over the file, of its size, its times set back as they were."""
        times = path.stat()
        path.write_bytes(data)
        os.utime(path, ns=(times.st_atime_ns, times.st_mtime_ns))

    (package / "__pycache__" / "cache.cpython-311.pyc").write_bytes(b"new")
    assert cache.version_of(package, fonts) == versions[0]
    rewritten(package / "cache.py", b"A = 2\n")
    versions.append(cache.version_of(package, fonts))
    rewritten(fonts / "Face.ttf", b"glyphs two")
    versions.append(cache.version_of(package, fonts))
    assert len(set(versions)) == 3
    assert cache.version_of(package, fonts) == versions[-1]  # nothing changed: the same
    assert cache.code_version() == cache.version_of(Path(cache.__file__).parent, shipped.fonts_dir())


def test_each_code_version_keeps_its_own_entries_and_reads_no_others(tmp_path, monkeypatch):
    inputs = Doubled(2, Files(()))
    BuildCache(tmp_path).put(inputs, 4)
    assert BuildCache(tmp_path).lookup(inputs, int) == 4
    monkeypatch.setattr(cache, "code_version", lambda: "another version")
    assert BuildCache(tmp_path).lookup(inputs, int) is None
    BuildCache(tmp_path).put(inputs, 5)  # the same key, written by the other version
    assert BuildCache(tmp_path).lookup(inputs, int) == 5
    monkeypatch.undo()
    assert BuildCache(tmp_path).lookup(inputs, int) == 4  # beside it, as this version left it


def test_a_build_without_a_cache_reads_no_code_or_font_file(tmp_path, monkeypatch):
    """Only the names of the cache's files hold the code version: a build that keeps nothing
    never hashes the package and the fonts."""

    def versioned(*folders: Path) -> str:
        raise AssertionError(f"the code version was read: {folders}")

    monkeypatch.setattr(cache, "version_of", versioned)
    cache.code_version.cache_clear()
    try:
        run_build(str(deck(tmp_path / "cache")), "--out", str(tmp_path / "out"), "--no-cache", "--pnp")
    finally:
        cache.code_version.cache_clear()
    assert (tmp_path / "out" / "cache" / "cache.pdf").is_file()


def test_a_held_store_writes_its_entries_when_released(tmp_path):
    inputs, made = Doubled(2, Files(())), []
    held = BuildCache(tmp_path / "cache", hold=True)
    assert held.cached(inputs, int, lambda: made.append(4) or 4) == 4
    assert held.cached(inputs, int, lambda: made.append(5) or 5) == 4  # in memory, made once
    assert BuildCache(tmp_path / "cache").lookup(inputs, int) is None
    held.release()
    assert BuildCache(tmp_path / "cache").lookup(inputs, int) == 4
    assert made == [4]


@dataclass(frozen=True)
class Placed:
    """A stand-in for a face's item: a class instance, as the faces' items are."""

    words: str


def test_an_entry_refers_to_the_shared_objects_it_holds_and_reads_them_back_as_they_are(tmp_path):
    faces = [Placed("word " * 2000) for _ in range(20)]
    sheets = [("sheet", 1, faces[0:9]), ("sheet", 2, faces[9:18]), ("sheet", 3, [*faces[18:], Placed("margin")])]
    inputs = Doubled(1, Files(()))
    BuildCache(tmp_path / "shared").put(inputs, sheets, shared=faces)
    BuildCache(tmp_path / "copied").put(inputs, sheets)
    shared_size, copied_size = (
        cache._entry_file(tmp_path / name, inputs.key).stat().st_size for name in ("shared", "copied")
    )
    assert shared_size < 2000 < 20 * len("word " * 2000) < copied_size  # places, not copies
    read = BuildCache(tmp_path / "shared").lookup(inputs, list, shared=faces)
    assert read == sheets
    assert all(a is b for a, b in zip(read[0][2] + read[1][2] + read[2][2][:2], faces, strict=True))
    assert read[2][2][2] is not sheets[2][2][2]  # an object not shared is held whole


def test_an_entry_read_against_other_shared_objects_is_a_miss(tmp_path):
    faces = [Placed(str(n)) for n in range(5)]
    inputs, root = Doubled(1, Files(())), tmp_path / "cache"
    BuildCache(root).put(inputs, [faces[1], faces[3]], shared=faces)
    assert BuildCache(root).lookup(inputs, list, shared=faces[:4]) is None  # fewer objects
    assert BuildCache(root).lookup(inputs, list) is None  # none: the entry cannot be read without them
    made = BuildCache(root).cached(inputs, list, lambda: ["made"], shared=faces[:4])
    assert made == ["made"]
    assert BuildCache(root).lookup(inputs, list, shared=faces[:4]) == ["made"]  # written anew
    BuildCache(root).put(inputs, ["plain"])
    assert BuildCache(root).lookup(inputs, list, shared=faces) is None  # written without them


def test_a_held_store_writes_its_entries_against_their_shared_objects(tmp_path):
    faces = [Placed(str(n)) for n in range(3)]
    inputs, held = Doubled(1, Files(())), BuildCache(tmp_path / "cache", hold=True)
    held.put(inputs, [faces[2]], shared=faces)
    held.release()
    assert BuildCache(tmp_path / "cache").lookup(inputs, list, shared=faces)[0] is faces[2]


def test_a_games_layout_is_kept_referring_to_its_component_files(tmp_path, entry_names):
    from generator.pipeline.parts import LaidGame

    out = tmp_path / "out"
    run_build(str(game := deck(tmp_path / "cache", cards=40)), "--out", str(out), "--format", "pdf")
    store, files = BuildCache(out / ".cache"), load_game(game).files
    names = [entry_names[path.name] for path in (out / ".cache").glob("*/*")]
    kept = {name: store.entry(name, LaidGame, shared=files) for name in names}
    ((name, laid),) = ((name, found) for name, found in kept.items() if found is not None)
    assert [part.file for part in laid.parts] == list(files) and laid.parts[0].file is files[0]
    assert cache._entry_file(out / ".cache", name).stat().st_size < len(pickle.dumps(files))  # not copied
    assert BuildCache(out / ".cache").entry(name, LaidGame, shared=(*files, files[0])) is None  # other files


def test_a_games_sheets_are_kept_referring_to_the_faces_its_layout_holds(tmp_path, entry_names):
    from generator.pipeline.imposed import KeptSheets
    from generator.pipeline.parts import LaidGame

    out = tmp_path / "out"
    run_build(str(game := deck(tmp_path / "cache", cards=40)), "--out", str(out), "--format", "pdf")
    store = BuildCache(out / ".cache")
    names = [entry_names[path.name] for path in (out / ".cache").glob("*/*")]
    files = load_game(game).files  # the layout's entry refers to them
    (laid,) = (found for name in names if isinstance(found := store.entry(name, LaidGame, shared=files), LaidGame))
    (kept,) = (found for name in names if isinstance(found := store.entry(name, KeptSheets), KeptSheets))
    items = [item for part in laid.parts for faces in part.faces for item in faces.front.items]
    placed = [child for sheet in kept.imposed.sheets for group in sheet.items for child in getattr(group, "items", ())]
    assert {id(item) for item in items} <= {id(child) for child in placed}  # every face item, the layout's own
    kept_faces = [faces for part in kept.faces for faces in part]
    assert all(a is b for a, b in zip(kept_faces, [f for part in laid.parts for f in part.faces], strict=True))
    (entry,) = (name for name in names if store.entry(name, KeptSheets) is kept)
    held = cache._entry_file(out / ".cache", entry).stat().st_size
    assert held < len(pickle.dumps(kept.imposed)) - len(pickle.dumps(items)) / 2  # the faces are not copied into it


def test_a_files_digest_reads_no_further_than_any_reader_would(tmp_path, monkeypatch):
    """A source file past the largest size any reader takes is refused by its reader, so its
    digest reads only that much of it: a 3 GB picture is refused without being read whole
    first (tests/sources/test_confinement.py). Size and leading bytes still tell files apart."""
    limits = (MAX_FONT_BYTES, MAX_ART_BYTES, MAX_SVG_BYTES, MAX_YAML_BYTES, MAX_TABLE_BYTES)
    assert max(limits) <= cache.MAX_SOURCE_BYTES
    monkeypatch.setattr(cache, "MAX_SOURCE_BYTES", 4096)
    picture, head = tmp_path / "picture.png", bytes(4096)

    def digest(content: bytes) -> str:
        picture.write_bytes(content)
        return cache.files_digest([picture])

    first = digest(head + b"a" * 100)
    assert digest(head + b"b" * 100) == first  # past the limit, the bytes are not read
    assert digest(head + b"a" * 101) != first  # the size counts
    assert digest(b"b" + head[1:] + b"a" * 100) != first  # and every byte within the limit


def entry(root: Path, name: str, size: int, used: float) -> Path:
    """An entry of the cache at `root` named by key `name` (a digit repeated), of `size` bytes,
    last used at `used`."""
    key = name * 64
    path = root / key[:2] / key
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(size))
    os.utime(path, (used, used))
    return path


def aged(root: Path) -> set[Path]:
    """The cache's files at `root`, made to look an hour old: what the next build does not use
    keeps that time, whatever the speed of this machine."""
    entries = {path for path in root.rglob("*") if path.is_file()}
    for path in entries:
        os.utime(path, (time.time() - 3600,) * 2)
    return entries


def test_pruning_deletes_the_least_recently_used_entries_until_the_rest_fit(tmp_path):
    now = time.time()
    oldest, older, newer = (entry(tmp_path, name, 100, now - age) for name, age in (("1", 300), ("2", 200), ("3", 100)))
    cache.prune(tmp_path, since=now, limit=150)
    assert (oldest.exists(), older.exists(), newer.exists()) == (False, False, True)
    cache.prune(tmp_path, since=now, limit=100)
    assert newer.exists()  # what is left fits


def test_pruning_keeps_every_entry_the_command_used_whatever_their_size(tmp_path):
    now = time.time()
    earlier = entry(tmp_path, "1", 100, now - 60)
    this_run = [entry(tmp_path, name, 100, now + 1) for name in "23"]
    cache.prune(tmp_path, since=now, limit=0)
    assert not earlier.exists() and all(path.exists() for path in this_run)


def test_pruning_deletes_nothing_but_the_caches_own_entries(tmp_path):
    old = time.time() - 3600
    theirs = [
        tmp_path / "notes.txt",
        tmp_path / "ab" / ("cd" + "0" * 62),  # a key in another key's folder
        tmp_path / "ab" / ("AB" + "0" * 62),
        tmp_path / "ab" / ("ab" + "0" * 63),
        tmp_path / "ab" / "ab",
        tmp_path / "abc" / ("abc" + "0" * 61),
    ]
    for path in theirs:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("a user's file")
        os.utime(path, (old, old))
    folder = entry(tmp_path, "e", 10, old).parent
    (folder / ("e" * 63 + "f")).mkdir()  # a folder named as an entry
    link = folder / ("e" * 62 + "0f")
    link.symlink_to(theirs[0])
    cache.prune(tmp_path, since=time.time(), limit=0)
    assert all(path.exists() for path in theirs) and (folder / ("e" * 63 + "f")).is_dir() and link.is_symlink()
    assert not (folder / ("e" * 64)).exists()


@pytest.mark.parametrize(
    "use",
    [
        lambda store, inputs: store.lookup(inputs, int),
        lambda store, inputs: store.put(inputs, 4),  # the file holds these bytes already: not written again
    ],
    ids=["read", "written again"],
)
def test_reading_or_writing_an_entry_marks_it_used(tmp_path, use):
    inputs = Doubled(2, Files(()))
    BuildCache(tmp_path).put(inputs, 4)
    path = cache._entry_file(tmp_path, inputs.key)
    os.utime(path, (1_000_000, 1_000_000))
    before = time.time()
    use(BuildCache(tmp_path), inputs)
    assert path.stat().st_mtime >= before - 1


def test_a_build_prunes_what_earlier_builds_left_and_no_later_one_used(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "KEPT_BYTES", 0)
    source, out = deck(tmp_path / "cache"), tmp_path / "out"

    def built_an_hour_ago() -> set[Path]:
        run_build(str(source), "--out", str(out), "--format", "pdf")
        return aged(out / ".cache")

    earlier = built_an_hour_ago()
    deck(source, changed=3)
    earlier |= built_an_hour_ago()  # reads the first build's layout: kept, not yet pruned
    deck(source, changed=4)
    started = time.time()
    run_build(str(source), "--out", str(out), "--format", "pdf")
    left = {path for path in (out / ".cache").rglob("*") if path.is_file()}
    assert left and earlier - left  # the earlier builds' entries that this one did not use
    assert all(path.stat().st_mtime >= started - 1 for path in left)
    assert left & earlier  # the last layout, read for its drawings
    cold = tmp_path / "cold"
    run_build(str(source), "--out", str(cold), "--format", "pdf", "--no-cache")
    assert outputs(out / "cache") == outputs(cold / "cache")


def test_builds_keep_earlier_entries_while_the_cache_is_under_its_limit(tmp_path):
    source, out = deck(tmp_path / "cache"), tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf")
    first = set((out / ".cache").rglob("*"))
    deck(source, changed=3)
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert first <= set((out / ".cache").rglob("*"))


def test_an_export_prunes_what_earlier_runs_left(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "KEPT_BYTES", 0)
    out = tmp_path / "out"
    stale = entry(out / ".cache", "7", 1000, time.time() - 3600)
    run = CliRunner().invoke(main, ["export", str(deck(tmp_path / "cache")), "--out", str(out), "--profile", "tts"])
    assert run.exit_code == 0, run.output
    assert not stale.exists() and any(path.is_file() for path in (out / ".cache").rglob("*"))


def test_pruning_passes_over_an_entry_it_cannot_delete(tmp_path, monkeypatch):
    """An entry left by another user (a build run as root, say) stays the oldest for good:
    pruning goes on to the next."""
    now = time.time()
    theirs, oldest, newer = (
        entry(tmp_path, name, 100, now - age) for name, age in (("1", 300), ("2", 200), ("3", 100))
    )
    unlink = Path.unlink

    def refused(path: Path, missing_ok: bool = False) -> None:
        if path == theirs:
            raise PermissionError(13, "Permission denied", str(path))
        unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", refused)
    cache.prune(tmp_path, since=now, limit=200)
    assert (theirs.exists(), oldest.exists(), newer.exists()) == (True, False, True)


def test_pruning_passes_over_an_entry_gone_meanwhile(tmp_path, monkeypatch):
    """Another run pruning at the same time may delete an entry between its listing and its
    reading here."""
    now = time.time()
    gone, oldest = (entry(tmp_path, name, 100, now - age) for name, age in (("1", 300), ("2", 200)))
    lstat = Path.lstat

    def vanishing(path: Path):
        if path == gone:
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return lstat(path)

    monkeypatch.setattr(Path, "lstat", vanishing)
    cache.prune(tmp_path, since=now, limit=0)
    assert not oldest.exists()


def test_a_build_taking_everything_from_the_cache_keeps_what_the_next_edit_reuses(
    tmp_path, monkeypatch, drawn_titles, pages_drawn
):
    """A build whose layout and PDF come whole from the cache reads neither the latest
    layout's pointer nor the PDF's drawn pages, and marks them used all the same: the build
    after the next edit still draws only the cards it changed and the pages that show them."""
    monkeypatch.setattr(cache, "KEPT_BYTES", 0)
    source, out = deck(tmp_path / "cache", changed=3), tmp_path / "out"
    build = ("--out", str(out), "--format", "pdf")
    for changed in (3, 4, 4):  # the last, unchanged, takes everything from the cache, and prunes
        run_build(str(deck(source, changed=changed)), *build)
        aged(out / ".cache")
    drawn_titles.clear()
    pages_drawn.clear()
    run_build(str(deck(source, changed=5)), *build)
    assert drawn_titles == ["Card 4", "Card 5"] and pages_drawn == ["cover", "cards"]  # the cover shows them
