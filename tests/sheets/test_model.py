"""A Sheet: a printed page's size, what is drawn on it and what the writers and the checklist
read of it. Its defaults are a fronts page with nothing placed, no trim, bleed, bookmarks or
sources, not blank; its lists are its own; and every field shows in its repr, which the build
cache hashes as the sheet's content, so a change to any field is a new sheet to write."""

from msgspec.structs import replace

from generator.layout.scene import Rect, Style
from generator.sheets.model import Sheet


def test_a_new_sheet_is_an_empty_fronts_page():
    sheet = Sheet(210, 297)
    assert (sheet.width, sheet.height, sheet.items, sheet.placements) == (210, 297, [], [])
    assert (sheet.trim, sheet.bleed, sheet.title) == (None, None, "")
    assert (sheet.side, sheet.sources, sheet.bookmarks, sheet.blank) == ("front", (), (), False)


def test_each_sheet_has_its_own_lists():
    one, two = Sheet(210, 297), Sheet(210, 297)
    one.items.append(Rect(0, 0, 1, 1, Style(fill="#000000")))
    one.placements.append((0, 0, 1, 1))
    assert two.items == [] and two.placements == []


def test_a_change_to_any_field_changes_the_repr_the_cache_hashes():
    base = Sheet(210, 297)
    changed = {
        "width": 211,
        "height": 298,
        "items": [Rect(0, 0, 1, 1, Style(fill="#000000"))],
        "trim": (10, 10, 50, 50),
        "bleed": (7, 7, 56, 56),
        "title": "deck: cards",
        "placements": [(10, 10, 50, 50)],
        "side": "back",
        "sources": ("cards.yaml",),
        "bookmarks": ("Cards",),
        "blank": True,
    }
    assert set(changed) == set(Sheet.__struct_fields__)  # every field is tried
    for name, value in changed.items():
        assert repr(replace(base, **{name: value})) != repr(base), name
