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


def test_a_deck_in_several_files_is_numbered_across_them(tmp_path):
    """Cards of one kind in several files are one deck, numbered in game.yaml's order of the
    files, out of the total of them all."""
    game = tmp_path / "split"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "name: Split Deck\nengine: none\ncomponents: [first.yaml, middle.yaml, last.yaml]\n"
    )
    (game / "layouts" / "numbered.yaml").write_text(LAYOUT)
    (game / "first.yaml").write_text("kind: card\nlayout: numbered\nitems:\n  - {title: Alpha, count: 2}\n")
    (game / "middle.yaml").write_text("kind: card\nlayout: numbered\nitems:\n  - {title: Beta}\n")
    (game / "last.yaml").write_text("kind: card\nlayout: numbered\nitems:\n  - {title: Omega}\n")
    run_build(str(game), "--out", str(tmp_path / "out"), "--format", "pdf", "--no-checklist")
    with pdfplumber.open(tmp_path / "out" / "split" / "split.pdf") as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    assert re.findall(r"Split Deck · (\S+)", text) == ["1/4", "2/4", "3/4", "4/4"]
