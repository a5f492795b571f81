"""Where hex tiles go on a sheet (generator/sheets/hexes.py): inside the printable area,
clear of the furniture, neighbours a hexagon's pitch apart so that they share edges."""

import math

import pytest

from generator.layout.hex_tile import hexagon_in
from generator.sheets.hexes import hex_places
from generator.sheets.paper import paper


@pytest.mark.parametrize(("orientation", "size"), [("flat", (50.0, 43.3)), ("pointy", (43.3, 50.0))])
def test_tiles_fill_the_printable_area_sharing_edges(orientation, size):
    letter = paper("letter")
    found = hex_places(letter, size, orientation)
    assert found is not None
    boxes, slot = found
    assert len(boxes) >= 9
    for x, y, w, h in boxes:
        assert letter.inset - 1e-9 <= x and x + w <= letter.width - letter.inset + 1e-9
        assert letter.inset - 1e-9 <= y and y + h <= slot.y
    corners = [set(hexagon_in(box, orientation)) for box in boxes]
    shared = sum(len(a & b) == 2 for n, a in enumerate(corners) for b in corners[n + 1 :])
    assert shared >= len(boxes)  # neighbours meet along whole edges (two corners in common)
    centres = [(x + w / 2, y + h / 2) for x, y, w, h in boxes]
    nearest = min(math.dist(a, b) for n, a in enumerate(centres) for b in centres[n + 1 :])
    assert nearest == pytest.approx(math.sqrt(3) * 25.0, abs=0.05)  # across the sides of a 25 mm hexagon


def test_a_tile_larger_than_the_paper_has_no_place():
    assert hex_places(paper("letter"), (400.0, 346.4), "flat") is None
