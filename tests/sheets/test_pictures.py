"""A row of pictures (generator/sheets/pictures.py), from scenes made here: one height for all,
as tall as the width lets them be up to the most given, centred, each clipped to its trim and
framed, its cut and fold lines left out."""

import pytest

from generator.layout.scene import Group, Polyline, Rect, Scene, Style, line_style
from generator.sheets.pictures import PICTURE_GAP, picture_row, row_height


def scenes() -> tuple[Scene, ...]:
    card = Scene(
        60, 90, [Rect(-3, -3, 66, 96, Style(fill="#123456")), Polyline(((0, 45), (60, 45)), line_style("score"))]
    )
    return card, Scene(120, 60, [])


def test_the_row_is_as_tall_as_its_width_allows_up_to_the_most():
    # widths at height h: 60/90 h + 120/60 h = 8/3 h, plus one gap
    assert row_height(scenes(), 100, 50) == pytest.approx((100 - PICTURE_GAP) * 3 / 8)
    assert row_height(scenes(), 1000, 50) == 50


def test_each_picture_is_scaled_clipped_framed_and_centred_without_its_lines():
    items = picture_row(scenes(), 10, 20, 200, 30)
    groups = [item for item in items if isinstance(item, Group)]
    frames = [item for item in items if isinstance(item, Rect)]
    assert [g.clip for g in groups] == [(0, 0, 60, 90), (0, 0, 120, 60)]
    assert [f.h for f in frames] == [30, 30] and [f.w for f in frames] == pytest.approx([20, 60])
    drawn = frames[1].x + frames[1].w - frames[0].x
    assert frames[0].x - 10 == pytest.approx(10 + 200 - (frames[1].x + frames[1].w))  # centred
    assert drawn == pytest.approx(20 + PICTURE_GAP + 60)
    assert not [i for i in groups[0].items if isinstance(i, Polyline)]  # the score line is left out
