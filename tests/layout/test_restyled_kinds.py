"""Kinds laid out from layout YAML: a game folder's own layout saying `extends:` restyles
the shipped one, read back from the built PDF (a text's colour, size and place)."""

import functools
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator import shipped
from generator.cli import main
from generator.games import load_game
from generator.games.plugin import game_layouts
from generator.sources.layouts import load_layout
from tests.conftest import COMPONENTS, run_build
from tests.pdf_geometry import PT_MM
from tests.pdf_paths import fractions, shapes
from tests.pdf_text import Found, chars, found, pages

#: A colour no shipped layout uses, so a char in it was drawn by the restyle.
MARK = "#12ab34"
MARK_RGB = (0x12 / 255, 0xAB / 255, 0x34 / 255)


@dataclass(frozen=True)
class Restyle:
    """One converted kind: its game and layout, the element the game's own
    layout restyles, and a word that element shows."""

    game: str
    layout: str
    element: str
    word: str
    back: bool = False


RESTYLES = [
    Restyle("whipped", "whipped-rules-summary", "title", "brief"),
    Restyle("sliders", "sliders-event-card", "deck", "CHANCE"),
    Restyle("sliders", "sliders-event-card", "mark", "?", back=True),
    Restyle("sliders", "sliders-bill", "amount", "$"),
    Restyle("sliders", "sliders-deed", "price", "Price"),
    Restyle("sliders", "sliders-deed", "rents.label", "With"),
    Restyle("sliders", "sliders-deed", "mortgaged", "Mortgaged", back=True),
    Restyle("sliders", "sliders-building", "name", "Quinn"),
    Restyle("sliders", "sliders-building", "name", "Chandler"),
    Restyle("twisty-passages", "twisty-win-threshold", "heading", "Passages"),
    Restyle("twisty-passages", "twisty-maze-card", "kind_line", "PASSAGE"),
    Restyle("twisty-passages", "twisty-maze-card", "zone_name", "ZONE"),
    Restyle("twisty-passages", "twisty-maze-card", "name", "Passages", back=True),
    Restyle("whipped", "whipped-rider", "effect", "point"),
    Restyle("whipped", "whipped-bill", "levels.note", "sponsor"),
    Restyle("whipped", "whipped-bidding-token", "back_level", "LEVEL"),
]


@functools.cache
def words(pdf_path: Path, word: str) -> tuple[Found, ...]:
    """Every copy of `word` drawn in a PDF (pdfium): its page, its first character's place
    and its fill colour, in page order. Read once a PDF and word: the module's PDFs are
    built once and never rewritten."""
    return tuple(found(pdf_path, word))


def places(copies: tuple[Found, ...]) -> set[tuple[int, float, float]]:
    return {(copy.page, round(copy.x, 1), round(copy.baseline, 1)) for copy in copies}


def marked(copies: tuple[Found, ...]) -> tuple[Found, ...]:
    return tuple(copy for copy in copies if copy.colour == pytest.approx(MARK_RGB, abs=0.005))


def restyle(case: Restyle) -> dict:
    """The case's element (`repeat.element` for one inside a repeat), coloured and moved
    5 mm right, as a game folder's layout says it over the shipped one."""
    game = load_game(COMPONENTS / case.game)
    layout = load_layout(case.layout, [*game.engine_layouts, shipped.layouts_dir()])
    elements = layout.back_elements if case.back else layout.elements
    *repeats, name = case.element.split(".")
    for repeat in repeats:
        (element,) = [e for e in elements if e.name == repeat]
        elements = element.elements
    (element,) = [e for e in elements if e.name == name]
    change: dict = {name: {"colour": MARK, "x": f"{element.x + 5}mm"}}
    for repeat in reversed(repeats):
        change = {repeat: {"elements": change}}
    return {"back_elements" if case.back else "elements": change}


def merged(into: dict, more: dict) -> dict:
    for key, value in more.items():
        into[key] = merged(into.get(key, {}), value) if isinstance(value, dict) else value
    return into


def build_game(tmp_path: Path, game: str, layouts: dict[str, dict]) -> Path:
    """The game built, PDF only, with its own layouts/ holding `layouts` (name -> mapping)."""
    folder = tmp_path / game
    shutil.copytree(COMPONENTS / game, folder)
    (folder / "layouts").mkdir(exist_ok=True)
    for name, data in layouts.items():
        (folder / "layouts" / f"{name}.yaml").write_text(yaml.safe_dump(data))
    run_build(str(folder), "--out", str(tmp_path / "out"), "--format", "pdf", "--no-checklist", "--no-check")
    return tmp_path / "out" / game / f"{game}.pdf"


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[tuple[str, bool], Path]:
    """Each game's PDF as shipped (False) and with every case's restyle at once (True): the
    cases restyle different words, so each is checked in the one build."""
    built = {}
    for game in sorted({case.game for case in RESTYLES}):
        own: dict[str, dict] = {}
        for case in (c for c in RESTYLES if c.game == game):
            merged(own.setdefault(case.layout, {"extends": case.layout}), restyle(case))
        built[game, False] = build_game(tmp_path_factory.mktemp("shipped"), game, {})
        built[game, True] = build_game(tmp_path_factory.mktemp("own"), game, own)
    return built


@pytest.mark.parametrize("case", RESTYLES, ids=lambda case: f"{case.layout}-{case.element}")
def test_a_game_folders_layout_extending_the_shipped_one_restyles_the_kind(pdfs, case):
    """The restyle moves the element 5 mm right and colours it: every copy of its word is
    drawn in that colour, 5 mm right of where the shipped layout puts it (a back's too,
    on its own sheet)."""
    shipped = words(pdfs[case.game, False], case.word)
    assert shipped and marked(shipped) == ()
    own = words(pdfs[case.game, True], case.word)
    # The element's copies of the word are those that left their place (the same word
    # elsewhere stays put); each is now 5 mm right, in the new colour.
    before, after = places(shipped), places(own)
    gone = before - after
    assert gone, f"no {case.word!r} moved"
    assert {(page, round(x + 5, 1), top) for page, x, top in gone} == places(marked(own))


def stroked_rects(pdf_path: Path) -> list[tuple[float, float]]:
    """The (width, height) in mm of every rectangle stroked in the MARK colour."""
    return [
        (round((rect.x1 - rect.x0) * PT_MM, 1), round((rect.bottom - rect.top) * PT_MM, 1))
        for page in pages(pdf_path)
        for rect in shapes(page)
        if rect.kind == "rect" and rect.stroke and fractions(rect.stroke_colour) == pytest.approx(MARK_RGB, abs=0.005)
    ]


def test_a_game_folders_vote_layout_restyles_the_votes_square(tmp_path):
    """Votes have no text: the restyle outlines their colour square in another colour and
    makes it 1 mm smaller; every vote printed shows it."""
    vote = {"extends": "whipped-vote", "elements": {"colour": {"stroke": MARK, "width": "7.8mm", "height": "7.8mm"}}}
    votes = sum(item["count"] for item in yaml.safe_load((COMPONENTS / "whipped" / "votes.yaml").read_text())["items"])
    assert stroked_rects(build_game(tmp_path, "whipped", {"whipped-vote": vote})) == [(7.8, 7.8)] * votes


def value_chars(pdf_path: Path) -> list[dict]:
    """The digits drawn in the PDF, in drawing order, with their place, colour and direction."""
    return [
        {
            "page": number,
            "text": char.text,
            "x": round(char.x0 * PT_MM, 2),
            "top": round(char.top * PT_MM, 2),
            "size": round(char.size * PT_MM, 2),
            "turned": 90 < char.angle < 270,
            "colour": char.colour,
        }
        for number, page in enumerate(pages(pdf_path))
        for char in chars(page)
        if char.text.isdigit()
    ]


def chip_values(game: str) -> int:
    """How many digits the numbered chips' values print, both sides of every chip."""
    items = yaml.safe_load((COMPONENTS / game / "numbered-chips.yaml").read_text())["items"]
    sides = (
        str(item[side]["value"]) for item in items for side in ("front", "back") for _ in range(item.get("count", 1))
    )
    return sum(len(value) for value in sides)


def test_a_game_folders_chip_layout_moves_and_recolours_each_sides_value(pdfs_chip_flip):
    """The chip's value restyled 5 mm right and in another colour: every digit of every
    value, both sides, is drawn in that colour, 5 mm along its own line of text (rightwards
    on the page on an upright front, leftwards on a back turned for folding); nothing else
    moves."""
    shipped, own = (value_chars(pdfs_chip_flip[restyled]) for restyled in (False, True))
    assert [c["text"] for c in shipped] == [c["text"] for c in own]
    moved = [(before, after) for before, after in zip(shipped, own, strict=True) if before != after]
    assert len(moved) == chip_values("chip-flip")
    assert {before["turned"] for before, _ in moved} == {False, True}
    for before, after in moved:
        assert after["colour"] == pytest.approx(MARK_RGB, abs=0.005)
        assert after["x"] - before["x"] == pytest.approx(-5 if before["turned"] else 5, abs=0.02)
        assert (after["page"], after["top"], after["size"]) == (before["page"], before["top"], before["size"])


@pytest.fixture(scope="module")
def pdfs_chip_flip(tmp_path_factory) -> dict[bool, Path]:
    """Chip Flip as shipped (False) and with its chips' value restyled (True)."""
    value = load_layout("chip-flip-chip", [*game_layouts("chip_flip"), shipped.layouts_dir()]).elements
    (shown,) = [e for e in value if e.name == "value"]
    own = {"extends": "chip-flip-chip", "elements": {"value": {"colour": MARK, "x": f"{shown.x + 5}mm"}}}
    return {
        False: build_game(tmp_path_factory.mktemp("shipped"), "chip-flip", {}),
        True: build_game(tmp_path_factory.mktemp("own"), "chip-flip", {"chip-flip-chip": own}),
    }


def test_a_chip_of_another_diameter_shows_its_sides_scaled_to_it(tmp_path):
    """The elements are placed on a disc `art_diameter` wide: a chip half as wide again
    shows its value half as large again, and its ring still 2 mm inside its edge."""
    folder = tmp_path / "chip-flip"
    shutil.copytree(COMPONENTS / "chip-flip", folder)
    numbered = folder / "numbered-chips.yaml"
    numbered.write_text(numbered.read_text().replace("diameter: 24mm", "diameter: 36mm"))
    (folder / "layouts").mkdir(exist_ok=True)
    run_build(str(folder), "--out", str(tmp_path / "out"), "--format", "pdf", "--no-checklist", "--no-check")
    sizes = {c["size"] for c in value_chars(tmp_path / "out" / "chip-flip" / "chip-flip.pdf") if c["size"] > 5}
    assert sizes == {round(7.44 * 1.5, 2)}
    rings = {
        round((curve.x1 - curve.x0) * PT_MM, 1)
        for page in pages(tmp_path / "out" / "chip-flip" / "chip-flip.pdf")
        for curve in shapes(page)
        if curve.kind == "curve"
        and curve.stroke
        and fractions(curve.stroke_colour) == pytest.approx((0x8C / 255, 0x7B / 255, 0x5E / 255), abs=0.005)
    }
    assert rings == {20.0, 32.0}


def test_a_chip_layout_with_no_art_diameter_is_an_error_at_its_line(tmp_path):
    """The elements are scaled from `art_diameter`: 0mm is an error at its line, exit 2,
    and no PDF is written."""
    folder = tmp_path / "chip-flip"
    shutil.copytree(COMPONENTS / "chip-flip", folder)
    (folder / "layouts").mkdir(exist_ok=True)
    (folder / "layouts" / "chip-flip-chip.yaml").write_text("extends: chip-flip-chip\nparams:\n  art_diameter: 0mm\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--format", "pdf", "--no-check"])
    assert result.exit_code == 2
    assert "chip-flip-chip.yaml:3:" in result.output and "art_diameter must be longer than 0mm" in result.output
    assert "Traceback" not in result.output
    assert not (out / "chip-flip" / "chip-flip.pdf").exists()
