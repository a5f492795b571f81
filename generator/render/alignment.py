"""The duplex alignment test's file, and a printer's calibration sheet (the alignment test
with scale bars and margin ladders), each two pages of a PDF (generator/sheets/alignment.py
and calibration.py)."""

from pathlib import Path

from generator.output import write_with
from generator.render.pdf import write_pdf
from generator.sheets.alignment import alignment_sheets
from generator.sheets.calibration import calibration_sheets
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper


def write_alignment_test(out_dir: Path, paper: Paper, options: PrintOptions) -> Path:
    path = out_dir / "duplex-alignment.pdf"
    sheets = alignment_sheets(paper, options)
    write_with(path, lambda tmp: write_pdf(sheets, tmp, "Duplex alignment test", lambda name: None))
    return path


def write_calibration(out_dir: Path, paper: Paper, options: PrintOptions, name: str) -> Path:
    path = out_dir / f"printer-{name}-calibration.pdf"
    sheets = calibration_sheets(paper, options, name)
    write_with(path, lambda tmp: write_pdf(sheets, tmp, f"Calibration of printer {name}", lambda _: None))
    return path
