"""Instructions a build executes, beside another checkout's: a count that does not drift
with the machine's load, as CPU seconds on a shared machine do.

    python benchmarks/instructions.py --against OTHER_CHECKOUT [--cards 1,1000]

For each deck size, the synthetic deck of benchmarks/build.py (a title and about 40 words a
card) is built as benchmarks/floor.py builds it,

    cutsheet build DECK --out NEW-FOLDER --format pdf --no-check --no-checklist --no-cache

once by this checkout and once by the other (each with its own code and shipped data, as
benchmarks/checkout.py runs a checkout), each under valgrind's callgrind, which counts the
instructions the process executes (valgrind must be installed). Both run with the same
PYTHONHASHSEED and from compiled bytecode (each checkout's modules are compiled first, into
its own __pycache__ folders), so a count is the same from run to run to a few parts in a
hundred thousand. The line for each size ends
with this checkout's count over the other's. Under callgrind a build runs about 50 times
slower: a 1000-card build takes a minute.
"""

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import checkout
from build import synthetic_deck
from clock import ROOT
from floor import BUILD_ARGS, sizes

COLLECTED = re.compile(r"Collected : (\d+)")


def instructions(deck: Path, out: Path, root: Path) -> int:
    """The instructions the PDF-only build of `deck` into `out` executes, by the code at `root`."""
    build = checkout.cutsheet(root, "build", str(deck), "--out", str(out), "--format", "pdf", *BUILD_ARGS)
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *build],
        cwd=out.parent,
        capture_output=True,
        text=True,
        env={**checkout.ENV, "PYTHONHASHSEED": "0"},
    )
    found = COLLECTED.search(run.stderr)
    if run.returncode or found is None or not (out / deck.name / f"{deck.name}.pdf").is_file():
        sys.exit(f"the build by {root} failed:\n{run.stderr}")
    return int(found[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, metavar="OTHER_CHECKOUT")
    parser.add_argument("--cards", type=sizes, default=[1, 1000])
    args = parser.parse_args()
    roots = {"other": args.against.resolve(), "this": ROOT}
    for root in roots.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "generator")], check=True)
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for cards in args.cards:
            deck = scratch / f"deck-{cards}"
            deck.mkdir()
            synthetic_deck(deck, cards)
            counted = {side: instructions(deck, scratch / f"out-{side}-{cards}", root) for side, root in roots.items()}
            print(
                f"cards={cards} this_instructions={counted['this']} other_instructions={counted['other']} "
                f"this_vs_other={counted['this'] / counted['other']:.3f}"
            )


if __name__ == "__main__":
    main()
