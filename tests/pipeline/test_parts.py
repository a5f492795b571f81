"""A game's parts (generator/pipeline/parts.py): each component file laid out into the faces
of every copy at its layout's size (layouts/card.yaml: 63.5 x 88.9 mm, 3 mm bleed), copies
being the one drawing; each part's checklist row and stock as the file or its kind says; a
layout with errors refused by `printable`; an unknown kind refused at its place; the ink
saver's faces without the back's background fill; the layout stage kept in the build
cache until a file the game can see changes, or an art file it read does; and a layout
after an edit to the items reusing the latest one's drawings of the items left alone."""

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.cache import BuildCache, Files, files_digest
from generator.cli import main
from generator.findings import Severity
from generator.games import load_game
from generator.layout import memo as memo_module
from generator.layout.component import Faces
from generator.layout.folders import context_for
from generator.layout.memo import Drawing, DrawMemo
from generator.layout.scene import Rect, Scene
from generator.pipeline.parts import (
    Drawn,
    LaidGame,
    LatestLayout,
    LayoutFailed,
    laid_game,
    lay_out,
    print_context,
    printable,
    recalled,
)
from generator.pipeline.reading import read_game
from generator.sheets.options import PrintOptions
from generator.sources import game as sources_game
from generator.sources.errors import SourceError
from generator.sources.layouts import card_sizes
from tests.conftest import ROOT
from tests.pipeline.tiny import texts, write_game

TOO_LONG = " ".join(["overflowing"] * 400)


def test_each_file_is_laid_out_into_the_faces_of_every_copy(tmp_path):
    game = load_game(write_game(tmp_path / "tiny"))
    cards, more = lay_out(game, context_for(game))
    assert [f.path.name for f in (cards.file, more.file)] == ["cards.yaml", "more.yaml"]
    assert len(cards.faces) == 4 and len(more.faces) == 1
    # the three copies of A are one drawing; B is another
    assert cards.faces[0] is cards.faces[1] is cards.faces[2] and cards.faces[3] is not cards.faces[0]
    assert "A" in texts(cards.faces[0].front.items) and "beta" in texts(cards.faces[3].front.items)
    assert all(f.back is None for f in cards.faces) and "Deck" in texts(more.faces[0].back.items)
    size = card_sizes()[yaml.safe_load((ROOT / "layouts" / "card.yaml").read_text())["size"]]  # poker
    front = cards.faces[0].front
    assert (front.width, front.height) == (size.width, size.height) == (63.5, 88.9)
    assert front.bleed == 3.0 and cards.gap == 0.0


def test_the_row_and_stock_come_from_the_file_else_the_kind(tmp_path):
    game = load_game(write_game(tmp_path / "tiny"))
    cards, more = lay_out(game, context_for(game))
    assert (cards.row, cards.stock) == ("cards", "card")  # the card kind's label; not a board
    assert (more.row, more.stock) == ("Extras", "paper")


def test_a_layout_with_errors_is_not_printable(tmp_path):
    game = load_game(write_game(tmp_path / "tiny", text_a=TOO_LONG))
    laid = laid_game(game, context_for(game), BuildCache(None))
    assert laid.errors and all(f.code == "L001" and f.severity is Severity.ERROR for f in laid.errors)
    with pytest.raises(LayoutFailed) as failed:
        printable(laid)
    assert failed.value.findings == laid.errors
    assert "[L001]" in str(failed.value)
    clean = load_game(write_game(tmp_path / "clean"))
    laid = laid_game(clean, context_for(clean), BuildCache(None))
    assert not laid.errors and printable(laid) == laid.parts and len(laid.parts) == 2


def test_an_unknown_kind_is_refused_at_its_place(tmp_path):
    game = load_game(write_game(tmp_path / "tiny", kind="spaceship"))
    with pytest.raises(SourceError, match="unknown component kind 'spaceship'") as refused:
        lay_out(game, context_for(game))
    assert refused.value.loc.file.endswith("cards.yaml") and refused.value.loc.line == 1


def filled(scene) -> list[Rect]:
    """The rectangles of the scene that fill at least half of it."""
    return [
        i for i in scene.items if isinstance(i, Rect) and i.style.fill and i.w * i.h >= scene.width * scene.height / 2
    ]


def test_the_ink_saver_draws_the_backs_background_as_an_outline(tmp_path):
    game = load_game(write_game(tmp_path / "tiny"))
    plain = lay_out(game, print_context(game, PrintOptions()))[1].faces[0].back
    saver = lay_out(game, print_context(game, PrintOptions(ink_saver=True)))[1].faces[0].back
    # card-two-sided.yaml: back_background "#e8e4d8"
    assert [r.style.fill for r in filled(plain)] == ["#e8e4d8"]
    assert filled(saver) == [] and "Deck" in texts(saver.items)


def test_the_layout_stage_is_kept_until_a_source_changes(tmp_path, drawn_titles):
    folder, cache = write_game(tmp_path / "tiny"), tmp_path / "out" / ".cache"
    game = load_game(folder)
    first = laid_game(game, context_for(game), BuildCache(cache))
    assert drawn_titles == ["A", "B", "C"]
    again = laid_game(load_game(folder), context_for(game), BuildCache(cache))
    assert drawn_titles == ["A", "B", "C"] and again.source == first.source
    assert [len(p.faces) for p in again.parts] == [4, 1]
    write_game(folder, text_a="changed")
    edited = load_game(folder)
    laid_game(edited, context_for(edited), BuildCache(cache))
    # Laid out again: A, which changed, and C, whose file may read A's (another file of the
    # game); B, in A's file but unchanged, is taken from the latest layout.
    assert drawn_titles == ["A", "B", "C", "A", "C"]


def test_a_memo_learns_the_drawings_of_a_layout_taken_from_the_cache(tmp_path, drawn_titles):
    """A live preview opened on a game a build laid out takes its layout from the cache: its
    memo knows the drawings all the same, so its first edit draws the edited cards alone."""
    folder, cache = write_game(tmp_path / "tiny"), tmp_path / "out" / ".cache"
    game = load_game(folder)
    laid_game(game, context_for(game), BuildCache(cache))
    memo = DrawMemo()
    laid_game(load_game(folder), context_for(game), BuildCache(cache), memo)
    assert drawn_titles == ["A", "B", "C"]  # the build's, and none since
    write_game(folder, text_a="changed")
    edited = load_game(folder)
    laid_game(edited, context_for(edited), BuildCache(None), memo)  # a preview's store may keep nothing
    assert drawn_titles == ["A", "B", "C", "A", "C"]


def test_a_layout_reusing_the_latest_draws_what_a_fresh_one_does(tmp_path, drawn_titles):
    """The faces and findings of a layout that reused the latest one's drawings are those
    of a layout with no cache at all."""
    folder, cache = write_game(tmp_path / "tiny"), tmp_path / "out" / ".cache"
    game = load_game(folder)
    laid_game(game, context_for(game), BuildCache(cache))
    write_game(folder, text_a="changed")
    edited = load_game(folder)
    reused = laid_game(edited, context_for(edited), BuildCache(cache))
    fresh = laid_game(edited, context_for(edited), BuildCache(None))
    assert drawn_titles == ["A", "B", "C", "A", "C", "A", "B", "C"]
    assert [[(f.front, f.back) for f in p.faces] for p in reused.parts] == [
        [(f.front, f.back) for f in p.faces] for p in fresh.parts
    ]
    assert reused.findings == fresh.findings and reused.source == fresh.source


def test_a_build_without_a_cache_takes_no_fingerprint_and_keeps_no_drawing(tmp_path, monkeypatch, drawn_titles):
    """Nothing will look a layout up that a store keeping nothing (--no-cache) makes: its
    items are drawn as they come, none fingerprinted, and it holds no drawings for a next one."""

    def fingerprinted(item: object) -> bytes:
        raise AssertionError("an item was fingerprinted")

    monkeypatch.setattr(sources_game, "item_fingerprint", fingerprinted)
    monkeypatch.setattr(memo_module, "item_fingerprint", fingerprinted)
    folder = write_game(tmp_path / "tiny")
    game = read_game(folder, BuildCache(None))
    laid = laid_game(game, context_for(game), BuildCache(None))
    assert drawn_titles == ["A", "B", "C"] and dict(laid.drawn.drawings) == {}
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--no-cache", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    assert (out / "tiny" / "tiny.pdf").is_file()


def test_a_change_the_items_cannot_show_draws_every_item_again(tmp_path, drawn_titles):
    """An edit to game.yaml, or a run with the ink saver, draws every item: what the items
    are drawn with besides themselves changed."""
    folder, cache = write_game(tmp_path / "tiny"), tmp_path / "out" / ".cache"
    game = load_game(folder)
    laid_game(game, context_for(game), BuildCache(cache))
    laid_game(game, print_context(game, PrintOptions(ink_saver=True)), BuildCache(cache))
    assert drawn_titles == ["A", "B", "C", "A", "B", "C"]
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text() + "# edited\n")
    edited = load_game(folder)
    laid_game(edited, context_for(edited), BuildCache(cache))
    assert drawn_titles == ["A", "B", "C", "A", "B", "C", "A", "B", "C"]


def test_a_kept_layout_is_stale_once_an_art_file_it_read_changes(tmp_path):
    art = tmp_path / "art.png"
    art.write_bytes(b"one")
    laid = LaidGame((), (), "source", Drawn({}, frozenset({art}), files_digest([art])))
    assert laid.art_unchanged()
    art.write_bytes(b"two")
    assert not laid.art_unchanged()


def test_the_latest_layouts_drawings_that_read_changed_art_are_not_reused(tmp_path):
    art = tmp_path / "art.png"
    art.write_bytes(b"one")
    face = Faces(Scene(10.0, 10.0))
    drawings = {b"plain": Drawing(face, (), frozenset(), 1), b"pictured": Drawing(face, (), frozenset({art}), 2)}
    store, latest = BuildCache(tmp_path / "cache"), LatestLayout("game", "none", False, 0, Files(()))
    store.put(latest, Drawn(drawings, frozenset({art}), files_digest([art])))
    assert set(recalled(store, latest).drawings()) == {b"plain", b"pictured"}
    art.write_bytes(b"two")
    assert set(recalled(BuildCache(tmp_path / "cache"), latest).drawings()) == {b"plain"}
    assert recalled(BuildCache(tmp_path / "elsewhere"), latest).drawings() == {}


def build(folder: Path, out: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--format", "pdf", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize("edited", ["X", "Y"])  # the first card leaves the picture off, or keeps it
def test_a_rebuild_after_an_edit_reports_what_a_cold_build_does(tmp_path, edited):
    """A layout's own picture is one mistake however many cards draw it, reported once: a
    rebuild reusing the cards left alone reports it as a cold build of the edited game does
    (and fails as it does), whichever card draws it first."""
    folder = tmp_path / "g"
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.yaml").write_text("name: G\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "layouts" / "crest.yaml").write_text(
        "about: A card with a crest.\nextends: card\nelements:\n"
        "  crest: {type: image, file: art/crest.png, x: 2mm, y: 2mm, width: 8mm, height: 8mm, "
        "when: \"title != 'X'\"}\n"
    )
    cards = folder / "cards.yaml"
    cards.write_text("kind: card\nlayout: crest\nitems:\n  - {title: A, text: one}\n  - {title: B, text: two}\n")
    first = build(folder, tmp_path / "out")
    assert first[0] == 2 and first[1].count("crest.png") == 1
    cards.write_text(cards.read_text().replace("title: A", f"title: {edited}"))
    assert build(folder, tmp_path / "out") == build(folder, tmp_path / "cold", "--no-cache")
    assert not (tmp_path / "out" / "g" / "g.pdf").exists()
