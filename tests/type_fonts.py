"""Fonts a designer might bring, made for the tests with fontTools: shipped faces under a
family name of their own, a small OpenType (CFF) face, one whose licence forbids embedding."""

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont

from generator.sources.fonts import shipped_book


def renamed(face: str, family: str, style: str, out: Path, fs_type: int | None = None) -> Path:
    """The shipped face `face` (a PostScript name) saved at `out` as `family` `style`."""
    font = TTFont(str(shipped_book().face(face, None).path), recalcTimestamp=False)  # the same bytes each time
    postscript = f"{family.replace(' ', '')}-{style.replace(' ', '')}"
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 2, 3, 4, 6, 16, 17):
            names.removeNames(nameID=record.nameID)
    for name_id, value in ((1, family), (2, style), (3, postscript), (4, f"{family} {style}"), (6, postscript)):
        names.setName(value, name_id, 3, 1, 0x409)
    if fs_type is not None:
        font["OS/2"].fsType = fs_type
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return out


def boxes_cff(out: Path, family: str = "Boxes") -> Path:
    """An OpenType font with CFF outlines: each of A-Z, a-z and the space (a box of its own
    height per letter), so a test can tell its glyphs apart in pixels."""
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
    names = [".notdef", "space", *(f"g{ord(c)}" for c in letters)]
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({32: "space", **{ord(c): f"g{ord(c)}" for c in letters}})
    strings = {}
    for name in names:
        pen = T2CharStringPen(600, None)
        if name.startswith("g"):
            height = 200 + (int(name[1:]) % 26) * 25
            pen.moveTo((50, 0))
            pen.lineTo((550, 0))
            pen.lineTo((550, height))
            pen.lineTo((50, height))
            pen.closePath()
        strings[name] = pen.getCharString()
    postscript = family.replace(" ", "") + "-Regular"
    builder.setupCFF(postscript, {"FullName": f"{family} Regular"}, strings, {})
    builder.setupHorizontalMetrics({name: (600, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular", "psName": postscript})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, fsType=0)
    builder.setupPost()
    out.parent.mkdir(parents=True, exist_ok=True)
    builder.save(str(out))
    return out
