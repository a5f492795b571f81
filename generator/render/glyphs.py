"""Glyph outlines from the faces a Scene names, for SVG: text drawn as paths, so an SVG sheet
and the live preview show the very glyphs the PDF prints (shaped, in any script) whatever
fonts the program showing them has.

The glyphs are the shaped runs' own (by id), at the positions shaping gave them, so outlined
text lands exactly where the PDF's text does. A sheet defines each glyph once and each run
(a word, mostly) once as a group of its glyphs, and places the run wherever it recurs
(run_def); for programs that follow no references, each Text is one path of its own
(outline_path). A picture that should look like text but not be read as text (a cover's
pictures of components) has its Texts made Paths of the same glyphs (outlined).
"""

import hashlib
import io
from functools import cache, lru_cache

from fontTools.pens.basePen import BasePen
from fontTools.pens.recordingPen import DecomposingRecordingPen, RecordingPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont
from msgspec.structs import replace

from generator.layout.scene import Group, Item, Path, Style, Text
from generator.render.numbers import number
from generator.sources.fonts import registered
from generator.text.shaping import shape


@cache
def font_tables(key: str) -> TTFont:
    """The face's own tables, read lazily with fontTools (its outlines), from the
    file's bytes in memory: an open file would be shared with the worker processes forked
    after it was opened, whose reads move one file position under each other (a CFF face's
    outlines then read as garbage).

    A TrueType face's glyphs are named by their ids (glyph00012): the outlines are asked for
    by id, and a composite glyph names its parts by id too, so the glyph names the face
    stores (its `post` table, which fontTools reads whole: a quarter of a small build's
    outlining) are never needed. A CFF face names its outlines itself."""
    font = TTFont(io.BytesIO(registered(key).path.read_bytes()), lazy=True)
    if "glyf" in font:
        font.setGlyphOrder([f"glyph{glyph:05d}" for glyph in range(font["maxp"].numGlyphs)])
    return font


@lru_cache(maxsize=1 << 15)
def _glyph(key: str, glyph: int) -> RecordingPen:
    """The glyph's outline as recorded drawing commands (font units, y up)."""
    font = font_tables(key)
    glyphs = font.getGlyphSet()
    recording = DecomposingRecordingPen(glyphs)  # a composite glyph (an accented letter) as its outlines
    glyphs[font.getGlyphName(glyph)].draw(recording)
    return recording


@lru_cache(maxsize=1 << 14)
def glyph_path(face: str, glyph: int, size: float) -> str:
    """SVG path data (mm) of a glyph at `size` mm, its origin on the baseline at (0, 0)."""
    pen = SVGPathPen(None, ntos=number)
    scale = size / registered(face).units_per_em
    _glyph(face, glyph).replay(TransformPen(pen, (scale, 0, 0, -scale, 0, 0)))
    return pen.getCommands()


def glyph_id(face: str, glyph: int, size: float) -> str:
    """A glyph's name in a sheet's defs: from what it is, so every sheet names it the same."""
    return _name("g", (face, glyph, size))


@lru_cache(maxsize=1 << 14)
def run_def(key: tuple[str, str, bool, str], size: float) -> tuple[str, tuple[tuple[str, int, float], ...]]:
    """A shaped run (by its key) at `size` mm as a group of its glyphs, its pen starting at the
    origin on the baseline: defined once per sheet, placed wherever the run recurs; and the
    glyphs (face, id, size) it places, which the sheet defines once each."""
    shaped = shape(*key)
    uses, glyphs = [], []
    x = 0.0
    moves = shaped.offsets or ((0.0, 0.0),) * len(shaped.glyphs)
    for glyph, advance, (dx, dy) in zip(shaped.glyphs, shaped.advances, moves, strict=True):
        if glyph_path(shaped.face, glyph, size):  # a space draws nothing
            y = f' y="{number(-dy * size)}"' if dy else ""
            uses.append(f'<use href="#{glyph_id(shaped.face, glyph, size)}" x="{number((x + dx) * size)}"{y}/>')
            glyphs.append((shaped.face, glyph, size))
        x += advance
    return f'<g id="{run_id(key, size)}">{"".join(uses)}</g>', tuple(glyphs)


def run_id(key: tuple[str, str, bool, str], size: float) -> str:
    """A run's name in a sheet's defs: from what it is, so every sheet names it the same."""
    return _name("r", (key, size))


@lru_cache(maxsize=1 << 16)
def _name(prefix: str, what: tuple) -> str:
    return prefix + hashlib.sha1(repr(what).encode()).hexdigest()[:12]


def outline_path(text: Text) -> str:
    """SVG path data (mm) of every glyph of the text, where the PDF draws it."""
    pen = SVGPathPen(None, ntos=number)
    _draw(text, pen)
    return pen.getCommands()


def _draw(text: Text, pen) -> None:
    """Every glyph of the text into `pen`, in mm, y down, where the PDF draws it."""
    for key, glyph, x, y in text.glyphs():
        scale = text.size / registered(key).units_per_em
        _glyph(key, glyph).replay(TransformPen(pen, (scale, 0, 0, -scale, x, y)))


class _CommandPen(BasePen):
    """Scene Path commands (M, L, C, Z) of what is drawn into it; quadratic curves made cubic."""

    def __init__(self) -> None:
        super().__init__(None)
        self.commands: list[tuple] = []

    def _moveTo(self, pt: tuple[float, float]) -> None:  # noqa: N802 (fontTools' names)
        self.commands.append(("M", *_rounded(pt)))

    def _lineTo(self, pt: tuple[float, float]) -> None:  # noqa: N802
        self.commands.append(("L", *_rounded(pt)))

    def _curveToOne(self, p1, p2, p3) -> None:  # noqa: N802
        self.commands.append(("C", *_rounded(p1), *_rounded(p2), *_rounded(p3)))

    def _closePath(self) -> None:  # noqa: N802
        self.commands.append(("Z",))


def _rounded(point: tuple[float, float]) -> tuple[float, float]:
    return round(point[0], 4), round(point[1], 4)


def outlined(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """The items with every Text (in groups too) replaced by a Path of its glyphs in its colour,
    drawn where the Text's glyphs are: the same picture, with no text a reader copies or finds."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            out.append(replace(item, items=outlined(item.items)))
        elif isinstance(item, Text):
            pen = _CommandPen()
            _draw(item, pen)
            if pen.commands:
                out.append(Path(tuple(pen.commands), Style(fill=item.colour)))
        else:
            out.append(item)
    return tuple(out)
