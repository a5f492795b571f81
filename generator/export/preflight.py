"""Preflight: what a print shop's prepress would reject in a PDF, found before it is sent
(`cutsheet preflight FILE.pdf --profile NAME`, and after each PDF shop export). Any PDF may
be checked, whoever wrote it; the shop's requirements are prepress.py's table.

| code  | severity | what                                                                 |
| ----- | -------- | -------------------------------------------------------------------- |
| PF001 | error    | a page without a TrimBox or a BleedBox                               |
| PF002 | error    | no bleed: the BleedBox short of the shop's bleed, or art stopping at the trim |
| PF003 | error    | text shown in a font the file does not embed                         |
| PF004 | error    | type smaller than the shop's minimum                                 |
| PF005 | error    | a line inside the trim thinner than the shop's minimum               |
| PF006 | warning  | text inside the trim but outside the safe zone                       |
| PF007 | error    | a picture under the shop's resolution at the size it is placed       |
| PF008 | error    | RGB in a file the shop wants in CMYK (a colour or a picture)         |
| PF009 | error    | total ink over the shop's limit (Ghostscript's separations)          |
| PF010 | info     | the ink was not measured: Ghostscript (`gs`) is missing or failed    |

Each finding names the page and where on it, in mm from the page's top-left corner, once a
cause: the first place it was found, with how many more pages have it. Pages are measured with pdfplumber (text,
lines, pictures), pikepdf (boxes, fonts, colour spaces), pdfium (what prints in the bleed)
and Ghostscript's tiffsep device (ink), none of which wrote the file.
"""

import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pdfplumber
import pikepdf
import pypdfium2 as pdfium
from msgspec import Struct
from msgspec.structs import replace
from pdfminer.pdfparser import PDFSyntaxError
from PIL import Image

from generator.export.prepress import Prepress
from generator.findings import Finding, error, info, warning
from generator.games.tallies import counted
from generator.render.pdf_structure import SHOW_TEXT, contents, named
from generator.sources.errors import SourceError, display_path

MM = 72 / 25.4  # points a millimetre
#: The resolution Ghostscript separates inks at, and pdfium renders the bleed at; and the
#: pages separated at once.
INK_DPI = 50
INK_PAGES = 50
#: Seconds Ghostscript may take over one run of INK_PAGES pages.
GS_TIMEOUT = 600
BLEED_DPI = 50
#: The names print shops give the separation a cut is drawn in, which carries no ink.
DIELINES = frozenset({"dieline", "die", "diecut", "cutcontour", "cut", "thru-cut", "kiss-cut"})
#: A strip this share non-white just inside the trim, with nothing past it, is art that stops there.
INKED = 0.2


class PageSpot(Struct, frozen=True):
    """A place on a page: its number (from 1) and x, y in mm from the top-left corner."""

    page: int
    x: float
    y: float

    def __str__(self) -> str:
        return f"page {self.page} at {self.x:.1f}, {self.y:.1f} mm"


def preflight(path: Path, prepress: Prepress) -> list[Finding]:
    """Every finding of the PDF at `path` against the shop's requirements; SourceError when
    it is not a PDF that can be read, or has no page."""
    shown = display_path(path)
    try:
        found = _findings(path, shown, prepress)
    except (pikepdf.PdfError, pdfium.PdfiumError, PDFSyntaxError, ValueError, OSError) as exc:
        raise SourceError(None, f"{shown}: not a PDF that can be read ({exc})") from None
    return gathered(found)


def _findings(path: Path, shown: str, prepress: Prepress) -> list[Finding]:
    found: list[Finding] = []
    with pikepdf.open(path) as document, pdfplumber.open(path) as plumbed:
        if not document.pages or len(document.pages) != len(plumbed.pages):
            raise ValueError("it has no page")
        for number, (page, drawn) in enumerate(zip(document.pages, plumbed.pages, strict=True), 1):
            found += _page_findings(shown, number, page, drawn, prepress)
            drawn.close()  # pdfplumber keeps what it parsed of a page until it is closed
        found += _font_findings(shown, document)
    found += _ink_findings(shown, path, prepress)
    found += _bleed_art_findings(shown, path)
    return found


_PAGE = re.compile(r" page (\d+)(?: at [\d.]+, [\d.]+ mm)?: ")


def gathered(found: list[Finding]) -> list[Finding]:
    """One finding a cause: the first page's, saying how many other pages have it (a deck's
    every card with the same RGB background is one problem, not seventy)."""
    first: dict[tuple[str, str], Finding] = {}
    pages: dict[tuple[str, str], list[int]] = {}
    for finding in found:
        matched = _PAGE.search(finding.message)
        cause = _PAGE.sub(": ", finding.message) if matched else finding.message
        key = (finding.code, re.sub(r"\d+(\.\d+)?", "#", cause))  # 296% ink and 259% ink: one cause
        first.setdefault(key, finding)
        if matched:
            pages.setdefault(key, []).append(int(matched[1]))
    out = []
    for key, finding in first.items():
        others = len(pages.get(key, [])) - 1
        more = f" (and {counted(others, 'more page')})" if others > 0 else ""
        out.append(replace(finding, message=finding.message + more))
    return out


def _spot(number: int, x_pt: float, top_pt: float) -> PageSpot:
    return PageSpot(number, x_pt / MM, top_pt / MM)


def _page_findings(
    shown: str, number: int, page: pikepdf.Page, drawn: pdfplumber.page.Page, prepress: Prepress
) -> list[Finding]:
    found = _picture_findings(shown, number, drawn, prepress)
    found += [f for f in [_small_type(shown, number, drawn, prepress)] if f is not None]
    if prepress.cmyk:
        found += _rgb_findings(shown, number, page)
    keys = page.obj.keys()
    if "/TrimBox" not in keys or "/BleedBox" not in keys:
        missing = " and ".join(box for box in ("TrimBox", "BleedBox") if f"/{box}" not in keys)
        return [error("PF001", f"{shown} page {number} has no {missing}: the shop cannot tell where to cut"), *found]
    trim = [float(v) for v in page.trimbox]
    bleed = [float(v) for v in page.bleedbox]
    height = float(page.mediabox[3])
    past = min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]) / MM
    if past < prepress.bleed_mm - 0.05:
        message = f"the bleed runs {past:.2f} mm past the trim; {prepress.name} asks {prepress.bleed_mm:g} mm"
        found.append(error("PF002", f"{shown} page {number}: {message}"))
    # pdfplumber measures from the top; the PDF's boxes from the bottom.
    top_trim = (trim[0], height - trim[3], trim[2], height - trim[1])
    found += _unsafe_type(shown, number, drawn, prepress, top_trim)
    found += _line_findings(shown, number, drawn, prepress, top_trim)
    return found


def _once(code: str, make, what: str, spots: list[PageSpot], shown: str) -> list[Finding]:
    """One finding for a page's spots of one cause, at the first, counting the rest."""
    if not spots:
        return []
    more = f" (and {len(spots) - 1} more on the page)" if len(spots) > 1 else ""
    return [make(code, f"{shown} {spots[0]}: {what}{more}")]


def _small_type(shown, number, drawn, prepress) -> Finding | None:
    small = [c for c in drawn.chars if c["size"] < prepress.min_type_pt - 0.01 and c["text"].strip()]
    if not small:
        return None
    size = min(c["size"] for c in small)
    what = f"type at {size:.1f} pt; {prepress.name} asks {prepress.min_type_pt:g} pt at least"
    return _once("PF004", error, what, [_spot(number, c["x0"], c["top"]) for c in small], shown)[0]


def _unsafe_type(shown, number, drawn, prepress, trim) -> list[Finding]:
    x0, top, x1, bottom = trim
    safe = prepress.safe_mm * MM
    unsafe = [
        c
        for c in drawn.chars
        if c["text"].strip()
        and c["x0"] < x1
        and c["x1"] > x0
        and c["top"] < bottom
        and c["bottom"] > top
        and (c["x0"] < x0 + safe or c["x1"] > x1 - safe or c["top"] < top + safe or c["bottom"] > bottom - safe)
    ]
    what = f"text less than {prepress.safe_mm:g} mm inside the trim, the safe zone {prepress.name} asks"
    return _once("PF006", warning, what, [_spot(number, c["x0"], c["top"]) for c in unsafe], shown)


def _line_findings(shown, number, drawn, prepress, trim) -> list[Finding]:
    x0, top, x1, bottom = trim
    thin = [
        line
        for line in (*drawn.lines, *drawn.rects, *drawn.curves)
        if line.get("stroke")
        and (line.get("linewidth") or 0) < prepress.min_line_mm * MM - 1e-6
        and line["x0"] >= x0 - 0.01
        and line["x1"] <= x1 + 0.01
        and line["top"] >= top - 0.01
        and line["bottom"] <= bottom + 0.01
    ]
    if not thin:
        return []
    width = min(line.get("linewidth") or 0 for line in thin) / MM
    what = f"a line {width:.3f} mm thick; {prepress.name} asks {prepress.min_line_mm:g} mm at least"
    return _once("PF005", error, what, [_spot(number, line["x0"], line["top"]) for line in thin], shown)


def _picture_findings(shown, number, drawn, prepress) -> list[Finding]:
    low = []
    for image in drawn.images:
        width_in = (image["x1"] - image["x0"]) / 72
        pixels = image["srcsize"][0]
        if width_in > 0 and pixels / width_in < prepress.min_dpi - 0.5:
            low.append((pixels / width_in, _spot(number, image["x0"], image["top"])))
    if not low:
        return []
    dpi = min(d for d, _ in low)
    what = f"a picture at {dpi:.0f} dpi as placed; {prepress.name} asks {prepress.min_dpi:g} dpi"
    return _once("PF007", error, what, [spot for _, spot in low], shown)


RGB_OPERATORS = {"rg", "RG"}


def _rgb_findings(shown: str, number: int, page: pikepdf.Page) -> list[Finding]:
    """RGB colours set in the page's content (and its forms'), and RGB pictures."""
    causes = []
    if any(op in RGB_OPERATORS for op in _operators(page)):
        causes.append("colours set in RGB")
    images = list(page.get_images().values())  # those inside forms too
    if any(_is_rgb(image.get("/ColorSpace")) for image in images):
        causes.append("pictures in RGB")
    if not causes:
        return []
    return [error("PF008", f"{shown} page {number}: {' and '.join(causes)}, where the shop wants CMYK only")]


def _operators(page: pikepdf.Page) -> Iterator[str]:
    """Every operator of the page's content and its forms'."""
    for content, _ in contents(page):
        for instruction in pikepdf.parse_content_stream(content):
            if isinstance(instruction, pikepdf.ContentStreamInstruction):
                yield str(instruction.operator)


def _is_rgb(space) -> bool:
    if space is None:
        return False
    if isinstance(space, pikepdf.Name):
        return str(space) == "/DeviceRGB"
    if isinstance(space, pikepdf.Array) and len(space) > 1 and str(space[0]) == "/ICCBased":
        return int(space[1].get("/N", 0)) == 3
    return False


def _font_findings(shown: str, document: pikepdf.Pdf) -> list[Finding]:
    """The fonts some text is shown in (the font a Tf operator chose when a text operator
    draws) that the file does not carry; a font chosen and never drawn with prints nothing."""
    loose = set()
    for page in document.pages:
        for content, resources in contents(page):
            fonts = {str(name): font for name, font in named(resources, "/Font")}
            chosen = None
            for instruction in pikepdf.parse_content_stream(content):
                if not isinstance(instruction, pikepdf.ContentStreamInstruction):
                    continue
                operator = str(instruction.operator)
                if operator == "Tf":
                    chosen = fonts.get(str(instruction.operands[0]))
                elif operator in SHOW_TEXT and chosen is not None and not _embedded(chosen):
                    loose.add(str(chosen.get("/BaseFont", "an unnamed font")).lstrip("/"))
    return [error("PF003", f"{shown}: the font {name} is not embedded") for name in sorted(loose)]


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # drawn by the file's own procedures
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0]
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def _ink_findings(shown: str, path: Path, prepress: Prepress) -> list[Finding]:
    """The total ink of every spot of every page, from Ghostscript's separations, made
    INK_PAGES pages at a time (so a long file needs little room at once)."""
    if prepress.ink_limit is None:
        return []
    gs = shutil.which("gs")
    if gs is None:
        return [info("PF010", f"{shown}: total ink not measured: Ghostscript (gs) is not installed")]
    document = pdfium.PdfDocument(path)
    pages = len(document)
    document.close()
    found = []
    try:
        for first in range(1, pages + 1, INK_PAGES):
            for total, spot in _pages_ink(gs, path, first, min(first + INK_PAGES - 1, pages)):
                if total > prepress.ink_limit + 0.5:
                    message = f"{shown} {spot}: {total:.0f}% ink; {prepress.name} allows {prepress.ink_limit:g}%"
                    found.append(error("PF009", message))
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        return [
            *found,
            info("PF010", f"{shown}: total ink not measured: Ghostscript failed on it ({type(exc).__name__})"),
        ]
    return found


def _pages_ink(gs: str, path: Path, first: int, last: int) -> Iterator[tuple[float, PageSpot]]:
    """For each page from `first` to `last`, the most ink on it (percent, C + M + Y + K and
    any spot colour but a dieline, DIELINES, which marks the cut and is never printed) and where."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        command = [gs, "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffsep", f"-r{INK_DPI}"]
        command += [f"-dFirstPage={first}", f"-dLastPage={last}", f"-sOutputFile={folder / 'p%d.tif'}", str(path)]
        subprocess.run(command, check=True, capture_output=True, timeout=GS_TIMEOUT)
        for n in range(1, last - first + 2):
            # tiffsep writes each plate as 8-bit grey, 255 where it carries no ink.
            plates = [
                (255 - np.asarray(Image.open(p), dtype=np.float64)) / 255 * 100
                for p in folder.glob(f"p{n}(*).tif")
                if p.stem[len(f"p{n}(") : -1].casefold() not in DIELINES
            ]
            total = np.sum(plates, axis=0)
            y, x = np.unravel_index(int(np.argmax(total)), total.shape)
            per_mm = INK_DPI / 25.4
            yield float(total.max()), PageSpot(first + n - 1, x / per_mm, y / per_mm)


def _bleed_art_findings(shown: str, path: Path) -> list[Finding]:
    """Art that stops at the trim: a strip just inside the trim inked, and nothing printed
    in the bleed beyond it, on some side of some page."""
    document = pdfium.PdfDocument(path)
    found = []
    with pikepdf.open(path) as boxes:
        for number, (page, box_page) in enumerate(zip(document, boxes.pages, strict=True), 1):
            if "/TrimBox" not in box_page.obj or "/BleedBox" not in box_page.obj:
                continue
            sides = _stopped_sides(page, box_page)
            if sides:
                message = f"{shown} page {number}: the art stops at the trim on the {', '.join(sides)}, with no bleed"
                found.append(error("PF002", message))
    document.close()
    return found


def _stopped_sides(page: pdfium.PdfPage, box_page: pikepdf.Page) -> list[str]:
    scale = BLEED_DPI / 72
    pixels = np.asarray(page.render(scale=scale).to_pil().convert("L")) < 250
    height = float(box_page.mediabox[3])
    tx0, ty0, tx1, ty1 = (float(v) * scale for v in box_page.trimbox)
    bx0, by0, bx1, by1 = (float(v) * scale for v in box_page.bleedbox)
    h = height * scale
    # In pixels, top down: the trim's and bleed's left, top, right, bottom.
    t = (round(tx0), round(h - ty1), round(tx1), round(h - ty0))
    b = (round(bx0), round(h - by1), round(bx1), round(h - by0))
    strips = {
        "left": (pixels[t[1] : t[3], t[0] : t[0] + 2], pixels[t[1] : t[3], b[0] : t[0]]),
        "right": (pixels[t[1] : t[3], t[2] - 2 : t[2]], pixels[t[1] : t[3], t[2] : b[2]]),
        "top": (pixels[t[1] : t[1] + 2, t[0] : t[2]], pixels[b[1] : t[1], t[0] : t[2]]),
        "bottom": (pixels[t[3] - 2 : t[3], t[0] : t[2]], pixels[t[3] : b[3], t[0] : t[2]]),
    }
    return [
        side
        for side, (inside, beyond) in strips.items()
        if inside.size and beyond.size and inside.mean() > INKED and not beyond.any()
    ]
