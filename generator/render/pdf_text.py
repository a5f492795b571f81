"""Shaped text in a PDF: glyphs by id, in the faces they were shaped in, embedded as subsets.

reportlab sets text by character, which cannot draw what shaping makes (an Arabic letter's
joined form, a ligature, a mark moved onto its letter), so the text of a Scene is written here:
each face a Type0 font with Identity-H encoding, whose character ids are the face's glyph ids,
its program a subset holding only the glyphs drawn (HarfBuzz's subsetter keeps their ids), its
widths the face's own. A ToUnicode map gives each glyph the characters it stands for, so copying or
searching a word in a viewer gives the word. A right-to-left run's glyphs are written in the
order they are drawn, left to right, which viewers read back in reading order (pdfium runs the
bidi algorithm over each run); an ActualText span would say the same, but pdfium then gives
the run's letters reversed.
"""

import hashlib
from collections.abc import Callable
from functools import lru_cache

import uharfbuzz as hb
from msgspec import Struct, field
from reportlab.pdfbase import pdfdoc

from generator.layout.scene import Text
from generator.render.numbers import number
from generator.sources.errors import SourceError, display_path
from generator.sources.fonts import Face, registered
from generator.text.shaping import Shaped, glyph_advance, italic_angle

#: Glyph widths and moves are written in thousandths of the em, to 3 decimals.
_EM = 1000


def _hex_utf16(text: str) -> str:
    return text.encode("utf-16-be").hex().upper()


class _Used(Struct):
    """One face's use in a document: its resource name, and each glyph drawn with the
    characters it stands for (the first seen)."""

    name: str
    face: Face
    glyphs: dict[int, str] = field(default_factory=dict)


class PdfFonts:
    """The faces a document's text uses, written into it when it is saved (reportlab calls
    `addObjects` then, as it does for its own fonts)."""

    def __init__(self) -> None:
        self.used: dict[str, _Used] = {}
        #: Each run noted, with its face's resource name and its glyphs as a TJ array holds
        #: them: a deck draws the same words again and again, and a run noted once costs a
        #: look-up after.
        self.seen: dict[tuple[str, str, bool, str], tuple[str, str]] = {}
        self.added = False
        #: While a page is recorded (generator/render/pdf.py's DrawnPage): each run drawn
        #: on it, once, in the order first drawn.
        self.recorded: dict[tuple[str, str, bool, str], None] | None = None

    def use(self, shaped: Shaped) -> tuple[str, str]:
        """The resource name of the run's face and the run's glyphs as a TJ array holds them,
        for drawing the run (noted once per run of a document)."""
        key = shaped.key
        if self.recorded is not None:
            self.recorded[key] = None
        drawn = self.seen.get(key)
        if drawn is None:
            drawn = self.seen[key] = self.note(shaped), _glyphs(shaped)
        return drawn

    def note(self, shaped: Shaped) -> str:
        """The resource name of the run's face, noting what each glyph of the run stands for:
        all that a page written again as it was drawn (generator/render/pdf.py's replay)
        needs of its runs, whose glyphs its content holds already."""
        used = self.used.get(shaped.face)
        if used is None:
            used = self.used[shaped.face] = _Used(f"CS{len(self.used) + 1}", registered(shaped.face))
        glyphs = used.glyphs
        for k, glyph in enumerate(shaped.glyphs):
            if not glyphs.get(glyph):
                glyphs[glyph] = shaped.cluster_text(k)
        return used.name

    def attach(self, doc: pdfdoc.PDFDocument) -> None:
        if not self.added:
            doc.delayedFonts.append(self)
            self.added = True

    def addObjects(self, doc: pdfdoc.PDFDocument) -> None:  # noqa: N802 (reportlab's name)
        fonts = doc.idToObject[pdfdoc.BasicFonts].dict
        for used in self.used.values():
            fonts[used.name] = doc.Reference(_type0(doc, used), f"cutsheetFont:{used.name}")


def text_operators(texts: list[Text], fonts: PdfFonts, fill: Callable[[str], str]) -> str:
    """The content-stream operators that draw the texts (one text object), in a page whose
    user space is millimetres with y down; `fill` gives the operator setting a colour. A
    Text's runs in one face share one TJ array, the space between them a number in it."""
    out = ["BT"]
    font, size, colour = "", 0.0, ""
    use = fonts.use
    for item in texts:
        if item.colour != colour:
            out.append(fill(item.colour))
            colour = item.colour
        array: list[str] = []
        pen = 0.0
        left, item_size = item.x, item.size
        for offset, shaped in item.runs:
            if not shaped.glyphs:
                continue
            name, glyphs = use(shaped)
            x = left + offset
            if shaped.offsets is not None or name != font or item_size != size or not array:
                _close(out, array)
                if name != font or item_size != size:
                    out.append(f"/{name} {item_size:.6f} Tf")
                    font, size = name, item_size
                if shaped.offsets is not None:
                    out.append(_placed(shaped, x, item.y, item_size))
                    continue
                array.append(f"1 0 0 -1 {number(x)} {number(item.y)} Tm [")
            else:
                move = (pen - x) / item_size * _EM
                if abs(move) >= 0.0005:
                    array.append(number(move))
            array.append(glyphs)
            pen = x + shaped.width * item_size
        _close(out, array)
    out.append("ET")
    return "\n".join(out)


def _close(out: list[str], array: list[str]) -> None:
    if array:
        out.append("".join(array) + "] TJ")
        array.clear()


@lru_cache(maxsize=1 << 16)
def _glyphs(shaped: Shaped) -> str:
    """A run's glyphs as the inside of a TJ array, left to right: each glyph id, then the
    number that turns the glyph's own width into its shaped advance. The same wherever the
    run is drawn, so it is worked out once per run for all the documents of a build (a
    document notes it once, PdfFonts.use)."""
    parts = []
    for glyph, advance in zip(shaped.glyphs, shaped.advances, strict=True):
        parts.append(f"<{glyph:04X}>")
        move = round(glyph_advance(shaped.face, glyph) * _EM, 3) - advance * _EM
        if abs(move) >= 0.0005:
            parts.append(number(move))
    return "".join(parts)


def _placed(shaped: Shaped, x: float, y: float, size: float) -> str:
    """A run whose glyphs are moved off their pen positions (marks on their letters): each
    glyph placed by a text matrix of its own."""
    assert shaped.offsets is not None
    parts = []
    pen = x
    for glyph, advance, (dx, dy) in zip(shaped.glyphs, shaped.advances, shaped.offsets, strict=True):
        parts.append(f"1 0 0 -1 {number(pen + dx * size)} {number(y - dy * size)} Tm <{glyph:04X}> Tj")
        pen += advance * size
    return "\n".join(parts)


# ---- the font objects --------------------------------------------------------------------------


#: Tables a PDF draws nothing from (the text is shaped already): left out of every subset.
_UNUSED = ("GSUB", "GPOS", "GDEF", "kern", "DSIG", "BASE", "JSTF", "MATH", "morx", "feat", "Silt", "FFTM")


def _subset(face: Face, glyphs: list[int]) -> bytes:
    """The face with only these glyphs (and .notdef), each keeping its id: HarfBuzz's
    subsetter, which keeps TrueType and CFF outlines alike."""
    options = hb.SubsetInput()
    options.glyph_set.update([0, *glyphs])
    options.flags = hb.SubsetFlags.RETAIN_GIDS | hb.SubsetFlags.NO_HINTING | hb.SubsetFlags.NOTDEF_OUTLINE
    for tag in _UNUSED:
        options.drop_table_tag_set.add(int.from_bytes(tag.encode("ascii"), "big"))
    subset = hb.subset(hb.Face(hb.Blob(face.path.read_bytes())), options)
    if subset is None:
        raise SourceError(None, f"font file {display_path(face.path)} could not be subset to embed it")
    return bytes(subset.blob.data)


def _tag(face: Face, glyphs: list[int]) -> str:
    """The subset's six-letter tag, from what it holds (the same glyphs give the same tag)."""
    digest = hashlib.sha256(f"{face.digest}:{glyphs}".encode()).digest()
    return "".join(chr(ord("A") + byte % 26) for byte in digest[:6])


def _type0(doc: pdfdoc.PDFDocument, used: _Used) -> pdfdoc.PDFDictionary:
    face = used.face
    glyphs = sorted(used.glyphs)
    base = f"{_tag(face, glyphs)}+{face.postscript_name}"
    program = _subset(face, glyphs)
    stream = pdfdoc.PDFStream(content=program)
    if doc.compression:
        stream.filters = [pdfdoc.PDFZCompress]
    truetype = face.outlines == "TrueType"
    if truetype:
        stream.dictionary["Length1"] = len(program)
    else:
        stream.dictionary["Subtype"] = pdfdoc.PDFName("OpenType")
    descriptor = pdfdoc.PDFDictionary(
        {
            "Type": pdfdoc.PDFName("FontDescriptor"),
            "FontName": pdfdoc.PDFName(base),
            "Flags": 4 | (64 if face.italic else 0),
            "FontBBox": pdfdoc.PDFArray([number(v) for v in _bbox(face)]),
            "ItalicAngle": number(italic_angle(face.key)),
            "Ascent": number(face.ascent * _EM),
            "Descent": number(-face.descent * _EM),
            "CapHeight": number(face.ascent * _EM),
            "StemV": 80,
            "FontFile2" if truetype else "FontFile3": doc.Reference(stream, f"cutsheetFontFile:{used.name}"),
        }
    )
    cid_font = pdfdoc.PDFDictionary(
        {
            "Type": pdfdoc.PDFName("Font"),
            "Subtype": pdfdoc.PDFName("CIDFontType2" if truetype else "CIDFontType0"),
            "BaseFont": pdfdoc.PDFName(base),
            "CIDSystemInfo": pdfdoc.PDFDictionary(
                {"Registry": pdfdoc.PDFString("Adobe"), "Ordering": pdfdoc.PDFString("Identity"), "Supplement": 0}
            ),
            "FontDescriptor": doc.Reference(descriptor, f"cutsheetFontDescriptor:{used.name}"),
            "W": pdfdoc.PDFArray(_widths(face, glyphs)),
        }
    )
    if truetype:
        cid_font.dict["CIDToGIDMap"] = pdfdoc.PDFName("Identity")
    unicode_map = pdfdoc.PDFStream(content=_to_unicode(base, used.glyphs).encode("ascii"))
    if doc.compression:
        unicode_map.filters = [pdfdoc.PDFZCompress]
    return pdfdoc.PDFDictionary(
        {
            "Type": pdfdoc.PDFName("Font"),
            "Subtype": pdfdoc.PDFName("Type0"),
            "BaseFont": pdfdoc.PDFName(base),
            "Encoding": pdfdoc.PDFName("Identity-H"),
            "DescendantFonts": pdfdoc.PDFArray([doc.Reference(cid_font, f"cutsheetCIDFont:{used.name}")]),
            "ToUnicode": doc.Reference(unicode_map, f"cutsheetToUnicode:{used.name}"),
        }
    )


def _bbox(face: Face) -> tuple[float, float, float, float]:
    scale = _EM / face.units_per_em
    x_min, y_min, x_max, y_max = face.bbox
    return x_min * scale, y_min * scale, x_max * scale, y_max * scale


def _widths(face: Face, glyphs: list[int]) -> list:
    """The W array: each glyph id and its own width."""
    out: list = []
    for glyph in glyphs:
        width = pdfdoc.PDFArray([number(round(glyph_advance(face.key, glyph) * _EM, 3))])
        out += [glyph, width]
    return out


def _to_unicode(base: str, glyphs: dict[int, str]) -> str:
    """A ToUnicode CMap: each glyph id (2 bytes) to the UTF-16 of the characters it stands for."""
    mapped = [(glyph, text) for glyph, text in sorted(glyphs.items()) if text]
    lines = [
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        f"/CMapName /{base.replace('+', '-')}-UCS def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        "<0000> <FFFF>",
        "endcodespacerange",
    ]
    for start in range(0, len(mapped), 100):
        block = mapped[start : start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{glyph:04X}> <{_hex_utf16(text)}>" for glyph, text in block]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines) + "\n"
