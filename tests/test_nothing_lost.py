"""Nothing lost: a build killed midway leaves the previous output as it was.

A deck is built once (the previous output), then its text changes and a second build into
the same folder is killed with SIGKILL as soon as it starts replacing files. Every output
file must then be whole: either the previous file or the new one (as a separate, complete
build writes it), never truncated; nothing previous may be missing; and anything left
behind by the kill is a hidden temporary file that no output pattern matches.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT_PATTERNS = ("*.pdf", "*.svg", "*.png")


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


def outputs(out: Path) -> set[str]:
    return {str(p.relative_to(out)) for pattern in OUTPUT_PATTERNS for p in out.rglob(pattern)}


def build(game: Path, out: Path) -> None:
    subprocess.run(
        command(game, out), check=True, capture_output=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )


def test_a_killed_build_leaves_whole_files(tmp_path):
    game, out, reference = tmp_path / "deck", tmp_path / "out", tmp_path / "reference"
    build(write_game(game, "first"), out)
    before = snapshot(out)
    build(write_game(tmp_path / "deck-2" / "deck", "second"), reference)
    after = snapshot(reference)
    assert set(before) == set(after) and all(before[n] != after[n] for n in before if n.endswith(".svg"))

    write_game(game, "second")
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
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    assert process.returncode == -signal.SIGKILL, "the build ended before it could be killed midway"

    left = snapshot(out)
    assert outputs(out) == set(before), "an output file went missing or a stray one appeared"
    for name in outputs(out):
        assert left[name] in (before[name], after[name]), f"{name} is neither the old nor the new file"
    for name in set(left) - outputs(out):
        assert Path(name).name.startswith(".") and name.endswith(".tmp"), name
