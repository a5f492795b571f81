"""Packing a sheet run of two sizes: the smaller cards share the poker cards' sheets when that
saves a sheet, every card is placed once, inside the page's printable area and clear of
every other, each fronts sheet is followed by its backs (mirrored for a long-edge flip and
moved by the back offset) unless duplex is off, and a size too large for the paper is
refused. Boxes are checked with geometry worked out here."""

from itertools import combinations

import pytest

from generator.layout.scene import Scene
from generator.sheets.pack import Batch, pack
from generator.sheets.paper import paper

LETTER = paper("letter")  # 215.9 x 279.4 mm, components from 10.5 mm in


def batch(label: str, count: int, w: float, h: float, backs: bool = True) -> Batch:
    fronts = tuple(Scene(w, h, name=f"{label}{n}") for n in range(count))
    back = tuple(Scene(w, h, name=f"{label}-back{n}") if backs else None for n in range(count))
    return Batch(label, fronts, back, (f"{label}.yaml",) * count, gap=0.0)


def overlap(a, b) -> bool:
    return (
        a[0] < b[0] + b[2] - 1e-6
        and b[0] < a[0] + a[2] - 1e-6
        and a[1] < b[1] + b[3] - 1e-6
        and b[1] < a[1] + a[3] - 1e-6
    )


def fronts_of(pending):
    return [p.sheet for p in pending if p.sheet.side == "front"]


def test_small_cards_share_the_poker_cards_sheets_when_that_saves_one():
    poker, small = batch("poker", 10, 63.5, 88.9), batch("small", 6, 40, 30)
    alone = len(fronts_of(pack([poker], LETTER))) + len(fronts_of(pack([small], LETTER)))
    shared = fronts_of(pack([poker, small], LETTER))
    # 10 poker cards need two sheets at 9 (or 6) a sheet, 6 small cards one: 3 apart, 2 shared
    assert alone == 3 and len(shared) == 2
    sizes = sorted((w, h) for sheet in shared for _, _, w, h in sheet.placements)
    assert sizes == sorted([(63.5, 88.9)] * 10 + [(40, 30)] * 6)  # every card once
    assert any(len(set(sheet.sources)) == 2 for sheet in shared)
    assert {source for sheet in shared for source in sheet.sources} == {"poker.yaml", "small.yaml"}


def test_every_card_is_inside_the_printable_area_and_clear_of_the_others():
    for sheet in fronts_of(pack([batch("poker", 10, 63.5, 88.9), batch("small", 6, 40, 30)], LETTER)):
        for x, y, w, h in sheet.placements:
            assert x >= LETTER.inset - 1e-6 and y >= LETTER.inset - 1e-6
            assert x + w <= LETTER.width - LETTER.inset + 1e-6 and y + h <= LETTER.height - LETTER.inset + 1e-6
        assert not any(overlap(a, b) for a, b in combinations(sheet.placements, 2))


def test_backs_follow_their_fronts_mirrored_for_a_long_edge_flip_and_offset():
    pending = pack([batch("poker", 10, 63.5, 88.9), batch("small", 6, 40, 30)], LETTER, "long", (0.5, -0.3))
    assert [p.sheet.side for p in pending] == ["front", "back", "front", "back"]
    for front, back in zip(pending[0::2], pending[1::2], strict=True):
        # turned over its long (left) edge, a card at x shows behind at W - x - w, same height
        expected = sorted((LETTER.width - x - w + 0.5, y - 0.3, w, h) for x, y, w, h in front.sheet.placements)
        assert sorted(back.sheet.placements) == pytest.approx(expected)
        assert back.sheet.sources == front.sheet.sources
        assert back.label.endswith(", backs")


def test_short_edge_backs_mirror_top_to_bottom():
    pending = pack([batch("poker", 4, 63.5, 88.9)], LETTER, "short")
    front, back = (p.sheet for p in pending)
    expected = sorted((x, LETTER.height - y - h, w, h) for x, y, w, h in front.placements)
    assert sorted(back.placements) == pytest.approx(expected)


def test_no_backs_when_one_sided_or_duplex_off():
    assert [p.sheet.side for p in pack([batch("poker", 4, 63.5, 88.9)], LETTER, "off")] == ["front"]
    assert [p.sheet.side for p in pack([batch("poker", 4, 63.5, 88.9, backs=False)], LETTER)] == ["front"]


def test_a_size_too_large_for_the_paper_is_refused():
    with pytest.raises(ValueError, match="300.0 x 400.0 mm does not fit on Letter"):
        pack([batch("board", 1, 300, 400)], LETTER)


def test_the_same_batches_give_the_same_sheets():
    def placements():
        batches = [batch("poker", 10, 63.5, 88.9), batch("small", 6, 40, 30)]
        return [p.sheet.placements for p in pack(batches, LETTER)]

    assert placements() == placements()
