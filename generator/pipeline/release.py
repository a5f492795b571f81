"""A print-and-play release of a built game: one folder with the print file on Letter and on
A4 (and on the build's own paper, when it is another), a README.txt saying what is in it and
who made the game, and a zip of them with the SVG sheets, ready to upload to a print-and-play
site.

It is one of the build's outputs (`cutsheet build --pnp`), not an export: it is made from the
PDF and SVGs the build has just written into the game's staged folder, and goes into that same
folder, so the game's output is replaced with the release in it or not at all
(generator/staging.py). An export writes a folder of its own from the pipeline's stages.

The zip is deterministic like every other output: entries sorted by name, each with the
same fixed timestamp and permissions, so the same build gives the same bytes.
"""

import re
import textwrap
import zipfile
from pathlib import Path

from msgspec import Struct

from generator.output import write_atomic, write_with
from generator.sheets.cover import About
from generator.sheets.model import Sheet

RELEASE_FOLDER = "print-and-play"
#: The papers every release is printed on, beside the build's own: print-and-play sites
#: offer both, for players in North America and everywhere else.
RELEASE_PAPERS = ("letter", "a4")
#: The earliest time a zip entry can carry; any fixed time would do.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class Edition(Struct, frozen=True):
    """The release's print file on one paper: where it is (in the release folder) and its
    pages, for the README."""

    paper: str
    pdf: Path
    sheets: tuple[Sheet, ...]
    #: The file of the game's optional components alone (Sliders' money).
    optional: bool = False


class Release(Struct, frozen=True):
    folder: Path
    pdfs: tuple[Path, ...]
    readme: Path
    zip: Path


def release_pdf(root: Path, slug: str, paper: str, optional: bool = False) -> Path:
    """Where a release's print file on `paper` goes, under the game's output folder `root`:
    <slug>-print-and-play-letter.pdf, and the file of its optional components beside it."""
    return root / RELEASE_FOLDER / release_name(slug, paper, optional)


def release_name(slug: str, paper: str, optional: bool = False) -> str:
    """ "sliders-print-and-play-letter.pdf", "sliders-print-and-play-letter-optional.pdf"."""
    part = re.sub(r"[^a-z0-9]+", "-", paper.lower()).strip("-") or "paper"
    return f"{slug}-print-and-play-{part}{'-optional' if optional else ''}.pdf"


def readme_text(about: About, editions: tuple[Edition, ...]) -> str:
    """What is in the release and how to print it: each paper's file with its page count,
    the page of each part of the first (from its bookmarks), and who made the game."""
    first = editions[0]
    parts = [f"  page {n}: {title}" for n, sheet in enumerate(first.sheets, 1) for title in sheet.bookmarks]
    files = [
        f"  {e.pdf.name}: on {e.paper} paper, {len(e.sheets)} pages"
        + (f": {_optional_parts(e)} (optional)" if e.optional else "")
        for e in editions
    ]
    heading = f"{about.name}" + (f" ({about.subtitle})" if about.subtitle else "")
    lines = [
        heading,
        *(["", *_wrapped(about.description)] if about.description else []),
        *(["", *(line for credit in about.credits for line in _wrapped(credit))] if about.credits else []),
        "",
        *(
            _wrapped(
                "The game in one file for each paper, and what a player may do without in a file of its "
                "own (the game's cover says what to use instead):"
            )
            if any(e.optional for e in editions)
            else ["The whole game in one file, for each paper:"]
        ),
        *files,
        "",
        "Print the file for your paper at 100% (no scaling, no fit to page): the bar on each",
        "sheet must measure 2 inches. The cover says which pages go on which stock, one-sided or",
        "two-sided; the checklist says how many of each component there are and the order to",
        "cut, score and fold them.",
        "",
        f"In {first.pdf.name}:",
        *parts,
        "",
        *_wrapped(
            f"svg/: each page of the whole game on {first.paper} paper as an SVG file, with the cut, "
            "score and crop lines on layers of their own, for cutting machines and editing."
        ),
        *(["", *_wrapped(about.imprint)] if about.imprint else []),
        "",
    ]
    return "\n".join(lines)


def _optional_parts(edition: Edition) -> str:
    """What an optional file holds, from its sheets' bookmarks: "play money"."""
    return ", ".join(title for sheet in edition.sheets for title in sheet.bookmarks) or "components"


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, 88, break_on_hyphens=False)


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


def write_release(slug: str, about: About, editions: tuple[Edition, ...], svgs: list[Path], root: Path) -> Release:
    """The rest of a release whose print files (`editions`) are already in its folder under
    the game's output folder `root`: README.txt, and the zip of them all with the SVGs."""
    folder = root / RELEASE_FOLDER
    name = f"{slug}-print-and-play"
    release = Release(folder, tuple(e.pdf for e in editions), folder / "README.txt", folder / f"{name}.zip")
    readme = readme_text(about, editions).encode("utf-8")
    write_atomic(release.readme, readme)
    entries = {release.readme.name: readme, **{pdf.name: pdf.read_bytes() for pdf in release.pdfs}}
    entries.update({f"svg/{svg.name}": svg.read_bytes() for svg in svgs})
    write_zip(release.zip, entries)
    return release
