"""The nets' geometry as values, apart from a build: a tuck box's, a standee's, a hex tile's
hexagon, and the word a glue area carries (generator/layout/tuck_box.py, standee.py,
hex_tile.py, glue.py). The builds' read-back tests are beside this file."""

import math

import pytest

from generator.layout.glue import GLUE_WORD, glue_word
from generator.layout.hex_tile import Hexagon, hexagon_in
from generator.layout.scene import Text
from generator.layout.standee import BASE_EXTRA, SLIT_EXTRA, StandeeNet
from generator.layout.tuck_box import SEAM, TUCK_BOX, TuckBoxScene, TuckNet


def test_a_tuck_box_net_is_the_seam_two_panels_and_two_sides_across_and_its_ends_up_and_down():
    net = TuckNet(64.5, 89.9, 17.2)
    assert net.size == pytest.approx((SEAM + 2 * 64.5 + 2 * 17.2, 2 * net.tuck + 2 * 17.2 + 89.9))
    _, back, side, front, spine = net.columns
    assert (side - back, front - side, spine - front) == pytest.approx((64.5, 17.2, 64.5))
    outline = net.outline()
    assert outline[0][0] == "M" and outline[-1] == ("Z",)
    xs = [v for command in outline for v in command[1::2]]
    ys = [v for command in outline for v in command[2::2]]
    assert (min(xs), max(xs)) == pytest.approx((0.0, net.size[0]))
    assert (min(ys), max(ys)) == pytest.approx((0.0, net.size[1]))


def test_a_standee_is_two_panels_and_two_flaps_over_a_wider_base_with_a_slit():
    net = StandeeNet(30.0, 50.0, 6.0, 15.0)
    assert net.size == (30.0 + BASE_EXTRA, 2 * (6.0 + 50.0) + 15.0)
    (x0, y0), (x1, y1) = net.slit()
    assert y0 == y1 == pytest.approx(net.foot + 7.5) and x1 - x0 == pytest.approx(30.0 + SLIT_EXTRA)
    assert net.front()[1] - net.back()[1] == pytest.approx(50.0)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("box", [(0.0, 0.0, 50.0, 43.3), (10.0, 5.0, 60.0, 60.0)])
def test_a_hexagon_in_a_box_is_regular_and_centred(orientation, box):
    corners = hexagon_in(box, orientation)
    sides = [math.dist(a, b) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)]
    assert max(sides) - min(sides) < 0.01
    x, y, w, h = box
    assert sum(c[0] for c in corners) / 6 == pytest.approx(x + w / 2, abs=0.01)
    assert sum(c[1] for c in corners) / 6 == pytest.approx(y + h / 2, abs=0.01)
    hw, hh = Hexagon.within(w, h, orientation).size
    assert hw <= w + 1e-9 and hh <= h + 1e-9 and (hw == pytest.approx(w) or hh == pytest.approx(h))


def test_the_glue_word_is_in_the_glue_role_or_left_out_where_it_does_not_fit():
    word = glue_word(40.0, 8.0)
    texts = [item for item in word if isinstance(item, Text)]
    assert "".join(t.text for t in texts) == GLUE_WORD and {t.role for t in texts} == {"glue"}
    assert glue_word(2.0, 1.0) == ()


def test_the_most_cards_a_box_on_the_paper_holds_is_found_however_thin_the_cards():
    net = TuckNet(64.5, 89.9, 500.0)
    scene = TuckBoxScene(*net.size, net=net, card_thickness=0.001, clearance=1.0)
    said = TUCK_BOX.too_large(scene, (195.051, 258.4))
    # Across: 10 + 2 x 64.5 + 2 x (n x 0.001 + 1) <= 195.051 mm, so n <= 27025 (the height allows more).
    assert said.endswith("at most 27025 cards of this size fit a box on it")
