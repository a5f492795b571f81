"""The `die` kind, read back from a built game: the face squares' edge from the PDF's score
lines, which net square each face's value sits in (and so, folding the net as a cube rolls
over it, which faces end opposite), the glue tabs from the PDF's grey fills and the SVG's
glue layer, and a die without six faces refused at its place."""

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import numpy as np
import pdfplumber
import pytest
from click.testing import CliRunner
from pdfplumber.page import Page

from generator.cli import main
from generator.games.plugin import load_game
from generator.layout.context import LayoutContext
from generator.layout.die import DIE
from generator.layout.scene import Text
from tests.pdf_geometry import PT_MM, score_lines, svg_path_points

SVG = "{http://www.w3.org/2000/svg}"
LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
GLUE_FILL = "#d9d9d9"
#: How deep a glue tab is on a die of 15 mm or more.
TAB_DEPTH = 5.0
#: The values a standard die lists, faces[0] to faces[5].
VALUES = ("1", "2", "3", "4", "5", "6")

Cell = tuple[int, int]
Segment = tuple[tuple[float, float], tuple[float, float]]


def write_game(folder: Path, dice: str) -> Path:
    """A game folder whose one component file, dice.yaml, holds `dice` (its items' YAML)."""
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Dice\nengine: none\ncomponents: [dice.yaml]\n")
    (folder / "dice.yaml").write_text(f"kind: die\nlayout: die\nitems:\n{dice}")
    return folder


def a_die(size: str | None, values: tuple[str, ...] = VALUES) -> str:
    faces = ", ".join(f"{{value: '{v}'}}" for v in values)
    sized = f"    size: {size}\n" if size else ""
    return f"  - title: Die\n{sized}    faces: [{faces}]\n"


def build(folder: Path, out: Path) -> Path:
    result = CliRunner().invoke(
        main,
        ["build", str(folder), "--out", str(out), "--format", "pdf,svg", "--no-checklist", "--no-cache"],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    return out / folder.name


@pytest.fixture(scope="module", params=[(None, 16.0), ("25mm", 25.0)], ids=["default-16mm", "25mm"])
def built(request, tmp_path_factory) -> tuple[Path, float]:
    """A game of one die, faces 1 to 6, at the default edge and at 25 mm: its build folder
    and the edge it should have."""
    size, edge = request.param
    root = tmp_path_factory.mktemp("die")
    return build(write_game(root / "dice", a_die(size)), root / "out"), edge


def die_page(folder: Path) -> Page:
    """The one page that scores anything: the die's sheet."""
    pdf = pdfplumber.open(folder / "dice.pdf")
    pages = [page for page in pdf.pages if score_lines(page)]
    assert len(pages) == 1
    return pages[0]


def test_the_face_squares_are_the_die_s_edge_read_from_the_score_lines(built):
    folder, edge = built
    folds = score_lines(die_page(folder))
    # one scored line for each of the cube's twelve edges, each as long as the edge
    assert len(folds) == 12
    assert all(fold.length == pytest.approx(edge, abs=0.1) for fold in folds)
    # they lie on a grid of squares `edge` apart: four columns of lines, two rows
    xs = sorted({round(fold.x0, 1) for fold in folds if fold.vertical})
    ys = sorted({round(fold.y0, 1) for fold in folds if fold.horizontal})
    assert len(xs) == 4 and len(ys) == 2
    assert [b - a for a, b in pairwise(xs)] == pytest.approx([edge] * 3, abs=0.1)
    assert ys[1] - ys[0] == pytest.approx(edge, abs=0.1)


def on(segment: Segment, lines: tuple[Segment, ...]) -> bool:
    """Whether one of `lines` runs along `segment`, either way, to 0.1 mm."""
    ends = sorted(segment)
    return any(all(math.dist(p, q) < 0.1 for p, q in zip(ends, sorted(line), strict=True)) for line in lines)


@dataclass(frozen=True)
class PrintedNet:
    """A die's net as its sheet in the PDF shows it: its squares of side `edge` (mm), counted
    (column, row) from the top left corner of its scored lines."""

    page: Page
    edge: float
    scored: tuple[Segment, ...]

    @classmethod
    def of(cls, folder: Path, edge: float) -> "PrintedNet":
        page = die_page(folder)
        return cls(page, edge, tuple(((f.x0, f.y0), (f.x1, f.y1)) for f in score_lines(page)))

    @property
    def corner(self) -> tuple[float, float]:
        return min(x for line in self.scored for x, _ in line), min(y for line in self.scored for _, y in line)

    def cell(self, x: float, y: float) -> Cell:
        """The square a point (mm) is in."""
        left, top = self.corner
        return math.floor((x - left) / self.edge), math.floor((y - top) / self.edge)

    def joined(self, a: Cell, b: Cell) -> bool:
        """Whether two neighbouring squares are scored to fold where they meet."""
        left, top = self.corner
        (ax, ay), (bx, by) = a, b
        if ax != bx:
            x = left + max(ax, bx) * self.edge
            return on(((x, top + ay * self.edge), (x, top + (ay + 1) * self.edge)), self.scored)
        y = top + max(ay, by) * self.edge
        return on(((left + ax * self.edge, y), (left + (ax + 1) * self.edge, y)), self.scored)

    def value_cells(self) -> dict[str, Cell]:
        """The square each face's value sits in, from where the PDF draws its characters (set
        large: the sheet's small print, "page 1 of 1", is left out)."""
        cells = {}
        for word in self.page.extract_words():
            if word["text"] in VALUES and (word["bottom"] - word["top"]) * PT_MM > self.edge / 3:
                x = (word["x0"] + word["x1"]) / 2 * PT_MM
                y = (word["top"] + word["bottom"]) / 2 * PT_MM
                cells[word["text"]] = self.cell(x, y)
        return cells

    def glue_tabs(self) -> list[list[tuple[float, float]]]:
        """The corners (mm) of each grey area the PDF fills: the glue tabs."""
        grey = tuple(round(int(GLUE_FILL[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))
        return [
            [(x * PT_MM, y * PT_MM) for x, y in dict.fromkeys(curve["pts"])]
            for curve in self.page.curves
            if curve["fill"] and tuple(round(c, 3) for c in curve["non_stroking_color"]) == grey
        ]


#: A cube rolling one square right (+x) or down (+y, the page's y) over the net, as a
#: rotation of the world: its side facing that way comes to rest on the square.
ROLL = {
    (1, 0): np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]]),
    (0, 1): np.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]]),
}
ROLL |= {(-dx, -dy): turn.T for (dx, dy), turn in list(ROLL.items())}
DOWN = np.array([0, 0, -1])


def rolled(start: Cell, net: PrintedNet, squares: set[Cell]) -> dict[Cell, np.ndarray]:
    """The cube's turn (world from cube) as it rests on each of the net's `squares`, rolled
    from `start` across the scored folds between them: folding the net round the cube puts
    on each square the side of the cube that rests there."""
    turns = {start: np.eye(3, dtype=int)}
    todo = [start]
    while todo:
        cell = todo.pop()
        for step, turn in ROLL.items():
            nxt = (cell[0] + step[0], cell[1] + step[1])
            if nxt in squares and nxt not in turns and net.joined(cell, nxt):
                turns[nxt] = turn @ turns[cell]
                todo.append(nxt)
    return turns


def side(turn: np.ndarray, world: np.ndarray) -> tuple[int, ...]:
    """The cube's side (in the cube's own axes) that faces `world` when it rests so turned."""
    return tuple(int(v) for v in turn.T @ world)


def test_opposite_faces_fold_opposite(built):
    net = PrintedNet.of(*built)
    cells = net.value_cells()
    assert sorted(cells) == list(VALUES)
    turns = rolled(cells["1"], net, set(cells.values()))
    sides = {value: side(turns[cell], DOWN) for value, cell in cells.items()}
    assert len(set(sides.values())) == 6  # the net folds into a cube, a face on each side
    for a, b in (("1", "6"), ("2", "5"), ("3", "4")):
        assert np.array_equal(np.add(sides[a], sides[b]), [0, 0, 0]), (a, b, cells)


def test_every_seam_of_the_cube_has_exactly_one_glue_tab(built):
    """Each tab's base is scored and borders a face; rolled into a cube, the five folds
    between faces and the seven tabs' bases are the cube's twelve edges, each once."""
    net = PrintedNet.of(*built)
    squares = set(net.value_cells().values())
    turns = rolled(min(squares), net, squares)
    assert set(turns) == squares
    cube_edges = [
        frozenset({side(turns[a], DOWN), side(turns[b], DOWN)})
        for a in squares
        for b in squares
        if a < b and math.dist(a, b) == 1 and net.joined(a, b)
    ]
    assert len(cube_edges) == 5
    tabs = net.glue_tabs()
    assert len(tabs) == 7
    for corners in tabs:
        base = max(pairwise([*corners, corners[0]]), key=lambda pair: math.dist(*pair))
        assert on(base, net.scored)  # the tab folds on a scored line
        # the tab stands out from its base's middle, one way along an axis; the face it
        # borders is the square on the base's other side, and no face is on the tab's
        cx, cy = (sum(c) / len(corners) for c in zip(*corners, strict=True))
        mx, my = ((base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2)
        away = math.hypot(cx - mx, cy - my)
        dx, dy = round((cx - mx) / away), round((cy - my) / away)
        face = net.cell(mx - dx * net.edge / 2, my - dy * net.edge / 2)
        assert face in squares and (face[0] + dx, face[1] + dy) not in squares
        cube_edges.append(frozenset({side(turns[face], DOWN), side(turns[face], np.array([dx, dy, 0]))}))
    assert len(set(cube_edges)) == 12


def has_glue(sheet: Path) -> bool:
    """Whether an SVG sheet has a glue layer (a sheet gluing nothing has none)."""
    return any(g.get(LABEL) == "glue" for g in ET.parse(sheet).iter(f"{SVG}g"))


def test_the_seven_glue_tabs_are_trapezoids_in_the_svg_glue_layer(built):
    folder, edge = built
    (sheet,) = [path for path in sorted((folder / "svg").glob("*.svg")) if has_glue(path)]
    root = ET.parse(sheet).getroot()
    (layer,) = [g for g in root.iter(f"{SVG}g") if g.get(LABEL) == "glue"]
    tabs = [path for path in layer.iter(f"{SVG}path") if path.get("fill") == GLUE_FILL]
    assert len(tabs) == 7
    assert len([p for p in root.iter(f"{SVG}path") if p.get("fill") == GLUE_FILL]) == 7  # none elsewhere
    assert [g.get("aria-label") for g in layer.iter(f"{SVG}g") if g.get("aria-label")] == ["GLUE"] * 7
    for tab in tabs:
        corners = list(dict.fromkeys(svg_path_points(tab.get("d"))))
        assert len(corners) == 4
        sides = [math.dist(a, b) for a, b in pairwise([*corners, corners[0]])]
        first = sides.index(max(sides))
        base, end, outer, other_end = (sides[(first + k) % 4] for k in range(4))
        # along the face's edge, 5 mm deep, each end sloping in 45 degrees
        assert base == pytest.approx(edge, abs=0.01)
        assert outer == pytest.approx(edge - 2 * TAB_DEPTH, abs=0.01)
        assert [end, other_end] == pytest.approx([TAB_DEPTH * math.sqrt(2)] * 2, abs=0.01)


@pytest.mark.parametrize("count", [5, 7])
def test_a_die_without_six_faces_is_an_error_at_its_faces(tmp_path, monkeypatch, count):
    monkeypatch.chdir(tmp_path)
    folder = write_game(tmp_path / "dice", a_die(None, VALUES[:count] + ("7",) * (count - 6)))
    result = CliRunner().invoke(main, ["build", "dice", "--out", "out", "--format", "pdf"])
    assert result.exit_code == 2, result.output
    assert "dice/dice.yaml:5:" in result.output
    assert f"a die has 6 faces: expected a list of 6, got {count}" in result.output
    assert not (tmp_path / "out" / folder.name / "dice.pdf").exists()


def test_die_faces_are_the_six_faces_alone_at_the_die_s_size(tmp_path):
    folder = write_game(tmp_path / "dice", a_die("25mm", ("A", "B", "C", "D", "E", "F")))
    game = load_game(folder)
    ctx = LayoutContext(game)
    (dice,) = game.files
    layout = ctx.file_layout(dice, DIE)
    faces = [piece.front for piece in DIE.draw(dice.components[0].fields, layout, ctx).pieces]
    assert [(face.width, face.height) for face in faces] == [(25.0, 25.0)] * 6
    shown = [[item for item in face.items if isinstance(item, Text)] for face in faces]
    assert [[text.text for text in texts] for texts in shown] == [[v] for v in "ABCDEF"]
    for (text,) in shown:  # centred on the face
        assert text.x + text.width / 2 == pytest.approx(12.5, abs=0.5)
