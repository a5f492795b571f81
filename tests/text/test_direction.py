"""The bidi algorithm's levels (from python-bidi) and each line's visual order (rule L2)."""

from generator.text.direction import levels, may_be_rtl, paragraph_rtl, visual_order


def test_latin_text_is_all_left_to_right_without_running_the_algorithm():
    assert not may_be_rtl("Plain text, 123.")
    assert levels("Plain text", False) == (0,) * 10


def test_hebrew_in_a_latin_paragraph_and_numbers_in_a_hebrew_one():
    text = "abc שלום 123 def"
    got = levels(text, paragraph_rtl(text))
    assert got[:4] == (0, 0, 0, 0)
    assert set(got[4:8]) == {1}  # the Hebrew word
    assert set(got[9:12]) == {2}  # the number inside the right-to-left run
    assert got[-3:] == (0, 0, 0)
    assert paragraph_rtl("שלום world") and not paragraph_rtl("world שלום")


def test_visual_order_reverses_each_run_at_or_above_a_level():
    assert visual_order([0, 0]) == [0, 1]
    assert visual_order([1, 1, 1]) == [2, 1, 0]
    # "abc" [HEBREW] [123] [HEBREW] "def": the numbers keep their place inside the reversal.
    assert visual_order([0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4]
