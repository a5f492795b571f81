"""Tuck boxes on The Game Crafter's poker tuck box templates, read back from the PNGs with
PIL: the image is the template's size for the smallest box that holds the deck, and the
front's, back's and spine's art fall inside the panels of the shop's published template
(recorded here from that template, in points, apart from the code under test). A box no
template holds is named in LEFT-OUT.txt and has no image."""

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli import main
from generator.export.tuck_boxes import SHOP_BOXES

PX = 300 / 72
MM_PER_PT = 25.4 / 72
#: The 54-card template's panels in points (x0, x1), left to right, and its panels' top and
#: bottom: where the shop's template draws its folds and its cuts, read off the template.
SIDE, BACK, SPINE, FRONT, GLUE = (8.75, 67.07), (67.07, 249.07), (249.07, 307.39), (307.39, 489.39), (489.39, 540.51)
TOP, BOTTOM = 103.07, 357.07


def game(folder: Path, cards: int, size: str = "poker", thickness: str = "0.3mm") -> Path:
    folder.mkdir(parents=True)
    items = "".join(f"  - {{title: Card {n}}}\n" for n in range(cards))
    (folder / "cards.yaml").write_text(f"kind: card\nlayout: small\nitems:\n{items}")
    (folder / "layouts").mkdir()
    (folder / "layouts" / "small.yaml").write_text(f"about: Cards.\nextends: card\nsize: {size}\n")
    (folder / "boxes.yaml").write_text(
        "kind: tuck-box\nlayout: tuck-box\nitems:\n"
        "  - {title: FRONT, subtitle: Fifty cards, back: The back panel's text, holds: cards.yaml, "
        f"card_thickness: {thickness}}}\n"
    )
    (folder / "game.yaml").write_text("name: Boxed\nengine: none\ncomponents: [cards.yaml, boxes.yaml]\n")
    return folder


def export(folder: Path, out: Path) -> Path:
    result = CliRunner().invoke(main, ["export", str(folder), "--profile", "thegamecrafter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / folder.name / "thegamecrafter"


@pytest.fixture(scope="module")
def fifty(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("fifty")
    return export(game(tmp / "g", 50), tmp / "out")


def ink(image: Image.Image, xs: tuple[float, float], ys: tuple[float, float] = (0, 10_000)) -> int:
    """The dark pixels (text) in the box between xs and ys, given in points."""
    grey = np.asarray(image.convert("L"))
    x0, x1 = (round(x * PX) for x in xs)
    y0, y1 = (round(y * PX) for y in ys)
    return int((grey[y0:y1, x0:x1] < 128).sum())


def test_fifty_cards_go_on_the_54_card_template_with_each_panels_art_in_its_panel(fifty):
    image = Image.open(fifty / "boxes" / "boxes-001-box.png")
    assert image.size == (2325, 1950)
    grey = np.asarray(image.convert("L"))
    dark = grey < 128
    assert dark.sum() == ink(image, (0, 558), (TOP, BOTTOM)), "all the text lies within the panels' height"
    total = int(dark.sum())
    inside = [ink(image, xs, (TOP, BOTTOM)) for xs in (SIDE, BACK, SPINE, FRONT)]
    assert all(count > 200 for count in inside), inside  # each panel shows its art
    assert sum(inside) == total  # and nothing lies on the glue flap or the flaps
    assert ink(image, GLUE) == 0
    # The same spine art on both sides.
    assert abs(inside[0] - inside[2]) < 0.05 * inside[0]
    # The background, the layout's, fills the whole image: the bleed and the flaps too.
    corner = np.asarray(image.convert("RGB"))[5, 5]
    assert tuple(corner) == (0xF4, 0xEF, 0xE2)


def test_the_title_reads_across_the_front_and_up_the_spine(fifty):
    """FRONT is wider than tall on the front panel, and taller than wide on a side."""
    grey = np.asarray(Image.open(fifty / "boxes" / "boxes-001-box.png").convert("L")) < 128

    def extent(xs: tuple[float, float]) -> tuple[int, int]:
        x0, x1 = (round(x * PX) for x in xs)
        rows, cols = np.nonzero(grey[:, x0:x1])
        return int(cols.max() - cols.min()), int(rows.max() - rows.min())

    front_w, front_h = extent(FRONT)
    spine_w, spine_h = extent(SIDE)
    assert front_w > front_h and spine_h > spine_w


@pytest.mark.parametrize(
    ("cards", "thickness", "pixels"),
    [
        (1, "0.3mm", (2100, 1800)),
        (54, "0.3mm", (2325, 1950)),  # 17.2 mm deep: the 54-card box, 20.6 mm deep
        (55, "0.3mm", (2550, 1950)),  # more cards than the shop puts in its 54-card box
        (50, "0.5mm", (2550, 1950)),  # 26 mm deep: too deep for the 54-card box, not the 72-card one (27.4)
    ],
)
def test_the_smallest_template_that_holds_the_deck_is_taken(tmp_path, cards, thickness, pixels):
    """The smallest template that takes as many cards and is as deep as the box."""
    shop = export(game(tmp_path / "g", cards, thickness=thickness), tmp_path / "out")
    assert Image.open(shop / "boxes" / "boxes-001-box.png").size == pixels
    assert not (shop / "LEFT-OUT.txt").exists()


def test_the_templates_are_the_shops_image_sizes():
    """Each template's image is the size the shop gives it; its four panels, the lid and the
    tuck flap above the back (36 pt) and a glue flap (32 pt at least) fit inside it."""
    assert [(box.cards, box.pixels) for box in SHOP_BOXES] == [
        (36, (2100, 1800)),
        (54, (2325, 1950)),
        (72, (2550, 1950)),
        (90, (2775, 2100)),
        (108, (3075, 2250)),
    ]
    for box in SHOP_BOXES:
        width, height = box.size
        panels = box.panels()
        for x, y, w, h in panels.values():
            assert 0 < x and x + w < width and 0 < y and y + h < height
        assert panels["back"][1] - box.depth - 36 * MM_PER_PT > 0
        front = panels["front"]
        assert front[0] + front[2] + 32 * MM_PER_PT < width


def test_a_box_no_template_holds_is_named_and_left_out(tmp_path):
    many = export(game(tmp_path / "many", 120), tmp_path / "out")
    assert not (many / "boxes").exists()
    said = (many / "LEFT-OUT.txt").read_text().splitlines()
    assert len(said) == 2 and said[1].endswith(
        "boxes.yaml, FRONT: it holds 120 cards, 37.0 mm deep; "
        "The Game Crafter's largest poker tuck box holds 108, 40.6 mm deep"
    )
    bridge = export(game(tmp_path / "bridge", 10, "bridge"), tmp_path / "out")
    assert not (bridge / "boxes").exists()
    said = (bridge / "LEFT-OUT.txt").read_text()
    assert "boxes.yaml, FRONT: it holds 57.1 x 88.9 mm cards; The Game Crafter's poker tuck boxes hold" in said
