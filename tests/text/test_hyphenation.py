"""Hyphenation points from pyphen's dictionaries."""

import pyphen
import pytest

from generator.games import load_game
from generator.sources.errors import SourceError
from generator.text.hyphenation import dictionary_for, hyphen_points


def test_points_are_the_dictionarys_own():
    assert hyphen_points("hyphenation", "en") == tuple(pyphen.Pyphen(lang="en").positions("hyphenation"))
    assert hyphen_points("hyphenation", "en")


def test_language_codes_find_their_dictionaries():
    assert dictionary_for("de-DE") and dictionary_for("en_GB")
    assert dictionary_for("xx") is None


def test_a_game_names_a_language_there_is_a_dictionary_for(tmp_path):
    (tmp_path / "cards.yaml").write_text("kind: card\nitems: [{title: A}]\n")
    game = "name: G\nengine: none\ncomponents: [cards.yaml]\nlanguage: {}\n"
    (tmp_path / "game.yaml").write_text(game.format("de"))
    assert load_game(tmp_path).language == "de"
    (tmp_path / "game.yaml").write_text(game.format("xx"))
    with pytest.raises(SourceError) as refused:
        load_game(tmp_path)
    assert (refused.value.loc.line, refused.value.loc.column) == (4, 11)
    assert "no hyphenation dictionary for language 'xx'" in refused.value.message
