"""Templates, conditions and colours from data in layout elements: built, then read back
from the PDF (text) and rendered to pixels (colours)."""

import math
import re
import time
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from generator.cli import main
from generator.sources.errors import Loc, SourceError
from generator.sources.expressions import parse_condition
from generator.sources.frozen import LocMap
from generator.sources.templates import NumberFormat, Placeholder, parse_template

HERE = Loc("layout.yaml", 3, 5)
FIELD = Loc("cards.yaml", 4, 9)
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
    assert template.fill(LocMap({"cost": 3, "type": "spell"}, FIELD)) == "3 gold · spell {x}"
    assert template.missing({"cost": 3}) == ["type"]
    assert template.fields() == ["cost", "type"]


@pytest.mark.parametrize("bad", ["{a.b}", "{a!r}", "{a:>3}", "{", "{}", "{0}"])
def test_template_placeholders_name_fields_only(bad):
    with pytest.raises(SourceError, match=r"^layout.yaml:3:5: error: template"):
        parse_template(bad, HERE)


# --- formats ----------------------------------------------------------------------------------------


def shown(template: str, **fields: object) -> str:
    """The template filled from an item with these fields."""
    return parse_template(template, HERE).fill(LocMap(fields, FIELD))


@pytest.mark.parametrize(
    ("template", "value", "expected"),
    [
        ("{x:,}", 1250, "1,250"),
        ("{x:,}", 1234567, "1,234,567"),
        ("{x:,}", 999, "999"),
        ("{x:,}", -1250, "-1,250"),
        ("{x:.2}", 3.5, "3.50"),
        ("{x:.0}", 2.5, "3"),  # half away from zero
        ("{x:.0}", -2.5, "-3"),
        ("{x:.0}", 0.5, "1"),
        ("{x:.2}", 2.675, "2.68"),  # 2.675 as written, not the float just below it
        ("{x:.2}", 1.005, "1.01"),
        ("{x:.6}", 1, "1.000000"),
        ("{x:.2}", -0.001, "0.00"),  # rounds to zero: no sign
        ("{x:+}", 2, "+2"),
        ("{x:+}", 0, "0"),
        ("{x:+}", -2, "-2"),
        ("{x:03}", 7, "007"),
        ("{x:03}", -7, "-007"),
        ("{x:03}", 1234, "1234"),
        ("{x:012}", 5, "000000000005"),
        ("{x:pre=$}", 3, "$3"),
        ("{x:post=%}", 45, "45%"),
        ("{x:post=€ .2}", 3.5, "3.50€"),  # the decimal point stays a point
        ("{x:upper}", "gold", "GOLD"),
        ("{x:lower}", "GOLD", "gold"),
        ("{x:title}", "dark red", "Dark Red"),
        ("{x:upper}", 3, "3"),
        ("{x:upper}", True, "TRUE"),
    ],
)
def test_each_directive(template, value, expected):
    assert shown(template, x=value) == expected


@pytest.mark.parametrize(
    ("template", "value", "expected"),
    [
        ("{x:, .2}", 1234.5, "1,234.50"),
        ("{x:, .2 pre=$}", 1250, "$1,250.00"),
        ("{x:pre=$ .2}", -2, "-$2.00"),  # the sign before the currency
        ("{x:pre=$ +}", 2, "+$2"),
        ("{x:+ , .1 pre=$ post=k}", 1234.56, "+$1,234.6k"),
        ("{x:, 06}", 1234, "001,234"),  # padded, then grouped
        ("{x:05 .2}", -3.14159, "-00003.14"),
        ("{x:post=pts upper}", 3, "3PTS"),  # the case of the whole value, its affixes too
        ("{x:.2 upper}", "3.5", "3.50"),
    ],
)
def test_directives_combine_in_any_order(template, value, expected):
    assert shown(template, x=value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (3, "3"),
        (3.0, "3"),  # a whole float prints as a whole number
        (3.5, "3.5"),  # other floats as their shortest form
        (0.1, "0.1"),
        (1e-7, "0.0000001"),  # never in exponent notation
        (1e14, "100,000,000,000,000"),
        (10, "10"),
        ("3.5", "3.5"),  # text that reads as a number
        (" -2 ", "-2"),
        ("3.50", "3.5"),
        ("+4", "4"),
        (".5", "0.5"),
        ("007", "7"),
        ("0.1000000000000000000000000000000001", "0.1000000000000000000000000000000001"),  # every digit kept
        (999_999_999_999_999, "999,999,999,999,999"),
    ],
)
def test_a_number_without_decimals_prints_as_it_is(value, expected):
    assert shown("{x:,}", x=value) == expected


def test_a_placeholder_without_a_format_prints_the_value_as_it_is():
    assert shown("{x} {y} {z}", x="Bolt", y=3.0, z=True) == "Bolt 3.0 True"


def test_a_placeholder_carries_its_parsed_format_and_shows_one_value():
    template = parse_template("Price: {price:, .2 pre=$} ({kind:upper})", HERE)
    (first, price), (second, kind), (last, none) = template.parts
    assert (first, second, last, none) == ("Price: ", " (", ")", None)
    assert price == Placeholder(
        "price",
        "{price:, .2 pre=$}",
        template="Price: {price:, .2 pre=$} ({kind:upper})",
        format=NumberFormat(thousands=True, decimals=2, pre="$"),
    )
    assert kind is not None and kind.format is None and kind.case == "upper"
    assert price.show("1250", FIELD) == "$1,250.00"
    assert kind.show("gold", FIELD) == "GOLD"


@pytest.mark.parametrize("value", ["free", "", "3,5", "1e3", "--2", "3 4", True, False, float("nan"), float("inf")])
def test_a_value_that_is_no_number_is_an_error_at_the_items_field(value):
    with pytest.raises(SourceError) as caught:
        shown("Cost: {cost:.2}", cost=value)
    assert caught.value.loc == FIELD
    assert caught.value.message.startswith(
        f"{{cost:.2}} in template 'Cost: {{cost:.2}}' shows a number, and the item's 'cost' is {value!r}: "
        "write a number such as 3, -2 or 2.5"
    )


@pytest.mark.parametrize("value", [10**15, -(10**15), 1e15, 1e300, "1000000000000000", "-" + "9" * 5000, 10**400])
def test_a_number_too_large_to_print_is_an_error_at_the_items_field(value):
    with pytest.raises(
        SourceError,
        match=r"^cards.yaml:4:9: error: \{n:,\} in template '\{n:,\}': the item's 'n' is too large to print",
    ):
        shown("{n:,}", n=value)


@pytest.mark.parametrize(("value", "kind"), [([1, 2], "a list"), ({"a": 1}, "a mapping")])
def test_a_list_or_a_mapping_is_an_error_at_the_items_field(value, kind):
    with pytest.raises(SourceError) as caught:
        shown("{rent:upper}", rent=value)
    assert caught.value.loc == FIELD
    assert (
        caught.value.message
        == f"{{rent:upper}} in template '{{rent:upper}}' shows text or a number, and the item's 'rent' is {kind}"
    )


@pytest.mark.parametrize(
    ("template", "problem"),
    [
        (
            "Price {",
            "a '{' (character 7) opens a placeholder that never closes: write {field} for a field, or {{ for a brace",
        ),
        ("a } b", "a '}' (character 3) closes no placeholder: write }} for a brace"),
        ("{}", "{} names no field: write the field's name, such as {cost}"),
        ("{0}", "{0} is a position, and placeholders are named: write the field's name, such as {cost}"),
        ("{a.b}", "{a.b} reaches into a field ('.' or '['): a placeholder names one field, such as {field}"),
        ("{a[0]}", "{a[0]} reaches into a field"),
        ("{title.__class__.__mro__}", "{title.__class__.__mro__} reaches into a field"),
        ("{a!r}", "{a!r} has a conversion ('!'): write {field} alone, or a format such as {field:upper}"),
        ("{a!s:>5}", "{a!s:>5} has a conversion"),
        ("{ a }", "{ a } is not a field name: a name is letters, digits, _ and -, not starting with a digit"),
        ("{1a}", "{1a} is not a field name"),
        ("{a:{b}}", "a placeholder (character 1) holds another '{': placeholders do not nest"),
        ("{a:}", "{a:} has a ':' and no format after it: write {a}"),
        ("{a:>3}", "{a:>3}: '>3' is not a directive: widths and alignment come from the element (align:)"),
        ("{a:.2f}", "{a:.2f}: '.2f' is not a directive (write .2 for that many decimals)"),
        (
            "{a:d}",
            "{a:d}: unknown format word 'd'; a format is one or more of , .N + 0N pre=TEXT post=TEXT upper "
            "lower title, separated by spaces, such as {a:, .2 pre=$}",
        ),
        ("{a:0}", "'0' is not a directive"),
        ("{a:.7}", "'.7' is out of bounds: N runs from 0 to 6 (.2 for two decimals)"),
        ("{a:013}", "'013' is out of bounds: N runs from 1 to 12 (03 for at least three digits)"),
        ("{a:00}", "'00' is out of bounds: N runs from 1 to 12"),
        ("{a:pre=}", "pre= takes 1 to 8 characters with no space, brace, colon or '=', such as pre=$ or pre=%, not ''"),
        ("{a:post=abcdefghi}", "post= takes 1 to 8 characters"),
        ("{a:pre=a:b}", "pre= takes 1 to 8 characters"),
        ("{a:pre==}", "pre= takes 1 to 8 characters"),
        ("{a:, ,}", "{a:, ,} says ',' twice: a placeholder takes each directive once"),
        ("{a:.1 .2}", "{a:.1 .2} says .N twice"),
        ("{a:pre=$ pre=€}", "{a:pre=$ pre=€} says pre= twice"),
        ("{a:upper title}", "{a:upper title} says two of upper, lower and title"),
    ],
)
def test_a_malformed_placeholder_is_an_error_at_the_template_saying_what_to_write(template, problem):
    with pytest.raises(SourceError) as caught:
        parse_template(template, HERE)
    assert caught.value.loc == HERE
    assert caught.value.message.startswith(f"template {template!r}: ")
    assert problem in caught.value.message


@pytest.mark.parametrize(
    "template",
    [
        "{title:>1000000000}",
        "{x:.999999}",
        "{x:.999999999999999}",
        "{x:." + "9" * 100_000 + "}",
        "{x:0" + "9" * 100_000 + "}",
    ],
)
def test_a_huge_width_or_precision_is_refused_at_once(template):
    started = time.monotonic()
    with pytest.raises(SourceError) as caught:
        parse_template(template, HERE)
    assert time.monotonic() - started < 1
    assert caught.value.loc == HERE
    assert len(str(caught.value)) < 500  # the message quotes a long template cut short


# --- any text -------------------------------------------------------------------------------------

PIECES = st.sampled_from(
    [
        "{",
        "}",
        "{{",
        "}}",
        ":",
        ",",
        ".",
        "+",
        "0",
        "12",
        "=",
        "pre=",
        "post=",
        "$",
        "upper",
        " ",
        "x",
        "a.b",
        "!r",
        "[0]",
        "{x}",
        "{x:.2}",
        "{x:, .2 pre=$}",
        "{x:>1000000000}",
        "{x:.999999}",
        "\x00",
        "\n",
        "é",
        "🃏",
    ]
)
TEXTS = st.one_of(
    st.text(),
    st.lists(PIECES, max_size=40).map("".join),
    st.builds(lambda piece, n, tail: piece * n + tail, PIECES, st.integers(1, 20_000), st.text(max_size=5)),
)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_any_text_is_a_template_or_an_error_at_its_place(text):
    """Never another exception; long inputs are read in one pass (no assertion on time)."""
    try:
        template = parse_template(text, HERE)
    except SourceError as exc:
        assert exc.loc == HERE and exc.message.startswith("template ")
        assert "\n" not in exc.message
        return
    rebuilt = "".join(
        literal.replace("{", "{{").replace("}", "}}") + ("" if p is None else p.written)
        for literal, p in template.parts
    )
    assert rebuilt == text


DIRECTIVES = (
    st.fixed_dictionaries(
        {},
        optional={
            ",": st.just(","),
            ".N": st.integers(0, 6).map(".{}".format),
            "+": st.just("+"),
            "0N": st.integers(1, 12).map("0{}".format),
            "pre": st.sampled_from(["$", "€", "USD", "~"]).map("pre={}".format),
            "post": st.sampled_from(["%", "€", "pts", "k"]).map("post={}".format),
        },
    )
    .filter(bool)
    .flatmap(lambda words: st.permutations(list(words.values())))
)
NUMBERS = st.one_of(
    st.integers(-(10**15) + 1, 10**15 - 1),
    st.floats(min_value=-9.99e14, max_value=9.99e14),
    st.decimals(min_value=-(10**15) + 1, max_value=10**15 - 1, allow_nan=False, allow_infinity=False).map(
        "{:f}".format
    ),
)


@given(words=DIRECTIVES, value=NUMBERS)
def test_a_formatted_number_reads_back_as_the_number_rounded(words, value):
    """The printed number, its sign, affixes and commas taken off, is the value rounded half
    away from zero to its decimals (worked out with fractions); at most 64 characters more
    than the value's own digits."""
    (_, placeholder), *_ = parse_template("{x:" + " ".join(words) + "}", HERE).parts
    assert placeholder is not None and placeholder.format is not None
    number = placeholder.format
    text = placeholder.show(value, FIELD)
    exact = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    own_digits = len(f"{Decimal(repr(value) if isinstance(value, float) else value):f}".lstrip("-"))
    assert len(text) <= own_digits + 64
    if number.decimals is not None:
        scaled = abs(exact) * 10**number.decimals
        exact = (-1 if exact < 0 else 1) * Fraction(math.floor(scaled + Fraction(1, 2)), 10**number.decimals)
    sign = text[0] if text[0] in "+-" else ""
    assert sign == ("-" if exact < 0 else "+" if number.sign and exact > 0 else "")
    body = text[len(sign) :]
    assert body.startswith(number.pre) and body.endswith(number.post)
    digits = body[len(number.pre) : len(body) - len(number.post)]
    shape = r"\d{1,3}(,\d{3})*" if number.thousands else r"\d+"
    decimals = r"" if number.decimals == 0 else rf"\.\d{{{number.decimals}}}" if number.decimals else r"(\.\d*[1-9])?"
    assert re.fullmatch(shape + decimals, digits), text
    whole = digits.split(".")[0].replace(",", "")
    assert len(whole) >= number.padding
    assert Fraction(Decimal(sign.replace("+", "") + digits.replace(",", ""))) == exact


# --- formats in a built deck ----------------------------------------------------------------------

FORMATTED = """extends: card
elements:
  price: {type: text, template: "{price:, .2 pre=$}", x: 4mm, y: 20mm, width: 55.5mm, height: 6mm, size: 9pt}
  delta: {type: text, template: "{delta:+} / {loss:.2 pre=$}", x: 4mm, y: 27mm, width: 55.5mm, height: 6mm, size: 9pt}
  serial: {type: text, template: "No. {serial:03}", x: 4mm, y: 34mm, width: 55.5mm, height: 6mm, size: 9pt}
  kind: {type: text, template: "{kind:upper}", x: 4mm, y: 41mm, width: 55.5mm, height: 6mm, size: 9pt}
  note: {type: text, text: "Tax {tax:post=%} {absent:.2 pre=$}", x: 4mm, y: 48mm, width: 55.5mm, height: 6mm, size: 9pt}
"""
FORMATTED_ITEM = "  - {title: Bolt, price: 1250, delta: 3, loss: -2, serial: 7, kind: gold, tax: '12.5'}\n"


def write_formatted(deck: Path, item: str = FORMATTED_ITEM, layout: str = FORMATTED) -> None:
    (deck / "layouts" / "formatted.yaml").write_text(layout)
    (deck / "cards.yaml").write_text(f"kind: card\nlayout: formatted\nitems:\n{item}")


def plumbed_text(pdf: Path) -> str:
    """The PDF's text as pdfplumber reads it, without white space (how a text's glyphs are
    spaced is the writer's business)."""
    with pdfplumber.open(pdf) as document:
        return "".join("".join(page.extract_text() or "" for page in document.pages).split())


def test_formatted_numbers_and_text_in_the_pdf(deck, tmp_path):
    write_formatted(deck)
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = plumbed_text(tmp_path / "out" / "deck" / "deck.pdf")
    for expected in ("$1,250.00", "+3/-$2.00", "No.007", "GOLD", "Tax12.5%"):
        assert expected in text, (expected, text)
    assert "{absent:.2pre=$}" in text  # a literal text keeps a placeholder the item has no field for, as written


def test_a_malformed_format_in_a_layout_is_an_error_at_its_line(deck, tmp_path):
    write_formatted(deck, layout=FORMATTED.replace("{price:, .2 pre=$}", "{price:>1000000000}"))
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    column = FORMATTED.splitlines()[2].index('"') + 1
    assert (
        f"deck/layouts/formatted.yaml:3:{column}: error: template '{{price:>1000000000}}': "
        "{price:>1000000000}: '>1000000000' is not a directive"
    ) in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "deck" / "deck.pdf").exists()


def test_a_value_its_format_cannot_show_is_an_error_at_the_items_field(deck, tmp_path):
    item = FORMATTED_ITEM.replace("price: 1250", "price: free")
    write_formatted(deck, item)
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    column = item.index("free") + 1
    assert (
        f"deck/cards.yaml:4:{column}: error: {{price:, .2 pre=$}} in template '{{price:, .2 pre=$}}' shows a number, "
        "and the item's 'price' is 'free'"
    ) in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "deck" / "deck.pdf").exists()


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
    write_cards(deck, "  - {title: A, count: many}\n  - {text: no title}\n  - {title: C, count: -1}\n")
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
