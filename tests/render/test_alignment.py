"""The duplex alignment test file: duplex-alignment.pdf in the output folder, two pages of
the paper's size, black scales and instructions naming the offset built with on the front,
red scales alone on the back. Read back with pypdf and pdfplumber."""

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.render.alignment import write_alignment_test
from generator.sheets.options import PrintOptions
from generator.sheets.paper import paper
from tests.pdf_geometry import is_black, lines

RED = (0.816, 0.0, 0.0)  # #d00000


@pytest.mark.parametrize("name", ["letter", "a4"])
def test_the_file_has_a_front_and_a_back_of_the_papers_size(tmp_path, name):
    sheet = paper(name)
    path = write_alignment_test(tmp_path, sheet, PrintOptions(duplex="short", back_offset=(0.5, -0.3)))
    assert path == tmp_path / "duplex-alignment.pdf" and path.is_file()
    reader = PdfReader(path)
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(sheet.width * 72 / 25.4, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(sheet.height * 72 / 25.4, abs=0.01)
    assert reader.metadata.title == "Duplex alignment test"
    front = " ".join(reader.pages[0].extract_text().split())
    assert "short-edge flip" in front and "--back-offset 0.50mm,-0.30mm" in front
    assert reader.pages[1].extract_text().strip() == ""  # the back has no words


def test_the_front_is_black_and_the_back_red(tmp_path):
    path = write_alignment_test(tmp_path, paper("letter"), PrintOptions())
    with pdfplumber.open(path) as pdf:
        front, back = (lines(page) for page in pdf.pages)
    # two scales of 17 ticks, and four corner crosses of two strokes, on each side
    assert len(front) == len(back) == 2 * 17 + 4 * 2
    assert all(is_black(line) for line in front)
    assert {line.colour for line in back} == {RED}
