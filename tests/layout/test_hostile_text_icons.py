"""Inline icons cannot swallow ordinary text: a name starts with a letter and its colon does
not follow a letter or digit, so times and "Note:see:" print as written; `\\:name:` prints
`:name:`, on a card as in the rules. Read back from the PDF (pdfplumber): the text extracted,
the icons counted as the forms a page draws. Every icon of the shipped games still reads as
one."""

import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main
from generator.layout.scene import Group, Icon, Text
from generator.layout.text import TextStyle, fit_text, plain_text
from generator.sheets.paper import paper
from generator.sheets.rules import rules_sheets
from generator.sources.markup import INLINE_ICON, InlineIcon
from generator.sources.rules import parse_rules
from generator.units import PT

ROOT = Path(__file__).resolve().parents[2]
STYLE = TextStyle("DejaVuSans", 9 * PT)
#: The inline-icon pattern before names had to start with a letter: what shipped text meant.
OLD_ICON = re.compile(r":([a-z0-9][a-z0-9-]*):")


def write_game(folder: Path, text: str, rules: str = "") -> None:
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text(f"kind: card\nitems:\n  - title: Card\n    text: {text}\n")
    if rules:
        (folder / "rules.md").write_text(rules)


def build(folder: Path, out: Path, *options: str):
    args = ["build", str(folder), "--out", str(out), "--format", "pdf", "--duplex", "off", *options]
    return CliRunner().invoke(main, args)


def page_of(out: Path, index: int) -> tuple[str, int]:
    """A page's text (its white space collapsed) and how many icons (forms) it draws."""
    path = out / "deck" / "deck.pdf"
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[index].extract_text()
    return " ".join(text.split()), PdfReader(path).pages[index].get_contents().get_data().count(b" Do")


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    ("text", "icons"),
    [
        ("Meet at 21:59:43 sharp", []),
        ("Ratio 1:59:2 and 12:05:30", []),
        ("Note: see: this", []),
        ("Note:see:this", []),
        ("Roll :d6-5: now", ["d6-5"]),
        (":roll-a-die:: then :d6-1::d6-2:.", ["roll-a-die", "d6-1", "d6-2"]),
        ("(:star:)", ["star"]),
        ("print \\:star: as written", []),
        (":Star: and :9lives:", []),
    ],
)
def test_only_names_that_look_like_icons_are_icons(text, icons):
    fitted = fit_text(text, 0, 0, 80, 20, STYLE)
    assert [item.name for item in fitted.items if isinstance(item, Icon)] == icons


def test_an_escaped_icon_is_its_text_without_the_backslash():
    fitted = fit_text("a \\:star: b", 0, 0, 80, 20, STYLE)
    assert [item.text for item in fitted.items if isinstance(item, Text)] == ["a :star: b"]


def test_times_and_colons_print_as_text_on_the_card(here):
    write_game(here / "deck", '"At 21:59:43 draw :star:, then \\\\:star: Note: see: Note:see: done"')
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code == 0, result.output
    assert "[L002]" not in result.output
    text, icons = page_of(here / "out", 0)
    assert "At 21:59:43 draw" in text and ":star: Note: see: Note:see: done" in text
    assert icons == 1  # the one :star: that is an icon


def test_a_name_that_looks_like_an_icon_and_has_no_file_is_still_l002(here):
    write_game(here / "deck", '"Draw :nope: now"')
    result = build(here / "deck", here / "out", "--no-checklist")
    assert result.exit_code != 0
    assert (
        "deck/cards.yaml:4:11: error [L002] icon :nope: in element 'text' of 'Card' has no file nope.svg"
        in result.output
    )


def test_the_rules_take_the_escape_as_a_cards_text_does(here):
    """rules.md paragraphs are styled text read as a card's: `\\:star:` prints `:star:`."""
    rules = "# Rules\n\nAt 21:59:43 play :star:; \\:star: is a word, Note:see: too.\n"
    (sheet,) = rules_sheets("Deck", parse_rules(rules), paper("letter"), False)
    assert [item.name for item in flat(sheet.items) if isinstance(item, Icon)] == ["star"]
    write_game(here / "deck", "plain", rules)
    result = build(here / "deck", here / "out", "--no-check")
    assert result.exit_code == 0, result.output
    text, icons = page_of(here / "out", 1)  # the cover, then the rules
    assert "At 21:59:43 play ; :star: is a word, Note:see: too." in text
    assert icons == 1


def test_every_icon_the_shipped_games_write_is_still_an_icon():
    """Each `:name:` the old pattern found in a shipped component file or rules.md starts
    with a letter and is split out as the same icon now, by the one pattern markup.py
    defines and by plain_text, as fit_text reads text: nothing shipped changes."""
    files = sorted(p for p in (ROOT / "components").rglob("*") if p.suffix in (".yaml", ".md", ".csv"))
    seen = 0
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            old = OLD_ICON.findall(line)
            assert [m["name"] for m in INLINE_ICON.finditer(line) if not m["escape"]] == old, (path, line)
            now = [item.name for item in plain_text(line) if isinstance(item, InlineIcon)]
            assert now == old, (path, line)
            seen += len(now)
    assert seen > 200


def flat(items):
    for item in items:
        yield from flat(item.items) if isinstance(item, Group) else [item]
