"""Colour-blind simulation and colour difference, for telling vote colours apart.

Each colour is converted from sRGB to linear RGB, multiplied by the Machado, Oliveira and
Fernandes (2009) dichromacy matrix at severity 1.0 (protanopia, deuteranopia, tritanopia),
clipped to the gamut, and compared in CIELAB (D65) with the CIE76 difference. Two vote
colours must stay at least MIN_DELTA_E apart for normal vision and under every simulation:
about 10 is where two flat colours side by side stop being easy to confuse; we ask for 12
because votes are small and seen across a table.
"""

from collections.abc import Mapping
from itertools import combinations

Matrix = tuple[tuple[float, float, float], ...]
Rgb = tuple[float, float, float]

#: Minimum CIE76 distance between any two vote colours, in every vision.
MIN_DELTA_E = 12.0

MACHADO_2009: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

#: Linear sRGB to CIE XYZ, D65 white (IEC 61966-2-1).
_RGB_TO_XYZ: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE = (0.95047, 1.0, 1.08883)


def hex_to_linear(colour: str) -> Rgb:
    """'#rrggbb' to linear RGB components in 0..1."""
    r, g, b = (_linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return r, g, b


def _linear(c: float) -> float:
    """One sRGB channel in 0..1 as linear light."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _apply(matrix: Matrix, rgb: Rgb) -> Rgb:
    r, g, b = (sum(m * c for m, c in zip(row, rgb, strict=True)) for row in matrix)
    return r, g, b


def simulate(rgb: Rgb, vision: str) -> Rgb:
    """The linear RGB a dichromat of this kind sees; 'normal' returns it unchanged."""
    if vision == "normal":
        return rgb
    seen = _apply(MACHADO_2009[vision], rgb)
    r, g, b = (min(1.0, max(0.0, c)) for c in seen)
    return r, g, b


def to_lab(rgb: Rgb) -> Rgb:
    """Linear RGB to CIELAB (D65)."""
    xyz = _apply(_RGB_TO_XYZ, rgb)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE, strict=True))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e76(a: Rgb, b: Rgb) -> float:
    """CIE76 distance between two linear RGB colours."""
    la, lb = to_lab(a), to_lab(b)
    return sum((x - y) ** 2 for x, y in zip(la, lb, strict=True)) ** 0.5


VISIONS = ("normal", *MACHADO_2009)


def confusable_pairs(colours: Mapping[str, str], minimum: float = MIN_DELTA_E) -> list[tuple[str, str, str, float]]:
    """(name, name, vision, distance) for each pair of colours closer than `minimum`."""
    linear = {name: hex_to_linear(value) for name, value in colours.items()}
    found = []
    for vision in VISIONS:
        for a, b in combinations(linear, 2):
            distance = delta_e76(simulate(linear[a], vision), simulate(linear[b], vision))
            if distance < minimum:
                found.append((a, b, vision, distance))
    return found
