"""Placeholders in a layout's literal `text:` are read by the template parser, never by
Python's str.format: a placeholder names a field and nothing else. Hostile text is an error
at its line (exit status 2), fast, and never prints an object's internals or a traceback;
good text prints as written, its fields put in, read back from the PDF."""

import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main
from tests.conftest import cutsheet_process

LAYOUT_LINE = '  note: {{type: text, text: "{text}", x: 4mm, y: 20mm, width: 55.5mm, height: 30mm, size: 9pt}}\n'


def write_deck(folder: Path, text: str, items: str = "  - {title: Bolt}\n") -> tuple[int, int]:
    """A game whose card layout shows `text` literally; the (line, column) of its text."""
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text(f"kind: card\nlayout: card\nitems:\n{items}")
    line = LAYOUT_LINE.format(text=text)
    (folder / "layouts" / "card.yaml").write_text(f"extends: card\nelements:\n{line}")
    return 3, line.index('"') + 1


def build(folder: Path, out: Path):
    args = ["build", str(folder), "--out", str(out), "--format", "pdf", "--no-checklist", "--duplex", "off"]
    return CliRunner().invoke(main, args)


def pdf_text(out: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(out / "deck" / "deck.pdf").pages)


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    "text",
    [
        "{title.__class__.__mro__}",
        "{title.__class__.__init__.__globals__}",
        "{title[0]}",
        "{title!r}",
        "{title:>1000000000}",
        "{title:.999999999999999}",
        "{",
        "}",
        "{0}",
        "{}",
        "Price: {title:{title}}",
    ],
)
def test_a_placeholder_that_is_not_a_plain_field_is_an_error_at_the_layouts_line(here, text):
    line, column = write_deck(here / "deck", text)
    started = time.monotonic()
    result = build(here / "deck", here / "out")
    assert time.monotonic() - started < 10
    assert result.exit_code == 2, result.output
    assert f"deck/layouts/card.yaml:{line}:{column}: error: template {text!r}" in result.output
    assert "Traceback" not in result.output and "<class" not in result.output and "<built-in" not in result.output
    assert not (here / "out" / "deck" / "deck.pdf").exists()


def test_a_literal_text_prints_as_written_with_its_fields_put_in(here):
    write_deck(here / "deck", "Hello {title}, {{braces}} stay; {absent} keeps its placeholder. 50% off: $3")
    result = build(here / "deck", here / "out")
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_text(here / "out").split())
    assert "Hello Bolt, {braces} stay; {absent} keeps its placeholder. 50% off: $3" in text


DEED = (
    "  - {name: Earth Prime, group: brown, colour: '#955436', price: 60, rent: [2, 10, 30, 90, 160, 250],"
    " house_cost: 50, mortgage: 30}\n"
)


def test_a_placeholder_naming_a_list_is_an_error_at_the_items_field(here):
    """A deed's `rent` is a list (its repeat draws the rent lines): a placeholder has no one
    way to show it, so it is an error at the item's field, not the list's Python form."""
    (here / "deeds" / "layouts").mkdir(parents=True)
    (here / "deeds" / "game.yaml").write_text("name: Deeds\nengine: sliders\ncomponents: [deeds.yaml]\n")
    (here / "deeds" / "deeds.yaml").write_text(f"kind: deed\nlayout: sliders-deed\nitems:\n{DEED}")
    (here / "deeds" / "layouts" / "sliders-deed.yaml").write_text(
        "extends: sliders-deed\nelements:\n"
        '  rent_line: {type: text, text: "Rent {rent}", x: 4mm, y: 80mm, width: 55mm, height: 5mm}\n'
    )
    result = CliRunner().invoke(main, ["build", "deeds", "--out", "out", "--format", "pdf", "--no-check"])
    assert result.exit_code == 2, result.output
    column = DEED.index("[") + 1
    assert (
        f"deeds/deeds.yaml:4:{column}: error: {{rent}} in element 'rent_line' shows text or a number, "
        "and the item's 'rent' is a list"
    ) in result.output
    assert "[2, 10" not in result.output


def test_a_hostile_width_stops_at_once_through_python_m_generator(tmp_path):
    """The 37-second, 2 GB padding of old: now a clean error in a fresh interpreter."""
    line, column = write_deck(tmp_path / "deck", "{title:>1000000000}")
    started = time.monotonic()
    result = cutsheet_process("build", "deck", "--out", "out", "--format", "pdf", cwd=tmp_path, timeout=120)
    assert time.monotonic() - started < 60
    assert result.returncode == 2, result.stderr
    assert f"deck/layouts/card.yaml:{line}:{column}: error: template '{{title:>1000000000}}'" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "deck" / "deck.pdf").exists()
