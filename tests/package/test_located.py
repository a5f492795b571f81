"""A Loc reads as an editor or a spreadsheet shows the place (file:line:col, or
file:Sheet!C14 in a workbook), column numbers become spreadsheet letters as a spreadsheet
names its columns, and places sort in file order (numbers compared as numbers)."""

import itertools
import string

import pytest

from generator.located import Loc, column_letter


def test_a_place_in_a_text_file_reads_file_line_column():
    assert str(Loc("cards.yaml", 3, 7)) == "cards.yaml:3:7"


def test_a_cell_of_a_workbook_reads_as_a_spreadsheet_names_it():
    assert str(Loc("cards.xlsx", 14, 3, "Cards")) == "cards.xlsx:Cards!C14"
    assert str(Loc("deck.xlsx", 2, 28, "Sheet 1")) == "deck.xlsx:Sheet 1!AB2"


@pytest.mark.parametrize(
    ("column", "letters"),
    [(1, "A"), (2, "B"), (26, "Z"), (27, "AA"), (52, "AZ"), (53, "BA"), (702, "ZZ"), (703, "AAA"), (16384, "XFD")],
)
def test_known_column_letters(column, letters):
    """16384 is XFD: the last column a spreadsheet of today has."""
    assert column_letter(column) == letters


def test_column_letters_count_like_a_spreadsheet_for_three_letters():
    """A, ..., Z, AA, ..., ZZ, AAA, ...: the names listed in that order, one per column."""
    names = (
        "".join(letters) for width in (1, 2, 3) for letters in itertools.product(string.ascii_uppercase, repeat=width)
    )
    for column, name in enumerate(names, 1):
        assert column_letter(column) == name


def test_places_sort_in_file_order():
    places = [Loc("b.yaml", 1, 1), Loc("a.yaml", 10, 2), Loc("a.yaml", 9, 30), Loc("a.yaml", 10, 1)]
    assert sorted(places) == [Loc("a.yaml", 9, 30), Loc("a.yaml", 10, 1), Loc("a.yaml", 10, 2), Loc("b.yaml", 1, 1)]


def test_a_place_cannot_be_changed():
    loc = Loc("cards.yaml", 3, 7)
    with pytest.raises(AttributeError):
        loc.line = 4  # type: ignore[misc]
    assert loc == Loc("cards.yaml", 3, 7) and hash(loc) == hash(Loc("cards.yaml", 3, 7))
