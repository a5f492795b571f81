"""`kind: token` (generator/layout/token.py): punchboard tokens read back from the PDF
(pdfplumber: the circles, hexagons and straight cuts, and where each token's text is),
butted for a trimmer and spaced for a die."""

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.layout.token import DIE_CUT_GAP

MM = 72 / 25.4
SIZE = 25.0


def game(folder: Path) -> Path:
    """Twelve round two-sided tokens (a gold 5 turning to 10, and one wound turning to
    healed) and ten hexagonal ones of a layout of the game's own."""
    (folder / "layouts").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Tokens\nengine: none\ncomponents: [tokens.yaml, hexes.yaml]\n")
    (folder / "tokens.yaml").write_text(
        "kind: token\nlayout: token-two-sided\nitems:\n"
        "  - {title: Gold, label: '5', value: gold, back: '10', count: 11}\n"
        "  - {title: Wound, label: '!', value: wound, back: healed}\n"
    )
    (folder / "layouts" / "hex-token.yaml").write_text(
        "about: Hexagonal tokens.\nextends: token\nparams: {shape: hex}\nsize: {width: 22mm, height: 25mm}\n"
    )
    (folder / "hexes.yaml").write_text(
        "kind: token\nlayout: hex-token\nitems:\n  - {title: Camp, label: Camp, count: 10}\n"
    )
    return folder


@pytest.fixture
def pages(tmp_path: Path) -> Iterator[Callable[..., list]]:
    """Build the game with these options and give its PDF's pages (pdfplumber), the PDF
    closed when the test ends."""
    with ExitStack() as opened:

        def built(*options: str) -> list:
            out = tmp_path / ("out" + "".join(options))
            args = ["build", str(game(tmp_path / "g")), "--out", str(out), "--format", "pdf", "--no-checklist"]
            result = CliRunner().invoke(main, [*args, *options])
            assert result.exit_code == 0, result.output
            return opened.enter_context(pdfplumber.open(out / "g" / "g.pdf")).pages

        yield built


def solid_black(item: dict) -> bool:
    return not (item["dash"] and item["dash"][0]) and item["stroking_color"] in ((0,), (0, 0, 0)) and item["stroke"]


def circles(page) -> list[dict]:
    """The cut outlines of round tokens: black curves as wide as they are tall, the size of one."""
    return [
        c
        for c in page.curves
        if solid_black(c)
        and c["width"] / MM == pytest.approx(SIZE, abs=0.05)
        and c["height"] / MM == pytest.approx(SIZE, abs=0.05)
    ]


def hexagons(page) -> list[dict]:
    return [
        c
        for c in page.curves
        if solid_black(c) and len(c["pts"]) in (6, 7) and c["height"] / MM == pytest.approx(SIZE, abs=0.05)
    ]


def straight_cuts(page) -> list[dict]:
    """The straight cuts longer than a token among the tokens (the page's furniture below them aside)."""
    below = max(c["bottom"] for c in page.curves)
    return [
        line
        for line in page.lines
        if solid_black(line) and max(line["width"], line["height"]) / MM > SIZE + 1 and line["top"] <= below
    ]


def test_for_a_trimmer_tokens_butt_and_share_straight_cuts_each_shape_cut_inside_its_cell(pages):
    front = pages()[0]
    rounds, hexes = circles(front), hexagons(front)
    assert len(rounds) == 12 and len(hexes) == 10
    xs = sorted({round(c["x0"] / MM, 2) for c in rounds})
    assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == pytest.approx([SIZE] * (len(xs) - 1), abs=0.01)
    assert straight_cuts(front), "the grid's shared cuts"


def test_for_a_die_tokens_are_spaced_and_cut_on_their_outlines_alone(pages):
    front = pages("--die-cut")[0]
    rounds = circles(front)
    assert len(rounds) == 12 and len(hexagons(front)) == 10
    xs = sorted({round(c["x0"] / MM, 2) for c in rounds})
    assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == pytest.approx(
        [SIZE + DIE_CUT_GAP] * (len(xs) - 1), abs=0.01
    )
    assert not straight_cuts(front)


def test_a_token_back_prints_behind_its_front(pages):
    front, back = pages()[:2]
    width = float(front.width)

    def centre(page, text: str) -> tuple[float, float]:
        (word,) = [w for w in page.extract_words() if w["text"] == text]
        return (word["x0"] + word["x1"]) / 2, (word["top"] + word["bottom"]) / 2

    x, y = centre(front, "!")
    (token,) = [c for c in circles(front) if c["x0"] < x < c["x1"] and c["top"] < y < c["bottom"]]
    bx, by = centre(back, "healed")
    # Long-edge duplex on a portrait sheet: the back mirrored left to right, at the same height.
    assert bx == pytest.approx(width - (token["x0"] + token["x1"]) / 2, abs=0.3)
    assert token["top"] < by < token["bottom"]
