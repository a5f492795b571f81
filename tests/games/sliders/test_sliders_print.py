"""Sliders print sheets read back from the PDF: deeds, event cards, money, board, buildings.

Expected values come from the YAML sources, read here with the plain loader (not through
the kinds that drew them). The PDF's text is read with pdfium, its lines, rectangles and
curves with pdfplumber.
"""

import math
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pdfplumber
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.games import load_game
from generator.layout.context import LayoutContext
from generator.layout.folders import context_for
from generator.layout.scene import Group, Polyline, Rect
from generator.pipeline import BuildResult, Laid, build_game, lay_out
from generator.project import OutputSettings, PrintSettings, Project
from generator.sheets.options import PrintOptions
from generator.sources.loader import load_yaml
from tests.pdf_geometry import PT_MM, cut_lines, grid_edges, score_lines
from tests.pdf_text import Word, page_texts, page_words, text, text_in, words

ROOT = Path(__file__).resolve().parents[3]
SLIDERS = ROOT / "components" / "sliders"
LAYOUTS = ROOT / "generator" / "games" / "sliders" / "layouts"


def build(folder: Path, out: Path, paper_name: str = "letter") -> BuildResult:
    """Each component file on sheets of its own, so a kind's pages hold only its components
    (sharing sheets across files has tests of its own, tests/sheets/test_shared_sheets.py)."""
    printing = PrintSettings(paper_name, ("pdf",), PrintOptions(checklist=False, separate=True))
    return build_game(load_game(folder), Project.find([folder], printing, OutputSettings(out)))


def laid_faces(folder: Path) -> tuple[list[Laid], LayoutContext]:
    game = load_game(folder)
    ctx = context_for(game)
    return lay_out(game, ctx), ctx


def items(name: str) -> list[dict]:
    return load_yaml(SLIDERS / name)["items"]


def flat(text: str) -> str:
    """Text with every run of whitespace made one space (wrapping and line ends ignored)."""
    return " ".join(text.split())


class Printed(NamedTuple):
    """A build and its PDF, open in pdfplumber (lines, rectangles, curves) and in pdfium (text)."""

    result: BuildResult
    pdf: pdfplumber.PDF
    document: pdfium.PdfDocument


def printed(result: BuildResult, path: Path) -> Iterator[Printed]:
    document = pdfium.PdfDocument(path)
    try:
        with pdfplumber.open(path) as pdf:
            yield Printed(result, pdf, document)
    finally:
        document.close()


@pytest.fixture(scope="module", params=["letter", "a4"])
def built(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("sliders-print")
    result = build(SLIDERS, out, request.param)
    assert [str(f) for f in result.findings] == []
    yield from printed(result, out / "sliders" / "sliders.pdf")


def page_numbers(built: Printed, title: str) -> list[int]:
    """The PDF pages (from 0) whose sheet holds the components titled `title` (the sheet model
    says which is which; a sheet shared by several kinds is titled "a + b")."""
    kinds, backs = title.removesuffix(", backs"), title.endswith(", backs")
    found = [
        n
        for n, sheet in enumerate(built.result.sheets)
        if sheet.title.endswith(", backs") == backs and kinds in sheet.title.removesuffix(", backs").split(" + ")
    ]
    assert found, f"no sheet titled {title!r}"
    return found


def cells(built: Printed, n: int) -> list[str]:
    """The text of every grid cell of poker cards on page `n`, the cells found from the page's
    long cut lines, or a backs sheet's crop marks or TrimBox. pdfium reads a card turned 180
    degrees on a backs sheet in the order it is drawn, forwards."""
    xs, ys = grid_edges(built.pdf.pages[n], 63.5, 88.9, min_length=40)
    textpage = built.document[n].get_textpage()
    out = []
    for top, bottom in zip(ys, ys[1:], strict=False):
        for left, right in zip(xs, xs[1:], strict=False):
            box = ((left + 0.3) / PT_MM, (top + 0.3) / PT_MM, (right - 0.3) / PT_MM, (bottom - 0.3) / PT_MM)
            cell = flat(text_in(textpage, box))
            if cell:
                out.append(cell)
    return out


def all_cells(built: Printed, title: str) -> list[str]:
    return [cell for n in page_numbers(built, title) for cell in cells(built, n)]


def cell_named(cells_: list[str], name: str, where: str) -> str:
    found = [c for c in cells_ if re.search(rf"(^| ){re.escape(name)}( |$)", c)]
    assert len(found) == 1, f"{name!r}: {len(found)} {where} cells"
    return found[0]


def test_every_site_deed_front_shows_its_numbers(built):
    fronts = all_cells(built, "title deeds")
    labels = ["Rent", "With 1 House", "With 2 Houses", "With 3 Houses", "With 4 Houses", "With HOTEL"]
    for deed in items("deeds.yaml"):
        cell = cell_named(fronts, deed["name"], "deed front")
        assert f"Price ${deed['price']}" in cell
        for label, rent in zip(labels, deed["rent"], strict=True):
            assert f"{label} ${rent:,}" in cell, (deed["name"], label)
        assert f"Houses cost ${deed['house_cost']} each" in cell
        assert f"Hotels cost ${deed['house_cost']} + 4 houses" in cell
        assert f"Mortgage Value ${deed['mortgage']}" in cell
        assert "the rent is doubled on unimproved sites" in cell


def test_railroad_and_utility_deeds_show_their_own_rent_rules(built):
    fronts = all_cells(built, "title deeds")
    for line in items("railroads.yaml"):
        cell = cell_named(fronts, line["name"], "deed front")
        rents = line["rent_by_count"]
        assert f"Rent ${rents[0]}" in cell
        for n, rent in enumerate(rents[1:], 2):
            assert f"If {n} lines are owned ${rent}" in cell
        assert f"Mortgage Value ${line['mortgage']}" in cell
    for utility in items("utilities.yaml"):
        cell = cell_named(fronts, utility["name"], "deed front")
        one, both = utility["dice_multiplier"]
        assert f"If one utility is owned, rent is {one} times the amount shown on the dice" in cell
        assert f"If both utilities are owned, rent is {both} times" in cell
        assert f"Mortgage Value ${utility['mortgage']}" in cell


def test_deed_backs_read_mortgaged_for_their_value(built):
    backs = all_cells(built, "title deeds, backs")
    deeds = items("deeds.yaml") + items("railroads.yaml") + items("utilities.yaml")
    assert len(deeds) == 28 and len(backs) == 28
    for deed in deeds:
        cell = cell_named(backs, deed["name"], "deed back")
        assert re.findall(r"Mortgaged for \$(\d+)", cell) == [str(deed["mortgage"])]


@pytest.mark.parametrize(
    "deck, file, back",
    [
        ("Chance cards", "chance.yaml", "Chance ?"),
        ("Community Chest cards", "community-chest.yaml", "Community Chest Quinn's Sliders fund"),
    ],
)
def test_event_cards_print_every_text_with_their_decks_back(built, deck, file, back):
    cells = all_cells(built, deck)
    cards = items(file)
    assert len(cells) == len(cards) == 16
    # Each card: its deck's name on top, then its whole text (duplicates printed as often),
    # then its index at its foot: its place in its deck.
    indexes = [re.search(r" Sliders · (\d+)/16$", cell) for cell in cells]
    assert sorted(int(found.group(1)) for found in indexes if found) == list(range(1, 17))
    fronts = [cell.removesuffix(found.group(0)) for cell, found in zip(cells, indexes, strict=True) if found]
    heading = back.split(" ")[0] if deck.startswith("Chance") else "COMMUNITY CHEST"
    assert Counter(fronts) == Counter(f"{heading.upper()} {flat(card['text'])}" for card in cards)
    backs = all_cells(built, f"{deck}, backs")
    assert backs == [back] * 16


def printed_money(pages_words: list[list[Word]]) -> Counter:
    """How often each note's value ($ and its number, a word of its own) is printed."""
    return Counter(word.text for page in pages_words for word in page if word.text.startswith("$"))


def test_money_counts_per_denomination_match_the_sources(built):
    """By default each note is printed for the most players (eight starting splits) and the
    Bank's share."""
    expected = {f"${bill['value']}": bill["per_player"] * 8 + bill["bank"] for bill in items("money.yaml")}
    money = [words(built.document[n]) for n in page_numbers(built, "play money")]
    assert printed_money(money) == Counter(expected)


def test_money_is_printed_for_the_players_the_build_names(tmp_path):
    """`--players 4`: four starting splits and the Bank's share of each note, read back from
    the PDF's text; the cover says whom it is printed for; a count the game does not take is
    refused with exit status 2 naming the range."""
    args = ["build", str(SLIDERS), "--out", str(tmp_path), "--format", "pdf", "--separate", "--players", "4"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    path = tmp_path / "sliders" / "sliders.pdf"
    cover = page_texts(path)[0]
    first, last = map(int, re.search(r"Play money \(pages (\d+)-(\d+)\)", cover).groups())
    money = page_words(path)[first - 1 : last]
    expected = {f"${bill['value']}": bill["per_player"] * 4 + bill["bank"] for bill in items("money.yaml")}
    assert printed_money(money) == Counter(expected)
    assert "Printed for 4 players" in cover
    refused = CliRunner().invoke(main, ["build", str(SLIDERS), "--out", str(tmp_path / "no"), "--players", "9"])
    assert refused.exit_code == 2
    assert "--players 9: Sliders is for 2-8 players" in refused.output
    assert not (tmp_path / "no").exists()


def _bill_rects(folder: Path) -> list[Rect]:
    laid, _ = laid_faces(folder)
    money = next(part for part in laid if part.kind.name == "bill")
    return [item for item in money.faces[0].front.items if isinstance(item, Rect)]


def test_ink_saver_layout_swaps_the_fill_for_a_coloured_frame(tmp_path):
    colour = load_yaml(LAYOUTS / "sliders-bill.yaml")["params"]["colours"]["1"]
    full = _bill_rects(SLIDERS)
    assert any(r.style.fill == colour and r.w >= 63.9 for r in full)  # the whole 64 mm bill
    copy = tmp_path / "sliders"
    shutil.copytree(SLIDERS, copy)
    money = copy / "money.yaml"
    money.write_text(money.read_text().replace("layout: sliders-bill\n", "layout: sliders-bill-ink-saver\n"))
    saver = _bill_rects(copy)
    assert not any(r.style.fill not in (None, "#ffffff") for r in saver)
    assert any(r.style.stroke == colour for r in saver)


def test_board_is_tiled_and_names_all_forty_squares(built):
    tiles = [text(built.document[n]) for n in page_numbers(built, "board")]
    assert len(tiles) > 1
    squares = items("board.yaml")
    assert len(squares) == 40
    # A name is wrapped, and turned along three of the sides: compare with all whitespace removed.
    printed = re.sub(r"\s", "", "".join(tiles))
    for square in squares:
        assert re.sub(r"\s", "", square["name"]) in printed, square["name"]
    for tile in tiles:
        assert "tile" in tile


BUILDINGS = "houses and hotels"


@pytest.fixture(scope="module")
def nets(tmp_path_factory):
    """Sliders built with the fold-up nets (sliders-building-net) in place of flat tokens."""
    copy = tmp_path_factory.mktemp("sliders-nets") / "sliders"
    shutil.copytree(SLIDERS, copy)
    buildings = copy / "buildings.yaml"
    buildings.write_text(buildings.read_text().replace("layout: sliders-building\n", "layout: sliders-building-net\n"))
    out = tmp_path_factory.mktemp("sliders-nets-out")
    result = build(copy, out)
    assert [str(f) for f in result.findings] == []
    yield from printed(result, out / "sliders" / "sliders.pdf")


def _net(kind: str) -> dict[str, float]:
    p = load_yaml(LAYOUTS / "sliders-building-net.yaml")["params"]["net"]
    size = {k: float(p[k].removesuffix("mm")) for k in ("width", "wall", "rise", "depth", "tab")}
    if kind == "hotel":
        size["width"] *= 1.4
        size["depth"] *= 1.4
    return size


def _fold_sets(page, boxes) -> list[list]:
    """The page's score lines grouped by the component box (from the sheet model) they lie in."""
    lines = score_lines(page)
    groups = [
        [ln for ln in lines if x <= (ln.x0 + ln.x1) / 2 <= x + w and y <= (ln.y0 + ln.y1) / 2 <= y + h]
        for x, y, w, h in boxes
    ]
    assert sum(map(len, groups)) == len(lines)
    return groups


def test_houses_and_hotels_are_flat_tokens_by_default_named_and_butted(built):
    """The default buildings: 16 mm tokens of their type's colour to the edge, named, with no
    fold anywhere, sharing their cut lines; as many of each as buildings.yaml says."""
    colours = load_yaml(LAYOUTS / "sliders-building.yaml")["params"]["colours"]
    fills = {tuple(round(int(c[i : i + 2], 16) / 255, 3) for i in (1, 3, 5)): t for t, c in colours.items()}
    counts: Counter = Counter()
    for n in page_numbers(built, BUILDINGS):
        page, textpage = built.pdf.pages[n], built.document[n].get_textpage()
        assert score_lines(page) == []
        cuts = cut_lines(page)
        xs = {round(c.x0, 1) for c in cuts if c.vertical}
        for rect in page.rects:
            colour = tuple(round(c, 3) for c in rect["non_stroking_color"] or ()) if rect["fill"] else None
            if colour not in fills or abs(rect["width"] * PT_MM - 16) > 0.05:
                continue
            kind = fills[colour]
            counts[kind] += 1
            x0, x1 = rect["x0"] * PT_MM, rect["x1"] * PT_MM
            assert {round(x0, 1), round(x1, 1)} <= xs, "each token's sides lie on shared cut lines"
            name = flat(text_in(textpage, (rect["x0"], rect["top"], rect["x1"], rect["bottom"])))
            assert name == {"house": "Quinn's house", "hotel": "Chandler hotel"}[kind]
    assert counts == Counter({b["type"]: b["count"] for b in items("buildings.yaml")})


def test_house_and_hotel_nets_have_score_lines_at_the_folds(nets):
    counts: Counter = Counter()
    for n, sheet in enumerate(nets.result.sheets):
        if sheet.title != BUILDINGS:
            continue
        page = nets.pdf.pages[n]
        for folds in _fold_sets(page, sheet.placements):
            vertical = sorted((ln for ln in folds if ln.vertical), key=lambda ln: ln.x0)
            horizontal = [ln for ln in folds if ln.horizontal]
            assert len(vertical) == 5 and len(horizontal) == 2
            depth = vertical[0].length
            kind = "house" if abs(depth - _net("house")["depth"]) < 0.1 else "hotel"
            counts[kind] += 1
            net = _net(kind)
            assert depth == pytest.approx(net["depth"], abs=0.1)
            roof = math.hypot(net["width"] / 2, net["rise"])
            gaps = [b.x0 - a.x0 for a, b in zip(vertical, vertical[1:], strict=False)]
            assert gaps == pytest.approx([net["width"], net["wall"], roof, roof], abs=0.1)
            for ln in horizontal:  # the gable ends fold off the floor panel
                assert ln.length == pytest.approx(net["width"], abs=0.1)
                assert ln.x0 == pytest.approx(vertical[0].x0, abs=0.1)
    buildings = {b["type"]: b["count"] for b in items("buildings.yaml")}
    assert counts == Counter(buildings)


def test_a_net_carries_no_text_to_run_over_its_folds(nets):
    for n, sheet in enumerate(nets.result.sheets):
        if sheet.title == BUILDINGS:
            textpage = nets.document[n].get_textpage()
            for x, y, w, h in sheet.placements:
                box = (x / PT_MM, y / PT_MM, (x + w) / PT_MM, (y + h) / PT_MM)
                assert not text_in(textpage, box).strip()


def test_net_outline_is_a_cut_polygon_through_the_gable_apexes(nets):
    page = nets.pdf.pages[page_numbers(nets, BUILDINGS)[0]]
    outlines = [
        c
        for c in page.curves
        if c.get("stroke") and not (c.get("dash") or ([],))[0] and abs(c["linewidth"] - 0.4) < 0.01
    ]
    assert outlines
    assert cut_lines(page) == []  # no rectangle around a net: its outline is the only cut
    sheet = next(sheet for sheet in nets.result.sheets if sheet.title == BUILDINGS)
    assert len(outlines) == len(sheet.placements)
    net = _net("house")
    for curve in outlines:
        pts = [(x * PT_MM, y * PT_MM) for x, y in curve["pts"]]
        ys = [y for _, y in pts]
        # A house: depth plus two gables (wall and rise) from top apex to bottom apex.
        depth = max(ys) - min(ys) - 2 * (net["wall"] + net["rise"])
        assert depth == pytest.approx(net["depth"], abs=0.1) or depth == pytest.approx(net["depth"] * 1.4, abs=0.1)
        apexes = [p for p in pts if abs(p[1] - min(ys)) < 0.01 or abs(p[1] - max(ys)) < 0.01]
        assert len({round(x, 2) for x, _ in apexes}) == 1  # each gable ends in one point


def test_layout_draws_no_primitive_outside_a_faces_bleed():
    laid, _ = laid_faces(SLIDERS)
    for part in (p for p in laid if p.faces):  # the card backs' file draws nothing itself
        scene = part.faces[0].front
        for item in scene.items:
            if isinstance(item, (Rect,)) and not isinstance(item, Group):
                assert item.x >= -scene.bleed - 1e-6 and item.x + item.w <= scene.width + scene.bleed + 1e-6
            if isinstance(item, Polyline):
                assert all(-1e-6 <= x <= scene.width + 1e-6 for x, _ in item.points)


def test_cli_build_exits_zero(tmp_path):
    result = CliRunner().invoke(main, ["build", str(SLIDERS), "--out", str(tmp_path), "--format", "pdf"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "sliders" / "sliders.pdf").is_file()


def test_card_text_too_long_is_an_overflow_at_its_line(tmp_path):
    copy = tmp_path / "sliders"
    shutil.copytree(SLIDERS, copy)
    chance = copy / "chance.yaml"
    source = chance.read_text()
    short = "    text: The Interdimensional Bank pays you a dividend of $50.\n"
    assert short in source
    line = source[: source.index(short)].count("\n") + 1
    chance.write_text(source.replace(short, f"    text: {'The vortex is unstable. ' * 60}\n"))
    _, ctx = laid_faces(copy)
    overflows = [f for f in ctx.findings if f.code == "L001"]
    assert len(overflows) == 1
    assert (Path(overflows[0].loc.file).name, overflows[0].loc.line) == ("chance.yaml", line)


def test_event_cards_carry_their_colour_off_the_edge_and_backs_are_mostly_white():
    """A Chance card's colour is a band running into the bleed, never a frame inside the cut
    (a mis-cut showed as an uneven margin); its back is white between two such bands."""
    laid, _ = laid_faces(SLIDERS)
    chance = next(part for part in laid if part.file.path.name == "chance.yaml")
    front, back = chance.faces[0].front, chance.faces[0].back
    assert back is not None
    colour = "#f7941d"  # card-backs.yaml: Chance
    bands = [i for i in front.items if isinstance(i, Rect) and i.style.fill == colour]
    assert bands and all(b.x < 0 and b.y < 0 and b.x + b.w > front.width for b in bands)
    assert not [i for i in front.items if isinstance(i, Rect) and i.style.stroke], "no frame inside the cut"
    coloured = sum(i.w * min(i.h, front.height) for i in back.items if isinstance(i, Rect) and i.style.fill == colour)
    assert coloured < 0.5 * (front.width + 6) * (front.height + 6)


def test_go_carries_an_arrow_pointing_to_the_next_square(shipped_pdfs):
    """Read back from the board tile holding GO: a red arrow whose tip is its leftmost point,
    and the first square after GO (board.yaml's second) lies on the side it points to."""
    after_go = items("board.yaml")[1]["name"].split()[0]
    red = tuple(round(int("c0392b"[i : i + 2], 16) / 255, 3) for i in (0, 2, 4))
    path = shipped_pdfs / "sliders" / "sliders.pdf"
    at = next(n for n, text in enumerate(page_texts(path)) if "Collect $200 salary" in flat(text))
    with pdfplumber.open(path, pages=[at + 1]) as pdf:
        (page,) = pdf.pages
        arrows = [
            c for c in page.curves if c["fill"] and tuple(round(v, 3) for v in c["non_stroking_color"] or ()) == red
        ]
        words = page.extract_words()
    assert len(arrows) == 1
    points = arrows[0]["pts"]
    tip = min(points, key=lambda p: p[0])
    tail = max(x for x, _ in points)
    assert tail - tip[0] > 30 / PT_MM * 0.5  # a long arrow, not a mark
    ys = sorted(y for _, y in points)
    assert abs(tip[1] - (ys[0] + ys[-1]) / 2) < 0.5  # the tip is the middle of its height
    go = next(w for w in words if w["text"] == "GO")
    nexts = [w for w in words if w["text"] == after_go and abs(w["bottom"] - go["bottom"]) < 20]
    assert nexts and all(w["x1"] < tip[0] for w in nexts)
