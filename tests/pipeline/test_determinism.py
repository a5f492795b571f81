"""The same sources give byte-identical PDF, SVG and PNG files on every run.

Two builds of a small deck (two-sided cards, wrapped text, inline icons, two sheets) run
in fresh processes with different PYTHONHASHSEED values
(so set and dict iteration order, ids and hashes would differ if output depended on them)
and a different working folder; every output file is compared byte for byte.
"""

import os
import subprocess
import sys
from pathlib import Path

from generator.staging import MANIFEST

ROOT = Path(__file__).resolve().parents[2]
CARDS = "\n".join(
    f"  - {{title: 'Card {n}', text: 'Roll :d6-{n % 6 + 1}: then move {n} squares; discard :star: at the end.', "
    f"back: 'Deck'}}"
    for n in range(1, 13)
)


def write_game(folder: Path) -> Path:
    game = folder / "deck"
    game.mkdir()
    (game / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text(f"kind: card\nlayout: card-two-sided\nitems:\n{CARDS}\n")
    return game


def build(out: Path, hash_seed: str) -> dict[str, bytes]:
    game = write_game(out.parent)
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(game), "--out", str(out), "--no-check"],
        cwd=out.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and ".cache" not in p.relative_to(out).parts
    }  # the cache is not output


def test_two_builds_are_byte_identical(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = build(tmp_path / "a" / "out", "1")
    second = build(tmp_path / "b" / "out", "4242")
    assert {Path(name).suffix for name in first if Path(name).name != MANIFEST} == {".pdf", ".svg", ".png"}
    assert sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert differing == []


def test_pdf_carries_no_timestamp_or_random_id(tmp_path):
    (tmp_path / "a").mkdir()
    pdf = next(data for name, data in build(tmp_path / "a" / "out", "7").items() if name.endswith(".pdf"))
    assert b"/CreationDate (D:2026" not in pdf and b"/ModDate (D:2026" not in pdf
