"""A PDF's text read back with pdfium: each page's text, and where each character of it is
drawn and in what colour.

pdfium reads a page in C; pdfplumber and pypdf interpret its content stream in Python. For
the characters of Sliders' 36 sheets pdfplumber takes 3 s, pdfium 0.04 s. Lines, rectangles
and curves are tests/pdf_paths.py's to read; a test that needs a glyph's advance (pdfium's
boxes give its ink) reads it with pdfplumber.
"""

import ctypes
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from tests.pdf_geometry import PT_MM


@dataclass(frozen=True)
class Run:
    """Characters drawn by one text object, in the page's points from its bottom left (as the
    PDF places them): its text, its size as printed (through every transform), and its first
    character's origin, a leading space's if it starts with one."""

    text: str
    size: float
    x: float
    y: float


@dataclass(frozen=True)
class Word:
    """A word as drawn: its text, its first character's font's name (a word is split where the
    font changes only when `words` is asked to, as pdfplumber's are when they carry their font),
    and that character's origin on the baseline, in points from the page's top left."""

    text: str
    font: str
    x: float
    baseline: float


@dataclass(frozen=True)
class Boxed:
    """A character or word as drawn, its box in points from the page's top left. Across, the
    glyphs' ink as pdfium's loose boxes give it, where pdfplumber takes the advance: the same
    to 0.1 mm, a line set to the measure ending a little inside it. Down, pdfminer's em box:
    the size printed, up from the font's descent (pdfium's loose box runs on to the font's
    ascent; pdfium and pdfminer read the descent of Bebas Neue, the rules' headings, 0.07 of
    the size apart, and of Sliders' deed titles 1.2 pt apart). `baseline`, `size` (printed),
    `angle` (anticlockwise in degrees from 0 to 360; 180: upside down) and `colour` (its fill:
    red, green, blue, from 0 to 1) are its first character's."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    baseline: float
    size: float
    angle: float
    colour: tuple[float, float, float]


@dataclass(frozen=True)
class Found:
    """Where one copy of a piece of text starts: its page (from 0), its first character's
    origin on the baseline in mm from the page's top left, and that character's fill colour
    (red, green, blue, from 0 to 1)."""

    page: int
    x: float
    baseline: float
    colour: tuple[float, float, float]


def pages(path: Path) -> Iterator[pdfium.PdfPage]:
    """The PDF's pages in order, the document closed once they are read (or left)."""
    document = pdfium.PdfDocument(path)
    try:
        for number in range(len(document)):
            yield document[number]
    finally:
        document.close()


def page_texts(path: Path) -> list[str]:
    """The text of each page, its lines ended by newlines."""
    return [text(page) for page in pages(path)]


def text(page: pdfium.PdfPage) -> str:
    """The page's text, its lines ended by newlines."""
    return _indexed_text(page.get_textpage()).replace("\r\n", "\n")


def text_in(textpage: pdfium.PdfTextPage, box: tuple[float, float, float, float]) -> str:
    """The text of a rectangle of the page (left, top, right, bottom, in points from its top
    left), lines ended by newlines: the characters whose glyph's box reaches into it, as
    pdfplumber's crop keeps those whose font box does (the two differ by blank space around a
    letter, not by ink). A hyphen that ends a line, which pdfium gives as U+0002 with the
    line's end left out, is put back as printed."""
    left, top, right, bottom = box
    height = textpage.page.get_height()
    text = textpage.get_text_bounded(left, height - bottom, right, height - top)
    return text.replace("\r\n", "\n").replace("\x02", "-\n")


def flat_page_texts(path: Path) -> list[str]:
    """The text of each page, each run of white space in it one space."""
    return [" ".join(text.split()) for text in page_texts(path)]


def found(path: Path, text: str) -> list[Found]:
    """Every copy of `text` on the PDF's pages, in page order and in order on each page."""
    places = []
    for number, page in enumerate(pages(path)):
        height = page.get_height()
        textpage = page.get_textpage()
        page_text = _indexed_text(textpage)
        start = page_text.find(text)
        while start >= 0:
            x, y = _origin(textpage, start)
            places.append(Found(number, x * PT_MM, (height - y) * PT_MM, _fill(textpage, start)))
            start = page_text.find(text, start + 1)
    return places


def text_runs(page: pdfium.PdfPage) -> list[Run]:
    """The page's text, a run for each text object, without its spaces at either end; runs of
    spaces alone are left out."""
    textpage = page.get_textpage()
    drawn: list[tuple[int, list[str]]] = []  # each text object's first character and its characters
    drawn_by = None
    for index in range(textpage.count_chars()):
        if pdfium_c.FPDFText_IsGenerated(textpage.raw, index):
            continue
        text_object = ctypes.cast(pdfium_c.FPDFText_GetTextObject(textpage.raw, index), ctypes.c_void_p).value
        if not drawn or text_object != drawn_by:
            drawn.append((index, []))
            drawn_by = text_object
        drawn[-1][1].append(textpage.get_text_range(index, 1))
    runs = []
    for first, chars in drawn:
        text = "".join(chars).strip()
        if text:
            runs.append(Run(text, printed_size(textpage, first), *_origin(textpage, first)))
    return runs


def page_words(path: Path) -> list[list[Word]]:
    """The words of each page."""
    return [words(page) for page in pages(path)]


def words(page: pdfium.PdfPage, by_font: bool = False) -> list[Word]:
    """The page's words in the order drawn: runs of characters between spaces and line ends
    (those the text draws and those pdfium infers from the gaps between characters), and with
    `by_font` between changes of font too."""
    textpage = page.get_textpage()
    height = page.get_height()
    drawn = []
    for match in re.finditer(r"\S+", _indexed_text(textpage)):
        for start, end in _font_runs(textpage, *match.span()) if by_font else [match.span()]:
            x, y = _origin(textpage, start)
            drawn.append(Word(match.string[start:end], _font(textpage, start), x, height - y))
    return drawn


def chars(page: pdfium.PdfPage) -> list[Boxed]:
    """The characters the page draws, in the order drawn (not the spaces and line ends pdfium
    infers)."""
    textpage = page.get_textpage()
    text = _indexed_text(textpage)
    return [
        _boxed(textpage, text, index, index + 1)
        for index in range(len(text))
        if not pdfium_c.FPDFText_IsGenerated(textpage.raw, index)
    ]


def boxed_words(page: pdfium.PdfPage) -> list[Boxed]:
    """The page's words as `words` finds them, each with the box around its characters'; a
    word broken by a hyphen at a line's end (U+FFFE in pdfium's text of a page, the line's end
    left out) is two, the first ending in that hyphen."""
    textpage = page.get_textpage()
    text = _indexed_text(textpage)
    return [_boxed(textpage, text, *match.span()) for match in re.finditer(r"[^\s\ufffe]+\ufffe?", text)]


def printed_size(textpage: pdfium.PdfTextPage, index: int) -> float:
    """The size in points a character is printed at, whatever way it is turned."""
    matrix = pdfium_c.FS_MATRIX()
    assert pdfium_c.FPDFText_GetMatrix(textpage.raw, index, ctypes.byref(matrix))
    return pdfium_c.FPDFText_GetFontSize(textpage.raw, index) * math.hypot(matrix.c, matrix.d)


def _indexed_text(textpage: pdfium.PdfTextPage) -> str:
    """The page's text, a letter for each of pdfium's characters, so that a letter's index is
    the character's. A letter beyond the Basic Multilingual Plane is two of pdfium's, and
    pdfium may leave a character out of its text: either would shift the indices after it."""
    text = textpage.get_text_range()
    assert len(text) == textpage.count_chars(), "the text's letters are not pdfium's characters"
    return text


def _origin(textpage: pdfium.PdfTextPage, index: int) -> tuple[float, float]:
    x, y = ctypes.c_double(), ctypes.c_double()
    assert pdfium_c.FPDFText_GetCharOrigin(textpage.raw, index, ctypes.byref(x), ctypes.byref(y))
    return x.value, y.value


def _boxed(textpage: pdfium.PdfTextPage, text: str, start: int, end: int) -> Boxed:
    """Characters start to end of the page's text, with the box around their boxes."""
    height = textpage.page.get_height()
    xs, ys = [], []
    for index in range(start, end):
        box = pdfium_c.FS_RECTF()
        assert pdfium_c.FPDFText_GetLooseCharBox(textpage.raw, index, ctypes.byref(box))
        bottom = height - box.bottom
        xs += [box.left, box.right]
        ys += [bottom - printed_size(textpage, index), bottom]
    baseline = height - _origin(textpage, start)[1]
    angle = math.degrees(pdfium_c.FPDFText_GetCharAngle(textpage.raw, start))
    size = printed_size(textpage, start)
    drawn = text[start:end].replace("\ufffe", "-")
    return Boxed(drawn, min(xs), min(ys), max(xs), max(ys), baseline, size, angle, _fill(textpage, start))


def _font_runs(textpage: pdfium.PdfTextPage, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Characters start to end of the page's text, cut where the font changes."""
    for index in range(start + 1, end):
        if _font(textpage, index) != _font(textpage, index - 1):
            yield start, index
            start = index
    yield start, end


def _font(textpage: pdfium.PdfTextPage, index: int) -> str:
    name = ctypes.create_string_buffer(256)
    size = pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, name, len(name), None)
    assert 0 < size <= len(name)
    return name.value.decode()


def _fill(textpage: pdfium.PdfTextPage, index: int) -> tuple[float, float, float]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    assert pdfium_c.FPDFText_GetFillColor(textpage.raw, index, *map(ctypes.byref, (r, g, b, a)))
    return (r.value / 255, g.value / 255, b.value / 255)
