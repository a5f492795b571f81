"""Art files for `image` elements: read once, checked, and normalised for the writers.

A raster (PNG, JPEG, WebP) is opened with Pillow: EXIF orientation applied, CMYK and
palette images turned into RGB (alpha kept). A decompression bomb (more pixels than
Pillow's MAX_IMAGE_PIXELS) is refused rather than warned about. SVG art is parsed with
defusedxml, so a file declaring entities or a DTD is refused, as is one that refers to
anything outside itself (an external href, a stylesheet import); it stays vector in every
writer.
"""

import hashlib
import io
import re
import struct
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING
from xml.etree import ElementTree

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

if TYPE_CHECKING:
    from PIL.Image import Image as PilImage

#: Raster formats an image element takes, as Pillow names them.
RASTER_FORMATS = ("PNG", "JPEG", "WEBP")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: The EXIF orientation tag, and its values that turn a picture a quarter.
_ORIENTATION = 0x0112
_TURNED = (5, 6, 7, 8)
_XLINK = "{http://www.w3.org/1999/xlink}href"
_EXTERNAL_CSS = re.compile(r"@import|url\(\s*['\"]?(?!#|data:)", re.IGNORECASE)


class ArtError(Exception):
    """An art file that cannot be used; the message says why, without a place (the caller has it)."""


@dataclass(frozen=True)
class Art:
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
    return _read(path, stat.st_mtime_ns, stat.st_size)


@cache
def _read(path: Path, mtime: int, size: int) -> Art:
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if path.suffix.lower() == ".svg":
        width, height = _svg_size(svg_root(path))
        return Art(path, digest, width, height, True)
    with _opened(path) as image:
        width, height = image.size
        if image.getexif().get(_ORIENTATION, 1) in _TURNED:
            width, height = height, width
        png = image.format == "PNG"
        if not png:  # decoded once to find damage
            _checked(image.load)
    if png:  # a PNG's checksums cover every byte: checked without decoding
        with _opened(path) as image:
            _checked(image.verify)
    return Art(path, digest, width, height, False)


def _checked(read: Callable[[], object]) -> None:
    try:
        read()
    except (OSError, SyntaxError) as exc:
        raise ArtError(f"is damaged: {exc}") from None


@contextmanager
def _opened(path: Path) -> Iterator["PilImage"]:
    """The raster opened with Pillow, a decompression bomb or another format refused
    (Pillow is imported here: commands that draw nothing do not load it)."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as opened:
                if opened.format not in RASTER_FORMATS:
                    raise ArtError(f"is a {opened.format} image: expected PNG, JPEG, WebP or SVG")
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


@dataclass(frozen=True)
class PngPixels:
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
    if not data.startswith(_PNG_SIGNATURE) or as_is(path) != "image/png":
        return None
    chunks: dict[bytes, list[bytes]] = {}
    at = len(_PNG_SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        chunks.setdefault(kind, []).append(data[at + 8 : at + 8 + length])
        at += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"][0])
    if depth != 8 or colour_type not in (0, 2) or interlace or b"tRNS" in chunks:
        return None
    return PngPixels(width, height, 3 if colour_type == 2 else 1, b"".join(chunks.get(b"IDAT", [])))


def as_is(path: Path) -> str | None:
    """The MIME type of a raster that every reader shows right as the file stands (an
    upright PNG, or an upright grey or RGB JPEG), else None."""
    with _opened(path) as original:
        upright = original.getexif().get(_ORIENTATION, 1) == 1
        if original.format == "PNG" and upright:
            return "image/png"
        if original.format == "JPEG" and original.mode in ("L", "RGB") and upright:
            return "image/jpeg"
    return None


def web_bytes(path: Path) -> tuple[str, bytes]:
    """The raster as a browser and any SVG program shows it: (MIME type, data). A file
    that is right as it stands is itself; anything else (WebP, CMYK, a rotated photo) is
    re-encoded as PNG."""
    mime = as_is(path)
    if mime is not None:
        return mime, path.read_bytes()
    out = io.BytesIO()
    raster(path).save(out, format="PNG", optimize=False)
    return "image/png", out.getvalue()


def svg_root(path: Path) -> ElementTree.Element:
    """The SVG art's root element; ArtError when it declares entities, is no SVG, or refers
    to a file or address outside itself."""
    try:
        root = SafeET.fromstring(path.read_bytes(), forbid_dtd=True)
    except DefusedXmlException:
        raise ArtError("declares a DTD or entities, which SVG art may not (they can read other files)") from None
    except ElementTree.ParseError as exc:
        raise ArtError(f"is not well-formed SVG: {exc}") from None
    if root.tag not in ("{http://www.w3.org/2000/svg}svg", "svg"):
        raise ArtError("is not an SVG image: its root element is not <svg>")
    for element in root.iter():
        href = element.get("href") or element.get(_XLINK)
        if href and not href.startswith(("#", "data:")):
            raise ArtError(f"refers to {href!r} outside itself: SVG art must be self-contained")
        if element.tag.endswith("style") and _EXTERNAL_CSS.search(element.text or ""):
            raise ArtError("imports a stylesheet or image from outside itself: SVG art must be self-contained")
    return root


def _svg_size(root: ElementTree.Element) -> tuple[float, float]:
    """The natural width and height from the viewBox, else from width and height."""
    view_box = root.get("viewBox")
    if view_box:
        parts = [float(v) for v in view_box.replace(",", " ").split()]
        if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
            return parts[2], parts[3]
    try:
        width, height = (float(re.sub(r"[a-z%]+$", "", root.get(k, ""))) for k in ("width", "height"))
    except ValueError:
        raise ArtError("has no viewBox and no numeric width and height: its shape is unknown") from None
    if width <= 0 or height <= 0:
        raise ArtError("has a zero width or height")
    return width, height
