"""The Slipmax build read back from its files: PDF geometry, SVG layers, content, pixels."""

import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

import cairocffi
import cairosvg
import numpy as np
import pdfplumber
import pypdf
import pypdfium2
import pytest
import uharfbuzz as hb
import yaml
from fontTools.ttLib import TTFont
from PIL import Image

from tests.pdf_geometry import crop_marks, cut_lines, score_lines, svg_drawn_points, trim_box_mm

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
INCH = 25.4


def layout(name: str) -> dict:
    return yaml.safe_load((ROOT / "generator" / "games" / "slipmax" / "layouts" / f"{name}.yaml").read_text())


def mm(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(mm|pt|in)", text).groups()
    return float(value) * {"mm": 1, "pt": INCH / 72, "in": INCH}[unit]


def strips() -> list[dict]:
    return yaml.safe_load((ROOT / "components/slipmax/strips.yaml").read_text())["items"]


@pytest.fixture(scope="module")
def pdf(slipmax_out):
    with pdfplumber.open(slipmax_out / "slipmax.pdf") as document:
        yield document


@pytest.fixture(scope="module")
def reader(slipmax_out):
    return pypdf.PdfReader(slipmax_out / "slipmax.pdf")


def page_titles(pdf) -> list[str]:
    """Each page's text in the order it is drawn: a board tile's clipped-off rows (which
    pdfplumber reads though they do not print) would otherwise interleave with the labels
    beside them."""
    return [page.extract_text(use_text_flow=True) for page in pdf.pages]


def pages_of(pdf, label: str) -> list[int]:
    return [n for n, text in enumerate(page_titles(pdf)) if f"Slipmax: {label}" in text]


def test_every_page_has_a_trim_box_and_asks_not_to_scale(reader):
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    for page in reader.pages:
        assert len(page["/TrimBox"]) == 4
        x0, y0, x1, y1 = (float(v) for v in page.trimbox)
        assert 0 <= x0 < x1 <= float(page.mediabox.width) and 0 <= y0 < y1 <= float(page.mediabox.height)


def test_strips_sit_in_a_grid_of_their_layout_size_with_shared_cut_lines(pdf, reader):
    size = layout("strip")["size"]
    width, height = mm(size["width"]), mm(size["height"])
    strip_pages = pages_of(pdf, "strips")
    assert len(strip_pages) == 2
    titles = []
    for n in strip_pages:
        cuts = cut_lines(pdf.pages[n])
        xs = sorted({round(c.x0, 2) for c in cuts if c.vertical})
        ys = sorted({round(c.y0, 2) for c in cuts if c.horizontal})
        assert all(abs(b - a - width) < 0.1 for a, b in pairwise(xs)), xs
        assert all(abs(b - a - height) < 0.1 for a, b in pairwise(ys)), ys
        # Butted strips share their cut lines: one line per column edge, not two.
        assert len([c for c in cuts if c.vertical and abs(c.x0 - xs[1]) < 0.01]) == 1
        # The TrimBox is exactly the area the cut lines enclose.
        tx, ty, tw, th = trim_box_mm(reader.pages[n])
        assert abs(tx - xs[0]) < 0.1 and abs(ty - ys[0]) < 0.1
        assert abs(tx + tw - xs[-1]) < 0.1 and abs(ty + th - ys[-1]) < 0.1
        for top in ys[:-1]:
            for left in xs[:-1]:
                box = tuple(v / (INCH / 72) for v in (left, top, left + width, top + 8))
                title = pdf.pages[n].crop(box).extract_text().strip().split("\n")[0]
                if title:
                    titles.append(title)
    assert titles == [s["title"] for s in strips()]


def test_crop_marks_lie_in_the_margins_only(pdf, reader):
    for n, page in enumerate(pdf.pages):
        tx, ty, tw, th = trim_box_mm(reader.pages[n])
        marks = crop_marks(page)
        edge_marks = [m for m in marks if m.vertical or m.horizontal]
        for m in edge_marks:
            inside_x = tx + 0.05 < max(m.x0, m.x1) and min(m.x0, m.x1) < tx + tw - 0.05
            inside_y = ty + 0.05 < max(m.y0, m.y1) and min(m.y0, m.y1) < ty + th - 0.05
            if inside_x and inside_y:
                pytest.fail(f"page {n + 1}: crop mark {m} inside the trim box")


def test_register_slits_are_the_strip_width_plus_clearance(pdf):
    strip_width = mm(layout("strip")["size"]["width"])
    clearance = mm(layout("register-card")["params"]["clearance"])
    (n,) = pages_of(pdf, "register card")
    page = pdf.pages[n]
    cuts = cut_lines(page)
    left = min(c.x0 for c in cuts if c.vertical)
    right = max(c.x0 for c in cuts if c.vertical)
    inner = [c for c in cuts if c.horizontal and c.x0 > left + 0.5 and c.x1 < right - 0.5]
    assert len(inner) == 6
    for slit in inner:
        assert slit.length - strip_width == pytest.approx(clearance, abs=0.1)
        assert slit.length > strip_width
    # One long dashed fold line across the whole card.
    folds = [s for s in score_lines(page) if s.horizontal]
    assert len(folds) == 1 and folds[0].length == pytest.approx(right - left, abs=0.1)


def test_a_strip_pushed_home_shows_only_its_title(pdf):
    """Pocket depth (slit to fold) + title height = strip length: pushed home, only the
    title stands above the slit; every step fits in the pocket."""
    strip = layout("strip")
    title_h = mm(strip["params"]["title_height"])
    step_h = mm(strip["params"]["step_height"])
    length = mm(strip["size"]["height"])
    (n,) = pages_of(pdf, "register card")
    page = pdf.pages[n]
    slack = mm(layout("register-card")["params"]["slack"])
    slit_y = min(c.y0 for c in cut_lines(page) if c.horizontal and c.length < 50)
    fold_y = next(s.y0 for s in score_lines(page) if s.horizontal)
    pocket = fold_y - slit_y
    exposed = length - pocket  # what stands above the slit with the strip's end on the fold
    assert exposed == pytest.approx(title_h - slack, abs=0.1)
    assert 0 < title_h - exposed < step_h  # no step shows, the title does
    assert max(len(s["steps"]) for s in strips()) * step_h <= pocket


def test_every_strip_title_note_and_step_appears_in_the_pdf(pdf):
    text = " ".join(" ".join(w["text"] for w in page.extract_words()) for page in pdf.pages)
    text = re.sub(r"\s+", " ", text)
    for strip in strips():
        assert strip["title"] in text
        for step in strip["steps"]:
            # Steps wrap inside their cell; check the first words of each line-start chunk.
            first = f"{step['step']}) {' '.join(step['text'].split()[:2])}"
            assert first in text, first
    words = set(text.split())
    for strip in strips():
        for step in strip["steps"]:
            assert set(step["text"].split()) <= words, step["text"]


def test_svg_sheets_have_one_inkscape_layer_per_role(slipmax_out):
    files = sorted((slipmax_out / "svg").glob("*.svg"))
    assert len(files) == 5
    for path in files:
        root = ET.parse(path).getroot()
        layers = {
            g.get(f"{INKSCAPE}label"): g for g in root.iter(f"{SVG}g") if g.get(f"{INKSCAPE}groupmode") == "layer"
        }
        assert {"art", "cut", "score", "slit", "crop", "guide"} <= set(layers)
        # text (glyph outlines named by what they read) is art, never a line to cut along
        named = {role: [e for e in g.iter() if e.get("aria-label") is not None] for role, g in layers.items()}
        assert named["art"] and not any(texts for role, texts in named.items() if role != "art")
        assert not list(root.iter(f"{SVG}text"))
        for element in root.iter():
            if element.get("stroke-width"):
                assert float(element.get("stroke-width")) >= 0.25 * INCH / 72 - 1e-6
    register = ET.parse(files[2]).getroot()
    slit_layer = next(g for g in register.iter(f"{SVG}g") if g.get(f"{INKSCAPE}label") == "slit")
    assert len(list(slit_layer.iter(f"{SVG}polyline"))) == 6
    score_layer = next(g for g in register.iter(f"{SVG}g") if g.get(f"{INKSCAPE}label") == "score")
    assert all(p.get("stroke-dasharray") for p in score_layer.iter(f"{SVG}polyline"))


def test_every_sheet_carries_its_furniture(pdf):
    total = len(pdf.pages)
    for n, page in enumerate(pdf.pages, 1):
        text = page.extract_text()
        assert f"page {n} of {total}" in text
        assert "print at 100%" in text and "Slipmax:" in text
        # The scale mark: a bar 2 in long (144 pt), in the full block or the compact strip.
        rulers = [ln for ln in page.lines if abs(max(ln["width"], ln["height"]) - 144) < 0.05]
        assert len(rulers) == 1, f"page {n} has no 2 in scale bar"


def test_oversized_board_is_tiled_with_matching_alignment_targets(pdf):
    tiles = pages_of(pdf, "board")
    assert len(tiles) >= 2
    first, second = pdf.pages[tiles[0]], pdf.pages[tiles[1]]
    assert "tile A1" in first.extract_text() and "tile A2" in second.extract_text()
    assert first.curves and second.curves  # the targets' circles


def _render_pdf_page(path: Path, index: int, dpi: int) -> np.ndarray:
    page = pypdfium2.PdfDocument(path)[index]
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    return np.asarray(image, dtype=np.int16)


def _near(mask: np.ndarray, radius: int = 1) -> np.ndarray:
    """The mask grown by `radius` pixels in every direction."""
    grown = mask.copy()
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            grown |= np.roll(np.roll(mask, dy, axis=0), dx, axis=1)
    return grown


def ink_misses(a: np.ndarray, b: np.ndarray) -> float:
    """Share of clearly inked pixels of either image with no ink within 1 px in the other.

    Renderers differ in how dark they draw a hairline (pdfium widens it to a pixel, cairo
    anti-aliases it), so this compares where ink is, not how dark it is."""
    dark_a, dark_b = a < 140, b < 140
    some_a, some_b = _near(a < 235), _near(b < 235)
    misses = (dark_a & ~some_b).sum() + (dark_b & ~some_a).sum()
    return misses / max(dark_a.sum() + dark_b.sum(), 1)


PT_PER_MM = 72 / INCH
#: How far a font size written to 3 decimals of a mm may be from the size laid out.
SIZE_ROUNDING = 0.0005


def _svg_without_text(path: Path, dpi: int) -> np.ndarray:
    """The SVG file drawn by cairosvg with its text (glyph outlines, each text named by an
    aria-label) left out: the PDF's text is blanked by its character boxes, which
    outlines may stick out of (an overshoot, a descender)."""
    root = ET.parse(path).getroot()
    for parent in list(root.iter()):
        for child in [c for c in parent if c.get("aria-label") is not None]:
            parent.remove(child)
    png = cairosvg.svg2png(bytestring=ET.tostring(root), dpi=dpi, background_color="white")
    return np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=np.int16)


def _blank_text(pixels: np.ndarray, page, dpi: int) -> np.ndarray:
    """The page's pixels with every character's box (and a pixel round it) made white."""
    out = pixels.copy()
    scale = dpi / 72
    for char in page.chars:
        top, bottom = int(char["top"] * scale) - 1, int(np.ceil(char["bottom"] * scale)) + 1
        left, right = int(char["x0"] * scale) - 1, int(np.ceil(char["x1"] * scale)) + 1
        out[max(top, 0) : bottom, max(left, 0) : right] = 255
    return out


def _matrix(transform: str | None) -> np.ndarray:
    if not transform:
        return np.identity(3)
    a, b, c, d, e, f = (float(v) for v in re.fullmatch(r"matrix\(([^)]*)\)", transform).group(1).split())
    return np.array([[a, c, e], [b, d, f], [0, 0, 1]])


def svg_texts(path: Path) -> list[tuple[str, tuple[float, float, float, float] | None]]:
    """(what it reads, (left, top, right, bottom) of its outlines in page millimetres) of every
    text of the SVG (an element named by an aria-label), read as a renderer would: its own path
    data or the paths its <use> elements place, through the transforms of the groups holding it."""
    root = ET.parse(path).getroot()
    defined = {element.get("id"): element for element in root.iter() if element.get("id")}
    found = []

    def outlines(element) -> list[tuple[float, float]]:
        drawn = svg_drawn_points(element, defined)
        return drawn

    def walk(element, m: np.ndarray) -> None:
        m = m @ _matrix(element.get("transform"))
        if element.get("aria-label") is not None:
            local = np.array(outlines(element))
            box = None
            if len(local):
                xs, ys, _ = m @ np.c_[local, np.ones(len(local))].T
                box = (xs.min(), ys.min(), xs.max(), ys.max())
            found.append((element.get("aria-label"), box))
            return
        for child in element:
            walk(child, m)

    walk(root, np.identity(3))
    return found


@cache
def _font_file(postscript_name: str) -> tuple[TTFont, hb.Font]:
    """The shipped font file whose PostScript name (name ID 6) this is, read by fontTools and HarfBuzz."""
    for path in sorted((ROOT / "fonts").glob("*.ttf")):
        tables = TTFont(str(path))
        if tables["name"].getDebugName(6) == postscript_name:
            return tables, hb.Font(hb.Face(hb.Blob(path.read_bytes())))
    raise AssertionError(f"the PDF names {postscript_name}, which is no shipped font")


@cache
def ink_extent(postscript_name: str, text: str) -> tuple[float, float, float, float]:
    """(xMin, yMin, xMax, yMax) in ems (y up) of the glyphs of `text` shaped by HarfBuzz, from
    the pen's start on the baseline, each glyph's box read by fontTools."""
    tables, font = _font_file(postscript_name)
    glyf, em = tables["glyf"], tables["head"].unitsPerEm
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {})
    boxes, pen = [], 0
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        glyph = glyf[tables.getGlyphName(info.codepoint)]
        glyph.recalcBounds(glyf)
        if glyph.numberOfContours:
            x, y = pen + position.x_offset, position.y_offset
            boxes.append(((x + glyph.xMin) / em, (y + glyph.yMin) / em, (x + glyph.xMax) / em, (y + glyph.yMax) / em))
        pen += position.x_advance
    return tuple(f(b[k] for b in boxes) for k, f in enumerate((min, min, max, max)))


@dataclass(frozen=True)
class PdfChar:
    """A character of a PDF page as pdfplumber reads it: its text and face, its pen position
    (x, y in mm from the top left), and how a point (u, v) of its glyph in ems (y up) lands on
    the page in mm: (x + u * ux + v * vx, y + u * uy + v * vy)."""

    text: str
    font: str
    x: float
    y: float
    ux: float
    uy: float
    vx: float
    vy: float

    @classmethod
    def read(cls, char: dict, page_height: float) -> "PdfChar":
        a, b, c, d, e, f = char["matrix"]
        # pdfplumber's size is the text matrix's scale times the font size: the em in points
        em = char["size"] / np.hypot(a, b)
        scale = em / PT_PER_MM
        return cls(
            char["text"],
            char["fontname"].split("+", 1)[-1],
            e / PT_PER_MM,
            (page_height - f) / PT_PER_MM,
            a * scale,
            -b * scale,
            c * scale,
            -d * scale,
        )

    def box(self, extent: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """Where a box in ems (xMin, yMin, xMax, yMax) from this pen position lands: (left,
        top, right, bottom) in mm."""
        corners = [(u, v) for u in (extent[0], extent[2]) for v in (extent[1], extent[3])]
        xs = [self.x + u * self.ux + v * self.vx for u, v in corners]
        ys = [self.y + u * self.uy + v * self.vy for u, v in corners]
        return min(xs), min(ys), max(xs), max(ys)

    def along(self, other: "PdfChar") -> tuple[float, float] | None:
        """How far along this character's baseline the other's pen is (mm), and how far off it,
        for a character turned the same way; None for one turned another way."""
        mine, theirs = (self.ux, self.uy, self.vx, self.vy), (other.ux, other.uy, other.vx, other.vy)
        if any(abs(a - b) > 1e-4 for a, b in zip(mine, theirs, strict=True)):
            return None
        length = np.hypot(self.ux, self.uy)
        dx, dy = other.x - self.x, other.y - self.y
        return (dx * self.ux + dy * self.uy) / length, abs(dx * self.uy - dy * self.ux) / length


def test_svg_shapes_agree_with_the_pdf_in_pixels(slipmax_out, pdf):
    """cairosvg draws each sheet's SVG, pdfium its PDF page: outside the text their ink
    must coincide to a pixel (0.25 mm)."""
    for index, svg in enumerate(sorted((slipmax_out / "svg").glob("*.svg"))):
        page = pdf.pages[index]
        svg_pixels = _blank_text(_svg_without_text(svg, 100), page, 100)
        pdf_pixels = _blank_text(_render_pdf_page(slipmax_out / "slipmax.pdf", index, 100), page, 100)
        assert svg_pixels.shape == pdf_pixels.shape
        assert (svg_pixels < 140).mean() > 0.001  # the page is not blank
        assert ink_misses(svg_pixels, pdf_pixels) < 0.002, f"sheet {index + 1}"


def test_svg_text_starts_where_the_pdf_text_does(slipmax_out, pdf):
    """Every text of the SVG (glyph outlines named by what they read) is drawn where
    the PDF draws the same text: its outlines span, to a hundredth of a mm, the glyphs that
    HarfBuzz shapes for it in the PDF's font and size, from the pen position, baseline and
    direction of the PDF character its line starts with (pdfplumber); and the PDF's characters
    along that baseline from there read the same text."""
    checked = turned = 0
    for index, svg in enumerate(sorted((slipmax_out / "svg").glob("*.svg"))):
        page = pdf.pages[index]
        chars = [PdfChar.read(char, page.height) for char in page.chars]
        texts = svg_texts(svg)
        assert len(texts) >= 3  # at least the sheet's label in the margin
        for label, box in texts:
            assert box is not None and label.strip(), f"sheet {index + 1}: an empty text path {label!r}"
            checked += 1
            starts = []
            for char in chars:
                if char.text != label[0]:
                    continue
                extent = ink_extent(char.font, label)
                # the PDF writes its font sizes to a thousandth of a mm: up to half of that per
                # em the glyphs reach from the pen, on top of the hundredth
                slack = 0.01 + SIZE_ROUNDING * max(abs(v) for v in extent)
                if all(abs(a - b) < slack for a, b in zip(box, char.box(extent), strict=True)):
                    starts.append(char)
            assert starts, f"sheet {index + 1}: {label!r} at {np.round(box, 2)} mm starts no PDF text"
            start = starts[0]
            turned += start.ux < 0
            reach = max(box[2] - box[0], box[3] - box[1]) + 0.01
            line = []
            for char in chars:
                place = start.along(char)
                if place is not None and place[1] < 0.01 and -0.01 <= place[0] <= reach:
                    line.append((place[0], char.text))
            read = "".join(text for _, text in sorted(line))
            assert read.startswith(label.rstrip()), f"sheet {index + 1}: {label!r} reads {read!r} in the PDF"
    assert checked > 200
    assert turned  # some text is drawn upside down (the folded flap's), and was found turned


def test_png_previews_are_the_pdf_pages_drawn_by_pdfium(slipmax_out):
    """Each preview is its page of the print file at 100 dpi, pixel for pixel."""
    previews = sorted((slipmax_out / "png").glob("*.png"))
    document = pypdfium2.PdfDocument(slipmax_out / "slipmax.pdf")
    assert len(previews) == len(document) == 5
    for page, png in zip(document, previews, strict=True):
        drawn = np.asarray(page.render(scale=100 / 72).to_pil().convert("RGB"))
        with Image.open(png) as image:
            assert image.mode == "RGB"
            assert np.array_equal(np.asarray(image), drawn), png.name
        # libpng (cairo's reader), a second decoder, checks every chunk's CRC and the deflate stream.
        assert np.array_equal(libpng_rgb(png), drawn), png.name


def libpng_rgb(png: Path) -> np.ndarray:
    """An opaque PNG's pixels as read by cairo, which reads PNGs with libpng."""
    surface = cairocffi.ImageSurface.create_from_png(io.BytesIO(png.read_bytes()))
    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    pixels = np.frombuffer(bytes(surface.get_data()), np.uint8).reshape(height, stride // 4, 4)
    return pixels[:, :width, 2::-1]  # cairo's ARGB32 lies in memory as B, G, R, A


def test_a_shifted_rendering_would_be_caught(slipmax_out):
    """The agreement measure sees a half-millimetre misplacement."""
    png = sorted((slipmax_out / "png").glob("*.png"))[0]
    pixels = np.asarray(Image.open(png).convert("L"), dtype=np.int16)
    assert ink_misses(pixels, pixels) == 0
    assert ink_misses(pixels, np.roll(pixels, 2, axis=1)) > 0.05


def test_two_builds_are_byte_identical(slipmax_out, tmp_path):
    from tests.conftest import COMPONENTS, run_build

    run_build(str(COMPONENTS / "slipmax"), "--out", str(tmp_path), "--no-checklist")
    again = tmp_path / "slipmax"
    first = sorted(p.relative_to(slipmax_out) for p in slipmax_out.rglob("*") if p.is_file())
    second = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert first == second and len(first) == 12  # a PDF, 5 SVGs, 5 PNGs and the list of them
    for rel in first:
        assert (slipmax_out / rel).read_bytes() == (again / rel).read_bytes(), rel


def test_fonts_are_embedded_as_subsets(reader):
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            descriptor = descriptor.get_object()
            assert "/FontFile2" in descriptor
            fonts.add(str(font["/BaseFont"]))
    assert fonts and all(re.match(r"/[A-Z]{6}\+", name) for name in fonts)


def test_png_previews_are_a_page_at_100_dpi(slipmax_out):
    for png in sorted((slipmax_out / "png").glob("*.png")):
        image = Image.open(io.BytesIO(png.read_bytes()))
        assert sorted(image.size) == [850, 1100]
        assert image.info["dpi"] == pytest.approx((100, 100), abs=0.001)
