"""Sheets to RGB PNG at an exact pixel size: written into one PDF, whose pages pdfium draws
(generator/render/raster.py), so every exported image matches the print file."""

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.build.writers import SheetFile, write_pngs
from generator.cache import BuildCache
from generator.output import scratch_file
from generator.render.raster import PageImage
from generator.sheets.model import Sheet
from generator.workers import Workers, chunks

#: Worker processes drawing an export's images: every core (an export has no --jobs).
JOBS = os.cpu_count() or 1


@dataclass(frozen=True)
class SheetImage:
    """A sheet to write to `path` as a PNG of exactly `size` pixels, labelled `dpi`."""

    path: Path
    sheet: Sheet
    size: tuple[int, int]
    dpi: float = 300


def write_sheet_pngs(images: list[SheetImage], icon_path: Callable[[str], Path | None], jobs: int = JOBS) -> None:
    """Every image's sheet as a page of one temporary PDF beside the first image, then each
    page drawn to its PNG, on white and opaque (print shops and Tabletop Simulator want no
    alpha)."""
    from generator.render.pdf import write_pdf

    if not images:
        return
    with scratch_file(images[0].path.parent / "raster.pdf") as pdf, Workers(jobs) as workers:
        write_pdf([image.sheet for image in images], pdf, "", icon_path)
        numbered = list(enumerate(images))
        for run in chunks(numbered, jobs):
            files = [SheetFile(image.path, "", page) for page, image in run]
            pages = [PageImage(page, image.size, image.dpi) for page, image in run]
            workers.submit(write_pngs, pdf, files, pages, BuildCache(None))
        workers.wait()
