"""The print-shop exports (generator/export/shops.py), sizes worked out by hand at 300 dpi: a
poker card (2.5 x 3.5 in) is 750 x 1050 px of trim, so The Game Crafter's 1/8 in a side makes
825 x 1125 px and MakePlayingCards' 36 px a side 822 x 1122 px; a PNG per distinct face, read
back with Pillow; DriveThruCards' page order (a shared back first, else each back before its
front) and its PDF's boxes, read back with pypdf: trim plus 1/8 in (9 pt) each side."""

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.export import raster
from generator.export.faces import Deck
from generator.export.shops import (
    drivethru_pages,
    export_drivethrucards,
    export_makeplayingcards,
    export_thegamecrafter,
    mpc_size,
    tgc_size,
)
from generator.layout.scene import Rect, Scene, Style

POKER_PT = (2.5 * 72, 3.5 * 72)


def face(name: str, fill: str = "#3060c0") -> Scene:
    scene = Scene(63.5, 88.9, name=name)
    scene.add(Rect(0, 0, 63.5, 88.9, Style(fill=fill)))
    return scene


def test_the_shops_sizes_of_a_poker_card():
    deck = Deck("cards", "cards", [], [])
    assert tgc_size(deck, face("A")) == (825, 1125)
    assert mpc_size(deck, face("A")) == (822, 1122)
    # a bridge card, 2.25 x 3.5 in
    assert tgc_size(deck, Scene(57.15, 88.9)) == (750, 1125) and mpc_size(deck, Scene(57.15, 88.9)) == (747, 1122)


def test_drivethrucards_reads_a_shared_back_first_else_each_back_before_its_front():
    a, b, back = face("A"), face("B"), face("back")
    assert drivethru_pages(Deck("d", "d", [a, b], [back, back])) == [back, a, b]
    ba, bb = face("back A", "#aa0000"), face("back B", "#00aa00")
    assert drivethru_pages(Deck("d", "d", [a, b], [ba, bb])) == [ba, a, bb, b]
    assert drivethru_pages(Deck("d", "d", [a, b], [None, None])) == [a, b]
    assert drivethru_pages(Deck("d", "d", [a, b], [ba, None])) == [ba, a, b]


@pytest.mark.parametrize(
    ("export", "size"), [(export_thegamecrafter, (825, 1125)), (export_makeplayingcards, (822, 1122))]
)
def test_a_png_per_distinct_face_at_the_shops_size(tmp_path, monkeypatch, export, size):
    monkeypatch.setattr(raster, "available_cores", lambda: 1)
    a, b, back = face("A", "#c03030"), face("B"), face("back", "#30c030")
    shared = Deck("cards", "cards", [a, a, b], [back, back, back])  # A twice: one upload
    own = Deck("tokens", "tokens", [a, b], [face("x", "#303030"), None])
    written = export([shared, own], tmp_path, [])
    names = [path.relative_to(tmp_path).as_posix() for path in written]
    assert names == [
        "cards/cards-001-front.png",
        "cards/cards-003-front.png",
        "cards/cards-back.png",
        "tokens/tokens-001-front.png",
        "tokens/tokens-001-back.png",
        "tokens/tokens-002-front.png",
    ]
    with Image.open(tmp_path / "cards" / "cards-back.png") as png:
        assert png.size == size and png.mode == "RGB"
        # the background fills the bleed too, to the very corner
        assert png.getpixel((0, 0)) == png.getpixel((size[0] // 2, size[1] // 2)) == (0x30, 0xC0, 0x30)
    with Image.open(tmp_path / "cards" / "cards-001-front.png") as png:
        assert png.size == size and png.getpixel((size[0] // 2, size[1] // 2)) == (0xC0, 0x30, 0x30)


def test_drivethrucards_writes_a_pdf_per_deck_a_face_a_page(tmp_path):
    a, b, back = face("A"), face("B"), face("back")
    written = export_drivethrucards([Deck("cards", "cards", [a, a, b], [back, back, back])], tmp_path, [], "Tiny")
    assert written == [tmp_path / "cards.pdf"]
    reader = PdfReader(written[0])
    assert len(reader.pages) == 4  # the shared back, then every front, copies included
    assert reader.metadata.title == "Tiny: cards"
    width, height = POKER_PT
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width + 18, height + 18], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 9 + width, 9 + height], abs=0.01)
