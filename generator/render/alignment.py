"""The duplex alignment test's file: its two sheets (generator/sheets/alignment.py) as a PDF."""

from pathlib import Path

from generator.output import write_with
from generator.render.pdf import write_pdf
from generator.sheets.alignment import alignment_sheets
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper


def write_alignment_test(out_dir: Path, paper: Paper, options: PrintOptions) -> Path:
    path = out_dir / "duplex-alignment.pdf"
    sheets = alignment_sheets(paper, options)
    write_with(path, lambda tmp: write_pdf(sheets, tmp, "Duplex alignment test", lambda name: None))
    return path
