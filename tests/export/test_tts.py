"""The Tabletop Simulator export (generator/export/tts.py), worked out by hand: a face sheet
holds at most 10 x 7 cards and at least 2 x 2; a card's pixels keep the sheet within
4096 px at no more than 200 dpi (a full sheet of poker cards: 4096 x 25.4 / (10 x 63.5) =
163.84 dpi, so 409 x 573 px a card); image URLs are under the image base with the file name
quoted; the saved object, read back with json, numbers each card by its sheet's CustomDeck
id times 100 plus its slot, copies sharing the slot of their one drawing; the images, read
back with Pillow, are the sizes the object says."""

import json

import pytest
from PIL import Image

from generator.export import raster
from generator.export.faces import Deck
from generator.export.tts import card_px, export_deck, export_tts, grid, image_url, plain_back, tiled
from generator.layout.scene import Group, Rect, Scene, Style, Text
from generator.layout.text import set_line


def face(name: str) -> Scene:
    """A white card with its name in 3 mm type, on the baseline 40 mm down from 4 mm in."""
    scene = Scene(63.5, 88.9, name=name)
    scene.add(Rect(0, 0, 63.5, 88.9, Style(fill="#ffffff")), *set_line(4, 40, name, "DejaVuSans", 3.0))
    return scene


def test_a_face_sheet_grid_holds_the_cards_within_10_by_7_and_at_least_2_by_2():
    assert [grid(n) for n in (1, 2, 4, 5, 10, 12, 69, 70)] == [
        (2, 2),
        (2, 2),
        (4, 2),
        (5, 2),
        (10, 2),
        (10, 2),
        (10, 7),
        (10, 7),
    ]


def test_card_pixels_keep_the_sheet_within_4096_px_and_200_dpi():
    w, h, dpi = card_px(face("A"), 10, 7)
    assert dpi == pytest.approx(163.84) and (w, h) == (409, 573)
    assert 10 * w <= 4096 and 7 * h <= 4096
    # one card alone is held to 200 dpi: 2.5 x 3.5 in
    assert card_px(face("A"), 1, 1) == (500, 700, 200)


def test_image_urls_are_under_the_base_with_the_name_quoted(tmp_path):
    assert image_url(tmp_path / "my deck-faces-01.png", "https://example.org/tts/") == (
        "https://example.org/tts/my%20deck-faces-01.png"
    )
    assert image_url(tmp_path / "a.png", "file:///x") == "file:///x/a.png"


def test_tiled_places_each_scene_row_by_row_clipped_to_its_trim():
    scenes = [face(str(n)) for n in range(5)]
    sheet = tiled(scenes, 3, 2)
    assert (sheet.width, sheet.height) == (3 * 63.5, 2 * 88.9)
    offsets = [group.transform[4:] for group in sheet.items]
    assert offsets == [(0, 0), (63.5, 0), (127.0, 0), (0, 88.9), (63.5, 88.9)]
    assert all(isinstance(g, Group) and g.clip == (0, 0, 63.5, 88.9) for g in sheet.items)


def test_a_plain_back_is_the_decks_label_on_a_tint():
    back = plain_back(face("A"), "cards")
    assert (back.width, back.height, back.name) == (63.5, 88.9, "cards back")
    assert [i.text for i in back.items if isinstance(i, Text)] == ["cards"]


def test_a_deck_object_numbers_its_cards_by_sheet_and_slot(tmp_path):
    fronts = [face(f"C{n}") for n in range(71)]
    deck = Deck("big", "big cards", [fronts[0], *fronts], [None] * 72)  # C0 twice
    obj, images = export_deck(deck, tmp_path, 3, "https://host/x")
    assert obj["Nickname"] == "big cards" and sorted(obj["CustomDeck"]) == ["3", "4"]
    ids = [card["CardID"] for card in obj["ContainedObjects"]]
    # 71 distinct cards: 70 on sheet 3 (ids 300-369), the last on sheet 4 (id 400)
    assert ids == [300, 300, *range(301, 370), 400] and obj["DeckIDs"] == ids
    assert [card["Nickname"] for card in obj["ContainedObjects"]][:3] == ["C0", "C0", "C1"]
    first, second = obj["CustomDeck"]["3"], obj["CustomDeck"]["4"]
    assert (first["NumWidth"], first["NumHeight"], second["NumWidth"], second["NumHeight"]) == (10, 7, 2, 2)
    assert first["FaceURL"] == "https://host/x/big-faces-01.png" and second["FaceURL"].endswith("big-faces-02.png")
    # one-sided: one plain back image for the deck, no unique backs
    assert first["BackURL"] == second["BackURL"] == "https://host/x/big-back.png" and not first["UniqueBack"]
    assert [image.path.name for image in images] == ["big-back.png", "big-faces-01.png", "big-faces-02.png"]
    assert [image.size for image in images] == [(500, 700), (4090, 4011), (1000, 1400)]


def test_unique_backs_get_sheets_of_their_own(tmp_path):
    fronts, backs = [face("A"), face("B")], [face("back A"), face("back B")]
    obj, images = export_deck(Deck("d", "d", fronts, backs), tmp_path, 1, "file:///o")
    (entry,) = obj["CustomDeck"].values()
    assert entry["UniqueBack"] and entry["BackURL"] == "file:///o/d-backs-01.png"
    assert [image.path.name for image in images] == ["d-faces-01.png", "d-backs-01.png"]


def test_the_saved_object_holds_every_deck_and_its_images_are_written(tmp_path, monkeypatch):
    monkeypatch.setattr(raster, "available_cores", lambda: 1)
    one = Deck("one", "ones", [face("A"), face("B")], [None, None])
    two = Deck("two", "twos", [face("C")], [face("back")])
    written = export_tts([one, two], tmp_path, [], "Tiny", "tiny", "file:///o")
    assert [path.name for path in written] == [
        "one-back.png",
        "one-faces-01.png",
        "two-back.png",
        "two-faces-01.png",
        "tiny.json",
    ]
    saved = json.loads((tmp_path / "tiny.json").read_text())
    assert saved["SaveName"] == "Tiny"
    first, second = saved["ObjectStates"]
    assert list(first["CustomDeck"]) == ["1"] and list(second["CustomDeck"]) == ["2"]
    assert second["DeckIDs"] == [200]
    for path in written[:-1]:
        with Image.open(path) as png:
            assert png.mode == "RGB"
    with Image.open(tmp_path / "one-faces-01.png") as png:  # 2 x 2 cards at 200 dpi
        assert png.size == (1000, 1400)
        # card A's name is drawn in its first slot: ink above its baseline, none below its descent
        px = 200 / 25.4  # pixels per mm of the card (500 px for 63.5 mm)
        name = png.convert("L").crop((round(4 * px), round(37.5 * px), round(7 * px), round(40 * px)))
        below = png.convert("L").crop((round(4 * px), round(41 * px), round(7 * px), round(44 * px)))
        assert name.getextrema()[0] < 100 and below.getextrema()[0] > 200
