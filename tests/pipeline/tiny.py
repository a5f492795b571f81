"""A tiny game for the pipeline's tests, and the text a drawing holds.

Tiny (engine: none) has cards.yaml, poker cards A (three copies) and B on card stock, and
more.yaml, card C with a back (card-two-sided) on paper under the checklist row "Extras"."""

from pathlib import Path

from fontTools.ttLib import TTFont

from generator import shipped
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


def titled_in_own_face(folder: Path, shift: int) -> Path:
    """Tiny's cards titled in a face of the game's own (fonts/TinyTitle-Bold.ttf, of the
    family Tiny Title, which no shipped font has): DejaVu Sans Bold with the outlines of A,
    B and C moved up `shift` units. Called again, it replaces the face under its name."""
    (folder / "layouts").mkdir(exist_ok=True)
    (folder / "layouts" / "titled.yaml").write_text(
        "extends: card\nelements:\n  title: {type: text, field: title, x: 4mm, right: 4mm, y: 4.5%, height: 10%,"
        " font: Tiny Title, size: 11pt}\n"
    )
    cards = folder / "cards.yaml"
    if "layout: titled" not in cards.read_text():
        cards.write_text(cards.read_text().replace("kind: card\n", "kind: card\nlayout: titled\n", 1))
    font = TTFont(shipped.fonts_dir() / "DejaVuSans-Bold.ttf")
    for record in font["name"].names:
        if record.nameID in (1, 16):
            record.string = "Tiny Title"
        elif record.nameID in (4, 6):
            record.string = "TinyTitle-Bold"
    glyphs, letters = font["glyf"], font.getBestCmap()
    for letter in "ABC":
        glyph = glyphs[letters[ord(letter)]]
        glyph.coordinates.translate((0, shift))
        glyph.recalcBounds(glyphs)
    (folder / "fonts").mkdir(exist_ok=True)
    path = folder / "fonts" / "TinyTitle-Bold.ttf"
    font.save(path)
    return path
