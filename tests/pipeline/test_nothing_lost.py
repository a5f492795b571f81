"""Nothing lost: a build killed midway leaves the previous output as it was.

A deck is built once (the previous output), then its text changes and a second build into
the same folder is killed with SIGKILL as soon as it starts writing, and a little later. The
game's folder must then be the previous output whole, file for file (or, had the kill come
after the swap, the new output whole): never a mix. The next build tidies what the kill left
beside the folder and writes the new output.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def write_game(folder: Path, edition: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    cards = "\n".join(
        f"  - {{title: 'Card {n} {edition}', text: 'Move {n} squares, then draw a card.'}}" for n in range(1, 64)
    )
    (folder / "cards.yaml").write_text(f"kind: card\nitems:\n{cards}\n")
    return folder


def command(game: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "generator", "build", str(game), "--out", str(out), "--no-checklist"]


def snapshot(out: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and ".cache" not in p.relative_to(out).parts
    }  # the cache is not output


def build(game: Path, out: Path) -> None:
    subprocess.run(
        command(game, out), check=True, capture_output=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )


def deck_output(out: Path) -> dict[str, bytes]:
    """The game's output folder as a reader finds it."""
    return snapshot(out / "deck")


def kill_midway(game: Path, out: Path, before: dict[str, bytes], delay: float) -> None:
    """Start a build into `out` and SIGKILL it `delay` seconds after it starts writing."""
    process = subprocess.Popen(
        command(game, out),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        deadline = time.monotonic() + 120
        while snapshot(out) == before and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    assert process.returncode == -signal.SIGKILL, "the build ended before it could be killed midway"


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.1])
def test_a_killed_build_leaves_the_previous_output_whole(tmp_path, delay):
    game, out, reference = tmp_path / "deck", tmp_path / "out", tmp_path / "reference"
    build(write_game(game, "first"), out)
    before, before_all = deck_output(out), snapshot(out)
    build(write_game(tmp_path / "deck-2" / "deck", "second"), reference)
    after = deck_output(reference)
    assert set(before) == set(after) and all(before[n] != after[n] for n in before if n.endswith(".svg"))

    write_game(game, "second")
    kill_midway(game, out, before_all, delay)
    assert deck_output(out) in (before, after), "the killed build left a mix of old and new files"

    build(game, out)  # the next build finishes what the killed one left
    assert deck_output(out) == after
    assert sorted(p.name for p in out.iterdir()) == [".cache", "deck"], "the killed build's staging is still there"
