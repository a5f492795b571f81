"""The ink saver: a Scene transform that every kind gets for free.

Large filled shapes (backgrounds, bands, big symbols) become white with an outline in
their own colour, and fills covering most of a face are dropped altogether (the paper is
white and the cut line is its outline). Text, icons, lines and small fills are untouched,
so the component reads the same with a fraction of the ink.
"""

import math

from msgspec.structs import replace

from generator.layout.scene import Circle, Group, Item, Path, Polyline, Rect, Scene, Style
from generator.units import PT

#: A fill at least this large (mm², about 1.2 x 1.2 cm) is "large".
LARGE_FILL = 150.0
#: A fill covering at least this share of the face is a background: dropped.
BACKGROUND_SHARE = 0.8
OUTLINE_WIDTH = 0.5 * PT


def save_ink(scene: Scene) -> Scene:
    """The scene with its large fills turned into outlines."""
    face = scene.width * scene.height
    return replace(scene, items=[i for i in (_item(item, face, 1.0) for item in scene.items) if i is not None])


def _area(item: Item) -> float:
    if isinstance(item, Rect):
        return item.w * item.h
    if isinstance(item, Circle):
        return math.pi * item.r**2
    if isinstance(item, Polyline):
        points = list(item.points)
    elif isinstance(item, Path):
        points = [(c[-2], c[-1]) for c in item.commands if len(c) >= 3]
    else:  # text, icons, pictures and groups fill no area of their own
        return 0.0
    if not points:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(xs) - min(xs)) * (max(ys) - min(ys))


def _item(item: Item, face: float, scale: float) -> Item | None:
    if isinstance(item, Group):
        a, b, c, d = item.transform[:4]
        inner = scale * abs(a * d - b * c)
        children = tuple(i for i in (_item(child, face, inner) for child in item.items) if i is not None)
        return replace(item, items=children)
    if not isinstance(item, (Rect, Circle, Polyline, Path)) or not item.style.fill or item.style.role != "art":
        return item
    area = _area(item) * scale
    if area >= BACKGROUND_SHARE * face:
        return None if not item.style.stroke else replace(item, style=replace(item.style, fill=None))
    if area < LARGE_FILL:
        return item
    style = item.style
    outline = Style(
        fill="#ffffff",
        stroke=style.stroke or style.fill,
        stroke_width=max(style.stroke_width, OUTLINE_WIDTH),
        dash=style.dash,
        role=style.role,
    )
    return replace(item, style=outline)
