"""What goes where (generator/pipeline/policy.py): a part larger than the paper itself is
tiled and one well inside it is not, a part that is not a board and does not fit is left out
with a message whose sizes are worked out by hand from the paper preset, and parts share a
sheet run exactly when they have the same stock and sides (unless tiled, folded over or
printed separately)."""

from types import SimpleNamespace

from generator.layout.component import ComponentKind, Faces
from generator.layout.scene import Scene
from generator.pipeline.parts import Laid
from generator.pipeline.policy import fits_on, fitting, sheet_runs, tiled, too_large
from generator.sheets.options import PrintOptions
from generator.sheets.paper import paper

#: US Letter, 8.5 x 11 in, 5 mm margin and 5.5 mm crop-mark band (layouts/sheets/letter.yaml).
LETTER = paper("letter")
#: A custom paper far larger than anything below.
LARGE = paper("500mmx500mm")


class Thing(ComponentKind):
    name, label = "thing", "things"


class Board(ComponentKind):
    name, tileable = "board", True


def part(w: float, h: float, bleed: float = 0.0, kind: ComponentKind | None = None, **options) -> Laid:
    """A laid-out part of `copies` faces of w x h mm (two-sided with `back`), on `stock`."""
    copies, back, stock = options.get("copies", 1), options.get("back", False), options.get("stock")
    file = SimpleNamespace(row=None, stock=stock, shown=options.get("name", "part.yaml"))
    faces = [Faces(Scene(w, h, bleed=bleed), Scene(w, h, bleed=bleed) if back else None) for _ in range(copies)]
    return Laid(file, kind or Thing(), SimpleNamespace(gap=0.0), faces)


def test_the_paper_sizes_are_the_presets():
    assert (round(LETTER.width, 3), round(LETTER.height, 3), LETTER.inset) == (215.9, 279.4, 10.5)
    assert (LARGE.width, LARGE.height) == (500.0, 500.0)


def test_a_part_larger_than_the_paper_is_tiled_and_a_poker_card_is_not():
    assert not tiled(part(63.5, 88.9, 3.0, copies=9), LETTER)
    # 300 mm is more than either side of Letter, whichever way the page is turned
    assert tiled(part(300, 300), LETTER)
    assert not tiled(part(300, 300), LARGE)


def test_only_a_board_may_be_tiled_onto_the_paper():
    assert fits_on(LETTER, part(300, 300, kind=Board()))
    assert not fits_on(LETTER, part(300, 300))
    assert fits_on(LETTER, part(63.5, 88.9))


def test_too_large_names_the_size_with_bleed_and_the_printable_area():
    # 300 + 2 x 2 mm bleed; Letter less 2 x 10.5 mm inset: 215.9 - 21 and 279.4 - 21
    assert too_large(LETTER, part(300, 300, 2.0)) == (
        "things: 304.0 x 304.0 mm with bleed, too large for Letter paper, whose printable area is "
        "194.9 x 258.4 mm: choose a larger --paper"
    )


def test_fitting_leaves_out_only_what_is_too_large_and_no_board():
    card, huge, board = part(63.5, 88.9), part(250, 400, 1.0), part(300, 300, kind=Board())
    empty = Laid(SimpleNamespace(row=None, stock=None), Thing(), SimpleNamespace(gap=0.0), [])
    fit, said = fitting([card, huge, board, empty], LETTER)
    assert fit == [card, board, empty]
    assert said == [too_large(LETTER, huge)]
    assert said[0].startswith("things: 252.0 x 402.0 mm with bleed")
    assert fitting([card, huge, board], LARGE) == ([card, huge, board], [])


def test_parts_of_the_same_stock_share_a_run_in_their_order_one_sided_ones_with_two_sided():
    a, b = part(63.5, 88.9, name="a.yaml"), part(40, 40, name="b.yaml")
    two, two_again = part(63.5, 88.9, back=True), part(50, 50, back=True)
    paper_part = part(63.5, 88.9, stock="paper")
    board, other_board = part(300, 300, kind=Board(), name="e.yaml"), part(300, 300, kind=Board(), name="f.yaml")
    parts = [a, two, b, paper_part, board, two_again, other_board]
    runs = sheet_runs(parts, LETTER, PrintOptions())
    # by stock in order of first appearance, the one-sided card parts in the two-sided run
    # (their backs left blank); the paper part alone on its stock; each tiled board alone
    assert runs == [[a, two, b, two_again], [paper_part], [board], [other_board]]
    assert board.stock == other_board.stock == "board" and a.stock == "card" and paper_part.stock == "paper"
    # printing no backs, or folding them over, one- and two-sided parts keep runs of their own
    assert sheet_runs(parts, LETTER, PrintOptions(duplex="off"))[:2] == [[a, b], [two, two_again]]


def test_folded_over_two_sided_parts_and_separate_parts_run_alone():
    a, b = part(63.5, 88.9, name="a.yaml"), part(63.5, 88.9, name="b.yaml")
    two, two_again = part(63.5, 88.9, back=True, name="c.yaml"), part(63.5, 88.9, back=True, name="d.yaml")
    folded = sheet_runs([a, two, b, two_again], LETTER, PrintOptions(fold_over=True))
    assert folded == [[a, b], [two], [two_again]]
    separate = sheet_runs([a, two, b, two_again], LETTER, PrintOptions(separate=True))
    assert separate == [[a], [two], [b], [two_again]]
