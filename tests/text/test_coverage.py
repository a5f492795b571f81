"""Which face of a chain sets each character, read against the fonts' own cmaps."""

import pytest
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


def test_a_text_the_first_face_covers_whole_is_not_cut_into_clusters(monkeypatch):
    # A margin's "print at 100% · page 3 of 9": every character in the first face, which
    # sets every cluster then; cutting such a text into clusters took most of a fit's time.
    import generator.text.coverage as coverage

    text = "print at 100% · page 3 of 9 — «déjà»"
    cmap = TTFont(str(SANS.path)).getBestCmap()
    assert not text.isascii() and all(ord(char) in cmap for char in text)

    def cut(_text):
        raise AssertionError("cut into clusters")

    monkeypatch.setattr(coverage, "graphemes", cut)
    assert choose_faces(text, (SANS.key, PLAY.key)) == [0] * len(text)
    with pytest.raises(AssertionError, match="clusters"):  # a character the first face lacks
        choose_faces("Aש", (PLAY.key, SANS.key))
