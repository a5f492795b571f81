"""The output folder: never inside a game folder, replaced as a whole, and only the tool's
own files ever deleted from it.

Every case runs the real command in a child process and reads the folder back afterwards.
"""

import functools
import hashlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator import staging
from generator.staging import MANIFEST, STAGING, staged
from tests.conftest import cutsheet_process

ROOT = Path(__file__).resolve().parents[2]


def write_deck(folder: Path, cards: int, edition: str = "first") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    items = "\n".join(f"  - {{title: 'Card {n} {edition}', text: 'Draw {n}.'}}" for n in range(1, cards + 1))
    (folder / "cards.yaml").write_text(f"kind: card\nitems:\n{items}\n")
    return folder


def tree(folder: Path) -> dict[str, str]:
    """Every file below `folder` (hidden ones too) by its path there, with its content's hash."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def outputs(out: Path) -> dict[str, str]:
    """The build's output: everything in `out` but the cache."""
    return {name: digest for name, digest in tree(out).items() if not name.startswith(".cache/")}


@pytest.mark.parametrize(
    ("out", "relation"),
    [(".", "holds"), ("mygame", "is"), ("mygame/output", "lies inside"), ("mygame/svg/..", "is")],
)
def test_an_output_folder_that_meets_a_game_folder_is_refused(tmp_path, out, relation):
    game = write_deck(tmp_path / "mygame", 3)
    for art in ("svg/border.svg", "png/photo.png"):
        (game / art).parent.mkdir(exist_ok=True)
        (game / art).write_bytes(b"the designer's own " + art.encode())
    before = tree(game)
    result = cutsheet_process("build", "mygame", "--out", out, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert f"--out {Path(out)} {relation} the game folder mygame" in result.stderr or (
        relation == "is" and "--out mygame is the game folder mygame" in result.stderr
    ), result.stderr
    assert tree(game) == before
    assert not list(tmp_path.rglob("*.pdf"))


def test_reports_and_sweeps_are_never_written_into_a_game_folder(tmp_path):
    assert cutsheet_process("new", "mygame", "--from", "chip-flip", cwd=tmp_path).returncode == 0
    before = tree(tmp_path / "mygame")
    for args in (
        ("check", "mygame", "--simulate", "2", "--report", "mygame/game.yaml"),
        ("check", "mygame", "--simulate", "2", "--report-dir", "mygame"),
        ("sweep", "mygame", "--vary", "players=2", "--games", "2", "--out", "mygame/sweep"),
        ("export", "mygame", "--profile", "tts", "--out", "mygame"),
        ("serve", "mygame", "--out", "mygame/output"),
    ):
        result = cutsheet_process(*args, cwd=tmp_path)
        said = result.stdout + result.stderr
        assert result.returncode == 2, (args, said)
        assert "the game folder mygame" in said and "Traceback" not in said, said
    assert tree(tmp_path / "mygame") == before


def test_only_files_the_tool_wrote_are_ever_deleted(tmp_path):
    game, out = write_deck(tmp_path / "deck", 30), tmp_path / "out"
    assert cutsheet_process("build", game, "--out", out).returncode == 0
    folder = out / "deck"
    sheets = sorted(p.name for p in (folder / "svg").glob("*.svg"))
    assert len(sheets) > 2
    mine = {
        folder / "svg" / "my-border.svg": b"<svg/>",
        folder / "notes.txt": b"print on 300 gsm",
        folder / "x" / "y": b"y",
    }
    for path, data in mine.items():
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "deck-sheet-99.svg").write_text("not the tool's")
    (folder / "linked").symlink_to(elsewhere)

    write_deck(game, 9)  # fewer sheets: the others' files are stale
    result = cutsheet_process("build", game, "--out", out)
    assert result.returncode == 0, result.stderr
    assert all(path.read_bytes() == data for path, data in mine.items())
    assert (folder / "linked").is_symlink() and (folder / "linked").resolve() == elsewhere.resolve()
    assert (elsewhere / "deck-sheet-99.svg").read_text() == "not the tool's"
    pages = len(PdfReader(folder / "deck.pdf").pages)
    assert 0 < pages < len(sheets)
    assert sorted(p.name for p in (folder / "svg").glob("deck-sheet-*.svg")) == sheets[:pages]
    listed = (folder / MANIFEST).read_text().split()
    assert "svg/deck-sheet-01.svg" in listed and "deck.pdf" in listed
    assert not any(name in listed for name in ("notes.txt", "svg/my-border.svg", "x/y"))
    assert [p.name for p in out.iterdir() if p.name.startswith(".") and p.name != ".cache"] == []


def _file_size_limit(limit: int):
    def limit_writes() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limit_writes


def test_a_build_that_cannot_write_leaves_the_previous_output_as_it_was(tmp_path):
    game, out = write_deck(tmp_path / "deck", 30), tmp_path / "out"
    assert cutsheet_process("build", game, "--out", out, "--no-cache").returncode == 0
    before = outputs(out)
    write_deck(game, 40, "second")
    result = cutsheet_process("build", game, "--out", out, "--no-cache", preexec=_file_size_limit(20_000))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "cannot write the output folder" in result.stderr and str(out / "deck") in result.stderr
    assert outputs(out) == before, "a failed build changed the previous output"


def _without_override() -> list[str]:
    """A prefix that runs a command without root's power to write into read-only folders."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: a read-only folder cannot be shown")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"]


def test_a_read_only_output_folder_is_a_clear_error(tmp_path):
    game, out = write_deck(tmp_path / "deck", 3), tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    try:
        result = subprocess.run(
            [*_without_override(), sys.executable, "-m", "generator", "build", str(game), "--out", str(out)],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
    finally:
        out.chmod(0o755)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "cannot write the output folder" in result.stderr and "Permission denied" in result.stderr
    assert list(out.iterdir()) == []


def test_an_export_replaces_its_folder_whole_and_points_at_the_final_files(tmp_path):
    game, out = write_deck(tmp_path / "deck", 12), tmp_path / "out"
    assert cutsheet_process("export", game, "--profile", "tts", "--out", out).returncode == 0
    folder = out / "deck" / "tts"
    (folder / "upload-notes.txt").write_text("mine")
    assert cutsheet_process("export", game, "--profile", "tts", "--out", out).returncode == 0
    assert (folder / "upload-notes.txt").read_text() == "mine"
    saved = json.loads((folder / "deck.json").read_text())
    urls = [deck["FaceURL"] for obj in saved["ObjectStates"] for deck in obj["CustomDeck"].values()]
    assert urls and all(url.startswith(folder.resolve().as_uri() + "/") for url in urls), urls
    assert all((folder / url.rsplit("/", 1)[1]).is_file() for url in urls)


def test_a_killed_run_is_tidied_by_the_next(tmp_path):
    """What a killed run leaves beside the folder: unfinished staging is deleted whole; the
    previous output as a swap left it gives back a file a designer saved there meanwhile."""
    folder = tmp_path / "deck"
    with staged(folder) as stage:
        (stage.root / "a.txt").write_text("new")
        stage.keep(folder / "a.txt")
    unfinished = tmp_path / ".deck.cutsheet-killed1"
    (unfinished / "svg").mkdir(parents=True)
    (unfinished / STAGING).touch()
    (unfinished / "svg" / "half.svg").write_text("<svg")
    swapped = tmp_path / ".deck.cutsheet-killed2"
    swapped.mkdir()
    (swapped / MANIFEST).write_text("old.txt\n")
    (swapped / "old.txt").write_text("the tool's, from the run before")
    (swapped / "saved-meanwhile.txt").write_text("a designer's")
    os.link(folder / "a.txt", swapped / "a.txt")

    with staged(folder) as stage:
        (stage.root / "a.txt").write_text("newer")
        stage.keep(folder / "a.txt")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]
    assert tree(folder) == {
        MANIFEST: hashlib.sha256(b"a.txt\n").hexdigest(),
        "a.txt": hashlib.sha256(b"newer").hexdigest(),
        "saved-meanwhile.txt": hashlib.sha256(b"a designer's").hexdigest(),
    }


def test_a_run_that_raises_leaves_the_folder_as_it_was(tmp_path):
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "kept.txt").write_text("as it was")
    with pytest.raises(RuntimeError), staged(folder) as stage:
        (stage.root / "kept.txt").unlink()
        (stage.root / "new.txt").write_text("half")
        raise RuntimeError("a writer failed")
    assert tree(tmp_path) == {"deck/kept.txt": hashlib.sha256(b"as it was").hexdigest()}


@pytest.mark.skipif(sys.platform != "linux", reason="renameat2 is Linux's")
def test_a_new_output_is_exchanged_for_the_old_in_one_step_without_starting_a_process(tmp_path, monkeypatch):
    """The old and the new output change places by one renameat2 call, found in the
    process's own libc: looking for the library by its name runs `ldconfig -p`."""
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "a.txt").write_text("old")
    monkeypatch.setattr(staging, "_renameat2", functools.cache(staging._renameat2.__wrapped__))

    def no_process(*args, **kwargs):
        raise AssertionError("a process was started")

    monkeypatch.setattr(subprocess.Popen, "__init__", no_process)
    monkeypatch.setattr(os, "rename", no_process)  # the way without an exchange
    with staged(folder) as stage:
        (stage.root / "a.txt").write_text("new")
        stage.keep(folder / "a.txt")
    assert (folder / "a.txt").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]


@pytest.mark.parametrize("base", ["https://example.org/cards#top", "https://example.org/cards?v=1", "http://[::1"])
def test_an_image_base_must_take_image_names(tmp_path, base):
    game = write_deck(tmp_path / "deck", 3)
    result = cutsheet_process("export", game, "--profile", "tts", "--image-base", base, "--out", tmp_path / "out")
    assert result.returncode == 2
    assert "--image-base" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_cache_entries_replaced_by_folders_are_misses(tmp_path):
    game, out = write_deck(tmp_path / "deck", 12), tmp_path / "out"
    assert cutsheet_process("build", game, "--out", out).returncode == 0
    before = outputs(out)
    entries = [p for p in (out / ".cache").rglob("*") if p.is_file()]
    assert entries
    for entry in entries:
        entry.unlink()
        (entry / "in-the-way").mkdir(parents=True)
    write_deck(game, 12, "second")
    result = cutsheet_process("build", game, "--out", out)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    write_deck(game, 12)
    assert cutsheet_process("build", game, "--out", out).returncode == 0
    assert outputs(out) == before
    assert all((entry / "in-the-way").is_dir() for entry in entries), "a folder the tool did not make was removed"


def test_a_file_where_the_games_folder_goes_is_a_clear_error(tmp_path):
    game, out = write_deck(tmp_path / "deck", 3), tmp_path / "out"
    out.mkdir()
    (out / "deck").write_text("a file of mine")
    result = cutsheet_process("build", game, "--out", out)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "cannot write the output folder" in result.stderr
    assert (out / "deck").read_text() == "a file of mine"
    assert sorted(p.name for p in out.iterdir()) == [".cache", "deck"]
