"""Cut lines, crop marks, targets and the sheet furniture, from boxes laid out here: butted
cells share their edges and collinear edges join into one scissor cut, crop marks continue
every trim edge outside the bleed (shorter where the margin is narrow, left out where they
would cross a block), and the furniture's scale bar measures two inches, its labels at 7 pt or more."""

import pytest

from generator.layout.scene import Circle, Group, Polyline, Text
from generator.sheets.marks import (
    CROP_LENGTH,
    CROP_OFFSET,
    INCH,
    cell_edges,
    compact_furniture,
    crop_marks,
    cut_lines,
    furniture,
    merge_segments,
    target,
)
from generator.sheets.paper import Paper
from generator.units import PT

PAGE = Paper("test", 200, 300, 5, 5.5)


def test_collinear_touching_segments_join_and_the_rest_stay_apart():
    segments = {(0, 0, 10, 0), (10, 0, 20, 0), (30, 0, 40, 0), (5, 5, 5, 0), (5, 5, 5, 9)}
    assert merge_segments(segments) == [(0, 0, 20, 0), (30, 0, 40, 0), (5, 0, 5, 9)]


def test_a_grid_of_butted_cells_cuts_along_whole_rows_and_columns():
    # 3 x 2 cells of 10 x 20 mm from (5, 5): 3 horizontal and 4 vertical cuts across the grid
    boxes = [(5 + 10 * c, 5 + 20 * r, 10, 20) for r in range(2) for c in range(3)]
    edges = cell_edges(boxes)
    assert len(edges) == 3 * 3 + 4 * 2  # shared edges once: 9 horizontal, 8 vertical pieces
    lines = merge_segments(edges)
    assert lines == [(5, 5, 35, 5), (5, 25, 35, 25), (5, 45, 35, 45)] + [(x, 5, x, 45) for x in (5, 15, 25, 35)]
    drawn = cut_lines(lines)
    assert all(isinstance(p, Polyline) and p.style.role == "cut" for p in drawn)
    assert cut_lines(lines[:1], "slit")[0].style.role == "slit"


def test_crop_marks_continue_each_trim_edge_outside_the_bleed():
    box = (50, 60, 40, 30)
    marks = crop_marks([box], 3.0, PAGE)
    gap = 3.0 + CROP_OFFSET
    # each of the two x edges gets a mark above and below, each y edge one left and right
    assert len(marks) == 8
    above = sorted(m.points for m in marks if m.points[1][1] == 60 - gap)
    assert above == [((50, 60 - gap - CROP_LENGTH), (50, 60 - gap)), ((90, 60 - gap - CROP_LENGTH), (90, 60 - gap))]
    right = sorted(m.points for m in marks if m.points[0][0] == 90 + gap)
    assert right == [((90 + gap, 60), (90 + gap + CROP_LENGTH, 60)), ((90 + gap, 90), (90 + gap + CROP_LENGTH, 90))]
    assert all(m.style.role == "crop" for m in marks)


def test_crop_marks_shorten_in_a_narrow_margin_and_vanish_in_none():
    # 2 mm above the box: 7 mm to the top edge less 4.5 mm (bleed and offset) less the 5 mm
    # margin leaves no room; 9 mm from the left edge leaves 9 - 1.5 - 5 = 2.5 mm
    marks = crop_marks([(9, 7, 100, 100)], 0.0, PAGE)
    assert not any(m.points[1][1] <= 7 - CROP_OFFSET + 1e-9 and m.points[0][0] == m.points[1][0] for m in marks)
    left = [m for m in marks if m.points[1][0] == 9 - CROP_OFFSET]
    assert len(left) == 2 and all(m.points[0][0] == pytest.approx(9 - CROP_OFFSET - 2.5) for m in left)


def test_a_mark_that_would_cross_another_block_is_left_out():
    box = (50, 60, 40, 30)
    neighbour = (95, 50, 40, 50)  # just right of the box: the marks to the right would cross it
    marks = crop_marks([box], 0.0, PAGE, clear_of=(neighbour,))
    assert len(marks) == 6 and not any(m.points[0][0] >= 90 for m in marks if m.points[0][1] == m.points[1][1])


def test_a_target_is_a_circle_and_a_cross_centred_on_its_point():
    circle, across, down = target(10, 20, 3)
    assert isinstance(circle, Circle) and (circle.cx, circle.cy, circle.r) == (10, 20, 3)
    # arms 1.6 radii long each way
    assert [v for p in across.points for v in p] == pytest.approx([10 - 4.8, 20, 10 + 4.8, 20])
    assert [v for p in down.points for v in p] == pytest.approx([10, 20 - 4.8, 10, 20 + 4.8])
    assert circle.style.stroke != "#000000"  # never mistaken for a crop mark


def bar_length(items) -> float:
    """The length of the one horizontal line of `items` as long as the mark's bar."""
    (bar,) = [i for i in items if isinstance(i, Polyline) and i.points[0][1] == i.points[1][1]]
    return bar.points[1][0] - bar.points[0][0]


def test_the_furniture_is_the_two_inch_bar_labelled_and_turns_to_stand_in_a_side_margin():
    block = furniture(12, 250, ["Game: cards", "page 1 of 3", "print at 100%"], rotate=False)
    assert block.transform == (1, 0, 0, 1, 12, 250)
    assert bar_length(block.items) == pytest.approx(2 * INCH) == pytest.approx(50.8)
    ticks = sorted(i.points[0][0] for i in block.items if isinstance(i, Polyline) and i.points[0][0] == i.points[1][0])
    assert ticks == pytest.approx([0, INCH, 50.0, 2 * INCH])  # its ends, its inch above and 50 mm below
    words = [i for i in block.items if isinstance(i, Text)]
    assert {"2 in (the tick below: 50 mm)", "Game: cards", "page 1 of 3"} <= {t.text for t in words}
    assert min(t.size for t in words) >= 7 * PT - 1e-9
    turned = furniture(180, 20, ["x"], rotate=True)
    assert turned.transform[:4] == (0, 1, -1, 0)  # a quarter turn clockwise


def test_the_compact_furniture_is_the_same_bar_and_the_longest_label_that_fits_at_seven_points():
    lines = ["a label far too long " * 5, "short label"]
    strip = compact_furniture(5, 290, lines, 100, rotate=False)
    assert bar_length(strip.items) == pytest.approx(50.8)
    labels = [i for i in strip.items if isinstance(i, Text)]
    assert [i.text for i in labels] == ["short label"] and labels[0].size == pytest.approx(7 * PT)
    assert isinstance(compact_furniture(5, 5, lines, 100, rotate=True), Group)


def test_sheets_of_one_grid_share_the_very_lines_and_marks():
    """Items are immutable: a game's many alike sheets hold one set of lines, marks and ruler
    (and the build cache pickles one), while each sheet's list of them is its own."""
    boxes = [(20 + 63.5 * c, 20 + 88.9 * r, 63.5, 88.9) for r in range(3) for c in range(3)]
    segments = merge_segments(cell_edges(boxes))
    first, second = cut_lines(segments), cut_lines(list(segments))
    assert first == second and all(a is b for a, b in zip(first, second, strict=True)) and first is not second
    marks = crop_marks(boxes, 0.0, PAGE), crop_marks(list(boxes), 0.0, PAGE)
    assert marks[0] and all(a is b for a, b in zip(*marks, strict=True)) and marks[0] is not marks[1]
    assert cut_lines(segments, "score") != first  # another role, other lines
    rulers = [furniture(0, 0, ["a"], False).items[0], compact_furniture(0, 0, ["a"], 80, False).items[0]]
    assert rulers[0] is rulers[1]
