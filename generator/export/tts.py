"""Tabletop Simulator: face sheets, a back image and a saved object to load them.

Each deck's distinct faces go on sheets of at most 10 x 7 cards (TTS's limit; its import
dialog wants at least 2 x 2); a deck with more faces spans several sheets, each its own
CustomDeck entry. Copies of a card share one slot. Backs: one image when every card has
the same back (or a plain one naming the deck when cards have none), or back sheets laid
out like the faces when backs differ (UniqueBack). BackIsHidden is set, so every slot of a
sheet holds a card. The saved object (`<game>.json`, for Saved Objects) refers to the images
by absolute URL, as Tabletop Simulator needs: file:// URLs of the files written, or, with an
image base, that URL followed by each file's name (for images uploaded to a web host).
"""

import json
import math
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

from generator.export.faces import Deck, shown
from generator.export.raster import SheetImage, write_sheet_pngs
from generator.layout.scene import Group, Rect, Scene, Style
from generator.layout.text import set_line
from generator.output import write_atomic
from generator.sheets.model import Sheet
from generator.units import PT

MAX_COLS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLS * MAX_ROWS
MAX_PX = 4096  # TTS loads larger images, but slowly and not on every machine
MAX_DPI = 200


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a face sheet holding `count` cards."""
    cols = max(2, min(MAX_COLS, count))
    return cols, max(2, math.ceil(count / cols))


def card_px(scene: Scene, cols: int, rows: int) -> tuple[int, int, float]:
    """Pixel size of one card on a cols x rows sheet no larger than MAX_PX, and its dpi."""
    dpi = min(MAX_DPI, MAX_PX * 25.4 / (cols * scene.width), MAX_PX * 25.4 / (rows * scene.height))
    return int(scene.width / 25.4 * dpi), int(scene.height / 25.4 * dpi), dpi


def tiled(scenes: list[Scene], cols: int, rows: int, corners: float = 0.0) -> Sheet:
    """The scenes in a cols x rows grid, trim to trim, row by row; cards with rounded
    corners without the cut line round them (Tabletop Simulator rounds its cards itself)."""
    w, h = scenes[0].width, scenes[0].height
    sheet = Sheet(cols * w, rows * h, title="tts", side="")
    for n, scene in enumerate(scenes):
        x, y = (n % cols) * w, (n // cols) * h
        sheet.items.append(Group(tuple(shown(scene.items, scene, corners)), (1, 0, 0, 1, x, y), clip=(0, 0, w, h)))
    return sheet


def plain_back(like: Scene, label: str) -> Scene:
    scene = Scene(like.width, like.height, name=f"{label} back")
    scene.add(
        Rect(0, 0, like.width, like.height, Style(fill="#d8d4c8")),
        *set_line(4, like.height / 2, label, "DejaVuSans-Bold", 12 * PT),
    )
    return scene


def _distinct(deck: Deck, unique_back: bool) -> tuple[list[int], list[int]]:
    """(index of each distinct card in the deck, slot number of every card): copies drawn
    from one item are the same Scene objects, so they share a slot."""
    slots: dict[tuple[int, int], int] = {}
    firsts: list[int] = []
    order: list[int] = []
    for n, front in enumerate(deck.fronts):
        key = (id(front), id(deck.backs[n]) if unique_back else 0)
        if key not in slots:
            slots[key] = len(firsts)
            firsts.append(n)
        order.append(slots[key])
    return firsts, order


def image_url(path: Path, image_base: str) -> str:
    """Where Tabletop Simulator finds an image: under `image_base`, the address the images
    are hosted at or the export folder's own file:// URL."""
    return f"{image_base.rstrip('/')}/{quote(path.name)}"


def export_deck(deck: Deck, out: Path, first_id: int, image_base: str) -> tuple[dict, list[SheetImage]]:
    """The deck's TTS object and the images it refers to; CustomDeck ids start at first_id."""
    unique_back = deck.two_sided and deck.common_back is None
    firsts, order = _distinct(deck, unique_back)
    images: list[SheetImage] = []
    custom: dict[str, dict] = {}
    back_url = ""
    if not unique_back:
        back = deck.common_back or plain_back(deck.fronts[0], deck.label)
        w, h, dpi = card_px(back, 1, 1)
        path = out / f"{deck.name}-back.png"
        images.append(SheetImage(path, tiled([back], 1, 1, deck.corners), (w, h), dpi))
        back_url = image_url(path, image_base)
    for s, start in enumerate(range(0, len(firsts), PER_SHEET)):
        chunk = firsts[start : start + PER_SHEET]
        cols, rows = grid(len(chunk))
        w, h, dpi = card_px(deck.fronts[0], cols, rows)
        faces = out / f"{deck.name}-faces-{s + 1:02d}.png"
        fronts = tiled([deck.fronts[i] for i in chunk], cols, rows, deck.corners)
        images.append(SheetImage(faces, fronts, (cols * w, rows * h), dpi))
        entry = {
            "FaceURL": image_url(faces, image_base),
            "BackURL": back_url,
            "NumWidth": cols,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": 0,
        }
        if unique_back:
            backs = out / f"{deck.name}-backs-{s + 1:02d}.png"
            scenes = [deck.backs[i] or plain_back(deck.fronts[i], deck.label) for i in chunk]
            images.append(SheetImage(backs, tiled(scenes, cols, rows, deck.corners), (cols * w, rows * h), dpi))
            entry["BackURL"] = image_url(backs, image_base)
        custom[str(first_id + s)] = entry
    cards = []
    for n, slot in enumerate(order):
        deck_id = first_id + slot // PER_SHEET
        card_id = deck_id * 100 + slot % PER_SHEET
        cards.append(
            {
                "Name": "Card",
                "Nickname": deck.fronts[n].name,
                "CardID": card_id,
                "Transform": _transform(0),
                "CustomDeck": {str(deck_id): custom[str(deck_id)]},
            }
        )
    obj = {
        "Name": "DeckCustom",
        "Nickname": deck.label,
        "Transform": _transform(first_id),
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }
    return obj, images


def _transform(slot: int) -> dict:
    return {
        "posX": 3.0 * slot,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def export_tts(
    decks: list[Deck], out: Path, icon_dirs: Sequence[Path], title: str, slug: str, image_base: str
) -> list[Path]:
    """Every deck's images and one saved-object JSON holding all the decks."""
    objects, images, next_id = [], [], 1
    for deck in decks:
        obj, deck_images = export_deck(deck, out, next_id, image_base)
        next_id += len(obj["CustomDeck"])
        objects.append(obj)
        images += deck_images
    write_sheet_pngs(images, icon_dirs)
    saved = {
        "SaveName": title,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }
    path = out / f"{slug}.json"
    write_atomic(path, (json.dumps(saved, indent=2) + "\n").encode("utf-8"))
    return [*(image.path for image in images), path]
