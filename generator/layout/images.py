"""The `image` element: art from the game folder placed in a box.

    crown: {type: image, file: art/crown.png, x: 0mm, y: 0mm, width: 63.5mm, height: 40mm}
    art:   {type: image, field: art, fit: contain, align: top, ...}

`fit: cover` (the default) fills the box and crops what overflows, keeping the part `align`
names; `contain` shows the whole picture inside the box, placed by `align`; `stretch` fills
the box exactly. A box side on the card's edge runs on into the bleed, so the picture is
not cut short of it. Problems with the file are findings at the place that names it: L009
(missing, unreadable, outside the game folder, refused), L010 (too coarse to print well).
"""

from pathlib import Path

from msgspec import Struct

from generator.findings import Finding, error, warning
from generator.layout.context import LayoutContext
from generator.layout.scene import Box, Group, Image, Item
from generator.sources.art import Art, ArtError, read_art
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap
from generator.sources.layout_model import ImageElement, Layout
from generator.sources.paths import confined
from generator.units import MM_PER_UNIT

#: The least effective resolution a print shop accepts for a raster.
MIN_DPI = 300
#: Where `align` puts the picture in its box, as fractions of the spare width and height.
ALIGN = {
    "center": (0.5, 0.5),
    "top": (0.5, 0.0),
    "bottom": (0.5, 1.0),
    "left": (0.0, 0.5),
    "right": (1.0, 0.5),
    "top-left": (0.0, 0.0),
    "top-right": (1.0, 0.0),
    "bottom-left": (0.0, 1.0),
    "bottom-right": (1.0, 1.0),
}
FITS = ("cover", "contain", "stretch")


class Card(Struct, frozen=True):
    """The face an element is drawn on: its trim size and bleed, in mm."""

    width: float
    height: float
    bleed: float

    @classmethod
    def of(cls, layout: Layout) -> "Card":
        return cls(layout.width, layout.height, layout.bleed)


def into_bleed(box: Box, card: Card) -> Box:
    """The box with each side that touches (or passes) the card's edge moved out to the bleed."""
    x, y, w, h = box
    left = -card.bleed if x <= 0.001 else x
    top = -card.bleed if y <= 0.001 else y
    right = card.width + card.bleed if x + w >= card.width - 0.001 else x + w
    bottom = card.height + card.bleed if y + h >= card.height - 0.001 else y + h
    return left, top, right - left, bottom - top


def placed(art: Art, box: Box, fit: str, align: str) -> Box:
    """Where the whole picture is drawn for the fit: possibly larger than the box (cover)."""
    x, y, w, h = box
    if fit == "stretch":
        return box
    scale = (max if fit == "cover" else min)(w / art.width, h / art.height)
    dw, dh = art.width * scale, art.height * scale
    fx, fy = ALIGN[align]
    return x + (w - dw) * fx, y + (h - dh) * fy, dw, dh


def effective_dpi(art: Art, drawn: Box) -> float:
    """The raster's resolution at its printed size: the coarser of its two directions."""
    pixels = art.pixels
    assert pixels is not None
    return min(pixels[0] / (drawn[2] / MM_PER_UNIT["in"]), pixels[1] / (drawn[3] / MM_PER_UNIT["in"]))


def image_source(element: ImageElement, item: LocMap) -> tuple[str, Loc] | None:
    """The file an image element shows and the place naming it; None when the item lacks the field."""
    if element.file is not None:
        assert element.source_loc is not None
        return element.file, element.source_loc
    assert element.field is not None
    value = item.get(element.field)
    return None if value in (None, "") else (str(value), item.loc_of(element.field))


def find_art(folder: Path, name: str, loc: Loc, seen: set[Path]) -> Art | Finding:
    """The art a game folder's relative path names, or the L009 error saying why not; the
    path looked at is added to `seen`."""
    try:
        path = confined(folder, name, loc, "image file")
    except SourceError as exc:
        return error("L009", exc.message, loc)
    seen.add(path)
    if not path.is_file():
        what = "is a folder" if path.is_dir() else "does not exist"
        return error("L009", f"image file {name!r} {what}: expected a PNG, JPEG, WebP or SVG file", loc)
    try:
        return read_art(path)
    except ArtError as exc:
        return error("L009", f"image file {name!r} {exc}", loc)
    except OSError as exc:
        return error("L009", f"image file {name!r} cannot be read: {exc.strerror or exc}", loc)


#: The code of a picture too coarse to print well: one warning per picture and printed size
#: (pipeline/parts.py gathers those of the cards that share it).
LOW_DPI = "L010"


def draw_image(element: ImageElement, item: LocMap, ctx: LayoutContext, card: Card, box: Box) -> list[Item]:
    """The element's picture, cropped to its box for cover; problems reported once at each place."""
    source = image_source(element, item)
    if source is None or box[2] <= 0 or box[3] <= 0:
        return []
    name, loc = source
    found: Art | Finding
    known = ctx.art_by_name.get(name)
    if known is not None:
        ctx.art_files.add(known.path)  # the file the drawing reads, as find_art adds it
        found = known
    else:
        found = find_art(ctx.game.folder, name, loc, ctx.art_files)
        if isinstance(found, Art):
            ctx.art_by_name[name] = found
    shared = element.file is not None  # the layout's one picture, on every card
    if isinstance(found, Finding):
        ctx.report(found, shared)
        return []
    art = found
    area = into_bleed(box, card)
    drawn = placed(art, area, element.fit, element.align)
    if not art.vector and (dpi := effective_dpi(art, drawn)) < MIN_DPI - 0.5:
        width, height = art.pixels or (0, 0)
        message = (
            f"image {name!r} is {width} x {height} px: {dpi:.0f} dpi printed at {drawn[2]:.1f} x {drawn[3]:.1f} mm, "
            f"under the {MIN_DPI} dpi a print shop expects"
        )
        ctx.report(warning(LOW_DPI, message, loc), shared)
    image = Image(str(art.path), art.digest, art.vector, *drawn)
    if drawn == area or element.fit != "cover":
        return [image]
    return [Group((image,), clip=area)]
