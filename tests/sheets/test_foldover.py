"""Fold-over sheets: fronts on one side of a scored fold, each back at its front's mirror
image across it (turned half a revolution when the fold runs across), cut lines round the
fronts only; the plan holding the most parts wins. The plan for poker cards on Letter is
worked out by hand below."""

import pytest

from generator.layout.scene import Group, Polyline, Rect, Scene, Style, line_style
from generator.sheets.foldover import MIN_GUTTER, best_plan, fits_fold_over, impose_fold_over
from generator.sheets.paper import paper

LETTER = paper("letter")  # 215.9 x 279.4 mm, 5 mm margins
W, H, BLEED = 63.5, 88.9, 3.0


def card(name: str, bleed: float = BLEED) -> Scene:
    """A card with a cut outline of its own, to see that backs lose theirs."""
    return Scene(W, H, [Rect(0, 0, W, H, Style(fill="#ff0000")), Rect(0, 0, W, H, line_style("cut"))], bleed, name)


def test_poker_cards_fold_across_a_landscape_letter_four_a_sheet():
    # Room inside the 5 mm margins less the bleed: 205.9 x 269.4 mm portrait (199.9 x 263.4
    # without 2 bleeds). Gutter: 2 bleeds + 2 mm = 8 mm. Portrait, fold across: 3 across, and
    # (263.4 - 8) / 2 = 127.7 mm for one row each side: 3. Fold down: (199.9 - 8) / 2 = 96 mm:
    # one column of 2 rows: 2. Landscape across: 4 columns of one row: 4; down: 2 x 2 = 4. The
    # tie goes to the fold across.
    plan = best_plan(LETTER, card("c"))
    assert (plan.page.width, plan.page.height) == (LETTER.height, LETTER.width)
    assert (plan.down, plan.cols, plan.rows, plan.per_sheet) == (False, 4, 1, 4)
    # the block (2 rows and the gutter: 185.8 mm) is centred, so the fold is the page's middle
    assert plan.fold == pytest.approx(LETTER.width / 2)
    assert plan.fronts[0] == pytest.approx((12.7, 15.05, W, H))


def test_each_back_is_its_fronts_mirror_image_across_the_fold():
    fronts = [card(f"F{n}") for n in range(5)]
    backs = [card(f"B{n}") for n in range(4)] + [None]  # the last card is one-sided
    sheets = impose_fold_over(fronts, backs, LETTER, "cards")
    assert len(sheets) == 2  # 4 a sheet
    first, second = (p.sheet for p in sheets)
    assert first.side == second.side == "both"
    fold = LETTER.width / 2
    fronts_on, backs_on = first.placements[0::2], first.placements[1::2]
    assert len(fronts_on) == len(backs_on) == 4
    for (fx, fy, fw, fh), (bx, by, bw, bh) in zip(fronts_on, backs_on, strict=True):
        assert (bx, bw, bh) == (fx, fw, fh)
        assert fold - (fy + fh) == pytest.approx(by - fold)  # as far below the fold as above it
        assert by - (fy + fh) >= MIN_GUTTER
    assert len(second.placements) == 1  # the one-sided card has no back to place
    assert "fold on the dashed line, then cut" in sheets[0].label


def test_backs_are_turned_and_lose_their_cut_lines_and_the_fold_is_scored():
    sheet = impose_fold_over([card("F")], [card("B")], LETTER, "cards")[0].sheet
    placed = [item for item in sheet.items if isinstance(item, Group) and item.clip]
    front, back = placed
    assert front.items[1].style.role == "cut"  # the front keeps its outline
    (turned,) = back.items
    assert turned.transform == (-1, 0, 0, -1, W, H)  # half a revolution in its place
    assert [i.style.role for i in turned.items] == ["art"]
    fold = LETTER.width / 2
    (score,) = [i for i in sheet.items if isinstance(i, Polyline) and i.style.role == "score"]
    assert score.points[0][1] == score.points[1][1] == pytest.approx(fold)
    cuts = [i for i in sheet.items if isinstance(i, Polyline) and i.style.role == "cut"]
    assert cuts and all(max(p[1] for p in c.points) < fold for c in cuts)  # round the fronts only


def test_a_part_too_large_to_fold_over_is_refused():
    big = Scene(150, 200)
    assert not fits_fold_over(big, LETTER)
    assert fits_fold_over(card("c"), LETTER)
    with pytest.raises(ValueError, match="too large to fold over on Letter"):
        impose_fold_over([big], [big], LETTER, "boards")
