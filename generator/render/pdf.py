"""PDF sheets drawn directly with reportlab.

The page's coordinate system is set once to millimetres with y growing downwards (the
Scene's own), so every primitive is written with the numbers the layout decided.
"""

import hashlib
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct
from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen import canvas
from reportlab.pdfgen.canvas import PATH_OPS

from generator.colour.settings import RGB, ColourSettings
from generator.layout.scene import (
    Circle,
    Group,
    Icon,
    Image,
    Item,
    Polyline,
    Rect,
    Style,
    Text,
    by_role,
)
from generator.layout.scene import (
    Path as PathItem,
)
from generator.render import icons
from generator.render.pdf_colour import PdfInks, TransparencyRefused
from generator.render.pdf_streams import KnownStreams, stream_filters
from generator.render.pdf_text import PdfFonts, text_operators
from generator.sheets.model import Box, Sheet
from generator.sources import art
from generator.sources.errors import display_path
from generator.sources.fonts import registered
from generator.text.shaping import shape
from generator.units import mm_to_pt

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

K = mm_to_pt(1.0)
#: The line roles a shop's dieline separation draws (generator/colour/settings.py).
DIELINE_ROLES = ("cut",)


def _box_pt(box: Box, page_height: float) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return (
        round(x * K, 3),
        round((page_height - y - h) * K, 3),
        round((x + w) * K, 3),
        round((page_height - y) * K, 3),
    )


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Image data as binary, not ASCII85 (a quarter larger, and slow to encode in Python)."""
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before


class DrawnPage(Struct, frozen=True):
    """A page as the painter drew it, to be written again as it stands where the same sheet
    comes after the same names (_Painter.naming): its content and the forms it draws, the
    art and icons whose forms were first written on it, each run of text it drew (whose
    glyphs go into the fonts' subsets) and the digest of each face it drew with."""

    code: tuple[str, ...]
    forms_in_use: tuple[str, ...]
    made: tuple[Image | Path, ...]
    runs: tuple[tuple[str, str, bool, str], ...]
    faces: tuple[tuple[str, str], ...]
    #: The PDF version the document needed once the page was drawn (reportlab raises it for
    #: what a page uses).
    version: tuple[int, int]


class DrawnPages(Struct, frozen=True):
    """What a PDF in RGB drew, for the next one to take over: each page by page_key, and
    each stream's compressed bytes by the digest of its content (render/pdf_streams.py)."""

    pages: Mapping[str, DrawnPage]
    streams: Mapping[bytes, bytes]


class PageReuse(Struct, frozen=True):
    """What lets a PDF take over pages of the last one: each sheet's digest (its content
    and the icons it may draw), and what the last document drew."""

    digests: tuple[str, ...]
    drawn: DrawnPages


def page_key(digest: str, naming: str) -> str:
    return hashlib.sha256(f"{digest}:{naming}".encode()).hexdigest()


class _Painter:
    def __init__(self, c: canvas.Canvas, icon_path: Callable[[str], Path | None], inks: PdfInks):
        self.c = c
        self.icon_path = icon_path
        self.inks = inks
        #: The line role being drawn (ROLES' order), which decides a dieline's colour.
        self.role = "art"
        #: Each art file's form XObject by content digest: written once, drawn by reference.
        self.forms: dict[str, str] = {}
        #: Each icon's form XObject by its file, the same way (as the SVG's symbols).
        self.icon_forms: dict[Path, str] = {}
        self.fonts = PdfFonts()
        #: While a page is recorded: the art and icons whose forms were first written on it.
        self.made: list[Image | Path] | None = None

    def naming(self) -> str:
        """What the pages so far have named, in order: faces, art and icons. A page's content
        is decided by its sheet and this (in one document's colours)."""
        named = (tuple(self.fonts.used), tuple(self.forms), tuple(map(str, self.icon_forms)))
        return hashlib.sha256(repr(named).encode()).hexdigest()

    def sheet(self, sheet: Sheet) -> None:
        """Draw the sheet's items onto the page, role by role (ROLES' order)."""
        c, inks = self.c, self.inks
        c.saveState()
        c.transform(K, 0, 0, -K, 0, sheet.height * K)
        for role, subtree in by_role(tuple(sheet.items)).items():
            self.role = role
            layer = inks.layer if role in DIELINE_ROLES and subtree else None
            if layer:
                c.addLiteral(f"/OC /{layer} BDC")
            self.items(subtree)
            if layer:
                c.addLiteral("EMC")
        c.restoreState()

    def recorded(self, sheet: Sheet) -> DrawnPage | None:
        """Draw the sheet, and say what the drawing wrote and named (None: it used a resource
        of reportlab's own, a colour space, shading, link or graphics state, that a page
        written again would not name)."""
        c = self.c
        code, forms = len(c._code), len(c._formsinuse)
        self.made, self.fonts.recorded = [], {}
        try:
            self.sheet(sheet)
            made, runs = tuple(self.made), tuple(self.fonts.recorded)
        finally:
            self.made = self.fonts.recorded = None
        if c._colorsUsed or c._shadingUsed or c._annotationrefs or c._extgstate._c:
            return None
        faces = tuple((face, registered(face).digest) for face in sorted({run[1] for run in runs}))
        return DrawnPage(tuple(c._code[code:]), tuple(c._formsinuse[forms:]), made, runs, faces, c._doc._pdfVersion)

    def replay(self, page: DrawnPage) -> bool:
        """Write a page drawn before as it was drawn: the forms first made on it, its runs'
        glyphs noted for the subsets, then its content. False, with nothing written, when a
        face it drew with is not the one read now."""
        try:
            if any(registered(face).digest != digest for face, digest in page.faces):
                return False
        except KeyError:
            return False
        for made in page.made:
            if isinstance(made, Path):
                self.icon_form(made, self.inks.drawing(icons.drawing(made), made))
            else:
                self.art_form(made)
        if page.runs:
            self.fonts.attach(self.c._doc)
        for run in page.runs:
            self.fonts.note(shape(*run))
        self.c._code.extend(page.code)
        self.c._formsinuse.extend(page.forms_in_use)
        self.c._doc._pdfVersion = max(self.c._doc._pdfVersion, page.version)
        return True

    def items(self, items: Iterable[Item]) -> None:
        texts: list[Text] = []
        for item in items:
            if isinstance(item, Text):
                texts.append(item)
                continue
            if texts:
                self.texts(texts)
                texts = []
            self.item(item)
        if texts:
            self.texts(texts)

    def texts(self, texts: list[Text]) -> None:
        """Consecutive texts share one text object (one BT/ET), their glyphs written by id
        (generator/render/pdf_text.py), in a graphics state of their own: the text's fill
        colour is its own. Its operators change nothing reportlab keeps of the state, so the
        state is saved and restored by the operators alone, not by reportlab's saveState and
        restoreState, which copy what it keeps (a sheet has a text object on every card)."""
        self.fonts.attach(self.c._doc)  # reportlab's document: where a font's objects go
        self.c._code.extend(("q", text_operators(texts, self.fonts, self.inks.text), "Q"))

    def style(self, style: Style, area: float) -> tuple[int, int]:
        """Set the item's colours and line (`area`, mm², decides a black fill's black)."""
        c = self.c
        if style.fill:
            c.setFillColor(self.inks.fill(style.fill, area))
        if style.stroke:
            dieline = self.inks.dieline if self.role in DIELINE_ROLES else None
            c.setStrokeColor(dieline or self.inks.stroke(style.stroke, style.stroke_width))
            if dieline:
                c.setStrokeOverprint(1)
                c.setOverprintMask(1)
            c._code.extend(_line_operators(style.stroke_width, style.dash or ()))
        return (1 if style.stroke and style.stroke_width > 0 else 0, 1 if style.fill else 0)

    def item(self, item: Item) -> None:
        c = self.c
        if isinstance(item, Group):
            c.saveState()
            c.transform(*item.transform)
            if item.clip:
                path = c.beginPath()
                path.rect(*item.clip)
                c.clipPath(path, stroke=0, fill=0)
            self.items(item.items)
            c.restoreState()
            return
        if isinstance(item, Icon):
            self.icon(item)
            return
        if isinstance(item, Image):
            self.image(item)
            return
        # Only a separation asks how large a fill is (a large black one is rich black).
        stroke, fill = self.style(item.style, _area(item) if self.inks.separator else 0.0)
        if not (stroke or fill):
            return
        if isinstance(item, Rect):
            if item.radius:
                c.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
            else:
                c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
        elif isinstance(item, Circle):
            c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
        elif isinstance(item, Polyline):
            c._code.extend(_polyline_operators(item, stroke, fill, c._fillMode))
        elif isinstance(item, PathItem):
            path = c.beginPath()
            for command in item.commands:
                op, args = command[0], command[1:]
                {"M": path.moveTo, "L": path.lineTo, "C": path.curveTo, "Z": path.close}[op](*args)
            c.drawPath(path, stroke=stroke, fill=fill)

    def icon(self, item: Icon) -> None:
        path = self.icon_path(item.name)
        if path is None:
            return
        drawing = self.inks.drawing(icons.drawing(path), path)
        c = self.c
        name = self.icon_form(path, drawing)
        # Centred at its own shape in the box, as SVG's <use> of a symbol shows it (xMidYMid meet).
        scale = min(item.w / drawing.width, item.h / drawing.height)
        c.saveState()
        c.translate(item.x + (item.w - drawing.width * scale) / 2, item.y + (item.h + drawing.height * scale) / 2)
        c.scale(scale, -scale)
        c.doForm(name)
        c.restoreState()

    def icon_form(self, path: Path, drawing: "Drawing") -> str:
        """The icon's form XObject, written at its first use."""
        name = self.icon_forms.get(path)
        if name is None:
            name = self.icon_forms[path] = f"icon{len(self.icon_forms) + 1}"
            self.c.beginForm(name, 0, 0, drawing.width, drawing.height)
            _draw(drawing, self.c)
            self.c.endForm()
            if self.made is not None:
                self.made.append(path)
        return name

    def image(self, item: Image) -> None:
        """The art's XObject (a unit square, y up), written at its first use, placed over the box."""
        name = self.art_form(item)
        c = self.c
        c.saveState()
        c.transform(item.w, 0, 0, -item.h, item.x, item.y + item.h)
        c.doForm(name)
        c.restoreState()

    def art_form(self, item: Image) -> str:
        """The art's XObject, written at its first use."""
        name = self.forms.get(item.digest)
        if name is None:
            name = self.forms[item.digest] = f"art{len(self.forms) + 1}"
            self.art_xobject(name, Path(item.path), item.vector)
            if self.made is not None:
                self.made.append(item)
        return name

    def art_xobject(self, name: str, path: Path, vector: bool) -> None:
        """A PNG's pixels as they stand in the file; other art in a form of its own."""
        c = self.c
        pixels = None if vector or self.inks.separator else art.png_pixels(path)
        if pixels is not None:
            c._doc.addForm(name, _PngImage(name, pixels))  # reportlab has no public call for a ready image
            return
        c.beginForm(name, 0, 0, 1, 1)
        if vector:
            drawing = self.inks.drawing(icons.drawing(path), path)
            c.scale(1 / drawing.width, 1 / drawing.height)
            _draw(drawing, c)
        elif self.inks.separator:
            with _binary_streams():
                c.drawImage(self.inked_picture(path), 0, 0, 1, 1, mask="auto")
        else:
            # A file that is right as it stands goes in whole (a JPEG stays JPEG).
            source = str(path) if art.as_is(path) == "image/jpeg" else ImageReader(art.raster(path))
            with _binary_streams():
                c.drawImage(source, 0, 0, 1, 1, mask="auto")
        c.endForm()

    def inked_picture(self, path: Path) -> ImageReader:
        """A raster picture separated into inks, its transparency (if any) a soft mask."""
        assert self.inks.separator is not None
        picture = art.raster(path)
        alpha = picture.getchannel("A") if picture.mode in ("RGBA", "LA") else None
        if alpha is not None and alpha.getextrema()[0] == 255:
            alpha = None
        if alpha is not None and not self.inks.settings.transparency:
            raise TransparencyRefused(
                f"{display_path(path)} has transparent pixels, and PDF/X-1a has no transparency: "
                "flatten the picture onto its background, or write PDF/X-4 (--pdfx x4)"
            )
        reader = ImageReader(self.inks.separator.picture(picture))
        reader.getRGBData()  # reportlab reads the pixels (CMYK) once, and a soft mask from _dataA:
        reader._dataA = ImageReader(alpha) if alpha is not None else None
        return reader


def _draw(drawing: "Drawing", c: canvas.Canvas) -> None:
    """An icon's or SVG picture's drawing onto the canvas. reportlab's graphics package (a
    tenth of a second to import) is loaded for the first such drawing, not for every PDF."""
    from reportlab.graphics import renderPDF

    renderPDF.draw(drawing, c, 0, 0)


@lru_cache(maxsize=256)
def _line_operators(width: float, dash: tuple[float, ...]) -> tuple[str, str]:
    """What reportlab's setLineWidth and setDash write for a line of `width` and `dash`
    (reportlab's own number format, fp_str), worked out once for each: a sheet strokes its
    cut lines and crop marks, dozens of them, in a few line styles. Nothing reportlab writes
    later reads the width or dash back. The dashes are the line roles' own (layout/scene.py),
    never a source's, so none needs reportlab's check of a pattern."""
    return f"{fp_str(width)} w", f"[{fp_str(dash)}] 0 d"


def _polyline_operators(item: Polyline, stroke: int, fill: int, fill_mode: int) -> tuple[str, str]:
    """What reportlab's drawPath writes for a path of the polyline's points (a moveto, then
    linetos, closed when the polyline is), painted as `stroke` and `fill` say: written
    without building the path object, for the many lines a sheet draws."""
    first, *rest = item.points
    path = ["n", f"{fp_str(first)} m", *[f"{fp_str(point)} l" for point in rest]]
    if item.closed:
        path.append("h")
    return " ".join(path), PATH_OPS[stroke, fill, fill_mode]


def _area(item: Item) -> float:
    """The area an item covers (mm²), its bounding box's for a path."""
    if isinstance(item, Rect):
        return item.w * item.h
    if isinstance(item, Circle):
        return math.pi * item.r * item.r
    if isinstance(item, Polyline):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return (max(xs) - min(xs)) * (max(ys) - min(ys))
    if isinstance(item, PathItem):
        points = [command[k : k + 2] for command in item.commands for k in range(1, len(command) - 1, 2)]
        if not points:
            return 0.0
        return (max(p[0] for p in points) - min(p[0] for p in points)) * (
            max(p[1] for p in points) - min(p[1] for p in points)
        )
    return 0.0


class _PngImage(pdfdoc.PDFImageXObject):
    """An image XObject holding a PNG's compressed rows unchanged: no decoding, no recompressing."""

    def __init__(self, name: str, pixels: art.PngPixels):
        super().__init__(name)
        self.width, self.height, self.bitsPerComponent = pixels.width, pixels.height, 8
        self.colorSpace = "DeviceRGB" if pixels.colours == 3 else "DeviceGray"
        self.streamContent = pixels.data
        self.colours = pixels.colours

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        stream = pdfdoc.PDFStream(content=self.streamContent)
        entries = {
            "Type": pdfdoc.PDFName("XObject"),
            "Subtype": pdfdoc.PDFName("Image"),
            "Width": self.width,
            "Height": self.height,
            "BitsPerComponent": 8,
            "ColorSpace": pdfdoc.PDFName(self.colorSpace),
            "Filter": pdfdoc.PDFName("FlateDecode"),
            "DecodeParms": pdfdoc.PDFDictionary(
                {"Predictor": 15, "Colors": self.colours, "BitsPerComponent": 8, "Columns": self.width}
            ),
            "Length": len(self.streamContent),
        }
        for key, value in entries.items():
            stream.dictionary[key] = value
        return stream.format(document)


class _NoFont:
    """What reportlab's canvas starts in, never drawn with: a font it takes as one whose
    objects it adds only once drawn with (a "dynamic" one), so no page names a font that the
    file does not embed. The text's own fonts are generator/render/pdf_text.py's."""

    fontName = "cutsheet-none"
    _dynamicFont = 1
    _multiByte = 0

    class face:  # noqa: N801 (reportlab's name)
        name = b"cutsheet-none"


@cache
def _initial_font() -> str:
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics.registerFont(_NoFont())
    return _NoFont.fontName


def write_pdf(
    sheets: list[Sheet],
    path: Path,
    title: str,
    icon_path: Callable[[str], Path | None],
    colour: ColourSettings = RGB,
    reuse: PageReuse | None = None,
) -> DrawnPages:
    """Write the sheets as one PDF: fonts embedded (subset), no timestamps or random ids; in
    the colours `colour` asks for, made to its PDF/X standard (generator/render/pdfx.py).
    With `reuse`, in RGB, a page that `reuse` holds is written as it was drawn, a stream it
    holds is not compressed again, and what the document drew is returned for the next PDF
    (the same file as drawing every page and compressing every stream). A PDF
    in inks draws every page: its overprinted dielines name graphics states of reportlab's
    own, which each later page lists. TransparencyRefused for art with transparency in a
    PDF/X-1a file."""
    c = canvas.Canvas(str(path), invariant=1, pageCompression=1, initialFontName=_initial_font(), initialFontSize=10)
    c.setTitle(title)
    c.setCreator("cutsheet")
    c.setAuthor("cutsheet")
    c.setViewerPreference("PrintScaling", "None")
    painter = _Painter(c, icon_path, PdfInks(colour))
    if colour != RGB:
        reuse = None
    drawn: dict[str, DrawnPage] = {}
    # Page labels are the page numbers themselves, so what a viewer shows is what a print
    # dialog takes and what the checklist lists.
    c.addPageLabel(0, style="D", start=1)  # D: decimal arabic numerals
    for number, sheet in enumerate(sheets, 1):
        if sheet.blank:  # "14 (blank)": a page left blank on purpose says so in the viewer too
            c.addPageLabel(number - 1, prefix=f"{number} (blank)")
            c.addPageLabel(number, style="D", start=number + 1)
        c.setPageSize((sheet.width * K, sheet.height * K))
        for k, title in enumerate(sheet.bookmarks):  # one destination each: outline entries are keyed by it
            c.bookmarkPage(f"page{number}.{k}")
            c.addOutlineEntry(title, f"page{number}.{k}", level=0)
        if sheet.trim:
            c.setTrimBox(_box_pt(sheet.trim, sheet.height))
        if sheet.bleed:
            c.setBleedBox(_box_pt(sheet.bleed, sheet.height))
        if reuse is None:
            painter.sheet(sheet)
        else:
            key = page_key(reuse.digests[number - 1], painter.naming())
            page = reuse.drawn.pages.get(key)
            if page is None or not painter.replay(page):
                page = painter.recorded(sheet)
            if page is not None:
                drawn[key] = page
        c.showPage()
        c.setTrimBox(None)
        c.setBleedBox(None)
    streams = KnownStreams(reuse.drawn.streams if reuse else {})
    with stream_filters(streams if reuse else None):
        c.save()
    if colour.profile is not None:
        from generator.render import pdfx

        pdfx.finish(path, colour, title)
    return DrawnPages(drawn, streams.used)
