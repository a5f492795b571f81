"""The `index` a layout may show: each copy of a component file's cards numbered "k/n" in
print order beside the game's name, read back from the built PDF (pdfplumber)."""

import re

import pdfplumber

from tests.conftest import run_build

LAYOUT = """\
extends: card
elements:
  index: {type: text, template: "{game} · {index}", x: 4mm, right: 4mm, bottom: 1mm, height: 3mm, size: 7pt}
"""


def test_each_copy_shows_its_place_in_the_file_and_an_own_index_wins(tmp_path):
    game = tmp_path / "tiny"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text("name: Tiny Deck\nengine: none\ncomponents: [cards.yaml]\n")
    (game / "layouts" / "numbered.yaml").write_text(LAYOUT)
    (game / "cards.yaml").write_text(
        "kind: card\nlayout: numbered\nitems:\n"
        "  - {title: Alpha, count: 3}\n"
        "  - {title: Beta}\n"
        "  - {title: Gamma, index: A-7}\n"
    )
    run_build(str(game), "--out", str(tmp_path / "out"), "--format", "pdf", "--no-checklist")
    with pdfplumber.open(tmp_path / "out" / "tiny" / "tiny.pdf") as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    assert re.findall(r"Tiny Deck · (\S+)", text) == ["1/5", "2/5", "3/5", "4/5", "A-7"]
