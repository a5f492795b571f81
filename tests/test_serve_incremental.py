"""The live preview after an edit lays out again only what the edit changed.

A 200-card game is previewed, one card's text is saved, and the preview is rebuilt as the
server does after a save: the card kind's draw() is watched to see which items it is
called for, and the page content is read back."""

from pathlib import Path
from unittest import mock

import pytest

from generator.layout.card import CardKind
from generator.serve.server import Previews
from generator.sheets.paper import paper

CARDS = 200
TOO_LONG = " ".join(["overflowing"] * 400)


def write_deck(folder: Path, texts: dict[int, str] | None = None) -> Path:
    """A deck of CARDS cards, one line each; `texts` replaces some cards' text."""
    texts = texts or {}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Big\nengine: none\ncomponents: [cards.yaml]\n")
    lines = [f"  - {{title: 'Card {n}', text: '{texts.get(n, f'Text {n}')}'}}" for n in range(1, CARDS + 1)]
    (folder / "cards.yaml").write_text("kind: card\nitems:\n" + "\n".join(lines) + "\n")
    return folder


@pytest.fixture
def watched():
    """Every CardKind.draw call, as the title of the item drawn."""
    calls: list[str] = []
    original = CardKind.draw

    def draw(self, item, layout, ctx):
        calls.append(item["title"])
        return original(self, item, layout, ctx)

    with mock.patch.object(CardKind, "draw", draw):
        yield calls


def components(previews: Previews, game: Path) -> dict[str, str]:
    return {c.title: c.front for g in previews.games[game.resolve()].groups for c in g.components}


def test_an_edit_to_one_card_lays_out_that_card_alone(tmp_path, watched):
    game = write_deck(tmp_path / "big", {7: TOO_LONG})
    previews = Previews([game], tmp_path / "out", paper("letter"))
    previews.rebuild()
    assert len(watched) == CARDS
    before = components(previews, game)
    findings = [str(f) for f in all_findings(previews, game)]
    assert any("L001" in f and "'Card 7'" in f for f in findings)

    watched.clear()
    write_deck(game, {7: TOO_LONG, 120: "Freshly saved words"})
    previews.rebuild([game.resolve()])
    assert watched == ["Card 120"]
    after = components(previews, game)
    assert "Freshly" in after["Card 120"] and "Freshly" not in before["Card 120"]
    assert {t for t in after if after[t] != before[t]} == {"Card 120"}
    # the untouched card 7 still reports its overflow, at the same place
    assert [str(f) for f in all_findings(previews, game)] == findings


def test_cards_whose_lines_moved_are_laid_out_again(tmp_path, watched):
    """Findings point at file:line:col: a card that moved down a line is drawn again."""
    game = write_deck(tmp_path / "big")
    previews = Previews([game], tmp_path / "out", paper("letter"))
    previews.rebuild()
    watched.clear()
    text = (game / "cards.yaml").read_text()
    (game / "cards.yaml").write_text(text.replace("  - {title: 'Card 198'", "  # a comment\n  - {title: 'Card 198'"))
    previews.rebuild([game.resolve()])
    assert watched == ["Card 198", "Card 199", "Card 200"]


def test_a_layout_edit_lays_out_every_card_again(tmp_path, watched):
    game = write_deck(tmp_path / "big")
    previews = Previews([game], tmp_path / "out", paper("letter"))
    previews.rebuild()
    watched.clear()
    (game / "layouts").mkdir()
    (game / "layouts" / "card.yaml").write_text("extends: card\nbackground: '#ffeecc'\n")
    previews.rebuild([game.resolve()])
    assert len(watched) == CARDS
    assert all("#ffeecc" in front for front in components(previews, game).values())


def all_findings(previews: Previews, game: Path) -> list:
    preview = previews.games[game.resolve()]
    return preview.findings + [f for g in preview.groups for c in g.components for f in c.findings]
