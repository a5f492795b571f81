"""The Twisty Passages deck as printed, read back from the PDF and SVG files of a build.

Expected values come from the deck's YAML (titles, counts, kinds), from the layout (zone
colours), from the PDF's own glyph positions and sizes (baselines) and from the brief (9-up
poker cards, the zone shapes), never from the drawing code. Text is glyphs: in the PDF
pdfplumber gives each character with its font, and pdfium each word with its font; in the
SVG each stretch of text is glyph outlines under an aria-label saying what it reads.
"""

import ctypes
import random
import re
from collections import Counter
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from xml.etree import ElementTree

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from generator.games import load_game
from generator.games.twisty_passages.kinds import maze_walls
from generator.pipeline import BuildResult, build_game
from generator.project import OutputSettings, PrintSettings, Project
from tests.conftest import COMPONENTS, ROOT
from tests.pdf_geometry import PT_MM, cut_lines, form_boxes, trim_box_mm
from tests.pdf_text import page_words, printed_size
from tests.pdf_text import pages as pdf_pages

DECK = COMPONENTS / "twisty-passages"
CARD_W, CARD_H = 63.5, 88.9
SVG = "{http://www.w3.org/2000/svg}"
#: The brief's zone shapes: polygons by their number of corners, the circle as a circle.
ZONE_SHAPES = {"red": 3, "green": "circle", "blue": 4, "black": 6}
#: A threshold card's bold text: the game's name, "N players" and the number of cards.
GOAL = re.compile(r"players \d+$")


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
def letter_pdf(letter):
    """The Letter PDF opened once with pdfplumber for every test that reads it: pdfplumber
    keeps what it parsed of a page (its characters, lines and shapes) with the page, so each
    page is parsed once for the module rather than once a test."""
    with pdfplumber.open(letter / "twisty-passages.pdf") as pdf:
        yield pdf


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


def reading(words) -> str:
    """Words in reading order: lines by their baseline, each left to right; a line ending in a
    hyphen (a break Unicode's rules allow after it) runs on into the next without a space."""
    text = ""
    for _, line in groupby(sorted(words, key=lambda w: (round(w.baseline, 1), w.x)), lambda w: round(w.baseline, 1)):
        part = " ".join(w.text for w in line)
        text += part if not text or text.endswith("-") else " " + part
    return text


def texts_in(words, x: float, y: float) -> tuple[str, str]:
    """The bold and the plain words inside one card cell, each in reading order."""
    inside = [w for w in words if x < w.x * PT_MM < x + CARD_W and y < w.baseline * PT_MM < y + CARD_H]
    bold = [w for w in inside if "Bold" in w.font]
    return reading(bold), reading([w for w in inside if "Bold" not in w.font])


def read_pages(folder: Path) -> list[tuple[str, list[str]]]:
    """(kind, the bold text of every occupied cell) for every page of the folder's PDF, its
    words as pdfium reads them."""
    path = folder / "twisty-passages.pdf"
    boxes = [trim_box_mm(p) for p in pypdf.PdfReader(path).pages]
    out = []
    for drawn, trim in zip(page_words(path), boxes, strict=True):
        texts = [texts_in(drawn, x, y) for x, y in cells(trim)]
        out.append((page_kind(texts), [bold for bold, _ in texts if bold]))
    return out


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
def test_every_card_title_is_printed_as_often_as_the_deck_counts_it(paper_name, pages):
    printed = Counter(t for kind, titles in pages[paper_name] if kind == "fronts" for t in titles if not GOAL.search(t))
    expected = Counter()
    for item in maze_items():
        expected[item["title"]] += item.get("count", 1)
    assert printed == expected
    assert sum(printed.values()) == 104


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
def test_nine_cards_a_page_and_a_backs_page_after_each_fronts_page(paper_name, pages):
    """The maze and zone cards (104) and the one-sided threshold cards (4) fill twelve sheets
    of nine, the threshold cards in the last sheet's empty places; each fronts page has its
    backs page after it, a back behind every maze card and none behind a threshold card."""
    pages = pages[paper_name]
    fronts = [(n, titles) for n, (kind, titles) in enumerate(pages) if kind == "fronts"]
    thresholds = len(yaml.safe_load((DECK / "thresholds.yaml").read_text())["items"])
    assert [len(titles) for _, titles in fronts] == [9] * ((104 + thresholds) // 9)
    for n, titles in fronts:
        kind, backs = pages[n + 1]
        assert kind == "backs"
        # Every back shows the game's name (in two bold lines) in its own cell.
        assert backs == ["Twisty Passages"] * len([t for t in titles if not GOAL.search(t)])
    assert [kind for kind, _ in pages].count("backs") == len(fronts)


def test_goal_cards_show_the_threshold_of_each_player_count(pages):
    goal = [[t for t in titles if GOAL.search(t)] for kind, titles in pages["letter"] if kind == "fronts"]
    goal = [titles for titles in goal if titles]
    assert len(goal) == 1  # all on one sheet, the last
    thresholds = yaml.safe_load((DECK / "thresholds.yaml").read_text())["items"]
    assert goal[0] == [f"Twisty Passages {t['players']} players {t['cards']}" for t in thresholds]


# --- SVG: inline icons, zones, kind marks -------------------------------------------------


@dataclass(frozen=True)
class PlacedCard:
    """A placed card group (clipped, in the art layer) of an SVG sheet, with the bold and the
    plain text the PDF's page of that sheet prints in the card's cell."""

    group: ElementTree.Element
    title: str
    plain: str


def offset(group) -> tuple[float, float]:
    match = re.fullmatch(r"matrix\(1 0 0 1 ([-\d.]+) ([-\d.]+)\)", group.get("transform", ""))
    assert match, group.attrib
    return float(match[1]), float(match[2])


@pytest.fixture(scope="module")
def cards(letter) -> list[PlacedCard]:
    """Every placed card of every SVG sheet (sheet N is page N of the PDF), with the text the
    PDF draws in its cell."""
    out = []
    paths = sorted((letter / "svg").glob("*.svg"))
    for path, drawn in zip(paths, page_words(letter / "twisty-passages.pdf"), strict=True):
        root = ElementTree.parse(path).getroot()
        art = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "layer-art")
        for group in art.findall(f"{SVG}g"):
            if group.get("clip-path"):
                out.append(PlacedCard(group, *texts_in(drawn, *offset(group))))
    return out


# --- PDF: inline icons on the baseline ------------------------------------------------------


def inline_icon_lines(
    pdf_path: Path, pdf: pdfplumber.PDF
) -> list[tuple[int, tuple[float, float, float, float], dict, float]]:
    """(page number, icon box, character, its baseline in mm) for each icon and DejaVu Sans character that
    touch on one line: the character ends where the icon starts (a space before the icon is
    a glyph of its own) or starts where the icon ends. `pdf` is the file opened with pdfplumber."""
    reader = pypdf.PdfReader(pdf_path)
    pairs = []
    for number, (page, page_object) in enumerate(zip(pdf.pages, reader.pages, strict=True), 1):
        chars = [c for c in page.chars if c["fontname"].split("+", 1)[-1] == "DejaVuSans"]
        for x, y, w, h in form_boxes(reader, page_object):
            for char in chars:
                if char["bottom"] * PT_MM < y or char["top"] * PT_MM > y + h:
                    continue
                if abs(char["x1"] * PT_MM - x) < 0.05 or abs(char["x0"] * PT_MM - (x + w)) < 0.05:
                    pairs.append((number, (x, y, w, h), char, (page.height - char["matrix"][5]) * PT_MM))
    return pairs


def test_inline_icons_sit_on_the_baseline_at_least_1_1_em_and_3_5_mm(letter, letter_pdf):
    checked = set()
    for number, (x, y, w, h), char, baseline in inline_icon_lines(letter / "twisty-passages.pdf", letter_pdf):
        size = char["size"] * PT_MM  # the character's font size, mm
        assert y + h == pytest.approx(baseline, abs=0.05), (x, y, char["text"])
        assert h >= 1.1 * size - 0.01 and h >= 3.5 - 0.01, (x, y, h, size)
        assert w == pytest.approx(h, abs=0.01)
        checked.add((number, x, y, char["x0"] < x / PT_MM))
    # Most cards print dice lines such as "Each [5] or [6] = [discard]."; every side of an
    # icon met with text beside it was checked.
    assert len(checked) > 150


def layout_zones() -> dict:
    layout = ROOT / "generator" / "games" / "twisty_passages" / "layouts" / "twisty-maze-card.yaml"
    return yaml.safe_load(layout.read_text())["params"]["zones"]


def zone_of(card) -> str | None:
    """The zone whose name the card prints (glyph outlines, labelled with the text they read)."""
    names = {f"{zone.upper()} ZONE": zone for zone in ZONE_SHAPES}
    found = [names[t.get("aria-label")] for t in card.iter() if t.get("aria-label") in names]
    return found[0] if found else None


def corners(element) -> int | str:
    if element.tag == f"{SVG}circle":
        return "circle"
    return len(element.get("points").split())


def test_zone_cards_carry_their_band_colour_their_shape_and_their_name(cards):
    colours = {zone: spec["colour"].lower() for zone, spec in layout_zones().items()}
    assert len(set(colours.values())) == 4
    seen = Counter()
    for placed in cards:
        card = placed.group
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


def marks(card) -> dict[str, bool]:
    rects = card.findall(f"{SVG}rect")
    return {
        "grey": any(r.get("fill") == "#d9d9d9" and float(r.get("width")) >= CARD_W for r in rects),
        "double border": len([r for r in rects if r.get("stroke") == "#555555" and r.get("rx")]) == 2,
        "star": any(u.get("href") == "#icon-star" and float(u.get("height")) > 5 for u in card.iter(f"{SVG}use")),
        "restored": any(u.get("href") == "#icon-restored" for u in card.iter(f"{SVG}use")),
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
            "restored": bool(item.get("reconstructed")),
        }
        assert wanted.setdefault(item["title"], flags) == flags, item["title"]
    fronts = [card for card in cards if card.title in wanted and card.plain]
    assert len(fronts) == 104
    for card in fronts:
        assert marks(card.group) == wanted[card.title], card.title
    assert sum(marks(c.group)["double border"] for c in fronts) == 10


def test_trap_teeth_stay_inside_the_safe_zone_of_their_own_card(letter_pdf):
    """Every tooth and jaw bar (the trap colour) lies at least the layout's 3 mm inset inside
    the cut lines around it, on all four sides: a cut that wanders leaves no tooth on the
    neighbouring card. Read from the PDF: the pieces and the cut lines around them."""
    colour = (0.2, 0.2, 0.2)  # "#333333"
    traps = sum(item.get("count", 1) for item in maze_items() if item["kind"] == "trap")
    teeth = 0
    for page in letter_pdf.pages:
        shapes = [
            s
            for s in page.curves + page.rects
            if s.get("fill") and tuple(round(c, 3) for c in s.get("non_stroking_color") or ()) == colour
        ]
        if not shapes:
            continue
        cuts = cut_lines(page)
        xs = sorted({round(c.x0, 2) for c in cuts if c.vertical})
        ys = sorted({round(c.y0, 2) for c in cuts if c.horizontal})
        for shape in shapes:
            x0, top, x1, bottom = (shape[k] * PT_MM for k in ("x0", "top", "x1", "bottom"))
            left, right = max(x for x in xs if x <= x0 + 0.01), min(x for x in xs if x >= x1 - 0.01)
            above, below = max(y for y in ys if y <= top + 0.01), min(y for y in ys if y >= bottom - 0.01)
            assert min(x0 - left, right - x1, top - above, below - bottom) >= 3.0 - 0.02, (page.page_number, shape)
            teeth += shape["object_type"] == "curve" and len(shape["pts"]) in (3, 4)
    assert teeth == traps * 2 * 11


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


def test_every_card_carries_its_index_once_in_print_order(letter_pdf):
    """Read back: each maze card's foot says "Twisty Passages · k/n", n the cards of the maze
    deck across its two files (72 maze cards, then 32 Zone cards), every k once, so a lost card
    can be found and reprinted."""
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in letter_pdf.pages)
    found = [(int(k), int(n)) for k, n in re.findall(r"Twisty Passages · (\d+)/(\d+)", text)]
    total = 0
    for name in ("maze.yaml", "zones.yaml"):
        items = yaml.safe_load((DECK / name).read_text())["items"]
        total += sum(item.get("count", 1) for item in items)
    assert total == 104
    assert sorted(found) == [(k, total) for k in range(1, total + 1)]


def test_a_cards_flavour_ends_clear_of_its_index_line(letter, letter_pdf):
    """Read back: on every card with flavour text (the italic serif), the lowest line's em
    box ends at least 1 mm above the top of the card's index line (the 7 pt grey foot), so the
    two never read as one block of text (they stood 0.4 mm apart)."""
    boxes = [trim_box_mm(page) for page in pypdf.PdfReader(letter / "twisty-passages.pdf").pages]
    gaps = []
    for page, trim in zip(letter_pdf.pages, boxes, strict=True):
        for x, y in cells(trim):
            inside = [c for c in page.chars if x < c["x0"] * PT_MM < x + CARD_W and y < c["top"] * PT_MM < y + CARD_H]
            flavour = [c["bottom"] * PT_MM for c in inside if c["fontname"].endswith("+DejaVuSerif-Italic")]
            foot = [
                c["top"] * PT_MM
                for c in inside
                if c["fontname"].endswith("+DejaVuSans")
                and c["size"] == pytest.approx(7)
                and c["top"] * PT_MM > y + CARD_H / 2
            ]
            if flavour and foot:
                gaps.append(min(foot) - max(flavour))
    # Every card with a `flavour:` in maze.yaml or zones.yaml, each copy of it.
    assert len(gaps) == sum(item.get("count", 1) for item in maze_items() if item.get("flavour"))
    assert min(gaps) >= 1.0, sorted(gaps)[:5]


def test_a_card_with_no_back_gets_no_strip_of_its_neighbours_backs(letter):
    """Read back with pdfium: a goal card has no back, and on its backs sheet its cell stays
    white to its cut lines. The maze backs beside it keep their bleed on their own side of
    the shared cut, as they do beside another back (they printed 3 mm of maze onto it)."""
    path = letter / "twisty-passages.pdf"
    reader = pypdf.PdfReader(path)
    drawn = page_words(path)
    per_mm = 4  # pixels
    blank = 0
    for number, (page, words) in enumerate(zip(pdf_pages(path), drawn, strict=True)):
        trim = trim_box_mm(reader.pages[number])
        if page_kind([texts_in(words, x, y) for x, y in cells(trim)]) != "backs":
            continue
        width = float(reader.pages[number].mediabox.width) * PT_MM
        carded = [
            (x, y) for x, y in cells(trim_box_mm(reader.pages[number - 1])) if texts_in(drawn[number - 1], x, y)[0]
        ]
        image = page.render(scale=per_mm * PT_MM).to_pil().convert("L")
        for x, y in carded:
            back_x = width - x - CARD_W  # the sheet turns over its long edge: backs mirror left to right
            inside = [round(v * per_mm) for v in (back_x + 0.5, y + 0.5, back_x + CARD_W - 0.5, y + CARD_H - 0.5)]
            middle = [round(v * per_mm) for v in (back_x + 20, y + 30, back_x + CARD_W - 20, y + CARD_H - 30)]
            if image.crop(middle).getextrema() == (255, 255):  # no back printed here
                blank += 1
                assert image.crop(inside).getextrema() == (255, 255), (number + 1, x, y)
    assert blank >= 1


def test_a_goal_cards_number_is_set_in_lining_figures(letter):
    """Read back with pdfium: every digit of each goal card's number (the 60 pt text) stands
    on its baseline and reaches the height of a capital, as lining figures do. In old-style
    figures, as Vollkorn sets them, a 7 and a 4 hang below the line and a 1 is as short as an
    x: 17 read as I7."""
    numbers = []
    with pdfium.PdfDocument(letter / "twisty-passages.pdf") as document:
        for page in document:
            textpage = page.get_textpage()
            digits, right = "", 0.0
            for index in range(textpage.count_chars()):
                size = printed_size(textpage, index)
                if size < 40:
                    continue
                edges = [ctypes.c_double() for _ in range(4)]  # left, right, bottom, top: the ink
                assert pdfium_c.FPDFText_GetCharBox(textpage.raw, index, *map(ctypes.byref, edges))
                x, y = ctypes.c_double(), ctypes.c_double()
                assert pdfium_c.FPDFText_GetCharOrigin(textpage.raw, index, ctypes.byref(x), ctypes.byref(y))
                bottom, top = edges[2].value, edges[3].value
                char = textpage.get_text_range(index, 1)
                assert bottom > y.value - 0.03 * size, (char, "hangs below the baseline")
                assert top > y.value + 0.55 * size, (char, "short of a capital's height")
                apart = digits and abs(edges[0].value - right) > 0.5 * size  # the next card's number
                digits += (" " if apart else "") + char
                right = edges[1].value
            numbers += digits.split()
    assert sorted(numbers) == ["12", "14", "17", "20"]
