"""A game's parts imposed onto sheets (generator/pipeline/imposition.py), the positions worked
out by hand for poker cards (63.5 x 88.9 mm, 3 mm bleed, no gap) on Letter (215.9 x 279.4 mm,
components from 5 + 5.5 mm in, so the first trim at 10.5 + 3 mm): card stock before paper
whatever the order of game.yaml, parts of one stock and sides sharing a sheet (unless printed
separately), each row bookmarked once on its first page, a duplex back mirrored across the
long edge behind its front, fronts and backs folded over onto one side, and a part too large
for the paper refused with what policy.too_large says of it."""

from pathlib import Path

import pytest

from generator.cache import BuildCache
from generator.games import load_game
from generator.layout.folders import context_for
from generator.pipeline.figures import as_picture
from generator.pipeline.imposition import impose, impose_front, imposition, part_plan
from generator.pipeline.parts import laid_game, printable
from generator.pipeline.policy import too_large
from generator.sheets.options import PrintOptions
from generator.sheets.paper import paper
from generator.sheets.printer import PrinterProfile
from generator.sources.errors import SourceError
from tests.pipeline.tiny import texts, write_game

LETTER = paper("letter")
#: A 40 x 40 mm card: the poker card's elements fitted into it.
MINI = """extends: card
size: {width: 40mm, height: 40mm}
elements:
  title: {type: text, field: title, x: 2mm, y: 2mm, width: 36mm, height: 8mm, size: 9pt}
  rule: {type: line, x: 2mm, y: 11mm, width: 36mm, height: 0mm, stroke: "#555555", stroke_width: 0.5pt}
  text: {type: text, field: text, x: 2mm, y: 13mm, width: 36mm, height: 16mm, size: 8pt}
  flavour: {type: text, field: flavour, x: 2mm, y: 30mm, width: 36mm, height: 8mm, size: 7pt}
"""


def tiny(folder: Path, mini: str = MINI):
    """The tiny game, its paper card C listed first, with two 40 mm cards M of card stock
    (layouts are read once a process: a game with another `mini` needs a folder of its own)."""
    write_game(folder)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "mini.yaml").write_text(mini)
    (folder / "mini.yaml").write_text("kind: card\nlayout: mini\nitems:\n  - {title: M, text: mini, count: 2}\n")
    (folder / "game.yaml").write_text("name: Tiny\nengine: none\ncomponents: [more.yaml, cards.yaml, mini.yaml]\n")
    game = load_game(folder)
    return game, printable(laid_game(game, context_for(game), BuildCache(None)))


def named(sheet) -> list[str]:
    return [Path(source).name for source in sheet.sources]


def test_card_stock_first_sizes_sharing_a_sheet_and_each_row_bookmarked_once(tmp_path):
    game, parts = tiny(tmp_path / "tiny")
    sheets = impose(parts, LETTER, game, PrintOptions(checklist=False))
    assert [named(s) for s in sheets] == [["cards.yaml", "mini.yaml"], [], ["more.yaml"], ["more.yaml"]]
    first = sheets[0]
    # the trims butt (no gap): from 10.5 + 3 mm in, in steps of 63.5 across and 88.9 down
    corners = [(13.5, 13.5), (13.5 + 63.5, 13.5), (13.5 + 2 * 63.5, 13.5), (13.5, 13.5 + 88.9)]
    assert first.placements[:4] == [pytest.approx((x, y, 63.5, 88.9)) for x, y in corners]
    assert [p[2:] for p in first.placements[4:]] == [(40.0, 40.0), (40.0, 40.0)]
    assert texts(first.items).count("A") == 3 and texts(first.items).count("M") == 2
    # M's row is the card kind's, already bookmarked on this page
    assert [s.bookmarks for s in sheets] == [("cards",), (), ("Extras",), ()]
    assert [s.side for s in sheets] == ["front", "", "front", "back"] and sheets[1].blank


def test_a_duplex_back_is_behind_its_front(tmp_path):
    game, parts = tiny(tmp_path / "tiny")
    front, back = impose(parts, LETTER, game, PrintOptions(checklist=False))[2:]
    (x, y, w, h), (bx, by, bw, bh) = front.placements[0], back.placements[0]
    assert (front.width, front.height) == (back.width, back.height) and (bw, bh) == (w, h)
    if front.width > front.height:  # turned over its long edge, the top one: top and bottom swap
        assert (bx, by) == pytest.approx((x, front.height - y - h))
    else:
        assert (bx, by) == pytest.approx((front.width - x - w, y))
    assert "gamma" in texts(front.items) and "Deck" in texts(back.items) and "gamma" not in texts(back.items)


def test_separate_parts_have_sheets_of_their_own(tmp_path):
    game, parts = tiny(tmp_path / "tiny")
    sheets = impose(parts, LETTER, game, PrintOptions(checklist=False, separate=True))
    assert [named(s) for s in sheets] == [["cards.yaml"], ["mini.yaml"], ["more.yaml"], ["more.yaml"]]
    assert [len(s.placements) for s in sheets] == [4, 2, 1, 1]


def test_fold_over_puts_front_and_back_on_one_side(tmp_path):
    game, parts = tiny(tmp_path / "tiny")
    sheets = impose(parts, LETTER, game, PrintOptions(checklist=False, fold_over=True))
    assert [named(s) for s in sheets] == [["cards.yaml", "mini.yaml"], ["more.yaml"]]
    folded = sheets[1]
    assert folded.side == "both" and {"gamma", "Deck"} <= set(texts(folded.items))
    assert len(folded.placements) == 2 and all(p[2:] == (63.5, 88.9) for p in folded.placements)


def test_with_the_checklist_the_front_matter_comes_first(tmp_path):
    game, parts = tiny(tmp_path / "tiny")
    sheets = impose(parts, LETTER, game, PrintOptions())
    assert [s.title for s in sheets[:2]] == ["cover", "checklist"]
    assert [named(s) for s in sheets[2:]] == [["cards.yaml", "mini.yaml"], [], ["more.yaml"], ["more.yaml"]]


def test_a_card_too_large_for_the_paper_is_refused_at_its_kind(tmp_path):
    game, parts = tiny(tmp_path / "huge", mini=MINI.replace("40mm, height: 40mm", "300mm, height: 300mm"))
    huge = next(p for p in parts if p.file.path.name == "mini.yaml")
    assert (huge.faces[0].front.width, huge.faces[0].front.height) == (300.0, 300.0)
    with pytest.raises(SourceError) as refused:
        impose(parts, LETTER, game, PrintOptions(checklist=False))
    assert refused.value.message == too_large(LETTER, huge)
    assert refused.value.loc.file.endswith("mini.yaml") and refused.value.loc.line == 1


def test_the_front_matter_alone_is_made_again_before_given_sheets_when_its_pages_are_as_many(tmp_path):
    """impose_front: what impose() makes of the parts, the components' sheets given (as swapped
    into kept sheets); None when the front matter would take another number of pages (the
    components' page numbers would change), or a printer's profile draws every page anew."""
    game = load_game(write_game(tmp_path / "g"))
    parts = list(printable(laid_game(game, context_for(game), BuildCache(None))))
    made = imposition(parts, LETTER, game, PrintOptions())
    components = made.sheets[made.front :]
    assert made.front == 2  # the cover and the checklist
    again = impose_front(parts, LETTER, game, PrintOptions(), as_picture, components, made.front)
    assert again == made.sheets and again[made.front :] == components
    assert impose_front(parts, LETTER, game, PrintOptions(), as_picture, components, made.front + 1) is None
    office = PrintOptions(printer=PrinterProfile("office", 1.006, 0.997))
    assert impose_front(parts, LETTER, game, office, as_picture, components, made.front) is None
    plain = imposition(parts, LETTER, game, PrintOptions(checklist=False))
    assert plain.front == 0 and plain.sheets == impose(parts, LETTER, game, PrintOptions(checklist=False))


@pytest.mark.parametrize(
    ("old", "new", "same"),
    [
        ("text: 'alpha'", "text: 'omega'", True),  # what A shows, not where it goes
        ("row: Extras", "row: Bonus", False),
        ("stock: paper", "stock: card", False),
        ("count: 3", "count: 4", False),
        ("layout: card-two-sided\n", "", False),  # C without a back
    ],
)
def test_a_parts_plan_is_what_imposing_reads_of_it_besides_what_its_faces_show(tmp_path, old, new, same):
    def plans() -> list[tuple]:
        game = load_game(folder)
        return [part_plan(part) for part in printable(laid_game(game, context_for(game), BuildCache(None)))]

    folder = write_game(tmp_path / "g")
    before = plans()
    for path in folder.glob("*.yaml"):
        path.write_text(path.read_text().replace(old, new))
    assert (plans() == before) == same
