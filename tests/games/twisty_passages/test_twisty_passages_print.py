"""The Twisty Passages deck as printed, read back from the PDF and SVG files of a build.

Expected values come from the deck's YAML (titles, counts, kinds), from the layout (zone
colours), from the fonts (ascent, advance widths) and from the brief (9-up poker cards, the
zone shapes), never from the drawing code.
"""

import random
import re
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pdfplumber
import pypdf
import pytest
import yaml
from click.testing import CliRunner
from fontTools.ttLib import TTFont

from generator.cli import main
from generator.games import load_game
from generator.games.twisty_passages.kinds import maze_walls
from generator.pipeline import BuildResult, build_game
from generator.project import OutputSettings, PrintSettings, Project
from tests.conftest import COMPONENTS, ROOT
from tests.pdf_geometry import PT_MM, trim_box_mm

DECK = COMPONENTS / "twisty-passages"
CARD_W, CARD_H = 63.5, 88.9
SVG = "{http://www.w3.org/2000/svg}"
#: The brief's zone shapes: polygons by their number of corners, the circle as a circle.
ZONE_SHAPES = {"red": 3, "green": "circle", "blue": 4, "black": 6}


def maze_items() -> list[dict]:
    items = []
    for name in ("maze.yaml", "zones.yaml"):
        items += yaml.safe_load((DECK / name).read_text())["items"]
    return items


def build(out: Path, paper_name: str, formats: str) -> Path:
    result = CliRunner().invoke(
        main,
        ["build", str(DECK), "--out", str(out), "--paper", paper_name, "--format", formats, "--no-checklist"],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    assert "L001" not in result.output and "error" not in result.output, result.output
    return out / "twisty-passages"


@pytest.fixture(scope="module")
def letter(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("letter"), "letter", "pdf,svg")


@pytest.fixture(scope="module")
def a4(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("a4"), "a4", "pdf")


@pytest.fixture(scope="module")
def pages(letter, a4) -> dict[str, list[tuple[str, list[str]]]]:
    """Each paper's PDF read back once: (page kind, bold text of each occupied cell)."""
    return {"letter": read_pages(letter), "a4": read_pages(a4)}


# --- PDF: titles, counts, pages -----------------------------------------------------------


def page_kind(cell_texts: list[tuple[str, str]]) -> str:
    """Backs carry only the game's name (bold, no plain text); goal cards a bold heading
    ending in "N players" and the number; anything else is a page of card fronts. (The
    9-up sheets are too full for the sheet label, so the content tells.)"""
    occupied = [(bold, plain) for bold, plain in cell_texts if bold]
    if all(not plain for _, plain in occupied):
        return "backs"
    if all(re.search(r"players \d+$", bold) for bold, _ in occupied):
        return "goal"
    return "fronts"


def cells(trim: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """Top-left corners of the poker cells of a grid filling the trim box."""
    x, y, w, h = trim
    cols, rows = round(w / CARD_W), round(h / CARD_H)
    return [(x + c * CARD_W, y + r * CARD_H) for r in range(rows) for c in range(cols)]


def texts_in(words, x: float, y: float) -> tuple[str, str]:
    """The bold and the plain words inside one card cell, each in reading order."""
    inside = [w for w in words if x < w["x0"] * PT_MM < x + CARD_W and y < w["top"] * PT_MM < y + CARD_H]
    inside.sort(key=lambda w: (round(w["top"], 1), w["x0"]))
    bold = " ".join(w["text"] for w in inside if "Bold" in w["fontname"])
    return bold, " ".join(w["text"] for w in inside if "Bold" not in w["fontname"])


def read_pages(folder: Path) -> list[tuple[str, list[str]]]:
    """(kind, the bold text of every occupied cell) for every page of the PDF."""
    pdf_path = folder / "twisty-passages.pdf"
    boxes = [trim_box_mm(p) for p in pypdf.PdfReader(pdf_path).pages]
    out = []
    with pdfplumber.open(pdf_path) as pdf:
        for page, trim in zip(pdf.pages, boxes, strict=True):
            words = page.extract_words(extra_attrs=["fontname"])
            texts = [texts_in(words, x, y) for x, y in cells(trim)]
            out.append((page_kind(texts), [bold for bold, _ in texts if bold]))
    return out


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
def test_every_card_title_is_printed_as_often_as_the_deck_counts_it(paper_name, pages):
    printed = Counter(t for kind, titles in pages[paper_name] if kind == "fronts" for t in titles)
    expected = Counter()
    for item in maze_items():
        expected[item["title"]] += item.get("count", 1)
    assert printed == expected
    assert sum(printed.values()) == 104


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
def test_nine_cards_a_page_and_a_backs_page_after_each_fronts_page(paper_name, pages):
    pages = pages[paper_name]
    fronts = [(n, titles) for n, (kind, titles) in enumerate(pages) if kind == "fronts"]
    per_file = [
        sum(i.get("count", 1) for i in yaml.safe_load((DECK / f).read_text())["items"])
        for f in ("maze.yaml", "zones.yaml")
    ]
    expected = [n for total in per_file for n in [9] * (total // 9) + ([total % 9] if total % 9 else [])]
    assert [len(titles) for _, titles in fronts] == expected
    for n, titles in fronts:
        kind, backs = pages[n + 1]
        assert kind == "backs"
        # Every back shows the game's name (in two bold lines) in its own cell.
        assert backs == ["Twisty Passages"] * len(titles)
    assert [kind for kind, _ in pages].count("backs") == len(fronts)


def test_goal_cards_show_the_threshold_of_each_player_count(pages):
    goal = [titles for kind, titles in pages["letter"] if kind == "goal"]
    assert len(goal) == 1
    thresholds = yaml.safe_load((DECK / "thresholds.yaml").read_text())["items"]
    assert goal[0] == [f"Twisty Passages {t['players']} players {t['cards']}" for t in thresholds]


# --- SVG: inline icons, zones, kind marks -------------------------------------------------


@pytest.fixture(scope="module")
def cards(letter) -> list[ElementTree.Element]:
    """Every placed card group (clipped, in the art layer) of every SVG sheet."""
    out = []
    for path in sorted((letter / "svg").glob("*.svg")):
        root = ElementTree.parse(path).getroot()
        art = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "layer-art")
        out += [g for g in art.findall(f"{SVG}g") if g.get("clip-path")]
    return out


class Font:
    """Ascent and advance widths read from the TTF itself."""

    def __init__(self, path: Path):
        font = TTFont(path)
        self.upem = font["head"].unitsPerEm
        # The typographic ascent (OS/2), the one PDF font descriptors give as Ascent.
        self.ascent = font["OS/2"].sTypoAscender / self.upem
        self.cmap = font.getBestCmap()
        self.hmtx = font["hmtx"]

    def width(self, text: str, size: float) -> float:
        return sum(self.hmtx[self.cmap[ord(c)]][0] for c in text) / self.upem * size


SANS = Font(ROOT / "fonts" / "DejaVuSans.ttf")


def is_sans(element) -> bool:
    return (
        element.tag == f"{SVG}text"
        and element.get("font-family") == "DejaVu Sans"
        and element.get("font-weight") == "normal"
        and element.get("font-style") == "normal"
    )


def inline_icon_lines(card) -> list[tuple[ElementTree.Element, ElementTree.Element]]:
    """(icon, text) pairs that touch on one line: the text starts where the icon ends, or
    the text ends a space before the icon starts (measured with the font's own widths)."""
    children = list(card)
    pairs = []
    for i, use in enumerate(children):
        if use.tag != f"{SVG}use" or use.get("href") == "#icon-star" and float(use.get("height")) > 5:
            continue
        x, w = float(use.get("x")), float(use.get("width"))
        before = children[i - 1] if i else None
        after = children[i + 1] if i + 1 < len(children) else None
        if after is not None and is_sans(after) and abs(float(after.get("x")) - (x + w)) < 0.01:
            pairs.append((use, after))
        if before is not None and is_sans(before):
            size = float(before.get("font-size"))
            end = float(before.get("x")) + SANS.width(before.text, size)
            if abs(end + SANS.width(" ", size) - x) < 0.05 or abs(end - x) < 0.05:
                pairs.append((use, before))
    return pairs


def test_inline_icons_sit_on_the_baseline_at_least_1_1_em_and_3_5_mm(cards):
    checked = 0
    for card in cards:
        for use, text in inline_icon_lines(card):
            bottom = float(use.get("y")) + float(use.get("height"))
            assert bottom == pytest.approx(float(text.get("y")), abs=0.05), (use.attrib, text.text)
            height = float(use.get("height"))
            assert height >= 1.1 * float(text.get("font-size")) - 0.01 and height >= 3.5 - 0.01, use.attrib
            assert float(use.get("width")) == pytest.approx(height, abs=0.01)
            checked += 1
    # Most cards print dice lines such as "Each [5] or [6] = [discard]."; every icon met
    # with text beside it was checked.
    assert checked > 150


def layout_zones() -> dict:
    layout = ROOT / "generator" / "games" / "twisty_passages" / "layouts" / "twisty-maze-card.yaml"
    return yaml.safe_load(layout.read_text())["params"]["zones"]


def zone_of(card) -> str | None:
    names = {f"{zone.upper()} ZONE": zone for zone in ZONE_SHAPES}
    found = [names[t.text] for t in card.iter(f"{SVG}text") if t.text in names]
    return found[0] if found else None


def corners(element) -> int | str:
    if element.tag == f"{SVG}circle":
        return "circle"
    return len(element.get("points").split())


def test_zone_cards_carry_their_band_colour_their_shape_and_their_name(cards):
    colours = {zone: spec["colour"].lower() for zone, spec in layout_zones().items()}
    assert len(set(colours.values())) == 4
    seen = Counter()
    for card in cards:
        zone = zone_of(card)
        if zone is None:
            continue
        seen[zone] += 1
        bands = [
            r
            for r in card.findall(f"{SVG}rect")
            if (r.get("fill") or "").lower() == colours[zone] and float(r.get("width")) >= CARD_W
        ]
        assert bands, zone
        white = [e for e in card if e.tag in (f"{SVG}polygon", f"{SVG}circle") and e.get("fill") == "#ffffff"]
        assert [corners(e) for e in white] == [ZONE_SHAPES[zone]] * 2
        other = set(colours.values()) - {colours[zone]}
        assert not [r for r in card.findall(f"{SVG}rect") if (r.get("fill") or "").lower() in other]
    expected = Counter(i["zone"] for i in maze_items() for _ in range(i.get("count", 1)) if i["kind"] == "zone")
    assert seen == expected == Counter({"red": 8, "green": 8, "blue": 8, "black": 8})


def card_title(card) -> str:
    bold = [t for t in card.iter(f"{SVG}text") if t.get("font-weight") == "bold"]
    return " ".join(t.text for t in sorted(bold, key=lambda t: (float(t.get("y")), float(t.get("x")))))


def marks(card) -> dict[str, bool]:
    rects = card.findall(f"{SVG}rect")
    return {
        "grey": any(r.get("fill") == "#d9d9d9" and float(r.get("width")) >= CARD_W for r in rects),
        "double border": len([r for r in rects if r.get("stroke") == "#555555" and r.get("rx")]) == 2,
        "star": any(u.get("href") == "#icon-star" and float(u.get("height")) > 5 for u in card.iter(f"{SVG}use")),
        "teeth": len(
            [
                p
                for p in card.findall(f"{SVG}polygon")
                if len(p.get("points").split()) == 3 and p.get("fill") != "#ffffff"
            ]
        )
        >= 12,
    }


def test_each_kind_of_card_carries_its_mark(cards):
    wanted = {}
    for item in maze_items():
        flags = {
            "grey": item["kind"] == "item",
            "double border": item["kind"] == "rule" or item.get("rule", False),
            "star": item.get("discard_effect", False),
            "teeth": item["kind"] == "trap",
        }
        assert wanted.setdefault(item["title"], flags) == flags, item["title"]
    fronts = [
        card
        for card in cards
        if card_title(card) in wanted and any(t.get("font-weight") != "bold" for t in card.iter(f"{SVG}text"))
    ]
    assert len(fronts) == 104
    for card in fronts:
        assert marks(card) == wanted[card_title(card)], card_title(card)
    assert sum(marks(c)["double border"] for c in fronts) == 10


def test_the_rule_borders_are_solid_art(letter):
    """Dashed lines mean fold: a border drawn dashed would read as a score line."""
    for path in (letter / "svg").glob("*.svg"):
        root = ElementTree.parse(path).getroot()
        art = root.find(f"{SVG}g[@id='layer-art']")
        assert not [e for e in art.iter() if e.get("stroke-dasharray")], path.name


# --- Findings at the card's line ---------------------------------------------------------


def deck_with(tmp_path: Path, effect: str) -> Path:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Tiny Maze\nengine: twisty_passages\ncomponents: [maze.yaml]\n")
    (folder / "maze.yaml").write_text(
        "kind: maze-card\nlayout: twisty-maze-card\nitems:\n"
        "  - title: Fine\n    kind: passage\n    effect: 'Each :d6-1: = :discard:.'\n"
        f"  - title: Broken\n    kind: passage\n    effect: '{effect}'\n"
    )
    return folder


def build_pdf(folder: Path, out: Path) -> BuildResult:
    return build_game(load_game(folder), Project.find([folder], PrintSettings(formats=("pdf",)), OutputSettings(out)))


def test_an_unknown_icon_is_an_error_at_the_effect_line(tmp_path):
    result = build_pdf(deck_with(tmp_path, "Each :d6-7: = :discard:."), tmp_path / "out")
    assert [(f.code, f.loc.line) for f in result.findings] == [("L002", 9)]
    assert "d6-7" in result.findings[0].message
    assert not result.files


def test_an_effect_too_long_for_the_card_is_an_overflow_error_at_its_line(tmp_path):
    words = " ".join(["Twisty passages, all alike."] * 60)
    result = build_pdf(deck_with(tmp_path, words), tmp_path / "out")
    assert [(f.code, f.loc.line) for f in result.findings] == [("L001", 9)]
    assert "Broken" in result.findings[0].message


def test_the_back_maze_is_a_perfect_maze():
    """Every cell reachable from the first, and no loops (a tree: cells - 1 open edges)."""
    cols, rows = 9, 12
    walls = {frozenset(w) for w in maze_walls(cols, rows, random.Random(1))}
    open_edges = []
    for c in range(cols):
        for r in range(rows):
            if c + 1 < cols and frozenset(((c + 1, r), (c + 1, r + 1))) not in walls:
                open_edges.append(((c, r), (c + 1, r)))
            if r + 1 < rows and frozenset(((c, r + 1), (c + 1, r + 1))) not in walls:
                open_edges.append(((c, r), (c, r + 1)))
    assert len(open_edges) == cols * rows - 1
    reached, frontier = {(0, 0)}, [(0, 0)]
    while frontier:
        cell = frontier.pop()
        for a, b in open_edges:
            for here, there in ((a, b), (b, a)):
                if here == cell and there not in reached:
                    reached.add(there)
                    frontier.append(there)
    assert len(reached) == cols * rows
