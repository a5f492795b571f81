"""Art files for `image` elements: read once, checked, and normalised for the writers.

A raster (PNG, JPEG, WebP) is opened with Pillow: EXIF orientation applied, CMYK and
palette images turned into RGB (alpha kept). SVG art is parsed with defusedxml, so a file
declaring entities or a DTD is refused, as is one that refers to anything outside itself (an
external href, a `url(...)` that is not `#id` or `data:`, a stylesheet import, CSS escapes
included); it stays vector in every writer.

What would make a writer choke, or memory grow with the input, is refused before anything
is drawn: a file over MAX_FILE_BYTES (MAX_SVG_BYTES for SVG), a raster of more than
MAX_PIXELS (read from its header, before decoding), an SVG whose viewBox is not four
numbers of sane size, SVG art whose `<use>` elements would draw more copies than svglib
draws (a use of a group of uses, nested, grows as a power), and a picture embedded in SVG
art (a `data:` URI) that is not a raster passing the same checks.
"""

import base64
import binascii
import hashlib
import io
import logging
import math
import re
import struct
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING
from xml.etree import ElementTree

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException
from msgspec import Struct

if TYPE_CHECKING:
    from PIL.Image import Image as PilImage

#: Raster formats an image element takes, as Pillow names them.
RASTER_FORMATS = ("PNG", "JPEG", "WEBP")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Where Pillow finds a PNG's orientation: its EXIF chunk, or a text chunk under one of
#: these keywords (EXIF, as it stands or as hex, or XMP).
_PNG_TEXT = (b"tEXt", b"zTXt", b"iTXt")
_PNG_ORIENTING_KEYWORDS = (b"exif", b"Raw profile type exif", b"xmp", b"XML:com.adobe.xmp")
#: The EXIF orientation tag, and its values that turn a picture a quarter.
_ORIENTATION = 0x0112
_TURNED = (5, 6, 7, 8)
_XLINK = "{http://www.w3.org/1999/xlink}href"
#: The largest raster file read, and the largest SVG file: a print-ready card picture at
#: 600 dpi is a few MB; a whole board as one picture stays well under these.
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_SVG_BYTES = 16 * 1024 * 1024
#: The most pixels a raster may have (a 40 x 40 cm board at 500 dpi), read from its header:
#: decoded, it takes four bytes a pixel.
MAX_PIXELS = 64_000_000
#: The range of an SVG viewBox's numbers: past it, the writers' arithmetic overflows or
#: the picture is too small to draw.
VIEWBOX_RANGE = (1e-3, 1e7)
_REFERENCE = re.compile(r"@import|url\(\s*['\"]?\s*(?!#|data:)", re.IGNORECASE)
_DATA_URI = re.compile(r"^data:([^;,]*)((?:;[^;,]*)*),(.*)$", re.DOTALL)
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?|\\(.)", re.DOTALL)
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


class ArtError(Exception):
    """An art file that cannot be used; the message says why, without a place (the caller has it)."""


class Art(Struct, frozen=True):
    """One usable art file: where it is, a digest of its content, its natural size and, for a
    raster, its pixel size (None for SVG art, which has no resolution)."""

    path: Path
    digest: str
    width: float
    height: float
    vector: bool

    @property
    def pixels(self) -> tuple[int, int] | None:
        return None if self.vector else (int(self.width), int(self.height))


def read_art(path: Path) -> Art:
    """The art at `path` (which exists), or ArtError saying what is wrong with it; read once
    per process for each version of the file."""
    stat = path.stat()
    limit = MAX_SVG_BYTES if path.suffix.lower() == ".svg" else MAX_FILE_BYTES
    if stat.st_size > limit:
        raise ArtError(f"is {stat.st_size / 2**20:.0f} MB: art files may be at most {limit // 2**20} MB")
    return _read(path, stat.st_mtime_ns, stat.st_size)


@cache
def _read(path: Path, mtime: int, size: int) -> Art:
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if path.suffix.lower() == ".svg":
        root = _svg_document(data)
        width, height = _svg_size(root)
        _check_drawable(path, root)
        return Art(path, digest, width, height, True)
    with _opened(io.BytesIO(data)) as image:
        width, height = image.size
        png = image.format == "PNG"
        # Decoded once to find damage: in a PNG, deflated data that does not inflate,
        # which the checksums below cannot find. A PNG whose pixels inflate whole is not.
        if not (png and _inflates_whole(data)):
            _checked(image.load)
        if _orientation_unread(image, data) in _TURNED:
            width, height = height, width
    if png:  # the checksums of a PNG's chunks, which decoding does not check
        with _opened(io.BytesIO(data)) as image:
            _checked(image.verify)
    return Art(path, digest, width, height, False)


#: The samples a pixel has in the PNG colour types whose pixels are their own values: grey,
#: RGB, grey and alpha, RGBA (a palette picture's are indexes, which Pillow decodes).
_PNG_SAMPLES = {0: 1, 2: 3, 4: 2, 6: 4}
#: The row filters PNG defines: none, sub, up, average, Paeth.
_PNG_FILTERS = 5


def _inflates_whole(data: bytes) -> bool:
    """Whether a PNG's pixel data is sound as far as decoding it would find: its chunks
    whole, its IDAT chunks in one run, which inflate (their checksum included) to exactly the
    rows its header gives, each row opening with a filter PNG defines. libdeflate inflates
    card art in a third of the time Pillow takes to decode it, and nothing more of the pixels
    of a grey or RGB picture (with or without alpha) can fail Pillow's decoder. False for
    anything else (a palette or interlaced picture, a chunk cut short, a stream that does not
    inflate): Pillow then decodes the picture, and its error says what is wrong."""
    import deflate

    chunks = list(_png_chunks(data))
    kinds = [kind for kind, _ in chunks]
    whole = len(_PNG_SIGNATURE) + sum(12 + len(body) for _, body in chunks) == len(data)
    if not whole or kinds[:1] != [b"IHDR"] or len(chunks[0][1]) != 13 or b"IDAT" not in kinds:
        return False
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    first = kinds.index(b"IDAT")
    run = [body for kind, body in chunks[first:] if kind == b"IDAT"]
    if kinds[first : first + len(run)] != [b"IDAT"] * len(run):
        return False
    # Up to 8 bits a sample, the rows take about the memory of Pillow's decoded picture.
    depths = (1, 2, 4, 8) if colour_type == 0 else (8,)
    if interlace or colour_type not in _PNG_SAMPLES or depth not in depths or not width or not height:
        return False
    stride = 1 + (width * depth * _PNG_SAMPLES[colour_type] + 7) // 8
    try:
        rows = deflate.zlib_decompress(b"".join(run), stride * height)
    except deflate.DeflateError:
        return False
    return len(rows) == stride * height and max(rows[::stride]) < _PNG_FILTERS


def _orientation(image: "PilImage") -> object:
    """The raster's EXIF orientation (1: upright), as Pillow reads it and turns it."""
    try:
        return image.getexif().get(_ORIENTATION, 1)
    except (TypeError, ValueError, SyntaxError, struct.error) as exc:  # metadata Pillow cannot read
        raise ArtError(f"has EXIF or XMP metadata that cannot be read: {exc}") from None


def _checked(read: Callable[[], object]) -> None:
    try:
        read()
    except (OSError, SyntaxError) as exc:
        raise ArtError(f"is damaged: {exc}") from None


@contextmanager
def _opened(path: Path | io.BytesIO) -> Iterator["PilImage"]:
    """The raster opened with Pillow, one of more than MAX_PIXELS, a decompression bomb or
    another format refused (Pillow is imported here: commands that draw nothing do not load it)."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as opened:
                if opened.format not in RASTER_FORMATS:
                    raise ArtError(f"is a {opened.format} image: expected PNG, JPEG, WebP or SVG")
                width, height = opened.size
                if width * height > MAX_PIXELS:
                    raise ArtError(
                        f"is {width} x {height} px: a picture may have at most {MAX_PIXELS / 1e6:.0f} million pixels"
                    )
                yield opened
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ArtError(f"is refused as a decompression bomb: {exc}") from None
    except UnidentifiedImageError:
        raise ArtError("is not an image Pillow can read: expected PNG, JPEG, WebP or SVG") from None
    except OSError as exc:
        raise ArtError(f"cannot be read: {exc}") from None


def raster(path: Path) -> "PilImage":
    """The raster upright, in RGB or RGBA (L/LA for grey), fully decoded."""
    from PIL import ImageOps

    with _opened(path) as opened:
        image = ImageOps.exif_transpose(opened)
        image.load()
    if image.mode in ("L", "LA", "RGB", "RGBA"):
        return image
    has_alpha = image.mode in ("PA", "RGBa", "La") or "transparency" in image.info
    return image.convert("RGBA" if has_alpha else "RGB")


class PngPixels(Struct, frozen=True):
    """A PNG's compressed pixel rows as they stand in the file (zlib with PNG row filters),
    which a PDF takes unchanged: FlateDecode with the PNG predictors."""

    width: int
    height: int
    colours: int
    data: bytes


def png_pixels(path: Path) -> PngPixels | None:
    """The PNG's own pixel data when a PDF can take it unchanged: upright, 8-bit grey or
    RGB, not interlaced, no transparency. None otherwise (the raster is decoded instead)."""
    data = path.read_bytes()
    if not data.startswith(_PNG_SIGNATURE) or _as_is(data) != "image/png":
        return None
    chunks: dict[bytes, list[memoryview]] = {}
    for kind, body in _png_chunks(data):
        chunks.setdefault(kind, []).append(body)
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"][0])
    if depth != 8 or colour_type not in (0, 2) or interlace or b"tRNS" in chunks:
        return None
    return PngPixels(width, height, 3 if colour_type == 2 else 1, b"".join(chunks.get(b"IDAT", [])))


def _png_chunks(data: bytes) -> Iterator[tuple[bytes, memoryview]]:
    """A PNG file's chunks in their order: (type, data), the data uncopied."""
    view = memoryview(data)
    at = len(_PNG_SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, at)
        yield kind, view[at + 8 : at + 8 + length]
        at += 12 + length


def _may_orient(kind: bytes, body: memoryview) -> bool:
    """Whether a PNG chunk is one where Pillow may find an orientation."""
    if kind == b"eXIf":
        return True
    return kind in _PNG_TEXT and bytes(body[:80]).partition(b"\0")[0] in _PNG_ORIENTING_KEYWORDS


def _orientation_unread(image: "PilImage", data: bytes) -> object:
    """The raster's orientation (the file's `data`), as _orientation gives it. Pillow reads a
    PNG's orientation only by decoding the whole picture, as the chunk may follow the pixels
    (15 ms for card art); a PNG with no chunk that could hold one is upright (1) unread."""
    if image.format == "PNG" and not any(_may_orient(*chunk) for chunk in _png_chunks(data)):
        return 1
    return _orientation(image)


def _upright(image: "PilImage", data: bytes) -> bool:
    """Whether the raster (the file's `data`) shows upright as it stands."""
    return _orientation_unread(image, data) == 1


def as_is(path: Path) -> str | None:
    """The MIME type of a raster that every reader shows right as the file stands (an
    upright PNG, or an upright grey or RGB JPEG), else None."""
    return _as_is(path.read_bytes())


def _as_is(data: bytes) -> str | None:
    with _opened(io.BytesIO(data)) as original:
        if original.format == "PNG" and _upright(original, data):
            return "image/png"
        if original.format == "JPEG" and original.mode in ("L", "RGB") and _upright(original, data):
            return "image/jpeg"
    return None


def web_bytes(path: Path) -> tuple[str, bytes]:
    """The raster as a browser and any SVG program shows it: (MIME type, data). A file
    that is right as it stands is itself; anything else (WebP, CMYK, a rotated photo) is
    re-encoded as PNG."""
    data = path.read_bytes()
    mime = _as_is(data)
    if mime is not None:
        return mime, data
    out = io.BytesIO()
    raster(path).save(out, format="PNG", optimize=False)
    return "image/png", out.getvalue()


def svg_root(path: Path) -> ElementTree.Element:
    """The SVG art's root element; ArtError when it declares entities, is no SVG, refers to a
    file or address outside itself, or embeds a picture that is not a usable raster."""
    return _svg_document(path.read_bytes())


def _svg_document(data: bytes) -> ElementTree.Element:
    """svg_root of the file's bytes."""
    try:
        root = SafeET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException:
        raise ArtError("declares a DTD or entities, which SVG art may not (they can read other files)") from None
    except ElementTree.ParseError as exc:
        raise ArtError(f"is not well-formed SVG: {exc}") from None
    if root.tag not in ("{http://www.w3.org/2000/svg}svg", "svg"):
        raise ArtError("is not an SVG image: its root element is not <svg>")
    for element in root.iter():
        href = element.get("href") or element.get(_XLINK)
        if href and href.lstrip().startswith("data:"):
            _check_embedded(href.strip())
        elif href and not href.lstrip().startswith("#"):
            raise ArtError(f"refers to {href!r} outside itself: SVG art must be self-contained")
        texts = [*element.attrib.values(), (element.text or "") if element.tag.endswith("style") else ""]
        if any(_REFERENCE.search(_css_text(text)) for text in texts if text):
            raise ArtError("imports a stylesheet or picture from outside itself: SVG art must be self-contained")
    return root


#: The elements whose children svglib draws (a `<defs>` before the rest, once); it skips
#: any other's (a mask, a pattern, an unknown element).
_DRAWN_WITH_CHILDREN = frozenset(("svg", "g", "a", "symbol", "defs", "clipPath"))


#: What drawing an element draws (_drawn_with): its children, and for a `<use>` the elements
#: it may name (None for any other element).
_Parts = tuple[list[ElementTree.Element], list[ElementTree.Element] | None]


def _check_uses(root: ElementTree.Element, limit: int) -> None:
    """ArtError when drawing the art would make svglib draw more than `limit` `<use>`
    copies, its own bound, which it reaches only after seconds of drawing (a use of a group
    of uses, nested, grows as a power): counted here in one pass over the document.

    The count never exceeds svglib's, so art refused here is art svglib would draw only in
    part. An element draws the copies of the children svglib draws (_DRAWN_WITH_CHILDREN),
    and a `<use>` one more and those of the element it names: of the drawn elements with that
    id, the one with the fewest (svglib takes the last drawn before the use), none when there
    is none, and none for a `<use>` with children of its own (svglib draws its last child
    instead). Worked out once an element, without recursion (art may nest thousands deep); a
    use that leads back into itself counts nothing more, as svglib skips it (and reports it:
    _check_drawable)."""
    named: dict[str, list[ElementTree.Element]] = {}
    for element in _drawn(root):
        if (name := element.get("id")) is not None:
            named.setdefault(name, []).append(element)
    copies: dict[int, int] = {}  # id() of an element -> the copies drawing it draws
    started: set[int] = set()
    # An element, then, once its parts are on the stack above it, the element with its parts.
    stack: list[tuple[ElementTree.Element, _Parts | None]] = [(root, None)]
    while stack:
        element, parts = stack.pop()
        if id(element) in started and parts is None:
            continue  # reached again: counted already, or (leading back into itself) being counted
        if parts is None:
            started.add(id(element))
            parts = _drawn_with(element, named)
            stack.append((element, parts))
            stack.extend((part, None) for part in (*parts[0], *(parts[1] or ())) if id(part) not in started)
            continue
        children, targets = parts
        count = sum(copies.get(id(child), 0) for child in children)
        if targets is not None:
            count += 1 + min((copies.get(id(target), 0) for target in targets), default=0)
        if count > limit:
            raise ArtError(f"would be drawn only in part: its <use> elements would draw more than {limit} copies")
        copies[id(element)] = count


def _local(element: ElementTree.Element) -> str:
    """The element's name without its namespace."""
    return element.tag.rpartition("}")[2]


def _drawn(root: ElementTree.Element) -> Iterator[ElementTree.Element]:
    """Every element svglib draws in place: the root and the children of those it draws
    with their children."""
    stack = [root]
    while stack:
        element = stack.pop()
        yield element
        if _local(element) in _DRAWN_WITH_CHILDREN:
            stack.extend(element)


def _drawn_with(element: ElementTree.Element, named: dict[str, list[ElementTree.Element]]) -> _Parts:
    """What drawing `element` draws: its children, and for a `<use>` the drawn elements it may
    name (none when it has children of its own)."""
    name = _local(element)
    if name in _DRAWN_WITH_CHILDREN:
        return list(element), None
    if name != "use":
        return [], None
    href = (element.get("href") or element.get(_XLINK) or "").strip()
    if len(element) or not href.startswith("#"):
        return [], []
    return [], named.get(href[1:], [])


class _Collected(logging.Handler):
    """The messages a library logs while it is watched."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _check_drawable(path: Path, root: ElementTree.Element) -> None:
    """SVG art drawn once, as the PDF writer draws it (svglib into reportlab), into a PDF
    that is thrown away: art that would stop the writer (a coordinate of 1e308, a matrix
    that flattens everything, a dash pattern of zeros, a length that is no length) or that
    it would draw only in part (a `<use>` that refers to itself, or expands past svglib's
    limit, counted first from `root`, the art's parsed document) is refused here, at the place
    naming it, before anything is written."""
    from reportlab.graphics import renderPDF
    from reportlab.pdfgen.canvas import Canvas
    from svglib import svglib

    _check_uses(root, svglib.MAX_USE_EXPANSIONS)

    watched, collected = logging.getLogger("svglib"), _Collected()
    watched.addHandler(collected)
    try:
        canvas = Canvas(io.BytesIO())
        renderPDF.draw(svglib.svg2rlg(str(path)), canvas, 0, 0)
        canvas.showPage()
        canvas.save()
    except Exception as exc:  # whatever stops svglib or reportlab stops the build the same way
        raise ArtError(f"cannot be drawn: {' '.join(str(exc).split())}") from None
    finally:
        watched.removeHandler(collected)
    partial = [text for text in collected.messages if "<use>" in text or "Circular" in text]
    if partial:
        raise ArtError(f"would be drawn only in part: {partial[0]}")


def _css_text(text: str) -> str:
    """CSS as a browser reads it: comments dropped, escapes such as `@\\69mport` decoded."""

    def unescaped(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return match.group(2)
        code = int(match.group(1), 16)
        return chr(code) if 0 < code < 0x110000 and not 0xD800 <= code < 0xE000 else "\ufffd"

    return _CSS_ESCAPE.sub(unescaped, _CSS_COMMENT.sub("", text))


def _check_embedded(uri: str) -> None:
    """A picture embedded in SVG art: a PNG, JPEG or WebP raster that passes the checks a
    raster file gets (its size, its pixels, its data whole)."""
    match = _DATA_URI.match(uri)
    if match is None:
        raise ArtError("embeds a data: URI that is not one")
    mime, params, payload = match.group(1).lower(), match.group(2).lower(), match.group(3)
    if mime not in ("image/png", "image/jpeg", "image/webp"):
        raise ArtError(f"embeds {mime or 'data'!r}: SVG art may embed PNG, JPEG or WebP pictures only")
    if len(payload) > MAX_FILE_BYTES * 4 // 3 + 4:
        raise ArtError(f"embeds a picture over {MAX_FILE_BYTES // 2**20} MB")
    try:
        data = base64.b64decode("".join(payload.split()), validate=True) if ";base64" in params else b""
    except (binascii.Error, ValueError):
        raise ArtError("embeds a picture whose base64 data is damaged") from None
    if not data:
        raise ArtError("embeds a picture that is not base64 data")
    with _opened(io.BytesIO(data)) as image:
        _checked(image.load)


def _svg_size(root: ElementTree.Element) -> tuple[float, float]:
    """The natural width and height from the viewBox, else from width and height; each
    within VIEWBOX_RANGE, so that no writer overflows or divides by almost nothing."""
    view_box = root.get("viewBox")
    if view_box is not None:
        parts = _numbers(view_box.replace(",", " ").split())
        if parts is None or len(parts) != 4:
            raise ArtError(f"has a viewBox of {view_box[:40]!r}: expected four numbers, min-x min-y width height")
        return _sane(*parts[2:])
    numbers = _numbers([re.sub(r"[a-z%]+$", "", root.get(k, "").strip()) for k in ("width", "height")])
    if numbers is None:
        raise ArtError("has no viewBox and no numeric width and height: its shape is unknown")
    return _sane(*numbers)


def _numbers(texts: list[str]) -> list[float] | None:
    try:
        values = [float(text) for text in texts]
    except ValueError:
        return None
    return values if all(math.isfinite(v) and abs(v) <= VIEWBOX_RANGE[1] for v in values) else None


def _sane(width: float, height: float) -> tuple[float, float]:
    low, high = VIEWBOX_RANGE
    if not (low <= width <= high and low <= height <= high):
        raise ArtError(f"is {width:g} x {height:g} units: each side must be between {low:g} and {high:g}")
    return width, height
