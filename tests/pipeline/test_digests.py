"""Each sheet's digest (generator/pipeline/digests.py): it changes with anything the sheet
draws and with nothing else, and a face placed whole is read by the digest its drawing
holds, so a rebuild after an edit hashes again only the faces it drew."""

from pathlib import Path

import pytest

from generator.cache import BuildCache
from generator.games import load_game
from generator.layout import memo
from generator.layout.component import Faces
from generator.layout.memo import Drawing, DrawMemo
from generator.layout.scene import Group, Rect, Scene, Style, items_digest
from generator.pipeline import digests, imposed
from generator.pipeline.digests import drawn_from_digest, drawn_scenes, sheet_digests
from generator.pipeline.imposed import imposed_sheets
from generator.pipeline.imposition import impose
from generator.pipeline.parts import LaidGame, laid_game, lay_out, print_context
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import paper
from generator.shipped import components_dir
from tests.conftest import run_build
from tests.package.test_cache import deck


def face(fill: str) -> Scene:
    return Scene(63.5, 88.9, [Rect(0, 0, 63.5, 88.9, Style(fill=fill)), Rect(5, 5, 10, 10, Style(fill="#000000"))])


def drawing(scene: Scene) -> Drawing:
    return Drawing(Faces(scene), (), frozenset(), 1, digests=(items_digest(scene.items),))


def placed(scene: Scene, x: float = 10.0) -> Sheet:
    """A sheet placing the scene whole, as imposing places a card, beside a crop mark."""
    mark = Rect(0, 0, 5, 0.1, Style(fill="#000000", role="crop"))
    return Sheet(210, 297, [Group(tuple(scene.items), (1, 0, 0, 1, x, 10), (0, 0, 63.5, 88.9)), mark])


def digest(sheet: Sheet, *drawn: Drawing) -> str:
    (found,) = sheet_digests(["G: cards (sheet 1 of 1)"], [sheet], drawn_from_digest((), ""), drawn_scenes(drawn))
    return found


def test_a_sheet_digest_reads_a_face_placed_whole_by_its_drawings_digest():
    red = face("#ff0000")
    stand_in = Drawing(Faces(red), (), frozenset(), 1, digests=(b"\x01" * 32,))
    blue = face("#0000ff")
    other = Drawing(Faces(blue), (), frozenset(), 1, digests=(b"\x01" * 32,))
    # Two faces that differ, both standing for the same digest: the sheets read the digest alone.
    assert digest(placed(red), stand_in) == digest(placed(blue), other)
    assert digest(placed(red)) != digest(placed(blue))  # read item by item without it


def test_a_sheet_digest_changes_with_its_faces_content_and_with_nothing_else():
    red, also_red, blue = face("#ff0000"), face("#ff0000"), face("#0000ff")
    assert red.items[0] is not also_red.items[0]  # equal items, other objects
    assert digest(placed(red), drawing(red)) == digest(placed(also_red), drawing(also_red))
    assert digest(placed(red), drawing(red)) != digest(placed(blue), drawing(blue))
    assert digest(placed(red), drawing(red)) != digest(placed(red, x=11.0), drawing(red))  # moved on the sheet
    cropped = Sheet(210, 297, [Group(tuple(red.items[:1]), (1, 0, 0, 1, 10, 10))])
    assert digest(cropped, drawing(red)) == digest(cropped)  # not the scene whole: item by item


def test_a_rebuild_after_an_edit_hashes_only_the_faces_it_drew_again(tmp_path, monkeypatch):
    out = tmp_path / "out"
    run_build(str(deck(tmp_path / "cache", cards=30)), "--out", str(out), "--format", "pdf")
    hashed, read_whole = [], []
    monkeypatch.setattr(memo, "items_digest", lambda items: hashed.append(items) or items_digest(items))
    drawn_scene = digests._drawn_scene
    monkeypatch.setattr(
        digests, "_drawn_scene", lambda items, drawn: read_whole.append(found := drawn_scene(items, drawn)) or found
    )
    heads: list[str] = []
    sheet_digests = imposed.sheet_digests
    monkeypatch.setattr(imposed, "sheet_digests", lambda *args: heads.extend(args[0]) or sheet_digests(*args))
    run_build(str(deck(tmp_path / "cache", cards=30, changed=12)), "--out", str(out), "--format", "pdf")
    assert len(hashed) == 1  # card 12's face, drawn again
    # Hashed again: the front matter, made again, and the sheet of card 12 (cards 10 to 18),
    # each of whose nine faces is read by its digest.
    assert heads == ["Cache: cover (sheet 1 of 6)", "Cache: checklist (sheet 2 of 6)", "Cache: cards (sheet 4 of 6)"]
    assert sum(found is not None for found in read_whole) == 9


def test_a_drawing_holds_the_digest_of_each_of_its_scenes(tmp_path: Path, entry_names: dict[str, str]):
    front, back = face("#ff0000"), face("#00ff00")
    piece = Faces(face("#0000ff"))
    scenes = list(Faces(front, back, (piece,)).scenes())
    assert scenes == [front, back, piece.front]
    game = deck(tmp_path / "cache", cards=2)
    out = tmp_path / "out"
    run_build(str(game), "--out", str(out), "--format", "pdf")
    store = BuildCache(out / ".cache")
    files = load_game(game).files  # the layout's entry refers to them
    kept = [store.entry(entry_names[p.name], LaidGame, shared=files) for p in (out / ".cache").glob("*/*")]
    (laid,) = (found for found in kept if found is not None)
    for drawn in laid.drawn.drawings.values():
        assert drawn.digests == tuple(items_digest(scene.items) for scene in drawn.faces.scenes())


@pytest.mark.parametrize("game_name", ["slipmax", "sliders", "twisty-passages", "whipped", "chip-flip"])
def test_every_shipped_games_drawings_still_hold_their_scenes_digests_once_imposed(game_name):
    """A digest is taken as the item is drawn: a kind that added to a face afterwards (its
    draw_file, say), or imposing that did, would leave a stale one, and a stale cached page."""
    game = load_game(components_dir() / game_name)
    for options in (PrintOptions(), PrintOptions(ink_saver=True, duplex="short", fold_over=True)):
        memo = DrawMemo()
        parts = lay_out(game, print_context(game, options), memo)
        impose(parts, paper("letter"), game, options)
        drawings = memo.drawings().values()
        assert drawings
        for drawn in drawings:
            assert drawn.digests == tuple(items_digest(scene.items) for scene in drawn.faces.scenes())


def test_an_ink_saved_layout_read_back_from_the_cache_gives_its_sheets_the_same_digests(tmp_path: Path):
    """An ink-saved face is a scene of its own holding most of its drawing's items: read back,
    it holds the very items the drawings hold, as it did when laid out."""
    game = load_game(deck(tmp_path / "cache", cards=12))
    options = PrintOptions(ink_saver=True)
    made = laid_game(game, print_context(game, options), BuildCache(tmp_path / "store"))
    read = laid_game(game, print_context(game, options), BuildCache(tmp_path / "store"))
    assert read is not made and read.source == made.source  # read back whole

    def sheets_digests(laid: LaidGame, store: Path) -> list[str] | None:
        drawings, letter = laid.drawn.drawings, paper("letter")
        return imposed_sheets(laid.parts, laid.source, drawings, letter, game, options, (), BuildCache(store)).digests

    digests = sheets_digests(made, tmp_path / "made")
    assert digests and sheets_digests(read, tmp_path / "read") == digests


def test_a_build_without_a_cache_hashes_no_face_or_sheet_and_writes_the_same_files(tmp_path: Path, monkeypatch):
    """The digests name what a later build looks up: with --no-cache there is none, and the
    files are still those a build with the cache writes."""
    game = deck(tmp_path / "game", cards=12)
    run_build(str(game), "--out", str(tmp_path / "kept"), "--jobs", "1")

    def refused(*args: object) -> None:
        raise AssertionError("hashed for a cache the build does not have")

    monkeypatch.setattr(memo, "items_digest", refused)
    monkeypatch.setattr(imposed, "sheet_digests", refused)
    run_build(str(game), "--out", str(tmp_path / "scratch"), "--jobs", "1", "--no-cache")
    kept, scratch = (sorted((tmp_path / out).rglob("*.*")) for out in ("kept", "scratch"))
    kept = [path for path in kept if ".cache" not in path.parts]
    assert [p.relative_to(tmp_path / "kept") for p in kept] == [p.relative_to(tmp_path / "scratch") for p in scratch]
    assert {p.suffix for p in kept} >= {".pdf", ".svg", ".png"}
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(kept, scratch, strict=True))
