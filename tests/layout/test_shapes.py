"""Shapes and marks as scene primitives, checked with plane geometry worked out here: regular
polygons with a vertex up (a square flat), every named shape inside its size x size box,
a half disc standing on its flat side, and the marks' outlines (diamond, star, cross)."""

import math

import pytest

from generator.layout.scene import Circle, Path, Polyline, Style
from generator.layout.shapes import MARKS, SHAPES, half_disc, regular_polygon, shape

STYLE = Style(fill="#000000")


def flat(points) -> list[float]:
    return [v for point in points for v in point]


def area(points) -> float:
    """The shoelace area of a closed outline."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True))) / 2


def test_a_triangle_points_up_and_a_square_sits_flat():
    h = 10 * math.sqrt(3) / 2  # 8.660: cos 30 degrees at radius 10
    assert flat(regular_polygon(0, 0, 10, 3)) == pytest.approx([0, -10, h, 5, -h, 5], abs=1e-4)
    s = 10 / math.sqrt(2)
    assert flat(regular_polygon(0, 0, 10, 4)) == pytest.approx([s, -s, s, s, -s, s, -s, -s], abs=1e-4)


def test_a_hexagons_vertices_are_on_its_circle_a_side_apart():
    points = regular_polygon(3, 4, 10, 6)
    assert all(math.dist(p, (3, 4)) == pytest.approx(10, abs=1e-3) for p in points)
    sides = [math.dist(a, b) for a, b in zip(points, points[1:] + points[:1], strict=True)]
    assert sides == pytest.approx([10] * 6, abs=1e-3)  # a regular hexagon's side is its radius


@pytest.mark.parametrize("name", SHAPES + MARKS)
def test_every_shape_and_mark_lies_inside_its_box(name):
    drawn = shape(name, 50, 40, 20, STYLE)
    if isinstance(drawn, Circle):
        xs, ys = [drawn.cx - drawn.r, drawn.cx + drawn.r], [drawn.cy - drawn.r, drawn.cy + drawn.r]
    elif isinstance(drawn, Path):
        points = [(c[-2], c[-1]) for c in drawn.commands if len(c) > 1]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
    else:
        assert drawn.closed
        xs, ys = [p[0] for p in drawn.points], [p[1] for p in drawn.points]
    assert 40 - 1e-6 <= min(xs) and max(xs) <= 60 + 1e-6
    assert 30 - 1e-6 <= min(ys) and max(ys) <= 50 + 1e-6
    assert drawn.style == STYLE


def test_circle_and_half_disc():
    circle = shape("circle", 5, 5, 10, STYLE)
    assert isinstance(circle, Circle) and (circle.cx, circle.cy) == (5, 5)
    assert circle.r == pytest.approx(4.6)  # 92% of the half-size
    start, first, second, close = half_disc(0, 0, 10)
    # standing on its flat side: from (-10, 5) over the top (0, -5) to (10, 5), then closed
    assert start == ("M", -10, 5)
    assert first[-2:] == (0, -5) and second[-2:] == (10, 5) and close == ("Z",)


def test_the_marks_outlines():
    diamond = shape("diamond", 0, 0, 20, STYLE)
    assert diamond == Polyline(((0, -10), (10, 0), (0, 10), (-10, 0)), STYLE, closed=True)
    cross = shape("cross", 0, 0, 20, STYLE).points
    arm = 2 * 0.34 * 10  # each arm 6.8 mm wide, 20 mm long
    assert len(cross) == 12 and area(list(cross)) == pytest.approx(2 * 20 * arm - arm * arm)
    star = shape("star", 0, 0, 20, STYLE).points
    centre = (0, 1)  # set 10% of the half-size low, to look centred
    radii = [math.dist(p, centre) for p in star]
    assert radii == pytest.approx([10.5, 4.2] * 5, abs=1e-3)  # five points, five notches
    assert star[0] == pytest.approx((0, 1 - 10.5))  # the first point straight up
