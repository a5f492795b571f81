"""Export speed: Twisty Passages' print-shop files beside that game's PDF build.

    python benchmarks/export.py [--repeat 3]

Each is a fresh `cutsheet` process, as a user runs it, timed best-of-N, interleaved so
drift on the machine hits all alike:

    cutsheet build components/twisty-passages --format pdf --no-cache --no-check
    cutsheet build components/twisty-passages --format pdf --no-cache --no-check --pdfx x1a
    cutsheet export components/twisty-passages --profile thegamecrafter
    cutsheet export components/twisty-passages --profile drivethrucards

The last line is

    pdfx_vs_pdf=X tgc_vs_pdf=R drivethru_vs_pdf=D tgc_faces=N

X = the PDF/X-1a build's time (CMYK separated, finished with its output intent) / the
plain PDF build's (target: at most 2); R = The Game Crafter export's / the PDF build's
(target: at most 2); D = the DriveThruCards export's (PDF/X-1a, then the preflight of its
files, Ghostscript's separations included) / the PDF build's; N = PNG faces of The Game
Crafter export.
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
    pdf, pdfx, tgc, drivethru = [], [], [], []
    build = ("build", str(GAME), "--format", "pdf", "--no-cache", "--no-check")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for n in range(args.repeat):
            pdf.append(seconds(*build, "--out", str(out)))
            pdfx.append(seconds(*build, "--pdfx", "x1a", "--out", str(out / f"x1a{n}")))
            tgc.append(seconds("export", str(GAME), "--profile", "thegamecrafter", "--out", str(out / f"x{n}")))
            drivethru.append(seconds("export", str(GAME), "--profile", "drivethrucards", "--out", str(out / f"d{n}")))
        faces = len(list((out / "x0" / GAME.name / "thegamecrafter").rglob("*.png")))
    print(
        f"pdf_build_s={min(pdf):.2f} pdfx_build_s={min(pdfx):.2f} tgc_export_s={min(tgc):.2f} "
        f"drivethru_export_s={min(drivethru):.2f}"
    )
    print(
        f"pdfx_vs_pdf={min(pdfx) / min(pdf):.2f} tgc_vs_pdf={min(tgc) / min(pdf):.2f} "
        f"drivethru_vs_pdf={min(drivethru) / min(pdf):.2f} tgc_faces={faces}"
    )


if __name__ == "__main__":
    main()
