"""The checklist's parts, each from a small hand-made build: page lists as a print dialog
takes them, the share of a sheet's printable area used, the steps a component needs (from
the line roles its faces draw), rows merged by label and stock and grouped stock by stock,
sheets totalled per stock (duplex backs and blank pages on their fronts' sheet), sheet runs
with their paper use, the notes on half-empty sheets, and the page itself."""

import pytest

from generator.layout.scene import Group, Polyline, Rect, Scene, Style, Text, line_style
from generator.layout.text import set_line
from generator.sheets.checklist import (
    STOCKS,
    WHY_OWN_SHEETS,
    WHY_RUN_ENDS,
    WHY_TILES,
    Row,
    cells,
    checklist_sheet,
    half_empty_notes,
    merged,
    page_list,
    pages_phrase,
    row,
    sheet_runs,
    sheet_use,
    steps_for,
    stock_totals,
)
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper

#: A 200 x 300 mm page with 10 mm margins: 180 x 280 mm printable.
PAGE = Paper("test", 200, 300, 10, 5)
CUT = "cut out on the solid lines"


def card_row(label: str, sheets: tuple[int, ...], stock: str = "card", **more) -> Row:
    values = dict(
        count=9 * len(sheets),
        size=(63.5, 88.9),
        stock=stock,
        two_sided=False,
        sheets=sheets,
        steps=(CUT,),
        use=(0.9,) * len(sheets),
        source=f"{label}.yaml",
    )
    return Row(label, **(values | more))


def test_page_list_joins_runs_as_a_print_dialog_takes_them():
    assert page_list((1, 2, 3, 5, 7, 8)) == "1-3, 5, 7-8"
    assert page_list((4,)) == "4"
    assert page_list(()) == "-"
    assert page_list((4, 4, 5)) == "4-5", "two rows on one page give it once (it was '4, 4-5')"
    assert page_list((13, 14, 7, 8, 9, 10, 11, 12, 13)) == "7-14"
    assert (pages_phrase((4, 4)), pages_phrase((2, 3))) == ("page 4", "pages 2-3")


def test_sheet_use_is_the_components_area_over_the_printable_area():
    sheet = Sheet(200, 300, placements=[(10, 10, 90, 140), (100, 10, 90, 140)])
    assert sheet_use(sheet, PAGE) == pytest.approx(2 * 90 * 140 / (180 * 280))  # 0.5


def test_steps_follow_the_line_roles_the_faces_draw():
    plain = Scene(60, 90, [Rect(0, 0, 60, 90, Style(fill="#ffffff")), *set_line(1, 5, "x", "DejaVuSans", 3)])
    folded = Scene(60, 90, [Group((Polyline(((0, 45), (60, 45)), line_style("score")),))])
    slotted = Scene(60, 90, [Polyline(((10, 10), (20, 10)), line_style("slit"))])
    assert steps_for([plain], False, False, False) == (CUT,)
    assert steps_for([plain, folded, slotted], False, False, False) == (
        CUT,
        "cut the slits inside",
        "score the dashed lines and fold",
    )
    tiled = steps_for([plain], True, True, True)
    assert tiled[0].startswith("trim each tile") and tiled[1].startswith("fold each sheet") and tiled[2] == CUT


def test_a_row_finds_its_pages_its_backs_and_its_use():
    fronts = [Scene(63.5, 88.9)] * 12
    sheets = [
        Sheet(200, 300, sources=("other.yaml",)),
        Sheet(200, 300, placements=[(10, 10, 63.5, 88.9)] * 9, sources=("cards.yaml",)),
        Sheet(200, 300, placements=[(10, 10, 63.5, 88.9)] * 9, sources=("cards.yaml",), side="back"),
        Sheet(200, 300, placements=[(10, 10, 63.5, 88.9)] * 3, sources=("cards.yaml", "other.yaml")),
    ]
    r = row("cards", "cards.yaml", fronts, True, False, False, "card", sheets, PAGE, first_page=3)
    assert (r.count, r.size, r.sheets, r.backs) == (12, (63.5, 88.9), (4, 5, 6), (5,))
    one = 63.5 * 88.9 / (180 * 280)
    assert r.use == pytest.approx((9 * one, 9 * one, 3 * one))
    assert r.half_empty == ((6, pytest.approx(3 * one)),)  # 3 cards use about a third


def test_rows_of_one_label_and_stock_merge_and_stocks_come_in_order():
    rows = [
        card_row("money", (1,), stock="paper", count=40),
        card_row("deeds", (2, 3), count=22, steps=(CUT,)),
        card_row("board", (5,), stock="board"),
        card_row("deeds", (3, 4), count=6, steps=(CUT, "score the dashed lines and fold")),
    ]
    out = merged(rows)
    assert [(r.label, r.stock) for r in out] == [("deeds", "card"), ("money", "paper"), ("board", "board")]
    deeds = out[0]
    assert (deeds.count, deeds.sheets, deeds.source) == (28, (2, 3, 4), "deeds.yaml, deeds.yaml")
    assert deeds.steps == (CUT, "score the dashed lines and fold")


def test_stock_totals_count_fronts_sheets_and_blanks_go_with_the_page_before():
    rows = [card_row("riders", (3, 4, 5, 6), backs=(4, 6)), card_row("money", (8, 9), stock="paper")]
    assert stock_totals(rows, blanks=(7,)) == [
        f"{STOCKS['card']}: 2 sheets (pages 3-7)",  # two duplex sheets; page 7 is page 6's sheet's back
        f"{STOCKS['paper']}: 2 sheets (pages 8-9)",
    ]
    assert stock_totals([card_row("one", (2,))]) == [f"{STOCKS['card']}: 1 sheet (pages 2)"]


def test_sheet_runs_join_rows_sharing_a_page_and_report_their_fronts_use():
    rows = [
        card_row("deeds", (2, 3, 4), use=(1.0, 0.8, 0.6), backs=(3,)),
        card_row("chance", (4, 5), use=(0.6, 0.4)),
        card_row("money", (7,), use=(0.25,)),
    ]
    first, second = sheet_runs(rows)
    assert (first.labels, first.pages) == (("deeds", "chance"), (2, 3, 4, 5))
    assert first.use == ((2, 1.0), (4, 0.6), (5, 0.4))  # page 3 is a backs page
    # (1.0 + 0.6 + 0.4) / 3 = 67%, the least on page 5
    assert (
        first.line() == "Pages 2-5, deeds, chance: 3 sheets, 67% of the printable area used (the least, page 5: 40%)."
    )
    assert second.line() == "Page 7, money: 1 sheet, 25% used."


def test_half_empty_notes_say_why():
    rows = [
        card_row("deeds", (2, 3), use=(0.9, 0.3), source="cards/deeds.yaml"),
        card_row("board", (5, 6), stock="board", use=(0.9, 0.9), tiled=True, source="board.yaml"),
        card_row("full", (7,), use=(0.95,)),
    ]
    notes = half_empty_notes(rows)
    assert notes == [
        f"Page 3 (30% used), deeds (deeds.yaml): {WHY_RUN_ENDS}.",
        f"Pages 5 (90% used), 6 (90% used), board (board.yaml): {WHY_TILES}.",
    ]
    assert half_empty_notes(rows[:1], separate=True) == [f"Page 3 (30% used), deeds (deeds.yaml): {WHY_OWN_SHEETS}."]


def test_cells_describe_the_sides_for_the_printer():
    two = card_row("riders", (3, 4), two_sided=True, steps=(CUT, "score the dashed lines and fold"))
    assert cells(two, "long", False) == (
        "riders",
        "18",
        "63.5 x 88.9 mm",
        STOCKS["card"],
        "double-sided, long-edge flip",
        "3-4",
        f"1. {CUT}. 2. score the dashed lines and fold.",
    )
    assert cells(two, "off", False)[4] == "double-sided (backs not printed)"
    assert cells(two, "long", True)[4] == "double-sided, fold-over"
    assert cells(card_row("x", (1,)), "long", False)[4] == "single-sided"


def test_the_checklist_page_lists_every_row_and_is_its_own_trim():
    rows = [card_row("deeds", (3, 4)), card_row("money", (5,), stock="paper", count=40)]
    sheet = checklist_sheet("Sliders", rows, PAGE, PrintOptions(), blanks=(6,))
    words = [item.text for item in sheet.items if isinstance(item, Text)]
    assert words[0] == "Sliders: checklist"
    assert any("58 components in 2 kinds. Print pages 3-5" in w for w in words)  # 18 + 40
    one = checklist_sheet("Sliders", rows[:1], PAGE, PrintOptions())
    assert any("18 components in 1 kind. Print" in item.text for item in one.items if isinstance(item, Text))
    assert {"deeds", "money", "Sheets per stock"} <= set(words)
    assert any(w.startswith("Page 6: left blank on purpose") for w in words)
    assert (sheet.trim, sheet.bookmarks, sheet.side) == ((0.0, 0.0, 200, 300), ("Checklist",), "")
