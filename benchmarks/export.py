"""Export speed: The Game Crafter export of Twisty Passages beside that game's PDF build.

    python benchmarks/export.py [--repeat 3]

Each is a fresh `cutsheet` process, as a user runs it, timed best-of-N, interleaved so
drift on the machine hits both alike:

    cutsheet build components/twisty-passages --format pdf --no-cache --no-check
    cutsheet export components/twisty-passages --profile thegamecrafter

The last line is

    tgc_vs_pdf=R tgc_faces=N

R = export time / PDF build time (target: at most 2); N = PNG faces the export wrote.
"""

import argparse
import tempfile
from pathlib import Path

from clock import ROOT, cutsheet_seconds

GAME = ROOT / "components" / "twisty-passages"


def seconds(*args: str) -> float:
    """Seconds one `cutsheet ARGS` process takes (it must succeed)."""
    return cutsheet_seconds(*args, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pdf, tgc = [], []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for n in range(args.repeat):
            pdf.append(seconds("build", str(GAME), "--format", "pdf", "--no-cache", "--no-check", "--out", str(out)))
            tgc.append(seconds("export", str(GAME), "--profile", "thegamecrafter", "--out", str(out / f"x{n}")))
        faces = len(list((out / "x0" / GAME.name / "thegamecrafter").rglob("*.png")))
    print(f"pdf_build_s={min(pdf):.2f} tgc_export_s={min(tgc):.2f}")
    print(f"tgc_vs_pdf={min(tgc) / min(pdf):.2f} tgc_faces={faces}")


if __name__ == "__main__":
    main()
