"""Hyphenation points from pyphen's dictionaries."""

import pyphen

from generator.text.hyphenation import dictionary_for, hyphen_points


def test_points_are_the_dictionarys_own():
    assert hyphen_points("hyphenation", "en") == tuple(pyphen.Pyphen(lang="en").positions("hyphenation"))
    assert hyphen_points("hyphenation", "en")


def test_language_codes_find_their_dictionaries():
    assert dictionary_for("de-DE") and dictionary_for("en_GB")
    assert dictionary_for("xx") is None
