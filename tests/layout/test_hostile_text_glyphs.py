"""A character that no font of its element's chain has a glyph for never prints as an empty box
unnoticed: it is finding L011, a warning (an error with `--strict`, which then writes nothing),
at the place the character itself was written (its line and column in YAML, the cell of a
table, its line of rules.md), naming the character and every font of the chain. Each
character is set in the first font of the chain that has it, a letter and its combining
marks in one face. White space, which is never drawn, needs no glyph.

What each font has is read here from the font files with fontTools (their cmaps); what
printed is read back from the PDF with pdfplumber."""

import csv
import unicodedata
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from fontTools.ttLib import TTFont
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.layout.context import missing_findings
from generator.layout.scene import Text
from generator.layout.text import TextStyle, fit_styled, fit_text, plain_text
from generator.sources.errors import Loc
from generator.sources.fonts import shipped_book

NO_GLYPH = "which no font of its chain ({fonts}) has a glyph for: it would print as an empty box"
JAPANESE = "'日' (U+65E5 CJK UNIFIED IDEOGRAPH-65E5)", "'本' (U+672C CJK UNIFIED IDEOGRAPH-672C)"
DIE = "'🎲' (U+1F3B2 GAME DIE)"
#: A chain whose first font (Play) lacks arrows, emoji and combining accents, which the
#: second (DejaVu Sans) has.
CHAIN_LAYOUT = (
    "  mark: {type: text, field: mark, font: [Play, DejaVu Sans], x: 4mm, y: 60mm, width: 55mm, height: 8mm}\n"
)


def write_game(folder: Path, items: str, layout: str = "", rules: str = "", table: list[list[str]] | None = None):
    (folder / "layouts").mkdir(parents=True)
    components = "[cards.yaml, more.yaml]" if table else "[cards.yaml]"
    (folder / "game.yaml").write_text(f"name: Deck\nengine: none\ncomponents: {components}\n")
    (folder / "cards.yaml").write_text(f"kind: card\nitems:\n{items}")
    if table:
        (folder / "more.yaml").write_text("kind: card\ndata: more.csv\n")
        with (folder / "more.csv").open("w", newline="", encoding="utf-8") as out:
            csv.writer(out).writerows(table)
    if layout:
        (folder / "layouts" / "card.yaml").write_text(f"extends: card\nelements:\n{layout}")
    if rules:
        (folder / "rules.md").write_text(rules)


def build(folder: Path, out: Path, *options: str):
    args = ["build", str(folder), "--out", str(out), "--format", "pdf", "--duplex", "off", *options]
    return CliRunner().invoke(main, args)


def pdf_of(out: Path) -> Path:
    return out / "deck" / "deck.pdf"


def l011(output: str) -> list[str]:
    return [line for line in output.splitlines() if "[L011]" in line]


def strict_errors(output: str) -> list[str]:
    """The findings --strict made errors: each a warning without it."""
    return [line for line in output.splitlines() if ": error [" in line]


def column(line: str, char: str, start: int = 0) -> int:
    """The 1-based column of `char` in a source line, as an editor shows it."""
    return line.index(char, start) + 1


@cache
def cmap(face: str) -> frozenset[int]:
    """The characters a shipped face maps to glyphs, read from its file with fontTools."""
    return frozenset(TTFont(str(shipped_book().face(face, None).path)).getBestCmap())


def printed_lines(pdf: Path, page: int = 0) -> list[list[tuple[str, str]]]:
    """Each line of text on a page of the PDF (the first unless said): its characters grouped
    by their baseline and ordered by x (a gap wider than a space parts two cards' lines), as
    (character, PostScript name of its font) pairs."""
    with pdfplumber.open(pdf) as opened:
        chars = sorted(opened.pages[page].chars, key=lambda c: (round(c["matrix"][5], 1), c["x0"]))
    lines: list[list[dict]] = []
    for c in chars:
        last = lines[-1][-1] if lines else None
        if last is None or round(last["matrix"][5], 1) != round(c["matrix"][5], 1) or c["x0"] - last["x1"] > 3:
            lines.append([])
        lines[-1].append(c)
    return [[(c["text"], c["fontname"].split("+", 1)[-1]) for c in line] for line in lines]


def printed_line(pdf: Path, text: str, page: int = 0) -> list[tuple[str, str]]:
    """The one printed line reading `text` (on the first page unless said)."""
    (line,) = [line for line in printed_lines(pdf, page) if "".join(c for c, _ in line) == text]
    return line


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_each_missing_character_is_a_warning_at_its_own_place_and_strict_stops_the_build(here):
    items = "  - {title: Tea, text: お茶と日本, flavour: Hot}\n"
    write_game(here / "deck", items)
    line = items.rstrip("\n")
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    names = ["'お' (U+304A HIRAGANA LETTER O)", "'茶' (U+8336 CJK UNIFIED IDEOGRAPH-8336)"]
    names += ["'と' (U+3068 HIRAGANA LETTER TO)", *JAPANESE]
    expected = [
        f"deck/cards.yaml:3:{column(line, char)}: warning [L011] the element 'text' of 'Tea' has {name}, "
        + NO_GLYPH.format(fonts="DejaVuSans")
        for char, name in zip("お茶と日本", names, strict=True)
    ]
    assert [finding.split(" (add a font")[0] for finding in l011(result.output)] == expected
    assert "add a font that has it to the element's `font:` chain" in result.output
    assert pdf_of(here / "out").exists()  # a warning: the deck is printed
    strict = build(here / "deck", here / "strict", "--no-checklist", "--strict")
    assert strict.exit_code == 2, strict.output
    assert [f.replace("error [L011]", "warning [L011]") for f in strict_errors(strict.output)] == l011(result.output)
    assert not pdf_of(here / "strict").exists()


def test_each_element_asks_its_own_font(here):
    """DejaVu Sans draws 😀; DejaVu Serif Italic, the flavour's font, has no such glyph."""
    items = "  - {title: Smile, text: 😀 ok, flavour: 😀 not here}\n"
    write_game(here / "deck", items)
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    at = column(items, "😀", items.index("flavour"))
    (finding,) = l011(result.output)
    assert finding.startswith(
        f"deck/cards.yaml:3:{at}: warning [L011] the element 'flavour' of 'Smile' has '😀' (U+1F600 GRINNING FACE), "
        + NO_GLYPH.format(fonts="DejaVuSerif-Italic")
    )
    assert ("😀", "DejaVuSans") in printed_line(pdf_of(here / "out"), "😀 ok")


def test_a_chain_sets_each_character_in_the_first_font_that_has_it(here):
    """Play has no arrow, emoji or combining acute; DejaVu Sans, next in the chain, has them,
    so they print in DejaVu Sans, the rest in Play. A die is in neither: L011 names both."""
    assert all(ord(c) not in cmap("Play") and ord(c) in cmap("DejaVuSans") for c in "→😀\u0301")
    assert 0x1F3B2 not in cmap("Play") | cmap("DejaVuSans")
    items = "  - {title: Chain, mark: Go → 😀 ok}\n  - {title: Dice, mark: Roll 🎲 now}\n"
    write_game(here / "deck", items, CHAIN_LAYOUT)
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    second = items.splitlines()[1]
    (finding,) = l011(result.output)
    assert finding.startswith(
        f"deck/cards.yaml:4:{column(second, '🎲')}: warning [L011] the element 'mark' of 'Dice' has {DIE}, "
        + NO_GLYPH.format(fonts="Play, DejaVu Sans")
    )
    fonts = dict(printed_line(pdf_of(here / "out"), "Go → 😀 ok"))
    assert fonts["→"] == fonts["😀"] == "DejaVuSans"
    assert {fonts[c] for c in "Gok"} == {"Play"}
    assert {font for c, font in printed_line(pdf_of(here / "out"), "Roll 🎲 now") if c in "Rolnw"} == {"Play"}


def test_a_letter_and_its_combining_mark_stay_in_one_face_and_a_lone_mark_no_font_has_is_named():
    """é written as e + U+0301: Play has the e but not the accent, so both go to DejaVu Sans
    (never an accent from one face on a letter from another). U+20DD no font has."""
    assert 0x20DD not in cmap("Play") | cmap("DejaVuSans") and ord("A") in cmap("Play")
    style = TextStyle(("Play", "DejaVu Sans"), 4.0)
    fitted = fit_styled(plain_text("Cafe\u0301 A\u20dd", Loc("x.yaml", 7, 3)), 0, 0, 200, 50, style)
    runs = [shaped for item in fitted.items if isinstance(item, Text) for _, shaped in item.runs]
    assert [(shaped.face, shaped.text) for shaped in runs if "e" in shaped.text] == [("DejaVuSans", "e\u0301")]
    assert "".join(shaped.text for shaped in runs if shaped.face == "Play").startswith("Caf")
    (missing,) = fitted.missing
    assert (missing.char, missing.loc, missing.fonts) == ("\u20dd", Loc("x.yaml", 7, 10), ("Play", "DejaVu Sans"))
    (finding,) = missing_findings(fitted.missing, "the element 'mark' of 'Ring'")
    assert finding.code == "L011" and finding.loc == Loc("x.yaml", 7, 10)
    assert "'\u20dd' (U+20DD COMBINING ENCLOSING CIRCLE)" in finding.message


def test_a_layouts_literal_text_is_reported_at_its_place_for_each_card(here):
    layout = "  mark: {type: text, text: Roll 🎲, x: 4mm, y: 60mm, width: 50mm, height: 8mm}\n"
    write_game(here / "deck", "  - {title: A}\n  - {title: B}\n", layout)
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    at = column(layout, "🎲")
    assert [f.split(", which")[0] for f in l011(result.output)] == [
        f"deck/layouts/card.yaml:3:{at}: warning [L011] the element 'mark' of '{card}' has {DIE}" for card in "AB"
    ]


def test_a_template_reports_its_own_text_at_the_layout_and_a_field_at_the_item(here):
    layout = "  mark:\n    type: text\n    template: Roll {title} 🎲\n" + "".join(
        f"    {key}: {value}\n" for key, value in (("x", "4mm"), ("y", "60mm"), ("width", "50mm"), ("height", "8mm"))
    )
    items = "  - {title: 日本}\n"
    write_game(here / "deck", items, layout)
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    found = {f.split(" (add a font")[0] for f in l011(result.output)}
    template = layout.splitlines()[2]
    expected = {
        f"deck/layouts/card.yaml:5:{column(template, '🎲')}: warning [L011] the element 'mark' of '日本' has {DIE}"
    }
    for element in ("mark", "title"):
        for char, name in zip("日本", JAPANESE, strict=True):
            expected.add(
                f"deck/cards.yaml:3:{column(items, char)}: warning [L011] the element '{element}' of '日本' has {name}"
            )
    assert {f.split(", which")[0] for f in found} == expected


def test_a_table_cell_is_one_place_naming_five_characters_then_counting_the_rest(here):
    """In a YAML field each character has its own column, so each is a finding of its own; a
    spreadsheet cell is one place, whose finding names five characters and counts the rest."""
    items = "  - {title: A, text: あいうえおかきくけこ}\n"
    write_game(here / "deck", items, table=[["title", "text"], ["B", "x 日本 y"], ["C", "あいうえおかきくけこ"]])
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    found = l011(result.output)
    in_yaml = [f for f in found if f.startswith("deck/cards.yaml:3:")]
    assert [int(f.split(":")[2]) for f in in_yaml] == [column(items, c) for c in "あいうえおかきくけこ"]
    cells = [f for f in found if f.startswith("deck/more.csv")]
    assert len(cells) == 2
    assert cells[0].startswith(
        f"deck/more.csv:2:2: warning [L011] the element 'text' of 'B' has {', '.join(JAPANESE)}, "
    )
    assert cells[1].startswith("deck/more.csv:3:2: warning [L011] the element 'text' of 'C' has 'あ' (U+3042 HIRAGANA")
    assert "'お' (U+304A HIRAGANA LETTER O) and 5 more, " + NO_GLYPH.format(fonts="DejaVuSans") in cells[1]


def test_white_space_needs_no_glyph_and_the_card_prints(here):
    """A no-break space, a thin space, a tab, a line break, a soft hyphen and a zero-width
    joiner: none is an empty box, and the words around them print."""
    write_game(
        here / "deck", '  - {title: Quiet, text: "one\\u00a0two\\u2009three\\tfour\\nfive\\u00adsix\\u200dseven"}\n'
    )
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    assert "[L011]" not in result.output
    with pdfplumber.open(pdf_of(here / "out")) as pdf:
        text = pdf.pages[0].extract_text()
    assert "\x00" not in text and "\ufffd" not in text
    assert all(word in text for word in ("one", "two", "three", "four", "five", "seven"))


@pytest.mark.parametrize("text", ["Draw 2 \u00a0", "Draw \u2009\u00a0", "\u00a0 \u00a0"])
def test_white_space_ending_a_line_after_a_break_is_laid_out(text):
    """A no-break or thin space that Unicode's rules make a unit of its own, last on its line."""
    fitted = fit_text(text, 0, 0, 50, 20, TextStyle("DejaVuSans", 3.0))
    assert fitted.missing == [] and fitted.fits
    assert "".join(item.text for item in fitted.items if isinstance(item, Text)).strip() == text.strip()


def test_missing_characters_are_each_occurrence_in_reading_order_at_its_place():
    style = TextStyle("DejaVuSans", 3.0)
    fitted = fit_styled(plain_text("日本 と 日本\u00a0\t", Loc("x.yaml", 3, 5)), 0, 0, 100, 20, style)
    assert [(m.char, m.loc.column) for m in fitted.missing] == [("日", 5), ("本", 6), ("と", 8), ("日", 10), ("本", 11)]
    assert {m.loc.line for m in fitted.missing} == {3} and {m.fonts for m in fitted.missing} == {("DejaVuSans",)}
    assert fit_text("plain text, 50% off · “quoted” ≤ ™", 0, 0, 100, 20, style).missing == []
    cell = Loc("more.csv", 4, 2, cell=True)  # a table's cell: one place for all its text
    fitted = fit_styled(plain_text("日本 と 日本", cell), 0, 0, 100, 20, style)
    (finding,) = missing_findings(fitted.missing, "the element 'text' of 'X'")
    assert finding.loc == cell and finding.message.count("'日'") == 1  # each character named once
    assert f"has {', '.join(JAPANESE)}, 'と' (U+3068 HIRAGANA LETTER TO), which" in finding.message


#: Characters Play has, that only DejaVu Sans has, that neither has, combining marks and spaces.
ALPHABET = "aZ7,é" + "→😀ΩЖ" + "🎲日\u20dd" + "\u0301\u0323" + " \u00a0\u2009"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=24))
def test_exactly_the_characters_no_font_of_the_chain_has_are_missing_each_at_its_column(text):
    """The oracle is the fonts' own cmaps: a character is missing when it is no white space and
    neither Play nor DejaVu Sans maps it; each occurrence is reported at its own column."""
    chain = cmap("Play") | cmap("DejaVuSans")
    expected = [(c, 1 + k) for k, c in enumerate(text) if not unicodedata.category(c).startswith("Z")]
    expected = [(c, col) for c, col in expected if ord(c) not in chain]
    fitted = fit_styled(plain_text(text, Loc("t.yaml", 2, 1)), 0, 0, 500, 500, TextStyle(("Play", "DejaVu Sans"), 3.0))
    assert [(m.char, m.loc.column) for m in fitted.missing] == expected
    assert all(m.loc.line == 2 and m.fonts == ("Play", "DejaVu Sans") for m in fitted.missing)


def test_the_rules_warn_at_the_line_of_rules_md_and_strict_stops_the_build(here):
    rules = "# Rules\n\nPlain words.\n\nThen 日本 here.\n"
    write_game(here / "deck", "  - {title: A, text: B, flavour: C}\n", rules=rules)
    result = build(here / "deck", here / "out", "--no-check")
    assert result.exit_code == 0, result.output
    line = rules.splitlines()[4]
    assert [f.split(", which")[0] for f in l011(result.output)] == [
        f"deck/rules.md:5:{column(line, char)}: warning [L011] the rules' paragraph 'Then 日本 here.' has {name}"
        for char, name in zip("日本", JAPANESE, strict=True)
    ]
    assert pdf_of(here / "out").exists()
    strict = build(here / "deck", here / "strict", "--no-check", "--strict")
    assert strict.exit_code == 2, strict.output
    assert "Traceback" not in strict.output
    assert [f.replace("error [L011]", "warning [L011]") for f in strict_errors(strict.output)] == l011(result.output)
    assert not pdf_of(here / "strict").exists()


def test_the_rules_ask_each_span_s_own_face_then_its_fonts_plain_face(here):
    """𝖠 is in DejaVu Sans but not in its bold: plain it prints in DejaVu Sans; bold, it
    prints from the same font's plain face (the word beside it still bold), not as a box."""
    assert 0x1D5A0 in cmap("DejaVuSans") and 0x1D5A0 not in cmap("DejaVuSans-Bold")
    write_game(here / "deck", "  - {title: A}\n", rules="# Rules\n\nPlain 𝖠 is fine.\n")
    result = build(here / "deck", here / "out", "--no-check")
    assert result.exit_code == 0, result.output
    assert not l011(result.output)
    (here / "deck" / "rules.md").write_text("# Rules\n\nBut **bold 𝖠** is too.\n")
    result = build(here / "deck", here / "out2", "--no-check")
    assert result.exit_code == 0, result.output
    assert not l011(result.output)
    fonts = dict(printed_line(pdf_of(here / "out2"), "But bold 𝖠 is too.", page=1))  # the rules' page
    assert fonts["𝖠"] == "DejaVuSans" and fonts["b"] == fonts["d"] == "DejaVuSans-Bold"


def test_the_rules_headings_and_table_cells_are_reported_at_their_line_of_rules_md(here):
    rules = "# Rules\n\n## Tea 日本\n\n| a | b |\n|---|---|\n| x | 本 |\n"
    write_game(here / "deck", "  - {title: A}\n", rules=rules)
    result = build(here / "deck", here / "out", "--no-check")
    assert result.exit_code == 0, result.output
    places = [f.split(": warning")[0] for f in l011(result.output)]
    heading, cell = rules.splitlines()[2], rules.splitlines()[6]
    assert places == [
        f"deck/rules.md:3:{column(heading, '日')}",
        f"deck/rules.md:3:{column(heading, '本')}",
        f"deck/rules.md:7:{column(cell, '本')}",
    ]


def test_characters_are_placed_where_written_in_quoted_and_block_scalars(here):
    """A block's text starts on the line below its `|`, each character on its own line (its
    column counted from the line's indentation, which YAML takes off). A
    quoted value is placed from its opening quote (where the value starts), one column before
    its first character: places inside a quoted value are a column early."""
    items = (
        "  - title: Quoted\n    text: 'ab 日'\n  - title: Block\n    text: |\n      first line\n      then 本 here\n"
    )
    write_game(here / "deck", items)
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    lines = items.splitlines()
    assert [f.split(": warning")[0] for f in l011(result.output)] == [
        f"deck/cards.yaml:4:{column(lines[1], '日') - 1}",
        f"deck/cards.yaml:8:{column(lines[5].strip(), '本')}",  # a later line counted from its indentation
    ]


def test_text_a_game_draws_itself_is_checked_too(here):
    """A Slipmax strip's title is drawn by the game's own kind, not by a layout element."""
    assert CliRunner().invoke(main, ["new", "slip", "--from", "slipmax"]).exit_code == 0
    strips = here / "slip" / "strips.yaml"
    lines = strips.read_text().splitlines()
    number = next(n for n, line in enumerate(lines) if line.strip().startswith("- title:"))
    lines[number] = lines[number].rstrip() + " 日本"
    strips.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(main, ["build", "slip", "--out", "out", "--no-check", "--strict"])
    assert result.exit_code == 2, result.output
    findings = l011(result.output)
    assert strict_errors(result.output) == findings  # nothing else stops it
    assert [f.split(": error")[0] for f in findings] == [
        f"slip/strips.yaml:{number + 1}:{column(lines[number], char)}" for char in "日本"
    ]
    assert all("error [L011] the title of " in f for f in findings)
    assert JAPANESE[0] in findings[0] and JAPANESE[1] in findings[1]
    assert not (here / "out" / "slip" / "slip.pdf").exists()
