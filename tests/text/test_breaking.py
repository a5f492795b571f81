"""Line-break opportunities (UAX #14) and grapheme clusters (UAX #29)."""

from generator.text.breaking import break_units, graphemes


def test_breaks_after_spaces_and_hyphens_and_between_cjk_characters():
    assert break_units("well-known words") == ("well-", "known ", "words")
    assert break_units("日本語") == ("日", "本", "語")
    # No break before closing punctuation: "。" stays with the character before it.
    assert break_units("本。語") == ("本。", "語")


def test_a_letter_and_its_combining_marks_are_one_grapheme():
    assert graphemes("e\u0301a") == ["e\u0301", "a"]
