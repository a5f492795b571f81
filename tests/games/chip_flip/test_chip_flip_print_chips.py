"""Chip Flip chips as printed, fold-over and duplex: geometry read back from the PDF
(pdfplumber paths in mm), icons from the SVG sheets (their <use href="#icon-..."> under the
groups' matrices), values from the PDF's characters."""

import math
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pdfplumber
import pytest

from generator.games import load_game
from generator.games.chip_flip.kinds import reads_otherwise_turned
from generator.pipeline import build_game
from generator.project import OutputSettings, PrintSettings, Project
from generator.sheets.options import PrintOptions
from generator.sources.errors import SourceError
from tests.pdf_geometry import PT_MM, score_lines

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "components" / "chip-flip"
RADIUS = 12.0  # components/chip-flip: diameter: 24mm on every chip
TOL = 0.02
SVG = "{http://www.w3.org/2000/svg}"


def make_game(folder: Path, layout: str | None = None, replace: tuple[str, str] | None = None) -> Path:
    """A copy of the shipped chips (no board), optionally with another chip layout or an
    icon name replaced throughout."""
    folder.mkdir(parents=True)
    for name in ("chips.yaml", "numbered-chips.yaml"):
        text = (GAME / name).read_text()
        if layout:
            text = text.replace("layout: chip-flip-chip\n", f"layout: {layout}\n")
        if replace:
            text = text.replace(*replace)
        (folder / name).write_text(text)
    (folder / "game.yaml").write_text("name: Chips\nengine: chip_flip\ncomponents: [chips.yaml, numbered-chips.yaml]\n")
    return folder


def build(folder: Path, out: Path):
    # Each file on sheets of its own: these tests read one kind's sheets (shared sheets:
    # tests/sheets/test_shared_sheets.py).
    printing = PrintSettings(formats=("pdf", "svg"), sheets=PrintOptions(checklist=False, separate=True))
    result = build_game(load_game(folder), Project.find([folder], printing, OutputSettings(out)))
    return result, out / folder.name


def shipped_pairs(kind: str, key: str) -> Counter:
    """(front, back) of every chip of a kind as the sources say, by icon or value."""
    return Counter((item["front"][key], item["back"][key]) for item in load_game(GAME).items(kind))


# --- reading the PDF -------------------------------------------------------------------


def is_cut(curve) -> bool:
    dash = curve.get("dash")
    return (
        curve["stroke"]
        and curve["stroking_color"] in ((0,), (0.0, 0.0, 0.0), (0, 0, 0))
        and abs(curve["linewidth"] - 0.4) < 0.01
        and not (dash and dash[0])
    )


def outline_points(curve) -> tuple[list[tuple[float, float]], list[tuple]]:
    """Points on a path (segment ends, and each Bezier's midpoint) and its straight segments,
    in mm from the top left."""
    points, lines = [], []
    last = start = None
    for op, *args in curve["path"]:
        pts = [(x * PT_MM, y * PT_MM) for x, y in args]
        if op == "m":
            start = pts[0]
        if op == "h":
            lines.append((last, start))
        if op == "c":
            (x1, y1), (x2, y2), (x3, y3) = pts
            x0, y0 = last
            points.append(((x0 + 3 * x1 + 3 * x2 + x3) / 8, (y0 + 3 * y1 + 3 * y2 + y3) / 8))
        if op == "l":
            lines.append((last, pts[-1]))
        if pts:
            points.append(pts[-1])
            last = pts[-1]
    return points, lines


def circle(points: list[tuple[float, float]]) -> tuple[tuple[float, float], float]:
    """The circle through three spread points of the list, checked against all of them."""
    (ax, ay), (bx, by), (cx, cy) = points[0], points[len(points) // 3], points[2 * len(points) // 3]
    d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
    ux = ((ax * ax + ay * ay) * (by - cy) + (bx * bx + by * by) * (cy - ay) + (cx * cx + cy * cy) * (ay - by)) / d
    uy = ((ax * ax + ay * ay) * (cx - bx) + (bx * bx + by * by) * (ax - cx) + (cx * cx + cy * cy) * (bx - ax)) / d
    r = math.dist((ux, uy), (ax, ay))
    assert max(abs(math.dist((ux, uy), p) - r) for p in points) < TOL, "not a circle"
    return (ux, uy), r


def filled_discs(page) -> list[tuple[tuple[float, float], float]]:
    """The chip faces: filled, unstroked circles at least as large as a chip."""
    discs = []
    for c in page.curves:
        if c["fill"] and not c["stroke"] and (c["x1"] - c["x0"]) * PT_MM > 2 * RADIUS - TOL:
            discs.append(circle(outline_points(c)[0]))
    return discs


def distance_to_line(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / math.dist(a, b)


def on_segment(p, a, b) -> bool:
    return distance_to_line(p, a, b) < TOL and math.dist(a, p) + math.dist(p, b) < math.dist(a, b) + TOL


# --- reading the SVG -------------------------------------------------------------------


def _matrix(text: str | None) -> tuple[float, ...]:
    if not text:
        return (1, 0, 0, 1, 0, 0)
    assert text.startswith("matrix(")
    return tuple(float(v) for v in text[7:-1].split())


def _compose(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def svg_icons(path: Path) -> list[tuple[str, float, float, bool]]:
    """Every icon drawn on a sheet: (name, centre x, centre y, upright) in page mm."""
    found = []

    def walk(element, m):
        for child in element:
            if child.tag == f"{SVG}g":
                walk(child, _compose(m, _matrix(child.get("transform"))))
            elif child.tag == f"{SVG}use" and child.get("href", "").startswith("#icon-"):
                x, y, w, h = (float(child.get(k)) for k in ("x", "y", "width", "height"))
                cx, cy = x + w / 2, y + h / 2
                a, b, c, d, e, f = m
                found.append((child.get("href")[6:], a * cx + c * cy + e, b * cx + d * cy + f, a > 0))

    walk(ElementTree.parse(path).getroot(), (1, 0, 0, 1, 0, 0))
    return found


def svg_symbols(path: Path) -> dict[str, str]:
    root = ElementTree.parse(path).getroot()
    return {s.get("id"): ElementTree.tostring(s, encoding="unicode") for s in root.iter(f"{SVG}symbol")}


# --- fixtures ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fold_over(tmp_path_factory):
    result, out = build(make_game(tmp_path_factory.mktemp("src") / "fold"), tmp_path_factory.mktemp("out"))
    assert result.ok, result.findings
    assert [s.title for s in result.sheets] == ["chips", "numbered chips"]
    return out


@pytest.fixture(scope="module")
def duplex(tmp_path_factory):
    folder = make_game(tmp_path_factory.mktemp("src") / "duplex", layout="chip-flip-chip-duplex")
    result, out = build(folder, tmp_path_factory.mktemp("out"))
    assert result.ok, result.findings
    assert [s.title for s in result.sheets] == ["chips", "chips, backs", "numbered chips", "numbered chips, backs"]
    return out


def pdf_pages(out: Path):
    return pdfplumber.open(out / f"{out.name}.pdf")


# --- fold-over -------------------------------------------------------------------------


def fold_over_chips(page):
    """Per chip: its two circles (centre, radius) either side of its score line, the score
    line, and the outline's straight segments."""
    scores = score_lines(page)
    chips = []
    for curve in page.curves:
        if not is_cut(curve):
            continue
        points, lines = outline_points(curve)
        if not lines:
            continue
        x0, y0, x1, y1 = (curve[k] * PT_MM for k in ("x0", "top", "x1", "bottom"))
        mine = [s for s in scores if x0 < (s.x0 + s.x1) / 2 < x1 and y0 < (s.y0 + s.y1) / 2 < y1]
        assert len(mine) == 1, "one score line on each fold-over chip"
        score = mine[0]
        a, b = (score.x0, score.y0), (score.x1, score.y1)
        side = [((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) for p in points]
        one = [p for p, s in zip(points, side, strict=True) if s > 0]
        other = [p for p, s in zip(points, side, strict=True) if s < 0]
        chips.append((circle(one), circle(other), score, lines))
    return chips


def test_fold_over_chips_two_equal_circles_touching_the_score_line_at_its_middle(fold_over):
    with pdf_pages(fold_over) as pdf:
        for page, count in zip(pdf.pages, (16, 16), strict=True):
            chips = fold_over_chips(page)
            assert len(chips) == count
            for (c1, r1), (c2, r2), score, lines in chips:
                assert r1 == pytest.approx(RADIUS, abs=TOL) and r2 == pytest.approx(RADIUS, abs=TOL)
                middle = ((score.x0 + score.x1) / 2, (score.y0 + score.y1) / 2)
                a, b = (score.x0, score.y0), (score.x1, score.y1)
                for centre in (c1, c2):
                    assert math.dist(centre, middle) == pytest.approx(RADIUS, abs=TOL)
                    assert distance_to_line(centre, a, b) == pytest.approx(RADIUS, abs=TOL)
                between = (c2[0] - c1[0], c2[1] - c1[1])
                along = (b[0] - a[0], b[1] - a[1])
                cosine = (between[0] * along[0] + between[1] * along[1]) / (math.hypot(*between) * math.hypot(*along))
                assert abs(cosine) < 1e-3
                # the score line spans the hinge: its ends lie on the outline's straight edges
                for end in (a, b):
                    assert any(on_segment(end, p, q) for p, q in lines), end


def test_fold_over_sides_show_front_upright_and_back_turned_to_meet_it(fold_over):
    icons = svg_icons(fold_over / "svg" / f"{fold_over.name}-sheet-01.svg")
    upright = [i for i in icons if i[3]]
    turned = [i for i in icons if not i[3]]
    assert len(upright) == len(turned) == 16
    pairs = Counter()
    for name, x, y, _ in upright:
        below = [t for t in turned if abs(t[1] - x) < TOL and abs(t[2] - y - 2 * RADIUS) < TOL]
        assert len(below) == 1, (name, x, y)
        pairs[(name, below[0][0])] += 1
    assert pairs == shipped_pairs("chip", "icon") == Counter({("flowers", "shoes"): 8, ("shoes", "flowers"): 8})


def disc_values(page, discs) -> list[tuple[str, bool]]:
    """The digits printed inside each disc, read in their own direction, and whether they
    stand upright."""
    out = []
    for (cx, cy), r in discs:
        chars = [
            c
            for c in page.chars
            if c["text"].isdigit()
            and math.dist(((c["x0"] + c["x1"]) / 2 * PT_MM, (c["top"] + c["bottom"]) / 2 * PT_MM), (cx, cy)) < r
        ]
        assert chars, (cx, cy)
        upright = {c["matrix"][0] > 0 for c in chars}
        assert len(upright) == 1, "every digit of a value faces the same way"
        up = upright.pop()
        text = "".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"], reverse=not up))
        out.append((text, up))
    return out


def test_fold_over_numbered_chips_show_both_values(fold_over):
    with pdf_pages(fold_over) as pdf:
        page = pdf.pages[1]
        pairs = Counter()
        for (c1, r1), (c2, r2), _, _ in fold_over_chips(page):
            (v1, up1), (v2, up2) = disc_values(page, [(c1, r1), (c2, r2)])
            assert up1 != up2, "one side upright, the other turned to read upright when folded"
            front, back = (v1, v2) if up1 else (v2, v1)
            pairs[(int(front), int(back))] += 1
    assert pairs == shipped_pairs("numbered-chip", "value")


# --- duplex ----------------------------------------------------------------------------


def mirrored(point, width: float, height: float) -> tuple[float, float]:
    """Where a point of a fronts sheet lands on the backs sheet printed with a long-edge flip:
    a portrait sheet turns over its long (vertical) side, a landscape one over its top."""
    x, y = point
    return (width - x, y) if height > width else (x, height - y)


def test_duplex_backs_discs_at_the_mirrored_places_of_the_fronts(duplex):
    with pdf_pages(duplex) as pdf:
        for fronts, backs in zip(pdf.pages[::2], pdf.pages[1::2], strict=True):
            width, height = float(fronts.width) * PT_MM, float(fronts.height) * PT_MM
            front_discs, back_discs = filled_discs(fronts), filled_discs(backs)
            assert len(front_discs) == len(back_discs) == 16
            cuts = [circle(outline_points(c)[0]) for c in fronts.curves if is_cut(c)]
            assert len(cuts) == 16
            for centre, r in cuts:
                assert r == pytest.approx(RADIUS, abs=TOL)
                assert any(math.dist(centre, c) < TOL and rf > r for c, rf in front_discs), (
                    "the face colour runs past the cut circle"
                )
            for centre, r in front_discs:
                target = mirrored(centre, width, height)
                match = [c for c, rb in back_discs if math.dist(c, target) <= 0.1 and abs(rb - r) < TOL]
                assert len(match) == 1, centre


def test_duplex_numbered_chips_values_on_both_faces(duplex):
    with pdf_pages(duplex) as pdf:
        fronts, backs = pdf.pages[2], pdf.pages[3]
        width, height = float(fronts.width) * PT_MM, float(fronts.height) * PT_MM
        pairs = Counter()
        for centre, r in filled_discs(fronts):
            back = [(c, rb) for c, rb in filled_discs(backs) if math.dist(c, mirrored(centre, width, height)) < 0.1]
            [(front_value, up)] = disc_values(fronts, [(centre, r)])
            [(back_value, back_up)] = disc_values(backs, back)
            assert up and back_up
            pairs[(int(front_value), int(back_value))] += 1
    assert pairs == shipped_pairs("numbered-chip", "value")


def test_duplex_icons_back_to_back(duplex):
    fronts = svg_icons(duplex / "svg" / f"{duplex.name}-sheet-01.svg")
    backs = svg_icons(duplex / "svg" / f"{duplex.name}-sheet-02.svg")
    with pdf_pages(duplex) as pdf:
        width, height = float(pdf.pages[0].width) * PT_MM, float(pdf.pages[0].height) * PT_MM
    pairs = Counter()
    for name, x, y, up in fronts:
        tx, ty = mirrored((x, y), width, height)
        match = [b for b in backs if abs(b[1] - tx) < TOL and abs(b[2] - ty) < TOL]
        assert up and len(match) == 1
        pairs[(name, match[0][0])] += 1
    assert pairs == shipped_pairs("chip", "icon")


# --- icons -------------------------------------------------------------------------------


def test_every_built_in_icon_draws(tmp_path):
    from generator.games.chip_flip.icons import BUILTIN_ICONS

    icons = sorted(BUILTIN_ICONS)
    assert len(icons) % 2 == 0
    folder = make_game(tmp_path / "all")
    lines = ["kind: chip", "layout: chip-flip-chip", "items:"]
    for a, b in zip(icons[::2], icons[1::2], strict=True):
        lines.append(f"  - {{owner: south, square: a1, diameter: 24mm, front: {{icon: {a}}}, back: {{icon: {b}}}}}")
    (folder / "chips.yaml").write_text("\n".join(lines) + "\n")
    (folder / "game.yaml").write_text("name: Icons\nengine: chip_flip\ncomponents: [chips.yaml]\n")
    result, out = build(folder, tmp_path / "out")
    assert result.ok, result.findings
    sheet = out / "svg" / f"{folder.name}-sheet-01.svg"
    assert sorted(name for name, *_ in svg_icons(sheet)) == icons
    symbols = svg_symbols(sheet)
    for name in icons:
        body = symbols[f"icon-{name}"]
        assert 'viewBox="0 0 100 100"' in body and "<text" not in body and "href" not in body


BOOTS = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    '<rect x="20" y="20" width="60" height="60" fill="#123456"/></svg>\n'
)


def test_a_user_svg_in_the_game_folder_is_drawn(tmp_path):
    folder = make_game(tmp_path / "boots", replace=("icon: shoes", "icon: icons/boots.svg"))
    (folder / "icons").mkdir()
    (folder / "icons" / "boots.svg").write_text(BOOTS)
    result, out = build(folder, tmp_path / "out")
    assert result.ok, result.findings
    sheet = out / "svg" / f"{folder.name}-sheet-01.svg"
    assert Counter(name for name, *_ in svg_icons(sheet)) == Counter({"flowers": 16, "boots": 16})
    assert "#123456" in svg_symbols(sheet)["icon-boots"]
    with pdf_pages(out) as pdf:
        colour = pytest.approx((0x12 / 255, 0x34 / 255, 0x56 / 255), abs=0.005)
        boots = [r for r in pdf.pages[0].rects if r["fill"] and r["non_stroking_color"] == colour]
    assert len(boots) == 16


@pytest.mark.parametrize("icon", ["unicorns", "art/boots.svg", "icons/missing.svg"])
def test_an_icon_with_nothing_to_draw_is_a_finding_at_its_line(tmp_path, icon):
    folder = make_game(tmp_path / "bad")
    (folder / "art").mkdir()
    (folder / "art" / "boots.svg").write_text(BOOTS)
    chips = folder / "chips.yaml"
    lines = chips.read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "square: h8" in text)
    lines[line - 1] = lines[line - 1].replace("front: {icon: shoes}", f"front: {{icon: {icon}}}")
    chips.write_text("\n".join(lines) + "\n")
    result, out = build(folder, tmp_path / "out")
    assert not result.ok
    assert not (out / f"{folder.name}.pdf").exists()
    findings = [f for f in result.findings if f.code == "L002"]
    assert len(findings) == 8  # every North chip takes its front from the anchored first one
    for finding in findings:
        assert finding.loc.file.endswith("chips.yaml") and finding.loc.line == line
        assert icon in finding.message


# --- values ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ambiguous"),
    [
        ("6", True),
        ("9", True),
        ("16", True),
        ("68", True),
        ("8", False),
        ("11", False),
        ("10", False),
        ("7", False),
        ("69", False),
        ("88", False),
    ],
)
def test_values_that_read_as_others_upside_down(text, ambiguous):
    assert reads_otherwise_turned(text) is ambiguous


def test_six_and_nine_are_underlined(duplex):
    with pdf_pages(duplex) as pdf:
        for page in pdf.pages[2:]:
            bars = [ln for ln in page.lines if ln["linewidth"] * PT_MM > 0.5 and abs(ln["top"] - ln["bottom"]) < 0.01]
            for centre, r in filled_discs(page):
                [(value, _)] = disc_values(page, [(centre, r)])
                under = [b for b in bars if math.dist(((b["x0"] + b["x1"]) / 2 * PT_MM, b["top"] * PT_MM), centre) < r]
                assert len(under) == (1 if value in ("6", "9") else 0), value


def test_a_value_too_long_for_the_chip_is_an_overflow_at_its_line(tmp_path):
    folder = make_game(tmp_path / "long", replace=("value: 11}", "value: 1000000000000000}"))
    result, _ = build(folder, tmp_path / "out")
    overflows = [f for f in result.findings if f.code == "L001"]
    lines = [
        n
        for n, text in enumerate((folder / "numbered-chips.yaml").read_text().splitlines(), 1)
        if "1000000000000000" in text
    ]
    assert len(overflows) == len(lines) == 2
    assert sorted(f.loc.line for f in overflows) == lines


def test_a_chip_without_size_is_a_source_error_at_its_diameter(tmp_path):
    folder = make_game(tmp_path / "flat", replace=("diameter: 24mm, square: h8", "diameter: 0mm, square: h8"))
    line = next(n for n, text in enumerate((folder / "chips.yaml").read_text().splitlines(), 1) if "0mm" in text)
    with pytest.raises(SourceError) as caught:
        build(folder, tmp_path / "out")
    assert caught.value.loc.line == line and "diameter" in str(caught.value)
