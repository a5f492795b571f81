"""The Twisty Passages icon files: every icon the deck names, each a clean 100x100 SVG,
found where the build finds it (the game's own icons beside its code, then the shared ones)."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.twisty_passages import PLUGIN
from generator.layout.context import find_icon
from generator.layout.folders import context_for

ENGINE = PLUGIN.engine

ROOT = Path(__file__).resolve().parents[3]
GAME = load_game(ROOT / "components" / "twisty-passages")
SVG = "{http://www.w3.org/2000/svg}"
VOCABULARY = ["roll-a-die", "speed-dice", "discard", "discard-named", "stop", "star", "speed"] + [
    f"d6-{n}" for n in range(1, 7)
]


def named_icons() -> set[str]:
    deck = ENGINE.load_deck(GAME)
    return {name for card in deck.cards for name in card.effect.icons}


def icon_text(name: str) -> str:
    path = find_icon(name, context_for(GAME).icon_dirs)
    assert path is not None, name
    return path.read_text()


def test_the_deck_names_exactly_the_vocabulary():
    assert named_icons() == set(VOCABULARY)


@pytest.mark.parametrize("name", VOCABULARY)
def test_icon_is_a_clean_square_svg(name):
    text = icon_text(name)
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
    root = ET.fromstring(icon_text(f"d6-{face}"))
    assert len(root.findall(f"{SVG}circle")) == face
