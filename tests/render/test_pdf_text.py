"""Type in the print file, read back with tools that did not write it: the fonts a PDF embeds
(pikepdf), the face of each character (pdfplumber), the glyphs a run draws (the content
stream's glyph ids against HarfBuzz's own shaping), the pixels (pdfium against the same
glyphs drawn from their outlines) and the text a viewer copies (pdfium)."""

import re
import shutil
from pathlib import Path

import numpy as np
import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest
import uharfbuzz as hb
from click.testing import CliRunner
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw

from generator import shipped
from generator.cli import main
from generator.colour.settings import RGB
from generator.layout.scene import Text
from generator.layout.text import TextStyle, fit_text
from generator.render.pdf import write_pdf
from generator.render.pdf_colour import PdfInks
from generator.render.pdf_text import PdfFonts, text_operators
from generator.sheets.model import Sheet
from tests.type_fonts import boxes_cff, renamed

ARABIC = "مرحبا بالعالم"
HEBREW_MIXED = "שלום עולם and hello world 2026"
JAPANESE = "日本語のテキストは文字の間で折り返されます"
#: Debian's IPA Gothic (fonts-ipafont-gothic), which the README's test command installs.
CJK_FONT = Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf")

LAYOUT = """extends: card
colours: {red: "#c0392b"}
elements:
  title: {type: text, field: title, x: 4mm, y: 4mm, width: 55.5mm, height: 10mm, font: House Sans, size: 12pt}
  text: {type: text, field: text, x: 4mm, y: 20mm, width: 55.5mm, height: 60mm,
         font: [House Sans, DejaVu Sans], size: 10pt, min_size: 10pt}
"""


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


def make_deck(root: Path, rows: list[tuple[str, str]], layout: str = LAYOUT) -> Path:
    """A deck from `cutsheet new` whose cards (title, text) come from cards.csv, in the
    designer's own House Sans (regular and bold, in fonts/) with DejaVu Sans to fall back on."""
    assert cli("new", str(root / "deck")).exit_code == 0
    deck = root / "deck"
    renamed("DejaVuSans", "House Sans", "Regular", deck / "fonts" / "HouseSans-Regular.ttf")
    renamed("DejaVuSans-Bold", "House Sans", "Bold", deck / "fonts" / "HouseSans-Bold.ttf")
    (deck / "layouts" / "card.yaml").write_text(layout)
    lines = ["title,text"] + [",".join(f'"{cell}"' for cell in row) for row in rows]
    (deck / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return deck


def build(deck: Path, out: Path, *more: str):
    return cli("build", str(deck), "--out", str(out), "--no-checklist", "--format", "pdf", *more)


def built_pdf(deck: Path, out: Path) -> Path:
    result = build(deck, out)
    assert result.exit_code == 0, result.output
    return out / "deck" / "deck.pdf"


def fonts_of(pdf: Path) -> dict[str, pikepdf.Dictionary]:
    """BaseFont (subset tag removed) -> its Type0 font dictionary, over every page."""
    found = {}
    with pikepdf.open(pdf) as document:
        for page in document.pages:
            for font in page.Resources.get("/Font", {}).values():
                found[str(font.BaseFont).split("+", 1)[-1]] = font
        return {name: font for name, font in found.items()}


def test_the_designers_family_is_embedded_and_a_bold_word_is_set_in_its_bold_face(tmp_path):
    deck = make_deck(tmp_path, [("House", "Plain words then **strong** words.")])
    pdf = built_pdf(deck, tmp_path / "out")
    with pikepdf.open(pdf) as document:
        fonts = {}
        for page in document.pages:
            for font in page.Resources.Font.values():
                fonts[str(font.BaseFont)] = font.DescendantFonts[0].FontDescriptor
        house = {name: d for name, d in fonts.items() if "HouseSans" in name}
        assert {re.sub(r"^/[A-Z]{6}\+", "", n) for n in house} == {"HouseSans-Regular", "HouseSans-Bold"}
        for descriptor in house.values():  # embedded: a TrueType program, subset
            assert len(descriptor.FontFile2.read_bytes()) < 200_000
    with pdfplumber.open(pdf) as document:
        chars = [c for page in document.pages for c in page.chars]
    faces = {}
    for word in ("Plain", "strong", "words."):
        start = "".join(c["text"] for c in chars).index(word)
        faces[word] = {c["fontname"].split("+")[-1] for c in chars[start : start + len(word)]}
    assert faces == {"Plain": {"HouseSans-Regular"}, "strong": {"HouseSans-Bold"}, "words.": {"HouseSans-Regular"}}


def _glyph_ids(pdf: Path, font_name: str) -> list[int]:
    """The glyph ids every text-showing operator draws in the font whose BaseFont ends in
    `font_name`, in stream order (two bytes each: Identity-H)."""
    with pikepdf.open(pdf) as document:
        page = document.pages[0]
        names = {key for key, font in page.Resources.Font.items() if str(font.BaseFont).endswith(font_name)}
        ids: list[int] = []
        current = None
        for operands, operator in pikepdf.parse_content_stream(page):
            op = str(operator)
            if op == "Tf":
                current = str(operands[0])
            elif current in names and op in ("Tj", "TJ"):
                strings = operands[0] if op == "TJ" else [operands[0]]
                for part in strings:
                    if isinstance(part, pikepdf.String):
                        raw = bytes(part)
                        ids += [int.from_bytes(raw[k : k + 2], "big") for k in range(0, len(raw), 2)]
        return ids


def _harfbuzz(text: str, path: Path) -> tuple[list[int], list[tuple[int, int, int, int]], int]:
    """HarfBuzz's own shaping of `text`: glyph ids in visual order, (advance, x, y offsets) and the em."""
    face = hb.Face(hb.Blob(path.read_bytes()))
    font = hb.Font(face)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {})
    moves = [(p.x_advance, p.x_offset, p.y_offset, 0) for p in buffer.glyph_positions]
    return [info.codepoint for info in buffer.glyph_infos], moves, face.upem


def _ink(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L")) < 128


def _drawn_by_harfbuzz(text: str, path: Path, height_px: int) -> np.ndarray:
    """HarfBuzz's shaping of `text` drawn from the font's own outlines (fontTools), scaled to
    `height_px` for the em, cropped to its ink."""
    ids, moves, em = _harfbuzz(text, path)
    font = TTFont(str(path))
    glyphs = font.getGlyphSet()
    scale = height_px / em
    width = int(sum(m[0] for m in moves) * scale) + 20
    image = Image.new("L", (width, height_px * 2), 255)
    draw = ImageDraw.Draw(image)
    pen_x = 10.0
    for glyph, (advance, dx, dy, _) in zip(ids, moves, strict=True):
        recording = DecomposingRecordingPen(glyphs)
        glyphs[font.getGlyphName(glyph)].draw(recording)
        contour: list[tuple[float, float]] = []
        for op, args in recording.value:
            if op == "moveTo":
                contour = [args[0]]
            elif op in ("lineTo", "qCurveTo", "curveTo"):
                contour += list(args)
            elif op in ("closePath", "endPath") and contour:
                points = [(pen_x + (x + dx) * scale, height_px * 1.5 - (y + dy) * scale) for x, y in contour]
                draw.polygon(points, fill=0)
                contour = []
        pen_x += advance * scale
    return _cropped(_ink(image))


def _cropped(mask: np.ndarray) -> np.ndarray:
    rows, cols = np.where(mask)
    return mask[rows.min() : rows.max() + 1, cols.min() : cols.max() + 1]


def test_arabic_is_joined_and_right_to_left_as_harfbuzz_shapes_it(tmp_path):
    deck = make_deck(tmp_path, [("Arabic", ARABIC)])
    pdf = built_pdf(deck, tmp_path / "out")
    house = deck / "fonts" / "HouseSans-Regular.ttf"  # DejaVu Sans renamed: it has Arabic
    expected, _, _ = _harfbuzz(ARABIC, house)
    space = _harfbuzz(" ", house)[0][0]
    drawn = [g for g in _glyph_ids(pdf, "HouseSans-Regular") if g != space]
    wanted = [g for g in expected if g != space]
    # The same glyphs in the same order: joined forms (not the letters' isolated ones), right to left.
    starts = [k for k in range(len(drawn)) if drawn[k : k + len(wanted)] == wanted]
    assert len(starts) == 1, (drawn, wanted)
    isolated = _harfbuzz("م", house)[0]
    assert isolated[0] not in wanted  # the first letter takes its initial form

    # In pixels: pdfium's rendering of the card's text has the shape of HarfBuzz's run drawn
    # from the font's outlines (word order and joins included).
    page = pdfium.PdfDocument(str(pdf))[0]
    with pdfplumber.open(pdf) as document:
        words = [c for c in document.pages[0].chars if "\u0600" <= c["text"] <= "\u06ff"]
        x0, x1 = min(c["x0"] for c in words), max(c["x1"] for c in words)
        top, bottom = min(c["top"] for c in words), max(c["bottom"] for c in words)
    scale = 8
    crop = (x0 - 2, page.get_height() - bottom - 2, page.get_width() - x1 - 2, top - 2)
    rendered = page.render(scale=scale, crop=crop)
    ink = _cropped(_ink(rendered.to_pil()))
    size_pt = 10
    reference = _drawn_by_harfbuzz(ARABIC, house, round(size_pt * scale))
    assert abs(ink.shape[1] - reference.shape[1]) <= 0.03 * reference.shape[1]
    resized = np.asarray(Image.fromarray(reference).resize((ink.shape[1], ink.shape[0])))
    overlap = (resized & ink).sum() / (resized | ink).sum()
    assert overlap > 0.75


def test_a_viewer_copies_arabic_and_hebrew_in_reading_order(tmp_path):
    deck = make_deck(tmp_path, [("Scripts", f"{ARABIC}\n{HEBREW_MIXED}")])
    pdf = built_pdf(deck, tmp_path / "out")
    text = pdfium.PdfDocument(str(pdf))[0].get_textpage().get_text_range()
    assert ARABIC in text
    for word in ("שלום", "עולם", "hello", "world", "2026"):
        assert word in text


def test_a_viewer_copies_a_letter_with_its_mark_and_the_same_letter_without_it(tmp_path):
    """Lam is drawn plain in one word and under a shadda in the next: both copy as written."""
    words = "فخلص تخلّص"
    deck = make_deck(tmp_path, [("Marks", words)])
    pdf = built_pdf(deck, tmp_path / "out")
    assert words in pdfium.PdfDocument(str(pdf))[0].get_textpage().get_text_range()


def test_a_hebrew_and_latin_line_keeps_each_runs_order(tmp_path):
    deck = make_deck(tmp_path, [("Mixed", HEBREW_MIXED)])
    pdf = built_pdf(deck, tmp_path / "out")
    with pdfplumber.open(pdf) as document:
        chars = [c for c in document.pages[0].chars if c["top"] > 60 and c["text"].strip()]
    line = sorted(chars, key=lambda c: c["x0"])
    shown = "".join(c["text"] for c in line)
    # The paragraph starts in Hebrew, so it reads right to left: "שלום עולם" is at the right,
    # the Latin words and the number keep their own left-to-right order at its left, and
    # each Hebrew word's letters run right to left (leftmost glyph: its last letter).
    assert shown.index("helloworld2026") < shown.index("םלוע") < shown.index("םולש")
    assert "helloworld2026" in shown.replace(" ", "")


@pytest.mark.skipif(not CJK_FONT.is_file(), reason="no CJK font installed (the README's test command installs one)")
def test_a_cjk_line_breaks_between_characters(tmp_path):
    layout = LAYOUT.replace("font: [House Sans, DejaVu Sans]", "font: [House Sans, IPAGothic]")
    deck = make_deck(tmp_path, [("Japanese", JAPANESE)], layout)
    shutil.copy(CJK_FONT, deck / "fonts" / CJK_FONT.name)
    pdf = built_pdf(deck, tmp_path / "out")
    with pdfplumber.open(pdf) as document:
        chars = [c for c in document.pages[0].chars if c["text"] in JAPANESE]
    lines: dict[int, str] = {}
    for c in sorted(chars, key=lambda c: (round(c["top"]), c["x0"])):
        lines[round(c["top"])] = lines.get(round(c["top"]), "") + c["text"]
    assert len(lines) >= 2
    assert "".join(lines.values()) == JAPANESE  # every character, in order, across lines
    first = next(iter(lines.values()))
    assert not JAPANESE.startswith(first + " ")  # broken inside the run of characters, not at a space
    assert all(c["fontname"].endswith("IPAGothic") for c in chars)


def test_a_character_no_font_has_is_a_warning_at_its_spreadsheet_cell_and_an_error_with_strict(tmp_path):
    deck = make_deck(tmp_path, [("Fine", "plain"), ("Dice", "Roll 🎲 now")])
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "cards.csv:3:2: warning [L011]" in result.output  # the cell, as a spreadsheet shows it
    assert "'🎲' (U+1F3B2 GAME DIE)" in result.output
    assert "House Sans, DejaVu Sans" in result.output
    strict = build(deck, tmp_path / "strict", "--strict")
    assert strict.exit_code != 0
    assert "cards.csv:3:2" in strict.output
    assert not (tmp_path / "strict" / "deck" / "deck.pdf").exists()


def test_each_faces_descriptor_gives_the_box_its_file_gives_every_glyph(tmp_path):
    """FontBBox, in thousandths of the em, as the font file's head table says: for a shipped
    face (known from fonts/faces.json) and for the designer's own (read from its file)."""
    layout = LAYOUT.replace("font: House Sans, size: 12pt", "font: DejaVu Sans, size: 12pt")
    deck = make_deck(tmp_path, [("Shipped", "and the designer's own")], layout)
    files = {
        "DejaVuSans": shipped.fonts_dir() / "DejaVuSans.ttf",
        "DejaVuSans-Bold": shipped.fonts_dir() / "DejaVuSans-Bold.ttf",  # the card's bold words
        "HouseSans-Regular": deck / "fonts" / "HouseSans-Regular.ttf",
    }
    with pikepdf.open(built_pdf(deck, tmp_path / "out")) as pdf:
        fonts = {str(f.BaseFont).split("+")[-1]: f for f in pdf.pages[0].Resources.Font.values()}
        boxes = {name: [float(v) for v in f.DescendantFonts[0].FontDescriptor.FontBBox] for name, f in fonts.items()}
    assert set(boxes) == set(files)
    for name, path in files.items():
        head = TTFont(path)["head"]
        expected = [v * 1000 / head.unitsPerEm for v in (head.xMin, head.yMin, head.xMax, head.yMax)]
        assert boxes[name] == pytest.approx(expected, abs=0.0005), name


def test_an_opentype_cff_face_is_embedded_as_opentype(tmp_path):
    layout = LAYOUT.replace("font: House Sans, size: 12pt", "font: Boxes, size: 12pt")
    deck = make_deck(tmp_path, [("Boxes", "text")], layout)
    boxes_cff(deck / "fonts" / "Boxes.otf")
    pdf = built_pdf(deck, tmp_path / "out")
    with pikepdf.open(pdf) as document:
        fonts = {str(f.BaseFont).split("+")[-1]: f for f in document.pages[0].Resources.Font.values()}
        boxes = fonts["Boxes-Regular"].DescendantFonts[0]
        assert str(boxes.Subtype) == "/CIDFontType0"
        program = boxes.FontDescriptor.FontFile3
        assert str(program.Subtype) == "/OpenType"
        assert TTFont(__import__("io").BytesIO(program.read_bytes())).has_key("CFF ")
    with pdfplumber.open(pdf) as document:
        assert "Boxes" in document.pages[0].extract_text()
        title = [c for c in document.pages[0].chars if c["fontname"].endswith("Boxes-Regular")]
        x0, top = min(c["x0"] for c in title), min(c["top"] for c in title)
        x1, bottom = max(c["x1"] for c in title), max(c["bottom"] for c in title)
    # pdfium draws the CFF outlines: one box per letter, each as tall as the font makes it.
    page = pdfium.PdfDocument(str(pdf))[0]
    crop = (x0 - 1, page.get_height() - bottom - 1, page.get_width() - x1 - 1, top - 1)
    ink = _ink(page.render(scale=10, crop=crop).to_pil())
    columns = ink.any(axis=0)
    starts = [k for k in range(1, len(columns)) if columns[k] and not columns[k - 1]]
    heights = [int(ink[:, k + 3].sum()) for k in starts]
    expected = [200 + (ord(c) % 26) * 25 for c in "Boxes"]  # the heights boxes_cff gives the letters
    assert len(heights) == 5
    assert sorted(range(5), key=heights.__getitem__) == sorted(range(5), key=expected.__getitem__)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda path: renamed("DejaVuSans", "Locked", "Regular", path, fs_type=0x0002), "may not be embedded"),
        (lambda path: path.write_bytes(b"\x00\x01\x00\x00" + b"junk" * 50), "not a readable TrueType or OpenType"),
    ],
    ids=["restricted-licence", "damaged"],
)
def test_a_font_that_cannot_be_embedded_is_an_error_naming_its_file(tmp_path, make, expected):
    deck = make_deck(tmp_path, [("A", "b")])
    make(deck / "fonts" / "Bad.ttf")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "fonts/Bad.ttf" in result.output and expected in result.output
    assert "Traceback" not in result.output


def test_a_declared_family_is_used_by_its_own_name(tmp_path):
    deck = make_deck(tmp_path, [("House", "Plain and **bold**.")], LAYOUT.replace("House Sans", "Our Type"))
    with (deck / "game.yaml").open("a") as game:
        game.write("fonts:\n  Our Type: {regular: fonts/HouseSans-Regular.ttf, bold: fonts/HouseSans-Bold.ttf}\n")
    pdf = built_pdf(deck, tmp_path / "out")
    with pdfplumber.open(pdf) as document:
        chars = document.pages[0].chars
    text = "".join(c["text"] for c in chars)
    bold = text.index("bold")
    assert {c["fontname"].split("+")[-1] for c in chars[bold : bold + 4]} == {"HouseSans-Bold"}


def test_a_ligature_is_one_glyph_that_copies_as_its_letters(tmp_path):
    style = TextStyle("DejaVu Sans", 5.0)
    items = fit_text("office affluent", 10, 10, 150, 20, style).items
    operators = text_operators([i for i in items if isinstance(i, Text)], PdfFonts(), PdfInks(RGB).text)
    shown = re.findall(r"<([0-9A-F]{4})>", operators)
    assert len(shown) < len("officeaffluent ")  # "ffi" and "ffl" are one glyph each
    pdf = tmp_path / "ligature.pdf"
    write_pdf([Sheet(170, 40, items)], pdf, "ligature", lambda name: None)
    assert pdfium.PdfDocument(str(pdf))[0].get_textpage().get_text_range().strip() == "office affluent"
    with pdfplumber.open(pdf) as document:
        assert document.pages[0].extract_text() == "office affluent"
