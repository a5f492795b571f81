"""A tiled board's overlap guides, read back from Sliders' PDF (pdfplumber): dark dotted lines,
unlike a fold's 3 mm dashes, that stay visible printed in grey, each labelled in the strip the
next tile covers."""

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import main
from tests.conftest import COMPONENTS


@pytest.fixture(scope="module")
def tiles(tmp_path_factory):
    out = tmp_path_factory.mktemp("tiles")
    result = CliRunner().invoke(main, ["build", str(COMPONENTS / "sliders"), "--out", str(out), "--format", "pdf"])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "sliders" / "sliders.pdf") as pdf:
        return [
            ([ln for ln in page.lines if ln.get("dash") and ln["dash"][0]], "".join(c["text"] for c in page.chars))
            for page in pdf.pages
            if "board, tile" in page.extract_text()
        ]


def test_each_overlap_guide_is_dark_dotted_and_labelled(tiles):
    """Sliders' board is 3 tiles across and 2 down: each tile but the last of its row has a
    guide on its right, each of the top row one at its foot, 7 in all."""
    assert len(tiles) == 6
    assert sum(len(dashed) for dashed, _ in tiles) == 7
    for dashed, text in tiles:
        for guide in dashed:
            assert max(guide["dash"][0]) <= 1.2, "dotted, not dashed like a fold"
            assert max(guide["stroking_color"]) <= 0.3, "dark enough to show in grey"
        assert text.count("overlap: lay the next tile") == len(dashed), "each guide labelled"
