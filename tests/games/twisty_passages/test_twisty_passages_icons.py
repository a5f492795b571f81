"""Twisty Passages' icons as a player reads them at card size: the ones the issue found alike
told apart at 3.5 mm (rendered with CairoSVG, which did not draw the cards), and every icon
on a card explained in the rules."""

import io
import re
from importlib.resources import files

import cairosvg
import numpy as np
import pytest
import yaml
from PIL import Image

from tests.conftest import COMPONENTS

GAME_ICONS = files("generator.games.twisty_passages") / "layouts" / "icons"
SHARED_ICONS = files("layouts") / "icons"
#: 3.5 mm (the smallest an inline icon prints) at 300 dpi.
PIXELS = 41


def ink(svg: bytes) -> float:
    """The dark share of the icon's own bounding box, rendered at PIXELS square."""
    png = cairosvg.svg2png(bytestring=svg, output_width=PIXELS, output_height=PIXELS)
    alpha = np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))[:, :, 3] / 255
    ys, xs = np.nonzero(alpha > 0.5)
    return float(alpha[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].mean())


@pytest.mark.parametrize("face", range(1, 7))
def test_roll_a_die_is_a_solid_die_beside_the_outlined_faces_to_look_for(face):
    """ "Roll a die" and "look for a 5" were both an outlined die with pips: now one is a
    solid tumbling die, carrying at least 1.3 times the ink of any face."""
    rolled = ink((GAME_ICONS / "roll-a-die.svg").read_bytes())
    assert rolled >= 1.3 * ink((SHARED_ICONS / f"d6-{face}.svg").read_bytes())


def test_the_named_discard_is_a_solid_card_beside_the_outlined_any_card():
    """The two discards differed only by a dotted outline: the named one is now a solid
    card (with the lines of its name), at least 1.5 times the ink of the outlined one."""
    named = ink((GAME_ICONS / "discard-named.svg").read_bytes())
    assert named >= 1.5 * ink((GAME_ICONS / "discard.svg").read_bytes())


def test_every_icon_on_a_card_is_explained_in_the_rules():
    """The rules name each icon the cards print (the speed icon was missing)."""
    folder = COMPONENTS / "twisty-passages"
    used: set[str] = set()
    for name in ("maze.yaml", "zones.yaml"):
        for item in yaml.safe_load((folder / name).read_text())["items"]:
            used |= set(re.findall(r":([a-z][a-z0-9-]*):", item.get("effect", "")))
    rules = set(re.findall(r":([a-z][a-z0-9-]*):", (folder / "rules.md").read_text()))
    faces = {f"d6-{n}" for n in range(1, 7)}
    assert "speed" in used
    assert used - faces <= rules, used - faces - rules
