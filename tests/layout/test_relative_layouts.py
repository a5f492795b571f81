"""Boxes that follow the card: percentages of the card's width and height, `right` and
`bottom` edges, `center`, resolved against the size in force (the layout's own, or a
component file's); contradictions and bad values are errors at their places; `extends`
keeps two keys an axis; repeats measure edges in their own box. And the shipped card lays
out poker, tarot and mini-american decks from one layout: read back from the PDF, everything
each card draws lies inside its trim, and the tarot's body sits lower and reaches further."""

from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main
from generator.layout.card import placement_findings
from generator.sources.errors import SourceError
from generator.sources.layout_model import RepeatElement
from generator.sources.layouts import card_sizes, load_layout
from tests.pdf_geometry import PT_MM, grid_edges, lines, trim_box_mm

POKER, TAROT, MINI = (card_sizes()[name] for name in ("poker", "tarot", "mini-american"))


def write(folder: Path, name: str, text: str) -> None:
    (folder / f"{name}.yaml").write_text(text)


def boxes(layout) -> dict[str, tuple[float, ...]]:
    return {e.name: tuple(round(v, 3) for v in e.box) for e in layout.elements}


RELATIVE = """size: poker
elements:
  band:   {type: rect, x: -3mm, right: -3mm, y: -3mm, height: 20%}
  title:  {type: text, text: T, x: 10%, width: 80%, y: 5%, height: 10%}
  body:   {type: text, text: B, x: 4mm, right: 4mm, y: 20%, bottom: 25%}
  badge:  {type: rect, right: 3mm, width: 10mm, bottom: 3mm, height: 10mm}
  middle: {type: rect, x: center, width: 20mm, y: center, height: 50%}
  point:  {type: rect, x: center, y: center}
  strip:  {type: rect, right: 10mm, bottom: 10mm}
"""


def test_boxes_resolve_against_the_layouts_own_size(tmp_path):
    write(tmp_path, "rel", RELATIVE)
    w, h = POKER.width, POKER.height
    assert boxes(load_layout("rel", [tmp_path])) == {
        "band": (-3.0, -3.0, round(w + 6, 3), round(0.2 * h, 3)),
        "title": (round(0.1 * w, 3), round(0.05 * h, 3), round(0.8 * w, 3), round(0.1 * h, 3)),
        "body": (4.0, round(0.2 * h, 3), round(w - 8, 3), round(0.55 * h, 3)),
        "badge": (round(w - 13, 3), round(h - 13, 3), 10.0, 10.0),
        "middle": (round((w - 20) / 2, 3), round(h / 4, 3), 20.0, round(h / 2, 3)),
        "point": (round(w / 2, 3), round(h / 2, 3), 0.0, 0.0),
        "strip": (0.0, 0.0, round(w - 10, 3), round(h - 10, 3)),  # x and y are 0 unless given
    }


def test_the_same_layout_at_another_size_follows_it(tmp_path):
    write(tmp_path, "rel", RELATIVE)
    layout = load_layout("rel", [tmp_path], size=TAROT)
    w, h = TAROT.width, TAROT.height
    assert (layout.width, layout.height) == (w, h)
    placed = boxes(layout)
    assert placed["body"] == (4.0, round(0.2 * h, 3), round(w - 8, 3), round(0.55 * h, 3))
    assert placed["badge"][:2] == (round(w - 13, 3), round(h - 13, 3))
    assert placed["middle"][0] == round((w - 20) / 2, 3)


@pytest.mark.parametrize(
    ("element", "where", "message"),
    [
        ("{type: rect, x: 4mm, width: 10mm, right: 4mm}", (3, 8), "gives x, width and right, which contradict"),
        ("{type: rect, y: 1%, bottom: 2%, height: 3mm}", (3, 8), "gives y, height and bottom, which contradict"),
        ("{type: rect, x: center, right: 4mm}", (3, 32), "is centred (x: center), so it takes no right"),
        ("{type: rect, x: 4, width: 3mm}", (3, 24), "length 4 has no unit"),
        ("{type: rect, x: left, width: 3mm}", (3, 24), "'x' takes a length, a percentage of the card's width"),
        ("{type: rect, width: 120%}", (3, 28), "between 0% and 100%, got '120%'"),
        ("{type: rect, height: -5%}", (3, 29), "between 0% and 100%"),
        ("{type: rect, bottom: 150%}", (3, 29), "between -100% and 100%"),
        ("{type: rect, width: center}", (3, 28), "'width' takes a length, a percentage of the card's width such"),
        ("{type: rect, y: 4mm, bottom: center}", (3, 37), "a percentage of the card's height"),
        ("{type: rect, x: 40mm, right: 30mm}", (3, 8), "has x and right that overlap on the card (63.5 mm)"),
    ],
)
def test_contradictions_and_bad_values_are_errors_at_their_places(tmp_path, element, where, message):
    write(tmp_path, "bad", f"size: poker\nelements:\n  box: {element}\n")
    with pytest.raises(SourceError) as caught:
        load_layout("bad", [tmp_path])
    assert message in caught.value.message
    assert (caught.value.loc.line, caught.value.loc.column) == where


def test_a_repeat_measures_its_entries_edges_in_its_own_box(tmp_path):
    write(
        tmp_path,
        "rows",
        "size: poker\nelements:\n"
        "  rows:\n    type: repeat\n    field: rows\n    x: 5mm\n    right: 5mm\n    y: 30%\n    step_y: 4mm\n"
        "    elements:\n"
        "      label:  {type: text, field: label, x: 0mm, width: 50%, height: 4mm}\n"
        "      amount: {type: text, field: amount, right: 0mm, width: 12mm, height: 4mm}\n"
        "      mark:   {type: rect, x: center, width: 2mm, height: 2mm}\n",
    )
    (rows,) = load_layout("rows", [tmp_path]).elements
    assert isinstance(rows, RepeatElement)
    inner = {e.name: tuple(round(v, 3) for v in e.box) for e in rows.elements}
    room = POKER.width - 10
    assert rows.width == pytest.approx(room)
    assert inner["label"] == (0.0, 0.0, round(POKER.width / 2, 3), 4.0)  # half the card, not of the repeat
    assert inner["amount"] == (round(room - 12, 3), 0.0, 12.0, 4.0)  # from the repeat's right edge
    assert inner["mark"][0] == round((room - 2) / 2, 3)


def test_a_repeat_with_no_width_gives_its_entries_no_right_edge(tmp_path):
    write(
        tmp_path,
        "rows",
        "size: poker\nelements:\n  rows:\n    type: repeat\n    field: rows\n    x: 5mm\n"
        "    elements:\n      amount: {type: text, field: amount, right: 0mm, width: 12mm}\n",
    )
    with pytest.raises(SourceError, match="places its right edge in repeat 'rows', which has no width") as caught:
        load_layout("rows", [tmp_path])
    assert caught.value.loc.line == 8


@pytest.mark.parametrize(
    ("parent", "child", "box"),
    [
        ("x: 4mm, width: 20mm", "right: 4mm", (39.5, 20.0)),  # moved to the right edge, its width kept
        ("x: 4mm, width: 20mm", "width: 30mm", (4.0, 30.0)),
        ("x: 4mm, right: 4mm", "width: 30mm", (4.0, 30.0)),  # the start kept, the end dropped
        ("x: 4mm, right: 4mm", "x: 10mm", (10.0, 49.5)),  # still up to 4 mm from the right
        ("right: 4mm, width: 20mm", "x: 10mm", (10.0, 20.0)),
        ("x: 4mm, right: 4mm", "x: center, width: 10mm", (26.75, 10.0)),
        ("x: center, width: 10mm", "right: 0mm", (53.5, 10.0)),
    ],
)
def test_a_child_keeps_two_keys_an_axis_its_own_first(tmp_path, parent, child, box):
    write(tmp_path, "base", f"size: poker\nelements:\n  box: {{type: rect, {parent}}}\n")
    write(tmp_path, "child", f"extends: base\nelements:\n  box: {{{child}}}\n")
    (element,) = load_layout("child", [tmp_path]).elements
    assert (element.x, element.width) == pytest.approx(box)


@pytest.mark.parametrize("size", [POKER, TAROT, MINI], ids=["poker", "tarot", "mini-american"])
def test_the_shipped_card_follows_every_size(size):
    for name in ("card", "card-two-sided"):
        layout = load_layout(name, size=size)
        assert placement_findings(layout) == []
        for element in layout.all_elements():
            x, y, w, h = element.box
            assert 4.0 - 1e-9 <= x and x + w <= size.width - 4.0 + 1e-9, element.name  # 4 mm margins
            assert 0 < y and y + h < size.height, element.name
    body = next(e for e in load_layout("card", size=size).elements if e.name == "text")
    assert body.height == pytest.approx(size.height * (1 - 0.19 - 0.235))  # the body grows with the card


# --- one layout, three decks, read back from the PDF -------------------------------------------

BODY = (
    "Draw two cards, then discard one of them. Each player with fewer than three cards in hand "
    "draws one more. If the deck runs out, shuffle the discard pile to make a new deck and go on. "
    "The player who played this card takes the next turn, unless a storm is in play; then the "
    "player on the left does, and the storm is discarded. Keep this card face up until your next turn. "
    "While it is face up, no player may trade cards with another, and every road costs one gold more "
    "to build; at the end of your next turn put it on the bottom of the deck."
)
SHORT = "Draw two cards, then discard one of them."


def three_decks(folder: Path) -> Path:
    """A game of three files drawn with the shipped `card` layout: poker (its own size),
    tarot and mini-american (their files' `size:`)."""
    folder.mkdir()
    files = {"poker.yaml": ("", "Poker", BODY), "tarot.yaml": ("size: tarot\n", "Tarot", BODY)}
    files["mini.yaml"] = ("size: mini-american\n", "Mini", SHORT)
    (folder / "game.yaml").write_text(f"name: Sizes\nengine: none\ncomponents: [{', '.join(files)}]\n")
    for file, (size, title, body) in files.items():
        (folder / file).write_text(
            f"kind: card\nlayout: card\n{size}items:\n"
            f"  - {{title: {title}, text: '{body}', flavour: 'Rain on the road.', count: 2}}\n"
        )
    return folder


def cells(page, size) -> list[tuple[float, float, float, float]]:
    """The trim boxes of the page's cards (x0, top, x1, bottom, mm), from its cut lines and
    crop marks: neighbouring grid lines a card's width (height) apart."""
    xs, ys = grid_edges(page, size.width, size.height)
    columns = [(a, b) for a, b in zip(xs, xs[1:], strict=False) if abs(b - a - size.width) < 0.05]
    rows = [(a, b) for a, b in zip(ys, ys[1:], strict=False) if abs(b - a - size.height) < 0.05]
    return [(x0, y0, x1, y1) for x0, x1 in columns for y0, y1 in rows]


def inside(box, cell, slack: float = 0.05) -> bool:
    x0, y0, x1, y1 = box
    return cell[0] - slack <= x0 and x1 <= cell[2] + slack and cell[1] - slack <= y0 and y1 <= cell[3] + slack


def test_one_layout_lays_out_poker_tarot_and_mini_decks_inside_their_cards(tmp_path):
    source = three_decks(tmp_path / "sizes")
    result = CliRunner().invoke(
        main,
        ["build", str(source), "--out", str(tmp_path / "out"), "--format", "pdf", "--no-checklist", "--separate"],
    )
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output  # no text shrunk past its minimum, nothing off a card
    pdf_path = tmp_path / "out" / "sizes" / "sizes.pdf"
    bodies: dict[str, list[tuple[float, float, float]]] = {}
    with pdfplumber.open(pdf_path) as pdf:
        for page, page_obj in zip(pdf.pages, PdfReader(pdf_path).pages, strict=True):
            # What the cards draw, near their trim (the page's TrimBox, their union, grown by
            # the bleed): the sheet's label and page number in the margin are left out.
            x, y, w, h = trim_box_mm(page_obj)
            near = (x - 3, y - 3, x + w + 3, y + h + 3)
            words = {w["text"] for w in page.extract_words()}
            deck = next(name for name in ("Poker", "Tarot", "Mini") if name in words)
            size = {"Poker": POKER, "Tarot": TAROT, "Mini": MINI}[deck]
            trims = cells(page, size)
            assert len(trims) == 2, deck  # both copies, each in a cell of its size
            drawn = [(c["x0"] * PT_MM, c["top"] * PT_MM, c["x1"] * PT_MM, c["bottom"] * PT_MM, c) for c in page.chars]
            drawn += [
                (min(ln.x0, ln.x1), min(ln.y0, ln.y1), max(ln.x0, ln.x1), max(ln.y0, ln.y1), None)
                for ln in lines(page)
                if ln.colour == (0.333, 0.333, 0.333)  # the card's rule (#555555)
            ]
            assert len([d for d in drawn if d[4] is None]) == 2
            for *box, char in drawn:
                centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                if not inside((*centre, *centre), near, 0):
                    continue
                cell = next((c for c in trims if inside((*centre, *centre), c, 0)), None)
                assert cell is not None and inside(box, cell), (deck, char and char["text"], box)
                if char is not None and char["fontname"].endswith("+DejaVuSans"):  # the body's face
                    bodies.setdefault(deck, []).append((box[1] - cell[1], box[3] - cell[1], char["size"]))
    top = {deck: min(t for t, _, _ in found) for deck, found in bodies.items()}
    bottom = {deck: max(b for _, b, _ in found) for deck, found in bodies.items()}
    size = {deck: max(s for _, _, s in found) for deck, found in bodies.items()}
    assert top["Mini"] < top["Poker"] < top["Tarot"]  # the body starts lower on the taller card
    # The same text: on poker it shrinks to fit its box (which ends 23.5% above the bottom),
    # on the tarot card it keeps 9 pt and runs lower than the poker card's body box allows.
    assert size["Poker"] < size["Tarot"] == pytest.approx(9, abs=0.01)
    assert bottom["Poker"] <= POKER.height * (1 - 0.235) + 0.5 < bottom["Tarot"]


@pytest.mark.parametrize("size", ["tarot", "mini-american", "bridge", "square"])
def test_the_starter_deck_lays_out_at_another_size_with_nothing_rewritten(tmp_path, monkeypatch, size):
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "deck"]).exit_code == 0
    cards = tmp_path / "deck" / "cards.yaml"
    cards.write_text(cards.read_text() + f"size: {size}\n")
    result = CliRunner().invoke(main, ["build", "deck", "--out", "out", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    assert not any(code in result.output for code in ("L001", "L007", "L008")), result.output
