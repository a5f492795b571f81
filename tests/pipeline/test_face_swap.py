"""Sheets after an edit made from the last sheets (generator/pipeline/face_swap.py): a changed
front swapped in its place gives the very sheets impose() makes of the edited game, and a
face that cannot be swapped so (a back, a tiled board, a face drawn as it was elsewhere, one
that became two, one placed otherwise than whole) is not swapped."""

import shutil
from collections.abc import Callable
from pathlib import Path

from msgspec.structs import replace

from generator.games import load_game
from generator.layout.memo import DrawMemo
from generator.layout.scene import Group, Rect, Style
from generator.pipeline import face_swap
from generator.pipeline.digests import drawn_scenes, sheet_digests
from generator.pipeline.face_swap import swapped
from generator.pipeline.imposition import Imposition, imposition, part_plan
from generator.pipeline.parts import Laid, lay_out, print_context
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import paper
from tests.conftest import COMPONENTS
from tests.pipeline.tiny import texts, write_game

LETTER = paper("letter")
OPTIONS = PrintOptions()


def laid(folder: Path, memo: DrawMemo) -> list[Laid]:
    game = load_game(folder)
    return lay_out(game, print_context(game, OPTIONS), memo)


def edited(folder: Path, old: str, new: str) -> None:
    """The component files with `old` written `new`."""
    for path in folder.glob("*.yaml"):
        path.write_text(path.read_text().replace(old, new))


def swap_after(folder: Path, old: str, new: str) -> tuple[face_swap.Swapped | None, list[Sheet], list[Sheet]]:
    """The game's sheets imposed, `old` edited to `new`, laid out again reusing every drawing
    the edit left alone: the swap of the edited faces into the components' sheets; those
    sheets as impose() makes them of the edited game, whose digests a swap's must equal (a
    digest reads a face placed whole, as the layout drew it, by its drawing's), and so must
    the last sheets' digests wherever the swap says nothing changed; and the last sheets."""
    memo = DrawMemo()
    before = laid(folder, memo)
    kept = imposition(before, LETTER, load_game(folder), OPTIONS)
    heads = [f"sheet {n}" for n in range(len(kept.sheets) - kept.front)]
    kept_digests = sheet_digests(heads, kept.sheets[kept.front :], "", drawn_scenes(memo.drawings().values()))
    edited(folder, old, new)
    after = laid(folder, memo)
    assert [part_plan(p) for p in after] == [part_plan(p) for p in before]
    fresh = imposition(after, LETTER, load_game(folder), OPTIONS)
    assert fresh.front == kept.front
    done = swapped(kept.sheets[kept.front :], [tuple(part.faces) for part in before], after, LETTER)
    components = fresh.sheets[fresh.front :]
    drawn = drawn_scenes(memo.drawings().values())
    digests = sheet_digests(heads, components, "", drawn)
    if done is not None:
        assert sheet_digests(heads, done.sheets, "", drawn) == digests
        assert [d for n, d in enumerate(kept_digests) if n not in done.changed] == [
            d for n, d in enumerate(digests) if n not in done.changed
        ]
    return done, components, kept.sheets[kept.front :]


def cards_only(folder: Path) -> Path:
    """A game of one file: card A three times, B, and twelve cards more, on two sheets."""
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Cards\nengine: none\ncomponents: [cards.yaml]\n")
    more = "".join(f"  - {{title: 'M{n}', text: more}}\n" for n in range(12))
    items = "  - {title: A, text: alpha, count: 3}\n  - {title: B, text: beta}\n" + more
    (folder / "cards.yaml").write_text("kind: card\nitems:\n" + items)
    return folder


def test_a_changed_front_is_swapped_into_the_sheets_impose_makes(tmp_path):
    """In the tiny game, C (in more.yaml) is drawn again as it was after an edit to cards.yaml:
    swapped too, its front and its back, which its sheets place whole; but only the sheets
    that show the edit changed."""
    done, fresh, kept = swap_after(write_game(tmp_path / "g"), "alpha", "omega")
    assert done is not None and done.sheets == fresh
    assert not any("alpha" in texts(sheet.items) for sheet in done.sheets)
    assert done.changed == {n for n, sheet in enumerate(fresh) if "omega" in texts(sheet.items)}
    redrawn = [n for n, sheet in enumerate(done.sheets) if n not in done.changed and sheet.placements]
    assert redrawn  # C's sheets: swapped, unchanged
    for n in redrawn:
        assert done.sheets[n] is not kept[n] and done.sheets[n] == kept[n]


def test_sheets_without_a_changed_face_are_the_kept_objects(tmp_path):
    folder = cards_only(tmp_path / "g")
    memo = DrawMemo()
    before = laid(folder, memo)
    kept = imposition(before, LETTER, load_game(folder), OPTIONS)
    edited(folder, "text: beta", "text: omega")
    done = swap(kept, before, laid(folder, memo))
    assert done is not None and len(done.sheets) > 1
    assert done.changed == {n for n, sheet in enumerate(done.sheets) if "omega" in texts(sheet.items)}
    for n, sheet in enumerate(done.sheets):
        assert (sheet is kept.sheets[kept.front + n]) == (n not in done.changed)


def test_a_changed_back_is_not_swapped(tmp_path):
    done, _, _ = swap_after(write_game(tmp_path / "g"), "back: Deck", "back: Other deck")
    assert done is None


def test_a_tiled_board_is_not_swapped(tmp_path, monkeypatch):
    monkeypatch.setattr(face_swap, "tiled", lambda part, paper: True)
    done, _, _ = swap_after(cards_only(tmp_path / "g"), "alpha", "omega")
    assert done is None


def test_nothing_changed_swaps_nothing(tmp_path):
    done, fresh, _ = swap_after(cards_only(tmp_path / "g"), "no such text", "")
    assert done is not None and done.changed == frozenset() and done.sheets == fresh


def twins_edited(folder: Path, edit: Callable[[str], str]) -> tuple[list[Laid], list[Laid], Imposition]:
    """The tiny game with B twice, the same card (drawn once, one face), laid out and imposed;
    then cards.yaml edited and laid out again: the parts before and after, and the sheets."""
    write_game(folder)
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text() + "  - {title: B, text: beta}\n")
    memo = DrawMemo()
    before = laid(folder, memo)
    assert before[0].faces[3].front is before[0].faces[4].front  # A three times, then B twice: one drawing
    kept = imposition(before, LETTER, load_game(folder), OPTIONS)
    cards.write_text(edit(cards.read_text()))
    return before, laid(folder, memo), kept


def swap(kept: Imposition, before: list[Laid], after: list[Laid]) -> face_swap.Swapped | None:
    return swapped(kept.sheets[kept.front :], [tuple(part.faces) for part in before], after, LETTER)


def test_a_face_still_drawn_as_it_was_elsewhere_is_not_swapped(tmp_path):
    before, after, kept = twins_edited(tmp_path / "g", lambda text: text[: text.rindex("beta}")] + "beta two}\n")
    assert after[0].faces[3].front is before[0].faces[3].front  # the first B as it was, the second edited
    assert swap(kept, before, after) is None


def test_one_face_that_became_two_is_not_swapped(tmp_path):
    before, after, kept = twins_edited(
        tmp_path / "g", lambda text: text.replace("text: beta}", "text: bet}", 1).replace("text: beta}", "text: bat}")
    )
    assert texts(after[0].faces[3].front.items) != texts(after[0].faces[4].front.items)
    assert swap(kept, before, after) is None


def test_a_face_placed_otherwise_than_whole_is_not_swapped(tmp_path):
    folder = write_game(tmp_path / "g")
    memo = DrawMemo()
    before = laid(folder, memo)
    kept = imposition(before, LETTER, load_game(folder), OPTIONS)
    components = kept.sheets[kept.front :]
    a = before[0].faces[0].front.items
    mark = Rect(0, 0, 1, 1, Style(fill="#000000"))
    bare = replace(components[0], items=[Group((*a, mark))])  # A's items and more, not A whole
    edited(folder, "alpha", "omega")
    after = laid(folder, memo)
    assert swapped([bare, *components[1:]], [tuple(p.faces) for p in before], after, LETTER) is None


def test_a_shipped_games_edited_card_is_swapped_past_parts_that_draw_no_faces(tmp_path):
    """Sliders: its card backs are a file whose part draws no faces (they back the chance and
    community chest cards, which are drawn again, as they were, with the edited one)."""
    folder = shutil.copytree(COMPONENTS / "sliders", tmp_path / "sliders")
    done, fresh, _ = swap_after(folder, "title: Slide to GO", "title: Slide to GO now")
    assert done is not None and done.sheets == fresh
    assert any("now" in " ".join(texts(sheet.items)) for sheet in done.sheets)
