"""No page of a shipped game's default build takes more than 45% ink: each page drawn by
pdfium at 30 dpi, its coverage the mean over the page of the three inks a colour printer
lays for each pixel (cyan 1 - red, magenta 1 - green, yellow 1 - blue)."""

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from generator.cli import main

GAMES = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]
MOST_INK = 0.45


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ink")
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--format", "pdf", "--no-cache"])
    assert result.exit_code == 0, result.output
    return out


def coverage(pdf: Path) -> list[float]:
    """Each page's ink coverage, 0 to 1."""
    document = pdfium.PdfDocument(str(pdf))
    pixels = (np.asarray(page.render(scale=30 / 72).to_pil().convert("RGB")) for page in document)
    return [float(1 - rgb.astype(float).mean() / 255) for rgb in pixels]


@pytest.mark.parametrize("game", GAMES)
def test_no_page_takes_more_than_45_percent_ink(built, game):
    pages = coverage(built / game / f"{game}.pdf")
    worst = max(range(len(pages)), key=pages.__getitem__)
    assert pages[worst] <= MOST_INK, f"page {worst + 1}: {pages[worst]:.0%} ink"
