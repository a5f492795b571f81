"""The Twisty Passages icon files: every icon the deck names, each a clean 100x100 SVG."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.twisty_passages import ENGINE

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "layouts" / "icons"
SVG = "{http://www.w3.org/2000/svg}"
VOCABULARY = ["roll-a-die", "speed-dice", "discard", "discard-named", "stop", "star", "speed"] + [
    f"d6-{n}" for n in range(1, 7)
]


def named_icons() -> set[str]:
    deck = ENGINE.load_deck(load_game(ROOT / "components" / "twisty-passages"))
    return {name for card in deck.cards for name in card.effect.icons}


def test_the_deck_names_exactly_the_vocabulary():
    assert named_icons() == set(VOCABULARY)


@pytest.mark.parametrize("name", VOCABULARY)
def test_icon_is_a_clean_square_svg(name):
    text = (ICONS / f"{name}.svg").read_text()
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 100 100"
    tags = {element.tag.removeprefix(SVG) for element in root.iter()}
    assert tags <= {"svg", "path", "rect", "circle", "g"}  # no text, image or use elements
    assert "href" not in text and "url(" not in text  # no external references
    for element in root.iter():
        for attribute in ("fill", "stroke"):
            assert element.get(attribute) in (None, "none", "#000")  # black on transparent


@pytest.mark.parametrize("face", range(1, 7))
def test_die_faces_show_their_number_of_pips(face):
    root = ET.fromstring((ICONS / f"d6-{face}.svg").read_text())
    assert len(root.findall(f"{SVG}circle")) == face
