"""A print-and-play release of a built game: one folder with the print file, a short
README.txt, and a zip of both with the SVG sheets, ready to upload to a print-and-play site.

It is one of the build's outputs (`cutsheet build --pnp`), not an export: it is made from the
PDF and SVGs the build has just written into the game's staged folder, and goes into that same
folder, so the game's output is replaced with the release in it or not at all
(generator/staging.py). An export writes a folder of its own from the pipeline's stages.

The zip is deterministic like every other output: entries sorted by name, each with the
same fixed timestamp and permissions, so the same build gives the same bytes.
"""

import zipfile
from dataclasses import dataclass
from pathlib import Path

from generator.output import write_atomic, write_with
from generator.sheets.model import Sheet

RELEASE_FOLDER = "print-and-play"
#: The earliest time a zip entry can carry; any fixed time would do.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Release:
    folder: Path
    pdf: Path
    readme: Path
    zip: Path


def readme_text(game: str, players: str, pdf_name: str, sheets: list[Sheet]) -> str:
    """What is in the release and how to print it; the page of each part from the PDF's bookmarks."""
    parts = [f"  page {n}: {title}" for n, sheet in enumerate(sheets, 1) for title in sheet.bookmarks]
    lines = [
        f"{game}" + (f" ({players})" if players else ""),
        "",
        f"{pdf_name}: the whole game in one file, {len(sheets)} pages. Print it at 100% (no scaling,",
        "no fit to page): the square on each sheet must measure 1 inch. The cover says which",
        "pages go on which stock; the checklist says how many of each component there are and",
        "the order to cut, score and fold them.",
        "",
        *parts,
        "",
        "svg/: each page of the PDF as an SVG file (the same numbers), with the cut, score and",
        "crop lines on layers of their own, for cutting machines and editing.",
        "",
    ]
    return "\n".join(lines)


def write_zip(path: Path, entries: dict[str, bytes]) -> None:
    """The entries (name -> bytes), sorted, fixed times and permissions; written atomically."""

    def write(tmp: Path) -> None:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in sorted(entries):
                info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.create_system = 3  # unix, whatever the platform
                info.external_attr = 0o644 << 16
                archive.writestr(info, entries[name])

    write_with(path, write)


def write_release(
    slug: str, game: str, players: str, pdf: Path, svgs: list[Path], sheets: list[Sheet], out: Path
) -> Release:
    """The release folder of a built game under `out`: its PDF, README.txt and the zip."""
    folder = out / RELEASE_FOLDER
    name = f"{slug}-print-and-play"
    release = Release(folder, folder / f"{name}.pdf", folder / "README.txt", folder / f"{name}.zip")
    data = pdf.read_bytes()
    readme = readme_text(game, players, release.pdf.name, sheets).encode("utf-8")
    write_atomic(release.pdf, data)
    write_atomic(release.readme, readme)
    entries = {release.pdf.name: data, release.readme.name: readme}
    entries.update({f"svg/{svg.name}": svg.read_bytes() for svg in svgs})
    write_zip(release.zip, entries)
    return release
