"""Pictures of components on a page that is not a sheet of them (the cover, the rules): a row
of faces of one height, each clipped to its trim and framed by a thin grey line, without the
lines that say how to cut and fold them."""

from generator.layout.scene import Group, Item, Rect, Scene, Style, without_roles
from generator.units import PT

#: The space between two pictures of a row, in mm.
PICTURE_GAP = 6.0
#: The lines a picture leaves out: it shows what a component looks like, not how to cut it.
_LINES = ("halo", "guide", "score", "slit", "cut", "crop")
_FRAME = Style(stroke="#9a9a9a", stroke_width=0.5 * PT)


def row_height(scenes: tuple[Scene, ...], width: float, most: float, gap: float = PICTURE_GAP) -> float:
    """How tall a row of `scenes` can be drawn within `width`, `most` at the most."""
    gaps = gap * (len(scenes) - 1)
    return min(most, (width - gaps) / sum(scene.width / scene.height for scene in scenes))


def picture_row(
    scenes: tuple[Scene, ...], x: float, y: float, width: float, tall: float, gap: float = PICTURE_GAP
) -> list[Item]:
    """The scenes `tall` high side by side, centred across `width` from (x, y)."""
    drawn = sum(scene.width / scene.height * tall for scene in scenes) + gap * (len(scenes) - 1)
    px = x + (width - drawn) / 2
    items: list[Item] = []
    for scene in scenes:
        scale = tall / scene.height
        art = without_roles(tuple(scene.items), _LINES)
        items.append(Group(art, (scale, 0, 0, scale, px, y), (0.0, 0.0, scene.width, scene.height)))
        items.append(Rect(px, y, scene.width * scale, tall, _FRAME))
        px += scene.width * scale + gap
    return items
