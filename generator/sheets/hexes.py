"""Where hexagonal tiles go on a sheet: a hex grid, neighbours sharing their edges (each
edge is cut once, generator/layout/hex_tile.py's hex_edges).

Flat-top tiles stand in columns 3/4 of a tile's width apart, every other column half a
tile lower; pointy-top tiles in rows 3/4 of a tile's height apart, every other row half a
tile further right. A sheet holds as many whole tiles as its printable area leaves room for
above (or beside) the furniture. Each tile's place is its bounding box, so the backs sheet
mirrors them as it mirrors cards.
"""

from generator.layout.hex_tile import Hexagon
from generator.sheets import marks
from generator.sheets.impose import FURNITURE_CLEARANCE, Slot, furniture_slot
from generator.sheets.model import Box
from generator.sheets.paper import Paper


def hex_places(paper: Paper, size: tuple[float, float], orientation: str) -> tuple[list[Box], Slot] | None:
    """Where a sheet's tiles go (boxes of `size`, each holding its hexagon centred, in print
    order) and where its furniture goes; None if not one tile and the furniture fit."""
    box_w, box_h = size
    w, h = Hexagon.within(box_w, box_h, orientation).size
    # The grid is of hexagons; each tile's box reaches this far past its hexagon's.
    dx, dy = (box_w - w) / 2, (box_h - h) / 2
    room_w = paper.width - 2 * paper.inset - 2 * dx
    room_h = paper.height - 2 * paper.inset - marks.FURNITURE_H - FURNITURE_CLEARANCE - 2 * dy
    if orientation == "flat":
        cols, rows, shift = _count(room_w, w, 0.75 * w), _count(room_h - h / 2, h, h), (0.0, h / 2)
        pitch = (0.75 * w, h)
    else:
        cols, rows, shift = _count(room_w - w / 2, w, w), _count(room_h, h, 0.75 * h), (w / 2, 0.0)
        pitch = (w, 0.75 * h)
    if cols < 1 or rows < 1:
        return None
    boxes = []
    for row in range(rows):
        for col in range(cols):
            odd = (col if orientation == "flat" else row) % 2
            x = paper.inset + col * pitch[0] + odd * shift[0]
            y = paper.inset + row * pitch[1] + odd * shift[1]
            boxes.append((x, y, box_w, box_h))
    used_w = max(b[0] + box_w for b in boxes) - paper.inset
    used_h = max(b[1] + box_h for b in boxes) - paper.inset
    slot = furniture_slot(paper, used_w, used_h, 0.0)
    return (boxes, slot) if slot is not None else None


def _count(room: float, size: float, pitch: float) -> int:
    """How many tiles of `size`, `pitch` apart, fit in `room`."""
    return int((room - size) // pitch) + 1 if room >= size else 0
