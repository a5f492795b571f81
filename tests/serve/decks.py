"""Decks for the live preview's tests: one-line cards with no rules engine, so that every
finding on a card is the layout's."""

from pathlib import Path


def write_deck(folder: Path, cards: int, texts: dict[int, str] | None = None) -> Path:
    """A deck of `cards` cards, one line each; `texts` replaces some cards' text."""
    texts = texts or {}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    lines = [f"  - {{title: 'Card {n}', text: '{texts.get(n, f'Text {n}')}'}}" for n in range(1, cards + 1)]
    (folder / "cards.yaml").write_text("kind: card\nitems:\n" + "\n".join(lines) + "\n")
    return folder
