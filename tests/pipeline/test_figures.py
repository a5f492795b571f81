"""Figures in the rules (generator/pipeline/figures.py): a paragraph of images alone,
`![caption](<component:FILE#ITEM>)`, draws that component of the game on the rules page with
the caption under it. Read back from the PDF: the caption is the page's text, the picture is
ink on the page (pdfium) but not text (its words are outlines); an address that names no
component is an error at its place in rules.md, exit 2."""

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.pipeline.figures import PREFIX
from generator.sources.rules import parse_rules
from tests.pipeline.tiny import write_game

FIGURE = "# Tiny\n\nDraw a card.\n\n![The card B, as printed.](<component:cards.yaml#b>)\n\nPlay it.\n"


def build(game: Path, out: Path):
    return CliRunner().invoke(main, ["build", str(game), "--out", str(out), "--format", "pdf"])


def rules_page(out: Path) -> pdfium.PdfPage:
    return pdfium.PdfDocument(str(out / "tiny" / "tiny.pdf"))[1]


def ink(page: pdfium.PdfPage) -> float:
    return float(1 - np.asarray(page.render(scale=30 / 72).to_pil().convert("L")).mean() / 255)


def test_a_paragraph_of_images_is_a_figure_with_its_captions_and_places():
    (figure,) = [b for b in parse_rules(FIGURE + "\n![a](<x#1>)\n![b](y)\n") if b.kind == "figure"][:1]
    assert figure.text == "The card B, as printed."
    assert [(address, loc.line, loc.column) for address, loc in figure.pictures] == [("component:cards.yaml#b", 5, 29)]
    assert [b.kind for b in parse_rules("Text ![a](b) more.\n")] == ["paragraph"]  # an image in text is no figure
    assert figure.pictures[0][0].startswith(PREFIX)


def test_the_rules_draw_the_component_with_its_caption_under_it(tmp_path):
    plain = write_game(
        tmp_path / "plain" / "tiny",
        rules=FIGURE.replace("\n![The card B, as printed.](<component:cards.yaml#b>)\n", ""),
    )
    pictured = write_game(tmp_path / "pictured" / "tiny", rules=FIGURE)
    for game in (plain, pictured):
        result = build(game, game.parent / "out")
        assert result.exit_code == 0, result.output
    without, with_picture = rules_page(plain.parent / "out"), rules_page(pictured.parent / "out")
    text = with_picture.get_textpage().get_text_range()
    assert "The card B, as printed." in text and "beta" not in text  # the card's own words are outlines
    assert ink(with_picture) > 2 * ink(without)  # a card drawn among a few lines of text


@pytest.mark.parametrize(
    ("address", "said"),
    [
        (
            "component:nowhere.yaml",
            "'nowhere.yaml' is not a component file of this game (its files: cards.yaml, more.yaml)",
        ),
        ("component:cards.yaml#Z", "cards.yaml has no item 'Z' (its items: A, B; or a number from 1)"),
        ("cards.png", "'cards.png' is no picture the rules can show"),
    ],
)
def test_an_address_that_names_no_component_is_an_error_at_its_place(tmp_path, address, said):
    game = write_game(tmp_path / "tiny", rules=f"# Tiny\n\n![x](<{address}>)\n")
    result = build(game, tmp_path / "out")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"tiny/rules.md:3:7: error: {said}" in result.output  # at the address
