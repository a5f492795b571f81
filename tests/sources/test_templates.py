"""Templates, conditions and colours from data in layout elements: built, then read back
from the PDF (text) and rendered to pixels (colours)."""

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main
from generator.sources.errors import Loc, SourceError
from generator.sources.expressions import parse_condition, parse_template

HERE = Loc("layout.yaml", 3, 5)
LAYOUT = """extends: card
elements:
  price:
    {type: text, template: "{cost} gold · {type}", x: 4mm, y: 70mm, width: 55.5mm, height: 8mm, size: 9pt}
  spell_band:
    {type: rect, when: "type == 'spell'", x: 0mm, y: 80mm, width: 63.5mm, height: 8.9mm, fill: {field: colour}}
  rare:
    {type: text, text: "RARE", when: "rarity in ('rare', 'mythic') and cost >= 3",
     x: 4mm, y: 60mm, width: 55.5mm, height: 8mm, size: 9pt}
"""


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def deck(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert cli("new", "deck").exit_code == 0
    (tmp_path / "deck" / "layouts" / "priced.yaml").write_text(LAYOUT)
    return tmp_path / "deck"


def write_cards(deck: Path, items: str) -> None:
    (deck / "cards.yaml").write_text(f"kind: card\nlayout: priced\nitems:\n{items}")


def build(deck: Path, out: Path):
    return cli("build", str(deck), "--out", str(out), "--format", "pdf", "--no-checklist", "--duplex", "off")


def page_texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(pdf).pages]


# --- the languages themselves --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "item", "holds"),
    [
        ("type == 'spell'", {"type": "spell"}, True),
        ("type == 'spell'", {"type": "unit"}, False),
        ("type == 'spell'", {}, False),
        ("not flavour", {}, True),
        ("not flavour", {"flavour": "x"}, False),
        ("cost >= 3 and cost < 5", {"cost": 4}, True),
        ("cost >= 3", {"cost": "three"}, False),  # no ordering between text and a number
        ("cost >= 3", {"cost": "3"}, True),  # a generic card's fields are text: "3" reads as 3
        ("cost == 2.5", {"cost": "2.5"}, True),
        ("cost in (1, 2)", {"cost": "2"}, True),
        ("cost >= 3", {}, False),
        ("rarity in ('rare', 'mythic')", {"rarity": "mythic"}, True),
        ("rarity in ('rare', 'mythic')", {}, False),
        ("(a == 1 or b == 2) and not c", {"b": 2}, True),
        ('name != "Storm"', {"name": "Scout"}, True),
        ("true", {}, True),
    ],
)
def test_conditions(condition, item, holds):
    assert parse_condition(condition, HERE).holds(item) is holds


@pytest.mark.parametrize("bad", ["type = 'spell'", "cost >", "__import__('os')", "item.title", "a == (1", "'open"])
def test_a_condition_that_cannot_be_read_is_an_error_at_its_place(bad):
    with pytest.raises(SourceError, match=r"^layout.yaml:3:5: error: cannot read the condition"):
        parse_condition(bad, HERE)


def test_templates_fill_fields_and_print_braces():
    template = parse_template("{cost} gold · {type} {{x}}", HERE)
    assert template.fill({"cost": 3, "type": "spell"}) == "3 gold · spell {x}"
    assert template.missing({"cost": 3}) == ["type"]


@pytest.mark.parametrize("bad", ["{a.b}", "{a!r}", "{a:>3}", "{", "{}", "{0}"])
def test_template_placeholders_name_fields_only(bad):
    with pytest.raises(SourceError, match=r"^layout.yaml:3:5: error: template"):
        parse_template(bad, HERE)


# --- in a built deck ------------------------------------------------------------------------------


def test_templates_and_conditions_in_the_pdf(deck, tmp_path):
    write_cards(
        deck,
        "  - {title: Bolt, type: spell, cost: 3, rarity: rare, colour: darkred}\n"
        "  - {title: Pikeman, type: unit, cost: 2, rarity: rare, colour: '#00ff00'}\n",
    )
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    (text,) = page_texts(tmp_path / "out" / "deck" / "deck.pdf")
    assert "3 gold · spell" in text and "2 gold · unit" in text
    assert text.count("RARE") == 1  # both are rare; only Bolt costs 3 or more


def test_a_colour_from_a_field_fills_its_box_and_only_when_the_condition_holds(deck, tmp_path):
    write_cards(
        deck,
        "  - {title: Bolt, type: spell, cost: 1, colour: darkred}\n"
        "  - {title: Wall, type: unit, cost: 1, colour: blue}\n",
    )
    assert build(deck, tmp_path / "out").exit_code == 0
    page = pdfium.PdfDocument(tmp_path / "out" / "deck" / "deck.pdf")[0]
    image = page.render(scale=100 / 72).to_pil().convert("RGB")
    counts = {colour: count for count, colour in image.getcolors(image.width * image.height)}
    reds, blues = counts.get((0x8B, 0, 0), 0), counts.get((0, 0, 0xFF), 0)
    band = (63.5 / 25.4 * 100) * (8.9 / 25.4 * 100)  # one band's area in pixels at 100 dpi
    assert 0.7 * band < reds < 1.3 * band
    assert blues == 0  # the unit's condition does not hold: no band for it


@pytest.mark.parametrize(
    ("items", "message"),
    [
        (
            "  - {title: Bolt, type: spell}\n",
            "deck/cards.yaml:4:5: error [L004] 'Bolt' has no 'cost', which element 'price' shows",
        ),
        (
            "  - {title: Bolt, type: spell, cost: 1, colour: reddish}\n",
            "deck/cards.yaml:4:49: error [L005] colour 'reddish' of 'Bolt' "
            "(the fill of element 'spell_band') is not a colour",
        ),
    ],
)
def test_missing_template_fields_and_bad_colours_are_errors_at_the_item(deck, tmp_path, items, message):
    write_cards(deck, items)
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2  # layout error findings are bad input
    assert message in result.output
    assert not (tmp_path / "out" / "deck" / "deck.pdf").exists()


def test_every_layout_error_of_a_deck_is_reported_in_one_run(deck, tmp_path):
    write_cards(deck, "  - {title: A, type: spell}\n  - {title: B, type: unit}\n")
    result = build(deck, tmp_path / "out")
    assert result.output.count("[L004]") == 2


def test_a_bad_condition_in_a_layout_is_an_error_at_its_line(deck, tmp_path):
    (deck / "layouts" / "priced.yaml").write_text(LAYOUT.replace("type == 'spell'", "type = 'spell'"))
    write_cards(deck, "  - {title: Bolt, type: spell, cost: 1}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "deck/layouts/priced.yaml:6:24: error: cannot read the condition \"type = 'spell'\"" in result.output


def test_an_element_shows_one_text_source(deck, tmp_path):
    (deck / "layouts" / "priced.yaml").write_text(
        LAYOUT.replace('{type: text, text: "RARE"', '{type: text, text: "RARE", field: title')
    )
    write_cards(deck, "  - {title: Bolt, type: spell, cost: 1}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "an element shows one of field, text or template, not field and text" in result.output


def test_a_child_layouts_text_replaces_its_parents_field(deck, tmp_path):
    """card.yaml's `title` element shows the field `title`; a child saying `text:` shows its text."""
    (deck / "layouts" / "priced.yaml").write_text(
        "extends: card\nelements:\n"
        '  title: {type: text, text: "Fixed Heading", x: 4mm, y: 4mm, width: 55.5mm, height: 9mm}\n'
    )
    write_cards(deck, "  - {title: Bolt}\n")
    assert build(deck, tmp_path / "out").exit_code == 0
    text = page_texts(tmp_path / "out" / "deck" / "deck.pdf")[0]
    assert "Fixed Heading" in text and "Bolt" not in text


# --- strict about what a layout and its items say ----------------------------------------------


def test_a_misspelt_item_key_and_a_field_no_item_has_are_warnings_at_their_places(deck, tmp_path):
    (deck / "layouts" / "priced.yaml").write_text(
        "extends: card\nelements:\n  cost:\n    {type: text, field: cost, x: 4mm, y: 60mm, width: 20mm, height: 8mm}\n"
    )
    write_cards(deck, "  - {title: Bolt, cots: 3}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "deck/cards.yaml:4:19: warning [L006] 'cots' is read by no element of this layout" in result.output
    assert "deck/layouts/priced.yaml:4:25: warning [L007] element 'cost' shows 'cost', which no item here has" in (
        result.output
    )


def test_elements_off_the_card(deck, tmp_path):
    (deck / "layouts" / "priced.yaml").write_text(
        "extends: card\nelements:\n"
        "  gone: {type: rect, x: 70mm, y: 0mm, width: 5mm, height: 5mm, fill: '#000000'}\n"
        "  clipped: {type: rect, x: 60mm, y: 0mm, width: 10mm, height: 5mm, fill: '#000000'}\n"
        "  bleeding: {type: rect, x: -3mm, y: -3mm, width: 69.5mm, height: 10mm, fill: '#000000'}\n"
    )
    write_cards(deck, "  - {title: Bolt}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "deck/layouts/priced.yaml:3:9: error [L008] element 'gone' lies wholly off the card" in result.output
    assert "deck/layouts/priced.yaml:4:12: warning [L008] element 'clipped' runs past the card's edge" in result.output
    assert "'bleeding'" not in result.output  # art into the bleed is meant


@pytest.mark.parametrize(
    ("element", "message"),
    [
        ("{type: icon, x: 0mm, y: 0mm, width: 5mm, height: 5mm}", "icon element 'mark' needs an 'icon:'"),
        (
            "{type: text, x: 0mm, y: 0mm, width: 5mm, height: 5mm}",
            "text element 'mark' needs a field, text or template",
        ),
    ],
)
def test_an_element_missing_what_its_type_needs_is_an_error_at_its_line(deck, tmp_path, element, message):
    (deck / "layouts" / "priced.yaml").write_text(f"extends: card\nelements:\n  mark: {element}\n")
    write_cards(deck, "  - {title: Bolt}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert f"deck/layouts/priced.yaml:3:9: error: {message}" in result.output
    assert "Traceback" not in result.output


def test_every_bad_item_of_a_file_is_reported_in_one_run(deck, tmp_path):
    write_cards(deck, "  - {title: A, count: many}\n  - {text: no title}\n  - {title: C, count: 0}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if ": error:" in line]
    assert [line.split(": error:")[0] for line in lines] == [
        "deck/cards.yaml:4:23",
        "deck/cards.yaml:5:5",
        "deck/cards.yaml:6:23",
    ]


def test_an_items_own_layout_draws_that_card(deck, tmp_path):
    (deck / "layouts" / "spell.yaml").write_text(
        'extends: card\nelements:\n  kind: {type: text, text: "SPELL", x: 4mm, y: 60mm, width: 55.5mm, height: 8mm}\n'
    )
    write_cards(deck, "  - {title: Bolt, layout: spell}\n  - {title: Wall, type: unit, cost: 1}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    (text,) = page_texts(tmp_path / "out" / "deck" / "deck.pdf")
    assert text.count("SPELL") == 1 and "1 gold · unit" in text


def test_an_items_own_layout_must_share_the_grid(deck, tmp_path):
    (deck / "layouts" / "tarot.yaml").write_text("extends: card\nsize: {width: 70mm, height: 120mm}\n")
    write_cards(deck, "  - {title: Bolt, layout: tarot}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "deck/cards.yaml:4:27: error: layout 'tarot' is not the size and bleed of the file's layout" in result.output
