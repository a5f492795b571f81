"""`kind: standee` (generator/layout/standee.py): a two-sided paper figure with fold-under
flaps and a slotted base, built through the cli from the starter deck and read back: the
panels, flaps and base from the PDF's score and cut lines (pdfplumber), the back's text
turned against the front's (pdfplumber's character matrices) and its art in register
(pypdfium2's rendering), the slit and the glue area from the SVG's layers (ElementTree),
and bad input refused at its place."""

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2
import pytest
from click.testing import CliRunner

from generator.cli import main
from tests.pdf_geometry import PT_MM

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
#: The shipped layout's figure (width, height), flap and base depths, mm.
SHIPPED = (30.0, 50.0, 6.0, 15.0)
#: A designer's layout extending the shipped one with its own size and params.
TALL = "extends: standee\nsize: {width: 40mm, height: 64mm}\nparams: {flap: 7mm, base: 18mm}\n"
RANGER = "  - {title: Ranger, art: art/landscape.png}\n"


def standee_game(deck: Path, items: str, header: str = "layout: standee\n", **layouts: str) -> Path:
    """The starter deck with its cards replaced by one standee file, and the game's own
    `layouts` (name: text)."""
    (deck / "standees.yaml").write_text(f"kind: standee\n{header}items:\n{items}")
    game = deck / "game.yaml"
    game.write_text(game.read_text().replace("  - cards.yaml", "  - standees.yaml"))
    for name, text in layouts.items():
        (deck / "layouts" / f"{name}.yaml").write_text(text)
    return deck


def build(deck: Path, out: Path):
    return CliRunner().invoke(
        main, ["build", str(deck), "--out", str(out), "--format", "pdf,svg", "--no-checklist", "--no-cache"]
    )


def built(deck: Path, out: Path) -> Path:
    """The game's output folder, after a build that must succeed."""
    result = build(deck, out)
    assert result.exit_code == 0, result.output
    return out / deck.name


@dataclass(frozen=True)
class Segment:
    """One straight piece of a stroke, mm from the page's top left."""

    x0: float
    y0: float
    x1: float
    y1: float
    dashed: bool

    @property
    def length(self) -> float:
        return float(np.hypot(self.x1 - self.x0, self.y1 - self.y0))

    @property
    def horizontal(self) -> bool:
        return abs(self.y0 - self.y1) < 0.01

    @property
    def vertical(self) -> bool:
        return abs(self.x0 - self.x1) < 0.01

    @property
    def span(self) -> tuple[float, float]:
        return min(self.x0, self.x1), max(self.x0, self.x1)


def strokes(page) -> Iterator[Segment]:
    """Every straight piece of every black 0.4 pt stroke (cut, slit, score) on the page, from
    each line's, rectangle's and path's own drawing commands (pdfplumber's points run from
    the top); the white halos under them and the glue area's grey edge are left out."""
    for shape in page.lines + page.rects + page.curves:
        colour = shape.get("stroking_color") or (1,)
        if not shape.get("stroke") or abs(shape["linewidth"] - 0.4) > 0.01 or any(colour):
            continue
        dashed = bool(shape["dash"] and shape["dash"][0])
        start = here = (0.0, 0.0)
        for command, *points in shape["path"]:
            end = points[-1] if points else start
            if command in ("l", "h"):
                yield Segment(here[0] * PT_MM, here[1] * PT_MM, end[0] * PT_MM, end[1] * PT_MM, dashed)
            if command == "m":
                start = end
            here = end


@dataclass(frozen=True)
class Net:
    """One standee as its lines show it, mm from the page's top left."""

    left: float
    right: float
    #: The cut across the top of the net, and the foot of its cut sides.
    top: float
    foot: float
    #: The three folds across it, top to bottom.
    scores: tuple[float, float, float]
    #: The base piece (x, y, w, h), and the slit inside it.
    base: tuple[float, float, float, float]
    slit: Segment


def nets_on(page) -> list[Net]:
    """Each standee on the page: its folds are three dashed lines of one span; its sides,
    top and base piece are the solid lines round them."""
    lines = list(strokes(page))
    solid = [s for s in lines if not s.dashed]
    spans: dict[tuple[float, float], list[float]] = {}
    for score in (s for s in lines if s.dashed and s.horizontal):
        spans.setdefault(tuple(round(x, 2) for x in score.span), []).append(score.y0)
    nets = []
    for (left, right), ys in sorted(spans.items()):
        assert len(ys) == 3, f"the net at x {left}-{right} has {len(ys)} folds across it"
        sides = [s for s in solid if s.vertical and min(abs(s.x0 - left), abs(s.x0 - right)) < 0.05]
        top, foot = min(min(s.y0, s.y1) for s in sides), max(max(s.y0, s.y1) for s in sides)
        assert any(s.horizontal and abs(s.y0 - top) < 0.05 and s.span == pytest.approx((left, right)) for s in solid)
        at_foot = [s for s in solid if s.horizontal and abs(s.y0 - foot) < 0.05]
        base_top = next(s for s in at_foot if s.span[0] < left - 1 and s.span[1] > right + 1)
        x0, x1 = base_top.span
        under = [s for s in solid if s.horizontal and s.y0 > foot + 0.05 and s.span[0] < right and s.span[1] > left]
        base_bottom = next(s for s in under if s.span == pytest.approx((x0, x1), abs=0.05))
        slit = next(s for s in under if s.y0 < base_bottom.y0 - 0.05)
        base = (x0, foot, x1 - x0, base_bottom.y0 - foot)
        nets.append(Net(left, right, top, foot, tuple(sorted(ys)), base, slit))
    return nets


def only_page(pdf: Path):
    pages = pdfplumber.open(pdf).pages
    assert len(pages) == 1
    return pages[0]


@pytest.mark.parametrize(
    ("header", "layouts", "figure"),
    [
        ("layout: standee\n", {}, SHIPPED),
        ("layout: standee\nsize: {width: 36mm, height: 60mm}\n", {}, (36.0, 60.0, 6.0, 15.0)),
        ("layout: tall\n", {"tall": TALL}, (40.0, 64.0, 7.0, 18.0)),
    ],
    ids=["shipped", "file-size", "extended"],
)
def test_panels_flaps_and_base_are_cut_and_scored_at_the_layouts_size(starter_deck, tmp_path, header, layouts, figure):
    width, height, flap, depth = figure
    items = "  - {title: Ranger, art: art/landscape.png, count: 2}\n  - {title: Plain}\n"
    out = built(standee_game(starter_deck, items, header, **layouts), tmp_path / "out")
    nets = nets_on(only_page(out / "deck.pdf"))
    assert len(nets) == 3
    for net in nets:
        back_fold, top_fold, front_fold = net.scores
        assert net.right - net.left == pytest.approx(width, abs=0.1)
        # top to bottom: the back's flap, the back, the front, the front's flap
        parts = (back_fold - net.top, top_fold - back_fold, front_fold - top_fold, net.foot - front_fold)
        assert parts == pytest.approx((flap, height, height, flap), abs=0.1)
        # the base piece lies under the net, 10 mm wider than the figure and centred on it
        x, y, w, h = net.base
        assert (y, w, h) == pytest.approx((net.foot, width + 10, depth), abs=0.1)
        assert x + w / 2 == pytest.approx((net.left + net.right) / 2, abs=0.1)
        # the slit runs across its middle, centred under the figure
        assert net.slit.horizontal and net.slit.y0 == pytest.approx(y + h / 2, abs=0.1)
        assert sum(net.slit.span) / 2 == pytest.approx((net.left + net.right) / 2, abs=0.1)


def test_the_back_reads_upside_down_on_the_sheet_so_it_reads_upright_once_folded(starter_deck, tmp_path):
    out = built(standee_game(starter_deck, RANGER), tmp_path / "out")
    page = only_page(out / "deck.pdf")
    (net,) = nets_on(page)
    back_fold, top_fold, front_fold = net.scores
    chars = [c for c in page.chars if c["text"].strip() and net.left < c["x0"] * PT_MM < net.right]
    front = [c for c in chars if top_fold < c["top"] * PT_MM < front_fold]
    back = [c for c in chars if back_fold < c["top"] * PT_MM < top_fold]
    # the front is set the right way up, left to right; the back turned half round, right to left
    assert front and all(c["matrix"][0] > 0 and c["matrix"][3] > 0 for c in front)
    assert back and all(c["matrix"][0] < 0 and c["matrix"][3] < 0 for c in back)
    assert "".join(c["text"] for c in sorted(front, key=lambda c: c["x0"])) == "Ranger"
    assert "".join(c["text"] for c in sorted(back, key=lambda c: -c["x0"])) == "Ranger"


def test_the_back_panel_is_the_front_turned_half_round_in_register(starter_deck, tmp_path):
    """The shipped layout's back shows what its front does: rendered, the back panel turned
    180 degrees about the fold is the front panel, art and title, pixel for pixel but for
    anti-aliasing (a millimetre inside the panels, clear of the lines)."""
    out = built(standee_game(starter_deck, RANGER), tmp_path / "out")
    (net,) = nets_on(only_page(out / "deck.pdf"))
    scale = 200 / 25.4  # pixels per mm
    page = np.asarray(pypdfium2.PdfDocument(out / "deck.pdf")[0].render(scale=200 / 72).to_pil().convert("L"))
    page = page.astype(float)
    fold, centre = net.scores[1] * scale, (net.left + net.right) / 2 * scale
    rows, cols = round((net.scores[2] - net.scores[1] - 2) * scale), round((net.right - net.left - 2) * scale)
    inset, x0 = round(scale), round(centre - cols / 2)
    front = page[round(fold) + inset : round(fold) + inset + rows, x0 : x0 + cols]
    back = page[round(fold) - inset - rows : round(fold) - inset, x0 : x0 + cols]
    assert front.std() > 20  # the art is there to compare
    assert np.abs(front - back[::-1, ::-1]).mean() < 4
    assert np.abs(front - back).mean() > 20  # and it is no mirror image of itself


def svg_layers(sheet: Path) -> dict[str, ET.Element]:
    root = ET.parse(sheet).getroot()
    return {g.get(f"{INKSCAPE}label"): g for g in root.iter(f"{SVG}g") if g.get(f"{INKSCAPE}groupmode") == "layer"}


Matrix = tuple[float, float, float, float, float, float]


def placed(element: ET.Element, matrix: Matrix = (1, 0, 0, 1, 0, 0)) -> Iterator[tuple[ET.Element, Matrix]]:
    """Every element under `element` with the transform its groups put it under."""
    for child in element:
        own = child.get("transform")
        inner = matrix
        if own:
            a, b, c, d, e, f = (float(v) for v in re.findall(r"-?[\d.]+", own))
            ma, mb, mc, md, me, mf = matrix
            inner = (
                ma * a + mc * b,
                mb * a + md * b,
                ma * c + mc * d,
                mb * c + md * d,
                ma * e + mc * f + me,
                mb * e + md * f + mf,
            )
        yield child, inner
        yield from placed(child, inner)


def on_sheet(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def polylines(layer: ET.Element) -> list[list[tuple[float, float]]]:
    """The points of each polyline in the layer, on the sheet (mm)."""
    out = []
    for element, matrix in placed(layer):
        if element.tag == f"{SVG}polyline":
            pairs = [p.split(",") for p in element.get("points", "").split()]
            out.append([on_sheet(matrix, float(x), float(y)) for x, y in pairs])
    return out


@pytest.mark.parametrize(
    ("header", "width"), [("layout: standee\n", 30.0), ("layout: tall\n", 40.0)], ids=["shipped", "extended"]
)
def test_the_slit_is_half_a_millimetre_longer_than_the_figure_is_wide(starter_deck, tmp_path, header, width):
    items = "  - {title: Ranger, count: 3}\n"
    out = built(standee_game(starter_deck, items, header, tall=TALL), tmp_path / "out")
    (sheet,) = (out / "svg").glob("*.svg")
    slits = polylines(svg_layers(sheet)["slit"])
    assert len(slits) == 3
    for (x0, y0), (x1, y1) in slits:
        assert y0 == pytest.approx(y1) and abs(x1 - x0) == pytest.approx(width + 0.5, abs=0.01)


def test_the_backs_flap_is_a_glue_area_marked_glue_in_the_glue_layer(starter_deck, tmp_path):
    out = built(standee_game(starter_deck, "  - {title: Ranger, count: 2}\n"), tmp_path / "out")
    (sheet,) = (out / "svg").glob("*.svg")
    layers = svg_layers(sheet)
    width, _, flap, _ = SHIPPED
    areas = []
    for element, matrix in placed(layers["glue"]):
        if element.tag == f"{SVG}rect":
            x, y, w, h = (float(element.get(k, "0")) for k in ("x", "y", "width", "height"))
            assert element.get("fill") == "#d9d9d9"
            areas.append((*on_sheet(matrix, x, y), w, h))
    assert len(areas) == 2 and all((w, h) == pytest.approx((width, flap)) for _, _, w, h in areas)
    words = [e.get("aria-label") for e in layers["glue"].iter() if e.get("aria-label")]
    assert words == ["GLUE", "GLUE"]
    assert not any(e.get("aria-label") == "GLUE" for e in layers["art"].iter())
    # Each lies on the net's first fold, above the back panel: no fold across the net above it.
    folds = polylines(layers["score"])
    for x, y, w, h in areas:
        across = [p for p in folds if p[0][0] == pytest.approx(x) and p[1][0] == pytest.approx(x + w)]
        assert len(across) == 3 and min(p[0][1] for p in across) == pytest.approx(y + h)


@pytest.mark.parametrize(
    ("items", "layouts", "place", "said"),
    [
        (RANGER, {"deep": "extends: standee\nparams:\n  flap: 9mm\n"}, "deck/layouts/deep.yaml:3:", "at most half"),
        (RANGER, {"odd": "extends: standee\nparams:\n  slot: 9mm\n"}, "deck/layouts/odd.yaml:3:", "slot"),
        ("  - {art: art/landscape.png}\n", {}, "deck/standees.yaml:4:", "title"),
        ("  - {title: Ranger, count: many}\n", {}, "deck/standees.yaml:4:", "count"),
    ],
    ids=["flap-past-base", "unknown-param", "no-title", "count-not-a-number"],
)
def test_bad_input_is_refused_at_its_place(starter_deck, tmp_path, items, layouts, place, said):
    header = f"layout: {next(iter(layouts), 'standee')}\n"
    result = build(standee_game(starter_deck, items, header, **layouts), tmp_path / "out")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert place in result.output and said in result.output, result.output


def test_a_figure_too_large_for_the_paper_is_told_a_size_that_fits(starter_deck, tmp_path):
    giant = "extends: standee\nsize: {width: 200mm, height: 140mm}\n"
    deck = standee_game(starter_deck, RANGER, "layout: giant\n", giant=giant)
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    found = re.search(r"a figure up to ([\d.]+) mm wide and ([\d.]+) mm tall fits it", result.output)
    assert found, result.output
    width, height = (float(v) for v in found.groups())
    fitting = f"extends: standee\nsize: {{width: {width}mm, height: {height}mm}}\n"
    deck = standee_game(starter_deck, RANGER, "layout: fitting\n", fitting=fitting)
    (net,) = nets_on(only_page(built(deck, tmp_path / "out") / "deck.pdf"))
    assert net.right - net.left == pytest.approx(width, abs=0.1)
    assert net.scores[2] - net.scores[1] == pytest.approx(height, abs=0.1)
