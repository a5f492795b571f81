"""Geometric shapes drawn as scene primitives: circles, half discs, regular polygons, and
the marks (diamond, star, cross) that tell players' pieces apart besides their colour."""

import math

from generator.layout.scene import Circle, Item, Path, Polyline, Style

#: Shapes by number of sides, as the Slipmax board orders them (circle first, hexagon last).
SHAPES = ("circle", "semicircle", "triangle", "square", "pentagon", "hexagon")
#: Marks, each as heavy to the eye as the others in a box of one size.
MARKS = ("diamond", "star", "cross")
_SIDES = {"triangle": 3, "square": 4, "pentagon": 5, "hexagon": 6}
#: A quarter circle of radius 1 as one cubic Bézier: its control points lie this far along
#: the tangents at its ends (the curve strays from the circle by under 0.03%).
KAPPA = 4 * (math.sqrt(2) - 1) / 3


def regular_polygon(cx: float, cy: float, r: float, sides: int) -> tuple[tuple[float, float], ...]:
    """Vertices of a regular polygon, one vertex pointing up (a square sits flat)."""
    start = -math.pi / 2 + (math.pi / sides if sides == 4 else 0.0)
    return tuple(
        (
            round(cx + r * math.cos(start + 2 * math.pi * k / sides), 4),
            round(cy + r * math.sin(start + 2 * math.pi * k / sides), 4),
        )
        for k in range(sides)
    )


def half_disc(cx: float, cy: float, r: float) -> tuple[tuple, ...]:
    """A half disc standing on its flat side, centred on (cx, cy)."""
    base = cy + r / 2
    k = KAPPA * r
    return (
        ("M", cx - r, base),
        ("C", cx - r, base - k, cx - k, base - r, cx, base - r),
        ("C", cx + k, base - r, cx + r, base - k, cx + r, base),
        ("Z",),
    )


def shape(name: str, cx: float, cy: float, size: float, style: Style) -> Item:
    """One named shape (SHAPES or MARKS) fitting a size x size box centred on (cx, cy)."""
    r = size / 2
    if name in MARKS:
        return Polyline(_mark(name, cx, cy, r), style, closed=True)
    if name == "circle":
        return Circle(cx, cy, r * 0.92, style)
    if name == "semicircle":
        return Path(half_disc(cx, cy + r * 0.1, r), style)
    sides = _SIDES[name]
    radius = r * (1.08 if sides == 3 else 1.0)
    return Polyline(regular_polygon(cx, cy + (r * 0.15 if sides == 3 else 0), radius, sides), style, closed=True)


def _mark(name: str, cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    """The outline of a mark of half-size r centred on (cx, cy)."""
    if name == "diamond":
        return ((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy))
    if name == "star":
        return tuple(
            (round(cx + rad * math.cos(angle), 4), round(cy + r * 0.1 + rad * math.sin(angle), 4))
            for k in range(10)
            for rad, angle in [(r * (1.05 if k % 2 == 0 else 0.42), -math.pi / 2 + k * math.pi / 5)]
        )
    a = r * 0.34
    corners = (
        (-a, -r),
        (a, -r),
        (a, -a),
        (r, -a),
        (r, a),
        (a, a),
        (a, r),
        (-a, r),
        (-a, a),
        (-r, a),
        (-r, -a),
        (-a, -a),
    )
    return tuple((cx + dx, cy + dy) for dx, dy in corners)
