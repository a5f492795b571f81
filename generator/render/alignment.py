"""The duplex alignment test's file, and a printer's calibration sheet (the alignment test
with scale bars and margin ladders), each two pages of a PDF (generator/sheets/alignment.py
and calibration.py)."""

from pathlib import Path

from generator.output import write_with
from generator.render.pdf import write_pdf
from generator.sheets.alignment import alignment_sheets
from generator.sheets.calibration import calibration_sheets
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper


def write_alignment_test(out_dir: Path, paper: Paper, options: PrintOptions) -> Path:
    return _written(out_dir / "duplex-alignment.pdf", alignment_sheets(paper, options), "Duplex alignment test")


def write_calibration(out_dir: Path, paper: Paper, options: PrintOptions, name: str) -> Path:
    sheets = calibration_sheets(paper, options, name)
    return _written(out_dir / f"printer-{name}-calibration.pdf", sheets, f"Calibration of printer {name}")


def _written(path: Path, sheets: list[Sheet], title: str) -> Path:
    """The sheets as the PDF at `path` (written whole, or not at all), which has no icons."""
    write_with(path, lambda tmp: write_pdf(sheets, tmp, title, lambda _: None))
    return path
