"""Fonts as sources: the shipped faces, a game's own `fonts/` folder and game.yaml's `fonts:`.

A face is found by the names inside its file (read with fontTools), never by its file name:
a layout says `font: STIXGeneral` (a family: bold and italic text in it takes the family's
bold and italic faces) or `font: DejaVuSans-Bold` (one face, by its PostScript name). game.yaml
may also declare a family under a name of its own:

    fonts:
      House: {regular: fonts/House.otf, bold: fonts/House-Bold.otf, italic: ..., bold_italic: ...}

Every face is embedded in the print file, so a face whose licence bits forbid embedding (OS/2
fsType "restricted licence", or "bitmap embedding only") is an error naming its file, and so
is a file that is no TrueType or OpenType font, or one without outlines to draw. Faces are
registered by key (their PostScript name, made unique when two files share one) in this
process, so the layout, the writers and the preview all find a Scene's faces by that key.
"""

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType

from msgspec import Struct, field
from msgspec.structs import asdict, replace

from generator import shipped
from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.frozen import LocMap
from generator.sources.paths import confined

#: The font files a folder may hold, by suffix.
FONT_SUFFIXES = (".ttf", ".otf")
#: A font file larger than this is refused before it is read (the largest CJK faces are ~20 MB).
MAX_FONT_BYTES = 64 * 1024 * 1024
#: At most this many font files are read from a game's fonts/ folder.
MAX_FONT_FILES = 256
#: game.yaml's keys for a declared family's faces: (bold, italic) of each.
STYLES = {"regular": (False, False), "bold": (True, False), "italic": (False, True), "bold_italic": (True, True)}
#: OS/2 fsType: the embedding-permission nibble's "restricted licence" value, and "bitmap only".
_RESTRICTED = 0x0002
_BITMAP_ONLY = 0x0200


class Face(Struct, frozen=True):
    """One font file's face: what layouts call it, and the metrics text is set with."""

    key: str
    path: Path
    family: str
    #: The style as the font names it ("Bold Italic", "Book").
    style: str
    bold: bool
    italic: bool
    units_per_em: int
    #: Above and below the baseline, as fractions of the em (OS/2 typographic metrics).
    ascent: float
    descent: float
    #: The file's content hash: a changed font lays its text out again.
    digest: str
    #: "TrueType" (glyf outlines) or "OpenType" (CFF outlines).
    outlines: str
    #: The box every glyph fits in (its head table's xMin, yMin, xMax, yMax), in font units:
    #: what the PDF's font descriptor says, known without reading the file's tables again.
    bbox: tuple[int, int, int, int]

    @property
    def postscript_name(self) -> str:
        return self.key.split("~")[0]


#: Every face read in this process, by key: what a Scene's text names.
_REGISTERED: dict[str, Face] = {}


def registered(key: str) -> Face:
    """The face a Scene names (a game's faces are registered when its fonts are read, the
    shipped ones when first needed)."""
    if key not in _REGISTERED:
        shipped_faces()  # the shipped faces are read the first time any is asked for
    try:
        return _REGISTERED[key]
    except KeyError:
        raise KeyError(f"font {key!r} was never read: read the game's fonts first (font_book)") from None


def _register(face: Face) -> Face:
    known = _REGISTERED.get(face.key)
    if known is None:
        _REGISTERED[face.key] = face
        return face
    if known.digest == face.digest:
        return known
    # Another file with the same PostScript name: its key says which file it is.
    unique = replace(face, key=f"{face.postscript_name}~{face.digest[:10]}")
    return _REGISTERED.setdefault(unique.key, unique)


def read_face(path: Path, loc: Loc | None = None) -> Face:
    """The face in a font file (its first, in a collection), registered; SourceError at `loc`
    (or at the file) for a file that is no usable font. Read again only when the file changed."""
    stat = path.stat()
    return _read_face(path, stat.st_mtime_ns, stat.st_size, loc)


@cache
def _read_face(path: Path, modified: int, size: int, loc: Loc | None) -> Face:
    place = loc or Loc(display_path(path), 1, 1)
    shown = display_path(path)
    if size > MAX_FONT_BYTES:
        raise SourceError(place, f"font file {shown} is {size // 2**20} MB: at most {MAX_FONT_BYTES // 2**20} MB")
    data = path.read_bytes()
    font = _parsed(data, shown, place)
    _check_embeddable(font, shown, place)
    return _register(_face_of(font, path, hashlib.sha256(data).hexdigest()))


def _parsed(data: bytes, shown: str, place: Loc):
    """The font's tables, read eagerly so that a damaged table is found here, at its place."""
    import io

    from fontTools.ttLib import TTFont

    try:
        font = TTFont(io.BytesIO(data), fontNumber=0)
        for tag in ("head", "hhea", "name", "maxp"):
            font[tag]
        if "cmap" not in font:  # read by HarfBuzz, not here: fontTools would name every glyph first
            raise ValueError("it has no character map (cmap)")
        return font
    except Exception as exc:  # fontTools raises many kinds of error on a damaged file
        what = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SourceError(place, f"font file {shown} is not a readable TrueType or OpenType font ({what})") from None


def _check_embeddable(font, shown: str, place: Loc) -> None:
    if "glyf" not in font and "CFF " not in font:
        kind = "variable CFF2 outlines, which PDF cannot embed" if "CFF2" in font else "no outlines to draw"
        raise SourceError(place, f"font file {shown} has {kind}: use a TrueType or OpenType (CFF) font")
    fs_type = font["OS/2"].fsType if "OS/2" in font else 0
    if fs_type & 0x000F == _RESTRICTED or fs_type & _BITMAP_ONLY:
        why = "restricted licence embedding" if fs_type & 0x000F == _RESTRICTED else "bitmap embedding only"
        raise SourceError(
            place,
            f"font file {shown} may not be embedded (its licence bits, OS/2 fsType {fs_type:#06x}, say {why}); "
            "a print file must embed its fonts: choose a font whose licence allows embedding",
        )


def _face_of(font, path: Path, digest: str) -> Face:
    names = font["name"]
    family = names.getBestFamilyName() or path.stem
    style = names.getBestSubFamilyName() or "Regular"
    postscript = (names.getDebugName(6) or path.stem).replace(" ", "")
    head = font["head"]
    os2 = font["OS/2"] if "OS/2" in font else None
    selection = os2.fsSelection if os2 is not None else 0
    bold = bool(selection & 0x20) or bool(head.macStyle & 0x01) or (os2 is not None and os2.usWeightClass >= 600)
    italic = bool(selection & 0x201) or bool(head.macStyle & 0x02)
    em = head.unitsPerEm
    ascent, descent = (os2.sTypoAscender, os2.sTypoDescender) if os2 is not None else (head.yMax, head.yMin)
    outlines = "TrueType" if "glyf" in font else "OpenType"
    bbox = (head.xMin, head.yMin, head.xMax, head.yMax)
    return Face(postscript, path, family, style, bold, italic, em, ascent / em, -descent / em, digest, outlines, bbox)


class FontBook(Struct, frozen=True, eq=False):
    """The faces a game's text may name: its own (declared families, then its fonts/ folder),
    then the shipped ones. A name is a family (or a declared one) or one face's PostScript name."""

    #: Family name -> its faces by (bold, italic).
    families: Mapping[str, Mapping[tuple[bool, bool], Face]]
    #: PostScript name -> face.
    faces: Mapping[str, Face]
    #: What the game's own faces hash to (for caches), each by its file's content and the key
    #: this process knows it by: empty for the shipped faces alone. The key counts as a scene
    #: names its face by it, and a file read again after it was replaced (a live preview's)
    #: takes a key of its own, which a build in another process does not know.
    digest: str = ""
    #: The game's own font files (a live preview watches them).
    files: tuple[Path, ...] = field(default=())

    def names(self) -> list[str]:
        return sorted({*self.families, *self.faces})

    def face(self, name: str, loc: Loc | None, bold: bool = False, italic: bool = False) -> Face:
        """The face `name` gives for text of that style: a family's face for it (the nearest
        one the family has); for a face named by its PostScript name, that face, or its
        family's face with that style added (bold words in a regular face's text); SourceError
        at `loc` for a name no font has."""
        if name in self.faces:  # one face: bold text in a bold face stays in it
            named = self.faces[name]
            bold, italic = bold or named.bold, italic or named.italic
            if (bold, italic) == (named.bold, named.italic):
                return named
            return _nearest(self.families.get(named.family, {}), bold, italic) or named
        faces = self.families.get(name)
        if faces is None:
            raise SourceError(loc, f"unknown font {name!r} (expected a family or face of: {', '.join(self.names())})")
        found = _nearest(faces, bold, italic)
        assert found is not None  # a family is only listed with a face
        return found


def _nearest(faces: Mapping[tuple[bool, bool], Face], bold: bool, italic: bool) -> Face | None:
    """The face for that style; without it, the one that keeps the most of it (italic before
    bold, as a missing bold changes less of a word's shape than a missing italic)."""
    for wanted in ((bold, italic), (False, italic), (bold, False), (False, False)):
        if wanted in faces:
            return faces[wanted]
    return next(iter(faces.values()), None)


def _book(faces: list[Face], declared: Mapping[str, Mapping[tuple[bool, bool], Face]]) -> dict:
    families: dict[str, dict[tuple[bool, bool], Face]] = {}
    by_name: dict[str, Face] = {}
    for face in faces:
        families.setdefault(face.family, {}).setdefault((face.bold, face.italic), face)
        by_name.setdefault(face.postscript_name, face)
    for name, styles in declared.items():
        families[name] = dict(styles)
    return {"families": MappingProxyType(families), "faces": MappingProxyType(by_name)}


#: What the shipped faces' files hold (face_index), beside them: read instead of the files, so
#: a process reads no shipped font until it sets or embeds text in it. A file missing from it,
#: or of another size than it says, is read as any font is.
SHIPPED_INDEX = "faces.json"


def face_index(faces: Sequence[Face]) -> dict[str, dict]:
    """The faces as SHIPPED_INDEX holds them: by file name, every field but the path, and
    the file's size in bytes. After a shipped font changes, the index is written again as
    json.dumps(face_index(faces), indent=1, sort_keys=True), the faces read with read_face."""
    return {
        face.path.name: {
            **{name: value for name, value in asdict(face).items() if name != "path"},
            "bytes": face.path.stat().st_size,
        }
        for face in faces
    }


@cache
def shipped_faces() -> tuple[Face, ...]:
    """The faces cutsheet ships, in file-name order: from SHIPPED_INDEX where it holds the file."""
    folder = shipped.fonts_dir()
    index = folder / SHIPPED_INDEX
    known = json.loads(index.read_text(encoding="utf-8")) if index.is_file() else {}
    faces = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in FONT_SUFFIXES:
            continue
        entry = dict(known.get(path.name, {}))
        if entry.pop("bytes", None) == path.stat().st_size:
            faces.append(_register(Face(path=path, **{**entry, "bbox": tuple(entry["bbox"])})))
        else:
            faces.append(read_face(path))
    return tuple(faces)


@cache
def shipped_book() -> FontBook:
    """The shipped faces alone: what text outside any game (sheets' margins, covers) is set in."""
    return FontBook(**_book(list(shipped_faces()), {}))


def font_book(folder: Path, declared: LocMap | None = None) -> FontBook:
    """A game's faces: game.yaml's `fonts:` families (`declared`), the files of its fonts/
    folder, then the shipped faces (a game's own face wins a name they share)."""
    own = _folder_faces(folder)
    families = {name: _declared_family(folder, name, spec) for name, spec in (declared or {}).items()}
    files = tuple(sorted({face.path for face in own} | {f.path for fam in families.values() for f in fam.values()}))
    if not files:
        return shipped_book()
    faces = [read_face(path) for path in files]
    digest = hashlib.sha256("".join(f"{face.key}={face.digest};" for face in faces).encode()).hexdigest()
    return FontBook(**_book([*own, *shipped_faces()], families), digest=digest, files=files)


def _folder_faces(folder: Path) -> list[Face]:
    fonts = folder / "fonts"
    if not fonts.is_dir():
        return []
    paths = sorted(p for p in fonts.iterdir() if p.suffix.lower() in FONT_SUFFIXES)
    if len(paths) > MAX_FONT_FILES:
        raise SourceError(Loc(display_path(fonts), 1, 1), f"fonts/ holds {len(paths)} fonts: at most {MAX_FONT_FILES}")
    out = []
    for path in paths:
        inside = confined(folder, f"fonts/{path.name}", Loc(display_path(path), 1, 1), "font file")
        out.append(read_face(inside))
    return out


def _declared_family(folder: Path, name: str, spec: LocMap) -> dict[tuple[bool, bool], Face]:
    faces = {}
    for style, key in STYLES.items():
        if style in spec:
            loc = spec.loc_of(style)
            path = confined(folder, spec[style], loc, "font file")
            if not path.is_file():
                raise SourceError(loc, f"font file {spec[style]!r} not found")
            faces[key] = read_face(path, loc)
    return faces
