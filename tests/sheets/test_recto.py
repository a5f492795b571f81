"""Pages left blank on purpose: a duplex fronts sheet followed by its backs that would fall
on an even page gets a blank page before it, saying why; one-sided sheets, backs and fronts
already on an odd page get none. Page numbers worked out by hand."""

from generator.layout.scene import Text
from generator.sheets.impose import PendingSheet
from generator.sheets.model import Sheet
from generator.sheets.paper import paper
from generator.sheets.recto import WHY, on_recto

LETTER = paper("letter")


def pending(*sides: str) -> list[PendingSheet]:
    """Sheets of these sides ("front", "back", "" for a one-sided page of front matter)."""
    return [
        PendingSheet(Sheet(LETTER.width, LETTER.height, side=side, title=f"s{n}"), None, f"s{n}")
        for n, side in enumerate(sides)
    ]


def pages(out: list[PendingSheet]) -> list[str]:
    return ["blank" if p.sheet.blank else p.sheet.title for p in out]


def test_a_duplex_front_on_an_even_page_gets_a_blank_before_it():
    # s0 one-sided on page 1; s1 (fronts, backs s2 after it) would be page 2: a blank goes first
    out = on_recto(pending("front", "front", "back"), 1, LETTER)
    assert pages(out) == ["s0", "blank", "s1", "s2"]
    blank = out[1]
    assert blank.label == "blank" and blank.slot is None
    text = " ".join(i.text for i in blank.sheet.items if isinstance(i, Text))
    assert text == f"This page is intentionally left blank. {WHY}"


def test_fronts_already_on_an_odd_page_need_none():
    assert pages(on_recto(pending("front", "front", "back"), 2, LETTER)) == ["s0", "s1", "s2"]
    assert pages(on_recto(pending("front", "back", "front", "back"), 1, LETTER)) == ["s0", "s1", "s2", "s3"]


def test_one_sided_sheets_need_no_blank_wherever_they_fall():
    assert pages(on_recto(pending("front", "front", "front"), 1, LETTER)) == ["s0", "s1", "s2"]


def test_each_duplex_pair_is_put_right_in_turn():
    # pages: s0 1 | s1 would be 2 -> blank 2, s1 3, s2 4 | s3 5 (one-sided) | s4 would be 6 -> blank 6, s4 7, s5 8
    out = on_recto(pending("front", "front", "back", "front", "front", "back"), 1, LETTER)
    assert pages(out) == ["s0", "blank", "s1", "s2", "s3", "blank", "s4", "s5"]
    fronts = [
        n for n, p in enumerate(out, 1) if p.sheet.side == "front" and n < len(out) and out[n].sheet.side == "back"
    ]
    assert all(n % 2 == 1 for n in fronts)
