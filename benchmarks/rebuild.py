"""Editing one card: what a rebuild costs against a cold build of the same deck.

    python benchmarks/rebuild.py [--cards 1000] [--repeat 3] [--against OTHER_CHECKOUT]

A synthetic deck (benchmarks/build.py's: a title and about 40 words a card) is built cold
into a new folder, then one card's title in the middle of the deck is changed and the deck
built again into the same folder, as a designer's edit-and-build loop does, then once more
with nothing changed, then once more with the edit undone (the card's title as the cold
build drew it); PDF only, and with the default formats (PDF, SVG, PNG). Each build is a
fresh `cutsheet build` process, its rules checks included, timed in CPU seconds (its own
and its workers'), best of N; the line for each gives all four. The last line holds

    rebuild_pdf_vs_cold=R rebuild_default_vs_cold=D

R = the PDF-only rebuild's CPU time over the cold PDF-only build's; D = the same for the
default formats. Target (issue 41): at most 0.15 at 1000 cards, 0.05 at 10,000. With
--against, the code of another checkout (its folder first on PYTHONPATH) does the same in
turn with this one's, and a line before the last gives its figures.
"""

import argparse
import tempfile
from pathlib import Path

from build import synthetic_deck
from clock import ROOT, cpu_seconds


def edit_one_card(deck: Path, cards: int, undo: bool = False) -> None:
    """The middle card's title, one character longer: one face on one sheet (with `undo`,
    put back as it was)."""
    path = deck / "cards.yaml"
    title, edited = f"title: 'Card {cards // 2}'", f"title: 'Card {cards // 2}X'"
    before, after = (edited, title) if undo else (title, edited)
    text = path.read_text()
    if before not in text:  # else the rebuild would time a deck with nothing changed
        raise SystemExit(f"the synthetic deck holds no {before}")
    path.write_text(text.replace(before, after, 1))


def builds(tmp: Path, cards: int, formats: tuple[str, ...], root: Path) -> tuple[float, float, float, float]:
    """(cold, rebuild, unchanged, undo) CPU seconds of a fresh deck built into a new folder by
    the code at `root`, then built again there after one card's edit, then once more with
    nothing changed, then with the edit undone."""
    deck, out = Path(tempfile.mkdtemp(dir=tmp)), Path(tempfile.mkdtemp(dir=tmp)) / "out"
    synthetic_deck(deck, cards)
    build = ["-m", "generator", "build", str(deck), "--out", str(out), *formats]
    cold = cpu_seconds(build, tmp, root)
    edit_one_card(deck, cards)
    rebuild, unchanged = cpu_seconds(build, tmp, root), cpu_seconds(build, tmp, root)
    edit_one_card(deck, cards, undo=True)
    return cold, rebuild, unchanged, cpu_seconds(build, tmp, root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, metavar="OTHER_CHECKOUT")
    args = parser.parse_args()
    roots = {"other": args.against.resolve()} if args.against else {}
    roots["this"] = ROOT
    ratios: dict[str, dict[str, float]] = {side: {} for side in roots}
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for name, formats in (("pdf", ("--format", "pdf")), ("default", ())):
            runs: dict[str, list[tuple[float, float, float, float]]] = {side: [] for side in roots}
            for _ in range(args.repeat):
                for side, root in roots.items():
                    runs[side].append(builds(tmp, args.cards, formats, root))
            for side, made in runs.items():
                cold, warm, unchanged, undo = (min(times) for times in zip(*made, strict=True))
                print(
                    f"{side} {name}: cold_cpu_s={cold:.2f} rebuild_cpu_s={warm:.2f} "
                    f"unchanged_cpu_s={unchanged:.2f} undo_cpu_s={undo:.2f} cards={args.cards}"
                )
                ratios[side][name] = warm / cold
    for side, got in ratios.items():  # this checkout's last
        said = f"rebuild_pdf_vs_cold={got['pdf']:.2f} rebuild_default_vs_cold={got['default']:.2f}"
        print(f"other: {said}" if side == "other" else said)


if __name__ == "__main__":
    main()
