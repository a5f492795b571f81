"""A character that its font has no glyph for never prints as an empty box: it is finding
L011 at the place the text was written (the item's field, the layout's element), naming the
character and the font, and nothing is written. The rules pages stop the same way. White
space, which is never drawn, needs no glyph."""

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main
from generator.layout.fonts import missing_glyphs

JAPANESE = "'日' (U+65E5 CJK UNIFIED IDEOGRAPH-65E5), '本' (U+672C CJK UNIFIED IDEOGRAPH-672C)"
DIE = "'🎲' (U+1F3B2 GAME DIE)"
NO_GLYPH = "which font {font} has no glyph for: it would print as an empty box"


def write_game(folder: Path, items: str, layout: str = "", rules: str = "") -> None:
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text(f"kind: card\nitems:\n{items}")
    if layout:
        (folder / "layouts" / "card.yaml").write_text(f"extends: card\nelements:\n{layout}")
    if rules:
        (folder / "rules.md").write_text(rules)


def build(folder: Path, out: Path, *options: str):
    args = ["build", str(folder), "--out", str(out), "--format", "pdf", "--duplex", "off", *options]
    return CliRunner().invoke(main, args)


def pdf_of(out: Path) -> Path:
    return out / "deck" / "deck.pdf"


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_fields_missing_characters_are_an_error_at_the_field(here):
    write_game(here / "deck", "  - {title: Tea, text: お茶と日本}\n")
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code != 0
    expected = (
        "deck/cards.yaml:3:24: error [L011] the text of element 'text' of 'Tea' has "
        "'お' (U+304A HIRAGANA LETTER O), '茶' (U+8336 CJK UNIFIED IDEOGRAPH-8336), "
        f"'と' (U+3068 HIRAGANA LETTER TO), {JAPANESE}, " + NO_GLYPH.format(font="DejaVuSans")
    )
    assert expected in result.output
    assert not pdf_of(here / "out").exists()


def test_each_font_is_asked_for_its_own_glyphs(here):
    """DejaVu Sans draws 😀; the serif italic of the flavour has no such glyph."""
    item = "  - {title: Smile, text: '😀 ok', flavour: '😀 not here'}\n"
    write_game(here / "deck", item)
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code != 0
    at = item.index("'😀 not") + 1
    assert (
        f"deck/cards.yaml:3:{at}: error [L011] the text of element 'flavour' of 'Smile' "
        "has '😀' (U+1F600 GRINNING FACE), " + NO_GLYPH.format(font="DejaVuSerif-Italic")
    ) in result.output
    assert "element 'text'" not in result.output


def test_a_layouts_literal_text_is_reported_at_its_element_for_each_card(here):
    layout = '  mark: {type: text, text: "Roll 🎲", x: 4mm, y: 60mm, width: 50mm, height: 8mm}\n'
    write_game(here / "deck", "  - {title: A}\n  - {title: B}\n", layout)
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code != 0
    assert result.output.count("[L011]") == 2
    for card in "AB":
        expected = f"deck/layouts/card.yaml:3:9: error [L011] the text of element 'mark' of '{card}' has {DIE}, "
        assert expected in result.output


def test_a_template_reports_its_own_text_at_the_layout_and_a_field_at_the_item(here):
    layout = '  mark: {type: text, template: "{title} 🎲", x: 4mm, y: 60mm, width: 50mm, height: 8mm}\n'
    write_game(here / "deck", "  - {title: 日本}\n", layout)
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code != 0
    at = layout.index('"') + 1
    assert (
        f"deck/layouts/card.yaml:3:{at}: error [L011] the text of element 'mark' of '日本' has {DIE}, " in result.output
    )
    assert f"deck/cards.yaml:3:13: error [L011] the text of element 'mark' of '日本' has {JAPANESE}, " in result.output
    assert f"deck/cards.yaml:3:13: error [L011] the text of element 'title' of '日本' has {JAPANESE}, " in result.output


def test_many_missing_characters_are_named_five_then_counted(here):
    write_game(here / "deck", "  - {title: A, text: あいうえおかきくけこ}\n")
    result = build(here / "deck", here / "out", "--no-checklist")
    assert "'お' (U+304A HIRAGANA LETTER O) and 5 more, which font DejaVuSans" in result.output


def test_white_space_needs_no_glyph_and_the_card_prints(here):
    """A no-break space, a thin space, a tab, a line break, a soft hyphen and a zero-width
    joiner: none is an empty box, and the words around them print."""
    write_game(
        here / "deck", '  - {title: Quiet, text: "one\\u00a0two\\u2009three\\tfour\\nfive\\u00adsix\\u200dseven"}\n'
    )
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    assert "[L011]" not in result.output
    text = PdfReader(pdf_of(here / "out")).pages[0].extract_text()
    assert "\x00" not in text
    assert all(word in text for word in ("one", "two", "three", "four", "five", "seven"))


def test_missing_glyphs_names_each_character_once_in_reading_order():
    assert missing_glyphs("日本 と 日本\u00a0\t\n", "DejaVuSans") == ["日", "本", "と"]
    assert missing_glyphs("plain text, 50% off · “quoted” ≤ ™", "DejaVuSans") == []


def test_the_rules_stop_the_build_instead_of_printing_empty_boxes(here):
    write_game(here / "deck", "  - {title: A}\n", rules="# 日本\n\nPlain words.\n")
    result = build(here / "deck", here / "out", "--no-check")
    assert result.exit_code == 2, result.output
    assert (
        f"error: rules.md of Deck: [L011] the heading text '日本' has {JAPANESE}, "
        + NO_GLYPH.format(font="DejaVuSans-Bold")
    ) in result.output
    assert "Traceback" not in result.output
    assert not pdf_of(here / "out").exists()


def test_the_rules_ask_each_span_s_own_face(here):
    """𝖠 is in DejaVu Sans but not in its bold: plain it prints, bold it is an error."""
    write_game(here / "deck", "  - {title: A}\n", rules="# Rules\n\nPlain 𝖠 is fine.\n")
    assert build(here / "deck", here / "out", "--no-check").exit_code == 0
    (here / "deck" / "rules.md").write_text("# Rules\n\nBut **bold 𝖠** is not.\n")
    result = build(here / "deck", here / "out2", "--no-check")
    assert result.exit_code == 2
    assert (
        "rules.md of Deck: [L011] the paragraph text 'bold 𝖠' has '𝖠' (U+1D5A0 MATHEMATICAL SANS-SERIF CAPITAL A), "
        + NO_GLYPH.format(font="DejaVuSans-Bold")
    ) in result.output


def test_text_a_game_draws_itself_is_checked_too(here):
    """A Slipmax strip's title is drawn by the game's own kind, not by a layout element."""
    assert CliRunner().invoke(main, ["new", "slip", "--from", "slipmax"]).exit_code == 0
    strips = here / "slip" / "strips.yaml"
    text = strips.read_text()
    title = next(line for line in text.splitlines() if line.strip().startswith("- title:") or "title:" in line)
    strips.write_text(text.replace(title, title.rstrip() + " 日本", 1))
    result = CliRunner().invoke(main, ["build", "slip", "--out", "out", "--no-check"])
    assert result.exit_code == 2, result.output
    assert "error [L011] the title of " in result.output and JAPANESE in result.output
    assert "slip/strips.yaml:" in result.output
    assert not (here / "out" / "slip" / "slip.pdf").exists()
