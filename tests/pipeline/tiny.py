"""A tiny game for the pipeline's tests, and the text a drawing holds.

Tiny (engine: none) has cards.yaml, poker cards A (three copies) and B on card stock, and
more.yaml, card C with a back (card-two-sided) on paper under the checklist row "Extras"."""

from pathlib import Path

from generator.layout.scene import Group, Text


def write_game(folder: Path, text_a: str = "alpha", kind: str = "card", rules: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Tiny\nengine: none\ncomponents: [cards.yaml, more.yaml]\n")
    (folder / "cards.yaml").write_text(
        f"kind: {kind}\nitems:\n  - {{title: A, text: '{text_a}', count: 3}}\n  - {{title: B, text: beta}}\n"
    )
    (folder / "more.yaml").write_text(
        "kind: card\nlayout: card-two-sided\nrow: Extras\nstock: paper\nitems:\n"
        "  - {title: C, text: gamma, back: Deck}\n"
    )
    if rules is not None:
        (folder / "rules.md").write_text(rules)
    return folder


def texts(items) -> list[str]:
    """Every line of text drawn by `items`, groups included, in drawing order."""
    found = []
    for item in items:
        if isinstance(item, Group):
            found += texts(item.items)
        elif isinstance(item, Text):
            found.append(item.text)
    return found
