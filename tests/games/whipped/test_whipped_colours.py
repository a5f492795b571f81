"""Colour-blind simulation (Machado et al. 2009, severity 1.0) and CIE76 distances."""

import pytest

from generator.games.whipped.colours import (
    MACHADO_2009,
    confusable_pairs,
    delta_e76,
    hex_to_linear,
    simulate,
    to_lab,
)


def test_srgb_decoding():
    assert hex_to_linear("#000000") == (0.0, 0.0, 0.0)
    assert hex_to_linear("#ffffff") == (1.0, 1.0, 1.0)
    # sRGB 128 is 21.6% linear light (IEC 61966-2-1)
    assert hex_to_linear("#808080")[0] == pytest.approx(0.2158605, abs=1e-6)


@pytest.mark.parametrize("vision", sorted(MACHADO_2009))
def test_dichromat_matrices_keep_white_and_greys(vision):
    # Every row of a Machado matrix sums to 1, so achromatic colours are unchanged.
    for row in MACHADO_2009[vision]:
        assert sum(row) == pytest.approx(1.0, abs=1e-5)
    assert simulate((0.5, 0.5, 0.5), vision) == pytest.approx((0.5, 0.5, 0.5), abs=1e-5)


def test_lab_of_white_and_black():
    assert to_lab((1.0, 1.0, 1.0)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert to_lab((0.0, 0.0, 0.0)) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert delta_e76((0, 0, 0), (1, 1, 1)) == pytest.approx(100.0, abs=0.01)


def test_srgb_red_in_lab():
    # Published CIELAB of sRGB red (D65): L 53.24, a 80.09, b 67.20.
    assert to_lab(hex_to_linear("#ff0000")) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)


def test_red_and_green_collapse_for_deuteranopes_only():
    colours = {"red": "#ff0000", "green": "#00aa00"}
    found = confusable_pairs(colours, minimum=12)
    assert [(a, b, vision) for a, b, vision, _ in found] == [("red", "green", "deuteranopia")]


def test_blue_and_green_collapse_for_tritanopes():
    visions = {v for *_, v, _ in confusable_pairs({"teal": "#00a0a0", "blue": "#4a90e2"}, 12)}
    assert "tritanopia" in visions and "normal" not in visions
