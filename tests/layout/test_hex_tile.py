"""`kind: hex-tile` (generator/layout/hex_tile.py, generator/sheets/hexes.py): hexagonal
tiles packed in a hex grid, read back from the PDF with pdfplumber: each tile's filled
hexagon, and the cut lines, every shared edge drawn once; the backs in register."""

from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import main

MM = 72 / 25.4


def game(folder: Path, orientation: str = "flat", bleed: str = "0mm") -> Path:
    """Ten two-sided tiles (nine forests burning, one lake drying) of the orientation."""
    (folder / "layouts").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Tiles\nengine: none\ncomponents: [tiles.yaml]\n")
    (folder / "layouts" / "tile.yaml").write_text(
        f"about: Tiles.\nextends: hex-tile-two-sided\nparams: {{orientation: {orientation}}}\nbleed: {bleed}\n"
        + ("size: {width: 43.3mm, height: 50mm}\n" if orientation == "pointy" else "")
    )
    (folder / "tiles.yaml").write_text(
        "kind: hex-tile\nlayout: tile\nitems:\n"
        "  - {title: Forest, text: Wood, back: Burnt, count: 9}\n  - {title: Lake, text: Fish, back: Dry}\n"
    )
    return folder


def build(tmp_path: Path, orientation: str = "flat"):
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["build", str(game(tmp_path / "g", orientation)), "--out", str(out), "--format", "pdf", "--no-checklist"]
    )
    return result, out / "g" / "g.pdf"


def point(x: float, y: float) -> tuple[float, float]:
    return round(x / MM, 1), round(y / MM, 1)


def hexagons(page) -> list[list[tuple[float, float]]]:
    """Each tile's filled hexagon as its six corners (mm, top-left origin)."""
    return [[point(x, y) for x, y in c["pts"][:6]] for c in page.curves if c.get("fill") and len(c["pts"]) >= 6]


def edges(corners: list[tuple[float, float]]) -> set[frozenset]:
    return {frozenset((a, b)) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)}


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_tiles_share_their_edges_and_each_edge_is_cut_once(tmp_path, orientation):
    result, pdf = build(tmp_path, orientation)
    assert result.exit_code == 0, result.output
    front = pdfplumber.open(pdf).pages[0]
    tiles = hexagons(front)
    assert len(tiles) == 10
    if orientation == "flat":  # two corners level at the top
        assert all(sorted(c[1] for c in tile)[0] == sorted(c[1] for c in tile)[1] for tile in tiles)
    else:  # one corner at the top
        assert all(sorted(c[1] for c in tile)[0] < sorted(c[1] for c in tile)[1] for tile in tiles)
    wanted = set().union(*(edges(tile) for tile in tiles))
    shared = sum(len(edges(tile)) for tile in tiles) - len(wanted)
    assert shared >= 10, "neighbours share edges"
    cuts = [
        frozenset((point(*line["pts"][0]), point(*line["pts"][-1])))
        for line in front.lines
        if line["stroking_color"] in ((0,), (0, 0, 0)) and line["top"] < max(c[1] for t in tiles for c in t) * MM
    ]
    assert len(cuts) == len(set(cuts)) == len(wanted)  # every edge, each once
    assert set(cuts) == wanted
    assert not front.rects  # no rectangle round a tile


def test_the_backs_are_in_register(tmp_path):
    result, pdf = build(tmp_path)
    assert result.exit_code == 0, result.output
    front, back = pdfplumber.open(pdf).pages[:2]
    width = round(float(front.width) / MM, 1)
    mirrored = {frozenset((round(width - x, 1), y) for x, y in tile) for tile in hexagons(front)}
    assert {frozenset(tile) for tile in hexagons(back)} == mirrored

    def at(page, text: str) -> tuple[float, float]:
        (word,) = [w for w in page.extract_words() if w["text"] == text]
        return (word["x0"] + word["x1"]) / 2 / MM, word["top"] / MM

    lake, dry = at(front, "Lake"), at(back, "Dry")
    assert dry[0] == pytest.approx(width - lake[0], abs=0.2)


def test_a_tile_with_a_bleed_is_refused(tmp_path):
    game(tmp_path / "g", bleed="2mm")
    result = CliRunner().invoke(main, ["build", str(tmp_path / "g"), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "its layout's bleed must be 0mm" in result.output
