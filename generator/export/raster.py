"""Sheets to RGB PNG at an exact pixel size: written as PDF pages, which pdfium draws
(generator/render/raster.py), so every exported image matches the print file.

An export has no print file of its own to draw from, so each worker process writes the PDF
of its own run of images and draws that: the PDF writing is spread over the cores too. A
page's pixels depend only on its sheet and size, not on which PDF holds it.
"""

from collections.abc import Sequence
from pathlib import Path

from msgspec import Struct

from generator.layout.context import IconFinder
from generator.output import scratch_file, write_atomic
from generator.render.raster import PageImage, page_pngs, prepare
from generator.sheets.model import Sheet
from generator.workers import Workers, available_cores, chunks, inherited


class SheetImage(Struct, frozen=True):
    """A sheet to write to `path` as a PNG of exactly `size` pixels, labelled `dpi`."""

    path: Path
    sheet: Sheet
    size: tuple[int, int]
    dpi: float = 300


def write_sheet_pngs(images: list[SheetImage], icon_dirs: Sequence[Path]) -> None:
    """Every image's sheet drawn to its PNG, on white and opaque (print shops and Tabletop
    Simulator want no alpha), in a process for each core (an export has no --jobs)."""
    jobs = available_cores()
    if jobs > 1:  # loaded before the workers fork, so that they share them
        prepare()
    with Workers(jobs, shared=images) as workers:
        for indices in chunks(list(range(len(images))), jobs):
            workers.submit(_write_images, indices, list(icon_dirs))
        workers.wait()


def _write_images(indices: list[int], icon_dirs: list[Path]) -> int:
    """The images at `indices` (of those shared with the workers) as the pages of one
    temporary PDF beside the first image, then each page drawn to its PNG (module level:
    workers run it)."""
    from generator.render.pdf import write_pdf

    shared: list[SheetImage] = inherited(list)
    images = [shared[index] for index in indices]
    with scratch_file(images[0].path.parent / "raster.pdf") as pdf:
        write_pdf([image.sheet for image in images], pdf, "", IconFinder(icon_dirs))
        pages = [PageImage(page, image.size, image.dpi) for page, image in enumerate(images)]
        for image, data in zip(images, page_pngs(pdf, pages), strict=True):
            write_atomic(image.path, data)
    return len(images)
