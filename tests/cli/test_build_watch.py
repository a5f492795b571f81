"""`cutsheet build --watch`: the games built, then each game an edit concerns built again as
soon as it is saved, bad input said without ending the watch, until Ctrl-C.

The command runs in a fresh process, as a designer leaves it running beside the editor; its
PDFs are read back with pypdf and compared, byte for byte, with a cold build's of the same
sources."""

import os
import queue
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import cache
from generator.pipeline.reading import LatestSources
from tests.conftest import pdf_text, run_build_process
from tests.interrupted import started, stopped

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
#: Seconds a watch may take to say what it did after an edit, on a loaded machine.
PATIENCE = 60


def deck(folder: Path, title: str) -> Path:
    folder.mkdir()
    (folder / "game.yaml").write_text(f"name: {folder.name.title()}\nengine: none\ncomponents: [cards.yaml]\n")
    save(folder, title)
    return folder


def save(folder: Path, title: str) -> None:
    (folder / "cards.yaml").write_text(f"kind: card\nitems:\n  - {{title: {title}, text: The only card}}\n")


class Watch:
    """A `cutsheet build --watch` process, and what it says on each stream, line by line."""

    def __init__(self, *args: object):
        command = [sys.executable, "-m", "generator", "build", *map(str, args), "--format", "pdf", "--watch"]
        self.process = started(command, ENV)
        self.lines: dict[str, queue.Queue[str]] = {"stdout": queue.Queue(), "stderr": queue.Queue()}
        self.readers = [threading.Thread(target=self._read, args=(name,), daemon=True) for name in self.lines]
        for reader in self.readers:
            reader.start()

    def _read(self, name: str) -> None:
        for line in getattr(self.process, name):
            self.lines[name].put(line.rstrip("\n"))

    def until(self, wanted: str, stream: str = "stdout") -> list[str]:
        """What it said on `stream` since last asked, up to the first line holding `wanted`."""
        said = []
        while True:
            try:
                line = self.lines[stream].get(timeout=PATIENCE)
            except queue.Empty:
                pytest.fail(f"the watch never said {wanted!r} on {stream}; it said {said}")
            said.append(line)
            if wanted in line:
                return said

    def started(self, games: str) -> tuple[list[str], list[str]]:
        """Until the first build of the games is done and the watch says it watches them
        (`games`: "1 game", "2 games"): what it said on stdout, and on stderr."""
        errors = self.until(f"Watching {games} for edits (Ctrl-C stops)", "stderr")
        return [line for _ in range(int(games.split()[0])) for line in self.until(" sheets -> ")], errors

    def interrupt(self, stop: signal.Signals = signal.SIGINT) -> tuple[int, list[str]]:
        """Ctrl-C (or another signal that stops it): its exit status, and what it said on
        stderr after."""
        self.process.send_signal(stop)
        code = self.process.wait(timeout=PATIENCE)
        for reader in self.readers:
            reader.join(PATIENCE)
        return code, list(self.lines["stderr"].queue)


@pytest.fixture
def watch(tmp_path) -> Iterator[list[Watch]]:
    made: list[Watch] = []
    yield made
    for each in made:
        stopped(each.process)


def cold_build(folder: Path, out: Path) -> bytes:
    """The PDF a fresh build of `folder` writes, cache off, into a new folder."""
    run_build_process(folder, "--out", out, "--format", "pdf", "--no-cache")
    return (out / folder.name / f"{folder.name}.pdf").read_bytes()


def test_an_edit_is_built_again_as_a_cold_build_writes_it_and_bad_input_leaves_the_last_output(tmp_path, watch):
    game = deck(tmp_path / "deck", "Harbour")
    out = tmp_path / "out"
    pdf = out / "deck" / "deck.pdf"
    watch.append(running := Watch(game, "--out", out))
    running.started("1 game")
    assert "Harbour" in pdf_text(pdf)

    save(game, "Lighthouse")
    running.until("Deck: ")
    assert "Lighthouse" in pdf_text(pdf) and "Harbour" not in pdf_text(pdf)
    assert pdf.read_bytes() == cold_build(game, tmp_path / "cold")

    written = pdf.read_bytes()
    (game / "cards.yaml").write_text("kind: card\nitems:\n  - {title: Broken, text: [The only card}\n")
    said = running.until("error", "stderr")
    assert said[-1].replace(str(tmp_path) + os.sep, "") == (
        "deck/cards.yaml:3:41: error: expected ',' or ']', but got '}' (while parsing a flow sequence)"
    )
    assert pdf.read_bytes() == written  # the last build's output, as it was

    save(game, "Quay")
    running.until("Deck: ")
    assert "Quay" in pdf_text(pdf)
    assert pdf.read_bytes() == cold_build(game, tmp_path / "cold-again")

    code, after = running.interrupt()
    assert code == 0
    assert after[-1] == "Stopped watching"
    assert not any("Traceback" in line for line in after)


def test_an_edit_builds_again_only_the_game_it_concerns(tmp_path, watch):
    one, two = deck(tmp_path / "one", "Anchor"), deck(tmp_path / "two", "Buoy")
    out = tmp_path / "out"
    watch.append(running := Watch(one, two, "--out", out))
    assert running.started("2 games")[0] == [
        f"One: 3 sheets -> {out / 'one'}",
        f"Two: 3 sheets -> {out / 'two'}",
    ]

    save(one, "Keel")
    assert running.until(" sheets -> ") == [f"One: 3 sheets -> {out / 'one'}"]
    save(one, "Mast")  # a build of Two after the first edit would be said before this one's
    assert running.until(" sheets -> ") == [f"One: 3 sheets -> {out / 'one'}"]
    assert "Mast" in pdf_text(out / "one" / "one.pdf")
    assert running.interrupt()[0] == 0


def test_bad_input_at_the_start_is_said_and_the_watch_waits_for_the_fix(tmp_path, watch):
    game = deck(tmp_path / "deck", "Harbour")
    (game / "cards.yaml").write_text("kind: card\nitems:\n  - {title: Broken, text: [x}\n")
    out = tmp_path / "out"
    watch.append(running := Watch(game, "--out", out))
    said = running.until("Watching 1 game for edits (Ctrl-C stops)", "stderr")
    assert any("deck/cards.yaml:3:" in line and "error:" in line for line in said)
    assert not (out / "deck" / "deck.pdf").exists()

    save(game, "Mended")
    running.until("Deck: ")
    assert "Mended" in pdf_text(out / "deck" / "deck.pdf")
    assert running.interrupt()[0] == 0


def test_a_game_folder_that_stops_being_one_is_said_and_the_watch_goes_on(tmp_path, watch):
    game = deck(tmp_path / "deck", "Harbour")
    out = tmp_path / "out"
    watch.append(running := Watch(game, "--out", out))
    running.started("1 game")
    (game / "game.yaml").rename(tmp_path / "game.yaml")
    said = running.until("error", "stderr")
    assert said[-1] == f"error: {game} is not a game folder: it holds no game.yaml"
    (tmp_path / "game.yaml").rename(game / "game.yaml")
    save(game, "Restored")
    running.until("Deck: ")
    assert "Restored" in pdf_text(out / "deck" / "deck.pdf")
    assert running.interrupt()[0] == 0


def test_an_edit_made_while_the_games_cannot_be_found_is_built_once_they_can(tmp_path, watch):
    one, two = deck(tmp_path / "one", "Anchor"), deck(tmp_path / "two", "Buoy")
    out = tmp_path / "out"
    watch.append(running := Watch(one, two, "--out", out))
    running.started("2 games")
    (one / "game.yaml").rename(tmp_path / "game.yaml")  # one game.yaml saved half-way
    running.until("is not a game folder", "stderr")
    save(two, "Lantern")
    running.until("is not a game folder", "stderr")
    (tmp_path / "game.yaml").rename(one / "game.yaml")
    assert running.until(" sheets -> ") == [f"One: 3 sheets -> {out / 'one'}"]
    assert running.until(" sheets -> ") == [f"Two: 3 sheets -> {out / 'two'}"]
    assert "Lantern" in pdf_text(out / "two" / "two.pdf")
    assert running.interrupt()[0] == 0


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_the_watch_keeps_the_games_latest_reading_in_memory_and_writes_it_as_it_stops(tmp_path, watch, stop):
    """Within the watch, builds carry the cache's entries over (cache.carried_over): the
    game's latest reading, rewritten by a plain build, is written once, after Ctrl-C, or
    after SIGTERM, as an editor's task runner stops a task."""
    game = deck(tmp_path / "deck", "Harbour")
    out = tmp_path / "out"
    latest = cache._entry_file(out / ".cache", LatestSources(str(game), str(game)).key)
    run_build_process(game, "--out", out, "--format", "pdf")
    assert latest.is_file()
    latest.unlink()
    watch.append(running := Watch(game, "--out", out))
    running.started("1 game")
    save(game, "Lighthouse")
    running.until("Deck: ")
    assert not latest.exists()
    code, said = running.interrupt(stop)
    assert code == 0 and said[-1] == "Stopped watching"
    assert latest.is_file()
