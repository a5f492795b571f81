"""The word GLUE on an area glued in assembly (role `glue`): in the glue area's grey,
centred in its box, or left out where it does not fit (a small tab is grey alone)."""

from msgspec.structs import replace

from generator.layout.scene import Item, Text
from generator.layout.text import TextStyle, fit_text
from generator.units import PT

GLUE_WORD = "GLUE"
GLUE_GREY = "#7a7a7a"


def glue_word(width: float, height: float, size: float = 6 * PT) -> tuple[Item, ...]:
    """GLUE set in a box of width x height at (0, 0), in role `glue`; () where it does not fit."""
    style = TextStyle("DejaVuSans-Bold", size, min_size=4 * PT, align="center", valign="middle", colour=GLUE_GREY)
    fitted = fit_text(GLUE_WORD, 0.0, 0.0, width, height, style)
    if not fitted.fits:
        return ()
    return tuple(replace(item, role="glue") if isinstance(item, Text) else item for item in fitted.items)
