"""The live preview after an edit lays out again only what the edit changed.

A 200-card game is previewed, one card's text is saved, and the preview is drawn again as
the server does after a save (draw_preview with the game's PreviewMemo): the card kind's
draw() is drawn_titles to see which items it is called for, and the components are read back."""

from pathlib import Path

from generator import pickles
from generator.pipeline import PrintRun
from generator.project import OutputSettings, Project
from generator.serve.preview import GamePreview, PreviewMemo, draw_preview, finish_preview
from tests.serve.decks import write_deck as write_cards

CARDS = 200
TOO_LONG = " ".join(["overflowing"] * 400)


def write_deck(folder: Path, texts: dict[int, str] | None = None) -> Path:
    """A deck of CARDS cards; `texts` replaces some cards' text."""
    return write_cards(folder, CARDS, texts)


def project_of(game: Path) -> Project:
    """The game as `cutsheet serve` previews it, its build cache beside it."""
    return Project.find([game], output=OutputSettings(game.parent / "out"))


def components(preview: GamePreview) -> dict[str, str]:
    return {c.title: c.front.svg for g in preview.groups for c in g.components}


def all_findings(preview: GamePreview) -> list[str]:
    return [str(f) for f in preview.findings + [f for g in preview.groups for c in g.components for f in c.findings]]


def test_an_edit_to_one_card_lays_out_that_card_alone(tmp_path, drawn_titles):
    game, memo = write_deck(tmp_path / "big", {7: TOO_LONG}), PreviewMemo()
    first, _ = draw_preview(game, project_of(game), memo)
    assert len(drawn_titles) == CARDS
    findings = all_findings(first)
    assert any("L001" in f and "'Card 7'" in f for f in findings)

    drawn_titles.clear()
    write_deck(game, {7: TOO_LONG, 120: "Freshly saved words"})
    second, _ = draw_preview(game, project_of(game), memo)
    assert drawn_titles == ["Card 120"]
    before, after = components(first), components(second)
    assert "Freshly" in after["Card 120"] and "Freshly" not in before["Card 120"]
    assert {t for t in after if after[t] != before[t]} == {"Card 120"}
    # the untouched card 7 still reports its overflow, at the same place
    assert all_findings(second) == findings


def test_cards_whose_lines_moved_keep_their_faces_and_their_findings_move_with_them(tmp_path, drawn_titles):
    """A line added above cards moves them: none is laid out again, and a moved card's
    findings point at its new lines, as a fresh preview's do."""
    game, memo = write_deck(tmp_path / "big", {199: TOO_LONG}), PreviewMemo()
    first, _ = draw_preview(game, project_of(game), memo)
    assert any("L001" in f and "cards.yaml:201:" in f for f in all_findings(first))  # Card 199's overflow
    drawn_titles.clear()
    text = (game / "cards.yaml").read_text()
    (game / "cards.yaml").write_text(text.replace("  - {title: 'Card 198'", "  # a comment\n  - {title: 'Card 198'"))
    moved, _ = draw_preview(game, project_of(game), memo)
    assert drawn_titles == []
    fresh, _ = draw_preview(game, Project.find([game], output=OutputSettings(tmp_path / "fresh")), PreviewMemo())
    assert len(drawn_titles) == CARDS  # the fresh preview drew every card
    assert all_findings(moved) == all_findings(fresh)
    assert any("L001" in f and "cards.yaml:202:" in f for f in all_findings(moved))
    assert components(moved) == components(fresh) == components(first)


def test_a_layout_edit_lays_out_every_card_again(tmp_path, drawn_titles):
    game, memo = write_deck(tmp_path / "big"), PreviewMemo()
    draw_preview(game, project_of(game), memo)
    drawn_titles.clear()
    (game / "layouts").mkdir()
    (game / "layouts" / "card.yaml").write_text("extends: card\nbackground: '#ffeecc'\n")
    preview, _ = draw_preview(game, project_of(game), memo)
    assert len(drawn_titles) == CARDS
    assert all("#ffeecc" in front for front in components(preview).values())


def test_a_save_during_a_rebuild_shows_in_the_next(tmp_path, monkeypatch):
    """Saved after the preview read the game, before its layout was kept: the next rebuild
    (the one the save starts) shows the saved text, not the text the rebuild read."""
    game, memo = write_deck(tmp_path / "big"), PreviewMemo()
    first, run = draw_preview(game, project_of(game), memo)
    finish_preview(first, run)
    of, saves = PrintRun.of.__func__, [lambda: write_deck(game, {7: "Saved meanwhile"})]

    def saving(cls, *args, **kwargs):
        if saves:
            saves.pop()()
        return of(cls, *args, **kwargs)

    monkeypatch.setattr(PrintRun, "of", classmethod(saving))
    write_deck(game, {3: "Read by the rebuild"})
    second, run = draw_preview(game, project_of(game), memo)
    assert "Read" in components(second)["Card 3"] and "Saved" not in components(second)["Card 7"]
    finish_preview(second, run)
    third, _ = draw_preview(game, project_of(game), memo)
    assert "Saved" in components(third)["Card 7"] and "Read" not in components(third)["Card 3"]


def test_the_first_phase_shows_the_layout_before_its_drawings_are_cut_into_pieces(tmp_path, monkeypatch, drawn_titles):
    """Cutting a layout's drawings into the pieces its cache entry is written in is work for
    the second phase, when the store writes what it held: the first, which the page waits
    for, only lays out and draws. The next edit's layout still reuses the drawings."""
    cuts: list[int] = []
    cut = pickles._cut
    monkeypatch.setattr(pickles, "_cut", lambda mapping, members: cuts.append(len(mapping)) or cut(mapping, members))
    game, memo = write_deck(tmp_path / "big"), PreviewMemo()
    first, run = draw_preview(game, project_of(game), memo)
    assert cuts == []
    finish_preview(first, run)
    assert cuts and cuts[0] == CARDS * 2  # the drawings, each under its item's two fingerprints

    cuts.clear()
    drawn_titles.clear()
    write_deck(game, {120: "Freshly saved words"})
    second, run = draw_preview(game, project_of(game), memo)
    assert cuts == []
    assert drawn_titles == ["Card 120"]  # the others' drawings reused
    assert "Freshly" in components(second)["Card 120"]
    finish_preview(second, run)
    assert cuts
