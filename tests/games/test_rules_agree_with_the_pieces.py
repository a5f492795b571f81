"""The printed rules and the printed pieces agree: wherever a shipped game's rules, kept as
their source wrote them, speak of dashed lines that this edition does not print (a dashed
line on a sheet means a fold), the rules pages of its PDF say what this edition prints, in an
"In this edition" note right after. Read back from each PDF's rules pages with pdfium."""

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from generator.cli import main
from tests.conftest import COMPONENTS

GAMES = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]
#: How far after a mention of dashed lines its note may start (a paragraph or so).
NEAR = 400


def rules_text(game: str, out: Path) -> str:
    result = CliRunner().invoke(main, ["build", str(COMPONENTS / game), "--out", str(out), "--format", "pdf"])
    assert result.exit_code == 0, result.output
    document = pdfium.PdfDocument(str(out / game / f"{game}.pdf"))
    pages = [document[n].get_textpage().get_text_range() for n in range(len(document))]
    text = " ".join(page for page in pages if ": rules" in page)
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("game", GAMES)
def test_every_mention_of_dashed_lines_is_followed_by_what_this_edition_prints(game, tmp_path):
    text = rules_text(game, tmp_path)
    mentions = [m.start() for m in re.finditer(r"dashed (lines|borders)", text)]
    for at in mentions:
        assert "In this edition:" in text[at : at + NEAR], text[at : at + NEAR]
    assert mentions or game not in ("slipmax", "twisty-passages", "whipped")


def test_whipped_writes_n_squared_as_a_power(tmp_path):
    text = rules_text("whipped", tmp_path)
    assert "n² minutes" in text and "n^2" not in text
