"""Editing one card: what a rebuild costs against a cold build of the same deck.

    python benchmarks/rebuild.py [--cards 1000] [--repeat 3]

A synthetic deck (benchmarks/build.py's: a title and about 40 words a card) is built cold
into a new folder, then one card's title in the middle of the deck is changed and the deck
built again into the same folder, as a designer's edit-and-build loop does; PDF only, and
with the default formats (PDF, SVG, PNG). Each build is a fresh `cutsheet build` process,
its rules checks included, timed in CPU seconds (its own and its workers'), best of N. The
last line holds

    rebuild_pdf_vs_cold=R rebuild_default_vs_cold=D

R = the PDF-only rebuild's CPU time over the cold PDF-only build's; D = the same for the
default formats. Target (issue 41): at most 0.15 at 1000 cards, 0.05 at 10,000.
"""

import argparse
import tempfile
from pathlib import Path

from build import synthetic_deck
from clock import cpu_seconds


def edit_one_card(deck: Path, cards: int) -> None:
    """The middle card's title, one character longer: one face on one sheet."""
    path = deck / "cards.yaml"
    middle = f"title: 'Card {cards // 2}'"
    path.write_text(path.read_text().replace(middle, f"title: 'Card {cards // 2}X'", 1))


def cold_and_rebuild(tmp: Path, cards: int, formats: tuple[str, ...]) -> tuple[float, float]:
    """(cold, rebuild) CPU seconds of a fresh deck built into a new folder, then built again
    there after one card's edit."""
    deck, out = Path(tempfile.mkdtemp(dir=tmp)), Path(tempfile.mkdtemp(dir=tmp)) / "out"
    synthetic_deck(deck, cards)
    cold = cpu_seconds(["-m", "generator", "build", str(deck), "--out", str(out), *formats], tmp)
    edit_one_card(deck, cards)
    return cold, cpu_seconds(["-m", "generator", "build", str(deck), "--out", str(out), *formats], tmp)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ratios = {}
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for name, formats in (("pdf", ("--format", "pdf")), ("default", ())):
            runs = [cold_and_rebuild(tmp, args.cards, formats) for _ in range(args.repeat)]
            cold, warm = min(c for c, _ in runs), min(w for _, w in runs)
            print(f"{name}: cold_cpu_s={cold:.2f} rebuild_cpu_s={warm:.2f} cards={args.cards}")
            ratios[name] = warm / cold
    print(f"rebuild_pdf_vs_cold={ratios['pdf']:.2f} rebuild_default_vs_cold={ratios['default']:.2f}")


if __name__ == "__main__":
    main()
