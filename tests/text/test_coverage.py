"""Which face of a chain sets each character, read against the fonts' own cmaps."""

from fontTools.ttLib import TTFont

from generator.sources.fonts import read_face, shipped_book
from generator.text.coverage import MISSING, char_name, choose_faces
from tests.type_fonts import boxes_cff

BOOK = shipped_book()
SANS = BOOK.face("DejaVu Sans", None)
PLAY = BOOK.face("Play", None)


def test_each_character_takes_the_first_face_of_the_chain_that_has_it():
    play_cmap = TTFont(str(PLAY.path)).getBestCmap()
    text = "Aש"
    assert ord("ש") not in play_cmap and ord("A") in play_cmap
    assert choose_faces(text, (PLAY.key, SANS.key)) == [0, 1]


def test_a_character_no_face_has_is_missing():
    assert choose_faces("a🎲", (PLAY.key, SANS.key)) == [0, MISSING]
    assert char_name("🎲") == "'🎲' (U+1F3B2 GAME DIE)"


def test_a_letter_and_its_mark_stay_in_one_face(tmp_path):
    # Boxes has "e" but no combining acute: both go to the face that has both.
    boxes = read_face(boxes_cff(tmp_path / "Boxes.otf"))
    assert 0x301 not in TTFont(str(boxes.path)).getBestCmap()
    assert choose_faces("e\u0301x", (boxes.key, SANS.key)) == [1, 1, 0]
