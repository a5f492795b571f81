"""A PDF-only build, whole process, against the bare-reportlab floor, whole process too.

    python benchmarks/floor.py [--cards 100,1000] [--repeat 5]

For each deck size, the synthetic deck of benchmarks/build.py (a title and about 40 words a
card) is built by

    cutsheet build DECK --out NEW-FOLDER --format pdf --no-check --no-checklist --no-cache

(the cards' sheets only, as the floor draws them, with nothing kept for a rebuild), and drawn
by benchmarks/floor_cards.py run as a script: reportlab alone, a Paragraph a card, DejaVu
embedded, from the deck's items parsed beforehand and handed over as JSON (the floor pays
for no YAML parse; cutsheet reads its YAML, as it must). Each is a fresh process, timed by
its CPU time (steadier than the wall clock on a shared machine), best of N, the two
interleaved. Start-up counts on both sides: the interpreter and its imports. The line
printed for each size ends with cutsheet's time over the floor's (target: 1.5 at 1000 cards,
2 at 100).
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

import yaml
from build import synthetic_deck
from clock import ROOT, cpu_seconds

from generator.shipped import fonts_dir

#: The build this floor is for: the cards' sheets alone, nothing checked or kept.
BUILD_ARGS = ("--no-check", "--no-checklist", "--no-cache")


def sizes(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part]


def pdf_build(deck: Path, out: Path) -> tuple[float, Path]:
    """CPU seconds of a fresh `cutsheet build DECK --out OUT --format pdf` with BUILD_ARGS
    (run beside `out`), and the PDF it wrote."""
    args = ["-m", "generator", "build", str(deck), "--out", str(out), "--format", "pdf", *BUILD_ARGS]
    seconds = cpu_seconds([sys.executable, *args], cwd=out.parent)
    pdf = out / deck.name / f"{deck.name}.pdf"
    assert pdf.is_file()
    return seconds, pdf


def measure(cards: int, repeat: int, scratch: Path) -> tuple[float, float]:
    """Best CPU seconds of cutsheet's PDF-only build and of the floor, for a deck of `cards`."""
    deck = scratch / f"deck-{cards}"
    deck.mkdir()
    synthetic_deck(deck, cards)
    items = scratch / f"items-{cards}.json"
    items.write_text(json.dumps(yaml.safe_load((deck / "cards.yaml").read_text())["items"]))
    floor_script = str(ROOT / "benchmarks" / "floor_cards.py")
    build, floor = [], []
    for n in range(repeat):  # interleaved, so that drift hits both alike
        build.append(pdf_build(deck, scratch / f"out-{cards}-{n}")[0])
        drawn = [sys.executable, floor_script, str(items), str(scratch / "floor.pdf"), str(fonts_dir())]
        floor.append(cpu_seconds(drawn, cwd=scratch))
    return min(build), min(floor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=sizes, default=[100, 1000], help="deck sizes, e.g. 100,1000")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for cards in args.cards:
            build, floor = measure(cards, args.repeat, Path(tmp))
            figures = f"build_pdf_cpu_s={build:.3f} floor_cpu_s={floor:.3f} build_vs_floor={build / floor:.2f}"
            print(f"cards={cards} {figures}")


if __name__ == "__main__":
    main()
