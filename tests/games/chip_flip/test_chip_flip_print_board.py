"""The Chip Flip board as printed: read back from the built PDF, tile by tile.

Each tile page draws the whole board under a clip, so pdfplumber reports every object on
every page; only what lies inside a tile's TrimBox is printed there. Positions are turned
into board coordinates through the board's cut outline (a stroked rectangle the size of
the board), the same on every tile.
"""

import random
import shutil
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2
import pytest
from PIL import ImageStat

from generator import shipped
from generator.games import load_game
from generator.games.chip_flip import PLUGIN
from generator.games.chip_flip.board import square_name, squares_of
from generator.games.chip_flip.kinds import BoardKind
from generator.pipeline import build_game
from generator.project import OutputSettings, PrintSettings, Project
from generator.sheets.options import PrintOptions
from generator.sources.layouts import load_layout
from tests.pdf_geometry import PT_MM, trim_box_mm

ENGINE = PLUGIN.engine
ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "components" / "chip-flip"
SQUARE_MM = 29.0  # components/chip-flip/board.yaml: square: 29mm
TOL = 0.05
#: Greyscale lightness light and dark squares must differ by at least (the CF003 threshold).
MIN_GREY_CONTRAST = 0.25


def rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))


def same_colour(a, b) -> bool:
    return isinstance(a, tuple) and len(a) == 3 and all(abs(x - y) < 0.005 for x, y in zip(a, b, strict=True))


def inside(x: float, y: float, box) -> bool:
    bx, by, bw, bh = box
    return bx - TOL <= x <= bx + bw + TOL and by - TOL <= y <= by + bh + TOL


class Tile:
    """One tile page: its trim box on the page and the board's origin on the page (mm)."""

    def __init__(self, page, trim, board_size: float):
        self.page = page
        self.trim = trim
        outlines = [
            r
            for r in page.rects
            if r["stroke"]
            and not all(c > 0.99 for c in r["stroking_color"] or (0,))  # not a cut line's white halo
            and abs(r["width"] * PT_MM - board_size) < TOL
            and abs(r["height"] * PT_MM - board_size) < TOL
        ]
        assert len(outlines) == 1, "one board outline per tile"
        self.origin = (outlines[0]["x0"] * PT_MM, outlines[0]["top"] * PT_MM)

    def to_board(self, x: float, y: float) -> tuple[float, float]:
        return round(x - self.origin[0], 2), round(y - self.origin[1], 2)

    @property
    def region(self):
        """The part of the board this tile prints, in board coordinates."""
        x, y, w, h = self.trim
        bx, by = self.to_board(x, y)
        return (bx, by, w, h)

    def squares(self, colours: dict[str, tuple]) -> dict[tuple[float, float], tuple[str, float, float]]:
        """Visible squares: board (x, y) of the top-left corner -> (colour name, w, h)."""
        found = {}
        tx, ty, tw, th = self.trim
        for r in self.page.rects:
            if not r["fill"] or r["stroke"]:
                continue
            name = next((n for n, c in colours.items() if same_colour(r["non_stroking_color"], c)), None)
            if name is None:
                continue
            x0, y0, x1, y1 = (r[k] * PT_MM for k in ("x0", "top", "x1", "bottom"))
            if x1 <= tx + TOL or x0 >= tx + tw - TOL or y1 <= ty + TOL or y0 >= ty + th - TOL:
                continue
            found[self.to_board(x0, y0)] = (name, x1 - x0, y1 - y0)
        return found

    def labels(self) -> dict[str, tuple[float, float]]:
        """Upright (South's) single-character labels printed on this tile, at their centres."""
        out = {}
        for c in self.page.chars:
            if c["matrix"][0] <= 0:
                continue
            x, y = (c["x0"] + c["x1"]) / 2 * PT_MM, (c["top"] + c["bottom"]) / 2 * PT_MM
            if inside(x, y, self.trim):
                out[c["text"]] = self.to_board(x, y)
        return out

    def targets(self) -> set[tuple[float, float]]:
        """Centres of the alignment targets printed on this tile (circles of radius 3 mm in
        dark grey), in board coordinates."""
        found = set()
        for c in self.page.curves:
            if not c["stroke"] or not same_colour(c["stroking_color"], rgb("#333333")):
                continue
            x0, y0, x1, y1 = (c[k] * PT_MM for k in ("x0", "top", "x1", "bottom"))
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            if abs((x1 - x0) - 6.0) < TOL and inside(cx, cy, self.trim):
                found.add(self.to_board(cx, cy))
        return found


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The shipped board alone, built on Letter: (pdf path, board item)."""
    folder = tmp_path_factory.mktemp("src") / "chip-flip-board"
    folder.mkdir()
    shutil.copy(GAME / "board.yaml", folder)
    (folder / "game.yaml").write_text("name: Chip Flip\nengine: chip_flip\ncomponents: [board.yaml]\n")
    out = tmp_path_factory.mktemp("out")
    printing = PrintSettings(formats=("pdf",), sheets=PrintOptions(checklist=False))
    result = build_game(load_game(folder), Project.find([folder], printing, OutputSettings(out)))
    assert result.ok, result.findings
    board = load_game(folder).items("board")[0]
    return out / folder.name / f"{folder.name}.pdf", board


def board_border() -> float:
    """The board layout's border, in mm as the board kind reads it."""
    dirs = [PLUGIN.layouts(), shipped.layouts_dir()]
    return load_layout("chip-flip-board", dirs, params_schema=BoardKind.params_schema).params["border"]


@pytest.fixture(scope="module")
def tiles(built):
    path, board = built
    size = 8 * SQUARE_MM + 2 * board_border()
    reader = pypdf.PdfReader(path)
    with pdfplumber.open(path) as pdf:
        yield [Tile(page, trim_box_mm(reader.pages[n]), size) for n, page in enumerate(pdf.pages)]


def colours(board) -> dict[str, tuple]:
    return {"light": rgb(board["light"]), "dark": rgb(board["dark"])}


def board_squares(tiles, board) -> dict[tuple[float, float], tuple[str, float, float]]:
    found: dict = {}
    for tile in tiles:
        found.update(tile.squares(colours(board)))
    return found


def test_the_board_is_larger_than_a_sheet_and_tiled_in_two_on_letter(tiles):
    """256 mm square (8 squares of 29 mm and a 12 mm border) fits across a landscape Letter
    sheet's 258 mm: two tiles, one above the other (it took four at 268 mm)."""
    assert len(tiles) == 2
    for tile in tiles:
        assert tile.trim[2] == pytest.approx(256, abs=0.01) and tile.trim[3] < 8 * SQUARE_MM


def test_64_squares_of_the_given_size_alternating(tiles, built):
    squares = board_squares(tiles, built[1])
    assert len(squares) == 64
    for _, w, h in squares.values():
        assert w == pytest.approx(SQUARE_MM, abs=TOL) and h == pytest.approx(SQUARE_MM, abs=TOL)
    xs = sorted({x for x, _ in squares})
    ys = sorted({y for _, y in squares})
    assert len(xs) == len(ys) == 8
    for a, b in zip(xs, xs[1:], strict=False):
        assert b - a == pytest.approx(SQUARE_MM, abs=TOL)
    for a, b in zip(ys, ys[1:], strict=False):
        assert b - a == pytest.approx(SQUARE_MM, abs=TOL)
    for i, x in enumerate(xs):
        for j, y in enumerate(ys):
            right = squares[(x, y)][0] != squares[(xs[i + 1], y)][0] if i < 7 else True
            below = squares[(x, y)][0] != squares[(x, ys[j + 1])][0] if j < 7 else True
            assert right and below, (x, y)


def printed_square_names(tiles, board) -> dict[str, str]:
    """Square name (as the printed column letter and row number say) -> its colour."""
    labels: dict[str, tuple[float, float]] = {}
    for tile in tiles:
        labels.update(tile.labels())
    assert set("abcdefgh12345678") <= set(labels)
    squares = board_squares(tiles, board)
    named = {}
    for (x, y), (colour, w, h) in squares.items():
        column = [c for c in "abcdefgh" if x < labels[c][0] < x + w]
        row = [r for r in "12345678" if y < labels[r][1] < y + h]
        assert len(column) == len(row) == 1, (x, y)
        named[column[0] + row[0]] = colour
    return named


def test_the_dark_squares_are_where_the_engine_puts_chips(tiles, built):
    named = printed_square_names(tiles, built[1])
    assert named["a1"] == "dark"  # the seed rules' corner
    deck = ENGINE.load_deck(load_game(GAME))
    for advanced in (False, True):
        state = ENGINE.new_game(deck, 2, random.Random(0), {"advanced": advanced})
        start = [square_name(sq) for sq in squares_of(state.position.south | state.position.north)]
        assert len(start) == 16
        assert all(named[sq] == "dark" for sq in start), start
        home_rows = [sq for sq, colour in named.items() if colour == "dark" and sq[1] in "1278"]
        assert sorted(home_rows) == sorted(start)


def test_light_and_dark_squares_distinct_in_greyscale(built, tiles):
    path, board = built
    scale = 2.0
    pdf = pypdfium2.PdfDocument(path)
    try:
        tile = tiles[0]
        image = pdf[0].render(scale=scale, grayscale=True).to_pil().convert("L")
        greys: dict[str, list[float]] = {"light": [], "dark": []}
        for (bx, by), (colour, w, h) in tile.squares(colours(board)).items():
            cx, cy = tile.origin[0] + bx + w / 2, tile.origin[1] + by + h / 2
            if inside(cx, cy, tile.trim):
                px = image.getpixel((round(cx / PT_MM * scale), round(cy / PT_MM * scale)))
                greys[colour].append(px / 255)
    finally:
        pdf.close()
    assert greys["light"] and greys["dark"]
    assert min(greys["light"]) - max(greys["dark"]) >= MIN_GREY_CONTRAST


def test_neighbouring_tiles_show_the_same_alignment_targets(tiles):
    pairs = 0
    for n, a in enumerate(tiles):
        for b in tiles[n + 1 :]:
            ax, ay, aw, ah = a.region
            bx, by, bw, bh = b.region
            left, top = max(ax, bx), max(ay, by)
            right, bottom = min(ax + aw, bx + bw), min(ay + ah, by + bh)
            if right - left <= 1 or bottom - top <= 1:
                continue  # not neighbours: they share no overlap strip
            shared = (left, top, right - left, bottom - top)
            on_a = {t for t in a.targets() if inside(*t, shared)}
            on_b = {t for t in b.targets() if inside(*t, shared)}
            assert on_a, (a.region, b.region)
            assert on_a == on_b
            pairs += 1
    assert pairs >= len(tiles) - 1


def test_ink_saver_board_leaves_light_squares_white_and_hatches_the_dark(tmp_path):
    """Drawn with the ink saver on: no large fills at all, and dark squares still read dark
    in greyscale (averaged over each square, as the eye sees a hatch)."""
    from generator.layout.folders import context_for
    from generator.layout.scene import Group, Text
    from generator.render.pdf import write_pdf
    from generator.sheets.model import Sheet

    game = load_game(GAME)
    ctx = context_for(game)
    ctx.ink_saver = True
    kind = BoardKind()
    scene = kind.draw(game.items("board")[0], ctx.layout("chip-flip-board", kind), ctx).front

    def fills(items):
        for item in items:
            if isinstance(item, Group):
                yield from fills(item.items)
            elif not isinstance(item, Text) and item.style.fill:
                yield item

    assert list(fills(scene.items)) == []
    sheet = Sheet(scene.width + 20, scene.height + 20, items=[Group(tuple(scene.items), (1, 0, 0, 1, 10, 10))])
    path = tmp_path / "board.pdf"
    write_pdf([sheet], path, "board", ctx.icon_path)
    scale = 2.0
    pdf = pypdfium2.PdfDocument(path)
    try:
        image = pdf[0].render(scale=scale, grayscale=True).to_pil().convert("L")
    finally:
        pdf.close()
    border = board_border()
    greys: dict[bool, list[float]] = {True: [], False: []}
    for row in range(8):
        for col in range(8):
            x, y = 10 + border + col * SQUARE_MM, 10 + border + (7 - row) * SQUARE_MM
            box = tuple(round(v / PT_MM * scale) for v in (x + 3, y + 3, x + SQUARE_MM - 3, y + SQUARE_MM - 3))
            greys[(row + col) % 2 == 0].append(ImageStat.Stat(image.crop(box)).mean[0] / 255)
    assert min(greys[False]) - max(greys[True]) >= MIN_GREY_CONTRAST


@pytest.mark.parametrize(("col", "name"), [(0, "a"), (7, "h"), (25, "z"), (26, "aa"), (27, "ab"), (52, "ba")])
def test_column_names_continue_past_z(col, name):
    from generator.games.chip_flip.kinds import column_name

    assert column_name(col) == name
