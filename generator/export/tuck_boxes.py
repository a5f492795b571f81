"""Tuck boxes on The Game Crafter's own poker tuck box templates.

The shop prints a tuck box on its die, not ours: an upload is one image of the template's
size with the art where the die's panels fall. Its poker boxes hold 36 to 108 cards; each
template is, left to right, a side, the back (lid and bottom hinged off it), the other side,
the front (the thumb notch in its top edge) and a glue flap, the four panels 254 pt tall.
SHOP_BOXES records where those panels lie on each template (measured from the shop's
published templates, in points from the image's top left: 1 pt is 300/72 px).

A box of ours goes on the smallest template that holds its cards, its front's and back's art
scaled to the template's panels (a poker card's panel is ours to within 1 %), its spine's art
on both sides, turned to read up them and centred across the shop's depth. The layout's
background fills the whole image, so it runs into the bleed and over every flap.
"""

from collections.abc import Sequence

from msgspec import Struct

from generator.layout.scene import Box, Item, Rect, Style
from generator.layout.tuck_box import TuckBoxScene, fitted, fitted_up
from generator.pipeline.parts import Laid
from generator.sheets.model import Sheet
from generator.units import PT

#: The front and back panels of every poker template: 182 x 254 pt (2.53 x 3.53 in).
PANEL = (182 * PT, 254 * PT)
#: The card a poker template is for, and how far a box's cards may differ from it (mm).
POKER_CARD, POKER_SLACK = (63.5, 88.9), 1.5


class ShopBox(Struct, frozen=True):
    """One of the shop's poker tuck box templates: the cards it holds, its image's size in
    pixels at 300 dpi, and (in mm from the image's top left) where its first side starts,
    how deep its sides are, and where its panels' top edge lies."""

    cards: int
    pixels: tuple[int, int]
    left: float
    depth: float
    top: float

    @property
    def size(self) -> tuple[float, float]:
        """The image's size in mm."""
        return self.pixels[0] / 300 * 72 * PT, self.pixels[1] / 300 * 72 * PT

    def panels(self) -> dict[str, Box]:
        """Each panel's box (x, y, w, h, mm): side, back, spine (the other side), front."""
        (w, h), d = PANEL, self.depth
        x = self.left
        return {
            "side": (x, self.top, d, h),
            "back": (x + d, self.top, w, h),
            "spine": (x + d + w, self.top, d, h),
            "front": (x + 2 * d + w, self.top, w, h),
        }


def _box(cards: int, pixels: tuple[int, int], left: float, depth: float, top: float) -> ShopBox:
    return ShopBox(cards, pixels, left * PT, depth * PT, top * PT)


SHOP_BOXES = (
    _box(36, (2100, 1800), 9.0, 39.6, 84.27),
    _box(54, (2325, 1950), 8.75, 58.32, 103.07),
    _box(72, (2550, 1950), 9.0, 77.76, 122.76),
    _box(90, (2775, 2100), 8.8, 97.2, 143.0),
    _box(108, (3075, 2250), 18.0, 115.2, 161.0),
)


class BoxSheet(Struct, frozen=True):
    """A tuck box on the shop's template: the file stem its image is written to, the sheet,
    and the template it is laid on."""

    stem: str
    sheet: Sheet
    shop_box: ShopBox


class Placed(Struct, frozen=True):
    """What the shop's templates make of a tuck box file: the folder its images go in, a
    sheet for each box that fits one, and a line saying why for each that does not."""

    folder: str
    sheets: tuple[BoxSheet, ...]
    left_out: tuple[str, ...]


def shop_box_for(scene: TuckBoxScene) -> ShopBox | str:
    """The smallest template that holds the box's cards, as many as the shop says it takes
    and as deep as ours (their count at the item's `card_thickness`, plus the clearance), or
    why none does."""
    if scene.net is None:
        return "it has no net"
    w, h = scene.net.width - scene.clearance, scene.net.height - scene.clearance
    if abs(w - POKER_CARD[0]) > POKER_SLACK or abs(h - POKER_CARD[1]) > POKER_SLACK:
        return f"it holds {w:.1f} x {h:.1f} mm cards; The Game Crafter's poker tuck boxes hold 63.5 x 88.9 mm"
    for box in SHOP_BOXES:
        if box.cards >= scene.cards and box.depth >= scene.net.depth:
            return box
    largest = SHOP_BOXES[-1]
    return (
        f"it holds {scene.cards} cards, {scene.net.depth:.1f} mm deep; The Game Crafter's largest poker tuck box "
        f"holds {largest.cards}, {largest.depth:.1f} mm deep"
    )


def shop_boxes(parts: Sequence[Laid]) -> dict[str, Placed]:
    """Every tuck box file's boxes on the shop's templates, by the file's name."""
    return {
        part.file.shown: placed(part) for part in parts if part.faces and isinstance(part.faces[0].front, TuckBoxScene)
    }


def placed(part: Laid) -> Placed:
    """The part's tuck boxes on the shop's templates, a copy of a box drawn once."""
    sheets, left_out, seen = [], [], set()
    for n, faces in enumerate(part.faces, 1):
        scene = faces.front
        if id(scene) in seen or not isinstance(scene, TuckBoxScene):
            continue
        seen.add(id(scene))
        box = shop_box_for(scene)
        if isinstance(box, str):
            left_out.append(f"{part.file.shown}, {scene.name}: {box}")
            continue
        sheets.append(BoxSheet(f"{part.file.path.stem}-{n:03d}-box", on_template(scene, box), box))
    return Placed(part.file.path.stem, tuple(sheets), tuple(left_out))


def on_template(scene: TuckBoxScene, box: ShopBox) -> Sheet:
    """The box's art laid on the shop's template: the background over the whole image, the
    front and back on their panels, the spine on both sides."""
    width, height = box.size
    items: list[Item] = []
    if scene.background:
        items.append(Rect(0.0, 0.0, width, height, Style(fill=scene.background)))
    panels = box.panels()
    for key, art in (("front", scene.front), ("back", scene.back)):
        if art is not None:
            items.append(fitted(art, panels[key]))
    if scene.spine is not None:
        items += [fitted_up(scene.spine, panels[key]) for key in ("side", "spine")]
    sheet = Sheet(width, height, items, title=scene.name, side="")
    sheet.trim = sheet.bleed = (0.0, 0.0, width, height)
    return sheet
